//! Templates: literal text with `${ }` interpolations and `%{ }`
//! directives, as a standalone template (a JSON string's), a quoted string
//! (with its backslash escapes) or a heredoc reads them; the grammar's
//! `template_item`, `quoted`, `heredoc`, `interpolation` and `directive`
//! rules. Literal runs are found a word at a time, then by `memchr`.
//! Matching directives up and decoding the text is `shape.rs`'s; the
//! expressions inside sequences are `expr.rs`'s.

use crate::native::ast::{Expr, ExprKind, Ident, Parts, Template, TemplatePart, Text};
use crate::native::diagnose::expected::{
    DIRECTIVE_END, INTERP_END, KW_ENDIF, KW_IN, OTHER, QUOTE_END,
};
use crate::native::shape::{shape_template, unescape_quoted, unescape_template, ForTag, Item, Tag};
use crate::native::Span;

use super::{check, span, Built, Res, Stop, P};

/// Buffers for the items of the templates being read, reused from one
/// template to the next on a thread: every template (and every quoted
/// string or heredoc inside one) needs such a buffer only until it is
/// shaped, and a fresh one cost an allocation and its growth each time.
pub(super) mod spare_items {
    use std::cell::RefCell;

    use crate::native::shape::Item;

    /// The most buffers kept, and the largest kept (in items): what is
    /// kept stays small whatever the input was.
    const KEEP: usize = 8;
    const KEEP_CAPACITY: usize = 64;

    thread_local! {
        static SPARE: RefCell<Vec<Vec<Item>>> = const { RefCell::new(Vec::new()) };
    }

    /// An empty buffer, reused when one is spare.
    pub(in crate::native::parser) fn take() -> Vec<Item> {
        SPARE
            .try_with(|spare| spare.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Keeps `items` (emptied) for the next template, if it is small.
    #[inline]
    pub(super) fn give_back(mut items: Vec<Item>) {
        if items.capacity() == 0 || items.capacity() > KEEP_CAPACITY {
            return;
        }
        items.clear();
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < KEEP {
                spare.push(items);
            }
        });
    }
}

/// How many bytes of template text [`P::next_special`] reads a word at a
/// time before it hands a long run to `memchr`.
pub(super) const SHORT_RUN: usize = 64;

/// What a run of template text is part of.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// A standalone template: runs to the end of the input.
    Root,
    /// A quoted string: runs to the closing quote; backslash escapes.
    Quoted,
    /// A heredoc body: line by line, to the closing marker.
    Heredoc,
}

/// The literal run in progress while reading template text.
pub(super) struct Run {
    start: usize,
    /// It holds `$${` / `%%{` (or, quoted, a backslash): decode it.
    escaped: bool,
}

