//! Terraform's sensitivity and ephemerality functions: `sensitive`,
//! `nonsensitive`, `issensitive` and `ephemeralasnull`, on the values'
//! [`Marks`].
//!
//! As in Terraform (`internal/lang/funcs/sensitive.go` and
//! `ephemeralasnull`), they see their argument's marks, where every other
//! function sees its arguments unmarked and marks its result:
//! `sensitive(v)` adds the sensitive mark to `v` itself, `nonsensitive(v)`
//! takes it off `v` itself (elements keep theirs; a value that is not
//! sensitive is returned as it is, without error, as Terraform's own tests
//! pin it), `issensitive(v)` says whether `v` itself is sensitive (an unknown
//! bool when it is not and is unknown, since it may become sensitive), and
//! `ephemeralasnull(v)` replaces every ephemeral part of `v`, however deep,
//! with a null of its type (an unknown stays unknown), keeping other marks.

use super::Def;
use crate::eval::{Function, Param};
use crate::value::{Elements, Entries, Marks, Type, Value};

/// The mark functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        (
            "ephemeralasnull",
            any_value(
                "Returns its argument with every ephemeral part replaced by a null of its type.",
            )
            .returns_with(|args| Ok(args[0].ty()))
            .build(|args| Ok(ephemeral_as_null(args[0].clone()))),
        ),
        (
            "issensitive",
            any_value("Returns whether a value is marked sensitive.")
                .returns(Type::Bool)
                .build(|args| {
                    Ok(if args[0].is_sensitive() {
                        Value::Bool(true)
                    } else if !args[0].is_known() {
                        Value::unknown(Type::Bool)
                    } else {
                        Value::Bool(false)
                    })
                }),
        ),
        (
            "nonsensitive",
            any_value("Returns its argument without the sensitive mark.")
                .returns_with(|args| Ok(args[0].ty()))
                .build(|args| {
                    let (v, marks) = args[0].clone().unmark();
                    Ok(v.mark(marks.without(Marks::SENSITIVE)))
                }),
        ),
        (
            "sensitive",
            any_value("Returns its argument marked sensitive.")
                .returns_with(|args| Ok(args[0].ty()))
                .build(|args| Ok(args[0].clone().mark(Marks::SENSITIVE))),
        ),
    ]
}

/// A function of one argument of any kind, marks included.
fn any_value(description: &'static str) -> Def {
    Def::new(description).param_with(
        Param::new("value", Type::Dynamic)
            .describe("Any value.")
            .allow_null()
            .allow_unknown()
            .allow_marked(),
    )
}

/// `v` with each ephemeral part (children first) a null of its type, or a
/// new unknown of its type when it is unknown, its other marks kept.
fn ephemeral_as_null(v: Value) -> Value {
    let (v, marks) = v.unmark();
    let v = match v {
        Value::List(t, items) => Value::List(t, each(items)),
        Value::Set(t, items) => Value::Set(t, each(items)),
        Value::Tuple(items) => Value::Tuple(each(items)),
        Value::Map(t, m) => Value::Map(t, each_entry(m)),
        Value::Object(m) => Value::Object(each_entry(m)),
        v => v,
    };
    if !marks.contains(Marks::EPHEMERAL) {
        return v.mark(marks);
    }
    let ty = v.ty();
    let v = if v.is_known() {
        Value::null(ty)
    } else {
        Value::unknown(ty)
    };
    v.mark(marks.without(Marks::EPHEMERAL))
}

fn each(items: Elements) -> Elements {
    items.into_iter().map(ephemeral_as_null).collect()
}

fn each_entry(m: Entries) -> Entries {
    m.into_iter()
        .map(|(k, v)| (k, ephemeral_as_null(v)))
        .collect()
}
