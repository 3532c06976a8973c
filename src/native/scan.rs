//! A cheap lexical pre-scan, run on the error path.
//!
//! One linear pass over the bytes, tracking just enough lexical state
//! (template text vs. expression, quoted strings, heredocs, comments) not
//! to count brackets inside literal text. It remembers which construct was
//! still open at the end of the input, which gives better diagnostics for
//! unclosed `${`, strings and brackets than the farthest failure position
//! can; and it measures nesting, so that the pest oracle (tests only),
//! whose stack use grows with nesting, never sees input nested deeper
//! than [`MAX_DEPTH`].

use super::ident;
use super::{Span, MAX_DEPTH};

/// Where the scan starts: in template text or in an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    Template,
    Expression,
}

/// A construct that opens and must be closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Open {
    /// `${`
    Interpolation,
    /// `%{`
    Directive,
    /// `"`
    Quoted,
    /// `<<EOT` / `<<-EOT`, with the marker.
    Heredoc(String),
    /// `(`, `[` or `{`; the byte is the expected closer.
    Bracket(u8),
}

/// What the scan found.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// The opener that first went past [`MAX_DEPTH`].
    pub too_deep: Option<Span>,
    /// The innermost construct still open at the end of the input, and the
    /// span of its opening token.
    pub unclosed: Option<(Open, Span)>,
}

enum Frame {
    /// Template text: the root of a standalone template, a quoted string or
    /// a heredoc body.
    Text(TextKind),
    /// An expression, closed by `closer` (0 for the root expression).
    Expr {
        closer: u8,
        open: Open,
        at: Span,
        /// Conditional `?` whose `:` has not been seen yet: each is one
        /// level of pest recursion.
        questions: u32,
    },
}

enum TextKind {
    Root,
    Quoted(Span),
    Heredoc { marker: (usize, usize), at: Span },
}

/// Scans `src`; see the module documentation.
pub(crate) fn scan(src: &str, start: Start) -> Scan {
    let b = src.as_bytes();
    let mut stack: Vec<Frame> = vec![match start {
        Start::Template => Frame::Text(TextKind::Root),
        Start::Expression => Frame::Expr {
            closer: 0,
            open: Open::Bracket(0),
            at: Span::default(),
            questions: 0,
        },
    }];
    // Frames above the root plus pending `?`s.
    let mut depth: u32 = 0;
    let mut i = 0;
    let mut out = Scan::default();
    macro_rules! push {
        ($frame:expr, $span:expr) => {{
            depth += 1;
            if depth > MAX_DEPTH {
                out.too_deep = Some($span);
                return out;
            }
            stack.push($frame);
        }};
    }
    while i < b.len() {
        let c = b[i];
        match stack.last_mut().expect("the root frame is never popped") {
            Frame::Text(kind) => {
                if let TextKind::Heredoc { marker, .. } = kind {
                    if i > 0 && b[i - 1] == b'\n' {
                        if let Some(end) = heredoc_close(b, i, &b[marker.0..marker.1]) {
                            stack.pop();
                            depth -= 1;
                            i = end;
                            continue;
                        }
                    }
                }
                let quoted = matches!(kind, TextKind::Quoted(_));
                if (c == b'$' || c == b'%')
                    && b.get(i + 1) == Some(&c)
                    && b.get(i + 2) == Some(&b'{')
                {
                    i += 3;
                } else if (c == b'$' || c == b'%') && b.get(i + 1) == Some(&b'{') {
                    let open = if c == b'$' {
                        Open::Interpolation
                    } else {
                        Open::Directive
                    };
                    let at = Span::from_usize(i, i + 2);
                    push!(
                        Frame::Expr {
                            closer: b'}',
                            open,
                            at,
                            questions: 0
                        },
                        at
                    );
                    i += 2;
                } else if quoted && c == b'\\' {
                    i += 2;
                } else if quoted && (c == b'"' || c == b'\n') {
                    // A newline ends a quoted string too (it is an error,
                    // reported by the parser); resynchronizing here keeps
                    // the rest of the scan meaningful.
                    stack.pop();
                    depth -= 1;
                    i += 1;
                } else {
                    i += 1;
                }
            }
            Frame::Expr { questions, .. } => match c {
                b'(' | b'[' | b'{' => {
                    let closer = match c {
                        b'(' => b')',
                        b'[' => b']',
                        _ => b'}',
                    };
                    let at = Span::from_usize(i, i + 1);
                    push!(
                        Frame::Expr {
                            closer,
                            open: Open::Bracket(closer),
                            at,
                            questions: 0
                        },
                        at
                    );
                    i += 1;
                }
                b')' | b']' | b'}' => {
                    close(&mut stack, &mut depth, c);
                    i += 1;
                }
                b'"' => {
                    let at = Span::from_usize(i, i + 1);
                    push!(Frame::Text(TextKind::Quoted(at)), at);
                    i += 1;
                }
                b'?' => {
                    *questions += 1;
                    depth += 1;
                    if depth > MAX_DEPTH {
                        out.too_deep = Some(Span::from_usize(i, i + 1));
                        return out;
                    }
                    i += 1;
                }
                b':' => {
                    if *questions > 0 {
                        *questions -= 1;
                        depth -= 1;
                    }
                    i += 1;
                }
                b'#' => i = skip_line(b, i),
                b'/' if b.get(i + 1) == Some(&b'/') => i = skip_line(b, i),
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = find(b, i + 2, b"*/").map_or(b.len(), |e| e + 2);
                }
                b'<' if b.get(i + 1) == Some(&b'<') => match heredoc_open(b, i) {
                    Some((marker, body)) => {
                        let at = Span::from_usize(i, marker.1);
                        push!(Frame::Text(TextKind::Heredoc { marker, at }), at);
                        i = body;
                    }
                    None => i += 2,
                },
                _ => i += 1,
            },
        }
    }
    if stack.len() > 1 {
        out.unclosed = match stack.pop() {
            Some(Frame::Expr { open, at, .. }) => Some((open, at)),
            Some(Frame::Text(TextKind::Quoted(at))) => Some((Open::Quoted, at)),
            Some(Frame::Text(TextKind::Heredoc { marker, at })) => {
                Some((Open::Heredoc(src[marker.0..marker.1].to_string()), at))
            }
            _ => None,
        };
    }
    out
}

