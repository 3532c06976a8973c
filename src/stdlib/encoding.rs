//! Encoding functions: `base64decode`, `base64encode`, `csvdecode`,
//! `jsondecode`, `jsonencode`, `urlencode`, `yamldecode`, `yamlencode`.
//!
//! JSON is read by a small reader of our own rather than serde_json, so
//! numbers keep their exact decimal value (`Number::parse` of their text)
//! without turning on serde_json's crate-wide `arbitrary_precision`
//! feature; a repeated key keeps its last value, as in go-cty, and nesting
//! depth is bounded. YAML is read from `yaml-rust2`'s event stream (so alias
//! expansion can be bounded) and resolved with the YAML 1.2 core schema;
//! `yamlencode` writes block-style YAML like Terraform's (keys sorted,
//! strings double-quoted).

// Some imports serve only the YAML and CSV functions, which features may
// leave out.
#![cfg_attr(not(all(feature = "yaml", feature = "csv")), allow(unused_imports))]

use std::collections::HashMap;

use base64::Engine as _;
#[cfg(feature = "yaml")]
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser, Tag};
#[cfg(feature = "yaml")]
use yaml_rust2::scanner::{Marker, TScalarStyle};

#[cfg(feature = "csv")]
use super::charge;
use super::{make_list, max_depth, str_arg, Def, Text, MAX_ELEMENTS};
use crate::eval::{Function, FunctionError, Param};
use crate::value::limits::{self, VALUE_BYTES};
use crate::value::{Elements, Entries, Number, Str, Type, Value};

/// The encoding functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("base64decode", base64decode()),
        ("base64encode", base64encode()),
        #[cfg(feature = "csv")]
        ("csvdecode", csvdecode()),
        ("jsondecode", jsondecode()),
        ("jsonencode", jsonencode()),
        ("urlencode", urlencode()),
        #[cfg(feature = "yaml")]
        ("yamldecode", yamldecode()),
        #[cfg(feature = "yaml")]
        ("yamlencode", yamlencode()),
    ]
}

fn base64encode() -> Function {
    Def::new("Encodes a string's UTF-8 bytes as standard Base64.")
        .param("str", Type::String, "The string to encode.")
        .returns(Type::String)
        .build(|args| {
            let s = str_arg(args, 0)?;
            // Four bytes out for every three in: checked before encoding.
            super::reserve(s.len().div_ceil(3) as u128 * 4)?;
            Ok(Value::from(
                base64::engine::general_purpose::STANDARD.encode(s),
            ))
        })
}

fn base64decode() -> Function {
    Def::new("Decodes a standard Base64 string whose bytes are UTF-8 text.")
        .param("str", Type::String, "The Base64 text.")
        .returns(Type::String)
        .build(|args| {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(str_arg(args, 0)?)
                .map_err(|e| {
                    FunctionError::arg(0, format!("failed to decode base64 data: {e}."))
                })?;
            String::from_utf8(bytes).map(Value::from).map_err(|_| {
                FunctionError::arg(
                    0,
                    "the result of decoding the provided string is not valid UTF-8.",
                )
            })
        })
}

fn urlencode() -> Function {
    Def::new("Escapes a string for use in a URL query (spaces become +).")
        .param("str", Type::String, "The string to escape.")
        .returns(Type::String)
        .build(|args| {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            let s = str_arg(args, 0)?;
            // Up to three bytes out for every one in: built under the
            // evaluation budget.
            let mut out = Text::with_capacity(s.len())?;
            for b in s.bytes() {
                match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                        out.push(char::from(b))?;
                    }
                    b' ' => out.push('+')?,
                    _ => {
                        let escaped = [b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]];
                        out.push_str(std::str::from_utf8(&escaped).unwrap_or_default())?;
                    }
                }
            }
            Ok(Value::from(out.into_string()))
        })
}

