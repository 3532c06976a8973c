//! A template's tree reused for another text of the same form. Generated
//! files write one template per block that differs from block to block
//! only in a quoted string, a name or a number (`${contains(var.enabled,
//! "s3") ? 1 : 0}`, then the same with `"ec2"`). Two texts that differ
//! only in such *holes* parse to trees that differ only in the holes' text
//! and in the spans after them, so the second needs no parse: the first's
//! tree, its holes' text replaced in place ([`retext`]), evaluates to the
//! second's value. Its spans stay the first's; the template cache
//! (`json/template_cache.rs`) keeps a tree per form, and gives a text whose
//! evaluation reports anything a parse of its own, for its diagnostics.
//!
//! The scan of a text finds its holes in one pass, without parsing it. A
//! hole is a place where every content of its kind gives the same tokens
//! around it, so texts whose text outside the holes is equal, with holes
//! of the same kinds, have trees of one shape:
//! - a quoted string of plain text (printable ASCII, no `\`, `$` or `%`);
//! - a name after a `.` (`var.tags`' `tags`: ASCII letters, digits, `_`
//!   and `-`, starting with a letter or `_`);
//! - a whole number of digits only (`42`, not `1.5` or `2e3`);
//! - a run of plain template text between sequences (printable ASCII
//!   without `$ % { } ~ \`, neither starting nor ending with a space).
//!
//! A quoted string with sequences of its own (`"${s}-0"` in a `for`) is
//! a template like the text's, its plain runs of text holes alike; one
//! with escapes (`"a\"b"`) is fixed text, as are the template escapes
//! `$${` and `%%{`.
//!
//! Whatever the scan cannot place for sure (comments, heredocs,
//! characters outside ASCII in an expression, quoted templates nested
//! past [`MAX_NESTING`]) makes the text formless: it is then parsed as
//! any other. So do a reference alone (`${aws_iam_role.main.arn}`, which
//! the parser reads in one step for less than a form costs), line breaks
//! in the text and a length past [`MAX_TEXT`] (the long one-off
//! templates, policy documents).
//!
//! A text of a form already known needs no scan: [`Form::matched`] reads
//! it along that form's holes, comparing the text between them.
//!
//! A JSON string's template is scanned as written ([`Form::of_written`]),
//! its quotes and backslashes escaped (`\"`, `\\`; any other JSON escape
//! makes it formless): a text of a form kept already is then evaluated
//! without being decoded at all.

use std::hash::{BuildHasher, Hasher};

use smallvec::SmallVec;

use super::ast::{Expr, ExprKind, ForResult, ObjectKey, Step, StepKind, Template, TemplatePart};
use super::ident::{is_start_byte, CONTINUE_ASCII};
use super::Span;

/// The most holes a form has: a text's later places of hole kinds stay in
/// its form's fixed text.
const MAX_HOLES: usize = 32;
/// The longest text that has a form: longer templates (a policy document
/// with references) are seldom written twice in one form, and the scan
/// would cost them for nothing.
const MAX_TEXT: usize = 1024;
/// The most quoted templates nested in sequences of one another that a
/// scan reads into (`${f("${g("${x}")}")}` has two); deeper, a text is
/// formless.
const MAX_NESTING: usize = 4;

/// The holes of a template text, in order, with their kinds.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Form {
    holes: Holes,
}

impl Form {
    /// The form of template text `text`, if it has any hole and the scan
    /// can place every part of it. (The decode scans texts as written,
    /// [`Form::of_written`]; the tests hold that scan to this one.)
    #[cfg(test)]
    pub(crate) fn of(text: &str) -> Option<Form> {
        Form::scan::<false>(text.as_bytes())
    }

