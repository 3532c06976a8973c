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
//!
//! The front ends live beside it: [`Renderer`] writes text for people
//! (`render.rs`), [`JsonDiagnostics`] and the `Serialize` impls write
//! `terraform validate -json`'s document for tools (`json.rs`), and the
//! `miette` feature hands diagnostics to miette (`to_miette.rs`). What
//! surrounds an offset ("in resource \"a\" \"b\"") only a parsed file
//! knows: `body` gives it as a [`Source`], which errors carry.

use std::fmt;
use std::sync::Arc;

use crate::pos::Range;

mod json;
mod render;
#[cfg(feature = "miette")]
mod to_miette;

pub use json::JsonDiagnostics;
pub use render::{Renderer, SnippetStyle, Source, Sources};

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
    /// The text is not valid syntax: a JSON or native-syntax parse error
    /// ("Invalid expression", "Trailing comma in object", ...).
    Syntax,
    /// A body sets an argument its schema does not have ("Unsupported
    /// argument"; in JSON, "Extraneous JSON object property").
    UnsupportedArgument,
    /// A body has a block of a type its schema does not have
    /// ("Unsupported block type").
    UnsupportedBlock,
    /// A required argument is not set ("Missing required argument").
    MissingArgument,
    /// A required block is absent ("Missing NAME block").
    MissingBlock,
    /// An argument is set twice ("Duplicate argument").
    DuplicateArgument,
    /// More blocks of a type than the schema allows ("Duplicate NAME
    /// block", "Too many NAME blocks").
    DuplicateBlock,
    /// A block has more or fewer labels than its schema names
    /// ("Extraneous label for NAME", "Missing NAME for TYPE").
    BlockLabels,
    /// A reference names a variable the context does not have ("Unknown
    /// variable"; "Variables not allowed" when the context has none), or
    /// a module's reference names a variable, local value, module call or
    /// data resource the module does not declare.
    UnknownVariable,
    /// Variables are not allowed here (a literal-only context).
    VariablesNotAllowed,
    /// An attribute step names an attribute the object does not have
    /// ("Unsupported attribute").
    UnsupportedAttribute,
    /// A call names a function the context does not have ("Call to
    /// unknown function"), including the standard functions this build
    /// leaves out and the impure ones not granted.
    UnknownFunction,
    /// Function calls are not allowed here (a literal-only context, or a
    /// context without functions).
    FunctionCallsNotAllowed,
    /// A call passes too few or too many arguments ("Not enough function
    /// arguments", "Too many function arguments").
    WrongArgumentCount,
    /// An argument of a call is not what the function accepts ("Invalid
    /// function argument").
    InvalidFunctionArgument,
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
    /// The evaluation spent its budget ([`Limits`](crate::value::limits::Limits)): the
    /// input asks for more than the context allows, and raising the limit
    /// (for trusted input) is what lets it through.
    LimitExceeded {
        /// The limit exceeded.
        limit: Limit,
    },
}

