//! Evaluation of native expressions: the [`Eval`] walker over the syntax
//! tree of one JSON string, with literals, variables, traversals and
//! splats, tuple and object constructors, and conditionals. Templates,
//! operators, calls and `for` expressions live in their own modules as
//! further `impl Eval` blocks.
//!
//! Errors never stop the walk: each is pushed as a diagnostic with its exact
//! range, and the failing sub-expression evaluates to the dynamic value, so
//! that siblings are still checked while the dynamic value quietly absorbs
//! every operation built on the failure (no follow-on errors).

use std::borrow::Cow;

use super::context::Env;
use crate::body::OriginRef;
use crate::diag::{suggestion, Diagnostic, DiagnosticKind, Diagnostics};
use crate::native::{
    Expr, ExprKind, Ident, ObjectItem, ObjectKey, Span, SplatKind, Step, StepKind,
};
use crate::pos::Range;
use crate::value::limits::{self, Exceeded};
use crate::value::{
    marks_may_exist, try_convert, unify_unsafe, AccessError, Elements, Entries, Marks, Number, Str,
    Type, Value,
};

/// Evaluates native expressions and templates (of one JSON string, or of
/// a native file), collecting diagnostics.
pub(crate) struct Eval<'a> {
    /// The text the spans index, for ranges and for building expression
    /// closures.
    pub origin: OriginRef<'a>,
    /// Where the diagnostics go.
    pub diags: &'a mut Diagnostics,
    /// Where the source of the traversal being applied starts: a splat of
    /// a null sequence blames its source, from here to the `*` marker.
    traversal_start: u32,
    /// The marks gathered for the value being built by the innermost
    /// construct that gathers them (a template's parts, a conditional's or
    /// a `for`'s condition, an object's keys): each such construct saves
    /// the outer marks, gathers its own here, and puts them on its result
    /// (see [`Eval::gather_start`]).
    pub(super) marks: Marks,
}

/// A position in the diagnostics, to ask whether anything failed since.
#[derive(Clone, Copy)]
pub(crate) struct Mark(usize);

