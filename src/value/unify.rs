//! Type unification: the most general type a list of types can all be
//! converted to, per the information model's lattice.

use std::collections::BTreeMap;

use super::convert::type_conversion;
use super::types::Type;

/// Unifies `types` per the information model:
///
/// - number and bool unify with string as string (and, transitively, with
///   each other as string);
/// - two collections of the same kind unify their element types; list and
///   set unify as list; map and object as object (each attribute unified
///   with the map's element type); list, set and tuple as tuple (each
///   element unified with the collection's element type);
/// - two objects unify as the union of their attributes, common ones
///   unified; two tuples of the same length element-wise;
/// - `Dynamic` unifies with anything as that thing, and is the result only
///   when every input is `Dynamic` (or there are no inputs).
///
/// `None` when no rule applies or when some input cannot be converted
/// (safely or not) to the selected type.
pub fn unify(types: &[Type]) -> Option<Type> {
    let mut acc = Type::Dynamic;
    for t in types {
        acc = join(&acc, t)?;
    }
    for t in types {
        type_conversion(t, &acc)?;
    }
    Some(acc)
}

fn join(a: &Type, b: &Type) -> Option<Type> {
    use Type::*;
    if a == b {
        return Some(a.clone());
    }
    Some(match (a, b) {
        (Dynamic, x) | (x, Dynamic) => x.clone(),
        (String, Number | Bool) | (Number | Bool, String) | (Number, Bool) | (Bool, Number) => {
            String
        }
        (List(x), List(y)) | (List(x), Set(y)) | (Set(x), List(y)) => List(Box::new(join(x, y)?)),
        (Set(x), Set(y)) => Set(Box::new(join(x, y)?)),
        (Map(x), Map(y)) => Map(Box::new(join(x, y)?)),
        (Map(x), Object(attrs)) | (Object(attrs), Map(x)) => Object(
            attrs
                .iter()
                .map(|(k, t)| Some((k.clone(), join(t, x)?)))
                .collect::<Option<BTreeMap<_, _>>>()?,
        ),
        (Object(x), Object(y)) => {
            let mut out = x.clone();
            for (k, ty) in y {
                let joined = match x.get(k) {
                    Some(tx) => join(tx, ty)?,
                    None => ty.clone(),
                };
                out.insert(k.clone(), joined);
            }
            Object(out)
        }
        (Tuple(ts), List(x) | Set(x)) | (List(x) | Set(x), Tuple(ts)) => {
            Tuple(ts.iter().map(|t| join(t, x)).collect::<Option<Vec<_>>>()?)
        }
        (Tuple(x), Tuple(y)) if x.len() == y.len() => Tuple(
            x.iter()
                .zip(y)
                .map(|(p, q)| join(p, q))
                .collect::<Option<Vec<_>>>()?,
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_types_unify_to_themselves() {
        assert_eq!(unify(&[Type::Number, Type::Number]), Some(Type::Number));
    }

    #[test]
    fn number_and_bool_unify_with_string_as_string() {
        assert_eq!(unify(&[Type::Number, Type::String]), Some(Type::String));
        assert_eq!(unify(&[Type::String, Type::Bool]), Some(Type::String));
    }

    #[test]
    fn number_and_bool_unify_transitively_as_string() {
        assert_eq!(unify(&[Type::Number, Type::Bool]), Some(Type::String));
    }

    #[test]
    fn collections_of_same_kind_unify_element_types() {
        assert_eq!(
            unify(&[Type::list(Type::Number), Type::list(Type::String)]),
            Some(Type::list(Type::String))
        );
        assert_eq!(
            unify(&[Type::map(Type::Bool), Type::map(Type::Bool)]),
            Some(Type::map(Type::Bool))
        );
        assert_eq!(
            unify(&[
                Type::list(Type::Number),
                Type::list(Type::list(Type::Number))
            ]),
            None
        );
    }

    #[test]
    fn list_and_set_unify_as_list() {
        assert_eq!(
            unify(&[Type::set(Type::String), Type::list(Type::Number)]),
            Some(Type::list(Type::String))
        );
    }

    #[test]
    fn map_and_object_unify_as_object() {
        let o = Type::object([("a", Type::Number)]);
        assert_eq!(
            unify(&[Type::map(Type::String), o]),
            Some(Type::object([("a", Type::String)]))
        );
    }

    #[test]
    fn list_set_and_tuple_unify_as_tuple() {
        let t = Type::tuple([Type::Number, Type::Bool]);
        assert_eq!(
            unify(&[Type::list(Type::String), t.clone()]),
            Some(Type::tuple([Type::String, Type::String]))
        );
        assert_eq!(
            unify(&[t, Type::set(Type::Bool)]),
            Some(Type::tuple([Type::String, Type::Bool]))
        );
    }

    #[test]
    fn dynamic_unifies_as_the_other_type() {
        assert_eq!(unify(&[Type::Dynamic, Type::Number]), Some(Type::Number));
        assert_eq!(unify(&[Type::Dynamic, Type::Dynamic]), Some(Type::Dynamic));
        assert_eq!(unify(&[]), Some(Type::Dynamic));
        assert_eq!(
            unify(&[Type::list(Type::Dynamic), Type::list(Type::Bool)]),
            Some(Type::list(Type::Bool))
        );
    }

    #[test]
    fn objects_unify_as_union_of_attributes() {
        let a = Type::object([("a", Type::Number), ("b", Type::Bool)]);
        let b = Type::object([("a", Type::String), ("c", Type::Number)]);
        assert_eq!(
            unify(&[a, b]),
            Some(Type::object([
                ("a", Type::String),
                ("b", Type::Bool),
                ("c", Type::Number)
            ]))
        );
    }

    #[test]
    fn tuples_unify_element_wise_only_with_same_length() {
        assert_eq!(
            unify(&[Type::tuple([Type::Number]), Type::tuple([Type::String])]),
            Some(Type::tuple([Type::String]))
        );
        assert_eq!(unify(&[Type::tuple([Type::Number]), Type::tuple([])]), None);
    }

    #[test]
    fn unrelated_types_do_not_unify() {
        assert_eq!(unify(&[Type::Number, Type::list(Type::Number)]), None);
        assert_eq!(
            unify(&[Type::map(Type::String), Type::list(Type::String)]),
            None
        );
    }
}
