//! The deserializer of an attribute: an [`Expression`] evaluated on demand.
//!
//! Most targets get the evaluated [`Value`] through the value layer's
//! [`ValueDeserializer`] (one helper, [`ExprDeserializer::via_value`]).
//! Some need the expression itself:
//! - `Expression` / `ExpressionClosure` targets capture it unevaluated, and
//!   `Spanned<T>` takes its range;
//! - `Option<T>` is `None` for `null` without evaluating anything else;
//! - sequences and maps written as JSON arrays and objects are walked element
//!   by element (objects with the evaluator's own [`ObjectWalk`], so keys
//!   say the same things as in [`Expression::value`]), so a capture works
//!   inside them and an error points at the element at fault;
//! - serde's buffering (untagged and internally tagged enums, `flatten`)
//!   receives the value as written (literal-only), and each buffered
//!   expression is recorded so a capture type can find it again
//!   (see [`super::capture`]).
//!
//! Every error that leaves this module has a subject: an error without one
//! (serde's `missing_field`, `unknown_field`, `custom`, a `try_from`
//! failure, an untagged mismatch, a value-layer conversion error) gets the
//! range of the nearest expression and a detail naming the path to it.

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::sync::Arc;

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

use super::capture;
use crate::body::{BlockPath, Expression};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics, Error};
use crate::eval::{EvalContext, Evaluator, ExpressionClosure, ObjectWalk};
use crate::handover::{BODY_TOKEN, CLOSURE_TOKEN, EXPRESSION_TOKEN, SPANNED_TOKEN, VALUE_TOKEN};
use crate::json::{FileData, NodeId, NodeKind};
use crate::pos::Range;
use crate::value::{give_value, limits, Value, ValueDeserializer};

/// Where an attribute sits, for messages: its name, the block path and the
/// steps into its value.
#[derive(Clone, Copy)]
pub(crate) struct AttrPlace<'a> {
    pub name: &'a str,
    /// `resource.aws_instance.web`, or empty at the top level.
    pub path: &'a BlockPath<'a>,
    /// The keys and indices from the attribute down to this value.
    pub trail: Option<&'a Trail<'a>>,
    /// The attribute's whole expression.
    pub attr: &'a Expression,
}

/// One step into an attribute's value, linked to the step before it.
pub(crate) struct Trail<'a> {
    step: Step<'a>,
    up: Option<&'a Trail<'a>>,
}

enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

impl AttrPlace<'_> {
    /// `attribute "retry"`, `attribute "count" in resource.t.n`,
    /// `attribute "retry" in retry.inner`, `attribute "hosts" in hosts[1]`.
    pub(crate) fn describe(&self) -> String {
        let mut out = format!("attribute {:?}", self.name);
        if self.trail.is_none() {
            if !self.path.is_empty() {
                let _ = write!(out, " in {}", self.path);
            }
            return out;
        }
        out.push_str(" in ");
        if !self.path.is_empty() {
            let _ = write!(out, "{}.", self.path);
        }
        out.push_str(self.name);
        let mut steps = Vec::new();
        let mut at = self.trail;
        while let Some(t) = at {
            steps.push(&t.step);
            at = t.up;
        }
        for step in steps.into_iter().rev() {
            let _ = match step {
                Step::Key(k) => write!(out, ".{k}"),
                Step::Index(i) => write!(out, "[{i}]"),
            };
        }
        out
    }
}

/// Gives every diagnostic of `err` that has no subject the subject `range`
/// and a detail naming `place`: the one place decoding errors get located.
#[cold]
pub(crate) fn locate(err: Error, range: &Range, place: &AttrPlace<'_>) -> Error {
    if err.is_reported() || err.diagnostics().iter().all(|d| d.subject.is_some()) {
        return err;
    }
    let sources = err.clone_sources();
    let mut out = Diagnostics::new();
    for d in err.into_diagnostics() {
        if d.subject.is_some() {
            out.push(d);
            continue;
        }
        let (summary, detail) = match &d.kind {
            DiagnosticKind::UnknownValue => (
                "Unknown value",
                format!(
                    "The value of {} is not yet known, so it cannot be decoded into a concrete type.",
                    place.describe()
                ),
            ),
            DiagnosticKind::UnsuitableValue { reason } => (
                "Incorrect attribute value type",
                format!(
                    "Inappropriate value for {}: {}",
                    place.describe(),
                    sentence(reason)
                ),
            ),
            _ => (
                "Invalid attribute value",
                format!(
                    "Invalid value for {}: {}",
                    place.describe(),
                    sentence(&d.detail)
                ),
            ),
        };
        out.push(Diagnostic::error(summary, detail, Some(range.clone())).with_kind(d.kind));
    }
    sources
        .into_iter()
        .fold(Error::from(out), Error::with_source)
}

