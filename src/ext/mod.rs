//! Extensions to the core language, as HCL's `ext` packages are: functions
//! and helpers an application opts into.
//!
//! - [`tryfunc`]: `try` and `can`, which take their arguments unevaluated
//!   to recover from errors in them.

pub mod tryfunc;
