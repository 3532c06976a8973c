//! Writing HCL's JSON syntax: Rust values to `.tf.json` text.
//!
//! This module owns the way back from Rust data to JSON-syntax text:
//! [`to_string`], [`to_string_pretty`], [`to_vec`], [`to_vec_pretty`],
//! [`to_writer`] and [`to_writer_pretty`] for any [`HclEncode`] type.
//! It reads from `value` (values, exact numbers) and the body model
//! (parsed [`File`]s, [`Body`]s and [`Expression`](crate::body::Expression)s are written back from
//! their node tree); it never parses or evaluates.
//!
//! `#[derive(HclEncode)]` reads the same `#[hcl(...)]` field attributes as
//! `#[derive(HclDecode)]`; what each field becomes is documented on
//! [`HclEncode`].
//!
//! Converting a parsed body from one syntax to the other is `convert`'s job.

mod capture;
pub(crate) mod raw;
mod ser;
pub(crate) mod writer;

use std::collections::HashMap;
use std::io;

use indexmap::IndexMap;
use serde::Serialize;

use crate::body::{Body, File};
use crate::diag::{Diagnostic, Error};
use crate::value::Value;
pub use capture::Interpolated;
use ser::{key_string, located_detail, push_key, Encoder};

/// A type that can be written as an HCL body (or, for [`Value`], as a
/// JSON expression): what `#[derive(HclEncode)]` implements.
///
/// Implement it by hand with a [`BodyEncoder`] when a derive does not fit.
///
/// # A companion derive over the same attributes
///
/// `#[derive(HclEncode)]` sits next to `#[derive(HclDecode)]` and reads the
/// very same `#[hcl(...)]` field attributes (one parser in the derive crate
/// serves both), so a struct says once what each field is to the body.
/// It is a separate derive rather than something `HclDecode` always
/// generates because encoding needs `Serialize` on every attribute type,
/// and a decode-only struct must not be forced to provide it. Nor does the
/// encoder read the decode spec at run time: the spec describes names and
/// cardinalities but cannot reach the fields of a value, so a generated
/// `encode_body` that walks the fields in order is both simpler and faster.
///
/// What each field becomes:
/// - `#[hcl(attr)]`: `"name": value`, written by a serde `Serializer` in
///   full-expression mode: a string containing `${` or `%{` gets `$${` /
///   `%%{` so that it reads back as the same literal text; `None` leaves
///   the attribute out. `#[hcl(attr, literal)]` fields are read in literal
///   mode, so they are written as they are. `#[hcl(attr, serialize_with =
///   "path")]` writes the value through a function with serde's signature,
///   `fn<S: Serializer>(&T, S) -> Result<S::Ok, S::Error>` (for an
///   `Option<T>` field, `T` is the `Option`; `serialize_none` leaves the
///   attribute out), and `#[hcl(attr, with = "module")]` through
///   `module::serialize`.
/// - `#[hcl(block)]`: the nested-object label form,
///   `{"resource": {"aws_instance": {"web": {...}}}}`; several blocks with
///   the same type and labels become an array at the last level; a block
///   map (`IndexMap<String, T>`) takes its key as the first label.
/// - `#[hcl(label)]`: the label's place in its parent's nesting.
/// - `#[hcl(remain)]`: a [`Body`] is written back property by property, a
///   map as attributes, a [`Value`] object's entries as attributes in its
///   order (null writes none).
/// - `#[hcl(comment)]`: one `"//"` property per value (literal mode).
/// - `#[hcl(def_range)]`, `#[hcl(type_range)]`: nothing.
///
/// Order is stable: fields in declaration order, then each map's order
/// (`HashMap` entries sorted by key). Values that JSON cannot hold (an
/// unknown value, a non-string map key, NaN or an infinity) are an
/// [`Error`] naming the attribute's path, as in
/// `resource.aws_instance.web.tags["a b"]`.
///
/// Output is minimal in compact form and, in pretty form, two-space
/// indented like `JSON.stringify(x, null, 2)` (cdktf's `cdk.tf.json`).
///
/// ```
/// use hcl_json::{HclDecode, HclEncode};
///
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Config {
///     #[hcl(block)]
///     variable: Vec<Variable>,
/// }
///
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Variable {
///     #[hcl(label)]
///     name: String,
///     #[hcl(attr)]
///     default: Option<String>,
/// }
///
/// let cfg = Config {
///     variable: vec![Variable { name: "region".into(), default: Some("eu-west-1".into()) }],
/// };
/// let text = hcl_json::to_string(&cfg)?;
/// assert_eq!(text, r#"{"variable":{"region":{"default":"eu-west-1"}}}"#);
/// let back: Config = hcl_json::from_str(&text, &hcl_json::EvalContext::new())?;
/// assert_eq!(back, cfg);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub trait HclEncode {
    /// Appends the block's labels, in order (nothing for a type without
    /// `#[hcl(label)]` fields).
    fn encode_labels(&self, labels: &mut Vec<String>) -> Result<(), Error>;

    /// Writes the body's attributes and blocks.
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error>;

    /// Writes the whole document: by default one JSON object holding
    /// [`encode_body`](HclEncode::encode_body).
    fn encode_document(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        body.enc.w.begin_object();
        self.encode_body(body)?;
        body.enc.w.end_object();
        Ok(())
    }
}

impl<T: HclEncode + ?Sized> HclEncode for &T {
    fn encode_labels(&self, labels: &mut Vec<String>) -> Result<(), Error> {
        (**self).encode_labels(labels)
    }
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        (**self).encode_body(body)
    }
    fn encode_document(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        (**self).encode_document(body)
    }
}

