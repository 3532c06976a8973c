//! The parsed file: one flat node tree inside an `Arc`.
//!
//! Nodes live in a single `Vec` and refer to each other by index, so a whole
//! file is a handful of allocations, and a handle to any part of it (`File`,
//! `Body` and `Expression`) is an `Arc` clone plus a node index:
//! `'static`, `Send + Sync`, and cheap to keep.
//!
//! Strings are not copied: a string's node points at its source text, and
//! a string with escapes is decoded when its text is read. A file keeps no
//! decoded text for its whole life: a whole-file decode reads each string
//! once, into values that own their text.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::escape::{self, OffsetIndex};
use super::template_cache::TemplateCache;
use super::NodeId;
use crate::pos::{Range, SourceFile};

/// The length (raw bytes) past which an escaped string's offsets are
/// mapped through its [`OffsetIndex`].
const LONG_ESCAPED: usize = 256;

/// One JSON value: its byte span in the source and what it is, in 16
/// bytes (a file holds one per value for its whole life: 147 000 for a
/// 4 MB Terraform file). What it is ([`Kind`]) is packed into two words:
/// a tag with a count in `info`, the count's run in `first`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// Byte offset of the first byte of the value.
    pub start: u32,
    /// Byte offset just after the value.
    pub end: u32,
    /// Containers: the first slot of their run in `children` or `props`.
    /// Strings with escapes: the length of their decoded text. Others: 0.
    first: u32,
    /// An array: below [`OBJECT`], its length itself. An object:
    /// [`OBJECT`] with its length in the [`COUNT`] bits. A scalar: one of
    /// the codes from [`SCALAR`] on.
    info: u32,
}

/// The tag of an object's `info` (the top two bits `10`).
const OBJECT: u32 = 0b10 << 30;
/// The bits of an object's length.
const COUNT: u32 = (1 << 30) - 1;
/// The top two bits `11`: a scalar, whose code follows.
const SCALAR: u32 = 0b11 << 30;
const NULL: u32 = SCALAR;
const FALSE: u32 = SCALAR | 1;
const TRUE: u32 = SCALAR | 2;
const NUMBER: u32 = SCALAR | 3;
const STRING: u32 = SCALAR | 4;
const ESCAPED_STRING: u32 = SCALAR | 5;

// Every count fits its field, for any text the parser accepts (shorter
// than `u32::MAX` bytes): an array of n elements takes at least 2n + 1
// bytes (`[0,0]`), so n < 2^31 and its top bit is clear; an object of n
// properties at least 5n + 1 (`{"":0,"":0}`), so n < 2^30.
const _: () = assert!((u32::MAX as u64 - 2) / 2 < OBJECT as u64);
const _: () = assert!((u32::MAX as u64 - 2) / 5 <= COUNT as u64);

/// What a node is, as the parser records it; readers see it as a
/// [`NodeKind`] ([`FileData::kind`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Null,
    Bool(bool),
    Number,
    /// A string without escapes: its text is the source's, between the
    /// quotes.
    String,
    /// A string with escapes, whose decoded text is `len` bytes long.
    EscapedString {
        len: u32,
    },
    Array {
        first: u32,
        len: u32,
    },
    Object {
        first: u32,
        len: u32,
    },
}

impl Node {
    /// A node of `kind` spanning `start..end` (offsets below 4 GiB: the
    /// parser refuses larger texts).
    pub(crate) fn new(kind: Kind, start: usize, end: usize) -> Node {
        let (first, info) = match kind {
            Kind::Null => (0, NULL),
            Kind::Bool(false) => (0, FALSE),
            Kind::Bool(true) => (0, TRUE),
            Kind::Number => (0, NUMBER),
            Kind::String => (0, STRING),
            Kind::EscapedString { len } => (len, ESCAPED_STRING),
            Kind::Array { first, len } => (first, len),
            Kind::Object { first, len } => (first, OBJECT | len),
        };
        let node = Node {
            start: start as u32,
            end: end as u32,
            first,
            info,
        };
        debug_assert_eq!(node.kind(), kind, "a count too large for its field");
        node
    }

