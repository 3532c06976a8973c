//! The blocks Terraform and OpenTofu define themselves, read through
//! their own schemas (their `internal/configs` packages): what
//! `terraform validate` finds in a file before any provider schema is
//! known. A top-level block type or argument neither tool knows
//! (`resouce`, `foo = 1`), and in `variable`, `output`, `moved`, `import`,
//! `removed` and `check` blocks (and their `validation`, `precondition`,
//! `postcondition`, `assert` and `lifecycle` blocks) an argument or block
//! their schema lacks, or a required argument left out, is an error in
//! HCL's words ("Unsupported argument", with a suggestion); in an override
//! file, a `check` block or a `validation`, `precondition` or
//! `postcondition` rule is Terraform's "Can't override ... blocks". Where the two
//! tools' schemas differ, what either accepts is accepted (Terraform's
//! `action` blocks and output `type`, OpenTofu's `language` block).
//!
//! The bodies of `resource`, `data`, `ephemeral`, `action`, `provider` and
//! `module` blocks are the provider's or the called module's to define,
//! and the `terraform` block's settings are read elsewhere; `locals`
//! blocks hold attributes only. See
//! <https://developer.hashicorp.com/terraform/language/syntax/configuration>.

use crate::body::{Body, BodySchema, File, NativeFile};
use crate::diag::{Diagnostic, Diagnostics};
use crate::native::Item;

/// A block type's schema, as names: what `terraform validate` holds a
/// body of that type to.
struct Shape {
    /// Whether an override file may hold the block (Terraform refuses
    /// `check` blocks and every rule there).
    overridable: bool,
    attributes: &'static [&'static str],
    /// The attributes that must be set (in a primary file).
    required: &'static [&'static str],
    /// The nested block types, with their labels and shapes (`None`: the
    /// block's content is someone else's to judge).
    blocks: &'static [(
        &'static str,
        &'static [&'static str],
        Option<&'static Shape>,
    )],
}

/// A `validation`, `precondition`, `postcondition` or `assert` block.
static RULE: Shape = Shape {
    overridable: false,
    attributes: &["condition", "error_message"],
    required: &["condition", "error_message"],
    blocks: &[],
};

/// The top level of a Terraform 1.16 or OpenTofu 1.12 file.
static FILE: Shape = Shape {
    overridable: true,
    attributes: &[],
    required: &[],
    blocks: &[
        ("terraform", &[], None),
        ("required_providers", &[], None),
        ("language", &[], None),
        ("provider", &["name"], None),
        ("variable", &["name"], Some(&VARIABLE)),
        ("locals", &[], None),
        ("output", &["name"], Some(&OUTPUT)),
        ("module", &["name"], None),
        ("resource", &["type", "name"], None),
        ("data", &["type", "name"], None),
        ("ephemeral", &["type", "name"], None),
        ("action", &["type", "name"], None),
        ("moved", &[], Some(&MOVED)),
        ("removed", &[], Some(&REMOVED)),
        ("import", &[], Some(&IMPORT)),
        ("check", &["name"], Some(&CHECK)),
    ],
};

static VARIABLE: Shape = Shape {
    overridable: true,
    attributes: &[
        "description",
        "default",
        "type",
        "sensitive",
        "ephemeral",
        "nullable",
        "deprecated",
        "const",
    ],
    required: &[],
    blocks: &[("validation", &[], Some(&RULE))],
};

/// An `output` block (`type` is Terraform's only).
static OUTPUT: Shape = Shape {
    overridable: true,
    attributes: &[
        "description",
        "value",
        "depends_on",
        "sensitive",
        "ephemeral",
        "deprecated",
        "type",
    ],
    required: &["value"],
    blocks: &[
        ("precondition", &[], Some(&RULE)),
        ("postcondition", &[], Some(&RULE)),
    ],
};

static MOVED: Shape = Shape {
    overridable: true,
    attributes: &["from", "to"],
    required: &["from", "to"],
    blocks: &[],
};

static IMPORT: Shape = Shape {
    overridable: true,
    attributes: &["to", "id", "identity", "provider", "for_each"],
    required: &["to"],
    blocks: &[],
};

