//! Module calls whose `source` is a local directory (`./modules/vpc`):
//! Terraform reads the module found there, so a call's arguments and the
//! outputs its references name can be checked against that module before
//! `terraform init` has installed anything.
//!
//! A call's attributes other than the meta-arguments must be the child's
//! variables ("Unsupported argument"), and every variable without a
//! default must be set ("Missing required argument"), in HCL's words, as
//! Terraform reports them. An argument's value, as far as it is known
//! with every name it refers to unknown (`"10.0.0.0/16"`, `[var.a, 1]`),
//! must suit the variable's type ("Invalid value for input variable", as
//! `terraform validate` reports it). A directory that does not exist is
//! Terraform's "Unreadable module directory", as `terraform init` says.
//! Calls to registry or remote modules, and local modules that do not
//! read whole, are left alone: what they declare is not here to see (a
//! module's own problems are its own check's).
//! See <https://developer.hashicorp.com/terraform/language/modules/sources#local-paths>.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::places::{json_blocks, json_has_property};
use super::vars::{convert_given, declarations, GivenValue, Variable};
use super::{Dialect, LoadOptions, Module};
use crate::body::{Block, Body, BodySchema, Expression, FileRepr, NativeFile};
use crate::diag::{suggestion, Diagnostic, Diagnostics};
use crate::eval::EvalContext;
use crate::json::{FileData, NodeKind};
use crate::native::Item;
use crate::value::{Type, Value};

/// A module block's arguments that are not the child's variables.
const META_ARGUMENTS: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "providers",
    "depends_on",
];

/// The local modules [`check_files_in`](super::check_files_in) has read,
/// each once, by directory: one for a run over many directories that call
/// the same module (`hcl-json check` of a tree), which reads it once
/// instead of once per caller. It does not see a module change after it
/// has read it; a new one reads again. It keeps what it read (each
/// module's parsed files) until it is dropped.
///
/// ```
/// use hcl_json::module::{check_files_in, LocalModules};
/// use hcl_json::EvalContext;
///
/// let modules = LocalModules::new();
/// let src = "module \"net\" {\n  source = \"./no-such-module\"\n}\n";
/// let main = hcl_json::parse_native(src, "main.tf")?;
/// let diags = check_files_in(&[main], ".".as_ref(), &EvalContext::new().with_stdlib(), &modules);
/// assert_eq!(diags.as_slice()[0].summary, "Unreadable module directory");
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct LocalModules {
    read: Mutex<HashMap<PathBuf, Option<Arc<Child>>>>,
}

impl LocalModules {
    /// None read yet.
    pub fn new() -> LocalModules {
        LocalModules::default()
    }

    /// The module in `dir`, read now if it has not been (outside the lock:
    /// two threads may both read a module the first time, one keeps it).
    fn get(&self, dir: &Path) -> Option<Arc<Child>> {
        let key = std::fs::canonicalize(dir).ok()?;
        if let Some(child) = self.lock().get(&key) {
            return child.clone();
        }
        let child = Child::read(&key);
        self.lock().entry(key).or_insert(child).clone()
    }

