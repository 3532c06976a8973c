//! Short-circuit `&&` and `||` (HCL 2.24, Terraform 1.12, OpenTofu 1.10),
//! as HCL's `BinaryOpExpr` evaluates them: both operands are evaluated and
//! converted to bool, then the operator's short-circuit rule looks at the
//! two values and picks whose diagnostics count. So
//! `var.x == null || var.x.y == 1` is true, without error, when `x` is
//! null.
//!
//! - An operand that cannot be converted to bool (`true || {}`) is
//!   "Invalid operand" whatever the other one is, the conversion errors
//!   ahead of the operands' own errors; the result is an unknown bool.
//! - An operand that decides the result (`true` for `||`, `false` for
//!   `&&`) is the result, left first, with only its own diagnostics: the
//!   other operand's errors are dropped (`true || nosuch` and
//!   `nosuch || true` are both true). As in HCL, a null counts as not
//!   true, so `null && x` is false.
//! - An unknown operand beside one that does not decide: an unknown bool,
//!   with the unknown operand's diagnostics. Both unknown: the left
//!   operand's, unless it failed; then both sides' errors, as with no
//!   short-circuit.
//! - Otherwise both sides' diagnostics count, and a null operand is an
//!   operation failure.
//!
//! Marks: the result carries the marks of both operands.

use super::context::Env;
use super::expr::{Eval, Mark};
use crate::native::{BinaryOp, BinaryTerm, Expr, Span};
use crate::value::{Type, Value};

impl Eval<'_> {
    /// A chain `first op x1 op x2 ...` of `&&` or `||`, left to right in one
    /// loop, as the left-nested tree it means: each step's left operand is
    /// the result so far, whose diagnostics are all those reported since
    /// the chain began.
    pub(super) fn logical_chain(
        &mut self,
        first: &Expr,
        rest: &[BinaryTerm],
        ctx: &Env<'_>,
    ) -> Value {
        let since = self.mark();
        let mut acc = self.value_cow(first, ctx).into_owned();
        let mut lhs_span = first.span;
        for term in rest {
            let span = first.span.to(term.rhs.span);
            acc = self.logical(term.op, &acc, since, (lhs_span, &term.rhs), span, ctx);
            lhs_span = span;
        }
        acc
    }

    /// `left && rhs` or `left || rhs`: `left` is the left operand's value,
    /// its diagnostics those reported since `since`.
    fn logical(
        &mut self,
        op: BinaryOp,
        left: &Value,
        since: Mark,
        (lhs_span, rhs): (Span, &Expr),
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        // The right operand's diagnostics are kept apart until the rule
        // says whether they count; a variable's value is looked at where
        // it is, not copied.
        let (right, right_diags) = self.isolated(|inner| inner.value_cow(rhs, ctx));
        let marks = left.marks() | right.marks();
        let operands = (left.unmarked(), right.unmarked());
        let spans = (lhs_span, rhs.span);
        let Some((l, r)) = self
            .operands_ahead(operands, &Type::Bool, spans, span, since)
            .map(|(l, r)| (Operand::of(&l), Operand::of(&r)))
        else {
            self.diags.extend(right_diags);
            return Value::unknown(Type::Bool).mark(marks);
        };
        let left_failed = self.failed_since(since);
        let result = match short_circuit(matches!(op, BinaryOp::Or), l, r, left_failed) {
            Some((result, Side::Left)) => result,
            Some((result, Side::Right)) => {
                self.drop_since(since);
                self.diags.extend(right_diags);
                result
            }
            None => {
                let failed = left_failed || right_diags.has_errors();
                self.diags.extend(right_diags);
                match (l, r) {
                    _ if failed => Value::unknown(Type::Bool),
                    (Operand::Null, _) | (_, Operand::Null) => {
                        self.null_operand(span);
                        Value::unknown(Type::Bool)
                    }
                    (Operand::Known(a), Operand::Known(b)) => Value::Bool(match op {
                        BinaryOp::Or => a || b,
                        _ => a && b,
                    }),
                    _ => Value::unknown(Type::Bool),
                }
            }
        };
        result.mark(marks)
    }
}

/// An operand of `&&` or `||` converted to bool.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Operand {
    Known(bool),
    Unknown,
    Null,
}

impl Operand {
    fn of(value: &Value) -> Operand {
        match *value {
            Value::Bool(b) => Operand::Known(b),
            Value::Null(_) => Operand::Null,
            _ => Operand::Unknown,
        }
    }

    /// Known to be `b`, as cty's `True` and `False` tell: a null is known
    /// and not true, so it counts as false.
    fn is(self, b: bool) -> bool {
        match self {
            Operand::Known(v) => v == b,
            Operand::Null => !b,
            Operand::Unknown => false,
        }
    }
}

/// Whose diagnostics go with a short-circuit result.
enum Side {
    Left,
    Right,
}

/// HCL's short-circuit rule for `||` (`decisive` true) or `&&` (false):
/// the result and the side whose diagnostics it keeps, or `None` for the
/// operation itself with both sides' diagnostics.
fn short_circuit(
    decisive: bool,
    l: Operand,
    r: Operand,
    left_failed: bool,
) -> Option<(Value, Side)> {
    let unknown = || Value::unknown(Type::Bool);
    match (l, r) {
        (Operand::Unknown, Operand::Unknown) => (!left_failed).then(|| (unknown(), Side::Left)),
        _ if l.is(decisive) => Some((Value::Bool(decisive), Side::Left)),
        _ if r.is(decisive) => Some((Value::Bool(decisive), Side::Right)),
        (Operand::Unknown, _) if r.is(!decisive) => Some((unknown(), Side::Left)),
        (_, Operand::Unknown) if l.is(!decisive) => Some((unknown(), Side::Right)),
        _ => None,
    }
}
