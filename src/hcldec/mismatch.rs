//! Type mismatches as `hcldec` words them.
//!
//! `hcldec` converts attribute values with cty's conversion, which refuses
//! some pairs of types outright (a bool for a number, an object lacking a
//! required attribute) and says so in its own words ("number required",
//! "attribute \"a\" is required"). This module decides, from the types
//! alone, whether cty would refuse, and phrases the refusal the same way;
//! failures that depend on the value ("a number is required" for the
//! string `"x"`) keep the value layer's message.

use crate::value::Type;
use std::fmt::Write as _;

/// cty's message when no conversion from `got` to `want` exists, `None`
/// when one does.
pub(super) fn type_mismatch(got: &Type, want: &Type) -> Option<String> {
    (!convertible(got, want)).then(|| message(got, want))
}

/// Whether cty has an (unsafe) conversion from `got` to `want`.
fn convertible(got: &Type, want: &Type) -> bool {
    use Type::{Bool, Dynamic, List, Map, Number, Object, Set, String, Tuple};
    if got == want || matches!(want, Dynamic) || matches!(got, Dynamic) {
        return true;
    }
    match (got, want) {
        (String, Number | Bool) | (Number | Bool, String) => true,
        (List(g) | Set(g), List(w) | Set(w)) => convertible(g, w),
        (Tuple(gs), List(w) | Set(w)) => gs.iter().all(|g| convertible(g, w)),
        (Map(g), Map(w)) => convertible(g, w),
        (Object(ga), Map(w)) => ga.values().all(|g| convertible(g, w)),
        (Object(ga), Object(wa)) => wa
            .iter()
            .all(|(k, w)| ga.get(k).is_some_and(|g| convertible(g, w))),
        (Map(g), Object(wa)) => wa.values().all(|w| convertible(g, w)),
        (Tuple(gs), Tuple(ws)) => {
            gs.len() == ws.len() && gs.iter().zip(ws).all(|(g, w)| convertible(g, w))
        }
        (List(_) | Set(_), Tuple(_)) => true,
        _ => false,
    }
}

/// cty's `FriendlyNameForConstraint`.
fn constraint_name(t: &Type) -> String {
    match t {
        Type::Dynamic => "any type".into(),
        other => other.friendly_name(),
    }
}

fn required(want: &Type) -> String {
    format!("{} required", constraint_name(want))
}

/// cty's `MismatchMessage`.
fn message(got: &Type, want: &Type) -> String {
    use Type::{Dynamic, List, Map, Object, Set, Tuple};
    match (got, want) {
        (Object(ga), Object(wa)) => {
            let mut missing: Vec<&std::string::String> =
                wa.keys().filter(|k| !ga.contains_key(*k)).collect();
            missing.sort();
            match missing.as_slice() {
                [] => {}
                [one] => return format!("attribute {one:?} is required"),
                [a, b] => return format!("attributes {a:?} and {b:?} are required"),
                [init @ .., last] => {
                    let list = init.iter().fold(std::string::String::new(), |mut s, n| {
                        let _ = write!(s, "{n:?}, ");
                        s
                    });
                    return format!("attributes {list}and {last:?} are required");
                }
            }
            for (name, w) in wa.iter() {
                let g = &ga[name];
                if !convertible(g, w) {
                    return format!("incorrect type for attribute {name:?}: {}", message(g, w));
                }
            }
            "object attributes are mismatched".into()
        }
        (Tuple(_), List(e)) if **e == Dynamic => "all list elements must have the same type".into(),
        (Tuple(_), Set(e)) if **e == Dynamic => "all set elements must have the same type".into(),
        (Object(_), Map(e)) if **e == Dynamic => {
            "all map element values must have the same type".into()
        }
        (Tuple(_) | Object(_), List(_) | Set(_) | Map(_)) => from_structural(got, want),
        (List(_) | Set(_) | Map(_), List(_) | Set(_) | Map(_)) => from_collection(got, want),
        _ => required(want),
    }
}

fn from_structural(got: &Type, want: &Type) -> String {
    use Type::{List, Map, Object, Set, Tuple};
    match (got, want) {
        (Tuple(gs), List(w) | Set(w)) => {
            for (i, g) in gs.iter().enumerate() {
                if !convertible(g, w) {
                    return format!("element {i}: {}", message(g, w));
                }
            }
            format!("all elements must be {}", constraint_name(w))
        }
        (Object(ga), Map(w)) => {
            for (name, g) in ga.iter() {
                if !convertible(g, w) {
                    return format!("element {name:?}: {}", message(g, w));
                }
            }
            format!("all map elements must be {}", constraint_name(w))
        }
        _ => required(want),
    }
}

fn from_collection(got: &Type, want: &Type) -> String {
    use Type::{List, Map, Set};
    let (g, w, noun) = match (got, want) {
        (List(g) | Set(g), List(w)) => (g, w, "list element type"),
        (List(g) | Set(g), Set(w)) => (g, w, "set element type"),
        (Map(g), Map(w)) => (g, w, "map element type"),
        _ => return required(want),
    };
    format!("incorrect {noun}: {}", message(g, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(attrs: &[(&str, Type)]) -> Type {
        Type::object(attrs.iter().map(|(k, t)| (*k, t.clone())))
    }

    #[test]
    fn primitive_kinds_without_conversion_say_what_is_required() {
        assert_eq!(
            type_mismatch(&Type::Bool, &Type::Number).as_deref(),
            Some("number required")
        );
        assert_eq!(type_mismatch(&Type::String, &Type::Number), None);
        assert_eq!(
            type_mismatch(&Type::String, &Type::list(Type::String)).as_deref(),
            Some("list of string required")
        );
    }

    #[test]
    fn objects_lacking_attributes_name_them_sorted() {
        let want = object(&[
            ("b", Type::String),
            ("a", Type::String),
            ("c", Type::Number),
        ]);
        assert_eq!(
            type_mismatch(&object(&[("c", Type::Number)]), &want).as_deref(),
            Some("attributes \"a\" and \"b\" are required")
        );
        assert_eq!(
            type_mismatch(&object(&[]), &want).as_deref(),
            Some("attributes \"a\", \"b\", and \"c\" are required")
        );
    }

    #[test]
    fn nested_mismatches_name_the_element() {
        let got = Type::tuple([Type::Number, Type::Bool]);
        assert_eq!(
            type_mismatch(&got, &Type::list(Type::Number)).as_deref(),
            Some("element 1: number required")
        );
        assert_eq!(
            type_mismatch(&Type::list(Type::Bool), &Type::set(Type::Number)).as_deref(),
            Some("incorrect set element type: number required")
        );
    }
}
