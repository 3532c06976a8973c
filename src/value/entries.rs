//! [`Entries`]: the attributes of an object or the entries of a map, in
//! insertion order.
//!
//! A decoded configuration holds tens of thousands of small objects (a
//! resource's arguments, its tags, a nested block), so their container is
//! most of a decode's memory and a key lookup is on every attribute access.
//! An `IndexMap` gives each object a hash table and a separate entry vector
//! (with the hash of each key beside it), and its key lookups always hash.
//! `Entries` keeps the keys and values in one [`ThinVec`] (one pointer wide,
//! no allocation when empty) and finds a key of a small object by comparing
//! keys, which for a handful of short names costs less than hashing one.
//! Only an object of more than [`SMALL`] entries gets a hash index beside
//! its entries (SipHash with a random key, as `std`'s maps: keys are the
//! file's content), so no lookup, insertion or bulk build is quadratic.

use std::fmt;
use std::hash::{BuildHasher, RandomState};
use std::ops::Index as IndexOp;

use hashbrown::HashTable;
use thin_vec::ThinVec;

use super::{Str, Value};

/// Up to this many entries, keys are found by comparing them in order;
/// above, through the hash index.
const SMALL: usize = 16;

/// The attributes of an object or the entries of a map: [`Str`] keys,
/// unique, in insertion order.
///
/// The API is the part of `IndexMap`'s that values need. Equality ignores
/// the order, as the information model's does.
///
/// ```
/// use hcl_json::value::{Entries, Str, Value};
///
/// let mut tags = Entries::new();
/// tags.insert(Str::from("env"), Value::from("prod"));
/// tags.insert(Str::from("team"), Value::from("core"));
/// assert_eq!(tags.insert(Str::from("env"), Value::from("dev")), Some(Value::from("prod")));
/// assert_eq!(tags.get("env"), Some(&Value::from("dev")));
/// let keys: Vec<&str> = tags.keys().map(Str::as_str).collect();
/// assert_eq!(keys, ["env", "team"]);
/// ```
#[derive(Clone, Default)]
pub struct Entries {
    items: ThinVec<(Str, Value)>,
    index: Option<Box<HashIndex>>,
}

/// Positions in `items`, hashed by their keys.
#[derive(Clone)]
struct HashIndex {
    table: HashTable<usize>,
    state: RandomState,
}

impl HashIndex {
    /// The index of `items`, with room for `capacity` entries (the
    /// entries' own capacity: an object built to a known size is indexed
    /// once, never rehashed as it fills).
    fn of(items: &[(Str, Value)], capacity: usize) -> HashIndex {
        let mut index = HashIndex {
            table: HashTable::with_capacity(capacity.max(items.len())),
            state: RandomState::new(),
        };
        for i in 0..items.len() {
            index.add(items, i);
        }
        index
    }

    fn hash(&self, key: &str) -> u64 {
        self.state.hash_one(key)
    }

    /// Indexes `items[i]`, whose key is not in the index yet.
    fn add(&mut self, items: &[(Str, Value)], i: usize) {
        let state = &self.state;
        let hash = state.hash_one(items[i].0.as_str());
        self.table
            .insert_unique(hash, i, |&j| state.hash_one(items[j].0.as_str()));
    }

    fn find(&self, items: &[(Str, Value)], key: &str) -> Option<usize> {
        self.table
            .find(self.hash(key), |&i| items[i].0.as_str() == key)
            .copied()
    }
}

impl Entries {
    /// No entries.
    pub fn new() -> Entries {
        Entries::default()
    }

    /// No entries, with room for `n`.
    pub fn with_capacity(n: usize) -> Entries {
        Entries {
            items: ThinVec::with_capacity(n),
            index: None,
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The position of `key`.
    pub fn get_index_of(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.find(&self.items, key),
            None => self.items.iter().position(|(k, _)| k.as_str() == key),
        }
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.get_index_of(key).map(|i| &self.items[i].1)
    }

    /// The value of `key`, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.get_index_of(key).map(|i| &mut self.items[i].1)
    }

    /// The key and value at position `i`.
    pub fn get_index(&self, i: usize) -> Option<(&Str, &Value)> {
        self.items.get(i).map(|(k, v)| (k, v))
    }

