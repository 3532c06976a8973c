//! The standard library, called through `Function::call` and through
//! templates: one test binary for the `stdlib` layer, a module per family.

#[path = "../eval/common.rs"]
mod eval_common;
#[path = "support.rs"]
mod stdlib_support;

mod collection;
mod conversion;
mod crypto;
mod encoding;
mod functions;
mod network;
mod numeric;
mod parity;
mod provider;
mod robustness;
mod string;
