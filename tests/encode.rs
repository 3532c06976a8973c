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
            &hcl_json::parse(format!("{{\"e\":{text}}}"), "h.json")
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

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct ObjectRest {
    #[hcl(attr)]
    name: String,
    #[hcl(remain)]
    rest: Value,
}

#[test]
fn a_remain_object_is_written_as_attributes_in_its_order() {
    let p: ObjectRest = decode(r#"{"name": "n", "z": 1, "a": ["x"]}"#);
    let text = hcl_json::to_string(&p).unwrap();
    assert_eq!(text, r#"{"name":"n","z":1,"a":["x"]}"#);
    assert_eq!(decode::<ObjectRest>(&text), p);
    let none = ObjectRest {
        name: "n".into(),
        rest: Value::Null(Type::Dynamic),
    };
    assert_eq!(hcl_json::to_string(&none).unwrap(), r#"{"name":"n"}"#);
    let list = ObjectRest {
        name: "n".into(),
        rest: Value::Tuple(vec![Value::from(1i64)].into()),
    };
    let err = hcl_json::to_string(&list).unwrap_err();
    assert!(
        err.to_string()
            .contains("The remaining attributes of a body are an object of them; found a tuple"),
        "{err}"
    );
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
    let v = Value::object([
        (
            "n",
            Value::Number(Number::parse_plain("0.1000000000000000000000000000001").unwrap()),
        ),
        ("${k}", Value::from(true)),
        (
            "l",
            Value::Tuple(hcl_json::value::Elements::from([
                Value::null(Type::String),
                Value::from("é"),
            ])),
        ),
    ]);
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
            default: Some(Value::Tuple(hcl_json::value::Elements::from([
                Value::from(1i64),
                Value::unknown(Type::String),
            ]))),
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
    let ctx = EvalContext::new().with_variable("var", Value::object([("m", Value::from("map"))]));
    let back: Holder = decode(&text.replace("args", "e"));
    assert_eq!(
        back.e.value(&ctx).unwrap(),
        Value::Tuple(hcl_json::value::Elements::from([
            Value::from("map"),
            Value::from("k")
        ]))
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

/// JSON syntax to native syntax text (`to_native_string`): one small case
/// per rule, the whole output pinned, every value written checked with the
/// native expression parser (`verify`).
mod native {
    use hcl_json::convert::{BlockFrame, ConvertOptions, PropertyKind};

    fn convert_with(src: &str, options: ConvertOptions) -> String {
        let file = hcl_json::parse(src, "t.tf.json").unwrap();
        hcl_json::to_native_string(&file.body(), &options.verify(true))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    fn tf(src: &str) -> String {
        convert_with(src, ConvertOptions::terraform())
    }

    fn error(src: &str, options: ConvertOptions) -> Vec<(String, String, String)> {
        let file = hcl_json::parse(src, "t.tf.json").unwrap();
        let err = hcl_json::to_native_string(&file.body(), &options).unwrap_err();
        err.diagnostics()
            .iter()
            .map(|d| {
                let text = d.subject.as_ref().map(|r| src[r.bytes()].to_string());
                (
                    d.summary.clone(),
                    d.detail.clone(),
                    text.unwrap_or_default(),
                )
            })
            .collect()
    }

    #[test]
    fn equals_signs_align_across_consecutive_single_line_attributes() {
        let src = r#"{"locals": {"a": 1, "long_name": 2, "bb": true}}"#;
        assert_eq!(
            tf(src),
            "locals {\n  a         = 1\n  long_name = 2\n  bb        = true\n}\n"
        );
    }

    #[test]
    fn a_multi_line_value_ends_the_alignment_run() {
        let src = r#"{"locals": {"a": 1, "tags": {"Name": "x"}, "long_name": 2, "b": 3}}"#;
        assert_eq!(
            tf(src),
            "locals {\n  a = 1\n  tags = {\n    Name = \"x\"\n  }\n  long_name = 2\n  b         = 3\n}\n"
        );
    }

    #[test]
    fn blocks_are_separated_from_their_neighbours_by_a_blank_line() {
        let src = r#"{
          "provider": {"aws": {"region": "eu-west-1"}},
          "resource": {"aws_instance": {"web": {
            "ami": "x",
            "lifecycle": {"create_before_destroy": true},
            "count": 2
          }}}
        }"#;
        assert_eq!(
            tf(src),
            r#"provider "aws" {
  region = "eu-west-1"
}

resource "aws_instance" "web" {
  ami = "x"

  lifecycle {
    create_before_destroy = true
  }

  count = 2
}
"#
        );
    }

    #[test]
    fn labels_in_array_form_keep_source_order() {
        let src = r#"{"resource": [
          {"aws_instance": {"b": {"ami": "1"}}},
          {"aws_instance": [{"a": {"ami": "2"}}, {"c": [{"ami": "3"}, {"ami": "4"}]}]}
        ]}"#;
        assert_eq!(
            tf(src),
            r#"resource "aws_instance" "b" {
  ami = "1"
}

resource "aws_instance" "a" {
  ami = "2"
}

resource "aws_instance" "c" {
  ami = "3"
}

resource "aws_instance" "c" {
  ami = "4"
}
"#
        );
    }

    #[test]
    fn arrays_of_objects_for_a_block_type_become_repeated_blocks() {
        let src = r#"{"resource": {"aws_instance": {"web": {"provisioner": [
          {"local-exec": {"command": "echo 'Hello World' >example.txt"}},
          {"file": {"source": "example.txt", "destination": "/tmp/example.txt"}},
          {"remote-exec": {"inline": ["sudo install-something -f /tmp/example.txt"]}}
        ]}}}}"#;
        assert_eq!(
            tf(src),
            r#"resource "aws_instance" "web" {
  provisioner "local-exec" {
    command = "echo 'Hello World' >example.txt"
  }

  provisioner "file" {
    source      = "example.txt"
    destination = "/tmp/example.txt"
  }

  provisioner "remote-exec" {
    inline = ["sudo install-something -f /tmp/example.txt"]
  }
}
"#
        );
    }

    #[test]
    fn numbers_keep_their_exact_text() {
        let src = r#"{"locals": {"a": 1e150, "b": 0.10000000000000000000001, "c": -0, "d": 1E+5}}"#;
        assert_eq!(
            tf(src),
            "locals {\n  a = 1e150\n  b = 0.10000000000000000000001\n  c = -0\n  d = 1E+5\n}\n"
        );
    }

    #[test]
    fn strings_escape_quotes_backslashes_and_control_characters() {
        let src = r#"{"locals": {"a": "say \"hi\"\n\tC:\\dir\u0001"}}"#;
        assert_eq!(
            tf(src),
            "locals {\n  a = \"say \\\"hi\\\"\\n\\tC:\\\\dir\\u0001\"\n}\n"
        );
    }

    #[test]
    fn a_string_that_is_one_interpolation_is_unwrapped_to_its_expression() {
        let src = r#"{"output": {"x": {"value": "${aws_instance.example}"}},
                      "locals": {"n": "${ a + b }", "s": "${~ upper(\"x\") ~}"}}"#;
        assert_eq!(
            tf(src),
            "output \"x\" {\n  value = aws_instance.example\n}\n\nlocals {\n  n = a + b\n  s = upper(\"x\")\n}\n"
        );
    }

    #[test]
    fn templates_with_several_parts_stay_quoted_templates() {
        let src = r#"{"locals": {
          "a": "Hello, ${var.name}!",
          "b": "${a}${b}",
          "c": "%{ if var.on }\"on\"%{ else }off%{ endif }",
          "d": "${var.x} \\ ${\"q\\\"uote\"}"
        }}"#;
        assert_eq!(
            tf(src),
            r#"locals {
  a = "Hello, ${var.name}!"
  b = "${a}${b}"
  c = "%{if var.on}\"on\"%{else}off%{endif}"
  d = "${var.x} \\ ${"q\"uote"}"
}
"#
        );
    }

    #[test]
    fn template_escapes_stay_escapes_in_expression_positions() {
        // `$${x}` in a JSON template is the literal `${x}`, and so it is in
        // a native quoted string.
        let src = r#"{"locals": {"a": "cost: $${x} and %%{y}", "b": "$${x}${y}"}}"#;
        assert_eq!(
            tf(src),
            "locals {\n  a = \"cost: $${x} and %%{y}\"\n  b = \"$${x}${y}\"\n}\n"
        );
    }

    #[test]
    fn literal_only_strings_get_template_introducers_escaped() {
        let src = r#"{"variable": {"v": {
          "description": "Use ${var.x} or %{ if } literally; $${ too",
          "default": {"k": "${not.a.template}"}
        }}}"#;
        assert_eq!(
            tf(src),
            r#"variable "v" {
  description = "Use $${var.x} or %%{ if } literally; $$${ too"
  default = {
    k = "$${not.a.template}"
  }
}
"#
        );
    }

    #[test]
    fn variable_type_strings_become_bare_type_expressions() {
        let src = r#"{"variable": {
          "a": {"type": "string"},
          "b": {"type": "${string}"},
          "c": {"type": "list(object({name = string}))"},
          "d": {"type": "map(string)", "sensitive": true, "nullable": false}
        }}"#;
        assert_eq!(
            tf(src),
            r#"variable "a" {
  type = string
}

