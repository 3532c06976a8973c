//! The syntax-agnostic body model: the [`File`], [`Body`] and
//! [`Expression`] handles every syntax answers with, and the schema types
//! ([`BodySchema`], [`BodyContent`], [`Attribute`], [`Block`]).
//!
//! A handle is an enum over the syntaxes (JSON, native, and merged bodies),
//! each variant an `Arc` to its parsed file plus an index: dispatch is one
//! `match`, and neither syntax pays for the other. How a JSON object maps
//! onto attributes and blocks is `json.rs`'s business, how a native body
//! does is `native.rs`'s, and `merge.rs` reads several bodies as one
//! (HCL's `MergeBodies`); `walk.rs` gives a body's items as written,
//! without a schema, and `lazy.rs` the content a derived struct's
//! decoder reads, with ranges resolved only when asked for. A derived
//! body (`DerivedBody`) is one another module computes from other
//! bodies: the `module` module's override files. The parsers themselves live in the `json` and `native`
//! modules; this module only builds on their trees.

mod context;
mod expr;
mod json;
mod lazy;
mod merge;
mod native;
mod schema;
mod walk;

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use indexmap::IndexMap;

pub use self::expr::Expression;
pub(crate) use self::expr::{ExprKind, NativeExpr, Origin, OriginRef};
pub(crate) use self::lazy::{
    BlockPath, LabelSpots, Labels, LazyBlock, LazyContent, LazyRest, Spot,
};
pub(crate) use self::native::{NativeBody as NativeBodyRef, NativeFile};
pub(crate) use self::schema::missing_argument;
pub use self::schema::{
    Attribute, AttributeSchema, Block, BlockHeaderSchema, BodyContent, BodySchema,
};
pub use self::walk::{BodyItem, Property, PropertyValue};
use crate::diag::{Diagnostics, Error, Source};
use crate::json::{path_at, path_source, FileData, NodeId, ParseOptions};
use crate::pos::{Range, SourceFile};

/// Which concrete syntax a file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Syntax {
    /// HCL's JSON syntax (`.tf.json`, `.hcl.json`).
    Json,
    /// HCL's native syntax (`.tf`, `.hcl`).
    Native,
}

impl Syntax {
    /// The syntax a file name implies: `.json` is JSON, anything else is
    /// native, as HCL's tools decide.
    ///
    /// ```
    /// use hcl_json::Syntax;
    /// assert_eq!(Syntax::for_filename("main.tf.json"), Syntax::Json);
    /// assert_eq!(Syntax::for_filename("main.tf"), Syntax::Native);
    /// ```
    pub fn for_filename(filename: &str) -> Syntax {
        // Case-sensitive, as HCL's and Terraform's suffix checks are.
        #[allow(clippy::case_sensitive_file_extension_comparisons)]
        let is_json = filename.ends_with(".json");
        if is_json {
            Syntax::Json
        } else {
            Syntax::Native
        }
    }
}

/// A parsed configuration file, of either syntax.
///
/// Cheap to clone (one `Arc`), `'static`, `Send + Sync`: keep it, or any
/// [`Body`] taken from it, as long as you like.
///
/// ```
/// let file = hcl_json::parse(r#"{"region": "eu-west-1"}"#, "main.tf.json")?;
/// assert_eq!(file.filename(), "main.tf.json");
/// let native = hcl_json::parse_native("region = \"eu-west-1\"\n", "main.tf")?;
/// assert_eq!(native.syntax(), hcl_json::Syntax::Native);
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Clone)]
pub struct File {
    // One `Arc`, so that a `File` is one word like the other handles.
    pub(crate) repr: Arc<FileRepr>,
}

pub(crate) enum FileRepr {
    Json(Arc<FileData>),
    Native(Arc<NativeFile>),
}

impl std::fmt::Debug for File {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("File")
            .field("filename", &self.filename())
            .field("syntax", &self.syntax())
            .finish()
    }
}

impl File {
    pub(crate) fn json(data: Arc<FileData>) -> File {
        File {
            repr: Arc::new(FileRepr::Json(data)),
        }
    }

