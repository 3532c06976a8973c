//! JSON bodies: how object properties become attributes and blocks.
//!
//! A body is one JSON object or an array of objects ([HCL's JSON syntax
//! specification](https://github.com/hashicorp/hcl/blob/main/json/spec.md), "Bodies").
//! Which property is an attribute and which a block is only known from a
//! [`BodySchema`]; this module applies one, collecting every problem it finds
//! instead of stopping at the first.

use std::borrow::Cow;
use std::sync::Arc;

use indexmap::IndexMap;
use smallvec::SmallVec;

use super::lazy::{BlockPath, LazyAttribute, LazyBlock, LazyContent, LazyRest, Spot};
use super::schema::{
    missing_argument_at, Attribute, AttributeSchema, Block, BlockHeaderSchema, BodyContent,
    BodySchema,
};
use super::{Body, Expression};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics};
use crate::json::{FileData, NodeId, NodeKind, Prop};
use crate::pos::Range;

/// The name of the comment property, ignored in bodies.
const COMMENT: &str = "//";

/// A JSON body being read: a borrowed view of its file, node and the
/// names earlier partial processing hid.
pub(crate) struct JsonBody<'a> {
    pub(crate) file: &'a Arc<FileData>,
    pub(crate) node: NodeId,
    hidden: Option<&'a [String]>,
}

impl<'a> JsonBody<'a> {
    pub(crate) fn new(file: &'a Arc<FileData>, node: NodeId, hidden: Option<&'a [String]>) -> Self {
        JsonBody { file, node, hidden }
    }

    /// Where a missing attribute or block would go: the closing brace of an
    /// object body, the opening bracket of an array body.
    pub(crate) fn missing_item_range(&self) -> Range {
        match self.file.kind(self.node) {
            NodeKind::Object { .. } => self.file.end_range(self.node),
            _ => self.file.value_subject(self.node),
        }
    }

    /// The values of the body's `"//"` properties, in source order.
    pub(crate) fn comments(&self) -> Vec<Expression> {
        let mut ignored = Diagnostics::new();
        self.deep_props(self.node, None, &mut ignored)
            .iter()
            .copied()
            .filter(|p| self.name(*p) == COMMENT)
            .map(|p| Expression::json(self.file.clone(), p.value))
            .collect()
    }

    /// Dynamic attributes mode: every property of the body (which must be a
    /// single JSON object) is an attribute.
    pub(crate) fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute> {
        let mut attrs: IndexMap<String, Attribute> = IndexMap::new();
        if let NodeKind::Null = self.file.kind(self.node) {
            // A block body written as `null` is empty, as in Go.
            return attrs;
        }
        let NodeKind::Object { first, len } = self.file.kind(self.node) else {
            diags.push(self.not_object(
                self.node,
                "A JSON object is required here, setting the arguments for this block.",
            ));
            return attrs;
        };
        for prop in self.file.properties(first, len) {
            let name = self.name(*prop);
            if name == COMMENT || self.is_hidden(&name) {
                continue;
            }
            if let Some(existing) = attrs.get(&*name) {
                let existing = existing.range.clone();
                diags.push(self.duplicate("Duplicate attribute definition", *prop, &existing));
                continue;
            }
            attrs.insert(name.to_string(), self.attribute(*prop));
        }
        attrs
    }

    /// The body's attributes as [`just_attributes`](Self::just_attributes)
    /// reads them, names and expressions only: no range is computed (a
    /// remain map of a decoded struct needs none unless a value fails,
    /// and then the expression finds its own). `None` when
    /// `just_attributes` would report something (not an object, a
    /// duplicate name), so that the caller takes that path for its
    /// diagnostics.
    pub(crate) fn attribute_exprs(&self) -> Option<Vec<(String, Expression)>> {
        let (first, len) = match self.file.kind(self.node) {
            NodeKind::Object { first, len } => (first, len),
            NodeKind::Null => return Some(Vec::new()),
            _ => return None,
        };
        let props = self.file.properties(first, len);
        let mut attrs = Vec::with_capacity(props.len());
        for prop in props {
            let name = self.name(*prop);
            if name == COMMENT || self.is_hidden(&name) {
                continue;
            }
            attrs.push((
                name.into_owned(),
                Expression::json(self.file.clone(), prop.value),
            ));
        }
        (!has_duplicate_name(&attrs)).then_some(attrs)
    }

