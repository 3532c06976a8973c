//! Native-syntax spelling of names, labels and strings.
//!
//! A JSON string becomes a native quoted string in one of two ways, and
//! the difference is the whole point of this file:
//!
//! - **literal** text (literal-only positions, labels, comments' keys): the
//!   exact characters must come back, so backslash escapes are added for
//!   `\`, `"` and control characters, and the template introducers `${` and
//!   `%{` are escaped as `$${` and `%%{`;
//! - **template** text (a JSON string in an expression position *is* a
//!   native template, json-spec.md "Strings"): it already means the same in
//!   a native quoted string, template escapes (`$${`, `%%{`) included. Only
//!   the backslash layer that native quoted strings add on top is needed,
//!   and only in its literal parts: the text of `${ ... }` and `%{ ... }`
//!   sequences is expression syntax, copied as it is (a nested `"a\"b"`
//!   there already has native escapes).

use crate::syntax::{Span, Template, TemplatePart};

/// Whether `s` is a native identifier: `(ID_Start | "_") (ID_Continue |
/// "-")*`, the grammar's `ident`.
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let start = if first.is_ascii() {
        first.is_ascii_alphabetic() || first == '_'
    } else {
        pest::unicode::ID_START(first)
    };
    start
        && chars.all(|c| {
            if c.is_ascii() {
                c.is_ascii_alphanumeric() || c == '_' || c == '-'
            } else {
                pest::unicode::ID_CONTINUE(c)
            }
        })
}

/// Whether `s` can be written as a bare object key and read back as the
/// same string: an identifier other than the keywords `true`, `false` and
/// `null` (which HCL reads as literal keys too, but which read like values,
/// so they are quoted for the reader's sake).
pub(crate) fn is_bare_key(s: &str) -> bool {
    is_identifier(s) && !matches!(s, "true" | "false" | "null")
}

/// Appends `c` with the backslash escapes of a native quoted string.
fn push_escaped_char(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        '"' => out.push_str("\\\""),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if (c as u32) < 0x20 || c == '\u{7f}' => {
            out.push_str(&format!("\\u{:04X}", c as u32));
        }
        c => out.push(c),
    }
}

/// Appends `text` with backslash escapes only: template sequences in it are
/// left as they are (they are template syntax already).
fn push_backslash_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        push_escaped_char(out, c);
    }
}

/// Appends `"text"` as a native quoted string whose value is exactly
/// `text`: backslash escapes, and `${` / `%{` escaped as `$${` / `%%{`.
pub(crate) fn push_literal_string(out: &mut String, text: &str) {
    out.push('"');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if (c == '$' || c == '%') && chars.peek() == Some(&'{') {
            // `${` becomes `$${`: the doubled introducer is the escape.
            out.push(c);
        }
        push_escaped_char(out, c);
    }
    out.push('"');
}

/// Appends `"source"` as a native quoted string holding the template that
/// `source` (a JSON string's text, full-expression mode) is: literal parts
/// get backslash escapes, `${ }` and `%{ }` sequences are copied as they
/// are. `template` is `source` parsed.
pub(crate) fn push_template_string(out: &mut String, source: &str, template: &Template) {
    let mut literals = Vec::new();
    literal_spans(template, &mut literals);
    literals.sort_unstable();
    out.push('"');
    let mut at = 0;
    for span in literals {
        let range = span.range();
        if range.start < at || range.end > source.len() {
            continue;
        }
        out.push_str(&source[at..range.start]);
        push_backslash_escaped(out, &source[range.clone()]);
        at = range.end;
    }
    out.push_str(&source[at..]);
    out.push('"');
}

/// The source spans of every literal part of `template`, directive bodies
/// included (but not the templates inside interpolated expressions, which
/// are expression syntax).
fn literal_spans(template: &Template, out: &mut Vec<Span>) {
    for part in &template.parts {
        match part {
            TemplatePart::Literal { span, .. } => out.push(*span),
            TemplatePart::Interpolation { .. } => {}
            TemplatePart::If(i) => {
                literal_spans(&i.then, out);
                if let Some(otherwise) = &i.otherwise {
                    literal_spans(otherwise, out);
                }
            }
            TemplatePart::For(f) => literal_spans(&f.body, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{parse_expression, parse_template, ExprKind};

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
    fn template_strings_escape_literals_inside_directives() {
        let source = "%{ if a }\"yes\"\n%{ else }\\no%{ endif }";
        let out = template(source);
        assert_eq!(out, r#""%{ if a }\"yes\"\n%{ else }\\no%{ endif }""#);
        parse_expression(&out).expect("valid native");
    }
}
