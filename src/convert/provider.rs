//! Provider schemas for conversion: which properties of a resource, data
//! source, ephemeral resource, action, list block or provider block are
//! nested blocks, read from what `terraform providers schema -json` prints
//! ([its format](https://developer.hashicorp.com/terraform/cli/commands/providers/schema)).
//!
//! Terraform's own schema ([`TerraformSchema`]) cannot know that
//! `network_configuration` is a block of `aws_ecs_service`: only the
//! provider's schema says so. [`ProviderSchemas`] keeps, of each schema,
//! only the tree of nested block types (attributes are attributes whatever
//! their type) and answers from it, leaving everything else (meta-arguments,
//! `lifecycle`, `provisioner`, ...) to the schema it is layered over. The
//! JSON is read with the crate's own parser: no other JSON library is
//! needed at run time.

use std::collections::HashMap;
use std::sync::Arc;

use super::schema::{BlockFrame, NativeSchema, PropertyKind, TerraformSchema};
use crate::body::parse;
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::json::{FileData, NodeId, NodeKind, Prop};

/// The nested block types of one schema block, by name.
#[derive(Debug, Default)]
struct BlockTypes {
    types: HashMap<String, NestedBlock>,
}

/// One nested block type: how many labels it takes (a `map` nesting
/// mode is one block per key, written with the key as its label) and
/// its own nested block types.
#[derive(Debug)]
struct NestedBlock {
    labels: usize,
    block: BlockTypes,
}

/// The kinds of schema a provider gives, by the top-level block type that
/// uses them.
#[derive(Debug, Default)]
struct Schemas {
    /// `provider "name"`, by the provider's local name (the last part of
    /// its source address).
    providers: HashMap<String, BlockTypes>,
    resources: HashMap<String, BlockTypes>,
    data_sources: HashMap<String, BlockTypes>,
    ephemeral: HashMap<String, BlockTypes>,
    list: HashMap<String, BlockTypes>,
    actions: HashMap<String, BlockTypes>,
}

/// The schemas of providers, as `terraform providers schema -json` (or
/// `tofu providers schema -json`) prints them, for converting their
/// resources' nested blocks exactly.
///
/// It is a [`NativeSchema`]: a property that the provider's schema
/// declares as a nested block type (`block_types`) is a block, with a label
/// for the `map` nesting mode; anything else is answered by the schema it
/// is layered over ([`TerraformSchema`] unless
/// [`ConvertOptions::provider_schemas`](super::ConvertOptions::provider_schemas)
/// layers it over another). Cheap to clone.
///
/// ```
/// use hcl_json::convert::{ConvertOptions, ProviderSchemas};
///
/// let schemas = ProviderSchemas::from_json(
///     r#"{"format_version": "1.0", "provider_schemas": {"registry.terraform.io/hashicorp/aws": {
///         "resource_schemas": {"aws_ecs_service": {"version": 0, "block": {
///             "attributes": {"name": {"type": "string", "optional": true}},
///             "block_types": {"network_configuration": {"nesting_mode": "list", "block": {
///                 "attributes": {"subnets": {"type": ["set", "string"], "required": true}}}}}}}}}}}"#,
///     "schema.json",
/// )?;
/// let file = hcl_json::parse(
///     r#"{"resource": {"aws_ecs_service": {"web": {"name": "web",
///         "network_configuration": [{"subnets": ["${aws_subnet.a.id}"]}]}}}}"#,
///     "cdk.tf.json",
/// )?;
/// let options = ConvertOptions::terraform().provider_schemas(schemas);
/// assert_eq!(
///     hcl_json::to_native_string(&file.body(), &options)?,
///     "resource \"aws_ecs_service\" \"web\" {\n  name = \"web\"\n\n  network_configuration {\n    subnets = [aws_subnet.a.id]\n  }\n}\n"
/// );
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct ProviderSchemas {
    schemas: Arc<Schemas>,
}