impl<'a> Eval<'a> {
    pub(super) fn new(origin: OriginRef<'a>, diags: &'a mut Diagnostics) -> Eval<'a> {
        Eval {
            origin,
            diags,
            traversal_start: 0,
            marks: Marks::NONE,
        }
    }

    /// Starts gathering marks for a value being built: the marks gathered
    /// so far are kept apart, to be given to [`Eval::gathered`] with the
    /// value. `None` when no value anywhere has marks, so there is nothing
    /// to gather. (Not a closure around the work: the work stays in its
    /// caller's body, as the unmarked path always had it.)
    #[inline]
    pub(super) fn gather_start(&mut self) -> Option<Marks> {
        marks_may_exist().then(|| std::mem::take(&mut self.marks))
    }

    /// `value` with the marks gathered since [`Eval::gather_start`] gave
    /// `outer`, the outer marks restored.
    #[inline]
    pub(super) fn gathered(&mut self, value: Value, outer: Option<Marks>) -> Value {
        match outer {
            None => value,
            Some(outer) => self.gathered_marks(value, outer),
        }
    }

    #[cold]
    fn gathered_marks(&mut self, value: Value, outer: Marks) -> Value {
        let marks = std::mem::replace(&mut self.marks, outer);
        value.mark(marks)
    }

    /// `value` without its own marks, which go to [`Eval::marks`].
    #[inline]
    pub(super) fn gather<'v>(&mut self, value: Cow<'v, Value>) -> Cow<'v, Value> {
        if let Value::Marked(_) = &*value {
            self.gather_marked(value)
        } else {
            value
        }
    }

    #[cold]
    fn gather_marked<'v>(&mut self, value: Cow<'v, Value>) -> Cow<'v, Value> {
        match value {
            Cow::Borrowed(Value::Marked(m)) => {
                self.marks |= m.marks();
                Cow::Borrowed(m.value())
            }
            Cow::Owned(v @ Value::Marked(_)) => {
                let (v, m) = v.unmark();
                self.marks |= m;
                Cow::Owned(v)
            }
            v => v,
        }
    }

    /// The exact source range of `span`.
    pub(super) fn range(&self, span: Span) -> Range {
        self.origin.range(span)
    }

    pub(super) fn mark(&self) -> Mark {
        Mark(self.diags.len())
    }

    /// Reports `diags` ahead of what was reported since `mark`.
    #[cold]
    pub(super) fn report_before(&mut self, mark: Mark, diags: Diagnostics) {
        self.diags.insert_at(mark.0, diags);
    }

    /// Drops what was reported since `mark`.
    pub(super) fn drop_since(&mut self, mark: Mark) {
        self.diags.truncate(mark.0);
    }

    /// Whether an error was reported since `mark`.
    pub(super) fn failed_since(&self, mark: Mark) -> bool {
        self.diags.as_slice()[mark.0..]
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    }

    /// Reports an error about `span`.
    #[cold]
    pub(super) fn error(&mut self, summary: &str, detail: impl Into<String>, span: Span) {
        let subject = self.range(span);
        self.diags
            .push(Diagnostic::error(summary, detail, Some(subject)));
    }

    /// Reports an error of a known kind about `span`.
    #[cold]
    pub(super) fn error_of(
        &mut self,
        kind: DiagnosticKind,
        summary: &str,
        detail: impl Into<String>,
        span: Span,
    ) {
        let subject = self.range(span);
        self.diags
            .push(Diagnostic::error(summary, detail, Some(subject)).with_kind(kind));
    }

    /// Reports an error of a known kind about `span` within the wider
    /// `context`.
    #[cold]
    pub(super) fn error_in_of(
        &mut self,
        kind: DiagnosticKind,
        summary: &str,
        detail: impl Into<String>,
        span: Span,
        context: Span,
    ) {
        let subject = self.range(span);
        let context = self.range(context);
        self.diags.push(
            Diagnostic::error(summary, detail, Some(subject))
                .with_context(context)
                .with_kind(kind),
        );
    }

    /// Reports an error about `span` within the wider `context`.
    #[cold]
    pub(super) fn error_in(
        &mut self,
        summary: &str,
        detail: impl Into<String>,
        span: Span,
        context: Span,
    ) {
        let subject = self.range(span);
        let context = self.range(context);
        self.diags
            .push(Diagnostic::error(summary, detail, Some(subject)).with_context(context));
    }

    /// Reports that the evaluation budget is spent, on `span`: once per
    /// evaluation (every later charge fails too, and would repeat it).
    #[cold]
    pub(super) fn limit_error(&mut self, span: Span) {
        if let Some(e) = limits::take_report() {
            let subject = self.range(span);
            self.diags.push(e.diagnostic(Some(subject)));
        }
    }

    /// Whether a charge went through; otherwise the limit is reported on
    /// `span` (once) and the caller gives up with the dynamic value.
    #[inline]
    pub(super) fn charged(&mut self, charge: Result<(), Exceeded>, span: Span) -> bool {
        if let Ok(()) = charge {
            true
        } else {
            self.limit_error(span);
            false
        }
    }

    /// Runs `f` with diagnostics collected apart, for the caller to keep or
    /// drop (a conditional's branch that is not selected).
    pub(super) fn isolated<T>(&mut self, f: impl FnOnce(&mut Eval<'_>) -> T) -> (T, Diagnostics) {
        let mut own = Diagnostics::new();
        let mut inner = Eval::new(self.origin, &mut own);
        let value = f(&mut inner);
        (value, own)
    }

    /// The value of `e`, owned.
    /// A borrowed value (a variable) is copied here, and the copy charged
    /// to the evaluation budget.
    pub(super) fn value(&mut self, e: &Expr, ctx: &Env<'_>) -> Value {
        match self.value_cow(e, ctx) {
            Cow::Owned(v) => v,
            Cow::Borrowed(v) => {
                if self.charged(limits::charge_value(v), e.span) {
                    v.clone()
                } else {
                    Value::dynamic()
                }
            }
        }
    }

    /// The value of `e`, borrowed from the context when it is a variable,
    /// so that reading `var.big.x` or interpolating `${name}` does not copy
    /// the whole variable first.
    pub(super) fn value_cow<'c>(&mut self, e: &Expr, ctx: &Env<'c>) -> Cow<'c, Value> {
        match &e.kind {
            ExprKind::Variable(name) => match self.variable(name, ctx) {
                Some(v) => Cow::Borrowed(v),
                None => Cow::Owned(Value::dynamic()),
            },
            ExprKind::Parens(inner) => self.value_cow(inner, ctx),
            ExprKind::Traversal(t) => {
                let start = t.source.span.start;
                let source = self.value_cow(&t.source, ctx);
                let outer = std::mem::replace(&mut self.traversal_start, start);
                let value = self.steps_cow(source, &t.steps, ctx);
                self.traversal_start = outer;
                value
            }
            _ => Cow::Owned(self.value_owned(e, ctx)),
        }
    }

    fn value_owned(&mut self, e: &Expr, ctx: &Env<'_>) -> Value {
        match &e.kind {
            ExprKind::Number(text) => self.number(text, e.span),
            ExprKind::Bool(b) => Value::Bool(*b),
            ExprKind::Null => Value::null(Type::Dynamic),
            ExprKind::Template(t) => self.template(t, ctx),
            ExprKind::Tuple(items) => {
                Value::Tuple(items.iter().map(|i| self.value(i, ctx)).collect())
            }
            ExprKind::Object(items) => self.object(items, ctx),
            ExprKind::Call(call) => self.call(call, e.span, ctx),
            ExprKind::For(f) => self.for_expr(f, e.span, ctx),
            ExprKind::Unary { op, operand } => self.unary(*op, operand, e.span, ctx),
            ExprKind::Binary(b) => self.binary_chain(&b.first, &b.rest, ctx),
            ExprKind::Conditional(c) => {
                self.conditional(&c.cond, &c.then, &c.otherwise, e.span, ctx)
            }
            ExprKind::Variable(_) | ExprKind::Parens(_) | ExprKind::Traversal(_) => {
                self.value(e, ctx)
            }
        }
    }

    fn number(&mut self, text: &str, span: Span) -> Value {
        match Number::parse(text) {
            Ok(n) => Value::Number(n),
            Err(e) => {
                self.error(e.summary(), number_detail(e), span);
                Value::dynamic()
            }
        }
    }

    // ------------------------------------------------------------ variables

    /// The value of variable `name`, or `None` after reporting why there is
    /// none.
    fn variable<'c>(&mut self, name: &Ident, ctx: &Env<'c>) -> Option<&'c Value> {
        if !ctx.is_literal() {
            if let Some(v) = ctx.variable(&name.name) {
                return Some(v);
            }
        }
        self.no_variable(name, ctx);
        None
    }

    #[cold]
    fn no_variable(&mut self, name: &Ident, ctx: &Env<'_>) {
        if ctx.is_literal() {
            self.error_of(
                DiagnosticKind::VariablesNotAllowed,
                "Variables not allowed",
                "Variables may not be used here.",
                name.span,
            );
            return;
        }
        if !ctx.has_variables() {
            self.error_of(
                DiagnosticKind::UnknownVariable,
                "Variables not allowed",
                format!(
                    "There is no variable named {:?}: no variables were given to this evaluation context (add them with EvalContext::with_variable).",
                    name.name
                ),
                name.span,
            );
            return;
        }
        let names = ctx.variable_names();
        let suggestion = suggestion(&name.name, names.iter().copied());
        self.error_of(
            DiagnosticKind::UnknownVariable,
            "Unknown variable",
            format!("There is no variable named {:?}.{suggestion}", name.name),
            name.span,
        );
    }

    // ------------------------------------------------------------ traversals

    /// Applies attribute, index and splat steps to `value`, left to right.
    pub(super) fn apply_steps(
        &mut self,
        value: Cow<'_, Value>,
        steps: &[Step],
        ctx: &Env<'_>,
    ) -> Value {
        let span = steps.last().map_or(Span::new(0, 0), |s| s.span);
        self.apply_steps_at(value, steps, ctx, span)
    }

    /// [`apply_steps`](Self::apply_steps), with `span` the range to report
    /// a spent budget on when there are no steps (a splat's elements).
    fn apply_steps_at(
        &mut self,
        value: Cow<'_, Value>,
        steps: &[Step],
        ctx: &Env<'_>,
        span: Span,
    ) -> Value {
        match self.steps_cow(value, steps, ctx) {
            Cow::Owned(v) => v,
            Cow::Borrowed(v) => {
                if self.charged(limits::charge_value(v), span) {
                    v.clone()
                } else {
                    Value::dynamic()
                }
            }
        }
    }

    /// Applies `steps` to `value`, borrowing for as long as the value is
    /// borrowed and each step selects a part of it (`var.region`,
    /// `nums[0]`): nothing is copied until a step has to build a new value
    /// (a splat, an unknown, an error), and the copy of the final part is
    /// left to the caller that needs it owned (and charged there).
    fn steps_cow<'v>(
        &mut self,
        value: Cow<'v, Value>,
        steps: &[Step],
        ctx: &Env<'_>,
    ) -> Cow<'v, Value> {
        let mut current = value;
        for step in steps {
            let next = match current {
                Cow::Borrowed(v) => self.step(v, step, ctx),
                Cow::Owned(ref v) => Cow::Owned(self.step(v, step, ctx).into_owned()),
            };
            if let Cow::Owned(ref next) = next {
                // Each step's owned result is a copy of part of its source.
                if !self.charged(limits::charge_value(next), step.span) {
                    return Cow::Owned(Value::dynamic());
                }
            }
            current = next;
        }
        current
    }

    /// One step: borrowed when it selects an element or attribute of
    /// `value` that is there, otherwise HCL's general rules (an owned
    /// result, or the dynamic value after reporting the error).
    fn step<'v>(&mut self, value: &'v Value, step: &Step, ctx: &Env<'_>) -> Cow<'v, Value> {
        match &step.kind {
            StepKind::Attr(name) => match value.attr_ref(name) {
                Some(v) => Cow::Borrowed(v),
                None => Cow::Owned(self.access(value.get_attr_hcl(name), step.span)),
            },
            StepKind::Index { key, .. } => {
                let mark = self.mark();
                let key = self.value_cow(key, ctx);
                if self.failed_since(mark) {
                    return Cow::Owned(Value::dynamic());
                }
                match value.index_ref(&key) {
                    Some(v) => Cow::Borrowed(v),
                    None => Cow::Owned(self.access(value.index_hcl(&key), step.span)),
                }
            }
            StepKind::Splat { kind, each } => {
                Cow::Owned(self.splat(value, *kind, each, step.span, ctx))
            }
        }
    }

    fn access(&mut self, result: Result<Value, AccessError>, span: Span) -> Value {
        result.unwrap_or_else(|e| {
            self.error_of(e.kind(), e.summary, e.detail, span);
            Value::dynamic()
        })
    }

    /// Where the splat at `span` starts in HCL's ranges (its source's
    /// start) and where its `[*]` or `.*` marker ends.
    fn splat_bounds(&self, kind: SplatKind, span: Span) -> (u32, u32) {
        let start = self.traversal_start.min(span.start);
        (start, self.splat_marker_end(kind, span))
    }

    /// The end of a splat's `[*]` or `.*` marker, which starts its span.
    fn splat_marker_end(&self, kind: SplatKind, span: Span) -> u32 {
        let text = self.origin.text().as_bytes();
        let last = match kind {
            SplatKind::Full => b']',
            SplatKind::Attr => b'*',
        };
        text.get(span.start as usize..span.end as usize)
            .and_then(|marker| marker.iter().position(|&b| b == last))
            .map_or(span.end, |i| span.start + i as u32 + 1)
    }

    /// A splat: `each` applied to every element of a list, set or tuple,
    /// or to a lone value as if it were a one-element tuple (null: none).
    fn splat(
        &mut self,
        source: &Value,
        kind: SplatKind,
        each: &[Step],
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        if let Value::Marked(m) = source {
            // The source's marks go on the result; each element keeps its
            // own.
            return self.splat(m.value(), kind, each, span, ctx).mark(m.marks());
        }
        let is_sequence = |t: &Type| matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_));
        match source {
            Value::Null(ty) if is_sequence(ty) => {
                // HCL's ranges: the source, within the source and marker.
                let (start, marker_end) = self.splat_bounds(kind, span);
                self.error_in(
                    "Splat of null value",
                    "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                    Span::new(start, span.start),
                    Span::new(start, marker_end),
                );
                Value::dynamic()
            }
            Value::Null(_) => Value::Tuple(Elements::new()),
            Value::Unknown(ty) if is_sequence(ty) => Value::unknown(self.splat_type(ty, each, ctx)),
            Value::Unknown(Type::Dynamic) => Value::dynamic(),
            Value::Unknown(_) => {
                // Still check the steps (an attribute the type lacks is an
                // error now), but whether the value will be null, and so how
                // many elements the result has, is not known yet.
                self.apply_steps(Cow::Borrowed(source), each, ctx);
                Value::dynamic()
            }
            Value::List(elem, items) | Value::Set(elem, items) => {
                self.splat_list(elem, items, (kind, each), span, ctx)
            }
            Value::Tuple(items) => self
                .splat_elements(items, each, span, ctx)
                .unwrap_or_else(|| Value::unknown(self.splat_type(&source.ty(), each, ctx))),
            lone => {
                let v = self.apply_steps(Cow::Borrowed(lone), each, ctx);
                Value::Tuple(Elements::from([v]))
            }
        }
    }

    fn splat_list(
        &mut self,
        elem: &Type,
        items: &[Value],
        (kind, each): (SplatKind, &[Step]),
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        let list_ty = Type::List(Box::new(elem.clone()));
        if items.is_empty() {
            return match self.splat_type(&list_ty, each, ctx) {
                Type::List(t) => Value::empty_list(*t),
                other => Value::unknown(other),
            };
        }
        match self.splat_elements(items, each, span, ctx) {
            Some(Value::Tuple(results)) => list_or_tuple(results).unwrap_or_else(|| {
                // HCL 2.24 rejects it rather than build a list of two types.
                let (start, marker_end) = self.splat_bounds(kind, span);
                self.error_in(
                    "Invalid nested splat expressions",
                    "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
                    Span::new(marker_end, span.end),
                    Span::new(start, span.end),
                );
                Value::dynamic()
            }),
            Some(other) => other,
            None => Value::unknown(self.splat_type(&list_ty, each, ctx)),
        }
    }

    /// `each` applied to every item: a tuple, or `None` if any failed.
    fn splat_elements(
        &mut self,
        items: &[Value],
        each: &[Step],
        span: Span,
        ctx: &Env<'_>,
    ) -> Option<Value> {
        let mark = self.mark();
        let mut results = Elements::with_capacity(items.len());
        for item in items {
            if limits::exceeded().is_some() {
                return None;
            }
            results.push(self.apply_steps_at(Cow::Borrowed(item), each, ctx, span));
        }
        (!self.failed_since(mark)).then_some(Value::Tuple(results))
    }

    /// The type a splat over an unknown sequence of type `ty` has: the
    /// steps applied to unknown elements.
    fn splat_type(&mut self, ty: &Type, each: &[Step], ctx: &Env<'_>) -> Type {
        match ty {
            Type::List(elem) | Type::Set(elem) => {
                let v = self.apply_steps(Cow::Owned(Value::unknown((**elem).clone())), each, ctx);
                Type::List(Box::new(v.ty()))
            }
            Type::Tuple(elems) => Type::Tuple(
                elems
                    .iter()
                    .map(|t| {
                        self.apply_steps(Cow::Owned(Value::unknown(t.clone())), each, ctx)
                            .ty()
                    })
                    .collect(),
            ),
            _ => Type::Dynamic,
        }
    }

    // ------------------------------------------------------------ objects

    /// An object constructor: its keys' marks go on the object (a key
    /// cannot carry them), its values keep theirs.
    fn object(&mut self, items: &[ObjectItem], ctx: &Env<'_>) -> Value {
        let outer = self.gather_start();
        let value = self.object_items(items, ctx);
        self.gathered(value, outer)
    }

    #[inline]
    fn object_items(&mut self, items: &[ObjectItem], ctx: &Env<'_>) -> Value {
        let mut attrs = Entries::with_capacity(items.len());
        let mut known = true;
        for item in items {
            let key = self.object_key(&item.key, ctx);
            let value = self.value(&item.value, ctx);
            match key {
                Some(k) => {
                    attrs.insert(k, value);
                }
                None => known = false,
            }
        }
        if known {
            Value::Object(attrs)
        } else {
            Value::dynamic()
        }
    }

    /// The key of an object constructor item, or `None` when it is unknown
    /// or failed.
    fn object_key(&mut self, key: &ObjectKey, ctx: &Env<'_>) -> Option<Str> {
        let expr = match key {
            ObjectKey::Ident(name) => return Some(Str::from(&*name.name)),
            ObjectKey::Expr(expr) => expr,
        };
        if is_bare_reference(expr) {
            self.error(
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                expr.span,
            );
            return None;
        }
        let mark = self.mark();
        let value = self.value_cow(expr, ctx);
        let value = self.gather(value);
        if self.failed_since(mark) || !value.is_known() {
            return None;
        }
        if value.is_null() {
            self.error(
                "Null value as key",
                "Can't use a null value as a key.",
                expr.span,
            );
            return None;
        }
        match try_convert(&value, &Type::String, true) {
            Ok(Value::String(s)) => Some(s),
            Ok(_) => None,
            Err(e) => {
                self.error(
                    "Incorrect key type",
                    format!("Can't use this value as a key: {e}."),
                    expr.span,
                );
                None
            }
        }
    }

    // ------------------------------------------------------------ conditionals

    /// `cond ? then : otherwise`: both results are evaluated (their types
    /// decide the result type) but only the selected one's errors count.
    /// The result carries the marks of the condition and of both results,
    /// as in HCL.
    fn conditional(
        &mut self,
        cond: &Expr,
        then: &Expr,
        otherwise: &Expr,
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        let outer = self.gather_start();
        let value = self.conditional_unmarked(cond, then, otherwise, span, ctx);
        self.gathered(value, outer)
    }

    #[inline]
    fn conditional_unmarked(
        &mut self,
        cond: &Expr,
        then: &Expr,
        otherwise: &Expr,
        span: Span,
        ctx: &Env<'_>,
    ) -> Value {
        let (then_value, then_diags) = self.isolated(|e| e.value(then, ctx));
        let (else_value, else_diags) = self.isolated(|e| e.value(otherwise, ctx));
        let then_value = self.gather(Cow::Owned(then_value)).into_owned();
        let else_value = self.gather(Cow::Owned(else_value)).into_owned();
        let Some(result_ty) = conditional_type(&then_value, &else_value) else {
            let detail = format!(
                "The true and false result expressions must have consistent types. {}.",
                describe_mismatch(&then_value.ty(), &else_value.ty())
            );
            self.error_in(
                "Inconsistent conditional result types",
                detail,
                then.span.to(otherwise.span),
                span,
            );
            return Value::dynamic();
        };
        let selected = match self.condition(cond, span, ctx) {
            Condition::Is(selected) => selected,
            // Either result may be taken: a null when both are.
            Condition::Unknown if then_value.is_null() && else_value.is_null() => {
                return Value::null(result_ty)
            }
            Condition::Unknown | Condition::Invalid => return Value::unknown(result_ty),
        };
        let (value, diags, expr, which) = if selected {
            (then_value, then_diags, then, "true")
        } else {
            (else_value, else_diags, otherwise, "false")
        };
        self.diags.extend(diags);
        if result_ty == Type::Dynamic {
            return value;
        }
        match try_convert(&value, &result_ty, true) {
            Ok(v) => v,
            Err(e) => {
                self.error_in(
                    "Inconsistent conditional result types",
                    format!("The {which} result value has the wrong type: {e}."),
                    expr.span,
                    span,
                );
                Value::unknown(result_ty)
            }
        }
    }
}