    /// The JSON node tree, for a JSON file.
    pub(crate) fn json_data(&self) -> Option<&Arc<FileData>> {
        match &*self.repr {
            FileRepr::Json(data) => Some(data),
            FileRepr::Native(_) => None,
        }
    }

    /// The file's syntax.
    pub fn syntax(&self) -> Syntax {
        match *self.repr {
            FileRepr::Json(_) => Syntax::Json,
            FileRepr::Native(_) => Syntax::Native,
        }
    }

    /// The file name given to the parser.
    pub fn filename(&self) -> &str {
        self.source_file().name()
    }

    /// The source text.
    pub fn source(&self) -> &str {
        self.source_file().text()
    }

    /// The source file, with its line index, for rendering diagnostics.
    pub fn source_file(&self) -> &Arc<SourceFile> {
        match &*self.repr {
            FileRepr::Json(data) => &data.source,
            FileRepr::Native(file) => &file.source,
        }
    }

    /// The range of the whole root value (JSON) or of the whole file
    /// (native).
    pub fn range(&self) -> Range {
        match &*self.repr {
            FileRepr::Json(data) => data.range(data.root),
            FileRepr::Native(file) => file.source.range(0, file.source.text().len()),
        }
    }

    /// The file's root body.
    pub fn body(&self) -> Body {
        match &*self.repr {
            FileRepr::Json(data) => Body::json(data.clone(), data.root),
            FileRepr::Native(file) => Body::native(file.clone(), file.tree.root),
        }
    }

    /// What surrounds byte offset `byte`, as HCL names it on a
    /// diagnostic's location line (", in ..."): in the native syntax the
    /// header of the top-level block holding it, in the JSON syntax the
    /// path of properties and indexes to the innermost object or array
    /// holding it. `None` at the top level.
    ///
    /// ```
    /// let src = r#"{"service": {"http": [{"port": 1}, {"port": "x"}]}}"#;
    /// let file = hcl_json::parse(src, "app.json")?;
    /// assert_eq!(file.context_at(src.find("\"x\"").unwrap()).as_deref(), Some("service.http[1]"));
    ///
    /// let src = "resource \"aws_instance\" \"web\" {\n  ami = 1\n}\n";
    /// let file = hcl_json::parse_native(src, "main.tf")?;
    /// assert_eq!(
    ///     file.context_at(src.find("ami").unwrap()).as_deref(),
    ///     Some("resource \"aws_instance\" \"web\"")
    /// );
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn context_at(&self, byte: usize) -> Option<String> {
        match &*self.repr {
            FileRepr::Json(data) => path_at(data, byte),
            FileRepr::Native(file) => context::native_context(file, byte),
        }
    }
}

/// The file's text, with [`File::context_at`] for the location lines of
/// the diagnostics rendered from it.
impl From<&File> for Source {
    fn from(file: &File) -> Source {
        match &*file.repr {
            FileRepr::Json(data) => path_source(data),
            FileRepr::Native(file) => context::native_source(file),
        }
    }
}

impl From<File> for Source {
    fn from(file: File) -> Source {
        Source::from(&file)
    }
}

/// Parses a JSON-HCL file. Duplicate keys are kept in order, numbers keep
/// their exact text; every node knows its range.
///
/// The file keeps its source text: given a `&str`, a copy of it; given a
/// `String`, the string itself, so that a large file is held once in
/// memory rather than twice.
///
/// ```
/// let file = hcl_json::parse(r#"{"a": 1, "a": 2}"#, "dup.json")?;
/// let text = std::fs::read_to_string("examples/data/app.hcl.json").unwrap();
/// let owned = hcl_json::parse(text, "app.hcl.json")?; // no copy of `text`
/// # let _ = (file, owned);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn parse<'a>(src: impl Into<Cow<'a, str>>, filename: &str) -> Result<File, Error> {
    parse_with(src, filename, &ParseOptions::default())
}

