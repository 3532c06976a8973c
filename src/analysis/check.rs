//! Checks of a whole file without evaluating it: what `hcl-json check`
//! and an application's own linter want to know before any value exists.
//!
//! A native file's expressions are parsed with the file, but a JSON file's
//! strings are templates that only evaluation would parse, so a broken
//! `"${env"` or a call to a function that does not exist passes parsing
//! and fails much later, where the value is needed (at `terraform plan`).
//! [`File::check`] reads every expression position of a file now: each
//! JSON string (without a schema, every string is one) is parsed as a
//! template and its syntax errors reported with exact ranges, and every
//! function call of either syntax is looked up in the evaluation context.
//! Which references resolve depends on the language the file is written
//! in, so that check is the `module` layer's (Terraform's `var.`, `local.`,
//! `module.` and `data.` references).

use std::collections::HashMap;

use super::native::{Spans, Variables};
use super::traversal::Traversal;
use crate::body::{File, FileRepr, NativeFile, OriginRef};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics};
use crate::eval::{call_failure, unknown_function_detail, EvalContext, Function, FunctionError};
use crate::json::{FileData, NodeId, NodeKind};
use crate::native::{needs_template_parse, parse_template, Call, Item, Span};
use crate::value::{Type, Value};

impl File {
    /// Checks every expression of the file without evaluating any: the
    /// syntax of each template in a JSON string, and each function call
    /// against the functions of `ctx` (the context the file will be
    /// evaluated in, such as `EvalContext::new().with_stdlib()`).
    ///
    /// Without a schema a JSON file's every string is read as a template
    /// (property names too, as in an attribute's object value), except the
    /// values of `"//"` comment properties. A string a schema would read
    /// literally (a variable's `description`) is read as a template too,
    /// so a stray `${` there is reported though the application may accept
    /// it; `$${` writes a literal `${` in either reading.
    ///
    /// In an attribute named `type` (a Terraform variable's type
    /// constraint), `list(string)` and the other type constructors are
    /// types, not calls.
    ///
    /// A template that does not parse is an error, as evaluating it would
    /// be. A call to a function `ctx` does not have is an error ("Call to
    /// unknown function", with HCL's suggestion), unless some context
    /// could supply it: a function the standard library leaves out until
    /// the application grants it (`file`, `timestamp`) or a cargo feature
    /// brings it, and a namespaced function other than `core::` (Terraform's
    /// `provider::aws::arn_parse`, supplied by a provider). Those are
    /// warnings, saying what would supply them. In a context without
    /// functions, each call is an error ("Function calls not allowed").
    ///
    /// A call to a function `ctx` has is an error where it fails whatever
    /// its arguments' values are, worded as evaluating it would be: a
    /// wrong number of arguments ("Not enough function arguments", "Too
    /// many function arguments"), and what a pure function (one built
    /// with [`FunctionBuilder::pure`](crate::eval::FunctionBuilder::pure),
    /// as every standard function is) fails with when each argument is an
    /// unknown value of any type, as Terraform's removed `list` and `map`
    /// do. Those calls are the only code of `ctx` a check runs; a call
    /// whose last argument expands (`f(xs...)`) is not counted.
    ///
    /// The diagnostics are in source order.
    ///
    /// ```
    /// use hcl_json::{EvalContext, Severity};
    ///
    /// let src = r#"{"a": "${env", "b": "${upcase(var.x)}", "c": "${timestamp()}"}"#;
    /// let file = hcl_json::parse(src, "main.tf.json")?;
    /// let diags = file.check(&EvalContext::new().with_stdlib());
    /// let found: Vec<(Severity, &str)> = diags
    ///     .as_slice()
    ///     .iter()
    ///     .map(|d| (d.severity, d.summary.as_str()))
    ///     .collect();
    /// assert_eq!(
    ///     found,
    ///     [
    ///         (Severity::Error, "Unclosed template interpolation sequence"),
    ///         (Severity::Error, "Call to unknown function"),
    ///         (Severity::Warning, "Function not available here"),
    ///     ]
    /// );
    /// assert_eq!(diags.as_slice()[1].detail, "There is no function named \"upcase\".");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn check(&self, ctx: &EvalContext) -> Diagnostics {
        let mut scan = Scan::new(Some(ctx), false);
        scan.file(self);
        scan.diags
    }

    /// Every variable reference of the file's expressions, in source
    /// order: [`Expression::variables`](crate::body::Expression::variables)
    /// of every attribute, found without a schema. In a JSON file that is
    /// every string read as a template (property names too), except the
    /// values of `"//"` comment properties; a template that does not parse
    /// contributes nothing.
    ///
    /// ```
    /// let src = "locals {\n  a = var.x\n}\nresource \"t\" \"n\" {\n  b = \"${local.a}-${var.y[0]}\"\n}\n";
    /// let file = hcl_json::parse_native(src, "main.tf")?;
    /// let names: Vec<String> = file.variables().iter().map(|t| t.to_string()).collect();
    /// assert_eq!(names, ["var.x", "local.a", "var.y[0]"]);
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn variables(&self) -> Vec<Traversal> {
        let mut scan = Scan::new(None, true);
        scan.file(self);
        scan.references
    }
}

