//! Converting JSON syntax to native syntax text ("eject"): a parsed JSON
//! [`Body`] written as `.tf` / `.hcl` text.
//!
//! This module owns the walk of the parsed node tree (never the JSON
//! text), the layout of the text it writes, and the [`NativeSchema`](crate::convert::NativeSchema)s that
//! say what each property is; what each item becomes is documented on
//! [`to_native_string`].

mod text;

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::io;

use super::schema::{BlockFrame, PropertyKind};
use super::ConvertOptions;
use crate::body::Body;
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::encode::writer::JsonWriter;
use crate::format::native_unchecked;
use crate::json::{FileData, NodeId, NodeKind, Prop};
use crate::native::ident::is_identifier;
use crate::native::{self, needs_template_parse};
use text::{is_bare_key, push_literal_string, push_template_string};

/// The name of the comment property of JSON bodies.
const COMMENT: &str = "//";

/// A tuple of scalars stays on one line up to this many columns.
const TUPLE_WIDTH: usize = 80;

/// Tuples and objects nested this many levels deep are written on one
/// line: deeper indentation would make the text of a hostile, deeply
/// nested value hundreds of times its JSON's size.
const FLAT_DEPTH: usize = 32;

/// Converts a JSON-syntax body (a file's [`File::body`](crate::body::File::body))
/// to native-syntax text.
///
/// The conversion walks the parsed node tree (never the JSON text): every
/// property of a body is an attribute or a block as a [`NativeSchema`](crate::convert::NativeSchema)
/// says ([`TerraformSchema`](crate::convert::TerraformSchema) by default), blocks are unpacked from their
/// label levels the way HCL reads them (arrays at any level keep their
/// order and become repeated blocks), and each value is written according
/// to how HCL reads it in that position:
///
/// - **expression** positions: `null`, booleans and numbers as they are
///   (a number keeps its exact source text); a string is a template, so
///   one whose whole content is a single `${...}` is unwrapped to the bare
///   expression (exact: HCL gives such a template the expression's value
///   unconverted, in JSON and native syntax alike), any other is written
///   as a quoted template with its template escapes (`$${`, `%%{`) kept;
///   objects are object constructors (keys bare when they are identifiers,
///   quoted templates otherwise) and arrays tuples;
/// - **literal-only** positions: strings come back as exactly their text,
///   `${` written `$${` and `%{` `%%{`;
/// - **reference** positions (`depends_on`, `provider`, `type`, ...): the
///   string's content is the native expression itself.
///
/// A JSON object may repeat a key where HCL reads it as a body (Packer's
/// templates do: `"source": {"file": {...}, "file": {...}}`), and an
/// attribute can be written only once. So a property the schema calls an
/// attribute is written as blocks (without labels) when its name repeats
/// in its body or its object value repeats a key at any depth, provided
/// its value is an object or an array of objects: nothing is lost, and the
/// native text reads back to the same JSON. A repeated key whose values
/// are not objects is still a "Duplicate argument" or "Duplicate object
/// attribute" error.
///
/// `"//"` properties of bodies become `#` comments on the item after them.
///
/// Layout is `terraform fmt`'s, the text being passed through
/// [`format::native`](crate::format::native)'s rules: two-space indent, `=` aligned across a run
/// of consecutive single-line attributes (a multi-line value, a comment or
/// a block ends the run), a blank line around every block, objects written
/// one item per line, tuples on one line when they hold only scalars and
/// their one-line form is at most 80 characters, else one element per
/// line with a trailing comma. Values nested more than 32 levels deep are
/// written on one line (`[[1, 2], { a = 1, b = 2 }]`), so that indentation
/// cannot blow a hostile file's text up.
///
/// Every problem found (a name that native syntax cannot write as an
/// attribute, a block whose JSON does not have the shape its schema calls
/// for, a template or reference string that does not parse) is reported at
/// once, each with the range of the JSON at fault.
///
/// ```
/// use hcl_json::ConvertOptions;
///
/// let src = r#"{
///   "resource": {"aws_instance": {"web": {
///     "ami": "${data.aws_ami.ubuntu.id}",
///     "instance_type": "t3.micro",
///     "depends_on": ["aws_vpc.main"]
///   }}}
/// }"#;
/// let file = hcl_json::parse(src, "main.tf.json")?;
/// let text = hcl_json::to_native_string(&file.body(), &ConvertOptions::terraform())?;
/// assert_eq!(text, r#"resource "aws_instance" "web" {
///   ami           = data.aws_ami.ubuntu.id
///   instance_type = "t3.micro"
///   depends_on    = [aws_vpc.main]
/// }
/// "#);
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn to_native_string(body: &Body, options: &ConvertOptions) -> Result<String, Error> {
    let mut out = String::with_capacity(body.range().bytes().len());
    convert(body, options, &mut |chunk| {
        out.push_str(chunk);
        Ok(())
    })?;
    Ok(out)
}

