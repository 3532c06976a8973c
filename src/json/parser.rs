//! The JSON parser: bytes to the flat node tree of [`tree`](super::tree).
//!
//! Hand-written and byte-level (RFC 8259), because no off-the-shelf JSON
//! parser keeps duplicate keys, exact number text and ranges together. The
//! hot path is plain loops over bytes; positions (line, column) are computed
//! only when an error is built, and error paths are `#[cold]`.
//!
//! Nesting is limited ([`ParseOptions::max_nesting`]) so no input can overflow
//! the stack, here or in the recursive layers above.

// Errors travel boxed so that every `Result` on the scanning path stays one word wide.
#![allow(clippy::unnecessary_box_returns)]

use std::borrow::Cow;
use std::sync::Arc;

use super::escape::{self, BadEscape};
use super::navigation::path_source;
use super::template_cache::TemplateCache;
use super::tree::{FileData, Kind, Node, Prop};
use super::NodeId;
use crate::diag::{Diagnostic, DiagnosticKind, Error};
use crate::pos::SourceFile;
use crate::words;

/// Limits and switches for [`parse_with`](crate::body::parse_with).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// How deeply JSON arrays and objects may nest in the source text;
    /// deeper input is a parse error ("Nesting too deep"). The nesting of
    /// evaluated values is [`Limits::max_depth`](crate::value::limits::Limits::max_depth).
    pub max_nesting: usize,
}

impl ParseOptions {
    /// The nesting [`ParseOptions::default`] allows: far beyond any real
    /// configuration, far below what could exhaust a thread's stack.
    pub const DEFAULT_MAX_NESTING: usize = 256;
}

impl Default for ParseOptions {
    fn default() -> ParseOptions {
        ParseOptions {
            max_nesting: ParseOptions::DEFAULT_MAX_NESTING,
        }
    }
}

/// Parses JSON bytes into a node tree; invalid UTF-8 is an error that
/// points at the first offending byte.
pub(crate) fn parse_bytes_data(src: &[u8], filename: &str) -> Result<Arc<FileData>, Error> {
    match std::str::from_utf8(src) {
        Ok(text) => parse_data(text, filename, ParseOptions::default()),
        Err(e) => Err(invalid_utf8(src, filename, e.valid_up_to())),
    }
}

#[cold]
fn invalid_utf8(src: &[u8], filename: &str, valid_up_to: usize) -> Error {
    // Positions are computed on the valid prefix, which is all we can show.
    let text = String::from_utf8_lossy(&src[..valid_up_to]).into_owned();
    let source = Arc::new(SourceFile::new(filename, text));
    let range = source.range(valid_up_to, valid_up_to);
    Error::at(
        "Invalid UTF-8",
        format!(
            "The file must be UTF-8 encoded text, but byte {valid_up_to} (0x{:02x}) starts an invalid UTF-8 sequence.",
            src[valid_up_to]
        ),
        range,
    )
    .with_source(source)
}

/// Parses JSON text into a node tree, with explicit options.
pub(crate) fn parse_data<'a>(
    src: impl Into<Cow<'a, str>>,
    filename: &str,
    options: ParseOptions,
) -> Result<Arc<FileData>, Error> {
    let source = match src.into() {
        Cow::Borrowed(text) => SourceFile::new(filename, text),
        Cow::Owned(text) => SourceFile::owned(filename, text),
    };
    parse_source(Arc::new(source), options)
}

/// Parses JSON bytes the library read itself (a file from disk): the
/// file keeps this buffer as its source instead of a copy of it, so
/// reading and parsing a file holds its text once, not twice.
pub(crate) fn parse_owned_bytes_data(src: Vec<u8>, filename: &str) -> Result<Arc<FileData>, Error> {
    match String::from_utf8(src) {
        Ok(text) => parse_source(
            Arc::new(SourceFile::owned(filename, text)),
            ParseOptions::default(),
        ),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            Err(invalid_utf8(e.as_bytes(), filename, at))
        }
    }
}

