//! Native expressions and templates inside JSON strings, one rule per test:
//! variables, traversals, splats, operators, conditionals, constructors,
//! `for` expressions, template directives, calls, unknown values.

use crate::eval_common;

use eval_common::*;
use hcl_json::eval::Param;
use hcl_json::{EvalContext, Type, Value};

fn strs(items: &[&str]) -> Value {
    Value::tuple(items.iter().map(|s| Value::from(*s)))
}

// ---------------------------------------------------------------- variables

#[test]
fn unknown_variable_suggests_a_close_name() {
    let (d, text) = error("${nmae}", &ctx());
    assert_eq!(d.summary, "Unknown variable");
    assert_eq!(
        d.detail,
        "There is no variable named \"nmae\". Did you mean \"name\"?"
    );
    assert_eq!(text, "nmae");
}

#[test]
fn variables_are_not_allowed_without_variables() {
    let (d, text) = error("${x}", &EvalContext::new());
    assert_eq!(d.summary, "Variables not allowed");
    assert_eq!(
        d.detail,
        "There is no variable named \"x\": no variables were given to this evaluation context (add them with EvalContext::with_variable)."
    );
    assert_eq!(text, "x");
}

// ---------------------------------------------------------------- traversals

#[test]
fn attribute_and_index_steps() {
    let c = ctx();
    assert_eq!(ok("${obj.id}", &c), Value::from("o1"));
    assert_eq!(ok("${obj[\"n\"]}", &c), Value::from(7));
    assert_eq!(ok("${items[1]}", &c), Value::from("b"));
    assert_eq!(ok("${objs[1].tags[0]}", &c), Value::from("t2"));
    assert_eq!(ok("${map.b}", &c), Value::from(2));
}

#[test]
fn legacy_index_is_an_index() {
    assert_eq!(ok("${items.2}", &ctx()), Value::from("c"));
}

#[test]
fn unsupported_attribute_points_at_the_step() {
    let (d, text) = error("${obj.nope}", &ctx());
    assert_eq!(d.summary, "Unsupported attribute");
    assert_eq!(
        d.detail,
        "This object does not have an attribute named \"nope\"."
    );
    assert_eq!(text, ".nope");
}

#[test]
fn invalid_index_points_at_the_step() {
    let (d, text) = error("${items[5]}", &ctx());
    assert_eq!(d.summary, "Invalid index");
    assert_eq!(text, "[5]");
}

#[test]
fn traversal_of_unknown_is_unknown() {
    assert_eq!(ok("${dyn.a.b[0]}", &ctx()), Value::dynamic());
    assert_eq!(ok("${ulist[0]}", &ctx()), Value::unknown(Type::String));
}

// ---------------------------------------------------------------- splats

#[test]
fn full_splat_over_a_tuple() {
    assert_eq!(ok("${objs[*].id}", &ctx()), strs(&["i1", "i2"]));
    assert_eq!(ok("${objs[*].tags[0]}", &ctx()), strs(&["t1", "t2"]));
}

#[test]
fn attribute_splat_applies_only_attributes() {
    // `.*.tags[0]` is `[for o in objs: o.tags][0]`.
    assert_eq!(ok("${objs.*.tags[0]}", &ctx()), strs(&["t1"]));
}

#[test]
fn splat_over_a_list_is_a_list() {
    let v = ok("${list[*]}", &ctx());
    assert_eq!(
        v,
        Value::list(Type::String, ["x", "y"].map(Value::from)).unwrap()
    );
}

#[test]
fn splat_over_a_set_is_a_list() {
    let v = ok("${set[*]}", &ctx());
    assert_eq!(
        v,
        Value::list(Type::Number, [1, 2, 3].map(Value::from)).unwrap()
    );
}

/// A nested splat over scalars makes a one-element tuple of each value
/// and an empty one of each null: a list cannot hold both, and HCL 2.24
/// rejects it (a splat over a tuple makes a tuple, which can).
#[test]
fn a_nested_splat_whose_results_differ_in_type_is_an_error() {
    let obj = |s: Value| Value::object([("scalar", s)]);
    let ty = Type::object([("scalar", Type::String)]);
    let c = ctx()
        .with_variable(
            "mixed",
            Value::list(
                ty.clone(),
                [obj(Value::null(Type::String)), obj("bar".into())],
            )
            .unwrap(),
        )
        .with_variable(
            "known",
            Value::list(ty, [obj("foo".into()), obj("bar".into())]).unwrap(),
        );
    let (d, text) = error("${mixed[*].scalar[*]}", &c);
    assert_eq!(d.summary, "Invalid nested splat expressions");
    assert_eq!(text, ".scalar[*]");
    let context = d.context.expect("the splat");
    assert_eq!(
        &doc("${mixed[*].scalar[*]}")[context.bytes()],
        "mixed[*].scalar[*]"
    );
    let one = |s: &str| Value::tuple([Value::from(s)]);
    assert_eq!(
        ok("${known[*].scalar[*]}", &c),
        Value::list(Type::tuple([Type::String]), [one("foo"), one("bar")]).unwrap()
    );
    assert_eq!(
        ok("${[for o in mixed : o][*].scalar[*]}", &c),
        Value::tuple([Value::tuple([]), one("bar")])
    );
}

#[test]
fn splat_over_a_lone_value_wraps_it() {
    assert_eq!(ok("${obj[*].id}", &ctx()), strs(&["o1"]));
    assert_eq!(ok("${a.*}", &ctx()), Value::tuple([Value::from(1)]));
}

#[test]
fn splat_over_null_is_empty() {
    assert_eq!(ok("${nothing[*]}", &ctx()), Value::tuple([]));
}

#[test]
fn splat_over_unknown_collection_is_unknown() {
    assert_eq!(
        ok("${ulist[*]}", &ctx()),
        Value::unknown(Type::list(Type::String))
    );
    assert_eq!(ok("${dyn[*].id}", &ctx()), Value::dynamic());
}

// ---------------------------------------------------------------- operators

