//! Native bodies: the structure of HCL's native syntax (attributes
//! `name = expr`, blocks `type "label" ident { ... }`, one-line blocks
//! `a { b = 1 }`, newlines as separators), read into a small arena of
//! bodies whose attribute values are expressions of the one expression
//! parser (`native/parser/`).
//!
//! Newlines separate items; inside brackets they do not. The body parser
//! finds where an attribute's *logical line* ends (`lines.rs`) and hands
//! the expression parser the text up to there, so the expression grammar
//! needs no newline mode. Nearly every value of a real file is one a
//! recognizer (`simple.rs`) knows: it vouches, without building anything,
//! that the value parses, and the tree is built only when the attribute
//! is first read ([`AttributeNode::expr`]), so a file read for its
//! structure (a module's blocks) never pays for its values' trees.
//! Malformed input gets HCL's diagnostics and recovery (`recovery.rs`;
//! the lexer's diagnostics come from `lex.rs`), so one run reports every
//! independent problem; comments are found on demand (`comments.rs`).
//! Blocks nest at most [`MAX_DEPTH`] levels.

pub(super) mod comments;
mod lex;
mod lines;
mod recovery;
mod simple;
#[cfg(test)]
mod tests;

use std::sync::{Arc, OnceLock};

use smallvec::SmallVec;

use crate::native::ast::{Expr, ExprKind, TemplatePart};
use crate::native::ident;
use crate::native::parser::{self, Outcome};
use crate::native::{tokens, too_deep, Span, SyntaxError, MAX_DEPTH};

use lines::logical_line_end;
use recovery::{label_sequences, unclosed_label, Unclosed};

/// The bodies of one native file: index [`BodyTree::root`] is the file's
/// own body, the others belong to blocks.
#[derive(Debug, Clone, Default)]
pub(crate) struct BodyTree {
    /// Every body, each block's after its parent's.
    pub bodies: Vec<BodyNode>,
    /// Every body's items, each body's in one run (a body's items are
    /// gathered on the parser's stack and moved here when it closes: one
    /// allocation for the file, not one per body).
    items: Vec<Item>,
    /// The file's body.
    pub root: u32,
}

impl BodyTree {
    /// The attributes and blocks of body `body`, in source order (none for
    /// an index that is no body's).
    pub(crate) fn items(&self, body: u32) -> &[Item] {
        self.bodies.get(body as usize).map_or(&[], |node| {
            let first = node.first as usize;
            &self.items[first..first + node.len as usize]
        })
    }
}

