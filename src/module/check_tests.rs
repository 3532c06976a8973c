use super::{check_files, Module};
use crate::body::{parse, parse_native, File};
use crate::eval::EvalContext;
use crate::module::LoadOptions;

fn summaries(files: &[File]) -> Vec<String> {
    check_files(files, &EvalContext::new().with_stdlib())
        .as_slice()
        .iter()
        .map(|d| format!("{} @ {}", d.summary, d.subject.as_ref().unwrap()))
        .collect()
}

/// Each diagnostic as "summary @ subject: detail".
fn details(files: &[File]) -> Vec<String> {
    check_files(files, &EvalContext::new().with_stdlib())
        .as_slice()
        .iter()
        .map(|d| {
            format!(
                "{} @ {}: {}",
                d.summary,
                d.subject.as_ref().unwrap(),
                d.detail
            )
        })
        .collect()
}

#[test]
fn declarations_of_either_syntax_in_any_file_count() {
    let a = parse(
        r#"{"variable": {"x": {}}, "locals": [{"a": 1}, {"b": 2}], "data": {"t": {"n": {}}}, "ephemeral": {"t": {"e": {}}}}"#,
        "a.tf.json",
    )
    .unwrap();
    let b = parse_native(
        "module \"m\" {\n  source = \"./m\"\n}\nlocals {\n  c = var.x + local.a + local.b + module.m.o + data.t.n.id + ephemeral.t.e.id\n}\n",
        "b.tf",
    )
    .unwrap();
    assert!(summaries(&[a, b]).is_empty());
}

#[test]
fn a_check_blocks_scoped_data_source_is_declared_in_its_block() {
    let a = parse_native(
        "check \"health\" {\n  data \"http\" \"h\" {\n    url = \"https://example.com\"\n  }\n  assert {\n    condition     = data.http.h.status_code == 200\n    error_message = \"down\"\n  }\n}\noutput \"o\" {\n  value = [data.http.h.body, data.http.g.body]\n}\n",
        "a.tf",
    )
    .unwrap();
    let b = parse(
        r#"{"check": {"c": {"data": {"dns": {"d": {}}}, "assert": {"condition": "${data.dns.d.ok}", "error_message": "no"}}}}"#,
        "b.tf.json",
    )
    .unwrap();
    // Named outside its check block, a scoped data source is out of
    // reach; `data.http.g` is declared nowhere.
    let found = details(&[a, b]);
    assert_eq!(
        found,
        [
            "Reference to scoped resource @ a.tf:11,12-23: The referenced data resource \"http\" \"h\" is not available from this context.",
            "Reference to undeclared resource @ a.tf:11,30-41: A data resource \"http\" \"g\" has not been declared in this module. Did you mean \"http.h\"?",
        ]
    );
}

#[test]
fn each_undeclared_reference_is_a_warning_on_the_name_it_misses() {
    let f = parse_native(
        "locals { x = [var.a.b, local.c[0], module.d.e, data.t.n.id, data.t, ephemeral.t.n.x] }\n",
        "m.tf",
    )
    .unwrap();
    assert_eq!(
        summaries(&[f]),
        [
            "Reference to undeclared input variable @ m.tf:1,15-20",
            "Reference to undeclared local value @ m.tf:1,24-31",
            "Reference to undeclared module @ m.tf:1,36-44",
            "Reference to undeclared resource @ m.tf:1,48-56",
            "Reference to undeclared resource @ m.tf:1,69-82",
        ]
    );
}

#[test]
fn undeclared_references_are_of_the_unknown_variable_kind() {
    let f = parse_native("locals { x = local.nope }\n", "m.tf").unwrap();
    let diags = check_files(&[f], &EvalContext::new().with_stdlib());
    assert_eq!(
        diags.as_slice()[0].kind,
        crate::diag::DiagnosticKind::UnknownVariable
    );
}

#[test]
fn names_outside_the_modules_declarations_are_left_alone() {
    let f = parse_native(
        "resource \"t\" \"n\" {\n  count = length(var.l)\n  a = [count.index, path.module, terraform.workspace, string]\n}\nvariable \"l\" {}\n",
        "m.tf",
    )
    .unwrap();
    assert!(summaries(&[f]).is_empty());
}

