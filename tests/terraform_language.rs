//! Terraform 1.16's and OpenTofu 1.12's language in loading and
//! conversion: a module written for the tests
//! (`tests/fixtures/terraform-1.16`) uses every block type and argument
//! added since Terraform 1.14 in both syntaxes, with override files, query
//! files, a test file and a mock data file, and loads, merges its
//! overrides and decodes with no error.

use std::path::PathBuf;

use hcl_json::convert::{ConvertOptions, PropertyKind, TerraformSchema};
use hcl_json::module::{LoadOptions, Module};
use hcl_json::{Body, EvalContext, Expression, HclDecode, Value};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/terraform-1.16")
}

#[derive(HclDecode, Debug)]
struct Config {
    #[hcl(block)]
    variable: Vec<Variable>,
    #[hcl(block)]
    module: Vec<ModuleCall>,
    #[hcl(block)]
    action: Vec<Action>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    output: Vec<Output>,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode, Debug)]
struct Variable {
    #[hcl(label)]
    name: String,
    #[hcl(attr, literal)]
    default: Option<Value>,
    #[hcl(attr, literal)]
    r#const: Option<bool>,
    #[hcl(attr, literal)]
    deprecated: Option<String>,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode, Debug)]
struct ModuleCall {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    source: Expression,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode, Debug)]
struct Action {
    #[hcl(label)]
    r#type: String,
    #[hcl(label)]
    name: String,
    #[hcl(block)]
    config: Option<Remain>,
}

#[derive(HclDecode, Debug)]
struct Remain {
    #[hcl(remain)]
    body: Body,
}

#[derive(HclDecode, Debug)]
struct Resource {
    #[hcl(label)]
    r#type: String,
    #[hcl(label)]
    name: String,
    #[hcl(block)]
    lifecycle: Option<Lifecycle>,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug)]
struct Lifecycle {
    #[hcl(attr)]
    destroy: Option<bool>,
    #[hcl(attr)]
    create_before_destroy: Option<bool>,
    #[hcl(block)]
    action_trigger: Vec<ActionTrigger>,
}

#[derive(HclDecode, Debug)]
struct ActionTrigger {
    #[hcl(attr)]
    events: Expression,
    #[hcl(attr)]
    actions: Expression,
    #[hcl(attr)]
    condition: Option<Expression>,
}

#[derive(HclDecode, Debug)]
struct Output {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    r#type: Option<Expression>,
    #[hcl(attr, literal)]
    deprecated: Option<String>,
    #[hcl(remain)]
    _rest: Body,
}

/// The keywords or references of a list expression, as text.
fn words(expr: &Expression) -> Vec<String> {
    expr.as_list()
        .unwrap()
        .iter()
        .map(|item| {
            let t = item.abs_traversal().unwrap();
            let mut text = t.root_name().to_string();
            for step in t.steps() {
                if let hcl_json::TraversalStep::Attr { name, .. } = step {
                    text.push('.');
                    text.push_str(name);
                }
            }
            text
        })
        .collect()
}

fn attr(body: &Body, name: &str) -> Value {
    body.just_attributes().unwrap()[name]
        .expr
        .value(&EvalContext::literal())
        .unwrap()
}

