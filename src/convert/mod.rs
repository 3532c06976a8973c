//! Converting between the syntaxes: a parsed JSON-syntax body to
//! native-syntax text ([`to_native_string`], [`to_native_writer`]:
//! `to_native/`), and a parsed native body to JSON-syntax text
//! ([`to_json_string`], [`to_json_writer`]: `to_json.rs`).
//!
//! Both take a [`ConvertOptions`] whose [`NativeSchema`] (`schema.rs`, and
//! providers' schemas in `provider.rs`) says
//! what each property is, an attribute (read as an expression, literally,
//! or as a reference) or a block, since the JSON syntax cannot say so
//! itself. Writing Rust values as text is `encode`'s job; this module
//! walks parsed trees and never evaluates.

mod provider;
mod schema;
mod to_json;
mod to_native;
mod typed;

pub use provider::ProviderSchemas;
pub use schema::{BlockFrame, NativeSchema, NoSchema, PackerSchema, PropertyKind, TerraformSchema};
pub use to_json::{to_json_string, to_json_writer};
pub use to_native::{to_native_string, to_native_writer};
pub use typed::to_string_native;

/// How [`to_native_string`] converts: which schema tells attributes from
/// blocks, and whether to check what it writes.
///
/// ```
/// use hcl_json::convert::ConvertOptions;
///
/// let file = hcl_json::parse(r#"{"tags": {"Name": "web"}}"#, "x.hcl.json")?;
/// let text = hcl_json::to_native_string(&file.body(), &ConvertOptions::without_schema())?;
/// assert_eq!(text, "tags = {\n  Name = \"web\"\n}\n");
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub struct ConvertOptions {
    pub(crate) schema: Box<dyn NativeSchema + Send + Sync>,
    pub(crate) verify: bool,
    pub(crate) comments: bool,
}

impl Default for ConvertOptions {
    /// [`ConvertOptions::terraform`].
    fn default() -> Self {
        ConvertOptions::terraform()
    }
}

impl std::fmt::Debug for ConvertOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConvertOptions")
            .field("verify", &self.verify)
            .field("comments", &self.comments)
            .finish_non_exhaustive()
    }
}

impl ConvertOptions {
    /// Terraform's language ([`TerraformSchema`]): its block types and
    /// meta-arguments are known, provider-defined nested objects are
    /// written as attributes.
    pub fn terraform() -> ConvertOptions {
        ConvertOptions::with_schema(TerraformSchema)
    }

    /// Packer's language ([`PackerSchema`]), for `*.pkr.json` and
    /// `*.pkr.hcl`: `source`, `build`, `provisioner`, `post-processor`,
    /// `variable`, `locals`, `packer` and the other block types Packer
    /// defines are blocks.
    ///
    /// ```
    /// use hcl_json::convert::ConvertOptions;
    ///
    /// let file = hcl_json::parse(
    ///     r#"{"build": {"sources": ["source.file.a"], "provisioner": {"shell-local": {"inline": ["echo hi"]}}}}"#,
    ///     "t.pkr.json",
    /// )?;
    /// let text = hcl_json::to_native_string(&file.body(), &ConvertOptions::packer())?;
    /// assert_eq!(
    ///     text,
    ///     "build {\n  sources = [\"source.file.a\"]\n\n  provisioner \"shell-local\" {\n    inline = [\"echo hi\"]\n  }\n}\n"
    /// );
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn packer() -> ConvertOptions {
        ConvertOptions::with_schema(PackerSchema)
    }

    /// No schema ([`NoSchema`]): every property is an attribute, except
    /// where a JSON object repeats a key (see [`to_native_string`]).
    pub fn without_schema() -> ConvertOptions {
        ConvertOptions::with_schema(NoSchema)
    }

    /// The given schema (a [`NativeSchema`], such as a closure).
    pub fn with_schema(schema: impl NativeSchema + Send + Sync + 'static) -> ConvertOptions {
        ConvertOptions {
            schema: Box::new(schema),
            verify: false,
            comments: false,
        }
    }

    /// Layers provider schemas ([`ProviderSchemas`], read from `terraform
    /// providers schema -json`) over the schema so far: the nested block
    /// types of resources, data sources, ephemeral resources, actions, list
    /// blocks and provider blocks are blocks, as their provider defines
    /// them, and everything else is as the schema so far says.
    pub fn provider_schemas(mut self, schemas: ProviderSchemas) -> ConvertOptions {
        self.schema = Box::new(provider::Layered {
            providers: schemas,
            base: self.schema,
        });
        self
    }

    /// With `verify`, every attribute value and label written is parsed
    /// back with the native expression parser, and one that does not
    /// parse (or, for a literal string or a label, does not read back as
    /// the same text) is an error naming the JSON it came from. It costs
    /// about one parse of the output; off by default.
    pub fn verify(mut self, verify: bool) -> ConvertOptions {
        self.verify = verify;
        self
    }

    /// For native → JSON conversion ([`to_json_string`]):
    /// with `comments`, the comments between a body's items are kept as
    /// `"//"` properties (the JSON syntax's comment convention); without,
    /// the default, they are dropped. JSON → native conversion always
    /// writes `"//"` properties as `#` comments.
    pub fn comments(mut self, comments: bool) -> ConvertOptions {
        self.comments = comments;
        self
    }
}
