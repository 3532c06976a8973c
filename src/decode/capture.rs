//! Capturing handles through serde: [`Expression`], [`ExpressionClosure`]
//! and [`Body`] fields, [`Spanned`] values and block ranges.
//!
//! These types ask for a newtype struct with a private name; only this
//! crate's deserializers know the names, and answer by passing the handle
//! (or the range) through [`crate::handover`]. Because it is a newtype
//! request, it passes through `Option`, `Box`, `Vec` and maps untouched.
//!
//! serde's buffering (untagged, internally and adjacently tagged enums,
//! `#[serde(flatten)]`) replays a copy of the data instead of calling our
//! deserializer. For those positions the attribute deserializer hands the
//! data over as written (literal-only) and records each expression it
//! buffered in the decoding's [`Buffered`] record; a capture type that
//! finds no handle reads the buffered value and takes the recorded
//! expression written that way. A `Spanned` value there gets the range of
//! the attribute it is in.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use serde::de::{Deserialize, Deserializer, Error as _, Visitor};

use crate::body::{Body, Expression};
use crate::eval::{EvalContext, ExpressionClosure};
use crate::handover::{
    self, BODY_TOKEN, CLOSURE_TOKEN, EXPRESSION_TOKEN, RANGE_TOKEN, SPANNED_TOKEN,
};
use crate::pos::{Range, Spanned};
use crate::value::Value;

/// The context of literal-only mode, shared: serde's buffering reads
/// values as written.
pub(crate) fn literal_ctx() -> &'static EvalContext {
    static LITERAL: std::sync::OnceLock<EvalContext> = std::sync::OnceLock::new();
    LITERAL.get_or_init(EvalContext::literal)
}

/// Hands `item` to the visitor of the `Deserialize` impl that asked for it.
pub(crate) fn give<'de, T: 'static, V, E>(item: T, visitor: V) -> Result<V::Value, E>
where
    V: Visitor<'de>,
    E: serde::de::Error,
{
    handover::give(item, || {
        visitor.visit_newtype_struct(serde::de::value::UnitDeserializer::<E>::new())
    })
}

/// What one decoding knows for captures in serde's buffered positions:
/// its context, the attribute being decoded, and the expressions buffered
/// for it with their values as written. Given once around a decoding.
pub(crate) struct Buffered {
    ctx: EvalContext,
    attribute: Option<Expression>,
    /// The recorded expressions by a hash of their value as written, each
    /// bucket in recording order: finding the first one not taken that
    /// was written as some value costs a lookup, not a scan of every
    /// record (an array of 100 000 buffered expressions).
    entries: HashMap<u64, VecDeque<(Value, Expression)>>,
}

impl Buffered {
    pub(crate) fn new(ctx: &EvalContext) -> Buffered {
        Buffered {
            ctx: ctx.clone(),
            attribute: None,
            entries: HashMap::new(),
        }
    }

    /// Starts the records of another attribute.
    fn restart(&mut self, attr: &Expression) {
        self.entries.clear();
        self.attribute = Some(attr.clone());
    }

    fn record(&mut self, literal: Value, expr: Expression) {
        self.entries
            .entry(literal_hash(&literal))
            .or_default()
            .push_back((literal, expr));
    }

    /// Takes the first recorded expression not yet taken that was written
    /// as `literal`.
    fn take(&mut self, literal: &Value) -> Option<Expression> {
        let bucket = self.entries.get_mut(&literal_hash(literal))?;
        let i = bucket.iter().position(|(v, _)| v == literal)?;
        bucket.remove(i).map(|(_, expr)| expr)
    }
}

