//! Where a newline ends an object constructor's item.
//!
//! Inside `{ ... }` HCL's parser reads newlines as tokens: a newline ends
//! the item being read, and a newline in the middle of one is an error
//! (`{a =\n 1}`, `{a = 1 +\n 2}`, `{a\n = 1}`, `{a = "s"\n , b = 1}`).
//! Inside the brackets of a tuple, call, index, parentheses or `for`
//! expression, and in a template's sequences, newlines are free again.
//! The hand-written parser ends an item's expression at a newline before
//! anything that could go on with it (an operator, `?`, a step, a call's
//! `(`), as HCL does; the pest grammar skips whitespace uniformly and
//! reads on. Both hand the items they built here, where the newlines
//! left inside an item (after an operator or `=`, before a `:` or a
//! name) are errors: the spans of the tree say where each item's tokens
//! are, so the gaps between them are the only places a newline can hide
//! at the object's own level. Shared by both parsers, like `shape.rs`.
//! See "Collection Values" in
//! <https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md>.

use super::ast::{Expr, ExprKind, ObjectItem, ObjectKey, StepKind};
use super::tokens::{block_comment_end, line_end, newline_in, token_at};
use super::{Span, SyntaxError};

/// The first error of HCL's for a newline in the object whose items are
/// `items` and whose closing brace is at `close`, if there is one (HCL
/// skips to the closing brace after it, so it is the object's only one).
pub(crate) fn object_newline_error(
    src: &str,
    items: &[ObjectItem],
    close: usize,
) -> Option<SyntaxError> {
    let b = src.as_bytes();
    for (k, item) in items.iter().enumerate() {
        let key_span = item.key.span();
        if let ObjectKey::Expr(key) = &item.key {
            if let Some(e) = in_expr(src, key) {
                return Some(e);
            }
        }
        let (key_end, value_start) = (key_span.end as usize, item.value.span.start as usize);
        let sep = find(b, key_end, value_start, |c| c == b'=' || c == b':');
        if let Some(sep) = sep {
            if let Some(nl) = newline_in(b, key_end, sep) {
                return Some(SyntaxError::new(
                    "Missing attribute value",
                    "Expected an attribute value, introduced by an equals sign (\"=\").",
                    nl,
                ));
            }
            if let Some(nl) = newline_in(b, sep + 1, value_start) {
                return Some(invalid_expression(nl));
            }
        }
        if let Some(e) = in_expr(src, &item.value) {
            return Some(e);
        }
        // After the value: a newline ends the item, so a comma after it
        // starts the next one, where a key is expected.
        let next = items
            .get(k + 1)
            .map_or(close, |i| i.key.span().start as usize);
        let value_end = item.value.span.end as usize;
        if let Some(nl) = newline_in(b, value_end, next) {
            if let Some(comma) = find(b, nl.end as usize, next, |c| c == b',') {
                return Some(invalid_expression(token_at(src, comma)));
            }
        }
    }
    None
}

/// The first newline at the object's level inside `e`.
fn in_expr(src: &str, e: &Expr) -> Option<SyntaxError> {
    let b = src.as_bytes();
    // A newline before a token that continues the expression ends the
    // item there: HCL then reads that token as the next key.
    let before = |from: u32, token: usize| -> Option<SyntaxError> {
        newline_in(b, from as usize, token).map(|_| invalid_expression(token_at(src, token)))
    };
    // A newline after an operator, where an operand is expected.
    let after = |from: usize, to: u32| newline_in(b, from, to as usize).map(invalid_expression);
    match &e.kind {
        ExprKind::Binary(bin) => {
            if let Some(err) = in_expr(src, &bin.first) {
                return Some(err);
            }
            let mut prev = bin.first.span;
            for term in &bin.rest {
                let op = term.op_span;
                if let Some(err) = before(prev.end, op.start as usize)
                    .or_else(|| after(op.end as usize, term.rhs.span.start))
                    .or_else(|| in_expr(src, &term.rhs))
                {
                    return Some(err);
                }
                prev = term.rhs.span;
            }
            None
        }
        ExprKind::Unary { operand, .. } => {
            after(e.span.start as usize + 1, operand.span.start).or_else(|| in_expr(src, operand))
        }
        ExprKind::Conditional(c) => {
            let question = find(
                b,
                c.cond.span.end as usize,
                c.then.span.start as usize,
                |x| x == b'?',
            )?;
            let colon = find(
                b,
                c.then.span.end as usize,
                c.otherwise.span.start as usize,
                |x| x == b':',
            )?;
            in_expr(src, &c.cond)
                .or_else(|| before(c.cond.span.end, question))
                .or_else(|| after(question + 1, c.then.span.start))
                .or_else(|| in_expr(src, &c.then))
                .or_else(|| {
                    // HCL wants the colon where it finds the newline.
                    newline_in(b, c.then.span.end as usize, colon).map(|nl| {
                        SyntaxError::new(
                            "Missing false expression in conditional",
                            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                            nl,
                        )
                    })
                })
                .or_else(|| after(colon + 1, c.otherwise.span.start))
                .or_else(|| in_expr(src, &c.otherwise))
        }
        ExprKind::Traversal(t) => {
            if let Some(err) = in_expr(src, &t.source) {
                return Some(err);
            }
            let mut prev = t.source.span.end;
            for step in &t.steps {
                if let Some(err) = before(prev, step.span.start as usize) {
                    return Some(err);
                }
                if let StepKind::Attr(name) = &step.kind {
                    // A newline after the dot, where HCL wants the name.
                    let (dot, name_start) = (
                        step.span.start as usize,
                        step.span.end as usize - name.len(),
                    );
                    if let Some(nl) = newline_in(b, dot + 1, name_start) {
                        return Some(SyntaxError::new(
                            "Invalid attribute name",
                            "An attribute name is required after a dot.",
                            nl,
                        ));
                    }
                }
                // (A bracketed key is free of newline rules.)
                prev = step.span.end;
            }
            None
        }
        _ => None,
    }
}

#[cold]
pub(crate) fn invalid_expression(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Invalid expression",
        "Expected the start of an expression, but found an invalid expression token.",
        at,
    )
}

/// The first byte of `b[from..to]` outside comments for which `pick`
/// holds.
fn find(b: &[u8], from: usize, to: usize, pick: impl Fn(u8) -> bool) -> Option<usize> {
    let mut i = from;
    while i < to.min(b.len()) {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'*') => i = block_comment_end(b, i),
            b'#' => i = line_end(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => i = line_end(b, i),
            c if pick(c) => return Some(i),
            _ => i += 1,
        }
    }
    None
}