/// Like [`to_native_string`], written to `writer` as the conversion goes:
/// each top-level block is written when it is done, so memory stays near
/// that of the parsed file rather than growing with the output.
///
/// When the conversion fails, writing stops at the first problem; what was
/// written before it stays written.
pub fn to_native_writer<W: io::Write>(
    mut writer: W,
    body: &Body,
    options: &ConvertOptions,
) -> Result<(), Error> {
    let mut io_error = None;
    let result = convert(body, options, &mut |chunk| {
        writer.write_all(chunk.as_bytes()).map_err(|e| {
            io_error = Some(e.to_string());
        })
    });
    if let Some(e) = io_error {
        return Err(Error::new(Diagnostic::error(
            "Cannot write output",
            format!("Writing the native syntax text failed: {e}."),
            None,
        )));
    }
    result?;
    writer.flush().map_err(|e| {
        Error::new(Diagnostic::error(
            "Cannot write output",
            format!("Writing the native syntax text failed: {e}."),
            None,
        ))
    })
}

/// Converts `body`, handing the text to `sink` one top-level item at a
/// time; after a sink error nothing more is written, and the conversion
/// ends at the next top-level property.
fn convert<'a>(
    body: &'a Body,
    options: &'a ConvertOptions,
    sink: &'a mut dyn FnMut(&str) -> Result<(), ()>,
) -> Result<(), Error> {
    let (file, props) = json_body(body)?;
    let mut conv = Converter {
        file,
        options,
        path: Vec::new(),
        diags: Diagnostics::new(),
        tangled: HashSet::new(),
        promoted: 0,
        stream: Stream {
            layout: Layout::default(),
            chunk: String::new(),
            sink,
            ok: true,
        },
    };
    let mut entries = Vec::new();
    let mut attributes = HashMap::new();
    let repeated = conv.repeated_names(&props);
    for prop in &props {
        if !conv.stream.ok {
            break;
        }
        conv.item(*prop, 0, &repeated, &mut attributes, &mut entries);
    }
    conv.flush(&mut entries);
    let Converter { diags, .. } = conv;
    diags
        .into_result(())
        .map_err(|e| e.with_source(file.source.clone()))
}

/// The parsed file of `body` and the top-level properties to convert (all
/// but those hidden by partial processing): the one place this module
/// reaches into the body model. Only a JSON-syntax body has something to
/// convert; a native or merged body is refused with a diagnostic.
fn json_body(body: &Body) -> Result<(&FileData, Vec<Prop>), Error> {
    match body.as_json() {
        Some(json) => Ok((json.file, json.visible_props())),
        None => Err(Error::new(Diagnostic::error(
            "Not a JSON-syntax body",
            "Conversion to native syntax reads a body parsed from JSON syntax; this body is native syntax or several bodies merged. Convert each JSON file on its own.",
            Some(body.range()),
        ))),
    }
}

/// What a value's repeated keys mean for writing it (ordered: the worst
/// state of a value's parts is the value's).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tangle {
    /// No object in it repeats a key.
    Clean,
    /// Some object repeats a key, and every repeated key holds objects:
    /// written as blocks, nothing is lost.
    Fixable,
    /// Some object repeats a key that holds something else: an error
    /// however it is written.
    Broken,
}

/// How a value is read in its position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Expression,
    Literal,
    Reference,
}

