//! The JSON text writer: compact or pretty (two-space indent, the layout of
//! `JSON.stringify(x, null, 2)` that cdktf and `terraform fmt`-style tools
//! emit), with the escaping JSON requires and nothing more.
//!
//! It only knows JSON's shape; what a value means to HCL (templates,
//! escaping of `${`, blocks) is decided by its callers.

use std::fmt::Write as _;
use std::io;

use crate::json::{write_escaped, write_string};

/// Where the writer is inside a container, to place commas and newlines.
#[derive(Clone, Copy)]
struct Level {
    /// Nothing was written in this container yet.
    empty: bool,
}

/// A position to roll back to (an omitted attribute whose key was written).
#[derive(Clone, Copy)]
pub(crate) struct Mark {
    len: usize,
    empty: bool,
}

/// Writes JSON text into a string.
pub(crate) struct JsonWriter {
    pub(crate) out: String,
    pretty: bool,
    levels: Vec<Level>,
}

impl JsonWriter {
    pub(crate) fn new(pretty: bool) -> JsonWriter {
        JsonWriter {
            out: String::with_capacity(256),
            pretty,
            levels: Vec::new(),
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.levels.len() {
            self.out.push_str("  ");
        }
    }

    /// Before an element of an array or a key of an object.
    fn item(&mut self) {
        if let Some(level) = self.levels.last_mut() {
            if !level.empty {
                self.out.push(',');
            }
            level.empty = false;
            if self.pretty {
                self.newline();
            }
        }
    }

    pub(crate) fn begin_object(&mut self) {
        self.out.push('{');
        self.levels.push(Level { empty: true });
    }

    pub(crate) fn begin_array(&mut self) {
        self.out.push('[');
        self.levels.push(Level { empty: true });
    }

    /// Closes the innermost object or array (`close` is `}` or `]`).
    pub(crate) fn end(&mut self, close: char) {
        let level = self.levels.pop().unwrap_or(Level { empty: true });
        if self.pretty && !level.empty {
            self.newline();
        }
        self.out.push(close);
    }

    pub(crate) fn end_object(&mut self) {
        self.end('}');
    }

    pub(crate) fn end_array(&mut self) {
        self.end(']');
    }

    /// Starts an array element.
    pub(crate) fn element(&mut self) {
        self.item();
    }

    /// Writes an object key (already the final text) and the colon.
    pub(crate) fn key(&mut self, key: &str) {
        self.item();
        self.string(key);
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
    }

    /// Writes an object key, as a template literal when `template` (in
    /// full-expression mode keys of an object expression are templates).
    pub(crate) fn key_with(&mut self, key: &str, template: bool) {
        self.item();
        if template {
            self.template_literal(key);
        } else {
            self.string(key);
        }
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
    }

    /// The current position, to undo a key whose value turns out absent.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            len: self.out.len(),
            empty: self.levels.last().is_none_or(|l| l.empty),
        }
    }

    pub(crate) fn reset(&mut self, mark: Mark) {
        self.out.truncate(mark.len);
        if let Some(level) = self.levels.last_mut() {
            level.empty = mark.empty;
        }
    }

    /// Writes text that is already valid JSON (numbers, `true`, `null`).
    pub(crate) fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Writes a number or other `Display` text that is valid JSON as is.
    pub(crate) fn display(&mut self, v: impl std::fmt::Display) {
        let _ = write!(self.out, "{v}");
    }

    /// Writes a JSON string with the escapes JSON requires.
    pub(crate) fn string(&mut self, s: &str) {
        let _ = write_string(&mut self.out, s);
    }

    /// Writes a string with `${` and `%{` doubled to `$${` and `%%{`, so
    /// that a template reads it back as the same literal text.
    pub(crate) fn template_literal(&mut self, s: &str) {
        if memchr::memchr(b'{', s.as_bytes()).is_none() {
            return self.string(s);
        }
        self.out.push('"');
        let bytes = s.as_bytes();
        let mut start = 0;
        for i in 0..bytes.len() {
            if bytes[i] == b'{' && i > 0 && matches!(bytes[i - 1], b'$' | b'%') {
                // Write up to and including the sigil, then the sigil again.
                let _ = write_escaped(&mut self.out, &s[start..i]);
                self.out.push(char::from(bytes[i - 1]));
                start = i;
            }
        }
        let _ = write_escaped(&mut self.out, &s[start..]);
        self.out.push('"');
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }
}

/// Writes `bytes` to `w`, mapping I/O errors to the crate's error.
pub(crate) fn write_all<W: io::Write>(mut w: W, bytes: &[u8]) -> Result<(), crate::diag::Error> {
    w.write_all(bytes).map_err(|e| {
        crate::diag::Error::new(crate::diag::Diagnostic::error(
            "Cannot write output",
            format!("Writing the JSON text failed: {e}."),
            None,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn literal(s: &str) -> String {
        let mut w = JsonWriter::new(false);
        w.template_literal(s);
        w.finish()
    }

    #[test]
    fn template_sigils_are_doubled() {
        assert_eq!(literal("a ${b} %{c} d"), r#""a $${b} %%{c} d""#);
        assert_eq!(literal("$${x}"), r#""$$${x}""#);
        assert_eq!(literal("{x} $ %"), r#""{x} $ %""#);
    }

    #[test]
    fn control_characters_are_escaped() {
        let mut w = JsonWriter::new(false);
        w.string("\"\\\n\u{1}é");
        assert_eq!(w.finish(), "\"\\\"\\\\\\n\\u0001é\"");
    }

    #[test]
    fn pretty_output_indents_two_spaces_and_keeps_empty_containers_short() {
        let mut w = JsonWriter::new(true);
        w.begin_object();
        w.key("a");
        w.begin_array();
        w.element();
        w.raw("1");
        w.end_array();
        w.key("b");
        w.begin_object();
        w.end_object();
        w.end_object();
        assert_eq!(w.finish(), "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}");
    }

    #[test]
    fn a_mark_undoes_a_key() {
        let mut w = JsonWriter::new(false);
        w.begin_object();
        let m = w.mark();
        w.key("gone");
        w.reset(m);
        w.key("kept");
        w.raw("1");
        w.end_object();
        assert_eq!(w.finish(), r#"{"kept":1}"#);
    }
}
