//! What the converter asks about a body: is this property an attribute or a
//! block, and how is its value read?
//!
//! JSON syntax cannot say whether `"lifecycle": {...}` is a block or an
//! attribute with an object value; only a schema can ([HCL's JSON syntax
//! specification](https://github.com/hashicorp/hcl/blob/main/json/spec.md), "Bodies"). The converter asks a [`NativeSchema`] for every property of
//! every body, giving it the enclosing blocks. [`TerraformSchema`] answers
//! from Terraform's own language (the block types and meta-arguments of
//! [Terraform's JSON configuration syntax](https://developer.hashicorp.com/terraform/language/syntax/json)), [`NoSchema`] says "expression attribute" to
//! everything, and any `Fn(&[BlockFrame], &str) -> Item` closure is a
//! schema too.

/// One enclosing block, as the converter tells a [`NativeSchema`] where it
/// is: `resource "aws_instance" "web"` is type `resource` with labels
/// `["aws_instance", "web"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockFrame {
    /// The block type name.
    pub type_name: String,
    /// The block's labels.
    pub labels: Vec<String>,
}

/// What one property of a JSON body is, and so how it is written in native
/// syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PropertyKind {
    /// An attribute whose value is an expression (full-expression mode): a
    /// string is a template, `"${x}"` is the expression `x`.
    Expression,
    /// An attribute whose value is taken literally (literal-only mode):
    /// strings are written so that they read back as the same text, `${`
    /// becoming `$${`.
    Literal,
    /// An attribute whose strings hold native expressions read by static
    /// analysis (references, keywords, type expressions): `"aws.west"` is
    /// written `aws.west`, `"list(string)"` `list(string)`, arrays and
    /// object values element by element. A string whose whole content is
    /// one `${...}` is unwrapped too (`"${string}"` is `string`).
    Reference,
    /// A block type taking `labels` labels: the property's value holds one
    /// nested object (or array of objects) per label level, then one object
    /// (or array of objects) per block body.
    Block {
        /// How many labels blocks of this type take.
        labels: usize,
    },
}

/// Answers, for each property of each body, what it is.
///
/// `path` lists the blocks enclosing the body, outermost first (empty for
/// the file's root body); `name` is the property's name. `"//"` comment
/// properties of bodies are never asked about.
///
/// ```
/// use hcl_json::convert::{BlockFrame, ConvertOptions, PropertyKind};
///
/// // A schema for an application: `service "name" { ... }` blocks, and
/// // `listener` blocks inside them.
/// let schema = |path: &[BlockFrame], name: &str| match (path.len(), name) {
///     (0, "service") => PropertyKind::Block { labels: 1 },
///     (1, "listener") => PropertyKind::Block { labels: 0 },
///     _ => PropertyKind::Expression,
/// };
/// let file = hcl_json::parse(
///     r#"{"service": {"web": {"listener": [{"port": 80}, {"port": 443}]}}}"#,
///     "app.hcl.json",
/// )?;
/// let text = hcl_json::to_native_string(&file.body(), &ConvertOptions::with_schema(schema))?;
/// assert_eq!(
///     text,
///     "service \"web\" {\n  listener {\n    port = 80\n  }\n\n  listener {\n    port = 443\n  }\n}\n"
/// );
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub trait NativeSchema {
    /// What property `name` of the body inside `path` is.
    fn kind(&self, path: &[BlockFrame], name: &str) -> PropertyKind;
}

impl<F: Fn(&[BlockFrame], &str) -> PropertyKind> NativeSchema for F {
    fn kind(&self, path: &[BlockFrame], name: &str) -> PropertyKind {
        self(path, name)
    }
}

/// No schema: every property is an expression attribute (HCL's dynamic
/// attributes mode), so nested objects become object values.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSchema;

impl NativeSchema for NoSchema {
    fn kind(&self, _path: &[BlockFrame], _name: &str) -> PropertyKind {
        PropertyKind::Expression
    }
}

