//! Input variables: the `variable` declarations of a module and the values
//! variable files give them.
//!
//! Values come, later winning, from the declarations' defaults, the
//! environment (`TF_VAR_name`, Packer's `PKR_VAR_name`), the files a
//! dialect loads by itself (`terraform.tfvars`, `terraform.tfvars.json`,
//! `*.auto.tfvars(.json)` by name; Packer's `*.auto.pkrvars.*`), then the
//! command line's `-var` and `-var-file` options, in order. A value given
//! as text (environment, `-var`) is taken as a string when its variable's
//! type is a primitive one or not given, and is otherwise read as one
//! native expression without variables or functions, as Terraform does.
//! Undeclared names are ignored in the environment and an error on the
//! command line. A variable file holds
//! attributes only, read in literal-only mode (no variables, no function
//! calls; JSON strings are not templates), and each value is converted to
//! its variable's type constraint with `optional()` defaults applied. A
//! value for an undeclared variable is a warning, as in Terraform, with a
//! suggestion when the name is close to a declared one.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use indexmap::IndexMap;

use super::{load, read_file, Module};
use crate::body::Expression;
use crate::body::{Body, BodySchema, File};
use crate::diag::{suggestion, Diagnostic, DiagnosticKind, Diagnostics, Error, Severity};
use crate::eval::EvalContext;
use crate::ext::typeexpr::{Optional, TypeConstraint};
use crate::pos::{Range, SourceFile};
use crate::value::{Type, Value};

/// A `variable` declaration, read statically.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Variable {
    /// The variable's name (the block's label).
    pub name: String,
    /// Its type constraint, if it declares one (`any` otherwise).
    pub constraint: Option<TypeConstraint>,
    /// Its default, converted to the constraint, if it has one.
    pub default: Option<Value>,
    /// Whether null is an acceptable value (`nullable`, true unless set).
    pub nullable: bool,
    /// Whether it is declared `sensitive = true`: a value it refuses is
    /// reported at the declaration, as Terraform does, not where the value
    /// is written.
    pub sensitive: bool,
    /// The block header, for messages.
    pub decl_range: Range,
}

/// Where a variable's value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueSource {
    /// The declaration's default.
    Default,
    /// A variable file: the range of the value's definition.
    File(Range),
    /// The environment (`TF_VAR_name`): the value's text, under a name of
    /// its own (`<value for var.name>`).
    Environment(Range),
    /// A `-var` option: the value's text, under a name of its own.
    Argument(Range),
}

impl ValueSource {
    /// Where the value was written: its definition in a variable file, or
    /// its text as given; `None` for a default.
    pub fn range(&self) -> Option<&Range> {
        match self {
            ValueSource::Default => None,
            ValueSource::File(r) | ValueSource::Environment(r) | ValueSource::Argument(r) => {
                Some(r)
            }
        }
    }
}

/// One place variable values come from, for
/// [`VariableValues::resolve_sources`]; later ones win.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum VarSource {
    /// A variable file, parsed (`terraform.tfvars`, `-var-file=prod.tfvars`).
    File(File),
    /// A `-var` option's text: `name=value`.
    Argument(String),
    /// An environment variable's value for variable `name` (the part of
    /// `TF_VAR_name` after the prefix).
    Environment {
        /// The variable's name.
        name: String,
        /// The value's text.
        value: String,
    },
}

impl VarSource {
    /// The variables of `environment` named `prefix` + a name (`TF_VAR_`
    /// for Terraform and OpenTofu, `PKR_VAR_` for Packer), sorted by name
    /// so that the outcome does not depend on the environment's order.
    /// The library never reads the process environment itself: pass
    /// `std::env::vars()`.
    ///
    /// ```
    /// use hcl_json::module::VarSource;
    ///
    /// let env = [("TF_VAR_region".to_string(), "eu-west-1".to_string()), ("HOME".into(), "/root".into())];
    /// let sources = VarSource::environment(env, "TF_VAR_");
    /// assert_eq!(sources.len(), 1);
    /// ```
    pub fn environment(
        environment: impl IntoIterator<Item = (String, String)>,
        prefix: &str,
    ) -> Vec<VarSource> {
        let mut found: Vec<(String, String)> = environment
            .into_iter()
            .filter_map(|(key, value)| Some((key.strip_prefix(prefix)?.to_string(), value)))
            .collect();
        found.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        found
            .into_iter()
            .map(|(name, value)| VarSource::Environment { name, value })
            .collect()
    }
}

