//! Modules (`hcl_json::module`): directories loaded by Terraform's,
//! OpenTofu's and Packer's rules, override files merged by Terraform's
//! documented rules, variable files in Terraform's precedence order. Each
//! test writes a small module into a directory of its own under the system
//! temp dir and removes it afterwards.

mod common;

use std::path::{Path, PathBuf};

use hcl_json::module::{LoadOptions, Module, ValueSource};
use hcl_json::{Block, Body, BodySchema, EvalContext, HclDecode, Severity, Value};

/// A module directory written for one test, removed when dropped.
struct TempModule {
    dir: PathBuf,
}

impl TempModule {
    fn new(test: &str, files: &[(&str, &str)]) -> TempModule {
        let dir =
            std::env::temp_dir().join(format!("hcl_json_module_{}_{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (name, text) in files {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        std::fs::create_dir_all(&dir).unwrap();
        TempModule { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The name diagnostics give file `name` of the module.
    fn name(&self, name: &str) -> String {
        self.path(name).display().to_string()
    }

    fn load(&self) -> Module {
        Module::load(&self.dir, &LoadOptions::terraform()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn load_err(&self) -> hcl_json::Error {
        Module::load(&self.dir, &LoadOptions::terraform()).unwrap_err()
    }
}

impl Drop for TempModule {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn top(body: &Body) -> Vec<Block> {
    let schema = BodySchema::new()
        .block("terraform", &[])
        .block("provider", &["name"])
        .block("variable", &["name"])
        .block("locals", &[])
        .block("output", &["name"])
        .block("module", &["name"])
        .block("resource", &["type", "name"])
        .block("data", &["type", "name"]);
    body.content(&schema)
        .unwrap_or_else(|e| panic!("{e}"))
        .blocks
}

fn value(body: &Body, name: &str) -> Value {
    let attrs = body.just_attributes().unwrap_or_else(|e| panic!("{e}"));
    attrs[name].expr.value(&EvalContext::new()).unwrap()
}

/// `summary | detail | file:line` of each diagnostic.
fn diags(err: &hcl_json::Error) -> Vec<String> {
    err.diagnostics()
        .iter()
        .map(|d| {
            let at = d
                .subject
                .as_ref()
                .map(|r| {
                    let file = Path::new(r.filename.as_ref())
                        .file_name()
                        .map(|f| f.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    format!("{file}:{}", r.start.line)
                })
                .unwrap_or_default();
            format!("{} | {} | {at}", d.summary, d.detail)
        })
        .collect()
}

// ---- suffix rules and order -------------------------------------------

#[test]
fn files_load_in_name_order_primary_before_override() {
    let m = TempModule::new(
        "order",
        &[
            ("b.tf", "locals {\n  b = 1\n}\n"),
            ("a_override.tf", "locals {\n  b = 2\n}\n"),
            ("a.tf.json", r#"{"locals": {"a": 1}}"#),
            ("notes.md", "not configuration"),
            ("sub/ignored.tf", "this is another module"),
            (".hidden.tf", "not loaded"),
        ],
    );
    let module = m.load();
    let names: Vec<String> = module
        .files()
        .iter()
        .map(|f| f.filename().to_string())
        .collect();
    assert_eq!(
        names,
        [m.name("a.tf.json"), m.name("b.tf"), m.name("a_override.tf")]
    );
    assert_eq!(module.primary_files().len(), 2);
    assert_eq!(module.override_files().len(), 1);
}

#[test]
fn directories_named_like_files_are_skipped_and_symbolic_links_followed() {
    let m = TempModule::new(
        "kinds",
        &[
            ("main.tf", "locals {\n  a = 1\n}\n"),
            ("dir.tf/inner.tf", "not loaded"),
            ("elsewhere/target.txt", "locals {\n  b = 2\n}\n"),
        ],
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink(m.path("elsewhere/target.txt"), m.path("linked.tf")).unwrap();
        symlink(m.path("elsewhere"), m.path("linked_dir.tf")).unwrap();
        symlink(m.path("absent"), m.path("broken.tf")).unwrap();
    }
    let result = Module::load(&m.dir, &LoadOptions::terraform());
    #[cfg(unix)]
    {
        // A link to a file loads as the file; a link to a directory is a
        // directory; a broken link is a file that cannot be read.
        let err = result.unwrap_err();
        let summaries: Vec<&str> = err
            .diagnostics()
            .iter()
            .map(|d| d.summary.as_str())
            .collect();
        assert_eq!(summaries, ["Failed to read file"]);
        assert!(err.diagnostics()[0].detail.contains("broken.tf"));
        std::fs::remove_file(m.path("broken.tf")).unwrap();
        let names: Vec<String> = m
            .load()
            .files()
            .iter()
            .map(|f| f.filename().to_string())
            .collect();
        assert_eq!(names, [m.name("linked.tf"), m.name("main.tf")]);
    }
    #[cfg(not(unix))]
    {
        let module = result.unwrap();
        assert_eq!(module.files().len(), 1);
    }
}

#[test]
fn opentofu_prefers_tofu_file_over_tf_file_of_the_same_name() {
    let m = TempModule::new(
        "tofu",
        &[
            ("main.tf", "locals {\n  who = \"terraform\"\n}\n"),
            ("main.tofu", "locals {\n  who = \"tofu\"\n}\n"),
            ("vars.tf.json", r#"{"variable": {"a": {}}}"#),
        ],
    );
    let module = Module::load(&m.dir, &LoadOptions::opentofu()).unwrap();
    let names: Vec<String> = module
        .files()
        .iter()
        .map(|f| f.filename().to_string())
        .collect();
    assert_eq!(names, [m.name("main.tofu"), m.name("vars.tf.json")]);
    let blocks = top(module.body());
    assert_eq!(value(&blocks[0].body, "who"), Value::from("tofu"));
    // Terraform knows nothing of .tofu files.
    let tf = Module::load(&m.dir, &LoadOptions::terraform()).unwrap();
    assert_eq!(tf.files()[0].filename(), m.name("main.tf"));
}

#[test]
fn test_files_are_left_out_unless_asked() {
    let m = TempModule::new(
        "tests",
        &[
            ("main.tf", "variable \"a\" {}\n"),
            ("main.tftest.hcl", "run \"one\" {}\n"),
            ("tests/more.tftest.json", r#"{"run": {"two": {}}}"#),
        ],
    );
    assert!(m.load().test_files().is_empty());
    let with = Module::load(&m.dir, &LoadOptions::terraform().with_tests(true)).unwrap();
    let names: Vec<String> = with
        .test_files()
        .iter()
        .map(|f| f.filename().to_string())
        .collect();
    assert_eq!(
        names,
        [m.name("main.tftest.hcl"), m.name("tests/more.tftest.json")]
    );
    assert_eq!(with.files().len(), 1);
}

#[test]
fn packer_loads_pkr_files() {
    let m = TempModule::new(
        "packer",
        &[
            ("build.pkr.hcl", "source \"null\" \"a\" {}\n"),
            ("vars.pkr.json", r#"{"variable": {"x": {"default": 1}}}"#),
            ("main.tf", "ignored = true\n"),
        ],
    );
    let module = Module::load(&m.dir, &LoadOptions::packer()).unwrap();
    assert_eq!(module.files().len(), 2);
    let values = module.variable_values::<&str>(&[]).unwrap();
    assert_eq!(values.get("x"), Some(&Value::from(1)));
}

#[test]
fn every_file_error_is_reported_with_its_file() {
    let m = TempModule::new(
        "errors",
        &[
            ("a.tf", "locals {\n  a = \n}\n"),
            ("b.tf.json", "{\"locals\": }"),
            ("c.tf", "locals {}\n"),
        ],
    );
    let err = m.load_err();
    let files: Vec<String> = err
        .diagnostics()
        .iter()
        .map(|d| d.subject.as_ref().unwrap().filename.to_string())
        .collect();
    assert!(files.contains(&m.name("a.tf")), "{files:?}");
    assert!(files.contains(&m.name("b.tf.json")), "{files:?}");
    assert!(!files.contains(&m.name("c.tf")));
    // The rendering shows the offending lines of both files.
    let text = err.to_string();
    assert!(text.contains("a.tf line 2"), "{text}");
}

#[test]
fn a_missing_directory_is_a_diagnostic_naming_it() {
    let dir = std::env::temp_dir().join(format!("hcl_json_module_{}_absent", std::process::id()));
    let err = Module::load(&dir, &LoadOptions::terraform()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Failed to read module directory");
    assert!(d.detail.starts_with(&format!(
        "Module directory {} does not exist or cannot be read",
        dir.display()
    )));
    assert_eq!(
        d.subject.as_ref().unwrap().filename.as_ref(),
        dir.display().to_string()
    );
}

// ---- override merge rules -----------------------------------------------

#[test]
fn override_attribute_replaces_the_primary_attribute_and_points_at_the_override_file() {
    let m = TempModule::new(
        "attr",
        &[
            ("main.tf", "resource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n  instance_type = \"t2.micro\"\n}\n"),
            ("main_override.tf.json", r#"{"resource": {"aws_instance": {"web": {"ami": "ami-2"}}}}"#),
        ],
    );
    let module = m.load();
    let blocks = top(module.body());
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].labels, ["aws_instance", "web"]);
    assert_eq!(blocks[0].def_range.filename.as_ref(), m.name("main.tf"));
    let attrs = blocks[0].body.just_attributes().unwrap();
    assert_eq!(value(&blocks[0].body, "ami"), Value::from("ami-2"));
    assert_eq!(
        attrs["ami"].range.filename.as_ref(),
        m.name("main_override.tf.json")
    );
    assert_eq!(
        value(&blocks[0].body, "instance_type"),
        Value::from("t2.micro")
    );
    assert_eq!(
        attrs["instance_type"].range.filename.as_ref(),
        m.name("main.tf")
    );
    assert_eq!(attrs["instance_type"].range.start.line, 3);
}

#[test]
fn override_nested_blocks_replace_all_primary_blocks_of_their_type() {
    let m = TempModule::new(
        "nested",
        &[
            ("main.tf", "resource \"aws_instance\" \"web\" {\n  ebs { size = 1 }\n  ebs { size = 2 }\n  network { id = 1 }\n}\n"),
            ("override.tf", "resource \"aws_instance\" \"web\" {\n  ebs { type = \"gp3\" }\n}\n"),
        ],
    );
    let module = m.load();
    let web = &top(module.body())[0];
    let content = web
        .body
        .content(&BodySchema::new().block("ebs", &[]).block("network", &[]))
        .unwrap();
    let types: Vec<&str> = content
        .blocks
        .iter()
        .map(|b| b.type_name.as_str())
        .collect();
    assert_eq!(types, ["network", "ebs"]);
    // The contents of a nested block are not merged: the override's block
    // is all there is.
    let ebs = content.blocks[1].body.just_attributes().unwrap();
    assert_eq!(ebs.keys().collect::<Vec<_>>(), ["type"]);
    assert_eq!(ebs["type"].range.filename.as_ref(), m.name("override.tf"));
}

#[test]
fn override_dynamic_block_replaces_static_blocks_of_its_label() {
    let m = TempModule::new(
        "dynamic",
        &[
            ("main.tf", "resource \"x\" \"y\" {\n  ebs { size = 1 }\n  dynamic \"tag\" {\n    for_each = []\n    content {}\n  }\n}\n"),
            ("override.tf", "resource \"x\" \"y\" {\n  dynamic \"ebs\" {\n    for_each = [1]\n    content {}\n  }\n  tag {}\n}\n"),
        ],
    );
    let module = m.load();
    let y = &top(module.body())[0];
    let content = y
        .body
        .content(
            &BodySchema::new()
                .block("ebs", &[])
                .block("tag", &[])
                .block("dynamic", &["type"]),
        )
        .unwrap();
    let kinds: Vec<String> = content
        .blocks
        .iter()
        .map(|b| format!("{} {:?}", b.type_name, b.labels))
        .collect();
    assert_eq!(kinds, ["dynamic [\"ebs\"]", "tag []"]);
}

#[test]
fn lifecycle_merges_argument_by_argument() {
    let m = TempModule::new(
        "lifecycle",
        &[
            ("main.tf", "resource \"x\" \"y\" {\n  lifecycle {\n    ignore_changes = [tags]\n    prevent_destroy = false\n  }\n}\n"),
            ("override.tf", "resource \"x\" \"y\" {\n  lifecycle {\n    create_before_destroy = true\n    prevent_destroy = true\n  }\n}\n"),
        ],
    );
    let module = m.load();
    let y = &top(module.body())[0];
    let content = y
        .body
        .content(&BodySchema::new().block("lifecycle", &[]))
        .unwrap();
    assert_eq!(content.blocks.len(), 1);
    let lc = content.blocks[0].body.just_attributes().unwrap();
    let names: Vec<&str> = lc.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["ignore_changes", "prevent_destroy", "create_before_destroy"]
    );
    assert_eq!(
        value(&content.blocks[0].body, "prevent_destroy"),
        Value::from(true)
    );
    assert_eq!(
        lc["ignore_changes"].range.filename.as_ref(),
        m.name("main.tf")
    );
}

#[test]
fn locals_are_overridden_value_by_value_whatever_block_defines_them() {
    let m = TempModule::new(
        "locals",
        &[
            ("a.tf", "locals {\n  a = 1\n  b = 2\n}\n"),
            ("b.tf", "locals {\n  c = 3\n}\n"),
            ("override.tf", "locals {\n  b = 20\n  c = 30\n}\n"),
        ],
    );
    let module = m.load();
    let mut all = Vec::new();
    for block in top(module.body()) {
        for (name, attr) in block.body.just_attributes().unwrap() {
            let file = Path::new(attr.range.filename.as_ref())
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            all.push(format!(
                "{name}={} ({file})",
                attr.expr
                    .value(&EvalContext::new())
                    .unwrap()
                    .as_number()
                    .unwrap()
            ));
        }
    }
    assert_eq!(
        all,
        ["a=1 (a.tf)", "b=20 (override.tf)", "c=30 (override.tf)"]
    );
}

#[test]
fn a_local_with_nothing_to_override_is_an_error() {
    let m = TempModule::new(
        "locals_missing",
        &[
            ("a.tf", "locals {\n  a = 1\n}\n"),
            ("override.tf", "locals {\n  z = 1\n}\n"),
        ],
    );
    assert_eq!(
        diags(&m.load_err()),
        ["Missing base local value definition to override | There is no local value named \"z\". An override file can only override a local value that was already defined in a primary configuration file. | override.tf:2"]
    );
}

#[test]
fn a_module_error_names_its_block_on_the_location_line() {
    // A loaded module's error carries its parsed files, and a file that
    // failed to parse the blocks its parse recovered: `Display` names the
    // block around each subject, as Terraform's output does.
    let m = TempModule::new(
        "location_lines",
        &[
            ("a.tf", "locals {\n  a = 1\n}\n"),
            ("override.tf", "locals {\n  z = 1\n}\n"),
        ],
    );
    let text = m.load_err().to_string();
    assert!(
        text.contains("/override.tf line 2, column 3, in locals:\n"),
        "{text}"
    );
    let m = TempModule::new(
        "location_lines_syntax",
        &[("main.tf", "resource \"a\" \"b\" {\n  count = 1 +\n}\n")],
    );
    let text = m.load_err().to_string();
    assert!(
        text.contains("/main.tf line 2, column 14, in resource \"a\" \"b\":\n"),
        "{text}"
    );
}

#[test]
fn terraform_required_providers_merge_provider_by_provider() {
    let m = TempModule::new(
        "required_providers",
        &[
            ("versions.tf", "terraform {\n  required_version = \">= 1.0\"\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \"~> 4.0\" }\n    google = { source = \"hashicorp/google\" }\n  }\n}\n"),
            ("versions_override.tf.json", r#"{"terraform": {"required_providers": {"aws": {"source": "hashicorp/aws", "version": "~> 5.0"}}}}"#),
        ],
    );
    let module = m.load();
    let schema = BodySchema::new()
        .attribute("required_version", false)
        .block("required_providers", &[]);
    let mut providers = Vec::new();
    let mut versions = Vec::new();
    for tf in top(module.body()) {
        let content = tf.body.content(&schema).unwrap();
        versions.extend(content.attributes.keys().cloned());
        for rp in content.blocks {
            for (name, attr) in rp.body.just_attributes().unwrap() {
                let v = attr.expr.value(&EvalContext::new()).unwrap();
                let version = match &v {
                    Value::Object(o) => o
                        .get("version")
                        .and_then(|v| v.as_str())
                        .unwrap_or("-")
                        .to_string(),
                    _ => panic!("{v:?}"),
                };
                providers.push(format!("{name} {version}"));
            }
        }
    }
    assert_eq!(providers, ["google -", "aws ~> 5.0"]);
    // Settings the override leaves alone stay.
    assert_eq!(versions, ["required_version"]);
}

#[test]
fn terraform_backend_and_cloud_replace_each_other() {
    let m = TempModule::new(
        "backend",
        &[
            ("main.tf", "terraform {\n  required_version = \">= 1.0\"\n  cloud {\n    organization = \"o\"\n  }\n}\n"),
            ("override.tf", "terraform {\n  required_version = \">= 1.5\"\n  backend \"s3\" {\n    bucket = \"b\"\n  }\n}\n"),
        ],
    );
    let module = m.load();
    let schema = BodySchema::new()
        .attribute("required_version", false)
        .block("cloud", &[])
        .block("backend", &["type"]);
    let mut seen = Vec::new();
    for tf in top(module.body()) {
        let content = tf.body.content(&schema).unwrap();
        for (name, attr) in &content.attributes {
            seen.push(format!(
                "{name}={}",
                attr.expr
                    .value(&EvalContext::new())
                    .unwrap()
                    .as_str()
                    .unwrap()
            ));
        }
        for b in &content.blocks {
            seen.push(format!("{} {:?}", b.type_name, b.labels));
        }
    }
    assert_eq!(seen, ["required_version=>= 1.5", "backend [\"s3\"]"]);
}

#[test]
fn override_files_compound_in_name_order() {
    let m = TempModule::new(
        "compound",
        &[
            (
                "main.tf",
                "variable \"a\" {\n  default = 1\n  description = \"base\"\n}\n",
            ),
            ("b_override.tf", "variable \"a\" {\n  default = 3\n}\n"),
            (
                "a_override.tf",
                "variable \"a\" {\n  default = 2\n  description = \"first\"\n}\n",
            ),
        ],
    );
    let module = m.load();
    let a = &top(module.body())[0];
    assert_eq!(value(&a.body, "default"), Value::from(3));
    assert_eq!(value(&a.body, "description"), Value::from("first"));
}

#[test]
fn an_override_block_with_nothing_to_override_is_an_error() {
    let m = TempModule::new(
        "missing",
        &[
            ("main.tf", "resource \"a\" \"b\" {}\n"),
            (
                "override.tf",
                "resource \"a\" \"c\" {}\ndata \"d\" \"e\" {}\nvariable \"v\" {}\noutput \"o\" {}\nmodule \"m\" {}\nprovider \"aws\" {\n  alias = \"east\"\n}\n",
            ),
        ],
    );
    assert_eq!(
        diags(&m.load_err()),
        [
            "Missing resource to override | There is no a resource named \"c\". An override file can only override a resource block defined in a primary configuration file. | override.tf:1",
            "Missing data resource to override | There is no d data resource named \"e\". An override file can only override a data block defined in a primary configuration file. | override.tf:2",
            "Missing base variable declaration to override | There is no variable named \"v\". An override file can only override a variable that was already declared in a primary configuration file. | override.tf:3",
            "Missing base output definition to override | There is no output named \"o\". An override file can only override an output that was already defined in a primary configuration file. | override.tf:4",
            "Missing module call to override | There is no module call named \"m\". An override file can only override a module call that was defined in a primary configuration file. | override.tf:5",
            "Missing base provider configuration for override | There is no aws provider configuration with the alias \"east\". An override file can only override an aliased provider configuration that was already defined in a primary configuration file. | override.tf:6",
        ]
    );
}

#[test]
fn providers_are_matched_by_name_and_alias_and_a_default_one_may_be_new() {
    let m = TempModule::new(
        "providers",
        &[
            ("main.tf", "provider \"aws\" {\n  region = \"us-east-1\"\n}\nprovider \"aws\" {\n  alias = \"west\"\n  region = \"us-west-1\"\n}\n"),
            ("override.tf", "provider \"aws\" {\n  alias = \"west\"\n  region = \"us-west-2\"\n}\nprovider \"google\" {\n  project = \"p\"\n}\n"),
        ],
    );
    let module = m.load();
    let regions: Vec<String> = top(module.body())
        .iter()
        .map(|p| {
            let attrs = p.body.just_attributes().unwrap();
            let key = if attrs.contains_key("region") {
                "region"
            } else {
                "project"
            };
            format!(
                "{} {}",
                p.labels[0],
                attrs[key]
                    .expr
                    .value(&EvalContext::new())
                    .unwrap()
                    .as_str()
                    .unwrap()
            )
        })
        .collect();
    assert_eq!(regions, ["aws us-east-1", "aws us-west-2", "google p"]);
}

#[test]
fn depends_on_may_not_be_overridden() {
    let m = TempModule::new(
        "depends_on",
        &[
            (
                "main.tf",
                "resource \"a\" \"b\" {}\nresource \"a\" \"c\" {}\n",
            ),
            (
                "override.tf",
                "resource \"a\" \"b\" {\n  depends_on = [a.c]\n}\n",
            ),
        ],
    );
    assert_eq!(
        diags(&m.load_err()),
        ["Unsupported override | The depends_on argument may not be overridden. | override.tf:2"]
    );
}

#[test]
fn overriding_a_variable_type_must_keep_its_default_valid() {
    let m = TempModule::new(
        "variable_type",
        &[
            (
                "main.tf",
                "variable \"a\" {\n  default = \"x\"\n}\nvariable \"b\" {\n  type = number\n}\n",
            ),
            (
                "override.tf",
                "variable \"a\" {\n  type = number\n}\nvariable \"b\" {\n  default = [1]\n}\n",
            ),
        ],
    );
    let errs = diags(&m.load_err());
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs[0].starts_with("Invalid default value for variable | Overriding this variable's type constraint has made its default value invalid: a number is required"), "{errs:?}");
    assert!(errs[0].ends_with("| override.tf:1"), "{errs:?}");
    assert!(errs[1].starts_with("Invalid default value for variable | The overridden default value for this variable is not compatible with the variable's type constraint: "), "{errs:?}");
}

#[test]
fn moved_import_and_check_blocks_cannot_be_overridden() {
    let m = TempModule::new(
        "moved",
        &[
            ("main.tf", "resource \"a\" \"b\" {}\ncheck \"c\" {}\n"),
            (
                "override.tf",
                "moved {\n  from = a.x\n  to = a.b\n}\nimport {\n  to = a.b\n  id = \"i\"\n}\ncheck \"c\" {}\n",
            ),
        ],
    );
    assert_eq!(
        diags(&m.load_err()),
        [
            "Cannot override 'moved' blocks | Records of moved objects can appear only in normal files, not in override files. | override.tf:1",
            "Cannot override 'import' blocks | Import blocks can appear only in normal files, not in override files. | override.tf:5",
            "Can't override check blocks | Override files cannot override check blocks. | override.tf:9",
        ]
    );
}

#[test]
fn ephemeral_and_removed_blocks_in_override_files_follow_each_dialects_merge() {
    let m = TempModule::new(
        "ephemeral_override",
        &[
            (
                "main.tf",
                "ephemeral \"random_password\" \"p\" {\n  length = 8\n}\n",
            ),
            (
                "override.tf",
                "ephemeral \"random_password\" \"p\" {\n  length = 16\n}\nephemeral \"random_password\" \"q\" {}\nremoved {\n  from = null_resource.b\n}\n",
            ),
        ],
    );
    let length = |module: &Module| {
        let schema = BodySchema::new().block("ephemeral", &["type", "name"]);
        let (content, _) = module.body().partial_content(&schema).unwrap();
        let attrs = content.blocks[0].body.just_attributes().unwrap();
        attrs["length"].expr.value(&EvalContext::new()).unwrap()
    };
    // Terraform's merge has no case for them: both ignored.
    assert_eq!(length(&m.load()), Value::from(8));
    // OpenTofu overrides an ephemeral block as a data block, refuses one
    // with nothing to override, and refuses `removed`.
    let tofu = LoadOptions::opentofu();
    let err = Module::load(&m.dir, &tofu).unwrap_err();
    assert_eq!(
        diags(&err),
        [
            "Missing ephemeral resource to override | There is no random_password ephemeral resource named \"q\". An override file can only override an ephemeral block defined in a primary configuration file. | override.tf:4",
            "Cannot override 'Removed' blocks | Removed blocks can appear only in normal files, not in override files. | override.tf:5",
        ]
    );
    let (module, _) = Module::load_with_diagnostics(&m.dir, &tofu);
    assert_eq!(length(&module), Value::from(16));
}

#[test]
fn a_module_with_overrides_decodes_through_the_derive() {
    #[derive(HclDecode, Debug)]
    struct Config {
        #[hcl(block)]
        variable: Vec<Var>,
        #[hcl(remain)]
        _rest: Body,
    }
    #[derive(HclDecode, Debug)]
    struct Var {
        #[hcl(label)]
        name: String,
        #[hcl(attr)]
        default: Option<Value>,
        #[hcl(attr)]
        description: String,
    }
    let m = TempModule::new(
        "derive",
        &[
            (
                "variables.tf.json",
                r#"{"variable": {"region": {"default": "eu", "description": "where"}}}"#,
            ),
            (
                "variables_override.tf",
                "variable \"region\" {\n  default = \"us\"\n}\n",
            ),
        ],
    );
    let module = m.load();
    let config: Config = hcl_json::decode_body(module.body(), &EvalContext::new()).unwrap();
    assert_eq!(config.variable[0].name, "region");
    assert_eq!(config.variable[0].default, Some(Value::from("us")));
    assert_eq!(config.variable[0].description, "where");
}

/// A body with override files applied has no text of its own: writing
/// it back is a located error, never an empty object.
#[test]
fn a_body_with_overrides_applied_is_refused_when_written_back() {
    let m = TempModule::new(
        "write-back",
        &[
            ("main.tf", "resource \"a\" \"b\" {\n  size = 1\n}\n"),
            ("override.tf", "resource \"a\" \"b\" {\n  size = 2\n}\n"),
        ],
    );
    let module = m.load();
    let err = hcl_json::to_string(module.body()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Body cannot be written back");
    assert!(d.detail.contains("override files"), "{}", d.detail);
    assert!(d.subject.is_some());
    let resource = &top(module.body())[0];
    let err = hcl_json::to_string(&resource.body).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Body cannot be written back");
    let subject = err.diagnostics()[0].subject.as_ref().unwrap();
    assert!(subject.filename.ends_with("main.tf"), "{subject:?}");
}

#[test]
fn a_required_attribute_may_come_from_either_file() {
    let m = TempModule::new(
        "required",
        &[
            ("main.tf", "resource \"a\" \"b\" {}\n"),
            ("override.tf", "resource \"a\" \"b\" {\n  name = \"n\"\n}\n"),
        ],
    );
    let module = m.load();
    let b = &top(module.body())[0];
    let schema = BodySchema::new()
        .attribute("name", true)
        .attribute("size", true);
    let err = b.body.content(&schema).unwrap_err();
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(err.diagnostics()[0].summary, "Missing required argument");
    assert_eq!(
        err.diagnostics()[0]
            .subject
            .as_ref()
            .unwrap()
            .filename
            .as_ref(),
        m.name("main.tf")
    );
}

// ---- variable files ------------------------------------------------------

const DECLS: &str = "variable \"a\" {\n  default = \"default\"\n}\nvariable \"b\" {\n  default = \"default\"\n}\nvariable \"c\" {\n  default = \"default\"\n}\nvariable \"d\" {\n  default = \"default\"\n}\nvariable \"e\" {\n  default = \"default\"\n}\nvariable \"f\" {\n  default = \"default\"\n}\n";

#[test]
fn variable_files_apply_in_terraforms_precedence_order() {
    let m = TempModule::new(
        "precedence",
        &[
            ("variables.tf", DECLS),
            ("terraform.tfvars", "b = \"terraform.tfvars\"\nc = \"terraform.tfvars\"\nd = \"terraform.tfvars\"\ne = \"terraform.tfvars\"\nf = \"terraform.tfvars\"\n"),
            ("terraform.tfvars.json", r#"{"c": "terraform.tfvars.json", "d": "terraform.tfvars.json", "e": "terraform.tfvars.json", "f": "terraform.tfvars.json"}"#),
            ("a.auto.tfvars.json", r#"{"d": "a.auto.tfvars.json", "e": "a.auto.tfvars.json", "f": "a.auto.tfvars.json"}"#),
            ("b.auto.tfvars", "e = \"b.auto.tfvars\"\nf = \"b.auto.tfvars\"\n"),
            ("prod.tfvars", "f = \"prod.tfvars\"\n"),
        ],
    );
    let module = m.load();
    let values = module.variable_values(&[m.path("prod.tfvars")]).unwrap();
    let got: Vec<String> = values
        .iter()
        .map(|(name, v)| format!("{name}={}", v.value.as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            "a=default",
            "b=terraform.tfvars",
            "c=terraform.tfvars.json",
            "d=a.auto.tfvars.json",
            "e=b.auto.tfvars",
            "f=prod.tfvars"
        ]
    );
    assert_eq!(values.value("a").unwrap().source, ValueSource::Default);
    match &values.value("f").unwrap().source {
        ValueSource::File(range) => assert_eq!(range.filename.as_ref(), m.name("prod.tfvars")),
        other => panic!("{other:?}"),
    }
    // A named file that is not an auto file is read only when named.
    let without = module.variable_values::<&str>(&[]).unwrap();
    assert_eq!(without.get("f"), Some(&Value::from("b.auto.tfvars")));
}

#[test]
fn variable_values_convert_to_the_declared_type_with_optional_defaults() {
    let m = TempModule::new(
        "convert",
        &[
            ("variables.tf", "variable \"port\" {\n  type = number\n}\nvariable \"svc\" {\n  type = object({\n    name = string\n    port = optional(number, 80)\n  })\n}\nvariable \"tags\" {\n  type = map(string)\n  default = {}\n}\n"),
            ("terraform.tfvars", "port = \"8080\"\nsvc = { name = \"web\" }\ntags = { team = 7 }\n"),
        ],
    );
    let values = m.load().variable_values::<&str>(&[]).unwrap();
    assert_eq!(values.get("port"), Some(&Value::from(8080)));
    assert_eq!(
        values.get("svc"),
        Some(&Value::object([
            ("name", Value::from("web")),
            ("port", Value::from(80))
        ]))
    );
    assert_eq!(
        values.get("tags").unwrap().ty(),
        hcl_json::Type::map(hcl_json::Type::String)
    );
    let ctx = EvalContext::new().with_variable("var", values.to_value());
    let expr = hcl_json::parse_native("x = var.svc.port + 1\n", "x.tf")
        .unwrap()
        .body()
        .just_attributes()
        .unwrap()["x"]
        .expr
        .clone();
    assert_eq!(expr.value(&ctx).unwrap(), Value::from(81));
}

#[test]
fn a_value_of_the_wrong_type_is_an_invalid_value_at_its_range() {
    let m = TempModule::new(
        "invalid",
        &[
            ("variables.tf", "variable \"port\" {\n  type = number\n}\n"),
            ("terraform.tfvars", "\nport = \"eighty\"\n"),
        ],
    );
    let err = m.load().variable_values::<&str>(&[]).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid value for input variable");
    assert_eq!(
        d.detail,
        format!("The given value is not suitable for var.port declared at {}:1,1-16: a number is required.", m.name("variables.tf"))
    );
    let r = d.subject.as_ref().unwrap();
    assert_eq!(
        (
            r.filename.to_string(),
            r.start.line,
            r.start.column,
            r.end.column
        ),
        (m.name("terraform.tfvars"), 2, 8, 16)
    );
}

#[test]
fn a_value_for_an_undeclared_variable_is_a_warning_with_a_suggestion() {
    let m = TempModule::new(
        "undeclared",
        &[
            (
                "variables.tf",
                "variable \"region\" {\n  default = \"eu\"\n}\n",
            ),
            ("terraform.tfvars", "regoin = \"us\"\nzzz = 1\n"),
        ],
    );
    let values = m.load().variable_values::<&str>(&[]).unwrap();
    assert_eq!(values.get("region"), Some(&Value::from("eu")));
    let w = values.warnings();
    assert_eq!(w.len(), 2);
    assert_eq!(w[0].severity, Severity::Warning);
    assert_eq!(w[0].summary, "Value for undeclared variable");
    assert_eq!(
        w[0].detail,
        format!("The root module does not declare a variable named \"regoin\" but a value was found in file {:?}. Did you mean \"region\"? If you meant to use this value, add a \"variable\" block to the configuration.", m.name("terraform.tfvars"))
    );
    assert_eq!(w[0].subject.as_ref().unwrap().start.line, 1);
    assert!(!w[1].detail.contains("Did you mean"));
}

#[test]
fn a_required_variable_without_a_value_is_an_error() {
    let m = TempModule::new(
        "required_var",
        &[("variables.tf", "\nvariable \"region\" {}\n")],
    );
    let err = m.load().variable_values::<&str>(&[]).unwrap_err();
    assert_eq!(
        diags(&err),
        ["No value for required variable | The root module input variable \"region\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable. | variables.tf:2"]
    );
}

#[test]
fn variable_files_are_literal_only() {
    let m = TempModule::new(
        "literal",
        &[
            (
                "variables.tf",
                "variable \"a\" {}\nvariable \"b\" {}\nvariable \"c\" {\n  default = 0\n}\n",
            ),
            ("terraform.tfvars.json", r#"{"a": "${upper(x)}"}"#),
            ("x.auto.tfvars", "b = \"n-${1 + 1}\"\n"),
            ("y.tfvars", "c = var.a\n"),
        ],
    );
    let module = m.load();
    let values = module.variable_values::<&str>(&[]).unwrap();
    // JSON strings are not templates here; native templates without
    // references are fine.
    assert_eq!(values.get("a"), Some(&Value::from("${upper(x)}")));
    assert_eq!(values.get("b"), Some(&Value::from("n-2")));
    let err = module.variable_values(&[m.path("y.tfvars")]).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Variables not allowed");
    assert_eq!(
        err.diagnostics()[0]
            .subject
            .as_ref()
            .unwrap()
            .filename
            .as_ref(),
        m.name("y.tfvars")
    );
}

#[test]
fn a_missing_variable_file_is_a_diagnostic_naming_it() {
    let m = TempModule::new(
        "missing_var_file",
        &[("variables.tf", "variable \"a\" {\n  default = 1\n}\n")],
    );
    let err = m
        .load()
        .variable_values(&[m.path("nope.tfvars")])
        .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Failed to read file");
    assert_eq!(
        d.subject.as_ref().unwrap().filename.as_ref(),
        m.name("nope.tfvars")
    );
}

// ---- corpus ------------------------------------------------------------

/// Every directory of the corpus with several Terraform configuration files
/// loads as a module, override files applied, or fails only with located
/// diagnostics in files the corpus marks as bad.
#[test]
fn corpus_module_directories_load() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let bad: std::collections::HashSet<PathBuf> = common::corpus_json_files(&corpus)
        .into_iter()
        .filter(|f| f.expect != "ok")
        .map(|f| corpus.join(f.file))
        .collect();
    let mut dirs = Vec::new();
    collect_dirs(&corpus, &mut dirs);
    let (mut loaded, mut with_overrides, mut missing_base, mut failed) = (0, 0, 0, Vec::new());
    for dir in dirs {
        let configs = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.path().is_file())
            .filter(|e| {
                // Terraform's suffixes are case-sensitive.
                let n = e.file_name().to_string_lossy().into_owned();
                [".tf", ".tf.json", ".tofu", ".tofu.json"]
                    .iter()
                    .any(|suffix| n.ends_with(suffix))
            })
            .count();
        if configs < 2 {
            continue;
        }
        match Module::load(&dir, &LoadOptions::opentofu()) {
            Ok(module) => {
                loaded += 1;
                if !module.override_files().is_empty() {
                    with_overrides += 1;
                }
                // The body answers a schema (overrides applied through it).
                if let Err(err) = module
                    .body()
                    .partial_content(&BodySchema::new().block("variable", &["name"]))
                {
                    failed.push(format!("{}: {err}", dir.display()));
                }
            }
            Err(err) => {
                // The corpus keeps JSON files only: a fixture whose primary
                // files are native syntax has only its override files here,
                // with nothing to override, which is what Terraform says.
                let only_overrides = std::fs::read_dir(&dir)
                    .unwrap()
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".tf.json"))
                    .all(|n| n == "override.tf.json" || n.ends_with("_override.tf.json"));
                for d in err.diagnostics() {
                    if only_overrides
                        && d.summary.starts_with("Missing ")
                        && d.summary.contains("to override")
                    {
                        missing_base += 1;
                        continue;
                    }
                    let subject = d
                        .subject
                        .as_ref()
                        .unwrap_or_else(|| panic!("{}: unlocated {}", dir.display(), d.summary));
                    let file = PathBuf::from(subject.filename.as_ref());
                    if !bad.contains(&file) {
                        failed.push(format!("{}: {} ({})", file.display(), d.summary, d.detail));
                    }
                }
            }
        }
    }
    eprintln!("corpus: {loaded} module directories loaded, {with_overrides} with override files; {missing_base} overrides without their (native) base");
    assert!(loaded > 0);
    assert!(failed.is_empty(), "{failed:#?}");
}

fn collect_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    out.push(dir.to_path_buf());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut subdirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    subdirs.sort();
    for sub in subdirs {
        collect_dirs(&sub, out);
    }
}

// -------------------------------------------- values given as text (-var, TF_VAR_)

const TYPED: &str = "variable \"name\" {}\nvariable \"region\" {\n  type = string\n}\nvariable \"count\" {\n  type = number\n  default = 1\n}\nvariable \"zones\" {\n  type = list(string)\n  default = []\n}\nvariable \"anything\" {\n  type = any\n  default = null\n}\n";

fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn environment_then_files_then_command_line_options_in_order() {
    use hcl_json::module::VarArg;
    let m = TempModule::new(
        "var_args",
        &[
            ("variables.tf", TYPED),
            (
                "terraform.tfvars",
                "name = \"tfvars\"\nregion = \"tfvars\"\n",
            ),
            ("prod.tfvars", "region = \"prod.tfvars\"\ncount = 5\n"),
        ],
    );
    let environment = env(&[
        ("TF_VAR_name", "env"),
        ("TF_VAR_count", "2"),
        ("TF_VAR_undeclared", "ignored"),
        ("PATH", "/bin"),
    ]);
    let args = [
        VarArg::Var("count=3".into()),
        VarArg::VarFile(m.path("prod.tfvars")),
        VarArg::Var("zones=[\"a\", \"b\"]".into()),
    ];
    let values = m.load().variable_values_from(environment, &args).unwrap();
    // terraform.tfvars beats the environment; prod.tfvars, named after
    // `-var count=3`, beats it; nothing was said about `anything`.
    assert_eq!(values.get("name"), Some(&Value::from("tfvars")));
    assert_eq!(values.get("region"), Some(&Value::from("prod.tfvars")));
    assert_eq!(values.get("count"), Some(&Value::from(5)));
    assert_eq!(
        values.get("zones"),
        Some(&Value::list(hcl_json::Type::String, ["a".into(), "b".into()]).unwrap())
    );
    assert!(values.warnings().is_empty(), "{:?}", values.warnings());
    match &values.value("zones").unwrap().source {
        ValueSource::Argument(range) => {
            assert_eq!(range.filename.as_ref(), "<value for var.zones>");
            assert_eq!((range.start.column, range.end.column), (1, 11));
        }
        other => panic!("{other:?}"),
    }
    // Without the files, the environment's values stand.
    let only_env = m
        .load()
        .variable_values_from(env(&[("TF_VAR_count", "2")]), &[])
        .unwrap();
    assert_eq!(only_env.get("count"), Some(&Value::from(2)));
    assert!(matches!(
        only_env.value("count").unwrap().source,
        ValueSource::Environment(_)
    ));
}

#[test]
fn text_is_a_string_for_primitive_or_untyped_variables_and_an_expression_otherwise() {
    use hcl_json::module::{VarSource, VariableValues};
    let module = Module::from_sources([("v.tf", TYPED)], &LoadOptions::terraform()).unwrap();
    let decls = module.variables().unwrap();
    let arg = |s: &str| VarSource::Argument(s.into());
    let values = VariableValues::resolve_sources(
        &decls,
        [
            arg("name=[1, 2]"),
            arg("region=\"quoted\""),
            arg("count=42"),
            arg("anything={ a = [true, 1 + 1] }"),
        ],
    )
    .unwrap();
    // No type: the text as it is, brackets and all.
    assert_eq!(values.get("name"), Some(&Value::from("[1, 2]")));
    // A string type: the quotes are part of the string.
    assert_eq!(values.get("region"), Some(&Value::from("\"quoted\"")));
    // A number type: the text, converted.
    assert_eq!(values.get("count"), Some(&Value::from(42)));
    // `any`: an expression, evaluated.
    assert_eq!(
        values.get("anything"),
        Some(&Value::object([(
            "a",
            Value::tuple([Value::from(true), Value::from(2)])
        )]))
    );
}

#[test]
fn malformed_var_options_use_terraforms_wording() {
    use hcl_json::module::{VarSource, VariableValues};
    let module = Module::from_sources([("v.tf", TYPED)], &LoadOptions::terraform()).unwrap();
    let decls = module.variables().unwrap();
    let err = VariableValues::resolve_sources(
        &decls,
        [
            VarSource::Argument("region".into()),
            VarSource::Argument("region =x".into()),
            VarSource::Argument("regoin=x".into()),
        ],
    )
    .unwrap_err();
    let got: Vec<(&str, &str)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.summary.as_str(), d.detail.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("Invalid -var option", "The given -var option \"region\" is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\"."),
            ("Invalid -var option", "Variable name \"region \" is invalid due to trailing space. Did you mean -var=\"region=x\"?"),
            ("Value for undeclared variable", "A variable named \"regoin\" was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration."),
            ("No value for required variable", "The root module input variable \"name\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."),
            ("No value for required variable", "The root module input variable \"region\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."),
        ]
    );
    // The undeclared name is pointed at in the option's text.
    let at = err.diagnostics()[2].subject.as_ref().unwrap();
    assert_eq!(at.filename.as_ref(), "<-var option>");
    assert_eq!((at.start.column, at.end.column), (1, 7));
}

#[test]
fn text_that_is_not_a_valid_expression_is_reported_in_its_own_source() {
    use hcl_json::module::{VarSource, VariableValues};
    let module = Module::from_sources([("v.tf", TYPED)], &LoadOptions::terraform()).unwrap();
    let decls = module.variables().unwrap();
    let set = |pairs: &[&str]| {
        let mut sources = vec![
            VarSource::Argument("name=n".into()),
            VarSource::Argument("region=r".into()),
        ];
        sources.extend(pairs.iter().map(|p| VarSource::Argument((*p).into())));
        VariableValues::resolve_sources(&decls, sources).unwrap_err()
    };
    // A syntax error.
    let err = set(&["zones=[\"a\","]);
    assert_eq!(err.diagnostics().len(), 1, "{err}");
    let d = &err.diagnostics()[0];
    let at = d.subject.as_ref().unwrap();
    assert_eq!(at.filename.as_ref(), "<value for var.zones>");
    assert!(err.to_string().contains("[\"a\","), "{err}");
    // No variables: values are constants.
    let err = set(&["zones=[var.x]"]);
    assert_eq!(err.diagnostics()[0].summary, "Variables not allowed");
    // A value of the wrong type: Terraform's words for a `-var` option,
    // at the declaration.
    let err = set(&["zones={ a = 1 }"]);
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid value for input variable");
    assert!(
        d.detail
            .starts_with("Unsuitable value for var.zones set using -var=\"zones=...\": "),
        "{}",
        d.detail
    );
    let at = d.subject.as_ref().unwrap();
    assert_eq!(at.filename.as_ref(), "v.tf");
}

#[test]
fn packer_reads_pkr_var_environment_variables() {
    let module = Module::from_sources(
        [("v.pkr.hcl", "variable \"image\" {\n  type = string\n}\n")],
        &LoadOptions::packer(),
    )
    .unwrap();
    let values = module
        .variable_values_from(
            env(&[("TF_VAR_image", "tf"), ("PKR_VAR_image", "pkr")]),
            &[],
        )
        .unwrap();
    assert_eq!(values.get("image"), Some(&Value::from("pkr")));
}

// ---------------------------------------------- what could be read, and why not

#[test]
fn a_partial_load_keeps_the_files_that_parse_with_every_problem() {
    let m = TempModule::new(
        "partial",
        &[
            ("main.tf", "locals {\n  a = 1\n}\n"),
            ("broken.tf", "locals {\n  b = \n}\n"),
            ("vars.tf.json", r#"{"variable": {"region": {}}}"#),
        ],
    );
    let (module, diags) = Module::load_with_diagnostics(&m.dir, &LoadOptions::terraform());
    let names: Vec<String> = module
        .files()
        .iter()
        .map(|f| f.filename().to_string())
        .collect();
    assert_eq!(names, [m.name("main.tf"), m.name("vars.tf.json")]);
    let errors: Vec<(&str, String)> = diags
        .as_slice()
        .iter()
        .map(|d| {
            (
                d.summary.as_str(),
                d.subject.as_ref().unwrap().filename.to_string(),
            )
        })
        .collect();
    assert_eq!(errors, [("Invalid expression", m.name("broken.tf"))]);
    // What was read answers schemas as a loaded module does.
    let top = module
        .body()
        .content(
            &BodySchema::new()
                .block("locals", &[])
                .block("variable", &["name"]),
        )
        .unwrap();
    assert_eq!(top.blocks.len(), 2);
    // `load` refuses the same directory, with the same problem.
    assert_eq!(m.load_err().diagnostics(), diags.as_slice());
}

#[test]
fn a_partial_load_of_a_missing_directory_is_an_empty_module_and_the_reason() {
    let dir = std::env::temp_dir().join(format!("hcl_json_no_such_dir_{}", std::process::id()));
    let (module, diags) = Module::load_with_diagnostics(&dir, &LoadOptions::terraform());
    assert!(module.files().is_empty());
    assert_eq!(diags.as_slice().len(), 1);
    assert_eq!(
        diags.as_slice()[0].summary,
        "Failed to read module directory"
    );
}

#[test]
fn a_loaded_modules_check_reads_the_variable_files_terraform_loads() {
    let m = TempModule::new(
        "check_var_files",
        &[
            ("variables.tf", "variable \"region\" {}\n"),
            ("terraform.tfvars", "region = \"eu\"\n"),
            ("extra.auto.tfvars", "regoin = \"us\"\n"),
            // Only named on a command line: not read by the check.
            ("prod.tfvars", "zone = \"a\"\n"),
        ],
    );
    let diags = m.load().check(&EvalContext::new().with_stdlib());
    let found: Vec<(Severity, &str, String)> = diags
        .as_slice()
        .iter()
        .map(|d| {
            let file = d.subject.as_ref().unwrap().filename.to_string();
            (d.severity, d.summary.as_str(), file)
        })
        .collect();
    assert_eq!(
        found,
        [(
            Severity::Warning,
            "Value for undeclared variable",
            m.name("extra.auto.tfvars")
        )]
    );
}

/// Each diagnostic as "summary @ line,column: detail", `path` in the
/// detail written as `placeholder`.
fn located(diags: &hcl_json::Diagnostics, path: &str, placeholder: &str) -> Vec<String> {
    diags
        .as_slice()
        .iter()
        .map(|d| {
            let r = d.subject.as_ref().unwrap();
            let detail = d.detail.replace(path, placeholder);
            format!(
                "{} @ {},{}: {detail}",
                d.summary, r.start.line, r.start.column
            )
        })
        .collect()
}

#[test]
fn a_local_module_call_is_checked_against_the_module_it_calls() {
    let m = TempModule::new(
        "check_calls",
        &[
            (
                "modules/net/variables.tf",
                "variable \"cidr\" {}\nvariable \"name\" {\n  default = \"net\"\n}\n",
            ),
            ("modules/net/outputs.tf", "output \"vpc_id\" {\n  value = 1\n}\n"),
            (
                "main.tf",
                "module \"net\" {\n  source = \"./modules/net\"\n  nmae   = \"x\"\n}\nmodule \"remote\" {\n  source = \"terraform-aws-modules/vpc/aws\"\n  anything = 1\n}\noutput \"a\" {\n  value = [module.net.vpc_id, module.net.vpc_idd, module.remote.whatever]\n}\nmodule \"gone\" {\n  source = \"./modules/gone\"\n}\n",
            ),
        ],
    );
    let diags = m.load().check(&EvalContext::new().with_stdlib());
    let found = located(&diags, &m.name("modules/gone"), "DIR");
    assert_eq!(
        found,
        [
            "Unsupported argument @ 3,3: An argument named \"nmae\" is not expected here. Did you mean \"name\"?",
            "Missing required argument @ 1,14: The argument \"cidr\" is required, but no definition was found.",
            "Unreadable module directory @ 13,12: The directory DIR could not be read for module \"gone\".",
            "Unsupported attribute @ 10,41: This object does not have an attribute named \"vpc_idd\". Did you mean \"vpc_id\"?",
        ]
    );
}

#[test]
fn a_local_module_calls_argument_values_must_suit_the_variables_types() {
    let m = TempModule::new(
        "check_call_values",
        &[
            (
                "modules/net/variables.tf",
                "variable \"cidr\" {\n  type = string\n}\nvariable \"subnets\" {\n  type    = list(string)\n  default = []\n}\nvariable \"tags\" {\n  type     = map(string)\n  nullable = false\n}\nvariable \"zone\" {\n  type     = string\n  nullable = false\n  default  = \"a\"\n}\nvariable \"any\" {}\n",
            ),
            (
                "main.tf",
                // Values judged as far as they are known: a name is any value.
                "variable \"region\" {}\nmodule \"bad\" {\n  source  = \"./modules/net\"\n  cidr    = [\"10.0.0.0/16\"]\n  subnets = [var.region, {}]\n  tags    = null\n  zone    = null\n  any     = [1]\n}\nmodule \"good\" {\n  source  = \"./modules/net\"\n  cidr    = var.region\n  subnets = [var.region, \"b\", 1]\n  tags    = { Name = upper(var.region) }\n  any     = null\n}\n",
            ),
        ],
    );
    let diags = m.load().check(&EvalContext::new().with_stdlib());
    let found = located(&diags, &m.name("modules/net/variables.tf"), "VARS");
    assert_eq!(
        found,
        [
            "Invalid value for input variable @ 4,13: The given value is not suitable for module.bad.var.cidr declared at VARS:1,1-16: string required, but have tuple.",
            "Invalid value for input variable @ 5,13: The given value is not suitable for module.bad.var.subnets declared at VARS:4,1-19: element 1: string required, but have object.",
            "Required variable not set @ 6,13: The given value is not suitable for module.bad.var.tags defined at VARS:8,1-16: required variable may not be set to null.",
        ]
    );
}
