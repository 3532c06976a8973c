//! The decoding plan of a `#[derive(HclDecode)]` struct: which field is an
//! attribute, a block, a label or the remaining body, and the body schema
//! that follows from that. Built once per type, on first use.
//!
//! A plan holds the check function the derive generates, which takes a
//! [`BodyDeserializer`], and a body deserializer holds its plan, so both
//! types are declared here; `body_de/` gives the deserializer its
//! behaviour.

use std::cell::RefCell;

use crate::body::{
    AttributeSchema, BlockHeaderSchema, BlockPath, Body, BodySchema, LabelSpots, Labels, Spot,
};
use crate::diag::Diagnostics;
use crate::eval::{EvalContext, Evaluator};

use super::shape::{self, Shape};

/// How many blocks a block field accepts, from its Rust type.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum Cardinality {
    /// `T` (or `Box<T>`): exactly one.
    One,
    /// `Option<T>`: at most one.
    AtMostOne,
    /// `Vec<T>`: any number, in source order.
    Many,
    /// `IndexMap` / `HashMap` / `BTreeMap<K, T>`: any number, keyed by
    /// their first label (the block type's labels are the rest); reads
    /// a first label as the key type `K`.
    Map(KeyCheck),
}

/// Reads a first label as a block map's key type and drops it: how the
/// entries after a failed one still report a key that does not read.
type KeyCheck = fn(&str) -> Result<(), crate::diag::Error>;

/// The [`KeyCheck`] of a map keyed by `K`: the label read as `K` the way
/// a label field reads it (as HCL converts a string).
fn check_map_key<K: serde::de::DeserializeOwned>(label: &str) -> Result<(), crate::diag::Error> {
    K::deserialize(crate::value::ValueDeserializer::new(
        crate::value::Value::from(label),
    ))
    .map(drop)
}

/// The label name a block map's key takes in the schema.
pub(crate) const MAP_KEY_LABEL: &str = "name";

/// What a field of a decoded struct is to the body.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum FieldKind {
    /// An attribute; `required` unless the field is an `Option`; evaluated in
    /// literal-only mode when `literal`.
    Attr {
        name: &'static str,
        required: bool,
        literal: bool,
    },
    /// Blocks of one type, decoded with the block type's own plan.
    Block {
        type_name: &'static str,
        cardinality: Cardinality,
        spec: fn() -> &'static DecodeSpec,
        /// An absent single block is not an error (`#[hcl(block, default)]`).
        default: bool,
    },
    /// The next label of the block being decoded.
    Label,
    /// Everything the schema does not name.
    Remain,
    /// The body's `"//"` values.
    Comment,
    /// The block's definition range.
    DefRange,
    /// The range of the block's type name.
    TypeRange,
}

/// One field of a decoded struct.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct FieldSpec {
    /// The field's name (as serde sees it).
    pub field: &'static str,
    /// Its role.
    pub kind: FieldKind,
    /// Label names of the block type, for block fields.
    labels: &'static [&'static str],
    /// The field's doc comment (empty when it has none): a schema's
    /// description.
    pub doc: &'static str,
    /// The shape of an attribute field's value ([`Shape::Any`] for other
    /// fields and types without [`HasShape`](super::shape::HasShape)).
    pub shape: fn() -> Shape,
}

impl FieldSpec {
    /// An attribute field.
    pub const fn attr(
        field: &'static str,
        name: &'static str,
        required: bool,
        literal: bool,
    ) -> FieldSpec {
        FieldSpec {
            field,
            kind: FieldKind::Attr {
                name,
                required,
                literal,
            },
            labels: &[],
            doc: "",
            shape: shape::any,
        }
    }

    /// A block field; `default` when an absent single block is allowed.
    pub const fn block(
        field: &'static str,
        type_name: &'static str,
        cardinality: Cardinality,
        labels: &'static [&'static str],
        spec: fn() -> &'static DecodeSpec,
        default: bool,
    ) -> FieldSpec {
        FieldSpec {
            field,
            kind: FieldKind::Block {
                type_name,
                cardinality,
                spec,
                default,
            },
            labels,
            doc: "",
            shape: shape::any,
        }
    }

    /// A field of another kind (label, remain, comment, ranges).
    pub const fn other(field: &'static str, kind: FieldKind) -> FieldSpec {
        FieldSpec {
            field,
            kind,
            labels: &[],
            doc: "",
            shape: shape::any,
        }
    }

    /// The field with its doc comment.
    #[must_use]
    pub const fn described(self, doc: &'static str) -> FieldSpec {
        FieldSpec { doc, ..self }
    }

    /// The field with the shape of its value.
    #[must_use]
    pub const fn shaped(self, shape: fn() -> Shape) -> FieldSpec {
        FieldSpec { shape, ..self }
    }

    /// The label names of a block field's type (empty for other fields).
    pub fn labels(&self) -> &'static [&'static str] {
        self.labels
    }
}

