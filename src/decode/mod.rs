//! Decoding bodies into Rust types: [`HclDecode`], [`decode_body`],
//! [`from_str`], [`from_slice`], [`from_str_native`], [`from_path`],
//! [`from_paths`]; reading [`Spanned`](crate::pos::Spanned) values.
//!
//! `#[derive(HclDecode)]` turns a struct (or an enum of block types chosen
//! by their first label) into a body schema and a serde `Deserialize` impl;
//! this module's body deserializer drives it, evaluating attribute
//! expressions into typed fields, decoding nested blocks with their own
//! types (alone, in a `Vec` or in a map keyed by label), reading labels into
//! any type a string converts to, and capturing
//! [`Expression`](crate::body::Expression),
//! [`ExpressionClosure`](crate::eval::ExpressionClosure), [`Body`] and ranges
//! unevaluated. Every problem of the whole file is collected, located and
//! returned together, in source order. The body model itself (schemas,
//! content, bodies of either syntax) belongs to `body`; evaluation to
//! `eval`.

pub(crate) mod body_de;
pub(crate) mod capture;
mod expr_de;
pub(crate) mod shape;
pub(crate) mod spec;

use std::cell::RefCell;

use serde::de::DeserializeOwned;

use crate::body::{Body, BodySchema, LabelSpots, Labels};
use crate::diag::{DiagnosticKind, Diagnostics, Error};
use crate::eval::EvalContext;
use crate::value::limits;

pub use shape::{HasShape, Shape};
use spec::DecodeSpec;

