//! Diagnostics: what went wrong, where, and what to do about it.
//!
//! A [`Diagnostic`] has HCL's shape: a severity, a one-line summary, a
//! sentence of detail that says what to do, and the ranges it is about. Every
//! layer reports problems as diagnostics and collects as many as it can
//! before giving up, so a user sees all problems of a file at once.
//!
//! [`Error`] is what the public API returns: a non-empty list of diagnostics
//! plus the sources they point into, so that `Display` can show the offending
//! line with a caret under the range, the way a compiler does. It is one
//! pointer wide, so `Result<T, Error>` stays small.

use std::fmt;
use std::sync::Arc;

use crate::pos::{Range, SourceFile};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The operation failed.
    Error,
    /// The operation succeeded, but something is likely wrong.
    Warning,
}

/// What kind of problem a [`Diagnostic`] reports, for programs that react
/// to it: the summary and detail are for people and may be reworded, the
/// kind is for code and is stable (HCL's Go implementation offers the same
/// through `Diagnostic.Extra`, untyped).
///
/// ```
/// use hcl_json::{DiagnosticKind, Type, Value};
///
/// let err = hcl_json::from_value::<u8>(Value::unknown(Type::Number)).unwrap_err();
/// assert_eq!(err.diagnostics()[0].kind, DiagnosticKind::UnknownValue);
///
/// let err = hcl_json::from_value::<bool>(Value::from(7)).unwrap_err();
/// match &err.diagnostics()[0].kind {
///     DiagnosticKind::UnsuitableValue { reason } => assert!(reason.starts_with("a bool is required")),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// Not (yet) classified: read the summary.
    #[default]
    Other,
    /// A value that is not known yet (an unknown value) reached a place
    /// that needs a known one.
    UnknownValue,
    /// A value does not convert to the type a place requires.
    UnsuitableValue {
        /// Why, as a sentence fragment without position or prefix
        /// ("a number is required, but found the string \"x\"").
        reason: String,
    },
    /// A function call failed as a whole rather than because of one of
    /// its arguments.
    FunctionCallFailed {
        /// The function's own message.
        reason: String,
    },
}

/// One problem found in a configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short, fixed description of the kind of problem ("Unknown variable").
    pub summary: String,
    /// A full sentence about this occurrence, saying what to do.
    pub detail: String,
    /// The range the problem is about, if it has one.
    pub subject: Option<Range>,
    /// A wider range around `subject` that gives context, if any.
    pub context: Option<Range>,
    /// What kind of problem this is, for programs.
    pub kind: DiagnosticKind,
}

impl Diagnostic {
    /// An error diagnostic about `subject`.
    pub fn error(
        summary: impl Into<String>,
        detail: impl Into<String>,
        subject: Option<Range>,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject,
            context: None,
            kind: DiagnosticKind::Other,
        }
    }

    /// A warning diagnostic about `subject`.
    pub fn warning(
        summary: impl Into<String>,
        detail: impl Into<String>,
        subject: Option<Range>,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail, subject)
        }
    }

    /// The same diagnostic with a machine-readable kind.
    pub fn with_kind(mut self, kind: DiagnosticKind) -> Diagnostic {
        self.kind = kind;
        self
    }

    /// The same diagnostic with a context range.
    pub fn with_context(mut self, context: Range) -> Diagnostic {
        self.context = Some(context);
        self
    }
}