    /// The form of a template text as a JSON string writes it (`written`,
    /// its escapes undecoded), so that a text of a form kept already needs
    /// no decoding. Its only escapes may be the `\"` around quoted strings
    /// (a template's `${contains(var.a, \"s3\")}`) and, inside them, the
    /// `\\` and `\"` of their own escapes (`\"a\\\"b\"`, the string
    /// `"a\"b"`); any other escape makes it formless. Its holes are those
    /// of the decoded text, at the written text's offsets
    /// ([`Form::decoded`] moves them).
    #[inline(never)]
    pub(crate) fn of_written(written: &str) -> Option<Form> {
        Form::scan::<true>(written.as_bytes())
    }

    /// The holes of a text of this form as written (see
    /// [`Form::of_written`]), at the offsets of the decoded text: each
    /// escape before a hole (a `\"` or `\\`, one byte shorter decoded)
    /// moves it back one byte.
    pub(crate) fn decoded(&self, written: &str) -> Form {
        let b = written.as_bytes();
        let (mut at, mut escapes) = (0, 0);
        let spans = self
            .holes
            .iter()
            .map(|hole| {
                // (An escape is two bytes, and ends before a hole: a hole
                // holds no `\`.)
                while let Some(k) = memchr::memchr(b'\\', &b[at..hole.start as usize]) {
                    escapes += 1;
                    at += k + 2;
                }
                at = hole.start as usize;
                Span::new(hole.start - escapes, hole.end - escapes)
            })
            .collect();
        Form {
            holes: Holes {
                spans,
                kinds: self.holes.kinds,
            },
        }
    }

    /// The scan of a decoded text, or with `WRITTEN` of one as written
    /// ([`Form::of_written`]).
    fn scan<const WRITTEN: bool>(b: &[u8]) -> Option<Form> {
        if b.len() > MAX_TEXT {
            return None;
        }
        let mut holes = Holes::default();
        // One reference and nothing else (`${aws_iam_role.main.arn}`): the
        // parser reads it in one step, for less than a form would cost.
        if let Some(inner) = b.strip_prefix(b"${").and_then(|r| r.strip_suffix(b"}")) {
            if skip(inner, 0, &REFERENCE) == inner.len() {
                return None;
            }
        }
        let mut i = 0;
        while i < b.len() {
            i = text_run::<WRITTEN>(b, i, &mut holes)?;
            if i < b.len() {
                i = sequence::<WRITTEN>(b, i + 2, &mut holes, 0)?; // past `${` or `%{`
            }
        }
        (!holes.is_empty()).then_some(Form { holes })
    }

    /// The hash of `text`'s fixed text (`text` of this form), by `state`:
    /// equal for texts of one form.
    pub(crate) fn hash(&self, state: &impl BuildHasher, text: &str) -> u64 {
        let b = text.as_bytes();
        let mut h = state.build_hasher();
        let mut at = 0;
        for (hole, kind) in self.holes.iter().zip(self.holes.kinds()) {
            h.write(&b[at..hole.start as usize]);
            // The hole's kind, as a byte that no UTF-8 text has (0xF8 and
            // up): the pieces cannot run into each other.
            h.write_u8(0xF8 | kind as u8);
            at = hole.end as usize;
        }
        h.write(&b[at..]);
        h.finish()
    }

    /// Whether `text` of this form and `other_text` of form `other` are of
    /// one form: holes of the same kinds, the same text outside them.
    pub(crate) fn same(&self, text: &str, other: &Form, other_text: &str) -> bool {
        // (Equal text around holes of other kinds is another form: `v.a`
        // is an attribute step, `v.0` an index.)
        if self.holes.kinds != other.holes.kinds || self.holes.len() != other.holes.len() {
            return false;
        }
        let (a, b) = (text.as_bytes(), other_text.as_bytes());
        let (mut at_a, mut at_b) = (0, 0);
        for (ha, hb) in self.holes.iter().zip(other.holes.iter()) {
            if a[at_a..ha.start as usize] != b[at_b..hb.start as usize] {
                return false;
            }
            (at_a, at_b) = (ha.end as usize, hb.end as usize);
        }
        a[at_a..] == b[at_b..]
    }

