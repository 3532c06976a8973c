//! Capturing handles through serde: [`Expression`], [`ExpressionClosure`]
//! and [`Body`] fields.
//!
//! serde has no way to hand a non-serializable value to a `Deserialize`
//! impl, so these types ask for a newtype struct with a private name (the
//! trick serde_json's `RawValue` uses). Only this crate's deserializers know
//! the names: they put the handle in a thread-local slot and call
//! `visit_newtype_struct`, whose visitor takes it out again, within the same
//! call. Because it is a newtype request, it passes through `Option`, `Box`
//! and `Vec` untouched. It cannot pass through serde's buffering (untagged
//! or internally tagged enums, `#[serde(flatten)]`), which replays a buffered
//! copy of the data instead of calling our deserializer: such fields get the
//! "can only be decoded from an HCL body" error.

use std::cell::RefCell;
use std::fmt;

use serde::de::{Deserialize, Deserializer, Error as _, Visitor};

use crate::eval::ExpressionClosure;
use crate::json::{Body, Expression};

pub(crate) const EXPRESSION_TOKEN: &str = "$hcl_json::private::Expression";
pub(crate) const CLOSURE_TOKEN: &str = "$hcl_json::private::ExpressionClosure";
pub(crate) const BODY_TOKEN: &str = "$hcl_json::private::Body";

/// A handle on its way from a deserializer to a `Deserialize` impl.
pub(crate) enum Captured {
    Expression(Expression),
    Closure(ExpressionClosure),
    Body(Body),
}

thread_local! {
    static SLOT: RefCell<Option<Captured>> = const { RefCell::new(None) };
}

/// Hands `captured` to the visitor of the `Deserialize` impl that asked for
/// it with one of the tokens above.
pub(crate) fn hand_over<'de, V, E>(captured: Captured, visitor: V) -> Result<V::Value, E>
where
    V: Visitor<'de>,
    E: serde::de::Error,
{
    SLOT.with(|s| *s.borrow_mut() = Some(captured));
    let result = visitor.visit_newtype_struct(serde::de::value::UnitDeserializer::<E>::new());
    // Whatever the visitor did, leave the slot empty.
    SLOT.with(|s| s.borrow_mut().take());
    result
}

fn take() -> Option<Captured> {
    SLOT.with(|s| s.borrow_mut().take())
}

struct CaptureVisitor(&'static str);

impl<'de> Visitor<'de> for CaptureVisitor {
    type Value = Captured;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from an HCL body", self.0)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, _: D) -> Result<Captured, D::Error> {
        take().ok_or_else(|| not_from_hcl(self.0))
    }
}

fn not_from_hcl<E: serde::de::Error>(what: &str) -> E {
    E::custom(format!(
        "{what} can only be decoded from an HCL body by hcl_json (not through serde's buffering, as in untagged enums or flattened fields)"
    ))
}

impl<'de> Deserialize<'de> for Expression {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Expression, D::Error> {
        match d.deserialize_newtype_struct(EXPRESSION_TOKEN, CaptureVisitor("an Expression"))? {
            Captured::Expression(e) => Ok(e),
            Captured::Closure(c) => Ok(c.expression),
            Captured::Body(_) => Err(D::Error::custom("expected an expression, found a body")),
        }
    }
}

impl<'de> Deserialize<'de> for ExpressionClosure {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ExpressionClosure, D::Error> {
        match d.deserialize_newtype_struct(CLOSURE_TOKEN, CaptureVisitor("an ExpressionClosure"))? {
            Captured::Closure(c) => Ok(c),
            _ => Err(not_from_hcl("an ExpressionClosure")),
        }
    }
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
        match d.deserialize_newtype_struct(BODY_TOKEN, CaptureVisitor("a Body"))? {
            Captured::Body(b) => Ok(b),
            _ => Err(not_from_hcl("a Body")),
        }
    }
}
