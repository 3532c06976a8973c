//! One case per spec kind and per diagnostic, through the public API.

use super::{Spec, SpecFile};
use crate::body::{parse, Body};
use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::eval::EvalContext;
use crate::value::{Number, Type, Value};

fn body(src: &str) -> Body {
    parse(src, "t.json").unwrap().body()
}

fn decode(spec: &Spec, src: &str) -> (Value, Vec<Diagnostic>) {
    let (v, d) = spec.decode_with_diagnostics(&body(src), &EvalContext::new());
    (v, d.into_iter().collect())
}

fn ok(spec: &Spec, src: &str) -> Value {
    let (v, d) = decode(spec, src);
    assert!(d.is_empty(), "{d:?}");
    v
}

/// (summary, detail, "line,col-col" of the subject)
fn diags(spec: &Spec, src: &str) -> Vec<(String, String, String)> {
    decode(spec, src)
        .1
        .into_iter()
        .map(|d| {
            let r = d.subject.unwrap();
            let at = format!("{},{}-{}", r.start.line, r.start.column, r.end.column);
            (d.summary, d.detail, at)
        })
        .collect()
}

fn d(summary: &str, detail: &str, at: &str) -> (String, String, String) {
    (summary.into(), detail.into(), at.into())
}

fn obj(pairs: &[(&str, Value)]) -> Value {
    Value::object(pairs.iter().cloned())
}

fn attr_v(ty: Type) -> Spec {
    Spec::object([("v", Spec::attr("v", ty))])
}