    /// The form of `new` when it is a text of this form, `text`'s (both
    /// as written, or both decoded): equal to `text` outside the holes,
    /// each hole's content one of its kind. That is what the scan of `new`
    /// finds then (a form [`same`](Form::same) as this one), read along
    /// the holes instead of byte by byte; `None` otherwise, when the scan
    /// may still find `new` a form of its own.
    pub(crate) fn matched(&self, text: &str, new: &str) -> Option<Form> {
        if new.len() > MAX_TEXT {
            return None;
        }
        let (a, b) = (text.as_bytes(), new.as_bytes());
        let (mut at_a, mut at_b) = (0, 0);
        let mut holes = Holes::default();
        for (h, kind) in self.holes.iter().zip(self.holes.kinds()) {
            let start = at_b + (h.start as usize - at_a);
            // The fixed text and the hole's content compared at once: the
            // same content followed by the same byte is a hole of this kind
            // as `text`'s is (most holes of a generated file's form keep
            // theirs). Else the fixed text alone, and the content read.
            let len = h.end as usize - at_a;
            let end = if b.get(at_b..at_b + len) == Some(&a[at_a..h.end as usize])
                && b.get(at_b + len) == a.get(h.end as usize)
            {
                at_b + len
            } else {
                if b.get(at_b..start)? != &a[at_a..h.start as usize] {
                    return None;
                }
                kind.read(b, start)?
            };
            hole(&mut holes, (start, end), kind);
            (at_a, at_b) = (h.end as usize, end);
        }
        (a[at_a..] == b[at_b..]).then_some(Form { holes })
    }

    /// Where the text before the first hole ends.
    pub(crate) fn fixed_start(&self) -> usize {
        self.holes.first().map_or(0, |h| h.start as usize)
    }
}

/// A text's holes, in order, and their kinds: the first eight inline (a
/// generated template has a few), the kinds three bits each (of
/// [`MAX_HOLES`], 96 bits). Read as the slice of their spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Holes {
    spans: SmallVec<[Span; 8]>,
    kinds: u128,
}

impl Holes {
    /// The kind of each hole, in order.
    fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..self.spans.len()).map(|i| Kind::ALL[(self.kinds >> (3 * i)) as usize & 7])
    }
}

impl std::ops::Deref for Holes {
    type Target = [Span];

    fn deref(&self) -> &[Span] {
        &self.spans
    }
}

/// What a hole holds: what a text of its form may have in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Kind {
    /// A plain quoted string's content.
    Quoted,
    /// A name after a dot.
    Name,
    /// A whole number.
    Digits,
    /// A plain run of the text's template text.
    Text,
    /// A plain run of a quoted template's text.
    QuotedText,
}

impl Kind {
    /// Every kind, at its own number.
    const ALL: [Kind; 5] = [
        Kind::Quoted,
        Kind::Name,
        Kind::Digits,
        Kind::Text,
        Kind::QuotedText,
    ];

    /// Where the content of a hole of this kind at `start` of `b` ends,
    /// read as the scan reads it (the longest run of its bytes, and the
    /// same checks), if there is one.
    fn read(self, b: &[u8], start: usize) -> Option<usize> {
        let end = match self {
            Kind::Quoted => skip(b, start, &PLAIN_QUOTED),
            Kind::Name => {
                if !b.get(start).is_some_and(|&c| is_start_byte(c)) {
                    return None;
                }
                skip(b, start + 1, &CONTINUE)
            }
            // (The byte after a run is the next fixed text's first, which
            // the caller compares: a number's run ends where the scan's
            // does, before no letter, digit or dot.)
            Kind::Digits => skip(b, start, &DIGIT),
            Kind::Text | Kind::QuotedText => {
                let table = if self == Kind::Text {
                    &PLAIN_TEXT
                } else {
                    &PLAIN_QUOTED_TEXT
                };
                let end = skip(b, start, table);
                return is_text_hole(&b[start..end]).then_some(end);
            }
        };
        (end > start).then_some(end)
    }
}

