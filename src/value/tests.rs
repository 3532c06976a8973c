//! Unit tests of values: their size, construction, equality, nulls and
//! unknowns.

use super::*;

#[test]
#[cfg(target_pointer_width = "64")]
fn a_value_is_32_bytes_whatever_it_holds() {
    // A decoded file holds one per element and attribute: a change
    // here changes a decode's peak memory (BENCHMARKS.md).
    assert_eq!(std::mem::size_of::<Value>(), 32);
    assert_eq!(std::mem::size_of::<Type>(), 16);
    assert_eq!(std::mem::size_of::<Elements>(), 8);
}

fn num(s: &str) -> Value {
    Value::Number(Number::parse(s).unwrap())
}

#[test]
fn strings_are_nfc_normalized_on_construction() {
    let a = Value::from("caf\u{e9}");
    let b = Value::from(String::from("cafe\u{301}"));
    assert_eq!(a, b);
    assert_eq!(a.as_str().map(str::len), b.as_str().map(str::len));
}

#[test]
fn equality_requires_identical_types() {
    let list = Value::list(Type::Number, [num("1")]).unwrap();
    let tuple = Value::tuple([num("1")]);
    assert_ne!(list, tuple);
    assert_ne!(Value::null(Type::String), Value::null(Type::Number));
    assert_eq!(Value::null(Type::String), Value::null(Type::String));
    assert_eq!(num("1.0"), num("1"));
    assert_ne!(Value::from("1"), num("1"));
}

#[test]
fn object_equality_ignores_attribute_order() {
    let a = Value::object([("a", num("1")), ("b", Value::from(true))]);
    let b = Value::object([("b", Value::from(true)), ("a", num("1"))]);
    assert_eq!(a, b);
    assert_eq!(a.ty(), b.ty());
}

#[test]
fn unknown_equals_operation_yields_unknown_bool() {
    let u = Value::unknown(Type::Number);
    assert_eq!(u.equals(&num("1")), Value::Unknown(Type::Bool));
    assert_eq!(num("1").equals(&num("1.00")), Value::Bool(true));
    let partly = Value::tuple([Value::dynamic()]);
    assert_eq!(partly.equals(&partly), Value::Unknown(Type::Bool));
}

#[test]
fn each_type_has_distinct_null_and_unknown() {
    assert_ne!(Value::unknown(Type::Number), Value::unknown(Type::String));
    assert_eq!(Value::dynamic(), Value::Unknown(Type::Dynamic));
    assert_eq!(Value::unknown(Type::Number).ty(), Type::Number);
    assert!(!Value::dynamic().is_known());
    assert!(Value::null(Type::Bool).is_null());
    assert!(Value::null(Type::Bool).is_known());
}

#[test]
fn wholly_known_looks_inside() {
    let v = Value::object([("a", Value::tuple([Value::unknown(Type::String)]))]);
    assert!(v.is_known());
    assert!(!v.is_wholly_known());
    assert!(Value::object([("a", num("1"))]).is_wholly_known());
}

#[test]
fn list_constructor_converts_elements_to_element_type() {
    let v = Value::list(Type::String, [num("1"), Value::from(true)]).unwrap();
    assert_eq!(
        v,
        Value::List(
            Type::String,
            Elements::from([Value::from("1"), Value::from("true")])
        )
    );
    let err = Value::list(Type::Number, [num("1"), Value::from("x")]).unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Unsuitable value: element 1: a number is required."
    );
}

#[test]
fn list_of_dynamic_unifies_element_types() {
    let v = Value::list(Type::Dynamic, [num("1"), Value::from("a")]).unwrap();
    assert_eq!(v.ty(), Type::list(Type::String));
    assert_eq!(v.as_elements().unwrap()[0], Value::from("1"));
    let empty = Value::list(Type::Dynamic, []).unwrap();
    assert_eq!(empty.ty(), Type::list(Type::Dynamic));
}

#[test]
fn set_constructor_deduplicates_in_stable_order() {
    let v = Value::set(Type::Number, [num("3"), num("1"), num("3.0"), num("2")]).unwrap();
    assert_eq!(
        v.as_elements().unwrap(),
        &[num("1"), num("2"), num("3")][..]
    );
    let a = Value::set(Type::String, ["b", "a"].map(Value::from)).unwrap();
    let b = Value::set(Type::String, ["a", "b", "a"].map(Value::from)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn map_constructor_checks_elements_and_keeps_order() {
    let v = Value::map(Type::Number, [("z", num("1")), ("a", Value::from("2"))]).unwrap();
    let keys: Vec<&str> = v.as_entries().unwrap().keys().map(Str::as_str).collect();
    assert_eq!(keys, ["z", "a"]);
    assert_eq!(v.get_attr("a"), Some(&num("2")));
    let err = Value::map(Type::Bool, [("k", num("1"))]).unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Unsuitable value: element \"k\": a bool is required."
    );
}

#[test]
fn from_impls_build_the_expected_values() {
    assert_eq!(Value::from(80u32), num("80"));
    assert_eq!(Value::from(0.5f64), num("0.5"));
    assert_eq!(Value::from(f64::NAN), Value::Null(Type::Number));
    assert_eq!(Value::from(vec![1, 2]), Value::tuple([num("1"), num("2")]));
    let o: Value = [("a", 1)].into_iter().collect();
    assert_eq!(o, Value::object([("a", num("1"))]));
    assert_eq!(Value::from(None::<i32>), Value::Null(Type::Dynamic));
}

#[test]
fn get_attr_normalizes_the_name() {
    let v = Value::object([("caf\u{e9}", num("1"))]);
    assert_eq!(v.get_attr("cafe\u{301}"), Some(&num("1")));
    assert_eq!(v.get_attr("x"), None);
}

#[test]
fn display_renders_hcl_like_text() {
    let v = Value::object([
        ("a", Value::tuple([num("1"), Value::from("x\"y")])),
        ("b", Value::null(Type::String)),
    ]);
    assert_eq!(v.to_string(), "{ \"a\" = [1, \"x\\\"y\"], \"b\" = null }");
}

#[test]
fn nulls_of_any_type_are_equal() {
    assert_eq!(
        Value::null(Type::String).equals(&Value::null(Type::Dynamic)),
        Value::Bool(true)
    );
    assert_eq!(
        Value::from("a").equals(&Value::null(Type::Dynamic)),
        Value::Bool(false)
    );
}

#[test]
fn unknown_of_another_type_is_unequal() {
    assert_eq!(
        Value::unknown(Type::Number).equals(&Value::from("1")),
        Value::Bool(false)
    );
    assert_eq!(
        Value::unknown(Type::Number).equals(&Value::from(1)),
        Value::unknown(Type::Bool)
    );
    assert_eq!(
        Value::dynamic().equals(&Value::null(Type::Dynamic)),
        Value::unknown(Type::Bool)
    );
}
