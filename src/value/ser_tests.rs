//! Unit tests of serializing values and Rust values to values and to JSON.

use super::*;
use serde::Serialize;

fn num(s: &str) -> Value {
    Value::Number(Number::parse(s).unwrap())
}

#[derive(Serialize)]
struct Server {
    name: String,
    port: u16,
    tags: Vec<String>,
    backup: Option<String>,
    mode: Mode,
}

#[derive(Serialize)]
enum Mode {
    Fast,
    #[allow(dead_code)]
    Slow(u8),
}

#[test]
fn struct_becomes_object_in_field_order() {
    let v = to_value(&Server {
        name: "web".into(),
        port: 8080,
        tags: vec!["a".into()],
        backup: None,
        mode: Mode::Fast,
    })
    .unwrap();
    assert_eq!(
        v,
        Value::object([
            ("name", Value::from("web")),
            ("port", num("8080")),
            ("tags", Value::tuple([Value::from("a")])),
            ("backup", Value::Null(Type::Dynamic)),
            ("mode", Value::from("Fast")),
        ])
    );
    let keys: Vec<&str> = v.as_entries().unwrap().keys().map(Str::as_str).collect();
    assert_eq!(keys, ["name", "port", "tags", "backup", "mode"]);
}

#[test]
fn enums_are_externally_tagged() {
    assert_eq!(
        to_value(&Mode::Slow(3)).unwrap(),
        Value::object([("Slow", num("3"))])
    );
}

#[test]
fn map_keys_become_strings() {
    let m: std::collections::BTreeMap<u32, bool> = [(1, true)].into();
    assert_eq!(
        to_value(&m).unwrap(),
        Value::object([("1", Value::Bool(true))])
    );
}

#[test]
fn nan_is_an_error_and_floats_keep_shortest_digits() {
    assert!(to_value(&f64::NAN).is_err());
    assert_eq!(to_value(&0.1f64).unwrap(), num("0.1"));
    assert_eq!(to_value(&0.1f32).unwrap(), num("0.1"));
    assert_eq!(
        to_value(&f64::INFINITY).unwrap(),
        Value::Number(Number::INFINITY)
    );
}

#[test]
fn value_passes_through_to_value_unchanged() {
    let v = Value::object([
        ("s", Value::set(Type::Number, [num("1")]).unwrap()),
        ("u", Value::unknown(Type::String)),
        ("n", Value::null(Type::list(Type::Bool))),
    ]);
    assert_eq!(to_value(&v).unwrap(), v);
    #[derive(Serialize)]
    struct Holder {
        v: Value,
    }
    let h = to_value(&Holder { v: v.clone() }).unwrap();
    assert_eq!(h.get_attr("v"), Some(&v));
}

#[test]
fn numbers_serialize_least_lossy_to_json() {
    let third = Number::ONE.checked_div(&Number::from(3)).unwrap();
    assert_eq!(serde_json::to_string(&Number::from(80)).unwrap(), "80");
    assert_eq!(
        serde_json::to_string(&Number::parse("0.5").unwrap()).unwrap(),
        "0.5"
    );
    assert_eq!(
        serde_json::to_string(&Number::parse("18446744073709551615").unwrap()).unwrap(),
        "18446744073709551615"
    );
    assert_eq!(
        serde_json::to_string(&third).unwrap(),
        format!("\"0.{}\"", "3".repeat(100))
    );
    assert_eq!(to_value(&third).unwrap(), Value::Number(third));
}

#[test]
fn values_serialize_to_plain_json() {
    let v = Value::object([
        ("a", Value::list(Type::Number, [num("1.5")]).unwrap()),
        ("b", Value::null(Type::String)),
    ]);
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"{"a":[1.5],"b":null}"#
    );
    assert!(serde_json::to_string(&Value::dynamic()).is_err());
}