/// Notes the hole `start..end` of `kind`, unless the text has
/// [`MAX_HOLES`] already (the rest of it then stays fixed text).
#[inline]
fn hole(holes: &mut Holes, (start, end): (usize, usize), kind: Kind) {
    if holes.spans.len() < MAX_HOLES {
        holes.kinds |= (kind as u128) << (3 * holes.spans.len());
        holes.spans.push(Span::new(start as u32, end as u32));
    }
}

/// A table of the bytes of ASCII `0x20..0x7F` but `except`.
const fn printable_but(except: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut c = 0x20;
    while c < 0x7F {
        table[c] = true;
        c += 1;
    }
    let mut k = 0;
    while k < except.len() {
        table[except[k] as usize] = false;
        k += 1;
    }
    table
}

// (Statics, not constants: a constant table indexed at run time can be
// copied to the stack at each use.)
/// The bytes of a plain run of template text.
static PLAIN_TEXT: [bool; 256] = printable_but(b"$%{}~\\");
/// The bytes of a plain quoted string's content.
static PLAIN_QUOTED: [bool; 256] = printable_but(b"\"\\$%");
/// The bytes of a plain run of a quoted template's text: both of the
/// above.
static PLAIN_QUOTED_TEXT: [bool; 256] = printable_but(b"\"\\$%{}~");
/// The bytes that continue a name.
static CONTINUE: [bool; 256] = CONTINUE_ASCII;
/// The digits.
static DIGIT: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = b'0';
    while c <= b'9' {
        table[c as usize] = true;
        c += 1;
    }
    table
};
/// The bytes of a reference: names, dots, brackets, digits, splats.
static REFERENCE: [bool; 256] = {
    let mut table = CONTINUE_ASCII;
    table[b'.' as usize] = true;
    table[b'[' as usize] = true;
    table[b']' as usize] = true;
    table[b'*' as usize] = true;
    table
};
/// The dots.
static DOT: [bool; 256] = {
    let mut table = [false; 256];
    table[b'.' as usize] = true;
    table
};
/// The bytes read on after a number's first digit.
static NUMBER: [bool; 256] = {
    let mut table = CONTINUE_ASCII;
    table[b'.' as usize] = true;
    table
};

/// Where the run of bytes in `table` from `i` ends.
#[inline]
fn skip(b: &[u8], mut i: usize, table: &[bool; 256]) -> usize {
    while i < b.len() && table[b[i] as usize] {
        i += 1;
    }
    i
}

/// Template text from `i` up to the next `${` or `%{` (where it returns)
/// or the end; a hole if plain. An escape (`$${`, `%%{`) is fixed text.
/// `None` at a control character (text of several lines); `WRITTEN`, at
/// a JSON escape.
fn text_run<const WRITTEN: bool>(b: &[u8], mut i: usize, holes: &mut Holes) -> Option<usize> {
    let start = i;
    let mut plain = true;
    loop {
        i = skip(b, i, &PLAIN_TEXT);
        let Some(&c) = b.get(i) else { break };
        if c < 0x20 || (WRITTEN && c == b'\\') {
            // A line break (text of several lines), or an escape in text.
            return None;
        }
        if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
            break;
        }
        plain = false;
        i += template_escape(b, i).unwrap_or(1);
    }
    text_hole(holes, b, (start, i), (plain, Kind::Text));
    Some(i)
}

