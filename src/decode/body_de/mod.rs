//! The deserializer of a body: drives a `#[derive(HclDecode)]` struct's
//! visitor through the struct's [`DecodeSpec`].
//!
//! The body is read with the spec's schema (partial when a field takes the
//! rest), block counts are checked against the block fields' types, and the
//! visitor is given one entry per field: an attribute's expression, a block
//! field's blocks, a label, or the rest of the body.
//!
//! Every problem goes to one shared list (`Env::diags`); a failing part
//! returns [`Error::reported`] so that callers carry on with the next part
//! instead of reporting it again. `decode_body` returns the whole list.

use std::borrow::Cow;
use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

use super::capture::{self, RangeSeed};
use super::expr_de::{locate, sentence, AttrPlace, ExprDeserializer};
use super::spec::{BodyDeserializer, Cardinality, DecodeSpec, Env, FieldKind};
use crate::body::{BlockPath, LazyBlock, LazyContent, LazyRest, RestAttrs, Spot};
use crate::body::{Body, Expression};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics, Error};
use crate::handover::{BODY_TOKEN, RANGE_TOKEN, SPANNED_TOKEN, VALUE_TOKEN};
use crate::pos::Range;
use crate::value::{give_value, Entries, Str, Value, ValueDeserializer};

mod blocks;

use blocks::{check_block_counts, BlocksDeserializer};

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

    /// Records `err` after giving its unlocated diagnostics `range` (the
    /// nearest thing the decoder knows) and a detail naming `what`.
    fn record_at(&self, err: Error, range: &Range, what: &str) -> Error {
        if err.is_reported() {
            return err;
        }
        let mut out = Diagnostics::new();
        for d in err.into_diagnostics() {
            if d.subject.is_some() {
                out.push(d);
            } else {
                out.push(Diagnostic::error(
                    "Invalid value",
                    format!("Invalid value for {what}: {}", sentence(&d.detail)),
                    Some(range.clone()),
                ));
            }
        }
        self.diags.borrow_mut().extend(out);
        Error::reported()
    }
}

impl BodyDeserializer<'_> {
    fn decode<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let spec = self.spec;
        if !spec.variants.is_empty() {
            return self.choose(visitor);
        }
        if !spec.schema_valid {
            if let Err(e) = spec.schema.validate() {
                return Err(self.env.record(e));
            }
        }
        let mut diags = Diagnostics::new();
        let path = self.path();
        let mut content =
            match (self.body).lazy_content(&spec.schema, spec.has_remain, &path, &mut diags) {
                Ok(found) => found,
                Err(e) => return Err(self.env.record(e)),
            };
        let rest = std::mem::replace(&mut content.rest, LazyRest::None);
        check_block_counts(spec, &content, &self.body, &mut diags);
        self.env.diags.borrow_mut().extend(diags);
        visitor.visit_map(FieldsAccess {
            de: &self,
            path: &path,
            content,
            rest: spec.has_remain.then_some(rest),
            next: 0,
            attrs_passed: 0,
            labels_used: 0,
            current: None,
        })
    }
}

impl BodyDeserializer<'_> {
    /// An enum of block types: the variant the first label names, decoded
    /// from this body with the remaining labels.
    fn choose<'de, V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        let spec = self.spec;
        let at = self.first_label;
        let (Some(label), Some(spot)) = (self.labels.get(at), self.label_spots.get(at)) else {
            self.env.push(Diagnostic::error(
                "Missing block label",
                format!(
                    "{} is chosen by a block's first label, but this body has none.",
                    spec.type_name
                ),
                Some(self.body.range()),
            ));
            return Err(Error::reported());
        };
        let Some(index) = spec.variants.iter().position(|v| v.label == label) else {
            self.env
                .push(unknown_variant(spec, label, spot.resolve(&self.body)));
            return Err(Error::reported());
        };
        self.first_label += 1;
        self.spec = (spec.variants[index].spec)();
        visitor.visit_enum(Chosen { index, de: self })
    }
}

#[cold]
fn unknown_variant(spec: &DecodeSpec, label: &str, range: Range) -> Diagnostic {
    let labels: Vec<&str> = spec.variants.iter().map(|v| v.label).collect();
    let expected: Vec<String> = labels.iter().map(|l| format!("{l:?}")).collect();
    let suggestion = crate::diag::suggestion(label, labels.iter().copied());
    Diagnostic::error(
        "Invalid block label",
        format!(
            "There is no {} for the label {label:?}: this block's first label must be one of {}.{suggestion}",
            spec.type_name,
            expected.join(", ")
        ),
        Some(range),
    )
}