variable "b" {
  type = string
}

variable "c" {
  type = list(object({ name = string }))
}

variable "d" {
  type      = map(string)
  sensitive = true
  nullable  = false
}
"#
        );
    }

    #[test]
    fn provider_and_depends_on_strings_become_references() {
        let src = r#"{"resource": {"aws_instance": {"web": {
          "provider": "aws.west",
          "depends_on": ["aws_vpc.main", "module.net"]
        }}}, "data": {"aws_ami": {"u": {"provider": "aws.east"}}}}"#;
        assert_eq!(
            tf(src),
            r#"resource "aws_instance" "web" {
  provider   = aws.west
  depends_on = [aws_vpc.main, module.net]
}

data "aws_ami" "u" {
  provider = aws.east
}
"#
        );
    }

    #[test]
    fn ignore_changes_is_a_keyword_or_a_list_of_references() {
        let src = r#"{"resource": {"a": {
          "x": {"lifecycle": {"ignore_changes": "all"}},
          "y": {"lifecycle": {"ignore_changes": ["ami", "tags[\"Name\"]"], "replace_triggered_by": ["null_resource.z.id"]}}
        }}}"#;
        assert_eq!(
            tf(src),
            r#"resource "a" "x" {
  lifecycle {
    ignore_changes = all
  }
}

resource "a" "y" {
  lifecycle {
    ignore_changes       = [ami, tags["Name"]]
    replace_triggered_by = [null_resource.z.id]
  }
}
"#
        );
    }

    #[test]
    fn a_reference_string_that_is_not_an_expression_stays_a_quoted_string() {
        // The legacy `"*"` of ignore_changes, which Terraform also reads
        // from a native quoted string.
        let src = r#"{"resource": {"a": {"b": {"lifecycle": {"ignore_changes": ["*"]}}}}}"#;
        assert_eq!(
            tf(src),
            "resource \"a\" \"b\" {\n  lifecycle {\n    ignore_changes = [\"*\"]\n  }\n}\n"
        );
    }

    #[test]
    fn module_source_and_version_are_expressions_and_providers_references() {
        // Terraform 1.15 and OpenTofu 1.8 let `source` and `version` refer
        // to variables, locals and `path`.
        let src = r#"{"module": {"consul": {
          "source": "hashicorp/consul/${x}",
          "version": "= 1.0.0",
          "providers": {"aws": "aws.usw1", "aws.dst": "aws.usw2"},
          "count": "${var.n}"
        }}}"#;
        assert_eq!(
            tf(src),
            r#"module "consul" {
  source  = "hashicorp/consul/${x}"
  version = "= 1.0.0"
  providers = {
    aws     = aws.usw1
    aws.dst = aws.usw2
  }
  count = var.n
}
"#
        );
    }

    #[test]
    fn terraform_block_settings_are_literal_and_its_nested_blocks_are_blocks() {
        let src = r#"{"terraform": {
          "required_version": ">= 0.12.0",
          "experiments": ["module_variable_optional_attrs"],
          "required_providers": {"aws": {"source": "hashicorp/aws", "version": "~> ${v}"}},
          "backend": {"s3": {"region": "us-west-2", "bucket": "acme-terraform-states"}}
        }}"#;
        assert_eq!(
            tf(src),
            r#"terraform {
  required_version = ">= 0.12.0"
  experiments      = [module_variable_optional_attrs]

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> $${v}"
    }
  }

  backend "s3" {
    region = "us-west-2"
    bucket = "acme-terraform-states"
  }
}
"#
        );
    }

    #[test]
    fn provider_alias_and_version_are_literal() {
        let src = r#"{"provider": {"aws": [{"region": "${var.r}"}, {"alias": "usw1", "region": "us-west-1"}]}}"#;
        assert_eq!(
            tf(src),
            "provider \"aws\" {\n  region = var.r\n}\n\nprovider \"aws\" {\n  alias  = \"usw1\"\n  region = \"us-west-1\"\n}\n"
        );
    }

    #[test]
    fn output_description_and_sensitive_are_literal_and_value_an_expression() {
        let src = r#"{"output": {"o": {"value": "${x}-y", "description": "The ${x}", "sensitive": true}}}"#;
        assert_eq!(
            tf(src),
            "output \"o\" {\n  value       = \"${x}-y\"\n  description = \"The $${x}\"\n  sensitive   = true\n}\n"
        );
    }

    #[test]
    fn connection_type_is_literal_and_provisioner_keywords_are_bare() {
        let src = r#"{"resource": {"a": {"b": {
          "connection": {"type": "ssh", "host": "${self.ip}"},
          "provisioner": {"remote-exec": {
            "when": "destroy", "on_failure": "continue",
            "connection": {"type": "winrm"}
          }}
        }}}}"#;
        assert_eq!(
            tf(src),
            r#"resource "a" "b" {
  connection {
    type = "ssh"
    host = self.ip
  }

  provisioner "remote-exec" {
    when       = destroy
    on_failure = continue

    connection {
      type = "winrm"
    }
  }
}
"#
        );
    }

    #[test]
    fn dynamic_blocks_and_their_content_are_blocks() {
        let src = r#"{"resource": {"aws_security_group": {"sg": {"dynamic": {"ingress": {
          "for_each": "${var.ports}", "iterator": "port",
          "content": {"from_port": "${port.value}"}
        }}}}}}"#;
        assert_eq!(
            tf(src),
            r#"resource "aws_security_group" "sg" {
  dynamic "ingress" {
    for_each = var.ports
    iterator = port

    content {
      from_port = port.value
    }
  }
}
"#
        );
    }

    #[test]
    fn locals_are_expression_attributes_and_unknown_nested_objects_attribute_values() {
        let src = r#"{"locals": {"greeting": "Hello, ${var.name}"},
          "resource": {"aws_instance": {"w": {"ebs_block_device": [{"device_name": "/dev/sdg"}]}}}}"#;
        assert_eq!(
            tf(src),
            r#"locals {
  greeting = "Hello, ${var.name}"
}

