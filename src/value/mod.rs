//! HCL values: [`Value`], [`Type`] and [`Number`], conversion between types
//! (safe and unsafe), type unification, NFC strings, null and unknown values,
//! and the serde bridge between values and Rust data.
//!
//! This layer owns the information model's "Values and Value Types" and
//! "Type Conversions and Unification" sections; it knows nothing of syntax,
//! evaluation or schemas. Errors are [`crate::diag::Error`]s without a range: the
//! layers that know where a value came from attach one (or build their own
//! diagnostic from a [`ConversionError`]).
//!
//! # Conversion
//!
//! [`convert()`] applies only *safe* conversions (number and bool to string,
//! set to list, ...); [`convert_unsafe`] also applies the *unsafe* ones
//! (string to number or bool, list to set, list to tuple, map to object,
//! dropping object attributes). HCL applications normally convert attribute
//! values with the unsafe variant (it is what Terraform does), so `"8080"`
//! becomes a number where a number is needed.
//!
//! ```
//! use hcl_json::value::{convert, convert_unsafe, Number, Type, Value};
//!
//! let port = Value::from("8080");
//! assert!(convert(&port, &Type::Number).is_err()); // string -> number is unsafe
//! assert_eq!(convert_unsafe(&port, &Type::Number).unwrap(), Value::from(8080));
//!
//! let third = Number::ONE.checked_div(&Number::from(3)).unwrap();
//! assert_eq!(third.to_string().len(), 102); // "0." and 100 digits
//!
//! let tags = Value::set(Type::String, ["b", "a", "b"].map(Value::from)).unwrap();
//! assert_eq!(tags.to_string(), r#"["a", "b"]"#);
//! ```

mod access;
mod conversion_error;
mod convert;
mod de;
mod elements;
mod entries;
pub mod limits;
mod marks;
mod mismatch;
mod number;
pub(crate) use number::format::decimal_parts;
pub(crate) mod ser;
mod string;
mod types;
mod unify;

use std::cmp::Ordering;
use std::fmt;

use indexmap::IndexMap;
use rust_decimal::Decimal;

use crate::diag::Error;

pub use access::AccessError;
pub use conversion_error::{ConversionError, PathStep};
pub(crate) use convert::without_extra_map_keys;
pub use convert::{convert, convert_unsafe, try_convert};
pub(crate) use de::give_value;
pub use de::{from_value, ValueDeserializer};
pub use elements::{Elements, ElementsIntoIter};
pub use entries::Entries;
pub(crate) use marks::{hoist, marks_may_exist};
pub use marks::{Marked, MarkedPaths, Marks};
pub(crate) use mismatch::{attributes_required, constraint_name, type_mismatch, type_name};
pub use number::{Number, NumberError};
pub use ser::{to_value, ValueSerializer};
pub use string::Str;
pub use types::Type;
pub(crate) use unify::MissingAttribute;
pub use unify::{unify, unify_unsafe};

/// An HCL value: known, null or unknown, of any [`Type`].
///
/// # Representation
///
/// [`Value`] is a public enum so other layers can pattern-match on it. Lists,
/// sets and maps store their element type, so an empty list still has a
/// type. Objects and maps keep insertion order ([`Entries`], an `IndexMap`
/// keyed by [`Str`]); equality and type identity ignore that order. Sets
/// keep distinct elements in a canonical, stable order (by kind, then
/// value), so two equal sets have their elements in the same order and
/// compare elementwise. Strings and object keys are NFC-normalized on
/// construction ([`Str`]).
///
/// A decoded file holds one `Value` per element and per attribute, so its
/// size is most of a decode's memory: collection payloads are one pointer
/// each ([`Elements`], also a [`Type::Tuple`]'s element types, is one
/// pointer wide, and a [`Type::Object`]'s attributes are boxed), which
/// keeps a `Value` at 32 bytes.
///
/// The constructors ([`Value::list`], [`Value::set`], [`Value::map`]) check
/// and convert their elements; code that builds the enum variants directly
/// must uphold the same invariants (elements of the stored element type,
/// sets sorted and distinct, keys normalized).
///
/// # Equality
///
/// `PartialEq` is the information model's equality for known values: equal
/// types and equal contents (numbers numerically, strings after NFC). For
/// null and unknown values it is identity: a null equals the null of the
/// same type, an unknown equals the unknown of the same type. The model's
/// *evaluated* equality, where comparing with an unknown yields an unknown
/// bool, is [`Value::equals`]. A marked value is not `==` to the same
/// value unmarked.
///
/// # Marks
///
/// A value can carry [`Marks`] (Terraform's *sensitive* and *ephemeral*),
/// as [`Value::Marked`]; so can each element of a collection. Evaluation
/// carries them to every value derived from a marked one, as Terraform
/// does; [`Value::marks`], [`Value::is_sensitive`], [`Value::unmark`],
/// [`Value::unmark_deep`] and [`Value::unmark_deep_with_paths`] read them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// The null value of a type: the absence of a value, type retained.
    Null(Type),
    /// A value not yet known, of a type (`Unknown(Type::Dynamic)` is "the
    /// dynamic value").
    Unknown(Type),
    /// A bool.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string, NFC-normalized.
    String(Str),
    /// A list: element type and elements, each of that type.
    List(Type, Elements),
    /// A set: element type and distinct elements in canonical order.
    Set(Type, Elements),
    /// A map: element type and entries, in insertion order.
    Map(Type, Entries),
    /// A tuple: its elements, each with its own type.
    Tuple(Elements),
    /// An object: its attributes, in insertion order.
    Object(Entries),
    /// A value with marks (Terraform's sensitive and ephemeral flags):
    /// never a marked value inside, never empty marks, made by
    /// [`Value::mark`]. The accessors read through it; see [`Marks`].
    Marked(Box<Marked>),
}

