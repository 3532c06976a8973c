//! Evaluation: [`EvalContext`], [`Function`], and the evaluation of JSON
//! expressions and of the native templates inside JSON strings.
//!
//! This layer turns an [`Expression`](crate::Expression) into a
//! [`Value`](crate::Value). It owns the evaluation mode (literal-only or full
//! expression), variable and function lookup, operators, conversions for
//! operands, unknown-value propagation, and the diagnostics of evaluation.

mod closure;
mod context;
mod function;
mod json;

pub use closure::ExpressionClosure;
pub use context::EvalContext;
pub use function::{Function, FunctionBuilder, FunctionError, FunctionErrorKind, Param};
