//! The collection functions that build a list or tuple out of lists and
//! tuples: reshaping (`chunklist`, `concat`, `flatten`, `reverse`,
//! `slice`), filtering (`compact`, `distinct`, `matchkeys`), `range` and
//! `sort`.

use crate::eval::{Function, FunctionError, Param};
use crate::stdlib::{
    coerce, convert_arg, elem_type, int_arg, make_list, max_depth, num_arg, number_error, Def,
    MAX_RANGE,
};
use crate::value::{type_name, unify_unsafe, Elements, Marks, Membership, Number, Type, Value};

/// Argument 0 as a list (any element type), kept as is when it is one.
fn any_list(v: &Value) -> Result<Value, FunctionError> {
    coerce(v, &Type::list(Type::Dynamic), 0)
}

pub(super) fn chunklist() -> Function {
    Def::new("Splits a list into fixed-size chunks, returning a list of lists.")
        .param("list", Type::Dynamic, "The list to split.")
        .element_marks()
        .param(
            "size",
            Type::Number,
            "The most elements per chunk; 0 gives the whole list as one chunk.",
        )
        .returns_with(|args| Ok(Type::list(any_list(&args[0])?.ty())))
        .build(|args| {
            let list = any_list(&args[0])?;
            let Value::List(ty, items) = &list else {
                return Err(FunctionError::arg(0, "a list is required."));
            };
            // go-cty reports the size's problems as failures of the call.
            let size = int_arg(args, 1)
                .map_err(|e| FunctionError::new(format!("invalid size: {}", e.message)))?;
            if size < 0 {
                return Err(FunctionError::new(
                    "the size argument must not be negative.",
                ));
            }
            let list_ty = Type::list(ty.clone());
            if items.is_empty() {
                return make_list(list_ty, Vec::new());
            }
            if size == 0 {
                return make_list(list_ty, vec![list.clone()]);
            }
            let chunks = items
                .chunks(usize::try_from(size).unwrap_or(usize::MAX))
                .map(|c| Value::List(ty.clone(), c.iter().cloned().collect()));
            make_list(list_ty, chunks)
        })
}

pub(super) fn compact() -> Function {
    Def::new("Removes null and empty-string elements from a list of strings.")
        .param("list", Type::list(Type::String), "The list of strings.")
        .returns(Type::list(Type::String))
        .build(|args| {
            let kept = args[0]
                .iter()
                .filter(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                .cloned();
            make_list(Type::String, kept)
        })
}

/// The result type of `concat`: a list when any argument is a list, of the
/// unified element type; otherwise a tuple of all the elements' types.
/// go-cty's `concat` type: a list when every argument is a list and
/// their types unify, otherwise a tuple of every argument's element types
/// (so a tuple argument such as `[]` makes the result a tuple).
fn concat_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::new("at least one argument is required."));
    }
    if args.iter().all(|a| matches!(a.ty(), Type::List(_))) {
        let types: Vec<Type> = args.iter().map(Value::ty).collect();
        if let Some(t) = unify_unsafe(&types) {
            return Ok(t);
        }
    }
    let mut elems: Vec<Type> = Vec::new();
    for (i, a) in args.iter().enumerate() {
        match a.ty() {
            Type::Tuple(ts) => elems.extend(ts),
            // The tuple type needs the list's length.
            Type::List(_) if !a.is_known() => return Ok(Type::Dynamic),
            Type::List(t) => elems.extend(std::iter::repeat_n(*t, a.len().unwrap_or(0))),
            Type::Dynamic => return Ok(Type::Dynamic),
            other => {
                return Err(FunctionError::arg(
                    i,
                    format!(
                        "all arguments must be lists or tuples; got {}.",
                        type_name(&other)
                    ),
                ))
            }
        }
    }
    Ok(Type::tuple(elems))
}

pub(super) fn concat() -> Function {
    Def::new("Combines lists and tuples into one sequence, in order.")
        .variadic(
            Param::new("seqs", Type::Dynamic)
                .describe("The lists or tuples to concatenate.")
                .allow_unknown(),
        )
        .element_marks()
        .returns_with(concat_type)
        .build(|args| {
            let ty = concat_type(args)?;
            if args.iter().any(|a| !a.is_known()) {
                return Ok(Value::unknown(ty));
            }
            let items: Elements = args.iter().flat_map(|a| a.iter().cloned()).collect();
            match ty {
                Type::List(t) => make_list(*t, items),
                _ => Ok(Value::Tuple(items)),
            }
        })
}

pub(super) fn distinct() -> Function {
    Def::new("Removes duplicate elements from a list, keeping the first of each.")
        .param("list", Type::Dynamic, "The list.")
        .returns_with(|args| Ok(any_list(&args[0])?.ty()))
        .build(|args| {
            let list = any_list(&args[0])?;
            let Value::List(ty, items) = &list else {
                return Err(FunctionError::arg(0, "a list is required."));
            };
            Ok(Value::List(
                ty.clone(),
                Membership::first_of_each(items).into(),
            ))
        })
}

