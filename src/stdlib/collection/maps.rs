//! The map and object functions: `keys`, `lookup`, `merge`, `transpose`,
//! `values`, `zipmap`. `keys`, `values` and `transpose` list keys in
//! lexicographic order, as Terraform does, though maps keep insertion order.

use indexmap::IndexMap;

use crate::eval::{Function, FunctionError, Param};
use crate::stdlib::{call_error, make_list, make_map, str_arg, Def};
use crate::value::{type_name, Elements, Entries, Marks, Str, Type, Value};

/// The entries of a map or object, sorted by key.
fn sorted_entries(v: &Value) -> Vec<(&Str, &Value)> {
    let mut entries: Vec<(&Str, &Value)> = v
        .as_entries()
        .map(|m| m.iter().collect())
        .unwrap_or_default();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// Refuses a type that is not a map or an object with `message`, each
/// function's own words in go-cty.
fn map_or_object_type(ty: &Type, message: &str) -> Result<(), FunctionError> {
    match ty {
        Type::Map(_) | Type::Object(_) | Type::Dynamic => Ok(()),
        _ => Err(FunctionError::arg(0, message)),
    }
}

pub(super) fn keys() -> Function {
    Def::new(
        "Returns the keys of a map or the attribute names of an object, in lexicographic order.",
    )
    .param_with(
        Param::new("inputMap", Type::Dynamic)
            .describe("The map or object.")
            .allow_unknown(),
    )
    .element_marks()
    .returns_with(|args| {
        let ty = args[0].ty();
        map_or_object_type(&ty, "must have map or object type.")?;
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

pub(super) fn values() -> Function {
    Def::new("Returns the values of a map or object, in the lexicographic order of their keys.")
        .param_with(
            Param::new("mapping", Type::Dynamic)
                .describe("The map or object.")
                .allow_unknown(),
        )
        .element_marks()
        .returns_with(|args| {
            let ty = args[0].ty();
            // An argument error for `keys`, but a plain one (a failure of
            // the call) for go-cty's `values`.
            map_or_object_type(&ty, "values() requires a map as the first argument.")
                .map_err(call_error)?;
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

pub(super) fn lookup() -> Function {
    Def::new("Returns the value of a key in a map or object, or a default when the key is missing.")
        .param_with(
            Param::new("inputMap", Type::Dynamic)
                .describe("The map or object.")
                .allow_unknown(),
        )
        .element_marks()
        // As in Terraform's `lookup`: the key's marks go on the result
        // (and keep it out of the error), the default keeps its own.
        .param_with(
            Param::new("key", Type::String)
                .describe("The key to look up.")
                .allow_unknown()
                .allow_marked(),
        )
        .variadic(
            Param::new("default", Type::Dynamic)
                .describe("The value when the key is missing (at most one).")
                .allow_null()
                .allow_unknown()
                .allow_marked(),
        )
        .returns(Type::Dynamic)
        .build(|args| {
            if args.len() > 3 {
                return Err(FunctionError::arg(
                    3,
                    "lookup takes at most three arguments.",
                ));
            }
            map_or_object_type(
                &args[0].ty(),
                "lookup() requires a map as the first argument.",
            )?;
            if !args[0].is_known() || !args[1].is_known() {
                // Terraform's: an unknown of the map's element type, or of
                // the object's attribute (or the default) when the key is
                // known, with the key's marks.
                let ty = match args[0].ty() {
                    Type::Map(t) => *t,
                    Type::Object(attrs) => match args[1].as_str() {
                        Some(k) => attrs
                            .get(k)
                            .cloned()
                            .or_else(|| args.get(2).map(Value::ty))
                            .unwrap_or(Type::Dynamic),
                        None => Type::Dynamic,
                    },
                    _ => Type::Dynamic,
                };
                return Ok(Value::unknown(ty).mark(args[1].marks()));
            }
            let key = str_arg(args, 1)?;
            let key_marks = args[1].marks();
            if let Some(v) = args[0].get_attr(key) {
                return Ok(v.clone().mark(key_marks));
            }
            let found = match (args.get(2), &args[0]) {
                (Some(default), Value::Map(t, _)) => default
                    .convert_unsafe(t)
                    .unwrap_or_else(|_| default.clone()),
                (Some(default), _) => default.clone(),
                (None, _) if args[1].is_sensitive() => {
                    return Err(FunctionError::arg(
                        1,
                        "lookup failed to find key (sensitive value).",
                    ))
                }
                (None, _) => {
                    return Err(FunctionError::arg(
                        1,
                        format!("lookup failed to find key {key:?}."),
                    ))
                }
            };
            Ok(found.mark(key_marks))
        })
}

pub(super) fn merge() -> Function {
    Def::new("Merges maps or objects into one; later arguments win for keys they share.")
        .variadic(
            Param::new("maps", Type::Dynamic)
                .describe("The maps or objects to merge; nulls are skipped.")
                .allow_null()
                .allow_unknown()
                .allow_marked(),
        )
        .returns_with(merge_type)
        .build(|args| {
            let ty = merge_type(args)?;
            if args.iter().any(|a| !a.is_known()) {
                return Ok(Value::unknown(ty));
            }
            // As go-cty's `merge`: the result has the marks of each map
            // merged (a null one is skipped, marks and all), and the
            // elements keep theirs.
            let mut out = Entries::new();
            let mut marks = Marks::NONE;
            for a in args.iter().filter(|a| !a.is_null()) {
                marks |= a.marks();
                if let Some(m) = a.as_entries() {
                    for (k, v) in m {
                        out.insert(k.clone(), v.clone());
                    }
                }
            }
            Ok(match ty {
                Type::Map(t) => make_map(*t, out)?,
                _ => Value::Object(out),
            }
            .mark(marks))
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
    for a in args {
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
                    "arguments must be maps or objects, got {:?}.",
                    type_name(&other)
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

pub(super) fn transpose() -> Function {
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

pub(super) fn zipmap() -> Function {
    Def::new("Builds a map from a list of keys and a list (or tuple) of corresponding values.")
        .param("keys", Type::list(Type::String), "The keys.")
        .param_with(
            Param::new("values", Type::Dynamic)
                .describe("The values, a list or tuple as long as the keys.")
                .allow_unknown(),
        )
        .element_marks()
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
