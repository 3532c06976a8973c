//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The shared corpus of real JSON-HCL files (`HCL_JSON_CORPUS`, default
/// `../shared/corpus`), or `None` when this clone does not have it: corpus
/// tests then say they skipped and pass.
pub(crate) fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("HCL_JSON_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
        PathBuf::from,
    );
    if dir.join("SOURCES.tsv").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: no corpus at {} (set HCL_JSON_CORPUS to run corpus tests)",
            dir.display()
        );
        None
    }
}

/// One row of `SOURCES.tsv`.
pub(crate) struct CorpusFile {
    /// Path relative to the corpus directory.
    pub file: String,
    /// `ok`, `error`, `lenient-hcl1` or `semantic-error`.
    pub expect: String,
}

/// The rows of `SOURCES.tsv` for `.json` files.
pub(crate) fn corpus_json_files(dir: &std::path::Path) -> Vec<CorpusFile> {
    let tsv = std::fs::read_to_string(dir.join("SOURCES.tsv")).expect("SOURCES.tsv");
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (file, expect) = (col("file"), col("expect"));
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| {
            f.len() > expect
                && std::path::Path::new(&f[file])
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        })
        .map(|f| CorpusFile {
            file: f[file].to_string(),
            expect: f[expect].to_string(),
        })
        .collect()
}
