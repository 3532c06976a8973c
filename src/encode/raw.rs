//! Writing parsed source back: a [`File`], a [`Body`] or an [`Expression`]
//! as the JSON it was, from the node tree (exact number text, every
//! duplicate key, source order). Strings are re-escaped from their decoded
//! text, so escapes may be spelled differently but mean the same.

use super::writer::JsonWriter;
use crate::json::{Body, ExprKind, Expression, FileData, NodeId, NodeKind};

/// Writes node `id` of `file` as JSON.
pub(crate) fn node(w: &mut JsonWriter, file: &FileData, id: NodeId) {
    match file.node(id).kind {
        NodeKind::Null | NodeKind::Bool(_) | NodeKind::Number => w.raw(file.raw(id)),
        NodeKind::String(text) => w.string(file.str_text(text)),
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
                w.key(file.str(prop.name).unwrap_or_default());
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
        ExprKind::Json(id) => node(w, &expr.file, *id),
        ExprKind::Native(n) => {
            let whole = expr.file.str(n.string).unwrap_or_default();
            let text = expr.source_text();
            if text.len() == whole.len() {
                node(w, &expr.file, n.string);
            } else {
                w.string(&format!("${{{text}}}"));
            }
        }
    }
}

/// Writes the properties of a body into the object being written: all of
/// them, or all but `"//"` when `skip_comments` (the struct holding the
/// rest writes its own comments).
pub(crate) fn body_props(w: &mut JsonWriter, body: &Body, skip_comments: bool) {
    for prop in body.visible_props() {
        let name = body.file.str(prop.name).unwrap_or_default();
        if skip_comments && name == "//" {
            continue;
        }
        w.key(name);
        node(w, &body.file, prop.value);
    }
}

/// Writes a whole body: its JSON as it was when nothing was taken from it
/// (arrays of objects stay arrays), else its remaining properties as one
/// object.
pub(crate) fn body(w: &mut JsonWriter, body: &Body) {
    if body.is_partial() {
        w.begin_object();
        body_props(w, body, false);
        w.end_object();
    } else {
        node(w, &body.file, body.node);
    }
}