/// The variant chosen by [`BodyDeserializer::choose`].
struct Chosen<'a> {
    index: usize,
    de: BodyDeserializer<'a>,
}

impl<'de, 'a> de::EnumAccess<'de> for Chosen<'a> {
    type Error = Error;
    type Variant = BodyDeserializer<'a>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, BodyDeserializer<'a>), Error> {
        let index: serde::de::value::U64Deserializer<Error> =
            (self.index as u64).into_deserializer();
        let key = seed.deserialize(index)?;
        Ok((key, self.de))
    }
}

impl<'de> de::VariantAccess<'de> for BodyDeserializer<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(<Error as de::Error>::custom(
            "a variant chosen by a block label holds one block type",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.tuple_variant(0, visitor)
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
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == BODY_TOKEN {
            return capture::give(self.body, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct seq tuple tuple_struct
        identifier ignored_any
    }
}

/// The struct's fields, one map entry each (keys are field indices).
struct FieldsAccess<'d, 'a> {
    de: &'d BodyDeserializer<'a>,
    /// The body's place, for messages and its blocks' paths.
    path: &'d BlockPath<'d>,
    content: LazyContent<'static, 'd>,
    rest: Option<LazyRest<'d>>,
    next: usize,
    /// How many attribute fields `next` has passed: an attribute field's
    /// place among the schema's attributes.
    attrs_passed: usize,
    /// How many label fields were read.
    labels_used: usize,
    /// The field being read, and its schema place if an attribute.
    current: Option<(usize, usize)>,
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
            let attr_index = self.attrs_passed;
            let present = match fields[i].kind {
                FieldKind::Attr { .. } => {
                    self.attrs_passed += 1;
                    self.content.attribute_at(attr_index).is_some()
                }
                FieldKind::Block {
                    type_name,
                    cardinality: Cardinality::One,
                    default: true,
                    ..
                } => self.content.blocks.iter().any(|b| b.type_name == type_name),
                FieldKind::Block { .. }
                | FieldKind::Label
                | FieldKind::Remain
                | FieldKind::Comment
                | FieldKind::DefRange
                | FieldKind::TypeRange => true,
            };
            if present {
                self.current = Some((i, attr_index));
                return seed.deserialize((i as u64).into_deserializer()).map(Some);
            }
        }
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let de = self.de;
        let env = de.env;
        let (i, attr_index) = self.current.take().ok_or_else(Error::reported)?;
        let result = match de.spec.fields[i].kind {
            FieldKind::Attr { name, literal, .. } => {
                let Some(attr) = self.content.attribute_at(attr_index) else {
                    return Err(Error::reported());
                };
                let ctx = if literal { &env.literal } else { env.ctx };
                let place = AttrPlace {
                    name,
                    path: self.path,
                    trail: None,
                    attr: &attr.expr,
                };
                seed.deserialize(ExprDeserializer::new(
                    &attr.expr,
                    ctx,
                    &place,
                    &env.evaluator,
                ))
                .map_err(|e| locate(e, &attr.expr.range(), &place))
            }
            FieldKind::Block {
                type_name,
                cardinality,
                spec,
                ..
            } => {
                // Each block type belongs to one field: move its blocks out
                // (the whole list when they are all of this type, the
                // common case: no second list of a file's blocks is built
                // while the first one is still held).
                let all = &mut self.content.blocks;
                let blocks: Vec<LazyBlock<'static, '_>> =
                    if all.iter().all(|b| b.type_name == type_name) {
                        std::mem::take(all)
                    } else {
                        all.extract_if(.., |b| b.type_name == type_name).collect()
                    };
                seed.deserialize(BlocksDeserializer {
                    blocks,
                    cardinality,
                    spec: spec(),
                    env,
                    parent: self.path,
                })
            }
            FieldKind::Label => {
                let at = de.first_label + self.labels_used;
                self.labels_used += 1;
                if let Some(label) = de.labels.get(at) {
                    seed.deserialize(LabelDeserializer {
                        label,
                        spot: de.label_spots.get(at),
                        body: &de.body,
                        name: de.spec.fields[i].field,
                        path: self.path,
                    })
                } else {
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
            FieldKind::Remain => match self.rest.take() {
                Some(rest) => seed.deserialize(RemainDeserializer {
                    rest,
                    de,
                    path: *self.path,
                }),
                None => Err(Error::reported()),
            },
            FieldKind::Comment => seed.deserialize(CommentsDeserializer {
                comments: de.body.comments(),
                de,
                path: *self.path,
            }),
            FieldKind::DefRange | FieldKind::TypeRange => {
                let range = match (&de.block_spots, de.spec.fields[i].kind) {
                    (Some((def, _)), FieldKind::DefRange) => def.resolve(&de.body),
                    (Some((_, ty)), _) => ty.resolve(&de.body),
                    (None, _) => de.body.range(),
                };
                seed.deserialize(RangeDeserializer(range))
            }
        };
        result.map_err(|e| {
            let field = de.spec.fields[i].field;
            let what = if self.path.is_empty() {
                format!("field {field:?}")
            } else {
                format!("field {field:?} in {}", self.path)
            };
            env.record_at(e, &self.field_range(i), &what)
        })
    }
}

impl FieldsAccess<'_, '_> {
    /// The range of field `i`, for errors that have none.
    #[cold]
    fn field_range(&self, i: usize) -> Range {
        let de = self.de;
        match de.spec.fields[i].kind {
            FieldKind::Attr { name, .. } => self
                .content
                .attribute(name)
                .map_or_else(|| de.body.range(), |a| a.expr.range()),
            _ => match &de.block_spots {
                Some((def, _)) => def.resolve(&de.body),
                None => de.body.range(),
            },
        }
    }
}

/// A block label, read as any type that deserializes from a string (as HCL
/// converts a string: `"8080"` to a number, `"true"` to a bool), or as
/// `Spanned<T>` with its range.
struct LabelDeserializer<'p> {
    label: &'p str,
    /// Where the label is, in `body`: resolved only for a message or a
    /// `Spanned` label (`None`: the body's range stands for it).
    spot: Option<&'p Spot>,
    body: &'p Body,
    /// The label field's name.
    name: &'static str,
    /// The block's path, or its type for a block map's key.
    path: &'p dyn fmt::Display,
}

impl LabelDeserializer<'_> {
    fn range(&self) -> Range {
        match self.spot {
            Some(spot) => spot.resolve(self.body),
            None => self.body.range(),
        }
    }

    fn read<T>(self, f: impl FnOnce(ValueDeserializer) -> Result<T, Error>) -> Result<T, Error> {
        f(ValueDeserializer::new(Value::from(self.label)))
            .map_err(|e| label_error(e, &self.range(), self.name, self.path))
    }
}

