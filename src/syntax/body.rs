//! Native bodies: the structural part of HCL's native syntax (attributes
//! `name = expr`, blocks `type "label" ident { ... }`, one-line blocks
//! `a { b = 1 }`, comments and newlines), read into a small arena of
//! bodies whose attribute values are expressions of the one expression
//! grammar.
//!
//! Newlines separate items; inside brackets they do not. The parser finds
//! where an attribute's *logical line* ends (the first newline outside any
//! bracket, string, heredoc or comment, or a closing bracket that was not
//! opened on it) and hands the expression parser the text up to there, so
//! the expression grammar itself needs no newline mode.
//!
//! Malformed input gets HCL's diagnostics, with its wording and ranges,
//! and the parser recovers after each bad item as HCL does (skipping to
//! the end of the item's line, or of the block), so one run reports every
//! independent problem. An invalid expression is diagnosed by the
//! expression parser's error path on that expression's text. Blocks nest
//! at most [`MAX_DEPTH`] levels.

use std::sync::Arc;

use super::fast::{self, Outcome};
use super::{too_deep, Expr, ExprKind, Span, SyntaxError, TemplatePart, MAX_DEPTH};

/// The bodies of one native file: index [`BodyTree::root`] is the file's
/// own body, the others belong to blocks.
#[derive(Debug, Clone, Default)]
pub struct BodyTree {
    /// Every body, each block's after its parent's.
    pub bodies: Vec<BodyNode>,
    /// The file's body.
    pub root: u32,
}

/// One body: its items in source order.
#[derive(Debug, Clone, Default)]
pub struct BodyNode {
    /// Attributes and blocks, in source order.
    pub items: Vec<Item>,
    /// The body's text: from the opening brace through the closing one for
    /// a block's body, the whole file for the root.
    pub span: Span,
}

/// An item of a body.
#[derive(Debug, Clone)]
pub enum Item {
    /// `name = expr`.
    Attribute(AttributeNode),
    /// `type labels... { body }`.
    Block(BlockNode),
}

/// A name and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The text (for a quoted label: decoded).
    pub text: Box<str>,
    /// Where it is written (for a quoted label: with its quotes).
    pub span: Span,
}

/// `name = expr`.
#[derive(Debug, Clone)]
pub struct AttributeNode {
    /// The attribute's name.
    pub name: Name,
    /// Its value.
    pub expr: Arc<Expr>,
    /// From the name through the end of the expression.
    pub span: Span,
}

/// `type labels... { body }`.
#[derive(Debug, Clone)]
pub struct BlockNode {
    /// The block type.
    pub type_name: Name,
    /// The labels, quoted or identifiers.
    pub labels: Vec<Name>,
    /// The opening brace.
    pub open: Span,
    /// The closing brace (empty at the end of the file when it is missing).
    pub close: Span,
    /// The index of the block's body in [`BodyTree::bodies`].
    pub body: u32,
}

/// Parses a native file's text into its bodies; the errors (if any) are
/// in source order, after recovery. The tree holds every item that parsed.
pub fn parse_body(src: &str) -> (BodyTree, Vec<SyntaxError>) {
    let mut p = BodyParser {
        src,
        b: src.as_bytes(),
        i: 0,
        errors: Vec::new(),
        recovery: false,
        tree: BodyTree::default(),
    };
    if src.len() >= u32::MAX as usize {
        p.errors.push(SyntaxError::new(
            "File too large",
            "Native files are limited to 4 GiB.",
            Span::new(0, 0),
        ));
        p.tree.bodies.push(BodyNode::default());
        return (p.tree, p.errors);
    }
    let root = p.body(None, 0);
    p.tree.root = root;
    (p.tree, p.errors)
}

/// The body parser's state.
struct BodyParser<'s> {
    src: &'s str,
    b: &'s [u8],
    i: usize,
    errors: Vec<SyntaxError>,
    /// Set once the parser has skipped input to recover, as HCL's is:
    /// some follow-on errors are then left unsaid.
    recovery: bool,
    tree: BodyTree,
}

fn span(start: usize, end: usize) -> Span {
    Span::from_usize(start, end)
}

/// What a single-line block's attribute is followed by.
enum SingleEnd {
    Brace,
    Other,
}

