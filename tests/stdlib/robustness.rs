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
    assert_eq!(
        d.summary, "Evaluation limit exceeded",
        "{template}: {}",
        d.detail
    );
    assert!(
        matches!(d.kind, hcl_json::DiagnosticKind::LimitExceeded { .. }),
        "{template}: {:?}",
        d.kind
    );
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
    let (detail, text) = limit_error("${[for i in range(1000) : big[*]]}", &hostile_ctx());
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
    // Each iteration charges the argument's copy and the converted list;
    // whichever comes first over the limit is blamed, never the whole loop.
    assert!(matches!(text.as_str(), "l" | "tolist(l)"), "{text}");
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

// ------------------------------------------- producers charged as they build

/// Counts the bytes this thread has allocated and not freed, and the most
/// it had at once: what shows whether a function allocated past the
/// budget before being refused. Thread-local, so tests running at the
/// same time on other threads do not count.
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    pub(super) struct Counting;

    thread_local! {
        static LIVE: Cell<isize> = const { Cell::new(0) };
        static PEAK: Cell<isize> = const { Cell::new(0) };
    }

    fn add(n: isize) {
        // `try_with`: nothing to count while the thread is torn down.
        let _ = LIVE.try_with(|live| {
            let now = live.get() + n;
            live.set(now);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
        });
    }

    // The only unsafe code in the workspace: counting allocations needs a `GlobalAlloc`.
    #[allow(unsafe_code)]
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            add(layout.size() as isize);
            System.alloc(layout)
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            add(-(layout.size() as isize));
            System.dealloc(ptr, layout);
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            add(new_size as isize - layout.size() as isize);
            System.realloc(ptr, layout, new_size)
        }
    }

    /// The most bytes that `f` had allocated at once, beyond what was
    /// allocated before it ran.
    pub(super) fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
        let base = LIVE.with(Cell::get);
        PEAK.with(|p| p.set(base));
        let out = f();
        let peak = PEAK.with(Cell::get);
        (out, (peak - base).max(0) as usize)
    }
}

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

/// `template` fails on the budget of `max_bytes`, and never had more
/// allocated at once while it ran than the budget, plus two copies of its
/// `input` bytes (the argument's value and its converted copy, which the
/// budget charges once) and 1 MiB for the evaluator's own structures (the
/// parsed template, the diagnostic); the detail and the subject's text.
fn refused_within_budget(
    template: &str,
    ctx: &EvalContext,
    max_bytes: u64,
    input: u64,
) -> (String, String) {
    let ctx = ctx
        .clone()
        .with_limits(Limits::default().with_max_bytes(max_bytes));
    let ((detail, text), peak) = counting::peak_during(|| limit_error(template, &ctx));
    let bound = max_bytes + 2 * input + (1 << 20);
    assert!(
        (peak as u64) < bound,
        "{template}: {peak} bytes allocated at once, more than {bound}"
    );
    (detail, text)
}

const EIGHT_MIB_DETAIL: &str = "This expression produces more than 8 MiB of strings and collections, the evaluation limit of produced values; raise it with `Limits::with_max_bytes` (`EvalContext::with_limits`) if this input is trusted.";

/// A context whose variable `v` is `text`.
fn with_text(text: String) -> EvalContext {
    EvalContext::new().with_stdlib().with_variable("v", text)
}

#[test]
fn jsonencode_is_charged_as_it_builds() {
    // Each `<` is written `\u003c`: 2 MiB of them encode to 12 MiB.
    let ctx = with_text("<".repeat(2 << 20));
    let (detail, text) = refused_within_budget("${jsonencode(v)}", &ctx, 8 << 20, 2 << 20);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "jsonencode(v)");
}

#[test]
fn jsonencode_of_a_list_repeating_a_string_is_charged_as_it_builds() {
    // The list shares one string: its value costs little, its text 10 MB.
    let ctx = EvalContext::new().with_stdlib().with_variable(
        "v",
        Value::tuple(vec![Value::from("x".repeat(10_000)); 1000]),
    );
    // 16 MiB: the argument's copy (10 MB) fits, its text does not.
    let ctx = ctx.with_limits(Limits::default().with_max_bytes(16 << 20));
    let (detail, text) = limit_error("${jsonencode(v)}", &ctx);
    assert_eq!(detail, EIGHT_MIB_DETAIL.replace("8 MiB", "16 MiB"));
    assert_eq!(text, "jsonencode(v)");
}

#[cfg(feature = "yaml")]
#[test]
fn yamlencode_is_charged_as_it_builds() {
    // Each U+0001 is written `\x01`: 2 MiB of them encode to 8 MiB.
    let ctx = with_text("\u{1}".repeat(2 << 20));
    let (detail, text) = refused_within_budget("${yamlencode(v)}", &ctx, 8 << 20, 2 << 20);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "yamlencode(v)");
}