#[test]
fn arithmetic_is_exact() {
    let c = ctx();
    assert_eq!(ok("${0.1 + 0.2 == 0.3}", &c), Value::from(true));
    assert_eq!(ok("${7 % 3}", &c), Value::from(1));
    assert_eq!(ok("${-5 % 3}", &c), Value::from(-2));
    assert_eq!(ok("${10 / 4}", &c), Value::from(2.5));
    assert_eq!(ok("${-a}", &c), Value::from(-1));
}

#[test]
fn precedence_is_evaluated_as_specified() {
    let c = ctx();
    assert_eq!(ok("${1 + 2 * 3}", &c), Value::from(7));
    assert_eq!(ok("${(1 + 2) * 3}", &c), Value::from(9));
    assert_eq!(ok("${8 / 4 / 2}", &c), Value::from(1));
    assert_eq!(ok("${1 + 1 == 2 && 3 > 2 || false}", &c), Value::from(true));
    assert_eq!(ok("${!f && t}", &c), Value::from(true));
    assert_eq!(ok("${-2 * -2}", &c), Value::from(4));
}

#[test]
fn operands_are_converted_to_numbers() {
    assert_eq!(ok("${\"5\" + 1}", &ctx()), Value::from(6));
    assert_eq!(ok("${s * 2}", &ctx()), Value::from(10));
    assert_eq!(ok("${true && \"true\"}", &ctx()), Value::from(true));
}

#[test]
fn equality_does_not_convert_operands() {
    assert_eq!(ok("${1 == \"1\"}", &ctx()), Value::from(false));
    assert_eq!(ok("${1 == 1.0}", &ctx()), Value::from(true));
    assert_eq!(
        ok("${items != [\"a\", \"b\", \"c\"]}", &ctx()),
        Value::from(false)
    );
}

#[test]
fn null_equals_null_of_any_type() {
    assert_eq!(ok("${nothing == null}", &ctx()), Value::from(true));
    assert_eq!(ok("${name == null}", &ctx()), Value::from(false));
}

#[test]
fn comparisons_apply_to_numbers() {
    let c = ctx();
    assert_eq!(ok("${a < b}", &c), Value::from(true));
    assert_eq!(ok("${a >= b}", &c), Value::from(false));
    assert_eq!(ok("${\"10\" > 9}", &c), Value::from(true));
    assert_eq!(ok("${2 <= 2}", &c), Value::from(true));
}

#[test]
fn invalid_operand_names_the_side() {
    let (d, text) = error("${1 + items}", &ctx());
    assert_eq!(d.summary, "Invalid operand");
    assert_eq!(
        d.detail,
        "Unsuitable value for right operand: number required, but have tuple."
    );
    assert_eq!(text, "items");
    let (d, _) = error("${\"x\" * 2}", &ctx());
    assert!(
        d.detail.starts_with("Unsuitable value for left operand"),
        "{}",
        d.detail
    );
    let (d, text) = error("${!1}", &ctx());
    assert!(
        d.detail.starts_with("Unsuitable value for unary operand"),
        "{}",
        d.detail
    );
    assert_eq!(text, "1");
}

/// As in HCL 2.24, an operand that cannot be converted is reported even
/// when the other one failed, ahead of that one's errors; a failed
/// operand is unknown, and converts unless its type cannot (the failed
/// `1 + "x"` is an unknown number, which converts to a number).
#[test]
fn an_unsuitable_operand_is_reported_beside_a_failed_one() {
    let c = ctx();
    let found = errors("${items + nosuch}", &c);
    let summaries: Vec<&str> = found.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Invalid operand", "Unknown variable"]);
    assert!(found[0].detail.contains("left operand"), "{found:?}");
    let found = errors("${nosuch * 2 + items}", &c);
    let summaries: Vec<&str> = found.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Invalid operand", "Unknown variable"]);
    assert!(found[0].detail.contains("right operand"), "{found:?}");
    // Equality converts nothing; a failed sum is a number.
    assert_eq!(errors("${items == nosuch}", &c).len(), 1);
    assert_eq!(errors("${(1 + \"x\") * 2}", &c).len(), 1);
}

/// A null converts to the operand type, so hclsyntax does not call it an
/// "Invalid operand": the operator rejects it, "Operation failed" on the
/// whole operation (once, even with two null operands).
#[test]
fn null_operand_fails_the_operation() {
    for (template, op) in [
        ("${nothing + 1}", "nothing + 1"),
        ("${1 + nothing}", "1 + nothing"),
        ("${null * null}", "null * null"),
        ("${null < 1}", "null < 1"),
        ("${-null}", "-null"),
        ("${!null}", "!null"),
        ("${null || false}", "null || false"),
        ("${false || null}", "false || null"),
        ("${unum + null}", "unum + null"),
    ] {
        let (d, text) = error(template, &ctx());
        assert_eq!(d.summary, "Operation failed", "{template}");
        assert_eq!(
            d.detail, "Error during operation: argument must not be null.",
            "{template}"
        );
        assert_eq!(text, op, "{template}");
        assert!(d.context.is_none(), "{template}");
    }
}

/// An operand that does not convert is reported first, on that operand,
/// and a null beside it is not reported at all (hclsyntax stops there).
#[test]
fn null_operand_beside_an_unsuitable_one_reports_the_unsuitable_one() {
    let (d, text) = error("${null + true}", &ctx());
    assert_eq!(d.summary, "Invalid operand");
    assert_eq!(
        d.detail,
        "Unsuitable value for right operand: number required, but have bool."
    );
    assert_eq!(text, "true");
}

#[test]
fn zero_divided_by_zero_is_a_diagnostic_on_the_operation() {
    let (d, text) = error("${(b - 2) / (b - 2)}", &ctx());
    assert_eq!(d.summary, "Operation failed");
    assert_eq!(
        d.detail,
        "Error during operation: can't divide zero by zero or infinity by infinity."
    );
    assert_eq!(text, "(b - 2) / (b - 2)");
}