/// A Rust type that decodes from an HCL body; derive it.
///
/// ```
/// use hcl_json::{EvalContext, HclDecode};
///
/// #[derive(HclDecode, Debug)]
/// struct Config {
///     #[hcl(attr)]
///     name: String,
///     #[hcl(attr)]
///     port: Option<u16>,
///     #[hcl(block)]
///     backend: Vec<Backend>,
/// }
///
/// #[derive(HclDecode, Debug)]
/// struct Backend {
///     #[hcl(label)]
///     name: String,
///     #[hcl(attr = "url")]
///     address: String,
/// }
///
/// let src = r#"{
///   "name": "api-${env}",
///   "port": "8080",
///   "backend": {"a": {"url": "http://a"}, "b": {"url": "http://b"}}
/// }"#;
/// let ctx = EvalContext::new().with_variable("env", "prod");
/// let config: Config = hcl_json::from_str(src, &ctx)?;
/// assert_eq!(config.name, "api-prod");
/// assert_eq!(config.port, Some(8080));
/// assert_eq!(config.backend[1].name, "b");
/// # Ok::<(), hcl_json::Error>(())
/// ```
///
/// # Field attributes
///
/// | attribute | field | example |
/// |---|---|---|
/// | `#[hcl(attr)]`, `#[hcl(attr = "name")]` | an attribute (named after the field, `r#type` is `type`); any `Deserialize` type, required unless `Option<_>`; `Expression` or `ExpressionClosure` to capture it unevaluated; `Spanned<T>` to keep its range | `#[hcl(attr)] port: u16` |
/// | `#[hcl(attr, literal)]` | an attribute read in literal-only mode: `"${x}"` stays the string `${x}` | `#[hcl(attr, literal)] description: Option<String>` |
/// | `#[hcl(attr, default)]` | an optional attribute that takes the type's `Default` when absent | `#[hcl(attr, default)] tags: Vec<String>` |
/// | `#[hcl(attr, default = "path")]` | an optional attribute that takes the function's result when absent | `#[hcl(attr, default = "default_port")] port: u16` |
/// | `#[hcl(attr, deserialize_with = "path")]` | an attribute read by a function with serde's signature, `fn<'de, D: Deserializer<'de>>(D) -> Result<T, D::Error>`, where `T` is the field's type; its error is located at the attribute's value like any other | `#[hcl(attr, deserialize_with = "parse_duration")] timeout: Duration` |
/// | `#[hcl(attr, with = "module")]` | `module::deserialize` reads the attribute (and `module::serialize` writes it for `HclEncode`) | `#[hcl(attr, with = "duration")] timeout: Duration` |
/// | `#[hcl(block)]`, `#[hcl(block = "name")]` | blocks of a type: `T` (exactly one), `Option<T>` (at most one), `Vec<T>` (any number), `Box<T>`, where `T: HclDecode` | `#[hcl(block)] backend: Vec<Backend>` |
/// | `#[hcl(block)]` on a map | `IndexMap`, `HashMap` or `BTreeMap` from the block's first label (any type read from a string) to `T`, whose own labels are the rest; a repeated first label is a "Duplicate block" error; `IndexMap` keeps source order | `#[hcl(block)] service: IndexMap<String, Service>` |
/// | `#[hcl(block, default)]`, `#[hcl(block, default = "path")]` | a single block that may be absent: the type's `Default` (or the function's result) then | `#[hcl(block, default)] limits: Limits` |
/// | `#[hcl(label)]` | the next label of the block; any type that deserializes from a string (`String`, numbers, unit-variant enums, newtypes, `Spanned<T>`); the label fields, in order, are the block type's label names | `#[hcl(label)] port: u16` |
/// | `#[hcl(remain)]` | everything the schema did not name: a [`Body`] to decode later, a [`Value`](crate::value::Value) (its attributes evaluated into one object, in source order: the fastest evaluated form, built as the dynamic decode builds objects), or a map of its attributes (`IndexMap<String, Expression>`, `HashMap<String, Value>`, ...) | `#[hcl(remain)] rest: Body` |
/// | `#[hcl(comment)]` | the body's `"//"` values, read in literal-only mode: `Option<T>` (the first) or `Vec<T>` (all), `T: Deserialize` | `#[hcl(comment)] notes: Vec<String>` |
/// | `#[hcl(def_range)]` | the block's definition range (its body's opening brace), a [`Range`](crate::pos::Range) | `#[hcl(def_range)] at: Range` |
/// | `#[hcl(type_range)]` | the range of the block's type name, a [`Range`](crate::pos::Range) | `#[hcl(type_range)] type_at: Range` |
///
/// Whether an attribute is optional is read from the field's type as
/// written: only a type spelled `Option<...>` is optional (a type alias of
/// `Option` is not recognised), or a field with `default`.
///
/// `with` and `deserialize_with` work as serde's: the function reads the
/// attribute's value (evaluated, or literal with `literal`) and returns the
/// field's type, so for an `Option<T>` field it returns an `Option<T>`
/// (and is called only when the attribute is present: absent is `None`).
/// The field's type needs no serde impls of its own. They combine with
/// `literal` and `default`, and apply to attributes only. The serde spelling `#[serde(with = "...")]` is not read: write
/// `#[hcl(attr, with = "...")]`.
///
/// ```
/// use std::time::Duration;
///
/// use hcl_json::{EvalContext, HclDecode};
/// use serde::{Deserialize, Deserializer};
///
/// #[derive(HclDecode, Debug)]
/// struct Server {
///     #[hcl(attr, deserialize_with = "parse_duration")]
///     timeout: Duration,
/// }
///
/// /// `"1m30s"`: minutes and seconds.
/// fn parse_duration<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
///     let text = String::deserialize(d)?;
///     let (m, s) = text.strip_suffix('s').and_then(|t| t.split_once('m')).unwrap_or(("", ""));
///     match (m.parse::<u64>(), s.parse::<u64>()) {
///         (Ok(m), Ok(s)) => Ok(Duration::from_secs(m * 60 + s)),
///         _ => Err(serde::de::Error::custom(format!("{text:?} is not like \"1m30s\""))),
///     }
/// }
///
/// let server: Server = hcl_json::from_str_native("timeout = \"1m30s\"", &EvalContext::new())?;
/// assert_eq!(server.timeout, Duration::from_secs(90));
///
/// let err = hcl_json::from_str::<Server>(r#"{"timeout": "soon"}"#, &EvalContext::new())
///     .unwrap_err();
/// let d = &err.diagnostics()[0];
/// assert_eq!(d.summary, "Invalid attribute value");
/// assert_eq!(d.detail, r#"Invalid value for attribute "timeout": "soon" is not like "1m30s"."#);
/// assert_eq!(d.subject.as_ref().unwrap().start.column, 13);
/// # Ok::<(), hcl_json::Error>(())
/// ```
///
/// Every key at work:
///
/// ```
/// use hcl_json::{Body, EvalContext, Expression, HclDecode, Range, Spanned};
/// use indexmap::IndexMap;
/// use serde::Deserialize;
///
/// #[derive(HclDecode)]
/// struct Stack {
///     #[hcl(comment)]
///     meta: Option<Meta>,
///     #[hcl(attr = "stack_name")]
///     name: String,
///     #[hcl(attr, literal)]
///     pattern: String,
///     #[hcl(attr, default = "default_region")]
///     region: String,
///     #[hcl(block)]
///     service: IndexMap<String, Service>,
///     #[hcl(block, default)]
///     limits: Limits,
///     #[hcl(remain)]
///     rest: Body,
/// }
///
/// #[derive(Deserialize)]
/// struct Meta {
///     owner: String,
/// }
///
/// fn default_region() -> String {
///     "eu-west-1".into()
/// }
///
/// #[derive(HclDecode)]
/// struct Service {
///     #[hcl(label)]
///     protocol: Spanned<String>,
///     #[hcl(attr)]
///     port: Spanned<u16>,
///     #[hcl(attr, default)]
///     replicas: u32,
///     #[hcl(attr)]
///     health: Option<Expression>,
///     #[hcl(def_range)]
///     at: Range,
///     #[hcl(type_range)]
///     type_at: Range,
/// }
///
/// #[derive(HclDecode, Default)]
/// struct Limits {
///     #[hcl(attr)]
///     cpu: Option<u32>,
/// }
///
/// let src = r#"{
///   "//": {"owner": "team-a"},
///   "stack_name": "web-${env}",
///   "pattern": "${keep}",
///   "service": {"api": {"http": {"port": 8080, "health": "${ping(self)}"}}},
///   "extra": true
/// }"#;
/// let ctx = EvalContext::new().with_variable("env", "dev");
/// let stack: Stack = hcl_json::from_str(src, &ctx)?;
/// assert_eq!(stack.meta.unwrap().owner, "team-a");
/// assert_eq!(stack.name, "web-dev");
/// assert_eq!(stack.pattern, "${keep}");
/// assert_eq!(stack.region, "eu-west-1");
/// let api = &stack.service["api"];
/// assert_eq!(*api.protocol, "http");
/// assert_eq!((*api.port, api.port.range().start.line), (8080, 5));
/// assert_eq!(api.replicas, 0);
/// assert!(api.health.is_some());
/// assert_eq!(api.type_at.start.line, 5);
/// assert!(stack.limits.cpu.is_none());
/// assert!(stack.rest.just_attributes()?.contains_key("extra"));
/// # Ok::<(), hcl_json::Error>(())
/// ```
///
/// # Errors
///
/// Every problem of the file is reported at once, in source order, each
/// with the range of the nearest value the decoder knows — including the
/// errors serde itself raises inside an attribute (a missing or unknown
/// field of a nested `Deserialize` struct, a `try_from` failure, an
/// untagged enum that matches no variant), whose detail names the path to
/// the value (`attribute "retry" in retry.inner`).
///
/// # Captures and serde's buffering
///
/// `Expression`, `ExpressionClosure`, `Body` and `Spanned<T>` are captured
/// through `Option`, `Box`, `Vec` and maps, and inside nested `Deserialize`
/// structs written as JSON objects. Inside an untagged, internally tagged
/// or adjacently tagged enum, or a `#[serde(flatten)]` field, serde buffers
/// a copy of the data and replays it: there, values arrive as written
/// (literal-only, templates not evaluated), and an `Expression` or
/// `ExpressionClosure` captures the expression written that way, so
/// `#[serde(untagged)] enum Check { Flag(bool), Expr(Expression) }` reads
/// `true` as a flag and `"${x > 1}"` as an expression. A `Spanned` value
/// there gets the range of its attribute.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a block type: it does not implement `HclDecode`",
    note = "block types are structs with `#[derive(HclDecode)]`; to read an attribute instead, use #[hcl(attr)]"
)]
pub trait HclDecode: DeserializeOwned {
    /// The names of the labels of a block of this type (its `#[hcl(label)]`
    /// fields, in order).
    const LABELS: &'static [&'static str];

    /// The type's decoding plan, built once.
    #[doc(hidden)]
    fn decode_spec() -> &'static DecodeSpec;

    /// The body schema of this type.
    fn schema() -> &'static BodySchema {
        &Self::decode_spec().schema
    }
}