impl Value {
    /// The null value of `ty`.
    pub fn null(ty: Type) -> Value {
        Value::Null(ty)
    }

    /// The unknown value of `ty`.
    pub fn unknown(ty: Type) -> Value {
        Value::Unknown(ty)
    }

    /// The dynamic value: the unknown value of the dynamic pseudo-type.
    pub fn dynamic() -> Value {
        Value::Unknown(Type::Dynamic)
    }

    /// A list of `elem_ty`, each item converted to it (unsafe conversions
    /// allowed). With `Type::Dynamic`, the element type is the unification
    /// of the items' types. Errors name the offending element.
    pub fn list(elem_ty: Type, items: impl IntoIterator<Item = Value>) -> Result<Value, Error> {
        let (ty, items) = convert::collection_elements(elem_ty, items.into_iter().collect())?;
        Ok(Value::List(ty, items))
    }

    /// A set of `elem_ty`, built like [`Value::list`], then de-duplicated
    /// and put in canonical order.
    /// Marks on elements move to the set, as in go-cty.
    pub fn set(elem_ty: Type, items: impl IntoIterator<Item = Value>) -> Result<Value, Error> {
        let (ty, items) = convert::collection_elements(elem_ty, items.into_iter().collect())?;
        Ok(set_value(ty, items))
    }

    /// A map of `elem_ty`, built like [`Value::list`]. A repeated key keeps
    /// its first position and its last value.
    pub fn map<K: Into<Str>>(
        elem_ty: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, Error> {
        let (keys, values): (Vec<Str>, Vec<Value>) =
            entries.into_iter().map(|(k, v)| (k.into(), v)).unzip();
        let (ty, values) = convert::map_elements(elem_ty, &keys, values)?;
        Ok(Value::Map(ty, keys.into_iter().zip(values).collect()))
    }

    /// A tuple of the given elements.
    pub fn tuple(items: impl IntoIterator<Item = Value>) -> Value {
        Value::Tuple(items.into_iter().collect())
    }

    /// An object with the given attributes. A repeated name keeps its first
    /// position and its last value.
    pub fn object<K: Into<Str>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        Value::Object(attrs.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// The empty list of `elem_ty`.
    pub fn empty_list(elem_ty: Type) -> Value {
        Value::List(elem_ty, Elements::new())
    }

    /// The value's type. For `Dynamic`-typed nulls and unknowns it is
    /// `Type::Dynamic`.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::List(Box::new(t.clone())),
            Value::Set(t, _) => Type::Set(Box::new(t.clone())),
            Value::Map(t, _) => Type::Map(Box::new(t.clone())),
            Value::Tuple(items) => Type::Tuple(items.iter().map(Value::ty).collect()),
            Value::Object(attrs) => Type::object(attrs.iter().map(|(k, v)| (k.as_str(), v.ty()))),
            Value::Marked(m) => m.value().ty(),
        }
    }

    /// Whether the value itself is known (its elements may not be).
    pub fn is_known(&self) -> bool {
        match self {
            Value::Unknown(_) => false,
            Value::Marked(m) => !matches!(m.value(), Value::Unknown(_)),
            _ => true,
        }
    }