/// A condition's value, as a conditional reads it.
pub(crate) enum Condition {
    /// True or false.
    Is(bool),
    /// Unknown, or failed (its errors reported): either result may be
    /// taken.
    Unknown,
    /// Null or not a bool (reported).
    Invalid,
}

/// A list of `items` when they all have one type (as the results of the
/// same steps on the elements of a list usually do), a tuple when some are
/// of the dynamic type; `None` when two have different types, which no
/// list can hold (a nested splat over scalars, some of them null).
fn list_or_tuple(items: Elements) -> Option<Value> {
    let Some(first) = items.first().map(Value::ty) else {
        return Some(Value::Tuple(items));
    };
    if items[1..].iter().all(|v| v.ty() == first) {
        return Some(Value::List(first, items));
    }
    items
        .iter()
        .any(|v| v.ty() == Type::Dynamic)
        .then_some(Value::Tuple(items))
}

/// The result type of a conditional with these results: a literal `null`
/// takes the other side's type, the dynamic type stays dynamic, anything
/// else is unified the way HCL's Go implementation does it
/// ([`unify_unsafe`]). `None` when the types cannot be unified.
fn conditional_type(then: &Value, otherwise: &Value) -> Option<Type> {
    let dynamic_null = |v: &Value| matches!(v, Value::Null(Type::Dynamic));
    if dynamic_null(then) {
        return Some(otherwise.ty());
    }
    if dynamic_null(otherwise) {
        return Some(then.ty());
    }
    let (a, b) = (then.ty(), otherwise.ty());
    if a == Type::Dynamic || b == Type::Dynamic {
        return Some(Type::Dynamic);
    }
    // Two results of one primitive type unify to it.
    if a == b && a.is_primitive() {
        return Some(a);
    }
    unify_unsafe(&[a, b])
}

