//! Every standard function, called with awkward arguments of every shape,
//! returns a value or an error and never panics; and hostile input is
//! bounded: one test per attack class (bombs through each producer, each
//! formerly quadratic function at a size where quadratic would show, big
//! names and patterns), asserting the located error or the correct value.

use crate::eval_common;
use crate::stdlib_support;

use std::panic::{catch_unwind, AssertUnwindSafe};

use hcl_json::{stdlib, Number, Type, Value};
use stdlib_support::*;

fn awkward_values() -> Vec<Value> {
    vec![
        s(""),
        s("a"),
        s("/(/"),
        s("%"),
        s("%[9]d"),
        s("10.0.0.0/8"),
        s("::/0"),
        s("\u{0}\u{FFFD}e\u{301}"),
        n("0"),
        n("-1"),
        n("1.5"),
        n("-9223372036854775808"),
        n("9223372036854775807"),
        n("1e300"),
        n("-1e300"),
        Value::Number(Number::INFINITY),
        Value::Number(Number::NEG_INFINITY),
        b(true),
        null(Type::String),
        null(Type::Dynamic),
        null(Type::list(Type::String)),
        unknown(Type::String),
        Value::dynamic(),
        unknown(Type::list(Type::Number)),
        strs(&[]),
        strs(&["a", "b"]),
        nums(&["1", "2"]),
        Value::list(Type::String, [s("a"), unknown(Type::String)]).unwrap(),
        Value::list(Type::String, [null(Type::String)]).unwrap(),
        tuple(vec![]),
        tuple(vec![n("1"), s("x"), tuple(vec![b(false)])]),
        Value::set(Type::Number, [n("1"), n("2")]).unwrap(),
        str_map(&[]),
        str_map(&[("k", "v")]),
        obj(&[]),
        obj(&[("a", n("1")), ("b", tuple(vec![]))]),
    ]
}

#[test]
fn no_function_panics_on_awkward_arguments() {
    let values = awkward_values();
    for (name, f) in stdlib::functions() {
        let arity = f.params().len() + if f.variadic().is_some() { 2 } else { 0 };
        let mut calls: Vec<Vec<Value>> = vec![vec![]];
        for _ in 0..arity.max(1) {
            let mut next = Vec::new();
            for prefix in &calls {
                for v in &values {
                    let mut c = prefix.clone();
                    c.push(v.clone());
                    next.push(c);
                }
            }
            // Keep the sweep small enough for CI: sample the combinations.
            calls = next
                .into_iter()
                .step_by(if arity > 2 { 7 } else { 1 })
                .collect();
        }
        for args in calls.iter().chain(std::iter::once(&Vec::new())) {
            let r = catch_unwind(AssertUnwindSafe(|| f.call(args)));
            assert!(r.is_ok(), "{name} panicked on {args:?}");
        }
    }
}

// ------------------------------------------------------------ hostile input

use hcl_json::value::limits::{self, VALUE_BYTES};
use hcl_json::{EvalContext, Limits};

/// The stdlib, and a few variables an attacker's expression can use.
fn hostile_ctx() -> EvalContext {
    EvalContext::new()
        .with_stdlib()
        .with_variable("mb", "x".repeat(1 << 20))
        .with_variable("kb10", "y".repeat(10_000))
        .with_variable("ten_mb", "z".repeat(10 << 20))
        .with_variable("l", Value::tuple((0..1000).map(Value::from)))
        .with_variable("big", Value::tuple((0..100_000).map(Value::from)))
}

/// A context with lists of the numbers `from..to` as strings, as
/// variables (`range` stops at 1024 elements).
fn with_lists(lists: &[(&str, i64, i64)]) -> EvalContext {
    // The budget is not what these tests are about.
    let limits = Limits::default()
        .with_max_steps(100_000_000)
        .with_max_bytes(1 << 30);
    let mut ctx = hostile_ctx().with_limits(limits);
    for &(name, from, to) in lists {
        ctx = ctx.with_variable(
            name,
            Value::tuple((from..to).map(|i| Value::from(i.to_string()))),
        );
    }
    ctx
}

