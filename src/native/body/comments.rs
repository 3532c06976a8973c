//! The comments of a native body: `#` and `//` line comments and `/* */`
//! block comments written in the body's own text, that is outside the
//! bodies of its nested blocks (those have their own). Comments inside an
//! attribute's value or a block header count for the body they are in.
//!
//! The parser skips comments without recording them (most callers never
//! ask), so this is a scan of the body's text on demand, one pass: it
//! steps over quoted strings (and the interpolations in them) and
//! heredocs, where `#` and `//` are text.

use super::lines::{heredoc_end, line_comment_end};
use super::{span, BodyTree, Item};
use crate::native::Span;

/// The comments of body `body` of `tree` (parsed from `src` without
/// errors), in source order: each from its `#`, `//` or `/*` through its
/// last character (a line comment's newline excluded).
pub(crate) fn body_comments(tree: &BodyTree, src: &str, body: u32) -> Vec<Span> {
    let b = src.as_bytes();
    let Some(node) = tree.bodies.get(body as usize) else {
        return Vec::new();
    };
    let (mut from, mut to) = (node.span.start as usize, node.span.end as usize);
    if body != tree.root {
        // A block's body span holds its braces.
        from += 1;
        if to > from && b.get(to - 1) == Some(&b'}') {
            to -= 1;
        }
    }
    let mut out = Vec::new();
    for item in tree.items(body) {
        if let Item::Block(block) = item {
            let inner = tree.bodies[block.body as usize].span;
            scan(b, from, (inner.start as usize).min(to), &mut out);
            from = inner.end as usize;
        }
    }
    scan(b, from, to, &mut out);
    out
}

/// Pushes the comments of `b[from..to]`, read as code (not inside a
/// string).
fn scan(b: &[u8], from: usize, to: usize, out: &mut Vec<Span>) {
    /// An open string, or a brace opened inside an interpolation.
    #[derive(Clone, Copy, PartialEq)]
    enum Ctx {
        Str,
        Brace,
    }
    let to = to.min(b.len());
    let mut stack: Vec<Ctx> = Vec::new();
    let mut i = from;
    while i < to {
        let c = b[i];
        if stack.last() == Some(&Ctx::Str) {
            match c {
                b'\\' => i += 1,
                b'"' | b'\n' | b'\r' => {
                    stack.pop();
                }
                b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Ctx::Brace);
                    i += 1;
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        let end = match (c, b.get(i + 1)) {
            (b'#', _) => line_comment_end(b, i + 1),
            (b'/', Some(b'/')) => line_comment_end(b, i + 2),
            (b'/', Some(b'*')) => {
                memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |k| i + 2 + k + 2)
            }
            _ => {
                match c {
                    b'"' => stack.push(Ctx::Str),
                    b'{' if !stack.is_empty() => stack.push(Ctx::Brace),
                    b'}' if !stack.is_empty() => {
                        stack.pop();
                    }
                    b'<' if b.get(i + 1) == Some(&b'<') => {
                        if let Some(end) = heredoc_end(b, i) {
                            i = end;
                            continue;
                        }
                    }
                    _ => {}
                }
                i += 1;
                continue;
            }
        };
        let end = end.min(to);
        out.push(span(i, end));
        i = end;
    }
}
