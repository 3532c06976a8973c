//! Type constraint expressions (`hcl_json::ext::typeexpr`), as Terraform's
//! `variable` blocks write them in JSON.

use hcl_json::ext::typeexpr::{type_constraint, TypeConstraint};
use hcl_json::{Expression, Type, Value};

fn expr(json_value: &str) -> Expression {
    let src = format!("{{\"type\": {json_value}}}");
    let file = hcl_json::parse(&src, "variables.tf.json").unwrap();
    file.body().just_attributes().unwrap()["type"].expr.clone()
}

fn ty(json_value: &str) -> Type {
    type_constraint(&expr(json_value)).unwrap_or_else(|e| panic!("{e}"))
}

/// `summary | detail | col-col` of the first diagnostic.
fn error(json_value: &str) -> String {
    let e = type_constraint(&expr(json_value)).unwrap_err();
    let d = &e.diagnostics()[0];
    let r = d.subject.as_ref().unwrap();
    format!(
        "{} | {} | {}-{}",
        d.summary, d.detail, r.start.column, r.end.column
    )
}

#[test]
fn primitive_keywords() {
    assert_eq!(ty("\"string\""), Type::String);
    assert_eq!(ty("\"number\""), Type::Number);
    assert_eq!(ty("\"bool\""), Type::Bool);
    assert_eq!(ty("\" any \""), Type::Dynamic);
}

#[test]
fn collection_constructors() {
    assert_eq!(ty("\"list(string)\""), Type::list(Type::String));
    assert_eq!(ty("\"set(number)\""), Type::set(Type::Number));
    assert_eq!(ty("\"map(list(bool))\""), Type::map(Type::list(Type::Bool)));
    assert_eq!(ty("\"list(any)\""), Type::list(Type::Dynamic));
}

#[test]
fn structural_constructors() {
    assert_eq!(
        ty("\"tuple([string, number])\""),
        Type::tuple([Type::String, Type::Number])
    );
    assert_eq!(
        ty("\"object({name = string, \\\"port\\\" = number, tags = map(string)})\""),
        Type::object([
            ("name", Type::String),
            ("port", Type::Number),
            ("tags", Type::map(Type::String))
        ])
    );
}

#[test]
fn invalid_specifications_say_what_is_expected() {
    assert_eq!(
        error("\"strin\""),
        "Invalid type specification | The keyword \"strin\" is not a valid type specification. | 11-16"
    );
    assert_eq!(
        error("\"list\""),
        "Invalid type specification | The list type constructor requires one argument specifying the element type. | 11-15"
    );
    assert_eq!(
        error("\"string(1)\""),
        "Invalid type specification | Primitive type keyword \"string\" does not expect arguments. | 11-20"
    );
    assert_eq!(
        error("\"list(string, number)\""),
        "Invalid type specification | The list type constructor requires one argument specifying the element type. | 11-31"
    );
    assert_eq!(
        error("\"optional(string)\""),
        "Invalid type specification | Keyword \"optional\" is valid only as a modifier for object type attributes. | 11-27"
    );
    assert_eq!(
        error("\"object([string])\""),
        "Invalid type specification | Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types. | 18-26"
    );
    assert_eq!(
        error("\"frob(string)\""),
        "Invalid type specification | Keyword \"frob\" is not a valid type constructor. | 11-15"
    );
    assert!(error("[\"string\"]").starts_with("Invalid type specification"));
    assert!(error("\"list(\"").contains(" | "));
}

#[test]
fn a_template_is_not_a_type() {
    let e = error("\"${string}\"");
    assert!(e.starts_with("Invalid type specification"), "{e}");
}

