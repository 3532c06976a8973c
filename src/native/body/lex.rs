//! The diagnostics HCL's *lexer* gives a native file, before any of its
//! parser's: every character no token uses ("Invalid character"), single
//! `&`, `|`, `^` and `~` ("Unsupported operator"), and every newline inside
//! a quoted string ("Invalid multi-line string"; HCL's lexer reads a quoted
//! string on to its closing quote, across lines). An interpolation or
//! directive sequence of a quoted string that the file never closes is
//! found here too: it is the cause of everything the lexer says after it.
//!
//! The body parser reads the file without tokens, so these come from one
//! scan of the whole file that follows the lexer's modes: code, quoted
//! strings, the interpolations in them, heredocs and comments. It runs only
//! when the parse already failed: a file that parses has no invalid token
//! (the grammar accepts none outside strings and comments). HCL's limits
//! on repeats are kept: the first `;` only, every other `'` and backtick
//! up to the third, four bitwise operators.

use super::lines::{heredoc_end, line_comment_end};
use super::span;
use crate::native::{ident, tokens, SyntaxError};

/// A mode of the lexer that a closing token returns from.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Inside `"..."`.
    Quoted,
    /// Inside `${ ... }` or `%{ ... }` in a quoted string: the braces
    /// opened in it, where it opened and whether it is a directive.
    Sequence {
        depth: u32,
        at: usize,
        directive: bool,
    },
}

/// Counts of the diagnostics HCL reports only a few times.
#[derive(Default)]
struct Told {
    bitwise: u32,
    semicolon: u32,
    apostrophe: u32,
    backtick: u32,
}

/// The lexer's diagnostics for `src`, in source order, and the
/// interpolation or directive sequence of a quoted string still open at
/// the end of the file, if one is (the first such).
pub(super) fn lexer_errors(src: &str) -> (Vec<SyntaxError>, Option<SyntaxError>) {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut told = Told::default();
    let mut stack: Vec<Mode> = Vec::new();
    let mut i = super::bom_len(src);
    while i < b.len() {
        if stack.last() == Some(&Mode::Quoted) {
            i = quoted_step(b, i, &mut stack, &mut out);
            continue;
        }
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' => i += 1,
            b'\r' if b.get(i + 1) == Some(&b'\n') => i += 2,
            b'#' => i = line_comment_end(b, i + 1),
            b'/' if b.get(i + 1) == Some(&b'/') => i = line_comment_end(b, i + 2),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |k| i + 2 + k + 2);
            }
            b'"' => {
                stack.push(Mode::Quoted);
                i += 1;
            }
            b'<' if b.get(i + 1) == Some(&b'<') => i = heredoc_end(b, i).unwrap_or(i + 2),
            b'{' => {
                if let Some(Mode::Sequence { depth, .. }) = stack.last_mut() {
                    *depth += 1;
                }
                i += 1;
            }
            b'}' => {
                match stack.last_mut() {
                    Some(Mode::Sequence { depth: 0, .. }) => {
                        stack.pop();
                    }
                    Some(Mode::Sequence { depth, .. }) => *depth -= 1,
                    _ => {}
                }
                i += 1;
            }
            b'&' | b'|' if b.get(i + 1) == Some(&c) => i += 2,
            b'~' if b.get(i + 1) == Some(&b'}') => i += 1,
            b'&' | b'|' | b'^' | b'~' => {
                if told.bitwise < 4 {
                    told.bitwise += 1;
                    let suggestion = match c {
                        b'&' => " Did you mean boolean AND (\"&&\")?",
                        b'|' => " Did you mean boolean OR (\"||\")?",
                        b'~' => " Did you mean boolean NOT (\"!\")?",
                        _ => "",
                    };
                    out.push(SyntaxError::new(
                        "Unsupported operator",
                        format!("Bitwise operators are not supported.{suggestion}"),
                        span(i, i + 1),
                    ));
                }
                i += 1;
            }
            _ if c.is_ascii_alphanumeric() || c == b'_' || b"+-*/%<>=!?:.,()[]".contains(&c) => {
                i += 1;
            }
            _ if c.is_ascii() => {
                if let Some(e) = invalid_ascii(c, i, &mut told) {
                    out.push(e);
                }
                i += 1;
            }
            _ => i = non_ascii(src, i, &mut out),
        }
    }
    let unclosed = stack.iter().find_map(|m| match *m {
        Mode::Sequence { at, directive, .. } => Some(unclosed_sequence(at, directive)),
        Mode::Quoted => None,
    });
    (out, unclosed)
}