    /// What the node is.
    #[inline]
    pub(crate) fn kind(&self) -> Kind {
        match self.info {
            len if len < OBJECT => Kind::Array {
                first: self.first,
                len,
            },
            info if info < SCALAR => Kind::Object {
                first: self.first,
                len: info & COUNT,
            },
            NULL => Kind::Null,
            FALSE => Kind::Bool(false),
            TRUE => Kind::Bool(true),
            NUMBER => Kind::Number,
            STRING => Kind::String,
            _ => Kind::EscapedString { len: self.first },
        }
    }
}

/// What a node is. Containers refer to a contiguous run of child slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    Null,
    Bool(bool),
    /// The exact literal text is `source[start..end]`.
    Number,
    /// A string; [`FileData::str`] gives its decoded text.
    String,
    /// `len` element node ids at `children[first..first + len]`.
    Array {
        first: u32,
        len: u32,
    },
    /// `len` properties at `props[first..first + len]`, in source order,
    /// duplicates included.
    Object {
        first: u32,
        len: u32,
    },
}

/// One `"name": value` pair of an object, as its value node: nodes are
/// numbered in source order (a container before its content), so the name
/// of a property is always the node just before its value. 4 bytes, not
/// 8: a file holds one per property for its whole life.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prop {
    /// The value node.
    pub value: NodeId,
}

impl Prop {
    /// The property whose name is node `name` and value node `value`,
    /// which comes right after it.
    pub(crate) fn new(name: NodeId, value: NodeId) -> Prop {
        debug_assert_eq!(value, name + 1, "a value numbered right after its name");
        Prop { value }
    }

    /// The name, a string node.
    #[inline]
    pub(crate) fn name(self) -> NodeId {
        self.value.wrapping_sub(1)
    }
}

/// Everything a parsed file owns; shared by all handles into it.
#[derive(Debug)]
pub(crate) struct FileData {
    pub source: Arc<SourceFile>,
    pub nodes: Vec<Node>,
    pub children: Vec<NodeId>,
    pub props: Vec<Prop>,
    pub root: NodeId,
    /// The templates parsed from this file's strings.
    pub templates: TemplateCache,
    /// The offset indexes of long strings with escapes whose offsets
    /// were asked for, by node (see [`Self::string_source_offset`]).
    pub offset_indexes: Mutex<HashMap<NodeId, Arc<OffsetIndex>>>,
}

impl FileData {
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// What node `id` is.
    #[inline]
    pub(crate) fn kind(&self, id: NodeId) -> NodeKind {
        match self.node(id).kind() {
            Kind::Array { first, len } => NodeKind::Array { first, len },
            Kind::Object { first, len } => NodeKind::Object { first, len },
            Kind::Null => NodeKind::Null,
            Kind::Bool(b) => NodeKind::Bool(b),
            Kind::Number => NodeKind::Number,
            Kind::String | Kind::EscapedString { .. } => NodeKind::String,
        }
    }

