//! Writing parsed source back: a [`File`](crate::body::File), a [`Body`] or an [`Expression`]
//! as the JSON it was, from the node tree (exact number text, every
//! duplicate key, source order). Strings are re-escaped from their decoded
//! text, so escapes may be spelled differently but mean the same.
//!
//! A native body is written as the JSON syntax spells the same content:
//! an attribute as a `"${...}"` string around its expression's text, a
//! block as nested objects keyed by its type and labels.

use super::writer::JsonWriter;
use crate::body::{Body, BodyItem, ExprKind, Expression, OriginRef};
use crate::diag::{Diagnostic, Error};
use crate::json::{FileData, NodeId, NodeKind};

/// Writes node `id` of `file` as JSON.
pub(crate) fn node(w: &mut JsonWriter, file: &FileData, id: NodeId) {
    match file.kind(id) {
        NodeKind::Null | NodeKind::Bool(_) | NodeKind::Number => w.raw(file.raw(id)),
        NodeKind::String => w.string(&file.str(id).unwrap_or_default()),
        NodeKind::Array { first, len } => {
            w.begin_array();
            for &element in file.elements(first, len) {
                w.element();
                node(w, file, element);
            }
            w.end_array();
        }
        NodeKind::Object { first, len } => {
            w.begin_object();
            for prop in file.properties(first, len) {
                w.key(&file.str(prop.name()).unwrap_or_default());
                node(w, file, prop.value);
            }
            w.end_object();
        }
    }
}

/// Writes an expression as its source: a JSON expression as its JSON, a
/// native one as the JSON string it came from (or `"${...}"` around its
/// text when it is only part of that string).
pub(crate) fn expression(w: &mut JsonWriter, expr: &Expression) {
    match &expr.kind {
        ExprKind::Json { file, node: id } => node(w, file, *id),
        ExprKind::Native(n) => {
            let text = expr.source_text();
            match n.origin.as_ref() {
                OriginRef::JsonString(file, string, whole) if whole.len() == text.len() => {
                    node(w, file, string);
                }
                _ => w.string(&format!("${{{text}}}")),
            }
        }
    }
}

/// Writes the properties of a body into the object being written: all of
/// them, or all but `"//"` when `skip_comments` (the struct holding the
/// rest writes its own comments).
///
/// A derived body (a module's files with override files applied) has no
/// text of its own: what it holds depends on the schema it is read with.
/// It is refused with a located error rather than written as nothing.
pub(crate) fn body_props(
    w: &mut JsonWriter,
    body: &Body,
    skip_comments: bool,
) -> Result<(), Error> {
    if let Some(json) = body.as_json() {
        for prop in json.visible_props() {
            let name = json.file.str(prop.name()).unwrap_or_default();
            if skip_comments && name == "//" {
                continue;
            }
            w.key(&name);
            node(w, json.file, prop.value);
        }
    } else if body.as_native().is_some() {
        for item in body.items() {
            native_item(w, &item)?;
        }
    } else if let Some(bodies) = body.as_merged() {
        for body in bodies {
            body_props(w, body, skip_comments)?;
        }
    } else {
        return Err(unwritable(body));
    }
    Ok(())
}

/// The error for a body that cannot be written back as it was.
#[cold]
fn unwritable(body: &Body) -> Error {
    Error::from(Diagnostic::error(
        "Body cannot be written back",
        "This body has override files applied to it; what it holds depends on the schema it is read with, so it has no text of its own to write. Decode it into a type that names its attributes and blocks, and write that instead.",
        Some(body.range()),
    ))
}

/// One item of a native body (from the schema-less walk), as JSON
/// properties: a block as one nested object per label.
fn native_item(w: &mut JsonWriter, item: &BodyItem) -> Result<(), Error> {
    match item {
        BodyItem::Attribute(attr) => {
            w.key(&attr.name);
            expression(w, &attr.expr);
        }
        BodyItem::Block(block) => {
            w.key(&block.type_name);
            for label in &block.labels {
                w.begin_object();
                w.key(label);
            }
            body(w, &block.body)?;
            for _ in &block.labels {
                w.end_object();
            }
        }
        // (Only a JSON body has properties; written as attributes.)
        BodyItem::Property(prop) => {
            w.key(&prop.name);
            expression(w, &prop.expr);
        }
    }
    Ok(())
}

/// Writes a whole body: its JSON as it was when nothing was taken from it
/// (arrays of objects stay arrays), else its remaining properties as one
/// object.
pub(crate) fn body(w: &mut JsonWriter, body: &Body) -> Result<(), Error> {
    match body.as_json() {
        Some(json) if !json.is_partial() => node(w, json.file, json.node()),
        _ => {
            w.begin_object();
            body_props(w, body, false)?;
            w.end_object();
        }
    }
    Ok(())
}