/// Parses a JSON-HCL file given as bytes; invalid UTF-8 is an error that
/// points at the first offending byte.
pub fn parse_bytes(src: &[u8], filename: &str) -> Result<File, Error> {
    crate::json::parse_bytes_data(src, filename).map(File::json)
}

/// [`parse`] with explicit options.
pub fn parse_with<'a>(
    src: impl Into<Cow<'a, str>>,
    filename: &str,
    options: &ParseOptions,
) -> Result<File, Error> {
    crate::json::parse_data(src, filename, *options).map(File::json)
}

/// Parses a file in HCL's native syntax (`.tf`, `.hcl`): attributes,
/// blocks, comments, and the full expression and template language.
/// Malformed input gives HCL's diagnostics, all of them at once.
///
/// ```
/// use hcl_json::{BodySchema, EvalContext, Value};
///
/// let file = hcl_json::parse_native("variable \"region\" {\n  default = \"eu-${1 + 1}\"\n}\n", "v.tf")?;
/// let content = file.body().content(&BodySchema::new().block("variable", &["name"]))?;
/// assert_eq!(content.blocks[0].labels, ["region"]);
/// let attrs = content.blocks[0].body.just_attributes()?;
/// assert_eq!(attrs["default"].expr.value(&EvalContext::new())?, Value::from("eu-2"));
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn parse_native(src: &str, filename: &str) -> Result<File, Error> {
    native::parse(src, filename)
}

/// [`parse_native`] on bytes: invalid UTF-8 is reported at its first byte
/// ("Invalid character encoding", as HCL says).
pub fn parse_native_bytes(src: &[u8], filename: &str) -> Result<File, Error> {
    native::parse_bytes(src, filename)
}

/// Parses `src` in the syntax its file name implies ([`Syntax::for_filename`]):
/// `.json` as JSON, anything else as native syntax. A given `String` is
/// kept as the file's source, without a copy (as [`parse`] does).
///
/// ```
/// let json = hcl_json::parse_auto(r#"{"a": 1}"#, "a.tf.json")?;
/// let native = hcl_json::parse_auto("a = 1\n", "a.tf")?;
/// assert_eq!(json.syntax(), hcl_json::Syntax::Json);
/// assert_eq!(native.syntax(), hcl_json::Syntax::Native);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn parse_auto<'a>(src: impl Into<Cow<'a, str>>, filename: &str) -> Result<File, Error> {
    match Syntax::for_filename(filename) {
        Syntax::Json => parse(src, filename),
        Syntax::Native => match src.into() {
            Cow::Owned(text) => native::parse_owned(text, filename),
            Cow::Borrowed(text) => parse_native(text, filename),
        },
    }
}

/// [`parse_auto`] on bytes.
pub fn parse_auto_bytes(src: &[u8], filename: &str) -> Result<File, Error> {
    match Syntax::for_filename(filename) {
        Syntax::Json => parse_bytes(src, filename),
        Syntax::Native => parse_native_bytes(src, filename),
    }
}

/// Reads and parses the file at `path`, in the syntax its name implies
/// ([`parse_auto`]). A file that cannot be read is an error ("Failed to
/// read file") naming it.
pub fn parse_file(path: impl AsRef<Path>) -> Result<File, Error> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        let start = crate::pos::Pos {
            line: 1,
            column: 1,
            byte: 0,
        };
        Error::at(
            "Failed to read file",
            format!("The file {name:?} could not be read: {e}."),
            Range::new(name.as_str(), start, start),
        )
    })?;
    parse_auto_owned_bytes(bytes, &name)
}

/// [`parse_auto_bytes`] of bytes the library read itself: a JSON file keeps
/// them as its source text instead of copying them.
pub(crate) fn parse_auto_owned_bytes(bytes: Vec<u8>, filename: &str) -> Result<File, Error> {
    match Syntax::for_filename(filename) {
        Syntax::Json => crate::json::parse_owned_bytes_data(bytes, filename).map(File::json),
        Syntax::Native => native::parse_owned_bytes(bytes, filename),
    }
}

