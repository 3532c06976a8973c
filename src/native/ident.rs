//! The identifier rule of the native syntax, written once: a character of
//! Unicode's `ID_Start` or `_`, then any number of `ID_Continue` characters
//! or `-` (the grammar's `ident`; see "Identifiers" in
//! <https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md>).
//!
//! The expression parser, the body parser and its lexer, and the native
//! writer all ask here. ASCII, the usual case, is decided inline or by
//! table; other characters by HCL's own tables (`ident_tables.rs`), which
//! are Unicode 9.0's: a name HCL refuses (U+10D00, or a zero-width joiner,
//! which later Unicode versions added) is refused here too, so that a file
//! that parses here parses in Terraform. Where a name ends inside a
//! reference or a body is the callers' business.

use super::ident_tables::{ID_CONTINUE, ID_START};

/// Whether `c` is in `table` (sorted, disjoint, inclusive ranges).
fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let c = u32::from(c);
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether the ASCII byte `c` starts an identifier: a letter or `_`.
#[inline]
pub(crate) const fn is_start_byte(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// Whether the ASCII byte `c` continues an identifier: a letter, a digit,
/// `_` or `-`.
#[inline]
pub(crate) const fn is_continue_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// [`is_continue_byte`] as a table indexed by byte (false for every byte
/// outside ASCII): one load per byte of a name.
pub(crate) const CONTINUE_ASCII: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 128 {
        table[c] = is_continue_byte(c as u8);
        c += 1;
    }
    table
};

/// Whether `c` starts an identifier: `ID_Start` or `_`.
#[inline]
pub(crate) fn is_start(c: char) -> bool {
    if c.is_ascii() {
        is_start_byte(c as u8)
    } else {
        in_table(ID_START, c)
    }
}

/// Whether `c` continues an identifier: `ID_Continue` or `-`.
#[inline]
pub(crate) fn is_continue(c: char) -> bool {
    if c.is_ascii() {
        is_continue_byte(c as u8)
    } else {
        in_table(ID_CONTINUE, c)
    }
}

/// The length in bytes of the identifier at the start of `s`, if one
/// starts there.
pub(crate) fn len(s: &str) -> Option<usize> {
    let mut chars = s.char_indices();
    let (_, first) = chars.next()?;
    if !is_start(first) {
        return None;
    }
    Some(
        chars
            .find(|&(_, c)| !is_continue(c))
            .map_or(s.len(), |(k, _)| k),
    )
}

/// Whether the whole of `s` is one identifier.
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(is_start) && chars.all(is_continue)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identifier_starts_with_a_letter_or_underscore() {
        assert!(is_identifier("aws_instance"));
        assert!(is_identifier("_x1"));
        assert!(is_identifier("été"));
        assert!(!is_identifier("1a"));
        assert!(!is_identifier("-a"));
        assert!(!is_identifier(""));
    }

    #[test]
    fn an_identifier_continues_with_letters_digits_underscores_and_dashes() {
        assert!(is_identifier("a-b_c9"));
        assert!(is_identifier("x\u{0301}"));
        assert!(!is_identifier("a b"));
        assert!(!is_identifier("a.b"));
        assert!(!is_identifier("a\u{2014}b"));
    }

    #[test]
    fn identifier_characters_are_unicode_9_as_in_hcl() {
        // Added to ID_Continue in Unicode 15.1 and to ID_Start in 11.0:
        // not identifier characters in HCL.
        assert!(!is_identifier("a\u{200D}"));
        assert!(!is_identifier("\u{10D00}"));
        assert!(!is_identifier("a\u{10D00}"));
        // Unicode 9.0 letters and marks are.
        assert!(is_identifier("\u{10000}\u{0663}"));
        assert!(is_identifier("\u{4E00}"));
        assert!(!is_start('\u{0301}'));
        assert!(is_continue('\u{0301}'));
    }

    #[test]
    fn len_stops_at_the_first_character_that_does_not_continue() {
        assert_eq!(len("var.x"), Some(3));
        assert_eq!(len("été = 1"), Some("été".len()));
        assert_eq!(len("a-b"), Some(3));
        assert_eq!(len("9a"), None);
        assert_eq!(len(""), None);
    }

    #[test]
    fn the_byte_rules_and_the_table_agree_with_the_character_rules() {
        for b in 0..=255u8 {
            let ascii = b.is_ascii().then_some(b as char);
            assert_eq!(
                is_start_byte(b),
                ascii.is_some_and(is_start),
                "start byte {b}"
            );
            assert_eq!(
                is_continue_byte(b),
                ascii.is_some_and(is_continue),
                "continue byte {b}"
            );
            assert_eq!(
                CONTINUE_ASCII[usize::from(b)],
                is_continue_byte(b),
                "table {b}"
            );
        }
    }
}