/// A value is written as the JSON expression that evaluates back to it in
/// full-expression mode; as a body, an object's attributes are its
/// attributes.
impl HclEncode for Value {
    fn encode_labels(&self, _labels: &mut Vec<String>) -> Result<(), Error> {
        Ok(())
    }
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        match self {
            Value::Object(m) | Value::Map(_, m) => {
                for (k, v) in m {
                    body.attr(k, v)?;
                }
                Ok(())
            }
            _ => Err(body.error(
                "Not a body",
                "Only an object or a map value can be written as a body.",
            )),
        }
    }
    fn encode_document(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        body.enc.literal = false;
        body.enc.value(self)
    }
}

/// A parsed body is written back as it was: every property (duplicates
/// included) in source order, numbers with their exact text. A body with
/// override files applied (from [`module`](crate::module)) has no text of
/// its own and is refused with a located error.
impl HclEncode for Body {
    fn encode_labels(&self, _labels: &mut Vec<String>) -> Result<(), Error> {
        Ok(())
    }
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        raw::body_props(&mut body.enc.w, self, false, body.enc.shape.as_mut())
    }
    fn encode_document(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        raw::body_with(&mut body.enc.w, self, body.enc.shape.as_mut())
    }
}

/// A parsed file is written back as it was (see [`Body`]'s impl).
impl HclEncode for File {
    fn encode_labels(&self, _labels: &mut Vec<String>) -> Result<(), Error> {
        Ok(())
    }
    fn encode_body(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        self.body().encode_body(body)
    }
    fn encode_document(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error> {
        match self.json_data() {
            Some(data) => {
                raw::node(&mut body.enc.w, data, data.root);
                Ok(())
            }
            None => raw::body_with(&mut body.enc.w, &self.body(), body.enc.shape.as_mut()),
        }
    }
}

/// Writes the attributes, blocks and comments of one body; handed to
/// [`HclEncode::encode_body`].
pub struct BodyEncoder<'e> {
    enc: &'e mut Encoder,
}

impl std::fmt::Debug for BodyEncoder<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BodyEncoder")
            .field("path", &self.enc.path)
            .finish_non_exhaustive()
    }
}

