//! Spec files: the block language `hcldec` reads a [`Spec`] from.
//!
//! The root holds exactly one spec block (`object`, `array`, `attr`,
//! `block`, `block_list`, `block_set`, `block_map`, `literal`, `default`,
//! `transform`), plus optional `variables` blocks (values given to the
//! decoded document) and `function "name"` blocks (functions given to it,
//! written as an expression over parameters). Inside `object`, spec blocks
//! take one label: the result key, which also names the attribute or
//! block type. The spec is read through the body model only, so a spec
//! file may be written in any syntax the crate parses.
//!
//! Beyond `hcldec`'s command line, this reader also knows `block_attrs`,
//! `block_tuple`, `block_object` and `label` (the package has them; its
//! command line does not).

use indexmap::IndexMap;

use super::{BlockCollection, BlockKeyed, Spec};
use crate::body::{Block, BodyContent, BodySchema};
use crate::body::{Body, Expression};
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::eval::{EvalContext, Function, FunctionError, Param};
use crate::ext::typeexpr::TypeConstraint;
use crate::value::{try_convert, Number, Type, Value};

/// The spec block types, in the order `hcldec` lists them.
const SPEC_BLOCKS: &[&str] = &[
    "object",
    "array",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "default",
    "transform",
    "block_attrs",
    "block_tuple",
    "block_object",
    "label",
];

/// The functions `hcldec` offers inside spec files (in `variables`,
/// `literal` values, `transform` results and `function` bodies).
/// `reverse` is the string reverse there; `hasindex`, `int` and `strlen`
/// are go-cty's ([`cty_functions`](crate::stdlib::cty_functions)).
const SPEC_FUNCTIONS: &[(&str, &str)] = &[
    ("abs", "abs"),
    ("coalesce", "coalesce"),
    ("concat", "concat"),
    ("hasindex", "hasindex"),
    ("int", "int"),
    ("jsondecode", "jsondecode"),
    ("jsonencode", "jsonencode"),
    ("length", "length"),
    ("lower", "lower"),
    ("max", "max"),
    ("min", "min"),
    ("reverse", "strrev"),
    ("strlen", "strlen"),
    ("substr", "substr"),
    ("upper", "upper"),
];

/// A spec file read: its root spec, and the variables and functions it
/// declares for the documents it decodes.
///
/// ```
/// use hcl_json::{hcldec::SpecFile, EvalContext, Value};
///
/// let spec_src = r#"{
///   "object": {"attr": {"name": {"type": "string", "required": true}}},
///   "variables": {"who": "world"}
/// }"#;
/// let spec_file = SpecFile::from_body(&hcl_json::parse(spec_src, "s.hcldec.json")?.body())?;
/// let input = hcl_json::parse(r#"{"name": "hello ${who}"}"#, "in.json")?;
/// let value = spec_file.spec.decode(&input.body(), &spec_file.context())?;
/// assert_eq!(value.get_attr("name"), Some(&Value::from("hello world")));
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct SpecFile {
    /// The root spec.
    pub spec: Spec,
    /// The values of the `variables` blocks.
    pub variables: IndexMap<String, Value>,
    /// The `function` blocks.
    pub functions: IndexMap<String, Function>,
}

impl SpecFile {
    /// Reads a spec file's root body; every problem at once.
    pub fn from_body(body: &Body) -> Result<SpecFile, Error> {
        let (file, diags) = SpecFile::from_body_with_diagnostics(body);
        diags.into_result(()).map_err(|e| body.attach(e))?;
        Ok(file)
    }

    /// Reads a spec file's root body, returning warnings and errors with
    /// what could be read (a spec with errors decodes to null).
    pub fn from_body_with_diagnostics(body: &Body) -> (SpecFile, Diagnostics) {
        let mut diags = Diagnostics::new();
        let spec_ctx = spec_context();
        let decls = BodySchema::new()
            .block("function", &["name"])
            .block("variables", &[]);
        let (content, rest) = collect(body, &decls, true, &mut diags);
        let mut functions = IndexMap::new();
        let mut variables = IndexMap::new();
        for block in &content.blocks {
            if block.type_name == "function" {
                if let Some(f) = user_function(block, &spec_ctx, &mut diags) {
                    functions.insert(block.labels[0].clone(), f);
                }
                continue;
            }
            match block.body.just_attributes() {
                Ok(attrs) => {
                    for (name, attr) in attrs {
                        let v = eval(&attr.expr, &spec_ctx, &mut diags);
                        variables.insert(name, v);
                    }
                }
                Err(err) => diags.extend_error(err),
            }
        }
        let rest = rest.unwrap_or_else(|| body.clone());
        let reader = Reader { ctx: spec_ctx };
        let spec = reader.root(&rest, &mut diags);
        (
            SpecFile {
                spec,
                variables,
                functions,
            },
            diags,
        )
    }