/// The length of the template escape (`$${` or `%%{`) at `i`, if one is
/// there: its three bytes are read as one, so that its `{` starts nothing.
#[inline]
fn template_escape(b: &[u8], i: usize) -> Option<usize> {
    let c = b[i];
    ((c == b'$' || c == b'%') && b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{'))
        .then_some(3)
}

/// Notes the run of template text `start..end` as a hole of `kind` when
/// it is plain (`plain`: every byte of it in the table of `kind`'s
/// contents, as [`Kind::read`] reads them) and [`is_text_hole`].
fn text_hole(
    holes: &mut Holes,
    b: &[u8],
    (start, end): (usize, usize),
    (plain, kind): (bool, Kind),
) {
    if plain && is_text_hole(&b[start..end]) {
        hole(holes, (start, end), kind);
    }
}

/// Whether a plain run of template text is a hole: not empty, and neither
/// starting nor ending with a space (which a strip marker next to it
/// would take off).
fn is_text_hole(run: &[u8]) -> bool {
    run.first().is_some_and(|&c| c != b' ') && run.last().is_some_and(|&c| c != b' ')
}

/// What [`sequence`] does at a byte of an expression.
#[derive(Clone, Copy)]
enum Class {
    /// Reads past it: spaces, line breaks, operators, brackets, commas.
    Pass,
    /// Starts a name: an ASCII letter or `_`.
    Name,
    /// Starts a number.
    Digit,
    /// `.`: an attribute step when a name follows it alone.
    Dot,
    /// Starts a quoted string.
    Quote,
    /// `{`, which a `}` closes before the sequence's own.
    Open,
    /// `}`.
    Close,
    /// `/` and `<`: a comment or a heredoc when doubled (`//`, `/*`, `<<`).
    Twice,
    /// What the scan leaves to the parser: `#` comments, `\`, nested
    /// sequences' `$` and `%` (and the `%` operator), bytes outside ASCII.
    Stop,
}

/// The [`Class`] of each byte.
static SEQUENCE: [Class; 256] = {
    let mut table = [Class::Stop; 256];
    let mut c = 0;
    while c < 0x80 {
        table[c] = match c as u8 {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Class::Name,
            b'0'..=b'9' => Class::Digit,
            b'.' => Class::Dot,
            b'"' => Class::Quote,
            b'{' => Class::Open,
            b'}' => Class::Close,
            b'/' | b'<' => Class::Twice,
            b'#' | b'\\' | b'$' | b'%' => Class::Stop,
            _ => Class::Pass,
        };
        c += 1;
    }
    table
};

/// The inside of a `${ ... }` or `%{ ... }` sequence from `i`, up to past
/// its closing `}`; `WRITTEN`, its quotes written `\"`. `nesting`: how
/// many quoted templates it is in.
fn sequence<const WRITTEN: bool>(
    b: &[u8],
    mut i: usize,
    holes: &mut Holes,
    nesting: usize,
) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        let c = *b.get(i)?;
        match SEQUENCE[usize::from(c)] {
            Class::Pass => i += 1,
            // A name not after a dot (`-` before a name is an operator;
            // inside one it is read with the name).
            Class::Name => i = skip(b, i + 1, &CONTINUE),
            // A number with the letters, digits and dots that follow it
            // (`1.5e3`, `1.e5`): a hole when it is digits only.
            Class::Digit => {
                let digits = skip(b, i + 1, &DIGIT);
                let start = i;
                i = skip(b, digits, &NUMBER);
                // An exponent's sign and digits (`1e+3`) are the number's.
                while matches!(b[i - 1], b'e' | b'E') && matches!(b.get(i), Some(b'+' | b'-')) {
                    i = skip(b, i + 1, &NUMBER);
                }
                if i == digits {
                    hole(holes, (start, i), Kind::Digits);
                }
            }
            Class::Dot => match b.get(i + 1) {
                // The name of an attribute step.
                Some(&c) if is_start_byte(c) => {
                    let end = skip(b, i + 2, &CONTINUE);
                    hole(holes, (i + 1, end), Kind::Name);
                    i = end;
                }
                // An ellipsis: the keyword after it (`...if`) is no step's.
                Some(b'.') => i = skip(b, i, &DOT),
                _ => i += 1,
            },
            Class::Quote if WRITTEN => return None, // (not in a JSON string)
            Class::Quote => i = quoted::<false>(b, i + 1, holes, nesting)?,
            Class::Stop if WRITTEN && c == b'\\' && b.get(i + 1) == Some(&b'"') => {
                i = quoted::<true>(b, i + 2, holes, nesting)?;
            }
            Class::Open => {
                depth += 1;
                i += 1;
            }
            Class::Close if depth == 0 => return Some(i + 1),
            Class::Close => {
                depth -= 1;
                i += 1;
            }
            Class::Twice => match b.get(i + 1) {
                Some(&next) if next == c || (c == b'/' && next == b'*') => return None,
                _ => i += 1,
            },
            Class::Stop => return None,
        }
    }
}

