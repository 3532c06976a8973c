//! The JSON a schema is made of: a small tree and its writer. The crate
//! reads JSON with its own parser and writes `.tf.json` with an encoder
//! that escapes `${` (HCL's JSON strings are templates); a schema is plain
//! JSON, so it has this writer of its own (its strings escaped as every
//! JSON writer of the crate escapes them).

use std::fmt::{self, Write};

use crate::json::write_string;

/// A JSON value, with object properties in the order they were built.
/// `Display` writes it compactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Json {
    Bool(bool),
    Int(i128),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// A string.
    pub(crate) fn str(s: impl Into<String>) -> Json {
        Json::Str(s.into())
    }

    /// An object of these properties.
    pub(crate) fn object<const N: usize>(props: [(&str, Json); N]) -> Json {
        Json::Object(props.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// An array of strings.
    pub(crate) fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> Json {
        Json::Array(items.into_iter().map(Json::str).collect())
    }

    /// Adds a property to an object (nothing for other values).
    pub(crate) fn push(&mut self, key: &str, value: Json) {
        if let Json::Object(props) = self {
            props.push((key.to_string(), value));
        }
    }

    /// Puts a property first in an object (nothing for other values).
    pub(crate) fn push_front(&mut self, key: &str, value: Json) {
        if let Json::Object(props) = self {
            props.insert(0, (key.to_string(), value));
        }
    }

    /// Writes the value, laid out with two-space indentation when
    /// `indent` is given (the current depth), compactly otherwise.
    pub(crate) fn write(&self, out: &mut impl Write, indent: Option<usize>) -> fmt::Result {
        match self {
            Json::Bool(b) => out.write_str(if *b { "true" } else { "false" }),
            Json::Int(n) => write!(out, "{n}"),
            Json::Str(s) => write_string(out, s),
            // A list of scalars (`"type": ["string", "number"]`, an
            // `enum`, a `required` list) reads best on one line.
            Json::Array(items)
                if indent.is_some()
                    && items
                        .iter()
                        .all(|i| !matches!(i, Json::Array(_) | Json::Object(_))) =>
            {
                out.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    item.write(out, None)?;
                }
                out.write_char(']')
            }
            Json::Array(items) => write_items(out, indent, '[', ']', items, |out, item, indent| {
                item.write(out, indent)
            }),
            Json::Object(props) => {
                write_items(out, indent, '{', '}', props, |out, (k, v), indent| {
                    write_string(out, k)?;
                    out.write_str(if indent.is_some() { ": " } else { ":" })?;
                    v.write(out, indent)
                })
            }
        }
    }
}

/// The elements of an array or the properties of an object, between
/// `open` and `close`.
fn write_items<W: Write, T>(
    out: &mut W,
    indent: Option<usize>,
    open: char,
    close: char,
    items: &[T],
    write_one: impl Fn(&mut W, &T, Option<usize>) -> fmt::Result,
) -> fmt::Result {
    out.write_char(open)?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        if let Some(depth) = indent {
            newline(out, depth + 1)?;
        }
        write_one(out, item, indent.map(|d| d + 1))?;
    }
    if let (Some(depth), false) = (indent, items.is_empty()) {
        newline(out, depth)?;
    }
    out.write_char(close)
}

fn newline(out: &mut impl Write, depth: usize) -> fmt::Result {
    out.write_char('\n')?;
    for _ in 0..depth {
        out.write_str("  ")?;
    }
    Ok(())
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    fn compact(j: &Json) -> String {
        let mut s = String::new();
        j.write(&mut s, None).unwrap();
        s
    }

    #[test]
    fn strings_escape_quotes_backslashes_and_control_characters_only() {
        let j = Json::str("a\"b\\c\nd\u{1}é ${x}");
        assert_eq!(compact(&j), r#""a\"b\\c\nd\u0001é ${x}""#);
    }

    #[test]
    fn pretty_layout_indents_by_two_and_keeps_scalar_lists_on_one_line() {
        let j = Json::object([
            ("a", Json::Array(vec![Json::Int(-1), Json::Bool(true)])),
            ("b", Json::Object(Vec::new())),
            ("d", Json::Array(vec![Json::Object(Vec::new())])),
            ("c", Json::Array(Vec::new())),
        ]);
        let mut s = String::new();
        j.write(&mut s, Some(0)).unwrap();
        assert_eq!(
            s,
            "{\n  \"a\": [-1, true],\n  \"b\": {},\n  \"d\": [\n    {}\n  ],\n  \"c\": []\n}"
        );
        assert_eq!(compact(&j), r#"{"a":[-1,true],"b":{},"d":[{}],"c":[]}"#);
    }
}
