//! Interdependent blocks, the first pattern of HCL's "Design Patterns for
//! Complex Systems": blocks whose expressions refer to each other.
//!
//! Each top-level `value "NAME"` block defines a variable `NAME` whose value
//! is its `expr` attribute. The program decodes the top-level blocks,
//! collects the references of each `expr` with `Expression::variables`,
//! builds the dependency graph, sorts it topologically and evaluates the
//! blocks in that order, each with a context holding the values evaluated
//! so far. A cycle is reported as a diagnostic naming every block in it.
//!
//! ```text
//! cargo run --example dependencies [FILE]
//! ```
//!
//! Without a file it runs on `examples/data/dependencies.hcl.json`, then on
//! a small configuration with a cycle.

use std::process::ExitCode;

use hcl_json::{
    AttributeSchema, BlockHeaderSchema, BodySchema, Diagnostic, Error, EvalContext, Expression,
    File, Range, Value,
};
use indexmap::IndexMap;

/// A configuration whose values refer to each other in a cycle
/// (a → b → c → a); `d` stands apart.
pub const CYCLE_SOURCE: &str = r#"{
  "value": {
    "a": {"expr": "${b + 1}"},
    "b": {"expr": "${c * 2}"},
    "c": {"expr": "${a}"},
    "d": {"expr": 1}
  }
}"#;

/// One `value` block.
#[derive(Debug)]
pub struct Definition {
    /// The block's label: the variable it defines.
    pub name: String,
    /// Where the label was written.
    pub name_range: Range,
    /// The `expr` attribute.
    pub expr: Expression,
    /// The blocks `expr` refers to, by index, with the range of each
    /// reference (a block referred to twice appears twice).
    pub deps: Vec<(usize, Range)>,
}

/// Decodes the `value` blocks of `file` and their references to each
/// other. References to names that are not blocks are left for
/// evaluation to report ("Unknown variable").
pub fn load(file: &File) -> Result<Vec<Definition>, Error> {
    let top = BodySchema {
        attributes: vec![],
        blocks: vec![BlockHeaderSchema {
            type_name: "value".into(),
            label_names: vec!["name".into()],
        }],
    };
    let inner = BodySchema {
        attributes: vec![AttributeSchema {
            name: "expr".into(),
            required: true,
        }],
        blocks: vec![],
    };
    let content = file.body().content(&top)?;
    let mut defs: Vec<Definition> = Vec::new();
    let mut errors: Option<Error> = None;
    for block in content.blocks {
        let name = block.labels[0].clone();
        let name_range = block.label_ranges[0].clone();
        if let Some(first) = defs.iter().find(|d| d.name == name) {
            let err = Error::at(
                "Duplicate value",
                format!(
                    "A value named {name:?} was already defined at {}; each name can be defined once.",
                    first.name_range
                ),
                name_range,
            );
            errors = Some(match errors {
                Some(e) => e.merge(err),
                None => err,
            });
            continue;
        }
        match block.body.content(&inner) {
            Ok(mut body) => {
                let expr = body.attributes.swap_remove("expr").map(|a| a.expr);
                if let Some(expr) = expr {
                    defs.push(Definition {
                        name,
                        name_range,
                        expr,
                        deps: Vec::new(),
                    });
                }
            }
            Err(err) => {
                errors = Some(match errors {
                    Some(e) => e.merge(err),
                    None => err,
                });
            }
        }
    }
    if let Some(err) = errors {
        return Err(err.with_source(file.source_file().clone()));
    }
    let index: IndexMap<String, usize> = defs
        .iter()
        .enumerate()
        .map(|(i, d)| (d.name.clone(), i))
        .collect();
    for def in &mut defs {
        def.deps = def
            .expr
            .variables()
            .iter()
            .filter_map(|t| Some((*index.get(t.root_name())?, t.range())))
            .collect();
    }
    Ok(defs)
}

#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Unvisited,
    InProgress,
    Done,
}

/// An edge of the graph: block `.0` refers to block `.1` at `.2`.
pub type Edge = (usize, usize, Range);

