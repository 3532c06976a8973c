//! Behaviour pinned against HashiCorp's Go implementation (hcl 2.14.1,
//! go-cty 1.12.1), found by differential testing (`examples/difftest.sh`).
//! Each expected value below is what the Go reference printed for the same
//! input and context; the tests themselves do not need Go.

use crate::eval_common;

use eval_common::*;
use hcl_json::{stdlib, EvalContext, Type, Value};

/// The variables of the reference harness (`hclbench ctx`) that these
/// tests use, with the standard library.
fn ctx() -> EvalContext {
    let s = Value::from;
    // `hclbench`'s functions are go-cty's: `hasindex`, `int` and `strlen`
    // too.
    EvalContext::new()
        .with_stdlib()
        .with_functions(stdlib::cty_functions())
        .with_variable("name", "world")
        .with_variable(
            "items",
            Value::list(Type::String, [s("a"), s("b"), s("c")]).unwrap(),
        )
        .with_variable(
            "tags",
            Value::map(Type::String, [("env", s("prod")), ("team", s("core"))]).unwrap(),
        )
        .with_variable(
            "nums",
            Value::tuple([1, 2, 3, 4].map(|n: i64| Value::from(n))),
        )
}

fn strings(items: &[&str]) -> hcl_json::value::Elements {
    items.iter().map(|s| Value::from(*s)).collect()
}

#[test]
fn conditional_unifies_list_with_empty_tuple_as_list() {
    let c = ctx();
    assert_eq!(
        ok("${true ? items : []}", &c),
        Value::List(Type::String, strings(&["a", "b", "c"]))
    );
    assert_eq!(
        ok("${false ? items : []}", &c),
        Value::List(Type::String, hcl_json::value::Elements::new())
    );
    assert_eq!(
        ok("${true ? items : [1, 2]}", &c),
        Value::List(Type::String, strings(&["a", "b", "c"]))
    );
    assert_eq!(
        ok("${true ? nums : items}", &c),
        Value::List(Type::String, strings(&["1", "2", "3", "4"]))
    );
}

#[test]
fn conditional_unifies_map_with_objects_as_map() {
    let c = ctx();
    assert_eq!(
        ok("${true ? tags : {}}", &c),
        Value::map(
            Type::String,
            [("env", "prod"), ("team", "core")].map(|(k, v)| (k, Value::from(v)))
        )
        .unwrap()
    );
    assert_eq!(
        ok("${false ? tags : {a = 1}}", &c),
        Value::Map(
            Type::String,
            [("a", Value::from("1"))].into_iter().collect()
        )
    );
}

#[test]
fn conditional_unifies_objects_with_different_attributes_as_map() {
    assert_eq!(
        ok("${true ? {a = 1} : {b = 2}}", &ctx()),
        Value::Map(Type::Number, [("a", Value::from(1))].into_iter().collect())
    );
}

#[test]
fn conditional_number_and_bool_do_not_unify() {
    let (d, _) = error("${true ? 1 : true}", &ctx());
    assert_eq!(d.summary, "Inconsistent conditional result types");
}

#[test]
fn conditional_number_and_string_unify_as_string() {
    assert_eq!(ok("${true ? 1 : \"a\"}", &ctx()), Value::from("1"));
}

#[test]
fn string_to_number_accepts_go_float_syntax() {
    let c = ctx();
    let n = |t: &str| Value::Number(t.parse().unwrap());
    assert_eq!(ok("${tonumber(\"1e3\")}", &c), n("1000"));
    assert_eq!(ok("${tonumber(\"-.5\")}", &c), n("-0.5"));
    assert_eq!(ok("${tonumber(\"+1\")}", &c), n("1"));
    assert_eq!(ok("${tonumber(\"5.\")}", &c), n("5"));
    assert_eq!(ok("${\"2.5E1\" + 1}", &c), n("26"));
    for bad in [
        "\" 1\"",
        "\"0x10\"",
        "\"1_000\"",
        "\".\"",
        "\"1e\"",
        "\"+\"",
    ] {
        let (d, _) = error(&format!("${{tonumber({bad})}}"), &c);
        assert_eq!(d.summary, "Invalid function argument", "{bad}");
    }
}

#[test]
fn hasindex_tells_whether_an_index_or_key_exists() {
    let c = ctx();
    let b = Value::from;
    assert_eq!(ok("${hasindex(items, 1)}", &c), b(true));
    assert_eq!(ok("${hasindex(items, 5)}", &c), b(false));
    assert_eq!(ok("${hasindex(items, -1)}", &c), b(false));
    assert_eq!(ok("${hasindex(items, 1.5)}", &c), b(false));
    assert_eq!(ok("${hasindex(items, \"1\")}", &c), b(false));
    assert_eq!(ok("${hasindex(nums, 3)}", &c), b(true));
    assert_eq!(ok("${hasindex(tags, \"env\")}", &c), b(true));
    assert_eq!(ok("${hasindex(tags, \"x\")}", &c), b(false));
    assert_eq!(ok("${hasindex(tags, 1)}", &c), b(false));
    let (d, _) = error("${hasindex({a = 1}, \"a\")}", &c);
    assert_eq!(d.summary, "Error in function call");
}

