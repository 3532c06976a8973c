//! Expressions and templates parsed on their own, outside any file
//! (`Expression::parse`, `Expression::parse_template`): values from a
//! command line or an environment variable. Ranges point into the text
//! given, under the name given.

use hcl_json::{EvalContext, Expression, Value};

fn ctx() -> EvalContext {
    EvalContext::new()
        .with_stdlib()
        .with_variable("name", "web")
        .with_variable("var", Value::object([("n", Value::from(2))]))
}

#[test]
fn a_standalone_expression_evaluates_in_a_context() {
    let expr =
        Expression::parse("{ size = var.n * 2, tags = [name, upper(name)] }", "<v>").unwrap();
    let value = expr.value(&ctx()).unwrap();
    assert_eq!(value.get_attr("size"), Some(&Value::from(4)));
    assert_eq!(
        value.get_attr("tags"),
        Some(&Value::tuple([Value::from("web"), Value::from("WEB")]))
    );
}

#[test]
fn a_standalone_expression_spans_its_text_under_the_name_given() {
    let expr = Expression::parse("  var.n # a comment\n", "-var").unwrap();
    let r = expr.range();
    assert_eq!(r.filename.as_ref(), "-var");
    assert_eq!((r.start.line, r.start.column, r.start.byte), (1, 3, 2));
    assert_eq!((r.end.line, r.end.column, r.end.byte), (1, 8, 7));
    assert_eq!(expr.source_text(), "var.n");
    let refs = expr.variables();
    assert_eq!(refs.len(), 1);
    assert_eq!(refs[0].root_name(), "var");
}

#[test]
fn evaluation_errors_point_into_the_standalone_text() {
    let err = Expression::parse("1 + nmae", "TF_VAR_x")
        .unwrap()
        .value(&ctx())
        .unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Unknown variable");
    let at = d.subject.as_ref().unwrap();
    assert_eq!(at.filename.as_ref(), "TF_VAR_x");
    assert_eq!((at.start.column, at.end.column), (5, 9));
    // The rendering shows the text it points into.
    assert!(err.to_string().contains("1 + nmae"), "{err}");
}

#[test]
fn a_standalone_expression_with_trailing_text_is_an_error_at_that_text() {
    let err = Expression::parse("a b", "<v>").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Extra characters after expression");
    let at = d.subject.as_ref().unwrap();
    assert_eq!((at.start.column, at.end.column), (3, 4));
}

#[test]
fn a_standalone_template_interpolates_and_unwraps_a_lone_interpolation() {
    let t = Expression::parse_template("Hello, ${name}! %{ if var.n > 1 }many%{ endif }", "<t>")
        .unwrap();
    assert_eq!(t.value(&ctx()).unwrap(), Value::from("Hello, web! many"));
    // One interpolation and nothing else: the value as is, not a string.
    let lone = Expression::parse_template("${var.n}", "<t>").unwrap();
    assert_eq!(lone.value(&ctx()).unwrap(), Value::from(2));
    // Text is text: no quotes or backslash escapes at this level.
    let text = Expression::parse_template(r#"a "b" \n $${c}"#, "<t>").unwrap();
    assert_eq!(text.value(&ctx()).unwrap(), Value::from(r#"a "b" \n ${c}"#));
}

#[test]
fn an_unclosed_interpolation_in_a_standalone_template_is_located() {
    let err = Expression::parse_template("a ${b", "<t>").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Unclosed template interpolation sequence");
    let at = d.subject.as_ref().unwrap();
    assert_eq!((at.start.column, at.end.column), (3, 5));
}
