//! Expressions: handles to the value of an attribute.
//!
//! An [`Expression`] is either a JSON node of its parsed file, or a native
//! expression: an attribute's value in a native file, or one parsed from
//! the content of a JSON string (what static analysis hands out for
//! `"aws_instance.web"` or the arguments of `"list(string)"`, and what
//! `try` gets as lazy arguments). A native expression carries its
//! [`Origin`], the text its spans index, so every diagnostic points into
//! the right file at the right place. What an expression
//! evaluates to is the `eval` layer's business.

use std::sync::Arc;

use super::context;
use super::native::NativeFile;
use crate::diag::{Error, Source};
use crate::json::{path_source, FileData, HandleTrees, NodeId, NodeKind};
use crate::native::{self, Span};
use crate::pos::{Range, SourceFile};

/// An unevaluated expression, with the source at hand for diagnostics.
///
/// Cheap to clone, `'static`, `Send + Sync`: keep it in a struct and
/// evaluate it later, on another thread if you like.
#[derive(Clone)]
pub struct Expression {
    pub(crate) kind: ExprKind,
}

/// What an [`Expression`] is made of.
#[derive(Clone)]
pub(crate) enum ExprKind {
    /// A JSON value; `kept` when the handle keeps the trees of the
    /// templates it evaluates (see [`HandleTrees`]).
    Json {
        file: Arc<FileData>,
        node: NodeId,
        kept: Option<Arc<HandleTrees>>,
    },
    /// A native expression: an attribute's value in a native file, or one
    /// parsed from the text of a JSON string.
    Native(NativeExpr),
}

/// A native expression and the text its spans index.
#[derive(Clone)]
pub(crate) struct NativeExpr {
    pub origin: Origin,
    pub expr: Arc<native::Expr>,
}

/// The text the spans of a native expression index, and how they map to
/// source ranges.
#[derive(Clone)]
pub(crate) enum Origin {
    /// The decoded text of a JSON string node: spans map through its
    /// escapes back to the file. The file keeps no decoded text, so a
    /// string with escapes brings its own (`decoded`); without escapes
    /// the text is the source's.
    JsonString {
        file: Arc<FileData>,
        string: NodeId,
        decoded: Option<Arc<str>>,
    },
    /// The source of a native file: spans are source offsets.
    Native(Arc<NativeFile>),
}

/// A borrowed [`Origin`]: what the evaluator carries, copied freely.
#[derive(Clone, Copy)]
pub(crate) enum OriginRef<'a> {
    /// See [`Origin::JsonString`]; the last field is the string's
    /// decoded text.
    JsonString(&'a Arc<FileData>, NodeId, &'a str),
    /// See [`Origin::Native`].
    Native(&'a Arc<NativeFile>),
}

/// A JSON string expression and its decoded text (borrowed from the
/// source, or decoded for the occasion when the string has escapes).
pub(crate) struct JsonString<'a> {
    file: &'a Arc<FileData>,
    node: NodeId,
    pub(crate) text: std::borrow::Cow<'a, str>,
}

impl JsonString<'_> {
    /// The origin of native expressions parsed from the text.
    pub(crate) fn origin(&self) -> OriginRef<'_> {
        OriginRef::JsonString(self.file, self.node, &self.text)
    }
}

impl Origin {
    pub(crate) fn as_ref(&self) -> OriginRef<'_> {
        match self {
            Origin::JsonString {
                file,
                string,
                decoded,
            } => {
                let text = match decoded {
                    Some(text) => text,
                    None => file.source_str(*string).unwrap_or_default(),
                };
                OriginRef::JsonString(file, *string, text)
            }
            Origin::Native(file) => OriginRef::Native(file),
        }
    }
}

impl<'a> OriginRef<'a> {
    /// The text spans index.
    pub(crate) fn text(self) -> &'a str {
        match self {
            OriginRef::JsonString(_, _, text) => text,
            OriginRef::Native(file) => file.source.text(),
        }
    }

    /// The exact source range of `span`.
    pub(crate) fn range(self, span: Span) -> Range {
        match self {
            OriginRef::JsonString(file, string, _) => {
                file.string_range(string, span.start as usize, span.end as usize)
            }
            OriginRef::Native(file) => file.source.range(span.start as usize, span.end as usize),
        }
    }

    /// The source file.
    pub(crate) fn source(self) -> &'a Arc<SourceFile> {
        match self {
            OriginRef::JsonString(file, ..) => &file.source,
            OriginRef::Native(file) => &file.source,
        }
    }

    /// The source file for an error, with what names the block or JSON
    /// path around an offset.
    pub(crate) fn diag_source(self) -> Source {
        match self {
            OriginRef::JsonString(file, ..) => path_source(file),
            OriginRef::Native(file) => context::native_source(file),
        }
    }

    pub(crate) fn to_owned(self) -> Origin {
        match self {
            OriginRef::JsonString(file, string, text) => Origin::JsonString {
                file: file.clone(),
                string,
                // A copy only when the text is not the source's.
                decoded: file.source_str(string).is_none().then(|| text.into()),
            },
            OriginRef::Native(file) => Origin::Native(file.clone()),
        }
    }

    /// An expression handle for `expr`, whose spans index this origin.
    pub(crate) fn expression(self, expr: native::Expr) -> Expression {
        Expression::native(self.to_owned(), expr)
    }
}

