//! A Terraform view of a module: its variables, locals, resources, data
//! sources (a `check` block's scoped one among them), ephemeral
//! resources, outputs and module calls listed with
//! their ranges, and an evaluation context in which their expressions can
//! be evaluated before anything is planned.
//!
//! Every tool that reads Terraform (a linter, a policy checker, a
//! documentation generator) otherwise writes the same derive structs and
//! the same hand-built context. What Terraform would not know yet is
//! unknown in that context, as in `terraform console` before an apply:
//! resource and data source attributes, ephemeral values and module
//! outputs; local values are evaluated in the order they depend on each
//! other, as Terraform's graph walks them; a variable that nobody set is an
//! error or, when asked, unknown of its declared type.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;

use super::vars::{Variable, VariableValues};
use super::{Dialect, Module};
use crate::analysis::TraversalStep;
use crate::body::{Body, BodySchema, Expression};
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::value::{Marks, Type, Value};

/// Which kind of resource block a [`Resource`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResourceMode {
    /// A `resource` block: a managed resource.
    Managed,
    /// A `data` block: a data source, at the top level or scoped in a
    /// `check` block.
    Data,
    /// An `ephemeral` block (Terraform 1.10): an ephemeral resource.
    Ephemeral,
}

/// A `resource`, `data` or `ephemeral` block (a `check` block's `data`
/// among them).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Resource {
    /// Which kind of block it is.
    pub mode: ResourceMode,
    /// The resource type, the first label (`aws_instance`).
    pub type_name: String,
    /// The name, the second label (`web`).
    pub name: String,
    /// `count`, if set.
    pub count: Option<Expression>,
    /// `for_each`, if set.
    pub for_each: Option<Expression>,
    /// `provider`, if set (a reference such as `aws.west`).
    pub provider: Option<Expression>,
    /// `depends_on`, if set.
    pub depends_on: Option<Expression>,
    /// The rest of the body: the provider's arguments and blocks,
    /// `lifecycle`, `provisioner`, ...
    pub body: Body,
    /// The block header (`resource "aws_instance" "web"`).
    pub decl_range: Range,
}

/// A local value of a `locals` block.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Local {
    /// Its name.
    pub name: String,
    /// Its expression.
    pub expr: Expression,
    /// The whole definition, `name = expr`.
    pub range: Range,
}

/// An `output` block.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Output {
    /// Its name.
    pub name: String,
    /// `value`.
    pub value: Expression,
    /// `description`, if set.
    pub description: Option<String>,
    /// `sensitive`, false unless set.
    pub sensitive: bool,
    /// The block header.
    pub decl_range: Range,
}

/// A `module` block: a call of another module.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ModuleCall {
    /// Its name.
    pub name: String,
    /// `source`: a literal string, or since Terraform 1.15 and OpenTofu
    /// 1.8 an expression of variables, locals and `path`.
    pub source: Expression,
    /// `version`, if set.
    pub version: Option<Expression>,
    /// `count`, if set.
    pub count: Option<Expression>,
    /// `for_each`, if set.
    pub for_each: Option<Expression>,
    /// The rest of the body: the called module's input variables,
    /// `providers`, `depends_on`, ...
    pub body: Body,
    /// The block header.
    pub decl_range: Range,
}

/// A module as Terraform reads it: what [`Module::terraform`] lists. Each
/// list is in source order (files by name, override files applied).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct TerraformView {
    /// The input variables, with their type constraints and defaults.
    pub variables: Vec<Variable>,
    /// The local values of every `locals` block.
    pub locals: Vec<Local>,
    /// The `resource`, `data` and `ephemeral` blocks.
    pub resources: Vec<Resource>,
    /// The outputs.
    pub outputs: Vec<Output>,
    /// The module calls.
    pub module_calls: Vec<ModuleCall>,
    /// The module's directory, for `path.module`.
    dir: Option<String>,
    /// Whether the module is OpenTofu's, whose `tofu` object is
    /// `terraform`'s other name.
    tofu: bool,
}

/// How [`TerraformView::eval_context`] sets input variables.
///
/// ```
/// use hcl_json::module::ContextOptions;
///
/// let options = ContextOptions::new().unset_variables_unknown(true);
/// # let _ = options;
/// ```
#[derive(Debug, Clone, Default)]
pub struct ContextOptions {
    values: Option<VariableValues>,
    unset_unknown: bool,
}

impl ContextOptions {
    /// Variables take their defaults; one without a default is an error.
    pub fn new() -> ContextOptions {
        ContextOptions::default()
    }

