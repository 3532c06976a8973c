//! Native bodies: how the items of a native body (parsed by
//! `native::parse_body`) answer the body model.
//!
//! In native syntax the schema is only a filter: an attribute is always an
//! attribute and a block always a block ([HCL's information
//! model](https://github.com/hashicorp/hcl/blob/main/spec.md), "Schema-driven Processing"), an attribute is set at most once (the parser already
//! refused a redefinition), and a block's labels are counted against the
//! schema's label names. Wording and ranges are HCL's.

use std::borrow::Cow;
use std::sync::Arc;

use indexmap::IndexMap;

use super::lazy::{BlockPath, LazyAttribute, LazyBlock, LazyContent, Spot};
use super::schema::{
    missing_argument, missing_argument_at, Attribute, Block, BlockHeaderSchema, BodyContent,
    BodySchema,
};
use super::{context, Body, Expression, File, FileRepr, Origin};
use crate::diag::{suggestion, Diagnostic, DiagnosticKind, Diagnostics, Error};
use crate::native::{self, AttributeNode, BlockNode, BodyTree, Item, Span};
use crate::pos::{Range, SourceFile};

/// A parsed native file: its source and its bodies.
#[derive(Debug)]
pub(crate) struct NativeFile {
    pub source: Arc<SourceFile>,
    pub tree: BodyTree,
}

/// See [`crate::body::parse_native`].
pub(crate) fn parse(src: &str, filename: &str) -> Result<File, Error> {
    parse_source(Arc::new(SourceFile::new(filename, src)))
}

/// [`parse`] of a text the library owns (read from a file, or a `String`
/// given away): the file keeps it as its source, without a copy.
pub(crate) fn parse_owned(src: String, filename: &str) -> Result<File, Error> {
    parse_source(Arc::new(SourceFile::owned(filename, src)))
}

fn parse_source(source: Arc<SourceFile>) -> Result<File, Error> {
    let (tree, errors) = native::parse_body(source.text());
    if !errors.is_empty() {
        let mut diags = Diagnostics::new();
        for e in &errors {
            diags.push(e.to_diagnostic(|s| source.range(s.start as usize, s.end as usize)));
        }
        // The blocks the parse recovered still name the place of each
        // error ("in resource ..."), as Terraform re-parses a file that
        // failed to name them.
        let recovered = Arc::new(NativeFile { source, tree });
        return Err(Error::from(diags).with_source(context::native_source(&recovered)));
    }
    Ok(File {
        repr: Arc::new(FileRepr::Native(Arc::new(NativeFile { source, tree }))),
    })
}

/// See [`Expression::parse`] and [`Expression::parse_template`]: `src`
/// alone, as one native expression or as a template, in a source of its
/// own named `filename` (so that ranges and diagnostics point into it).
pub(crate) fn standalone(src: &str, filename: &str, template: bool) -> Result<Expression, Error> {
    let parsed = if template {
        native::parse_template(src).map(|t| {
            let span = t.span;
            native::Expr {
                kind: native::ExprKind::Template(Box::new(t)),
                span,
            }
        })
    } else {
        native::parse_expression(src)
    };
    let source = Arc::new(SourceFile::new(filename, src));
    match parsed {
        Ok(expr) => {
            let file = NativeFile {
                source,
                tree: BodyTree::default(),
            };
            Ok(Expression::native(Origin::Native(Arc::new(file)), expr))
        }
        Err(errors) => {
            let mut diags = Diagnostics::new();
            for e in &errors {
                diags.push(e.to_diagnostic(|s| source.range(s.start as usize, s.end as usize)));
            }
            Err(Error::from(diags).with_source(source))
        }
    }
}

/// See [`crate::body::parse_native_bytes`].
pub(crate) fn parse_bytes(src: &[u8], filename: &str) -> Result<File, Error> {
    match std::str::from_utf8(src) {
        Ok(text) => parse(text, filename),
        Err(e) => Err(invalid_encoding(src, filename, e.valid_up_to())),
    }
}

/// [`parse_bytes`] of bytes the library owns: valid UTF-8 is kept as the
/// file's source, without a copy.
pub(crate) fn parse_owned_bytes(src: Vec<u8>, filename: &str) -> Result<File, Error> {
    match String::from_utf8(src) {
        Ok(text) => parse_owned(text, filename),
        Err(e) => Err(invalid_encoding(
            e.as_bytes(),
            filename,
            e.utf8_error().valid_up_to(),
        )),
    }
}

