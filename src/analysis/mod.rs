//! Static analysis: reading the *structure* of an expression instead of
//! its value, as HCL's "Static Analysis" section asks of every syntax.
//!
//! This module owns the analyses on [`Expression`] — [`variables`],
//! [`as_keyword`], [`abs_traversal`], [`rel_traversal`], [`as_list`],
//! [`as_map`], [`as_call`] — and the [`Traversal`] and [`StaticCall`] they
//! give. It follows the JSON syntax's rules: a list must be a JSON array, a
//! map a JSON object, and a traversal, keyword or call a JSON string whose
//! content is read as a native *expression* (not a template), so
//! `"aws_instance.example"` is a reference and `"list(string)"` a call.
//! Native expressions handed out by these analyses (the arguments of
//! `"list(string)"`) support them too, with the native syntax's rules.
//! Evaluating what the analyses return is the `eval` layer's business.
//!
//! [`variables`]: Expression::variables
//! [`as_keyword`]: Expression::as_keyword
//! [`abs_traversal`]: Expression::abs_traversal
//! [`rel_traversal`]: Expression::rel_traversal
//! [`as_list`]: Expression::as_list
//! [`as_map`]: Expression::as_map
//! [`as_call`]: Expression::as_call

mod check;
mod native;
mod traversal;

pub(crate) use check::check_with_variables;

pub use traversal::{Traversal, TraversalStep};

use native::{Spans, Variables};

use crate::body::Expression;
use crate::diag::Error;
use crate::native::{
    needs_template_parse, parse_expression, parse_template, Expr, ExprKind, ObjectKey, Span,
};
use crate::pos::Range;

/// A function call found by [`Expression::as_call`]: `list(string)` has
/// the name `list` and one argument, `string`.
///
/// The arguments are unevaluated expressions, for the application to
/// analyse further or evaluate.
#[derive(Debug, Clone)]
pub struct StaticCall {
    /// The function name as written, namespaces included
    /// (`provider::aws::arn_parse`).
    pub name: String,
    /// Where the name was written.
    pub name_range: Range,
    /// The argument expressions, in order.
    pub args: Vec<Expression>,
    /// From the opening parenthesis to the closing one, both included.
    pub args_range: Range,
    /// Whether the last argument was followed by `...` (its elements are
    /// to be passed as separate arguments).
    pub expand_final: bool,
}

/// HCL's wording for an expression that is not a static traversal.
const TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";

impl Expression {
    /// Every variable reference in the expression, in source order, each
    /// as a [`Traversal`] with its exact range: the root name and the
    /// attribute and constant index steps right after it (`a.b[0]` in
    /// `a.b[0][c].d`, which also gives `c`).
    ///
    /// JSON strings are read as templates whatever mode the expression
    /// would be evaluated in, object property names included; a string
    /// that is not a valid template contributes nothing. References to the
    /// iterator names of a `for` expression or directive are left out;
    /// its collection and references to outer names are not.
    ///
    /// ```
    /// let src = r#"{"a": "${var.x} and ${local.y[0]}", "b": ["${[for k, v in var.m : k]}"]}"#;
    /// let attrs = hcl_json::parse(src, "t.json")?.body().just_attributes()?;
    /// let names: Vec<String> = attrs
    ///     .values()
    ///     .flat_map(|a| a.expr.variables())
    ///     .map(|t| t.to_string())
    ///     .collect();
    /// assert_eq!(names, ["var.x", "local.y[0]", "var.m"]);
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn variables(&self) -> Vec<Traversal> {
        if let Some((origin, _, expr)) = self.native_tree() {
            let mut v = Variables::new(Spans { origin });
            v.expr(expr);
            return v.out;
        }
        // Iterative over the JSON tree, so that no nesting depth a parser
        // option allows can overflow the stack.
        let mut out = Vec::new();
        let mut stack = vec![self.clone()];
        while let Some(e) = stack.pop() {
            if let Some(string) = e.json_string() {
                if !needs_template_parse(&string.text) {
                    continue;
                }
                if let Ok(template) = parse_template(&string.text) {
                    let mut v = Variables::new(Spans {
                        origin: string.origin(),
                    });
                    v.template(&template);
                    out.append(&mut v.out);
                }
            } else if let Some(elements) = e.json_elements() {
                stack.extend(elements.into_iter().rev());
            } else if let Some(props) = e.json_properties() {
                for (name, value) in props.into_iter().rev() {
                    stack.push(value);
                    stack.push(name);
                }
            }
        }
        out
    }

