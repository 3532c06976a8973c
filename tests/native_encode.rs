//! `to_string_native`: Rust values written as native syntax, laid out as
//! `hcl-json fmt` lays text out, and read back to the same values.

use hcl_json::{EvalContext, HclDecode, HclEncode, Value};
use indexmap::IndexMap;
use proptest::prelude::*;

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Config {
    #[hcl(comment)]
    note: Option<String>,
    #[hcl(attr)]
    name: String,
    #[hcl(attr, literal)]
    pattern: Option<String>,
    #[hcl(attr)]
    tags: IndexMap<String, String>,
    #[hcl(block)]
    server: IndexMap<String, Server>,
    #[hcl(block)]
    limits: Option<Limits>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Server {
    #[hcl(attr)]
    port: u16,
    #[hcl(attr)]
    weight: f64,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
struct Limits {
    #[hcl(attr)]
    cpu: Option<u32>,
}

fn sample() -> Config {
    Config {
        note: Some("written by a program".into()),
        name: "cost: ${price}".into(),
        pattern: Some("${literal}".into()),
        tags: IndexMap::from([("a".into(), "1".into()), ("long key".into(), "2".into())]),
        server: IndexMap::from([
            (
                "web".into(),
                Server {
                    port: 80,
                    weight: 0.5,
                },
            ),
            (
                "db".into(),
                Server {
                    port: 5432,
                    weight: -1.0,
                },
            ),
        ]),
        limits: Some(Limits { cpu: Some(2) }),
    }
}

#[test]
fn blocks_labels_literals_and_comments_are_written_as_native_syntax() {
    let text = hcl_json::to_string_native(&sample()).unwrap();
    assert_eq!(
        text,
        r#"# written by a program
name    = "cost: $${price}"
pattern = "$${literal}"
tags = {
  a          = "1"
  "long key" = "2"
}

server "web" {
  port   = 80
  weight = 0.5
}

server "db" {
  port   = 5432
  weight = -1
}

limits {
  cpu = 2
}
"#
    );
}

#[test]
fn native_text_is_already_formatted_and_reads_back_to_the_value() {
    // A native comment reads back with its `#`: no comment here.
    let cfg = Config {
        note: None,
        ..sample()
    };
    let text = hcl_json::to_string_native(&cfg).unwrap();
    assert_eq!(hcl_json::format::native(&text, "c.hcl").unwrap(), text);
    let back: Config = hcl_json::from_str_native(&text, &EvalContext::new()).unwrap();
    assert_eq!(back, cfg);
}

#[test]
fn a_value_object_is_a_body_of_attributes() {
    let v = Value::from_iter([
        ("b", Value::from(1)),
        ("long_name", Value::from(vec![Value::from("x")])),
    ]);
    assert_eq!(
        hcl_json::to_string_native(&v).unwrap(),
        "b         = 1\nlong_name = [\"x\"]\n"
    );
}

#[test]
fn a_value_that_is_not_an_object_is_an_error() {
    assert!(hcl_json::to_string_native(&Value::from(1)).is_err());
}

#[test]
fn a_parsed_json_body_is_written_with_its_properties_as_attributes() {
    let file = hcl_json::parse(r#"{"a": "${x + 1}", "b": {"c": true}}"#, "p.json").unwrap();
    assert_eq!(
        hcl_json::to_string_native(&file.body()).unwrap(),
        "a = x + 1\nb = {\n  c = true\n}\n"
    );
}

#[test]
fn a_parsed_native_file_or_body_keeps_its_blocks() {
    let file =
        hcl_json::parse_native("a=1+2\nb \"x\" {\nc=[for v in l: v]\nd {}\n}\n", "p.tf").unwrap();
    let expected = "a = 1 + 2\n\nb \"x\" {\n  c = [for v in l : v]\n\n  d {}\n}\n";
    assert_eq!(hcl_json::to_string_native(&file).unwrap(), expected);
    assert_eq!(hcl_json::to_string_native(&file.body()).unwrap(), expected);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_server_map_round_trips_through_native_text(
        servers in prop::collection::vec(("[a-z][a-z0-9_-]{0,8}", any::<u16>(), -1e6f64..1e6), 0..5),
        // Strings read back NFC-normalized: NFC-stable text only.
        name in "[ -~éü€\\n\\t]{0,20}",
    ) {
        let mut cfg = sample();
        cfg.note = None;
        cfg.name = name;
        cfg.server = servers
            .into_iter()
            .map(|(n, port, weight)| (n, Server { port, weight }))
            .collect();
        let text = hcl_json::to_string_native(&cfg).unwrap();
        prop_assert_eq!(hcl_json::format::native(&text, "c.hcl").unwrap(), text.clone());
        let back: Config = hcl_json::from_str_native(&text, &EvalContext::new()).unwrap();
        prop_assert_eq!(back, cfg);
    }
}
