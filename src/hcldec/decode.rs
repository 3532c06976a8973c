//! Decoding a body by a [`Spec`]: the implied schema, the value of each
//! spec kind with its diagnostics, source ranges for block-level messages,
//! implied types and variable references.
//!
//! The structure follows `hcldec`: a body is read once with the schema
//! implied by the specs that share it, then every spec takes its part of
//! that content; block specs recurse into each matching block's body.

use indexmap::IndexMap;
use std::borrow::Cow;
use std::fmt::Write as _;

use super::{BlockCollection, BlockKeyed, Spec};
use crate::analysis::Traversal;
use crate::body::Body;
use crate::body::{Block, BodyContent, BodySchema};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics};
use crate::eval::EvalContext;
use crate::pos::Range;
use crate::value::{
    try_convert, type_mismatch, unify_unsafe, without_extra_map_keys, Elements, Entries,
    MissingAttribute, Str, Type, Value,
};

/// A label of the block whose body is decoded, for [`Spec::Label`].
#[derive(Clone)]
pub(super) struct Label {
    value: String,
    range: Range,
}

fn labels_of(block: &Block) -> Vec<Label> {
    block
        .labels
        .iter()
        .zip(&block.label_ranges)
        .map(|(value, range)| Label {
            value: value.clone(),
            range: range.clone(),
        })
        .collect()
}

/// Reads `body` with the schema `spec` implies and decodes the content.
pub(super) fn decode_body(
    body: &Body,
    labels: &[Label],
    ctx: &EvalContext,
    spec: &Spec,
    diags: &mut Diagnostics,
) -> Value {
    let content = content_of(body, spec, false, diags);
    decode_content(spec, &content, labels, ctx, diags)
}

/// The body's content for `spec`'s schema; problems go to `diags` (none
/// at all when `partial`, which is how ranges and variables are looked up).
fn content_of(body: &Body, spec: &Spec, partial: bool, diags: &mut Diagnostics) -> BodyContent {
    let schema = implied_schema(spec);
    let mut local = Diagnostics::new();
    let result = body.content_collecting(&schema, partial, "", &mut local);
    if !partial {
        diags.extend(local);
    }
    match result {
        Ok((content, _)) => content,
        Err(err) => {
            diags.extend_error(err);
            BodyContent::empty(body.missing_item_range())
        }
    }
}

/// Decodes several bodies merged into one ([`Body::merge`], HCL's
/// `MergeBodies`).
pub(super) fn decode_merged(
    bodies: &[Body],
    ctx: &EvalContext,
    spec: &Spec,
    diags: &mut Diagnostics,
) -> Value {
    match bodies {
        // One file is read as itself, as hcldec does: no merging rules.
        [one] => decode_body(one, &[], ctx, spec, diags),
        _ => decode_body(&Body::merge(bodies), &[], ctx, spec, diags),
    }
}

/// `hcldec.Variables` over several bodies merged into one.
pub(super) fn variables_merged(bodies: &[Body], spec: &Spec) -> Vec<Traversal> {
    match bodies {
        [one] => variables(one, spec),
        _ => variables(&Body::merge(bodies), spec),
    }
}

/// The attributes and block types the specs reading one body ask for. A
/// name asked twice is asked once (an attribute is required if any spec
/// requires it), so that two specs may read the same attribute.
pub(super) fn implied_schema(spec: &Spec) -> BodySchema {
    let mut schema = BodySchema::new();
    visit_same_body(spec, &mut |s| match s {
        Spec::Attr { name, required, .. } => {
            match schema.attributes.iter_mut().find(|a| &a.name == name) {
                Some(existing) => existing.required |= *required,
                None => schema = std::mem::take(&mut schema).attribute(name.clone(), *required),
            }
        }
        _ => {
            if let Some((type_name, labels)) = block_header(s) {
                if schema.find_block(&type_name).is_none() {
                    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
                    schema = std::mem::take(&mut schema).block(type_name, &labels);
                }
            }
        }
    });
    schema
}

/// Calls `f` on `spec` and every spec that reads the same body as it.
fn visit_same_body(spec: &Spec, f: &mut dyn FnMut(&Spec)) {
    f(spec);
    match spec {
        Spec::Object(children) => children.values().for_each(|c| visit_same_body(c, f)),
        Spec::Tuple(children) => children.iter().for_each(|c| visit_same_body(c, f)),
        Spec::Default { primary, default } => {
            visit_same_body(primary, f);
            visit_same_body(default, f);
        }
        Spec::Transform { wrapped, .. }
        | Spec::TransformFunc { wrapped, .. }
        | Spec::Validate { wrapped, .. } => visit_same_body(wrapped, f),
        _ => {}
    }
}