resource "aws_instance" "w" {
  ebs_block_device = [
    {
      device_name = "/dev/sdg"
    },
  ]
}
"#
        );
    }

    #[test]
    fn comment_properties_become_hash_comments_on_the_next_item() {
        let src = r#"{
          "//": "Generated by gen.py.\nDO NOT HAND-EDIT!",
          "resource": {"aws_instance": {"example": {
            "//": "This instance runs the scheduled tasks for backup",
            "instance_type": "t2.micro",
            "//": {"metadata": {"path": "stack/x"}},
            "ami": "ami-abc123"
          }}}
        }"#;
        assert_eq!(
            tf(src),
            r#"# Generated by gen.py.
# DO NOT HAND-EDIT!
resource "aws_instance" "example" {
  # This instance runs the scheduled tasks for backup
  instance_type = "t2.micro"
  # {"metadata":{"path":"stack/x"}}
  ami = "ami-abc123"
}
"#
        );
    }

    #[test]
    fn a_comment_property_inside_an_expression_object_is_an_attribute() {
        let src = r#"{"locals": {"m": {"//": "kept", "a": 1}}}"#;
        assert_eq!(
            tf(src),
            "locals {\n  m = {\n    \"//\" = \"kept\"\n    a    = 1\n  }\n}\n"
        );
    }

    #[test]
    fn object_keys_are_bare_identifiers_or_quoted() {
        let src = r#"{"locals": {"m": {"name": 1, "a b": 2, "${var.k}": 3, "null": 4, "x${y}z": 5, "$${lit}": 6}}}"#;
        assert_eq!(
            tf(src),
            r#"locals {
  m = {
    name       = 1
    "a b"      = 2
    "${var.k}" = 3
    "null"     = 4
    "x${y}z"   = 5
    "$${lit}"  = 6
  }
}
"#
        );
    }

    #[test]
    fn tuples_of_scalars_fit_on_one_line_and_others_take_one_line_per_element() {
        let long: Vec<String> = (0..12).map(|i| format!("\"element-{i}\"")).collect();
        let src = format!(
            r#"{{"locals": {{"short": [1, "a", null], "empty": [], "nested": [[1], [2]], "long": [{}]}}}}"#,
            long.join(",")
        );
        let expected_long = (0..12).fold(String::new(), |mut s, i| {
            s += &format!("    \"element-{i}\",\n");
            s
        });
        assert_eq!(
            tf(&src),
            format!(
                "locals {{\n  short = [1, \"a\", null]\n  empty = []\n  nested = [\n    [1],\n    [2],\n  ]\n  long = [\n{expected_long}  ]\n}}\n"
            )
        );
    }

    #[test]
    fn empty_blocks_and_objects_are_written_closed() {
        let src = r#"{"data": {"aws_region": {"current": {}}}, "locals": {"e": {}}}"#;
        assert_eq!(
            tf(src),
            "data \"aws_region\" \"current\" {}\n\nlocals {\n  e = {}\n}\n"
        );
    }

    #[test]
    fn a_multi_line_interpolation_is_parenthesized() {
        let src = r#"{"locals": {"a": "${x +\n y}"}}"#;
        assert_eq!(tf(src), "locals {\n  a = (x +\n    y\n  )\n}\n");
    }

    #[test]
    fn without_a_schema_every_property_is_an_attribute() {
        let src = r#"{"resource": {"t": {"n": {"a": "${x}"}}}}"#;
        assert_eq!(
            convert_with(src, ConvertOptions::without_schema()),
            "resource = {\n  t = {\n    n = {\n      a = x\n    }\n  }\n}\n"
        );
    }

    #[test]
    fn a_schema_closure_decides_blocks_and_label_counts() {
        let schema = |path: &[BlockFrame], name: &str| match (path, name) {
            ([], "service") => PropertyKind::Block { labels: 2 },
            ([s], "listener") if s.labels[0] == "http" => PropertyKind::Block { labels: 0 },
            ([_], "note") => PropertyKind::Literal,
            _ => PropertyKind::Expression,
        };
        let src = r#"{"service": {"http": {"web": {
          "note": "${raw}",
          "listener": [{"port": 80}, {"port": 443}]
        }}, "tcp": {"db": {"listener": {"port": 5432}}}}}"#;
        assert_eq!(
            convert_with(src, ConvertOptions::with_schema(schema)),
            r#"service "http" "web" {
  note = "$${raw}"

  listener {
    port = 80
  }

  listener {
    port = 443
  }
}

