//! The collection functions that answer one question about their
//! arguments: whether all or any is true, whether a value is there or an
//! index is valid, an element, a position, a length, a sum, and the first
//! non-empty argument (`coalesce`, `coalescelist`).

use unicode_segmentation::UnicodeSegmentation;

use super::sequence;
use crate::eval::{Function, FunctionError, Param};
use crate::stdlib::{convert_arg, int_arg, number_error, Def};
use crate::value::{unify_unsafe, Number, Type, Value};

pub(super) fn alltrue() -> Function {
    Def::new("Returns true if all elements of a list are true, or if the list is empty.")
        .param_with(
            Param::new("list", Type::list(Type::Bool))
                .describe("The list of bools to check.")
                .allow_unknown(),
        )
        .returns(Type::Bool)
        .build(|args| {
            if !args[0].is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            // Terraform's order: an unknown decides before a later false.
            for v in args[0].iter() {
                match v {
                    Value::Unknown(_) => return Ok(Value::unknown(Type::Bool)),
                    Value::Bool(true) => {}
                    _ => return Ok(Value::Bool(false)),
                }
            }
            Ok(Value::Bool(true))
        })
}

pub(super) fn anytrue() -> Function {
    Def::new("Returns true if any element of a list is true; false for an empty list.")
        .param_with(
            Param::new("list", Type::list(Type::Bool))
                .describe("The list of bools to check.")
                .allow_unknown(),
        )
        .returns(Type::Bool)
        .build(|args| {
            if !args[0].is_known() {
                return Ok(Value::unknown(Type::Bool));
            }
            let mut unknown = false;
            for v in args[0].iter() {
                match v {
                    Value::Bool(true) => return Ok(Value::Bool(true)),
                    Value::Unknown(_) => unknown = true,
                    _ => {}
                }
            }
            Ok(if unknown {
                Value::unknown(Type::Bool)
            } else {
                Value::Bool(false)
            })
        })
}

/// The arguments' types unified as Terraform's `coalesce` does (go-cty's
/// unsafe unification: `[]` and `[1]` as `list(number)`; number and bool
/// not at all).
fn coalesce_type(args: &[Value]) -> Result<Type, FunctionError> {
    let types: Vec<Type> = args.iter().map(Value::ty).collect();
    if types.is_empty() {
        return Ok(Type::Dynamic);
    }
    unify_unsafe(&types).ok_or_else(|| FunctionError::new("all arguments must have the same type."))
}

pub(super) fn coalesce() -> Function {
    Def::new("Returns the first argument that is not null and not an empty string.")
        .variadic(
            Param::new("vals", Type::Dynamic)
                .describe("The candidates, in order of preference.")
                .allow_null()
                .allow_unknown(),
        )
        .returns_with(coalesce_type)
        .build(|args| {
            let ty = coalesce_type(args)?;
            for (i, arg) in args.iter().enumerate() {
                let v = convert_arg(arg, &ty, i)?;
                match &v {
                    Value::Unknown(_) => return Ok(Value::unknown(ty)),
                    Value::Null(_) => {}
                    Value::String(s) if s.is_empty() => {}
                    _ => return Ok(v),
                }
            }
            Err(FunctionError::new(
                "no non-null, non-empty-string arguments.",
            ))
        })
}

pub(super) fn coalescelist() -> Function {
    Def::new("Returns the first argument that is a non-empty list or tuple.")
        .variadic(
            Param::new("vals", Type::Dynamic)
                .describe("Lists or tuples, in order of preference.")
                .allow_null()
                .allow_unknown(),
        )
        .returns_with(|args| {
            let first = args.first().map_or(Type::Dynamic, Value::ty);
            Ok(if args.iter().all(|a| a.ty() == first) {
                first
            } else {
                Type::Dynamic
            })
        })
        .build(|args| {
            let same = args.windows(2).all(|w| w[0].ty() == w[1].ty());
            for (i, arg) in args.iter().enumerate() {
                match arg {
                    Value::Unknown(t) => {
                        return Ok(Value::unknown(if same { t.clone() } else { Type::Dynamic }))
                    }
                    Value::Null(_) => {}
                    Value::List(_, items) | Value::Tuple(items) => {
                        if !items.is_empty() {
                            return Ok(arg.clone());
                        }
                    }
                    // A plain error in go-cty: a failure of the call.
                    other => {
                        return Err(FunctionError::new(format!(
                            "coalescelist arguments must be lists or tuples; argument {} is {}.",
                            i + 1,
                            other.ty().friendly_name_with_article()
                        )))
                    }
                }
            }
            Err(FunctionError::new("no non-null, non-empty list arguments."))
        })
}

