//! `hcl-json check` over files and trees: what it walks, what it finds
//! in templates, calls and module references, its order, its JSON form
//! and its exit statuses.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hcl-json"))
}

/// A fresh directory for one test, with `files` written in it (parent
/// directories made as needed).
fn tree(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("hcl-json-check-test-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, content) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, content).unwrap();
    }
    dir
}

/// Runs `hcl-json check ARGS` in `dir`: exit status, stdout, stderr.
fn check(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = bin()
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run hcl-json");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (status.code(), text(stdout), text(stderr))
}

/// The "Error: ..." / "Warning: ..." lines and the "on FILE line N"
/// lines of a text report, in order.
fn headlines(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| {
            l.starts_with("Error: ") || l.starts_with("Warning: ") || l.starts_with("  on ")
        })
        .map(|l| {
            l.trim()
                .split(", in ")
                .next()
                .unwrap()
                .trim_end_matches(':')
                .to_string()
        })
        .collect()
}

#[test]
fn a_directory_is_walked_for_configuration_files_skipping_hidden_directories() {
    let dir = tree(
        "walk",
        &[
            ("main.tf", "locals {\n  a = 1\n}\n"),
            ("app.hcl.json", r#"{"a": 1}"#),
            ("prod.tfvars", "region = \"eu\"\n"),
            ("sub/deeper/x.hcl", "b = 2\n"),
            ("sub/t.tftest.hcl", "run \"r\" {}\n"),
            ("package.json", "not checked {"),
            ("notes.txt", "not checked {"),
            (".terraform/modules/m/main.tf", "broken {"),
            (".git/x.tf", "broken {"),
            (".hidden/y.hcl", "broken {"),
        ],
    );
    let (code, out, err) = check(&dir, &["."]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "", "5 files checked, 0 errors, 0 warnings\n")
    );
}