service "tcp" "db" {
  listener = {
    port = 5432
  }
}
"#
        );
    }

    #[test]
    fn labels_are_literal_strings() {
        let src = r#"{"variable": {"a \"b\" ${c}": {}}}"#;
        assert_eq!(tf(src), "variable \"a \\\"b\\\" $${c}\" {}\n");
    }

    #[test]
    fn names_native_syntax_cannot_write_are_errors_at_the_name() {
        let src = r#"{"locals": {"not valid": 1}}"#;
        assert_eq!(
            error(src, ConvertOptions::terraform()),
            [(
                "Invalid attribute name".to_string(),
                "The property \"not valid\" is an attribute here, and native syntax only allows identifiers (letters, digits, `_` and `-`, not starting with a digit) as attribute names.".to_string(),
                "\"not valid\"".to_string()
            )]
        );
    }

    #[test]
    fn a_block_of_the_wrong_shape_is_an_error_at_the_value() {
        let src = r#"{"resource": {"aws_instance": {"ami": "x"}}, "locals": [1]}"#;
        assert_eq!(
            error(src, ConvertOptions::terraform()),
            [
                (
                    "Incorrect JSON value type".to_string(),
                    "A JSON object (or an array of objects) is required here, holding the body of a block.".to_string(),
                    "\"x\"".to_string()
                ),
                (
                    "Incorrect JSON value type".to_string(),
                    "A JSON object (or an array of objects) is required here, holding the body of a block.".to_string(),
                    "1".to_string()
                ),
            ]
        );
    }

    #[test]
    fn an_attribute_defined_twice_is_an_error_but_a_repeated_block_is_not() {
        let src = r#"{"locals": {"a": 1, "a": 2}, "output": {"o": {"value": 1}}, "output": {"p": {"value": 2}}}"#;
        assert_eq!(
            error(src, ConvertOptions::terraform()),
            [(
                "Duplicate argument".to_string(),
                "The argument \"a\" was already set at t.tf.json:1,13-16.".to_string(),
                "\"a\"".to_string()
            )]
        );
    }

    #[test]
    fn an_object_value_naming_a_property_twice_is_an_error() {
        let src = r#"{"locals": {"m": {"k": 1, "k": 2}}}"#;
        assert_eq!(
            error(src, ConvertOptions::terraform()),
            [(
                "Duplicate object attribute".to_string(),
                "An attribute named \"k\" was already defined at t.tf.json:1,19-22; a JSON object may define each name once.".to_string(),
                "\"k\"".to_string()
            )]
        );
    }

    #[test]
    fn a_label_level_without_a_property_is_a_missing_label() {
        let src = r#"{"data": {"google_iam_policy": {}}, "variable": null}"#;
        assert_eq!(
            error(src, ConvertOptions::terraform()),
            [
                (
                    "Missing block label".to_string(),
                    "At least one object property is required, whose name represents a label of the data block.".to_string(),
                    "{".to_string()
                ),
                (
                    "Missing block label".to_string(),
                    "At least one object property is required, whose name represents a label of the variable block.".to_string(),
                    "null".to_string()
                ),
            ]
        );
    }

    #[test]
    fn an_invalid_template_is_an_error_inside_the_string() {
        let src = r#"{"locals": {"a": "x ${ 1 + }"}}"#;
        let errors = error(src, ConvertOptions::terraform());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, "Invalid expression");
    }

    /// JSON text for a value made of `parts`: strings from template-ish
    /// pieces, numbers with their exact text, nested arrays and objects.
    pub(super) fn json_value() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let piece = proptest::sample::select(
            &[
                // JSON source text of string content pieces.
                "a",
                " ",
                "${x}",
                "${ n + 1 }",
                "$${x}",
                "%{",
                "%%{",
                "${",
                "$",
                "%",
                r"\\",
                r#"\""#,
                r"\n",
                r"\t",
                "é",
                r#"${\"q\\\"x\"}"#,
                "%{ if b }y%{ else }z%{ endif }",
                "${~ x ~}",
                "%{ for v in l }${v},%{ endfor }",
                "}",
                "{",
                r"\u0001",
            ][..],
        );
        let string =
            proptest::collection::vec(piece, 0..5).prop_map(|p| format!("\"{}\"", p.concat()));
        let scalar = prop_oneof![
            string.clone(),
            proptest::sample::select(
                &[
                    "1",
                    "-0",
                    "1e150",
                    "0.10000000000000000000001",
                    "true",
                    "null"
                ][..]
            )
            .prop_map(str::to_string),
        ];
        scalar.prop_recursive(3, 12, 4, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4)
                    .prop_map(|v| format!("[{}]", v.join(","))),
                proptest::collection::vec((string.clone(), inner), 0..4).prop_map(|v| {
                    let props: Vec<String> = v.iter().map(|(k, v)| format!("{k}:{v}")).collect();
                    format!("{{{}}}", props.join(","))
                }),
            ]
        })
    }

    /// The value of attribute `a` of a JSON body.
    fn eval_a(src: &str, ctx: &hcl_json::EvalContext) -> Result<hcl_json::Value, hcl_json::Error> {
        let file = hcl_json::parse(src, "t.json")?;
        let attrs = file.body().just_attributes()?;
        attrs["a"].expr.value(ctx)
    }

    /// The native text written for `{"a": value}`, read in `item` mode.
    pub(super) fn native_value(value: &str, item: PropertyKind) -> Option<String> {
        let file = hcl_json::parse(format!("{{\"a\": {value}}}"), "t.json").unwrap();
        let options = ConvertOptions::with_schema(move |_: &[BlockFrame], _: &str| item);
        let text = hcl_json::to_native_string(&file.body(), &options.verify(true)).ok()?;
        let text = text.strip_prefix("a = ")?.strip_suffix('\n')?;
        Some(text.to_string())
    }

    pub(super) fn context() -> hcl_json::EvalContext {
        hcl_json::EvalContext::new()
            .with_variable("x", "X")
            .with_variable("n", 2)
            .with_variable("b", true)
            .with_variable(
                "l",
                hcl_json::Value::tuple(["p", "q"].into_iter().map(hcl_json::Value::from)),
            )
    }

    proptest::proptest! {
        /// What the native text evaluates to is what the JSON evaluated to:
        /// the native expression is evaluated through a JSON string that is
        /// one interpolation of it, `"${...}"`, which gives its value as is.
        #[test]
        fn native_expressions_evaluate_to_the_json_values(value in json_value()) {
            let ctx = context();
            let attr = format!("{{\"a\": {value}}}");
            // Expression positions: templates evaluated. JSON the template
            // parser rejects is a conversion error, as it is an evaluation
            // error.
            let json = summary_or_value(eval_a(&attr, &ctx));
            match native_value(&value, PropertyKind::Expression) {
                Some(text) => {
                    let wrapped = serde_json::to_string(&format!("${{{text}}}")).unwrap();
                    let native = summary_or_value(eval_a(&format!("{{\"a\": {wrapped}}}"), &ctx));
                    // The documented limit: object names that differ in text
                    // and agree in value are a JSON error only.
                    let duplicate = json.as_ref().err().is_some_and(|e| e == "Duplicate object attribute");
                    if !(duplicate && native.is_ok()) {
                        proptest::prop_assert_eq!(native, json, "native text {}", text);
                    }
                }
                None => proptest::prop_assert!(json.is_err(), "{} did not convert", value),
            }
            // Literal-only positions: the JSON read literally.
            let literal = summary_or_value(eval_a(&attr, &hcl_json::EvalContext::literal()));
            match native_value(&value, PropertyKind::Literal) {
                Some(text) => {
                    let wrapped = serde_json::to_string(&format!("${{{text}}}")).unwrap();
                    let native = summary_or_value(eval_a(&format!("{{\"a\": {wrapped}}}"), &ctx));
                    proptest::prop_assert_eq!(native, literal, "native text {}", text);
                }
                None => proptest::prop_assert!(literal.is_err(), "{} did not convert", value),
            }
        }
    }

    /// A value, or the summary of the first problem (ranges differ
    /// between the two forms, the problem does not).
    pub(super) fn summary_or_value(
        result: Result<hcl_json::Value, hcl_json::Error>,
    ) -> Result<hcl_json::Value, String> {
        result.map_err(|e| e.diagnostics()[0].summary.clone())
    }

    #[test]
    fn values_nested_deeper_than_32_levels_are_written_on_one_line() {
        // Close to what the native parser reads back (`native::MAX_DEPTH`
        // levels): lines no more indented than 32 levels.
        let depth = 90;
        let src = format!(
            r#"{}{}"x", {{"k": [1, 2]}}{}{}"#,
            r#"{"a": "#,
            "[".repeat(depth - 2),
            "]".repeat(depth - 2),
            "}"
        );
        let text = convert_with(&src, ConvertOptions::without_schema());
        let widest = text
            .lines()
            .map(|l| l.len() - l.trim_start().len())
            .max()
            .unwrap();
        assert_eq!(widest, 2 * 32);
        let flat_from = text.lines().nth(32).unwrap().trim_start();
        let inner = depth - 2 - 32;
        assert_eq!(
            flat_from,
            format!(
                "{}\"x\", {{ k = [1, 2] }}{},",
                "[".repeat(inner),
                "]".repeat(inner)
            )
        );
    }

    #[test]
    fn to_native_writer_writes_the_same_text() {
        let file = hcl_json::parse(r#"{"locals": {"a": 1}}"#, "t.tf.json").unwrap();
        let mut out = Vec::new();
        hcl_json::to_native_writer(&mut out, &file.body(), &ConvertOptions::default()).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "locals {\n  a = 1\n}\n");
    }
}

