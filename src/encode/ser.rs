//! The serde `Serializer` that writes one attribute's value as a JSON
//! expression of HCL's JSON syntax.
//!
//! In full-expression mode every JSON string (object keys included) is a
//! template, so literal text containing `${` or `%{` is written with the
//! sigils doubled; in literal mode (`#[hcl(attr, literal)]`, `"//"`
//! comments) strings are written as they are. [`Value`]s, exact
//! [`Number`]s and [`Expression`]s reach this serializer through the
//! crate's hand-over (see `handover`), so they are written exactly: a
//! number with all its digits, an expression as its source.

use serde::ser::{self, Serialize};

use super::raw;
use super::writer::JsonWriter;
use crate::body::Expression;
use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::handover::{EXPRESSION_TOKEN, INTERPOLATED_TOKEN, NUMBER_TOKEN, VALUE_TOKEN};
use crate::value::{Number, Value, ValueSerializer};

/// Writes values into a [`JsonWriter`], tracking the path for errors.
pub(crate) struct Encoder {
    pub(crate) w: JsonWriter,
    /// Where the value being written is (`resource.aws_instance.web.tags["a"]`).
    pub(crate) path: String,
    /// Literal-only mode: strings are not templates, nothing to escape.
    pub(crate) literal: bool,
    /// Set when the top-level value was `None`: the attribute is omitted.
    pub(crate) omitted: bool,
    /// Containers open inside the current attribute's value.
    depth: usize,
    /// Set once an error carrying the path was built.
    pub(crate) located: bool,
    /// What the body's properties are (blocks, literal attributes), when
    /// asked for: what native syntax needs and JSON syntax cannot say.
    pub(crate) shape: Option<super::Shape>,
}

impl Encoder {
    pub(crate) fn new(pretty: bool) -> Encoder {
        Encoder {
            w: JsonWriter::new(pretty),
            path: String::new(),
            literal: false,
            omitted: false,
            depth: 0,
            located: false,
            shape: None,
        }
    }

    /// Resets the per-attribute state before an attribute's value.
    pub(crate) fn start_attr(&mut self, literal: bool) {
        self.literal = literal;
        self.omitted = false;
        self.depth = 0;
        self.located = false;
    }

    /// The "Unknown value" error, with the path, for the message a
    /// `Value` gives a serializer when it meets an unknown value.
    fn unknown_or(&mut self, e: Error) -> Error {
        let unknown = !self.located
            && e.diagnostics()
                .first()
                .is_some_and(|d| d.kind == DiagnosticKind::UnknownValue);
        if unknown {
            self.error(
                "Unknown value",
                "The value is not yet known, so it cannot be written.".into(),
                Some(DiagnosticKind::UnknownValue),
            )
        } else {
            e
        }
    }

    /// An error from inside a value, with the path where it happened (a
    /// `Serialize` impl's own message does not know it).
    #[cold]
    pub(crate) fn locate(&mut self, e: Error) -> Error {
        if self.located {
            return e;
        }
        match e.diagnostics().first() {
            Some(d) => {
                let mut diag = d.clone();
                diag.detail = located_detail(&d.detail, &self.path);
                Error::new(diag)
            }
            None => e,
        }
    }

    #[cold]
    fn error(&mut self, summary: &str, detail: String, kind: Option<DiagnosticKind>) -> Error {
        self.located = true;
        let mut diag = Diagnostic::error(summary, located_detail(&detail, &self.path), None);
        if let Some(kind) = kind {
            diag = diag.with_kind(kind);
        }
        Error::new(diag)
    }

    fn text(&mut self, s: &str) {
        if self.literal {
            self.w.string(s);
        } else {
            self.w.template_literal(s);
        }
    }

    fn key(&mut self, k: &str) {
        self.w.key_with(k, !self.literal);
    }

    fn number_text(&mut self, text: &str) -> Result<(), Error> {
        if text.ends_with("Inf") {
            return Err(self.error(
                "Cannot write an infinite number",
                "JSON has no infinity; HCL's JSON syntax can only hold finite numbers.".into(),
                None,
            ));
        }
        self.w.raw(&compact_number(text));
        Ok(())
    }

