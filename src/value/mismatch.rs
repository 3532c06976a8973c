//! Why no conversion exists from one type to another, in the words of
//! go-cty's `MismatchMessage` (v1.16.3 and later, what Terraform and
//! OpenTofu report): "number required, but have bool", "attribute \"a\" is
//! required", "element 1: string required, but have tuple".
//!
//! go-cty words a conversion that cannot exist for the types alone this
//! way, as one message (here its leading "attribute \"a\": " and
//! "element 1: " steps are the error's path); a conversion that exists and
//! fails on a value keeps the conversion's own message ("a number is
//! required" for the string `"x"`). The value layer
//! ([`try_convert`](super::try_convert)) and `hcldec` specs both ask
//! [`type_mismatch`]: the first with the information model's objects (a
//! missing attribute is a null), the second with go-cty's (a missing
//! attribute has no conversion).

use std::fmt::Write as _;

use super::conversion_error::{ConversionError, PathStep};
use super::types::Type;
use super::unify::{conversion, MissingAttribute, Safety};

/// go-cty's message when no conversion from `got` to `want` exists under
/// `missing`'s rule for objects, `None` when one does.
pub(crate) fn type_mismatch(got: &Type, want: &Type, missing: MissingAttribute) -> Option<String> {
    type_mismatch_error(got, want, missing).map(|e| e.to_string())
}

/// [`type_mismatch`] as a conversion error: go-cty's leading `attribute
/// "a": ` and `element 0: ` are its path, the rest its message.
pub(crate) fn type_mismatch_error(
    got: &Type,
    want: &Type,
    missing: MissingAttribute,
) -> Option<ConversionError> {
    conversion(got, want, missing)
        .is_none()
        .then(|| mismatch(got, want, missing))
}

/// go-cty's `MismatchMessage`: why `got` does not conform to `want`.
#[cfg(test)]
fn mismatch_message(got: &Type, want: &Type, missing: MissingAttribute) -> String {
    mismatch(got, want, missing).to_string()
}

/// go-cty's `MismatchMessage`, its leading steps as a path.
fn mismatch(got: &Type, want: &Type, missing: MissingAttribute) -> ConversionError {
    use Type::{Dynamic, List, Map, Object, Set, Tuple};
    let message = match (got, want) {
        (Object(_), Object(_)) => return objects(got, want, missing),
        (Tuple(_), List(e)) if **e == Dynamic => "all list elements must have the same type".into(),
        (Tuple(_), Set(e)) if **e == Dynamic => "all set elements must have the same type".into(),
        (Object(_), Map(e)) if **e == Dynamic => "all map elements must have the same type".into(),
        (Tuple(_) | Object(_), _) if want.is_collection() => {
            return from_structural(got, want, missing)
        }
        _ if got.is_collection() && want.is_collection() => from_collection(got, want, missing),
        _ if !likely_to_confuse(got, want) => format!(
            "{} required, but have {}",
            name(want, Mode::Type),
            name(got, Mode::Type)
        ),
        _ => required(want),
    };
    bare(message)
}

/// A message at the value itself.
fn bare(message: String) -> ConversionError {
    ConversionError::new(&[], message)
}

/// `inner`, one step further in.
fn within(step: PathStep, mut inner: ConversionError) -> ConversionError {
    inner.path.insert(0, step);
    inner
}

/// How a type is named: go-cty's `FriendlyName` (`Type`) or
/// `FriendlyNameForConstraint` (`Constraint`), which differ for the
/// dynamic type ("dynamic", "any type").
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Type,
    Constraint,
}

/// go-cty's `FriendlyName` of `t` ("dynamic" for the dynamic type).
pub(crate) fn type_name(t: &Type) -> String {
    name(t, Mode::Type)
}

/// go-cty's `FriendlyNameForConstraint` of `t` ("any type", "list of any
/// single type").
pub(crate) fn constraint_name(t: &Type) -> String {
    name(t, Mode::Constraint)
}

fn name(t: &Type, mode: Mode) -> String {
    let collection = |kind: &str, elem: &Type| match (mode, elem) {
        (Mode::Constraint, Type::Dynamic) => format!("{kind} of any single type"),
        _ => format!("{kind} of {}", name(elem, mode)),
    };
    match t {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(e) => collection("list", e),
        Type::Set(e) => collection("set", e),
        Type::Map(e) => collection("map", e),
        Type::Object(_) => "object".into(),
        Type::Tuple(_) => "tuple".into(),
        Type::Dynamic if mode == Mode::Constraint => "any type".into(),
        Type::Dynamic => "dynamic".into(),
    }
}

