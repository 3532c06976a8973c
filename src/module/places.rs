//! Where in a Terraform file a reference is not what it looks like: the
//! places [`check_files`](super::check_files) must read differently.
//!
//! Terraform reads a root name it does not reserve as a managed resource
//! type (`aws_instance.web`), but not everywhere: a `dynamic` block's
//! iterator (`ingress.value`) is a local name inside it; `provider`,
//! `providers` and `required_providers` name provider configurations
//! (`aws.west`); `ignore_changes` lists the resource's own attributes;
//! `moved`, `removed` and `import` blocks hold addresses (a `from` names
//! what is gone). Other places change what a reference may be:
//! `count.index` and `each.key` need a top-level block that sets `count`
//! or `for_each`, `self` a provisioner, connection or postcondition block,
//! `depends_on` whole objects, and `replace_triggered_by` may leave out
//! an instance key.
//!
//! The places come from the file's structure alone, in one walk of either
//! syntax (a JSON file's are the properties of the same names), and are
//! matched to the references in one sweep. A JSON file's `depends_on`
//! strings are addresses no template reads; the walk reads them.
//! See <https://developer.hashicorp.com/terraform/language/expressions/dynamic-blocks>.

use std::sync::Arc;

use crate::analysis::{Traversal, TraversalStep};
use crate::body::{Expression, File, FileRepr, NativeFile};
use crate::json::{FileData, NodeId, NodeKind};
use crate::native::ident::is_identifier;
use crate::native::{Item, Span};

/// Attributes whose expressions name provider configurations or a
/// resource's own attributes, never values.
const NOT_VALUE_ATTRIBUTES: &[&str] = &["provider", "providers", "ignore_changes"];

/// Attributes whose values are keywords, not references, with the type of
/// the block they are in: a variable's `type` (`string`, `list(any)`), a
/// provisioner's `when` and `on_failure` (`destroy`, `continue`), an
/// `action_trigger`'s `events` (`before_create`), the `terraform` block's
/// `experiments` and `language` (`TF2021`), OpenTofu's `language` block's
/// `edition` and `experiments` (`tofu2024`). (In JSON files they are
/// plain strings.)
const KEYWORD_ATTRIBUTES: &[(&str, &str)] = &[
    ("variable", "type"),
    ("provisioner", "when"),
    ("provisioner", "on_failure"),
    ("action_trigger", "events"),
    ("terraform", "experiments"),
    ("terraform", "language"),
    ("language", "edition"),
    ("language", "experiments"),
];

/// Blocks that hold no values at any depth: `required_providers`, whose
/// `configuration_aliases` name provider configurations.
const NOT_VALUE_BLOCKS: &[&str] = &["required_providers"];

/// The lifecycle argument whose references name resources, any instance
/// of them.
const TRIGGERS: &str = "replace_triggered_by";

/// The meta-argument that names whole objects.
const DEPENDS_ON: &str = "depends_on";

/// Blocks where `self` is the resource instance (a `removed` block's
/// destroy-time provisioners included).
const SELF_BLOCKS: &[&str] = &["provisioner", "connection", "postcondition"];

/// Top-level blocks that hold resource addresses rather than values.
const ADDRESS_BLOCKS: &[&str] = &["moved", "removed", "import"];

/// What a place makes of the references inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Meaning {
    /// The `from` of a `moved` or `removed` block: what no longer exists,
    /// no reference to check.
    Gone,
    /// Addresses or provider references: no managed resource is read.
    NotValues,
    /// `replace_triggered_by`: any instance of a resource may be named.
    Triggers,
    /// A `dynamic` block's body, where its iterator is a local name.
    Iterator(String),
    /// The body of a top-level block that may set `count` or `for_each`.
    Block(Instances),
    /// A provisioner, connection or postcondition block: where `self` is
    /// the resource instance.
    SelfBlock,
    /// `depends_on`: whole objects, not their attributes.
    DependsOn,
}

