//! Short-circuit `&&` and `||` (HCL 2.24, Terraform 1.12, OpenTofu 1.10):
//! the right operand is evaluated only when the left one does not decide
//! the result, so `var.x == null || var.x.y == 1` is true, without error,
//! when `x` is null.
//!
//! - A known left operand that decides (`true ||`, `false &&`) is the
//!   result; the right operand is evaluated apart, as HCL evaluates it,
//!   and its errors (and its unknowns) do not matter; but a right operand
//!   that evaluates to a value that can never be a bool (`true || {}`) is
//!   "Invalid operand", as HCL checks both operands' types before it
//!   short-circuits.
//! - A known left operand that does not decide: the result is the right
//!   operand (converted to bool), errors and all.
//! - An unknown left operand: the right operand is evaluated apart; if it
//!   decides on its own (`unknown || true`), that is the result, otherwise
//!   the result is an unknown bool. Its errors are held back, since once
//!   the left operand is known they may not be reached at all; a value
//!   that can never be a bool is reported, as above.
//! - An error in the left operand, or a left operand that is null or not a
//!   bool, is reported as before (and the right operand is then evaluated
//!   too, so that all its errors are reported at once).
//!
//! Marks: the result carries the marks of both operands, as in HCL, which
//! evaluates both sides.

use std::borrow::Cow;

use super::context::Env;
use super::expr::Eval;
use crate::native::{BinaryOp, BinaryTerm, Expr, Span};
use crate::value::{Marks, Type, Value};

impl Eval<'_> {
    /// A chain `first op x1 op x2 ...` of `&&` or `||`, left to right in one
    /// loop, as the left-nested tree it means: each step's left operand is
    /// the result so far, which counts as failed once an error was reported
    /// since the chain began.
    pub(super) fn logical_chain(
        &mut self,
        first: &Expr,
        rest: &[BinaryTerm],
        ctx: &Env<'_>,
    ) -> Value {
        let mark = self.mark();
        let mut acc = self.value_cow(first, ctx).into_owned();
        let mut lhs_span = first.span;
        for term in rest {
            let span = first.span.to(term.rhs.span);
            let left = (!self.failed_since(mark)).then_some(acc);
            acc = self.logical(term.op, left, lhs_span, &term.rhs, span, ctx);
            lhs_span = span;
        }
        acc
    }

    /// `left && rhs` or `left || rhs`, short-circuiting; `left` is the left
    /// operand's value, `None` after an error in it.
    fn logical(
        &mut self,
        op: BinaryOp,
        left: Option<Value>,
        lhs_span: Span,
        rhs: &Expr,
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        // The left value that decides the result on its own.
        let decisive = matches!(op, BinaryOp::Or);
        let (left, mut marks) = match left {
            Some(v) => {
                let (v, m) = v.unmark();
                (Some(v), m)
            }
            None => (None, Marks::NONE),
        };
        let left = left.and_then(|v| {
            self.operand(&v, &Type::Bool, "left", lhs_span, span)
                .map(Cow::into_owned)
        });
        let result = match left {
            Some(Value::Bool(b)) if b == decisive => {
                match self.right_apart(rhs, span, ctx, &mut marks) {
                    Apart::NotBool => Value::unknown(Type::Bool),
                    Apart::Bool(_) | Apart::Failed => Value::Bool(b),
                }
            }
            Some(Value::Bool(_)) => self.right_operand(rhs, span, ctx, &mut marks),
            Some(Value::Unknown(_)) => match self.right_apart(rhs, span, ctx, &mut marks) {
                Apart::Bool(Some(b)) if b == decisive => Value::Bool(b),
                _ => Value::unknown(Type::Bool),
            },
            left => {
                // An error, or null, on the left: the right side's errors
                // are reported too, as without short-circuiting, and a
                // null on either side once.
                let right = self.right_raw(rhs, span, ctx, &mut marks);
                if matches!(left, Some(Value::Null(_))) || matches!(right, Some(Value::Null(_))) {
                    self.null_operand(span);
                }
                Value::unknown(Type::Bool)
            }
        };
        result.mark(marks)
    }

    /// The right operand evaluated apart, its errors held back (the left
    /// operand may decide without it); one whose value can never be a
    /// bool is reported with the errors held back, as HCL reports an
    /// operand's type before it short-circuits (the value of `1 + "x"` is
    /// an unknown number). Its marks are added to `marks`.
    fn right_apart(&mut self, rhs: &Expr, span: Span, ctx: &Env<'_>, marks: &mut Marks) -> Apart {
        // A variable's value is looked at where it is, not copied.
        let ((right, failed), held_back) = self.isolated(|inner| {
            let mark = inner.mark();
            let right = inner.value_cow(rhs, ctx);
            (right, inner.failed_since(mark))
        });
        *marks |= right.marks();
        let Some(right) = self.operand(right.unmarked(), &Type::Bool, "right", rhs.span, span)
        else {
            self.diags.extend(held_back);
            return Apart::NotBool;
        };
        match (failed, &*right) {
            (true, _) => Apart::Failed,
            (false, Value::Bool(b)) => Apart::Bool(Some(*b)),
            (false, _) => Apart::Bool(None),
        }
    }

    /// The right operand as a bool (null reported as an operation failure),
    /// or an unknown bool after an error; its marks added to `marks`.
    fn right_operand(&mut self, rhs: &Expr, span: Span, ctx: &Env<'_>, marks: &mut Marks) -> Value {
        match self.right_raw(rhs, span, ctx, marks) {
            Some(Value::Null(_)) => {
                self.null_operand(span);
                Value::unknown(Type::Bool)
            }
            Some(v @ Value::Bool(_)) => v,
            _ => Value::unknown(Type::Bool),
        }
    }

    /// The right operand converted to bool (null kept), or `None` after an
    /// error; its marks taken off into `marks`.
    fn right_raw(
        &mut self,
        rhs: &Expr,
        span: Span,
        ctx: &Env<'_>,
        marks: &mut Marks,
    ) -> Option<Value> {
        let mark = self.mark();
        let (right, m) = self.value_cow(rhs, ctx).into_owned().unmark();
        *marks |= m;
        if self.failed_since(mark) {
            return None;
        }
        self.operand(&right, &Type::Bool, "right", rhs.span, span)
            .map(Cow::into_owned)
    }
}

/// The right operand of `&&` or `||`, evaluated apart from the left one.
enum Apart {
    /// Its value as a bool: `None` when it is unknown or null.
    Bool(Option<bool>),
    /// It failed; its errors are held back.
    Failed,
    /// Its value can never be a bool (reported).
    NotBool,
}
