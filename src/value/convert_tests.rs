//! Unit tests of type conversion, safe and unsafe, between every pair of
//! types.

use super::*;
use crate::diag::DiagnosticKind;
use crate::value::Marks;
use std::borrow::Cow;

fn num(s: &str) -> Value {
    Value::Number(Number::parse(s).unwrap())
}
fn s(t: &str) -> Value {
    Value::from(t)
}
fn safe(v: &Value, t: &Type) -> Result<Value, String> {
    try_convert(v, t, false).map_err(|e| e.to_string())
}
fn unsafe_(v: &Value, t: &Type) -> Result<Value, String> {
    try_convert(v, t, true).map_err(|e| e.to_string())
}

#[test]
fn conversion_to_same_type_is_a_no_op() {
    let v = Value::list(Type::Number, [num("1")]).unwrap();
    assert_eq!(safe(&v, &Type::list(Type::Number)), Ok(v));
}

#[test]
fn null_converts_to_null_of_any_type() {
    let v = Value::null(Type::String);
    assert_eq!(safe(&v, &Type::Number), Ok(Value::null(Type::Number)));
    assert_eq!(
        safe(&v, &Type::list(Type::Bool)),
        Ok(Value::null(Type::list(Type::Bool)))
    );
}

#[test]
fn conversion_to_dynamic_returns_the_value_verbatim() {
    assert_eq!(safe(&num("1"), &Type::Dynamic), Ok(num("1")));
    assert_eq!(
        safe(&Value::null(Type::Bool), &Type::Dynamic),
        Ok(Value::null(Type::Bool))
    );
}

#[test]
fn dynamic_value_converts_to_unknown_of_target() {
    assert_eq!(
        safe(&Value::dynamic(), &Type::Number),
        Ok(Value::unknown(Type::Number))
    );
}

#[test]
fn unknown_converts_when_its_type_does() {
    let u = Value::unknown(Type::String);
    assert_eq!(safe(&u, &Type::Number), Err("a number is required".into()));
    assert_eq!(unsafe_(&u, &Type::Number), Ok(Value::unknown(Type::Number)));
    assert_eq!(
        unsafe_(&u, &Type::list(Type::String)),
        Err("list of string required, but have string".into())
    );
}

#[test]
fn number_to_string_is_safe_and_full_precision() {
    assert_eq!(safe(&num("1e3"), &Type::String), Ok(s("1000")));
    assert_eq!(safe(&num("-1.50"), &Type::String), Ok(s("-1.5")));
    let big = num("123456789012345678901234567890.000000000000000000000000000001");
    assert_eq!(
        safe(&big, &Type::String),
        Ok(s(
            "123456789012345678901234567890.000000000000000000000000000001"
        ))
    );
}

#[test]
fn bool_to_string_is_safe() {
    assert_eq!(safe(&Value::Bool(true), &Type::String), Ok(s("true")));
    assert_eq!(safe(&Value::Bool(false), &Type::String), Ok(s("false")));
}

#[test]
fn string_to_number_is_unsafe() {
    assert_eq!(
        safe(&s("8080"), &Type::Number),
        Err("a number is required".into())
    );
    assert_eq!(unsafe_(&s("8080"), &Type::Number), Ok(num("8080")));
    assert_eq!(unsafe_(&s("-1.25"), &Type::Number), Ok(num("-1.25")));
}

#[test]
fn string_to_number_accepts_go_float_syntax() {
    // What Go HCL's conversion (big.ParseFloat) accepts.
    assert_eq!(unsafe_(&s("1e3"), &Type::Number), Ok(num("1000")));
    assert_eq!(unsafe_(&s("+1"), &Type::Number), Ok(num("1")));
    assert_eq!(unsafe_(&s("-.5"), &Type::Number), Ok(num("-0.5")));
}

#[test]
fn string_to_number_rejects_spaces_and_junk() {
    for t in [" 1", "1 ", "", "abc", "1,5", "+", ".", "1e", "1_0", "0x1f"] {
        assert_eq!(
            unsafe_(&s(t), &Type::Number),
            Err("a number is required".into()),
            "{t:?}"
        );
    }
}

