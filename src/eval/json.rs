//! Evaluation of JSON expressions (json-spec.md, "Expression Mapping"):
//! objects are objects, arrays tuples, numbers exact, `null` the dynamic null,
//! and strings either literal (literal-only mode) or native templates.

use super::EvalContext;
use crate::diag::{Diagnostic, Diagnostics, Error};
use crate::json::{Expression, FileData, NodeId, NodeKind};
use crate::value::{Number, Type, Value};

impl Expression {
    /// Evaluates the expression in `ctx`.
    ///
    /// ```
    /// use hcl_json::{EvalContext, BodySchema, Value};
    ///
    /// let file = hcl_json::parse(r#"{"port": 8080, "name": "web"}"#, "app.json")?;
    /// let attrs = file.body().just_attributes()?;
    /// let ctx = EvalContext::new();
    /// assert_eq!(attrs["port"].expr.value(&ctx)?, Value::from(8080));
    /// assert_eq!(attrs["name"].expr.value(&ctx)?, Value::from("web"));
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn value(&self, ctx: &EvalContext) -> Result<Value, Error> {
        let mut diags = Diagnostics::new();
        let Some(node) = self.json_node() else {
            return Err(Error::at(
                "Not yet supported",
                "Native expressions are evaluated by the expression evaluator.",
                self.range(),
            ));
        };
        let value = eval_node(&self.file, node, ctx, &mut diags);
        diags
            .into_result(value)
            .map_err(|e| e.with_source(self.file.source.clone()))
    }
}

fn eval_node(file: &FileData, id: NodeId, ctx: &EvalContext, diags: &mut Diagnostics) -> Value {
    match file.node(id).kind {
        NodeKind::Null => Value::null(Type::Dynamic),
        NodeKind::Bool(b) => Value::Bool(b),
        NodeKind::Number => match Number::parse(file.raw(id)) {
            Ok(n) => Value::Number(n),
            Err(e) => {
                diags.push(Diagnostic::error(
                    "Invalid JSON number",
                    e.to_string(),
                    Some(file.range(id)),
                ));
                Value::unknown(Type::Number)
            }
        },
        NodeKind::String(_) => Value::from(file.str(id).unwrap_or_default()),
        NodeKind::Array { first, len } => Value::tuple(
            file.elements(first, len)
                .iter()
                .map(|&e| eval_node(file, e, ctx, diags)),
        ),
        NodeKind::Object { first, len } => {
            let mut attrs = indexmap::IndexMap::new();
            for prop in file.properties(first, len) {
                let key =
                    crate::value::Str::new(file.str(prop.name).unwrap_or_default()).into_string();
                let value = eval_node(file, prop.value, ctx, diags);
                if attrs.contains_key(&key) {
                    diags.push(Diagnostic::error(
                        "Duplicate object attribute",
                        format!("An attribute named {key:?} was already defined in this object."),
                        Some(file.range(prop.name)),
                    ));
                    continue;
                }
                attrs.insert(key, value);
            }
            Value::Object(attrs)
        }
    }
}
