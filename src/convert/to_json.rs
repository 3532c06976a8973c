//! Converting native syntax to JSON syntax (what `hcl2json` does): a
//! parsed native [`Body`] written as `.tf.json` / `.hcl.json` text that
//! HCL's JSON reader decodes to the same content.
//! This module owns the walk of the native syntax tree (never re-parsing
//! the text) and the JSON it writes; what each item becomes is documented
//! on [`to_json_string`].

use std::collections::{HashMap, HashSet};
use std::io;
use std::sync::Arc;

use super::schema::{BlockFrame, PropertyKind};
use super::ConvertOptions;
use crate::body::Expression;
use crate::body::{Body, NativeBodyRef};
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::encode::writer::JsonWriter;
use crate::encode::Interpolated;
use crate::native::{
    self, AttributeNode, BlockNode, Expr, ExprKind, Item, ObjectKey, Span, Template, TemplatePart,
    UnaryOp,
};
use crate::pos::SourceFile;

/// The writer's buffer is handed to the sink when it holds this much, so
/// memory stays near that of the parsed file whatever the output size.
const CHUNK: usize = 64 * 1024;

/// The name of the comment property of JSON bodies.
const COMMENT: &str = "//";

/// Converts a native-syntax body (a file's [`File::body`](crate::body::File::body))
/// to JSON-syntax text, pretty-printed.
///
/// The conversion walks the native syntax tree (never re-parsing the
/// text) and writes each item as the JSON syntax spells it:
///
/// - **attributes** are properties, in source order. How the value is
///   written depends on how HCL reads a JSON value in that position, which
///   the [`NativeSchema`](super::NativeSchema) of the
///   [`ConvertOptions`] says ([`TerraformSchema`](super::TerraformSchema)
///   by default):
///   - **expression** positions: `null`, booleans and numbers (a negative
///     one too) are JSON literals, a number keeping its exact source text;
///     tuples are arrays and object constructors objects, element by
///     element; a string or heredoc is a JSON string holding its template
///     (literal text with `${` / `%{` escaped as `$${` / `%%{`,
///     interpolations and directives as `${...}` / `%{...}` around their
///     expressions' source text); any other expression is a
///     `"${...}"` string around its source text, which HCL's template
///     interpolation unwrapping reads back as the expression itself, of
///     any type;
///   - **literal-only** positions (Terraform's `variable` `default`,
///     `terraform` settings, ...): literal strings are their plain text,
///     since such strings are never read as templates;
///   - **reference** positions (`depends_on`, `provider`, a variable's
///     `type`, ...): the string holds the expression's source text itself
///     (`"aws_vpc.main"`, `"list(string)"`), element by element in tuples
///     and objects, since JSON-syntax readers analyse those strings as
///     expressions, not templates.
/// - **blocks** are nested objects keyed by their type then each label;
///   blocks of one type are gathered under the property of the first, and
///   several blocks with the same type and labels become an array of
///   bodies (HCL's JSON syntax allows arrays at any level); a lone block is a
///   plain object, not the one-element array some converters write, which
///   schema-less readers of the JSON (jq, other tools) trip over. The
///   order of the blocks of each type is kept exactly: where gathering by
///   label would reorder them, that label level becomes an array of
///   objects. Blocks of different types interleaved in the source come out
///   grouped by type.
/// - **comments** are dropped, or, with
///   [`ConvertOptions::comments`], the comments written between a body's
///   items are kept as `"//"` properties, the JSON syntax's comment
///   convention: the comments before an attribute, or before the first
///   block of a type, as a `"//"` property just before it, those before a
///   later block of a type as the first property of its body (so they
///   stay with it when blocks are gathered), those after the last item at
///   the end of the body; consecutive comment lines are one string, one
///   line each. JSON → native conversion writes them back as `#` comments
///   in the same places. Comments inside expressions are dropped.
///
/// A JSON-syntax body converts to itself (its JSON written back, pretty);
/// a merged body is refused. Output is pretty, two-space indented, with a
/// final newline. With [`ConvertOptions::verify`], every template string
/// written is parsed back with the template parser and one that does not
/// parse is an error at its native expression.
///
/// What the JSON syntax cannot say the same way: a native literal string
/// in an *expression* position containing `${` becomes `$${`, which a
/// JSON reader decoding that attribute in literal-only mode would keep as
/// `$${` (Terraform reads its literal-only positions, which this module
/// writes unescaped, as literal; other tools may differ).
///
/// ```
/// use hcl_json::ConvertOptions;
///
/// let src = r#"resource "aws_instance" "web" {
///   ami        = data.aws_ami.ubuntu.id
///   name       = "web-${var.env}"
///   count      = 2
///   depends_on = [aws_vpc.main]
/// }
/// "#;
/// let file = hcl_json::parse_native(src, "main.tf")?;
/// let json = hcl_json::to_json_string(&file.body(), &ConvertOptions::terraform())?;
/// assert_eq!(json, r#"{
///   "resource": {
///     "aws_instance": {
///       "web": {
///         "ami": "${data.aws_ami.ubuntu.id}",
///         "name": "web-${var.env}",
///         "count": 2,
///         "depends_on": [
///           "aws_vpc.main"
///         ]
///       }
///     }
///   }
/// }
/// "#);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn to_json_string(body: &Body, options: &ConvertOptions) -> Result<String, Error> {
    let mut out = Vec::with_capacity(body.range().bytes().len() * 3 / 2);
    convert(body, options, &mut |chunk| {
        out.extend_from_slice(chunk);
        Ok(())
    })?;
    // The writer only ever writes UTF-8 (`&str` pieces and ASCII).
    Ok(String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// Like [`to_json_string`], written to `writer` as the conversion goes, in
/// chunks of 64 KiB: memory stays near that of the parsed file rather than
/// growing with the output.
///
/// When the conversion fails, what was written before the problem was
/// found stays written.
pub fn to_json_writer<W: io::Write>(
    mut writer: W,
    body: &Body,
    options: &ConvertOptions,
) -> Result<(), Error> {
    let mut io_error = None;
    let result = convert(body, options, &mut |chunk| {
        writer.write_all(chunk).map_err(|e| {
            io_error = Some(e.to_string());
        })
    });
    if let Some(e) = io_error {
        return Err(write_failed(e));
    }
    result?;
    writer.flush().map_err(|e| write_failed(e.to_string()))
}

#[cold]
fn write_failed(e: String) -> Error {
    Error::new(Diagnostic::error(
        "Cannot write output",
        format!("Writing the JSON syntax text failed: {e}."),
        None,
    ))
}

/// Converts `body`, handing the text to `sink` in chunks; after a sink
/// error nothing more is handed over.
fn convert(
    body: &Body,
    options: &ConvertOptions,
    sink: &mut dyn FnMut(&[u8]) -> Result<(), ()>,
) -> Result<(), Error> {
    if body.as_json().is_some() {
        let mut w = JsonWriter::new(true);
        crate::encode::raw::body(&mut w, body)?;
        w.out.push('\n');
        let _ = sink(w.out.as_bytes());
        return Ok(());
    }
    let Some(native) = body.as_native() else {
        return Err(Error::new(Diagnostic::error(
            "Not a single-file body",
            "Conversion to JSON syntax reads a body parsed from one file; this body is several bodies merged. Convert each file on its own.",
            Some(body.range()),
        )));
    };
    let mut conv = ToJson {
        src: native.file.source.text(),
        source: &native.file.source,
        options,
        w: JsonWriter::new(true),
        path: Vec::new(),
        diags: Diagnostics::new(),
        sink,
        ok: true,
    };
    conv.body(&native, None);
    conv.w.out.push('\n');
    conv.drain(0);
    let ToJson { diags, .. } = conv;
    diags
        .into_result(())
        .map_err(|e| e.with_source(native.file.source.clone()))
}

/// How a value is read in its position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Expression,
    Literal,
    Reference,
}

