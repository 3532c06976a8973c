//! What surrounds an offset of a native file, named as HCL names it on a
//! diagnostic's location line (", in ..."): the header of the top-level
//! block holding it (`resource "aws_instance" "web"`), as `hclsyntax`'s
//! navigation does
//! (<https://github.com/hashicorp/hcl/blob/main/hclsyntax/navigation.go>).
//! The JSON syntax's names (`service.http[1]`) are its tree's, in
//! `json::navigation`.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::diag::Source;
use crate::native::Item;

use super::NativeFile;

/// A native file (or what its parse recovered) as a diagnostic source
/// that names the block around an offset.
pub(super) fn native_source(file: &Arc<NativeFile>) -> Source {
    let handle = Arc::clone(file);
    Source::new(Arc::clone(&file.source))
        .with_context(move |offset| native_context(&handle, offset))
}

/// The header of the top-level block of a native file holding `offset`:
/// its type and its labels quoted, `None` outside every block.
pub(super) fn native_context(file: &NativeFile, offset: usize) -> Option<String> {
    let src = file.source.text();
    // (A file that failed to parse may have no root body.)
    let root = file.tree.items(file.tree.root);
    // Items are in source order: the first that ends after `offset`.
    let i = root.partition_point(|item| match item {
        Item::Attribute(a) => (a.span.end as usize) <= offset,
        Item::Block(b) => (b.close.end as usize) <= offset,
    });
    let Some(Item::Block(block)) = root.get(i) else {
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
