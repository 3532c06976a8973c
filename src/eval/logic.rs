//! Short-circuit `&&` and `||` (HCL 2.24, Terraform 1.12, OpenTofu 1.10):
//! the right operand is evaluated only when the left one does not decide
//! the result, so `var.x == null || var.x.y == 1` is true, without error,
//! when `x` is null.
//!
//! - A known left operand that decides (`true ||`, `false &&`) is the
//!   result; the right operand is not evaluated, so its errors (and its
//!   unknowns) do not matter.
//! - A known left operand that does not decide: the result is the right
//!   operand (converted to bool), errors and all.
//! - An unknown left operand: the right operand is evaluated apart; if it
//!   decides on its own (`unknown || true`), that is the result, otherwise
//!   the result is an unknown bool. Its errors are held back, since once
//!   the left operand is known they may not be reached at all.
//! - An error in the left operand, or a left operand that is null or not a
//!   bool, is reported as before (and the right operand is then evaluated
//!   too, so that all its errors are reported at once).

use super::expr::Eval;
use super::EvalContext;
use crate::syntax::{BinaryOp, Expr, Span};
use crate::value::{Type, Value};

impl Eval<'_> {
    /// `lhs && rhs` or `lhs || rhs`, short-circuiting.
    pub(super) fn logical(
        &mut self,
        op: BinaryOp,
        lhs: &Expr,
        rhs: &Expr,
        span: Span,
        ctx: &EvalContext,
    ) -> Value {
        // The left value that decides the result on its own.
        let decisive = matches!(op, BinaryOp::Or);
        let mark = self.mark();
        let left = self.value_cow(lhs, ctx).into_owned();
        let left = if self.failed_since(mark) {
            None
        } else {
            self.operand(&left, &Type::Bool, "left", lhs.span, span)
        };
        match left {
            Some(Value::Bool(b)) if b == decisive => Value::Bool(b),
            Some(Value::Bool(_)) => self.right_operand(rhs, span, ctx),
            Some(Value::Unknown(_)) => {
                let (right, _held_back) = self.isolated(|inner| {
                    let mark = inner.mark();
                    let v = inner.value_cow(rhs, ctx).into_owned();
                    if inner.failed_since(mark) {
                        return None;
                    }
                    inner.operand(&v, &Type::Bool, "right", rhs.span, span)
                });
                match right {
                    Some(Value::Bool(b)) if b == decisive => Value::Bool(b),
                    _ => Value::unknown(Type::Bool),
                }
            }
            left => {
                // An error, or null, on the left: the right side's errors
                // are reported too, as without short-circuiting, and a
                // null on either side once.
                let right = self.right_raw(rhs, span, ctx);
                if matches!(left, Some(Value::Null(_))) || matches!(right, Some(Value::Null(_))) {
                    self.null_operand(span);
                }
                Value::unknown(Type::Bool)
            }
        }
    }

    /// The right operand as a bool (null reported as an operation failure),
    /// or an unknown bool after an error.
    fn right_operand(&mut self, rhs: &Expr, span: Span, ctx: &EvalContext) -> Value {
        match self.right_raw(rhs, span, ctx) {
            Some(Value::Null(_)) => {
                self.null_operand(span);
                Value::unknown(Type::Bool)
            }
            Some(v @ Value::Bool(_)) => v,
            _ => Value::unknown(Type::Bool),
        }
    }

    /// The right operand converted to bool (null kept), or `None` after an
    /// error.
    fn right_raw(&mut self, rhs: &Expr, span: Span, ctx: &EvalContext) -> Option<Value> {
        let mark = self.mark();
        let right = self.value_cow(rhs, ctx).into_owned();
        if self.failed_since(mark) {
            return None;
        }
        self.operand(&right, &Type::Bool, "right", rhs.span, span)
    }
}
