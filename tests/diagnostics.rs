//! Rendered error text, pinned by golden files: one input per scenario in
//! `tests/golden/errors/NAME.json`, its rendering (summary, detail, file,
//! line and column, snippet and carets, every diagnostic at once) in
//! `NAME.txt` beside it. A change of wording, of a range or of a caret is a
//! visible diff; `HCL_JSON_BLESS=1 cargo test --test diagnostics` rewrites
//! the expected files after a deliberate change.
//!
//! The driver is the same for every scenario, by prefix: `schema_*` files
//! are decoded into a small derive struct; every other file is parsed,
//! then each attribute of its top-level body is evaluated in a context
//! with the standard library, two variables and a 1 MiB budget.

use std::path::{Path, PathBuf};

use hcl_json::{Error, EvalContext, HclDecode, Limits, Value};

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/errors")
}

fn context() -> EvalContext {
    EvalContext::new()
        .with_variable("name", "world")
        .with_variable(
            "list",
            Value::from_iter([Value::from(1i64), Value::from(2i64), Value::from(3i64)]),
        )
        .with_stdlib()
        .with_limits(Limits::default().with_max_bytes(1 << 20))
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Config {
    #[hcl(attr)]
    name: String,
    #[hcl(attr)]
    count: Option<u32>,
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
}

/// Every problem the scenario's file has, rendered, or `None` if it has
/// none (which a scenario must not).
fn render(name: &str, bytes: &[u8]) -> Option<String> {
    let filename = format!("{name}.json");
    if name.starts_with("schema_") {
        let src = std::str::from_utf8(bytes).expect("schema scenarios are UTF-8");
        return hcl_json::from_str_named::<Config>(src, &filename, &context())
            .err()
            .map(|e| e.to_string());
    }
    let file = match hcl_json::body::parse_bytes(bytes, &filename) {
        Ok(file) => file,
        Err(e) => return Some(e.to_string()),
    };
    let attributes = match file.body().just_attributes() {
        Ok(attributes) => attributes,
        Err(e) => return Some(e.to_string()),
    };
    let ctx = context();
    let errors: Vec<Error> = attributes
        .values()
        .filter_map(|a| a.expr.value(&ctx).err())
        .collect();
    errors
        .into_iter()
        .reduce(Error::merge)
        .map(|e| e.to_string())
}

#[test]
fn rendered_errors_match_their_golden_files() {
    let bless = std::env::var_os("HCL_JSON_BLESS").is_some();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(scenarios_dir())
        .expect("tests/golden/errors")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 20, "scenarios went missing: {inputs:?}");
    let mut differences = Vec::new();
    for input in &inputs {
        let name = input.file_stem().unwrap().to_str().unwrap();
        let bytes = std::fs::read(input).unwrap();
        let text = render(name, &bytes)
            .unwrap_or_else(|| panic!("scenario {name} produced no error at all"));
        let expected_path = input.with_extension("txt");
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
                "--- {name}: expected\n{expected}\n--- {name}: got\n{text}"
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "rendered errors differ from their golden files:\n{}",
        differences.join("\n")
    );
}

#[test]
fn every_scenario_has_a_golden_file_and_no_file_is_orphaned() {
    let names = |ext: &str| {
        let mut v: Vec<String> = std::fs::read_dir(scenarios_dir())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names("json"), names("txt"));
}

/// `fn main() -> Result<(), hcl_json::Error>` prints `Error: ` and then the
/// error's `Debug`: that must be HCL's text, with the label once.
#[test]
fn debug_of_an_error_reads_like_its_display_for_main() {
    let err = hcl_json::from_str_named::<Config>(
        "{\n  \"name\": \"${nosuch}\"\n}\n",
        "app.hcl.json",
        &context(),
    )
    .unwrap_err();
    let printed_by_main = format!("Error: {err:?}");
    assert_eq!(printed_by_main, err.to_string());
    assert_eq!(
        printed_by_main,
        "Error: Unknown variable\n\n  on app.hcl.json line 2, column 14:\n   2:   \"name\": \"${nosuch}\"\n                   ^^^^^^\n\nThere is no variable named \"nosuch\".\n"
    );
    // The structure is one `#` away.
    assert!(format!("{err:#?}").starts_with("Error {\n    diagnostics: ["));
}

/// The kind of every diagnostic of `err`.
fn kinds(err: &Error) -> Vec<hcl_json::DiagnosticKind> {
    err.diagnostics().iter().map(|d| d.kind.clone()).collect()
}

