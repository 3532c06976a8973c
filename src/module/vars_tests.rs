//! Unit tests of input variables: declarations, defaults, nullability, and
//! values from variable files.

use super::*;
use crate::module::LoadOptions;

fn module(src: &str) -> Module {
    Module::from_sources([("variables.tf", src)], &LoadOptions::terraform()).unwrap()
}

fn tfvars(src: &str) -> File {
    crate::body::parse_native(src, "t.tfvars").unwrap()
}

#[test]
fn null_for_a_non_nullable_variable_takes_its_default() {
    let m = module("variable \"a\" {\n  nullable = false\n  default = \"d\"\n}\nvariable \"b\" {\n  nullable = false\n}\nvariable \"c\" {\n  default = \"d\"\n}\n");
    let decls = m.variables().unwrap();
    let err =
        VariableValues::resolve(&decls, &[tfvars("a = null\nb = null\nc = null\n")]).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Required variable not set");
    assert_eq!(
        d.detail,
        "The given value is not suitable for var.b defined at variables.tf:5,1-13: required variable may not be set to null."
    );
    assert_eq!(err.diagnostics().len(), 1);
    let values = VariableValues::resolve(&decls, &[tfvars("a = null\nb = 1\nc = null\n")]).unwrap();
    assert_eq!(values.get("a"), Some(&Value::from("d")));
    // A nullable variable keeps the null it was given.
    assert!(values.get("c").unwrap().is_null());
}

#[test]
fn a_default_that_does_not_convert_is_an_invalid_default() {
    let err = module("variable \"a\" {\n  type = number\n  default = \"x\"\n}\n")
        .variables()
        .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid default value for variable");
    assert_eq!(
        d.detail,
        "This default value is not compatible with the variable's type constraint: a number is required."
    );
    assert_eq!(d.subject.as_ref().unwrap().start.line, 3);
}

#[test]
fn declarations_read_type_default_and_nullable() {
    let vars = module("variable \"a\" {\n  type = list(string)\n  default = [1]\n  nullable = false\n}\nvariable \"b\" {}\n")
        .variables()
        .unwrap();
    assert_eq!(vars.len(), 2);
    assert_eq!(vars[0].name, "a");
    assert_eq!(
        vars[0].default,
        Some(Value::List(
            crate::value::Type::String,
            crate::value::Elements::from([Value::from("1")])
        ))
    );
    assert!(!vars[0].nullable);
    assert_eq!(vars[1].constraint, None);
    assert!(vars[1].nullable);
}

#[test]
fn a_variable_declared_twice_is_an_error() {
    let m = Module::from_sources(
        [
            ("a.tf", "variable \"x\" {}\n"),
            ("b.tf", "\nvariable \"x\" {}\n"),
        ],
        &LoadOptions::terraform(),
    )
    .unwrap();
    let err = m.variables().unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Duplicate variable declaration");
    assert_eq!(
        d.detail,
        "A variable named \"x\" was already declared at a.tf:1,1-13. Variable names must be unique within a module."
    );
    assert_eq!(d.subject.as_ref().unwrap().filename.as_ref(), "b.tf");
    assert_eq!(d.subject.as_ref().unwrap().start.line, 2);
}

#[test]
fn a_variable_file_may_not_have_blocks() {
    let m = module("variable \"a\" {\n  default = 1\n}\n");
    let err =
        VariableValues::resolve(&m.variables().unwrap(), &[tfvars("a = 2\nb {}\n")]).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Unexpected \"b\" block");
}

#[test]
fn later_files_win() {
    let m = module("variable \"a\" {}\n");
    let files = [
        tfvars("a = 1\n"),
        crate::body::parse(r#"{"a": 2}"#, "t.tfvars.json").unwrap(),
    ];
    let values = VariableValues::resolve(&m.variables().unwrap(), &files).unwrap();
    assert_eq!(values.get("a"), Some(&Value::from(2)));
    assert_eq!(values.to_value(), Value::object([("a", Value::from(2))]));
}

#[test]
fn legacy_list_and_map_type_shorthands_mean_any_elements() {
    let m = module("variable \"l\" {\n  type = list\n  default = [1, \"a\"]\n}\nvariable \"m\" {\n  type = map\n  default = {a = 1}\n}\n");
    let vars = m.variables().unwrap();
    assert_eq!(
        vars[0].constraint.as_ref().unwrap().to_string(),
        "list(any)"
    );
    assert_eq!(
        vars[0].default,
        Some(Value::list(Type::String, [Value::from("1"), Value::from("a")]).unwrap())
    );
    assert_eq!(
        vars[1].constraint.as_ref().unwrap().ty,
        Type::Map(Box::new(Type::Dynamic))
    );
    let json = Module::from_sources(
        [("v.tf.json", r#"{"variable": {"l": {"type": "list"}}}"#)],
        &LoadOptions::terraform(),
    )
    .unwrap();
    assert_eq!(
        json.variables().unwrap()[0].constraint.as_ref().unwrap().ty,
        Type::List(Box::new(Type::Dynamic))
    );
}

#[test]
fn a_sensitive_variables_refused_value_is_reported_at_its_declaration() {
    let m = module("variable \"token\" {\n  type      = number\n  sensitive = true\n}\n");
    let decls = m.variables().unwrap();
    assert!(decls[0].sensitive);
    let err = VariableValues::resolve(&decls, &[tfvars("token = \"abc\"\n")]).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid value for input variable");
    assert_eq!(
        d.detail,
        "The given value is not suitable for var.token, which is sensitive: a number is required. Invalid value defined at t.tfvars:1,9-14."
    );
    assert_eq!(d.subject.as_ref(), Some(&decls[0].decl_range));
}
