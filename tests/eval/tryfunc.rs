//! `try` and `can` (the tryfunc extension), built on functions that take
//! their arguments as expression closures.

use crate::eval_common;

use eval_common::*;
use hcl_json::ext::tryfunc::{can_function, try_function};
use hcl_json::{EvalContext, Type, Value};

fn tctx() -> EvalContext {
    ctx()
        .with_function("try", try_function())
        .with_function("can", can_function())
}

#[test]
fn try_returns_the_first_argument_that_succeeds() {
    assert_eq!(
        ok("${try(obj.nope, items[9], obj.id)}", &tctx()),
        Value::from("o1")
    );
    assert_eq!(ok("${try(a, nosuch)}", &tctx()), Value::from(1));
}

#[test]
fn try_sees_the_scope_of_a_for_expression() {
    assert_eq!(
        ok("${[for o in objs : try(o.missing, o.id)]}", &tctx()),
        Value::tuple([Value::from("i1"), Value::from("i2")])
    );
}

#[test]
fn try_with_an_unknown_result_is_unknown() {
    assert_eq!(ok("${try(unum, 1)}", &tctx()), Value::dynamic());
}

/// When every argument fails, the call fails ("Error in function call",
/// on the call, as in HCL) and the detail lists each argument's errors.
#[test]
fn try_without_a_valid_alternative_is_an_error_in_the_call_listing_the_errors() {
    let (d, text) = error("${try(nosuch, obj.nope)}", &tctx());
    assert_eq!(d.summary, "Error in function call");
    assert!(
        d.detail.starts_with(
            "Call to function \"try\" failed: none of the given expressions produced a valid result:\n"
        ),
        "{}",
        d.detail
    );
    assert!(
        d.detail.contains("- Unknown variable (at t.json:1,14-20)"),
        "{}",
        d.detail
    );
    assert!(d.detail.contains("- Unsupported attribute"), "{}", d.detail);
    assert!(
        d.detail
            .ends_with("\n\nAt least one expression must produce a successful result."),
        "{}",
        d.detail
    );
    assert_eq!(text, "try(");
}

/// In a string with escapes, the closures `try` gets carry the string's
/// decoded text (the file keeps none), and their errors still point at
/// the source through the escapes.
#[test]
fn try_arguments_in_a_string_with_escapes_read_its_decoded_text() {
    assert_eq!(
        ok(r#"${try(obj["nope"], "fall\tback")}"#, &tctx()),
        Value::from("fall\tback")
    );
    let (d, _) = error(r#"${try(obj["nope"], nosuch)}"#, &tctx());
    // `{"a": "${try(obj[\"nope\"], nosuch)}"}`: `[\"nope\"]` is at
    // columns 17-27, `nosuch` at 29-35.
    for line in [
        "- Invalid index (at t.json:1,17-27)",
        "- Unknown variable (at t.json:1,29-35)",
    ] {
        assert!(d.detail.contains(line), "{}", d.detail);
    }
}

/// The detail names the function as it was called, whatever the name.
#[test]
fn try_failure_names_the_function_as_called() {
    let c = ctx().with_function("attempt", try_function());
    let (d, _) = error("${attempt(nosuch)}", &c);
    assert_eq!(d.summary, "Error in function call");
    assert!(
        d.detail
            .starts_with("Call to function \"attempt\" failed: "),
        "{}",
        d.detail
    );
}

/// `try()` is a failure of the call, not a missing argument, in HCL.
#[test]
fn try_without_arguments_is_an_error_in_the_call() {
    let (d, text) = error("${try()}", &tctx());
    assert_eq!(d.summary, "Error in function call");
    assert_eq!(
        d.detail,
        "Call to function \"try\" failed: at least one argument is required."
    );
    assert_eq!(text, "try(");
}

#[test]
fn can_tells_whether_its_argument_evaluates() {
    assert_eq!(ok("${can(obj.id)}", &tctx()), Value::from(true));
    assert_eq!(ok("${can(obj.nope)}", &tctx()), Value::from(false));
    assert_eq!(ok("${can(0 / 0)}", &tctx()), Value::from(false));
    assert_eq!(ok("${can(ustr)}", &tctx()), Value::unknown(Type::Bool));
}

#[test]
fn can_takes_exactly_one_argument() {
    let (d, _) = error("${can(a, b)}", &tctx());
    assert_eq!(d.summary, "Too many function arguments");
}

#[test]
fn closure_functions_cannot_be_called_with_values() {
    assert!(try_function().call(&[Value::from(1)]).is_err());
}

#[test]
fn try_and_can_called_with_closures_evaluate_them() {
    // What an application's own function taking closures does with them:
    // the same outcome as the evaluator's call.
    use hcl_json::eval::ExpressionClosure;
    let file = hcl_json::parse(r#"{"bad": "${nope}", "good": "${1 + 1}"}"#, "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    let closure = |name: &str| ExpressionClosure {
        expression: attrs[name].expr.clone(),
        context: tctx(),
    };
    let value = try_function().call_closures(&[closure("bad"), closure("good")]);
    assert_eq!(value.unwrap(), Value::from(2));
    assert!(try_function().call_closures(&[closure("bad")]).is_err());
    let can = |name: &str| can_function().call_closures(&[closure(name)]).unwrap();
    assert_eq!(can("bad"), Value::Bool(false));
    assert_eq!(can("good"), Value::Bool(true));
}
