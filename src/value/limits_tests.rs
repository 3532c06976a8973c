//! Unit tests of the evaluation budget and the meter that charges it.

use super::*;

#[test]
fn charges_within_the_budget_succeed_and_past_it_fail_for_good() {
    let _g = enter(Limits::DEFAULT.with_max_bytes(100), 0).unwrap();
    assert_eq!(charge_bytes(60), Ok(()));
    let e = charge_bytes(60).unwrap_err();
    assert_eq!(
        e,
        Exceeded {
            limit: Limit::Bytes,
            max: 100
        }
    );
    // Spent for good, and reported once.
    assert_eq!(charge_bytes(1), Err(e));
    assert_eq!(charge_steps(1), Err(e));
    assert_eq!(take_report(), Some(e));
    assert_eq!(take_report(), None);
}

#[test]
fn nested_evaluations_share_the_outer_budget() {
    let _outer = enter(Limits::DEFAULT.with_max_steps(10), 0).unwrap();
    {
        // The inner limits are ignored: it joins.
        let _inner = enter(Limits::DEFAULT, 1000).unwrap();
        assert_eq!(charge_steps(8), Ok(()));
    }
    assert_eq!(
        charge_steps(3),
        Err(Exceeded {
            limit: Limit::Steps,
            max: 10
        })
    );
}

#[test]
fn a_new_evaluation_starts_with_a_full_budget() {
    {
        let _g = enter(Limits::DEFAULT.with_max_bytes(10), 0).unwrap();
        assert!(charge_bytes(11).is_err());
    }
    let _g = enter(Limits::DEFAULT.with_max_bytes(10), 0).unwrap();
    assert_eq!(charge_bytes(10), Ok(()));
    assert_eq!(exceeded(), None);
}

#[test]
fn evaluations_nested_past_max_depth_are_refused() {
    let limits = Limits::DEFAULT.with_max_depth(2);
    let _a = enter(limits, 0).unwrap();
    let _b = enter(limits, 0).unwrap();
    let _c = enter(limits, 0).unwrap();
    assert_eq!(
        enter(limits, 0).err(),
        Some(Exceeded {
            limit: Limit::Depth,
            max: 2
        })
    );
}

#[test]
fn weight_counts_values_strings_and_keys() {
    let v = crate::value::Value::object([("ab", crate::value::Value::from("xyz"))]);
    assert_eq!(weight(&v), (VALUE_BYTES + 2 + 3, 1));
    assert_eq!(weight(&crate::value::Value::from("abc")), (3, 0));
    assert_eq!(weight(&crate::value::Value::from(1)), (0, 0));
    let nested =
        crate::value::Value::tuple([crate::value::Value::tuple([crate::value::Value::from(1)])]);
    assert_eq!(weight(&nested), (2 * VALUE_BYTES, 2));
}

#[test]
fn a_long_expression_gets_an_allowance_for_its_own_size() {
    let _g = enter(Limits::DEFAULT.with_max_bytes(100).with_max_steps(10), 1000).unwrap();
    assert_eq!(charge_bytes(100 + 1000 * BYTES_PER_SOURCE_BYTE), Ok(()));
    assert_eq!(charge_steps(10 + 1000 * STEPS_PER_SOURCE_BYTE), Ok(()));
    assert!(charge_steps(1).is_err());
}

#[test]
fn nothing_is_charged_outside_an_evaluation() {
    assert_eq!(charge_bytes(u64::MAX), Ok(()));
    assert_eq!(exceeded(), None);
}

#[test]
fn limits_name_themselves_and_how_to_raise_them() {
    let e = Exceeded {
        limit: Limit::Bytes,
        max: 64 << 20,
    };
    assert_eq!(
        e.detail(),
        "This expression produces more than 64 MiB of strings and collections, the evaluation limit of produced values; raise it with `Limits::with_max_bytes` (`EvalContext::with_limits`) if this input is trusted."
    );
}
