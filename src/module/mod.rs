//! Modules as users have them: a directory of configuration files loaded
//! the way Terraform, OpenTofu and Packer load it, into one [`Body`]. This
//! module owns which files belong to a module and in what order
//! (`load.rs`), Terraform's override files (`overrides.rs`), variable
//! declarations with the variable files that set them (`vars.rs`), a
//! Terraform view of a module, its named values listed and an evaluation
//! context for them (`view.rs`), and the checks that need the whole
//! module (`check.rs`, with `declared.rs`, `places.rs`, `references.rs`
//! and `calls.rs`).

mod calls;
mod check;
mod declared;
mod language;
mod load;
mod overrides;
mod places;
mod references;
mod vars;
mod view;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use self::calls::LocalModules;
pub use self::check::{check_files, check_files_in};
use self::load::Role;
pub use self::vars::{ValueSource, VarArg, VarSource, Variable, VariableValue, VariableValues};
pub use self::view::{
    ContextOptions, Local, ModuleCall, Output, Resource, ResourceMode, TerraformView,
};
use crate::body::{parse_auto_bytes, Body, BodySchema, File};
use crate::diag::{Diagnostic, Diagnostics, Error, Source};
use crate::pos::{Pos, Range};

/// Whose file naming rules a module follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Terraform: `*.tf`, `*.tf.json`, override files, `*.tftest.hcl`,
    /// `*.tfquery.hcl` and `*.tfmock.hcl` (when asked),
    /// `terraform.tfvars` and `*.auto.tfvars`.
    Terraform,
    /// OpenTofu: Terraform's rules plus `*.tofu` and `*.tofu.json`, which
    /// take precedence over the `.tf` / `.tf.json` file of the same name.
    OpenTofu,
    /// Packer: `*.pkr.hcl` and `*.pkr.json`, `*.auto.pkrvars.hcl`; no
    /// override files.
    Packer,
}

/// How [`Module::load`] reads a directory.
///
/// ```
/// use hcl_json::module::{Dialect, LoadOptions};
///
/// let options = LoadOptions::opentofu().with_tests(true);
/// assert_eq!(options.dialect(), Dialect::OpenTofu);
/// assert!(options.tests());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadOptions {
    dialect: Dialect,
    tests: bool,
    queries: bool,
    mocks: bool,
    test_dir: String,
}

impl LoadOptions {
    /// Terraform's rules, without test files.
    pub fn terraform() -> LoadOptions {
        LoadOptions::new(Dialect::Terraform)
    }

    /// OpenTofu's rules, without test files.
    pub fn opentofu() -> LoadOptions {
        LoadOptions::new(Dialect::OpenTofu)
    }

    /// Packer's rules.
    pub fn packer() -> LoadOptions {
        LoadOptions::new(Dialect::Packer)
    }

    /// The rules of `dialect`, without test files.
    pub fn new(dialect: Dialect) -> LoadOptions {
        LoadOptions {
            dialect,
            tests: false,
            queries: false,
            mocks: false,
            test_dir: "tests".to_string(),
        }
    }

    /// Also load test files (`*.tftest.hcl`, `*.tftest.json`, and for
    /// OpenTofu `*.tofutest.*`), from the module directory and its test
    /// directory (`tests` unless [`with_test_dir`](Self::with_test_dir)).
    /// They are kept apart from the module body: [`Module::test_files`].
    pub fn with_tests(mut self, tests: bool) -> LoadOptions {
        self.tests = tests;
        self
    }

