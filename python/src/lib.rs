//! `hcl_json` for Python: the Rust crate's parsers, evaluator, module loader,
//! converter and formatter behind a small Python API.
//!
//! `loads` and `load` return the dictionaries python-hcl2
//! (<https://github.com/amplify-education/python-hcl2>) returns, so that a
//! program written against python-hcl2 can switch by changing its import;
//! the rest (`evaluate`, `evaluate_file`, `load_module`, `check_module`,
//! `to_native`, `to_json`, `format`) is what python-hcl2 has no answer for. Every error
//! becomes an `HclError` whose `.diagnostics` carry HCL's located
//! diagnostics (<https://pkg.go.dev/github.com/hashicorp/hcl/v2#Diagnostic>).
#![forbid(unsafe_code)]
// PyO3's macros expand to items the workspace lints would flag.
#![allow(unreachable_pub, missing_docs, clippy::useless_conversion)]

use std::path::PathBuf;

use hcl::body::BodyItem;
use hcl::module::{Dialect, LoadOptions, Module};
use hcl::stdlib::{Filesystem, Unpredictable};
use hcl::{Body, ConvertOptions, EvalContext, Expression, File, Number, Value};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

create_exception!(
    hcl_json,
    HclError,
    PyValueError,
    "Bad HCL input: `.diagnostics` lists each problem with its location."
);

/// How deeply Python values given as variables may nest: deeper structures
/// are refused with an `HclError` instead of exhausting the stack.
const MAX_DEPTH: usize = 512;

/// One problem found in the input, located in its file.
#[pyclass(frozen, get_all, module = "hcl_json")]
#[derive(Debug, Clone)]
struct Diagnostic {
    severity: String,
    summary: String,
    detail: String,
    filename: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(severity={:?}, summary={:?}, detail={:?}, filename={:?}, line={:?}, column={:?})",
            self.severity, self.summary, self.detail, self.filename, self.line, self.column
        )
    }
}

/// The value of an expression that depends on something not yet known
/// (HCL's unknown value); `hcl_json.UNKNOWN` is its one instance.
#[pyclass(frozen, module = "hcl_json")]
#[derive(Debug)]
struct Unknown;

#[pymethods]
impl Unknown {
    fn __repr__(&self) -> &'static str {
        "hcl_json.UNKNOWN"
    }
    fn __bool__(&self) -> bool {
        false
    }
}

impl From<&hcl::Diagnostic> for Diagnostic {
    fn from(d: &hcl::Diagnostic) -> Diagnostic {
        Diagnostic {
            severity: match d.severity {
                hcl::Severity::Warning => "warning".to_owned(),
                hcl::Severity::Error => "error".to_owned(),
            },
            summary: d.summary.clone(),
            detail: d.detail.clone(),
            filename: d.subject.as_ref().map(|r| r.filename.to_string()),
            line: d.subject.as_ref().map(|r| r.start.line),
            column: d.subject.as_ref().map(|r| r.start.column),
        }
    }
}

fn hcl_error(err: &hcl::Error) -> PyErr {
    let diags: Vec<Diagnostic> = err.diagnostics().iter().map(Diagnostic::from).collect();
    let message = err.to_string();
    Python::attach(|py| {
        let e = HclError::new_err(message);
        let list = diags
            .into_iter()
            .map(|d| Py::new(py, d))
            .collect::<PyResult<Vec<_>>>()
            .and_then(|v| PyList::new(py, v));
        match list {
            Ok(list) => match e.value(py).setattr("diagnostics", list) {
                Ok(()) => e,
                Err(other) => other,
            },
            Err(other) => other,
        }
    })
}

fn simple_error(summary: &str, detail: String) -> PyErr {
    let diag = hcl::Diagnostic::error(summary, detail, None);
    hcl_error(&hcl::Error::new(diag))
}

trait OrHcl<T> {
    fn or_hcl(self) -> PyResult<T>;
}

impl<T> OrHcl<T> for Result<T, hcl::Error> {
    fn or_hcl(self) -> PyResult<T> {
        self.map_err(|e| hcl_error(&e))
    }
}

