//! Unit tests of the first-value table (its slots always point at its
//! values, and it stays within its bounds whatever comes in) and of the
//! forms' hints.

use super::*;

/// A first value of `hash` weighing `bytes` (a string of that length).
fn value(hash: u64, bytes: usize) -> KeptValue {
    KeptValue {
        hash,
        node: 0,
        memo: Memo::of(&Value::from("x".repeat(bytes)), 7, true).expect("small"),
        reused: false,
    }
}

/// Each value has exactly one slot, in its hash's set, pointing at it,
/// and the bytes are the sum of the values'.
fn check(t: &FirstValues) {
    let slots: usize = t
        .sets
        .iter()
        .map(|s| s.tags.iter().filter(|&&g| g != 0).count())
        .sum();
    assert_eq!(slots, t.values.len());
    for (i, v) in t.values.iter().enumerate() {
        assert_eq!(t.find(v.hash), Some(i), "found by its hash");
    }
    let bytes: u64 = t.values.iter().map(|v| v.memo.bytes()).sum();
    assert_eq!(bytes, t.bytes);
    assert!(t.bytes <= FIRST_VALUE_BYTES);
    assert!(t.len() <= FIRST_VALUES && t.capacity() <= FIRST_VALUES);
}

/// Hashes spread like a hasher's (a multiplicative mix of a counter).
fn hash_of(i: u64) -> u64 {
    (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) ^ i
}

#[test]
fn slots_point_at_their_values_through_growth_replacement_and_sweeps() {
    let mut t = FirstValues::default();
    for i in 0..(FIRST_VALUES as u64) * 3 {
        // Small values, then values near the largest kept (the bytes bound).
        let bytes = if i < FIRST_VALUES as u64 * 2 { 8 } else { 900 };
        t.insert(value(hash_of(i), bytes));
        if i % 3 == 0 {
            // Reused: passed over once by replacements and sweeps.
            if let Some(v) = t.get_mut(hash_of(i / 2)) {
                v.reused = true;
            }
        }
        if i % 997 == 0 {
            check(&t);
        }
    }
    check(&t);
    assert!(t.bytes > FIRST_VALUE_BYTES - 2048);
}

#[test]
fn a_table_starts_small_and_doubles_to_its_bound() {
    let mut t = FirstValues::default();
    t.insert(value(1, 1));
    assert_eq!(t.capacity(), FIRST_VALUE_SETS * FIRST_VALUE_WAYS);
    for i in 0..FIRST_VALUES as u64 * 4 {
        t.insert(value(hash_of(i), 1));
    }
    check(&t);
    assert_eq!(t.capacity(), FIRST_VALUES);
    assert_eq!(t.len(), FIRST_VALUES);
}

#[test]
fn a_file_s_table_starts_at_the_size_of_its_source() {
    let first_table = |len: usize| {
        let cache = TemplateCache::for_source(len);
        let value = crate::value::Value::from(1);
        cache.first_evaluation(1, (0, 7), ("${x}", || "${x}"), |_, _| {
            Some((value.clone(), true))
        });
        let t = &cache.lock().first_values;
        check(t);
        t.capacity()
    };
    // A small file's table starts small; a template-heavy file's at about
    // one slot per 64 bytes, up to the bound.
    assert_eq!(first_table(0), FIRST_VALUE_SETS * FIRST_VALUE_WAYS);
    assert_eq!(first_table(2000), FIRST_VALUE_SETS * FIRST_VALUE_WAYS);
    assert_eq!(first_table(114 * 1024), 2048);
    assert_eq!(first_table(64 << 20), FIRST_VALUES);
}

/// A text whose form's tree is kept hints that form by its start: a text
/// of the form is matched along its holes; another of that start is not.
#[test]
fn a_kept_form_is_hinted_by_its_start() {
    let cache = TemplateCache::for_source(FORMS_FROM_FIRST_BYTES);
    cache.parsed.fetch_add(1, Ordering::Relaxed);
    let value = crate::value::Value::from(1);
    let (written, decoded) = (r#"${upper(\"a\")}"#, r#"${upper("a")}"#);
    cache.first_evaluation(1, (0, 7), (written, || decoded), |_, _| {
        Some((value.clone(), true))
    });
    let ((form_hash, form), kept) = cache.hinted(r#"${upper(\"bc\")}"#).unwrap();
    assert_eq!(form.fixed_start(), 10);
    assert_eq!(&*kept.written, written);
    cache.put_back(form_hash, kept);
    assert!(cache.hinted(r#"${upper(\"b\", 1)}"#).is_none());
    assert!(cache.hinted(r#"${lower(\"bc\")}"#).is_none());
}