/// HCL's error for the sequence opened at `at` and never closed.
#[cold]
fn unclosed_sequence(at: usize, directive: bool) -> SyntaxError {
    let (summary, what) = if directive {
        ("Unclosed template directive sequence", "directive")
    } else {
        ("Unclosed template interpolation sequence", "interpolation")
    };
    SyntaxError::new(
        summary,
        format!(
            "There is no closing brace for this {what} sequence before the end of the quoted \
             template. This might be caused by incorrect nesting inside the given expression."
        ),
        span(at, at + 2),
    )
}

/// One step inside a quoted string at `i`; the next position.
fn quoted_step(b: &[u8], i: usize, stack: &mut Vec<Mode>, out: &mut Vec<SyntaxError>) -> usize {
    match b[i] {
        b'"' => {
            stack.pop();
            i + 1
        }
        b'\\' if !matches!(b.get(i + 1), None | Some(b'\n' | b'\r')) => i + 2,
        b'$' | b'%' if b.get(i + 1) == Some(&b[i]) && b.get(i + 2) == Some(&b'{') => i + 3,
        b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
            stack.push(Mode::Sequence {
                depth: 0,
                at: i,
                directive: b[i] == b'%',
            });
            i + 2
        }
        // A run of newlines is one token of HCL's lexer, one error (a
        // lone `\r` is none).
        b'\n' | b'\r' => match tokens::newline_run_end(b, i) {
            end if end > i => {
                out.push(multi_line(span(i, end)));
                end
            }
            _ => i + 1,
        },
        _ => i + 1,
    }
}

#[cold]
fn multi_line(at: crate::native::Span) -> SyntaxError {
    SyntaxError::new(
        "Invalid multi-line string",
        "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
        at,
    )
}

/// The diagnostic for ASCII character `c` at `i` that no token uses, if
/// HCL still reports it.
#[cold]
fn invalid_ascii(c: u8, i: usize, told: &mut Told) -> Option<SyntaxError> {
    let detail = match c {
        b';' => {
            told.semicolon += 1;
            if told.semicolon > 1 {
                return None;
            }
            "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values."
        }
        b'\'' | b'`' => {
            let count = if c == b'\'' {
                &mut told.apostrophe
            } else {
                &mut told.backtick
            };
            // Every other one (an opening quote, not its closing one), up
            // to the third.
            let report = *count % 2 == 0;
            if *count <= 2 {
                *count += 1;
            }
            if !report {
                return None;
            }
            if c == b'\'' {
                "Single quotes are not valid. Use double quotes (\") to enclose strings."
            } else {
                "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\"."
            }
        }
        _ => "This character is not used within the language.",
    };
    Some(SyntaxError::new(
        "Invalid character",
        detail,
        span(i, i + 1),
    ))
}

/// A non-ASCII character at `i` in code: the rest of an identifier if it
/// starts one, else an invalid character. The next position.
fn non_ascii(src: &str, i: usize, out: &mut Vec<SyntaxError>) -> usize {
    let Some(ch) = src[i..].chars().next() else {
        return i + 1;
    };
    let end = i + ch.len_utf8();
    if ident::is_start(ch) {
        return ident::len(&src[i..]).map_or(end, |n| i + n);
    }
    if ident::is_continue(ch) {
        // The rest of an identifier whose start was ASCII.
        return end;
    }
    let detail = match ch {
        '\u{201c}' | '\u{201d}' => "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
        _ => "This character is not used within the language.",
    };
    out.push(SyntaxError::new("Invalid character", detail, span(i, end)));
    end
}