/// Text or bytes from Python: bytes must be UTF-8 (an `HclError` otherwise).
fn text_of(obj: &Bound<'_, PyAny>, filename: &str) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return match std::str::from_utf8(b.as_bytes()) {
            Ok(s) => Ok(s.to_owned()),
            Err(e) => Err(simple_error(
                "Invalid UTF-8",
                format!(
                    "{filename} is not UTF-8 text: the byte at offset {} is not part of a UTF-8 character.",
                    e.valid_up_to()
                ),
            )),
        };
    }
    Err(PyTypeError::new_err("expected str or bytes"))
}

fn is_json_name(filename: &str) -> bool {
    std::path::Path::new(filename)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// The native-syntax file python-hcl2's shape is read from: a JSON-syntax
/// file is converted first (with Terraform's schema, which tells blocks from
/// attributes), so that both syntaxes give the same dictionaries.
fn native_file(text: &str, filename: &str) -> PyResult<File> {
    if is_json_name(filename) {
        let file = hcl::parse(text, filename).or_hcl()?;
        let native = hcl::to_native_string(&file.body(), &ConvertOptions::terraform()).or_hcl()?;
        let name = filename.strip_suffix(".json").unwrap_or(filename);
        hcl::parse_native(&native, name).or_hcl()
    } else {
        hcl::parse_native(text, filename).or_hcl()
    }
}

/// What an expression becomes: python-hcl2's text form, or its value.
enum Mode<'a> {
    Hcl2,
    Evaluate(&'a EvalContext),
}

fn body_dict<'py>(py: Python<'py>, body: &Body, mode: &Mode) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for item in body.items() {
        match item {
            BodyItem::Attribute(a) => dict.set_item(&a.name, expr_to_py(py, &a.expr, mode)?)?,
            BodyItem::Block(b) => {
                let inner = body_dict(py, &b.body, mode)?;
                if matches!(mode, Mode::Hcl2) {
                    inner.set_item("__is_block__", true)?;
                }
                let mut wrapped = inner;
                for label in b.labels.iter().rev() {
                    let outer = PyDict::new(py);
                    let key = match mode {
                        Mode::Hcl2 => quote(label),
                        Mode::Evaluate(_) => label.clone(),
                    };
                    outer.set_item(key, wrapped)?;
                    wrapped = outer;
                }
                let list = if let Some(l) = dict.get_item(&b.type_name)? {
                    l.cast_into::<PyList>()?
                } else {
                    let l = PyList::empty(py);
                    dict.set_item(&b.type_name, &l)?;
                    l
                };
                list.append(wrapped)?;
            }
            _ => {
                return Err(simple_error(
                    "Unexpected JSON property",
                    "a JSON-syntax body reached the native walk".to_owned(),
                ))
            }
        }
    }
    if matches!(mode, Mode::Hcl2) {
        let comments = body.comments();
        if !comments.is_empty() {
            let list = PyList::empty(py);
            for comment in &comments {
                let entry = PyDict::new(py);
                entry.set_item("value", comment_text(comment.source_text()))?;
                list.append(entry)?;
            }
            dict.set_item("__comments__", list)?;
        }
    }
    Ok(dict)
}

/// A comment as python-hcl2 gives it: a line comment without its marker
/// and surrounding spaces, a block comment as written.
fn comment_text(text: &str) -> &str {
    if let Some(rest) = text.strip_prefix('#').or_else(|| text.strip_prefix("//")) {
        rest.trim()
    } else {
        text.trim()
    }
}

/// Whether `s` is one quoted template from its first byte to its last (and
/// not, say, `"a" == "a"`): the opening quote's closing quote is the last
/// byte, skipping escapes and the strings inside `${...}` and `%{...}`.
fn is_one_string(s: &str) -> bool {
    let bytes = s.as_bytes();
    matches!(string_end(bytes, 0), Some(end) if end + 1 == bytes.len())
}

/// The index of the quote closing the string that opens at `start`.
fn string_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                i = interpolation_end(b, i + 2)? + 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// The index of the brace closing an interpolation whose text starts at `i`.
fn interpolation_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i)? + 1,
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' if depth == 0 => return Some(i),
            b'}' => {
                depth -= 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// A label as python-hcl2 writes it: in double quotes, escaped as HCL escapes.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

fn expr_to_py<'py>(py: Python<'py>, e: &Expression, mode: &Mode) -> PyResult<Bound<'py, PyAny>> {
    match mode {
        Mode::Evaluate(ctx) => value_to_py(py, &e.value(ctx).or_hcl()?),
        Mode::Hcl2 => hcl2_expr(py, e),
    }
}