/// One block to write: its labels and its body.
type BlockItem<'a> = (Vec<String>, &'a dyn HclEncode);

impl BodyEncoder<'_> {
    #[cold]
    fn error(&self, summary: &str, detail: &str) -> Error {
        Error::new(Diagnostic::error(
            summary,
            located_detail(detail, &self.enc.path),
            None,
        ))
    }

    /// Writes attribute `name` in full-expression mode (strings with `${`
    /// or `%{` escaped); `None` writes nothing.
    pub fn attr<T: Serialize + ?Sized>(&mut self, name: &str, value: &T) -> Result<(), Error> {
        self.attr_with(name, value, false)
    }

    /// Writes attribute `name` for literal-only reading: strings as they
    /// are; `None` writes nothing.
    pub fn attr_literal<T: Serialize + ?Sized>(
        &mut self,
        name: &str,
        value: &T,
    ) -> Result<(), Error> {
        self.attr_with(name, value, true)
    }

    /// Writes a `"//"` comment property (literal mode); `None` writes
    /// nothing.
    pub fn comment<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.attr_with("//", value, true)
    }

    #[doc(hidden)]
    pub fn attr_with<T: Serialize + ?Sized>(
        &mut self,
        name: &str,
        value: &T,
        literal: bool,
    ) -> Result<(), Error> {
        let enc = &mut *self.enc;
        if literal && name != "//" {
            if let Some(shape) = &mut enc.shape {
                shape.record(name, PropertyShape::Literal);
            }
        }
        let mark = enc.w.mark();
        let path_len = enc.path.len();
        push_key(&mut enc.path, name);
        enc.w.key(name);
        enc.start_attr(literal);
        if let Err(e) = value.serialize(&mut *enc) {
            return Err(enc.locate(e));
        }
        if enc.omitted {
            enc.w.reset(mark);
        }
        enc.path.truncate(path_len);
        Ok(())
    }

    /// Writes blocks of type `type_name` (each with its labels) in the
    /// nested-object label form, grouping equal labels; several blocks
    /// under the same labels become an array. Writes nothing for none.
    pub fn blocks(&mut self, type_name: &str, blocks: &[BlockItem<'_>]) -> Result<(), Error> {
        if blocks.is_empty() {
            return Ok(());
        }
        if let Some(shape) = &mut self.enc.shape {
            shape.record(type_name, PropertyShape::Block(blocks[0].0.len()));
        }
        let path_len = self.enc.path.len();
        if !self.enc.path.is_empty() {
            self.enc.path.push('.');
        }
        self.enc.path.push_str(type_name);
        self.enc.w.key(type_name);
        let items: Vec<&BlockItem<'_>> = blocks.iter().collect();
        self.enter_block(type_name);
        let written = self.level(&items, 0);
        self.leave_block();
        written?;
        self.enc.path.truncate(path_len);
        Ok(())
    }

    #[doc(hidden)]
    pub fn block_field<F: BlockEncode + ?Sized>(
        &mut self,
        type_name: &str,
        field: &F,
    ) -> Result<(), Error> {
        let mut items = Vec::new();
        field.collect_blocks(&mut items)?;
        self.blocks(type_name, &items)
    }

    /// One level of labels: an object keyed by the label at `depth`, or
    /// the bodies once the labels are used up.
    fn level(&mut self, items: &[&BlockItem<'_>], depth: usize) -> Result<(), Error> {
        let done = items.iter().filter(|(l, _)| l.len() == depth).count();
        if done == items.len() {
            return if let [(_, one)] = items {
                self.block_body(*one)
            } else {
                self.enc.w.begin_array();
                for (_, b) in items {
                    self.enc.w.element();
                    self.block_body(*b)?;
                }
                self.enc.w.end_array();
                Ok(())
            };
        }
        if done > 0 {
            return Err(self.error(
                "Blocks with different label counts",
                "Blocks of one type must all have the same number of labels to be written in JSON's nested-object form.",
            ));
        }
        let mut groups: IndexMap<&str, Vec<&BlockItem<'_>>> = IndexMap::new();
        for item in items {
            groups.entry(&item.0[depth]).or_default().push(item);
        }
        self.enc.w.begin_object();
        for (label, group) in groups {
            self.enc.w.key(label);
            let path_len = self.enc.path.len();
            self.enc.path.push('.');
            self.enc.path.push_str(label);
            self.level(&group, depth + 1)?;
            self.enc.path.truncate(path_len);
        }
        self.enc.w.end_object();
        Ok(())
    }

    fn block_body(&mut self, block: &dyn HclEncode) -> Result<(), Error> {
        self.enc.w.begin_object();
        block.encode_body(self)?;
        self.enc.w.end_object();
        Ok(())
    }

    /// Records that the blocks being written are of type `type_name`, for
    /// the body's shape.
    fn enter_block(&mut self, type_name: &str) {
        if let Some(shape) = &mut self.enc.shape {
            shape.blocks.push(type_name.to_owned());
        }
    }

    fn leave_block(&mut self) {
        if let Some(shape) = &mut self.enc.shape {
            shape.blocks.pop();
        }
    }

    /// Writes the properties of a parsed body (a `remain` body) back as
    /// they were; `"//"` properties are left out when `skip_comments`.
    pub fn body(&mut self, body: &Body, skip_comments: bool) -> Result<(), Error> {
        raw::body_props(
            &mut self.enc.w,
            body,
            skip_comments,
            self.enc.shape.as_mut(),
        )
    }

    #[doc(hidden)]
    pub fn remain<R: RemainEncode + ?Sized>(
        &mut self,
        rest: &R,
        skip_comments: bool,
    ) -> Result<(), Error> {
        rest.encode_remain(self, skip_comments)
    }
}

/// The Rust types a `#[hcl(block)]` field may have, for encoding: the
/// derived type itself, `Option`, `Vec`, `Box`, and maps from the first
/// label.
#[doc(hidden)]
pub trait BlockEncode {
    /// Appends each block with its labels.
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error>;
}

/// One block: the derive implements [`BlockEncode`] for each type through
/// this.
#[doc(hidden)]
pub fn collect_one<'a, T: HclEncode>(
    block: &'a T,
    out: &mut Vec<BlockItem<'a>>,
) -> Result<(), Error> {
    let mut labels = Vec::new();
    block.encode_labels(&mut labels)?;
    out.push((labels, block));
    Ok(())
}