/// An ordered collection of diagnostics, built up while processing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Adds one diagnostic.
    pub fn push(&mut self, diag: Diagnostic) {
        self.0.push(diag);
    }

    /// Adds every diagnostic of an error.
    pub fn extend_error(&mut self, err: Error) {
        self.0.extend(err.0.diagnostics);
    }

    /// Removes and returns every diagnostic.
    pub fn take(&mut self) -> Diagnostics {
        std::mem::take(self)
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    /// Whether there are no diagnostics at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The diagnostics, in the order they were found.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.0
    }

    /// `Ok(value)` if no diagnostic is an error, otherwise an [`Error`]
    /// holding all of them.
    pub fn into_result<T>(self, value: T) -> Result<T, Error> {
        if self.has_errors() {
            Err(Error::from(self))
        } else {
            Ok(value)
        }
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

/// The error type of every fallible operation in this crate.
///
/// It holds one or more [`Diagnostic`]s (all the problems found, not only the
/// first) and, where known, the source files they point into. `Display`
/// renders each diagnostic with the offending source line and a caret line.
pub struct Error(Box<ErrorInner>);

struct ErrorInner {
    diagnostics: Vec<Diagnostic>,
    sources: Vec<Arc<SourceFile>>,
}

impl Error {
    /// An error with one diagnostic.
    #[cold]
    pub fn new(diag: Diagnostic) -> Error {
        Error(Box::new(ErrorInner {
            diagnostics: vec![diag],
            sources: Vec::new(),
        }))
    }

    /// An error about `subject` with the given summary and detail.
    #[cold]
    pub fn at(summary: impl Into<String>, detail: impl Into<String>, subject: Range) -> Error {
        Error::new(Diagnostic::error(summary, detail, Some(subject)))
    }

    /// The marker a decoder returns after it has recorded its diagnostics
    /// elsewhere: it carries none, and never reaches the user.
    pub(crate) fn reported() -> Error {
        Error(Box::new(ErrorInner {
            diagnostics: Vec::new(),
            sources: Vec::new(),
        }))
    }

    /// Whether this is [`Error::reported`].
    pub(crate) fn is_reported(&self) -> bool {
        self.0.diagnostics.is_empty()
    }

    /// Attaches a source file so `Display` can show snippets from it.
    /// Attaching the same file twice is harmless.
    pub fn with_source(mut self, source: Arc<SourceFile>) -> Error {
        if !self.0.sources.iter().any(|s| Arc::ptr_eq(s, &source)) {
            self.0.sources.push(source);
        }
        self
    }

    /// The source files attached so far.
    pub(crate) fn clone_sources(&self) -> Vec<Arc<SourceFile>> {
        self.0.sources.clone()
    }

    /// Every diagnostic, in the order found.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.0.diagnostics
    }

    /// Consumes the error, giving its diagnostics.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.0.diagnostics
    }

    /// Appends the diagnostics and sources of `other`.
    pub fn merge(mut self, other: Error) -> Error {
        let other = *other.0;
        self.0.diagnostics.extend(other.diagnostics);
        for s in other.sources {
            self = self.with_source(s);
        }
        self
    }

    fn source_for(&self, range: &Range) -> Option<&SourceFile> {
        self.0
            .sources
            .iter()
            .find(|s| **s.name() == *range.filename)
            .map(|s| &**s)
    }
}

impl From<Diagnostics> for Error {
    fn from(diags: Diagnostics) -> Error {
        Error(Box::new(ErrorInner {
            diagnostics: diags.0,
            sources: Vec::new(),
        }))
    }
}

impl From<Diagnostic> for Error {
    fn from(diag: Diagnostic) -> Error {
        Error::new(diag)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("diagnostics", &self.0.diagnostics)
            .finish()
    }
}

impl fmt::Display for Error {
    /// Renders every diagnostic like HCL's diagnostic printer:
    ///
    /// ```text
    /// Error: Unknown variable
    ///
    ///   on main.tf.json line 3, column 12:
    ///    3:   "name": "${nosuch}",
    ///                    ^^^^^^
    ///
    /// There is no variable named "nosuch".
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, diag) in self.0.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            render(
                f,
                diag,
                diag.subject.as_ref().and_then(|r| self.source_for(r)),
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Handed over (see `handover`) around the `serde::de::Error::custom` call
/// of a generated decoder whose field's absence was already reported: it
/// only knows the generic error type, and this makes ours
/// [`Error::reported`].
pub(crate) struct AlreadyReported;

impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        if crate::handover::take::<AlreadyReported>().is_some() {
            return Error::reported();
        }
        Error::new(Diagnostic::error("Invalid value", msg.to_string(), None))
    }
}

impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(Diagnostic::error("Invalid value", msg.to_string(), None))
    }
}

fn render(f: &mut fmt::Formatter<'_>, diag: &Diagnostic, src: Option<&SourceFile>) -> fmt::Result {
    let label = match diag.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    };
    writeln!(f, "{label}: {}", diag.summary)?;
    if let Some(range) = &diag.subject {
        writeln!(f)?;
        writeln!(
            f,
            "  on {} line {}, column {}:",
            range.filename, range.start.line, range.start.column
        )?;
        if let Some(src) = src {
            render_snippet(f, src, range)?;
        }
    }
    if !diag.detail.is_empty() {
        writeln!(f)?;
        writeln!(f, "{}", diag.detail)?;
    }
    Ok(())
}

