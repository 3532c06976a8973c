use super::*;
use MissingAttribute::{Null, Refused};

fn object(attrs: &[(&str, Type)]) -> Type {
    Type::object(attrs.iter().map(|(k, t)| (*k, t.clone())))
}

/// go-cty's own table (`TestMismatchMessage`, cty/convert/mismatch_msg_test.go).
#[test]
fn go_cty_mismatch_messages() {
    let empty = object(&[]);
    let foo = object(&[("foo", Type::String)]);
    let three = object(&[
        ("foo", Type::String),
        ("bar", Type::String),
        ("baz", Type::String),
    ]);
    let cases: Vec<(Type, Type, &str)> = vec![
        (Type::Bool, Type::Number, "number required, but have bool"),
        (empty.clone(), foo.clone(), "attribute \"foo\" is required"),
        (
            empty.clone(),
            object(&[("foo", Type::String), ("bar", Type::String)]),
            "attributes \"bar\" and \"foo\" are required",
        ),
        (
            empty.clone(),
            three.clone(),
            "attributes \"bar\", \"baz\", and \"foo\" are required",
        ),
        (empty.clone(), Type::list(three), "list of object required"),
        (
            Type::list(Type::String),
            Type::list(foo.clone()),
            "incorrect list element type: object required, but have string",
        ),
        (
            Type::list(empty.clone()),
            Type::list(foo.clone()),
            "incorrect list element type: attribute \"foo\" is required",
        ),
        (
            Type::tuple([empty.clone()]),
            Type::list(foo.clone()),
            "element 0: attribute \"foo\" is required",
        ),
        (
            Type::list(empty.clone()),
            Type::set(foo.clone()),
            "incorrect set element type: attribute \"foo\" is required",
        ),
        (
            Type::tuple([empty.clone()]),
            Type::set(foo.clone()),
            "element 0: attribute \"foo\" is required",
        ),
        (
            Type::map(empty.clone()),
            Type::map(foo.clone()),
            "incorrect map element type: attribute \"foo\" is required",
        ),
        (
            object(&[("boop", empty.clone())]),
            Type::map(foo.clone()),
            "element \"boop\": attribute \"foo\" is required",
        ),
        (
            Type::tuple([empty.clone(), Type::tuple([])]),
            Type::list(Type::Dynamic),
            "all list elements must have the same type",
        ),
        (
            object(&[
                ("foo", Type::Bool),
                ("bar", Type::String),
                ("baz", object(&[("boop", Type::Number)])),
            ]),
            object(&[
                ("foo", Type::Bool),
                ("bar", Type::String),
                (
                    "baz",
                    object(&[("boop", Type::Number), ("beep", Type::Bool)]),
                ),
            ]),
            "attribute \"baz\": attribute \"beep\" is required",
        ),
    ];
    for (got, want, message) in cases {
        assert_eq!(
            mismatch_message(&got, &want, Refused),
            message,
            "{got} for {want}"
        );
        assert_eq!(
            type_mismatch(&got, &want, Refused).as_deref(),
            Some(message)
        );
    }
}

#[test]
fn both_types_are_named_unless_that_would_mislead() {
    let message = |got: &Type, want: &Type| mismatch_message(got, want, Refused);
    assert_eq!(
        message(&Type::tuple([]), &Type::String),
        "string required, but have tuple"
    );
    assert_eq!(
        message(&Type::String, &Type::list(Type::Dynamic)),
        "list of dynamic required, but have string"
    );
    assert_eq!(
        message(&Type::tuple([]), &object(&[])),
        "object required, but have tuple"
    );
    // A string that is not a number is a wrong value; go-cty's rule for a
    // tuple given for an object has no reverse, so an object given for a
    // tuple names only the tuple.
    assert_eq!(message(&Type::String, &Type::Number), "number required");
    assert_eq!(message(&object(&[]), &Type::tuple([])), "tuple required");
    assert_eq!(
        message(&Type::tuple([Type::Number]), &Type::tuple([])),
        "tuple required"
    );
}

#[test]
fn conversions_that_exist_have_no_mismatch() {
    assert_eq!(type_mismatch(&Type::String, &Type::Number, Refused), None);
    assert_eq!(
        type_mismatch(
            &Type::tuple([Type::Number, Type::String]),
            &Type::list(Type::Dynamic),
            Refused
        ),
        None
    );
    assert_eq!(
        type_mismatch(
            &Type::tuple([Type::Number, Type::Bool]),
            &Type::list(Type::Number),
            Refused
        )
        .as_deref(),
        Some("element 1: number required, but have bool")
    );
}

/// The value layer's objects take a missing attribute as a null: only an
/// attribute of another type is a mismatch.
#[test]
fn missing_attributes_as_nulls() {
    let want = object(&[("a", Type::Number), ("b", Type::String)]);
    assert_eq!(type_mismatch(&object(&[]), &want, Null), None);
    assert_eq!(
        type_mismatch(&object(&[("a", Type::Bool)]), &want, Null).as_deref(),
        Some("attribute \"a\": number required, but have bool")
    );
    assert_eq!(
        type_mismatch(&object(&[("a", Type::Bool)]), &want, Refused).as_deref(),
        Some("attribute \"b\" is required")
    );
}
