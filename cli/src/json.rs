//! JSON output the way `hcldec` writes it: cty's JSON encoding of values
//! and types, Go's `encoding/json` string escaping, its compact and
//! indented layouts, and the stripping of null object properties.

use hcl_json::{Type, Value};

/// A JSON document, object members in the order they are to be written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    /// A number as its exact text.
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Why a value has no JSON form (cty's messages).
#[derive(Debug)]
pub(crate) struct Unserializable(pub String);

/// cty's `json.Marshal(value, type)`: object attributes and map keys
/// sorted; with `with_type`, the value wrapped as `{"value":..,"type":..}`
/// as cty writes a value of the dynamic type.
pub(crate) fn value_json(value: &Value, with_type: bool) -> Result<Json, Unserializable> {
    let inner = marshal(value)?;
    if !with_type {
        return Ok(inner);
    }
    Ok(Json::Object(vec![
        ("value".into(), inner),
        ("type".into(), type_json(&value.ty())),
    ]))
}

fn marshal(value: &Value) -> Result<Json, Unserializable> {
    Ok(match value {
        // Marks are not data: the value under them.
        Value::Marked(m) => marshal(m.value())?,
        Value::Null(_) => Json::Null,
        Value::Unknown(_) => return Err(Unserializable("value is not known".into())),
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => {
            if n.is_infinite() {
                return Err(Unserializable("cannot serialize infinity as JSON".into()));
            }
            Json::Number(n.to_string())
        }
        Value::String(s) => Json::String(s.to_string()),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            Json::Array(items.iter().map(marshal).collect::<Result<_, _>>()?)
        }
        Value::Map(_, entries) | Value::Object(entries) => {
            let mut members = entries
                .iter()
                .map(|(k, v)| Ok((k.to_string(), marshal(v)?)))
                .collect::<Result<Vec<_>, Unserializable>>()?;
            members.sort_by(|a, b| a.0.cmp(&b.0));
            Json::Object(members)
        }
    })
}

/// cty's JSON notation of a type: `"string"`, `["list","number"]`,
/// `["object",{"a":"bool"}]`, `"dynamic"`.
pub(crate) fn type_json(ty: &Type) -> Json {
    let pair = |kind: &str, inner: Json| Json::Array(vec![Json::String(kind.into()), inner]);
    match ty {
        Type::String => Json::String("string".into()),
        Type::Number => Json::String("number".into()),
        Type::Bool => Json::String("bool".into()),
        Type::Dynamic => Json::String("dynamic".into()),
        Type::List(t) => pair("list", type_json(t)),
        Type::Set(t) => pair("set", type_json(t)),
        Type::Map(t) => pair("map", type_json(t)),
        Type::Tuple(elems) => pair("tuple", Json::Array(elems.iter().map(type_json).collect())),
        Type::Object(attrs) => pair(
            "object",
            Json::Object(
                attrs
                    .iter()
                    .map(|(k, t)| (k.clone(), type_json(t)))
                    .collect(),
            ),
        ),
    }
}

/// `hcldec`'s null stripping: object properties whose value is null go,
/// at every depth (array elements stay), and every object's keys come out
/// sorted (the document is re-encoded from a Go map).
pub(crate) fn strip_nulls(json: Json) -> Json {
    match json {
        Json::Array(items) => Json::Array(items.into_iter().map(strip_nulls).collect()),
        Json::Object(members) => {
            let mut kept: Vec<(String, Json)> = members
                .into_iter()
                .filter(|(_, v)| *v != Json::Null)
                .map(|(k, v)| (k, strip_nulls(v)))
                .collect();
            kept.sort_by(|a, b| a.0.cmp(&b.0));
            Json::Object(kept)
        }
        other => other,
    }
}

impl Json {
    /// On one line, no spaces (Go's `json.Marshal`).
    pub(crate) fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// Indented by two spaces per level (Go's `json.MarshalIndent(v, "", "  ")`).
    pub(crate) fn indented(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some("  "), 0);
        out
    }

    fn write(&self, out: &mut String, indent: Option<&str>, depth: usize) {
        let newline = |out: &mut String, depth: usize| {
            if let Some(unit) = indent {
                out.push('\n');
                for _ in 0..depth {
                    out.push_str(unit);
                }
            }
        };
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(n),
            Json::String(s) => write_string(out, s),
            Json::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    item.write(out, indent, depth + 1);
                }
                if !items.is_empty() {
                    newline(out, depth);
                }
                out.push(']');
            }
            Json::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    write_string(out, k);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    v.write(out, indent, depth + 1);
                }
                if !members.is_empty() {
                    newline(out, depth);
                }
                out.push('}');
            }
        }
    }
}

/// A JSON string as Go's `encoding/json` writes it: HTML-sensitive
/// characters and the JavaScript line separators escaped too.
fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_like_go() {
        let j = Json::String("a<b>&\"\\\n\u{1}\u{2028}é".into());
        assert_eq!(j.compact(), r#""a\u003cb\u003e\u0026\"\\\n\u0001\u2028é""#);
    }

    #[test]
    fn stripping_drops_null_properties_at_every_depth_and_sorts_keys() {
        let j = Json::Object(vec![
            (
                "b".into(),
                Json::Array(vec![Json::Null, Json::Number("1".into())]),
            ),
            ("a".into(), Json::Object(vec![("k".into(), Json::Null)])),
            ("c".into(), Json::Null),
        ]);
        assert_eq!(strip_nulls(j).compact(), r#"{"a":{},"b":[null,1]}"#);
    }

    #[test]
    fn indented_layout_matches_marshal_indent() {
        let j = Json::Object(vec![
            ("a".into(), Json::Array(vec![])),
            ("b".into(), Json::Array(vec![Json::Bool(true)])),
        ]);
        assert_eq!(
            j.indented(),
            "{\n  \"a\": [],\n  \"b\": [\n    true\n  ]\n}"
        );
    }

    #[test]
    fn with_type_wraps_value_and_type() {
        let v = Value::object([("n", Value::from(1))]);
        assert_eq!(
            value_json(&v, true).unwrap().compact(),
            r#"{"value":{"n":1},"type":["object",{"n":"number"}]}"#
        );
    }
}