/// The one diagnostic of `template`, which must be the budget's, with the
/// source text of its subject.
fn limit_error(template: &str, ctx: &EvalContext) -> (String, String) {
    let (d, text) = eval_common::error(template, ctx);
    assert_eq!(d.summary, limits::LIMIT_SUMMARY, "{template}: {}", d.detail);
    (d.detail, text)
}

const BYTES_DETAIL: &str = "This expression produces more than 64 MiB of strings and collections, the evaluation limit of produced values; raise it with `Limits::with_max_bytes` (`EvalContext::with_limits`) if this input is trusted.";

#[test]
fn join_with_a_huge_separator_is_refused_before_building() {
    let (detail, text) = limit_error(
        "${join(mb, [for i in range(1000) : \"a\"])}",
        &hostile_ctx(),
    );
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "join(mb, [for i in range(1000) : \\\"a\\\"])");
}

#[test]
fn nested_template_for_directives_are_bounded_by_output_bytes() {
    let (detail, text) = limit_error(
        "%{ for a in range(1000) }%{ for b in range(1000) }${kb10}%{ endfor }%{ endfor }",
        &hostile_ctx(),
    );
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "kb10");
}

#[test]
fn nested_for_expressions_copying_a_value_are_bounded() {
    let (detail, text) = limit_error(
        "${jsonencode([for a in range(1000) : [for b in range(1000) : kb10]])}",
        &hostile_ctx(),
    );
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "kb10");
}

#[test]
fn format_in_nested_loops_is_bounded() {
    let (detail, text) = limit_error(
        "${[for a in range(1000) : [for b in range(1000) : format(\"%10000s\", \"\")]]}",
        &hostile_ctx(),
    );
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "format(\\\"%10000s\\\", \\\"\\\")");
}

#[test]
fn split_into_characters_counts_every_part() {
    let (detail, text) = limit_error("${split(\"\", ten_mb)}", &hostile_ctx());
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "split(\\\"\\\", ten_mb)");
}

#[cfg(feature = "yaml")]
#[test]
fn yaml_aliases_count_what_they_expand_to() {
    // 10 000 aliases of a 100 kB scalar: 40 kB of text, 1 GB expanded.
    let yaml = format!(
        "a: &x {}\nb: [{}]\n",
        "v".repeat(100_000),
        vec!["*x"; 10_000].join(", ")
    );
    let ctx = hostile_ctx().with_variable("doc", yaml);
    let (detail, text) = limit_error("${yamldecode(doc)}", &ctx);
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "yamldecode(doc)");
}

#[cfg(feature = "csv")]
#[test]
fn csvdecode_rows_repeat_every_column_name() {
    // 1 000 columns of 1 kB names, 1 000 rows of commas: 1 GB of keys.
    let header: Vec<String> = (0..1000).map(|i| format!("{i:01000}")).collect();
    let row = ",".repeat(999);
    let csv = format!("{}\n{}", header.join(","), vec![row; 1000].join("\n"));
    let ctx = hostile_ctx().with_variable("csv", csv);
    let (detail, text) = limit_error("${csvdecode(csv)}", &ctx);
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "csvdecode(csv)");
}

#[test]
fn jsondecode_counts_every_value_it_builds() {
    // Two bytes of text per value: the values, not the text, are charged.
    let n = (64 << 20) / VALUE_BYTES as usize + 1;
    let json = format!("[{}[]]", "[],".repeat(n));
    let ctx = hostile_ctx().with_variable("json", json);
    let (detail, text) = limit_error("${jsondecode(json)}", &ctx);
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "jsondecode(json)");
}

#[test]
fn splats_in_a_loop_are_bounded() {
    let (detail, text) = limit_error("${[for i in range(1000) : l[*]]}", &hostile_ctx());
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "[*]");
}

#[test]
fn conversions_in_a_loop_are_bounded() {
    let ctx = hostile_ctx().with_limits(Limits::default().with_max_bytes(1 << 20));
    let (detail, text) = limit_error("${[for i in range(1000) : tolist(l)]}", &ctx);
    assert!(
        detail.starts_with("This expression produces more than 1 MiB"),
        "{detail}"
    );
    // The argument's copy is what runs out.
    assert_eq!(text, "l");
}

