//! Shaping flat lists into trees, shared by the hand-written parser and the
//! pest builder so both make exactly the same tree: operator chains,
//! conditional chains, and templates (strip markers, heredoc flushing,
//! matching directives up, decoding literal text).
//!
//! Both parsers read operator chains flat (no recursion per operator) and
//! hand them here. Every node built is checked against the nesting limit
//! by the caller's `check`, which says what exceeding it means to that
//! parser (a syntax error, or giving up to the other parser).

use smallvec::SmallVec;

use super::ast::{
    BinaryExpr, BinaryOp, BinaryTerm, ConditionalExpr, Expr, ExprKind, Ident, Parts, Template,
    TemplateFor, TemplateIf, TemplatePart, Text,
};
use super::{too_deep, Span, SyntaxError, MAX_DEPTH};

/// An expression with the height of its tree.
pub(crate) type WithHeight = (Expr, u32);

/// `cond ? then : otherwise`, checked.
pub(crate) fn conditional<E>(
    (cond, cond_height): WithHeight,
    (then, then_height): WithHeight,
    (otherwise, otherwise_height): WithHeight,
    check: &impl Fn(u32, Span) -> Result<(), E>,
) -> Result<WithHeight, E> {
    let height = 1 + cond_height.max(then_height).max(otherwise_height);
    check(height, cond.span)?;
    let span = cond.span.to(otherwise.span);
    let kind = ExprKind::Conditional(Box::new(ConditionalExpr {
        cond,
        then,
        otherwise,
    }));
    Ok((Expr { kind, span }, height))
}

/// The conditions of an else-chain as read, and the final result: one
/// more than the [`Results`]. Inline for a single `c ? t : e`.
pub(crate) type Conditions = SmallVec<[WithHeight; 2]>;

/// The results of an else-chain's conditions as read.
pub(crate) type Results = SmallVec<[WithHeight; 1]>;

/// Folds `c0 ? t1 : c1 ? t2 : e`, read flat as conditions `[c0, c1, e]`
/// and results `[t1, t2]`, right-associatively into
/// `c0 ? t1 : (c1 ? t2 : e)`. `conds` has one more element than `thens`.
pub(crate) fn fold_conditionals<E>(
    mut conds: Conditions,
    mut thens: Results,
    check: impl Fn(u32, Span) -> Result<(), E>,
) -> Result<WithHeight, E> {
    let mut acc = conds.pop().expect("one more condition than results");
    while let (Some(then), Some(cond)) = (thens.pop(), conds.pop()) {
        acc = conditional(cond, then, acc, &check)?;
    }
    Ok(acc)
}

/// Shunting-yard over `operand (op operand)*`, fed as it is read: left
/// associative within a precedence level, higher levels binding tighter.
///
/// A run of operators of one level becomes one n-ary [`ExprKind::Binary`]
/// node, so the height of the result grows with the number of precedence
/// levels mixed (at most six), never with the length of the chain. For
/// the same reason the stacks stay small: the operators waiting on the
/// stack have strictly rising precedence (an operator first reduces every
/// waiting one of its level or above), so at most six wait, over seven
/// operands, and both stacks live on the call stack.
///
/// The first failed height check is kept and returned by
/// [`finish`](Self::finish), so the chain is reduced in the same order,
/// with the same outcome, as if it had been read whole first.
pub(crate) struct BinaryChain<E> {
    operands: SmallVec<[WithHeight; 7]>,
    pending: SmallVec<[(BinaryOp, Span); 6]>,
    failed: Option<E>,
}

impl<E> BinaryChain<E> {
    /// A chain starting with its first operand.
    pub(crate) fn new(first: WithHeight) -> Self {
        let mut operands = SmallVec::new();
        operands.push(first);
        BinaryChain {
            operands,
            pending: SmallVec::new(),
            failed: None,
        }
    }

