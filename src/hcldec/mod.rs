//! Runtime decoding specs: the `hcldec` model.
//!
//! A [`Spec`] says, at run time, how a body maps onto a [`Value`]: which
//! attributes to read and with what type, which blocks to collect into
//! lists, sets, maps or single objects, which constants to add, and how
//! to post-process a result. It is what the derive does at compile time,
//! given instead as data, so that plugin hosts, policy engines and the
//! `hcl-json` command can take a schema they did not know when built.
//!
//! Every spec kind of HashiCorp's `hcldec` package exists here, with the
//! same result types and the same diagnostics (wording and ranges):
//! [`Spec::decode`] reports every problem of a body at once.
//! [`Spec::implied_type`] gives the result type without a body, and
//! [`Spec::variables`] the variable references decoding a body would
//! evaluate (for dependency graphs). [`SpecFile`] reads a spec from a
//! spec file, the block language of `hcldec`'s command line.
//!
//! This layer only uses the body model ([`Body`] content by schema) and
//! static analysis of expressions, so it works on any syntax's bodies.
//!
//! ```
//! use hcl_json::{hcldec::Spec, EvalContext, Type, Value};
//!
//! let spec = Spec::object([
//!     ("name", Spec::attr("name", Type::String).required()),
//!     ("port", Spec::default(Spec::attr("port", Type::Number), Spec::literal(8080))),
//!     ("listen", Spec::block_list("listen", Spec::object([("addr", Spec::attr("addr", Type::String))]))),
//! ]);
//! let file = hcl_json::parse(r#"{"name": "web", "listen": [{"addr": "a"}, {"addr": "b"}]}"#, "svc.json")?;
//! let value = spec.decode(&file.body(), &EvalContext::new())?;
//! assert_eq!(value.get_attr("port"), Some(&Value::from(8080)));
//! assert_eq!(value.get_attr("listen").and_then(Value::len), Some(2));
//! # Ok::<(), hcl_json::Error>(())
//! ```

mod decode;
mod file;
#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::Arc;

use indexmap::IndexMap;

use crate::body::{Body, Expression};
use crate::diag::Diagnostics;
use crate::eval::{EvalContext, Function};
use crate::value::{Type, Value};

pub use file::SpecFile;

/// A validation function for [`Spec::Validate`]: the diagnostics it
/// returns are added to decoding's; one without a subject gets the range
/// of the wrapped spec.
pub type Validator = Arc<dyn Fn(&Value) -> Diagnostics + Send + Sync>;

/// How to decode a body (or part of one) into a [`Value`].
///
/// Specs that read the *same* body ([`Object`](Spec::Object),
/// [`Tuple`](Spec::Tuple), [`Default`](Spec::Default), the wrappers)
/// combine their children's attributes and block types into one schema;
/// block specs decode each matching block's body with their `nested`
/// spec. Build them with the constructor functions ([`Spec::attr`],
/// [`Spec::block_list`], ...) or the variants directly.
#[derive(Clone)]
#[non_exhaustive]
pub enum Spec {
    /// An object with one attribute per child spec, all reading the same
    /// body (`hcldec.ObjectSpec`).
    Object(IndexMap<String, Spec>),
    /// A tuple with one element per child spec, all reading the same body
    /// (`hcldec.TupleSpec`; `array` in spec files).
    Tuple(Vec<Spec>),
    /// The value of one attribute, converted to `ty`; null when absent
    /// (`hcldec.AttrSpec`).
    Attr {
        /// The attribute's name in the body.
        name: String,
        /// The type the value is converted to (`Type::Dynamic`: as is).
        ty: Type,
        /// Whether a body without it is an error.
        required: bool,
    },
    /// A constant (`hcldec.LiteralSpec`).
    Literal(Value),
    /// An expression given by the application, evaluated with the
    /// decoding context (`hcldec.ExprSpec`).
    Expr(Expression),
    /// At most one block of a type, decoded by `nested`; null when absent
    /// (`hcldec.BlockSpec`).
    Block {
        /// The block type name.
        type_name: String,
        /// How to decode the block's body.
        nested: Box<Spec>,
        /// Whether a body without such a block is an error.
        required: bool,
    },
    /// Every block of a type, as a list (`hcldec.BlockListSpec`).
    BlockList(BlockCollection),
    /// Every block of a type, as a set (`hcldec.BlockSetSpec`).
    BlockSet(BlockCollection),
    /// Every block of a type, as a tuple: element types may differ
    /// (`hcldec.BlockTupleSpec`).
    BlockTuple(BlockCollection),
    /// Every block of a type, as nested maps keyed by the leading labels
    /// (`hcldec.BlockMapSpec`).
    BlockMap(BlockKeyed),
    /// Like [`BlockMap`](Spec::BlockMap) with objects instead of maps, so
    /// element types may differ (`hcldec.BlockObjectSpec`).
    BlockObject(BlockKeyed),
    /// The attributes of one block of a type as a map of `element_type`
    /// (`hcldec.BlockAttrsSpec`).
    BlockAttrs {
        /// The block type name.
        type_name: String,
        /// The type each attribute's value is converted to.
        element_type: Type,
        /// Whether a body without such a block is an error.
        required: bool,
    },
    /// A label of the block whose body is being decoded: the block spec
    /// reading it asks for that many labels (`hcldec.BlockLabelSpec`).
    Label {
        /// The label's position, from 0.
        index: usize,
        /// The label's name, for messages.
        name: String,
    },
    /// `primary`, or `default` when `primary` gives null
    /// (`hcldec.DefaultSpec`).
    Default {
        /// Decoded first.
        primary: Box<Spec>,
        /// Decoded when `primary` is null.
        default: Box<Spec>,
    },
    /// `wrapped`, then `expr` evaluated in `context` with the result bound
    /// to `var_name` (`hcldec.TransformExprSpec`; `transform` in spec
    /// files, with `nested`).
    Transform {
        /// The spec whose result is transformed.
        wrapped: Box<Spec>,
        /// The expression computing the result.
        expr: Expression,
        /// The context `expr` is evaluated in (a child of it, with
        /// `var_name` bound).
        context: EvalContext,
        /// The variable holding the wrapped result.
        var_name: String,
    },
    /// `wrapped`, then passed to a one-parameter function
    /// (`hcldec.TransformFuncSpec`).
    TransformFunc {
        /// The spec whose result is transformed.
        wrapped: Box<Spec>,
        /// The function applied to it.
        function: Function,
    },
    /// `wrapped`, checked by a function (`hcldec.ValidateSpec`).
    Validate {
        /// The spec whose result is checked.
        wrapped: Box<Spec>,
        /// The check.
        validator: Validator,
    },
}

