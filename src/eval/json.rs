//! Evaluation of JSON expressions ([HCL's JSON syntax
//! specification](https://github.com/hashicorp/hcl/blob/main/json/spec.md), "Expression Mapping"):
//! objects are objects (their keys templates too, in full-expression
//! mode), arrays tuples, numbers exact, `null` the dynamic null, and
//! strings either literal (literal-only mode) or native templates.
//!
//! A string is parsed as a template only when it contains `${` or `%{`,
//! when it is evaluated: keeping every tree would make a decoded file hold
//! several times its size in memory, so a string keeps its tree only once
//! it is evaluated again, in a small bounded cache (see `TemplateCache` in
//! `json::tree`).

use std::borrow::Cow;
use std::collections::HashMap;

use super::context::Env;
use super::expr::{number_detail, Eval};
use super::EvalContext;
use crate::body::{ExprKind, Expression, OriginRef};
use crate::diag::{Diagnostic, Diagnostics, Error, Source};
use crate::json::{Attempt, FileData, HandleTrees, NodeId, NodeKind, ParsedTemplate};
use crate::native::{self, Template};
use crate::value::{limits, try_convert, Entries, Marks, Number, Str, Type, Value};
use crate::words;

impl Expression {
    /// Evaluates the expression in `ctx`.
    ///
    /// In full-expression mode ([`EvalContext::new`]) a JSON string is a
    /// native template: `"Hello, ${name}!"` is a string, and `"${a + b}"`,
    /// exactly one interpolation, is the value of `a + b` itself. In
    /// literal-only mode ([`EvalContext::literal`]) strings are taken as
    /// they are. Every problem is reported at once, each with its exact
    /// range, even inside strings with escapes.
    ///
    /// ```
    /// use hcl_json::{EvalContext, Value};
    ///
    /// let file = hcl_json::parse(
    ///     r#"{"port": 8080, "greeting": "Hello, ${name}!", "sum": "${port + 1}"}"#,
    ///     "app.json",
    /// )?;
    /// let attrs = file.body().just_attributes()?;
    /// let ctx = EvalContext::new().with_variable("name", "web").with_variable("port", 80);
    /// assert_eq!(attrs["port"].expr.value(&ctx)?, Value::from(8080));
    /// assert_eq!(attrs["greeting"].expr.value(&ctx)?, Value::from("Hello, web!"));
    /// assert_eq!(attrs["sum"].expr.value(&ctx)?, Value::from(81));
    /// assert_eq!(
    ///     attrs["greeting"].expr.value(&EvalContext::literal())?,
    ///     Value::from("Hello, ${name}!")
    /// );
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn value(&self, ctx: &EvalContext) -> Result<Value, Error> {
        let mut diags = Diagnostics::new();
        // The evaluation budget: this evaluation's own, or the one of the
        // evaluation this one runs inside (a `try` argument).
        let meter = match limits::enter(ctx.limits(), self.source_len()) {
            Ok(meter) => meter,
            Err(e) => return Err(self.limit_error(e)),
        };
        let value = match &self.kind {
            ExprKind::Json { file, node, kept } => JsonEval {
                file,
                ctx,
                diags: &mut diags,
                names: Vec::new(),
                kept: kept.as_deref(),
            }
            .node(*node),
            ExprKind::Native(native) => {
                Eval::new(native.origin.as_ref(), &mut diags).value(&native.expr, &Env::root(ctx))
            }
        };
        if diags.is_empty() && limits::exceeded().is_none() {
            return Ok(value);
        }
        settle(
            diags,
            value,
            meter,
            |e| self.limit_error(e),
            || self.diag_source(),
        )
    }

    /// The length of the expression's source text, in bytes (cheap: no
    /// line or column is computed).
    fn source_len(&self) -> usize {
        match &self.kind {
            ExprKind::Json { file, node, .. } => {
                let n = file.node(*node);
                (n.end - n.start) as usize
            }
            ExprKind::Native(n) => n.expr.span.end.saturating_sub(n.expr.span.start) as usize,
        }
    }