    /// Whether the value and everything inside it is known.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(_) => false,
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().all(Value::is_wholly_known)
            }
            Value::Map(_, m) | Value::Object(m) => m.values().all(Value::is_wholly_known),
            Value::Marked(m) => m.value().is_wholly_known(),
            _ => true,
        }
    }

    /// Whether this is a null value (of any type).
    pub fn is_null(&self) -> bool {
        match self {
            Value::Null(_) => true,
            Value::Marked(m) => matches!(m.value(), Value::Null(_)),
            _ => false,
        }
    }

    /// Equality as an operation (the `==` of expressions), as cty defines
    /// it: no conversion; nulls are equal to each other whatever their types
    /// and unequal to anything else; an unknown side gives an unknown bool,
    /// unless the types alone already tell the values apart; otherwise an
    /// unknown bool when either side is not wholly known, and the
    /// information model's equality (`==`) when both are.
    ///
    /// The result carries every mark of both sides.
    pub fn equals(&self, other: &Value) -> Value {
        if marks_may_exist() {
            if let Some(v) = marked_equals(self, other) {
                return v;
            }
        }
        match (self, other) {
            (Value::Unknown(_), Value::Unknown(_)) => Value::Unknown(Type::Bool),
            (Value::Unknown(t), known) | (known, Value::Unknown(t)) => {
                let ty = known.ty();
                if known.is_null() || t.has_dynamic() || ty.has_dynamic() || ty == *t {
                    Value::Unknown(Type::Bool)
                } else {
                    Value::Bool(false)
                }
            }
            (Value::Null(_), Value::Null(_)) => Value::Bool(true),
            (Value::Null(_), _) | (_, Value::Null(_)) => Value::Bool(false),
            _ if self.is_wholly_known() && other.is_wholly_known() => Value::Bool(self == other),
            _ => Value::Unknown(Type::Bool),
        }
    }

    /// The text of a string value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            // Not recursive (a marked value never holds another), so that
            // the accessor stays small enough to inline.
            Value::Marked(m) => match m.value() {
                Value::String(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// The number of a number value.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            Value::Marked(m) => match m.value() {
                Value::Number(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }

    /// The bool of a bool value.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            Value::Marked(m) => match m.value() {
                Value::Bool(b) => Some(*b),
                _ => None,
            },
            _ => None,
        }
    }

    /// The elements of a list, set or tuple, in order.
    pub fn as_elements(&self) -> Option<&[Value]> {
        match self {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Some(items),
            Value::Marked(m) => match m.value() {
                Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Some(items),
                _ => None,
            },
            _ => None,
        }
    }

    /// The entries of a map or object, in order.
    pub fn as_entries(&self) -> Option<&Entries> {
        match self {
            Value::Map(_, m) | Value::Object(m) => Some(m),
            Value::Marked(m) => match m.value() {
                Value::Map(_, m) | Value::Object(m) => Some(m),
                _ => None,
            },
            _ => None,
        }
    }

    /// An attribute of an object or an element of a map. The name is
    /// compared after NFC normalization.
    pub fn get_attr(&self, name: &str) -> Option<&Value> {
        let m = self.as_entries()?;
        m.get(name).or_else(|| {
            let n = Str::from(name);
            (n.as_str() != name).then(|| m.get(n.as_str())).flatten()
        })
    }

    /// The `index`th element of a list, set or tuple.
    pub fn get_index(&self, index: usize) -> Option<&Value> {
        self.as_elements()?.get(index)
    }

    /// The number of elements of a collection or structural value (`None`
    /// for primitives, nulls and unknowns).
    pub fn len(&self) -> Option<usize> {
        self.as_elements()
            .map(<[Value]>::len)
            .or_else(|| self.as_entries().map(Entries::len))
    }

    /// Whether a collection or structural value has no elements (`false`
    /// for anything else).
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Iterates over the elements of a list, set or tuple, or the values of
    /// a map or object; empty for anything else.
    pub fn iter(&self) -> impl Iterator<Item = &Value> {
        let (slice, map) = match self.unmarked() {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                (items.as_slice(), None)
            }
            Value::Map(_, m) | Value::Object(m) => (&[][..], Some(m.values())),
            _ => (&[][..], None),
        };
        slice.iter().chain(map.into_iter().flatten())
    }

    /// Converts to `ty` with safe conversions only; see [`convert()`].
    pub fn convert(&self, ty: &Type) -> Result<Value, Error> {
        convert(self, ty)
    }

    /// Converts to `ty`, unsafe conversions allowed; see [`convert_unsafe`].
    pub fn convert_unsafe(&self, ty: &Type) -> Result<Value, Error> {
        convert_unsafe(self, ty)
    }
}

