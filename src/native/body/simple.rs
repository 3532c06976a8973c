//! A conservative recognizer of the expressions most attribute values
//! are: numbers, `true` / `false` / `null`, quoted strings whose template
//! sequences are `${ expression }` interpolations, references with
//! attribute and index steps, function calls, operators, conditionals,
//! parentheses, tuples, objects and `for` expressions.
//!
//! Why: a native file's expressions are parsed lazily (the first time an
//! attribute is read), but `parse_native` must still report every syntax
//! error. An expression this recognizer accepts is one the expression
//! parser accepts without any diagnostic and whose tree ends exactly where
//! the recognizer stopped, so the parse, and the tree's allocations, can
//! wait (a module loaded to list its variables and resources never reads
//! most values). It allocates nothing and never backtracks: wherever the
//! parser could backtrack or report something (splats, legacy `.0`
//! indexes, `...`, escapes, directives, strip markers, heredocs, block
//! comments, exponents, non-ASCII text, `::` names, keywords with steps,
//! deep nesting) it gives up, and the attribute is then parsed at once by
//! the expression parser, errors and all. Debug builds check every
//! acceptance against that parser.
//!
//! Newlines follow HCL's rule (see `layout.rs`): inside a tuple, call,
//! index, parentheses or `for` expression they are whitespace; at an
//! attribute's own level, an object item's and in a string's
//! interpolation they end what is being read (the recognizer then expects
//! the item's end there, or gives up).

use crate::native::ident;

/// How deep brackets, interpolations, unary operators and conditionals may
/// nest before the recognizer gives up: far below the parser's own limit,
/// so that neither nesting nor a tree's height (a few levels per nesting
/// level, from operator precedence and steps) can make a deferred
/// expression too deep.
const MAX_NEST: u32 = 8;

/// The bytes a plain quoted string's text is made of: printable ASCII but
/// the quote, the backslash and the template introducers `$` and `%`.
pub(super) const PLAIN_TEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0x20;
    while c < 0x7f {
        table[c] = !matches!(c as u8, b'"' | b'\\' | b'$' | b'%');
        c += 1;
    }
    table
};

/// Whether a newline is whitespace where the recognizer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// Inside a tuple, call, index, parentheses or `for` expression.
    Free,
    /// At an attribute's own level, an object item's or in an
    /// interpolation: a newline ends what is being read.
    End,
}