/// One body: where its items are and its text.
#[derive(Debug, Clone, Default)]
pub(crate) struct BodyNode {
    /// The body's first item in [`BodyTree`]'s list, and how many it has
    /// ([`BodyTree::items`]).
    first: u32,
    len: u32,
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
    /// The decoded text of a quoted label with escapes (rare: boxed once
    /// more, so that a name is two words).
    decoded: Option<Box<Box<str>>>,
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

/// The recognizer's verdict on the value at `start`, and where the
/// parser's text for it (its logical line) ends: for the oracle's property
/// tests, which hold the recognizer to the expression parser.
#[cfg(test)]
pub(crate) fn recognized_end(b: &[u8], start: usize) -> (Option<usize>, usize) {
    (
        simple::simple_expression_end(b, start),
        logical_line_end(b, start),
    )
}

/// A block's labels.
pub(crate) type Labels = SmallVec<[Name; 2]>;

/// `type labels... { body }`.
#[derive(Debug, Clone)]
pub(crate) struct BlockNode {
    /// The block type.
    pub type_name: Name,
    /// The labels, quoted or identifiers (most blocks have at most two:
    /// kept inline, no allocation per block).
    pub labels: Labels,
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
        stack: Vec::new(),
        failed: None,
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
    // HCL's scanner drops a leading UTF-8 byte order mark (as editors on
    // Windows write one); spans still count its bytes.
    p.i = bom_len(src);
    let root = p.body(None, 0);
    p.tree.root = root;
    if !p.errors.is_empty() {
        // HCL's lexer reports before its parser does.
        let (mut errors, unclosed) = lex::lexer_errors(src);
        match unclosed {
            None => {
                errors.append(&mut p.errors);
                p.errors = errors;
            }
            // (Only when it causes a cascade: a heredoc left open in the
            // sequence is its own cause.)
            Some(cause) if errors.iter().any(|e| e.span.start > cause.span.start) => {
                p.errors = cause_first(src, cause, errors, std::mem::take(&mut p.errors));
            }
            Some(_) => {
                errors.append(&mut p.errors);
                p.errors = errors;
            }
        }
    }
    (p.tree, p.errors)
}

/// The errors of a file where a quoted string's `${` (or `%{`) is never
/// closed (`cause`, at that opener): HCL's lexer reads the rest of the
/// file as the sequence, quoted strings and code swapped, and reports a
/// cascade of "Invalid multi-line string" before the cause. Here the cause
/// comes first and the cascade is cut: the lexer's errors after the opener
/// and the parser's in the logical line that holds it (the item the
/// sequence swallowed) are its consequences, and are left out. Errors
/// before it, and the parser's after that line (it reads items line by
/// line, unconfused), are independent and kept.
fn cause_first(
    src: &str,
    cause: SyntaxError,
    lexer: Vec<SyntaxError>,
    parser: Vec<SyntaxError>,
) -> Vec<SyntaxError> {
    let at = cause.span.start;
    let b = src.as_bytes();
    let line_start = memchr::memrchr(b'\n', &b[..at as usize]).map_or(0, |k| k + 1);
    let line_end = logical_line_end(b, line_start) as u32;
    let mut errors: Vec<SyntaxError> = lexer.into_iter().filter(|e| e.span.start < at).collect();
    errors.extend(parser.iter().filter(|e| e.span.start < at).cloned());
    errors.push(cause);
    errors.extend(parser.into_iter().filter(|e| e.span.start > line_end));
    errors
}

/// The length of the UTF-8 byte order mark `src` starts with (0 or 3).
pub(super) fn bom_len(src: &str) -> usize {
    if src.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
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
    /// The items of the bodies being read, innermost last: a body's items
    /// are moved from here into a list of their exact size when it ends.
    stack: Vec<Item>,
    /// The name of the attribute just read whose value did not parse: HCL
    /// keeps such an attribute, so its name is set for the rest of its
    /// body (see [`push_failed`](Self::push_failed)).
    failed: Option<Name>,
}

/// A body's attribute names and where each was first set (names are the
/// file's text, so the hash is foldhash's seeded one, not SipHash).
type Seen<'s> = std::collections::HashMap<&'s str, Span, foldhash::fast::RandomState>;

/// How many items a body has before its attribute names are indexed (a
/// scan of a few is cheaper than a map).
const INDEX_AFTER: usize = 16;

fn span(start: usize, end: usize) -> Span {
    Span::from_usize(start, end)
}

/// HCL's error where an attribute's value ends before the byte `next`
/// (not a newline): a comma, or anything else.
fn after_argument(next: Option<u8>) -> (&'static str, &'static str) {
    if next == Some(b',') {
        (
            "Unexpected comma after argument",
            "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
        )
    } else {
        (
            "Missing newline after argument",
            "An argument definition must end with a newline.",
        )
    }
}

/// What a single-line block's attribute is followed by.
enum SingleEnd {
    Brace,
    Other,
}

/// The end of the quoted label at `start` (its opening quote), if it is
/// printable ASCII without escapes or template sequences (`$`, `%` and
/// `\\` are left to the template parser).
fn plain_label_end(b: &[u8], start: usize) -> Option<usize> {
    let text = b.get(start + 1..)?;
    let len = text
        .iter()
        .position(|&c| !simple::PLAIN_TEXT[usize::from(c)])?;
    (text[len] == b'"').then_some(start + 1 + len + 1)
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
        let newline = match (self.b.get(at), self.b.get(at + 1)) {
            (Some(b'\r'), Some(b'\n')) => 2,
            (Some(b'\n'), _) => 1,
            _ => return tokens::token_at(self.src, at),
        };
        // HCL's scanner makes a line comment and its newline one token.
        let start = tokens::line_comment_before(self.b, at).unwrap_or(at);
        span(start, at + newline)
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
                .position(|&c| !ident::CONTINUE_ASCII[usize::from(c)])
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
        let mark = self.stack.len();
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
                let item = self.item(name, depth);
                // (A name left by an attribute of a one-line block inside
                // the item is that block's, and is dropped here.)
                match (item, self.failed.take()) {
                    (Some(item), _) => self.push_item(mark, &mut seen, item),
                    (None, Some(failed)) => self.push_failed(mark, &mut seen, failed),
                    (None, None) => {}
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
                // HCL gives up on the rest of this body: it reads the
                // token, then skips to the `}` that closes the body, so a
                // bracket read here opens nothing (a quoted string or a
                // heredoc is skipped whole, as its tokens are).
                self.recovery = true;
                let after = match self.peek() {
                    Some(b'{' | b'[' | b'(') => self.i + 1,
                    _ => self.i,
                };
                self.i = match open {
                    Some(_) => self.skip_to_close(after),
                    None => self.b.len(),
                };
                break self.i;
            }
        };
        let first = self.tree.items.len();
        self.tree.items.extend(self.stack.drain(mark..));
        let node = &mut self.tree.bodies[index as usize];
        node.first = first as u32;
        node.len = (self.tree.items.len() - first) as u32;
        node.span = span(start, end);
        index
    }

    /// Adds `item` to the body whose items start at `mark` on the stack,
    /// unless it redefines an attribute ("Attribute redefined", as native
    /// attributes may be set only once). `seen`
    /// indexes the body's attribute names once it has many, so that a
    /// long body costs linear time.
    fn push_item(&mut self, mark: usize, seen: &mut Option<Seen<'s>>, item: Item) {
        let items = &self.stack[mark..];
        if let Item::Attribute(attr) = &item {
            // An attribute's name is an identifier: the source's text.
            let src = self.src;
            let name = &src[attr.name.span.start as usize..attr.name.span.end as usize];
            let first = match seen {
                Some(map) => map.get(name).copied(),
                None => items.iter().find_map(|i| match i {
                    // (An attribute's name is an identifier: its span's text.)
                    Item::Attribute(a)
                        if a.name.span.len() as usize == name.len()
                            && &src[a.name.span.range()] == name =>
                    {
                        Some(a.name.span)
                    }
                    _ => None,
                }),
            };
            if let Some(first) = first {
                self.report_redefined(attr.name.span, first);
                return;
            }
            if seen.is_none() && items.len() >= INDEX_AFTER {
                *seen = Some(self.index_names(mark));
            }
            if let Some(map) = seen {
                map.insert(name, attr.name.span);
            }
        }
        self.stack.push(item);
    }

    /// Records the name of an attribute whose value did not parse: HCL's
    /// parser keeps the attribute, so it redefines an earlier one and a
    /// later one redefines it. Its name goes into the body's index (made
    /// now if there is none), not onto the stack.
    #[cold]
    fn push_failed(&mut self, mark: usize, seen: &mut Option<Seen<'s>>, name: Name) {
        let map = seen.get_or_insert_with(|| self.index_names(mark));
        let text = &self.src[name.span.range()];
        match map.get(text) {
            Some(&first) => self.report_redefined(name.span, first),
            None => {
                map.insert(text, name.span);
            }
        }
    }

    /// Reports the attribute named at `name` as set already at `first`.
    #[cold]
    fn report_redefined(&mut self, name: Span, first: Span) {
        let err = SyntaxError::new(
            "Attribute redefined",
            format!(
                "The argument {:?} was already set at {}. Each argument may be set only once.",
                &self.src[name.range()],
                SyntaxError::MENTION
            ),
            name,
        )
        .mentioning(first);
        self.errors.push(err);
    }

    /// The attribute names of the body whose items start at `mark`, with
    /// where each was set.
    fn index_names(&self, mark: usize) -> Seen<'s> {
        let src = self.src;
        self.stack[mark..]
            .iter()
            .filter_map(|i| match i {
                Item::Attribute(a) => Some((&src[a.name.span.range()], a.name.span)),
                Item::Block(_) => None,
            })
            .collect()
    }

    /// The item whose first identifier `name` was just read.
    fn item(&mut self, name: Name, depth: u32) -> Option<Item> {
        self.skip_inline();
        match self.peek() {
            Some(b'=') if !matches!(self.b.get(self.i + 1), Some(b'=' | b'>')) => {
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
            None => self.parsed_value(name, start, single)?,
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
                let (summary, detail) = after_argument(self.peek());
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
        let at = lines::blank_run_end(self.b, start);
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
    fn parsed_value(&mut self, name: Name, start: usize, single: bool) -> Option<AttributeNode> {
        let line_end = logical_line_end(self.b, start);
        let reported = self.errors.len();
        let Some(expr) = self.expression(start, line_end) else {
            if single && self.silenced_in_recovery(reported, start) {
                self.failed = Some(name);
                return None;
            }
            self.after_broken_conditional(reported, start);
            let ran_away = self.skip_runaway_string(reported, start);
            if !ran_away {
                self.skip_open_brackets(reported, start);
            }
            self.follow_out_in_recovery(reported, start);
            self.quiet_while_recovering(reported);
            if ran_away {
                self.recover_after_runaway();
            } else {
                self.recover_after_item();
            }
            self.failed = Some(name);
            return None;
        };
        self.i = expr.span.end as usize;
        self.skip_inline();
        if self.i < line_end {
            if let Some(errors) = self.broken_tail(start, self.i, line_end) {
                self.errors.extend(errors);
                if single && self.silenced_in_recovery(reported, start) {
                    self.failed = Some(name);
                    return None;
                }
                self.after_broken_conditional(reported, start);
                self.follow_out_in_recovery(reported, start);
                self.quiet_while_recovering(reported);
                self.recover_after_item();
                self.failed = Some(name);
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
                let errors: Vec<SyntaxError> =
                    errors.into_iter().map(|e| self.cut_string(e)).collect();
                self.errors.extend(errors);
                None
            }
        }
    }

    /// A block whose type `type_name` was just read: labels, then `{`.
    fn block(&mut self, type_name: Name, depth: u32) -> Option<Item> {
        let mut labels = Labels::new();
        let open = self.block_header(&mut labels)?;
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

    /// A block header's labels (pushed on `labels`) through its `{`: the
    /// opening brace.
    fn block_header(&mut self, labels: &mut Labels) -> Option<Span> {
        loop {
            self.skip_inline();
            let at = self.i;
            match self.peek() {
                Some(b'{') => {
                    self.i += 1;
                    return Some(span(at, at + 1));
                }
                Some(b'"') => {
                    let label = self.quoted_label()?;
                    labels.push(label);
                }
                _ if self.ident_here() => {
                    let label = self.ident().expect("an identifier starts here");
                    labels.push(label);
                }
                c => {
                    let detail = match c {
                        Some(b'=') if self.b.get(self.i + 1) != Some(&b'>') => Some("The equals sign \"=\" indicates an argument definition, and must not be used when defining a block."),
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
        }
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
        if let Some((sequences, end)) = label_sequences(self.b, start) {
            return Some(self.label_with_sequences(start, &sequences, end));
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
                    .then(|| Box::new(value.into())),
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

    /// A quoted label with template sequences, each an error as HCL
    /// reports it; the block is read on. Its text, as HCL's, has each
    /// sequence replaced by `${ ... }` (or `%{ ... }`).
    #[cold]
    fn label_with_sequences(&mut self, start: usize, sequences: &[(Span, u8)], end: usize) -> Name {
        let mut text = String::new();
        let mut from = start + 1;
        for &(sequence, sign) in sequences {
            let at = sequence.start as usize;
            let which = char::from(sign);
            self.error(
                "Invalid string literal",
                format!("Template sequences are not allowed in this string. To include a literal \"{which}\", double it (as \"{which}{which}\") to escape it."),
                span(at, at + 2),
            );
            text.push_str(&self.src[from..at]);
            text.push(which);
            text.push_str("{ ... }");
            from = sequence.end as usize;
        }
        text.push_str(&self.src[from..end - 1]);
        // Passing over a sequence puts HCL's parser in recovery.
        self.recovery = true;
        self.i = end;
        Name {
            span: span(start, end),
            decoded: Some(Box::new(text.into())),
        }
    }

    /// `{ name = expr }` on one line, after the `{`.
    fn single_line_body(&mut self, open: Span) -> u32 {
        let index = self.tree.bodies.len() as u32;
        self.tree.bodies.push(BodyNode::default());
        let at = self.i;
        // HCL reports what follows the item (the block's `}` or not) ahead
        // of the item's own errors.
        let first_error = self.errors.len();
        let attr = match self.ident() {
            None => {
                let tok = self.token(at);
                self.error(
                    "Argument or block definition required",
                    "An argument or block definition is required here.",
                    tok,
                );
                // HCL's parser has read the token it blames before it
                // recovers: a bracket there opens nothing. (A string is
                // read whole by both recoveries.)
                if matches!(self.b.get(at), Some(b'[' | b'{' | b'(')) {
                    self.i = at + 1;
                }
                self.recover_after_item();
                None
            }
            Some(name) => {
                self.skip_inline();
                match self.peek() {
                    Some(b'=') if !matches!(self.b.get(self.i + 1), Some(b'=' | b'>')) => {
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
        // (Reading an attribute makes no body: the item's run starts here.)
        let first = self.tree.items.len();
        if let Some(attr) = attr {
            self.tree.items.push(Item::Attribute(attr));
        }
        // After an item skipped to the end of its line, HCL's parser reads
        // on from the next line as it would after the attribute.
        let end = match self.single_end(first_error) {
            SingleEnd::Brace => self.i,
            SingleEnd::Other => {
                self.i = self.skip_to_close(self.i);
                self.i
            }
        };
        let node = &mut self.tree.bodies[index as usize];
        node.first = first as u32;
        node.len = (self.tree.items.len() - first) as u32;
        node.span = span(open.start as usize, end);
        index
    }

    /// What follows a single-line block's attribute: its `}` (read), or an
    /// error, listed at `first_error`, before the attribute's own.
    fn single_end(&mut self, first_error: usize) -> SingleEnd {
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
        let error = SyntaxError::new("Invalid single-argument block definition", detail, tok);
        self.errors.insert(first_error, error);
        SingleEnd::Other
    }
}
