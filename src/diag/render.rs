//! Diagnostics as text for people: HCL's layout (severity and summary, the
//! location with its ", in ..." context, the source, the detail), with a
//! width to wrap the detail at, terminal colours, and two ways of showing
//! the source: a caret under the subject (the default, what `Display` of
//! [`Error`] prints) or HCL's own lines with the subject highlighted (what
//! `hcl.NewDiagnosticTextWriter` prints, see
//! <https://pkg.go.dev/github.com/hashicorp/hcl/v2#NewDiagnosticTextWriter>).
//!
//! The sources are given as [`Sources`]: the text of each file by name,
//! and for a parsed file the way to find the block or JSON path around an
//! offset, which only the syntax that parsed it knows (`body` provides it
//! from a `File`).

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::Arc;

use super::{Diagnostic, Error, Severity};
use crate::pos::{Range, SourceFile};

/// What finds the context of an offset: the block header (native syntax)
/// or JSON path (JSON syntax) around it.
type ContextFn = dyn Fn(usize) -> Option<String> + Send + Sync;

/// One source file diagnostics may point into, by its name, and (when it
/// was parsed) the way to name the block or JSON path around an offset:
/// `", in resource \"aws_instance\" \"web\""` or `", in service.http[1]"`.
///
/// `Source::from(&file)` takes both from a parsed
/// [`File`](crate::body::File); `Source::from(Arc<SourceFile>)` has the
/// text only.
#[derive(Clone)]
pub struct Source {
    file: Arc<SourceFile>,
    context: Option<Arc<ContextFn>>,
}

impl Source {
    /// A source with its text only (no context lines).
    pub fn new(file: Arc<SourceFile>) -> Source {
        Source {
            file,
            context: None,
        }
    }

    /// The same source with a function that names what surrounds a byte
    /// offset (`None` or an empty string: nothing to name).
    pub fn with_context(
        mut self,
        context: impl Fn(usize) -> Option<String> + Send + Sync + 'static,
    ) -> Source {
        self.context = Some(Arc::new(context));
        self
    }

    /// The file.
    pub fn file(&self) -> &Arc<SourceFile> {
        &self.file
    }

    /// Whether it names what surrounds an offset (it was given a context
    /// function).
    pub(crate) fn has_context(&self) -> bool {
        self.context.is_some()
    }

    /// What surrounds byte offset `byte`, as HCL's context line names it
    /// (without the ", in " before it).
    pub fn context_at(&self, byte: usize) -> Option<String> {
        self.context
            .as_ref()
            .and_then(|f| f(byte))
            .filter(|s| !s.is_empty())
    }
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source")
            .field("name", self.file.name())
            .field("context", &self.context.is_some())
            .finish()
    }
}

impl From<Arc<SourceFile>> for Source {
    fn from(file: Arc<SourceFile>) -> Source {
        Source::new(file)
    }
}

impl From<SourceFile> for Source {
    fn from(file: SourceFile) -> Source {
        Source::new(Arc::new(file))
    }
}

impl From<&Arc<SourceFile>> for Source {
    fn from(file: &Arc<SourceFile>) -> Source {
        Source::new(Arc::clone(file))
    }
}

/// The source files a set of diagnostics points into, found by name (a
/// later file of the same name replaces an earlier one): HCL's `files`
/// map. Adding and finding a file cost one hash lookup, so a run over
/// thousands of files stays linear.
///
/// ```
/// use hcl_json::diag::{Renderer, Sources};
///
/// let file = hcl_json::parse_native("region = var.region\n", "main.tf")?;
/// let err = file.body().just_attributes()?["region"]
///     .expr
///     .value(&hcl_json::EvalContext::new().with_variable("x", 1))
///     .unwrap_err();
/// let mut sources = Sources::new();
/// sources.add(&file);
/// let text = Renderer::new().render_error(&err, &sources);
/// assert!(text.starts_with("Error: Unknown variable\n"));
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Sources(HashMap<Arc<str>, Source>);

impl Sources {
    /// No sources.
    pub fn new() -> Sources {
        Sources(HashMap::new())
    }

    /// Adds a source (a parsed [`File`](crate::body::File) by reference,
    /// an `Arc<SourceFile>` or a [`Source`]).
    pub fn add(&mut self, source: impl Into<Source>) {
        let source = source.into();
        self.0.insert(Arc::clone(source.file.name()), source);
    }

    /// The same sources and one more.
    pub fn with(mut self, source: impl Into<Source>) -> Sources {
        self.add(source);
        self
    }

