//! Collection functions: `alltrue`, `anytrue`, `chunklist`, `coalesce`,
//! `coalescelist`, `compact`, `concat`, `contains`, `distinct`, `element`,
//! `flatten`, `index`, `keys`, `length`, `lookup`, `matchkeys`, `merge`,
//! `one`, `range`, `reverse`, `setintersection`, `setproduct`,
//! `setsubtract`, `setunion`, `slice`, `sort`, `sum`, `transpose`,
//! `values`, `zipmap`.
//!
//! Maps and objects keep insertion order in this crate, but Terraform's
//! `keys`, `values` and `transpose` list keys in lexicographic order, so
//! those functions sort.
//!
//! No function compares every element with every other: membership tests
//! (`distinct`, `matchkeys`, `setintersection`, `setsubtract`) go through
//! a sorted [`Membership`], so 100 000 elements cost `O(n log n)`.

use indexmap::IndexMap;
use unicode_segmentation::UnicodeSegmentation;

use super::{
    call_error, coerce, convert_arg, elem_type, int_arg, make_list, make_map, make_set, max_depth,
    num_arg, number_error, reserve, str_arg, Def, MAX_ELEMENTS, MAX_RANGE,
};
use crate::eval::{Function, FunctionError, Param};
use crate::value::{limits, unify_unsafe, Elements, Entries, Membership, Number, Str, Type, Value};

/// The collection functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("alltrue", alltrue()),
        ("anytrue", anytrue()),
        ("chunklist", chunklist()),
        ("coalesce", coalesce()),
        ("coalescelist", coalescelist()),
        ("compact", compact()),
        ("concat", concat()),
        ("contains", contains()),
        ("distinct", distinct()),
        ("element", element()),
        ("flatten", flatten()),
        ("hasindex", hasindex()),
        ("index", index()),
        ("keys", keys()),
        ("length", length()),
        ("lookup", lookup()),
        ("matchkeys", matchkeys()),
        ("merge", merge()),
        ("one", one()),
        ("range", range()),
        ("reverse", reverse()),
        ("setintersection", setintersection()),
        ("setproduct", setproduct()),
        ("setsubtract", setsubtract()),
        ("setunion", setunion()),
        ("slice", slice()),
        ("sort", sort()),
        ("sum", sum()),
        ("transpose", transpose()),
        ("values", values()),
        ("zipmap", zipmap()),
    ]
}

/// Argument 0 as a list (any element type), kept as is when it is one.
fn any_list(v: &Value) -> Result<Value, FunctionError> {
    coerce(v, &Type::list(Type::Dynamic), 0)
}

/// The elements of a list, set or tuple argument.
fn sequence<'a>(v: &'a Value, i: usize, what: &str) -> Result<&'a [Value], FunctionError> {
    match v {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Ok(items),
        other => Err(FunctionError::arg(
            i,
            format!(
                "{what} is required, not {}.",
                other.ty().friendly_name_with_article()
            ),
        )),
    }
}

fn alltrue() -> Function {
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

fn anytrue() -> Function {
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

fn chunklist() -> Function {
    Def::new("Splits a list into fixed-size chunks, returning a list of lists.")
        .param("list", Type::Dynamic, "The list to split.")
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

fn coalesce() -> Function {
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

fn coalescelist() -> Function {
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

fn compact() -> Function {
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
                        other.friendly_name_with_article()
                    ),
                ))
            }
        }
    }
    Ok(Type::tuple(elems))
}