#[cold]
fn label_error(err: Error, range: &Range, name: &str, path: &dyn fmt::Display) -> Error {
    if err.is_reported() {
        return err;
    }
    let mut out = Diagnostics::new();
    for d in err.into_diagnostics() {
        if d.subject.is_some() {
            out.push(d);
            continue;
        }
        let reason = match &d.kind {
            DiagnosticKind::UnsuitableValue { reason } => reason,
            _ => &d.detail,
        };
        out.push(
            Diagnostic::error(
                "Invalid block label",
                format!("Invalid label {name:?} of {path}: {}", sentence(reason)),
                Some(range.clone()),
            )
            .with_kind(d.kind.clone()),
        );
    }
    Error::from(out)
}

macro_rules! label_via_value {
    ($($method:ident $(($($arg:ident : $ty:ty),*))?;)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($($arg: $ty,)*)? visitor: V) -> Result<V::Value, Error> {
                self.read(|v| v.$method($($($arg,)*)? visitor))
            }
        )*
    };
}

impl<'de> Deserializer<'de> for LabelDeserializer<'_> {
    type Error = Error;

    label_via_value! {
        deserialize_bool; deserialize_i8; deserialize_i16; deserialize_i32;
        deserialize_i64; deserialize_i128; deserialize_u8; deserialize_u16; deserialize_u32;
        deserialize_u64; deserialize_u128; deserialize_f32; deserialize_f64; deserialize_char;
        deserialize_bytes; deserialize_byte_buf;
        deserialize_option; deserialize_unit; deserialize_ignored_any;
        deserialize_seq; deserialize_map;
        deserialize_unit_struct(name: &'static str);
        deserialize_tuple(len: usize);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }

    // A label is a string already: string targets (the common case) take
    // it as it is.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_string(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_string(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let (spot, body, name, path) = (self.spot, self.body, self.name, self.path);
        visitor.visit_str(self.label).map_err(|e| {
            let range = spot.map_or_else(|| body.range(), |s| s.resolve(body));
            label_error(e, &range, name, path)
        })
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == SPANNED_TOKEN {
            let range = self.range();
            return crate::handover::give(range, || visitor.visit_newtype_struct(self));
        }
        self.read(|v| v.deserialize_newtype_struct(name, visitor))
    }
}