/// One item of a body, rendered, waiting for layout.
enum Entry {
    /// `# ...` lines (without indentation).
    Comment(Vec<String>),
    /// `name = value`; `value` has the item's indentation after its first
    /// line.
    Attribute { name: String, value: String },
    /// A whole block, its first line without indentation.
    Block(String),
}

struct Converter<'a> {
    file: &'a FileData,
    options: &'a ConvertOptions,
    /// The blocks around the body being written.
    path: Vec<BlockFrame>,
    diags: Diagnostics,
    /// The object and array nodes walked so far whose value repeats a key
    /// at some depth: see [`to_native_string`].
    tangled: HashSet<NodeId>,
    /// How many blocks around the body being written are attributes
    /// written as blocks; inside them, [`tangled`](Self::tangled) already
    /// knows every node.
    promoted: usize,
    /// Where finished top-level items go.
    stream: Stream<'a>,
}

/// The output of the top-level body, written item by item.
struct Stream<'a> {
    layout: Layout,
    chunk: String,
    sink: &'a mut dyn FnMut(&str) -> Result<(), ()>,
    /// No sink error yet.
    ok: bool,
}

/// The header of the blocks being unpacked from one property.
struct BlockHeader<'a> {
    type_name: Cow<'a, str>,
    /// The property name, the subject of problems with the labels.
    type_node: NodeId,
    labels: Vec<Cow<'a, str>>,
    indent: usize,
}