    pub(crate) fn content(
        &self,
        schema: &BodySchema,
        partial: bool,
        block: &str,
        diags: &mut Diagnostics,
    ) -> BodyContent {
        let file = self.file;
        let raw = self.walk(schema, partial, false, &block, diags);
        let mut content = BodyContent::empty(self.missing_item_range());
        for (_, attr, prop) in raw.attributes {
            content
                .attributes
                .insert(attr.name.clone(), self.attribute(prop));
        }
        for b in raw.blocks {
            let labels = &raw.labels[b.labels.0..b.labels.1];
            content.blocks.push(Block {
                type_name: b.header.type_name.clone(),
                labels: labels.iter().map(|p| self.name(*p).into_owned()).collect(),
                body: Body::json(file.clone(), b.body),
                def_range: file.start_range(b.body),
                type_range: file.range(b.type_prop.name()),
                label_ranges: labels.iter().map(|p| file.range(p.name())).collect(),
            });
        }
        content
    }

    /// [`content`](Self::content) for decoding: the same items and
    /// problems, ranges left as byte offsets, and (when `partial`) the
    /// properties of the rest.
    pub(crate) fn lazy_content<'s>(
        &self,
        schema: &'s BodySchema,
        partial: bool,
        block: &BlockPath<'_>,
        diags: &mut Diagnostics,
    ) -> LazyContent<'s, 'a> {
        let file = self.file;
        let mut raw = self.walk(schema, partial, partial, block, diags);
        // In the schema's order, for `attribute_at` (already so when the
        // file writes them in the order of the struct's fields).
        if raw.attributes.len() > 1 {
            raw.attributes.sort_unstable_by_key(|&(index, ..)| index);
        }
        let mut content = LazyContent::new();
        content.attributes = (raw.attributes.iter())
            .map(|&(index, attr, prop)| LazyAttribute {
                name: &attr.name,
                index,
                expr: Expression::json(file.clone(), prop.value),
            })
            .collect();
        content.blocks.reserve_exact(raw.blocks.len());
        for b in raw.blocks {
            let labels = &raw.labels[b.labels.0..b.labels.1];
            let start = file.node(b.body).start as usize;
            content.blocks.push(LazyBlock {
                type_name: &b.header.type_name,
                labels: labels.iter().map(|p| self.name(*p)).collect(),
                body: Body::json(file.clone(), b.body),
                def: Spot::bytes(start, start + 1),
                type_spot: self.spot(b.type_prop.name()),
                label_spots: labels.iter().map(|p| self.spot(p.name())).collect(),
            });
        }
        if partial {
            let object = matches!(
                file.kind(self.node),
                NodeKind::Object { .. } | NodeKind::Null
            );
            let attrs = (object && !has_duplicate_name(&raw.rest)).then_some(raw.rest);
            content.rest = LazyRest::Json(attrs);
        }
        content
    }

    /// The whole of node `id`, as a [`Spot`].
    fn spot(&self, id: NodeId) -> Spot {
        let n = self.file.node(id);
        Spot::bytes(n.start as usize, n.end as usize)
    }

    /// The schema's items of the body, in order, and every problem: the
    /// walk both [`content`](Self::content) and
    /// [`lazy_content`](Self::lazy_content) convert. With `keep_rest`, the
    /// properties the schema does not name are kept too.
    fn walk<'s>(
        &self,
        schema: &'s BodySchema,
        partial: bool,
        keep_rest: bool,
        block: &dyn std::fmt::Display,
        diags: &mut Diagnostics,
    ) -> RawContent<'s, 'a> {
        let mut raw = RawContent {
            attributes: SmallVec::new(),
            blocks: Vec::new(),
            labels: Vec::new(),
            rest: Vec::new(),
        };
        let mut stack = Vec::new();
        // The schema places found, a bit each for the first 64 (past those,
        // the attributes found are searched).
        let mut taken: u64 = 0;
        let is_taken = |raw: &RawContent<'_, '_>, taken: u64, index: usize| match 1u64
            .checked_shl(index as u32)
        {
            Some(bit) => taken & bit != 0,
            None => raw.attributes.iter().any(|(i, ..)| *i == index),
        };
        let props = self.deep_props(self.node, None, diags);
        if keep_rest {
            raw.rest.reserve_exact(props.len());
        }
        for &prop in props.iter() {
            let name = self.name(prop);
            if name == COMMENT || self.is_hidden(&name) {
                continue;
            }
            let found = (schema.attributes.iter().enumerate()).find(|(_, a)| a.name == name);
            if let Some((index, attr)) = found {
                // One schema entry per name: its place says which it is.
                if is_taken(&raw, taken, index) {
                    let existing = raw.attributes.iter().find(|(i, ..)| *i == index);
                    if let Some(&(_, _, existing)) = existing {
                        let existing = self.attribute(existing).range;
                        diags.push(self.duplicate("Duplicate argument", prop, &existing));
                    }
                } else {
                    taken |= 1u64.checked_shl(index as u32).unwrap_or(0);
                    raw.attributes.push((index, attr, prop));
                }
            } else if let Some(block) = schema.find_block(&name) {
                stack.clear();
                self.unpack_block(prop, prop.value, block, &mut stack, &mut raw, diags);
            } else if !partial {
                diags.push(self.extraneous(prop, schema));
            } else if keep_rest {
                raw.rest.push((name, prop.value));
            }
        }
        for (index, attr) in schema.attributes.iter().enumerate() {
            if attr.required && !is_taken(&raw, taken, index) {
                diags.push(missing_argument_at(
                    &attr.name,
                    &block.to_string(),
                    self.missing_item_range(),
                ));
            }
        }
        raw
    }

    /// Peels one label level per call, then adds the block(s) of the body
    /// level: an object is one block, an array of objects is one per element,
    /// `null` is none. `labels` holds the label properties peeled so far.
    fn unpack_block<'s>(
        &self,
        type_prop: Prop,
        value: NodeId,
        schema: &'s BlockHeaderSchema,
        labels: &mut Vec<Prop>,
        raw: &mut RawContent<'s, '_>,
        diags: &mut Diagnostics,
    ) {
        let file = self.file;
        if let Some(label_name) = schema.label_names.get(labels.len()) {
            let before = diags.len();
            let props = self.deep_props(value, Some(label_name), diags);
            if props.is_empty() && diags.len() == before {
                diags.push(Diagnostic::error(
                    "Missing block label",
                    format!(
                        "At least one object property is required, whose name represents the {} block's {}.",
                        schema.type_name, label_name
                    ),
                    Some(file.value_subject(value)),
                ).with_kind(DiagnosticKind::BlockLabels));
            }
            for &prop in props.iter() {
                labels.push(prop);
                self.unpack_block(type_prop, prop.value, schema, labels, raw, diags);
                labels.pop();
            }
            return;
        }
        let bodies: &[NodeId] = match file.kind(value) {
            NodeKind::Null => &[],
            NodeKind::Object { .. } => std::slice::from_ref(&value),
            NodeKind::Array { first, len } => file.elements(first, len),
            _ => {
                let mut detail = format!(
                    "Either a JSON object or a JSON array is required, representing the contents of one or more {:?} blocks.",
                    schema.type_name
                );
                if !schema.label_names.is_empty() {
                    let names: Vec<String> =
                        labels.iter().map(|p| self.name(*p).into_owned()).collect();
                    detail.push_str(&label_count_hint(schema, &names));
                }
                diags.push(self.not_object(value, &detail));
                return;
            }
        };
        for &body in bodies {
            let start = raw.labels.len();
            raw.labels.extend_from_slice(labels);
            raw.blocks.push(RawBlock {
                header: schema,
                type_prop,
                labels: (start, raw.labels.len()),
                body,
            });
        }
    }

    /// The properties of an object, or of every object of an array, in
    /// order. `label` names the label level being read, for messages; at a
    /// body level (`None`) a non-object is reported as a bad body.
    fn deep_props(
        &self,
        node: NodeId,
        label: Option<&str>,
        diags: &mut Diagnostics,
    ) -> Cow<'a, [Prop]> {
        let file = self.file;
        match file.kind(node) {
            NodeKind::Object { first, len } => Cow::Borrowed(file.properties(first, len)),
            // A `null` label level has no blocks; a `null` block body (as
            // in `{"locals": [null]}`) is empty, as in Go.
            NodeKind::Null => Cow::Borrowed(&[]),
            NodeKind::Array { first, len } => {
                let mut props = Vec::new();
                for &element in file.elements(first, len) {
                    match file.kind(element) {
                        NodeKind::Object { first, len } => {
                            props.extend_from_slice(file.properties(first, len));
                        }
                        _ => diags.push(self.not_object(
                            element,
                            &match label {
                                Some(l) => format!("A JSON object is required here, to specify {l} labels for this block."),
                                None => "A JSON object is required here, to define arguments and child blocks.".to_string(),
                            },
                        )),
                    }
                }
                Cow::Owned(props)
            }
            _ => {
                diags.push(self.not_object(
                    node,
                    &match label {
                        Some(l) => format!("Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."),
                        None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".to_string(),
                    },
                ));
                Cow::Borrowed(&[])
            }
        }
    }

    /// The properties this body still shows (not hidden by earlier partial
    /// processing), in source order, duplicates and `"//"` included: what
    /// the encoder writes back for a remain body.
    pub(crate) fn visible_props(&self) -> Vec<Prop> {
        let mut ignored = Diagnostics::new();
        self.deep_props(self.node, None, &mut ignored)
            .iter()
            .copied()
            .filter(|p| !self.is_hidden(&self.name(*p)))
            .collect()
    }

    /// The properties of the body in source order, duplicates included,
    /// without `"//"` comments and names earlier partial processing hid
    /// (what is not an object has none).
    pub(crate) fn body_props(&self) -> Vec<Prop> {
        let mut ignored = Diagnostics::new();
        self.deep_props(self.node, None, &mut ignored)
            .iter()
            .copied()
            .filter(|p| {
                let name = self.name(*p);
                name != COMMENT && !self.is_hidden(&name)
            })
            .collect()
    }

    /// Whether earlier partial processing hid some names of this body.
    pub(crate) fn is_partial(&self) -> bool {
        self.hidden.is_some()
    }

    /// The node of the body.
    pub(crate) fn node(&self) -> NodeId {
        self.node
    }

    /// A property's name (decoded now if it has escapes).
    fn name(&self, prop: Prop) -> Cow<'a, str> {
        self.file.str(prop.name()).unwrap_or_default()
    }

    fn is_hidden(&self, name: &str) -> bool {
        self.hidden.is_some_and(|h| h.iter().any(|n| n == name))
    }

    fn attribute(&self, prop: Prop) -> Attribute {
        let name_range = self.file.range(prop.name());
        let range = name_range.cover(&self.file.range(prop.value));
        Attribute {
            name: self.name(prop).to_string(),
            expr: Expression::json(self.file.clone(), prop.value),
            range,
            name_range,
        }
    }

    #[cold]
    fn not_object(&self, node: NodeId, detail: &str) -> Diagnostic {
        Diagnostic::error(
            "Incorrect JSON value type",
            detail,
            Some(self.file.value_subject(node)),
        )
    }

    #[cold]
    fn duplicate(&self, summary: &str, prop: Prop, existing: &Range) -> Diagnostic {
        let range = self.file.range(prop.name());
        let whole = range.cover(&self.file.range(prop.value));
        Diagnostic::error(
            summary,
            format!(
                "The argument {:?} was already set at {}.",
                self.name(prop),
                existing
            ),
            Some(range),
        )
        .with_context(whole)
        .with_kind(DiagnosticKind::DuplicateArgument)
    }

    #[cold]
    fn extraneous(&self, prop: Prop, schema: &BodySchema) -> Diagnostic {
        let name = self.name(prop);
        let suggestion = crate::diag::suggestion(&name, schema.names());
        let range = self.file.range(prop.name());
        let whole = range.cover(&self.file.range(prop.value));
        Diagnostic::error(
            "Extraneous JSON object property",
            format!("No argument or block type is named {name:?}.{suggestion}"),
            Some(range),
        )
        .with_context(whole)
        .with_kind(DiagnosticKind::UnsupportedArgument)
    }
}

