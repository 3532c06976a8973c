//! The checks of a Terraform module that need the whole module: whether
//! each `var.`, `local.`, `module.`, `data.` and `ephemeral.` reference,
//! and each managed resource's (`aws_instance.web`), names something one
//! of its files declares. One file's own checks (template syntax, unknown
//! functions) are [`File::check`]'s; this adds what only the set of files
//! can tell. Where a name is not a reference at all (a `dynamic` block's
//! iterator, `provider = aws.west`) is `places.rs`'s to tell.
//!
//! The references are warnings, in Terraform's words ("Reference to
//! undeclared input variable"): a file read on its own, or a module some
//! of whose files are elsewhere, is not wrong for naming what it does
//! not hold, and Terraform itself is the judge at `terraform validate`.
//! A name declared twice is an error whatever else the module holds.
//! See <https://developer.hashicorp.com/terraform/language/expressions/references>.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::calls::{local_children, Child, LocalModules};
use super::load::{auto_var_files, role, tofu_precedence, Role};
use super::places::{byte_span, Instances, Places, Reading, Root};
use super::vars::{declarations, VariableValues};
use super::{list_dir, read_file, terraform_schema, Dialect, Module};
use crate::analysis::{check_with_variables, Traversal, TraversalStep};
use crate::body::{Block, Body, BodySchema, File};
use crate::diag::{did_you_mean, Diagnostic, DiagnosticKind, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;

impl Module {
    /// Checks every file of the module without evaluating it:
    /// [`File::check`] of each file (template syntax, unknown functions),
    /// then [`check_files`]'s module checks (names declared twice,
    /// references to what the module does not declare or Terraform would
    /// refuse). A Terraform or OpenTofu module loaded from a directory
    /// also has the variable files Terraform loads from there by itself
    /// (`terraform.tfvars`, `*.auto.tfvars`) read and checked against its
    /// variables (one that cannot be read is an error), and its calls of
    /// local modules checked against them ([`check_files_in`]). What
    /// `hcl-json check` says of the directory.
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module};
    /// use hcl_json::EvalContext;
    ///
    /// let module = Module::from_sources(
    ///     [
    ///         ("variables.tf", "variable \"region\" {}\n"),
    ///         ("main.tf.json", r#"{"locals": {"a": "${var.regoin}", "b": "${upcase(var.region)}"}}"#),
    ///     ],
    ///     &LoadOptions::terraform(),
    /// )?;
    /// let diags = module.check(&EvalContext::new().with_stdlib());
    /// let summaries: Vec<&str> = diags.as_slice().iter().map(|d| d.summary.as_str()).collect();
    /// assert_eq!(summaries, ["Call to unknown function", "Reference to undeclared input variable"]);
    /// assert_eq!(
    ///     diags.as_slice()[1].detail,
    ///     "An input variable with the name \"regoin\" has not been declared. Did you mean \"region\"?"
    /// );
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn check(&self, ctx: &EvalContext) -> Diagnostics {
        let mut files: Vec<File> = self.files().into_iter().cloned().collect();
        let mut diags = Diagnostics::new();
        let dialect = self.options().dialect();
        if let (Some(dir), false) = (self.dir(), dialect == Dialect::Packer) {
            let names = list_dir(dir).unwrap_or_default();
            for name in auto_var_files(&names, dialect) {
                match read_file(&dir.join(name)) {
                    Ok(file) => files.push(file),
                    Err(err) => diags.extend(err.into_diagnostics()),
                }
            }
        }
        match self.dir() {
            Some(dir) => diags.extend(check_files_in(&files, dir, ctx, &LocalModules::new())),
            None => diags.extend(check_files(&files, ctx)),
        }
        diags
    }
}

