//! Static analysis: keywords, traversals, lists, maps, calls, variables and
//! the dependency graphs built from them: one test binary for the layer.

mod dependencies;
mod props;
mod r#static;
mod traversal;
mod variables;
