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

/// Structure that decoding looks into, so errors point at the element at
/// fault and `Expression` fields can be captured inside arrays and objects.
impl Expression {
    fn sub(&self, node: NodeId) -> Expression {
        Expression::json(self.file.clone(), node)
    }

    /// The elements of a JSON array expression.
    pub(crate) fn json_elements(&self) -> Option<Vec<Expression>> {
        match self.file.node(self.node).kind {
            super::NodeKind::Array { first, len } => Some(
                self.file
                    .elements(first, len)
                    .iter()
                    .map(|&e| self.sub(e))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The `(name, value)` expressions of a JSON object expression.
    pub(crate) fn json_properties(&self) -> Option<Vec<(Expression, Expression)>> {
        match self.file.node(self.node).kind {
            super::NodeKind::Object { first, len } => Some(
                self.file
                    .properties(first, len)
                    .iter()
                    .map(|p| (self.sub(p.name), self.sub(p.value)))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Whether this is the JSON literal `null`.
    pub(crate) fn is_json_null(&self) -> bool {
        matches!(self.file.node(self.node).kind, super::NodeKind::Null)
    }

    /// The source file, for attaching to errors.
    pub(crate) fn source(&self) -> &Arc<crate::pos::SourceFile> {
        &self.file.source
    }
}
