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
//! Most values are simple (a string, a number, a reference, a list or
//! object of those): an allocation-free recognizer (`body/simple.rs`)
//! vouches that such a value parses, and its tree is only built when the
//! attribute is first read ([`AttributeNode::expr`]). Names borrow the
//! source. So a valid file costs a scan and the arena of bodies, not a tree
//! per value. Comments are found on demand (`body/comments.rs`).
//!
//! Malformed input gets HCL's diagnostics, with its wording and ranges,
//! and the parser recovers after each bad item as HCL does (skipping to
//! the end of the item's line, or of the block), so one run reports every
//! independent problem. An invalid expression is diagnosed by the
//! expression parser's error path on that expression's text. HCL's lexer
//! diagnostics (invalid characters, single bitwise operators, newlines in
//! quoted strings) come first, from one scan of the file (`body/lex.rs`)
//! made only when the parse failed. Blocks nest
//! at most [`MAX_DEPTH`] levels.

use std::sync::{Arc, OnceLock};

pub(crate) use self::comments::body_comments;
use super::ident;
use super::parser::{self, Outcome};
use super::{too_deep, Expr, ExprKind, Span, SyntaxError, TemplatePart, MAX_DEPTH};

/// The bodies of one native file: index [`BodyTree::root`] is the file's
/// own body, the others belong to blocks.
#[derive(Debug, Clone, Default)]
pub(crate) struct BodyTree {
    /// Every body, each block's after its parent's.
    pub bodies: Vec<BodyNode>,
    /// The file's body.
    pub root: u32,
}

/// One body: its items in source order.
#[derive(Debug, Clone, Default)]
pub(crate) struct BodyNode {
    /// Attributes and blocks, in source order.
    pub items: Vec<Item>,
    /// The body's text: from the opening brace through the closing one for
    /// a block's body, the whole file for the root.
    pub span: Span,
}

/// An item of a body.
#[derive(Debug, Clone)]
pub(crate) enum Item {
    /// `name = expr`.
    Attribute(AttributeNode),
    /// `type labels... { body }`.
    Block(BlockNode),
}

/// A name and where it is.
///
/// Its text is the source's own (no copy) unless it is a quoted label
/// with escapes, whose decoded text is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Name {
    /// Where it is written (for a quoted label: with its quotes).
    pub span: Span,
    /// The decoded text of a quoted label with escapes.
    decoded: Option<Box<str>>,
}

impl Name {
    /// The text (for a quoted label: decoded). `src` is the text given to
    /// [`parse_body`].
    pub(crate) fn text<'a>(&'a self, src: &'a str) -> &'a str {
        if let Some(text) = &self.decoded {
            return text;
        }
        let (start, end) = (self.span.start as usize, self.span.end as usize);
        let quoted = src.as_bytes().get(start) == Some(&b'"');
        let range = if quoted && end > start + 1 {
            start + 1..end - 1
        } else {
            start..end
        };
        src.get(range).unwrap_or_default()
    }
}

/// `name = expr`.
#[derive(Debug, Clone)]
pub(crate) struct AttributeNode {
    /// The attribute's name.
    pub name: Name,
    /// Where its value expression is written.
    pub expr_span: Span,
    /// The value's tree, once parsed: at once for an expression the quick
    /// recognizer is not sure of, else on first use (see
    /// [`AttributeNode::expr`]).
    expr: OnceLock<Arc<Expr>>,
    /// From the name through the end of the expression.
    pub span: Span,
}

impl AttributeNode {
    /// The value's syntax tree. `src` is the text given to [`parse_body`]:
    /// a value the parser knew to be valid without building its tree is
    /// parsed from there on first use (and kept).
    pub(crate) fn expr(&self, src: &str) -> &Arc<Expr> {
        self.expr
            .get_or_init(|| Arc::new(deferred_expression(src, self.expr_span)))
    }

