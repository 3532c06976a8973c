//! How the body parser answers malformed input as HCL does: the
//! diagnostics of an attribute value that does not parse (from the
//! expression parser's error path, reworded and moved to where HCL blames
//! them), of broken labels, and the skipping that follows a bad item (to
//! the end of its line, or of its block), so that the parse goes on and
//! reports every independent problem. The structure it recovers within is
//! `mod.rs`'s.

use crate::native::diagnose::{self, for_problem, invalid_for};
use crate::native::parser;
use crate::native::{tokens, Span, SyntaxError};

use super::lines::{blank_run_end, heredoc_end, line_comment_end, logical_line_end};
use super::{span, BodyParser, Name};

/// How a quoted label's string fails to close on its line.
pub(super) enum Unclosed {
    /// A newline at this offset comes before any closing quote.
    AtNewline(usize),
    /// The file ends first.
    AtEnd,
}

/// Whether the quoted label at `start` (its opening quote) is cut by a
/// newline or the end of the file before its closing quote. `None` when it
/// closes, or holds a template sequence first (the template parser then
/// says what is wrong).
pub(super) fn unclosed_label(b: &[u8], start: usize) -> Option<Unclosed> {
    let mut i = start + 1;
    loop {
        match (b.get(i), b.get(i + 1)) {
            (None, _) => return Some(Unclosed::AtEnd),
            (Some(b'\n'), _) | (Some(b'\r'), Some(b'\n')) => return Some(Unclosed::AtNewline(i)),
            (Some(b'"'), _) => return None,
            (Some(b'$' | b'%'), Some(b'{')) => return None,
            (Some(b'\\'), Some(b'\n' | b'\r')) => i += 1,
            (Some(b'\\'), _) => i += 2,
            _ => i += 1,
        }
    }
}

/// The template sequences of the quoted label at `start` (its opening
/// quote), which HCL's label reader refuses one by one, passing over each
/// to its end, before it reads on to the closing quote: each sequence's
/// span from its opener (`${` or `%{`) to just past its `}`, with its sign,
/// and the end of the label (just past its closing quote). `None` when the
/// label has no sequence, or ends at a newline or the end of the file
/// without closing.
pub(super) fn label_sequences(b: &[u8], start: usize) -> Option<(Vec<(Span, u8)>, usize)> {
    let mut found = Vec::new();
    let mut i = start + 1;
    loop {
        match (b.get(i), b.get(i + 1)) {
            (None | Some(b'\n'), _) | (Some(b'\r'), Some(b'\n')) => return None,
            (Some(b'"'), _) => break,
            (Some(b'\\'), _) => i += 2,
            // `$${` and `%%{` are the literal text `${` and `%{`.
            (Some(&c @ (b'$' | b'%')), Some(&d)) if d == c && b.get(i + 2) == Some(&b'{') => i += 3,
            (Some(&c @ (b'$' | b'%')), Some(b'{')) => {
                let end = sequence_end(b, i + 2)?;
                found.push((Span::from_usize(i, end), c));
                i = end;
            }
            _ => i += 1,
        }
    }
    (!found.is_empty()).then_some((found, i + 1))
}

