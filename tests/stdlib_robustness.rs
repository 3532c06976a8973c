//! Every standard function, called with awkward arguments of every shape,
//! returns a value or an error and never panics.

mod stdlib_support;

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
