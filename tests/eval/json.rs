//! The JSON expression mapping (json-spec.md "Expression Mapping"): JSON
//! values, strings in the two modes, object keys, exact ranges inside
//! strings, all diagnostics at once, and nesting limits.

use crate::eval_common;

use eval_common::*;
use hcl_json::{EvalContext, Number, Type, Value};

#[test]
fn json_values_map_to_hcl_values() {
    let v = eval_attr(
        r#"{"a": {"n": 1.50, "b": true, "z": null, "l": [1, "x"]}}"#,
        &EvalContext::new(),
    )
    .unwrap();
    assert_eq!(
        v,
        Value::object([
            ("n", Value::from(1.5)),
            ("b", Value::from(true)),
            ("z", Value::null(Type::Dynamic)),
            ("l", Value::tuple([Value::from(1), Value::from("x")])),
        ])
    );
}

#[test]
fn numbers_are_exact() {
    let v = eval_attr(
        r#"{"a": 0.1000000000000000000000000000001}"#,
        &EvalContext::new(),
    )
    .unwrap();
    assert_eq!(
        v,
        Value::Number(Number::parse("0.1000000000000000000000000000001").unwrap())
    );
}

#[test]
fn number_out_of_range_is_a_diagnostic_on_the_number() {
    let src = r#"{"a": [1, 1e999999]}"#;
    let err = eval_attr(src, &EvalContext::new()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Number out of range");
    assert_eq!(&src[d.subject.as_ref().unwrap().bytes()], "1e999999");
}

#[test]
fn literal_mode_takes_strings_as_they_are() {
    let v = eval_attr(
        r#"{"a": {"${k}": "Hello, ${name}! %{ if x }"}}"#,
        &EvalContext::literal(),
    )
    .unwrap();
    assert_eq!(
        v,
        Value::object([("${k}", Value::from("Hello, ${name}! %{ if x }"))])
    );
}

#[test]
fn strings_without_template_sequences_are_literal_in_full_mode() {
    assert_eq!(
        ok("plain $ and % and { }", &EvalContext::new()),
        Value::from("plain $ and % and { }")
    );
}

#[test]
fn template_escapes_are_unescaped() {
    assert_eq!(
        ok("$${not_interp} and %%{not_directive}", &EvalContext::new()),
        Value::from("${not_interp} and %{not_directive}")
    );
}

#[test]
fn template_with_single_interpolation_yields_its_value() {
    assert_eq!(ok("${a + b}", &ctx()), Value::from(3));
    assert_eq!(
        ok("${items}", &ctx()),
        Value::tuple(["a", "b", "c"].map(Value::from))
    );
    assert_eq!(ok("${null}", &ctx()), Value::null(Type::Dynamic));
}

#[test]
fn template_with_text_around_an_interpolation_is_a_string() {
    assert_eq!(ok(" ${a}", &ctx()), Value::from(" 1"));
    assert_eq!(ok("a+b=${a + b}", &ctx()), Value::from("a+b=3"));
}

#[test]
fn object_keys_are_templates_in_full_mode() {
    let v = eval_attr(r#"{"a": {"${name}": 1, "${a + 1}": 2}}"#, &ctx()).unwrap();
    assert_eq!(
        v,
        Value::object([("world", Value::from(1)), ("2", Value::from(2))])
    );
}

#[test]
fn null_object_key_is_an_error() {
    let src = r#"{"a": {"${nothing}": 1}}"#;
    let err = eval_attr(src, &ctx()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid object key expression");
    assert_eq!(&src[d.subject.as_ref().unwrap().bytes()], "\"${nothing}\"");
}

#[test]
fn object_key_that_is_not_a_string_is_an_error() {
    let err = eval_attr(r#"{"a": {"${items}": 1}}"#, &ctx()).unwrap_err();
    assert_eq!(
        err.diagnostics()[0].summary,
        "Invalid object key expression"
    );
}

#[test]
fn unknown_object_key_makes_the_object_dynamic() {
    assert_eq!(
        eval_attr(r#"{"a": {"${ustr}": 1, "b": 2}}"#, &ctx()).unwrap(),
        Value::dynamic()
    );
}

#[test]
fn duplicate_keys_after_evaluation_are_an_error() {
    let src = r#"{"a": {"world": 1, "${name}": 2}}"#;
    let err = eval_attr(src, &ctx()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Duplicate object attribute");
    assert_eq!(
        d.detail,
        "An attribute named \"world\" was already defined at t.json:1,8-15."
    );
    assert_eq!(&src[d.subject.as_ref().unwrap().bytes()], "\"${name}\"");
}

#[test]
fn a_duplicate_after_a_nested_object_points_at_its_own_first_definition() {
    let src = r#"{"a": {"n": {"x": 1, "y": 2, "x": 3}, "m": 1, "m": 2}}"#;
    let err = eval_attr(src, &EvalContext::literal()).unwrap_err();
    let details: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(
        details,
        [
            "An attribute named \"x\" was already defined at t.json:1,14-17.",
            "An attribute named \"m\" was already defined at t.json:1,39-42.",
        ]
    );
}

#[test]
fn literal_duplicate_keys_are_an_error_too() {
    let err = eval_attr(r#"{"a": {"k": 1, "k": 2}}"#, &EvalContext::literal()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Duplicate object attribute");
}

#[test]
fn ranges_after_escapes_are_exact() {
    // Decoded: `"` newline `A` space, then `${nosuch}`.
    let src = "{\n  \"a\": \"\\\"\\n\\u0041 ${nosuch}\"\n}";
    let err = eval_attr(src, &ctx()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Unknown variable");
    let r = d.subject.as_ref().unwrap();
    assert_eq!(&src[r.bytes()], "nosuch");
    assert_eq!((r.start.line, r.start.column, r.start.byte), (2, 22, 23));
    assert_eq!((r.end.line, r.end.column, r.end.byte), (2, 28, 29));
}

#[test]
fn template_syntax_errors_have_exact_ranges() {
    let src = r#"{"a": "\u0041${1 +}"}"#;
    let err = eval_attr(src, &ctx()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Invalid expression");
    let r = d.subject.as_ref().unwrap();
    assert!(r.start.byte >= src.find("${").unwrap(), "{r:?}");
    assert!(err.to_string().contains("t.json"), "{err}");
}

#[test]
fn all_independent_errors_are_reported_at_once() {
    let src = r#"{"a": {"x": "${nosuch}", "y": ["${0 / 0}", "${upper(1, 2)}"]}}"#;
    let err = eval_attr(src, &ctx()).unwrap_err();
    let summaries: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        summaries,
        [
            "Unknown variable",
            "Operation failed",
            "Too many function arguments"
        ]
    );
}

#[test]
fn errors_do_not_cascade() {
    let diags = errors("${nosuch + 1 == 2 ? upper(nosuch) : 3}", &ctx());
    assert_eq!(diags.len(), 1, "{diags:#?}");
}

#[test]
fn errors_carry_the_source_snippet() {
    let err = eval("x ${nosuch}", &ctx()).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("{\"a\": \"x ${nosuch}\"}"), "{text}");
    assert!(text.contains("^^^^^^"), "{text}");
}

#[test]
fn evaluating_again_gives_the_same_result() {
    let file = hcl_json::parse(doc("Hello, ${name}!"), "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    let c = ctx();
    for _ in 0..3 {
        assert_eq!(
            attrs["a"].expr.value(&c).unwrap(),
            Value::from("Hello, world!")
        );
    }
    assert_eq!(
        attrs["a"].expr.value(&EvalContext::literal()).unwrap(),
        Value::from("Hello, ${name}!")
    );
}

#[test]
fn deepest_json_nesting_evaluates_without_overflow() {
    let depth = hcl_json::json::ParseOptions::DEFAULT_MAX_NESTING - 1;
    let src = format!(
        "{{\"a\": {}\"${{a}}\"{}}}",
        "[".repeat(depth - 1),
        "]".repeat(depth - 1)
    );
    let mut v = eval_attr(&src, &ctx()).unwrap();
    let mut levels = 0;
    while let Value::Tuple(mut items) = v {
        v = items.remove(0);
        levels += 1;
    }
    assert_eq!(levels, depth - 1);
    assert_eq!(v, Value::from(1));
}

#[test]
fn deepest_native_nesting_evaluates_without_overflow() {
    let c = ctx();
    // Find the deepest parenthesized expression the parser accepts, then
    // evaluate it inside the deepest JSON nesting, on a small stack.
    let mut n = hcl_json::__internals::MAX_DEPTH as usize;
    let expr = loop {
        let e = format!("${{{}a{}}}", "(".repeat(n), ")".repeat(n));
        if hcl_json::__internals::parse_template(&e).is_ok() {
            break e;
        }
        n -= 1;
    };
    let depth = hcl_json::json::ParseOptions::DEFAULT_MAX_NESTING - 1;
    let src = format!(
        "{{\"a\": {}{}{}}}",
        "[".repeat(depth - 1),
        serde_json::to_string(&expr).unwrap(),
        "]".repeat(depth - 1)
    );
    let unary = format!("${{{}t}}", "!".repeat(n));
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let c = ctx();
            eval_attr(&src, &c).map(|_| ()).map_err(|e| e.to_string())?;
            eval(&unary, &c).map(|_| ()).map_err(|e| e.to_string())
        })
        .unwrap();
    let result = handle.join().expect("no stack overflow");
    assert!(
        result.is_ok() || result.as_ref().unwrap_err().contains("Nesting"),
        "{result:?}"
    );
    assert_eq!(ok("${((((a))))}", &c), Value::from(1));
}

mod no_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever a string holds, evaluating it gives a value or
        /// diagnostics, each with a range inside the file.
        #[test]
        fn any_template_evaluates_without_panicking(
            t in "(\\$\\{|%\\{|\\}|~|[a-z]{1,3}|[0-9]|[-+*/%!<>=&|?:.,()\\[\\]\" ]|\\\\n|for |in |if |endif|endfor|else|\\.\\.\\.|\\[\\*\\]){0,24}"
        ) {
            let c = ctx();
            let src = doc(&t);
            if let Err(e) = eval_attr(&src, &c) {
                for d in e.diagnostics() {
                    if let Some(r) = &d.subject {
                        prop_assert!(r.end.byte <= src.len());
                    }
                }
            }
        }
    }
}

/// A function returning how many times it has been called, pure or not.
fn counter(
    pure: bool,
) -> (
    hcl_json::Function,
    std::sync::Arc<std::sync::atomic::AtomicUsize>,
) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let calls = std::sync::Arc::new(AtomicUsize::new(0));
    let seen = calls.clone();
    let builder = hcl_json::Function::builder().returns(Type::Number);
    let builder = if pure { builder.pure() } else { builder };
    let f = builder.build(move |_| Ok(Value::from(seen.fetch_add(1, Ordering::Relaxed) as i64)));
    (f, calls)
}

fn calls(n: &std::sync::atomic::AtomicUsize) -> usize {
    n.load(std::sync::atomic::Ordering::Relaxed)
}

#[test]
fn strings_of_one_text_are_evaluated_once_in_one_context_when_pure() {
    let (f, n) = counter(true);
    let ctx = EvalContext::new().with_function("count", f);
    let src = r#"{"a": ["${count()}", "${count()}", "${count()}", "${count()}"]}"#;
    let v = eval_attr(src, &ctx).unwrap();
    // The first string is parsed and evaluated; the others reuse its value.
    assert_eq!(v, Value::tuple([0, 0, 0, 0].map(Value::from)));
    assert_eq!(calls(&n), 1);
}

#[test]
fn strings_calling_an_impure_function_are_each_evaluated() {
    let (f, n) = counter(false);
    let ctx = EvalContext::new().with_stdlib().with_function("tick", f);
    let v = eval_attr(r#"{"a": ["${tick()}", "${tick()}", "${tick()}"]}"#, &ctx).unwrap();
    assert_eq!(v, Value::tuple([0, 1, 2].map(Value::from)));
    // Called inside a pure function's closure argument, as well.
    let v = eval_attr(
        r#"{"a": ["${try(tick(), 0)}", "${try(tick(), 0)}", "${try(tick(), 0)}"]}"#,
        &ctx,
    )
    .unwrap();
    assert_eq!(v, Value::tuple([3, 4, 5].map(Value::from)));
    assert_eq!(calls(&n), 6);
}

#[test]
fn a_reused_value_is_of_its_own_context() {
    let file = hcl_json::parse(r#"{"a": ["${x}", "${x}", "${x}"]}"#, "t.json").unwrap();
    let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
    let three = |v: i64| Value::tuple([v, v, v].map(Value::from));
    let one = EvalContext::new().with_variable("x", 1);
    assert_eq!(expr.value(&one).unwrap(), three(1));
    assert_eq!(expr.value(&one).unwrap(), three(1));
    let two = EvalContext::new().with_variable("x", 2);
    assert_eq!(expr.value(&two).unwrap(), three(2));
    // A context changed in place (its only handle) is another context.
    let changed = one.with_variable("x", 3);
    assert_eq!(expr.value(&changed).unwrap(), three(3));
    assert_eq!(expr.value(&two).unwrap(), three(2));
}

#[test]
fn a_reused_value_is_charged_to_the_budget() {
    let big = "y".repeat(900);
    let items = vec![r#""${v}""#; 200].join(",");
    let ctx = EvalContext::new()
        .with_variable("v", big)
        .with_limits(hcl_json::Limits::default().with_max_bytes(64 << 10));
    let err = eval_attr(&format!(r#"{{"a": [{items}]}}"#), &ctx).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Evaluation limit exceeded");
    assert_eq!(
        err.diagnostics()[0].kind,
        hcl_json::DiagnosticKind::LimitExceeded {
            limit: hcl_json::diag::Limit::Bytes
        }
    );
}