    /// The variables' values, as [`Module::variable_values`] or
    /// [`VariableValues::resolve`] give them; a variable they do not set
    /// takes its default.
    pub fn with_values(mut self, values: VariableValues) -> ContextOptions {
        self.values = Some(values);
        self
    }

    /// With `unknown`, a variable with no value and no default is unknown
    /// (of its declared type) instead of a "No value for required
    /// variable" error: what a tool reading a module it does not run
    /// wants.
    pub fn unset_variables_unknown(mut self, unknown: bool) -> ContextOptions {
        self.unset_unknown = unknown;
        self
    }
}

impl Module {
    /// The module as Terraform reads it: its variables, locals,
    /// resources, data sources, ephemeral resources, outputs and module
    /// calls, each with its range, and ([`TerraformView::eval_context`])
    /// a context to evaluate their expressions in.
    ///
    /// Errors: every problem of the blocks read (a duplicate, an output
    /// without `value`, a module call without `source`, a variable's
    /// invalid type or default), at once.
    ///
    /// ```
    /// use hcl_json::module::{ContextOptions, LoadOptions, Module};
    /// use hcl_json::Value;
    ///
    /// let module = Module::from_sources(
    ///     [("main.tf", r#"
    /// variable "env" {}
    /// locals {
    ///   name = "web-${var.env}"
    ///   tags = { Name = local.name }
    /// }
    /// resource "aws_instance" "web" {
    ///   tags = local.tags
    /// }
    /// output "name" {
    ///   value = local.name
    /// }
    /// output "id" {
    ///   value = aws_instance.web.id
    /// }
    /// "#)],
    ///     &LoadOptions::terraform(),
    /// )?;
    /// let view = module.terraform()?;
    /// assert_eq!(view.resources[0].type_name, "aws_instance");
    /// let ctx = view.eval_context(&ContextOptions::new().unset_variables_unknown(true))?;
    /// // What Terraform does not know yet is unknown.
    /// assert!(!view.outputs[0].value.value(&ctx)?.is_known());
    /// assert!(!view.outputs[1].value.value(&ctx)?.is_known());
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn terraform(&self) -> Result<TerraformView, Error> {
        let mut diags = Diagnostics::new();
        let variables = match self.variables() {
            Ok(vars) => vars,
            Err(err) => {
                diags.extend(err.into_diagnostics());
                Vec::new()
            }
        };
        let schema = BodySchema::new()
            .block("locals", &[])
            .block("resource", &["type", "name"])
            .block("data", &["type", "name"])
            .block("ephemeral", &["type", "name"])
            .block("output", &["name"])
            .block("module", &["name"])
            .block("check", &["name"]);
        let top = match self.body().partial_content(&schema) {
            Ok((content, _)) => content,
            Err(err) => return Err(self.body().attach(err)),
        };
        // A `check` block's scoped data source is one of the module's data
        // resources, in the check block's place (Terraform adds it to the
        // same table: its name is unique module-wide).
        let scoped = BodySchema::new()
            .block("data", &["type", "name"])
            .block("assert", &[]);
        let mut blocks = Vec::with_capacity(top.blocks.len());
        for block in top.blocks {
            if block.type_name != "check" {
                blocks.push((block, false));
            } else if let Some((content, _)) = read(&block.body, &scoped, &mut diags) {
                let data = content.blocks.into_iter().filter(|b| b.type_name == "data");
                blocks.extend(data.map(|b| (b, true)));
            }
        }
        let mut view = TerraformView {
            variables,
            locals: Vec::new(),
            resources: Vec::new(),
            outputs: Vec::new(),
            module_calls: Vec::new(),
            dir: self.dir().map(|d| d.display().to_string()),
            tofu: self.options().dialect() == Dialect::OpenTofu,
        };
        let mut seen: HashMap<(&'static str, Vec<String>), Range> = HashMap::new();
        let mut first = |kind: &'static str, labels: &[String], range: &Range| {
            seen.insert((kind, labels.to_vec()), range.clone())
        };
        for (block, in_check) in blocks {
            let labels = block.labels.clone();
            let label = |i: usize| labels.get(i).cloned().unwrap_or_default();
            match block.type_name.as_str() {
                "locals" => {
                    let attrs = block.body.just_attributes_collecting(&mut diags);
                    for (name, attr) in attrs {
                        let key = [name.clone()];
                        if let Some(earlier) = first("local", &key, &attr.range) {
                            diags.push(duplicate("local value", &name, &earlier, &attr.range));
                            continue;
                        }
                        view.locals.push(Local {
                            name,
                            expr: attr.expr,
                            range: attr.range,
                        });
                    }
                }
                "resource" | "data" | "ephemeral" => {
                    let (mode, kind) = match block.type_name.as_str() {
                        "resource" => (ResourceMode::Managed, "resource"),
                        "data" => (ResourceMode::Data, "data"),
                        _ => (ResourceMode::Ephemeral, "ephemeral"),
                    };
                    if let Some(earlier) = first(kind, &labels, &block.def_range) {
                        let what = format!("{kind} {:?} {:?}", label(0), label(1));
                        diags.push(duplicate(kind, &what, &earlier, &block.def_range));
                        continue;
                    }
                    let schema = BodySchema::new()
                        .attribute("count", false)
                        .attribute("for_each", false)
                        .attribute("provider", false)
                        .attribute("depends_on", false);
                    let Some((mut content, rest)) = read(&block.body, &schema, &mut diags) else {
                        continue;
                    };
                    if in_check {
                        if let Some(d) = repeated_in_check(&content) {
                            diags.push(d);
                            continue;
                        }
                    }
                    let mut take =
                        |name: &str| content.attributes.shift_remove(name).map(|a| a.expr);
                    view.resources.push(Resource {
                        mode,
                        type_name: label(0),
                        name: label(1),
                        count: take("count"),
                        for_each: take("for_each"),
                        provider: take("provider"),
                        depends_on: take("depends_on"),
                        body: rest,
                        decl_range: block.def_range,
                    });
                }
                "output" => {
                    if let Some(earlier) = first("output", &labels, &block.def_range) {
                        diags.push(duplicate("output", &label(0), &earlier, &block.def_range));
                        continue;
                    }
                    let schema = BodySchema::new()
                        .attribute("value", true)
                        .attribute("description", false)
                        .attribute("sensitive", false);
                    let Some((content, _)) = read(&block.body, &schema, &mut diags) else {
                        continue;
                    };
                    let literal = EvalContext::literal();
                    let literal_value = |name: &str, diags: &mut Diagnostics| {
                        let attr = content.attributes.get(name)?;
                        attr.expr
                            .value(&literal)
                            .map_err(|e| diags.extend(e.into_diagnostics()))
                            .ok()
                    };
                    let description = literal_value("description", &mut diags)
                        .and_then(|v| v.as_str().map(str::to_string));
                    let sensitive = literal_value("sensitive", &mut diags)
                        .and_then(|v| v.as_bool())
                        .unwrap_or(false);
                    let Some(value) = content.attributes.get("value") else {
                        continue;
                    };
                    view.outputs.push(Output {
                        name: label(0),
                        value: value.expr.clone(),
                        description,
                        sensitive,
                        decl_range: block.def_range,
                    });
                }
                "module" => {
                    if let Some(earlier) = first("module", &labels, &block.def_range) {
                        diags.push(duplicate(
                            "module call",
                            &label(0),
                            &earlier,
                            &block.def_range,
                        ));
                        continue;
                    }
                    let schema = BodySchema::new()
                        .attribute("source", true)
                        .attribute("version", false)
                        .attribute("count", false)
                        .attribute("for_each", false);
                    let Some((mut content, rest)) = read(&block.body, &schema, &mut diags) else {
                        continue;
                    };
                    let mut take =
                        |name: &str| content.attributes.shift_remove(name).map(|a| a.expr);
                    let Some(source) = take("source") else {
                        continue;
                    };
                    view.module_calls.push(ModuleCall {
                        name: label(0),
                        source,
                        version: take("version"),
                        count: take("count"),
                        for_each: take("for_each"),
                        body: rest,
                        decl_range: block.def_range,
                    });
                }
                _ => {}
            }
        }
        diags
            .into_result(view)
            .map_err(|err| self.body().attach(err))
    }
}

