//! Unary and binary operators, as hclsyntax defines them: operands are
//! converted to the operator's parameter type (unsafe conversions allowed,
//! so `"5" + 1` is 6), `==`/`!=` compare without conversion, unknown
//! operands give unknown results of the operator's result type, and number
//! failures (division by zero) are diagnostics on the operation.
//!
//! A null operand converts (a null of any type is a null number or bool),
//! so it is not an "Invalid operand": as in hclsyntax, where the operator's
//! function then rejects it, it is an "Operation failed" on the whole
//! operation, reported once even when both operands are null.
//!
//! `&&` and `||` short-circuit, as in HCL 2.24: see `logic`.
//!
//! Marks: the result of an operation carries every mark of its operands
//! (deeply: `[sensitive(1)] == [1]` is a sensitive bool), as go-cty's
//! operator functions give it.

use std::borrow::Cow;
use std::cmp::Ordering;

use super::context::Env;
use super::expr::{Eval, Mark};
use crate::diag::DiagnosticKind;
use crate::native::{BinaryOp, BinaryTerm, Expr, Span, UnaryOp};
use crate::value::{marks_may_exist, try_convert, Number, NumberError, Type, Value};

impl Eval<'_> {
    pub(super) fn unary(
        &mut self,
        op: UnaryOp,
        operand: &Expr,
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        let ty = match op {
            UnaryOp::Neg => Type::Number,
            UnaryOp::Not => Type::Bool,
        };
        let mark = self.mark();
        let given = self.value_cow(operand, ctx);
        if self.failed_since(mark) {
            return Value::unknown(ty);
        }
        // One call of `unary_of`, so that it inlines.
        let marks = given.marks_deep();
        let given = if marks.is_empty() {
            given
        } else {
            Cow::Owned(given.into_owned().unmark_deep().0)
        };
        self.unary_of(op, &given, &ty, operand, span).mark(marks)
    }

    /// `op given`, `given` unmarked.
    fn unary_of(
        &mut self,
        op: UnaryOp,
        given: &Value,
        ty: &Type,
        operand: &Expr,
        span: Span,
    ) -> Value {
        let ty = ty.clone();
        let value = match self.operand(given, &ty, "unary", operand.span, span) {
            Some(v) if v.is_null() => {
                self.null_operand(span);
                return Value::unknown(ty);
            }
            Some(v) if v.is_known() => v,
            _ => return Value::unknown(ty),
        };
        match (op, &*value) {
            (UnaryOp::Neg, Value::Number(n)) => Value::Number(-n),
            (UnaryOp::Not, Value::Bool(b)) => Value::Bool(!b),
            _ => Value::unknown(ty),
        }
    }

    /// A chain `first op1 x1 op2 x2 ...`, evaluated left to right in one
    /// loop (no recursion per operator), exactly as the left-nested tree
    /// `((first op1 x1) op2 x2) ...` it means: the operation at step k has
    /// the range from `first` to `x_k`, and its left operand is the result
    /// of step k - 1, which counts as failed once any error was reported
    /// since the chain began.
    pub(super) fn binary_chain(
        &mut self,
        first: &Expr,
        rest: &[BinaryTerm],
        ctx: &Env<'_>,
    ) -> Value {
        // A chain holds the operators of one precedence level, and `&&`
        // and `||` each have a level of their own.
        if matches!(rest.first(), Some(t) if matches!(t.op, BinaryOp::And | BinaryOp::Or)) {
            return self.logical_chain(first, rest, ctx);
        }
        let mark = self.mark();
        let mut acc = self.value_cow(first, ctx);
        let mut lhs_span = first.span;
        for term in rest {
            let span = first.span.to(term.rhs.span);
            let right = self.value_cow(&term.rhs, ctx);
            let value = if self.failed_since(mark) {
                self.failed_operands(term.op, &acc, &right, (lhs_span, term.rhs.span), span, mark);
                Value::unknown(result_type(term.op))
            } else {
                self.binary(term.op, &acc, &right, (lhs_span, term.rhs.span), span)
            };
            acc = Cow::Owned(value);
            lhs_span = span;
        }
        acc.into_owned()
    }

    /// After an error in the operands of `left op right` (reported since
    /// `mark`): HCL (2.24) still converts both operands to the operator's
    /// type and reports the conversions that fail ahead of the operands'
    /// own errors. A failed operand is unknown, which converts unless its
    /// type cannot (the failed `1 + "x"` is an unknown number).
    #[cold]
    fn failed_operands(
        &mut self,
        op: BinaryOp,
        left: &Value,
        right: &Value,
        (lhs_span, rhs_span): (Span, Span),
        span: Span,
        mark: Mark,
    ) {
        if matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            return;
        }
        let operands = (left.unmarked(), right.unmarked());
        self.operands_ahead(
            operands,
            &operand_type(op),
            (lhs_span, rhs_span),
            span,
            mark,
        );
    }

    /// Both operands of the operation at `span` converted to `ty` (a null
    /// stays null), the conversions that fail reported ahead of what was
    /// reported since `mark`, as HCL 2.24 reports them before the
    /// operands' own errors; `None` when either fails.
    pub(super) fn operands_ahead<'v>(
        &mut self,
        (left, right): (&'v Value, &'v Value),
        ty: &Type,
        (lhs_span, rhs_span): (Span, Span),
        span: Span,
        mark: Mark,
    ) -> Option<(Cow<'v, Value>, Cow<'v, Value>)> {
        let ((l, r), found) = self.isolated(|inner| {
            let l = inner.operand(left, ty, "left", lhs_span, span);
            let r = inner.operand(right, ty, "right", rhs_span, span);
            (l, r)
        });
        if !found.is_empty() {
            self.report_before(mark, found);
        }
        Some((l?, r?))
    }

    /// One known-so-far operation: `left op right`, with the ranges of the
    /// operands and of the whole operation.
    fn binary(
        &mut self,
        op: BinaryOp,
        left: &Value,
        right: &Value,
        (lhs_span, rhs_span): (Span, Span),
        span: Span,
    ) -> Value {
        if marks_may_exist() {
            if let Some(v) = self.binary_marked(op, left, right, (lhs_span, rhs_span), span) {
                return v;
            }
        }
        self.binary_unmarked(op, left, right, (lhs_span, rhs_span), span)
    }

    /// [`binary`](Self::binary) when an operand holds a mark: the
    /// operation on the unmarked operands, marked with all their marks;
    /// `None` when neither holds one.
    #[cold]
    fn binary_marked(
        &mut self,
        op: BinaryOp,
        left: &Value,
        right: &Value,
        spans: (Span, Span),
        span: Span,
    ) -> Option<Value> {
        let marks = left.marks_deep() | right.marks_deep();
        if marks.is_empty() {
            return None;
        }
        let (l, r) = (left.clone().unmark_deep().0, right.clone().unmark_deep().0);
        Some(self.binary_unmarked(op, &l, &r, spans, span).mark(marks))
    }

    /// [`binary`](Self::binary) of operands without marks.
    #[inline]
    fn binary_unmarked(
        &mut self,
        op: BinaryOp,
        left: &Value,
        right: &Value,
        (lhs_span, rhs_span): (Span, Span),
        span: Span,
    ) -> Value {
        let result_ty = result_type(op);
        match op {
            BinaryOp::Eq => return left.equals(right),
            BinaryOp::Ne => return not(left.equals(right)),
            _ => {}
        }
        let operand_ty = operand_type(op);
        let l = self.operand(left, &operand_ty, "left", lhs_span, span);
        let r = self.operand(right, &operand_ty, "right", rhs_span, span);
        let (Some(l), Some(r)) = (l, r) else {
            return Value::unknown(result_ty);
        };
        if l.is_null() || r.is_null() {
            self.null_operand(span);
            return Value::unknown(result_ty);
        }
        match (&*l, &*r) {
            (Value::Number(a), Value::Number(b)) => self.arithmetic(op, a, b, span),
            (Value::Bool(a), Value::Bool(b)) => Value::Bool(match op {
                BinaryOp::And => *a && *b,
                _ => *a || *b,
            }),
            _ => Value::unknown(result_ty),
        }
    }

    /// A known number operation (arithmetic or comparison).
    fn arithmetic(&mut self, op: BinaryOp, a: &Number, b: &Number, span: Span) -> Value {
        let result = match op {
            BinaryOp::Add => a.checked_add(b),
            BinaryOp::Sub => a.checked_sub(b),
            BinaryOp::Mul => a.checked_mul(b),
            BinaryOp::Div => divide(a, b),
            BinaryOp::Mod => remainder(a, b),
            _ => {
                let ord = a.cmp(b);
                return Value::Bool(match op {
                    BinaryOp::Gt => ord == Ordering::Greater,
                    BinaryOp::Ge => ord != Ordering::Less,
                    BinaryOp::Lt => ord == Ordering::Less,
                    _ => ord != Ordering::Greater,
                });
            }
        };
        result.map_or_else(
            |e| {
                self.number_error(op, e, span);
                Value::unknown(Type::Number)
            },
            Value::Number,
        )
    }

    /// A failed arithmetic operation. One whose IEEE result would be NaN
    /// gets go-cty's words for it (Terraform's "Operation failed"); a
    /// result beyond the number range keeps the crate's own diagnostic.
    #[cold]
    fn number_error(&mut self, op: BinaryOp, e: NumberError, span: Span) {
        if e != NumberError::NotANumber {
            return self.error(e.summary(), super::expr::number_detail(e), span);
        }
        let what = match op {
            BinaryOp::Add => "can't compute sum of opposing infinities",
            BinaryOp::Sub => "can't subtract infinity from itself",
            BinaryOp::Mul => "can't multiply zero by infinity",
            BinaryOp::Div => "can't divide zero by zero or infinity by infinity",
            _ => "can't use modulo with zero and infinity",
        };
        self.error(
            "Operation failed",
            format!("Error during operation: {what}."),
            span,
        );
    }

    /// A null operand: hclsyntax's wording (the operator's function rejects
    /// the null argument), on the whole operation.
    #[cold]
    pub(super) fn null_operand(&mut self, span: Span) {
        self.error(
            "Operation failed",
            "Error during operation: argument must not be null.",
            span,
        );
    }

    /// An operand converted to `ty` (a null stays null, for the caller to
    /// reject), or `None` after reporting why it cannot be (`side` is
    /// "left", "right" or "unary").
    pub(super) fn operand<'v>(
        &mut self,
        value: &'v Value,
        ty: &Type,
        side: &str,
        span: Span,
        context: Span,
    ) -> Option<Cow<'v, Value>> {
        // A number or bool where one is wanted is what the conversion
        // would copy: used as it is.
        if matches!(
            (value, ty),
            (Value::Number(_), Type::Number) | (Value::Bool(_), Type::Bool)
        ) {
            return Some(Cow::Borrowed(value));
        }
        // As in cty, a null converts when its type does (an unknown of that
        // type tells); the caller rejects it afterwards.
        let converted = match value {
            Value::Null(from) => try_convert(&Value::unknown(from.clone()), ty, true)
                .map(|_| Value::null(ty.clone())),
            _ => try_convert(value, ty, true),
        };
        match converted {
            Ok(v) => Some(Cow::Owned(v)),
            Err(e) => {
                let reason = e.to_string();
                self.error_in_of(
                    DiagnosticKind::UnsuitableValue { reason },
                    "Invalid operand",
                    format!("Unsuitable value for {side} operand: {e}."),
                    span,
                    context,
                );
                None
            }
        }
    }
}

