//! Diagnostics on stderr in the two forms `hcldec` writes: HCL's text form
//! (severity and summary, the source lines of the subject, the detail
//! word-wrapped) and its JSON form.

use std::collections::HashMap;

use hcl_json::{Diagnostic, Range, Severity};

use crate::json::Json;

/// How diagnostics are written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Format {
    /// HCL's text form; `width` 0 means no wrapping.
    Text { color: bool, width: usize },
    /// `{"diagnostics": [...]}`, indented.
    Json,
}

/// The sources diagnostics point into, by file name.
#[derive(Default)]
pub(crate) struct Sources(HashMap<String, String>);

impl Sources {
    pub(crate) fn add(&mut self, name: &str, text: &str) {
        self.0.insert(name.to_string(), text.to_string());
    }
}

/// All of `diags` in `format`, as one string (written at once, so that
/// nothing is left half-written).
pub(crate) fn render(diags: &[Diagnostic], sources: &Sources, format: Format) -> String {
    match format {
        Format::Json => render_json(diags),
        Format::Text { color, width } => diags
            .iter()
            .map(|d| render_text(d, sources, color, width))
            .collect(),
    }
}

fn render_json(diags: &[Diagnostic]) -> String {
    if diags.is_empty() {
        return String::new();
    }
    let items = diags
        .iter()
        .map(|d| {
            let mut members = vec![
                (
                    "severity".to_string(),
                    Json::String(severity(d).to_lowercase()),
                ),
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

fn severity(d: &Diagnostic) -> &'static str {
    match d.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    }
}

fn render_text(d: &Diagnostic, sources: &Sources, color: bool, width: usize) -> String {
    let (tint, highlight, reset) = if color {
        let tint = match d.severity {
            Severity::Error => "\x1b[31m",
            Severity::Warning => "\x1b[33m",
        };
        (tint, "\x1b[1;4m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    let mut out = format!("{tint}{}{reset}: {}\n\n", severity(d), d.summary);
    if let Some(subject) = &d.subject {
        let mut snip = subject.bytes();
        if let Some(context) = &d.context {
            let c = context.bytes();
            snip = snip.start.min(c.start)..snip.end.max(c.end);
        }
        let mut mark = subject.bytes();
        // An empty range is shown as one character.
        if snip.is_empty() {
            snip.end += 1;
        }
        if mark.is_empty() {
            mark.end += 1;
        }
        match sources.0.get(&*subject.filename) {
            None => out.push_str(&format!(
                "  on {} line {}:\n  (source code not available)\n\n",
                subject.filename, subject.start.line
            )),
            Some(text) => {
                let mut context = String::new();
                if subject.filename.ends_with(".json") {
                    context = crate::nav::context(text, subject.start.byte);
                }
                if !context.is_empty() {
                    context = format!(", in {context}");
                }
                out.push_str(&format!(
                    "  on {} line {}{context}:\n",
                    subject.filename, subject.start.line
                ));
                snippet(&mut out, text, snip, mark, (highlight, reset));
                out.push('\n');
            }
        }
    }
    if !d.detail.is_empty() {
        let detail = if width > 0 {
            wrap(&d.detail, width)
        } else {
            d.detail.clone()
        };
        out.push_str(&detail);
        out.push_str("\n\n");
    }
    out
}

/// The lines of `text` that overlap `snip`, numbered, with `mark`
/// highlighted (only visible in colour).
fn snippet(
    out: &mut String,
    text: &str,
    snip: std::ops::Range<usize>,
    mark: std::ops::Range<usize>,
    (highlight, reset): (&str, &str),
) {
    let mut start = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let range = start..start + line.len();
        start += raw.len();
        if !overlaps(&range, &snip) {
            continue;
        }
        let from = mark.start.clamp(range.start, range.end) - range.start;
        let to = mark.end.clamp(range.start, range.end) - range.start;
        let (from, to) = (floor_char(line, from), floor_char(line, to));
        if from < to && !highlight.is_empty() {
            out.push_str(&format!(
                "{:4}: {}{highlight}{}{reset}{}\n",
                i + 1,
                &line[..from],
                &line[from..to],
                &line[to..]
            ));
        } else {
            out.push_str(&format!("{:4}: {line}\n", i + 1));
        }
    }
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// HCL's `Range.Overlaps` (hcl 2.14), on byte offsets: an empty range
/// overlaps nothing (so a blank line is never shown), and one range
/// overlaps another when either holds the other's start or end offset,
/// so a line that only touches the subject's end is shown, as `hcldec`
/// shows it.
fn overlaps(a: &std::ops::Range<usize>, b: &std::ops::Range<usize>) -> bool {
    let holds = |r: &std::ops::Range<usize>, offset: usize| r.start <= offset && offset < r.end;
    !a.is_empty()
        && !b.is_empty()
        && (holds(a, b.start) || holds(a, b.end) || holds(b, a.start) || holds(b, a.end))
}

/// Word wrapping as `go-wordwrap`'s `WrapString` does it (which HCL uses
/// for details): breaks at whitespace once a line would pass `limit`
/// characters, keeps the text's own line breaks, never splits a word.
pub(crate) fn wrap(s: &str, limit: usize) -> String {
    let mut out = String::with_capacity(s.len());
    let mut current = 0usize;
    let (mut word, mut space) = (String::new(), String::new());
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    out.push_str(&space);
                }
            } else {
                out.push_str(&space);
                out.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.clear();
            space_len = 0;
            out.push(c);
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                out.push_str(&space);
                out.push_str(&word);
                space.clear();
                space_len = 0;
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > limit && word_len < limit {
                out.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            out.push_str(&space);
        }
    } else {
        out.push_str(&space);
        out.push_str(&word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_the_last_space_before_the_limit() {
        assert_eq!(wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(wrap("aaa\nbbb ccc", 80), "aaa\nbbb ccc");
        assert_eq!(wrap("abcdefghij", 4), "abcdefghij");
    }

    #[test]
    fn a_subject_at_a_line_end_shows_that_line_and_the_next_as_hcldec_does() {
        // `a = 1 +` cut by its newline: the subject is the newline, (1,8)-(2,1).
        let text = "a = 1 +\nb = )\nc = 2\n";
        let mut out = String::new();
        snippet(&mut out, text, 7..8, 7..8, ("", ""));
        assert_eq!(out, "   1: a = 1 +\n   2: b = )\n");
    }

    #[test]
    fn blank_lines_are_never_part_of_a_snippet() {
        let text = "b = [\n\n  x y\n]\n";
        let mut out = String::new();
        snippet(&mut out, text, 0..12, 9..10, ("", ""));
        assert_eq!(out, "   1: b = [\n   3:   x y\n");
        assert!(!overlaps(&(6..6), &(0..12)));
    }
}
