//! A JSON Schema (draft 2020-12) of the JSON-syntax form of a
//! `#[derive(HclDecode)]` type: [`json_schema`] and [`JsonSchema`]. An
//! editor given it completes, describes and checks an application's
//! `.hcl.json` files as the user types, with what the derive already knows
//! (the attributes and blocks, their types, labels and doc comments).
//!
//! The schema follows HCL's JSON syntax
//! (<https://github.com/hashicorp/hcl/blob/main/json/spec.md>): a body is
//! an object or an array of objects; "//" properties are comments; a block
//! is an object (or an array of objects, several blocks), under one level
//! of objects (or arrays of objects) per label; a JSON string in an
//! attribute may hold a template whose value only evaluation can tell.
//! Reading bodies and decoding belong to `body` and `decode`; the value an
//! attribute field expects comes from its type's
//! [`Shape`].

mod json;

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::decode::spec::{Cardinality, DecodeSpec, FieldKind, MAP_KEY_LABEL};
use crate::decode::{HclDecode, Shape};

use json::Json;

/// The draft the schema is written for.
const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// A string holding an interpolation or a directive: a template, whose
/// value only evaluation can tell (`"${var.port}"`, `"%{ if x }...%{ endif }"`).
const TEMPLATE: &str = r"\$\{|%\{";

/// A string that is one interpolation and nothing else: the only template
/// whose value may be a list or an object (`"${var.tags}"`).
const ONE_INTERPOLATION: &str = r"^\$\{[\s\S]*\}$";

/// The strings HCL converts to a boolean.
const BOOL_STRING: &str = "^(true|false|1|0)$";

/// The strings HCL converts to a whole number.
const INTEGER_STRING: &str = "^-?[0-9]+$";

/// The strings HCL converts to a number.
const NUMBER_STRING: &str = r"^[+-]?(Inf|inf|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)$";

/// A JSON Schema document, from [`json_schema`].
///
/// `Display` writes it compactly, and with two-space indentation in the
/// alternate form (`{:#}`), as [`JsonSchema::to_string_pretty`] does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonSchema {
    root: Json,
}

impl JsonSchema {
    /// The schema as JSON text, indented by two spaces, ending with a
    /// newline: the content of a `.schema.json` file.
    pub fn to_string_pretty(&self) -> String {
        format!("{self:#}\n")
    }
}

impl fmt::Display for JsonSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.root.write(f, f.alternate().then_some(0))
    }
}

/// The JSON Schema (draft 2020-12) of `T`'s configuration files in HCL's
/// JSON syntax (`.hcl.json`): what `hcl_json::from_str::<T>` reads.
///
/// - Each attribute field is a property whose value has the shape of the
///   field's type ([`HasShape`](crate::decode::HasShape); any value for a
///   type without it, or a field read by a `deserialize_with` function).
///   Where HCL would read a string in its place, a string may stand: one
///   holding a template (`"${var.port}"` for a number, `"${var.tags}"` for
///   a list) and, for numbers and booleans, one that converts
///   (`"8080"`, `"true"`); an `#[hcl(attr, literal)]` field takes no
///   templates.
/// - Each block field is a property holding one object per label level,
///   then the block's body; at every level an array of objects may stand
///   for several (`{"service": {"web": {...}}}`,
///   `{"service": [{"web": {...}}, {"db": {...}}]}`); an enum of block
///   types lists its variants under the first label.
/// - Attributes and single blocks that must be present are `required`; a
///   body without a `#[hcl(remain)]` field admits no other property
///   (`additionalProperties: false`); `"//"` (a comment) is allowed in
///   every body; a body may also be an array of objects, as HCL allows.
/// - Doc comments of the types and fields are `description`s; each block
///   type is one entry of `$defs`, named after the Rust type.
///
/// The schema accepts a little more than the decoder where only evaluation
/// can tell (the value of a template, a number too large after
/// conversion, the count of labelled blocks), so an editor never flags a
/// valid file; and it is stricter in one place: a body nested in arrays of
/// arrays, which HCL reads but never writes.
///
/// ```
/// use hcl_json::HclDecode;
///
/// /// The application's configuration.
/// #[derive(HclDecode)]
/// struct Config {
///     /// The port to listen on.
///     #[hcl(attr)]
///     port: u16,
/// }
///
/// let schema = hcl_json::json_schema::<Config>().to_string();
/// assert!(schema.starts_with(r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Config","#));
/// assert!(schema.contains(r#""port":{"description":"The port to listen on.","anyOf":[{"type":"integer","minimum":0,"maximum":65535},"#));
/// ```
pub fn json_schema<T: HclDecode>() -> JsonSchema {
    let spec = T::decode_spec();
    let mut gen = Generator::default();
    let mut root = Json::object([
        ("$schema", Json::str(DRAFT)),
        ("title", Json::str(spec.type_name)),
    ]);
    if !spec.doc.is_empty() {
        root.push("description", Json::str(spec.doc));
    }
    let body = if spec.variants.is_empty() {
        let name = gen.def_name(spec);
        Json::object([(
            "anyOf",
            Json::Array(vec![
                body_ref(&name, spec),
                Json::object([
                    ("type", Json::str("array")),
                    ("items", Json::object([("$ref", def_ref(&name))])),
                ]),
            ]),
        )])
    } else {
        // An enum of block types has no body of its own: any variant's.
        let variants = spec
            .variants
            .iter()
            .map(|v| {
                let spec = (v.spec)();
                let name = gen.def_name(spec);
                body_ref(&name, spec)
            })
            .collect();
        Json::object([("anyOf", Json::Array(variants))])
    };
    if let Json::Object(props) = body {
        for (k, v) in props {
            root.push(&k, v);
        }
    }
    let defs = gen.finish();
    root.push("$defs", Json::Object(defs));
    JsonSchema { root }
}