#[test]
fn string_to_bool_accepts_true_false_one_zero() {
    assert_eq!(unsafe_(&s("true"), &Type::Bool), Ok(Value::Bool(true)));
    assert_eq!(unsafe_(&s("1"), &Type::Bool), Ok(Value::Bool(true)));
    assert_eq!(unsafe_(&s("false"), &Type::Bool), Ok(Value::Bool(false)));
    assert_eq!(unsafe_(&s("0"), &Type::Bool), Ok(Value::Bool(false)));
    for t in ["yes", "", " true"] {
        assert_eq!(
            unsafe_(&s(t), &Type::Bool),
            Err("a bool is required".into())
        );
    }
    // go-cty's hint for a bool written with capitals.
    assert_eq!(
        unsafe_(&s("True"), &Type::Bool),
        Err("a bool is required; to convert from string, use lowercase \"true\"".into())
    );
    assert_eq!(
        unsafe_(&s("FALSE"), &Type::Bool),
        Err("a bool is required; to convert from string, use lowercase \"false\"".into())
    );
    assert_eq!(
        safe(&s("true"), &Type::Bool),
        Err("a bool is required".into())
    );
}

#[test]
fn bool_and_number_do_not_convert() {
    assert_eq!(
        unsafe_(&Value::Bool(true), &Type::Number),
        Err("number required, but have bool".into())
    );
    assert_eq!(
        unsafe_(&num("1"), &Type::Bool),
        Err("bool required, but have number".into())
    );
}

#[test]
fn set_to_list_is_safe_in_set_order() {
    let set = Value::set(Type::Number, [num("2"), num("1")]).unwrap();
    assert_eq!(
        safe(&set, &Type::list(Type::String)),
        Ok(Value::List(Type::String, Elements::from([s("1"), s("2")])))
    );
}

#[test]
fn list_to_set_is_unsafe_and_merges_duplicates() {
    let list = Value::list(Type::String, [s("b"), s("a"), s("b")]).unwrap();
    assert_eq!(
        safe(&list, &Type::set(Type::String)),
        Err("a set of string is required".into())
    );
    assert_eq!(
        unsafe_(&list, &Type::set(Type::String)),
        Ok(Value::Set(Type::String, Elements::from([s("a"), s("b")])))
    );
}

#[test]
fn tuple_to_list_converts_each_element() {
    let t = Value::tuple([num("1"), Value::Bool(true)]);
    assert_eq!(
        safe(&t, &Type::list(Type::String)),
        Ok(Value::List(
            Type::String,
            Elements::from([s("1"), s("true")])
        ))
    );
    assert_eq!(
        safe(&Value::tuple([num("1"), s("x")]), &Type::list(Type::Number)),
        Err("element 1: a number is required".into())
    );
}

#[test]
fn tuple_to_list_of_any_unifies() {
    let t = Value::tuple([num("1"), s("a")]);
    assert_eq!(
        safe(&t, &Type::list(Type::Dynamic)),
        Ok(Value::List(Type::String, Elements::from([s("1"), s("a")])))
    );
    let bad = Value::tuple([num("1"), Value::tuple([])]);
    assert_eq!(
        safe(&bad, &Type::list(Type::Dynamic)),
        Err("all list elements must have the same type".into())
    );
}

#[test]
fn tuple_to_set_behaves_as_list_then_set() {
    let t = Value::tuple([s("b"), s("a"), s("b")]);
    assert_eq!(
        safe(&t, &Type::set(Type::String)),
        Err("a set of string is required".into())
    );
    assert_eq!(
        unsafe_(&t, &Type::set(Type::String)),
        Ok(Value::Set(Type::String, Elements::from([s("a"), s("b")])))
    );
}