    /// Also load Terraform's query files (`*.tfquery.hcl`,
    /// `*.tfquery.json`, Terraform 1.14: `list` blocks that search for
    /// existing infrastructure) from the module directory. They are kept
    /// apart from the module body: [`Module::query_files`]. Other dialects
    /// have none.
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module};
    ///
    /// let module = Module::from_sources(
    ///     [("main.tf", ""), ("find.tfquery.hcl", "list \"aws_instance\" \"all\" {\n  provider = aws\n}\n")],
    ///     &LoadOptions::terraform().with_queries(true),
    /// )?;
    /// assert_eq!(module.query_files()[0].filename(), "find.tfquery.hcl");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn with_queries(mut self, queries: bool) -> LoadOptions {
        self.queries = queries;
        self
    }

    /// Also load Terraform's mock data files (`*.tfmock.hcl`,
    /// `*.tfmock.json`: the `mock_resource` and `mock_data` blocks a test's
    /// `mock_provider` reads), from the module directory and its test
    /// directory, as test files are. They are kept apart from the module
    /// body: [`Module::mock_files`].
    pub fn with_mocks(mut self, mocks: bool) -> LoadOptions {
        self.mocks = mocks;
        self
    }

    /// The test directory, relative to the module directory.
    pub fn with_test_dir(mut self, dir: impl Into<String>) -> LoadOptions {
        self.test_dir = dir.into();
        self
    }

    /// The dialect.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether test files are loaded.
    pub fn tests(&self) -> bool {
        self.tests
    }

    /// Whether query files are loaded.
    pub fn queries(&self) -> bool {
        self.queries
    }

    /// Whether mock data files are loaded.
    pub fn mocks(&self) -> bool {
        self.mocks
    }
}

/// A loaded module: its files, and its body with override files applied.
///
/// Cheap to clone: files and bodies are handles.
///
/// The override merge is expressed on the body model, not as a
/// separate data structure: the module's body is a derived body whose
/// `content(schema)` applies the override rules to whatever the schema picks
/// out. It has to be: in JSON syntax a property is an attribute or a block
/// only once a schema says which, so no merge can happen before a schema is
/// known. The result is an ordinary [`Body`], so everything built on bodies
/// (schemas, `#[derive(HclDecode)]`, [`hcldec`](crate::hcldec)) reads a module
/// with overrides as it reads a file, and every attribute keeps the range
/// of the file it came from. [`Module::load`] reads the module once with
/// Terraform's top-level schema, so override mistakes are reported when it
/// is loaded, not only when it is decoded.
///
/// ```
/// use hcl_json::module::{LoadOptions, Module};
/// use hcl_json::{BodySchema, EvalContext, Value};
///
/// let module = Module::from_sources(
///     [
///         ("main.tf", "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  count = 2\n}\n"),
///         ("main_override.tf.json", r#"{"resource": {"aws_instance": {"web": {"ami": "ami-2"}}}}"#),
///     ],
///     &LoadOptions::terraform(),
/// )?;
/// let top = module.body().content(&BodySchema::new().block("resource", &["type", "name"]))?;
/// let web = top.blocks[0].body.just_attributes()?;
/// assert_eq!(web["ami"].expr.value(&EvalContext::new())?, Value::from("ami-2"));
/// assert_eq!(web["ami"].range.filename.as_ref(), "main_override.tf.json");
/// assert_eq!(web["count"].range.filename.as_ref(), "main.tf");
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Module {
    dir: Option<PathBuf>,
    options: LoadOptions,
    primary: Vec<File>,
    overrides: Vec<File>,
    extras: Extras,
    body: Body,
}

/// The files read beside the module body, only when asked.
#[derive(Debug, Clone, Default)]
struct Extras {
    tests: Vec<File>,
    queries: Vec<File>,
    mocks: Vec<File>,
}

impl Module {
    /// Loads the module in directory `dir`: every configuration file the
    /// dialect reads, parsed in the syntax its name implies, merged in
    /// name order, override files applied last.
    ///
    /// All problems come back at once: a file that cannot be read or
    /// parsed, an override with nothing to override. A directory that
    /// cannot be read is "Failed to read module directory", naming it.
    ///
    /// ```no_run
    /// use hcl_json::module::{LoadOptions, Module};
    ///
    /// let module = Module::load("infra/network", &LoadOptions::terraform())?;
    /// for file in module.files() {
    ///     println!("{}", file.filename());
    /// }
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn load(dir: impl AsRef<Path>, options: &LoadOptions) -> Result<Module, Error> {
        Module::load_parts(dir.as_ref(), options).into_result()
    }

