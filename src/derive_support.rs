//! What the code `#[derive(HclDecode)]` and `#[derive(HclEncode)]`
//! generate needs: the schema builders and body deserializer of `decode`,
//! the block writers of `encode`, serde itself, and the small helpers
//! below. Reached as the hidden `hcl_json::__private`; not a public API.
//! It sits above both `decode` and `encode`, so neither imports the other.

pub use crate::decode::body_de::next_range;
pub use crate::decode::shape::{ShapeByTrait, ShapeFallback, ShapeProbe};
pub use crate::decode::spec::{
    BlockField, BodyDeserializer, Cardinality, DecodeSpec, FieldKind, FieldSpec, RemainField,
    Variant,
};
pub use crate::encode::{
    collect_one, label_string, BlockEncode, BodyEncoder, CommentEncode, RemainEncode,
};
pub use serde;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, Visitor};

/// Reads a field key: the index our body deserializer gives, or the
/// field's name from any other deserializer (unknown names are skipped).
#[derive(Debug)]
pub struct FieldKey(pub &'static [&'static str]);

impl<'de> DeserializeSeed<'de> for FieldKey {
    type Value = u64;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldKey {
    type Value = u64;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a field name")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        Ok(v)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
        Ok(self
            .0
            .iter()
            .position(|f| *f == v)
            .map_or(u64::MAX, |i| i as u64))
    }
}

/// The value of a field the body did not provide: `None` for options;
/// otherwise an error whose cause (a missing required attribute) was
/// already reported.
pub fn missing_field<'de, T: Deserialize<'de>, E: de::Error>(_field: &'static str) -> Result<T, E> {
    T::deserialize(Missing(std::marker::PhantomData))
}

/// The value of a field that was not read and has no `Deserialize` of its
/// own to say what absence means (a range field, a field read by a
/// `deserialize_with` function): an error whose cause, the body's problem,
/// was already reported.
pub fn not_read<R, E: de::Error>() -> Result<R, E> {
    Err(already_reported())
}

/// An error meaning "this field's problem was already reported": this
/// crate's [`Error::custom`](serde::de::Error::custom) turns it into a
/// marker that carries no diagnostic (the hand-over says so, not the
/// message); any other error type sees the plain message.
fn already_reported<E: de::Error>() -> E {
    crate::handover::give(crate::diag::AlreadyReported, || {
        E::custom("a required value is missing")
    })
}

struct Missing<E>(std::marker::PhantomData<E>);

impl<'de, E: de::Error> Deserializer<'de> for Missing<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, E> {
        Err(already_reported())
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple tuple_struct
        map struct enum identifier ignored_any
    }
}
