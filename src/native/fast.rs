//! The hand-written parser of the whole native template and expression
//! grammar: recursive descent over bytes, precedence climbing done by the
//! shared shaper, every shape of `grammar.pest` covered.
//!
//! # Why two parsers, and which one is normative
//!
//! `grammar.pest` is the readable statement of the grammar, and the pest
//! parser built from it is this parser's **oracle**, in tests only: a
//! property test (`fast_tests.rs`) generates inputs of every shape
//! (directives, strip markers, `for`, splats, objects, heredocs, escapes,
//! comments, Unicode names, near misses and token soup) and checks that
//! this parser accepts exactly what pest accepts, with the same tree,
//! spans included, and rejects the rest with the same diagnostics
//! (summary, detail, range, in the same order). At run time only this
//! parser runs: pest costs 5–13 µs per template and, being a
//! backtracking PEG parser without memoization, can take exponential
//! time on invalid input (a fuzzer found 244 bytes that took 20 s); this
//! parser builds the tree directly in a fraction of a microsecond and
//! never reads a failed term twice.
//!
//! Which is normative for what: the grammar file for what is accepted and
//! how it is read (this parser follows it rule by rule, each function
//! naming the rule it reads); this parser for nesting depth (below) and
//! for the cost of every outcome; both, through the shared `shape.rs` and
//! `diagnose.rs`, for tree shaping and the wording of diagnostics.
//!
//! The tree shaping that is not a matter of reading (operator precedence,
//! conditional chains, strip markers, heredoc indentation, directive
//! matching, literal decoding) is one shared code in `shape.rs`, so the
//! two parsers cannot differ there.
//!
//! # Errors
//!
//! The diagnostics were written against pest's error report: the farthest
//! position any rule failed at, and the rules that failed there (a rule
//! counts where it started). This parser keeps the same record as it goes
//! (`P::note`, on failure paths only, so a valid input pays nothing for
//! it), and `diagnose::from_failure` turns it into HCL's message, the one
//! table both parsers share. Where pest would try an alternative this
//! parser knows to be hopeless, it records what that alternative would
//! have tried at the same position, so the record is the same. Errors
//! that do not stop the parse (directives out of balance, two object
//! items on one line, a legacy index like `.0.1`, a nested `.*`, a `\u`
//! escape naming no character) are collected and reported together, as
//! pest's tree builder does; a failed alternative takes its own back.
//!
//! Outcomes:
//! - a valid input gives its tree;
//! - an input nested deeper than [`MAX_DEPTH`] is refused here, with a
//!   "Nesting too deep" error, as soon as the nesting read so far proves
//!   it (a top-down count of brackets, strings, interpolations,
//!   directives, pending `?` and unary operators), or as soon as a node
//!   built is too high: refusing costs what reading up to that point
//!   costs. For depth this parser is normative (the pest oracle's
//!   pre-scan counts nesting a little differently near the limit);
//! - any other error gives its diagnostics, at the cost of one pass
//!   (plus the linear pre-scan that says what was left unclosed).
//!
//! Errors carry spans (byte offsets in the text given), so a caller
//! parsing an expression embedded in a larger file maps them to its own
//! positions.
//!
//! Flat chains are read flat: `a + b + ...` is one n-ary node (see
//! [`ExprKind::Binary`]), so only real nesting counts against the limit.
//!
//! Two shortcuts. An interpolation, directive, call argument, tuple
//! element, object value or `for` collection that is a plain reference
//! (`${var.region}`, half of the interpolations of real files;
//! `length(var.subnet_ids)`) is read directly (`P::plain_reference`)
//! rather than by the descent through every precedence level. An
//! operand that is a plain reference, a keyword or a number which nothing
//! after it can extend (`n + a * 2`) is read without `term`'s machinery
//! (`P::plain_term`). Both build the same node as the descent, and the
//! oracle tests hold them to that like every other path.
//!
//! The reader works on bytes and positions (`Span`s of byte offsets) with
//! nothing specific to JSON strings, so native-syntax bodies can be added
//! on top of the same functions.

use smallvec::SmallVec;

use super::ast::{
    BinaryOp, Call, Expr, ExprKind, ForExpr, ForResult, Ident, ObjectItem, ObjectKey, SplatKind,
    Step, StepKind, Template, Text, TraversalExpr, UnaryOp,
};
use super::diagnose::{
    self,
    expected::{
        ARGS_COMMA, ARGS_END, ATTR_NAME, COND_COLON, DIRECTIVE_END, ELLIPSIS, EOI, EXPR, FAT_ARROW,
        FOR_COLON, IDENT, INDEX_END, INTERP_END, KV_SEP, KW_ENDIF, KW_IN, OBJECT_END, OTHER,
        PAREN_END, QUOTE_END, TUPLE_COMMA, TUPLE_END,
    },
    Expected,
};
use super::ident;
use super::scan::{self, Start};
use super::shape::{
    combine, fold_conditionals, shape_template, unescape_quoted, unescape_template, BinaryChain,
    Conditions, ForTag, Item, Results, Tag,
};
use super::{too_deep, Span, SyntaxError, MAX_DEPTH};

/// Why this parser stopped without a tree.
enum Stop {
    /// A syntax error: what was tried at the farthest position reached
    /// (`P::far`) says which.
    GiveUp,
    /// Nested deeper than [`MAX_DEPTH`], found at this span.
    TooDeep(Span),
}

type Res<T> = Result<T, Stop>;

/// A built node and its height, as the pest oracle's builder measures it.
type Built<T> = Res<(T, u32)>;

/// What this parser made of an input.
pub(crate) enum Outcome<T> {
    /// The input is valid.
    Parsed(T),
    /// The input is nested too deep: refused with this error.
    Refused(SyntaxError),
    /// The input is invalid: these are its errors, in source order.
    Invalid(Vec<SyntaxError>),
}

impl<T> Outcome<T> {
    /// The tree, or every error.
    pub(crate) fn into_result(self) -> Result<T, Vec<SyntaxError>> {
        match self {
            Outcome::Parsed(t) => Ok(t),
            Outcome::Refused(e) => Err(vec![e]),
            Outcome::Invalid(errors) => Err(errors),
        }
    }

    /// The outcome of running `p` over `src` from `start`.
    fn of(r: Res<T>, p: P<'_>, start: Start) -> Self {
        match r {
            Ok(v) if p.errors.is_empty() => Outcome::Parsed(v),
            Ok(_) => Outcome::Invalid(p.errors),
            Err(Stop::TooDeep(span)) => Outcome::Refused(too_deep(span)),
            Err(Stop::GiveUp) => Outcome::Invalid(vec![p.diagnose(start)]),
        }
    }

    /// The outcome of a run that started inside a larger text (a native
    /// body): errors found on the way are kept (their spans are offsets in
    /// that text), but a syntax error that stopped the run gives an empty
    /// list, because the failure record describes the run from the start
    /// of the text: the caller diagnoses the expression's own text with
    /// [`parse_expression`], which costs one more parse of it, on errors
    /// only.
    fn at(r: Res<T>, p: P<'_>) -> Self {
        match r {
            Ok(v) if p.errors.is_empty() => Outcome::Parsed(v),
            Ok(_) => Outcome::Invalid(p.errors),
            Err(Stop::TooDeep(span)) => Outcome::Refused(too_deep(span)),
            Err(Stop::GiveUp) => Outcome::Invalid(Vec::new()),
        }
    }
}

