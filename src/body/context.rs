//! What surrounds an offset of a parsed file, named as HCL names it on a
//! diagnostic's location line (", in ..."): for the native syntax the
//! header of the top-level block holding it (`resource "aws_instance"
//! "web"`), for the JSON syntax the path of properties and array indexes
//! down to the innermost object or array holding it (`service.http[1]`).
//! These are HCL's `hclsyntax` and `json` navigation
//! (<https://github.com/hashicorp/hcl/blob/main/json/navigation.go>).

use std::fmt::Write as _;
use std::sync::Arc;

use crate::diag::Source;
use crate::json::{FileData, NodeId, NodeKind};
use crate::native::Item;

use super::NativeFile;

/// A JSON file as a diagnostic source that names the path around an
/// offset.
pub(super) fn json_source(data: &Arc<FileData>) -> Source {
    let handle = Arc::clone(data);
    Source::new(Arc::clone(&data.source)).with_context(move |offset| json_context(&handle, offset))
}

/// A native file (or what its parse recovered) as a diagnostic source
/// that names the block around an offset.
pub(super) fn native_source(file: &Arc<NativeFile>) -> Source {
    let handle = Arc::clone(file);
    Source::new(Arc::clone(&file.source))
        .with_context(move |offset| native_context(&handle, offset))
}

/// The JSON path to `offset`: `.name` for each property and `[i]` for
/// each array element whose value is an object or array holding it (the
/// leading `.` dropped), `None` at the top level.
///
/// A container's properties and elements are in source order, so the one
/// holding the offset is found by binary search: a path costs its depth
/// times a logarithm, however wide the objects.
pub(super) fn json_context(data: &FileData, offset: usize) -> Option<String> {
    let mut path = String::new();
    let mut id = data.root;
    loop {
        let holds = |child: NodeId| {
            let node = data.node(child);
            (node.start as usize) <= offset && offset < node.end as usize
        };
        let is_container = |child: NodeId| {
            matches!(
                data.kind(child),
                NodeKind::Object { .. } | NodeKind::Array { .. }
            )
        };
        // The first child that ends after `offset` is the only one that
        // can hold it.
        let next = match data.kind(id) {
            NodeKind::Object { first, len } => {
                let props = data.properties(first, len);
                let i = props.partition_point(|p| data.node(p.value).end as usize <= offset);
                props
                    .get(i)
                    .filter(|p| is_container(p.value) && holds(p.value))
                    .map(|p| {
                        let name = data.str(p.name()).unwrap_or_default();
                        let _ = write!(path, ".{name}");
                        p.value
                    })
            }
            NodeKind::Array { first, len } => {
                let elems = data.elements(first, len);
                let i = elems.partition_point(|&e| data.node(e).end as usize <= offset);
                elems
                    .get(i)
                    .filter(|&&e| is_container(e) && holds(e))
                    .map(|&e| {
                        let _ = write!(path, "[{i}]");
                        e
                    })
            }
            _ => None,
        };
        match next {
            Some(child) => id = child,
            None => break,
        }
    }
    let path = path.strip_prefix('.').unwrap_or(&path);
    (!path.is_empty()).then(|| path.to_string())
}

/// The header of the top-level block of a native file holding `offset`:
/// its type and its labels quoted, `None` outside every block.
pub(super) fn native_context(file: &NativeFile, offset: usize) -> Option<String> {
    let src = file.source.text();
    // (A file that failed to parse may have no root body.)
    let root = file.tree.bodies.get(file.tree.root as usize)?;
    // Items are in source order: the first that ends after `offset`.
    let i = root.items.partition_point(|item| match item {
        Item::Attribute(a) => (a.span.end as usize) <= offset,
        Item::Block(b) => (b.close.end as usize) <= offset,
    });
    let Some(Item::Block(block)) = root.items.get(i) else {
        return None;
    };
    if (block.type_name.span.start as usize) > offset {
        return None;
    }
    let mut header = block.type_name.text(src).to_string();
    for label in &block.labels {
        let _ = write!(header, " {:?}", label.text(src));
    }
    Some(header)
}
