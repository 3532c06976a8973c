//! Attribute access and indexing of values, with HCL's rules: what `a.b`
//! and `a[k]` mean for every kind of value, including null and unknown
//! ones. Shared by expression evaluation and by static traversals, so both
//! give the same results and the same messages.

use std::fmt;

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
    /// object attribute by string (the key is converted as needed). Unknown
    /// collections or keys give unknown results of the right type. The
    /// result has its own marks, the collection's and the key's.
    pub fn index_hcl(&self, key: &Value) -> Result<Value, AccessError> {
        if let (Value::Marked(_), _) | (_, Value::Marked(_)) = (self, key) {
            let marks = self.marks() | key.marks();
            return Ok(self.unmarked().index_hcl(key.unmarked())?.mark(marks));
        }
        if key.is_null() {
            return fail(
                "Invalid index",
                "Can't use a null value as an indexing key.".into(),
            );
        }
        match self {
            Value::Null(_) => fail(
                "Attempt to index null value",
                "This value is null, so it does not have any indices.".into(),
            ),
            Value::Set(..) => set_index(),
            Value::Unknown(Type::Set(_)) => set_index(),
            Value::List(_, items) | Value::Tuple(items) => {
                let Some(i) = element_index(key)? else {
                    return Ok(Value::unknown(element_type(self)));
                };
                match items.get(i) {
                    Some(v) => Ok(v.clone()),
                    None => out_of_range(key),
                }
            }
            Value::Map(_, entries) | Value::Object(entries) => {
                let Some(k) = string_key(key)? else {
                    return Ok(Value::unknown(element_type(self)));
                };
                match entries.get(k.as_str()) {
                    Some(v) => Ok(v.clone()),
                    None if matches!(self, Value::Object(_)) => fail(
                        "Invalid index",
                        format!("The given key does not identify an element in this collection value: this object has no attribute {k:?}."),
                    ),
                    None => fail(
                        "Invalid index",
                        format!("The given key does not identify an element in this collection value: this map has no element {k:?}."),
                    ),
                }
            }
            Value::Unknown(ty) => {
                // Still check the key, so `x[true]` is an error even when x is
                // not yet known.
                match ty {
                    Type::List(_) | Type::Tuple(_) => {
                        element_index(key)?;
                    }
                    Type::Map(_) | Type::Object(_) => {
                        string_key(key)?;
                    }
                    Type::Dynamic => {}
                    other => return not_indexable(other),
                }
                Ok(Value::unknown(element_type(self)))
            }
            other => not_indexable(&other.ty()),
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
fn element_type(v: &Value) -> Type {
    match v.ty() {
        Type::List(t) | Type::Map(t) | Type::Set(t) => *t,
        _ => Type::Dynamic,
    }
}

/// A list index: `Some(i)`, `None` when the key is unknown.
fn element_index(key: &Value) -> Result<Option<usize>, AccessError> {
    if !key.is_known() {
        return Ok(None);
    }
    let Ok(Value::Number(n)) = key.convert_unsafe(&Type::Number) else {
        return Err(AccessError {
            summary: "Invalid index",
            detail: format!(
                "The given key does not identify an element in this collection value: a number is required, but got {}.",
                key.ty().friendly_name_with_article()
            ),
        });
    };
    match n.to_u64().filter(|_| n.is_integer()) {
        Some(i) => Ok(Some(usize::try_from(i).unwrap_or(usize::MAX))),
        None => Err(AccessError {
            summary: "Invalid index",
            detail: format!(
                "The given key does not identify an element in this collection value: {n} is not a whole number from 0 up."
            ),
        }),
    }
}

/// A map key: `Some(k)`, `None` when the key is unknown.
fn string_key(key: &Value) -> Result<Option<String>, AccessError> {
    if !key.is_known() {
        return Ok(None);
    }
    match key.convert_unsafe(&Type::String) {
        Ok(Value::String(s)) => Ok(Some(s.into_string())),
        _ => Err(AccessError {
            summary: "Invalid index",
            detail: format!(
                "The given key does not identify an element in this collection value: a string is required, but got {}.",
                key.ty().friendly_name_with_article()
            ),
        }),
    }
}

fn out_of_range(key: &Value) -> Result<Value, AccessError> {
    fail(
        "Invalid index",
        format!("The given key does not identify an element in this collection value: the index {key} is out of range."),
    )
}

fn set_index() -> Result<Value, AccessError> {
    fail(
        "Invalid index",
        "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.".into(),
    )
}

fn not_indexable(ty: &Type) -> Result<Value, AccessError> {
    fail(
        "Invalid index",
        format!(
            "This value does not have any indices: it is {}.",
            ty.friendly_name_with_article()
        ),
    )
}

fn not_an_object(ty: &Type, name: &str) -> Result<Value, AccessError> {
    let detail = match ty {
        Type::List(_) | Type::Tuple(_) | Type::Set(_) => format!(
            "Can't access attributes on {}. Did you mean to access attribute {name:?} for a specific element of the list, or across all elements of the list (with a splat, [*].{name})?",
            ty.friendly_name_with_article()
        ),
        _ => format!(
            "Can't access attributes on a primitive-typed value ({}).",
            ty.friendly_name()
        ),
    };
    fail("Unsupported attribute", detail)
}

#[cfg(test)]
#[path = "access_tests.rs"]
mod tests;
