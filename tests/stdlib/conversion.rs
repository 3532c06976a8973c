//! Type conversion functions, called through `Function::call`.

use crate::stdlib_support;

use hcl_json::value::Marks;
use hcl_json::{Type, Value};
use stdlib_support::*;

#[test]
fn tobool_converts_bools_and_their_strings() {
    assert_eq!(call("tobool", &[b(true)]), Ok(b(true)));
    assert_eq!(call("tobool", &[s("false")]), Ok(b(false)));
    assert_eq!(call("tobool", &[null(Type::String)]), Ok(null(Type::Bool)));
    assert_eq!(
        call("tobool", &[unknown(Type::String)]),
        Ok(unknown(Type::Bool))
    );
    assert_eq!(call("tobool", &[Value::dynamic()]), Ok(unknown(Type::Bool)));
    assert_eq!(
        arg_err("tobool", &[s("no")], 0),
        "cannot convert \"no\" to bool; only the strings \"true\" or \"false\" are allowed"
    );
    assert_eq!(
        arg_err("tobool", &[n("1")], 0),
        "cannot convert number to bool"
    );
}

#[test]
fn tonumber_and_tostring_convert_primitives() {
    assert_eq!(call("tonumber", &[s("1.5")]), Ok(n("1.5")));
    assert_eq!(call("tonumber", &[n("2")]), Ok(n("2")));
    assert_eq!(
        call("tonumber", &[null(Type::String)]),
        Ok(null(Type::Number))
    );
    assert_eq!(
        arg_err("tonumber", &[s("no")], 0),
        "cannot convert \"no\" to number; given string must be a decimal representation of a number"
    );
    assert_eq!(call("tostring", &[n("1.50")]), Ok(s("1.5")));
    assert_eq!(call("tostring", &[b(true)]), Ok(s("true")));
    assert_eq!(
        call("tostring", &[null(Type::Dynamic)]),
        Ok(null(Type::String))
    );
    assert_eq!(
        arg_err("tostring", &[strs(&["a"])], 0),
        "cannot convert list of string to string"
    );
    // A sensitive value's text is not shown.
    assert_eq!(
        arg_err("tonumber", &[s("secret").mark(Marks::SENSITIVE)], 0),
        "cannot convert this sensitive string to number"
    );
}

#[test]
fn tolist_and_toset_unify_element_types() {
    assert_eq!(
        call("tolist", &[tuple(vec![s("a"), n("1")])]),
        Ok(strs(&["a", "1"]))
    );
    assert_eq!(call("tolist", &[strs(&[])]), Ok(strs(&[])));
    assert_eq!(
        call("toset", &[tuple(vec![s("b"), s("a"), s("b")])]),
        Ok(Value::set(Type::String, [s("a"), s("b")]).unwrap())
    );
    assert_eq!(
        arg_err("tolist", &[tuple(vec![s("a"), strs(&["b"])])], 0),
        "cannot convert tuple to list of any single type"
    );
    assert_eq!(
        call("tolist", &[unknown(Type::tuple([Type::String]))]),
        Ok(unknown(Type::list(Type::String)))
    );
    arg_err("toset", &[s("a")], 0);
}

#[test]
fn tomap_converts_objects() {
    assert_eq!(
        call("tomap", &[obj(&[("a", s("x")), ("b", n("1"))])]),
        Ok(str_map(&[("a", "x"), ("b", "1")]))
    );
    arg_err("tomap", &[strs(&["a"])], 0);
}