/// The `$defs` being written: each block type's body, and each label
/// level of blocks (which appears twice, in the object and the array
/// forms, so it is written once and referred to).
#[derive(Default)]
struct Generator {
    /// The index in `defs` of each plan, by address (two types may share a
    /// name).
    names: HashMap<*const DecodeSpec, usize>,
    /// The names given so far.
    used: HashSet<String>,
    /// Plans named but not yet written.
    queue: Vec<&'static DecodeSpec>,
    /// The definitions, in the order met; a body is `None` until written.
    defs: Vec<(String, Option<Json>)>,
    /// The name of each label level written, by its text.
    levels: HashMap<String, String>,
}

impl Generator {
    /// `base`, or `base` with the first number that makes it new.
    fn unique(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 1;
        while self.used.contains(&name) {
            n += 1;
            name = format!("{base}{n}");
        }
        self.used.insert(name.clone());
        name
    }

    /// The `$defs` name of a plan, queued for writing when new.
    fn def_name(&mut self, spec: &'static DecodeSpec) -> String {
        if let Some(&i) = self.names.get(&std::ptr::from_ref(spec)) {
            return self.defs[i].0.clone();
        }
        let name = self.unique(spec.type_name);
        self.names.insert(std::ptr::from_ref(spec), self.defs.len());
        self.defs.push((name.clone(), None));
        self.queue.push(spec);
        name
    }

    /// A reference to `json`, defined once under a name made from `base`.
    fn define(&mut self, base: &str, json: Json) -> Json {
        let text = json.to_string();
        let name = if let Some(name) = self.levels.get(&text) {
            name.clone()
        } else {
            let name = self.unique(base);
            self.levels.insert(text, name.clone());
            self.defs.push((name.clone(), Some(json)));
            name
        };
        Json::object([("$ref", def_ref(&name))])
    }

    /// Writes every queued body (and those they name), in the order met.
    fn finish(mut self) -> Vec<(String, Json)> {
        let mut next = 0;
        while next < self.queue.len() {
            let spec = self.queue[next];
            next += 1;
            let body = self.body(spec);
            let i = self.names[&std::ptr::from_ref(spec)];
            self.defs[i].1 = Some(body);
        }
        self.defs
            .into_iter()
            .filter_map(|(name, json)| Some((name, json?)))
            .collect()
    }