/// A block's `#[hcl(def_range)]` or `#[hcl(type_range)]` field.
struct RangeDeserializer(Range);

impl<'de> Deserializer<'de> for RangeDeserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(<Error as de::Error>::custom(
            "a range field must have the type hcl_json::Range",
        ))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == RANGE_TOKEN {
            return capture::give(self.0, visitor);
        }
        self.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// Reads a `Range` field (what generated code calls for
/// `#[hcl(def_range)]` and `#[hcl(type_range)]`).
#[doc(hidden)]
pub fn next_range<'de, A: MapAccess<'de>, R: super::spec::RangeField>(
    map: &mut A,
) -> Result<R, A::Error> {
    map.next_value_seed(RangeSeed).map(R::from_range)
}

/// The body's `"//"` values, for a `#[hcl(comment)]` field: `None` or
/// empty when there are none, the first for a single value, all for a
/// sequence; each read in literal-only mode.
struct CommentsDeserializer<'d, 'a> {
    comments: Vec<Expression>,
    de: &'d BodyDeserializer<'a>,
    path: BlockPath<'d>,
}

impl CommentsDeserializer<'_, '_> {
    /// Where comment `expr` sits, for messages.
    fn place<'s>(&'s self, expr: &'s Expression) -> AttrPlace<'s> {
        AttrPlace {
            name: "//",
            path: &self.path,
            trail: None,
            attr: expr,
        }
    }

    /// The deserializer of comment `expr`, placed at `place`.
    fn one<'s>(&'s self, expr: &'s Expression, place: &'s AttrPlace<'s>) -> ExprDeserializer<'s> {
        ExprDeserializer::new(expr, &self.de.env.literal, place, &self.de.env.evaluator)
    }
}

