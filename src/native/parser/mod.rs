//! The hand-written parser of native templates and expressions: recursive
//! descent over bytes, one pass, building the tree directly. It follows
//! the pest grammar (`oracle/grammar.pest`) rule by rule, and the property
//! tests in `oracle/` hold it to that grammar's parser: same acceptance,
//! same tree, same diagnostics. The grammar is normative for what is
//! accepted; this parser for nesting depth (refused past [`MAX_DEPTH`] as
//! soon as the nesting read proves it) and for the cost of every outcome.
//!
//! This file holds the entry points and the parser's state; the grammar's
//! parts are read in `lex.rs` (tokens), `template.rs`, `expr.rs` and
//! `traversal.rs`. Errors are recorded as pest records them (the farthest
//! position a rule failed at, and the rules that failed there, noted on
//! failure paths only), and `diagnose.rs` words them; errors that do not
//! stop the parse are collected and reported together. Tree shaping both
//! parsers share (precedence, strip markers, heredoc indentation) is
//! `shape.rs`'s. Spans are byte offsets in the text given, so a caller
//! parsing an expression embedded in a larger file maps them to its own
//! positions.

mod expr;
mod lex;
#[cfg(test)]
mod rule_tests;
mod template;
mod traversal;

use crate::native::ast::{Expr, Template, TemplatePart};
use crate::native::diagnose::{
    self,
    expected::{AT_NEWLINE, EOI, OTHER},
    missing_attribute_separator, Expected, SEPARATOR_SUMMARY,
};
use crate::native::scan::{self, Start};
use crate::native::shape::Item;
use crate::native::{layout, tokens, too_deep, Span, SyntaxError, MAX_DEPTH};

pub(crate) use lex::line_comment_end;
use template::Mode;

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
    #[inline]
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
            Err(Stop::GiveUp) => Outcome::Invalid(p.give_up(start)),
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
#[inline]
pub(crate) fn parse_template(src: &str) -> Outcome<Template> {
    if src.len() > u32::MAX as usize {
        return Outcome::Invalid(vec![too_large()]);
    }
    let mut p = P::new(src);
    let run = |p: &mut P<'_>| -> Res<Template> {
        let whole = span(0, src.len());
        let items = if src.as_bytes().starts_with(b"${") {
            // Most templates of real files are one interpolation and
            // nothing else: read it first, and if it is the whole text,
            // it is the template (see `P::shape`) without an item buffer.
            match p.interpolation(0)? {
                Item::Interp {
                    expr,
                    height,
                    span: at,
                    ..
                } if p.i == src.len() => {
                    check(height + 1, whole)?;
                    let parts = smallvec::smallvec![TemplatePart::Interpolation { expr, span: at }];
                    return Ok(Template { parts, span: whole });
                }
                first => {
                    let mut items = template::spare_items::take();
                    items.push(first);
                    p.template_items_until(Mode::Root, &[], items)?
                }
            }
        } else {
            p.template_items(Mode::Root)?
        };
        let (t, _) = p.shape(items, whole, span(src.len(), src.len()), false)?;
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
        p.ws();
        let (e, _) = p.expr()?;
        p.ws();
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
        p.ws();
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
    /// (Made on the first failure: valid input, nearly all of it, never
    /// pays for the key.)
    failed_terms: Option<std::collections::HashMap<usize, u32, foldhash::fast::RandomState>>,
    /// The deepest nesting reached so far (for the memo above).
    peak: u32,
    /// Terms started, a measure of work that tests hold to the input's
    /// length (counted in test builds only).
    #[cfg(test)]
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
    /// The missing separator before an object item that follows the item
    /// before it with no comma or newline, when nothing read so far had
    /// failed past it: there the item before ended as it does for HCL's
    /// parser, which stops and reports the separator (see
    /// [`give_up`](Self::give_up)). The index of that error in `errors`
    /// and the item's start; a choice that read it and backtracked keeps
    /// it (see [`attempt`](Self::attempt)).
    separator_stop: Option<(usize, usize)>,
    /// A comma after the newline that ended an object's item, when nothing
    /// read so far had failed past it: HCL's parser reads the next key
    /// there, and stops ("Invalid expression"). A parse that succeeds
    /// reports it from the object's layout; one that gives up, here (see
    /// [`give_up`](Self::give_up)).
    comma_stop: Option<Span>,
    /// A lexer reports invalid characters (see [`parse_expression_lexed`]).
    lexed: bool,
    /// The last run of ASCII name characters and dots measured (see
    /// [`NameRun`]): the look aheads for a plain reference and the descent
    /// that follows when there is none start at the same byte, and read
    /// the run once between them.
    run: NameRun,
    /// Whether the expression being read is at an object constructor's
    /// own level, where HCL's parser reads newlines as tokens: there a
    /// newline before an operator, a `?`, a step or a call's `(` ends the
    /// expression (`{a = true\n(k) = 1}` is two items), where inside
    /// brackets the expression goes on. (A newline where the expression
    /// cannot end, after an operator or `=`, is checked on the built
    /// items, in `layout.rs`.)
    object_level: bool,
}

/// A run of ASCII name characters and dots from `start` (`var.region`,
/// `replace`, `aws_vpc.main.id` before its `[0]`), as the look aheads of
/// `traversal.rs` measure it: `name_end` is where its first name stops
/// (at a dot, or at `end`).
#[derive(Clone, Copy)]
struct NameRun {
    start: usize,
    name_end: usize,
    end: usize,
}

