//! The parser and body processing against real files of `../shared/corpus`.

mod common;

use hcl_json::{BodySchema, EvalContext};

/// Every `.json` file marked `ok` (or `semantic-error`: valid JSON-HCL whose
/// *meaning* is wrong) parses; every one marked `error` (or HCL1-lenient, not
/// strict JSON) fails with a diagnostic that has a range.
#[test]
fn corpus_files_parse_or_fail_with_a_range() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let files = common::corpus_json_files(&dir);
    assert!(files.len() > 100, "SOURCES.tsv lists {} files", files.len());
    for f in &files {
        let bytes = std::fs::read(dir.join(&f.file)).expect(&f.file);
        let result = hcl_json::body::parse_bytes(&bytes, &f.file);
        match f.expect.as_str() {
            "ok" | "semantic-error" => {
                if let Err(e) = result {
                    panic!("{} should parse:\n{e}", f.file);
                }
            }
            _ => {
                let err = result
                    .err()
                    .unwrap_or_else(|| panic!("{} should fail", f.file));
                let d = &err.diagnostics()[0];
                let range = d.subject.as_ref().expect("error has a range");
                assert_eq!(&*range.filename, f.file.as_str());
                assert!(range.start.line >= 1 && range.start.column >= 1);
            }
        }
    }
}

fn terraform_schema() -> BodySchema {
    BodySchema::new()
        .block("terraform", &[])
        .block("provider", &["name"])
        .block("variable", &["name"])
        .block("locals", &[])
        .block("data", &["type", "name"])
        .block("resource", &["type", "name"])
        .block("module", &["name"])
        .block("output", &["name"])
}

/// HCL2-era Terraform and CDK for Terraform files, not the HCL1 fixtures.
fn is_hcl2_terraform(path: &str) -> bool {
    path.ends_with(".tf.json")
        && ![
            "hcl1-json-fixtures/",
            "terraform/history/",
            "tf-community-ami-modules/",
        ]
        .iter()
        .any(|p| path.starts_with(p))
}

#[test]
fn terraform_files_decode_with_a_terraform_schema() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut seen = 0;
    for f in common::corpus_json_files(&dir) {
        if f.expect != "ok" || !is_hcl2_terraform(&f.file) {
            continue;
        }
        let src = std::fs::read_to_string(dir.join(&f.file)).unwrap();
        let file = hcl_json::parse(&src, &f.file).unwrap();
        let result = file.body().partial_content(&terraform_schema());
        // Two kapitan files declare `"data": {"google_iam_policy": {}}`: a
        // block type with no name label, which Terraform (and HashiCorp's
        // implementation, checked with hcldec) rejects the same way.
        if f.file.starts_with("kapitan/") && f.file.contains("/project") {
            if let Err(e) = &result {
                assert!(
                    e.diagnostics()
                        .iter()
                        .all(|d| d.summary == "Missing block label"),
                    "{}:\n{e}",
                    f.file
                );
                continue;
            }
        }
        let (content, _rest) = result.unwrap_or_else(|e| panic!("{}:\n{e}", f.file));
        for block in &content.blocks {
            let want = terraform_schema()
                .find_block(&block.type_name)
                .unwrap()
                .label_names
                .len();
            assert_eq!(block.labels.len(), want, "{}", f.file);
        }
        seen += 1;
    }
    assert!(seen >= 20, "only {seen} Terraform files found");
}

/// `(type, labels)` of every top-level block of a corpus file.
fn blocks_of(dir: &std::path::Path, path: &str) -> Vec<(String, String)> {
    let src = std::fs::read_to_string(dir.join(path)).unwrap();
    let file = hcl_json::parse(&src, path).unwrap();
    let (content, _) = file.body().partial_content(&terraform_schema()).unwrap();
    content
        .blocks
        .iter()
        .map(|b| (b.type_name.clone(), b.labels.join(".")))
        .collect()
}

