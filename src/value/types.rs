//! HCL value types: the primitive, collection and structural types, the
//! dynamic pseudo-type, type identity and the "matches" relation of type
//! specifications, and their display.

use std::collections::BTreeMap;
use std::fmt;

use super::Elements;

/// The type of an HCL value, as the information model defines it.
///
/// Type identity is `==`: two types are identical when they are of the same
/// kind with identical element, attribute or tuple element types. Object
/// attributes live in a `BTreeMap`, so the identity of object types ignores
/// the order attributes were written in, and displays list them sorted by
/// name (the way HCL and Terraform print them).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// A Unicode string (NFC-normalized).
    String,
    /// An arbitrary-precision decimal number, or ±infinity.
    Number,
    /// `true` or `false`.
    Bool,
    /// An ordered sequence of values of one element type.
    List(Box<Type>),
    /// String keys to values of one element type.
    Map(Box<Type>),
    /// Distinct values of one element type.
    Set(Box<Type>),
    /// Named attributes, each with its own type (boxed: it keeps `Type`,
    /// and so [`Value`](crate::value::Value), small).
    Object(Box<BTreeMap<String, Type>>),
    /// A fixed-length sequence of elements, each with its own type (one
    /// pointer wide, as a value's [`Elements`] are: it keeps `Type` at two
    /// words and [`Value`](crate::value::Value) at four).
    Tuple(Elements<Type>),
    /// The dynamic pseudo-type: a placeholder for a type not yet known. As a
    /// type specification it matches every type.
    Dynamic,
}

impl Type {
    /// `list(elem)`.
    pub fn list(elem: Type) -> Type {
        Type::List(Box::new(elem))
    }

    /// `map(elem)`.
    pub fn map(elem: Type) -> Type {
        Type::Map(Box::new(elem))
    }

    /// `set(elem)`.
    pub fn set(elem: Type) -> Type {
        Type::Set(Box::new(elem))
    }

    /// An object type from `(name, type)` pairs; a repeated name keeps its
    /// last type.
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Box::new(
            attrs.into_iter().map(|(k, t)| (k.into(), t)).collect(),
        ))
    }

    /// A tuple type.
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elems.into_iter().collect())
    }

    /// Whether this is `string`, `number` or `bool`.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// Whether this is a list, map or set type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Map(_) | Type::Set(_))
    }

    /// Whether this is an object or tuple type.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }

    /// The element type of a list, map or set type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(t) | Type::Map(t) | Type::Set(t) => Some(t),
            _ => None,
        }
    }

    /// Whether the type is or contains the dynamic pseudo-type anywhere.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(t) | Type::Map(t) | Type::Set(t) => t.has_dynamic(),
            Type::Object(attrs) => attrs.values().any(Type::has_dynamic),
            Type::Tuple(elems) => elems.iter().any(Type::has_dynamic),
            Type::String | Type::Number | Type::Bool => false,
        }
    }

    /// Whether `self`, read as a type specification, is matched by the
    /// concrete type `ty`: identical types match, and `Dynamic` anywhere in
    /// the specification matches any type in that position. The relation is
    /// not commutative: `list(any)` is matched by `list(string)`, but not
    /// the other way round.
    pub fn matches(&self, ty: &Type) -> bool {
        match (self, ty) {
            (Type::Dynamic, _) => true,
            (Type::List(a), Type::List(b))
            | (Type::Map(a), Type::Map(b))
            | (Type::Set(a), Type::Set(b)) => a.matches(b),
            (Type::Object(a), Type::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|((ka, ta), (kb, tb))| ka == kb && ta.matches(tb))
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(ta, tb)| ta.matches(tb))
            }
            _ => self == ty,
        }
    }

    /// A short description for messages: "string", "number", "bool",
    /// "list of string", "map of number", "set of bool", "object", "tuple",
    /// "dynamic value" for the pseudo-type.
    pub fn friendly_name(&self) -> String {
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::List(t) => collection_name("list", t),
            Type::Map(t) => collection_name("map", t),
            Type::Set(t) => collection_name("set", t),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
            Type::Dynamic => "dynamic value".into(),
        }
    }

    /// [`friendly_name`](Type::friendly_name) with an indefinite article:
    /// "a string", "an object", "a list of number".
    pub fn friendly_name_with_article(&self) -> String {
        let name = self.friendly_name();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {name}")
    }
}