/// A command-line option that sets variables, for
/// [`Module::variable_values_from`], in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum VarArg {
    /// `-var 'name=value'`: the option's text.
    Var(String),
    /// `-var-file=path`.
    VarFile(PathBuf),
}

/// A variable's final value.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct VariableValue {
    /// The value, converted to the variable's type.
    pub value: Value,
    /// Where it came from.
    pub source: ValueSource,
}

/// Every declared variable's value, in declaration order, and the warnings
/// found while reading the files.
#[derive(Debug, Clone, Default)]
pub struct VariableValues {
    values: IndexMap<String, VariableValue>,
    warnings: Vec<Diagnostic>,
}

impl VariableValues {
    /// The values of `declarations` from `files`, later files winning over
    /// earlier ones and every file over defaults.
    ///
    /// Errors, all at once: a value that does not convert to its type
    /// ("Invalid value for input variable"), a required variable nobody set
    /// ("No value for required variable"), a file that is not attributes
    /// only or refers to variables.
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module, VariableValues};
    /// use hcl_json::Value;
    ///
    /// let module = Module::from_sources(
    ///     [("variables.tf", "variable \"port\" {\n  type = number\n  default = 80\n}\nvariable \"region\" {}\n")],
    ///     &LoadOptions::terraform(),
    /// )?;
    /// let prod = hcl_json::parse_native("region = \"eu-west-1\"\nport = \"8080\"\nregoin = 1\n", "prod.tfvars")?;
    /// let values = VariableValues::resolve(&module.variables()?, &[prod])?;
    /// assert_eq!(values.get("port"), Some(&Value::from(8080)));
    /// assert_eq!(values.warnings()[0].summary, "Value for undeclared variable");
    /// assert!(values.warnings()[0].detail.contains("Did you mean \"region\"?"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn resolve(declarations: &[Variable], files: &[File]) -> Result<VariableValues, Error> {
        VariableValues::resolve_sources(declarations, files.iter().cloned().map(VarSource::File))
    }

    /// The values of `declarations` from `sources`, later ones winning over
    /// earlier ones and every one over defaults: what
    /// [`resolve`](Self::resolve) does, with values given as text too
    /// (environment variables, `-var` options). Besides `resolve`'s
    /// errors: a `-var` option without `=` or with a space before it
    /// ("Invalid -var option"), a `-var` for an undeclared variable, and
    /// text that does not parse as the expression its variable's type
    /// asks for; each points into the text given.
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module, VarSource, VariableValues};
    /// use hcl_json::Value;
    ///
    /// let module = Module::from_sources(
    ///     [("variables.tf", "variable \"zones\" {\n  type = list(string)\n}\nvariable \"name\" {}\n")],
    ///     &LoadOptions::terraform(),
    /// )?;
    /// let sources = [
    ///     VarSource::Environment { name: "name".into(), value: "from env".into() },
    ///     VarSource::Argument(r#"zones=["a", "b"]"#.into()),
    ///     VarSource::Argument("name=[not parsed: name has no type]".into()),
    /// ];
    /// let values = VariableValues::resolve_sources(&module.variables()?, sources)?;
    /// assert_eq!(values.get("zones"), Some(&Value::list(hcl_json::Type::String, ["a".into(), "b".into()])?));
    /// assert_eq!(values.get("name"), Some(&Value::from("[not parsed: name has no type]")));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn resolve_sources(
        declarations: &[Variable],
        sources: impl IntoIterator<Item = VarSource>,
    ) -> Result<VariableValues, Error> {
        let mut diags = Diagnostics::new();
        let mut set = Given::new();
        let mut texts = Vec::new();
        for source in sources {
            match source {
                VarSource::File(file) => {
                    read_var_file(&file, declarations, &mut set, &mut diags);
                    texts.push(file.source_file().clone());
                }
                VarSource::Argument(option) => {
                    texts.extend(read_argument(&option, declarations, &mut set, &mut diags));
                }
                VarSource::Environment { name, value } => {
                    // Undeclared names are ignored: environments are shared.
                    if let Some(decl) = declarations.iter().find(|d| d.name == name) {
                        let text = raw_text(decl, &value);
                        texts.push(text.clone());
                        let given = read_raw(decl, &text, &mut diags);
                        set.insert(name, given.map(|(v, r)| (v, ValueSource::Environment(r))));
                    }
                }
            }
        }
        let mut values = IndexMap::new();
        for decl in declarations {
            let value = match set.shift_remove(&decl.name) {
                // Given, but unreadable: already reported.
                Some(None) => None,
                Some(Some((raw, source))) => {
                    // Every given value has one; the declaration otherwise.
                    let range = source.range().unwrap_or(&decl.decl_range);
                    let addr = format!("var.{}", decl.name);
                    let has_default = decl.default.is_some();
                    let given = GivenValue {
                        addr: &addr,
                        range,
                        set_using: set_using(&source, &decl.name),
                    };
                    match convert_given(decl, has_default, &raw, &given) {
                        Ok(Some(value)) => Some((value, source)),
                        Ok(None) => decl.default.clone().map(|d| (d, source)),
                        Err(diag) => {
                            diags.push(*diag);
                            None
                        }
                    }
                }
                None => {
                    if decl.default.is_none() {
                        diags.push(Diagnostic::error(
                            "No value for required variable",
                            format!("The root module input variable {:?} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.", decl.name),
                            Some(decl.decl_range.clone()),
                        ));
                    }
                    decl.default.clone().map(|d| (d, ValueSource::Default))
                }
            };
            if let Some((value, source)) = value {
                values.insert(decl.name.clone(), VariableValue { value, source });
            }
        }
        let warnings = diags
            .as_slice()
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .cloned()
            .collect();
        diags
            .into_result(VariableValues { values, warnings })
            .map_err(|err| texts.into_iter().fold(err, Error::with_source))
    }

    /// The value of variable `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name).map(|v| &v.value)
    }

    /// The value of variable `name` with where it came from.
    pub fn value(&self, name: &str) -> Option<&VariableValue> {
        self.values.get(name)
    }

    /// Every variable and its value, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &VariableValue)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The values as one object, what `var` is in an expression:
    /// `EvalContext::new().with_variable("var", values.to_value())`.
    pub fn to_value(&self) -> Value {
        Value::object(
            self.values
                .iter()
                .map(|(k, v)| (k.as_str(), v.value.clone())),
        )
    }

    /// Warnings: values for undeclared variables.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }
}

