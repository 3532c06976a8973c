//! serde serialization: `Serialize` for [`Value`] and [`Number`], and
//! [`ValueSerializer`] / [`to_value`], which turn any `Serialize` Rust data
//! into a [`Value`].
//!
//! # Numbers
//!
//! A [`Number`] serializes the least lossy way the serde data model allows:
//! as an `i64` or `u64` when it is an integer that fits; otherwise as an
//! `f64` when the `f64`'s shortest decimal form is exactly the number
//! (`0.5`, `0.1`, `1e300`, the infinities); otherwise as a newtype struct
//! with a private name holding its exact decimal text. Formats see that as
//! a string (`serde_json` writes `"0.333…"`), and [`ValueSerializer`]
//! recognizes the name and restores the exact number.
//!
//! # Values
//!
//! Lists, sets and tuples serialize as sequences, maps and objects as maps,
//! nulls as `none`; an unknown value is an error ("Unknown value"). When a
//! `Value` is serialized by [`ValueSerializer`] (for instance a `Value`
//! field of a struct given to [`to_value`]) it is passed through unchanged,
//! types and all.

use serde::ser::{self, Serialize};

use super::number::Number;
use super::string::Str;
use super::types::Type;
use super::{Elements, Entries, Value};
use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::handover::{NUMBER_TOKEN, VALUE_TOKEN};

pub(crate) fn unknown_error() -> Error {
    Error::new(
        Diagnostic::error(
            "Unknown value",
            "The value is not yet known, so it cannot be used here.",
            None,
        )
        .with_kind(DiagnosticKind::UnknownValue),
    )
}

impl Serialize for Number {
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(i) = self.to_i64() {
            serializer.serialize_i64(i)
        } else if let Some(u) = self.to_u64() {
            serializer.serialize_u64(u)
        } else if let Some(f) = self.to_f64_faithful() {
            serializer.serialize_f64(f)
        } else {
            serializer.serialize_newtype_struct(NUMBER_TOKEN, &self.to_string())
        }
    }
}

impl Serialize for Value {
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(VALUE_TOKEN, &Plain(self))
    }
}

/// A value's plain serde form, or the hand-over to `ValueSerializer`.
struct Plain<'a>(&'a Value);

impl Serialize for Plain<'_> {
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // `ValueSerializer` asks for the value itself (types and unknowns
        // included) through the hand-over's request protocol.
        if crate::handover::is_requested::<Value>() {
            crate::handover::answer(self.0.clone());
            return serializer.serialize_unit();
        }
        match self.0 {
            Value::Null(_) => serializer.serialize_none(),
            // Any format hears the message; ours also gets the kind,
            // through the hand-over, so the encoder can add the path.
            Value::Unknown(_) => Err(crate::handover::give(crate::diag::NotYetKnown, || {
                ser::Error::custom("value is not yet known")
            })),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => n.serialize(serializer),
            Value::String(s) => serializer.serialize_str(s),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                use ser::SerializeSeq;
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for v in items {
                    seq.serialize_element(&Plain(v))?;
                }
                seq.end()
            }
            Value::Map(_, m) | Value::Object(m) => {
                use ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k.as_str(), &Plain(v))?;
                }
                map.end()
            }
            // Marks are not data: other formats get the value under them
            // (a `Value` target, above, gets the marks too).
            Value::Marked(m) => Plain(m.value()).serialize(serializer),
        }
    }
}

/// Serializes any `T: Serialize` into a [`Value`].
///
/// Structs and maps become objects (map keys must be strings, numbers or
/// bools, which become strings), sequences and tuples become tuples, `()`,
/// unit structs and `None` become the dynamic-typed null, `Some(x)` is `x`,
/// enums are externally tagged (`"Variant"`, or an object with the variant
/// name as its only attribute), bytes become a tuple of numbers, floats
/// become the number with their shortest digits (NaN is an error). A
/// [`Value`] inside `T` is kept as it is.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(ValueSerializer)
}

/// A `serde::Serializer` whose output is a [`Value`]; see [`to_value`].
#[derive(Debug, Clone, Copy, Default)]
pub struct ValueSerializer;

