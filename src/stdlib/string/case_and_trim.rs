//! The string functions that change letter case (`lower`, `upper`,
//! `title`, with Go's simple Unicode mappings) or trim the ends of a string
//! (`chomp`, `trim`, `trimprefix`, `trimspace`, `trimsuffix`).

use super::{str1, str2};
use crate::eval::Function;
use crate::value::{Str, Type, Value};

pub(super) fn chomp() -> Function {
    str1("Removes newline characters at the end of a string.", |s| {
        Str::from(s.trim_end_matches(['\n', '\r']))
    })
}

pub(super) fn lower() -> Function {
    str1("Converts all letters in the string to lowercase.", |s| {
        // ASCII's own mapping is Unicode's simple one on ASCII text.
        if s.is_ascii() {
            return Str::ascii_changed(s, str::make_ascii_lowercase);
        }
        Str::new(s.chars().map(simple_lower).collect::<String>())
    })
}

pub(super) fn upper() -> Function {
    str1("Converts all letters in the string to uppercase.", |s| {
        // ASCII's own mapping is Unicode's simple one on ASCII text.
        if s.is_ascii() {
            return Str::ascii_changed(s, str::make_ascii_uppercase);
        }
        Str::new(s.chars().map(simple_upper).collect::<String>())
    })
}

/// Unicode's simple (one character to one character) lowercase mapping,
/// what Go's `strings.ToLower` applies: no final-sigma rule, `İ` is `i`.
fn simple_lower(c: char) -> char {
    // Only U+0130 has a longer full mapping ("i" + combining dot), and its
    // simple mapping is the first character of it.
    c.to_lowercase().next().unwrap_or(c)
}

/// Unicode's simple uppercase mapping, what Go's `strings.ToUpper`
/// applies: `ß` stays `ß` (not `SS`), ligatures stay whole.
fn simple_upper(c: char) -> char {
    let mut full = c.to_uppercase();
    match (full.next(), full.next()) {
        (Some(u), None) => u,
        // Characters whose full mapping is longer: their simple mapping is
        // themselves, except Greek letters with iota subscript, which map
        // to the capital with prosgegrammeni.
        _ => match c as u32 {
            0x1F80..=0x1F87 | 0x1F90..=0x1F97 | 0x1FA0..=0x1FA7 => {
                char::from_u32(c as u32 + 8).unwrap_or(c)
            }
            0x1FB3 => '\u{1FBC}',
            0x1FC3 => '\u{1FCC}',
            0x1FF3 => '\u{1FFC}',
            _ => c,
        },
    }
}

/// Unicode's simple titlecase mapping, what Go's `strings.Title` applies
/// to the first letter of a word: the uppercase one, except for the
/// digraphs that have a distinct titlecase form (`ǆ` is `ǅ`).
fn simple_title(c: char) -> char {
    match c as u32 {
        0x01C4..=0x01C6 => '\u{01C5}',
        0x01C7..=0x01C9 => '\u{01C8}',
        0x01CA..=0x01CC => '\u{01CB}',
        0x01F1..=0x01F3 => '\u{01F2}',
        _ => simple_upper(c),
    }
}

pub(super) fn trimspace() -> Function {
    str1(
        "Removes all kinds of whitespace from the start and end of a string.",
        |s| Str::from(s.trim()),
    )
}

pub(super) fn trim() -> Function {
    str2(
        "Removes the given set of characters from the start and end of a string.",
        (
            "cutset",
            "The characters to remove; each is taken separately, order does not matter.",
        ),
        Type::String,
        |s, cut| Value::from(s.trim_matches(|c| cut.contains(c))),
    )
}

pub(super) fn trimprefix() -> Function {
    str2(
        "Removes the given prefix from the start of a string, if present.",
        ("prefix", "The prefix to remove."),
        Type::String,
        |s, p| Value::from(s.strip_prefix(p).unwrap_or(s)),
    )
}

pub(super) fn trimsuffix() -> Function {
    str2(
        "Removes the given suffix from the end of a string, if present.",
        ("suffix", "The suffix to remove."),
        Type::String,
        |s, p| Value::from(s.strip_suffix(p).unwrap_or(s)),
    )
}

pub(super) fn title() -> Function {
    str1(
        "Converts the first letter of each word in the string to uppercase.",
        |s| {
            // Go's strings.Title: a letter is capitalized when the
            // character before it separates words.
            let mut out = String::with_capacity(s.len());
            let mut prev = ' ';
            for c in s.chars() {
                if is_word_separator(prev) {
                    out.push(simple_title(c));
                } else {
                    out.push(c);
                }
                prev = c;
            }
            Str::new(out)
        },
    )
}

fn is_word_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    if c.is_alphanumeric() {
        return false;
    }
    c.is_whitespace()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `upper` and `lower` map ASCII text with ASCII's own case mapping:
    /// what the character-by-character simple mapping gives, on every
    /// ASCII character.
    #[test]
    fn ascii_case_mapping_is_the_simple_unicode_mapping() {
        let all: String = (0u8..128).map(char::from).collect();
        let general_upper: String = all.chars().map(simple_upper).collect();
        let general_lower: String = all.chars().map(simple_lower).collect();
        assert_eq!(all.to_ascii_uppercase(), general_upper);
        assert_eq!(all.to_ascii_lowercase(), general_lower);
        let call = |f: Function, s: &str| f.call(&[Value::from(s)]).unwrap();
        assert_eq!(call(upper(), &all), Value::from(general_upper));
        assert_eq!(call(lower(), &all), Value::from(general_lower));
        assert_eq!(
            call(upper(), "straße ǆ"),
            Value::from("STRASSE Ǆ".replace("SS", "ß"))
        );
    }
}
