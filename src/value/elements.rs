//! [`Elements`]: the elements of a list, set or tuple value, and the
//! element types of a tuple type, one pointer wide.

use std::fmt;
use std::ops::{Deref, DerefMut};

use thin_vec::ThinVec;

use super::Value;

/// The elements of a list, set or tuple ([`Elements<Value>`], the default),
/// or the element types of a tuple type (`Elements<Type>`).
///
/// A growable sequence one pointer wide: its length and capacity live in
/// its heap block, and an empty one has no block, where a `Vec` is three
/// words. With a [`Type`](super::Type) two words, that keeps a [`Value`] at
/// 32 bytes instead of 104, and a decoded file's value tree holds one
/// `Value` per element and per attribute.
///
/// It derefs to a slice (indexing, `iter`, `len`, `first`, `sort`, ...) and
/// has the `Vec` methods that build and shrink a sequence.
///
/// ```
/// use hcl_json::value::Elements;
/// use hcl_json::Value;
///
/// let mut items: Elements = ["a", "b"].into_iter().map(Value::from).collect();
/// items.push(Value::from("c"));
/// assert_eq!(items.len(), 3);
/// assert_eq!(items[2], Value::from("c"));
/// let tuple = Value::Tuple(items);
/// assert_eq!(tuple.to_string(), r#"["a", "b", "c"]"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Elements<T = Value>(ThinVec<T>);

impl<T> Elements<T> {
    /// An empty sequence (no allocation).
    #[inline]
    pub fn new() -> Self {
        Elements(ThinVec::new())
    }

    /// An empty sequence with room for `capacity` elements.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        Elements(ThinVec::with_capacity(capacity))
    }

    /// The number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no element.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many elements fit without reallocating.
    #[inline]
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }

    /// Appends `value`.
    #[inline]
    pub fn push(&mut self, value: T) {
        self.0.push(value);
    }

    /// Removes and returns the last element.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        self.0.pop()
    }

    /// Inserts `value` at `index`, shifting the elements after it.
    ///
    /// # Panics
    ///
    /// When `index > len`.
    #[inline]
    pub fn insert(&mut self, index: usize, value: T) {
        self.0.insert(index, value);
    }

    /// Removes and returns the element at `index`, shifting the ones after it.
    ///
    /// # Panics
    ///
    /// When `index >= len`.
    #[inline]
    pub fn remove(&mut self, index: usize) -> T {
        self.0.remove(index)
    }

    /// Removes the element at `index` and puts the last one in its place.
    ///
    /// # Panics
    ///
    /// When `index >= len`.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> T {
        self.0.swap_remove(index)
    }

    /// Keeps the first `len` elements.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Removes every element.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Makes room for `additional` more elements.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }

    /// Frees the room beyond the elements.
    #[inline]
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }

    /// Keeps the elements for which `keep` is true, in order.
    #[inline]
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.0.retain(keep);
    }

    /// Removes consecutive elements for which `same` is true, keeping the
    /// first of each run.
    #[inline]
    pub fn dedup_by(&mut self, same: impl FnMut(&mut T, &mut T) -> bool) {
        self.0.dedup_by(same);
    }

    /// Moves every element of `other` to the end of this one.
    #[inline]
    pub fn append(&mut self, other: &mut Elements<T>) {
        self.0.append(&mut other.0);
    }

    /// The elements from `at` on, moved out into a new sequence.
    ///
    /// # Panics
    ///
    /// When `at > len`.
    #[inline]
    pub fn split_off(&mut self, at: usize) -> Elements<T> {
        Elements(self.0.split_off(at))
    }

    /// The elements as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        self.0.as_slice()
    }

    /// The elements as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.0.as_mut_slice()
    }

    /// The elements as a `Vec`.
    pub fn into_vec(self) -> Vec<T> {
        self.0.into_iter().collect()
    }
}

impl<T: PartialEq> Elements<T> {
    /// Removes consecutive equal elements, keeping the first of each run.
    #[inline]
    pub fn dedup(&mut self) {
        self.0.dedup();
    }
}

impl<T: Clone> Elements<T> {
    /// Appends a copy of every element of `other`.
    #[inline]
    pub fn extend_from_slice(&mut self, other: &[T]) {
        self.0.extend_from_slice(other);
    }
}

impl<T> Default for Elements<T> {
    #[inline]
    fn default() -> Self {
        Elements::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for Elements<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl<T> Deref for Elements<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        self.0.as_slice()
    }
}

