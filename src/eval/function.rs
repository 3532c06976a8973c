//! [`Function`]: a function an expression can call, with the argument
//! checking of [HCL's information model](https://github.com/hashicorp/hcl/blob/main/spec.md), "Functions and Function
//! Calls".
//!
//! A function has positional [`Param`]s, an optional variadic one, a result
//! type definition and an implementation (any closure). [`Function::call`]
//! maps arguments onto parameters, converts each to its parameter's type,
//! rejects nulls where not allowed, and short-circuits unknown and dynamic
//! arguments into unknown results, so implementations only ever see the
//! values they declared they can handle.
//!
//! A function can instead take its arguments *unevaluated*, as
//! [`ExpressionClosure`]s ([`FunctionBuilder::build_with_closures`]): that is
//! how `try` and `can` (see [`crate::ext::tryfunc`]) decide for themselves
//! whether and how to evaluate them, without the evaluator knowing their
//! names. (Those two, which use their arguments during the call only, ask
//! the evaluator for each one's value where it is written instead of
//! taking closures, which would copy each argument's tree.)
//!
//! Marks (see [`Marks`]) are go-cty's: an argument
//! whose parameter does not [allow marks](Param::allow_marked) reaches the
//! implementation with every mark taken off, however deep, and the result
//! carries all of them (`upper(sensitive("x"))` is sensitive, and so is
//! `join("-", ["a", sensitive("b")])`); a parameter that allows them passes
//! the argument as it is, and the implementation decides (`sensitive` and
//! `issensitive` read them; `length` and `concat` put a collection's own
//! marks on their result and leave its elements' where they are, so
//! `length(["a", sensitive("b")])` is not sensitive).

use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

use super::ExpressionClosure;
use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::value::{convert_unsafe, limits, marks_may_exist, try_convert, Marks, Type, Value};

/// One parameter of a [`Function`].
// One flag per kind of argument a parameter accepts, as go-cty's
// `function.Parameter` has them.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The name, for documentation and error messages.
    pub name: String,
    /// A one-line description, for documentation.
    pub description: String,
    /// The type specification arguments must match (after conversion);
    /// `Type::Dynamic` accepts anything.
    pub ty: Type,
    /// Whether a null argument is passed to the implementation (otherwise it
    /// is an error).
    pub allow_null: bool,
    /// Whether an unknown argument is passed to the implementation
    /// (otherwise the result is unknown without calling it).
    pub allow_unknown: bool,
    /// Whether the dynamic value (an unknown of unknown type) is passed to
    /// the implementation. Otherwise it is converted to the parameter's
    /// type like any unknown, and the result is an unknown of the declared
    /// return type without calling it (the dynamic value when the return
    /// type cannot be told yet).
    pub allow_dynamic: bool,
    /// Whether the argument reaches the implementation with its marks
    /// (otherwise they are taken off, however deep, and put on the
    /// result).
    pub allow_marked: bool,
}

impl Param {
    /// A parameter of type `ty` that accepts no nulls or unknowns.
    pub fn new(name: impl Into<String>, ty: Type) -> Param {
        Param {
            name: name.into(),
            description: String::new(),
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic: false,
            allow_marked: false,
        }
    }

    /// With a description.
    pub fn describe(mut self, description: impl Into<String>) -> Param {
        self.description = description.into();
        self
    }

    /// Accepting null arguments.
    pub fn allow_null(mut self) -> Param {
        self.allow_null = true;
        self
    }

    /// Accepting unknown arguments (and the dynamic value).
    pub fn allow_unknown(mut self) -> Param {
        self.allow_unknown = true;
        self.allow_dynamic = true;
        self
    }

    /// Accepting the dynamic value.
    pub fn allow_dynamic(mut self) -> Param {
        self.allow_dynamic = true;
        self
    }

    /// Accepting marked arguments as they are: the implementation sees
    /// the marks, and the result carries only those it puts there.
    pub fn allow_marked(mut self) -> Param {
        self.allow_marked = true;
        self
    }
}

