//! Each reference of a module's files read against what the module
//! declares, as Terraform reads it: a name it does not declare ("Reference
//! to undeclared input variable", with a suggestion), a resource named
//! without the instance key its `count` asks for, `count.index` outside a
//! counted block, `self` outside a provisioner, an attribute `path` or
//! `terraform` lacks, an attribute in `depends_on`, an output a local
//! child module lacks, a name read alone (`var`, `aws_instance`). Where a
//! reference is read differently (a `dynamic` block's iterator,
//! `provider = aws.west`) is `places.rs`'s to tell.
//! See <https://developer.hashicorp.com/terraform/language/expressions/references>.

use super::declared::{Declared, Names};
use super::places::{Instances, Reading, Root};
use crate::analysis::{Traversal, TraversalStep};
use crate::diag::{suggestion, Diagnostic, DiagnosticKind};
use crate::pos::Range;

impl Declared {
    /// What Terraform would say of the reference `t`, read as `reading`
    /// says: a name the module does not declare, a declared resource with
    /// the wrong instance key, an object or attribute that cannot be
    /// named there.
    pub(super) fn check_reference(&self, t: &Traversal, reading: Reading) -> Option<Diagnostic> {
        if reading.root == Root::Gone {
            return None;
        }
        if reading.depends_on {
            if let Some(d) = attribute_of_object(t) {
                return Some(d);
            }
        }
        let steps = t.steps();
        // (`self` alone is read below, where `self` may be named.)
        if let ([root], false) = (steps, t.root_name() == "self") {
            return match reading.root {
                Root::Anything => name_alone(t.root_name(), root.range()),
                _ => None,
            };
        }
        let attr = |i: usize| match steps.get(i) {
            Some(TraversalStep::Attr { name, range }) => Some((name.as_str(), range)),
            _ => None,
        };
        let (summary, detail, names, range) = match t.root_name() {
            "var" => {
                let (name, range) = attr(1)?;
                if self.variables.contains_key(name) {
                    return None;
                }
                let detail =
                    format!("An input variable with the name {name:?} has not been declared.");
                (
                    "Reference to undeclared input variable",
                    detail,
                    self.suggest(name, &self.variables),
                    range,
                )
            }
            "local" => {
                let (name, range) = attr(1)?;
                if self.locals.contains_key(name) {
                    return None;
                }
                let detail = format!("A local value with the name {name:?} has not been declared.");
                (
                    "Reference to undeclared local value",
                    detail,
                    self.suggest(name, &self.locals),
                    range,
                )
            }
            "module" => {
                let (name, range) = attr(1)?;
                if self.modules.contains_key(name) {
                    return self.child_output(name, t);
                }
                let detail = format!("No module call named {name:?} is declared in this module.");
                (
                    "Reference to undeclared module",
                    detail,
                    self.suggest(name, &self.modules),
                    range,
                )
            }
            root @ ("data" | "ephemeral") => {
                let ((ty, _), (name, range)) = (attr(1)?, attr(2)?);
                let key = format!("{ty}.{name}");
                let (declared, what) = match root {
                    "data" => (&self.data, "A data resource"),
                    _ => (&self.ephemeral, "An ephemeral resource"),
                };
                // Only data sources are scoped, to a `check` block; the
                // scoped ones are among the data resources too.
                let scoped = (root == "data").then_some(&self.scoped);
                match scoped.and_then(|s| s.get(&key)) {
                    Some(check) if within(&t.range(), check) => {
                        return self.instance_key(&format!("{root}.{key}"), t, 2, reading)
                    }
                    Some(_) => {
                        let detail = format!("The referenced data resource {ty:?} {name:?} is not available from this context.");
                        ("Reference to scoped resource", detail, String::new(), range)
                    }
                    None if declared.contains_key(&key) => {
                        return self.instance_key(&format!("{root}.{key}"), t, 2, reading)
                    }
                    None => {
                        let detail =
                            format!("{what} {ty:?} {name:?} has not been declared in this module.");
                        (
                            "Reference to undeclared resource",
                            detail,
                            self.suggest(&key, declared),
                            range,
                        )
                    }
                }
            }
            "count" | "each" => return repetition_reference(t, reading),
            "path" | "terraform" | "tofu" => return object_attribute(t),
            "self" if !reading.self_allowed => {
                let detail = "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.";
                let subject = range_of_root(t)?.clone();
                return Some(Diagnostic::warning(
                    "Invalid \"self\" reference",
                    detail,
                    Some(subject),
                ));
            }
            root => {
                if reading.root == Root::NotResource || RESERVED_ROOTS.contains(&root) {
                    return None;
                }
                let (((ty, _), (name, range)), name_step) = match root {
                    "resource" => ((attr(1)?, attr(2)?), 2),
                    _ => (((root, range_of_root(t)?), attr(1)?), 1),
                };
                let key = format!("{ty}.{name}");
                if self.managed.contains_key(&key) {
                    return self.instance_key(&key, t, name_step, reading);
                }
                let detail = format!(
                    "A managed resource {ty:?} {name:?} has not been declared in this module."
                );
                // Terraform's hint for a data source named without `data.`.
                let names = if self.data.contains_key(&key) {
                    format!("\n\nDid you mean the data resource data.{key}?")
                } else {
                    self.suggest(&key, &self.managed)
                };
                ("Reference to undeclared resource", detail, names, range)
            }
        };
        let subject = Range {
            end: range.end,
            ..t.range()
        };
        Some(
            Diagnostic::warning(summary, format!("{detail}{names}"), Some(subject))
                .with_kind(DiagnosticKind::UnknownVariable),
        )
    }