/// A quoted string's content from `i` to past its closing quote
/// (`WRITTEN`, its `\"`). A plain string alone is a hole; with
/// sequences (`"${s}-0"`), it is a template whose plain runs of text are
/// holes as the text's own are. An escape (`\"`, `\n`, `$${`) is fixed
/// text: HCL's `\` and the character after it, which `WRITTEN` reads as
/// JSON writes them (`\\`, then `\"`, `\\` or a plain character).
fn quoted<const WRITTEN: bool>(
    b: &[u8],
    mut i: usize,
    holes: &mut Holes,
    nesting: usize,
) -> Option<usize> {
    let mut start = i;
    let mut plain = true;
    let mut template = false;
    loop {
        i = skip(b, i, &PLAIN_QUOTED);
        match *b.get(i)? {
            b'"' if !WRITTEN => break,
            b'\\' if WRITTEN && b.get(i + 1) == Some(&b'"') => break,
            b'\\' => i = escape::<WRITTEN>(b, i)?,
            b'"' => return None,
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                if nesting == MAX_NESTING {
                    return None;
                }
                quoted_text_hole(holes, b, (start, i), plain);
                i = sequence::<WRITTEN>(b, i + 2, holes, nesting + 1)?;
                (start, plain, template) = (i, true, true);
                continue;
            }
            _ => i += template_escape(b, i).unwrap_or(1),
        }
        plain = false;
    }
    if template {
        quoted_text_hole(holes, b, (start, i), plain);
    } else if plain && i > start {
        hole(holes, (start, i), Kind::Quoted);
    }
    Some(i + if WRITTEN { 2 } else { 1 })
}

/// Notes a run of a quoted template's text as a hole, when it is plain
/// quoted text (`plain`) that is also plain template text (no `{`, `}` or
/// `~`, which [`PLAIN_QUOTED`] allows): all of it [`PLAIN_QUOTED_TEXT`].
fn quoted_text_hole(holes: &mut Holes, b: &[u8], (start, end): (usize, usize), plain: bool) {
    let text = plain && b[start..end].iter().all(|&c| PLAIN_TEXT[usize::from(c)]);
    text_hole(holes, b, (start, end), (text, Kind::QuotedText));
}

/// Past the escape at `b[i]`, a `\` in a quoted string: HCL's escape is
/// the `\` and the character after it. `WRITTEN`, that `\` is written
/// `\\` and the character may be written `\"` or `\\` (other JSON
/// escapes make the text formless).
#[inline]
fn escape<const WRITTEN: bool>(b: &[u8], i: usize) -> Option<usize> {
    if !WRITTEN {
        return b.get(i + 1).map(|_| i + 2);
    }
    if b.get(i + 1) != Some(&b'\\') {
        return None; // (`\"` ends the string: the caller's)
    }
    match *b.get(i + 2)? {
        b'\\' => matches!(b.get(i + 3), Some(b'"' | b'\\')).then_some(i + 4),
        _ => Some(i + 3),
    }
}

/// Makes `tree`, parsed from a text whose holes are `from` (at its own
/// offsets, which the tree's spans are), the tree of `text`, whose holes
/// are `form` (of the same form: as many, in order), for evaluation: each
/// hole's text replaced, in place. Its spans stay those of the text it
/// was parsed from: an evaluation's values hold none, and the diagnostics of `text` come from
/// a parse of `text` itself (see `json/template_cache.rs`).
pub(crate) fn retext(tree: &mut Template, from: &Form, (text, form): (&str, &Form)) {
    debug_assert_eq!(from.holes.len(), form.holes.len());
    Retext {
        from: &from.holes,
        form: &form.holes,
        text,
        next: 0,
    }
    .template(tree);
}

