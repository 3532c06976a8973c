//! The JSON syntax: parser, node tree, bodies and expressions.
//!
//! [`parse`] turns source text into a [`File`]: one flat tree of nodes in an
//! `Arc`, with exact number text, every duplicate key in order and the range
//! of every node. [`Body`] and [`Expression`] are handles into that tree; how
//! a body's properties map onto attributes and blocks is `body`'s business.

mod body;
mod expr;
mod parser;
mod tree;

pub use body::Body;
pub use expr::Expression;
pub(crate) use expr::{ExprKind, NativeExpr};
pub use parser::{parse, parse_bytes, parse_with, ParseOptions, DEFAULT_MAX_DEPTH};
pub use tree::File;
pub(crate) use tree::{FileData, NodeId, NodeKind, Prop};
#[cfg(test)]
pub(crate) use tree::{CACHE_ENTRIES, CACHE_MAX_TEMPLATE};