    /// The object form of a body, without its `required` list (which
    /// applies to a whole body, not to each object of an array form).
    fn body(&mut self, spec: &'static DecodeSpec) -> Json {
        let mut props = Vec::new();
        for f in &spec.fields {
            let (name, mut value) = match f.kind {
                FieldKind::Attr { name, literal, .. } => (name, attribute(&(f.shape)(), literal)),
                FieldKind::Block {
                    type_name,
                    cardinality,
                    spec: block_spec,
                    default,
                } => {
                    let block_spec = block_spec();
                    let key = matches!(cardinality, Cardinality::Map(_)).then_some(MAP_KEY_LABEL);
                    let labels: Vec<&str> =
                        key.into_iter().chain(f.labels().iter().copied()).collect();
                    let choice_at =
                        (!block_spec.variants.is_empty()).then_some(usize::from(key.is_some()));
                    let shape = BlockShape {
                        spec: block_spec,
                        cardinality,
                        default,
                        choice_at,
                    };
                    let mut value = self.blocks(&shape, &labels, 0);
                    if f.doc.is_empty() && !block_spec.doc.is_empty() {
                        value.push_front("description", Json::str(block_spec.doc));
                    }
                    (type_name, value)
                }
                _ => continue,
            };
            if !f.doc.is_empty() {
                value.push_front("description", Json::str(f.doc));
            }
            props.push((name.to_string(), value));
        }
        props.push((
            "//".to_string(),
            Json::object([("description", Json::str("A comment, ignored."))]),
        ));
        let mut body = Json::object([("type", Json::str("object"))]);
        if !spec.doc.is_empty() {
            body.push("description", Json::str(spec.doc));
        }
        body.push("properties", Json::Object(props));
        if !spec.has_remain {
            body.push("additionalProperties", Json::Bool(false));
        }
        body
    }

    /// The value of a block property from label level `level` on: an
    /// object keyed by the label (or an array of such objects), down to
    /// the bodies.
    fn blocks(&mut self, shape: &BlockShape, labels: &[&str], level: usize) -> Json {
        let single = !matches!(shape.cardinality, Cardinality::Many | Cardinality::Map(_));
        let Some((label, rest)) = labels.split_first() else {
            return self.bodies(shape, single);
        };
        let mut by_label = Json::object([
            ("type", Json::str("object")),
            ("minProperties", Json::Int(1)),
        ]);
        if single {
            by_label.push("maxProperties", Json::Int(1));
        }
        if shape.choice_at == Some(level) {
            // The label chooses the variant; the variants take no labels.
            let variants = shape
                .spec
                .variants
                .iter()
                .map(|v| {
                    let variant = BlockShape {
                        spec: (v.spec)(),
                        choice_at: None,
                        ..*shape
                    };
                    (v.label.to_string(), self.blocks(&variant, rest, level + 1))
                })
                .collect();
            by_label.push("properties", Json::Object(variants));
            by_label.push("additionalProperties", Json::Bool(false));
        } else {
            by_label.push("additionalProperties", self.blocks(shape, rest, level + 1));
        }
        let by_label = self.define(&format!("{}.{label}", shape.spec.type_name), by_label);
        one_or_array(by_label, single, true)
    }

    /// One body (an object), or several in an array.
    fn bodies(&mut self, shape: &BlockShape, single: bool) -> Json {
        let name = self.def_name(shape.spec);
        let one = body_ref(&name, shape.spec);
        let required = matches!(shape.cardinality, Cardinality::One) && !shape.default;
        one_or_array(one, single, required)
    }
}

/// What a block field holds, for [`Generator::blocks`].
#[derive(Clone, Copy)]
struct BlockShape {
    spec: &'static DecodeSpec,
    cardinality: Cardinality,
    default: bool,
    /// The label level whose keys choose an enum's variant.
    choice_at: Option<usize>,
}

/// `item`, or an array of `item`s: at most one when `single`, at least
/// one when `nonempty`.
fn one_or_array(item: Json, single: bool, nonempty: bool) -> Json {
    let mut array = Json::object([("type", Json::str("array")), ("items", item.clone())]);
    if nonempty {
        array.push("minItems", Json::Int(1));
    }
    if single {
        array.push("maxItems", Json::Int(1));
    }
    Json::object([("anyOf", Json::Array(vec![item, array]))])
}