/// The content of `body` by `schema` and the rest, or `None` with the
/// problems recorded.
fn read(
    body: &Body,
    schema: &BodySchema,
    diags: &mut Diagnostics,
) -> Option<(crate::body::BodyContent, Body)> {
    match body.partial_content(schema) {
        Ok(parts) => Some(parts),
        Err(err) => {
            diags.extend(err.into_diagnostics());
            None
        }
    }
}

/// Terraform's error for `count` or `for_each` in a `check` block's data
/// source, which is read once, as the check is.
fn repeated_in_check(content: &crate::body::BodyContent) -> Option<Diagnostic> {
    let (name, attr) = ["count", "for_each"]
        .into_iter()
        .find_map(|name| Some((name, content.attributes.get(name)?)))?;
    Some(Diagnostic::error(
        format!("Invalid {name:?} attribute"),
        "The \"count\" and \"for_each\" meta-arguments are not supported within nested data blocks.",
        Some(attr.name_range.clone()),
    ))
}

/// Terraform's error for a second definition of one name.
fn duplicate(kind: &str, name: &str, first: &Range, again: &Range) -> Diagnostic {
    Diagnostic::error(
        format!("Duplicate {kind} definition"),
        format!("A {kind} named {name} was already defined at {first}. Each must have a unique name within a module."),
        Some(again.clone()),
    )
}

