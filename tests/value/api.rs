//! The value layer through the crate's public re-exports, as other layers
//! and users see it.

use hcl_json::value::{convert_unsafe, try_convert, unify, PathStep};
use hcl_json::{from_value, to_value, Number, Type, Value};

#[test]
fn crate_root_reexports_value_api() {
    let v = Value::from("8080");
    let port: u16 = from_value(v.clone()).unwrap();
    assert_eq!(port, 8080);
    assert_eq!(to_value(&port).unwrap(), Value::from(8080u16));
    assert_eq!(
        convert_unsafe(&v, &Type::Number).unwrap(),
        Value::Number(Number::from(8080))
    );
}

#[test]
fn conversion_error_parts_build_custom_messages() {
    let v = Value::object([("count", Value::from("many"))]);
    let ty = Type::object([("count", Type::Number)]);
    let e = try_convert(&v, &ty, true).unwrap_err();
    assert_eq!(e.path, vec![PathStep::Attr("count".into())]);
    assert_eq!(
        format!(
            "Inappropriate value for attribute \"count\": {}.",
            e.message
        ),
        "Inappropriate value for attribute \"count\": a number is required."
    );
}

#[test]
fn unify_then_convert_builds_homogeneous_list() {
    let items = [Value::from(1), Value::from(true), Value::from("x")];
    let types: Vec<Type> = items.iter().map(Value::ty).collect();
    assert_eq!(unify(&types), Some(Type::String));
    let list = Value::list(Type::Dynamic, items).unwrap();
    assert_eq!(list.to_string(), "[\"1\", \"true\", \"x\"]");
}

#[test]
fn huge_exponent_literal_fails_fast_with_clear_error() {
    let start = std::time::Instant::now();
    let err = Number::parse("1e99999999999").unwrap_err();
    assert!(start.elapsed().as_millis() < 100);
    let err: hcl_json::Error = err.into();
    assert_eq!(err.diagnostics()[0].summary, "Number out of range");
    assert_eq!(
        err.diagnostics()[0].detail,
        "The number's magnitude is outside the supported range of 1e-10000 to 1e10000."
    );
}

#[test]
fn value_stays_reasonably_small() {
    // Lists, maps and numbers are inline; this pins the size so growth is a
    // visible decision.
    assert!(
        std::mem::size_of::<Value>() <= 104,
        "{}",
        std::mem::size_of::<Value>()
    );
    assert_eq!(std::mem::size_of::<Number>(), 24);
}
