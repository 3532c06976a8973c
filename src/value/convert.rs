//! Type conversion, safe and unsafe, as the information model's "Type
//! Conversions" section defines it, with errors that say what was required
//! and where inside the value.
//!
//! The type-level check ([`type_conversion`]) answers "can a value of this
//! type become that type, and is it safe?" and is what unknown values are
//! converted by; the value-level walk does the work and catches what only
//! values can tell (a list's length, a map's keys, a string's text).

use std::borrow::Cow;

use super::conversion_error::{ConversionError, PathStep};
use super::limits;
use super::mismatch::type_mismatch_error;
use super::number::{Number, NumberError};
use super::string::Str;
use super::types::Type;
use super::unify::{type_conversion, unify_unsafe, MissingAttribute, Safety};
use super::{set_value, Elements, Entries, Value};
use crate::diag::Error;

/// Converts `value` to `ty` using only *safe* conversions: those where
/// every distinct source value has a distinct result (number or bool to
/// string, set to list, tuple to list, object to map, ...). See
/// [`try_convert`] for the rules.
pub fn convert(value: &Value, ty: &Type) -> Result<Value, Error> {
    try_convert(value, ty, false).map_err(Error::from)
}

/// Converts `value` to `ty`, allowing the *unsafe* conversions too (string
/// to number or bool, list to set, list or set to tuple, map to object,
/// object to an object type without some of its attributes). This is the
/// conversion HCL applications normally apply to configuration values.
pub fn convert_unsafe(value: &Value, ty: &Type) -> Result<Value, Error> {
    try_convert(value, ty, true).map_err(Error::from)
}

/// Converts `value` to `ty`, giving the bare [`ConversionError`] on
/// failure (for callers that build their own diagnostics).
///
/// The rules, from the information model:
/// - a value of type `ty` is returned as is; conversion to `Dynamic` returns
///   the value verbatim (the one case where the result is not of type `ty`);
/// - a null becomes the null of `ty`; an unknown becomes the unknown of `ty`
///   if its type converts to `ty`;
/// - number → string and bool → string (`"true"`, `"false"`) are safe;
///   string → number (digits, optional fraction, no exponent, no spaces) and
///   string → bool (`"true"`, `"false"`, `"1"`, `"0"`) are unsafe;
///   bool ↔ number does not exist;
/// - list/set/tuple → list and set → set convert each element; list/tuple →
///   set is unsafe (duplicates merge); list/set → tuple (same length) is
///   unsafe;
/// - object/map → map converts each element; map → object is unsafe and
///   needs exactly the object's attributes as keys; object → object fills
///   attributes the source lacks with nulls and drops extra attributes
///   (unsafe); tuple → tuple needs equal lengths;
/// - a target element type containing `Dynamic` (`list(any)`, and so
///   `tolist`, `tomap` and `toset`) takes the unification of the element
///   types as HCL's Go implementation (go-cty) does it, [`unify_unsafe`]:
///   `[[1], [1, 2]]` is a `list(list(number))`, and objects of different
///   attributes become maps (`[{a = 1}, {a = 1, b = 2}]` is a
///   `list(map(number))`), as Terraform users expect; the information
///   model's own lattice ([`unify`](super::unify())) would refuse the first
///   and fill the second's missing attributes with nulls. A safe
///   conversion unifies the same way (go-cty has a stricter safe variant)
///   and then refuses an element that would need an unsafe step.
///
/// When the types alone have no conversion (a bool for a number, a tuple
/// for a string), the error says so in go-cty's words, as Terraform
/// reports it: "number required, but have bool", the steps to the part at
/// fault ("element 1: ") as its path (see `value/mismatch.rs`); a
/// conversion that exists and fails on the value says what was required
/// where ("element 1: a number is required" for a string that is not
/// one).
pub fn try_convert(value: &Value, ty: &Type, allow_unsafe: bool) -> Result<Value, ConversionError> {
    let mut cx = Cx {
        allow_unsafe,
        path: Vec::new(),
    };
    cx.convert(value, ty)
        .map_err(|e| type_mismatch_of(value, ty).unwrap_or(e))
}

