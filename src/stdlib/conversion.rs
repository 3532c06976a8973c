//! Type conversion functions: `tobool`, `tolist`, `tomap`, `tonumber`,
//! `toset`, `tostring`.
//!
//! Each converts its argument with the information model's conversions
//! (unsafe ones included, as Terraform's do); a null stays null (of the
//! target type) and an unknown stays unknown. `tolist`, `tomap` and
//! `toset` find their element type as Terraform does (go-cty's
//! unification): `tolist([[1], [1, 2]])` is a `list(list(number))`, and
//! `tolist([{a = 1}, {a = 1, b = 2}])` a `list(map(number))`.
//!
//! As in Terraform, they see their argument's marks: each element keeps
//! its own through the conversion (`tolist([sensitive("a"), "b"])` has one
//! sensitive element, not a sensitive list), except in a set, which takes
//! its elements' marks.

use super::Def;
use crate::eval::{Function, FunctionError, Param};
use crate::value::{try_convert, unify_unsafe, Type, Value};

/// The conversion functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("tobool", to("Converts a value to a bool.", Type::Bool)),
        (
            "tolist",
            to("Converts a value to a list.", Type::list(Type::Dynamic)),
        ),
        (
            "tomap",
            to("Converts a value to a map.", Type::map(Type::Dynamic)),
        ),
        (
            "tonumber",
            to("Converts a value to a number.", Type::Number),
        ),
        (
            "toset",
            to("Converts a value to a set.", Type::set(Type::Dynamic)),
        ),
        (
            "tostring",
            to("Converts a value to a string.", Type::String),
        ),
    ]
}

fn to(description: &'static str, target: Type) -> Function {
    let ret = target.clone();
    Def::new(description)
        .param_with(
            Param::new("v", Type::Dynamic)
                .describe("The value to convert.")
                .allow_null()
                .allow_unknown()
                .allow_marked(),
        )
        .returns_with(move |args| {
            if !ret.has_dynamic() {
                return Ok(ret.clone());
            }
            // `list(any)` and friends: the element type comes from the value.
            if ret.matches(&args[0].ty()) {
                return Ok(args[0].ty());
            }
            if let Some(t) = unknown_target(&args[0].ty(), &ret) {
                return Ok(t);
            }
            Ok(args[0]
                .convert_unsafe(&ret)
                .map_or(Type::Dynamic, |v| v.ty()))
        })
        .build(move |args| convert_to(&args[0], &target))
}

/// `v` converted to `target`, its marks kept.
fn convert_to(v: &Value, target: &Type) -> Result<Value, FunctionError> {
    if let Value::Marked(m) = v {
        return Ok(convert_to(m.value(), target)?.mark(m.marks()));
    }
    // A value whose type already matches (an empty list(string) for
    // tolist) keeps its type instead of being re-unified.
    if target.matches(&v.ty()) {
        return Ok(v.clone());
    }
    if let Value::Unknown(ty) = v {
        if let Some(t) = unknown_target(ty, target) {
            return Ok(Value::unknown(t));
        }
    }
    try_convert(v, target, true).map_err(|why| {
        FunctionError::arg(
            0,
            format!(
                "cannot convert {} to {}: {why}.",
                v.ty().friendly_name(),
                target.friendly_name()
            ),
        )
    })
}

/// The collection type an unknown structural value of type `ty` converts
/// to for `target` (`list(any)`, `set(any)` or `map(any)`): the element
/// type unifies the tuple's element types or the object's attribute types.
fn unknown_target(ty: &Type, target: &Type) -> Option<Type> {
    let elems: Vec<Type> = match (target, ty) {
        (Type::List(_) | Type::Set(_), Type::Tuple(ts)) => ts.to_vec(),
        (Type::Map(_), Type::Object(attrs)) => attrs.values().cloned().collect(),
        _ => return None,
    };
    let elem = unify_unsafe(&elems)?;
    Some(match target {
        Type::List(_) => Type::list(elem),
        Type::Set(_) => Type::set(elem),
        _ => Type::map(elem),
    })
}
