//! Writing HCL's JSON syntax: `HclEncode`, `to_string` and friends.

use indexmap::IndexMap;

use hcl_json::{
    Body, EvalContext, Expression, File, HclDecode, HclEncode, Number, Spanned, Type, Value,
};

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Config {
    #[hcl(comment)]
    comment: Option<String>,
    #[hcl(attr)]
    region: Option<String>,
    #[hcl(block)]
    variable: Vec<Variable>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    locals: Option<Locals>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Variable {
    #[hcl(label)]
    name: String,
    #[hcl(attr, literal)]
    description: Option<String>,
    #[hcl(attr)]
    default: Option<Value>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    count: Option<u32>,
    #[hcl(attr)]
    tags: Option<IndexMap<String, String>>,
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Locals {
    #[hcl(remain)]
    values: IndexMap<String, Value>,
}

fn resource(kind: &str, name: &str, count: Option<u32>) -> Resource {
    Resource {
        kind: kind.into(),
        name: name.into(),
        count,
        tags: None,
    }
}

fn empty() -> Config {
    Config {
        comment: None,
        region: None,
        variable: Vec::new(),
        resource: Vec::new(),
        locals: None,
    }
}

fn decode<T: HclDecode>(src: &str) -> T {
    hcl_json::from_str(src, &EvalContext::new()).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

#[test]
fn blocks_are_written_in_the_nested_object_label_form() {
    let cfg = Config {
        resource: vec![
            resource("aws_instance", "web", Some(2)),
            resource("aws_instance", "db", None),
            resource("aws_s3_bucket", "logs", None),
        ],
        ..empty()
    };
    assert_eq!(
        hcl_json::to_string(&cfg).unwrap(),
        r#"{"resource":{"aws_instance":{"web":{"count":2},"db":{}},"aws_s3_bucket":{"logs":{}}}}"#
    );
    assert_eq!(decode::<Config>(&hcl_json::to_string(&cfg).unwrap()), cfg);
}

#[test]
fn blocks_with_the_same_type_and_labels_become_an_array() {
    let cfg = Config {
        resource: vec![
            resource("aws_instance", "web", Some(1)),
            resource("aws_instance", "web", Some(2)),
        ],
        ..empty()
    };
    let text = hcl_json::to_string(&cfg).unwrap();
    assert_eq!(
        text,
        r#"{"resource":{"aws_instance":{"web":[{"count":1},{"count":2}]}}}"#
    );
    assert_eq!(decode::<Config>(&text), cfg);
}

#[test]
fn none_attributes_and_empty_block_lists_are_left_out() {
    assert_eq!(hcl_json::to_string(&empty()).unwrap(), "{}");
}

#[test]
fn comments_are_written_as_the_comment_property() {
    let cfg = Config {
        comment: Some("generated: do not edit ${x}".into()),
        ..empty()
    };
    let text = hcl_json::to_string(&cfg).unwrap();
    // "//" is read in literal mode: no escaping.
    assert_eq!(text, r#"{"//":"generated: do not edit ${x}"}"#);
    assert_eq!(decode::<Config>(&text), cfg);
}

#[test]
fn template_sigils_are_escaped_in_full_expression_mode_only() {
    let cfg = Config {
        region: Some("${var.region} %{if}".into()),
        variable: vec![Variable {
            name: "v".into(),
            description: Some("use ${x}".into()),
            default: Some(Value::from("${y}")),
        }],
        ..empty()
    };
    let text = hcl_json::to_string(&cfg).unwrap();
    assert_eq!(
        text,
        r#"{"region":"$${var.region} %%{if}","variable":{"v":{"description":"use ${x}","default":"$${y}"}}}"#
    );
    assert_eq!(decode::<Config>(&text), cfg);
}

#[test]
fn already_escaped_looking_text_reads_back_unchanged() {
    for s in [
        "$${x}", "$$${x}", "%%{x}", "$", "${", "a$", "%{", "{}", "$$",
    ] {
        let text = hcl_json::to_string(&Value::from(s)).unwrap();
        let expr: Expression = hcl_json::decode_body::<Holder>(
            &hcl_json::parse(&format!("{{\"e\":{text}}}"), "h.json")
                .unwrap()
                .body(),
            &EvalContext::new(),
        )
        .unwrap()
        .e;
        assert_eq!(
            expr.value(&EvalContext::new()).unwrap(),
            Value::from(s),
            "{s} as {text}"
        );
    }
}

#[derive(HclDecode, Debug)]
struct Holder {
    #[hcl(attr)]
    e: Expression,
}

#[test]
fn block_maps_take_their_key_as_the_first_label() {
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Root {
        #[hcl(block)]
        variable: IndexMap<String, Var>,
    }
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Var {
        #[hcl(attr)]
        default: Option<u32>,
    }
    let mut variable = IndexMap::new();
    variable.insert("zone".to_string(), Var { default: Some(1) });
    variable.insert("app".to_string(), Var { default: None });
    let root = Root { variable };
    let text = hcl_json::to_string(&root).unwrap();
    assert_eq!(text, r#"{"variable":{"zone":{"default":1},"app":{}}}"#);
    assert_eq!(decode::<Root>(&text), root);
}

#[test]
fn remain_maps_are_written_as_attributes() {
    let mut values = IndexMap::new();
    values.insert("a".to_string(), Value::from(1i64));
    values.insert("b".to_string(), Value::from("x"));
    let cfg = Config {
        locals: Some(Locals { values }),
        ..empty()
    };
    let text = hcl_json::to_string(&cfg).unwrap();
    assert_eq!(text, r#"{"locals":{"a":1,"b":"x"}}"#);
    assert_eq!(decode::<Config>(&text), cfg);
}

#[derive(HclDecode, HclEncode, Debug)]
struct Partial {
    #[hcl(attr)]
    name: String,
    #[hcl(remain)]
    rest: Body,
}

#[test]
fn remain_bodies_are_written_back_with_duplicates_and_order() {
    let src = r#"{"x": 1.50, "name": "n", "resource": {"a": {"b": {}}}, "x": "${y}", "//": "c"}"#;
    let p: Partial = decode(src);
    assert_eq!(
        hcl_json::to_string(&p).unwrap(),
        r#"{"name":"n","x":1.50,"resource":{"a":{"b":{}}},"x":"${y}","//":"c"}"#
    );
}

#[test]
fn native_remain_bodies_are_written_as_json_syntax_of_the_same_content() {
    let src = "name = \"n\"\nx = a + 1\nresource \"a\" \"b\" {\n  k = [1, \"s\"]\n}\n";
    let p: Partial = hcl_json::from_str_native(src, &EvalContext::new()).unwrap();
    let text = hcl_json::to_string(&p).unwrap();
    assert_eq!(
        text,
        r#"{"name":"n","x":"${a + 1}","resource":{"a":{"b":{"k":"${[1, \"s\"]}"}}}}"#
    );
    // The JSON written back decodes to the same values.
    let back = hcl_json::parse(&text, "back.tf.json").unwrap();
    let ctx = EvalContext::new().with_variable("a", 2);
    let attrs = back.body().just_attributes().unwrap();
    assert_eq!(attrs["x"].expr.value(&ctx).unwrap(), Value::from(3));
}

#[test]
fn expressions_are_written_back_as_their_source() {
    let h: Holder = decode(r#"{"e": {"a": [1e400, "${b}"]}}"#);
    #[derive(HclEncode)]
    struct W {
        #[hcl(attr)]
        e: Expression,
        #[hcl(attr)]
        s: Spanned<String>,
    }
    #[derive(HclDecode)]
    struct R {
        #[hcl(attr)]
        s: Spanned<String>,
    }
    let r: R = decode(r#"{"s": "v"}"#);
    let w = W { e: h.e, s: r.s };
    assert_eq!(
        hcl_json::to_string(&w).unwrap(),
        r#"{"e":{"a":[1e400,"${b}"]},"s":"v"}"#
    );
}

#[test]
fn a_native_expression_keeps_its_string_form() {
    let h: Holder = decode(r#"{"e": "aws_instance.web"}"#);
    let list: Holder = decode(r#"{"e": ["a.b", "c"]}"#);
    let native = h.e.abs_traversal().unwrap();
    assert_eq!(native.root_name(), "aws_instance");
    #[derive(HclEncode)]
    struct W {
        #[hcl(attr)]
        e: Vec<Expression>,
    }
    let w = W {
        e: list.e.as_list().unwrap(),
    };
    assert_eq!(hcl_json::to_string(&w).unwrap(), r#"{"e":["a.b","c"]}"#);
}

#[test]
fn values_are_written_as_expressions() {
    let v = Value::Object(
        [
            (
                "n".into(),
                Value::Number(Number::parse_plain("0.1000000000000000000000000000001").unwrap()),
            ),
            ("${k}".into(), Value::from(true)),
            (
                "l".into(),
                Value::Tuple(vec![Value::null(Type::String), Value::from("é")]),
            ),
        ]
        .into_iter()
        .collect(),
    );
    assert_eq!(
        hcl_json::to_string(&v).unwrap(),
        r#"{"n":0.1000000000000000000000000000001,"$${k}":true,"l":[null,"é"]}"#
    );
}

#[test]
fn huge_and_tiny_numbers_are_written_with_an_exponent() {
    let big = Value::Number(Number::parse("1e300").unwrap());
    assert_eq!(hcl_json::to_string(&big).unwrap(), "1e300");
    let tiny = Value::Number(Number::parse("-2.5e-300").unwrap());
    assert_eq!(hcl_json::to_string(&tiny).unwrap(), "-25e-301");
    assert_eq!(
        Number::parse("-25e-301").unwrap(),
        Number::parse("-2.5e-300").unwrap()
    );
}

#[test]
fn a_parsed_file_is_written_back_keeping_duplicates_and_order() {
    let src = r#"{"b": 1, "a": [true, null], "b": {"x": 1.0e2}, "//": "c\n"}"#;
    let file: File = hcl_json::parse(src, "f.json").unwrap();
    assert_eq!(
        hcl_json::to_string(&file).unwrap(),
        r#"{"b":1,"a":[true,null],"b":{"x":1.0e2},"//":"c\n"}"#
    );
    assert_eq!(
        hcl_json::to_string(&file.body()).unwrap(),
        hcl_json::to_string(&file).unwrap()
    );
}

#[test]
fn pretty_output_is_indented_by_two_spaces() {
    let cfg = Config {
        region: Some("eu".into()),
        resource: vec![resource("t", "n", Some(1))],
        ..empty()
    };
    assert_eq!(
        hcl_json::to_string_pretty(&cfg).unwrap(),
        "{\n  \"region\": \"eu\",\n  \"resource\": {\n    \"t\": {\n      \"n\": {\n        \"count\": 1\n      }\n    }\n  }\n}"
    );
    let mut out = Vec::new();
    hcl_json::to_writer_pretty(&mut out, &cfg).unwrap();
    assert_eq!(out, hcl_json::to_vec_pretty(&cfg).unwrap());
    let mut out = Vec::new();
    hcl_json::to_writer(&mut out, &cfg).unwrap();
    assert_eq!(out, hcl_json::to_vec(&cfg).unwrap());
}

fn only_error(e: hcl_json::Error) -> (String, String) {
    assert_eq!(e.diagnostics().len(), 1);
    let d = &e.diagnostics()[0];
    (d.summary.clone(), d.detail.clone())
}

#[test]
fn an_unknown_value_is_an_error_with_the_attribute_path() {
    let cfg = Config {
        variable: vec![Variable {
            name: "v".into(),
            description: None,
            default: Some(Value::Tuple(vec![
                Value::from(1i64),
                Value::unknown(Type::String),
            ])),
        }],
        ..empty()
    };
    assert_eq!(
        only_error(hcl_json::to_string(&cfg).unwrap_err()),
        (
            "Unknown value".to_string(),
            "The value is not yet known, so it cannot be written. (at variable.v.default[1])"
                .to_string()
        )
    );
}

#[test]
fn a_non_string_map_key_is_an_error_with_the_path() {
    #[derive(HclEncode)]
    struct W {
        #[hcl(attr)]
        m: std::collections::BTreeMap<(u8, u8), u8>,
    }
    let w = W {
        m: [((1, 2), 3)].into_iter().collect(),
    };
    assert_eq!(
        only_error(hcl_json::to_string(&w).unwrap_err()),
        (
            "Invalid map key".to_string(),
            "An object key must be a string (or a number or bool, written as a string). (at m)"
                .to_string()
        )
    );
}

#[test]
fn nan_and_infinities_are_errors_with_the_path() {
    #[derive(HclEncode)]
    struct W {
        #[hcl(attr)]
        f: Vec<f64>,
    }
    let e = hcl_json::to_string(&W {
        f: vec![1.5, f64::NAN],
    })
    .unwrap_err();
    assert_eq!(
        only_error(e),
        (
            "Cannot write a non-finite number".to_string(),
            "NaN is not a number JSON can hold. (at f[1])".to_string()
        )
    );
    let e = hcl_json::to_string(&Value::from(f64::INFINITY)).unwrap_err();
    assert_eq!(only_error(e).0, "Cannot write an infinite number");
}

#[test]
fn floats_are_written_with_their_shortest_digits() {
    #[derive(HclEncode)]
    struct W {
        #[hcl(attr)]
        f: (f64, f32, f64),
    }
    assert_eq!(
        hcl_json::to_string(&W {
            f: (0.1, 0.1, 1e21)
        })
        .unwrap(),
        r#"{"f":[0.1,0.1,1e21]}"#
    );
}

#[test]
fn an_enum_of_block_types_writes_its_label_first() {
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Root {
        #[hcl(block)]
        provisioner: Vec<Provisioner>,
    }
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    enum Provisioner {
        LocalExec(Exec),
    }
    #[derive(HclDecode, HclEncode, Debug, PartialEq)]
    struct Exec {
        #[hcl(attr)]
        command: String,
    }
    let root = Root {
        provisioner: vec![Provisioner::LocalExec(Exec {
            command: "echo".into(),
        })],
    };
    let text = hcl_json::to_string(&root).unwrap();
    assert_eq!(text, r#"{"provisioner":{"local-exec":{"command":"echo"}}}"#);
    assert_eq!(decode::<Root>(&text), root);
}

mod round_trip {
    //! `from_str(to_string(x)) == x` for generated configurations.

    use super::*;
    use proptest::prelude::*;
    use unicode_normalization::UnicodeNormalization;

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Root {
        #[hcl(comment)]
        comments: Vec<String>,
        #[hcl(attr)]
        name: Option<String>,
        #[hcl(attr, literal)]
        text: Option<String>,
        #[hcl(attr)]
        n: Option<Number>,
        #[hcl(attr)]
        list: Option<Vec<String>>,
        #[hcl(attr)]
        map: Option<IndexMap<String, Number>>,
        #[hcl(block)]
        resource: Vec<Res>,
        #[hcl(block)]
        module: IndexMap<String, Inner>,
        #[hcl(block)]
        settings: Option<Inner>,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Res {
        #[hcl(label)]
        kind: String,
        #[hcl(label)]
        name: String,
        #[hcl(attr)]
        flag: Option<bool>,
        #[hcl(attr)]
        value: Option<String>,
        #[hcl(block)]
        lifecycle: Vec<Inner>,
    }

    #[derive(HclDecode, HclEncode, Debug, PartialEq, Clone)]
    struct Inner {
        #[hcl(comment)]
        note: Option<String>,
        #[hcl(attr)]
        source: Option<String>,
        #[hcl(attr)]
        count: Option<i64>,
    }

    /// Text with the characters that need care: template sigils, braces,
    /// quotes, backslashes, control characters and non-ASCII, in NFC (the
    /// form decoding produces).
    fn text() -> impl Strategy<Value = String> {
        "([$%{}\"\\\\\n\tab é漢\u{1F600}]|\\$\\{|%\\{|\\$\\$\\{|\\PC){0,10}"
            .prop_map(|s| s.nfc().collect())
    }

    fn label() -> impl Strategy<Value = String> {
        proptest::sample::select(&["a", "b", "x y", "é", "${l}"][..]).prop_map(str::to_string)
    }

    fn number() -> impl Strategy<Value = Number> {
        prop_oneof![
            "-?(0|[1-9][0-9]{0,40})(\\.[0-9]{0,30}[1-9])?",
            "[1-9][0-9]{0,5}e-?[0-9]{1,3}",
        ]
        .prop_map(|s| Number::parse(&s).unwrap())
    }

    fn inner() -> impl Strategy<Value = Inner> {
        (
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(any::<i64>()),
        )
            .prop_map(|(note, source, count)| Inner {
                note,
                source,
                count,
            })
    }

    fn res() -> impl Strategy<Value = Res> {
        (
            label(),
            label(),
            proptest::option::of(any::<bool>()),
            proptest::option::of(text()),
            proptest::collection::vec(inner(), 0..3),
        )
            .prop_map(|(kind, name, flag, value, lifecycle)| Res {
                kind,
                name,
                flag,
                value,
                lifecycle,
            })
    }

    fn root() -> impl Strategy<Value = Root> {
        (
            proptest::collection::vec(text(), 0..3),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(number()),
            proptest::option::of(proptest::collection::vec(text(), 0..4)),
            proptest::option::of(proptest::collection::vec((text(), number()), 0..4)),
            proptest::collection::vec(res(), 0..6),
            proptest::collection::vec((label(), inner()), 0..3),
            proptest::option::of(inner()),
        )
            .prop_map(
                |(comments, name, text, n, list, map, resource, module, settings)| Root {
                    comments,
                    name,
                    text,
                    n,
                    list,
                    map: map.map(|m| m.into_iter().collect()),
                    resource,
                    module: module.into_iter().collect(),
                    settings,
                },
            )
    }

    /// Decoding gathers blocks of equal labels together (the JSON form
    /// nests by label), so the expected order is grouped by first
    /// appearance of each label path.
    fn grouped(mut r: Root) -> Root {
        let mut order: IndexMap<(String, String), Vec<Res>> = IndexMap::new();
        let mut kinds: IndexMap<String, Vec<String>> = IndexMap::new();
        for res in r.resource.drain(..) {
            let names = kinds.entry(res.kind.clone()).or_default();
            if !names.contains(&res.name) {
                names.push(res.name.clone());
            }
            order
                .entry((res.kind.clone(), res.name.clone()))
                .or_default()
                .push(res);
        }
        for (kind, names) in kinds {
            for name in names {
                r.resource
                    .extend(order.swap_remove(&(kind.clone(), name)).unwrap_or_default());
            }
        }
        r
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn generated_configs_read_back_equal(cfg in root(), pretty in any::<bool>()) {
            let text = if pretty {
                hcl_json::to_string_pretty(&cfg).unwrap()
            } else {
                hcl_json::to_string(&cfg).unwrap()
            };
            let back: Root = hcl_json::from_str(&text, &EvalContext::new())
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back, grouped(cfg), "{}", text);
        }

        #[test]
        fn generated_strings_read_back_as_the_same_literal(s in text()) {
            let text = hcl_json::to_string(&Value::from(s.as_str())).unwrap();
            let h: Holder = hcl_json::from_str(&format!("{{\"e\":{text}}}"), &EvalContext::new()).unwrap();
            prop_assert_eq!(h.e.value(&EvalContext::new()).unwrap(), Value::from(s.as_str()));
        }
    }
}

#[test]
fn a_native_expression_inside_a_string_is_written_as_an_interpolation() {
    let h: Holder = decode(r#"{"e": "lookup(var.m, \"k\")"}"#);
    let call = h.e.as_call().unwrap();
    #[derive(HclEncode)]
    struct W {
        #[hcl(attr)]
        args: Vec<Expression>,
    }
    let text = hcl_json::to_string(&W { args: call.args }).unwrap();
    assert_eq!(text, r#"{"args":["${var.m}","${\"k\"}"]}"#);
    let ctx = EvalContext::new().with_variable(
        "var",
        Value::Object([("m".into(), Value::from("map"))].into_iter().collect()),
    );
    let back: Holder = decode(&text.replace("args", "e"));
    assert_eq!(
        back.e.value(&ctx).unwrap(),
        Value::Tuple(vec![Value::from("map"), Value::from("k")])
    );
}

#[test]
fn hash_maps_are_written_in_key_order() {
    #[derive(HclEncode)]
    struct Root {
        #[hcl(block)]
        module: std::collections::HashMap<String, Module>,
        #[hcl(remain)]
        rest: std::collections::HashMap<String, u8>,
    }
    #[derive(HclEncode)]
    struct Module {
        #[hcl(attr)]
        source: String,
    }
    let root = Root {
        module: ["c", "a", "b"]
            .into_iter()
            .map(|k| {
                (
                    k.to_string(),
                    Module {
                        source: k.repeat(2),
                    },
                )
            })
            .collect(),
        rest: [("z".to_string(), 1), ("y".to_string(), 2)]
            .into_iter()
            .collect(),
    };
    assert_eq!(
        hcl_json::to_string(&root).unwrap(),
        r#"{"module":{"a":{"source":"aa"},"b":{"source":"bb"},"c":{"source":"cc"}},"y":2,"z":1}"#
    );
}
