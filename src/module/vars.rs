//! Input variables: the `variable` declarations of a module and the values
//! variable files give them.
//!
//! Values come, later winning, from the declarations' defaults, the files a
//! dialect loads by itself (`terraform.tfvars`, `terraform.tfvars.json`,
//! `*.auto.tfvars(.json)` by name; Packer's `*.auto.pkrvars.*`), then the
//! files the caller names, in order (`-var-file`). A variable file holds
//! attributes only, read in literal-only mode (no variables, no function
//! calls; JSON strings are not templates), and each value is converted to
//! its variable's type constraint with `optional()` defaults applied. A
//! value for an undeclared variable is a warning, as in Terraform, with a
//! suggestion when the name is close to a declared one.

use std::path::Path;

use indexmap::IndexMap;

use super::overrides::unsuitable_reason;
use super::{load, read_file, Module};
use crate::body::{BodySchema, File};
use crate::diag::{did_you_mean, Diagnostic, Diagnostics, Error, Severity};
use crate::eval::EvalContext;
use crate::ext::typeexpr::TypeConstraint;
use crate::pos::Range;
use crate::value::Value;

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
        let mut diags = Diagnostics::new();
        let mut set: IndexMap<String, (Value, Range)> = IndexMap::new();
        for file in files {
            read_var_file(file, declarations, &mut set, &mut diags);
        }
        let mut values = IndexMap::new();
        for decl in declarations {
            let value = if let Some((raw, range)) = set.shift_remove(&decl.name) {
                convert_given(decl, &raw, &range, &mut diags)
                    .map(|value| (value, ValueSource::File(range)))
            } else {
                if decl.default.is_none() {
                    diags.push(Diagnostic::error(
                        "No value for required variable",
                        format!("The root module input variable {:?} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.", decl.name),
                        Some(decl.decl_range.clone()),
                    ));
                }
                decl.default.clone().map(|d| (d, ValueSource::Default))
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
        let sources = files.iter().map(|f| f.source_file().clone());
        diags
            .into_result(VariableValues { values, warnings })
            .map_err(|err| sources.fold(err, Error::with_source))
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
        Value::Object(
            self.values
                .iter()
                .map(|(k, v)| (k.clone(), v.value.clone()))
                .collect(),
        )
    }

    /// Warnings: values for undeclared variables.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }
}

/// Records the values `file` sets, later ones replacing earlier ones.
fn read_var_file(
    file: &File,
    declarations: &[Variable],
    set: &mut IndexMap<String, (Value, Range)>,
    diags: &mut Diagnostics,
) {
    let attrs = file.body().just_attributes_collecting(diags);
    let ctx = EvalContext::literal();
    for (name, attr) in attrs {
        if !declarations.iter().any(|d| d.name == name) {
            diags.push(undeclared(&name, &attr.name_range, file, declarations));
            continue;
        }
        match attr.expr.value(&ctx) {
            Ok(value) => {
                set.insert(name, (value, attr.expr.range()));
            }
            Err(err) => diags.extend(err.into_diagnostics()),
        }
    }
}

/// Terraform's warning for a value nobody declared, with a suggestion.
fn undeclared(name: &str, range: &Range, file: &File, declarations: &[Variable]) -> Diagnostic {
    let suggestion = did_you_mean(name, declarations.iter().map(|d| d.name.as_str()))
        .map(|s| format!(" Did you mean {s:?}?"))
        .unwrap_or_default();
    Diagnostic::warning(
        "Value for undeclared variable",
        format!(
            "The root module does not declare a variable named {name:?} but a value was found in file {:?}.{suggestion} If you meant to use this value, add a \"variable\" block to the configuration.",
            file.filename()
        ),
        Some(range.clone()),
    )
}

/// A given value converted to the declaration's type; null takes the
/// default when the variable is not nullable.
fn convert_given(
    decl: &Variable,
    raw: &Value,
    range: &Range,
    diags: &mut Diagnostics,
) -> Option<Value> {
    if raw.is_null() && !decl.nullable {
        if let Some(default) = &decl.default {
            return Some(default.clone());
        }
        diags.push(invalid_value(
            decl,
            range,
            "required variable may not be set to null",
        ));
        return None;
    }
    let Some(constraint) = &decl.constraint else {
        return Some(raw.clone());
    };
    match constraint.convert(raw) {
        Ok(value) => Some(value),
        Err(err) => {
            diags.push(invalid_value(decl, range, &unsuitable_reason(&err)));
            None
        }
    }
}