/// Native syntax to JSON syntax (`to_json_string`): one test per shape, the
/// whole output pinned, and the JSON read back decoding to the same value
/// as the native text by the same spec.
mod to_json {
    use hcl_json::hcldec::Spec;
    use hcl_json::{ConvertOptions, EvalContext, Type, Value};

    fn convert_with(src: &str, options: &ConvertOptions) -> String {
        let file = hcl_json::parse_native(src, "t.tf").unwrap_or_else(|e| panic!("{e}"));
        hcl_json::to_json_string(&file.body(), options).unwrap_or_else(|e| panic!("{e}"))
    }

    fn convert(src: &str) -> String {
        convert_with(src, &ConvertOptions::without_schema().verify(true))
    }

    /// A context where every variable the tests use is known.
    fn context() -> EvalContext {
        EvalContext::new()
            .with_stdlib()
            .with_variable("b", "B")
            .with_variable("n", 7)
            .with_variable("flag", true)
            .with_variable(
                "list",
                Value::tuple(vec![Value::from("x"), Value::from("y")]),
            )
    }

    /// The native text and its JSON decode by `spec` to the same value.
    fn same_by_spec(src: &str, json: &str, spec: &Spec) -> Value {
        let native = hcl_json::parse_native(src, "t.tf").unwrap();
        let back = hcl_json::parse(json, "t.tf.json").unwrap_or_else(|e| panic!("{e}\n{json}"));
        let want = spec
            .decode(&native.body(), &context())
            .unwrap_or_else(|e| panic!("{e}"));
        let got = spec
            .decode(&back.body(), &context())
            .unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert_eq!(got, want, "{json}");
        want
    }

    /// Every attribute of a native body of attributes evaluates the same
    /// after conversion; returns the JSON.
    fn same_attributes(src: &str) -> String {
        let json = convert(src);
        let native = hcl_json::parse_native(src, "t.tf").unwrap();
        let names: Vec<String> = native
            .body()
            .just_attributes()
            .unwrap()
            .into_keys()
            .collect();
        let spec = Spec::object(
            names
                .iter()
                .map(|n| (n.clone(), Spec::attr(n.clone(), Type::Dynamic))),
        );
        same_by_spec(src, &json, &spec);
        json
    }

