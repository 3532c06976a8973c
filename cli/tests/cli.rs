//! The `hcl-json` binary, run as a user runs it: golden cases recorded
//! from HashiCorp's `hcldec`, and each subcommand's output, exit status
//! and bad-input messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hcl-json"))
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Diagnostics in any order (`hcldec` orders them at random): the text
/// form split at each "Error:"/"Warning:" line, the JSON form at each
/// element of the diagnostics array, sorted.
fn diagnostic_chunks(stderr: &str) -> Vec<String> {
    let mut chunks: Vec<String> = Vec::new();
    for line in stderr.lines() {
        let starts =
            line.starts_with("Error: ") || line.starts_with("Warning: ") || line == "    {";
        if starts || chunks.is_empty() {
            chunks.push(String::new());
        }
        let line = if line == "    }," { "    }" } else { line };
        let last = chunks.last_mut().unwrap();
        last.push_str(line);
        last.push('\n');
    }
    chunks.sort();
    chunks
}

fn read(dir: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(name)).ok()
}

/// Runs one golden case: the JSON twin of the spec hcldec read, the same
/// flags, the same input; stdout and exit status must be byte-identical,
/// stderr the same diagnostics. A case with a `DEVIATION` file keeps our
/// differing output in `stdout.ours` / `stderr.ours` (listed in the README).
fn run_golden(dir: &Path) -> Result<(), String> {
    let mut cmd = bin();
    cmd.current_dir(dir).arg("--spec").arg("spec.hcldec");
    if let Some(args) = read(dir, "args") {
        cmd.args(args.lines());
    }
    let out = cmd.arg("in.json").output().expect("run hcl-json");
    let deviation = dir.join("DEVIATION").exists();
    let pick = |name: &str| {
        let ours = format!("{name}.ours");
        (deviation.then(|| read(dir, &ours)).flatten())
            .or_else(|| read(dir, name))
            .unwrap_or_default()
    };
    let status: i32 = read(dir, "status").unwrap().trim().parse().unwrap();
    let mut problems = Vec::new();
    if out.status.code() != Some(status) {
        problems.push(format!("status {:?}, hcldec {status}", out.status.code()));
    }
    if text(&out.stdout) != pick("stdout") {
        problems.push(format!(
            "stdout:\n{}\nexpected:\n{}",
            text(&out.stdout),
            pick("stdout")
        ));
    }
    let (ours, theirs) = (text(&out.stderr), pick("stderr"));
    if diagnostic_chunks(&ours) != diagnostic_chunks(&theirs) {
        problems.push(format!("stderr:\n{ours}\nexpected:\n{theirs}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[test]
fn golden_cases_match_hcldec() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 12, "a dozen golden cases or more");
    let failures: Vec<String> = dirs
        .iter()
        .filter_map(|d| {
            run_golden(d)
                .err()
                .map(|e| format!("== {}\n{e}", d.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn write_temp(name: &str, content: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hcl-json-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = cmd.output().expect("run hcl-json");
    (status.code(), text(&stdout), text(&stderr))
}

#[test]
fn flags_without_a_subcommand_mean_decode() {
    let spec = write_temp(
        "plain.hcldec.json",
        r#"{"attr": {"name": "a", "type": "number"}}"#,
    );
    let input = write_temp("plain.json", r#"{"a": "42"}"#);
    let (code, out, err) = run(bin().arg("--spec").arg(&spec).arg(&input));
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "42\n", ""));
    let (code, out, _) = run(bin()
        .args(["-V", r#"{"x": 1}"#])
        .arg("-s")
        .arg(&spec)
        .arg(&input));
    assert_eq!((code, out.as_str()), (Some(0), "42\n"));
    let (code, out, _) = run(bin().arg("decode").arg("-s").arg(&spec).arg(&input));
    assert_eq!((code, out.as_str()), (Some(0), "42\n"));
}

#[test]
fn out_flag_writes_the_result_to_a_file() {
    let spec = write_temp("out.hcldec.json", r#"{"literal": {"value": "x"}}"#);
    let input = write_temp("out-in.json", "{}");
    let target = std::env::temp_dir().join(format!("hcl-json-out-{}.json", std::process::id()));
    let (code, out, _) = run(bin()
        .arg("--spec")
        .arg(&spec)
        .arg("-o")
        .arg(&target)
        .arg(&input));
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "\"x\"\n");
}

#[test]
fn a_missing_input_file_is_one_diagnostic_and_status_2() {
    let spec = write_temp("m.hcldec.json", r#"{"literal": {"value": 1}}"#);
    let (code, out, err) = run(bin().arg("--spec").arg(&spec).arg("/nonexistent/in.json"));
    assert_eq!(code, Some(2));
    assert_eq!(out, "");
    assert_eq!(
        err,
        "Error: Failed to open file\n\nThe file \"/nonexistent/in.json\" could not be opened.\n\n"
    );
}

#[test]
fn a_missing_spec_file_is_status_2_with_no_output() {
    let input = write_temp("ms.json", "{}");
    let (code, out, err) = run(bin().arg("--spec").arg("/nonexistent/s.json").arg(&input));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(err.starts_with("Error: Failed to open file\n"), "{err}");
}

#[test]
fn a_bad_spec_is_reported_with_its_range_and_status_2() {
    let spec = write_temp(
        "bad.hcldec.json",
        r#"{"object": {"attr": {"a": {"typo": 1}}}}"#,
    );
    let input = write_temp("bs.json", "{}");
    let (code, out, err) = run(bin()
        .arg("--spec")
        .arg(&spec)
        .arg("--diags=json")
        .arg(&input));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.contains("\"summary\": \"Extraneous JSON object property\""),
        "{err}"
    );
    assert!(
        err.contains("No argument or block type is named \\\"typo\\\"."),
        "{err}"
    );
}

#[test]
fn bad_vars_json_is_a_diagnostic_and_status_2() {
    let spec = write_temp("v.hcldec.json", r#"{"literal": {"value": 1}}"#);
    let input = write_temp("v.json", "{}");
    let (code, out, err) = run(bin()
        .arg("--spec")
        .arg(&spec)
        .args(["--vars", "{\"a\": }"])
        .arg(&input));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.starts_with("Error: Missing JSON value\n\n  on <vars argument 0> line 1:\n"),
        "{err}"
    );
}

#[test]
fn bad_invocations_exit_2_without_output() {
    let (code, out, err) = run(bin().arg("decode"));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(err.contains("--spec <FILE>"), "{err}");
    let (code, _, err) = run(bin().args(["decode", "--spec", "s", "--diags", "xml"]));
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value 'xml'"), "{err}");
    let (code, _, _) = run(bin().arg("frobnicate"));
    assert_eq!(code, Some(2));
}

#[test]
fn native_spec_and_native_input_decode() {
    let spec = write_temp(
        "n.hcldec",
        "object {\n  attr \"a\" {\n    type = number\n  }\n  attr \"b\" {\n    type = string\n  }\n}\n",
    );
    let input = write_temp("in.hcl", "a = 1 + 1\nb = \"x${a}\"\n");
    // As hcldec: a spec file without variables gives a nil context.
    let (code, out, err) = run(bin().arg("--spec").arg(&spec).arg(&input));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.starts_with("Error: Variables not allowed\n"), "{err}");
    assert_eq!(out, "");
    let input = write_temp("in2.hcl", "a = 1 + 1\nb = \"x${2}\"\n");
    let (code, out2, err) = run(bin().arg("--spec").arg(&spec).arg(&input));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out2, "{\"a\":2,\"b\":\"x2\"}\n");
}

#[test]
fn infinity_has_no_json_form_status_1() {
    let spec = write_temp(
        "inf.hcldec.json",
        r#"{"variables": {"z": 0}, "attr": {"name": "a", "type": "number"}}"#,
    );
    let input = write_temp("inf.json", r#"{"a": "${1/z}"}"#);
    let (code, out, err) = run(bin().arg("--spec").arg(&spec).arg(&input));
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(err, "Error: cannot serialize infinity as JSON\n\n");
}

#[test]
fn eval_evaluates_a_template_with_the_standard_library_and_vars() {
    let (code, out, _) =
        run(bin().args(["eval", "${upper(x)}-${1 + 2}", "--vars", r#"{"x": "a"}"#]));
    assert_eq!((code, out.as_str()), (Some(0), "\"A-3\"\n"));
    let (code, out, _) = run(bin().args(["eval", "${[1, 2]}"]));
    assert_eq!((code, out.as_str()), (Some(0), "[1,2]\n"));
    let (code, out, _) = run(bin().args(["eval", "-e", "{a = 1 + 2}"]));
    assert_eq!((code, out.as_str()), (Some(0), "{\"a\":3}\n"));
}

#[test]
fn eval_of_a_file_evaluates_every_attribute() {
    let file = write_temp("attrs.json", r#"{"b": "${length([1, 2])}", "a": "x"}"#);
    let (code, out, _) = run(bin().arg("eval").arg(&file));
    assert_eq!((code, out.as_str()), (Some(0), "{\"a\":\"x\",\"b\":2}\n"));
}

#[test]
fn eval_errors_are_diagnostics_with_status_2() {
    let (code, out, err) = run(bin().args(["eval", "${nope}", "--diags=json"]));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.contains("\"summary\": \"Variables not allowed\""),
        "{err}"
    );
}

#[test]
fn check_passes_good_files_and_fails_bad_ones_with_status_1() {
    let good = write_temp("good.json", r#"{"a": 1}"#);
    let bad = write_temp("bad.json", r#"{"a": 1,}"#);
    let (code, out, err) = run(bin().arg("check").arg(&good));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "", "1 file checked, 0 errors, 0 warnings\n")
    );
    let (code, out, err) = run(bin().arg("check").arg(&good).arg(&bad));
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(
        err.starts_with("Error: Trailing comma in object\n"),
        "{err}"
    );
    let (code, _, _) = run(bin().arg("check"));
    assert_eq!(code, Some(2));
}

#[test]
fn several_input_files_are_merged_like_hcldec() {
    let spec = write_temp(
        "merge.hcldec.json",
        r#"{"object": {"attr": {"name": {"type": "string", "required": true}}, "block_list": {"item": {"attr": {"name": "v", "type": "number"}}}}}"#,
    );
    let a = write_temp("merge-a.json", r#"{"name": "a", "item": {"v": 1}}"#);
    let b = write_temp("merge-b.json", r#"{"item": {"v": 2}}"#);
    let (code, out, _) = run(bin().arg("--spec").arg(&spec).arg(&a).arg(&b));
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "{\"item\":[1,2],\"name\":\"a\"}\n")
    );
    let (code, out, err) = run(bin()
        .arg("--spec")
        .arg(&spec)
        .arg(&a)
        .arg(&a)
        .arg("--diags=json"));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    let detail = format!(
        "\"detail\": \"Argument \\\"name\\\" was already set at {}:1,2-8\"",
        a.display()
    );
    assert!(err.contains(&detail), "{err}");
}

#[test]
fn check_with_a_spec_decodes_each_file_and_reports_every_problem() {
    let spec = write_temp(
        "check.hcldec.json",
        r#"{"attr": {"name": "port", "type": "number", "required": true}}"#,
    );
    let good = write_temp("check-good.json", r#"{"port": 80}"#);
    let bad = write_temp("check-bad.json", r#"{"port": true, "x": 1}"#);
    let (code, out, err) = run(bin().arg("check").arg("--spec").arg(&spec).arg(&good));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "", "1 file checked, 0 errors, 0 warnings\n")
    );
    let (code, out, err) = run(bin()
        .arg("check")
        .arg("-s")
        .arg(&spec)
        .arg(&good)
        .arg(&bad)
        .arg("--diags=json"));
    assert_eq!(
        (code, err.as_str()),
        (Some(1), "2 files checked, 2 errors, 0 warnings in 1 file\n")
    );
    assert!(
        out.contains("\"summary\": \"Extraneous JSON object property\""),
        "{out}"
    );
    assert!(
        out.contains(
            "Inappropriate value for attribute \\\"port\\\": number required, but have bool."
        ),
        "{out}"
    );
}

#[test]
fn convert_to_json_writes_the_json_syntax_of_a_native_file() {
    let input = write_temp(
        "conv.tf",
        "# web\nresource \"aws_instance\" \"web\" {\n  ami        = var.ami\n  depends_on = [aws_vpc.main]\n}\n",
    );
    let (code, out, err) = run(bin().args(["convert", "--to", "json"]).arg(&input));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(0),
            "{\n  \"resource\": {\n    \"aws_instance\": {\n      \"web\": {\n        \"ami\": \"${var.ami}\",\n        \"depends_on\": [\n          \"aws_vpc.main\"\n        ]\n      }\n    }\n  }\n}\n",
            ""
        )
    );
    let (code, out, _) = run(bin()
        .args(["convert", "--to", "json", "--no-schema", "--comments"])
        .arg(&input));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("{\n  \"//\": \"web\",\n  \"resource\": {")
            && out.contains("\"depends_on\": [\n          \"${aws_vpc.main}\"\n        ]"),
        "{out}"
    );
}

#[test]
fn convert_to_native_writes_the_native_syntax_of_a_json_file() {
    let input = write_temp(
        "conv.tf.json",
        r#"{"variable": {"region": {"default": "eu-west-1"}}, "locals": {"a": "${var.region}"}}"#,
    );
    let (code, out, err) = run(bin().args(["convert", "--to", "native"]).arg(&input));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(0),
            "variable \"region\" {\n  default = \"eu-west-1\"\n}\n\nlocals {\n  a = var.region\n}\n",
            ""
        )
    );
    // Without a schema the nested objects are attributes.
    let (code, out, _) = run(bin()
        .args(["convert", "--to", "native", "--no-schema"])
        .arg(&input));
    assert_eq!(code, Some(0));
    assert!(out.starts_with("variable = {\n"), "{out}");
}

#[test]
fn convert_reads_stdin_in_the_other_syntax_or_as_from_says() {
    use std::io::Write;
    let convert = |args: &[&str], input: &str| {
        let mut child = bin()
            .arg("convert")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        (output.status.code(), text(&output.stdout))
    };
    assert_eq!(
        convert(&["--to", "json"], "a = 1\n"),
        (Some(0), "{\n  \"a\": 1\n}\n".to_string())
    );
    assert_eq!(
        convert(&["--to", "native"], r#"{"a": 1}"#),
        (Some(0), "a = 1\n".to_string())
    );
    // `--from json` to JSON: the JSON written back, pretty.
    assert_eq!(
        convert(&["--to", "json", "--from", "json"], r#"{"a":[1,2]}"#),
        (
            Some(0),
            "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n".to_string()
        )
    );
}

#[test]
fn convert_reports_parse_errors_with_status_2_and_no_output() {
    let good = write_temp("conv-good.tf", "a = 1\n");
    let bad = write_temp("conv-bad.tf", "a = \n");
    let (code, out, err) = run(bin().args(["convert", "--to", "json"]).arg(&good).arg(&bad));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    let chunks = diagnostic_chunks(&err);
    assert_eq!(chunks.len(), 1, "{err}");
    assert!(
        chunks[0].starts_with("Error: Invalid expression\n"),
        "{err}"
    );
}

#[test]
fn convert_reports_what_native_syntax_cannot_say_with_status_2() {
    let input = write_temp("conv-bad-name.json", r#"{"a b": 1}"#);
    let (code, out, err) = run(bin()
        .args(["convert", "--to", "native", "--diags", "json"])
        .arg(&input));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(
        err.contains(
            "\"summary\": \"Invalid attribute name\",\n      \"detail\": \"The property \\\"a b\\\" is an attribute here"
        ),
        "{err}"
    );
}

#[test]
fn convert_needs_to_and_a_known_syntax() {
    for args in [&["convert"][..], &["convert", "--to", "yaml"]] {
        let (code, out, err) = run(bin().args(args));
        assert_eq!((code, out.as_str()), (Some(2), ""), "{args:?}");
        assert!(err.starts_with("error:"), "{err}");
    }
}

#[test]
fn convert_picks_packer_s_language_for_packer_files() {
    let input = write_temp(
        "conv.pkr.json",
        r#"{"source": {"file": {"a": {"content": "x"}}}, "build": {"provisioner": {"shell-local": {"inline": ["echo"]}}}}"#,
    );
    let (code, out, err) = run(bin().args(["convert", "--to", "native"]).arg(&input));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(0),
            "source \"file\" \"a\" {\n  content = \"x\"\n}\n\nbuild {\n  provisioner \"shell-local\" {\n    inline = [\"echo\"]\n  }\n}\n",
            ""
        )
    );
    // `--terraform` overrides the file name.
    let (code, out, _) = run(bin()
        .args(["convert", "--to", "native", "--terraform"])
        .arg(&input));
    assert_eq!(code, Some(0));
    assert!(out.starts_with("source = {\n"), "{out}");
}

#[test]
fn convert_reads_nested_blocks_from_a_provider_schema() {
    let schema = write_temp(
        "schema.json",
        r#"{"provider_schemas": {"registry.terraform.io/hashicorp/aws": {"resource_schemas": {"aws_ecs_service": {"block": {"block_types": {"network_configuration": {"nesting_mode": "list", "block": {}}}}}}}}}"#,
    );
    let input = write_temp(
        "svc.tf.json",
        r#"{"resource": {"aws_ecs_service": {"web": {"network_configuration": {"subnets": []}}}}}"#,
    );
    let (code, out, err) = run(bin()
        .args(["convert", "--to", "native", "--provider-schema"])
        .arg(&schema)
        .arg(&input));
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            Some(0),
            "resource \"aws_ecs_service\" \"web\" {\n  network_configuration {\n    subnets = []\n  }\n}\n",
            ""
        )
    );
    let bad = write_temp("bad-schema.json", r#"{"format_version": "1.0"}"#);
    let (code, out, err) = run(bin()
        .args(["convert", "--to", "native", "--provider-schema"])
        .arg(&bad)
        .arg(&input));
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(err.contains("Invalid provider schema"), "{err}");
}

#[test]
fn eval_diagnostics_show_what_the_user_typed_with_a_caret() {
    let (code, _, err) = run(bin().args(["eval", "Hi ${upcase(\"x\")}!"]));
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "Error: Call to unknown function\n\n  on <template> line 1, column 6:\n   1: Hi ${upcase(\"x\")}!\n           ^^^^^^\n\nThere is no function named \"upcase\".\n\n"
    );
    let (_, _, err) = run(bin().args(["eval", "-e", "1 +"]));
    assert!(
        err.contains("  on <expression> line 1, column 4:\n   1: 1 +\n"),
        "{err}"
    );
}

#[test]
fn eval_advice_names_the_flags_that_would_help() {
    let (_, _, err) = run(bin().args(["eval", "${region}"]));
    assert!(
        err.contains("There is no variable named \"region\": give variables with --vars"),
        "{err}"
    );
    assert!(!err.contains("EvalContext"), "{err}");
    let (_, _, err) = run(bin().args(["eval", "${timestamp()}"]));
    assert!(err.contains("grant it with --allow-impure"), "{err}");
    let (_, _, err) = run(bin().args(["eval", "${file(\"x\")}"]));
    assert!(err.contains("grant it with\n--allow-files"), "{err}");
}

#[test]
fn eval_grants_the_impure_and_file_functions_on_request() {
    let (code, out, _) = run(bin().args(["eval", "${length(timestamp()) > 0}", "--allow-impure"]));
    assert_eq!((code, out.as_str()), (Some(0), "true\n"));
    let dir = write_temp("granted.txt", "hello")
        .parent()
        .unwrap()
        .to_path_buf();
    let (code, out, err) =
        run(bin()
            .current_dir(&dir)
            .args(["eval", "${file(\"granted.txt\")}", "--allow-files"]));
    assert_eq!((code, out.as_str()), (Some(0), "\"hello\"\n"), "{err}");
}

#[test]
fn check_diagnostics_have_a_column_a_caret_and_the_context_line() {
    let bad = write_temp(
        "ctx.tf.json",
        "{\"resource\": {\"a\": {\"b\": [{\"x\": 1,}]}}}",
    );
    let (code, _, err) = run(bin().arg("check").arg(&bad));
    assert_eq!(code, Some(1));
    // (The object with the error stands as a `null` in the tree read
    // around it, which names the place.)
    assert!(
        err.contains("line 1, column 34, in resource.a.b:\n"),
        "{err}"
    );
    assert!(
        err.contains("\n                                       ^\n"),
        "{err}"
    );
    let bad = write_temp("ctx.tf", "settings {\n  x = nosuch\n}\n");
    let spec = write_temp(
        "ctx.hcldec",
        "block_list {\n  block_type = \"settings\"\n  object {\n    attr \"x\" {\n      type = any\n    }\n  }\n}\n",
    );
    let (_, _, err) = run(bin().arg("check").arg("--spec").arg(&spec).arg(&bad));
    assert!(
        err.contains("ctx.tf line 2, column 7, in settings:\n   2:   x = nosuch\n"),
        "{err}"
    );
    // A file that does not parse is named by the blocks its parse
    // recovered, as Terraform names them.
    let bad = write_temp("syntax.tf", "settings {\n  x = 1 +\n}\n");
    let (code, _, err) = run(bin().arg("check").arg(&bad));
    assert_eq!(code, Some(1));
    assert!(
        err.contains("syntax.tf line 2, column 10, in settings:\n"),
        "{err}"
    );
    let (code, _, err) = run(bin().arg("decode").arg("-s").arg(&spec).arg(&bad));
    assert_ne!(code, Some(0));
    assert!(err.contains("syntax.tf line 2, in settings:\n"), "{err}");
}

#[test]
fn check_writes_terraform_validate_json() {
    let bad = write_temp("tv.json", r#"{"a": 1,}"#);
    let (_, out, _) = run(bin().arg("check").arg("--diags=json").arg(&bad));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["valid"], false);
    assert_eq!(doc["error_count"], 1);
    assert_eq!(doc["diagnostics"][0]["severity"], "error");
    assert_eq!(doc["diagnostics"][0]["snippet"]["code"], r#"{"a": 1,}"#);
    assert_eq!(
        doc["diagnostics"][0]["snippet"]["highlight_start_offset"],
        7
    );
}