    /// The context documents are decoded with, as `hcldec` builds it: the
    /// declared variables and functions (no others). With neither, it is
    /// literal-only, so JSON strings are not templates; with no functions
    /// a call is "not allowed", with no variables a reference is.
    pub fn context(&self) -> EvalContext {
        if self.variables.is_empty() && self.functions.is_empty() {
            return EvalContext::literal();
        }
        EvalContext::new()
            .with_variables(self.variables.clone())
            .with_functions(self.functions.clone())
    }
}

/// The context of expressions inside the spec file: `hcldec`'s function
/// table, no variables.
fn spec_context() -> EvalContext {
    let library = EvalContext::new()
        .with_stdlib()
        .with_functions(crate::stdlib::cty_functions());
    let mut ctx = EvalContext::new();
    for (name, ours) in SPEC_FUNCTIONS {
        if let Some(f) = library.function(ours) {
            ctx = ctx.with_function(*name, f.clone());
        }
    }
    ctx
}

fn collect(
    body: &Body,
    schema: &BodySchema,
    partial: bool,
    diags: &mut Diagnostics,
) -> (BodyContent, Option<Body>) {
    match body.content_collecting(schema, partial, "", diags) {
        Ok(result) => result,
        Err(err) => {
            diags.extend_error(err);
            let empty = BodyContent::empty(body.missing_item_range());
            (empty, None)
        }
    }
}

fn eval(expr: &Expression, ctx: &EvalContext, diags: &mut Diagnostics) -> Value {
    expr.value(ctx).unwrap_or_else(|err| {
        diags.extend_error(err);
        Value::dynamic()
    })
}