#[test]
fn block_counts_and_labels_of_chosen_files() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let ct = blocks_of(
        &dir,
        "controltower-account-factory-cdktf/cdktf.out/stacks/ct/cdk.tf.json",
    );
    let count = |blocks: &[(String, String)], t: &str| blocks.iter().filter(|b| b.0 == t).count();
    assert_eq!(ct.len(), 10);
    assert_eq!(count(&ct, "data"), 6);
    assert_eq!(count(&ct, "resource"), 2);
    assert_eq!(
        ct[0],
        (
            "data".into(),
            "aws_caller_identity.current_caller_identity".into()
        )
    );

    let kops = blocks_of(
        &dir,
        "kops/tests/integration/update_cluster/minimal-json/kubernetes.tf.json",
    );
    assert_eq!(count(&kops, "resource"), 55);
    assert_eq!(count(&kops, "output"), 15);
    assert_eq!(count(&kops, "locals"), 1);
    assert_eq!(kops[1], ("output".into(), "cluster_name".into()));

    // Top-level block types as arrays of objects.
    let clumio = blocks_of(&dir, "clumio-aws-template/57350a7f/main.tf.json");
    assert_eq!(count(&clumio, "resource"), 79);
    assert_eq!(count(&clumio, "data"), 28);
    assert_eq!(count(&clumio, "locals"), 2);
}

/// The default evaluation budget is generous for real work: evaluating
/// every root attribute of every corpus file (every root variable unknown)
/// uses under 1 % of each limit. (The figures, with a 32 MB synthesized
/// file, are printed by `cargo bench --bench hostile -- usage`.)
#[test]
fn corpus_files_evaluate_far_inside_the_default_budget() {
    use hcl_json::value::limits;
    use hcl_json::{EvalContext, Limits, Value};

    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut peak = limits::Usage::default();
    for f in common::corpus_json_files(&dir) {
        if f.expect != "ok" {
            continue;
        }
        let src = std::fs::read_to_string(dir.join(&f.file)).unwrap();
        let Ok(file) = hcl_json::parse(&src, &f.file) else {
            continue;
        };
        let Ok(attrs) = file.body().just_attributes() else {
            continue;
        };
        let mut ctx = EvalContext::new().with_stdlib();
        for a in attrs.values() {
            for t in a.expr.variables() {
                ctx = ctx.with_variable(t.root_name(), Value::dynamic());
            }
        }
        let _ = limits::take_peak_usage();
        for a in attrs.values() {
            let _ = a.expr.value(&ctx);
        }
        let used = limits::take_peak_usage();
        peak.bytes = peak.bytes.max(used.bytes);
        peak.steps = peak.steps.max(used.steps);
    }
    let d = Limits::default();
    assert!(peak.bytes * 100 < d.max_bytes, "{peak:?}");
    assert!(peak.steps * 100 < d.max_steps, "{peak:?}");
}

/// Each attribute's name and value (or first error summary).
type Attrs = Vec<(String, Result<hcl_json::Value, String>)>;

/// The top-level attributes of a file (every property, as in dynamic
/// attributes mode) evaluated in `ctx`: each value, or the first error's
/// summary; `Err` with the summary when the body has no attribute form.
fn evaluated(file: &hcl_json::File, ctx: &hcl_json::EvalContext) -> Result<Attrs, String> {
    let attrs = file
        .body()
        .just_attributes()
        .map_err(|e| e.diagnostics()[0].summary.clone())?;
    Ok(attrs
        .into_iter()
        .map(|(name, attr)| {
            let v = attr
                .expr
                .value(ctx)
                .map_err(|e| e.diagnostics()[0].summary.clone());
            (name, v)
        })
        .collect())
}