/// The order to evaluate `defs` in, every block after the ones it refers
/// to (ties keep source order), or the edges of the first cycle found.
pub fn sort(defs: &[Definition]) -> Result<Vec<usize>, Vec<Edge>> {
    let mut marks = vec![Mark::Unvisited; defs.len()];
    let mut order = Vec::with_capacity(defs.len());
    let mut path: Vec<Edge> = Vec::new();
    for i in 0..defs.len() {
        if marks[i] == Mark::Unvisited {
            visit(i, defs, &mut marks, &mut path, &mut order)?;
        }
    }
    Ok(order)
}

/// [`sort`], with a cycle reported as a "Dependency cycle" error naming
/// the blocks in it.
pub fn evaluation_order(defs: &[Definition], file: &File) -> Result<Vec<usize>, Error> {
    sort(defs).map_err(|cycle| cycle_error(defs, &cycle).with_source(file.source_file().clone()))
}

/// Depth-first visit; `path` holds the edges from the root of the search
/// to `i`, so meeting a block still in progress means the edges from that
/// block on form a cycle.
fn visit(
    i: usize,
    defs: &[Definition],
    marks: &mut [Mark],
    path: &mut Vec<Edge>,
    order: &mut Vec<usize>,
) -> Result<(), Vec<Edge>> {
    marks[i] = Mark::InProgress;
    for (dep, range) in &defs[i].deps {
        path.push((i, *dep, range.clone()));
        match marks[*dep] {
            Mark::InProgress => {
                let start = path
                    .iter()
                    .position(|(from, _, _)| from == dep)
                    .unwrap_or(0);
                return Err(path[start..].to_vec());
            }
            Mark::Unvisited => visit(*dep, defs, marks, path, order)?,
            Mark::Done => {}
        }
        path.pop();
    }
    marks[i] = Mark::Done;
    order.push(i);
    Ok(())
}

/// The diagnostic for a cycle: its subject is the first reference of the
/// cycle, its context the label of the block making it, and its detail
/// walks the whole cycle with the position of every reference.
fn cycle_error(defs: &[Definition], cycle: &[Edge]) -> Error {
    let steps: Vec<String> = cycle
        .iter()
        .map(|(from, to, range)| {
            format!(
                "value {:?} refers to {:?} at {}",
                defs[*from].name, defs[*to].name, range
            )
        })
        .collect();
    let (first, _, subject) = &cycle[0];
    let diag = Diagnostic::error(
        "Dependency cycle",
        format!(
            "These values refer to each other in a cycle, so none of them can be evaluated first: {}.",
            steps.join(", ")
        ),
        Some(subject.clone()),
    )
    .with_context(defs[*first].name_range.clone());
    Error::new(diag)
}

/// Evaluates every block in dependency order. As HCL's guide advises, the
/// evaluated values live in their own map and each block gets a fresh
/// context built from it, since contexts are immutable.
pub fn evaluate_all(file: &File) -> Result<IndexMap<String, Value>, Error> {
    let defs = load(file)?;
    let order = evaluation_order(&defs, file)?;
    let mut values: IndexMap<String, Value> = IndexMap::new();
    for i in order {
        let ctx = EvalContext::new().with_variables(values.clone());
        let value = defs[i].expr.value(&ctx)?;
        values.insert(defs[i].name.clone(), value);
    }
    Ok(values)
}

fn run(filename: &str, src: &str) -> Result<(), Error> {
    let file = hcl_json::parse(src, filename)?;
    println!("{filename}:");
    for (name, value) in evaluate_all(&file)? {
        println!("  {name} = {value}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let given = std::env::args().nth(1);
    let path = given.clone().unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/data/dependencies.hcl.json"
        )
        .to_string()
    });
    let src = match std::fs::read_to_string(&path) {
        Ok(src) => src,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let name = if given.is_some() {
        path.as_str()
    } else {
        "dependencies.hcl.json"
    };
    if let Err(err) = run(name, &src) {
        eprintln!("{err}");
        return ExitCode::FAILURE;
    }
    if given.is_none() {
        // The cycle is found from the references alone, before anything is
        // evaluated.
        println!();
        match run("cycle.hcl.json", CYCLE_SOURCE) {
            Ok(()) => {
                eprintln!("expected a dependency cycle");
                return ExitCode::FAILURE;
            }
            Err(err) => println!("{err}"),
        }
    }
    ExitCode::SUCCESS
}
