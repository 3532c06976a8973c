//! Type constraint expressions: `string`, `list(string)`,
//! `object({name = string, port = optional(number, 80)})`, the way
//! Terraform's `variable` blocks write their `type`.
//!
//! A constraint is read by static analysis, never evaluated: the keyword and
//! call structure of the expression is the type. In JSON the expression is a
//! string whose content is parsed as a native expression (`"list(string)"`).
//! `optional(T)` and `optional(T, default)` attributes make a
//! [`TypeConstraint`] that knows which attributes may be omitted and what to
//! fill them with before converting a value.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::body::{Expression, NativeExpr};
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::eval::EvalContext;
use crate::native::{Expr, ExprKind, ObjectKey, Span};
use crate::value::{
    attributes_required, convert_unsafe, without_extra_map_keys, ConversionError, PathStep, Str,
    Type, Value,
};

const INVALID: &str = "Invalid type specification";

/// The type an expression denotes, ignoring `optional` defaults.
///
/// ```
/// use hcl_json::{ext::typeexpr::type_constraint, Type};
///
/// let file = hcl_json::parse(r#"{"type": "map(list(string))"}"#, "v.tf.json")?;
/// let expr = file.body().just_attributes()?["type"].expr.clone();
/// assert_eq!(type_constraint(&expr)?, Type::map(Type::list(Type::String)));
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn type_constraint(expr: &Expression) -> Result<Type, Error> {
    Ok(TypeConstraint::parse(expr)?.ty)
}

/// A type constraint with its optional attributes and their defaults.
///
/// It displays as Terraform prints a type constraint (HCL's
/// `typeexpr.TypeString`): `list(string)`, `object({a=number,b=string})`
/// with the attributes sorted by name, `optional(...)` around the type of
/// an optional attribute, `any` for the dynamic pseudo-type. Defaults are
/// not part of the printed type (they are in [`Optional::defaults`]).
///
/// ```
/// use hcl_json::ext::typeexpr::TypeConstraint;
///
/// let src = r#"{"type": "list(object({port = optional(number, 80), name = string}))"}"#;
/// let file = hcl_json::parse(src, "variables.tf.json")?;
/// let expr = file.body().just_attributes()?["type"].expr.clone();
/// let constraint = TypeConstraint::parse(&expr)?;
/// assert_eq!(
///     constraint.to_string(),
///     "list(object({name=string,port=optional(number)}))"
/// );
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct TypeConstraint {
    /// The type values are converted to.
    pub ty: Type,
    /// What `optional` says about the type's objects, if anything.
    pub optional: Optional,
}

/// The optional attributes and defaults of a constraint, shaped like its
/// type: each object level lists its optional attributes and defaults, and
/// nested levels are reached by attribute name, or by `"*"` for the elements
/// of a list, set or map, or by the index for tuple elements.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Optional {
    /// Attributes of this object that may be omitted.
    pub attributes: BTreeSet<String>,
    /// Defaults for omitted (or null) optional attributes.
    pub defaults: BTreeMap<String, Value>,
    /// The same for nested types.
    pub children: BTreeMap<String, Optional>,
}

impl Optional {
    fn is_empty(&self) -> bool {
        self.attributes.is_empty() && self.children.is_empty()
    }
}

impl fmt::Display for TypeConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_constraint(f, &self.ty, &self.optional)
    }
}

/// Writes `ty` with the optional attributes `optional` marks, the way
/// `typeexpr.TypeString` does.
fn write_constraint(f: &mut fmt::Formatter<'_>, ty: &Type, optional: &Optional) -> fmt::Result {
    if optional.is_empty() {
        return write!(f, "{ty}");
    }
    let empty = Optional::default();
    let child = |key: &str| optional.children.get(key).unwrap_or(&empty);
    match ty {
        Type::List(elem) | Type::Set(elem) | Type::Map(elem) => {
            let kind = match ty {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            write!(f, "{kind}(")?;
            write_constraint(f, elem, child("*"))?;
            f.write_str(")")
        }
        Type::Object(attrs) => {
            f.write_str("object({")?;
            for (i, (name, attr_ty)) in attrs.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{name}=")?;
                if optional.attributes.contains(name) {
                    f.write_str("optional(")?;
                    write_constraint(f, attr_ty, child(name))?;
                    f.write_str(")")?;
                } else {
                    write_constraint(f, attr_ty, child(name))?;
                }
            }
            f.write_str("})")
        }
        Type::Tuple(elems) => {
            f.write_str("tuple([")?;
            for (i, elem) in elems.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_constraint(f, elem, child(&i.to_string()))?;
            }
            f.write_str("])")
        }
        _ => write!(f, "{ty}"),
    }
}