impl<'a> Converter<'a> {
    /// A property's name (decoded now if it has escapes).
    fn name(&self, prop: Prop) -> Cow<'a, str> {
        self.file.str(prop.name()).unwrap_or_default()
    }

    // ------------------------------------------------------------- bodies

    /// Writes the items of a body whose properties are `props`, at
    /// `indent` levels.
    fn body(&mut self, props: &[Prop], indent: usize, out: &mut String) {
        let mut entries = Vec::with_capacity(props.len());
        let mut attributes = HashMap::new();
        let repeated = self.repeated_names(props);
        for prop in props {
            self.item(*prop, indent, &repeated, &mut attributes, &mut entries);
        }
        Layout::default().write(&entries, indent, out);
    }

    /// Renders one property of a body at `indent` levels: a comment, an
    /// attribute or the blocks it holds.
    ///
    /// `attributes` are the attribute names seen so far in this body: an
    /// attribute may be defined once (blocks may repeat).
    fn item(
        &mut self,
        prop: Prop,
        indent: usize,
        repeated: &HashSet<Cow<'a, str>>,
        attributes: &mut HashMap<Cow<'a, str>, NodeId>,
        entries: &mut Vec<Entry>,
    ) {
        let name = self.name(prop);
        if name == COMMENT {
            entries.push(Entry::Comment(self.comment(prop.value)));
            return;
        }
        let mode = match self.options.schema.kind(&self.path, &name) {
            PropertyKind::Block { labels } => return self.blocks(prop, labels, indent, entries),
            PropertyKind::Expression => Mode::Expression,
            PropertyKind::Literal => Mode::Literal,
            PropertyKind::Reference => Mode::Reference,
        };
        if self.must_be_blocks(prop, repeated.contains(&name)) {
            self.promoted += 1;
            self.blocks(prop, 0, indent, entries);
            self.promoted -= 1;
            return;
        }
        if let Some(&first) = attributes.get(&name) {
            let detail = format!(
                "The argument {name:?} was already set at {}.",
                self.file.range(first)
            );
            return self.error("Duplicate argument", &detail, prop.name());
        }
        attributes.insert(name, prop.name());
        self.attribute(prop, mode, indent, entries);
    }

    /// The names that occur more than once among `props` (empty, without
    /// allocating, when none does).
    fn repeated_names(&self, props: &[Prop]) -> HashSet<Cow<'a, str>> {
        let mut repeated = HashSet::new();
        if props.len() < 2 {
            return repeated;
        }
        let mut seen = HashSet::with_capacity(props.len());
        for prop in props {
            let name = self.name(*prop);
            if !seen.insert(name.clone()) {
                repeated.insert(name);
            }
        }
        repeated
    }

    /// Whether a property the schema calls an attribute must be written as
    /// blocks to keep all of it: its value is an object or an array of
    /// objects, its name repeats in its body (`repeated`) or its value
    /// repeats a key at some depth, and every repeated key there holds
    /// objects too (else blocks would not help, and the duplicate is
    /// reported as it is).
    fn must_be_blocks(&mut self, prop: Prop, repeated: bool) -> bool {
        if !self.block_shaped(prop.value) {
            return false;
        }
        let state = if self.promoted > 0 {
            // Inside a value already walked, where nothing is broken.
            if self.tangled.contains(&prop.value) {
                Tangle::Fixable
            } else {
                Tangle::Clean
            }
        } else {
            self.walk(prop.value)
        };
        match state {
            Tangle::Clean => repeated,
            Tangle::Fixable => true,
            Tangle::Broken => false,
        }
    }

    /// Whether `node` can be written as blocks: an object or a non-empty
    /// array of objects.
    fn block_shaped(&self, node: NodeId) -> bool {
        let file = self.file;
        match file.kind(node) {
            NodeKind::Object { .. } => true,
            NodeKind::Array { first, len } => {
                len > 0
                    && file
                        .elements(first, len)
                        .iter()
                        .all(|&e| matches!(file.kind(e), NodeKind::Object { .. }))
            }
            _ => false,
        }
    }

    /// Whether the value `node` repeats a key at some depth, and whether
    /// blocks can hold what it repeats; records every object and array
    /// node below it (itself included) that is [`Tangle::Fixable`] in
    /// [`tangled`](Self::tangled): one walk per attribute value, so the
    /// blocks written from a tangled value ask the set, not a new walk.
    fn walk(&mut self, node: NodeId) -> Tangle {
        let file = self.file;
        let state = match file.kind(node) {
            NodeKind::Object { first, len } => {
                let props = file.properties(first, len);
                let mut state = Tangle::Clean;
                for prop in props {
                    state = state.max(self.walk(prop.value));
                }
                state.max(self.repeated_keys(props))
            }
            NodeKind::Array { first, len } => {
                let mut state = Tangle::Clean;
                for &element in file.elements(first, len) {
                    state = state.max(self.walk(element));
                }
                state
            }
            _ => Tangle::Clean,
        };
        if state == Tangle::Fixable {
            self.tangled.insert(node);
        }
        state
    }

    /// Whether an object's properties name a key twice ([`Tangle::Clean`]
    /// if not), and if so whether every repeated key holds objects.
    fn repeated_keys(&self, props: &[Prop]) -> Tangle {
        if props.len() < 2 {
            return Tangle::Clean;
        }
        let fixable = |names: &HashSet<Cow<'a, str>>| {
            let all_blocks = props
                .iter()
                .filter(|p| names.contains(&self.name(**p)))
                .all(|p| self.block_shaped(p.value));
            if all_blocks {
                Tangle::Fixable
            } else {
                Tangle::Broken
            }
        };
        if props.len() <= 8 {
            let repeats = (1..props.len()).any(|i| {
                let name = self.name(props[i]);
                props[..i].iter().any(|p| self.name(*p) == name)
            });
            if !repeats {
                return Tangle::Clean;
            }
        }
        let names = self.repeated_names(props);
        if names.is_empty() {
            Tangle::Clean
        } else {
            fixable(&names)
        }
    }

    /// The lines of a `"//"` comment: a string's lines, or any other
    /// value as compact JSON.
    fn comment(&self, value: NodeId) -> Vec<String> {
        let text = if let Some(s) = self.file.str(value) {
            s.to_string()
        } else {
            let mut w = JsonWriter::new(false);
            crate::encode::raw::node(&mut w, self.file, value);
            w.finish()
        };
        text.lines().map(|l| l.trim_end().to_string()).collect()
    }

    fn attribute(&mut self, prop: Prop, mode: Mode, indent: usize, entries: &mut Vec<Entry>) {
        let name = self.name(prop).to_string();
        if !is_identifier(&name) {
            self.error(
                "Invalid attribute name",
                &format!(
                    "The property {name:?} is an attribute here, and native syntax only allows identifiers (letters, digits, `_` and `-`, not starting with a digit) as attribute names."
                ),
                prop.name(),
            );
            return;
        }
        let mut value = String::new();
        self.value(prop.value, mode, indent, &mut value);
        if self.options.verify {
            self.verify_expression(&value, prop.value);
        }
        entries.push(Entry::Attribute { name, value });
    }

    /// Unpacks the blocks of property `prop` (`labels` label levels) and
    /// renders each.
    fn blocks(&mut self, prop: Prop, labels: usize, indent: usize, entries: &mut Vec<Entry>) {
        let type_name = self.name(prop);
        if !is_identifier(&type_name) {
            self.error(
                "Invalid block type name",
                &format!(
                    "The property {type_name:?} is a block type here, and native syntax only allows identifiers as block type names."
                ),
                prop.name(),
            );
            return;
        }
        let mut header = BlockHeader {
            type_name,
            type_node: prop.name(),
            labels: Vec::with_capacity(labels),
            indent,
        };
        self.unpack(prop.value, labels, &mut header, entries);
    }

    /// Peels label levels off `value` (`left` more to go) and renders each
    /// block found, in order: HCL's reading of nested block objects
    /// (HCL's JSON syntax specification, "Blocks").
    fn unpack(
        &mut self,
        value: NodeId,
        left: usize,
        header: &mut BlockHeader<'a>,
        entries: &mut Vec<Entry>,
    ) {
        let file = self.file;
        if left > 0 && !self.has_labels(value) {
            let detail = format!(
                "At least one object property is required, whose name represents a label of the {} block.",
                header.type_name
            );
            return self.error("Missing block label", &detail, value);
        }
        let elements: &[NodeId] = match file.kind(value) {
            NodeKind::Null => return,
            NodeKind::Object { .. } => std::slice::from_ref(&value),
            NodeKind::Array { first, len } => file.elements(first, len),
            _ => {
                self.not_object(value, left > 0);
                return;
            }
        };
        for &element in elements {
            match file.kind(element) {
                NodeKind::Object { first, len } if left > 0 => {
                    for prop in file.properties(first, len) {
                        header.labels.push(self.name(*prop));
                        self.unpack(prop.value, left - 1, header, entries);
                        header.labels.pop();
                    }
                }
                NodeKind::Object { .. } | NodeKind::Null if left == 0 => {
                    let text = self.block(header, element);
                    entries.push(Entry::Block(text));
                    if header.indent == 0 {
                        // Top-level blocks go out as soon as they are done.
                        self.flush(entries);
                    }
                }
                NodeKind::Null => {}
                _ => self.not_object(element, left > 0),
            }
        }
    }

    /// Whether a label level has a property to read a label from, as HCL
    /// requires (an empty object, an empty array or `null` there is a
    /// "Missing block label"); a value of the wrong type is reported by
    /// [`unpack`](Self::unpack) instead.
    fn has_labels(&self, value: NodeId) -> bool {
        let file = self.file;
        let non_empty = |id: NodeId| match file.kind(id) {
            NodeKind::Object { len, .. } => len > 0,
            NodeKind::Null => false,
            _ => true,
        };
        match file.kind(value) {
            NodeKind::Array { first, len } => {
                file.elements(first, len).iter().any(|&e| non_empty(e))
            }
            _ => non_empty(value),
        }
    }

    /// Renders one block: its header line, its body, its closing brace.
    fn block(&mut self, header: &BlockHeader<'a>, body: NodeId) -> String {
        let mut text = String::new();
        text.push_str(&header.type_name);
        for label in &header.labels {
            text.push(' ');
            let start = text.len();
            push_literal_string(&mut text, label);
            if self.options.verify {
                let quoted = text[start..].to_string();
                self.verify_literal(&quoted, label, header.type_node);
            }
        }
        let props = match self.file.kind(body) {
            NodeKind::Object { first, len } => self.file.properties(first, len),
            _ => &[],
        };
        if props.is_empty() {
            text.push_str(" {}");
            return text;
        }
        text.push_str(" {\n");
        self.path.push(BlockFrame {
            type_name: header.type_name.to_string(),
            labels: header.labels.iter().map(ToString::to_string).collect(),
        });
        self.body(props, header.indent + 1, &mut text);
        self.path.pop();
        push_indent(&mut text, header.indent);
        text.push('}');
        text
    }

    /// At the top level, lays out and hands `entries` to the sink.
    fn flush(&mut self, entries: &mut Vec<Entry>) {
        let stream = &mut self.stream;
        stream.layout.write(entries, 0, &mut stream.chunk);
        entries.clear();
        if stream.ok && !self.diags.has_errors() {
            // The formatter has the last word on spacing, so converted,
            // encoded and formatted text share one layout. A chunk ends
            // with a block, where no alignment run crosses, so chunks are
            // formatted one at a time.
            let text = native_unchecked(&stream.chunk);
            stream.ok = (stream.sink)(&text).is_ok();
        }
        stream.chunk.clear();
    }

    // ------------------------------------------------------------- values

    /// Appends the native form of value `node`, read in `mode`; lines after
    /// the first are indented for an item at `indent` levels.
    fn value(&mut self, node: NodeId, mode: Mode, indent: usize, out: &mut String) {
        let file = self.file;
        match file.kind(node) {
            NodeKind::Null | NodeKind::Bool(_) | NodeKind::Number => out.push_str(file.raw(node)),
            NodeKind::String => {
                let s = &*file.str(node).unwrap_or_default();
                match mode {
                    Mode::Literal => push_literal_string(out, s),
                    Mode::Expression => self.template(node, s, indent, out),
                    Mode::Reference => self.reference(s, indent, out),
                }
            }
            NodeKind::Array { first, len } => {
                let elements = file.elements(first, len);
                self.tuple(elements, mode, indent, out);
            }
            NodeKind::Object { first, len } => {
                let props = file.properties(first, len);
                self.object(props, mode, indent, out);
            }
        }
    }

    /// A string in an expression position: the template it is.
    fn template(&mut self, node: NodeId, s: &str, indent: usize, out: &mut String) {
        if !needs_template_parse(s) {
            // Plain text: no template sequence to keep or escape.
            push_literal_string(out, s);
            return;
        }
        match native::parse_template(s) {
            Ok(template) => match template.as_single_interpolation() {
                Some(expr) => push_expression(out, &s[expr.span.range()], indent),
                None => push_template_string(out, s, &template),
            },
            Err(errors) => self.syntax_errors(node, &errors),
        }
    }

    /// A string in a reference position: its content is an expression
    /// (`"${...}"` around it allowed).
    fn reference(&mut self, s: &str, indent: usize, out: &mut String) {
        if needs_template_parse(s) {
            if let Ok(template) = native::parse_template(s) {
                if let Some(expr) = template.as_single_interpolation() {
                    push_expression(out, &s[expr.span.range()], indent);
                    return;
                }
            }
        }
        match native::parse_expression(s) {
            Ok(expr) => push_expression(out, &s[expr.span.range()], indent),
            // Not an expression: the legacy quoted forms (`"*"` in
            // `ignore_changes`) that Terraform also reads from native
            // quoted strings, so the string is kept as it is.
            Err(_) => push_literal_string(out, s),
        }
    }

    fn tuple(&mut self, elements: &[NodeId], mode: Mode, indent: usize, out: &mut String) {
        if elements.is_empty() {
            out.push_str("[]");
            return;
        }
        let mut items = Vec::with_capacity(elements.len());
        for &element in elements {
            let mut item = String::new();
            self.value(element, mode, indent + 1, &mut item);
            items.push(item);
        }
        let scalars = elements.iter().all(|&e| {
            !matches!(
                self.file.kind(e),
                NodeKind::Array { .. } | NodeKind::Object { .. }
            )
        });
        let width: usize = items.iter().map(|i| i.len() + 2).sum();
        let short = scalars && width <= TUPLE_WIDTH && items.iter().all(|i| !i.contains('\n'));
        if short || indent >= FLAT_DEPTH {
            out.push('[');
            out.push_str(&items.join(", "));
            out.push(']');
            return;
        }
        out.push_str("[\n");
        for item in items {
            push_indent(out, indent + 1);
            out.push_str(&item);
            out.push_str(",\n");
        }
        push_indent(out, indent);
        out.push(']');
    }

    fn object(&mut self, props: &[Prop], mode: Mode, indent: usize, out: &mut String) {
        if props.is_empty() {
            out.push_str("{}");
            return;
        }
        let mut entries = Vec::with_capacity(props.len());
        let mut names = HashMap::new();
        for prop in props {
            self.check_duplicate(prop.name(), &mut names);
            let mut key = String::new();
            self.key(prop.name(), mode, indent + 1, &mut key);
            let mut value = String::new();
            self.value(prop.value, mode, indent + 1, &mut value);
            entries.push(Entry::Attribute { name: key, value });
        }
        if indent >= FLAT_DEPTH {
            out.push('{');
            for (i, entry) in entries.iter().enumerate() {
                if let Entry::Attribute { name, value } = entry {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(name);
                    out.push_str(" = ");
                    out.push_str(value);
                }
            }
            out.push('}');
            return;
        }
        out.push_str("{\n");
        Layout::default().write(&entries, indent + 1, out);
        push_indent(out, indent);
        out.push('}');
    }

    /// A JSON object read as an expression may not name a property twice
    /// (HCL's JSON syntax specification), and a native object constructor keeps the
    /// last one silently, so a name that repeats is an error here.
    ///
    /// Names are compared as written: two template names that differ in
    /// text but evaluate to the same string (`"${x}"` and `"X"`) are an
    /// error when the JSON is evaluated and not in the native text, which
    /// cannot be known before evaluation.
    fn check_duplicate(&mut self, name: NodeId, names: &mut HashMap<Cow<'a, str>, NodeId>) {
        let text = self.file.str(name).unwrap_or_default();
        if let Some(&first) = names.get(&text) {
            let detail = format!(
                "An attribute named {text:?} was already defined at {}; a JSON object may define each name once.",
                self.file.range(first)
            );
            self.error("Duplicate object attribute", &detail, name);
        } else {
            names.insert(text, name);
        }
    }

    /// An object constructor's key: bare when it is an identifier, else
    /// quoted (a template in expression mode, literal text otherwise); in
    /// reference mode a key that is a traversal (`aws.west` in a module's
    /// `providers`) is written as one.
    fn key(&mut self, node: NodeId, mode: Mode, indent: usize, out: &mut String) {
        let s = &*self.file.str(node).unwrap_or_default();
        if is_bare_key(s) {
            out.push_str(s);
            return;
        }
        match mode {
            Mode::Expression if needs_template_parse(s) => match native::parse_template(s) {
                Ok(template) => push_template_string(out, s, &template),
                Err(errors) => self.syntax_errors(node, &errors),
            },
            Mode::Reference if native::parse_expression(s).is_ok() => {
                push_expression(out, s, indent);
            }
            _ => push_literal_string(out, s),
        }
    }

    // -------------------------------------------------------- diagnostics

    #[cold]
    fn error(&mut self, summary: &str, detail: &str, node: NodeId) {
        self.diags.push(Diagnostic::error(
            summary,
            detail,
            Some(self.file.value_subject(node)),
        ));
    }

    #[cold]
    fn not_object(&mut self, node: NodeId, label_level: bool) {
        let block = self
            .path
            .last()
            .map_or(String::new(), |f| format!(" inside {}", f.type_name));
        let detail = if label_level {
            format!("A JSON object (or an array of objects) is required here, whose property names are the labels of the blocks{block}.")
        } else {
            format!("A JSON object (or an array of objects) is required here, holding the body of a block{block}.")
        };
        self.error("Incorrect JSON value type", &detail, node);
    }

    /// Syntax errors of a string's content, located in the file.
    #[cold]
    fn syntax_errors(&mut self, node: NodeId, errors: &[native::SyntaxError]) {
        let file = self.file;
        for e in errors {
            self.diags.push(e.to_diagnostic(|span| {
                file.string_range(node, span.start as usize, span.end as usize)
            }));
        }
    }

    /// `verify`: the value written for `node` must parse as an expression.
    fn verify_expression(&mut self, text: &str, node: NodeId) {
        if let Err(errors) = native::parse_expression(text) {
            let detail = format!(
                "The native text written for this value, `{text}`, does not parse: {}. This is a bug in the converter.",
                errors.first().map_or(String::new(), |e| e.detail.clone())
            );
            self.error("Invalid native expression written", &detail, node);
        }
    }

    /// `verify`: the quoted string written for `text` must read back as it.
    fn verify_literal(&mut self, quoted: &str, text: &str, node: NodeId) {
        let back = native::parse_expression(quoted)
            .ok()
            .and_then(|e| match e.kind {
                native::ExprKind::Template(t) => t.as_literal(),
                _ => None,
            });
        if back.as_deref() != Some(text) {
            let detail = format!(
                "The quoted string written for {text:?}, {quoted}, does not read back as the same text. This is a bug in the converter."
            );
            self.error("Invalid native string written", &detail, node);
        }
    }
}