/// `parse_template` (template_root = ${ SOI ~ template_item* ~ EOI }).
pub(crate) fn parse_template(src: &str) -> Outcome<Template> {
    if src.len() > u32::MAX as usize {
        return Outcome::Invalid(vec![too_large()]);
    }
    let mut p = P::new(src);
    let run = |p: &mut P<'_>| -> Res<Template> {
        let items = p.template_items(Mode::Root)?;
        let (t, _) = p.shape(items, span(0, src.len()), false)?;
        Ok(t)
    };
    let r = run(&mut p);
    Outcome::of(r, p, Start::Template)
}

#[cold]
fn too_large() -> SyntaxError {
    SyntaxError::new(
        "Input too large",
        "Templates and expressions are limited to 4 GiB.",
        Span::new(0, 0),
    )
}

/// The work [`parse_template`] does on `src`, in terms started: tests
/// hold it to the input's length.
#[cfg(test)]
pub(crate) fn template_steps(src: &str) -> u64 {
    let mut p = P::new(src);
    let _ = p.template_items(Mode::Root);
    p.steps
}

/// `parse_expression` (expression_root = { SOI ~ expr ~ EOI }).
pub(crate) fn parse_expression(src: &str) -> Outcome<Expr> {
    parse_whole_expression(src, false)
}

/// [`parse_expression`] for text whose invalid characters a lexer reports
/// (a native file's): an invalid character is then only a token that does
/// not fit, as HCL's parser sees it.
pub(crate) fn parse_expression_lexed(src: &str) -> Outcome<Expr> {
    parse_whole_expression(src, true)
}

fn parse_whole_expression(src: &str, lexed: bool) -> Outcome<Expr> {
    if src.len() > u32::MAX as usize {
        return Outcome::Invalid(vec![too_large()]);
    }
    let mut p = P::new(src);
    p.lexed = lexed;
    let run = |p: &mut P<'_>| -> Res<Expr> {
        p.ws()?;
        let (e, _) = p.expr()?;
        p.ws()?;
        if p.i == p.b.len() {
            Ok(e)
        } else {
            p.note(p.i, EOI | OTHER);
            Err(Stop::GiveUp)
        }
    };
    let r = run(&mut p);
    Outcome::of(r, p, Start::Expression)
}

/// An expression starting at byte `start` of `src`, for the value of a
/// native body's attribute: `src` ends where the attribute's logical line
/// does (the native body parser cuts it there, which is what makes
/// newlines significant outside brackets), spans are offsets in `src`, and
/// what follows the expression is the caller's to check. See
/// [`Outcome::at`] for what an invalid expression gives.
pub(crate) fn parse_expression_at(src: &str, start: usize) -> Outcome<Expr> {
    if src.len() > u32::MAX as usize {
        return Outcome::Invalid(vec![too_large()]);
    }
    let mut p = P::new(src);
    p.i = start;
    let run = |p: &mut P<'_>| -> Res<Expr> {
        p.ws()?;
        Ok(p.expr()?.0)
    };
    let r = run(&mut p);
    Outcome::at(r, p)
}

/// A quoted string starting at byte `start` of `src` (a native block
/// label); spans are offsets in `src`. See [`Outcome::at`].
pub(crate) fn parse_quoted_at(src: &str, start: usize) -> Outcome<Expr> {
    if src.len() > u32::MAX as usize || src.as_bytes().get(start) != Some(&b'"') {
        return Outcome::Invalid(Vec::new());
    }
    let mut p = P::new(src);
    p.i = start;
    let run = |p: &mut P<'_>| -> Res<Expr> { Ok(p.quoted()?.0) };
    let r = run(&mut p);
    Outcome::at(r, p)
}

struct P<'s> {
    src: &'s str,
    b: &'s [u8],
    i: usize,
    /// Nesting read so far: each level counted here adds at least one to
    /// the height of the tree being built, so going past [`MAX_DEPTH`]
    /// proves the input too deep.
    depth: u32,
    /// Terms that failed to parse, by start offset, with the deepest
    /// nesting they reached above the depth they started at. PEG's
    /// backtracking can come back to a term it already failed on (a
    /// failed operand after a newline in an object is read again as the
    /// next item's key); without this memo each level of such nesting
    /// doubles the work. (Hashed with a random key, as std's tables are,
    /// but made without std's per-table key set-up: a parser is made per
    /// template.)
    failed_terms: std::collections::HashMap<usize, u32, foldhash::fast::RandomState>,
    /// The deepest nesting reached so far (for the memo above).
    peak: u32,
    /// Terms started, a measure of work that tests hold to the input's
    /// length.
    pub(crate) steps: u64,
    /// The farthest position where a rule failed, and the rules (as the
    /// diagnostics name them) that failed there: pest's error tracking,
    /// which the diagnostics were written against. A rule counts at the
    /// position where it started.
    far: (usize, Expected),
    /// Errors found in input that parses (unbalanced directives, items
    /// on one line, legacy index forms, nested splats): reported together
    /// if nothing stops the parse.
    errors: Vec<SyntaxError>,
    /// A lexer reports invalid characters (see [`parse_expression_lexed`]).
    lexed: bool,
}

/// Buffers for the items of the templates being read, reused from one
/// template to the next on a thread: every template (and every quoted
/// string or heredoc inside one) needs such a buffer only until it is
/// shaped, and a fresh one cost an allocation and its growth each time.
mod spare_items {
    use std::cell::RefCell;

    use super::Item;

    /// The most buffers kept, and the largest kept (in items): what is
    /// kept stays small whatever the input was.
    const KEEP: usize = 8;
    const KEEP_CAPACITY: usize = 64;

    thread_local! {
        static SPARE: RefCell<Vec<Vec<Item>>> = const { RefCell::new(Vec::new()) };
    }

    /// An empty buffer, reused when one is spare.
    pub(super) fn take() -> Vec<Item> {
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

fn span(start: usize, end: usize) -> Span {
    Span::from_usize(start, end)
}

/// A node of `height` built at `at`: refused when too high.
fn check(height: u32, at: Span) -> Res<()> {
    if height > MAX_DEPTH {
        Err(Stop::TooDeep(at))
    } else {
        Ok(())
    }
}

/// How many bytes of template text [`P::next_special`] reads a word at a
/// time before it hands a long run to `memchr`.
const SHORT_RUN: usize = 64;

/// What a run of template text is part of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A standalone template: runs to the end of the input.
    Root,
    /// A quoted string: runs to the closing quote; backslash escapes.
    Quoted,
    /// A heredoc body: line by line, to the closing marker.
    Heredoc,
}

/// The literal run in progress while reading template text.
struct Run {
    start: usize,
    /// It holds `$${` / `%%{` (or, quoted, a backslash): decode it.
    escaped: bool,
}

impl<'s> P<'s> {
    fn new(src: &'s str) -> Self {
        P {
            src,
            b: src.as_bytes(),
            i: 0,
            depth: 0,
            failed_terms: std::collections::HashMap::default(),
            peak: 0,
            steps: 0,
            far: (0, 0),
            errors: Vec::new(),
            lexed: false,
        }
    }

