//! Unit tests of override files merged into a module's bodies, block by block
//! and attribute by attribute.

use crate::body::{Body, BodySchema};
use crate::eval::EvalContext;
use crate::module::{LoadOptions, Module};
use crate::value::Value;

fn module(files: &[(&str, &str)]) -> Module {
    Module::from_sources(files.iter().copied(), &LoadOptions::terraform())
        .unwrap_or_else(|e| panic!("{e}"))
}

fn attr(body: &Body, name: &str) -> Value {
    body.just_attributes().unwrap()[name]
        .expr
        .value(&EvalContext::new())
        .unwrap()
}

fn blocks(body: &Body, ty: &str, labels: &[&str]) -> Vec<crate::body::Block> {
    body.partial_content(&BodySchema::new().block(ty, labels))
        .unwrap_or_else(|e| panic!("{e}"))
        .0
        .blocks
}

#[test]
fn top_level_attributes_of_an_override_file_replace() {
    let m = module(&[("a.hcl.tf", "x = 1\ny = 2\n"), ("override.tf", "y = 3\n")]);
    let attrs = m.body().just_attributes().unwrap();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["x", "y"]);
    assert_eq!(attr(m.body(), "y"), Value::from(3));
}

#[test]
fn the_rest_of_partial_content_keeps_override_semantics() {
    let m = module(&[
        (
            "main.tf",
            "variable \"a\" {\n  default = 1\n}\nresource \"r\" \"n\" {\n  size = 1\n}\n",
        ),
        ("override.tf", "resource \"r\" \"n\" {\n  size = 2\n}\n"),
    ]);
    let (vars, rest) = m
        .body()
        .partial_content(&BodySchema::new().block("variable", &["name"]))
        .unwrap();
    assert_eq!(vars.blocks.len(), 1);
    let resources = blocks(&rest, "resource", &["type", "name"]);
    assert_eq!(resources.len(), 1);
    assert_eq!(attr(&resources[0].body, "size"), Value::from(2));
    // Names taken by the first schema are gone from the rest.
    assert!(blocks(&rest, "variable", &["name"]).is_empty());
}

#[test]
fn a_block_type_terraform_does_not_know_overrides_by_header_too() {
    let m = module(&[
        ("main.tf", "widget \"a\" {\n  x = 1\n}\n"),
        (
            "override.tf",
            "widget \"a\" {\n  x = 2\n}\nwidget \"b\" {}\n",
        ),
    ]);
    let err = m
        .body()
        .content(&BodySchema::new().block("widget", &["name"]))
        .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Missing base block to override");
    assert_eq!(
        d.detail,
        "There is no widget \"b\" block. An override file can only override a block defined in a primary configuration file."
    );
    let ok = module(&[
        ("main.tf", "widget \"a\" {\n  x = 1\n}\n"),
        ("override.tf", "widget \"a\" {\n  x = 2\n}\n"),
    ]);
    let a = &blocks(ok.body(), "widget", &["name"])[0];
    assert_eq!(attr(&a.body, "x"), Value::from(2));
}

#[test]
fn a_lifecycle_block_only_in_the_override_is_added() {
    let m = module(&[
        ("main.tf", "resource \"r\" \"n\" {}\n"),
        (
            "a_override.tf",
            "resource \"r\" \"n\" {\n  lifecycle {\n    prevent_destroy = true\n  }\n}\n",
        ),
        (
            "b_override.tf",
            "resource \"r\" \"n\" {\n  lifecycle {\n    ignore_changes = all\n  }\n}\n",
        ),
    ]);
    let r = &blocks(m.body(), "resource", &["type", "name"])[0];
    let lifecycle = blocks(&r.body, "lifecycle", &[]);
    assert_eq!(lifecycle.len(), 1);
    let attrs = lifecycle[0].body.just_attributes().unwrap();
    assert_eq!(
        attrs.keys().collect::<Vec<_>>(),
        ["prevent_destroy", "ignore_changes"]
    );
}

#[test]
fn a_later_override_file_masks_locals_an_earlier_one_set() {
    let m = module(&[
        ("main.tf", "locals {\n  a = 1\n}\n"),
        ("a_override.tf", "locals {\n  a = 2\n}\n"),
        ("b_override.tf", "locals {\n  a = 3\n}\n"),
    ]);
    let mut values = Vec::new();
    for b in blocks(m.body(), "locals", &[]) {
        for (_, a) in b.body.just_attributes().unwrap() {
            values.push(a.expr.value(&EvalContext::new()).unwrap());
        }
    }
    assert_eq!(values, [Value::from(3)]);
}

#[test]
fn json_comments_of_an_override_are_kept() {
    let m = module(&[
        (
            "main.tf.json",
            r#"{"//": "base", "variable": {"a": {"//": "a", "default": 1}}}"#,
        ),
        (
            "override.tf.json",
            r#"{"//": "over", "variable": {"a": {"//": "b", "default": 2}}}"#,
        ),
    ]);
    let top: Vec<String> = m
        .body()
        .comments()
        .iter()
        .map(|c| c.source_text().to_string())
        .collect();
    assert_eq!(top, ["\"base\"", "\"over\""]);
    let a = &blocks(m.body(), "variable", &["name"])[0];
    assert_eq!(a.body.comments().len(), 2);
}

#[test]
fn many_override_files_make_one_layer() {
    let mut files = vec![(
        "main.tf".to_string(),
        "variable \"a\" {\n  default = 0\n}\n".to_string(),
    )];
    for i in 0..3000 {
        files.push((
            format!("{i:05}_override.tf"),
            format!("variable \"a\" {{\n  default = {i}\n}}\n"),
        ));
    }
    let m = Module::from_sources(files, &LoadOptions::terraform()).unwrap();
    let a = &blocks(m.body(), "variable", &["name"])[0];
    assert_eq!(attr(&a.body, "default"), Value::from(2999));
}

#[test]
fn an_override_with_nothing_to_override_reported_at_load_is_left_unapplied() {
    let (m, diags) = Module::from_sources_with_diagnostics(
        [
            ("main.tf", "variable \"a\" {\n  default = 1\n}\n"),
            (
                "main_override.tf",
                "variable \"a\" {\n  default = 2\n}\nvariable \"b\" {\n  default = 3\n}\n",
            ),
        ],
        &LoadOptions::terraform(),
    );
    let summaries: Vec<&str> = diags
        .as_slice()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(summaries, ["Missing base variable declaration to override"]);
    assert_eq!(diags.as_slice()[0].subject.as_ref().unwrap().start.line, 4);
    // Read again, the module is what the load promised: `a` overridden,
    // `b` left out, and no error.
    let vars = blocks(m.body(), "variable", &["name"]);
    assert_eq!(vars.len(), 1);
    assert_eq!(attr(&vars[0].body, "default"), Value::from(2));
    let schema = BodySchema::new().block("variable", &["name"]);
    assert_eq!(m.body().content(&schema).unwrap().blocks.len(), 1);
    assert_eq!(m.variables().unwrap().len(), 1);
}

#[test]
fn a_module_loaded_without_problems_still_reports_overrides_of_blocks_the_load_did_not_read() {
    let (m, diags) = Module::from_sources_with_diagnostics(
        [
            ("main.tf", "widget \"a\" {}\n"),
            ("main_override.tf", "widget \"b\" {}\n"),
        ],
        &LoadOptions::terraform(),
    );
    assert!(diags.is_empty());
    let err = m
        .body()
        .partial_content(&BodySchema::new().block("widget", &["name"]))
        .unwrap_err();
    assert_eq!(
        err.diagnostics()[0].summary,
        "Missing base block to override"
    );
}