#[test]
fn unknown_operands_give_unknown_results() {
    let c = ctx();
    let num = Value::unknown(Type::Number);
    let boolean = Value::unknown(Type::Bool);
    for t in [
        "${unum + 1}",
        "${1 - unum}",
        "${unum * 2}",
        "${unum / 2}",
        "${unum % 2}",
        "${-unum}",
        "${dyn + 1}",
    ] {
        assert_eq!(ok(t, &c), num, "{t}");
    }
    for t in [
        "${unum > 1}",
        "${unum >= 1}",
        "${1 < unum}",
        "${1 <= unum}",
        "${unum == 1}",
        "${unum != 1}",
        "${dyn == 1}",
        "${ubool && true}",
        "${false || ubool}",
        "${!ubool}",
    ] {
        assert_eq!(ok(t, &c), boolean, "{t}");
    }
}

/// Go's HCL evaluates long flat chains of operators (generated policies and
/// `cdktf` output have them); so do we, on a 2 MiB stack, left to right.
#[test]
fn long_flat_operator_chains_evaluate() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let c = ctx();
            let sum = format!("${{{}}}", vec!["1"; 10_000].join(" + "));
            assert_eq!(ok(&sum, &c), Value::from(10_000));
            let any = format!("${{{} || t}}", vec!["f"; 9_999].join(" || "));
            assert_eq!(ok(&any, &c), Value::from(true));
            let hundred = format!("${{{}}}", vec!["a"; 100].join(" + "));
            assert_eq!(ok(&hundred, &c), Value::from(100));
            // Left to right: (((100 - 1) - 1) ...) and (((64 / 2) / 2) ...).
            let sub = format!("${{100{}}}", " - 1".repeat(5_000));
            assert_eq!(ok(&sub, &c), Value::from(-4_900));
            let div = format!("${{64{}}}", " / 2".repeat(6));
            assert_eq!(ok(&div, &c), Value::from(1));
        })
        .unwrap()
        .join()
        .unwrap();
}

/// An error inside a chain is located as in the left-nested tree the
/// chain means: the operation from the chain's start to the bad operand.
#[test]
fn errors_in_a_chain_have_the_nested_operation_range() {
    let (d, text) = error("${1 + 2 + items + 3}", &ctx());
    assert_eq!(d.summary, "Invalid operand");
    assert_eq!(text, "items");
    let context = d.context.expect("the operation");
    assert_eq!(
        &doc("${1 + 2 + items + 3}")[context.bytes()],
        "1 + 2 + items"
    );
    let (d, text) = error("${1 + nothing + 3}", &ctx());
    assert_eq!(d.summary, "Operation failed");
    assert_eq!(text, "1 + nothing");
}

/// `&&` and `||` short-circuit (HCL 2.24, Terraform 1.12): a left operand
/// that decides the result makes the right one irrelevant.
#[test]
fn logic_operators_short_circuit_null_guards() {
    let c = ctx().with_variable("x", Value::null(Type::object([("y", Type::Number)])));
    assert_eq!(ok("${x == null || x.y == 1}", &c), Value::from(true));
    assert_eq!(ok("${x != null && x.y == 1}", &c), Value::from(false));
    let (d, text) = error("${x == null && x.y == 1}", &c);
    assert_eq!(d.summary, "Attempt to get attribute from null value");
    assert_eq!(text, ".y");
}

#[test]
fn errors_in_the_unselected_operand_do_not_count() {
    let c = ctx();
    assert_eq!(ok("${true || nosuch}", &c), Value::from(true));
    assert_eq!(ok("${false && nosuch}", &c), Value::from(false));
    assert_eq!(ok("${false && 1 / 0 > 1}", &c), Value::from(false));
    assert_eq!(ok("${false && ubool}", &c), Value::from(false));
    assert_eq!(ok("${t || null}", &c), Value::from(true));
    // Selected, the right operand's error counts.
    let (d, text) = error("${false || nosuch}", &c);
    assert_eq!(d.summary, "Unknown variable");
    assert_eq!(text, "nosuch");
    let (d, _) = error("${true && \"maybe\"}", &c);
    assert_eq!(d.summary, "Invalid operand");
    // An error on the left is always reported, with the right's.
    let diags = errors("${nosuch || nosuch2}", &c);
    let summaries: Vec<&str> = diags.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Unknown variable", "Unknown variable"]);
}

/// HCL (2.24) checks both operands' types before it short-circuits: a
/// right operand whose value can never be a bool is an error even when the
/// left one decides or is unknown, with the right operand's own errors
/// after it (the value of `1 + "x"` is an unknown number).
#[test]
fn an_unselected_operand_that_can_never_be_a_bool_is_an_error() {
    let c = ctx();
    for src in [
        "${true || {}}",
        "${false && [1]}",
        "${ubool || {}}",
        "${true || \"x\"}",
    ] {
        let found = errors(src, &c);
        assert_eq!(found.len(), 1, "{src}: {found:?}");
        assert_eq!(found[0].summary, "Invalid operand", "{src}");
        assert!(
            found[0]
                .detail
                .starts_with("Unsuitable value for right operand"),
            "{src}"
        );
    }
    let found = errors("${true || (1 + \"x\")}", &c);
    let summaries: Vec<&str> = found.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Invalid operand", "Invalid operand"]);
    assert!(found[1].detail.contains("right operand"), "{found:?}");
    assert_eq!(ok("${true || \"false\"}", &c), Value::from(true));
    assert_eq!(ok("${false && nothing}", &c), Value::from(false));
}

/// HCL 2.24's short-circuit rule keeps the diagnostics of the side that
/// decides: a right operand that decides drops the left one's errors.
#[test]
fn the_deciding_operand_keeps_only_its_own_diagnostics() {
    let c = ctx();
    assert_eq!(ok("${nosuch || true}", &c), Value::from(true));
    assert_eq!(ok("${nosuch && false}", &c), Value::from(false));
    assert_eq!(ok("${nosuch || ubool || true}", &c), Value::from(true));
    for src in ["${nosuch || false}", "${nosuch && true}"] {
        let found = errors(src, &c);
        let summaries: Vec<&str> = found.iter().map(|d| d.summary.as_str()).collect();
        assert_eq!(summaries, ["Unknown variable"], "{src}");
    }
    // An unknown beside one that does not decide keeps the unknown's.
    let found = errors("${false || nosuch}", &c);
    assert_eq!(found.len(), 1);
    assert_eq!(ok("${ubool || false}", &c), Value::unknown(Type::Bool));
}

