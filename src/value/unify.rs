//! Type unification: the most general type a list of types can all be
//! converted to, per the information model's lattice; and the type-level
//! check of a conversion ([`type_conversion`]), which unification asks and
//! which, for element types with `Dynamic`, unifies in turn.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::types::Type;

/// Unifies `types` per the information model:
///
/// - number and bool unify with string as string (and, transitively, with
///   each other as string);
/// - two collections of the same kind unify their element types; list and
///   set unify as list; map and object as object (each attribute unified
///   with the map's element type); list, set and tuple as tuple (each
///   element unified with the collection's element type);
/// - two objects unify as the union of their attributes, common ones
///   unified; two tuples of the same length element-wise;
/// - `Dynamic` unifies with anything as that thing, and is the result only
///   when every input is `Dynamic` (or there are no inputs).
///
/// `None` when no rule applies or when some input cannot be converted
/// (safely or not) to the selected type.
///
/// This is the model's lattice as its text states it. HCL's Go
/// implementation (go-cty) is stricter, and Terraform users rely on it:
/// the crate's own conversions and functions (`list(any)`, `tolist`,
/// `setunion`, conditionals, ...) unify with [`unify_unsafe`], which
/// follows go-cty.
pub fn unify(types: &[Type]) -> Option<Type> {
    let mut acc = Type::Dynamic;
    for t in types {
        acc = join_into(acc, t)?;
    }
    for t in types {
        type_conversion(t, &acc)?;
    }
    Some(acc)
}

/// [`join`] of an accumulated type and the next one, reusing the
/// accumulator: joining N object types of distinct attributes one by one
/// copied the growing union at every step (quadratic).
fn join_into(acc: Type, b: &Type) -> Option<Type> {
    use Type::{List, Map, Object, Set};
    match (acc, b) {
        (Object(mut x), Object(y)) => {
            for (k, ty) in y.iter() {
                let joined = match x.remove(k) {
                    Some(tx) => join_into(tx, ty)?,
                    None => ty.clone(),
                };
                x.insert(k.clone(), joined);
            }
            Some(Object(x))
        }
        (List(x), List(y) | Set(y)) => Some(List(Box::new(join_into(*x, y)?))),
        (Set(x), Set(y)) => Some(Set(Box::new(join_into(*x, y)?))),
        (Map(x), Map(y)) => Some(Map(Box::new(join_into(*x, y)?))),
        (acc, b) => join(&acc, b),
    }
}

