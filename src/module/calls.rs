//! Module calls whose `source` is a local directory (`./modules/vpc`):
//! Terraform reads the module found there, so a call's arguments and the
//! outputs its references name can be checked against that module before
//! `terraform init` has installed anything.
//!
//! A call's attributes other than the meta-arguments must be the child's
//! variables ("Unsupported argument"), and every variable without a
//! default must be set ("Missing required argument"), in HCL's words, as
//! Terraform reports them. Calls to registry or remote modules, and local
//! directories that cannot be read, are left alone: what they declare is
//! not here to see.
//! See <https://developer.hashicorp.com/terraform/language/modules/sources#local-paths>.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::vars::{declarations, Variable};
use super::{Dialect, LoadOptions, Module};
use crate::body::{Block, BodySchema};
use crate::diag::{did_you_mean, Diagnostic, Diagnostics};
use crate::eval::EvalContext;

/// A module block's arguments that are not the child's variables.
const META_ARGUMENTS: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];

/// The local child modules of a module's calls, and what the calls get
/// wrong.
#[derive(Debug, Default)]
pub(super) struct LocalCalls {
    /// Each child, by call name.
    pub children: BTreeMap<String, Arc<Child>>,
    /// Each problem of a call's arguments, with its file's index.
    pub problems: Vec<(usize, Diagnostic)>,
}

/// What a local child module declares, as far as its calls need it.
#[derive(Debug)]
pub(super) struct Child {
    variables: Vec<Variable>,
    /// Its output names.
    pub outputs: BTreeSet<String>,
}

/// The local child modules of `calls` (each module block of a primary
/// file, with the file's index), read relative to `dir`, and the
/// problems of the calls' arguments.
pub(super) fn local_children(calls: &[(usize, Block)], dir: &Path) -> LocalCalls {
    let mut read: HashMap<PathBuf, Option<Arc<Child>>> = HashMap::new();
    let mut found = LocalCalls::default();
    let literal = EvalContext::literal();
    for (index, block) in calls {
        let [name] = block.labels.as_slice() else {
            continue;
        };
        let mut ignored = Diagnostics::new();
        let attrs = block.body.just_attributes_collecting(&mut ignored);
        let Some(source) = attrs
            .get("source")
            .and_then(|a| a.expr.value(&literal).ok())
            .and_then(|v| v.as_str().map(str::to_string))
        else {
            continue;
        };
        if !(source.starts_with("./") || source.starts_with("../")) {
            continue;
        }
        let path = dir.join(&source);
        let child = read
            .entry(path.clone())
            .or_insert_with(|| Child::read(&path))
            .clone();
        let Some(child) = child else { continue };
        // The arguments, in source order, then what is missing.
        for (arg, attr) in &attrs {
            let known = META_ARGUMENTS.contains(&arg.as_str())
                || child.variables.iter().any(|v| &v.name == arg);
            if !known {
                let names = child.variables.iter().map(|v| v.name.as_str());
                let suggestion = did_you_mean(arg, names)
                    .map(|s| format!(" Did you mean {s:?}?"))
                    .unwrap_or_default();
                let detail = format!("An argument named {arg:?} is not expected here.{suggestion}");
                let range = Some(attr.name_range.clone());
                found.problems.push((
                    *index,
                    Diagnostic::error("Unsupported argument", detail, range),
                ));
            }
        }
        for variable in &child.variables {
            if variable.default.is_none() && !attrs.contains_key(&variable.name) {
                let detail = format!(
                    "The argument {:?} is required, but no definition was found.",
                    variable.name
                );
                let range = Some(block.body.missing_item_range());
                found.problems.push((
                    *index,
                    Diagnostic::error("Missing required argument", detail, range),
                ));
            }
        }
        found.children.insert(name.clone(), child);
    }
    found
}

impl Child {
    /// The module in `dir`, read by OpenTofu's rules (Terraform's, and the
    /// `.tofu` files OpenTofu prefers), or `None` when the directory
    /// cannot be read.
    fn read(dir: &Path) -> Option<Arc<Child>> {
        if !dir.is_dir() {
            return None;
        }
        let options = LoadOptions::new(Dialect::OpenTofu);
        let (module, diags) = Module::load_with_diagnostics(dir, &options);
        // A module that does not read whole could be missing a variable;
        // its own check reports why.
        if diags.has_errors() {
            return None;
        }
        let (variables, _) = declarations(module.body());
        let schema = BodySchema::new().block("output", &["name"]);
        let mut ignored = Diagnostics::new();
        let outputs = match module
            .body()
            .content_collecting(&schema, true, "", &mut ignored)
        {
            Ok((content, _)) => content
                .blocks
                .into_iter()
                .filter_map(|b| b.labels.into_iter().next())
                .collect(),
            Err(_) => BTreeSet::new(),
        };
        Some(Arc::new(Child { variables, outputs }))
    }
}
