//! Terraform's override files, as bodies: `*_override.tf` merged into the
//! primary files by Terraform's documented rules.
//!
//! The merge is lazy and schema-driven, like every body: an override file's
//! items are blocks or attributes only once a schema says so (a JSON
//! property is either), so the merge happens in `content(schema)`, on the
//! blocks and attributes the schema picks out. Two derived bodies do it:
//!
//! - [`FileOverride`], the top level of a module: an override block meets
//!   the primary block with the same header (type and labels; for
//!   `provider`, name and `alias`) and replaces its body by an
//!   [`Override`] of the two. `locals` are overridden value by value
//!   whatever block they are in, and `terraform` settings one by one: both
//!   hide what the override sets from every primary block of their type and
//!   add the override block after them.
//! - [`Override`], inside a block: an attribute of the override replaces
//!   the primary's attribute of that name; nested blocks of a type the
//!   override has (directly or as `dynamic "type"`) replace *all* primary
//!   blocks of that type; a resource's `lifecycle` merges argument by
//!   argument, a `terraform` block's `required_providers` entry by entry,
//!   and `backend`/`cloud` replace each other.
//!
//! Ranges stay where the items came from: an overridden attribute points
//! into the override file, everything else into its primary file. The block
//! header (labels, `def_range`) stays the primary's, as in Terraform.

use std::collections::HashSet;
use std::sync::Arc;

use indexmap::IndexMap;

use crate::body::schema::missing_argument;
use crate::body::{Attribute, Block, Body, BodyContent, BodySchema, DerivedBody, Expression};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics, Error};
use crate::eval::EvalContext;
use crate::ext::typeexpr::TypeConstraint;
use crate::pos::{Range, SourceFile};

/// The module body of `primary` (the primary files merged) with each of
/// `overrides` applied in turn, as Terraform compounds override files.
pub(super) fn apply_overrides(primary: Body, overrides: &[Body]) -> Body {
    overrides.iter().fold(primary, |base, over| {
        Body::derived(Arc::new(FileOverride {
            base,
            over: over.clone(),
        }))
    })
}

/// `schema` with no required attribute: each of the bodies merged may leave
/// out what the other sets; the merged content is checked afterwards.
fn relaxed(schema: &BodySchema) -> BodySchema {
    let mut relaxed = schema.clone();
    for attr in &mut relaxed.attributes {
        attr.required = false;
    }
    relaxed
}

/// "Missing required argument" for every required attribute `content`
/// lacks.
fn check_required(
    schema: &BodySchema,
    content: &BodyContent,
    block: &str,
    diags: &mut Diagnostics,
) {
    for attr in &schema.attributes {
        if attr.required && !content.attributes.contains_key(&attr.name) {
            diags.push(missing_argument(&attr.name, block, content));
        }
    }
}

/// One override file applied to the module body before it.
struct FileOverride {
    base: Body,
    over: Body,
}

impl DerivedBody for FileOverride {
    fn content(
        &self,
        schema: &BodySchema,
        partial: bool,
        block: &str,
        diags: &mut Diagnostics,
    ) -> Result<(BodyContent, Option<Body>), Error> {
        let each = relaxed(schema);
        let (mut content, base_rest) =
            self.base.content_collecting(&each, partial, block, diags)?;
        let (over, over_rest) = self.over.content_collecting(&each, partial, block, diags)?;
        for (name, attr) in over.attributes {
            content.attributes.insert(name, attr);
        }
        let mut blocks = std::mem::take(&mut content.blocks);
        for over_block in over.blocks {
            override_top_block(&mut blocks, over_block, diags);
        }
        content.blocks = blocks;
        check_required(schema, &content, block, diags);
        let rest = match (base_rest, over_rest) {
            (Some(base), Some(over)) => Some(Body::derived(Arc::new(FileOverride { base, over }))),
            _ => None,
        };
        Ok((content, rest))
    }

    fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute> {
        let mut attrs = self.base.just_attributes_collecting(diags);
        attrs.extend(self.over.just_attributes_collecting(diags));
        attrs
    }

    fn range(&self) -> Range {
        self.base.range()
    }

    fn missing_item_range(&self) -> Range {
        self.base.missing_item_range()
    }

    fn comments(&self) -> Vec<Expression> {
        let mut comments = self.base.comments();
        comments.extend(self.over.comments());
        comments
    }

    fn sources(&self) -> Vec<Arc<SourceFile>> {
        let mut sources = self.base.sources();
        sources.extend(self.over.sources());
        sources
    }
}