macro_rules! first_comment {
    ($($method:ident $(($($arg:ident : $ty:ty),*))?;)*) => {
        $(
            fn $method<V: Visitor<'de>>(mut self, $($($arg: $ty,)*)? visitor: V) -> Result<V::Value, Error> {
                if self.comments.is_empty() {
                    return Err(Error::at(
                        "Missing comment",
                        "This body has no \"//\" property to read.",
                        self.de.body.missing_item_range(),
                    ));
                }
                let first = self.comments.swap_remove(0);
                let place = self.place(&first);
                self.one(&first, &place).$method($($($arg,)*)? visitor)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for CommentsDeserializer<'_, '_> {
    type Error = Error;

    first_comment! {
        deserialize_any; deserialize_bool; deserialize_i8; deserialize_i16; deserialize_i32;
        deserialize_i64; deserialize_i128; deserialize_u8; deserialize_u16; deserialize_u32;
        deserialize_u64; deserialize_u128; deserialize_f32; deserialize_f64; deserialize_char;
        deserialize_str; deserialize_string; deserialize_bytes; deserialize_byte_buf;
        deserialize_unit; deserialize_identifier; deserialize_ignored_any; deserialize_map;
        deserialize_unit_struct(name: &'static str);
        deserialize_newtype_struct(name: &'static str);
        deserialize_tuple(len: usize);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.comments.is_empty() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let comments = std::mem::take(&mut { self.comments });
        let de = self.de;
        let this = CommentsDeserializer {
            comments: Vec::new(),
            de,
            path: self.path,
        };
        visitor.visit_seq(CommentSeq {
            owner: &this,
            comments: comments.into_iter(),
        })
    }
}

struct CommentSeq<'o, 'd, 'a> {
    owner: &'o CommentsDeserializer<'d, 'a>,
    comments: std::vec::IntoIter<Expression>,
}

impl<'de> SeqAccess<'de> for CommentSeq<'_, '_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.comments.next() {
            Some(expr) => {
                let place = self.owner.place(&expr);
                seed.deserialize(self.owner.one(&expr, &place)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.comments.len())
    }
}

/// The rest of a body, for the `#[hcl(remain)]` field: a [`Body`], or a map
/// of its attributes (as expressions or evaluated).
struct RemainDeserializer<'d, 'a> {
    rest: LazyRest<'d>,
    de: &'d BodyDeserializer<'a>,
    path: BlockPath<'d>,
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
        let de = self.de;
        match name {
            BODY_TOKEN => capture::give(de.body.lazy_rest(self.rest, &de.spec.schema), visitor),
            VALUE_TOKEN => give_value(self.object()?, visitor),
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let de = self.de;
        let attrs = de.body.lazy_rest_attrs(self.rest, &de.spec.schema)?;
        visitor.visit_map(RemainMap {
            de,
            path: self.path,
            attrs,
            name: None,
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

impl RemainDeserializer<'_, '_> {
    /// The rest's attributes evaluated into one object, in the order they
    /// are written: a `Value` remain field's value. Every attribute is
    /// evaluated, so each one that fails is reported.
    fn object(self) -> Result<Value, Error> {
        let de = self.de;
        let env = de.env;
        let mut attrs = de.body.lazy_rest_attrs(self.rest, &de.spec.schema)?;
        let mut entries = Entries::with_capacity(attrs.len());
        let mut failed = false;
        let mut evaluator = env.evaluator.borrow_mut();
        while let Some((name, expr)) = attrs.next() {
            match evaluator.value(expr, env.ctx) {
                // (The walk reported any name written twice and kept one.)
                Ok(value) => entries.push_new(Str::from(&*name), value),
                Err(e) => {
                    let place = AttrPlace {
                        name: &name,
                        path: &self.path,
                        trail: None,
                        attr: expr,
                    };
                    env.record(locate(e, &expr.range(), &place));
                    failed = true;
                }
            }
        }
        if failed {
            return Err(Error::reported());
        }
        Ok(Value::Object(entries))
    }
}

struct RemainMap<'d, 'a> {
    de: &'d BodyDeserializer<'a>,
    path: BlockPath<'d>,
    attrs: RestAttrs<'d>,
    /// The name of the key just read, for messages (its expression is
    /// the walk's current one).
    name: Option<Cow<'d, str>>,
}

impl<'de> MapAccess<'de> for RemainMap<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((name, _)) = self.attrs.next() else {
            return Ok(None);
        };
        // The key takes a copy; the name stays for messages (a borrowed
        // name is not copied twice).
        let key = String::from(&*name);
        self.name = Some(name);
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (Some(name), Some(expr)) = (self.name.take(), self.attrs.current()) else {
            return Err(<Error as de::Error>::custom(
                "value requested before its key",
            ));
        };
        remain_value(self.de, &self.path, seed, &name, expr)
    }

    /// Both at once (what maps read): the name is not parked between the
    /// key and the value.
    fn next_entry_seed<K: DeserializeSeed<'de>, V: DeserializeSeed<'de>>(
        &mut self,
        kseed: K,
        vseed: V,
    ) -> Result<Option<(K::Value, V::Value)>, Error> {
        let Some((name, expr)) = self.attrs.next() else {
            return Ok(None);
        };
        let key: serde::de::value::StringDeserializer<Error> =
            String::from(&*name).into_deserializer();
        let key = kseed.deserialize(key)?;
        let value = remain_value(self.de, &self.path, vseed, &name, expr)?;
        Ok(Some((key, value)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.attrs.len())
    }
}

/// The value of the remaining attribute `name`, in the block at `path`.
fn remain_value<'de, V: DeserializeSeed<'de>>(
    de: &BodyDeserializer<'_>,
    path: &BlockPath<'_>,
    seed: V,
    name: &str,
    expr: &Expression,
) -> Result<V::Value, Error> {
    let env = de.env;
    let place = AttrPlace {
        name,
        path,
        trail: None,
        attr: expr,
    };
    seed.deserialize(ExprDeserializer::new(expr, env.ctx, &place, &env.evaluator))
        .map_err(|e| env.record(locate(e, &expr.range(), &place)))
}