/// Parses the text of `source`.
fn parse_source(source: Arc<SourceFile>, options: ParseOptions) -> Result<Arc<FileData>, Error> {
    // The parser borrows the text from a second handle, so that `source`
    // itself can move into the result.
    let text = Arc::clone(&source);
    let src = text.text();
    if src.len() >= u32::MAX as usize {
        let range = source.range(0, 0);
        return Err(Error::at(
            "File too large",
            "JSON-HCL files are limited to 4 GiB.",
            range,
        )
        .with_source(source));
    }
    let mut p = Parser {
        src: src.as_bytes(),
        at: 0,
        depth: 0,
        max_nesting: options.max_nesting,
        nodes: Vec::with_capacity(src.len() / 8 + 1),
        children: Vec::new(),
        props: Vec::new(),
        child_stack: Vec::new(),
        prop_stack: Vec::new(),
        errors: Vec::new(),
    };
    let root = p.parse_root();
    let errors = std::mem::take(&mut p.errors);
    let all = |errors: Vec<SyntaxError>, last: Option<SyntaxError>| {
        let mut errors = errors.into_iter().chain(last);
        let first = errors
            .next()
            .map_or_else(Error::reported, |e| e.into_error(&source));
        errors.fold(first, |all, e| all.merge(e.into_error(&source)))
    };
    let root = match root {
        Ok(root) => root,
        // The parse stopped: no tree to name a place from.
        Err(e) => return Err(all(errors, Some(*e))),
    };
    // The tables live as long as the file: drop the slack of their
    // growth (the node table is reserved for the densest JSON, one node
    // per 8 bytes, about 3.5 times what a typical file needs).
    p.children.shrink_to_fit();
    p.props.shrink_to_fit();
    let data = Arc::new(FileData {
        source: Arc::clone(&source),
        nodes: copied_to_size(p.nodes),
        children: p.children,
        props: p.props,
        root,
        templates: TemplateCache::for_source(src.len()),
        offset_indexes: std::sync::Mutex::default(),
    });
    if errors.is_empty() {
        return Ok(data);
    }
    // Errors stepped over: the tree read around them (a value or
    // container with an error stands as a `null`) names the place of
    // each ("in resource.aws_instance").
    Err(all(errors, None).with_source(path_source(&data)))
}

/// The node table cut to its length by copying it, not by shrinking it
/// in place.
///
/// With glibc's allocator, a block of more than 128 KB (the node table
/// of a file over 64 KB) is a mapping of its own, and freeing such a
/// mapping raises that threshold to its size, so that the next parse's
/// table comes from the heap. A table shrunk in place (`mremap`) is freed
/// at its shrunk size, below the size reserved for the next table: every
/// parse of a large file then mapped its table afresh and faulted it in
/// page by page (58 faults and three system calls a parse of a 289 KB
/// file; 1 100 faults a parse of a 4 MB one). Freeing the reserved table
/// whole costs a copy of the part kept.
///
/// That threshold only rises up to glibc's `DEFAULT_MMAP_THRESHOLD_MAX`
/// (32 MiB on 64-bit systems): what places a table reserved above it
/// (for a file of more than 16 MiB) is not the copy, which then only
/// costs a memcpy of the part kept (22.5 MB a parse of a 29 MB file)
/// and, in a process's first parses, fresh pages for it (5 500 faults).
/// Such a table is shrunk in place.
fn copied_to_size(mut table: Vec<Node>) -> Vec<Node> {
    /// glibc's largest dynamic mmap threshold on 64-bit systems.
    const MMAP_THRESHOLD_MAX: usize = 32 << 20;
    if table.capacity() == table.len() {
        table
    } else if table.capacity() * std::mem::size_of::<Node>() > MMAP_THRESHOLD_MAX {
        table.shrink_to_fit();
        table
    } else {
        table.as_slice().to_vec()
    }
}

/// How many bad tokens the parser steps over before it stops at the next:
/// enough to show every typo of a real file, few enough that a garbage
/// input does not produce millions of diagnostics.
const MAX_RECOVERED_ERRORS: usize = 100;