#[test]
fn a_loaded_module_checks_its_override_files_too() {
    let module = Module::from_sources(
        [
            ("main.tf", "variable \"a\" {}\nlocals {\n  x = var.a\n}\n"),
            ("main_override.tf", "locals {\n  x = var.b\n}\n"),
        ],
        &LoadOptions::terraform(),
    )
    .unwrap();
    let diags = module.check(&EvalContext::new().with_stdlib());
    let d = &diags.as_slice()[0];
    assert_eq!(diags.len(), 1);
    assert_eq!(
        d.subject.as_ref().unwrap().to_string(),
        "main_override.tf:2,7-12"
    );
}

#[test]
fn a_file_with_a_malformed_block_still_declares_the_rest() {
    let f = parse(
        r#"{"variable": {"x": {}}, "module": "not a block", "locals": {"a": "${var.x}", "b": "${local.a}"}}"#,
        "m.tf.json",
    )
    .unwrap();
    // The malformed block is the language's error; no reference is.
    let found = summaries(&[f]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(!found[0].starts_with("Reference"), "{found:?}");
}

#[test]
fn what_moved_and_removed_blocks_move_from_need_not_be_declared() {
    let f = parse_native(
        "module \"new\" {\n  source = \"./new\"\n}\nmoved {\n  from = module.old\n  to   = module.neww\n}\nremoved {\n  from = module.gone\n  lifecycle {\n    destroy = false\n  }\n}\n",
        "m.tf",
    )
    .unwrap();
    let json = parse(
        r#"{"moved": [{"from": "module.a", "to": "module.new"}], "removed": {"from": "module.b"}}"#,
        "j.tf.json",
    )
    .unwrap();
    // The destination is still checked. (JSON's addresses are strings that
    // Terraform reads as traversals: no reference to check.)
    assert_eq!(
        summaries(&[f, json]),
        ["Reference to undeclared module @ m.tf:6,10-21"]
    );
}

#[test]
fn a_managed_resource_reference_must_name_a_resource_block() {
    let a = parse_native(
        "resource \"aws_instance\" \"web\" {\n  ami = data.aws_ami.ubuntu.id\n}\ndata \"aws_ami\" \"ubuntu\" {}\noutput \"o\" {\n  value = [aws_instance.web.id, aws_instance.wbe.id, aws_ami.ubuntu.id, resource.aws_instance.web.id, resource.aws_vpc.main]\n}\n",
        "a.tf",
    )
    .unwrap();
    let b = parse(
        r#"{"resource": {"aws_s3_bucket": {"b": {"bucket": "${aws_instance.web.id}-${aws_s3_bucket.c.id}"}}}}"#,
        "b.tf.json",
    )
    .unwrap();
    let found = details(&[a, b]);
    assert_eq!(
        found,
        [
            "Reference to undeclared resource @ a.tf:6,33-49: A managed resource \"aws_instance\" \"wbe\" has not been declared in this module. Did you mean \"aws_instance.web\"?",
            // Terraform's hint for a data source named without `data.`.
            "Reference to undeclared resource @ a.tf:6,54-68: A managed resource \"aws_ami\" \"ubuntu\" has not been declared in this module.\n\nDid you mean the data resource data.aws_ami.ubuntu?",
            "Reference to undeclared resource @ a.tf:6,103-124: A managed resource \"aws_vpc\" \"main\" has not been declared in this module.",
            "Reference to undeclared resource @ b.tf.json:1,75-90: A managed resource \"aws_s3_bucket\" \"c\" has not been declared in this module. Did you mean \"aws_s3_bucket.b\"?",
        ]
    );
}

#[test]
fn dynamic_iterators_provider_references_and_addresses_name_no_resource() {
    let f = parse_native(
        "resource \"aws_security_group\" \"sg\" {\n  provider = aws.west\n  dynamic \"ingress\" {\n    for_each = var.rules\n    content {\n      from_port = ingress.value.from\n    }\n  }\n  lifecycle {\n    ignore_changes = [tags.Name]\n  }\n}\nvariable \"rules\" {}\nmoved {\n  from = aws_security_group.old\n  to   = aws_security_group.sg\n}\nimport {\n  to = aws_security_group.imported\n  id = \"sg-1\"\n}\n",
        "m.tf",
    )
    .unwrap();
    assert!(summaries(&[f]).is_empty());
}

#[test]
fn a_counted_resource_is_named_with_its_instance_key_and_a_single_one_without() {
    let f = parse_native(
        r#"resource "aws_instance" "many" {
  count = 2
}
resource "aws_instance" "each" {
  for_each = toset(["a"])
}
resource "aws_instance" "one" {}
data "aws_ami" "amis" {
  count = 2
}
output "o" {
  value = [
    aws_instance.many.id, aws_instance.many[0].id, aws_instance.many,
    aws_instance.each.arn, aws_instance.each["a"].arn, resource.aws_instance.each.arn,
    aws_instance.one[0].id, aws_instance.one.id, data.aws_ami.amis.id, aws_instance.many.*.id,
  ]
}
resource "null_resource" "n" {
  count    = 2
  triggers = { a = aws_instance.many[count.index].id }
  lifecycle {
    replace_triggered_by = [aws_instance.many.id, aws_instance.one[0]]
  }
}
"#,
        "m.tf",
    )
    .unwrap();
    let found = details(&[f]);
    assert_eq!(
        found,
        [
            "Missing resource instance key @ m.tf:13,5-22: Because aws_instance.many has \"count\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    aws_instance.many[count.index]",
            "Missing resource instance key @ m.tf:14,5-22: Because aws_instance.each has \"for_each\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    aws_instance.each[each.key]",
            "Missing resource instance key @ m.tf:14,56-82: Because aws_instance.each has \"for_each\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    aws_instance.each[each.key]",
            "Unexpected resource instance key @ m.tf:15,5-24: Because aws_instance.one does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource.",
            "Missing resource instance key @ m.tf:15,50-67: Because data.aws_ami.amis has \"count\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    data.aws_ami.amis[count.index]",
        ]
    );
}