fn number(n: Number) -> Result<Value, Error> {
    Ok(Value::Number(n))
}

fn float(v: f64) -> Result<Value, Error> {
    if v.is_nan() {
        return Err(Error::new(Diagnostic::error(
            "Invalid value",
            "NaN is not a number HCL can represent.",
            None,
        )));
    }
    Ok(Value::from(v))
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = VariantSeqBuilder;
    type SerializeMap = MapBuilder;
    type SerializeStruct = MapBuilder;
    type SerializeStructVariant = VariantMapBuilder;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(Value::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        number(v.into())
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        if v.is_finite() {
            Ok(Value::from(v))
        } else {
            float(f64::from(v))
        }
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        let mut buf = [0u8; 4];
        Ok(Value::from(&*v.encode_utf8(&mut buf)))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(Value::Tuple(v.iter().map(|&b| Value::from(b)).collect()))
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::Null(Type::Dynamic))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::Null(Type::Dynamic))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, Error> {
        Ok(Value::Null(Type::Dynamic))
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        Ok(Value::from(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        match name {
            VALUE_TOKEN => {
                let (plain, handed) =
                    crate::handover::request::<Value, _>(|| value.serialize(self));
                match handed {
                    Some(v) => Ok(v),
                    None => plain,
                }
            }
            NUMBER_TOKEN => match value.serialize(self)? {
                Value::String(s) => Number::parse_plain(&s)
                    .map(Value::Number)
                    .map_err(Error::from),
                other => Ok(other),
            },
            _ => value.serialize(self),
        }
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        let inner = value.serialize(self)?;
        Ok(Value::object([(variant, inner)]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder, Error> {
        Ok(SeqBuilder(Elements::with_capacity(
            len.unwrap_or(0).min(4096),
        )))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantSeqBuilder, Error> {
        Ok(VariantSeqBuilder(variant, self.serialize_seq(Some(len))?))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapBuilder, Error> {
        Ok(MapBuilder {
            map: Entries::with_capacity(len.unwrap_or(0).min(4096)),
            key: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapBuilder, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantMapBuilder, Error> {
        Ok(VariantMapBuilder(variant, self.serialize_map(Some(len))?))
    }
}

/// Builds a tuple from a serialized sequence.
#[doc(hidden)]
#[derive(Debug)]
pub struct SeqBuilder(Elements);

impl ser::SerializeSeq for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.0.push(value.serialize(ValueSerializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Tuple(self.0))
    }
}

impl ser::SerializeTuple for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

/// Builds `{ variant = [...] }` from a serialized tuple variant.
#[doc(hidden)]
#[derive(Debug)]
pub struct VariantSeqBuilder(&'static str, SeqBuilder);

impl ser::SerializeTupleVariant for VariantSeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(&mut self.1, value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::object([(self.0, Value::Tuple(self.1 .0))]))
    }
}

/// Builds an object from a serialized map or struct.
#[doc(hidden)]
#[derive(Debug)]
pub struct MapBuilder {
    map: Entries,
    key: Option<Str>,
}

fn key_string(key: Value) -> Result<Str, Error> {
    match key {
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(Str::new(n.to_string())),
        Value::Bool(b) => Ok(Str::from(if b { "true" } else { "false" })),
        other => Err(Error::new(Diagnostic::error(
            "Invalid value",
            format!(
                "A map key must be a string, a number or a bool, not {}.",
                other.ty().friendly_name_with_article()
            ),
            None,
        ))),
    }
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key_string(key.serialize(ValueSerializer)?)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("map value without a key"))?;
        self.map.insert(key, value.serialize(ValueSerializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.map))
    }
}

impl ser::SerializeStruct for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.map
            .insert(Str::from(key), value.serialize(ValueSerializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.map))
    }
}

/// Builds `{ variant = {...} }` from a serialized struct variant.
#[doc(hidden)]
#[derive(Debug)]
pub struct VariantMapBuilder(&'static str, MapBuilder);

impl ser::SerializeStructVariant for VariantMapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(&mut self.1, key, value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::object([(self.0, Value::Object(self.1.map))]))
    }
}

#[cfg(test)]
#[path = "ser_tests.rs"]
mod tests;