/// Checks the files of one Terraform module (its `.tf` and `.tf.json`
/// files, override files included, and the variable files Terraform loads
/// from its directory by itself; not its test files): [`File::check`] of
/// each configuration file, then every `var.NAME`, `local.NAME`,
/// `module.NAME`, `data.TYPE.NAME`, `ephemeral.TYPE.NAME` and managed
/// resource reference (`TYPE.NAME`, or `resource.TYPE.NAME`) that no file
/// declares (with a `variable`, `locals`, `module`, `data`, `ephemeral`
/// or `resource` block, a `check` block's scoped `data` included) is a
/// warning, as is a scoped `data` named outside its `check` block
/// ("Reference to scoped resource"), with a suggestion when a declared
/// name is close (for a managed resource that a data source of the same
/// name would match, Terraform's "Did you mean the data resource"). A
/// declared resource named without the instance key its `count` or
/// `for_each` asks for (`aws_instance.web.id`), or with a constant key
/// when it has neither, is Terraform's "Missing resource instance key" or
/// "Unexpected resource instance key". A `count.index` outside a block
/// that sets `count`, an `each.key` or `each.value` outside one that sets
/// `for_each`, and any other attribute of `count` or `each` are
/// Terraform's evaluation errors, found without evaluating, as is `self`
/// outside a provisioner, connection or postcondition block, and an
/// attribute `path` or `terraform` does not have (`terraform.env`).
/// `depends_on` names whole objects ("Invalid depends_on reference" for
/// `aws_instance.web.id`); a JSON file's `depends_on` strings are read
/// as the addresses Terraform reads there, and checked like references.
///
/// A name two primary files declare (a `variable`, a local value, an
/// `output`, a `module` call, a resource of any mode, a `check` block, a
/// provider configuration by its alias) is Terraform's error ("Duplicate
/// variable declaration"), naming the first declaration: override files
/// redeclare on purpose, and a `.tf` file with a `.tofu` twin is one
/// OpenTofu leaves out.
///
/// Among `files`, `terraform.tfvars`, `terraform.tfvars.json` and
/// `*.auto.tfvars(.json)` are read as Terraform reads them
/// ([`VariableValues::resolve`], in Terraform's order): a value for a
/// variable the module does not declare is a warning, a value its type
/// refuses or an expression a variable file may not hold an error; a
/// required variable they leave unset is not (the command line may set
/// it).
///
/// A root name Terraform reserves (`count`, `each`, `self`, `path`, ...)
/// or a single name (`string`) is no resource. Neither is a `dynamic`
/// block's iterator inside that block, a provider configuration named by
/// `provider`, `providers` or `required_providers`, an attribute listed
/// by `ignore_changes`, nor the address in a `moved`, `removed` or
/// `import` block; the `from` of a `moved` or `removed` block names what
/// is no longer declared, and is not checked at all. Each file's
/// diagnostics come together, in the files' order, the file's own first.
///
/// For tools that hold the files already (a linter that parsed a tree);
/// [`Module::check`] is the same for a loaded module.
///
/// ```
/// use hcl_json::EvalContext;
///
/// let main = hcl_json::parse_native("output \"o\" {\n  value = module.nett.id\n}\n", "main.tf")?;
/// let net = hcl_json::parse(r#"{"module": {"net": {"source": "./net"}}}"#, "net.tf.json")?;
/// let diags = hcl_json::module::check_files(&[main, net], &EvalContext::new().with_stdlib());
/// let d = &diags.as_slice()[0];
/// assert_eq!(d.summary, "Reference to undeclared module");
/// assert_eq!(d.subject.as_ref().unwrap().to_string(), "main.tf:2,11-22");
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn check_files(files: &[File], ctx: &EvalContext) -> Diagnostics {
    check(files, ctx, None)
}