/// What [`JsonBody::walk`] finds: the schema's attributes and blocks, as
/// properties and nodes (no range computed, no name copied).
struct RawContent<'s, 'a> {
    /// With each its place in the schema (a body's few attributes kept
    /// inline).
    attributes: SmallVec<[(usize, &'s AttributeSchema, Prop); 8]>,
    blocks: Vec<RawBlock<'s>>,
    /// The label properties of every block, each block's a run of them.
    labels: Vec<Prop>,
    /// The names and values of the properties the schema does not name,
    /// when asked for.
    rest: Vec<(Cow<'a, str>, NodeId)>,
}

struct RawBlock<'s> {
    header: &'s BlockHeaderSchema,
    /// The property that gave the block type.
    type_prop: Prop,
    /// The block's run of `RawContent::labels`.
    labels: (usize, usize),
    /// The block's body.
    body: NodeId,
}

/// "`service` blocks take 2 labels (kind, name); this one has 1", for a
/// block whose labels ran out before its body did: the last name was read
/// as a label.
#[cold]
fn label_count_hint(schema: &BlockHeaderSchema, labels: &[String]) -> String {
    let n = schema.label_names.len();
    let has = labels.len().saturating_sub(1);
    let given: Vec<String> = labels[..has].iter().map(|l| format!("{l:?}")).collect();
    let last = labels.last().map_or("", String::as_str);
    format!(
        " {:?} blocks take {n} label{} ({}); this one has {has}{}, so {last:?} was read as its {} label.",
        schema.type_name,
        if n == 1 { "" } else { "s" },
        schema.label_names.join(", "),
        if given.is_empty() {
            String::new()
        } else {
            format!(" ({})", given.join(", "))
        },
        schema.label_names[has.min(n - 1)],
    )
}

/// Whether two of `attrs` have the same name: for a body of a few dozen
/// attributes (the common case), each name's length and end bytes marked
/// in a 128-bit filter, and compared with the earlier names' only when its
/// mark was set already (the names themselves only when those agree);
/// past that a hash set (linear for any number).
fn has_duplicate_name<S: AsRef<str>, T>(attrs: &[(S, T)]) -> bool {
    const PAIRWISE: usize = 32;
    if attrs.len() <= PAIRWISE {
        let mut prints = [0u32; PAIRWISE];
        let mut marks = 0u128;
        for (i, (name, _)) in attrs.iter().enumerate() {
            let name = name.as_ref();
            let b = name.as_bytes();
            let print = (b.len() as u32 & 0xffff)
                | u32::from(b.first().copied().unwrap_or(0)) << 16
                | u32::from(b.last().copied().unwrap_or(0)) << 24;
            // Equal names have equal prints, so equal marks: only a mark
            // set before can be a repeat.
            let mark = 1u128 << (print.wrapping_mul(0x9e37_79b9) >> 25);
            if marks & mark != 0 {
                for (j, p) in prints[..i].iter().enumerate() {
                    if *p == print && attrs[j].0.as_ref() == name {
                        return true;
                    }
                }
            }
            marks |= mark;
            prints[i] = print;
        }
        return false;
    }
    let mut seen = std::collections::HashSet::with_capacity_and_hasher(
        attrs.len(),
        foldhash::fast::RandomState::default(),
    );
    !attrs.iter().all(|(name, _)| seen.insert(name.as_ref()))
}