#[cfg(feature = "csv")]
fn csvdecode() -> Function {
    Def::new("Decodes CSV text with a header line into a list of objects, one per row.")
        .param(
            "str",
            Type::String,
            "The CSV text; the first line names the columns.",
        )
        .returns(Type::Dynamic)
        .build(|args| {
            // go-cty fails the call (not the argument) for bad CSV.
            let text = str_arg(args, 0)?;
            check_csv_quotes(text)?;
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            let mut records = reader.records();
            let csv_error = |e: csv::Error| FunctionError::new(format!("invalid CSV: {e}."));
            let header = match records.next() {
                Some(r) => r.map_err(csv_error)?,
                None => return Err(FunctionError::new("missing header line.")),
            };
            let names: Vec<String> = header.iter().map(str::to_owned).collect();
            let mut seen = std::collections::HashSet::with_capacity(names.len());
            for n in &names {
                if !seen.insert(n.as_str()) {
                    return Err(FunctionError::new(format!("duplicate column name {n:?}.")));
                }
            }
            // Every row repeats every column name: a wide header makes
            // each short row cost far more than its text.
            let row_keys: u64 = names
                .iter()
                .map(|n| n.len() as u64 + 2 * VALUE_BYTES)
                .sum::<u64>()
                + VALUE_BYTES;
            let row_ty = Type::object(names.iter().map(|n| (n.clone(), Type::String)));
            let mut rows = Vec::new();
            for (line, record) in records.enumerate() {
                let record = record.map_err(csv_error)?;
                if record.len() != names.len() {
                    return Err(FunctionError::new(format!(
                        "record {} has {} fields, but the header has {}.",
                        line + 1,
                        record.len(),
                        names.len()
                    )));
                }
                charge(row_keys + record.as_slice().len() as u64)?;
                rows.push(Value::object(
                    names.iter().cloned().zip(record.iter().map(Value::from)),
                ));
            }
            make_list(row_ty, rows)
        })
}

/// Go's `encoding/csv` quoting rules, which the `csv` crate relaxes: a
/// quote may only open a field, and inside a quoted field a quote is
/// doubled or closes the field before a comma or line end. The message is
/// go-cty's (`CSV parse error on line N: ...`).
#[cfg(feature = "csv")]
fn check_csv_quotes(text: &str) -> Result<(), FunctionError> {
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut i = 0;
    let fail = |line: usize, what: &str| {
        Err(FunctionError::new(format!(
            "CSV parse error on line {line}: {what}."
        )))
    };
    while i < bytes.len() {
        // `i` is at the start of a field.
        if bytes[i] == b'"' {
            i += 1;
            loop {
                match bytes.get(i) {
                    None => return fail(line, "extraneous or missing \" in quoted-field"),
                    Some(b'"') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                    Some(b'"') => {
                        i += 1;
                        match bytes.get(i) {
                            None | Some(b',' | b'\n') => break,
                            Some(b'\r') if matches!(bytes.get(i + 1), None | Some(b'\n')) => break,
                            _ => return fail(line, "extraneous or missing \" in quoted-field"),
                        }
                    }
                    Some(b'\n') => {
                        line += 1;
                        i += 1;
                    }
                    Some(_) => i += 1,
                }
            }
        } else {
            while let Some(&b) = bytes.get(i) {
                match b {
                    b',' | b'\n' => break,
                    b'"' => return fail(line, "bare \" in non-quoted-field"),
                    _ => i += 1,
                }
            }
        }
        // `i` is at a separator, a line end or the end.
        match bytes.get(i) {
            Some(b'\n') => line += 1,
            Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => {
                i += 1;
                line += 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

fn jsondecode() -> Function {
    Def::new("Decodes JSON text into the value it represents (objects, tuples, exact numbers).")
        .param("str", Type::String, "The JSON text.")
        .returns(Type::Dynamic)
        // go-cty fails the call (not the argument) for invalid JSON.
        .build(|args| parse_json(str_arg(args, 0)?).map_err(FunctionError::new))
}

fn jsonencode() -> Function {
    Def::new("Encodes a value as JSON text (object keys sorted).")
        .param_with(
            Param::new("val", Type::Dynamic)
                .describe("The value to encode.")
                .allow_null(),
        )
        .returns(Type::String)
        .build(|args| Ok(Value::from(json_text(&args[0])?)))
}

/// `value` as JSON text the way Terraform's `jsonencode` writes it: keys
/// sorted, no spaces, `<`, `>`, `&`, U+2028 and U+2029 escaped. A value
/// that cannot be encoded fails the call, as in go-cty. The text is built
/// under the evaluation budget ([`Text`]): a small value that encodes to
/// a huge text (a list repeating one long string) fails as it reaches it.
pub(crate) fn json_text(value: &Value) -> Result<String, FunctionError> {
    let mut out = Text::new();
    write_json(value, 0, &mut out)?;
    Ok(out.into_string())
}

fn write_json(v: &Value, depth: usize, out: &mut Text) -> Result<(), FunctionError> {
    if depth > max_depth() {
        return Err(FunctionError::new(format!(
            "the value is nested more than {} levels deep.",
            max_depth()
        )));
    }
    match v {
        Value::Marked(m) => write_json(m.value(), depth, out)?,
        Value::Null(_) => out.push_str("null")?,
        Value::Unknown(_) => return Err(FunctionError::new("an unknown value cannot be encoded.")),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" })?,
        Value::Number(n) => {
            if n.is_infinite() {
                return Err(FunctionError::new("infinity cannot be encoded as JSON."));
            }
            out.push_str(&n.to_string())?;
        }
        Value::String(s) => json_string(s, out)?,
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            out.push('[')?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',')?;
                }
                write_json(item, depth + 1, out)?;
            }
            out.push(']')?;
        }
        Value::Map(_, m) | Value::Object(m) => {
            let mut entries: Vec<(&Str, &Value)> = m.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{')?;
            for (i, (k, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',')?;
                }
                json_string(k, out)?;
                out.push(':')?;
                write_json(item, depth + 1, out)?;
            }
            out.push('}')?;
        }
    }
    Ok(())
}

