//! Helpers shared by the `stdlib_*` tests: call a standard function by
//! name through `Function::call`, and build values tersely.
#![allow(dead_code)]

use hcl_json::eval::{FunctionError, FunctionErrorKind};
use hcl_json::{stdlib, Number, Type, Value};

/// Calls standard function `name` with `args`.
pub(crate) fn call(name: &str, args: &[Value]) -> Result<Value, FunctionError> {
    let (_, f) = stdlib::functions()
        .into_iter()
        .chain(stdlib::cty_functions())
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no standard function {name}"));
    f.call(args)
}

/// The error of a call that must fail, checked to be about argument `arg`.
pub(crate) fn arg_err(name: &str, args: &[Value], arg: usize) -> String {
    let e = call(name, args).expect_err("the call must fail");
    assert_eq!(e.arg, Some(arg), "wrong argument blamed: {e:?}");
    assert_eq!(e.kind, FunctionErrorKind::InvalidArgument, "{e:?}");
    e.message
}

/// The error of a call that must fail as a whole ("Error in function
/// call"), not because of one argument.
pub(crate) fn call_err(name: &str, args: &[Value]) -> String {
    let e = call(name, args).expect_err("the call must fail");
    assert_eq!(e.arg, None, "an argument was blamed: {e:?}");
    assert_eq!(e.kind, FunctionErrorKind::Failed, "{e:?}");
    e.message
}

/// The error message of a call that must fail.
pub(crate) fn err(name: &str, args: &[Value]) -> String {
    call(name, args).expect_err("the call must fail").message
}

pub(crate) fn s(text: &str) -> Value {
    Value::from(text)
}

pub(crate) fn n(text: &str) -> Value {
    Value::Number(Number::parse(text).unwrap())
}

pub(crate) fn b(v: bool) -> Value {
    Value::Bool(v)
}

pub(crate) fn strs(items: &[&str]) -> Value {
    Value::list(Type::String, items.iter().map(|i| Value::from(*i))).unwrap()
}

pub(crate) fn nums(items: &[&str]) -> Value {
    Value::list(Type::Number, items.iter().map(|i| n(i))).unwrap()
}

pub(crate) fn tuple(items: Vec<Value>) -> Value {
    Value::tuple(items)
}

pub(crate) fn obj(attrs: &[(&str, Value)]) -> Value {
    Value::object(attrs.iter().cloned())
}

pub(crate) fn str_map(entries: &[(&str, &str)]) -> Value {
    Value::map(
        Type::String,
        entries.iter().map(|(k, v)| (*k, Value::from(*v))),
    )
    .unwrap()
}

pub(crate) fn unknown(ty: Type) -> Value {
    Value::unknown(ty)
}

pub(crate) fn null(ty: Type) -> Value {
    Value::null(ty)
}
