//! The canonical layout of JSON-syntax text, written from the text of a
//! file that parses: two-space indentation, one property or element per
//! line, the source's strings and numbers copied byte for byte.

/// Lays out `src`, which is known to be valid JSON.
pub(super) fn format(src: &str) -> String {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len() + src.len() / 4);
    let mut depth = 0usize;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', 2 * depth));
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                let next = b[i + 1..]
                    .iter()
                    .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
                    .map(|k| i + 1 + k);
                out.push(char::from(open));
                match next {
                    Some(k) if b[k] == close => {
                        out.push(char::from(close));
                        i = k + 1;
                    }
                    _ => {
                        depth += 1;
                        newline(&mut out, depth);
                        i += 1;
                    }
                }
            }
            close @ (b'}' | b']') => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(char::from(close));
                i += 1;
            }
            b',' => {
                out.push(',');
                newline(&mut out, depth);
                i += 1;
            }
            b':' => {
                out.push_str(": ");
                i += 1;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let end = (j + 1).min(b.len());
                out.push_str(&src[i..end]);
                i = end;
            }
            _ => {
                let end = b[i..]
                    .iter()
                    .position(|c| b" \t\n\r,:{}[]\"".contains(c))
                    .map_or(b.len(), |k| i + k);
                out.push_str(&src[i..end]);
                i = end;
            }
        }
    }
    out.push('\n');
    out
}
