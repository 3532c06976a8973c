//! Unit tests of the native spelling of names, literal strings and templates:
//! each is read back by the native parser.

use super::*;
use crate::native::{parse_expression, parse_template, ExprKind};

/// The value a native quoted string reads back as, for literal text.
fn read_back(quoted: &str) -> String {
    let expr = parse_expression(quoted).expect("parses");
    let ExprKind::Template(t) = expr.kind else {
        panic!("not a template: {quoted}")
    };
    t.as_literal().expect("literal")
}

fn template(source: &str) -> String {
    let t = parse_template(source).expect("template parses");
    let mut out = String::new();
    push_template_string(&mut out, source, &t);
    out
}

#[test]
fn identifiers_follow_the_grammar() {
    assert!(is_identifier("aws_instance"));
    assert!(is_identifier("a-b"));
    assert!(is_identifier("_x1"));
    assert!(is_identifier("été"));
    assert!(!is_identifier("1a"));
    assert!(!is_identifier("-a"));
    assert!(!is_identifier("a b"));
    assert!(!is_identifier("a.b"));
    assert!(!is_identifier(""));
    assert!(!is_bare_key("null"));
    assert!(is_bare_key("nullable"));
}

#[test]
fn literal_strings_escape_backslashes_quotes_and_controls() {
    let mut out = String::new();
    push_literal_string(&mut out, "a\"b\\c\nd\te\r\u{1}f");
    assert_eq!(out, r#""a\"b\\c\nd\te\r\u0001f""#);
    assert_eq!(read_back(&out), "a\"b\\c\nd\te\r\u{1}f");
}

#[test]
fn literal_strings_escape_template_introducers() {
    for text in [
        "${x}",
        "%{ if a }",
        "$${x}",
        "a$",
        "$",
        "$$",
        "%%{",
        "${",
        "x%{y}${z}",
    ] {
        let mut out = String::new();
        push_literal_string(&mut out, text);
        assert_eq!(read_back(&out), text, "{text} written as {out}");
    }
    let mut out = String::new();
    push_literal_string(&mut out, "${x} %{y}");
    assert_eq!(out, r#""$${x} %%{y}""#);
}

#[test]
fn template_strings_keep_template_escapes_and_interpolations() {
    assert_eq!(template("Hello, ${name}!"), r#""Hello, ${name}!""#);
    assert_eq!(template("cost: $${x}"), r#""cost: $${x}""#);
    assert_eq!(template("100%%{"), r#""100%%{""#);
}

#[test]
fn template_strings_escape_only_their_literal_parts() {
    // The nested string in the interpolation keeps its native escapes;
    // the quote and newline of the literal part get backslashes.
    let source = "say \"${upper(\"a\\\"b\")}\"\n";
    assert_eq!(template(source), r#""say \"${upper("a\"b")}\"\n""#);
    let out = template(source);
    parse_expression(&out).expect("valid native");
}

#[test]
fn strip_markers_are_applied_before_writing() {
    // In a JSON string `~}` strips the next literal line only; the
    // second newline stays, and must not meet a `~` in native syntax.
    assert_eq!(template("${~ x ~}\n\n!"), r#""${x}\n!""#);
    // And `%{~` strips the last line of the literal before it.
    assert_eq!(
        template("a \n %{~ if b ~} c %{~ endif ~} d"),
        r#""a \n%{ if b }c%{ endif }d""#
    );
}

#[test]
fn a_literal_emptied_by_strip_markers_still_prevents_unwrapping() {
    assert_eq!(template("${x ~} "), r#""${x}${""}""#);
}

#[test]
fn a_dollar_before_an_interpolation_is_not_written_as_an_escape() {
    // `$ ${~x}`: the literal is `$` once stripped.
    let out = template("$ ${~x}");
    assert_eq!(out, r#""${"$"}${x}""#);
    assert_eq!(
        template("% %{~ if a }b%{ endif }"),
        r#""${"%"}%{ if a }b%{ endif }""#
    );
}

#[test]
fn template_strings_escape_literals_inside_directives() {
    let source = "%{ if a }\"yes\"\n%{ else }\\no%{ endif }";
    let out = template(source);
    assert_eq!(out, r#""%{ if a }\"yes\"\n%{ else }\\no%{ endif }""#);
    parse_expression(&out).expect("valid native");
}