/// The block type a block spec reads and the label names its blocks have.
fn block_header(spec: &Spec) -> Option<(String, Vec<String>)> {
    match spec {
        Spec::Block {
            type_name, nested, ..
        } => Some((type_name.clone(), label_names(nested))),
        Spec::BlockList(c) | Spec::BlockSet(c) | Spec::BlockTuple(c) => {
            Some((c.type_name.clone(), label_names(&c.nested)))
        }
        Spec::BlockMap(k) | Spec::BlockObject(k) => {
            let mut labels = k.label_names.clone();
            labels.extend(label_names(&k.nested));
            Some((k.type_name.clone(), labels))
        }
        Spec::BlockAttrs { type_name, .. } => Some((type_name.clone(), Vec::new())),
        _ => None,
    }
}

/// The label names the [`Spec::Label`]s of a nested spec ask for: as many
/// as the highest index plus one (a gap is named `missingNN`, as in
/// `hcldec`).
fn label_names(nested: &Spec) -> Vec<String> {
    let mut names: Vec<Option<String>> = Vec::new();
    visit_same_body(nested, &mut |s| {
        if let Spec::Label { index, name } = s {
            if names.len() <= *index {
                names.resize(index + 1, None);
            }
            names[*index] = Some(name.clone());
        }
    });
    names
        .into_iter()
        .enumerate()
        .map(|(i, n)| n.unwrap_or_else(|| format!("missing{i:02}")))
        .collect()
}

fn decode_content(
    spec: &Spec,
    content: &BodyContent,
    labels: &[Label],
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    match spec {
        Spec::Object(children) => Value::object(
            children
                .iter()
                .map(|(k, c)| (k.as_str(), decode_content(c, content, labels, ctx, diags))),
        ),
        Spec::Tuple(children) => Value::Tuple(
            children
                .iter()
                .map(|c| decode_content(c, content, labels, ctx, diags))
                .collect(),
        ),
        Spec::Attr { name, ty, .. } => decode_attr(name, ty, content, ctx, diags),
        Spec::Literal(v) => v.clone(),
        Spec::Expr(expr) => evaluate(expr, ctx, diags),
        Spec::Block {
            type_name,
            nested,
            required,
        } => decode_block(type_name, nested, *required, content, ctx, diags),
        Spec::BlockList(c) => decode_block_list(c, content, ctx, diags, Collection::List),
        Spec::BlockSet(c) => decode_block_list(c, content, ctx, diags, Collection::Set),
        Spec::BlockTuple(c) => decode_block_list(c, content, ctx, diags, Collection::Tuple),
        Spec::BlockMap(k) => decode_block_map(k, content, ctx, diags, false),
        Spec::BlockObject(k) => decode_block_map(k, content, ctx, diags, true),
        Spec::BlockAttrs {
            type_name,
            element_type,
            required,
        } => decode_block_attrs(type_name, element_type, *required, content, ctx, diags),
        Spec::Label { index, name } => {
            if let Some(label) = labels.get(*index) {
                Value::from(label.value.as_str())
            } else {
                diags.push(Diagnostic::error(
                "Invalid label spec",
                format!("The label spec {name:?} (index {index}) is used outside a block with that many labels. This is a bug in the spec, not in the configuration."),
                Some(content.missing_item_range.clone()),
            ));
                Value::unknown(Type::String)
            }
        }
        Spec::Default { primary, default } => {
            let value = decode_content(primary, content, labels, ctx, diags);
            if value.is_null() {
                decode_content(default, content, labels, ctx, diags)
            } else {
                value
            }
        }
        Spec::Transform {
            wrapped,
            expr,
            context,
            var_name,
        } => {
            let mut own = Diagnostics::new();
            let value = decode_content(wrapped, content, labels, ctx, &mut own);
            let failed = own.has_errors();
            diags.extend(own);
            if failed {
                // Running the transform on a broken value would only add
                // confusing follow-on errors.
                return Value::unknown(implied_type(spec));
            }
            let child = context.child().with_variable(var_name.clone(), value);
            evaluate(expr, &child, diags)
        }
        Spec::TransformFunc { wrapped, function } => {
            let mut own = Diagnostics::new();
            let value = decode_content(wrapped, content, labels, ctx, &mut own);
            let failed = own.has_errors();
            diags.extend(own);
            if failed {
                return Value::unknown(implied_type(spec));
            }
            match function.call(&[value]) {
                Ok(v) => v,
                Err(err) => {
                    diags.push(Diagnostic::error(
                        "Transform function failed",
                        format!("Decoder transform returned an error: {}", err.message),
                        Some(source_range_in(wrapped, content, labels)),
                    ));
                    Value::unknown(implied_type(spec))
                }
            }
        }
        Spec::Validate { wrapped, validator } => {
            let mut own = Diagnostics::new();
            let value = decode_content(wrapped, content, labels, ctx, &mut own);
            let failed = own.has_errors();
            diags.extend(own);
            if failed {
                return Value::unknown(implied_type(spec));
            }
            for mut d in validator(&value) {
                if d.subject.is_none() {
                    d.subject = Some(source_range_in(wrapped, content, labels));
                }
                diags.push(d);
            }
            value
        }
    }
}

