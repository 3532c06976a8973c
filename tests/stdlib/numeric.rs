//! Numeric functions, called through `Function::call`.

use crate::stdlib_support;

use hcl_json::{Number, Type, Value};
use stdlib_support::*;

fn inf() -> Value {
    Value::Number(Number::INFINITY)
}

#[test]
fn abs_ceil_floor_signum_are_exact() {
    assert_eq!(call("abs", &[n("-12.4")]), Ok(n("12.4")));
    assert_eq!(call("abs", &[n("0")]), Ok(n("0")));
    assert_eq!(call("ceil", &[n("5.1")]), Ok(n("6")));
    assert_eq!(call("ceil", &[n("-5.1")]), Ok(n("-5")));
    assert_eq!(call("floor", &[n("4.9")]), Ok(n("4")));
    assert_eq!(call("floor", &[n("-4.1")]), Ok(n("-5")));
    assert_eq!(call("floor", &[n("1e100")]), Ok(n("1e100")));
    assert_eq!(call("floor", &[inf()]), Ok(inf()));
    assert_eq!(call("signum", &[n("-13")]), Ok(n("-1")));
    assert_eq!(call("signum", &[n("0")]), Ok(n("0")));
    assert_eq!(call("signum", &[n("344")]), Ok(n("1")));
}

#[test]
fn numeric_functions_convert_strings_and_reject_others() {
    assert_eq!(call("abs", &[s("-3")]), Ok(n("3")));
    assert!(arg_err("abs", &[s("x")], 0).contains("num"));
    arg_err("abs", &[null(Type::Number)], 0);
    assert_eq!(
        call("abs", &[unknown(Type::Number)]),
        Ok(unknown(Type::Number))
    );
}

#[test]
fn log_uses_floating_point_like_terraform() {
    assert_eq!(call("log", &[n("16"), n("2")]), Ok(n("4")));
    assert_eq!(call("log", &[n("1"), n("10")]), Ok(n("0")));
    assert_eq!(
        call("log", &[n("0"), n("10")]),
        Ok(Value::Number(Number::NEG_INFINITY))
    );
    assert!(err("log", &[n("-1"), n("10")]).contains("not a number"));
}

#[test]
fn max_and_min_pick_extremes() {
    assert_eq!(call("max", &[n("12"), n("54"), n("3")]), Ok(n("54")));
    assert_eq!(call("min", &[n("12"), n("54"), n("3")]), Ok(n("3")));
    assert_eq!(call("max", &[n("1e200"), n("1")]), Ok(n("1e200")));
    assert_eq!(call("min", &[n("-1"), inf()]), Ok(n("-1")));
    assert!(err("max", &[]).contains("at least one"));
}

#[test]
fn parseint_reads_any_base_from_2_to_62() {
    assert_eq!(call("parseint", &[s("100"), n("10")]), Ok(n("100")));
    assert_eq!(call("parseint", &[s("FF"), n("16")]), Ok(n("255")));
    assert_eq!(call("parseint", &[s("-10"), n("16")]), Ok(n("-16")));
    assert_eq!(
        call("parseint", &[s("1011111011101111"), n("2")]),
        Ok(n("48879"))
    );
    assert_eq!(call("parseint", &[s("aA"), n("62")]), Ok(n("656")));
    assert_eq!(call("parseint", &[s("zz"), n("36")]), Ok(n("1295")));
    assert_eq!(
        call(
            "parseint",
            &[s("ffffffffffffffffffffffffffffffff"), n("16")]
        ),
        Ok(n("340282366920938463463374607431768211455"))
    );
}

#[test]
fn parseint_errors() {
    assert!(arg_err("parseint", &[s("12"), n("2")], 0).contains("cannot parse"));
    assert!(arg_err("parseint", &[s(""), n("10")], 0).contains("cannot parse"));
    assert!(arg_err("parseint", &[s("1 "), n("10")], 0).contains("cannot parse"));
    assert!(arg_err("parseint", &[s("1"), n("1")], 1).contains("2 to 62"));
    assert!(arg_err("parseint", &[s("1"), n("63")], 1).contains("2 to 62"));
    assert!(arg_err("parseint", &[n("10"), n("10")], 0).contains("must be a string"));
    let huge = "9".repeat(5000);
    assert!(arg_err("parseint", &[s(&huge), n("10")], 0).contains("more than"));
    let long = "9".repeat(2000);
    assert!(arg_err("parseint", &[s(&long), n("10")], 0).contains("range"));
}

#[test]
fn pow_is_exact_for_whole_exponents() {
    assert_eq!(call("pow", &[n("3"), n("2")]), Ok(n("9")));
    assert_eq!(call("pow", &[n("4"), n("0")]), Ok(n("1")));
    assert_eq!(call("pow", &[n("2"), n("-2")]), Ok(n("0.25")));
    assert_eq!(call("pow", &[n("1.1"), n("2")]), Ok(n("1.21")));
    assert_eq!(
        call("pow", &[n("2"), n("100")]),
        Ok(n("1267650600228229401496703205376"))
    );
    assert_eq!(call("pow", &[n("4"), n("0.5")]), Ok(n("2")));
}

#[test]
fn pow_with_huge_exponents_fails_instead_of_computing() {
    assert!(err("pow", &[n("10"), n("100000")]).contains("out of range"));
    assert!(err("pow", &[n("2"), n("1e30")]).contains("out of range"));
    assert_eq!(call("pow", &[n("1"), n("1e30")]), Ok(n("1")));
    assert_eq!(call("pow", &[n("-1"), n("1e30")]), Ok(n("1")));
    assert_eq!(call("pow", &[n("0"), n("1e30")]), Ok(n("0")));
    assert!(err("pow", &[n("0"), n("-1")]).contains("zero"));
    assert!(err("pow", &[n("-8"), n("0.5")]).contains("not a number"));
}
