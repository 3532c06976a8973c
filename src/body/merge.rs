//! Merged bodies (HCL's `MergeBodies`): several bodies, of either syntax,
//! read as one, as a module of several files is.
//!
//! Each body is read with the schema (its required attributes made
//! optional, since any one body may set them); an attribute set by two
//! bodies is a "Duplicate argument" pointing at the second, blocks are
//! concatenated in order, and a required attribute set by none is missing.
//! The rest of partial processing is the merge of each body's rest.

use std::sync::Arc;

use indexmap::IndexMap;

use super::schema::{Attribute, BodyContent, BodySchema};
use super::{empty_range, Body, BodyRepr};
use crate::diag::{Diagnostic, DiagnosticKind, Diagnostics, Error};

impl Body {
    /// The bodies read as one body (HCL's `MergeBodies`): a module made of
    /// several files, of either syntax. An attribute may be set in one of
    /// them only ("Duplicate argument", pointing into the file that sets
    /// it again); blocks come in the order of the bodies.
    ///
    /// ```
    /// use hcl_json::BodySchema;
    ///
    /// let a = hcl_json::parse_native("region = \"eu\"\nresource \"x\" \"a\" {}\n", "a.tf")?;
    /// let b = hcl_json::parse(r#"{"resource": {"x": {"b": {}}}}"#, "b.tf.json")?;
    /// let module = hcl_json::Body::merge(&[a.body(), b.body()]);
    /// let schema = BodySchema::new().attribute("region", true).block("resource", &["type", "name"]);
    /// let content = module.content(&schema)?;
    /// assert_eq!(content.blocks.len(), 2);
    /// assert_eq!(content.attributes["region"].range.filename.as_ref(), "a.tf");
    /// # Ok::<(), hcl_json::Error>(())
    /// ```
    pub fn merge(bodies: &[Body]) -> Body {
        Body {
            repr: BodyRepr::Merged(Arc::new(bodies.to_vec())),
            hidden: None,
        }
    }
}

/// Content of merged `bodies`; see [`Body::merge`].
pub(super) fn content(
    bodies: &[Body],
    schema: &BodySchema,
    partial: bool,
    block: &str,
    diags: &mut Diagnostics,
) -> Result<(BodyContent, Option<Body>), Error> {
    let mut each = schema.clone();
    for attr in &mut each.attributes {
        attr.required = false;
    }
    let mut content = BodyContent::empty(
        bodies
            .first()
            .map_or_else(empty_range, Body::missing_item_range),
    );
    let mut rests = Vec::new();
    for body in bodies {
        let (part, rest) = body.content_collecting(&each, partial, block, diags)?;
        rests.extend(rest);
        for (name, attr) in part.attributes {
            add_attribute(&mut content.attributes, name, attr, diags);
        }
        content.blocks.extend(part.blocks);
    }
    for attr in &schema.attributes {
        if attr.required && !content.attributes.contains_key(&attr.name) {
            diags.push(
                Diagnostic::error(
                    "Missing required argument",
                    format!("The argument {:?} is required, but was not set.", attr.name),
                    None,
                )
                .with_kind(DiagnosticKind::MissingArgument),
            );
        }
    }
    Ok((content, partial.then(|| Body::merge(&rests))))
}

/// Dynamic attributes of merged `bodies`.
pub(super) fn just_attributes(
    bodies: &[Body],
    diags: &mut Diagnostics,
) -> IndexMap<String, Attribute> {
    let mut attrs = IndexMap::new();
    for body in bodies {
        for (name, attr) in body.just_attributes_collecting(diags) {
            add_attribute(&mut attrs, name, attr, diags);
        }
    }
    attrs
}

/// Adds `attr`, unless an earlier body set it.
fn add_attribute(
    attrs: &mut IndexMap<String, Attribute>,
    name: String,
    attr: Attribute,
    diags: &mut Diagnostics,
) {
    if let Some(existing) = attrs.get(&name) {
        diags.push(
            Diagnostic::error(
                "Duplicate argument",
                format!(
                    "Argument {name:?} was already set at {}",
                    existing.name_range
                ),
                Some(attr.name_range),
            )
            .with_kind(DiagnosticKind::DuplicateArgument),
        );
    } else {
        attrs.insert(name, attr);
    }
}
