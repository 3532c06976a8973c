//! `for` expressions (`[for k, v in coll : ...]`, `{for ... : k => v...}`)
//! and the iteration they share with the template `%{ for }` directive.
//!
//! Lists and tuples are visited in index order with the index as key, sets
//! in their canonical order with the element as key, maps and objects in
//! lexical key order (as cty does) with the key as key. Every element is
//! evaluated with its variables borrowed in a frame on the stack
//! ([`Env`]), so an iteration copies nothing and allocates no scope.

use std::borrow::Cow;

use indexmap::IndexMap;

use super::context::Env;
use super::expr::Eval;
use crate::native::{Expr, ForExpr, ForResult, Ident, Span};
use crate::value::limits;
use crate::value::{try_convert, Elements, Entries, Str, Type, Value};

/// The introduction of a `for`: its variables and its collection.
pub(crate) struct Iteration<'e> {
    pub key_var: Option<&'e Ident>,
    pub value_var: &'e Ident,
    pub collection: &'e Expr,
    /// A `for` expression's `if` clause, checked once before the elements
    /// (see [`Eval::iterate`]).
    pub filter: Option<&'e Expr>,
    /// The whole `for` expression or directive, for context.
    pub span: Span,
}

impl Eval<'_> {
    /// Evaluates the collection and calls `body` once per element, in a
    /// child scope holding the iteration variables, stopping after the
    /// first element that reports an error. `body` says whether
    /// its result for that element is known. Returns whether the whole
    /// iteration is: false when the collection is unknown or failed, when
    /// the `if` clause fails its first check, or when some element's
    /// result is not known.
    ///
    /// As in HCL's `ForExpr.Value`, an `if` clause is evaluated once before
    /// the elements with its variables unknown, for any collection of a
    /// known type (an empty or unknown one too): a clause that fails, is
    /// null or cannot be a bool whatever the elements are is reported
    /// there, once. An unknown collection's result then carries the
    /// clause's marks.
    pub(crate) fn iterate(
        &mut self,
        it: &Iteration<'_>,
        ctx: &Env<'_>,
        mut body: impl FnMut(&mut Eval<'_>, &Env<'_>) -> bool,
    ) -> bool {
        let mark = self.mark();
        let collection = self.value_cow(it.collection, ctx);
        // The collection's marks go on the result (gathered by the caller);
        // each element keeps its own.
        let collection = self.gather(collection);
        if self.failed_since(mark) {
            return false;
        }
        let Some(collection_known) = self.check_iterable(&collection, it) else {
            return false;
        };
        if let Some(filter) = it.filter {
            if !self.check_filter(filter, it, ctx, !collection_known) {
                return false;
            }
        }
        if !collection_known {
            return false;
        }
        let mut known = true;
        let mut visit = |eval: &mut Eval<'_>, key: Cow<'_, Value>, value: &Value| {
            // One step and one value slot per iteration, and the element
            // the body sees (borrowed, but charged as the copy it once was,
            // so that the budget means the same).
            let charge = limits::charge_steps(1)
                .and_then(|()| limits::charge_bytes(limits::VALUE_BYTES))
                .and_then(|()| limits::charge_value(value));
            if !eval.charged(charge, it.collection.span) {
                return false;
            }
            let key = it.key_var.map(|k| (&*k.name, key));
            let locals = ctx.iteration(key, (&it.value_var.name, value));
            known &= body(eval, &ctx.with(&locals));
            // One failing element is reported; the others would most
            // likely repeat the same error.
            !eval.failed_since(mark)
        };
        match &*collection {
            Value::List(_, items) | Value::Tuple(items) => {
                for (i, item) in items.iter().enumerate() {
                    // The index as a number only for a key variable to hold.
                    let key = match it.key_var {
                        Some(_) => Cow::Owned(index_value(i)),
                        None => Cow::Borrowed(item),
                    };
                    if !visit(self, key, item) {
                        break;
                    }
                }
            }
            Value::Set(_, items) => {
                for item in items {
                    if !visit(self, Cow::Borrowed(item), item) {
                        break;
                    }
                }
            }
            Value::Map(_, entries) | Value::Object(entries) => {
                let mut sorted: Vec<(&Str, &Value)> = entries.iter().collect();
                sorted.sort_unstable_by(|a, b| a.0.cmp(b.0));
                for (k, v) in sorted {
                    if !visit(self, Cow::Owned(Value::String(k.clone())), v) {
                        break;
                    }
                }
            }
            _ => return false,
        }
        known
    }

    /// Whether `collection` can be iterated: `Some(true)` when it is a known
    /// collection, `Some(false)` when it is an unknown one of a collection
    /// type, `None` when it is an unknown of no known type or cannot be
    /// iterated (reported when that is an error).
    fn check_iterable(&mut self, collection: &Value, it: &Iteration<'_>) -> Option<bool> {
        let iterable = |t: &Type| {
            matches!(
                t,
                Type::List(_) | Type::Set(_) | Type::Tuple(_) | Type::Map(_) | Type::Object(_)
            )
        };
        match collection {
            Value::Null(_) => {
                self.error_in(
                    "Iteration over null value",
                    "A null value cannot be used as the collection in a 'for' expression.",
                    it.collection.span,
                    it.span,
                );
                None
            }
            Value::Unknown(Type::Dynamic) => None,
            Value::Unknown(t) if iterable(t) => Some(false),
            Value::List(..)
            | Value::Set(..)
            | Value::Tuple(_)
            | Value::Map(..)
            | Value::Object(_) => Some(true),
            other => {
                self.error_in(
                    "Iteration over non-iterable value",
                    format!(
                        "A value of type {} cannot be used as the collection in a 'for' expression.",
                        other.ty().friendly_name()
                    ),
                    it.collection.span,
                    it.span,
                );
                None
            }
        }
    }

    /// The first check of the `if` clause `filter` (see
    /// [`Eval::iterate`]): evaluated with the iteration variables unknown,
    /// whether it may still keep elements. Its marks go on the result
    /// when `keep_marks` (an unknown collection's result).
    fn check_filter(
        &mut self,
        filter: &Expr,
        it: &Iteration<'_>,
        ctx: &Env<'_>,
        keep_marks: bool,
    ) -> bool {
        let unknown = Value::dynamic();
        let key = it.key_var.map(|k| (&*k.name, Cow::Borrowed(&unknown)));
        let locals = ctx.iteration(key, (&it.value_var.name, &unknown));
        let mark = self.mark();
        let value = self.value_cow(filter, &ctx.with(&locals));
        let value = if keep_marks {
            self.gather(value)
        } else {
            value
        };
        !self.failed_since(mark)
            && self
                .filter_value(value.unmarked(), filter, it.span, "Condition is null")
                .is_ok()
    }

    /// A `for` expression: a tuple, or an object (grouped with `...`). The
    /// marks of its collection, of its conditions and of its keys go on
    /// the result; each element keeps its own.
    pub(super) fn for_expr(&mut self, f: &ForExpr, span: Span, ctx: &Env<'_>) -> Value {
        let outer = self.gather_start();
        let value = self.for_unmarked(f, span, ctx);
        self.gathered(value, outer)
    }

    #[inline]
    fn for_unmarked(&mut self, f: &ForExpr, span: Span, ctx: &Env<'_>) -> Value {
        let it = Iteration {
            key_var: f.key_var.as_ref(),
            value_var: &f.value_var,
            collection: &f.collection,
            filter: f.cond.as_ref(),
            span,
        };
        match &f.result {
            ForResult::Tuple { value } => {
                let mut items = Elements::new();
                let known = self.iterate(&it, ctx, |eval, scope| {
                    match eval.for_filter(f, span, scope) {
                        Some(true) => {}
                        Some(false) => return true,
                        None => return false,
                    }
                    let mark = eval.mark();
                    let v = eval.value(value, scope);
                    items.push(v);
                    !eval.failed_since(mark)
                });
                if known {
                    Value::Tuple(items)
                } else {
                    Value::dynamic()
                }
            }
            ForResult::Object {
                key,
                value,
                grouping,
            } => {
                let mut out = ObjectBuilder::new(*grouping);
                let known = self.iterate(&it, ctx, |eval, scope| {
                    match eval.for_filter(f, span, scope) {
                        Some(true) => {}
                        Some(false) => return true,
                        None => return false,
                    }
                    let k = eval.for_key(key, span, scope);
                    let mark = eval.mark();
                    let v = eval.value(value, scope);
                    let Some(k) = k else { return false };
                    if eval.failed_since(mark) {
                        return false;
                    }
                    if let Err(k) = out.insert(k, v) {
                        eval.error_in(
                            "Duplicate object key",
                            format!("Two different items produced the key {k:?} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."),
                            key.span,
                            span,
                        );
                    }
                    true
                });
                if known {
                    out.finish()
                } else {
                    Value::dynamic()
                }
            }
        }
    }

    /// Whether the `if` clause keeps this element: `Some(keep)`, or `None`
    /// when it is unknown or failed.
    fn for_filter(&mut self, f: &ForExpr, span: Span, scope: &Env<'_>) -> Option<bool> {
        let Some(cond) = &f.cond else {
            return Some(true);
        };
        let mark = self.mark();
        let value = self.value_cow(cond, scope);
        let value = self.gather(value);
        if self.failed_since(mark) {
            return None;
        }
        self.filter_value(&value, cond, span, "Invalid 'for' condition")
            .ok()
            .flatten()
    }

    /// What the `if` clause's value `value` says of an element: `Ok(Some(keep))`,
    /// `Ok(None)` when it is unknown, `Err(())` when it is null or cannot be
    /// a bool (reported; a null one with `null_summary`, which hclsyntax
    /// words one way for its first check and another for an element).
    fn filter_value(
        &mut self,
        value: &Value,
        cond: &Expr,
        span: Span,
        null_summary: &str,
    ) -> Result<Option<bool>, ()> {
        match value {
            Value::Bool(b) => return Ok(Some(*b)),
            // What the first check mostly finds (`v != "b"` of an unknown).
            Value::Unknown(Type::Bool) => return Ok(None),
            _ => {}
        }
        // An unknown condition is still converted, so that one of a type
        // that can never be a bool is an error now, as a known one is.
        if value.is_null() {
            self.error_in(
                null_summary,
                "The value of the 'if' clause must not be null.",
                cond.span,
                span,
            );
            return Err(());
        }
        match try_convert(value, &Type::Bool, true) {
            Ok(Value::Bool(b)) => Ok(Some(b)),
            Ok(_) => Ok(None),
            Err(e) => {
                self.error_in(
                    "Invalid 'for' condition",
                    format!("The 'if' clause value is invalid: {e}."),
                    cond.span,
                    span,
                );
                Err(())
            }
        }
    }

    /// The key of an object `for` element, or `None` when it is unknown or
    /// failed.
    fn for_key(&mut self, key: &Expr, span: Span, scope: &Env<'_>) -> Option<Str> {
        let mark = self.mark();
        let value = self.value_cow(key, scope);
        let value = self.gather(value);
        if self.failed_since(mark) || !value.is_known() {
            return None;
        }
        if let Value::String(s) = &*value {
            return Some(s.clone());
        }
        if value.is_null() {
            self.error_in(
                "Invalid object key",
                "Key expression in 'for' expression must not produce a null value.",
                key.span,
                span,
            );
            return None;
        }
        match try_convert(&value, &Type::String, true) {
            Ok(Value::String(s)) => Some(s),
            Ok(_) => None,
            Err(e) => {
                self.error_in(
                    "Invalid object key",
                    format!("The key expression produced an invalid result: {e}."),
                    key.span,
                    span,
                );
                None
            }
        }
    }
}

