//! [`Str`]: the NFC-normalized string that string values hold.
//!
//! The information model says two strings are equal when their NFC
//! normalizations are identical; normalizing once, on construction, makes
//! equality, hashing and length plain byte operations afterwards. ASCII text
//! is already in NFC, so it is taken as is: no normalization work.
//!
//! Short strings (up to 24 bytes on 64-bit targets, the size of a
//! `String`: most names and words of a configuration) are held inline,
//! without a heap allocation; longer ones own a heap buffer, and an owned
//! `String` of that length is moved in without copying. A decoded file holds one `Str` per string value, so this
//! saves an allocation (at least 32 bytes of heap with the allocator's
//! header) for each short one, and the time to make and free it.
//!
//! The storage is `compact_str`'s `CompactString` (24 bytes, as a `String`):
//! a small-string type needs `unsafe` to give out `&str` without checking
//! UTF-8 again on every access, which this crate forbids in its own code;
//! `compact_str` is widely used, fuzzed and tested under Miri. It stays an
//! implementation detail: nothing of it is in `Str`'s API.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use compact_str::CompactString;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// An NFC-normalized string. Derefs to `str`.
///
/// Equality, order and hash are those of the text (`str`'s), whichever way
/// it is stored.
#[derive(Clone, Default)]
pub struct Str(CompactString);

/// Whether `s` is already in NFC (cheap for ASCII, and for most text: the
/// quick check answers without normalizing).
#[inline]
fn is_nfc(s: &str) -> bool {
    s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes
}

impl Str {
    /// Normalizes `s` to NFC. A short text is stored inline; a longer one
    /// already in NFC keeps `s`'s buffer.
    pub fn new(s: impl Into<String>) -> Str {
        let s = s.into();
        if is_nfc(&s) {
            Str(CompactString::from(s))
        } else {
            Str(s.nfc().collect())
        }
    }

    /// `s`, which the caller knows to be in NFC (ASCII text is, and a
    /// scan the caller makes anyway can tell): stored as it is, without
    /// the check `From<&str>` makes.
    #[inline]
    pub(crate) fn from_nfc(s: &str) -> Str {
        debug_assert!(is_nfc(s), "{s:?} is not in NFC");
        Str(CompactString::new(s))
    }

