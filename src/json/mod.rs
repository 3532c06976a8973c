//! The JSON syntax: scanner, parser and node tree.
//!
//! The parser turns source text into one flat tree of nodes in an `Arc`
//! (`FileData`), with exact number text, every duplicate key in order and
//! the range of every node. The public handles into that tree ([`File`],
//! [`Body`], [`Expression`]) belong to the syntax-agnostic body model
//! (`crate::body`), which also maps a JSON body onto attributes and blocks;
//! they are re-exported here so that `hcl_json::json::parse` and friends
//! keep their paths.

mod escape;
mod parser;
mod template_cache;
mod tree;

pub use crate::body::{parse, parse_bytes, parse_with, Body, Expression, File};
pub use parser::ParseOptions;
pub(crate) use parser::{parse_bytes_data, parse_data, parse_owned_bytes_data};
#[cfg(test)]
pub(crate) use template_cache::{
    CACHE_ENTRIES, CACHE_MAX_TEMPLATE, FIRST_VALUES, FIRST_VALUE_BYTES,
};
pub(crate) use tree::{FileData, NodeId, NodeKind, Prop};