#[test]
fn urlencode_is_charged_as_it_builds() {
    // Each `<` is written `%3C`: 3 MiB of them encode to 9 MiB.
    let ctx = with_text("<".repeat(3 << 20));
    let (detail, text) = refused_within_budget("${urlencode(v)}", &ctx, 8 << 20, 3 << 20);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "urlencode(v)");
}

#[test]
fn base64encode_is_refused_before_it_builds() {
    // 4 bytes out for 3 in: 5 MiB encode to 6.7 MiB, past the 3 MiB left.
    let ctx = with_text("a".repeat(5 << 20));
    let (detail, text) = refused_within_budget("${base64encode(v)}", &ctx, 8 << 20, 5 << 20);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "base64encode(v)");
}

#[test]
fn format_is_bounded_by_the_evaluation_budget() {
    // 1 000 verbs of width 10 000 in a 7 kB format string: 10 MB.
    let ctx = with_text("%10000s".repeat(1000));
    let args = vec!["\"\""; 1000].join(", ");
    let template = format!("${{format(v, {args})}}");
    let (detail, text) = refused_within_budget(&template, &ctx, 8 << 20, 7000);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, format!("format(v, {})", args.replace('"', "\\\"")));
    // Under the default budget the same call succeeds: format has no cap
    // of its own on its result.
    let v = eval_common::ok(&format!("${{length(format(v, {args}))}}"), &ctx);
    assert_eq!(v, Value::from(10_000_000));
}

#[test]
fn formatlist_counts_every_row_against_the_budget() {
    // 1 000 rows of 10 kB: each row fits, all of them do not.
    let ctx = EvalContext::new().with_stdlib();
    let (detail, text) =
        refused_within_budget("${formatlist(\"%10000d\", range(1000))}", &ctx, 8 << 20, 0);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "formatlist(\\\"%10000d\\\", range(1000))");
}

#[cfg(feature = "regex")]
#[test]
fn regexall_is_charged_as_it_collects_matches() {
    // An empty pattern with ten groups matches at every one of 1 MiB of
    // positions: 11 values per match, half a gigabyte.
    let ctx = with_text("x".repeat(1 << 20));
    let (detail, text) = refused_within_budget(
        "${regexall(\"()()()()()()()()()()\", v)}",
        &ctx,
        8 << 20,
        1 << 20,
    );
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "regexall(\\\"()()()()()()()()()()\\\", v)");
}

#[cfg(feature = "gzip")]
#[test]
fn base64gunzip_inflates_no_more_than_the_budget() {
    use hcl_json::EvalContext as Ctx;
    // 16 MiB of zeros compress to 16 kB.
    let zipped = eval_common::ok(
        "${base64gzip(v)}",
        &with_text("0".repeat(16 << 20)).with_limits(Limits::default().with_max_bytes(1 << 30)),
    );
    let ctx = Ctx::new().with_stdlib().with_variable("v", zipped);
    let (detail, text) = refused_within_budget("${base64gunzip(v)}", &ctx, 8 << 20, 22 << 10);
    assert_eq!(detail, EIGHT_MIB_DETAIL);
    assert_eq!(text, "base64gunzip(v)");
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

// ---------------------------------------------- type unification, linear

/// An object of `n` string attributes `k0`..; a tuple of `n` objects each
/// with its own attribute.
fn unification_ctx(n: usize) -> EvalContext {
    let big = Value::object((0..n).map(|i| (format!("k{i}"), Value::from("v"))));
    let distinct = Value::tuple((0..n).map(|i| Value::object([(format!("k{i}"), Value::from(1))])));
    EvalContext::new()
        .with_stdlib()
        .with_variable("big", big)
        .with_variable("distinct", distinct)
}

#[test]
fn a_conditional_over_a_big_object_unifies_its_attribute_types_once_each() {
    // The branches unify as a map of the 50 000 attribute types, which
    // were compared pairwise before (2.5 billion comparisons).
    let ctx = unification_ctx(50_000);
    let v = eval_common::ok("${length(true ? big : {})}", &ctx);
    assert_eq!(v, Value::from(50_000));
}

#[test]
fn objects_of_distinct_attributes_join_without_copying_the_union() {
    // 20 000 object types of one attribute each: the union grew by one
    // attribute per step and was copied at every step before. Converting
    // each object to the union fills in 19 999 nulls: 400 million values
    // (21 GB before they were charged), refused by the budget as they are
    // made.
    let ctx = unification_ctx(20_000).with_limits(Limits::default().with_max_steps(100_000));
    let (d, text) = eval_common::error("${tolist(distinct)}", &ctx);
    assert_eq!(d.summary, "Evaluation limit exceeded");
    assert_eq!(
        d.kind,
        hcl_json::DiagnosticKind::LimitExceeded {
            limit: hcl_json::diag::Limit::Steps
        }
    );
    assert_eq!(text, "tolist(distinct)");
    assert_eq!(
        d.detail,
        "This expression takes more than 100000 steps (loop iterations, function calls and values visited), the evaluation limit of steps; raise it with `Limits::with_max_steps` (`EvalContext::with_limits`) if this input is trusted."
    );
}