/// A body: attributes and blocks, to be read through a schema.
///
/// A handle into its parsed file (or files, for a [merged](Body::merge)
/// body): cheap to clone, `'static`, `Send + Sync`. A body returned as the
/// rest of [`partial_content`](Body::partial_content) shares the file and
/// hides the names already taken.
///
/// ```
/// use hcl_json::BodySchema;
///
/// let file = hcl_json::parse(r#"{"variable": {"region": {"default": "eu-west-1"}}}"#, "v.tf.json")?;
/// let content = file.body().content(&BodySchema::new().block("variable", &["name"]))?;
/// assert_eq!(content.blocks[0].labels, ["region"]);
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Clone)]
pub struct Body {
    pub(crate) repr: BodyRepr,
    /// Names consumed by earlier partial processing.
    hidden: Option<Arc<[String]>>,
}

/// What a [`Body`] is, syntax by syntax.
#[derive(Clone)]
pub(crate) enum BodyRepr {
    /// A JSON object (or array of objects, or `null`).
    Json { file: Arc<FileData>, node: NodeId },
    /// A native body: the file's root body or a block's.
    Native { file: Arc<NativeFile>, body: u32 },
    /// Several bodies read as one (a thin pointer, to keep `Body` at four
    /// words).
    Merged(Arc<Vec<Body>>),
    /// A body another module computes from other bodies (the `module`
    /// module's override merging), answering the same questions. Boxed inside the
    /// `Arc` to keep the pointer thin, like `Merged`'s.
    Derived(Arc<Box<dyn DerivedBody>>),
}

/// A body whose content another module computes from other bodies: how the
/// `module` module gives Terraform's override files their meaning without
/// the body model knowing Terraform. Like a merged body, a derived body
/// returns its own rest from partial processing (it never carries hidden
/// names itself).
pub(crate) trait DerivedBody: Send + Sync {
    /// Content by `schema`, problems into `diags`; the rest when `partial`.
    fn content(
        &self,
        schema: &BodySchema,
        partial: bool,
        block: &str,
        diags: &mut Diagnostics,
    ) -> Result<(BodyContent, Option<Body>), Error>;
    /// Every item as an attribute, problems into `diags`.
    fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute>;
    /// The body it is derived from, which stands for it in ranges.
    fn base(&self) -> &Body;
    /// The other bodies it is derived from.
    fn others(&self) -> &[Body];
    /// The range that stands for the body.
    fn range(&self) -> Range {
        self.base().range()
    }
    /// Where a missing item would go.
    fn missing_item_range(&self) -> Range {
        self.base().missing_item_range()
    }
    /// The JSON comments of the bodies it is made of.
    fn comments(&self) -> Vec<Expression> {
        let mut comments = self.base().comments();
        comments.extend(self.others().iter().flat_map(Body::comments));
        comments
    }
    /// The source files it points into.
    fn sources(&self) -> Vec<Arc<SourceFile>> {
        let mut sources = self.base().sources();
        sources.extend(self.others().iter().flat_map(Body::sources));
        sources
    }
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Body")
            .field("range", &self.range())
            .field("hidden", &self.hidden)
            .finish_non_exhaustive()
    }
}

impl Body {
    pub(crate) fn json(file: Arc<FileData>, node: NodeId) -> Body {
        Body {
            repr: BodyRepr::Json { file, node },
            hidden: None,
        }
    }

    pub(crate) fn native(file: Arc<NativeFile>, body: u32) -> Body {
        Body {
            repr: BodyRepr::Native { file, body },
            hidden: None,
        }
    }

    /// The syntax of the body's file; `None` for a merged body.
    pub fn syntax(&self) -> Option<Syntax> {
        match self.repr {
            BodyRepr::Json { .. } => Some(Syntax::Json),
            BodyRepr::Native { .. } => Some(Syntax::Native),
            BodyRepr::Merged(_) | BodyRepr::Derived(_) => None,
        }
    }

