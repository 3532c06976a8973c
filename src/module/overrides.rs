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
//!   `provider`, name and `alias`) and that block's body becomes an
//!   [`Override`] of the primary body and every override body of the
//!   block, in file order. `locals` are overridden value by value
//!   whatever block they are in, and `terraform` settings one by one: both
//!   hide what the override sets from every earlier block of their type
//!   and add the override block after them. All override files apply in
//!   one pass, so however many there are, a block is one derived layer
//!   deep.
//! - [`Override`], inside a block: an attribute of the override replaces
//!   the primary's attribute of that name; nested blocks of a type the
//!   override has (directly or as `dynamic "type"`) replace *all* primary
//!   blocks of that type; a resource's `lifecycle` and an action's `config`
//!   merge argument by argument, a `terraform` block's `required_providers`
//!   entry by entry,
//!   and `backend`/`cloud` replace each other.
//!
//! Ranges stay where the items came from: an overridden attribute points
//! into the override file, everything else into its primary file. The block
//! header (labels, `def_range`) stays the primary's, as in Terraform.
//!
//! An override block with nothing to override, an override of
//! `depends_on`, and `moved`, `import` or `check` blocks in override files
//! are errors, worded as Terraform words them. The dialects part on two
//! block types (their `mergeFile`): Terraform ignores `ephemeral` and
//! `removed` blocks in override files, OpenTofu overrides `ephemeral`
//! blocks as it does `data` blocks and refuses `removed` ones.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use indexmap::IndexMap;

use crate::body::missing_argument;
use crate::body::{Attribute, Block, Body, BodyContent, BodySchema, DerivedBody, Expression};
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::eval::EvalContext;
use crate::pos::Range;

use super::vars::{unsuitable_reason, variable_type};
use super::Dialect;

/// The module body of `primary` (the primary files merged) with
/// `overrides` applied in turn, as Terraform (or OpenTofu, by `dialect`)
/// compounds override files.
pub(super) fn apply_overrides(primary: Body, overrides: &[Body], dialect: Dialect) -> Body {
    settled_overrides(primary, overrides, dialect, Arc::default())
}

/// A problem of the merge as it is recognised again: its summary and
/// subject.
pub(super) type Reported = (String, Option<Range>);

/// The key of `diag` among [`Reported`] problems.
pub(super) fn reported(diag: &Diagnostic) -> Reported {
    (diag.summary.clone(), diag.subject.clone())
}

/// [`apply_overrides`] for a module whose load already reported
/// `reported`: those problems of the merge (an override with nothing to
/// override, an override of `depends_on`, ...) are not reported again when
/// the body is read, and the overrides they concern stay unapplied, so a
/// tool that read the module with its diagnostics can go on decoding it.
pub(super) fn settled_overrides(
    primary: Body,
    overrides: &[Body],
    dialect: Dialect,
    reported: Arc<HashSet<Reported>>,
) -> Body {
    if overrides.is_empty() {
        return primary;
    }
    Body::derived(Box::new(FileOverride {
        base: primary,
        overrides: overrides.to_vec(),
        dialect,
        reported,
    }))
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

/// The override files of a module applied to its primary body. All files
/// are applied in one pass, and each block collects the override bodies
/// that apply to it, so that a thousand override files make one layer of
/// derived bodies, not a thousand nested ones.
struct FileOverride {
    base: Body,
    overrides: Vec<Body>,
    /// Whose rules apply where Terraform's and OpenTofu's differ.
    dialect: Dialect,
    /// The merge's problems already reported when the module was loaded.
    reported: Arc<HashSet<Reported>>,
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
        let mut top = Top::new(std::mem::take(&mut content.blocks));
        let mut over_rests = Vec::new();
        let mut merge = Diagnostics::new();
        for over in &self.overrides {
            let (over, rest) = over.content_collecting(&each, partial, block, diags)?;
            over_rests.extend(rest);
            for (name, attr) in over.attributes {
                content.attributes.insert(name, attr);
            }
            for over_block in over.blocks {
                top.apply(over_block, self.dialect, &mut merge);
            }
        }
        content.blocks = top.finish(&mut merge);
        diags.extend(
            merge
                .into_iter()
                .filter(|d| !self.reported.contains(&reported(d))),
        );
        check_required(schema, &content, block, diags);
        let rest = match base_rest {
            Some(base) if partial => Some(Body::derived(Box::new(FileOverride {
                base,
                overrides: over_rests,
                dialect: self.dialect,
                reported: self.reported.clone(),
            }))),
            _ => None,
        };
        Ok((content, rest))
    }

    fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute> {
        let mut attrs = self.base.just_attributes_collecting(diags);
        for over in &self.overrides {
            attrs.extend(over.just_attributes_collecting(diags));
        }
        attrs
    }

    fn base(&self) -> &Body {
        &self.base
    }

    fn others(&self) -> &[Body] {
        &self.overrides
    }
}