/// python-hcl2's form of an expression: literals as Python values, strings
/// and heredocs as their quoted source, tuples and objects of those as lists
/// and dictionaries, a lone name bare, anything else as `"${...}"`.
fn hcl2_expr<'py>(py: Python<'py>, e: &Expression) -> PyResult<Bound<'py, PyAny>> {
    let s = e.source_text().trim();
    match s {
        "true" => return Ok(PyBool::new(py, true).to_owned().into_any()),
        "false" => return Ok(PyBool::new(py, false).to_owned().into_any()),
        "null" => return Ok(py.None().into_bound(py)),
        _ => {}
    }
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.starts_with(|c: char| c.is_ascii_digit()) {
        if digits.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(i) = s.parse::<i64>() {
                return Ok(i.into_pyobject(py)?.into_any());
            }
            return py.get_type::<PyInt>().call1((s,));
        }
        if digits.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            if let Ok(f) = s.parse::<f64>() {
                return Ok(PyFloat::new(py, f).into_any());
            }
        }
    }
    if s.starts_with('"') && is_one_string(s) {
        return Ok(PyString::new(py, s).into_any());
    }
    if s.starts_with("<<") {
        return Ok(PyString::new(py, &format!("\"{}\"", s.trim_end())).into_any());
    }
    if s.starts_with('[') {
        if let Ok(items) = e.as_list() {
            let list = PyList::empty(py);
            for item in &items {
                list.append(hcl2_expr(py, item)?)?;
            }
            return Ok(list.into_any());
        }
    }
    if s.starts_with('{') {
        if let Ok(pairs) = e.as_map() {
            let dict = PyDict::new(py);
            for (k, v) in &pairs {
                let key = k.source_text().trim();
                let key = if key.starts_with('"') || is_identifier(key) {
                    key.to_owned()
                } else {
                    format!("${{{key}}}")
                };
                dict.set_item(key, hcl2_expr(py, v)?)?;
            }
            return Ok(dict.into_any());
        }
    }
    if is_identifier(s) {
        return Ok(PyString::new(py, s).into_any());
    }
    Ok(PyString::new(py, &format!("${{{s}}}")).into_any())
}

fn number_to_py<'py>(py: Python<'py>, n: &Number) -> PyResult<Bound<'py, PyAny>> {
    if let Some(i) = n.to_i64() {
        if n.is_integer() {
            return Ok(i.into_pyobject(py)?.into_any());
        }
    }
    let text = n.to_string();
    if n.is_integer() {
        py.get_type::<PyInt>().call1((text,))
    } else {
        py.import("decimal")?.getattr("Decimal")?.call1((text,))
    }
}

fn value_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null(_) => py.None().into_bound(py),
        Value::Unknown(_) => unknown(py)?,
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => number_to_py(py, n)?,
        Value::String(s) => PyString::new(py, s.as_str()).into_any(),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(value_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Map(_, entries) | Value::Object(entries) => {
            let dict = PyDict::new(py);
            for (k, item) in entries {
                dict.set_item(k.as_str(), value_to_py(py, item)?)?;
            }
            dict.into_any()
        }
        // Python has no marks: a sensitive or ephemeral value is its value.
        Value::Marked(_) => value_to_py(py, v.unmarked())?,
    })
}

fn unknown(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py.import("hcl_json")?.getattr("UNKNOWN")
}

fn py_to_value(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(simple_error(
            "Value nested too deeply",
            format!("A variable's value nests more than {MAX_DEPTH} levels deep."),
        ));
    }
    if obj.is_none() {
        return Ok(Value::null(hcl::Type::Dynamic));
    }
    if obj.is_instance_of::<Unknown>() {
        return Ok(Value::Unknown(hcl::Type::Dynamic));
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::from(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() || obj.get_type().name()? == "Decimal" {
        let text = obj.str()?.to_string();
        return Number::parse(&text).map(Value::from).map_err(|e| {
            simple_error(
                "Invalid number",
                format!("{text} is not a number HCL holds: {e}."),
            )
        });
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let f = f.value();
        if !f.is_finite() {
            return Err(simple_error(
                "Invalid number",
                format!("{f} is not a number HCL holds."),
            ));
        }
        return Ok(Value::from(f));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::from(s.to_cow()?.as_ref()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut attrs = Vec::with_capacity(d.len());
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| {
                PyTypeError::new_err("the keys of an object variable must be strings")
            })?;
            attrs.push((key.to_cow()?.into_owned(), py_to_value(&v, depth + 1)?));
        }
        return Ok(Value::object(attrs));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut items = Vec::new();
        for item in obj.try_iter()? {
            items.push(py_to_value(&item?, depth + 1)?);
        }
        return Ok(Value::tuple(items));
    }
    Err(PyTypeError::new_err(format!(
        "a {} cannot be an HCL value",
        obj.get_type().name()?
    )))
}