    /// [`load`](Self::load) for tools that want what could be read even
    /// when something could not (an editor, a linter): the module of the
    /// files that parsed, with every problem found. A file that does not
    /// parse is left out; an override with nothing to override is left
    /// unapplied where it failed; a directory that cannot be read gives an
    /// empty module.
    ///
    /// ```no_run
    /// use hcl_json::module::{LoadOptions, Module};
    ///
    /// let (module, diags) = Module::load_with_diagnostics("infra", &LoadOptions::terraform());
    /// for d in diags.as_slice() {
    ///     eprintln!("{}: {}", d.summary, d.detail);
    /// }
    /// println!("{} files read", module.files().len());
    /// ```
    pub fn load_with_diagnostics(
        dir: impl AsRef<Path>,
        options: &LoadOptions,
    ) -> (Module, Diagnostics) {
        let loaded = Module::load_parts(dir.as_ref(), options);
        (loaded.module, loaded.diags)
    }

    fn load_parts(dir: &Path, options: &LoadOptions) -> Loaded {
        let names = match list_dir(dir) {
            Ok(names) => names,
            Err(e) => {
                let mut diags = Diagnostics::new();
                diags.push(Diagnostic::error(
                    "Failed to read module directory",
                    format!(
                        "Module directory {} does not exist or cannot be read: {e}.",
                        dir.display()
                    ),
                    Some(file_start(&dir.display().to_string())),
                ));
                let dir = Some(dir.to_path_buf());
                let extras = Extras::default();
                return Module::assemble(dir, options, vec![], vec![], extras, diags, vec![]);
            }
        };
        let (primary, overrides, mut tests) =
            load::classify(&names, options.dialect, options.tests);
        let mut test_paths: Vec<PathBuf> = tests.drain(..).map(|n| dir.join(n)).collect();
        let mut query_paths = Vec::new();
        if options.queries {
            let names = load::with_role(&names, options.dialect, Role::Query);
            query_paths.extend(names.iter().map(|n| dir.join(n)));
        }
        let mut mock_paths = Vec::new();
        if options.mocks {
            let names = load::with_role(&names, options.dialect, Role::Mock);
            mock_paths.extend(names.iter().map(|n| dir.join(n)));
        }
        if options.tests || options.mocks {
            let test_dir = dir.join(&options.test_dir);
            if let Ok(names) = list_dir(&test_dir) {
                if options.tests {
                    let (_, _, in_dir) = load::classify(&names, options.dialect, true);
                    test_paths.extend(in_dir.iter().map(|n| test_dir.join(n)));
                }
                if options.mocks {
                    let in_dir = load::with_role(&names, options.dialect, Role::Mock);
                    mock_paths.extend(in_dir.iter().map(|n| test_dir.join(n)));
                }
            }
        }
        let mut diags = Diagnostics::new();
        let mut sources = Vec::new();
        let mut read = |paths: Vec<PathBuf>| -> Vec<File> {
            paths
                .iter()
                .filter_map(|path| keep(read_file(path), &mut diags, &mut sources))
                .collect()
        };
        let primary_files = read(primary.iter().map(|n| dir.join(n)).collect());
        let override_files = read(overrides.iter().map(|n| dir.join(n)).collect());
        let extras = Extras {
            tests: read(test_paths),
            queries: read(query_paths),
            mocks: read(mock_paths),
        };
        Module::assemble(
            Some(dir.to_path_buf()),
            options,
            primary_files,
            override_files,
            extras,
            diags,
            sources,
        )
    }

