//! A hand-written parser for the shapes templates overwhelmingly take, run
//! before pest.
//!
//! Strings like `"${aws_vpc.main.id}"`, `"${var.prefix}-${each.key}"` or
//! `"${length(var.ids) > 0 ? var.ids : null}"` make up nearly every template
//! of real configurations; pest spends microseconds on each, this parser a
//! small fraction of that. It covers literal text (with `$${` / `%%{`
//! escapes) and interpolations of expressions made of numbers, variables,
//! `true` / `false` / `null`, attribute and index steps (legacy `.N` too),
//! calls, parentheses, tuples, quoted strings (with interpolations, but no
//! backslash escapes), unary and binary operators and conditionals.
//!
//! It never reports an error: whenever it meets anything else (a directive,
//! a strip marker, a comment, an object, a `for`, a splat, a heredoc, a
//! backslash escape in a quoted string, a non-ASCII character
//! outside literal text, nesting past [`MAX_NESTING`], a node past
//! [`MAX_DEPTH`], or any syntax error) it gives up and the pest path
//! decides, so every diagnostic still comes from there. When it succeeds,
//! its tree is exactly the one the pest path builds, spans included: the
//! functions below follow the grammar rule by rule (noted in each), and a
//! property test in `fast_tests.rs` compares the two paths.

use super::ast::*;
use super::parser::unescape_template;
use super::shape::{fold_binary, fold_conditionals};
use super::{Span, MAX_DEPTH};

/// Nesting (interpolations, brackets, quoted strings, pending `?`) past
/// which the fast path gives up. Well under [`MAX_DEPTH`], so that the
/// pre-scan's depth limit can never reject an input accepted here.
const MAX_NESTING: u32 = 50;

/// The fast path gave up; pest decides.
struct GiveUp;

type Res<T> = Result<T, GiveUp>;

/// A built node and its height, as the pest path's builder measures it.
type Built<T> = Res<(T, u32)>;

/// `parse_template`, if the template has a common shape.
pub(crate) fn parse_template(src: &str) -> Option<Template> {
    if src.len() > u32::MAX as usize {
        return None;
    }
    Fast::new(src).template().ok()
}

/// `parse_expression`, if the expression has a common shape.
pub(crate) fn parse_expression(src: &str) -> Option<Expr> {
    if src.len() > u32::MAX as usize {
        return None;
    }
    let mut p = Fast::new(src);
    // expression_root = { SOI ~ expr ~ EOI }, with implicit skipping.
    let run = |p: &mut Fast<'_>| -> Res<Expr> {
        p.ws()?;
        let (e, _) = p.expr()?;
        p.ws()?;
        if p.i == p.b.len() {
            Ok(e)
        } else {
            Err(GiveUp)
        }
    };
    run(&mut p).ok()
}

struct Fast<'s> {
    src: &'s str,
    b: &'s [u8],
    i: usize,
    /// Current nesting, counted like the pre-scan does.
    depth: u32,
}

fn span(start: usize, end: usize) -> Span {
    Span::from_usize(start, end)
}

fn check(height: u32) -> Res<()> {
    if height > MAX_DEPTH {
        Err(GiveUp)
    } else {
        Ok(())
    }
}

/// `(ID_START | "_")` for ASCII; other bytes give up where it matters.
fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// `ID_CONTINUE | "-"` for ASCII.
fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