/// A block to write, with the comments written before it.
struct BlockRef<'t> {
    node: &'t BlockNode,
    comment: Option<String>,
}

/// One property of a body being written.
enum Entry<'t> {
    Attribute(&'t AttributeNode, Option<String>),
    /// All blocks of one type, in source order.
    Blocks(Vec<BlockRef<'t>>),
}

struct ToJson<'a> {
    /// The native file's text: expressions are written from their spans.
    src: &'a str,
    source: &'a Arc<SourceFile>,
    options: &'a ConvertOptions,
    w: JsonWriter,
    /// The blocks around the body being written, for the schema.
    path: Vec<BlockFrame>,
    diags: Diagnostics,
    sink: &'a mut dyn FnMut(&[u8]) -> Result<(), ()>,
    /// No sink error yet.
    ok: bool,
}

impl<'a> ToJson<'a> {
    /// Hands the buffer to the sink once it holds at least `min` bytes.
    fn drain(&mut self, min: usize) {
        if self.w.out.len() >= min.max(1) {
            if self.ok {
                self.ok = (self.sink)(self.w.out.as_bytes()).is_ok();
            }
            self.w.out.clear();
        }
    }

    fn text(&self, span: Span) -> &'a str {
        self.src.get(span.range()).unwrap_or_default()
    }

    // ------------------------------------------------------------- bodies

    /// Writes `body` as one JSON object; `lead` is a comment to write
    /// first (the comments before the block it belongs to).
    fn body(&mut self, body: &NativeBodyRef<'_>, lead: Option<String>) {
        let tree = &body.file.tree;
        let visible: Vec<&Item> = body.items().collect();
        let (comments, trailing) = if self.options.comments {
            let span = tree.bodies[body.body as usize].span;
            let root = body.body == tree.root;
            self.comments(span, tree.items(body.body), &visible, root)
        } else {
            (vec![None; visible.len()], None)
        };
        let mut entries: Vec<Entry<'_>> = Vec::with_capacity(visible.len());
        let mut by_type: HashMap<&str, usize> = HashMap::new();
        for (item, comment) in visible.iter().zip(comments) {
            match item {
                Item::Attribute(a) => entries.push(Entry::Attribute(a, comment)),
                Item::Block(b) => {
                    let block = BlockRef { node: b, comment };
                    if let Some(&i) = by_type.get(b.type_name.text(self.src)) {
                        if let Entry::Blocks(blocks) = &mut entries[i] {
                            blocks.push(block);
                        }
                    } else {
                        by_type.insert(b.type_name.text(self.src), entries.len());
                        entries.push(Entry::Blocks(vec![block]));
                    }
                }
            }
        }
        self.w.begin_object();
        if let Some(lead) = lead {
            self.w.key(COMMENT);
            self.w.string(&lead);
        }
        for entry in entries {
            match entry {
                Entry::Attribute(attr, comment) => {
                    if let Some(comment) = comment {
                        self.w.key(COMMENT);
                        self.w.string(&comment);
                    }
                    self.w.key(attr.name.text(self.src));
                    self.attribute(attr);
                }
                Entry::Blocks(mut blocks) => {
                    if let Some(comment) = blocks[0].comment.take() {
                        self.w.key(COMMENT);
                        self.w.string(&comment);
                    }
                    self.w.key(blocks[0].node.type_name.text(self.src));
                    self.level(body, &mut blocks, 0);
                }
            }
            self.drain(CHUNK);
        }
        if let Some(trailing) = trailing {
            self.w.key(COMMENT);
            self.w.string(&trailing);
        }
        self.w.end_object();
    }

    /// Writes `blocks` (all of one type, with equal labels before `depth`)
    /// from label level `depth` on: an object keyed by the next label, or
    /// the bodies once the labels are done.
    fn level(&mut self, parent: &NativeBodyRef<'_>, blocks: &mut [BlockRef<'_>], depth: usize) {
        let done = blocks
            .iter()
            .filter(|b| b.node.labels.len() == depth)
            .count();
        if done == blocks.len() {
            if let [one] = blocks {
                return self.block_body(parent, one);
            }
            self.w.begin_array();
            for block in blocks.iter_mut() {
                self.w.element();
                self.block_body(parent, block);
            }
            return self.w.end_array();
        }
        if done > 0 {
            // Blocks of one type with different label counts (which no
            // schema accepts together): each on its own, in order.
            self.w.begin_array();
            for block in blocks.iter_mut() {
                self.w.element();
                self.level(parent, std::slice::from_mut(block), depth);
            }
            return self.w.end_array();
        }
        let runs = label_runs(self.src, blocks, depth);
        if runs.len() == 1 {
            return self.label_object(parent, blocks, depth);
        }
        self.w.begin_array();
        let mut start = 0;
        for end in runs {
            self.w.element();
            self.label_object(parent, &mut blocks[start..end], depth);
            start = end;
        }
        self.w.end_array();
    }

    /// One object keyed by label `depth` of `blocks`, a run of
    /// [`label_runs`]: the blocks of each label are consecutive.
    fn label_object(
        &mut self,
        parent: &NativeBodyRef<'_>,
        blocks: &mut [BlockRef<'_>],
        depth: usize,
    ) {
        self.w.begin_object();
        let mut rest = blocks;
        while !rest.is_empty() {
            let label = rest[0].node.labels[depth].text(self.src);
            // Within a run the blocks of one label are consecutive.
            let n = rest
                .iter()
                .take_while(|b| b.node.labels[depth].text(self.src) == label)
                .count();
            let (group, tail) = rest.split_at_mut(n);
            self.w.key(label);
            self.level(parent, group, depth + 1);
            rest = tail;
        }
        self.w.end_object();
    }

    fn block_body(&mut self, parent: &NativeBodyRef<'_>, block: &mut BlockRef<'_>) {
        let node = block.node;
        self.path.push(BlockFrame {
            type_name: node.type_name.text(self.src).to_string(),
            labels: node
                .labels
                .iter()
                .map(|l| l.text(self.src).to_string())
                .collect(),
        });
        let body = NativeBodyRef::new(parent.file, node.body, None);
        self.body(&body, block.comment.take());
        self.path.pop();
        self.drain(CHUNK);
    }

    /// The comments before each visible item of the body spanning `span`
    /// whose items are `body_items` (`visible`, in order), and after the
    /// last item.
    fn comments(
        &self,
        span: Span,
        body_items: &[Item],
        visible: &[&Item],
        root: bool,
    ) -> (Vec<Option<String>>, Option<String>) {
        let span = span.range();
        let mut at = if root { span.start } else { span.start + 1 };
        let end = if !root && self.src.as_bytes().get(span.end.wrapping_sub(1)) == Some(&b'}') {
            span.end - 1
        } else {
            span.end
        };
        let mut out = Vec::with_capacity(visible.len());
        let mut next = visible.iter().peekable();
        for item in body_items {
            let (start, stop) = item_extent(item);
            let comment = comment_text(self.src.get(at..start).unwrap_or_default());
            if next.peek().is_some_and(|v| std::ptr::eq(**v, item)) {
                next.next();
                out.push(comment);
            }
            at = stop.max(at);
        }
        let trailing = comment_text(self.src.get(at..end).unwrap_or_default());
        (out, trailing)
    }

    // --------------------------------------------------------- attributes

    fn attribute(&mut self, attr: &AttributeNode) {
        let mode = match self
            .options
            .schema
            .kind(&self.path, attr.name.text(self.src))
        {
            PropertyKind::Literal => Mode::Literal,
            PropertyKind::Reference => Mode::Reference,
            PropertyKind::Expression | PropertyKind::Block { .. } => Mode::Expression,
        };
        // Read once and dropped: the file keeps no tree for it.
        let expr = attr.expr_once(self.src);
        match mode {
            Mode::Expression => self.expression(&expr),
            Mode::Literal => self.literal(&expr),
            Mode::Reference => self.reference(&expr),
        }
    }

    /// An expression in full-expression mode.
    fn expression(&mut self, e: &Expr) {
        if let Some(number) = json_number(e) {
            return number.write(&mut self.w);
        }
        match &e.kind {
            ExprKind::Bool(b) => self.w.raw(if *b { "true" } else { "false" }),
            ExprKind::Null => self.w.raw("null"),
            ExprKind::Template(t) => {
                let text = self.template(t, e);
                self.w.string(&text);
            }
            ExprKind::Tuple(items) => {
                self.w.begin_array();
                for item in items {
                    self.w.element();
                    self.expression(item);
                }
                self.w.end_array();
            }
            ExprKind::Object(items) => {
                self.w.begin_object();
                for item in items {
                    let key = self.object_key(&item.key);
                    self.w.key(&key);
                    self.expression(&item.value);
                }
                self.w.end_object();
            }
            _ => {
                let text = self.interpolation(e);
                self.w.string(&text);
            }
        }
    }

    /// An object key in full-expression mode, where JSON keys are
    /// templates: an identifier is its name, a string its template, any
    /// other expression an interpolation (converted to a string when
    /// evaluated, as native syntax does).
    fn object_key(&mut self, key: &ObjectKey) -> String {
        match key {
            ObjectKey::Ident(ident) => escape_template(&ident.name),
            ObjectKey::Expr(e) => match &e.kind {
                ExprKind::Template(t) => self.template(t, e),
                _ => self.interpolation(e),
            },
        }
    }

    /// A value in literal-only mode: literal strings as their text; a
    /// value that is not a literal is written as an expression (the best
    /// JSON can do; a literal-only reader will see its text).
    fn literal(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Template(t) => match t.as_literal() {
                Some(text) => self.w.string(&text),
                None => self.expression(e),
            },
            ExprKind::Tuple(items) => {
                self.w.begin_array();
                for item in items {
                    self.w.element();
                    self.literal(item);
                }
                self.w.end_array();
            }
            ExprKind::Object(items) if items.iter().all(|i| literal_key(&i.key).is_some()) => {
                self.w.begin_object();
                for item in items {
                    self.w.key(&literal_key(&item.key).unwrap_or_default());
                    self.literal(&item.value);
                }
                self.w.end_object();
            }
            _ => self.expression(e),
        }
    }

    /// A value in a reference position: the expression's source text as a
    /// string, element by element in tuples and objects.
    fn reference(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Tuple(items) => {
                self.w.begin_array();
                for item in items {
                    self.w.element();
                    self.reference(item);
                }
                self.w.end_array();
            }
            ExprKind::Object(items) => {
                self.w.begin_object();
                for item in items {
                    let key = literal_key(&item.key)
                        .unwrap_or_else(|| self.text(item.key.span()).to_string());
                    self.w.key(&key);
                    self.reference(&item.value);
                }
                self.w.end_object();
            }
            _ => self.w.string(self.text(e.span)),
        }
    }

    // ---------------------------------------------------------- templates

    /// The JSON string content for template `t` (the expression `e`).
    fn template(&mut self, t: &Template, e: &Expr) -> String {
        let (text, from_parts) = TemplateText { src: self.src }.template(t, e);
        if from_parts && self.options.verify {
            self.verify(&text, e);
        }
        text
    }

    /// `${...}` around `e`'s source text.
    fn interpolation(&self, e: &Expr) -> String {
        TemplateText { src: self.src }.interpolation(e)
    }

    /// With `verify`: `text` must parse as a template.
    fn verify(&mut self, text: &str, e: &Expr) {
        if native::needs_template_parse(text) && native::parse_template(text).is_err() {
            self.diags.push(Diagnostic::error(
                "Cannot convert expression",
                format!("This expression was written as the JSON template {text:?}, which does not parse as a template."),
                Some(self.source.range(e.span.start as usize, e.span.end as usize)),
            ));
        }
    }
}