pub(super) fn flatten() -> Function {
    Def::new("Replaces nested lists, tuples and sets with their elements, recursively, giving a flat tuple.")
        .param("list", Type::Dynamic, "The list, tuple or set to flatten.")
        .element_marks()
        .returns(Type::Dynamic)
        .build(|args| {
            // A plain error in go-cty: a failure of the call.
            if !matches!(
                args[0],
                Value::List(..) | Value::Set(..) | Value::Tuple(_)
            ) {
                return Err(FunctionError::new(
                    "can only flatten lists, sets and tuples.",
                ));
            }
            let mut out = Elements::new();
            let mut marks = Marks::NONE;
            flatten_into(&args[0], 0, &mut out, &mut marks)?;
            Ok(Value::Tuple(out).mark(marks))
        })
}

/// Appends the leaves of `v` to `out`, each with its own marks; the marks
/// of the sequences flattened away go into `marks`, for the result (as in
/// go-cty's `flatten`).
fn flatten_into(
    v: &Value,
    depth: usize,
    out: &mut Elements,
    marks: &mut Marks,
) -> Result<(), FunctionError> {
    if depth > max_depth() {
        return Err(FunctionError::arg(
            0,
            format!(
                "the lists are nested more than {} levels deep.",
                max_depth()
            ),
        ));
    }
    match v.unmarked() {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            *marks |= v.marks();
            for item in items {
                flatten_into(item, depth + 1, out, marks)?;
            }
        }
        _ => out.push(v.clone()),
    }
    Ok(())
}

pub(super) fn matchkeys() -> Function {
    Def::new("Returns the elements of a list whose corresponding keys are in a search set.")
        .param(
            "values",
            Type::Dynamic,
            "The list of values to choose from.",
        )
        .param("keys", Type::Dynamic, "The list of keys, one per value.")
        .param("searchset", Type::Dynamic, "The list of keys to keep.")
        .returns_with(|args| Ok(any_list(&args[0])?.ty()))
        .build(|args| {
            let values = any_list(&args[0])?;
            let keys = coerce(&args[1], &Type::list(Type::Dynamic), 1)?;
            let search = coerce(&args[2], &Type::list(Type::Dynamic), 2)?;
            let (keys_ty, search_ty) = (keys.ty(), search.ty());
            let (Value::List(ty, vals), Some(keys), Some(search)) =
                (&values, keys.as_elements(), search.as_elements())
            else {
                return Err(FunctionError::new("matchkeys requires lists."));
            };
            if vals.len() != keys.len() {
                return Err(FunctionError::arg(
                    1,
                    "the length of keys and values should be equal.",
                ));
            }
            let key_ty =
                unify_unsafe(&[elem_type(&keys_ty), elem_type(&search_ty)]).ok_or_else(|| {
                    FunctionError::arg(2, "keys and searchset must be of the same type.")
                })?;
            let search: Vec<Value> = search
                .iter()
                .map(|s| convert_arg(s, &key_ty, 2))
                .collect::<Result<_, _>>()?;
            let search = Membership::new(&search);
            let mut out = Elements::new();
            for (k, v) in keys.iter().zip(vals) {
                if search.contains(&convert_arg(k, &key_ty, 1)?) {
                    out.push(v.clone());
                }
            }
            Ok(Value::List(ty.clone(), out))
        })
}

pub(super) fn range() -> Function {
    Def::new("Generates a list of numbers from a start (default 0) up to but not including a limit, by a step.")
        .variadic(
            Param::new("params", Type::Number)
                .describe("limit; or start and limit; or start, limit and step."),
        )
        .returns(Type::list(Type::Number))
        .build(|args| {
            let one = Number::ONE;
            let (start, limit, step) = match args.len() {
                1 => {
                    // A negative limit counts down, as in go-cty.
                    let limit = num_arg(args, 0)?.clone();
                    let step = if limit.is_negative() { -one } else { one };
                    (Number::ZERO, limit, step)
                }
                2 | 3 => {
                    let start = num_arg(args, 0)?.clone();
                    let limit = num_arg(args, 1)?.clone();
                    let step = match args.get(2) {
                        Some(_) => num_arg(args, 2)?.clone(),
                        None if limit < start => -one,
                        None => one,
                    };
                    (start, limit, step)
                }
                _ => {
                    return Err(FunctionError::new(
                        "range requires one, two or three arguments.",
                    ))
                }
            };
            let last = args.len().saturating_sub(1);
            if step.is_zero() {
                return Err(FunctionError::arg(last, "step must not be zero."));
            }
            let down = step.is_negative();
            if down && start < limit {
                return Err(FunctionError::arg(1, "limit must be less than start when step is negative."));
            }
            if !down && limit < start {
                return Err(FunctionError::arg(1, "limit must be greater than start when step is positive."));
            }
            let mut out = Vec::new();
            let mut n = start;
            while if down { n > limit } else { n < limit } {
                if out.len() >= MAX_RANGE {
                    return Err(FunctionError::new(format!(
                        "more than {MAX_RANGE} values were generated; either decrease the difference between start and limit or use a larger step."
                    )));
                }
                let next = n.checked_add(&step).map_err(number_error)?;
                out.push(Value::Number(n));
                n = next;
            }
            make_list(Type::Number, out)
        })
}

