//! A conservative recognizer of the simple expressions most attribute
//! values are: number, `true` / `false` / `null`, a quoted string whose
//! only template sequences are `${a.b.c}`, a traversal `a.b.c`, and tuples
//! and objects of those.
//!
//! Why: a native file's expressions are parsed lazily (the first time an
//! attribute is read), but `parse_native` must still report every syntax
//! error. An expression this recognizer accepts is one the expression
//! parser accepts without any diagnostic and whose tree ends exactly where
//! the recognizer stopped, so the parse can wait. It allocates nothing and
//! reads each byte once. Anything it is not sure about (operators, calls,
//! indexes, splats, escapes, heredocs, `for`, block comments, non-ASCII
//! text, deep nesting) makes it give up, and the attribute is then parsed
//! at once by the expression parser, errors and all. Debug builds check
//! every acceptance against that parser.

use crate::native::ident;

/// How deep tuples and objects may nest before the recognizer gives up:
/// far below the parser's own limit, so depth errors never get deferred.
const MAX_NEST: u32 = 8;

/// If the text at `start` is a simple expression followed (after spaces,
/// tabs and a line comment) by a newline or the end of `b`, the end of the
/// expression.
pub(super) fn simple_expression_end(b: &[u8], start: usize) -> Option<usize> {
    let mut r = Reader { b, i: start };
    r.value(0)?;
    let end = r.i;
    r.inline_ws();
    r.line_comment();
    match r.peek() {
        None | Some(b'\n') => Some(end),
        Some(b'\r') if r.b.get(r.i + 1) == Some(&b'\n') => Some(end),
        _ => None,
    }
}

struct Reader<'b> {
    b: &'b [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn inline_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// A `#` or `//` comment up to (not including) its newline.
    fn line_comment(&mut self) {
        let intro = match (self.peek(), self.b.get(self.i + 1)) {
            (Some(b'#'), _) => 1,
            (Some(b'/'), Some(b'/')) => 2,
            _ => return,
        };
        self.i = super::lines::line_comment_end(self.b, self.i + intro);
    }

    /// Whitespace inside brackets: spaces, tabs, newlines and line
    /// comments (a lone `\r` or a block comment: give up).
    fn bracket_ws(&mut self) -> Option<()> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n') => self.i += 1,
                Some(b'\r') if self.b.get(self.i + 1) == Some(&b'\n') => self.i += 2,
                Some(b'#') => self.line_comment(),
                Some(b'/') if self.b.get(self.i + 1) == Some(&b'/') => self.line_comment(),
                Some(b'\r' | b'/') => return None,
                _ => return Some(()),
            }
        }
    }

    fn value(&mut self, nest: u32) -> Option<()> {
        match self.peek()? {
            b'0'..=b'9' => self.number(),
            b'"' => self.string(),
            b'[' if nest < MAX_NEST => self.tuple(nest + 1),
            b'{' if nest < MAX_NEST => self.object(nest + 1),
            c if ident::is_start_byte(c) => self.traversal(),
            _ => None,
        }
    }

    /// Digits, optionally `.` and digits; an exponent gives up.
    fn number(&mut self) -> Option<()> {
        self.digits();
        if self.peek() == Some(b'.') && self.b.get(self.i + 1).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
            self.digits();
        }
        match self.peek() {
            Some(b'e' | b'E' | b'.') => None,
            Some(c) if c.is_ascii_alphanumeric() || c == b'_' => None,
            _ => Some(()),
        }
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
    }

    /// An ASCII identifier; its text.
    fn ident(&mut self) -> Option<&[u8]> {
        let start = self.i;
        match self.peek() {
            Some(c) if ident::is_start_byte(c) => self.i += 1,
            _ => return None,
        }
        while self.peek().is_some_and(ident::is_continue_byte) {
            self.i += 1;
        }
        if self.peek().is_some_and(|c| !c.is_ascii()) {
            return None;
        }
        Some(&self.b[start..self.i])
    }

    /// `name(.name)*`, not a keyword with steps, not `for`, not followed
    /// by a call, index or namespace.
    fn traversal(&mut self) -> Option<()> {
        let first = self.ident()?;
        let keyword = matches!(first, b"true" | b"false" | b"null");
        if first == b"for" || first == b"if" || first == b"in" {
            return None;
        }
        while self.peek() == Some(b'.') {
            if keyword {
                return None;
            }
            self.i += 1;
            self.ident()?;
        }
        match self.peek() {
            Some(b'(' | b'[' | b':' | b'.' | b'*') => None,
            _ => Some(()),
        }
    }

    /// `"text"` of printable ASCII, with `${name.name}` interpolations.
    fn string(&mut self) -> Option<()> {
        self.i += 1;
        loop {
            match self.peek()? {
                b'"' => {
                    self.i += 1;
                    return Some(());
                }
                b'$' if self.b.get(self.i + 1) == Some(&b'{') => {
                    self.i += 2;
                    self.inline_ws();
                    self.traversal()?;
                    self.inline_ws();
                    if self.peek() != Some(b'}') {
                        return None;
                    }
                    self.i += 1;
                }
                b'\\' | b'$' | b'%' => return None,
                c if (0x20..0x7f).contains(&c) => self.i += 1,
                _ => return None,
            }
        }
    }

    /// A plain string (no interpolation), as an object key.
    fn plain_string(&mut self) -> Option<()> {
        let start = self.i;
        self.string()?;
        (!self.b[start..self.i].contains(&b'$')).then_some(())
    }

    /// `[v, v, ...]`, a trailing comma allowed.
    fn tuple(&mut self, nest: u32) -> Option<()> {
        self.i += 1;
        loop {
            self.bracket_ws()?;
            if self.peek() == Some(b']') {
                self.i += 1;
                return Some(());
            }
            self.value(nest)?;
            self.bracket_ws()?;
            match self.peek()? {
                b',' => self.i += 1,
                b']' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// `{ key = v, key = v \n key = v }`: items separated by a comma or a
    /// newline.
    fn object(&mut self, nest: u32) -> Option<()> {
        self.i += 1;
        self.bracket_ws()?;
        loop {
            if self.peek() == Some(b'}') {
                self.i += 1;
                return Some(());
            }
            if self.peek()? == b'"' {
                self.plain_string()?;
            } else if self.ident()? == b"for" {
                return None;
            }
            self.inline_ws();
            match (self.peek(), self.b.get(self.i + 1)) {
                (Some(b'='), Some(b'=' | b'>')) => return None,
                (Some(b'=' | b':'), _) => self.i += 1,
                _ => return None,
            }
            self.inline_ws();
            self.value(nest)?;
            // After an item: a comma or a newline, then the next item or
            // the closing brace.
            self.inline_ws();
            self.line_comment();
            match self.peek()? {
                b',' => {
                    self.i += 1;
                    self.bracket_ws()?;
                }
                b'\n' | b'\r' => self.bracket_ws()?,
                b'}' => {}
                _ => return None,
            }
        }
    }
}