fn context(variables: Option<&Bound<'_, PyDict>>) -> PyResult<EvalContext> {
    let mut ctx = EvalContext::new().with_stdlib();
    if let Some(vars) = variables {
        for (k, v) in vars.iter() {
            let name = k
                .cast::<PyString>()
                .map_err(|_| PyTypeError::new_err("variable names must be strings"))?;
            ctx = ctx.with_variable(name.to_cow()?.into_owned(), py_to_value(&v, 0)?);
        }
    }
    Ok(ctx)
}

/// python-hcl2's `loads`: the dictionaries of a native (or, by its file
/// name, JSON) file.
#[pyfunction]
#[pyo3(signature = (text, filename = "<string>", *, with_meta = false))]
fn loads<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    filename: &str,
    with_meta: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if with_meta {
        return Err(PyValueError::new_err(
            "with_meta (line numbers of blocks) is not supported",
        ));
    }
    let text = text_of(text, filename)?;
    let file = py.detach(|| native_file(&text, filename))?;
    body_dict(py, &file.body(), &Mode::Hcl2)
}

/// python-hcl2's `load`: `loads` of an open file's contents, named by the
/// file's `name`.
#[pyfunction]
#[pyo3(signature = (file, *, with_meta = false))]
fn load<'py>(
    py: Python<'py>,
    file: &Bound<'py, PyAny>,
    with_meta: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let text = file.call_method0("read")?;
    let name = file
        .getattr("name")
        .ok()
        .and_then(|n| n.extract::<String>().ok())
        .unwrap_or_else(|| "<file>".to_owned());
    loads(py, &text, &name, with_meta)
}

/// The value of one expression, with `variables` and Terraform's functions.
#[pyfunction]
#[pyo3(signature = (expression, variables = None, filename = "<expression>"))]
fn evaluate<'py>(
    py: Python<'py>,
    expression: &str,
    variables: Option<&Bound<'py, PyDict>>,
    filename: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let ctx = context(variables)?;
    let expr = Expression::parse(expression, filename).or_hcl()?;
    let value = py.detach(|| expr.value(&ctx)).or_hcl()?;
    value_to_py(py, &value)
}

/// Every attribute of a file evaluated, blocks nested as in `loads` (lists
/// of dictionaries keyed by their labels, without quotes or `__is_block__`).
#[pyfunction]
#[pyo3(signature = (text, filename = "<string>", variables = None))]
fn evaluate_file<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    filename: &str,
    variables: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let ctx = context(variables)?;
    let text = text_of(text, filename)?;
    let file = py.detach(|| native_file(&text, filename))?;
    body_dict(py, &file.body(), &Mode::Evaluate(&ctx))
}

/// A module directory as Terraform, OpenTofu or Packer loads it.
#[pyfunction]
#[pyo3(signature = (path, dialect = "terraform", var_files = Vec::new()))]
fn load_module<'py>(
    py: Python<'py>,
    path: PathBuf,
    dialect: &str,
    var_files: Vec<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = load_options(dialect)?;
    let (module, values) = py
        .detach(|| -> Result<_, hcl::Error> {
            let module = Module::load(&path, &options)?;
            let values = module.variable_values(&var_files)?;
            Ok((module, values))
        })
        .or_hcl()?;
    let out = PyDict::new(py);
    let files = PyDict::new(py);
    for file in module.primary_files() {
        files.set_item(file.filename(), file_dict(py, file)?)?;
    }
    let overrides = PyDict::new(py);
    for file in module.override_files() {
        overrides.set_item(file.filename(), file_dict(py, file)?)?;
    }
    let vars = PyDict::new(py);
    for (name, value) in values.iter() {
        let value = &value.value;
        vars.set_item(name, value_to_py(py, value)?)?;
    }
    out.set_item("files", files)?;
    out.set_item("override_files", overrides)?;
    out.set_item("variables", vars)?;
    Ok(out)
}