fn join(a: &Type, b: &Type) -> Option<Type> {
    use Type::{Bool, Dynamic, List, Map, Number, Object, Set, String, Tuple};
    if a == b {
        return Some(a.clone());
    }
    Some(match (a, b) {
        (Dynamic, x) | (x, Dynamic) => x.clone(),
        (String, Number | Bool) | (Number | Bool, String) | (Number, Bool) | (Bool, Number) => {
            String
        }
        (List(x) | Set(x), List(y)) | (List(x), Set(y)) => List(Box::new(join(x, y)?)),
        (Set(x), Set(y)) => Set(Box::new(join(x, y)?)),
        (Map(x), Map(y)) => Map(Box::new(join(x, y)?)),
        (Map(x), Object(attrs)) | (Object(attrs), Map(x)) => Object(Box::new(
            attrs
                .iter()
                .map(|(k, t)| Some((k.clone(), join(t, x)?)))
                .collect::<Option<BTreeMap<_, _>>>()?,
        )),
        (Object(x), Object(y)) => {
            let mut out = x.clone();
            for (k, ty) in y.iter() {
                let joined = match x.get(k) {
                    Some(tx) => join(tx, ty)?,
                    None => ty.clone(),
                };
                out.insert(k.clone(), joined);
            }
            Object(out)
        }
        (Tuple(ts), List(x) | Set(x)) | (List(x) | Set(x), Tuple(ts)) => {
            Tuple(ts.iter().map(|t| join(t, x)).collect::<Option<_>>()?)
        }
        (Tuple(x), Tuple(y)) if x.len() == y.len() => Tuple(
            x.iter()
                .zip(y)
                .map(|(p, q)| join(p, q))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

/// Unifies `types` the way HCL's Go implementation does (go-cty's unsafe
/// unification), which Terraform users rely on: for conditional results,
/// for conversions to types with `any` elements (`list(any)`, `tolist`,
/// `tomap`, `toset`) and in the standard functions that unify (`concat`,
/// `coalesce`, `setunion`, `matchkeys`, `setproduct`, ...):
///
/// - types all of one collection kind unify their element types
///   (`list(string)` and `list(dynamic)` as `list(string)`);
/// - maps mixed with objects, when every object's attributes unify with
///   the maps' elements, as a map (`tags` and `{}` as `map(string)`);
///   lists mixed with tuples likewise as a list (`items` and `[]`);
/// - objects with the same attribute names attribute-wise, otherwise as a
///   map of all attribute types unified (`{a=1}` and `{b=2}` as
///   `map(number)`); tuples of one length element-wise, otherwise as a
///   list of all element types unified;
/// - otherwise the most general of the input types to which every other
///   input converts: string over number and bool; number and bool do not
///   unify; a top-level `Dynamic` among collections makes the result
///   `Dynamic`.
///
/// `None` when no type fits.
pub fn unify_unsafe(types: &[Type]) -> Option<Type> {
    use Type::{Dynamic, List, Map, Object, Set, Tuple};
    if types.is_empty() {
        return None;
    }
    // Only the distinct types matter (the first of each, in order), and
    // the general case compares every pair: the attribute types of a
    // 100 000-attribute object are mostly one type.
    if types.len() > 2 {
        let mut seen = std::collections::HashSet::with_capacity(types.len());
        let distinct: Vec<Type> = types.iter().filter(|t| seen.insert(*t)).cloned().collect();
        if distinct.len() < types.len() {
            return unify_unsafe(&distinct);
        }
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let n = types.len();
    let dynamics = count(|t| matches!(t, Dynamic));
    let maps = count(|t| matches!(t, Map(_)));
    let lists = count(|t| matches!(t, List(_)));
    let sets = count(|t| matches!(t, Set(_)));
    let objects = count(|t| matches!(t, Object(_)));
    let tuples = count(|t| matches!(t, Tuple(_)));
    let has_dynamic = dynamics > 0;
    if maps > 0 && maps + dynamics == n {
        return unify_collections(types, has_dynamic, Type::map);
    } else if maps > 0 && maps + objects + dynamics == n {
        if let Some(t) =
            unify_structurals_as(types, |t| matches!(t, Object(_)), unify_objects_to_map)
        {
            return Some(t);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(types, has_dynamic, Type::list);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(t) =
            unify_structurals_as(types, |t| matches!(t, Tuple(_)), unify_tuples_to_list)
        {
            return Some(t);
        }
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(types, has_dynamic, Type::set);
    } else if objects > 0 && objects + dynamics == n {
        return if has_dynamic {
            Some(Dynamic)
        } else {
            unify_objects(types)
        };
    } else if tuples > 0 && tuples + dynamics == n {
        return if has_dynamic {
            Some(Dynamic)
        } else {
            unify_tuples(types)
        };
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    mixed_kinds(types)
}

/// The most candidate types [`unify_unsafe`] orders and tries when the
/// types mix kinds.
const MIXED_CANDIDATES: usize = 64;

/// [`unify_unsafe`] of types of mixed kinds (strings with numbers, lists
/// with sets, ...): the first type, most general first, that every other
/// converts to. Ordering the candidates and trying each compares it with
/// every type, so only types of a kind that every kind present converts
/// to are candidates, and more than [`MIXED_CANDIDATES`] of them are
/// refused rather than tried in quadratic time (go-cty tries them all,
/// which takes seconds for objects of 10 000 shapes and a string, and four
/// times as long for twice as many).
fn mixed_kinds(types: &[Type]) -> Option<Type> {
    let reachable = types
        .iter()
        .fold(u16::MAX, |mask, t| mask & kinds_reached_from(t));
    let candidates: Vec<&Type> = types
        .iter()
        .filter(|t| reachable & kind_bit(t) != 0)
        .collect();
    if candidates.len() > MIXED_CANDIDATES {
        return None;
    }
    preference_order(&candidates).into_iter().find_map(|want| {
        let want = candidates[want];
        types
            .iter()
            .all(|t| t == want || type_conversion(t, want).is_some())
            .then(|| want.clone())
    })
}

/// One bit per kind of type.
const DYNAMIC: u16 = 1;
const STRING: u16 = 1 << 1;
const NUMBER: u16 = 1 << 2;
const BOOL: u16 = 1 << 3;
const LIST: u16 = 1 << 4;
const SET: u16 = 1 << 5;
const TUPLE: u16 = 1 << 6;
const MAP: u16 = 1 << 7;
const OBJECT: u16 = 1 << 8;

/// The kind of `t`, as a bit.
fn kind_bit(t: &Type) -> u16 {
    match t {
        Type::Dynamic => DYNAMIC,
        Type::String => STRING,
        Type::Number => NUMBER,
        Type::Bool => BOOL,
        Type::List(_) => LIST,
        Type::Set(_) => SET,
        Type::Tuple(_) => TUPLE,
        Type::Map(_) => MAP,
        Type::Object(_) => OBJECT,
    }
}

/// The kinds a value of type `t` may convert to (unsafely), by the kinds
/// alone: a necessary condition for converting to a type, cheap to test.
/// Lists, sets and tuples convert among themselves, as maps and objects
/// do; a string to a number or a bool and back.
fn kinds_reached_from(t: &Type) -> u16 {
    DYNAMIC
        | match t {
            Type::Dynamic => u16::MAX,
            Type::String => STRING | NUMBER | BOOL,
            Type::Number | Type::Bool => kind_bit(t) | STRING,
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => LIST | SET | TUPLE,
            Type::Map(_) | Type::Object(_) => MAP | OBJECT,
        }
}

/// Every type converts (unsafely) to `to`.
fn all_convert(types: &[Type], to: &Type) -> bool {
    types
        .iter()
        .all(|t| t == to || type_conversion(t, to).is_some())
}

fn unify_collections(types: &[Type], has_dynamic: bool, kind: fn(Type) -> Type) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let elems: Vec<Type> = types
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    let ty = kind(unify_unsafe(&elems)?);
    all_convert(types, &ty).then_some(ty)
}

/// Unifies the types matching `is_structural` as a collection with
/// `to_collection`, then all the types with those replaced by it; the
/// result only when it is of that collection's kind.
fn unify_structurals_as(
    types: &[Type],
    is_structural: fn(&Type) -> bool,
    to_collection: fn(&[Type]) -> Option<Type>,
) -> Option<Type> {
    let structurals: Vec<Type> = types.iter().filter(|t| is_structural(t)).cloned().collect();
    let collection = to_collection(&structurals)?;
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| {
            if is_structural(t) {
                collection.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    let ty = unify_unsafe(&replaced)?;
    (std::mem::discriminant(&ty) == std::mem::discriminant(&collection)).then_some(ty)
}

fn unify_objects(types: &[Type]) -> Option<Type> {
    let attrs = |t: &Type| match t {
        Type::Object(a) => (**a).clone(),
        _ => BTreeMap::new(),
    };
    let first = attrs(&types[0]);
    let same_names = types[1..].iter().all(|t| {
        let a = attrs(t);
        a.len() == first.len() && a.keys().all(|k| first.contains_key(k))
    });
    if !same_names {
        return unify_objects_to_map(types);
    }
    let mut out = BTreeMap::new();
    for name in first.keys() {
        let across: Vec<Type> = types.iter().map(|t| attrs(t)[name].clone()).collect();
        out.insert(name.clone(), unify_unsafe(&across)?);
    }
    let ty = Type::Object(Box::new(out));
    if all_convert(types, &ty) {
        Some(ty)
    } else {
        unify_objects_to_map(types)
    }
}

fn unify_objects_to_map(types: &[Type]) -> Option<Type> {
    let all: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Object(a) => a.values().cloned().collect(),
            _ => Vec::new(),
        })
        .collect();
    let ty = Type::map(unify_unsafe(&all)?);
    all_convert(types, &ty).then_some(ty)
}

fn unify_tuples(types: &[Type]) -> Option<Type> {
    fn elems(t: &Type) -> &[Type] {
        match t {
            Type::Tuple(e) => e,
            _ => &[],
        }
    }
    let first = elems(&types[0]);
    if types[1..].iter().any(|t| elems(t).len() != first.len()) {
        return unify_tuples_to_list(types);
    }
    let mut out = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = types.iter().map(|t| elems(t)[i].clone()).collect();
        out.push(unify_unsafe(&across)?);
    }
    let ty = Type::tuple(out);
    if all_convert(types, &ty) {
        Some(ty)
    } else {
        unify_tuples_to_list(types)
    }
}

fn unify_tuples_to_list(types: &[Type]) -> Option<Type> {
    let all: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Tuple(e) => e.as_slice(),
            _ => &[],
        })
        .cloned()
        .collect();
    let ty = Type::list(unify_unsafe(&all)?);
    all_convert(types, &ty).then_some(ty)
}

/// Indexes of `types`, most general first (a topological order of the
/// "more general than" relation, input order among incomparable ones).
fn preference_order(types: &[&Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match generality(types[i], types[j]) {
                Ordering::Greater => edges[i].push(j),
                Ordering::Less => edges[j].push(i),
                Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                order.push(j);
            }
        }
    }
    order
}

/// `Greater` when `a` is more general than `b` (`b` converts to it
/// without loss), `Less` for the reverse, `Equal` when incomparable.
fn generality(a: &Type, b: &Type) -> Ordering {
    use Type::{Bool, Dynamic, List, Map, Number, Object, Set, String, Tuple};
    match (a, b) {
        (Dynamic, Dynamic) => Ordering::Equal,
        // Dynamic is the least preferred: the others are assumed to be
        // what it will turn out to be.
        (Dynamic, _) => Ordering::Less,
        (_, Dynamic) => Ordering::Greater,
        (String, Number | Bool) => Ordering::Greater,
        (Number | Bool, String) => Ordering::Less,
        (List(x), List(y)) | (Set(x), Set(y)) | (Map(x), Map(y)) => generality(x, y),
        (List(_) | Tuple(_), Set(_)) | (List(_), Tuple(_)) | (Map(_), Object(_)) => {
            Ordering::Greater
        }
        (Set(_), List(_) | Tuple(_)) | (Tuple(_), List(_)) | (Object(_), Map(_)) => Ordering::Less,
        (Object(x), Object(y)) => {
            if x.len() != y.len() || x.keys().any(|k| !y.contains_key(k)) {
                return Ordering::Equal;
            }
            pointwise(x.keys().map(|k| generality(&x[k], &y[k])))
        }
        (Tuple(x), Tuple(y)) => {
            if x.len() != y.len() {
                return Ordering::Equal;
            }
            pointwise(x.iter().zip(y).map(|(p, q)| generality(p, q)))
        }
        _ => Ordering::Equal,
    }
}

/// More general when more general in some parts and less in none.
fn pointwise(parts: impl Iterator<Item = Ordering>) -> Ordering {
    let (mut greater, mut less) = (false, false);
    for p in parts {
        match p {
            Ordering::Greater => greater = true,
            Ordering::Less => less = true,
            Ordering::Equal => {}
        }
    }
    match (greater, less) {
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => Ordering::Equal,
    }
}

/// Whether a conversion can lose information or fail for some values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Safety {
    Safe,
    Unsafe,
}

/// What a conversion between object types does with an attribute that the
/// target type has and the source lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MissingAttribute {
    /// It is a null of its type: the information model's conversion, the
    /// value layer's ([`try_convert`](super::try_convert)).
    Null,
    /// There is no conversion: go-cty's, which type constraints in the
    /// language (`hcldec` specs, variable types) follow.
    Refused,
}

