//! Source positions and ranges, and [`Spanned`] values that carry one.
//!
//! A [`Pos`] names one place in a source file three ways at once: the byte
//! offset (what slicing needs), and the 1-based line and column (what people
//! read). Columns count Unicode scalar values (`char`s), not bytes and not
//! grapheme clusters: that is what HCL itself reports, what editors using
//! LSP-style "character" offsets agree with for the common case, and it can be
//! computed from the line's text alone, without Unicode segmentation tables.
//!
//! Parsers record byte offsets only; a [`LineIndex`] turns them into full
//! positions when a node's range is asked for or an error is built, so the
//! hot path never counts lines.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// One position in a source file.
///
/// `line` and `column` are 1-based, `byte` is a 0-based offset into the
/// source. `column` counts Unicode scalar values from the start of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in Unicode scalar values.
    pub column: usize,
    /// 0-based byte offset.
    pub byte: usize,
}

impl Pos {
    /// The position at the very start of a file.
    pub const START: Pos = Pos {
        line: 1,
        column: 1,
        byte: 0,
    };
}

/// A half-open range `[start, end)` of a named source file.
///
/// The file name is shared (`Arc<str>`), so ranges are cheap to clone.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Range {
    /// The name the file was parsed with.
    pub filename: Arc<str>,
    /// The first position in the range.
    pub start: Pos,
    /// The position just after the last one in the range.
    pub end: Pos,
}

impl Range {
    /// A range from `start` to `end` in `filename`.
    pub fn new(filename: impl Into<Arc<str>>, start: Pos, end: Pos) -> Range {
        Range {
            filename: filename.into(),
            start,
            end,
        }
    }

    /// An empty range at `pos`.
    pub fn at(filename: impl Into<Arc<str>>, pos: Pos) -> Range {
        Range::new(filename, pos, pos)
    }

    /// The smallest range covering both `self` and `other` (same file
    /// assumed; `self`'s file name is kept).
    pub fn cover(&self, other: &Range) -> Range {
        Range {
            filename: self.filename.clone(),
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The byte span, for slicing the source.
    pub fn bytes(&self) -> std::ops::Range<usize> {
        self.start.byte..self.end.byte
    }

    /// Whether `pos` lies inside the range (start inclusive, end exclusive).
    pub fn contains(&self, byte: usize) -> bool {
        self.start.byte <= byte && byte < self.end.byte
    }
}

impl fmt::Display for Range {
    /// The way HCL prints ranges: `file:line,col-col` when the range starts
    /// and ends on one line (`t.json:1,3-22`), else `file:line,col-line,col`
    /// (`t.json:1,3-2,4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (start, end) = (&self.start, &self.end);
        if start.line == end.line {
            write!(
                f,
                "{}:{},{}-{}",
                self.filename, start.line, start.column, end.column
            )
        } else {
            write!(
                f,
                "{}:{},{}-{},{}",
                self.filename, start.line, start.column, end.line, end.column
            )
        }
    }
}

/// Maps byte offsets of one source text to lines and columns.
///
/// Building it is one `memchr` pass over the bytes for `\n`;
/// a lookup is a binary search plus counting the chars of part of one line.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset of the start of every line; `line_starts[0] == 0`.
    line_starts: LineStarts,
    /// `continuations[k]`: how many UTF-8 continuation bytes come before
    /// byte `k * BLOCK`. Empty for ASCII text (then there are none), so a
    /// column is a subtraction; otherwise a lookup plus a scan of at most
    /// one block. Without it, a column on a long line (minified JSON is one
    /// line) would cost a scan of the whole line, for every range asked.
    continuations: Vec<u32>,
}

/// The line starts of a text, as 32-bit offsets when the text is shorter
/// than 4 GiB (every JSON file: the parser refuses larger ones), which
/// halves the index (a 4 MB file of short lines has ~70 000 of them), and
/// allocated at their exact number.
#[derive(Debug, Clone)]
enum LineStarts {
    Narrow(Box<[u32]>),
    Wide(Box<[usize]>),
}