#[test]
fn int_discards_the_fractional_part() {
    let c = ctx();
    let n = |t: &str| Value::Number(t.parse().unwrap());
    assert_eq!(ok("${int(1.9)}", &c), n("1"));
    assert_eq!(ok("${int(-1.9)}", &c), n("-1"));
    assert_eq!(ok("${int(\"3.5\")}", &c), n("3"));
    assert_eq!(ok("${int(1e40)}", &c), n("1e40"));
}

#[test]
fn range_with_a_negative_limit_counts_down() {
    let n = |i: i64| Value::from(i);
    assert_eq!(
        ok("${range(-3)}", &ctx()),
        Value::List(
            Type::Number,
            hcl_json::value::Elements::from([n(0), n(-1), n(-2)])
        )
    );
    assert_eq!(
        ok("${range(0)}", &ctx()),
        Value::List(Type::Number, hcl_json::value::Elements::new())
    );
}

#[test]
fn case_functions_use_simple_one_to_one_case_mappings() {
    let c = ctx();
    assert_eq!(
        ok("${upper(\"\u{e9}a\u{df}\")}", &c),
        Value::from("\u{c9}A\u{df}")
    );
    assert_eq!(ok("${upper(\"\u{fb01}x\")}", &c), Value::from("\u{fb01}X"));
    assert_eq!(ok("${upper(\"\u{1fb3}\")}", &c), Value::from("\u{1fbc}"));
    assert_eq!(
        ok("${lower(\"\u{3a3}\u{39f}\u{3a3}\")}", &c),
        Value::from("\u{3c3}\u{3bf}\u{3c3}")
    );
    assert_eq!(ok("${lower(\"\u{130}X\")}", &c), Value::from("ix"));
    assert_eq!(
        ok("${title(\"\u{df}a \u{1c6}b\")}", &c),
        Value::from("\u{df}a \u{1c5}b")
    );
}

#[test]
fn concat_is_a_list_only_when_every_argument_is_a_list() {
    let c = ctx();
    let s = Value::from;
    assert_eq!(
        ok("${concat(items, [\"d\"])}", &c),
        Value::Tuple(strings(&["a", "b", "c", "d"]))
    );
    assert_eq!(
        ok("${concat(items, nums)}", &c),
        Value::Tuple(hcl_json::value::Elements::from([
            s("a"),
            s("b"),
            s("c"),
            Value::from(1),
            Value::from(2),
            Value::from(3),
            Value::from(4)
        ]))
    );
    assert_eq!(
        ok("${concat(items, items)}", &c),
        Value::List(Type::String, strings(&["a", "b", "c", "a", "b", "c"]))
    );
    assert_eq!(
        ok("${concat([1], [\"a\"])}", &c),
        Value::Tuple(hcl_json::value::Elements::from([Value::from(1), s("a")]))
    );
    let (d, _) = error("${concat()}", &c);
    assert_eq!(d.summary, "Error in function call");
}

#[test]
fn coalesce_unifies_argument_types_like_go() {
    let c = ctx();
    assert_eq!(
        ok("${coalesce([], [1])}", &c),
        Value::List(Type::Number, hcl_json::value::Elements::new())
    );
    assert_eq!(ok("${coalesce(null, 1, \"a\")}", &c), Value::from("1"));
    let (d, _) = error("${coalesce(1, true)}", &c);
    assert_eq!(d.summary, "Error in function call");
}

/// `text` as it appears inside a JSON string (what a range's bytes show).
fn in_json(text: &str) -> String {
    let quoted = serde_json::to_string(text).unwrap();
    quoted[1..quoted.len() - 1].to_string()
}

