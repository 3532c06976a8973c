//! Static analyses (keyword, traversals, list, map, call) on JSON values,
//! JSON strings and the native expressions they hand out, including
//! Terraform's uses of them in `.tf.json` files.

use hcl_json::{Expression, TraversalStep, Value};

fn attr(src: &str, name: &str) -> Expression {
    let attrs = hcl_json::parse(src, "t.json")
        .unwrap()
        .body()
        .just_attributes()
        .unwrap();
    attrs[name].expr.clone()
}

fn text(src: &str, range: &hcl_json::Range) -> String {
    src[range.bytes()].to_string()
}

/// The single diagnostic of `err`, as (summary, detail, subject text).
fn diag(src: &str, err: &hcl_json::Error) -> (String, String, String) {
    assert_eq!(err.diagnostics().len(), 1, "{err}");
    let d = &err.diagnostics()[0];
    let subject = d.subject.as_ref().expect("error has a range");
    (d.summary.clone(), d.detail.clone(), text(src, subject))
}

// ------------------------------------------------------------ keywords

#[test]
fn keyword_is_a_json_string_holding_one_identifier() {
    assert_eq!(
        attr(r#"{"a": "all"}"#, "a").as_keyword().as_deref(),
        Some("all")
    );
    assert_eq!(
        attr(r#"{"a": " all "}"#, "a").as_keyword().as_deref(),
        Some("all")
    );
}

#[test]
fn keyword_includes_true_false_and_null() {
    for kw in ["true", "false", "null"] {
        let src = format!(r#"{{"a": "{kw}"}}"#);
        assert_eq!(attr(&src, "a").as_keyword().as_deref(), Some(kw));
    }
}

#[test]
fn keyword_rejects_templates_traversals_and_json_values() {
    for value in [
        r#""${all}""#,
        r#""a.b""#,
        r#""all things""#,
        r#""""#,
        "true",
        "1",
        "null",
        "[\"all\"]",
        "{}",
    ] {
        let src = format!(r#"{{"a": {value}}}"#);
        assert_eq!(attr(&src, "a").as_keyword(), None, "{value}");
    }
}

// ------------------------------------------------------------ traversals

#[test]
fn terraform_provider_is_an_absolute_traversal() {
    let src = r#"{"provider": "aws.foo"}"#;
    let t = attr(src, "provider").abs_traversal().unwrap();
    assert_eq!(t.root_name(), "aws");
    assert!(!t.is_relative());
    match t.steps() {
        [TraversalStep::Root {
            name: root,
            range: r0,
        }, TraversalStep::Attr { name, range }] => {
            assert_eq!(root, "aws");
            assert_eq!(text(src, r0), "aws");
            assert_eq!(name, "foo");
            assert_eq!(text(src, range), ".foo");
        }
        other => panic!("unexpected steps {other:?}"),
    }
    assert_eq!(text(src, &t.range()), "aws.foo");
    assert_eq!(t.to_string(), "aws.foo");
}

#[test]
fn traversal_index_steps_need_constant_keys() {
    let src = r#"{"a": "foo[0]", "b": "foo[\"k\"]", "c": "foo.0", "d": "foo[0].bar[\"x y\"]"}"#;
    let a = attr(src, "a").abs_traversal().unwrap();
    assert!(matches!(&a.steps()[1], TraversalStep::Index { key, .. } if *key == Value::from(0)));
    assert_eq!(a.to_string(), "foo[0]");
    let b = attr(src, "b").abs_traversal().unwrap();
    assert!(matches!(&b.steps()[1], TraversalStep::Index { key, .. } if *key == Value::from("k")));
    assert_eq!(b.to_string(), r#"foo["k"]"#);
    let c = attr(src, "c").abs_traversal().unwrap();
    assert!(
        matches!(&c.steps()[1], TraversalStep::Index { key, range } if *key == Value::from(0) && text(src, range) == ".0")
    );
    let d = attr(src, "d").abs_traversal().unwrap();
    assert_eq!(d.to_string(), r#"foo[0].bar["x y"]"#);
    assert_eq!(d.steps().len(), 4);
}

#[test]
fn traversal_rejects_computed_expressions() {
    for value in [
        "foo[bar]",
        "f(x)",
        "a + b",
        "a[*].b",
        "a.*.b",
        "[a]",
        "\\\"a\\\"",
        "a ? b : c",
        "-a",
        "a[0 + 1]",
        "",
        "a.",
    ] {
        let src = format!(r#"{{"a": "{value}"}}"#);
        let err = attr(&src, "a").abs_traversal().unwrap_err();
        let (summary, detail, subject) = diag(&src, &err);
        assert_eq!(summary, "Invalid expression", "{value}");
        assert!(
            detail.starts_with("A single static variable reference is required"),
            "{detail}"
        );
        assert_eq!(subject, format!("\"{value}\""));
    }
}

#[test]
fn traversal_of_a_json_non_string_is_an_error_on_its_range() {
    let src = r#"{"a": 42, "b": ["x"]}"#;
    let (_, _, subject) = diag(src, &attr(src, "a").abs_traversal().unwrap_err());
    assert_eq!(subject, "42");
    let (_, _, subject) = diag(src, &attr(src, "b").abs_traversal().unwrap_err());
    assert_eq!(subject, r#"["x"]"#);
}

#[test]
fn interpolated_reference_error_says_what_to_write() {
    let src = r#"{"depends_on": ["${aws_vpc.main}"]}"#;
    let items = attr(src, "depends_on").as_list().unwrap();
    let err = items[0].abs_traversal().unwrap_err();
    let (summary, detail, subject) = diag(src, &err);
    assert_eq!(summary, "Invalid expression");
    assert_eq!(subject, r#""${aws_vpc.main}""#);
    assert!(
        detail.ends_with(r#"write "aws_vpc.main" instead of "${aws_vpc.main}"."#),
        "{detail}"
    );
    // The rendered error shows where.
    assert!(err.to_string().contains("on t.json line 1"), "{err}");
    // No such advice when the interpolation holds no reference.
    let src = r#"{"a": "${1 + 2}"}"#;
    let (_, detail, _) = diag(src, &attr(src, "a").abs_traversal().unwrap_err());
    assert!(!detail.contains("instead of"), "{detail}");
}

#[test]
fn keywords_true_false_null_can_root_a_traversal() {
    let t = attr(r#"{"a": "null.foo"}"#, "a").abs_traversal().unwrap();
    assert_eq!(t.root_name(), "null");
    assert_eq!(t.to_string(), "null.foo");
}

#[test]
fn parentheses_are_looked_through() {
    let t = attr(r#"{"a": "(a).b"}"#, "a").abs_traversal().unwrap();
    assert_eq!(t.to_string(), "a.b");
    assert_eq!(
        attr(r#"{"a": "((all))"}"#, "a").as_keyword().as_deref(),
        Some("all")
    );
}

#[test]
fn terraform_ignore_changes_is_a_list_of_relative_traversals_or_all() {
    let src = r#"{"ignore_changes": ["ami", "tags.Name", "tags[\"k\"]"]}"#;
    let items = attr(src, "ignore_changes").as_list().unwrap();
    let rel: Vec<_> = items.iter().map(|e| e.rel_traversal().unwrap()).collect();
    assert!(rel
        .iter()
        .all(|t| t.is_relative() && t.root_name().is_empty()));
    match rel[0].steps() {
        [TraversalStep::Attr { name, range }] => {
            assert_eq!(name, "ami");
            assert_eq!(text(src, range), "ami");
        }
        other => panic!("unexpected steps {other:?}"),
    }
    assert_eq!(rel[1].to_string(), "tags.Name");
    assert_eq!(rel[2].to_string(), r#"tags["k"]"#);

    let src = r#"{"ignore_changes": "all"}"#;
    let e = attr(src, "ignore_changes");
    assert_eq!(e.as_keyword().as_deref(), Some("all"));
    assert!(e.as_list().is_err());
}

#[test]
fn terraform_depends_on_is_a_list_of_absolute_traversals() {
    let src = r#"{"depends_on": ["aws_instance.example", "module.vpc"]}"#;
    let refs: Vec<String> = attr(src, "depends_on")
        .as_list()
        .unwrap()
        .iter()
        .map(|e| e.abs_traversal().unwrap().to_string())
        .collect();
    assert_eq!(refs, ["aws_instance.example", "module.vpc"]);
}

#[test]
fn ranges_are_exact_after_escapes() {
    // `\u0061` is `a`: the decoded text is `aws.foo["k"]`.
    let src = r#"{"p": "\u0061ws.foo[\"k\"]"}"#;
    let t = attr(src, "p").abs_traversal().unwrap();
    assert_eq!(t.to_string(), r#"aws.foo["k"]"#);
    let ranges: Vec<String> = t.steps().iter().map(|s| text(src, s.range())).collect();
    assert_eq!(ranges, [r"\u0061ws", ".foo", r#"[\"k\"]"#]);
}

// ------------------------------------------------------------ lists and maps

#[test]
fn static_list_is_a_json_array() {
    let src = r#"{"a": [1, "x", [2]], "b": "[1, 2]", "c": 1}"#;
    let items = attr(src, "a").as_list().unwrap();
    let texts: Vec<_> = items.iter().map(|e| text(src, &e.range())).collect();
    assert_eq!(texts, ["1", "\"x\"", "[2]"]);
    for name in ["b", "c"] {
        let err = attr(src, name).as_list().unwrap_err();
        let (summary, detail, _) = diag(src, &err);
        assert_eq!(summary, "Invalid expression");
        assert_eq!(detail, "A static list expression is required.");
    }
}

#[test]
fn static_map_is_a_json_object_with_string_keys() {
    let src = r#"{"a": {"k": 1, "${var.x}": "v", "k": 2}, "b": [1]}"#;
    let pairs = attr(src, "a").as_map().unwrap();
    let texts: Vec<_> = pairs
        .iter()
        .map(|(k, v)| (text(src, &k.range()), text(src, &v.range())))
        .collect();
    assert_eq!(
        texts,
        [
            ("\"k\"".into(), "1".into()),
            ("\"${var.x}\"".into(), "\"v\"".into()),
            ("\"k\"".into(), "2".into())
        ]
    );
    assert_eq!(pairs[1].0.variables()[0].to_string(), "var.x");
    let err = attr(src, "b").as_map().unwrap_err();
    assert_eq!(diag(src, &err).1, "A static map expression is required.");
}

// ------------------------------------------------------------ calls

#[test]
fn terraform_type_is_a_call_with_keyword_arguments() {
    let src = r#"{"type": "list(string)"}"#;
    let call = attr(src, "type").as_call().unwrap();
    assert_eq!(call.name, "list");
    assert_eq!(text(src, &call.name_range), "list");
    assert_eq!(text(src, &call.args_range), "(string)");
    assert!(!call.expand_final);
    assert_eq!(call.args.len(), 1);
    assert_eq!(call.args[0].as_keyword().as_deref(), Some("string"));
    assert_eq!(text(src, &call.args[0].range()), "string");
}

#[test]
fn nested_calls_tuples_and_objects_analyse_as_native_expressions() {
    let src = r#"{"type": "map(object({name = string, \"ports\" = list(number), (k) = x}))", "t": "tuple([string, number])"}"#;
    let call = attr(src, "type").as_call().unwrap();
    assert_eq!(call.name, "map");
    let inner = call.args[0].as_call().unwrap();
    assert_eq!(inner.name, "object");
    let pairs = inner.args[0].as_map().unwrap();
    assert_eq!(pairs.len(), 3);
    // A bare key is a keyword; a quoted key is a string, not a keyword.
    assert_eq!(pairs[0].0.as_keyword().as_deref(), Some("name"));
    assert_eq!(text(src, &pairs[0].0.range()), "name");
    assert_eq!(pairs[0].1.as_keyword().as_deref(), Some("string"));
    assert_eq!(pairs[1].0.as_keyword(), None);
    assert_eq!(text(src, &pairs[1].0.range()), r#"\"ports\""#);
    let list = pairs[1].1.as_call().unwrap();
    assert_eq!(list.name, "list");
    assert_eq!(list.args[0].as_keyword().as_deref(), Some("number"));
    // A parenthesized key is an expression: its variable counts.
    assert_eq!(pairs[2].0.variables()[0].to_string(), "k");

    let tuple = attr(src, "t").as_call().unwrap();
    let elems = tuple.args[0].as_list().unwrap();
    let kws: Vec<_> = elems.iter().map(|e| e.as_keyword().unwrap()).collect();
    assert_eq!(kws, ["string", "number"]);
    // A native non-tuple is not a list, a native non-object not a map.
    assert!(elems[0].as_list().is_err());
    assert!(elems[0].as_map().is_err());
    assert!(elems[0].as_call().is_err());
}

#[test]
fn call_ranges_and_expansion() {
    let src = r#"{"a": "  provider::aws::f /* ( */ (a, b...)  "}"#;
    let call = attr(src, "a").as_call().unwrap();
    assert_eq!(call.name, "provider::aws::f");
    assert_eq!(text(src, &call.name_range), "provider::aws::f");
    assert_eq!(text(src, &call.args_range), "(a, b...)");
    assert!(call.expand_final);
    let args: Vec<_> = call
        .args
        .iter()
        .map(|a| a.abs_traversal().unwrap().to_string())
        .collect();
    assert_eq!(args, ["a", "b"]);
}

#[test]
fn static_call_errors() {
    for value in [
        r#""list""#,
        r#""list(string).x""#,
        r#""${list(string)}""#,
        "[1]",
        "1",
    ] {
        let src = format!(r#"{{"a": {value}}}"#);
        let err = attr(&src, "a").as_call().unwrap_err();
        let (summary, detail, subject) = diag(&src, &err);
        assert_eq!(summary, "Invalid expression");
        assert_eq!(detail, "A static function call is required.");
        assert_eq!(subject, value);
    }
}

#[test]
fn native_handles_support_every_analysis() {
    let src = r#"{"a": "f([x.y, 1], {a = b})"}"#;
    let call = attr(src, "a").as_call().unwrap();
    let list = call.args[0].as_list().unwrap();
    assert_eq!(list[0].abs_traversal().unwrap().to_string(), "x.y");
    assert_eq!(list[0].rel_traversal().unwrap().to_string(), "x.y");
    let err = list[1].abs_traversal().unwrap_err();
    assert_eq!(diag(src, &err).2, "1");
    let vars: Vec<_> = call.args[1]
        .variables()
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(vars, ["b"]);
}

// ------------------------------------------------------- native syntax

fn native_attr(src: &str, name: &str) -> Expression {
    let attrs = hcl_json::parse_native(src, "t.tf")
        .unwrap_or_else(|e| panic!("{e}"))
        .body()
        .just_attributes()
        .unwrap();
    attrs[name].expr.clone()
}

#[test]
fn native_analyses_read_the_expression_as_written() {
    let src = "k = string\nt = aws_instance.web.id[0]\nl = [a.b, c]\nm = { name = string, \"q\" = 1 }\nf = list(object({a = number}))\n";
    assert_eq!(
        native_attr(src, "k").as_keyword().as_deref(),
        Some("string")
    );
    let t = native_attr(src, "t").abs_traversal().unwrap();
    assert_eq!(t.to_string(), "aws_instance.web.id[0]");
    assert_eq!(text(src, &t.range()), "aws_instance.web.id[0]");
    let l = native_attr(src, "l").as_list().unwrap();
    assert_eq!(l.len(), 2);
    assert_eq!(text(src, &l[0].range()), "a.b");
    assert_eq!(l[0].abs_traversal().unwrap().root_name(), "a");
    let m = native_attr(src, "m").as_map().unwrap();
    assert_eq!(m[0].0.as_keyword().as_deref(), Some("name"));
    assert_eq!(
        m[1].1.value(&hcl_json::EvalContext::new()).unwrap(),
        Value::from(1)
    );
    let f = native_attr(src, "f").as_call().unwrap();
    assert_eq!(f.name, "list");
    assert_eq!(text(src, &f.args[0].range()), "object({a = number})");
    let ty = hcl_json::ext::typeexpr::type_constraint(&native_attr(src, "f")).unwrap();
    assert_eq!(ty.to_string(), "list(object({a=number}))");
}

#[test]
fn native_quoted_strings_are_not_traversals() {
    // Unlike a JSON string, a native string is a template, never a reference.
    let src = "t = \"aws_instance.web\"\n";
    let err = native_attr(src, "t").abs_traversal().unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Invalid expression");
    assert_eq!(
        text(src, err.diagnostics()[0].subject.as_ref().unwrap()),
        "\"aws_instance.web\""
    );
}

#[test]
fn native_variables_and_evaluation_errors_point_into_the_file() {
    let src = "a = 1\nb = \"${var.x}-${local.y[0]}\" # c\nc = nope + 1\n";
    let vars: Vec<String> = native_attr(src, "b")
        .variables()
        .iter()
        .map(|t| format!("{t}@{}", text(src, &t.range())))
        .collect();
    assert_eq!(vars, ["var.x@var.x", "local.y[0]@local.y[0]"]);
    let err = native_attr(src, "c")
        .value(&hcl_json::EvalContext::new().with_variable("nop", 1))
        .unwrap_err();
    let (summary, _, subject) = diag(src, &err);
    assert_eq!(summary, "Unknown variable");
    assert_eq!(subject, "nope");
    assert_eq!(err.diagnostics()[0].subject.as_ref().unwrap().start.line, 3);
}

#[test]
fn native_expressions_from_strings_with_escapes_keep_their_decoded_text() {
    // The file keeps no decoded text: each element carries its string's.
    let src = r#"{"a": "f(\"x\\ty\", upper(\"b\"), nope)"}"#;
    let items = attr(src, "a").as_call().unwrap().args;
    assert_eq!(items[0].source_text(), r#""x\ty""#);
    assert_eq!(text(src, &items[0].range()), r#"\"x\\ty\""#);
    assert_eq!(
        items[0].value(&hcl_json::EvalContext::new()).unwrap(),
        Value::from("x\ty")
    );
    assert_eq!(items[1].source_text(), r#"upper("b")"#);
    let ctx = hcl_json::EvalContext::new().with_stdlib();
    assert_eq!(items[1].value(&ctx).unwrap(), Value::from("B"));
    let err = items[2].value(&ctx).unwrap_err();
    let (summary, _, subject) = diag(src, &err);
    assert_eq!(
        (summary.as_str(), subject.as_str()),
        ("Variables not allowed", "nope")
    );
}