/// A null operand counts as not true, as cty's `True` and `False` tell:
/// `&&` with a null is false, `||` decides on its other operand, and only
/// an operation the rule does not decide fails on the null.
#[test]
fn a_null_logical_operand_counts_as_not_true() {
    let c = ctx();
    assert_eq!(ok("${null && true}", &c), Value::from(false));
    assert_eq!(ok("${true && null}", &c), Value::from(false));
    assert_eq!(ok("${null && nosuch}", &c), Value::from(false));
    assert_eq!(ok("${null || true}", &c), Value::from(true));
    assert_eq!(ok("${null || ubool}", &c), Value::unknown(Type::Bool));
    assert_eq!(ok("${ubool || null}", &c), Value::unknown(Type::Bool));
    let (d, _) = error("${null || null}", &c);
    assert_eq!(d.summary, "Operation failed");
}

/// Operands that cannot be converted to bool are reported ahead of the
/// operands' own errors, left before right, as HCL 2.24 reports them.
#[test]
fn logical_conversion_errors_come_first() {
    let c = ctx();
    let found = errors("${nosuch || {}}", &c);
    let summaries: Vec<&str> = found.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Invalid operand", "Unknown variable"]);
    let found = errors("${{} && {a = nosuch}}", &c);
    let details: Vec<&str> = found.iter().map(|d| d.detail.as_str()).collect();
    assert!(
        details[0].starts_with("Unsuitable value for left operand"),
        "{details:?}"
    );
    assert!(
        details[1].starts_with("Unsuitable value for right operand"),
        "{details:?}"
    );
    assert_eq!(found[2].summary, "Unknown variable");
    assert_eq!(found.len(), 3);
}

#[test]
fn an_unknown_left_operand_defers_to_what_the_right_one_decides() {
    let c = ctx();
    assert_eq!(ok("${ubool || true}", &c), Value::from(true));
    assert_eq!(ok("${ubool && false}", &c), Value::from(false));
    assert_eq!(ok("${ubool || false}", &c), Value::unknown(Type::Bool));
    assert_eq!(ok("${ubool && true}", &c), Value::unknown(Type::Bool));
    // The right operand's errors wait until the left one is known.
    assert_eq!(ok("${ubool || nosuch}", &c), Value::unknown(Type::Bool));
}

// ---------------------------------------------------------------- conditionals

#[test]
fn conditional_selects_a_result() {
    assert_eq!(ok("${t ? \"yes\" : \"no\"}", &ctx()), Value::from("yes"));
    assert_eq!(ok("${f ? \"yes\" : \"no\"}", &ctx()), Value::from("no"));
}

#[test]
fn conditional_results_are_unified() {
    assert_eq!(ok("${t ? 1 : \"x\"}", &ctx()), Value::from("1"));
    assert_eq!(ok("${f ? 1 : null}", &ctx()), Value::null(Type::Number));
}

/// HCL's own table (`TestExpressionErrorMessages`): what differs between
/// two results that have no common type.
#[test]
fn inconsistent_conditional_results_say_what_differs() {
    let t2 = || Value::tuple([Value::from(true), Value::from(0)]);
    let t1 = || Value::tuple([Value::from(true)]);
    let (ty2, ty1) = (t2().ty(), t1().ty());
    let c = ctx()
        .with_variable("listOf2Tuple", Value::list(ty2.clone(), [t2()]).unwrap())
        .with_variable("listOf1Tuple", Value::list(ty1.clone(), [t1()]).unwrap())
        .with_variable("setOf2Tuple", Value::set(ty2.clone(), [t2()]).unwrap())
        .with_variable("setOf1Tuple", Value::set(ty1.clone(), [t1()]).unwrap())
        .with_variable(
            "mapOf1Tuple",
            Value::map(ty1.clone(), [("a", t1())]).unwrap(),
        )
        .with_variable(
            "mapOf2Tuple",
            Value::map(ty2.clone(), [("a", t2())]).unwrap(),
        )
        .with_variable(
            "listOfListOf2Tuple",
            Value::list(Type::list(ty2.clone()), [Value::list(ty2, [t2()]).unwrap()]).unwrap(),
        )
        .with_variable(
            "listOfListOf1Tuple",
            Value::list(Type::list(ty1.clone()), [Value::list(ty1, [t1()]).unwrap()]).unwrap(),
        );
    for (src, why) in [
        ("true ? 1 : true", "The 'true' value is number, but the 'false' value is bool."),
        ("true ? [1] : [true]", "Type mismatch for tuple element 0: The 'true' value is number, but the 'false' value is bool."),
        ("true ? [1] : [1, true]", "The 'true' tuple has length 1, but the 'false' tuple has length 2."),
        ("true ? { a = 1 } : { a = true }", "Type mismatch for object attribute \"a\": The 'true' value is number, but the 'false' value is bool."),
        ("true ? { a = true, b = 1 } : { a = true }", "The 'true' value includes object attribute \"b\", which is absent in the 'false' value."),
        ("true ? { a = true } : { a = true, b = 1 }", "The 'false' value includes object attribute \"b\", which is absent in the 'true' value."),
        ("true ? listOf2Tuple : listOf1Tuple", "Mismatched list element types: The 'true' tuple has length 2, but the 'false' tuple has length 1."),
        ("true ? setOf2Tuple : setOf1Tuple", "Mismatched set element types: The 'true' tuple has length 2, but the 'false' tuple has length 1."),
        ("true ? mapOf1Tuple : mapOf2Tuple", "Mismatched map element types: The 'true' tuple has length 1, but the 'false' tuple has length 2."),
        ("true ? listOfListOf2Tuple : listOfListOf1Tuple", "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value."),
    ] {
        let template = format!("${{{src}}}");
        let (d, _) = error(&template, &c);
        assert_eq!(d.summary, "Inconsistent conditional result types", "{src}");
        assert_eq!(
            d.detail,
            format!("The true and false result expressions must have consistent types. {why}"),
            "{src}"
        );
    }
}