impl ProviderSchemas {
    /// Reads the JSON of `terraform providers schema -json`; `filename`
    /// names it in diagnostics. Every provider under `provider_schemas` is
    /// read: its `provider` block and its `resource_schemas`,
    /// `data_source_schemas`, `ephemeral_resource_schemas`,
    /// `list_resource_schemas` and `action_schemas`. Text that is not JSON,
    /// or a schema of the wrong shape, is an "Invalid provider schema"
    /// error at the value at fault; properties the crate does not use
    /// (descriptions, attribute types, `functions`) are not checked.
    pub fn from_json(text: &str, filename: &str) -> Result<ProviderSchemas, Error> {
        let file = parse(text, filename)?;
        let body = file.body();
        let Some(json) = body.as_json() else {
            unreachable!("parse gives a JSON body");
        };
        let mut reader = Reader {
            file: json.file,
            diags: Diagnostics::new(),
        };
        let schemas = reader.root(json.node);
        reader
            .diags
            .into_result(ProviderSchemas {
                schemas: Arc::new(schemas),
            })
            .map_err(|e| e.with_source(file.source_file().clone()))
    }

    /// Whether no provider gave a schema.
    pub fn is_empty(&self) -> bool {
        let s = &self.schemas;
        s.providers.is_empty()
            && s.resources.is_empty()
            && s.data_sources.is_empty()
            && s.ephemeral.is_empty()
            && s.list.is_empty()
            && s.actions.is_empty()
    }

    /// The nested block types of the provider-defined block at `path`, if
    /// the path leads into one: the schema of its top-level block (by type
    /// and first label), then each nested block type in turn, a `dynamic
    /// "name"` block standing for blocks of type `name` and its `content`
    /// for their body.
    fn block_types(&self, path: &[BlockFrame]) -> Option<&BlockTypes> {
        let (root, rest) = path.split_first()?;
        let label = root.labels.first()?;
        let s = &self.schemas;
        let (mut block, rest) = match (root.type_name.as_str(), rest) {
            ("resource", rest) => (s.resources.get(label)?, rest),
            ("data", rest) => (s.data_sources.get(label)?, rest),
            ("ephemeral", rest) => (s.ephemeral.get(label)?, rest),
            ("provider", rest) => (s.providers.get(label)?, rest),
            ("check", [data, rest @ ..]) if data.type_name == "data" => {
                (s.data_sources.get(data.labels.first()?)?, rest)
            }
            // The provider's part of an action or list block is its
            // `config` block.
            ("action", [config, rest @ ..]) if config.type_name == "config" => {
                (s.actions.get(label)?, rest)
            }
            ("list", [config, rest @ ..]) if config.type_name == "config" => {
                (s.list.get(label)?, rest)
            }
            _ => return None,
        };
        let mut frames = rest.iter().peekable();
        while let Some(frame) = frames.next() {
            let name = match frame.type_name.as_str() {
                "dynamic" => {
                    // `dynamic "x" { content { ... } }` is blocks of type x.
                    let name = frame.labels.first()?;
                    match frames.next() {
                        Some(content) if content.type_name == "content" => name,
                        _ => return None,
                    }
                }
                name => name,
            };
            block = &block.types.get(name)?.block;
        }
        Some(block)
    }
}

impl NativeSchema for ProviderSchemas {
    fn kind(&self, path: &[BlockFrame], name: &str) -> PropertyKind {
        provider_kind(self, path, name).unwrap_or_else(|| TerraformSchema.kind(path, name))
    }
}

/// What the provider schemas say property `name` at `path` is, if they
/// know it: one of the block's nested block types, or a `dynamic` block
/// generating them.
pub(super) fn provider_kind(
    schemas: &ProviderSchemas,
    path: &[BlockFrame],
    name: &str,
) -> Option<PropertyKind> {
    let block = schemas.block_types(path)?;
    if let Some(nested) = block.types.get(name) {
        return Some(PropertyKind::Block {
            labels: nested.labels,
        });
    }
    // Terraform's schema knows `dynamic` at a resource's top level; inside
    // the provider's nested blocks only the provider's schema can say that
    // a block is there to generate.
    (name == "dynamic" && path.len() > 1 && !block.types.is_empty())
        .then_some(PropertyKind::Block { labels: 1 })
}

/// A [`NativeSchema`] of provider schemas over another schema.
pub(super) struct Layered {
    pub(super) providers: ProviderSchemas,
    pub(super) base: Box<dyn NativeSchema + Send + Sync>,
}