/// The decoding plan of a struct: its fields and its body schema.
#[doc(hidden)]
#[derive(Debug)]
pub struct DecodeSpec {
    /// The Rust type's name, for messages.
    pub type_name: &'static str,
    /// The type's doc comment (empty when it has none): a schema's
    /// description.
    pub doc: &'static str,
    /// The fields, in declaration order.
    pub fields: Vec<FieldSpec>,
    /// The schema the fields make.
    pub schema: BodySchema,
    /// Whether `schema` names each name once (checked once, here, instead
    /// of for every body decoded).
    pub(crate) schema_valid: bool,
    /// Whether a field takes the remaining body (partial processing).
    pub has_remain: bool,
    /// Decodes a body into the type and drops the result: how a failed
    /// `Vec` of blocks still reports the problems of its later blocks.
    pub check: CheckFn,
    /// For an enum of block types: the variants, chosen by the block's
    /// first label. Empty for a struct.
    pub variants: Vec<Variant>,
}

/// One variant of an enum of block types: the first label that selects it
/// and the plan of its block type.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    /// The first label that selects this variant.
    pub label: &'static str,
    /// The variant's block type.
    pub spec: fn() -> &'static DecodeSpec,
}

/// See [`DecodeSpec::check`].
#[doc(hidden)]
pub(super) type CheckFn = fn(BodyDeserializer<'_>) -> Result<(), crate::diag::Error>;

/// What every deserializer of one decoding shares.
#[derive(Debug)]
pub(crate) struct Env<'a> {
    pub ctx: &'a EvalContext,
    /// For `#[hcl(attr, literal)]` fields.
    pub literal: EvalContext,
    pub diags: RefCell<Diagnostics>,
    /// Evaluates the attributes, one set-up for the whole decode.
    pub evaluator: RefCell<Evaluator>,
}

/// A `serde::Deserializer` over one body, for the struct `spec` describes.
#[doc(hidden)]
#[derive(Debug)]
pub struct BodyDeserializer<'a> {
    pub(crate) body: Body,
    /// Every label the block was written with.
    pub(crate) labels: Labels<'a>,
    /// Where each of `labels` is, in `body`'s source.
    pub(crate) label_spots: LabelSpots,
    /// How many of the block's labels are not the struct's own: the first
    /// label of a block map's entry (its key) and of an enum's block (its
    /// variant).
    pub(crate) first_label: usize,
    /// Where the block's definition and type name are, in `body`'s source;
    /// `None` for a root body.
    pub(crate) block_spots: Option<(Spot, Spot)>,
    pub(crate) spec: &'static DecodeSpec,
    pub(crate) env: &'a Env<'a>,
    /// The enclosing block's path (`None` under the top-level body) and
    /// the block's type (empty for the top-level body): with `labels`,
    /// the block's [`path`](Self::path).
    pub(crate) parent: Option<&'a BlockPath<'a>>,
    pub(crate) type_name: &'static str,
}

impl BodyDeserializer<'_> {
    /// `resource.aws_instance.web`, for messages; empty at the top.
    pub(crate) fn path(&self) -> BlockPath<'_> {
        BlockPath {
            parent: self.parent,
            type_name: self.type_name,
            labels: &self.labels,
        }
    }
}

impl DecodeSpec {
    /// The plan for `fields`.
    pub fn new(type_name: &'static str, fields: Vec<FieldSpec>, check: CheckFn) -> DecodeSpec {
        let mut schema = BodySchema::new();
        for f in &fields {
            match f.kind {
                FieldKind::Attr { name, required, .. } => schema.attributes.push(AttributeSchema {
                    name: name.to_string(),
                    required,
                }),
                FieldKind::Block {
                    type_name,
                    cardinality,
                    ..
                } => {
                    let key = matches!(cardinality, Cardinality::Map(_)).then_some(MAP_KEY_LABEL);
                    schema.blocks.push(BlockHeaderSchema {
                        type_name: type_name.to_string(),
                        label_names: key
                            .into_iter()
                            .chain(f.labels.iter().copied())
                            .map(str::to_string)
                            .collect(),
                    });
                }
                FieldKind::Label
                | FieldKind::Remain
                | FieldKind::Comment
                | FieldKind::DefRange
                | FieldKind::TypeRange => {}
            }
        }
        let has_remain = fields.iter().any(|f| matches!(f.kind, FieldKind::Remain));
        DecodeSpec {
            type_name,
            doc: "",
            fields,
            schema_valid: schema.validate().is_ok(),
            schema,
            has_remain,
            check,
            variants: Vec::new(),
        }
    }

