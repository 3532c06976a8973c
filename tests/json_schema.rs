//! The JSON Schema of a derived type against the decoder: every document
//! the decoder reads, the schema accepts (checked by boon, a JSON Schema
//! 2020-12 validator), and the broken ones the schema is meant to catch
//! (a wrong type, an unknown property, a missing required attribute or
//! block, a block of the wrong shape) both reject.

use std::collections::HashMap;

use hcl_json::decode::{HasShape, Shape};
use hcl_json::{Body, EvalContext, Expression, HclDecode, Value};
use indexmap::IndexMap;

#[path = "../examples/common/app.rs"]
mod app;
#[path = "../examples/common/validate.rs"]
mod validate;

#[derive(serde::Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum Level {
    Debug,
    Info,
}

impl HasShape for Level {
    fn shape() -> Shape {
        Shape::one_of(["debug", "info"])
    }
}

/// A server.
#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Server {
    /// The port.
    #[hcl(attr)]
    port: u16,
    #[hcl(attr)]
    debug: Option<bool>,
    #[hcl(attr)]
    ratio: Option<f64>,
    #[hcl(attr)]
    name: Option<String>,
    #[hcl(attr)]
    tags: Option<Vec<String>>,
    #[hcl(attr)]
    limits: Option<HashMap<String, u8>>,
    #[hcl(attr)]
    level: Option<Level>,
    #[hcl(attr)]
    extra: Option<Value>,
    #[hcl(attr)]
    check: Option<Expression>,
    #[hcl(attr, literal)]
    raw: Option<u8>,
    #[hcl(attr, default)]
    retries: u8,
    #[hcl(block)]
    tls: Option<Tls>,
    #[hcl(block)]
    route: Vec<Route>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    backend: IndexMap<String, Backend>,
    #[hcl(block)]
    provisioner: Vec<Provisioner>,
    #[hcl(block)]
    logging: Logging,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Tls {
    #[hcl(attr)]
    cert: String,
}