/// Writing a parsed file back (compact and pretty) and parsing the text
/// again gives the same structure (the same compact text again) and the
/// same values: in literal-only mode always, in full-expression mode
/// wherever the original evaluates.
#[test]
fn corpus_files_written_back_read_the_same() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let ctx = hcl_json::EvalContext::new().with_stdlib();
    let literal = hcl_json::EvalContext::literal();
    let (mut checked, mut values) = (0, 0);
    for f in common::corpus_json_files(&dir) {
        if !matches!(f.expect.as_str(), "ok" | "semantic-error") {
            continue;
        }
        let bytes = std::fs::read(dir.join(&f.file)).expect(&f.file);
        let original = hcl_json::body::parse_bytes(&bytes, &f.file).expect(&f.file);
        let compact = hcl_json::to_string(&original).unwrap();
        let pretty = hcl_json::to_string_pretty(&original).unwrap();
        for text in [&compact, &pretty] {
            let again = hcl_json::parse(text, &f.file)
                .unwrap_or_else(|e| panic!("{} written back does not parse:\n{e}", f.file));
            assert_eq!(hcl_json::to_string(&again).unwrap(), compact, "{}", f.file);
            assert_eq!(
                evaluated(&again, &literal),
                evaluated(&original, &literal),
                "{}",
                f.file
            );
            if let (Ok(before), Ok(after)) = (evaluated(&original, &ctx), evaluated(&again, &ctx)) {
                for ((name, b), (name2, a)) in before.iter().zip(&after) {
                    assert_eq!(name, name2, "{}", f.file);
                    if b.is_ok() {
                        assert_eq!(a, b, "{}: {name}", f.file);
                        values += 1;
                    }
                }
            }
        }
        checked += 1;
    }
    eprintln!("{checked} files written back; {values} evaluated attributes compared");
    assert!(checked > 50, "only {checked} corpus files were checked");
}

// ---------------------------------------------------------------------
// HCL's own conformance suite (`hcl-specsuite`), native inputs. Its `.t`
// and `.hcldec` files are native syntax too, and are read with this crate.