impl LineStarts {
    fn new(src: &[u8]) -> LineStarts {
        // One pass, growing the vector (cheaper than a counting pass
        // first), then cut to its exact size. (A large index grows in the
        // heap, not in mappings of its own, once a file's node table has
        // raised glibc's threshold: see `json::parser::copied_to_size`.)
        let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', src).map(|i| i + 1));
        if u32::try_from(src.len()).is_ok() {
            // Every offset is at most `src.len()`, which fits.
            let v: Vec<u32> = starts
                .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
                .collect();
            LineStarts::Narrow(v.into_boxed_slice())
        } else {
            LineStarts::Wide(starts.collect())
        }
    }

    /// The start of 0-based line `line`.
    fn get(&self, line: usize) -> Option<usize> {
        match self {
            LineStarts::Narrow(v) => v.get(line).map(|&s| s as usize),
            LineStarts::Wide(v) => v.get(line).copied(),
        }
    }

    /// The 0-based line holding byte `byte`.
    fn line_of(&self, byte: usize) -> usize {
        let found = match self {
            LineStarts::Narrow(v) => {
                // `byte` is clamped to the text's length, which fits.
                let byte = u32::try_from(byte).unwrap_or(u32::MAX);
                v.binary_search(&byte)
            }
            LineStarts::Wide(v) => v.binary_search(&byte),
        };
        match found {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// The 0-based line holding byte `byte`, looked for first in line
    /// `hint` and the few after it (positions are mostly asked for in the
    /// order of the text), then by binary search.
    fn line_near(&self, byte: usize, hint: usize) -> usize {
        for line in hint..hint + 4 {
            match self.get(line) {
                Some(start) if start <= byte => {
                    if self.get(line + 1).is_none_or(|next| byte < next) {
                        return line;
                    }
                }
                _ => break,
            }
        }
        self.line_of(byte)
    }
}

/// The longest line whose columns [`SourceFile::pos`] counts before the
/// line index is built.
const LONG_LINE: usize = 1024;

/// The granularity of [`LineIndex::continuations`].
const BLOCK: usize = 64;

fn is_continuation(b: u8) -> bool {
    (b as i8) < -0x40
}

/// The UTF-8 byte order mark, which a text may start with.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// 1 when the span `start..byte` of `src` holds the byte order mark the
/// text starts with, else 0: HCL does not count the mark as a column, so
/// the first character after it is in column 1.
fn bom_before(src: &[u8], start: usize, byte: usize) -> usize {
    usize::from(start == 0 && byte >= BOM.len() && src.starts_with(BOM))
}

impl LineIndex {
    /// Indexes the line starts (and, for non-ASCII text, the character
    /// boundaries) of `src`.
    pub fn new(src: &str) -> LineIndex {
        let line_starts = LineStarts::new(src.as_bytes());
        let continuations = if src.is_ascii() {
            Vec::new()
        } else {
            let mut total = 0u32;
            let mut prefix = Vec::with_capacity(src.len() / BLOCK + 1);
            for block in src.as_bytes().chunks(BLOCK) {
                prefix.push(total);
                total += block.iter().filter(|&&b| is_continuation(b)).count() as u32;
            }
            prefix.push(total);
            prefix
        };
        LineIndex {
            line_starts,
            continuations,
        }
    }

    /// How many continuation bytes come before byte `at` of `src`.
    fn continuations_before(&self, src: &[u8], at: usize) -> usize {
        if self.continuations.is_empty() {
            return 0;
        }
        let block = at / BLOCK;
        let counted = self.continuations[block] as usize;
        counted
            + src[block * BLOCK..at]
                .iter()
                .filter(|&&b| is_continuation(b))
                .count()
    }

    /// The position of byte offset `byte` in `src` (the text this index was
    /// built from), which should be a character boundary; an offset past
    /// the end is clamped to the end.
    pub fn pos(&self, src: &str, byte: usize) -> Pos {
        let byte = byte.min(src.len());
        self.pos_in_line(src, byte, self.line_starts.line_of(byte))
    }

    /// [`LineIndex::pos`], looking first at 0-based line `hint` and the few
    /// after it.
    fn pos_near(&self, src: &str, byte: usize, hint: usize) -> Pos {
        let byte = byte.min(src.len());
        self.pos_in_line(src, byte, self.line_starts.line_near(byte, hint))
    }

    /// The position of `byte` (at most `src.len()`), on 0-based line `line`.
    fn pos_in_line(&self, src: &str, byte: usize, line: usize) -> Pos {
        let start = self.line_starts.get(line).unwrap_or(0);
        let bytes = src.as_bytes();
        let chars = (byte - start)
            - (self.continuations_before(bytes, byte) - self.continuations_before(bytes, start))
            - bom_before(bytes, start, byte);
        Pos {
            line: line + 1,
            column: chars + 1,
            byte,
        }
    }

    /// The byte span of 1-based line `line`, without its line terminator.
    pub fn line_span(&self, src: &str, line: usize) -> std::ops::Range<usize> {
        let Some(start) = self.line_starts.get(line.wrapping_sub(1)) else {
            return src.len()..src.len();
        };
        let mut end = self
            .line_starts
            .get(line)
            .map_or(src.len(), |next| next - 1);
        if end > start && src.as_bytes()[end - 1] == b'\r' {
            end -= 1;
        }
        start..end
    }
}

/// A named source text with its line index: what diagnostics need to turn
/// byte offsets into positions and to show the offending line.
///
/// The index is built when positions are first asked for in bulk, not
/// with the file: a file that is decoded without errors is asked for a
/// few positions (its root attributes' ranges, the last of which may end
/// with the file), which counting lines finds sooner than indexing every
/// line would. A count goes on from the last position counted when it can
/// (ranges are mostly asked for in the order of the text), and the counts
/// are bounded: once they have read twice as many bytes as the text has,
/// or after 64 counts, the next position builds the index, so positions
/// never cost more than three passes over the text in all.
#[derive(Debug)]
pub struct SourceFile {
    name: Arc<str>,
    text: SourceText,
    lines: OnceLock<LineIndex>,
    /// Bytes read by line counts so far (see [`SourceFile::pos`]).
    counted: AtomicUsize,
    /// The last position counted, as `byte << 32 | line` with `line`
    /// 0-based (0 before the first count; texts of 4 GiB or more always
    /// count from the start).
    last_counted: AtomicU64,
    /// The 0-based line of the last position the index gave.
    last_line: AtomicUsize,
}

/// Where a [`SourceFile`]'s text lives: shared, or a `String` the library
/// read itself and keeps without copying (a file read from disk).
#[derive(Debug)]
enum SourceText {
    Shared(Arc<str>),
    Owned(String),
}

impl SourceFile {
    /// Indexes `text` under the file name `name`.
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile::with_text(name.into(), SourceText::Shared(text.into()))
    }

    /// Indexes `text`, which the library owns (read from a file), keeping
    /// its buffer instead of copying it into an `Arc<str>`.
    pub(crate) fn owned(name: &str, text: String) -> SourceFile {
        SourceFile::with_text(name.into(), SourceText::Owned(text))
    }

    fn with_text(name: Arc<str>, text: SourceText) -> SourceFile {
        SourceFile {
            name,
            text,
            lines: OnceLock::new(),
            counted: AtomicUsize::new(0),
            last_counted: AtomicU64::new(0),
            last_line: AtomicUsize::new(0),
        }
    }

    /// The line index, built on first use.
    pub(crate) fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.text()))
    }

    /// The file name.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// The whole source text.
    pub fn text(&self) -> &str {
        match &self.text {
            SourceText::Shared(t) => t,
            SourceText::Owned(t) => t,
        }
    }

    /// The position of a byte offset (past the end: the end).
    pub fn pos(&self, byte: usize) -> Pos {
        let byte = byte.min(self.text().len());
        match self.lines.get() {
            Some(lines) => self.indexed_pos(lines, byte),
            None => self
                .counted_pos(byte)
                .unwrap_or_else(|| self.indexed_pos(self.lines(), byte)),
        }
    }

    /// The position of `byte` by counting the lines before it, on from the
    /// last position counted; `None` when counting would cost more than
    /// the index: on a long line (minified JSON is one line: its columns
    /// are the index's to find, by blocks), and past the counts' budget.
    fn counted_pos(&self, byte: usize) -> Option<Pos> {
        let bytes = self.text().as_bytes();
        let window = byte.saturating_sub(LONG_LINE);
        let line_start = match memchr::memrchr(b'\n', &bytes[window..byte]) {
            Some(i) => window + i + 1,
            None if window == 0 => 0,
            None => return None,
        };
        let last = self.last_counted.load(Ordering::Relaxed);
        let (from, line) = match ((last >> 32) as usize, (last & u64::from(u32::MAX)) as usize) {
            (from, line) if from <= byte => (from, line),
            _ => (0, 0),
        };
        // The count reads from `from` to `byte`, and back to the line's
        // start; each is charged at least a 32nd of the text, so that many
        // positions (a typed decode asks one per block and attribute) are
        // counted at most 64 times, and all counts read the text at most
        // twice, before the index takes over.
        let read = ((byte - from) + (byte - line_start)).max(bytes.len() / 32);
        if self.counted.fetch_add(read, Ordering::Relaxed) + read > 2 * bytes.len() {
            return None;
        }
        let line = line + memchr::memchr_iter(b'\n', &bytes[from..byte]).count();
        if let (Ok(at), Ok(line)) = (u32::try_from(byte), u32::try_from(line)) {
            self.last_counted
                .store(u64::from(at) << 32 | u64::from(line), Ordering::Relaxed);
        }
        let column = bytes[line_start..byte]
            .iter()
            .filter(|&&b| !is_continuation(b))
            .count()
            - bom_before(bytes, line_start, byte);
        Some(Pos {
            line: line + 1,
            column: column + 1,
            byte,
        })
    }

    /// The position of `byte` by the index, looked for first near the
    /// line of the last position it gave.
    fn indexed_pos(&self, lines: &LineIndex, byte: usize) -> Pos {
        let hint = self.last_line.load(Ordering::Relaxed);
        let pos = lines.pos_near(self.text(), byte, hint);
        self.last_line.store(pos.line - 1, Ordering::Relaxed);
        pos
    }

    /// The range of the byte span `start..end`.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range {
            filename: self.name.clone(),
            start: self.pos(start),
            end: self.pos(end),
        }
    }

    /// The text of 1-based line `line`, without its terminator.
    pub fn line_text(&self, line: usize) -> &str {
        let text = self.text();
        &text[self.lines().line_span(text, line)]
    }
}