impl<T: BlockEncode> BlockEncode for Option<T> {
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error> {
        match self {
            Some(b) => b.collect_blocks(out),
            None => Ok(()),
        }
    }
}

impl<T: BlockEncode> BlockEncode for Vec<T> {
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error> {
        self.iter().try_for_each(|b| b.collect_blocks(out))
    }
}

impl<T: BlockEncode + ?Sized> BlockEncode for Box<T> {
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error> {
        (**self).collect_blocks(out)
    }
}

/// Map blocks: the key is the first label, the block's own labels follow.
fn collect_keyed<'a, K: Serialize + 'a, T: HclEncode + 'a>(
    entries: impl Iterator<Item = (&'a K, &'a T)>,
    out: &mut Vec<BlockItem<'a>>,
) -> Result<(), Error> {
    for (k, block) in entries {
        let mut labels = vec![key_string(k)?];
        block.encode_labels(&mut labels)?;
        out.push((labels, block));
    }
    Ok(())
}

impl<K: Serialize, T: HclEncode, S> BlockEncode for IndexMap<K, T, S> {
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error> {
        collect_keyed(self.iter(), out)
    }
}

impl<K: Serialize + Ord, T: HclEncode> BlockEncode for std::collections::BTreeMap<K, T> {
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error> {
        collect_keyed(self.iter(), out)
    }
}