/// The error of a conversion that the types of `value` and `ty` cannot
/// have.
#[cold]
fn type_mismatch_of(value: &Value, ty: &Type) -> Option<ConversionError> {
    type_mismatch_error(&value.ty(), ty, MissingAttribute::Null)
}

struct Cx {
    allow_unsafe: bool,
    path: Vec<PathStep>,
}

fn required(ty: &Type) -> String {
    format!("{} is required", ty.friendly_name_with_article())
}

impl Cx {
    fn err(&self, message: impl Into<String>) -> ConversionError {
        ConversionError::new(&self.path, message)
    }

    fn unsafe_ok(&self, ty: &Type) -> Result<(), ConversionError> {
        if self.allow_unsafe {
            Ok(())
        } else {
            Err(self.err(required(ty)))
        }
    }

    fn at<T>(
        &mut self,
        step: PathStep,
        f: impl FnOnce(&mut Self) -> Result<T, ConversionError>,
    ) -> Result<T, ConversionError> {
        self.path.push(step);
        let r = f(self);
        self.path.pop();
        r
    }

    fn convert(&mut self, value: &Value, ty: &Type) -> Result<Value, ConversionError> {
        if *ty == Type::Dynamic {
            return Ok(value.clone());
        }
        // A value whose type already satisfies a specification with
        // `Dynamic` in it (`list(string)` for `list(any)`) keeps its type,
        // known or not, empty or not.
        if ty.has_dynamic() && ty.matches(&value.ty()) {
            return Ok(value.clone());
        }
        match value {
            // Marks stay on the converted value (and on each converted
            // element, below).
            Value::Marked(m) => return Ok(self.convert(m.value(), ty)?.mark(m.marks())),
            Value::Null(_) => return Ok(Value::Null(ty.clone())),
            Value::Unknown(from) => {
                return match type_conversion(from, ty) {
                    Some(Safety::Safe) => Ok(Value::Unknown(ty.clone())),
                    Some(Safety::Unsafe) if self.allow_unsafe => Ok(Value::Unknown(ty.clone())),
                    _ => Err(self.err(required(ty))),
                }
            }
            _ => {}
        }
        match (value, ty) {
            (Value::Bool(_), Type::Bool)
            | (Value::Number(_), Type::Number)
            | (Value::String(_), Type::String) => Ok(value.clone()),
            (Value::Number(n), Type::String) => Ok(Value::String(Str::new(n.to_string()))),
            (Value::Bool(b), Type::String) => Ok(Value::from(if *b { "true" } else { "false" })),
            (Value::String(s), Type::Number) => {
                self.unsafe_ok(ty)?;
                parse_number_string(s)
                    .map(Value::Number)
                    .map_err(|_| self.err(required(ty)))
            }
            (Value::String(s), Type::Bool) => {
                self.unsafe_ok(ty)?;
                match s.as_str() {
                    "true" | "1" => Ok(Value::Bool(true)),
                    "false" | "0" => Ok(Value::Bool(false)),
                    // go-cty's hint for a bool written with capitals.
                    other => Err(self.err(match other.to_ascii_lowercase().as_str() {
                        word @ ("true" | "false") => format!(
                            "a bool is required; to convert from string, use lowercase {word:?}"
                        ),
                        _ => required(ty),
                    })),
                }
            }
            (Value::List(_, items) | Value::Tuple(items), Type::List(elem)) => {
                let (t, items) = self.elements(items, elem, None)?;
                Ok(Value::List(t, items))
            }
            (Value::Set(src, items), Type::List(elem)) => {
                let (t, items) = self.elements(items, elem, Some(src))?;
                Ok(Value::List(t, items))
            }
            (Value::Set(src, items), Type::Set(elem)) => {
                let (t, items) = self.elements(items, elem, Some(src))?;
                Ok(set_value(t, items))
            }
            (Value::List(_, items) | Value::Tuple(items), Type::Set(elem)) => {
                self.unsafe_ok(ty)?;
                let (t, items) = self.elements(items, elem, None)?;
                Ok(set_value(t, items))
            }
            (Value::Map(_, m) | Value::Object(m), Type::Map(elem)) => {
                let keys: Vec<&Str> = m.keys().collect();
                let values: Vec<&Value> = m.values().collect();
                let (t, values) = self.map_values(&keys, &values, elem)?;
                Ok(Value::Map(t, m.keys().cloned().zip(values).collect()))
            }
            (Value::List(_, items) | Value::Set(_, items), Type::Tuple(elems)) => {
                self.unsafe_ok(ty)?;
                let kind = if matches!(value, Value::List(..)) {
                    "list"
                } else {
                    "set"
                };
                self.tuple_elements(items, elems, kind)
            }
            (Value::Tuple(items), Type::Tuple(elems)) => self.tuple_elements(items, elems, "tuple"),
            (Value::Map(_, m), Type::Object(attrs)) => {
                self.unsafe_ok(ty)?;
                if let Some(name) = attrs.keys().find(|k| !m.contains_key(k.as_str())) {
                    return Err(self.err(format!("attribute {name:?} is required")));
                }
                let mut out = Entries::with_capacity(m.len());
                for (k, v) in m {
                    let Some(t) = attrs.get(k.as_str()) else {
                        return Err(self.err(format!("unsupported attribute {k:?}")));
                    };
                    let v = self.at(PathStep::Attr(k.to_string()), |cx| cx.convert(v, t))?;
                    out.insert(k.clone(), v);
                }
                Ok(Value::Object(out))
            }
            (Value::Object(m), Type::Object(attrs)) => {
                let mut out = Entries::with_capacity(attrs.len());
                for (k, v) in m {
                    match attrs.get(k.as_str()) {
                        Some(t) => {
                            let v =
                                self.at(PathStep::Attr(k.to_string()), |cx| cx.convert(v, t))?;
                            out.insert(k.clone(), v);
                        }
                        // Dropping an attribute loses information.
                        None if self.allow_unsafe => {}
                        None => return Err(self.err(format!("unsupported attribute {k:?}"))),
                    }
                }
                for (k, t) in attrs.iter() {
                    if !out.contains_key(k.as_str()) {
                        // Filling in attributes multiplies: N objects of
                        // distinct attributes converted to their union
                        // are N × N nulls, charged as they are made.
                        limits::charge_steps(1)
                            .and_then(|()| {
                                limits::charge_bytes(limits::VALUE_BYTES + k.len() as u64)
                            })
                            .map_err(|e| self.err(e.detail()))?;
                        out.insert(Str::from(k.as_str()), Value::Null(t.clone()));
                    }
                }
                Ok(Value::Object(out))
            }
            _ => Err(self.err(required(ty))),
        }
    }

