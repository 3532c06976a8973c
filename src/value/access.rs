//! Attribute access and indexing of values, with HCL's rules: what `a.b`
//! and `a[k]` mean for every kind of value, including null and unknown
//! ones. Shared by expression evaluation and by static traversals, so both
//! give the same results and the same messages.

use std::fmt;

use super::convert::try_convert;
use super::{Type, Value};
use crate::diag::DiagnosticKind;

/// Why an attribute access or an index failed: a diagnostic summary and a
/// sentence of detail, for the caller to put on the step's range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessError {
    /// One line, e.g. "Unsupported attribute".
    pub summary: &'static str,
    /// What is wrong and what to do.
    pub detail: String,
}

impl AccessError {
    /// The kind of the diagnostic this error becomes.
    pub fn kind(&self) -> DiagnosticKind {
        match self.summary {
            "Unsupported attribute" => DiagnosticKind::UnsupportedAttribute,
            _ => DiagnosticKind::Other,
        }
    }
}

impl fmt::Display for AccessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for AccessError {}

fn fail(summary: &'static str, detail: String) -> Result<Value, AccessError> {
    Err(AccessError { summary, detail })
}

impl Value {
    /// `self.name`: an object's attribute or a map's element. Unknown
    /// values give unknown results of the right type. The result has its
    /// own marks and the object's.
    pub fn get_attr_hcl(&self, name: &str) -> Result<Value, AccessError> {
        match self {
            Value::Marked(m) => Ok(m.value().get_attr_hcl(name)?.mark(m.marks())),
            Value::Null(_) => fail(
                "Attempt to get attribute from null value",
                "This value is null, so it does not have any attributes.".into(),
            ),
            Value::Object(attrs) => match attrs.get(name) {
                Some(v) => Ok(v.clone()),
                None => fail(
                    "Unsupported attribute",
                    format!("This object does not have an attribute named {name:?}."),
                ),
            },
            Value::Map(_, entries) => match entries.get(name) {
                Some(v) => Ok(v.clone()),
                None => fail(
                    "Missing map element",
                    format!("This map does not have an element with the key {name:?}."),
                ),
            },
            Value::Unknown(ty) => match ty {
                Type::Dynamic => Ok(Value::dynamic()),
                Type::Object(attrs) => match attrs.get(name) {
                    Some(t) => Ok(Value::unknown(t.clone())),
                    None => fail(
                        "Unsupported attribute",
                        format!("This object does not have an attribute named {name:?}."),
                    ),
                },
                Type::Map(elem) => Ok(Value::unknown((**elem).clone())),
                other => not_an_object(other, name),
            },
            other => not_an_object(&other.ty(), name),
        }
    }

    /// `self[key]`: a list or tuple element by number, a map element or an
    /// object attribute by string (the key is converted as needed), as
    /// HCL 2.24's `hcl.Index` gives it, messages and all (which never show
    /// the key, that may be sensitive). Unknown collections or keys give
    /// unknown results of the right type. The result has its own marks,
    /// the collection's and the key's.
    pub fn index_hcl(&self, key: &Value) -> Result<Value, AccessError> {
        if let (Value::Marked(_), _) | (_, Value::Marked(_)) = (self, key) {
            let marks = self.marks() | key.marks();
            return Ok(self.unmarked().index_hcl(key.unmarked())?.mark(marks));
        }
        if let Value::Null(_) = self {
            return fail(
                "Attempt to index null value",
                "This value is null, so it does not have any indices.".into(),
            );
        }
        if key.is_null() {
            return fail(
                "Invalid index",
                "Can't use a null value as an indexing key.".into(),
            );
        }
        if let (Value::Unknown(Type::Dynamic), _) | (_, Value::Unknown(Type::Dynamic)) = (self, key)
        {
            return Ok(Value::dynamic());
        }
        match self {
            Value::List(elem, items) => match element_index(key)? {
                Some(i) if i < items.len() => Ok(items[i].clone()),
                Some(_) => sequence_miss(key, items.len()),
                None => Ok(Value::unknown(elem.clone())),
            },
            Value::Unknown(Type::List(elem)) => {
                element_index(key)?;
                Ok(Value::unknown((**elem).clone()))
            }
            Value::Tuple(items) => match element_index(key)? {
                Some(i) if i < items.len() => Ok(items[i].clone()),
                Some(_) => sequence_miss(key, items.len()),
                None => Ok(Value::dynamic()),
            },
            Value::Unknown(Type::Tuple(types)) => match element_index(key)? {
                Some(i) if i < types.len() => Ok(Value::unknown(types[i].clone())),
                Some(_) => sequence_miss(key, types.len()),
                None => Ok(Value::dynamic()),
            },
            Value::Map(elem, entries) => match string_key(key)? {
                Some(k) => match entries.get(k.as_str()) {
                    Some(v) => Ok(v.clone()),
                    None => no_element(""),
                },
                None => Ok(Value::unknown(elem.clone())),
            },
            Value::Unknown(Type::Map(elem)) => {
                string_key(key)?;
                Ok(Value::unknown((**elem).clone()))
            }
            Value::Object(entries) => match string_key(key)? {
                Some(k) => match entries.get(k.as_str()) {
                    Some(v) => Ok(v.clone()),
                    None => no_attribute(key),
                },
                None => Ok(Value::dynamic()),
            },
            Value::Unknown(Type::Object(attrs)) => match string_key(key)? {
                Some(k) => match attrs.get(k.as_str()) {
                    Some(t) => Ok(Value::unknown(t.clone())),
                    None => no_attribute(key),
                },
                None => Ok(Value::dynamic()),
            },
            Value::Set(..) | Value::Unknown(Type::Set(_)) => set_index(),
            _ => fail(
                "Invalid index",
                "This value does not have any indices.".into(),
            ),
        }
    }
}