    /// The source named `name`.
    pub fn get(&self, name: &str) -> Option<&Source> {
        self.0.get(name)
    }
}

/// How the source around a diagnostic's subject is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SnippetStyle {
    /// The subject's first line (a window of it when the line is long) and
    /// a `^^^` line under the subject; the location names its column.
    #[default]
    Caret,
    /// HCL's own layout: every line the subject and the context range
    /// cover, the subject highlighted only in colour, the location without
    /// a column; "(source code not available)" when the file is unknown.
    Lines,
}

/// Writes diagnostics as text: Go's `hcl.NewDiagnosticTextWriter(w,
/// files, width, color)` as a builder.
///
/// ```
/// use hcl_json::diag::{Renderer, Sources};
///
/// let src = "{\n  \"service\": {\"web\": {\"port\": \"${prt}\"}}\n}\n";
/// let file = hcl_json::parse(src, "app.hcl.json")?;
/// let attrs = file.body().just_attributes()?;
/// let ctx = hcl_json::EvalContext::new().with_variable("port", 8080);
/// let err = attrs["service"].expr.value(&ctx).unwrap_err();
///
/// let sources = Sources::new().with(&file);
/// let text = Renderer::new().width(60).render_error(&err, &sources);
/// assert_eq!(text, "\
/// Error: Unknown variable
///
///   on app.hcl.json line 2, column 34, in service.web:
///    2:   \"service\": {\"web\": {\"port\": \"${prt}\"}}
///                                        ^^^
///
/// There is no variable named \"prt\". Did you mean \"port\"?
///
/// ");
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Renderer {
    width: usize,
    color: bool,
    style: SnippetStyle,
}

/// How many characters of a source line a caret snippet shows: long lines
/// (a minified file is one line) are cut to a window around the subject.
const SNIPPET_WIDTH: usize = 120;
/// How many characters before the subject the window keeps.
const SNIPPET_LEAD: usize = 40;

const RESET: &str = "\x1b[0m";
const HIGHLIGHT: &str = "\x1b[1;4m";

impl Renderer {
    /// No wrapping, no colour, caret snippets.
    pub fn new() -> Renderer {
        Renderer::default()
    }

    /// Wraps details at `width` characters, as HCL does (at spaces, never
    /// inside a word); 0, the default, does not wrap.
    pub fn width(mut self, width: usize) -> Renderer {
        self.width = width;
        self
    }

    /// With `true`, VT100 colours: the severity in red or yellow, the
    /// subject bold and underlined. Whether the output is a terminal is
    /// the caller's to decide.
    pub fn color(mut self, color: bool) -> Renderer {
        self.color = color;
        self
    }

    /// How the source is shown ([`SnippetStyle::Caret`] by default).
    pub fn style(mut self, style: SnippetStyle) -> Renderer {
        self.style = style;
        self
    }

    /// Every diagnostic, in order, each followed by a blank line.
    pub fn render(&self, diags: &[Diagnostic], sources: &Sources) -> String {
        let mut out = String::new();
        for diag in diags {
            self.write_one(&mut out, diag, &|name| sources.get(name).cloned());
        }
        out
    }

    /// Every diagnostic of `err`, its own sources used where `sources`
    /// has no file of the name.
    pub fn render_error(&self, err: &Error, sources: &Sources) -> String {
        let mut out = String::new();
        self.write_error(&mut out, err, sources);
        out
    }

    pub(super) fn write_error(&self, out: &mut String, err: &Error, sources: &Sources) {
        let find = |name: &str| {
            sources
                .get(name)
                .cloned()
                .or_else(|| err.source_named(name).cloned())
        };
        for diag in err.diagnostics() {
            self.write_one(out, diag, &find);
        }
    }

    /// One diagnostic, ending with a blank line.
    pub fn render_diagnostic(&self, diag: &Diagnostic, sources: &Sources) -> String {
        self.render(std::slice::from_ref(diag), sources)
    }

    fn write_one(
        &self,
        out: &mut String,
        diag: &Diagnostic,
        find: &dyn Fn(&str) -> Option<Source>,
    ) {
        let (tint, reset) = if self.color {
            let tint = match diag.severity {
                Severity::Error => "\x1b[31m",
                Severity::Warning => "\x1b[33m",
            };
            (tint, RESET)
        } else {
            ("", "")
        };
        let label = match diag.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        let _ = writeln!(out, "{tint}{label}{reset}: {}\n", diag.summary);
        if let Some(subject) = &diag.subject {
            let source = find(&subject.filename);
            match self.style {
                SnippetStyle::Caret => self.caret(out, subject, source.as_ref(), tint),
                SnippetStyle::Lines => self.lines(out, diag, subject, source.as_ref()),
            }
        }
        if !diag.detail.is_empty() {
            if self.width > 0 {
                out.push_str(&wrap(&diag.detail, self.width));
            } else {
                out.push_str(&diag.detail);
            }
            out.push_str("\n\n");
        }
    }

