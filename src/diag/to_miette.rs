//! The `miette` feature: diagnostics shown by [miette](https://docs.rs/miette),
//! the renderer many Rust applications print their errors with.
//!
//! A [`Diagnostic`] is a `miette::Diagnostic` (its summary the message,
//! its detail the help, its subject and context ranges labels), and an
//! [`Error`] converts into a `miette::Report` (so `?` works in a function
//! returning `miette::Result`) that shows the first diagnostic with its
//! source and the others as related diagnostics. `Error` itself is not a
//! `miette::Diagnostic`: miette prints an error's `Display` as the
//! headline, and `Error`'s is the whole rendered text, snippets included.

use std::fmt;
use std::sync::Arc;

use miette::{LabeledSpan, MietteError, NamedSource, SourceCode, SourceSpan, SpanContents};

use super::{Diagnostic, DiagnosticKind, Error, Severity};
use crate::pos::{Range, SourceFile};

/// The summary, as miette's headline (with the `miette` feature).
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        kind_code(&self.kind).map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (!self.detail.is_empty()).then(|| Box::new(&self.detail) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let subject = self.subject.as_ref()?;
        let mut labels = vec![LabeledSpan::new_primary_with_span(None, span(subject))];
        if let Some(context) = self.context.as_ref().filter(|c| *c != subject) {
            labels.push(LabeledSpan::new_with_span(None, span(context)));
        }
        Some(Box::new(labels.into_iter()))
    }
}

/// `hcl::UnknownVariable` for a classified diagnostic.
fn kind_code(kind: &DiagnosticKind) -> Option<String> {
    if *kind == DiagnosticKind::Other {
        return None;
    }
    let name = format!("{kind:?}");
    let end = name.find([' ', '{', '(']).unwrap_or(name.len());
    Some(format!("hcl::{}", &name[..end]))
}

fn span(range: &Range) -> SourceSpan {
    SourceSpan::new(
        range.start.byte.into(),
        range.end.byte.saturating_sub(range.start.byte),
    )
}

/// A source file as miette reads it (the text is shared, not copied).
struct Text(Arc<SourceFile>);

impl SourceCode for Text {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        self.0
            .text()
            .read_span(span, context_lines_before, context_lines_after)
    }
}

/// One diagnostic with the file it points into, and (for the first of an
/// error) the others.
struct Sourced {
    diag: Diagnostic,
    source: Option<NamedSource<Text>>,
    related: Vec<Sourced>,
}

impl fmt::Debug for Sourced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sourced")
            .field("diag", &self.diag)
            .field(
                "source",
                &self.source.as_ref().map(|s| s.name().to_string()),
            )
            .field("related", &self.related)
            .finish()
    }
}

impl fmt::Display for Sourced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.summary)
    }
}

impl std::error::Error for Sourced {}

impl miette::Diagnostic for Sourced {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        miette::Diagnostic::code(&self.diag)
    }

    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(&self.diag)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        miette::Diagnostic::help(&self.diag)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source.as_ref()?;
        miette::Diagnostic::labels(&self.diag)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related.iter().map(|d| d as &dyn miette::Diagnostic),
        ))
    }
}

/// The first diagnostic with its source, the others related to it, so
/// `?` turns an [`Error`] into a report in a function returning
/// `miette::Result`.
///
/// ```
/// # fn main() {
/// fn load() -> miette::Result<hcl_json::File> {
///     Ok(hcl_json::parse(r#"{"a": tru}"#, "app.json")?)
/// }
/// let report = load().unwrap_err();
/// assert_eq!(report.to_string(), "Invalid JSON keyword");
/// assert_eq!(
///     report.help().unwrap().to_string(),
///     "\"tru\" is not a valid JSON keyword. Did you mean \"true\"?"
/// );
/// assert_eq!(report.code().unwrap().to_string(), "hcl::Syntax");
/// # }
/// ```
impl From<Error> for miette::Report {
    fn from(err: Error) -> miette::Report {
        let sources: Vec<Arc<SourceFile>> =
            err.sources().iter().map(|s| Arc::clone(s.file())).collect();
        let sourced = |diag: Diagnostic| {
            let source = diag.subject.as_ref().and_then(|r| {
                sources
                    .iter()
                    .find(|s| **s.name() == *r.filename)
                    .map(|s| NamedSource::new(s.name(), Text(Arc::clone(s))))
            });
            Sourced {
                diag,
                source,
                related: Vec::new(),
            }
        };
        let mut diags = err.into_diagnostics().into_iter().map(sourced);
        let mut first = diags.next().unwrap_or_else(|| Sourced {
            diag: Diagnostic::error("Error", "", None),
            source: None,
            related: Vec::new(),
        });
        first.related = diags.collect();
        miette::Report::new(first)
    }
}
