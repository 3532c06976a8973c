//! Evaluation: [`EvalContext`], [`Function`], and the evaluation of JSON
//! expressions and of the native templates inside JSON strings.
//!
//! This layer turns an [`Expression`](crate::body::Expression) into a
//! [`Value`](crate::value::Value). It owns the evaluation mode (literal-only or full
//! expression), variable and function lookup, operators, conversions for
//! operands, unknown-value propagation, and the diagnostics of evaluation.
//!
//! Modules: `json` walks JSON values and decides which strings are
//! templates; `expr` is the walker over native syntax trees (literals,
//! variables, traversals, splats, constructors, conditionals), extended by
//! `template`, `ops` (with `logic` for the short-circuit `&&` and `||`),
//! `call` and `for_expr`.

mod call;
mod closure;
mod context;
mod expr;
mod for_expr;
mod function;
mod json;
mod logic;
mod ops;
mod template;

pub(crate) use call::{call_failure, unknown_function_detail};
pub use closure::ExpressionClosure;
pub use context::EvalContext;
pub(crate) use context::{Library, LibraryTable};
pub(crate) use function::{call_failed, ArgumentFn};
pub use function::{Function, FunctionBuilder, FunctionError, FunctionErrorKind, Param};
pub(crate) use json::{Evaluator, ObjectWalk};