/// A limit of an evaluation's budget ([`Limits`](crate::value::limits::Limits)), as
/// [`DiagnosticKind::LimitExceeded`] names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Limits::max_bytes`](crate::value::limits::Limits::max_bytes): bytes of strings
    /// and collections produced.
    Bytes,
    /// [`Limits::max_steps`](crate::value::limits::Limits::max_steps): loop iterations,
    /// function calls and values visited.
    Steps,
    /// [`Limits::max_depth`](crate::value::limits::Limits::max_depth): nesting of values
    /// and of evaluations inside evaluations.
    Depth,
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

    /// Drops the diagnostics past the first `len` (those an evaluation
    /// takes back).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Puts `diags` ahead of the diagnostics past the first `at`.
    pub(crate) fn insert_at(&mut self, at: usize, diags: Diagnostics) {
        self.0.splice(at..at, diags.0);
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
/// first) and, where known, the source files they point into, each with what
/// names the block or JSON path around an offset ([`Error::sources`]).
/// `Display` renders each diagnostic with that name on its location line
/// (", in resource \"aws_instance\" \"web\""), the offending source line and a
/// caret line.
pub struct Error(Box<ErrorInner>);

struct ErrorInner {
    diagnostics: Vec<Diagnostic>,
    sources: Vec<Source>,
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

    /// Attaches a source file so `Display` can show snippets from it: an
    /// `Arc<SourceFile>` (its text) or a [`Source`] (its text and what
    /// names the block around an offset). Attaching the same file twice is
    /// harmless; a source that names blocks replaces one that does not.
    pub fn with_source(mut self, source: impl Into<Source>) -> Error {
        let source = source.into();
        let same = |s: &Source| Arc::ptr_eq(s.file(), source.file());
        match self.0.sources.iter_mut().find(|s| same(s)) {
            Some(kept) if !kept.has_context() && source.has_context() => *kept = source,
            Some(_) => {}
            None => self.0.sources.push(source),
        }
        self
    }

    /// The sources attached: each file the diagnostics point into, with
    /// what names the block or JSON path around an offset where the error
    /// knows it (a file that failed to parse names what its parse
    /// recovered, as Terraform does). An application keeping [`Sources`]
    /// for a later [`Renderer`] adds these.
    ///
    /// ```
    /// use hcl_json::diag::{Renderer, Sources};
    ///
    /// let err = hcl_json::parse_native("resource \"a\" \"b\" {\n  count = 1 +\n}\n", "main.tf")
    ///     .unwrap_err();
    /// let mut sources = Sources::new();
    /// for source in err.sources() {
    ///     sources.add(source.clone());
    /// }
    /// let text = Renderer::new().render_error(&err, &sources);
    /// assert!(text.contains("on main.tf line 2, column 14, in resource \"a\" \"b\":"));
    /// ```
    pub fn sources(&self) -> &[Source] {
        &self.0.sources
    }

    /// The sources attached so far (each with its context), for an
    /// error rebuilt from this one's diagnostics.
    pub(crate) fn clone_sources(&self) -> Vec<Source> {
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

    /// The same error with `kind` on each diagnostic (for an error of one
    /// diagnostic built by a helper that does not know its kind).
    pub(crate) fn with_kind(mut self, kind: DiagnosticKind) -> Error {
        for d in &mut self.0.diagnostics {
            d.kind = kind.clone();
        }
        self
    }

    /// The attached source named `name`.
    fn source_named(&self, name: &str) -> Option<&Source> {
        self.0.sources.iter().find(|s| **s.file().name() == *name)
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

/// `{:?}` is the rendered text, so that `fn main() -> Result<(), Error>`
/// (which prints `Error: ` and then the error's `Debug`) shows HCL's text:
/// the first diagnostic's own "Error: " label is left to Rust's, so it is
/// not printed twice. `{:#?}` is the structure, for debugging.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f
                .debug_struct("Error")
                .field("diagnostics", &self.0.diagnostics)
                .finish();
        }
        let text = self.to_string();
        f.write_str(text.strip_prefix("Error: ").unwrap_or(&text))
    }
}

impl fmt::Display for Error {
    /// Renders every diagnostic like HCL's diagnostic printer, with a
    /// caret under the subject ([`Renderer::new`]'s layout, without the
    /// blank line after the last diagnostic):
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
        let mut text = String::new();
        Renderer::new().write_error(&mut text, self, &Sources::new());
        f.write_str(text.strip_suffix('\n').unwrap_or(&text))
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

/// Handed over around the `serde::ser::Error::custom` call a `Value` makes
/// when a serializer meets an unknown value: ours then gives the error
/// [`DiagnosticKind::UnknownValue`].
pub(crate) struct NotYetKnown;

impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        let diag = Diagnostic::error("Invalid value", msg.to_string(), None);
        if crate::handover::take::<NotYetKnown>().is_some() {
            return Error::new(diag.with_kind(DiagnosticKind::UnknownValue));
        }
        Error::new(diag)
    }
}

/// HCL's sentence for a likely typo, ` Did you mean "x"?` with the
/// candidate [`did_you_mean`] finds, or nothing: it follows a detail's
/// first sentence ("There is no function named \"upcase\". Did you mean
/// \"upper\"?").
pub(crate) fn suggestion<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(given, candidates)
        .map(|s| format!(" Did you mean {s:?}?"))
        .unwrap_or_default()
}

/// The candidate closest to `given` by edit distance, if one is close
/// enough to be a likely typo (distance below 3, as HCL suggests).
///
/// Linear in the lengths: a candidate whose length differs by 3 or more
/// cannot be that close and is skipped, and the distance is computed only
/// within a band of 2 around the diagonal, so a megabyte-long name costs
/// a pass over it, not its square.
pub(crate) fn did_you_mean<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    const MAX: usize = 2;
    let given: Vec<char> = given.chars().collect();
    let mut best: Option<(usize, &'a str)> = None;
    let mut buf = Vec::new();
    for c in candidates {
        // A char is at most 4 bytes: a quick test before decoding.
        if c.len() + 4 * MAX < given.len() || c.len() > 4 * (given.len() + MAX) {
            continue;
        }
        buf.clear();
        buf.extend(c.chars());
        if let Some(d) = bounded_levenshtein(&given, &buf, MAX) {
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// The Levenshtein distance of `a` and `b` if it is at most `k`: only the
/// cells within `k` of the diagonal are computed (others cannot lead to a
/// distance of at most `k`), so the cost is `O(len × k)`.
pub(crate) fn bounded_levenshtein(a: &[char], b: &[char], k: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > k {
        return None;
    }
    let far = k + 1;
    let mut prev: Vec<usize> = (0..=b.len())
        .map(|j| if j <= k { j } else { far })
        .collect();
    let mut cur = vec![far; b.len() + 1];
    for i in 1..=a.len() {
        let lo = i.saturating_sub(k);
        let hi = (i + k).min(b.len());
        let mut row_min = far;
        if lo == 0 {
            cur[0] = i.min(far);
            row_min = cur[0];
        } else {
            cur[lo - 1] = far;
        }
        for j in lo.max(1)..=hi {
            let substitute = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let delete = prev[j] + 1;
            let insert = cur[j - 1] + 1;
            cur[j] = substitute.min(delete).min(insert).min(far);
            row_min = row_min.min(cur[j]);
        }
        if hi < b.len() {
            cur[hi + 1] = far;
        }
        if row_min > k {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= k).then_some(d)
}

#[cfg(test)]
#[path = "diag_tests.rs"]
mod tests;