/// HCL's error for bytes that are not UTF-8, at the first bad byte.
#[cold]
fn invalid_encoding(src: &[u8], filename: &str, at: usize) -> Error {
    // Positions are computed on the valid prefix plus the bad byte shown
    // as a replacement character, which is all we can show.
    let text = format!("{}\u{fffd}", String::from_utf8_lossy(&src[..at]));
    let source = Arc::new(SourceFile::new(filename, text));
    let range = source.range(at, at + 1);
    Error::at(
        "Invalid character encoding",
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
        range,
    )
    .with_source(source)
}

impl NativeFile {
    pub(super) fn range(&self, span: Span) -> Range {
        self.source.range(span.start as usize, span.end as usize)
    }

    /// The range of body `body`.
    pub(crate) fn body_range(&self, body: u32) -> Range {
        self.range(self.tree.bodies[body as usize].span)
    }

    /// Where a missing item of body `body` goes, as HCL has it: the empty
    /// range at the start of the body (its opening brace, or the start of
    /// the file).
    pub(crate) fn missing_item_range(&self, body: u32) -> Range {
        let start = self.tree.bodies[body as usize].span.start;
        self.range(Span::new(start, start))
    }
}

impl NativeFile {
    /// The comments of body `body` (see [`crate::body::Body::comments`]): each
    /// a literal string expression of the comment as written.
    pub(crate) fn comments(self: &Arc<Self>, body: u32) -> Vec<Expression> {
        let src = self.source.text();
        native::body_comments(&self.tree, src, body)
            .into_iter()
            .map(|span| {
                let text = src[span.start as usize..span.end as usize].into();
                let template = native::Template::literal(text, span);
                let expr = native::Expr {
                    kind: native::ExprKind::Template(Box::new(template)),
                    span,
                };
                Expression::native(Origin::Native(self.clone()), expr)
            })
            .collect()
    }
}

/// A native body being read: its file, index, and the names earlier
/// partial processing hid.
pub(crate) struct NativeBody<'a> {
    pub(crate) file: &'a Arc<NativeFile>,
    pub(crate) body: u32,
    hidden: Option<&'a [String]>,
}

impl<'a> NativeBody<'a> {
    pub(crate) fn new(file: &'a Arc<NativeFile>, body: u32, hidden: Option<&'a [String]>) -> Self {
        NativeBody { file, body, hidden }
    }

    /// The items still visible (not hidden by partial processing).
    pub(crate) fn items(&self) -> impl Iterator<Item = &'a Item> + '_ {
        self.file
            .tree
            .items(self.body)
            .iter()
            .filter(|item| !self.is_hidden(item_name(item, self.src())))
    }

