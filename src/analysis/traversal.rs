//! [`Traversal`]: a static reference like `aws_instance.web[0].id`, as
//! static analysis finds it, and its application to values.
//!
//! A traversal is a list of [`TraversalStep`]s, each with its exact source
//! range. An *absolute* traversal starts with a [`TraversalStep::Root`]
//! naming a variable; a *relative* one (from
//! [`Expression::rel_traversal`](crate::body::Expression::rel_traversal)) starts
//! with an attribute step and applies to a value the application picks.
//! Applying steps uses the value layer's `get_attr_hcl` / `index_hcl`, the
//! same rules and messages as expression evaluation.

use std::fmt;
use std::sync::Arc;

use crate::diag::{did_you_mean, DiagnosticKind, Error, Limit};
use crate::eval::EvalContext;
use crate::pos::{Pos, Range, SourceFile};
use crate::value::limits::{self, Exceeded, VALUE_BYTES};
use crate::value::{AccessError, Value};

/// One step of a [`Traversal`], with the source range it was written at.
#[derive(Debug, Clone, PartialEq)]
pub enum TraversalStep {
    /// The variable a traversal starts from: `aws_instance` in
    /// `aws_instance.web`.
    Root {
        /// The variable name.
        name: String,
        /// Where the name was written.
        range: Range,
    },
    /// Attribute access, `.name` (the range includes the dot; the first step
    /// of a relative traversal is written without one).
    Attr {
        /// The attribute name.
        name: String,
        /// Where the step was written.
        range: Range,
    },
    /// Indexing with a constant key: `[0]`, `["k"]` or the legacy `.0`.
    Index {
        /// The key, a number, string, bool or null as written.
        key: Value,
        /// Where the step was written, brackets included.
        range: Range,
    },
    /// A full splat `[*]`: the rest of the traversal applies to each
    /// element, and the results make a tuple. Static analysis never
    /// produces it (it stops at a splat); traversals built with
    /// [`Traversal::new`] may use it.
    Splat {
        /// Where the step was written.
        range: Range,
    },
}

impl TraversalStep {
    /// Where the step was written.
    pub fn range(&self) -> &Range {
        match self {
            TraversalStep::Root { range, .. }
            | TraversalStep::Attr { range, .. }
            | TraversalStep::Index { range, .. }
            | TraversalStep::Splat { range } => range,
        }
    }
}

/// A static reference: a root variable name followed by attribute and
/// constant index steps (absolute), or only such steps (relative).
///
/// ```
/// use hcl_json::{EvalContext, Value};
///
/// let file = hcl_json::parse(r#"{"ref": "web.ports[0]"}"#, "t.json")?;
/// let attrs = file.body().just_attributes()?;
/// let traversal = attrs["ref"].expr.abs_traversal()?;
/// assert_eq!(traversal.root_name(), "web");
/// assert_eq!(traversal.to_string(), "web.ports[0]");
///
/// let web = Value::object([("ports", Value::tuple([Value::from(80)]))]);
/// let ctx = EvalContext::new().with_variable("web", web);
/// assert_eq!(traversal.evaluate(&ctx)?, Value::from(80));
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Traversal {
    steps: Vec<TraversalStep>,
    /// The file the ranges point into, attached to errors so they render
    /// with a snippet.
    source: Option<Arc<SourceFile>>,
}

impl PartialEq for Traversal {
    /// Two traversals are equal when their steps (names, keys and ranges)
    /// are; the attached source file does not count.
    fn eq(&self, other: &Traversal) -> bool {
        self.steps == other.steps
    }
}

impl Traversal {
    /// A traversal of the given steps. It is absolute if the first step is
    /// a [`TraversalStep::Root`]; a `Root` step anywhere else is applied as
    /// an attribute access.
    pub fn new(steps: Vec<TraversalStep>) -> Traversal {
        Traversal {
            steps,
            source: None,
        }
    }

    pub(crate) fn with_source(steps: Vec<TraversalStep>, source: Arc<SourceFile>) -> Traversal {
        Traversal {
            steps,
            source: Some(source),
        }
    }

    /// The name of the root variable, `aws_instance` in
    /// `aws_instance.web.id`. A relative traversal has no root: it gives
    /// `""` (never a valid name), see [`is_relative`](Self::is_relative).
    pub fn root_name(&self) -> &str {
        match self.steps.first() {
            Some(TraversalStep::Root { name, .. }) => name,
            _ => "",
        }
    }

    /// Whether the traversal has no root variable: its steps apply to a
    /// value the application chooses (see [`apply`](Self::apply)).
    pub fn is_relative(&self) -> bool {
        !matches!(self.steps.first(), Some(TraversalStep::Root { .. }))
    }

    /// All the steps, the root (if any) included.
    pub fn steps(&self) -> &[TraversalStep] {
        &self.steps
    }

    /// The range from the first step to the last one. An empty traversal
    /// (only possible through [`Traversal::new`]) has an empty range in an
    /// unnamed file.
    pub fn range(&self) -> Range {
        match (self.steps.first(), self.steps.last()) {
            (Some(first), Some(last)) => first.range().cover(last.range()),
            _ => Range::at("", Pos::default()),
        }
    }