impl Value {
    /// `self.name` borrowed, when it is an attribute of an object or an
    /// element of a map that is there: the same value
    /// [`get_attr_hcl`](Value::get_attr_hcl) would copy. `None` in every
    /// other case (which that method then decides).
    pub(crate) fn attr_ref(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object(attrs) | Value::Map(_, attrs) => attrs.get(name),
            _ => None,
        }
    }

    /// `self[key]` borrowed, when the key is a whole number naming an
    /// element of a list or tuple, or a string naming an element of a map
    /// or an attribute of an object: the same value
    /// [`index_hcl`](Value::index_hcl) would copy. `None` in every other
    /// case (conversions of the key, unknowns, errors).
    pub(crate) fn index_ref(&self, key: &Value) -> Option<&Value> {
        match (self, key) {
            (Value::List(_, items) | Value::Tuple(items), Value::Number(n)) => {
                let i = n.to_u64().filter(|_| n.is_integer())?;
                items.get(usize::try_from(i).ok()?)
            }
            (Value::Map(_, entries) | Value::Object(entries), Value::String(k)) => {
                entries.get(k.as_str())
            }
            _ => None,
        }
    }
}

/// The type of an element of a collection value, for unknown results.
/// The key of a list or tuple converted to a number: `Some(i)` for a whole
/// number from 0 (`usize::MAX` past the addressable), `Some(usize::MAX)`
/// for any other number (no element has it), `None` when it is unknown.
fn element_index(key: &Value) -> Result<Option<usize>, AccessError> {
    match key_as(key, &Type::Number)? {
        Value::Number(n) => Ok(Some(
            n.to_u64()
                .filter(|_| n.is_integer())
                .map_or(usize::MAX, |i| usize::try_from(i).unwrap_or(usize::MAX)),
        )),
        _ => Ok(None),
    }
}

/// The key of a map or object converted to a string; `None` when it is
/// unknown.
fn string_key(key: &Value) -> Result<Option<String>, AccessError> {
    match key_as(key, &Type::String)? {
        Value::String(s) => Ok(Some(s.into_string())),
        _ => Ok(None),
    }
}

fn key_as(key: &Value, ty: &Type) -> Result<Value, AccessError> {
    try_convert(key, ty, true).map_err(|e| AccessError {
        summary: "Invalid index",
        detail: format!(
            "The given key does not identify an element in this collection value: {e}."
        ),
    })
}

/// A list or tuple of `len` elements has none at number `key`. HCL names
/// the reason for a fractional or negative key, and for a key equal to the
/// length; a larger one gets the general message (its length check
/// compares the other way round).
fn sequence_miss(key: &Value, len: usize) -> Result<Value, AccessError> {
    let Ok(Value::Number(n)) = key_as(key, &Type::Number) else {
        return no_element("");
    };
    if !n.is_integer() {
        return no_element(": indexing a sequence requires a whole number, but the given index has a fractional part");
    }
    if n.is_negative() {
        return no_element(": a negative number is not a valid index for a sequence");
    }
    match n.to_u64() {
        Some(0) if len == 0 => no_element(": the collection has no elements"),
        Some(i) if i == len as u64 => {
            no_element(": the given index is greater than or equal to the length of the collection")
        }
        _ => no_element(""),
    }
}

fn no_element(reason: &str) -> Result<Value, AccessError> {
    fail(
        "Invalid index",
        format!("The given key does not identify an element in this collection value{reason}."),
    )
}

/// An object has no attribute named by `key`; a number key gets a hint.
fn no_attribute(key: &Value) -> Result<Value, AccessError> {
    let hint = if let Value::Number(_) | Value::Unknown(Type::Number) = key {
        " An object only supports looking up attributes by name, not by numeric index."
    } else {
        ""
    };
    fail(
        "Invalid index",
        format!("The given key does not identify an element in this collection value.{hint}"),
    )
}

fn set_index() -> Result<Value, AccessError> {
    fail(
        "Invalid index",
        "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.".into(),
    )
}

/// Attribute `name` of a value that has no attributes, with HCL's hints
/// for a list or set of objects.
fn not_an_object(ty: &Type, name: &str) -> Result<Value, AccessError> {
    let detail = match ty {
        Type::List(elem) => match &**elem {
            Type::Object(attrs) if attrs.contains_key(name) => format!(
                "Can't access attributes on a list of objects. Did you mean to access attribute {name:?} for a specific element of the list, or across all elements of the list?"
            ),
            Type::Object(_) => "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".into(),
            _ => "This value does not have any attributes.".into(),
        },
        Type::Set(elem) if matches!(**elem, Type::Object(_)) => "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".into(),
        Type::String | Type::Number | Type::Bool => format!(
            "Can't access attributes on a primitive-typed value ({}).",
            ty.friendly_name()
        ),
        _ => "This value does not have any attributes.".into(),
    };
    fail("Unsupported attribute", detail)
}

#[cfg(test)]
#[path = "access_tests.rs"]
mod tests;