#[test]
fn setproduct_is_charged_for_every_combination() {
    let (detail, text) = limit_error(
        "${setproduct([for i in range(700) : kb10], range(700))}",
        &hostile_ctx(),
    );
    assert_eq!(detail, BYTES_DETAIL);
    assert_eq!(text, "setproduct([for i in range(700) : kb10], range(700))");
}

#[test]
fn steps_are_bounded_even_when_nothing_big_is_built() {
    let ctx = hostile_ctx().with_limits(Limits::default().with_max_steps(10_000));
    let (detail, text) = limit_error(
        "${[for i in range(1000) : [for j in range(100) : 1]]}",
        &ctx,
    );
    assert_eq!(
        detail,
        "This expression takes more than 10000 steps (loop iterations, function calls and values visited), the evaluation limit of steps; raise it with `Limits::with_max_steps` (`EvalContext::with_limits`) if this input is trusted."
    );
    assert_eq!(text, "range(100)");
}

#[test]
fn raising_the_limit_lets_trusted_input_through() {
    let ctx = hostile_ctx().with_limits(Limits::default().with_max_bytes(2 << 30));
    let v = eval_common::ok("${length(join(mb, [\"a\", \"b\", \"c\"]))}", &ctx);
    assert_eq!(v, Value::from((2 << 20) + 3));
    // The limit applies to children of the context too.
    let child = ctx.child();
    assert_eq!(child.limits().max_bytes, 2 << 30);
}

#[test]
fn try_and_can_do_not_catch_a_spent_budget() {
    let ctx = hostile_ctx();
    let (detail, _) = limit_error("${try(split(\"\", ten_mb), \"fallback\")}", &ctx);
    assert_eq!(detail, BYTES_DETAIL);
    let (detail, _) = limit_error("${can(split(\"\", ten_mb))}", &ctx);
    assert_eq!(detail, BYTES_DETAIL);
}

#[test]
fn closures_share_the_budget_of_the_evaluation_they_run_in() {
    let ctx = hostile_ctx();
    let _ = limits::take_peak_usage();
    eval_common::ok("${[for i in range(100) : [for x in range(3) : x]]}", &ctx);
    let plain = limits::take_peak_usage().steps;
    eval_common::ok(
        "${[for i in range(100) : can([for x in range(3) : x])]}",
        &ctx,
    );
    let with_can = limits::take_peak_usage().steps;
    // Each `can` is one more step (the call); the nested evaluation of its
    // argument charges the same outer meter as the plain body does (its
    // `range` call, result and iterations: 7 steps).
    assert_eq!(with_can, plain + 100);
    // So a budget the plain loop fits in is too small with `can`.
    let tight = hostile_ctx().with_limits(Limits::default().with_max_steps(plain));
    eval_common::ok("${[for i in range(100) : [for x in range(3) : x]]}", &tight);
    let (detail, _) = limit_error(
        "${[for i in range(100) : can([for x in range(3) : x])]}",
        &tight,
    );
    assert!(detail.starts_with(&format!("This expression takes more than {plain} steps")));
}

#[test]
fn a_limit_hit_in_a_branch_not_taken_still_fails_the_evaluation() {
    // The conditional's unknown condition evaluates both branches apart.
    let ctx = hostile_ctx().with_variable("unknown", Value::unknown(Type::Bool));
    let (detail, _) = limit_error("${unknown ? split(\"\", ten_mb) : []}", &ctx);
    assert_eq!(detail, BYTES_DETAIL);
}

// Formerly quadratic functions, at a size where quadratic would show
// (100 000 elements: 10^10 comparisons), with their exact values.

