//! The deserializer of a body: drives a `#[derive(HclDecode)]` struct's
//! visitor through the struct's [`DecodeSpec`].
//!
//! The body is read with the spec's schema (partial when a field takes the
//! rest), block counts are checked against the block fields' types, and the
//! visitor is given one entry per field: an attribute's expression, a block
//! field's blocks, a label, or the rest of the body.
//!
//! Every problem goes to one shared list ([`Env::diags`]); a failing part
//! returns [`Error::reported`] so that callers carry on with the next part
//! instead of reporting it again. `decode_body` returns the whole list.

use std::cell::RefCell;

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

use super::capture::{hand_over, Captured, BODY_TOKEN};
use super::expr_de::{AttrPlace, ExprDeserializer};
use super::spec::{Cardinality, DecodeSpec, FieldKind};
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::eval::EvalContext;
use crate::json::Body;
use crate::schema::{Block, BodyContent};

/// What every deserializer of one decoding shares.
pub(crate) struct Env<'a> {
    pub ctx: &'a EvalContext,
    /// For `#[hcl(attr, literal)]` fields.
    pub literal: EvalContext,
    pub diags: RefCell<Diagnostics>,
}

impl Env<'_> {
    /// Records `err` unless it is the already-reported marker; returns the
    /// marker.
    fn record(&self, err: Error) -> Error {
        if !err.is_reported() {
            self.diags.borrow_mut().extend_error(err);
        }
        Error::reported()
    }

    fn push(&self, diag: Diagnostic) {
        self.diags.borrow_mut().push(diag);
    }
}

/// A `serde::Deserializer` over one body, for the struct `spec` describes.
#[doc(hidden)]
pub struct BodyDeserializer<'a> {
    pub(crate) body: Body,
    pub(crate) labels: Vec<String>,
    pub(crate) spec: &'static DecodeSpec,
    pub(crate) env: &'a Env<'a>,
    /// `resource.aws_instance.web`, for messages; empty at the top.
    pub(crate) path: String,
}

impl<'a> BodyDeserializer<'a> {
    fn decode<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let spec = self.spec;
        let mut diags = Diagnostics::new();
        let (content, rest) =
            match self
                .body
                .content_collecting(&spec.schema, spec.has_remain, &mut diags)
            {
                Ok(found) => found,
                Err(e) => return Err(self.env.record(e)),
            };
        check_block_counts(spec, &content, &mut diags);
        self.env.diags.borrow_mut().extend(diags);
        visitor.visit_map(FieldsAccess {
            de: &self,
            content,
            rest,
            next: 0,
            labels_used: 0,
            current: None,
        })
    }
}

/// "Missing X block" and "Duplicate X block" for `T` and `Option<T>` fields.
fn check_block_counts(spec: &DecodeSpec, content: &BodyContent, diags: &mut Diagnostics) {
    for field in &spec.fields {
        let FieldKind::Block {
            type_name,
            cardinality,
            ..
        } = field.kind
        else {
            continue;
        };
        let blocks: Vec<&Block> = content.blocks_of_type(type_name).collect();
        if cardinality == Cardinality::One && blocks.is_empty() {
            diags.push(Diagnostic::error(
                format!("Missing {type_name} block"),
                format!("A block of type {type_name:?} is required here."),
                Some(content.missing_item_range.clone()),
            ));
        }
        if cardinality != Cardinality::Many {
            for extra in blocks.iter().skip(1) {
                diags.push(Diagnostic::error(
                    format!("Duplicate {type_name} block"),
                    format!(
                        "Only one block of type {type_name:?} is allowed. Previous definition was at {}.",
                        blocks[0].def_range
                    ),
                    Some(extra.def_range.clone()),
                ));
            }
        }
    }
}