    /// A body computed by another module (see [`DerivedBody`]).
    pub(crate) fn derived(body: Box<dyn DerivedBody>) -> Body {
        Body {
            repr: BodyRepr::Derived(Arc::new(body)),
            hidden: None,
        }
    }

    /// The range of the body: the JSON value that represents it, or the
    /// native block's braces and what they hold (the whole file for a root
    /// body). A merged body answers with its first body's range.
    pub fn range(&self) -> Range {
        match &self.repr {
            BodyRepr::Json { file, node } => file.range(*node),
            BodyRepr::Native { file, body } => file.body_range(*body),
            BodyRepr::Merged(bodies) => bodies.first().map_or_else(empty_range, Body::range),
            BodyRepr::Derived(body) => body.range(),
        }
    }

    /// Where a missing attribute or block would go, as HCL places it: the
    /// closing brace of a JSON object body, the opening bracket of an
    /// array body, and an empty range where a native body starts (its
    /// opening brace; the start of the file for a root body).
    pub fn missing_item_range(&self) -> Range {
        match &self.repr {
            BodyRepr::Json { file, node } => {
                json::JsonBody::new(file, *node, None).missing_item_range()
            }
            BodyRepr::Native { file, body } => file.missing_item_range(*body),
            BodyRepr::Merged(bodies) => bodies
                .first()
                .map_or_else(empty_range, Body::missing_item_range),
            BodyRepr::Derived(body) => body.missing_item_range(),
        }
    }

    /// Extracts the attributes and blocks `schema` names; anything else is
    /// an error ("Unsupported argument" / "Extraneous JSON object property",
    /// with a suggestion).
    ///
    /// All problems are reported together.
    pub fn content(&self, schema: &BodySchema) -> Result<BodyContent, Error> {
        let mut diags = Diagnostics::new();
        let (content, _) = self.content_collecting(schema, false, "", &mut diags)?;
        self.finish(diags, content)
    }

    /// Like [`content`](Body::content), but items the schema does not name
    /// are not errors: they stay in the returned rest body, which shares
    /// this body's file. Processing the rest with a second schema is the same
    /// as processing once with both.
    pub fn partial_content(&self, schema: &BodySchema) -> Result<(BodyContent, Body), Error> {
        let mut diags = Diagnostics::new();
        let (content, rest) = self.content_collecting(schema, true, "", &mut diags)?;
        let rest = rest.unwrap_or_else(|| self.without(schema));
        self.finish(diags, (content, rest))
    }

    /// Content (and, when `partial`, the rest) even when the body has
    /// problems, which go to `diags`: decoding carries on to report every
    /// problem at once. Only an invalid schema is an `Err`.
    ///
    /// `block` names the block this body belongs to (`resource.t.web`), for
    /// messages; empty at the top level.
    pub(crate) fn content_collecting(
        &self,
        schema: &BodySchema,
        partial: bool,
        block: &str,
        diags: &mut Diagnostics,
    ) -> Result<(BodyContent, Option<Body>), Error> {
        schema.validate()?;
        let hidden = self.hidden.as_deref();
        let content = match &self.repr {
            BodyRepr::Json { file, node } => {
                json::JsonBody::new(file, *node, hidden).content(schema, partial, block, diags)
            }
            BodyRepr::Native { file, body } => {
                native::NativeBody::new(file, *body, hidden).content(schema, partial, block, diags)
            }
            BodyRepr::Merged(bodies) => {
                return merge::content(bodies, schema, partial, block, diags);
            }
            BodyRepr::Derived(body) => return body.content(schema, partial, block, diags),
        };
        Ok((content, partial.then(|| self.without(schema))))
    }

