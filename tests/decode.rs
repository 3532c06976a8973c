//! `#[derive(HclDecode)]` and the body deserializer: each field kind and
//! each error, through `hcl_json::from_str` / `decode_body`.

use std::collections::{BTreeMap, HashMap};

use hcl_json::{Body, EvalContext, Expression, ExpressionClosure, HclDecode, Number, Value};
use indexmap::IndexMap;
use rust_decimal::Decimal;
use serde::Deserialize;

fn ctx() -> EvalContext {
    EvalContext::new()
}

fn decode<T: HclDecode>(src: &str) -> Result<T, hcl_json::Error> {
    let file = hcl_json::parse(src, "test.hcl.json")?;
    hcl_json::decode_body(&file.body(), &ctx())
}

/// `summary | detail | line:col-line:col` of every diagnostic.
fn problems<T: HclDecode + std::fmt::Debug>(src: &str) -> Vec<String> {
    let err = decode::<T>(src).expect_err("decoding should fail");
    err.diagnostics()
        .iter()
        .map(|d| {
            let at = d.subject.as_ref().map_or("-".to_string(), |r| {
                format!(
                    "{}:{}-{}:{}",
                    r.start.line, r.start.column, r.end.line, r.end.column
                )
            });
            format!("{} | {} | {}", d.summary, d.detail, at)
        })
        .collect()
}

#[derive(HclDecode, Debug, PartialEq)]
struct Scalars {
    #[hcl(attr)]
    name: String,
    #[hcl(attr)]
    port: u16,
    #[hcl(attr)]
    ratio: f64,
    #[hcl(attr)]
    enabled: bool,
    #[hcl(attr)]
    price: Decimal,
    #[hcl(attr)]
    exact: Number,
    #[hcl(attr)]
    nickname: Option<String>,
}

#[test]
fn scalar_attributes_decode_into_rust_types() {
    let s: Scalars = decode(
        r#"{"name": "web", "port": 8080, "ratio": 0.25, "enabled": true,
            "price": 19.99, "exact": 123456789012345678901234567890}"#,
    )
    .unwrap();
    assert_eq!(s.name, "web");
    assert_eq!(s.port, 8080);
    assert_eq!(s.ratio, 0.25);
    assert!(s.enabled);
    assert_eq!(s.price, Decimal::new(1999, 2));
    assert_eq!(s.exact.to_string(), "123456789012345678901234567890");
    assert_eq!(s.nickname, None);
}

#[test]
fn strings_convert_to_numbers_and_bools_as_hcl_allows() {
    let s: Scalars = decode(
        r#"{"name": 5, "port": "8080", "ratio": "0.5", "enabled": "true",
            "price": "1.5", "exact": "2", "nickname": null}"#,
    )
    .unwrap();
    assert_eq!((s.name.as_str(), s.port, s.ratio), ("5", 8080, 0.5));
    assert!(s.enabled);
    assert_eq!(s.nickname, None);
}

#[derive(HclDecode, Debug)]
struct Collections {
    #[hcl(attr)]
    list: Vec<String>,
    #[hcl(attr)]
    tuple: (u8, String, bool),
    #[hcl(attr)]
    hash: HashMap<String, i64>,
    #[hcl(attr)]
    ordered: IndexMap<String, u32>,
    #[hcl(attr)]
    sorted: BTreeMap<String, Vec<u8>>,
    #[hcl(attr)]
    nested: Listener,
    #[hcl(attr)]
    mode: Mode,
    #[hcl(attr)]
    any: Value,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Listener {
    port: u16,
    tls: Option<bool>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Fast,
    Safe,
}

#[test]
fn collection_struct_and_enum_attributes() {
    let c: Collections = decode(
        r#"{"list": ["a", "b"], "tuple": [1, "x", false],
            "hash": {"a": 1, "b": -2}, "ordered": {"z": 1, "a": 2},
            "sorted": {"k": [1, 2]}, "nested": {"port": 443},
            "mode": "safe", "any": {"x": [1, "y"]}}"#,
    )
    .unwrap();
    assert_eq!(c.list, ["a", "b"]);
    assert_eq!(c.tuple, (1, "x".to_string(), false));
    assert_eq!(c.hash["b"], -2);
    assert_eq!(c.ordered.keys().collect::<Vec<_>>(), ["z", "a"]);
    assert_eq!(c.sorted["k"], [1, 2]);
    assert_eq!(
        c.nested,
        Listener {
            port: 443,
            tls: None
        }
    );
    assert_eq!(c.mode, Mode::Safe);
    assert_eq!(
        c.any,
        Value::object([("x", Value::tuple([Value::from(1), Value::from("y")]))])
    );
}

