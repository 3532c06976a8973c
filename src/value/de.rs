//! serde deserialization: `Deserialize` for [`Value`] and [`Number`] (so any
//! self-describing format can produce them), and [`ValueDeserializer`] /
//! [`from_value`], which read any `T: Deserialize` out of a [`Value`].
//!
//! Reading follows HCL's conversion rules where the target type asks for
//! something specific: a string is read as a number when a number is asked
//! for (`"8080"` into a `u16`) and as a bool when a bool is (`"true"`,
//! `"false"`, `"1"`, `"0"`); numbers and bools are read as their string form
//! when a string is asked for. Integers are range- and integrality-checked
//! (300 into a `u8`, 1.5 into an `i32` and -1 into a `u32` are errors).
//! Unknown values are an error ("Unknown value") wherever they are read,
//! except into a [`Value`], which receives every value unchanged.
//!
//! A marked value (see [`Marks`]) is read as the value under
//! its marks: a sensitive string read into a `String` is the string. A
//! [`Value`] target receives it with its marks, and the elements of a
//! marked collection are read with the collection's marks added, as
//! indexing adds them (a sensitive map read into a `HashMap<String,
//! Value>` gives sensitive values). An error about a sensitive value names
//! its type, never its content.
//!
//! `deserialize_any` on a number gives an `i64` or `u64` when it is an
//! integer that fits, else an `f64` when the `f64`'s shortest digits are
//! exactly the number, else the exact decimal text as a string (which
//! `rust_decimal::Decimal` and [`Number`] parse exactly).

use std::cell::Cell;
use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, VariantAccess, Visitor,
};
use serde::Deserialize;

use super::conversion_error::unsuitable;
use super::number::Number;
use super::ser::unknown_error;
use super::string::Str;
use super::types::Type;
use super::{Elements, Entries, Marks, Value};
use crate::diag::Error;
use crate::handover::{NUMBER_TOKEN, VALUE_TOKEN};

/// Reads a `T` out of a [`Value`]; see [`ValueDeserializer`] for the
/// rules.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(ValueDeserializer::new(value))
}

/// A `serde::Deserializer` over an owned [`Value`]. Public so that other
/// layers can wrap it (for instance to put a source range on its errors).
///
/// Reading follows HCL's conversion rules where the target asks for
/// something specific: a string is read as a number when a number is asked
/// for (`"8080"` into a `u16`; digits and fraction, no exponent) and as a
/// bool when a bool is (`"true"`, `"false"`, `"1"`, `"0"`); numbers and
/// bools are read as their string form when a string is asked for.
/// Integers are range- and integrality-checked (300 into a `u8`, 1.5 into
/// an `i32` and -1 into a `u32` are errors). Null reads as `None` (and as
/// `()`); anything else into an `Option` is `Some`. Lists, sets and tuples
/// read as sequences, maps and objects as maps and structs; enums are
/// externally tagged (a string for a unit variant, an object with one
/// attribute otherwise).
///
/// Unknown values are an error (summary "Unknown value") wherever they are
/// read, except into a [`Value`], which receives every value unchanged,
/// types, nulls and unknowns included. [`Number`] and
/// `rust_decimal::Decimal` targets get the exact number.
///
/// `deserialize_any` on a number gives an `i64` or `u64` when it is an
/// integer that fits, else an `f64` when the `f64`'s shortest digits are
/// exactly the number, else the exact decimal text as a string. Errors are
/// [`Error`]s with the summary "Unsuitable value type" and a detail saying
/// what was required and what was found ("Unsuitable value: a number
/// between 0 and 255 is required, but found 300.").
#[derive(Debug, Clone)]
pub struct ValueDeserializer {
    /// The value, its own marks taken off (into `marks`): every target
    /// but a [`Value`] reads the value under the marks.
    value: Value,
    marks: Marks,
}

impl ValueDeserializer {
    /// A deserializer reading `value`.
    pub fn new(value: Value) -> ValueDeserializer {
        let (value, marks) = value.unmark();
        ValueDeserializer { value, marks }
    }

    /// The value being read, without its own marks.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// Gives the value back, with its marks.
    pub fn into_value(self) -> Value {
        self.value.mark(self.marks)
    }

