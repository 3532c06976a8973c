//! Line scanning for the body parser: blanks and comments between items,
//! newlines, and where an attribute's *logical line* ends (the first
//! newline outside brackets, strings, heredocs and comments), which is
//! what makes newlines significant in a body and not in an expression.
//! The body lexer and the comment scan step over comments and heredocs
//! with the same functions.

use super::BodyParser;
pub(super) use crate::native::parser::line_comment_end;

/// Where the logical line that starts at `from` ends: at the first newline
/// (`\n`, or the `\r` of `\r\n`) outside brackets, strings, heredocs and
/// comments, at a closing bracket that was not opened on the line, or at
/// the end of the input.
pub(super) fn logical_line_end(b: &[u8], from: usize) -> usize {
    /// What an open context closes with.
    #[derive(Clone, Copy, PartialEq)]
    enum Ctx {
        Code(u8),
        Str,
    }
    let mut stack: Vec<Ctx> = Vec::new();
    let mut i = from;
    while i < b.len() {
        let c = b[i];
        match stack.last().copied() {
            Some(Ctx::Str) => match c {
                b'\\' => i += 1,
                b'"' => {
                    stack.pop();
                }
                b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Ctx::Code(b'}'));
                    i += 1;
                }
                // A quoted string goes on past a newline, as HCL's lexer
                // reads it (the expression parser reports the newline).
                _ => {}
            },
            top => match c {
                b'\n' if top.is_none() => return i,
                b'\r' if top.is_none() && b.get(i + 1) == Some(&b'\n') => return i,
                b'#' => {
                    i = line_comment_end(b, i + 1);
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    i = line_comment_end(b, i + 2);
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |k| i + 2 + k + 2);
                    continue;
                }
                b'"' => stack.push(Ctx::Str),
                b'(' => stack.push(Ctx::Code(b')')),
                b'[' => stack.push(Ctx::Code(b']')),
                b'{' => stack.push(Ctx::Code(b'}')),
                b')' | b']' | b'}' => {
                    if top.is_none() {
                        return i;
                    }
                    // A mismatched closer closes what it can, as HCL's
                    // recovery does.
                    while let Some(Ctx::Code(close)) = stack.pop() {
                        if close == c {
                            break;
                        }
                    }
                }
                b'<' if b.get(i + 1) == Some(&b'<') => {
                    if let Some(end) = heredoc_end(b, i) {
                        i = end;
                        continue;
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    b.len()
}

/// If a heredoc opens at `at` (`<<EOT` or `<<-EOT` and a newline), the
/// position at the end of its closing marker's line (or the end of the
/// input when it is never closed).
pub(super) fn heredoc_end(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 2;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    let marker_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
        i += 1;
    }
    if i == marker_start {
        return None;
    }
    let marker = &b[marker_start..i];
    match (b.get(i), b.get(i + 1)) {
        (Some(b'\n'), _) => i += 1,
        (Some(b'\r'), Some(b'\n')) => i += 2,
        _ => return None,
    }
    while i < b.len() {
        let line_end = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k);
        let line = &b[i..line_end];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let blank = |c: &u8| *c == b' ' || *c == b'\t';
        let trimmed = line
            .iter()
            .position(|c| !blank(c))
            .map_or(&line[line.len()..], |k| &line[k..]);
        let trimmed =
            &trimmed[..trimmed.len() - trimmed.iter().rev().take_while(|c| blank(c)).count()];
        if trimmed == marker {
            return Some(i + (line.len()));
        }
        i = line_end + 1;
    }
    Some(b.len())
}

/// The end of the run of spaces and tabs at `i`. Indentation is most of a
/// file's blanks: spaces are skipped eight at a time (the first byte of a
/// word that is not a space is exactly its lowest nonzero byte once the
/// spaces are cleared), tabs one at a time.
#[inline]
pub(super) fn blank_run_end(b: &[u8], mut i: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    // (Between tokens: no blank, or one.)
    if !matches!(b.get(i), Some(b' ' | b'\t')) {
        return i;
    }
    i += 1;
    if !matches!(b.get(i), Some(b' ' | b'\t')) {
        return i;
    }
    while let Some(w) = b.get(i..i + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(w);
        let other = u64::from_le_bytes(bytes) ^ SPACES;
        if other == 0 {
            i += 8;
            continue;
        }
        i += (other.trailing_zeros() / 8) as usize;
        if b[i] != b'\t' {
            return i;
        }
        i += 1;
    }
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

impl BodyParser<'_> {
    /// Skips spaces, tabs and comments, not newlines (a `/* */` comment
    /// may span lines and counts as none). An unterminated `/*` is left in
    /// place, for the caller to report as the token it is.
    #[inline]
    pub(super) fn skip_inline(&mut self) {
        // (Most tokens are followed by none of these: no call.)
        if matches!(self.peek(), Some(b' ' | b'\t' | b'#' | b'/')) {
            self.skip_inline_run();
        }
    }

    fn skip_inline_run(&mut self) {
        let b = self.b;
        let mut i = self.i;
        loop {
            i = blank_run_end(b, i);
            match (b.get(i), b.get(i + 1)) {
                (Some(b'#'), _) => i = line_comment_end(b, i + 1),
                (Some(b'/'), Some(b'/')) => i = line_comment_end(b, i + 2),
                (Some(b'/'), Some(b'*')) => match memchr::memmem::find(&b[i + 2..], b"*/") {
                    Some(k) => i += 2 + k + 2,
                    None => break,
                },
                _ => break,
            }
        }
        self.i = i;
    }

    /// The length of the newline at `self.i` (1 or 2), if one is there.
    pub(super) fn newline(&self) -> Option<usize> {
        match (self.peek(), self.b.get(self.i + 1)) {
            (Some(b'\n'), _) => Some(1),
            (Some(b'\r'), Some(b'\n')) => Some(2),
            _ => None,
        }
    }

    /// Skips blank lines and comments.
    pub(super) fn skip_blank(&mut self) {
        loop {
            self.skip_inline();
            match self.newline() {
                Some(n) => self.i += n,
                None => return,
            }
        }
    }
}