/// A syntax error before it has a source to point into.
struct SyntaxError {
    summary: &'static str,
    detail: String,
    start: usize,
    end: usize,
}

impl SyntaxError {
    #[cold]
    fn into_error(self, source: &Arc<SourceFile>) -> Error {
        let range = source.range(self.start, self.end);
        Error::new(
            Diagnostic::error(self.summary, self.detail, Some(range))
                .with_kind(DiagnosticKind::Syntax),
        )
        .with_source(source.clone())
    }
}

/// Boxed, so that a `PResult` is two words and the hot path does not move
/// a large error value around.
type PResult<T> = Result<T, Box<SyntaxError>>;

struct Parser<'a> {
    src: &'a [u8],
    at: usize,
    depth: usize,
    max_nesting: usize,
    nodes: Vec<Node>,
    children: Vec<NodeId>,
    props: Vec<Prop>,
    /// Elements of the arrays being parsed, innermost last; moved to
    /// `children` as one contiguous run when an array closes.
    child_stack: Vec<NodeId>,
    /// Properties of the objects being parsed, likewise.
    prop_stack: Vec<Prop>,
    /// Errors in single tokens (a misspelt keyword, a bad number or string
    /// escape) that the parser stepped over to report the further
    /// independent errors of the file, as Go's parser does.
    errors: Vec<SyntaxError>,
}

