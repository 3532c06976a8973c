//! The `, in foo[1].bar` part of a text diagnostic's "on FILE line N"
//! line: the path of JSON properties and array indexes, through objects
//! and arrays only, down to the object or array holding the subject (what
//! HCL's JSON navigation reports).
//!
//! The library's node tree is not public, so this is a small JSON reader
//! of its own over the source text; on anything it does not understand it
//! gives no context rather than a wrong one.

/// The path to `offset` in the JSON document `src`; empty at the top
/// level or when `src` is not readable JSON.
pub(crate) fn context(src: &str, offset: usize) -> String {
    let mut r = Reader {
        b: src.as_bytes(),
        i: 0,
    };
    let mut steps = Vec::new();
    if r.value(offset, &mut steps, 0).is_none() {
        return String::new();
    }
    let path: String = steps.concat();
    path.strip_prefix('.').unwrap_or(&path).to_string()
}

/// Deeper documents give no context rather than a deep recursion.
const MAX_DEPTH: usize = 500;

struct Reader<'a> {
    b: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Reads one value. When it is an object or array containing `offset`,
    /// the steps into it that lead to `offset` are pushed onto `steps`
    /// (outermost first, only while the path is being followed).
    fn value(&mut self, offset: usize, steps: &mut Vec<String>, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.ws();
        match self.peek()? {
            b'{' => self.object(offset, steps, depth),
            b'[' => self.array(offset, steps, depth),
            b'"' => self.string().map(|_| ()),
            _ => {
                while self.i < self.b.len()
                    && !matches!(
                        self.b[self.i],
                        b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'
                    )
                {
                    self.i += 1;
                }
                Some(())
            }
        }
    }

    /// Reads a container value and, when it holds `offset`, records the
    /// step into it.
    fn child(
        &mut self,
        step: String,
        offset: usize,
        steps: &mut Vec<String>,
        depth: usize,
    ) -> Option<()> {
        self.ws();
        let start = self.i;
        let container = matches!(self.peek()?, b'{' | b'[');
        let mark = steps.len();
        self.value(offset, steps, depth + 1)?;
        if container && start <= offset && offset < self.i {
            steps.insert(mark, step);
        } else {
            steps.truncate(mark);
        }
        Some(())
    }

    fn object(&mut self, offset: usize, steps: &mut Vec<String>, depth: usize) -> Option<()> {
        self.i += 1;
        let mut found = false;
        loop {
            self.ws();
            match self.peek()? {
                b'}' => {
                    self.i += 1;
                    return Some(());
                }
                b',' => self.i += 1,
                b'"' => {
                    let key = self.string()?;
                    self.ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    let before = steps.len();
                    if found {
                        self.value(usize::MAX, &mut Vec::new(), depth + 1)?;
                    } else {
                        self.child(format!(".{key}"), offset, steps, depth)?;
                        found = steps.len() > before;
                    }
                }
                _ => return None,
            }
        }
    }

    fn array(&mut self, offset: usize, steps: &mut Vec<String>, depth: usize) -> Option<()> {
        self.i += 1;
        let mut index = 0;
        let mut found = false;
        loop {
            self.ws();
            match self.peek()? {
                b']' => {
                    self.i += 1;
                    return Some(());
                }
                b',' => self.i += 1,
                _ => {
                    let before = steps.len();
                    if found {
                        self.value(usize::MAX, &mut Vec::new(), depth + 1)?;
                    } else {
                        self.child(format!("[{index}]"), offset, steps, depth)?;
                        found = steps.len() > before;
                    }
                    index += 1;
                }
            }
        }
    }

    /// A string's decoded text (escapes resolved; a bad escape gives up).
    fn string(&mut self) -> Option<String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = self.peek()?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = self.peek()?;
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let c = self.unicode_escape()?;
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                other => out.push(other),
            }
        }
    }

    /// The character of a `\uXXXX` escape whose `\u` was just read: a
    /// UTF-16 surrogate pair (`\ud83d\ude00`) is one character, as
    /// RFC 8259 spells characters outside the Basic Multilingual Plane; a
    /// lone surrogate is U+FFFD. `None` when the hex digits are missing.
    fn unicode_escape(&mut self) -> Option<char> {
        let high = self.hex4()?;
        if (0xd800..0xdc00).contains(&high) && self.b[self.i..].starts_with(b"\\u") {
            let save = self.i;
            self.i += 2;
            match self.hex4() {
                Some(low) if (0xdc00..0xe000).contains(&low) => {
                    let c = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
                    return Some(char::from_u32(c).unwrap_or('\u{fffd}'));
                }
                // Not a pair: the second escape is read on its own.
                _ => self.i = save,
            }
        }
        Some(char::from_u32(high).unwrap_or('\u{fffd}'))
    }

    /// Four hex digits, as a number.
    fn hex4(&mut self) -> Option<u32> {
        let digits = self.b.get(self.i..self.i + 4)?;
        let n = digits
            .iter()
            .try_fold(0, |n, &d| char::from(d).to_digit(16).map(|v| n * 16 + v))?;
        self.i += 4;
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::context;

    #[test]
    fn path_goes_through_objects_and_arrays_only() {
        let src = r#"{"item": [{"v": 1}, {"v": "a"}], "top": 1}"#;
        assert_eq!(context(src, src.find("\"a\"").unwrap()), "item[1]");
        assert_eq!(context(src, src.find("\"top\"").unwrap()), "");
        let nested = r#"{"service": {"http": {"web": {"addr": "b"}}}}"#;
        assert_eq!(
            context(nested, nested.find("\"b\"").unwrap()),
            "service.http.web"
        );
    }

    #[test]
    fn escaped_keys_are_decoded_surrogate_pairs_as_one_character() {
        let src = r#"{"\ud83d\ude00": {"a\u00e9": ["x"]}, "\ud83d": {"b": ["y"]}}"#;
        assert_eq!(
            context(src, src.find("\"x\"").unwrap()),
            "\u{1f600}.a\u{e9}"
        );
        // A lone surrogate stands for U+FFFD.
        assert_eq!(context(src, src.find("\"y\"").unwrap()), "\u{fffd}.b");
    }

    #[test]
    fn unreadable_text_gives_no_context() {
        assert_eq!(context("{\"a\": [1,", 7), "");
    }
}
