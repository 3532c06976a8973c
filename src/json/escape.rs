//! JSON string escapes (RFC 8259, section 7): the one reading of `\x` and
//! `\uXXXX` sequences that the parser validates strings with, that the
//! tree decodes a string's text with when it is read, and that maps an
//! offset in decoded text back to the source.
//!
//! The parser checks every escape of a file when it parses it, with the
//! exact range of a bad one, and keeps no decoded text: a file keeps only
//! its source, and a string with escapes is decoded each time its text is
//! read ([`decode`]), which a whole-file decode does once.
//!
//! Writing a string is here too ([`write_string`]): the one escaping the
//! crate's JSON writers share (the encoder, JSON Schema, the template
//! functions' documents). `jsonencode` has its own, Go's, which also
//! escapes `<`, `>`, `&` and the line separators.

use std::fmt;

/// The bytes a JSON string must escape: `"`, `\` and control characters.
static MUST_ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        table[i] = true;
        i += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// `s` as a JSON string: in quotes, with [`write_escaped`]'s escapes.
pub(crate) fn write_string<W: fmt::Write + ?Sized>(out: &mut W, s: &str) -> fmt::Result {
    out.write_char('"')?;
    write_escaped(out, s)?;
    out.write_char('"')
}

/// The content of a JSON string holding `s`: the quote, the backslash and
/// control characters escaped (`\n`, `\r`, `\t`, `\b`, `\f`, else
/// `\u00XX`), everything else as it is. Runs of plain bytes are written
/// whole.
pub(crate) fn write_escaped<W: fmt::Write + ?Sized>(out: &mut W, s: &str) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !MUST_ESCAPE[b as usize] {
            continue;
        }
        // An escaped byte is ASCII: the runs around it are whole `str`s.
        out.write_str(&s[start..i])?;
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            _ => "",
        };
        if short.is_empty() {
            out.write_str("\\u00")?;
            out.write_char(char::from(HEX[usize::from(b >> 4)]))?;
            out.write_char(char::from(HEX[usize::from(b & 0xf)]))?;
        } else {
            out.write_str(short)?;
        }
        start = i + 1;
    }
    out.write_str(&s[start..])
}

/// Why the escape at a backslash is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BadEscape {
    /// The character after the backslash does not start an escape.
    Char,
    /// The `\u` at this offset (the escape's own, or the second half of
    /// a surrogate pair after it) is not followed by four hex digits.
    Hex(usize),
}

/// The escape at `raw[at]` (a backslash): the character it stands for
/// and how many bytes of `raw` it takes. A surrogate pair
/// (`\uD83D\uDE00`) is one escape of 12 bytes; half a pair alone stands
/// for U+FFFD, as in Go's `encoding/json` (JavaScript's `JSON.stringify`
/// writes lone surrogates, so generated files can hold them).
#[inline]
pub(super) fn read(raw: &[u8], at: usize) -> Result<(char, usize), BadEscape> {
    let c = match raw.get(at + 1) {
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return read_unicode(raw, at),
        _ => return Err(BadEscape::Char),
    };
    Ok((c, 2))
}

/// `\uXXXX` at `at`, and the low half after it when it is a high half.
fn read_unicode(raw: &[u8], at: usize) -> Result<(char, usize), BadEscape> {
    let hi = hex4(raw, at).ok_or(BadEscape::Hex(at))?;
    if !(0xD800..0xDC00).contains(&hi) {
        return Ok((char::from_u32(hi).unwrap_or(char::REPLACEMENT_CHARACTER), 6));
    }
    let next = at + 6;
    if raw.get(next) != Some(&b'\\') || raw.get(next + 1) != Some(&b'u') {
        return Ok((char::REPLACEMENT_CHARACTER, 6));
    }
    let lo = hex4(raw, next).ok_or(BadEscape::Hex(next))?;
    if (0xDC00..0xE000).contains(&lo) {
        let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
        Ok((char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER), 12))
    } else {
        // The high half alone; what follows is an escape of its own.
        Ok((char::REPLACEMENT_CHARACTER, 6))
    }
}

/// The value of the four hex digits after the `\u` at `at`.
fn hex4(raw: &[u8], at: usize) -> Option<u32> {
    raw.get(at + 2..at + 6)?.iter().try_fold(0u32, |acc, &b| {
        (b as char).to_digit(16).map(|v| acc * 16 + v)
    })
}