/// The attributes of an object `for`, with or without grouping.
enum ObjectBuilder {
    Single(Entries),
    Grouped(IndexMap<Str, Elements>),
}

impl ObjectBuilder {
    fn new(grouping: bool) -> ObjectBuilder {
        if grouping {
            ObjectBuilder::Grouped(IndexMap::new())
        } else {
            ObjectBuilder::Single(Entries::new())
        }
    }

    /// Adds an element; without grouping, a repeated key is `Err(key)`.
    fn insert(&mut self, key: Str, value: Value) -> Result<(), Str> {
        match self {
            ObjectBuilder::Grouped(groups) => {
                groups.entry(key).or_default().push(value);
                Ok(())
            }
            ObjectBuilder::Single(attrs) => {
                if attrs.contains_key(&key) {
                    return Err(key);
                }
                attrs.insert(key, value);
                Ok(())
            }
        }
    }

    fn finish(self) -> Value {
        match self {
            ObjectBuilder::Single(attrs) => Value::Object(attrs),
            ObjectBuilder::Grouped(groups) => Value::Object(
                groups
                    .into_iter()
                    .map(|(k, vs)| (k, Value::Tuple(vs)))
                    .collect(),
            ),
        }
    }
}

/// An element index as a number value.
fn index_value(i: usize) -> Value {
    Value::Number(crate::value::Number::from(i as u128))
}