    /// The error for `module.NAME.OUTPUT` (an instance key between them
    /// or not) when the call's local child module declares no such
    /// output.
    fn child_output(&self, call: &str, t: &Traversal) -> Option<Diagnostic> {
        let child = self.children.get(call)?;
        let steps = t.steps();
        let after = match steps.get(2) {
            Some(TraversalStep::Index { .. }) => 3,
            _ => 2,
        };
        let Some(TraversalStep::Attr { name, range }) = steps.get(after) else {
            return None;
        };
        if child.outputs.contains(name) {
            return None;
        }
        let suggestion = suggestion(name, child.outputs.iter().map(String::as_str));
        Some(Diagnostic::error(
            "Unsupported attribute",
            format!("This object does not have an attribute named {name:?}.{suggestion}"),
            Some(range.clone()),
        ))
    }

    /// Terraform's check of the instance key after the name of a declared
    /// resource, step `name` of `t`: with `count` or `for_each` set, an
    /// attribute needs an instance (`aws_instance.web[0].id`); without,
    /// a constant index is one too many. An index that is not a constant
    /// (`[count.index]`) ends the traversal, and is not checked.
    fn instance_key(
        &self,
        addr: &str,
        t: &Traversal,
        name: usize,
        reading: Reading,
    ) -> Option<Diagnostic> {
        if reading.any_instance {
            return None;
        }
        let steps = t.steps();
        let (summary, detail, end) = match (steps.get(name + 1)?, self.repeated.get(addr)) {
            (TraversalStep::Attr { .. }, Some(&instances)) => {
                let (meta, key) = if instances == Instances::Counted {
                    ("count", "count.index")
                } else {
                    ("for_each", "each.key")
                };
                let detail = format!(
                    "Because {addr} has {meta:?} set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {addr}[{key}]"
                );
                ("Missing resource instance key", detail, steps[name].range())
            }
            (index @ TraversalStep::Index { .. }, None) => {
                let detail = format!(
                    "Because {addr} does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource."
                );
                ("Unexpected resource instance key", detail, index.range())
            }
            _ => return None,
        };
        let subject = Range {
            end: end.end,
            ..t.range()
        };
        Some(Diagnostic::warning(summary, detail, Some(subject)))
    }

    /// " Did you mean "x"?" for the declared name closest to `name` (the
    /// first in name order of the closest, whatever the files' order).
    fn suggest(&self, name: &str, declared: &Names) -> String {
        suggestion(name, declared.keys().map(String::as_str))
    }
}

/// Terraform's check of a `count.index` or `each.key` reference: the
/// block it is in must set `count` or `for_each` (Terraform's
/// evaluate.go wording).
fn repetition_reference(t: &Traversal, reading: Reading) -> Option<Diagnostic> {
    let Some(TraversalStep::Attr { name, range }) = t.steps().get(1) else {
        return None;
    };
    let (summary, detail) = match (t.root_name(), name.as_str()) {
        ("count", "index") if reading.block == Some(Instances::Counted) => return None,
        ("count", "index") => (
            "Reference to \"count\" in non-counted context".to_string(),
            "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.".to_string(),
        ),
        ("count", _) => (
            "Invalid \"count\" attribute".to_string(),
            format!("The \"count\" object does not have an attribute named {name:?}. The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set."),
        ),
        (_, "key" | "value") if reading.block == Some(Instances::ForEach) => return None,
        (_, "key") => (
            "Reference to \"each\" in context without for_each".to_string(),
            "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.".to_string(),
        ),
        (_, "value") => (
            "each.value cannot be used in this context".to_string(),
            "A reference to \"each.value\" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its \"for_each\" expression. Remove this reference to each.value in your configuration to work around this error.".to_string(),
        ),
        _ => (
            "Invalid \"each\" attribute".to_string(),
            format!("The \"each\" object does not have an attribute named {name:?}. The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set."),
        ),
    };
    let subject = Range {
        end: range.end,
        ..t.range()
    };
    Some(Diagnostic::warning(summary, detail, Some(subject)))
}