#[test]
fn count_and_each_are_read_only_in_a_block_that_sets_them() {
    let f = parse_native(
        r#"resource "t" "counted" {
  count = 2
  a     = [count.index, each.key, count.idx]
}
resource "t" "each" {
  tags     = {}
  for_each = var.m
  a        = [each.key, each.value, count.index, each.val]
  dynamic "d" {
    for_each = var.m
    content {
      b = each.value
    }
  }
}
resource "t" "single" {
  a = each.value
}
output "o" {
  value = count.index
}
variable "m" {}
"#,
        "m.tf",
    )
    .unwrap();
    let json = parse(
        r#"{"data": {"t": {"d": {"for_each": "${var.m}", "a": "${each.key}-${count.index}"}}}}"#,
        "j.tf.json",
    )
    .unwrap();
    assert_eq!(
        summaries(&[f, json]),
        [
            "Reference to \"each\" in context without for_each @ m.tf:3,25-33",
            "Invalid \"count\" attribute @ m.tf:3,35-44",
            "Reference to \"count\" in non-counted context @ m.tf:8,37-48",
            "Invalid \"each\" attribute @ m.tf:8,50-58",
            "each.value cannot be used in this context @ m.tf:17,7-17",
            "Reference to \"count\" in non-counted context @ m.tf:20,11-22",
            "Reference to \"count\" in non-counted context @ j.tf.json:1,67-78",
        ]
    );
}

#[test]
fn self_is_read_only_in_provisioner_connection_and_postcondition_blocks() {
    let f = parse_native(
        r#"resource "t" "n" {
  name = self.id
  connection {
    host = self.ip
  }
  provisioner "local-exec" {
    command = "echo ${self.id}"
  }
  lifecycle {
    precondition {
      condition     = self.ok
      error_message = "no"
    }
    postcondition {
      condition     = self.ok
      error_message = "no"
    }
  }
}
removed {
  from = t.gone
  provisioner "local-exec" {
    when    = destroy
    command = "echo ${self.id}"
  }
}
"#,
        "m.tf",
    )
    .unwrap();
    let json = parse(
        r#"{"resource": {"t": {"j": {"a": "${self.id}", "provisioner": [{"local-exec": {"command": "${self.id}"}}]}}}}"#,
        "j.tf.json",
    )
    .unwrap();
    assert_eq!(
        summaries(&[f, json]),
        [
            "Invalid \"self\" reference @ m.tf:2,10-14",
            "Invalid \"self\" reference @ m.tf:11,23-27",
            "Invalid \"self\" reference @ j.tf.json:1,35-39",
        ]
    );
}

#[test]
fn path_and_terraform_have_only_their_own_attributes() {
    let f = parse_native(
        "locals {\n  a = [path.module, path.root, path.cwd, terraform.workspace, terraform.applying, tofu.workspace]\n  b = [path.modules, terraform.env, terraform.version, tofu.version]\n}\n",
        "m.tf",
    )
    .unwrap();
    let found = details(&[f]);
    assert_eq!(
        found,
        [
            "Invalid \"path\" attribute @ m.tf:3,8-20: The \"path\" object does not have an attribute named \"modules\". Did you mean \"module\"?",
            "Invalid \"terraform\" attribute @ m.tf:3,22-35: The terraform.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the terraform.workspace attribute.",
            "Invalid \"terraform\" attribute @ m.tf:3,37-54: The \"terraform\" object does not have an attribute named \"version\". The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply.",
            // OpenTofu's other name for the object, in OpenTofu's words.
            "Invalid \"tofu\" attribute @ m.tf:3,56-68: The \"tofu\" object does not have an attribute named \"version\". The only supported attributes are tofu.workspace and tofu.applying",
        ]
    );
}