/// `text` ending with a full stop.
pub(crate) fn sentence(text: &str) -> String {
    let text = text.trim_end();
    if text.is_empty() {
        "the value is not accepted.".to_string()
    } else if text.ends_with(['.', '!', '?']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// Whether `visitor` is serde's buffering visitor (untagged and internally
/// tagged enums, `flatten`), which replays a copy of the data to the
/// variants or fields later, instead of calling this deserializer. serde
/// does not name it publicly; its `expecting` text identifies it (pinned by
/// the capture tests).
fn is_buffering<'de, V: Visitor<'de>>(visitor: &V) -> bool {
    struct Expecting<'v, V>(&'v V);
    impl<'de, V: Visitor<'de>> fmt::Display for Expecting<'_, V> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.expecting(f)
        }
    }
    /// Compares written text with "any value" without allocating.
    struct Matches {
        rest: &'static str,
        ok: bool,
    }
    impl fmt::Write for Matches {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            match self.rest.strip_prefix(s) {
                Some(rest) if self.ok => self.rest = rest,
                _ => self.ok = false,
            }
            Ok(())
        }
    }
    let mut m = Matches {
        rest: "any value",
        ok: true,
    };
    let _ = write!(m, "{}", Expecting(visitor));
    m.ok && m.rest.is_empty()
}

pub(crate) struct ExprDeserializer<'a> {
    /// Borrowed: the caller keeps it for its messages, and a decode reads
    /// one expression per attribute (no handle copied and dropped each).
    expr: &'a Expression,
    ctx: &'a EvalContext,
    /// Borrowed: the deserializer is moved through serde's calls, and
    /// stays small.
    place: &'a AttrPlace<'a>,
    /// The decode's evaluator (shared by every attribute).
    evaluator: &'a RefCell<Evaluator>,
    /// What `deserialize_option` read already, for the inner type.
    ready: Option<Ready<'a>>,
}

/// The value, the plain text or the plain scalar of an expression, read
/// once.
enum Ready<'a> {
    Value(Result<Value, Error>),
    Text(Cow<'a, str>),
    Plain(Plain),
}

impl<'a> ExprDeserializer<'a> {
    pub(super) fn new(
        expr: &'a Expression,
        ctx: &'a EvalContext,
        place: &'a AttrPlace<'a>,
        evaluator: &'a RefCell<Evaluator>,
    ) -> Self {
        ExprDeserializer {
            expr,
            ctx,
            place,
            evaluator,
            ready: None,
        }
    }

    fn value(&mut self) -> Result<Value, Error> {
        match self.ready.take() {
            Some(Ready::Value(result)) => result,
            _ => self.evaluate(),
        }
    }

    /// Whether the value was evaluated already.
    fn evaluated(&self) -> bool {
        matches!(self.ready, Some(Ready::Value(_)))
    }

    /// The expression's value in this deserializer's context.
    fn evaluate(&self) -> Result<Value, Error> {
        self.evaluator.borrow_mut().value(self.expr, self.ctx)
    }

    #[cold]
    fn locate(&self, err: Error) -> Error {
        locate(err, &self.expr.range(), self.place).with_source(self.expr.diag_source())
    }

    /// Locates an error of a child value (raised by its `Deserialize` impl
    /// after this crate's deserializer returned) at that value.
    #[cold]
    fn locate_node(&self, err: Error, node: Option<NodeId>, place: &AttrPlace<'_>) -> Error {
        let range = match (node, self.expr.json_file()) {
            (Some(n), Some((file, _))) => file.range(n),
            _ => self.expr.range(),
        };
        locate(err, &range, place).with_source(self.expr.diag_source())
    }

