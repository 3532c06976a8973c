//! Function calls: looking the function up, evaluating and expanding the
//! arguments (`f(a, list...)`), calling [`Function::call`] (or handing the
//! unevaluated arguments to a function that takes closures, like `try`),
//! and turning a [`FunctionError`] into HCL's diagnostics with the range of
//! the argument at fault.

use super::context::Env;
use std::borrow::Cow;

use super::expr::Eval;
use super::function::{Arguments, Function, FunctionError, FunctionErrorKind};
use super::json::settle;
use super::ExpressionClosure;
use crate::body::OriginRef;
use crate::diag::{did_you_mean, suggestion, DiagnosticKind, Diagnostics, Error};
use crate::native::{Call, Expr, ExprKind, Span};
use crate::value::{limits, Value};

impl Eval<'_> {
    pub(super) fn call(&mut self, call: &Call, span: Span, ctx: &Env<'_>) -> Value {
        let Some(function) = self.function(call, span, ctx) else {
            return Value::dynamic();
        };
        if function.takes_closures() {
            return self.call_with_closures(function, call, span, ctx);
        }
        // HCL counts the arguments before it evaluates them (after the
        // expanding one, whose elements count: see `expanded_arguments`).
        if !call.expand_final {
            if let Err(e) = function.check_arity(call.args.len()) {
                self.function_error(function, call, span, call.args.len(), e);
                return Value::dynamic();
            }
        }
        let mark = self.mark();
        let result = match &call.args[..] {
            // One argument is lent to the function when it is a variable.
            [arg] if !call.expand_final => {
                let value = self.value_cow(arg, ctx);
                if let Cow::Borrowed(v) = value {
                    // Charged as the copy `value` would have made.
                    if !self.charged(limits::charge_value(v), arg.span) {
                        return Value::dynamic();
                    }
                }
                if self.failed_since(mark) {
                    return Value::dynamic();
                }
                function.call_one(value)
            }
            _ if call.expand_final => {
                let Some(args) = self.expanded_arguments(function, call, span, ctx) else {
                    return Value::dynamic();
                };
                function.call_owned(args)
            }
            _ => {
                let args: Arguments = call.args.iter().map(|a| self.value(a, ctx)).collect();
                if self.failed_since(mark) {
                    return Value::dynamic();
                }
                function.call_owned(args)
            }
        };
        match result {
            Ok(v) => v,
            Err(_) if limits::exceeded().is_some() => {
                self.limit_error(span);
                Value::dynamic()
            }
            Err(e) => {
                self.function_error(function, call, span, call.args.len(), e);
                Value::dynamic()
            }
        }
    }

    /// The function called, or `None` after reporting why there is none.
    fn function<'c>(&mut self, call: &Call, span: Span, ctx: &Env<'c>) -> Option<&'c Function> {
        if !ctx.is_literal() {
            if let Some(f) = ctx.function(&call.name.name) {
                return Some(f);
            }
        }
        if ctx.is_literal() || !ctx.has_functions() {
            self.error_of(
                DiagnosticKind::FunctionCallsNotAllowed,
                "Function calls not allowed",
                "Functions may not be called here.",
                span,
            );
            return None;
        }
        let detail = unknown_function_message(&call.name.name, ctx);
        let kind = DiagnosticKind::UnknownFunction;
        self.error_in_of(
            kind,
            "Call to unknown function",
            detail,
            call.name.span,
            span,
        );
        None
    }

    /// The arguments of a call whose last argument expands (`f(xs...)`),
    /// in HCL's order: the expanding argument first (an unknown one makes
    /// the result unknown, one that is not a sequence is an error), then
    /// the count of the arguments it makes, then the others. `None` when
    /// the call cannot be made (reported when that is an error).
    fn expanded_arguments(
        &mut self,
        function: &Function,
        call: &Call,
        span: Span,
        ctx: &Env<'_>,
    ) -> Option<Arguments> {
        let (last_expr, others) = call.args.split_last()?;
        let mark = self.mark();
        let last = self.value(last_expr, ctx);
        if self.failed_since(mark) {
            return None;
        }
        // The sequence's own marks go onto each of its elements, as HCL
        // does, so that they reach the call.
        let (last, marks) = last.unmark();
        let elements = match last {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => items,
            Value::Unknown(_) => return None,
            Value::Null(_) => {
                self.error_in(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must not be null.",
                    last_expr.span,
                    span,
                );
                return None;
            }
            _ => {
                self.error_in(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                    last_expr.span,
                    span,
                );
                return None;
            }
        };
        let given = others.len() + elements.len();
        if let Err(e) = function.check_arity(given) {
            self.function_error(function, call, span, given, e);
            return None;
        }
        let mut args: Arguments = others.iter().map(|a| self.value(a, ctx)).collect();
        if self.failed_since(mark) {
            return None;
        }
        args.extend(elements.into_iter().map(|v| v.mark(marks)));
        Some(args)
    }

    /// Calls a function that evaluates its own arguments: each argument
    /// becomes an [`ExpressionClosure`] over the current scope.
    fn call_with_closures(
        &mut self,
        function: &Function,
        call: &Call,
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        if call.expand_final {
            let last = call.args.last().map_or(span, |a| a.span);
            self.error_in(
                "Invalid expanding argument value",
                format!(
                    "Function {:?} takes its arguments as expressions, so its last argument cannot be expanded with ....",
                    call.name.name
                ),
                last,
                span,
            );
            return Value::dynamic();
        }
        // A call is a step, whatever the function does with its closures.
        if !self.charged(limits::charge_steps(1), span) {
            return Value::dynamic();
        }
        if let Err(e) = function.check_arity(call.args.len()) {
            self.function_error(function, call, span, call.args.len(), e);
            return Value::dynamic();
        }
        // A function that asks for its arguments during the call only
        // has them evaluated where they are written.
        let origin = self.origin;
        let lazy = function.call_lazy(call.args.len(), &mut |i| {
            argument_value(origin, &call.args[i], ctx)
        });
        let result = if let Some(result) = lazy {
            result
        } else {
            // The closures outlive this walk: they get the names in
            // scope, `for` variables included, as a context of their own.
            let context = ctx.context();
            super::function::note_closures_made();
            let closures: Vec<ExpressionClosure> = call
                .args
                .iter()
                .map(|arg| ExpressionClosure {
                    expression: self.origin.expression(arg.clone()),
                    context: context.clone(),
                })
                .collect();
            function.call_closures(&closures)
        };
        match result {
            Ok(v) => v,
            Err(e) => {
                // The function's own diagnostics (those without a range)
                // go on the call; a failure of the call gets HCL's wording
                // with the name it was called by.
                let call_range = self.range(span);
                let start = call_start(self.origin.text().as_bytes(), call, span);
                let start_range = self.range(start);
                for mut diag in e.into_diagnostics() {
                    if diag.subject.is_none() {
                        diag.subject = Some(call_range.clone());
                        if let DiagnosticKind::FunctionCallFailed { reason } = &diag.kind {
                            diag.detail = call_failed_detail(&call.name.name, reason);
                            diag.subject = Some(start_range.clone());
                            diag.context = Some(call_range.clone());
                        }
                    }
                    self.diags.push(diag);
                }
                Value::dynamic()
            }
        }
    }

    /// Reports a failed call with HCL's wording ([`call_failure`]).
    #[cold]
    fn function_error(
        &mut self,
        function: &Function,
        call: &Call,
        span: Span,
        given: usize,
        e: FunctionError,
    ) {
        let text = self.origin.text().as_bytes();
        let failure = call_failure(text, function, call, span, given, e);
        self.error_in_of(
            failure.kind,
            failure.summary,
            failure.detail,
            failure.subject,
            span,
        );
    }
}