#[derive(HclDecode, Debug)]
struct Captures {
    #[hcl(attr)]
    depends_on: Option<Expression>,
    #[hcl(attr)]
    each: Vec<Expression>,
    #[hcl(attr)]
    boxed: Box<Expression>,
    #[hcl(attr)]
    later: ExpressionClosure,
    #[hcl(attr)]
    missing: Option<Expression>,
}

#[test]
fn expressions_are_captured_unevaluated_through_option_box_and_vec() {
    let src = r#"{"depends_on": ["aws_vpc.main"], "each": ["a", 2], "boxed": "${x}", "later": 7}"#;
    let file = hcl_json::parse(src, "cap.json").unwrap();
    let ctx = EvalContext::new().with_variable("v", 1);
    let c: Captures = hcl_json::decode_body(&file.body(), &ctx).unwrap();
    assert_eq!(c.depends_on.unwrap().source_text(), r#"["aws_vpc.main"]"#);
    let each: Vec<&str> = c.each.iter().map(|e| e.source_text()).collect();
    assert_eq!(each, ["\"a\"", "2"]);
    assert_eq!(c.boxed.source_text(), "\"${x}\"");
    assert_eq!(c.boxed.range().start.column, 61);
    assert_eq!(c.later.value().unwrap(), Value::from(7));
    assert!(c.later.context.variable("v").is_some());
    assert!(c.missing.is_none());
}

#[derive(HclDecode, Debug)]
struct Terraform {
    #[hcl(block)]
    variable: Vec<Variable>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    terraform: Option<Settings>,
    #[hcl(attr)]
    region: Option<String>,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug)]
struct Variable {
    #[hcl(label)]
    name: String,
    #[hcl(attr, literal)]
    description: Option<String>,
    #[hcl(attr)]
    r#type: Option<Expression>,
    #[hcl(attr)]
    default: Option<Value>,
}

#[derive(HclDecode, Debug)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    count: Option<u32>,
    #[hcl(remain)]
    config: IndexMap<String, Expression>,
}

#[derive(HclDecode, Debug)]
struct Settings {
    #[hcl(attr)]
    required_version: String,
}

const TF: &str = r#"{
  "terraform": {"required_version": ">= 1.0"},
  "variable": {
    "region": {"type": "string", "default": "eu-west-1", "description": "Where ${things} go"},
    "zones": {"default": ["a", "b"]}
  },
  "resource": {
    "aws_instance": {
      "web": {"count": 2, "ami": "ami-123", "tags": {"Name": "web"}},
      "db": [{"ami": "ami-456"}]
    }
  },
  "output": {"x": {"value": 1}}
}"#;

#[test]
fn blocks_labels_and_remain() {
    let tf: Terraform = decode(TF).unwrap();
    assert_eq!(tf.terraform.unwrap().required_version, ">= 1.0");
    let names: Vec<_> = tf.variable.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["region", "zones"]);
    assert_eq!(
        tf.variable[0].description.as_deref(),
        Some("Where ${things} go")
    );
    assert_eq!(
        tf.variable[0].r#type.as_ref().unwrap().source_text(),
        "\"string\""
    );
    assert_eq!(tf.variable[1].default.as_ref().unwrap().len(), Some(2));
    let res: Vec<_> = tf
        .resource
        .iter()
        .map(|r| format!("{}.{}", r.kind, r.name))
        .collect();
    assert_eq!(res, ["aws_instance.web", "aws_instance.db"]);
    assert_eq!(tf.resource[0].count, Some(2));
    assert_eq!(
        tf.resource[0].config.keys().collect::<Vec<_>>(),
        ["ami", "tags"]
    );
    assert_eq!(tf.region, None);
    // The remain body holds what the schema did not name.
    let rest = tf.rest.just_attributes().unwrap();
    assert_eq!(rest.keys().collect::<Vec<_>>(), ["output"]);
}