    #[test]
    fn literals_are_json_literals_and_numbers_keep_their_text() {
        let src = "a = 1.50\nb = -3\nc = true\nd = null\nbig = 123456789012345678901234567890.5\nhuge = 1e400\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"a\": 1.50,\n  \"b\": -3,\n  \"c\": true,\n  \"d\": null,\n  \"big\": 123456789012345678901234567890.5,\n  \"huge\": 1e400\n}\n"
        );
    }

    #[test]
    fn a_number_json_cannot_spell_is_an_interpolation() {
        assert_eq!(same_attributes("z = 007\n"), "{\n  \"z\": \"${007}\"\n}\n");
    }

    #[test]
    fn other_expressions_are_interpolations_of_their_source_text() {
        let src = "h = list[0]\ni = n + 1 > 3 ? \"big\" : \"small\"\nj = [for x in list : upper(x)]\nk = \"${n}\"\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"h\": \"${list[0]}\",\n  \"i\": \"${n + 1 > 3 ? \\\"big\\\" : \\\"small\\\"}\",\n  \"j\": \"${[for x in list : upper(x)]}\",\n  \"k\": \"${n}\"\n}\n"
        );
    }

    #[test]
    fn tuples_and_objects_are_written_element_by_element() {
        let src = "f = [1, b, \"s\"]\ng = { k = 1, \"q r\" = b, (b) = 2, \"${b}x\" = 3 }\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"f\": [\n    1,\n    \"${b}\",\n    \"s\"\n  ],\n  \"g\": {\n    \"k\": 1,\n    \"q r\": \"${b}\",\n    \"${(b)}\": 2,\n    \"${b}x\": 3\n  }\n}\n"
        );
    }

    #[test]
    fn templates_keep_their_text_with_literal_sigils_escaped() {
        let src = "e = \"x ${b} $${lit} %%{no} \\\"q\\\"\\n\"\nl = \"$${\"\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"e\": \"x ${b} $${lit} %%{no} \\\"q\\\"\\n\",\n  \"l\": \"$${\"\n}\n"
        );
    }

    #[test]
    fn directives_are_rebuilt_from_their_parts() {
        let src = "v = \"%{ if flag }yes%{ else }no%{ endif }\"\nw = \"%{ for i, x in list ~} ${i}=${x}, %{~ endfor }\"\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"v\": \"%{if flag}yes%{else}no%{endif}\",\n  \"w\": \"%{for i, x in list}${i}=${x},%{endfor}\"\n}\n"
        );
    }

    #[test]
    fn heredocs_become_their_template() {
        let src = "t = <<EOT\nhello ${b}\n  x\nEOT\nu = <<-EOT\n    a\n      ${b}\n    EOT\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"t\": \"hello ${b}\\n  x\\n\",\n  \"u\": \"a\\n  ${b}\\n\"\n}\n"
        );
    }

    #[test]
    fn a_heredoc_inside_an_interpolation_keeps_its_closing_line() {
        let src = "f = upper(<<EOT\nhi ${b}\nEOT\n)\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"f\": \"${upper(<<EOT\\nhi ${b}\\nEOT\\n)\\n}\"\n}\n"
        );
    }

    /// `"  ${~ n}"` is a template (a string), `"${n}"` the number itself:
    /// without its strip marker the first would unwrap, so it is written
    /// whole inside one interpolation.
    #[test]
    fn strip_markers_never_turn_a_template_into_an_unwrapped_interpolation() {
        let src = "x = \"  ${~ n}\"\ny = \"${n}\"\nz = \"${~ n ~}\"\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"x\": \"${\\\"  ${~ n}\\\"}\",\n  \"y\": \"${n}\",\n  \"z\": \"${n}\"\n}\n"
        );
        let json = hcl_json::parse(convert(src), "t.json").unwrap();
        let attrs = json.body().just_attributes().unwrap();
        assert_eq!(attrs["x"].expr.value(&context()).unwrap(), Value::from("7"));
        assert_eq!(attrs["y"].expr.value(&context()).unwrap(), Value::from(7));
    }

    #[test]
    fn a_literal_sigil_before_an_interpolation_is_kept_apart() {
        // The literal ends in `$`: `$` then `${b}` would read as `$${b}`.
        let src = "x = \"a$ ${~ b}\"\n";
        assert_eq!(
            same_attributes(src),
            "{\n  \"x\": \"${\\\"a$ ${~ b}\\\"}\"\n}\n"
        );
    }

    fn spec_resources() -> Spec {
        Spec::object([
            (
                "resource",
                Spec::block_list(
                    "resource",
                    Spec::object([
                        ("type", Spec::label(0, "type")),
                        ("name", Spec::label(1, "name")),
                        ("count", Spec::attr("count", Type::Dynamic)),
                    ]),
                ),
            ),
            (
                "locals",
                Spec::block_list(
                    "locals",
                    Spec::object([("a", Spec::attr("a", Type::Dynamic))]),
                ),
            ),
        ])
    }

    #[test]
    fn blocks_are_nested_objects_keyed_by_type_then_labels() {
        let src = "resource \"aws_instance\" \"web\" {\n  count = 2\n}\n\nlocals {\n  a = 1\n}\n";
        let json = convert(src);
        assert_eq!(
            json,
            "{\n  \"resource\": {\n    \"aws_instance\": {\n      \"web\": {\n        \"count\": 2\n      }\n    }\n  },\n  \"locals\": {\n    \"a\": 1\n  }\n}\n"
        );
        same_by_spec(src, &json, &spec_resources());
    }

    #[test]
    fn repeated_blocks_with_the_same_labels_become_an_array_of_bodies() {
        let src = "locals {\n  a = 1\n}\nlocals {\n  a = 2\n}\nresource \"t\" \"x\" {\n  count = 1\n}\nresource \"t\" \"x\" {\n  count = 2\n}\nresource \"t\" \"y\" {}\nresource \"u\" \"x\" {}\n";
        let json = convert(src);
        assert_eq!(
            json,
            "{\n  \"locals\": [\n    {\n      \"a\": 1\n    },\n    {\n      \"a\": 2\n    }\n  ],\n  \"resource\": {\n    \"t\": {\n      \"x\": [\n        {\n          \"count\": 1\n        },\n        {\n          \"count\": 2\n        }\n      ],\n      \"y\": {}\n    },\n    \"u\": {\n      \"x\": {}\n    }\n  }\n}\n"
        );
        same_by_spec(src, &json, &spec_resources());
    }

    /// Gathering `resource "a" "z"` under `"a"` would put it before
    /// `resource "b" "y"`: that label level becomes an array of objects.
    #[test]
    fn gathering_by_label_never_reorders_blocks_of_one_type() {
        let src = "resource \"a\" \"x\" {}\nresource \"b\" \"y\" {}\nresource \"a\" \"z\" {}\n";
        let json = convert(src);
        assert_eq!(
            json,
            "{\n  \"resource\": [\n    {\n      \"a\": {\n        \"x\": {}\n      },\n      \"b\": {\n        \"y\": {}\n      }\n    },\n    {\n      \"a\": {\n        \"z\": {}\n      }\n    }\n  ]\n}\n"
        );
        let value = same_by_spec(src, &json, &spec_resources());
        let names: Vec<&Value> = match value.get_attr("resource") {
            Some(Value::Tuple(items) | Value::List(_, items)) => {
                items.iter().filter_map(|r| r.get_attr("name")).collect()
            }
            other => panic!("{other:?}"),
        };
        assert_eq!(
            names,
            [&Value::from("x"), &Value::from("y"), &Value::from("z")]
        );
    }

    #[test]
    fn one_line_blocks_and_nested_blocks_convert_alike() {
        let src = "a { b = 1 }\nc \"l\" {\n  d {\n    e = [1, 2]\n  }\n}\n";
        assert_eq!(
            convert(src),
            "{\n  \"a\": {\n    \"b\": 1\n  },\n  \"c\": {\n    \"l\": {\n      \"d\": {\n        \"e\": [\n          1,\n          2\n        ]\n      }\n    }\n  }\n}\n"
        );
    }

    #[test]
    fn comments_are_dropped_by_default() {
        let src = "# top\na = 1 # trailing\n";
        assert_eq!(convert(src), "{\n  \"a\": 1\n}\n");
    }

    #[test]
    fn comments_become_comment_properties_when_asked() {
        let src = "# Generated.\n// Do not edit.\na = 1 # after a\n/* before\n   the block */\nlocals {\n  # inside\n  b = 2\n  # last\n}\n# second\nlocals {}\n# end\n";
        let options = ConvertOptions::without_schema().comments(true);
        let json = convert_with(src, &options);
        assert_eq!(
            json,
            "{\n  \"//\": \"Generated.\\nDo not edit.\",\n  \"a\": 1,\n  \"//\": \"after a\\nbefore\\nthe block\",\n  \"locals\": [\n    {\n      \"//\": \"inside\",\n      \"b\": 2,\n      \"//\": \"last\"\n    },\n    {\n      \"//\": \"second\"\n    }\n  ],\n  \"//\": \"end\"\n}\n"
        );
        // The comment properties are not attributes.
        let back = hcl_json::parse(&json, "t.json").unwrap();
        let spec = Spec::object([
            ("a", Spec::attr("a", Type::Dynamic)),
            (
                "locals",
                Spec::block_list(
                    "locals",
                    Spec::object([("b", Spec::attr("b", Type::Dynamic))]),
                ),
            ),
        ]);
        let value = spec.decode(&back.body(), &context()).unwrap();
        let locals = |b: Value| Value::object([("b", b)]);
        assert_eq!(
            value,
            Value::object([
                ("a", Value::from(1)),
                (
                    "locals",
                    Value::list(
                        locals(Value::from(1)).ty(),
                        [locals(Value::from(2)), locals(Value::null(Type::Dynamic))]
                    )
                    .unwrap()
                ),
            ])
        );
    }

    #[test]
    fn terraform_reference_and_literal_positions_hold_plain_text() {
        let src = r#"variable "v" {
  type        = list(string)
  default     = ["$${x}", 1]
  description = "a $${b}"
}

resource "t" "x" {
  depends_on = [t.y, module.m]
  provider   = aws.west
  tags       = { Name = "$${n}" }

  lifecycle {
    ignore_changes = all
  }
}

terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}
"#;
        let json = convert_with(src, &ConvertOptions::terraform().verify(true));
        assert_eq!(
            json,
            r#"{
  "variable": {
    "v": {
      "type": "list(string)",
      "default": [
        "${x}",
        1
      ],
      "description": "a ${b}"
    }
  },
  "resource": {
    "t": {
      "x": {
        "depends_on": [
          "t.y",
          "module.m"
        ],
        "provider": "aws.west",
        "tags": {
          "Name": "$${n}"
        },
        "lifecycle": {
          "ignore_changes": "all"
        }
      }
    }
  },
  "terraform": {
    "required_providers": {
      "aws": {
        "source": "hashicorp/aws"
      }
    }
  }
}
"#
        );
        // And back to native syntax with the same schema: the original
        // text, up to the layout of the objects.
        let file = hcl_json::parse(&json, "t.tf.json").unwrap();
        let native =
            hcl_json::to_native_string(&file.body(), &ConvertOptions::terraform()).unwrap();
        let src_up_to_layout = src
            .replace(
                "  tags       = { Name = \"$${n}\" }",
                "  tags = {\n    Name = \"$${n}\"\n  }",
            )
            .replace(
                "aws = { source = \"hashicorp/aws\" }",
                "aws = {\n      source = \"hashicorp/aws\"\n    }",
            );
        assert_eq!(native, src_up_to_layout);
    }

    #[test]
    fn a_json_body_is_written_back_as_it_is() {
        let file = hcl_json::parse(r#"{"a": 1.0, "a": "${x}"}"#, "t.json").unwrap();
        let json = hcl_json::to_json_string(&file.body(), &ConvertOptions::terraform()).unwrap();
        assert_eq!(json, "{\n  \"a\": 1.0,\n  \"a\": \"${x}\"\n}\n");
    }

    #[test]
    fn a_merged_body_is_refused_with_a_reason() {
        let a = hcl_json::parse_native("a = 1\n", "a.tf").unwrap();
        let b = hcl_json::parse_native("b = 1\n", "b.tf").unwrap();
        let merged = hcl_json::Body::merge(&[a.body(), b.body()]);
        let err = hcl_json::to_json_string(&merged, &ConvertOptions::terraform()).unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Not a single-file body");
        assert_eq!(
            d.detail,
            "Conversion to JSON syntax reads a body parsed from one file; this body is several bodies merged. Convert each file on its own."
        );
        assert_eq!(&*d.subject.as_ref().unwrap().filename, "a.tf");
    }

    #[test]
    fn partial_bodies_convert_without_the_names_taken() {
        let file = hcl_json::parse_native("a = 1\nb = 2\n", "t.tf").unwrap();
        let schema = hcl_json::BodySchema::new().attribute("a", false);
        let (_, rest) = file.body().partial_content(&schema).unwrap();
        let json = hcl_json::to_json_string(&rest, &ConvertOptions::terraform()).unwrap();
        assert_eq!(json, "{\n  \"b\": 2\n}\n");
    }

    #[test]
    fn to_json_writer_writes_the_same_text() {
        let src = "resource \"t\" \"x\" {\n  count = n\n}\n";
        let file = hcl_json::parse_native(src, "t.tf").unwrap();
        let options = ConvertOptions::terraform();
        let mut out = Vec::new();
        hcl_json::to_json_writer(&mut out, &file.body(), &options).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            hcl_json::to_json_string(&file.body(), &options).unwrap()
        );
    }

    #[test]
    fn a_failing_writer_is_an_error() {
        struct Broken;
        impl std::io::Write for Broken {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let file = hcl_json::parse_native("a = 1\n", "t.tf").unwrap();
        let err = hcl_json::to_json_writer(Broken, &file.body(), &ConvertOptions::terraform())
            .unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Cannot write output");
        assert_eq!(d.detail, "Writing the JSON syntax text failed: disk full.");
    }

    proptest::proptest! {
        /// Native text of every shape the JSON → native converter writes
        /// (templates with escapes, strip markers and directives, exact
        /// numbers, nested tuples and objects) converts back to JSON that
        /// evaluates to what the native text evaluates to.
        #[test]
        fn native_values_evaluate_the_same_after_conversion_to_json(
            value in super::native::json_value()
        ) {
            use hcl_json::convert::PropertyKind;
            let Some(text) = super::native::native_value(&value, PropertyKind::Expression) else {
                return Ok(());
            };
            let src = format!("a = {text}\n");
            let native = hcl_json::parse_native(&src, "t.tf").unwrap();
            let json = hcl_json::to_json_string(
                &native.body(),
                &ConvertOptions::without_schema().verify(true),
            )
            .unwrap_or_else(|e| panic!("{e}\n{src}"));
            let ctx = super::native::context();
            let eval = |file: &hcl_json::File| {
                let attrs = file.body().just_attributes()?;
                attrs["a"].expr.value(&ctx)
            };
            let want = super::native::summary_or_value(eval(&native));
            let back = hcl_json::parse(&json, "t.json").unwrap_or_else(|e| panic!("{e}\n{json}"));
            let got = super::native::summary_or_value(eval(&back));
            // Object names that differ in text and agree in value are a
            // JSON error only (see the test this generator comes from).
            let duplicate = got.as_ref().err().is_some_and(|e| e == "Duplicate object attribute");
            if !(duplicate && want.is_ok()) {
                proptest::prop_assert_eq!(got, want, "native {} JSON {}", src, json);
            }
        }
    }
}

// ------------------------------------------- with / serialize_with functions

/// A `with` module: a `Duration` written as `"1m30s"` and read back.
mod duration_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub(crate) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        let secs = d.as_secs();
        let text = match (secs / 60, secs % 60) {
            (0, s) => format!("{s}s"),
            (m, 0) => format!("{m}m"),
            (m, s) => format!("{m}m{s}s"),
        };
        s.serialize_str(&text)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let text = String::deserialize(d)?;
        let (m, s) = match text.split_once('m') {
            Some((m, s)) => (m, s),
            None => ("0", text.as_str()),
        };
        let minutes: u64 = m.parse().map_err(serde::de::Error::custom)?;
        let seconds: u64 = match s.strip_suffix('s') {
            Some(s) => s.parse().map_err(serde::de::Error::custom)?,
            None if s.is_empty() => 0,
            None => return Err(serde::de::Error::custom("a duration ends in m or s")),
        };
        Ok(Duration::from_secs(minutes * 60 + seconds))
    }
}

/// A `serialize_with` function for an optional value: as in serde, it takes
/// the field's type; `None` written as nothing leaves the attribute out.
#[allow(clippy::ref_option)] // serde's signature: a reference to the field
fn upper_opt<S: serde::Serializer>(v: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.serialize_str(&v.to_uppercase()),
        None => s.serialize_none(),
    }
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Probe {
    #[hcl(attr, with = "duration_text")]
    interval: std::time::Duration,
    #[hcl(attr, serialize_with = "upper_opt")]
    method: Option<String>,
}