/// Terraform's "Invalid value for input variable".
fn invalid_value(decl: &Variable, range: &Range, reason: &str) -> Diagnostic {
    Diagnostic::error(
        "Invalid value for input variable",
        format!(
            "The given value is not suitable for var.{} declared at {}: {reason}.",
            decl.name, decl.decl_range
        ),
        Some(range.clone()),
    )
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
        let top = self
            .body()
            .partial_content(&BodySchema::new().block("variable", &["name"]))?
            .0;
        let schema = BodySchema::new()
            .attribute("type", false)
            .attribute("default", false)
            .attribute("nullable", false);
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
                TypeConstraint::parse(&attr.expr)
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
            let default = content.attributes.get("default").and_then(|attr| {
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
            vars.push(Variable {
                name,
                constraint,
                default,
                nullable,
                decl_range: block.def_range,
            });
        }
        diags
            .into_result(vars)
            .map_err(|err| self.body().attach(err))
    }

    /// The values of the module's variables, from the variable files the
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
        let declarations = self.variables()?;
        let mut paths = Vec::new();
        if let Some(dir) = self.dir() {
            let names = super::list_dir(dir).unwrap_or_default();
            paths.extend(
                load::auto_var_files(&names, self.options().dialect())
                    .into_iter()
                    .map(|n| dir.join(n)),
            );
        }
        paths.extend(files.iter().map(|p| p.as_ref().to_path_buf()));
        let mut parsed = Vec::new();
        let mut failed: Option<Error> = None;
        for path in &paths {
            match read_file(path) {
                Ok(file) => parsed.push(file),
                Err(e) => {
                    failed = Some(match failed.take() {
                        Some(f) => f.merge(e),
                        None => e,
                    });
                }
            }
        }
        if let Some(err) = failed {
            return Err(err);
        }
        VariableValues::resolve(&declarations, &parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::LoadOptions;

    fn module(src: &str) -> Module {
        Module::from_sources([("variables.tf", src)], &LoadOptions::terraform()).unwrap()
    }

    fn tfvars(src: &str) -> File {
        crate::parse_native(src, "t.tfvars").unwrap()
    }

    #[test]
    fn null_for_a_non_nullable_variable_takes_its_default() {
        let m = module("variable \"a\" {\n  nullable = false\n  default = \"d\"\n}\nvariable \"b\" {\n  nullable = false\n}\nvariable \"c\" {\n  default = \"d\"\n}\n");
        let decls = m.variables().unwrap();
        let err = VariableValues::resolve(&decls, &[tfvars("a = null\nb = null\nc = null\n")])
            .unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(
            d.detail,
            "The given value is not suitable for var.b declared at variables.tf:5,1-13: required variable may not be set to null."
        );
        assert_eq!(err.diagnostics().len(), 1);
        let values =
            VariableValues::resolve(&decls, &[tfvars("a = null\nb = 1\nc = null\n")]).unwrap();
        assert_eq!(values.get("a"), Some(&Value::from("d")));
        // A nullable variable keeps the null it was given.
        assert!(values.get("c").unwrap().is_null());
    }

    #[test]
    fn a_default_that_does_not_convert_is_an_invalid_default() {
        let err = module("variable \"a\" {\n  type = number\n  default = \"x\"\n}\n")
            .variables()
            .unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Invalid default value for variable");
        assert_eq!(
            d.detail,
            "This default value is not compatible with the variable's type constraint: a number is required."
        );
        assert_eq!(d.subject.as_ref().unwrap().start.line, 3);
    }

    #[test]
    fn declarations_read_type_default_and_nullable() {
        let vars = module("variable \"a\" {\n  type = list(string)\n  default = [1]\n  nullable = false\n}\nvariable \"b\" {}\n")
            .variables()
            .unwrap();
        assert_eq!(vars.len(), 2);
        assert_eq!(vars[0].name, "a");
        assert_eq!(
            vars[0].default,
            Some(Value::List(crate::Type::String, vec![Value::from("1")]))
        );
        assert!(!vars[0].nullable);
        assert_eq!(vars[1].constraint, None);
        assert!(vars[1].nullable);
    }

    #[test]
    fn a_variable_declared_twice_is_an_error() {
        let m = Module::from_sources(
            [
                ("a.tf", "variable \"x\" {}\n"),
                ("b.tf", "\nvariable \"x\" {}\n"),
            ],
            &LoadOptions::terraform(),
        )
        .unwrap();
        let err = m.variables().unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Duplicate variable declaration");
        assert_eq!(
            d.detail,
            "A variable named \"x\" was already declared at a.tf:1,1-13. Variable names must be unique within a module."
        );
        assert_eq!(d.subject.as_ref().unwrap().filename.as_ref(), "b.tf");
        assert_eq!(d.subject.as_ref().unwrap().start.line, 2);
    }

    #[test]
    fn a_variable_file_may_not_have_blocks() {
        let m = module("variable \"a\" {\n  default = 1\n}\n");
        let err = VariableValues::resolve(&m.variables().unwrap(), &[tfvars("a = 2\nb {}\n")])
            .unwrap_err();
        assert_eq!(err.diagnostics()[0].summary, "Unexpected \"b\" block");
    }

    #[test]
    fn later_files_win() {
        let m = module("variable \"a\" {}\n");
        let files = [
            tfvars("a = 1\n"),
            crate::parse(r#"{"a": 2}"#, "t.tfvars.json").unwrap(),
        ];
        let values = VariableValues::resolve(&m.variables().unwrap(), &files).unwrap();
        assert_eq!(values.get("a"), Some(&Value::from(2)));
        assert_eq!(values.to_value(), Value::object([("a", Value::from(2))]));
    }
}
