//! What a failed conversion reports: where inside the value
//! ([`PathStep`]s) and what was required there ([`ConversionError`]), and
//! HCL's "Unsuitable value type" made of it. Both the conversions
//! (`value/convert.rs`) and the type-level mismatch messages
//! (`value/mismatch.rs`) build these.

use std::fmt;

use crate::diag::{Diagnostic, DiagnosticKind, Error};

/// One step into a nested value, for error messages.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathStep {
    /// An element of a list, set or tuple.
    Index(usize),
    /// An element of a map.
    Key(String),
    /// An attribute of an object.
    Attr(String),
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Index(i) => write!(f, "element {i}"),
            PathStep::Key(k) => write!(f, "element {k:?}"),
            PathStep::Attr(a) => write!(f, "attribute {a:?}"),
        }
    }
}

/// Why a value could not be converted: where (the path from the converted
/// value to the offending part, outermost first) and what was required
/// ("a number is required", "attribute \"name\" is required").
///
/// `Display` gives `element 2: a bool is required`, ready to put after
/// "Inappropriate value for attribute \"count\": ". Converting it into an
/// [`Error`] gives the diagnostic "Unsuitable value type" with detail
/// "Unsuitable value: element 2: a bool is required.".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError {
    /// Where inside the value, outermost step first; empty for the value
    /// itself.
    pub path: Vec<PathStep>,
    /// What was wrong, without a trailing period.
    pub message: String,
}

impl ConversionError {
    pub(super) fn new(path: &[PathStep], message: impl Into<String>) -> ConversionError {
        ConversionError {
            path: path.to_vec(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.path {
            write!(f, "{step}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}

impl From<ConversionError> for Error {
    fn from(e: ConversionError) -> Error {
        unsuitable(e.to_string())
    }
}

/// The error of a value that does not fit the type a place requires: HCL's
/// "Unsuitable value type", with `reason` ("a number is required") in the
/// detail for people and in the [`DiagnosticKind`] for the layers that
/// reword it with a location.
#[cold]
pub(crate) fn unsuitable(reason: impl Into<String>) -> Error {
    let reason = reason.into();
    Error::new(
        Diagnostic::error(
            "Unsuitable value type",
            format!("Unsuitable value: {reason}."),
            None,
        )
        .with_kind(DiagnosticKind::UnsuitableValue { reason }),
    )
}