/// `a / b` with go-cty's big-float arithmetic, which Terraform uses: a
/// non-zero number divided by zero is an infinity of its sign
/// (`8080 / 0` is `+Inf`, `-1 / 0` is `-Inf`); `0 / 0` has no value.
fn divide(a: &Number, b: &Number) -> Result<Number, NumberError> {
    if !b.is_zero() {
        return a.checked_div(b);
    }
    match (a.is_zero(), a.is_negative()) {
        (true, _) => Err(NumberError::NotANumber),
        (false, false) => Ok(Number::INFINITY),
        (false, true) => Ok(Number::NEG_INFINITY),
    }
}

/// `a % b` as go-cty's `Value.Modulo` computes it: the remainder by zero is
/// the number itself (`5 % 0` is 5).
fn remainder(a: &Number, b: &Number) -> Result<Number, NumberError> {
    if b.is_zero() {
        Ok(a.clone())
    } else {
        a.checked_rem(b)
    }
}

fn result_type(op: BinaryOp) -> Type {
    match op {
        BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => {
            Type::Number
        }
        _ => Type::Bool,
    }
}

fn operand_type(op: BinaryOp) -> Type {
    match op {
        BinaryOp::And | BinaryOp::Or => Type::Bool,
        _ => Type::Number,
    }
}

fn not(v: Value) -> Value {
    match v {
        Value::Bool(b) => Value::Bool(!b),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Eval::operand` uses a number or bool as it is where one is
    /// wanted: what the general conversion gives for it.
    #[test]
    fn operands_already_of_the_operand_type_are_what_conversion_gives() {
        let numbers = [
            "0",
            "-1",
            "3.14159",
            "1e300",
            "123456789012345678901234567890",
        ];
        for n in numbers {
            let v = Value::Number(n.parse().unwrap());
            assert_eq!(try_convert(&v, &Type::Number, true), Ok(v.clone()));
        }
        for v in [
            Value::Number(Number::INFINITY),
            Value::Bool(true),
            Value::Bool(false),
        ] {
            assert_eq!(try_convert(&v, &v.ty(), true), Ok(v.clone()));
        }
    }
}
