//! The public renderer (`diag::Renderer`), pinned by golden files: each
//! input in `tests/golden/render/` is parsed and decoded into a small
//! derive struct, a warning is added at its `name` attribute (with the
//! attribute as context range), and every diagnostic is rendered four
//! ways: caret and HCL's lines layout, each plain and in colour, wrapped
//! at 60 columns, with the parsed file's context lines (", in ..."), and
//! as `terraform validate -json`'s document (`JsonDiagnostics`).
//! `NAME.txt` beside the input holds the five;
//! `HCL_JSON_BLESS=1 cargo test --test render` rewrites them after a
//! deliberate change.

use std::path::{Path, PathBuf};

use hcl_json::diag::{JsonDiagnostics, Renderer, SnippetStyle, Sources};
use hcl_json::{Diagnostic, EvalContext, HclDecode};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/render")
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Config {
    #[hcl(attr)]
    name: String,
    #[hcl(block)]
    resource: Vec<Resource>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    count: Option<u32>,
    #[hcl(attr)]
    ami: Option<String>,
}

/// Every diagnostic of the scenario, and the sources to render them with.
fn diagnostics(path: &Path) -> (Vec<Diagnostic>, Sources) {
    let name = path.file_name().unwrap().to_str().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let file = match hcl_json::parse_auto(&text, name) {
        Ok(file) => file,
        Err(err) => {
            // A file that does not parse has no tree: the error's own
            // source names the blocks its parse recovered.
            let mut sources = Sources::new();
            for source in err.sources() {
                sources.add(source.clone());
            }
            return (err.into_diagnostics(), sources);
        }
    };
    let ctx = EvalContext::new()
        .with_variable("region", "eu")
        .with_stdlib();
    let mut diags = match hcl_json::decode_body::<Config>(&file.body(), &ctx) {
        Ok(_) => Vec::new(),
        Err(err) => err.into_diagnostics(),
    };
    let attrs = file
        .body()
        .partial_content(&hcl_json::BodySchema::new().attribute("name", false))
        .unwrap()
        .0
        .attributes;
    let name_attr = &attrs["name"];
    diags.push(
        Diagnostic::warning(
            "Deprecated attribute",
            "The \"name\" attribute is deprecated: the block labels name the resources now, and this long sentence wraps.",
            Some(name_attr.expr.range()),
        )
        .with_context(name_attr.range.clone()),
    );
    (diags, Sources::new().with(&file))
}

fn render_all(path: &Path) -> String {
    let (diags, sources) = diagnostics(path);
    let mut out = String::new();
    for (title, style, color) in [
        ("caret", SnippetStyle::Caret, false),
        ("caret, colour", SnippetStyle::Caret, true),
        ("lines", SnippetStyle::Lines, false),
        ("lines, colour", SnippetStyle::Lines, true),
    ] {
        let renderer = Renderer::new().width(60).style(style).color(color);
        out.push_str(&format!("==== {title}\n"));
        out.push_str(&renderer.render(&diags, &sources));
    }
    out.push_str("==== json\n");
    let json = JsonDiagnostics::new(&diags, &sources);
    out.push_str(&serde_json::to_string_pretty(&json).unwrap());
    out.push('\n');
    out
}

#[test]
fn rendered_diagnostics_match_their_golden_files() {
    let bless = std::env::var_os("HCL_JSON_BLESS").is_some();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_none_or(|x| x != "txt"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 5, "scenarios went missing: {inputs:?}");
    let mut differences = Vec::new();
    for input in &inputs {
        let text = render_all(input);
        let expected_path = PathBuf::from(format!("{}.txt", input.display()));
        if bless {
            std::fs::write(&expected_path, &text).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: run with HCL_JSON_BLESS=1",
                expected_path.display()
            )
        });
        if text != expected {
            differences.push(format!(
                "--- {}: expected\n{expected}\n--- got\n{text}",
                input.display()
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn debug_uses_the_renderer_and_display_drops_the_last_blank_line() {
    let err = hcl_json::parse_native("a = 1 +\n", "main.tf").unwrap_err();
    let rendered = Renderer::new().render_error(&err, &Sources::new());
    assert_eq!(format!("{err}\n"), rendered);
}

#[test]
fn an_error_serializes_with_the_snippets_of_its_own_sources() {
    let err = hcl_json::parse("{\n  \"a\": [1,]\n}\n", "t.json").unwrap_err();
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "format_version": "1.0",
            "valid": false,
            "error_count": 1,
            "warning_count": 0,
            "diagnostics": [{
                "severity": "error",
                "summary": "Trailing comma in array",
                "detail": "JSON does not permit a trailing comma after the final value in an array.",
                "range": {
                    "filename": "t.json",
                    "start": {"line": 2, "column": 10, "byte": 11},
                    "end": {"line": 2, "column": 11, "byte": 12}
                },
                "snippet": {
                    "context": null,
                    "code": "  \"a\": [1,]",
                    "start_line": 2,
                    "highlight_start_offset": 9,
                    "highlight_end_offset": 10,
                    "values": []
                }
            }]
        })
    );
    // A diagnostic alone has no source: no snippet.
    let one = serde_json::to_value(&err.diagnostics()[0]).unwrap();
    assert!(one.get("snippet").is_none());
    assert_eq!(one["range"]["start"]["byte"], 11);
}