fn def_ref(name: &str) -> Json {
    Json::Str(format!("#/$defs/{name}"))
}

/// A whole body of the named type: its object form and what it requires.
fn body_ref(name: &str, spec: &DecodeSpec) -> Json {
    let mut json = Json::object([("$ref", def_ref(name))]);
    let required: Vec<&str> = spec
        .fields
        .iter()
        .filter_map(|f| match f.kind {
            FieldKind::Attr {
                name,
                required: true,
                ..
            } => Some(name),
            FieldKind::Block {
                type_name,
                cardinality: Cardinality::One,
                default: false,
                ..
            } => Some(type_name),
            _ => None,
        })
        .collect();
    if !required.is_empty() {
        json.push("required", Json::strings(required));
    }
    json
}

/// An attribute's value of `shape`; in literal-only mode when `literal`.
fn attribute(shape: &Shape, literal: bool) -> Json {
    let typed = |ty: &str| Json::object([("type", Json::str(ty))]);
    // A string that converts (`literal_pattern`) or, in full-expression
    // mode, holds a template.
    let string_alt = |literal_pattern: Option<&str>, template: &str| {
        let pattern = match (literal_pattern, literal) {
            (Some(p), true) => p.to_string(),
            (Some(p), false) => format!("{p}|{template}"),
            (None, true) => return None,
            (None, false) => template.to_string(),
        };
        Some(Json::object([
            ("type", Json::str("string")),
            ("pattern", Json::Str(pattern)),
        ]))
    };
    let (value, alt) = match shape {
        Shape::Any => return Json::Object(Vec::new()),
        Shape::String => {
            return Json::object([("type", Json::strings(["string", "number", "boolean"]))])
        }
        Shape::Bool => (typed("boolean"), string_alt(Some(BOOL_STRING), TEMPLATE)),
        Shape::Number => (typed("number"), string_alt(Some(NUMBER_STRING), TEMPLATE)),
        Shape::Integer { min, max } => {
            let mut json = typed("integer");
            if let Some(min) = min {
                json.push("minimum", Json::Int(*min));
            }
            if let Some(max) = max {
                json.push("maximum", Json::Int(*max));
            }
            (json, string_alt(Some(INTEGER_STRING), TEMPLATE))
        }
        Shape::OneOf(names) => (
            Json::object([("enum", Json::strings(names.iter().map(String::as_str)))]),
            string_alt(None, TEMPLATE),
        ),
        Shape::List(item) => {
            let mut json = typed("array");
            json.push("items", attribute(item, literal));
            (json, string_alt(None, ONE_INTERPOLATION))
        }
        Shape::Map(value) => {
            let mut json = typed("object");
            json.push("additionalProperties", attribute(value, literal));
            (json, string_alt(None, ONE_INTERPOLATION))
        }
        Shape::Object(attrs) => {
            let mut json = typed("object");
            let props = attrs
                .iter()
                .map(|(name, shape)| (name.clone(), attribute(shape, literal)))
                .collect();
            json.push("properties", Json::Object(props));
            let required: Vec<&str> = attrs
                .iter()
                .filter(|(_, s)| !matches!(s, Shape::Optional(_)))
                .map(|(n, _)| n.as_str())
                .collect();
            if !required.is_empty() {
                json.push("required", Json::strings(required));
            }
            (json, string_alt(None, ONE_INTERPOLATION))
        }
        Shape::Optional(inner) => {
            let inner = attribute(inner, literal);
            if inner == Json::Object(Vec::new()) {
                return inner;
            }
            let mut alts = alternatives(inner);
            alts.push(typed("null"));
            return Json::object([("anyOf", Json::Array(alts))]);
        }
    };
    match alt {
        Some(alt) => Json::object([("anyOf", Json::Array(vec![value, alt]))]),
        None => value,
    }
}

/// The alternatives of a schema: the members of a lone `anyOf`, or the
/// schema itself.
fn alternatives(json: Json) -> Vec<Json> {
    match json {
        Json::Object(mut props) if props.len() == 1 && props[0].0 == "anyOf" => match props.pop() {
            Some((_, Json::Array(alts))) => alts,
            other => vec![Json::Object(other.into_iter().collect())],
        },
        other => vec![other],
    }
}