/// If the text at `start` is an expression the recognizer knows, followed
/// (after spaces, tabs and a line comment) by a newline or the end of
/// `b`, the end of the expression.
pub(super) fn simple_expression_end(b: &[u8], start: usize) -> Option<usize> {
    let mut r = Reader { b, i: start };
    r.expr(0, Lines::End)?;
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

/// One more level of nesting, or `None` past [`MAX_NEST`].
fn enter(nest: u32) -> Option<u32> {
    (nest < MAX_NEST).then_some(nest + 1)
}

impl<'b> Reader<'b> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn at(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    fn inline_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// A `#` or `//` comment up to (not including) its newline.
    fn line_comment(&mut self) {
        let intro = match (self.peek(), self.at(1)) {
            (Some(b'#'), _) => 1,
            (Some(b'/'), Some(b'/')) => 2,
            _ => return,
        };
        self.i = super::lines::line_comment_end(self.b, self.i + intro);
    }

    /// Whitespace inside brackets: spaces, tabs, newlines and line
    /// comments (a lone `\r` or a block comment: give up).
    #[inline]
    fn bracket_ws(&mut self) -> Option<()> {
        // (Most tokens in brackets are followed by none: no call.)
        match self.peek() {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/') => self.bracket_ws_run(),
            _ => Some(()),
        }
    }

    fn bracket_ws_run(&mut self) -> Option<()> {
        let b = self.b;
        loop {
            // (Line breaks and indentation: a tight loop.)
            while matches!(b.get(self.i), Some(b' ' | b'\t' | b'\n')) {
                self.i += 1;
            }
            match self.peek() {
                Some(b'\r') if self.at(1) == Some(b'\n') => self.i += 2,
                Some(b'#') => self.line_comment(),
                Some(b'/') if self.at(1) == Some(b'/') => self.line_comment(),
                Some(b'\r') => return None,
                Some(b'/') if self.at(1) == Some(b'*') => return None,
                _ => return Some(()),
            }
        }
    }

    /// Whitespace as `lines` has it: where a newline ends the reading,
    /// only spaces and tabs (a comment is then no operator, and what
    /// follows it is the line's end).
    #[inline]
    fn ws(&mut self, lines: Lines) -> Option<()> {
        // (Most tokens are followed by no whitespace or one space.)
        match self.peek() {
            Some(b' ')
                if !matches!(self.at(1), Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/')) =>
            {
                self.i += 1;
                return Some(());
            }
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/') => {}
            _ => return Some(()),
        }
        match lines {
            Lines::Free => self.bracket_ws(),
            Lines::End => {
                self.inline_ws();
                Some(())
            }
        }
    }

    /// Whether the keyword `kw` is here (not the start of a longer name).
    fn at_keyword(&self, kw: &[u8]) -> bool {
        self.peek() == Some(kw[0])
            && self.b[self.i..].starts_with(kw)
            && !self
                .b
                .get(self.i + kw.len())
                .is_some_and(|&c| ident::is_continue_byte(c) || !c.is_ascii())
    }

    /// Where the expression here ends if it is one token that nothing
    /// extends (most tuple elements, call arguments and object values): a
    /// plain number, a plain string or a reference `a.b.c` (no keyword
    /// with steps), followed (after spaces) by a byte that ends every
    /// expression (`,`, `]`, `)` or `}`; at the end of a line, also a
    /// newline or a comment). It is what the descent would read, without
    /// the descent: `None` for anything else, read by the descent.
    fn atom_end(&self, lines: Lines) -> Option<usize> {
        let b = self.b;
        let start = self.i;
        let end = match *b.get(start)? {
            b'0'..=b'9' => {
                let mut j = start + 1;
                while b.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                j
            }
            b'"' => {
                let len = b[start + 1..]
                    .iter()
                    .position(|&c| !PLAIN_TEXT[usize::from(c)])?;
                let close = start + 1 + len;
                (b[close] == b'"').then_some(close + 1)?
            }
            c if ident::is_start_byte(c) => {
                let mut j = start;
                loop {
                    let name = b[j..]
                        .iter()
                        .position(|&c| !ident::CONTINUE_ASCII[usize::from(c)])
                        .unwrap_or(b.len() - j);
                    // (Keywords are 2 to 5 bytes long and start with one
                    // of `fitn`: most names are none without a compare.)
                    if j == start
                        && (2..=5).contains(&name)
                        && matches!(b[j], b'f' | b'i' | b't' | b'n')
                        && matches!(
                            &b[j..j + name],
                            b"for" | b"if" | b"in" | b"true" | b"false" | b"null"
                        )
                    {
                        // (A keyword alone is an atom; with steps it is not.)
                        if b.get(j + name) == Some(&b'.')
                            || matches!(&b[j..j + name], b"for" | b"if" | b"in")
                        {
                            return None;
                        }
                    }
                    j += name;
                    if b.get(j) == Some(&b'.')
                        && b.get(j + 1).is_some_and(|&c| ident::is_start_byte(c))
                    {
                        j += 1;
                        continue;
                    }
                    break j;
                }
            }
            _ => return None,
        };
        let mut after = end;
        while matches!(b.get(after), Some(b' ' | b'\t')) {
            after += 1;
        }
        match b.get(after) {
            Some(b',' | b']' | b')' | b'}') => Some(end),
            None | Some(b'\n' | b'\r' | b'#') if lines == Lines::End => Some(end),
            _ => None,
        }
    }

    /// `binary ("?" expr ":" binary)*`.
    fn expr(&mut self, nest: u32, lines: Lines) -> Option<()> {
        if let Some(end) = self.atom_end(lines) {
            self.i = end;
            return Some(());
        }
        self.binary(nest, lines)?;
        let mut nest = nest;
        loop {
            let before = self.i;
            self.ws(lines)?;
            if self.peek() != Some(b'?') {
                self.i = before;
                return Some(());
            }
            nest = enter(nest)?;
            self.i += 1;
            self.ws(lines)?;
            self.expr(nest, lines)?;
            self.ws(lines)?;
            if self.peek() != Some(b':') {
                return None;
            }
            self.i += 1;
            self.ws(lines)?;
            self.binary(nest, lines)?;
        }
    }

    /// `operand (binop operand)*`.
    fn binary(&mut self, nest: u32, lines: Lines) -> Option<()> {
        self.operand(nest, lines)?;
        loop {
            let before = self.i;
            self.ws(lines)?;
            if !self.binop() {
                self.i = before;
                return Some(());
            }
            self.ws(lines)?;
            self.operand(nest, lines)?;
        }
    }

    /// A binary operator here, read. `<<` (a heredoc's start) and `//`,
    /// `/*` (comments) are none: what follows the operand must then make
    /// sense of them, and nothing the recognizer reads does.
    fn binop(&mut self) -> bool {
        let len = match (self.peek(), self.at(1)) {
            (Some(b'=' | b'!'), Some(b'=')) => 2,
            (Some(b'<' | b'>'), Some(b'=')) => 2,
            (Some(b'&'), Some(b'&')) | (Some(b'|'), Some(b'|')) => 2,
            (Some(b'<'), Some(b'<')) | (Some(b'/'), Some(b'/' | b'*')) => return false,
            (Some(b'<' | b'>' | b'+' | b'-' | b'*' | b'/' | b'%'), _) => 1,
            _ => return false,
        };
        self.i += len;
        true
    }

    /// `("-" | "!")* term`; each unary operator is a level.
    fn operand(&mut self, nest: u32, lines: Lines) -> Option<()> {
        let mut nest = nest;
        while matches!(self.peek(), Some(b'-' | b'!')) {
            nest = enter(nest)?;
            self.i += 1;
            self.ws(lines)?;
        }
        self.term(nest, lines)
    }

    /// A primary and its `.name` and `[key]` steps.
    fn term(&mut self, nest: u32, lines: Lines) -> Option<()> {
        let steps = self.primary(nest, lines)?;
        loop {
            let before = self.i;
            self.ws(lines)?;
            match self.peek() {
                Some(b'.') if steps => {
                    self.i += 1;
                    // Not `.*`, `.0`, `...` or a space before the name.
                    self.ident()?;
                }
                Some(b'[') if steps => {
                    let nest = enter(nest)?;
                    self.i += 1;
                    self.bracket_ws()?;
                    // (`[*]` fails here: no operand starts with `*`.)
                    self.expr(nest, Lines::Free)?;
                    self.bracket_ws()?;
                    self.close(b']')?;
                }
                // A keyword, number or string with a step: give up.
                Some(b'.' | b'[') => return None,
                _ => {
                    self.i = before;
                    return Some(());
                }
            }
        }
    }

    /// `c` here, read; else give up.
    fn close(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.i += 1)
    }

    /// A primary; whether steps may follow it (the recognizer leaves steps
    /// on keywords, numbers and strings to the parser).
    fn primary(&mut self, nest: u32, lines: Lines) -> Option<bool> {
        match self.peek()? {
            b'0'..=b'9' => self.number().map(|()| false),
            b'"' => self.string(nest).map(|()| false),
            b'[' => self.tuple(enter(nest)?).map(|()| true),
            b'{' => self.object(enter(nest)?).map(|()| true),
            b'(' => {
                let nest = enter(nest)?;
                self.i += 1;
                self.bracket_ws()?;
                self.expr(nest, Lines::Free)?;
                self.bracket_ws()?;
                self.close(b')').map(|()| true)
            }
            c if ident::is_start_byte(c) => {
                let name = self.ident()?;
                if matches!(name, b"for" | b"if" | b"in") || self.b[self.i..].starts_with(b"::") {
                    return None;
                }
                let keyword = matches!(name, b"true" | b"false" | b"null");
                let before = self.i;
                self.ws(lines)?;
                if self.peek() == Some(b'(') {
                    if keyword {
                        return None;
                    }
                    self.call(enter(nest)?)?;
                    return Some(true);
                }
                self.i = before;
                Some(!keyword)
            }
            _ => None,
        }
    }

    /// Digits, optionally `.` and digits; an exponent gives up.
    fn number(&mut self) -> Option<()> {
        self.digits();
        if self.peek() == Some(b'.') && self.at(1).is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
            self.digits();
        }
        match self.peek() {
            Some(b'e' | b'E' | b'.') => None,
            Some(c) if c.is_ascii_alphanumeric() || c == b'_' || !c.is_ascii() => None,
            _ => Some(()),
        }
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
    }

    /// An ASCII identifier; its text.
    fn ident(&mut self) -> Option<&'b [u8]> {
        let rest = &self.b[self.i..];
        if !rest.first().is_some_and(|&c| ident::is_start_byte(c)) {
            return None;
        }
        let len = rest
            .iter()
            .position(|&c| !ident::CONTINUE_ASCII[usize::from(c)])
            .unwrap_or(rest.len());
        if rest.get(len).is_some_and(|c| !c.is_ascii()) {
            return None;
        }
        self.i += len;
        Some(&rest[..len])
    }

    /// `name(args)`, at the `(`: expressions separated by commas, a
    /// trailing comma allowed (`...` gives up).
    fn call(&mut self, nest: u32) -> Option<()> {
        self.i += 1;
        self.bracket_ws()?;
        if self.peek() == Some(b')') {
            self.i += 1;
            return Some(());
        }
        loop {
            self.expr(nest, Lines::Free)?;
            self.bracket_ws()?;
            match self.peek()? {
                b',' => {
                    self.i += 1;
                    self.bracket_ws()?;
                    if self.peek() == Some(b')') {
                        self.i += 1;
                        return Some(());
                    }
                }
                b')' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// `"text"` of printable ASCII, with `${ expression }` interpolations
    /// (a lone `$` or `%` is text; `$${`, `%%{`, `%{` and escapes give up).
    fn string(&mut self, nest: u32) -> Option<()> {
        self.i += 1;
        loop {
            match self.peek()? {
                b'"' => {
                    self.i += 1;
                    return Some(());
                }
                b'$' if self.at(1) == Some(b'{') => {
                    let nest = enter(nest)?;
                    self.i += 2;
                    self.inline_ws();
                    self.expr(nest, Lines::End)?;
                    self.inline_ws();
                    self.close(b'}')?;
                }
                b'$' | b'%' if matches!(self.at(1), Some(b'{' | b'$' | b'%')) => return None,
                c if PLAIN_TEXT[usize::from(c)] => {
                    // (The run of plain text at once.)
                    let run = self.b[self.i..]
                        .iter()
                        .position(|&c| !PLAIN_TEXT[usize::from(c)])
                        .unwrap_or(self.b.len() - self.i);
                    self.i += run;
                }
                // (A lone `$` or `%` is text.)
                b'$' | b'%' => self.i += 1,
                _ => return None,
            }
        }
    }

    /// A plain string (no interpolation), as an object key.
    fn plain_string(&mut self) -> Option<()> {
        let start = self.i;
        self.string(MAX_NEST)?;
        (!self.b[start..self.i].contains(&b'$')).then_some(())
    }

    /// `[v, v, ...]`, a trailing comma allowed; or a `for` expression.
    fn tuple(&mut self, nest: u32) -> Option<()> {
        self.i += 1;
        self.bracket_ws()?;
        if self.at_keyword(b"for") {
            return self.for_expr(nest, b']');
        }
        loop {
            if self.peek() == Some(b']') {
                self.i += 1;
                return Some(());
            }
            self.expr(nest, Lines::Free)?;
            self.bracket_ws()?;
            match self.peek()? {
                b',' => {
                    self.i += 1;
                    self.bracket_ws()?;
                }
                b']' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// `{ key = v, key = v \n key = v }`: items separated by a comma or a
    /// newline, none spanning lines at the object's level; or a `for`
    /// expression.
    fn object(&mut self, nest: u32) -> Option<()> {
        self.i += 1;
        self.bracket_ws()?;
        if self.at_keyword(b"for") {
            return self.for_expr(nest, b'}');
        }
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
            match (self.peek(), self.at(1)) {
                (Some(b'='), Some(b'=' | b'>')) => return None,
                (Some(b'=' | b':'), _) => self.i += 1,
                _ => return None,
            }
            self.inline_ws();
            self.expr(nest, Lines::End)?;
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

    /// `for k, v in coll : result (=> value)? (if cond)?` and the
    /// `closer`, at `for` (the bracket is read and counted).
    fn for_expr(&mut self, nest: u32, closer: u8) -> Option<()> {
        self.i += 3;
        self.bracket_ws()?;
        self.ident()?;
        self.bracket_ws()?;
        if self.peek() == Some(b',') {
            self.i += 1;
            self.bracket_ws()?;
            self.ident()?;
            self.bracket_ws()?;
        }
        if !self.at_keyword(b"in") {
            return None;
        }
        self.i += 2;
        self.bracket_ws()?;
        self.expr(nest, Lines::Free)?;
        self.bracket_ws()?;
        self.close(b':')?;
        self.bracket_ws()?;
        self.expr(nest, Lines::Free)?;
        self.bracket_ws()?;
        if closer == b'}' {
            if !self.b[self.i..].starts_with(b"=>") {
                return None;
            }
            self.i += 2;
            self.bracket_ws()?;
            self.expr(nest, Lines::Free)?;
            self.bracket_ws()?;
        }
        if self.at_keyword(b"if") {
            self.i += 2;
            self.bracket_ws()?;
            self.expr(nest, Lines::Free)?;
            self.bracket_ws()?;
        }
        self.close(closer)
    }
}
