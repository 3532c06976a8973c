//! Unit tests of diagnostics: their rendering with source snippets and
//! windows on long lines, and the "did you mean" suggestions.

use super::*;
use crate::pos::SourceFile;

#[test]
fn display_shows_summary_location_snippet_and_detail() {
    let src = Arc::new(SourceFile::new(
        "main.tf.json",
        "{\n  \"a\": \"${nosuch}\"\n}\n",
    ));
    let range = src.range(12, 18);
    let err = Error::at(
        "Unknown variable",
        "There is no variable named \"nosuch\".",
        range,
    )
    .with_source(src);
    let text = err.to_string();
    assert_eq!(
        text,
        "Error: Unknown variable\n\n  on main.tf.json line 2, column 11:\n   2:   \"a\": \"${nosuch}\"\n                ^^^^^^\n\nThere is no variable named \"nosuch\".\n"
    );
}

#[test]
fn long_lines_are_shown_as_a_window_around_the_range() {
    let text = format!(
        "{{\"a\": \"{}\", \"bad\": tru, \"z\": \"{}\"}}",
        "x".repeat(5000),
        "y".repeat(5000)
    );
    let start = text.find("tru,").unwrap();
    let src = Arc::new(SourceFile::new("min.json", text.clone()));
    let err = Error::at("Invalid JSON keyword", "", src.range(start, start + 3)).with_source(src);
    let shown = err.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    let snippet = lines[3];
    let caret = lines[4];
    assert!(snippet.starts_with("   1: …"), "{snippet}");
    assert!(snippet.ends_with('…'), "{snippet}");
    assert!(snippet.chars().count() < 140, "{snippet}");
    // The caret is under `tru`.
    let at = caret.find('^').unwrap();
    let under: String = snippet
        .chars()
        .skip(caret[..at].chars().count())
        .take(3)
        .collect();
    assert_eq!(under, "tru");
    assert_eq!(caret.trim(), "^^^");
}

#[test]
fn many_diagnostics_on_one_long_line_each_show_their_window() {
    // 2 000 diagnostics on a 4 MB line: rendering walks a window per
    // diagnostic, never the line (which would be 8 billion steps).
    let text = format!("{}ERR{}", "a".repeat(2 << 20), "é".repeat(1 << 20));
    let src = Arc::new(SourceFile::new("min.json", text));
    let at = 2 << 20;
    let mut err = Error::at("Bad", "", src.range(at, at + 3));
    for _ in 1..2000 {
        err = err.merge(Error::at("Bad", "", src.range(at, at + 3)));
    }
    let shown = err.with_source(src).to_string();
    let snippet = format!("   1: …{}ERR{}…", "a".repeat(40), "é".repeat(77));
    let caret = format!("{}^^^", " ".repeat(6 + 1 + 40));
    let one = format!(
        "Error: Bad\n\n  on min.json line 1, column {}:\n{snippet}\n{caret}\n",
        at + 1
    );
    assert_eq!(shown, vec![one; 2000].join("\n"));
}

#[test]
fn a_range_near_the_end_of_a_long_line_gets_a_full_window() {
    let text = format!("{}END", "b".repeat(500));
    let src = Arc::new(SourceFile::new("min.json", text));
    let shown = Error::at("Bad", "", src.range(500, 503))
        .with_source(src)
        .to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines[3], format!("   1: …{}END", "b".repeat(117)));
    assert_eq!(lines[4], format!("{}^^^", " ".repeat(6 + 1 + 117)));
}

