//! Native-syntax spelling of names, labels and strings.
//!
//! A JSON string becomes a native quoted string in one of two ways, and
//! the difference is the whole point of this file:
//!
//! - **literal** text (literal-only positions, labels): the exact
//!   characters must come back, so backslash escapes are added for `\`,
//!   `"` and control characters, and the template introducers `${` and
//!   `%{` are escaped as `$${` and `%%{`;
//! - **template** text (a JSON string in an expression position *is* a
//!   native template, as HCL's JSON syntax specification says): the same template is
//!   written as a quoted string, its literal parts escaped as above (so a
//!   `$${` of the JSON, the literal `${`, is `$${` again), its `${ }` and
//!   `%{ }` sequences as expression syntax.

use crate::native::ident::is_identifier;
use crate::native::{Template, TemplatePart};

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

/// Appends `"text"` as a native quoted string whose value is exactly
/// `text`: backslash escapes, and `${` / `%{` escaped as `$${` / `%%{`.
pub(crate) fn push_literal_string(out: &mut String, text: &str) {
    out.push('"');
    push_template_literal(out, text, None);
    out.push('"');
}

/// Appends `"..."`, a native quoted string holding the same template as
/// `source` (a JSON string's text in full-expression mode), `template`
/// being `source` parsed.
///
/// The template is rebuilt from its tree rather than copied: literal parts
/// are written from their final text (escapes decoded, strip markers
/// applied) and `${ }` / `%{ }` sequences without strip markers. Copying
/// would not do, because strip markers act differently in the two places:
/// in a standalone template (a JSON string) `~}` strips the whitespace of
/// the next literal *line* only, in a quoted string it strips the whole
/// next literal, so `"${~ x ~}\n\n"` is `X\n` in JSON and `X` in a quoted
/// string. Interpolated expressions are copied from the source: they are
/// expression syntax in both places.
pub(crate) fn push_template_string(out: &mut String, source: &str, template: &Template) {
    out.push('"');
    push_parts(out, source, &template.parts);
    // A literal emptied by strip markers still counts as text (no
    // interpolation unwrapping, the value is a string); written from its
    // empty text it would vanish, so an empty interpolation keeps the
    // template from being a single interpolation.
    let mut kept = template
        .parts
        .iter()
        .filter(|p| !matches!(p, TemplatePart::Literal { text, .. } if text.is_empty()));
    if let (Some(TemplatePart::Interpolation { .. }), None) = (kept.next(), kept.next()) {
        if template.parts.len() > 1 {
            out.push_str("${\"\"}");
        }
    }
    out.push('"');
}

/// Appends template parts (see [`push_template_string`]).
fn push_parts(out: &mut String, source: &str, parts: &[TemplatePart]) {
    for (i, part) in parts.iter().enumerate() {
        match part {
            TemplatePart::Literal { text, .. } => {
                push_template_literal(out, text, parts.get(i + 1));
            }
            TemplatePart::Interpolation { expr, .. } => {
                out.push_str("${");
                out.push_str(&source[expr.span.range()]);
                out.push('}');
            }
            TemplatePart::If(t) => {
                out.push_str("%{ if ");
                out.push_str(&source[t.cond.span.range()]);
                out.push_str(" }");
                push_parts(out, source, &t.then.parts);
                if let Some(otherwise) = &t.otherwise {
                    out.push_str("%{ else }");
                    push_parts(out, source, &otherwise.parts);
                }
                out.push_str("%{ endif }");
            }
            TemplatePart::For(f) => {
                out.push_str("%{ for ");
                if let Some(key) = &f.key_var {
                    out.push_str(&key.name);
                    out.push_str(", ");
                }
                out.push_str(&f.value_var.name);
                out.push_str(" in ");
                out.push_str(&source[f.collection.span.range()]);
                out.push_str(" }");
                push_parts(out, source, &f.body.parts);
                out.push_str("%{ endfor }");
            }
        }
    }
}

/// Appends literal template text: backslash escapes, `${` / `%{` escaped,
/// and a final `$` before an interpolation (or `%` before a directive),
/// which would make an escape of the sequence after it, written as the
/// interpolation `${"$"}`.
fn push_template_literal(out: &mut String, text: &str, next: Option<&TemplatePart>) {
    let last = text.chars().last();
    let clash = matches!(
        (last, next),
        (Some('$'), Some(TemplatePart::Interpolation { .. }))
            | (Some('%'), Some(TemplatePart::If(_) | TemplatePart::For(_)))
    );
    let body = if clash { &text[..text.len() - 1] } else { text };
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if (c == '$' || c == '%') && chars.peek() == Some(&'{') {
            // `${` becomes `$${`: the doubled introducer is the escape.
            out.push(c);
        }
        push_escaped_char(out, c);
    }
    if clash {
        out.push_str("${\"");
        out.push(last.unwrap_or('$'));
        out.push_str("\"}");
    }
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
