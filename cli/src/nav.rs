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
                            let hex = std::str::from_utf8(self.b.get(self.i..self.i + 4)?).ok()?;
                            self.i += 4;
                            let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)
                                .unwrap_or('\u{fffd}');
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                other => out.push(other),
            }
        }
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
    fn unreadable_text_gives_no_context() {
        assert_eq!(context("{\"a\": [1,", 7), "");
    }
}