macro_rules! all_to_decode {
    ($($method:ident $(($($arg:ident : $ty:ty),*))?;)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($(_: $ty,)*)? visitor: V) -> Result<V::Value, Error> {
                self.decode(visitor)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for BodyDeserializer<'_> {
    type Error = Error;

    all_to_decode! {
        deserialize_any; deserialize_map;
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == BODY_TOKEN {
            return hand_over(Captured::Body(self.body), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct seq tuple tuple_struct enum
        identifier ignored_any
    }
}

/// The struct's fields, one map entry each (keys are field indices).
struct FieldsAccess<'d, 'a> {
    de: &'d BodyDeserializer<'a>,
    content: BodyContent,
    rest: Option<Body>,
    next: usize,
    labels_used: usize,
    current: Option<usize>,
}

impl<'de> MapAccess<'de> for FieldsAccess<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let fields = &self.de.spec.fields;
        while self.next < fields.len() {
            let i = self.next;
            self.next += 1;
            let present = match fields[i].kind {
                FieldKind::Attr { name, .. } => self.content.attributes.contains_key(name),
                FieldKind::Block { .. } | FieldKind::Label | FieldKind::Remain => true,
            };
            if present {
                self.current = Some(i);
                return seed.deserialize((i as u64).into_deserializer()).map(Some);
            }
        }
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let de = self.de;
        let env = de.env;
        let i = self.current.take().ok_or_else(Error::reported)?;
        let result = match de.spec.fields[i].kind {
            FieldKind::Attr { name, literal, .. } => {
                let attr = &self.content.attributes[name];
                let ctx = if literal { &env.literal } else { env.ctx };
                let place = AttrPlace {
                    name,
                    path: &de.path,
                };
                seed.deserialize(ExprDeserializer::new(attr.expr.clone(), ctx, place))
            }
            FieldKind::Block {
                type_name,
                cardinality,
                spec,
            } => {
                // Each block type belongs to one field: move its blocks out.
                let blocks: Vec<Block> = self
                    .content
                    .blocks
                    .extract_if(.., |b| b.type_name == type_name)
                    .collect();
                seed.deserialize(BlocksDeserializer {
                    blocks,
                    cardinality,
                    spec: spec(),
                    env,
                    parent_path: &de.path,
                })
            }
            FieldKind::Label => {
                let label = de.labels.get(self.labels_used).cloned();
                self.labels_used += 1;
                match label {
                    Some(label) => seed.deserialize(label.into_deserializer()),
                    None => {
                        env.push(Diagnostic::error(
                            "Missing block label",
                            format!(
                                "{} is decoded from a block with labels, but this body has no label for {:?}.",
                                de.spec.type_name,
                                de.spec.fields[i].field
                            ),
                            Some(de.body.range()),
                        ));
                        Err(Error::reported())
                    }
                }
            }
            FieldKind::Remain => match self.rest.take() {
                Some(rest) => seed.deserialize(RemainDeserializer { rest, de }),
                None => Err(Error::reported()),
            },
        };
        result.map_err(|e| env.record(e))
    }
}

/// The blocks of one block field.
struct BlocksDeserializer<'p, 'a> {
    blocks: Vec<Block>,
    cardinality: Cardinality,
    spec: &'static DecodeSpec,
    env: &'a Env<'a>,
    parent_path: &'p str,
}

impl<'a> BlocksDeserializer<'_, 'a> {
    fn body_deserializer(&self, block: Block) -> BodyDeserializer<'a> {
        let mut path = String::with_capacity(self.parent_path.len() + 32);
        if !self.parent_path.is_empty() {
            path.push_str(self.parent_path);
            path.push('.');
        }
        path.push_str(&block.type_name);
        for label in &block.labels {
            path.push('.');
            path.push_str(label);
        }
        BodyDeserializer {
            body: block.body,
            labels: block.labels,
            spec: self.spec,
            env: self.env,
            path,
        }
    }

    /// The one block of a `T` field (its absence was reported already).
    fn single(mut self) -> Result<BodyDeserializer<'a>, Error> {
        if self.blocks.is_empty() {
            return Err(Error::reported());
        }
        let first = self.blocks.swap_remove(0);
        Ok(self.body_deserializer(first))
    }
}

impl<'de> Deserializer<'de> for BlocksDeserializer<'_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.cardinality {
            Cardinality::Many => self.deserialize_seq(visitor),
            Cardinality::AtMostOne => self.deserialize_option(visitor),
            Cardinality::One => self.single()?.deserialize_any(visitor),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let blocks = std::mem::take(&mut self.blocks);
        visitor.visit_seq(BlockSeq {
            owner: &self,
            blocks: blocks.into_iter(),
        })
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.blocks.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self.single()?)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.single()?.deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.single()?.deserialize_struct(name, fields, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct tuple tuple_struct map enum
        identifier ignored_any
    }
}

struct BlockSeq<'o, 'p, 'a> {
    owner: &'o BlocksDeserializer<'p, 'a>,
    blocks: std::vec::IntoIter<Block>,
}

impl<'de> SeqAccess<'de> for BlockSeq<'_, '_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(block) = self.blocks.next() else {
            return Ok(None);
        };
        match seed.deserialize(self.owner.body_deserializer(block)) {
            Ok(value) => Ok(Some(value)),
            Err(e) => {
                let marker = self.owner.env.record(e);
                // A `Vec` stops at its first failing element: check the rest
                // of the blocks anyway, so their problems are reported too.
                for block in self.blocks.by_ref() {
                    let de = self.owner.body_deserializer(block);
                    if let Err(e) = (self.owner.spec.check)(de) {
                        self.owner.env.record(e);
                    }
                }
                Err(marker)
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.blocks.len())
    }
}

/// The rest of a body, for the `#[hcl(remain)]` field: a [`Body`], or a map
/// of its attributes (as expressions or evaluated).
struct RemainDeserializer<'d, 'a> {
    rest: Body,
    de: &'d BodyDeserializer<'a>,
}

impl<'de> Deserializer<'de> for RemainDeserializer<'_, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == BODY_TOKEN {
            return hand_over(Captured::Body(self.rest), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let attrs = self.rest.just_attributes()?;
        visitor.visit_map(RemainMap {
            de: self.de,
            attrs: attrs.into_iter(),
            current: None,
        })
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct struct enum
        identifier ignored_any
    }
}

struct RemainMap<'d, 'a> {
    de: &'d BodyDeserializer<'a>,
    attrs: indexmap::map::IntoIter<String, crate::schema::Attribute>,
    current: Option<crate::schema::Attribute>,
}

impl<'de> MapAccess<'de> for RemainMap<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((name, attr)) = self.attrs.next() else {
            return Ok(None);
        };
        self.current = Some(attr);
        seed.deserialize(name.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let attr = self
            .current
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before its key"))?;
        let place = AttrPlace {
            name: &attr.name,
            path: &self.de.path,
        };
        seed.deserialize(ExprDeserializer::new(
            attr.expr.clone(),
            self.de.env.ctx,
            place,
        ))
        .map_err(|e| self.de.env.record(e))
    }
}
