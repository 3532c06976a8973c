//! Expressions: handles to the value of an attribute.
//!
//! An [`Expression`] is either a JSON node of its parsed file, or a native
//! expression parsed from the content of a JSON string (what static
//! analysis hands out for `"aws_instance.web"` or the arguments of
//! `"list(string)"`, and what `try` gets as lazy arguments). Both keep the
//! file at hand, so every diagnostic points into it. What an expression
//! evaluates to is the `eval` layer's business.

use std::sync::Arc;

use super::tree::{FileData, NodeId, NodeKind};
use crate::diag::Error;
use crate::pos::{Range, SourceFile};
use crate::syntax::{self, Span};

/// An unevaluated expression, with the source at hand for diagnostics.
///
/// Cheap to clone, `'static`, `Send + Sync`: keep it in a struct and
/// evaluate it later, on another thread if you like.
#[derive(Clone)]
pub struct Expression {
    pub(crate) file: Arc<FileData>,
    pub(crate) kind: ExprKind,
}

/// What an [`Expression`] is made of.
#[derive(Clone)]
#[allow(dead_code)] // `Native` is built by static analysis and `try`.
pub(crate) enum ExprKind {
    /// A JSON value.
    Json(NodeId),
    /// A native expression from the text of a JSON string.
    Native(NativeExpr),
}

/// A native expression and the JSON string its spans point into.
#[derive(Clone)]
pub(crate) struct NativeExpr {
    /// The string node whose decoded text the spans of `expr` index.
    pub string: NodeId,
    pub expr: Arc<syntax::Expr>,
}

impl Expression {
    pub(crate) fn json(file: Arc<FileData>, node: NodeId) -> Expression {
        Expression {
            file,
            kind: ExprKind::Json(node),
        }
    }

    #[allow(dead_code)]
    pub(crate) fn native(file: Arc<FileData>, string: NodeId, expr: syntax::Expr) -> Expression {
        Expression {
            file,
            kind: ExprKind::Native(NativeExpr {
                string,
                expr: Arc::new(expr),
            }),
        }
    }

    /// The source range of the expression.
    pub fn range(&self) -> Range {
        match &self.kind {
            ExprKind::Json(node) => self.file.range(*node),
            ExprKind::Native(n) => self.span_range(n.string, n.expr.span),
        }
    }

    /// The range of `span` of the decoded text of JSON string `string`.
    pub(crate) fn span_range(&self, string: NodeId, span: Span) -> Range {
        self.file
            .string_range(string, span.start as usize, span.end as usize)
    }

    /// The exact source text of the expression.
    pub fn source_text(&self) -> &str {
        match &self.kind {
            ExprKind::Json(node) => self.file.raw(*node),
            ExprKind::Native(n) => {
                let text = self.file.str(n.string).unwrap_or_default();
                text.get(n.expr.span.start as usize..n.expr.span.end as usize)
                    .unwrap_or_default()
            }
        }
    }

    /// The JSON node, for a JSON expression.
    pub(crate) fn json_node(&self) -> Option<NodeId> {
        match self.kind {
            ExprKind::Json(node) => Some(node),
            ExprKind::Native(_) => None,
        }
    }

    /// The source file, for attaching to errors.
    pub(crate) fn source(&self) -> &Arc<SourceFile> {
        &self.file.source
    }

    /// This expression as a native one: itself if it is, or the content of
    /// a JSON string parsed as a native *expression* (not a template), the
    /// way static analysis reads `"aws_instance.web"`. `None` for other JSON
    /// values; `Some(Err)` with exact ranges if the string does not parse.
    #[allow(dead_code)]
    pub(crate) fn as_native(&self) -> Option<Result<NativeExpr, Error>> {
        let node = match &self.kind {
            ExprKind::Native(n) => return Some(Ok(n.clone())),
            ExprKind::Json(node) => *node,
        };
        let text = self.file.str(node)?;
        Some(match syntax::parse_expression(text) {
            Ok(expr) => Ok(NativeExpr {
                string: node,
                expr: Arc::new(expr),
            }),
            Err(errors) => {
                let mut diags = crate::diag::Diagnostics::new();
                for e in &errors {
                    diags.push(e.to_diagnostic(|span| self.span_range(node, span)));
                }
                Err(Error::from(diags).with_source(self.file.source.clone()))
            }
        })
    }

    fn sub(&self, node: NodeId) -> Expression {
        Expression::json(self.file.clone(), node)
    }

    /// The elements of a JSON array expression.
    pub(crate) fn json_elements(&self) -> Option<Vec<Expression>> {
        match self.file.node(self.json_node()?).kind {
            NodeKind::Array { first, len } => Some(
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
        match self.file.node(self.json_node()?).kind {
            NodeKind::Object { first, len } => Some(
                self.file
                    .properties(first, len)
                    .iter()
                    .map(|p| (self.sub(p.name), self.sub(p.value)))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The string node, its decoded text and the tree of a native
    /// expression (static analysis walks it; spans index that text).
    pub(crate) fn native_tree(&self) -> Option<(NodeId, &str, &syntax::Expr)> {
        match &self.kind {
            ExprKind::Native(n) => Some((n.string, self.file.str(n.string)?, &n.expr)),
            ExprKind::Json(_) => None,
        }
    }

    /// The node and decoded text of a JSON string expression.
    pub(crate) fn json_string(&self) -> Option<(NodeId, &str)> {
        let node = self.json_node()?;
        Some((node, self.file.str(node)?))
    }

    /// Whether this is a JSON object.
    pub(crate) fn is_json_object(&self) -> bool {
        self.json_node()
            .is_some_and(|n| matches!(self.file.node(n).kind, NodeKind::Object { .. }))
    }

    /// Whether this is a JSON object or array.
    pub(crate) fn is_json_container(&self) -> bool {
        self.json_node().is_some_and(|n| {
            matches!(
                self.file.node(n).kind,
                NodeKind::Object { .. } | NodeKind::Array { .. }
            )
        })
    }

    /// Whether this is the JSON literal `null`.
    pub(crate) fn is_json_null(&self) -> bool {
        self.json_node()
            .is_some_and(|n| matches!(self.file.node(n).kind, NodeKind::Null))
    }
}

impl std::fmt::Debug for Expression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Expression({} at {})", self.source_text(), self.range())
    }
}
