//! Diagnostics on stderr, through the library's renderer and serializer:
//! HCL's text with a caret under each subject, or (for `decode`, which
//! stands in for `hcldec`) exactly `hcldec`'s text; and JSON, in
//! `terraform validate -json`'s shape, or `hcldec`'s for `decode`.

use hcl_json::diag::{JsonDiagnostics, Renderer, SnippetStyle, Sources};
use hcl_json::{Diagnostic, Range};

use crate::json::Json;

/// How diagnostics are written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Format {
    /// HCL's text form; `width` 0 means no wrapping; `hcldec` is the
    /// layout `hcldec` writes (every line of the subject and context, no
    /// column, no caret).
    Text {
        color: bool,
        width: usize,
        hcldec: bool,
    },
    /// `terraform validate -json`'s document, indented.
    Json,
    /// `hcldec`'s `{"diagnostics": [...]}`, indented.
    HcldecJson,
}

/// All of `diags` in `format`, as one string (written at once, so that
/// nothing is left half-written).
pub(crate) fn render(diags: &[Diagnostic], sources: &Sources, format: Format) -> String {
    match format {
        Format::HcldecJson => render_hcldec_json(diags),
        Format::Json => {
            if diags.is_empty() {
                return String::new();
            }
            let doc = JsonDiagnostics::new(diags, sources);
            // Serializing a document of strings and numbers cannot fail.
            let text = serde_json::to_string_pretty(&doc).unwrap_or_default();
            format!("{text}\n")
        }
        Format::Text {
            color,
            width,
            hcldec,
        } => {
            let style = if hcldec {
                SnippetStyle::Lines
            } else {
                SnippetStyle::Caret
            };
            Renderer::new()
                .width(width)
                .color(color)
                .style(style)
                .render(diags, sources)
        }
    }
}

fn render_hcldec_json(diags: &[Diagnostic]) -> String {
    if diags.is_empty() {
        return String::new();
    }
    let items = diags
        .iter()
        .map(|d| {
            let severity = match d.severity {
                hcl_json::Severity::Error => "error",
                hcl_json::Severity::Warning => "warning",
            };
            let mut members = vec![
                ("severity".to_string(), Json::String(severity.into())),
                ("summary".to_string(), Json::String(d.summary.clone())),
            ];
            if !d.detail.is_empty() {
                members.push(("detail".into(), Json::String(d.detail.clone())));
            }
            if let Some(r) = &d.subject {
                members.push(("subject".into(), range_json(r)));
            }
            Json::Object(members)
        })
        .collect();
    let doc = Json::Object(vec![("diagnostics".into(), Json::Array(items))]);
    format!("{}\n", doc.indented())
}

/// A range as `hcldec` writes one: file name, start and end positions.
pub(crate) fn range_json(r: &Range) -> Json {
    let pos = |p: &hcl_json::Pos| {
        Json::Object(vec![
            ("line".into(), Json::Number(p.line.to_string())),
            ("column".into(), Json::Number(p.column.to_string())),
            ("byte".into(), Json::Number(p.byte.to_string())),
        ])
    };
    Json::Object(vec![
        ("filename".into(), Json::String(r.filename.to_string())),
        ("start".into(), pos(&r.start)),
        ("end".into(), pos(&r.end)),
    ])
}
