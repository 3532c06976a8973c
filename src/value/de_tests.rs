//! Unit tests of deserializing Rust values from values, and values from other
//! formats.

use super::*;
use rust_decimal::Decimal;
use std::collections::{BTreeMap, HashMap};

fn num(s: &str) -> Value {
    Value::Number(Number::parse(s).unwrap())
}

fn detail<T: std::fmt::Debug>(r: Result<T, Error>) -> String {
    r.unwrap_err().diagnostics()[0].detail.clone()
}

#[derive(Debug, PartialEq, serde::Deserialize)]
struct Listener {
    port: u16,
    host: Option<String>,
    tags: Vec<String>,
    enabled: bool,
}

#[test]
fn struct_reads_from_object_with_conversions() {
    let v = Value::object([
        ("port", Value::from("8080")),
        ("host", Value::null(Type::String)),
        (
            "tags",
            Value::set(Type::String, [Value::from("b"), Value::from("a")]).unwrap(),
        ),
        ("enabled", Value::from("true")),
    ]);
    let l: Listener = from_value(v).unwrap();
    assert_eq!(
        l,
        Listener {
            port: 8080,
            host: None,
            tags: vec!["a".into(), "b".into()],
            enabled: true
        }
    );
}

#[test]
fn integers_are_range_checked() {
    assert_eq!(
        detail(from_value::<u8>(num("300"))),
        "Unsuitable value: a number between 0 and 255 is required, but found 300."
    );
    assert_eq!(
        detail(from_value::<u32>(num("-1"))),
        "Unsuitable value: a number between 0 and 4294967295 is required, but found -1."
    );
    assert_eq!(from_value::<i128>(num("-1e30")).unwrap(), -(10i128.pow(30)));
    assert_eq!(
        from_value::<u64>(num("18446744073709551615")).unwrap(),
        u64::MAX
    );
}

#[test]
fn integers_must_be_whole() {
    assert_eq!(
        detail(from_value::<i32>(num("1.5"))),
        "Unsuitable value: a whole number is required, but found 1.5."
    );
    assert_eq!(from_value::<i32>(num("2.000")).unwrap(), 2);
}

#[test]
#[allow(clippy::float_cmp)] // 0.25 is exact in binary
fn string_is_read_as_number_when_number_is_wanted() {
    assert_eq!(from_value::<u16>(Value::from("8080")).unwrap(), 8080);
    assert_eq!(from_value::<f64>(Value::from("0.25")).unwrap(), 0.25);
    assert_eq!(
        detail(from_value::<u16>(Value::from("80 80"))),
        "Unsuitable value: a number is required, but found the string \"80 80\"."
    );
}

#[test]
fn numbers_and_bools_read_as_strings() {
    assert_eq!(from_value::<String>(num("1e3")).unwrap(), "1000");
    assert_eq!(from_value::<String>(Value::Bool(false)).unwrap(), "false");
}

#[test]
fn unknown_values_are_an_error() {
    let e = from_value::<u16>(Value::unknown(Type::Number)).unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Unknown value");
    let e = from_value::<Option<String>>(Value::dynamic()).unwrap_err();
    assert_eq!(e.diagnostics()[0].summary, "Unknown value");
    assert_eq!(
        e.diagnostics()[0].kind,
        crate::diag::DiagnosticKind::UnknownValue
    );
}

#[test]
fn null_reads_as_none() {
    assert_eq!(
        from_value::<Option<u8>>(Value::null(Type::Number)).unwrap(),
        None
    );
    assert_eq!(from_value::<Option<u8>>(num("3")).unwrap(), Some(3));
    assert_eq!(
        detail(from_value::<u8>(Value::null(Type::Number))),
        "Unsuitable value: a number is required, but found null."
    );
}