/// A top-level block of the module being overridden: the block, the
/// override bodies that apply to it, and for `locals` and `terraform`
/// blocks how many of the masks of their type came before it (a block
/// added by an override file is masked only by later ones).
struct Entry {
    block: Block,
    overs: Vec<Body>,
    masks_from: usize,
    /// A provider block's `alias`, read once: an override matches by
    /// alias, so it never changes it.
    alias: Option<String>,
    /// The override blocks applied, for checks made once at the end.
    over_blocks: Vec<Block>,
}

impl Entry {
    /// How the block's overrides combine, by its type.
    fn kind(&self) -> Kind {
        match self.block.type_name.as_str() {
            "resource" => Kind::Resource,
            "action" => Kind::Action,
            "locals" => Kind::Mask,
            "terraform" => Kind::MaskTerraform,
            _ => Kind::Replace,
        }
    }
}

/// The top-level blocks of a module while override blocks apply to them,
/// indexed by header so that each override block finds its primary block
/// without a scan.
struct Top {
    entries: Vec<Entry>,
    by_header: HashMap<(String, Vec<String>), Vec<usize>>,
    local_masks: Vec<Body>,
    terraform_masks: Vec<Body>,
    /// The names of the primary files' local values, read when the first
    /// override `locals` block needs them.
    known_locals: Option<HashSet<String>>,
}

impl Top {
    fn new(blocks: Vec<Block>) -> Top {
        let mut top = Top {
            entries: Vec::with_capacity(blocks.len()),
            by_header: HashMap::new(),
            local_masks: Vec::new(),
            terraform_masks: Vec::new(),
            known_locals: None,
        };
        for block in blocks {
            top.push(block, 0);
        }
        top
    }

    fn push(&mut self, block: Block, masks_from: usize) {
        let alias = if block.type_name == "provider" {
            provider_alias(&block.body)
        } else {
            None
        };
        self.by_header
            .entry((block.type_name.clone(), block.labels.clone()))
            .or_default()
            .push(self.entries.len());
        self.entries.push(Entry {
            block,
            overs: Vec::new(),
            masks_from,
            alias,
            over_blocks: Vec::new(),
        });
    }