/// The instances a block makes, which `count.index` and `each.key` tell
/// apart: one, one per `count`, or one per element of `for_each`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Instances {
    Single,
    Counted,
    ForEach,
}

/// One place, a byte span of the file.
#[derive(Debug)]
struct Place {
    start: u32,
    end: u32,
    meaning: Meaning,
}

/// How a reference is to be read, as [`Places::classify`] tells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Reading {
    /// What the root name may name.
    pub root: Root,
    /// A resource named without the instance key its `count` asks for, or
    /// with one it has none for, is still a resource
    /// (`replace_triggered_by`, which Terraform reads at plan time).
    pub any_instance: bool,
    /// The instances of the top-level block the reference is in, if that
    /// block is one that may repeat (a `resource`, `data`, `ephemeral`,
    /// `module`, `import`, `action` or `provider` block).
    pub block: Option<Instances>,
    /// In a provisioner, connection or postcondition block, where `self`
    /// can be read.
    pub self_allowed: bool,
    /// In `depends_on`, which names whole objects.
    pub depends_on: bool,
}

impl Reading {
    fn not_resource(&mut self) {
        if self.root == Root::Anything {
            self.root = Root::NotResource;
        }
    }
}

/// What a reference's root name may name where it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Root {
    /// Anything, as Terraform reads it anywhere.
    #[default]
    Anything,
    /// Anything but a managed resource.
    NotResource,
    /// Nothing to check: a `from` address, what is gone.
    Gone,
}

/// The places of one file.
#[derive(Debug, Default)]
pub(super) struct Places {
    found: Vec<Place>,
    /// The references a JSON file writes as plain strings, which no
    /// template reads: the elements of its `depends_on` arrays
    /// (`"aws_instance.web"`).
    pub written: Vec<Traversal>,
    /// The address of each resource the file declares with `count` or
    /// `for_each` (`aws_instance.web`, `data.aws_ami.a`), with which.
    pub repeated: Vec<(String, Instances)>,
}

impl Places {
    /// The places of `file`.
    pub(super) fn of(file: &File) -> Places {
        let mut places = Places::default();
        match &*file.repr {
            FileRepr::Native(native) => places.native(native),
            FileRepr::Json(data) => places.json(data),
        }
        // Outer places before the places inside them (the places nest as
        // the syntax does: none overlaps another partly).
        places
            .found
            .sort_unstable_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
        places
    }

    /// How each of `references` (of this file) is to be read, in their
    /// order. One sweep over both, in source order: the places open at a
    /// reference are a stack as deep as the file's nesting.
    pub(super) fn classify(&self, references: &[Traversal]) -> Vec<Reading> {
        let mut readings = vec![Reading::default(); references.len()];
        if self.found.is_empty() {
            return readings;
        }
        let spans: Vec<(u32, u32)> = references.iter().map(byte_span).collect();
        let mut order: Vec<usize> = (0..references.len()).collect();
        order.sort_by_key(|&i| spans[i].0);
        let mut next = self.found.iter().peekable();
        let mut open: Vec<&Place> = Vec::new();
        for i in order {
            let (start, end) = spans[i];
            while let Some(place) = next.next_if(|p| p.start <= start) {
                open.push(place);
            }
            // A place that ended before the reference does not hold it;
            // the ones left hold it (references lie wholly inside or
            // outside a place).
            open.retain(|p| p.end >= end);
            let root = references[i].root_name();
            let reading = &mut readings[i];
            for place in &open {
                match &place.meaning {
                    Meaning::Gone => reading.root = Root::Gone,
                    Meaning::NotValues => reading.not_resource(),
                    Meaning::Triggers => reading.any_instance = true,
                    Meaning::Iterator(name) if name == root => reading.not_resource(),
                    Meaning::Iterator(_) => {}
                    Meaning::Block(instances) => reading.block = Some(*instances),
                    Meaning::SelfBlock => reading.self_allowed = true,
                    Meaning::DependsOn => reading.depends_on = true,
                }
            }
        }
        readings
    }

