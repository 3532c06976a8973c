//! [`Str`]: the NFC-normalized string that string values hold.
//!
//! The information model says two strings are equal when their NFC
//! normalizations are identical; normalizing once, on construction, makes
//! equality, hashing and length plain byte operations afterwards. ASCII text
//! is already in NFC, so it is taken as is: no normalization work, and an
//! owned `String` is moved in without copying.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// An NFC-normalized string. Derefs to `str`.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Str(String);

impl Str {
    /// Normalizes `s` to NFC, reusing its buffer when it already is.
    pub fn new(s: impl Into<String>) -> Str {
        let s = s.into();
        if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
            Str(s)
        } else {
            Str(s.nfc().collect())
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text as an owned `String`.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl Deref for Str {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Str {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Str {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Str {
        if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
            Str(s.to_owned())
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
        s.0
    }
}

impl PartialEq<str> for Str {
    /// Compares with NFC-normalized `other` (without allocating when
    /// `other` is already normalized).
    fn eq(&self, other: &str) -> bool {
        if other.is_ascii() || is_nfc_quick(other.chars()) == IsNormalized::Yes {
            self.0 == other
        } else {
            self.0.chars().eq(other.nfc())
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
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
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
    fn ascii_string_is_moved_without_copy() {
        let s = String::from("hello");
        let ptr = s.as_ptr();
        let v = Str::new(s);
        assert_eq!(v.as_ptr(), ptr);
    }
}
