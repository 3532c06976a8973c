//! `hcl_json`: HCL's JSON syntax for Rust.
//!
//! Parses `*.tf.json`, `*.hcl.json` and `cdk.tf.json` files exactly (duplicate
//! keys kept in order, numbers at full precision, every node with its source
//! range), processes their bodies by schema, evaluates the native template and
//! expression language embedded in JSON strings, and decodes bodies into Rust
//! types through serde.
//!
//! The layers, each only calling the ones listed before it:
//! [`pos`], [`diag`], [`value`], [`json`], [`syntax`], [`eval`], [`schema`],
//! [`decode`], [`stdlib`], [`ext`].

#![deny(missing_docs)]

pub mod decode;
pub mod diag;
pub mod eval;
pub mod ext;
pub mod json;
pub mod pos;
pub mod schema;
pub mod syntax;
pub mod value;

pub use decode::{decode_body, from_slice, from_str, HclDecode};
pub use diag::{Diagnostic, Diagnostics, Error, Severity};
pub use eval::{EvalContext, ExpressionClosure, Function};
pub use hcl_json_derive::HclDecode;
pub use json::{parse, Body, Expression, File};
pub use pos::{Pos, Range};
pub use schema::{Attribute, AttributeSchema, Block, BlockHeaderSchema, BodyContent, BodySchema};
pub use value::{from_value, to_value, Number, Type, Value};

#[doc(hidden)]
pub use decode::__private;
