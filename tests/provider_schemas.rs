//! Provider schemas in conversion: with the JSON of `terraform providers
//! schema -json`, the nested blocks that a provider defines convert as
//! blocks, so CDK for Terraform's `cdk.tf.json` becomes `.tf` that
//! Terraform accepts.

mod common;

use hcl_json::convert::{ConvertOptions, ProviderSchemas};

fn fixture_schemas() -> ProviderSchemas {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/provider-schemas/ecs.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    ProviderSchemas::from_json(&text, path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn provider_defined_nested_blocks_convert_as_blocks() {
    let src = r#"{
      "provider": {"aws": [{"region": "eu-west-1", "default_tags": [{"tags": {"team": "web"}}]}]},
      "resource": {"aws_ecs_service": {"web": {
        "name": "web",
        "network_configuration": {"subnets": "${var.subnets}", "assign_public_ip": false},
        "load_balancer": [
          {"container_name": "web", "container_port": 80},
          {"container_name": "web", "container_port": 443}
        ],
        "dynamic": {"service_registries": {"for_each": "${var.registries}", "content": {"registry_arn": "${service_registries.value}"}}},
        "lifecycle": {"ignore_changes": ["desired_count"]}
      }}}
    }"#;
    let file = hcl_json::parse(src, "main.tf.json").unwrap();
    let options = ConvertOptions::terraform()
        .provider_schemas(fixture_schemas())
        .verify(true);
    let text = hcl_json::to_native_string(&file.body(), &options).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        text,
        r#"provider "aws" {
  region = "eu-west-1"

  default_tags {
    tags = {
      team = "web"
    }
  }
}

resource "aws_ecs_service" "web" {
  name = "web"

  network_configuration {
    subnets          = var.subnets
    assign_public_ip = false
  }

  load_balancer {
    container_name = "web"
    container_port = 80
  }

  load_balancer {
    container_name = "web"
    container_port = 443
  }

  dynamic "service_registries" {
    for_each = var.registries

    content {
      registry_arn = service_registries.value
    }
  }

  lifecycle {
    ignore_changes = [desired_count]
  }
}
"#
    );
    // Without the provider's schema, the nested blocks are attributes.
    let text = hcl_json::to_native_string(&file.body(), &ConvertOptions::terraform()).unwrap();
    assert!(text.contains("  network_configuration = {\n"), "{text}");
}

#[test]
fn a_cdk_for_terraform_stack_converts_with_its_provider_schema() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let path = dir.join("cdktf-ecs-consul/cdktf.out/stacks/cdktf-ecs-consul/cdk.tf.json");
    let file = hcl_json::parse_file(&path).unwrap();
    let options = ConvertOptions::terraform()
        .provider_schemas(fixture_schemas())
        .verify(true);
    let text = hcl_json::to_native_string(&file.body(), &options).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        text.contains("\n  network_configuration {\n    assign_public_ip = false\n"),
        "{text}"
    );
    assert!(!text.contains("network_configuration ="), "{text}");
    // `config` of terraform_remote_state is an attribute in its schema.
    assert!(
        text.contains("\n  config = {\n    organization = \"jcolemorrison\"\n"),
        "{text}"
    );
    // The native text reads back as the same blocks.
    let native = hcl_json::parse_native(&text, "main.tf").unwrap();
    let keep_comments = ConvertOptions::terraform()
        .provider_schemas(fixture_schemas())
        .comments(true);
    let json = hcl_json::to_json_string(&native.body(), &keep_comments).unwrap();
    let again = hcl_json::parse(&json, "again.tf.json").unwrap();
    assert_eq!(
        hcl_json::to_native_string(&again.body(), &options).unwrap(),
        text
    );
}