pub(super) fn contains() -> Function {
    Def::new("Returns true if a list, tuple or set contains the given value.")
        .param("list", Type::Dynamic, "The list, tuple or set to search.")
        // go-cty 1.18+: null may be looked for (nulls are equal whatever
        // their types).
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("The value to look for.")
                .allow_null(),
        )
        .returns(Type::Bool)
        .build(|args| {
            // A plain error in go-cty: a failure of the call.
            let Some(items) = args[0].as_elements() else {
                return Err(FunctionError::new("argument must be list, tuple, or set."));
            };
            let wanted = &args[1];
            let found = if wanted.is_null() {
                items.iter().any(Value::is_null)
            } else {
                items.contains(wanted)
            };
            Ok(Value::Bool(found))
        })
}

pub(super) fn element() -> Function {
    Def::new("Returns the element at an index of a list or tuple, wrapping around past the end.")
        .param("list", Type::Dynamic, "The list or tuple.")
        .element_marks()
        .param(
            "index",
            Type::Number,
            "The index; past the end it wraps around, modulo the length.",
        )
        .returns_with(|args| {
            Ok(match args[0].ty() {
                Type::List(t) => *t,
                Type::Tuple(ts) => match args[1].as_number().and_then(Number::to_i64) {
                    Some(i) if !ts.is_empty() => ts[i.rem_euclid(ts.len() as i64) as usize].clone(),
                    _ => Type::Dynamic,
                },
                _ => Type::Dynamic,
            })
        })
        .build(|args| {
            // go-cty reports all of these as failures of the call.
            let items = match &args[0] {
                Value::List(_, items) | Value::Tuple(items) => items,
                other => {
                    return Err(FunctionError::new(format!(
                        "cannot read elements from {}.",
                        other.ty().friendly_name()
                    )))
                }
            };
            let i = int_arg(args, 1)
                .map_err(|e| FunctionError::new(format!("invalid index: {}", e.message)))?;
            // go-cty 1.15+: a negative index counts from the end (and wraps
            // around like a positive one).
            if items.is_empty() {
                return Err(FunctionError::new(
                    "cannot use element function with an empty list.",
                ));
            }
            Ok(items[i.rem_euclid(items.len() as i64) as usize].clone())
        })
}

pub(super) fn index() -> Function {
    Def::new("Returns the index of the first element of a list or tuple equal to a value.")
        .param("list", Type::Dynamic, "The list or tuple to search.")
        .param("value", Type::Dynamic, "The value to look for.")
        .returns(Type::Number)
        .build(|args| {
            let items = match &args[0] {
                Value::List(_, items) | Value::Tuple(items) => items,
                other => {
                    return Err(FunctionError::arg(
                        0,
                        format!(
                            "a list or tuple is required, not {}.",
                            other.ty().friendly_name_with_article()
                        ),
                    ))
                }
            };
            items
                .iter()
                .position(|v| *v == args[1])
                .map(Value::from)
                .ok_or_else(|| FunctionError::arg(1, "item not found."))
        })
}