    /// The file's text, which names and deferred expressions index.
    pub(crate) fn src(&self) -> &'a str {
        self.file.source.text()
    }

    fn is_hidden(&self, name: &str) -> bool {
        self.hidden.is_some_and(|h| h.iter().any(|n| n == name))
    }

    pub(crate) fn content(
        &self,
        schema: &BodySchema,
        partial: bool,
        block: &str,
        diags: &mut Diagnostics,
    ) -> BodyContent {
        let mut content = BodyContent::empty(self.file.missing_item_range(self.body));
        for item in self.items() {
            match item {
                Item::Attribute(attr) => {
                    let name = attr.name.text(self.src());
                    if schema.find_attribute(name).is_some() {
                        content
                            .attributes
                            .insert(name.to_string(), self.attribute(attr));
                    } else {
                        self.unexpected_attribute(attr, schema, partial, diags);
                    }
                }
                Item::Block(b) => {
                    let name = b.type_name.text(self.src());
                    if let Some(header) = schema.find_block(name) {
                        if let Some(block) = self.block(b, header, diags) {
                            content.blocks.push(block);
                        }
                    } else {
                        self.unexpected_block(b, schema, partial, diags);
                    }
                }
            }
        }
        for attr in &schema.attributes {
            if attr.required && !content.attributes.contains_key(&attr.name) {
                diags.push(missing_argument(&attr.name, block, &content));
            }
        }
        content
    }

    /// [`content`](Self::content) for decoding: the same items and
    /// problems, ranges left as byte offsets (a decode that succeeds
    /// resolves none, and builds no line index), attributes in the
    /// schema's order.
    pub(crate) fn lazy_content<'s>(
        &self,
        schema: &'s BodySchema,
        partial: bool,
        block: &BlockPath<'_>,
        diags: &mut Diagnostics,
    ) -> LazyContent<'s, 'a> {
        let src = self.src();
        let mut content = LazyContent::new();
        for item in self.items() {
            match item {
                Item::Attribute(attr) => {
                    let name = attr.name.text(src);
                    let Some(index) = schema.attributes.iter().position(|a| a.name == name) else {
                        self.unexpected_attribute(attr, schema, partial, diags);
                        continue;
                    };
                    // The parser refused a redefinition: each name once.
                    content.attributes.push(LazyAttribute {
                        name: &schema.attributes[index].name,
                        index,
                        expr: Expression::native_shared(
                            Origin::Native(self.file.clone()),
                            attr.expr(src).clone(),
                        ),
                    });
                }
                Item::Block(b) => {
                    let name = b.type_name.text(src);
                    if let Some(header) = schema.find_block(name) {
                        if self.labels_fit(b, header, diags) {
                            let header_end = b.labels.last().map_or(b.type_name.span, |l| l.span);
                            let spot = |s: Span| Spot::bytes(s.start as usize, s.end as usize);
                            content.blocks.push(LazyBlock {
                                type_name: &header.type_name,
                                labels: b
                                    .labels
                                    .iter()
                                    .map(|l| Cow::Borrowed(l.text(src)))
                                    .collect(),
                                body: Body::native(self.file.clone(), b.body),
                                def: spot(b.type_name.span.to(header_end)),
                                type_spot: spot(b.type_name.span),
                                label_spots: b.labels.iter().map(|l| spot(l.span)).collect(),
                            });
                        }
                    } else {
                        self.unexpected_block(b, schema, partial, diags);
                    }
                }
            }
        }
        for (index, attr) in schema.attributes.iter().enumerate() {
            if attr.required && !content.attributes.iter().any(|a| a.index == index) {
                let at = self.file.missing_item_range(self.body);
                diags.push(missing_argument_at(&attr.name, &block.to_string(), at));
            }
        }
        if content.attributes.len() > 1 {
            content.attributes.sort_unstable_by_key(|a| a.index);
        }
        content
    }

    /// The problem of an attribute the schema does not name: none when
    /// `partial` (it is the rest's), unless the schema has a block of
    /// that name.
    fn unexpected_attribute(
        &self,
        attr: &AttributeNode,
        schema: &BodySchema,
        partial: bool,
        diags: &mut Diagnostics,
    ) {
        let name = attr.name.text(self.src());
        if schema.find_block(name).is_some() {
            diags.push(self.error_of(
                DiagnosticKind::UnsupportedArgument,
                "Unsupported argument",
                format!("An argument named {name:?} is not expected here. Did you mean to define a block of type {name:?}?"),
                attr.name.span,
            ));
        } else if !partial {
            diags.push(self.error_of(
                DiagnosticKind::UnsupportedArgument,
                "Unsupported argument",
                format!(
                    "An argument named {name:?} is not expected here.{}",
                    suggestion(name, schema.names())
                ),
                attr.name.span,
            ));
        }
    }

    /// The problem of a block the schema does not name (see
    /// [`unexpected_attribute`](Self::unexpected_attribute)).
    fn unexpected_block(
        &self,
        b: &BlockNode,
        schema: &BodySchema,
        partial: bool,
        diags: &mut Diagnostics,
    ) {
        let name = b.type_name.text(self.src());
        if schema.find_attribute(name).is_some() {
            diags.push(self.error_of(
                DiagnosticKind::UnsupportedBlock,
                "Unsupported block type",
                format!("Blocks of type {name:?} are not expected here. Did you mean to define argument {name:?}? If so, use the equals sign to assign it a value."),
                b.type_name.span,
            ));
        } else if !partial {
            diags.push(self.error_of(
                DiagnosticKind::UnsupportedBlock,
                "Unsupported block type",
                format!(
                    "Blocks of type {name:?} are not expected here.{}",
                    suggestion(name, schema.names())
                ),
                b.type_name.span,
            ));
        }
    }

    /// Dynamic attributes: every attribute; a block is an error, as in HCL.
    pub(crate) fn just_attributes(&self, diags: &mut Diagnostics) -> IndexMap<String, Attribute> {
        let mut attrs = IndexMap::new();
        let mut blocks = 0;
        for item in self.items() {
            match item {
                Item::Attribute(attr) => {
                    attrs.insert(attr.name.text(self.src()).to_string(), self.attribute(attr));
                }
                // HCL reports the first block only, and carries on with the
                // attributes, so that analyses still see them.
                Item::Block(b) if blocks == 0 => {
                    blocks += 1;
                    let name = b.type_name.text(self.src());
                    diags.push(self.error_of(
                        DiagnosticKind::UnsupportedBlock,
                        &format!("Unexpected {name:?} block"),
                        "Blocks are not allowed here.".to_string(),
                        b.type_name.span,
                    ));
                }
                Item::Block(_) => {}
            }
        }
        attrs
    }

    /// The body's attributes as [`just_attributes`](Self::just_attributes)
    /// reads them, names and expressions only: no range is computed (a
    /// decoded remain map needs none unless a value fails, and then the
    /// expression finds its own). `None` when a block is among the items,
    /// which `just_attributes` reports.
    pub(crate) fn attribute_exprs(&self) -> Option<Vec<(String, Expression)>> {
        let src = self.src();
        let mut attrs = Vec::new();
        for item in self.items() {
            let Item::Attribute(attr) = item else {
                return None;
            };
            attrs.push((
                attr.name.text(src).to_string(),
                Expression::native_shared(
                    Origin::Native(self.file.clone()),
                    attr.expr(src).clone(),
                ),
            ));
        }
        Some(attrs)
    }

    /// See [`Body::attribute_names`](crate::body::Body::attribute_names).
    pub(crate) fn attribute_names(&self) -> Vec<(String, Range)> {
        let src = self.src();
        self.items()
            .filter_map(|item| match item {
                Item::Attribute(attr) => Some((
                    attr.name.text(src).to_string(),
                    self.file.range(attr.name.span),
                )),
                Item::Block(_) => None,
            })
            .collect()
    }

    pub(crate) fn attribute(&self, attr: &AttributeNode) -> Attribute {
        Attribute {
            name: attr.name.text(self.src()).to_string(),
            expr: Expression::native_shared(
                Origin::Native(self.file.clone()),
                attr.expr(self.file.source.text()).clone(),
            ),
            range: self.file.range(attr.span),
            name_range: self.file.range(attr.name.span),
        }
    }

    /// The block `b` read with `header`, or its label-count error.
    fn block(
        &self,
        b: &BlockNode,
        header: &BlockHeaderSchema,
        diags: &mut Diagnostics,
    ) -> Option<Block> {
        if !self.labels_fit(b, header, diags) {
            return None;
        }
        let name = b.type_name.text(self.src());
        let header_end = b.labels.last().map_or(b.type_name.span, |l| l.span);
        Some(Block {
            type_name: name.to_string(),
            labels: b
                .labels
                .iter()
                .map(|l| l.text(self.src()).to_string())
                .collect(),
            body: Body::native(self.file.clone(), b.body),
            def_range: self.file.range(b.type_name.span.to(header_end)),
            type_range: self.file.range(b.type_name.span),
            label_ranges: b.labels.iter().map(|l| self.file.range(l.span)).collect(),
        })
    }

    /// Whether `b` has as many labels as `header` names; its label-count
    /// error if not.
    fn labels_fit(
        &self,
        b: &BlockNode,
        header: &BlockHeaderSchema,
        diags: &mut Diagnostics,
    ) -> bool {
        let name = b.type_name.text(self.src());
        let want = header.label_names.len();
        let context = self.file.range(b.type_name.span.to(b.open));
        if b.labels.len() > want {
            let detail = if want == 0 {
                format!("No labels are expected for {name} blocks.")
            } else {
                format!(
                    "Only {want} labels ({}) are expected for {name} blocks.",
                    header.label_names.join(", ")
                )
            };
            diags.push(
                self.error_of(
                    DiagnosticKind::BlockLabels,
                    &format!("Extraneous label for {name}"),
                    detail,
                    b.labels[want].span,
                )
                .with_context(context),
            );
            return false;
        }
        if b.labels.len() < want {
            diags.push(
                self.error_of(
                    DiagnosticKind::BlockLabels,
                    &format!("Missing {} for {name}", header.label_names[b.labels.len()]),
                    format!(
                        "All {name} blocks must have {want} labels ({}).",
                        header.label_names.join(", ")
                    ),
                    b.open,
                )
                .with_context(context),
            );
            return false;
        }
        true
    }

    #[cold]
    fn error(&self, summary: &str, detail: String, at: Span) -> Diagnostic {
        Diagnostic::error(summary, detail, Some(self.file.range(at)))
    }

    #[cold]
    fn error_of(
        &self,
        kind: DiagnosticKind,
        summary: &str,
        detail: String,
        at: Span,
    ) -> Diagnostic {
        self.error(summary, detail, at).with_kind(kind)
    }
}

/// The name an item goes by: an attribute's name, a block's type.
pub(crate) fn item_name<'a>(item: &'a Item, src: &'a str) -> &'a str {
    match item {
        Item::Attribute(a) => a.name.text(src),
        Item::Block(b) => b.type_name.text(src),
    }
}