    /// The decoded text of a string node, or `None` for other kinds:
    /// borrowed from the source when the string has no escapes, decoded
    /// now otherwise (the file keeps no decoded text; see
    /// [`escape`]).
    #[inline]
    pub(crate) fn str(&self, id: NodeId) -> Option<Cow<'_, str>> {
        let node = self.node(id);
        match node.info {
            STRING => Some(Cow::Borrowed(self.string_content(node))),
            ESCAPED_STRING => Some(Cow::Owned(self.decode(node))),
            _ => None,
        }
    }

    /// The decoded text of a string node with escapes (out of line, so
    /// that [`str`](Self::str) inlines into its readers).
    #[inline(never)]
    fn decode(&self, node: &Node) -> String {
        escape::decode(self.string_content(node), node.first as usize)
    }

    /// A string node's text as written between its quotes (escapes
    /// undecoded), and whether it has escapes; `None` for other kinds.
    #[inline]
    pub(crate) fn written_str(&self, id: NodeId) -> Option<(&str, bool)> {
        let node = self.node(id);
        match node.info {
            STRING => Some((self.string_content(node), false)),
            ESCAPED_STRING => Some((self.string_content(node), true)),
            _ => None,
        }
    }

    /// The text of a string node that has no escapes, borrowed from the
    /// source; `None` for a string with escapes and other kinds.
    #[inline]
    pub(crate) fn source_str(&self, id: NodeId) -> Option<&str> {
        let node = self.node(id);
        (node.info == STRING).then(|| self.string_content(node))
    }

    /// The source text between a string node's quotes.
    #[inline]
    fn string_content(&self, node: &Node) -> &str {
        let (start, end) = (
            node.start as usize + 1,
            (node.end as usize).saturating_sub(1),
        );
        self.source.text().get(start..end).unwrap_or_default()
    }

    /// The exact source text of a node (for numbers: the literal).
    pub(crate) fn raw(&self, id: NodeId) -> &str {
        let n = self.node(id);
        &self.source.text()[n.start as usize..n.end as usize]
    }

    pub(crate) fn elements(&self, first: u32, len: u32) -> &[NodeId] {
        &self.children[first as usize..(first + len) as usize]
    }

    pub(crate) fn properties(&self, first: u32, len: u32) -> &[Prop] {
        &self.props[first as usize..(first + len) as usize]
    }

    /// The source range of a node.
    pub(crate) fn range(&self, id: NodeId) -> Range {
        let n = self.node(id);
        self.source.range(n.start as usize, n.end as usize)
    }

    /// The source offset of byte `decoded` of a string node's decoded text:
    /// what maps a span inside a JSON string's content (a template's) back to
    /// the file, exactly, whatever escapes come before it. Offsets past the
    /// end map to the closing quote.
    pub(crate) fn string_source_offset(&self, id: NodeId, decoded: usize) -> usize {
        let node = self.node(id);
        let content_start = node.start as usize + 1;
        let content_end = (node.end as usize).saturating_sub(1).max(content_start);
        match node.info {
            ESCAPED_STRING => {
                let raw = &self.source.text().as_bytes()[content_start..content_end];
                content_start + self.escaped_offset(id, raw, decoded)
            }
            _ => (content_start + decoded).min(content_end),
        }
    }

    /// [`escape::raw_offset`] in the text `raw` of escaped string `id`.
    /// Reading a long string from its start for every offset would make
    /// a range per reference quadratic in the string's length: past
    /// [`LONG_ESCAPED`] bytes, the string's offset index (built on the
    /// first ask) reads at most a stride of it.
    fn escaped_offset(&self, id: NodeId, raw: &[u8], decoded: usize) -> usize {
        if raw.len() <= LONG_ESCAPED {
            return escape::raw_offset(raw, decoded);
        }
        let index = {
            let mut indexes = self
                .offset_indexes
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            indexes
                .entry(id)
                .or_insert_with(|| Arc::new(OffsetIndex::new(raw)))
                .clone()
        };
        index.raw_offset(raw, decoded)
    }

    /// The range of `start..end` of a string node's decoded text.
    pub(crate) fn string_range(&self, id: NodeId, start: usize, end: usize) -> Range {
        self.source.range(
            self.string_source_offset(id, start),
            self.string_source_offset(id, end),
        )
    }

    /// The subject of a diagnostic about a value, as HCL chooses it: the
    /// opening bracket of an object or array, the whole token of a scalar
    /// (`"x"`, `null`, `true`, `123`).
    pub(crate) fn value_subject(&self, id: NodeId) -> Range {
        match self.kind(id) {
            NodeKind::Object { .. } | NodeKind::Array { .. } => self.start_range(id),
            _ => self.range(id),
        }
    }

    /// The range of the first byte of a node (its opening bracket).
    pub(crate) fn start_range(&self, id: NodeId) -> Range {
        let n = self.node(id);
        self.source.range(n.start as usize, n.start as usize + 1)
    }

    /// The range of the last byte of a node (its closing bracket).
    pub(crate) fn end_range(&self, id: NodeId) -> Range {
        let n = self.node(id);
        self.source
            .range((n.end as usize).saturating_sub(1), n.end as usize)
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