/// Records the values `file` sets, later ones replacing earlier ones.
fn read_var_file(file: &File, declarations: &[Variable], set: &mut Given, diags: &mut Diagnostics) {
    let attrs = file.body().just_attributes_collecting(diags);
    let ctx = EvalContext::literal();
    for (name, attr) in attrs {
        if !declarations.iter().any(|d| d.name == name) {
            diags.push(undeclared(&name, &attr.name_range, file, declarations));
            continue;
        }
        match attr.expr.value(&ctx) {
            Ok(value) => {
                set.insert(name, Some((value, ValueSource::File(attr.expr.range()))));
            }
            Err(err) => diags.extend(err.into_diagnostics()),
        }
    }
}

/// The values given so far, by variable name, in the order first given;
/// `None` for a value given but unreadable (already reported), which
/// still stands for "given" so that no "No value" error follows it.
type Given = IndexMap<String, Option<(Value, ValueSource)>>;

/// A value's text as a source of its own, named as Terraform names it in
/// its messages.
fn raw_text(decl: &Variable, text: &str) -> Arc<SourceFile> {
    Arc::new(SourceFile::new(
        format!("<value for var.{}>", decl.name),
        text,
    ))
}

/// A value given as text: a string when the variable's type is primitive
/// or not given, else the one native expression the text holds,
/// evaluated without variables or functions. Gives the value and its
/// range, or reports why there is none.
fn read_raw(
    decl: &Variable,
    text: &Arc<SourceFile>,
    diags: &mut Diagnostics,
) -> Option<(Value, Range)> {
    let whole = text.range(0, text.text().len());
    let literal = decl.constraint.as_ref().is_none_or(|c| c.ty.is_primitive());
    if literal {
        return Some((Value::from(text.text()), whole));
    }
    let parsed = Expression::parse(text.text(), text.name())
        .and_then(|expr| Ok((expr.value(&EvalContext::new())?, expr.range())));
    match parsed {
        Ok(given) => Some(given),
        Err(err) => {
            diags.extend(err.into_diagnostics());
            None
        }
    }
}