    /// Whether `key` has an entry.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get_index_of(key).is_some()
    }

    /// Sets `key` to `value`: a new key goes last, an existing one keeps
    /// its position and gives back its old value.
    pub fn insert(&mut self, key: Str, value: Value) -> Option<Value> {
        if let Some(i) = self.get_index_of(&key) {
            Some(std::mem::replace(&mut self.items[i].1, value))
        } else {
            self.push_new(key, value);
            None
        }
    }

    /// Adds `key`, which the caller has just looked up and not found, last.
    pub(crate) fn push_new(&mut self, key: Str, value: Value) {
        debug_assert!(!self.contains_key(&key));
        self.items.push((key, value));
        let last = self.items.len() - 1;
        match &mut self.index {
            Some(index) => index.add(&self.items, last),
            None if self.items.len() > SMALL => {
                self.index = Some(Box::new(HashIndex::of(&self.items, self.items.capacity())));
            }
            None => {}
        }
    }

    /// Removes `key`, shifting the entries after it one place forward
    /// (linear in the number of entries, as `IndexMap::shift_remove`).
    pub fn shift_remove(&mut self, key: &str) -> Option<Value> {
        let i = self.get_index_of(key)?;
        let (_, value) = self.items.remove(i);
        self.reindex();
        Some(value)
    }

    /// Sorts the entries by key.
    pub fn sort_keys(&mut self) {
        self.items.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        self.reindex();
    }

    /// Rebuilds the index after entries moved.
    fn reindex(&mut self) {
        // (Sized to the entries there are: after a removal or a sort the
        // object is not filling up, and its capacity may be far larger.)
        self.index = (self.items.len() > SMALL)
            .then(|| Box::new(HashIndex::of(&self.items, self.items.len())));
    }

    /// The entries, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.items.iter())
    }

    /// The entries in order, values mutable.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.items.iter_mut())
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Str> + ExactSizeIterator {
        self.items.iter().map(|(k, _)| k)
    }

    /// The values, in order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.items.iter().map(|(_, v)| v)
    }

    /// The values in order, mutable.
    pub fn values_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = &mut Value> + ExactSizeIterator {
        self.items.iter_mut().map(|(_, v)| v)
    }
}

/// The entries of an [`Entries`], borrowed.
#[derive(Debug, Clone)]
pub struct Iter<'a>(std::slice::Iter<'a, (Str, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Str, &'a Value);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// The entries of an [`Entries`], values mutable.
#[derive(Debug)]
pub struct IterMut<'a>(std::slice::IterMut<'a, (Str, Value)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a Str, &'a mut Value);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (&*k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for IterMut<'_> {}

/// The entries of an [`Entries`], owned.
#[derive(Debug, Clone)]
pub struct IntoIter(thin_vec::IntoIter<(Str, Value)>);

impl Iterator for IntoIter {
    type Item = (Str, Value);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for IntoIter {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back()
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for Entries {
    type Item = (Str, Value);
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter(self.items.into_iter())
    }
}

impl<'a> IntoIterator for &'a Entries {
    type Item = (&'a Str, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Entries {
    type Item = (&'a Str, &'a mut Value);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl<K: Into<Str>> FromIterator<(K, Value)> for Entries {
    /// A repeated key keeps its first position and its last value.
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Entries {
        let iter = iter.into_iter();
        let mut entries = Entries::with_capacity(iter.size_hint().0);
        entries.extend(iter);
        entries
    }
}

impl<K: Into<Str>> Extend<(K, Value)> for Entries {
    fn extend<I: IntoIterator<Item = (K, Value)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k.into(), v);
        }
    }
}

impl IndexOp<&str> for Entries {
    type Output = Value;
    /// The value of `key`.
    ///
    /// # Panics
    ///
    /// When there is no entry for `key` (as `IndexMap`'s indexing does).
    fn index(&self, key: &str) -> &Value {
        self.get(key).expect("no entry for the key")
    }
}

impl PartialEq for Entries {
    /// The same keys with equal values, in any order.
    fn eq(&self, other: &Entries) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl Eq for Entries {}

impl fmt::Debug for Entries {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
#[path = "entries_tests.rs"]
mod tests;
