//! `Serialize` for the capture types decoding reads, so that a struct can
//! write back what it decoded: an [`Expression`] as its source (through
//! the hand-over, to this crate's encoder; as its source text to other
//! serializers), an [`ExpressionClosure`] as its expression, a
//! [`Spanned<T>`] as its value.

use serde::ser::{Serialize, Serializer};

use crate::body::Expression;
use crate::eval::ExpressionClosure;
use crate::handover::{EXPRESSION_TOKEN, INTERPOLATED_TOKEN};
use crate::pos::Spanned;

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

/// A string written as it is, so that its `${...}` and `%{...}` sequences
/// stay interpolations and directives: how a generator writes a reference
/// such as `"${aws_instance.web.id}"` (a plain `String` would be escaped
/// to read back as literal text).
///
/// Decoding reads the attribute without evaluating it, so a field of this
/// type round-trips: a JSON string is its text as written; a native
/// expression is the JSON string that converting it to JSON syntax writes
/// ([`to_json_string`](crate::convert::to_json_string)), so one struct reads both
/// syntaxes alike: a quoted template or a heredoc is its template text
/// (`name = "web-${var.env}"` is `web-${var.env}`), any other expression
/// an interpolation of its source text (`subnet_id = aws_subnet.main.id`
/// is `${aws_subnet.main.id}`, `count = 2` is `${2}`, as is the JSON
/// number `2`). An array or an object (a JSON one, or a native tuple or
/// object constructor) is an error: read it into a `Vec` or a map of
/// `Interpolated`.
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
///
/// let native = "value = aws_instance.web.id\ndescription = \"the id\"\n";
/// let read = hcl_json::from_str_native::<Output>(native, &EvalContext::new())?;
/// assert_eq!(read.value.as_str(), "${aws_instance.web.id}");
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
