//! Unit tests of entries: lookup with and without an index, ordering, removal
//! and size.

use super::*;

fn numbered(n: usize) -> Entries {
    (0..n)
        .map(|i| (format!("k{i}"), Value::from(i as i64)))
        .collect()
}

#[test]
fn small_and_indexed_entries_find_every_key_and_miss_others() {
    for n in [0, 1, SMALL, SMALL + 1, 100] {
        let e = numbered(n);
        assert_eq!(e.len(), n);
        assert_eq!(e.index.is_some(), n > SMALL, "{n}");
        for i in 0..n {
            assert_eq!(e.get(&format!("k{i}")), Some(&Value::from(i as i64)));
            assert_eq!(e.get_index_of(&format!("k{i}")), Some(i));
        }
        assert_eq!(e.get("k-1"), None);
        assert!(!e.contains_key(&format!("k{n}")));
    }
}

#[test]
fn entries_built_to_a_known_size_are_indexed_once() {
    let mut e = Entries::with_capacity(100);
    let mut capacity = None;
    for i in 0..100i64 {
        e.insert(Str::from(format!("k{i}")), Value::from(i));
        if let Some(index) = &e.index {
            let now = index.table.capacity();
            assert!(now >= 100, "room for all from the start: {now}");
            assert_eq!(*capacity.get_or_insert(now), now, "never regrown");
        }
    }
    assert!(capacity.is_some());
    assert_eq!(e.get("k99"), Some(&Value::from(99)));
}

#[test]
fn a_repeated_key_keeps_its_first_position_and_its_last_value() {
    for n in [3, 20] {
        let mut e = numbered(n);
        assert_eq!(
            e.insert(Str::from("k1"), Value::from("x")),
            Some(Value::from(1))
        );
        assert_eq!(e.len(), n);
        assert_eq!(e.get_index(1), Some((&Str::from("k1"), &Value::from("x"))));
        let built: Entries = [
            ("a", Value::from(1)),
            ("b", Value::from(2)),
            ("a", Value::from(3)),
        ]
        .into_iter()
        .collect();
        let keys: Vec<&str> = built.keys().map(Str::as_str).collect();
        assert_eq!(keys, ["a", "b"]);
        assert_eq!(built["a"], Value::from(3));
    }
}

#[test]
fn removing_and_sorting_keep_the_index_true() {
    let mut e = numbered(20);
    assert_eq!(e.shift_remove("k3"), Some(Value::from(3)));
    assert_eq!(e.shift_remove("k3"), None);
    assert_eq!(e.get_index_of("k4"), Some(3));
    assert_eq!(e.get("k19"), Some(&Value::from(19)));
    e.sort_keys();
    assert_eq!(e.get_index(0).map(|(k, _)| k.as_str()), Some("k0"));
    assert_eq!(e.get_index(1).map(|(k, _)| k.as_str()), Some("k1"));
    assert_eq!(e.get_index(2).map(|(k, _)| k.as_str()), Some("k10"));
    assert_eq!(e.get("k2"), Some(&Value::from(2)));
    // Shrinking to a small object drops the index.
    for i in 5..20 {
        e.shift_remove(&format!("k{i}"));
    }
    assert!(e.index.is_none());
    assert_eq!(e.get("k4"), Some(&Value::from(4)));
}

#[test]
fn equality_ignores_order() {
    let a: Entries = [("x", Value::from(1)), ("y", Value::from(2))]
        .into_iter()
        .collect();
    let b: Entries = [("y", Value::from(2)), ("x", Value::from(1))]
        .into_iter()
        .collect();
    let c: Entries = [("y", Value::from(2)), ("x", Value::from(9))]
        .into_iter()
        .collect();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_ne!(a, Entries::new());
    assert_eq!(numbered(30), numbered(30).into_iter().rev().collect());
}

#[test]
fn an_object_is_one_pointer_and_its_index_when_large() {
    assert_eq!(
        std::mem::size_of::<Entries>(),
        2 * std::mem::size_of::<usize>()
    );
}
