//! What surrounds an offset of a JSON file, named as HCL's JSON
//! navigation names it on a diagnostic's location line (", in ..."): the
//! path of properties and array indexes down to the innermost object or
//! array holding it (`service.http[1]`), as
//! <https://github.com/hashicorp/hcl/blob/main/json/navigation.go> does.

use std::fmt::Write as _;
use std::sync::Arc;

use super::{FileData, NodeId, NodeKind};
use crate::diag::Source;

/// A JSON file as a diagnostic source that names the path around an
/// offset.
pub(crate) fn path_source(data: &Arc<FileData>) -> Source {
    let handle = Arc::clone(data);
    Source::new(Arc::clone(&data.source)).with_context(move |offset| path_at(&handle, offset))
}

/// The JSON path to `offset`: `.name` for each property and `[i]` for
/// each array element whose value is an object or array holding it (the
/// leading `.` dropped), `None` at the top level.
///
/// A container's properties and elements are in source order, so the one
/// holding the offset is found by binary search: a path costs its depth
/// times a logarithm, however wide the objects.
pub(crate) fn path_at(data: &FileData, offset: usize) -> Option<String> {
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