/// The fields of [`Spec::BlockList`], [`Spec::BlockSet`] and
/// [`Spec::BlockTuple`].
#[derive(Debug, Clone)]
pub struct BlockCollection {
    /// The block type name.
    pub type_name: String,
    /// How to decode each block's body.
    pub nested: Box<Spec>,
    /// The fewest blocks allowed.
    pub min_items: usize,
    /// The most blocks allowed; 0 for no limit.
    pub max_items: usize,
}

/// The fields of [`Spec::BlockMap`] and [`Spec::BlockObject`].
#[derive(Debug, Clone)]
pub struct BlockKeyed {
    /// The block type name.
    pub type_name: String,
    /// The labels that key the result, one level each (at least one).
    pub label_names: Vec<String>,
    /// How to decode each block's body.
    pub nested: Box<Spec>,
}

impl Spec {
    /// An object spec from `(key, spec)` pairs, in order.
    pub fn object<K: Into<String>>(children: impl IntoIterator<Item = (K, Spec)>) -> Spec {
        Spec::Object(children.into_iter().map(|(k, s)| (k.into(), s)).collect())
    }

    /// A tuple spec.
    pub fn tuple(children: impl IntoIterator<Item = Spec>) -> Spec {
        Spec::Tuple(children.into_iter().collect())
    }

    /// An optional attribute of type `ty`; see [`required`](Spec::required).
    pub fn attr(name: impl Into<String>, ty: Type) -> Spec {
        Spec::Attr {
            name: name.into(),
            ty,
            required: false,
        }
    }

    /// A constant.
    pub fn literal(value: impl Into<Value>) -> Spec {
        Spec::Literal(value.into())
    }

    /// At most one block of `type_name`.
    pub fn block(type_name: impl Into<String>, nested: Spec) -> Spec {
        Spec::Block {
            type_name: type_name.into(),
            nested: Box::new(nested),
            required: false,
        }
    }

    /// Every block of `type_name` as a list.
    pub fn block_list(type_name: impl Into<String>, nested: Spec) -> Spec {
        Spec::BlockList(BlockCollection::new(type_name, nested))
    }

    /// Every block of `type_name` as a set.
    pub fn block_set(type_name: impl Into<String>, nested: Spec) -> Spec {
        Spec::BlockSet(BlockCollection::new(type_name, nested))
    }

    /// Every block of `type_name` as a tuple.
    pub fn block_tuple(type_name: impl Into<String>, nested: Spec) -> Spec {
        Spec::BlockTuple(BlockCollection::new(type_name, nested))
    }