    /// `op operand`, the next operator and the operand after it.
    pub(crate) fn push(
        &mut self,
        op: (BinaryOp, Span),
        operand: WithHeight,
        check: &impl Fn(u32, Span) -> Result<(), E>,
    ) {
        while let Some(&(top, _)) = self.pending.last() {
            if top.precedence() < op.0.precedence() {
                break;
            }
            self.reduce(check);
        }
        self.pending.push(op);
        self.operands.push(operand);
        debug_assert!(
            !self.pending.spilled() && !self.operands.spilled(),
            "waiting operators rise in precedence: at most six"
        );
    }

    /// The whole chain, or its first failed check.
    pub(crate) fn finish(
        mut self,
        check: &impl Fn(u32, Span) -> Result<(), E>,
    ) -> Result<WithHeight, E> {
        while !self.pending.is_empty() {
            self.reduce(check);
        }
        match self.failed {
            Some(e) => Err(e),
            None => Ok(self.operands.pop().expect("at least one operand")),
        }
    }

    /// Replaces the top two operands by the top operator applied to them.
    fn reduce(&mut self, check: &impl Fn(u32, Span) -> Result<(), E>) {
        let op = self.pending.pop().expect("reduce needs an operator");
        let rhs = self.operands.pop().expect("operator has a right operand");
        let lhs = self.operands.pop().expect("operator has a left operand");
        let (combined, at) = combine_unchecked(lhs, op, rhs);
        if self.failed.is_none() {
            self.failed = check(combined.1, at).err();
        }
        self.operands.push(combined);
    }
}

/// Shunting-yard over `operand (op operand)*` read whole (the pest
/// builder's): `ops` are the operators with the spans they were written
/// at, `operands` one more than `ops`.
#[cfg(test)]
pub(crate) fn fold_binary<E>(
    operands: Vec<WithHeight>,
    ops: Vec<(BinaryOp, Span)>,
    check: impl Fn(u32, Span) -> Result<(), E>,
) -> Result<WithHeight, E> {
    let mut operands = operands.into_iter();
    let mut chain = BinaryChain::new(operands.next().expect("at least one operand"));
    for (op, operand) in ops.into_iter().zip(operands) {
        chain.push(op, operand, &check);
    }
    chain.finish(&check)
}

/// `lhs op rhs`: the left operand's chain grows when it is a chain of the
/// same level built here (an operand as read is never a bare chain: a
/// chain in the source is parenthesized), else a new chain starts.
pub(crate) fn combine<E>(
    lhs: WithHeight,
    op: (BinaryOp, Span),
    rhs: WithHeight,
    check: &impl Fn(u32, Span) -> Result<(), E>,
) -> Result<WithHeight, E> {
    let (combined, at) = combine_unchecked(lhs, op, rhs);
    check(combined.1, at)?;
    Ok(combined)
}

/// [`combine`] without its height check: the result, and where that
/// check is to be reported (the caller's to run, now or later).
fn combine_unchecked(
    (mut lhs, lhs_height): WithHeight,
    (op, op_span): (BinaryOp, Span),
    (rhs, rhs_height): WithHeight,
) -> (WithHeight, Span) {
    if let ExprKind::Binary(chain) = &mut lhs.kind {
        if chain.rest[0].op.precedence() == op.precedence() {
            let height = lhs_height.max(rhs_height + 1);
            lhs.span = lhs.span.to(rhs.span);
            chain.rest.push(BinaryTerm { op, op_span, rhs });
            return ((lhs, height), op_span);
        }
    }
    let height = 1 + lhs_height.max(rhs_height);
    let span = lhs.span.to(rhs.span);
    let mut rest = SmallVec::new();
    rest.push(BinaryTerm { op, op_span, rhs });
    let chain = Expr {
        kind: ExprKind::Binary(Box::new(BinaryExpr { first: lhs, rest })),
        span,
    };
    ((chain, height), op_span)
}

// -------------------------------------------------------------- templates

/// A built node and its height (a leaf is 1).
pub(crate) type Built<T> = Result<(T, u32), SyntaxError>;

fn check(height: u32, span: Span) -> Result<(), SyntaxError> {
    if height > MAX_DEPTH {
        Err(too_deep(span))
    } else {
        Ok(())
    }
}

