//! Glob patterns for `fileset`: `*` (any run of characters within one path
//! element), `?` (one character), `[abc]`, `[a-z]`, `[^a]` / `[!a]`,
//! `{a,b}` alternatives, and `**` as a whole element (zero or more
//! elements), over `/`-separated relative paths, as Terraform's `fileset`
//! (the doublestar library) understands them.

/// The most patterns `{...}` alternatives may expand to.
const MAX_ALTERNATIVES: usize = 1024;

/// The patterns `pattern` stands for once its `{a,b}` groups are expanded.
pub(crate) fn expand_braces(pattern: &str) -> Result<Vec<String>, String> {
    let Some(open) = pattern.find('{') else {
        return Ok(vec![pattern.to_owned()]);
    };
    let mut depth = 0;
    let mut close = None;
    let mut splits = Vec::new();
    for (i, c) in pattern[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            ',' if depth == 1 => splits.push(open + i),
            _ => {}
        }
    }
    let close = close.ok_or_else(|| format!("invalid glob pattern {pattern:?}: unclosed {{"))?;
    let mut bounds = vec![open];
    bounds.extend(splits);
    bounds.push(close);
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    let mut out = Vec::new();
    for pair in bounds.windows(2) {
        let alternative = &pattern[pair[0] + 1..pair[1]];
        for expanded in expand_braces(&format!("{head}{alternative}{tail}"))? {
            out.push(expanded);
            if out.len() > MAX_ALTERNATIVES {
                return Err(format!(
                    "invalid glob pattern {pattern:?}: more than {MAX_ALTERNATIVES} alternatives"
                ));
            }
        }
    }
    Ok(out)
}

/// Whether `path` (relative, `/`-separated) matches `pattern` (braces
/// already expanded).
pub(crate) fn matches(pattern: &str, path: &str) -> bool {
    let pattern: Vec<&str> = pattern.split('/').filter(|p| !p.is_empty()).collect();
    let path: Vec<&str> = path.split('/').collect();
    elements(&pattern, &path)
}

fn elements(pattern: &[&str], path: &[&str]) -> bool {
    match pattern.split_first() {
        None => path.is_empty(),
        Some((&"**", rest)) => {
            // Zero elements, or one more and try again.
            elements(rest, path) || (!path.is_empty() && elements(pattern, &path[1..]))
        }
        Some((first, rest)) => match path.split_first() {
            Some((name, more)) => element(first, name) && elements(rest, more),
            None => false,
        },
    }
}

/// One path element against one pattern element (iterative wildcard
/// matching with one backtrack point, so no blow-up on many `*`s).
fn element(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() {
            match p[pi] {
                '*' => {
                    star = Some((pi, ni));
                    pi += 1;
                    continue;
                }
                '?' => {
                    pi += 1;
                    ni += 1;
                    continue;
                }
                '[' => {
                    if let Some((ok, len)) = class(&p[pi..], n[ni]) {
                        if ok {
                            pi += len;
                            ni += 1;
                            continue;
                        }
                    } else if n[ni] == '[' {
                        pi += 1;
                        ni += 1;
                        continue;
                    }
                }
                '\\' if pi + 1 < p.len() && p[pi + 1] == n[ni] => {
                    pi += 2;
                    ni += 1;
                    continue;
                }
                c if c == n[ni] => {
                    pi += 1;
                    ni += 1;
                    continue;
                }
                _ => {}
            }
        }
        match star {
            Some((sp, sn)) => {
                pi = sp + 1;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// A `[...]` class at the start of `p`: whether `c` is in it and the
/// class's length, or `None` when the class is not closed.
fn class(p: &[char], c: char) -> Option<(bool, usize)> {
    let mut i = 1;
    let negated = matches!(p.get(1), Some('^' | '!'));
    if negated {
        i += 1;
    }
    let mut found = false;
    let mut first = true;
    while i < p.len() {
        if p[i] == ']' && !first {
            return Some((found != negated, i + 1));
        }
        first = false;
        if i + 2 < p.len() && p[i + 1] == '-' && p[i + 2] != ']' {
            found |= p[i] <= c && c <= p[i + 2];
            i += 3;
        } else {
            found |= p[i] == c;
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_stay_within_one_element() {
        assert!(matches("files/*.txt", "files/hello.txt"));
        assert!(!matches("files/*.txt", "files/sub/hello.txt"));
        assert!(matches("*", "hello.txt"));
        assert!(!matches("*", "sub/hello.txt"));
    }

    #[test]
    fn double_star_spans_elements() {
        assert!(matches("**", "a/b/c.txt"));
        assert!(matches("**/*.txt", "c.txt"));
        assert!(matches("a/**/c.txt", "a/x/y/c.txt"));
        assert!(!matches("a/**/c.txt", "b/c.txt"));
    }

    #[test]
    fn classes_and_question_marks() {
        assert!(matches("file[0-9].txt", "file7.txt"));
        assert!(!matches("file[^0-9].txt", "file7.txt"));
        assert!(matches("?.md", "a.md"));
        assert!(!matches("?.md", "ab.md"));
    }

    #[test]
    fn braces_expand_to_alternatives() {
        assert_eq!(
            expand_braces("files/{hello,world}.txt").unwrap(),
            ["files/hello.txt", "files/world.txt"]
        );
        assert_eq!(
            expand_braces("a{b").unwrap_err(),
            "invalid glob pattern \"a{b\": unclosed {"
        );
    }

    #[test]
    fn many_stars_do_not_backtrack_exponentially() {
        let name = "a".repeat(200);
        assert!(!element(&"*a".repeat(50).replace("**", "*"), &(name + "b")));
    }
}
