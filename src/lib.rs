//! `hcl_json`: HCL's JSON syntax for Rust.
//!
//! Parses `*.tf.json`, `*.hcl.json` and `cdk.tf.json` files exactly (duplicate
//! keys kept in order, numbers at full precision, every node with its source
//! range), processes their bodies by schema, evaluates the native template and
//! expression language embedded in JSON strings, and decodes bodies into Rust
//! types through serde.
//!
//! ```
//! use hcl_json::{EvalContext, HclDecode};
//!
//! #[derive(HclDecode, Debug)]
//! struct Variable {
//!     #[hcl(label)]
//!     name: String,
//!     #[hcl(attr)]
//!     default: Option<hcl_json::Value>,
//! }
//!
//! #[derive(HclDecode, Debug)]
//! struct Config {
//!     #[hcl(block)]
//!     variable: Vec<Variable>,
//!     #[hcl(attr)]
//!     greeting: String,
//! }
//!
//! let src = r#"{
//!   "variable": {"region": {"default": "eu-west-1"}},
//!   "greeting": "Hello, ${upper(who)}!"
//! }"#;
//! let ctx = EvalContext::new().with_variable("who", "world").with_stdlib();
//! let config: Config = hcl_json::from_str(src, &ctx)?;
//! assert_eq!(config.variable[0].name, "region");
//! assert_eq!(config.greeting, "Hello, WORLD!");
//! # Ok::<(), hcl_json::Error>(())
//! ```
//!
//! # Layout
//!
//! The modules are layers: each one imports only the modules before it in
//! this list, and every item from its home module (`src/README.md` has
//! one line per module):
//!
//! [`pos`] (positions, ranges, [`Spanned`] values), [`diag`] (diagnostics
//! and [`Error`]), [`value`] (values, types, exact numbers, conversion,
//! unification, evaluation limits), the native syntax (private: lexer,
//! parser and tree of templates, expressions and bodies), [`json`] (the
//! JSON scanner, parser and node tree), [`body`] (the syntax-agnostic
//! model: [`File`], [`Body`], [`Expression`], schemas, merging), [`eval`]
//! (evaluation, [`EvalContext`], functions), [`ext`] (type constraints,
//! `try` and `can`), [`analysis`] (static analysis), [`encode`] (Rust
//! values to JSON-syntax text), [`convert`] (a parsed body to the other
//! syntax's text), [`decode`] ([`HclDecode`], the body deserializer),
//! [`stdlib`] (Terraform's and OpenTofu's functions), [`hcldec`] (runtime
//! specs) and [`module`] (directories of Terraform, OpenTofu and Packer
//! files, override files, variable files).

#![forbid(unsafe_code)]

pub mod analysis;
pub mod body;
pub mod convert;
pub mod decode;
pub mod diag;
pub mod encode;
pub mod eval;
pub mod ext;
mod handover;
pub mod hcldec;
pub mod json;
pub mod module;
mod native;
pub mod pos;
pub mod stdlib;
pub mod value;
mod words;

pub use analysis::{StaticCall, Traversal, TraversalStep};
pub use body::{
    parse, parse_auto, parse_auto_bytes, parse_file, parse_native, parse_native_bytes, Attribute,
    AttributeSchema, Block, BlockHeaderSchema, Body, BodyContent, BodySchema, Expression, File,
    Syntax,
};
pub use convert::{
    to_json_string, to_json_writer, to_native_string, to_native_writer, ConvertOptions,
};
pub use decode::{
    decode_body, from_path, from_paths, from_slice, from_slice_named, from_str, from_str_named,
    from_str_native, from_str_native_named, HclDecode,
};
pub use diag::{Diagnostic, DiagnosticKind, Diagnostics, Error, Severity};
pub use encode::{
    to_string, to_string_pretty, to_vec, to_vec_pretty, to_writer, to_writer_pretty, BodyEncoder,
    HclEncode, Interpolated,
};
pub use eval::{EvalContext, ExpressionClosure, Function};
pub use hcl_json_derive::{HclDecode, HclEncode};
pub use pos::{Pos, Range, Spanned};
pub use value::limits::Limits;
pub use value::{from_value, to_value, Number, Type, Value};

/// What the derive macros' generated code needs; not a public API.
#[doc(hidden)]
#[path = "derive_support.rs"]
pub mod __private;

/// The README's examples, compiled and run as doc tests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The native grammar's internals, for this crate's own syntax tests,
/// benchmarks and fuzz targets: the one door into the private `native`
/// layer. Not public API: hidden from the docs, with no semver promise.
#[doc(hidden)]
pub mod __internals {
    pub use crate::native::{
        needs_template_parse, parse_expression, parse_template, ExprKind, Span, SyntaxError,
        MAX_DEPTH,
    };
}
