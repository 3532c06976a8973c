//! Unit tests of function calls: argument conversion, arity, null and unknown
//! arguments, and lent arguments.

use super::*;

/// `convert_owned` moves where it can: the value `try_convert` gives.
#[test]
fn owned_arguments_convert_as_the_general_conversion_does() {
    let strs = |items: &[&str]| items.iter().map(|s| Value::from(*s)).collect::<Vec<_>>();
    let values = [
        Value::tuple(strs(&["a", "b"])),
        Value::list(Type::String, strs(&["a"])).unwrap(),
        Value::tuple([Value::from("a"), Value::from(1)]),
        Value::tuple([Value::from(1), Value::from(2)]),
        Value::tuple([Value::from("a"), Value::null(Type::String)]),
        Value::tuple([Value::from("a"), Value::unknown(Type::String)]),
        Value::tuple([Value::from(true)]),
        Value::tuple([]),
        Value::empty_list(Type::String),
        Value::list(Type::Number, vec![Value::from(1)]).unwrap(),
        Value::from("x"),
        Value::null(Type::List(Box::new(Type::String))),
    ];
    let types = [
        Type::List(Box::new(Type::String)),
        Type::List(Box::new(Type::Number)),
        Type::List(Box::new(Type::Bool)),
        Type::List(Box::new(Type::Dynamic)),
        Type::Set(Box::new(Type::String)),
    ];
    for v in &values {
        for ty in &types {
            assert_eq!(
                convert_owned(v.clone(), ty),
                try_convert(v, ty, true),
                "{v:?} to {ty:?}"
            );
        }
    }
}

/// A lone borrowed argument (`call_one`) gives what the same argument
/// owned gives: results, unknowns, conversions and errors.
#[test]
fn a_lent_argument_is_called_as_an_owned_one() {
    let ctx = crate::eval::EvalContext::new().with_stdlib();
    let args = [
        Value::from("MiXed"),
        Value::from(42),
        Value::from(true),
        Value::null(Type::String),
        Value::unknown(Type::String),
        Value::dynamic(),
        Value::tuple([Value::from(1), Value::from("a")]),
        Value::list(Type::String, vec![Value::from("x")]).unwrap(),
        Value::object([("k", Value::from("v"))]),
    ];
    for name in ["upper", "length", "tostring", "abs", "keys", "tolist"] {
        let f = ctx.function(name).unwrap();
        for arg in &args {
            let lent = f.call_one(std::borrow::Cow::Borrowed(arg));
            let owned = f.call_owned(vec![arg.clone()]);
            assert_eq!(lent, owned, "{name}({arg:?})");
        }
    }
}

fn concat() -> Function {
    Function::builder()
        .param(Param::new("sep", Type::String))
        .variadic(Param::new("parts", Type::String))
        .returns(Type::String)
        .build(|args| {
            let sep = args[0].as_str().unwrap_or_default();
            let parts: Vec<&str> = args[1..].iter().filter_map(|v| v.as_str()).collect();
            Ok(Value::from(parts.join(sep)))
        })
}

#[test]
fn arguments_are_converted_to_parameter_types() {
    let v = concat()
        .call(&[Value::from("-"), Value::from(1), Value::from(true)])
        .unwrap();
    assert_eq!(v, Value::from("1-true"));
}

#[test]
fn too_few_and_too_many_arguments() {
    assert_eq!(
        concat().call(&[]).unwrap_err().kind,
        FunctionErrorKind::NotEnoughArguments
    );
    let one = Function::builder()
        .param(Param::new("x", Type::Number))
        .build(|a| Ok(a[0].clone()));
    let err = one.call(&[Value::from(1), Value::from(2)]).unwrap_err();
    assert_eq!(err.kind, FunctionErrorKind::TooManyArguments);
    assert_eq!(err.arg, Some(1));
}

#[test]
fn null_is_rejected_unless_allowed() {
    let err = concat()
        .call(&[Value::null(Type::String), Value::from("a")])
        .unwrap_err();
    assert_eq!(err.arg, Some(0));
    assert_eq!(err.kind, FunctionErrorKind::InvalidArgument);
}

#[test]
fn unknown_arguments_give_unknown_results_without_calling() {
    let f = Function::builder()
        .param(Param::new("x", Type::Number))
        .returns(Type::Number)
        .build(|_| panic!("must not be called"));
    assert_eq!(
        f.call(&[Value::unknown(Type::Number)]),
        Ok(Value::unknown(Type::Number))
    );
    // Converted to the parameter's type like any argument: the result
    // is an unknown of the declared return type.
    assert_eq!(
        f.call(&[Value::dynamic()]),
        Ok(Value::unknown(Type::Number))
    );
}

#[test]
fn unknowns_nested_in_arguments_also_short_circuit() {
    let f = Function::builder()
        .param(Param::new("xs", Type::list(Type::Number)))
        .returns(Type::Number)
        .build(|_| panic!("must not be called"));
    let partly = Value::tuple([Value::from(1), Value::unknown(Type::Number)]);
    assert_eq!(f.call(&[partly]), Ok(Value::unknown(Type::Number)));
}

#[test]
fn mismatched_types_are_invalid_arguments() {
    let err = concat()
        .call(&[Value::from("-"), Value::tuple([Value::from(1)])])
        .unwrap_err();
    assert_eq!(err.arg, Some(1));
    assert!(err.message.contains("\"parts\""), "{}", err.message);
}
