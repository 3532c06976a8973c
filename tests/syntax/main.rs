//! The native template and expression grammar: diagnostics, limits and
//! strip markers: one test binary for the `native` layer.

mod diagnostics;
mod limits;
mod native_rules;
mod strip_markers;