fn evaluate(expr: &crate::body::Expression, ctx: &EvalContext, diags: &mut Diagnostics) -> Value {
    match expr.value(ctx) {
        Ok(v) => v,
        Err(err) => {
            diags.extend_error(err);
            Value::dynamic()
        }
    }
}

fn decode_attr(
    name: &str,
    ty: &Type,
    content: &BodyContent,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    let Some(attr) = content.attributes.get(name) else {
        // A missing required attribute was reported with the content.
        return Value::null(ty.clone());
    };
    let value = evaluate(&attr.expr, ctx, diags);
    match convert(&value, ty) {
        Ok(v) => v,
        Err(err) => {
            let subject = attr.expr.range();
            diags.push(
                Diagnostic::error(
                    "Incorrect attribute value type",
                    format!("Inappropriate value for attribute {name:?}: {err}."),
                    Some(subject.clone()),
                )
                .with_context(attr.name_range.cover(&subject)),
            );
            Value::unknown(ty.clone())
        }
    }
}

/// Converts an attribute value as `hcldec` does: refused outright when cty
/// has no conversion between the types (in cty's words), else by the value
/// layer's unsafe conversion.
fn convert(value: &Value, ty: &Type) -> Result<Value, String> {
    if let Some(message) = type_mismatch(&value.ty(), ty, MissingAttribute::Refused) {
        return Err(message);
    }
    try_convert(&without_extra_map_keys(Cow::Borrowed(value), ty), ty, true)
        .map_err(|e| e.to_string())
}

/// The first block of `type_name` and the second, if any.
fn find_blocks<'a>(
    content: &'a BodyContent,
    type_name: &'a str,
) -> (Option<&'a Block>, Option<&'a Block>) {
    let mut blocks = content.blocks_of_type(type_name);
    let first = blocks.next();
    (first, blocks.next())
}

fn duplicate_block(type_name: &str, first: &Block, other: &Block) -> Diagnostic {
    Diagnostic::error(
        format!("Duplicate {type_name} block"),
        format!(
            "Only one block of type {type_name:?} is allowed. Previous definition was at {}.",
            first.def_range
        ),
        Some(other.def_range.clone()),
    )
    .with_kind(DiagnosticKind::DuplicateBlock)
}

fn missing_block(type_name: &str, content: &BodyContent) -> Diagnostic {
    Diagnostic::error(
        format!("Missing {type_name} block"),
        format!("A block of type {type_name:?} is required here."),
        Some(content.missing_item_range.clone()),
    )
    .with_kind(DiagnosticKind::MissingBlock)
}

fn decode_block(
    type_name: &str,
    nested: &Spec,
    required: bool,
    content: &BodyContent,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    let (first, second) = find_blocks(content, type_name);
    let Some(block) = first else {
        if required {
            diags.push(missing_block(type_name, content));
        }
        return Value::null(implied_type(nested));
    };
    if let Some(other) = second {
        diags.push(duplicate_block(type_name, block, other));
    }
    decode_body(&block.body, &labels_of(block), ctx, nested, diags)
}

#[derive(Clone, Copy, PartialEq)]
enum Collection {
    List,
    Set,
    Tuple,
}