    fn into_number(self) -> Result<Number, Error> {
        match self.value {
            Value::Number(n) => Ok(n),
            Value::String(ref s) => match Number::parse_plain(s) {
                Ok(n) => Ok(n),
                Err(_) => Err(mismatch("a number", &self.value, self.marks)),
            },
            ref other => Err(mismatch("a number", other, self.marks)),
        }
    }
}

impl IntoDeserializer<'_, Error> for Value {
    type Deserializer = ValueDeserializer;
    fn into_deserializer(self) -> ValueDeserializer {
        ValueDeserializer::new(self)
    }
}

/// What a value is, for "but found ..." messages: its type alone when it
/// is sensitive.
fn found(v: &Value, marks: Marks) -> String {
    if marks.contains(Marks::SENSITIVE) {
        return format!("a sensitive {}", v.ty().friendly_name());
    }
    match v {
        Value::Null(_) => "null".into(),
        Value::Number(n) => short_number(n),
        Value::String(s) if s.chars().count() <= 40 => format!("the string {:?}", s.as_str()),
        _ => v.ty().friendly_name_with_article(),
    }
}

fn short_number(n: &Number) -> String {
    n.brief()
}

#[cold]
fn mismatch(expected: &str, v: &Value, marks: Marks) -> Error {
    if let Value::Unknown(_) = v.unmarked() {
        return unknown_error();
    }
    unsuitable(format!(
        "{expected} is required, but found {}",
        found(v, marks)
    ))
}

/// A number for "but found ..." messages: "a sensitive number" when it is.
fn shown(n: &Number, marks: Marks) -> String {
    if marks.contains(Marks::SENSITIVE) {
        "a sensitive number".into()
    } else {
        short_number(n)
    }
}

#[cold]
fn int_error(n: &Number, min: &dyn fmt::Display, max: &dyn fmt::Display, marks: Marks) -> Error {
    if n.is_integer() {
        unsuitable(format!(
            "a number between {min} and {max} is required, but found {}",
            shown(n, marks)
        ))
    } else {
        unsuitable(format!(
            "a whole number is required, but found {}",
            shown(n, marks)
        ))
    }
}