impl TypeConstraint {
    /// Reads the constraint an expression denotes.
    pub fn parse(expr: &Expression) -> Result<TypeConstraint, Error> {
        let native = match expr.as_native() {
            Some(Err(_)) if expr.source_text().contains("${") => {
                return Err(Error::at(
                    INVALID,
                    "A type specification is not a template: write the type itself, like \"list(string)\", not \"${list(string)}\".",
                    expr.range(),
                )
                .with_source(expr.diag_source()))
            }
            Some(result) => result?,
            None => {
                return Err(Error::at(
                    INVALID,
                    "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string), written as a JSON string.",
                    expr.range(),
                )
                .with_source(expr.diag_source()))
            }
        };
        let reader = Reader { native: &native };
        let mut diags = Diagnostics::new();
        let (ty, optional) = reader.read(&native.expr, false, &mut diags);
        diags
            .into_result(TypeConstraint { ty, optional })
            .map_err(|e| e.with_source(expr.diag_source()))
    }

    /// Applies the defaults of omitted or null optional attributes, checks
    /// that every required attribute is present, and converts `value` to the
    /// type (with the unsafe conversions HCL applications use for input).
    pub fn convert(&self, value: &Value) -> Result<Value, Error> {
        let with_defaults = apply_defaults(value.clone(), &self.optional);
        check_required(&with_defaults, &self.ty, &self.optional, &mut Vec::new())?;
        convert_unsafe(
            &without_extra_map_keys(Cow::Owned(with_defaults), &self.ty),
            &self.ty,
        )
    }
}

/// Walks a native expression as a type.
struct Reader<'a> {
    native: &'a NativeExpr,
}

