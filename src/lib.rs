//! `hcl_json`: HCL for Rust, both syntaxes.
//!
//! HCL's **JSON syntax** (`*.tf.json`, `*.hcl.json`, `*.pkr.json`,
//! `cdk.tf.json`) and its **native syntax** (`*.tf`, `*.hcl`) are read into one
//! model: a [`File`] whose [`Body`] answers schemas with attributes and
//! blocks, every node with its source range, duplicate keys and exact numbers
//! kept. Expressions and templates (in native attributes, and inside JSON
//! strings) are evaluated against an [`EvalContext`] of variables and
//! Terraform's functions, under a budget that bounds untrusted input; bodies
//! are decoded into Rust types through serde with `#[derive(HclDecode)]`,
//! written back as `.tf.json` with `#[derive(HclEncode)]`, converted between
//! the syntaxes, and loaded as Terraform, OpenTofu and Packer load whole
//! directories. The specifications followed are HashiCorp's:
//! [HCL](https://github.com/hashicorp/hcl/blob/main/spec.md), its
//! [native syntax](https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md)
//! and its [JSON syntax](https://github.com/hashicorp/hcl/blob/main/json/spec.md).
//!
//! One struct reads both syntaxes:
//!
//! ```
//! use hcl_json::{EvalContext, HclDecode, Value};
//!
//! #[derive(HclDecode, Debug)]
//! struct Variable {
//!     #[hcl(label)]
//!     name: String,
//!     #[hcl(attr)]
//!     default: Option<Value>,
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
//! let ctx = EvalContext::new().with_variable("who", "world").with_stdlib();
//!
//! let json = r#"{
//!   "variable": {"region": {"default": "eu-west-1"}},
//!   "greeting": "Hello, ${upper(who)}!"
//! }"#;
//! let from_json: Config = hcl_json::from_str(json, &ctx)?;
//!
//! let native = r#"
//! variable "region" {
//!   default = "eu-west-1"
//! }
//! greeting = "Hello, ${upper(who)}!"
//! "#;
//! let from_native: Config = hcl_json::from_str_native(native, &ctx)?;
//!
//! for config in [from_json, from_native] {
//!     assert_eq!(config.variable[0].name, "region");
//!     assert_eq!(config.variable[0].default, Some(Value::from("eu-west-1")));
//!     assert_eq!(config.greeting, "Hello, WORLD!");
//! }
//! # Ok::<(), hcl_json::Error>(())
//! ```
//!
//! A file whose syntax is known only by its name goes through [`from_path`]
//! or [`parse_file`]; every fallible call returns an [`Error`] that holds all
//! the problems found, each a located [`Diagnostic`].
//!
//! # The API at a glance
//!
//! Everything below is reachable from the crate root or from the one module
//! named; each item has exactly one home.
//!
//! | task | what to reach for |
//! |---|---|
//! | **read** a file | [`parse`] (JSON syntax), [`parse_native`], [`parse_auto`] and [`parse_file`] (syntax by file name), each giving a [`File`]; [`File::body`] gives its [`Body`]; [`json::ParseOptions`] for the JSON parser's limits |
//! | **read** a body by schema | [`Body::content`], [`Body::partial_content`], [`Body::just_attributes`] with a [`BodySchema`] of [`AttributeSchema`]s and [`BlockHeaderSchema`]s, giving [`BodyContent`] ([`Attribute`]s and [`Block`]s); [`Body::merge`] reads several files as one; [`Body::comments`] |
//! | **walk** a body without a schema | [`Body::items`] gives each item in source order as a [`body::BodyItem`]: a native body's [`Attribute`]s and [`Block`]s as written (every label, with ranges), a JSON body's [`body::Property`]s with their [`body::PropertyValue`] tree (objects, arrays, values) |
//! | **decode** into Rust types | `#[derive(HclDecode)]`, then [`from_str`], [`from_slice`], [`from_str_native`], [`from_path`], [`from_paths`] or [`decode_body`]; [`Spanned<T>`](Spanned) keeps a value's range; [`Expression`], [`ExpressionClosure`] and [`Body`] fields are captured for later; [`from_value`] reads a [`Value`] through serde |
//! | **evaluate** | [`EvalContext`] (`with_variable`, `with_function`, `with_stdlib`, `with_limits`, `child`); [`Expression::value`]; [`Value`], [`Type`] and [`Number`] (module [`value`] for conversion and unification); [`Limits`] bounds every evaluation; [`eval::Function`] and [`Function::builder`] for an application's own functions |
//! | **functions** | [`stdlib::functions`], [`stdlib::function_map`]; the opt-in grants [`stdlib::Filesystem`] and [`stdlib::Unpredictable`] ([`EvalContext::with_filesystem`], `with_unpredictable`); [`ext::typeexpr`] for type constraints, [`ext::tryfunc`] for `try` and `can` |
//! | **analyse** without evaluating | [`Expression::variables`], `as_keyword`, `abs_traversal`, `rel_traversal`, `as_list`, `as_map`, `as_call` ([`StaticCall`]); [`Traversal`] and [`TraversalStep`]; [`File::check`] (every template parsed, every call looked up, calls that fail whatever their values) and [`File::variables`]; [`module::check_files`] and `Module::check` add what `terraform validate` checks without provider schemas (the languages' own block schemas, undeclared and invalid references, duplicates, variable files, local module calls and their values) |
//! | **write** `.tf.json` | `#[derive(HclEncode)]`, then [`to_string`], [`to_string_pretty`], [`to_vec`], [`to_writer`]; [`Interpolated`] for a field written as a template; [`to_value`] turns any `Serialize` type into a [`Value`] |
//! | **describe** for editors | [`json_schema()`] gives the [`JsonSchema`] (draft 2020-12) of a derived type's `.hcl.json` files; [`decode::Shape`] and [`decode::HasShape`] say what an attribute field's type holds |
//! | **write** native syntax | [`to_string_native`] (an `HclEncode` type, a [`Value`] object or a [`Body`] as `.tf` / `.hcl` text, laid out as `terraform fmt` lays it out) |
//! | **format** files | [`format::native`] (byte for byte HashiCorp's `hclwrite.Format`, the formatter behind `terraform fmt`), [`format::json`] (canonical JSON syntax), [`format::auto`] (by file name) |
//! | **convert** between the syntaxes | [`to_native_string`] / [`to_native_writer`] (JSON to native) and [`to_json_string`] / [`to_json_writer`] (native to JSON), with [`ConvertOptions`]; module [`convert`] for the schemas that tell blocks from attributes |
//! | **load** a module | [`module::Module::load`] with [`module::LoadOptions`] (Terraform, OpenTofu or Packer): override files merged, [`module::VariableValues`] from variable files, environment and arguments |
//! | **run** specs | [`hcldec::Spec`] and [`hcldec::SpecFile`]: HashiCorp's `hcldec` model, decoding a body into a [`Value`] |
//! | **report** problems | every fallible call returns [`Error`] (`Display` and `Debug` render each diagnostic with its source line); [`Error::diagnostics`] gives each [`Diagnostic`] with its [`Severity`], summary, detail, [`Range`] and [`DiagnosticKind`]; [`diag::Renderer`] writes them with a width, colours and context lines from [`diag::Sources`]; [`diag::JsonDiagnostics`] serializes them as `terraform validate -json` does; feature `miette` for miette's reports |
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
//! model: [`File`], [`Body`], [`Expression`], schemas, merging), [`format`](mod@format)
//! (the formatter of both syntaxes), [`eval`]
//! (evaluation, [`EvalContext`], functions), [`ext`] (type constraints,
//! `try` and `can`), [`analysis`] (static analysis), [`encode`] (Rust
//! values to JSON-syntax text), [`convert`] (a parsed body to the other
//! syntax's text), [`decode`] ([`HclDecode`], the body deserializer),
//! [`json_schema`](mod@json_schema) (the JSON Schema of a derived type),
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
pub mod format;
mod handover;
pub mod hcldec;
pub mod json;
pub mod json_schema;
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
    to_json_string, to_json_writer, to_native_string, to_native_writer, to_string_native,
    ConvertOptions,
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
pub use json_schema::{json_schema, JsonSchema};
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
