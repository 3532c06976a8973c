//! Type conversion functions: `tobool`, `tolist`, `tomap`, `tonumber`,
//! `toset`, `tostring`; and `list` and `map`, Terraform 0.11's literal
//! constructors, which Terraform keeps in its function table only to say
//! what replaced them.
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
//!
//! A conversion that fails is worded as Terraform's `MakeToFunc` words it
//! (an explicit conversion, not an implicit one): "cannot convert tuple to
//! string", `cannot convert "x" to number; given string must be a decimal
//! representation of a number`, and nothing of a sensitive value's text.

use super::Def;
use crate::eval::{Function, FunctionError, Param};
use crate::value::{
    constraint_name, try_convert, type_mismatch, type_name, unify_unsafe, Marks, MissingAttribute,
    Type, Value,
};

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
        (
            "list",
            removed(
                "The `list` function is no longer available. Prior to Terraform v0.12 it was the only available syntax for writing a literal list inside an expression, but Terraform v0.12 introduced a new first-class syntax.",
                "the \"list\" function was deprecated in Terraform v0.12 and is no longer available; use tolist([ ... ]) syntax to write a literal list",
            ),
        ),
        (
            "map",
            removed(
                "The `map` function is no longer available. Prior to Terraform v0.12 it was the only available syntax for writing a literal map inside an expression, but Terraform v0.12 introduced a new first-class syntax.",
                "the \"map\" function was deprecated in Terraform v0.12 and is no longer available; use tomap({ ... }) syntax to write a literal map",
            ),
        ),
    ]
}

/// A function that every call fails with `message`, whatever its
/// arguments (unknown ones too), as Terraform's `list` and `map` do: the
/// call is then HCL's "Error in function call" with Terraform's advice,
/// not "Call to unknown function".
fn removed(description: &'static str, message: &'static str) -> Function {
    Def::new(description)
        .variadic(
            Param::new("vals", Type::Dynamic)
                .describe("Any values: the call fails whatever they are.")
                .allow_null()
                .allow_unknown()
                .allow_marked(),
        )
        .returns_with(move |_| Err(FunctionError::new(message)))
        .build(move |_| Err(FunctionError::new(message)))
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
        .build(move |args| {
            convert_to(&args[0], &target)
                .ok_or_else(|| FunctionError::arg(0, conversion_failure(&args[0], &target)))
        })
}

/// `v` converted to `target`, its marks kept; `None` when it does not
/// convert.
fn convert_to(v: &Value, target: &Type) -> Option<Value> {
    if let Value::Marked(m) = v {
        return Some(convert_to(m.value(), target)?.mark(m.marks()));
    }
    // A value whose type already matches (an empty list(string) for
    // tolist) keeps its type instead of being re-unified.
    if target.matches(&v.ty()) {
        return Some(v.clone());
    }
    if let Value::Unknown(ty) = v {
        if let Some(t) = unknown_target(ty, target) {
            return Some(Value::unknown(t));
        }
    }
    try_convert(v, target, true).ok()
}

/// Why `v` does not convert to `target`, in the words of Terraform's
/// `MakeToFunc`: the types first (no conversion between them at all),
/// then a sensitive value (its text not shown), then the strings that are
/// not a bool or a number.
#[cold]
fn conversion_failure(v: &Value, target: &Type) -> String {
    let got = v.ty();
    let cannot = || {
        format!(
            "cannot convert {} to {}",
            type_name(&got),
            constraint_name(target)
        )
    };
    if let Some(mismatch) = type_mismatch(&got, target, MissingAttribute::Refused) {
        return match (&got, target) {
            (Type::Tuple(_), Type::Tuple(_)) => {
                format!("incompatible tuple type for conversion: {mismatch}")
            }
            (Type::Object(_), Type::Object(_)) => {
                format!("incompatible object type for conversion: {mismatch}")
            }
            _ => cannot(),
        };
    }
    if v.marks_deep().contains(Marks::SENSITIVE) {
        return format!(
            "cannot convert this sensitive {} to {}",
            type_name(&got),
            constraint_name(target)
        );
    }
    match (v.unmarked(), target) {
        (Value::String(s), Type::Bool) => format!(
            "cannot convert {:?} to bool; only the strings \"true\" or \"false\" are allowed",
            s.as_str()
        ),
        (Value::String(s), Type::Number) => format!(
            "cannot convert {:?} to number; given string must be a decimal representation of a number",
            s.as_str()
        ),
        _ => cannot(),
    }
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
