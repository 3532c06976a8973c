//! Terraform's sensitivity and ephemerality functions: `sensitive`,
//! `nonsensitive`, `issensitive` and `ephemeralasnull`.
//!
//! This library's values carry no marks: sensitivity and ephemerality are
//! Terraform's bookkeeping around values, not part of HCL's information
//! model. So a configuration that uses these functions still evaluates,
//! with the values they are given: `sensitive(v)` and `nonsensitive(v)`
//! return `v`, `ephemeralasnull(v)` returns `v` (no value is ephemeral),
//! and `issensitive(v)` is `false`. Terraform's one error that depends on
//! marks (`nonsensitive` of a value that is not sensitive) cannot be told
//! apart here and is not raised.

use super::Def;
use crate::eval::{Function, Param};
use crate::value::{Type, Value};

/// The mark functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        (
            "ephemeralasnull",
            identity(
                "Returns its argument, with ephemeral values as null (no value is ephemeral here).",
            ),
        ),
        (
            "issensitive",
            Def::new(
                "Returns whether a value is marked sensitive (never, here: values carry no marks).",
            )
            .param_with(
                Param::new("value", Type::Dynamic)
                    .describe("Any value.")
                    .allow_null(),
            )
            .returns(Type::Bool)
            .build(|_| Ok(Value::Bool(false))),
        ),
        (
            "nonsensitive",
            identity("Returns its argument without a sensitive mark (values carry no marks here)."),
        ),
        (
            "sensitive",
            identity(
                "Returns its argument marked sensitive (values carry no marks here, so as it is).",
            ),
        ),
    ]
}

fn identity(description: &'static str) -> Function {
    Def::new(description)
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("Any value.")
                .allow_null()
                .allow_unknown(),
        )
        .returns_with(|args| Ok(args[0].ty()))
        .build(|args| Ok(args[0].clone()))
}
