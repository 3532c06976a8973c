//! Rust values written as native-syntax text: the twin of
//! [`to_string`](crate::encode::to_string), which writes JSON syntax.
//!
//! The value is encoded as JSON syntax first, recording what JSON cannot
//! say (which properties are blocks, with how many labels, and which
//! attributes are literal-only), then converted with that record as the
//! schema. The converter lays its text out with the formatter, so text
//! written from Rust values, converted from JSON or formatted by
//! `hcl-json fmt` has one layout: `terraform fmt`'s.

use std::sync::Arc;

use super::schema::{BlockFrame, PropertyKind};
use super::to_native::to_native_string;
use super::ConvertOptions;
use crate::body::parse;
use crate::diag::Error;
use crate::encode::{encode_with_shape, HclEncode, PropertyShape, Shape};

/// Writes `value` as native-syntax text (`.tf`, `.hcl`), laid out as
/// `terraform fmt` lays it out.
///
/// What each field becomes follows [`HclEncode`]: `#[hcl(attr)]` fields
/// are attributes (strings written so that they read back as the same
/// text, `${` as `$${`), `#[hcl(block)]` fields blocks with their labels,
/// `#[hcl(comment)]` values `#` comments above the next item. A [`Value`](crate::value::Value)
/// object is a body of attributes. A parsed [`Body`](crate::body::Body) or
/// [`File`](crate::body::File) of native syntax keeps its attributes and
/// blocks (not its comments); one of JSON syntax is read without a schema,
/// so its nested objects are attributes (for Terraform's or an
/// application's schema, use [`to_native_string`] with [`ConvertOptions`]).
///
/// ```
/// use hcl_json::{HclDecode, HclEncode};
///
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Config {
///     #[hcl(attr)]
///     region: String,
///     #[hcl(block)]
///     service: Vec<Service>,
/// }
///
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Service {
///     #[hcl(label)]
///     name: String,
///     #[hcl(attr)]
///     port: u16,
///     #[hcl(attr)]
///     command: Vec<String>,
/// }
///
/// let cfg = Config {
///     region: "eu-west-1".into(),
///     service: vec![Service { name: "web".into(), port: 8080, command: vec!["serve".into()] }],
/// };
/// let text = hcl_json::to_string_native(&cfg)?;
/// assert_eq!(text, r#"region = "eu-west-1"
///
/// service "web" {
///   port    = 8080
///   command = ["serve"]
/// }
/// "#);
/// let back: Config = hcl_json::from_str_native(&text, &hcl_json::EvalContext::new())?;
/// assert_eq!(back, cfg);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn to_string_native<T: HclEncode + ?Sized>(value: &T) -> Result<String, Error> {
    let (json, shape) = encode_with_shape(value)?;
    let file = parse(&json, "<encoded>")?;
    let shape = Arc::new(shape);
    let schema = move |path: &[BlockFrame], name: &str| match shape
        .kind(path.iter().map(|f| f.type_name.as_str()), name)
    {
        Some(PropertyShape::Block(labels)) => PropertyKind::Block { labels },
        Some(PropertyShape::Literal) => PropertyKind::Literal,
        None => PropertyKind::Expression,
    };
    to_native_string(&file.body(), &ConvertOptions::with_schema(schema))
}

// `Shape` is shared with the schema closure, which must be `Send + Sync`.
const _: fn() = || {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Shape>();
};