    /// ASCII text `s` with `change` applied to a copy of it in place (an
    /// ASCII case mapping): a short text is built inline, a longer one in
    /// one allocation of its size, with no intermediate `String`.
    pub(crate) fn ascii_changed(s: &str, change: fn(&mut str)) -> Str {
        debug_assert!(s.is_ascii(), "{s:?} is not ASCII");
        let mut text = CompactString::new(s);
        change(text.as_mut_str());
        debug_assert!(text.is_ascii(), "the change made {text:?}");
        Str(text)
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The text as an owned `String` (without copying when it is on the
    /// heap).
    pub fn into_string(self) -> String {
        self.0.into_string()
    }

    /// Whether the text is held inline, without a heap allocation.
    #[cfg(test)]
    fn is_inline(&self) -> bool {
        !self.0.is_heap_allocated()
    }
}

impl PartialEq for Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Str {}

impl PartialOrd for Str {
    #[inline]
    fn partial_cmp(&self, other: &Str) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Str {
    #[inline]
    fn cmp(&self, other: &Str) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Str {
    /// The hash of the text as a `str` (what `Borrow<str>` requires).
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl Deref for Str {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Str {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Str {
    #[inline]
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Str {
        if is_nfc(s) {
            Str(CompactString::new(s))
        } else {
            Str(s.nfc().collect())
        }
    }
}

impl From<String> for Str {
    fn from(s: String) -> Str {
        Str::new(s)
    }
}

impl From<Str> for String {
    fn from(s: Str) -> String {
        s.into_string()
    }
}

impl PartialEq<str> for Str {
    /// Compares with NFC-normalized `other` (without allocating when
    /// `other` is already normalized).
    fn eq(&self, other: &str) -> bool {
        if is_nfc(other) {
            self.as_str() == other
        } else {
            self.as_str().chars().eq(other.nfc())
        }
    }
}

impl PartialEq<&str> for Str {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precomposed_and_decomposed_e_acute_are_equal_with_same_length() {
        let pre = Str::from("\u{e9}");
        let dec = Str::from("e\u{301}");
        assert_eq!(pre, dec);
        assert_eq!(pre.len(), dec.len());
        assert_eq!(dec.as_str(), "\u{e9}");
        assert_eq!(pre, "e\u{301}");
    }

    #[test]
    fn long_ascii_string_is_moved_without_copy() {
        let s = String::from("a string longer than twenty-four bytes");
        let ptr = s.as_ptr();
        let v = Str::new(s);
        assert!(!v.is_inline());
        assert_eq!(v.as_ptr(), ptr);
        let back = v.into_string();
        assert_eq!(back.as_ptr(), ptr);
    }

    #[test]
    fn strings_up_to_24_bytes_are_inline_longer_ones_on_the_heap() {
        // 24 bytes on 64-bit targets (12 on 32-bit): the size of a `String`.
        let inline = std::mem::size_of::<String>();
        let at = "x".repeat(inline);
        let past = "x".repeat(inline + 1);
        for s in [Str::from(at.as_str()), Str::new(at.clone())] {
            assert!(s.is_inline());
            assert_eq!(s, at.as_str());
        }
        for s in [Str::from(past.as_str()), Str::new(past.clone())] {
            assert!(!s.is_inline());
            assert_eq!(s, past.as_str());
        }
        assert!(Str::default().is_inline());
        assert_eq!(Str::default().as_str(), "");
        // Same size as a `String`: `Value` does not grow.
        assert_eq!(std::mem::size_of::<Str>(), std::mem::size_of::<String>());
    }

    #[test]
    fn nfc_is_applied_on_the_inline_and_the_heap_path() {
        // Decomposed "é" (e + combining acute) composed to U+00E9.
        let short = Str::new("cafe\u{301}".to_string());
        assert!(short.is_inline());
        assert_eq!(short.as_str(), "caf\u{e9}");
        let long_text = format!("{}e\u{301}", "a".repeat(40));
        for long in [Str::new(long_text.clone()), Str::from(long_text.as_str())] {
            assert!(!long.is_inline());
            assert_eq!(long.as_str(), format!("{}\u{e9}", "a".repeat(40)));
        }
        assert_eq!(Str::from("cafe\u{301}").as_str(), "caf\u{e9}");
    }

    #[test]
    fn inline_and_heap_forms_of_one_text_are_equal_ordered_and_hashed_alike() {
        use std::collections::hash_map::DefaultHasher;
        fn hash_of<T: Hash + ?Sized>(v: &T) -> u64 {
            let mut h = DefaultHasher::new();
            v.hash(&mut h);
            h.finish()
        }
        let text = "inline-key";
        let inline = Str::from(text);
        // A heap form of the same text: grown past the inline size, then
        // cut back (a `CompactString` keeps its heap buffer).
        let mut grown = CompactString::from(format!("{text}-and-more-than-24-bytes"));
        grown.truncate(text.len());
        let heap = Str(grown);
        assert!(inline.is_inline());
        assert!(!heap.is_inline());
        assert_eq!(inline, heap);
        assert_eq!(inline.cmp(&heap), Ordering::Equal);
        assert_eq!(hash_of(&inline), hash_of(&heap));
        // `Borrow<str>` needs the hash of the `str` itself.
        assert_eq!(hash_of(&inline), hash_of(text));
        // Order is the text's byte order across forms.
        let longer = Str::from("inline-key-and-then-some-more-than-24-bytes");
        assert!(!longer.is_inline());
        assert_eq!(inline.cmp(&longer), text.cmp(longer.as_str()));
        assert_eq!(Str::from("j").cmp(&longer), Ordering::Greater);
        let set: std::collections::HashSet<Str> = [inline, heap].into_iter().collect();
        assert_eq!(set.len(), 1);
        assert!(set.contains(text));
    }
}
