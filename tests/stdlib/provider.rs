//! Terraform's built-in provider functions (`provider::terraform::...`),
//! with the outputs and errors of Terraform's own tests.

use hcl_json::{EvalContext, Expression, Type, Value};

fn ctx() -> EvalContext {
    EvalContext::new().with_stdlib()
}

fn eval(src: &str) -> Value {
    match Expression::parse(src, "t.hcl").and_then(|e| e.value(&ctx())) {
        Ok(v) => v,
        Err(e) => panic!("{src:?} failed:\n{e}"),
    }
}

fn text(src: &str) -> String {
    eval(src)
        .as_str()
        .unwrap_or_else(|| panic!("{src:?} is not a string"))
        .to_string()
}

/// The one diagnostic of a failing `src`: summary, detail and the
/// subject's columns.
fn fail(src: &str) -> (String, String, (usize, usize)) {
    let err = Expression::parse(src, "t.hcl")
        .and_then(|e| e.value(&ctx()))
        .unwrap_err();
    let diags = err.diagnostics();
    assert_eq!(diags.len(), 1, "{err}");
    let d = &diags[0];
    let r = d.subject.as_ref().unwrap();
    (
        d.summary.clone(),
        d.detail.clone(),
        (r.start.column, r.end.column),
    )
}

#[test]
fn encode_tfvars_writes_attributes_in_name_order_aligned_as_hclwrite_does() {
    let src = r#"provider::terraform::encode_tfvars({
        string = "hello"
        number = 5
        bool   = true
        set    = toset(["beep", "boop"])
        list   = toset(["bleep", "bloop"])
        tuple  = toset(["bibble", "wibble"])
        map    = tomap({ one = 1 })
        object = { one = 1, true = true }
        null   = tostring(null)
    })"#;
    assert_eq!(
        text(src),
        r#"bool = true
list = ["bleep", "bloop"]
map = {
  one = 1
}
null   = null
number = 5
object = {
  one  = 1
  true = true
}
set    = ["beep", "boop"]
string = "hello"
tuple  = ["bibble", "wibble"]
"#
    );
    assert_eq!(
        text("provider::terraform::encode_tfvars(tomap({ one = 1, two = 2, three = 3 }))"),
        "one   = 1\nthree = 3\ntwo   = 2\n"
    );
    assert_eq!(text("provider::terraform::encode_tfvars({})"), "");
}

#[test]
fn encode_tfvars_indents_nested_collections_by_the_brackets_left_open() {
    assert_eq!(
        text(
            r#"provider::terraform::encode_tfvars({ xs = [{ a = 1, bb = "x" }, { c = [] }], "k" = {} })"#
        ),
        "k = {}\nxs = [{\n  a  = 1\n  bb = \"x\"\n  }, {\n  c = []\n}]\n"
    );
}

#[test]
fn encode_tfvars_of_an_unknown_is_an_unknown_string() {
    let ctx = ctx().with_variable("u", Value::unknown(Type::String));
    let v = Expression::parse("provider::terraform::encode_tfvars({ a = u })", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::unknown(Type::String));
}

