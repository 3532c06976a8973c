//! `Serialize` for the `decode` module's capture types, so that a struct can
//! write back what it decoded: an [`Expression`] as its source (through
//! the hand-over, to this crate's encoder; as its source text to other
//! serializers), an [`ExpressionClosure`] as its expression, a
//! [`Spanned<T>`] as its value.

use serde::ser::{Serialize, Serializer};

use crate::decode::capture::EXPRESSION_TOKEN;
use crate::decode::Spanned;
use crate::eval::ExpressionClosure;
use crate::json::Expression;

impl Serialize for Expression {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(EXPRESSION_TOKEN, &Source(self))
    }
}

/// An expression's plain serde form, or the hand-over to the encoder.
struct Source<'a>(&'a Expression);

impl Serialize for Source<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if crate::handover::is_requested::<Expression>() {
            crate::handover::answer(self.0.clone());
            return serializer.serialize_unit();
        }
        serializer.serialize_str(self.0.source_text())
    }
}

impl Serialize for ExpressionClosure {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.expression.serialize(serializer)
    }
}

impl<T: Serialize> Serialize for Spanned<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.get_ref().serialize(serializer)
    }
}

/// The newtype name under which an [`Interpolated`] string reaches the
/// encoder.
pub(crate) const INTERPOLATED_TOKEN: &str = "$hcl_json::private::Interpolated";

/// A string written as it is, so that its `${...}` and `%{...}` sequences
/// stay interpolations and directives: how a generator writes a reference
/// such as `"${aws_instance.web.id}"` (a plain `String` would be escaped
/// to read back as literal text).
///
/// Decoding reads the attribute's JSON string without evaluating it, so a
/// field of this type round-trips.
///
/// ```
/// use hcl_json::{EvalContext, HclDecode, HclEncode, Interpolated};
///
/// #[derive(HclDecode, HclEncode, Debug, PartialEq)]
/// struct Output {
///     #[hcl(attr)]
///     value: Interpolated,
///     #[hcl(attr)]
///     description: String,
/// }
///
/// let out = Output {
///     value: Interpolated::new("${aws_instance.web.id}"),
///     description: "the id, as ${...} text".into(),
/// };
/// let text = hcl_json::to_string(&out)?;
/// assert_eq!(text, r#"{"value":"${aws_instance.web.id}","description":"the id, as $${...} text"}"#);
/// assert_eq!(hcl_json::from_str::<Output>(&text, &EvalContext::new())?, out);
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Interpolated(pub String);

impl Interpolated {
    /// A template text, written without escaping.
    pub fn new(template: impl Into<String>) -> Interpolated {
        Interpolated(template.into())
    }

    /// The template text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Interpolated {
    fn from(s: &str) -> Interpolated {
        Interpolated(s.to_string())
    }
}

impl From<String> for Interpolated {
    fn from(s: String) -> Interpolated {
        Interpolated(s)
    }
}

impl Serialize for Interpolated {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct(INTERPOLATED_TOKEN, &self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Interpolated {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Interpolated, D::Error> {
        let expr = Expression::deserialize(d)?;
        match expr.json_string() {
            Some(string) => Ok(Interpolated(string.text.into_owned())),
            None => Err(serde::de::Error::custom(
                "an Interpolated attribute must be a JSON string",
            )),
        }
    }
}