/// A boxed block decodes as the block it holds (for `Option<Box<T>>` and
/// `Vec<Box<T>>` fields, and recursive types).
impl<T: HclDecode> HclDecode for Box<T> {
    const LABELS: &'static [&'static str] = T::LABELS;

    fn decode_spec() -> &'static DecodeSpec {
        T::decode_spec()
    }
}

/// Decodes `body` into a `T`, evaluating attributes in `ctx`.
///
/// All problems are reported together, in source order, each with its
/// range.
///
/// The whole decoding is one evaluation for the budget of `ctx`'s
/// [`Limits`](crate::value::limits::Limits): every attribute it evaluates shares it (with
/// an allowance for the body's size, see
/// [`BYTES_PER_SOURCE_BYTE`](crate::value::limits::BYTES_PER_SOURCE_BYTE)),
/// so a file of many attributes cannot multiply what one expression may
/// produce. Past the budget, decoding reports the limit once, on the
/// expression that reached it.
pub fn decode_body<T: HclDecode>(body: &Body, ctx: &EvalContext) -> Result<T, Error> {
    let meter = match limits::enter(ctx.limits(), budget_size(body)) {
        Ok(meter) => meter,
        Err(e) => {
            let at = body.range();
            return Err(body.attach(e.error_at(at)));
        }
    };
    let result = decode_metered(body, ctx);
    drop(meter);
    result
}