#[test]
fn number_reads_exactly() {
    let big = Number::parse("123456789012345678901234567890.123456789").unwrap();
    assert_eq!(
        from_value::<Number>(Value::Number(big.clone())).unwrap(),
        big
    );
    assert_eq!(
        from_value::<Number>(Value::from("1.5")).unwrap(),
        Number::parse("1.5").unwrap()
    );
}

#[test]
fn decimal_reads_from_number_value() {
    let d: Decimal = from_value(num("1.2345678901234567890123456789")).unwrap();
    assert_eq!(d.to_string(), "1.2345678901234567890123456789");
    let d: Decimal = from_value(num("0.1")).unwrap();
    assert_eq!(d.to_string(), "0.1");
    let d: Decimal = from_value(num("42")).unwrap();
    assert_eq!(d, Decimal::from(42));
}

#[test]
fn value_reads_itself_unchanged() {
    let v = Value::object([
        ("s", Value::set(Type::Number, [num("1")]).unwrap()),
        ("u", Value::unknown(Type::String)),
        ("n", Value::null(Type::list(Type::Bool))),
    ]);
    assert_eq!(from_value::<Value>(v.clone()).unwrap(), v);
    #[derive(serde::Deserialize)]
    struct Holder {
        v: Option<Value>,
    }
    let h: Holder = from_value(Value::object([("v", v.clone())])).unwrap();
    assert_eq!(h.v, Some(v));
}

#[test]
fn value_deserializes_from_json() {
    let v: Value = serde_json::from_str(r#"{"a":[1,"x",true,null],"b":0.1}"#).unwrap();
    assert_eq!(
        v,
        Value::object([
            (
                "a",
                Value::tuple([
                    num("1"),
                    Value::from("x"),
                    Value::Bool(true),
                    Value::null(Type::Dynamic)
                ])
            ),
            ("b", num("0.1")),
        ])
    );
    let n: Number = serde_json::from_str("\"0.33333333333333333333333333333333\"").unwrap();
    assert_eq!(n.to_string(), "0.33333333333333333333333333333333");
}

#[test]
fn deserialize_any_gives_ints_floats_or_exact_text() {
    let j: serde_json::Value =
        from_value(Value::tuple([num("80"), num("0.5"), num("1e30")])).unwrap();
    assert_eq!(j, serde_json::json!([80, 0.5, 1e30]));
    let third = Number::ONE.checked_div(&Number::from(3)).unwrap();
    let j: serde_json::Value = from_value(Value::Number(third.clone())).unwrap();
    assert_eq!(j, serde_json::Value::String(third.to_string()));
}

#[test]
fn maps_with_number_keys_and_enums() {
    let m: HashMap<u32, bool> = from_value(Value::object([("7", Value::Bool(true))])).unwrap();
    assert!(m[&7]);
    #[derive(Debug, PartialEq, serde::Deserialize)]
    enum E {
        A,
        B(u8),
        C { x: String },
    }
    assert_eq!(from_value::<E>(Value::from("A")).unwrap(), E::A);
    assert_eq!(
        from_value::<E>(Value::object([("B", num("2"))])).unwrap(),
        E::B(2)
    );
    assert_eq!(
        from_value::<E>(Value::object([(
            "C",
            Value::object([("x", Value::from("y"))])
        )]))
        .unwrap(),
        E::C { x: "y".into() }
    );
    let b: BTreeMap<String, Vec<u8>> =
        from_value(Value::object([("k", Value::tuple([num("1")]))])).unwrap();
    assert_eq!(b["k"], vec![1]);
}

#[test]
fn wrong_shapes_say_what_is_required() {
    assert_eq!(
        detail(from_value::<Vec<u8>>(num("1"))),
        "Unsuitable value: a list is required, but found 1."
    );
    assert_eq!(
        detail(from_value::<Listener>(Value::from("x"))),
        "Unsuitable value: an object is required, but found the string \"x\"."
    );
    assert_eq!(
        detail(from_value::<bool>(Value::from("yes"))),
        "Unsuitable value: a bool is required, but found the string \"yes\"."
    );
}