    /// Converts sequence elements to `elem`, then settles the element type
    /// when `elem` contains `Dynamic`.
    fn elements(
        &mut self,
        items: &[Value],
        elem: &Type,
        src_elem: Option<&Type>,
    ) -> Result<(Type, Elements), ConversionError> {
        let mut out = Elements::with_capacity(items.len());
        for (i, v) in items.iter().enumerate() {
            out.push(self.at(PathStep::Index(i), |cx| cx.convert(v, elem))?);
        }
        if !elem.has_dynamic() {
            return Ok((elem.clone(), out));
        }
        let types: Vec<Type> = out.iter().map(Value::ty).collect();
        if types.is_empty() {
            return Ok((concrete_empty(elem, src_elem), out));
        }
        let Some(t) = unify_unsafe(&types) else {
            return Err(self.err("all elements must have the same type"));
        };
        let mut settled = Elements::with_capacity(out.len());
        for (i, v) in out.iter().enumerate() {
            settled.push(self.at(PathStep::Index(i), |cx| cx.convert(v, &t))?);
        }
        Ok((t, settled))
    }

    fn map_values(
        &mut self,
        keys: &[&Str],
        values: &[&Value],
        elem: &Type,
    ) -> Result<(Type, Vec<Value>), ConversionError> {
        let mut out = Vec::with_capacity(values.len());
        for (k, v) in keys.iter().zip(values) {
            out.push(self.at(PathStep::Key(k.to_string()), |cx| cx.convert(v, elem))?);
        }
        if !elem.has_dynamic() {
            return Ok((elem.clone(), out));
        }
        let types: Vec<Type> = out.iter().map(Value::ty).collect();
        if types.is_empty() {
            return Ok((elem.clone(), out));
        }
        let Some(t) = unify_unsafe(&types) else {
            return Err(self.err("all map elements must have the same type"));
        };
        let mut settled = Vec::with_capacity(out.len());
        for (k, v) in keys.iter().zip(&out) {
            settled.push(self.at(PathStep::Key(k.to_string()), |cx| cx.convert(v, &t))?);
        }
        Ok((t, settled))
    }