impl Reader<'_> {
    fn error(
        &self,
        diags: &mut Diagnostics,
        span: Span,
        detail: impl Into<String>,
    ) -> (Type, Optional) {
        diags.push(Diagnostic::error(
            INVALID,
            detail,
            Some(self.native.origin.as_ref().range(span)),
        ));
        (Type::Dynamic, Optional::default())
    }

    /// `in_object` is whether `optional(...)` is allowed here.
    fn read(&self, e: &Expr, in_object: bool, diags: &mut Diagnostics) -> (Type, Optional) {
        let _ = in_object;
        match &e.kind {
            ExprKind::Variable(id) => match &*id.name {
                "string" => (Type::String, Optional::default()),
                "number" => (Type::Number, Optional::default()),
                "bool" => (Type::Bool, Optional::default()),
                "any" => (Type::Dynamic, Optional::default()),
                "list" | "map" | "set" => self.error(
                    diags,
                    e.span,
                    format!("The {} type constructor requires one argument specifying the element type.", &*id.name),
                ),
                "object" => self.error(diags, e.span, "The object type constructor requires one argument specifying the attribute types and values as a map."),
                "tuple" => self.error(diags, e.span, "The tuple type constructor requires one argument specifying the element types as a list."),
                other => self.error(diags, e.span, format!("The keyword {other:?} is not a valid type specification.")),
            },
            ExprKind::Parens(inner) => self.read(inner, in_object, diags),
            ExprKind::Call(call) => {
                let name = &*call.name.name;
                let args = &call.args;
                match name {
                    "string" | "number" | "bool" => self.error(
                        diags,
                        e.span,
                        format!("Primitive type keyword {name:?} does not expect arguments."),
                    ),
                    "any" => self.error(
                        diags,
                        e.span,
                        format!("Type constraint keyword {name:?} does not expect arguments."),
                    ),
                    "list" | "set" | "map" => {
                        if args.len() != 1 {
                            return self.error(diags, e.span, format!("The {name} type constructor requires one argument specifying the element type."));
                        }
                        let (elem, optional) = self.read(&args[0], false, diags);
                        let ty = match name {
                            "list" => Type::list(elem),
                            "set" => Type::set(elem),
                            _ => Type::map(elem),
                        };
                        (ty, nest("*", optional))
                    }
                    "tuple" => {
                        let [arg] = args.as_slice() else {
                            return self.error(diags, e.span, "The tuple type constructor requires one argument specifying the element types as a list.");
                        };
                        let ExprKind::Tuple(elems) = &arg.kind else {
                            return self.error(diags, arg.span, "Tuple type constructor requires a list of element types.");
                        };
                        let mut optional = Optional::default();
                        let mut types = Vec::with_capacity(elems.len());
                        for (i, el) in elems.iter().enumerate() {
                            let (t, o) = self.read(el, false, diags);
                            types.push(t);
                            if !o.is_empty() {
                                optional.children.insert(i.to_string(), o);
                            }
                        }
                        (Type::tuple(types), optional)
                    }
                    "object" => {
                        let [arg] = args.as_slice() else {
                            return self.error(diags, e.span, "The object type constructor requires one argument specifying the attribute types and values as a map.");
                        };
                        self.read_object(arg, diags)
                    }
                    "optional" => self.error(
                        diags,
                        e.span,
                        format!("Keyword {name:?} is valid only as a modifier for object type attributes."),
                    ),
                    _ => self.error(diags, call.name.span, format!("Keyword {name:?} is not a valid type constructor.")),
                }
            }
            _ => self.error(
                diags,
                e.span,
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            ),
        }
    }

    fn read_object(&self, arg: &Expr, diags: &mut Diagnostics) -> (Type, Optional) {
        let ExprKind::Object(items) = &arg.kind else {
            return self.error(diags, arg.span, "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.");
        };
        let mut attrs = BTreeMap::new();
        let mut optional = Optional::default();
        for item in items {
            let name = match &item.key {
                ObjectKey::Ident(id) => id.name.to_string(),
                ObjectKey::Expr(Expr {
                    kind: ExprKind::Template(t),
                    ..
                }) if t.as_literal().is_some() => t.as_literal().unwrap_or_default(),
                ObjectKey::Expr(k) => {
                    self.error(
                        diags,
                        k.span,
                        "Object constructor map keys must be attribute names.",
                    );
                    continue;
                }
            };
            let (ty, inner) = match &item.value.kind {
                ExprKind::Call(call) if &*call.name.name == "optional" => {
                    self.read_optional(&name, call, item.value.span, &mut optional, diags)
                }
                _ => self.read(&item.value, true, diags),
            };
            if !inner.is_empty() {
                optional.children.insert(name.clone(), inner);
            }
            attrs.insert(name, ty);
        }
        (Type::Object(Box::new(attrs)), optional)
    }

    /// `optional(T)` or `optional(T, default)` for attribute `name`.
    fn read_optional(
        &self,
        name: &str,
        call: &crate::native::Call,
        span: Span,
        parent: &mut Optional,
        diags: &mut Diagnostics,
    ) -> (Type, Optional) {
        let (ty_expr, default) = match call.args.as_slice() {
            [t] => (t, None),
            [t, d] => (t, Some(d)),
            [] => return self.error(diags, span, "Optional attribute modifier requires the attribute type as its argument."),
            _ => return self.error(diags, span, "Optional attribute modifier expects at most two arguments: the attribute type, and a default value."),
        };
        let (ty, inner) = self.read(ty_expr, false, diags);
        parent.attributes.insert(name.to_string());
        if let Some(d) = default {
            let expr = Expression::native(self.native.origin.clone(), d.clone());
            match expr.value(&EvalContext::new()).and_then(|v| {
                let with_defaults = apply_defaults(v, &inner);
                convert_unsafe(&with_defaults, &ty)
            }) {
                Ok(v) => {
                    parent.defaults.insert(name.to_string(), v);
                }
                Err(err) => {
                    let reason = err
                        .diagnostics()
                        .first()
                        .map(|d| {
                            d.detail
                                .trim_start_matches("Unsuitable value: ")
                                .to_string()
                        })
                        .unwrap_or_default();
                    diags.push(Diagnostic::error(
                        "Invalid default value for optional attribute",
                        format!("This default value is not compatible with the attribute's type constraint: {reason}"),
                        Some(self.native.origin.as_ref().range(d.span)),
                    ));
                }
            }
        }
        (ty, inner)
    }
}

fn nest(key: &str, inner: Optional) -> Optional {
    let mut out = Optional::default();
    if !inner.is_empty() {
        out.children.insert(key.to_string(), inner);
    }
    out
}

