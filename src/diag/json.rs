//! Diagnostics as data for editors, CI and policy pipelines: serde
//! serialization in the shape of `terraform validate -json`
//! (<https://developer.hashicorp.com/terraform/internals/machine-readable-ui#diagnostic-representation>),
//! which such tools already read: severity, summary, detail, the range, and
//! (when the source is known) a snippet of the code with the subject's
//! offsets in it and the context that HCL names on its location line.

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use super::render::overlapping_lines;
use super::{Diagnostic, Error, Severity, Source, Sources};
use crate::pos::{Pos, Range};

/// A list of diagnostics with the sources they point into, serialized as
/// `terraform validate -json` writes its result: `format_version`,
/// `valid`, `error_count`, `warning_count` and `diagnostics`, each with its
/// `snippet` when its file is among the sources.
///
/// ```
/// use hcl_json::diag::{JsonDiagnostics, Sources};
///
/// let src = "resource \"a\" \"b\" {\n  count = nosuch\n}\n";
/// let file = hcl_json::parse_native(src, "main.tf")?;
/// let content = file.body().content(&hcl_json::BodySchema::new().block("resource", &["type", "name"]))?;
/// let attrs = content.blocks[0].body.just_attributes()?;
/// let ctx = hcl_json::EvalContext::new().with_variable("x", 1);
/// let err = attrs["count"].expr.value(&ctx).unwrap_err();
///
/// let sources = Sources::new().with(&file);
/// let json = serde_json::to_value(JsonDiagnostics::new(err.diagnostics(), &sources)).unwrap();
/// assert_eq!(json["valid"], false);
/// let diag = &json["diagnostics"][0];
/// assert_eq!(diag["severity"], "error");
/// assert_eq!(diag["summary"], "Unknown variable");
/// assert_eq!(diag["range"]["start"]["line"], 2);
/// assert_eq!(diag["snippet"]["context"], "resource \"a\" \"b\"");
/// assert_eq!(diag["snippet"]["code"], "  count = nosuch");
/// assert_eq!(diag["snippet"]["highlight_start_offset"], 10);
/// assert_eq!(diag["snippet"]["highlight_end_offset"], 16);
/// # Ok::<(), hcl_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct JsonDiagnostics<'a> {
    diags: &'a [Diagnostic],
    sources: &'a Sources,
}

impl<'a> JsonDiagnostics<'a> {
    /// `diags`, with snippets from `sources`.
    pub fn new(diags: &'a [Diagnostic], sources: &'a Sources) -> JsonDiagnostics<'a> {
        JsonDiagnostics { diags, sources }
    }
}

impl Serialize for JsonDiagnostics<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        document(serializer, self.diags, &|name| {
            self.sources.get(name).cloned()
        })
    }
}

/// The `terraform validate -json` document of the error's diagnostics,
/// with snippets from the sources attached to it.
impl Serialize for Error {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        document(serializer, self.diagnostics(), &|name| {
            self.source_named(name).cloned()
        })
    }
}

/// One diagnostic as `terraform validate -json` writes it, without a
/// snippet (a diagnostic does not hold its source: [`JsonDiagnostics`]
/// adds one).
impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        One {
            diag: self,
            source: None,
        }
        .serialize(serializer)
    }
}

fn document<S: Serializer>(
    serializer: S,
    diags: &[Diagnostic],
    find: &dyn Fn(&str) -> Option<Source>,
) -> Result<S::Ok, S::Error> {
    let errors = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let mut map = serializer.serialize_map(Some(5))?;
    map.serialize_entry("format_version", "1.0")?;
    map.serialize_entry("valid", &(errors == 0))?;
    map.serialize_entry("error_count", &errors)?;
    map.serialize_entry("warning_count", &(diags.len() - errors))?;
    map.serialize_entry("diagnostics", &List { diags, find })?;
    map.end()
}

struct List<'a> {
    diags: &'a [Diagnostic],
    find: &'a dyn Fn(&str) -> Option<Source>,
}

impl Serialize for List<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.diags.len()))?;
        for diag in self.diags {
            let source = diag.subject.as_ref().and_then(|r| (self.find)(&r.filename));
            seq.serialize_element(&One {
                diag,
                source: source.as_ref(),
            })?;
        }
        seq.end()
    }
}

struct One<'a> {
    diag: &'a Diagnostic,
    source: Option<&'a Source>,
}

impl Serialize for One<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = self.diag;
        let mut map = serializer.serialize_map(None)?;
        let severity = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        map.serialize_entry("severity", severity)?;
        map.serialize_entry("summary", &d.summary)?;
        map.serialize_entry("detail", &d.detail)?;
        if let Some(subject) = &d.subject {
            map.serialize_entry("range", &JsonRange(subject))?;
            if let Some(snippet) = self.source.and_then(|s| Snippet::new(d, subject, s)) {
                map.serialize_entry("snippet", &snippet)?;
            }
        }
        map.end()
    }
}

struct JsonRange<'a>(&'a Range);

impl Serialize for JsonRange<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("filename", &*self.0.filename)?;
        map.serialize_entry("start", &JsonPos(self.0.start))?;
        map.serialize_entry("end", &JsonPos(self.0.end))?;
        map.end()
    }
}

struct JsonPos(Pos);

impl Serialize for JsonPos {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("line", &self.0.line)?;
        map.serialize_entry("column", &self.0.column)?;
        map.serialize_entry("byte", &self.0.byte)?;
        map.end()
    }
}

/// Terraform's snippet: the lines the subject and context cover, the
/// subject's byte offsets within them, the context line's text.
struct Snippet {
    context: Option<String>,
    code: String,
    start_line: usize,
    highlight_start: usize,
    highlight_end: usize,
}

impl Snippet {
    fn new(diag: &Diagnostic, subject: &Range, source: &Source) -> Option<Snippet> {
        let mut snip = subject.clone();
        if let Some(context) = &diag.context {
            snip = snip.cover(context);
        }
        let mut snip_bytes = snip.bytes();
        let mut mark = subject.bytes();
        // Empty ranges are shown as one byte, as Terraform does.
        if snip_bytes.is_empty() {
            snip_bytes.end += 1;
        }
        if mark.is_empty() {
            mark.end += 1;
        }
        let mut code = String::new();
        let mut code_start = None;
        for (_, span, line) in overlapping_lines(source.file(), &snip_bytes) {
            code_start.get_or_insert(span.start);
            code.push_str(line);
            code.push('\n');
        }
        let code_start = code_start?;
        code.pop();
        let start = mark.start.saturating_sub(code_start).min(code.len());
        let end = (start + mark.len()).min(code.len());
        Some(Snippet {
            // Terraform names the place of the byte before the subject
            // (`hcled.ContextString(file, offset-1)`): a subject that
            // starts a block is named by what holds the block.
            context: subject
                .start
                .byte
                .checked_sub(1)
                .and_then(|b| source.context_at(b)),
            code,
            start_line: snip.start.line,
            highlight_start: start,
            highlight_end: end,
        })
    }
}

impl Serialize for Snippet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("context", &self.context)?;
        map.serialize_entry("code", &self.code)?;
        map.serialize_entry("start_line", &self.start_line)?;
        map.serialize_entry("highlight_start_offset", &self.highlight_start)?;
        map.serialize_entry("highlight_end_offset", &self.highlight_end)?;
        map.serialize_entry("values", &[(); 0])?;
        map.end()
    }
}
