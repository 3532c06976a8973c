//! What a Terraform module declares, read from its files for
//! [`check_files`](super::check_files): each kind of name (variables,
//! local values, module calls, resources of each mode, outputs, ...) with
//! where it was declared first, the resources that repeat, and what the
//! primary files declare twice, in Terraform's words
//! ("Duplicate variable declaration", configs/module.go's). Override files
//! redeclare on purpose: their names count, their repeats do not.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use super::calls::{local_children, Child, LocalModules};
use super::load::{base_name, role, tofu_precedence, Role};
use super::places::{Instances, Places};
use super::{terraform_schema, Dialect};
use crate::body::{Block, BodySchema, File};
use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;

/// The names a module declares of one kind, each with where it was
/// declared first.
pub(super) type Names = BTreeMap<String, Range>;

/// The names a module declares.
#[derive(Default)]
pub(super) struct Declared {
    pub(super) variables: Names,
    pub(super) locals: Names,
    pub(super) modules: Names,
    /// `TYPE.NAME` of each managed resource.
    pub(super) managed: Names,
    /// `TYPE.NAME` of each data resource, a `check` block's scoped ones
    /// included.
    pub(super) data: Names,
    /// `TYPE.NAME` of each ephemeral resource.
    pub(super) ephemeral: Names,
    /// Names no reference checks, kept to find them declared twice:
    /// outputs, `check` blocks, actions (`TYPE.NAME`) and provider
    /// configurations (`NAME` or `NAME.ALIAS`).
    pub(super) outputs: Names,
    pub(super) checks: Names,
    pub(super) actions: Names,
    pub(super) providers: Names,
    /// `TYPE.NAME` of each `check` block's scoped data resource, with the
    /// range of that block's body: the only place it can be named from.
    pub(super) scoped: BTreeMap<String, Range>,
    /// The address of each resource with `count` or `for_each` set
    /// (`aws_instance.web`, `data.aws_ami.a`), with which.
    pub(super) repeated: BTreeMap<String, Instances>,
    /// Each module block of the primary files, with its file's index.
    pub(super) calls: Vec<(usize, Block)>,
    /// The local child module of each call whose source is a directory
    /// that could be read, by call name.
    pub(super) children: BTreeMap<String, Arc<Child>>,
    /// Each problem of the primary files' declarations (a name declared
    /// again, a local module call's argument), with its file's index, in
    /// the files' order.
    pub(super) problems: Vec<(usize, Diagnostic)>,
}

impl Declared {
    /// What `files` declare. A file whose blocks do not read (a JSON
    /// `variable` property that is not an object) declares what could be
    /// read; its own problems are not reported again here. The primary
    /// files are read first, so that a name declared twice among them is
    /// found whatever override files come between. With `local`, the local
    /// modules called are read from its directory and the calls checked
    /// against them, their arguments evaluated with `ctx`'s functions.
    pub(super) fn of(
        files: &[File],
        places: &[Places],
        local: Option<(&Path, &LocalModules)>,
        ctx: &EvalContext,
    ) -> Declared {
        let mut declared = Declared {
            repeated: places
                .iter()
                .flat_map(|p| p.repeated.iter().cloned())
                .collect(),
            ..Declared::default()
        };
        let primary = primary_files(files);
        let order = (0..files.len())
            .filter(|&i| primary[i])
            .chain((0..files.len()).filter(|&i| !primary[i]));
        for index in order {
            declared.read(&files[index], primary[index].then_some(index));
        }
        if let Some((dir, modules)) = local {
            let calls = local_children(&declared.calls, dir, modules, ctx);
            declared.children = calls.children;
            declared.problems.extend(calls.problems);
            // Stable: each file's own problems keep their order.
            declared.problems.sort_by_key(|(index, _)| *index);
        }
        declared
    }