/// `s` as a JSON string literal. Runs of characters that need no escape
/// are copied whole.
fn json_string(s: &str, out: &mut Text) -> Result<(), FunctionError> {
    out.push('"')?;
    let mut plain = 0;
    for (i, c) in s.char_indices() {
        let escape = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{8}' => "\\b",
            '\u{c}' => "\\f",
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => "",
            c if (c as u32) < 0x20 => "",
            _ => continue,
        };
        out.push_str(&s[plain..i])?;
        plain = i + c.len_utf8();
        if escape.is_empty() {
            push_u_escape(c, out)?;
        } else {
            out.push_str(escape)?;
        }
    }
    out.push_str(&s[plain..])?;
    out.push('"')
}

/// `\u` and four lowercase hexadecimal digits (for a character of the
/// Basic Multilingual Plane).
fn push_u_escape(c: char, out: &mut Text) -> Result<(), FunctionError> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let n = c as u32;
    let digits = [
        b'\\',
        b'u',
        HEX[(n >> 12) as usize & 15],
        HEX[(n >> 8) as usize & 15],
        HEX[(n >> 4) as usize & 15],
        HEX[n as usize & 15],
    ];
    out.push_str(std::str::from_utf8(&digits).unwrap_or_default())
}

/// Parses one JSON document into a value: objects become objects, arrays
/// tuples, numbers exact numbers, `null` the dynamic null.
pub(crate) fn parse_json(text: &str) -> Result<Value, String> {
    let mut r = JsonReader {
        s: text.as_bytes(),
        pos: 0,
    };
    r.ws();
    let v = r.value(0)?;
    r.ws();
    if r.pos < r.s.len() {
        return Err(r.error("extra characters after the JSON value"));
    }
    Ok(v)
}