/// Why the results of a conditional have no common type, as HCL's
/// `describeConditionalTypeMismatch` says it: what differs inside two
/// objects, two tuples or two collections of them, else the two types.
#[cold]
fn describe_mismatch(then: &Type, otherwise: &Type) -> String {
    match (then, otherwise) {
        (Type::Object(a), Type::Object(b)) => {
            for (name, ta) in a.iter() {
                let Some(tb) = b.get(name) else {
                    return format!("The 'true' value includes object attribute {name:?}, which is absent in the 'false' value");
                };
                if ta != tb {
                    return format!(
                        "Type mismatch for object attribute {name:?}: {}",
                        describe_mismatch(ta, tb)
                    );
                }
            }
            if let Some(name) = b.keys().find(|name| !a.contains_key(*name)) {
                return format!("The 'false' value includes object attribute {name:?}, which is absent in the 'true' value");
            }
        }
        (Type::Tuple(a), Type::Tuple(b)) => {
            if a.len() != b.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    a.len(),
                    b.len()
                );
            }
            if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
                return format!(
                    "Type mismatch for tuple element {i}: {}",
                    describe_mismatch(&a[i], &b[i])
                );
            }
        }
        (Type::List(a), Type::List(b))
        | (Type::Set(a), Type::Set(b))
        | (Type::Map(a), Type::Map(b))
            if matches!(
                (&**a, &**b),
                (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))
            ) =>
        {
            let noun = match then {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_mismatch(a, b)
            );
        }
        _ => {}
    }
    let (a, b) = (then.friendly_name(), otherwise.friendly_name());
    if a == b {
        "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into()
    } else {
        format!("The 'true' value is {a}, but the 'false' value is {b}")
    }
}

/// Whether an object key is an unparenthesized reference like `a.b`, which
/// HCL rejects as ambiguous (a name with a dot, or a reference?).
fn is_bare_reference(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Traversal(t) => {
            matches!(t.source.kind, ExprKind::Variable(_))
                && t.steps
                    .iter()
                    .all(|s| !matches!(s.kind, StepKind::Splat { .. }))
        }
        _ => false,
    }
}

/// The detail sentence for a number error.
pub(crate) fn number_detail(e: crate::value::NumberError) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `conditional_type` answers two equal primitive types itself: what
    /// the general unification gives.
    #[test]
    fn equal_primitive_results_unify_as_the_general_rule_does() {
        for ty in [Type::String, Type::Number, Type::Bool] {
            assert_eq!(unify_unsafe(&[ty.clone(), ty.clone()]), Some(ty.clone()));
            let v = Value::unknown(ty.clone());
            assert_eq!(conditional_type(&v, &v), Some(ty));
        }
    }
}