impl NativeSchema for Layered {
    fn kind(&self, path: &[BlockFrame], name: &str) -> PropertyKind {
        provider_kind(&self.providers, path, name).unwrap_or_else(|| self.base.kind(path, name))
    }
}

/// Walks the schema JSON's node tree.
struct Reader<'a> {
    file: &'a FileData,
    diags: Diagnostics,
}

impl<'a> Reader<'a> {
    #[cold]
    fn invalid(&mut self, node: NodeId, what: &str) {
        self.diags.push(Diagnostic::error(
            "Invalid provider schema",
            format!("{what}, as `terraform providers schema -json` prints it."),
            Some(self.file.range(node)),
        ));
    }

    /// The properties of object `node`, or an error saying it should be
    /// `what`.
    fn object(&mut self, node: NodeId, what: &str) -> &'a [Prop] {
        let file = self.file;
        match file.kind(node) {
            NodeKind::Object { first, len } => file.properties(first, len),
            NodeKind::Null => &[],
            _ => {
                self.invalid(node, &format!("Expected {what}"));
                &[]
            }
        }
    }

    fn name(&self, prop: Prop) -> String {
        self.file.str(prop.name()).unwrap_or_default().into_owned()
    }

    fn root(&mut self, node: NodeId) -> Schemas {
        let mut schemas = Schemas::default();
        let root = self.object(node, "an object");
        let Some(providers) = root.iter().find(|p| self.name(**p) == "provider_schemas") else {
            self.invalid(
                node,
                "Expected an object with a \"provider_schemas\" property",
            );
            return schemas;
        };
        let providers = self.object(
            providers.value,
            "an object of provider schemas by source address",
        );
        for provider in providers {
            let address = self.name(*provider);
            let local = address.rsplit('/').next().unwrap_or_default().to_string();
            let parts = self.object(provider.value, "a provider's schemas");
            for part in parts {
                let table = match self.name(*part).as_str() {
                    "provider" => {
                        let block = self.schema(part.value);
                        schemas.providers.insert(local.clone(), block);
                        continue;
                    }
                    "resource_schemas" => &mut schemas.resources,
                    "data_source_schemas" => &mut schemas.data_sources,
                    "ephemeral_resource_schemas" => &mut schemas.ephemeral,
                    "list_resource_schemas" => &mut schemas.list,
                    "action_schemas" => &mut schemas.actions,
                    _ => continue,
                };
                let mut read = HashMap::new();
                let entries = self.object(part.value, "an object of schemas by type");
                for entry in entries {
                    let block = self.schema(entry.value);
                    read.insert(self.name(*entry), block);
                }
                table.extend(read);
            }
        }
        schemas
    }

    /// A schema: `{"version": 0, "block": {...}}`.
    fn schema(&mut self, node: NodeId) -> BlockTypes {
        let props = self.object(node, "a schema object");
        match props.iter().find(|p| self.name(**p) == "block") {
            Some(block) => self.block(block.value),
            None => BlockTypes::default(),
        }
    }

    /// A block: its `block_types`, each `{"nesting_mode": ..., "block":
    /// {...}}`.
    fn block(&mut self, node: NodeId) -> BlockTypes {
        let mut types = HashMap::new();
        let props = self.object(node, "a block schema object");
        let Some(block_types) = props.iter().find(|p| self.name(**p) == "block_types") else {
            return BlockTypes { types };
        };
        let nested = self.object(block_types.value, "an object of nested block types");
        for prop in nested {
            let fields = self.object(prop.value, "a nested block type object");
            let mut labels = 0;
            let mut block = BlockTypes::default();
            for field in fields {
                match self.name(*field).as_str() {
                    "nesting_mode" => match self.file.str(field.value).as_deref() {
                        Some("map") => labels = 1,
                        Some("single" | "group" | "list" | "set") => {}
                        _ => self.invalid(
                            field.value,
                            "Expected a nesting mode: \"single\", \"group\", \"list\", \"set\" or \"map\"",
                        ),
                    },
                    "block" => block = self.block(field.value),
                    _ => {}
                }
            }
            types.insert(self.name(*prop), NestedBlock { labels, block });
        }
        BlockTypes { types }
    }
}

#[cfg(test)]
#[path = "provider_tests.rs"]
mod tests;
