//! `Serialize` for the decode room's capture types, so that a struct can
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