/// Every file under `dir` whose extension is `ext`, recursively, sorted.
fn files_with_extension(dir: &std::path::Path, ext: &str, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable directory")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_with_extension(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// The byte ranges a `.t` file's `diagnostics { error { from {..} to {..} } }`
/// blocks expect, in order.
fn expected_diagnostics(t: &hcl_json::File) -> Vec<std::ops::Range<usize>> {
    let schema = BodySchema::new()
        .attribute("result", false)
        .attribute("result_type", false)
        .block("diagnostics", &[]);
    let (content, _) = t.body().partial_content(&schema).expect("a valid .t file");
    let ctx = hcl_json::EvalContext::new();
    let byte = |b: &hcl_json::Block| -> usize {
        let attrs = b.body.just_attributes().expect("a position");
        let v = attrs["byte"].expr.value(&ctx).expect("a byte");
        hcl_json::from_value::<usize>(v).expect("a byte offset")
    };
    let mut out = Vec::new();
    for d in content.blocks {
        let errors = d
            .body
            .content(&BodySchema::new().block("error", &[]).block("warning", &[]))
            .expect("error blocks");
        for e in errors.blocks {
            let ends = e
                .body
                .content(&BodySchema::new().block("from", &[]).block("to", &[]))
                .expect("from and to");
            let from = ends.blocks_of_type("from").next().expect("from");
            let to = ends.blocks_of_type("to").next().expect("to");
            out.push(byte(from)..byte(to));
        }
    }
    out
}

/// HCL's spec suite run the way its harness `hclspecsuite` runs `hcldec`,
/// without Go: for every `.t` file, its `.hcldec` spec is read with
/// [`hcl_json::hcldec::SpecFile`], the input (`.hcl` or `.hcl.json`) is
/// decoded by it with the spec's variables and functions, and the `.t`
/// file's expectations hold: `result_type` is the decoded value's type,
/// `result` its value, `diagnostics` the ranges of the errors, and
/// `traversals` (when given) the variables the spec would read. The one
/// expected difference is exact decimal arithmetic (`11 % 5.1` is exactly
/// 0.8 here; Go's binary floats give 0.8 plus 24 × 10^-155).
#[test]
fn hcl_specsuite_passes_with_runtime_specs() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let suite = dir.join("hcl-specsuite");
    if !suite.is_dir() {
        eprintln!("skipped: no hcl-specsuite in {}", dir.display());
        return;
    }
    let mut tests = Vec::new();
    files_with_extension(&suite, "t", &mut tests);
    assert!(tests.len() >= 15, "{} .t files", tests.len());
    let (mut results, mut failures) = (0, 0);
    for t_path in &tests {
        let name = t_path.strip_prefix(&suite).unwrap().display().to_string();
        let spec_body = hcl_json::parse_file(t_path.with_extension("hcldec"))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .body();
        let spec = hcl_json::hcldec::SpecFile::from_body(&spec_body)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let input = ["hcl", "hcl.json"]
            .iter()
            .map(|ext| t_path.with_extension(ext))
            .find(|p| p.is_file())
            .unwrap_or_else(|| panic!("{name}: no input"));
        let t = hcl_json::parse_file(t_path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected_ranges = expected_diagnostics(&t);
        let (value, ranges) = match hcl_json::parse_file(&input) {
            Err(e) => (None, subjects(e.diagnostics())),
            Ok(file) => {
                let (value, diags) = spec
                    .spec
                    .decode_with_diagnostics(&file.body(), &spec.context());
                let errors: Vec<_> = diags
                    .as_slice()
                    .iter()
                    .filter(|d| d.severity == hcl_json::Severity::Error)
                    .cloned()
                    .collect();
                check_traversals(&name, &t, &spec.spec.variables(&file.body()));
                (Some(value), subjects(&errors))
            }
        };
        let mut sorted = ranges.clone();
        sorted.sort_by_key(|r| (r.start, r.end));
        let mut want = expected_ranges.clone();
        want.sort_by_key(|r| (r.start, r.end));
        assert_eq!(sorted, want, "{name}: diagnostics");
        failures += usize::from(!want.is_empty());
        let schema = BodySchema::new()
            .attribute("result", false)
            .attribute("result_type", false);
        let (content, _) = t.body().partial_content(&schema).expect("a valid .t file");
        let Some(value) = value else { continue };
        if let Some(ty) = content.attributes.get("result_type") {
            let ty = hcl_json::ext::typeexpr::type_constraint(&ty.expr).unwrap();
            assert_eq!(value.ty(), ty, "{name}: result type");
        }
        if let Some(result) = content.attributes.get("result") {
            let want = result.expr.value(&EvalContext::new()).unwrap();
            let want = hcl_json::value::convert(&want, &value.ty()).unwrap();
            if name == "expressions/operators.t" {
                assert_exact_decimal_is_the_only_difference(&value, &want);
            } else {
                assert_eq!(value, want, "{name}: result");
            }
            results += 1;
        }
    }
    // 15 tests: 9 with a `result`, 4 that expect errors, 2 that check
    // only the result type.
    assert_eq!((results, failures), (9, 4));
}

fn subjects(diags: &[hcl_json::Diagnostic]) -> Vec<std::ops::Range<usize>> {
    diags
        .iter()
        .map(|d| d.subject.as_ref().expect("a range").bytes())
        .collect()
}

/// A `.t` file's `traversals { traversal { ref = "a.b" } }` expectation,
/// when it has one, against the variables the spec reads.
fn check_traversals(name: &str, t: &hcl_json::File, got: &[hcl_json::Traversal]) {
    let schema = BodySchema::new().block("traversals", &[]);
    let (content, _) = t.body().partial_content(&schema).expect("a valid .t file");
    let Some(block) = content.blocks.first() else {
        return;
    };
    let (inner, _) = block
        .body
        .partial_content(&BodySchema::new().block("traversal", &[]))
        .expect("traversal blocks");
    let want: Vec<String> = inner
        .blocks
        .iter()
        .map(|b| {
            let attrs = b.body.just_attributes().expect("ref");
            let v = attrs["ref"].expr.value(&EvalContext::new()).expect("ref");
            hcl_json::from_value::<String>(v).expect("a string")
        })
        .collect();
    let got: Vec<String> = got.iter().map(std::string::ToString::to_string).collect();
    assert_eq!(got, want, "{name}: traversals");
}

/// `expressions/operators`: equal everywhere but `arithmetic.mod_frac`,
/// where the `.t` file has Go's binary-float remainder and we the exact
/// decimal one.
fn assert_exact_decimal_is_the_only_difference(got: &hcl_json::Value, want: &hcl_json::Value) {
    let path = ["arithmetic", "mod_frac"];
    let exact = hcl_json::Value::from(hcl_json::Number::parse("0.8").unwrap());
    let at = |v: &hcl_json::Value| {
        v.get_attr(path[0])
            .and_then(|a| a.get_attr(path[1]))
            .cloned()
    };
    assert_eq!(at(got), Some(exact), "11 % 5.1 is exactly 0.8");
    assert_ne!(at(want), at(got), "the .t file has Go's binary remainder");
    let without = |v: &hcl_json::Value| {
        let mut v = v.clone();
        if let hcl_json::Value::Object(top) = &mut v {
            if let Some(hcl_json::Value::Object(arith)) = top.get_mut(path[0]) {
                arith.shift_remove(path[1]);
            }
        }
        v
    };
    assert_eq!(without(got), without(want), "expressions/operators: result");
}

/// Every `.tf.json` file that parses converts to native syntax with
/// Terraform's schema, every value and label written checked with the
/// native parser (`verify`), and the output is not empty when the file
/// has content; a file is refused only where HCL itself reads its blocks
/// as malformed (two generated files have `"data": {"type": {}}`, a label
/// level without a label).
#[test]
fn tf_json_files_convert_to_native_syntax_with_every_value_checked() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let options = hcl_json::ConvertOptions::terraform().verify(true);
    let (mut seen, mut refused, mut round_trips) = (0, 0, 0);
    for f in common::corpus_json_files(&dir) {
        if !f.file.ends_with(".tf.json") || !matches!(f.expect.as_str(), "ok" | "semantic-error") {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&f.file)).expect(&f.file);
        let file = hcl_json::parse(&text, &f.file).expect(&f.file);
        let native = match hcl_json::to_native_string(&file.body(), &options) {
            Ok(native) => native,
            Err(e) => {
                // Only where HCL itself finds the blocks malformed.
                let content = file.body().partial_content(&terraform_schema());
                assert!(content.is_err(), "{} should convert:\n{e}", f.file);
                refused += 1;
                continue;
            }
        };
        if text.trim() != "{}" {
            assert!(!native.trim().is_empty(), "{}: empty output", f.file);
        }
        round_trips += same_after_round_trip(&f.file, &file, &native);
        seen += 1;
    }
    assert!(seen > 50, "only {seen} .tf.json files converted");
    // Most locals of the corpus refer to variables; 16 evaluate alone.
    assert!(
        round_trips >= 10,
        "only {round_trips} local values compared"
    );
    assert!(refused <= 2, "{refused} files refused");
}