/// [`check_files`] for files read from the directory `dir`: besides, each
/// module call whose `source` is a local directory (`./modules/vpc`,
/// relative to `dir`) is checked against the module there, as Terraform
/// checks it once `terraform init` has found it. An argument the child
/// does not declare as a variable is "Unsupported argument", a variable
/// without a default left unset "Missing required argument" (errors, in
/// HCL's words); a reference to an output the child does not declare
/// (`module.vpc.vpc_idd`) is "Unsupported attribute". A call whose
/// directory cannot be read, or does not read whole, is left alone.
///
/// The modules called are read through `modules`, once each however many
/// directories call them. [`Module::check`] does this for a module loaded
/// from a directory; `hcl-json check` for each directory it walks, with
/// one [`LocalModules`] for the run.
pub fn check_files_in(
    files: &[File],
    dir: &Path,
    ctx: &EvalContext,
    modules: &LocalModules,
) -> Diagnostics {
    check(files, ctx, Some((dir, modules)))
}

/// [`check_files`], with the local module calls read relative to a
/// directory when there is one.
fn check(files: &[File], ctx: &EvalContext, local: Option<(&Path, &LocalModules)>) -> Diagnostics {
    let (var_files, files) = split_variable_files(files);
    let files = files.as_slice();
    let places: Vec<Places> = files.iter().map(Places::of).collect();
    let declared = Declared::of(files, &places, local);
    let mut diags = Diagnostics::new();
    let mut problems = declared.problems.iter().peekable();
    for (index, (file, places)) in files.iter().zip(places).enumerate() {
        let (own, mut references) = check_with_variables(file, ctx);
        for d in own.as_slice() {
            diags.push(d.clone());
        }
        // Recorded file by file, in the files' order.
        while let Some((_, d)) = problems.next_if(|(i, _)| *i == index) {
            diags.push(d.clone());
        }
        if !places.written.is_empty() {
            references.extend(places.written.iter().cloned());
            references.sort_by_key(|t| byte_span(t).0);
        }
        let readings = places.classify(&references);
        for (t, reading) in references.iter().zip(readings) {
            if let Some(d) = declared.undeclared(t, reading) {
                diags.push(d);
            }
        }
    }
    diags.extend(variable_files(files, &var_files));
    diags
}

/// The variable files Terraform loads by itself from a module's directory
/// (`terraform.tfvars`, `*.auto.tfvars`, their JSON forms), in the order
/// it reads them, and the module's other files.
fn split_variable_files(files: &[File]) -> (Vec<File>, Vec<File>) {
    let names: Vec<&str> = files.iter().map(|f| base_name(f.filename())).collect();
    let owned: Vec<String> = names.iter().map(ToString::to_string).collect();
    let auto = auto_var_files(&owned, Dialect::Terraform);
    let var_files = auto
        .iter()
        .flat_map(|name| files.iter().zip(&names).filter(move |(_, n)| *n == name))
        .map(|(f, _)| f.clone())
        .collect();
    let others = files
        .iter()
        .zip(&names)
        .filter(|(_, n)| !auto.iter().any(|a| a == *n))
        .map(|(f, _)| f.clone())
        .collect();
    (var_files, others)
}

/// What Terraform says of the values `var_files` give the variables the
/// module's primary files declare: a value for an undeclared variable
/// (a warning, with a suggestion), one its type refuses, an expression a
/// variable file may not hold. Not a required variable left unset: the
/// command line or the environment may set it.
fn variable_files(files: &[File], var_files: &[File]) -> Vec<Diagnostic> {
    // Without a module beside them, the files set nothing here.
    if var_files.is_empty() || files.is_empty() {
        return Vec::new();
    }
    let primary = primary_files(files);
    let bodies: Vec<Body> = files
        .iter()
        .zip(primary)
        .filter(|(_, primary)| *primary)
        .map(|(f, _)| f.body())
        .collect();
    // The declarations' own problems are the module check's to report.
    let (declarations, _) = declarations(&Body::merge(&bodies));
    match VariableValues::resolve(&declarations, var_files) {
        Ok(values) => values.warnings().to_vec(),
        Err(err) => err
            .into_diagnostics()
            .into_iter()
            .filter(|d| d.summary != "No value for required variable")
            .collect(),
    }
}