/// Terraform's check of a `depends_on` reference: it names a whole
/// object, so nothing may follow the object's address (its instance key
/// aside).
fn attribute_of_object(t: &Traversal) -> Option<Diagnostic> {
    let steps = t.steps();
    let is_index = |i: usize| matches!(steps.get(i), Some(TraversalStep::Index { .. }));
    let address = match t.root_name() {
        "self" | "caller" => 1,
        "var" | "local" | "path" | "terraform" | "count" | "each" => 2,
        // A module call, an instance of it, or one of its outputs.
        "module" => {
            let instance = 2 + usize::from(is_index(2));
            instance
                + usize::from(matches!(
                    steps.get(instance),
                    Some(TraversalStep::Attr { .. })
                ))
        }
        "data" | "resource" | "ephemeral" | "list" | "action" => 3 + usize::from(is_index(3)),
        _ => 2 + usize::from(is_index(2)),
    };
    let (first, last) = (steps.get(address)?, steps.last()?);
    let subject = first.range().cover(last.range());
    Some(Diagnostic::warning(
        "Invalid depends_on reference",
        "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object.",
        Some(subject),
    ))
}

/// Terraform's check of a `path.` or `terraform.` reference, and
/// OpenTofu's of `tofu.` (its other name for `terraform`): the attribute
/// must be one the object has (evaluate_data.go's wording, OpenTofu's for
/// `tofu`).
fn object_attribute(t: &Traversal) -> Option<Diagnostic> {
    let Some(TraversalStep::Attr { name, range }) = t.steps().get(1) else {
        return None;
    };
    let detail = match (t.root_name(), name.as_str()) {
        ("path", "cwd" | "module" | "root")
        | ("terraform" | "tofu", "workspace" | "applying") => return None,
        ("path", _) => {
            let names = ["cwd", "module", "root"];
            let suggestion = suggestion(name, names);
            format!("The \"path\" object does not have an attribute named {name:?}.{suggestion}")
        }
        (root, "env") => format!("The {root}.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the {root}.workspace attribute."),
        ("tofu", _) => format!("The \"tofu\" object does not have an attribute named {name:?}. The only supported attributes are tofu.workspace and tofu.applying"),
        _ => format!("The \"terraform\" object does not have an attribute named {name:?}. The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply."),
    };
    let summary = format!("Invalid {:?} attribute", t.root_name());
    let subject = Range {
        end: range.end,
        ..t.range()
    };
    Some(Diagnostic::warning(summary, detail, Some(subject)))
}

/// The root names Terraform reads as something other than a managed
/// resource type (`resource.TYPE.NAME` is one, spelled out); any other
/// root with a name after it is one (`aws_instance.web`). See
/// <https://developer.hashicorp.com/terraform/language/expressions/references>.
const RESERVED_ROOTS: &[&str] = &[
    "count",
    "each",
    "data",
    "ephemeral",
    "list",
    "local",
    "module",
    "path",
    "self",
    "caller",
    "terraform",
    "tofu",
    "var",
    "action",
    "template",
    "lazy",
    "arg",
];

/// The range of `t`'s root name.
fn range_of_root(t: &Traversal) -> Option<&Range> {
    match t.steps().first() {
        Some(TraversalStep::Root { range, .. }) => Some(range),
        _ => None,
    }
}

/// Whether `inner` lies in `outer` (the same file).
fn within(inner: &Range, outer: &Range) -> bool {
    inner.filename == outer.filename
        && outer.start.byte <= inner.start.byte
        && inner.end.byte <= outer.end.byte
}

/// Terraform's "Invalid reference" for a name read alone, in the words of
/// its `ParseRef` (`aws_instance` or `var` with no attribute after it, or
/// only an index that is not a constant: `aws_instance[var.i]`); `None`
/// for the names that stand alone (the type keywords a type constraint is
/// made of; `self` is read where it may be named). `range` is the name's.
fn name_alone(root: &str, range: &Range) -> Option<Diagnostic> {
    let two = |what: &str| {
        format!("The {root:?} object must be followed by two attribute names: {what}.")
    };
    let detail = match root {
        "caller" | "string" | "number" | "bool" | "any" => return None,
        // Reserved for a future Terraform: its own error, with or without
        // attributes; left to Terraform.
        "template" | "lazy" | "arg" => return None,
        "count" | "each" | "local" | "module" | "path" | "terraform" | "tofu" | "var" => {
            format!("The {root:?} object cannot be accessed directly. Instead, access one of its attributes.")
        }
        "data" => two("the data source type and the resource name"),
        "resource" => two("the resource type and the resource name"),
        "ephemeral" => two("the ephemeral resource type and the resource name"),
        "action" => two("the action type and the action name"),
        "list" => two("the list resource type and the list resource name"),
        _ => "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.".to_string(),
    };
    Some(Diagnostic::warning(
        "Invalid reference",
        detail,
        Some(range.clone()),
    ))
}