impl TerraformView {
    /// A context to evaluate the module's expressions in, with the
    /// standard library:
    ///
    /// - `var`: each variable's value (from [`ContextOptions::with_values`],
    ///   else its default), converted to its type; one with neither is
    ///   "No value for required variable", or unknown of its type with
    ///   [`ContextOptions::unset_variables_unknown`];
    /// - `local`: every local value, each evaluated once in the order they
    ///   depend on each other (a cycle is "Cycle in local values", naming
    ///   them);
    /// - each managed resource type (`aws_instance`, also as
    ///   `resource.aws_instance`), `data`, `ephemeral` and `module`: an
    ///   object with an unknown value per name, since Terraform knows
    ///   their attributes only once it has planned or applied them;
    /// - `path.module` and `path.root`: the module's directory (`"."` for
    ///   a module from sources); `path.cwd` and `terraform.workspace`
    ///   unknown strings; `terraform.applying` (Terraform 1.10) an unknown
    ///   bool, marked ephemeral as Terraform marks it; in an OpenTofu
    ///   module, `tofu` too, OpenTofu's other name for `terraform`.
    ///
    /// `count`, `each` and `self` are not set: they belong to one
    /// resource's evaluation (add them in a [`child`](EvalContext::child)).
    /// Every problem (a local that fails to evaluate, a cycle, a required
    /// variable) comes back at once.
    pub fn eval_context(&self, options: &ContextOptions) -> Result<EvalContext, Error> {
        let mut diags = Diagnostics::new();
        let mut vars = Vec::with_capacity(self.variables.len());
        for decl in &self.variables {
            let given = options.values.as_ref().and_then(|v| v.get(&decl.name));
            let value = match (given, &decl.default) {
                (Some(v), _) | (None, Some(v)) => v.clone(),
                (None, None) if options.unset_unknown => {
                    let ty = decl
                        .constraint
                        .as_ref()
                        .map_or(Type::Dynamic, |c| c.ty.clone());
                    Value::unknown(ty)
                }
                (None, None) => {
                    diags.push(Diagnostic::error(
                        "No value for required variable",
                        format!("The input variable {:?} is not set, and has no default value. Give it a value, or ask for unset variables to be unknown.", decl.name),
                        Some(decl.decl_range.clone()),
                    ));
                    Value::unknown(Type::Dynamic)
                }
            };
            vars.push((decl.name.as_str(), value));
        }
        let unknown = || Value::unknown(Type::Dynamic);
        let mut managed: IndexMap<&str, Vec<(&str, Value)>> = IndexMap::new();
        let mut data: IndexMap<&str, Vec<(&str, Value)>> = IndexMap::new();
        let mut ephemeral: IndexMap<&str, Vec<(&str, Value)>> = IndexMap::new();
        for r in &self.resources {
            let table = match r.mode {
                ResourceMode::Managed => &mut managed,
                ResourceMode::Data => &mut data,
                ResourceMode::Ephemeral => &mut ephemeral,
            };
            table
                .entry(r.type_name.as_str())
                .or_default()
                .push((r.name.as_str(), unknown()));
        }
        let nest = |table: IndexMap<&str, Vec<(&str, Value)>>| {
            Value::object(
                table
                    .into_iter()
                    .map(|(ty, names)| (ty, Value::object(names))),
            )
        };
        let dir = self.dir.clone().unwrap_or_else(|| ".".to_string());
        let unknown_string = || Value::unknown(Type::String);
        let mut ctx = EvalContext::new()
            .with_stdlib()
            .with_variable("var", Value::object(vars))
            .with_variable(
                "module",
                Value::object(
                    self.module_calls
                        .iter()
                        .map(|m| (m.name.as_str(), unknown())),
                ),
            )
            .with_variable(
                "path",
                Value::object([
                    ("module", Value::from(dir.as_str())),
                    ("root", Value::from(dir.as_str())),
                    ("cwd", unknown_string()),
                ]),
            )
            .with_variable("data", nest(data))
            .with_variable("ephemeral", nest(ephemeral));
        let terraform = Value::object([
            ("workspace", unknown_string()),
            (
                "applying",
                Value::unknown(Type::Bool).mark(Marks::EPHEMERAL),
            ),
        ]);
        if self.tofu {
            ctx = ctx.with_variable("tofu", terraform.clone());
        }
        ctx = ctx.with_variable("terraform", terraform);
        for (ty, names) in &managed {
            ctx = ctx.with_variable(*ty, Value::object(names.iter().cloned()));
        }
        // `resource.TYPE.NAME`: Terraform's spelling of a managed resource
        // whose type a later keyword might take.
        let ctx = ctx.with_variable("resource", nest(managed));
        let locals = self.evaluate_locals(&ctx, &mut diags);
        let ctx = ctx.with_variable("local", Value::object(locals));
        diags.into_result(ctx)
    }