/// The source size a decoding of `body` is allowed for (see
/// [`decode_body`]): the body's own text, or all the files of a merged
/// body.
pub(crate) fn budget_size(body: &Body) -> usize {
    let sources = body.sources();
    if sources.len() > 1 {
        sources.iter().map(|s| s.text().len()).sum()
    } else {
        body.byte_len()
    }
}

/// [`decode_body`] inside its meter.
fn decode_metered<T: HclDecode>(body: &Body, ctx: &EvalContext) -> Result<T, Error> {
    let env = spec::Env {
        ctx,
        literal: capture::literal_ctx().clone(),
        diags: RefCell::new(Diagnostics::new()),
        evaluator: RefCell::default(),
    };
    let de = spec::BodyDeserializer {
        body: body.clone(),
        labels: Labels::new(),
        label_spots: LabelSpots::new(),
        first_label: 0,
        block_spots: None,
        spec: T::decode_spec(),
        env: &env,
        parent: None,
        type_name: "",
    };
    // The record that captures in serde's buffered positions consult.
    let result = crate::handover::give(capture::Buffered::new(ctx), || T::deserialize(de));
    let diags = env.diags.into_inner();
    let failed = match result {
        Ok(value) if !diags.has_errors() => return Ok(value),
        Err(e) if !e.is_reported() && !diags.has_errors() => e,
        _ if diags.has_errors() => Error::from(diags),
        _ => Error::new(crate::diag::Diagnostic::error(
            "Decoding failed",
            format!("{} could not be decoded.", T::decode_spec().type_name),
            Some(body.range()),
        )),
    };
    Err(body.attach(in_source_order(once_per_limit(failed), body)))
}

/// The diagnostics of a decoding with the first "Evaluation limit
/// exceeded" only: once the shared budget is spent, every attribute
/// evaluated after the one that spent it fails the same way, and one
/// error on the expression that reached the limit says it all.
#[cold]
fn once_per_limit(err: Error) -> Error {
    if limits::exceeded().is_none() {
        return err;
    }
    Error::from(limit_reported_once(err.into_diagnostics()))
}

/// `diags` with only the first "Evaluation limit exceeded" (see
/// [`once_per_limit`]); runtime specs' decoding reports the same way.
pub(crate) fn limit_reported_once(
    diags: impl IntoIterator<Item = crate::diag::Diagnostic>,
) -> Diagnostics {
    let mut seen = false;
    let mut kept = Diagnostics::new();
    kept.extend(diags.into_iter().filter(|d| {
        !matches!(d.kind, DiagnosticKind::LimitExceeded { .. })
            || !std::mem::replace(&mut seen, true)
    }));
    kept
}

/// The diagnostics of one decoding sorted by where they point (stable, so
/// those at one place keep the order found); one without a subject gets
/// the body's range.
#[cold]
fn in_source_order(err: Error, body: &Body) -> Error {
    let mut all = err.into_diagnostics();
    for d in &mut all {
        if d.subject.is_none() {
            d.subject = Some(body.range());
        }
    }
    all.sort_by_key(|d| {
        d.subject
            .as_ref()
            .map(|r| (r.filename.clone(), r.start.byte))
    });
    let mut diags = Diagnostics::new();
    diags.extend(all);
    Error::from(diags)
}

/// Parses `src` (a JSON-HCL document) and decodes its root body into a `T`.
///
/// Diagnostics name the file `<input>`; to give it a name, use
/// [`from_str_named`] (or [`from_path`] to read a file).
pub fn from_str<T: HclDecode>(src: &str, ctx: &EvalContext) -> Result<T, Error> {
    from_str_named(src, "<input>", ctx)
}

