//! Unit tests of the Terraform view of a module: the lists, and the
//! evaluation context with unknowns and locals in dependency order.

use super::*;
use crate::module::LoadOptions;

fn view(src: &str) -> TerraformView {
    Module::from_sources([("main.tf", src)], &LoadOptions::terraform())
        .unwrap_or_else(|e| panic!("{e}"))
        .terraform()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn eval(view: &TerraformView, ctx: &EvalContext, output: &str) -> Value {
    let out = view.outputs.iter().find(|o| o.name == output).unwrap();
    out.value.value(ctx).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_kind_of_named_value_is_listed_with_its_range() {
    let v = view(
        "variable \"a\" {\n  default = 1\n}\nlocals {\n  l = 2\n}\nresource \"t\" \"r\" {\n  count = 2\n  x = 1\n}\ndata \"t\" \"d\" {}\nephemeral \"t\" \"e\" {}\noutput \"o\" {\n  value = 1\n  sensitive = true\n  description = \"O.\"\n}\nmodule \"m\" {\n  source = \"./m\"\n  version = \"1.0\"\n  x = 1\n}\n",
    );
    assert_eq!(v.variables[0].name, "a");
    assert_eq!(v.locals[0].name, "l");
    assert_eq!(v.locals[0].range.start.line, 5);
    let modes: Vec<ResourceMode> = v.resources.iter().map(|r| r.mode).collect();
    assert_eq!(
        modes,
        [
            ResourceMode::Managed,
            ResourceMode::Data,
            ResourceMode::Ephemeral
        ]
    );
    assert_eq!(v.resources[0].decl_range.start.line, 7);
    assert!(v.resources[0].count.is_some());
    assert!(v.resources[0]
        .body
        .just_attributes()
        .unwrap()
        .contains_key("x"));
    assert!(v.outputs[0].sensitive);
    assert_eq!(v.outputs[0].description.as_deref(), Some("O."));
    assert_eq!(v.module_calls[0].name, "m");
    assert!(v.module_calls[0].version.is_some());
    assert_eq!(v.module_calls[0].decl_range.start.line, 18);
}

#[test]
fn locals_are_evaluated_in_dependency_order() {
    let v = view("locals {\n  c = \"${local.b}-c\"\n  b = \"${local.a}-b\"\n}\nlocals {\n  a = upper(\"a\")\n}\noutput \"c\" {\n  value = local.c\n}\n");
    let ctx = v.eval_context(&ContextOptions::new()).unwrap();
    assert_eq!(eval(&v, &ctx, "c"), Value::from("A-b-c"));
}

#[test]
fn resources_data_sources_and_module_outputs_are_unknown() {
    let v = view("resource \"aws_instance\" \"web\" {\n  count = 2\n}\ndata \"aws_ami\" \"u\" {}\nmodule \"m\" {\n  source = \"./m\"\n}\nlocals {\n  ids = aws_instance.web[*].id\n}\noutput \"a\" {\n  value = local.ids\n}\noutput \"b\" {\n  value = data.aws_ami.u.id\n}\noutput \"c\" {\n  value = module.m.out\n}\noutput \"p\" {\n  value = path.module\n}\n");
    let ctx = v.eval_context(&ContextOptions::new()).unwrap();
    for name in ["a", "b", "c"] {
        assert!(!eval(&v, &ctx, name).is_known(), "{name}");
    }
    assert_eq!(eval(&v, &ctx, "p"), Value::from("."));
}

#[test]
fn an_unset_variable_is_an_error_or_unknown_of_its_type() {
    let v = view("variable \"n\" {\n  type = number\n}\noutput \"n\" {\n  value = var.n\n}\n");
    let err = v.eval_context(&ContextOptions::new()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "No value for required variable");
    assert_eq!(d.subject.as_ref().unwrap().start.line, 1);
    let ctx = v
        .eval_context(&ContextOptions::new().unset_variables_unknown(true))
        .unwrap();
    assert_eq!(eval(&v, &ctx, "n"), Value::unknown(Type::Number));
}

#[test]
fn given_values_win_over_defaults() {
    let m = Module::from_sources(
        [(
            "main.tf",
            "variable \"n\" {\n  default = 1\n}\noutput \"n\" {\n  value = var.n * 2\n}\n",
        )],
        &LoadOptions::terraform(),
    )
    .unwrap();
    let file = crate::body::parse_native("n = 5\n", "x.tfvars").unwrap();
    let values = VariableValues::resolve(&m.variables().unwrap(), &[file]).unwrap();
    let v = m.terraform().unwrap();
    let ctx = v
        .eval_context(&ContextOptions::new().with_values(values))
        .unwrap();
    assert_eq!(eval(&v, &ctx, "n"), Value::from(10));
}

#[test]
fn locals_that_refer_to_each_other_are_a_cycle() {
    let v = view("locals {\n  a = local.b\n  b = local.a\n  c = local.c\n  d = 1\n}\n");
    let err = v.eval_context(&ContextOptions::new()).unwrap_err();
    let summaries: Vec<(&str, &str)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.summary.as_str(), d.detail.as_str()))
        .collect();
    assert_eq!(
        summaries,
        [
            ("Cycle in local values", "The local values local.a, local.b refer to each other, so none of them can be evaluated."),
            ("Cycle in local values", "The local values local.c refer to each other, so none of them can be evaluated."),
        ]
    );
}

