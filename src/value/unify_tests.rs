//! Unit tests of type unification.

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

#[test]
fn go_cty_unification_of_mixed_kinds_prefers_the_most_general() {
    let u = |ts: &[Type]| unify_unsafe(ts);
    assert_eq!(u(&[Type::Number, Type::String]), Some(Type::String));
    assert_eq!(u(&[Type::Number, Type::Bool]), None);
    assert_eq!(
        u(&[Type::set(Type::Number), Type::list(Type::String)]),
        Some(Type::list(Type::String))
    );
    assert_eq!(
        u(&[Type::Dynamic, Type::Number, Type::String]),
        Some(Type::String)
    );
    assert_eq!(
        u(&[Type::object([("a", Type::Number)]), Type::String]),
        None
    );
    assert_eq!(
        u(&[Type::map(Type::Number), Type::list(Type::Number)]),
        None
    );
}

#[test]
fn many_shapes_of_mixed_kinds_are_not_compared_pair_by_pair() {
    // 20 000 object shapes and a string: no kind takes both, so no
    // shape is a candidate. (Trying every shape against every type
    // took seconds at a fifth of this size in a release build, four
    // times as long per doubling.)
    let mut types: Vec<Type> = (0..20_000)
        .map(|i| Type::object([(format!("a{i}"), Type::Number)]))
        .collect();
    types.push(Type::String);
    assert_eq!(unify_unsafe(&types), None);
    // 2 000 tuple lengths and a set: all candidates, past the bound.
    let mut types: Vec<Type> = (0..2_000)
        .map(|i| Type::tuple(vec![Type::Number; i]))
        .collect();
    types.push(Type::set(Type::Number));
    assert_eq!(unify_unsafe(&types), None);
    // A few of them are tried, most general first.
    let mut types: Vec<Type> = (0..3).map(|i| Type::tuple(vec![Type::Number; i])).collect();
    types.push(Type::set(Type::Number));
    assert_eq!(unify_unsafe(&types), Some(Type::set(Type::Number)));
}

#[test]
fn type_level_safety_classification() {
    use Safety::*;
    assert_eq!(type_conversion(&Type::Number, &Type::String), Some(Safe));
    assert_eq!(type_conversion(&Type::String, &Type::Bool), Some(Unsafe));
    assert_eq!(type_conversion(&Type::Bool, &Type::Number), None);
    assert_eq!(
        type_conversion(&Type::set(Type::Number), &Type::list(Type::String)),
        Some(Safe)
    );
    assert_eq!(
        type_conversion(&Type::set(Type::String), &Type::list(Type::Number)),
        Some(Unsafe)
    );
    assert_eq!(
        type_conversion(&Type::list(Type::String), &Type::set(Type::String)),
        Some(Unsafe)
    );
    assert_eq!(
        type_conversion(
            &Type::map(Type::String),
            &Type::object([("a", Type::String)])
        ),
        Some(Unsafe)
    );
}
