//! The README as a new user meets it: every Rust block is a doctest that
//! runs (through `lib.rs`'s `ReadmeDoctests`), every crate those blocks use
//! is in the quick start's `[dependencies]`, so the quick start compiles as
//! written in a new project, and "The API at a glance" is the rustdoc front
//! page's.

const README: &str = include_str!("../README.md");
const LIB_RS: &str = include_str!("../src/lib.rs");

/// The fenced code blocks: (language tag, text).
fn blocks() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut lines = README.lines();
    while let Some(line) = lines.next() {
        let Some(tag) = line.strip_prefix("```") else {
            continue;
        };
        let mut text = String::new();
        for line in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            text.push_str(line);
            text.push('\n');
        }
        out.push((tag, text));
    }
    out
}

/// The crate names of the `[dependencies]` table of the first TOML block,
/// as Rust code spells them (`hcl-json` is `hcl_json`).
fn listed_dependencies() -> Vec<String> {
    let (_, toml) = blocks()
        .into_iter()
        .find(|(tag, _)| *tag == "toml")
        .expect("the quick start has a TOML block");
    let mut in_deps = false;
    let mut names = Vec::new();
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
        } else if let (true, Some((name, _))) = (in_deps, line.split_once('=')) {
            names.push(name.trim().replace('-', "_"));
        }
    }
    names
}

/// The crates a Rust block names in `use` items (hidden `# ` lines too).
fn used_crates(code: &str) -> Vec<String> {
    code.lines()
        .map(|l| l.trim_start().trim_start_matches("# ").trim_start())
        .filter_map(|l| l.strip_prefix("use "))
        .filter_map(|l| l.split("::").next())
        .map(|c| c.trim_start_matches("::").to_string())
        .filter(|c| {
            !matches!(
                c.as_str(),
                "std" | "core" | "alloc" | "crate" | "self" | "super"
            )
        })
        .collect()
}

#[test]
fn every_crate_the_readme_code_uses_is_a_listed_dependency() {
    let listed = listed_dependencies();
    assert!(listed.contains(&"hcl_json".to_string()), "{listed:?}");
    let mut rust_blocks = 0;
    for (tag, code) in blocks() {
        if tag != "rust" {
            continue;
        }
        rust_blocks += 1;
        for krate in used_crates(&code) {
            assert!(
                listed.contains(&krate),
                "the README uses `{krate}` but its [dependencies] list only {listed:?}"
            );
        }
    }
    assert!(rust_blocks > 0);
}

#[test]
fn every_readme_code_block_is_a_running_doctest_or_not_rust() {
    for (tag, code) in blocks() {
        assert!(
            matches!(tag, "rust" | "toml" | "text" | "sh"),
            "a README block tagged {tag:?} (an untagged or `ignore`/`no_run` block is not run as a doctest):\n{code}"
        );
    }
}

/// The lines of the section headed `heading`, up to the next heading of
/// its level or above, with intra-doc links (`` [`x`] ``, `` [`x`](y) ``)
/// reduced to their code span, so the README and rustdoc texts compare.
fn section(text: &str, heading: &str) -> Vec<String> {
    let level = heading.len() - heading.trim_start_matches('#').len();
    let mut lines = text.lines().skip_while(|l| *l != heading).skip(1);
    let mut out = Vec::new();
    for line in lines.by_ref() {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
            break;
        }
        out.push(unlink(line));
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

fn unlink(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("[`") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let Some(end) = after.find("`]") else {
            out.push_str(&rest[i..]);
            return out;
        };
        out.push_str(&after[..=end]);
        rest = &after[end + 2..];
        if let Some(target) = rest.strip_prefix('(') {
            rest = target.find(')').map_or(rest, |close| &target[close + 1..]);
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_api_at_a_glance_is_the_rustdoc_front_page() {
    let front_page: String = LIB_RS
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let in_readme = section(README, "## The API at a glance");
    let in_docs = section(&front_page, "# The API at a glance");
    assert!(in_readme.len() > 5, "the README has the section");
    assert_eq!(in_readme, in_docs);
}