/// HCL's own table (`TestExpressionErrorMessages`): the short-circuit
/// guards against values, not against types or names.
#[test]
fn short_circuit_still_reports_type_and_name_errors() {
    let c = ctx()
        .with_variable("notobj", true)
        .with_variable("notlist", true)
        .with_variable("value", true)
        .with_variable("unknown", Value::unknown(Type::Bool))
        .with_variable("falsevalue", false)
        .with_variable("nullmap", Value::null(Type::map(Type::String)));
    for (src, summary, detail) in [
        (
            "notobj != null && notobj.foo",
            "Unsupported attribute",
            "Can't access attributes on a primitive-typed value (bool).",
        ),
        (
            "notobj == null || notobj.foo",
            "Unsupported attribute",
            "Can't access attributes on a primitive-typed value (bool).",
        ),
        (
            "notlist != null && notlist[0]",
            "Invalid index",
            "This value does not have any indices.",
        ),
        (
            "value != null && valeu",
            "Unknown variable",
            "There is no variable named \"valeu\". Did you mean \"value\"?",
        ),
        (
            "unknown && \"value\"",
            "Invalid operand",
            "Unsuitable value for right operand: a bool is required.",
        ),
        (
            "falsevalue && \"value\"",
            "Invalid operand",
            "Unsuitable value for right operand: a bool is required.",
        ),
        (
            "nullmap != null || nullmap[\"key\"] == \"value\"",
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
        ),
    ] {
        let template = format!("${{{src}}}");
        let found = errors(&template, &c);
        assert!(
            found
                .iter()
                .any(|d| d.summary == summary && d.detail == detail),
            "{src}: {found:#?}"
        );
    }
}

/// With an unknown condition either result may be taken: HCL's
/// `ConditionalExpr` gives a null when both results are null.
#[test]
fn an_unknown_condition_between_two_nulls_is_null() {
    let c = ctx();
    assert_eq!(ok("${ubool ? null : null}", &c), Value::null(Type::Dynamic));
    assert_eq!(
        ok("${ubool ? nothing : null}", &c),
        Value::null(Type::String)
    );
    assert_eq!(ok("${ubool ? 1 : null}", &c), Value::unknown(Type::Number));
    // A null condition is an error, its result unknown.
    let (d, _) = error("${null ? null : null}", &c);
    assert_eq!(d.summary, "Null condition");
}

#[test]
fn conditional_errors_only_count_for_the_selected_result() {
    assert_eq!(ok("${t ? 1 : nosuch}", &ctx()), Value::from(1));
    let (d, _) = error("${f ? 1 : nosuch}", &ctx());
    assert_eq!(d.summary, "Unknown variable");
}

#[test]
fn tuples_of_different_lengths_unify_as_a_list() {
    assert_eq!(
        ok("${t ? [1] : []}", &ctx()),
        Value::list(Type::Number, [Value::from(1)]).unwrap()
    );
    assert_eq!(
        ok("${f ? [1] : []}", &ctx()),
        Value::empty_list(Type::Number)
    );
}

#[test]
fn unknown_condition_gives_unknown_of_the_unified_type() {
    assert_eq!(ok("${ubool ? 1 : 2}", &ctx()), Value::unknown(Type::Number));
    assert_eq!(
        ok("${ubool ? 1 : \"x\"}", &ctx()),
        Value::unknown(Type::String)
    );
}

#[test]
fn inconsistent_conditional_result_types() {
    let (d, text) = error("${t ? 1 : items}", &ctx());
    assert_eq!(d.summary, "Inconsistent conditional result types");
    assert_eq!(
        d.detail,
        "The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is tuple."
    );
    assert_eq!(text, "1 : items");
}

#[test]
fn incorrect_condition_type() {
    let (d, text) = error("${items ? 1 : 2}", &ctx());
    assert_eq!(d.summary, "Incorrect condition type");
    assert_eq!(text, "items");
}

#[test]
fn null_condition() {
    let (d, text) = error("${nothing ? 1 : 2}", &ctx());
    assert_eq!(d.summary, "Null condition");
    assert_eq!(text, "nothing");
}

// ---------------------------------------------------------------- constructors

#[test]
fn tuple_and_object_constructors() {
    assert_eq!(
        ok("${[a, \"x\", [b]]}", &ctx()),
        Value::tuple([
            Value::from(1),
            Value::from("x"),
            Value::tuple([Value::from(2)])
        ])
    );
    assert_eq!(
        ok("${{k = a, \"q\" = 2, (name) = 3}}", &ctx()),
        Value::object([
            ("k", Value::from(1)),
            ("q", Value::from(2)),
            ("world", Value::from(3))
        ])
    );
}

#[test]
fn object_key_expressions_must_be_strings() {
    let (d, text) = error("${{(items) = 1}}", &ctx());
    assert_eq!(d.summary, "Incorrect key type");
    assert_eq!(text, "(items)");
    let (d, _) = error("${{(nothing) = 1}}", &ctx());
    assert_eq!(d.summary, "Null value as key");
}

#[test]
fn object_with_unknown_key_is_dynamic() {
    assert_eq!(ok("${{(ustr) = 1}}", &ctx()), Value::dynamic());
}

// ---------------------------------------------------------------- for expressions

#[test]
fn for_over_a_tuple_gives_index_and_value() {
    assert_eq!(
        ok("${[for x in items : upper(x)]}", &ctx()),
        strs(&["A", "B", "C"])
    );
    assert_eq!(
        ok("${[for i, x in items : i]}", &ctx()),
        Value::tuple([0, 1, 2].map(Value::from))
    );
}

#[test]
fn for_over_a_list() {
    assert_eq!(
        ok("${[for i, x in list : \"${i}=${x}\"]}", &ctx()),
        strs(&["0=x", "1=y"])
    );
}

#[test]
fn for_over_a_set_uses_the_element_as_key() {
    assert_eq!(
        ok("${[for k, v in set : k == v]}", &ctx()),
        Value::tuple([true, true, true].map(Value::from))
    );
}

#[test]
fn for_over_a_map_visits_keys_in_lexical_order() {
    assert_eq!(ok("${[for k, v in map : k]}", &ctx()), strs(&["a", "b"]));
    assert_eq!(ok("${[for k, v in obj : k]}", &ctx()), strs(&["id", "n"]));
}

#[test]
fn for_with_filter() {
    assert_eq!(
        ok("${[for i, v in items : v if i < 2]}", &ctx()),
        strs(&["a", "b"])
    );
}

