//! The checks of a Terraform module that need the whole module (one
//! file's own checks, template syntax and unknown functions, are
//! [`File::check`]'s): what the files declare and declare twice
//! (`declared.rs`), each reference read where it stands (`places.rs`)
//! against those declarations (`references.rs`), the calls of local
//! modules against the modules they call (`calls.rs`), and the values of
//! the variable files Terraform loads by itself (here).
//!
//! The references are warnings, in Terraform's words ("Reference to
//! undeclared input variable"): a file read on its own, or a module some
//! of whose files are elsewhere, is not wrong for naming what it does
//! not hold, and Terraform itself is the judge at `terraform validate`.
//! A name declared twice, or a call a local module refuses, is an error
//! whatever else the module holds.

use std::path::Path;

use super::calls::LocalModules;
use super::declared::{primary_files, Declared};
use super::language::language_problems;
use super::load::{auto_var_files, base_name, role, Role};
use super::places::{byte_span, Places};
use super::vars::{declarations, VariableValues};
use super::{list_dir, read_file, Dialect, Module};
use crate::analysis::check_with_variables;
use crate::body::{Body, File};
use crate::diag::{Diagnostic, Diagnostics};
use crate::eval::EvalContext;

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
    /// `hcl-json check` says of the directory. A Packer module has its
    /// files checked and its `var.`, `local.` and `data.` references,
    /// nothing Terraform-specific.
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
        let local_modules = LocalModules::new();
        let local = self.dir().map(|dir| (dir, &local_modules));
        diags.extend(check(&files, ctx, local, dialect != Dialect::Packer));
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
    check(files, ctx, None, true)
}

/// [`check_files`] for files read from the directory `dir`: besides, each
/// module call whose `source` is a local directory (`./modules/vpc`,
/// relative to `dir`) is checked against the module there, as Terraform
/// checks it once `terraform init` has found it. An argument the child
/// does not declare as a variable is "Unsupported argument", a variable
/// without a default left unset "Missing required argument" (errors, in
/// HCL's words), an argument whose value, as far as it is known with
/// every name it refers to unknown, does not suit the variable's type
/// "Invalid value for input variable" (or "Required variable not set" for
/// `null`, as `terraform validate` says); a reference to an output the
/// child does not declare
/// (`module.vpc.vpc_idd`) is "Unsupported attribute". A directory that
/// does not exist is "Unreadable module directory", as `terraform init`
/// says; a module that does not read whole is left alone (its own check
/// says why).
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
    check(files, ctx, Some((dir, modules)), true)
}

/// [`check_files`], with the local module calls read relative to a
/// directory when there is one. A Packer module (`terraform` false) has
/// only its `var.`, `local.` and `data.` references checked: Packer names
/// `build.`, `source.` and `packer.` objects where Terraform would read
/// resources, and has its own rules for the rest.
fn check(
    files: &[File],
    ctx: &EvalContext,
    local: Option<(&Path, &LocalModules)>,
    terraform: bool,
) -> Diagnostics {
    let (var_files, files) = split_variable_files(files);
    let files = files.as_slice();
    let places: Vec<Places> = files.iter().map(Places::of).collect();
    let declared = Declared::of(files, &places, local, ctx);
    let mut diags = Diagnostics::new();
    let mut problems = declared.problems.iter().peekable();
    for (index, (file, places)) in files.iter().zip(places).enumerate() {
        let (own, mut references) = check_with_variables(file, ctx);
        for d in own.as_slice() {
            diags.push(d.clone());
        }
        if terraform {
            let role = role(base_name(file.filename()), Dialect::OpenTofu);
            if matches!(role, Some(Role::Primary | Role::Override)) {
                let override_file = role == Some(Role::Override);
                diags.extend(language_problems(file, override_file));
            }
        }
        // Recorded file by file, in the files' order.
        while let Some((_, d)) = problems.next_if(|(i, _)| *i == index) {
            if terraform {
                diags.push(d.clone());
            }
        }
        if !places.written.is_empty() {
            references.extend(places.written.iter().cloned());
            references.sort_by_key(|t| byte_span(t).0);
        }
        let readings = places.classify(&references);
        for (t, reading) in references.iter().zip(readings) {
            let packers = matches!(t.root_name(), "var" | "local" | "data") && t.steps().len() > 1;
            if !terraform && !packers {
                continue;
            }
            if let Some(d) = declared.check_reference(t, reading) {
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
    let (declarations, _) = declarations(&Body::merge(&bodies), true);
    match VariableValues::resolve(&declarations, var_files) {
        Ok(values) => values.warnings().to_vec(),
        Err(err) => err
            .into_diagnostics()
            .into_iter()
            .filter(|d| d.summary != "No value for required variable")
            .collect(),
    }
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
