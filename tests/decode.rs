//! `#[derive(HclDecode)]` and the body deserializer: each field kind and
//! each error, through `hcl_json::from_str` / `decode_body`.

use std::collections::{BTreeMap, HashMap};

use hcl_json::{
    Body, EvalContext, Expression, ExpressionClosure, HclDecode, Number, Spanned, Value,
};
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
#[allow(clippy::float_cmp)] // 0.25 is exact in binary
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

#[derive(HclDecode, Debug, PartialEq)]
struct Whole {
    #[hcl(attr)]
    small: i8,
    #[hcl(attr)]
    big: i64,
    #[hcl(attr)]
    count: Option<u32>,
    #[hcl(attr)]
    flag: Option<bool>,
    #[hcl(attr)]
    float: f64,
    #[hcl(attr)]
    wide: Option<u64>,
}

/// Whole numbers and booleans written as JSON values are read as written;
/// what does not fit the field, or is no plain whole number, says what
/// the value layer says.
#[test]
#[allow(clippy::float_cmp)] // whole numbers below 2^53 are exact
fn whole_numbers_and_bools_read_as_written_at_their_edges() {
    let w: Whole = decode(
        r#"{"small": -128, "big": -999999999999999999, "count": 0, "flag": false,
            "float": -123456789012345, "wide": 18446744073709551615}"#,
    )
    .unwrap();
    assert_eq!(
        (w.small, w.big, w.count, w.flag, w.wide),
        (
            -128,
            -999_999_999_999_999_999,
            Some(0),
            Some(false),
            Some(u64::MAX)
        )
    );
    assert_eq!(w.float, -123_456_789_012_345.0);
    let w: Whole =
        decode(r#"{"small": 1e2, "big": 2.0, "float": 1e300, "count": null, "flag": "true"}"#)
            .unwrap();
    assert_eq!(
        (w.small, w.big, w.count, w.flag),
        (100, 2, None, Some(true))
    );
    assert_eq!(w.float, 1e300);
    assert_eq!(
        problems::<Whole>(r#"{"small": 128, "big": 1, "float": 1, "count": -1, "wide": 1.5}"#),
        [
            "Incorrect attribute value type | Inappropriate value for attribute \"small\": a number between -128 and 127 is required, but found 128. | 1:11-1:14",
            "Incorrect attribute value type | Inappropriate value for attribute \"count\": a number between 0 and 4294967295 is required, but found -1. | 1:47-1:49",
            "Incorrect attribute value type | Inappropriate value for attribute \"wide\": a whole number is required, but found 1.5. | 1:59-1:62",
        ]
    );
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
    let each: Vec<&str> = c
        .each
        .iter()
        .map(hcl_json::Expression::source_text)
        .collect();
    assert_eq!(each, ["\"a\"", "2"]);
    assert_eq!(c.boxed.source_text(), "\"${x}\"");
    assert_eq!(c.boxed.range().start.column, 61);
    assert_eq!(c.later.value().unwrap(), Value::from(7));
    assert!(c.later.context.variable("v").is_some());
    assert!(c.missing.is_none());
}

// The field is named after Terraform's own `terraform` block.
#[allow(clippy::struct_field_names)]
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
struct DynamicObject {
    #[hcl(attr)]
    name: String,
    #[hcl(remain)]
    other: Value,
}

#[derive(HclDecode, Debug)]
struct MaybeObject {
    #[hcl(remain)]
    other: Option<Value>,
}

/// A `Value` remain field holds the rest's attributes as one object, in
/// the order they are written, in both syntaxes.
#[test]
fn remain_as_one_object_value() {
    let json: DynamicObject =
        decode(r#"{"name": "n", "b": [true], "a": "${1 + 1}", "c": null}"#).unwrap();
    assert_eq!(json.name, "n");
    assert_eq!(
        json.other.to_string(),
        r#"{ "b" = [true], "a" = 2, "c" = null }"#
    );
    let native: DynamicObject =
        hcl_json::from_str_native("name = \"n\"\nb = [true]\na = 1 + 1\nc = null\n", &ctx())
            .unwrap();
    assert_eq!(native.other, json.other);
    let empty: MaybeObject = decode("{}").unwrap();
    assert_eq!(
        empty.other,
        Some(Value::Object(hcl_json::value::Entries::new()))
    );
}

/// Every attribute of a `Value` remain is evaluated, and each failure is
/// reported where it is, as a map's entries are.
#[test]
fn remain_object_reports_each_failing_attribute() {
    let src =
        "{\n  \"name\": \"n\",\n  \"a\": \"${1 + true}\",\n  \"b\": 2,\n  \"c\": \"${nope}\"\n}";
    let found = problems::<DynamicObject>(src);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].ends_with("| 3:15-3:19"), "{found:?}");
    assert!(found[1].ends_with("| 5:11-5:15"), "{found:?}");
    // The first is what a map of values reports for the same attribute.
    let first = problems::<Dynamic>(src);
    assert_eq!(first[0], found[0]);
}

/// A name written twice in the rest is one "Duplicate attribute
/// definition", as for a map of attributes.
#[test]
fn remain_object_reports_a_repeated_name() {
    let found = problems::<DynamicObject>(r#"{"name": "n", "a": 1, "a": 2}"#);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("Duplicate attribute definition | The argument \"a\""),
        "{found:?}"
    );
}

