//! Extensions beyond the information model, after HCL's `ext` packages:
//! [`typeexpr`] reads type constraints like `list(string)`.
//!
//! Each one is built from the public layers below it, the way an
//! application could build its own.

pub mod typeexpr;