#[test]
fn a_long_chain_of_locals_is_evaluated_without_deep_recursion() {
    let mut src = String::from("locals {\n  l0 = 0\n");
    for i in 1..5000 {
        src.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
    }
    src.push_str("}\noutput \"last\" {\n  value = local.l4999\n}\n");
    let v = view(&src);
    let ctx = v.eval_context(&ContextOptions::new()).unwrap();
    assert_eq!(eval(&v, &ctx, "last"), Value::from(4999));
}

#[test]
fn a_name_defined_twice_is_an_error() {
    let err = Module::from_sources(
        [("main.tf", "output \"o\" {\n  value = 1\n}\noutput \"o\" {\n  value = 2\n}\nlocals {\n  a = 1\n}\nlocals {\n  a = 2\n}\n")],
        &LoadOptions::terraform(),
    )
    .unwrap()
    .terraform()
    .unwrap_err();
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        summaries,
        [
            "Duplicate output definition",
            "Duplicate local value definition"
        ]
    );
}

#[test]
fn the_dependency_order_puts_dependencies_first_and_reports_cycles_once() {
    let order = topological(&[vec![1], vec![], vec![2], vec![4], vec![3]]);
    assert_eq!(
        order,
        [
            Visit::Node(1),
            Visit::Node(0),
            Visit::Cycle(vec![2]),
            Visit::Cycle(vec![3, 4]),
        ]
    );
}

#[test]
fn a_check_blocks_scoped_data_source_is_a_data_resource_of_the_module() {
    let v = view("resource \"t\" \"r\" {}\ncheck \"health\" {\n  data \"http\" \"h\" {\n    url = \"https://example.com\"\n  }\n  assert {\n    condition     = data.http.h.status_code == 200\n    error_message = \"down\"\n  }\n}\noutput \"s\" {\n  value = data.http.h.status_code\n}\n");
    let found: Vec<(ResourceMode, &str, usize)> = v
        .resources
        .iter()
        .map(|r| (r.mode, r.name.as_str(), r.decl_range.start.line))
        .collect();
    assert_eq!(
        found,
        [
            (ResourceMode::Managed, "r", 1),
            (ResourceMode::Data, "h", 3)
        ]
    );
    let ctx = v.eval_context(&ContextOptions::new()).unwrap();
    assert!(!eval(&v, &ctx, "s").is_known());
}

#[test]
fn a_scoped_data_source_is_unique_module_wide_and_read_once() {
    let errors = |src: &str| -> Vec<String> {
        let module = Module::from_sources([("main.tf", src)], &LoadOptions::terraform()).unwrap();
        let err = module.terraform().unwrap_err();
        err.diagnostics()
            .iter()
            .map(|d| format!("{} @ {}", d.summary, d.subject.as_ref().unwrap()))
            .collect()
    };
    assert_eq!(
        errors("data \"http\" \"h\" {}\ncheck \"c\" {\n  data \"http\" \"h\" {}\n}\n"),
        ["Duplicate data definition @ main.tf:3,3-18"]
    );
    assert_eq!(
        errors("check \"c\" {\n  data \"http\" \"h\" {\n    count = 2\n  }\n}\n"),
        ["Invalid \"count\" attribute @ main.tf:3,5-10"]
    );
}

#[test]
fn terraform_applying_is_an_unknown_ephemeral_bool() {
    let v = view("output \"a\" {\n  value = terraform.applying ? \"apply\" : \"plan\"\n}\noutput \"w\" {\n  value = terraform.workspace\n}\n");
    let ctx = v.eval_context(&ContextOptions::new()).unwrap();
    let a = eval(&v, &ctx, "a");
    assert!(!a.is_known());
    assert_eq!(a.marks(), crate::value::Marks::EPHEMERAL);
    assert_eq!(eval(&v, &ctx, "w"), Value::unknown(Type::String));
}

#[test]
fn a_managed_resource_is_also_named_with_the_resource_prefix() {
    let v =
        view("resource \"t\" \"r\" {}\noutput \"a\" {\n  value = [resource.t.r.id, t.r.id]\n}\n");
    let ctx = v.eval_context(&ContextOptions::new()).unwrap();
    let a = eval(&v, &ctx, "a");
    assert_eq!(a.ty(), Type::tuple([Type::Dynamic, Type::Dynamic]));
    assert!(!a.is_wholly_known());
}

#[test]
fn an_opentofu_module_has_the_tofu_object_too() {
    let src =
        "output \"w\" {\n  value = tofu.workspace\n}\noutput \"a\" {\n  value = tofu.applying\n}\n";
    let tofu = Module::from_sources([("main.tofu", src)], &LoadOptions::opentofu())
        .unwrap()
        .terraform()
        .unwrap();
    let ctx = tofu.eval_context(&ContextOptions::new()).unwrap();
    assert_eq!(eval(&tofu, &ctx, "w"), Value::unknown(Type::String));
    assert_eq!(
        eval(&tofu, &ctx, "a").marks(),
        crate::value::Marks::EPHEMERAL
    );
    // Terraform has no such object: `tofu` is a resource type there.
    let terraform = view(src);
    let ctx = terraform.eval_context(&ContextOptions::new()).unwrap();
    let out = terraform.outputs.iter().find(|o| o.name == "w").unwrap();
    assert!(out.value.value(&ctx).is_err());
}
