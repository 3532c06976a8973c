//! A body's content for decoding: what [`BodyContent`] holds, with every
//! range kept as byte offsets until a diagnostic or a range field asks for
//! it.
//!
//! Decoding a struct reads each body of a file once through its schema,
//! and in a file that decodes cleanly no range is ever looked at. Turning
//! offsets into lines and columns is most of what reading a body costs
//! (and it builds the file's line index), so the decoder takes this
//! content instead of the public `BodyContent`, which keeps its API. A
//! merged or derived body answers with its `BodyContent`, its ranges
//! already resolved.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

use super::schema::BodyContent;
use super::{Body, BodyRepr, Expression};
use crate::json::NodeId;
use crate::pos::{Range, SourceFile};

/// A range of the body's own file, resolved when asked for.
#[derive(Debug, Clone)]
pub(crate) enum Spot {
    /// Byte offsets into the source of the body it belongs to.
    Bytes(u32, u32),
    /// A range resolved already (merged and derived bodies).
    Range(Box<Range>),
}

impl Spot {
    pub(crate) fn bytes(start: usize, end: usize) -> Spot {
        // Sources are smaller than 4 GiB (the parsers' offsets are `u32`).
        Spot::Bytes(start as u32, end as u32)
    }

    /// The range, in the source of `body`, the body this spot was found
    /// with (a block's body for the block's spots).
    pub(crate) fn resolve(&self, body: &Body) -> Range {
        match self {
            Spot::Range(range) => (**range).clone(),
            Spot::Bytes(start, end) => match body.own_source() {
                Some(source) => source.range(*start as usize, *end as usize),
                None => body.range(),
            },
        }
    }
}

/// A block's labels, borrowed from the file unless decoded (escapes):
/// most blocks have at most two, kept inline.
pub(crate) type Labels<'a> = SmallVec<[Cow<'a, str>; 2]>;

/// Where each of a block's labels is.
pub(crate) type LabelSpots = SmallVec<[Spot; 2]>;

/// Where a block is, for messages: `resource.aws_instance.web`, its
/// ancestors' types and labels, then its own. Written out only when a
/// message names it (a decode that succeeds builds no path text).
#[derive(Clone, Copy)]
pub(crate) struct BlockPath<'a> {
    /// The enclosing block's path; `None` under the top-level body.
    pub parent: Option<&'a BlockPath<'a>>,
    /// The block's type; empty for the top-level body, whose path is
    /// empty.
    pub type_name: &'a str,
    /// Every label the block was written with.
    pub labels: &'a [Cow<'a, str>],
}

impl BlockPath<'_> {
    /// Whether this is the top-level body's (empty) path.
    pub(crate) fn is_empty(&self) -> bool {
        self.parent.is_none() && self.type_name.is_empty() && self.labels.is_empty()
    }
}

impl fmt::Display for BlockPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The nesting is the document's, which the parsers bound.
        if let Some(parent) = self.parent {
            write!(f, "{parent}.")?;
        }
        f.write_str(self.type_name)?;
        for label in self.labels {
            write!(f, ".{label}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for BlockPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BlockPath({self})")
    }
}

/// An attribute the schema names: its schema name and its expression.
#[derive(Debug, Clone)]
pub(crate) struct LazyAttribute<'s> {
    pub name: &'s str,
    /// Its place among the schema's attributes.
    pub index: usize,
    pub expr: Expression,
}

/// A block: [`Block`](super::Block) with its ranges as [`Spot`]s, resolved
/// in the block's own body.
#[derive(Debug)]
pub(crate) struct LazyBlock<'s, 'a> {
    pub type_name: &'s str,
    pub labels: Labels<'a>,
    pub body: Body,
    pub def: Spot,
    pub type_spot: Spot,
    pub label_spots: LabelSpots,
}

impl LazyBlock<'_, '_> {
    pub(crate) fn def_range(&self) -> Range {
        self.def.resolve(&self.body)
    }

    pub(crate) fn label_range(&self, i: usize) -> Range {
        self.label_spots[i].resolve(&self.body)
    }
}

