//! The formatter (`hcl_json::format`) against HashiCorp's `hclwrite.Format`
//! and its two properties.
//!
//! - **Agreement**: each `tests/format/NAME.tf` formats to `NAME.golden`,
//!   which Go's `hclfmt` (HashiCorp's `hclwrite.Format`) wrote; the whole
//!   corpus is compared with Go by `tools/fmt-agreement.py`.
//! - **Idempotence**: formatting formatted text changes nothing.
//! - **Meaning**: the formatted text parses to the same body: the same
//!   attributes, blocks, labels and expressions (compared as JSON syntax,
//!   the spaces inside expressions aside) and the same literal text.

mod common;

use std::path::Path;

use hcl_json::format;
use hcl_json::ConvertOptions;
use proptest::prelude::*;

fn golden_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/format")
}

/// The fixtures, as (name, input, expected output).
fn golden_pairs() -> Vec<(String, String, String)> {
    let mut pairs = Vec::new();
    for entry in std::fs::read_dir(golden_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tf") {
            let input = std::fs::read_to_string(&path).unwrap();
            let golden = std::fs::read_to_string(path.with_extension("golden")).unwrap();
            pairs.push((path.display().to_string(), input, golden));
        }
    }
    pairs.sort();
    assert!(pairs.len() >= 10, "the fixtures are missing");
    pairs
}

