//! Static analysis of the native syntax tree: which expressions are static
//! traversals, and the variable references of a whole tree.
//!
//! Everything here works on spans of the text a native expression was
//! parsed from (a JSON string's decoded text, or a native file's source);
//! a [`Spans`] maps them to file ranges, so the results point exactly into
//! the source whatever escapes a string holds.

use super::traversal::{Traversal, TraversalStep};
use crate::body::OriginRef;
use crate::native::{
    Call, Expr, ExprKind, ForResult, Ident, ObjectKey, Span, Step, StepKind, Template, TemplatePart,
};
use crate::pos::Range;
use crate::value::{Number, Type, Value};

/// Maps spans of the text a native expression was parsed from to file
/// ranges.
#[derive(Clone, Copy)]
pub(crate) struct Spans<'a> {
    /// The text the spans index.
    pub origin: OriginRef<'a>,
}

impl Spans<'_> {
    pub(super) fn range(&self, span: Span) -> Range {
        self.origin.range(span)
    }

    fn traversal(&self, steps: Vec<TraversalStep>) -> Traversal {
        Traversal::with_source(steps, self.origin.source().clone())
    }
}

/// Removes redundant parentheses: `(a.b)` is as static as `a.b`, as in
/// HCL, whose analyses look through its parentheses node.
pub(crate) fn unwrap_parens(mut e: &Expr) -> &Expr {
    while let ExprKind::Parens(inner) = &e.kind {
        e = inner;
    }
    e
}

/// A bare identifier key of an object constructor (`foo` in `{foo = 1}`)
/// is handed out by `as_map` as a template of just that literal text whose
/// span has no quotes: it evaluates to the string `"foo"`, as HCL says, yet
/// analysis still reads it as the keyword `foo` (what `typeexpr` needs for
/// `object({name = string})`). A quoted key's template span includes its
/// quotes, so the two never mix up.
pub(crate) fn bare_key_expr(ident: &Ident) -> Expr {
    Expr {
        kind: ExprKind::Template(Box::new(Template::literal(ident.name.clone(), ident.span))),
        span: ident.span,
    }
}

/// The name of a [`bare_key_expr`], if `e` is one.
fn bare_key_name(e: &Expr) -> Option<&str> {
    let ExprKind::Template(t) = &e.kind else {
        return None;
    };
    match t.parts.as_slice() {
        [TemplatePart::Literal { text, span }] if *span == t.span && t.span == e.span => {
            let mut chars = text.chars();
            let ident_start = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_');
            ident_start.then_some(text.as_str())
        }
        _ => None,
    }
}

/// The root of a static traversal: a variable, or one of the keywords
/// `true`, `false`, `null` read as a name (HCL's static analysis treats
/// them as names, so `null.foo` is a traversal).
fn root_name(e: &Expr) -> Option<(&str, Span)> {
    match &e.kind {
        ExprKind::Variable(id) => Some((&id.name, id.span)),
        ExprKind::Bool(true) => Some(("true", e.span)),
        ExprKind::Bool(false) => Some(("false", e.span)),
        ExprKind::Null => Some(("null", e.span)),
        ExprKind::Template(_) => bare_key_name(e).map(|name| (name, e.span)),
        _ => None,
    }
}

/// `e` as a single keyword: a root name with no steps.
pub(crate) fn keyword(e: &Expr) -> Option<String> {
    root_name(unwrap_parens(e)).map(|(name, _)| name.to_string())
}

/// `e` as an absolute static traversal: a root name followed only by
/// attribute and constant index steps.
pub(crate) fn abs_traversal(e: &Expr, spans: Spans<'_>) -> Option<Traversal> {
    let mut steps = Vec::new();
    push_static(unwrap_parens(e), spans, &mut steps)?;
    Some(spans.traversal(steps))
}

fn push_static(e: &Expr, spans: Spans<'_>, out: &mut Vec<TraversalStep>) -> Option<()> {
    if let Some((name, span)) = root_name(e) {
        out.push(TraversalStep::Root {
            name: name.to_string(),
            range: spans.range(span),
        });
        return Some(());
    }
    let ExprKind::Traversal(t) = &e.kind else {
        return None;
    };
    push_static(unwrap_parens(&t.source), spans, out)?;
    for step in &t.steps {
        out.push(static_step(step, spans)?);
    }
    Some(())
}

/// A step as a static traversal step: an attribute, or an index whose key
/// is a literal (number, bool, null or a quoted string without
/// interpolations, exactly what HCL folds into a traversal).
fn static_step(step: &Step, spans: Spans<'_>) -> Option<TraversalStep> {
    let range = spans.range(step.span);
    match &step.kind {
        StepKind::Attr(name) => Some(TraversalStep::Attr {
            name: name.to_string(),
            range,
        }),
        StepKind::Index { key, .. } => Some(TraversalStep::Index {
            key: constant_key(key)?,
            range,
        }),
        StepKind::Splat { .. } => None,
    }
}