#[test]
fn depends_on_names_whole_objects_in_either_syntax() {
    let f = parse_native(
        r#"resource "t" "a" {
  count = 2
}
module "m" {
  source     = "./m"
  depends_on = [t.a, t.a[0], module.m, var.v, t.a.id, t.a[0].id, t.b, module.m.out, module.m.out.x, local.l.x]
}
variable "v" {}
locals {
  l = {}
}
"#,
        "m.tf",
    )
    .unwrap();
    let json = parse(
        r#"{"output": {"o": {"value": "", "depends_on": ["t.a", "t.a.id", "t.c", "module.m[0]", "${t.d}"]}}}"#,
        "j.tf.json",
    )
    .unwrap();
    assert_eq!(
        summaries(&[f, json]),
        [
            "Invalid depends_on reference @ m.tf:6,50-53",
            "Invalid depends_on reference @ m.tf:6,61-64",
            "Reference to undeclared resource @ m.tf:6,66-69",
            "Invalid depends_on reference @ m.tf:6,97-99",
            "Invalid depends_on reference @ m.tf:6,108-110",
            "Invalid depends_on reference @ j.tf.json:1,58-61",
            "Reference to undeclared resource @ j.tf.json:1,65-68",
            // A template is not an address; its reference is still one.
            "Reference to undeclared resource @ j.tf.json:1,89-92",
        ]
    );
}