/// [`File::check`] and [`File::variables`] of one file in one walk, for
/// checks that want both (a module's references).
pub(crate) fn check_with_variables(
    file: &File,
    ctx: &EvalContext,
) -> (Diagnostics, Vec<Traversal>) {
    let mut scan = Scan::new(Some(ctx), true);
    scan.file(file);
    (scan.diags, scan.references)
}

/// The type constructors of HCL's type constraints (`list(string)`,
/// `object({a = optional(number)})`): in an attribute named `type` (a
/// Terraform variable's, a spec's) they are types, not function calls.
/// See <https://developer.hashicorp.com/terraform/language/expressions/type-constraints>.
const TYPE_CONSTRUCTORS: &[&str] = &["list", "map", "set", "object", "tuple", "optional"];

/// One walk over a file's expressions.
struct Scan<'c> {
    /// The context calls are looked up in; `None` when only references
    /// are wanted.
    ctx: Option<&'c EvalContext>,
    keep_references: bool,
    diags: Diagnostics,
    references: Vec<Traversal>,
    /// The detail of each unknown name met so far: a file calling one
    /// unknown function a thousand times computes its suggestion once.
    unknown: HashMap<String, (bool, String)>,
    /// How each function called so far fails with unknown arguments, by
    /// name and count of arguments (`None`: it does not).
    tried: HashMap<(String, usize), Option<FunctionError>>,
}

impl<'c> Scan<'c> {
    fn new(ctx: Option<&'c EvalContext>, keep_references: bool) -> Self {
        Scan {
            ctx,
            keep_references,
            diags: Diagnostics::new(),
            references: Vec::new(),
            unknown: HashMap::new(),
            tried: HashMap::new(),
        }
    }

    fn file(&mut self, file: &File) {
        match &*file.repr {
            FileRepr::Json(data) => self.json(data),
            FileRepr::Native(native) => self.native(native),
        }
    }

    /// Every attribute of a native file, in source order (blocks' bodies
    /// where the blocks are), iteratively.
    fn native(&mut self, native: &std::sync::Arc<NativeFile>) {
        let src = native.source.text();
        // Each body being walked and the index of its next item.
        let mut stack = vec![(native.tree.root, 0usize)];
        while let Some((body, i)) = stack.pop() {
            let Some(item) = native.tree.items(body).get(i) else {
                continue;
            };
            stack.push((body, i + 1));
            match item {
                Item::Block(block) => stack.push((block.body, 0)),
                Item::Attribute(attr) => {
                    let expr = attr.expr_once(src);
                    let spans = Spans {
                        origin: OriginRef::Native(native),
                    };
                    let mut v = Variables::new(spans);
                    v.expr(&expr);
                    if attr.name.text(src) == "type" {
                        v.calls.retain(|(call, _)| {
                            !TYPE_CONSTRUCTORS.contains(&call.name.name.as_str())
                        });
                    }
                    self.found(v);
                }
            }
        }
    }

    /// Every string of a JSON file, iteratively (no nesting depth the
    /// parser allows can overflow the stack).
    fn json(&mut self, data: &std::sync::Arc<FileData>) {
        let mut stack = vec![data.root];
        while let Some(node) = stack.pop() {
            match data.kind(node) {
                NodeKind::String => self.json_string(data, node),
                NodeKind::Array { first, len } => {
                    stack.extend(data.elements(first, len).iter().rev());
                }
                NodeKind::Object { first, len } => {
                    for prop in data.properties(first, len).iter().rev() {
                        let comment = data.str(prop.name()).is_some_and(|n| n == "//");
                        if !comment {
                            stack.push(prop.value);
                        }
                        stack.push(prop.name());
                    }
                }
                NodeKind::Null | NodeKind::Bool(_) | NodeKind::Number => {}
            }
        }
    }