macro_rules! deserialize_int {
    ($($method:ident $visit:ident $ty:ty, $conv:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let marks = self.marks;
            let n = self.into_number()?;
            match n.$conv().and_then(|v| <$ty>::try_from(v).ok()) {
                Some(v) => visitor.$visit(v),
                None => Err(int_error(&n, &<$ty>::MIN, &<$ty>::MAX, marks)),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for ValueDeserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null(_) => visitor.visit_unit(),
            Value::Unknown(_) => Err(unknown_error()),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_string(s.into_string()),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                visit_seq(items, self.marks, visitor)
            }
            Value::Map(_, m) | Value::Object(m) => visitor.visit_map(MapDe::new(m, self.marks)),
            // `new` took the marks off; a value is never marked twice.
            Value::Marked(m) => ValueDeserializer::new(m.into_parts().0).deserialize_any(visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::String(s) => match s.as_str() {
                "true" | "1" => visitor.visit_bool(true),
                "false" | "0" => visitor.visit_bool(false),
                _ => Err(mismatch("a bool", &self.value, self.marks)),
            },
            other => Err(mismatch("a bool", other, self.marks)),
        }
    }

    deserialize_int! {
        deserialize_i8 visit_i8 i8, to_i128;
        deserialize_i16 visit_i16 i16, to_i128;
        deserialize_i32 visit_i32 i32, to_i128;
        deserialize_i64 visit_i64 i64, to_i128;
        deserialize_i128 visit_i128 i128, to_i128;
        deserialize_u8 visit_u8 u8, to_i128;
        deserialize_u16 visit_u16 u16, to_i128;
        deserialize_u32 visit_u32 u32, to_i128;
        deserialize_u64 visit_u64 u64, to_i128;
        deserialize_u128 visit_u128 u128, to_u128;
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let marks = self.marks;
        let n = self.into_number()?;
        match n.to_f64().map(|f| f as f32) {
            Some(f) if f.is_finite() || n.is_infinite() => visitor.visit_f32(f),
            _ => Err(unsuitable(format!(
                "a number that fits a 32-bit float is required, but found {}",
                shown(&n, marks)
            ))),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let marks = self.marks;
        let n = self.into_number()?;
        match n.to_f64() {
            Some(f) => visitor.visit_f64(f),
            None => Err(unsuitable(format!(
                "a number that fits a 64-bit float is required, but found {}",
                shown(&n, marks)
            ))),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Value::String(s) = &self.value {
            let mut chars = s.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                return visitor.visit_char(c);
            }
        }
        Err(mismatch("a single character", &self.value, self.marks))
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_string(s.into_string()),
            Value::Number(n) => visitor.visit_string(n.to_string()),
            Value::Bool(b) => visitor.visit_str(if b { "true" } else { "false" }),
            ref other => Err(mismatch("a string", other, self.marks)),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_byte_buf(s.into_string().into_bytes()),
            Value::List(..) | Value::Set(..) | Value::Tuple(_) => self.deserialize_seq(visitor),
            ref other => Err(mismatch("a string", other, self.marks)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null(_) => visitor.visit_none(),
            Value::Unknown(_) => Err(unknown_error()),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.value {
            Value::Null(_) => visitor.visit_unit(),
            other => Err(mismatch("null", other, self.marks)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match name {
            VALUE_TOKEN => give_value(self.into_value(), visitor),
            NUMBER_TOKEN => {
                let n = self.into_number()?;
                visitor.visit_newtype_struct(NumberDeserializer(n))
            }
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                visit_seq(items, self.marks, visitor)
            }
            ref other => Err(mismatch("a list", other, self.marks)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Map(_, m) | Value::Object(m) => visitor.visit_map(MapDe::new(m, self.marks)),
            ref other => Err(mismatch("a map", other, self.marks)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::Map(_, m) | Value::Object(m) => visitor.visit_map(MapDe::new(m, self.marks)),
            ref other => Err(mismatch("an object", other, self.marks)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_enum(EnumDe {
                variant: s,
                value: None,
            }),
            Value::Map(_, m) | Value::Object(m) if m.len() == 1 => {
                let mut it = m.into_iter();
                match it.next() {
                    Some((k, v)) => visitor.visit_enum(EnumDe {
                        variant: Str::new(k),
                        value: Some(v),
                    }),
                    None => Err(unsuitable("an enum variant is required")),
                }
            }
            ref other => Err(mismatch(
                "a variant name or an object with exactly one attribute",
                other,
                self.marks,
            )),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

fn visit_number<'de, V: Visitor<'de>>(n: Number, visitor: V) -> Result<V::Value, Error> {
    if let Some(i) = n.to_i64() {
        visitor.visit_i64(i)
    } else if let Some(u) = n.to_u64() {
        visitor.visit_u64(u)
    } else if let Some(f) = n.to_f64_faithful() {
        visitor.visit_f64(f)
    } else {
        visitor.visit_string(n.to_string())
    }
}

/// Reads a sequence's elements, each marked with the sequence's own
/// `marks` as indexing marks it.
fn visit_seq<'de, V: Visitor<'de>>(
    items: Elements,
    marks: Marks,
    visitor: V,
) -> Result<V::Value, Error> {
    let len = items.len();
    let mut seq = SeqDe {
        iter: items.into_iter(),
        marks,
    };
    let out = visitor.visit_seq(&mut seq)?;
    if seq.iter.len() == 0 {
        Ok(out)
    } else {
        Err(de::Error::invalid_length(len, &"fewer elements"))
    }
}

/// Hands a number's exact value to `Number`'s visitor: small integers as
/// `i64`, everything else as its exact decimal text.
struct NumberDeserializer(Number);

impl<'de> Deserializer<'de> for NumberDeserializer {
    type Error = Error;
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.to_i64() {
            Some(i) => visitor.visit_i64(i),
            None => visitor.visit_string(self.0.to_string()),
        }
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

struct SeqDe {
    iter: super::ElementsIntoIter,
    marks: Marks,
}

impl<'de> SeqAccess<'de> for SeqDe {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.iter.next() {
            Some(v) => seed
                .deserialize(ValueDeserializer::new(v.mark(self.marks)))
                .map(Some),
            None => Ok(None),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

/// Reads a map's or object's entries, each key and value marked with the
/// collection's own `marks` as indexing marks an element.
struct MapDe {
    iter: crate::value::entries::IntoIter,
    value: Option<Value>,
    marks: Marks,
}

impl MapDe {
    fn new(m: Entries, marks: Marks) -> MapDe {
        MapDe {
            iter: m.into_iter(),
            value: None,
            marks,
        }
    }
}

impl<'de> MapAccess<'de> for MapDe {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((k, v)) => {
                self.value = Some(v);
                // Keys go through the value rules too, so a map keyed by
                // numbers (`HashMap<u32, _>`) reads its string keys.
                seed.deserialize(ValueDeserializer::new(Value::String(k).mark(self.marks)))
                    .map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(v) => seed.deserialize(ValueDeserializer::new(v.mark(self.marks))),
            None => Err(de::Error::custom(
                "a map value was asked for before its key",
            )),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct EnumDe {
    variant: Str,
    value: Option<Value>,
}

impl<'de> EnumAccess<'de> for EnumDe {
    type Error = Error;
    type Variant = VariantDe;
    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, VariantDe), Error> {
        let v = seed.deserialize(ValueDeserializer::new(Value::String(self.variant)))?;
        Ok((v, VariantDe { value: self.value }))
    }
}

struct VariantDe {
    value: Option<Value>,
}

impl VariantDe {
    fn payload(self) -> Result<ValueDeserializer, Error> {
        self.value
            .map(ValueDeserializer::new)
            .ok_or_else(|| unsuitable("this enum variant needs a value, given as an object with the variant name as its only attribute"))
    }
}

impl<'de> VariantAccess<'de> for VariantDe {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            None | Some(Value::Null(_)) => Ok(()),
            Some(other) => Err(mismatch("null", &other, other.marks())),
        }
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.payload()?)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.payload()?.deserialize_seq(visitor)
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.payload()?.deserialize_map(visitor)
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        deserializer.deserialize_newtype_struct(NUMBER_TOKEN, NumberVisitor)
    }
}

struct NumberVisitor;

impl<'de> Visitor<'de> for NumberVisitor {
    type Value = Number;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Number, E> {
        Ok(v.into())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Number, E> {
        Ok(v.into())
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Number, E> {
        Ok(v.into())
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Number, E> {
        Ok(v.into())
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Number, E> {
        match Value::from(v) {
            Value::Number(n) => Ok(n),
            _ => Err(E::custom("NaN is not a number HCL can represent")),
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Number, E> {
        Number::parse(v)
            .or_else(|_| Number::parse_plain(v))
            .map_err(E::custom)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Number, D::Error> {
        d.deserialize_any(self)
    }
}

/// Answers `Value`'s own request (the newtype [`VALUE_TOKEN`], which only
/// `Value`'s `Deserialize` asks for): its visitor takes `value` itself
/// (see `crate::handover`), from a slot of its own. The decoder's
/// attribute deserializer calls this too, with the evaluated value as it
/// is (no [`ValueDeserializer`] set up and taken apart again for it).
pub(crate) fn give_value<'de, V: Visitor<'de>>(
    value: Value,
    visitor: V,
) -> Result<V::Value, Error> {
    GIVEN.with(|slot| {
        let outer = slot.replace(Some(value));
        let result = visitor.visit_newtype_struct(IntoDeserializer::<Error>::into_deserializer(()));
        drop(slot.replace(outer));
        result
    })
}

thread_local! {
    /// The value a [`ValueDeserializer`] hands to `Value`'s own visitor
    /// (the hand-over of `crate::handover`, in a slot of its own: a decode
    /// hands over a value per attribute, and this one needs no box and no
    /// search). The visitor takes it first thing; the giver puts back what
    /// was there before, so nothing outlives the call.
    static GIVEN: Cell<Option<Value>> = const { Cell::new(None) };
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_newtype_struct(VALUE_TOKEN, ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an HCL value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        NumberVisitor.visit_f64(v).map(Value::Number)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::Tuple(v.iter().map(|&b| Value::from(b)).collect()))
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null(Type::Dynamic))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null(Type::Dynamic))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        if let Some(v) = GIVEN.take() {
            return Ok(v);
        }
        match crate::handover::take::<Value>() {
            Some(v) => Ok(v),
            None => d.deserialize_any(self),
        }
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Elements::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element::<Value>()? {
            items.push(v);
        }
        Ok(Value::Tuple(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Entries::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            m.insert(Str::new(k), v);
        }
        Ok(Value::Object(m))
    }
}

#[cfg(test)]
#[path = "de_tests.rs"]
mod tests;