/// How many characters of a source line a snippet shows: long lines (a
/// minified file is one line) are cut to a window around the range.
const SNIPPET_WIDTH: usize = 120;
/// How many characters before the range the window keeps.
const SNIPPET_LEAD: usize = 40;

/// The first line of `range` with a `^^^` line under the part it covers
/// (to the end of that line when the range goes on). A line longer than
/// [`SNIPPET_WIDTH`] characters is shown as a window around the range, with
/// `…` where it was cut.
fn render_snippet(f: &mut fmt::Formatter<'_>, src: &SourceFile, range: &Range) -> fmt::Result {
    let line = range.start.line;
    let text = src.line_text(line);
    let len = text.chars().count();
    let col = range.start.column.max(1);
    let width = if range.end.line == line {
        range.end.column.saturating_sub(col)
    } else {
        len.saturating_sub(col - 1)
    };
    // The window of characters shown, [first, first + SNIPPET_WIDTH).
    let first = if len <= SNIPPET_WIDTH {
        0
    } else {
        (col - 1)
            .saturating_sub(SNIPPET_LEAD)
            .min(len - SNIPPET_WIDTH)
    };
    let shown: String = text
        .chars()
        .skip(first)
        .take(SNIPPET_WIDTH)
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let before = if first > 0 { "…" } else { "" };
    let after = if first + SNIPPET_WIDTH < len {
        "…"
    } else {
        ""
    };
    let gutter = format!("{line:>4}: ");
    writeln!(f, "{gutter}{before}{shown}{after}")?;
    let indent = gutter.len() + before.chars().count() + (col - 1 - first);
    let visible = width.min(first + SNIPPET_WIDTH - (col - 1).min(first + SNIPPET_WIDTH));
    writeln!(f, "{}{}", " ".repeat(indent), "^".repeat(visible.max(1)))
}

/// The candidate closest to `given` by edit distance, if one is close
/// enough to be a likely typo (distance below 3, as HCL suggests).
pub(crate) fn did_you_mean<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(given, c), c))
        .filter(|&(d, _)| d < 3)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_shows_summary_location_snippet_and_detail() {
        let src = Arc::new(SourceFile::new(
            "main.tf.json",
            "{\n  \"a\": \"${nosuch}\"\n}\n",
        ));
        let range = src.range(12, 18);
        let err = Error::at(
            "Unknown variable",
            "There is no variable named \"nosuch\".",
            range,
        )
        .with_source(src);
        let text = err.to_string();
        assert_eq!(
            text,
            "Error: Unknown variable\n\n  on main.tf.json line 2, column 11:\n   2:   \"a\": \"${nosuch}\"\n                ^^^^^^\n\nThere is no variable named \"nosuch\".\n"
        );
    }

    #[test]
    fn long_lines_are_shown_as_a_window_around_the_range() {
        let text = format!(
            "{{\"a\": \"{}\", \"bad\": tru, \"z\": \"{}\"}}",
            "x".repeat(5000),
            "y".repeat(5000)
        );
        let start = text.find("tru,").unwrap();
        let src = Arc::new(SourceFile::new("min.json", text.clone()));
        let err =
            Error::at("Invalid JSON keyword", "", src.range(start, start + 3)).with_source(src);
        let shown = err.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        let snippet = lines[3];
        let caret = lines[4];
        assert!(snippet.starts_with("   1: …"), "{snippet}");
        assert!(snippet.ends_with('…'), "{snippet}");
        assert!(snippet.chars().count() < 140, "{snippet}");
        // The caret is under `tru`.
        let at = caret.find('^').unwrap();
        let under: String = snippet
            .chars()
            .skip(caret[..at].chars().count())
            .take(3)
            .collect();
        assert_eq!(under, "tru");
        assert_eq!(caret.trim(), "^^^");
    }

    #[test]
    fn diagnostics_into_result_keeps_all() {
        let mut d = Diagnostics::new();
        assert!(d.clone().into_result(1).is_ok());
        d.push(Diagnostic::warning("w", "", None));
        assert!(d.clone().into_result(1).is_ok());
        d.push(Diagnostic::error("a", "", None));
        d.push(Diagnostic::error("b", "", None));
        let err = d.into_result(()).unwrap_err();
        assert_eq!(err.diagnostics().len(), 3);
    }

    #[test]
    fn error_is_one_pointer_wide() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }
}