fn decode_block_list(
    spec: &BlockCollection,
    content: &BodyContent,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
    kind: Collection,
) -> Value {
    let type_name = spec.type_name.as_str();
    let blocks: Vec<&Block> = content.blocks_of_type(type_name).collect();
    let elems: Elements = blocks
        .iter()
        .map(|b| decode_body(&b.body, &labels_of(b), ctx, &spec.nested, diags))
        .collect();
    // Ranges are only needed for messages: computed when one is made.
    let range_of = |i: usize| source_range(&blocks[i].body, &labels_of(blocks[i]), &spec.nested);
    if elems.len() < spec.min_items {
        diags.push(
            Diagnostic::error(
                format!("Insufficient {type_name} blocks"),
                format!(
                    "At least {} {type_name:?} blocks are required.",
                    spec.min_items
                ),
                Some(content.missing_item_range.clone()),
            )
            .with_kind(DiagnosticKind::MissingBlock),
        );
    } else if spec.max_items > 0 && elems.len() > spec.max_items {
        diags.push(
            Diagnostic::error(
                format!("Too many {type_name} blocks"),
                format!(
                    "No more than {} {type_name:?} blocks are allowed",
                    spec.max_items
                ),
                Some(range_of(spec.max_items)),
            )
            .with_kind(DiagnosticKind::DuplicateBlock),
        );
    }
    let elem_ty = implied_type(&spec.nested);
    if kind == Collection::Tuple {
        return Value::Tuple(elems);
    }
    if elems.is_empty() {
        return match kind {
            Collection::Set => Value::Set(elem_ty, Elements::new()),
            _ => Value::List(elem_ty, Elements::new()),
        };
    }
    // Elements differ in type only through `any` attributes; a list or a
    // set needs one element type, so they are unified.
    let types: Vec<Type> = elems.iter().map(Value::ty).collect();
    if types.iter().all(|t| *t == types[0]) {
        // The common case (no `any` attribute): nothing to unify.
        let ty = types[0].clone();
        return collection(kind, ty, elems);
    }
    let Some(unified) = unify_unsafe(&types) else {
        diags.push(inconsistent(
            type_name,
            "Corresponding attributes in all blocks of this type must be the same.".into(),
            range_of(0),
        ));
        return Value::dynamic();
    };
    let mut converted = Elements::with_capacity(elems.len());
    for (i, v) in elems.into_iter().enumerate() {
        match try_convert(&v, &unified, true) {
            Ok(v) => converted.push(v),
            Err(err) => {
                diags.push(inconsistent(
                    type_name,
                    format!("Block with index {i} has inconsistent argument types: {err}."),
                    range_of(i),
                ));
                return Value::dynamic();
            }
        }
    }
    collection(kind, unified, converted)
}

/// The list or set of `elems`, which all have type `ty`.
fn collection(kind: Collection, ty: Type, elems: Elements) -> Value {
    match kind {
        // Building a set sorts and de-duplicates; elements of one type
        // always make one.
        Collection::Set => Value::set(ty.clone(), elems).unwrap_or(Value::unknown(Type::set(ty))),
        _ => Value::List(ty, elems),
    }
}

fn inconsistent(type_name: &str, detail: String, subject: Range) -> Diagnostic {
    Diagnostic::error(
        // [sic]: hcldec's wording, kept so that messages match.
        format!("Unconsistent argument types in {type_name} blocks"),
        detail,
        Some(subject),
    )
}

/// Nested results keyed by label, one level per label name.
enum Tree {
    Leaf(Value),
    Node(IndexMap<String, Tree>),
}