/// A path's last component.
fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The names a module declares of one kind, each with where it was
/// declared first.
type Names = BTreeMap<String, Range>;

/// The names a module declares.
#[derive(Default)]
struct Declared {
    variables: Names,
    locals: Names,
    modules: Names,
    /// `TYPE.NAME` of each managed resource.
    managed: Names,
    /// `TYPE.NAME` of each data resource, a `check` block's scoped ones
    /// included.
    data: Names,
    /// `TYPE.NAME` of each ephemeral resource.
    ephemeral: Names,
    /// Names no reference checks, kept to find them declared twice:
    /// outputs, `check` blocks, actions (`TYPE.NAME`) and provider
    /// configurations (`NAME` or `NAME.ALIAS`).
    outputs: Names,
    checks: Names,
    actions: Names,
    providers: Names,
    /// `TYPE.NAME` of each `check` block's scoped data resource, with the
    /// range of that block's body: the only place it can be named from.
    scoped: BTreeMap<String, Range>,
    /// The address of each resource with `count` or `for_each` set
    /// (`aws_instance.web`, `data.aws_ami.a`), with which.
    repeated: BTreeMap<String, Instances>,
    /// Each module block of the primary files, with its file's index.
    calls: Vec<(usize, Block)>,
    /// The local child module of each call whose source is a directory
    /// that could be read, by call name.
    children: BTreeMap<String, Arc<Child>>,
    /// Each problem of the primary files' declarations (a name declared
    /// again, a local module call's argument), with its file's index, in
    /// the files' order.
    problems: Vec<(usize, Diagnostic)>,
}