/// `json` (JSON-syntax text written by the converter) with the spaces that
/// formatting may change removed: those outside strings, and those inside
/// the `${ }` and `%{ }` sequences of strings (expression source text).
/// The literal text of strings is kept as it is.
fn normalized(json: &str) -> String {
    let b = json.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let (mut in_string, mut depth) = (false, 0usize);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !in_string {
            if c == b'"' {
                in_string = true;
            }
            if !matches!(c, b' ' | b'\t' | b'\n') {
                out.push(c);
            }
            i += 1;
            continue;
        }
        match c {
            b'\\' if depth > 0 && b.get(i + 1) == Some(&b't') => {
                i += 2;
                continue;
            }
            b'\\' => {
                out.extend_from_slice(&b[i..(i + 2).min(b.len())]);
                i += 2;
                continue;
            }
            b'"' if depth == 0 => in_string = false,
            b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => {
                out.extend_from_slice(&b[i..i + 3]);
                i += 3;
                continue;
            }
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                depth += 1;
                out.extend_from_slice(&b[i..i + 2]);
                i += 2;
                continue;
            }
            b'{' if depth > 0 => depth += 1,
            b'}' if depth > 0 => depth -= 1,
            b' ' | b'\t' if depth > 0 => {
                i += 1;
                continue;
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

/// What a native file means, as far as formatting could change it.
fn meaning(src: &str) -> String {
    let file = hcl_json::parse_native(src, "m.tf").unwrap();
    let json = hcl_json::to_json_string(&file.body(), &ConvertOptions::without_schema())
        .unwrap_or_else(|e| format!("not convertible: {e}"));
    normalized(&json)
}

/// Formats `src` and checks both properties; the formatted text.
fn check_properties(name: &str, src: &str) -> String {
    let once = format::native(src, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let twice = format::native(&once, name).unwrap_or_else(|e| panic!("{name} formatted: {e}"));
    assert_eq!(once, twice, "{name}: formatting is not idempotent");
    assert_eq!(
        meaning(src),
        meaning(&once),
        "{name}: formatting changed the meaning"
    );
    once
}

#[test]
fn fixtures_format_as_hclwrite_formats_them() {
    for (name, input, golden) in golden_pairs() {
        let out = check_properties(&name, &input);
        assert_eq!(out, golden, "{name}");
    }
}

#[test]
fn meaning_sees_a_changed_literal_and_a_changed_operator() {
    assert_ne!(meaning("a = \"x y\"\n"), meaning("a = \"xy\"\n"));
    assert_ne!(meaning("a = 1 - -2\n"), meaning("a = 1 - 2\n"));
    assert_eq!(meaning("a = \"${ x }\"\n"), meaning("a = \"${x}\"\n"));
}

/// The corpus files with these endings and their parse result.
fn corpus_files(suffixes: &[&str]) -> Vec<(String, String)> {
    let Some(dir) = common::corpus_dir() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if let Some(name) = path.to_str() {
                if suffixes.iter().any(|s| name.ends_with(s)) {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        out.push((name.to_owned(), text));
                    }
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn corpus_native_files_format_idempotently_keeping_their_meaning() {
    let files = corpus_files(&[".tf", ".tfvars", ".hcl"]);
    let mut formatted = 0;
    for (name, text) in &files {
        if hcl_json::parse_native(text, name).is_ok() {
            check_properties(name, text);
            formatted += 1;
        } else {
            assert!(format::native(text, name).is_err(), "{name}");
        }
    }
    assert!(
        files.is_empty() || formatted > 500,
        "{formatted} files formatted"
    );
}

#[test]
fn corpus_json_files_format_idempotently_keeping_their_values() {
    let files = corpus_files(&[".json"]);
    let mut formatted = 0;
    for (name, text) in &files {
        let Ok(file) = hcl_json::parse(text, name) else {
            assert!(format::json(text, name).is_err(), "{name}");
            continue;
        };
        let once = format::json(text, name).unwrap();
        assert_eq!(format::json(&once, name).unwrap(), once, "{name}");
        let again = hcl_json::parse(&once, name).unwrap();
        assert_eq!(
            hcl_json::to_string(&file).unwrap(),
            hcl_json::to_string(&again).unwrap(),
            "{name}"
        );
        formatted += 1;
    }
    assert!(
        files.is_empty() || formatted > 100,
        "{formatted} files formatted"
    );
}

/// A fixture with the whitespace between its tokens changed: each run of
/// spaces and tabs replaced by one of a few others, lines indented anew.
fn scrambled() -> impl Strategy<Value = String> {
    let inputs: Vec<String> = golden_pairs().into_iter().map(|p| p.1).collect();
    (0..inputs.len(), prop::collection::vec(0usize..6, 64)).prop_map(move |(k, picks)| {
        const RUNS: [&str; 6] = ["", " ", "  ", "\t", "   ", " \t "];
        let mut out = String::new();
        let mut n = 0;
        let mut in_run = false;
        for c in inputs[k].chars() {
            if c == ' ' || c == '\t' {
                if !in_run {
                    out.push_str(RUNS[picks[n % picks.len()]]);
                    n += 1;
                    in_run = true;
                }
                continue;
            }
            in_run = false;
            out.push(c);
            if c == '\n' {
                out.push_str(RUNS[picks[n % picks.len()]]);
                n += 1;
            }
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn scrambled_fixtures_format_idempotently_keeping_their_meaning(src in scrambled()) {
        // A scramble can join tokens (`in[`, `a-b`) or change a string's
        // text: only the ones that still parse are formatted.
        prop_assume!(hcl_json::parse_native(&src, "s.tf").is_ok());
        check_properties("s.tf", &src);
    }

    #[test]
    fn formatting_never_panics(src in "[a-z={}\\[\\]()\"$%<#/*\\n ,.:?!-]{0,60}") {
        let _ = format::native(&src, "any.tf");
        let _ = format::json(&src, "any.json");
    }
}

/// One layout: the JSON-to-native converter writes text the formatter
/// leaves as it is.
#[test]
fn converted_corpus_files_are_already_formatted() {
    let files = corpus_files(&[".tf.json"]);
    let mut converted = 0;
    for (name, text) in &files {
        let Ok(file) = hcl_json::parse(text, name) else {
            continue;
        };
        let Ok(native) = hcl_json::to_native_string(&file.body(), &ConvertOptions::terraform())
        else {
            continue;
        };
        let formatted = format::native(&native, "converted.tf")
            .unwrap_or_else(|e| panic!("{name} converted does not parse: {e}"));
        assert_eq!(
            formatted, native,
            "{name}: the conversion's layout is not fmt's"
        );
        converted += 1;
    }
    assert!(
        files.is_empty() || converted > 50,
        "{converted} files converted"
    );
}