/// How many hex digits follow the `\u` at `at` (for the range of an
/// error: the digits that are there).
pub(super) fn hex_digits(raw: &[u8], at: usize) -> usize {
    raw.get(at + 2..)
        .unwrap_or_default()
        .iter()
        .take(4)
        .take_while(|b| b.is_ascii_hexdigit())
        .count()
}

/// The decoded text of `raw`, a string's content between its quotes,
/// which the parser accepted: `len` is its decoded length (what the node
/// records), so the text is allocated once, at its size.
pub(super) fn decode(raw: &str, len: usize) -> String {
    let bytes = raw.as_bytes();
    let mut out = String::with_capacity(len);
    // The start of the text not yet copied, which is after every escape
    // read so far.
    let mut copied = 0;
    while let Some(at) = find_backslash(bytes, copied) {
        // Escapes are ASCII, so both ends are on char boundaries.
        out.push_str(raw.get(copied..at).unwrap_or_default());
        // An invalid escape cannot be here (the parser refused it); it
        // would stand for U+FFFD rather than panic.
        let (c, n) = read(bytes, at).unwrap_or((char::REPLACEMENT_CHARACTER, 2));
        out.push(c);
        copied = (at + n).min(bytes.len());
    }
    out.push_str(raw.get(copied..).unwrap_or_default());
    out
}

/// The offset of the first backslash of `s` at or after `from` (the runs
/// between escapes are short: a word at a time).
fn find_backslash(s: &[u8], from: usize) -> Option<usize> {
    crate::words::first(s, from, |x| crate::words::equal(x, b'\\'), |b| b == b'\\')
}

/// The offset in `raw` (a string's content, escapes undecoded) where
/// decoded byte `decoded` comes from; past the end, `raw.len()`.
///
/// It reads `raw` from its start: for a long string, whose offsets may be
/// asked for many times (a range per reference for static analysis, per
/// diagnostic), [`OffsetIndex`] answers from a checkpoint near it.
pub(super) fn raw_offset(raw: &[u8], decoded: usize) -> usize {
    walk(raw, (0, 0), decoded)
}

/// Where the reading of `raw` is every [`OffsetIndex::STRIDE`] bytes:
/// the decoded and raw offsets it had reached there, so that mapping an
/// offset reads at most that many bytes (plus an escape), not the whole
/// string. An eighth of the string's size, built once per string.
#[derive(Debug)]
pub(crate) struct OffsetIndex {
    /// (decoded, raw) offsets, both increasing.
    points: Vec<(u32, u32)>,
}

impl OffsetIndex {
    /// Raw bytes between checkpoints.
    const STRIDE: usize = 64;

    /// The checkpoints of `raw`.
    pub(super) fn new(raw: &[u8]) -> OffsetIndex {
        let mut points = Vec::with_capacity(raw.len() / Self::STRIDE);
        let (mut r, mut d) = (0, 0);
        let mut next = Self::STRIDE;
        while r < raw.len() {
            let (raw_len, decoded_len) = unit(raw, r);
            r += raw_len;
            d += decoded_len;
            if r >= next {
                points.push((d as u32, r as u32));
                next = r + Self::STRIDE;
            }
        }
        OffsetIndex { points }
    }

    /// [`raw_offset`] of `raw` (the string this index was built from),
    /// read from the last checkpoint before `decoded`.
    pub(super) fn raw_offset(&self, raw: &[u8], decoded: usize) -> usize {
        let after = self
            .points
            .partition_point(|&(d, _)| (d as usize) < decoded);
        let from = match after.checked_sub(1) {
            Some(i) => (self.points[i].1 as usize, self.points[i].0 as usize),
            None => (0, 0),
        };
        walk(raw, from, decoded)
    }
}

/// Reads `raw` from raw offset `r` and decoded offset `d` (a place the
/// reading from the start reaches) on to decoded offset `decoded`.
fn walk(raw: &[u8], (mut r, mut d): (usize, usize), decoded: usize) -> usize {
    while r < raw.len() && d < decoded {
        let (raw_len, decoded_len) = unit(raw, r);
        r += raw_len;
        d += decoded_len;
    }
    r.min(raw.len())
}

/// The raw and decoded lengths of what starts at `raw[r]`: an escape, or
/// one byte.
#[inline]
fn unit(raw: &[u8], r: usize) -> (usize, usize) {
    if raw[r] == b'\\' {
        match read(raw, r) {
            Ok((c, n)) => (n, c.len_utf8()),
            Err(_) => (2, 1),
        }
    } else {
        (1, 1)
    }
}

#[cfg(test)]
#[path = "escape_tests.rs"]
mod tests;