/// Whether `b[from..to]` holds a newline as HCL's parser sees one (out of
/// line: the parser's hot paths ask only at an object's own level).
#[inline(never)]
fn has_newline(b: &[u8], from: usize, to: usize) -> bool {
    tokens::newline_in(b, from, to).is_some()
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

impl<'s> P<'s> {
    fn new(src: &'s str) -> Self {
        P {
            src,
            b: src.as_bytes(),
            i: 0,
            depth: 0,
            failed_terms: None,
            peak: 0,
            #[cfg(test)]
            steps: 0,
            far: (0, 0),
            errors: Vec::new(),
            separator_stop: None,
            comma_stop: None,
            lexed: false,
            run: NameRun {
                start: usize::MAX,
                name_end: 0,
                end: 0,
            },
            object_level: false,
        }
    }

    /// Whether a newline ends the expression at the blanks read since
    /// `from`: at an object's own level, one is among them (as HCL's
    /// parser sees one: a line comment with its newline).
    #[inline]
    fn newline_since(&self, from: usize) -> bool {
        self.newline_between(from, self.i)
    }

    /// [`newline_since`](Self::newline_since) for the blanks `from..to`.
    #[inline]
    fn newline_between(&self, from: usize, to: usize) -> bool {
        self.object_level && to > from && has_newline(self.b, from, to)
    }

    /// Runs `read` at an object's own level (`object`) or inside brackets,
    /// where newlines are free (see `object_level`), and restores the
    /// level it was called at.
    #[inline]
    fn at_level<T>(&mut self, object: bool, read: impl FnOnce(&mut Self) -> T) -> T {
        let outer = std::mem::replace(&mut self.object_level, object);
        let result = read(self);
        self.object_level = outer;
        result
    }

    /// One term started (see `steps`).
    #[inline]
    fn count_term(&mut self) {
        #[cfg(test)]
        {
            self.steps += 1;
        }
    }

    /// Rules `set` failed here, after the blanks since `from`: when those
    /// hold a newline at an object's own level, the failure is marked
    /// [`AT_NEWLINE`], where HCL's parser (newlines significant there)
    /// stops and which `diagnose` blames.
    fn fail_after(&mut self, from: usize, set: Expected) -> Stop {
        let at_newline = if self.newline_between(from, self.i) {
            AT_NEWLINE
        } else {
            0
        };
        self.note(self.i, set | at_newline);
        Stop::GiveUp
    }

    /// Rules `set` failed at `pos`: kept if that is the farthest so far.
    fn note(&mut self, pos: usize, set: Expected) {
        if pos > self.far.0 {
            self.far = (pos, set);
        } else if pos == self.far.0 {
            self.far.1 |= set;
        }
    }

    /// The errors of a parse that gave up: where HCL's parser stopped
    /// reading an object, the first of a missing separator before an item
    /// (it reads no such item, so what the item held is never diagnosed)
    /// and a comma after the newline that ended one; else what failed at
    /// the farthest position reached (then what HCL also reports there: a
    /// `for` object's missing key, the steps after a dot).
    #[cold]
    fn give_up(mut self, start: Start) -> Vec<SyntaxError> {
        let far = self.far.0;
        let comma = self.comma_stop.filter(|s| s.start as usize <= far);
        let separator = self
            .separator_stop()
            .filter(|&k| self.errors[k].span.start as usize <= far);
        match (separator, comma) {
            (Some(k), comma) if comma.is_none_or(|c| self.errors[k].span.start < c.start) => {
                vec![self.errors.swap_remove(k)]
            }
            (_, Some(comma)) => vec![layout::invalid_expression(comma)],
            _ => {
                let first = self.diagnose(start);
                let also = diagnose::after_failure(self.src, self.far.0, self.far.1, &first);
                let after_dot = diagnose::steps_after_stray_dot(self.src, &first);
                std::iter::once(first)
                    .chain(also)
                    .chain(after_dot)
                    .collect()
            }
        }
    }

    /// The index of the error [`separator_stop`](Self::separator_stop)
    /// names, if `errors` still holds it there.
    fn separator_stop(&self) -> Option<usize> {
        let (k, at) = self.separator_stop?;
        let e = self.errors.get(k)?;
        (e.summary == SEPARATOR_SUMMARY && e.span.start as usize == at).then_some(k)
    }

    /// Records the comma at `at` after the newline that ended an object's
    /// item (see [`comma_stop`](Self::comma_stop)).
    #[cold]
    fn comma_after_newline(&mut self, at: usize) {
        if self.far.0 <= at && self.comma_stop.is_none() {
            self.comma_stop = Some(self.token(at));
        }
    }

    /// Records the missing separator before the object item at `at`
    /// (see [`separator_stop`](Self::separator_stop)).
    #[cold]
    fn missing_separator(&mut self, at: usize) {
        let clean = self.far.0 <= at && at < self.b.len();
        self.errors
            .push(missing_attribute_separator(self.token(at)));
        if clean && self.separator_stop().is_none() {
            self.separator_stop = Some((self.errors.len() - 1, at));
        }
    }

    /// The error of a parse that gave up, from the farthest position it
    /// reached.
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
    /// The errors `f` recorded go, but for the missing separator where HCL's
    /// parser, which does not backtrack, stops (a call's argument `f({a = 1
    /// b})` fails, and `f` alone is no way on).
    fn attempt<T>(&mut self, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<Option<T>> {
        let (i, depth, errors) = (self.i, self.depth, self.errors.len());
        match f(self) {
            Ok(v) => Ok(Some(v)),
            Err(Stop::GiveUp) => {
                self.i = i;
                self.depth = depth;
                let stop = self.separator_stop().filter(|&k| k >= errors);
                let kept = stop.map(|k| self.errors.swap_remove(k));
                self.errors.truncate(errors);
                if let Some(e) = kept {
                    let at = e.span.start as usize;
                    self.errors.push(e);
                    self.separator_stop = Some((self.errors.len() - 1, at));
                }
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
        tokens::token_at(self.src, at)
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
}
