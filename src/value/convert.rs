//! Type conversion, safe and unsafe, as the information model's "Type
//! Conversions" section defines it, with errors that say what was required
//! and where inside the value.
//!
//! The type-level check ([`type_conversion`]) answers "can a value of this
//! type become that type, and is it safe?" and is what unknown values are
//! converted by; the value-level walk does the work and catches what only
//! values can tell (a list's length, a map's keys, a string's text).

use std::fmt;

use super::limits;
use super::number::{Number, NumberError};
use super::string::Str;
use super::types::Type;
use super::unify::{type_conversion, unify_unsafe, Safety};
use super::{normalize_set, Elements, Entries, Value};
use crate::diag::{Diagnostic, DiagnosticKind, Error};

/// One step into a nested value, for error messages.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathStep {
    /// An element of a list, set or tuple.
    Index(usize),
    /// An element of a map.
    Key(String),
    /// An attribute of an object.
    Attr(String),
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Index(i) => write!(f, "element {i}"),
            PathStep::Key(k) => write!(f, "element {k:?}"),
            PathStep::Attr(a) => write!(f, "attribute {a:?}"),
        }
    }
}

/// Why a value could not be converted: where (the path from the converted
/// value to the offending part, outermost first) and what was required
/// ("a number is required", "attribute \"name\" is required").
///
/// `Display` gives `element 2: a bool is required`, ready to put after
/// "Inappropriate value for attribute \"count\": ". Converting it into an
/// [`Error`] gives the diagnostic "Unsuitable value type" with detail
/// "Unsuitable value: element 2: a bool is required.".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError {
    /// Where inside the value, outermost step first; empty for the value
    /// itself.
    pub path: Vec<PathStep>,
    /// What was wrong, without a trailing period.
    pub message: String,
}

