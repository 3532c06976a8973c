//! Where HCL's scanner puts token boundaries, for the places the parsers
//! (which read text, not tokens) must agree with it: the span of the
//! token at a position, which diagnostics blame; a heredoc's opener, one
//! token wherever it stands; and the newlines HCL's parser sees (a line
//! comment ends with its newline and counts as one; a block comment never
//! does), which end an object's items; and where its parser's recovery
//! from an unclosed index stops, which it then blames.

use super::Span;

/// The length of the heredoc opener `rest` starts with (`<<EOT` or
/// `<<-EOT` and its newline), which HCL's scanner reads as one token
/// wherever it is: after an expression it is no `<` operator.
#[inline(never)]
pub(crate) fn heredoc_opener_len(rest: &[u8]) -> Option<usize> {
    let after = rest.strip_prefix(b"<<")?;
    let flush = usize::from(after.first() == Some(&b'-'));
    let newline = memchr::memchr(b'\n', after)?;
    let line = &after[flush..newline];
    let name = line.strip_suffix(b"\r").unwrap_or(line);
    let name = std::str::from_utf8(name).ok()?;
    (super::ident::len(name)? == name.len()).then_some(2 + newline + 1)
}

/// The span of the token starting at byte `p`, as HCL's scanner reads
/// it: a heredoc's opener, an ellipsis, a two-character operator or `=>`,
/// a whole identifier or number, otherwise one character; empty at the end
/// of the input.
pub(crate) fn token_at(src: &str, p: usize) -> Span {
    let rest = &src[p.min(src.len())..];
    let mut chars = rest.char_indices();
    let Some((_, first)) = chars.next() else {
        return Span::from_usize(src.len(), src.len());
    };
    let two = |t: &str| rest.starts_with(t);
    let len = if let Some(len) = heredoc_opener_len(rest.as_bytes()) {
        // A heredoc's opener is one token, up to its newline.
        len
    } else if rest.starts_with("...") {
        // An ellipsis is one token, as in HCL's scanner.
        3
    } else if ["==", "!=", "<=", ">=", "&&", "||", "=>"]
        .into_iter()
        .any(two)
    {
        // So are the two-character operators and the fat arrow.
        2
    } else if first.is_ascii_digit() {
        number_len(rest.as_bytes())
    } else if first.is_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    Span::from_usize(p, p + len)
}

/// The length of the number token at the start of `b` (a digit), as HCL's
/// scanner reads one: digits, dots and exponents (`e`, a sign, a digit),
/// not ending in a dot; `1e` is the number `1` and the name `e`.
fn number_len(b: &[u8]) -> usize {
    let continues = |i: usize| match b.get(i..) {
        Some([b'0'..=b'9', ..]) => Some(i + 1),
        Some([b'e' | b'E', b'0'..=b'9', ..]) => Some(i + 2),
        Some([b'e' | b'E', b'+' | b'-', b'0'..=b'9', ..]) => Some(i + 3),
        _ => None,
    };
    let mut i = 1;
    loop {
        let dots = b[i..].iter().take_while(|&&c| c == b'.').count();
        match continues(i + dots) {
            Some(next) => i = next,
            None => return i,
        }
    }
}

/// The first newline in `b[from..to]` outside block comments, as HCL's
/// parser sees it: a line comment counts as one, with its newline.
pub(crate) fn newline_in(b: &[u8], from: usize, to: usize) -> Option<Span> {
    let to = to.min(b.len());
    let mut i = from;
    while i < to {
        match b[i] {
            b'\n' => return Some(Span::from_usize(i, i + 1)),
            b'\r' if b.get(i + 1) == Some(&b'\n') => return Some(Span::from_usize(i, i + 2)),
            b'/' if b.get(i + 1) == Some(&b'*') => i = block_comment_end(b, i),
            b'#' => return Some(Span::from_usize(i, line_end(b, i))),
            b'/' if b.get(i + 1) == Some(&b'/') => {
                return Some(Span::from_usize(i, line_end(b, i)))
            }
            _ => i += 1,
        }
    }
    None
}

/// Where HCL's parser stops when it recovers from an index left open at
/// the token at `p`: the `]` that closes it (brackets opened after that
/// token skipped with theirs), or the end of the input. Quoted strings and
/// comments are passed over, and a string the index is in (the index is
/// in one of its template sequences) is read on from where it is. HCL
/// blames this token for the missing bracket.
pub(crate) fn index_close(src: &str, p: usize) -> Span {
    let b = src.as_bytes();
    // The token HCL read there is not counted; a quoted string is one
    // token, passed over whole.
    let from = if b.get(p) == Some(&b'"') {
        p
    } else {
        token_at(src, p).end as usize
    };
    bracket_close_in(b, from, strings_open_at(b, from))
}

/// The first `]` from byte `from` that no `[` after `from` opened
/// (quoted strings passed over as HCL's lexer reads them, comments
/// skipped), or the end of the input:
/// where [`index_close`]'s scan goes on when the text it was given ends
/// before the file does.
pub(crate) fn bracket_close_from(src: &str, from: usize) -> Span {
    bracket_close_in(src.as_bytes(), from, Vec::new())
}