impl<'s> Fast<'s> {
    fn new(src: &'s str) -> Self {
        Fast {
            src,
            b: src.as_bytes(),
            i: 0,
            depth: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn at(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    fn expect(&mut self, c: u8) -> Res<()> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(GiveUp)
        }
    }

    fn enter(&mut self) -> Res<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            Err(GiveUp)
        } else {
            Ok(())
        }
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// pest's implicit skipping (`WHITESPACE | COMMENT`)*, without comments:
    /// a comment anywhere gives up.
    fn ws(&mut self) -> Res<()> {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                b'#' => return Err(GiveUp),
                b'/' if matches!(self.at(1), Some(b'/' | b'*')) => return Err(GiveUp),
                _ => break,
            }
        }
        Ok(())
    }

    // -------------------------------------------------------------- templates

    /// template_root = ${ SOI ~ template_item* ~ EOI }
    fn template(&mut self) -> Res<Template> {
        let b = self.b;
        let mut text = TemplateText::new(0);
        while let Some(off) = memchr::memchr2(b'$', b'%', &b[self.i..]) {
            self.template_sequence(&mut text, self.i + off)?;
        }
        let parts = text.finish(self, b.len());
        check(text.height + 1)?;
        Ok(Template {
            parts,
            span: span(0, b.len()),
        })
    }

    /// The `$` or `%` at `j` in template text: `$${` and `%%{` stay in the
    /// literal, `${` starts an interpolation, `%{` (a directive) gives up,
    /// anything else is literal text. Leaves `self.i` after what it read.
    fn template_sequence(&mut self, text: &mut TemplateText, j: usize) -> Res<()> {
        let b = self.b;
        let c = b[j];
        let next = b.get(j + 1).copied();
        if next == Some(c) && b.get(j + 2) == Some(&b'{') {
            text.escaped = true;
            self.i = j + 3;
        } else if next == Some(b'{') {
            if c == b'%' {
                return Err(GiveUp); // a directive
            }
            text.end_literal(self, j);
            let (expr, h) = self.interpolation(j)?;
            text.height = text.height.max(h);
            text.parts.push(TemplatePart::Interpolation {
                expr,
                span: span(j, self.i),
            });
            text.lit_start = self.i;
        } else {
            self.i = j + 1;
        }
        Ok(())
    }

    /// template_literal, from `start` to `end`.
    fn literal(&self, start: usize, end: usize, escaped: bool) -> TemplatePart {
        let raw = &self.src[start..end];
        TemplatePart::Literal {
            text: if escaped {
                unescape_template(raw)
            } else {
                raw.to_string()
            },
            span: span(start, end),
        }
    }

    /// interpolation = ${ "${" ~ strip_mark? ~ ws ~ expr ~ ws ~ strip_mark? ~ interp_end },
    /// without strip marks; `start` is at `${`. Leaves `self.i` past `}`.
    /// (In template text or in a quoted string: their literals follow the
    /// same rules once backslash escapes are excluded.)
    fn interpolation(&mut self, start: usize) -> Built<Expr> {
        self.i = start + 2;
        self.enter()?;
        if self.peek() == Some(b'~') {
            return Err(GiveUp);
        }
        self.ws()?;
        let e = self.expr()?;
        self.ws()?;
        self.expect(b'}')?;
        self.leave();
        Ok(e)
    }

    // ------------------------------------------------------------ expressions

    /// expr = !{ binary ~ cond_tail* }; cond_tail = { "?" ~ expr ~ cond_colon ~ binary }.
    /// The else-chain is folded right-associatively, as the builder does.
    fn expr(&mut self) -> Built<Expr> {
        let first = self.binary()?;
        self.ws()?;
        if self.peek() != Some(b'?') {
            return Ok(first);
        }
        let mut conds = vec![first];
        let mut thens = Vec::new();
        while self.peek() == Some(b'?') {
            self.i += 1;
            self.enter()?;
            self.ws()?;
            thens.push(self.expr()?);
            self.ws()?;
            self.expect(b':')?;
            self.leave();
            self.ws()?;
            conds.push(self.binary()?);
            self.ws()?;
        }
        fold_conditionals(conds, thens, |height, _| check(height))
    }

    /// binop, if one starts here (the grammar's alternatives in order).
    fn binop(&mut self) -> Option<BinaryOp> {
        let (op, len) = match (self.peek()?, self.at(1)) {
            (b'=', Some(b'=')) => (BinaryOp::Eq, 2),
            (b'!', Some(b'=')) => (BinaryOp::Ne, 2),
            (b'<', Some(b'=')) => (BinaryOp::Le, 2),
            (b'>', Some(b'=')) => (BinaryOp::Ge, 2),
            (b'<', _) => (BinaryOp::Lt, 1),
            (b'>', _) => (BinaryOp::Gt, 1),
            (b'&', Some(b'&')) => (BinaryOp::And, 2),
            (b'|', Some(b'|')) => (BinaryOp::Or, 2),
            (b'+', _) => (BinaryOp::Add, 1),
            (b'-', _) => (BinaryOp::Sub, 1),
            (b'*', _) => (BinaryOp::Mul, 1),
            (b'/', _) => (BinaryOp::Div, 1),
            (b'%', _) => (BinaryOp::Mod, 1),
            _ => return None,
        };
        self.i += len;
        Some(op)
    }

    /// binary = { operand ~ (binop ~ operand)* }, with the builder's
    /// shunting-yard.
    fn binary(&mut self) -> Built<Expr> {
        let first = self.operand()?;
        self.ws()?;
        let Some(op) = self.binop() else {
            return Ok(first);
        };
        let mut operands = vec![first];
        // The fast path reports no errors, so operator spans are not kept.
        let mut ops = vec![(op, Span::default())];
        loop {
            self.ws()?;
            operands.push(self.operand()?);
            self.ws()?;
            match self.binop() {
                Some(op) => ops.push((op, Span::default())),
                None => break,
            }
        }
        fold_binary(operands, ops, |height, _| check(height))
    }

    /// operand = { unop* ~ term }
    fn operand(&mut self) -> Built<Expr> {
        let mut unops = Vec::new();
        while let Some(c @ (b'-' | b'!')) = self.peek() {
            let op = if c == b'-' {
                UnaryOp::Neg
            } else {
                UnaryOp::Not
            };
            unops.push((op, span(self.i, self.i + 1)));
            self.i += 1;
            self.ws()?;
        }
        let mut acc = self.term()?;
        for (op, span) in unops.into_iter().rev() {
            let height = acc.1 + 1;
            check(height)?;
            let span = span.to(acc.0.span);
            acc = (
                Expr {
                    kind: ExprKind::Unary {
                        op,
                        operand: Box::new(acc.0),
                    },
                    span,
                },
                height,
            );
        }
        Ok(acc)
    }

    /// term = { primary ~ postfix* }, with get_attr, legacy_index and index
    /// steps (a splat, or whitespace after a `.`, gives up: the caller
    /// finds an unexpected `.` or `[`).
    fn term(&mut self) -> Built<Expr> {
        let primary = self.primary()?;
        let mut steps = Vec::new();
        let mut steps_height = 0;
        loop {
            // pest skips whitespace before each postfix.
            let before = self.i;
            self.ws()?;
            let start = self.i;
            match (self.peek(), self.at(1)) {
                (Some(b'.'), Some(c)) if is_ident_start(c) => {
                    // get_attr = { "." ~ attr_name }
                    self.i += 1;
                    let name = self.ident()?;
                    steps.push(Step {
                        kind: StepKind::Attr(name.into()),
                        span: span(start, self.i),
                    });
                }
                (Some(b'.'), Some(c)) if c.is_ascii_digit() => {
                    // legacy_index = { "." ~ number }; only whole numbers
                    // are valid.
                    self.i += 1;
                    let text = self.number();
                    if !text.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(GiveUp);
                    }
                    let key = Expr {
                        kind: ExprKind::Number(text.into()),
                        span: span(start + 1, self.i),
                    };
                    steps_height = steps_height.max(1);
                    steps.push(Step {
                        kind: StepKind::Index {
                            key: Box::new(key),
                            legacy: true,
                        },
                        span: span(start, self.i),
                    });
                }
                (Some(b'['), _) => {
                    // index = { "[" ~ expr ~ index_end }; `[*]` is a splat.
                    self.i += 1;
                    self.enter()?;
                    self.ws()?;
                    if self.peek() == Some(b'*') {
                        return Err(GiveUp);
                    }
                    let (key, h) = self.expr()?;
                    self.ws()?;
                    self.expect(b']')?;
                    self.leave();
                    steps_height = steps_height.max(h);
                    steps.push(Step {
                        kind: StepKind::Index {
                            key: Box::new(key),
                            legacy: false,
                        },
                        span: span(start, self.i),
                    });
                }
                _ => {
                    self.i = before;
                    break;
                }
            }
        }
        let Some(last) = steps.last() else {
            return Ok(primary);
        };
        let height = 1 + primary.1.max(steps_height);
        check(height)?;
        let span = primary.0.span.to(last.span);
        Ok((
            Expr {
                kind: ExprKind::Traversal {
                    source: Box::new(primary.0),
                    steps,
                },
                span,
            },
            height,
        ))
    }

    /// ident_chars = _{ (ID_START | "_") ~ (ID_CONTINUE | "-")* }, ASCII
    /// only; the first byte is known to be a start.
    fn ident(&mut self) -> Res<&'s str> {
        let start = self.i;
        self.i += 1;
        while let Some(c) = self.peek() {
            if is_ident_continue(c) {
                self.i += 1;
            } else if c >= 0x80 {
                return Err(GiveUp); // might be ID_CONTINUE
            } else {
                break;
            }
        }
        Ok(&self.src[start..self.i])
    }

    /// number = @{ ASCII_DIGIT+ ~ ("." ~ ASCII_DIGIT+)? ~ (^"e" ~ ("+" | "-")? ~ ASCII_DIGIT+)? };
    /// the first byte is known to be a digit.
    fn number(&mut self) -> &'s str {
        let b = self.b;
        let start = self.i;
        let digits = |mut i: usize| {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            i
        };
        let mut i = digits(start);
        if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i = digits(i + 1);
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                i = digits(j);
            }
        }
        self.i = i;
        &self.src[start..i]
    }

    /// primary = _{ number | for_tuple | tuple | for_object | object | call | variable | parens | quoted | heredoc },
    /// without for expressions, objects and heredocs.
    fn primary(&mut self) -> Built<Expr> {
        let start = self.i;
        let leaf = |kind, end| {
            Ok((
                Expr {
                    kind,
                    span: span(start, end),
                },
                1,
            ))
        };
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let text = self.number();
                leaf(ExprKind::Number(text.into()), self.i)
            }
            Some(c) if is_ident_start(c) => {
                let name = self.ident()?;
                if self.peek() == Some(b':') && self.at(1) == Some(b':') {
                    return Err(GiveUp); // a namespaced function name
                }
                let end = self.i;
                self.ws()?;
                if self.peek() == Some(b'(') {
                    return self.call(name, start, end);
                }
                self.i = end;
                match name {
                    "true" => leaf(ExprKind::Bool(true), end),
                    "false" => leaf(ExprKind::Bool(false), end),
                    "null" => leaf(ExprKind::Null, end),
                    _ => leaf(
                        ExprKind::Variable(Ident {
                            name: name.into(),
                            span: span(start, end),
                        }),
                        end,
                    ),
                }
            }
            Some(b'(') => {
                // parens = { "(" ~ expr ~ paren_end }
                self.i += 1;
                self.enter()?;
                self.ws()?;
                let (inner, h) = self.expr()?;
                self.ws()?;
                self.expect(b')')?;
                self.leave();
                wrap(
                    ExprKind::Parens(Box::new(inner)),
                    span(start, self.i),
                    h + 1,
                )
            }
            Some(b'[') => self.tuple(),
            Some(b'"') => self.quoted(),
            _ => Err(GiveUp),
        }
    }

    /// call = { func_name ~ "(" ~ (expr ~ (args_comma ~ expr)* ~ (ellipsis | args_comma)?)? ~ args_end },
    /// at the `(`.
    fn call(&mut self, name: &str, start: usize, name_end: usize) -> Built<Expr> {
        self.i += 1;
        self.enter()?;
        self.ws()?;
        let mut args = Vec::new();
        let mut expand_final = false;
        let mut height = 0;
        if self.peek() != Some(b')') {
            loop {
                let (e, h) = self.expr()?;
                height = height.max(h);
                args.push(e);
                self.ws()?;
                match self.peek() {
                    Some(b'.') if self.b[self.i..].starts_with(b"...") => {
                        self.i += 3;
                        expand_final = true;
                        self.ws()?;
                        break;
                    }
                    Some(b',') => {
                        self.i += 1;
                        self.ws()?;
                        if self.peek() == Some(b')') {
                            break;
                        }
                    }
                    _ => break,
                }
            }
        }
        self.expect(b')')?;
        self.leave();
        let call = Call {
            name: Ident {
                name: name.into(),
                span: span(start, name_end),
            },
            args,
            expand_final,
        };
        wrap(
            ExprKind::Call(Box::new(call)),
            span(start, self.i),
            height + 1,
        )
    }

    /// tuple = { "[" ~ (expr ~ (tuple_comma ~ expr)* ~ tuple_comma?)? ~ tuple_end };
    /// `[for` (a for_tuple) gives up.
    fn tuple(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter()?;
        self.ws()?;
        // kw_for = @{ "for" ~ !ident_char }: a for_tuple, or maybe one
        // (a non-ASCII character after "for").
        if self.b[self.i..].starts_with(b"for") && !self.at(3).is_some_and(is_ident_continue) {
            return Err(GiveUp);
        }
        let mut items = Vec::new();
        let mut height = 0;
        if self.peek() != Some(b']') {
            loop {
                let (e, h) = self.expr()?;
                height = height.max(h);
                items.push(e);
                self.ws()?;
                if self.peek() == Some(b',') {
                    self.i += 1;
                    self.ws()?;
                    if self.peek() == Some(b']') {
                        break;
                    }
                } else {
                    break;
                }
            }
        }
        self.expect(b']')?;
        self.leave();
        wrap(ExprKind::Tuple(items), span(start, self.i), height + 1)
    }

    /// quoted = ${ "\"" ~ (interpolation | directive | quoted_literal)* ~ quote_end },
    /// without directives, and with no backslash escape in the text.
    fn quoted(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter()?;
        let b = self.b;
        let mut text = TemplateText::new(self.i);
        loop {
            match b.get(self.i) {
                Some(b'"') => break,
                Some(b'\\' | b'\r' | b'\n') | None => return Err(GiveUp),
                Some(b'$' | b'%') => self.template_sequence(&mut text, self.i)?,
                Some(_) => self.i += 1,
            }
        }
        let parts = text.finish(self, self.i);
        let height = text.height + 1;
        self.i += 1;
        self.leave();
        check(height)?;
        let span = span(start, self.i);
        Ok((
            Expr {
                kind: ExprKind::Template(Template { parts, span }),
                span,
            },
            height,
        ))
    }
}

/// Template parts as they are read: the literal run in progress starts at
/// `lit_start`, and `escaped` says whether it holds a `$${` or `%%{`.
struct TemplateText {
    parts: Vec<TemplatePart>,
    height: u32,
    lit_start: usize,
    escaped: bool,
}

impl TemplateText {
    fn new(start: usize) -> TemplateText {
        TemplateText {
            parts: Vec::new(),
            height: 0,
            lit_start: start,
            escaped: false,
        }
    }

    /// Ends the literal run in progress at `end` (nothing if it is empty).
    fn end_literal(&mut self, fast: &Fast<'_>, end: usize) {
        if end > self.lit_start {
            self.parts
                .push(fast.literal(self.lit_start, end, self.escaped));
        }
        self.escaped = false;
    }

    /// The parts, with the last literal run ending at `end`.
    fn finish(&mut self, fast: &Fast<'_>, end: usize) -> Vec<TemplatePart> {
        self.end_literal(fast, end);
        std::mem::take(&mut self.parts)
    }
}

/// The builder's `wrap`: a bracketed node of height `height`.
fn wrap(kind: ExprKind, span: Span, height: u32) -> Built<Expr> {
    check(height)?;
    Ok((Expr { kind, span }, height))
}