#[test]
fn a_broken_template_in_a_json_string_is_an_error_at_its_exact_range() {
    let dir = tree(
        "template",
        &[("main.tf.json", "{\"locals\": {\n  \"a\": \"x-${env\"\n}}\n")],
    );
    let (code, out, err) = check(&dir, &["main.tf.json", "--diags=json"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains("\"summary\": \"Unclosed template interpolation sequence\""),
        "{out}"
    );
    // `${` opens at line 2, column 11 (byte 23), the string's 3rd character.
    assert!(
        out.contains("\"start\": {\n          \"line\": 2,\n          \"column\": 11,\n          \"byte\": 23"),
        "{out}"
    );
    assert_eq!(err, "1 file checked, 1 error, 0 warnings in 1 file\n");
}

#[test]
fn a_comment_property_is_not_a_template() {
    let dir = tree(
        "comment",
        &[(
            "main.tf.json",
            r#"{"//": "costs ${ nothing", "a": "$${ok"}"#,
        )],
    );
    let (code, _, err) = check(&dir, &["main.tf.json"]);
    assert_eq!(
        (code, err.as_str()),
        (Some(0), "1 file checked, 0 errors, 0 warnings\n")
    );
}

#[test]
fn unknown_functions_are_errors_and_provider_functions_warnings_in_both_syntaxes() {
    // The file and clock functions are Terraform's too: a check calls
    // nothing, so they are known without a grant.
    let dir = tree(
        "functions",
        &[
            ("a.tf.json", r#"{"output": {"o": {"value": "${upcase(\"x\")}"}}}"#),
            ("b.tf", "locals {\n  t = timestamp()\n  l = lenght([])\n  p = provider::aws::arn_parse(\"x\")\n  f = templatefile(\"x.tpl\", {})\n}\n"),
        ],
    );
    let (code, _, err) = check(&dir, &["a.tf.json", "b.tf"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        headlines(&err),
        [
            "Error: Call to unknown function",
            "on a.tf.json line 1, column 31",
            "Error: Call to unknown function",
            "on b.tf line 3, column 7",
            "Warning: Function not available here",
            "on b.tf line 4, column 7",
        ]
    );
    assert!(
        err.contains("There is no function named \"upcase\"."),
        "{err}"
    );
    assert!(err.contains("Did you mean \"length\"?"), "{err}");
    assert!(
        err.ends_with("2 files checked, 2 errors, 1 warning in 2 files\n"),
        "{err}"
    );
}

#[test]
fn calls_that_fail_whatever_their_values_are_errors_as_terraform_validate_reports_them() {
    // A wrong count of arguments (a file function's too, though a check
    // calls none) and Terraform's removed `list`, in both syntaxes; a
    // variable's `list(string)` type is no call.
    let dir = tree(
        "call-failures",
        &[
            ("a.tf.json", r#"{"output": {"o": {"value": "${map(\"k\", 1)}"}}}"#),
            ("b.tf", "variable \"v\" {\n  type = list(string)\n}\nlocals {\n  a = upper()\n  b = timestamp(1)\n  c = list(var.v)\n}\n"),
        ],
    );
    let (code, _, err) = check(&dir, &["a.tf.json", "b.tf"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        headlines(&err),
        [
            "Error: Error in function call",
            "on a.tf.json line 1, column 31",
            "Error: Not enough function arguments",
            "on b.tf line 5, column 13",
            "Error: Too many function arguments",
            "on b.tf line 6, column 17",
            "Error: Error in function call",
            "on b.tf line 7, column 7",
        ]
    );
    let text = err.replace('\n', " ");
    assert!(
        text.contains("use tomap({ ... }) syntax to write a literal map."),
        "{err}"
    );
    assert!(
        text.contains("use tolist([ ... ]) syntax to write a literal list."),
        "{err}"
    );
    assert!(
        text.contains("Function \"upper\" expects 1 argument(s). Missing value for \"str\"."),
        "{err}"
    );
}

#[test]
fn another_applications_unknown_functions_are_warnings() {
    let dir = tree(
        "application",
        &[("terragrunt.hcl", "a = find_in_parent_folders()\n")],
    );
    let (code, _, err) = check(&dir, &["terragrunt.hcl"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.starts_with("Warning: Call to unknown function\n"),
        "{err}"
    );
    assert!(
        err.replace('\n', " ")
            .contains("the application that reads this file may define it"),
        "{err}"
    );
}

#[test]
fn warnings_alone_exit_zero() {
    let dir = tree(
        "warnings",
        &[("a.tf", "x = provider::aws::arn_parse(\"x\")\n")],
    );
    let (code, _, err) = check(&dir, &["a.tf"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.ends_with("1 file checked, 0 errors, 1 warning in 1 file\n"),
        "{err}"
    );
}

#[test]
fn references_a_walked_module_does_not_declare_are_warnings() {
    let files = [
        ("mod/vars.tf", "variable \"region\" {}\nmodule \"net\" {\n  source = \"./net\"\n}\ndata \"aws_ami\" \"ubuntu\" {}\n"),
        (
            "mod/main.tf.json",
            r#"{"locals": {"a": "${var.region}", "b": "${var.regoin}"}, "output": {"o": {"value": "${local.a}${local.zz}${module.net.id}${module.nett.id}${data.aws_ami.ubuntu.id}${data.aws_ami.debian.id}${each.key}"}}}"#,
        ),
        ("other/main.tf", "locals {\n  x = var.region\n}\n"),
        // The module the call names, with the output read from it.
        ("mod/net/main.tf", "output \"id\" {\n  value = 1\n}\n"),
    ];
    let dir = tree("references", &files);
    let (code, _, err) = check(&dir, &["."]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        headlines(&err)
            .into_iter()
            .filter(|l| l.starts_with("Warning"))
            .collect::<Vec<_>>(),
        [
            "Warning: Reference to undeclared input variable",
            "Warning: Reference to undeclared local value",
            "Warning: Reference to undeclared module",
            "Warning: Reference to undeclared resource",
            "Warning: Reference to \"each\" in context without for_each",
            "Warning: Reference to undeclared input variable",
        ]
    );
    // The detail is wrapped at 80 columns.
    let unwrapped = err.replace('\n', " ");
    assert!(
        unwrapped.contains("\"regoin\" has not been declared. Did you mean \"region\"?"),
        "{err}"
    );
    assert!(err.contains("./other/main.tf line 2"), "{err}");
    // A file named on its own is not a module: its references are not checked.
    let (code, _, err) = check(&dir, &["other/main.tf"]);
    assert_eq!(
        (code, err.as_str()),
        (Some(0), "1 file checked, 0 errors, 0 warnings\n")
    );
}

#[test]
fn the_report_is_in_path_order_whatever_the_number_of_threads() {
    let mut files = Vec::new();
    for i in (0..40).rev() {
        files.push((
            format!("d{}/f{i:02}.tf", i % 7),
            format!("locals {{\n  x{i} = nosuch{i}()\n}}\n"),
        ));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = tree("order", &borrowed);
    let (code, _, one) = check(&dir, &[".", "--jobs", "1"]);
    assert_eq!(code, Some(1));
    for jobs in ["2", "4", "8"] {
        let (_, _, many) = check(&dir, &[".", "-j", jobs]);
        assert_eq!(many, one, "--jobs {jobs}");
    }
    let places: Vec<String> = headlines(&one)
        .into_iter()
        .filter(|l| l.starts_with("on "))
        .collect();
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(places.len(), 40);
    assert_eq!(places, sorted);
    assert!(
        one.ends_with("40 files checked, 40 errors, 0 warnings in 40 files\n"),
        "{one}"
    );
}

#[test]
fn json_diagnostics_go_to_stdout_as_one_document() {
    let dir = tree(
        "json",
        &[
            ("good.tf", "locals {\n  a = 1\n}\n"),
            ("bad.tf", "locals {\n  b = nosuch()\n}\n"),
        ],
    );
    let (code, out, err) = check(&dir, &["good.tf", "--diags=json"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(0),
            "{\n  \"format_version\": \"1.0\",\n  \"valid\": true,\n  \"error_count\": 0,\n  \"warning_count\": 0,\n  \"diagnostics\": []\n}\n",
            "1 file checked, 0 errors, 0 warnings\n"
        )
    );
    let (code, out, err) = check(&dir, &[".", "--diags=json"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("\"error_count\": 1,\n"), "{out}");
    assert!(out.contains("\"diagnostics\": [\n"), "{out}");
    assert!(out.contains("\"snippet\": {"), "{out}");
    assert!(out.contains("\"filename\": \"./bad.tf\""), "{out}");
    assert_eq!(err, "2 files checked, 1 error, 0 warnings in 1 file\n");
}

#[test]
fn exit_statuses() {
    let dir = tree("status", &[("a.tf", "a = 1\n"), ("b.tf", "a = \n")]);
    assert_eq!(check(&dir, &["a.tf"]).0, Some(0));
    assert_eq!(check(&dir, &["b.tf"]).0, Some(1));
    assert_eq!(check(&dir, &["missing.tf"]).0, Some(1));
    assert_eq!(check(&dir, &[]).0, Some(2));
    assert_eq!(check(&dir, &["a.tf", "--jobs", "0"]).0, Some(2));
}

#[test]
fn the_variable_files_a_module_loads_are_checked_against_its_variables() {
    let files = [
        ("mod/variables.tf", "variable \"region\" {}\n"),
        ("mod/terraform.tfvars", "regoin = \"eu-west-1\"\n"),
        // No module here: the file is some command line's -var-file.
        ("envs/terraform.tfvars", "anything = 1\n"),
    ];
    let dir = tree("var-files", &files);
    let (code, _, err) = check(&dir, &["."]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        headlines(&err)
            .into_iter()
            .filter(|l| l.starts_with("Warning"))
            .collect::<Vec<_>>(),
        ["Warning: Value for undeclared variable"]
    );
    assert!(err.contains("mod/terraform.tfvars line 1"), "{err}");
    assert!(err.contains("Did you mean \"region\"?"), "{err}");
}

#[test]
fn a_local_module_call_is_checked_against_the_walked_module_it_calls() {
    let files = [
        ("root/net/variables.tf", "variable \"cidr\" {}\n"),
        (
            "root/main.tf",
            "module \"net\" {\n  source = \"./net\"\n  cdir   = \"10.0.0.0/16\"\n}\n",
        ),
    ];
    let dir = tree("local-calls", &files);
    let (code, _, err) = check(&dir, &["."]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        headlines(&err)
            .into_iter()
            .filter(|l| l.starts_with("Error"))
            .collect::<Vec<_>>(),
        [
            "Error: Missing required argument",
            "Error: Unsupported argument"
        ]
    );
    assert!(err.contains("Did you mean \"cidr\"?"), "{err}");
}