/// A `-var name=value` option: records the value, or reports what is
/// wrong with the option. Gives the sources it made, for snippets.
fn read_argument(
    option: &str,
    declarations: &[Variable],
    set: &mut Given,
    diags: &mut Diagnostics,
) -> Vec<Arc<SourceFile>> {
    let whole = Arc::new(SourceFile::new("<-var option>", option));
    let invalid = |detail: String| {
        Diagnostic::error(
            "Invalid -var option",
            detail,
            Some(whole.range(0, option.len())),
        )
    };
    let Some((name, value)) = option.split_once('=') else {
        diags.push(invalid(format!("The given -var option {option:?} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\".")));
        return vec![whole];
    };
    if name.ends_with(' ') {
        diags.push(invalid(format!(
            "Variable name {name:?} is invalid due to trailing space. Did you mean -var=\"{}={}\"?",
            name.trim_end_matches(' '),
            value.trim_start_matches(' ')
        )));
        return vec![whole];
    }
    let Some(decl) = declarations.iter().find(|d| d.name == name) else {
        diags.push(Diagnostic::error(
            "Value for undeclared variable",
            format!("A variable named {name:?} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration."),
            Some(whole.range(0, name.len())),
        ));
        return vec![whole];
    };
    let text = raw_text(decl, value);
    let given = read_raw(decl, &text, diags);
    set.insert(
        name.to_string(),
        given.map(|(v, r)| (v, ValueSource::Argument(r))),
    );
    vec![whole, text]
}

/// Terraform's warning for a value nobody declared, with a suggestion.
fn undeclared(name: &str, range: &Range, file: &File, declarations: &[Variable]) -> Diagnostic {
    let suggestion = suggestion(name, declarations.iter().map(|d| d.name.as_str()));
    Diagnostic::warning(
        "Value for undeclared variable",
        format!(
            "The root module does not declare a variable named {name:?} but a value was found in file {:?}.{suggestion} If you meant to use this value, add a \"variable\" block to the configuration.",
            file.filename()
        ),
        Some(range.clone()),
    )
}

/// Where a value given for a variable comes from, for Terraform's words
/// when the variable refuses it.
pub(super) struct GivenValue<'a> {
    /// The variable's address: `var.x`, or `module.vpc.var.x` for a
    /// module call's argument.
    pub addr: &'a str,
    /// Where the value is written (or its text, for a value given outside
    /// any file).
    pub range: &'a Range,
    /// For a value from outside the configuration, how it was set
    /// (`set using -var="x=..."`).
    pub set_using: Option<String>,
}

/// How a value from `source` for variable `name` was set, in Terraform's
/// words, if by a `-var` option. (A value from the environment is pointed
/// at in its text, as a file's is: the source does not say whether it was
/// `TF_VAR_` or Packer's `PKR_VAR_`, which Terraform's words would name.)
fn set_using(source: &ValueSource, name: &str) -> Option<String> {
    match source {
        ValueSource::Argument(_) => Some(format!("set using -var=\"{name}=...\"")),
        _ => None,
    }
}

/// `raw`, given for `decl` as `given` says, converted to its type;
/// `Ok(None)` for a null given to a variable that is not nullable but has
/// a default (which is then its value). Refused, Terraform's diagnostic
/// (its `PrepareFinalInputVariableValue`): on the value where it is
/// written in a file, else on the declaration.
pub(super) fn convert_given(
    decl: &Variable,
    has_default: bool,
    raw: &Value,
    given: &GivenValue<'_>,
) -> Result<Option<Value>, Box<Diagnostic>> {
    let addr = given.addr;
    let null_refused = raw.is_null() && !decl.nullable;
    let reason = if null_refused {
        if has_default {
            return Ok(None);
        }
        "required variable may not be set to null".to_string()
    } else {
        let Some(constraint) = &decl.constraint else {
            return Ok(Some(raw.clone()));
        };
        match constraint.convert(raw) {
            Ok(value) => return Ok(Some(value)),
            Err(err) => unsuitable_reason(&err),
        }
    };
    let summary = if null_refused {
        "Required variable not set"
    } else {
        "Invalid value for input variable"
    };
    let declared = &decl.decl_range;
    let (detail, subject) = match &given.set_using {
        Some(how) => (format!("Unsuitable value for {addr} {how}: {reason}."), declared),
        None if null_refused => (
            format!("The given value is not suitable for {addr} defined at {declared}: {reason}."),
            given.range,
        ),
        // Terraform shows neither a sensitive value nor where it is written.
        None if decl.sensitive => (
            format!(
                "The given value is not suitable for {addr}, which is sensitive: {reason}. Invalid value defined at {}.",
                given.range
            ),
            declared,
        ),
        None => (
            format!("The given value is not suitable for {addr} declared at {declared}: {reason}."),
            given.range,
        ),
    };
    Err(Box::new(Diagnostic::error(
        summary,
        detail,
        Some(subject.clone()),
    )))
}