#[test]
fn a_name_two_primary_files_declare_is_terraforms_duplicate_error() {
    let a = parse_native(
        "variable \"region\" {}\nlocals {\n  x = 1\n}\nresource \"aws_instance\" \"web\" {}\nprovider \"aws\" {}\nprovider \"aws\" {\n  alias = \"west\"\n}\n",
        "a.tf",
    )
    .unwrap();
    let b = parse_native(
        "variable \"region\" {}\nlocals {\n  x = 2\n  y = 3\n}\nresource \"aws_instance\" \"web\" {}\ndata \"aws_instance\" \"web\" {}\noutput \"o\" {\n  value = local.y\n}\nprovider \"aws\" {}\nprovider \"aws\" {\n  alias = \"west\"\n}\n",
        "b.tf",
    )
    .unwrap();
    let c = parse(
        r#"{"output": {"o": {"value": 1}}, "module": {"m": {"source": "./m"}}}"#,
        "c.tf.json",
    )
    .unwrap();
    // Override files redeclare on purpose; a `.tf` file with a `.tofu`
    // twin is left out by OpenTofu, and Terraform reads no `.tofu` file.
    let over = parse_native(
        "variable \"region\" {}\nmodule \"m\" {\n  source = \"./n\"\n}\n",
        "a_override.tf",
    )
    .unwrap();
    let tf = parse_native("output \"t\" {\n  value = 1\n}\n", "t.tf").unwrap();
    let tofu = parse_native("output \"t\" {\n  value = 2\n}\n", "t.tofu").unwrap();
    let diags = check_files(
        &[a, b, c, over, tf, tofu],
        &EvalContext::new().with_stdlib(),
    );
    let found: Vec<String> = diags
        .as_slice()
        .iter()
        .map(|d| {
            format!(
                "{:?} {} @ {}: {}",
                d.severity,
                d.summary,
                d.subject.as_ref().unwrap(),
                d.detail
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            "Error Duplicate variable declaration @ b.tf:1,1-18: A variable named \"region\" was already declared at a.tf:1,1-18. Variable names must be unique within a module.",
            "Error Duplicate local value definition @ b.tf:3,3-8: A local value named \"x\" was already defined at a.tf:3,3-8. Local value names must be unique within a module.",
            "Error Duplicate resource \"aws_instance\" configuration @ b.tf:6,1-30: A aws_instance resource named \"web\" was already declared at a.tf:5,1-30. Resource names must be unique per type in each module.",
            "Error Duplicate provider configuration @ b.tf:11,1-15: A default (non-aliased) provider configuration for \"aws\" was already given at a.tf:6,1-15. If multiple configurations are required, set the \"alias\" argument for alternative configurations.",
            "Error Duplicate provider configuration @ b.tf:12,1-15: A provider configuration for \"aws\" with alias \"west\" was already given at a.tf:7,1-15. Each configuration for the same provider must have a distinct alias.",
            "Error Duplicate output definition @ c.tf.json:1,18-19: An output named \"o\" was already defined at b.tf:8,1-11. Output names must be unique within a module.",
        ]
    );
}

#[test]
fn the_variable_files_terraform_loads_by_itself_set_declared_variables() {
    let vars = parse_native(
        "variable \"region\" {}\nvariable \"port\" {\n  type = number\n}\nvariable \"zones\" {\n  type = list(string)\n}\n",
        "variables.tf",
    )
    .unwrap();
    let tfvars = parse_native(
        "regoin = \"eu-west-1\"\nport   = \"eighty\"\nzones  = [upper(\"a\")]\n",
        "terraform.tfvars",
    )
    .unwrap();
    let auto = parse(r#"{"size": 3}"#, "prod.auto.tfvars.json").unwrap();
    let diags = check_files(&[auto, tfvars, vars], &EvalContext::new().with_stdlib());
    let found: Vec<String> = diags
        .as_slice()
        .iter()
        .map(|d| {
            format!(
                "{:?} {} @ {}",
                d.severity,
                d.summary,
                d.subject.as_ref().unwrap()
            )
        })
        .collect();
    // terraform.tfvars first, as Terraform reads it; `region` left unset
    // is no error here (`-var` may set it).
    assert_eq!(
        found,
        [
            "Warning Value for undeclared variable @ terraform.tfvars:1,1-7",
            "Error Function calls not allowed @ terraform.tfvars:3,11-21",
            "Warning Value for undeclared variable @ prod.auto.tfvars.json:1,2-8",
            "Error Invalid value for input variable @ terraform.tfvars:2,10-18",
        ]
    );
}

#[test]
fn a_packer_module_has_only_its_variable_local_and_data_references_checked() {
    let module = Module::from_sources(
        [(
            "build.pkr.hcl",
            "variable \"region\" {}\nvariable \"region\" {}\nbuild {\n  name = \"${build.ID}-${source.name}-${packer.version}-${var.regoin}-${local.nope}\"\n  sources = [\"source.amazon-ebs.x\"]\n}\n",
        )],
        &LoadOptions::packer(),
    )
    .unwrap();
    let diags = module.check(&EvalContext::new().with_stdlib());
    let found: Vec<&str> = diags
        .as_slice()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        found,
        [
            "Reference to undeclared input variable",
            "Reference to undeclared local value"
        ]
    );
}

#[test]
fn a_scoped_data_source_named_as_a_data_resource_is_the_duplicate_within_check_blocks() {
    // Terraform adds a file's scoped data sources after its data
    // resources, whatever their order in the file.
    let a = parse_native(
        "check \"c\" {\n  data \"http\" \"h\" {\n    url = \"x\"\n  }\n}\ndata \"http\" \"h\" {\n  url = \"y\"\n}\n",
        "a.tf",
    )
    .unwrap();
    assert_eq!(
        details(&[a]),
        ["Duplicate data \"http\" configuration @ a.tf:2,3-18: A http data resource named \"h\" was already declared at a.tf:6,1-16. Resource names must be unique per type in each module, including within check blocks."]
    );
}

#[test]
fn a_name_read_alone_is_terraforms_invalid_reference() {
    let a = parse_native(
        "variable \"n\" {\n  type = list(string)\n}\nvariable \"i\" {}\nresource \"aws_instance\" \"web\" {\n  count = length(n)\n  ami   = aws_instance[var.i]\n  tags  = var\n  x     = data\n  y     = self\n  provisioner \"local-exec\" {\n    when       = destroy\n    on_failure = continue\n    command    = \"echo ${self.id}\"\n  }\n  lifecycle {\n    ignore_changes = [tags]\n  }\n}\nterraform {\n  experiments = [example]\n  language    = TF2021\n}\n",
        "a.tf",
    )
    .unwrap();
    assert_eq!(
        details(&[a]),
        [
            "Invalid reference @ a.tf:6,18-19: A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
            "Invalid reference @ a.tf:7,11-23: A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
            "Invalid reference @ a.tf:8,11-14: The \"var\" object cannot be accessed directly. Instead, access one of its attributes.",
            "Invalid reference @ a.tf:9,11-15: The \"data\" object must be followed by two attribute names: the data source type and the resource name.",
            "Invalid \"self\" reference @ a.tf:10,11-15: The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.",
        ]
    );
}