impl ConversionError {
    fn new(path: &[PathStep], message: impl Into<String>) -> ConversionError {
        ConversionError {
            path: path.to_vec(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.path {
            write!(f, "{step}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}

impl From<ConversionError> for Error {
    fn from(e: ConversionError) -> Error {
        unsuitable(e.to_string())
    }
}

/// The error of a value that does not fit the type a place requires: HCL's
/// "Unsuitable value type", with `reason` ("a number is required") in the
/// detail for people and in the [`DiagnosticKind`] for the layers that
/// reword it with a location.
#[cold]
pub(crate) fn unsuitable(reason: impl Into<String>) -> Error {
    let reason = reason.into();
    Error::new(
        Diagnostic::error(
            "Unsuitable value type",
            format!("Unsuitable value: {reason}."),
            None,
        )
        .with_kind(DiagnosticKind::UnsuitableValue { reason }),
    )
}

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
pub fn try_convert(value: &Value, ty: &Type, allow_unsafe: bool) -> Result<Value, ConversionError> {
    let mut cx = Cx {
        allow_unsafe,
        path: Vec::new(),
    };
    cx.convert(value, ty)
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
                    _ => Err(self.err(required(ty))),
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
                Ok(Value::Set(t, normalize_set(items)))
            }
            (Value::List(_, items) | Value::Tuple(items), Type::Set(elem)) => {
                self.unsafe_ok(ty)?;
                let (t, items) = self.elements(items, elem, None)?;
                Ok(Value::Set(t, normalize_set(items)))
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
mod tests {
    use super::*;

    fn num(s: &str) -> Value {
        Value::Number(Number::parse(s).unwrap())
    }
    fn s(t: &str) -> Value {
        Value::from(t)
    }
    fn safe(v: &Value, t: &Type) -> Result<Value, String> {
        try_convert(v, t, false).map_err(|e| e.to_string())
    }
    fn unsafe_(v: &Value, t: &Type) -> Result<Value, String> {
        try_convert(v, t, true).map_err(|e| e.to_string())
    }

    #[test]
    fn conversion_to_same_type_is_a_no_op() {
        let v = Value::list(Type::Number, [num("1")]).unwrap();
        assert_eq!(safe(&v, &Type::list(Type::Number)), Ok(v));
    }

    #[test]
    fn null_converts_to_null_of_any_type() {
        let v = Value::null(Type::String);
        assert_eq!(safe(&v, &Type::Number), Ok(Value::null(Type::Number)));
        assert_eq!(
            safe(&v, &Type::list(Type::Bool)),
            Ok(Value::null(Type::list(Type::Bool)))
        );
    }

    #[test]
    fn conversion_to_dynamic_returns_the_value_verbatim() {
        assert_eq!(safe(&num("1"), &Type::Dynamic), Ok(num("1")));
        assert_eq!(
            safe(&Value::null(Type::Bool), &Type::Dynamic),
            Ok(Value::null(Type::Bool))
        );
    }

    #[test]
    fn dynamic_value_converts_to_unknown_of_target() {
        assert_eq!(
            safe(&Value::dynamic(), &Type::Number),
            Ok(Value::unknown(Type::Number))
        );
    }

    #[test]
    fn unknown_converts_when_its_type_does() {
        let u = Value::unknown(Type::String);
        assert_eq!(safe(&u, &Type::Number), Err("a number is required".into()));
        assert_eq!(unsafe_(&u, &Type::Number), Ok(Value::unknown(Type::Number)));
        assert_eq!(
            unsafe_(&u, &Type::list(Type::String)),
            Err("a list of string is required".into())
        );
    }

    #[test]
    fn number_to_string_is_safe_and_full_precision() {
        assert_eq!(safe(&num("1e3"), &Type::String), Ok(s("1000")));
        assert_eq!(safe(&num("-1.50"), &Type::String), Ok(s("-1.5")));
        let big = num("123456789012345678901234567890.000000000000000000000000000001");
        assert_eq!(
            safe(&big, &Type::String),
            Ok(s(
                "123456789012345678901234567890.000000000000000000000000000001"
            ))
        );
    }

    #[test]
    fn bool_to_string_is_safe() {
        assert_eq!(safe(&Value::Bool(true), &Type::String), Ok(s("true")));
        assert_eq!(safe(&Value::Bool(false), &Type::String), Ok(s("false")));
    }

    #[test]
    fn string_to_number_is_unsafe() {
        assert_eq!(
            safe(&s("8080"), &Type::Number),
            Err("a number is required".into())
        );
        assert_eq!(unsafe_(&s("8080"), &Type::Number), Ok(num("8080")));
        assert_eq!(unsafe_(&s("-1.25"), &Type::Number), Ok(num("-1.25")));
    }

    #[test]
    fn string_to_number_accepts_go_float_syntax() {
        // What Go HCL's conversion (big.ParseFloat) accepts.
        assert_eq!(unsafe_(&s("1e3"), &Type::Number), Ok(num("1000")));
        assert_eq!(unsafe_(&s("+1"), &Type::Number), Ok(num("1")));
        assert_eq!(unsafe_(&s("-.5"), &Type::Number), Ok(num("-0.5")));
    }

    #[test]
    fn string_to_number_rejects_spaces_and_junk() {
        for t in [" 1", "1 ", "", "abc", "1,5", "+", ".", "1e", "1_0", "0x1f"] {
            assert_eq!(
                unsafe_(&s(t), &Type::Number),
                Err("a number is required".into()),
                "{t:?}"
            );
        }
    }

    #[test]
    fn string_to_bool_accepts_true_false_one_zero() {
        assert_eq!(unsafe_(&s("true"), &Type::Bool), Ok(Value::Bool(true)));
        assert_eq!(unsafe_(&s("1"), &Type::Bool), Ok(Value::Bool(true)));
        assert_eq!(unsafe_(&s("false"), &Type::Bool), Ok(Value::Bool(false)));
        assert_eq!(unsafe_(&s("0"), &Type::Bool), Ok(Value::Bool(false)));
        for t in ["True", "yes", "", " true"] {
            assert_eq!(
                unsafe_(&s(t), &Type::Bool),
                Err("a bool is required".into())
            );
        }
        assert_eq!(
            safe(&s("true"), &Type::Bool),
            Err("a bool is required".into())
        );
    }

    #[test]
    fn bool_and_number_do_not_convert() {
        assert_eq!(
            unsafe_(&Value::Bool(true), &Type::Number),
            Err("a number is required".into())
        );
        assert_eq!(
            unsafe_(&num("1"), &Type::Bool),
            Err("a bool is required".into())
        );
    }

    #[test]
    fn set_to_list_is_safe_in_set_order() {
        let set = Value::set(Type::Number, [num("2"), num("1")]).unwrap();
        assert_eq!(
            safe(&set, &Type::list(Type::String)),
            Ok(Value::List(Type::String, Elements::from([s("1"), s("2")])))
        );
    }

    #[test]
    fn list_to_set_is_unsafe_and_merges_duplicates() {
        let list = Value::list(Type::String, [s("b"), s("a"), s("b")]).unwrap();
        assert_eq!(
            safe(&list, &Type::set(Type::String)),
            Err("a set of string is required".into())
        );
        assert_eq!(
            unsafe_(&list, &Type::set(Type::String)),
            Ok(Value::Set(Type::String, Elements::from([s("a"), s("b")])))
        );
    }

    #[test]
    fn tuple_to_list_converts_each_element() {
        let t = Value::tuple([num("1"), Value::Bool(true)]);
        assert_eq!(
            safe(&t, &Type::list(Type::String)),
            Ok(Value::List(
                Type::String,
                Elements::from([s("1"), s("true")])
            ))
        );
        assert_eq!(
            safe(&Value::tuple([num("1"), s("x")]), &Type::list(Type::Number)),
            Err("element 1: a number is required".into())
        );
    }

    #[test]
    fn tuple_to_list_of_any_unifies() {
        let t = Value::tuple([num("1"), s("a")]);
        assert_eq!(
            safe(&t, &Type::list(Type::Dynamic)),
            Ok(Value::List(Type::String, Elements::from([s("1"), s("a")])))
        );
        let bad = Value::tuple([num("1"), Value::tuple([])]);
        assert_eq!(
            safe(&bad, &Type::list(Type::Dynamic)),
            Err("all elements must have the same type".into())
        );
    }

    #[test]
    fn tuple_to_set_behaves_as_list_then_set() {
        let t = Value::tuple([s("b"), s("a"), s("b")]);
        assert_eq!(
            safe(&t, &Type::set(Type::String)),
            Err("a set of string is required".into())
        );
        assert_eq!(
            unsafe_(&t, &Type::set(Type::String)),
            Ok(Value::Set(Type::String, Elements::from([s("a"), s("b")])))
        );
    }

    #[test]
    fn object_to_map_converts_each_attribute() {
        let o = Value::object([("a", num("1")), ("b", Value::Bool(false))]);
        let m = safe(&o, &Type::map(Type::String)).unwrap();
        assert_eq!(
            m,
            Value::map(Type::String, [("a", s("1")), ("b", s("false"))]).unwrap()
        );
        assert_eq!(
            safe(&o, &Type::map(Type::Number)),
            Err("element \"b\": a number is required".into())
        );
        // `map(any)` unifies as go-cty does: a number and a bool have no
        // common type, but with a string they all become strings.
        assert_eq!(
            safe(&o, &Type::map(Type::Dynamic)),
            Err("all map elements must have the same type".into())
        );
        let o = Value::object([("a", num("1")), ("b", Value::Bool(false)), ("c", s("x"))]);
        let any = safe(&o, &Type::map(Type::Dynamic)).unwrap();
        assert_eq!(any.ty(), Type::map(Type::String));
    }

    #[test]
    fn list_to_tuple_is_unsafe_and_needs_matching_length() {
        let l = Value::list(Type::String, [s("1"), s("x")]).unwrap();
        let t = Type::tuple([Type::Number, Type::String]);
        assert_eq!(safe(&l, &t), Err("a tuple is required".into()));
        assert_eq!(unsafe_(&l, &t), Ok(Value::tuple([num("1"), s("x")])));
        assert_eq!(
            unsafe_(&l, &Type::tuple([Type::String])),
            Err("a tuple of 1 element is required, but the list has 2".into())
        );
        let set = Value::set(Type::Number, [num("1")]).unwrap();
        assert_eq!(
            unsafe_(&set, &Type::tuple([Type::Number])),
            Ok(Value::tuple([num("1")]))
        );
    }

    #[test]
    fn map_to_object_needs_exactly_the_attributes() {
        let m = Value::map(Type::String, [("a", s("1")), ("b", s("x"))]).unwrap();
        let t = Type::object([("a", Type::Number), ("b", Type::String)]);
        assert_eq!(safe(&m, &t), Err("an object is required".into()));
        assert_eq!(
            unsafe_(&m, &t),
            Ok(Value::object([("a", num("1")), ("b", s("x"))]))
        );
        let t2 = Type::object([("a", Type::Number), ("name", Type::String)]);
        assert_eq!(
            unsafe_(&m, &t2),
            Err("attribute \"name\" is required".into())
        );
        let t3 = Type::object([("a", Type::Number)]);
        assert_eq!(unsafe_(&m, &t3), Err("unsupported attribute \"b\"".into()));
    }

    #[test]
    fn object_to_object_fills_missing_attributes_with_null() {
        let o = Value::object([("a", num("1"))]);
        let t = Type::object([("a", Type::String), ("b", Type::Bool)]);
        assert_eq!(
            safe(&o, &t),
            Ok(Value::object([
                ("a", s("1")),
                ("b", Value::null(Type::Bool))
            ]))
        );
    }

    #[test]
    fn object_to_object_dropping_attributes_is_unsafe() {
        let o = Value::object([("a", num("1")), ("extra", s("x"))]);
        let t = Type::object([("a", Type::Number)]);
        assert_eq!(safe(&o, &t), Err("unsupported attribute \"extra\"".into()));
        assert_eq!(unsafe_(&o, &t), Ok(Value::object([("a", num("1"))])));
    }

    #[test]
    fn nested_errors_carry_the_path() {
        let o = Value::object([("a", Value::tuple([num("1"), num("2"), s("x")]))]);
        let t = Type::object([("a", Type::list(Type::Bool))]);
        let e = try_convert(&o, &t, true).unwrap_err();
        assert_eq!(
            e.to_string(),
            "attribute \"a\": element 0: a bool is required"
        );
        assert_eq!(e.path, vec![PathStep::Attr("a".into()), PathStep::Index(0)]);
        assert_eq!(e.message, "a bool is required");
    }

    #[test]
    fn tuple_to_tuple_needs_same_length() {
        let v = Value::tuple([num("1")]);
        assert_eq!(
            safe(&v, &Type::tuple([Type::String])),
            Ok(Value::tuple([s("1")]))
        );
        assert_eq!(
            safe(&v, &Type::tuple([Type::String, Type::String])),
            Err("a tuple of 2 elements is required, but the tuple has 1".into())
        );
    }

    #[test]
    fn values_matching_a_dynamic_specification_keep_their_type() {
        let empty = Value::empty_list(Type::String);
        assert_eq!(safe(&empty, &Type::list(Type::Dynamic)), Ok(empty.clone()));
        let unknown = Value::unknown(Type::list(Type::String));
        assert_eq!(
            safe(&unknown, &Type::list(Type::Dynamic)),
            Ok(unknown.clone())
        );
        let null = Value::null(Type::map(Type::Number));
        assert_eq!(safe(&null, &Type::map(Type::Dynamic)), Ok(null.clone()));
    }

    #[test]
    fn collections_convert_element_wise() {
        let l = Value::list(Type::Number, [num("1")]).unwrap();
        assert_eq!(
            safe(&l, &Type::list(Type::String)),
            Ok(Value::List(Type::String, Elements::from([s("1")])))
        );
        let m = Value::map(Type::String, [("k", s("1"))]).unwrap();
        assert_eq!(
            unsafe_(&m, &Type::map(Type::Number)),
            Ok(Value::map(Type::Number, [("k", num("1"))]).unwrap())
        );
        let set = Value::set(Type::Number, [num("10"), num("9")]).unwrap();
        // Re-sorted by the new element type: "10" < "9" as strings.
        assert_eq!(
            safe(&set, &Type::set(Type::String)),
            Ok(Value::Set(Type::String, Elements::from([s("10"), s("9")])))
        );
    }

    #[test]
    fn mismatched_kinds_say_what_is_required() {
        assert_eq!(
            safe(&num("1"), &Type::list(Type::String)),
            Err("a list of string is required".into())
        );
        assert_eq!(
            safe(&s("x"), &Type::object([("a", Type::Bool)])),
            Err("an object is required".into())
        );
        assert_eq!(
            safe(&Value::tuple([]), &Type::String),
            Err("a string is required".into())
        );
    }

    #[test]
    fn conversion_error_becomes_unsuitable_value_diagnostic() {
        let e = convert(&s("x"), &Type::Number).unwrap_err();
        let d = &e.diagnostics()[0];
        assert_eq!(d.summary, "Unsuitable value type");
        assert_eq!(d.detail, "Unsuitable value: a number is required.");
        assert_eq!(
            d.kind,
            DiagnosticKind::UnsuitableValue {
                reason: "a number is required".into()
            }
        );
    }
}
