//! The parsed file: one flat node tree inside an `Arc`.
//!
//! Nodes live in a single `Vec` and refer to each other by index, so a whole
//! file is a handful of allocations, and a handle to any part of it (`File`,
//! `Body` and `Expression`) is an `Arc` clone plus a node index:
//! `'static`, `Send + Sync`, and cheap to keep.
//!
//! Strings without escapes are not copied: their node points at the source
//! text. Strings with escapes are decoded once into one shared buffer.

use std::sync::Arc;

use super::template_cache::TemplateCache;
use crate::pos::{Range, SourceFile};
use crate::syntax::{SyntaxError, Template};

/// Index of a node in its file's node table.
pub(crate) type NodeId = u32;

/// One JSON value, with its byte span in the source.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub kind: NodeKind,
    /// Byte offset of the first byte of the value.
    pub start: u32,
    /// Byte offset just after the value.
    pub end: u32,
}

/// What a node is. Containers refer to a contiguous run of child slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    Null,
    Bool(bool),
    /// The exact literal text is `source[start..end]`.
    Number,
    /// A string whose decoded text is `text`.
    String(StrText),
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

/// Where the decoded text of a string lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StrText {
    /// No escapes: the text is `source[start..end]` verbatim.
    Source { start: u32, end: u32 },
    /// Escapes were decoded into `FileData::decoded[start..end]`.
    Decoded { start: u32, end: u32 },
}

/// One `"name": value` pair of an object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prop {
    /// The name, a string node.
    pub name: NodeId,
    /// The value node.
    pub value: NodeId,
}

/// Everything a parsed file owns; shared by all handles into it.
#[derive(Debug)]
pub(crate) struct FileData {
    pub source: Arc<SourceFile>,
    pub nodes: Vec<Node>,
    pub children: Vec<NodeId>,
    pub props: Vec<Prop>,
    pub decoded: String,
    pub root: NodeId,
    /// The templates parsed from this file's strings.
    pub templates: TemplateCache,
}

/// What parsing one string as a template gave.
pub(crate) type ParsedTemplate = Result<Template, Vec<SyntaxError>>;

impl FileData {
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The decoded text of a string node, or `None` for other kinds.
    pub(crate) fn str(&self, id: NodeId) -> Option<&str> {
        match self.node(id).kind {
            NodeKind::String(text) => Some(self.str_text(text)),
            _ => None,
        }
    }

    pub(crate) fn str_text(&self, text: StrText) -> &str {
        match text {
            StrText::Source { start, end } => &self.source.text()[start as usize..end as usize],
            StrText::Decoded { start, end } => &self.decoded[start as usize..end as usize],
        }
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
        match node.kind {
            NodeKind::String(StrText::Decoded { .. }) => {
                let raw = &self.source.text().as_bytes()[content_start..content_end];
                content_start + raw_offset_of(raw, decoded)
            }
            _ => (content_start + decoded).min(content_end),
        }
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
        match self.node(id).kind {
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

/// The offset in `raw` (a JSON string's content, escapes undecoded) where
/// decoded byte `decoded` comes from. The parser accepted `raw`, so every
/// escape in it is well formed.
fn raw_offset_of(raw: &[u8], decoded: usize) -> usize {
    let (mut r, mut d) = (0, 0);
    while r < raw.len() && d < decoded {
        let (raw_len, decoded_len) = match raw[r] {
            b'\\' if raw.get(r + 1) == Some(&b'u') => {
                let hi = hex4(&raw[r + 2..]);
                let is_pair = (0xD800..0xDC00).contains(&hi)
                    && raw.get(r + 6) == Some(&b'\\')
                    && raw.get(r + 7) == Some(&b'u')
                    && (0xDC00..0xE000).contains(&hex4(raw.get(r + 8..).unwrap_or_default()));
                if is_pair {
                    (12, 4)
                } else {
                    (6, char::from_u32(hi).map_or(3, char::len_utf8))
                }
            }
            b'\\' => (2, 1),
            _ => (1, 1),
        };
        r += raw_len;
        d += decoded_len;
    }
    r.min(raw.len())
}

fn hex4(bytes: &[u8]) -> u32 {
    bytes.iter().take(4).fold(0, |acc, &b| {
        acc * 16 + (b as char).to_digit(16).unwrap_or(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_inside_escaped_strings_map_to_the_source() {
        // Decoded: `a"\nAé😀${x}`; `$` is decoded byte 9.
        let src = r#"{"k": "a\"\n\u0041\u00e9\ud83d\ude00${x}"}"#;
        let data =
            &*crate::json::parse_data(src, "t.json", crate::json::ParseOptions::default()).unwrap();
        let NodeKind::Object { first, len } = data.node(data.root).kind else {
            panic!()
        };
        let value = data.properties(first, len)[0].value;
        let text = data.str(value).unwrap();
        let dollar = text.find('$').unwrap();
        let at = data.string_source_offset(value, dollar);
        assert_eq!(&src[at..at + 4], "${x}");
        let r = data.string_range(value, dollar + 2, dollar + 3);
        assert_eq!(&src[r.bytes()], "x");
    }

    #[test]
    fn offsets_after_lone_surrogates_map_to_the_source() {
        // Each lone half decodes to U+FFFD (3 bytes) from 6 source bytes.
        let src = r#"{"k": "\ud800\u0041\udc00${x}"}"#;
        let data =
            &*crate::json::parse_data(src, "t.json", crate::json::ParseOptions::default()).unwrap();
        let NodeKind::Object { first, len } = data.node(data.root).kind else {
            panic!()
        };
        let value = data.properties(first, len)[0].value;
        let text = data.str(value).unwrap();
        assert_eq!(text, "\u{fffd}A\u{fffd}${x}");
        let at = data.string_source_offset(value, text.find('$').unwrap());
        assert_eq!(&src[at..at + 4], "${x}");
    }
}