fn decode_block_map(
    spec: &BlockKeyed,
    content: &BodyContent,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
    objects: bool,
) -> Value {
    let type_name = spec.type_name.as_str();
    let depth = spec.label_names.len();
    let mut root: IndexMap<String, Tree> = IndexMap::new();
    for block in content.blocks_of_type(type_name) {
        let labels = labels_of(block);
        if depth == 0 || labels.len() < depth {
            // The body layer reported the wrong label count already.
            continue;
        }
        let value = decode_body(&block.body, &labels[depth..], ctx, &spec.nested, diags);
        let mut target = &mut root;
        for key in &block.labels[..depth - 1] {
            let entry = target
                .entry(key.clone())
                .or_insert_with(|| Tree::Node(IndexMap::new()));
            target = match entry {
                Tree::Node(m) => m,
                Tree::Leaf(_) => unreachable!("every key at this depth is a node"),
            };
        }
        let key = &block.labels[depth - 1];
        if target.contains_key(key) {
            let quoted: String = block.labels.iter().fold(String::new(), |mut s, l| {
                let _ = write!(s, " {l:?}");
                s
            });
            diags.push(Diagnostic::error(
                format!("Duplicate {type_name} block"),
                format!("A block for {type_name}{quoted} was already defined. The {type_name} labels must be unique."),
                Some(block.def_range.clone()),
            ).with_kind(DiagnosticKind::DuplicateBlock));
            continue;
        }
        target.insert(key.clone(), Tree::Leaf(value));
    }
    if root.is_empty() {
        return if objects {
            Value::Object(Entries::new())
        } else {
            Value::Map(implied_type(&spec.nested), Entries::new())
        };
    }
    let elem_ty = implied_type(&spec.nested);
    build_tree(root, objects, &elem_ty, depth, diags)
}

fn build_tree(
    entries: IndexMap<String, Tree>,
    objects: bool,
    elem_ty: &Type,
    depth: usize,
    diags: &mut Diagnostics,
) -> Value {
    let values: Entries = entries
        .into_iter()
        .map(|(k, t)| {
            let v = match t {
                Tree::Leaf(v) => v,
                Tree::Node(m) => build_tree(m, objects, elem_ty, depth - 1, diags),
            };
            (Str::new(k), v)
        })
        .collect();
    if objects {
        return Value::Object(values);
    }
    let mut ty = elem_ty.clone();
    for _ in 1..depth {
        ty = Type::map(ty);
    }
    Value::map(ty, values).unwrap_or_else(|err| {
        diags.extend_error(err);
        Value::dynamic()
    })
}

fn decode_block_attrs(
    type_name: &str,
    element_type: &Type,
    required: bool,
    content: &BodyContent,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    let (first, second) = find_blocks(content, type_name);
    let Some(block) = first else {
        if required {
            diags.push(missing_block(type_name, content));
        }
        return Value::null(Type::map(element_type.clone()));
    };
    if let Some(other) = second {
        diags.push(duplicate_block(type_name, block, other));
    }
    let attrs = match block.body.just_attributes() {
        Ok(attrs) => attrs,
        Err(err) => {
            diags.extend_error(err);
            IndexMap::new()
        }
    };
    let mut values = IndexMap::new();
    for (name, attr) in attrs {
        let value = evaluate(&attr.expr, ctx, diags);
        let value = match convert(&value, element_type) {
            Ok(v) => v,
            Err(err) => {
                let subject = attr.expr.range();
                diags.push(
                    Diagnostic::error(
                        "Invalid attribute value",
                        format!("Invalid value for attribute of {type_name:?} block: {err}."),
                        Some(subject.clone()),
                    )
                    .with_context(attr.name_range.cover(&subject)),
                );
                Value::unknown(element_type.clone())
            }
        };
        values.insert(name, value);
    }
    Value::map(element_type.clone(), values).unwrap_or_else(|err| {
        diags.extend_error(err);
        Value::dynamic()
    })
}

/// Where a spec's value came from in `body`, for messages about a whole
/// block (the item a "Too many blocks" error points at).
fn source_range(body: &Body, labels: &[Label], spec: &Spec) -> Range {
    let content = content_of(body, spec, true, &mut Diagnostics::new());
    source_range_in(spec, &content, labels)
}

fn source_range_in(spec: &Spec, content: &BodyContent, labels: &[Label]) -> Range {
    match spec {
        Spec::Attr { name, .. } => match content.attributes.get(name) {
            Some(attr) => attr.expr.range(),
            None => content.missing_item_range.clone(),
        },
        Spec::Expr(expr) => expr.range(),
        Spec::Label { index, .. } => labels
            .get(*index)
            .map_or_else(|| content.missing_item_range.clone(), |l| l.range.clone()),
        Spec::Block {
            type_name, nested, ..
        } => first_block_range(content, type_name, nested),
        Spec::BlockList(c) | Spec::BlockSet(c) | Spec::BlockTuple(c) => {
            first_block_range(content, &c.type_name, &c.nested)
        }
        Spec::BlockMap(k) | Spec::BlockObject(k) => {
            first_block_range(content, &k.type_name, &k.nested)
        }
        Spec::BlockAttrs { type_name, .. } => content.blocks_of_type(type_name).next().map_or_else(
            || content.missing_item_range.clone(),
            |b| b.def_range.clone(),
        ),
        Spec::Default { primary, .. } => source_range_in(primary, content, labels),
        Spec::Transform { wrapped, .. }
        | Spec::TransformFunc { wrapped, .. }
        | Spec::Validate { wrapped, .. } => source_range_in(wrapped, content, labels),
        Spec::Object(_) | Spec::Tuple(_) | Spec::Literal(_) => content.missing_item_range.clone(),
    }
}