/// A template from its items as read: strip markers applied, `<<-`
/// indentation removed when `flush`, directives matched up. Errors that
/// do not stop the shaping (unbalanced directives) go to `errors`; `end`
/// is the template's closing token (its quote, its heredoc's closing
/// marker line, or the empty end of a bare template), which HCL blames
/// for a directive left open. `items` is left empty, its capacity kept
/// for the caller to reuse.
pub(crate) fn shape_template(
    items: &mut Vec<Item>,
    span: Span,
    end: Span,
    flush: bool,
    errors: &mut Vec<SyntaxError>,
) -> Built<Template> {
    apply_strip_markers(items);
    if flush {
        flush_heredoc(items);
    }
    structure(items.drain(..), span, end, errors)
}

/// One element of a template before directives are matched up.
pub(crate) enum Item {
    Lit {
        text: Text,
        span: Span,
        /// Text of a quoted string, which strip markers trim as a whole
        /// (see [`apply_strip_markers`]).
        quoted: bool,
    },
    Interp {
        expr: Expr,
        height: u32,
        span: Span,
        strip: (bool, bool),
    },
    Tag {
        tag: Tag,
        span: Span,
        strip: (bool, bool),
    },
}

pub(crate) enum Tag {
    If(Expr, u32),
    Else,
    EndIf,
    /// Boxed: the largest tag by far, it would double the size of every
    /// template item, which are moved while a template is shaped.
    For(Box<ForTag>),
    EndFor,
}

/// What a `%{ for }` tag holds.
pub(crate) struct ForTag {
    pub(crate) key_var: Option<Ident>,
    pub(crate) value_var: Ident,
    pub(crate) collection: Expr,
    pub(crate) height: u32,
}

/// A directive whose body is being collected.
struct OpenDirective {
    kind: OpenKind,
    /// The opening `%{ ... }`.
    tag_span: Span,
    /// Where the current body starts.
    body_start: u32,
    parts: Vec<TemplatePart>,
    height: u32,
}

enum OpenKind {
    If {
        cond: Expr,
        cond_height: u32,
        then: Option<(Template, u32)>,
    },
    For {
        key_var: Option<Ident>,
        value_var: Ident,
        collection: Expr,
        height: u32,
    },
}

impl OpenKind {
    fn name(&self) -> &'static str {
        match self {
            OpenKind::If { .. } => "if",
            OpenKind::For { .. } => "for",
        }
    }
}