impl Expression {
    pub(crate) fn json(file: Arc<FileData>, node: NodeId) -> Expression {
        Expression {
            kind: ExprKind::Json {
                file,
                node,
                kept: None,
            },
        }
    }

    /// Points this JSON handle at another node of its file (a walk over a
    /// body's attributes reuses one handle). No effect on a native one.
    pub(crate) fn move_to(&mut self, to: NodeId) {
        if let ExprKind::Json { node, .. } = &mut self.kind {
            *node = to;
        }
    }

    /// This handle, keeping from now on the trees of the templates it
    /// evaluates (up to a bound), for a handle that an application holds
    /// and evaluates later: evaluating it again costs the evaluation only.
    pub(crate) fn keeping_trees(mut self) -> Expression {
        if let ExprKind::Json { kept, .. } = &mut self.kind {
            kept.get_or_insert_with(Default::default);
        }
        self
    }

    pub(crate) fn native(origin: Origin, expr: native::Expr) -> Expression {
        Expression::native_shared(origin, Arc::new(expr))
    }

    pub(crate) fn native_shared(origin: Origin, expr: Arc<native::Expr>) -> Expression {
        Expression {
            kind: ExprKind::Native(NativeExpr { origin, expr }),
        }
    }

    /// The JSON file, for a JSON expression.
    pub(crate) fn json_file(&self) -> Option<(&Arc<FileData>, NodeId)> {
        match &self.kind {
            ExprKind::Json { file, node, .. } => Some((file, *node)),
            ExprKind::Native(_) => None,
        }
    }

