//! `try` and `can` (HCL's `tryfunc` extension): functions that evaluate
//! their arguments themselves, so that an error in an argument is something
//! they can handle rather than a failure of the whole expression.
//!
//! Both are ordinary [`Function`]s that take their arguments unevaluated,
//! as those built with
//! [`FunctionBuilder::build_with_closures`](crate::eval::FunctionBuilder::build_with_closures)
//! do: [`Function::call_closures`] gives them each argument as an
//! [`ExpressionClosure`] (the expression and the caller's scope). Called
//! from an expression, they ask the evaluator for an argument's value
//! where it is written instead, with the same outcome, so that a call
//! copies no argument's tree into a closure; the evaluator knows nothing
//! else of them. Add them to a context under the names of your choice
//! (`EvalContext::with_stdlib` adds them as `try` and `can`).
//!
//! Unknown values: an argument that evaluates without error to a value
//! that is not wholly known makes the result unknown (`try`: the dynamic
//! value; `can`: an unknown bool), since whether it would succeed with the
//! final values cannot be decided yet.

use crate::diag::{Diagnostic, Error};
#[cfg(doc)]
use crate::eval::ExpressionClosure;
use crate::eval::{ArgumentFn, Function, Param};
use crate::value::{limits, Type, Value};

/// `try(expressions...)`: the value of the first argument that evaluates
/// without error. When none does, or when there is no argument, the call
/// fails with HCL's "Error in function call"; when none does, its detail
/// lists every argument's errors.
///
/// ```
/// use hcl_json::ext::tryfunc::try_function;
/// use hcl_json::{EvalContext, Value};
///
/// let ctx = EvalContext::new()
///     .with_variable("config", Value::object([("port", Value::from(80))]))
///     .with_function("try", try_function());
/// let file = hcl_json::parse(
///     r#"{"port": "${try(config.port, 8080)}", "name": "${try(config.name, \"web\")}"}"#,
///     "t.json",
/// )?;
/// let attrs = file.body().just_attributes()?;
/// assert_eq!(attrs["port"].expr.value(&ctx)?, Value::from(80));
/// assert_eq!(attrs["name"].expr.value(&ctx)?, Value::from("web"));
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn try_function() -> Function {
    Function::builder()
        .pure()
        .description(
            "Evaluates each argument in turn and returns the value of the first one that succeeds.",
        )
        .variadic(
            Param::new("expressions", Type::Dynamic)
                .describe("The expressions to try, in order.")
                .allow_null()
                .allow_unknown(),
        )
        .build_lazy(try_impl)
}

/// `can(expression)`: whether the argument evaluates without error.
///
/// ```
/// use hcl_json::ext::tryfunc::can_function;
/// use hcl_json::{EvalContext, Value};
///
/// let ctx = EvalContext::new()
///     .with_variable("config", Value::object([("port", Value::from(80))]))
///     .with_function("can", can_function());
/// let file = hcl_json::parse(r#"{"a": "${can(config.port)}", "b": "${can(config.nope)}"}"#, "t.json")?;
/// let attrs = file.body().just_attributes()?;
/// assert_eq!(attrs["a"].expr.value(&ctx)?, Value::from(true));
/// assert_eq!(attrs["b"].expr.value(&ctx)?, Value::from(false));
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn can_function() -> Function {
    Function::builder()
        .pure()
        .description("Returns whether its argument evaluates without error.")
        .param(
            Param::new("expression", Type::Dynamic)
                .describe("The expression to test.")
                .allow_null()
                .allow_unknown(),
        )
        .returns(Type::Bool)
        .build_lazy(can_impl)
}

/// `try` of `count` arguments, `argument` giving the value of each.
fn try_impl(count: usize, argument: &mut ArgumentFn<'_>) -> Result<Value, Error> {
    if count == 0 {
        return Err(call_failed("at least one argument is required."));
    }
    let mut failures = Vec::new();
    for i in 0..count {
        match argument(i) {
            Ok(v) if v.is_wholly_known() => return Ok(v),
            Ok(_) => return Ok(Value::dynamic()),
            // A spent budget is not an error `try` can recover from: the
            // next argument would be refused too, and catching it would
            // let an expression go on working past its limit.
            Err(e) if limits::exceeded().is_some() => return Err(e),
            Err(e) => failures.extend(e.into_diagnostics()),
        }
    }
    Err(no_valid_alternative(&failures))
}

/// `can` of `count` arguments (one), `argument` giving the value of each.
fn can_impl(count: usize, argument: &mut ArgumentFn<'_>) -> Result<Value, Error> {
    Ok(match (count > 0).then(|| argument(0)) {
        Some(Ok(v)) if v.is_wholly_known() => Value::Bool(true),
        Some(Ok(_)) => Value::unknown(Type::Bool),
        // As for `try`: a spent budget is not a `false`.
        Some(Err(e)) if limits::exceeded().is_some() => return Err(e),
        _ => Value::Bool(false),
    })
}

/// A failure of the call itself, in the form the evaluator completes with
/// the function's name and the call's range (see
/// [`FunctionBuilder::build_with_closures`](crate::eval::FunctionBuilder::build_with_closures)).
#[cold]
fn call_failed(detail: impl Into<String>) -> Error {
    crate::eval::call_failed(detail)
}

/// The error of a `try` none of whose arguments succeeded: every
/// argument's diagnostics, one per item, so the user can fix the one they
/// expected to succeed. The caller puts it on the call's range.
#[cold]
fn no_valid_alternative(failures: &[Diagnostic]) -> Error {
    let mut detail = String::from("none of the given expressions produced a valid result:\n");
    for d in failures {
        match &d.subject {
            Some(range) => {
                detail.push_str(&format!("- {} (at {range})\n  {}\n", d.summary, d.detail));
            }
            None => detail.push_str(&format!("- {}\n  {}\n", d.summary, d.detail)),
        }
    }
    detail.push_str("\nAt least one expression must produce a successful result.");
    call_failed(detail)
}