/// go-cty reports these conditions with plain errors, not `ArgError`s, so
/// HCL says "Error in function call" on the call (ours: the whole call's
/// range) with a detail naming the function and what is wrong.
#[test]
fn plain_function_errors_are_errors_in_the_function_call() {
    let c = ctx();
    for (template, call, says) in [
        ("${element([], 0)}", "element([], 0)", "empty list"),
        (
            "${element(items, 1.5)}",
            "element(items, 1.5)",
            "invalid index",
        ),
        (
            "${element(tags, 0)}",
            "element(tags, 0)",
            "cannot read elements from map of string",
        ),
        (
            "${format(\"%s\")}",
            "format(\"%s\")",
            "not enough arguments",
        ),
        (
            "${format(\"%d\", 1.5)}",
            "format(\"%d\", 1.5)",
            "an integer is required",
        ),
        (
            "${format(\"%z\", 1)}",
            "format(\"%z\", 1)",
            "unsupported format verb 'z'",
        ),
        (
            "${format(\"%s\", null)}",
            "format(\"%s\", null)",
            "null value cannot be formatted",
        ),
        (
            "${formatlist(\"%s\", [null])}",
            "formatlist(\"%s\", [null])",
            "error on format iteration 0",
        ),
        ("${jsondecode(\"[\")}", "jsondecode(\"[\")", "invalid JSON"),
        (
            "${zipmap([\"a\"], [1, 2])}",
            "zipmap([\"a\"], [1, 2])",
            "number of keys (1) does not match number of values (2)",
        ),
        (
            "${values(items)}",
            "values(items)",
            "values() requires a map as the first argument",
        ),
        ("${merge(1)}", "merge(1)", "maps or objects"),
        ("${length(1)}", "length(1)", "not a number"),
        (
            "${contains(tags, \"prod\")}",
            "contains(tags, \"prod\")",
            "argument must be list, tuple, or set",
        ),
        (
            "${flatten(tags)}",
            "flatten(tags)",
            "can only flatten lists, sets and tuples",
        ),
        (
            "${sort([\"b\", null])}",
            "sort([\"b\", null])",
            "element 1 is null",
        ),
        (
            "${indent(-1, \"a\")}",
            "indent(-1, \"a\")",
            "must not be negative",
        ),
        (
            "${substr(\"abc\", 1.5, 1)}",
            "substr(\"abc\", 1.5, 1)",
            "invalid offset",
        ),
    ] {
        let (d, text) = error(template, &c);
        assert_eq!(
            d.summary, "Error in function call",
            "{template}: {}",
            d.detail
        );
        let name = &call[..call.find('(').unwrap()];
        let prefix = format!("Call to function {name:?} failed: ");
        assert!(d.detail.starts_with(&prefix), "{template}: {}", d.detail);
        assert!(d.detail.contains(says), "{template}: {}", d.detail);
        // HCL's subject: the name and opening parenthesis.
        assert_eq!(
            text,
            in_json(&call[..=call.find('(').unwrap()]),
            "{template}"
        );
    }
}

/// The same two rules for `regex` (a feature a build may leave out).
#[cfg(feature = "regex")]
#[test]
fn regex_errors_are_call_errors_or_argument_errors_as_in_go_cty() {
    let c = ctx();
    let (d, text) = error("${regex(\"x\", \"abc\")}", &c);
    assert_eq!(d.summary, "Error in function call");
    assert!(d.detail.contains("did not match"), "{}", d.detail);
    // HCL's subject: the name and opening parenthesis.
    assert_eq!(text, in_json("regex("));
    let (d, text) = error("${regex(\"(\", \"a\")}", &c);
    assert_eq!(d.summary, "Invalid function argument");
    assert!(
        d.detail
            .starts_with("Invalid value for \"pattern\" parameter"),
        "{}",
        d.detail
    );
    // A quoted argument is blamed by its content, as HCL does.
    assert_eq!(text, "(");
}

/// go-cty's `ArgError`s stay "Invalid function argument", on the argument.
#[test]
fn argument_errors_stay_invalid_function_arguments_on_the_argument() {
    let c = ctx();
    for (template, arg, param) in [
        ("${format(\"%s\", 1, 2)}", "2", "args"),
        ("${formatlist(\"%s\", [1], [1, 2])}", "[1, 2]", "args"),
        ("${join(\",\", [\"a\", null])}", "[\"a\", null]", "lists"),
        ("${keys(1)}", "1", "inputMap"),
        ("${slice(items, 1.5, 2)}", "1.5", "start_index"),
        ("${reverse(1)}", "1", "list"),
        ("${tonumber(\"x\")}", "\"x\"", "v"),
        ("${upper(null)}", "null", "str"),
    ] {
        let (d, text) = error(template, &c);
        assert_eq!(
            d.summary, "Invalid function argument",
            "{template}: {}",
            d.detail
        );
        let prefix = format!("Invalid value for {param:?} parameter: ");
        assert!(d.detail.starts_with(&prefix), "{template}: {}", d.detail);
        // A quoted string is blamed by its content, as in HCL.
        let arg = arg
            .strip_prefix('"')
            .and_then(|a| a.strip_suffix('"'))
            .unwrap_or(arg);
        assert_eq!(text, in_json(arg), "{template}");
    }
}