pub(super) fn reverse() -> Function {
    Def::new("Reverses the order of the elements of a list, tuple or set.")
        .param_with(
            Param::new("list", Type::Dynamic)
                .describe(
                    "The list, tuple or set (a set gives a list of its elements, last first).",
                )
                .allow_unknown(),
        )
        .element_marks()
        .returns_with(|args| reversed_type(&args[0].ty()))
        .build(|args| match &args[0] {
            Value::Unknown(t) => Ok(Value::unknown(reversed_type(t)?)),
            // As in go-cty, a set is accepted as it would convert to a
            // list: its elements in the set's order, reversed.
            Value::List(t, items) | Value::Set(t, items) => Ok(Value::List(
                t.clone(),
                items.iter().rev().cloned().collect(),
            )),
            Value::Tuple(items) => Ok(Value::Tuple(items.iter().rev().cloned().collect())),
            other => Err(reverse_error(&other.ty())),
        })
}

/// What `reverse` returns for an argument of type `ty`.
fn reversed_type(ty: &Type) -> Result<Type, FunctionError> {
    match ty {
        Type::Tuple(ts) => Ok(Type::Tuple(ts.iter().rev().cloned().collect())),
        Type::List(t) | Type::Set(t) => Ok(Type::List(t.clone())),
        Type::Dynamic => Ok(Type::Dynamic),
        other => Err(reverse_error(other)),
    }
}

fn reverse_error(ty: &Type) -> FunctionError {
    FunctionError::arg(
        0,
        format!(
            "can only reverse list or tuple values, not {}.",
            type_name(ty)
        ),
    )
}

pub(super) fn slice() -> Function {
    Def::new("Returns the elements of a list or tuple from a start index up to but not including an end index.")
        .param_with(
            Param::new("list", Type::Dynamic)
                .describe("The list or tuple.")
                .allow_unknown(),
        )
        .element_marks()
        .param("start_index", Type::Number, "The first index to include.")
        .param("end_index", Type::Number, "The first index to exclude.")
        .returns_with(|args| {
            Ok(match args[0].ty() {
                Type::Tuple(ts) => match (
                    args[1].as_number().and_then(Number::to_u64),
                    args[2].as_number().and_then(Number::to_u64),
                ) {
                    (Some(s), Some(e)) if s <= e && e as usize <= ts.len() => {
                        Type::tuple(ts[s as usize..e as usize].iter().cloned())
                    }
                    _ => Type::Dynamic,
                },
                ty => ty,
            })
        })
        .build(|args| {
            let start = int_arg(args, 1)?;
            let end = int_arg(args, 2)?;
            if start < 0 {
                return Err(FunctionError::arg(1, "start index must not be less than zero."));
            }
            if end < start {
                return Err(FunctionError::arg(2, "end index must not be less than start index."));
            }
            let (s, e) = (start as usize, end as usize);
            match &args[0] {
                Value::Unknown(t) => Ok(Value::unknown(match t {
                    Type::Tuple(ts) if e <= ts.len() => Type::tuple(ts[s..e].iter().cloned()),
                    Type::Tuple(_) => Type::Dynamic,
                    t => t.clone(),
                })),
                Value::List(_, items) | Value::Tuple(items) => {
                    if e > items.len() {
                        return Err(FunctionError::arg(
                            2,
                            "end index must not be greater than the length of the list.",
                        ));
                    }
                    Ok(match &args[0] {
                        Value::List(t, _) => Value::List(t.clone(), items[s..e].iter().cloned().collect()),
                        _ => Value::Tuple(items[s..e].iter().cloned().collect()),
                    })
                }
                other => Err(FunctionError::arg(
                    0,
                    format!("a list or tuple is required, not {}.", other.ty().friendly_name_with_article()),
                )),
            }
        })
}

pub(super) fn sort() -> Function {
    Def::new("Sorts a list of strings lexicographically.")
        .param("list", Type::list(Type::String), "The list of strings.")
        .returns(Type::list(Type::String))
        .build(|args| {
            let mut items: Vec<&str> = Vec::new();
            for (i, v) in args[0].iter().enumerate() {
                // A plain error in go-cty: a failure of the call.
                items.push(v.as_str().ok_or_else(|| {
                    FunctionError::new(format!(
                        "given list element {i} is null; a null string cannot be sorted."
                    ))
                })?);
            }
            items.sort_unstable();
            make_list(Type::String, items.into_iter().map(Value::from))
        })
}
