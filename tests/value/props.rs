//! Property tests of the value layer: number text round-trips and exact
//! arithmetic identities, and serde round-trips of Rust data through
//! `to_value` / `from_value`.

use std::collections::BTreeMap;

use hcl_json::value::{from_value, to_value, Number, Value};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

/// Canonical decimal text (what `Display` writes): no leading zeros, no
/// trailing fraction zeros, no "-0"; up to 100 digits.
fn canonical_decimal() -> impl Strategy<Value = String> {
    "-?(0|[1-9][0-9]{0,59})(\\.[0-9]{0,39}[1-9])?".prop_filter("-0 is written 0", |s| s != "-0")
}

proptest! {
    #[test]
    fn number_text_round_trips_through_display(s in canonical_decimal()) {
        let n = Number::parse(&s).unwrap();
        prop_assert_eq!(n.to_string(), s);
    }

    #[test]
    fn number_with_exponent_equals_shifted_text(digits in "[1-9][0-9]{0,40}", exp in -60i64..60) {
        let with_exp = Number::parse(&format!("{digits}e{exp}")).unwrap();
        let shifted = if exp >= 0 {
            format!("{digits}{}", "0".repeat(exp as usize))
        } else {
            let k = exp.unsigned_abs() as usize;
            let padded = format!("{}{digits}", "0".repeat(k.saturating_sub(digits.len()) + 1));
            let (int, frac) = padded.split_at(padded.len() - k);
            format!("{int}.{frac}")
        };
        prop_assert_eq!(&with_exp, &Number::parse(&shifted).unwrap());
        prop_assert_eq!(with_exp.to_string(), Number::parse(&shifted).unwrap().to_string());
    }

    #[test]
    fn addition_then_subtraction_is_exact(a in canonical_decimal(), b in canonical_decimal()) {
        let (a, b) = (Number::parse(&a).unwrap(), Number::parse(&b).unwrap());
        prop_assert_eq!(a.checked_add(&b).unwrap().checked_sub(&b).unwrap(), a);
    }

    #[test]
    fn multiplication_then_division_is_exact(a in canonical_decimal(), b in canonical_decimal()) {
        let (a, b) = (Number::parse(&a).unwrap(), Number::parse(&b).unwrap());
        prop_assume!(!b.is_zero());
        // a has at most 100 significant digits: the quotient's precision.
        prop_assert_eq!(a.checked_mul(&b).unwrap().checked_div(&b).unwrap(), a);
    }

    #[test]
    fn ordering_agrees_with_subtraction_sign(a in canonical_decimal(), b in canonical_decimal()) {
        let (a, b) = (Number::parse(&a).unwrap(), Number::parse(&b).unwrap());
        let d = a.checked_sub(&b).unwrap();
        prop_assert_eq!(a.cmp(&b), d.cmp(&Number::ZERO));
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Inner {
    label: String,
    weight: f64,
    flags: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Kind {
    Plain,
    Sized(u32),
    Named { name: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Outer {
    id: u64,
    delta: i64,
    small: u8,
    name: String,
    nickname: Option<String>,
    scores: Vec<i32>,
    attrs: BTreeMap<String, i64>,
    inner: Vec<Inner>,
    maybe_inner: Option<Inner>,
    kind: Kind,
    pair: (i16, String),
}

fn nfc_string() -> impl Strategy<Value = String> {
    // Strings come back NFC-normalized, so generate them normalized.
    "\\PC{0,12}".prop_map(|s| s.nfc().collect())
}

fn inner() -> impl Strategy<Value = Inner> {
    (
        nfc_string(),
        any::<f64>().prop_filter("finite", |f| f.is_finite()),
        prop::collection::vec(any::<bool>(), 0..4),
    )
        .prop_map(|(label, weight, flags)| Inner {
            label,
            weight,
            flags,
        })
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Plain),
        any::<u32>().prop_map(Kind::Sized),
        nfc_string().prop_map(|name| Kind::Named { name }),
    ]
}

fn outer() -> impl Strategy<Value = Outer> {
    (
        (any::<u64>(), any::<i64>(), any::<u8>(), nfc_string()),
        prop::option::of(nfc_string()),
        prop::collection::vec(any::<i32>(), 0..6),
        prop::collection::btree_map(nfc_string(), any::<i64>(), 0..4),
        prop::collection::vec(inner(), 0..3),
        prop::option::of(inner()),
        kind(),
        (any::<i16>(), nfc_string()),
    )
        .prop_map(
            |(
                (id, delta, small, name),
                nickname,
                scores,
                attrs,
                inner,
                maybe_inner,
                kind,
                pair,
            )| {
                Outer {
                    id,
                    delta,
                    small,
                    name,
                    nickname,
                    scores,
                    attrs,
                    inner,
                    maybe_inner,
                    kind,
                    pair,
                }
            },
        )
}

proptest! {
    #[test]
    fn rust_data_round_trips_through_value(data in outer()) {
        let v: Value = to_value(&data).unwrap();
        let back: Outer = from_value(v.clone()).unwrap();
        prop_assert_eq!(&back, &data);
        // And the value itself survives a pass through serde.
        let again: Value = from_value(v.clone()).unwrap();
        prop_assert_eq!(again, v);
    }
}
