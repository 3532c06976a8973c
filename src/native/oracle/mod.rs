//! The test oracle of the hand-written parser: `grammar.pest`, the
//! readable, normative statement of the native template and expression
//! grammar; the pest parser built from it with its tree builder
//! (`parser.rs`); and the property tests (`property_tests.rs`) that hold
//! the hand-written parser to it on generated inputs of every shape, valid
//! and invalid: same acceptance, same tree (spans included), same
//! diagnostics. Compiled for tests only; nothing here runs in the library.
//!
//! The language is HashiCorp's native syntax,
//! <https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md>.

mod parser;
pub(in crate::native) mod property_tests;
