//! `Expression::variables`: every reference, through templates, nested JSON
//! values and native expressions, with exact ranges, in source order.

use hcl_json::Expression;

fn attr(src: &str, name: &str) -> Expression {
    let attrs = hcl_json::parse(src, "t.json")
        .unwrap()
        .body()
        .just_attributes()
        .unwrap();
    attrs[name].expr.clone()
}

/// Each variable as (display, source text of its range).
fn vars(src: &str, name: &str) -> Vec<(String, String)> {
    attr(src, name)
        .variables()
        .iter()
        .map(|t| (t.to_string(), src[t.range().bytes()].to_string()))
        .collect()
}

fn names(src: &str, name: &str) -> Vec<String> {
    vars(src, name).into_iter().map(|(n, _)| n).collect()
}

fn one(src: &str) -> Vec<String> {
    let json = format!(r#"{{"a": {}}}"#, serde_json::to_string(src).unwrap());
    names(&json, "a")
}

#[test]
fn templates_nested_values_and_keys_in_source_order() {
    let src = r#"{"x": {"a": "${var.x} and ${local.y[0]}", "b": ["${[for k, v in var.m : k]}"], "${var.key}": 1, "n": [1, true, null]}}"#;
    assert_eq!(
        vars(src, "x"),
        [
            ("var.x".into(), "var.x".into()),
            ("local.y[0]".into(), "local.y[0]".into()),
            ("var.m".into(), "var.m".into()),
            ("var.key".into(), "var.key".into()),
        ]
    );
}

#[test]
fn ranges_are_exact_after_escapes() {
    let src = r#"{"a": "\"\u00e9\" ${var.x} \\ ${var.\u0079}"}"#;
    assert_eq!(
        vars(src, "a"),
        [
            ("var.x".into(), "var.x".into()),
            ("var.y".into(), r"var.\u0079".into()),
        ]
    );
}

#[test]
fn strings_are_templates_whatever_the_mode() {
    // No evaluation happens here: a string that would be literal in
    // literal-only mode still shows its references.
    assert_eq!(one("Hello ${name}!"), ["name"]);
    assert_eq!(one("%{ if a }${b}%{ else }${c}%{ endif }"), ["a", "b", "c"]);
}

#[test]
fn plain_strings_escapes_and_invalid_templates_have_none() {
    assert!(one("just text").is_empty());
    assert!(one("$${not.a.ref}").is_empty());
    assert!(one("${").is_empty());
    assert!(one("${a +}").is_empty());
    assert!(attr(r#"{"a": 1}"#, "a").variables().is_empty());
}

#[test]
fn for_iterators_are_not_references() {
    assert_eq!(
        one("${[for k, v in var.m : upper(k) if v != local.skip]}"),
        ["var.m", "local.skip"]
    );
    assert_eq!(
        one("${{for x in xs : x.id => [for y in x.ys : y + z]}}"),
        ["xs", "z"]
    );
    // Shadowing ends with the for: `x` after it is a reference again.
    assert_eq!(one("${[for x in xs : x]} ${x}"), ["xs", "x"]);
    // The collection may use the outer name the iterator shadows.
    assert_eq!(one("${[for x in x : x]}"), ["x"]);
    assert_eq!(
        one("%{ for i, s in list }${s}${i}${sep}%{ endfor }"),
        ["list", "sep"]
    );
}

#[test]
fn calls_operators_and_conditionals() {
    assert_eq!(
        one("${f(a.b, -c) + d * (e) ? g : !h}"),
        ["a.b", "c", "d", "e", "g", "h"]
    );
    assert_eq!(one("${[a, {b = c, (d) = e}]}"), ["a", "c", "d", "e"]);
}

#[test]
fn index_keys_and_splats() {
    assert_eq!(one("${a[b]}"), ["a", "b"]);
    assert_eq!(one("${a.b[c.d].e[f]}"), ["a.b", "c.d", "f"]);
    assert_eq!(one("${a[0][\"k\"].x.0}"), ["a[0][\"k\"].x[0]"]);
    assert_eq!(one("${a.b[*].c[d]}"), ["a.b", "d"]);
    assert_eq!(one("${a.*.b}"), ["a"]);
    assert_eq!(one("${f(x).y[z]}"), ["x", "z"]);
    assert_eq!(one("${(a).b}"), ["a"]);
}

#[test]
fn legacy_index_range_includes_the_dot() {
    let src = r#"{"a": "${x.0.y}"}"#;
    let t = &attr(src, "a").variables()[0];
    let texts: Vec<_> = t.steps().iter().map(|s| &src[s.range().bytes()]).collect();
    assert_eq!(texts, ["x", ".0", ".y"]);
}

#[test]
fn native_handles_report_their_own_variables() {
    let src = r#"{"a": "f(x, [y, z.w])"}"#;
    let call = attr(src, "a").as_call().unwrap();
    let second: Vec<_> = call.args[1]
        .variables()
        .iter()
        .map(|t| (t.to_string(), src[t.range().bytes()].to_string()))
        .collect();
    assert_eq!(
        second,
        [("y".into(), "y".into()), ("z.w".into(), "z.w".into())]
    );
}

/// A long string dense with escapes and references: each reference's
/// range is mapped back through the escapes before it, exactly. The
/// assertions are about the ranges; linearity shows in the run time only:
/// mapped from the string's start, as before the offset index, these
/// 20 000 references in a 120 KB string cost 2 × 10^9 steps (no finish
/// in 120 s), through the index 0.3 s.
#[test]
fn ranges_in_a_long_escaped_string_are_exact_and_linear() {
    let n = 20_000;
    let body = r"${var.a}\n\u00e9".repeat(n);
    let src = format!(r#"{{"x": "{body}"}}"#);
    let found = vars(&src, "x");
    assert_eq!(found.len(), n);
    assert!(found
        .iter()
        .all(|(name, text)| name == "var.a" && text == "var.a"));
    let last = attr(&src, "x").variables().pop().unwrap();
    let start = src.len() - 2 - r"var.a}\n\u00e9".len();
    assert_eq!(last.range().bytes(), start..start + 5);
}