/// Terraform's language, without provider schemas, as Terraform 1.16 and
/// OpenTofu 1.12 read it (the union of the two where they differ, since
/// neither gives the other's additions a different meaning).
///
/// - Top level: `resource`, `data`, `ephemeral` and `action` blocks take
///   two labels, as do the `list` blocks of query files (`.tfquery.hcl`);
///   `variable`, `output`, `module`, `provider` and `check` one; `locals`,
///   `terraform`, `moved`, `import`, `removed` and OpenTofu's `language`
///   none. Any other top-level property is an expression attribute.
/// - Block types Terraform itself defines inside those are blocks:
///   `lifecycle`, `connection`, `provisioner "type"`, `dynamic "name"`
///   (with its `content`) and the meta-argument escape block `_` in
///   resources and data sources; `precondition`, `postcondition` and
///   `action_trigger` in `lifecycle`; `validation` in `variable`;
///   `precondition` and `postcondition` in `output`; `lifecycle` in `module`
///   (OpenTofu's `enabled`); `config` in `action` and `list`;
///   `required_providers`, `backend "type"`, `cloud` (with `workspaces`),
///   `state_store "type"` (with its `provider "name"`), `provider_meta
///   "name"` and OpenTofu's `encryption` (with `key_provider`, `method`,
///   `state`, `plan`, `fallback` and `remote_state_data_sources`) in
///   `terraform`; `compatible_with` in `language`; `data` and `assert` in
///   `check`.
/// - Everything else a provider defines (say `ebs_block_device` in an
///   `aws_instance`) cannot be known without the provider's schema: an
///   unknown nested object or array is written as an **attribute** with an
///   object or tuple value (`tags = { ... }`). Give the provider's schema
///   ([`ProviderSchemas`](super::ProviderSchemas)) or a schema of your own
///   (see [`NativeSchema`]) where such properties are blocks.
/// - Literal-only and reference positions follow Terraform's JSON
///   configuration syntax: `variable`'s `type` (a type expression) and
///   `default`, `description`, `sensitive`, `nullable`, `ephemeral`,
///   `const` and `deprecated`; `output`'s `type` (a type expression),
///   `description`, `sensitive`, `ephemeral` and `deprecated`; `module`'s
///   `providers` (references; its `source` and `version` are expressions,
///   since Terraform 1.15 and OpenTofu 1.8 let them refer to `var`,
///   `local` and `path`); `provider`'s `alias` and `version`; every setting
///   inside `terraform` (its `experiments` and `language` are keywords),
///   except inside OpenTofu's `encryption`, whose settings are expressions;
///   `provider` and `depends_on` of resources, data sources, actions, list
///   blocks, modules and outputs; `ignore_changes` and
///   `replace_triggered_by` of `lifecycle`; `events`, `actions` (each item a
///   reference) and `on_failure` of `action_trigger`; the `type` of
///   `connection` (literal); `when` and `on_failure` of provisioners and
///   `iterator` of `dynamic` (keywords); `from` and `to` of `moved`, `to`
///   and `provider` of `import`, `from` of `removed` (references);
///   `edition` and `experiments` of `language` (keywords) and the version
///   constraints of `compatible_with` (literal).
#[derive(Debug, Clone, Copy, Default)]
pub struct TerraformSchema;