struct JsonReader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl JsonReader<'_> {
    fn error(&self, what: &str) -> String {
        format!("invalid JSON at byte {}: {what}.", self.pos)
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn expect_word(&mut self, word: &str, v: Value) -> Result<Value, String> {
        if self.s[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            Err(self.error("unexpected character"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        // Each value costs a slot of the evaluation budget ("[]" is two
        // bytes of text but a whole value); its text is charged below.
        limits::charge_bytes(VALUE_BYTES).map_err(|e| e.detail())?;
        if depth > max_depth() {
            return Err(self.error(&format!("nested more than {} levels deep", max_depth())));
        }
        match self.peek() {
            None => Err(self.error("unexpected end of input")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                let s = self.string()?;
                limits::charge_bytes(s.len() as u64).map_err(|e| e.detail())?;
                Ok(Value::from(s))
            }
            Some(b't') => self.expect_word("true", Value::Bool(true)),
            Some(b'f') => self.expect_word("false", Value::Bool(false)),
            Some(b'n') => self.expect_word("null", Value::null(Type::Dynamic)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("unexpected character")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.pos += 1;
        let mut attrs = Entries::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(attrs));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a string key"));
            }
            let key = Str::new(self.string()?);
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.error("expected ':'"));
            }
            self.pos += 1;
            self.ws();
            let v = self.value(depth + 1)?;
            // A repeated key keeps its last value, as Go's `encoding/json`
            // (and so go-cty's `jsondecode`) does.
            attrs.insert(key, v);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(attrs));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.pos += 1;
        let mut items = Elements::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Tuple(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Tuple(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n = self.digits();
        if n == 0 || (n > 1 && self.s[int_start] == b'0') {
            return Err(self.error("invalid number"));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        Number::parse(text)
            .map(Value::Number)
            .map_err(|e| format!("invalid JSON at byte {start}: {e}."))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .s
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.error("incomplete \\u escape"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.error("invalid \\u escape"))?;
        let v = u32::from_str_radix(text, 16).map_err(|_| self.error("invalid \\u escape"))?;
        self.pos += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("unterminated string"));
            };
            self.pos += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let Some(e) = self.peek() else {
                        return Err(self.error("unterminated string"));
                    };
                    self.pos += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi)
                                && self.s[self.pos..].starts_with(b"\\u")
                            {
                                let save = self.pos;
                                self.pos += 2;
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                } else {
                                    self.pos = save;
                                    0xFFFD
                                }
                            } else {
                                hi
                            };
                            // A lone surrogate becomes U+FFFD, as in Go.
                            char::from_u32(code).unwrap_or('\u{FFFD}')
                        }
                        _ => return Err(self.error("invalid escape")),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return Err(self.error("control character in string")),
                _ => out.push(b),
            }
        }
        // The input is a &str and escapes add whole characters.
        String::from_utf8(out).map_err(|_| self.error("invalid UTF-8"))
    }
}

#[cfg(feature = "yaml")]
fn yamlencode() -> Function {
    Def::new("Encodes a value as YAML text (block style, keys sorted, strings double-quoted).")
        .param_with(
            Param::new("value", Type::Dynamic)
                .describe("The value to encode.")
                .allow_null(),
        )
        .returns(Type::String)
        .build(|args| {
            // Built under the evaluation budget: indentation makes a deep
            // value's text much bigger than the value.
            let mut out = Text::new();
            yaml_block(&args[0], 0, 0, &mut out)?;
            Ok(Value::from(out.into_string()))
        })
}

/// Writes `v` if it is written on one line (a scalar or an empty
/// collection); says whether it was.
#[cfg(feature = "yaml")]
fn yaml_scalar(v: &Value, out: &mut Text) -> Result<bool, FunctionError> {
    match v {
        Value::Null(_) => out.push_str("null")?,
        Value::Unknown(_) => {
            return Err(FunctionError::arg(0, "an unknown value cannot be encoded."))
        }
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" })?,
        Value::Number(n) if n.is_infinite() => {
            out.push_str(if n.is_negative() { "-.inf" } else { ".inf" })?;
        }
        Value::Number(n) => out.push_str(&n.to_string())?,
        Value::String(s) => yaml_quote(s, out)?,
        _ if v.is_empty() => match v {
            Value::Map(..) | Value::Object(_) => out.push_str("{}")?,
            _ => out.push_str("[]")?,
        },
        _ => return Ok(false),
    }
    Ok(true)
}