    /// Reads the declarations of one file; `primary` is its index when it
    /// is a primary file, whose names must be unique.
    fn read(&mut self, file: &File, primary: Option<usize>) {
        // What could be read, whatever else the file holds.
        let mut ignored = Diagnostics::new();
        let read = file
            .body()
            .content_collecting(&terraform_schema(), true, "", &mut ignored);
        let Ok((content, _)) = read else { return };
        for block in &content.blocks {
            match (block.type_name.as_str(), block.labels.as_slice()) {
                ("variable", [name]) => {
                    self.declare(primary, Duplicate::Variable(name), &block.def_range);
                }
                ("output", [name]) => {
                    self.declare(primary, Duplicate::Output(name), &block.def_range);
                }
                ("module", [name]) => {
                    self.declare(primary, Duplicate::Module(name), &block.def_range);
                    if let Some(index) = primary {
                        self.calls.push((index, block.clone()));
                    }
                }
                (mode @ ("resource" | "data" | "ephemeral" | "action"), [ty, name]) => {
                    let what = Duplicate::Resource(mode, ty, name);
                    self.declare(primary, what, &block.def_range);
                }
                ("provider", [name]) => {
                    let what = Duplicate::Provider(name, provider_alias(block));
                    self.declare(primary, what, &block.def_range);
                }
                ("check", [_]) => {}
                ("locals", []) => {
                    let attrs = block.body.just_attributes_collecting(&mut ignored);
                    for (name, attr) in &attrs {
                        self.declare(primary, Duplicate::Local(name), &attr.range);
                    }
                }
                _ => {}
            }
        }
        // A `check` block's scoped data source is one of the module's
        // data resources (Terraform adds it to the same table, its name
        // unique module-wide, after the file's own data resources), named
        // only inside its block.
        for block in &content.blocks {
            let ("check", [name]) = (block.type_name.as_str(), block.labels.as_slice()) else {
                continue;
            };
            self.declare(primary, Duplicate::Check(name), &block.def_range);
            let scoped = BodySchema::new().block("data", &["type", "name"]);
            let read = block
                .body
                .content_collecting(&scoped, true, "", &mut ignored);
            let Ok((scoped, _)) = read else { continue };
            for data in &scoped.blocks {
                if let [ty, name] = data.labels.as_slice() {
                    let key = format!("{ty}.{name}");
                    self.scoped.insert(key, block.body.range());
                    self.declare(primary, Duplicate::Scoped(ty, name), &data.def_range);
                }
            }
        }
    }

    /// Records `what`, declared at `range`; declared again in a primary
    /// file (index `primary`), it is Terraform's error naming the first
    /// declaration. (A scoped data source is kept with the data
    /// resources, but only named inside its block.)
    fn declare(&mut self, primary: Option<usize>, what: Duplicate<'_>, range: &Range) {
        let (names, key) = match &what {
            Duplicate::Variable(n) => (&mut self.variables, n.to_string()),
            Duplicate::Local(n) => (&mut self.locals, n.to_string()),
            Duplicate::Output(n) => (&mut self.outputs, n.to_string()),
            Duplicate::Module(n) => (&mut self.modules, n.to_string()),
            Duplicate::Check(n) => (&mut self.checks, n.to_string()),
            Duplicate::Scoped(ty, n) => (&mut self.data, format!("{ty}.{n}")),
            Duplicate::Resource(mode, ty, n) => {
                let names = match *mode {
                    "resource" => &mut self.managed,
                    "data" => &mut self.data,
                    "ephemeral" => &mut self.ephemeral,
                    _ => &mut self.actions,
                };
                (names, format!("{ty}.{n}"))
            }
            Duplicate::Provider(n, alias) => {
                let key = match alias {
                    Some(alias) => format!("{n}.{alias}"),
                    None => n.to_string(),
                };
                (&mut self.providers, key)
            }
        };
        match (names.get(&key), primary) {
            (None, _) => {
                names.insert(key, range.clone());
            }
            (Some(first), Some(index)) => {
                let (summary, detail) = what.message(first);
                let d = Diagnostic::error(summary, detail, Some(range.clone()));
                self.problems.push((index, d));
            }
            (Some(_), None) => {}
        }
    }
}

