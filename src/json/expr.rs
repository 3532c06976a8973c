//! Expressions: handles to the value of an attribute.
//!
//! An [`Expression`] points at a JSON node of its parsed file (and, for
//! parts of a native template inside a JSON string, at a parsed native
//! expression). What it evaluates to is the `eval` layer's business; what it
//! looks like statically is static analysis'.

use std::sync::Arc;

use super::tree::{FileData, NodeId};
use crate::pos::Range;

/// An unevaluated expression, with the source at hand for diagnostics.
///
/// Cheap to clone, `'static`, `Send + Sync`: keep it in a struct and
/// evaluate it later, on another thread if you like.
#[derive(Clone)]
pub struct Expression {
    pub(crate) file: Arc<FileData>,
    pub(crate) node: NodeId,
}

impl Expression {
    pub(crate) fn json(file: Arc<FileData>, node: NodeId) -> Expression {
        Expression { file, node }
    }

    /// The source range of the expression.
    pub fn range(&self) -> Range {
        self.file.range(self.node)
    }

    /// The exact source text of the expression.
    pub fn source_text(&self) -> &str {
        self.file.raw(self.node)
    }
}

impl std::fmt::Debug for Expression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Expression({} at {})", self.source_text(), self.range())
    }
}
