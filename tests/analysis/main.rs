//! Static analysis: keywords, traversals, lists, maps, calls, variables and
//! the dependency graphs built from them: one test binary for the layer.

mod dependency_graph;
mod props;
mod r#static;
mod traversal;
mod variables;