#[test]
fn distinct_of_many_elements_keeps_the_first_of_each() {
    let ctx = with_lists(&[]);
    let v = eval_common::ok(
        "${distinct(concat([for i in big : i % 1000 == 0 ? \"dup\" : tostring(i)], [\"dup\", \"0\"]))}",
        &ctx,
    );
    let items = v.as_elements().unwrap();
    // 99 900 distinct numbers, "dup" once, and "0" (0 itself was "dup").
    assert_eq!(items.len(), 99_902);
    assert_eq!(items[0], Value::from("dup"));
    assert_eq!(items[1], Value::from("1"));
    assert_eq!(items[99_900], Value::from("99999"));
    assert_eq!(items[99_901], Value::from("0"));
}

#[test]
fn set_operations_on_many_elements_are_exact() {
    let ctx = with_lists(&[("a", 0, 100_000), ("b", 50_000, 150_000)]);
    let v = eval_common::ok("${length(setintersection(a, b))}", &ctx);
    assert_eq!(v, Value::from(50_000));
    let v = eval_common::ok("${length(setsubtract(a, b))}", &ctx);
    assert_eq!(v, Value::from(50_000));
    let v = eval_common::ok("${length(setunion(a, b))}", &ctx);
    assert_eq!(v, Value::from(150_000));
}

#[test]
fn matchkeys_on_many_elements_is_exact() {
    let ctx = with_lists(&[("keys", 0, 100_000), ("search", 99_990, 200_000)]);
    let v = eval_common::ok("${matchkeys(big, keys, search)}", &ctx);
    assert_eq!(
        v,
        Value::list(Type::Number, (99_990..100_000).map(Value::from)).unwrap()
    );
}

#[cfg(feature = "csv")]
#[test]
fn csvdecode_finds_a_duplicate_among_many_columns() {
    let mut header: Vec<String> = (0..100_000).map(|i| format!("c{i}")).collect();
    header.push("c99999".into());
    let ctx = hostile_ctx().with_variable("csv", header.join(","));
    let (d, text) = eval_common::error("${csvdecode(csv)}", &ctx);
    assert_eq!(d.summary, "Error in function call");
    assert_eq!(
        d.detail,
        "Call to function \"csvdecode\" failed: duplicate column name \"c99999\"."
    );
    // HCL's subject for a failed call: the name and opening parenthesis.
    assert_eq!(text, "csvdecode(");
}

// Error paths.

#[test]
fn unknown_names_of_a_megabyte_still_get_a_suggestion() {
    let long = "v".repeat(1 << 20);
    let ctx = EvalContext::new().with_variable(format!("{long}x"), 1);
    let (d, text) = eval_common::error(&format!("${{{long}y}}"), &ctx);
    assert_eq!(d.summary, "Unknown variable");
    assert!(d.detail.ends_with(&format!("Did you mean \"{long}x\"?")));
    assert_eq!(text.len(), long.len() + 1);
}

#[test]
fn an_unknown_function_in_a_big_loop_is_reported_by_can_each_time() {
    let ctx = hostile_ctx();
    let v = eval_common::ok(
        "${length([for i in big : can(nosuchfn(i)) if !can(nosuchfn(i))])}",
        &ctx,
    );
    assert_eq!(v, Value::from(100_000));
    let (d, _) = eval_common::error("${uper(\"a\")}", &ctx);
    assert_eq!(
        d.detail,
        "There is no function named \"uper\". Did you mean \"upper\"?"
    );
}

#[cfg(feature = "regex")]
#[test]
fn long_regex_patterns_are_refused_before_compiling() {
    let ctx = hostile_ctx().with_variable("pattern", "a".repeat(limits::MAX_REGEX_PATTERN + 1));
    let (d, text) = eval_common::error("${regex(pattern, \"a\")}", &ctx);
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(
        d.detail,
        "Invalid value for \"pattern\" parameter: the regular expression is 4097 bytes long, more than the limit of 4096."
    );
    assert_eq!(text, "pattern");
}

#[cfg(feature = "regex")]
#[test]
fn short_patterns_that_compile_to_huge_programs_are_refused() {
    let (d, _) = eval_common::error("${regex(\"a{1000}{1000}\", \"a\")}", &hostile_ctx());
    assert_eq!(d.summary, "Invalid function argument");
    assert!(d.detail.contains("exceeds size limit"), "{}", d.detail);
}