impl P<'_> {
    /// The items of template text in `mode`, up to its end: the end of the
    /// input (root), before the closing quote (quoted) or before the
    /// closing marker line (heredoc; `self.i` is then at that line).
    ///
    /// template_literal / quoted_literal / heredoc_literal, interpolation
    /// and directive, as `template_item*`, `(interpolation | directive |
    /// quoted_literal)*` and `heredoc_body` read them.
    pub(super) fn template_items(&mut self, mode: Mode) -> Res<Vec<Item>> {
        self.template_items_until(mode, &[], spare_items::take())
    }

    /// [`Self::template_items`]; `marker` is the heredoc's closing marker,
    /// `items` what was read before (the items are appended).
    pub(super) fn template_items_until(
        &mut self,
        mode: Mode,
        marker: &[u8],
        mut items: Vec<Item>,
    ) -> Res<Vec<Item>> {
        let b = self.b;
        let mut run = Run {
            start: self.i,
            escaped: false,
        };
        // Open directives, for the nesting count.
        let mut open = 0u32;
        // Heredocs: at the start of a line (where the closing marker may
        // be), and where a heredoc_literal token would start, which cannot
        // be at a `\r`: pest's NEWLINE takes it (alone or in `\r\n`) as
        // a line end there, and inside the token it is text.
        let mut line_start = true;
        let mut piece_start = true;
        let result = loop {
            if mode == Mode::Heredoc {
                if line_start && self.closes_heredoc(marker) {
                    break Ok(());
                }
                if piece_start && self.peek() == Some(b'\r') {
                    self.i += 1 + usize::from(self.at(1) == Some(b'\n'));
                    line_start = true;
                    continue;
                }
                line_start = false;
            }
            let Some(j) = self.next_special(mode) else {
                if mode == Mode::Root {
                    self.i = b.len();
                    break Ok(());
                }
                // Unterminated: the closing quote or marker line was
                // expected at the end.
                let closing = if mode == Mode::Quoted { QUOTE_END } else { 0 };
                self.note(b.len(), closing | OTHER);
                break Err(Stop::GiveUp);
            };
            piece_start = false;
            match b[j] {
                b'"' if mode == Mode::Quoted => {
                    self.i = j;
                    break Ok(());
                }
                b'\\' => match self.escape_len(j) {
                    Ok(n) => {
                        self.i = j + n;
                        run.escaped = true;
                    }
                    Err(e) => {
                        self.note(j, QUOTE_END | OTHER);
                        break Err(e);
                    }
                },
                b'\n' if mode == Mode::Heredoc => {
                    self.i = j + 1;
                    line_start = true;
                    piece_start = true;
                }
                b'$' | b'%' => {
                    let before = items.len();
                    if let Err(e) = self.sequence(j, mode, &mut items, &mut run, &mut open) {
                        break Err(e);
                    }
                    piece_start =
                        matches!(items.last(), Some(Item::Interp { .. } | Item::Tag { .. }))
                            && items.len() > before;
                }
                // A raw newline in a quoted string.
                _ => {
                    self.note(j, QUOTE_END | OTHER);
                    break Err(Stop::GiveUp);
                }
            }
        };
        self.depth -= open;
        result?;
        self.end_run(&mut items, &run, self.i, mode);
        Ok(items)
    }

    /// The next byte from `self.i` that may end a literal run in `mode`.
    ///
    /// Most runs are a few bytes (`ami-`, `-0`, `", "`), where a SIMD
    /// search costs more to set up than the bytes cost to read: the first
    /// [`SHORT_RUN`] bytes of a template's text are read a word at a time,
    /// the rest (a long script or document) by `memchr`.
    pub(super) fn next_special(&self, mode: Mode) -> Option<usize> {
        use crate::words::{equal, first};
        let b = self.b;
        match mode {
            Mode::Root => {
                let head = (self.i + SHORT_RUN).min(b.len());
                let marks = |x| equal(x, b'$') | equal(x, b'%');
                let found = first(&b[..head], self.i, marks, |c| matches!(c, b'$' | b'%'));
                match found {
                    None if head < b.len() => {
                        memchr::memchr2(b'$', b'%', &b[head..]).map(|k| head + k)
                    }
                    found => found,
                }
            }
            Mode::Quoted => self.quoted_special(self.i),
            Mode::Heredoc => memchr::memchr3(b'$', b'%', b'\n', &b[self.i..]).map(|k| self.i + k),
        }
    }

    /// [`Self::next_special`] in a quoted string, from `from`. (Quoted
    /// strings inside templates are short: a word at a time.)
    pub(super) fn quoted_special(&self, from: usize) -> Option<usize> {
        use crate::words::{equal, first};
        let marks = |x| {
            equal(x, b'$')
                | equal(x, b'%')
                | equal(x, b'"')
                | equal(x, b'\\')
                | equal(x, b'\r')
                | equal(x, b'\n')
        };
        let is = |c| matches!(c, b'$' | b'%' | b'"' | b'\\' | b'\r' | b'\n');
        first(self.b, from, marks, is)
    }

    /// Where the quoted string whose text starts at `self.i` ends (its
    /// closing quote), if that text is plain: no escape, interpolation,
    /// directive or line end. A `$` or `%` that no `{` follows is text
    /// (`"%d-%s"`); one followed by `{` or by itself (`$${`, which is
    /// text too, but decoded) is left to the item reader.
    pub(super) fn plain_quoted_end(&self) -> Option<usize> {
        let mut from = self.i;
        loop {
            let j = self.quoted_special(from)?;
            match self.b[j] {
                b'"' => return Some(j),
                c @ (b'$' | b'%') if !matches!(self.b.get(j + 1), Some(&n) if n == b'{' || n == c) =>
                {
                    from = j + 1;
                }
                _ => return None,
            }
        }
    }

    /// The length of the valid backslash escape at `j` (quoted strings):
    /// `escape = _{ "\\" ~ ("n" | "r" | "t" | "\"" | "\\" | "u" ~ ASCII_HEX_DIGIT{4} | "U" ~ ASCII_HEX_DIGIT{8}) }`.
    pub(super) fn escape_len(&self, j: usize) -> Res<usize> {
        let hex = |n: usize| {
            let digits = self.b.get(j + 2..j + 2 + n).ok_or(Stop::GiveUp)?;
            if digits.iter().all(u8::is_ascii_hexdigit) {
                Ok(2 + n)
            } else {
                Err(Stop::GiveUp)
            }
        };
        match self.b.get(j + 1) {
            Some(b'n' | b'r' | b't' | b'"' | b'\\') => Ok(2),
            Some(b'u') => hex(4),
            Some(b'U') => hex(8),
            _ => Err(Stop::GiveUp),
        }
    }

    /// The `$` or `%` at `j` in template text: `$${` and `%%{` stay in the
    /// literal, `${` starts an interpolation, `%{` a directive, anything
    /// else is literal text. Leaves `self.i` after what it read.
    // (Always inlined, as `interpolation`: with the second caller of
    // `interpolation` in `parse_template`, the compiler left both out of
    // line, and templates with text got up to 3 % slower.)
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn sequence(
        &mut self,
        j: usize,
        mode: Mode,
        items: &mut Vec<Item>,
        run: &mut Run,
        open: &mut u32,
    ) -> Res<()> {
        let b = self.b;
        let c = b[j];
        let next = b.get(j + 1).copied();
        if next == Some(c) && b.get(j + 2) == Some(&b'{') {
            run.escaped = true;
            self.i = j + 3;
            return Ok(());
        }
        if next != Some(b'{') {
            self.i = j + 1;
            return Ok(());
        }
        self.end_run(items, run, j, mode);
        let item = if c == b'$' {
            self.interpolation(j)?
        } else {
            self.directive(j, open)?
        };
        items.push(item);
        *run = Run {
            start: self.i,
            escaped: false,
        };
        Ok(())
    }

    /// Ends the literal run in progress at `end` (nothing if it is empty).
    pub(super) fn end_run(&mut self, items: &mut Vec<Item>, run: &Run, end: usize, mode: Mode) {
        if end <= run.start {
            return;
        }
        let raw = &self.src[run.start..end];
        let quoted = mode == Mode::Quoted;
        let text = match (run.escaped, quoted) {
            (false, _) => Text::from(raw),
            (true, false) => unescape_template(raw),
            (true, true) => {
                // Escapes were checked while reading; a `\u` naming no
                // character is the one error left.
                unescape_quoted(raw, run.start as u32, &mut self.errors)
            }
        };
        items.push(Item::Lit {
            text,
            span: span(run.start, end),
            quoted,
        });
    }

    /// interpolation = ${ "${" ~ strip_mark? ~ ws ~ expr ~ ws ~ strip_mark? ~ interp_end },
    /// at the `${` at `start`; leaves `self.i` past `}`.
    #[allow(clippy::inline_always)] // (see `sequence`)
    #[inline(always)]
    pub(super) fn interpolation(&mut self, start: usize) -> Res<Item> {
        self.i = start + 2;
        self.enter(start)?;
        let left = self.strip_mark();
        self.ws();
        let (expr, height) = self.closing_expr(b"}~")?;
        self.ws();
        let right = self.strip_mark();
        self.expect_rule(b'}', INTERP_END)?;
        self.leave();
        Ok(Item::Interp {
            expr,
            height,
            span: span(start, self.i),
            strip: (left, right),
        })
    }

    /// strip_mark = { "~" }, if here.
    pub(super) fn strip_mark(&mut self) -> bool {
        let here = self.peek() == Some(b'~');
        if here {
            self.i += 1;
        } else {
            self.note(self.i, OTHER);
        }
        here
    }

    /// directive = ${ "%{" ~ strip_mark? ~ ws ~ directive_body ~ ws ~ strip_mark? ~ directive_end },
    /// at the `%{` at `start`. `open` counts the directives still open in
    /// this template (each adds to the nesting until its end tag).
    pub(super) fn directive(&mut self, start: usize, open: &mut u32) -> Res<Item> {
        self.i = start + 2;
        self.enter(start)?;
        let left = self.strip_mark();
        self.ws();
        let tag = self.directive_body()?;
        self.ws();
        let right = self.strip_mark();
        self.expect_rule(b'}', DIRECTIVE_END)?;
        self.leave();
        match tag {
            Tag::If(..) | Tag::For(_) => {
                self.enter(start)?;
                *open += 1;
            }
            Tag::EndIf | Tag::EndFor if *open > 0 => {
                self.leave();
                *open -= 1;
            }
            _ => {}
        }
        Ok(Item::Tag {
            tag,
            span: span(start, self.i),
            strip: (left, right),
        })
    }

    /// directive_body = _{ dir_if | dir_else | dir_endif | dir_for | dir_endfor }
    pub(super) fn directive_body(&mut self) -> Res<Tag> {
        if self.at_keyword("if") {
            // dir_if = ${ kw_if ~ ws ~ expr }
            self.i += 2;
            self.ws();
            let (e, h) = self.closing_expr(b"}~")?;
            Ok(Tag::If(e, h))
        } else if self.at_keyword("else") {
            self.i += 4;
            Ok(Tag::Else)
        } else if self.at_keyword("endif") {
            self.i += 5;
            Ok(Tag::EndIf)
        } else if self.at_keyword("for") {
            // dir_for = ${ kw_for ~ ws ~ ident ~ (ws ~ "," ~ ws ~ ident)? ~ ws ~ kw_in ~ ws ~ expr }
            self.i += 3;
            let (key_var, value_var) = self.for_names()?;
            self.ws();
            let (collection, height) = self.closing_expr(b"}~")?;
            Ok(Tag::For(Box::new(ForTag {
                key_var,
                value_var,
                collection,
                height,
            })))
        } else if self.at_keyword("endfor") {
            self.i += 6;
            Ok(Tag::EndFor)
        } else {
            self.note(self.i, KW_ENDIF | OTHER);
            Err(Stop::GiveUp)
        }
    }

    /// After `for`: `ident ~ ("," ~ ident)? ~ kw_in`, with whitespace
    /// between; gives (key, value) variables.
    pub(super) fn for_names(&mut self) -> Res<(Option<Ident>, Ident)> {
        self.ws();
        let first = self.named()?;
        self.ws();
        let names = if self.peek() == Some(b',') {
            self.i += 1;
            self.ws();
            let second = self.named()?;
            self.ws();
            (Some(first), second)
        } else {
            (None, first)
        };
        self.keyword("in", KW_IN)?;
        Ok(names)
    }

    /// Shapes template items into a template spanning `span`, whose
    /// closing token is `end` (see `shape_template`).
    pub(super) fn shape(
        &mut self,
        mut items: Vec<Item>,
        span: Span,
        end: Span,
        flush: bool,
    ) -> Built<Template> {
        // Most templates of real files are one interpolation, or one run
        // of text: that is the template's one part, without the shaping
        // (strip markers have no neighbour to trim, and a heredoc's
        // indentation, removed when `flush`, is in its text).
        if items.len() == 1 && !flush {
            let part = match items.pop() {
                Some(Item::Interp {
                    expr,
                    height,
                    span: at,
                    ..
                }) => (TemplatePart::Interpolation { expr, span: at }, height),
                Some(Item::Lit { text, span: at, .. }) => {
                    (TemplatePart::Literal { text, span: at }, 0)
                }
                Some(tag) => {
                    items.push(tag);
                    return self.shape_items(items, span, end, flush);
                }
                None => unreachable!("one item"),
            };
            spare_items::give_back(items);
            let height = part.1 + 1;
            check(height, span)?;
            let parts = smallvec::smallvec![part.0];
            return Ok((Template { parts, span }, height));
        }
        self.shape_items(items, span, end, flush)
    }

    /// [`Self::shape`] through the shaper.
    fn shape_items(
        &mut self,
        mut items: Vec<Item>,
        span: Span,
        end: Span,
        flush: bool,
    ) -> Built<Template> {
        let shaped = shape_template(&mut items, span, end, flush, &mut self.errors);
        spare_items::give_back(items);
        shaped.map_err(|e| Stop::TooDeep(e.span))
    }

    /// quoted = ${ "\"" ~ (interpolation | directive | quoted_literal)* ~ quote_end }
    pub(super) fn quoted(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter(start)?;
        // Plain text (`","`, `"b"`, most quoted strings in expressions)
        // is its one literal part, without reading items and shaping them.
        let (t, height) = if let Some(end) = self.plain_quoted_end() {
            self.i = end + 1;
            self.leave();
            let at = span(start, self.i);
            let t = if end == start + 1 {
                Template {
                    parts: Parts::new(),
                    span: at,
                }
            } else {
                let text = Text::from(&self.src[start + 1..end]);
                let mut t = Template::literal(text, span(start + 1, end));
                t.span = at; // (the quotes included)
                t
            };
            (t, 1)
        } else {
            let items = self.template_items(Mode::Quoted)?;
            self.i += 1; // the closing quote
            self.leave();
            let quote = span(self.i - 1, self.i);
            self.shape(items, span(start, self.i), quote, false)?
        };
        let span = t.span;
        Ok((
            Expr {
                kind: ExprKind::Template(Box::new(t)),
                span,
            },
            height,
        ))
    }

    /// heredoc = ${ "<<" ~ heredoc_flush? ~ PUSH(heredoc_marker) ~ NEWLINE ~ heredoc_body ~ heredoc_close }.
    pub(super) fn heredoc(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 2;
        let flush = self.peek() == Some(b'-');
        if flush {
            self.i += 1;
        } else {
            self.note(self.i, OTHER); // heredoc_flush
        }
        let marker_start = self.i;
        if self.ident().is_none() {
            self.note(marker_start, OTHER); // heredoc_marker
            return Err(Stop::GiveUp);
        }
        let marker = &self.b[marker_start..self.i];
        // NEWLINE = _{ "\n" | "\r\n" | "\r" }
        match (self.peek(), self.at(1)) {
            (Some(b'\r'), Some(b'\n')) => self.i += 2,
            (Some(b'\n' | b'\r'), _) => self.i += 1,
            _ => return Err(Stop::GiveUp),
        }
        self.enter(start)?;
        let items = self.template_items_until(Mode::Heredoc, marker, spare_items::take())?;
        // heredoc_close = ${ (" " | "\t")* ~ POP ~ (" " | "\t")* ~ &(NEWLINE | EOI) }
        let close_start = self.i;
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
        self.i += marker.len();
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
        self.leave();
        let at = span(start, self.i);
        let (t, height) = self.shape(items, at, span(close_start, self.i), flush)?;
        Ok((
            Expr {
                kind: ExprKind::Template(Box::new(t)),
                span: at,
            },
            height,
        ))
    }

    /// Whether the heredoc closes at `self.i`, at the start of a line:
    /// heredoc_close_line = _{ (" " | "\t")* ~ PEEK ~ (" " | "\t")* ~ &(NEWLINE | EOI) }:
    /// HCL trims the line before comparing it with the marker, so `EOH `
    /// closes `<<EOH` (Nomad's job files have it).
    pub(super) fn closes_heredoc(&self, marker: &[u8]) -> bool {
        let b = self.b;
        let mut j = self.i;
        while matches!(b.get(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        if !b[j..].starts_with(marker) {
            return false;
        }
        j += marker.len();
        while matches!(b.get(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        matches!(b.get(j), None | Some(b'\n' | b'\r'))
    }
}