#[test]
fn attr_converts_to_its_type_and_is_null_when_absent() {
    let spec = Spec::object([
        ("n", Spec::attr("n", Type::Number)),
        ("s", Spec::attr("s", Type::String)),
    ]);
    assert_eq!(
        ok(&spec, r#"{"n": "42"}"#),
        obj(&[("n", Value::from(42)), ("s", Value::null(Type::String))])
    );
}

#[test]
fn attr_required_missing_points_at_the_closing_brace() {
    let spec = Spec::attr("name", Type::String).required();
    assert_eq!(
        diags(&spec, r#"{"a": 1}"#)[1..],
        [d(
            "Missing required argument",
            "The argument \"name\" is required, but no definition was found.",
            "1,8-9"
        )]
    );
}

#[test]
fn attr_conversion_failures_use_hcldec_wording() {
    let spec = Spec::object([
        ("p", Spec::attr("port", Type::Number)),
        ("f", Spec::attr("flag", Type::Bool)),
    ]);
    assert_eq!(
        diags(&spec, r#"{"port": "x", "flag": 3}"#),
        [
            d(
                "Incorrect attribute value type",
                "Inappropriate value for attribute \"port\": a number is required.",
                "1,10-13"
            ),
            d(
                "Incorrect attribute value type",
                "Inappropriate value for attribute \"flag\": bool required, but have number.",
                "1,23-24"
            ),
        ]
    );
    let (v, _) = decode(&spec, r#"{"port": "x"}"#);
    assert_eq!(v.get_attr("p"), Some(&Value::unknown(Type::Number)));
}

#[test]
fn object_attribute_missing_from_value_is_required_as_in_cty() {
    let ty = Type::object([("a", Type::String)]);
    let spec = Spec::attr("cfg", ty);
    assert_eq!(
        diags(&spec, r#"{"cfg": {"b": 1}}"#)[0].1,
        "Inappropriate value for attribute \"cfg\": attribute \"a\" is required."
    );
}

#[test]
fn tuple_spec_reads_the_same_body_for_each_element() {
    let spec = Spec::tuple([Spec::attr("a", Type::Number), Spec::literal("k")]);
    assert_eq!(
        ok(&spec, r#"{"a": 1}"#),
        Value::tuple([Value::from(1), Value::from("k")])
    );
    assert_eq!(
        spec.implied_type(),
        Type::tuple([Type::Number, Type::String])
    );
}

#[test]
fn literal_at_the_root_still_rejects_every_property() {
    let spec = Spec::literal(true);
    assert_eq!(
        diags(&spec, r#"{"a": 1}"#),
        [d(
            "Extraneous JSON object property",
            "No argument or block type is named \"a\".",
            "1,2-5"
        )]
    );
}

#[test]
fn block_is_its_nested_value_or_null() {
    let spec = Spec::object([("s", Spec::block("settings", attr_v(Type::Number)))]);
    assert_eq!(
        ok(&spec, r#"{"settings": {"v": 1}}"#),
        obj(&[("s", obj(&[("v", Value::from(1))]))])
    );
    let absent = ok(&spec, "{}");
    assert_eq!(
        absent.get_attr("s"),
        Some(&Value::null(Type::object([("v", Type::Number)])))
    );
}

#[test]
fn block_duplicate_and_missing_are_reported() {
    let spec = Spec::object([
        ("s", Spec::block("settings", attr_v(Type::Number))),
        ("m", Spec::block("must", attr_v(Type::Number)).required()),
    ]);
    assert_eq!(
        diags(&spec, r#"{"settings": {"v": 1}, "settings": {"v": 2}}"#),
        [
            d(
                "Duplicate settings block",
                "Only one block of type \"settings\" is allowed. Previous definition was at t.json:1,14-15.",
                "1,36-37"
            ),
            d(
                "Missing must block",
                "A block of type \"must\" is required here.",
                "1,44-45"
            ),
        ]
    );
}

#[test]
fn block_list_collects_every_block_in_order() {
    let spec = Spec::block_list("item", attr_v(Type::Number));
    assert_eq!(
        ok(&spec, r#"{"item": [{"v": 1}, {"v": 2}], "item": {"v": 3}}"#)
            .iter()
            .map(|o| o.get_attr("v").unwrap().clone())
            .collect::<Vec<_>>(),
        [Value::from(1), Value::from(2), Value::from(3)]
    );
    assert_eq!(
        ok(&spec, "{}"),
        Value::empty_list(attr_v(Type::Number).implied_type())
    );
}

#[test]
fn block_list_limits_report_insufficient_and_too_many() {
    let spec = Spec::object([
        (
            "i",
            Spec::block_list("item", attr_v(Type::Number)).items(0, 1),
        ),
        (
            "t",
            Spec::block_list("thing", attr_v(Type::Number)).items(2, 0),
        ),
    ]);
    assert_eq!(
        diags(
            &spec,
            r#"{"item": [{"v": 1}, {"v": 2}], "thing": {"v": 1}}"#
        ),
        [
            d(
                "Too many item blocks",
                "No more than 1 \"item\" blocks are allowed",
                "1,28-29"
            ),
            d(
                "Insufficient thing blocks",
                "At least 2 \"thing\" blocks are required.",
                "1,49-50"
            ),
        ]
    );
}

#[test]
fn block_list_with_any_unifies_element_types() {
    let spec = Spec::block_list("item", attr_v(Type::Dynamic));
    let v = ok(&spec, r#"{"item": [{"v": 1}, {"v": "s"}]}"#);
    let expected_ty = Type::list(Type::object([("v", Type::String)]));
    assert_eq!(v.ty(), expected_ty);
    assert_eq!(
        v.get_index(0).unwrap().get_attr("v"),
        Some(&Value::from("1"))
    );
}

#[test]
fn block_list_with_types_that_do_not_unify_is_inconsistent() {
    let spec = Spec::block_list("item", attr_v(Type::Dynamic));
    assert_eq!(
        diags(&spec, r#"{"item": [{"v": 1}, {"v": [1]}]}"#),
        [d(
            "Unconsistent argument types in item blocks",
            "Corresponding attributes in all blocks of this type must be the same.",
            "1,18-19"
        )]
    );
}

#[test]
fn block_set_collapses_duplicates() {
    let spec = Spec::block_set("rule", Spec::attr("cidr", Type::String));
    let v = ok(
        &spec,
        r#"{"rule": [{"cidr": "b"}, {"cidr": "a"}, {"cidr": "b"}]}"#,
    );
    assert_eq!(
        v,
        Value::set(Type::String, [Value::from("a"), Value::from("b")]).unwrap()
    );
}

#[test]
fn block_tuple_keeps_each_block_type() {
    let spec = Spec::block_tuple("item", attr_v(Type::Dynamic));
    let v = ok(&spec, r#"{"item": [{"v": 1}, {"v": "s"}]}"#);
    assert_eq!(
        v,
        Value::tuple([
            obj(&[("v", Value::from(1))]),
            obj(&[("v", Value::from("s"))])
        ])
    );
    assert_eq!(spec.implied_type(), Type::Dynamic);
}

#[test]
fn block_map_nests_one_map_per_label() {
    let spec = Spec::block_map("svc", &["kind", "name"], Spec::attr("addr", Type::String));
    let v = ok(
        &spec,
        r#"{"svc": {"http": {"web": {"addr": "a"}, "api": {"addr": "b"}}}}"#,
    );
    assert_eq!(
        v.get_attr("http").unwrap().get_attr("api"),
        Some(&Value::from("b"))
    );
    assert_eq!(spec.implied_type(), Type::map(Type::map(Type::String)));
    assert_eq!(
        ok(&spec, "{}"),
        Value::Map(Type::String, crate::value::Entries::new())
    );
}

#[test]
fn block_map_duplicate_labels_are_reported() {
    let spec = Spec::block_map("svc", &["name"], Spec::attr("addr", Type::String));
    assert_eq!(
        diags(&spec, r#"{"svc": {"web": {}}, "svc": {"web": {}}}"#),
        [d(
            "Duplicate svc block",
            "A block for svc \"web\" was already defined. The svc labels must be unique.",
            "1,37-38"
        )]
    );
}

#[test]
fn block_object_allows_differing_types() {
    let spec = Spec::block_object("svc", &["name"], Spec::attr("v", Type::Dynamic));
    let v = ok(&spec, r#"{"svc": {"a": {"v": 1}, "b": {"v": "s"}}}"#);
    assert_eq!(v, obj(&[("a", Value::from(1)), ("b", Value::from("s"))]));
}

#[test]
fn block_attrs_reads_a_block_as_a_map() {
    let spec = Spec::block_attrs("tags", Type::String);
    assert_eq!(
        ok(&spec, r#"{"tags": {"a": 1, "b": "x"}}"#),
        Value::map(
            Type::String,
            [("a", Value::from("1")), ("b", Value::from("x"))]
        )
        .unwrap()
    );
    assert_eq!(
        diags(
            &Spec::block_attrs("tags", Type::Number),
            r#"{"tags": {"a": true}}"#
        ),
        [d(
            "Invalid attribute value",
            "Invalid value for attribute of \"tags\" block: number required, but have bool.",
            "1,16-20"
        )]
    );
}

#[test]
fn label_reads_the_enclosing_block_labels() {
    let spec = Spec::block_list(
        "svc",
        Spec::object([
            ("name", Spec::label(0, "name")),
            ("v", Spec::attr("v", Type::Number)),
        ]),
    );
    let v = ok(&spec, r#"{"svc": {"web": {"v": 1}}}"#);
    assert_eq!(
        v.get_index(0).unwrap().get_attr("name"),
        Some(&Value::from("web"))
    );
}

#[test]
fn default_takes_the_first_non_null() {
    let spec = Spec::default(
        Spec::default(
            Spec::attr("port", Type::Number),
            Spec::attr("legacy", Type::Number),
        ),
        Spec::literal(8080),
    );
    assert_eq!(ok(&spec, r#"{"legacy": 9}"#), Value::from(9));
    assert_eq!(ok(&spec, "{}"), Value::from(8080));
}

fn expression(src: &str) -> crate::body::Expression {
    let attrs = parse(format!(r#"{{"e": {src}}}"#), "spec.json")
        .unwrap()
        .body()
        .just_attributes()
        .unwrap();
    attrs["e"].expr.clone()
}

#[test]
fn transform_evaluates_over_the_nested_value() {
    let spec = Spec::transform(
        Spec::attr("name", Type::String),
        expression(r#""${upper(nested)}""#),
        EvalContext::new().with_stdlib(),
        "nested",
    );
    assert_eq!(ok(&spec, r#"{"name": "web"}"#), Value::from("WEB"));
    assert_eq!(spec.implied_type(), Type::String);
}

#[test]
fn transform_is_skipped_when_the_nested_value_has_errors() {
    let spec = Spec::transform(
        Spec::attr("n", Type::Number),
        expression(r#""${nested + 1}""#),
        EvalContext::new(),
        "nested",
    );
    let (v, d) = decode(&spec, r#"{"n": "x"}"#);
    assert_eq!(d.len(), 1);
    assert!(!v.is_known());
}

#[test]
fn validate_adds_diagnostics_at_the_wrapped_range() {
    let spec = Spec::validate(Spec::attr("n", Type::Number), |v| {
        let mut out = Diagnostics::new();
        if v.as_number().is_some_and(Number::is_negative) {
            out.push(Diagnostic::error("Negative", "Must be positive.", None));
        }
        out
    });
    assert_eq!(
        diags(&spec, r#"{"n": -1}"#),
        [d("Negative", "Must be positive.", "1,7-9")]
    );
    assert_eq!(ok(&spec, r#"{"n": 1}"#), Value::from(1));
}

#[test]
fn variables_lists_the_references_decoding_would_evaluate() {
    let spec = Spec::object([
        ("a", Spec::attr("a", Type::Dynamic)),
        ("i", Spec::block_list("item", attr_v(Type::Dynamic))),
    ]);
    let b = body(r#"{"a": "${x.y} ${z}", "item": {"v": "${w[0]}"}, "other": "${ignored}"}"#);
    let names: Vec<String> = spec.variables(&b).iter().map(ToString::to_string).collect();
    assert_eq!(names, ["x.y", "z", "w[0]"]);
}

#[test]
fn spec_file_reads_every_block_kind() {
    let src = r#"{
      "variables": {"who": "world"},
      "function": {"twice": {"params": ["s"], "result": "${s}${s}"}},
      "object": {
        "attr": {"a": {"type": "number", "required": true}},
        "block": {"b": {"object": {"attr": {"v": {}}}}},
        "block_list": {"l": {"min_items": 1, "attr": {"name": "v"}}},
        "block_set": {"s": {"block_type": "set", "attr": {"name": "v"}}},
        "block_map": {"m": {"labels": ["k"], "attr": {"name": "v", "type": "string"}}},
        "array": {"t": {"literal": {"value": "${upper(\"x\")}"}}},
        "default": {"d": {"attr": {"name": "d"}, "literal": {"value": 1}}},
        "transform": {"u": {"attr": {"name": "u"}, "result": "${length(nested)}"}},
        "literal": {"k": {"value": true}}
      }
    }"#;
    let file = SpecFile::from_body(&body(src)).unwrap();
    assert_eq!(file.variables["who"], Value::from("world"));
    assert!(file.functions["twice"].is_pure());
    assert_eq!(
        file.spec.implied_type().to_string(),
        "object({a=number,b=object({v=any}),d=any,k=bool,l=list(any),m=map(string),s=set(any),t=tuple([string]),u=number})"
    );
    let input = body(r#"{"a": 1, "l": {"v": "${twice(who)}"}, "u": [1, 2]}"#);
    let v = file.spec.decode(&input, &file.context()).unwrap();
    assert_eq!(
        v.get_attr("l").unwrap().get_index(0),
        Some(&Value::from("worldworld"))
    );
    assert_eq!(v.get_attr("u"), Some(&Value::from(2)));
    assert_eq!(v.get_attr("d"), Some(&Value::from(1)));
}

#[test]
fn spec_file_errors_use_hcldec_wording() {
    let cases = [
        ("{}", "Missing spec block"),
        (r#"{"object": {}, "array": {}}"#, "Extraneous spec block"),
        (
            r#"{"attr": {"type": "string"}}"#,
            "Missing name in attribute spec",
        ),
        (
            r#"{"block_list": {"attr": {"name": "a"}}}"#,
            "Missing block_type in block_list spec",
        ),
        (
            r#"{"block_map": {"block_type": "b", "attr": {"name": "a"}}}"#,
            "Invalid block label name list",
        ),
        (
            r#"{"block_map": {"block_type": "b", "labels": ["n"], "attr": {"name": "a"}}}"#,
            "Invalid block_map spec",
        ),
        (r#"{"block": {"block_type": "b"}}"#, "Missing spec block"),
        (r#"{"transform": {"result": 1}}"#, "Invalid transform spec"),
    ];
    for (src, summary) in cases {
        let (_, diags) = SpecFile::from_body_with_diagnostics(&body(src));
        let summaries: Vec<&str> = diags
            .as_slice()
            .iter()
            .map(|d| d.summary.as_str())
            .collect();
        assert!(summaries.contains(&summary), "{src}: {summaries:?}");
    }
}

#[test]
fn default_with_one_child_is_a_warning_not_an_error() {
    let (file, diags) =
        SpecFile::from_body_with_diagnostics(&body(r#"{"default": {"literal": {"value": 1}}}"#));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags.as_slice()[0].severity, Severity::Warning);
    assert_eq!(diags.as_slice()[0].summary, "Useless default block");
    assert_eq!(
        file.spec.decode(&body("{}"), &file.context()).unwrap(),
        Value::from(1)
    );
}

#[test]
fn spec_file_context_is_literal_without_variables_or_functions() {
    let file = SpecFile::from_body(&body(r#"{"attr": {"name": "a"}}"#)).unwrap();
    let v = file
        .spec
        .decode(&body(r#"{"a": "${x}"}"#), &file.context())
        .unwrap();
    assert_eq!(v, Value::from("${x}"));
}

#[test]
fn spec_file_functions_are_hcldecs_table() {
    let src = r#"{"array": {"literal": [
        {"value": "${int(-1.5)}"},
        {"value": "${reverse(\"abc\")}"},
        {"value": "${hasindex([1], 0)}"}
    ]}}"#;
    let file = SpecFile::from_body(&body(src)).unwrap();
    assert_eq!(
        file.spec.decode(&body("{}"), &file.context()).unwrap(),
        Value::tuple([Value::from(-1), Value::from("cba"), Value::from(true)])
    );
}

/// Twenty attributes of 1 MiB each, and a spec reading them all as
/// strings: each fits a budget of 8 MiB, all of them together do not.
fn twenty_mebibyte_attributes() -> (Vec<String>, Spec, EvalContext) {
    let attrs: Vec<String> = (0..20)
        .map(|i| {
            format!(
                "\"a{i:02}\": \"${{join(\\\"\\\", [for i in range(1024) : format(\\\"%1024s\\\", \\\"\\\")])}}\""
            )
        })
        .collect();
    let spec = Spec::object((0..20).map(|i| {
        let name = format!("a{i:02}");
        (name.clone(), Spec::attr(name, Type::String))
    }));
    let ctx = EvalContext::new()
        .with_stdlib()
        .with_limits(crate::value::limits::Limits::default().with_max_bytes(8 << 20));
    (attrs, spec, ctx)
}

#[test]
fn one_spec_decoding_shares_one_evaluation_budget() {
    let (attrs, spec, ctx) = twenty_mebibyte_attributes();
    let src = format!("{{{}}}", attrs.join(",\n"));
    let (_, diags) = spec.decode_with_diagnostics(&body(&src), &ctx);
    let diags: Vec<Diagnostic> = diags.into_iter().collect();
    // Reported once, on the attribute that reached the limit (the third:
    // each costs its string, its parts and their copy as an argument).
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].summary, "Evaluation limit exceeded");
    assert!(matches!(
        diags[0].kind,
        crate::diag::DiagnosticKind::LimitExceeded { .. }
    ));
    let at = diags[0].subject.as_ref().unwrap();
    assert_eq!((at.start.line, at.start.column), (3, 11));
    assert_eq!(&src[at.start.byte..at.start.byte + 5], "join(");
    // One attribute alone decodes.
    let one = Spec::object([("a00", Spec::attr("a00", Type::String))]);
    let (v, diags) = one.decode_with_diagnostics(&body(&format!("{{{}}}", attrs[0])), &ctx);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        v.get_attr("a00").and_then(Value::as_str).map(str::len),
        Some(1 << 20)
    );
}

#[test]
fn merged_spec_decoding_shares_one_evaluation_budget() {
    let (attrs, spec, ctx) = twenty_mebibyte_attributes();
    let first = body(&format!("{{{}}}", attrs[..10].join(",\n")));
    let second = body(&format!("{{{}}}", attrs[10..].join(",\n")));
    let (_, diags) = spec.decode_merged_with_diagnostics(&[first, second], &ctx);
    let limits: Vec<Diagnostic> = diags
        .into_iter()
        .filter(|d| d.summary == "Evaluation limit exceeded")
        .collect();
    assert_eq!(limits.len(), 1, "{limits:?}");
}