#[test]
fn object_to_map_converts_each_attribute() {
    let o = Value::object([("a", num("1")), ("b", Value::Bool(false))]);
    let m = safe(&o, &Type::map(Type::String)).unwrap();
    assert_eq!(
        m,
        Value::map(Type::String, [("a", s("1")), ("b", s("false"))]).unwrap()
    );
    assert_eq!(
        safe(&o, &Type::map(Type::Number)),
        Err("element \"b\": number required, but have bool".into())
    );
    // `map(any)` unifies as go-cty does: a number and a bool have no
    // common type, but with a string they all become strings.
    assert_eq!(
        safe(&o, &Type::map(Type::Dynamic)),
        Err("all map elements must have the same type".into())
    );
    let o = Value::object([("a", num("1")), ("b", Value::Bool(false)), ("c", s("x"))]);
    let any = safe(&o, &Type::map(Type::Dynamic)).unwrap();
    assert_eq!(any.ty(), Type::map(Type::String));
}

#[test]
fn list_to_tuple_is_unsafe_and_needs_matching_length() {
    let l = Value::list(Type::String, [s("1"), s("x")]).unwrap();
    let t = Type::tuple([Type::Number, Type::String]);
    assert_eq!(safe(&l, &t), Err("a tuple is required".into()));
    assert_eq!(unsafe_(&l, &t), Ok(Value::tuple([num("1"), s("x")])));
    assert_eq!(
        unsafe_(&l, &Type::tuple([Type::String])),
        Err("a tuple of 1 element is required, but the list has 2".into())
    );
    let set = Value::set(Type::Number, [num("1")]).unwrap();
    assert_eq!(
        unsafe_(&set, &Type::tuple([Type::Number])),
        Ok(Value::tuple([num("1")]))
    );
}

#[test]
fn map_to_object_needs_exactly_the_attributes() {
    let m = Value::map(Type::String, [("a", s("1")), ("b", s("x"))]).unwrap();
    let t = Type::object([("a", Type::Number), ("b", Type::String)]);
    assert_eq!(safe(&m, &t), Err("an object is required".into()));
    assert_eq!(
        unsafe_(&m, &t),
        Ok(Value::object([("a", num("1")), ("b", s("x"))]))
    );
    let t2 = Type::object([("a", Type::Number), ("name", Type::String)]);
    assert_eq!(
        unsafe_(&m, &t2),
        Err("attribute \"name\" is required".into())
    );
    let t3 = Type::object([("a", Type::Number)]);
    assert_eq!(unsafe_(&m, &t3), Err("unsupported attribute \"b\"".into()));
}

#[test]
fn object_to_object_fills_missing_attributes_with_null() {
    let o = Value::object([("a", num("1"))]);
    let t = Type::object([("a", Type::String), ("b", Type::Bool)]);
    assert_eq!(
        safe(&o, &t),
        Ok(Value::object([
            ("a", s("1")),
            ("b", Value::null(Type::Bool))
        ]))
    );
}

#[test]
fn object_to_object_dropping_attributes_is_unsafe() {
    let o = Value::object([("a", num("1")), ("extra", s("x"))]);
    let t = Type::object([("a", Type::Number)]);
    assert_eq!(safe(&o, &t), Err("unsupported attribute \"extra\"".into()));
    assert_eq!(unsafe_(&o, &t), Ok(Value::object([("a", num("1"))])));
}

#[test]
fn nested_errors_carry_the_path() {
    let o = Value::object([("a", Value::tuple([num("1"), num("2"), s("x")]))]);
    let t = Type::object([("a", Type::list(Type::Bool))]);
    let e = try_convert(&o, &t, true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "attribute \"a\": element 0: bool required, but have number"
    );
    assert_eq!(e.path, vec![PathStep::Attr("a".into()), PathStep::Index(0)]);
    assert_eq!(e.message, "bool required, but have number");
    // A conversion that exists and fails on a value says what was
    // required there.
    let o = Value::object([("a", Value::tuple([s("true"), s("x")]))]);
    let e = try_convert(&o, &t, true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "attribute \"a\": element 1: a bool is required"
    );
    assert_eq!(e.path, vec![PathStep::Attr("a".into()), PathStep::Index(1)]);
}