/// Sorted by key, so that the output does not depend on hashing.
impl<K: Serialize + Ord, T: HclEncode, S> BlockEncode for std::collections::HashMap<K, T, S> {
    fn collect_blocks<'a>(&'a self, out: &mut Vec<BlockItem<'a>>) -> Result<(), Error> {
        let mut entries: Vec<(&K, &T)> = self.iter().collect();
        entries.sort_by(|a, b| a.0.cmp(b.0));
        collect_keyed(entries.into_iter(), out)
    }
}

/// The Rust types a `#[hcl(remain)]` field may have, for encoding.
#[doc(hidden)]
pub trait RemainEncode {
    /// Writes the rest of the body into the body being written.
    fn encode_remain(&self, body: &mut BodyEncoder<'_>, skip_comments: bool) -> Result<(), Error>;
}

impl RemainEncode for Body {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, skip_comments: bool) -> Result<(), Error> {
        b.body(self, skip_comments)
    }
}

impl<T: RemainEncode> RemainEncode for Option<T> {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, skip_comments: bool) -> Result<(), Error> {
        match self {
            Some(r) => r.encode_remain(b, skip_comments),
            None => Ok(()),
        }
    }
}

impl<T: RemainEncode + ?Sized> RemainEncode for Box<T> {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, skip_comments: bool) -> Result<(), Error> {
        (**self).encode_remain(b, skip_comments)
    }
}

/// A `Value` remain field: an object's (or a map's) entries are the
/// attributes, in order; null writes none.
impl RemainEncode for Value {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, _skip: bool) -> Result<(), Error> {
        if self.is_null() {
            return Ok(());
        }
        let Some(entries) = self.as_entries() else {
            return Err(b.error(
                "Invalid remain value",
                &format!(
                    "The remaining attributes of a body are an object of them; found {}.",
                    self.ty().friendly_name_with_article()
                ),
            ));
        };
        for (name, value) in entries {
            b.attr(name, value)?;
        }
        Ok(())
    }
}

fn remain_entries<'a, K: Serialize + 'a, V: Serialize + 'a>(
    b: &mut BodyEncoder<'_>,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
) -> Result<(), Error> {
    for (k, v) in entries {
        let name = key_string(k).map_err(|_| {
            b.error(
                "Invalid map key",
                "The keys of a remain map are attribute names, so they must be strings.",
            )
        })?;
        b.attr(&name, v)?;
    }
    Ok(())
}

impl<K: Serialize, V: Serialize, S> RemainEncode for IndexMap<K, V, S> {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, _skip: bool) -> Result<(), Error> {
        remain_entries(b, self.iter())
    }
}

impl<K: Serialize + Ord, V: Serialize> RemainEncode for std::collections::BTreeMap<K, V> {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, _skip: bool) -> Result<(), Error> {
        remain_entries(b, self.iter())
    }
}

impl<K: Serialize + Ord, V: Serialize, S> RemainEncode for std::collections::HashMap<K, V, S> {
    fn encode_remain(&self, b: &mut BodyEncoder<'_>, _skip: bool) -> Result<(), Error> {
        let mut entries: Vec<(&K, &V)> = self.iter().collect();
        entries.sort_by(|a, b| a.0.cmp(b.0));
        remain_entries(b, entries.into_iter())
    }
}

/// The Rust types a `#[hcl(comment)]` field may have, for encoding: one
/// `"//"` property for an `Option`'s value, one per element of a `Vec`.
#[doc(hidden)]
pub trait CommentEncode {
    /// Writes the `"//"` properties.
    fn encode_comments(&self, body: &mut BodyEncoder<'_>) -> Result<(), Error>;
}

impl<T: Serialize> CommentEncode for Option<T> {
    fn encode_comments(&self, b: &mut BodyEncoder<'_>) -> Result<(), Error> {
        match self {
            Some(c) => b.comment(c),
            None => Ok(()),
        }
    }
}

impl<T: Serialize> CommentEncode for Vec<T> {
    fn encode_comments(&self, b: &mut BodyEncoder<'_>) -> Result<(), Error> {
        self.iter().try_for_each(|c| b.comment(c))
    }
}

/// A label field's text.
#[doc(hidden)]
pub fn label_string<T: Serialize + ?Sized>(label: &T) -> Result<String, Error> {
    key_string(label).map_err(|_| {
        Error::new(Diagnostic::error(
            "Invalid label",
            "A block label must be a string (or a number or bool, written as a string).",
            None,
        ))
    })
}

/// What one property of an encoded body is, beyond what JSON says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PropertyShape {
    /// A block type with this many labels.
    Block(usize),
    /// An attribute read in literal-only mode.
    Literal,
}

