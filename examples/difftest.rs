//! Differential-testing harness, our side of `tools/difftest/difftest.sh`.
//!
//! Evaluates every root attribute of a JSON file with the same default
//! context as the Go reference's `hclbench printeach` and prints one JSON
//! object with sorted keys: `{"attr": {"value": V, "type": KIND}}` or
//! `{"attr": {"error": SUMMARY}}` (V is cty JSON, numbers as exact decimal
//! JSON numbers; KIND the top-level type kind; SUMMARY the first error
//! diagnostic's summary). With `DIFFTEST_DETAIL=1` an error is
//! `"SUMMARY | DETAIL"`, for `tools/difftest/details.py`.
//!
//! ```sh
//! cargo run --example difftest -- FILE.json
//! ```
//!
//! A development aid: the script that compares it with Go needs Go, the
//! crate's tests do not.

use hcl_json::{stdlib, EvalContext, Severity, Type, Value};

fn default_context() -> EvalContext {
    let s = |v: &str| Value::from(v);
    let n = |v: i64| Value::from(v);
    let obj = |pairs: Vec<(&str, Value)>| Value::object(pairs);
    // `hclbench`'s functions are go-cty's: `hasindex`, `int` and `strlen`
    // too.
    EvalContext::new()
        .with_stdlib()
        .with_functions(stdlib::cty_functions())
        .with_variable("name", "world")
        .with_variable("a", 1i64)
        .with_variable("b", 2i64)
        .with_variable("n", 3i64)
        .with_variable(
            "pi",
            Value::Number("3.14159".parse().expect("a valid number")),
        )
        .with_variable("enabled", true)
        .with_variable("env", "prod")
        .with_variable("region", "us-east-1")
        .with_variable(
            "items",
            Value::list(Type::String, [s("a"), s("b"), s("c")]).expect("a list of strings"),
        )
        .with_variable("nums", Value::tuple([n(1), n(2), n(3), n(4)]))
        .with_variable(
            "tags",
            Value::map(Type::String, [("env", s("prod")), ("team", s("core"))])
                .expect("a map of strings"),
        )
        .with_variable(
            "objs",
            Value::tuple([
                obj(vec![("id", s("x1")), ("size", n(10))]),
                obj(vec![("id", s("x2")), ("size", n(20))]),
            ]),
        )
        .with_variable(
            "var",
            obj(vec![
                ("name", s("world")),
                ("region", s("us-east-1")),
                ("count", n(3)),
            ]),
        )
}

fn kind(ty: &Type) -> &'static str {
    match ty {
        Type::String => "string",
        Type::Number => "number",
        Type::Bool => "bool",
        Type::List(_) => "list",
        Type::Map(_) => "map",
        Type::Set(_) => "set",
        Type::Object(_) => "object",
        Type::Tuple(_) => "tuple",
        Type::Dynamic => "dynamic",
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialize")
}

/// cty JSON of a wholly known value; `Err` names why it cannot be printed.
fn write_value(v: &Value, out: &mut String) -> Result<(), String> {
    match v {
        // Marks are not data: the value under them.
        Value::Marked(m) => write_value(m.value(), out)?,
        Value::Null(_) => out.push_str("null"),
        Value::Unknown(_) => return Err("unknown value".into()),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if n.is_infinite() {
                return Err("cannot encode result: cannot serialize infinity as JSON".into());
            }
            out.push_str(&n.to_string());
        }
        Value::String(s) => out.push_str(&json_string(s.as_ref())),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(item, out)?;
            }
            out.push(']');
        }
        Value::Map(_, entries) | Value::Object(entries) => {
            let mut keys: Vec<&str> = entries.keys().map(hcl_json::value::Str::as_str).collect();
            keys.sort_unstable();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&json_string(k));
                out.push(':');
                write_value(&entries[k], out)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

fn error_json(summary: &str) -> String {
    format!("{{\"error\": {}}}", json_string(summary))
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: difftest FILE.json");
    let src = std::fs::read_to_string(&path).expect("readable file");
    let file = match hcl_json::parse(&src, &path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let attrs = match file.body().just_attributes() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let ctx = default_context();
    let with_detail = std::env::var_os("DIFFTEST_DETAIL").is_some();
    let mut names: Vec<&String> = attrs.keys().collect();
    names.sort();
    let mut out = String::from("{");
    for (i, name) in names.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('\n');
        out.push_str(&json_string(name));
        out.push_str(": ");
        let result = attrs[name].expr.value(&ctx);
        let rendered = match result {
            Err(e) => {
                let summary = e
                    .diagnostics()
                    .iter()
                    .find(|d| d.severity == Severity::Error)
                    .map(|d| {
                        if with_detail {
                            format!("{} | {}", d.summary, d.detail)
                        } else {
                            d.summary.clone()
                        }
                    })
                    .unwrap_or_default();
                error_json(&summary)
            }
            Ok(v) => {
                let mut text = String::new();
                match write_value(&v, &mut text) {
                    Ok(()) => format!(
                        "{{\"value\": {text}, \"type\": {}}}",
                        json_string(kind(&v.ty()))
                    ),
                    Err(e) => error_json(&e),
                }
            }
        };
        out.push_str(&rendered);
    }
    out.push_str("\n}");
    println!("{out}");
}