    fn push(&mut self, span: (u32, u32), meaning: Meaning) {
        self.found.push(Place {
            start: span.0,
            end: span.1,
            meaning,
        });
    }

    /// A native file's places, every body walked (iteratively).
    fn native(&mut self, native: &NativeFile) {
        let src = native.source.text();
        let bodies = &native.tree.bodies;
        let body_span = |b: u32| bodies.get(b as usize).map(|b| spans(b.span));
        let mut stack = vec![native.tree.root];
        while let Some(body) = stack.pop() {
            let top = body == native.tree.root;
            for item in native.tree.items(body) {
                match item {
                    Item::Attribute(attr) => {
                        let name = attr.name.text(src);
                        if NOT_VALUE_ATTRIBUTES.contains(&name) {
                            self.push(spans(attr.expr_span), Meaning::NotValues);
                        } else if name == TRIGGERS {
                            self.push(spans(attr.expr_span), Meaning::Triggers);
                        } else if name == DEPENDS_ON {
                            self.push(spans(attr.expr_span), Meaning::DependsOn);
                        }
                    }
                    Item::Block(block) => {
                        stack.push(block.body);
                        let Some(span) = body_span(block.body) else {
                            continue;
                        };
                        let type_name = block.type_name.text(src);
                        if KEYWORD_ATTRIBUTES.iter().any(|(t, _)| *t == type_name) {
                            for item in native.tree.items(block.body) {
                                let Item::Attribute(attr) = item else {
                                    continue;
                                };
                                let keyword = (type_name, attr.name.text(src));
                                if KEYWORD_ATTRIBUTES.contains(&keyword) {
                                    self.push(spans(attr.expr_span), Meaning::NotValues);
                                }
                            }
                        }
                        if top && label_depth(type_name).is_some() {
                            let instances = native_instances(native, block.body);
                            let labels = block.labels.iter().map(|l| l.text(src));
                            self.block(span, type_name, labels, instances);
                        }
                        if NOT_VALUE_BLOCKS.contains(&type_name) {
                            self.push(span, Meaning::NotValues);
                        } else if SELF_BLOCKS.contains(&type_name) {
                            self.push(span, Meaning::SelfBlock);
                        } else if top && ADDRESS_BLOCKS.contains(&type_name) {
                            self.push(span, Meaning::NotValues);
                            if type_name != "import" {
                                self.native_from(native, block.body);
                            }
                        } else if let ("dynamic", [label]) = (type_name, block.labels.as_slice()) {
                            let name = native_iterator(native, block.body)
                                .unwrap_or_else(|| label.text(src));
                            self.push(span, Meaning::Iterator(name.to_string()));
                        }
                    }
                }
            }
        }
    }

    /// The `from` of a native `moved` or `removed` block's body.
    fn native_from(&mut self, native: &NativeFile, body: u32) {
        let src = native.source.text();
        for item in native.tree.items(body) {
            if let Item::Attribute(attr) = item {
                if attr.name.text(src) == "from" {
                    self.push(spans(attr.expr_span), Meaning::Gone);
                }
            }
        }
    }