/// Membership tests against a fixed collection of values in `O(log n)`
/// each: the values sorted in canonical order (which agrees with `==`
/// within one type), searched by bisection. What keeps `contains`-style
/// loops (`setintersection`, `matchkeys`, ...) from being quadratic.
#[derive(Debug)]
pub struct Membership<'a>(Vec<&'a Value>);

impl<'a> Membership<'a> {
    /// The membership of `items`.
    pub fn new(items: &'a [Value]) -> Membership<'a> {
        let mut sorted: Vec<&Value> = items.iter().collect();
        sorted.sort_by(|a, b| canonical_cmp(a, b));
        Membership(sorted)
    }

    /// Whether some item is `== v`.
    pub fn contains(&self, v: &Value) -> bool {
        // Equal under the canonical order is `==` only within a type;
        // values of other types (a tuple's mixed elements) are checked.
        let start = self
            .0
            .partition_point(|x| canonical_cmp(x, v) == Ordering::Less);
        self.0[start..]
            .iter()
            .take_while(|x| canonical_cmp(x, v) == Ordering::Equal)
            .any(|x| *x == v)
    }

    /// The first of each group of equal `items` (all of one type, as a
    /// list's are), in their order: `distinct` in `O(n log n)`.
    pub fn first_of_each(items: &[Value]) -> Vec<Value> {
        let mut order: Vec<usize> = (0..items.len()).collect();
        // Stable: within a group of equal values, the first comes first.
        order.sort_by(|&a, &b| canonical_cmp(&items[a], &items[b]));
        let mut keep = vec![false; items.len()];
        for (i, &idx) in order.iter().enumerate() {
            keep[idx] = i == 0 || items[order[i - 1]] != items[idx];
        }
        items
            .iter()
            .zip(keep)
            .filter(|&(_, k)| k)
            .map(|(v, _)| v.clone())
            .collect()
    }
}

/// `a.equals(b)` when either holds a mark: the equality of the unmarked
/// values, marked with every mark of both; `None` when neither does.
#[cold]
fn marked_equals(a: &Value, b: &Value) -> Option<Value> {
    let marks = a.marks_deep() | b.marks_deep();
    if marks.is_empty() {
        return None;
    }
    let (a, b) = (a.clone().unmark_deep().0, b.clone().unmark_deep().0);
    Some(a.equals(&b).mark(marks))
}

/// The set of `elem_ty` with these elements, which it sorts and
/// de-duplicates, their marks moved onto the set.
pub(crate) fn set_value(elem_ty: Type, items: Elements) -> Value {
    let (items, marks) = hoist(items);
    Value::Set(elem_ty, normalize_set(items)).mark(marks)
}

/// Sorts set elements into canonical order and drops duplicates.
pub(crate) fn normalize_set(mut items: Elements) -> Elements {
    items.sort_by(canonical_cmp);
    items.dedup();
    items
}

fn kind_rank(v: &Value) -> u8 {
    match v {
        Value::Bool(_) => 0,
        Value::Number(_) => 1,
        Value::String(_) => 2,
        Value::List(..) | Value::Set(..) | Value::Tuple(_) => 3,
        Value::Map(..) | Value::Object(_) => 4,
        Value::Null(_) => 5,
        Value::Unknown(_) => 6,
        Value::Marked(m) => kind_rank(m.value()),
    }
}

/// The canonical order of set elements: by kind, then by value (numbers
/// numerically, strings by code points, sequences lexicographically, maps
/// and objects by their sorted entries), nulls and then unknowns last. Two
/// values of one type compare `Equal` exactly when they are `==`.
fn canonical_cmp(a: &Value, b: &Value) -> Ordering {
    let rank = kind_rank(a).cmp(&kind_rank(b));
    if rank != Ordering::Equal {
        return rank;
    }
    match (a, b) {
        (Value::Marked(_), _) | (_, Value::Marked(_)) => {
            canonical_cmp(a.unmarked(), b.unmarked()).then_with(|| a.marks().cmp(&b.marks()))
        }
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Null(x), Value::Null(y)) | (Value::Unknown(x), Value::Unknown(y)) => x.cmp(y),
        _ => {
            if let (Some(x), Some(y)) = (a.as_elements(), b.as_elements()) {
                x.iter()
                    .zip(y)
                    .map(|(p, q)| canonical_cmp(p, q))
                    .find(|o| *o != Ordering::Equal)
                    .unwrap_or_else(|| x.len().cmp(&y.len()))
                    .then_with(|| a.ty().cmp(&b.ty()))
            } else {
                let (x, y) = (sorted_entries(a), sorted_entries(b));
                x.iter()
                    .zip(&y)
                    .map(|(p, q)| p.0.cmp(q.0).then_with(|| canonical_cmp(p.1, q.1)))
                    .find(|o| *o != Ordering::Equal)
                    .unwrap_or_else(|| x.len().cmp(&y.len()))
                    .then_with(|| a.ty().cmp(&b.ty()))
            }
        }
    }
}

