//! Helpers for the evaluation tests: evaluate attribute `a` of a JSON
//! document, or a template given as the text of a JSON string.
#![allow(dead_code)]

use hcl_json::eval::{Function, Param};
use hcl_json::{Diagnostic, EvalContext, Type, Value};

/// Evaluates attribute `a` of `src`.
pub(crate) fn eval_attr(src: &str, ctx: &EvalContext) -> Result<Value, hcl_json::Error> {
    let file = hcl_json::parse(src, "t.json")?;
    let attrs = file.body().just_attributes()?;
    attrs["a"].expr.value(ctx)
}

/// The JSON document `{"a": "<template>"}`, the template escaped.
pub(crate) fn doc(template: &str) -> String {
    format!("{{\"a\": {}}}", serde_json::to_string(template).unwrap())
}

/// Evaluates `template` as the content of a JSON string.
pub(crate) fn eval(template: &str, ctx: &EvalContext) -> Result<Value, hcl_json::Error> {
    eval_attr(&doc(template), ctx)
}

/// Evaluates `template`, which must succeed.
pub(crate) fn ok(template: &str, ctx: &EvalContext) -> Value {
    match eval(template, ctx) {
        Ok(v) => v,
        Err(e) => panic!("{template:?} failed:\n{e}"),
    }
}

/// Evaluates `template`, which must fail; its diagnostics.
pub(crate) fn errors(template: &str, ctx: &EvalContext) -> Vec<Diagnostic> {
    match eval(template, ctx) {
        Ok(v) => panic!("{template:?} succeeded with {v}"),
        Err(e) => e.diagnostics().to_vec(),
    }
}

/// The single diagnostic of a failing template, with its subject's text
/// in the document.
pub(crate) fn error(template: &str, ctx: &EvalContext) -> (Diagnostic, String) {
    let diags = errors(template, ctx);
    assert_eq!(diags.len(), 1, "{template:?}: {diags:#?}");
    let src = doc(template);
    let d = diags.into_iter().next().unwrap();
    let text = d
        .subject
        .as_ref()
        .map(|r| src[r.bytes()].to_string())
        .unwrap_or_default();
    (d, text)
}

/// `upper(str)`.
pub(crate) fn upper() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String))
        .returns(Type::String)
        .build(|args| {
            Ok(Value::from(
                args[0].as_str().unwrap_or_default().to_uppercase(),
            ))
        })
}

/// `join(sep, parts...)`.
pub(crate) fn join() -> Function {
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

/// A context with a few variables and functions.
pub(crate) fn ctx() -> EvalContext {
    EvalContext::new()
        .with_variable("name", "world")
        .with_variable("a", 1)
        .with_variable("b", 2)
        .with_variable("t", true)
        .with_variable("f", false)
        .with_variable("s", "5")
        .with_variable("nothing", Value::null(Type::String))
        .with_variable("items", Value::tuple(["a", "b", "c"].map(Value::from)))
        .with_variable(
            "list",
            Value::list(Type::String, ["x", "y"].map(Value::from)).unwrap(),
        )
        .with_variable(
            "set",
            Value::set(Type::Number, [3, 1, 2].map(Value::from)).unwrap(),
        )
        .with_variable(
            "map",
            Value::map(Type::Number, [("b", Value::from(2)), ("a", Value::from(1))]).unwrap(),
        )
        .with_variable(
            "obj",
            Value::object([("id", Value::from("o1")), ("n", Value::from(7))]),
        )
        .with_variable(
            "objs",
            Value::tuple([
                Value::object([
                    ("id", Value::from("i1")),
                    ("tags", Value::tuple([Value::from("t1")])),
                ]),
                Value::object([
                    ("id", Value::from("i2")),
                    ("tags", Value::tuple([Value::from("t2")])),
                ]),
            ]),
        )
        .with_variable("unum", Value::unknown(Type::Number))
        .with_variable("ustr", Value::unknown(Type::String))
        .with_variable("ubool", Value::unknown(Type::Bool))
        .with_variable("ulist", Value::unknown(Type::list(Type::String)))
        .with_variable("dyn", Value::dynamic())
        .with_function("upper", upper())
        .with_function("join", join())
}