    fn tuple_elements(
        &mut self,
        items: &[Value],
        elems: &[Type],
        kind: &str,
    ) -> Result<Value, ConversionError> {
        if items.len() != elems.len() {
            return Err(self.err(format!(
                "a tuple of {} element{} is required, but the {kind} has {}",
                elems.len(),
                if elems.len() == 1 { "" } else { "s" },
                items.len()
            )));
        }
        let mut out = Elements::with_capacity(items.len());
        for (i, (v, t)) in items.iter().zip(elems).enumerate() {
            out.push(self.at(PathStep::Index(i), |cx| cx.convert(v, t))?);
        }
        Ok(Value::Tuple(out))
    }
}

/// `value` without the keys of the maps that a conversion to `ty` makes
/// objects, where the object type has no attribute of that name: go-cty's
/// map-to-object conversion drops them, and the language's conversions
/// (type constraints, `hcldec` specs) follow it; the information model,
/// which [`try_convert`] follows, refuses them. A borrowed value is copied
/// only when `ty` has an object type in it.
pub(crate) fn without_extra_map_keys<'v>(value: Cow<'v, Value>, ty: &Type) -> Cow<'v, Value> {
    if !has_object(ty) {
        return value;
    }
    Cow::Owned(pruned(value.into_owned(), ty))
}

fn has_object(ty: &Type) -> bool {
    match ty {
        Type::Object(_) => true,
        Type::List(t) | Type::Set(t) | Type::Map(t) => has_object(t),
        Type::Tuple(ts) => ts.iter().any(has_object),
        _ => false,
    }
}

/// [`without_extra_map_keys`]' walk.
fn pruned(value: Value, ty: &Type) -> Value {
    let each = |items: Elements, t: &Type| -> Elements {
        items.into_iter().map(|v| pruned(v, t)).collect()
    };
    if let Value::Marked(_) = value {
        let (inner, marks) = value.unmark();
        return pruned(inner, ty).mark(marks);
    }
    match (value, ty) {
        (Value::Map(et, entries), Type::Object(attrs)) => Value::Map(
            et,
            entries
                .into_iter()
                .filter_map(|(k, v)| {
                    let t = attrs.get(k.as_str())?;
                    Some((k, pruned(v, t)))
                })
                .collect(),
        ),
        (Value::Object(entries), Type::Object(attrs)) => Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| match attrs.get(k.as_str()) {
                    Some(t) => (k, pruned(v, t)),
                    None => (k, v),
                })
                .collect(),
        ),
        (Value::Map(et, entries), Type::Map(t)) => Value::Map(
            et,
            entries
                .into_iter()
                .map(|(k, v)| (k, pruned(v, t)))
                .collect(),
        ),
        (Value::Object(entries), Type::Map(t)) => Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| (k, pruned(v, t)))
                .collect(),
        ),
        (Value::List(et, items), Type::List(t) | Type::Set(t)) => Value::List(et, each(items, t)),
        (Value::Set(et, items), Type::List(t) | Type::Set(t)) => set_value(et, each(items, t)),
        (Value::Tuple(items), Type::List(t) | Type::Set(t)) => Value::Tuple(each(items, t)),
        (Value::Tuple(items), Type::Tuple(ts)) if items.len() == ts.len() => Value::Tuple(
            items
                .into_iter()
                .zip(ts)
                .map(|(v, t)| pruned(v, t))
                .collect(),
        ),
        (value, _) => value,
    }
}