/// A `removed` block (a `connection` block is Terraform's only).
static REMOVED: Shape = Shape {
    overridable: true,
    attributes: &["from"],
    required: &["from"],
    blocks: &[
        ("lifecycle", &[], Some(&REMOVED_LIFECYCLE)),
        ("connection", &[], None),
        ("provisioner", &["type"], None),
    ],
};

static REMOVED_LIFECYCLE: Shape = Shape {
    overridable: true,
    attributes: &["destroy"],
    required: &[],
    blocks: &[],
};

static CHECK: Shape = Shape {
    overridable: false,
    attributes: &[],
    required: &[],
    blocks: &[
        ("data", &["type", "name"], None),
        ("assert", &[], Some(&RULE)),
    ],
};

impl Shape {
    /// The body schema, `required` attributes required unless in an
    /// override file.
    fn schema(&self, override_file: bool) -> BodySchema {
        let mut schema = BodySchema::new();
        for name in self.attributes {
            let required = !override_file && self.required.contains(name);
            schema = schema.attribute(*name, required);
        }
        for (block, labels, _) in self.blocks {
            schema = schema.block(*block, labels);
        }
        schema
    }

    /// The shape of nested block type `block`, if the languages define it.
    fn nested(&self, block: &str) -> Option<&'static Shape> {
        self.blocks
            .iter()
            .find(|(b, _, _)| *b == block)
            .and_then(|(_, _, s)| *s)
    }
}

/// Whether native body `body` of `native` meets `shape`, read from the
/// syntax tree alone (no value built): every name known, every required
/// attribute set, every nested block of a known shape meeting it. A body
/// that does not is read through its schema, for HCL's diagnostics.
fn native_meets(native: &NativeFile, body: u32, shape: &Shape, override_file: bool) -> bool {
    let src = native.source.text();
    let items = native.tree.items(body);
    let mut set = 0usize;
    for item in items {
        match item {
            Item::Attribute(attr) => {
                let name = attr.name.text(src);
                if !shape.attributes.contains(&name) {
                    return false;
                }
                set += usize::from(shape.required.contains(&name));
            }
            Item::Block(block) => {
                let name = block.type_name.text(src);
                let Some((_, labels, nested)) = shape.blocks.iter().find(|(b, _, _)| *b == name)
                else {
                    return false;
                };
                if block.labels.len() != labels.len() {
                    return false;
                }
                if let Some(nested) = nested {
                    if override_file && !nested.overridable {
                        return false;
                    }
                    if !native_meets(native, block.body, nested, override_file) {
                        return false;
                    }
                }
            }
        }
    }
    // (Native attribute names are unique in a body, or the parse said so.)
    override_file || set == shape.required.len()
}

/// The problems of `file` (a primary or override file of a Terraform or
/// OpenTofu module) against the two tools' own schemas.
pub(super) fn language_problems(file: &File, override_file: bool) -> Diagnostics {
    let mut diags = Diagnostics::new();
    let body = file.body();
    // A native file is read from its syntax tree first; a JSON file, whose
    // blocks' label levels only a schema can tell, through its schema.
    if let Some(native) = body.as_native() {
        if native_meets(native.file, native.body, &FILE, override_file) {
            return diags;
        }
    }
    read(&body, &FILE, override_file, &mut diags);
    diags
}

/// `body` read through `shape`'s schema, the problems into `diags`, and
/// each nested block of a known shape in turn.
fn read(body: &Body, shape: &Shape, override_file: bool, diags: &mut Diagnostics) {
    let schema = shape.schema(override_file);
    let Ok((content, _)) = body.content_collecting(&schema, false, "", diags) else {
        return;
    };
    for block in &content.blocks {
        let Some(nested) = shape.nested(&block.type_name) else {
            continue;
        };
        if override_file && !nested.overridable {
            // Terraform's words: these may not be overridden at all.
            let ty = &block.type_name;
            diags.push(Diagnostic::error(
                format!("Can't override {ty} blocks"),
                if ty == "check" {
                    "Override files cannot override check blocks.".to_string()
                } else {
                    format!("Override files cannot override {ty:?} blocks.")
                },
                Some(block.def_range.clone()),
            ));
            continue;
        }
        read(&block.body, nested, override_file, diags);
    }
}

#[cfg(test)]
#[path = "language_tests.rs"]
mod tests;