/// Appends an expression's source text: as it is on one line, in
/// parentheses (where newlines are free) when it spans several, the
/// closing one on a line of its own (a `#` comment may end the text).
fn push_expression(out: &mut String, text: &str, indent: usize) {
    let text = text.trim();
    if text.contains('\n') {
        out.push('(');
        out.push_str(text);
        out.push('\n');
        push_indent(out, indent);
        out.push(')');
    } else {
        out.push_str(text);
    }
}

fn push_indent(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

/// Lays out a body's (or an object constructor's) entries at `indent`:
/// comments stick to the next item, a blank line separates a block from
/// its neighbours, and `=` signs line up across each run of single-line
/// attributes not interrupted by a comment.
#[derive(Default)]
struct Layout {
    /// Whether the last item written was a block (`None`: nothing yet).
    previous_block: Option<bool>,
}

impl Layout {
    fn write(&mut self, entries: &[Entry], indent: usize, out: &mut String) {
        let mut i = 0;
        while i < entries.len() {
            // An item: its leading comments, then the attribute or block.
            let start = i;
            while matches!(entries.get(i), Some(Entry::Comment(_))) {
                i += 1;
            }
            let item = entries.get(i);
            let is_block = matches!(item, Some(Entry::Block(_)));
            if self.previous_block.is_some_and(|p| is_block || p) {
                out.push('\n');
            }
            for entry in &entries[start..i] {
                if let Entry::Comment(lines) = entry {
                    push_comment(out, lines, indent);
                }
            }
            let Some(item) = item else { break };
            match item {
                Entry::Block(text) => {
                    push_indent(out, indent);
                    out.push_str(text);
                    out.push('\n');
                    i += 1;
                }
                Entry::Attribute { .. } => {
                    // The run of single-line attributes starting here.
                    let mut end = i + 1;
                    if is_single_line(item) {
                        while entries.get(end).is_some_and(is_single_line) {
                            end += 1;
                        }
                    }
                    let width = entries[i..end]
                        .iter()
                        .map(|e| match e {
                            Entry::Attribute { name, .. } => name.chars().count(),
                            _ => 0,
                        })
                        .max()
                        .unwrap_or(0);
                    for entry in &entries[i..end] {
                        if let Entry::Attribute { name, value } = entry {
                            push_indent(out, indent);
                            out.push_str(name);
                            for _ in name.chars().count()..width {
                                out.push(' ');
                            }
                            out.push_str(" = ");
                            out.push_str(value);
                            out.push('\n');
                        }
                    }
                    i = end;
                }
                // Comments were consumed above.
                Entry::Comment(_) => i += 1,
            }
            self.previous_block = Some(matches!(entries[i - 1], Entry::Block(_)));
        }
    }
}

fn is_single_line(entry: &Entry) -> bool {
    matches!(entry, Entry::Attribute { value, .. } if !value.contains('\n'))
}

fn push_comment(out: &mut String, lines: &[String], indent: usize) {
    if lines.is_empty() {
        push_indent(out, indent);
        out.push_str("#\n");
    }
    for line in lines {
        push_indent(out, indent);
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
    }
}
