//! Shaping flat operator lists into trees, shared by the pest builder and
//! the hand-written fast path so both make exactly the same tree.
//!
//! Both parsers read operator chains flat (no recursion per operator) and
//! hand them here. Every node built is checked against the nesting limit
//! by the caller's `check`, which says what exceeding it means to that
//! parser (a syntax error, or giving up to the other parser).

use super::ast::{BinaryOp, Expr, ExprKind};
use super::Span;

/// An expression with the height of its tree.
pub(crate) type WithHeight = (Expr, u32);

/// Folds `c0 ? t1 : c1 ? t2 : e`, read flat as conditions `[c0, c1, e]`
/// and results `[t1, t2]`, right-associatively into
/// `c0 ? t1 : (c1 ? t2 : e)`. `conds` has one more element than `thens`.
pub(crate) fn fold_conditionals<E>(
    mut conds: Vec<WithHeight>,
    mut thens: Vec<WithHeight>,
    check: impl Fn(u32, Span) -> Result<(), E>,
) -> Result<WithHeight, E> {
    let mut acc = conds.pop().expect("one more condition than results");
    while let (Some(then), Some(cond)) = (thens.pop(), conds.pop()) {
        let height = 1 + cond.1.max(then.1).max(acc.1);
        let span = cond.0.span.to(acc.0.span);
        check(height, cond.0.span)?;
        acc = (
            Expr {
                kind: ExprKind::Conditional {
                    cond: Box::new(cond.0),
                    then: Box::new(then.0),
                    otherwise: Box::new(acc.0),
                },
                span,
            },
            height,
        );
    }
    Ok(acc)
}

/// Shunting-yard over `operand (op operand)*`: left associative within a
/// precedence level, higher levels binding tighter. `ops` are the operators
/// with the spans they were written at, `operands` one more than `ops`.
pub(crate) fn fold_binary<E>(
    operands: Vec<WithHeight>,
    ops: Vec<(BinaryOp, Span)>,
    check: impl Fn(u32, Span) -> Result<(), E>,
) -> Result<WithHeight, E> {
    let mut operands = operands.into_iter();
    let mut out: Vec<WithHeight> = Vec::with_capacity(ops.len() + 1);
    let mut pending: Vec<(BinaryOp, Span)> = Vec::with_capacity(ops.len());
    out.extend(operands.next());
    for (op, span) in ops {
        while let Some(&(top, _)) = pending.last() {
            if top.precedence() < op.precedence() {
                break;
            }
            reduce(&mut out, &mut pending, &check)?;
        }
        pending.push((op, span));
        out.extend(operands.next());
    }
    while !pending.is_empty() {
        reduce(&mut out, &mut pending, &check)?;
    }
    Ok(out.pop().expect("at least one operand"))
}

/// Replaces the top two operands by the top operator applied to them.
fn reduce<E>(
    operands: &mut Vec<WithHeight>,
    ops: &mut Vec<(BinaryOp, Span)>,
    check: &impl Fn(u32, Span) -> Result<(), E>,
) -> Result<(), E> {
    let (op, op_span) = ops.pop().expect("reduce needs an operator");
    let rhs = operands.pop().expect("operator has a right operand");
    let lhs = operands.pop().expect("operator has a left operand");
    let height = 1 + lhs.1.max(rhs.1);
    check(height, op_span)?;
    let span = lhs.0.span.to(rhs.0.span);
    operands.push((
        Expr {
            kind: ExprKind::Binary {
                op,
                lhs: Box::new(lhs.0),
                rhs: Box::new(rhs.0),
            },
            span,
        },
        height,
    ));
    Ok(())
}