    /// Applies one top-level block of an override file, by `dialect`'s
    /// rules.
    fn apply(&mut self, over: Block, dialect: Dialect, diags: &mut Diagnostics) {
        let opentofu = dialect == Dialect::OpenTofu;
        match over.type_name.as_str() {
            // Terraform's merge has no case for these: they are ignored.
            "ephemeral" | "removed" if !opentofu => {}
            "removed" => diags.push(Diagnostic::error(
                "Cannot override 'Removed' blocks",
                "Removed blocks can appear only in normal files, not in override files.",
                Some(over.def_range),
            )),
            "locals" => {
                self.check_locals(&over, diags);
                self.local_masks.push(over.body.clone());
                let from = self.local_masks.len();
                self.push(over, from);
            }
            "terraform" => {
                self.terraform_masks.push(over.body.clone());
                let from = self.terraform_masks.len();
                self.push(over, from);
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
            "check" => diags.push(Diagnostic::error(
                "Can't override check blocks",
                "Override files cannot override check blocks.",
                Some(over.def_range),
            )),
            _ => self.apply_by_header(over, diags),
        }
    }

    /// Every local value an override sets must be defined by a primary
    /// file.
    fn check_locals(&mut self, over: &Block, diags: &mut Diagnostics) {
        // The blocks' own problems are reported when the application reads
        // them.
        let mut scratch = Diagnostics::new();
        let entries = &self.entries;
        let known = self.known_locals.get_or_insert_with(|| {
            entries
                .iter()
                .filter(|e| e.block.type_name == "locals")
                .flat_map(|e| {
                    e.block
                        .body
                        .just_attributes_collecting(&mut scratch)
                        .into_keys()
                })
                .collect()
        });
        for (name, attr) in over.body.just_attributes_collecting(&mut scratch) {
            if !known.contains(&name) {
                diags.push(Diagnostic::error(
                    "Missing base local value definition to override",
                    format!("There is no local value named {name:?}. An override file can only override a local value that was already defined in a primary configuration file."),
                    Some(attr.range),
                ));
            }
        }
    }

    /// Any other block overrides the block with the same header: type and
    /// labels, and for a provider its `alias`.
    fn apply_by_header(&mut self, over: Block, diags: &mut Diagnostics) {
        let is_provider = over.type_name == "provider";
        let alias = if is_provider {
            provider_alias(&over.body)
        } else {
            None
        };
        let key = (over.type_name.clone(), over.labels.clone());
        let found = self.by_header.get(&key).and_then(|candidates| {
            candidates
                .iter()
                .copied()
                .find(|&i| !is_provider || self.entries[i].alias == alias)
        });
        let Some(i) = found else {
            // An unaliased provider configuration may be new: Terraform's
            // model is that an absent one is an empty one.
            if is_provider && alias.is_none() {
                self.push(over, 0);
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
        self.entries[i].overs.push(over.body.clone());
        if over.type_name == "variable" {
            self.entries[i].over_blocks.push(over);
        }
    }

    /// The blocks, each with its overrides applied; checks that need the
    /// final result are made here, once per block.
    fn finish(self, diags: &mut Diagnostics) -> Vec<Block> {
        let Top {
            entries,
            local_masks,
            terraform_masks,
            ..
        } = self;
        entries
            .into_iter()
            .map(|mut entry| {
                let kind = entry.kind();
                let overs = match kind {
                    Kind::Mask => local_masks[entry.masks_from.min(local_masks.len())..].to_vec(),
                    Kind::MaskTerraform => {
                        terraform_masks[entry.masks_from.min(terraform_masks.len())..].to_vec()
                    }
                    Kind::Replace | Kind::Resource | Kind::Action => {
                        std::mem::take(&mut entry.overs)
                    }
                };
                if !overs.is_empty() {
                    entry.block.body = Override::body(entry.block.body, overs, kind);
                }
                if !entry.over_blocks.is_empty() {
                    check_variable(&entry.over_blocks, &entry.block.body, diags);
                }
                entry.block
            })
            .collect()
    }
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
        "ephemeral" => (
            "Missing ephemeral resource to override",
            format!("There is no {} ephemeral resource named {:?}. An override file can only override an ephemeral block defined in a primary configuration file.", label(0), label(1)),
        ),
        "action" => (
            "Missing resource to override",
            format!("There is no action named {:?}. An override file can only override a resource block defined in a primary configuration file.", label(1)),
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
/// type constraint (either may have come from an override), and a
/// non-nullable variable may not default to null. `overs` are the
/// override blocks applied; the error points at the last.
fn check_variable(overs: &[Block], merged: &Body, diags: &mut Diagnostics) {
    let schema = BodySchema::new()
        .attribute("type", false)
        .attribute("default", false)
        .attribute("nullable", false);
    let (mut set_type, mut set_default) = (false, false);
    for over in overs {
        // Malformed bodies are reported when the application reads them.
        if let Ok((set, _)) = over.body.partial_content(&schema) {
            set_type |= set.attributes.contains_key("type");
            set_default |= set.attributes.contains_key("default");
        }
    }
    let (Some(last), Ok((all, _))) = (overs.last(), merged.partial_content(&schema)) else {
        return;
    };
    let Some(default) = all.attributes.get("default") else {
        return;
    };
    let Ok(value) = default.expr.value(&EvalContext::literal()) else {
        return;
    };
    let subject = Some(last.def_range.clone());
    if let Some(ty) = all.attributes.get("type") {
        if let Ok(constraint) = variable_type(&ty.expr) {
            if let Err(err) = constraint.convert(&value) {
                let reason = unsuitable_reason(&err);
                let detail = match (set_type, set_default) {
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

/// How an [`Override`] combines its two bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Terraform's nested merge: attributes replace attributes, nested
    /// blocks replace all blocks of their type.
    Replace,
    /// [`Kind::Replace`], and a `lifecycle` block merges argument by
    /// argument into the primary's.
    Resource,
    /// [`Kind::Replace`], and an action's `config` block merges argument by
    /// argument into the primary's (Terraform merges the two bodies).
    Action,
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

/// A block body of a primary file with the bodies of the same block in
/// override files applied, in order.
struct Override {
    base: Body,
    overs: Vec<Body>,
    kind: Kind,
}

impl Override {
    fn body(base: Body, overs: Vec<Body>, kind: Kind) -> Body {
        Body::derived(Box::new(Override { base, overs, kind }))
    }

    /// The block types an override replaces: its own, `dynamic` ones by
    /// their label, `backend` and `cloud` as one, never the one merged
    /// rather than replaced.
    fn replaced_types(&self, over: &[Block], current: &[(Block, Vec<Body>)]) -> HashSet<String> {
        let mut types: HashSet<String> =
            over.iter().map(|b| effective_type(b).to_string()).collect();
        if self.kind == Kind::MaskTerraform {
            if types.contains("backend") || types.contains("cloud") {
                types.insert("backend".into());
                types.insert("cloud".into());
            }
            types.remove("required_providers");
        }
        if let Some((merged, _)) = self.merged_type() {
            if self.kind != Kind::MaskTerraform
                && current.iter().any(|(b, _)| b.type_name == merged)
            {
                types.remove(merged);
            }
        }
        types
    }

    /// The nested block type merged into the primary's instead of
    /// replacing it, with the kind of that merge.
    fn merged_type(&self) -> Option<(&'static str, Kind)> {
        match self.kind {
            Kind::Resource => Some(("lifecycle", Kind::Replace)),
            Kind::Action => Some(("config", Kind::Replace)),
            Kind::MaskTerraform => Some(("required_providers", Kind::Mask)),
            Kind::Replace | Kind::Mask => None,
        }
    }

    /// Applies one override body's content to `content` and `blocks` (the
    /// blocks so far, each with the bodies to merge into it).
    fn apply(
        &self,
        over: BodyContent,
        content: &mut BodyContent,
        blocks: &mut Vec<(Block, Vec<Body>)>,
    ) {
        for (name, attr) in over.attributes {
            if self.kind.masks() {
                content.attributes.shift_remove(&name);
            } else {
                content.attributes.insert(name, attr);
            }
        }
        let replaced = self.replaced_types(&over.blocks, blocks);
        blocks.retain(|(b, _)| !replaced.contains(effective_type(b)));
        let merged = self.merged_type().map(|(ty, _)| ty);
        let into: Vec<Body> = over
            .blocks
            .iter()
            .filter(|b| Some(b.type_name.as_str()) == merged)
            .map(|b| b.body.clone())
            .collect();
        let mut absorbed = false;
        if !into.is_empty() {
            for (b, pending) in blocks.iter_mut() {
                if Some(b.type_name.as_str()) == merged {
                    pending.extend(into.iter().cloned());
                    absorbed = true;
                }
            }
        }
        if !self.kind.masks() {
            for b in over.blocks {
                if !(absorbed && Some(b.type_name.as_str()) == merged) {
                    blocks.push((b, Vec::new()));
                }
            }
        }
    }
}

/// The block type a block stands for: its own, or a `dynamic` block's
/// label.
fn effective_type(block: &Block) -> &str {
    match (block.type_name.as_str(), block.labels.first()) {
        ("dynamic", Some(label)) => label,
        (ty, _) => ty,
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
        let mut blocks: Vec<(Block, Vec<Body>)> = std::mem::take(&mut content.blocks)
            .into_iter()
            .map(|b| (b, Vec::new()))
            .collect();
        // A masking override is read again, in full, where it is added:
        // its problems are reported there, once.
        let mut scratch = Diagnostics::new();
        let mut over_rests = Vec::new();
        for over in &self.overs {
            let over_diags = if self.kind.masks() {
                &mut scratch
            } else {
                &mut *diags
            };
            let read_partial = partial || self.kind.masks();
            let (over, rest) = over.content_collecting(&each, read_partial, block, over_diags)?;
            over_rests.extend(rest);
            self.apply(over, &mut content, &mut blocks);
        }
        let merge_kind = self.merged_type().map_or(Kind::Replace, |(_, kind)| kind);
        content.blocks = blocks
            .into_iter()
            .map(|(mut b, pending)| {
                if !pending.is_empty() {
                    b.body = Override::body(b.body, pending, merge_kind);
                }
                b
            })
            .collect();
        if !self.kind.masks() {
            check_required(schema, &content, block, diags);
        }
        let rest = match base_rest {
            Some(base) if partial => Some(Override::body(base, over_rests, self.kind)),
            _ => None,
        };
        Ok((content, rest))
    }

    fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute> {
        let mut attrs = self.base.just_attributes_collecting(diags);
        let mut scratch = Diagnostics::new();
        for over in &self.overs {
            if self.kind.masks() {
                for name in over.just_attributes_collecting(&mut scratch).keys() {
                    attrs.shift_remove(name);
                }
            } else {
                attrs.extend(over.just_attributes_collecting(diags));
            }
        }
        attrs
    }

    fn base(&self) -> &Body {
        &self.base
    }

    fn others(&self) -> &[Body] {
        &self.overs
    }

    /// A masking override's comments are not part of the result.
    fn comments(&self) -> Vec<Expression> {
        let mut comments = self.base.comments();
        if !self.kind.masks() {
            comments.extend(self.overs.iter().flat_map(Body::comments));
        }
        comments
    }
}

#[cfg(test)]
#[path = "overrides_tests.rs"]
mod tests;