/// [`from_str`] with the file name diagnostics give.
///
/// ```
/// #[derive(hcl_json::HclDecode, Debug)]
/// struct Config {
///     #[hcl(attr)]
///     port: u16,
/// }
///
/// let err = hcl_json::from_str_named::<Config>(r#"{"port": "x"}"#, "app.json", &Default::default())
///     .unwrap_err();
/// assert_eq!(&*err.diagnostics()[0].subject.as_ref().unwrap().filename, "app.json");
/// ```
pub fn from_str_named<T: HclDecode>(
    src: &str,
    filename: &str,
    ctx: &EvalContext,
) -> Result<T, Error> {
    let file = crate::body::parse(src, filename)?;
    decode_body(&file.body(), ctx)
}

/// [`from_str`] for bytes; invalid UTF-8 is an error with its position.
pub fn from_slice<T: HclDecode>(src: &[u8], ctx: &EvalContext) -> Result<T, Error> {
    from_slice_named(src, "<input>", ctx)
}

/// [`from_slice`] with the file name diagnostics give.
pub fn from_slice_named<T: HclDecode>(
    src: &[u8],
    filename: &str,
    ctx: &EvalContext,
) -> Result<T, Error> {
    let file = crate::body::parse_bytes(src, filename)?;
    decode_body(&file.body(), ctx)
}

/// [`from_str`] for a file in HCL's native syntax (`.tf`, `.hcl`).
///
/// ```
/// #[derive(hcl_json::HclDecode, Debug)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     #[hcl(attr)]
///     port: u16,
/// }
///
/// #[derive(hcl_json::HclDecode, Debug)]
/// struct Config {
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// let src = "service \"web\" {\n  port = 8000 + 80\n}\n";
/// let config: Config = hcl_json::from_str_native(src, &hcl_json::EvalContext::new())?;
/// assert_eq!(config.service[0].port, 8080);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn from_str_native<T: HclDecode>(src: &str, ctx: &EvalContext) -> Result<T, Error> {
    from_str_native_named(src, "<input>", ctx)
}

/// [`from_str_native`] with the file name diagnostics give.
pub fn from_str_native_named<T: HclDecode>(
    src: &str,
    filename: &str,
    ctx: &EvalContext,
) -> Result<T, Error> {
    let file = crate::body::parse_native(src, filename)?;
    decode_body(&file.body(), ctx)
}

/// Reads the file at `path` and decodes it into a `T`, in the syntax its
/// name implies (`.json` is JSON, anything else native syntax, as HCL's
/// tools decide); diagnostics name the file by `path` as given, invalid
/// UTF-8 is reported at its byte, and a file that cannot be read is an
/// error naming it.
///
/// ```no_run
/// #[derive(hcl_json::HclDecode)]
/// struct Config {
///     #[hcl(attr)]
///     region: String,
/// }
///
/// let config: Config = hcl_json::from_path("main.tf.json", &hcl_json::EvalContext::new())?;
/// let config: Config = hcl_json::from_path("main.tf", &hcl_json::EvalContext::new())?;
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn from_path<T: HclDecode>(
    path: impl AsRef<std::path::Path>,
    ctx: &EvalContext,
) -> Result<T, Error> {
    let file = read_file(path.as_ref())?;
    decode_body(&file.body(), ctx)
}

/// Reads several files (each in the syntax its name implies) and decodes
/// them as one body ([`Body::merge`]): a module made of `.tf` and
/// `.tf.json` files. An attribute set in two files is a "Duplicate
/// argument" naming both; blocks come in the order of the files.
///
/// ```no_run
/// #[derive(hcl_json::HclDecode)]
/// struct Variable {
///     #[hcl(label)]
///     name: String,
///     #[hcl(attr)]
///     default: Option<hcl_json::Value>,
/// }
///
/// #[derive(hcl_json::HclDecode)]
/// struct Module {
///     #[hcl(block)]
///     variable: Vec<Variable>,
/// }
///
/// let module: Module =
///     hcl_json::from_paths(["main.tf", "vars.tf.json"], &hcl_json::EvalContext::new())?;
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn from_paths<T: HclDecode, P: AsRef<std::path::Path>>(
    paths: impl IntoIterator<Item = P>,
    ctx: &EvalContext,
) -> Result<T, Error> {
    let mut bodies = Vec::new();
    let mut failed: Option<Error> = None;
    for path in paths {
        match read_file(path.as_ref()) {
            Ok(file) => bodies.push(file.body()),
            Err(e) => {
                failed = Some(match failed {
                    Some(f) => f.merge(e),
                    None => e,
                });
            }
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    decode_body(&Body::merge(&bodies), ctx)
}

/// Reads and parses the file at `path` by its name's syntax.
fn read_file(path: &std::path::Path) -> Result<crate::body::File, Error> {
    crate::body::parse_file(path)
}