    /// Every local value, evaluated in dependency order: each local is
    /// evaluated once, in a context whose `local` holds just the locals
    /// it refers to, so the work is linear in the references. A local
    /// whose evaluation fails, or that is part of a cycle, is unknown in
    /// the result, and the problem is recorded.
    fn evaluate_locals<'a>(
        &'a self,
        ctx: &EvalContext,
        diags: &mut Diagnostics,
    ) -> Vec<(&'a str, Value)> {
        let index: HashMap<&str, usize> = self
            .locals
            .iter()
            .enumerate()
            .map(|(i, l)| (l.name.as_str(), i))
            .collect();
        let deps: Vec<Vec<usize>> = self
            .locals
            .iter()
            .map(|local| {
                let mut refs: Vec<usize> = local
                    .expr
                    .variables()
                    .iter()
                    .filter(|t| t.root_name() == "local")
                    .filter_map(|t| match t.steps().get(1) {
                        Some(TraversalStep::Attr { name, .. }) => index.get(name.as_str()).copied(),
                        _ => None,
                    })
                    .collect();
                refs.sort_unstable();
                refs.dedup();
                refs
            })
            .collect();
        let order = topological(&deps);
        let mut values: Vec<Option<Value>> = vec![None; self.locals.len()];
        let mut cyclic = HashSet::new();
        for step in order {
            match step {
                Visit::Cycle(members) => {
                    let names: Vec<String> = members
                        .iter()
                        .map(|&i| format!("local.{}", self.locals[i].name))
                        .collect();
                    let first = &self.locals[members[0]];
                    diags.push(Diagnostic::error(
                        "Cycle in local values",
                        format!("The local values {} refer to each other, so none of them can be evaluated.", names.join(", ")),
                        Some(first.range.clone()),
                    ));
                    for i in members {
                        cyclic.insert(i);
                        values[i] = Some(Value::unknown(Type::Dynamic));
                    }
                }
                Visit::Node(i) => {
                    if cyclic.contains(&i) {
                        continue;
                    }
                    let local = &self.locals[i];
                    let scope = Value::object(deps[i].iter().map(|&d| {
                        let value = values[d].clone().unwrap_or(Value::unknown(Type::Dynamic));
                        (self.locals[d].name.as_str(), value)
                    }));
                    let value = match local.expr.value(&ctx.child().with_variable("local", scope)) {
                        Ok(value) => value,
                        Err(err) => {
                            diags.extend(err.into_diagnostics());
                            Value::unknown(Type::Dynamic)
                        }
                    };
                    values[i] = Some(value);
                }
            }
        }
        self.locals
            .iter()
            .zip(values)
            .map(|(l, v)| (l.name.as_str(), v.unwrap_or(Value::unknown(Type::Dynamic))))
            .collect()
    }
}

/// One step of evaluating a dependency graph: a node whose dependencies
/// are done, or a cycle (its members, found in source order).
#[derive(Debug, PartialEq, Eq)]
enum Visit {
    Node(usize),
    Cycle(Vec<usize>),
}

/// The nodes of the graph `deps` (node `i` depends on `deps[i]`) in an
/// order where each comes after its dependencies, with each cycle
/// reported once before its members: Tarjan's strongly connected
/// components, iteratively (a long chain of locals must not overflow the
/// stack), linear in nodes and edges.
fn topological(deps: &[Vec<usize>]) -> Vec<Visit> {
    let n = deps.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::with_capacity(n);
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next edge to look at)
        let mut work = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut edge)) = work.last_mut() {
            if let Some(&w) = deps[v].get(*edge) {
                *edge += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut members = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    members.push(w);
                    if w == v {
                        break;
                    }
                }
                let self_loop = deps[v].contains(&v);
                if members.len() > 1 || self_loop {
                    members.sort_unstable();
                    out.push(Visit::Cycle(members));
                } else {
                    out.push(Visit::Node(v));
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;
