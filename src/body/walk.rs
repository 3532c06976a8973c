//! The schema-less walk of a body ([`Body::items`]): its items in source
//! order, as written, for tools that must see everything without knowing
//! the schema (a linter, a formatter, an editor, a converter).
//!
//! A native body knows what it holds: each item is an attribute or a block
//! (HCL's `hclsyntax.Body` has the same `Attributes` and `Blocks`). A JSON
//! body does not: whether a property is an attribute or a block is only a
//! schema's to say ([HCL's JSON syntax](https://github.com/hashicorp/hcl/blob/main/json/spec.md)),
//! so it gives its properties and their values' structure, objects and
//! arrays nested as written, as HashiCorp's `hcl2json` shows them.

use std::sync::Arc;

use super::native::NativeBody;
use super::schema::{Attribute, Block};
use super::{Body, BodyRepr, Expression};
use crate::json::{FileData, NodeId, NodeKind};
use crate::native::{BlockNode, Item};
use crate::pos::Range;

/// One item of a body, as [`Body::items`] gives it.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum BodyItem {
    /// A native attribute, `name = expr`.
    Attribute(Attribute),
    /// A native block, with every label it was written with and its body.
    Block(Block),
    /// A JSON property: attribute or blocks, as a schema will decide.
    Property(Property),
}

impl BodyItem {
    /// The attribute's name, the block's type or the property's name.
    pub fn name(&self) -> &str {
        match self {
            BodyItem::Attribute(a) => &a.name,
            BodyItem::Block(b) => &b.type_name,
            BodyItem::Property(p) => &p.name,
        }
    }

    /// The whole item: an attribute from its name through its value, a
    /// block from its type through its closing brace, a property from its
    /// name through its value.
    pub fn range(&self) -> Range {
        match self {
            BodyItem::Attribute(a) => a.range.clone(),
            BodyItem::Block(b) => b.def_range.cover(&b.body.range()),
            BodyItem::Property(p) => p.range.clone(),
        }
    }
}

/// A property of a JSON object body: its name, and its value both as an
/// expression (to evaluate, as an attribute's) and as a tree (to walk, as
/// blocks are written).
#[derive(Debug, Clone)]
pub struct Property {
    /// The name, decoded.
    pub name: String,
    /// Where the name is written, quotes included.
    pub name_range: Range,
    /// The value as an expression, as [`Body::just_attributes`] would give
    /// it.
    pub expr: Expression,
    /// The value's structure.
    pub value: PropertyValue,
    /// From the name through the value.
    pub range: Range,
}

/// The structure of a JSON value in a body.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum PropertyValue {
    /// An object, read as a body: its [`Body::items`] are its properties.
    Object(Body),
    /// An array.
    Array {
        /// Its elements, in order.
        elements: Vec<PropertyValue>,
        /// From `[` through `]`.
        range: Range,
    },
    /// A string, number, boolean or `null`.
    Scalar(Expression),
}

impl PropertyValue {
    /// Where the value is written.
    pub fn range(&self) -> Range {
        match self {
            PropertyValue::Object(body) => body.range(),
            PropertyValue::Array { range, .. } => range.clone(),
            PropertyValue::Scalar(expr) => expr.range(),
        }
    }
}