    /// Evaluates, then lets the value layer read the target: the one
    /// "evaluate, then convert" step of every target that is not walked.
    fn via_value<T>(
        mut self,
        read: impl FnOnce(ValueDeserializer) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let value = self.value()?;
        read(ValueDeserializer::new(value)).map_err(|e| self.locate(e))
    }

    fn walk_seq<'de, V: Visitor<'de>>(
        self,
        elements: Elements<'a>,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut seq = ExprSeq {
            parent: &self,
            elements,
            index: 0,
        };
        visitor.visit_seq(&mut seq).map_err(|e| self.locate(e))
    }

    /// The element expressions of a sequence as written (see
    /// [`Expression::static_elements`]); a JSON array's are made one at a
    /// time, as they are read.
    fn elements(&self) -> Option<Elements<'a>> {
        let expr: &'a Expression = self.expr;
        if let Some((file, node)) = expr.json_file() {
            return match file.kind(node) {
                NodeKind::Array { first, len } => {
                    Some(Elements::Json(file, file.elements(first, len).iter()))
                }
                _ => None,
            };
        }
        expr.static_elements()
            .map(|elements| Elements::Exprs(elements.into_iter()))
    }

    fn walk_map<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let Some(walk) = ObjectWalk::of(self.expr) else {
            return self.via_value(|v| v.deserialize_map(visitor));
        };
        let mut map = ExprMap {
            parent: &self,
            walk,
            key: None,
        };
        visitor.visit_map(&mut map).map_err(|e| self.locate(e))
    }

    /// serde's buffering: the value as written, each expression recorded
    /// for the capture types.
    fn buffer<'de, V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        capture::record_buffered(self.place.attr, self.expr);
        self.ctx = capture::literal_ctx();
        self.ready = None;
        if let Some(elements) = self.elements() {
            return self.walk_seq(elements, visitor);
        }
        if self.expr.is_json_object() {
            return self.walk_map(visitor);
        }
        self.via_value(|v| v.deserialize_any(visitor))
    }
}

/// A JSON `true`, `false` or whole number, read as written.
#[derive(Clone, Copy)]
enum Plain {
    Bool(bool),
    Int(i64),
}

impl ExprDeserializer<'_> {
    /// The value of a JSON boolean, or of a JSON number written as a whole
    /// number of at most 18 digits, not yet evaluated: exactly what its
    /// evaluation gives, so an integer or `bool` field takes it without a
    /// `Value`. `None` for anything else, and where the evaluation would
    /// fail (a spent budget), for the evaluation to say so.
    fn plain_scalar(&self) -> Option<Plain> {
        match self.ready {
            Some(Ready::Plain(plain)) => return Some(plain),
            Some(_) => return None,
            None => {}
        }
        let (file, node) = self.expr.json_file()?;
        let plain = match file.kind(node) {
            NodeKind::Bool(b) => Plain::Bool(b),
            NodeKind::Number => Plain::Int(whole_number(file.raw(node))?),
            _ => return None,
        };
        // What entering the evaluation would refuse.
        let n = file.node(node);
        let meter = limits::enter(self.ctx.limits(), (n.end - n.start) as usize).ok()?;
        let spent = limits::exceeded().is_some();
        drop(meter);
        (!spent).then_some(plain)
    }
}

/// `text`, a JSON number, as an `i64` when it is a whole number of at
/// most 18 digits (no fraction, no exponent).
fn whole_number(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        all => (false, all),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut n: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + i64::from(d - b'0');
    }
    Some(if negative { -n } else { n })
}

/// Integer targets: a plain whole number that fits the type is read as
/// written; anything else (and a number out of the type's range, for the
/// value layer's message) goes through the value.
macro_rules! plain_int {
    ($($method:ident $visit:ident $ty:ty;)*) => {
        $(
            #[allow(irrefutable_let_patterns, clippy::useless_conversion)]
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                if let Some(Plain::Int(n)) = self.plain_scalar() {
                    if let Ok(n) = <$ty>::try_from(n) {
                        return visitor.$visit(n).map_err(|e| self.locate(e));
                    }
                }
                self.via_value(|v| v.$method(visitor))
            }
        )*
    };
}

macro_rules! via_value {
    ($($method:ident $(($($arg:ident : $ty:ty),*))?;)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, $($($arg: $ty,)*)? visitor: V) -> Result<V::Value, Error> {
                self.via_value(|v| v.$method($($($arg,)*)? visitor))
            }
        )*
    };
}