fn constant_key(key: &Expr) -> Option<Value> {
    match &key.kind {
        ExprKind::Number(text) => Number::parse(text).ok().map(Value::Number),
        ExprKind::Bool(b) => Some(Value::Bool(*b)),
        ExprKind::Null => Some(Value::null(Type::Dynamic)),
        ExprKind::Template(t) => t.as_literal().map(Value::from),
        _ => None,
    }
}

/// Collects the variable references of native trees, in source order,
/// leaving out the names that `for` expressions and directives bind, and
/// the function calls met on the way (for checks that read both in one
/// walk).
pub(crate) struct Variables<'a> {
    spans: Spans<'a>,
    bound: Vec<&'a str>,
    pub out: Vec<Traversal>,
    /// Each call, with where the whole call is.
    pub calls: Vec<(&'a Call, Span)>,
}

impl<'a> Variables<'a> {
    pub(super) fn new(spans: Spans<'a>) -> Self {
        Variables {
            spans,
            bound: Vec::new(),
            out: Vec::new(),
            calls: Vec::new(),
        }
    }

    /// How the walk maps spans to ranges.
    pub(super) fn spans(&self) -> Spans<'a> {
        self.spans
    }

    fn is_bound(&self, name: &str) -> bool {
        self.bound.contains(&name)
    }

    /// The root plus its leading static steps is one reference; the steps
    /// after a splat or a computed index are applied to a computed value,
    /// so only their keys hold references.
    fn reference(&mut self, id: &Ident, steps: &'a [Step]) {
        let mut trav = Vec::new();
        let mut rest = steps;
        if !self.is_bound(&id.name) {
            trav.push(TraversalStep::Root {
                name: id.name.to_string(),
                range: self.spans.range(id.span),
            });
        }
        while let Some((first, tail)) = rest.split_first() {
            let Some(step) = static_step(first, self.spans) else {
                break;
            };
            if !trav.is_empty() {
                trav.push(step);
            }
            rest = tail;
        }
        if !trav.is_empty() {
            let t = self.spans.traversal(trav);
            self.out.push(t);
        }
        self.steps(rest);
    }

    fn steps(&mut self, steps: &'a [Step]) {
        for step in steps {
            match &step.kind {
                StepKind::Attr(_) => {}
                StepKind::Index { key, .. } => self.expr(key),
                StepKind::Splat { each, .. } => self.steps(each),
            }
        }
    }

    pub(super) fn expr(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Number(_) | ExprKind::Bool(_) | ExprKind::Null => {}
            ExprKind::Template(t) => self.template(t),
            ExprKind::Variable(id) => self.reference(id, &[]),
            ExprKind::Traversal(t) => {
                if let ExprKind::Variable(id) = &t.source.kind {
                    self.reference(id, &t.steps);
                } else {
                    self.expr(&t.source);
                    self.steps(&t.steps);
                }
            }
            ExprKind::Call(call) => {
                self.calls.push((call, e.span));
                call.args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Tuple(items) => items.iter().for_each(|i| self.expr(i)),
            ExprKind::Object(items) => {
                for item in items {
                    // A bare identifier key is a literal name, not a reference.
                    if let ObjectKey::Expr(k) = &item.key {
                        self.expr(k);
                    }
                    self.expr(&item.value);
                }
            }
            ExprKind::For(fe) => {
                self.expr(&fe.collection);
                let depth = self.bind(fe.key_var.as_ref(), &fe.value_var);
                match &fe.result {
                    ForResult::Tuple { value } => self.expr(value),
                    ForResult::Object { key, value, .. } => {
                        self.expr(key);
                        self.expr(value);
                    }
                }
                if let Some(cond) = &fe.cond {
                    self.expr(cond);
                }
                self.bound.truncate(depth);
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary(b) => {
                self.expr(&b.first);
                for term in &b.rest {
                    self.expr(&term.rhs);
                }
            }
            ExprKind::Conditional(c) => {
                self.expr(&c.cond);
                self.expr(&c.then);
                self.expr(&c.otherwise);
            }
            ExprKind::Parens(inner) => self.expr(inner),
        }
    }

    pub(super) fn template(&mut self, t: &'a Template) {
        for part in &t.parts {
            match part {
                TemplatePart::Literal { .. } => {}
                TemplatePart::Interpolation { expr, .. } => self.expr(expr),
                TemplatePart::If(i) => {
                    self.expr(&i.cond);
                    self.template(&i.then);
                    if let Some(o) = &i.otherwise {
                        self.template(o);
                    }
                }
                TemplatePart::For(f) => {
                    self.expr(&f.collection);
                    let depth = self.bind(f.key_var.as_ref(), &f.value_var);
                    self.template(&f.body);
                    self.bound.truncate(depth);
                }
            }
        }
    }

    /// Binds a `for`'s iterator names; returns the depth to truncate back
    /// to when its scope ends.
    fn bind(&mut self, key: Option<&'a Ident>, value: &'a Ident) -> usize {
        let depth = self.bound.len();
        if let Some(k) = key {
            self.bound.push(&k.name);
        }
        self.bound.push(&value.name);
        depth
    }
}