impl Body {
    /// Every item of the body in source order, as written: no schema is
    /// applied, so nothing is unexpected.
    ///
    /// A native body gives [`BodyItem::Attribute`]s and
    /// [`BodyItem::Block`]s (a block with all its labels, each with its
    /// range; its own items are its body's). A JSON body gives
    /// [`BodyItem::Property`]s, duplicates included: each property of the
    /// object (of every object, for a body written as an array of
    /// objects), with its value's tree. Comments are not items
    /// ([`Body::comments`] has them, the JSON syntax's `"//"` properties
    /// too). A body returned as the rest of
    /// [`partial_content`](Body::partial_content) leaves out the names
    /// already taken; a merged body gives its bodies' items in turn, and a
    /// module's body with override files gives the items of its files as
    /// written, one file after the other.
    ///
    /// ```
    /// use hcl_json::body::{BodyItem, PropertyValue};
    ///
    /// let file = hcl_json::parse_native("region = \"eu\"\nresource \"aws_vpc\" \"main\" {\n  cidr = \"10.0.0.0/16\"\n}\n", "main.tf")?;
    /// let items = file.body().items();
    /// let BodyItem::Block(block) = &items[1] else { panic!() };
    /// assert_eq!(block.labels, ["aws_vpc", "main"]);
    /// assert_eq!(block.label_ranges[1].to_string(), "main.tf:2,20-26");
    /// assert_eq!(block.body.items()[0].name(), "cidr");
    ///
    /// let file = hcl_json::parse(r#"{"resource": {"aws_vpc": {"main": {"cidr": "10.0.0.0/16"}}}, "tags": [1, 2]}"#, "main.tf.json")?;
    /// let items = file.body().items();
    /// let BodyItem::Property(resource) = &items[0] else { panic!() };
    /// let PropertyValue::Object(types) = &resource.value else { panic!() };
    /// assert_eq!(types.items()[0].name(), "aws_vpc");
    /// let BodyItem::Property(tags) = &items[1] else { panic!() };
    /// let PropertyValue::Array { elements, .. } = &tags.value else { panic!() };
    /// assert_eq!(elements.len(), 2);
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn items(&self) -> Vec<BodyItem> {
        let hidden = self.hidden.as_deref();
        match &self.repr {
            BodyRepr::Native { file, body } => {
                let native = NativeBody::new(file, *body, hidden);
                native
                    .items()
                    .map(|item| match item {
                        Item::Attribute(a) => BodyItem::Attribute(native.attribute(a)),
                        Item::Block(b) => BodyItem::Block(written_block(&native, b)),
                    })
                    .collect()
            }
            BodyRepr::Json { file, node } => {
                let view = super::json::JsonBody::new(file, *node, hidden);
                view.body_props()
                    .into_iter()
                    .map(|p| {
                        let name_range = file.range(p.name());
                        BodyItem::Property(Property {
                            name: file.str(p.name()).unwrap_or_default().into_owned(),
                            range: name_range.cover(&file.range(p.value)),
                            name_range,
                            expr: Expression::json(file.clone(), p.value),
                            value: value_tree(file, p.value),
                        })
                    })
                    .collect()
            }
            BodyRepr::Merged(bodies) => bodies.iter().flat_map(Body::items).collect(),
            BodyRepr::Derived(body) => {
                let mut items = body.base().items();
                items.extend(body.others().iter().flat_map(Body::items));
                items
            }
        }
    }
}

/// A native block as written: every label, whatever a schema would want.
fn written_block(native: &NativeBody<'_>, b: &BlockNode) -> Block {
    let file = native.file;
    let src = file.source.text();
    let header_end = b.labels.last().map_or(b.type_name.span, |l| l.span);
    Block {
        type_name: b.type_name.text(src).to_string(),
        labels: b.labels.iter().map(|l| l.text(src).to_string()).collect(),
        body: Body::native(file.clone(), b.body),
        def_range: file.range(b.type_name.span.to(header_end)),
        type_range: file.range(b.type_name.span),
        label_ranges: b.labels.iter().map(|l| file.range(l.span)).collect(),
    }
}

/// The tree of the JSON value `node`. Recursion follows the document's
/// nesting, which the JSON parser bounds.
fn value_tree(file: &Arc<FileData>, node: NodeId) -> PropertyValue {
    match file.kind(node) {
        NodeKind::Object { .. } => PropertyValue::Object(Body::json(file.clone(), node)),
        NodeKind::Array { first, len } => PropertyValue::Array {
            elements: file
                .elements(first, len)
                .iter()
                .map(|&e| value_tree(file, e))
                .collect(),
            range: file.range(node),
        },
        _ => PropertyValue::Scalar(Expression::json(file.clone(), node)),
    }
}