    /// Applies the steps after the root (all the steps of a relative
    /// traversal) to `value`. A failing step gives HCL's diagnostic for it
    /// (the same as evaluating `value.a[0]` would), on the step's range.
    ///
    /// ```
    /// use hcl_json::Value;
    ///
    /// let file = hcl_json::parse(r#"{"ignore": "tags.Name"}"#, "t.json")?;
    /// let attrs = file.body().just_attributes()?;
    /// let path = attrs["ignore"].expr.rel_traversal()?;
    /// let resource = Value::object([("tags", Value::object([("Name", Value::from("web"))]))]);
    /// assert_eq!(path.apply(&resource)?, Value::from("web"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    ///
    /// The work is charged to the running evaluation's budget, or to one
    /// with the default [`Limits`](crate::value::limits::Limits) when none runs: a splat
    /// over a big value visits every element, and each splat nests the
    /// result one level deeper.
    pub fn apply(&self, value: &Value) -> Result<Value, Error> {
        let _meter = limits::join();
        self.apply_metered(value)
    }

    /// [`apply`](Self::apply) inside a running meter; a spent budget is
    /// the limit's error on the traversal's range.
    fn apply_metered(&self, value: &Value) -> Result<Value, Error> {
        let steps = if self.is_relative() {
            &self.steps[..]
        } else {
            &self.steps[1..]
        };
        let result = self.apply_steps(steps, value.clone(), 0);
        match limits::exceeded() {
            Some(e) => Err(self.limit_error(e)),
            None => result,
        }
    }

    fn apply_steps(
        &self,
        steps: &[TraversalStep],
        mut value: Value,
        splats: usize,
    ) -> Result<Value, Error> {
        for (i, step) in steps.iter().enumerate() {
            limits::charge_steps(1).map_err(|e| self.limit_error(e))?;
            let result = match step {
                TraversalStep::Root { name, .. } | TraversalStep::Attr { name, .. } => {
                    value.get_attr_hcl(name)
                }
                TraversalStep::Index { key, .. } => value.index_hcl(key),
                TraversalStep::Splat { .. } => {
                    return self.apply_splat(&steps[i + 1..], value, splats + 1);
                }
            };
            value = result.map_err(|e| self.step_error(e, step.range()))?;
        }
        Ok(value)
    }

    /// HCL's splat: null gives an empty tuple, a collection maps the rest
    /// of the steps over its elements, an unknown value stays unknown, and
    /// anything else counts as a one-element collection.
    ///
    /// Each splat nests the result (and this walk) one level deeper: more
    /// splats than the depth limit are refused. Each result element is
    /// charged a step and a value slot.
    fn apply_splat(
        &self,
        rest: &[TraversalStep],
        value: Value,
        splats: usize,
    ) -> Result<Value, Error> {
        if splats > limits::max_depth() {
            return Err(self.limit_error(limits::exceed(Limit::Depth)));
        }
        let charge = |n: usize| -> Result<(), Error> {
            limits::charge_steps(n as u64)
                .and_then(|()| limits::charge_bytes(n as u64 * VALUE_BYTES))
                .map_err(|e| self.limit_error(e))
        };
        match value {
            Value::Null(_) => Ok(Value::tuple([])),
            Value::Unknown(_) => Ok(Value::dynamic()),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                charge(items.len())?;
                let results = items
                    .into_iter()
                    .map(|v| self.apply_steps(rest, v, splats))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Value::tuple(results))
            }
            other => {
                charge(1)?;
                Ok(Value::tuple([self.apply_steps(rest, other, splats)?]))
            }
        }
    }

    /// Looks the root variable up in `ctx` and applies the other steps to
    /// its value. An unknown name is an "Unknown variable" error on the
    /// root's range, suggesting a close name from `ctx` if there is one.
    pub fn evaluate(&self, ctx: &EvalContext) -> Result<Value, Error> {
        let Some(TraversalStep::Root { name, range }) = self.steps.first() else {
            return Err(self.error(
                "Invalid traversal",
                "A relative traversal has no root variable to look up; apply it to a value instead."
                    .into(),
                &self.range(),
            ));
        };
        if let Some(value) = ctx.variable(name) {
            // One evaluation with the context's budget (or a part of
            // the running one).
            let _meter = limits::enter(ctx.limits(), 0).map_err(|e| self.limit_error(e))?;
            self.apply_metered(value)
        } else {
            let mut detail = format!("There is no variable named {name:?}.");
            if let Some(s) = did_you_mean(name, ctx.variable_names()) {
                detail.push_str(&format!(" Did you mean {s:?}?"));
            }
            Err(self
                .error("Unknown variable", detail, range)
                .with_kind(DiagnosticKind::UnknownVariable))
        }
    }

    /// The error of a spent budget: the limit, on the whole traversal.
    #[cold]
    fn limit_error(&self, e: Exceeded) -> Error {
        let err = e.error_at(self.range());
        match &self.source {
            Some(src) => err.with_source(src.clone()),
            None => err,
        }
    }

    #[cold]
    fn step_error(&self, e: AccessError, range: &Range) -> Error {
        let kind = e.kind();
        self.error(e.summary, e.detail, range).with_kind(kind)
    }

    #[cold]
    fn error(&self, summary: &str, detail: String, range: &Range) -> Error {
        let err = Error::at(summary, detail, range.clone());
        match &self.source {
            Some(src) => err.with_source(src.clone()),
            None => err,
        }
    }
}

impl fmt::Display for Traversal {
    /// The traversal the way it is written: `aws_instance.web[0].id`,
    /// `foo["k"]`; a relative one starts with its first attribute name
    /// (`tags.Name`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            match step {
                TraversalStep::Root { name, .. } | TraversalStep::Attr { name, .. } => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(name)?;
                }
                TraversalStep::Index { key, .. } => write!(f, "[{key}]")?,
                TraversalStep::Splat { .. } => f.write_str("[*]")?,
            }
        }
        Ok(())
    }
}