impl BodyParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn error(&mut self, summary: &str, detail: impl Into<String>, at: Span) {
        self.errors.push(SyntaxError::new(summary, detail, at));
    }

    /// The token at byte `at`, as a diagnostic shows it: a newline (with
    /// its `\r`) whole, else what the expression diagnostics call a token.
    fn token(&self, at: usize) -> Span {
        match (self.b.get(at), self.b.get(at + 1)) {
            (Some(b'\r'), Some(b'\n')) => span(at, at + 2),
            (Some(b'\n'), _) => span(at, at + 1),
            _ => super::diagnose::token_at(self.src, at),
        }
    }

    /// Skips spaces, tabs and comments, not newlines (a `/* */` comment
    /// may span lines and counts as none). An unterminated `/*` is left in
    /// place, for the caller to report as the token it is.
    fn skip_inline(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' => self.i += 1,
                b'\r' if self.b.get(self.i + 1) != Some(&b'\n') => self.i += 1,
                b'#' => self.i = line_comment_end(self.b, self.i + 1),
                b'/' if self.b.get(self.i + 1) == Some(&b'/') => {
                    self.i = line_comment_end(self.b, self.i + 2);
                }
                b'/' if self.b.get(self.i + 1) == Some(&b'*') => {
                    match memchr::memmem::find(&self.b[self.i + 2..], b"*/") {
                        Some(k) => self.i += 2 + k + 2,
                        None => return,
                    }
                }
                _ => return,
            }
        }
    }

    /// The length of the newline at `self.i` (1 or 2), if one is there.
    fn newline(&self) -> Option<usize> {
        match (self.peek(), self.b.get(self.i + 1)) {
            (Some(b'\n'), _) => Some(1),
            (Some(b'\r'), Some(b'\n')) => Some(2),
            _ => None,
        }
    }

    /// Skips blank lines and comments.
    fn skip_blank(&mut self) {
        loop {
            self.skip_inline();
            match self.newline() {
                Some(n) => self.i += n,
                None => return,
            }
        }
    }

    /// An identifier here (`ID_Start` or `_`, then `ID_Continue` or `-`).
    fn ident(&mut self) -> Option<Name> {
        let start = self.i;
        let rest = &self.src[start..];
        let bytes = rest.as_bytes();
        let len = if bytes
            .first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            // ASCII names, the usual case, byte by byte.
            let ascii = bytes
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-'))
                .unwrap_or(bytes.len());
            if bytes.get(ascii).is_some_and(|c| !c.is_ascii()) {
                ident_len(rest)?
            } else {
                ascii
            }
        } else {
            ident_len(rest)?
        };
        self.i += len;
        Some(Name {
            text: rest[..len].into(),
            span: span(start, start + len),
        })
    }

    /// A body: its items up to the end of the file (`open` is `None`) or
    /// to the `}` matching `open`. Gives the body's index.
    fn body(&mut self, open: Option<Span>, depth: u32) -> u32 {
        let index = self.tree.bodies.len() as u32;
        self.tree.bodies.push(BodyNode::default());
        let start = open.map_or(0, |o| o.start as usize);
        let mut items: Vec<Item> = Vec::new();
        let end = loop {
            self.skip_blank();
            let at = self.i;
            match self.peek() {
                None => {
                    if let Some(open) = open {
                        if !self.recovery {
                            self.error(
                                "Unclosed configuration block",
                                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                                open,
                            );
                        }
                        self.recovery = true;
                    }
                    break at;
                }
                Some(b'}') if open.is_some() => {
                    self.i += 1;
                    break self.i;
                }
                _ => {}
            }
            if let Some(name) = self.ident() {
                if let Some(item) = self.item(name, depth) {
                    self.push_item(&mut items, item);
                }
            } else {
                let tok = self.token(at);
                if !self.recovery {
                    if self.peek() == Some(b'"') {
                        self.error(
                            "Invalid argument name",
                            "Argument names must not be quoted.",
                            tok,
                        );
                    } else {
                        self.error(
                            "Argument or block definition required",
                            "An argument or block definition is required here.",
                            tok,
                        );
                    }
                }
                // HCL gives up on the rest of this body.
                self.recovery = true;
                self.i = match open {
                    Some(_) => self.skip_to_close(self.i),
                    None => self.b.len(),
                };
                break self.i;
            }
        };
        let node = &mut self.tree.bodies[index as usize];
        node.items = items;
        node.span = span(start, end);
        index
    }

    /// Adds `item`, unless it redefines an attribute ("Attribute
    /// redefined", as native attributes may be set only once).
    fn push_item(&mut self, items: &mut Vec<Item>, item: Item) {
        if let Item::Attribute(attr) = &item {
            let first = items.iter().find_map(|i| match i {
                Item::Attribute(a) if a.name.text == attr.name.text => Some(a.name.span),
                _ => None,
            });
            if let Some(first) = first {
                let err = SyntaxError::new(
                    "Attribute redefined",
                    format!(
                        "The argument {:?} was already set at {}. Each argument may be set only once.",
                        &*attr.name.text,
                        SyntaxError::MENTION
                    ),
                    attr.name.span,
                )
                .mentioning(first);
                self.errors.push(err);
                return;
            }
        }
        items.push(item);
    }

    /// The item whose first identifier `name` was just read.
    fn item(&mut self, name: Name, depth: u32) -> Option<Item> {
        self.skip_inline();
        match self.peek() {
            Some(b'=') if self.b.get(self.i + 1) != Some(&b'=') => {
                self.attribute(name, false).map(Item::Attribute)
            }
            Some(b'"' | b'{') => self.block(name, depth),
            _ if self.ident_here() => self.block(name, depth),
            _ => {
                self.error(
                    "Argument or block definition required",
                    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                    name.span,
                );
                self.recover_after_item();
                None
            }
        }
    }

    fn ident_here(&self) -> bool {
        self.src[self.i..]
            .chars()
            .next()
            .is_some_and(is_ident_start)
    }

    /// `name = expr`, at the `=`. A single-line block's attribute
    /// (`single`) leaves what follows it to the block.
    fn attribute(&mut self, name: Name, single: bool) -> Option<AttributeNode> {
        self.i += 1; // `=`
        let start = self.i;
        let line_end = logical_line_end(self.b, start);
        let Some(expr) = self.expression(start, line_end) else {
            self.recover_after_item();
            return None;
        };
        self.i = expr.span.end as usize;
        self.skip_inline();
        if self.i < line_end {
            if let Some(errors) = self.broken_tail(start, self.i, line_end) {
                self.errors.extend(errors);
                self.recover_after_item();
                return None;
            }
        }
        let attr = AttributeNode {
            span: name.span.to(expr.span),
            name,
            expr: Arc::new(expr),
        };
        if single {
            return Some(attr);
        }
        self.skip_inline();
        if let Some(n) = self.newline() {
            self.i += n;
        } else if self.i < self.b.len() {
            if !self.recovery {
                let tok = self.token(self.i);
                let (summary, detail) = if self.peek() == Some(b',') {
                    (
                        "Unexpected comma after argument",
                        "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                    )
                } else {
                    (
                        "Missing newline after argument",
                        "An argument definition must end with a newline.",
                    )
                };
                self.error(summary, detail, tok);
            }
            self.recover_after_item();
        }
        Some(attr)
    }

    /// The expression at `start`, within `src[..line_end]`; `None` (with
    /// the errors pushed) if it does not parse.
    fn expression(&mut self, start: usize, line_end: usize) -> Option<Expr> {
        let text = &self.src[..line_end];
        match fast::parse_expression_at(text, start) {
            Outcome::Parsed(e) => Some(e),
            Outcome::Refused(e) => {
                self.errors.push(e);
                None
            }
            Outcome::Invalid(errors) if errors.is_empty() => {
                self.expression_errors(start, line_end);
                None
            }
            Outcome::Invalid(errors) => {
                self.errors.extend(errors);
                None
            }
        }
    }

    /// The diagnostics of an expression that does not parse, from the
    /// expression parser's error path run on the expression's own text,
    /// moved to where that text is in the file.
    #[cold]
    fn expression_errors(&mut self, start: usize, line_end: usize) {
        let errors = self.line_errors(start, line_end);
        if errors.is_empty() {
            let tok = self.token(start);
            self.error(
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                tok,
            );
        }
        self.errors.extend(errors);
    }

    /// The errors of `src[start..line_end]` read as one expression (none if
    /// it is one), at file offsets.
    #[cold]
    fn line_errors(&self, start: usize, line_end: usize) -> Vec<SyntaxError> {
        let text = &self.src[start..line_end];
        let shift = |s: Span| Span::new(s.start + start as u32, s.end + start as u32);
        let Err(errors) = super::parse_expression(text) else {
            return Vec::new();
        };
        errors
            .into_iter()
            .map(|mut e| {
                e.span = shift(e.span);
                e.mention = e.mention.map(shift);
                let at_line_end = e.span.start as usize == line_end && e.span.is_empty();
                if e.summary == "Missing expression" && at_line_end {
                    // The expression's text ends at a newline or a brace
                    // of the body, which HCL blames as the token found
                    // instead of an expression.
                    if line_end < self.b.len() {
                        e = SyntaxError::new(
                            "Invalid expression",
                            "Expected the start of an expression, but found an invalid expression token.",
                            self.token(line_end),
                        );
                    } else {
                        e.detail = "Expected the start of an expression, but found the end of the file.".into();
                    }
                }
                e
            })
            .collect()
    }

    /// Whether what follows a valid expression on its line (from `after`)
    /// shows the line to be a broken expression (`a = 1 +`) rather than an
    /// expression followed by something else (`a = 1 b = 2`): the error
    /// path then blames a place past `after`. Its errors if so.
    #[cold]
    fn broken_tail(&self, start: usize, after: usize, line_end: usize) -> Option<Vec<SyntaxError>> {
        let errors = self.line_errors(start, line_end);
        let first = errors.first()?;
        (first.span.start as usize != after).then_some(errors)
    }

    /// A block whose type `type_name` was just read: labels, then `{`.
    fn block(&mut self, type_name: Name, depth: u32) -> Option<Item> {
        let mut labels = Vec::new();
        let open = loop {
            self.skip_inline();
            let at = self.i;
            match self.peek() {
                Some(b'{') => {
                    self.i += 1;
                    break span(at, at + 1);
                }
                Some(b'"') => {
                    labels.push(self.quoted_label()?);
                }
                _ if self.ident_here() => {
                    let label = self.ident().expect("an identifier starts here");
                    labels.push(label);
                }
                c => {
                    let detail = match c {
                        Some(b'=') => "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                        _ if self.newline().is_some() => "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                        _ => "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                    };
                    let tok = self.token(at);
                    self.error("Invalid block definition", detail, tok);
                    self.recover_after_item();
                    return None;
                }
            }
        };
        if depth >= MAX_DEPTH {
            self.errors.push(too_deep(open));
            self.recovery = true;
            self.i = self.b.len();
            return None;
        }
        self.skip_inline();
        let body = if self.newline().is_some() || matches!(self.peek(), None | Some(b'}')) {
            self.body(Some(open), depth + 1)
        } else {
            self.single_line_body(open)
        };
        let close = {
            let end = self.i;
            if end > 0 && self.b[end - 1] == b'}' {
                span(end - 1, end)
            } else {
                span(end, end)
            }
        };
        self.skip_inline();
        if let Some(n) = self.newline() {
            self.i += n;
        } else if self.i < self.b.len() {
            if !self.recovery {
                let tok = self.token(self.i);
                self.error(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    tok,
                );
            }
            self.recover_after_item();
        }
        Some(Item::Block(BlockNode {
            type_name,
            labels,
            open,
            close,
            body,
        }))
    }

    /// A quoted block label: a string without template sequences.
    fn quoted_label(&mut self) -> Option<Name> {
        let start = self.i;
        // A quoted string cannot span lines: its line's end bounds it (a
        // logical line would run on through the block's braces).
        let line_end = memchr::memchr(b'\n', &self.b[start..]).map_or(self.b.len(), |k| start + k);
        let text = &self.src[..line_end];
        let expr = match fast::parse_quoted_at(text, start) {
            Outcome::Parsed(e) => e,
            Outcome::Refused(e) => {
                self.errors.push(e);
                self.recover_after_item();
                return None;
            }
            Outcome::Invalid(errors) => {
                if errors.is_empty() {
                    self.expression_errors(start, line_end);
                } else {
                    self.errors.extend(errors);
                }
                self.recover_after_item();
                return None;
            }
        };
        self.i = expr.span.end as usize;
        let ExprKind::Template(t) = &expr.kind else {
            unreachable!("a quoted string parses as a template")
        };
        if let Some(value) = t.as_literal() {
            Some(Name {
                text: value.into(),
                span: expr.span,
            })
        } else {
            let at = t
                .parts
                .iter()
                .find_map(|p| match p {
                    TemplatePart::Literal { .. } => None,
                    other => Some(other.span()),
                })
                .unwrap_or(expr.span);
            self.error(
                "Invalid string literal",
                "Template sequences are not allowed in this string. To include a literal \"$\", double it (as \"$$\") to escape it.",
                Span::new(at.start, (at.start + 2).min(at.end)),
            );
            self.recover_after_item();
            None
        }
    }

    /// `{ name = expr }` on one line, after the `{`.
    fn single_line_body(&mut self, open: Span) -> u32 {
        let index = self.tree.bodies.len() as u32;
        self.tree.bodies.push(BodyNode::default());
        let mut items = Vec::new();
        let at = self.i;
        let attr = match self.ident() {
            None => {
                let tok = self.token(at);
                self.error(
                    "Argument or block definition required",
                    "An argument or block definition is required here.",
                    tok,
                );
                self.recover_after_item();
                None
            }
            Some(name) => {
                self.skip_inline();
                match self.peek() {
                    Some(b'=') if self.b.get(self.i + 1) != Some(&b'=') => {
                        self.attribute(name, true)
                    }
                    c if matches!(c, Some(b'"' | b'{')) || self.ident_here() => {
                        let next = self.token(self.i);
                        self.error(
                            "Argument definition required",
                            format!(
                                "A single-line block definition can contain only a single argument. If you meant to define argument {:?}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                                &*name.text
                            ),
                            name.span.to(next),
                        );
                        self.recover_after_item();
                        None
                    }
                    _ => {
                        self.error(
                            "Argument or block definition required",
                            "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                            name.span,
                        );
                        self.recover_after_item();
                        None
                    }
                }
            }
        };
        let end = if let Some(attr) = attr {
            items.push(Item::Attribute(attr));
            match self.single_end() {
                SingleEnd::Brace => self.i,
                SingleEnd::Other => {
                    self.i = self.skip_to_close(self.i);
                    self.i
                }
            }
        } else {
            // The item's line is skipped; its block closes there.
            self.i = self.skip_to_close(self.i.saturating_sub(1).max(open.end as usize));
            self.i
        };
        let node = &mut self.tree.bodies[index as usize];
        node.items = items;
        node.span = span(open.start as usize, end);
        index
    }

    /// What follows a single-line block's attribute: its `}` (read), or an
    /// error.
    fn single_end(&mut self) -> SingleEnd {
        self.skip_inline();
        let tok = self.token(self.i);
        let detail = match self.peek() {
            Some(b'}') => {
                self.i += 1;
                return SingleEnd::Brace;
            }
            Some(b',') => "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
            _ if self.newline().is_some() => "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
            _ if self.recovery => return SingleEnd::Other,
            _ => "A single-line block definition must end with a closing brace immediately after its single argument definition.",
        };
        self.error("Invalid single-argument block definition", detail, tok);
        SingleEnd::Other
    }

    /// Skips the rest of a bad item: through the next newline outside
    /// brackets (HCL's recovery after a body item).
    fn recover_after_item(&mut self) {
        self.recovery = true;
        let mut i = self.i;
        loop {
            i = logical_line_end(self.b, i);
            match self.b.get(i) {
                None => break,
                Some(b'\n') => {
                    i += 1;
                    break;
                }
                Some(b'\r') => {
                    i += 2;
                    break;
                }
                // A closing bracket ends a logical line too; recovery
                // steps over it.
                Some(_) => i += 1,
            }
        }
        self.i = i.min(self.b.len());
    }

    /// The position just after the `}` that closes the block being read
    /// (nested braces skipped), or the end of the file.
    fn skip_to_close(&mut self, from: usize) -> usize {
        self.recovery = true;
        let mut i = from;
        loop {
            i = logical_line_end(self.b, i);
            match self.b.get(i) {
                None => return self.b.len(),
                Some(b'}') => return i + 1,
                Some(_) => i += 1,
            }
        }
    }
}

/// The length of the identifier at the start of `s`, if one starts there.
fn ident_len(s: &str) -> Option<usize> {
    let mut chars = s.char_indices();
    let (_, first) = chars.next()?;
    if !is_ident_start(first) {
        return None;
    }
    Some(
        chars
            .find(|&(_, c)| !is_ident_continue(c))
            .map_or(s.len(), |(k, _)| k),
    )
}

/// `ID_Start` or `_`, with ASCII decided inline (the Unicode tables are
/// slow to consult for every character of every name).
fn is_ident_start(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphabetic() || c == '_'
    } else {
        pest::unicode::ID_START(c)
    }
}