/// Where an item starts and ends in the file.
fn item_extent(item: &Item) -> (usize, usize) {
    match item {
        Item::Attribute(a) => (a.span.start as usize, a.span.end as usize),
        Item::Block(b) => (b.type_name.span.start as usize, b.close.end as usize),
    }
}

/// The text of the comments in `gap` (whitespace and comments between two
/// items), markers removed, one line each; `None` when there are none.
fn comment_text(gap: &str) -> Option<String> {
    let mut lines: Vec<&str> = Vec::new();
    let mut rest = gap;
    while let Some(i) = rest.find(['#', '/']) {
        let after = &rest[i..];
        if let Some(body) = after.strip_prefix('#').or_else(|| after.strip_prefix("//")) {
            let end = body.find('\n').unwrap_or(body.len());
            lines.push(body[..end].trim());
            rest = &body[end..];
        } else if let Some(body) = after.strip_prefix("/*") {
            let end = body.find("*/").unwrap_or(body.len());
            lines.extend(body[..end].lines().map(str::trim));
            rest = body.get(end + 2..).unwrap_or_default();
        } else {
            rest = &after[1..];
        }
    }
    if lines.is_empty() {
        return None;
    }
    Some(lines.join("\n"))
}

/// The ends of the runs of `blocks` that can each be one object keyed by
/// label `depth` without reordering: a run ends before a block whose label
/// is already in the run and is not the previous block's.
fn label_runs(src: &str, blocks: &[BlockRef<'_>], depth: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut last: Option<&str> = None;
    for (i, block) in blocks.iter().enumerate() {
        let label = block.node.labels[depth].text(src);
        if last != Some(label) && seen.contains(label) {
            ends.push(i);
            seen.clear();
        }
        seen.insert(label);
        last = Some(label);
    }
    ends.push(blocks.len());
    ends
}

/// How a native expression is spelled as the content of a JSON string in
/// an expression position: a template as its template text, any other
/// expression as `${...}` around its source text.
struct TemplateText<'a> {
    /// The text the expression's spans index.
    src: &'a str,
}

