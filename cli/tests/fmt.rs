//! `hcl-json fmt`: printing, `--check`, `--write`, directory walks and
//! files that do not parse.

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hcl-json"))
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-json-fmt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

fn run(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().expect("run hcl-json");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn fmt_prints_each_file_formatted() {
    let dir = temp_dir("print");
    let tf = write(&dir, "main.tf", "a=1\nlong_name = \"x\"\n");
    let json = write(&dir, "main.tf.json", "{\"a\":[1,2]}");
    let (code, out, err) = run(bin().arg("fmt").arg(&tf).arg(&json));
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "a         = 1\nlong_name = \"x\"\n{\n  \"a\": [\n    1,\n    2\n  ]\n}\n"
    );
}

#[test]
fn fmt_check_lists_files_not_formatted_and_exits_1() {
    let dir = temp_dir("check");
    let good = write(&dir, "good.tf", "a = 1\n");
    let bad = write(&dir, "bad.tf", "a  = 1\n");
    let (code, out, _) = run(bin().args(["fmt", "--check"]).arg(&good).arg(&bad));
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n", bad.display()));
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "a  = 1\n");
    let (code, out, _) = run(bin().args(["fmt", "--check"]).arg(&good));
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn fmt_write_rewrites_files_and_lists_them() {
    let dir = temp_dir("write");
    let bad = write(&dir, "bad.tfvars", "a=[1,2]\n");
    let (code, out, _) = run(bin().args(["fmt", "--write"]).arg(&bad));
    assert_eq!(code, 0);
    assert_eq!(out, format!("{}\n", bad.display()));
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "a = [1, 2]\n");
    // Formatted already: nothing to do, nothing listed.
    let (code, out, _) = run(bin().args(["fmt", "--write"]).arg(&bad));
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn fmt_walks_directories_for_configuration_files_skipping_hidden_ones() {
    let dir = temp_dir("walk");
    write(&dir, "a.tf", "a=1\n");
    write(&dir, "sub/b.hcl", "b=1\n");
    write(&dir, "sub/c.tf.json", "{\"c\":1}");
    write(&dir, "sub/d.tftest.hcl", "d=1\n");
    write(&dir, "notes.txt", "not=configuration\n");
    write(&dir, ".terraform/modules/m/e.tf", "e=1\n");
    write(&dir, ".git/f.tf", "f=1\n");
    let (code, out, _) = run(bin().args(["fmt", "--check"]).arg(&dir));
    assert_eq!(code, 1);
    let listed: Vec<_> = out
        .lines()
        .map(|l| l.strip_prefix(dir.to_str().unwrap()).unwrap())
        .collect();
    assert_eq!(
        listed,
        ["/a.tf", "/sub/b.hcl", "/sub/c.tf.json", "/sub/d.tftest.hcl"]
    );
}

#[test]
fn fmt_reports_a_file_that_does_not_parse_and_exits_1() {
    let dir = temp_dir("broken");
    let broken = write(&dir, "broken.tf", "a = \nb = 2\n");
    let good = write(&dir, "good.tf", "c=3\n");
    let (code, out, err) = run(bin().arg("fmt").arg(&broken).arg(&good));
    assert_eq!(code, 1);
    assert_eq!(out, "c = 3\n", "the other files are still formatted");
    assert!(err.contains("broken.tf line 1"), "{err}");
}