/// A hash of a value as written that equal values share: strings, bools
/// and the shape of collections count, map entries in any order; numbers
/// all hash alike (equal numbers may be written differently), which only
/// puts them in one bucket, taken in order.
fn literal_hash(v: &Value) -> u64 {
    use std::hash::{Hash, Hasher};
    fn walk(v: &Value, h: &mut impl Hasher) {
        match v {
            Value::String(_) => {
                0u8.hash(h);
                v.as_str().hash(h);
            }
            Value::Number(_) => 1u8.hash(h),
            Value::Bool(b) => {
                2u8.hash(h);
                b.hash(h);
            }
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                3u8.hash(h);
                items.len().hash(h);
                for item in items {
                    walk(item, h);
                }
            }
            Value::Map(_, entries) | Value::Object(entries) => {
                // Equal maps may list their keys in another order.
                4u8.hash(h);
                entries.len().hash(h);
                let sum = entries.iter().fold(0u64, |sum, (k, item)| {
                    let mut e = std::collections::hash_map::DefaultHasher::new();
                    k.hash(&mut e);
                    walk(item, &mut e);
                    sum.wrapping_add(e.finish())
                });
                sum.hash(h);
            }
            _ => 5u8.hash(h),
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    walk(v, &mut h);
    h.finish()
}

/// Records an expression of attribute `attr` handed to serde's buffering.
/// The records are those of one attribute at a time (replays happen while
/// it is being decoded): a new attribute starts a new list.
pub(crate) fn record_buffered(attr: &Expression, expr: &Expression) {
    let Ok(literal) = expr.value(literal_ctx()) else {
        return;
    };
    handover::with_nearest(|b: &mut Buffered| {
        let same = b
            .attribute
            .as_ref()
            .is_some_and(|a| a.range() == attr.range());
        if !same {
            b.restart(attr);
        }
        b.record(literal, expr.clone());
    });
}

/// The expression serde buffered as `literal` (the first not yet taken),
/// and the decoding's context.
fn recorded(literal: &Value) -> Option<(Expression, EvalContext)> {
    handover::with_nearest(|b: &mut Buffered| {
        let expr = b.take(literal)?;
        Some((expr, b.ctx.clone()))
    })
    .flatten()
}

/// The range of the attribute being decoded, for a `Spanned` value that
/// went through serde's buffering.
fn attribute_range() -> Option<Range> {
    handover::with_nearest(|b: &mut Buffered| b.attribute.as_ref().map(Expression::range)).flatten()
}

struct CaptureVisitor<T>(&'static str, std::marker::PhantomData<T>);

impl<'de, T: 'static> Visitor<'de> for CaptureVisitor<T> {
    type Value = (Option<T>, Option<(Expression, EvalContext)>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from an HCL body", self.0)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        if let Some(item) = handover::take::<T>() {
            return Ok((Some(item), None));
        }
        // serde's buffering: the value as written identifies the
        // expression recorded for it.
        let literal = Value::deserialize(d)?;
        match recorded(&literal) {
            Some(found) => Ok((None, Some(found))),
            None => Err(not_from_hcl(self.0)),
        }
    }
}

fn not_from_hcl<E: serde::de::Error>(what: &str) -> E {
    E::custom(format!(
        "{what} can only be decoded from an HCL body by hcl_json"
    ))
}

impl<'de> Deserialize<'de> for Expression {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Expression, D::Error> {
        let visitor = CaptureVisitor::<Expression>("an Expression", std::marker::PhantomData);
        match d.deserialize_newtype_struct(EXPRESSION_TOKEN, visitor)? {
            (Some(e), _) | (None, Some((e, _))) => Ok(e),
            (None, None) => Err(not_from_hcl("an Expression")),
        }
    }
}

impl<'de> Deserialize<'de> for ExpressionClosure {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ExpressionClosure, D::Error> {
        let visitor =
            CaptureVisitor::<ExpressionClosure>("an ExpressionClosure", std::marker::PhantomData);
        match d.deserialize_newtype_struct(CLOSURE_TOKEN, visitor)? {
            (Some(c), _) => Ok(c),
            (None, Some((expression, context))) => Ok(ExpressionClosure {
                expression,
                context,
            }),
            (None, None) => Err(not_from_hcl("an ExpressionClosure")),
        }
    }
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
        let visitor = CaptureVisitor::<Body>("a Body", std::marker::PhantomData);
        match d.deserialize_newtype_struct(BODY_TOKEN, visitor)? {
            (Some(b), _) => Ok(b),
            _ => Err(not_from_hcl("a Body")),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Spanned<T>, D::Error> {
        struct SpannedVisitor<T>(std::marker::PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
            type Value = Spanned<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value with its range, from an HCL body")
            }

            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<Spanned<T>, D::Error> {
                // Take the range before the value is read: reading it may
                // hand other things over.
                let range = handover::take::<Range>()
                    .or_else(attribute_range)
                    .ok_or_else(|| not_from_hcl::<D::Error>("a Spanned value"))?;
                let value = T::deserialize(d)?;
                Ok(Spanned::new(value, range))
            }
        }

        d.deserialize_newtype_struct(SPANNED_TOKEN, SpannedVisitor(std::marker::PhantomData))
    }
}

/// Reads a block's `#[hcl(def_range)]` or `#[hcl(type_range)]` field.
pub(crate) struct RangeSeed;

impl<'de> serde::de::DeserializeSeed<'de> for RangeSeed {
    type Value = Range;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Range, D::Error> {
        struct RangeVisitor;

        impl<'de> Visitor<'de> for RangeVisitor {
            type Value = Range;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a block's range, from an HCL body")
            }

            fn visit_newtype_struct<D: Deserializer<'de>>(self, _: D) -> Result<Range, D::Error> {
                handover::take::<Range>().ok_or_else(|| {
                    D::Error::custom(
                        "a block range can only be decoded from an HCL body by hcl_json",
                    )
                })
            }
        }

        d.deserialize_newtype_struct(RANGE_TOKEN, RangeVisitor)
    }
}