    /// The value's syntax tree without keeping it: for a walk that reads
    /// every value once (conversion), so the file does not grow by a tree
    /// per attribute.
    pub(crate) fn expr_once(&self, src: &str) -> Arc<Expr> {
        match self.expr.get() {
            Some(expr) => Arc::clone(expr),
            None => Arc::new(deferred_expression(src, self.expr_span)),
        }
    }
}

/// The tree of an expression whose text `span` of `src` the quick
/// recognizer accepted.
fn deferred_expression(src: &str, span: Span) -> Expr {
    let text = src.get(..span.end as usize).unwrap_or(src);
    if let Outcome::Parsed(e) = parser::parse_expression_at(text, span.start as usize) {
        e
    } else {
        // The recognizer accepts only what parses (debug builds check it
        // at parse time); a wrong `src` gets a null rather than a panic.
        debug_assert!(false, "a deferred expression did not parse");
        Expr {
            kind: ExprKind::Null,
            span,
        }
    }
}

/// `type labels... { body }`.
#[derive(Debug, Clone)]
pub(crate) struct BlockNode {
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
pub(crate) fn parse_body(src: &str) -> (BodyTree, Vec<SyntaxError>) {
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
    if !p.errors.is_empty() {
        // HCL's lexer reports before its parser does.
        let mut errors = lex::lexer_errors(src);
        errors.append(&mut p.errors);
        p.errors = errors;
    }
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

/// A body's attribute names and where each was first set.
type Seen<'s> = std::collections::HashMap<&'s str, Span>;

/// How many items a body has before its attribute names are indexed (a
/// scan of a few is cheaper than a map).
const INDEX_AFTER: usize = 16;

fn span(start: usize, end: usize) -> Span {
    Span::from_usize(start, end)
}

/// What a single-line block's attribute is followed by.
enum SingleEnd {
    Brace,
    Other,
}

impl<'s> BodyParser<'s> {
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
        let len = if bytes.first().is_some_and(|&c| ident::is_start_byte(c)) {
            // ASCII names, the usual case, byte by byte.
            let ascii = bytes
                .iter()
                .position(|&c| !ident::is_continue_byte(c))
                .unwrap_or(bytes.len());
            if bytes.get(ascii).is_some_and(|c| !c.is_ascii()) {
                ident::len(rest)?
            } else {
                ascii
            }
        } else {
            ident::len(rest)?
        };
        self.i += len;
        Some(Name {
            span: span(start, start + len),
            decoded: None,
        })
    }

    /// A body: its items up to the end of the file (`open` is `None`) or
    /// to the `}` matching `open`. Gives the body's index.
    fn body(&mut self, open: Option<Span>, depth: u32) -> u32 {
        let index = self.tree.bodies.len() as u32;
        self.tree.bodies.push(BodyNode::default());
        let start = open.map_or(0, |o| o.start as usize);
        let mut items: Vec<Item> = Vec::new();
        let mut seen = None;
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
                    self.push_item(&mut items, &mut seen, item);
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
    /// redefined", as native attributes may be set only once). `seen`
    /// indexes the body's attribute names once it has many, so that a
    /// long body costs linear time.
    fn push_item(&mut self, items: &mut Vec<Item>, seen: &mut Option<Seen<'s>>, item: Item) {
        if let Item::Attribute(attr) = &item {
            // An attribute's name is an identifier: the source's text.
            let src = self.src;
            let name = &src[attr.name.span.start as usize..attr.name.span.end as usize];
            let first = match seen {
                Some(map) => map.get(name).copied(),
                None => items.iter().find_map(|i| match i {
                    Item::Attribute(a) if a.name.text(src) == name => Some(a.name.span),
                    _ => None,
                }),
            };
            if let Some(first) = first {
                let err = SyntaxError::new(
                    "Attribute redefined",
                    format!(
                        "The argument {:?} was already set at {}. Each argument may be set only once.",
                        name,
                        SyntaxError::MENTION
                    ),
                    attr.name.span,
                )
                .mentioning(first);
                self.errors.push(err);
                return;
            }
            if seen.is_none() && items.len() >= INDEX_AFTER {
                let map = items.iter().filter_map(|i| match i {
                    Item::Attribute(a) => Some((
                        &src[a.name.span.start as usize..a.name.span.end as usize],
                        a.name.span,
                    )),
                    Item::Block(_) => None,
                });
                *seen = Some(map.collect());
            }
            if let Some(map) = seen {
                map.insert(name, attr.name.span);
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
            .is_some_and(ident::is_start)
    }

    /// `name = expr`, at the `=`. A single-line block's attribute
    /// (`single`) leaves what follows it to the block.
    fn attribute(&mut self, name: Name, single: bool) -> Option<AttributeNode> {
        self.i += 1; // `=`
        let start = self.i;
        let attr = match self.simple_value(start, single) {
            Some(expr_span) => AttributeNode {
                span: name.span.to(expr_span),
                name,
                expr_span,
                expr: OnceLock::new(),
            },
            None => self.parsed_value(name, start)?,
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

    /// A value the quick recognizer accepts (`single` values never are:
    /// it wants a newline after them), deferred: the attribute to make
    /// with its span. `self.i` is then at the end of the line.
    fn simple_value(&mut self, start: usize, single: bool) -> Option<Span> {
        if single {
            return None;
        }
        let mut at = start;
        while matches!(self.b.get(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        let end = simple::simple_expression_end(self.b, at)?;
        let expr_span = span(at, end);
        #[cfg(debug_assertions)]
        self.check_simple(start, expr_span);
        self.i = end;
        self.skip_inline();
        Some(expr_span)
    }

    /// Debug builds: what the recognizer accepted, the expression parser
    /// accepts, without a diagnostic, ending at the same place.
    #[cfg(debug_assertions)]
    fn check_simple(&self, start: usize, expr_span: Span) {
        let line_end = logical_line_end(self.b, start);
        match parser::parse_expression_at(&self.src[..line_end], start) {
            Outcome::Parsed(e) => assert_eq!(
                e.span,
                expr_span,
                "recognizer and parser disagree on {:?}",
                &self.src[start..line_end]
            ),
            _ => panic!(
                "the recognizer accepted {:?}, which does not parse",
                &self.src[start..line_end]
            ),
        }
    }

    /// A value parsed at once (with its diagnostics, if it has any).
    /// `self.i` is then after it and the spaces that follow.
    fn parsed_value(&mut self, name: Name, start: usize) -> Option<AttributeNode> {
        let line_end = logical_line_end(self.b, start);
        let reported = self.errors.len();
        let Some(expr) = self.expression(start, line_end) else {
            self.quiet_while_recovering(reported);
            self.recover_after_item();
            return None;
        };
        self.i = expr.span.end as usize;
        self.skip_inline();
        if self.i < line_end {
            if let Some(errors) = self.broken_tail(start, self.i, line_end) {
                self.errors.extend(errors);
                self.quiet_while_recovering(reported);
                self.recover_after_item();
                return None;
            }
        }
        Some(AttributeNode {
            span: name.span.to(expr.span),
            name,
            expr_span: expr.span,
            expr: OnceLock::from(Arc::new(expr)),
        })
    }

    /// Once the parser has recovered from an earlier error, HCL no longer
    /// says "Invalid expression" or "Missing expression" (its parser only
    /// reports them outside recovery, whatever else it still reports):
    /// drops those among the errors pushed since `from`.
    #[cold]
    fn quiet_while_recovering(&mut self, from: usize) {
        if !self.recovery {
            return;
        }
        let found = self.errors.split_off(from);
        self.errors.extend(found.into_iter().filter(|e| {
            !matches!(
                e.summary.as_str(),
                "Invalid expression" | "Missing expression"
            )
        }));
    }

    /// The expression at `start`, within `src[..line_end]`; `None` (with
    /// the errors pushed) if it does not parse.
    fn expression(&mut self, start: usize, line_end: usize) -> Option<Expr> {
        let text = &self.src[..line_end];
        match parser::parse_expression_at(text, start) {
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
        // Invalid characters are the lexer's to report (see `lex.rs`); the
        // expression's own errors are then the parser's, as in HCL.
        let Err(errors) = parser::parse_expression_lexed(text).into_result() else {
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
                } else if at_line_end && line_end < self.b.len() {
                    // Something else was expected where the line ends: HCL
                    // blames the newline token found there (`a.` gives
                    // "Invalid attribute name" on the newline).
                    e.span = self.token(line_end);
                } else if e.summary == "Unterminated template string" {
                    e = self.unterminated_string(e);
                } else if line_end == self.b.len() {
                    e = self.open_at_end_of_file(e, start);
                }
                e
            })
            .collect()
    }

    /// A quoted string or heredoc its line or the file ends, in HCL's
    /// words: blamed where it was cut (the newline that ends a quoted
    /// string's line, else the end of the file), not where it opened.
    fn unterminated_string(&self, mut e: SyntaxError) -> SyntaxError {
        let opener = e.span.start as usize;
        let eof = span(self.b.len(), self.b.len());
        e.span = if self.b.get(opener) == Some(&b'"') {
            let rest = self.b.get(opener..).unwrap_or_default();
            memchr::memchr2(b'\n', b'\r', rest).map_or(eof, |i| self.token(opener + i))
        } else {
            eof
        };
        e.detail = "No closing marker was found for the string.".into();
        e
    }

    /// A bracket the end of the file leaves open in a value, in HCL's
    /// words for the construct it opens (the expression parser's own words
    /// are those of a template, whose input ends with its string): a
    /// tuple or object constructor and a call are blamed where they start,
    /// an index or parentheses at the end of the file, and an object that
    /// was waiting for its next key misses it there.
    fn open_at_end_of_file(&self, e: SyntaxError, start: usize) -> SyntaxError {
        // Only the scan's own report of what is left open, at the opener.
        if !e.detail.ends_with("before the end of the input.") {
            return e;
        }
        let at = e.span.start as usize;
        let eof = span(self.b.len(), self.b.len());
        let before = self.b.get(start..at).unwrap_or_default().trim_ascii_end();
        let follows_value = before.last().is_some_and(|&c| {
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b')' | b']' | b'}' | b'"')
        });
        let follows_name = before
            .last()
            .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'));
        // HCL reads a next key after `{`, after a comma, and after a line
        // end, and finds the end of the file instead.
        let content = self.b.trim_ascii_end();
        let key_expected =
            matches!(content.last(), Some(b'{' | b',')) || self.b[content.len()..].contains(&b'\n');
        match e.summary.as_str() {
            "Unclosed bracket" if follows_value => SyntaxError::new(
                "Missing close bracket on index",
                "The index operator must end with a closing bracket (\"]\").",
                eof,
            ),
            "Unclosed bracket" => SyntaxError::new(
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                e.span,
            ),
            "Unclosed brace" if key_expected => SyntaxError::new(
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                eof,
            ),
            "Unclosed brace" => SyntaxError::new(
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                e.span,
            ),
            "Unbalanced parentheses" if follows_name => {
                // The call's name, `::`-separated parts included.
                let name_start = before
                    .iter()
                    .rposition(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':')))
                    .map_or(start, |i| start + i + 1);
                SyntaxError::new(
                    "Unterminated function call",
                    "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                    span(name_start, at + 1),
                )
            }
            "Unbalanced parentheses" => SyntaxError::new(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                eof,
            ),
            _ => e,
        }
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
                        Some(b'=') => Some("The equals sign \"=\" indicates an argument definition, and must not be used when defining a block."),
                        _ if self.newline().is_some() => Some("A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header."),
                        // HCL says this one only outside recovery.
                        _ if self.recovery => None,
                        _ => Some("Either a quoted string block label or an opening brace (\"{\") is expected here."),
                    };
                    if let Some(detail) = detail {
                        let tok = self.token(at);
                        self.error("Invalid block definition", detail, tok);
                    }
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
        if let Some(end) = plain_label_end(self.b, start) {
            // The usual label: its text is the source's, nothing to decode.
            self.i = end;
            return Some(Name {
                span: span(start, end),
                decoded: None,
            });
        }
        match unclosed_label(self.b, start) {
            Some(Unclosed::AtNewline(nl)) => return Some(self.label_at_newline(start, nl)),
            Some(Unclosed::AtEnd) => return Some(self.label_at_end(start)),
            None => {}
        }
        // A quoted string cannot span lines: its line's end bounds it (a
        // logical line would run on through the block's braces).
        let line_end = memchr::memchr(b'\n', &self.b[start..]).map_or(self.b.len(), |k| start + k);
        let text = &self.src[..line_end];
        let expr = match parser::parse_quoted_at(text, start) {
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
                span: expr.span,
                decoded: (value != self.src[start + 1..expr.span.end as usize - 1])
                    .then(|| value.into()),
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

    /// A label whose string a newline (at `nl`) breaks: HCL's lexer reads
    /// the string on to the next quote, its parser blames the newline and
    /// skips to that quote, then goes on reading the block header.
    #[cold]
    fn label_at_newline(&mut self, start: usize, nl: usize) -> Name {
        let tok = self.token(nl);
        self.error(
            "Invalid string literal",
            "This item is not valid in a string literal.",
            tok,
        );
        self.recovery = true;
        self.i = closing_quote_end(self.b, tok.end as usize);
        Name {
            span: span(start, self.i),
            decoded: Some(self.src[start + 1..nl].into()),
        }
    }

    /// A label whose string the end of the file cuts: HCL's error there,
    /// and the block header goes on (to its own error at the end).
    #[cold]
    fn label_at_end(&mut self, start: usize) -> Name {
        let end = self.b.len();
        self.error(
            "Unterminated string literal",
            "Unable to find the closing quote mark before the end of the file.",
            span(end, end),
        );
        self.i = end;
        Name {
            span: span(start, end),
            decoded: Some(self.src[start + 1..].into()),
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
                                name.text(self.src)
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

/// How a quoted label's string fails to close on its line.
enum Unclosed {
    /// A newline at this offset comes before any closing quote.
    AtNewline(usize),
    /// The file ends first.
    AtEnd,
}

/// Whether the quoted label at `start` (its opening quote) is cut by a
/// newline or the end of the file before its closing quote. `None` when it
/// closes, or holds a template sequence first (the template parser then
/// says what is wrong).
fn unclosed_label(b: &[u8], start: usize) -> Option<Unclosed> {
    let mut i = start + 1;
    loop {
        match (b.get(i), b.get(i + 1)) {
            (None, _) => return Some(Unclosed::AtEnd),
            (Some(b'\n'), _) | (Some(b'\r'), Some(b'\n')) => return Some(Unclosed::AtNewline(i)),
            (Some(b'"'), _) => return None,
            (Some(b'$' | b'%'), Some(b'{')) => return None,
            (Some(b'\\'), Some(b'\n' | b'\r')) => i += 1,
            (Some(b'\\'), _) => i += 2,
            _ => i += 1,
        }
    }
}

/// Where HCL's recovery inside a broken quoted string stops: just after
/// the quote that closes it (read as its lexer reads strings: escapes
/// skipped, and the braces of template sequences counted), or the end of
/// the file.
fn closing_quote_end(b: &[u8], from: usize) -> usize {
    let mut i = from;
    let mut braces = 0u32;
    while i < b.len() {
        match b[i] {
            b'\\' if braces == 0 => i += 1,
            b'"' if braces == 0 => return i + 1,
            b'$' | b'%' if braces == 0 && b.get(i + 1) == Some(&b'{') => {
                braces = 1;
                i += 1;
            }
            b'{' if braces > 0 => braces += 1,
            b'}' if braces > 0 => braces -= 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The end of the quoted label at `start` (its opening quote), if it is
/// printable ASCII without escapes or template sequences (`$`, `%` and
/// `\\` are left to the template parser).
fn plain_label_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        match *b.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' | b'$' | b'%' => return None,
            0x20..=0x7e => i += 1,
            _ => return None,
        }
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

mod comments;
mod lex;
mod simple;
#[cfg(test)]
mod tests;