    /// Every block of `type_name` as maps keyed by `label_names`.
    pub fn block_map(type_name: impl Into<String>, label_names: &[&str], nested: Spec) -> Spec {
        Spec::BlockMap(BlockKeyed::new(type_name, label_names, nested))
    }

    /// Every block of `type_name` as objects keyed by `label_names`.
    pub fn block_object(type_name: impl Into<String>, label_names: &[&str], nested: Spec) -> Spec {
        Spec::BlockObject(BlockKeyed::new(type_name, label_names, nested))
    }

    /// The attributes of one block of `type_name`, as a map.
    pub fn block_attrs(type_name: impl Into<String>, element_type: Type) -> Spec {
        Spec::BlockAttrs {
            type_name: type_name.into(),
            element_type,
            required: false,
        }
    }

    /// The label at `index` of the block being decoded.
    pub fn label(index: usize, name: impl Into<String>) -> Spec {
        Spec::Label {
            index,
            name: name.into(),
        }
    }

    /// `primary`, or `default` when it is null.
    pub fn default(primary: Spec, default: Spec) -> Spec {
        Spec::Default {
            primary: Box::new(primary),
            default: Box::new(default),
        }
    }

    /// `wrapped`, transformed by `expr` evaluated in a child of `context`
    /// where `var_name` is the wrapped result.
    pub fn transform(
        wrapped: Spec,
        expr: Expression,
        context: EvalContext,
        var_name: impl Into<String>,
    ) -> Spec {
        Spec::Transform {
            wrapped: Box::new(wrapped),
            expr,
            context,
            var_name: var_name.into(),
        }
    }

    /// `wrapped`, checked by `validator`.
    pub fn validate(
        wrapped: Spec,
        validator: impl Fn(&Value) -> Diagnostics + Send + Sync + 'static,
    ) -> Spec {
        Spec::Validate {
            wrapped: Box::new(wrapped),
            validator: Arc::new(validator),
        }
    }

    /// The same spec made required (for [`Attr`](Spec::Attr),
    /// [`Block`](Spec::Block) and [`BlockAttrs`](Spec::BlockAttrs); others
    /// are returned unchanged).
    pub fn required(mut self) -> Spec {
        match &mut self {
            Spec::Attr { required, .. }
            | Spec::Block { required, .. }
            | Spec::BlockAttrs { required, .. } => *required = true,
            _ => {}
        }
        self
    }

    /// The same collection spec with item limits (for the `BlockList`,
    /// `BlockSet` and `BlockTuple` kinds; others are returned unchanged).
    /// A `max_items` of 0 means no limit.
    pub fn items(mut self, min_items: usize, max_items: usize) -> Spec {
        if let Spec::BlockList(c) | Spec::BlockSet(c) | Spec::BlockTuple(c) = &mut self {
            c.min_items = min_items;
            c.max_items = max_items;
        }
        self
    }

    /// The type every value this spec decodes has (or conforms to):
    /// `Type::Dynamic` where it depends on the body (`any` attributes,
    /// block tuples and block objects, transforms whose result type
    /// depends on the value).
    ///
    /// ```
    /// use hcl_json::{hcldec::Spec, Type};
    ///
    /// let spec = Spec::block_map("svc", &["name"], Spec::object([("port", Spec::attr("port", Type::Number))]));
    /// assert_eq!(spec.implied_type().to_string(), "map(object({port=number}))");
    /// ```
    pub fn implied_type(&self) -> Type {
        decode::implied_type(self)
    }

    /// Decodes `body`: the value (of the [implied type](Spec::implied_type))
    /// or every problem found.
    pub fn decode(&self, body: &Body, ctx: &EvalContext) -> Result<Value, crate::diag::Error> {
        let (value, diags) = self.decode_with_diagnostics(body, ctx);
        diags.into_result(value).map_err(|e| body.attach(e))
    }

    /// Decodes `body`, returning the value even when there are problems
    /// (parts that failed are unknown or null, as in `hcldec.Decode`)
    /// together with every diagnostic, warnings included.
    ///
    /// Like [`decode_body`](crate::decode::decode_body), the whole decoding is one
    /// evaluation for the budget of `ctx`'s [`Limits`](crate::value::limits::Limits), so
    /// that a file of many attributes cannot multiply what one expression
    /// may produce; past it, the limit is reported once.
    pub fn decode_with_diagnostics(&self, body: &Body, ctx: &EvalContext) -> (Value, Diagnostics) {
        let size = crate::decode::budget_size(body);
        metered(size, Some(body.range()), ctx, |diags| {
            decode::decode_body(body, &[], ctx, self, diags)
        })
    }