/// A failed call as HCL reports it: what kind of failure, its summary and
/// detail, and where within the call it points.
pub(crate) struct CallFailure {
    pub kind: DiagnosticKind,
    pub summary: &'static str,
    pub detail: String,
    pub subject: Span,
}

/// How HCL reports `e` from calling `function` at `call` (spanning `span`
/// in `text`, the source its spans index), for evaluation and for checks
/// alike: an error about argument `i` (`arg: Some(i)`) is an "Invalid
/// function argument" on that argument, any other failure an "Error in
/// function call" on the call's name and parenthesis (as hclsyntax does
/// with go-cty's `ArgError`s and plain errors), and a wrong count of
/// arguments HCL's own words. `given` is the number of arguments the call
/// made (an expanding argument's elements counted), for the parameter
/// missing.
#[cold]
pub(crate) fn call_failure(
    text: &[u8],
    function: &Function,
    call: &Call,
    span: Span,
    given: usize,
    e: FunctionError,
) -> CallFailure {
    let name = &call.name.name;
    let params = function.params();
    // The expression argument `i` came from: after `list...`, every
    // argument from the last expression on came from it. An index past
    // the arguments (a bug in the function) falls back to the call.
    let arg_span = |i: usize| {
        let expr = if call.expand_final {
            call.args.get(i).or(call.args.last())
        } else {
            call.args.get(i)
        };
        expr.map_or(span, |a| argument_subject(text, a))
    };
    match (e.kind, e.arg) {
        (FunctionErrorKind::NotEnoughArguments, _) => {
            let missing = params.get(given).map_or("", |p| p.name.as_str());
            let qualifier = if function.variadic().is_some() {
                " at least"
            } else {
                ""
            };
            CallFailure {
                kind: DiagnosticKind::WrongArgumentCount,
                summary: "Not enough function arguments",
                detail: format!(
                    "Function {name:?} expects{qualifier} {} argument(s). Missing value for {missing:?}.",
                    params.len()
                ),
                subject: Span::new(span.end.saturating_sub(1), span.end),
            }
        }
        (FunctionErrorKind::TooManyArguments, arg) => CallFailure {
            kind: DiagnosticKind::WrongArgumentCount,
            summary: "Too many function arguments",
            detail: format!(
                "Function {name:?} expects only {} argument(s).",
                params.len()
            ),
            subject: arg_span(arg.unwrap_or(params.len())),
        },
        (FunctionErrorKind::InvalidArgument | FunctionErrorKind::Failed, Some(i))
            if function.param_for(i).is_some() =>
        {
            let param = function.param_for(i).map_or("", |p| p.name.as_str());
            CallFailure {
                kind: DiagnosticKind::InvalidFunctionArgument,
                summary: "Invalid function argument",
                detail: argument_detail(param, &e.message),
                subject: arg_span(i),
            }
        }
        _ => CallFailure {
            detail: call_failed_detail(name, &e.message),
            kind: DiagnosticKind::FunctionCallFailed { reason: e.message },
            summary: CALL_FAILED,
            subject: call_start(text, call, span),
        },
    }
}

