//! Collection functions: `alltrue`, `anytrue`, `chunklist`, `coalesce`,
//! `coalescelist`, `compact`, `concat`, `contains`, `distinct`, `element`,
//! `flatten`, `index`, `keys`, `length`, `lookup`, `matchkeys`, `merge`,
//! `one`, `range`, `reverse`, `setintersection`, `setproduct`,
//! `setsubtract`, `setunion`, `slice`, `sort`, `sum`, `transpose`,
//! `values`, `zipmap`, and go-cty's `hasindex` (outside Terraform's set);
//! this file lists them and holds the helpers the families share.
//!
//! Maps and objects keep insertion order in this crate, but Terraform's
//! `keys`, `values` and `transpose` list keys in lexicographic order, so
//! those functions sort.
//!
//! No function compares every element with every other: membership tests
//! (`distinct`, `matchkeys`, `setintersection`, `setsubtract`) go through
//! a sorted [`Membership`](crate::value::Membership), so 100 000 elements
//! cost `O(n log n)`.

mod lists;
mod maps;
mod queries;
mod sets;

pub(super) use queries::hasindex;

use crate::eval::{Function, FunctionError};
use crate::value::Value;

/// The collection functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("alltrue", queries::alltrue()),
        ("anytrue", queries::anytrue()),
        ("chunklist", lists::chunklist()),
        ("coalesce", queries::coalesce()),
        ("coalescelist", queries::coalescelist()),
        ("compact", lists::compact()),
        ("concat", lists::concat()),
        ("contains", queries::contains()),
        ("distinct", lists::distinct()),
        ("element", queries::element()),
        ("flatten", lists::flatten()),
        ("index", queries::index()),
        ("keys", maps::keys()),
        ("length", queries::length()),
        ("lookup", maps::lookup()),
        ("matchkeys", lists::matchkeys()),
        ("merge", maps::merge()),
        ("one", queries::one()),
        ("range", lists::range()),
        ("reverse", lists::reverse()),
        ("setintersection", sets::setintersection()),
        ("setproduct", sets::setproduct()),
        ("setsubtract", sets::setsubtract()),
        ("setunion", sets::setunion()),
        ("slice", lists::slice()),
        ("sort", lists::sort()),
        ("sum", queries::sum()),
        ("transpose", maps::transpose()),
        ("values", maps::values()),
        ("zipmap", maps::zipmap()),
    ]
}

/// The elements of a list, set or tuple argument.
fn sequence<'a>(v: &'a Value, i: usize, what: &str) -> Result<&'a [Value], FunctionError> {
    match v {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Ok(items),
        other => Err(FunctionError::arg(
            i,
            format!(
                "{what} is required, not {}.",
                other.ty().friendly_name_with_article()
            ),
        )),
    }
}