    /// The error of a spent budget, on the whole expression.
    #[cold]
    fn limit_error(&self, e: limits::Exceeded) -> Error {
        e.error_at(self.range()).with_source(self.diag_source())
    }
}

/// Evaluates expressions one after another, as a decode reads a body's
/// attributes: each value is what [`Expression::value`] gives, with the
/// diagnostics list and the object-name stack of the JSON walk set up once
/// for all of them rather than once per expression (a decode evaluates
/// tens of thousands of small attributes, most of them a string or a
/// short template).
#[derive(Debug, Default)]
pub(crate) struct Evaluator {
    diags: Diagnostics,
    names: Vec<NodeId>,
}

impl Evaluator {
    /// The value of `expr` in `ctx`: [`Expression::value`].
    pub(crate) fn value(&mut self, expr: &Expression, ctx: &EvalContext) -> Result<Value, Error> {
        let ExprKind::Json { file, node, kept } = &expr.kind else {
            return expr.value(ctx);
        };
        let meter = match limits::enter(ctx.limits(), expr.source_len()) {
            Ok(meter) => meter,
            Err(e) => return Err(expr.limit_error(e)),
        };
        let mut eval = JsonEval {
            file,
            ctx,
            diags: &mut self.diags,
            names: std::mem::take(&mut self.names),
            kept: kept.as_deref(),
        };
        let value = eval.node(*node);
        self.names = eval.names;
        if self.diags.is_empty() && limits::exceeded().is_none() {
            return Ok(value);
        }
        settle(
            std::mem::take(&mut self.diags),
            value,
            meter,
            |e| expr.limit_error(e),
            || expr.diag_source(),
        )
    }

    /// The text of `expr` when it is a JSON string that `ctx` reads as
    /// text, not as a template, and ASCII: its value is then exactly this
    /// text (ASCII is in normal form), so a string field takes it without
    /// a `Value` built and taken apart. `None` for anything else, and
    /// where the evaluation would fail (a spent budget), for
    /// [`value`](Self::value) to say so.
    pub(crate) fn plain_text<'e>(
        &self,
        expr: &'e Expression,
        ctx: &EvalContext,
    ) -> Option<Cow<'e, str>> {
        let ExprKind::Json { file, node, .. } = &expr.kind else {
            return None;
        };
        if !matches!(file.kind(*node), NodeKind::String) {
            return None;
        }
        let Reading::Text(text) = read_string(file, *node, ctx) else {
            return None;
        };
        if !text.is_ascii() {
            return None;
        }
        // What entering the evaluation would refuse.
        let meter = limits::enter(ctx.limits(), expr.source_len()).ok()?;
        let spent = limits::exceeded().is_some();
        drop(meter);
        (!spent).then_some(text)
    }
}

/// The outcome of an evaluation that gave `value` and reported `diags`,
/// its budget still entered (`meter`): a limit reached in a part whose
/// diagnostics were dropped (the branch of a conditional not taken) still
/// fails it, and is only known before the budget is left. `limit_error`
/// places a spent budget on the evaluated expression; errors get the
/// `source` it gives.
#[cold]
pub(super) fn settle(
    diags: Diagnostics,
    value: Value,
    meter: limits::Guard,
    limit_error: impl FnOnce(limits::Exceeded) -> Error,
    source: impl FnOnce() -> Source,
) -> Result<Value, Error> {
    if !diags.has_errors() {
        if let Some(e) = limits::exceeded() {
            drop(meter);
            return Err(limit_error(e));
        }
    }
    drop(meter);
    diags
        .into_result(value)
        .map_err(|e| e.with_source(source()))
}

/// The walk over a JSON value, collecting diagnostics.
struct JsonEval<'a> {
    file: &'a std::sync::Arc<FileData>,
    ctx: &'a EvalContext,
    diags: &'a mut Diagnostics,
    /// The name node of each attribute of the objects being built, in
    /// their maps' order (where a duplicate was first defined): one stack
    /// for the whole walk, each object using the part above where it
    /// started, instead of a vector per object.
    names: Vec<NodeId>,
    /// The trees the evaluated handle keeps, if it keeps them.
    kept: Option<&'a HandleTrees>,
}