/// The content of a JSON string that reads back as the native expression
/// `e` (whose spans index `src`) in full-expression mode, as the
/// conversion to JSON syntax writes templates: a quoted template or
/// heredoc as its template text (`"web-${var.env}"` is `web-${var.env}`),
/// any other expression as an interpolation of its source text
/// (`aws_subnet.main.id` is `${aws_subnet.main.id}`, `2` is `${2}`).
/// `None` for a tuple or object constructor, which the conversion writes
/// as a JSON array or object, element by element.
fn json_string_text(src: &str, e: &Expr) -> Option<String> {
    let text = TemplateText { src };
    match &e.kind {
        ExprKind::Template(t) => Some(text.template(t, e).0),
        ExprKind::Tuple(_) | ExprKind::Object(_) => None,
        _ => Some(text.interpolation(e)),
    }
}

// Reading a native expression as the JSON string its conversion writes
// is this module's job, so the impl lives beside `json_string_text`.
impl<'de> serde::Deserialize<'de> for Interpolated {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Interpolated, D::Error> {
        let expr = Expression::deserialize(d)?;
        if let Some(string) = expr.json_string() {
            return Ok(Interpolated(string.text.into_owned()));
        }
        let text = match expr.native_tree() {
            Some((_, src, tree)) => json_string_text(src, tree),
            // A JSON number, bool or null: the template of that value.
            None if !expr.is_json_container() => Some(format!("${{{}}}", expr.source_text())),
            None => None,
        };
        text.map(Interpolated).ok_or_else(|| {
            serde::de::Error::custom(
                "an Interpolated attribute is a string, a number, a bool or null, not an array or an object",
            )
        })
    }
}