impl Module {
    /// The module's `variable` declarations, in order: type constraints
    /// parsed, defaults evaluated in literal-only mode and converted to
    /// them.
    ///
    /// ```
    /// use hcl_json::module::{LoadOptions, Module};
    /// use hcl_json::{Type, Value};
    ///
    /// let module = Module::from_sources(
    ///     [("v.tf", "variable \"svc\" {\n  type = object({port = optional(number, 80)})\n  default = {}\n}\n")],
    ///     &LoadOptions::terraform(),
    /// )?;
    /// let vars = module.variables()?;
    /// assert_eq!(vars[0].default, Some(Value::object([("port", Value::from(80))])));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn variables(&self) -> Result<Vec<Variable>, Error> {
        let (vars, diags) = declarations(self.body(), true);
        diags
            .into_result(vars)
            .map_err(|err| self.body().attach(err))
    }

    /// The values of the module's variables, from the variable files    /// The values of the module's variables, from the variable files the
    /// dialect loads from the module directory by itself, then `files` in
    /// order (what `-var-file` names), later winning. See
    /// [`VariableValues::resolve`].
    ///
    /// ```no_run
    /// use hcl_json::module::{LoadOptions, Module};
    /// use hcl_json::EvalContext;
    ///
    /// let module = Module::load("infra", &LoadOptions::terraform())?;
    /// let values = module.variable_values(&["infra/prod.tfvars"])?;
    /// let ctx = EvalContext::new().with_variable("var", values.to_value()).with_stdlib();
    /// # let _ = ctx;
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn variable_values<P: AsRef<Path>>(&self, files: &[P]) -> Result<VariableValues, Error> {
        let args: Vec<VarArg> = files
            .iter()
            .map(|p| VarArg::VarFile(p.as_ref().to_path_buf()))
            .collect();
        self.variable_values_from(std::iter::empty(), &args)
    }

    /// The values of the module's variables as the dialect's command line
    /// sets them: from `environment` (pass `std::env::vars()`; only
    /// `TF_VAR_*`, or `PKR_VAR_*` for Packer, are read), then the variable
    /// files the dialect loads from the module directory by itself, then
    /// `args` in order, later winning. See
    /// [`VariableValues::resolve_sources`].
    ///
    /// ```no_run
    /// use hcl_json::module::{LoadOptions, Module, VarArg};
    ///
    /// let module = Module::load("infra", &LoadOptions::terraform())?;
    /// let args = [
    ///     VarArg::VarFile("infra/prod.tfvars".into()),
    ///     VarArg::Var("instance_count=3".into()),
    /// ];
    /// let values = module.variable_values_from(std::env::vars(), &args)?;
    /// # let _ = values;
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn variable_values_from(
        &self,
        environment: impl IntoIterator<Item = (String, String)>,
        args: &[VarArg],
    ) -> Result<VariableValues, Error> {
        let declarations = self.variables()?;
        let prefix = match self.options().dialect() {
            super::Dialect::Packer => "PKR_VAR_",
            _ => "TF_VAR_",
        };
        let mut sources = VarSource::environment(environment, prefix);
        let mut failed: Option<Error> = None;
        let mut read = |path: &Path, sources: &mut Vec<VarSource>| match read_file(path) {
            Ok(file) => sources.push(VarSource::File(file)),
            Err(e) => {
                failed = Some(match failed.take() {
                    Some(f) => f.merge(e),
                    None => e,
                });
            }
        };
        if let Some(dir) = self.dir() {
            let names = super::list_dir(dir).unwrap_or_default();
            for name in load::auto_var_files(&names, self.options().dialect()) {
                read(&dir.join(name), &mut sources);
            }
        }
        for arg in args {
            match arg {
                VarArg::Var(option) => sources.push(VarSource::Argument(option.clone())),
                VarArg::VarFile(path) => read(path, &mut sources),
            }
        }
        if let Some(err) = failed {
            return Err(err);
        }
        VariableValues::resolve_sources(&declarations, sources)
    }
}