    /// The plan with the type's doc comment.
    #[must_use]
    pub fn described(self, doc: &'static str) -> DecodeSpec {
        DecodeSpec { doc, ..self }
    }

    /// The plan of an enum whose variant is chosen by a block's first
    /// label.
    pub fn choice(type_name: &'static str, variants: Vec<Variant>, check: CheckFn) -> DecodeSpec {
        DecodeSpec {
            variants,
            ..DecodeSpec::new(type_name, Vec::new(), check)
        }
    }
}

/// The Rust types a block field may have, and how many blocks each takes.
/// `#[derive(HclDecode)]` implements it for the struct itself (exactly one
/// block); `Option`, `Vec` and `Box` of such a struct have it here.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold blocks",
    label = "not a block field type",
    note = "a #[hcl(block)] field must be `T`, `Option<T>`, `Vec<T>`, `Box<T>` or a map (`IndexMap`, `HashMap`, `BTreeMap`) from the first label to `T`, where `T` derives `HclDecode`"
)]
pub trait BlockField {
    /// The decoded block type.
    type Block: super::HclDecode;
    /// How many blocks the field accepts.
    const CARDINALITY: Cardinality;
}

impl<T: super::HclDecode> BlockField for Option<T> {
    type Block = T;
    const CARDINALITY: Cardinality = Cardinality::AtMostOne;
}

impl<T: super::HclDecode> BlockField for Vec<T> {
    type Block = T;
    const CARDINALITY: Cardinality = Cardinality::Many;
}

impl<T: super::HclDecode> BlockField for Box<T> {
    type Block = T;
    const CARDINALITY: Cardinality = Cardinality::One;
}

impl<K: serde::de::DeserializeOwned, T: super::HclDecode, S> BlockField
    for indexmap::IndexMap<K, T, S>
where
    Self: serde::de::DeserializeOwned,
{
    type Block = T;
    const CARDINALITY: Cardinality = Cardinality::Map(check_map_key::<K>);
}

impl<K: serde::de::DeserializeOwned, T: super::HclDecode, S> BlockField
    for std::collections::HashMap<K, T, S>
where
    Self: serde::de::DeserializeOwned,
{
    type Block = T;
    const CARDINALITY: Cardinality = Cardinality::Map(check_map_key::<K>);
}

impl<K: serde::de::DeserializeOwned, T: super::HclDecode> BlockField
    for std::collections::BTreeMap<K, T>
where
    Self: serde::de::DeserializeOwned,
{
    type Block = T;
    const CARDINALITY: Cardinality = Cardinality::Map(check_map_key::<K>);
}

/// The Rust types a `#[hcl(remain)]` field may have: a [`Body`] to decode
/// later, a [`Value`] (the remaining attributes evaluated into one
/// object), or a map of the remaining attributes (of `Expression`, `Value`
/// or any other attribute type).
///
/// [`Body`]: crate::body::Body
/// [`Value`]: crate::value::Value
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold the rest of a body",
    label = "not a remain field type",
    note = "a #[hcl(remain)] field must be `hcl_json::Body`, `hcl_json::Value` (one object) or a map of the remaining attributes (`IndexMap<String, Expression>`, `HashMap<String, Value>`, ...), possibly in an `Option`"
)]
pub trait RemainField {}

impl RemainField for crate::body::Body {}
impl RemainField for crate::value::Value {}
impl<T: RemainField> RemainField for Option<T> {}
impl<T: RemainField> RemainField for Box<T> {}
impl<K, V, S> RemainField for indexmap::IndexMap<K, V, S> {}
impl<K, V, S> RemainField for std::collections::HashMap<K, V, S> {}
impl<K, V> RemainField for std::collections::BTreeMap<K, V> {}

/// The type of a `#[hcl(def_range)]` or `#[hcl(type_range)]` field:
/// [`Range`](crate::pos::Range).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a range field must have the type `hcl_json::Range`, not `{Self}`",
    label = "not `hcl_json::Range`"
)]
pub trait RangeField {
    /// The field's value.
    fn from_range(range: crate::pos::Range) -> Self;
}

impl RangeField for crate::pos::Range {
    fn from_range(range: crate::pos::Range) -> crate::pos::Range {
        range
    }
}
