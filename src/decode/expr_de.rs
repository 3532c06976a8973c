//! The deserializer of an attribute: an [`Expression`] evaluated on demand.
//!
//! Most targets get the evaluated [`Value`] through the value layer's
//! [`ValueDeserializer`]. Three things need the expression itself:
//! - `Expression` / `ExpressionClosure` targets capture it unevaluated;
//! - `Option<T>` is `None` for `null` without evaluating anything else;
//! - sequences and maps written as JSON arrays and objects are walked element
//!   by element, so a capture works inside them and a type error points at
//!   the element at fault, not at the whole attribute.

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

use super::capture::{hand_over, Captured, BODY_TOKEN, CLOSURE_TOKEN, EXPRESSION_TOKEN};
use crate::diag::{Diagnostic, Error};
use crate::eval::{EvalContext, ExpressionClosure};
use crate::json::Expression;
use crate::value::{Value, ValueDeserializer};

/// Where an attribute sits, for messages: its name and the block path.
#[derive(Clone, Copy)]
pub(crate) struct AttrPlace<'a> {
    pub name: &'a str,
    /// `resource.aws_instance.web`, or empty at the top level.
    pub path: &'a str,
}

pub(crate) struct ExprDeserializer<'a> {
    expr: Expression,
    ctx: &'a EvalContext,
    place: AttrPlace<'a>,
    /// The value, once evaluated (by `deserialize_option`).
    evaluated: Option<Result<Value, Error>>,
}

impl<'a> ExprDeserializer<'a> {
    pub fn new(expr: Expression, ctx: &'a EvalContext, place: AttrPlace<'a>) -> Self {
        ExprDeserializer {
            expr,
            ctx,
            place,
            evaluated: None,
        }
    }

    fn child(&self, expr: Expression) -> ExprDeserializer<'a> {
        ExprDeserializer::new(expr, self.ctx, self.place)
    }

    fn value(&mut self) -> Result<Value, Error> {
        match self.evaluated.take() {
            Some(result) => result,
            None => self.expr.value(self.ctx),
        }
    }

    /// Gives a value-layer error (which has no range) the expression's range
    /// and HCL's wording for attribute values.
    #[cold]
    fn locate(&self, err: Error) -> Error {
        let range = self.expr.range();
        let mut out: Option<Error> = None;
        for mut d in err.into_diagnostics() {
            if d.subject.is_none() {
                let reason = d
                    .detail
                    .strip_prefix("Unsuitable value: ")
                    .unwrap_or(&d.detail)
                    .to_string();
                let place = if self.place.path.is_empty() {
                    String::new()
                } else {
                    format!(" in {}", self.place.path)
                };
                d = if d.summary == "Unknown value" {
                    Diagnostic::error(
                        "Unknown value",
                        format!(
                            "The value of attribute {:?}{place} is not yet known, so it cannot be decoded into a concrete type.",
                            self.place.name
                        ),
                        Some(range.clone()),
                    )
                } else {
                    Diagnostic::error(
                        "Incorrect attribute value type",
                        format!(
                            "Inappropriate value for attribute {:?}{place}: {reason}",
                            self.place.name
                        ),
                        Some(range.clone()),
                    )
                };
            }
            let e = Error::new(d);
            out = Some(match out {
                Some(all) => all.merge(e),
                None => e,
            });
        }
        out.unwrap_or_else(|| Error::at("Invalid value", "", range))
            .with_source(self.expr.source().clone())
    }
}

/// Evaluates, then lets the value layer do the rest.
macro_rules! via_value {
    ($($method:ident $(($($arg:ident : $ty:ty),*))?;)*) => {
        $(
            fn $method<V: Visitor<'de>>(mut self, $($($arg: $ty,)*)? visitor: V) -> Result<V::Value, Error> {
                let value = self.value()?;
                ValueDeserializer::new(value)
                    .$method($($($arg,)*)? visitor)
                    .map_err(|e| self.locate(e))
            }
        )*
    };
}