impl JsonEval<'_> {
    /// The value of a node. Recursion is bounded by the JSON parser's
    /// depth limit, and a string's template by the native layer's.
    fn node(&mut self, id: NodeId) -> Value {
        match self.file.kind(id) {
            NodeKind::Null => Value::null(Type::Dynamic),
            NodeKind::Bool(b) => Value::Bool(b),
            NodeKind::Number => self.number(id),
            NodeKind::String => self.string(id),
            NodeKind::Array { first, len } => {
                let file = self.file;
                Value::Tuple(
                    file.elements(first, len)
                        .iter()
                        .map(|&e| self.node(e))
                        .collect(),
                )
            }
            NodeKind::Object { first, len } => self.object(first, len),
        }
    }

    fn number(&mut self, id: NodeId) -> Value {
        match Number::parse(self.file.raw(id)) {
            Ok(n) => Value::Number(n),
            Err(e) => {
                let range = self.file.range(id);
                self.diags.push(Diagnostic::error(
                    e.summary(),
                    number_detail(e),
                    Some(range),
                ));
                Value::dynamic()
            }
        }
    }

    /// A string: itself in literal-only mode or when it has no template
    /// sequences, otherwise its template's value.
    fn string(&mut self, id: NodeId) -> Value {
        match read_string(self.file, id, self.ctx) {
            Reading::Text(Cow::Borrowed(text)) => Value::String(file_str(self.file, id, text)),
            // Decoded for this read: the value takes the buffer.
            Reading::Text(Cow::Owned(text)) => Value::from(text),
            Reading::Template(written) => self.template(id, written),
        }
    }

    /// The value of string `id`'s template, `written` its text as written
    /// in the file (which keys the template cache). A string with escapes
    /// is decoded only if it is parsed (no tree, value or form's tree of
    /// it is kept), and then once.
    fn template(&mut self, id: NodeId, written: &str) -> Value {
        let file = self.file;
        let (ctx, diags) = (self.ctx, &mut *self.diags);
        let decoded = std::cell::OnceCell::new();
        let text = || -> &str { decoded.get_or_init(|| file.str(id).unwrap_or_default()) };
        let eval = |parsed: &ParsedTemplate, attempt: Attempt<'_>| {
            let (reported, impure) = (diags.len(), super::function::impure_calls());
            // (A tentative evaluation's tree has another text's spans, and
            // that text: this one is not decoded for it.)
            let (tentative, origin_text) = match attempt {
                Attempt::Final => (None, None),
                Attempt::Tentative(other) => (
                    Some((limits::report_state(), super::function::closures_made())),
                    Some(other),
                ),
            };
            let value = match parsed {
                Ok(template) => evaluate_template(
                    OriginRef::JsonString(file, id, origin_text.unwrap_or_else(|| text())),
                    template,
                    ctx,
                    diags,
                ),
                Err(errors) => {
                    for e in errors {
                        diags.push(e.to_diagnostic(|span| {
                            file.string_range(id, span.start as usize, span.end as usize)
                        }));
                    }
                    Value::dynamic()
                }
            };
            if let Some((budget, closures)) = tentative {
                if diags.len() != reported || super::function::closures_made() != closures {
                    // Reported with another text's spans, or handed them
                    // out in closures: taken back, for the evaluation of
                    // this text's own tree.
                    diags.truncate(reported);
                    limits::restore_report_state(budget);
                    return None;
                }
            }
            // Reusable in this context: nothing reported, nothing impure.
            let reusable = diags.len() == reported && super::function::impure_calls() == impure;
            Some((value, reusable))
        };
        file.templates.evaluate(
            (id, written),
            ctx.id(),
            |other| file.written_str(other).map_or("", |(w, _)| w),
            self.kept,
            text,
            eval,
        )
    }

    /// An object: the properties of [`ObjectWalk`], with the same keys and
    /// diagnostics; an unknown or duplicate key makes the whole object
    /// unknown. The attribute map itself finds duplicates (the lookup it
    /// needs anyway), rather than the walk's list of the keys seen.
    fn object(&mut self, first: u32, len: u32) -> Value {
        let file = self.file;
        let props = file.properties(first, len);
        let mut attrs = Entries::with_capacity(props.len());
        let base = self.names.len();
        let mut known = true;
        // The keys so far by their prints: a key whose print is new is no
        // duplicate, without comparing it with each key before it.
        let mut prints = 0u64;
        // A key cannot carry marks: those of a key template's value go on
        // the object, as in HCL.
        let mut key_marks = Marks::NONE;
        for prop in props {
            let key = object_key(file, prop.name(), self.ctx, self.diags, &mut key_marks);
            let slot = if let Some(key) = key {
                let print = key_print(&key);
                let seen = prints & print != 0;
                prints |= print;
                let duplicate_of = if seen { attrs.get_index_of(&key) } else { None };
                match duplicate_of {
                    Some(i) => {
                        let first = self.names[base + i];
                        self.diags.push(duplicate(file, &key, first, prop.name()));
                        known = false;
                        None
                    }
                    None => Some(key),
                }
            } else {
                known = false;
                None
            };
            let value = self.node(prop.value);
            if let Some(key) = slot {
                self.names.push(prop.name());
                attrs.push_new(key, value);
            }
        }
        self.names.truncate(base);
        let value = if known {
            Value::Object(attrs)
        } else {
            Value::dynamic()
        };
        value.mark(key_marks)
    }
}