    /// The body's comments, in source order, which schemas never see.
    ///
    /// In JSON syntax: the values of the body's `"//"` properties. Read
    /// them in literal-only mode
    /// ([`EvalContext::literal`](crate::eval::EvalContext::literal)).
    ///
    /// In native syntax: every `#`, `//` and `/* */` comment written in the
    /// body's own text (a nested block's body has its own; comments inside
    /// an attribute's value or a block header belong to the body they are
    /// in). Each is a string expression whose value and
    /// [`source_text`](Expression::source_text) are the comment as written,
    /// markers included, without a line comment's newline, and whose
    /// [`range`](Expression::range) is exactly that text.
    ///
    /// A merged body has the comments of its bodies, in order.
    ///
    /// ```
    /// use hcl_json::{EvalContext, Value};
    ///
    /// let file = hcl_json::parse(r#"{"//": {"stack": "dev"}, "a": 1}"#, "c.json")?;
    /// let comments = file.body().comments();
    /// assert_eq!(comments.len(), 1);
    /// assert_eq!(comments[0].source_text(), r#"{"stack": "dev"}"#);
    ///
    /// let file = hcl_json::parse_native("# stack: dev\na = 1 /* one */\n", "c.tf")?;
    /// let comments = file.body().comments();
    /// assert_eq!(comments.len(), 2);
    /// assert_eq!(comments[0].value(&EvalContext::literal())?, Value::from("# stack: dev"));
    /// assert_eq!(comments[1].range().to_string(), "c.tf:2,7-16");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn comments(&self) -> Vec<Expression> {
        match &self.repr {
            BodyRepr::Json { file, node } => json::JsonBody::new(file, *node, None).comments(),
            BodyRepr::Native { file, body } => file.comments(*body),
            BodyRepr::Merged(bodies) => bodies.iter().flat_map(Body::comments).collect(),
            BodyRepr::Derived(body) => body.comments(),
        }
    }

    /// [`content_collecting`](Self::content_collecting) for decoding: the
    /// same items and problems, with ranges resolved only when asked for
    /// (see [`LazyContent`]). `schema` must be valid (the caller checked
    /// it once).
    pub(crate) fn lazy_content<'s>(
        &self,
        schema: &'s BodySchema,
        partial: bool,
        block: &BlockPath<'_>,
        diags: &mut Diagnostics,
    ) -> Result<LazyContent<'s, '_>, Error> {
        match &self.repr {
            BodyRepr::Json { file, node } => {
                let body = json::JsonBody::new(file, *node, self.hidden.as_deref());
                return Ok(body.lazy_content(schema, partial, block, diags));
            }
            BodyRepr::Native { file, body } => {
                let native = native::NativeBody::new(file, *body, self.hidden.as_deref());
                let mut content = native.lazy_content(schema, partial, block, diags);
                if partial {
                    content.rest = LazyRest::Body(self.without(schema));
                }
                return Ok(content);
            }
            BodyRepr::Merged(_) | BodyRepr::Derived(_) => {}
        }
        let block = block.to_string();
        let (content, rest) = self.content_collecting(schema, partial, &block, diags)?;
        Ok(LazyContent::from_content(content, schema, rest))
    }

    /// The rest of this body after [`lazy_content`](Self::lazy_content)
    /// with `schema`, as a body.
    pub(crate) fn lazy_rest(&self, rest: LazyRest<'_>, schema: &BodySchema) -> Body {
        match rest {
            LazyRest::Body(body) => body,
            LazyRest::None | LazyRest::Json(_) => self.without(schema),
        }
    }

    /// The rest of this body after [`lazy_content`](Self::lazy_content)
    /// with `schema`, as attributes: what
    /// [`attribute_exprs`](Self::attribute_exprs) of
    /// [`lazy_rest`](Self::lazy_rest) gives, each name borrowed from the
    /// file where it can be.
    pub(crate) fn lazy_rest_attrs<'a>(
        &'a self,
        rest: LazyRest<'a>,
        schema: &BodySchema,
    ) -> Result<RestAttrs<'a>, Error> {
        let rest = match (rest, &self.repr) {
            (LazyRest::Json(Some(attrs)), BodyRepr::Json { file, .. }) => {
                return Ok(RestAttrs::new(RestNames::Json {
                    file,
                    attrs: attrs.into_iter(),
                }));
            }
            (rest, _) => rest,
        };
        let attrs = self.lazy_rest(rest, schema).attribute_exprs()?;
        Ok(RestAttrs::new(RestNames::Owned(attrs.into_iter())))
    }

    /// This body with the names of `schema` hidden.
    fn without(&self, schema: &BodySchema) -> Body {
        let mut hidden: Vec<String> = self.hidden.as_deref().unwrap_or_default().to_vec();
        hidden.extend(schema.names().map(str::to_string));
        Body {
            repr: self.repr.clone(),
            hidden: Some(hidden.into()),
        }
    }

    /// The source files this body points into (several for a merged body).
    pub(crate) fn sources(&self) -> Vec<Arc<SourceFile>> {
        match &self.repr {
            BodyRepr::Json { file, .. } => vec![file.source.clone()],
            BodyRepr::Native { file, .. } => vec![file.source.clone()],
            BodyRepr::Merged(bodies) => bodies.iter().flat_map(Body::sources).collect(),
            BodyRepr::Derived(body) => body.sources(),
        }
    }

    /// `err` with this body's sources attached, for rendering: each file
    /// with what names the block or JSON path around an offset.
    pub(crate) fn attach(&self, err: Error) -> Error {
        match &self.repr {
            BodyRepr::Json { file, .. } => err.with_source(path_source(file)),
            BodyRepr::Native { file, .. } => err.with_source(context::native_source(file)),
            BodyRepr::Merged(bodies) => bodies.iter().fold(err, |err, body| body.attach(err)),
            BodyRepr::Derived(body) => {
                let err = body.base().attach(err);
                body.others()
                    .iter()
                    .fold(err, |err, other| other.attach(err))
            }
        }
    }

    /// Dynamic attributes mode: every item of the body is an attribute. In
    /// JSON every property is one (the body must be a single object); in
    /// native syntax a block here is an error ("Unexpected block"), as in
    /// HCL.
    pub fn just_attributes(&self) -> Result<IndexMap<String, Attribute>, Error> {
        let mut diags = Diagnostics::new();
        let attrs = self.just_attributes_collecting(&mut diags);
        self.finish(diags, attrs)
    }

    /// Every item of the body as an attribute, name and expression only,
    /// in source order: what [`just_attributes`](Self::just_attributes)
    /// gives, without the ranges it computes for each attribute (the fast
    /// path of JSON and native bodies; merged bodies, and any problem, go
    /// through `just_attributes` and its diagnostics).
    pub(crate) fn attribute_exprs(&self) -> Result<Vec<(String, Expression)>, Error> {
        let hidden = self.hidden.as_deref();
        let found = match &self.repr {
            BodyRepr::Json { file, node } => {
                json::JsonBody::new(file, *node, hidden).attribute_exprs()
            }
            BodyRepr::Native { file, body } => {
                native::NativeBody::new(file, *body, hidden).attribute_exprs()
            }
            BodyRepr::Merged(_) | BodyRepr::Derived(_) => None,
        };
        if let Some(attrs) = found {
            return Ok(attrs);
        }
        Ok(self
            .just_attributes()?
            .into_iter()
            .map(|(name, attr)| (name, attr.expr))
            .collect())
    }

    /// The names of the body's attributes, each with where it is written,
    /// in source order, without building their expressions (blocks left
    /// out): for a check that only needs the names, such as a module
    /// call's arguments against the variables of the module it calls.
    pub(crate) fn attribute_names(&self) -> Vec<(String, Range)> {
        if let Some(native) = self.as_native() {
            return native.attribute_names();
        }
        if let Some(json) = self.as_json() {
            return json
                .body_props()
                .into_iter()
                .map(|p| {
                    let name = json.file.str(p.name()).unwrap_or_default().into_owned();
                    (name, json.file.range(p.name()))
                })
                .collect();
        }
        let mut ignored = Diagnostics::new();
        self.just_attributes_collecting(&mut ignored)
            .into_iter()
            .map(|(name, attr)| (name, attr.name_range))
            .collect()
    }

    pub(crate) fn just_attributes_collecting(
        &self,
        diags: &mut Diagnostics,
    ) -> IndexMap<String, Attribute> {
        let hidden = self.hidden.as_deref();
        match &self.repr {
            BodyRepr::Json { file, node } => {
                json::JsonBody::new(file, *node, hidden).just_attributes(diags)
            }
            BodyRepr::Native { file, body } => {
                native::NativeBody::new(file, *body, hidden).just_attributes(diags)
            }
            BodyRepr::Merged(bodies) => merge::just_attributes(bodies, diags),
            BodyRepr::Derived(body) => body.just_attributes(diags),
        }
    }

    /// The JSON body this is, for the JSON writer: its file, node, and
    /// whether earlier partial processing hid some names.
    pub(crate) fn as_json(&self) -> Option<json::JsonBody<'_>> {
        match &self.repr {
            BodyRepr::Json { file, node } => {
                Some(json::JsonBody::new(file, *node, self.hidden.as_deref()))
            }
            _ => None,
        }
    }

    /// The native body this is, for the JSON writer.
    pub(crate) fn as_native(&self) -> Option<native::NativeBody<'_>> {
        match &self.repr {
            BodyRepr::Native { file, body } => {
                Some(native::NativeBody::new(file, *body, self.hidden.as_deref()))
            }
            _ => None,
        }
    }

    /// The bodies of a merged body.
    pub(crate) fn as_merged(&self) -> Option<&[Body]> {
        match &self.repr {
            BodyRepr::Merged(bodies) => Some(bodies),
            _ => None,
        }
    }

    fn finish<T>(&self, diags: Diagnostics, value: T) -> Result<T, Error> {
        diags.into_result(value).map_err(|e| self.attach(e))
    }
}