    /// A module from files in memory, named as in a directory: the same
    /// suffix rules, order and override merge as [`load`](Self::load),
    /// for tools that hold files themselves (an editor, a test, an
    /// archive). Names that the dialect does not load are skipped.
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module};
    ///
    /// let module = Module::from_sources(
    ///     [("variables.tf", "variable \"region\" {}\n"), ("main.tf", "locals {}\n"), ("notes.txt", "")],
    ///     &LoadOptions::terraform(),
    /// )?;
    /// let names: Vec<&str> = module.files().iter().map(|f| f.filename()).collect();
    /// assert_eq!(names, ["main.tf", "variables.tf"]);
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn from_sources<N, S>(
        sources: impl IntoIterator<Item = (N, S)>,
        options: &LoadOptions,
    ) -> Result<Module, Error>
    where
        N: Into<String>,
        S: AsRef<[u8]>,
    {
        Module::from_sources_parts(sources, options).into_result()
    }

    /// [`from_sources`](Self::from_sources) keeping what could be read:
    /// see [`load_with_diagnostics`](Self::load_with_diagnostics).
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module};
    ///
    /// let (module, diags) = Module::from_sources_with_diagnostics(
    ///     [("main.tf", "locals {\n  a = 1\n}\n"), ("broken.tf", "locals {\n")],
    ///     &LoadOptions::terraform(),
    /// );
    /// assert_eq!(module.files().len(), 1);
    /// assert_eq!(diags.as_slice()[0].summary, "Unclosed configuration block");
    /// ```
    pub fn from_sources_with_diagnostics<N, S>(
        sources: impl IntoIterator<Item = (N, S)>,
        options: &LoadOptions,
    ) -> (Module, Diagnostics)
    where
        N: Into<String>,
        S: AsRef<[u8]>,
    {
        let loaded = Module::from_sources_parts(sources, options);
        (loaded.module, loaded.diags)
    }

    fn from_sources_parts<N, S>(
        sources: impl IntoIterator<Item = (N, S)>,
        options: &LoadOptions,
    ) -> Loaded
    where
        N: Into<String>,
        S: AsRef<[u8]>,
    {
        let sources: std::collections::HashMap<String, S> =
            sources.into_iter().map(|(n, s)| (n.into(), s)).collect();
        let names: Vec<String> = sources.keys().cloned().collect();
        let (primary, overrides, tests) = load::classify(&names, options.dialect, options.tests);
        let mut diags = Diagnostics::new();
        let mut kept = Vec::new();
        let mut parse = |names: &[String]| -> Vec<File> {
            names
                .iter()
                .filter_map(|name| {
                    let src = sources.get(name)?;
                    keep(parse_auto_bytes(src.as_ref(), name), &mut diags, &mut kept)
                })
                .collect()
        };
        let primary = parse(&primary);
        let overrides = parse(&overrides);
        let role = |on: bool, role: Role| {
            if on {
                load::with_role(&names, options.dialect, role)
            } else {
                Vec::new()
            }
        };
        let extras = Extras {
            tests: parse(&tests),
            queries: parse(&role(options.queries, Role::Query)),
            mocks: parse(&role(options.mocks, Role::Mock)),
        };
        Module::assemble(None, options, primary, overrides, extras, diags, kept)
    }

    fn assemble(
        dir: Option<PathBuf>,
        options: &LoadOptions,
        primary: Vec<File>,
        overrides: Vec<File>,
        extras: Extras,
        mut diags: Diagnostics,
        mut sources: Vec<Source>,
    ) -> Loaded {
        let bodies: Vec<Body> = primary.iter().map(File::body).collect();
        let base = Body::merge(&bodies);
        let override_bodies: Vec<Body> = overrides.iter().map(File::body).collect();
        let dialect = options.dialect;
        let mut body = overrides::apply_overrides(base.clone(), &override_bodies, dialect);
        sources.extend(primary.iter().chain(&overrides).map(Source::from));
        if !overrides.is_empty() {
            // Read once with Terraform's top-level schema, so that override
            // mistakes surface now rather than at the first decode.
            if let Err(err) = body.partial_content(&terraform_schema()) {
                let reported: HashSet<overrides::Reported> =
                    err.diagnostics().iter().map(overrides::reported).collect();
                // What was reported here is not reported again when the
                // module is read: `load_with_diagnostics` promises a module
                // with those overrides left unapplied.
                let reported = Arc::new(reported);
                body = overrides::settled_overrides(base, &override_bodies, dialect, reported);
                diags.extend(err.into_diagnostics());
            }
        }
        let module = Module {
            dir,
            options: options.clone(),
            primary,
            overrides,
            extras,
            body,
        };
        Loaded {
            module,
            diags,
            sources,
        }
    }

    /// The module's body: the primary files merged, override files
    /// applied. Read it with a schema, [`decode_body`](crate::decode::decode_body)
    /// or a [`hcldec`](crate::hcldec) as any body.
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// Every configuration file of the module in load order: primary files
    /// by name, then override files by name.
    pub fn files(&self) -> Vec<&File> {
        self.primary.iter().chain(&self.overrides).collect()
    }

    /// The primary files, by name.
    pub fn primary_files(&self) -> &[File] {
        &self.primary
    }

    /// The override files, in the order they apply.
    pub fn override_files(&self) -> &[File] {
        &self.overrides
    }

    /// The test files, when [`LoadOptions::with_tests`] asked for them:
    /// those of the module directory by name, then those of its test
    /// directory.
    pub fn test_files(&self) -> &[File] {
        &self.extras.tests
    }

    /// The query files, when [`LoadOptions::with_queries`] asked for them,
    /// by name. Read them as files of their own: each is a body of `list`,
    /// `variable`, `locals` and `provider` blocks.
    pub fn query_files(&self) -> &[File] {
        &self.extras.queries
    }

    /// The mock data files, when [`LoadOptions::with_mocks`] asked for
    /// them: those of the module directory by name, then those of its test
    /// directory.
    pub fn mock_files(&self) -> &[File] {
        &self.extras.mocks
    }

    /// The directory the module was loaded from (`None` for
    /// [`from_sources`](Self::from_sources)).
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The options the module was loaded with.
    pub fn options(&self) -> &LoadOptions {
        &self.options
    }
}