/// [`bracket_close_from`] with `open` (from [`strings_open_at`]) open at
/// `from`.
fn bracket_close_in(b: &[u8], from: usize, mut open: Vec<u8>) -> Span {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        if open.last() != Some(&b'"') {
            match b[i] {
                b'[' => depth += 1,
                b']' if depth == 0 => return Span::from_usize(i, i + 1),
                b']' => depth -= 1,
                b'#' => {
                    i = line_end(b, i);
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    i = line_end(b, i);
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = block_comment_end(b, i);
                    continue;
                }
                _ => {}
            }
        }
        i = read_strings(b, i, &mut open);
    }
    Span::from_usize(b.len(), b.len())
}

/// The quoted strings, template sequences and braces open at `to`,
/// innermost last (`"`, `$` and `{`), read from the start of its line: a
/// quoted string ends on its line unless it runs away, and then HCL's
/// lexer reads it on to the next quote, which this follows too.
fn strings_open_at(b: &[u8], to: usize) -> Vec<u8> {
    let mut open = Vec::new();
    let mut i = memchr::memrchr(b'\n', &b[..to]).map_or(0, |k| k + 1);
    while i < to {
        i = read_strings(b, i, &mut open);
    }
    open
}

/// Reads what starts at `i` (a byte, an escape, a template sequence's
/// opener) with `open` the strings, sequences and braces open there (see
/// [`strings_open_at`]), which it updates; the position after it.
fn read_strings(b: &[u8], i: usize, open: &mut Vec<u8>) -> usize {
    let c = b[i];
    if open.last() == Some(&b'"') {
        match c {
            b'\\' => return i + 2,
            b'"' => {
                open.pop();
            }
            // `$${` and `%%{` are text.
            b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => return i + 3,
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                open.push(b'$');
                return i + 2;
            }
            _ => {}
        }
        return i + 1;
    }
    match c {
        b'"' | b'{' => open.push(c),
        b'}' => {
            open.pop();
        }
        _ => {}
    }
    i + 1
}

/// Just past the newlines (`\n` or `\r\n`) that start at `i`, one after
/// another (inside a quoted string HCL's lexer makes them one token);
/// `i` itself when none does.
pub(crate) fn newline_run_end(b: &[u8], mut i: usize) -> usize {
    loop {
        match (b.get(i), b.get(i + 1)) {
            (Some(b'\n'), _) => i += 1,
            (Some(b'\r'), Some(b'\n')) => i += 2,
            _ => return i,
        }
    }
}

/// The newline token at `i` in a quoted string as HCL's lexer reads it:
/// the run of newlines there, or the one byte at `i` when none starts
/// there (a lone `\r`).
pub(crate) fn newline_token(b: &[u8], i: usize) -> Span {
    Span::from_usize(i, newline_run_end(b, i).max(i + 1))
}

/// Where HCL's recovery inside a broken quoted string stops: just after
/// the quote that closes it (read as its lexer reads strings: escapes
/// skipped, and the braces of template sequences counted), or the end of
/// the file.
pub(crate) fn closing_quote_end(b: &[u8], from: usize) -> usize {
    let mut i = from;
    let mut braces = 0u32;
    while i < b.len() {
        match b[i] {
            b'\\' if braces == 0 => i += 1,
            b'"' if braces == 0 => return i + 1,
            b'$' | b'%' if braces == 0 && b.get(i + 1) == Some(&b'{') => {
                braces = 1;
                i += 1;
            }
            b'{' if braces > 0 => braces += 1,
            b'}' if braces > 0 => braces -= 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// Just past the `*/` of the block comment at `i` (the end if it has none).
pub(crate) fn block_comment_end(b: &[u8], i: usize) -> usize {
    memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |k| i + 2 + k + 2)
}

/// Just past the newline that ends the line comment at `i`.
pub(crate) fn line_end(b: &[u8], i: usize) -> usize {
    memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k + 1)
}

/// The newline (as HCL's parser reads one: a line comment with it) between
/// the token before `p` and `p`: after an object item's key, where its `=`
/// was wanted, or after its value.
pub(crate) fn newline_before(src: &str, p: usize) -> Option<Span> {
    let b = src.as_bytes();
    newline_in(b, token_end_before(b, p), p)
}

/// The end of the last token before `p`, blanks, newlines and comments
/// passed over.
pub(crate) fn token_end_before(b: &[u8], p: usize) -> usize {
    let mut end = p;
    loop {
        while end > 0 && matches!(b[end - 1], b' ' | b'\t' | b'\r') {
            end -= 1;
        }
        match end.checked_sub(1).map(|i| b[i]) {
            // The line before: its code ends before its comment, if any.
            Some(b'\n') => end = line_comment_before(b, end - 1).unwrap_or(end - 1),
            Some(b'/') if end >= 2 && b[end - 2] == b'*' => {
                match memchr::memmem::rfind(&b[..end - 2], b"/*") {
                    Some(open) => end = open,
                    None => return end,
                }
            }
            _ => return end,
        }
    }
}

/// The start of the line comment that runs up to the newline at `nl`, if
/// one does: the first `#` or `//` of the line outside quoted strings and
/// block comments.
pub(crate) fn line_comment_before(b: &[u8], nl: usize) -> Option<usize> {
    let line_start = memchr::memrchr(b'\n', &b[..nl]).map_or(0, |k| k + 1);
    let mut i = line_start;
    let mut quoted = false;
    while i < nl {
        match b[i] {
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b'#' if !quoted => return Some(i),
            b'/' if !quoted && b.get(i + 1) == Some(&b'/') => return Some(i),
            b'/' if !quoted && b.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&b[i + 2..nl], b"*/").map_or(nl, |k| i + 2 + k + 1);
            }
            _ => {}
        }
        i += 1;
    }
    None
}