fn collection_name(kind: &str, elem: &Type) -> String {
    match elem {
        // "list of object" reads better than spelling the attributes out,
        // and "list of any" than "list of dynamic value".
        Type::Dynamic => format!("{kind} of any single type"),
        _ => format!("{kind} of {}", elem.friendly_name()),
    }
}

impl fmt::Display for Type {
    /// The type constraint syntax of HCL and Terraform: `string`,
    /// `list(number)`, `object({a=string,b=bool})`, `tuple([string,number])`,
    /// `any` for the dynamic pseudo-type.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Map(t) => write!(f, "map({t})"),
            Type::Set(t) => write!(f, "set({t})"),
            Type::Object(attrs) => {
                f.write_str("object({")?;
                for (i, (name, t)) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{name}={t}")?;
                }
                f.write_str("})")
            }
            Type::Tuple(elems) => {
                f.write_str("tuple([")?;
                for (i, t) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str("])")
            }
            Type::Dynamic => f.write_str("any"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_type_identity_ignores_attribute_order() {
        let a = Type::object([("a", Type::Number), ("b", Type::String)]);
        let b = Type::object([("b", Type::String), ("a", Type::Number)]);
        assert_eq!(a, b);
    }

    #[test]
    fn collection_types_of_different_kind_or_element_are_distinct() {
        assert_ne!(Type::list(Type::String), Type::set(Type::String));
        assert_ne!(Type::list(Type::Number), Type::list(Type::String));
        assert_eq!(Type::list(Type::String), Type::list(Type::String));
    }

    #[test]
    fn dynamic_is_identical_only_to_itself() {
        assert_eq!(Type::Dynamic, Type::Dynamic);
        assert_ne!(Type::Dynamic, Type::String);
    }

    #[test]
    fn any_type_matches_dynamic_specification() {
        let spec = Type::list(Type::Dynamic);
        assert!(spec.matches(&Type::list(Type::String)));
        assert!(spec.matches(&Type::list(Type::map(Type::Number))));
        assert!(!spec.matches(&Type::set(Type::String)));
        assert!(Type::Dynamic.matches(&Type::tuple([Type::Bool])));
        assert!(!Type::list(Type::String).matches(&Type::list(Type::Dynamic)));
        let obj = Type::object([("a", Type::Dynamic)]);
        assert!(obj.matches(&Type::object([("a", Type::Bool)])));
        assert!(!obj.matches(&Type::object([("b", Type::Bool)])));
    }

    #[test]
    fn display_uses_type_constraint_syntax() {
        assert_eq!(Type::list(Type::String).to_string(), "list(string)");
        assert_eq!(
            Type::object([("b", Type::Bool), ("a", Type::Number)]).to_string(),
            "object({a=number,b=bool})"
        );
        assert_eq!(
            Type::tuple([Type::String, Type::Dynamic]).to_string(),
            "tuple([string,any])"
        );
        assert_eq!(
            Type::map(Type::set(Type::Number)).to_string(),
            "map(set(number))"
        );
    }

    #[test]
    fn friendly_names_for_messages() {
        assert_eq!(Type::list(Type::String).friendly_name(), "list of string");
        assert_eq!(Type::Object(Box::default()).friendly_name(), "object");
        assert_eq!(Type::Number.friendly_name_with_article(), "a number");
        assert_eq!(
            Type::Object(Box::default()).friendly_name_with_article(),
            "an object"
        );
    }
}