impl NativeSchema for TerraformSchema {
    fn kind(&self, path: &[BlockFrame], name: &str) -> PropertyKind {
        let types: Vec<&str> = path.iter().map(|f| f.type_name.as_str()).collect();
        match types.as_slice() {
            [] => top_level(name),
            ["terraform", rest @ ..] => terraform(rest, name),
            ["variable"] => match name {
                "type" => PropertyKind::Reference,
                "default" | "description" | "sensitive" | "nullable" | "ephemeral" | "const"
                | "deprecated" => PropertyKind::Literal,
                "validation" => PropertyKind::Block { labels: 0 },
                _ => PropertyKind::Expression,
            },
            ["output"] => match name {
                "description" | "sensitive" | "ephemeral" | "deprecated" => PropertyKind::Literal,
                "type" | "depends_on" => PropertyKind::Reference,
                "precondition" | "postcondition" => PropertyKind::Block { labels: 0 },
                _ => PropertyKind::Expression,
            },
            ["module"] => match name {
                "providers" | "depends_on" => PropertyKind::Reference,
                "lifecycle" => PropertyKind::Block { labels: 0 },
                _ => PropertyKind::Expression,
            },
            ["action" | "list"] => match name {
                "provider" | "depends_on" => PropertyKind::Reference,
                "config" => PropertyKind::Block { labels: 0 },
                _ => PropertyKind::Expression,
            },
            ["language"] => match name {
                "edition" | "experiments" => PropertyKind::Reference,
                "compatible_with" => PropertyKind::Block { labels: 0 },
                _ => PropertyKind::Expression,
            },
            ["language", "compatible_with"] => PropertyKind::Literal,
            ["provider"] => match name {
                "alias" | "version" => PropertyKind::Literal,
                "dynamic" => PropertyKind::Block { labels: 1 },
                _ => PropertyKind::Expression,
            },
            ["resource" | "data" | "ephemeral"] | ["check", "data"] => resource(name),
            ["moved"] => match name {
                "from" | "to" => PropertyKind::Reference,
                _ => PropertyKind::Expression,
            },
            ["import"] => match name {
                "to" | "provider" => PropertyKind::Reference,
                _ => PropertyKind::Expression,
            },
            ["removed"] => match name {
                "from" => PropertyKind::Reference,
                "lifecycle" => PropertyKind::Block { labels: 0 },
                "provisioner" => PropertyKind::Block { labels: 1 },
                _ => PropertyKind::Expression,
            },
            ["check"] => match name {
                "data" => PropertyKind::Block { labels: 2 },
                "assert" => PropertyKind::Block { labels: 0 },
                _ => PropertyKind::Expression,
            },
            // The nested block types below only ever become blocks where
            // the arms above say so, so the innermost type is enough.
            [.., "lifecycle"] => match name {
                "ignore_changes" | "replace_triggered_by" => PropertyKind::Reference,
                "precondition" | "postcondition" | "action_trigger" => {
                    PropertyKind::Block { labels: 0 }
                }
                _ => PropertyKind::Expression,
            },
            [.., "lifecycle", "action_trigger"] => match name {
                "events" | "actions" | "on_failure" => PropertyKind::Reference,
                _ => PropertyKind::Expression,
            },
            [.., "connection"] => match name {
                "type" => PropertyKind::Literal,
                _ => PropertyKind::Expression,
            },
            [.., "provisioner"] => match name {
                "connection" => PropertyKind::Block { labels: 0 },
                "when" | "on_failure" => PropertyKind::Reference,
                _ => PropertyKind::Expression,
            },
            [.., "dynamic"] => match name {
                "content" => PropertyKind::Block { labels: 0 },
                "iterator" => PropertyKind::Reference,
                _ => PropertyKind::Expression,
            },
            [.., "dynamic", "content"] => match name {
                "dynamic" => PropertyKind::Block { labels: 1 },
                _ => PropertyKind::Expression,
            },
            _ => PropertyKind::Expression,
        }
    }
}

fn top_level(name: &str) -> PropertyKind {
    match name {
        "resource" | "data" | "ephemeral" | "action" | "list" => PropertyKind::Block { labels: 2 },
        "variable" | "output" | "module" | "provider" | "check" => {
            PropertyKind::Block { labels: 1 }
        }
        "locals" | "terraform" | "moved" | "import" | "removed" | "language" => {
            PropertyKind::Block { labels: 0 }
        }
        _ => PropertyKind::Expression,
    }
}

/// Inside a `resource`, `data` or `ephemeral` block.
fn resource(name: &str) -> PropertyKind {
    match name {
        "provider" | "depends_on" => PropertyKind::Reference,
        "lifecycle" | "connection" | "_" => PropertyKind::Block { labels: 0 },
        "provisioner" | "dynamic" => PropertyKind::Block { labels: 1 },
        _ => PropertyKind::Expression,
    }
}