    /// Rules `set` failed at `pos`: kept if that is the farthest so far.
    fn note(&mut self, pos: usize, set: Expected) {
        if pos > self.far.0 {
            self.far = (pos, set);
        } else if pos == self.far.0 {
            self.far.1 |= set;
        }
    }

    /// The error of a parse that gave up.
    #[cold]
    fn diagnose(&self, start: Start) -> SyntaxError {
        let scanned = scan::scan(self.src, start);
        if let Some(span) = scanned.too_deep {
            return too_deep(span);
        }
        diagnose::from_failure(
            self.src, self.far.0, self.far.1, &scanned, start, self.lexed,
        )
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
            Err(Stop::GiveUp)
        }
    }

    /// Runs `f`; if it gives up, puts the reader back where it was and
    /// gives `None`: PEG's ordered choice and repetition backtrack there.
    fn attempt<T>(&mut self, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<Option<T>> {
        let (i, depth, errors) = (self.i, self.depth, self.errors.len());
        match f(self) {
            Ok(v) => Ok(Some(v)),
            Err(Stop::GiveUp) => {
                self.i = i;
                self.depth = depth;
                self.errors.truncate(errors);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// One level of nesting opened at `at`.
    fn enter(&mut self, at: usize) -> Res<()> {
        self.depth += 1;
        self.peak = self.peak.max(self.depth);
        if self.depth > MAX_DEPTH {
            Err(Stop::TooDeep(self.token(at)))
        } else {
            Ok(())
        }
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The span of the token at `at` (as diagnostics show it).
    fn token(&self, at: usize) -> Span {
        super::diagnose::token_at(self.src, at)
    }

    /// pest's implicit skipping, `(WHITESPACE | COMMENT)*`: spaces, tabs,
    /// newlines, `#` and `//` line comments, `/* */` block comments.
    #[inline]
    fn ws(&mut self) -> Res<()> {
        match self.peek() {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/') => self.skip_ws(),
            _ => Ok(()),
        }
    }

    /// [`Self::ws`] past its first byte check.
    fn skip_ws(&mut self) -> Res<()> {
        let b = self.b;
        while let Some(&c) = b.get(self.i) {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                b'#' => self.line_comment(1),
                b'/' if b.get(self.i + 1) == Some(&b'/') => self.line_comment(2),
                b'/' if b.get(self.i + 1) == Some(&b'*') => {
                    let body = &b[self.i + 2..];
                    match memchr::memmem::find(body, b"*/") {
                        Some(k) => self.i += 2 + k + 2,
                        // Not a comment: what follows must make sense
                        // of the `/` (nothing does).
                        None => break,
                    }
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// A line comment of `intro` bytes: up to the next newline (`\n` or
    /// `\r`), which the whitespace rule then takes.
    fn line_comment(&mut self, intro: usize) {
        let rest = &self.b[self.i + intro..];
        self.i += intro + memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
    }

    // -------------------------------------------------------------- names

    /// The character at byte `at`, if it is `ident_chars`' first:
    /// `ID_START | "_"`; gives its length.
    fn ident_start_at(&self, at: usize) -> Option<usize> {
        let c = *self.b.get(at)?;
        if c.is_ascii() {
            return ident::is_start_byte(c).then_some(1);
        }
        let ch = self.src[at..].chars().next()?;
        ident::is_start(ch).then_some(ch.len_utf8())
    }

    /// The length of an `ident_char` (`ID_CONTINUE | "-"`) at `at`.
    fn ident_continue_at(&self, at: usize) -> Option<usize> {
        let c = *self.b.get(at)?;
        if c.is_ascii() {
            return ident::is_continue_byte(c).then_some(1);
        }
        let ch = self.src[at..].chars().next()?;
        ident::is_continue(ch).then_some(ch.len_utf8())
    }

    /// ident_chars = _{ (ID_START | "_") ~ (ID_CONTINUE | "-")* }, if one
    /// starts here.
    fn ident(&mut self) -> Option<&'s str> {
        let start = self.i;
        self.i += self.ident_start_at(start)?;
        let b = self.b;
        loop {
            // ASCII by table; other characters by their Unicode property.
            match b.get(self.i) {
                Some(&c) if ident::CONTINUE_ASCII[usize::from(c)] => self.i += 1,
                Some(c) if !c.is_ascii() => match self.ident_continue_at(self.i) {
                    Some(n) => self.i += n,
                    None => break,
                },
                _ => break,
            }
        }
        Some(&self.src[start..self.i])
    }

    /// A keyword rule (`kw_for = @{ "for" ~ !ident_char }` and friends)
    /// here, without consuming it.
    fn at_keyword(&self, kw: &str) -> bool {
        self.b[self.i..].starts_with(kw.as_bytes())
            && self.ident_continue_at(self.i + kw.len()).is_none()
    }

    /// Consumes keyword `kw`, or gives up.
    fn keyword(&mut self, kw: &str, rule: Expected) -> Res<()> {
        if self.at_keyword(kw) {
            self.i += kw.len();
            Ok(())
        } else {
            self.note(self.i, rule);
            Err(Stop::GiveUp)
        }
    }

    /// ident, as a named [`Ident`], or gives up.
    fn named(&mut self) -> Res<Ident> {
        let start = self.i;
        let Some(name) = self.ident() else {
            self.note(start, IDENT);
            return Err(Stop::GiveUp);
        };
        Ok(Ident {
            name: name.into(),
            span: span(start, self.i),
        })
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

    // -------------------------------------------------------------- templates

    /// The items of template text in `mode`, up to its end: the end of the
    /// input (root), before the closing quote (quoted) or before the
    /// closing marker line (heredoc; `self.i` is then at that line).
    ///
    /// template_literal / quoted_literal / heredoc_literal, interpolation
    /// and directive, as `template_item*`, `(interpolation | directive |
    /// quoted_literal)*` and `heredoc_body` read them.
    fn template_items(&mut self, mode: Mode) -> Res<Vec<Item>> {
        self.template_items_until(mode, &[])
    }

    /// [`Self::template_items`]; `marker` is the heredoc's closing marker.
    fn template_items_until(&mut self, mode: Mode, marker: &[u8]) -> Res<Vec<Item>> {
        let b = self.b;
        let mut items = spare_items::take();
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
        self.end_run(&mut items, &run, self.i, mode)?;
        Ok(items)
    }

    /// The next byte from `self.i` that may end a literal run in `mode`.
    ///
    /// Most runs are a few bytes (`ami-`, `-0`, `", "`), where a SIMD
    /// search costs more to set up than the bytes cost to read: the first
    /// [`SHORT_RUN`] bytes of a template's text are read a word at a time,
    /// the rest (a long script or document) by `memchr`.
    fn next_special(&self, mode: Mode) -> Option<usize> {
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
    fn quoted_special(&self, from: usize) -> Option<usize> {
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
    fn plain_quoted_end(&self) -> Option<usize> {
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
    fn escape_len(&self, j: usize) -> Res<usize> {
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
    fn sequence(
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
        self.end_run(items, run, j, mode)?;
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
    fn end_run(&mut self, items: &mut Vec<Item>, run: &Run, end: usize, mode: Mode) -> Res<()> {
        if end <= run.start {
            return Ok(());
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
        Ok(())
    }

    /// interpolation = ${ "${" ~ strip_mark? ~ ws ~ expr ~ ws ~ strip_mark? ~ interp_end },
    /// at the `${` at `start`; leaves `self.i` past `}`.
    fn interpolation(&mut self, start: usize) -> Res<Item> {
        self.i = start + 2;
        self.enter(start)?;
        let left = self.strip_mark();
        self.ws()?;
        let (expr, height) = self.closing_expr(b"}~")?;
        self.ws()?;
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
    fn strip_mark(&mut self) -> bool {
        let here = self.peek() == Some(b'~');
        if here {
            self.i += 1;
        } else {
            self.note(self.i, OTHER);
        }
        here
    }

    /// The closing token `c`, named by rule `rule` (`interp_end`,
    /// `paren_end`, ...), or gives up with that rule tried here.
    fn expect_rule(&mut self, c: u8, rule: Expected) -> Res<()> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            self.note(self.i, rule);
            Err(Stop::GiveUp)
        }
    }

    /// directive = ${ "%{" ~ strip_mark? ~ ws ~ directive_body ~ ws ~ strip_mark? ~ directive_end },
    /// at the `%{` at `start`. `open` counts the directives still open in
    /// this template (each adds to the nesting until its end tag).
    fn directive(&mut self, start: usize, open: &mut u32) -> Res<Item> {
        self.i = start + 2;
        self.enter(start)?;
        let left = self.strip_mark();
        self.ws()?;
        let tag = self.directive_body()?;
        self.ws()?;
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
    fn directive_body(&mut self) -> Res<Tag> {
        if self.at_keyword("if") {
            // dir_if = ${ kw_if ~ ws ~ expr }
            self.i += 2;
            self.ws()?;
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
            self.ws()?;
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
    fn for_names(&mut self) -> Res<(Option<Ident>, Ident)> {
        self.ws()?;
        let first = self.named()?;
        self.ws()?;
        let names = if self.peek() == Some(b',') {
            self.i += 1;
            self.ws()?;
            let second = self.named()?;
            self.ws()?;
            (Some(first), second)
        } else {
            (None, first)
        };
        self.keyword("in", KW_IN)?;
        Ok(names)
    }

    /// Shapes template items into a template spanning `span`.
    fn shape(&mut self, mut items: Vec<Item>, span: Span, flush: bool) -> Built<Template> {
        let shaped = shape_template(&mut items, span, flush, &mut self.errors);
        spare_items::give_back(items);
        shaped.map_err(|e| Stop::TooDeep(e.span))
    }

    // ------------------------------------------------------------ expressions

    /// expr = !{ binary ~ cond_tail* }; cond_tail = { "?" ~ expr ~ cond_colon ~ binary }.
    /// Each `?` of an else-chain nests the rest one level deeper.
    fn expr(&mut self) -> Built<Expr> {
        let first = self.binary()?;
        self.ws()?;
        if self.peek() != Some(b'?') {
            return Ok(first);
        }
        // (Most conditionals have no else-chain: no allocation for them.)
        let mut conds = Conditions::new();
        conds.push(first);
        let mut thens = Results::new();
        let mut opened = 0;
        let result = loop {
            if self.peek() != Some(b'?') {
                break Ok(());
            }
            let q = self.i;
            self.i += 1;
            if let Err(e) = self.enter(q) {
                break Err(e);
            }
            opened += 1;
            let mut tail = || -> Res<()> {
                self.ws()?;
                thens.push(self.expr()?);
                self.ws()?;
                self.expect_rule(b':', COND_COLON)?;
                self.ws()?;
                conds.push(self.binary()?);
                self.ws()
            };
            if let Err(e) = tail() {
                break Err(e);
            }
        };
        self.depth -= opened;
        result?;
        fold_conditionals(conds, thens, check)
    }

    /// An expression that one of `closers` ends (`}` an interpolation or
    /// a directive, `,` or `)` a call's argument, `,` or `]` a tuple's
    /// element, `,` or `}` an object's value, `:` a `for`'s collection):
    /// [`Self::expr`], or [`Self::plain_reference`] when that is what it
    /// is. The closers are bytes that cannot continue an expression (no
    /// operator starts with one), so where the descent would stop after a
    /// reference, so does the shortcut. (A conditional's first result,
    /// which `:` ends too, is left to the descent: in real files it is
    /// mostly an indexed reference, which the look ahead reads in vain.)
    fn closing_expr(&mut self, closers: &[u8]) -> Built<Expr> {
        match self.plain_reference(closers) {
            Some(reference) => Ok(reference),
            None => self.expr(),
        }
    }

    /// A plain reference (`env`, `var.region`, `aws_vpc.main.id`) that
    /// nothing but one of `closers` follows (after spaces): half of the
    /// interpolations of real files are one, and most call arguments. It is
    /// read directly, not by the descent through every precedence level
    /// that [`Self::expr`] makes to find it, and it is the node that
    /// descent builds, with the same spans and height (a keyword is read
    /// as the descent reads it too). Anything else (a call, an index or
    /// splat, an operator, a newline or a comment) gives `None` with
    /// nothing read, for [`Self::expr`].
    fn plain_reference(&mut self, closers: &[u8]) -> Option<(Expr, u32)> {
        // A look ahead first: an expression that is not a plain reference
        // mostly shows it right after its first name (a call's `(`, an
        // operator, an index), before anything is built.
        let rest = &self.b[self.i..];
        let len = names_and_dots(rest);
        let after = after_spaces(&rest[len..]);
        // (`a::b` is a provider function's name, not `a` then `:`.)
        let closed = after.first().is_some_and(|c| closers.contains(c));
        if !closed || after.starts_with(b"::") {
            return None;
        }
        self.reference_to(self.i + len)
    }

    /// A term that is a plain reference (as in [`Self::plain_reference`]),
    /// a keyword or a plain number, which nothing after it can extend: what
    /// follows it (after spaces) starts no postfix, call argument list or
    /// longer name, and no comment or newline that could hide one. Such a
    /// term is most operands (`n + a * 2`, `length(nums) > 40`); it is read
    /// directly, without `term`'s memo and `primary`'s alternatives and
    /// postfix attempt, and is the node they build. Anything else gives
    /// `None` with nothing read.
    fn plain_term(&mut self) -> Option<(Expr, u32)> {
        let start = self.i;
        let rest = &self.b[start..];
        let first = *rest.first()?;
        if first.is_ascii_digit() {
            let text = self.number();
            if !ends_term(&self.b[self.i..]) {
                self.i = start;
                return None;
            }
            self.steps += 1;
            let kind = ExprKind::Number(text.into());
            let span = span(start, self.i);
            return Some((Expr { kind, span }, 1));
        }
        if !ident::is_start_byte(first) {
            return None;
        }
        let len = names_and_dots(rest);
        if !ends_term(&rest[len..]) {
            return None;
        }
        self.reference_to(start + len)
    }

    /// The plain reference (`name`, `name.attr...`) or keyword that spans
    /// from here to `end` exactly, as one term; else `None` with nothing
    /// read (`a..b`, `a.0`, a keyword with steps: for the descent). The
    /// caller found only ASCII name characters and dots up to `end`, and
    /// no name character after it.
    fn reference_to(&mut self, end: usize) -> Option<(Expr, u32)> {
        let (b, start) = (self.b, self.i);
        let name_end = end_of_name(b, start, end)?;
        let name = &self.src[start..name_end];
        let name_span = span(start, name_end);
        let keyword = match name {
            "true" => Some(ExprKind::Bool(true)),
            "false" => Some(ExprKind::Bool(false)),
            "null" => Some(ExprKind::Null),
            _ => None,
        };
        if name_end == end {
            // One name (most references): no steps to make.
            let kind = keyword.unwrap_or_else(|| {
                ExprKind::Variable(Ident {
                    name: name.into(),
                    span: name_span,
                })
            });
            self.i = end;
            self.steps += 1; // one term, as `term` counts them
            return Some((
                Expr {
                    kind,
                    span: name_span,
                },
                1,
            ));
        }
        if keyword.is_some() {
            return None;
        }
        let mut steps: SmallVec<[Step; 1]> = SmallVec::new();
        let mut at = name_end;
        while at < end {
            let attr_end = end_of_name(b, at + 1, end)?;
            let step = Step {
                kind: StepKind::Attr(self.src[at + 1..attr_end].into()),
                span: span(at, attr_end),
            };
            push_step(&mut steps, step);
            at = attr_end;
        }
        self.i = end;
        self.steps += 1;
        let variable = Expr {
            kind: ExprKind::Variable(Ident {
                name: name.into(),
                span: name_span,
            }),
            span: name_span,
        };
        let span = name_span.to(span(name_end, end));
        let kind = ExprKind::Traversal(Box::new(TraversalExpr {
            source: variable,
            steps,
        }));
        Some((Expr { kind, span }, 2))
    }

    /// binop, if one starts here (the grammar's alternatives in order).
    fn binop(&mut self) -> Option<(BinaryOp, Span)> {
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
        let at = span(self.i, self.i + len);
        self.i += len;
        Some((op, at))
    }

    /// binary = { operand ~ (binop ~ operand)* }, read flat and shaped by
    /// the shared shunting-yard (`a op b`, the common case, directly).
    fn binary(&mut self) -> Built<Expr> {
        let first = self.operand()?;
        let Some(op) = self.next_binop()? else {
            return Ok(first);
        };
        let Some(second) = self.operand_after(op)? else {
            return Ok(first);
        };
        let Some(mut next) = self.next_binop()? else {
            return combine(first, op, second, &check);
        };
        let mut chain = BinaryChain::new(first);
        chain.push(op, second, &check);
        // (An operator not followed by an operand ends the chain before it.)
        while let Some(operand) = self.operand_after(next)? {
            chain.push(next, operand, &check);
            match self.next_binop()? {
                Some(op) => next = op,
                None => break,
            }
        }
        chain.finish(&check)
    }

    /// The binop after whitespace, if one is there (else nothing is read).
    fn next_binop(&mut self) -> Res<Option<(BinaryOp, Span)>> {
        let before = self.i;
        self.ws()?;
        let op = self.binop();
        if op.is_none() {
            self.i = before;
        }
        Ok(op)
    }

    /// The operand after operator `op`; if none parses, PEG's `(binop ~
    /// operand)*` ends before `op` (as in `{a = b\n<<EOT ...`, a heredoc
    /// key after a newline) and what follows must make sense of it.
    fn operand_after(&mut self, (_, at): (BinaryOp, Span)) -> Res<Option<(Expr, u32)>> {
        self.ws()?;
        let operand = self.attempt(Self::operand)?;
        if operand.is_none() {
            self.i = at.start as usize;
        }
        Ok(operand)
    }

    /// operand = { unop* ~ term }; each unary operator is a level.
    fn operand(&mut self) -> Built<Expr> {
        if !matches!(self.peek(), Some(b'-' | b'!')) {
            return self.term();
        }
        let mut unops = Vec::new();
        while let Some(c @ (b'-' | b'!')) = self.peek() {
            let op = if c == b'-' {
                UnaryOp::Neg
            } else {
                UnaryOp::Not
            };
            if let Err(e) = self.enter(self.i) {
                self.depth -= unops.len() as u32;
                return Err(e);
            }
            unops.push((op, span(self.i, self.i + 1)));
            self.i += 1;
            self.ws()?;
        }
        let term = self.term();
        self.depth -= unops.len() as u32;
        let mut acc = term?;
        for (op, at) in unops.into_iter().rev() {
            let height = acc.1 + 1;
            check(height, at)?;
            let span = at.to(acc.0.span);
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

    /// term = { primary ~ postfix* }: the postfix operators are read flat,
    /// then shaped into steps (which steps each splat captures).
    fn term(&mut self) -> Built<Expr> {
        if let Some(term) = self.plain_term() {
            return Ok(term);
        }
        self.steps += 1;
        let (start, depth) = (self.i, self.depth);
        // A term that failed here before fails again (the memo's note of
        // how deep it went says whether it could now be too deep instead).
        // (Valid input rarely fails a term: no hashing while none has.)
        if !self.failed_terms.is_empty() {
            if let Some(&rise) = self.failed_terms.get(&start) {
                if depth + rise <= MAX_DEPTH {
                    return Err(Stop::GiveUp);
                }
            }
        }
        let outer_peak = std::mem::replace(&mut self.peak, depth);
        let result = self.term_uncached();
        if matches!(result, Err(Stop::GiveUp)) {
            // (pest's `term` rule, tracked where it started.)
            self.note(start, EXPR);
            self.failed_terms.insert(start, self.peak - depth);
        }
        self.peak = self.peak.max(outer_peak);
        result
    }

    fn term_uncached(&mut self) -> Built<Expr> {
        let primary = self.primary()?;
        // Steps before the first splat are final as read; from the first
        // splat on, they are kept flat and shaped at the end.
        let mut steps: SmallVec<[Step; 1]> = SmallVec::new();
        let mut steps_height = 0;
        let mut posts: Vec<Post> = Vec::new();
        let mut splats = 0;
        // A postfix that fails to parse is not one (PEG backtracks): what
        // follows the term must make sense of it, as in `{a = b\n[for ...] = 1}`.
        // Whether an attribute-only splat is capturing the steps read: a
        // second `.*` there is an error, reported in reading order.
        let mut capturing = false;
        while let Some(post) = self.attempt(Self::postfix)?.flatten() {
            capturing = match &post {
                Post::AttrSplat(at) => {
                    if capturing {
                        self.errors.push(nested_splat(*at));
                    }
                    true
                }
                Post::Simple(s, _) => {
                    capturing
                        && matches!(
                            s.kind,
                            StepKind::Attr(_) | StepKind::Index { legacy: true, .. }
                        )
                }
                Post::FullSplat(_) => false,
            };
            match post {
                Post::Simple(step, h) if posts.is_empty() => {
                    steps_height = steps_height.max(h);
                    push_step(&mut steps, step);
                }
                Post::AttrSplat(at) | Post::FullSplat(at) if splats == MAX_DEPTH => {
                    return Err(Stop::TooDeep(at));
                }
                Post::AttrSplat(_) | Post::FullSplat(_) => {
                    splats += 1;
                    posts.push(post);
                }
                Post::Simple(..) => posts.push(post),
            }
        }
        if !posts.is_empty() {
            let (tail, h) = shape_steps(&mut posts.into_iter().peekable())?;
            steps_height = steps_height.max(h);
            steps.reserve_exact(tail.len());
            steps.extend(tail);
        }
        if steps.is_empty() {
            return Ok(primary);
        }
        let height = 1 + primary.1.max(steps_height);
        let span = primary.0.span.to(steps.last().expect("non-empty").span);
        check(height, steps[0].span)?;
        let kind = ExprKind::Traversal(Box::new(TraversalExpr {
            source: primary.0,
            steps,
        }));
        Ok((Expr { kind, span }, height))
    }

    /// postfix = _{ !"..." ~ (attr_splat | full_splat | get_attr | legacy_index | index) },
    /// after pest's implicit whitespace; `None` (and nothing consumed) if
    /// none is here.
    fn postfix(&mut self) -> Res<Option<Post>> {
        let before = self.i;
        self.ws()?;
        let start = self.i;
        let none = |p: &mut Self| {
            p.i = before;
            Ok(None)
        };
        match self.peek() {
            Some(b'.') if !self.b[start..].starts_with(b"...") => {
                self.i += 1;
                self.ws()?;
                match self.peek() {
                    // attr_splat = { "." ~ "*" }
                    Some(b'*') => {
                        self.i += 1;
                        Ok(Some(Post::AttrSplat(span(start, self.i))))
                    }
                    // legacy_index = { "." ~ number }
                    Some(c) if c.is_ascii_digit() => {
                        let num_start = self.i;
                        let text = self.number();
                        if !text.bytes().all(|b| b.is_ascii_digit()) {
                            let at = span(num_start, self.i);
                            self.errors.push(invalid_legacy_index(text, at));
                        }
                        let key = Expr {
                            kind: ExprKind::Number(text.into()),
                            span: span(num_start, self.i),
                        };
                        let step = Step {
                            kind: StepKind::Index {
                                key: Box::new(key),
                                legacy: true,
                            },
                            span: span(start, self.i),
                        };
                        Ok(Some(Post::Simple(step, 1)))
                    }
                    // get_attr = { "." ~ attr_name }
                    _ => {
                        if let Some(name) = self.ident() {
                            let step = Step {
                                kind: StepKind::Attr(name.into()),
                                span: span(start, self.i),
                            };
                            Ok(Some(Post::Simple(step, 0)))
                        } else {
                            // attr_name (and legacy_index's number) tried here
                            self.note(self.i, ATTR_NAME | OTHER);
                            none(self)
                        }
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                self.enter(start)?;
                self.ws()?;
                // full_splat = { "[" ~ "*" ~ "]" }
                if self.peek() == Some(b'*') {
                    // Not `[*]`: then `index`, whose expression cannot
                    // start at the `*`.
                    self.note(self.i, EXPR);
                    self.i += 1;
                    self.ws()?;
                    self.expect(b']')?;
                    self.leave();
                    return Ok(Some(Post::FullSplat(span(start, self.i))));
                }
                // index = { "[" ~ expr ~ index_end }
                let (key, h) = self.expr()?;
                self.ws()?;
                self.expect_rule(b']', INDEX_END)?;
                self.leave();
                let step = Step {
                    kind: StepKind::Index {
                        key: Box::new(key),
                        legacy: false,
                    },
                    span: span(start, self.i),
                };
                Ok(Some(Post::Simple(step, h)))
            }
            _ => none(self),
        }
    }

    /// primary = _{ number | for_tuple | tuple | for_object | object | call | variable | parens | quoted | heredoc }
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
            Some(b'[') => self.tuple(),
            Some(b'{') => self.object(),
            Some(b'(') => {
                // parens = { "(" ~ expr ~ paren_end }
                self.i += 1;
                self.enter(start)?;
                self.ws()?;
                let (inner, h) = self.expr()?;
                self.ws()?;
                self.expect_rule(b')', PAREN_END)?;
                self.leave();
                wrap(
                    ExprKind::Parens(Box::new(inner)),
                    span(start, self.i),
                    h + 1,
                )
            }
            Some(b'"') => self.quoted(),
            Some(b'<') if self.at(1) == Some(b'<') => self.heredoc(),
            _ => {
                let name = self.ident().ok_or(Stop::GiveUp)?;
                // func_name = @{ ident_chars ~ ("::" ~ ident_chars)* }
                let mut namespaced = false;
                while self.b[self.i..].starts_with(b"::")
                    && self.ident_start_at(self.i + 2).is_some()
                {
                    self.i += 2;
                    self.ident();
                    namespaced = true;
                }
                let end = self.i;
                self.ws()?;
                if self.peek() == Some(b'(') {
                    // call, else variable (PEG's ordered choice).
                    if let Some(call) = self.attempt(|p| p.call(start, end))? {
                        return Ok(call);
                    }
                }
                // Without a call, `::` is no part of a name: the variable
                // is the first identifier, and what follows must make
                // sense of the rest (nothing does).
                let end = if namespaced { start + name.len() } else { end };
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
        }
    }

    /// call = { func_name ~ "(" ~ (expr ~ (args_comma ~ expr)* ~ (ellipsis | args_comma)?)? ~ args_end },
    /// at the `(`; the name spans `start..name_end`.
    fn call(&mut self, start: usize, name_end: usize) -> Built<Expr> {
        self.i += 1;
        self.enter(start)?;
        self.ws()?;
        let mut args = SmallVec::new();
        let mut expand_final = false;
        let mut height = 0;
        if self.peek() != Some(b')') {
            loop {
                // (If no argument starts here, `args_end` is tried here.)
                self.note(self.i, ARGS_END);
                let (e, h) = self.closing_expr(b",)")?;
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
                    _ => {
                        self.note(self.i, ARGS_COMMA | ELLIPSIS);
                        break;
                    }
                }
            }
        }
        self.expect_rule(b')', ARGS_END)?;
        self.leave();
        let call = Call {
            name: Ident {
                name: self.src[start..name_end].into(),
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

    /// After `[` or `{` and whitespace: whether a `for` expression starts
    /// here. pest tries `for_tuple` before `tuple` (and `for_object` before
    /// `object`); once `for` and a name are read the constructor
    /// alternative cannot match either, so `for` then a name commits.
    fn starts_for(&mut self) -> Res<bool> {
        if !self.at_keyword("for") {
            self.note(self.i, OTHER); // kw_for
            return Ok(false);
        }
        let save = self.i;
        self.i += 3;
        self.ws()?;
        let commits = self.ident_start_at(self.i).is_some();
        if !commits {
            self.note(self.i, IDENT);
        }
        self.i = save;
        Ok(commits)
    }

    /// tuple = { "[" ~ (expr ~ (tuple_comma ~ expr)* ~ tuple_comma?)? ~ tuple_end },
    /// or for_tuple.
    fn tuple(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter(start)?;
        self.ws()?;
        if self.starts_for()? {
            return self.for_expr(start, false);
        }
        let mut items = Vec::new();
        let mut height = 0;
        if self.peek() != Some(b']') {
            loop {
                // (If no item starts here, `tuple_end` is tried here.)
                self.note(self.i, TUPLE_END);
                let (e, h) = self.closing_expr(b",]")?;
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
                    self.note(self.i, TUPLE_COMMA);
                    break;
                }
            }
        }
        self.expect_rule(b']', TUPLE_END)?;
        self.leave();
        wrap(ExprKind::Tuple(items), span(start, self.i), height + 1)
    }

    /// object = { "{" ~ (object_item ~ (object_comma? ~ object_item)* ~ object_comma?)? ~ object_end },
    /// or for_object. Items without a comma between them must be on
    /// different lines.
    fn object(&mut self) -> Built<Expr> {
        let start = self.i;
        self.i += 1;
        self.enter(start)?;
        self.ws()?;
        if self.starts_for()? {
            return self.for_expr(start, true);
        }
        let mut items: Vec<ObjectItem> = Vec::new();
        let mut height = 0;
        let mut comma = true;
        while self.peek() != Some(b'}') {
            let item_start = self.i;
            // (If no item starts here, `object_end` is tried here.)
            self.note(item_start, OBJECT_END);
            let separated = match items.last() {
                Some(prev) => {
                    let between = &self.b[prev.value.span.end as usize..item_start];
                    comma || memchr::memchr(b'\n', between).is_some()
                }
                None => true,
            };
            if !separated {
                let at = self.token(item_start);
                self.errors.push(missing_attribute_separator(at));
            }
            let before = self.far;
            let (item, h) = match self.object_item() {
                Ok(item) => item,
                Err(e) => {
                    // pest's `object_key` failing where it started
                    // replaces what its alternatives tried there.
                    if self.far.0 == item_start {
                        let kept = if before.0 == item_start { before.1 } else { 0 };
                        self.far.1 = kept | OTHER;
                    }
                    return Err(e);
                }
            };

            height = height.max(h);
            items.push(item);
            self.ws()?;
            comma = self.peek() == Some(b',');
            if comma {
                self.i += 1;
                self.ws()?;
            } else {
                self.note(self.i, OTHER); // object_comma
            }
        }
        self.i += 1;
        self.leave();
        wrap(ExprKind::Object(items), span(start, self.i), height + 1)
    }

    /// object_item = { object_key ~ kv_sep ~ expr }, object_key = { ident_key | expr },
    /// ident_key = { ident ~ &kv_sep }.
    fn object_item(&mut self) -> Built<ObjectItem> {
        let start = self.i;
        let mut height = 0;
        let key = match self.ident() {
            Some(name) => {
                let end = self.i;
                self.ws()?;
                if self.at_kv_sep() {
                    Some(ObjectKey::Ident(Ident {
                        name: name.into(),
                        span: span(start, end),
                    }))
                } else {
                    self.note(self.i, KV_SEP);
                    self.i = start;
                    None
                }
            }
            None => None,
        };
        let key = if let Some(k) = key {
            k
        } else {
            let (e, h) = self.expr()?;
            height = h;
            self.ws()?;
            ObjectKey::Expr(e)
        };
        if !self.at_kv_sep() {
            self.note(self.i, KV_SEP);
            return Err(Stop::GiveUp);
        }
        self.i += 1;
        self.ws()?;
        let (value, h) = self.closing_expr(b",}")?;
        Ok((
            ObjectItem {
                span: key.span().to(value.span),
                key,
                value,
            },
            height.max(h),
        ))
    }

    /// kv_sep = @{ "=" ~ !("=" | ">") | ":" }, here.
    fn at_kv_sep(&self) -> bool {
        match self.peek() {
            Some(b':') => true,
            Some(b'=') => !matches!(self.at(1), Some(b'=' | b'>')),
            _ => false,
        }
    }

    /// for_tuple = { "[" ~ for_intro ~ expr ~ for_cond? ~ tuple_end },
    /// for_object = { "{" ~ for_intro ~ expr ~ fat_arrow ~ expr ~ ellipsis? ~ for_cond? ~ object_end },
    /// for_intro = { kw_for ~ ident ~ ("," ~ ident)? ~ kw_in ~ expr ~ for_colon },
    /// at `for` (the bracket at `start` is read, and counted).
    fn for_expr(&mut self, start: usize, object: bool) -> Built<Expr> {
        self.i += 3;
        let (key_var, value_var) = self.for_names()?;
        self.ws()?;
        let (collection, mut height) = self.closing_expr(b":")?;
        self.ws()?;
        self.expect_rule(b':', FOR_COLON)?;
        self.ws()?;
        let (first, h) = self.expr()?;
        height = height.max(h);
        self.ws()?;
        let result = if object {
            if !self.b[self.i..].starts_with(b"=>") {
                self.note(self.i, FAT_ARROW);
                return Err(Stop::GiveUp);
            }
            self.i += 2;
            self.ws()?;
            let (value, h) = self.expr()?;
            height = height.max(h);
            self.ws()?;
            let grouping = self.b[self.i..].starts_with(b"...");
            if grouping {
                self.i += 3;
                self.ws()?;
            } else {
                self.note(self.i, ELLIPSIS);
            }
            ForResult::Object {
                key: first,
                value,
                grouping,
            }
        } else {
            ForResult::Tuple { value: first }
        };
        // for_cond = { kw_if ~ expr }
        let cond = if self.at_keyword("if") {
            self.i += 2;
            self.ws()?;
            let (c, h) = self.expr()?;
            height = height.max(h);
            self.ws()?;
            Some(c)
        } else {
            self.note(self.i, OTHER); // kw_if
            None
        };
        if object {
            self.expect_rule(b'}', OBJECT_END)?;
        } else {
            self.expect_rule(b']', TUPLE_END)?;
        }
        self.leave();
        let fe = ForExpr {
            key_var,
            value_var,
            collection,
            result,
            cond,
        };
        wrap(ExprKind::For(Box::new(fe)), span(start, self.i), height + 1)
    }

    /// quoted = ${ "\"" ~ (interpolation | directive | quoted_literal)* ~ quote_end }
    fn quoted(&mut self) -> Built<Expr> {
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
                    parts: Vec::new(),
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
            self.shape(items, span(start, self.i), false)?
        };
        let span = t.span;
        Ok((
            Expr {
                kind: ExprKind::Template(t),
                span,
            },
            height,
        ))
    }

    /// heredoc = ${ "<<" ~ heredoc_flush? ~ PUSH(heredoc_marker) ~ NEWLINE ~ heredoc_body ~ heredoc_close }.
    fn heredoc(&mut self) -> Built<Expr> {
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
        let items = self.template_items_until(Mode::Heredoc, marker)?;
        // heredoc_close = ${ (" " | "\t")* ~ POP ~ &(NEWLINE | EOI) }
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
        self.i += marker.len();
        self.leave();
        let at = span(start, self.i);
        let (t, height) = self.shape(items, at, flush)?;
        Ok((
            Expr {
                kind: ExprKind::Template(t),
                span: at,
            },
            height,
        ))
    }

    /// Whether the heredoc closes at `self.i`, at the start of a line:
    /// heredoc_close_line = _{ (" " | "\t")* ~ PEEK ~ &(NEWLINE | EOI) }.
    fn closes_heredoc(&self, marker: &[u8]) -> bool {
        let b = self.b;
        let mut j = self.i;
        while matches!(b.get(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        b[j..].starts_with(marker) && matches!(b.get(j + marker.len()), None | Some(b'\n' | b'\r'))
    }
}

/// A postfix operator as read, before splats capture their steps.
enum Post {
    /// An attribute, index or legacy index step, with its height.
    Simple(Step, u32),
    /// `.*`
    AttrSplat(Span),
    /// `[*]`
    FullSplat(Span),
}

/// Structures flat postfix operators into steps, as the pest builder
/// does: `.*` captures the attribute and legacy index steps right after
/// it, `[*]` every later step. The height is the deepest step's (0 for
/// plain attribute steps). Recursion is bounded by the splat count, which
/// the caller limits.
fn shape_steps(posts: &mut std::iter::Peekable<std::vec::IntoIter<Post>>) -> Built<Vec<Step>> {
    let mut steps = Vec::new();
    let mut height = 0;
    while let Some(post) = posts.next() {
        match post {
            Post::AttrSplat(marker) => {
                let mut each = Vec::new();
                let mut each_height = 0;
                let mut end = marker;
                loop {
                    match posts.peek() {
                        Some(Post::Simple(s, _))
                            if matches!(
                                s.kind,
                                StepKind::Attr(_) | StepKind::Index { legacy: true, .. }
                            ) =>
                        {
                            let Some(Post::Simple(s, h)) = posts.next() else {
                                unreachable!("peeked")
                            };
                            end = s.span;
                            each_height = each_height.max(h);
                            each.push(s);
                        }
                        // A nested `.*` (an error, reported while reading)
                        // is captured as pest's builder does.
                        Some(&Post::AttrSplat(at)) => {
                            posts.next();
                            end = at;
                        }
                        _ => break,
                    }
                }
                height = height.max(each_height + 1);
                steps.push(Step {
                    kind: StepKind::Splat {
                        kind: SplatKind::Attr,
                        each,
                    },
                    span: marker.to(end),
                });
            }
            Post::FullSplat(marker) => {
                let (each, each_height) = shape_steps(posts)?;
                let end = each.last().map_or(marker, |s| s.span);
                height = height.max(each_height + 1);
                steps.push(Step {
                    kind: StepKind::Splat {
                        kind: SplatKind::Full,
                        each,
                    },
                    span: marker.to(end),
                });
            }
            Post::Simple(s, h) => {
                height = height.max(h);
                steps.push(s);
            }
        }
    }
    Ok((steps, height))
}

/// Appends `step` to a traversal's steps. Past the one step held inline
/// (`aws_vpc.main.id`, `a.b[0].c`), room for four at once, as a vector's
/// first growth gives, rather than two and then four.
#[inline]
fn push_step(steps: &mut SmallVec<[Step; 1]>, step: Step) {
    if steps.len() == 1 {
        steps.reserve_exact(3);
    }
    steps.push(step);
}

/// The length of the run of ASCII name characters and dots that `rest`
/// starts with: where a plain reference there would end.
#[inline]
fn names_and_dots(rest: &[u8]) -> usize {
    rest.iter()
        .position(|&c| !(ident::CONTINUE_ASCII[usize::from(c)] || c == b'.'))
        .unwrap_or(rest.len())
}

/// Where the name at `at` ends (at a dot, or at `end`), in a run of
/// ASCII name characters and dots; `None` if no name starts at `at`.
#[inline]
fn end_of_name(b: &[u8], at: usize, end: usize) -> Option<usize> {
    if !b.get(at).copied().is_some_and(ident::is_start_byte) {
        return None;
    }
    Some(
        b[at..end]
            .iter()
            .position(|&c| c == b'.')
            .map_or(end, |k| at + k),
    )
}

/// Whether a term read up to `after` (the rest of the input) is whole:
/// after spaces comes the end, or a byte that starts no postfix (`.`,
/// `[`), call (`(`), namespaced name (`::`), comment or newline (which
/// whitespace could take, to find a postfix beyond) and no character
/// outside ASCII (which could be whitespace to the grammar or go on a
/// name).
#[inline]
fn ends_term(after: &[u8]) -> bool {
    match after_spaces(after) {
        [] => true,
        [b'.' | b'[' | b'(' | b'#' | b'\n' | b'\r' | 0x80.., ..] => false,
        [b'/', next, ..] => !matches!(next, b'/' | b'*'),
        [b':', next, ..] => *next != b':',
        _ => true,
    }
}

/// `s` past its leading spaces and tabs (the whitespace a look ahead may
/// skip without reading a comment or a line end).
#[inline]
fn after_spaces(s: &[u8]) -> &[u8] {
    let n = s
        .iter()
        .position(|&c| c != b' ' && c != b'\t')
        .unwrap_or(s.len());
    &s[n..]
}

/// A bracketed node of height `height`.
fn wrap(kind: ExprKind, span: Span, height: u32) -> Built<Expr> {
    check(height, Span::new(span.start, span.start + 1))?;
    Ok((Expr { kind, span }, height))
}

#[cold]
/// `at` is the whole `.*`; HCL blames its `*`.
fn nested_splat(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Nested splat expression not allowed",
        "A splat expression (*) cannot be used inside another attribute-only splat expression.",
        Span::new(at.end - 1, at.end),
    )
}

/// `.1.2` or `.1e5`: read as a number, refused as an index.
#[cold]
fn invalid_legacy_index(text: &str, at: Span) -> SyntaxError {
    let detail = if text.contains('.') {
        format!(
            "When using the legacy index syntax, chaining two indexes together is not \
             permitted. Use the proper index syntax instead, like [{}].",
            text.replace('.', "][")
        )
    } else {
        "A legacy index (`.0`) must be a whole number. Use the index syntax `[...]` instead."
            .to_string()
    };
    SyntaxError::new("Invalid legacy index syntax", detail, at)
}

#[cold]
fn missing_attribute_separator(at: Span) -> SyntaxError {
    SyntaxError::new(
        "Missing attribute separator",
        "Expected a newline or comma to mark the beginning of the next attribute.",
        at,
    )
}
