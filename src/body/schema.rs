//! The syntax-agnostic body model: what an application asks of a body
//! ([`BodySchema`]) and what it gets back ([`BodyContent`]).
//!
//! These are plain data. How a body of each syntax maps onto them is the
//! business of `body::json` and `body::native` ([`Body::content`]); how a
//! Rust struct becomes a schema is the derive's.

use indexmap::IndexMap;

use super::{Body, Expression};
use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::pos::Range;

/// What a body is expected to contain: named attributes and block types.
///
/// ```
/// use hcl_json::{BodySchema, AttributeSchema, BlockHeaderSchema};
///
/// let schema = BodySchema::new()
///     .attribute("region", false)
///     .block("resource", &["type", "name"]);
/// assert_eq!(schema.attributes[0], AttributeSchema { name: "region".into(), required: false });
/// assert_eq!(schema.blocks[0].label_names, ["type", "name"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BodySchema {
    /// The attributes the body may (or must) define.
    pub attributes: Vec<AttributeSchema>,
    /// The block types the body may contain.
    pub blocks: Vec<BlockHeaderSchema>,
}

/// One attribute of a [`BodySchema`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeSchema {
    /// The attribute's name.
    pub name: String,
    /// Whether a body without it is an error.
    pub required: bool,
}

/// One block type of a [`BodySchema`]: its type name and the names of its
/// labels (which also fixes how many labels a block of this type has).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockHeaderSchema {
    /// The block type name, e.g. `resource`.
    pub type_name: String,
    /// The semantic names of the labels, e.g. `["type", "name"]`.
    pub label_names: Vec<String>,
}

impl BodySchema {
    /// An empty schema.
    pub fn new() -> BodySchema {
        BodySchema::default()
    }

    /// Adds an attribute.
    pub fn attribute(mut self, name: impl Into<String>, required: bool) -> BodySchema {
        self.attributes.push(AttributeSchema {
            name: name.into(),
            required,
        });
        self
    }

    /// Adds a block type with the given label names.
    pub fn block(mut self, type_name: impl Into<String>, label_names: &[&str]) -> BodySchema {
        self.blocks.push(BlockHeaderSchema {
            type_name: type_name.into(),
            label_names: label_names.iter().map(ToString::to_string).collect(),
        });
        self
    }

    /// The attribute schema named `name`, if any.
    pub fn find_attribute(&self, name: &str) -> Option<&AttributeSchema> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The block header schema named `name`, if any.
    pub fn find_block(&self, name: &str) -> Option<&BlockHeaderSchema> {
        self.blocks.iter().find(|b| b.type_name == name)
    }

    /// Every name the schema uses, attributes first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.attributes
            .iter()
            .map(|a| a.name.as_str())
            .chain(self.blocks.iter().map(|b| b.type_name.as_str()))
    }

    /// Checks the rule of the information model that no name is requested
    /// twice, whether as two attributes, two block types, or one of each.
    /// Such a schema is a programming error of the application.
    pub fn validate(&self) -> Result<(), Error> {
        let names: Vec<&str> = self.names().collect();
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                return Err(Error::new(Diagnostic::error(
                    "Invalid schema",
                    format!(
                        "The schema names {name:?} more than once (as attributes or block types); each name may be requested only once. This is a bug in the application, not in the configuration."
                    ),
                    None,
                )));
            }
        }
        Ok(())
    }
}

/// The result of applying a [`BodySchema`] to a body.
#[derive(Debug, Clone)]
pub struct BodyContent {
    /// The attributes found, keyed by name, in source order.
    pub attributes: IndexMap<String, Attribute>,
    /// The blocks found, in source order.
    pub blocks: Vec<Block>,
    /// Where a missing item would go ([`Body::missing_item_range`]): the
    /// subject of "missing" diagnostics the application reports itself.
    ///
    /// [`Body::missing_item_range`]: crate::body::Body::missing_item_range
    pub missing_item_range: Range,
}

impl BodyContent {
    /// No attributes and no blocks; `missing_item_range` is where missing
    /// items would go (see [`Body::missing_item_range`](crate::body::Body::missing_item_range)).
    pub fn empty(missing_item_range: Range) -> BodyContent {
        BodyContent {
            attributes: IndexMap::new(),
            blocks: Vec::new(),
            missing_item_range,
        }
    }

    /// The blocks of one type, in source order.
    pub fn blocks_of_type<'a>(&'a self, type_name: &'a str) -> impl Iterator<Item = &'a Block> {
        self.blocks.iter().filter(move |b| b.type_name == type_name)
    }
}

/// An attribute definition: a name and an expression.
#[derive(Debug, Clone)]
pub struct Attribute {
    /// The attribute's name.
    pub name: String,
    /// Its (unevaluated) expression.
    pub expr: Expression,
    /// The whole definition, name through value.
    pub range: Range,
    /// The name only.
    pub name_range: Range,
}

/// A block: a type name, labels, and a nested body.
#[derive(Debug, Clone)]
pub struct Block {
    /// The block type, e.g. `resource`.
    pub type_name: String,
    /// The labels, as many as the schema names.
    pub labels: Vec<String>,
    /// The block's content, to be processed with the block type's schema.
    pub body: Body,
    /// The opening of the block's definition (its body's opening brace).
    pub def_range: Range,
    /// The property name that gave the block type.
    pub type_range: Range,
    /// The property names that gave each label.
    pub label_ranges: Vec<Range>,
}

/// "Missing required argument" for `name`, naming the block when there is
/// one.
#[cold]
pub(crate) fn missing_argument(name: &str, block: &str, content: &BodyContent) -> Diagnostic {
    missing_argument_at(name, block, content.missing_item_range.clone())
}

/// [`missing_argument`] at `missing_item_range`.
#[cold]
pub(crate) fn missing_argument_at(
    name: &str,
    block: &str,
    missing_item_range: Range,
) -> Diagnostic {
    let detail = if block.is_empty() {
        format!("The argument {name:?} is required, but no definition was found.")
    } else {
        format!("The argument {name:?} is required in {block}, but no definition was found.")
    };
    Diagnostic::error(
        "Missing required argument",
        detail,
        Some(missing_item_range),
    )
    .with_kind(DiagnosticKind::MissingArgument)
}