/// Applies one top-level block of an override file to the module's
/// `blocks`.
fn override_top_block(blocks: &mut Vec<Block>, over: Block, diags: &mut Diagnostics) {
    match over.type_name.as_str() {
        "locals" => override_locals(blocks, over, diags),
        "terraform" => {
            mask_all(blocks, &over, Kind::MaskTerraform);
            blocks.push(over);
        }
        "moved" => diags.push(Diagnostic::error(
            "Cannot override 'moved' blocks",
            "Records of moved objects can appear only in normal files, not in override files.",
            Some(over.def_range),
        )),
        "import" => diags.push(Diagnostic::error(
            "Cannot override 'import' blocks",
            "Import blocks can appear only in normal files, not in override files.",
            Some(over.def_range),
        )),
        _ => override_by_header(blocks, over, diags),
    }
}

/// Every block of `over`'s type gets what `over` sets hidden; `over` itself
/// is added after them by the caller.
fn mask_all(blocks: &mut [Block], over: &Block, kind: Kind) {
    for block in blocks.iter_mut().filter(|b| b.type_name == over.type_name) {
        block.body = Override::body(block.body.clone(), over.body.clone(), kind);
    }
}

/// Local values are overridden one by one, whichever `locals` block of the
/// primary files defines them; each must exist there.
fn override_locals(blocks: &mut Vec<Block>, over: Block, diags: &mut Diagnostics) {
    // The block's own problems are reported when the application reads it.
    let mut scratch = Diagnostics::new();
    let mut known = HashSet::new();
    for block in blocks.iter().filter(|b| b.type_name == "locals") {
        known.extend(
            block
                .body
                .just_attributes_collecting(&mut scratch)
                .into_keys(),
        );
    }
    for (name, attr) in over.body.just_attributes_collecting(&mut scratch) {
        if !known.contains(&name) {
            diags.push(Diagnostic::error(
                "Missing base local value definition to override",
                format!("There is no local value named {name:?}. An override file can only override a local value that was already defined in a primary configuration file."),
                Some(attr.range),
            ));
        }
    }
    mask_all(blocks, &over, Kind::Mask);
    blocks.push(over);
}

/// Any other block overrides the primary block with the same header.
fn override_by_header(blocks: &mut Vec<Block>, over: Block, diags: &mut Diagnostics) {
    let alias = if over.type_name == "provider" {
        provider_alias(&over.body)
    } else {
        None
    };
    let found = blocks.iter().position(|b| {
        b.type_name == over.type_name
            && b.labels == over.labels
            && (b.type_name != "provider" || provider_alias(&b.body) == alias)
    });
    let Some(i) = found else {
        // An unaliased provider configuration may be new: Terraform's model
        // is that an absent one is an empty one.
        if over.type_name == "provider" && alias.is_none() {
            blocks.push(over);
        } else {
            diags.push(missing_base(&over, alias.as_deref()));
        }
        return;
    };
    if matches!(
        over.type_name.as_str(),
        "resource" | "data" | "output" | "module"
    ) {
        reject_depends_on(&over.body, diags);
    }
    let kind = if over.type_name == "resource" {
        Kind::Resource
    } else {
        Kind::Replace
    };
    let merged = Override::body(blocks[i].body.clone(), over.body.clone(), kind);
    if over.type_name == "variable" {
        check_variable(&over, &merged, diags);
    }
    blocks[i].body = merged;
}

/// The literal `alias` of a provider block, if it has one.
fn provider_alias(body: &Body) -> Option<String> {
    let schema = BodySchema::new().attribute("alias", false);
    let (content, _) = body.partial_content(&schema).ok()?;
    let value = content
        .attributes
        .get("alias")?
        .expr
        .value(&EvalContext::literal())
        .ok()?;
    value.as_str().map(str::to_string)
}

/// Terraform's error for an override block with nothing to override.
fn missing_base(over: &Block, alias: Option<&str>) -> Diagnostic {
    let label = |i: usize| over.labels.get(i).map(String::as_str).unwrap_or_default();
    let (summary, detail) = match over.type_name.as_str() {
        "variable" => (
            "Missing base variable declaration to override",
            format!("There is no variable named {:?}. An override file can only override a variable that was already declared in a primary configuration file.", label(0)),
        ),
        "output" => (
            "Missing base output definition to override",
            format!("There is no output named {:?}. An override file can only override an output that was already defined in a primary configuration file.", label(0)),
        ),
        "module" => (
            "Missing module call to override",
            format!("There is no module call named {:?}. An override file can only override a module call that was defined in a primary configuration file.", label(0)),
        ),
        "resource" => (
            "Missing resource to override",
            format!("There is no {} resource named {:?}. An override file can only override a resource block defined in a primary configuration file.", label(0), label(1)),
        ),
        "data" => (
            "Missing data resource to override",
            format!("There is no {} data resource named {:?}. An override file can only override a data block defined in a primary configuration file.", label(0), label(1)),
        ),
        "provider" => (
            "Missing base provider configuration for override",
            format!("There is no {} provider configuration with the alias {:?}. An override file can only override an aliased provider configuration that was already defined in a primary configuration file.", label(0), alias.unwrap_or_default()),
        ),
        other => {
            let labels: Vec<String> = over.labels.iter().map(|l| format!("{l:?}")).collect();
            let header = if labels.is_empty() {
                other.to_string()
            } else {
                format!("{other} {}", labels.join(" "))
            };
            (
                "Missing base block to override",
                format!("There is no {header} block. An override file can only override a block defined in a primary configuration file."),
            )
        }
    };
    Diagnostic::error(summary, detail, Some(over.def_range.clone()))
}