/// A route, nested routes inside.
#[derive(HclDecode, Debug)]
#[allow(dead_code, clippy::struct_field_names)]
struct Route {
    #[hcl(label)]
    path: String,
    #[hcl(attr)]
    target: Option<String>,
    #[hcl(block)]
    route: Vec<Route>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Backend {
    #[hcl(attr)]
    url: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
enum Provisioner {
    LocalExec(LocalExec),
    File(FileCopy),
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct LocalExec {
    #[hcl(attr)]
    command: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct FileCopy {
    #[hcl(attr)]
    source: String,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Logging {
    #[hcl(attr)]
    level: Option<String>,
}

/// The validator's verdict on `doc` against `T`'s schema.
fn schema_accepts<T: HclDecode>(doc: &str) -> bool {
    let schema = hcl_json::json_schema::<T>().to_string();
    validate::validate(&schema, doc)
        .unwrap_or_else(|e| panic!("{e}"))
        .is_empty()
}

fn ctx() -> EvalContext {
    EvalContext::new()
        .with_variable("port", 8080)
        .with_variable("tags", vec!["a", "b"])
        .with_variable("on", true)
}

fn decoder_accepts<T: HclDecode>(doc: &str) -> Result<(), String> {
    hcl_json::from_str::<T>(doc, &ctx())
        .map(drop)
        .map_err(|e| e.to_string())
}

/// The smallest server: its required attribute and block.
const MINIMAL: &str = r#""port": 80, "logging": {}"#;

fn server(props: &str) -> String {
    if props.is_empty() {
        format!("{{{MINIMAL}}}")
    } else {
        format!("{{{MINIMAL}, {props}}}")
    }
}

#[track_caller]
fn both_accept(doc: &str) {
    if let Err(e) = decoder_accepts::<Server>(doc) {
        panic!("the decoder rejects {doc}:\n{e}");
    }
    assert!(schema_accepts::<Server>(doc), "the schema rejects {doc}");
}

#[track_caller]
fn both_reject(doc: &str) {
    assert!(
        decoder_accepts::<Server>(doc).is_err(),
        "the decoder accepts {doc}"
    );
    assert!(!schema_accepts::<Server>(doc), "the schema accepts {doc}");
}

#[test]
fn the_example_configuration_validates() {
    let src = include_str!("../examples/data/app.hcl.json");
    assert!(schema_accepts::<app::AppConfig>(src));
}

#[test]
fn attributes_take_their_json_type_or_a_template() {
    both_accept(&server(""));
    both_accept(r#"{"port": "${port}", "logging": {}}"#);
    both_accept(r#"{"port": "8080", "logging": {}}"#);
    both_accept(&server(
        r#""debug": true, "ratio": 0.5, "name": "x", "tags": ["a", 1, true]"#,
    ));
    both_accept(&server(
        r#""debug": "${on}", "ratio": "${port / 3}", "name": 42"#,
    ));
    both_accept(&server(r#""debug": "true", "ratio": "0.5""#));
    both_accept(&server(
        r#""tags": "${tags}", "limits": {"a": 1, "b": "${port % 7}"}"#,
    ));
    both_accept(&server(
        r#""level": "debug", "extra": {"any": [1, null]}, "check": "${port > 1}""#,
    ));
    both_accept(&server(r#""raw": 7, "retries": 3, "name": null"#));
}

#[test]
fn wrong_types_are_rejected() {
    both_reject(r#"{"port": true, "logging": {}}"#);
    both_reject(r#"{"port": "eighty", "logging": {}}"#);
    both_reject(r#"{"port": 70000, "logging": {}}"#);
    both_reject(r#"{"port": 1.5, "logging": {}}"#);
    both_reject(r#"{"port": null, "logging": {}}"#);
    both_reject(&server(r#""debug": 1"#));
    both_reject(&server(r#""name": [1]"#));
    both_reject(&server(r#""tags": "a""#));
    both_reject(&server(r#""tags": [null]"#));
    both_reject(&server(r#""limits": {"a": 300}"#));
    both_reject(&server(r#""level": "loud""#));
}

#[test]
fn literal_only_attributes_take_no_templates() {
    both_reject(&server(r#""raw": "${port}""#));
    both_accept(&server(r#""raw": "7""#));
}

#[test]
fn unknown_properties_are_rejected_where_the_body_is_closed() {
    both_reject(&server(r#""prot": 80"#));
    both_reject(&server(r#""tls": {"cert": "c", "key": "k"}"#));
    both_reject(&server(
        r#""provisioner": {"remote-exec": {"command": "x"}}"#,
    ));
}

#[test]
fn a_remain_body_takes_any_property() {
    both_accept(&server(
        r#""resource": {"aws_instance": {"web": {"ami": "x", "count": 2}}}"#,
    ));
}

#[test]
fn comments_are_allowed_in_every_body() {
    both_accept(&server(
        r#""//": "a comment", "tls": {"//": ["any", 1], "cert": "c"}"#,
    ));
    both_accept(&format!(r#"[{{{MINIMAL}}}, {{"//": "the rest"}}]"#));
}

#[test]
fn missing_required_attributes_and_blocks_are_rejected() {
    both_reject(r#"{"logging": {}}"#);
    both_reject(r#"{"port": 80}"#);
    both_reject(&server(r#""tls": {}"#));
    both_reject(&server(r#""backend": {"a": {}}"#));
}

#[test]
fn blocks_take_the_object_and_the_array_forms() {
    both_accept(&server(r#""tls": {"cert": "c"}"#));
    both_accept(&server(r#""tls": [{"cert": "c"}]"#));
    both_accept(&server(
        r#""route": {"/": {"target": "a"}, "/b": [{"target": "b"}, {}]}"#,
    ));
    both_accept(&server(
        r#""route": [{"/": {"route": {"/x": {}}}}, {"/": {}}]"#,
    ));
    both_accept(&server(
        r#""resource": [{"aws_instance": {"web": {}}}, {"aws_instance": [{"db": [{}, {}]}]}]"#,
    ));
    both_accept(&server(
        r#""backend": {"a": {"url": "u"}, "b": [{"url": "v"}]}"#,
    ));
    both_accept(&server(
        r#""provisioner": {"local-exec": {"command": "x"}, "file": [{"source": "s"}]}"#,
    ));
    both_accept(&server(r#""route": {"/": []}"#));
}

#[test]
fn blocks_of_the_wrong_shape_are_rejected() {
    both_reject(&server(r#""tls": "cert""#));
    both_reject(&server(r#""tls": [{"cert": "a"}, {"cert": "b"}]"#));
    both_reject(&server(r#""route": {"/": "x"}"#));
    both_reject(&server(r#""route": {"/": [1]}"#));
    both_reject(&server(r#""route": {}"#));
    both_reject(&server(r#""route": []"#));
    both_reject(&server(r#""resource": {"aws_instance": {"web": 1}}"#));
    both_reject(r#"{"port": 80, "logging": "on"}"#);
    both_reject(r#"{"port": 80, "logging": []}"#);
}

#[test]
fn doc_comments_are_descriptions() {
    let schema = hcl_json::json_schema::<Server>().to_string();
    assert!(
        schema.contains(r#""title":"Server","description":"A server.""#),
        "{schema}"
    );
    assert!(
        schema.contains(r#""port":{"description":"The port.","#),
        "{schema}"
    );
    assert!(
        schema
            .contains(r#""Route":{"type":"object","description":"A route, nested routes inside.""#),
        "{schema}"
    );
}

#[test]
fn a_recursive_block_type_is_one_definition() {
    let schema = hcl_json::json_schema::<Server>().to_string();
    assert_eq!(schema.matches(r#""Route":{"#).count(), 1, "{schema}");
    assert!(schema.contains(r##""$ref":"#/$defs/Route""##));
}

#[test]
fn the_schema_of_a_small_type_is_exact() {
    /// A pair.
    #[derive(HclDecode)]
    #[allow(dead_code)]
    struct Pair {
        /// The left.
        #[hcl(attr)]
        left: bool,
        #[hcl(attr, literal)]
        right: Option<Vec<u8>>,
    }
    assert_eq!(
        hcl_json::json_schema::<Pair>().to_string(),
        concat!(
            r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Pair","description":"A pair.","##,
            r##""anyOf":[{"$ref":"#/$defs/Pair","required":["left"]},{"type":"array","items":{"$ref":"#/$defs/Pair"}}],"##,
            r##""$defs":{"Pair":{"type":"object","description":"A pair.","properties":{"##,
            r##""left":{"description":"The left.","anyOf":[{"type":"boolean"},{"type":"string","pattern":"^(true|false|1|0)$|\\$\\{|%\\{"}]},"##,
            r##""right":{"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer","minimum":0,"maximum":255},{"type":"string","pattern":"^-?[0-9]+$"}]}},{"type":"null"}]},"##,
            r##""//":{"description":"A comment, ignored."}},"additionalProperties":false}}}"##,
        )
    );
}

#[test]
fn each_label_level_is_defined_once() {
    #[derive(HclDecode)]
    #[allow(dead_code)]
    struct Deep {
        #[hcl(label)]
        a: String,
        #[hcl(label)]
        b: String,
        #[hcl(label)]
        c: String,
        #[hcl(label)]
        d: String,
    }
    #[derive(HclDecode)]
    #[allow(dead_code)]
    struct Root {
        #[hcl(block)]
        deep: Vec<Deep>,
    }
    let schema = hcl_json::json_schema::<Root>().to_string();
    for label in ["a", "b", "c", "d"] {
        let level = format!(r##""$ref":"#/$defs/Deep.{label}""##);
        // Once in the object form, once in the array form.
        assert_eq!(schema.matches(&level).count(), 2, "{schema}");
    }
    assert!(schema_accepts::<Root>(
        r#"{"deep": {"1": [{"2": {"3": {"4": {}}}}]}}"#
    ));
    assert!(!schema_accepts::<Root>(
        r#"{"deep": {"1": {"2": {"3": {}}}}}"#
    ));
    assert!(hcl_json::from_str::<Root>(r#"{"deep": {"1": {"2": {"3": {}}}}}"#, &ctx()).is_err());
}

#[test]
fn a_map_of_an_enum_of_block_types_chooses_the_variant_by_the_second_label() {
    #[derive(HclDecode)]
    #[allow(dead_code)]
    struct Hooks {
        #[hcl(block)]
        hook: IndexMap<String, Provisioner>,
    }
    let good =
        r#"{"hook": {"a": {"local-exec": {"command": "x"}}, "b": {"file": [{"source": "s"}]}}}"#;
    assert!(hcl_json::from_str::<Hooks>(good, &ctx()).is_ok());
    assert!(schema_accepts::<Hooks>(good));
    let bad = r#"{"hook": {"a": {"remote-exec": {"command": "x"}}}}"#;
    assert!(hcl_json::from_str::<Hooks>(bad, &ctx()).is_err());
    assert!(!schema_accepts::<Hooks>(bad));
}
