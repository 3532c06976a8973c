//! The set functions: `setintersection`, `setproduct`, `setsubtract`,
//! `setunion`; membership goes through a sorted `Membership`.

use super::sequence;
use crate::eval::{Function, FunctionError, Param};
use crate::stdlib::{
    coerce, convert_arg, elem_type, make_list, make_set, reserve, Def, MAX_ELEMENTS,
};
use crate::value::{limits, unify_unsafe, Membership, Type, Value};

/// The unified element type of set arguments.
fn sets_type(args: &[Value]) -> Result<Type, FunctionError> {
    let mut elems = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        elems.push(elem_type(&coerce(a, &Type::set(Type::Dynamic), i)?.ty()));
    }
    unify_unsafe(&elems)
        .map(Type::set)
        .ok_or_else(|| FunctionError::new("the given sets must all have compatible element types."))
}

/// The arguments as vectors of elements of the unified type.
fn set_elements(args: &[Value]) -> Result<(Type, Vec<Vec<Value>>), FunctionError> {
    let set_ty = sets_type(args)?;
    let mut out = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        let v = convert_arg(a, &set_ty, i)?;
        out.push(v.as_elements().map(<[Value]>::to_vec).unwrap_or_default());
    }
    Ok((elem_type(&set_ty), out))
}

fn set_fn(
    description: &'static str,
    first: (&str, &str),
    rest: Param,
    combine: fn(Vec<Vec<Value>>) -> Vec<Value>,
) -> Function {
    Def::new(description)
        .param(first.0, Type::Dynamic, first.1)
        .variadic(rest)
        .returns_with(sets_type)
        .build(move |args| {
            let (ty, sets) = set_elements(args)?;
            make_set(ty, combine(sets))
        })
}

pub(super) fn setintersection() -> Function {
    set_fn(
        "Returns the elements that all the given sets have in common.",
        ("first_set", "The first set."),
        Param::new("other_sets", Type::Dynamic).describe("The other sets."),
        |mut sets| {
            let mut acc = sets.remove(0);
            for s in &sets {
                let s = Membership::new(s);
                acc.retain(|v| s.contains(v));
            }
            acc
        },
    )
}

pub(super) fn setunion() -> Function {
    set_fn(
        "Returns the elements that are in any of the given sets.",
        ("first_set", "The first set."),
        Param::new("other_sets", Type::Dynamic).describe("The other sets."),
        |sets| sets.into_iter().flatten().collect(),
    )
}

pub(super) fn setsubtract() -> Function {
    Def::new("Returns the elements of the first set that are not in the second.")
        .param("a", Type::Dynamic, "The set to subtract from.")
        .param("b", Type::Dynamic, "The set of elements to remove.")
        .returns_with(sets_type)
        .build(|args| {
            let (ty, mut sets) = set_elements(args)?;
            let b = sets.pop().unwrap_or_default();
            let mut a = sets.pop().unwrap_or_default();
            let b = Membership::new(&b);
            a.retain(|v| !b.contains(v));
            make_set(ty, a)
        })
}

/// The element type of one `setproduct` argument.
fn product_elem_type(v: &Value, i: usize) -> Result<Type, FunctionError> {
    match v.ty() {
        Type::List(t) | Type::Set(t) => Ok(*t),
        // An empty tuple (`[]`) has no element type to agree with: the
        // product is empty whatever the others hold (go-cty's rule).
        Type::Tuple(ts) if ts.is_empty() => Ok(Type::Dynamic),
        Type::Tuple(ts) => unify_unsafe(&ts).ok_or_else(|| {
            FunctionError::arg(i, "all elements of a tuple argument must have one type.")
        }),
        Type::Dynamic => Ok(Type::Dynamic),
        other => Err(FunctionError::arg(
            i,
            format!(
                "a list, set or tuple is required, not {}.",
                other.friendly_name_with_article()
            ),
        )),
    }
}

fn setproduct_type(args: &[Value]) -> Result<Type, FunctionError> {
    let elems = args
        .iter()
        .enumerate()
        .map(|(i, a)| product_elem_type(a, i))
        .collect::<Result<Vec<_>, _>>()?;
    // go-cty's rule: a list when no argument is a set (the order of the
    // arguments is kept), a set as soon as one is.
    let any_set = args.iter().any(|a| matches!(a.ty(), Type::Set(_)));
    let tuple = Type::tuple(elems);
    Ok(if any_set {
        Type::set(tuple)
    } else {
        Type::list(tuple)
    })
}

pub(super) fn setproduct() -> Function {
    Def::new("Returns every combination of one element from each given collection (the Cartesian product).")
        .variadic(
            Param::new("sets", Type::Dynamic)
                .describe("Two or more lists, sets or tuples."),
        )
        .element_marks()
        .returns_with(setproduct_type)
        .build(|args| {
            if args.len() < 2 {
                return Err(FunctionError::new("at least two arguments are required."));
            }
            let ty = setproduct_type(args)?;
            let Type::Tuple(elem_tys) = elem_type(&ty) else {
                return Err(FunctionError::new("setproduct: unexpected result type."));
            };
            let mut columns: Vec<Vec<Value>> = Vec::with_capacity(args.len());
            let mut total: usize = 1;
            for (i, a) in args.iter().enumerate() {
                let items = sequence(a, i, "a list, set or tuple")?;
                total = total.saturating_mul(items.len());
                let col = items
                    .iter()
                    .map(|v| convert_arg(v, &elem_tys[i], i))
                    .collect::<Result<Vec<_>, _>>()?;
                columns.push(col);
            }
            let values = total.saturating_mul(args.len());
            if values > MAX_ELEMENTS {
                // The limit is on values, so the message counts values.
                return Err(FunctionError::new(format!(
                    "the product would have {total} combinations of {} values, {values} values in all, more than the limit of {MAX_ELEMENTS}.",
                    args.len()
                )));
            }
            // Each element is copied into every combination it is part of
            // (total / its column's length of them).
            let mut size = total as u128 * u128::from(limits::VALUE_BYTES);
            for col in &columns {
                let col_bytes: u128 = col.iter().map(|v| u128::from(limits::weight(v).0)).sum();
                size += col_bytes * (total / col.len().max(1)) as u128;
            }
            reserve(size)?;
            let mut rows: Vec<Vec<Value>> = vec![Vec::new()];
            for col in &columns {
                let mut next = Vec::with_capacity(rows.len() * col.len());
                for row in &rows {
                    for v in col {
                        let mut r = row.clone();
                        r.push(v.clone());
                        next.push(r);
                    }
                }
                rows = next;
            }
            let tuples = rows.into_iter().map(|row| Value::Tuple(row.into()));
            let tuple_ty = Type::Tuple(elem_tys);
            match ty {
                Type::Set(_) => make_set(tuple_ty, tuples),
                _ => make_list(tuple_ty, tuples),
            }
        })
}
