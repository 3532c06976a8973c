//! [`ExpressionClosure`]: an expression bound to the context it was decoded
//! with, for evaluation later (the customdecode extension's closure).

use super::EvalContext;
use crate::body::Expression;
use crate::diag::Error;
use crate::value::Value;

/// An expression together with the [`EvalContext`] it belongs to.
///
/// Decoding a field of this type captures the attribute's expression and
/// the decoding context, so the application can evaluate it later (or in a
/// child of that context), for example once other values it refers to are
/// known. Both parts are cheap handles.
///
/// ```
/// use hcl_json::{EvalContext, ExpressionClosure, Value};
///
/// let file = hcl_json::parse(r#"{"port": 8080}"#, "app.json")?;
/// let attrs = file.body().just_attributes()?;
/// let closure = ExpressionClosure {
///     expression: attrs["port"].expr.clone(),
///     context: EvalContext::new(),
/// };
/// assert_eq!(closure.value()?, Value::from(8080));
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ExpressionClosure {
    /// The captured expression.
    pub expression: Expression,
    /// The context it was captured with.
    pub context: EvalContext,
}

impl ExpressionClosure {
    /// Evaluates the expression in its own context.
    pub fn value(&self) -> Result<Value, Error> {
        self.expression.value(&self.context)
    }

    /// Evaluates the expression in `ctx` instead (typically a child of
    /// [`context`](Self::context) with more variables).
    pub fn value_in(&self, ctx: &EvalContext) -> Result<Value, Error> {
        self.expression.value(ctx)
    }
}