/// Matches directives up into a tree, with an explicit stack. As in
/// HCL's parser (which reads each directive's body recursively), a
/// directive that does not fit the innermost open one is reported and
/// ends that one; the rest is read in the directive around it.
pub(crate) fn structure(
    items: impl ExactSizeIterator<Item = Item>,
    span: Span,
    end: Span,
    errors: &mut Vec<SyntaxError>,
) -> Built<Template> {
    let mut root: Vec<TemplatePart> = Vec::with_capacity(items.len());
    let mut root_height = 0;
    let mut stack: Vec<OpenDirective> = Vec::new();
    for item in items {
        let (parts, height) = match stack.last_mut() {
            Some(open) => (&mut open.parts, &mut open.height),
            None => (&mut root, &mut root_height),
        };
        match item {
            Item::Lit { text, span, .. } => parts.push(TemplatePart::Literal { text, span }),
            Item::Interp {
                expr,
                height: h,
                span,
                ..
            } => {
                *height = (*height).max(h);
                parts.push(TemplatePart::Interpolation { expr, span });
            }
            Item::Tag {
                tag, span: tspan, ..
            } => match tag {
                Tag::If(cond, cond_height) => {
                    open(
                        &mut stack,
                        tspan,
                        OpenKind::If {
                            cond,
                            cond_height,
                            then: None,
                        },
                    )?;
                }
                Tag::For(tag) => {
                    let ForTag {
                        key_var,
                        value_var,
                        collection,
                        height,
                    } = *tag;
                    open(
                        &mut stack,
                        tspan,
                        OpenKind::For {
                            key_var,
                            value_var,
                            collection,
                            height,
                        },
                    )?;
                }
                Tag::Else => match stack.last_mut() {
                    Some(OpenDirective {
                        kind:
                            OpenKind::If {
                                then: then @ None, ..
                            },
                        body_start,
                        parts,
                        height,
                        ..
                    }) => {
                        let body = Template {
                            parts: Parts::from_vec(std::mem::take(parts)),
                            span: Span::new(*body_start, tspan.start),
                        };
                        *then = Some((body, *height + 1));
                        *height = 0;
                        *body_start = tspan.end;
                    }
                    other => {
                        let open = other.map(|o| &o.kind);
                        errors.push(unexpected_directive("else", open, tspan));
                        stack.pop();
                    }
                },
                Tag::EndIf | Tag::EndFor => {
                    let want = if matches!(tag, Tag::EndIf) {
                        "if"
                    } else {
                        "for"
                    };
                    match stack.last() {
                        Some(o) if o.kind.name() == want => {
                            let open = stack.pop().expect("checked");
                            let (part, h) = close(open, tspan)?;
                            let (parts, height) = match stack.last_mut() {
                                Some(open) => (&mut open.parts, &mut open.height),
                                None => (&mut root, &mut root_height),
                            };
                            *height = (*height).max(h);
                            parts.push(part);
                        }
                        other => {
                            let name = if want == "if" { "endif" } else { "endfor" };
                            let open = other.map(|o| &o.kind);
                            errors.push(unexpected_directive(name, open, tspan));
                            stack.pop();
                        }
                    }
                }
            },
        }
    }
    for open in stack.iter().rev() {
        let name = open.kind.name();
        // As in HCL: at the template's end, naming the directive.
        errors.push(
            SyntaxError::new(
                "Unexpected end of template",
                format!(
                    "The {name} directive at {} is missing its corresponding end{name} \
                     directive.",
                    SyntaxError::MENTION
                ),
                end,
            )
            .mentioning(open.tag_span),
        );
    }
    let height = root_height + 1;
    check(height, span)?;
    // (A vector's growth from none to four parts is one allocation; the
    // template then keeps its buffer, or holds a single part inline.)
    let parts = Parts::from_vec(root);
    Ok((Template { parts, span }, height))
}

fn open(stack: &mut Vec<OpenDirective>, tag_span: Span, kind: OpenKind) -> Result<(), SyntaxError> {
    if stack.len() >= MAX_DEPTH as usize {
        return Err(too_deep(tag_span));
    }
    stack.push(OpenDirective {
        kind,
        tag_span,
        body_start: tag_span.end,
        parts: Vec::new(),
        height: 0,
    });
    Ok(())
}

fn close(open: OpenDirective, end_span: Span) -> Built<TemplatePart> {
    let body = Template {
        parts: Parts::from_vec(open.parts),
        span: Span::new(open.body_start, end_span.start),
    };
    let body_height = open.height + 1;
    let span = open.tag_span.to(end_span);
    let (part, height) = match open.kind {
        OpenKind::If {
            cond,
            cond_height,
            then,
        } => {
            let (then, otherwise, h) = match then {
                Some((then, then_height)) => (then, Some(body), then_height.max(body_height)),
                None => (body, None, body_height),
            };
            let part = TemplatePart::If(Box::new(TemplateIf {
                cond,
                then,
                otherwise,
                span,
            }));
            (part, 1 + cond_height.max(h))
        }
        OpenKind::For {
            key_var,
            value_var,
            collection,
            height,
        } => {
            let part = TemplatePart::For(Box::new(TemplateFor {
                key_var,
                value_var,
                collection,
                body,
                span,
            }));
            (part, 1 + height.max(body_height))
        }
    };
    check(height, open.tag_span)?;
    Ok((part, height))
}

