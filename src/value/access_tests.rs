//! Unit tests of attribute access and indexing of values.

use super::*;

#[test]
fn borrowed_access_is_what_the_general_access_copies() {
    let list = Value::list(Type::String, vec![Value::from("a"), Value::from("b")]).unwrap();
    let map = Value::map(Type::Number, [("k", Value::from(1))]).unwrap();
    let values = [
        obj(),
        map,
        list,
        Value::tuple([Value::from(1), Value::from("two")]),
        Value::set(Type::Number, vec![Value::from(1)]).unwrap(),
        Value::unknown(Type::Map(Box::new(Type::String))),
        Value::null(Type::Dynamic),
        Value::from("text"),
    ];
    let keys = [
        Value::from(0),
        Value::from(1),
        Value::from(2),
        Value::from(-1),
        "0.5"
            .parse::<crate::value::Number>()
            .map(Value::Number)
            .unwrap(),
        Value::from("0"),
        Value::from("a"),
        Value::from("k"),
        Value::from("zz"),
        Value::from(true),
        Value::dynamic(),
        Value::null(Type::String),
    ];
    for v in &values {
        for name in ["a", "b", "k", "zz"] {
            if let Some(r) = v.attr_ref(name) {
                assert_eq!(Ok(r.clone()), v.get_attr_hcl(name), "{v:?}.{name}");
            }
        }
        for k in &keys {
            if let Some(r) = v.index_ref(k) {
                assert_eq!(Ok(r.clone()), v.index_hcl(k), "{v:?}[{k:?}]");
            }
        }
    }
    // The borrowed paths are taken where they apply.
    assert_eq!(obj().attr_ref("b"), Some(&Value::from("x")));
    assert_eq!(
        Value::tuple([Value::from(1), Value::from("two")]).index_ref(&Value::from(1)),
        Some(&Value::from("two"))
    );
    assert_eq!(obj().index_ref(&Value::from("a")), Some(&Value::from(1)));
}

fn obj() -> Value {
    Value::object([("a", Value::from(1)), ("b", Value::from("x"))])
}

#[test]
fn attribute_of_object_and_map() {
    assert_eq!(obj().get_attr_hcl("a"), Ok(Value::from(1)));
    assert_eq!(
        obj().get_attr_hcl("z").unwrap_err().summary,
        "Unsupported attribute"
    );
    let m = Value::map(Type::Number, [("k", Value::from(2))]).unwrap();
    assert_eq!(m.get_attr_hcl("k"), Ok(Value::from(2)));
    assert_eq!(
        m.get_attr_hcl("z").unwrap_err().summary,
        "Missing map element"
    );
}

#[test]
fn attribute_of_null_and_primitive_fails() {
    let e = Value::null(Type::Dynamic).get_attr_hcl("a").unwrap_err();
    assert_eq!(e.summary, "Attempt to get attribute from null value");
    let e = Value::from("s").get_attr_hcl("a").unwrap_err();
    assert!(
        e.detail.contains("primitive-typed value (string)"),
        "{}",
        e.detail
    );
}

#[test]
fn attribute_of_unknown_is_unknown_of_its_type() {
    let ty = Type::object([("a", Type::Number)]);
    assert_eq!(
        Value::unknown(ty).get_attr_hcl("a"),
        Ok(Value::unknown(Type::Number))
    );
    assert_eq!(Value::dynamic().get_attr_hcl("x"), Ok(Value::dynamic()));
}

#[test]
fn index_of_list_converts_the_key() {
    let l = Value::tuple([Value::from("a"), Value::from("b")]);
    assert_eq!(l.index_hcl(&Value::from(1)), Ok(Value::from("b")));
    assert_eq!(l.index_hcl(&Value::from("1")), Ok(Value::from("b")));
    assert_eq!(
        l.index_hcl(&Value::from(2)).unwrap_err().summary,
        "Invalid index"
    );
    assert!(l.index_hcl(&Value::from(0.5)).is_err());
    assert!(l.index_hcl(&Value::from(-1)).is_err());
    assert_eq!(
        l.index_hcl(&Value::unknown(Type::Number)),
        Ok(Value::dynamic())
    );
}

#[test]
fn index_of_map_and_object_by_string() {
    assert_eq!(obj().index_hcl(&Value::from("b")), Ok(Value::from("x")));
    let m = Value::map(Type::String, [("1", Value::from("one"))]).unwrap();
    assert_eq!(m.index_hcl(&Value::from(1)), Ok(Value::from("one")));
    assert_eq!(
        m.index_hcl(&Value::unknown(Type::String)),
        Ok(Value::unknown(Type::String))
    );
}