/// The `variable` blocks of `body`, each as far as it reads, and the
/// problems of those that do not (a duplicate keeps the first). Without
/// `with_defaults` no default is read (each `default` is `None`): the
/// types of a module whose values are not wanted.
pub(super) fn declarations(body: &Body, with_defaults: bool) -> (Vec<Variable>, Diagnostics) {
    let top = match body.partial_content(&BodySchema::new().block("variable", &["name"])) {
        Ok((top, _)) => top,
        Err(err) => {
            let mut diags = Diagnostics::new();
            diags.extend(err.into_diagnostics());
            return (Vec::new(), diags);
        }
    };
    let schema = BodySchema::new()
        .attribute("type", false)
        .attribute("default", false)
        .attribute("nullable", false)
        .attribute("sensitive", false);
    let mut diags = Diagnostics::new();
    let mut vars = Vec::new();
    for block in top.blocks {
        let content = match block.body.partial_content(&schema) {
            Ok((content, _)) => content,
            Err(err) => {
                diags.extend(err.into_diagnostics());
                continue;
            }
        };
        let literal = EvalContext::literal();
        let constraint = content.attributes.get("type").and_then(|attr| {
            variable_type(&attr.expr)
                .map_err(|e| diags.extend(e.into_diagnostics()))
                .ok()
        });
        let nullable = match content.attributes.get("nullable") {
            Some(attr) => match attr.expr.value(&literal) {
                Ok(Value::Bool(b)) => b,
                Ok(_) => {
                    diags.push(Diagnostic::error(
                        "Invalid nullable value",
                        "The nullable argument must be true or false.",
                        Some(attr.expr.range()),
                    ));
                    true
                }
                Err(e) => {
                    diags.extend(e.into_diagnostics());
                    true
                }
            },
            None => true,
        };
        let default = content.attributes.get("default").filter(|_| with_defaults).and_then(|attr| {
                let value = attr
                    .expr
                    .value(&literal)
                    .map_err(|e| diags.extend(e.into_diagnostics()))
                    .ok()?;
                match &constraint {
                    Some(c) if !value.is_null() => match c.convert(&value) {
                        Ok(v) => Some(v),
                        Err(err) => {
                            diags.push(Diagnostic::error(
                                "Invalid default value for variable",
                                format!("This default value is not compatible with the variable's type constraint: {}.", unsuitable_reason(&err)),
                                Some(attr.expr.range()),
                            ));
                            None
                        }
                    },
                    _ => Some(value),
                }
            });
        let name = block.labels.first().cloned().unwrap_or_default();
        if let Some(first) = vars.iter().find(|v: &&Variable| v.name == name) {
            diags.push(Diagnostic::error(
                    "Duplicate variable declaration",
                    format!("A variable named {name:?} was already declared at {}. Variable names must be unique within a module.", first.decl_range),
                    Some(block.def_range.clone()),
                ));
            continue;
        }
        // (A `sensitive` that is not a literal bool is the module load's
        // to report, not a declaration's.)
        let sensitive = content.attributes.get("sensitive").is_some_and(|attr| {
            attr.expr
                .value(&literal)
                .is_ok_and(|v| v == Value::Bool(true))
        });
        vars.push(Variable {
            name,
            constraint,
            default,
            nullable,
            sensitive,
            decl_range: block.def_range,
        });
    }
    (vars, diags)
}

/// Why a conversion failed, as a sentence fragment.
pub(super) fn unsuitable_reason(err: &Error) -> String {
    match err.diagnostics().first() {
        Some(Diagnostic {
            kind: DiagnosticKind::UnsuitableValue { reason },
            ..
        }) => reason.clone(),
        Some(d) => d.detail.trim_end_matches('.').to_string(),
        None => String::new(),
    }
}

/// A variable's type constraint as Terraform reads it: the type expression,
/// or one of the shorthands kept from before Terraform 0.12, a bare `list`
/// or `map` keyword, which means `list(any)` / `map(any)` (Terraform's
/// `decodeVariableType` in `internal/configs/named_values.go`).
pub(super) fn variable_type(expr: &Expression) -> Result<TypeConstraint, Error> {
    let legacy = match expr.as_keyword().as_deref() {
        Some("list") => Some(Type::List(Box::new(Type::Dynamic))),
        Some("map") => Some(Type::Map(Box::new(Type::Dynamic))),
        _ => None,
    };
    match legacy {
        Some(ty) => Ok(TypeConstraint {
            ty,
            optional: Optional::default(),
        }),
        None => TypeConstraint::parse(expr),
    }
}

#[cfg(test)]
#[path = "vars_tests.rs"]
mod tests;