impl<'de> Deserializer<'de> for ExprDeserializer<'_> {
    type Error = Error;

    via_value! {
        deserialize_i128; deserialize_u128; deserialize_f32; deserialize_char;
        deserialize_bytes; deserialize_byte_buf;
        deserialize_unit; deserialize_identifier; deserialize_ignored_any;
        deserialize_unit_struct(name: &'static str);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }

    plain_int! {
        deserialize_i8 visit_i8 i8; deserialize_i16 visit_i16 i16;
        deserialize_i32 visit_i32 i32; deserialize_i64 visit_i64 i64;
        deserialize_u8 visit_u8 u8; deserialize_u16 visit_u16 u16;
        deserialize_u32 visit_u32 u32; deserialize_u64 visit_u64 u64;
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Some(Plain::Bool(b)) = self.plain_scalar() {
            return visitor.visit_bool(b).map_err(|e| self.locate(e));
        }
        self.via_value(|v| v.deserialize_bool(visitor))
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // A whole number of at most 15 digits is exactly a float.
        if let Some(Plain::Int(n)) = self.plain_scalar() {
            if n.unsigned_abs() < 1_000_000_000_000_000 {
                return visitor.visit_f64(n as f64).map_err(|e| self.locate(e));
            }
        }
        self.via_value(|v| v.deserialize_f64(visitor))
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if !self.evaluated() {
            if is_buffering(&visitor) {
                return self.buffer(visitor);
            }
            if let Some(elements) = self.elements() {
                return self.walk_seq(elements, visitor);
            }
            if self.expr.is_json_object() {
                return self.walk_map(visitor);
            }
        }
        self.via_value(|v| v.deserialize_any(visitor))
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        if !self.evaluated() {
            // A plain string is read as written: no `Value` in between.
            let text = match self.ready.take() {
                Some(Ready::Text(text)) => Some(text),
                _ => self.evaluator.borrow().plain_text(self.expr, self.ctx),
            };
            if let Some(text) = text {
                let read = match text {
                    Cow::Borrowed(text) => visitor.visit_str(text),
                    Cow::Owned(text) => visitor.visit_string(text),
                };
                return read.map_err(|e| self.locate(e));
            }
        }
        self.via_value(|v| v.deserialize_string(visitor))
    }

    fn deserialize_option<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value, Error> {
        if self.expr.is_json_null() {
            return visitor.visit_none();
        }
        if self.expr.is_json_container() || self.expr.is_native_tuple() {
            return visitor.visit_some(self);
        }
        if let Some(plain) = self.plain_scalar() {
            // Not null, and nothing to report: the inner type reads it.
            self.ready = Some(Ready::Plain(plain));
            return visitor.visit_some(self);
        }
        let plain = self.evaluator.borrow().plain_text(self.expr, self.ctx);
        if let Some(text) = plain {
            // Not null, and nothing to report: the inner type reads it.
            self.ready = Some(Ready::Text(text));
            return visitor.visit_some(self);
        }
        let result = self.evaluate();
        if matches!(&result, Ok(v) if v.is_null()) {
            return visitor.visit_none();
        }
        // Evaluated once; a failure is reported only if the inner type needs
        // the value (an `Option<Expression>` does not).
        self.ready = Some(Ready::Value(result));
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match name {
            // A captured handle is evaluated later, maybe more than once:
            // it keeps the trees of its templates.
            EXPRESSION_TOKEN => capture::give(self.expr.clone().keeping_trees(), visitor),
            CLOSURE_TOKEN => capture::give(
                ExpressionClosure {
                    expression: self.expr.clone().keeping_trees(),
                    context: self.ctx.clone(),
                },
                visitor,
            ),
            // A `Value` target takes the evaluated value as it is.
            VALUE_TOKEN => {
                let value = self.value()?;
                give_value(value, visitor).map_err(|e| self.locate(e))
            }
            SPANNED_TOKEN => {
                let range = self.expr.range();
                crate::handover::give(range, || visitor.visit_newtype_struct(self))
            }
            BODY_TOKEN => Err(Error::at(
                "Unsupported argument type",
                format!(
                    "Attribute {:?} cannot be decoded as a Body: a Body field must be #[hcl(remain)].",
                    self.place.name
                ),
                self.expr.range(),
            )),
            _ => self.via_value(|v| v.deserialize_newtype_struct(name, visitor)),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.elements() {
            Some(elements) if !self.evaluated() => self.walk_seq(elements, visitor),
            _ => self.via_value(|v| v.deserialize_seq(visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.elements() {
            Some(elements) if elements.len() == len && !self.evaluated() => {
                self.walk_seq(elements, visitor)
            }
            _ => self.via_value(|v| v.deserialize_tuple(len, visitor)),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.walk_map(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.expr.is_json_object() {
            return self.walk_map(visitor);
        }
        self.via_value(|v| v.deserialize_struct(name, fields, visitor))
    }
}

struct ExprSeq<'p, 'a> {
    parent: &'p ExprDeserializer<'a>,
    elements: Elements<'a>,
    index: usize,
}

/// The elements of a sequence as written.
enum Elements<'a> {
    /// A JSON array's: its element nodes.
    Json(&'a Arc<FileData>, std::slice::Iter<'a, NodeId>),
    /// A native tuple constructor's.
    Exprs(std::vec::IntoIter<Expression>),
}

impl Elements<'_> {
    fn next(&mut self) -> Option<Expression> {
        match self {
            Elements::Json(file, nodes) => {
                nodes.next().map(|&n| Expression::json((*file).clone(), n))
            }
            Elements::Exprs(exprs) => exprs.next(),
        }
    }

    fn len(&self) -> usize {
        match self {
            Elements::Json(_, nodes) => nodes.len(),
            Elements::Exprs(exprs) => exprs.len(),
        }
    }
}

impl<'de> SeqAccess<'de> for ExprSeq<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(element) = self.elements.next() else {
            return Ok(None);
        };
        let parent = self.parent;
        let trail = Trail {
            step: Step::Index(self.index),
            up: parent.place.trail,
        };
        self.index += 1;
        let place = AttrPlace {
            trail: Some(&trail),
            ..*parent.place
        };
        let node = element.json_node();
        seed.deserialize(ExprDeserializer::new(
            &element,
            parent.ctx,
            &place,
            parent.evaluator,
        ))
        .map(Some)
        .map_err(|e| parent.locate_node(e, node, &place))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.elements.len())
    }
}

struct ExprMap<'p, 'a> {
    parent: &'p ExprDeserializer<'a>,
    walk: ObjectWalk<'p>,
    /// The key just read and its value node.
    key: Option<(crate::value::Str, NodeId)>,
}

impl<'de> MapAccess<'de> for ExprMap<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let parent = self.parent;
        let mut diags = Diagnostics::new();
        let Some(prop) = self.walk.next(parent.ctx, &mut diags) else {
            return Ok(None);
        };
        let file = self.walk.file;
        if diags.has_errors() {
            return Err(Error::from(diags).with_source(file.source.clone()));
        }
        let key_range = file.range(prop.name);
        let Some(name) = prop.key else {
            let e = Error::new(Diagnostic::error("Unknown value", "", None));
            return Err(locate(e, &key_range, parent.place).with_source(file.source.clone()));
        };
        let result = seed.deserialize(name.as_str().into_deserializer());
        let trail = Trail {
            step: Step::Key(&name),
            up: parent.place.trail,
        };
        let place = AttrPlace {
            trail: Some(&trail),
            ..*parent.place
        };
        let key =
            result.map_err(|e| locate(e, &key_range, &place).with_source(file.source.clone()))?;
        self.key = Some((name, prop.value));
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (name, node) = self
            .key
            .take()
            .ok_or_else(|| <Error as de::Error>::custom("value requested before its key"))?;
        let parent = self.parent;
        let trail = Trail {
            step: Step::Key(&name),
            up: parent.place.trail,
        };
        let place = AttrPlace {
            trail: Some(&trail),
            ..*parent.place
        };
        let value = Expression::json(self.walk.file.clone(), node);
        seed.deserialize(ExprDeserializer::new(
            &value,
            parent.ctx,
            &place,
            parent.evaluator,
        ))
        .map_err(|e| parent.locate_node(e, Some(node), &place))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.walk.len())
    }
}