/// Whether a value of type `from` converts to `to`, and how safely, by the
/// value layer's rules (an object's missing attributes are nulls).
pub(crate) fn type_conversion(from: &Type, to: &Type) -> Option<Safety> {
    conversion(from, to, MissingAttribute::Null)
}

/// Whether a value of type `from` converts to `to`, and how safely, an
/// object's attributes missing from the source as `missing` says.
pub(crate) fn conversion(from: &Type, to: &Type, missing: MissingAttribute) -> Option<Safety> {
    use Type::{Bool, Dynamic, List, Map, Number, Object, Set, String, Tuple};
    if from == to {
        return Some(Safety::Safe);
    }
    let convert = |a: &Type, b: &Type| conversion(a, b, missing);
    match (from, to) {
        (_, Dynamic) | (Dynamic, _) => Some(Safety::Safe),
        (Number | Bool, String) => Some(Safety::Safe),
        (String, Number | Bool) => Some(Safety::Unsafe),
        (List(a) | Set(a), List(b)) | (Set(a), Set(b)) | (Map(a), Map(b)) => convert(a, b),
        (List(a), Set(b)) => convert(a, b).map(|_| Safety::Unsafe),
        (Tuple(ts), List(b)) => all_to(ts.iter(), b, missing),
        (Tuple(ts), Set(b)) => all_to(ts.iter(), b, missing).map(|_| Safety::Unsafe),
        (Object(attrs), Map(b)) => all_to(attrs.values(), b, missing),
        (List(a) | Set(a), Tuple(ts)) => ts
            .iter()
            .try_for_each(|t| convert(a, t).map(|_| ()))
            .map(|()| Safety::Unsafe),
        (Map(a), Object(attrs)) => attrs
            .values()
            .try_for_each(|t| convert(a, t).map(|_| ()))
            .map(|()| Safety::Unsafe),
        (Object(a), Object(b)) => {
            if missing == MissingAttribute::Refused && b.keys().any(|k| !a.contains_key(k)) {
                return None;
            }
            let mut s = Safety::Safe;
            for (k, ta) in a.iter() {
                match b.get(k) {
                    Some(tb) => s = worst(s, convert(ta, tb)?),
                    None => s = Safety::Unsafe,
                }
            }
            Some(s)
        }
        (Tuple(a), Tuple(b)) if a.len() == b.len() => {
            let mut s = Safety::Safe;
            for (ta, tb) in a.iter().zip(b) {
                s = worst(s, convert(ta, tb)?);
            }
            Some(s)
        }
        _ => None,
    }
}

/// Every type in `types` converted to `elem` (unified first when `elem`
/// contains `Dynamic`).
fn all_to<'a>(
    types: impl Iterator<Item = &'a Type> + Clone,
    elem: &Type,
    missing: MissingAttribute,
) -> Option<Safety> {
    let target = if elem.has_dynamic() {
        let ts: Vec<Type> = types.clone().cloned().collect();
        if ts.is_empty() {
            return Some(Safety::Safe);
        }
        unify_unsafe(&ts)?
    } else {
        elem.clone()
    };
    let mut s = Safety::Safe;
    for t in types {
        s = worst(s, conversion(t, &target, missing)?);
    }
    Some(s)
}

fn worst(a: Safety, b: Safety) -> Safety {
    a.max(b)
}

#[cfg(test)]
#[path = "unify_tests.rs"]
mod tests;
