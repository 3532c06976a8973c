//! Evaluation of JSON expressions (json-spec.md, "Expression Mapping"):
//! objects are objects (their keys templates too, in full-expression
//! mode), arrays tuples, numbers exact, `null` the dynamic null, and
//! strings either literal (literal-only mode) or native templates.
//!
//! A string is parsed as a template only when it contains `${` or `%{`,
//! and at most once per file: the parse is cached in the file's
//! [`TemplateCache`](crate::json::FileData), so evaluating an expression
//! again costs the evaluation only.

use indexmap::IndexMap;

use super::expr::{number_detail, Eval};
use super::EvalContext;
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::json::{ExprKind, Expression, FileData, NodeId, NodeKind};
use crate::syntax::{self, Template};
use crate::value::{limits, try_convert, Number, Str, Type, Value};

impl Expression {
    /// Evaluates the expression in `ctx`.
    ///
    /// In full-expression mode ([`EvalContext::new`]) a JSON string is a
    /// native template: `"Hello, ${name}!"` is a string, and `"${a + b}"`,
    /// exactly one interpolation, is the value of `a + b` itself. In
    /// literal-only mode ([`EvalContext::literal`]) strings are taken as
    /// they are. Every problem is reported at once, each with its exact
    /// range, even inside strings with escapes.
    ///
    /// ```
    /// use hcl_json::{EvalContext, Value};
    ///
    /// let file = hcl_json::parse(
    ///     r#"{"port": 8080, "greeting": "Hello, ${name}!", "sum": "${port + 1}"}"#,
    ///     "app.json",
    /// )?;
    /// let attrs = file.body().just_attributes()?;
    /// let ctx = EvalContext::new().with_variable("name", "web").with_variable("port", 80);
    /// assert_eq!(attrs["port"].expr.value(&ctx)?, Value::from(8080));
    /// assert_eq!(attrs["greeting"].expr.value(&ctx)?, Value::from("Hello, web!"));
    /// assert_eq!(attrs["sum"].expr.value(&ctx)?, Value::from(81));
    /// assert_eq!(
    ///     attrs["greeting"].expr.value(&EvalContext::literal())?,
    ///     Value::from("Hello, ${name}!")
    /// );
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn value(&self, ctx: &EvalContext) -> Result<Value, Error> {
        let mut diags = Diagnostics::new();
        // The evaluation budget: this evaluation's own, or the one of the
        // evaluation this one runs inside (a `try` argument).
        let meter = match limits::enter(ctx.limits(), self.source_len()) {
            Ok(meter) => meter,
            Err(e) => return Err(self.limit_error(e)),
        };
        let value = match &self.kind {
            ExprKind::Json(node) => JsonEval {
                file: &self.file,
                ctx,
                diags: &mut diags,
            }
            .node(*node),
            ExprKind::Native(native) => {
                Eval::new(&self.file, native.string, &mut diags).value(&native.expr, ctx)
            }
        };
        // A limit reported in a part whose diagnostics were dropped (the
        // branch of a conditional not taken) still fails the evaluation.
        if !diags.has_errors() {
            if let Some(e) = limits::exceeded() {
                drop(meter);
                return Err(self.limit_error(e));
            }
        }
        drop(meter);
        diags
            .into_result(value)
            .map_err(|e| e.with_source(self.file.source.clone()))
    }

    /// The length of the expression's source text, in bytes (cheap: no
    /// line or column is computed).
    fn source_len(&self) -> usize {
        match &self.kind {
            ExprKind::Json(node) => {
                let n = self.file.node(*node);
                (n.end - n.start) as usize
            }
            ExprKind::Native(n) => n.expr.span.end.saturating_sub(n.expr.span.start) as usize,
        }
    }

    /// The error of a spent budget, on the whole expression.
    #[cold]
    fn limit_error(&self, e: limits::Exceeded) -> Error {
        Error::at(limits::LIMIT_SUMMARY, e.detail(), self.range())
            .with_source(self.file.source.clone())
    }
}

/// The walk over a JSON value, collecting diagnostics.
struct JsonEval<'a> {
    file: &'a std::sync::Arc<FileData>,
    ctx: &'a EvalContext,
    diags: &'a mut Diagnostics,
}