/// Just past the `}` that ends the template sequence whose body starts at
/// `from` (braces inside it matched, quoted strings in it passed over), or
/// `None` at the end of the file.
fn sequence_end(b: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0u32;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some(i + 1),
            b'}' => depth -= 1,
            b'"' => {
                i = tokens::closing_quote_end(b, i + 1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

impl BodyParser<'_> {
    /// Once the parser has recovered from an earlier error (for the rest
    /// of the file), HCL's parser no longer reports the expression errors
    /// it reports only outside recovery ("Invalid expression", "Missing
    /// item separator", ...; see `diagnose::silent_in_recovery`), whatever
    /// else it still reports: drops those among the errors pushed since
    /// `from`.
    #[cold]
    pub(super) fn quiet_while_recovering(&mut self, from: usize) {
        if !self.recovery {
            return;
        }
        let found = self.errors.split_off(from);
        self.errors.extend(
            found
                .into_iter()
                .filter(|e| !diagnose::silent_in_recovery(&e.summary)),
        );
    }

    /// Where the first of the errors from `from` on, of the value at
    /// `start`, is.
    fn first_error_at(&self, from: usize, start: usize) -> Option<usize> {
        self.errors[from..]
            .iter()
            .map(|e| e.span.start as usize)
            .filter(|&at| at >= start)
            .min()
    }

    /// Whether the parser is in recovery and recovery silences every error
    /// from `from` on (see `diagnose::silent_in_recovery`).
    fn silenced(&self, from: usize) -> bool {
        self.recovery
            && self.errors[from..]
                .iter()
                .all(|e| diagnose::silent_in_recovery(&e.summary))
    }

    /// In recovery, an expression whose every error recovery silences
    /// (from `from` on, of the value at `start`) leaves HCL's parser with
    /// no error to recover from: where it failed, or past the closers of
    /// the brackets, calls, template sequences, strings and heredocs open
    /// there, each of which reads on to its own end. A single-line block
    /// then reads its end there (a comma or a newline is reported). If
    /// so, the errors are dropped and `self.i` is put at that token
    /// (`true`; see [`follow_out`]).
    pub(super) fn silenced_in_recovery(&mut self, from: usize, start: usize) -> bool {
        if !self.silenced(from) {
            return false;
        }
        let Some(at) = self.first_error_at(from, start) else {
            return false;
        };
        match follow_out(self.src, start, at) {
            FollowOut::Past(end) => {
                self.errors.truncate(from);
                self.i = end;
                true
            }
            FollowOut::Says(_) | FollowOut::Unknown => false,
        }
    }

    /// In recovery, HCL's parser leaves unsaid what a tuple, an object, a
    /// string or an interpolation misses, and each recovers to its own
    /// closer; a call or parentheses around them still say what they find
    /// where their `)` goes. When the errors of the value at `start` (from
    /// `from` on) are all of the first kind, this follows those recoveries
    /// out from the first error ([`follow_out`]) and reports what a call or
    /// parentheses say; the caller then drops the others
    /// ([`quiet_while_recovering`](Self::quiet_while_recovering)).
    #[cold]
    pub(super) fn follow_out_in_recovery(&mut self, from: usize, start: usize) {
        let b = self.b;
        if self.errors.len() == from || !self.silenced(from) {
            return;
        }
        // What is unterminated or unclosed runs to the end of the file.
        let Some(at) = self.errors[from..]
            .iter()
            .map(|e| {
                if e.summary.starts_with("Unterminated") || e.summary.starts_with("Unclosed") {
                    b.len()
                } else {
                    e.span.start as usize
                }
            })
            .filter(|&at| at >= start)
            .min()
        else {
            return;
        };
        if let FollowOut::Says(error) = follow_out(self.src, start, at) {
            self.errors.push(error);
        }
    }

    /// The expression parser's "Invalid multi-line string", a quoted
    /// string its line cuts, as HCL's parser reports it: its lexer says
    /// "Invalid multi-line string" at every run of newlines in the string
    /// (`lex.rs` does too), its parser "Unterminated template string" at
    /// the first.
    pub(super) fn cut_string(&self, e: SyntaxError) -> SyntaxError {
        if e.summary != "Invalid multi-line string" {
            return e;
        }
        let nl = e.span.start as usize;
        SyntaxError::new(
            "Unterminated template string",
            "No closing marker was found for the string.",
            tokens::newline_token(self.b, nl),
        )
    }

    /// After the value at `start` whose quoted string its line cut (the
    /// errors from `from` on say so, at that line's newline): HCL's lexer
    /// reads the string on across lines to the next quote, which closes
    /// it, and its parser recovers from there, each bracket open around
    /// the string skipping to its own closer; so does this one, and says
    /// so (`true`).
    pub(super) fn skip_runaway_string(&mut self, from: usize, start: usize) -> bool {
        let cut = self.errors[from..].iter().find_map(|e| {
            let at = e.span.start as usize;
            (e.summary == "Unterminated template string"
                && matches!(self.b.get(at), Some(b'\n' | b'\r')))
            .then_some(at)
        });
        if let Some(nl) = cut {
            let after = tokens::closing_quote_end(self.b, nl);
            self.i = recover_out_of(self.b, &open_at(self.b, start, nl), after);
            return true;
        }
        false
    }

    /// After the value at `start` that failed inside brackets (its first
    /// error from `from` on): HCL's parser recovers each bracket open
    /// there to its own closer; so does this one.
    pub(super) fn skip_open_brackets(&mut self, from: usize, start: usize) {
        let Some(at) = self.first_error_at(from, start) else {
            return;
        };
        let open = open_at(self.b, start, at);
        if !open.is_empty() {
            self.i = recover_out_of(self.b, &open, at);
        }
    }

    /// After a conditional that misses its false expression (the errors
    /// from `from` on, of the value at `start`): HCL's parser reports it
    /// without recovering, and the construct around the conditional then
    /// reads the token where the colon was wanted and says what it wanted
    /// there instead. In recovery each of them recovers from the error
    /// instead, and says nothing more.
    pub(super) fn after_broken_conditional(&mut self, from: usize, start: usize) {
        if self.recovery {
            return;
        }
        let Some(span) = self.errors[from..]
            .iter()
            .find(|e| e.summary == "Missing false expression in conditional")
            .map(|e| e.span)
        else {
            return;
        };
        let at = span.start as usize;
        let b = self.b;
        // The end of the file: the construct's own "Unterminated ..." is
        // reported already.
        let Some(&next) = b.get(at) else {
            return;
        };
        let sequence_ends = next == b'}' || b[at..].starts_with(b"~}");
        let found = match within(b, start, at) {
            // A line comment ends the line, as a newline does.
            Within::Attribute if !matches!(next, b'\n' | b'\r' | b'#' | b'/') => {
                let (summary, detail) = super::after_argument(Some(next));
                vec![SyntaxError::new(summary, detail, span)]
            }
            Within::Tuple if !matches!(next, b']' | b',') => {
                vec![diagnose::missing_item_separator(span)]
            }
            Within::Object(open) => object_errors(b, open, at, span),
            // An ellipsis expands the last argument.
            Within::Call if !matches!(next, b')' | b',' | b'.') => {
                vec![diagnose::missing_argument_separator(span)]
            }
            // HCL's index reads the token and recovers to the `]`, which
            // its diagnostic then names.
            Within::Index if next != b']' => {
                vec![diagnose::missing_index_close(tokens::index_close(
                    self.src, at,
                ))]
            }
            Within::Interpolation { .. } if sequence_ends => Vec::new(),
            Within::Interpolation {
                opener,
                quoted: true,
            } if next == b'"' => {
                vec![SyntaxError::new(
                    "Unclosed template interpolation sequence",
                    "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                    opener,
                )]
            }
            Within::Interpolation { .. } => vec![diagnose::extra_after_interpolation(span, false)],
            Within::Directive(keyword) if !sequence_ends => {
                vec![diagnose::extra_in_directive(keyword, span)]
            }
            Within::For(open) => for_errors(b, open, at, span),
            _ => Vec::new(),
        };
        self.errors.extend(found);
    }

    /// [`recover_after_item`](Self::recover_after_item) after a string
    /// that ran away: the quotes that follow pair as HCL's lexer pairs
    /// them, each string read on across lines to its closing quote, so
    /// its recovery's newline is found with strings read that way.
    pub(super) fn recover_after_runaway(&mut self) {
        self.recovery = true;
        self.i = item_end_across_strings(self.b, self.i);
    }

    /// The diagnostics of an expression that does not parse, from the
    /// expression parser's error path run on the expression's own text,
    /// moved to where that text is in the file.
    #[cold]
    pub(super) fn expression_errors(&mut self, start: usize, line_end: usize) {
        let errors = self.line_errors(start, line_end);
        if errors.is_empty() {
            let tok = self.token(start);
            self.error(
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                tok,
            );
        }
        self.errors.extend(errors);
    }

    /// The errors of `src[start..line_end]` read as one expression (none if
    /// it is one), at file offsets.
    #[cold]
    pub(super) fn line_errors(&self, start: usize, line_end: usize) -> Vec<SyntaxError> {
        let text = &self.src[start..line_end];
        let shift = |s: Span| Span::new(s.start + start as u32, s.end + start as u32);
        // Invalid characters are the lexer's to report (see `lex.rs`); the
        // expression's own errors are then the parser's, as in HCL.
        let Err(errors) = parser::parse_expression_lexed(text).into_result() else {
            return Vec::new();
        };
        errors
            .into_iter()
            .map(|mut e| {
                e.span = shift(e.span);
                e.mention = e.mention.map(shift);
                let at_line_end = e.span.start as usize == line_end && e.span.is_empty();
                if e.summary == "Missing expression" && at_line_end {
                    // The expression's text ends at a newline or a brace
                    // of the body, which HCL blames as the token found
                    // instead of an expression.
                    if line_end < self.b.len() {
                        e = SyntaxError::new(
                            "Invalid expression",
                            "Expected the start of an expression, but found an invalid expression token.",
                            self.token(line_end),
                        );
                    } else {
                        e.detail = "Expected the start of an expression, but found the end of the file.".into();
                    }
                } else if at_line_end && e.summary == "Missing close bracket on index" {
                    // HCL's recovery reads on past the value's text, to
                    // the `]` or the end of the file.
                    e.span = tokens::bracket_close_from(self.src, line_end);
                } else if at_line_end && line_end < self.b.len() {
                    // Something else was expected where the line ends: HCL
                    // blames the newline token found there (`a.` gives
                    // "Invalid attribute name" on the newline).
                    e.span = self.token(line_end);
                } else if e.summary == "Unterminated template string" {
                    e = self.unterminated_string(e);
                } else if line_end == self.b.len() {
                    e = self.open_at_end_of_file(e, start);
                }
                self.cut_string(e)
            })
            .collect()
    }

    /// A quoted string or heredoc its line or the file ends, in HCL's
    /// words: blamed where it was cut (the newline that ends a quoted
    /// string's line, else the end of the file), not where it opened.
    pub(super) fn unterminated_string(&self, mut e: SyntaxError) -> SyntaxError {
        let opener = e.span.start as usize;
        let eof = span(self.b.len(), self.b.len());
        e.span = if self.b.get(opener) == Some(&b'"') {
            let rest = self.b.get(opener..).unwrap_or_default();
            memchr::memchr2(b'\n', b'\r', rest)
                .map_or(eof, |i| tokens::newline_token(self.b, opener + i))
        } else {
            eof
        };
        e.detail = "No closing marker was found for the string.".into();
        e
    }

    /// A bracket the end of the file leaves open in a value, in HCL's
    /// words for the construct it opens (the expression parser's own words
    /// are those of a template, whose input ends with its string): a
    /// tuple or object constructor and a call are blamed where they start,
    /// an index or parentheses at the end of the file, and an object that
    /// was waiting for its next key misses it there.
    pub(super) fn open_at_end_of_file(&self, e: SyntaxError, start: usize) -> SyntaxError {
        // Only the scan's own report of what is left open, at the opener.
        if !e.detail.ends_with("before the end of the input.") {
            return e;
        }
        let at = e.span.start as usize;
        let eof = span(self.b.len(), self.b.len());
        let follows_value = follows_value(self.b, start, at);
        let follows_name = follows_name(self.b, start, at);
        // HCL reads a next key after `{`, after a comma, and after a line
        // end, and finds the end of the file instead.
        let content = self.b.trim_ascii_end();
        let key_expected =
            matches!(content.last(), Some(b'{' | b',')) || self.b[content.len()..].contains(&b'\n');
        match e.summary.as_str() {
            "Unclosed bracket" if follows_value => diagnose::missing_index_close(eof),
            "Unclosed bracket" => SyntaxError::new(
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                e.span,
            ),
            "Unclosed brace" if key_expected => SyntaxError::new(
                "Missing expression",
                "Expected the start of an expression, but found the end of the file.",
                eof,
            ),
            "Unclosed brace" => SyntaxError::new(
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                e.span,
            ),
            "Unbalanced parentheses" if follows_name => unterminated_call(self.b, start, at),
            "Unbalanced parentheses" => diagnose::unbalanced_parentheses(eof),
            _ => e,
        }
    }

    /// Whether what follows a valid expression on its line (from `after`)
    /// shows the line to be a broken expression (`a = 1 +`) rather than an
    /// expression followed by something else (`a = 1 b = 2`): the error
    /// path then blames a place past `after`. Its errors if so.
    #[cold]
    pub(super) fn broken_tail(
        &self,
        start: usize,
        after: usize,
        line_end: usize,
    ) -> Option<Vec<SyntaxError>> {
        let errors = self.line_errors(start, line_end);
        let first = errors.first()?;
        (first.span.start as usize != after).then_some(errors)
    }

    /// A label whose string a newline (at `nl`) breaks: HCL's lexer reads
    /// the string on to the next quote, its parser blames the newline and
    /// skips to that quote, then goes on reading the block header.
    #[cold]
    pub(super) fn label_at_newline(&mut self, start: usize, nl: usize) -> Name {
        let tok = self.token(nl);
        self.error(
            "Invalid string literal",
            "This item is not valid in a string literal.",
            tok,
        );
        self.recovery = true;
        self.i = tokens::closing_quote_end(self.b, tok.end as usize);
        Name {
            span: span(start, self.i),
            decoded: Some(Box::new(self.src[start + 1..nl].into())),
        }
    }

    /// A label whose string the end of the file cuts: HCL's error there,
    /// and the block header goes on (to its own error at the end).
    #[cold]
    pub(super) fn label_at_end(&mut self, start: usize) -> Name {
        let end = self.b.len();
        self.error(
            "Unterminated string literal",
            "Unable to find the closing quote mark before the end of the file.",
            span(end, end),
        );
        self.i = end;
        Name {
            span: span(start, end),
            decoded: Some(Box::new(self.src[start + 1..].into())),
        }
    }

    /// Skips the rest of a bad item: through the next newline outside
    /// brackets (HCL's recovery after a body item).
    pub(super) fn recover_after_item(&mut self) {
        self.recovery = true;
        let mut i = self.i;
        loop {
            i = logical_line_end(self.b, i);
            match self.b.get(i) {
                None => break,
                Some(b'\n') => {
                    i += 1;
                    break;
                }
                Some(b'\r') => {
                    i += 2;
                    break;
                }
                // A closing bracket ends a logical line too; recovery
                // steps over it.
                Some(_) => i += 1,
            }
        }
        self.i = i.min(self.b.len());
    }

    /// The position just after the `}` that closes the block being read
    /// (nested braces skipped), or the end of the file.
    pub(super) fn skip_to_close(&mut self, from: usize) -> usize {
        self.recovery = true;
        let mut i = from;
        loop {
            i = logical_line_end(self.b, i);
            match self.b.get(i) {
                None => return self.b.len(),
                Some(b'}') => return i + 1,
                Some(_) => i += 1,
            }
        }
    }
}

/// The offsets of the brackets and quoted strings open at `to`, outermost
/// first, in the expression that starts at `from` (a template sequence's
/// `{` above its string's `"`), and of the heredocs (their `<<`) whose
/// text `to` is in.
fn open_at(b: &[u8], from: usize, to: usize) -> Vec<usize> {
    let mut stack: Vec<usize> = Vec::new();
    let mut i = from;
    while i < to {
        let c = b[i];
        let in_text = stack.last().map(|&o| b[o]);
        if matches!(in_text, Some(b'"' | b'<')) {
            match c {
                b'\\' if in_text == Some(b'"') => i += 1,
                b'"' if in_text == Some(b'"') => {
                    stack.pop();
                }
                b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(i + 1);
                    i += 1;
                }
                _ => {}
            }
        } else {
            match c {
                b'"' | b'(' | b'[' | b'{' => stack.push(i),
                b')' | b']' | b'}' => {
                    stack.pop();
                }
                b'<' if b.get(i + 1) == Some(&b'<') => {
                    if let Some(len) = tokens::heredoc_opener_len(&b[i..]) {
                        // A heredoc `to` is not in is passed over whole.
                        match heredoc_end(b, i) {
                            Some(end) if end < to => i = end,
                            _ => {
                                stack.push(i);
                                i += len;
                            }
                        }
                        continue;
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    stack
}

/// Where HCL's parser stands once the constructs open at an error that
/// recovery silences are done with it.
enum FollowOut {
    /// Past them all, at this offset.
    Past(usize),
    /// A call or parentheses reported this where their `)` should be (and
    /// went on in a way this does not follow).
    Says(SyntaxError),
    /// Where a call's next argument goes on is not followed.
    Unknown,
}

/// In recovery, a term that fails with an error recovery silences is a
/// placeholder to HCL's parser, which leaves the failing token (at `at`)
/// to the constructs of the value at `start` open there, innermost first:
/// a tuple, an object and a template sequence recover to their closers, a
/// quoted string and a heredoc read on to their ends, an index takes the
/// token for its `]`; a call or parentheses read the token: their `)`, or
/// "Missing argument separator" and "Unbalanced parentheses" (which
/// recovery does not silence), or "Unterminated function call" at the end
/// of the file.
fn follow_out(src: &str, start: usize, at: usize) -> FollowOut {
    let b = src.as_bytes();
    let mut i = at;
    for &o in open_at(b, start, at).iter().rev() {
        i = match b[o] {
            b'"' => tokens::closing_quote_end(b, i),
            b'<' => i.max(heredoc_end(b, o).unwrap_or(b.len())),
            b'(' => {
                let call = follows_name(b, start, o);
                let t = next_token_in_brackets(b, i);
                match b.get(t) {
                    None if call => return FollowOut::Says(unterminated_call(b, start, o)),
                    None => {
                        let end = span(b.len(), b.len());
                        return FollowOut::Says(diagnose::unbalanced_parentheses(end));
                    }
                    Some(b')') => t + 1,
                    // A comma and then `)` ends the call too; another
                    // argument or an expansion is not followed.
                    Some(b',' | b'.') if call => {
                        let after = next_token_in_brackets(b, t + 1);
                        if b[t] != b',' || b.get(after) != Some(&b')') {
                            return FollowOut::Unknown;
                        }
                        after + 1
                    }
                    Some(_) => {
                        let token = tokens::token_at(src, t);
                        return FollowOut::Says(if call {
                            diagnose::missing_argument_separator(token)
                        } else {
                            diagnose::unbalanced_parentheses(token)
                        });
                    }
                }
            }
            // An index takes the token there for its `]`, whatever it is.
            b'[' if follows_value(b, start, o) => {
                let t = next_token_in_brackets(b, i);
                if t < b.len() {
                    tokens::token_at(src, t).end as usize
                } else {
                    i
                }
            }
            c => recover_to_closer(b, i, c),
        };
    }
    FollowOut::Past(i)
}

/// The next token from `i` inside brackets, where HCL's parser passes over
/// newlines as it does over blanks and comments (a lone carriage return is
/// a token of its own, as to HCL's scanner).
fn next_token_in_brackets(b: &[u8], mut i: usize) -> usize {
    loop {
        i = blank_run_end(b, i);
        match (b.get(i), b.get(i + 1)) {
            (Some(b'\n'), _) => i += 1,
            (Some(b'\r'), Some(b'\n')) => i += 2,
            (Some(b'#'), _) => i = line_comment_end(b, i + 1),
            (Some(b'/'), Some(b'/')) => i = line_comment_end(b, i + 2),
            (Some(b'/'), Some(b'*')) => i = tokens::block_comment_end(b, i),
            _ => return i,
        }
    }
}

/// Where HCL's parser goes on after recovering from an error at `from`
/// out of each construct of `open` (from [`open_at`], innermost last):
/// each bracket skips to its own closer, a heredoc to its end. A quoted
/// string open there is one that ran away, which the caller has read on.
fn recover_out_of(b: &[u8], open: &[usize], from: usize) -> usize {
    open.iter().rev().fold(from, |i, &o| match b[o] {
        b'"' => i,
        b'<' => i.max(heredoc_end(b, o).unwrap_or(b.len())),
        c => recover_to_closer(b, i, c),
    })
}

/// The construct HCL's parser is reading at a point of an attribute's
/// value: the one the innermost bracket open there begins.
enum Within {
    /// The attribute itself, no bracket open.
    Attribute,
    Tuple,
    /// An index (`[` after a value).
    Index,
    /// An object constructor, by the offset of its brace.
    Object(usize),
    /// A `for` expression, by the offset of its bracket.
    For(usize),
    /// A function call's arguments (`(` after a name).
    Call,
    /// An expression in parentheses (HCL's recovery to the `)` says
    /// nothing), or a directive that holds no expression.
    Silent,
    /// A template interpolation: its opener (`${` or `${~`), and whether
    /// it is in a quoted string.
    Interpolation {
        opener: Span,
        quoted: bool,
    },
    /// A template directive that holds an expression, by its keyword
    /// (`if` or `for`).
    Directive(&'static str),
}

/// What [`Within`] the value at `start` is at `at`.
fn within(b: &[u8], start: usize, at: usize) -> Within {
    let open = open_at(b, start, at);
    let Some((depth, &o)) = open
        .iter()
        .enumerate()
        .rev()
        .find(|&(_, &o)| !matches!(b[o], b'"' | b'<'))
    else {
        return Within::Attribute;
    };
    let sign = o.checked_sub(1).map(|p| b[p]);
    let word_after = |from: usize| {
        let rest = b[from..].trim_ascii_start();
        let len = rest
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_' || **c == b'-')
            .count();
        &rest[..len]
    };
    match (b[o], sign) {
        (b'{', Some(b'$')) => {
            let tilde = usize::from(b.get(o + 1) == Some(&b'~'));
            Within::Interpolation {
                opener: Span::from_usize(o - 1, o + 1 + tilde),
                quoted: depth > 0 && b[open[depth - 1]] == b'"',
            }
        }
        (b'{', Some(b'%')) => match word_after(o + 1 + usize::from(b.get(o + 1) == Some(&b'~'))) {
            b"if" => Within::Directive("if"),
            b"for" => Within::Directive("for"),
            _ => Within::Silent,
        },
        (b'[' | b'{', _) if word_after(o + 1) == b"for" => Within::For(o),
        (b'{', _) => Within::Object(o),
        (b'[', _) if follows_value(b, start, o) => Within::Index,
        (b'[', _) => Within::Tuple,
        _ if follows_name(b, start, o) => Within::Call,
        _ => Within::Silent,
    }
}

/// HCL's "Unterminated function call" for the call whose `(` is at
/// `open`, in the expression that starts at `start`: blamed on the name
/// (its `::`-separated parts included) and the parenthesis.
fn unterminated_call(b: &[u8], start: usize, open: usize) -> SyntaxError {
    let before = before(b, start, open);
    let name_start = before
        .iter()
        .rposition(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':')))
        .map_or(start, |i| start + i + 1);
    SyntaxError::new(
        "Unterminated function call",
        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
        Span::from_usize(name_start, open + 1),
    )
}

/// Whether the bracket at `open` follows a value (a name, a number, a
/// closer or a string) in the expression that starts at `start`: an index,
/// not a tuple.
fn follows_value(b: &[u8], start: usize, open: usize) -> bool {
    follows_name(b, start, open)
        || matches!(
            before(b, start, open).last(),
            Some(b')' | b']' | b'}' | b'"')
        )
}

/// Whether the bracket at `open` follows a name (or a number) in the
/// expression that starts at `start`: a call's parentheses, not an
/// expression's. The keywords of a `for` expression are not names.
fn follows_name(b: &[u8], start: usize, open: usize) -> bool {
    let before = before(b, start, open);
    let len = before
        .iter()
        .rev()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-') || c >= 0x80)
        .count();
    let name = &before[before.len() - len..];
    len > 0 && name != b"in" && name != b"if"
}

/// The expression that starts at `start`, up to `to` (blanks at its end
/// left out; empty if `to` is not after `start`).
fn before(b: &[u8], start: usize, to: usize) -> &[u8] {
    b.get(start..to).unwrap_or_default().trim_ascii_end()
}

/// HCL's diagnostics where the `for` expression whose bracket is at
/// `open` finds the token at `at` (`span`) after a conditional that
/// misses its false expression. Before the `for`'s colon it wanted the
/// colon; after it, its end (or `=>`, `...`, `if`); an object `for`
/// without `=>` also misses its key, blamed on its value (the
/// conditional's condition, or what comes before `if`).
fn for_errors(b: &[u8], open: usize, at: usize, span: Span) -> Vec<SyntaxError> {
    let marks = top_level(b, open + 1, at);
    let Some(colon) = item_colon(&marks) else {
        return vec![invalid_for(for_problem::NO_COLON, span)];
    };
    let close = if b[open] == b'[' { b']' } else { b'}' };
    let rest = &b[at..];
    if rest.starts_with(b"=>") {
        return Vec::new();
    }
    let mut errors = Vec::new();
    // An ellipsis or an `if` goes on with the `for`.
    if rest[0] != close && rest[0] != b'.' && !starts_keyword(rest, b"if") {
        errors.push(invalid_for(for_problem::EXTRA, span));
    }
    let after_colon = || marks.iter().filter(move |&&(i, _)| i > colon);
    if close == b'}' && !after_colon().any(|&(_, m)| m == Mark::Arrow) {
        // The value ends at its `if`, or at the conditional's `?`.
        let value_start = colon + 1 + blank_len(&b[colon + 1..at]);
        let end = after_colon()
            .find(|&&(_, m)| m == Mark::If)
            .or_else(|| after_colon().find(|&&(_, m)| m == Mark::Question))
            .map_or(at, |&(i, _)| i);
        let value_end = value_start + b[value_start..end].trim_ascii_end().len();
        errors.push(invalid_for(
            for_problem::NO_KEY,
            Span::from_usize(value_start, value_end),
        ));
    }
    errors
}

/// HCL's diagnostics where the object whose brace is at `open` finds the
/// token at `at` (`span`) after a conditional that misses its false
/// expression: after a value it wants a separator (a newline, a comma) or
/// its end; after a key, the `=` or `:` before the value.
fn object_errors(b: &[u8], open: usize, at: usize, span: Span) -> Vec<SyntaxError> {
    let marks = top_level(b, open + 1, at);
    let item_start = marks
        .iter()
        .rposition(|&(_, m)| m == Mark::Separator)
        .map_or(0, |k| k + 1);
    let next = b[at];
    if item_colon(&marks[item_start..]).is_some()
        || marks[item_start..].iter().any(|&(_, m)| m == Mark::Assign)
    {
        return match next {
            b'}' | b',' | b'\n' | b'\r' | b'#' | b'/' => Vec::new(),
            _ => vec![diagnose::missing_attribute_separator(span)],
        };
    }
    match next {
        b'=' | b':' => Vec::new(),
        b'\n' | b'\r' | b'#' | b'/' | b',' => vec![diagnose::missing_attribute_value(span)],
        c => vec![diagnose::missing_key_value_separator(
            span,
            c.is_ascii_alphabetic() || c == b'_',
        )],
    }
}

/// The blanks (spaces, tabs, newlines) `b` starts with.
fn blank_len(b: &[u8]) -> usize {
    b.len() - b.trim_ascii_start().len()
}

/// Whether `b` starts with the keyword `word` (not a longer name).
fn starts_keyword(b: &[u8], word: &[u8]) -> bool {
    b.starts_with(word)
        && !b
            .get(word.len())
            .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'))
}

/// The first colon among `marks` that no conditional's `?` takes (each
/// `?` takes the next `:`): a `for`'s colon, or an object item's.
fn item_colon(marks: &[(usize, Mark)]) -> Option<usize> {
    let mut questions = 0usize;
    marks.iter().find_map(|&(i, m)| match m {
        Mark::Question => {
            questions += 1;
            None
        }
        Mark::Colon if questions > 0 => {
            questions -= 1;
            None
        }
        Mark::Colon => Some(i),
        _ => None,
    })
}

/// A token that tells the parts of a `for` expression or an object item
/// apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Question,
    /// `:`, not `::`.
    Colon,
    /// `=`, not part of `==`, `!=`, `<=`, `>=` or `=>`.
    Assign,
    /// `=>`.
    Arrow,
    /// The `if` keyword.
    If,
    /// A comma or the end of a line (a line comment's included).
    Separator,
}

/// The [`Mark`]s of `b[from..to]` outside brackets, strings and comments,
/// with their offsets.
fn top_level(b: &[u8], from: usize, to: usize) -> Vec<(usize, Mark)> {
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut i = from;
    while i < to {
        if let Some((next, ends_line)) = unbracketed_token_end(b, i) {
            if ends_line && depth == 0 {
                found.push((i, Mark::Separator));
            }
            i = next;
            continue;
        }
        let c = b[i];
        let word_start = !(b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'_' | b'-'));
        let mark = match c {
            b'(' | b'[' | b'{' => {
                depth += 1;
                None
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                None
            }
            _ if depth > 0 => None,
            b':' if b.get(i + 1) == Some(&b':') => {
                i += 1;
                None
            }
            b'?' => Some(Mark::Question),
            b':' => Some(Mark::Colon),
            b'=' if b.get(i + 1) == Some(&b'>') => {
                i += 1;
                Some(Mark::Arrow)
            }
            b'=' if b.get(i + 1) == Some(&b'=') => {
                i += 1;
                None
            }
            b'=' if matches!(b[i - 1], b'!' | b'<' | b'>') => None,
            b'=' => Some(Mark::Assign),
            b',' | b'\n' => Some(Mark::Separator),
            b'i' if word_start && starts_keyword(&b[i..], b"if") => Some(Mark::If),
            _ => None,
        };
        if let Some(mark) = mark {
            found.push((i, mark));
        }
        i += 1;
    }
    found
}

/// Where HCL's parser recovery to the closer of `open` stops, from `from`:
/// just after the closer that balances it, counting only brackets of its
/// kind, with strings read as its lexer reads them (on across lines, to
/// their closing quote), comments and heredocs skipped; or the end of the
/// file.
fn recover_to_closer(b: &[u8], from: usize, open: u8) -> usize {
    let close = match open {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    };
    let mut depth = 0u32;
    let mut i = from;
    while i < b.len() {
        if let Some((next, _)) = unbracketed_token_end(b, i) {
            i = next;
            continue;
        }
        match b[i] {
            c if c == close => {
                if depth == 0 {
                    return i + 1;
                }
                depth -= 1;
            }
            c if c == open => depth += 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// Where HCL's recovery after a body item stops, from `from`, with strings
/// read as its lexer reads them (on across lines to their closing quote):
/// just past the first newline (a line comment's included) outside
/// brackets, a closer popping back to its opener; or the end of the file.
fn item_end_across_strings(b: &[u8], from: usize) -> usize {
    let mut open: Vec<u8> = Vec::new();
    let mut i = from;
    while i < b.len() {
        if let Some((next, ends_line)) = unbracketed_token_end(b, i) {
            if ends_line && open.is_empty() {
                return next;
            }
            i = next;
            continue;
        }
        match b[i] {
            b'\n' if open.is_empty() => return i + 1,
            c @ (b'(' | b'[' | b'{') => open.push(c),
            c @ (b')' | b']' | b'}') => {
                let opener = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                while let Some(o) = open.pop() {
                    if o == opener {
                        break;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The end of what HCL's lexer reads at `i` as one token that holds
/// brackets no parser counts: a quoted string (on across lines to its
/// closing quote), a comment or a heredoc; and whether it ends a line (a
/// line comment, with its newline).
fn unbracketed_token_end(b: &[u8], i: usize) -> Option<(usize, bool)> {
    match (b[i], b.get(i + 1)) {
        (b'"', _) => Some((tokens::closing_quote_end(b, i + 1), false)),
        (b'#', _) | (b'/', Some(b'/')) => Some((tokens::line_end(b, i), true)),
        (b'/', Some(b'*')) => Some((tokens::block_comment_end(b, i), false)),
        (b'<', Some(b'<')) => heredoc_end(b, i).map(|end| (end, false)),
        _ => None,
    }
}