/// A representative of each family tools branch on carries its kind, in
/// both syntaxes where the family exists in both.
#[test]
fn each_family_of_diagnostics_carries_its_kind() {
    use hcl_json::{BodySchema, DiagnosticKind as K, Expression};
    let ctx = context();
    let value_err = |src: &str| {
        Expression::parse(src, "e.hcl")
            .unwrap()
            .value(&ctx)
            .unwrap_err()
    };
    // Syntax, in both syntaxes.
    assert_eq!(
        kinds(&hcl_json::parse("{\"a\": 1,}", "s.json").unwrap_err()),
        [K::Syntax]
    );
    assert_eq!(
        kinds(&hcl_json::parse_native("a = 1 +\n", "s.tf").unwrap_err()),
        [K::Syntax]
    );
    assert_eq!(
        kinds(&Expression::parse("1 +", "e").unwrap_err()),
        [K::Syntax]
    );
    // Schemas, in both syntaxes.
    let schema = BodySchema::new()
        .attribute("name", true)
        .block("resource", &["type", "name"]);
    let json = hcl_json::parse(r#"{"nmae": 1, "name": 1, "name": 2}"#, "b.json").unwrap();
    assert_eq!(
        kinds(&json.body().content(&schema).unwrap_err()),
        [K::UnsupportedArgument, K::DuplicateArgument]
    );
    let native = hcl_json::parse_native("nmae = 1\nbogus {}\nresource \"a\" {}\n", "b.tf").unwrap();
    assert_eq!(
        kinds(&native.body().content(&schema).unwrap_err()),
        [
            K::UnsupportedArgument,
            K::UnsupportedBlock,
            K::BlockLabels,
            K::MissingArgument
        ]
    );
    // The derive's blocks.
    #[derive(HclDecode, Debug)]
    #[allow(dead_code)]
    struct One {
        #[hcl(block)]
        only: Only,
    }
    #[derive(HclDecode, Debug)]
    struct Only {}
    let err = hcl_json::from_str::<One>("{}", &ctx).unwrap_err();
    assert_eq!(kinds(&err), [K::MissingBlock]);
    let err = hcl_json::from_str::<One>(r#"{"only": [{}, {}]}"#, &ctx).unwrap_err();
    assert_eq!(kinds(&err), [K::DuplicateBlock]);
    // Evaluation.
    assert_eq!(kinds(&value_err("nosuch")), [K::UnknownVariable]);
    assert_eq!(
        kinds(
            &Expression::parse("x", "e")
                .unwrap()
                .value(&EvalContext::new())
                .unwrap_err()
        ),
        [K::UnknownVariable]
    );
    assert_eq!(
        kinds(
            &Expression::parse("x", "e")
                .unwrap()
                .value(&EvalContext::literal())
                .unwrap_err()
        ),
        [K::VariablesNotAllowed]
    );
    assert_eq!(kinds(&value_err("{a = 1}.b")), [K::UnsupportedAttribute]);
    assert_eq!(kinds(&value_err("upcase(name)")), [K::UnknownFunction]);
    assert_eq!(kinds(&value_err("timestamp()")), [K::UnknownFunction]);
    assert_eq!(
        kinds(
            &Expression::parse("f()", "e")
                .unwrap()
                .value(&EvalContext::new())
                .unwrap_err()
        ),
        [K::FunctionCallsNotAllowed]
    );
    assert_eq!(kinds(&value_err("upper(1, 2)")), [K::WrongArgumentCount]);
    assert_eq!(kinds(&value_err("upper()")), [K::WrongArgumentCount]);
    assert_eq!(kinds(&value_err("upper([])")), [K::InvalidFunctionArgument]);
    assert!(matches!(
        kinds(&value_err("element([], 0)")).as_slice(),
        [K::FunctionCallFailed { .. }]
    ));
    assert!(matches!(
        kinds(&value_err("1 + \"x\"")).as_slice(),
        [K::UnsuitableValue { .. }]
    ));
}

/// An error's own `Display` names the block (native syntax) or JSON path
/// around its subject on the location line, as Terraform's output does:
/// every error carries its file with what names a place in it.
#[test]
fn display_names_the_place_around_the_subject() {
    let ctx = EvalContext::new().with_variable("port", 8080);
    let file =
        hcl_json::parse_native("resource \"a\" \"b\" {\n  x = nosuch\n}\n", "main.tf").unwrap();
    let schema = hcl_json::BodySchema::new().block("resource", &["type", "name"]);
    let block = &file.body().content(&schema).unwrap().blocks[0];
    let err = block.body.just_attributes().unwrap()["x"]
        .expr
        .value(&ctx)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("  on main.tf line 2, column 7, in resource \"a\" \"b\":\n"),
        "{err}"
    );

    let file = hcl_json::parse(
        "{\"service\": {\"web\": {\"port\": \"${prt}\"}}}",
        "app.hcl.json",
    )
    .unwrap();
    let err = file.body().just_attributes().unwrap()["service"]
        .expr
        .value(&ctx)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("  on app.hcl.json line 1, column 33, in service.web:\n"),
        "{err}"
    );
    // At the top level there is nothing to name.
    let file = hcl_json::parse_native("x = nosuch\n", "top.tf").unwrap();
    let err = file.body().just_attributes().unwrap()["x"]
        .expr
        .value(&ctx)
        .unwrap_err();
    assert!(
        err.to_string().contains("  on top.tf line 1, column 5:\n"),
        "{err}"
    );
}