/// Why a function call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionError {
    /// The index of the argument at fault, if one is (variadic arguments
    /// count from the first positional one).
    pub arg: Option<usize>,
    /// What is wrong, as a sentence fragment or sentence.
    pub message: String,
    /// What kind of failure it is.
    pub kind: FunctionErrorKind,
}

/// The kinds of [`FunctionError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FunctionErrorKind {
    /// Fewer arguments than positional parameters.
    NotEnoughArguments,
    /// More arguments than parameters, and no variadic parameter.
    TooManyArguments,
    /// An argument of the wrong type, or null where not allowed, or a value
    /// the function rejects.
    InvalidArgument,
    /// Any other failure of the implementation.
    Failed,
}

impl FunctionError {
    /// An error about argument `index`.
    pub fn arg(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError {
            arg: Some(index),
            message: message.into(),
            kind: FunctionErrorKind::InvalidArgument,
        }
    }

    /// An error about the call as a whole.
    pub fn new(message: impl Into<String>) -> FunctionError {
        FunctionError {
            arg: None,
            message: message.into(),
            kind: FunctionErrorKind::Failed,
        }
    }
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FunctionError {}

type ReturnTypeFn = dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync;
type ImplFn = dyn Fn(&[Value]) -> Result<Value, FunctionError> + Send + Sync;
type ClosureImplFn = dyn Fn(&[ExpressionClosure]) -> Result<Value, Error> + Send + Sync;
/// The value of argument `i`, evaluated when asked (see
/// [`Implementation::Lazy`]).
pub(crate) type ArgumentFn<'a> = dyn FnMut(usize) -> Result<Value, Error> + 'a;
type LazyImplFn = dyn Fn(usize, &mut ArgumentFn<'_>) -> Result<Value, Error> + Send + Sync;

/// How a function gets its arguments.
enum Implementation {
    /// Evaluated, checked and converted values.
    Values(Arc<ImplFn>),
    /// The argument expressions with the caller's context, unevaluated.
    Closures(Arc<ClosureImplFn>),
    /// The number of arguments, and a way to evaluate each one where it
    /// is written, as an [`ExpressionClosure`] of it would, during the
    /// call only: for this crate's `try` and `can`, which need nothing
    /// else of their arguments, so that the evaluator builds no closure
    /// (a copy of each argument's tree and a context of its own) per call.
    Lazy(Arc<LazyImplFn>),
}

/// A function for an [`EvalContext`](super::EvalContext).
///
/// ```
/// use hcl_json::eval::{Function, Param};
/// use hcl_json::{Type, Value};
///
/// let upper = Function::builder()
///     .description("Converts a string to upper case.")
///     .param(Param::new("str", Type::String))
///     .returns(Type::String)
///     .build(|args| Ok(Value::from(args[0].as_str().unwrap_or_default().to_uppercase())));
/// assert_eq!(upper.call(&[Value::from("hi")]), Ok(Value::from("HI")));
/// ```
#[derive(Clone)]
pub struct Function(Arc<FunctionDef>);

struct FunctionDef {
    description: String,
    params: Vec<Param>,
    variadic: Option<Param>,
    return_type: Arc<ReturnTypeFn>,
    implementation: Implementation,
    pure: bool,
}

thread_local! {
    /// How many calls of impure functions this thread has made (wrapping):
    /// an evaluation that leaves it as it found it called none, nested
    /// evaluations (`try`, `can`, closures) included.
    static IMPURE_CALLS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The count of impure calls made on this thread so far; see
/// [`FunctionBuilder::pure`].
pub(crate) fn impure_calls() -> u64 {
    IMPURE_CALLS.with(std::cell::Cell::get)
}

thread_local! {
    /// How many times this thread handed a function its arguments as
    /// closures (which it may keep, spans and all).
    static CLOSURES_MADE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Notes that a function is given its arguments as closures.
pub(super) fn note_closures_made() {
    CLOSURES_MADE.with(|n| n.set(n.get().wrapping_add(1)));
}

/// The count of calls given closures on this thread so far: an
/// evaluation that leaves it as it found it gave out none.
pub(super) fn closures_made() -> u64 {
    CLOSURES_MADE.with(std::cell::Cell::get)
}

/// Builds a [`Function`]; see [`Function::builder`].
pub struct FunctionBuilder {
    description: String,
    params: Vec<Param>,
    variadic: Option<Param>,
    return_type: Arc<ReturnTypeFn>,
    pure: bool,
}

impl std::fmt::Debug for FunctionBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FunctionBuilder")
            .field("description", &self.description)
            .field("params", &self.params)
            .field("variadic", &self.variadic)
            .field("pure", &self.pure)
            .finish_non_exhaustive()
    }
}

impl FunctionBuilder {
    /// A one-line description, for documentation.
    pub fn description(mut self, text: impl Into<String>) -> FunctionBuilder {
        self.description = text.into();
        self
    }

    /// Adds a positional parameter.
    pub fn param(mut self, param: Param) -> FunctionBuilder {
        self.params.push(param);
        self
    }

    /// Sets the variadic parameter, which takes every remaining argument.
    pub fn variadic(mut self, param: Param) -> FunctionBuilder {
        self.variadic = Some(param);
        self
    }

    /// The function always returns `ty`.
    pub fn returns(mut self, ty: Type) -> FunctionBuilder {
        self.return_type = Arc::new(move |_| Ok(ty.clone()));
        self
    }

    /// The result type depends on the (converted) arguments. Arguments may
    /// be unknown here (but never where the parameter does not allow it).
    pub fn returns_with(
        mut self,
        f: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> FunctionBuilder {
        self.return_type = Arc::new(f);
        self
    }

    /// Declares the function pure: called with equal arguments in equal
    /// contexts it returns equal values, and it has no effect. A JSON
    /// string whose template calls only pure functions may then be
    /// evaluated once for all the strings of its text in a file, in one
    /// context. The standard library's functions are pure (except the
    /// opt-in [`Filesystem`](crate::stdlib::Filesystem) and
    /// [`Unpredictable`](crate::stdlib::Unpredictable) grants); a function built
    /// without this is taken to be impure (`uuid`, `timestamp`, an
    /// environment lookup), and never has a result reused.
    pub fn pure(mut self) -> FunctionBuilder {
        self.pure = true;
        self
    }

    /// Finishes with the implementation, which gets the arguments converted
    /// to their parameters' types.
    pub fn build(
        self,
        implementation: impl Fn(&[Value]) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Function {
        self.finish(Implementation::Values(Arc::new(implementation)))
    }

    /// Finishes with an implementation that takes its arguments
    /// unevaluated: each is an [`ExpressionClosure`] of the argument
    /// expression and the caller's context, for the implementation to
    /// evaluate (or not) as it sees fit. Only the arity is checked (the
    /// parameters' types and flags are documentation); an `Err` is reported
    /// as it is, with the call's range put on diagnostics that have none.
    /// Such a diagnostic of kind
    /// [`DiagnosticKind::FunctionCallFailed`]
    /// is a failure of the call as a whole: its reason is reported as
    /// `Call to function "name" failed: reason.`, with the name the function
    /// was called by, as for a [`FunctionError::new`].
    ///
    /// ```
    /// use hcl_json::eval::{Function, Param};
    /// use hcl_json::{EvalContext, Type, Value};
    ///
    /// // `first_ok(a, b)`: the value of `a`, or of `b` if `a` fails.
    /// let first_ok = Function::builder()
    ///     .param(Param::new("a", Type::Dynamic))
    ///     .param(Param::new("b", Type::Dynamic))
    ///     .build_with_closures(|args| args[0].value().or_else(|_| args[1].value()));
    /// let ctx = EvalContext::new().with_function("first_ok", first_ok);
    /// let file = hcl_json::parse(r#"{"a": "${first_ok(nope, 2)}"}"#, "t.json")?;
    /// let attrs = file.body().just_attributes()?;
    /// assert_eq!(attrs["a"].expr.value(&ctx)?, Value::from(2));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn build_with_closures(
        self,
        implementation: impl Fn(&[ExpressionClosure]) -> Result<Value, Error> + Send + Sync + 'static,
    ) -> Function {
        self.finish(Implementation::Closures(Arc::new(implementation)))
    }

    /// A function that takes its arguments unevaluated as
    /// [`build_with_closures`](Self::build_with_closures) does, given
    /// their number and a function that evaluates argument `i` (as its
    /// closure's [`value`](ExpressionClosure::value) would) and may only
    /// be used during the call.
    pub(crate) fn build_lazy(
        self,
        implementation: impl Fn(usize, &mut ArgumentFn<'_>) -> Result<Value, Error>
            + Send
            + Sync
            + 'static,
    ) -> Function {
        self.finish(Implementation::Lazy(Arc::new(implementation)))
    }

    /// The function of this description with `implementation`.
    fn finish(self, implementation: Implementation) -> Function {
        Function(Arc::new(FunctionDef {
            description: self.description,
            params: self.params,
            variadic: self.variadic,
            return_type: self.return_type,
            implementation,
            pure: self.pure,
        }))
    }
}

impl Function {
    /// The function's identity: equal for clones of one function (the
    /// same function registered under two names).
    pub(crate) fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// A builder with no parameters and a dynamic result type.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            description: String::new(),
            params: Vec::new(),
            variadic: None,
            return_type: Arc::new(|_| Ok(Type::Dynamic)),
            pure: false,
        }
    }

    /// Whether the function is pure (see [`FunctionBuilder::pure`]).
    pub fn is_pure(&self) -> bool {
        self.0.pure
    }

    /// Notes, for this thread's evaluations, a call of this function.
    fn note_call(&self) {
        if !self.0.pure {
            IMPURE_CALLS.with(|n| n.set(n.get().wrapping_add(1)));
        }
    }

    /// The one-line description.
    pub fn description(&self) -> &str {
        &self.0.description
    }

    /// The positional parameters.
    pub fn params(&self) -> &[Param] {
        &self.0.params
    }

    /// The variadic parameter, if any.
    pub fn variadic(&self) -> Option<&Param> {
        self.0.variadic.as_ref()
    }

    /// The parameter that argument `index` maps to.
    pub fn param_for(&self, index: usize) -> Option<&Param> {
        self.0.params.get(index).or(self.0.variadic.as_ref())
    }

    /// Whether the function takes its arguments unevaluated (see
    /// [`FunctionBuilder::build_with_closures`]).
    pub fn takes_closures(&self) -> bool {
        matches!(
            self.0.implementation,
            Implementation::Closures(_) | Implementation::Lazy(_)
        )
    }

    /// Calls a function built with [`FunctionBuilder::build_lazy`] with
    /// `count` arguments, `argument` evaluating each (the arity is the
    /// caller's to check); `None` for any other function.
    pub(crate) fn call_lazy(
        &self,
        count: usize,
        argument: &mut ArgumentFn<'_>,
    ) -> Option<Result<Value, Error>> {
        let Implementation::Lazy(implementation) = &self.0.implementation else {
            return None;
        };
        self.note_call();
        Some(implementation(count, argument))
    }

    /// Checks that `count` arguments suit the parameters: at least one per
    /// positional parameter, and no more unless there is a variadic one.
    #[inline]
    pub fn check_arity(&self, count: usize) -> Result<(), FunctionError> {
        let def = &*self.0;
        let positional = def.params.len();
        if count == positional || (count > positional && def.variadic.is_some()) {
            return Ok(());
        }
        self.arity_error(count)
    }

    /// Why `count` arguments do not suit the parameters.
    #[cold]
    fn arity_error(&self, count: usize) -> Result<(), FunctionError> {
        let def = &*self.0;
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        if let Some(missing) = def.params.get(count) {
            return Err(FunctionError {
                arg: None,
                message: format!(
                    "Function requires {} argument{}, but {} {} given; the argument {:?} is missing.",
                    def.params.len(),
                    plural(def.params.len()),
                    count,
                    if count == 1 { "was" } else { "were" },
                    missing.name,
                ),
                kind: FunctionErrorKind::NotEnoughArguments,
            });
        }
        if count > def.params.len() && def.variadic.is_none() {
            return Err(FunctionError {
                arg: Some(def.params.len()),
                message: format!(
                    "Function takes {} argument{}, but {} were given.",
                    def.params.len(),
                    plural(def.params.len()),
                    count
                ),
                kind: FunctionErrorKind::TooManyArguments,
            });
        }
        Ok(())
    }

    /// Calls a function that takes its arguments unevaluated (for any other
    /// function, evaluates each closure and calls [`Function::call`]). The
    /// arity is checked first; errors are full diagnostics.
    pub fn call_closures(&self, args: &[ExpressionClosure]) -> Result<Value, Error> {
        let as_error = |e: FunctionError| {
            let (summary, kind) = match e.kind {
                FunctionErrorKind::NotEnoughArguments => (
                    "Not enough function arguments",
                    DiagnosticKind::WrongArgumentCount,
                ),
                FunctionErrorKind::TooManyArguments => (
                    "Too many function arguments",
                    DiagnosticKind::WrongArgumentCount,
                ),
                FunctionErrorKind::InvalidArgument => (
                    "Invalid function argument",
                    DiagnosticKind::InvalidFunctionArgument,
                ),
                FunctionErrorKind::Failed => return call_failed(e.message),
            };
            Error::new(Diagnostic::error(summary, e.message, None).with_kind(kind))
        };
        self.check_arity(args.len()).map_err(as_error)?;
        match &self.0.implementation {
            Implementation::Closures(implementation) => {
                self.note_call();
                implementation(args)
            }
            Implementation::Lazy(implementation) => {
                self.note_call();
                implementation(args.len(), &mut |i| args[i].value())
            }
            Implementation::Values(_) => {
                let values = args
                    .iter()
                    .map(ExpressionClosure::value)
                    .collect::<Result<Vec<_>, _>>()?;
                self.call(&values).map_err(as_error)
            }
        }
    }

    /// Calls the function as HCL's information model prescribes: arity, then each
    /// argument converted to its parameter's type (a null where none is
    /// allowed is an error), then the result type; an unknown argument whose
    /// parameter does not allow unknowns makes the result an unknown of the
    /// result type, and the dynamic value where it is not allowed makes it the
    /// dynamic value, without calling the implementation.
    pub fn call(&self, args: &[Value]) -> Result<Value, FunctionError> {
        self.call_owned(args.to_vec())
    }

    /// [`Function::call`] on arguments the caller no longer needs: each is
    /// converted in place, and one that already has its parameter's type
    /// is handed to the implementation as it is, not copied (an evaluated
    /// call's arguments are always such temporaries).
    pub(crate) fn call_owned(&self, args: impl Into<Arguments>) -> Result<Value, FunctionError> {
        self.call_list(ArgList::owned(args.into()))
    }

    /// [`Function::call`] on one argument, borrowed when it is (a
    /// variable): one that already has its parameter's type is handed to
    /// the implementation without being copied (`length(items)`,
    /// `upper(name)`).
    pub(crate) fn call_one(
        &self,
        arg: std::borrow::Cow<'_, Value>,
    ) -> Result<Value, FunctionError> {
        match arg {
            std::borrow::Cow::Owned(v) => self.call_list(ArgList {
                owned: smallvec::smallvec![v],
                one: None,
            }),
            std::borrow::Cow::Borrowed(v) => self.call_list(ArgList::one(v)),
        }
    }

    fn call_list(&self, mut args: ArgList<'_>) -> Result<Value, FunctionError> {
        self.note_call();
        let def = &*self.0;
        let Implementation::Values(implementation) = &def.implementation else {
            return Err(FunctionError::new(
                "This function takes its arguments as unevaluated expressions, so it can only be called from an expression.",
            ));
        };
        // Joins the running evaluation's budget (or starts one, for a call
        // made directly by an application): one step per call.
        let _meter = limits::join();
        limits::charge_steps(1).map_err(budget_error)?;
        self.check_arity(args.as_slice().len())?;
        let mut unknown = false;
        let mut dynamic = false;
        let mut marks = Marks::NONE;
        let may_be_marked = marks_may_exist();
        for i in 0..args.as_slice().len() {
            let Some(param) = self.param_for(i) else {
                break; // unreachable: the arity was checked
            };
            if may_be_marked && !param.allow_marked {
                marks |= args.unmark(i);
            }
            let arg = &args.as_slice()[i];
            if arg.is_null() && !param.allow_null {
                return Err(FunctionError::arg(
                    i,
                    format!(
                        "Invalid value for {:?} parameter: argument must not be null.",
                        param.name
                    ),
                ));
            }
            // As in cty: an argument with an unknown anywhere inside it
            // counts as unknown, so implementations that do not allow
            // unknowns never meet one, however deep.
            if matches!(arg, Value::Unknown(Type::Dynamic)) && !param.allow_dynamic {
                dynamic = true;
            } else if !param.allow_unknown && !arg.is_wholly_known() {
                unknown = true;
            }
            if !converts_unchanged(arg, &param.ty) {
                // The bare reason, as go-cty words it: `Invalid value for
                // "num" parameter: a number is required.`
                let slot = args.make_mut(i);
                let arg = std::mem::replace(slot, Value::Bool(false));
                *slot = convert_owned(arg, &param.ty).map_err(|e| {
                    FunctionError::arg(
                        i,
                        format!("Invalid value for {:?} parameter: {e}.", param.name),
                    )
                })?;
            }
        }
        let converted = args.as_slice();
        // A wholly unknown argument of dynamic type was converted to the
        // parameter's type like any other, so the result is an unknown of
        // the declared return type (`upper(d)` is an unknown string); only
        // when that type depends on what the argument turns out to be is
        // it the dynamic value.
        let result_type = match (def.return_type)(converted) {
            Ok(ty) => ty,
            Err(_) if dynamic => return Ok(Value::dynamic().mark(marks)),
            Err(e) => return Err(e),
        };
        if unknown || dynamic {
            return Ok(Value::unknown(result_type).mark(marks));
        }
        // The converted arguments are copies; the result is new.
        for arg in converted {
            limits::charge_value(arg).map_err(budget_error)?;
        }
        let result = implementation(converted)?;
        limits::charge_value(&result).map_err(budget_error)?;
        // (A primitive result checked without building its type.)
        let declared = match (&result_type, &result) {
            (Type::Dynamic, _)
            | (Type::String, Value::String(_))
            | (Type::Number, Value::Number(_))
            | (Type::Bool, Value::Bool(_)) => true,
            _ => result.ty() == result_type,
        };
        if declared {
            Ok(result.mark(marks))
        } else {
            // Implementations may build e.g. a tuple where a list is
            // declared; conversion makes the declared type hold.
            convert_unsafe(&result, &result_type)
                .map(|v| v.mark(marks))
                .map_err(|_| {
                    FunctionError::new(format!(
                        "The function returned a value of type {}, not of its declared type {}.",
                        result.ty(),
                        result_type
                    ))
                })
        }
    }
}

/// A call refused because the evaluation budget is spent (the evaluator
/// reports it as the limit, with the call's range).
#[cold]
fn budget_error(e: limits::Exceeded) -> FunctionError {
    FunctionError::new(e.detail())
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("description", &self.0.description)
            .field("params", &self.0.params)
            .field("variadic", &self.0.variadic)
            .finish()
    }
}

/// Whether conversion would return `arg` unchanged: any value for
/// `Dynamic`, a bool, number or string for its own type. Such an argument
/// is used as it is, not copied; every other case is [`try_convert`]'s.
fn converts_unchanged(arg: &Value, ty: &Type) -> bool {
    matches!(
        (arg, ty),
        (_, Type::Dynamic)
            | (Value::Bool(_), Type::Bool)
            | (Value::Number(_), Type::Number)
            | (Value::String(_), Type::String)
    )
}

/// [`try_convert`] of an argument the call owns: a non-empty list or tuple
/// whose elements all already have the primitive element type of the
/// `list(...)` wanted moves its elements into the list (`join(",", [for
/// ...])`) instead of copying each, and the dynamic unknown becomes the
/// unknown of the type wanted at once.
fn convert_owned(arg: Value, ty: &Type) -> Result<Value, crate::value::ConversionError> {
    // A wholly unknown value of no known type (an unknown variable, a
    // reference into one) is an unknown of any type wanted, as
    // `try_convert` makes it, without its walk.
    if matches!(arg, Value::Unknown(Type::Dynamic)) && *ty != Type::Dynamic {
        return Ok(Value::Unknown(ty.clone()));
    }
    if let Type::List(elem) = ty {
        let movable = match &arg {
            Value::Tuple(items) | Value::List(_, items) => {
                elem.is_primitive()
                    && !items.is_empty()
                    && items.iter().all(|item| converts_unchanged(item, elem))
            }
            _ => false,
        };
        if movable {
            if let Value::Tuple(items) | Value::List(_, items) = arg {
                return Ok(Value::List((**elem).clone(), items));
            }
        }
    }
    try_convert(&arg, ty, true)
}

/// The arguments of a call: owned (converted in place), or a lone borrowed
/// one, copied only if it has to be converted.
/// A call's owned arguments: up to three inline, so that most calls
/// (`upper(lower(x))`, `replace(s, "a", b)`) allocate no list.
pub(crate) type Arguments = SmallVec<[Value; 3]>;

struct ArgList<'a> {
    owned: Arguments,
    one: Option<&'a Value>,
}