/// Decodes a quoted string literal: backslash escapes plus `$${` and
/// `%%{`. The grammar has already checked the escape syntax; a `\u`
/// naming a surrogate is the one error left to find here.
pub(crate) fn unescape_quoted(s: &str, offset: u32, errors: &mut Vec<SyntaxError>) -> Text {
    if !s.contains('\\') && !s.contains('{') {
        return Text::from(s);
    }
    let mut out = Text::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(['\\', '$', '%']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("$${") {
            out.push_str("${");
            rest = after;
        } else if let Some(after) = tail.strip_prefix("%%{") {
            out.push_str("%{");
            rest = after;
        } else if let Some(after) = tail.strip_prefix('\\') {
            let sel = after.as_bytes()[0];
            let (ch, len) = match sel {
                b'n' => (Some('\n'), 1),
                b'r' => (Some('\r'), 1),
                b't' => (Some('\t'), 1),
                b'"' => (Some('"'), 1),
                b'\\' => (Some('\\'), 1),
                b'u' | b'U' => {
                    let n = if sel == b'u' { 4 } else { 8 };
                    let code = u32::from_str_radix(&after[1..=n], 16).unwrap_or(u32::MAX);
                    (char::from_u32(code), 1 + n)
                }
                _ => unreachable!("the grammar only admits valid escapes"),
            };
            if let Some(c) = ch {
                out.push(c);
            } else {
                let start = offset + (s.len() - tail.len()) as u32;
                errors.push(SyntaxError::new(
                    "Invalid escape sequence",
                    format!(
                        "The escape sequence {} does not name a Unicode character.",
                        &tail[..=len]
                    ),
                    Span::new(start, start + 1 + len as u32),
                ));
                out.push(char::REPLACEMENT_CHARACTER);
            }
            rest = &after[len..];
        } else {
            out.push_str(&tail[..1]);
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}
/// The error for an `else`, `endif` or `endfor` directive (`name`) that
/// does not fit `open`, the innermost directive still open, with Go's
/// summary and, where Go names the open directive's location, the same
/// sentence without it (spans become source ranges only later).
fn unexpected_directive(name: &str, open: Option<&OpenKind>, span: Span) -> SyntaxError {
    let detail = match (name, open) {
        (_, None) => "The control directives within this template are unbalanced.",
        ("else", Some(OpenKind::If { .. })) => {
            "Already in the else clause for the enclosing if directive."
        }
        ("else", Some(OpenKind::For { .. })) => {
            "An else clause is not expected for a for directive."
        }
        (_, Some(OpenKind::If { .. })) => {
            "Expecting an endif directive for the enclosing if directive."
        }
        (_, Some(OpenKind::For { .. })) => {
            "Expecting an endfor directive corresponding to the enclosing for directive."
        }
    };
    SyntaxError::new(format!("Unexpected {name} directive"), detail, span)
}

/// Decodes the `$${` and `%%{` escapes of template text.
pub(crate) fn unescape_template(s: &str) -> Text {
    if !s.contains('{') {
        return Text::from(s);
    }
    let mut out = Text::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(['$', '%']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("$${") {
            out.push_str("${");
            rest = after;
        } else if let Some(after) = tail.strip_prefix("%%{") {
            out.push_str("%{");
            rest = after;
        } else {
            out.push_str(&tail[..1]);
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

/// `~` after `${`/`%{` strips the whitespace at the end of the literal
/// before; `~` before `}` strips it at the start of the literal after.
///
/// As in HCL's Go implementation, a strip marker only reaches across one
/// line of template or heredoc text: Go's scanner cuts that text into
/// tokens that end just after each newline, and a marker trims only the
/// adjacent token. So `${~` removes trailing whitespace back to, not
/// including, the newline that ends the previous line (a literal ending in
/// a newline loses that newline and the whitespace before it), and `~}`
/// removes leading whitespace up to and including the first newline. A
/// quoted string's text has no raw newlines and is one token, so it is
/// trimmed as a whole, escaped newlines included.
fn apply_strip_markers(items: &mut [Item]) {
    for i in 0..items.len() {
        let (left, right) = match &items[i] {
            Item::Interp { strip, .. } | Item::Tag { strip, .. } => *strip,
            Item::Lit { .. } => continue,
        };
        if left && i > 0 {
            if let Item::Lit { text, quoted, .. } = &mut items[i - 1] {
                let floor = if *quoted { 0 } else { last_token_start(text) };
                text.truncate(text.trim_end().len().max(floor));
            }
        }
        if right {
            if let Some(Item::Lit { text, quoted, .. }) = items.get_mut(i + 1) {
                let ceiling = if *quoted {
                    text.len()
                } else {
                    text.find('\n').map_or(text.len(), |e| e + 1)
                };
                let cut = (text.len() - text.trim_start().len()).min(ceiling);
                text.remove_prefix(cut);
            }
        }
    }
}

/// Where the last token of template text starts in Go's scanner, which is
/// how far back `${~` may trim: the start of the last line, a final
/// newline counting as part of the line it ends.
///
/// One quirk of that scanner is kept too: a `$` or `%` that does not start
/// a sequence, followed by a single ASCII character and a newline, forms a
/// token with that character, so the newline after it is a token of its
/// own (`"a$ \n${~ x}"` keeps `"a$ "`).
fn last_token_start(text: &str) -> usize {
    let b = text.as_bytes();
    let lone_dollar_pair = |end: usize| {
        end >= 2 && matches!(b[end - 2], b'$' | b'%') && b[end - 1].is_ascii() && b[end - 1] != b'{'
    };
    if let Some(body) = text.strip_suffix('\n') {
        if lone_dollar_pair(body.len()) {
            return body.len();
        }
        if body.ends_with('\r') && lone_dollar_pair(body.len() - 1) {
            return body.len() - 1;
        }
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.rfind('\n').map_or(0, |e| e + 1)
}

/// `<<-` heredocs: finds the least indentation over the lines (a line that
/// is only whitespace doesn't count; one starting with an interpolation or
/// directive counts as 0) and removes that many leading whitespace
/// characters from every other line.
fn flush_heredoc(items: &mut [Item]) {
    let mut min = usize::MAX;
    let mut at_line_start = true;
    for item in items.iter() {
        if let Item::Lit { text, .. } = item {
            for_each_line_start(text, &mut at_line_start, |line| {
                if let Some(n) = indent_of(line) {
                    min = min.min(n);
                }
            });
        } else {
            if at_line_start {
                min = 0;
            }
            at_line_start = false;
        }
    }
    if min == 0 || min == usize::MAX {
        return;
    }
    let mut at_line_start = true;
    for item in items.iter_mut() {
        match item {
            Item::Lit { text, .. } => {
                let mut out = Text::with_capacity(text.len());
                let mut first = at_line_start;
                let mut rest = text.as_str();
                loop {
                    let line_end = rest.find('\n').map_or(rest.len(), |e| e + 1);
                    let line = &rest[..line_end];
                    if first && indent_of(line).is_some() {
                        let cut: usize = line.chars().take(min).map(char::len_utf8).sum();
                        out.push_str(&line[cut..]);
                    } else {
                        out.push_str(line);
                    }
                    rest = &rest[line_end..];
                    if line.ends_with('\n') {
                        at_line_start = true;
                        first = true;
                        if rest.is_empty() {
                            break;
                        }
                    } else {
                        at_line_start = false;
                        break;
                    }
                }
                *text = out;
            }
            _ => at_line_start = false,
        }
    }
}

/// Calls `f` with each line of `text` that starts a source line.
fn for_each_line_start(text: &str, at_line_start: &mut bool, mut f: impl FnMut(&str)) {
    let mut rest = text;
    loop {
        let line_end = rest.find('\n').map_or(rest.len(), |e| e + 1);
        let line = &rest[..line_end];
        if *at_line_start {
            f(line);
        }
        rest = &rest[line_end..];
        if line.ends_with('\n') {
            *at_line_start = true;
            if rest.is_empty() {
                break;
            }
        } else {
            *at_line_start = false;
            break;
        }
    }
}

/// The indentation (in characters) of a line for flushing, or `None` for a
/// blank line, which neither counts nor gets trimmed.
fn indent_of(line: &str) -> Option<usize> {
    let trimmed = line.trim_start();
    if trimmed.is_empty() && line.ends_with('\n') {
        return None;
    }
    Some(line[..line.len() - trimmed.len()].chars().count())
}