#[test]
fn object_for() {
    assert_eq!(
        ok("${{for i, v in items : v => i}}", &ctx()),
        Value::object([
            ("a", Value::from(0)),
            ("b", Value::from(1)),
            ("c", Value::from(2))
        ])
    );
}

#[test]
fn object_for_with_grouping() {
    assert_eq!(
        ok("${{for i, v in [\"a\", \"a\", \"b\"] : v => i...}}", &ctx()),
        Value::object([
            ("a", Value::tuple([Value::from(0), Value::from(1)])),
            ("b", Value::tuple([Value::from(2)])),
        ])
    );
}

#[test]
fn object_for_duplicate_key_without_grouping() {
    let (d, text) = error("${{for i, v in [\"a\", \"a\"] : v => i}}", &ctx());
    assert_eq!(d.summary, "Duplicate object key");
    assert!(d.detail.contains("\"a\""), "{}", d.detail);
    assert_eq!(text, "v");
}

#[test]
fn for_filter_must_be_bool() {
    let (d, text) = error("${[for v in items : v if v]}", &ctx());
    assert_eq!(d.summary, "Invalid 'for' condition");
    assert_eq!(text, "v");
}

/// hclsyntax's own summary for a null 'if' clause: "Condition is null"
/// when its first check (variables unknown) finds it null, "Invalid 'for'
/// condition" when an element's does.
#[test]
fn null_for_filter_is_condition_is_null() {
    let (d, text) = error("${[for v in items : v if nothing]}", &ctx());
    assert_eq!(d.summary, "Condition is null");
    assert_eq!(d.detail, "The value of the 'if' clause must not be null.");
    assert_eq!(text, "nothing");
    let (d, text) = error("${[for v in [true, null] : v if v]}", &ctx());
    assert_eq!(d.summary, "Invalid 'for' condition");
    assert_eq!(d.detail, "The value of the 'if' clause must not be null.");
    assert_eq!(text, "v");
}

/// As in hclsyntax, an `if` clause is checked once with its variables
/// unknown before any element: one that cannot keep an element whatever
/// the elements are is an error even over an empty or unknown collection,
/// reported once; one that depends on the elements waits for them.
#[test]
fn for_filter_is_checked_before_the_elements() {
    let c = ctx();
    for src in [
        "${[for v in [] : v if \"yes\"]}",
        "${{for k, v in {} : k => v if items}}",
        "${[for v in ulist : v if [v]]}",
    ] {
        let found = errors(src, &c);
        assert_eq!(found.len(), 1, "{src}: {found:?}");
        assert_eq!(found[0].summary, "Invalid 'for' condition", "{src}");
    }
    let (d, text) = error("${[for v in [] : v if nothing]}", &c);
    assert_eq!(
        (d.summary.as_str(), text.as_str()),
        ("Condition is null", "nothing")
    );
    // An error in the clause itself stops the `for` there.
    let found = errors("${[for k, v in {} : v if \"x\" + 1 > 0]}", &c);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].summary, "Invalid operand");
    // One error, not one per element.
    assert_eq!(errors("${[for v in items : v if items]}", &c).len(), 1);
    // What depends on the elements is not known before them.
    assert_eq!(ok("${[for v in [] : v if v > 1]}", &c), Value::tuple([]));
    assert_eq!(ok("${[for v in [] : v if v[0]]}", &c), Value::tuple([]));
    assert_eq!(
        ok("${[for v in ulist : v if v != \"\"]}", &c),
        Value::dynamic()
    );
    // A collection of no known type is not looked into.
    assert_eq!(ok("${[for v in dyn : v if items]}", &c), Value::dynamic());
}

#[test]
fn for_over_null_or_primitive_is_an_error() {
    let (d, text) = error("${[for v in nothing : v]}", &ctx());
    assert_eq!(d.summary, "Iteration over null value");
    assert_eq!(text, "nothing");
    let (d, _) = error("${[for v in a : v]}", &ctx());
    assert_eq!(d.summary, "Iteration over non-iterable value");
    assert_eq!(
        d.detail,
        "A value of type number cannot be used as the collection in a 'for' expression."
    );
}

#[test]
fn for_over_unknown_collection_is_dynamic() {
    assert_eq!(ok("${[for v in ulist : v]}", &ctx()), Value::dynamic());
    assert_eq!(ok("${{for v in dyn : v => v}}", &ctx()), Value::dynamic());
    assert_eq!(
        ok("${[for v in ubool ? [] : [] : v]}", &ctx()),
        Value::dynamic()
    );
}

#[test]
fn for_with_unknown_elements_keeps_them() {
    let u = Value::unknown(Type::Number);
    assert_eq!(
        ok("${[for v in list : unum]}", &ctx()),
        Value::tuple([u.clone(), u])
    );
    assert_eq!(
        ok("${[for v in list : v if ubool]}", &ctx()),
        Value::dynamic()
    );
}

#[test]
fn for_variables_shadow_outer_ones_only_inside() {
    assert_eq!(
        ok("${[for a in [10] : a + b]}", &ctx()),
        Value::tuple([Value::from(12)])
    );
    assert_eq!(
        ok("${[[for a in [10] : a], a]}", &ctx()),
        Value::tuple([Value::tuple([Value::from(10)]), Value::from(1)])
    );
}

// ---------------------------------------------------------------- templates

#[test]
fn interpolated_values_are_converted_to_strings() {
    assert_eq!(ok("${a}-${t}-${1.5}", &ctx()), Value::from("1-true-1.5"));
}

#[test]
fn null_in_a_template_is_an_error() {
    let (d, text) = error("pre${nothing}post", &ctx());
    assert_eq!(d.summary, "Invalid template interpolation value");
    assert_eq!(
        d.detail,
        "The expression result is null. Cannot include a null value in a string template."
    );
    assert_eq!(text, "nothing");
}

#[test]
fn collection_in_a_template_is_an_error() {
    let (d, _) = error("x ${items}", &ctx());
    assert_eq!(d.summary, "Invalid template interpolation value");
}