/// A key's print for [`JsonEval::object`]'s duplicate check: one bit of
/// 64, from its length and its first and last bytes (equal keys have equal
/// prints; keys of one object mostly differ in one of the three).
fn key_print(key: &str) -> u64 {
    let b = key.as_bytes();
    let (first, last) = (b.first().copied(), b.last().copied());
    let mix =
        b.len() ^ (usize::from(first.unwrap_or(0)) << 1) ^ (usize::from(last.unwrap_or(0)) << 3);
    1 << (mix % 64)
}

/// The walk over a JSON object's properties that both evaluation
/// ([`Expression::value`]) and decoding into a serde target use, so both
/// say the same thing at the same range: each key is evaluated (a template
/// in full-expression mode) and converted to a string, with HCL's wording
/// for a null, unconvertible or duplicate key.
pub(crate) struct ObjectWalk<'f> {
    pub(crate) file: &'f std::sync::Arc<FileData>,
    props: std::slice::Iter<'f, crate::json::Prop>,
    /// Keys so far and where each was defined, for duplicates.
    seen: SeenKeys<'f>,
}

/// The keys of one object so far. Most objects are small: a short list
/// scanned linearly costs less than hashing; a large one switches to a
/// hash map. Keys written without templates borrow the file's text.
enum SeenKeys<'f> {
    Few(Vec<(Cow<'f, str>, NodeId)>),
    Many(HashMap<Cow<'f, str>, NodeId>),
}

/// The size at which [`SeenKeys`] switches to hashing.
const FEW_KEYS: usize = 16;

impl<'f> SeenKeys<'f> {
    /// Where `key` was first defined, or `None` after recording it.
    fn first_or_insert(&mut self, key: Cow<'f, str>, name: NodeId) -> Option<NodeId> {
        match self {
            SeenKeys::Few(list) => {
                if let Some((_, first)) = list.iter().find(|(k, _)| *k == key) {
                    return Some(*first);
                }
                if list.len() < FEW_KEYS {
                    list.push((key, name));
                } else {
                    let mut map: HashMap<Cow<'f, str>, NodeId> = list.drain(..).collect();
                    map.insert(key, name);
                    *self = SeenKeys::Many(map);
                }
                None
            }
            SeenKeys::Many(map) => match map.entry(key) {
                std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(name);
                    None
                }
            },
        }
    }
}

/// One property of an [`ObjectWalk`].
pub(crate) struct WalkedProp {
    /// The key; `None` when it is unknown, or invalid or a duplicate (both
    /// reported).
    pub key: Option<Str>,
    /// The key's string node.
    pub name: NodeId,
    /// The value node.
    pub value: NodeId,
}

impl<'f> ObjectWalk<'f> {
    fn new(file: &'f std::sync::Arc<FileData>, first: u32, len: u32) -> ObjectWalk<'f> {
        ObjectWalk {
            file,
            props: file.properties(first, len).iter(),
            seen: SeenKeys::Few(Vec::with_capacity((len as usize).min(FEW_KEYS))),
        }
    }

    /// The walk over `expr`, when it is a JSON object.
    pub(crate) fn of(expr: &'f Expression) -> Option<ObjectWalk<'f>> {
        match &expr.kind {
            ExprKind::Json { file, node, .. } => match file.kind(*node) {
                NodeKind::Object { first, len } => Some(ObjectWalk::new(file, first, len)),
                _ => None,
            },
            ExprKind::Native(_) => None,
        }
    }

    /// How many properties are left.
    pub(crate) fn len(&self) -> usize {
        self.props.len()
    }

    /// The next property; a key's problems go to `diags`.
    pub(crate) fn next(
        &mut self,
        ctx: &EvalContext,
        diags: &mut Diagnostics,
    ) -> Option<WalkedProp> {
        let prop = self.props.next()?;
        // A walk gives keys (for decoding into maps and blocks), not a
        // value that could carry their marks.
        let mut ignored = Marks::NONE;
        let mut key = object_key(self.file, prop.name(), ctx, diags, &mut ignored);
        if let Some(name) = &key {
            // The file's text when it is the key (no escapes, no template,
            // already NFC), so recording it allocates nothing.
            let seen = match self.file.source_str(prop.name()) {
                Some(text) if text == name.as_str() => Cow::Borrowed(text),
                _ => Cow::Owned(name.to_string()),
            };
            if let Some(first) = self.seen.first_or_insert(seen, prop.name()) {
                diags.push(duplicate(self.file, name, first, prop.name()));
                key = None;
            }
        }
        Some(WalkedProp {
            key,
            name: prop.name(),
            value: prop.value,
        })
    }
}

/// How a string is read: as its text, or as a template (known by its
/// text as written in the file).
enum Reading<'f> {
    /// Borrowed: the file's own text, between the string's quotes.
    Text(Cow<'f, str>),
    Template(&'f str),
}

/// Whether string `id` is read as its text (literal-only mode, or no
/// template sequence) or as a template, deciding on the text as written
/// when it can: escapes cannot make or unmake `${` or `%{` there, except
/// a `\u` escape spelling `$`, `%` or `{`, the only case where a
/// template is known by decoding. So a template with escapes is not
/// decoded before the template cache is asked.
#[inline]
fn read_string<'f>(file: &'f FileData, id: NodeId, ctx: &EvalContext) -> Reading<'f> {
    let (written, escaped) = file.written_str(id).unwrap_or_default();
    if escaped {
        return read_escaped_string(file, id, written, ctx);
    }
    if ctx.is_literal() || !native::needs_template_parse(written) {
        Reading::Text(Cow::Borrowed(written))
    } else {
        Reading::Template(written)
    }
}

/// The string of `text`, the text of string node `id` as its file holds
/// it: a short one (most names and values) without the normalization
/// check when it is ASCII, found a word or two at a time; a longer one as
/// any other text (`str::is_ascii` reads several words well).
#[inline]
fn file_str(file: &FileData, id: NodeId, text: &str) -> Str {
    if text.len() >= 16 {
        return Str::from(text);
    }
    let start = file.node(id).start as usize + 1;
    if is_ascii_within(file.source.text().as_bytes(), start, start + text.len()) {
        Str::from_nfc(text)
    } else {
        Str::from(text)
    }
}

/// Whether `s` holds a template sequence, as
/// [`native::needs_template_parse`] answers, a word at a time: a word
/// without a `{` is passed over whole. For the strings with escapes,
/// which are a file's long ones (JSON policy documents, scripts), where
/// the byte-by-byte check costs most.
fn has_template_sequence(s: &str) -> bool {
    let b = s.as_bytes();
    let introduces = |k: usize| k > 0 && b[k] == b'{' && matches!(b[k - 1], b'$' | b'%');
    let mut i = 0;
    while let Some(w) = b.get(i..i + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(w);
        // Marks every `{` (and maybe bytes above one): only then are the
        // word's bytes looked at one by one.
        if words::equal(u64::from_le_bytes(bytes), b'{') != 0 && (i..i + 8).any(introduces) {
            return true;
        }
        i += 8;
    }
    (i..b.len()).any(introduces)
}

/// Whether `b[start..end]` is all ASCII, a word at a time. Most strings
/// of a file are short: the last word is read whole too when `b` goes on
/// past `end` (a string's text in its file is followed by its closing
/// quote and more), its bytes past `end` masked off, so that a short
/// string costs a word or two, not a loop over its bytes.
#[inline]
fn is_ascii_within(b: &[u8], start: usize, end: usize) -> bool {
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let word = |w: &[u8]| {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(w);
        u64::from_le_bytes(bytes)
    };
    let mut high = 0;
    let mut i = start;
    while i + 8 <= end {
        high |= word(&b[i..i + 8]);
        i += 8;
    }
    if i < end {
        match b.get(i..i + 8) {
            Some(w) => high |= word(w) & (u64::MAX >> (8 * (8 - (end - i)))),
            // The end of `b`: the rest byte by byte.
            None => return high & HIGH == 0 && b[i..end].is_ascii(),
        }
    }
    high & HIGH == 0
}

/// [`read_string`] for a string with escapes, `written` as it is written
/// (out of line: most strings have none).
#[inline(never)]
fn read_escaped_string<'f>(
    file: &'f FileData,
    id: NodeId,
    written: &'f str,
    ctx: &EvalContext,
) -> Reading<'f> {
    if !ctx.is_literal() && has_template_sequence(written) {
        return Reading::Template(written);
    }
    let text = file.str(id).unwrap_or_default();
    let spelled = !ctx.is_literal() && written.contains("\\u");
    if spelled && has_template_sequence(&text) {
        Reading::Template(written)
    } else {
        Reading::Text(text)
    }
}