/// The loading rules of a dialect named from Python.
fn load_options(dialect: &str) -> PyResult<LoadOptions> {
    match dialect {
        "terraform" => Ok(LoadOptions::new(Dialect::Terraform)),
        "opentofu" => Ok(LoadOptions::new(Dialect::OpenTofu)),
        "packer" => Ok(LoadOptions::new(Dialect::Packer)),
        other => Err(PyValueError::new_err(format!(
            "unknown dialect {other:?}: expected \"terraform\", \"opentofu\" or \"packer\""
        ))),
    }
}

/// Every problem `hcl-json check` finds in a module directory, without
/// evaluating anything: files that do not parse, template syntax, calls to
/// unknown functions, names declared twice, references to what the module
/// does not declare or Terraform would refuse, and the values of the
/// variable files Terraform loads from the directory by itself. Warnings
/// and errors both; nothing is raised for them.
#[pyfunction]
#[pyo3(signature = (path, dialect = "terraform"))]
fn check_module(py: Python<'_>, path: PathBuf, dialect: &str) -> PyResult<Vec<Diagnostic>> {
    let options = load_options(dialect)?;
    let diags = py.detach(|| {
        let (module, mut diags) = Module::load_with_diagnostics(&path, &options);
        // File and clock functions are known; a check calls none of them.
        let ctx = EvalContext::new()
            .with_stdlib()
            .with_filesystem(Filesystem::new(&path))
            .with_unpredictable(Unpredictable::unknown());
        // (A `check` block in an override file is both the load's problem
        // and the check's: said once.)
        for d in module.check(&ctx).as_slice() {
            let said = diags
                .as_slice()
                .iter()
                .any(|e| e.summary == d.summary && e.subject == d.subject);
            if !said {
                diags.push(d.clone());
            }
        }
        diags
    });
    Ok(diags.as_slice().iter().map(Diagnostic::from).collect())
}

fn file_dict<'py>(py: Python<'py>, file: &File) -> PyResult<Bound<'py, PyDict>> {
    if is_json_name(file.filename()) {
        let native = hcl::to_native_string(&file.body(), &ConvertOptions::terraform()).or_hcl()?;
        let native = hcl::parse_native(&native, file.filename()).or_hcl()?;
        body_dict(py, &native.body(), &Mode::Hcl2)
    } else {
        body_dict(py, &file.body(), &Mode::Hcl2)
    }
}

/// JSON-syntax text as native-syntax text (Terraform's schema tells blocks
/// from attributes).
#[pyfunction]
#[pyo3(signature = (text, filename = "<string>.tf.json"))]
fn to_native(py: Python<'_>, text: &Bound<'_, PyAny>, filename: &str) -> PyResult<String> {
    let text = text_of(text, filename)?;
    py.detach(|| {
        let file = hcl::parse(&text, filename)?;
        hcl::to_native_string(&file.body(), &ConvertOptions::terraform())
    })
    .or_hcl()
}

/// Native-syntax text as JSON-syntax text.
#[pyfunction]
#[pyo3(signature = (text, filename = "<string>.tf"))]
fn to_json(py: Python<'_>, text: &Bound<'_, PyAny>, filename: &str) -> PyResult<String> {
    let text = text_of(text, filename)?;
    py.detach(|| {
        let file = hcl::parse_native(&text, filename)?;
        hcl::to_json_string(&file.body(), &ConvertOptions::terraform())
    })
    .or_hcl()
}

/// Text laid out as `terraform fmt` lays it out (native syntax), or in
/// canonical form (JSON syntax, by file name).
#[pyfunction]
#[pyo3(signature = (text, filename = "<string>.tf"))]
fn format(py: Python<'_>, text: &Bound<'_, PyAny>, filename: &str) -> PyResult<String> {
    let text = text_of(text, filename)?;
    py.detach(|| hcl::format::auto(&text, filename)).or_hcl()
}

#[pymodule]
#[pyo3(name = "hcl_json")]
fn hcl_json_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HclError", py.get_type::<HclError>())?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Unknown>()?;
    m.add("UNKNOWN", Py::new(py, Unknown)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_file, m)?)?;
    m.add_function(wrap_pyfunction!(load_module, m)?)?;
    m.add_function(wrap_pyfunction!(check_module, m)?)?;
    m.add_function(wrap_pyfunction!(to_native, m)?)?;
    m.add_function(wrap_pyfunction!(to_json, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    Ok(())
}