    /// Parses `src` as one expression of HCL's native syntax (what
    /// `hclsyntax.ParseExpression` reads): a value given on a command line
    /// or in an environment variable, say. Whitespace and comments around
    /// it are allowed; anything else after it is an error. Ranges and
    /// diagnostics point into `src`, named `filename`.
    ///
    /// ```
    /// use hcl_json::{EvalContext, Expression, Value};
    ///
    /// let expr = Expression::parse("[for n in nums : n * 2]", "<value>")?;
    /// let ctx = EvalContext::new().with_variable("nums", Value::tuple([1.into(), 2.into()]));
    /// assert_eq!(expr.value(&ctx)?, Value::tuple([2.into(), 4.into()]));
    /// assert_eq!(expr.range().end.column, 24);
    ///
    /// let err = Expression::parse("1 +", "<value>").unwrap_err();
    /// assert_eq!(err.diagnostics()[0].summary, "Missing expression");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn parse(src: &str, filename: &str) -> Result<Expression, Error> {
        super::native::standalone(src, filename, false)
    }

    /// Parses `src` as a template (what `hclsyntax.ParseTemplate` reads):
    /// literal text with `${ ... }` interpolations and `%{ ... }`
    /// directives, the content of a JSON string in full-expression mode. A
    /// template that is one interpolation and nothing else gives that
    /// expression's value unconverted, as in HCL.
    ///
    /// ```
    /// use hcl_json::{EvalContext, Expression, Value};
    ///
    /// let expr = Expression::parse_template("Hello, ${name}!", "<template>")?;
    /// let ctx = EvalContext::new().with_variable("name", "world");
    /// assert_eq!(expr.value(&ctx)?, Value::from("Hello, world!"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn parse_template(src: &str, filename: &str) -> Result<Expression, Error> {
        super::native::standalone(src, filename, true)
    }

    /// The source range of the expression.
    pub fn range(&self) -> Range {
        match &self.kind {
            ExprKind::Json { file, node, .. } => file.range(*node),
            ExprKind::Native(n) => n.origin.as_ref().range(n.expr.span),
        }
    }

    /// The exact source text of the expression.
    pub fn source_text(&self) -> &str {
        match &self.kind {
            ExprKind::Json { file, node, .. } => file.raw(*node),
            ExprKind::Native(n) => {
                let text = n.origin.as_ref().text();
                text.get(n.expr.span.start as usize..n.expr.span.end as usize)
                    .unwrap_or_default()
            }
        }
    }

    /// The JSON node, for a JSON expression.
    pub(crate) fn json_node(&self) -> Option<NodeId> {
        match self.kind {
            ExprKind::Json { node, .. } => Some(node),
            ExprKind::Native(_) => None,
        }
    }

    /// The source file.
    pub(crate) fn source(&self) -> &Arc<SourceFile> {
        match &self.kind {
            ExprKind::Json { file, .. } => &file.source,
            ExprKind::Native(n) => n.origin.as_ref().source(),
        }
    }

    /// The source file for an error, with what names the block or JSON
    /// path around an offset.
    pub(crate) fn diag_source(&self) -> Source {
        match &self.kind {
            ExprKind::Json { file, .. } => path_source(file),
            ExprKind::Native(n) => n.origin.as_ref().diag_source(),
        }
    }

    /// This expression as a native one: itself if it is, or the content of
    /// a JSON string parsed as a native *expression* (not a template), the
    /// way static analysis reads `"aws_instance.web"`. `None` for other JSON
    /// values; `Some(Err)` with exact ranges if the string does not parse.
    pub(crate) fn as_native(&self) -> Option<Result<NativeExpr, Error>> {
        let (file, node) = match &self.kind {
            ExprKind::Native(n) => return Some(Ok(n.clone())),
            ExprKind::Json { file, node, .. } => (file, *node),
        };
        let text = file.str(node)?;
        let origin = OriginRef::JsonString(file, node, &text);
        Some(match native::parse_expression(&text) {
            Ok(expr) => Ok(NativeExpr {
                origin: origin.to_owned(),
                expr: Arc::new(expr),
            }),
            Err(errors) => {
                let mut diags = crate::diag::Diagnostics::new();
                for e in &errors {
                    diags.push(e.to_diagnostic(|span| origin.range(span)));
                }
                Err(Error::from(diags).with_source(path_source(file)))
            }
        })
    }

    /// The elements of a JSON array expression.
    pub(crate) fn json_elements(&self) -> Option<Vec<Expression>> {
        let (file, node) = self.json_file()?;
        match file.kind(node) {
            NodeKind::Array { first, len } => Some(
                file.elements(first, len)
                    .iter()
                    .map(|&e| Expression::json(file.clone(), e))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The element expressions of a sequence as written: a JSON array, or
    /// a native tuple constructor `[a, b]`. What decoding walks element by
    /// element (so that `Vec<Expression>` captures each one).
    pub(crate) fn static_elements(&self) -> Option<Vec<Expression>> {
        if let Some(elements) = self.json_elements() {
            return Some(elements);
        }
        let ExprKind::Native(n) = &self.kind else {
            return None;
        };
        match &n.expr.kind {
            native::ExprKind::Tuple(items) => {
                let origin = n.origin.as_ref();
                Some(items.iter().map(|e| origin.expression(e.clone())).collect())
            }
            _ => None,
        }
    }

    /// Whether this is a native tuple constructor.
    pub(crate) fn is_native_tuple(&self) -> bool {
        matches!(&self.kind, ExprKind::Native(n) if matches!(n.expr.kind, native::ExprKind::Tuple(_)))
    }

    /// The `(name, value)` expressions of a JSON object expression.
    pub(crate) fn json_properties(&self) -> Option<Vec<(Expression, Expression)>> {
        let (file, node) = self.json_file()?;
        match file.kind(node) {
            NodeKind::Object { first, len } => Some(
                file.properties(first, len)
                    .iter()
                    .map(|p| {
                        (
                            Expression::json(file.clone(), p.name()),
                            Expression::json(file.clone(), p.value),
                        )
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The string node, its decoded text and the tree of a native
    /// expression (static analysis walks it; spans index that text).
    pub(crate) fn native_tree(&self) -> Option<(OriginRef<'_>, &str, &native::Expr)> {
        match &self.kind {
            ExprKind::Native(n) => {
                let origin = n.origin.as_ref();
                Some((origin, origin.text(), &n.expr))
            }
            ExprKind::Json { .. } => None,
        }
    }

    /// A JSON string expression, with its decoded text.
    pub(crate) fn json_string(&self) -> Option<JsonString<'_>> {
        let (file, node) = self.json_file()?;
        let text = file.str(node)?;
        Some(JsonString { file, node, text })
    }

    /// Whether this is a JSON object.
    pub(crate) fn is_json_object(&self) -> bool {
        self.json_file()
            .is_some_and(|(f, n)| matches!(f.kind(n), NodeKind::Object { .. }))
    }

    /// Whether this is a JSON object or array.
    pub(crate) fn is_json_container(&self) -> bool {
        self.json_file().is_some_and(|(f, n)| {
            matches!(f.kind(n), NodeKind::Object { .. } | NodeKind::Array { .. })
        })
    }

    /// Whether this is the JSON literal `null`.
    pub(crate) fn is_json_null(&self) -> bool {
        self.json_file()
            .is_some_and(|(f, n)| matches!(f.kind(n), NodeKind::Null))
    }
}

impl std::fmt::Debug for Expression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Expression({} at {})", self.source_text(), self.range())
    }
}