/// The native text of `json` parses as native syntax into the same
/// top-level blocks with the same labels, in the same order, and every
/// local value that evaluates on both sides (standard library, no
/// variables) is equal; returns how many local values were compared.
fn same_after_round_trip(name: &str, json: &hcl_json::File, native: &str) -> usize {
    let reparsed = hcl_json::parse_native(native, &format!("{name}.tf"))
        .unwrap_or_else(|e| panic!("{name}: the native text does not parse:\n{e}\n{native}"));
    let schema = terraform_schema();
    let (before, _) = json.body().partial_content(&schema).expect(name);
    let (after, _) = reparsed.body().partial_content(&schema).expect(name);
    let headers = |c: &hcl_json::BodyContent| -> Vec<(String, Vec<String>)> {
        c.blocks
            .iter()
            .map(|b| (b.type_name.clone(), b.labels.clone()))
            .collect()
    };
    assert_eq!(headers(&before), headers(&after), "{name}: blocks differ");
    let ctx = EvalContext::new().with_stdlib();
    let mut compared = 0;
    let locals = |c: &hcl_json::BodyContent| -> Vec<hcl_json::Body> {
        c.blocks_of_type("locals").map(|b| b.body.clone()).collect()
    };
    for (a, b) in locals(&before).iter().zip(locals(&after).iter()) {
        let (a, b) = (
            a.just_attributes().expect(name),
            b.just_attributes().expect(name),
        );
        assert_eq!(
            a.keys().collect::<Vec<_>>(),
            b.keys().collect::<Vec<_>>(),
            "{name}: local names differ"
        );
        for (key, attr) in &a {
            if let (Ok(x), Ok(y)) = (attr.expr.value(&ctx), b[key].expr.value(&ctx)) {
                assert_eq!(x, y, "{name}: local.{key} differs after the round trip");
                compared += 1;
            }
        }
    }
    compared
}

