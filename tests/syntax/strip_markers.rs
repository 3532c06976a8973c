//! Strip markers (`${~`, `~}`, `%{~`) against HCL's Go implementation:
//! every expected value here is what HCL 2.14.1 produces for the same JSON
//! string, with `name = "world"` and `items = ["a", "b", "c"]`.
//!
//! Go's template scanner cuts literal text into tokens that end just after
//! each newline, and a marker trims only the adjacent token, so a marker
//! never reaches past one line of text.

use hcl_json::{EvalContext, Value};

fn ctx() -> EvalContext {
    EvalContext::new()
        .with_variable("name", "world")
        .with_variable(
            "items",
            Value::tuple(["a", "b", "c"].into_iter().map(Value::from)),
        )
}

/// The value of the JSON string whose content is `template`.
fn render(template: &str) -> String {
    let src = format!(
        "{{\"a\": {}}}",
        serde_json::to_string(template).expect("a string encodes")
    );
    let file = hcl_json::parse(&src, "t.json").unwrap_or_else(|e| panic!("{template:?}: {e}"));
    let attrs = file
        .body()
        .just_attributes()
        .unwrap_or_else(|e| panic!("{template:?}: {e}"));
    let value = attrs["a"]
        .expr
        .value(&ctx())
        .unwrap_or_else(|e| panic!("{template:?}: {e}"));
    value
        .as_str()
        .unwrap_or_else(|| panic!("{template:?} gave {value}"))
        .to_string()
}

fn check(cases: &[(&str, &str)]) {
    for (template, want) in cases {
        assert_eq!(render(template), *want, "template {template:?}");
    }
}

#[test]
fn strip_before_trims_back_to_the_last_newline_only() {
    check(&[
        ("a\n  ${~ name}", "a\nworld"),
        ("a\n\n${~ name}", "a\nworld"),
        ("a  \n  \n  ${~ name}", "a  \n  \nworld"),
        ("x\t\n\t${~ name}", "x\t\nworld"),
        ("a  ${~ name}", "aworld"),
        ("   ${~ name}", "world"),
    ]);
}

#[test]
fn strip_before_removes_a_final_newline_and_its_lines_trailing_space() {
    check(&[
        ("a  \n${~ name}", "aworld"),
        ("\n${~ name}", "world"),
        ("a  \r\n${~ name}", "aworld"),
        ("a\r\n  ${~ name}", "a\r\nworld"),
    ]);
}

#[test]
fn strip_after_trims_up_to_and_including_the_first_newline() {
    check(&[
        ("${name ~}   \n  x", "world  x"),
        ("${name ~}\n\n  x", "world\n  x"),
        ("${name ~}  \n  \n x", "world  \n x"),
        ("${name ~}  \r\n  x", "world  x"),
        ("${name ~}  x  ", "worldx  "),
        ("${name ~}\n", "world"),
        ("${name ~}  ", "world"),
    ]);
}

#[test]
fn strip_markers_trim_unicode_whitespace_within_the_line() {
    check(&[
        ("${name ~}\u{a0}\u{2003}\n y", "world y"),
        // U+2028 is whitespace but does not end a line for the scanner.
        ("a \u{2028} ${~ name}", "aworld"),
    ]);
}

#[test]
fn strip_markers_on_both_sides_of_one_literal() {
    check(&[
        ("${name ~}${~ name}", "worldworld"),
        ("${name ~}  \n${~ name}", "worldworld"),
        ("${name ~} \n \n${~ name}", "worldworld"),
        ("a \n ${name ~} \n b", "a \n world b"),
    ]);
}

#[test]
fn strip_markers_in_multi_line_directives() {
    check(&[
        ("%{ if true ~}\n  a\n%{~ endif }", "  a"),
        ("%{ if true ~}  \n  \n  a%{ endif }", "  \n  a"),
        ("a  \n%{~ if true }b%{ endif }", "ab"),
        (
            "%{ for x in items ~}\n  - ${x}\n%{ endfor ~}\n",
            "  - a\n  - b\n  - c\n",
        ),
        (
            "list:\n%{~ for x in items ~}\n  ${x}\n%{~ endfor ~}\nend",
            "list:  a  b  cend",
        ),
        ("%{ for x in items ~}\n  ${x}\n%{~ endfor }", "  a  b  c"),
    ]);
}

#[test]
fn strip_markers_in_heredocs_stop_at_newlines_too() {
    check(&[
        ("${ <<EOT\na\n  ${~ name}\nEOT\n}", "a\nworld\n"),
        (
            "${ <<-EOT\n    a\n    ${name ~}  \n    b\n  EOT\n}",
            "a\nworld    b\n",
        ),
    ]);
}

#[test]
fn strip_markers_in_quoted_strings_trim_across_escaped_newlines() {
    // A quoted string's text is one token: `\n` escapes do not stop a marker.
    check(&[("${ \"a\\n  ${~ name}\" }", "aworld")]);
}

#[test]
fn strip_markers_keep_gos_dollar_pair_before_a_newline() {
    // Go's scanner makes a lone `$` or `%` and the one character after it a
    // token of their own when a newline follows, so the newline alone is
    // the token a marker trims.
    check(&[
        ("a$ \n${~ name}", "a$ world"),
        ("$ \r\n${~ name}", "$ world"),
        ("% \n${~ name}", "% world"),
        ("x $ \n${~ name}", "x $ world"),
        ("$$ \n${~ name}", "$$ world"),
        ("a$  \n${~ name}", "a$world"),
        ("a$\n ${~ name}", "a$\nworld"),
        ("$${ \n${~ name}", "${world"),
    ]);
}