    fn json_string(&mut self, data: &std::sync::Arc<FileData>, node: NodeId) {
        let Some(text) = data.str(node) else { return };
        if !needs_template_parse(&text) {
            return;
        }
        match parse_template(&text) {
            Ok(template) => {
                let spans = Spans {
                    origin: OriginRef::JsonString(data, node, &text),
                };
                let mut v = Variables::new(spans);
                v.template(&template);
                self.found(v);
            }
            Err(errors) => {
                if self.ctx.is_some() {
                    for e in errors {
                        self.diags.push(e.to_diagnostic(|span| {
                            data.string_range(node, span.start as usize, span.end as usize)
                        }));
                    }
                }
            }
        }
    }

    /// Takes what one walk found: its references, and a diagnostic for
    /// each call to a function the context does not have.
    fn found(&mut self, v: Variables<'_>) {
        if let Some(ctx) = self.ctx {
            for &(call, call_span) in &v.calls {
                if let Some(diag) = self.call(ctx, call, call_span, v.spans()) {
                    self.diags.push(diag);
                }
            }
        }
        if self.keep_references {
            self.references.extend(v.out);
        }
    }

    /// The diagnostic for `call`, if `ctx` cannot call it or the call
    /// fails whatever its arguments' values.
    fn call(
        &mut self,
        ctx: &EvalContext,
        call: &Call,
        call_span: Span,
        spans: Spans<'_>,
    ) -> Option<Diagnostic> {
        let (name, name_span) = (call.name.name.as_str(), call.name.span);
        if !ctx.has_functions() || ctx.is_literal() {
            return Some(
                Diagnostic::error(
                    "Function calls not allowed",
                    "Functions may not be called here.",
                    Some(spans.range(call_span)),
                )
                .with_kind(DiagnosticKind::FunctionCallsNotAllowed),
            );
        }
        if let Some(function) = ctx.function(name) {
            return self.tried(function, call, call_span, spans);
        }
        let (warning, detail) = self
            .unknown
            .entry(name.to_string())
            .or_insert_with(|| unknown_call(ctx, name))
            .clone();
        let diag = if warning {
            Diagnostic::warning(
                "Function not available here",
                detail,
                Some(spans.range(name_span)),
            )
        } else {
            Diagnostic::error(
                "Call to unknown function",
                detail,
                Some(spans.range(name_span)),
            )
        };
        Some(
            diag.with_kind(DiagnosticKind::UnknownFunction)
                .with_context(spans.range(call_span)),
        )
    }

    /// How `call` of `function` fails whatever its arguments' values are,
    /// as evaluating it would report it: a wrong count of arguments (any
    /// function), and for a pure function one that takes its arguments
    /// evaluated, what a call with an unknown value of any type for each
    /// argument fails with (Terraform's removed `list` and `map`). Other
    /// functions are not called; a call whose last argument expands
    /// (`f(xs...)`) is left alone, its count being the value's.
    fn tried(
        &mut self,
        function: &Function,
        call: &Call,
        call_span: Span,
        spans: Spans<'_>,
    ) -> Option<Diagnostic> {
        if call.expand_final {
            return None;
        }
        let count = call.args.len();
        let error = match function.check_arity(count) {
            Err(e) => e,
            Ok(()) if function.is_pure() && !function.takes_closures() => self
                .tried
                .entry((call.name.name.to_string(), count))
                .or_insert_with(|| {
                    let unknowns = vec![Value::unknown(Type::Dynamic); count];
                    function.call(&unknowns).err()
                })
                .clone()?,
            Ok(()) => return None,
        };
        let text = spans.origin.text().as_bytes();
        let failure = call_failure(text, function, call, call_span, count, error);
        Some(
            Diagnostic::error(
                failure.summary,
                failure.detail,
                Some(spans.range(failure.subject)),
            )
            .with_context(spans.range(call_span))
            .with_kind(failure.kind),
        )
    }
}

/// Why `ctx` has no function `name`: `(true, detail)` when some context
/// could supply it (a warning), `(false, detail)` when none could (an
/// error).
fn unknown_call(ctx: &EvalContext, name: &str) -> (bool, String) {
    if let Some(detail) = ctx.absent_function_detail(name) {
        return (true, detail.to_string());
    }
    if let Some(sep) = name.rfind("::") {
        let namespace = &name[..sep + 2];
        if namespace != "core::" {
            return (
                true,
                format!(
                    "The function {name:?} is not one of this context's functions; functions in namespace {namespace:?} are supplied by whoever evaluates the file (a Terraform provider for \"provider::\"), so it cannot be checked here."
                ),
            );
        }
    }
    (false, unknown_function_detail(name, &ctx.function_names()))
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