#[derive(HclDecode, Debug)]
struct Outputs {
    #[hcl(block)]
    output: Vec<Output>,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode, Debug)]
struct Output {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    value: Value,
}

#[test]
fn remain_body_decodes_in_a_second_phase() {
    let tf: Terraform = decode(TF).unwrap();
    let outputs: Outputs = hcl_json::decode_body(&tf.rest, &ctx()).unwrap();
    assert_eq!(outputs.output[0].name, "x");
    assert_eq!(outputs.output[0].value, Value::from(1));
}

#[derive(HclDecode, Debug)]
struct Dynamic {
    #[hcl(attr)]
    name: String,
    #[hcl(remain)]
    other: HashMap<String, Value>,
}

#[test]
fn remain_as_map_of_values() {
    let d: Dynamic = decode(r#"{"name": "n", "a": 1, "b": [true]}"#).unwrap();
    assert_eq!(d.name, "n");
    assert_eq!(d.other.len(), 2);
    assert_eq!(d.other["a"], Value::from(1));
}

#[derive(HclDecode, Debug)]
struct Single {
    #[hcl(block)]
    listener: Listen,
    #[hcl(block)]
    logging: Option<Box<Listen>>,
}

#[derive(HclDecode, Debug)]
struct Listen {
    #[hcl(attr)]
    port: u16,
}

#[test]
fn single_and_boxed_blocks() {
    let s: Single = decode(r#"{"listener": {"port": 80}, "logging": {"port": 514}}"#).unwrap();
    assert_eq!(s.listener.port, 80);
    assert_eq!(s.logging.unwrap().port, 514);
}

#[test]
fn missing_and_duplicate_blocks() {
    assert_eq!(
        problems::<Single>("{\n}"),
        ["Missing listener block | A block of type \"listener\" is required here. | 2:1-2:2"]
    );
    assert_eq!(
        problems::<Single>(
            r#"{"listener": [{"port": 1}, {"port": 2}], "logging": {"port": 3}, "logging": {"port": 4}}"#
        ),
        [
            "Duplicate listener block | Only one block of type \"listener\" is allowed. Previous definition was at test.hcl.json:1,15-16. | 1:28-1:29",
            "Duplicate logging block | Only one block of type \"logging\" is allowed. Previous definition was at test.hcl.json:1,53-54. | 1:77-1:78",
        ]
    );
}

#[test]
fn every_problem_of_the_file_is_reported_at_once() {
    let src = r#"{
  "name": 1,
  "port": "eighty",
  "ratio": 0.5,
  "enabled": "maybe",
  "price": 1,
  "exact": 1,
  "colour": "red"
}"#;
    assert_eq!(
        problems::<Scalars>(src),
        [
            "Extraneous JSON object property | No argument or block type is named \"colour\". | 8:3-8:11",
            "Incorrect attribute value type | Inappropriate value for attribute \"port\": a number is required, but found the string \"eighty\". | 3:11-3:19",
            "Incorrect attribute value type | Inappropriate value for attribute \"enabled\": a bool is required, but found the string \"maybe\". | 5:14-5:21",
        ]
    );
}

#[test]
fn missing_required_attribute_is_reported_once() {
    let p =
        problems::<Scalars>(r#"{"name": "x", "port": 1, "ratio": 1, "enabled": true, "price": 1}"#);
    assert_eq!(
        p,
        ["Missing required argument | The argument \"exact\" is required, but no definition was found. | 1:65-1:66"]
    );
}

#[test]
fn value_errors_in_nested_blocks_name_the_block_path() {
    let src = r#"{"resource": {"aws_instance": {"web": {"count": "many"}, "db": {"count": -1}}}}"#;
    assert_eq!(
        problems::<Terraform>(src),
        [
            "Incorrect attribute value type | Inappropriate value for attribute \"count\" in resource.aws_instance.web: a number is required, but found the string \"many\". | 1:49-1:55",
            "Incorrect attribute value type | Inappropriate value for attribute \"count\" in resource.aws_instance.db: a number between 0 and 4294967295 is required, but found -1. | 1:74-1:76",
        ]
    );
}

#[test]
fn element_errors_point_at_the_element() {
    let p = problems::<Collections>(
        r#"{"list": ["a", ["b"]], "tuple": [1, "x", false], "hash": {}, "ordered": {},
            "sorted": {}, "nested": {"port": 1}, "mode": "fast", "any": 1}"#,
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].ends_with("| 1:16-1:21"), "{p:?}");
}

