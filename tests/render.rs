//! The public renderer (`diag::Renderer`), pinned by golden files: each
//! input in `tests/golden/render/` is parsed and decoded into a small
//! derive struct, a warning is added at its `name` attribute (with the
//! attribute as context range), and every diagnostic is rendered four
//! ways: caret and HCL's lines layout, each plain and in colour, wrapped
//! at 60 columns, with the parsed file's context lines (", in ...").
//! `NAME.txt` beside the input holds the four renderings;
//! `HCL_JSON_BLESS=1 cargo test --test render` rewrites them after a
//! deliberate change.

use std::path::{Path, PathBuf};

use hcl_json::diag::{Renderer, SnippetStyle, Sources};
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
            // A file that does not parse has no tree: its text only.
            let mut sources = Sources::new();
            sources.add(hcl_json::pos::SourceFile::new(name, text.as_str()));
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