#[test]
fn tuple_to_tuple_needs_same_length() {
    let v = Value::tuple([num("1")]);
    assert_eq!(
        safe(&v, &Type::tuple([Type::String])),
        Ok(Value::tuple([s("1")]))
    );
    assert_eq!(
        safe(&v, &Type::tuple([Type::String, Type::String])),
        Err("tuple required".into())
    );
    // A list of another length has a conversion, which fails on the value.
    let l = Value::list(Type::Number, [num("1")]).unwrap();
    assert_eq!(
        unsafe_(&l, &Type::tuple([Type::String, Type::String])),
        Err("a tuple of 2 elements is required, but the list has 1".into())
    );
}

#[test]
fn values_matching_a_dynamic_specification_keep_their_type() {
    let empty = Value::empty_list(Type::String);
    assert_eq!(safe(&empty, &Type::list(Type::Dynamic)), Ok(empty.clone()));
    let unknown = Value::unknown(Type::list(Type::String));
    assert_eq!(
        safe(&unknown, &Type::list(Type::Dynamic)),
        Ok(unknown.clone())
    );
    let null = Value::null(Type::map(Type::Number));
    assert_eq!(safe(&null, &Type::map(Type::Dynamic)), Ok(null.clone()));
}

#[test]
fn collections_convert_element_wise() {
    let l = Value::list(Type::Number, [num("1")]).unwrap();
    assert_eq!(
        safe(&l, &Type::list(Type::String)),
        Ok(Value::List(Type::String, Elements::from([s("1")])))
    );
    let m = Value::map(Type::String, [("k", s("1"))]).unwrap();
    assert_eq!(
        unsafe_(&m, &Type::map(Type::Number)),
        Ok(Value::map(Type::Number, [("k", num("1"))]).unwrap())
    );
    let set = Value::set(Type::Number, [num("10"), num("9")]).unwrap();
    // Re-sorted by the new element type: "10" < "9" as strings.
    assert_eq!(
        safe(&set, &Type::set(Type::String)),
        Ok(Value::Set(Type::String, Elements::from([s("10"), s("9")])))
    );
}

#[test]
fn mismatched_kinds_say_what_is_required() {
    assert_eq!(
        safe(&num("1"), &Type::list(Type::String)),
        Err("list of string required, but have number".into())
    );
    assert_eq!(
        safe(&s("x"), &Type::object([("a", Type::Bool)])),
        Err("object required, but have string".into())
    );
    assert_eq!(
        safe(&Value::tuple([]), &Type::String),
        Err("string required, but have tuple".into())
    );
}

#[test]
fn conversion_error_becomes_unsuitable_value_diagnostic() {
    let e = convert(&s("x"), &Type::Number).unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Unsuitable value type");
    assert_eq!(d.detail, "Unsuitable value: a number is required.");
    assert_eq!(
        d.kind,
        DiagnosticKind::UnsuitableValue {
            reason: "a number is required".into()
        }
    );
}

#[test]
fn extra_map_keys_go_where_a_type_constraint_wants_objects() {
    let obj = Type::object([("a", Type::String)]);
    let m = |b: &str| Value::map(Type::String, [("a", s("1")), ("b", s(b))]).unwrap();
    // Two maps that differ only in a dropped key are one object of a set.
    let set = Value::set(Type::map(Type::String), [m("2"), m("3")]).unwrap();
    let pruned = without_extra_map_keys(Cow::Borrowed(&set), &Type::set(obj.clone())).into_owned();
    assert_eq!(
        unsafe_(&pruned, &Type::set(obj.clone())),
        Ok(Value::Set(
            obj.clone(),
            Elements::from([Value::object([("a", s("1"))])])
        ))
    );
    // Nested in a tuple and an object, marks kept.
    let v = Value::object([("x", Value::tuple([m("2").mark(Marks::SENSITIVE)]))]);
    let ty = Type::object([("x", Type::tuple([obj.clone()]))]);
    let pruned = without_extra_map_keys(Cow::Borrowed(&v), &ty).into_owned();
    assert_eq!(
        pruned,
        Value::object([(
            "x",
            Value::tuple([Value::map(Type::String, [("a", s("1"))])
                .unwrap()
                .mark(Marks::SENSITIVE)])
        )])
    );
    // A type without objects borrows the value as it is.
    assert!(matches!(
        without_extra_map_keys(Cow::Borrowed(&v), &Type::Dynamic),
        Cow::Borrowed(_)
    ));
}