#[test]
fn wrong_number_of_labels_is_reported() {
    let p = problems::<Terraform>(r#"{"resource": {"aws_instance": {"count": 1}}}"#);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("Incorrect JSON value type"), "{p:?}");
}

#[test]
fn unknown_values_reaching_a_concrete_field_are_an_error() {
    let src = r#"{"resource": {"t": {"n": {"count": "${var.n}"}, "m": {"count": "${var.n}"}}}}"#;
    let file = hcl_json::parse(src, "u.json").unwrap();
    let ctx = EvalContext::new().with_variable("var", Value::dynamic());
    let err = hcl_json::decode_body::<Terraform>(&file.body(), &ctx).unwrap_err();
    let found: Vec<_> = err
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.summary.as_str(),
                d.detail.as_str(),
                d.subject.as_ref().unwrap().start.column,
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "Unknown value",
                "The value of attribute \"count\" in resource.t.n is not yet known, so it cannot be decoded into a concrete type.",
                36
            ),
            (
                "Unknown value",
                "The value of attribute \"count\" in resource.t.m is not yet known, so it cannot be decoded into a concrete type.",
                64
            ),
        ]
    );
    // A `Value` field keeps the unknown.
    let d: Dynamic = hcl_json::decode_body(
        &hcl_json::parse(r#"{"name": "x", "later": "${var.n}"}"#, "u.json")
            .unwrap()
            .body(),
        &ctx,
    )
    .unwrap();
    assert!(!d.other["later"].is_known());
}

#[test]
fn errors_render_with_snippets() {
    let err = decode::<Scalars>("{\n  \"port\": true\n}").unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("on test.hcl.json line 2, column 11:"),
        "{text}"
    );
    assert!(text.contains("   2:   \"port\": true\n"), "{text}");
}

#[test]
fn from_str_and_from_slice() {
    let s: Listen = hcl_json::from_str(r#"{"port": 1}"#, &ctx()).unwrap();
    assert_eq!(s.port, 1);
    let s: Listen = hcl_json::from_slice(br#"{"port": 2}"#, &ctx()).unwrap();
    assert_eq!(s.port, 2);
    let err = hcl_json::from_slice::<Listen>(b"{\"port\": \"\xff\"}", &ctx()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Invalid UTF-8");
}

#[test]
fn schema_is_derived_from_fields() {
    let schema = Terraform::schema();
    let attrs: Vec<_> = schema
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.required))
        .collect();
    assert_eq!(attrs, [("region", false)]);
    let blocks: Vec<_> = schema
        .blocks
        .iter()
        .map(|b| format!("{}{:?}", b.type_name, b.label_names))
        .collect();
    assert_eq!(
        blocks,
        [
            "variable[\"name\"]",
            "resource[\"kind\", \"name\"]",
            "terraform[]"
        ]
    );
    assert_eq!(Resource::LABELS, ["kind", "name"]);
    assert!(
        Scalars::schema()
            .attributes
            .iter()
            .find(|a| a.name == "port")
            .unwrap()
            .required
    );
}

#[derive(HclDecode, Debug)]
struct Tree {
    #[hcl(label)]
    name: String,
    #[hcl(block)]
    node: Vec<Tree>,
}

#[derive(HclDecode, Debug)]
struct Forest {
    #[hcl(block)]
    node: Vec<Tree>,
}

#[test]
fn recursive_block_types() {
    let f: Forest =
        decode(r#"{"node": {"a": {"node": {"b": {}, "c": {"node": {"d": {}}}}}}}"#).unwrap();
    assert_eq!(f.node[0].name, "a");
    assert_eq!(f.node[0].node[1].node[0].name, "d");
}