    fn float(&mut self, v: f64) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(self.error(
                "Cannot write a non-finite number",
                format!("{v} is not a number JSON can hold."),
                None,
            ));
        }
        let text = format!("{v}");
        self.w.raw(&compact_number(&text));
        Ok(())
    }

    /// Writes a whole [`Value`] in full-expression or literal form.
    pub(crate) fn value(&mut self, v: &Value) -> Result<(), Error> {
        match v {
            // Marks are not data: the text holds the value under them.
            Value::Marked(m) => self.value(m.value())?,
            Value::Null(_) => self.w.raw("null"),
            Value::Unknown(_) => {
                return Err(self.error(
                    "Unknown value",
                    "The value is not yet known, so it cannot be written.".into(),
                    Some(DiagnosticKind::UnknownValue),
                ))
            }
            Value::Bool(b) => self.w.raw(if *b { "true" } else { "false" }),
            Value::Number(n) => self.number_text(&n.to_string())?,
            Value::String(s) => self.text(s),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                self.w.begin_array();
                for (i, item) in items.iter().enumerate() {
                    self.w.element();
                    let len = self.path.len();
                    push_index(&mut self.path, i);
                    self.value(item)?;
                    self.path.truncate(len);
                }
                self.w.end_array();
            }
            Value::Map(_, m) | Value::Object(m) => {
                self.w.begin_object();
                for (k, item) in m {
                    self.key(k);
                    let len = self.path.len();
                    push_key(&mut self.path, k);
                    self.value(item)?;
                    self.path.truncate(len);
                }
                self.w.end_object();
            }
        }
        Ok(())
    }

    fn open(&mut self) {
        self.depth += 1;
    }

    fn close(&mut self) {
        self.depth -= 1;
    }
}

/// The detail of an encoding error, naming where it happened.
pub(crate) fn located_detail(detail: &str, path: &str) -> String {
    if path.is_empty() {
        detail.to_string()
    } else {
        format!("{detail} (at {path})")
    }
}

/// Appends a sequence index to a path.
fn push_index(path: &mut String, i: usize) {
    use std::fmt::Write;
    let _ = write!(path, "[{i}]");
}

/// Appends a map key to a path: `.name` for identifiers, `["k"]` otherwise.
pub(crate) fn push_key(path: &mut String, k: &str) {
    let ident = !k.is_empty()
        && !k.starts_with(|c: char| c.is_ascii_digit())
        && k.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if ident {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(k);
    } else {
        path.push_str(&format!("[{k:?}]"));
    }
}

/// An exact decimal text, with long runs of zeros folded into an exponent
/// (`1e300` rather than 301 digits); the value is unchanged.
pub(crate) fn compact_number(text: &str) -> std::borrow::Cow<'_, str> {
    const RUN: usize = 6;
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    if !digits.contains('.') {
        let zeros = digits.len() - digits.trim_end_matches('0').len();
        if zeros > RUN && zeros < digits.len() {
            let mant = &digits[..digits.len() - zeros];
            return format!("{sign}{mant}e{zeros}").into();
        }
    } else if let Some(frac) = digits.strip_prefix("0.") {
        let zeros = frac.len() - frac.trim_start_matches('0').len();
        let rest = &frac[zeros..];
        if zeros > RUN && !rest.is_empty() {
            let rest_trim = rest.trim_start_matches('0');
            let exp = zeros + rest.len();
            return format!("{sign}{rest_trim}e-{exp}").into();
        }
    }
    text.into()
}

/// Turns a map key into its string: strings, chars, numbers and bools.
struct KeySerializer;

fn key_error() -> Error {
    Error::new(Diagnostic::error(
        "Invalid map key",
        "An object key must be a string (or a number or bool, written as a string).",
        None,
    ))
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = ser::Impossible<String, Error>;
    type SerializeTuple = ser::Impossible<String, Error>;
    type SerializeTupleStruct = ser::Impossible<String, Error>;
    type SerializeTupleVariant = ser::Impossible<String, Error>;
    type SerializeMap = ser::Impossible<String, Error>;
    type SerializeStruct = ser::Impossible<String, Error>;
    type SerializeStructVariant = ser::Impossible<String, Error>;

    fn serialize_bool(self, v: bool) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i128(self, v: i128) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u128(self, v: u128) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, _v: f32) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_f64(self, _v: f64) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_char(self, v: char) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<String, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String, Error> {
        Ok(variant.to_string())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<String, Error> {
        if name == VALUE_TOKEN {
            return match crate::value::to_value(value)? {
                Value::String(s) => Ok(s.to_string()),
                _ => Err(key_error()),
            };
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_error())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_error())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_error())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_error())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_error())
    }
}

/// A label or map key as a string, for blocks.
pub(crate) fn key_string<T: Serialize + ?Sized>(key: &T) -> Result<String, Error> {
    key.serialize(KeySerializer)
}