/// Fills omitted or null optional attributes with their defaults, at every
/// level of `value`.
fn apply_defaults(value: Value, optional: &Optional) -> Value {
    if optional.is_empty() {
        return value;
    }
    match value {
        Value::Object(mut attrs) => {
            for (name, default) in &optional.defaults {
                let missing = attrs.get(name.as_str()).is_none_or(Value::is_null);
                if missing {
                    attrs.insert(Str::from(name.as_str()), default.clone());
                }
            }
            for (name, child) in &optional.children {
                if let Some(v) = attrs.get_mut(name.as_str()) {
                    *v = apply_defaults(std::mem::replace(v, Value::dynamic()), child);
                }
            }
            Value::Object(attrs)
        }
        Value::Map(ty, mut entries) => {
            if let Some(child) = optional.children.get("*") {
                for v in entries.values_mut() {
                    *v = apply_defaults(std::mem::replace(v, Value::dynamic()), child);
                }
            }
            Value::Map(ty, entries)
        }
        Value::Tuple(items) => Value::Tuple(
            items
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    let child = optional
                        .children
                        .get(&i.to_string())
                        .or_else(|| optional.children.get("*"));
                    match child {
                        Some(c) => apply_defaults(v, c),
                        None => v,
                    }
                })
                .collect(),
        ),
        Value::List(ty, items) | Value::Set(ty, items) if optional.children.contains_key("*") => {
            let child = &optional.children["*"];
            // Defaults can change the element type; rebuild as a tuple and
            // let conversion make the collection again.
            let _ = ty;
            Value::Tuple(
                items
                    .into_iter()
                    .map(|v| apply_defaults(v, child))
                    .collect(),
            )
        }
        other => other,
    }
}

/// Every attribute of an object constraint that is not optional must be
/// present (go-cty's rule, which Terraform follows; the information model
/// alone would fill it with null). Reported as go-cty words it: the steps
/// to the object (`attribute "cfg": `, `element 0: `), then every
/// attribute it lacks (`attributes "a" and "b" are required`), or for a
/// map given for an object, the first key it lacks (`map has no element
/// for required attribute "a"`).
fn check_required(
    value: &Value,
    ty: &Type,
    optional: &Optional,
    path: &mut Vec<PathStep>,
) -> Result<(), Error> {
    let missing = |path: &[PathStep], message: String| {
        Err(Error::from(ConversionError {
            path: path.to_vec(),
            message,
        }))
    };
    match (value, ty) {
        (Value::Marked(m), _) => check_required(m.value(), ty, optional, path),
        (Value::Object(attrs), Type::Object(want)) => {
            let absent: Vec<&str> = (want.keys())
                .filter(|name| !attrs.contains_key(name.as_str()))
                .filter(|name| !optional.attributes.contains(*name))
                .map(String::as_str)
                .collect();
            if !absent.is_empty() {
                return missing(path, attributes_required(&absent));
            }
            for (name, t) in want.iter() {
                if let Some(v) = attrs.get(name.as_str()) {
                    let child = optional.children.get(name).cloned().unwrap_or_default();
                    path.push(PathStep::Attr(name.clone()));
                    check_required(v, t, &child, path)?;
                    path.pop();
                }
            }
            Ok(())
        }
        (Value::Map(_, entries), Type::Object(want)) => {
            let absent = (want.keys()).find(|name| {
                !entries.contains_key(name.as_str()) && !optional.attributes.contains(*name)
            });
            match absent {
                Some(name) => missing(
                    path,
                    format!("map has no element for required attribute {name:?}"),
                ),
                None => Ok(()),
            }
        }
        (Value::Tuple(items) | Value::List(_, items) | Value::Set(_, items), _) => {
            let elem_ty = match ty {
                Type::List(t) | Type::Set(t) => Some(&**t),
                _ => None,
            };
            for (i, v) in items.iter().enumerate() {
                let t = match (elem_ty, ty) {
                    (Some(t), _) => t,
                    (None, Type::Tuple(ts)) => match ts.get(i) {
                        Some(t) => t,
                        None => continue,
                    },
                    _ => continue,
                };
                let child = optional
                    .children
                    .get(&i.to_string())
                    .or_else(|| optional.children.get("*"))
                    .cloned()
                    .unwrap_or_default();
                path.push(PathStep::Index(i));
                check_required(v, t, &child, path)?;
                path.pop();
            }
            Ok(())
        }
        (Value::Object(entries) | Value::Map(_, entries), Type::Map(t)) => {
            let child = optional.children.get("*").cloned().unwrap_or_default();
            for (k, v) in entries {
                path.push(PathStep::Key(k.to_string()));
                check_required(v, t, &child, path)?;
                path.pop();
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