impl<'de> Deserializer<'de> for ExprDeserializer<'_> {
    type Error = Error;

    via_value! {
        deserialize_any; deserialize_bool; deserialize_i8; deserialize_i16; deserialize_i32;
        deserialize_i64; deserialize_i128; deserialize_u8; deserialize_u16; deserialize_u32;
        deserialize_u64; deserialize_u128; deserialize_f32; deserialize_f64; deserialize_char;
        deserialize_str; deserialize_string; deserialize_bytes; deserialize_byte_buf;
        deserialize_unit; deserialize_identifier; deserialize_ignored_any;
        deserialize_unit_struct(name: &'static str);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }

    fn deserialize_option<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        if self.expr.is_json_null() {
            return visitor.visit_none();
        }
        if self.expr.json_elements().is_some() || self.expr.json_properties().is_some() {
            return visitor.visit_some(self);
        }
        let result = self.expr.value(self.ctx);
        if matches!(&result, Ok(v) if v.is_null()) {
            return visitor.visit_none();
        }
        // Evaluated once; a failure is reported only if the inner type needs
        // the value (an `Option<Expression>` does not).
        self.evaluated = Some(result);
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match name {
            EXPRESSION_TOKEN => hand_over(Captured::Expression(self.expr), visitor),
            CLOSURE_TOKEN => hand_over(
                Captured::Closure(ExpressionClosure {
                    expression: self.expr,
                    context: self.ctx.clone(),
                }),
                visitor,
            ),
            BODY_TOKEN => Err(Error::at(
                "Unsupported argument type",
                format!(
                    "Attribute {:?} cannot be decoded as a Body: a Body field must be #[hcl(remain)].",
                    self.place.name
                ),
                self.expr.range(),
            )),
            _ => {
                let value = self.value()?;
                ValueDeserializer::new(value)
                    .deserialize_newtype_struct(name, visitor)
                    .map_err(|e| self.locate(e))
            }
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        match self.expr.json_elements() {
            Some(elements) => {
                let mut seq = ExprSeq {
                    parent: &self,
                    elements: elements.into_iter(),
                };
                let value = visitor.visit_seq(&mut seq)?;
                Ok(value)
            }
            None => {
                let value = self.value()?;
                ValueDeserializer::new(value)
                    .deserialize_seq(visitor)
                    .map_err(|e| self.locate(e))
            }
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.expr.json_elements() {
            Some(elements) if elements.len() == len => self.deserialize_seq(visitor),
            _ => {
                let mut this = self;
                let value = this.value()?;
                ValueDeserializer::new(value)
                    .deserialize_tuple(len, visitor)
                    .map_err(|e| this.locate(e))
            }
        }
    }

    fn deserialize_map<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        match self.expr.json_properties() {
            Some(props) => {
                let mut map = ExprMap {
                    parent: &self,
                    props: props.into_iter(),
                    value: None,
                    seen: std::collections::HashSet::new(),
                };
                visitor.visit_map(&mut map)
            }
            None => {
                let value = self.value()?;
                ValueDeserializer::new(value)
                    .deserialize_map(visitor)
                    .map_err(|e| self.locate(e))
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.expr.json_properties().is_some() {
            return self.deserialize_map(visitor);
        }
        let mut this = self;
        let value = this.value()?;
        ValueDeserializer::new(value)
            .deserialize_struct(name, fields, visitor)
            .map_err(|e| this.locate(e))
    }
}

struct ExprSeq<'p, 'a> {
    parent: &'p ExprDeserializer<'a>,
    elements: std::vec::IntoIter<Expression>,
}

impl<'de> SeqAccess<'de> for ExprSeq<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.elements.next() {
            Some(e) => seed.deserialize(self.parent.child(e)).map(Some),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.elements.len())
    }
}

struct ExprMap<'p, 'a> {
    parent: &'p ExprDeserializer<'a>,
    props: std::vec::IntoIter<(Expression, Expression)>,
    value: Option<Expression>,
    /// Keys so far, to report a duplicate as HCL does.
    seen: std::collections::HashSet<String>,
}

impl<'de> MapAccess<'de> for ExprMap<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.props.next() else {
            return Ok(None);
        };
        // Object keys are templates too; their results must be strings.
        let key_value = key.value(self.parent.ctx)?;
        let name = match key_value.convert(&crate::Type::String) {
            Ok(Value::String(s)) => s.into_string(),
            _ => {
                return Err(Error::at(
                    "Invalid object key expression",
                    format!(
                        "An object key must be a string, but this one is {}.",
                        key_value.ty().friendly_name()
                    ),
                    key.range(),
                )
                .with_source(key.source().clone()))
            }
        };
        if self.seen.contains(&name) {
            return Err(Error::at(
                "Duplicate object attribute",
                format!("An attribute named {name:?} was already defined in this object."),
                key.range(),
            )
            .with_source(key.source().clone()));
        }
        self.seen.insert(name.clone());
        self.value = Some(value);
        seed.deserialize(name.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let value = self
            .value
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before its key"))?;
        seed.deserialize(self.parent.child(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.props.len())
    }
}