/// Reads and parses the file at `path`; a read failure is "Failed to read
/// file", naming it.
fn read_file(path: &Path) -> Result<File, Error> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        Error::new(Diagnostic::error(
            "Failed to read file",
            format!("The file {name:?} could not be read: {e}."),
            Some(file_start(&name)),
        ))
    })?;
    crate::body::parse_auto_owned_bytes(bytes, &name)
}

/// Terraform's top-level block types (its `configFileSchema`, Terraform
/// 1.16), for checking overrides at load time and reading declarations.
fn terraform_schema() -> BodySchema {
    BodySchema::new()
        .block("terraform", &[])
        .block("required_providers", &[])
        .block("provider", &["name"])
        .block("variable", &["name"])
        .block("locals", &[])
        .block("output", &["name"])
        .block("module", &["name"])
        .block("resource", &["type", "name"])
        .block("data", &["type", "name"])
        .block("ephemeral", &["type", "name"])
        .block("action", &["type", "name"])
        .block("moved", &[])
        .block("removed", &[])
        .block("import", &[])
        .block("check", &["name"])
}

/// A module as far as it could be read, with its problems and the
/// sources they point into (for rendering them).
struct Loaded {
    module: Module,
    diags: Diagnostics,
    sources: Vec<Source>,
}

impl Loaded {
    /// The module if nothing went wrong, else every problem.
    fn into_result(self) -> Result<Module, Error> {
        let sources = self.sources;
        self.diags.into_result(self.module).map_err(|mut err| {
            for source in sources {
                err = err.with_source(source);
            }
            err
        })
    }
}

/// `Ok(file)` kept, `Err` recorded.
fn keep(
    parsed: Result<File, Error>,
    diags: &mut Diagnostics,
    sources: &mut Vec<Source>,
) -> Option<File> {
    match parsed {
        Ok(file) => Some(file),
        Err(err) => {
            sources.extend_from_slice(err.sources());
            diags.extend(err.into_diagnostics());
            None
        }
    }
}

/// The names of the files (not directories) in `dir`; names that are not
/// UTF-8 cannot be configuration file names and are skipped.
fn list_dir(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        // The entry's type comes with the listing on most file systems
        // (no call per entry); a symbolic link is followed, as Terraform's
        // loader does.
        let is_dir = match entry.file_type() {
            Ok(t) if t.is_symlink() => std::fs::metadata(entry.path()).is_ok_and(|m| m.is_dir()),
            Ok(t) => t.is_dir(),
            Err(_) => false,
        };
        if is_dir {
            continue;
        }
        if let Ok(name) = entry.file_name().into_string() {
            names.push(name);
        }
    }
    Ok(names)
}

/// The first position of file `name`: the subject of a diagnostic about
/// the file as a whole.
fn file_start(name: &str) -> Range {
    let start = Pos {
        line: 1,
        column: 1,
        byte: 0,
    };
    Range::new(name, start, start)
}