#[test]
fn a_terraform_1_16_module_loads_merges_its_overrides_and_decodes() {
    let options = LoadOptions::terraform()
        .with_tests(true)
        .with_queries(true)
        .with_mocks(true);
    let module = Module::load(fixture(), &options).unwrap_or_else(|e| panic!("{e}"));
    let names = |files: &[&hcl_json::File]| -> Vec<String> {
        files
            .iter()
            .map(|f| {
                let path = PathBuf::from(f.filename());
                path.file_name().unwrap().to_string_lossy().into_owned()
            })
            .collect()
    };
    assert_eq!(
        names(&module.files()),
        [
            "actions.tf.json",
            "main.tf",
            "main_override.tf",
            "override.tf.json"
        ]
    );
    let queries: Vec<&hcl_json::File> = module.query_files().iter().collect();
    assert_eq!(
        names(&queries),
        ["search.tfquery.hcl", "search.tfquery.json"]
    );
    let tests: Vec<&hcl_json::File> = module.test_files().iter().collect();
    assert_eq!(names(&tests), ["web.tftest.hcl"]);
    let mocks: Vec<&hcl_json::File> = module.mock_files().iter().collect();
    assert_eq!(names(&mocks), ["aws.tfmock.hcl"]);

    let config: Config =
        hcl_json::decode_body(module.body(), &EvalContext::new()).unwrap_or_else(|e| panic!("{e}"));

    // Variables: const and deprecated, in both syntaxes; the override's
    // default.
    let var = |name: &str| config.variable.iter().find(|v| v.name == name).unwrap();
    assert_eq!(var("region").r#const, Some(true));
    assert_eq!(var("stage").r#const, Some(true));
    assert_eq!(
        var("stage").deprecated.as_deref(),
        Some("Stages are workspaces now.")
    );
    assert_eq!(var("zone").default, Some(Value::from("b")));
    let declared = module.variables().unwrap_or_else(|e| panic!("{e}"));
    let subnets = declared.iter().find(|v| v.name == "subnets").unwrap();
    assert_eq!(
        subnets.constraint.as_ref().unwrap().to_string(),
        "list(any)"
    );

    // Module sources that refer to locals, variables and path.
    let vpc = config.module.iter().find(|m| m.name == "vpc").unwrap();
    assert_eq!(vpc.source.variables()[0].root_name(), "local");
    let dns = config.module.iter().find(|m| m.name == "dns").unwrap();
    assert_eq!(dns.source.variables()[0].root_name(), "path");

    // Actions: the override's config merged argument by argument.
    let notify = config.action.iter().find(|a| a.name == "notify").unwrap();
    assert_eq!(notify.r#type, "aws_lambda_invoke");
    let notify_config = &notify.config.as_ref().unwrap().body;
    assert_eq!(
        attr(notify_config, "function_name"),
        Value::from("notify-v2")
    );
    assert!(notify_config
        .just_attributes()
        .unwrap()
        .contains_key("payload"));
    assert_eq!(config.action.len(), 2);

    // Resources: lifecycle merged, destroy and action_trigger read.
    let web = config.resource.iter().find(|r| r.name == "web").unwrap();
    assert_eq!(web.r#type, "aws_instance");
    assert_eq!(attr(&web.rest, "instance_type"), Value::from("t3.small"));
    let lifecycle = web.lifecycle.as_ref().unwrap();
    assert_eq!(lifecycle.destroy, Some(true));
    assert_eq!(lifecycle.create_before_destroy, Some(true));
    let trigger = &lifecycle.action_trigger[0];
    assert_eq!(words(&trigger.events), ["after_create", "after_update"]);
    assert_eq!(words(&trigger.actions), ["action.aws_lambda_invoke.notify"]);
    assert!(trigger.condition.is_some());
    let logs = config.resource.iter().find(|r| r.name == "logs").unwrap();
    let lifecycle = logs.lifecycle.as_ref().unwrap();
    assert_eq!(lifecycle.destroy, Some(false));
    // The override file's action_trigger replaced the primary's.
    assert_eq!(lifecycle.action_trigger.len(), 1);
    assert_eq!(
        words(&lifecycle.action_trigger[0].events),
        ["before_destroy", "after_destroy"]
    );
    assert_eq!(
        words(&lifecycle.action_trigger[0].actions),
        ["action.aws_lambda_invoke.audit"]
    );

    // Outputs: type and deprecated, overridden from JSON.
    let ids = config
        .output
        .iter()
        .find(|o| o.name == "instance_ids")
        .unwrap();
    assert_eq!(
        ids.deprecated.as_deref(),
        Some("Use the module's instances output.")
    );
    let ty = hcl_json::ext::typeexpr::TypeConstraint::parse(ids.r#type.as_ref().unwrap()).unwrap();
    assert_eq!(ty.to_string(), "list(any)");
    let bucket = config.output.iter().find(|o| o.name == "bucket").unwrap();
    assert_eq!(
        bucket.r#type.as_ref().unwrap().as_keyword().as_deref(),
        Some("string")
    );
}

#[test]
fn opentofu_reads_its_language_block_and_enabled_from_tofu_files() {
    let module =
        Module::load(fixture(), &LoadOptions::opentofu()).unwrap_or_else(|e| panic!("{e}"));
    let schema = hcl_json::BodySchema::new()
        .block("language", &[])
        .block("resource", &["type", "name"]);
    let (top, _) = module.body().partial_content(&schema).unwrap();
    let language = top
        .blocks
        .iter()
        .find(|b| b.type_name == "language")
        .unwrap();
    let (inner, _) = language
        .body
        .partial_content(&hcl_json::BodySchema::new().block("compatible_with", &[]))
        .unwrap();
    assert_eq!(
        attr(&inner.blocks[0].body, "opentofu"),
        Value::from(">= 1.12.0")
    );
    let eip = top
        .blocks
        .iter()
        .find(|b| b.labels == ["aws_eip", "web"])
        .unwrap();
    let (life, _) = eip
        .body
        .partial_content(&hcl_json::BodySchema::new().block("lifecycle", &[]))
        .unwrap();
    assert!(life.blocks[0]
        .body
        .just_attributes()
        .unwrap()
        .contains_key("enabled"));
    // Terraform does not read `.tofu` files.
    let terraform = Module::load(fixture(), &LoadOptions::terraform()).unwrap();
    let (top, _) = terraform.body().partial_content(&schema).unwrap();
    assert!(top.blocks.iter().all(|b| b.type_name != "language"));
}

/// Converts `file` to the other syntax and back with Terraform's schema,
/// and returns both texts.
fn round_trip(path: &str) -> (String, String) {
    let file = hcl_json::parse_file(fixture().join(path)).unwrap_or_else(|e| panic!("{e}"));
    let options = ConvertOptions::terraform().verify(true);
    if file.syntax() == hcl_json::Syntax::Json {
        let native = hcl_json::to_native_string(&file.body(), &options).unwrap();
        let back = hcl_json::parse_native(&native, "back.tf").unwrap();
        let json = hcl_json::to_json_string(&back.body(), &options).unwrap();
        (native, json)
    } else {
        let json = hcl_json::to_json_string(&file.body(), &options).unwrap();
        let back = hcl_json::parse(&json, "back.tf.json").unwrap();
        let native = hcl_json::to_native_string(&back.body(), &options).unwrap();
        (json, native)
    }
}

#[test]
fn the_new_block_types_convert_both_ways() {
    let (native, _) = round_trip("actions.tf.json");
    for expected in [
        "action \"aws_lambda_invoke\" \"audit\" {\n  config {\n",
        "    action_trigger {\n      events  = [before_destroy]\n      actions = [action.aws_lambda_invoke.audit, action.aws_lambda_invoke.notify]\n    }\n",
        "  const      = true\n",
        "  source = \"${path.module}/modules/dns\"\n",
        "  type       = string\n",
    ] {
        assert!(native.contains(expected), "{expected:?} not in:\n{native}");
    }
    let (json, native) = round_trip("main.tf");
    assert!(json.contains("\"events\": [\n              \"after_create\",\n              \"after_update\"\n            ]"), "{json}");
    assert!(
        json.contains("\"actions\": [\n              \"action.aws_lambda_invoke.notify\"\n"),
        "{json}"
    );
    assert!(json.contains(r#""source": "${local.registry}""#), "{json}");
    assert!(native.contains("    action_trigger {\n"), "{native}");
    assert!(
        native.contains("  type        = list(string)\n"),
        "{native}"
    );
    let (_, native) = round_trip("search.tfquery.hcl");
    assert!(
        native.contains("list \"aws_instance\" \"tagged\" {\n  provider         = aws\n"),
        "{native}"
    );
    assert!(native.contains("  config {\n    filter = {\n"), "{native}");
    let (native, _) = round_trip("search.tfquery.json");
    assert!(native.contains("  provider = aws\n"), "{native}");
    let (_, native) = round_trip("lang.tofu");
    assert!(
        native.contains("language {\n  compatible_with {\n    opentofu = \">= 1.12.0\"\n"),
        "{native}"
    );
}

#[test]
fn terraform_schema_knows_the_positions_added_since_terraform_1_14() {
    let frame = |t: &str| hcl_json::convert::BlockFrame {
        type_name: t.to_string(),
        labels: vec![],
    };
    let kind = |path: &[&str], name: &str| {
        let frames: Vec<_> = path.iter().map(|t| frame(t)).collect();
        hcl_json::convert::NativeSchema::kind(&TerraformSchema, &frames, name)
    };
    assert_eq!(kind(&[], "action"), PropertyKind::Block { labels: 2 });
    assert_eq!(kind(&[], "list"), PropertyKind::Block { labels: 2 });
    assert_eq!(kind(&[], "language"), PropertyKind::Block { labels: 0 });
    assert_eq!(kind(&["variable"], "const"), PropertyKind::Literal);
    assert_eq!(kind(&["variable"], "deprecated"), PropertyKind::Literal);
    assert_eq!(kind(&["output"], "type"), PropertyKind::Reference);
    assert_eq!(kind(&["output"], "deprecated"), PropertyKind::Literal);
    assert_eq!(
        kind(&["output"], "postcondition"),
        PropertyKind::Block { labels: 0 }
    );
    assert_eq!(kind(&["module"], "source"), PropertyKind::Expression);
    assert_eq!(kind(&["module"], "version"), PropertyKind::Expression);
    assert_eq!(
        kind(&["resource", "lifecycle"], "action_trigger"),
        PropertyKind::Block { labels: 0 }
    );
    assert_eq!(
        kind(&["resource", "lifecycle"], "destroy"),
        PropertyKind::Expression
    );
    assert_eq!(
        kind(&["resource", "lifecycle"], "enabled"),
        PropertyKind::Expression
    );
    assert_eq!(
        kind(&["resource", "lifecycle", "action_trigger"], "actions"),
        PropertyKind::Reference
    );
    assert_eq!(
        kind(&["resource", "lifecycle", "action_trigger"], "events"),
        PropertyKind::Reference
    );
    assert_eq!(
        kind(&["action"], "config"),
        PropertyKind::Block { labels: 0 }
    );
    assert_eq!(kind(&["list"], "provider"), PropertyKind::Reference);
    assert_eq!(
        kind(&["language", "compatible_with"], "opentofu"),
        PropertyKind::Literal
    );
    assert_eq!(
        kind(&["terraform"], "state_store"),
        PropertyKind::Block { labels: 1 }
    );
    assert_eq!(
        kind(&["terraform", "state_store"], "provider"),
        PropertyKind::Block { labels: 1 }
    );
    assert_eq!(
        kind(&["terraform", "encryption"], "key_provider"),
        PropertyKind::Block { labels: 2 }
    );
    assert_eq!(
        kind(&["terraform", "encryption", "method"], "keys"),
        PropertyKind::Expression
    );
}

#[test]
fn an_action_override_with_nothing_to_override_is_terraform_s_error() {
    let err = Module::from_sources(
        [
            ("main.tf", "action \"aws_lambda_invoke\" \"a\" {}\n"),
            (
                "main_override.tf",
                "action \"aws_lambda_invoke\" \"b\" {}\n",
            ),
        ],
        &LoadOptions::terraform(),
    )
    .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Missing resource to override");
    assert_eq!(
        d.detail,
        "There is no action named \"b\". An override file can only override a resource block defined in a primary configuration file."
    );
}

#[test]
fn the_terraform_view_of_the_module_lists_and_evaluates_it() {
    use hcl_json::module::{ContextOptions, ResourceMode};
    let module = Module::load(fixture(), &LoadOptions::terraform()).unwrap();
    let view = module.terraform().unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = view
        .resources
        .iter()
        .map(|r| format!("{:?} {}.{}", r.mode, r.type_name, r.name))
        .collect();
    assert_eq!(
        names,
        ["Managed aws_s3_bucket.logs", "Managed aws_instance.web"]
    );
    assert_eq!(view.resources[0].mode, ResourceMode::Managed);
    let calls: Vec<&str> = view.module_calls.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(calls, ["dns", "vpc"]);
    let ctx = view
        .eval_context(&ContextOptions::new())
        .unwrap_or_else(|e| panic!("{e}"));
    // A module source that refers to a local, evaluated.
    let vpc = &view.module_calls[1];
    assert_eq!(
        vpc.source.value(&ctx).unwrap(),
        Value::from("terraform-aws-modules/vpc/aws")
    );
    let zone = view.outputs.iter().find(|o| o.name == "zone").unwrap();
    assert_eq!(zone.value.value(&ctx).unwrap(), Value::from("b"));
    let ids = view
        .outputs
        .iter()
        .find(|o| o.name == "instance_ids")
        .unwrap();
    assert!(!ids.value.value(&ctx).unwrap().is_wholly_known());
}