impl TemplateText<'_> {
    fn text(&self, span: Span) -> &str {
        self.src.get(span.range()).unwrap_or_default()
    }

    /// The JSON string content for template `t` (the expression `e`), and
    /// whether it was written from the template's parts (not a single
    /// interpolation or a literal), which is what `verify` checks.
    fn template(&self, t: &Template, e: &Expr) -> (String, bool) {
        if let Some(inner) = t.as_single_interpolation() {
            return (self.interpolation(inner), false);
        }
        if let Some(text) = t.as_literal() {
            return (escape_template(&text), false);
        }
        let mut out = String::with_capacity(e.span.len() as usize);
        // When the parts cannot be written as a JSON template meaning the
        // same (see `parts`), the whole template is one interpolation: a
        // string-valued expression, unwrapped to that same string.
        let text = if self.parts(&t.parts, &mut out) && !single_after_stripping(&t.parts) {
            out
        } else {
            self.interpolation(e)
        };
        (text, true)
    }

    /// Appends the template text of `parts`. Literal parts are final
    /// (escapes decoded, strip markers and heredoc indentation applied),
    /// so they are written as plain text and the markers without strip
    /// markers. False where a literal's last character would join the
    /// marker after it into an escape (`a$` then `${x}`).
    fn parts(&self, parts: &[TemplatePart], out: &mut String) -> bool {
        for part in parts {
            let ok = match part {
                TemplatePart::Literal { text, .. } => {
                    escape_template_into(text, out);
                    true
                }
                TemplatePart::Interpolation { expr, .. } => {
                    marker(out, "${") && {
                        self.push_source(expr, out);
                        out.push('}');
                        true
                    }
                }
                TemplatePart::If(i) => {
                    marker(out, "%{")
                        && {
                            out.push_str("if ");
                            self.push_source(&i.cond, out);
                            out.push('}');
                            self.parts(&i.then.parts, out)
                        }
                        && match &i.otherwise {
                            Some(o) => {
                                marker(out, "%{") && {
                                    out.push_str("else}");
                                    self.parts(&o.parts, out)
                                }
                            }
                            None => true,
                        }
                        && marker(out, "%{")
                        && {
                            out.push_str("endif}");
                            true
                        }
                }
                TemplatePart::For(f) => {
                    marker(out, "%{")
                        && {
                            out.push_str("for ");
                            if let Some(k) = &f.key_var {
                                out.push_str(&k.name);
                                out.push_str(", ");
                            }
                            out.push_str(&f.value_var.name);
                            out.push_str(" in ");
                            self.push_source(&f.collection, out);
                            out.push('}');
                            self.parts(&f.body.parts, out)
                        }
                        && marker(out, "%{")
                        && {
                            out.push_str("endfor}");
                            true
                        }
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// `${...}` around `e`'s source text.
    fn interpolation(&self, e: &Expr) -> String {
        let mut out = String::with_capacity(e.span.len() as usize + 3);
        out.push_str("${");
        self.push_source(e, &mut out);
        out.push('}');
        out
    }

    /// Appends `e`'s source text, then a newline when it ends in a heredoc
    /// (whose closing marker must end its line).
    fn push_source(&self, e: &Expr, out: &mut String) {
        let text = self.text(e.span);
        out.push_str(text);
        if text.contains("<<") && !text.ends_with('\n') {
            out.push('\n');
        }
    }
}

/// Pushes a template marker (`${` or `%{`) unless the text before it ends
/// with the same sigil, which would make the two an escape.
fn marker(out: &mut String, marker: &str) -> bool {
    if out.ends_with(&marker[..1]) {
        return false;
    }
    out.push_str(marker);
    true
}

/// Whether `parts`, written without their strip markers, would read as a
/// single interpolation (which unwraps) when the template is not one: an
/// interpolation whose surrounding text strip markers removed.
fn single_after_stripping(parts: &[TemplatePart]) -> bool {
    let mut interpolations = 0;
    for part in parts {
        match part {
            TemplatePart::Literal { text, .. } if text.is_empty() => {}
            TemplatePart::Interpolation { .. } => interpolations += 1,
            _ => return false,
        }
    }
    interpolations == 1
}

/// A literal key of an object constructor: an identifier or a string
/// without interpolations.
fn literal_key(key: &ObjectKey) -> Option<String> {
    match key {
        ObjectKey::Ident(ident) => Some(ident.name.to_string()),
        ObjectKey::Expr(Expr {
            kind: ExprKind::Template(t),
            ..
        }) => t.as_literal(),
        ObjectKey::Expr(_) => None,
    }
}

/// A number literal, possibly negated, written as JSON writes numbers.
struct JsonNumber<'e> {
    negative: bool,
    text: &'e str,
}

impl JsonNumber<'_> {
    fn write(&self, w: &mut JsonWriter) {
        if self.negative {
            w.raw("-");
            w.raw(self.text);
        } else {
            w.raw(self.text);
        }
    }
}

/// `e` as a JSON number when it is a number literal (or a negated one)
/// whose text JSON's number grammar accepts as it is.
fn json_number(e: &Expr) -> Option<JsonNumber<'_>> {
    let (negative, inner) = match &e.kind {
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => (true, &**operand),
        _ => (false, e),
    };
    match &inner.kind {
        ExprKind::Number(text) if is_json_number(text) && !(negative && text.starts_with('-')) => {
            Some(JsonNumber { negative, text })
        }
        _ => None,
    }
}

/// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
fn is_json_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let int_start = i;
    let n = digits(&mut i);
    if n == 0 || (n > 1 && b[int_start] == b'0') {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// `text` as a template's literal text.
fn escape_template(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_template_into(text, &mut out);
    out
}

/// Appends `text` so that a template reads it back as exactly that text:
/// a `{` after `$` or `%` (`${`, `%{`, also across the end of what `out`
/// already holds) gets its sigil doubled (`$${`, `%%{`).
fn escape_template_into(text: &str, out: &mut String) {
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c != '{' {
            continue;
        }
        out.push_str(&text[start..i]);
        if out.ends_with('$') {
            out.push('$');
        } else if out.ends_with('%') {
            out.push('%');
        }
        start = i;
    }
    out.push_str(&text[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_numbers_are_those_of_the_json_grammar() {
        for ok in [
            "0",
            "1",
            "-1",
            "1.5",
            "10e3",
            "1E-2",
            "0.25e+7",
            "123456789012345678901234567890",
        ] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in ["", "-", "01", "1.", ".5", "1e", "1e+", "0x1", "1.5.2", "+1"] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    #[test]
    fn template_sigils_are_doubled_also_across_appends() {
        assert_eq!(
            escape_template("a ${b} %{c} $d {e}"),
            "a $${b} %%{c} $d {e}"
        );
        assert_eq!(escape_template("$${"), "$$${");
        let mut out = "x$".to_string();
        escape_template_into("{y}", &mut out);
        assert_eq!(out, "x$${y}");
    }

    #[test]
    fn comment_text_takes_every_comment_style_without_markers() {
        assert_eq!(comment_text("\n  \n"), None);
        assert_eq!(
            comment_text(" # one\n  // two \n /* three\n   four */\n"),
            Some("one\ntwo\nthree\nfour".into())
        );
    }
}