impl<'a> ser::Serializer for &'a mut Encoder {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.w.raw(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.w.display(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.w.display(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.w.display(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.w.display(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        // Through the shortest decimal of the f32, not of its f64 widening.
        if !v.is_finite() {
            return self.float(f64::from(v));
        }
        let text = format!("{v}");
        self.w.raw(&compact_number(&text));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.text(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.text(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.w.begin_array();
        for b in v {
            self.w.element();
            self.w.raw(&b.to_string());
        }
        self.w.end_array();
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        if self.depth == 0 {
            // `None` for a whole attribute: the attribute is left out.
            self.omitted = true;
        } else {
            self.w.raw("null");
        }
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.w.raw("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.text(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        match name {
            VALUE_TOKEN => {
                // The value's plain serde form comes straight here (no
                // hand-over, so no copy of the value); one level deeper,
                // so that a null is written, not taken for an absent
                // `Option`.
                self.depth += 1;
                let result = value.serialize(&mut *self);
                self.depth -= 1;
                result.map_err(|e| self.unknown_or(e))
            }
            NUMBER_TOKEN => match value.serialize(ValueSerializer)? {
                Value::String(s) => match Number::parse_plain(&s) {
                    Ok(n) => self.number_text(&n.to_string()),
                    Err(e) => Err(self.error("Invalid number", e.to_string(), None)),
                },
                other => self.value(&other),
            },
            EXPRESSION_TOKEN => {
                let (plain, handed) =
                    crate::handover::request::<Expression, _>(|| value.serialize(ValueSerializer));
                match handed {
                    Some(expr) => {
                        raw::expression(&mut self.w, &expr);
                        Ok(())
                    }
                    None => self.value(&plain?),
                }
            }
            INTERPOLATED_TOKEN => {
                let text = key_string(value)?;
                self.w.string(&text);
                Ok(())
            }
            _ => value.serialize(self),
        }
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.w.begin_object();
        self.key(variant);
        self.open();
        let len = self.path.len();
        push_key(&mut self.path, variant);
        value.serialize(&mut *self)?;
        self.path.truncate(len);
        self.close();
        self.w.end_object();
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.w.begin_array();
        self.open();
        Ok(Compound::new(self, 0))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.w.begin_object();
        self.key(variant);
        self.w.begin_array();
        self.open();
        Ok(Compound::new(self, 1))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.w.begin_object();
        self.open();
        Ok(Compound::new(self, 0))
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.w.begin_object();
        self.key(variant);
        self.w.begin_object();
        self.open();
        Ok(Compound::new(self, 1))
    }
}

/// An open array or object; `outer` counts the wrapping objects of enum
/// variants to close at the end.
pub(crate) struct Compound<'a> {
    enc: &'a mut Encoder,
    index: usize,
    outer: usize,
    path_len: usize,
}

impl<'a> Compound<'a> {
    fn new(enc: &'a mut Encoder, outer: usize) -> Compound<'a> {
        let path_len = enc.path.len();
        Compound {
            enc,
            index: 0,
            outer,
            path_len,
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.enc.w.element();
        push_index(&mut self.enc.path, self.index);
        self.index += 1;
        value.serialize(&mut *self.enc)?;
        self.enc.path.truncate(self.path_len);
        Ok(())
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.enc.key(key);
        push_key(&mut self.enc.path, key);
        value.serialize(&mut *self.enc)?;
        self.enc.path.truncate(self.path_len);
        Ok(())
    }

    fn end_array(self) -> Result<(), Error> {
        self.enc.w.end_array();
        self.finish()
    }

    fn end_object(self) -> Result<(), Error> {
        self.enc.w.end_object();
        self.finish()
    }

    fn finish(self) -> Result<(), Error> {
        self.enc.close();
        for _ in 0..self.outer {
            self.enc.w.end_object();
        }
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.end_array()
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.end_array()
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.end_array()
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.end_array()
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        match key_string(key) {
            Ok(k) => {
                self.enc.key(&k);
                push_key(&mut self.enc.path, &k);
                Ok(())
            }
            Err(_) => Err(self.enc.error(
                "Invalid map key",
                "An object key must be a string (or a number or bool, written as a string).".into(),
                None,
            )),
        }
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.enc)?;
        self.enc.path.truncate(self.path_len);
        Ok(())
    }
    fn end(self) -> Result<(), Error> {
        self.end_object()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.end_object()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.end_object()
    }
}