impl Parser<'_> {
    fn parse_root(&mut self) -> PResult<NodeId> {
        self.skip_ws()?;
        if self.at >= self.src.len() {
            return Err(err(
                "Missing value",
                "The file is empty: a JSON-HCL file must contain a JSON object.",
                self.at,
                self.at,
            ));
        }
        let root = self.parse_value()?;
        self.skip_ws()?;
        if self.at < self.src.len() {
            let end = self
                .token_end(self.at)
                .unwrap_or_else(|| self.char_end(self.at));
            return Err(err(
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
                self.at,
                end,
            ));
        }
        // After a recovered error the root may be a stand-in: no follow-on
        // "Root value must be object" (Go's spurious one).
        if self.errors.is_empty() {
            self.check_root(root)?;
        }
        Ok(root)
    }

    /// The root must be an object or an array of objects.
    fn check_root(&self, root: NodeId) -> PResult<()> {
        let node = self.nodes[root as usize];
        let ok = match node.kind() {
            Kind::Object { .. } => true,
            Kind::Array { first, len } => self.children[first as usize..(first + len) as usize]
                .iter()
                .all(|&c| matches!(self.nodes[c as usize].kind(), Kind::Object { .. })),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(err(
                "Root value must be object",
                "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
                node.start as usize,
                node.end as usize,
            ))
        }
    }

    fn push(&mut self, kind: Kind, start: usize, end: usize) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node::new(kind, start, end));
        id
    }

    /// Skips JSON whitespace; a comment is an error with a helpful detail.
    #[inline]
    fn skip_ws(&mut self) -> PResult<()> {
        while let Some(&b) = self.src.get(self.at) {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' => self.at += 1,
                b'/' if matches!(self.src.get(self.at + 1), Some(b'/' | b'*')) => {
                    return Err(self.comment_error())
                }
                _ => break,
            }
        }
        Ok(())
    }

    #[cold]
    fn comment_error(&self) -> Box<SyntaxError> {
        err(
            "Comments are not allowed",
            "JSON does not permit comments. To document a JSON-HCL body, use a property named \"//\", whose value is ignored.",
            self.at,
            self.at + 2,
        )
    }

    fn parse_value(&mut self) -> PResult<NodeId> {
        let start = self.at;
        let scalar = match self.src.get(self.at) {
            Some(b'{') => return self.parse_object(),
            Some(b'[') => return self.parse_array(),
            Some(b'"') => self.parse_string(),
            Some(b'-' | b'+' | b'.' | b'0'..=b'9') => self.parse_number(),
            Some(b'a'..=b'z' | b'A'..=b'Z') => self.parse_keyword(),
            Some(_) => Err(self.invalid_value(start)),
            None => {
                return Err(err(
                    "Missing value",
                    "The file ends where a JSON value was expected.",
                    start,
                    start,
                ))
            }
        };
        match scalar {
            Ok(id) => Ok(id),
            Err(e) => self.recover_value(start, e),
        }
    }

    /// Steps over a bad value token, keeping its error, when the token's
    /// end is clear (a word, a number, a string closed on its line): a
    /// stand-in `null` takes its place so the parse can go on and report
    /// the file's further errors. A missing value (`{"a": }`) is stepped
    /// over without consuming anything when a comma follows. Otherwise the error stops the
    /// parse.
    #[cold]
    fn recover_value(&mut self, start: usize, e: Box<SyntaxError>) -> PResult<NodeId> {
        if self.errors.len() >= MAX_RECOVERED_ERRORS {
            return Err(e);
        }
        let end = match self.src.get(start) {
            Some(b',') => start,
            // A closer: what follows depends on which container it closes.
            Some(b'}' | b']') => return Err(e),
            _ => match self.token_end(start) {
                Some(end) => end,
                None => return Err(e),
            },
        };
        self.errors.push(*e);
        self.at = end;
        Ok(self.push(Kind::Null, start, end))
    }

    /// Steps over a container whose content has a syntax error, keeping
    /// the error, when its closing bracket can be found: a stand-in `null`
    /// takes its place, so the parse goes on after it (as Go's parser
    /// recovers to the closing brace). Without a closing bracket (the input
    /// ends, or a string is not closed on its line) the error stops the
    /// parse.
    #[cold]
    fn recover_container(
        &mut self,
        id: NodeId,
        e: Box<SyntaxError>,
        child_base: usize,
        prop_base: usize,
        depth: usize,
    ) -> PResult<NodeId> {
        if self.errors.len() >= MAX_RECOVERED_ERRORS {
            return Err(e);
        }
        let start = self.nodes[id as usize].start as usize;
        let Some(end) = self.closing_bracket(self.at.max(start + 1)) else {
            return Err(e);
        };
        self.errors.push(*e);
        self.child_stack.truncate(child_base);
        self.prop_stack.truncate(prop_base);
        self.depth = depth - 1;
        self.at = end;
        // The container and what was read of its content become one
        // stand-in `null`, with the container's number.
        self.nodes.truncate(id as usize);
        Ok(self.push(Kind::Null, start, end))
    }

    /// The offset just past the bracket that closes the container whose
    /// content `from` is in: brackets are counted, strings skipped.
    fn closing_bracket(&self, from: usize) -> Option<usize> {
        let s = self.src;
        let mut depth = 1usize;
        let mut i = from;
        while let Some(&b) = s.get(i) {
            match b {
                b'"' => {
                    i = self.token_end(i)?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// The end of the token at `start`, as Go's scanner would cut it: a
    /// string up to its closing quote (`None` if it is not closed on its
    /// line), a single-quoted string likewise, otherwise a run of
    /// characters up to whitespace or JSON punctuation.
    fn token_end(&self, start: usize) -> Option<usize> {
        let s = self.src;
        if let &quote @ (b'"' | b'\'') = s.get(start)? {
            let mut i = start + 1;
            while let Some(&b) = s.get(i) {
                match b {
                    b'\\' => i += 2,
                    b'\n' => return None,
                    b if b == quote => return Some(i + 1),
                    _ => i += 1,
                }
            }
            None
        } else {
            let mut i = start;
            while let Some(&b) = s.get(i) {
                if matches!(
                    b,
                    b' ' | b'\t' | b'\n' | b'\r' | b',' | b':' | b'{' | b'}' | b'[' | b']' | b'"'
                ) {
                    break;
                }
                i += 1;
            }
            Some(i.max(self.char_end(start)))
        }
    }

    #[cold]
    fn invalid_value(&self, start: usize) -> Box<SyntaxError> {
        let end = self.char_end(start);
        let what = &self.src[start..end];
        let token_end = match what {
            b"}" | b"]" | b"," => end,
            _ => self.token_end(start).unwrap_or(end),
        };
        let detail = match what {
            b"}" | b"]" | b"," => {
                "A JSON value is required here: a string, number, object, array, true, false or null."
                    .to_string()
            }
            b"'" => "JSON strings must be enclosed in double quotes (\"), not single quotes.".to_string(),
            _ => format!(
                "The character {} cannot start a JSON value: expected a string, number, object, array, true, false or null.",
                describe(what)
            ),
        };
        // Go's summaries for each case.
        let summary = match what {
            b"]" => "Missing array element value",
            b"}" => "Missing JSON value",
            _ => "Invalid start of value",
        };
        err(summary, detail, start, token_end)
    }

    fn enter(&mut self, start: usize) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.max_nesting {
            return Err(err(
                "Nesting too deep",
                format!(
                    "Arrays and objects are nested more than {} levels deep here, which this parser does not allow.",
                    self.max_nesting
                ),
                start,
                start + 1,
            ));
        }
        Ok(())
    }

    /// The properties of the object opened at `start`, up to and including its
    /// closing brace.
    fn object_members(&mut self, start: usize, base: usize) -> PResult<()> {
        self.skip_ws()?;
        if self.src.get(self.at) == Some(&b'}') {
            self.at += 1;
        } else {
            loop {
                self.skip_ws()?;
                let name = match self.src.get(self.at) {
                    Some(b'"') => self.parse_string()?,
                    Some(b'}') if !self.prop_stack[base..].is_empty() => {
                        return Err(err(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            self.last_comma(),
                            self.last_comma() + 1,
                        ))
                    }
                    None => return Err(unclosed("object", start, self.at)),
                    Some(_) => return Err(self.invalid_name()),
                };
                self.skip_ws()?;
                match self.src.get(self.at) {
                    Some(b':') => self.at += 1,
                    Some(b'=') => {
                        return Err(err(
                            "Missing property value colon",
                            "JSON uses a colon as its name/value delimiter, not an equals sign.",
                            self.at,
                            self.at + 1,
                        ))
                    }
                    Some(b'}' | b',') => {
                        return Err(err(
                            "Missing object value",
                            "A JSON object property must have a value, introduced by a colon.",
                            self.at,
                            self.at + 1,
                        ))
                    }
                    None => return Err(unclosed("object", start, self.at)),
                    Some(_) => {
                        let end = self
                            .token_end(self.at)
                            .unwrap_or_else(|| self.char_end(self.at));
                        return Err(err(
                            "Missing property value colon",
                            "A colon must appear between an object property's name and its value.",
                            self.at,
                            end,
                        ));
                    }
                }
                self.skip_ws()?;
                let value = self.parse_value()?;
                self.prop_stack.push(Prop::new(name, value));
                self.skip_ws()?;
                match self.src.get(self.at) {
                    Some(b',') => self.at += 1,
                    Some(b'}') => {
                        self.at += 1;
                        break;
                    }
                    None => return Err(unclosed("object", start, self.at)),
                    Some(b']') => {
                        return Err(err(
                            "Mismatched braces",
                            "A JSON object must be closed with a brace, not a bracket.",
                            self.at,
                            self.at + 1,
                        ))
                    }
                    Some(_) => {
                        return Err(err(
                            "Missing property separator",
                            "A comma must appear between JSON object properties.",
                            self.at,
                            self.token_end(self.at)
                                .unwrap_or_else(|| self.char_end(self.at)),
                        ))
                    }
                }
            }
        }
        Ok(())
    }

    fn parse_object(&mut self) -> PResult<NodeId> {
        let start = self.at;
        self.enter(start)?;
        // Numbered before its members (see `Prop`); filled in when closed.
        let id = self.push(Kind::Null, start, start);
        self.at += 1; // '{'
        let base = self.prop_stack.len();
        let (child_base, depth) = (self.child_stack.len(), self.depth);
        if let Err(e) = self.object_members(start, base) {
            return self.recover_container(id, e, child_base, base, depth);
        }
        self.depth -= 1;
        let first = self.props.len() as u32;
        let len = (self.prop_stack.len() - base) as u32;
        self.props.extend(self.prop_stack.drain(base..));
        self.nodes[id as usize] = Node::new(Kind::Object { first, len }, start, self.at);
        Ok(id)
    }

    /// The elements of the array opened at `start`, up to and including its
    /// closing bracket.
    fn array_elements(&mut self, start: usize, base: usize) -> PResult<()> {
        self.skip_ws()?;
        if self.src.get(self.at) == Some(&b']') {
            self.at += 1;
        } else {
            loop {
                self.skip_ws()?;
                match self.src.get(self.at) {
                    Some(b']') if self.child_stack.len() > base => return Err(err(
                        "Trailing comma in array",
                        "JSON does not permit a trailing comma after the final value in an array.",
                        self.last_comma(),
                        self.last_comma() + 1,
                    )),
                    None => return Err(unclosed("array", start, self.at)),
                    _ => {}
                }
                let value = self.parse_value()?;
                self.child_stack.push(value);
                self.skip_ws()?;
                match self.src.get(self.at) {
                    Some(b',') => self.at += 1,
                    Some(b']') => {
                        self.at += 1;
                        break;
                    }
                    None => return Err(unclosed("array", start, self.at)),
                    Some(b'}') => {
                        return Err(err(
                            "Mismatched brackets",
                            "A JSON array must be closed with a bracket, not a brace.",
                            self.at,
                            self.at + 1,
                        ))
                    }
                    Some(_) => {
                        return Err(err(
                            "Missing array element separator",
                            "A comma must appear between JSON array elements.",
                            self.at,
                            self.token_end(self.at)
                                .unwrap_or_else(|| self.char_end(self.at)),
                        ))
                    }
                }
            }
        }
        Ok(())
    }

    fn parse_array(&mut self) -> PResult<NodeId> {
        let start = self.at;
        self.enter(start)?;
        // Numbered before its elements; filled in when closed.
        let id = self.push(Kind::Null, start, start);
        self.at += 1; // '['
        let base = self.child_stack.len();
        let (prop_base, depth) = (self.prop_stack.len(), self.depth);
        if let Err(e) = self.array_elements(start, base) {
            return self.recover_container(id, e, base, prop_base, depth);
        }
        self.depth -= 1;
        let first = self.children.len() as u32;
        let len = (self.child_stack.len() - base) as u32;
        self.children.extend(self.child_stack.drain(base..));
        self.nodes[id as usize] = Node::new(Kind::Array { first, len }, start, self.at);
        Ok(id)
    }

    /// The offset of the last comma before the current position.
    fn last_comma(&self) -> usize {
        self.src[..self.at]
            .iter()
            .rposition(|&b| b == b',')
            .unwrap_or(self.at)
    }

    #[cold]
    fn invalid_name(&self) -> Box<SyntaxError> {
        let end = self.char_end(self.at);
        let mut name_end = self.at;
        while name_end < self.src.len()
            && (self.src[name_end].is_ascii_alphanumeric() || self.src[name_end] == b'_')
        {
            name_end += 1;
        }
        if name_end > self.at {
            let name = String::from_utf8_lossy(&self.src[self.at..name_end]);
            return err(
                "Invalid object property name",
                format!("A JSON object property name must be a string in double quotes: write \"{name}\"."),
                self.at,
                name_end,
            );
        }
        err(
            "Invalid object property name",
            "A JSON object property name must be a string in double quotes.",
            self.at,
            end,
        )
    }

    fn parse_keyword(&mut self) -> PResult<NodeId> {
        let start = self.at;
        let mut end = start;
        while end < self.src.len() && self.src[end].is_ascii_alphanumeric() {
            end += 1;
        }
        let word = &self.src[start..end];
        let kind = match word {
            b"true" => Kind::Bool(true),
            b"false" => Kind::Bool(false),
            b"null" => Kind::Null,
            _ => return Err(invalid_keyword(word, start, end)),
        };
        self.at = end;
        Ok(self.push(kind, start, end))
    }

    fn parse_number(&mut self) -> PResult<NodeId> {
        let start = self.at;
        let s = self.src;
        let mut i = start;
        if s.get(i) == Some(&b'-') {
            i += 1;
        }
        match s.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => i = digits(s, i),
            _ => return Err(self.invalid_number(start, i)),
        }
        if s.get(i) == Some(&b'.') {
            i += 1;
            let after = digits(s, i);
            if after == i {
                return Err(self.invalid_number(start, i));
            }
            i = after;
        }
        if matches!(s.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(s.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let after = digits(s, i);
            if after == i {
                return Err(self.invalid_number(start, i));
            }
            i = after;
        }
        if matches!(
            s.get(i),
            Some(b'0'..=b'9' | b'.' | b'a'..=b'z' | b'A'..=b'Z')
        ) {
            return Err(self.invalid_number(start, i));
        }
        self.at = i;
        Ok(self.push(Kind::Number, start, i))
    }

    #[cold]
    fn invalid_number(&self, start: usize, bad: usize) -> Box<SyntaxError> {
        let mut end = bad;
        while end < self.src.len()
            && matches!(self.src[end], b'0'..=b'9' | b'.' | b'-' | b'+' | b'a'..=b'z' | b'A'..=b'Z')
        {
            end += 1;
        }
        let text = String::from_utf8_lossy(&self.src[start..end.max(bad)]);
        err(
            "Invalid JSON number",
            format!(
                "\"{text}\" is not a valid JSON number: write digits with an optional fraction and exponent, like 42, -0.5 or 1e10 (no leading zeros, no leading \"+\", no hexadecimal)."
            ),
            start,
            end.max(start + 1),
        )
    }

    /// Parses a string at the current `"`. Its node points into the
    /// source; escapes are checked here and decoded when the text is read.
    fn parse_string(&mut self) -> PResult<NodeId> {
        let start = self.at;
        let s = self.src;
        // Fast path: find the closing quote (or the first backslash).
        let Some(i) = find_quote_or_backslash(s, start + 1)? else {
            return Err(unterminated_string(start, s.len()));
        };
        if s[i] == b'\\' {
            return self.parse_escaped_string(start, i);
        }
        self.at = i + 1;
        Ok(self.push(Kind::String, start, i + 1))
    }

    /// The slow path of [`parse_string`](Self::parse_string), from the first
    /// backslash at `i`: every escape is checked, and the length of the
    /// decoded text counted.
    fn parse_escaped_string(&mut self, start: usize, mut i: usize) -> PResult<NodeId> {
        let s = self.src;
        let mut len = i - (start + 1);
        loop {
            // `i` is at a backslash: read it, then skip to the next one.
            let (c, n) = escape::read(s, i).map_err(|e| self.bad_escape(i, e))?;
            len += c.len_utf8();
            i += n;
            let Some(next) = find_quote_or_backslash(s, i)? else {
                return Err(unterminated_string(start, s.len()));
            };
            len += next - i;
            i = next;
            if s[i] == b'"' {
                break;
            }
        }
        self.at = i + 1;
        // Every escape is longer than what it stands for, so the decoded
        // text is shorter than the source and its length fits.
        Ok(self.push(Kind::EscapedString { len: len as u32 }, start, i + 1))
    }

    /// The error of the bad escape at `i` (a backslash).
    #[cold]
    fn bad_escape(&self, i: usize, e: BadEscape) -> Box<SyntaxError> {
        match e {
            BadEscape::Char => {
                let end = self.char_end(i + 1).min(self.src.len());
                err(
                    "Invalid JSON string",
                    format!(
                        "{} is not a valid escape sequence: JSON allows \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\uXXXX.",
                        describe(&self.src[i..end])
                    ),
                    i,
                    end,
                )
            }
            BadEscape::Hex(at) => err(
                "Invalid JSON string",
                "A \\u escape must be followed by exactly four hexadecimal digits.",
                at,
                at + 2 + escape::hex_digits(self.src, at),
            ),
        }
    }

    /// The offset just after the (possibly multi-byte) char at `at`.
    fn char_end(&self, at: usize) -> usize {
        if at >= self.src.len() {
            return self.src.len();
        }
        let mut end = at + 1;
        while end < self.src.len() && (self.src[end] as i8) < -0x40 {
            end += 1;
        }
        end
    }
}

/// The offset of the first `"` or `\\` at or after `from`, or `None` at the
/// end of input; a control character before it is an error (JSON requires
/// them escaped).
#[inline]
fn find_quote_or_backslash(s: &[u8], from: usize) -> PResult<Option<usize>> {
    match first_special(s, from) {
        Some(i) if s[i] < 0x20 => Err(control_char(from, i, s[i])),
        found => Ok(found),
    }
}

/// The offset of the first byte at or after `from` that ends a plain run
/// of string text: `"`, `\\`, or a control character (below 0x20), found
/// in one pass over the words of the text.
fn first_special(s: &[u8], from: usize) -> Option<usize> {
    words::first(
        s,
        from,
        |x| words::equal(x, b'"') | words::equal(x, b'\\') | words::below(x, 0x20),
        |b| b == b'"' || b == b'\\' || b < 0x20,
    )
}

fn digits(s: &[u8], mut i: usize) -> usize {
    while matches!(s.get(i), Some(b'0'..=b'9')) {
        i += 1;
    }
    i
}

#[cold]
fn err(
    summary: &'static str,
    detail: impl Into<String>,
    start: usize,
    end: usize,
) -> Box<SyntaxError> {
    Box::new(SyntaxError {
        summary,
        detail: detail.into(),
        start,
        end,
    })
}

#[cold]
fn unclosed(what: &'static str, start: usize, _at: usize) -> Box<SyntaxError> {
    let (summary, detail) = if what == "object" {
        (
            "Unclosed object",
            "No closing brace was found for this JSON object.",
        )
    } else {
        (
            "Unclosed array",
            "No closing bracket was found for this JSON array.",
        )
    };
    err(summary, detail, start, start + 1)
}

#[cold]
fn unterminated_string(start: usize, _len: usize) -> Box<SyntaxError> {
    err(
        "Invalid JSON string",
        "This string is not terminated: no closing double quote was found.",
        start,
        start + 1,
    )
}

#[cold]
fn control_char(_start: usize, at: usize, b: u8) -> Box<SyntaxError> {
    let detail = if b == b'\n' {
        "A JSON string cannot span lines: write a newline as \\n.".to_string()
    } else {
        format!("Control character 0x{b:02x} must be escaped in a JSON string (as \\u{b:04x}).")
    };
    err("Invalid JSON string", detail, at, at + 1)
}

#[cold]
fn invalid_keyword(word: &[u8], start: usize, end: usize) -> Box<SyntaxError> {
    let word = String::from_utf8_lossy(word);
    let lower = word.to_ascii_lowercase();
    const KEYWORDS: [&str; 3] = ["true", "false", "null"];
    let detail = if KEYWORDS.contains(&lower.as_str()) {
        format!("The JSON keyword \"{word}\" is not valid. Did you mean \"{lower}\"? JSON keywords are lowercase.")
    } else if let Some(keyword) = crate::diag::did_you_mean(&word, KEYWORDS) {
        format!("\"{word}\" is not a valid JSON keyword. Did you mean {keyword:?}?")
    } else {
        format!("\"{word}\" is not a JSON value. A string must be in double quotes; the only keywords are true, false and null.")
    };
    err("Invalid JSON keyword", detail, start, end.max(start + 1))
}

fn describe(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    format!("{text:?}")
}

#[cfg(test)]
#[path = "parser_tests.rs"]
mod tests;