/// `s` double-quoted with YAML's escapes; runs of characters that need
/// none are copied whole.
#[cfg(feature = "yaml")]
fn yaml_quote(s: &str, out: &mut Text) -> Result<(), FunctionError> {
    out.push('"')?;
    let mut plain = 0;
    for (i, c) in s.char_indices() {
        let escape = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{85}' => "\\N",
            '\u{2028}' => "\\L",
            '\u{2029}' => "\\P",
            c if (c as u32) < 0x20 || c == '\u{7f}' || c.is_control() || c == '\u{feff}' => "",
            _ => continue,
        };
        out.push_str(&s[plain..i])?;
        plain = i + c.len_utf8();
        if !escape.is_empty() {
            out.push_str(escape)?;
        } else if (c as u32) < 0x20 || c == '\u{7f}' {
            out.push_str(&format!("\\x{:02x}", c as u32))?;
        } else {
            out.push_str(&format!("\\u{:04x}", c as u32))?;
        }
    }
    out.push_str(&s[plain..])?;
    out.push('"')
}

/// Writes `v` as a block at column `indent`; the first line's indentation
/// is already written by the caller (after `- ` or at the start).
#[cfg(feature = "yaml")]
fn yaml_block(v: &Value, indent: usize, depth: usize, out: &mut Text) -> Result<(), FunctionError> {
    if depth > max_depth() {
        return Err(FunctionError::arg(
            0,
            format!("the value is nested more than {} levels deep.", max_depth()),
        ));
    }
    if yaml_scalar(v, out)? {
        return out.push('\n');
    }
    match v {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_repeated(' ', indent)?;
                }
                out.push_str("- ")?;
                yaml_block(item, indent + 2, depth + 1, out)?;
            }
        }
        Value::Map(_, m) | Value::Object(m) => {
            let mut entries: Vec<(&Str, &Value)> = m.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            for (i, (k, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push_repeated(' ', indent)?;
                }
                yaml_quote(k, out)?;
                out.push(':')?;
                let mark = out.len();
                out.push(' ')?;
                if yaml_scalar(item, out)? {
                    out.push('\n')?;
                } else if item.as_entries().is_some() {
                    out.truncate(mark);
                    out.push('\n')?;
                    out.push_repeated(' ', indent + 2)?;
                    yaml_block(item, indent + 2, depth + 1, out)?;
                } else {
                    // Sequences in mappings are not indented (go-yaml's style).
                    out.truncate(mark);
                    out.push('\n')?;
                    out.push_repeated(' ', indent)?;
                    yaml_block(item, indent, depth + 1, out)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(feature = "yaml")]
fn yamldecode() -> Function {
    Def::new("Decodes YAML text (one document, YAML 1.2 core schema) into the value it represents.")
        .param("src", Type::String, "The YAML text.")
        .returns(Type::Dynamic)
        // As for jsondecode, invalid text fails the call.
        .build(|args| parse_yaml(str_arg(args, 0)?).map_err(FunctionError::new))
}

/// Parses one YAML document into a value: mappings become objects,
/// sequences tuples.
#[cfg(feature = "yaml")]
pub(crate) fn parse_yaml(text: &str) -> Result<Value, String> {
    let mut loader = YamlLoader::default();
    let mut parser = Parser::new_from_str(text);
    parser
        .load(&mut loader, true)
        .map_err(|e| format!("invalid YAML: {e}."))?;
    if let Some(e) = loader.error {
        return Err(e);
    }
    match loader.documents {
        0 => Ok(Value::null(Type::Dynamic)),
        1 => Ok(loader.result.unwrap_or(Value::null(Type::Dynamic))),
        _ => Err("only a single YAML document is supported.".into()),
    }
}

#[cfg(feature = "yaml")]
enum Frame {
    Seq {
        items: Elements,
        anchor: usize,
        cost: usize,
    },
    Map {
        attrs: Entries,
        key: Option<Str>,
        anchor: usize,
        cost: usize,
    },
}

#[derive(Default)]
#[cfg(feature = "yaml")]
struct YamlLoader {
    stack: Vec<Frame>,
    anchors: HashMap<usize, (Value, usize)>,
    total: usize,
    documents: usize,
    result: Option<Value>,
    error: Option<String>,
}

#[cfg(feature = "yaml")]
impl YamlLoader {
    fn fail(&mut self, message: String) {
        if self.error.is_none() {
            self.error = Some(message);
        }
    }

    /// Adds a finished node (of `cost` nodes, aliases expanded) to its
    /// parent, or makes it the document's value.
    fn push(&mut self, v: Value, cost: usize, anchor: usize) {
        self.total = self.total.saturating_add(cost);
        if self.total > MAX_ELEMENTS {
            self.fail(format!(
                "the document expands to more than {MAX_ELEMENTS} values (through aliases)."
            ));
            return;
        }
        if anchor > 0 {
            self.anchors.insert(anchor, (v.clone(), cost));
        }
        match self.stack.last_mut() {
            None => self.result = Some(v),
            Some(Frame::Seq { items, cost: c, .. }) => {
                items.push(v);
                *c = c.saturating_add(cost);
            }
            Some(Frame::Map {
                attrs,
                key,
                cost: c,
                ..
            }) => match key.take() {
                None => match v {
                    Value::String(s) => *key = Some(s),
                    Value::Number(n) => *key = Some(Str::new(n.to_string())),
                    Value::Bool(b) => *key = Some(Str::from(if b { "true" } else { "false" })),
                    Value::Null(_) => *key = Some(Str::from("null")),
                    _ => {
                        self.fail("mapping keys must be scalars.".into());
                    }
                },
                Some(k) => {
                    if attrs.contains_key(k.as_str()) {
                        let msg = format!("mapping key {k:?} is defined more than once.");
                        self.fail(msg);
                        return;
                    }
                    attrs.insert(k, v);
                    *c = c.saturating_add(cost);
                }
            },
        }
    }
}

#[cfg(feature = "yaml")]
impl MarkedEventReceiver for YamlLoader {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.error.is_some() {
            return;
        }
        let at = |what: &str| format!("invalid YAML at line {}: {what}", mark.line());
        match ev {
            Event::DocumentStart => self.documents += 1,
            Event::Scalar(text, style, anchor, tag) => {
                match resolve_scalar(&text, style, tag.as_ref()) {
                    Ok(v) => {
                        if let Err(e) = limits::charge_value(&v) {
                            return self.fail(e.detail());
                        }
                        self.push(v, 1, anchor);
                    }
                    Err(e) => self.fail(at(&e)),
                }
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= max_depth() {
                    self.fail(at(&format!(
                        "nested more than {} levels deep.",
                        max_depth()
                    )));
                    return;
                }
                self.stack.push(if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq {
                        items: Elements::new(),
                        anchor,
                        cost: 1,
                    }
                } else {
                    Frame::Map {
                        attrs: Entries::new(),
                        key: None,
                        anchor,
                        cost: 1,
                    }
                });
            }
            Event::SequenceEnd | Event::MappingEnd => match self.stack.pop() {
                _ if limits::charge_bytes(VALUE_BYTES).is_err() => {
                    self.fail(limits::exceeded().map(|e| e.detail()).unwrap_or_default());
                }
                Some(Frame::Seq {
                    items,
                    anchor,
                    cost,
                }) => self.push(Value::Tuple(items), cost, anchor),
                Some(Frame::Map {
                    attrs,
                    anchor,
                    cost,
                    ..
                }) => self.push(Value::Object(attrs), cost, anchor),
                None => {}
            },
            // An alias costs what it expands to, charged before the copy.
            Event::Alias(id) => match self.anchors.get(&id) {
                Some((v, _)) if limits::charge_value(v).is_err() => {
                    self.fail(limits::exceeded().map(|e| e.detail()).unwrap_or_default());
                }
                Some((v, cost)) => {
                    let (v, cost) = (v.clone(), *cost);
                    self.push(v, cost, 0);
                }
                None => self.fail(at("alias to an unknown anchor.")),
            },
            _ => {}
        }
    }
}