/// The attributes of the rest of a body, in order: see
/// [`Body::lazy_rest_attrs`]. A walk that lends each attribute's
/// expression until the next step: a JSON body's attributes share one
/// handle on the file, moved from node to node, so a step clones no `Arc`
/// (a decode into a map reads every attribute of every block this way).
pub(crate) struct RestAttrs<'a> {
    names: RestNames<'a>,
    /// The expression of the attribute last stepped to.
    current: Option<Expression>,
}

enum RestNames<'a> {
    /// A JSON body's: names (borrowed unless escaped) and value nodes.
    Json {
        file: &'a Arc<FileData>,
        attrs: std::vec::IntoIter<(std::borrow::Cow<'a, str>, NodeId)>,
    },
    /// Any other body's.
    Owned(std::vec::IntoIter<(String, Expression)>),
}

impl<'a> RestAttrs<'a> {
    fn new(names: RestNames<'a>) -> RestAttrs<'a> {
        RestAttrs {
            names,
            current: None,
        }
    }

    /// Steps to the next attribute: its name, and its expression (also
    /// [`current`](Self::current) until the next step).
    pub(crate) fn next(&mut self) -> Option<(std::borrow::Cow<'a, str>, &Expression)> {
        let name = match &mut self.names {
            RestNames::Json { file, attrs } => {
                let (name, node) = attrs.next()?;
                match &mut self.current {
                    Some(expr) => expr.move_to(node),
                    None => self.current = Some(Expression::json(Arc::clone(file), node)),
                }
                name
            }
            RestNames::Owned(attrs) => {
                let (name, expr) = attrs.next()?;
                self.current = Some(expr);
                std::borrow::Cow::Owned(name)
            }
        };
        Some((name, self.current.as_ref()?))
    }

    /// The expression of the attribute last stepped to.
    pub(crate) fn current(&self) -> Option<&Expression> {
        self.current.as_ref()
    }

    /// The number of attributes not yet stepped to.
    pub(crate) fn len(&self) -> usize {
        match &self.names {
            RestNames::Json { attrs, .. } => attrs.len(),
            RestNames::Owned(attrs) => attrs.len(),
        }
    }
}

/// The range of an empty merged body, as HCL names it.
fn empty_range() -> Range {
    let origin = crate::pos::Pos {
        line: 1,
        column: 1,
        byte: 0,
    };
    Range::new("<empty>", origin, origin)
}