#[test]
fn unknown_part_makes_an_unknown_string() {
    assert_eq!(ok("x ${unum} y", &ctx()), Value::unknown(Type::String));
    assert_eq!(
        ok("%{ if ubool }a%{ endif }", &ctx()),
        Value::unknown(Type::String)
    );
    assert_eq!(
        ok("%{ for x in ulist }${x}%{ endfor }", &ctx()),
        Value::unknown(Type::String)
    );
}

#[test]
fn if_directive() {
    assert_eq!(
        ok("%{ if t }on%{ else }off%{ endif }", &ctx()),
        Value::from("on")
    );
    assert_eq!(
        ok("%{ if f }on%{ else }off%{ endif }", &ctx()),
        Value::from("off")
    );
    assert_eq!(ok("[%{ if f }on%{ endif }]", &ctx()), Value::from("[]"));
}

#[test]
fn if_directive_condition_must_be_bool() {
    let (d, text) = error("%{ if items }x%{ endif }", &ctx());
    assert_eq!(d.summary, "Incorrect condition type");
    assert_eq!(text, "items");
    let (d, _) = error("%{ if nothing }x%{ endif }", &ctx());
    assert_eq!(d.summary, "Null condition");
}

#[test]
fn for_directive_over_each_collection_kind() {
    let c = ctx();
    assert_eq!(
        ok("%{ for i, s in items }[${i}:${s}]%{ endfor }", &c),
        Value::from("[0:a][1:b][2:c]")
    );
    assert_eq!(
        ok("%{ for s in list }${s}%{ endfor }", &c),
        Value::from("xy")
    );
    assert_eq!(
        ok("%{ for s in set }${s}%{ endfor }", &c),
        Value::from("123")
    );
    assert_eq!(
        ok("%{ for k, v in map }${k}=${v};%{ endfor }", &c),
        Value::from("a=1;b=2;")
    );
}

#[test]
fn strip_markers_remove_adjacent_spaces() {
    assert_eq!(
        ok("x %{~ if t ~} on %{~ endif ~} y", &ctx()),
        Value::from("xony")
    );
    assert_eq!(
        ok("hello ${~ \"world\" }", &ctx()),
        Value::from("helloworld")
    );
}

#[test]
fn nested_quoted_templates() {
    assert_eq!(
        ok("${upper(\"hi ${name}\")}", &ctx()),
        Value::from("HI WORLD")
    );
}

// ---------------------------------------------------------------- calls

#[test]
fn call_with_expansion() {
    assert_eq!(ok("${join(\"-\", items...)}", &ctx()), Value::from("a-b-c"));
    assert_eq!(
        ok("${join(\",\", \"x\", set...)}", &ctx()),
        Value::from("x,1,2,3")
    );
}

#[test]
fn expansion_needs_a_sequence() {
    let (d, text) = error("${join(\"-\", a...)}", &ctx());
    assert_eq!(d.summary, "Invalid expanding argument value");
    assert_eq!(text, "a");
    let (d, _) = error("${join(\"-\", nothing...)}", &ctx());
    assert_eq!(
        d.detail,
        "The expanding argument (indicated by ...) must not be null."
    );
}

#[test]
fn call_to_unknown_function_suggests_a_close_name() {
    let (d, text) = error("${uper(name)}", &ctx());
    assert_eq!(d.summary, "Call to unknown function");
    assert_eq!(
        d.detail,
        "There is no function named \"uper\". Did you mean \"upper\"?"
    );
    assert_eq!(text, "uper");
}

#[test]
fn function_calls_not_allowed_without_functions() {
    let (d, text) = error("${f(1)}", &EvalContext::new().with_variable("x", 1));
    assert_eq!(d.summary, "Function calls not allowed");
    assert_eq!(d.detail, "Functions may not be called here.");
    assert_eq!(text, "f(1)");
}

#[test]
fn not_enough_function_arguments() {
    let (d, text) = error("${upper()}", &ctx());
    assert_eq!(d.summary, "Not enough function arguments");
    assert_eq!(
        d.detail,
        "Function \"upper\" expects 1 argument(s). Missing value for \"str\"."
    );
    assert_eq!(text, ")");
    let (d, _) = error("${join()}", &ctx());
    assert_eq!(
        d.detail,
        "Function \"join\" expects at least 1 argument(s). Missing value for \"sep\"."
    );
}

#[test]
fn too_many_function_arguments() {
    let (d, text) = error("${upper(\"a\", b)}", &ctx());
    assert_eq!(d.summary, "Too many function arguments");
    assert_eq!(d.detail, "Function \"upper\" expects only 1 argument(s).");
    assert_eq!(text, "b");
}

/// As in HCL, a call's arguments are counted before they are evaluated,
/// after an expanding argument, which is read first: a wrong count is the
/// one error, whatever the other arguments hold.
#[test]
fn arguments_are_counted_before_they_are_evaluated() {
    let c = ctx();
    for (src, summary) in [
        ("${upper(nosuch, 2)}", "Too many function arguments"),
        ("${upper([]...)}", "Not enough function arguments"),
        ("${upper(nosuch, [1]...)}", "Too many function arguments"),
    ] {
        let found = errors(src, &c);
        assert_eq!(found.len(), 1, "{src}: {found:?}");
        assert_eq!(found[0].summary, summary, "{src}");
    }
    // The parameter missing is counted among the expanded arguments.
    let (d, _) = error("${upper([]...)}", &c);
    assert_eq!(
        d.detail,
        "Function \"upper\" expects 1 argument(s). Missing value for \"str\"."
    );
    let (d, text) = error("${upper(nosuch...)}", &c);
    assert_eq!(
        (d.summary.as_str(), text.as_str()),
        ("Unknown variable", "nosuch")
    );
    let (d, _) = error("${upper(1...)}", &c);
    assert_eq!(d.summary, "Invalid expanding argument value");
    assert_eq!(ok("${upper([\"a\"]...)}", &c), Value::from("A"));
}

#[test]
fn invalid_function_argument_points_at_the_argument() {
    let (d, text) = error("${join(\"-\", \"a\", items)}", &ctx());
    assert_eq!(d.summary, "Invalid function argument");
    assert!(
        d.detail
            .starts_with("Invalid value for \"parts\" parameter: "),
        "{}",
        d.detail
    );
    assert_eq!(text, "items");
    let (d, text) = error("${upper(nothing)}", &ctx());
    assert_eq!(
        d.detail,
        "Invalid value for \"str\" parameter: argument must not be null."
    );
    assert_eq!(text, "nothing");
}