/// Bodies merged from several files that set one name twice: the
/// repeat is reported naming both, as for a map.
#[test]
fn remain_object_of_merged_bodies_reports_a_name_set_twice() {
    let a = hcl_json::parse_native("name = \"n\"\nregion = \"eu\"\n", "a.tf").unwrap();
    let b = hcl_json::parse(r#"{"region": "us", "zone": 1}"#, "b.tf.json").unwrap();
    let merged = hcl_json::Body::merge(&[a.body(), b.body()]);
    let err = hcl_json::decode_body::<DynamicObject>(&merged, &ctx()).unwrap_err();
    let as_map = hcl_json::decode_body::<Dynamic>(&merged, &ctx()).unwrap_err();
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(summaries, ["Duplicate argument"]);
    assert_eq!(err.diagnostics()[0].detail, as_map.diagnostics()[0].detail);
}

/// A block left in the rest is the error a map of attributes reports.
#[test]
fn remain_object_refuses_a_block_as_a_map_does() {
    let src = "name = \"n\"\na = 1\nextra {\n}\n";
    let as_object = hcl_json::from_str_native::<DynamicObject>(src, &ctx()).unwrap_err();
    let as_map = hcl_json::from_str_native::<Dynamic>(src, &ctx()).unwrap_err();
    assert_eq!(as_object.to_string(), as_map.to_string());
    assert_eq!(as_object.diagnostics().len(), 1, "{as_object}");
}

/// Marks reach the object's attributes as evaluation gives them.
#[test]
fn remain_object_keeps_each_attributes_marks() {
    let ctx = ctx().with_variable(
        "secret",
        Value::from("s").mark(hcl_json::value::Marks::SENSITIVE),
    );
    let file = hcl_json::parse(r#"{"name": "n", "a": "${secret}", "b": 1}"#, "m.json").unwrap();
    let d: DynamicObject = hcl_json::decode_body(&file.body(), &ctx).unwrap();
    assert!(d.other.get_attr("a").unwrap().is_sensitive());
    assert!(!d.other.get_attr("b").unwrap().is_sensitive());
    assert!(!d.other.is_sensitive());
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
fn every_problem_of_the_file_is_reported_at_once_in_source_order() {
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
            "Incorrect attribute value type | Inappropriate value for attribute \"port\": a number is required, but found the string \"eighty\". | 3:11-3:19",
            "Incorrect attribute value type | Inappropriate value for attribute \"enabled\": a bool is required, but found the string \"maybe\". | 5:14-5:21",
            "Extraneous JSON object property | No argument or block type is named \"colour\". | 8:3-8:11",
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

// ------------------------------------------------------------------ golden

/// Compares `text` with `tests/golden/NAME.txt` exactly; `HCL_JSON_BLESS=1`
/// rewrites the file instead.
fn golden(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.txt"));
    if std::env::var_os("HCL_JSON_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with HCL_JSON_BLESS=1", path.display()));
    assert_eq!(
        text,
        expected,
        "rendered text differs from {}",
        path.display()
    );
}

/// The one diagnostic of a failed decode, as `problems` shows it, and its
/// rendered text checked against the golden file `name`.
fn located<T: HclDecode + std::fmt::Debug>(name: &str, src: &str) -> String {
    let err = decode::<T>(src).expect_err("decoding should fail");
    golden(name, &err.to_string());
    let p = problems::<T>(src);
    assert_eq!(p.len(), 1, "{p:?}");
    p[0].clone()
}

// ------------------------------------------------------ located serde errors

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Retry {
    max_attempts: u32,
    inner: Inner,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Inner {
    depth: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Strict {
    a: u32,
}

#[derive(Deserialize, Debug)]
#[serde(try_from = "String")]
#[allow(dead_code)]
struct Email(String);

impl TryFrom<String> for Email {
    type Error = String;
    fn try_from(s: String) -> Result<Email, String> {
        if s.contains('@') {
            Ok(Email(s))
        } else {
            Err(format!("{s:?} is not an e-mail address"))
        }
    }
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
#[allow(dead_code)]
enum Size {
    Bytes(u64),
    Named { unit: String, count: u64 },
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct SerdeErrors {
    #[hcl(attr)]
    retry: Option<Retry>,
    #[hcl(attr)]
    strict: Option<Strict>,
    #[hcl(attr)]
    email: Option<Email>,
    #[hcl(attr)]
    size: Option<Size>,
    #[hcl(attr)]
    sizes: Option<Vec<Size>>,
    #[hcl(block)]
    backend: Vec<SerdeBackend>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct SerdeBackend {
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    retry: Retry,
}

#[test]
fn a_missing_field_of_a_nested_struct_points_at_its_object() {
    let p = located::<SerdeErrors>(
        "serde_missing_field",
        "{\n  \"retry\": {\"max_attempts\": 1, \"inner\": {}}\n}",
    );
    assert_eq!(
        p,
        "Invalid attribute value | Invalid value for attribute \"retry\" in retry.inner: missing field `depth`. | 2:41-2:43"
    );
}

#[test]
fn an_unknown_field_points_at_its_key() {
    let p = located::<SerdeErrors>(
        "serde_unknown_field",
        "{\n  \"strict\": {\"a\": 1, \"b\": 2}\n}",
    );
    assert_eq!(
        p,
        "Invalid attribute value | Invalid value for attribute \"strict\" in strict.b: unknown field `b`, expected `a`. | 2:22-2:25"
    );
}

#[test]
fn a_try_from_failure_points_at_the_attribute() {
    let p = located::<SerdeErrors>("serde_try_from", "{\n  \"email\": \"nobody\"\n}");
    assert_eq!(
        p,
        "Invalid attribute value | Invalid value for attribute \"email\": \"nobody\" is not an e-mail address. | 2:12-2:20"
    );
}

#[test]
fn an_untagged_mismatch_points_at_the_value() {
    let p = located::<SerdeErrors>("serde_untagged", "{\n  \"size\": {\"unit\": \"kb\"}\n}");
    assert_eq!(
        p,
        "Invalid attribute value | Invalid value for attribute \"size\": data did not match any variant of untagged enum Size. | 2:11-2:25"
    );
    // Inside a list, at the element, named by its index.
    let p = problems::<SerdeErrors>(r#"{"sizes": [1, true]}"#);
    assert_eq!(
        p,
        ["Invalid attribute value | Invalid value for attribute \"sizes\" in sizes[1]: data did not match any variant of untagged enum Size. | 1:15-1:19"]
    );
}

#[test]
fn an_error_in_a_block_names_the_block_path() {
    let p = located::<SerdeErrors>(
        "serde_in_block",
        "{\n  \"backend\": {\"a\": {\"retry\": {\"inner\": {\"depth\": 1}}}}\n}",
    );
    assert_eq!(
        p,
        "Invalid attribute value | Invalid value for attribute \"retry\" in backend.a: missing field `max_attempts`. | 2:30-2:53"
    );
}

#[test]
fn no_decoding_error_leaves_the_subject_empty() {
    for src in [
        r#"{"retry": {"max_attempts": 1, "inner": {}}}"#,
        r#"{"strict": {"b": 1}}"#,
        r#"{"email": "x"}"#,
        r#"{"size": "big"}"#,
        r#"{"backend": {"a": {"retry": 1}}}"#,
        r#"{"backend": {"a": {}}}"#,
    ] {
        let err = decode::<SerdeErrors>(src).unwrap_err();
        for d in err.diagnostics() {
            assert!(d.subject.is_some(), "{src}: {d:?}");
        }
    }
}

// ------------------------------------------------------------------ defaults

fn default_port() -> u16 {
    8080
}

#[derive(HclDecode, Debug, PartialEq)]
struct WithDefaults {
    #[hcl(attr, default)]
    name: String,
    #[hcl(attr, default = "default_port")]
    port: u16,
    #[hcl(attr, default)]
    tags: Vec<String>,
    #[hcl(block, default)]
    limits: Limits,
}

#[derive(HclDecode, Debug, PartialEq, Default)]
struct Limits {
    #[hcl(attr, default)]
    cpu: u32,
}

impl Default for WithDefaults {
    fn default() -> WithDefaults {
        WithDefaults {
            name: String::new(),
            port: 8080,
            tags: Vec::new(),
            limits: Limits::default(),
        }
    }
}

#[test]
fn absent_defaults_take_the_default_and_given_values_win() {
    assert_eq!(
        decode::<WithDefaults>("{}").unwrap(),
        WithDefaults::default()
    );
    let w: WithDefaults =
        decode(r#"{"name": "web", "port": 80, "tags": ["a"], "limits": {"cpu": 2}}"#).unwrap();
    assert_eq!(
        w,
        WithDefaults {
            name: "web".into(),
            port: 80,
            tags: vec!["a".into()],
            limits: Limits { cpu: 2 },
        }
    );
    // A default makes the attribute optional in the schema.
    assert!(WithDefaults::schema()
        .attributes
        .iter()
        .all(|a| !a.required));
    // A given value is still checked.
    assert_eq!(
        problems::<WithDefaults>(r#"{"port": "x"}"#),
        ["Incorrect attribute value type | Inappropriate value for attribute \"port\": a number is required, but found the string \"x\". | 1:10-1:13"]
    );
}

// ------------------------------------------------------------ typed labels

#[derive(Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Protocol {
    Tcp,
    Udp,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Hostname(String);

#[derive(HclDecode, Debug, PartialEq)]
struct Listeners {
    #[hcl(block)]
    listener: Vec<Listen2>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Listen2 {
    #[hcl(label)]
    protocol: Protocol,
    #[hcl(label)]
    port: Spanned<u16>,
    #[hcl(label)]
    host: Hostname,
    #[hcl(def_range)]
    def: hcl_json::Range,
    #[hcl(type_range)]
    ty: hcl_json::Range,
}

#[test]
fn labels_decode_into_any_type_read_from_a_string() {
    let l: Listeners = decode(r#"{"listener": {"udp": {"53": {"dns.local": {}}}}}"#).unwrap();
    let one = &l.listener[0];
    assert_eq!(one.protocol, Protocol::Udp);
    assert_eq!(*one.port, 53);
    assert_eq!(span(one.port.range()), "1:23-1:27");
    assert_eq!(one.host, Hostname("dns.local".into()));
    assert_eq!(span(&one.def), "1:43-1:44");
    assert_eq!(span(&one.ty), "1:2-1:12");
}

#[test]
fn a_label_that_does_not_parse_is_an_error_at_the_label() {
    let p = located::<Listeners>(
        "label_parse",
        "{\n  \"listener\": {\"tcp\": {\"http\": {\"h\": {}}}}\n}",
    );
    assert_eq!(
        p,
        "Invalid block label | Invalid label \"port\" of listener.tcp.http.h: a number is required, but found the string \"http\". | 2:24-2:30"
    );
    let p = problems::<Listeners>(r#"{"listener": {"sctp": {"1": {"h": {}}}}}"#);
    assert_eq!(
        p,
        ["Invalid block label | Invalid label \"protocol\" of listener.sctp.1.h: unknown variant `sctp`, expected `tcp` or `udp`. | 1:15-1:21"]
    );
}

fn span(r: &hcl_json::Range) -> String {
    format!(
        "{}:{}-{}:{}",
        r.start.line, r.start.column, r.end.line, r.end.column
    )
}

// -------------------------------------------------------------- block maps

#[derive(HclDecode, Debug)]
struct Services {
    #[hcl(block)]
    service: IndexMap<String, Service>,
    #[hcl(block = "service_by_name")]
    hashed: HashMap<String, Service>,
    #[hcl(block = "sorted_service")]
    sorted: BTreeMap<String, Service>,
    #[hcl(block)]
    route: IndexMap<String, Route>,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Service {
    #[hcl(attr)]
    port: u16,
}

#[derive(HclDecode, Debug, PartialEq)]
struct Route {
    #[hcl(label)]
    method: String,
    #[hcl(attr)]
    path: String,
}

#[test]
fn block_maps_are_keyed_by_the_first_label() {
    let s: Services = decode(
        r#"{"service": {"web": {"port": 80}, "api": {"port": 81}},
            "service_by_name": {"x": {"port": 1}},
            "sorted_service": {"b": {"port": 2}, "a": {"port": 3}},
            "route": {"home": {"get": {"path": "/"}}}}"#,
    )
    .unwrap();
    assert_eq!(s.service.keys().collect::<Vec<_>>(), ["web", "api"]);
    assert_eq!(s.service["api"], Service { port: 81 });
    assert_eq!(s.hashed["x"].port, 1);
    assert_eq!(s.sorted.keys().collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(
        s.route["home"],
        Route {
            method: "get".into(),
            path: "/".into()
        }
    );
    let labels = &Services::schema().blocks[3].label_names;
    assert_eq!(labels, &["name", "method"]);
}

#[test]
fn a_repeated_block_map_key_is_a_duplicate_block() {
    let src = "{\"service\": [\n  {\"web\": {\"port\": 80}},\n  {\"web\": {\"port\": 81}}\n]}";
    let err = decode::<Services>(src).unwrap_err();
    golden("block_map_duplicate", &err.to_string());
    let d = &err.diagnostics()[0];
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(d.summary, "Duplicate service block");
    assert_eq!(
        d.detail,
        "A block service \"web\" was already defined at test.hcl.json:2,4-9; each \"service\" block needs its own first label."
    );
    assert_eq!(span(d.subject.as_ref().unwrap()), "3:4-3:9");
    assert_eq!(span(d.context.as_ref().unwrap()), "2:4-2:9");
}

// ----------------------------------------------------------------- Spanned

#[derive(HclDecode, Debug)]
struct SpannedFields {
    #[hcl(attr)]
    port: Spanned<u16>,
    #[hcl(attr)]
    hosts: Vec<Spanned<String>>,
    #[hcl(attr)]
    name: Option<Spanned<String>>,
}

#[test]
fn spanned_values_keep_their_expression_range() {
    let s: SpannedFields = decode(r#"{"port": "${80 + 1}", "hosts": ["a", "b"]}"#).unwrap();
    assert_eq!(*s.port, 81);
    assert_eq!(span(s.port.range()), "1:10-1:21");
    assert_eq!(s.hosts[1].get_ref(), "b");
    assert_eq!(span(s.hosts[1].range()), "1:38-1:41");
    assert!(s.name.is_none());
    assert_eq!(s.port.clone().into_inner(), 81);
}

// ----------------------------------------------------------------- comments

#[derive(HclDecode, Debug)]
struct Stack {
    #[hcl(comment)]
    meta: Option<StackMeta>,
    #[hcl(block)]
    resource: Vec<Commented>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct StackMeta {
    metadata: StackMetadata,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct StackMetadata {
    stack_name: String,
}

#[derive(HclDecode, Debug)]
struct Commented {
    #[hcl(label)]
    name: String,
    #[hcl(comment)]
    notes: Vec<String>,
}

#[test]
fn comments_are_read_in_literal_mode() {
    let s: Stack = decode(
        r#"{"//": {"metadata": {"stackName": "dev-${x}"}},
            "resource": {"a": [{"//": "one ${y}", "//": "two"}], "b": {}}}"#,
    )
    .unwrap();
    assert_eq!(s.meta.unwrap().metadata.stack_name, "dev-${x}");
    assert_eq!(s.resource[0].notes, ["one ${y}", "two"]);
    assert_eq!(s.resource[1].name, "b");
    assert!(s.resource[1].notes.is_empty());
    let s: Stack = decode("{}").unwrap();
    assert!(s.meta.is_none());
}

// --------------------------------------------- capture in buffered positions

#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum Check {
    Flag(bool),
    Expr(Expression),
}

#[derive(Deserialize, Debug)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Tagged {
    Static { value: String },
    Dynamic { value: Expression },
}

#[derive(Deserialize, Debug)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Later(ExpressionClosure),
}

#[derive(Deserialize, Debug)]
struct WithFlatten {
    name: String,
    #[serde(flatten)]
    rest: HashMap<String, Expression>,
}

#[derive(HclDecode, Debug)]
struct Buffered {
    #[hcl(attr)]
    check: Vec<Check>,
    #[hcl(attr)]
    tagged: Vec<Tagged>,
    #[hcl(attr)]
    adjacent: Adjacent,
    #[hcl(attr)]
    flat: WithFlatten,
}

#[test]
fn expressions_are_captured_through_serde_buffering() {
    let src = r#"{
  "check": [true, "${x > 1}"],
  "tagged": [{"kind": "static", "value": "v"}, {"kind": "dynamic", "value": "${y}"}],
  "adjacent": {"c": "${z * 2}", "t": "Later"},
  "flat": {"name": "n", "extra": "${w}"}
}"#;
    let b: Buffered = decode(src).unwrap();
    assert!(matches!(b.check[0], Check::Flag(true)));
    let Check::Expr(e) = &b.check[1] else {
        panic!("{:?}", b.check[1])
    };
    assert_eq!(e.source_text(), r#""${x > 1}""#);
    assert_eq!(span(&e.range()), "2:19-2:29");
    assert!(matches!(&b.tagged[0], Tagged::Static { value } if value == "v"));
    let Tagged::Dynamic { value } = &b.tagged[1] else {
        panic!()
    };
    assert_eq!(value.source_text(), r#""${y}""#);
    assert_eq!(span(&value.range()), "3:77-3:83");
    let Adjacent::Later(closure) = &b.adjacent;
    let ctx = EvalContext::new().with_variable("z", 21);
    assert_eq!(closure.value_in(&ctx).unwrap(), Value::from(42));
    assert_eq!(b.flat.name, "n");
    assert_eq!(span(&b.flat.rest["extra"].range()), "5:34-5:40");
}

// -------------------------------------- one JSON object walk (issue 11 drift)

/// The one diagnostic of `Expression::value` on attribute `a` and of
/// decoding the same attribute into a map, as `summary | detail | range`.
fn both_paths(src: &str) -> (String, String) {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct A {
        #[hcl(attr)]
        a: HashMap<String, u32>,
    }
    let show = |d: &hcl_json::Diagnostic| {
        format!(
            "{} | {} | {}",
            d.summary,
            d.detail,
            span(d.subject.as_ref().unwrap())
        )
    };
    let file = hcl_json::parse(src, "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    let by_value = attrs["a"].expr.value(&ctx()).unwrap_err();
    let by_decode = hcl_json::decode_body::<A>(&file.body(), &ctx()).unwrap_err();
    assert_eq!(by_value.diagnostics().len(), 1);
    assert_eq!(by_decode.diagnostics().len(), 1);
    (
        show(&by_value.diagnostics()[0]),
        show(&by_decode.diagnostics()[0]),
    )
}

#[test]
fn a_duplicate_object_key_says_the_same_on_both_paths() {
    let (value, decode) = both_paths(r#"{"a": {"k": 1, "k": 2}}"#);
    assert_eq!(
        value,
        "Duplicate object attribute | An attribute named \"k\" was already defined at t.json:1,8-11. | 1:16-1:19"
    );
    assert_eq!(decode, value);
}

#[test]
fn a_null_object_key_says_the_same_on_both_paths() {
    let (value, decode) = both_paths(r#"{"a": {"${null}": 1}}"#);
    assert_eq!(
        value,
        "Invalid object key expression | Cannot use null value as an object key. | 1:8-1:17"
    );
    assert_eq!(decode, value);
}

// ------------------------------------------------------------------ messages

#[test]
fn a_block_with_too_few_labels_says_how_many_it_takes() {
    let p = problems::<Terraform>(r#"{"resource": {"aws_instance": {"count": 1}}}"#);
    assert_eq!(
        p,
        ["Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more \"resource\" blocks. \"resource\" blocks take 2 labels (kind, name); this one has 1 (\"aws_instance\"), so \"count\" was read as its name label. | 1:41-1:42"]
    );
}

#[test]
fn a_missing_argument_in_a_nested_block_names_the_block() {
    let p = problems::<Services>(r#"{"route": {"home": {"get": {}}}}"#);
    assert_eq!(
        p,
        ["Missing required argument | The argument \"path\" is required in route.home.get, but no definition was found. | 1:29-1:30"]
    );
}

#[test]
fn debug_of_a_context_counts_its_functions() {
    let ctx = EvalContext::new().with_stdlib().with_variable("x", 1);
    let text = format!("{ctx:?}");
    assert!(text.contains("functions: "), "{text}");
    assert!(!text.contains("\"abs\""), "{text}");
    let closure = ExpressionClosure {
        expression: hcl_json::parse(r#"{"a": 1}"#, "c.json")
            .unwrap()
            .body()
            .just_attributes()
            .unwrap()["a"]
            .expr
            .clone(),
        context: ctx,
    };
    let text = format!("{closure:?}");
    assert!(text.contains(" functions"), "{text}");
    assert!(text.len() < 400, "{text}");
}

// ---------------------------------------------------------------- from_path

#[test]
fn from_path_names_the_file_in_diagnostics() {
    let dir = std::env::temp_dir().join(format!("hcl_json_from_path_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.tf.json");
    std::fs::write(&good, r#"{"port": 8080}"#).unwrap();
    let l: Listen = hcl_json::from_path(&good, &ctx()).unwrap();
    assert_eq!(l.port, 8080);

    let bad = dir.join("bad.tf.json");
    std::fs::write(&bad, b"{\"port\": \"\xff\"}").unwrap();
    let err = hcl_json::from_path::<Listen>(&bad, &ctx()).unwrap_err();
    let d = &err.diagnostics()[0];
    let at = d.subject.as_ref().unwrap();
    assert_eq!(&*at.filename, bad.display().to_string());
    assert_eq!(at.start.byte, 10);

    let err = hcl_json::from_path::<Listen>(dir.join("none.json"), &ctx()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Failed to read file");
    std::fs::remove_dir_all(&dir).unwrap();

    let err =
        hcl_json::from_str_named::<Listen>(r#"{"port": "x"}"#, "app.json", &ctx()).unwrap_err();
    assert_eq!(
        &*err.diagnostics()[0].subject.as_ref().unwrap().filename,
        "app.json"
    );
}

// ------------------------------------------- enums chosen by the first label

#[derive(HclDecode, Debug, PartialEq)]
enum Provisioner {
    LocalExec(LocalExec),
    #[hcl(label = "remote-exec")]
    Remote(RemoteExec),
}

#[derive(HclDecode, Debug, PartialEq)]
struct LocalExec {
    #[hcl(attr)]
    command: String,
}

#[derive(HclDecode, Debug, PartialEq)]
struct RemoteExec {
    #[hcl(attr)]
    inline: Vec<String>,
}

#[derive(HclDecode, Debug)]
struct Machine {
    #[hcl(block)]
    provisioner: Vec<Provisioner>,
}

#[test]
fn an_enum_variant_is_chosen_by_the_first_label() {
    let m: Machine = decode(
        r#"{"provisioner": [{"local-exec": {"command": "echo hi"}},
                           {"remote-exec": {"inline": ["a", "b"]}}]}"#,
    )
    .unwrap();
    assert_eq!(
        m.provisioner,
        [
            Provisioner::LocalExec(LocalExec {
                command: "echo hi".into()
            }),
            Provisioner::Remote(RemoteExec {
                inline: vec!["a".into(), "b".into()]
            }),
        ]
    );
    assert_eq!(Machine::schema().blocks[0].label_names, ["type"]);
}

#[test]
fn an_unknown_first_label_suggests_the_nearest_variant() {
    let src = "{\"provisioner\": {\n  \"local-exe\": {\"command\": \"x\"}\n}}";
    let err = decode::<Machine>(src).unwrap_err();
    golden("enum_unknown_label", &err.to_string());
    assert_eq!(
        problems::<Machine>(src),
        ["Invalid block label | There is no Provisioner for the label \"local-exe\": this block's first label must be one of \"local-exec\", \"remote-exec\". Did you mean \"local-exec\"? | 2:3-2:14"]
    );
    // The chosen variant's own errors are reported as usual.
    assert_eq!(
        problems::<Machine>(r#"{"provisioner": {"remote-exec": {"inline": 1}}}"#),
        ["Incorrect attribute value type | Inappropriate value for attribute \"inline\" in provisioner.remote-exec: a list is required, but found 1. | 1:44-1:45"]
    );
}

// ---------------------------------------------------------------------
// Native syntax: the same derive, the same content as the JSON twins.

const TF_NATIVE: &str = r#"terraform {
  required_version = ">= 1.0"
}

variable "region" {
  type        = string
  default     = "eu-west-1"
  description = "Where things go"
}

variable "zones" {
  default = ["a", "b"]
}

resource "aws_instance" "web" {
  count = 2
  ami   = "ami-123"
  tags = {
    Name = "web"
  }
}

resource "aws_instance" "db" {
  ami = "ami-456"
}

output "x" {
  value = 1
}
"#;

#[test]
fn native_twin_of_blocks_labels_and_remain() {
    let tf: Terraform = hcl_json::from_str_native(TF_NATIVE, &ctx()).unwrap();
    let json: Terraform = decode(TF).unwrap();
    assert_eq!(tf.terraform.unwrap().required_version, ">= 1.0");
    let names: Vec<_> = tf.variable.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["region", "zones"]);
    assert_eq!(
        tf.variable[0].description.as_deref(),
        Some("Where things go")
    );
    // A native type expression is the keyword itself; the JSON one a string
    // holding it: static analysis reads both as `string`.
    let native_type = tf.variable[0].r#type.as_ref().unwrap();
    let json_type = json.variable[0].r#type.as_ref().unwrap();
    assert_eq!(native_type.source_text(), "string");
    assert_eq!(native_type.as_keyword(), json_type.as_keyword());
    assert_eq!(tf.variable[1].default, json.variable[1].default);
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
    assert_eq!(
        tf.resource[0].config["tags"].value(&ctx()).unwrap(),
        json.resource[0].config["tags"].value(&ctx()).unwrap()
    );
    // The remain body decodes in a second phase, as in JSON.
    let outputs: Outputs = hcl_json::decode_body(&tf.rest, &ctx()).unwrap();
    assert_eq!(outputs.output[0].name, "x");
    assert_eq!(outputs.output[0].value, Value::from(1));
}

#[test]
fn native_expressions_capture_and_evaluate_later() {
    let src = "depends_on = [aws_vpc.main]\neach = [\"a\", 2]\nboxed = x\nlater = v + 6\n";
    let ctx = EvalContext::new().with_variable("v", 1);
    let c: Captures = hcl_json::from_str_native_named(src, "cap.tf", &ctx).unwrap();
    let deps = c.depends_on.unwrap().as_list().unwrap();
    assert_eq!(deps[0].abs_traversal().unwrap().to_string(), "aws_vpc.main");
    let each: Vec<&str> = c
        .each
        .iter()
        .map(hcl_json::Expression::source_text)
        .collect();
    assert_eq!(each, ["\"a\"", "2"]);
    assert_eq!(c.boxed.source_text(), "x");
    assert_eq!(c.boxed.range().start.line, 3);
    assert_eq!(c.boxed.range().start.column, 9);
    assert_eq!(c.later.value().unwrap(), Value::from(7));
}

#[test]
fn native_decode_errors_point_into_the_native_file() {
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct Config {
        #[hcl(attr)]
        port: u16,
        #[hcl(attr)]
        name: String,
    }
    let err = hcl_json::from_str_native_named::<Config>("port = \"x\"\nnam = 1\n", "c.tf", &ctx())
        .unwrap_err();
    let got: Vec<(String, String)> = err
        .diagnostics()
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().unwrap();
            (
                d.summary.clone(),
                format!("{}:{}", r.filename, r.start.line),
            )
        })
        .collect();
    assert!(
        got.contains(&("Unsupported argument".into(), "c.tf:2".into())),
        "{got:?}"
    );
    assert!(got.iter().all(|(_, at)| at.starts_with("c.tf:")), "{got:?}");
    assert!(got.iter().any(|(_, at)| at == "c.tf:1"), "{got:?}");
}

#[test]
fn from_paths_decodes_a_mixed_module_as_one_body() {
    let dir = std::env::temp_dir().join(format!("hcl-json-module-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("main.tf"), "variable \"a\" {\n  default = 1\n}\n").unwrap();
    std::fs::write(
        dir.join("more.tf.json"),
        r#"{"variable": {"b": {"default": 2}}}"#,
    )
    .unwrap();
    #[derive(HclDecode, Debug)]
    struct Module {
        #[hcl(block)]
        variable: Vec<Variable>,
    }
    let m: Module =
        hcl_json::from_paths([dir.join("main.tf"), dir.join("more.tf.json")], &ctx()).unwrap();
    let names: Vec<_> = m.variable.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    let one: Module = hcl_json::from_path(dir.join("main.tf"), &ctx()).unwrap();
    assert_eq!(one.variable[0].default, Some(Value::from(1)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[derive(HclDecode, Debug)]
struct Many {
    #[hcl(remain)]
    rest: IndexMap<String, Value>,
}

#[test]
fn one_decoding_shares_one_evaluation_budget() {
    // Twenty attributes of 1 MiB each: every one fits the budget of 8 MiB,
    // all of them together do not. The limit is reported once, on the
    // attribute that reached it.
    let attrs: Vec<String> = (0..20)
        .map(|i| format!("\"a{i:02}\": \"${{join(\\\"\\\", [for i in range(1024) : format(\\\"%1024s\\\", \\\"\\\")])}}\""))
        .collect();
    let src = format!("{{{}}}", attrs.join(",\n"));
    let ctx = EvalContext::new()
        .with_stdlib()
        .with_limits(hcl_json::Limits::default().with_max_bytes(8 << 20));
    let err = hcl_json::from_str::<Many>(&src, &ctx).unwrap_err();
    assert_eq!(err.diagnostics().len(), 1, "{err}");
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(
        d.kind,
        hcl_json::DiagnosticKind::LimitExceeded {
            limit: hcl_json::diag::Limit::Bytes
        }
    );
    assert_eq!(
        d.detail,
        "This expression produces more than 8 MiB of strings and collections, the evaluation limit of produced values; raise it with `Limits::with_max_bytes` (`EvalContext::with_limits`) if this input is trusted."
    );
    let at = d.subject.as_ref().unwrap();
    // Each attribute costs its 1 MiB string, its 1 024 parts and their
    // copy as `join`'s argument (about 3.2 MiB): the third `join` cannot
    // be built.
    assert_eq!((at.start.line, at.start.column), (3, 11));
    assert_eq!(&src[at.start.byte..at.start.byte + 5], "join(");
    // One attribute alone decodes.
    let one: Many = hcl_json::from_str(&format!("{{{}}}", attrs[0]), &ctx).unwrap();
    assert_eq!(one.rest["a00"].as_str().map(str::len), Some(1 << 20));
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
#[allow(dead_code)]
enum Refs {
    Count(u64),
    Many(Vec<Expression>),
}

#[derive(HclDecode, Debug)]
struct WithRefs {
    #[hcl(attr)]
    refs: Refs,
}

#[test]
fn expressions_buffered_by_serde_are_matched_in_linear_time() {
    // 10 000 expressions replayed by an untagged enum: each finds its own
    // record (by taking them in order, not by shifting the rest of the list
    // at every take).
    let n = 10_000;
    let items: Vec<String> = (0..n).map(|i| format!("\"${{x{i}}}\"")).collect();
    let src = format!("{{\"refs\": [{}]}}", items.join(", "));
    let decoded: WithRefs = hcl_json::from_str(&src, &ctx()).unwrap();
    let Refs::Many(exprs) = decoded.refs else {
        panic!("not the list variant");
    };
    assert_eq!(exprs.len(), n);
    for i in [0, 1, n / 2 + 7, n - 1] {
        let r = exprs[i].range();
        assert_eq!(&src[r.bytes()], items[i], "element {i}");
    }
}

// ------------------------------------------- block maps: every entry's problems

#[derive(HclDecode, Debug)]
struct Databases {
    #[hcl(block)]
    database: IndexMap<String, Database>,
    #[hcl(block = "replica")]
    replicas: HashMap<String, Database>,
    #[hcl(block = "shard")]
    shards: BTreeMap<u16, Database>,
}

#[derive(HclDecode, Debug)]
struct Database {
    #[hcl(attr)]
    host: String,
}

fn native_problems<T: HclDecode + std::fmt::Debug>(src: &str) -> Vec<String> {
    let err = hcl_json::from_str_native_named::<T>(src, "test.hcl", &ctx())
        .expect_err("decoding should fail");
    err.diagnostics()
        .iter()
        .map(|d| {
            let at = d.subject.as_ref().map_or("-".to_string(), span);
            format!("{} | {} | {}", d.summary, d.detail, at)
        })
        .collect()
}

#[test]
fn block_maps_of_every_kind_decode_their_entries() {
    let src = "database \"a\" {\n  host = \"a.local\"\n}\nreplica \"r\" {\n  host = \"r.local\"\n}\nshard \"2\" {\n  host = \"s.local\"\n}\n";
    let d: Databases = hcl_json::from_str_native(src, &ctx()).unwrap();
    assert_eq!(d.database["a"].host, "a.local");
    assert_eq!(d.replicas["r"].host, "r.local");
    assert_eq!(d.shards[&2].host, "s.local");
}

#[test]
fn a_block_map_reports_the_problems_of_every_entry_native() {
    let src = "database \"a\" {\n  host = nope\n}\ndatabase \"b\" {}\ndatabase \"c\" {\n  host = \"c.local\"\n}\ndatabase \"d\" {\n  host = []\n}\n";
    assert_eq!(
        native_problems::<Databases>(src),
        [
            "Variables not allowed | There is no variable named \"nope\": no variables were given to this evaluation context (add them with EvalContext::with_variable). | 2:10-2:14",
            "Missing required argument | The argument \"host\" is required in database.b, but no definition was found. | 4:14-4:14",
            "Incorrect attribute value type | Inappropriate value for attribute \"host\" in database.d: a string is required, but found a tuple. | 9:10-9:12",
        ]
    );
}

#[test]
fn a_block_map_reports_the_problems_of_every_entry_json() {
    let src = "{\"database\": {\n  \"a\": {\"host\": \"${nope}\"},\n  \"b\": {},\n  \"c\": {\"host\": \"c.local\"},\n  \"d\": {\"host\": []}\n}}";
    assert_eq!(
        problems::<Databases>(src),
        [
            "Variables not allowed | There is no variable named \"nope\": no variables were given to this evaluation context (add them with EvalContext::with_variable). | 2:20-2:24",
            "Missing required argument | The argument \"host\" is required in database.b, but no definition was found. | 3:9-3:10",
            "Incorrect attribute value type | Inappropriate value for attribute \"host\" in database.d: a string is required, but found a tuple. | 5:17-5:19",
        ]
    );
}

#[test]
fn hash_and_btree_block_maps_report_every_entry_and_key() {
    let src = "replica \"a\" {}\nreplica \"b\" {}\nshard \"one\" {\n  host = \"x\"\n}\nshard \"2\" {}\nshard \"three\" {\n  host = \"x\"\n}\n";
    assert_eq!(
        native_problems::<Databases>(src),
        [
            "Missing required argument | The argument \"host\" is required in replica.a, but no definition was found. | 1:13-1:13",
            "Missing required argument | The argument \"host\" is required in replica.b, but no definition was found. | 2:13-2:13",
            "Invalid block label | Invalid label \"name\" of shard: a number is required, but found the string \"one\". | 3:7-3:12",
            "Missing required argument | The argument \"host\" is required in shard.2, but no definition was found. | 6:11-6:11",
            "Invalid block label | Invalid label \"name\" of shard: a number is required, but found the string \"three\". | 7:7-7:14",
        ]
    );
    let src = "{\"replica\": {\"a\": {}, \"b\": {}},\n \"shard\": {\"one\": {\"host\": \"x\"}, \"2\": {}, \"three\": {\"host\": \"x\"}}}";
    assert_eq!(
        problems::<Databases>(src),
        [
            "Missing required argument | The argument \"host\" is required in replica.a, but no definition was found. | 1:20-1:21",
            "Missing required argument | The argument \"host\" is required in replica.b, but no definition was found. | 1:29-1:30",
            "Invalid block label | Invalid label \"name\" of shard: a number is required, but found the string \"one\". | 2:12-2:17",
            "Missing required argument | The argument \"host\" is required in shard.2, but no definition was found. | 2:40-2:41",
            "Invalid block label | Invalid label \"name\" of shard: a number is required, but found the string \"three\". | 2:43-2:50",
        ]
    );
}

// ------------------------------------------ with / deserialize_with functions

/// `"1m30s"`, `"250ms"`, `"2h"`: a number and a unit, repeated.
fn parse_duration(text: &str) -> Option<std::time::Duration> {
    let mut total = std::time::Duration::ZERO;
    let mut rest = text;
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let n: u64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let unit = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        total += match &rest[..unit] {
            "h" => std::time::Duration::from_secs(n * 3600),
            "m" => std::time::Duration::from_secs(n * 60),
            "s" => std::time::Duration::from_secs(n),
            "ms" => std::time::Duration::from_millis(n),
            _ => return None,
        };
        rest = &rest[unit..];
    }
    Some(total)
}

/// A `deserialize_with` function: serde's signature.
fn duration_from_text<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<std::time::Duration, D::Error> {
    let text = String::deserialize(d)?;
    parse_duration(&text).ok_or_else(|| {
        serde::de::Error::custom(format!("{text:?} is not a duration such as \"1m30s\""))
    })
}

/// A `with` module for an optional duration: as in serde, the functions
/// take the field's type, `Option<Duration>`.
mod optional_duration {
    use serde::{Deserialize, Deserializer};

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<std::time::Duration>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => super::parse_duration(&text).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!("{text:?} is not a duration such as \"1m30s\""))
            }),
        }
    }
}

#[derive(HclDecode, Debug, PartialEq)]
struct Timeouts {
    #[hcl(attr, deserialize_with = "duration_from_text")]
    connect: std::time::Duration,
    #[hcl(attr, with = "optional_duration")]
    idle: Option<std::time::Duration>,
    #[hcl(attr, deserialize_with = "duration_from_text", default = "one_minute")]
    read: std::time::Duration,
    #[hcl(
        attr,
        literal,
        deserialize_with = "duration_from_text",
        default = "one_minute"
    )]
    write: std::time::Duration,
}

fn one_minute() -> std::time::Duration {
    std::time::Duration::from_secs(60)
}

#[test]
fn deserialize_with_reads_the_attribute_through_a_function_in_both_syntaxes() {
    let expected = Timeouts {
        connect: std::time::Duration::from_secs(90),
        idle: Some(std::time::Duration::from_millis(2250)),
        read: one_minute(),
        write: std::time::Duration::from_secs(7200),
    };
    let ctx = EvalContext::new().with_variable("secs", 250);
    let json = r#"{"connect": "1m30s", "idle": "2s${secs}ms", "write": "2h"}"#;
    assert_eq!(
        hcl_json::from_str::<Timeouts>(json, &ctx).unwrap(),
        expected
    );
    let native = "connect = \"1m30s\"\nidle = \"2s${secs}ms\"\nwrite = \"2h\"\n";
    assert_eq!(
        hcl_json::from_str_native::<Timeouts>(native, &ctx).unwrap(),
        expected
    );
}

#[test]
fn an_optional_field_with_a_function_is_none_when_absent_or_null() {
    let t: Timeouts = decode(r#"{"connect": "1s", "idle": null}"#).unwrap();
    assert_eq!(t.idle, None);
    let t: Timeouts = decode(r#"{"connect": "1s"}"#).unwrap();
    assert_eq!(t.idle, None);
    assert_eq!(t.read, one_minute());
}

#[test]
fn a_failing_function_is_an_error_at_the_attribute_value() {
    let json = "{\"connect\": \"soon\",\n \"idle\": \"1x\",\n \"write\": \"${1}h\"}";
    assert_eq!(
        problems::<Timeouts>(json),
        [
            "Invalid attribute value | Invalid value for attribute \"connect\": \"soon\" is not a duration such as \"1m30s\". | 1:13-1:19",
            "Invalid attribute value | Invalid value for attribute \"idle\": \"1x\" is not a duration such as \"1m30s\". | 2:10-2:14",
            "Invalid attribute value | Invalid value for attribute \"write\": \"${1}h\" is not a duration such as \"1m30s\". | 3:11-3:18",
        ]
    );
    let native = "connect = \"soon\"\nidle = 5\n";
    assert_eq!(
        native_problems::<Timeouts>(native),
        [
            "Invalid attribute value | Invalid value for attribute \"connect\": \"soon\" is not a duration such as \"1m30s\". | 1:11-1:17",
            "Invalid attribute value | Invalid value for attribute \"idle\": \"5\" is not a duration such as \"1m30s\". | 2:8-2:9",
        ]
    );
}

/// A type with no serde impls of its own, read only through a function.
#[derive(Debug, PartialEq)]
struct Port(u16);

fn port_from_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Port, D::Error> {
    let text = String::deserialize(d)?;
    text.strip_prefix(':')
        .and_then(|p| p.parse().ok())
        .map(Port)
        .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a port such as \":80\"")))
}

fn optional_port_from_text<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Port>, D::Error> {
    port_from_text(d).map(Some)
}

#[derive(HclDecode, Debug)]
struct PortListener {
    #[hcl(attr, deserialize_with = "port_from_text")]
    port: Port,
    #[hcl(attr, deserialize_with = "optional_port_from_text")]
    admin: Option<Port>,
}

#[test]
fn a_field_read_by_a_function_needs_no_deserialize_of_its_own() {
    let l: PortListener = decode(r#"{"port": ":80", "admin": ":9000"}"#).unwrap();
    assert_eq!((l.port, l.admin), (Port(80), Some(Port(9000))));
    let l: PortListener = decode(r#"{"port": ":80"}"#).unwrap();
    assert_eq!(l.admin, None);
    assert_eq!(
        problems::<PortListener>("{\n}"),
        ["Missing required argument | The argument \"port\" is required, but no definition was found. | 2:1-2:2"]
    );
}

#[derive(HclDecode, Debug, PartialEq)]
struct Texts {
    #[hcl(attr)]
    plain: String,
    #[hcl(attr)]
    escaped: String,
    #[hcl(attr)]
    template: String,
    #[hcl(attr)]
    decomposed: String,
    #[hcl(attr)]
    maybe: Option<String>,
    #[hcl(attr)]
    maybe_null: Option<String>,
    #[hcl(attr)]
    number: String,
}

#[test]
fn string_fields_read_plain_strings_as_their_value_would_be() {
    let ctx = EvalContext::new().with_variable("name", "web");
    let src = r#"{
        "plain": "a plain string longer than twenty-four bytes",
        "escaped": "tab\there \u0041",
        "template": "hello ${name}",
        "decomposed": "cafe\u0301",
        "maybe": "x",
        "maybe_null": "${null}",
        "number": 8080
    }"#;
    let file = hcl_json::parse(src, "t.json").unwrap();
    let texts: Texts = hcl_json::decode_body(&file.body(), &ctx).unwrap();
    assert_eq!(
        texts,
        Texts {
            plain: "a plain string longer than twenty-four bytes".into(),
            escaped: "tab\there A".into(),
            template: "hello web".into(),
            // Normalized as the string's value is (NFC).
            decomposed: "caf\u{e9}".into(),
            maybe: Some("x".into()),
            maybe_null: None,
            number: "8080".into(),
        }
    );
    // Literal-only mode reads a template's text as written.
    let texts: Texts = hcl_json::decode_body(&file.body(), &EvalContext::literal()).unwrap();
    assert_eq!(texts.template, "hello ${name}");
    assert_eq!(texts.maybe_null, Some("${null}".into()));
}

/// A string type whose reading fails: only "red" and "green".
#[derive(Debug)]
struct Color;

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Color;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("red or green")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Color, E> {
                match v {
                    "red" | "green" => Ok(Color),
                    _ => Err(E::custom(format!("no color {v:?}"))),
                }
            }
        }
        d.deserialize_str(V)
    }
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)] // read for its errors
struct Painted {
    #[hcl(attr)]
    color: Color,
}

#[test]
fn a_plain_string_a_type_refuses_is_an_error_at_the_attribute() {
    assert_eq!(
        problems::<Painted>("{\n  \"color\": \"blue\"\n}"),
        ["Invalid attribute value | Invalid value for attribute \"color\": no color \"blue\". | 2:12-2:18"]
    );
}

#[derive(HclDecode, Debug)]
struct RemainValues {
    #[hcl(remain)]
    rest: HashMap<String, Value>,
}

/// A remain map finds a repeated name wherever it is, among names that
/// share their length and end bytes, below and past 32 names.
#[test]
fn remain_map_finds_repeated_names_among_look_alikes() {
    for count in [2usize, 15, 32, 33, 80] {
        // `a0b`, `a1b`, ...: alike in length and end bytes by tens.
        let names: Vec<String> = (0..count).map(|i| format!("a{i}b")).collect();
        let props: Vec<String> = names.iter().map(|n| format!("\"{n}\": 1")).collect();
        let clean: RemainValues = decode(&format!("{{{}}}", props.join(", "))).unwrap();
        assert_eq!(clean.rest.len(), count);
        for repeat in [0, count / 2, count - 1] {
            let src = format!("{{{}, \"{}\": 2}}", props.join(", "), names[repeat]);
            let found = problems::<RemainValues>(&src);
            assert_eq!(
                found.len(),
                1,
                "{count} names, repeat of {repeat}: {found:?}"
            );
            assert!(
                found[0].starts_with("Duplicate attribute definition | The argument \"a"),
                "{found:?}"
            );
        }
    }
}

/// A long list of blocks decodes in source order, and after a failing
/// block the later blocks are still checked.
#[test]
fn many_blocks_keep_their_order_and_later_failures_are_reported() {
    let blocks: Vec<String> = (0..300)
        .map(|i| format!("{{\"aws_instance\": {{\"n{i}\": {{\"count\": {i}}}}}}}"))
        .collect();
    let tf: Terraform = decode(&format!("{{\"resource\": [{}]}}", blocks.join(", "))).unwrap();
    let names: Vec<String> = tf.resource.iter().map(|r| r.name.clone()).collect();
    let expected: Vec<String> = (0..300).map(|i| format!("n{i}")).collect();
    assert_eq!(names, expected);
    assert!(tf
        .resource
        .iter()
        .enumerate()
        .all(|(i, r)| r.count == Some(i as u32)));

    let mut bad = blocks.clone();
    for i in [1, 150, 299] {
        bad[i] = format!("{{\"aws_instance\": {{\"n{i}\": {{\"count\": \"x{i}\"}}}}}}");
    }
    let found = problems::<Terraform>(&format!("{{\"resource\": [{}]}}", bad.join(", ")));
    let details: Vec<&str> = found
        .iter()
        .map(|p| p.split(" | ").nth(1).unwrap())
        .collect();
    assert_eq!(
        details,
        [1, 150, 299]
            .map(|i| format!(
                "Inappropriate value for attribute \"count\" in resource.aws_instance.n{i}: a number is required, but found the string \"x{i}\"."
            ))
    );
}
