//! Functions that evaluate syntax at run time: `templatestring` (render a
//! string as a template with the given variables) and `convert` (HCL's
//! `typeexpr` function: convert a value to a type written as a type
//! expression). Both take their arguments unevaluated, as
//! [`ExpressionClosure`]s: `templatestring` needs the caller's functions
//! for the template and insists, as Terraform does, that its first
//! argument is a reference rather than a template literal; `convert` reads
//! its second argument as a type, not a value.
//!
//! Terraform allows only a single reference (such as
//! `data.aws_s3_object.example.body`) as the template argument, to steer
//! authors away from rendering templates twice; OpenTofu takes any string.
//! Terraform's rule is followed here.
//!
//! A template rendered by `templatestring` (or by the opt-in
//! `templatefile`, see [`super::filesystem`]) sees exactly the variables it
//! is given and the caller's functions, except that neither template
//! function may be called from inside it (Terraform's rule, which rules out
//! unbounded recursion).

use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::eval::{EvalContext, ExpressionClosure, Function, Param};
use crate::ext::typeexpr::TypeConstraint;
use crate::json::write_string;
use crate::value::{Str, Type, Value};

/// `templatestring` and `convert`.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![("convert", convert()), ("templatestring", templatestring())]
}

/// The names of the template functions, which a rendered template may not
/// call.
pub(crate) const TEMPLATE_FUNCTIONS: [&str; 2] = ["templatefile", "templatestring"];

fn call_error(detail: impl Into<String>) -> Error {
    crate::eval::call_failed(detail)
}

fn arg_error(expr: &ExpressionClosure, detail: impl Into<String>) -> Error {
    Error::new(
        Diagnostic::error(
            "Invalid function argument",
            detail,
            Some(expr.expression.range()),
        )
        .with_kind(DiagnosticKind::InvalidFunctionArgument),
    )
}

fn templatestring() -> Function {
    Function::builder()
        .pure()
        .description("Renders a string as a template, with the given variables.")
        .param(
            Param::new("template", Type::String)
                .describe("A reference to a string holding the template."),
        )
        .param(Param::new("vars", Type::Dynamic).describe("An object of template variables."))
        .returns(Type::Dynamic)
        .build_with_closures(|args| {
            if args[0].expression.abs_traversal().is_err() {
                return Err(arg_error(
                    &args[0],
                    "Invalid value for \"template\" parameter: the template must be a reference to a named value holding a string (such as local.template), not a template literal or another expression.",
                ));
            }
            let template = args[0].value()?;
            let vars = args[1].value()?;
            let text = match &template {
                Value::String(s) => s.to_string(),
                v if !v.is_known() => return Ok(Value::dynamic()),
                v if v.is_null() => {
                    return Err(arg_error(
                        &args[0],
                        "Invalid value for \"template\" parameter: argument must not be null.",
                    ))
                }
                v => {
                    return Err(arg_error(
                        &args[0],
                        format!(
                            "Invalid value for \"template\" parameter: a string is required, not {}.",
                            v.ty()
                        ),
                    ))
                }
            };
            render(&text, "templatestring", &vars, &args[1], &args[0].context)
        })
}

/// Renders `text` as a template (named `filename` in diagnostics) with
/// `vars` (an object or map; `vars_arg` is its argument, for error ranges)
/// and the functions of `caller`, minus the template functions.
pub(crate) fn render(
    text: &str,
    filename: &str,
    vars: &Value,
    vars_arg: &ExpressionClosure,
    caller: &EvalContext,
) -> Result<Value, Error> {
    if !vars.is_wholly_known() {
        return Ok(Value::dynamic());
    }
    let entries: Vec<(Str, Value)> = match vars {
        Value::Object(attrs) => attrs.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Value::Map(_, entries) => entries
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        _ => {
            return Err(arg_error(
                vars_arg,
                "Invalid value for \"vars\" parameter: vars must be an object or a map.",
            ))
        }
    };
    for (name, _) in &entries {
        if !is_identifier(name) {
            return Err(arg_error(
                vars_arg,
                format!("Invalid value for \"vars\" parameter: invalid template variable name {name:?}: must start with a letter, followed by zero or more letters, digits, and underscores."),
            ));
        }
    }
    let mut ctx = EvalContext::new().with_variables(entries);
    for name in caller.function_names() {
        if let Some(f) = caller.function(name) {
            if !TEMPLATE_FUNCTIONS.contains(&name) {
                ctx = ctx.with_function(name, f.clone());
            }
        }
    }
    for name in TEMPLATE_FUNCTIONS {
        ctx = ctx.with_function(name, recursion_guard(name));
    }
    // The template is the content of a one-attribute JSON document: the
    // JSON syntax already evaluates a string as a template, and its
    // diagnostics then point into a source named after the function.
    let mut doc = String::with_capacity(text.len() + 16);
    doc.push_str("{\"template\": ");
    let _ = write_string(&mut doc, text);
    doc.push('}');
    let file = crate::body::parse(&doc, filename)?;
    let attrs = file.body().just_attributes()?;
    match attrs.get("template") {
        Some(attr) => attr.expr.value(&ctx),
        None => Err(call_error("the template could not be read")),
    }
}

/// A stand-in for a template function inside a rendered template.
fn recursion_guard(name: &'static str) -> Function {
    Function::builder()
        .variadic(
            Param::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown(),
        )
        .build_with_closures(move |_| {
            Err(call_error(format!(
                "cannot recursively call {name} from inside another template function"
            )))
        })
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(char::is_alphabetic)
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

fn convert() -> Function {
    Function::builder()
        .pure()
        .description(
            "Converts a value to the type given as a type expression, such as list(string).",
        )
        .param(
            Param::new("value", Type::Dynamic)
                .describe("The value to convert.")
                .allow_null()
                .allow_unknown(),
        )
        .param(
            Param::new("type", Type::Dynamic).describe("A type expression, such as map(number)."),
        )
        .returns(Type::Dynamic)
        .build_with_closures(|args| {
            let constraint = TypeConstraint::parse(&args[1].expression)?;
            let value = args[0].value()?;
            constraint.convert(&value).map_err(|e| {
                // What was required, as HCL's `convert` words it: the
                // conversion's own reason ("object required, but have
                // number"), not the "Unsuitable value" sentence around it.
                let reason = e.diagnostics().first().map(|d| match &d.kind {
                    DiagnosticKind::UnsuitableValue { reason } => format!("{reason}."),
                    _ => d.detail.clone(),
                });
                arg_error(
                    &args[0],
                    format!(
                        "Invalid value for \"value\" parameter: {}",
                        reason.unwrap_or_default()
                    ),
                )
            })
        })
}