pub(crate) fn hasindex() -> Function {
    Def::new("Whether a list, tuple or map can be indexed with a key without an error (go-cty's hasindex).")
        .param("collection", Type::Dynamic, "The list, tuple or map.")
        .param("key", Type::Dynamic, "The index or key.")
        .returns_with(|args| match args[0].ty() {
            Type::List(_) | Type::Tuple(_) | Type::Map(_) | Type::Dynamic => Ok(Type::Bool),
            _ => Err(FunctionError::new(
                "collection must be a list, a map or a tuple",
            )),
        })
        .build(|args| {
            // A key of the wrong type is no error, just not an index.
            Ok(Value::Bool(match (&args[0], &args[1]) {
                (Value::List(_, items) | Value::Tuple(items), Value::Number(n)) => n
                    .to_u64()
                    .is_some_and(|i| n.is_integer() && i < items.len() as u64),
                (Value::Map(_, entries), Value::String(k)) => entries.contains_key(k.as_str()),
                _ => false,
            }))
        })
}

pub(super) fn length() -> Function {
    Def::new("Returns the number of elements of a collection or structure, or of characters in a string.")
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("The string, list, set, map, tuple or object to measure.")
                .allow_unknown(),
        )
        .element_marks()
        .returns(Type::Number)
        .build(|args| {
            let v = &args[0];
            let n = match v {
                // The length of a structural type is in the type itself.
                Value::Unknown(Type::Tuple(ts)) => ts.len(),
                Value::Unknown(Type::Object(attrs)) => attrs.len(),
                Value::Unknown(_) => return Ok(Value::unknown(Type::Number)),
                Value::String(s) => s.graphemes(true).count(),
                // Unknown set elements may turn out equal to others, and
                // the set shrink; a lone element has no other to equal (as
                // in go-cty's `Value.Length`).
                Value::Set(_, items) if items.len() > 1 && !v.is_wholly_known() => {
                    return Ok(Value::unknown(Type::Number))
                }
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => items.len(),
                Value::Map(_, m) | Value::Object(m) => m.len(),
                // A plain error in go-cty: a failure of the call.
                other => {
                    return Err(FunctionError::new(format!(
                        "argument must be a string, a collection type, or a structural type, not {}.",
                        other.ty().friendly_name_with_article()
                    )))
                }
            };
            Ok(Value::from(n))
        })
}

pub(super) fn one() -> Function {
    Def::new("Returns the only element of a list, set or tuple with one element, or null when it has none.")
        .param_with(
            Param::new("list", Type::Dynamic)
                .describe("A list, set or tuple of zero or one elements.")
                .allow_unknown(),
        )
        .returns_with(|args| {
            Ok(match args[0].ty() {
                Type::List(t) | Type::Set(t) => *t,
                Type::Tuple(ts) if ts.len() == 1 => ts[0].clone(),
                _ => Type::Dynamic,
            })
        })
        .build(|args| {
            let v = &args[0];
            let ty = match v.ty() {
                Type::List(t) | Type::Set(t) => *t,
                Type::Tuple(ts) if ts.len() == 1 => ts[0].clone(),
                _ => Type::Dynamic,
            };
            if !v.is_known() || (matches!(v, Value::Set(..)) && !v.is_wholly_known()) {
                return Ok(Value::unknown(ty));
            }
            let items = sequence(v, 0, "a list, set or tuple")?;
            match items {
                [] => Ok(Value::null(ty)),
                [only] => Ok(only.clone()),
                _ => Err(FunctionError::arg(
                    0,
                    "must be a list, set, or tuple value with either zero or one elements.",
                )),
            }
        })
}

pub(super) fn sum() -> Function {
    Def::new("Returns the total of a list, set or tuple of numbers.")
        .param("list", Type::Dynamic, "The numbers to add up.")
        .returns(Type::Number)
        .build(|args| {
            let items = sequence(&args[0], 0, "a list, set or tuple of numbers")?;
            if items.is_empty() {
                return Err(FunctionError::arg(0, "cannot sum an empty list."));
            }
            let mut total = Number::ZERO;
            for (i, v) in items.iter().enumerate() {
                if v.is_null() {
                    return Err(FunctionError::arg(
                        0,
                        format!("element {i} is null; cannot sum null values."),
                    ));
                }
                let n = convert_arg(v, &Type::Number, 0)?;
                let n = n
                    .as_number()
                    .ok_or_else(|| FunctionError::arg(0, "a number is required."))?;
                total = total.checked_add(n).map_err(number_error)?;
            }
            Ok(Value::Number(total))
        })
}