/// Pops to the nearest expression frame closed by `c` (not crossing template
/// text); a stray closer is left for the parser to report.
fn close(stack: &mut Vec<Frame>, depth: &mut u32, c: u8) {
    let mut found = None;
    for (idx, frame) in stack.iter().enumerate().skip(1).rev() {
        match frame {
            Frame::Expr { closer, .. } if *closer == c => {
                found = Some(idx);
                break;
            }
            Frame::Expr { .. } => {}
            Frame::Text(_) => break,
        }
    }
    if let Some(idx) = found {
        for frame in stack.drain(idx..) {
            *depth -= 1;
            if let Frame::Expr { questions, .. } = frame {
                *depth -= questions;
            }
        }
    }
}

fn skip_line(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

/// A byte that may be part of an identifier: an ASCII one that continues
/// it, or any byte of a character outside ASCII (the pre-scan does not
/// decode characters).
fn is_ident_byte(c: u8) -> bool {
    ident::is_continue_byte(c) || c >= 0x80
}

/// `<<EOT\n` or `<<-EOT\r\n` at `i`: the marker's byte range and where the
/// body starts.
fn heredoc_open(b: &[u8], i: usize) -> Option<((usize, usize), usize)> {
    let mut j = i + 2;
    if b.get(j) == Some(&b'-') {
        j += 1;
    }
    let start = j;
    while j < b.len() && is_ident_byte(b[j]) {
        j += 1;
    }
    if j == start {
        return None;
    }
    match (b.get(j), b.get(j + 1)) {
        (Some(b'\n'), _) => Some(((start, j), j + 1)),
        (Some(b'\r'), Some(b'\n')) => Some(((start, j), j + 2)),
        _ => None,
    }
}

/// Whether the line starting at `i` closes a heredoc with `marker`; if so,
/// where the marker ends.
fn heredoc_close(b: &[u8], mut i: usize, marker: &[u8]) -> Option<usize> {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    let mut end = i + marker.len();
    if b.get(i..end)? != marker {
        return None;
    }
    while end < b.len() && (b[end] == b' ' || b[end] == b'\t') {
        end += 1;
    }
    match (b.get(end), b.get(end + 1)) {
        (None | Some(b'\n'), _) | (Some(b'\r'), Some(b'\n')) => Some(end),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_inside_literal_text_do_not_count() {
        let deep = "(".repeat(1000);
        let s = scan(&deep, Start::Template);
        assert!(s.too_deep.is_none() && s.unclosed.is_none());
        let quoted = format!("\"{deep}\"");
        assert!(scan(&quoted, Start::Expression).too_deep.is_none());
    }

    #[test]
    fn nesting_past_the_limit_is_reported_at_the_opener() {
        let s = scan(&"(".repeat(500), Start::Expression);
        let at = MAX_DEPTH;
        assert_eq!(s.too_deep, Some(Span::new(at, at + 1)));
    }

    #[test]
    fn conditional_then_branches_count_until_their_colon() {
        let chain = "a ? b : ".repeat(1000) + "c";
        assert!(scan(&chain, Start::Expression).too_deep.is_none());
        let nested = "a ? ".repeat(1000);
        assert!(scan(&nested, Start::Expression).too_deep.is_some());
    }

    #[test]
    fn innermost_unclosed_construct_is_remembered() {
        let s = scan("${a", Start::Template);
        assert_eq!(s.unclosed, Some((Open::Interpolation, Span::new(0, 2))));
        let s = scan("x ${ f(\"a }", Start::Template);
        assert_eq!(s.unclosed, Some((Open::Quoted, Span::new(7, 8))));
        let s = scan("<<EOT\nhello\n", Start::Expression);
        assert_eq!(
            s.unclosed,
            Some((Open::Heredoc("EOT".into()), Span::new(0, 5)))
        );
        assert!(scan("<<EOT\nhello\n  EOT\n", Start::Expression)
            .unclosed
            .is_none());
    }
}