/// A name a module declares, which no two of its primary files may
/// declare twice.
enum Duplicate<'a> {
    Variable(&'a str),
    Local(&'a str),
    Output(&'a str),
    Module(&'a str),
    Check(&'a str),
    /// The mode's block type (`resource`, `data`, `ephemeral`, `action`),
    /// the type and the name.
    Resource(&'a str, &'a str, &'a str),
    /// A `check` block's data source: its type and name.
    Scoped(&'a str, &'a str),
    /// The provider's name and its alias, if it has one.
    Provider(&'a str, Option<String>),
}

impl Duplicate<'_> {
    /// Terraform's summary and detail for a second declaration, the first
    /// being at `first` (configs/module.go's wording).
    fn message(&self, first: &Range) -> (String, String) {
        let unique = "Resource names must be unique per type in each module.";
        match self {
            Duplicate::Variable(n) => (
                "Duplicate variable declaration".into(),
                format!("A variable named {n:?} was already declared at {first}. Variable names must be unique within a module."),
            ),
            Duplicate::Local(n) => (
                "Duplicate local value definition".into(),
                format!("A local value named {n:?} was already defined at {first}. Local value names must be unique within a module."),
            ),
            Duplicate::Output(n) => (
                "Duplicate output definition".into(),
                format!("An output named {n:?} was already defined at {first}. Output names must be unique within a module."),
            ),
            Duplicate::Module(n) => (
                "Duplicate module call".into(),
                format!("A module call named {n:?} was already defined at {first}. Module calls must have unique names within a module."),
            ),
            Duplicate::Check(n) => (
                format!("Duplicate check {n:?} configuration"),
                format!("A check block named {n:?} was already declared at {first}. Check blocks must be unique within each module."),
            ),
            Duplicate::Scoped(ty, n) => (
                format!("Duplicate data {ty:?} configuration"),
                format!("A {ty} data resource named {n:?} was already declared at {first}. Resource names must be unique per type in each module, including within check blocks."),
            ),
            Duplicate::Resource("action", ty, n) => (
                format!("Duplicate action {ty:?} configuration"),
                format!("An action named {n:?} was already declared at {first}. {unique}"),
            ),
            Duplicate::Resource(mode, ty, n) => {
                let what = match *mode {
                    "resource" => "resource",
                    "data" => "data resource",
                    _ => "ephemeral resource",
                };
                (
                    format!("Duplicate {mode} {ty:?} configuration"),
                    format!("A {ty} {what} named {n:?} was already declared at {first}. {unique}"),
                )
            }
            Duplicate::Provider(n, None) => (
                "Duplicate provider configuration".into(),
                format!("A default (non-aliased) provider configuration for {n:?} was already given at {first}. If multiple configurations are required, set the \"alias\" argument for alternative configurations."),
            ),
            Duplicate::Provider(n, Some(alias)) => (
                "Duplicate provider configuration".into(),
                format!("A provider configuration for {n:?} with alias {alias:?} was already given at {first}. Each configuration for the same provider must have a distinct alias."),
            ),
        }
    }
}

/// A provider block's `alias`, when it is a literal string.
fn provider_alias(block: &Block) -> Option<String> {
    let schema = BodySchema::new().attribute("alias", false);
    let mut ignored = Diagnostics::new();
    let (content, _) = block
        .body
        .content_collecting(&schema, true, "", &mut ignored)
        .ok()?;
    let value = content
        .attributes
        .get("alias")?
        .expr
        .value(&EvalContext::new())
        .ok()?;
    value.as_str().map(str::to_string)
}

/// Which of `files` are primary files: not override files
/// (`override.tf`, `*_override.tf.json`), which redeclare on purpose, nor
/// a `.tf` file that OpenTofu leaves out for its `.tofu` twin.
pub(super) fn primary_files(files: &[File]) -> Vec<bool> {
    let names: Vec<String> = files.iter().map(|f| f.filename().to_string()).collect();
    let loaded = tofu_precedence(&names);
    let loaded: HashSet<&str> = loaded.iter().map(String::as_str).collect();
    names
        .iter()
        .map(|name| {
            loaded.contains(name.as_str())
                && role(base_name(name), Dialect::OpenTofu) == Some(Role::Primary)
        })
        .collect()
}