#[test]
fn error_in_function_call() {
    let failing = hcl_json::Function::builder()
        .build(|_| Err(hcl_json::eval::FunctionError::new("it broke")));
    let c = ctx().with_function("boom", failing);
    let (d, text) = error("${boom()}", &c);
    assert_eq!(d.summary, "Error in function call");
    assert_eq!(d.detail, "Call to function \"boom\" failed: it broke.");
    // HCL's ranges: the name and opening parenthesis, within the call.
    assert_eq!(text, "boom(");
    assert_eq!(
        d.context.map(|r| doc("${boom()}")[r.bytes()].to_string()),
        Some("boom()".to_string())
    );
}

/// The rule: a `FunctionError` about argument `i` is an "Invalid function
/// argument" on that argument; one about no argument an "Error in function
/// call" on the call.
#[test]
fn function_errors_blame_the_argument_or_the_call() {
    let picky = hcl_json::Function::builder()
        .param(Param::new("x", Type::Number))
        .variadic(Param::new("rest", Type::Number))
        .build(|args| match args.len() {
            1 => Err(hcl_json::eval::FunctionError::new("no rest")),
            _ => Err(hcl_json::eval::FunctionError::arg(
                args.len() - 1,
                "the last is wrong",
            )),
        });
    let c = ctx().with_function("picky", picky);
    let (d, text) = error("${picky(1)}", &c);
    assert_eq!(d.summary, "Error in function call");
    assert_eq!(d.detail, "Call to function \"picky\" failed: no rest.");
    assert_eq!(text, "picky(");
    let (d, text) = error("${picky(1, 2, 3)}", &c);
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(
        d.detail,
        "Invalid value for \"rest\" parameter: the last is wrong."
    );
    assert_eq!(text, "3");
    assert_eq!(
        d.context
            .map(|r| doc("${picky(1, 2, 3)}")[r.bytes()].to_string()),
        Some("picky(1, 2, 3)".to_string())
    );
    // After `list...`, the elements came from the expanding argument.
    let (d, text) = error("${picky(1, [2, 3]...)}", &c);
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(text, "[2, 3]");
}

/// An index past the arguments (a buggy function) cannot point at an
/// argument: as in hclsyntax, it is reported on the call.
#[test]
fn function_error_about_a_missing_argument_is_reported_on_the_call() {
    let buggy = hcl_json::Function::builder()
        .variadic(Param::new("rest", Type::Number))
        .build(|_| Err(hcl_json::eval::FunctionError::arg(5, "nope")));
    let c = ctx().with_function("buggy", buggy);
    let (d, text) = error("${buggy(1)}", &c);
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(d.detail, "Invalid value for \"rest\" parameter: nope.");
    assert_eq!(text, "buggy(1)");
}

#[test]
fn unknown_arguments_give_unknown_results() {
    assert_eq!(ok("${upper(ustr)}", &ctx()), Value::unknown(Type::String));
    assert_eq!(ok("${join(\"-\", ulist...)}", &ctx()), Value::dynamic());
}

#[test]
fn literal_mode_native_expressions_refuse_variables_and_calls() {
    // A native expression (as `try` hands out) evaluated in literal mode.
    let ctx = EvalContext::literal();
    assert_eq!(
        eval_attr(r#"{"a": "${x}"}"#, &ctx).unwrap(),
        Value::from("${x}")
    );
}

#[test]
fn nested_for_expressions_are_bounded() {
    let src = r#"{"a": "${[for i in range(1024) : [for j in range(1024) : [for k in range(1024) : k]]]}"}"#;
    let file = hcl_json::parse(src, "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    let ctx = hcl_json::EvalContext::new().with_stdlib();
    // The loops ask for a billion iterations; evaluation stops at the
    // budget (the values they build run out first).
    let err = attrs["a"].expr.value(&ctx).unwrap_err();
    assert_eq!(err.diagnostics().len(), 1);
    assert_eq!(err.diagnostics()[0].summary, "Evaluation limit exceeded");
    assert!(err.diagnostics()[0]
        .detail
        .starts_with("This expression produces more than 64 MiB"));
}

// ---------------------------------------------------------------- fuzz findings

/// Fuzz finding `timeout-ebd1131de720` (native target, 1 627 bytes): one
/// attribute summing 141 numbers whose exponents lie up to 5 455 places
/// apart (`55355555555555E5455 + 5277 + ...`). Each `+` aligned the
/// exponents (thousands of digits) and printed the sum in decimal to
/// round it to 1 000 digits: 32 ms for this input, about a millisecond an
/// operator for a single step of the budget. A sum whose smaller operand
/// lies wholly below the larger one's last kept digit is now the larger
/// operand, as exact rounding makes it (`value::number` unit tests).
#[test]
fn sums_of_far_apart_numbers_round_without_aligning_their_exponents() {
    let src = include_bytes!("../syntax/regressions/native-timeout-ebd1131de720");
    let file = hcl_json::parse_native_bytes(src, "fuzz.tf").expect("parses");
    let attrs = file.body().just_attributes().expect("one attribute");
    let err = attrs["a"]
        .expr
        .value(&EvalContext::new())
        .expect_err("the last term");
    let d = &err.diagnostics()[0];
    assert_eq!(d.summary, "Number out of range");
    let subject = d.subject.as_ref().expect("a subject");
    assert_eq!((subject.start.byte, subject.end.byte), (1612, 1627));
    assert_eq!(&src[1612..], b"555555555E55555");
    // Without that last term: the sum, rounded to 1 000 digits.
    let file = hcl_json::parse_native_bytes(&src[..1611], "fuzz.tf").expect("parses");
    let attrs = file.body().just_attributes().expect("one attribute");
    let value = attrs["a"]
        .expr
        .value(&EvalContext::new())
        .expect("a number");
    let text = value.as_number().expect("a number").to_string();
    assert_eq!((text.len(), &text[..20]), (5565, "27777777750000000000"));
}