fn first_block_range(content: &BodyContent, type_name: &str, nested: &Spec) -> Range {
    match content.blocks_of_type(type_name).next() {
        Some(block) => source_range(&block.body, &labels_of(block), nested),
        None => content.missing_item_range.clone(),
    }
}

pub(super) fn implied_type(spec: &Spec) -> Type {
    match spec {
        Spec::Object(children) => {
            Type::object(children.iter().map(|(k, c)| (k.as_str(), implied_type(c))))
        }
        Spec::Tuple(children) => Type::Tuple(children.iter().map(implied_type).collect()),
        Spec::Attr { ty, .. } => ty.clone(),
        Spec::Literal(v) => v.ty(),
        Spec::Expr(_) | Spec::BlockTuple(_) | Spec::BlockObject(_) => Type::Dynamic,
        Spec::Block { nested, .. } => implied_type(nested),
        Spec::BlockList(c) => Type::list(implied_type(&c.nested)),
        Spec::BlockSet(c) => Type::set(implied_type(&c.nested)),
        Spec::BlockMap(k) => {
            let mut ty = implied_type(&k.nested);
            for _ in &k.label_names {
                ty = Type::map(ty);
            }
            ty
        }
        Spec::BlockAttrs { element_type, .. } => Type::map(element_type.clone()),
        Spec::Label { .. } => Type::String,
        Spec::Default { primary, .. } => implied_type(primary),
        Spec::Transform {
            wrapped,
            expr,
            context,
            var_name,
        } => {
            // The type of the expression over an unknown wrapped value.
            let child = context
                .child()
                .with_variable(var_name.clone(), Value::unknown(implied_type(wrapped)));
            expr.value(&child).map_or(Type::Dynamic, |v| v.ty())
        }
        Spec::TransformFunc { function, .. } => function
            .call(&[Value::unknown(Type::Dynamic)])
            .map_or(Type::Dynamic, |v| v.ty()),
        Spec::Validate { wrapped, .. } => implied_type(wrapped),
    }
}

/// `hcldec.Variables`: the references of the attributes `spec` reads in
/// `body`, then, spec by spec, those of the blocks it reads.
pub(super) fn variables(body: &Body, spec: &Spec) -> Vec<Traversal> {
    let content = content_of(body, spec, true, &mut Diagnostics::new());
    let mut out = Vec::new();
    visit_same_body(spec, &mut |s| variables_needed(s, &content, &mut out));
    out
}

fn variables_needed(spec: &Spec, content: &BodyContent, out: &mut Vec<Traversal>) {
    let blocks_of = |type_name: &str, nested: &Spec, out: &mut Vec<Traversal>| {
        for block in content.blocks_of_type(type_name) {
            out.extend(variables(&block.body, nested));
        }
    };
    match spec {
        Spec::Attr { name, .. } => {
            if let Some(attr) = content.attributes.get(name) {
                out.extend(attr.expr.variables());
            }
        }
        Spec::Expr(expr) => out.extend(expr.variables()),
        Spec::Block {
            type_name, nested, ..
        } => blocks_of(type_name, nested, out),
        Spec::BlockList(c) | Spec::BlockSet(c) | Spec::BlockTuple(c) => {
            blocks_of(&c.type_name, &c.nested, out);
        }
        Spec::BlockMap(k) | Spec::BlockObject(k) => blocks_of(&k.type_name, &k.nested, out),
        Spec::BlockAttrs { type_name, .. } => {
            if let Some(block) = content.blocks_of_type(type_name).next() {
                if let Ok(attrs) = block.body.just_attributes() {
                    let mut vars: Vec<Traversal> =
                        attrs.values().flat_map(|a| a.expr.variables()).collect();
                    vars.sort_by_key(|t| t.range().start.byte);
                    out.extend(vars);
                }
            }
        }
        _ => {}
    }
}