/// `depends_on` may not be overridden (it would silently change ordering).
fn reject_depends_on(over: &Body, diags: &mut Diagnostics) {
    let schema = BodySchema::new().attribute("depends_on", false);
    let Ok((content, _)) = over.partial_content(&schema) else {
        return;
    };
    if let Some(attr) = content.attributes.get("depends_on") {
        let subject = match attr.expr.as_list() {
            Ok(items) if !items.is_empty() => items[0].range(),
            _ => attr.range.clone(),
        };
        diags.push(Diagnostic::error(
            "Unsupported override",
            "The depends_on argument may not be overridden.",
            Some(subject),
        ));
    }
}

/// After a variable is overridden, its default must still convert to its
/// type constraint (either may have come from the override), and a
/// non-nullable variable may not default to null.
fn check_variable(over: &Block, merged: &Body, diags: &mut Diagnostics) {
    let schema = BodySchema::new()
        .attribute("type", false)
        .attribute("default", false)
        .attribute("nullable", false);
    let (Ok((set, _)), Ok((all, _))) = (
        over.body.partial_content(&schema),
        merged.partial_content(&schema),
    ) else {
        // Malformed bodies are reported when the application reads them.
        return;
    };
    let Some(default) = all.attributes.get("default") else {
        return;
    };
    let Ok(value) = default.expr.value(&EvalContext::literal()) else {
        return;
    };
    let subject = Some(over.def_range.clone());
    if let Some(ty) = all.attributes.get("type") {
        if let Ok(constraint) = TypeConstraint::parse(&ty.expr) {
            if let Err(err) = constraint.convert(&value) {
                let reason = unsuitable_reason(&err);
                let detail = match (set.attributes.contains_key("type"), set.attributes.contains_key("default")) {
                    (true, false) => format!("Overriding this variable's type constraint has made its default value invalid: {reason}."),
                    (false, true) => format!("The overridden default value for this variable is not compatible with the variable's type constraint: {reason}."),
                    _ => format!("This variable's default value is not compatible with its type constraint: {reason}."),
                };
                diags.push(Diagnostic::error(
                    "Invalid default value for variable",
                    detail,
                    subject.clone(),
                ));
            }
        }
    }
    let nullable = all
        .attributes
        .get("nullable")
        .and_then(|a| a.expr.value(&EvalContext::literal()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(true);
    if !nullable && value.is_null() {
        diags.push(Diagnostic::error(
            "Invalid default value for variable",
            "A null default value is not valid when nullable=false.",
            subject,
        ));
    }
}

/// Why a conversion failed, as a sentence fragment.
pub(super) fn unsuitable_reason(err: &Error) -> String {
    match err.diagnostics().first() {
        Some(Diagnostic {
            kind: DiagnosticKind::UnsuitableValue { reason },
            ..
        }) => reason.clone(),
        Some(d) => d.detail.trim_end_matches('.').to_string(),
        None => String::new(),
    }
}

/// How an [`Override`] combines its two bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Terraform's nested merge: attributes replace attributes, nested
    /// blocks replace all blocks of their type.
    Replace,
    /// [`Kind::Replace`], and a `lifecycle` block merges argument by
    /// argument into the primary's.
    Resource,
    /// The base with what the override sets taken out; the override itself
    /// is read elsewhere (a `locals` block).
    Mask,
    /// [`Kind::Mask`] for a `terraform` block: `required_providers`
    /// entries are taken out one by one, and a `backend` or `cloud` block
    /// takes out both.
    MaskTerraform,
}

impl Kind {
    fn masks(self) -> bool {
        matches!(self, Kind::Mask | Kind::MaskTerraform)
    }
}

/// A block body of a primary file with an override file's body of the same
/// block applied.
struct Override {
    base: Body,
    over: Body,
    kind: Kind,
}

impl Override {
    fn body(base: Body, over: Body, kind: Kind) -> Body {
        Body::derived(Arc::new(Override { base, over, kind }))
    }

    /// The block types the override replaces: its own, `dynamic` ones by
    /// their label, `backend` and `cloud` as one, never the ones merged
    /// rather than replaced.
    fn replaced_types(&self, over: &[Block], base: &[Block]) -> HashSet<String> {
        let mut types = HashSet::new();
        for block in over {
            let ty = match (block.type_name.as_str(), block.labels.first()) {
                ("dynamic", Some(label)) => label.as_str(),
                (ty, _) => ty,
            };
            types.insert(ty.to_string());
        }
        if self.kind == Kind::MaskTerraform {
            if types.contains("backend") || types.contains("cloud") {
                types.insert("backend".into());
                types.insert("cloud".into());
            }
            types.remove("required_providers");
        }
        if self.kind == Kind::Resource && base.iter().any(|b| b.type_name == "lifecycle") {
            types.remove("lifecycle");
        }
        types
    }

    /// The nested block type merged into the primary's instead of
    /// replacing it, with the kind of that merge.
    fn merged_type(&self) -> Option<(&'static str, Kind)> {
        match self.kind {
            Kind::Resource => Some(("lifecycle", Kind::Replace)),
            Kind::MaskTerraform => Some(("required_providers", Kind::Mask)),
            Kind::Replace | Kind::Mask => None,
        }
    }
}

impl DerivedBody for Override {
    fn content(
        &self,
        schema: &BodySchema,
        partial: bool,
        block: &str,
        diags: &mut Diagnostics,
    ) -> Result<(BodyContent, Option<Body>), Error> {
        let each = relaxed(schema);
        let (mut content, base_rest) =
            self.base.content_collecting(&each, partial, block, diags)?;
        // A masking override is read again, in full, where it is added:
        // its problems are reported there, once.
        let mut scratch = Diagnostics::new();
        let over_diags = if self.kind.masks() {
            &mut scratch
        } else {
            &mut *diags
        };
        let (over, over_rest) =
            self.over
                .content_collecting(&each, partial || self.kind.masks(), block, over_diags)?;

        for (name, attr) in over.attributes {
            if self.kind.masks() {
                content.attributes.shift_remove(&name);
            } else {
                content.attributes.insert(name, attr);
            }
        }

        let replaced = self.replaced_types(&over.blocks, &content.blocks);
        let merged = self.merged_type();
        let over_merged: Vec<Body> = merged
            .map(|(ty, _)| {
                over.blocks
                    .iter()
                    .filter(|b| b.type_name == ty)
                    .map(|b| b.body.clone())
                    .collect()
            })
            .unwrap_or_default();
        let mut blocks = Vec::with_capacity(content.blocks.len() + over.blocks.len());
        let mut merged_into_base = false;
        for mut b in std::mem::take(&mut content.blocks) {
            let ty = match (b.type_name.as_str(), b.labels.first()) {
                ("dynamic", Some(label)) => label.as_str(),
                (ty, _) => ty,
            };
            if replaced.contains(ty) {
                continue;
            }
            if let Some((merged_ty, kind)) = merged {
                if b.type_name == merged_ty && !over_merged.is_empty() {
                    b.body = Override::body(b.body, merge_all(&over_merged), kind);
                    merged_into_base = true;
                }
            }
            blocks.push(b);
        }
        if !self.kind.masks() {
            for b in over.blocks {
                let absorbed = merged_into_base && merged.is_some_and(|(ty, _)| b.type_name == ty);
                if !absorbed {
                    blocks.push(b);
                }
            }
            check_required(schema, &content, block, diags);
        }
        content.blocks = blocks;

        let rest = match (partial, base_rest, over_rest) {
            (true, Some(base), Some(over)) => Some(Override::body(base, over, self.kind)),
            _ => None,
        };
        Ok((content, rest))
    }

    fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute> {
        let mut attrs = self.base.just_attributes_collecting(diags);
        if self.kind.masks() {
            let mut scratch = Diagnostics::new();
            for name in self.over.just_attributes_collecting(&mut scratch).keys() {
                attrs.shift_remove(name);
            }
        } else {
            attrs.extend(self.over.just_attributes_collecting(diags));
        }
        attrs
    }

    fn range(&self) -> Range {
        self.base.range()
    }

    fn missing_item_range(&self) -> Range {
        self.base.missing_item_range()
    }

    fn comments(&self) -> Vec<Expression> {
        let mut comments = self.base.comments();
        if !self.kind.masks() {
            comments.extend(self.over.comments());
        }
        comments
    }

    fn sources(&self) -> Vec<Arc<SourceFile>> {
        let mut sources = self.base.sources();
        sources.extend(self.over.sources());
        sources
    }
}

/// One body for several (no wrapper for one).
fn merge_all(bodies: &[Body]) -> Body {
    match bodies {
        [one] => one.clone(),
        many => Body::merge(many),
    }
}