/// The value of a scalar per the YAML 1.2 core schema: quoted scalars are
/// strings; plain ones may be null, bools, integers (decimal, `0o`, `0x`)
/// or floats (including `.inf`); explicit `!!` tags choose the type.
#[cfg(feature = "yaml")]
fn resolve_scalar(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    if let Some(tag) = tag {
        let suffix = match tag.handle.as_str() {
            "!!" | "tag:yaml.org,2002:" => tag.suffix.as_str(),
            "!" if tag.suffix.is_empty() => "str",
            _ => return Err(format!("unsupported tag {}{}.", tag.handle, tag.suffix)),
        };
        return match suffix {
            "str" => Ok(Value::from(text)),
            "null" => Ok(Value::null(Type::Dynamic)),
            "bool" => match plain_scalar(text)? {
                v @ Value::Bool(_) => Ok(v),
                _ => Err(format!("{text:?} is not a bool.")),
            },
            "int" | "float" => match plain_scalar(text)? {
                v @ Value::Number(_) => Ok(v),
                _ => Err(format!("{text:?} is not a number.")),
            },
            other => Err(format!("unsupported tag !!{other}.")),
        };
    }
    if style != TScalarStyle::Plain {
        return Ok(Value::from(text));
    }
    plain_scalar(text)
}

