//! Extensions to the core language, after HCL's `ext` packages: things an
//! application opts into, each built from the public layers below it the
//! way an application could build its own.
//!
//! - [`tryfunc`]: `try` and `can`, which take their arguments unevaluated
//!   to recover from errors in them.
//! - [`typeexpr`]: type constraints like `list(string)` or
//!   `object({port = optional(number, 80)})`.

pub mod tryfunc;
pub mod typeexpr;