    /// The modules read so far (a thread that panicked holding them left
    /// them whole: each is inserted in one step).
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PathBuf, Option<Arc<Child>>>> {
        self.read
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

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
#[derive(Debug, Default)]
pub(super) struct Child {
    /// Its variables' names, each with whether it is required (it has no
    /// default).
    variables: BTreeMap<String, bool>,
    /// The module's body, whose variables' type constraints are read the
    /// first time a call's argument is to be judged ([`Child::declared`]).
    body: Option<Body>,
    declared: OnceLock<HashMap<String, Variable>>,
    /// Its output names.
    pub outputs: BTreeSet<String>,
}

/// The local child modules of `calls` (each module block of a primary
/// file, with the file's index), read relative to `dir`, and the
/// problems of the calls' arguments; `ctx` has the functions the
/// arguments may call.
pub(super) fn local_children(
    calls: &[(usize, Block)],
    dir: &Path,
    modules: &LocalModules,
    ctx: &EvalContext,
) -> LocalCalls {
    let mut found = LocalCalls::default();
    let literal = EvalContext::literal();
    for (index, block) in calls {
        let [name] = block.labels.as_slice() else {
            continue;
        };
        let mut ignored = Diagnostics::new();
        let schema = BodySchema::new().attribute("source", false);
        let Some(source) = block
            .body
            .content_collecting(&schema, true, "", &mut ignored)
            .ok()
            .and_then(|(mut content, _)| content.attributes.swap_remove("source"))
        else {
            continue;
        };
        let Some(path) = source
            .expr
            .value(&literal)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
        else {
            continue;
        };
        if !(path.starts_with("./") || path.starts_with("../")) {
            continue;
        }
        let child_dir = lexical_join(dir, &path);
        if !child_dir.is_dir() {
            let detail = format!(
                "The directory {} could not be read for module {name:?}.",
                child_dir.display()
            );
            let range = Some(source.expr.range());
            found.problems.push((
                *index,
                Diagnostic::error("Unreadable module directory", detail, range),
            ));
            continue;
        }
        let Some(child) = modules.get(&child_dir) else {
            continue;
        };
        // The arguments, in source order, then what is missing.
        let args = block.body.attribute_names();
        for (arg, name_range) in &args {
            let known = META_ARGUMENTS.contains(&arg.as_str()) || child.variables.contains_key(arg);
            if !known {
                let names = child.variables.keys().map(String::as_str);
                let suggestion = suggestion(arg, names);
                let detail = format!("An argument named {arg:?} is not expected here.{suggestion}");
                let range = Some(name_range.clone());
                found.problems.push((
                    *index,
                    Diagnostic::error("Unsupported argument", detail, range),
                ));
            }
        }
        for (arg, expr) in judged_arguments(&block.body, &child) {
            let Some(decl) = child.declared().get(arg.as_str()) else {
                continue;
            };
            let has_default = child.variables.get(arg.as_str()) == Some(&false);
            let addr = format!("module.{name}.var.{arg}");
            if let Some(diag) = unsuitable(&expr, decl, has_default, &addr, ctx) {
                found.problems.push((*index, diag));
            }
        }
        let given: HashSet<&str> = args.iter().map(|(arg, _)| arg.as_str()).collect();
        for (variable, &required) in &child.variables {
            if required && !given.contains(variable.as_str()) {
                let detail =
                    format!("The argument {variable:?} is required, but no definition was found.");
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

/// The arguments of a call to `child` whose values are to be judged
/// against its variables' types: those naming a variable, but for a
/// native argument whose value is unknown whatever the names it refers to
/// hold ([`always_unknown`]), which is not even parsed (a wrapper module
/// passes a hundred `try(each.value.x, var.defaults.x)`).
fn judged_arguments(body: &Body, child: &Child) -> Vec<(String, Expression)> {
    let declared = |name: &str| child.variables.contains_key(name);
    if let Some(native) = body.as_native() {
        let src = native.src();
        return native
            .items()
            .filter_map(|item| match item {
                Item::Attribute(attr) => Some(attr),
                Item::Block(_) => None,
            })
            .filter(|attr| declared(attr.name.text(src)))
            .filter(|attr| !always_unknown(&src[attr.expr_span.range()]))
            .map(|attr| {
                let attr = native.attribute(attr);
                (attr.name, attr.expr)
            })
            .collect();
    }
    let mut ignored = Diagnostics::new();
    body.just_attributes_collecting(&mut ignored)
        .into_iter()
        .filter(|(name, _)| declared(name))
        .map(|(name, attr)| (name, attr.expr))
        .collect()
}

/// Whether the native expression `text` is unknown whatever the module
/// holds, every name it refers to being unknown: a bare reference
/// (`var.x`, `each.value["a"]`, but not `null`, `true` or `false`) or a
/// `try(...)` call and nothing after it. What it cannot tell is parsed
/// and evaluated.
fn always_unknown(text: &str) -> bool {
    let b = text.trim().as_bytes();
    if b.starts_with(b"try(") {
        return closes_at_end(&b[3..]);
    }
    let ident = |mut i: usize| -> Option<usize> {
        if !b
            .get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            return None;
        }
        while b
            .get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
        {
            i += 1;
        }
        Some(i)
    };
    let Some(mut i) = ident(0) else { return false };
    if matches!(&b[..i], b"null" | b"true" | b"false") {
        return false;
    }
    while i < b.len() {
        match b[i] {
            b'.' => match ident(i + 1) {
                Some(end) => i = end,
                None => return false,
            },
            // An index of a literal key or a name (no nested brackets).
            b'[' => match b[i + 1..]
                .iter()
                .position(|&c| matches!(c, b']' | b'[' | b'('))
            {
                Some(k) if b[i + 1 + k] == b']' => i += k + 2,
                _ => return false,
            },
            _ => return false,
        }
    }
    true
}

/// Whether the parenthesis `b` opens with closes at its last byte
/// (parentheses in quoted strings not counted).
fn closes_at_end(b: &[u8]) -> bool {
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    for (i, &c) in b.iter().enumerate() {
        match (quoted, c) {
            (true, _) if escaped => escaped = false,
            (true, b'\\') => escaped = true,
            (_, b'"') => quoted = !quoted,
            (false, b'(') => depth += 1,
            (false, b')') => {
                depth -= 1;
                if depth == 0 {
                    return i == b.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// Terraform's diagnostic for the value of `expr`, given for `decl` (named
/// `addr`), when the value does not suit the variable whatever the names
/// it refers to hold: each name is an unknown value of any type, so only
/// what is known is judged (a string where a list is wanted, a tuple one
/// of whose known elements does not convert, `null` for a variable that
/// may not be null). A value that does not evaluate here is left to the
/// check of the expression itself.
fn unsuitable(
    expr: &Expression,
    decl: &Variable,
    has_default: bool,
    addr: &str,
    ctx: &EvalContext,
) -> Option<Diagnostic> {
    if decl.constraint.is_none() && decl.nullable {
        return None;
    }
    // A scope of its own over `ctx` (whose functions are not copied).
    let unknown = Value::unknown(Type::Dynamic);
    let roots: Vec<(String, Value)> = expr
        .variables()
        .iter()
        .map(|reference| (reference.root_name().to_string(), unknown.clone()))
        .collect();
    let value = expr.value(&ctx.child().with_variables(roots)).ok()?;
    let range = expr.range();
    let given = GivenValue {
        addr,
        range: &range,
        set_using: None,
    };
    convert_given(decl, has_default, &value, &given)
        .err()
        .map(|diag| *diag)
}

/// `dir` joined with the relative `path`, `.` and `name/..` taken out as
/// Terraform's `filepath.Join` takes them out (lexically: `a/b/../c` is
/// `a/c`, a leading `..` stays).
fn lexical_join(dir: &Path, path: &str) -> PathBuf {
    let mut out: Vec<Component<'_>> = Vec::new();
    for part in dir.components().chain(Path::new(path).components()) {
        match part {
            Component::CurDir if !out.is_empty() => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.iter().collect()
}

impl Child {
    /// Its variables' type constraints, nullability and declarations (no
    /// default read), by name; read once, when first asked.
    fn declared(&self) -> &HashMap<String, Variable> {
        self.declared.get_or_init(|| {
            let Some(body) = &self.body else {
                return HashMap::new();
            };
            let (declared, _) = declarations(body, false);
            declared
                .into_iter()
                .map(|decl| (decl.name.clone(), decl))
                .collect()
        })
    }

    /// Records a variable, required unless some file gives it a default.
    fn variable(&mut self, name: &str, has_default: bool) {
        let required = self.variables.entry(name.to_string()).or_insert(true);
        *required &= !has_default;
    }

    /// The `variable` and `output` blocks of a native file.
    fn native(&mut self, native: &NativeFile) {
        let src = native.source.text();
        for item in native.tree.items(native.tree.root) {
            let Item::Block(block) = item else { continue };
            let [label] = block.labels.as_slice() else {
                continue;
            };
            let name = label.text(src);
            match block.type_name.text(src) {
                "output" => {
                    self.outputs.insert(name.to_string());
                }
                "variable" => {
                    let has_default = native.tree.items(block.body).iter().any(
                        |item| matches!(item, Item::Attribute(a) if a.name.text(src) == "default"),
                    );
                    self.variable(name, has_default);
                }
                _ => {}
            }
        }
    }

    /// The `variable` and `output` blocks of a JSON file.
    fn json(&mut self, data: &FileData) {
        let NodeKind::Object { first, len } = data.kind(data.root) else {
            return;
        };
        for top in data.properties(first, len) {
            let kind = data.str(top.name());
            match kind.as_deref() {
                Some("output") => json_blocks(data, top.value, 1, &mut |labels, _| {
                    self.outputs.extend(labels.first().cloned());
                }),
                Some("variable") => json_blocks(data, top.value, 1, &mut |labels, body| {
                    if let Some(name) = labels.first() {
                        self.variable(name, json_has_property(data, body, "default"));
                    }
                }),
                _ => {}
            }
        }
    }

    /// The module in the directory `dir`, read by OpenTofu's rules
    /// (Terraform's, and the `.tofu` files OpenTofu prefers), or `None`
    /// when it does not read whole.
    fn read(dir: &Path) -> Option<Arc<Child>> {
        let options = LoadOptions::new(Dialect::OpenTofu);
        let (module, diags) = Module::load_with_diagnostics(dir, &options);
        // A module that does not read whole could be missing a variable;
        // its own check reports why.
        if diags.has_errors() {
            return None;
        }
        // Names and whether each variable has a default, read from the
        // syntax trees: no default built (a module's defaults can be
        // large), and an override file's default counts.
        let mut child = Child::default();
        for file in module.files() {
            match &*file.repr {
                FileRepr::Native(native) => child.native(native),
                FileRepr::Json(data) => child.json(data),
            }
        }
        child.body = Some(module.body().clone());
        Some(Arc::new(child))
    }
}

#[cfg(test)]
#[path = "calls_tests.rs"]
mod tests;