/// [`retext`]'s walk: the holes in the tree's text (`from`) and in the
/// new text (`form`, of `text`).
struct Retext<'t> {
    from: &'t [Span],
    form: &'t [Span],
    text: &'t str,
    /// The hole after the last one met: the walk meets them in order.
    next: usize,
}

impl Retext<'_> {
    /// The new text of the hole that ends at `end` in the tree's text.
    #[inline]
    fn text_ending(&mut self, end: u32) -> Option<&str> {
        let k = match self.from.get(self.next) {
            Some(h) if h.end == end => self.next,
            // (Not the next hole: another, or none.)
            _ => self.from.binary_search_by_key(&end, |h| h.end).ok()?,
        };
        self.next = k + 1;
        let new = self.form[k];
        Some(&self.text[new.start as usize..new.end as usize])
    }

    fn template(&mut self, t: &mut Template) {
        for part in &mut t.parts {
            match part {
                TemplatePart::Literal { text, span } => match self.text_ending(span.end) {
                    Some(new) if **text != *new => *text = new.into(),
                    _ => {}
                },
                TemplatePart::Interpolation { expr, .. } => self.expr(expr),
                TemplatePart::If(i) => {
                    self.expr(&mut i.cond);
                    self.template(&mut i.then);
                    if let Some(o) = &mut i.otherwise {
                        self.template(o);
                    }
                }
                TemplatePart::For(f) => {
                    self.expr(&mut f.collection);
                    self.template(&mut f.body);
                }
            }
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Number(n) => match self.text_ending(e.span.end) {
                Some(new) if **n != *new => *n = new.into(),
                _ => {}
            },
            ExprKind::Bool(_) | ExprKind::Null | ExprKind::Variable(_) => {}
            ExprKind::Template(t) => self.template(t),
            ExprKind::Traversal(t) => {
                self.expr(&mut t.source);
                t.steps.iter_mut().for_each(|s| self.step(s));
            }
            ExprKind::Call(call) => call.args.iter_mut().for_each(|a| self.expr(a)),
            ExprKind::Tuple(items) => items.iter_mut().for_each(|x| self.expr(x)),
            ExprKind::Object(items) => {
                for item in items {
                    if let ObjectKey::Expr(k) = &mut item.key {
                        self.expr(k);
                    }
                    self.expr(&mut item.value);
                }
            }
            ExprKind::For(f) => {
                self.expr(&mut f.collection);
                match &mut f.result {
                    ForResult::Tuple { value } => self.expr(value),
                    ForResult::Object { key, value, .. } => {
                        self.expr(key);
                        self.expr(value);
                    }
                }
                if let Some(c) = &mut f.cond {
                    self.expr(c);
                }
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary(b) => {
                self.expr(&mut b.first);
                b.rest.iter_mut().for_each(|t| self.expr(&mut t.rhs));
            }
            ExprKind::Conditional(c) => {
                self.expr(&mut c.cond);
                self.expr(&mut c.then);
                self.expr(&mut c.otherwise);
            }
            ExprKind::Parens(inner) => self.expr(inner),
        }
    }

    fn step(&mut self, step: &mut Step) {
        match &mut step.kind {
            StepKind::Attr(name) => match self.text_ending(step.span.end) {
                Some(new) if **name != *new => *name = new.into(),
                _ => {}
            },
            StepKind::Index { key, .. } => self.expr(key),
            StepKind::Splat { each, .. } => each.iter_mut().for_each(|s| self.step(s)),
        }
    }
}

#[cfg(test)]
#[path = "form_tests.rs"]
mod tests;