/// Inside `terraform` (`rest` are the blocks below it): "all setting
/// values are taken literally".
fn terraform(rest: &[&str], name: &str) -> PropertyKind {
    match (rest, name) {
        ([], "required_providers" | "cloud" | "encryption") => PropertyKind::Block { labels: 0 },
        ([], "backend" | "provider_meta" | "state_store") => PropertyKind::Block { labels: 1 },
        ([], "experiments" | "language") => PropertyKind::Reference,
        (["cloud"], "workspaces") => PropertyKind::Block { labels: 0 },
        (["state_store"], "provider") => PropertyKind::Block { labels: 1 },
        (["encryption", ..], _) => encryption(&rest[1..], name),
        _ => PropertyKind::Literal,
    }
}

/// Inside OpenTofu's `terraform { encryption { ... } }`
/// (<https://opentofu.org/docs/language/state/encryption/>): its settings
/// are expressions (a method refers to `key_provider.pbkdf2.main`).
fn encryption(rest: &[&str], name: &str) -> PropertyKind {
    match (rest, name) {
        ([], "key_provider" | "method") => PropertyKind::Block { labels: 2 },
        ([], "state" | "plan" | "remote_state_data_sources") => PropertyKind::Block { labels: 0 },
        (["state" | "plan"], "fallback") => PropertyKind::Block { labels: 0 },
        (["remote_state_data_sources"], "default") => PropertyKind::Block { labels: 0 },
        (["remote_state_data_sources"], "remote_state_data_source") => {
            PropertyKind::Block { labels: 1 }
        }
        _ => PropertyKind::Expression,
    }
}

/// Packer's HCL2 language (`*.pkr.hcl`, `*.pkr.json`), without plugin
/// schemas, as [Packer's HCL templates](https://developer.hashicorp.com/packer/docs/templates/hcl_templates/blocks)
/// define it.
///
/// - Top level: `source` and `data` blocks take two labels, `variable` and
///   `local` one; `packer`, `build`, `variables` and `locals` none.
/// - Inside `packer`: `required_plugins` (its entries are attributes whose
///   values are objects). Inside `variable`: `validation`. Inside `build`:
///   `source "name"`, `provisioner "type"`, `post-processor "type"`,
///   `post-processors` (with its `post-processor "type"` blocks),
///   `error-cleanup-provisioner "type"` and `hcp_packer_registry`. Any
///   block may hold `dynamic "name"` blocks with their `content`.
/// - What a plugin defines inside `source`, `data` and provisioners is
///   unknown: a nested object is written as an attribute.
/// - A variable's `type` is a type expression; its `default`,
///   `description` and `sensitive`, and the settings of `packer` are
///   literal.
#[derive(Debug, Clone, Copy, Default)]
pub struct PackerSchema;

impl NativeSchema for PackerSchema {
    fn kind(&self, path: &[BlockFrame], name: &str) -> PropertyKind {
        let types: Vec<&str> = path.iter().map(|f| f.type_name.as_str()).collect();
        match (types.as_slice(), name) {
            ([], "source" | "data") => PropertyKind::Block { labels: 2 },
            ([], "variable" | "local") => PropertyKind::Block { labels: 1 },
            ([], "packer" | "build" | "variables" | "locals") => PropertyKind::Block { labels: 0 },
            ([], _) => PropertyKind::Expression,
            (["packer"], "required_plugins") => PropertyKind::Block { labels: 0 },
            (["packer", ..], _) => PropertyKind::Literal,
            (["variable"], "type") => PropertyKind::Reference,
            (["variable"], "default" | "description" | "sensitive") => PropertyKind::Literal,
            (["variable"], "validation") => PropertyKind::Block { labels: 0 },
            (["build"], "source" | "provisioner" | "post-processor") => {
                PropertyKind::Block { labels: 1 }
            }
            (["build"], "error-cleanup-provisioner") => PropertyKind::Block { labels: 1 },
            (["build"], "post-processors" | "hcp_packer_registry") => {
                PropertyKind::Block { labels: 0 }
            }
            (["build", "post-processors"], "post-processor") => PropertyKind::Block { labels: 1 },
            ([.., "dynamic"], "content") => PropertyKind::Block { labels: 0 },
            ([.., "dynamic"], "iterator") => PropertyKind::Reference,
            ([_, ..], "dynamic") => PropertyKind::Block { labels: 1 },
            _ => PropertyKind::Expression,
        }
    }
}
