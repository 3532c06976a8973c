//! The JSON text writer: compact or pretty (two-space indent, the layout of
//! `JSON.stringify(x, null, 2)` that cdktf and `terraform fmt`-style tools
//! emit), with the escaping JSON requires and nothing more.
//!
//! It only knows JSON's shape; what a value means to HCL (templates,
//! escaping of `${`, blocks) is decided by its callers.

use std::io;

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

/// Writes JSON text into a byte buffer.
pub(crate) struct JsonWriter {
    pub(crate) out: Vec<u8>,
    pretty: bool,
    levels: Vec<Level>,
}

impl JsonWriter {
    pub(crate) fn new(pretty: bool) -> JsonWriter {
        JsonWriter {
            out: Vec::with_capacity(256),
            pretty,
            levels: Vec::new(),
        }
    }

    fn newline(&mut self) {
        self.out.push(b'\n');
        for _ in 0..self.levels.len() {
            self.out.extend_from_slice(b"  ");
        }
    }

    /// Before an element of an array or a key of an object.
    fn item(&mut self) {
        if let Some(level) = self.levels.last_mut() {
            if !level.empty {
                self.out.push(b',');
            }
            level.empty = false;
            if self.pretty {
                self.newline();
            }
        }
    }

    pub(crate) fn begin_object(&mut self) {
        self.out.push(b'{');
        self.levels.push(Level { empty: true });
    }

    pub(crate) fn begin_array(&mut self) {
        self.out.push(b'[');
        self.levels.push(Level { empty: true });
    }

    /// Closes the innermost object or array (`close` is `}` or `]`).
    pub(crate) fn end(&mut self, close: u8) {
        let level = self.levels.pop().unwrap_or(Level { empty: true });
        if self.pretty && !level.empty {
            self.newline();
        }
        self.out.push(close);
    }

    pub(crate) fn end_object(&mut self) {
        self.end(b'}');
    }

    pub(crate) fn end_array(&mut self) {
        self.end(b']');
    }

    /// Starts an array element.
    pub(crate) fn element(&mut self) {
        self.item();
    }

    /// Writes an object key (already the final text) and the colon.
    pub(crate) fn key(&mut self, key: &str) {
        self.item();
        self.string(key);
        self.out.push(b':');
        if self.pretty {
            self.out.push(b' ');
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
        self.out.push(b':');
        if self.pretty {
            self.out.push(b' ');
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
        self.out.extend_from_slice(text.as_bytes());
    }

    /// Writes a number or other `Display` text that is valid JSON as is.
    pub(crate) fn display(&mut self, v: impl std::fmt::Display) {
        use std::io::Write;
        let _ = write!(self.out, "{v}");
    }

    /// Writes a JSON string with the escapes JSON requires.
    pub(crate) fn string(&mut self, s: &str) {
        self.out.push(b'"');
        escape_into(&mut self.out, s);
        self.out.push(b'"');
    }

    /// Writes a string with `${` and `%{` doubled to `$${` and `%%{`, so
    /// that a template reads it back as the same literal text.
    pub(crate) fn template_literal(&mut self, s: &str) {
        if memchr::memchr(b'{', s.as_bytes()).is_none() {
            return self.string(s);
        }
        self.out.push(b'"');
        let bytes = s.as_bytes();
        let mut start = 0;
        for i in 0..bytes.len() {
            if bytes[i] == b'{' && i > 0 && matches!(bytes[i - 1], b'$' | b'%') {
                // Write up to and including the sigil, then the sigil again.
                escape_into(&mut self.out, &s[start..i]);
                self.out.push(bytes[i - 1]);
                start = i;
            }
        }
        escape_into(&mut self.out, &s[start..]);
        self.out.push(b'"');
    }

    pub(crate) fn finish(self) -> Vec<u8> {
        self.out
    }
}

/// The bytes JSON strings must escape: `"`, `\\` and control characters.
static ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        table[i] = true;
        i += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// JSON escapes: the quote, the backslash and control characters. Runs of
/// plain bytes are copied whole.
fn escape_into(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !ESCAPE[b as usize] {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            _ => {
                let hex = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(hex[(b >> 4) as usize]);
                out.push(hex[(b & 0xf) as usize]);
            }
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
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
        String::from_utf8(w.finish()).unwrap()
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
        assert_eq!(
            String::from_utf8(w.finish()).unwrap(),
            "\"\\\"\\\\\\n\\u0001é\""
        );
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
        assert_eq!(
            String::from_utf8(w.finish()).unwrap(),
            "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}"
        );
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
        assert_eq!(String::from_utf8(w.finish()).unwrap(), r#"{"kept":1}"#);
    }
}
