//! Unit tests of provider schemas read from `terraform providers schema
//! -json`.

use super::*;

const SCHEMA: &str = r#"{
  "format_version": "1.0",
  "provider_schemas": {
    "registry.terraform.io/hashicorp/aws": {
      "provider": {"version": 0, "block": {"block_types": {
        "assume_role": {"nesting_mode": "list", "block": {"attributes": {}}}}}},
      "resource_schemas": {
        "aws_ecs_service": {"version": 0, "block": {
          "attributes": {"name": {"type": "string"}},
          "block_types": {
            "network_configuration": {"nesting_mode": "list", "block": {"attributes": {}}},
            "load_balancer": {"nesting_mode": "set", "block": {"block_types": {
              "health": {"nesting_mode": "single", "block": {}}}}},
            "labels": {"nesting_mode": "map", "block": {}}
          }}}
      },
      "data_source_schemas": {
        "aws_iam_policy_document": {"version": 0, "block": {"block_types": {
          "statement": {"nesting_mode": "list", "block": {"block_types": {
            "principals": {"nesting_mode": "set", "block": {}}}}}}}}
      },
      "ephemeral_resource_schemas": {
        "aws_secret": {"version": 0, "block": {"block_types": {"filter": {"nesting_mode": "list", "block": {}}}}}
      },
      "action_schemas": {
        "aws_lambda_invoke": {"version": 0, "block": {"block_types": {"retry": {"nesting_mode": "single", "block": {}}}}}
      },
      "list_resource_schemas": {
        "aws_instance": {"version": 0, "block": {"block_types": {"filter": {"nesting_mode": "list", "block": {}}}}}
      }
    }
  }
}"#;

fn frames(path: &[(&str, &[&str])]) -> Vec<BlockFrame> {
    path.iter()
        .map(|(t, labels)| BlockFrame {
            type_name: t.to_string(),
            labels: labels.iter().map(ToString::to_string).collect(),
        })
        .collect()
}

fn kind(path: &[(&str, &[&str])], name: &str) -> PropertyKind {
    let schemas = ProviderSchemas::from_json(SCHEMA, "schema.json").unwrap();
    schemas.kind(&frames(path), name)
}

const BLOCK: PropertyKind = PropertyKind::Block { labels: 0 };

#[test]
fn nested_block_types_of_every_kind_of_schema_are_blocks() {
    let svc: &[(&str, &[&str])] = &[("resource", &["aws_ecs_service", "web"])];
    assert_eq!(kind(svc, "network_configuration"), BLOCK);
    assert_eq!(kind(svc, "load_balancer"), BLOCK);
    assert_eq!(kind(svc, "labels"), PropertyKind::Block { labels: 1 });
    assert_eq!(kind(svc, "name"), PropertyKind::Expression);
    assert_eq!(
        kind(
            &[
                ("resource", &["aws_ecs_service", "web"]),
                ("load_balancer", &[])
            ],
            "health"
        ),
        BLOCK
    );
    let doc: &[(&str, &[&str])] = &[
        ("data", &["aws_iam_policy_document", "p"]),
        ("statement", &[]),
    ];
    assert_eq!(kind(doc, "principals"), BLOCK);
    assert_eq!(kind(&[("provider", &["aws"])], "assume_role"), BLOCK);
    assert_eq!(
        kind(&[("ephemeral", &["aws_secret", "s"])], "filter"),
        BLOCK
    );
    assert_eq!(
        kind(
            &[("action", &["aws_lambda_invoke", "a"]), ("config", &[])],
            "retry"
        ),
        BLOCK
    );
    assert_eq!(
        kind(
            &[("list", &["aws_instance", "all"]), ("config", &[])],
            "filter"
        ),
        BLOCK
    );
    assert_eq!(
        kind(
            &[
                ("check", &["c"]),
                ("data", &["aws_iam_policy_document", "p"])
            ],
            "statement"
        ),
        BLOCK
    );
}

#[test]
fn dynamic_blocks_stand_for_the_blocks_they_generate() {
    let path: &[(&str, &[&str])] = &[
        ("data", &["aws_iam_policy_document", "p"]),
        ("dynamic", &["statement"]),
        ("content", &[]),
    ];
    assert_eq!(kind(path, "principals"), BLOCK);
    assert_eq!(kind(path, "dynamic"), PropertyKind::Block { labels: 1 });
}

#[test]
fn what_the_provider_does_not_define_is_left_to_terraform_s_schema() {
    let svc: &[(&str, &[&str])] = &[("resource", &["aws_ecs_service", "web"])];
    assert_eq!(kind(svc, "lifecycle"), BLOCK);
    assert_eq!(kind(svc, "depends_on"), PropertyKind::Reference);
    assert_eq!(kind(&[], "resource"), PropertyKind::Block { labels: 2 });
    assert_eq!(
        kind(&[("resource", &["aws_other", "x"])], "thing"),
        PropertyKind::Expression
    );
}

#[test]
fn a_schema_of_the_wrong_shape_is_an_invalid_provider_schema() {
    let err = ProviderSchemas::from_json(r#"{"format_version": "1.0"}"#, "s.json").unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Invalid provider schema");
    let text = r#"{"provider_schemas": {"a/b": {"resource_schemas": {"x": {"block": {"block_types": {"y": {"nesting_mode": "tree"}}}}}}}}"#;
    let err = ProviderSchemas::from_json(text, "s.json").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid provider schema");
    assert_eq!(d.subject.as_ref().unwrap().start.column, 106);
    let err = ProviderSchemas::from_json("{", "s.json").unwrap_err();
    assert!(!err.diagnostics().is_empty());
}