/// An object key as a string, or `None` when it is unknown or failed.
fn object_key(
    file: &std::sync::Arc<FileData>,
    name: NodeId,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
    marks: &mut Marks,
) -> Option<Str> {
    let written = match read_string(file, name, ctx) {
        Reading::Text(Cow::Borrowed(text)) => return Some(file_str(file, name, text)),
        // Decoded for this read: the key takes the buffer.
        Reading::Text(Cow::Owned(text)) => return Some(Str::from(text)),
        Reading::Template(written) => written,
    };
    let mark = diags.len();
    let value = JsonEval {
        file,
        ctx,
        diags: &mut *diags,
        names: Vec::new(),
        kept: None,
    }
    .template(name, written);
    let value = match value {
        Value::Marked(m) => {
            let (value, key_marks) = m.into_parts();
            *marks |= key_marks;
            value
        }
        value => value,
    };
    if diags.len() > mark || !value.is_known() {
        return None;
    }
    if value.is_null() {
        diags.push(Diagnostic::error(
            "Invalid object key expression",
            "Cannot use null value as an object key.",
            Some(file.range(name)),
        ));
        return None;
    }
    match try_convert(&value, &Type::String, true) {
        Ok(Value::String(s)) => Some(s),
        Ok(_) => None,
        Err(e) => {
            diags.push(Diagnostic::error(
                "Invalid object key expression",
                format!("Cannot use this expression as an object key: {e}."),
                Some(file.range(name)),
            ));
            None
        }
    }
}

#[cold]
fn duplicate(file: &FileData, key: &str, first: NodeId, again: NodeId) -> Diagnostic {
    Diagnostic::error(
        "Duplicate object attribute",
        format!(
            "An attribute named {key:?} was already defined at {}.",
            file.range(first)
        ),
        Some(file.range(again)),
    )
}

/// The value of a JSON string's template; `origin` holds the string's
/// decoded text, which the template's spans index.
fn evaluate_template(
    origin: OriginRef<'_>,
    template: &Template,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> Value {
    Eval::new(origin, diags).template(template, &Env::root(ctx))
}

#[cfg(test)]
#[path = "json_tests.rs"]
mod tests;