/// A decoded value together with the source range it was decoded from.
///
/// An attribute or label field of type `Spanned<T>` holds the `T` and the
/// range of the attribute's expression (or the label), so an application
/// can report its own validation errors at the right place. It is to this
/// crate what `serde_spanned::Spanned` is to `toml`. It works wherever
/// serde reaches this crate's deserializer: fields, and inside `Option`,
/// `Vec`, maps and nested structs written as JSON objects. Through serde's
/// buffering (untagged and internally tagged enums, `flatten`) it gets the
/// range of the enclosing attribute.
///
/// ```
/// use hcl_json::{EvalContext, HclDecode, Spanned};
///
/// #[derive(HclDecode)]
/// struct Server {
///     #[hcl(attr)]
///     port: Spanned<u16>,
/// }
///
/// let server: Server = hcl_json::from_str(r#"{"port": 80}"#, &EvalContext::new())?;
/// assert_eq!(*server.port, 80);
/// assert_eq!(server.port.range().start.column, 10);
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Clone)]
pub struct Spanned<T> {
    value: T,
    range: Range,
}

impl<T> Spanned<T> {
    /// A value with its range.
    pub fn new(value: T, range: Range) -> Spanned<T> {
        Spanned { value, range }
    }

    /// The range of the expression (or label) the value was decoded from.
    pub fn range(&self) -> &Range {
        &self.range
    }

    /// The value.
    pub fn get_ref(&self) -> &T {
        &self.value
    }

    /// The value, mutably.
    pub fn get_mut(&mut self) -> &mut T {
        &mut self.value
    }

    /// The value, without its range.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> std::ops::DerefMut for Spanned<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Spanned")
            .field("value", &self.value)
            .field("range", &self.range)
            .finish()
    }
}

/// Equality of the values; the ranges are not compared.
impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Spanned<T>) -> bool {
        self.value == other.value
    }
}

#[cfg(test)]
#[path = "pos_tests.rs"]
mod tests;