/// Without a schema every property is an attribute: every `.json` file
/// that parses converts too, unless read that way it is not valid (a
/// property name that is not an identifier, a name defined twice, as
/// repeated blocks are), and then the error says so.
#[test]
fn json_files_convert_without_a_schema_or_say_why_not() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let options = hcl_json::ConvertOptions::without_schema().verify(true);
    let (mut converted, mut named) = (0, 0);
    for f in common::corpus_json_files(&dir) {
        if !matches!(f.expect.as_str(), "ok" | "semantic-error") {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&f.file)).expect(&f.file);
        let file = hcl_json::parse(&text, &f.file).expect(&f.file);
        match hcl_json::to_native_string(&file.body(), &options) {
            Ok(_) => converted += 1,
            Err(e) => {
                for d in e.diagnostics() {
                    assert!(
                        [
                            "Invalid attribute name",
                            "Duplicate argument",
                            "Duplicate object attribute"
                        ]
                        .contains(&d.summary.as_str()),
                        "{}:\n{e}",
                        f.file
                    );
                }
                named += 1;
            }
        }
    }
    eprintln!("{converted} converted, {named} not valid read as attributes");
    assert!(converted > 100, "only {converted} files converted");
}

/// Native to JSON syntax on HCL's own spec suite: every native input
/// (`.hcl`) that parses converts, the JSON parses, and decoding it by the
/// test's `.hcldec` spec gives the native decode's value, or errors where
/// the native decode has errors (the wording differs between syntaxes).
#[test]
fn hcl_specsuite_native_inputs_convert_to_json_decoding_the_same() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let suite = dir.join("hcl-specsuite");
    if !suite.is_dir() {
        eprintln!("skipped: no hcl-specsuite in {}", dir.display());
        return;
    }
    let mut inputs = Vec::new();
    files_with_extension(&suite, "hcl", &mut inputs);
    let options = hcl_json::ConvertOptions::without_schema().verify(true);
    let (mut same, mut both_fail, mut unparsed) = (0, 0, 0);
    for path in &inputs {
        let name = path.strip_prefix(&suite).unwrap().display().to_string();
        let Ok(native) = hcl_json::parse_file(path) else {
            unparsed += 1;
            continue;
        };
        let json = hcl_json::to_json_string(&native.body(), &options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = hcl_json::parse(&json, &format!("{name}.json"))
            .unwrap_or_else(|e| panic!("{name}: the JSON does not parse:\n{e}\n{json}"));
        let spec_path = path.with_extension("hcldec");
        let spec = hcl_json::hcldec::SpecFile::from_body(
            &hcl_json::parse_file(&spec_path)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .body(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        // `hcldec`'s context is literal-only when the spec declares no
        // variables or functions: JSON strings would not be templates.
        // The native text is read in full-expression mode, so the JSON is too.
        let ctx = EvalContext::new()
            .with_variables(spec.variables.clone())
            .with_functions(spec.functions.clone());
        let (want, want_diags) = spec.spec.decode_with_diagnostics(&native.body(), &ctx);
        let (got, got_diags) = spec.spec.decode_with_diagnostics(&back.body(), &ctx);
        if want_diags.has_errors() {
            assert!(
                got_diags.has_errors(),
                "{name}: the JSON decodes without errors:\n{json}"
            );
            both_fail += 1;
        } else {
            assert!(!got_diags.has_errors(), "{name}: {got_diags:?}\n{json}");
            assert_eq!(got, want, "{name}:\n{json}");
            same += 1;
        }
    }
    eprintln!("{same} decode the same, {both_fail} fail both ways, {unparsed} do not parse");
    // 15 inputs: 3 are malformed native syntax, 1 uses an argument the
    // spec does not allow.
    assert_eq!((same, both_fail, unparsed), (11, 1, 3));
}

/// Native to JSON on real configurations: every `.tf.json` that converts
/// to native syntax converts back to JSON (Terraform's schema both ways),
/// that JSON has the native text's blocks and local values
/// (`same_after_round_trip`), and converting it to native syntax again
/// gives the very same text, comments included: nothing is lost or
/// changed going through JSON.
#[test]
fn tf_json_files_go_to_native_and_back_to_json_unchanged() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let options = hcl_json::ConvertOptions::terraform()
        .verify(true)
        .comments(true);
    let (mut seen, mut values) = (0, 0);
    for f in common::corpus_json_files(&dir) {
        if !f.file.ends_with(".tf.json") || !matches!(f.expect.as_str(), "ok" | "semantic-error") {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&f.file)).expect(&f.file);
        let file = hcl_json::parse(&text, &f.file).expect(&f.file);
        let Ok(native) = hcl_json::to_native_string(&file.body(), &options) else {
            continue; // refused, see the test above
        };
        let name = format!("{}.tf", f.file);
        let parsed = hcl_json::parse_native(&native, &name)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{native}"));
        let json = hcl_json::to_json_string(&parsed.body(), &options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = hcl_json::parse(&json, &f.file)
            .unwrap_or_else(|e| panic!("{name}: the JSON does not parse:\n{e}\n{json}"));
        values += same_after_round_trip(&f.file, &back, &native);
        let again = hcl_json::to_native_string(&back.body(), &options)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{json}"));
        assert_eq!(again, native, "{name}: changed going through JSON:\n{json}");
        seen += 1;
    }
    eprintln!("{seen} files through JSON and back; {values} local values compared");
    assert!(seen > 50, "only {seen} files");
    assert!(values >= 10, "only {values} local values compared");
}

/// The Terraform-shaped struct tree of the decode bench, its blocks'
/// remaining attributes taken as `$remain`.
macro_rules! terraform_structs {
    ($module:ident, $remain:ty) => {
        mod $module {
            use hcl_json::{Body, HclDecode, Value};

            #[derive(HclDecode)]
            pub(super) struct TfFile {
                #[hcl(block)]
                pub(super) terraform: Vec<Block0>,
                #[hcl(block)]
                pub(super) provider: Vec<Block1>,
                #[hcl(block)]
                pub(super) variable: Vec<Block1>,
                #[hcl(block)]
                pub(super) locals: Vec<Block0>,
                #[hcl(block)]
                pub(super) data: Vec<Block2>,
                #[hcl(block)]
                pub(super) resource: Vec<Block2>,
                #[hcl(block)]
                pub(super) module: Vec<Block1>,
                #[hcl(block)]
                pub(super) output: Vec<Block1>,
                #[hcl(remain)]
                _rest: Body,
            }

            #[derive(HclDecode)]
            pub(super) struct Block0 {
                #[hcl(remain)]
                pub(super) attrs: $remain,
            }

            #[derive(HclDecode)]
            pub(super) struct Block1 {
                #[hcl(label)]
                pub(super) name: String,
                #[hcl(remain)]
                pub(super) attrs: $remain,
            }

            #[derive(HclDecode)]
            pub(super) struct Block2 {
                #[hcl(label)]
                pub(super) kind: String,
                #[hcl(label)]
                pub(super) name: String,
                #[hcl(attr)]
                pub(super) count: Option<Value>,
                #[hcl(remain)]
                pub(super) attrs: $remain,
            }

            /// Every block's labels and remaining attributes, in order.
            pub(super) fn blocks(
                file: TfFile,
                entries: impl Fn($remain) -> Vec<(String, Value)>,
            ) -> Vec<(Vec<String>, Option<Value>, Vec<(String, Value)>)> {
                let mut out = Vec::new();
                for b in file.terraform.into_iter().chain(file.locals) {
                    out.push((vec![], None, entries(b.attrs)));
                }
                for b in [file.provider, file.variable, file.module, file.output]
                    .into_iter()
                    .flatten()
                {
                    out.push((vec![b.name], None, entries(b.attrs)));
                }
                for b in file.data.into_iter().chain(file.resource) {
                    out.push((vec![b.kind, b.name], b.count, entries(b.attrs)));
                }
                out
            }
        }
    };
}

terraform_structs!(as_maps, indexmap::IndexMap<String, hcl_json::Value>);
terraform_structs!(as_objects, hcl_json::Value);

/// Every Terraform file of the corpus decodes into the same blocks with
/// `Value` remains as with `IndexMap<String, Value>` remains: the same
/// names in the same order and the same values, or the same diagnostics.
#[test]
fn terraform_files_decode_the_same_into_object_and_map_remains() {
    use hcl_json::Value;

    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let (mut decoded, mut failed) = (0, 0);
    for f in common::corpus_json_files(&dir) {
        if f.expect != "ok" || !is_hcl2_terraform(&f.file) {
            continue;
        }
        let src = std::fs::read_to_string(dir.join(&f.file)).unwrap();
        let file = hcl_json::parse(&src, &f.file).unwrap();
        // Every root name unknown, as during a plan (Terraform's impure
        // functions are left out: their calls fail the same both ways).
        let mut ctx = EvalContext::new().with_stdlib();
        if let Ok(attrs) = file.body().just_attributes() {
            for a in attrs.values() {
                for t in a.expr.variables() {
                    ctx = ctx.with_variable(t.root_name(), Value::dynamic());
                }
            }
        }
        let maps = hcl_json::decode_body::<as_maps::TfFile>(&file.body(), &ctx);
        let objects = hcl_json::decode_body::<as_objects::TfFile>(&file.body(), &ctx);
        match (maps, objects) {
            (Ok(maps), Ok(objects)) => {
                let maps = as_maps::blocks(maps, |m| m.into_iter().collect());
                let objects = as_objects::blocks(objects, |v| {
                    let entries = v.as_entries().expect("an object");
                    entries
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.clone()))
                        .collect()
                });
                assert!(maps == objects, "{}: the blocks differ", f.file);
                decoded += 1;
            }
            (Err(maps), Err(objects)) => {
                // A map stops at its first failing attribute; the object
                // reports them all, the first of them the same.
                let first = |e: &hcl_json::Error| {
                    let d = &e.diagnostics()[0];
                    (d.summary.clone(), d.detail.clone(), d.subject.clone())
                };
                assert_eq!(first(&maps), first(&objects), "{}", f.file);
                failed += 1;
            }
            (maps, objects) => panic!(
                "{}: maps {:?}, objects {:?}",
                f.file,
                maps.err().map(|e| e.to_string()),
                objects.err().map(|e| e.to_string())
            ),
        }
    }
    eprintln!("{decoded} files decoded the same, {failed} failed the same");
    assert!(decoded >= 20, "only {decoded} Terraform files decoded");
}