/// The blocks and literal attributes written while encoding, by the types
/// of their enclosing blocks (outermost first) and their name: what a
/// native-syntax writer must know that the JSON text cannot tell it.
#[derive(Default, Debug)]
pub(crate) struct Shape {
    /// The types of the blocks being written, outermost first.
    blocks: Vec<String>,
    kinds: HashMap<(Vec<String>, String), PropertyShape>,
}

impl Shape {
    fn record(&mut self, name: &str, kind: PropertyShape) {
        self.kinds
            .entry((self.blocks.clone(), name.to_owned()))
            .or_insert(kind);
    }

    /// What property `name` of a body inside blocks of types `path` is;
    /// `None` for an expression attribute.
    pub(crate) fn kind<'a>(
        &self,
        path: impl Iterator<Item = &'a str>,
        name: &str,
    ) -> Option<PropertyShape> {
        let key = (path.map(str::to_owned).collect(), name.to_owned());
        self.kinds.get(&key).copied()
    }
}

/// Encodes `value` as compact JSON-syntax text, with the shape of its
/// bodies.
pub(crate) fn encode_with_shape<T: HclEncode + ?Sized>(
    value: &T,
) -> Result<(String, Shape), Error> {
    let mut enc = Encoder::new(false);
    enc.shape = Some(Shape::default());
    value.encode_document(&mut BodyEncoder { enc: &mut enc })?;
    let shape = enc.shape.take().unwrap_or_default();
    Ok((enc.w.finish(), shape))
}

fn encode<T: HclEncode + ?Sized>(value: &T, pretty: bool) -> Result<String, Error> {
    let mut enc = Encoder::new(pretty);
    value.encode_document(&mut BodyEncoder { enc: &mut enc })?;
    Ok(enc.w.finish())
}

/// Writes `value` as compact JSON-syntax text (no spaces, no newlines).
///
/// ```
/// let v = hcl_json::Value::from("cost: ${price}");
/// assert_eq!(hcl_json::to_string(&v)?, r#""cost: $${price}""#);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn to_string<T: HclEncode + ?Sized>(value: &T) -> Result<String, Error> {
    encode(value, false)
}

/// Writes `value` as JSON-syntax text indented by two spaces, one property
/// per line (the layout of cdktf's `cdk.tf.json`).
pub fn to_string_pretty<T: HclEncode + ?Sized>(value: &T) -> Result<String, Error> {
    encode(value, true)
}

/// Like [`to_string`], as UTF-8 bytes.
pub fn to_vec<T: HclEncode + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    encode(value, false).map(String::into_bytes)
}

/// Like [`to_string_pretty`], as UTF-8 bytes.
pub fn to_vec_pretty<T: HclEncode + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    encode(value, true).map(String::into_bytes)
}

/// Writes `value` as compact JSON-syntax text to `writer`. Nothing is
/// written when encoding fails.
pub fn to_writer<W: io::Write, T: HclEncode + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    writer::write_all(writer, &to_vec(value)?)
}

/// Writes `value` as pretty JSON-syntax text to `writer`. Nothing is
/// written when encoding fails.
pub fn to_writer_pretty<W: io::Write, T: HclEncode + ?Sized>(
    writer: W,
    value: &T,
) -> Result<(), Error> {
    writer::write_all(writer, &to_vec_pretty(value)?)
}