fn concat() -> Function {
    Def::new("Combines lists and tuples into one sequence, in order.")
        .variadic(
            Param::new("seqs", Type::Dynamic)
                .describe("The lists or tuples to concatenate.")
                .allow_unknown(),
        )
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

fn contains() -> Function {
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
                return Err(FunctionError::new(format!(
                    "the list argument must be a list, tuple or set, not {}.",
                    args[0].ty().friendly_name_with_article()
                )));
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

fn distinct() -> Function {
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

fn element() -> Function {
    Def::new("Returns the element at an index of a list or tuple, wrapping around past the end.")
        .param("list", Type::Dynamic, "The list or tuple.")
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

fn flatten() -> Function {
    Def::new("Replaces nested lists, tuples and sets with their elements, recursively, giving a flat tuple.")
        .param("list", Type::Dynamic, "The list, tuple or set to flatten.")
        .returns(Type::Dynamic)
        .build(|args| {
            // A plain error in go-cty: a failure of the call.
            if !matches!(
                args[0],
                Value::List(..) | Value::Set(..) | Value::Tuple(_)
            ) {
                return Err(FunctionError::new(format!(
                    "can only flatten lists, sets and tuples, not {}.",
                    args[0].ty().friendly_name_with_article()
                )));
            }
            let mut out = Elements::new();
            flatten_into(&args[0], 0, &mut out)?;
            Ok(Value::Tuple(out))
        })
}

fn flatten_into(v: &Value, depth: usize, out: &mut Elements) -> Result<(), FunctionError> {
    if depth > max_depth() {
        return Err(FunctionError::arg(
            0,
            format!(
                "the lists are nested more than {} levels deep.",
                max_depth()
            ),
        ));
    }
    match v {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            for item in items {
                flatten_into(item, depth + 1, out)?;
            }
        }
        other => out.push(other.clone()),
    }
    Ok(())
}

fn index() -> Function {
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

/// The entries of a map or object, sorted by key.
fn sorted_entries(v: &Value) -> Vec<(&Str, &Value)> {
    let mut entries: Vec<(&Str, &Value)> = v
        .as_entries()
        .map(|m| m.iter().collect())
        .unwrap_or_default();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

fn map_or_object_type(ty: &Type, i: usize) -> Result<(), FunctionError> {
    match ty {
        Type::Map(_) | Type::Object(_) | Type::Dynamic => Ok(()),
        other => Err(FunctionError::arg(
            i,
            format!(
                "a map or object is required, not {}.",
                other.friendly_name_with_article()
            ),
        )),
    }
}

fn hasindex() -> Function {
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

fn keys() -> Function {
    Def::new(
        "Returns the keys of a map or the attribute names of an object, in lexicographic order.",
    )
    .param_with(
        Param::new("inputMap", Type::Dynamic)
            .describe("The map or object.")
            .allow_unknown(),
    )
    .returns_with(|args| {
        let ty = args[0].ty();
        map_or_object_type(&ty, 0)?;
        Ok(match ty {
            Type::Map(_) => Type::list(Type::String),
            Type::Object(attrs) => Type::tuple(vec![Type::String; attrs.len()]),
            _ => Type::Dynamic,
        })
    })
    .build(|args| {
        let keys: Elements = sorted_entries(&args[0])
            .into_iter()
            .map(|(k, _)| Value::String(k.clone()))
            .collect();
        match &args[0] {
            Value::Map(..) => make_list(Type::String, keys),
            Value::Object(_) => Ok(Value::Tuple(keys)),
            other => Ok(Value::unknown(match other.ty() {
                Type::Map(_) => Type::list(Type::String),
                Type::Object(a) => Type::tuple(vec![Type::String; a.len()]),
                _ => Type::Dynamic,
            })),
        }
    })
}

fn values() -> Function {
    Def::new("Returns the values of a map or object, in the lexicographic order of their keys.")
        .param_with(
            Param::new("mapping", Type::Dynamic)
                .describe("The map or object.")
                .allow_unknown(),
        )
        .returns_with(|args| {
            let ty = args[0].ty();
            // An argument error for `keys`, but a plain one (a failure of
            // the call) for go-cty's `values`.
            map_or_object_type(&ty, 0).map_err(call_error)?;
            Ok(match ty {
                Type::Map(t) => Type::List(t),
                // BTreeMap order is the lexicographic order of the keys.
                Type::Object(attrs) => Type::Tuple(attrs.into_values().collect()),
                _ => Type::Dynamic,
            })
        })
        .build(|args| {
            let vals: Elements = sorted_entries(&args[0])
                .into_iter()
                .map(|(_, v)| v.clone())
                .collect();
            match &args[0] {
                Value::Map(t, _) => make_list(t.clone(), vals),
                Value::Object(_) => Ok(Value::Tuple(vals)),
                other => Ok(Value::unknown(match other.ty() {
                    Type::Map(t) => Type::List(t),
                    Type::Object(attrs) => Type::Tuple(attrs.into_values().collect()),
                    _ => Type::Dynamic,
                })),
            }
        })
}

fn length() -> Function {
    Def::new("Returns the number of elements of a collection or structure, or of characters in a string.")
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("The string, list, set, map, tuple or object to measure.")
                .allow_unknown(),
        )
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

fn lookup() -> Function {
    Def::new("Returns the value of a key in a map or object, or a default when the key is missing.")
        .param_with(
            Param::new("inputMap", Type::Dynamic)
                .describe("The map or object.")
                .allow_unknown(),
        )
        .param("key", Type::String, "The key to look up.")
        .variadic(
            Param::new("default", Type::Dynamic)
                .describe("The value when the key is missing (at most one).")
                .allow_null()
                .allow_unknown(),
        )
        .returns(Type::Dynamic)
        .build(|args| {
            if args.len() > 3 {
                return Err(FunctionError::arg(
                    3,
                    "lookup takes at most three arguments.",
                ));
            }
            map_or_object_type(&args[0].ty(), 0)?;
            if !args[0].is_known() || !args[1].is_known() {
                return Ok(Value::dynamic());
            }
            let key = str_arg(args, 1)?;
            if let Some(v) = args[0].get_attr(key) {
                return Ok(v.clone());
            }
            match (args.get(2), &args[0]) {
                (Some(default), Value::Map(t, _)) => Ok(default
                    .convert_unsafe(t)
                    .unwrap_or_else(|_| default.clone())),
                (Some(default), _) => Ok(default.clone()),
                (None, _) => Err(FunctionError::arg(
                    1,
                    format!("lookup failed to find key {key:?}."),
                )),
            }
        })
}

fn matchkeys() -> Function {
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

fn merge() -> Function {
    Def::new("Merges maps or objects into one; later arguments win for keys they share.")
        .variadic(
            Param::new("maps", Type::Dynamic)
                .describe("The maps or objects to merge; nulls are skipped.")
                .allow_null()
                .allow_unknown(),
        )
        .returns_with(merge_type)
        .build(|args| {
            let ty = merge_type(args)?;
            if args.iter().any(|a| !a.is_known()) {
                return Ok(Value::unknown(ty));
            }
            let mut out = Entries::new();
            for a in args {
                if let Some(m) = a.as_entries() {
                    for (k, v) in m {
                        out.insert(k.clone(), v.clone());
                    }
                }
            }
            match ty {
                Type::Map(t) => make_map(*t, out),
                _ => Ok(Value::Object(out)),
            }
        })
}

/// A map when every non-null argument is a map of one element type,
/// otherwise an object (decided by the values); with no arguments the
/// empty object, as in go-cty.
fn merge_type(args: &[Value]) -> Result<Type, FunctionError> {
    if args.is_empty() {
        return Ok(Type::Object(Box::default()));
    }
    let mut map_elem: Option<Type> = None;
    let mut all_maps = true;
    for (i, a) in args.iter().enumerate() {
        match a.ty() {
            Type::Map(t) => match &map_elem {
                Some(e) if *e != *t => all_maps = false,
                _ => map_elem = Some(*t),
            },
            Type::Object(_) => all_maps = false,
            Type::Dynamic => return Ok(Type::Dynamic),
            // A plain error in go-cty: a failure of the call.
            other => {
                return Err(FunctionError::new(format!(
                    "arguments must be maps or objects; argument {} is {}.",
                    i + 1,
                    other.friendly_name_with_article()
                )))
            }
        }
    }
    if all_maps {
        return Ok(Type::map(map_elem.unwrap_or(Type::Dynamic)));
    }
    if args.iter().any(|a| !a.is_known()) {
        return Ok(Type::Dynamic);
    }
    let mut attrs = std::collections::BTreeMap::new();
    for a in args {
        if let Some(m) = a.as_entries() {
            for (k, v) in m {
                attrs.insert(k.to_string(), v.ty());
            }
        }
    }
    Ok(Type::Object(Box::new(attrs)))
}

fn one() -> Function {
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

fn range() -> Function {
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

fn reverse() -> Function {
    Def::new("Reverses the order of the elements of a list, tuple or set.")
        .param_with(
            Param::new("list", Type::Dynamic)
                .describe(
                    "The list, tuple or set (a set gives a list of its elements, last first).",
                )
                .allow_unknown(),
        )
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
            "can only reverse lists, tuples and sets, not {}.",
            ty.friendly_name_with_article()
        ),
    )
}

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

fn setintersection() -> Function {
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

fn setunion() -> Function {
    set_fn(
        "Returns the elements that are in any of the given sets.",
        ("first_set", "The first set."),
        Param::new("other_sets", Type::Dynamic).describe("The other sets."),
        |sets| sets.into_iter().flatten().collect(),
    )
}

fn setsubtract() -> Function {
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
    let all_sets = args.iter().all(|a| matches!(a.ty(), Type::Set(_)));
    let tuple = Type::tuple(elems);
    Ok(if all_sets {
        Type::set(tuple)
    } else {
        Type::list(tuple)
    })
}

fn setproduct() -> Function {
    Def::new("Returns every combination of one element from each given collection (the Cartesian product).")
        .variadic(
            Param::new("sets", Type::Dynamic)
                .describe("Two or more lists, sets or tuples."),
        )
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

fn slice() -> Function {
    Def::new("Returns the elements of a list or tuple from a start index up to but not including an end index.")
        .param_with(
            Param::new("list", Type::Dynamic)
                .describe("The list or tuple.")
                .allow_unknown(),
        )
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

fn sort() -> Function {
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

fn sum() -> Function {
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

fn transpose() -> Function {
    Def::new("Swaps the keys and values of a map of lists of strings.")
        .param(
            "values",
            Type::map(Type::list(Type::String)),
            "The map of lists of strings.",
        )
        .returns(Type::map(Type::list(Type::String)))
        .build(|args| {
            let mut out: IndexMap<Str, Elements> = IndexMap::new();
            for (k, list) in sorted_entries(&args[0]) {
                if list.is_null() {
                    return Err(FunctionError::arg(0, format!("element {k:?} is null.")));
                }
                for v in list.iter() {
                    let s = v.as_str().ok_or_else(|| {
                        FunctionError::arg(0, format!("element {k:?} contains a null value."))
                    })?;
                    out.entry(Str::from(s))
                        .or_default()
                        .push(Value::String(k.clone()));
                }
            }
            out.sort_keys();
            let entries = out
                .into_iter()
                .map(|(k, v)| (k, Value::List(Type::String, v)))
                .collect::<Vec<_>>();
            make_map(Type::list(Type::String), entries)
        })
}

fn zipmap() -> Function {
    Def::new("Builds a map from a list of keys and a list (or tuple) of corresponding values.")
        .param("keys", Type::list(Type::String), "The keys.")
        .param_with(
            Param::new("values", Type::Dynamic)
                .describe("The values, a list or tuple as long as the keys.")
                .allow_unknown(),
        )
        .returns_with(|args| {
            Ok(match args[1].ty() {
                Type::List(t) => Type::Map(t),
                Type::Tuple(ts) => match args[0].as_elements() {
                    Some(keys)
                        if keys.len() == ts.len() && keys.iter().all(|k| k.as_str().is_some()) =>
                    {
                        Type::object(keys.iter().filter_map(Value::as_str).zip(ts))
                    }
                    _ => Type::Dynamic,
                },
                Type::Dynamic => Type::Dynamic,
                // go-cty reports zipmap's problems as failures of the call.
                other => {
                    return Err(FunctionError::new(format!(
                        "values argument must be a list or tuple value, not {}.",
                        other.friendly_name_with_article()
                    )))
                }
            })
        })
        .build(|args| {
            let keys = args[0].as_elements().unwrap_or_default();
            let values = match &args[1] {
                Value::Unknown(Type::List(t)) => return Ok(Value::unknown(Type::Map(t.clone()))),
                Value::Unknown(_) => return Ok(Value::dynamic()),
                Value::List(_, items) | Value::Tuple(items) => items,
                other => {
                    return Err(FunctionError::new(format!(
                        "values argument must be a list or tuple value, not {}.",
                        other.ty().friendly_name_with_article()
                    )))
                }
            };
            if keys.len() != values.len() {
                return Err(FunctionError::new(format!(
                    "number of keys ({}) does not match number of values ({}).",
                    keys.len(),
                    values.len()
                )));
            }
            let mut entries = Entries::new();
            for (i, (k, v)) in keys.iter().zip(values).enumerate() {
                let k = k.as_str().ok_or_else(|| {
                    FunctionError::new(format!("keys list has null value at index {i}."))
                })?;
                entries.insert(Str::from(k), v.clone());
            }
            match &args[1] {
                Value::List(t, _) => make_map(t.clone(), entries),
                _ => Ok(Value::Object(entries)),
            }
        })
}