/// An `ext/userfunc` function: `params` and `variadic_param` name the
/// parameters (bare names), `result` is evaluated with them bound, in the
/// spec file's context.
fn user_function(
    block: &Block,
    spec_ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Option<Function> {
    let schema = BodySchema::new()
        .attribute("params", true)
        .attribute("variadic_param", false)
        .attribute("result", true);
    let (content, _) = collect(&block.body, &schema, false, diags);
    let mut params = Vec::new();
    if let Some(attr) = content.attributes.get("params") {
        match attr.expr.as_list() {
            Ok(items) => {
                for item in items {
                    match param_name(&item) {
                        Ok(name) => params.push(name),
                        Err(err) => diags.extend_error(err),
                    }
                }
            }
            Err(err) => diags.extend_error(err),
        }
    }
    let variadic = match content.attributes.get("variadic_param") {
        Some(attr) => match param_name(&attr.expr) {
            Ok(name) => Some(name),
            Err(err) => {
                diags.extend_error(err);
                None
            }
        },
        None => None,
    };
    let result = content.attributes.get("result")?.expr.clone();
    let mut builder = Function::builder();
    for name in &params {
        builder = builder.param(Param::new(name.clone(), Type::Dynamic));
    }
    if let Some(name) = &variadic {
        builder = builder.variadic(Param::new(name.clone(), Type::Dynamic));
    }
    // Pure: the result is an expression of the arguments in the spec
    // file's context, whose functions are all pure (and an impure call
    // inside it would be counted as the caller's anyway).
    let ctx = spec_ctx.clone();
    Some(builder.pure().build(move |args| {
        let mut scope = ctx.child();
        for (name, value) in params.iter().zip(args) {
            scope = scope.with_variable(name.clone(), value.clone());
        }
        if let Some(name) = &variadic {
            let rest = args.get(params.len()..).unwrap_or_default();
            scope = scope.with_variable(name.clone(), Value::tuple(rest.to_vec()));
        }
        result
            .value(&scope)
            .map_err(|err| FunctionError::new(first_detail(&err)))
    }))
}

fn first_detail(err: &Error) -> String {
    err.diagnostics()
        .first()
        .map(|d| match &d.subject {
            Some(r) => format!("{r}: {}; {}", d.summary, d.detail),
            None => format!("{}; {}", d.summary, d.detail),
        })
        .unwrap_or_default()
}

fn param_name(expr: &Expression) -> Result<String, Error> {
    let traversal = expr.abs_traversal()?;
    if traversal.steps().len() != 1 {
        return Err(Error::at(
            "Invalid function parameter name",
            "A parameter name is a single identifier.",
            expr.range(),
        ));
    }
    Ok(traversal.root_name().to_string())
}

/// Reads spec blocks.
struct Reader {
    ctx: EvalContext,
}

fn spec_schema(labelled: bool) -> BodySchema {
    let labels: &[&str] = if labelled { &["key"] } else { &[] };
    SPEC_BLOCKS
        .iter()
        .fold(BodySchema::new(), |s, name| s.block(*name, labels))
}

/// The spec value of a spec that failed to read: a null literal, as in
/// `hcldec`.
fn err_spec() -> Spec {
    Spec::Literal(Value::null(Type::Dynamic))
}

impl Reader {
    fn root(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let detail =
            "A spec file must have exactly one root block specifying how to map to a JSON value.";
        self.exactly_one(body, detail, diags)
    }

    /// The one unlabelled spec block of `body`.
    fn exactly_one(&self, body: &Body, detail: &str, diags: &mut Diagnostics) -> Spec {
        let mut own = Diagnostics::new();
        let (content, _) = collect(body, &spec_schema(false), false, &mut own);
        let failed = own.has_errors();
        diags.extend(own);
        match content.blocks.as_slice() {
            [] => {
                if !failed {
                    diags.push(Diagnostic::error(
                        "Missing spec block",
                        detail,
                        Some(content.missing_item_range.clone()),
                    ));
                }
                err_spec()
            }
            [only] => self.block(only, diags),
            [_, second, ..] => {
                diags.push(Diagnostic::error(
                    "Extraneous spec block",
                    detail,
                    Some(second.def_range.clone()),
                ));
                err_spec()
            }
        }
    }

    fn block(&self, block: &Block, diags: &mut Diagnostics) -> Spec {
        let implied = block.labels.first().cloned().unwrap_or_default();
        let body = &block.body;
        match block.type_name.as_str() {
            "object" => {
                let (content, _) = collect(body, &spec_schema(true), false, diags);
                Spec::Object(
                    content
                        .blocks
                        .iter()
                        .map(|b| (b.labels[0].clone(), self.block(b, diags)))
                        .collect(),
                )
            }
            "array" => {
                let (content, _) = collect(body, &spec_schema(false), false, diags);
                Spec::Tuple(
                    content
                        .blocks
                        .iter()
                        .map(|b| self.block(b, diags))
                        .collect(),
                )
            }
            "attr" => self.attr(body, implied, diags),
            "block" => self.single_block(body, implied, diags),
            "block_list" | "block_set" | "block_tuple" => {
                self.collection(&block.type_name, body, implied, diags)
            }
            "block_map" | "block_object" => self.keyed(&block.type_name, body, implied, diags),
            "block_attrs" => self.block_attrs(body, implied, diags),
            "label" => self.label(body, implied, diags),
            "default" => self.default(body, diags),
            "transform" => self.transform(body, diags),
            _ => self.literal(body, diags),
        }
    }

    /// Reads `names` as arguments (none required unless listed in
    /// `required`) and the rest of the body when `nested`.
    fn args(
        &self,
        body: &Body,
        names: &[&str],
        required: &[&str],
        nested: bool,
        diags: &mut Diagnostics,
    ) -> Option<(BodyContent, Option<Body>)> {
        let schema = names.iter().fold(BodySchema::new(), |s, n| {
            s.attribute(*n, required.contains(n))
        });
        let mut own = Diagnostics::new();
        let result = collect(body, &schema, nested, &mut own);
        let failed = own.has_errors();
        diags.extend(own);
        (!failed).then_some(result)
    }

    fn string_arg(
        &self,
        content: &BodyContent,
        name: &str,
        diags: &mut Diagnostics,
    ) -> Option<String> {
        let v = self.typed_arg(content, name, &Type::String, diags)?;
        v.as_str().map(str::to_string)
    }

    fn count_arg(&self, content: &BodyContent, name: &str, diags: &mut Diagnostics) -> usize {
        let Some(v) = self.typed_arg(content, name, &Type::Number, diags) else {
            return 0;
        };
        if let Some(n) = v.as_number().and_then(Number::to_u64) {
            n as usize
        } else {
            diags.push(Diagnostic::error(
                "Unsuitable value type",
                "Unsuitable value: a whole number of zero or more is required.",
                Some(content.attributes[name].expr.range()),
            ));
            0
        }
    }

    fn bool_arg(&self, content: &BodyContent, name: &str, diags: &mut Diagnostics) -> bool {
        self.typed_arg(content, name, &Type::Bool, diags)
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    }

    /// An argument's value converted to `ty`, evaluated without variables
    /// or functions (as `gohcl` decodes them with a nil context).
    fn typed_arg(
        &self,
        content: &BodyContent,
        name: &str,
        ty: &Type,
        diags: &mut Diagnostics,
    ) -> Option<Value> {
        let attr = content.attributes.get(name)?;
        let v = eval(&attr.expr, &EvalContext::literal(), diags);
        match try_convert(&v, ty, true) {
            Ok(v) if !v.is_null() && v.is_known() => Some(v),
            Ok(_) => None,
            Err(err) => {
                diags.push(Diagnostic::error(
                    "Unsuitable value type",
                    format!("Unsuitable value: {err}"),
                    Some(attr.expr.range()),
                ));
                None
            }
        }
    }

    fn type_arg(&self, content: &BodyContent, name: &str, diags: &mut Diagnostics) -> Type {
        match content.attributes.get(name) {
            Some(attr) => match TypeConstraint::parse(&attr.expr) {
                Ok(c) => c.ty,
                Err(err) => {
                    diags.extend_error(err);
                    Type::Dynamic
                }
            },
            None => Type::Dynamic,
        }
    }

    fn attr(&self, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let Some((content, _)) = self.args(body, &["name", "type", "required"], &[], false, diags)
        else {
            return err_spec();
        };
        let name = self.string_arg(&content, "name", diags).unwrap_or(implied);
        let ty = self.type_arg(&content, "type", diags);
        let required = self.bool_arg(&content, "required", diags);
        if name.is_empty() {
            diags.push(Diagnostic::error(
                "Missing name in attribute spec",
                "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
                Some(content.missing_item_range),
            ));
            return err_spec();
        }
        Spec::Attr { name, ty, required }
    }

    fn nested(&self, rest: Option<Body>, diags: &mut Diagnostics) -> Spec {
        match rest {
            Some(rest) => self.exactly_one(
                &rest,
                "A block spec must have exactly one child spec specifying how to decode block contents.",
                diags,
            ),
            None => err_spec(),
        }
    }

    fn missing_block_type(kind: &str, content: &BodyContent) -> Diagnostic {
        Diagnostic::error(
            format!("Missing block_type in {kind} spec"),
            "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
            Some(content.missing_item_range.clone()),
        )
    }

    fn single_block(&self, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let Some((content, rest)) = self.args(body, &["block_type", "required"], &[], true, diags)
        else {
            return err_spec();
        };
        let type_name = self
            .string_arg(&content, "block_type", diags)
            .unwrap_or(implied);
        let required = self.bool_arg(&content, "required", diags);
        let nested = self.nested(rest, diags);
        Spec::Block {
            type_name,
            nested: Box::new(nested),
            required,
        }
    }

    fn collection(
        &self,
        kind: &str,
        body: &Body,
        implied: String,
        diags: &mut Diagnostics,
    ) -> Spec {
        let names = ["block_type", "min_items", "max_items"];
        let Some((content, rest)) = self.args(body, &names, &[], true, diags) else {
            return err_spec();
        };
        let type_name = self
            .string_arg(&content, "block_type", diags)
            .unwrap_or(implied);
        let min_items = self.count_arg(&content, "min_items", diags);
        let max_items = self.count_arg(&content, "max_items", diags);
        let nested = self.nested(rest, diags);
        if type_name.is_empty() {
            diags.push(Reader::missing_block_type(kind, &content));
            return err_spec();
        }
        let c = BlockCollection {
            type_name,
            nested: Box::new(nested),
            min_items,
            max_items,
        };
        match kind {
            "block_set" => Spec::BlockSet(c),
            "block_tuple" => Spec::BlockTuple(c),
            _ => Spec::BlockList(c),
        }
    }

    fn keyed(&self, kind: &str, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let Some((content, rest)) = self.args(body, &["block_type", "labels"], &[], true, diags)
        else {
            return err_spec();
        };
        let type_name = self
            .string_arg(&content, "block_type", diags)
            .unwrap_or(implied);
        let labels = self
            .typed_arg(&content, "labels", &Type::list(Type::String), diags)
            .map(|v| {
                v.iter()
                    .filter_map(|l| l.as_str().map(str::to_string))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let nested = self.nested(rest, diags);
        if type_name.is_empty() {
            diags.push(Reader::missing_block_type(kind, &content));
            return err_spec();
        }
        if labels.is_empty() {
            diags.push(Diagnostic::error(
                "Invalid block label name list",
                format!("A {kind} must have at least one label specified."),
                Some(content.missing_item_range),
            ));
            return err_spec();
        }
        let keyed = BlockKeyed {
            type_name,
            label_names: labels,
            nested: Box::new(nested),
        };
        if kind == "block_object" {
            return Spec::BlockObject(keyed);
        }
        let spec = Spec::BlockMap(keyed);
        if has_dynamic(&spec.implied_type()) {
            diags.push(Diagnostic::error(
                "Invalid block_map spec",
                "A block_map spec may not contain attributes with type 'any'.",
                Some(content.missing_item_range),
            ));
        }
        spec
    }

    fn block_attrs(&self, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let names = ["block_type", "element_type", "required"];
        let Some((content, _)) = self.args(body, &names, &[], false, diags) else {
            return err_spec();
        };
        let type_name = self
            .string_arg(&content, "block_type", diags)
            .unwrap_or(implied);
        let element_type = self.type_arg(&content, "element_type", diags);
        let required = self.bool_arg(&content, "required", diags);
        if type_name.is_empty() {
            diags.push(Reader::missing_block_type("block_attrs", &content));
            return err_spec();
        }
        Spec::BlockAttrs {
            type_name,
            element_type,
            required,
        }
    }

    fn label(&self, body: &Body, implied: String, diags: &mut Diagnostics) -> Spec {
        let Some((content, _)) = self.args(body, &["index", "name"], &["index"], false, diags)
        else {
            return err_spec();
        };
        let index = self.count_arg(&content, "index", diags);
        let name = self.string_arg(&content, "name", diags).unwrap_or(implied);
        Spec::Label { index, name }
    }

    fn default(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let mut own = Diagnostics::new();
        let (content, _) = collect(body, &spec_schema(false), false, &mut own);
        let failed = own.has_errors();
        diags.extend(own);
        match content.blocks.as_slice() {
            [] if !failed => {
                diags.push(Diagnostic::error(
                    "Missing spec block",
                    "A default block must have at least one nested spec, each specifying a possible outcome.",
                    Some(content.missing_item_range.clone()),
                ));
                return err_spec();
            }
            [only] if !failed => diags.push(Diagnostic::warning(
                "Useless default block",
                "A default block with only one spec is equivalent to using that spec alone.",
                Some(only.def_range.clone()),
            )),
            _ => {}
        }
        let mut spec: Option<Spec> = None;
        for block in &content.blocks {
            let mut own = Diagnostics::new();
            let candidate = self.block(block, &mut own);
            let failed = own.has_errors();
            diags.extend(own);
            if failed {
                continue;
            }
            spec = Some(match spec {
                None => candidate,
                Some(primary) => Spec::default(primary, candidate),
            });
        }
        spec.unwrap_or_else(err_spec)
    }

    fn transform(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let Some((content, rest)) = self.args(body, &["result"], &["result"], true, diags) else {
            return err_spec();
        };
        let Some(rest) = rest else {
            return err_spec();
        };
        let mut own = Diagnostics::new();
        let (nested, _) = collect(&rest, &spec_schema(false), false, &mut own);
        let failed = own.has_errors();
        diags.extend(own);
        if nested.blocks.len() != 1 {
            if !failed {
                diags.push(Diagnostic::error(
                    "Invalid transform spec",
                    "A transform spec block must have exactly one nested spec block.",
                    Some(content.missing_item_range.clone()),
                ));
            }
            return err_spec();
        }
        let wrapped = self.block(&nested.blocks[0], diags);
        Spec::transform(
            wrapped,
            content.attributes["result"].expr.clone(),
            self.ctx.clone(),
            "nested",
        )
    }

    fn literal(&self, body: &Body, diags: &mut Diagnostics) -> Spec {
        let Some((content, _)) = self.args(body, &["value"], &["value"], false, diags) else {
            return err_spec();
        };
        let mut own = Diagnostics::new();
        let value = eval(&content.attributes["value"].expr, &self.ctx, &mut own);
        let failed = own.has_errors();
        diags.extend(own);
        if failed {
            return err_spec();
        }
        Spec::Literal(value)
    }
}

fn has_dynamic(ty: &Type) -> bool {
    match ty {
        Type::Dynamic => true,
        Type::List(t) | Type::Set(t) | Type::Map(t) => has_dynamic(t),
        Type::Object(attrs) => attrs.values().any(has_dynamic),
        Type::Tuple(elems) => elems.iter().any(has_dynamic),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_spec_files_functions_are_pure() {
        let ctx = super::spec_context();
        for name in ctx.function_names() {
            assert!(ctx.function(name).unwrap().is_pure(), "{name}");
        }
    }
}