fn sorted_entries(v: &Value) -> Vec<(&Str, &Value)> {
    let mut e: Vec<(&Str, &Value)> = v
        .as_entries()
        .map(|m| m.iter().collect())
        .unwrap_or_default();
    e.sort_by(|p, q| p.0.cmp(q.0));
    e
}

impl fmt::Display for Value {
    /// An HCL-like rendering for messages: `"text"`, `1.5`, `true`,
    /// `null`, `[1, 2]`, `{ a = 1 }`, `(unknown)` for unknown values;
    /// a sensitive value is `(sensitive value)` and an ephemeral one
    /// `(ephemeral value)`, as Terraform shows them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Marked(m) if m.marks().contains(Marks::SENSITIVE) => {
                f.write_str("(sensitive value)")
            }
            Value::Marked(m) if m.marks().contains(Marks::EPHEMERAL) => {
                f.write_str("(ephemeral value)")
            }
            Value::Marked(m) => write!(f, "{}", m.value()),
            Value::Null(_) => f.write_str("null"),
            Value::Unknown(_) => f.write_str("(unknown)"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) => f.write_str(&n.brief()),
            Value::String(s) => write_quoted(f, s),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            Value::Map(_, m) | Value::Object(m) => {
                if m.is_empty() {
                    return f.write_str("{}");
                }
                f.write_str("{ ")?;
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write_quoted(f, k)?;
                    write!(f, " = {v}")?;
                }
                f.write_str(" }")
            }
        }
    }
}

fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if c.is_control() => write!(f, "\\u{:04X}", c as u32)?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(Str::from(s))
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(Str::new(s))
    }
}

impl From<&String> for Value {
    fn from(s: &String) -> Value {
        Value::String(Str::from(s.as_str()))
    }
}

impl From<Str> for Value {
    fn from(s: Str) -> Value {
        Value::String(s)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

impl From<Decimal> for Value {
    fn from(d: Decimal) -> Value {
        Value::Number(Number::from(d))
    }
}

macro_rules! value_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::Number(Number::from(v))
            }
        }
    )*};
}
value_from_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl From<f64> for Value {
    /// A finite `f64` becomes the number with its shortest digits (`0.1` is
    /// exactly 0.1), the infinities become the number infinities; NaN,
    /// which HCL does not have, becomes the null number.
    fn from(v: f64) -> Value {
        if v.is_nan() {
            return Value::Null(Type::Number);
        }
        if v.is_infinite() {
            return Value::Number(if v > 0.0 {
                Number::INFINITY
            } else {
                Number::NEG_INFINITY
            });
        }
        Number::try_from(v).map_or(Value::Null(Type::Number), Value::Number)
    }
}

impl From<f32> for Value {
    /// Like `From<f64>`, with the shortest digits of the `f32`.
    fn from(v: f32) -> Value {
        match Number::try_from(v) {
            Ok(n) => Value::Number(n),
            Err(_) => Value::from(f64::from(v)),
        }
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// `None` is the dynamic-typed null.
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null(Type::Dynamic), Into::into)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    /// A tuple of the converted elements.
    fn from(v: Vec<T>) -> Value {
        Value::Tuple(v.into_iter().map(Into::into).collect())
    }
}

impl From<IndexMap<String, Value>> for Value {
    /// An object with these attributes (keys are NFC-normalized).
    fn from(m: IndexMap<String, Value>) -> Value {
        Value::object(m)
    }
}

impl From<Entries> for Value {
    /// An object with these attributes.
    fn from(m: Entries) -> Value {
        Value::Object(m)
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    /// A tuple of the converted elements.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Tuple(iter.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<Str>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// An object of the converted attributes.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::object(iter.into_iter().map(|(k, v)| (k, v.into())))
    }
}

#[cfg(test)]
mod tests;