#[test]
fn encode_tfvars_requires_an_object_with_identifier_keys() {
    let (summary, detail, cols) = fail(r#"provider::terraform::encode_tfvars("nope")"#);
    assert_eq!(summary, "Error in function call");
    assert_eq!(
        detail,
        "Call to function \"provider::terraform::encode_tfvars\" failed: invalid value to encode: must be an object whose attribute names will become the encoded variable names."
    );
    // The call's name and opening parenthesis, as for any failed call.
    assert_eq!(cols, (1, 36));
    let (_, detail, _) =
        fail(r#"provider::terraform::encode_tfvars({ "not valid identifier" = "!" })"#);
    assert!(
        detail.contains(r#"invalid variable name "not valid identifier": must be a valid identifier, per Terraform's rules for input variable declarations"#),
        "{detail}"
    );
    let (_, detail, _) = fail("provider::terraform::encode_tfvars(null)");
    assert!(detail.contains("must not be null"), "{detail}");
}

#[test]
fn encode_expr_writes_a_constant_expression() {
    let cases = [
        (r#""hello""#, r#""hello""#),
        (r#""hello\nworld\n""#, r#""hello\nworld\n""#),
        (r#""hel$${lo""#, r#""hel$${lo""#),
        (r#""hel%%{lo""#, r#""hel%%{lo""#),
        (r#""boop\\boop""#, r#""boop\\boop""#),
        (r#""""#, r#""""#),
        ("2", "2"),
        ("1.5e3", "1500"),
        ("-0.25", "-0.25"),
        ("1e-3", "0.001"),
        ("true", "true"),
        ("false", "false"),
        ("{}", "{}"),
        ("[]", "[]"),
        (r#"[5, "..."]"#, r#"[5, "..."]"#),
        ("toset([55, 1, 20, 5])", "[1, 5, 20, 55]"),
        ("[null, [], {}]", "[null, [], {}]"),
    ];
    for (src, want) in cases {
        assert_eq!(
            text(&format!("provider::terraform::encode_expr({src})")),
            want,
            "{src}"
        );
    }
    assert_eq!(
        text(r#"provider::terraform::encode_expr({ string = "...", number = 5 })"#),
        "{\n  number = 5\n  string = \"...\"\n}"
    );
    assert_eq!(
        text(r#"provider::terraform::encode_expr(tomap({ "a b" = 1, two = 2 }))"#),
        "{\n  \"a b\" = 1\n  two   = 2\n}"
    );
}

#[test]
fn encode_expr_of_an_unknown_is_an_unknown_string() {
    let ctx = ctx().with_variable("d", Value::dynamic());
    let v = Expression::parse("provider::terraform::encode_expr(d)", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::unknown(Type::String));
}

#[test]
fn decode_tfvars_reads_literal_attributes() {
    assert_eq!(
        eval(r#"provider::terraform::decode_tfvars("string = \"hello\"\nnumber = 2")"#),
        Value::object([("string", Value::from("hello")), ("number", Value::from(2))])
    );
    assert_eq!(
        eval(r#"provider::terraform::decode_tfvars("")"#),
        Value::object(Vec::<(&str, Value)>::new())
    );
    // What encode_tfvars writes reads back.
    assert_eq!(
        eval(
            r#"provider::terraform::decode_tfvars(provider::terraform::encode_tfvars({ a = [1, { b = "c" }] }))"#
        ),
        eval(r#"{ a = [1, { b = "c" }] }"#)
    );
}

#[test]
fn decode_tfvars_errors_quote_the_first_diagnostic_as_hcl_prints_it() {
    let cases = [
        (
            r#""not valid syntax""#,
            r#"invalid tfvars syntax: <decode_tfvars argument>:1,17-17: Invalid block definition; Either a quoted string block label or an opening brace ("{") is expected here."#,
        ),
        (
            r#""foo = not valid syntax""#,
            "invalid tfvars syntax: <decode_tfvars argument>:1,11-16: Missing newline after argument; An argument definition must end with a newline.",
        ),
        (
            r#""foo = var.whatever""#,
            r#"invalid expression for variable "foo": <decode_tfvars argument>:1,7-10: Variables not allowed; Variables may not be used here."#,
        ),
        (
            r#""foo = whatever()""#,
            r#"invalid expression for variable "foo": <decode_tfvars argument>:1,7-17: Function calls not allowed; Functions may not be called here."#,
        ),
    ];
    for (arg, want) in cases {
        let (summary, detail, _) = fail(&format!("provider::terraform::decode_tfvars({arg})"));
        assert_eq!(summary, "Error in function call", "{arg}");
        assert_eq!(
            detail,
            format!("Call to function \"provider::terraform::decode_tfvars\" failed: {want}"),
            "{arg}"
        );
    }
}

#[test]
fn decode_tfvars_of_an_unknown_is_the_dynamic_value() {
    let ctx = ctx().with_variable("u", Value::unknown(Type::String));
    let v = Expression::parse("provider::terraform::decode_tfvars(u)", "t.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap();
    assert_eq!(v, Value::dynamic());
}

#[test]
fn provider_functions_mark_their_results_like_any_function() {
    let v = eval(r#"provider::terraform::encode_expr(sensitive("x"))"#);
    assert_eq!(
        v,
        Value::from("\"x\"").mark(hcl_json::value::Marks::SENSITIVE)
    );
}