    /// The location with its column and the subject's first line with a
    /// caret line under the subject.
    fn caret(&self, out: &mut String, range: &Range, source: Option<&Source>, tint: &str) {
        let context = context_line(source, range);
        let _ = writeln!(
            out,
            "  on {} line {}, column {}{context}:",
            range.filename, range.start.line, range.start.column
        );
        if let Some(source) = source {
            self.caret_snippet(out, &source.file, range, tint);
        }
        out.push('\n');
    }

    /// The first line of `range` with a `^^^` line under the part it
    /// covers (to the end of that line when the range goes on). A line
    /// longer than [`SNIPPET_WIDTH`] characters is shown as a window
    /// around the range, with `…` where it was cut.
    ///
    /// The window is found from the range's byte offset, walking at most
    /// [`SNIPPET_WIDTH`] characters each way, so rendering many
    /// diagnostics on one long line (a minified file) costs the output,
    /// not the line length per diagnostic.
    fn caret_snippet(&self, out: &mut String, src: &SourceFile, range: &Range, tint: &str) {
        let line = range.start.line;
        let text = src.line_text(line);
        let at = subject_offset(src, text, range);
        // Up to SNIPPET_LEAD characters before the subject...
        let mut first = at;
        let mut lead = 0;
        for (i, _) in text[..at].char_indices().rev().take(SNIPPET_LEAD) {
            first = i;
            lead += 1;
        }
        // ...and the rest of the width after it; if the line ends first,
        // the window takes more from before instead, as far as the line
        // allows.
        let mut end = first;
        let mut shown_chars = 0;
        for (i, c) in text[first..].char_indices().take(SNIPPET_WIDTH) {
            end = first + i + c.len_utf8();
            shown_chars += 1;
        }
        if shown_chars < SNIPPET_WIDTH {
            for (i, _) in text[..first]
                .char_indices()
                .rev()
                .take(SNIPPET_WIDTH - shown_chars)
            {
                first = i;
                lead += 1;
            }
        }
        let col = range.start.column.max(1);
        let room = text[at.min(end)..end].chars().count();
        let width = if range.end.line == line {
            range.end.column.saturating_sub(col).min(room)
        } else {
            room
        };
        let before = if first > 0 { "…" } else { "" };
        let after = if end < text.len() { "…" } else { "" };
        let gutter = format!("{line:>4}: ");
        let shown =
            |s: &str| -> String { s.chars().map(|c| if c == '\t' { ' ' } else { c }).collect() };
        let at = at.clamp(first, end);
        let mark_end = text[at..end]
            .char_indices()
            .nth(width)
            .map_or(end, |(i, _)| at + i);
        if self.color && mark_end > at {
            let _ = writeln!(
                out,
                "{gutter}{before}{}{HIGHLIGHT}{}{RESET}{}{after}",
                shown(&text[first..at]),
                shown(&text[at..mark_end]),
                shown(&text[mark_end..end]),
            );
        } else {
            let _ = writeln!(out, "{gutter}{before}{}{after}", shown(&text[first..end]));
        }
        let indent = gutter.len() + before.chars().count() + lead;
        let reset = if tint.is_empty() { "" } else { RESET };
        let _ = writeln!(
            out,
            "{}{tint}{}{reset}",
            " ".repeat(indent),
            "^".repeat(width.max(1))
        );
    }

    /// HCL's own layout: every line of the subject and context ranges.
    fn lines(&self, out: &mut String, diag: &Diagnostic, subject: &Range, source: Option<&Source>) {
        let Some(source) = source else {
            let _ = write!(
                out,
                "  on {} line {}:\n  (source code not available)\n\n",
                subject.filename, subject.start.line
            );
            return;
        };
        let context = context_line(Some(source), subject);
        let _ = writeln!(
            out,
            "  on {} line {}{context}:",
            subject.filename, subject.start.line
        );
        let mut snip = subject.bytes();
        if let Some(context) = &diag.context {
            let c = context.bytes();
            snip = snip.start.min(c.start)..snip.end.max(c.end);
        }
        let mut mark = subject.bytes();
        // An empty range is shown as one character.
        if snip.is_empty() {
            snip.end += 1;
        }
        if mark.is_empty() {
            mark.end += 1;
        }
        let (highlight, reset) = if self.color {
            (HIGHLIGHT, RESET)
        } else {
            ("", "")
        };
        snippet_lines(out, &source.file, snip, mark, (highlight, reset));
        out.push('\n');
    }
}