    /// The expression as a single keyword: a bare identifier such as
    /// `all` or `string`; `true`, `false` and `null` count as keywords
    /// too. A JSON string is read as a native expression, so `"all"` is
    /// the keyword `all` but `"${all}"` and `"all things"` are not.
    ///
    /// ```
    /// let attrs = hcl_json::parse(r#"{"ignore_changes": "all"}"#, "t.json")?
    ///     .body()
    ///     .just_attributes()?;
    /// assert_eq!(attrs["ignore_changes"].expr.as_keyword().as_deref(), Some("all"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn as_keyword(&self) -> Option<String> {
        self.with_native(|expr, _, _| native::keyword(expr))
            .flatten()
    }

    /// The expression as an absolute static traversal: a variable name
    /// followed by attribute accesses and indexes with constant keys, such
    /// as `aws_instance.example`, `foo[0]`, `foo["k"]` or `foo.0`. A JSON
    /// string's content is read as a native expression (not a template).
    ///
    /// Anything else (`foo[bar]`, a call, an operator, a splat, a JSON
    /// number) is an "Invalid expression" error on the expression's range.
    /// For `"${aws_vpc.main}"` the error says to write `"aws_vpc.main"`.
    ///
    /// ```
    /// let attrs = hcl_json::parse(r#"{"provider": "aws.foo"}"#, "t.json")?
    ///     .body()
    ///     .just_attributes()?;
    /// let t = attrs["provider"].expr.abs_traversal()?;
    /// assert_eq!(t.root_name(), "aws");
    /// assert_eq!(t.to_string(), "aws.foo");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn abs_traversal(&self) -> Result<Traversal, Error> {
        self.with_native(|expr, spans, _| native::abs_traversal(expr, spans))
            .flatten()
            .ok_or_else(|| self.traversal_error())
    }

    /// The expression as a relative static traversal: the same as
    /// [`abs_traversal`](Self::abs_traversal) with the root name turned
    /// into an attribute step, so `tags.Name` means `.tags.Name` of a value
    /// the application picks (Terraform's `ignore_changes`). The result
    /// [`is_relative`](Traversal::is_relative); apply it with
    /// [`Traversal::apply`].
    pub fn rel_traversal(&self) -> Result<Traversal, Error> {
        let t = self.abs_traversal()?;
        let source = self.source().clone();
        let mut steps = t.steps().to_vec();
        if let Some(TraversalStep::Root { name, range }) = steps.first().cloned() {
            steps[0] = TraversalStep::Attr { name, range };
        }
        Ok(Traversal::with_source(steps, source))
    }

    /// The element expressions of a static list: a JSON array, or a native
    /// tuple constructor `[a, b]`. (A JSON string holding `[a, b]` is not
    /// one: JSON has its own arrays.)
    ///
    /// ```
    /// let src = r#"{"depends_on": ["aws_instance.example"]}"#;
    /// let attrs = hcl_json::parse(src, "t.json")?.body().just_attributes()?;
    /// let deps = attrs["depends_on"].expr.as_list()?;
    /// assert_eq!(deps[0].abs_traversal()?.to_string(), "aws_instance.example");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn as_list(&self) -> Result<Vec<Expression>, Error> {
        if let Some(elements) = self.json_elements() {
            return Ok(elements);
        }
        if let Some((origin, _, expr)) = self.native_tree() {
            if let ExprKind::Tuple(items) = &native::unwrap_parens(expr).kind {
                return Ok(items.iter().map(|e| origin.expression(e.clone())).collect());
            }
        }
        Err(self.required("A static list expression is required."))
    }

    /// The key/value expression pairs of a static map: a JSON object (the
    /// keys are its property-name strings, read like any JSON string), or a
    /// native object constructor. Keys need not be strings; a bare
    /// identifier key such as `name` in `{name = string}` evaluates to the
    /// string `"name"` and is also the keyword `name`.
    ///
    /// ```
    /// let attrs = hcl_json::parse(r#"{"tags": {"Name": "web"}}"#, "t.json")?
    ///     .body()
    ///     .just_attributes()?;
    /// let pairs = attrs["tags"].expr.as_map()?;
    /// assert_eq!(pairs[0].0.as_keyword().as_deref(), Some("Name"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn as_map(&self) -> Result<Vec<(Expression, Expression)>, Error> {
        if let Some(props) = self.json_properties() {
            return Ok(props);
        }
        if let Some((origin, _, expr)) = self.native_tree() {
            if let ExprKind::Object(items) = &native::unwrap_parens(expr).kind {
                return Ok(items
                    .iter()
                    .map(|item| {
                        let key = match &item.key {
                            ObjectKey::Ident(id) => native::bare_key_expr(id),
                            ObjectKey::Expr(e) => e.clone(),
                        };
                        (
                            origin.expression(key),
                            origin.expression(item.value.clone()),
                        )
                    })
                    .collect());
            }
        }
        Err(self.required("A static map expression is required."))
    }

    /// The expression as a static function call: a JSON string whose
    /// content is a native call expression (`"list(string)"`), or a native
    /// call. The arguments are native expressions with exact ranges.
    ///
    /// ```
    /// let attrs = hcl_json::parse(r#"{"type": "list(string)"}"#, "t.json")?
    ///     .body()
    ///     .just_attributes()?;
    /// let call = attrs["type"].expr.as_call()?;
    /// assert_eq!(call.name, "list");
    /// assert_eq!(call.args[0].as_keyword().as_deref(), Some("string"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn as_call(&self) -> Result<StaticCall, Error> {
        self.with_native(|expr, spans, text| {
            let ExprKind::Call(call) = &native::unwrap_parens(expr).kind else {
                return None;
            };
            let whole = native::unwrap_parens(expr).span;
            let open =
                open_paren(text, call.name.span.end as usize).unwrap_or(whole.start as usize);
            Some(StaticCall {
                name: call.name.name.to_string(),
                name_range: spans.range(call.name.span),
                args: call
                    .args
                    .iter()
                    .map(|a| spans.origin.expression(a.clone()))
                    .collect(),
                args_range: spans.range(Span::from_usize(open, whole.end as usize)),
                expand_final: call.expand_final,
            })
        })
        .flatten()
        .ok_or_else(|| self.required("A static function call is required."))
    }

    /// Runs `f` on the native tree of this expression: its own for a native
    /// expression, a JSON string's content parsed as an expression (not a
    /// template) otherwise. `None` for other JSON values and for strings
    /// that do not parse.
    fn with_native<R>(&self, f: impl FnOnce(&Expr, Spans<'_>, &str) -> R) -> Option<R> {
        if let Some((origin, text, expr)) = self.native_tree() {
            return Some(f(expr, Spans { origin }, text));
        }
        let string = self.json_string()?;
        let expr = parse_expression(&string.text).ok()?;
        Some(f(
            &expr,
            Spans {
                origin: string.origin(),
            },
            &string.text,
        ))
    }

    #[cold]
    fn required(&self, detail: &str) -> Error {
        Error::at("Invalid expression", detail, self.range()).with_source(self.diag_source())
    }

    /// The traversal error, with the fix when a JSON string wraps a valid
    /// reference in an interpolation (`"${aws_vpc.main}"`), a common
    /// mistake since JSON strings are templates elsewhere.
    #[cold]
    fn traversal_error(&self) -> Error {
        let mut detail = TRAVERSAL_REQUIRED.to_string();
        if let Some(fix) = self.unwrapped_reference() {
            let written = self.json_string().map(|s| s.text).unwrap_or_default();
            detail.push_str(&format!(
                " In JSON a reference is a string holding just the reference, not a template: write {fix:?} instead of {written:?}."
            ));
        }
        self.required(&detail)
    }

    /// For a JSON string that is exactly one interpolation of a static
    /// traversal, that traversal's text.
    fn unwrapped_reference(&self) -> Option<String> {
        let string = self.json_string()?;
        let template = parse_template(&string.text).ok()?;
        let inner = template.as_single_interpolation()?;
        native::abs_traversal(
            inner,
            Spans {
                origin: string.origin(),
            },
        )?;
        string.text.get(inner.span.range()).map(str::to_string)
    }
}

/// The offset of the `(` that opens a call's arguments, searching `text`
/// from the end of the name past the whitespace and comments the grammar
/// allows there.
fn open_paren(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => return Some(i),
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i = line_end(text, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(text, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 2);
            }
            _ => return None,
        }
    }
    None
}

fn line_end(text: &str, from: usize) -> usize {
    text[from..].find('\n').map_or(text.len(), |e| from + e)
}