/// The name and opening parenthesis of a call: HCL's subject for a call
/// that failed as a whole (the whole call is the context).
fn call_start(text: &[u8], call: &Call, span: Span) -> Span {
    let name_end = call.name.span.end as usize;
    let paren = text
        .get(name_end..span.end as usize)
        .and_then(|rest| rest.iter().position(|&b| b == b'('))
        .map_or(name_end, |i| name_end + i + 1);
    Span::new(call.name.span.start, paren as u32)
}

/// Where an error about an argument points: the argument, or, for a
/// quoted string, its content (as HCL, which blames the template's first
/// part).
fn argument_subject(text: &[u8], arg: &Expr) -> Span {
    let quoted = matches!(arg.kind, ExprKind::Template(_))
        && text.get(arg.span.start as usize) == Some(&b'"')
        && arg.span.end >= arg.span.start + 2;
    if quoted {
        Span::new(arg.span.start + 1, arg.span.end - 1)
    } else {
        arg.span
    }
}

/// Why there is no function `name`, in HCL 2.20's words: a namespaced
/// name (`provider::aws::arn_parse`) is told apart by whether its
/// namespace has any function at all.
pub(crate) fn unknown_function_detail(name: &str, available: &[&str]) -> String {
    let Some(sep) = name.rfind("::") else {
        let suggestion = suggestion(name, available.iter().copied());
        return format!("There is no function named {name:?}.{suggestion}");
    };
    let (namespace, short) = name.split_at(sep + 2);
    let in_namespace: Vec<&str> = available
        .iter()
        .filter_map(|f| f.strip_prefix(namespace))
        .collect();
    if in_namespace.is_empty() {
        return format!("There are no functions in namespace {namespace:?}.");
    }
    let suggestion = did_you_mean(short, in_namespace.iter().copied())
        .map(|s| format!(" Did you mean {namespace}{s}?"))
        .unwrap_or_default();
    format!("There is no function named {short:?} in namespace {namespace}.{suggestion}")
}