/// What the rest of a partially read body is, for its remain field.
#[derive(Debug)]
pub(crate) enum LazyRest<'a> {
    /// Not asked for.
    None,
    /// The rest as a body (merged and derived bodies answer so).
    Body(Body),
    /// The properties of a JSON body the schema does not name, in order
    /// (comments and hidden names left out), as names (borrowed from the
    /// file unless escaped) and value nodes; `None` when they do not make
    /// attributes (the body is not one object, or repeats a name), for
    /// the body model to report. The rest as a body is this body without
    /// the schema's names.
    Json(Option<Vec<(Cow<'a, str>, NodeId)>>),
}

/// [`BodyContent`] with lazy ranges, and the rest of the body (whose
/// names borrow from the body's file, for `'a`).
#[derive(Debug)]
pub(crate) struct LazyContent<'s, 'a> {
    /// The attributes found, each name once, in the schema's order (see
    /// [`attribute_at`](Self::attribute_at)).
    pub attributes: Vec<LazyAttribute<'s>>,
    /// The blocks found, in source order.
    pub blocks: Vec<LazyBlock<'s, 'a>>,
    /// Where a missing item would go, when resolved already; otherwise the
    /// body's [`missing_item_range`](Body::missing_item_range).
    missing: Option<Range>,
    pub rest: LazyRest<'a>,
}

impl<'s, 'a> LazyContent<'s, 'a> {
    pub(crate) fn new() -> LazyContent<'s, 'a> {
        LazyContent {
            attributes: Vec::new(),
            blocks: Vec::new(),
            missing: None,
            rest: LazyRest::None,
        }
    }

    /// The content of a `BodyContent` (its ranges resolved already),
    /// names taken from `schema`.
    pub(crate) fn from_content(
        content: BodyContent,
        schema: &'s super::BodySchema,
        rest: Option<Body>,
    ) -> LazyContent<'s, 'a> {
        let mut attributes: Vec<LazyAttribute<'s>> = content
            .attributes
            .into_iter()
            .filter_map(|(name, attr)| {
                let index = schema.attributes.iter().position(|a| a.name == name)?;
                Some(LazyAttribute {
                    name: &schema.attributes[index].name,
                    index,
                    expr: attr.expr,
                })
            })
            .collect();
        attributes.sort_unstable_by_key(|a| a.index);
        let blocks = content
            .blocks
            .into_iter()
            .filter_map(|b| {
                let header = schema.find_block(&b.type_name)?;
                Some(LazyBlock {
                    type_name: &header.type_name,
                    labels: b.labels.into_iter().map(Cow::Owned).collect(),
                    body: b.body,
                    def: Spot::Range(Box::new(b.def_range)),
                    type_spot: Spot::Range(Box::new(b.type_range)),
                    label_spots: b
                        .label_ranges
                        .into_iter()
                        .map(|r| Spot::Range(Box::new(r)))
                        .collect(),
                })
            })
            .collect();
        LazyContent {
            attributes,
            blocks,
            missing: Some(content.missing_item_range),
            rest: rest.map_or(LazyRest::None, LazyRest::Body),
        }
    }

    /// The attribute named `name`.
    pub(crate) fn attribute(&self, name: &str) -> Option<&LazyAttribute<'s>> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The attribute of the schema's attribute `index` (a number compared,
    /// not a name): at that very place when every attribute before it is
    /// present, found by bisection otherwise.
    pub(crate) fn attribute_at(&self, index: usize) -> Option<&LazyAttribute<'s>> {
        match self.attributes.get(index) {
            Some(a) if a.index == index => Some(a),
            _ => (self
                .attributes
                .binary_search_by_key(&index, |a| a.index)
                .ok())
            .map(|i| &self.attributes[i]),
        }
    }

    /// Where a missing item of `body` (the body this content is of) would
    /// go.
    pub(crate) fn missing_item_range(&self, body: &Body) -> Range {
        match &self.missing {
            Some(range) => range.clone(),
            None => body.missing_item_range(),
        }
    }
}

impl Body {
    /// How many bytes of source the body's [`range`](Body::range) spans,
    /// without resolving it to lines and columns for a JSON or native
    /// body.
    pub(crate) fn byte_len(&self) -> usize {
        let (start, end) = match &self.repr {
            BodyRepr::Json { file, node } => {
                let n = file.node(*node);
                (n.start as usize, n.end as usize)
            }
            BodyRepr::Native { file, body } => {
                let span = file.tree.bodies[*body as usize].span;
                (span.start as usize, span.end as usize)
            }
            BodyRepr::Merged(_) | BodyRepr::Derived(_) => {
                let range = self.range();
                (range.start.byte, range.end.byte)
            }
        };
        end.saturating_sub(start)
    }

    /// The source of a JSON or native body, which [`Spot`]s index.
    fn own_source(&self) -> Option<&Arc<SourceFile>> {
        match &self.repr {
            BodyRepr::Json { file, .. } => Some(&file.source),
            BodyRepr::Native { file, .. } => Some(&file.source),
            BodyRepr::Merged(_) | BodyRepr::Derived(_) => None,
        }
    }
}