/// The element type of an empty collection converted to `list(elem)` where
/// `elem` has `Dynamic` in it: the source's element type if it fits the
/// specification, otherwise the specification itself.
fn concrete_empty(elem: &Type, src_elem: Option<&Type>) -> Type {
    match src_elem {
        Some(src) if elem.matches(src) => src.clone(),
        _ => elem.clone(),
    }
}

/// Converts the items of a new list or set to `elem_ty` (unsafe allowed),
/// unifying them when `elem_ty` contains `Dynamic`.
pub(crate) fn collection_elements(
    elem_ty: Type,
    items: Elements,
) -> Result<(Type, Elements), ConversionError> {
    let mut cx = Cx {
        allow_unsafe: true,
        path: Vec::new(),
    };
    if !elem_ty.has_dynamic() && items.iter().all(|v| value_has_type(v, &elem_ty)) {
        return Ok((elem_ty, items));
    }
    cx.elements(&items, &elem_ty, None)
}

/// Converts the values of a new map to `elem_ty` (unsafe allowed).
pub(crate) fn map_elements(
    elem_ty: Type,
    keys: &[Str],
    values: Vec<Value>,
) -> Result<(Type, Vec<Value>), ConversionError> {
    let mut cx = Cx {
        allow_unsafe: true,
        path: Vec::new(),
    };
    let keys: Vec<&Str> = keys.iter().collect();
    let values: Vec<&Value> = values.iter().collect();
    cx.map_values(&keys, &values, &elem_ty)
}

/// Whether `v` is of type `ty`, checked without building `v.ty()` for the
/// common primitive cases.
fn value_has_type(v: &Value, ty: &Type) -> bool {
    match (v, ty) {
        (Value::Bool(_), Type::Bool)
        | (Value::Number(_), Type::Number)
        | (Value::String(_), Type::String) => true,
        (Value::Bool(_) | Value::Number(_) | Value::String(_), _) => false,
        _ => v.ty() == *ty,
    }
}

/// A string converted to a number: the number's own string form, and also
/// what HCL's Go implementation accepts there (a decimal in Go's
/// `big.ParseFloat` syntax): a leading `+`, `.5`, `5.`, an exponent
/// (`1e3`), `Inf` / `inf` with an optional sign. No spaces, no `0x`, no
/// `_`.
fn parse_number_string(s: &str) -> Result<Number, NumberError> {
    if let Ok(n) = Number::parse_plain(s) {
        return Ok(n);
    }
    let (negative, body) = match s.as_bytes().first() {
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    if body == "Inf" || body == "inf" {
        return Ok(if negative {
            Number::NEG_INFINITY
        } else {
            Number::INFINITY
        });
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => body.split_at(i),
        None => (body, ""),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !all_digits(int) || !all_digits(frac) {
        return Err(NumberError::Syntax);
    }
    let mut text = String::with_capacity(s.len() + 2);
    if negative {
        text.push('-');
    }
    text.push_str(if int.is_empty() { "0" } else { int });
    if !frac.is_empty() {
        text.push('.');
        text.push_str(frac);
    }
    text.push_str(exponent);
    Number::parse(&text)
}

#[cfg(test)]
#[path = "convert_tests.rs"]
mod tests;
