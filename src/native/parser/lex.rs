//! The parser's byte-level reading of tokens: whitespace and comments (the
//! grammar's implicit `WHITESPACE` and `COMMENT`), identifiers (by the
//! rule of [`crate::native::ident`]), keywords and numbers. What the
//! tokens make up is read by the other files of the parser.

use crate::native::ast::Ident;
use crate::native::diagnose::{expected::IDENT, Expected};
use crate::native::ident;

use super::{span, Res, Stop, P};

/// The end of a line comment whose text starts at `from`: the newline
/// (`\n` or `\r\n`, left for the caller) or the end of the input. A
/// carriage return alone is part of the comment, as in HCL's scanner.
pub(crate) fn line_comment_end(b: &[u8], from: usize) -> usize {
    let rest = &b[from.min(b.len())..];
    match memchr::memchr(b'\n', rest) {
        Some(k) if k > 0 && rest[k - 1] == b'\r' => from + k - 1,
        Some(k) => from + k,
        None => from + rest.len(),
    }
}

impl<'s> P<'s> {
    /// pest's implicit skipping, `(WHITESPACE | COMMENT)*`: spaces, tabs,
    /// newlines (`\n`, `\r\n`), `#` and `//` line comments, `/* */` block
    /// comments. (Skipping cannot fail: an unclosed `/*` is left for what
    /// follows to refuse.)
    #[inline]
    pub(super) fn ws(&mut self) {
        if let Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/') = self.peek() {
            self.skip_ws();
        }
    }

    /// [`Self::ws`] past its first byte check.
    pub(super) fn skip_ws(&mut self) {
        let b = self.b;
        while let Some(&c) = b.get(self.i) {
            match c {
                b' ' | b'\t' | b'\n' => self.i += 1,
                // A carriage return alone is no line break (HCL's scanner
                // calls it an invalid character).
                b'\r' if b.get(self.i + 1) == Some(&b'\n') => self.i += 2,
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
    }

    /// A line comment of `intro` bytes: up to the next newline (`\n` or
    /// `\r\n`), which the whitespace rule then takes.
    pub(super) fn line_comment(&mut self, intro: usize) {
        self.i = line_comment_end(self.b, self.i + intro);
    }

    /// The character at byte `at`, if it is `ident_chars`' first:
    /// `ID_START | "_"`; gives its length.
    pub(super) fn ident_start_at(&self, at: usize) -> Option<usize> {
        let c = *self.b.get(at)?;
        if c.is_ascii() {
            return ident::is_start_byte(c).then_some(1);
        }
        let ch = self.src[at..].chars().next()?;
        ident::is_start(ch).then_some(ch.len_utf8())
    }

    /// The length of an `ident_char` (`ID_CONTINUE | "-"`) at `at`.
    pub(super) fn ident_continue_at(&self, at: usize) -> Option<usize> {
        let c = *self.b.get(at)?;
        if c.is_ascii() {
            return ident::is_continue_byte(c).then_some(1);
        }
        let ch = self.src[at..].chars().next()?;
        ident::is_continue(ch).then_some(ch.len_utf8())
    }

    /// ident_chars = _{ (ID_START | "_") ~ (ID_CONTINUE | "-")* }, if one
    /// starts here.
    pub(super) fn ident(&mut self) -> Option<&'s str> {
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
    pub(super) fn at_keyword(&self, kw: &str) -> bool {
        self.b[self.i..].starts_with(kw.as_bytes())
            && self.ident_continue_at(self.i + kw.len()).is_none()
    }

    /// Consumes keyword `kw`, or gives up.
    pub(super) fn keyword(&mut self, kw: &str, rule: Expected) -> Res<()> {
        if self.at_keyword(kw) {
            self.i += kw.len();
            Ok(())
        } else {
            self.note(self.i, rule);
            Err(Stop::GiveUp)
        }
    }

    /// ident, as a named [`Ident`], or gives up.
    pub(super) fn named(&mut self) -> Res<Ident> {
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
    pub(super) fn number(&mut self) -> &'s str {
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
}