#[test]
fn optional_attributes_may_be_omitted_and_get_defaults() {
    let c = TypeConstraint::parse(&expr(
        "\"object({name = string, port = optional(number, 80), tls = optional(bool)})\"",
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(c.optional.attributes.contains("port"));
    assert_eq!(c.optional.defaults["port"], Value::from(80));
    let v = c
        .convert(&Value::object([("name", Value::from("web"))]))
        .unwrap();
    assert_eq!(v.get_attr("port"), Some(&Value::from(80)));
    assert_eq!(v.get_attr("tls"), Some(&Value::null(Type::Bool)));
    let v = c
        .convert(&Value::object([
            ("name", Value::from("web")),
            ("port", Value::from("8080")),
        ]))
        .unwrap();
    assert_eq!(v.get_attr("port"), Some(&Value::from(8080)));
}

#[test]
fn required_attributes_must_be_present() {
    let c = TypeConstraint::parse(&expr(
        "\"object({name = string, port = optional(number)})\"",
    ))
    .unwrap();
    let e = c
        .convert(&Value::object([("port", Value::from(1))]))
        .unwrap_err();
    assert_eq!(
        e.diagnostics()[0].detail,
        "Unsuitable value: attribute \"name\" is required."
    );
}

#[test]
fn defaults_apply_inside_collections() {
    let c = TypeConstraint::parse(&expr(
        "\"list(object({name = string, size = optional(number, 1)}))\"",
    ))
    .unwrap();
    let v = c
        .convert(&Value::tuple([
            Value::object([("name", Value::from("a"))]),
            Value::object([("name", Value::from("b")), ("size", Value::from(3))]),
        ]))
        .unwrap();
    let sizes: Vec<_> = v
        .iter()
        .map(|o| o.get_attr("size").unwrap().clone())
        .collect();
    assert_eq!(sizes, [Value::from(1), Value::from(3)]);
}

#[test]
fn incompatible_default_is_an_error() {
    let e = TypeConstraint::parse(&expr("\"object({port = optional(number, \\\"x\\\")})\""))
        .unwrap_err();
    assert_eq!(
        e.diagnostics()[0].summary,
        "Invalid default value for optional attribute"
    );
}

fn printed(json_value: &str) -> String {
    TypeConstraint::parse(&expr(json_value))
        .unwrap_or_else(|e| panic!("{e}"))
        .to_string()
}

#[test]
fn a_constraint_prints_as_terraform_prints_it() {
    assert_eq!(printed(r#""string""#), "string");
    assert_eq!(printed(r#""any""#), "any");
    assert_eq!(printed(r#""list(string)""#), "list(string)");
    assert_eq!(printed(r#""map(set(number))""#), "map(set(number))");
    assert_eq!(
        printed(r#""object({b = bool, a = number})""#),
        "object({a=number,b=bool})"
    );
    assert_eq!(
        printed(r#""tuple([string, list(any)])""#),
        "tuple([string,list(any)])"
    );
}

#[test]
fn optional_attributes_print_inside_their_objects_without_defaults() {
    assert_eq!(
        printed(r#""object({name = string, port = optional(number, 80)})""#),
        "object({name=string,port=optional(number)})"
    );
    assert_eq!(
        printed(r#""map(object({tags = optional(map(string)), id = string}))""#),
        "map(object({id=string,tags=optional(map(string))}))"
    );
    assert_eq!(
        printed(
            r#""tuple([number, object({inner = optional(object({x = optional(bool, true)}))})])""#
        ),
        "tuple([number,object({inner=optional(object({x=optional(bool)}))})])"
    );
    assert_eq!(
        printed(r#""list(object({a = object({b = optional(string)})}))""#),
        "list(object({a=object({b=optional(string)})}))"
    );
}

#[test]
fn a_printed_constraint_reads_back_as_the_same_constraint() {
    for src in [
        "object({name=string,port=optional(number)})",
        "list(object({a=object({b=optional(string)}),c=set(bool)}))",
        "tuple([number,object({inner=optional(map(any))})])",
    ] {
        let once = TypeConstraint::parse(&expr(&format!("{src:?}"))).unwrap();
        assert_eq!(once.to_string(), src);
        let again = TypeConstraint::parse(&expr(&format!("{:?}", once.to_string()))).unwrap();
        assert_eq!(again, once);
    }
}