impl Declared {
    /// What `files` declare. A file whose blocks do not read (a JSON
    /// `variable` property that is not an object) declares what could be
    /// read; its own problems are not reported again here. The primary
    /// files are read first, so that a name declared twice among them is
    /// found whatever override files come between.
    fn of(files: &[File], places: &[Places], local: Option<(&Path, &LocalModules)>) -> Declared {
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
            let calls = local_children(&declared.calls, dir, modules);
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
                // A `check` block's scoped data source is one of the
                // module's data resources (Terraform adds it to the same
                // table, its name unique module-wide), named only inside
                // its block.
                ("check", [name]) => {
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
                            let what = Duplicate::Resource("data", ty, name);
                            self.declare(primary, what, &data.def_range);
                        }
                    }
                }
                ("locals", []) => {
                    let attrs = block.body.just_attributes_collecting(&mut ignored);
                    for (name, attr) in &attrs {
                        self.declare(primary, Duplicate::Local(name), &attr.range);
                    }
                }
                _ => {}
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

    /// The warning for `t`, read as `reading` says, when it names
    /// something of the module that is not declared, or a declared
    /// resource with the wrong instance key.
    fn undeclared(&self, t: &Traversal, reading: Reading) -> Option<Diagnostic> {
        if reading.root == Root::Gone {
            return None;
        }
        if reading.depends_on {
            if let Some(d) = attribute_of_object(t) {
                return Some(d);
            }
        }
        let steps = t.steps();
        let attr = |i: usize| match steps.get(i) {
            Some(TraversalStep::Attr { name, range }) => Some((name.as_str(), range)),
            _ => None,
        };
        let (summary, detail, names, range) = match t.root_name() {
            "var" => {
                let (name, range) = attr(1)?;
                if self.variables.contains_key(name) {
                    return None;
                }
                let detail =
                    format!("An input variable with the name {name:?} has not been declared.");
                (
                    "Reference to undeclared input variable",
                    detail,
                    self.suggest(name, &self.variables),
                    range,
                )
            }
            "local" => {
                let (name, range) = attr(1)?;
                if self.locals.contains_key(name) {
                    return None;
                }
                let detail = format!("A local value with the name {name:?} has not been declared.");
                (
                    "Reference to undeclared local value",
                    detail,
                    self.suggest(name, &self.locals),
                    range,
                )
            }
            "module" => {
                let (name, range) = attr(1)?;
                if self.modules.contains_key(name) {
                    return self.child_output(name, t);
                }
                let detail = format!("No module call named {name:?} is declared in this module.");
                (
                    "Reference to undeclared module",
                    detail,
                    self.suggest(name, &self.modules),
                    range,
                )
            }
            root @ ("data" | "ephemeral") => {
                let ((ty, _), (name, range)) = (attr(1)?, attr(2)?);
                let key = format!("{ty}.{name}");
                let (declared, what) = match root {
                    "data" => (&self.data, "A data resource"),
                    _ => (&self.ephemeral, "An ephemeral resource"),
                };
                // Only data sources are scoped, to a `check` block; the
                // scoped ones are among the data resources too.
                let scoped = (root == "data").then_some(&self.scoped);
                match scoped.and_then(|s| s.get(&key)) {
                    Some(check) if within(&t.range(), check) => {
                        return self.instance_key(&format!("{root}.{key}"), t, 2, reading)
                    }
                    Some(_) => {
                        let detail = format!("The referenced data resource {ty:?} {name:?} is not available from this context.");
                        ("Reference to scoped resource", detail, String::new(), range)
                    }
                    None if declared.contains_key(&key) => {
                        return self.instance_key(&format!("{root}.{key}"), t, 2, reading)
                    }
                    None => {
                        let detail =
                            format!("{what} {ty:?} {name:?} has not been declared in this module.");
                        (
                            "Reference to undeclared resource",
                            detail,
                            self.suggest(&key, declared),
                            range,
                        )
                    }
                }
            }
            "count" | "each" => return repetition_reference(t, reading),
            "path" | "terraform" | "tofu" => return object_attribute(t),
            "self" if !reading.self_allowed => {
                let detail = "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.";
                let subject = range_of_root(t)?.clone();
                return Some(Diagnostic::warning(
                    "Invalid \"self\" reference",
                    detail,
                    Some(subject),
                ));
            }
            root => {
                if reading.root == Root::NotResource || RESERVED_ROOTS.contains(&root) {
                    return None;
                }
                let (((ty, _), (name, range)), name_step) = match root {
                    "resource" => ((attr(1)?, attr(2)?), 2),
                    _ => (((root, range_of_root(t)?), attr(1)?), 1),
                };
                let key = format!("{ty}.{name}");
                if self.managed.contains_key(&key) {
                    return self.instance_key(&key, t, name_step, reading);
                }
                let detail = format!(
                    "A managed resource {ty:?} {name:?} has not been declared in this module."
                );
                // Terraform's hint for a data source named without `data.`.
                let names = if self.data.contains_key(&key) {
                    format!("\n\nDid you mean the data resource data.{key}?")
                } else {
                    self.suggest(&key, &self.managed)
                };
                ("Reference to undeclared resource", detail, names, range)
            }
        };
        let root = t.range();
        let subject = crate::pos::Range {
            end: range.end,
            ..root.clone()
        };
        Some(
            Diagnostic::warning(summary, format!("{detail}{names}"), Some(subject))
                .with_kind(DiagnosticKind::UnknownVariable),
        )
    }

    /// The error for `module.NAME.OUTPUT` (an instance key between them
    /// or not) when the call's local child module declares no such
    /// output.
    fn child_output(&self, call: &str, t: &Traversal) -> Option<Diagnostic> {
        let child = self.children.get(call)?;
        let steps = t.steps();
        let after = match steps.get(2) {
            Some(TraversalStep::Index { .. }) => 3,
            _ => 2,
        };
        let Some(TraversalStep::Attr { name, range }) = steps.get(after) else {
            return None;
        };
        if child.outputs.contains(name) {
            return None;
        }
        let suggestion = did_you_mean(name, child.outputs.iter().map(String::as_str))
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default();
        Some(Diagnostic::error(
            "Unsupported attribute",
            format!("This object does not have an attribute named {name:?}.{suggestion}"),
            Some(range.clone()),
        ))
    }

    /// Terraform's check of the instance key after the name of a declared
    /// resource, step `name` of `t`: with `count` or `for_each` set, an
    /// attribute needs an instance (`aws_instance.web[0].id`); without,
    /// a constant index is one too many. An index that is not a constant
    /// (`[count.index]`) ends the traversal, and is not checked.
    fn instance_key(
        &self,
        addr: &str,
        t: &Traversal,
        name: usize,
        reading: Reading,
    ) -> Option<Diagnostic> {
        if reading.any_instance {
            return None;
        }
        let steps = t.steps();
        let (summary, detail, end) = match (steps.get(name + 1)?, self.repeated.get(addr)) {
            (TraversalStep::Attr { .. }, Some(&instances)) => {
                let (meta, key) = if instances == Instances::Counted {
                    ("count", "count.index")
                } else {
                    ("for_each", "each.key")
                };
                let detail = format!(
                    "Because {addr} has {meta:?} set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {addr}[{key}]"
                );
                ("Missing resource instance key", detail, steps[name].range())
            }
            (index @ TraversalStep::Index { .. }, None) => {
                let detail = format!(
                    "Because {addr} does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource."
                );
                ("Unexpected resource instance key", detail, index.range())
            }
            _ => return None,
        };
        let subject = Range {
            end: end.end,
            ..t.range()
        };
        Some(Diagnostic::warning(summary, detail, Some(subject)))
    }

    /// " Did you mean "x"?" for the declared name closest to `name` (the
    /// first in name order of the closest, whatever the files' order).
    fn suggest(&self, name: &str, declared: &Names) -> String {
        did_you_mean(name, declared.keys().map(String::as_str))
            .map(|s| format!(" Did you mean {s:?}?"))
            .unwrap_or_default()
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
fn primary_files(files: &[File]) -> Vec<bool> {
    let names: Vec<String> = files.iter().map(|f| f.filename().to_string()).collect();
    let loaded = tofu_precedence(&names);
    let loaded: std::collections::HashSet<&str> = loaded.iter().map(String::as_str).collect();
    names
        .iter()
        .map(|name| {
            loaded.contains(name.as_str())
                && role(base_name(name), Dialect::OpenTofu) == Some(Role::Primary)
        })
        .collect()
}

/// Terraform's check of a `count.index` or `each.key` reference: the
/// block it is in must set `count` or `for_each` (Terraform's
/// evaluate.go wording).
fn repetition_reference(t: &Traversal, reading: Reading) -> Option<Diagnostic> {
    let Some(TraversalStep::Attr { name, range }) = t.steps().get(1) else {
        return None;
    };
    let (summary, detail) = match (t.root_name(), name.as_str()) {
        ("count", "index") if reading.block == Some(Instances::Counted) => return None,
        ("count", "index") => (
            "Reference to \"count\" in non-counted context".to_string(),
            "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.".to_string(),
        ),
        ("count", _) => (
            "Invalid \"count\" attribute".to_string(),
            format!("The \"count\" object does not have an attribute named {name:?}. The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set."),
        ),
        (_, "key" | "value") if reading.block == Some(Instances::ForEach) => return None,
        (_, "key") => (
            "Reference to \"each\" in context without for_each".to_string(),
            "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.".to_string(),
        ),
        (_, "value") => (
            "each.value cannot be used in this context".to_string(),
            "A reference to \"each.value\" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its \"for_each\" expression. Remove this reference to each.value in your configuration to work around this error.".to_string(),
        ),
        _ => (
            "Invalid \"each\" attribute".to_string(),
            format!("The \"each\" object does not have an attribute named {name:?}. The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set."),
        ),
    };
    let subject = Range {
        end: range.end,
        ..t.range()
    };
    Some(Diagnostic::warning(summary, detail, Some(subject)))
}

/// Terraform's check of a `depends_on` reference: it names a whole
/// object, so nothing may follow the object's address (its instance key
/// aside).
fn attribute_of_object(t: &Traversal) -> Option<Diagnostic> {
    let steps = t.steps();
    let is_index = |i: usize| matches!(steps.get(i), Some(TraversalStep::Index { .. }));
    let address = match t.root_name() {
        "self" | "caller" => 1,
        "var" | "local" | "path" | "terraform" | "count" | "each" => 2,
        // A module call, an instance of it, or one of its outputs.
        "module" => {
            let instance = 2 + usize::from(is_index(2));
            instance
                + usize::from(matches!(
                    steps.get(instance),
                    Some(TraversalStep::Attr { .. })
                ))
        }
        "data" | "resource" | "ephemeral" | "list" | "action" => 3 + usize::from(is_index(3)),
        _ => 2 + usize::from(is_index(2)),
    };
    let (first, last) = (steps.get(address)?, steps.last()?);
    let subject = first.range().cover(last.range());
    Some(Diagnostic::warning(
        "Invalid depends_on reference",
        "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.",
        Some(subject),
    ))
}

/// Terraform's check of a `path.` or `terraform.` reference, and
/// OpenTofu's of `tofu.` (its other name for `terraform`): the attribute
/// must be one the object has (evaluate_data.go's wording, OpenTofu's for
/// `tofu`).
fn object_attribute(t: &Traversal) -> Option<Diagnostic> {
    let Some(TraversalStep::Attr { name, range }) = t.steps().get(1) else {
        return None;
    };
    let detail = match (t.root_name(), name.as_str()) {
        ("path", "cwd" | "module" | "root")
        | ("terraform" | "tofu", "workspace" | "applying") => return None,
        ("path", _) => {
            let names = ["cwd", "module", "root"];
            let suggestion = did_you_mean(name, names)
                .map(|s| format!(" Did you mean {s:?}?"))
                .unwrap_or_default();
            format!("The \"path\" object does not have an attribute named {name:?}.{suggestion}")
        }
        (root, "env") => format!("The {root}.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the {root}.workspace attribute."),
        ("tofu", _) => format!("The \"tofu\" object does not have an attribute named {name:?}. The only supported attributes are tofu.workspace and tofu.applying"),
        _ => format!("The \"terraform\" object does not have an attribute named {name:?}. The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply."),
    };
    let summary = format!("Invalid {:?} attribute", t.root_name());
    let subject = Range {
        end: range.end,
        ..t.range()
    };
    Some(Diagnostic::warning(summary, detail, Some(subject)))
}

/// The root names Terraform reads as something other than a managed
/// resource type (`resource.TYPE.NAME` is one, spelled out); any other
/// root with a name after it is one (`aws_instance.web`). See
/// <https://developer.hashicorp.com/terraform/language/expressions/references>.
const RESERVED_ROOTS: &[&str] = &[
    "count",
    "each",
    "data",
    "ephemeral",
    "list",
    "local",
    "module",
    "path",
    "self",
    "caller",
    "terraform",
    "tofu",
    "var",
    "action",
    "template",
    "lazy",
    "arg",
];

/// The range of `t`'s root name.
fn range_of_root(t: &Traversal) -> Option<&Range> {
    match t.steps().first() {
        Some(TraversalStep::Root { range, .. }) => Some(range),
        _ => None,
    }
}

/// Whether `inner` lies in `outer` (the same file).
fn within(inner: &Range, outer: &Range) -> bool {
    inner.filename == outer.filename
        && outer.start.byte <= inner.start.byte
        && inner.end.byte <= outer.end.byte
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