#[test]
fn sets_and_nulls_cannot_be_indexed() {
    let s = Value::set(Type::Number, [Value::from(1)]).unwrap();
    assert_eq!(
        s.index_hcl(&Value::from(0)).unwrap_err().summary,
        "Invalid index"
    );
    let e = Value::null(Type::list(Type::String))
        .index_hcl(&Value::from(0))
        .unwrap_err();
    assert_eq!(e.summary, "Attempt to index null value");
    assert!(Value::from(1)
        .index_hcl(&Value::null(Type::Number))
        .is_err());
}

/// The details of `hcl.Index` in HCL 2.24, which never show the key.
#[test]
fn index_errors_have_hcl_details() {
    let detail = |v: &Value, k: Value| v.index_hcl(&k).unwrap_err().detail;
    let two = Value::tuple([Value::from(1), Value::from(2)]);
    let general = "The given key does not identify an element in this collection value.";
    let because = |reason: &str| {
        format!("The given key does not identify an element in this collection value: {reason}.")
    };
    assert_eq!(
        detail(&two, "0.5".parse::<crate::value::Number>().map(Value::Number).unwrap()),
        because("indexing a sequence requires a whole number, but the given index has a fractional part")
    );
    assert_eq!(
        detail(&two, Value::from(-1)),
        because("a negative number is not a valid index for a sequence")
    );
    assert_eq!(
        detail(&two, Value::from(2)),
        because("the given index is greater than or equal to the length of the collection")
    );
    // HCL's length check compares the other way round past the length.
    assert_eq!(detail(&two, Value::from(5)), general);
    assert_eq!(
        detail(&Value::tuple([]), Value::from(0)),
        because("the collection has no elements")
    );
    assert_eq!(detail(&obj(), Value::from("z")), general);
    assert_eq!(
        detail(&obj(), Value::from(0)),
        format!("{general} An object only supports looking up attributes by name, not by numeric index.")
    );
    let m = Value::map(Type::Number, [("k", Value::from(1))]).unwrap();
    assert_eq!(detail(&m, Value::from("z")), general);
    assert_eq!(
        detail(&Value::from("s"), Value::from(0)),
        "This value does not have any indices."
    );
}

/// An unknown object's attribute by index has the attribute's type (HCL
/// 2.24); an unknown list's element is unknown whatever its number.
#[test]
fn index_of_unknown_collections() {
    let ty = Type::object([("foo", Type::String)]);
    let u = Value::unknown(ty);
    assert_eq!(
        u.index_hcl(&Value::from("foo")),
        Ok(Value::unknown(Type::String))
    );
    assert_eq!(
        u.index_hcl(&Value::from(0)).unwrap_err().summary,
        "Invalid index"
    );
    let l = Value::unknown(Type::list(Type::String));
    assert_eq!(
        l.index_hcl(&Value::from(-1)),
        Ok(Value::unknown(Type::String))
    );
    let t = Value::unknown(Type::tuple([Type::Bool]));
    assert_eq!(t.index_hcl(&Value::from(0)), Ok(Value::unknown(Type::Bool)));
    assert!(t.index_hcl(&Value::from(1)).is_err());
    // A null collection is reported before a null key.
    let e = Value::null(Type::list(Type::String))
        .index_hcl(&Value::null(Type::Number))
        .unwrap_err();
    assert_eq!(e.summary, "Attempt to index null value");
}

/// The details of `hcl.GetAttr` in HCL 2.24 for values without attributes.
#[test]
fn attribute_errors_have_hcl_details() {
    let detail = |v: Value, name: &str| v.get_attr_hcl(name).unwrap_err().detail;
    let objs = Value::list(obj().ty(), [obj()]).unwrap();
    assert_eq!(
        detail(objs.clone(), "a"),
        "Can't access attributes on a list of objects. Did you mean to access attribute \"a\" for a specific element of the list, or across all elements of the list?"
    );
    assert_eq!(
        detail(objs, "zz"),
        "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?"
    );
    assert_eq!(
        detail(Value::set(obj().ty(), [obj()]).unwrap(), "a"),
        "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?"
    );
    assert_eq!(
        detail(Value::tuple([obj()]), "a"),
        "This value does not have any attributes."
    );
    assert_eq!(
        detail(Value::from(1), "a"),
        "Can't access attributes on a primitive-typed value (number)."
    );
}