/// Unknown-function details by (function table identity, unknown name).
type Suggestions = std::collections::HashMap<(usize, String), String>;

thread_local! {
    /// Suggestions for unknown function names, per outermost evaluation
    /// (the `u64` is its generation): `can(nosuchfn(x))` in a loop of a
    /// million iterations looks the name up once, not a million times.
    /// The functions an evaluation can call do not change while it runs
    /// (`for` scopes add variables only), but a nested context could add
    /// some, so the key includes the identity of the function scopes.
    static SUGGESTIONS: std::cell::RefCell<(u64, Suggestions)> =
        std::cell::RefCell::new((0, Suggestions::new()));
}

/// [`unknown_function_detail`] for `name` in `ctx`, computed once per
/// distinct name and function table within one evaluation.
fn unknown_function_message(name: &str, ctx: &Env<'_>) -> String {
    if let Some(detail) = ctx.absent_function_detail(name) {
        return detail.to_owned();
    }
    let generation = limits::generation();
    let key = (ctx.functions_identity(), name.to_owned());
    SUGGESTIONS.with(|cell| {
        let mut cache = cell.borrow_mut();
        if cache.0 != generation {
            *cache = (generation, Suggestions::new());
        }
        cache
            .1
            .entry(key)
            .or_insert_with(|| unknown_function_detail(name, &ctx.function_names()))
            .clone()
    })
}

/// The summary of a call that failed as a whole rather than because of one
/// argument (a [`FunctionError`] without an argument index).
const CALL_FAILED: &str = "Error in function call";

/// `Call to function "name" failed: reason.`, HCL's detail for
/// [`CALL_FAILED`].
fn call_failed_detail(name: &str, message: &str) -> String {
    format!(
        "Call to function {name:?} failed: {}.",
        message.trim_end_matches('.')
    )
}

/// `Invalid value for "param" parameter: reason.`, unless the message
/// already says so (as [`Function::call`]'s conversion errors do).
fn argument_detail(param: &str, message: &str) -> String {
    let message = message.trim_end_matches('.');
    if message.starts_with("Invalid value for ") {
        format!("{message}.")
    } else {
        format!("Invalid value for {param:?} parameter: {message}.")
    }
}

/// The value of `arg`, an argument of a call evaluated in `ctx`, as the
/// [`value`](ExpressionClosure::value) of a closure of it gives it: with
/// diagnostics of its own (an error is the argument's failure, for the
/// function to handle), inside the call's budget.
fn argument_value(origin: OriginRef<'_>, arg: &Expr, ctx: &Env<'_>) -> Result<Value, Error> {
    let limit_error = |e: limits::Exceeded| {
        e.error_at(origin.range(arg.span))
            .with_source(origin.diag_source())
    };
    let len = arg.span.end.saturating_sub(arg.span.start) as usize;
    let meter = limits::enter(ctx.limits(), len).map_err(limit_error)?;
    let mut diags = Diagnostics::new();
    let value = Eval::new(origin, &mut diags).value(arg, ctx);
    if diags.is_empty() && limits::exceeded().is_none() {
        return Ok(value);
    }
    settle(diags, value, meter, limit_error, || origin.diag_source())
}
