//! The JSON syntax: scanner, parser and node tree.
//!
//! The parser turns source text into one flat tree of nodes in an `Arc`
//! (`FileData`), with exact number text, every duplicate key in order and
//! the range of every node. The public handles into that tree ([`File`](crate::body::File),
//! [`Body`](crate::body::Body), [`Expression`](crate::body::Expression)) belong to the syntax-agnostic body model
//! ([`crate::body`]), which also maps a JSON body onto attributes and
//! blocks, and offers the entry points (`body::parse`, `body::parse_with`).

mod escape;
mod navigation;
mod parser;
mod template_cache;
mod tree;

pub(crate) use escape::{write_escaped, write_string};
pub(crate) use navigation::{path_at, path_source};
pub use parser::ParseOptions;
pub(crate) use parser::{parse_bytes_data, parse_data, parse_owned_bytes_data};
pub(crate) use template_cache::{Attempt, HandleTrees, ParsedTemplate};
#[cfg(test)]
pub(crate) use template_cache::{
    CACHE_ENTRIES, CACHE_MAX_TEMPLATE, FIRST_VALUES, FIRST_VALUE_BYTES, HANDLE_TREES,
};
pub(crate) use tree::{FileData, NodeKind, Prop};

/// Index of a node in its file's node table.
pub(crate) type NodeId = u32;