impl<T> DerefMut for Elements<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        self.0.as_mut_slice()
    }
}

impl<T> AsRef<[T]> for Elements<T> {
    #[inline]
    fn as_ref(&self) -> &[T] {
        self.0.as_slice()
    }
}

impl<T> AsMut<[T]> for Elements<T> {
    #[inline]
    fn as_mut(&mut self) -> &mut [T] {
        self.0.as_mut_slice()
    }
}

impl<T> std::borrow::Borrow<[T]> for Elements<T> {
    #[inline]
    fn borrow(&self) -> &[T] {
        self.0.as_slice()
    }
}

impl<T> FromIterator<T> for Elements<T> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Elements(ThinVec::from_iter(iter))
    }
}

impl<T> Extend<T> for Elements<T> {
    #[inline]
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl<'a, T: Clone + 'a> Extend<&'a T> for Elements<T> {
    #[inline]
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        self.0.extend(iter.into_iter().cloned());
    }
}

impl<T> From<Vec<T>> for Elements<T> {
    #[inline]
    fn from(items: Vec<T>) -> Self {
        Elements(ThinVec::from(items))
    }
}

impl<T, const N: usize> From<[T; N]> for Elements<T> {
    #[inline]
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

impl<T: Clone> From<&[T]> for Elements<T> {
    #[inline]
    fn from(items: &[T]) -> Self {
        items.iter().cloned().collect()
    }
}

impl<T> From<Elements<T>> for Vec<T> {
    #[inline]
    fn from(items: Elements<T>) -> Vec<T> {
        items.into_vec()
    }
}

impl<T: PartialEq> PartialEq<[T]> for Elements<T> {
    #[inline]
    fn eq(&self, other: &[T]) -> bool {
        self.0.as_slice() == other
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for Elements<T> {
    #[inline]
    fn eq(&self, other: &Vec<T>) -> bool {
        self.0.as_slice() == other.as_slice()
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for Elements<T> {
    #[inline]
    fn eq(&self, other: &[T; N]) -> bool {
        self.0.as_slice() == other.as_slice()
    }
}

impl<T> IntoIterator for Elements<T> {
    type Item = T;
    type IntoIter = ElementsIntoIter<T>;

    #[inline]
    fn into_iter(self) -> ElementsIntoIter<T> {
        ElementsIntoIter(self.0.into_iter())
    }
}

impl<'a, T> IntoIterator for &'a Elements<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> std::slice::Iter<'a, T> {
        self.0.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Elements<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    #[inline]
    fn into_iter(self) -> std::slice::IterMut<'a, T> {
        self.0.iter_mut()
    }
}

/// The owning iterator of [`Elements`], front to back.
pub struct ElementsIntoIter<T = Value>(thin_vec::IntoIter<T>);

impl<T> Iterator for ElementsIntoIter<T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        self.0.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<T> DoubleEndedIterator for ElementsIntoIter<T> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        self.0.next_back()
    }
}

impl<T> ExactSizeIterator for ElementsIntoIter<T> {}

impl<T> std::iter::FusedIterator for ElementsIntoIter<T> {}

impl<T: fmt::Debug> fmt::Debug for ElementsIntoIter<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ElementsIntoIter")
            .field(&self.0.as_slice())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_are_one_pointer_wide() {
        assert_eq!(
            std::mem::size_of::<Elements>(),
            std::mem::size_of::<usize>()
        );
        assert_eq!(
            std::mem::size_of::<Elements<super::super::Type>>(),
            std::mem::size_of::<usize>()
        );
    }

    #[test]
    fn elements_build_and_shrink_as_a_vec_does() {
        let mut e: Elements<i32> = Elements::from(vec![3, 1, 2]);
        e.push(4);
        e.sort_unstable();
        assert_eq!(e, [1, 2, 3, 4]);
        assert_eq!(e.pop(), Some(4));
        e.insert(0, 0);
        assert_eq!(e.remove(1), 1);
        e.extend([5, 5]);
        e.dedup();
        assert_eq!(e, vec![0, 2, 3, 5]);
        let tail = e.split_off(2);
        assert_eq!((e.as_slice(), tail.as_slice()), (&[0, 2][..], &[3, 5][..]));
        assert_eq!(tail.into_iter().rev().collect::<Vec<_>>(), vec![5, 3]);
        assert_eq!(format!("{e:?}"), "[0, 2]");
        assert_eq!(Vec::from(e), vec![0, 2]);
    }
}
