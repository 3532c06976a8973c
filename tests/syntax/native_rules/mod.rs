//! Native files read exactly as HashiCorp's HCL reads them, rule by rule:
//! each test gives a file and every diagnostic HCL gives for it (summary
//! and subject), checked against HCL 2.14 and the newer parser.

use hcl_json::Diagnostic;

mod objects;
mod recovery;
mod tokens;

/// Every diagnostic of the native file `src`, as (summary, subject
/// bytes, subject line:column-line:column).
fn diags(src: &str) -> Vec<(String, std::ops::Range<usize>, String)> {
    match hcl_json::parse_native(src, "t.tf") {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics().iter().map(summary_and_subject).collect(),
    }
}

fn summary_and_subject(d: &Diagnostic) -> (String, std::ops::Range<usize>, String) {
    let s = d.subject.as_ref().expect("a subject");
    (
        d.summary.clone(),
        s.bytes(),
        format!(
            "{}:{}-{}:{}",
            s.start.line, s.start.column, s.end.line, s.end.column
        ),
    )
}

#[track_caller]
fn expect(src: &str, want: &[(&str, std::ops::Range<usize>)]) {
    let got = diags(src);
    let got_short: Vec<(&str, std::ops::Range<usize>)> = got
        .iter()
        .map(|(s, r, _)| (s.as_str(), r.clone()))
        .collect();
    assert_eq!(got_short, want, "{src:?}: {got:?}");
}