fn required(want: &Type) -> String {
    format!("{} required", name(want, Mode::Constraint))
}

/// Two object types: the attributes `want` has and `got` lacks (unless
/// `missing` makes them nulls), else the first attribute with no
/// conversion, else the first with no safe one.
fn objects(got: &Type, want: &Type, missing: MissingAttribute) -> ConversionError {
    let (Type::Object(got), Type::Object(want)) = (got, want) else {
        return bare(required(want));
    };
    let mut absent: Vec<&str> = Vec::new();
    let mut no_conversion = None;
    let mut unsafe_only = None;
    for (attr, w) in want.iter() {
        let Some(g) = got.get(attr) else {
            if missing == MissingAttribute::Refused {
                absent.push(attr.as_str());
            }
            continue;
        };
        if g == w || no_conversion.is_some() {
            continue;
        }
        let message = || within(PathStep::Attr(attr.clone()), mismatch(g, w, missing));
        match conversion(g, w, missing) {
            None => no_conversion = Some(message()),
            Some(Safety::Unsafe) if unsafe_only.is_none() => unsafe_only = Some(message()),
            Some(_) => {}
        }
    }
    // (`want`'s names come sorted.)
    if !absent.is_empty() {
        return bare(attributes_required(&absent));
    }
    no_conversion
        .or(unsafe_only)
        .unwrap_or_else(|| bare("incorrect object attributes".into()))
}

/// go-cty's words for the attributes `names` (sorted, at least one) that
/// an object lacks: `attribute "a" is required`, `attributes "a" and "b"
/// are required`, `attributes "a", "b", and "c" are required`.
pub(crate) fn attributes_required(names: &[&str]) -> String {
    match names {
        [one] => format!("attribute {one:?} is required"),
        [a, b] => format!("attributes {a:?} and {b:?} are required"),
        [init @ .., last] => {
            let list = init.iter().fold(String::new(), |mut list, n| {
                let _ = write!(list, "{n:?}, ");
                list
            });
            format!("attributes {list}and {last:?} are required")
        }
        [] => String::new(),
    }
}

/// A tuple or an object for a collection type: the kinds, else the first
/// element with no conversion to the collection's element type.
fn from_structural(got: &Type, want: &Type, missing: MissingAttribute) -> ConversionError {
    let ((Type::Tuple(_), Type::List(elem) | Type::Set(elem)) | (Type::Object(_), Type::Map(elem))) =
        (got, want)
    else {
        return bare(required(want));
    };
    let element = |step: PathStep, g: &Type| {
        (g != &**elem && conversion(g, elem, missing).is_none())
            .then(|| within(step, mismatch(g, elem, missing)))
    };
    let found = match got {
        Type::Tuple(gs) => gs
            .iter()
            .enumerate()
            .find_map(|(i, g)| element(PathStep::Index(i), g)),
        Type::Object(ga) => ga
            .iter()
            .find_map(|(k, g)| element(PathStep::Key(k.clone()), g)),
        _ => None,
    };
    found.unwrap_or_else(|| {
        bare(format!(
            "all elements must be {}",
            name(elem, Mode::Constraint)
        ))
    })
}

/// Two collection types: the kinds, else their element types.
fn from_collection(got: &Type, want: &Type, missing: MissingAttribute) -> String {
    use Type::{List, Map, Set};
    let (g, w, noun) = match (got, want) {
        (List(g) | Set(g), List(w)) => (g, w, "list element type"),
        (List(g) | Set(g), Set(w)) => (g, w, "set element type"),
        (Map(g), Map(w)) => (g, w, "map element type"),
        _ => return required(want),
    };
    format!("incorrect {noun}: {}", mismatch(g, w, missing))
}

/// go-cty's `typesAreLikelyToCauseConfusion`: whether naming both types
/// would mislead (a string that is not a number is a wrong value, not a
/// wrong type), so that only the one required is named.
fn likely_to_confuse(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() || *want == Type::String {
        return false;
    }
    if matches!(
        (got, want),
        (Type::Number, Type::Bool) | (Type::Bool, Type::Number)
    ) {
        return false;
    }
    if let (Some(g), Some(w)) = (collection_element(got), collection_element(want)) {
        if !g.has_dynamic() && w.has_dynamic() {
            return false;
        }
    }
    // (go-cty's rule names a tuple for an object only: its reverse test
    // compares the source type with itself.)
    !matches!((got, want), (Type::Tuple(_), Type::Object(_)))
}

fn collection_element(t: &Type) -> Option<&Type> {
    match t {
        Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
        _ => None,
    }
}

#[cfg(test)]
#[path = "mismatch_tests.rs"]
mod tests;