/// `, in CONTEXT` for the location line, or nothing.
fn context_line(source: Option<&Source>, range: &Range) -> String {
    source
        .and_then(|s| s.context_at(range.start.byte))
        .map(|c| format!(", in {c}"))
        .unwrap_or_default()
}

/// The lines of `src` that overlap `snip`, numbered, with `mark`
/// highlighted (only visible in colour). Only the lines from the one
/// holding `snip`'s start to the one holding its end are looked at.
pub(super) fn snippet_lines(
    out: &mut String,
    src: &SourceFile,
    snip: std::ops::Range<usize>,
    mark: std::ops::Range<usize>,
    (highlight, reset): (&str, &str),
) {
    for (number, range, line) in overlapping_lines(src, &snip) {
        let from = mark.start.clamp(range.start, range.end) - range.start;
        let to = mark.end.clamp(range.start, range.end) - range.start;
        let (from, to) = (floor_char(line, from), floor_char(line, to));
        if from < to && !highlight.is_empty() {
            let _ = writeln!(
                out,
                "{number:4}: {}{highlight}{}{reset}{}",
                &line[..from],
                &line[from..to],
                &line[to..]
            );
        } else {
            let _ = writeln!(out, "{number:4}: {line}");
        }
    }
}

/// The lines (number, byte span, text) of `src` that overlap `snip`.
pub(super) fn overlapping_lines<'a>(
    src: &'a SourceFile,
    snip: &std::ops::Range<usize>,
) -> impl Iterator<Item = (usize, std::ops::Range<usize>, &'a str)> + 'a {
    let text = src.text();
    let len = text.len();
    let first = src.pos(snip.start.min(len)).line;
    let last = src.pos(snip.end.min(len)).line;
    let snip = snip.clone();
    (first..=last).filter_map(move |number| {
        let span = src.lines().line_span(text, number);
        overlaps(&span, &snip).then(|| (number, span.clone(), &text[span]))
    })
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// HCL's `Range.Overlaps` (hcl 2.14), on byte offsets: an empty range
/// overlaps nothing (so a blank line is never shown), and one range
/// overlaps another when either holds the other's start or end offset,
/// so a line that only touches the subject's end is shown, as HCL shows
/// it.
fn overlaps(a: &std::ops::Range<usize>, b: &std::ops::Range<usize>) -> bool {
    let holds = |r: &std::ops::Range<usize>, offset: usize| r.start <= offset && offset < r.end;
    !a.is_empty()
        && !b.is_empty()
        && (holds(a, b.start) || holds(a, b.end) || holds(b, a.start) || holds(b, a.end))
}

/// The byte offset of `range`'s start within its line `text`: from the
/// range's byte offset when it lies in the line on a character boundary,
/// otherwise from its column.
fn subject_offset(src: &SourceFile, text: &str, range: &Range) -> usize {
    let base = text.as_ptr() as usize - src.text().as_ptr() as usize;
    match range.start.byte.checked_sub(base) {
        Some(at) if at <= text.len() && text.is_char_boundary(at) => at,
        _ => text
            .char_indices()
            .nth(range.start.column.saturating_sub(1))
            .map_or(text.len(), |(i, _)| i),
    }
}

/// Word wrapping as `go-wordwrap`'s `WrapString` does it (which HCL uses
/// for details): breaks at whitespace once a line would pass `limit`
/// characters, keeps the text's own line breaks, never splits a word.
pub(super) fn wrap(s: &str, limit: usize) -> String {
    let mut out = String::with_capacity(s.len());
    let mut current = 0usize;
    let (mut word, mut space) = (String::new(), String::new());
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    out.push_str(&space);
                }
            } else {
                out.push_str(&space);
                out.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.clear();
            space_len = 0;
            out.push(c);
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                out.push_str(&space);
                out.push_str(&word);
                space.clear();
                space_len = 0;
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > limit && word_len < limit {
                out.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            out.push_str(&space);
        }
    } else {
        out.push_str(&space);
        out.push_str(&word);
    }
    out
}