/// The textbook Levenshtein distance, to check the banded one.
fn levenshtein(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[test]
fn banded_levenshtein_agrees_with_the_full_one_up_to_its_bound() {
    let words = [
        "", "a", "ab", "ba", "abc", "acb", "bca", "abcd", "abdc", "xbcd", "name", "nmae", "names",
        "nam", "upper", "uper", "lower", "é", "eé", "aaaa", "aaab", "baaa",
    ];
    for a in words {
        for b in words {
            let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let full = levenshtein(&x, &y);
            for k in 0..4 {
                let want = (full <= k).then_some(full);
                assert_eq!(bounded_levenshtein(&x, &y, k), want, "{a:?} {b:?} {k}");
            }
        }
    }
}

#[test]
fn did_you_mean_picks_the_closest_and_skips_far_lengths() {
    let names = ["name", "names", "region", "n"];
    assert_eq!(did_you_mean("nmae", names), Some("name"));
    assert_eq!(did_you_mean("regoin", names), Some("region"));
    assert_eq!(did_you_mean("something", names), None);
    let long = "x".repeat(100_000);
    let near = format!("{long}y");
    assert_eq!(did_you_mean(&long, [near.as_str()]), Some(near.as_str()));
}

#[test]
fn diagnostics_into_result_keeps_all() {
    let mut d = Diagnostics::new();
    assert!(d.clone().into_result(1).is_ok());
    d.push(Diagnostic::warning("w", "", None));
    assert!(d.clone().into_result(1).is_ok());
    d.push(Diagnostic::error("a", "", None));
    d.push(Diagnostic::error("b", "", None));
    let err = d.into_result(()).unwrap_err();
    assert_eq!(err.diagnostics().len(), 3);
}

#[test]
fn error_is_one_pointer_wide() {
    assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
}

#[test]
fn wrapping_breaks_at_the_last_space_before_the_limit() {
    assert_eq!(render::wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
    assert_eq!(render::wrap("aaa\nbbb ccc", 80), "aaa\nbbb ccc");
    assert_eq!(render::wrap("abcdefghij", 4), "abcdefghij");
}

#[test]
fn a_subject_at_a_line_end_shows_that_line_and_the_next_as_hcl_does() {
    // `a = 1 +` cut by its newline: the subject is the newline, (1,8)-(2,1).
    let src = SourceFile::new("t.tf", "a = 1 +\nb = )\nc = 2\n");
    let mut out = String::new();
    render::snippet_lines(&mut out, &src, 7..8, 7..8, ("", ""));
    assert_eq!(out, "   1: a = 1 +\n   2: b = )\n");
}

#[test]
fn blank_lines_are_never_part_of_a_lines_snippet() {
    let src = SourceFile::new("t.tf", "b = [\n\n  x y\n]\n");
    let mut out = String::new();
    render::snippet_lines(&mut out, &src, 0..12, 9..10, ("", ""));
    assert_eq!(out, "   1: b = [\n   3:   x y\n");
}

#[test]
fn an_unknown_file_is_said_so_in_the_lines_layout() {
    let diag = Diagnostic::error("Bad", "", Some(SourceFile::new("a.tf", "x").range(0, 1)));
    let text = Renderer::new()
        .style(SnippetStyle::Lines)
        .render_diagnostic(&diag, &Sources::new());
    assert_eq!(
        text,
        "Error: Bad\n\n  on a.tf line 1:\n  (source code not available)\n\n"
    );
}

#[cfg(feature = "miette")]
#[test]
fn a_diagnostic_is_a_miette_diagnostic_with_labels_help_and_severity() {
    use ::miette::Diagnostic as _;
    let src = SourceFile::new("a.tf", "x = foo(1)\n");
    let diag = Diagnostic::warning("Deprecated function", "Use bar.", Some(src.range(4, 7)))
        .with_context(src.range(4, 10))
        .with_kind(DiagnosticKind::UnknownFunction);
    assert_eq!(diag.to_string(), "Deprecated function");
    assert_eq!(diag.severity(), Some(::miette::Severity::Warning));
    assert_eq!(diag.help().unwrap().to_string(), "Use bar.");
    assert_eq!(diag.code().unwrap().to_string(), "hcl::UnknownFunction");
    let labels: Vec<(usize, usize, bool)> = diag
        .labels()
        .unwrap()
        .map(|l| (l.offset(), l.len(), l.primary()))
        .collect();
    assert_eq!(labels, [(4, 3, true), (4, 6, false)]);
}