    /// Decodes several bodies as one, the way `hcldec` merges several input
    /// files (`hcl.MergeBodies`): attributes may come from any of them but
    /// only once ("Duplicate argument"), blocks from all of them in order.
    pub fn decode_merged_with_diagnostics(
        &self,
        bodies: &[Body],
        ctx: &EvalContext,
    ) -> (Value, Diagnostics) {
        let size = bodies.iter().map(crate::decode::budget_size).sum();
        let at = bodies.first().map(Body::range);
        metered(size, at, ctx, |diags| {
            decode::decode_merged(bodies, ctx, self, diags)
        })
    }

    /// [`variables`](Spec::variables) over several bodies merged into one.
    pub fn variables_merged(&self, bodies: &[Body]) -> Vec<crate::analysis::Traversal> {
        decode::variables_merged(bodies, self)
    }

    /// The variables decoding `body` refers to, in the order
    /// `hcldec.Variables` gives them: the traversals of the attributes this
    /// spec reads, and those of the blocks its block specs read.
    pub fn variables(&self, body: &Body) -> Vec<crate::analysis::Traversal> {
        decode::variables(body, self)
    }
}

/// Runs `decode` (a decoding by a spec of `size` bytes of source, at
/// `range`) as one evaluation for the budget of `ctx`'s limits, the limit
/// reported once.
fn metered(
    size: usize,
    range: Option<crate::pos::Range>,
    ctx: &EvalContext,
    decode: impl FnOnce(&mut Diagnostics) -> Value,
) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let meter = match crate::value::limits::enter(ctx.limits(), size) {
        Ok(meter) => meter,
        Err(e) => {
            diags.push(e.diagnostic(range));
            return (Value::dynamic(), diags);
        }
    };
    let value = decode(&mut diags);
    let exceeded = crate::value::limits::exceeded().is_some();
    drop(meter);
    if exceeded {
        diags = crate::decode::limit_reported_once(diags);
    }
    (value, diags)
}

impl BlockCollection {
    fn new(type_name: impl Into<String>, nested: Spec) -> BlockCollection {
        BlockCollection {
            type_name: type_name.into(),
            nested: Box::new(nested),
            min_items: 0,
            max_items: 0,
        }
    }
}

impl BlockKeyed {
    fn new(type_name: impl Into<String>, label_names: &[&str], nested: Spec) -> BlockKeyed {
        BlockKeyed {
            type_name: type_name.into(),
            label_names: label_names.iter().map(ToString::to_string).collect(),
            nested: Box::new(nested),
        }
    }
}

impl fmt::Debug for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Object(children) => f.debug_map().entries(children.iter()).finish(),
            Spec::Tuple(children) => f.debug_list().entries(children.iter()).finish(),
            Spec::Attr { name, ty, required } => f
                .debug_struct("Attr")
                .field("name", name)
                .field("ty", ty)
                .field("required", required)
                .finish(),
            Spec::Literal(v) => f.debug_tuple("Literal").field(v).finish(),
            Spec::Expr(e) => f.debug_tuple("Expr").field(&e.range()).finish(),
            Spec::Block {
                type_name,
                nested,
                required,
            } => f
                .debug_struct("Block")
                .field("type_name", type_name)
                .field("nested", nested)
                .field("required", required)
                .finish(),
            Spec::BlockList(c) => f.debug_tuple("BlockList").field(c).finish(),
            Spec::BlockSet(c) => f.debug_tuple("BlockSet").field(c).finish(),
            Spec::BlockTuple(c) => f.debug_tuple("BlockTuple").field(c).finish(),
            Spec::BlockMap(k) => f.debug_tuple("BlockMap").field(k).finish(),
            Spec::BlockObject(k) => f.debug_tuple("BlockObject").field(k).finish(),
            Spec::BlockAttrs {
                type_name,
                element_type,
                required,
            } => f
                .debug_struct("BlockAttrs")
                .field("type_name", type_name)
                .field("element_type", element_type)
                .field("required", required)
                .finish(),
            Spec::Label { index, name } => f
                .debug_struct("Label")
                .field("index", index)
                .field("name", name)
                .finish(),
            Spec::Default { primary, default } => f
                .debug_struct("Default")
                .field("primary", primary)
                .field("default", default)
                .finish(),
            Spec::Transform {
                wrapped, var_name, ..
            } => f
                .debug_struct("Transform")
                .field("wrapped", wrapped)
                .field("var_name", var_name)
                .finish_non_exhaustive(),
            Spec::TransformFunc { wrapped, .. } => f
                .debug_struct("TransformFunc")
                .field("wrapped", wrapped)
                .finish_non_exhaustive(),
            Spec::Validate { wrapped, .. } => f
                .debug_struct("Validate")
                .field("wrapped", wrapped)
                .finish_non_exhaustive(),
        }
    }
}