#[cfg(feature = "yaml")]
fn plain_scalar(text: &str) -> Result<Value, String> {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Ok(Value::null(Type::Dynamic)),
        "true" | "True" | "TRUE" => return Ok(Value::Bool(true)),
        "false" | "False" | "FALSE" => return Ok(Value::Bool(false)),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Ok(Value::Number(Number::INFINITY))
        }
        "-.inf" | "-.Inf" | "-.INF" => return Ok(Value::Number(Number::NEG_INFINITY)),
        ".nan" | ".NaN" | ".NAN" => return Err("NaN cannot be represented as a number.".into()),
        _ => {}
    }
    let radix = |digits: &str, base: u32| -> Option<Value> {
        if digits.is_empty() || digits.len() > super::MAX_PARSEINT_DIGITS {
            return None;
        }
        let big = num_bigint::BigInt::parse_bytes(digits.as_bytes(), base)?;
        Number::parse(&big.to_string()).ok().map(Value::Number)
    };
    if let Some(h) = text.strip_prefix("0x") {
        if let Some(v) = radix(h, 16) {
            return Ok(v);
        }
    }
    if let Some(o) = text.strip_prefix("0o") {
        if let Some(v) = radix(o, 8) {
            return Ok(v);
        }
    }
    if let Some(n) = yaml_float(text) {
        return Ok(Value::Number(n));
    }
    Ok(Value::from(text))
}

/// A YAML 1.2 core-schema number: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
#[cfg(feature = "yaml")]
fn yaml_float(text: &str) -> Option<Number> {
    let (sign, body) = match text.as_bytes().first()? {
        b'-' => ("-", &text[1..]),
        b'+' => ("", &text[1..]),
        _ => ("", text),
    };
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int) || !all_digits(frac) || (int.is_empty() && frac.is_empty()) {
        return None;
    }
    if int.is_empty() && mantissa.starts_with('.') && frac.is_empty() {
        return None;
    }
    let mut normal = format!("{sign}{}", if int.is_empty() { "0" } else { int });
    if !frac.is_empty() {
        normal.push('.');
        normal.push_str(frac);
    }
    if let Some(e) = exp {
        let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
        if digits.is_empty() || !all_digits(digits) {
            return None;
        }
        normal.push('e');
        normal.push_str(e.strip_prefix('+').unwrap_or(e));
    }
    Number::parse(&normal).ok()
}