    /// A JSON file's places, every value walked (iteratively).
    fn json(&mut self, data: &Arc<FileData>) {
        let span = |node| {
            let n = data.node(node);
            (n.start, n.end)
        };
        // Each value with whether it is the file's root object.
        let mut stack = vec![(data.root, true)];
        while let Some((node, top)) = stack.pop() {
            match data.kind(node) {
                NodeKind::Array { first, len } => {
                    stack.extend(data.elements(first, len).iter().map(|&e| (e, false)));
                }
                NodeKind::Object { first, len } => {
                    for prop in data.properties(first, len) {
                        stack.push((prop.value, false));
                        let Some(name) = data.str(prop.name()) else {
                            continue;
                        };
                        if top {
                            if let Some(depth) = label_depth(&name) {
                                json_blocks(data, prop.value, depth, &mut |labels, body| {
                                    let n = data.node(body);
                                    let instances = json_instances(data, body);
                                    let labels = labels.iter().map(String::as_str);
                                    self.block((n.start, n.end), &name, labels, instances);
                                });
                            }
                        }
                        if NOT_VALUE_ATTRIBUTES.contains(&&*name)
                            || NOT_VALUE_BLOCKS.contains(&&*name)
                            || (top && ADDRESS_BLOCKS.contains(&&*name))
                        {
                            self.push(span(prop.value), Meaning::NotValues);
                        } else if name == TRIGGERS {
                            self.push(span(prop.value), Meaning::Triggers);
                        } else if SELF_BLOCKS.contains(&&*name) {
                            self.push(span(prop.value), Meaning::SelfBlock);
                        } else if name == DEPENDS_ON {
                            self.push(span(prop.value), Meaning::DependsOn);
                            self.json_depends_on(data, prop.value);
                        } else if name == "dynamic" {
                            self.json_dynamic(data, prop.value);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// A top-level block that may repeat: its body is a place, and a
    /// repeated resource's address is kept for the module's declarations.
    fn block<'a>(
        &mut self,
        span: (u32, u32),
        type_name: &str,
        labels: impl Iterator<Item = &'a str>,
        instances: Instances,
    ) {
        self.push(span, Meaning::Block(instances));
        let prefix = match type_name {
            "resource" => "",
            "data" => "data.",
            "ephemeral" => "ephemeral.",
            _ => return,
        };
        if instances != Instances::Single {
            let labels: Vec<&str> = labels.collect();
            if let [ty, name] = labels.as_slice() {
                self.repeated
                    .push((format!("{prefix}{ty}.{name}"), instances));
            }
        }
    }

    /// The addresses of a JSON `depends_on` array, each read as a
    /// traversal as Terraform reads it (a string that is not one is left
    /// to Terraform: it is no reference).
    fn json_depends_on(&mut self, data: &Arc<FileData>, value: NodeId) {
        let NodeKind::Array { first, len } = data.kind(value) else {
            return;
        };
        for &element in data.elements(first, len) {
            if data.kind(element) == NodeKind::String {
                let expr = Expression::json(Arc::clone(data), element);
                self.written.extend(expr.abs_traversal().ok());
            }
        }
    }

    /// The blocks of a JSON `"dynamic"` property: `{"NAME": {...}}`, each
    /// block's body an object or an array of objects.
    fn json_dynamic(&mut self, data: &FileData, value: NodeId) {
        let NodeKind::Object { first, len } = data.kind(value) else {
            return;
        };
        for prop in data.properties(first, len) {
            let Some(label) = data.str(prop.name()) else {
                continue;
            };
            let bodies = match data.kind(prop.value) {
                NodeKind::Array { first, len } => data.elements(first, len),
                _ => std::slice::from_ref(&prop.value),
            };
            for &body in bodies {
                let NodeKind::Object { first, len } = data.kind(body) else {
                    continue;
                };
                let iterator = data
                    .properties(first, len)
                    .iter()
                    .filter(|p| data.str(p.name()).is_some_and(|n| n == "iterator"))
                    .find_map(|p| data.str(p.value));
                let name = iterator.unwrap_or_else(|| label.clone()).into_owned();
                let n = data.node(body);
                self.push((n.start, n.end), Meaning::Iterator(name));
            }
        }
    }
}

/// A native `dynamic` block's `iterator = NAME`, when it is a bare name.
fn native_iterator(native: &NativeFile, body: u32) -> Option<&str> {
    let src = native.source.text();
    native.tree.items(body).iter().find_map(|item| match item {
        Item::Attribute(attr) if attr.name.text(src) == "iterator" => {
            let text = src.get(attr.expr_span.start as usize..attr.expr_span.end as usize)?;
            let text = text.trim();
            is_identifier(text).then_some(text)
        }
        _ => None,
    })
}

/// The bytes a traversal spans in its file.
pub(super) fn byte_span(t: &Traversal) -> (u32, u32) {
    let steps = t.steps();
    let byte = |step: Option<&TraversalStep>, end: bool| {
        step.map_or(0, |s| {
            let r = s.range();
            (if end { r.end.byte } else { r.start.byte }) as u32
        })
    };
    (byte(steps.first(), false), byte(steps.last(), true))
}

/// The label levels of a top-level block type that may set `count` or
/// `for_each` (OpenTofu's `provider` blocks take `for_each`); `None` for
/// the others.
fn label_depth(type_name: &str) -> Option<usize> {
    match type_name {
        "resource" | "data" | "ephemeral" | "action" => Some(2),
        "module" | "provider" => Some(1),
        "import" => Some(0),
        _ => None,
    }
}

/// Which instances a native block body makes.
fn native_instances(native: &NativeFile, body: u32) -> Instances {
    let src = native.source.text();
    let names = native
        .tree
        .items(body)
        .iter()
        .filter_map(|item| match item {
            Item::Attribute(attr) => Some(attr.name.text(src)),
            Item::Block(_) => None,
        });
    instances_of(names)
}

/// Which instances a JSON block body (an object) makes.
fn json_instances(data: &FileData, object: NodeId) -> Instances {
    if json_has_property(data, object, "count") {
        Instances::Counted
    } else if json_has_property(data, object, "for_each") {
        Instances::ForEach
    } else {
        Instances::Single
    }
}

/// Whether the JSON object `object` has a property named `name`.
pub(super) fn json_has_property(data: &FileData, object: NodeId, name: &str) -> bool {
    match data.kind(object) {
        NodeKind::Object { first, len } => data
            .properties(first, len)
            .iter()
            .any(|p| data.str(p.name()).is_some_and(|n| n == name)),
        _ => false,
    }
}

/// Each body of the JSON blocks `node` holds, with its labels: `node` is
/// the value of a top-level property whose blocks have `depth` labels,
/// each label level an object of names and each body an object, either
/// of them also written as an array of objects (HCL's JSON blocks).
pub(super) fn json_blocks(
    data: &FileData,
    node: NodeId,
    depth: usize,
    visit: &mut dyn FnMut(&[String], NodeId),
) {
    fn walk(
        data: &FileData,
        node: NodeId,
        depth: usize,
        labels: &mut Vec<String>,
        visit: &mut dyn FnMut(&[String], NodeId),
    ) {
        let objects = match data.kind(node) {
            NodeKind::Array { first, len } => data.elements(first, len),
            _ => std::slice::from_ref(&node),
        };
        for &object in objects {
            let NodeKind::Object { first, len } = data.kind(object) else {
                continue;
            };
            if depth == 0 {
                visit(labels, object);
                continue;
            }
            for prop in data.properties(first, len) {
                let Some(label) = data.str(prop.name()) else {
                    continue;
                };
                labels.push(label.into_owned());
                walk(data, prop.value, depth - 1, labels, visit);
                labels.pop();
            }
        }
    }
    walk(data, node, depth, &mut Vec::new(), visit);
}

/// `count` makes counted instances, else `for_each` keyed ones.
fn instances_of<'a>(names: impl Iterator<Item = &'a str>) -> Instances {
    let mut instances = Instances::Single;
    for name in names {
        match name {
            "count" => return Instances::Counted,
            "for_each" => instances = Instances::ForEach,
            _ => {}
        }
    }
    instances
}

fn spans(span: Span) -> (u32, u32) {
    (span.start, span.end)
}

#[cfg(test)]
#[path = "places_tests.rs"]
mod tests;