impl<'a> ArgList<'a> {
    fn owned(args: Arguments) -> ArgList<'a> {
        ArgList {
            owned: args,
            one: None,
        }
    }

    fn one(arg: &'a Value) -> ArgList<'a> {
        ArgList {
            owned: SmallVec::new(),
            one: Some(arg),
        }
    }

    fn as_slice(&self) -> &[Value] {
        match self.one {
            Some(v) => std::slice::from_ref(v),
            None => &self.owned,
        }
    }

    /// Argument `i`, owned from now on.
    /// Takes every mark off argument `i` (copying it only if it has any)
    /// and gives them.
    #[cold]
    fn unmark(&mut self, i: usize) -> Marks {
        let found = self.as_slice()[i].marks_deep();
        if !found.is_empty() {
            if let Some(v) = self.one.take() {
                self.owned = smallvec::smallvec![v.clone()];
            }
            let slot = &mut self.owned[i];
            let arg = std::mem::replace(slot, Value::Bool(false));
            *slot = arg.unmark_deep().0;
        }
        found
    }

    fn make_mut(&mut self, i: usize) -> &mut Value {
        if let Some(v) = self.one.take() {
            self.owned = smallvec::smallvec![v.clone()];
        }
        &mut self.owned[i]
    }
}

/// The error of a call that failed as a whole: HCL's "Error in function
/// call", with the reason in its kind so that the evaluator can complete
/// the detail with the name the function was called by and put it on the
/// call's range.
#[cold]
pub(crate) fn call_failed(reason: impl Into<String>) -> Error {
    let reason = reason.into();
    Error::new(
        Diagnostic::error("Error in function call", reason.clone(), None)
            .with_kind(DiagnosticKind::FunctionCallFailed { reason }),
    )
}

#[cfg(test)]
#[path = "function_tests.rs"]
mod tests;