#[test]
fn with_and_serialize_with_write_through_the_functions_and_round_trip() {
    let probe = Probe {
        interval: std::time::Duration::from_secs(90),
        method: Some("get".into()),
    };
    let text = hcl_json::to_string(&probe).unwrap();
    assert_eq!(text, r#"{"interval":"1m30s","method":"GET"}"#);
    let back: Probe = hcl_json::from_str(&text, &EvalContext::new()).unwrap();
    assert_eq!(back.interval, probe.interval);
    let none = Probe {
        method: None,
        ..back
    };
    assert_eq!(
        hcl_json::to_string(&none).unwrap(),
        r#"{"interval":"1m30s"}"#
    );
}

// ------------------------------------------------ Interpolated, both syntaxes

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Instance {
    #[hcl(attr)]
    subnet_id: hcl_json::Interpolated,
    #[hcl(attr)]
    name: hcl_json::Interpolated,
    #[hcl(attr)]
    escaped: hcl_json::Interpolated,
    #[hcl(attr)]
    count: Option<hcl_json::Interpolated>,
    #[hcl(attr)]
    script: Option<hcl_json::Interpolated>,
    #[hcl(attr)]
    zones: Option<Vec<hcl_json::Interpolated>>,
}

const SUBNET_NATIVE: &str = r#"subnet_id = aws_subnet.main.id
name      = "web-${var.env}"
escaped   = "cost: $${price}"
count     = 2
script    = <<EOT
echo ${var.greeting}
EOT
zones     = [var.zone, "b"]
"#;

#[test]
fn interpolated_reads_a_native_expression_as_its_json_string() {
    let s: Instance = hcl_json::from_str_native(SUBNET_NATIVE, &EvalContext::new()).unwrap();
    assert_eq!(s.subnet_id.as_str(), "${aws_subnet.main.id}");
    assert_eq!(s.name.as_str(), "web-${var.env}");
    assert_eq!(s.escaped.as_str(), "cost: $${price}");
    assert_eq!(s.count.as_ref().unwrap().as_str(), "${2}");
    assert_eq!(
        s.script.as_ref().unwrap().as_str(),
        "echo ${var.greeting}\n"
    );
    let zones: Vec<&str> = s
        .zones
        .iter()
        .flatten()
        .map(hcl_json::Interpolated::as_str)
        .collect();
    assert_eq!(zones, ["${var.zone}", "b"]);
    // Written back, the JSON syntax reads the same expressions.
    assert_eq!(
        hcl_json::to_string(&s).unwrap(),
        r#"{"subnet_id":"${aws_subnet.main.id}","name":"web-${var.env}","escaped":"cost: $${price}","count":"${2}","script":"echo ${var.greeting}\n","zones":["${var.zone}","b"]}"#
    );
}

#[test]
fn interpolated_reads_the_same_from_a_native_file_and_its_json_conversion() {
    let native = hcl_json::parse_native(SUBNET_NATIVE, "main.tf").unwrap();
    let json =
        hcl_json::to_json_string(&native.body(), &hcl_json::ConvertOptions::without_schema())
            .unwrap();
    let from_native: Instance = hcl_json::decode_body(&native.body(), &EvalContext::new()).unwrap();
    let from_json: Instance = hcl_json::from_str(&json, &EvalContext::new()).unwrap();
    assert_eq!(from_native, from_json);
}

#[test]
fn interpolated_reads_json_numbers_bools_and_null_as_their_template() {
    let json =
        r#"{"subnet_id": "${aws_subnet.main.id}", "name": true, "escaped": null, "count": -1.50}"#;
    let s: Instance = hcl_json::from_str(json, &EvalContext::new()).unwrap();
    assert_eq!(s.name.as_str(), "${true}");
    assert_eq!(s.escaped.as_str(), "${null}");
    assert_eq!(s.count.unwrap().as_str(), "${-1.50}");
}

#[test]
fn interpolated_refuses_an_array_or_an_object_in_both_syntaxes() {
    let detail = "Invalid value for attribute \"name\": an Interpolated attribute is a string, a number, a bool or null, not an array or an object.";
    let err = hcl_json::from_str::<Instance>(
        r#"{"subnet_id": "x", "name": ["a"], "escaped": "e"}"#,
        &EvalContext::new(),
    )
    .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(
        (d.summary.as_str(), d.detail.as_str()),
        ("Invalid attribute value", detail)
    );
    let at = d.subject.as_ref().unwrap();
    assert_eq!((at.start.column, at.end.column), (28, 33));
    let err = hcl_json::from_str_native::<Instance>(
        "subnet_id = x\nname = { a = 1 }\nescaped = \"e\"\n",
        &EvalContext::new(),
    )
    .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(
        (d.summary.as_str(), d.detail.as_str()),
        ("Invalid attribute value", detail)
    );
    let at = d.subject.as_ref().unwrap();
    assert_eq!((at.start.line, at.start.column, at.end.column), (2, 8, 17));
}

/// A `serialize_with` function that refuses its value.
fn refuse_timeout<S: serde::Serializer>(_: &std::time::Duration, _: S) -> Result<S::Ok, S::Error> {
    Err(serde::ser::Error::custom(
        "a zero timeout cannot be written",
    ))
}

#[derive(HclEncode)]
struct Refused {
    #[hcl(block)]
    listener: Vec<RefusedListener>,
}

#[derive(HclEncode)]
struct RefusedListener {
    #[hcl(label)]
    name: String,
    #[hcl(attr, serialize_with = "refuse_timeout")]
    timeout: std::time::Duration,
}

#[test]
fn a_failing_serialize_with_function_is_an_error_naming_the_attribute() {
    let value = Refused {
        listener: vec![RefusedListener {
            name: "web".into(),
            timeout: std::time::Duration::ZERO,
        }],
    };
    let err = hcl_json::to_string(&value).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(
        (d.summary.as_str(), d.detail.as_str()),
        (
            "Invalid value",
            "a zero timeout cannot be written (at listener.web.timeout)"
        )
    );
}

/// A type with no serde impls of its own, read and written through `with`.
#[derive(Debug, PartialEq)]
struct Millis(u64);

mod millis_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(m: &super::Millis, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{}ms", m.0))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<super::Millis, D::Error> {
        let text = String::deserialize(d)?;
        text.strip_suffix("ms")
            .and_then(|n| n.parse().ok())
            .map(super::Millis)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not like \"250ms\"")))
    }
}

#[derive(HclDecode, HclEncode, Debug, PartialEq)]
struct Backoff {
    #[hcl(attr, with = "millis_text")]
    delay: Millis,
}

#[test]
fn a_field_with_functions_needs_no_serde_impls_of_its_own() {
    let backoff = Backoff { delay: Millis(250) };
    let text = hcl_json::to_string(&backoff).unwrap();
    assert_eq!(text, r#"{"delay":"250ms"}"#);
    let back: Backoff =
        hcl_json::from_str_native("delay = \"250ms\"", &EvalContext::new()).unwrap();
    assert_eq!(back, backoff);
}