/// `ID_Continue` or `-`, ASCII inline.
fn is_ident_continue(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_' || c == '-'
    } else {
        pest::unicode::ID_CONTINUE(c)
    }
}

/// Where the logical line that starts at `from` ends: at the first newline
/// (`\n`, or the `\r` of `\r\n`) outside brackets, strings, heredocs and
/// comments, at a closing bracket that was not opened on the line, or at
/// the end of the input.
fn logical_line_end(b: &[u8], from: usize) -> usize {
    /// What an open context closes with.
    #[derive(Clone, Copy, PartialEq)]
    enum Ctx {
        Code(u8),
        Str,
    }
    let mut stack: Vec<Ctx> = Vec::new();
    let mut i = from;
    while i < b.len() {
        let c = b[i];
        match stack.last().copied() {
            Some(Ctx::Str) => match c {
                b'\\' => i += 1,
                b'"' => {
                    stack.pop();
                }
                b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Ctx::Code(b'}'));
                    i += 1;
                }
                // A quoted string cannot span lines: the newline ends it
                // (the expression parser reports it) and is seen again.
                b'\n' | b'\r' => {
                    stack.pop();
                    continue;
                }
                _ => {}
            },
            top => match c {
                b'\n' if top.is_none() => return i,
                b'\r' if top.is_none() && b.get(i + 1) == Some(&b'\n') => return i,
                b'#' => {
                    i = line_comment_end(b, i + 1);
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    i = line_comment_end(b, i + 2);
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |k| i + 2 + k + 2);
                    continue;
                }
                b'"' => stack.push(Ctx::Str),
                b'(' => stack.push(Ctx::Code(b')')),
                b'[' => stack.push(Ctx::Code(b']')),
                b'{' => stack.push(Ctx::Code(b'}')),
                b')' | b']' | b'}' => {
                    if top.is_none() {
                        return i;
                    }
                    // A mismatched closer closes what it can, as HCL's
                    // recovery does.
                    while let Some(Ctx::Code(close)) = stack.pop() {
                        if close == c {
                            break;
                        }
                    }
                }
                b'<' if b.get(i + 1) == Some(&b'<') => {
                    if let Some(end) = heredoc_end(b, i) {
                        i = end;
                        continue;
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    b.len()
}

/// The end of a line comment whose text starts at `from`: the newline
/// (left for the caller) or the end of the input.
fn line_comment_end(b: &[u8], from: usize) -> usize {
    let rest = &b[from.min(b.len())..];
    from + memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())
}

/// If a heredoc opens at `at` (`<<EOT` or `<<-EOT` and a newline), the
/// position at the end of its closing marker's line (or the end of the
/// input when it is never closed).
fn heredoc_end(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 2;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    let marker_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
        i += 1;
    }
    if i == marker_start {
        return None;
    }
    let marker = &b[marker_start..i];
    match (b.get(i), b.get(i + 1)) {
        (Some(b'\n'), _) => i += 1,
        (Some(b'\r'), Some(b'\n')) => i += 2,
        _ => return None,
    }
    while i < b.len() {
        let line_end = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k);
        let line = &b[i..line_end];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let trimmed = line
            .iter()
            .position(|&c| c != b' ' && c != b'\t')
            .map_or(&line[line.len()..], |k| &line[k..]);
        if trimmed == marker {
            return Some(i + (line.len()));
        }
        i = line_end + 1;
    }
    Some(b.len())
}

#[cfg(test)]
mod tests;
