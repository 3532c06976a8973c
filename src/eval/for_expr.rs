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
    /// The whole `for` expression or directive, for context.
    pub span: Span,
}

impl Eval<'_> {
    /// Evaluates the collection and calls `body` once per element, in a
    /// child scope holding the iteration variables, stopping after the
    /// first element that reports an error. `body` says whether
    /// its result for that element is known. Returns whether the whole
    /// iteration is: false when the collection is unknown or failed, or
    /// when some element's result is not known.
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
        if self.failed_since(mark) || !self.check_iterable(&collection, it) {
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

    /// Whether `collection` is a known value that can be iterated; reports
    /// why not when that is an error (not when it is merely unknown).
    fn check_iterable(&mut self, collection: &Value, it: &Iteration<'_>) -> bool {
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
                false
            }
            Value::Unknown(t) if iterable(t) || *t == Type::Dynamic => false,
            Value::List(..)
            | Value::Set(..)
            | Value::Tuple(_)
            | Value::Map(..)
            | Value::Object(_) => true,
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
                false
            }
        }
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
        if let Value::Bool(b) = &*value {
            return Some(*b);
        }
        // An unknown condition is still converted, so that one of a type
        // that can never be a bool is an error now, as a known one is.
        if value.is_null() {
            // hclsyntax's summary for this case.
            self.error_in(
                "Condition is null",
                "The value of the 'if' clause must not be null.",
                cond.span,
                span,
            );
            return None;
        }
        match try_convert(&value, &Type::Bool, true) {
            Ok(Value::Bool(b)) => Some(b),
            Ok(_) => None,
            Err(e) => {
                self.error_in(
                    "Invalid 'for' condition",
                    format!("The 'if' clause value is invalid: {e}."),
                    cond.span,
                    span,
                );
                None
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