impl JsonEval<'_> {
    /// The value of a node. Recursion is bounded by the JSON parser's
    /// depth limit, and a string's template by the syntax layer's.
    fn node(&mut self, id: NodeId) -> Value {
        match self.file.node(id).kind {
            NodeKind::Null => Value::null(Type::Dynamic),
            NodeKind::Bool(b) => Value::Bool(b),
            NodeKind::Number => self.number(id),
            NodeKind::String(_) => self.string(id),
            NodeKind::Array { first, len } => {
                let file = self.file;
                Value::Tuple(
                    file.elements(first, len)
                        .iter()
                        .map(|&e| self.node(e))
                        .collect(),
                )
            }
            NodeKind::Object { first, len } => self.object(first, len),
        }
    }

    fn number(&mut self, id: NodeId) -> Value {
        match Number::parse(self.file.raw(id)) {
            Ok(n) => Value::Number(n),
            Err(e) => {
                let range = self.file.range(id);
                self.diags.push(Diagnostic::error(
                    e.summary(),
                    number_detail(e),
                    Some(range),
                ));
                Value::dynamic()
            }
        }
    }

    /// A string: itself in literal-only mode or when it has no template
    /// sequences, otherwise its template's value.
    fn string(&mut self, id: NodeId) -> Value {
        let text = self.file.str(id).unwrap_or_default();
        if self.ctx.is_literal() || !syntax::needs_template_parse(text) {
            return Value::from(text);
        }
        let file = self.file;
        let (ctx, diags) = (self.ctx, &mut *self.diags);
        file.templates.with(
            id,
            file.nodes.len(),
            || syntax::parse_template(text),
            |parsed| match parsed {
                Ok(template) => evaluate_template(file, id, template, ctx, diags),
                Err(errors) => {
                    for e in errors {
                        diags.push(e.to_diagnostic(|span| {
                            file.string_range(id, span.start as usize, span.end as usize)
                        }));
                    }
                    Value::dynamic()
                }
            },
        )
    }

    /// An object: keys evaluated and converted to strings, duplicates (after
    /// evaluation) rejected; an unknown key makes the whole object unknown.
    fn object(&mut self, first: u32, len: u32) -> Value {
        let file = self.file;
        let mut attrs = IndexMap::with_capacity(len as usize);
        let mut names: Vec<NodeId> = Vec::with_capacity(len as usize);
        let mut known = true;
        for prop in file.properties(first, len) {
            let key = self.key(prop.name);
            let value = self.node(prop.value);
            let Some(key) = key else {
                known = false;
                continue;
            };
            if let Some(i) = attrs.get_index_of(&key) {
                self.duplicate(&key, names[i], prop.name);
                continue;
            }
            attrs.insert(key, value);
            names.push(prop.name);
        }
        if known {
            Value::Object(attrs)
        } else {
            Value::dynamic()
        }
    }

    /// An object key as a string, or `None` when it is unknown or failed.
    fn key(&mut self, name: NodeId) -> Option<String> {
        let text = self.file.str(name).unwrap_or_default();
        if self.ctx.is_literal() || !syntax::needs_template_parse(text) {
            return Some(Str::new(text).into_string());
        }
        let mark = self.diags.len();
        let value = self.string(name);
        if self.diags.len() > mark || !value.is_known() {
            return None;
        }
        let range = || self.file.range(name);
        if value.is_null() {
            let d = Diagnostic::error(
                "Invalid object key expression",
                "Cannot use null value as an object key.",
                Some(range()),
            );
            self.diags.push(d);
            return None;
        }
        match try_convert(&value, &Type::String, true) {
            Ok(Value::String(s)) => Some(s.into_string()),
            Ok(_) => None,
            Err(e) => {
                let d = Diagnostic::error(
                    "Invalid object key expression",
                    format!("Cannot use this expression as an object key: {e}."),
                    Some(range()),
                );
                self.diags.push(d);
                None
            }
        }
    }

    #[cold]
    fn duplicate(&mut self, key: &str, first: NodeId, again: NodeId) {
        let detail = format!(
            "An attribute named {key:?} was already defined at {}.",
            self.file.range(first)
        );
        let subject = self.file.range(again);
        self.diags.push(Diagnostic::error(
            "Duplicate object attribute",
            detail,
            Some(subject),
        ));
    }
}

fn evaluate_template(
    file: &std::sync::Arc<FileData>,
    string: NodeId,
    template: &Template,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    Eval::new(file, string, diags).template(template, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(src: &str) -> Expression {
        let file = crate::json::parse(src, "t.json").unwrap();
        let attrs = file.body().just_attributes().unwrap();
        attrs["a"].expr.clone()
    }

    #[test]
    fn plain_strings_cost_no_template_parse() {
        let expr = attr(r#"{"a": ["plain", {"k": "text $ % {}"}]}"#);
        expr.value(&EvalContext::new()).unwrap();
        assert_eq!(expr.file.templates.parsed(), None);
    }

    #[test]
    fn literal_mode_parses_nothing() {
        let expr = attr(r#"{"a": "${x}"}"#);
        expr.value(&EvalContext::literal()).unwrap();
        assert_eq!(expr.file.templates.parsed(), None);
    }

    #[test]
    fn a_template_is_parsed_once_per_string() {
        let expr = attr(r#"{"a": ["${1 + 1}", "${2}"]}"#);
        let ctx = EvalContext::new();
        for _ in 0..3 {
            let v = expr.value(&ctx).unwrap();
            assert_eq!(v, Value::tuple([Value::from(2), Value::from(2)]));
        }
        assert_eq!(expr.file.templates.parsed(), Some(2));
    }

    #[test]
    fn syntax_errors_are_cached_and_reported_each_time() {
        let expr = attr(r#"{"a": "${1 +}"}"#);
        let ctx = EvalContext::new();
        for _ in 0..2 {
            let err = expr.value(&ctx).unwrap_err();
            assert_eq!(err.diagnostics()[0].summary, "Invalid expression");
        }
        assert_eq!(expr.file.templates.parsed(), Some(1));
    }

    #[test]
    fn native_expressions_evaluate_directly() {
        let expr = attr(r#"{"a": "x + 1"}"#);
        let native = expr.as_native().unwrap().unwrap();
        let native = Expression::native(expr.file.clone(), native.string, (*native.expr).clone());
        let ctx = EvalContext::new().with_variable("x", 41);
        assert_eq!(native.value(&ctx).unwrap(), Value::from(42));
    }
}
