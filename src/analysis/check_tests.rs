use crate::body::{parse, parse_native};
use crate::diag::Severity;
use crate::eval::EvalContext;

fn stdlib() -> EvalContext {
    EvalContext::new().with_stdlib()
}

/// Each diagnostic as "severity summary @ range".
fn found(diags: &crate::diag::Diagnostics) -> Vec<String> {
    diags
        .as_slice()
        .iter()
        .map(|d| {
            let range = d
                .subject
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            format!("{:?} {} @ {range}", d.severity, d.summary)
        })
        .collect()
}

#[test]
fn a_template_syntax_error_points_through_the_strings_escapes() {
    // `\t` is two bytes in the file, one in the string: the range is the file's.
    let file = parse(r#"{"a": "\t${1 +}"}"#, "t.json").unwrap();
    assert_eq!(
        found(&file.check(&stdlib())),
        ["Error Invalid expression @ t.json:1,15-16"]
    );
}

#[test]
fn strings_without_template_sequences_and_escaped_ones_are_not_parsed() {
    let file = parse(r#"{"a": "$x {", "b": "$${not(", "c": "%%{x"}"#, "t.json").unwrap();
    assert!(file.check(&stdlib()).is_empty());
}

#[test]
fn comment_properties_are_skipped_and_nested_strings_are_checked() {
    let src = r#"{"//": "${", "r": {"x": [{"//": "%{", "y": "${nosuch()}"}]}}"#;
    let file = parse(src, "t.json").unwrap();
    assert_eq!(
        found(&file.check(&stdlib())),
        ["Error Call to unknown function @ t.json:1,47-53"]
    );
}

#[test]
fn property_names_are_templates_too() {
    let file = parse(r#"{"tags": {"${nosuch()}": 1}}"#, "t.json").unwrap();
    assert_eq!(
        found(&file.check(&stdlib())),
        ["Error Call to unknown function @ t.json:1,14-20"]
    );
}

#[test]
fn type_constructors_in_a_type_attribute_are_not_calls() {
    let src = "variable \"v\" {\n  type = map(object({a = optional(list(string))}))\n}\nx = list(1)\ntype = upcase(1)\n";
    let file = parse_native(src, "t.tf").unwrap();
    assert_eq!(
        found(&file.check(&stdlib())),
        [
            // Outside a type, `list` is Terraform's removed function.
            "Error Error in function call @ t.tf:4,5-10",
            "Error Call to unknown function @ t.tf:5,8-14"
        ]
    );
}

#[test]
fn calls_a_context_could_supply_are_warnings() {
    let src = "a = file(\"x\")\nb = provider::aws::arn_parse(\"x\")\nc = core::upper(\"x\")\nd = core::nosuch()\n";
    let diags = parse_native(src, "t.tf").unwrap().check(&stdlib());
    assert_eq!(
        found(&diags),
        [
            "Warning Function not available here @ t.tf:1,5-9",
            "Warning Function not available here @ t.tf:2,5-29",
            "Error Call to unknown function @ t.tf:4,5-17"
        ]
    );
    assert!(
        diags.as_slice()[0].detail.contains("reads files"),
        "{diags:?}"
    );
}

#[test]
fn an_applications_own_functions_are_known() {
    let ctx = stdlib().with_function("upcase", crate::stdlib::function_map()["upper"].clone());
    let file = parse(r#"{"a": "${upcase(\"x\")}"}"#, "t.json").unwrap();
    assert!(file.check(&ctx).is_empty());
}

#[test]
fn a_context_without_functions_allows_no_calls() {
    let file = parse_native("a = max(1, 2)\n", "t.hcl").unwrap();
    let diags = file.check(&EvalContext::new());
    assert_eq!(
        found(&diags),
        ["Error Function calls not allowed @ t.hcl:1,5-14"]
    );
    assert_eq!(diags.as_slice()[0].severity, Severity::Error);
}

#[test]
fn one_unknown_name_called_many_times_is_reported_at_each_call() {
    let src = format!(
        "{{{}}}",
        (0..3)
            .map(|i| format!(r#""a{i}": "${{f()}}""#))
            .collect::<Vec<_>>()
            .join(",")
    );
    let file = parse(&src, "t.json").unwrap();
    assert_eq!(file.check(&stdlib()).len(), 3);
}

#[test]
fn variables_of_a_file_are_every_references_in_source_order() {
    let src = r#"{"//": "${var.no}", "a": ["${var.x}"], "b": {"${local.k}": "${[for v in var.l : v.id]}"}}"#;
    let file = parse(src, "t.json").unwrap();
    let names: Vec<String> = file.variables().iter().map(ToString::to_string).collect();
    assert_eq!(names, ["var.x", "local.k", "var.l"]);
    let native = parse_native("a {\n  b {\n    c = x.y\n  }\n}\nd = z\n", "t.hcl").unwrap();
    let names: Vec<String> = native.variables().iter().map(ToString::to_string).collect();
    assert_eq!(names, ["x.y", "z"]);
}

#[test]
fn calls_carry_the_unknown_function_kind_whether_errors_or_warnings() {
    use crate::diag::DiagnosticKind;
    let file = parse_native("a = nosuch()\nb = file(\"x\")\n", "t.tf").unwrap();
    let diags = file.check(&stdlib());
    let kinds: Vec<_> = diags
        .as_slice()
        .iter()
        .map(|d| (d.severity, d.kind.clone()))
        .collect();
    assert_eq!(
        kinds,
        [
            (Severity::Error, DiagnosticKind::UnknownFunction),
            (Severity::Warning, DiagnosticKind::UnknownFunction),
        ]
    );
    let literal = file.check(&EvalContext::new());
    assert_eq!(
        literal.as_slice()[0].kind,
        DiagnosticKind::FunctionCallsNotAllowed
    );
}

#[test]
fn calls_that_fail_whatever_the_values_are_errors_worded_as_evaluation_words_them() {
    let src = "a = upper()\nb = upper(\"x\", var.y)\nc = list(var.x)\nd = \"${map()}\"\n";
    let file = parse_native(src, "t.tf").unwrap();
    let diags = file.check(&stdlib());
    assert_eq!(
        found(&diags),
        [
            "Error Not enough function arguments @ t.tf:1,11-12",
            "Error Too many function arguments @ t.tf:2,16-21",
            "Error Error in function call @ t.tf:3,5-10",
            "Error Error in function call @ t.tf:4,8-12",
        ]
    );
    // The same words as evaluating the calls.
    let ctx = stdlib().with_variable(
        "var",
        crate::value::Value::unknown(crate::value::Type::Dynamic),
    );
    for (d, attr) in diags.as_slice().iter().zip(["a", "b", "c", "d"]) {
        let body = file.body();
        let attrs = body.just_attributes().unwrap();
        let err = attrs[attr].expr.value(&ctx).unwrap_err();
        let e = &err.diagnostics()[0];
        assert_eq!(
            (&e.summary, &e.detail, &e.subject),
            (&d.summary, &d.detail, &d.subject)
        );
    }
}

#[test]
fn calls_the_check_cannot_count_or_must_not_run_pass() {
    // Values decide: an expanded last argument, a call with known bad
    // values (evaluation's to find), a function that takes its arguments
    // unevaluated, and a type constraint's constructors.
    let src = "a = join(\",\", var.x...)\nb = tonumber(\"x\")\nc = try(var.x, 1)\nvariable \"v\" {\n  type = list(map(string))\n}\n";
    let file = parse_native(src, "t.tf").unwrap();
    assert_eq!(found(&file.check(&stdlib())), Vec::<String>::new());
}
