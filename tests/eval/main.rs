//! Evaluation of JSON values, native expressions and templates: one test
//! binary for the `eval` layer, a module per concern.

#[path = "common.rs"]
mod eval_common;

mod json;
mod marks;
mod native;
mod reference;
mod standalone;
mod tryfunc;
