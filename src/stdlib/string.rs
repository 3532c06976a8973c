//! String functions: `chomp`, `endswith`, `format`, `formatlist`, `indent`,
//! `join`, `lower`, `regex`, `regexall`, `replace`, `split`, `startswith`,
//! `strcontains`, `strlen`, `strrev`, `substr`, `title`, `trim`,
//! `trimprefix`, `trimspace`, `trimsuffix`, `upper`.
//!
//! Lengths and offsets count grapheme clusters (what a reader sees as one
//! character), as Terraform does. Regular expressions use the `regex`
//! crate, whose syntax is RE2's, the syntax Terraform documents.

use num_bigint::BigInt;
#[cfg(feature = "regex")]
use regex::{Regex, RegexBuilder};
use unicode_segmentation::UnicodeSegmentation;

use super::{call_error, int_arg, make_list, reserve, str_arg, Def, Text, MAX_FORMAT_WIDTH};
use crate::eval::{Function, FunctionError, Param};
use crate::value::limits::VALUE_BYTES;
#[cfg(feature = "regex")]
use crate::value::limits::{MAX_REGEX_PATTERN, MAX_REGEX_SIZE};
use crate::value::{Number, Type, Value};

/// The string functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("chomp", chomp()),
        ("endswith", endswith()),
        ("format", format()),
        ("formatlist", formatlist()),
        ("indent", indent()),
        ("join", join()),
        ("lower", lower()),
        #[cfg(feature = "regex")]
        ("regex", regex_fn()),
        #[cfg(feature = "regex")]
        ("regexall", regexall()),
        ("replace", replace()),
        ("split", split()),
        ("startswith", startswith()),
        ("strcontains", strcontains()),
        ("strlen", strlen()),
        ("strrev", strrev()),
        ("substr", substr()),
        ("title", title()),
        ("trim", trim()),
        ("trimprefix", trimprefix()),
        ("trimspace", trimspace()),
        ("trimsuffix", trimsuffix()),
        ("upper", upper()),
    ]
}

fn str1(description: &'static str, f: fn(&str) -> String) -> Function {
    Def::new(description)
        .param("str", Type::String, "The input string.")
        .returns(Type::String)
        .build(move |args| Ok(Value::from(f(str_arg(args, 0)?))))
}

fn str2(
    description: &'static str,
    second: (&str, &str),
    ret: Type,
    f: fn(&str, &str) -> Value,
) -> Function {
    Def::new(description)
        .param("str", Type::String, "The input string.")
        .param(second.0, Type::String, second.1)
        .returns(ret)
        .build(move |args| Ok(f(str_arg(args, 0)?, str_arg(args, 1)?)))
}

fn chomp() -> Function {
    str1("Removes newline characters at the end of a string.", |s| {
        s.trim_end_matches(['\n', '\r']).to_owned()
    })
}

fn endswith() -> Function {
    str2(
        "Returns true if the string ends with the given suffix.",
        ("suffix", "The suffix to look for."),
        Type::Bool,
        |s, x| Value::Bool(s.ends_with(x)),
    )
}

fn startswith() -> Function {
    str2(
        "Returns true if the string begins with the given prefix.",
        ("prefix", "The prefix to look for."),
        Type::Bool,
        |s, x| Value::Bool(s.starts_with(x)),
    )
}

fn strcontains() -> Function {
    str2(
        "Returns true if the string contains the given substring.",
        ("substr", "The substring to look for."),
        Type::Bool,
        |s, x| Value::Bool(s.contains(x)),
    )
}

fn lower() -> Function {
    str1("Converts all letters in the string to lowercase.", |s| {
        // ASCII's own mapping is Unicode's simple one on ASCII text.
        if s.is_ascii() {
            return s.to_ascii_lowercase();
        }
        s.chars().map(simple_lower).collect()
    })
}

fn upper() -> Function {
    str1("Converts all letters in the string to uppercase.", |s| {
        // ASCII's own mapping is Unicode's simple one on ASCII text.
        if s.is_ascii() {
            return s.to_ascii_uppercase();
        }
        s.chars().map(simple_upper).collect()
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

fn trimspace() -> Function {
    str1(
        "Removes all kinds of whitespace from the start and end of a string.",
        |s| s.trim().to_owned(),
    )
}

fn trim() -> Function {
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

fn trimprefix() -> Function {
    str2(
        "Removes the given prefix from the start of a string, if present.",
        ("prefix", "The prefix to remove."),
        Type::String,
        |s, p| Value::from(s.strip_prefix(p).unwrap_or(s)),
    )
}

fn trimsuffix() -> Function {
    str2(
        "Removes the given suffix from the end of a string, if present.",
        ("suffix", "The suffix to remove."),
        Type::String,
        |s, p| Value::from(s.strip_suffix(p).unwrap_or(s)),
    )
}

fn title() -> Function {
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
            out
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

fn strlen() -> Function {
    Def::new("Returns the number of characters (grapheme clusters) in a string.")
        .param("str", Type::String, "The input string.")
        .returns(Type::Number)
        .build(|args| Ok(Value::from(str_arg(args, 0)?.graphemes(true).count())))
}

fn strrev() -> Function {
    str1(
        "Reverses the characters (grapheme clusters) of a string.",
        |s| s.graphemes(true).rev().collect(),
    )
}

fn substr() -> Function {
    Def::new("Extracts a substring from a string, by character offset and length.")
        .param("str", Type::String, "The input string.")
        .param(
            "offset",
            Type::Number,
            "The offset of the first character; a negative offset counts from the end.",
        )
        .param(
            "length",
            Type::Number,
            "The most characters to take; -1 takes the rest of the string.",
        )
        .returns(Type::String)
        .build(|args| {
            let s = str_arg(args, 0)?;
            // go-cty fails the call when these are not whole numbers.
            let mut offset = int_arg(args, 1)
                .map_err(|e| FunctionError::new(format!("invalid offset: {}", e.message)))?;
            let length = int_arg(args, 2)
                .map_err(|e| FunctionError::new(format!("invalid length: {}", e.message)))?;
            let clusters: Vec<&str> = s.graphemes(true).collect();
            let total = clusters.len() as i64;
            if offset < 0 {
                offset = (total + offset).max(0);
            }
            if offset >= total || length == 0 {
                return Ok(Value::from(""));
            }
            let rest = &clusters[offset as usize..];
            let take = if length < 0 {
                rest.len()
            } else {
                rest.len().min(length as usize)
            };
            Ok(Value::from(rest[..take].concat()))
        })
}

fn indent() -> Function {
    Def::new("Adds a number of spaces after each newline character in a string.")
        .param(
            "spaces",
            Type::Number,
            "How many spaces to add after each newline.",
        )
        .param("str", Type::String, "The string to indent.")
        .returns(Type::String)
        .build(|args| {
            // go-cty fails the call (not an argument) for a fractional or
            // negative number of spaces.
            let spaces = int_arg(args, 0).map_err(call_error)?;
            let s = str_arg(args, 1)?;
            if spaces < 0 {
                return Err(FunctionError::new(
                    "the number of spaces must not be negative.",
                ));
            }
            let lines = s.matches('\n').count() as u128;
            // The padding itself is built once, so it is counted too.
            reserve(s.len() as u128 + lines * spaces as u128 + spaces as u128)?;
            let pad = format!("\n{}", " ".repeat(spaces as usize));
            Ok(Value::from(s.replace('\n', &pad)))
        })
}

fn join() -> Function {
    Def::new(
        "Concatenates the elements of one or more lists of strings, with a separator between them.",
    )
    .param(
        "separator",
        Type::String,
        "The string to put between the elements.",
    )
    .variadic(
        Param::new("lists", Type::list(Type::String))
            .describe("One or more lists of strings to join."),
    )
    .returns(Type::String)
    .build(|args| {
        let sep = str_arg(args, 0)?;
        let lists = &args[1..];
        if lists.is_empty() {
            return Err(FunctionError::new("at least one list is required."));
        }
        let mut parts = Vec::new();
        for (li, list) in lists.iter().enumerate() {
            for (ei, v) in list.iter().enumerate() {
                match v.as_str() {
                    Some(s) => parts.push(s),
                    None if lists.len() > 1 => {
                        return Err(FunctionError::arg(
                            li + 1,
                            format!(
                                "element {ei} of list {} is null; cannot concatenate null values.",
                                li + 1
                            ),
                        ))
                    }
                    None => {
                        return Err(FunctionError::arg(
                            1,
                            format!("element {ei} is null; cannot concatenate null values."),
                        ))
                    }
                }
            }
        }
        let size = parts.iter().map(|p| p.len() as u128).sum::<u128>()
            + sep.len() as u128 * parts.len().saturating_sub(1) as u128;
        reserve(size)?;
        Ok(Value::from(parts.join(sep)))
    })
}

fn split() -> Function {
    Def::new("Divides a string into a list of strings at every occurrence of a separator.")
        .param(
            "separator",
            Type::String,
            "The substring that delimits the parts.",
        )
        .param("str", Type::String, "The string to split.")
        .returns(Type::list(Type::String))
        .build(|args| {
            let sep = str_arg(args, 0)?;
            let s = str_arg(args, 1)?;
            // An empty separator splits between characters, as Go's
            // strings.Split does (and an empty string gives no parts).
            // Every part is a value: a short separator can turn a string
            // into many times its size.
            let count = if sep.is_empty() {
                s.chars().count()
            } else {
                s.matches(sep).count() + 1
            };
            reserve(s.len() as u128 + count as u128 * u128::from(VALUE_BYTES))?;
            let parts: Vec<Value> = if sep.is_empty() {
                s.chars().map(|c| Value::from(c.to_string())).collect()
            } else {
                s.split(sep).map(Value::from).collect()
            };
            make_list(Type::String, parts)
        })
}

fn replace() -> Function {
    Def::new("Replaces every occurrence of a substring, or of a regular expression written between slashes, in a string.")
        .param("str", Type::String, "The string to search.")
        .param("substr", Type::String, "The substring to replace, or a regular expression written as /pattern/.")
        .param("replace", Type::String, "The replacement; for a regular expression it may refer to captures as $1 or ${name}.")
        .returns(Type::String)
        .build(|args| {
            let s = str_arg(args, 0)?;
            let search = str_arg(args, 1)?;
            let with = str_arg(args, 2)?;
            if search.len() > 1 && search.starts_with('/') && search.ends_with('/') {
                return replace_regex(s, &search[1..search.len() - 1], with);
            }
            let count = if search.is_empty() {
                s.chars().count() + 1
            } else {
                s.matches(search).count()
            };
            check_replace_size(s, count, with)?;
            Ok(Value::from(s.replace(search, with)))
        })
}

fn check_replace_size(s: &str, count: usize, with: &str) -> Result<(), FunctionError> {
    let size = s.len() as u128 + count as u128 * with.len() as u128;
    reserve(size)
}

/// `replace` with a regular expression.
#[cfg(feature = "regex")]
fn replace_regex(s: &str, pattern: &str, with: &str) -> Result<Value, FunctionError> {
    let re = compile(pattern, 1)?;
    check_replace_size(s, re.find_iter(s).count(), with)?;
    Ok(Value::from(re.replace_all(s, with).into_owned()))
}

/// Without the `regex` feature, a `/pattern/` is an error rather than a
/// silently literal search.
#[cfg(not(feature = "regex"))]
fn replace_regex(_: &str, _: &str, _: &str) -> Result<Value, FunctionError> {
    Err(FunctionError::arg(
        1,
        "regular expressions need the crate's \"regex\" feature, which this build leaves out.",
    ))
}

/// Compiles `pattern`, an error about argument `arg` when it is invalid.
///
/// A pattern longer than [`MAX_REGEX_PATTERN`] bytes is refused before
/// compiling (compiling costs far more than reading), and the compiled
/// program is bounded by [`MAX_REGEX_SIZE`] (a short `a{1000}{1000}` is
/// big), both with the regex crate's own checks.
#[cfg(feature = "regex")]
fn compile(pattern: &str, arg: usize) -> Result<Regex, FunctionError> {
    if pattern.len() > MAX_REGEX_PATTERN {
        return Err(FunctionError::arg(
            arg,
            format!(
                "the regular expression is {} bytes long, more than the limit of {MAX_REGEX_PATTERN}.",
                pattern.len()
            ),
        ));
    }
    RegexBuilder::new(pattern)
        .size_limit(MAX_REGEX_SIZE)
        .dfa_size_limit(MAX_REGEX_SIZE)
        .build()
        .map_err(|e| FunctionError::arg(arg, format!("invalid regular expression: {e}")))
}

/// What `regex` returns for a pattern: the whole match (no captures), a
/// tuple of the unnamed captures, or an object of the named ones.
#[cfg(feature = "regex")]
enum Captures {
    Whole,
    Unnamed(usize),
    Named(Vec<String>),
}

#[cfg(feature = "regex")]
fn capture_kind(re: &Regex) -> Result<Captures, FunctionError> {
    let names: Vec<Option<&str>> = re.capture_names().skip(1).collect();
    let unnamed = names.iter().filter(|n| n.is_none()).count();
    let named: Vec<String> = names.iter().flatten().map(ToString::to_string).collect();
    match (unnamed, named.len()) {
        (0, 0) => Ok(Captures::Whole),
        (_, 0) => Ok(Captures::Unnamed(unnamed)),
        (0, _) => Ok(Captures::Named(named)),
        _ => Err(FunctionError::arg(
            0,
            "invalid regular expression: cannot mix both named and unnamed capture groups.",
        )),
    }
}

#[cfg(feature = "regex")]
fn capture_type(kind: &Captures) -> Type {
    match kind {
        Captures::Whole => Type::String,
        Captures::Unnamed(n) => Type::tuple(vec![Type::String; *n]),
        Captures::Named(names) => Type::object(names.iter().map(|n| (n.clone(), Type::String))),
    }
}

#[cfg(feature = "regex")]
fn pattern_type(args: &[Value]) -> Result<Option<Type>, FunctionError> {
    match args.first().and_then(Value::as_str) {
        Some(p) => Ok(Some(capture_type(&capture_kind(&compile(p, 0)?)?))),
        None => Ok(None),
    }
}

#[cfg(feature = "regex")]
fn capture_value(kind: &Captures, caps: &regex::Captures<'_>) -> Value {
    let text = |m: Option<regex::Match<'_>>| {
        m.map_or(Value::null(Type::String), |m| Value::from(m.as_str()))
    };
    match kind {
        Captures::Whole => text(caps.get(0)),
        Captures::Unnamed(n) => Value::tuple((1..=*n).map(|i| text(caps.get(i)))),
        Captures::Named(names) => {
            Value::object(names.iter().map(|n| (n.clone(), text(caps.name(n)))))
        }
    }
}

#[cfg(feature = "regex")]
fn regex_fn() -> Function {
    Def::new("Applies a regular expression to a string and returns the first match: the matched text, a list of the captures, or an object of the named captures.")
        .param("pattern", Type::String, "The regular expression (RE2 syntax).")
        .param("string", Type::String, "The string to search.")
        .returns_with(|args| Ok(pattern_type(args)?.unwrap_or(Type::Dynamic)))
        .build(|args| {
            let re = compile(str_arg(args, 0)?, 0)?;
            let kind = capture_kind(&re)?;
            // Not an argument error in go-cty: the call fails.
            let caps = re.captures(str_arg(args, 1)?).ok_or_else(|| {
                FunctionError::new("pattern did not match any part of the given string.")
            })?;
            Ok(capture_value(&kind, &caps))
        })
}

#[cfg(feature = "regex")]
fn regexall() -> Function {
    Def::new("Applies a regular expression to a string and returns a list of all matches, each like regex's result.")
        .param("pattern", Type::String, "The regular expression (RE2 syntax).")
        .param("string", Type::String, "The string to search.")
        .returns_with(|args| Ok(Type::list(pattern_type(args)?.unwrap_or(Type::Dynamic))))
        .build(|args| {
            let re = compile(str_arg(args, 0)?, 0)?;
            let kind = capture_kind(&re)?;
            // A pattern that matches everywhere, with many groups, turns
            // a string into many times its size in values: the matches
            // are counted against the budget as they are collected.
            let mut items = Vec::new();
            let mut size = 0u128;
            for caps in re.captures_iter(str_arg(args, 1)?) {
                let item = capture_value(&kind, &caps);
                size += u128::from(crate::value::limits::weight(&item).0 + VALUE_BYTES);
                reserve(size)?;
                items.push(item);
            }
            make_list(capture_type(&kind), items)
        })
}

fn format() -> Function {
    Def::new(
        "Produces a string by formatting values according to a specification string, like printf.",
    )
    .param(
        "format",
        Type::String,
        "The specification: text with verbs such as %s, %d, %.2f, %q, %v, %t and %%.",
    )
    .variadic(
        // go-cty 1.16+: an unknown of unknown type makes an unknown
        // string, not the dynamic value.
        Param::new("args", Type::Dynamic)
            .describe("The values the verbs format.")
            .allow_null()
            .allow_dynamic(),
    )
    .returns(Type::String)
    .build(|args| Ok(Value::from(format_values(str_arg(args, 0)?, &args[1..])?)))
}

fn formatlist() -> Function {
    Def::new("Formats like format for each element of the list arguments, producing a list of strings.")
        .param("format", Type::String, "The specification, as for format.")
        .variadic(
            Param::new("args", Type::Dynamic)
                .describe("The values to format; lists are iterated, other values repeated.")
                .allow_null()
                .allow_dynamic(),
        )
        .returns(Type::list(Type::String))
        .build(|args| {
            let spec = str_arg(args, 0)?;
            let values = &args[1..];
            let mut len: Option<(usize, usize)> = None;
            for (i, v) in values.iter().enumerate() {
                if let (Value::List(_, items) | Value::Tuple(items), false) = (v, v.is_null()) {
                    match len {
                        None => len = Some((items.len(), i)),
                        Some((n, j)) if n != items.len() => {
                            return Err(FunctionError::arg(
                                i + 1,
                                format!(
                                    "argument {} has length {}, which is inconsistent with argument {} of length {n}.",
                                    i + 1,
                                    items.len(),
                                    j + 1
                                ),
                            ))
                        }
                        Some(_) => {}
                    }
                }
            }
            let rows = len.map_or(1, |(n, _)| n);
            reserve(rows as u128 * u128::from(VALUE_BYTES))?;
            let mut out = Vec::with_capacity(rows);
            // Every row is built under what the budget has left after the
            // rows before it (not yet charged: the list is, when returned).
            let mut total = rows as u64 * VALUE_BYTES;
            for row in 0..rows {
                let row_args: Vec<Value> = values
                    .iter()
                    .map(|v| match v {
                        Value::List(_, items) | Value::Tuple(items) => items[row].clone(),
                        other => other.clone(),
                    })
                    .collect();
                let mut text = Text::after(total);
                format_into(spec, &row_args, &mut text).map_err(|e| match e.arg {
                    Some(_) => e,
                    None => FunctionError::new(format!(
                        "error on format iteration {row}: {}",
                        e.message
                    )),
                })?;
                total += text.len() as u64;
                out.push(Value::from(text.into_string()));
            }
            make_list(Type::String, out)
        })
}

/// One parsed `%` verb (its flags are printf's, one bool each).
#[derive(Default)]
#[allow(clippy::struct_excessive_bools)]
struct Spec {
    plus: bool,
    minus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

/// Formats `args` by `spec` with Terraform's verbs. As in go-cty, a bad
/// format string, a missing argument or a value a verb cannot format fails
/// the call; only an unused argument is an error about that argument
/// (counting the format string as argument 0).
pub(crate) fn format_values(spec: &str, args: &[Value]) -> Result<String, FunctionError> {
    let mut out = Text::new();
    format_into(spec, args, &mut out)?;
    Ok(out.into_string())
}

/// [`format_values`] into `out`, which bounds the result by the evaluation
/// budget as it grows (a 10 000-wide verb repeated is refused when it
/// reaches the budget, not after).
/// A whole number's sign (true: below zero) and the digits of its
/// magnitude in `radix` (2, 8, 10 or 16, lower case). Numbers that fit an
/// `i128` are written by the standard formatter, others through a big
/// integer: the same digits.
fn integer_digits(n: &Number, radix: u32) -> Result<(bool, String), String> {
    if let Some(i) = n.to_i128() {
        let m = i.unsigned_abs();
        let digits = match radix {
            2 => format!("{m:b}"),
            8 => format!("{m:o}"),
            16 => format!("{m:x}"),
            _ => m.to_string(),
        };
        return Ok((i < 0, digits));
    }
    let big = BigInt::parse_bytes(n.to_string().as_bytes(), 10)
        .ok_or_else(|| "the number cannot be formatted".to_string())?;
    Ok((
        big.sign() == num_bigint::Sign::Minus,
        big.magnitude().to_str_radix(radix),
    ))
}

fn format_into(spec: &str, args: &[Value], out: &mut Text) -> Result<(), FunctionError> {
    let mut chars = spec.char_indices().peekable();
    let mut next_arg = 0usize;
    // As in go-cty, arguments may be skipped by explicit indexes; only
    // arguments after the highest one used are "too many".
    let mut highest = 0usize;
    while let Some((start, c)) = chars.next() {
        if c != '%' {
            out.push(c)?;
            continue;
        }
        let mut v = Spec::default();
        while let Some(&(_, f)) = chars.peek() {
            match f {
                '+' => v.plus = true,
                '-' => v.minus = true,
                '#' => v.sharp = true,
                ' ' => v.space = true,
                '0' => v.zero = true,
                _ => break,
            }
            chars.next();
        }
        let mut explicit = read_index(&mut chars, start)?;
        v.width = read_number(&mut chars, start)?;
        if let Some(&(_, '.')) = chars.peek() {
            chars.next();
            v.precision = Some(read_number(&mut chars, start)?.unwrap_or(0));
        }
        if let Some(i) = read_index(&mut chars, start)? {
            explicit = Some(i);
        }
        let Some((_, verb)) = chars.next() else {
            return Err(FunctionError::new(format!(
                "invalid format string: missing verb after the % at offset {start}."
            )));
        };
        if verb == '%' {
            out.push('%')?;
            continue;
        }
        if !"vtbdoxXeEfgGsq".contains(verb) {
            return Err(FunctionError::new(format!(
                "unrecognized format character {verb:?} at offset {start}."
            )));
        }
        let index = match explicit {
            Some(i) => i - 1,
            None => next_arg,
        };
        next_arg = index + 1;
        let Some(arg) = args.get(index) else {
            return Err(FunctionError::new(format!(
                    "not enough arguments for \"%{verb}\" at offset {start}: need index {} but have {} total.",
                    index + 1,
                    args.len()
                ),
            ));
        };
        highest = highest.max(index + 1);
        let text = format_one(verb, &v, arg).map_err(|msg| {
            FunctionError::new(format!(
                "unsupported value for \"%{verb}\" at offset {start}: {msg}."
            ))
        })?;
        if verb == 't' {
            // go-cty writes a bool as it is: no width, no flags.
            out.push_str(&text)?;
        } else {
            pad(&text, &v, verb, out)?;
        }
    }
    if highest < args.len() {
        let message = if highest == 0 {
            "too many arguments; no verbs in format string.".to_string()
        } else {
            format!("too many arguments; only {highest} used by format string.")
        };
        return Err(FunctionError::arg(highest + 1, message));
    }
    Ok(())
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn read_number(chars: &mut Chars<'_>, start: usize) -> Result<Option<usize>, FunctionError> {
    let mut n: Option<usize> = None;
    while let Some(&(_, d)) = chars.peek() {
        let Some(digit) = d.to_digit(10) else { break };
        chars.next();
        let value = n.unwrap_or(0) * 10 + digit as usize;
        if value > MAX_FORMAT_WIDTH {
            return Err(FunctionError::new(format!(
                    "the width or precision at offset {start} is larger than the limit of {MAX_FORMAT_WIDTH}."
                ),
            ));
        }
        n = Some(value);
    }
    Ok(n)
}

fn read_index(chars: &mut Chars<'_>, start: usize) -> Result<Option<usize>, FunctionError> {
    if let Some(&(_, '[')) = chars.peek() {
        chars.next();
        let n = read_number(chars, start)?;
        match (n, chars.next()) {
            (Some(n), Some((_, ']'))) if n >= 1 => Ok(Some(n)),
            _ => Err(FunctionError::new(format!(
                "invalid argument index at offset {start}: write %[n] with n from 1."
            ))),
        }
    } else {
        Ok(None)
    }
}

/// Formats one value; the error is what is wrong with it.
fn format_one(verb: char, v: &Spec, arg: &Value) -> Result<String, String> {
    if arg.is_null() {
        return match verb {
            'v' => Ok("null".into()),
            _ => Err("null value cannot be formatted".into()),
        };
    }
    match verb {
        'v' if v.sharp => Ok(super::encoding::json_text(arg).map_err(|e| e.message)?),
        'v' => match arg {
            Value::String(s) => Ok(s.to_string()),
            Value::Number(n) => Ok(signed(shortest_general(n), v)),
            Value::Bool(b) => Ok(b.to_string()),
            _ => Ok(super::encoding::json_text(arg).map_err(|e| e.message)?),
        },
        't' => match arg {
            Value::Bool(b) => Ok(b.to_string()),
            Value::String(s) if *s == "true" || *s == "false" => Ok(s.to_string()),
            _ => Err("a bool is required".into()),
        },
        's' | 'q' => {
            let s = match arg {
                Value::String(s) => s.to_string(),
                Value::Number(n) => n.to_string(),
                Value::Bool(b) => b.to_string(),
                _ => return Err(format!("a string is required, not {}", arg.ty())),
            };
            // Precision (and width, in `pad`) counts grapheme clusters, as
            // in go-cty.
            let s = match v.precision {
                Some(p) if p > 0 => s.graphemes(true).take(p).collect(),
                _ => s,
            };
            // go-cty quotes with its JSON encoder, not Go's `%q`.
            if verb == 'q' {
                super::encoding::json_text(&Value::from(s)).map_err(|e| e.message)
            } else {
                Ok(s)
            }
        }
        _ => {
            let n = to_number(arg)?;
            match verb {
                'd' | 'b' | 'o' | 'x' | 'X' => {
                    if !n.is_integer() {
                        return Err(format!("{} is not a whole number", n.brief()));
                    }
                    let radix = match verb {
                        'b' => 2,
                        'o' => 8,
                        'x' | 'X' => 16,
                        _ => 10,
                    };
                    let (negative, mut digits) = integer_digits(&n, radix)?;
                    if verb == 'X' {
                        digits = digits.to_uppercase();
                    }
                    if let Some(p) = v.precision {
                        // All the zeros at once: one insertion per zero
                        // would move the digits `p` times.
                        if digits.len() < p {
                            digits.insert_str(0, &"0".repeat(p - digits.len()));
                        }
                    }
                    if v.sharp {
                        let prefix = match verb {
                            'b' => "0b",
                            'o' => "0",
                            'x' => "0x",
                            'X' => "0X",
                            _ => "",
                        };
                        digits.insert_str(0, prefix);
                    }
                    if negative {
                        digits.insert(0, '-');
                    }
                    Ok(signed(digits, v))
                }
                'f' => Ok(signed(fixed(&n, v.precision.unwrap_or(6)), v)),
                _ => {
                    let f = n
                        .to_f64()
                        .ok_or_else(|| format!("{} is too large for %{verb}", n.brief()))?;
                    let s = match verb {
                        'e' | 'E' => exponent_form(f, v.precision.unwrap_or(6), verb == 'E'),
                        _ => general_form(f, v.precision, verb == 'G'),
                    };
                    Ok(signed(s, v))
                }
            }
        }
    }
}

fn to_number(arg: &Value) -> Result<Number, String> {
    match arg {
        Value::Number(n) => Ok(n.clone()),
        Value::String(s) => Number::parse_plain(s).map_err(|_| "a number is required".into()),
        _ => Err(format!("a number is required, not {}", arg.ty())),
    }
}

/// Applies the `+` and space flags to a formatted number.
fn signed(s: String, v: &Spec) -> String {
    if s.starts_with(['-', '+']) {
        s
    } else if v.plus {
        format!("+{s}")
    } else if v.space {
        format!(" {s}")
    } else {
        s
    }
}

/// Pads to the width: spaces on the left, on the right with `-`, zeros
/// after the sign with `0` (numbers only).
/// Writes `s` into `out`, padded.
fn pad(s: &str, v: &Spec, verb: char, out: &mut Text) -> Result<(), FunctionError> {
    let fill = match v.width {
        Some(width) => width.saturating_sub(s.graphemes(true).count()),
        None => 0,
    };
    out.reserve(s.len() + fill)?;
    if fill == 0 {
        out.push_str(s)
    } else if v.minus {
        out.push_str(s)?;
        out.push_repeated(' ', fill)
    } else if v.zero && "dboxXeEfgG".contains(verb) {
        let sign_len = usize::from(s.starts_with(['-', '+', ' ']));
        let (sign, digits) = s.split_at(sign_len);
        out.push_str(sign)?;
        out.push_repeated('0', fill)?;
        out.push_str(digits)
    } else {
        out.push_repeated(' ', fill)?;
        out.push_str(s)
    }
}

/// The exact decimal `n` with `prec` fraction digits, rounded half to even
/// (Go's rounding of exact values).
pub(crate) fn fixed(n: &Number, prec: usize) -> String {
    if n.is_infinite() {
        return n.to_string();
    }
    let text = n.to_string();
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let mut digits: Vec<u8> = int.bytes().map(|b| b - b'0').collect();
    let int_len = digits.len();
    let frac_digits: Vec<u8> = frac.bytes().map(|b| b - b'0').collect();
    digits.extend(frac_digits.iter().take(prec));
    while digits.len() < int_len + prec {
        digits.push(0);
    }
    if frac_digits.len() > prec {
        let first = frac_digits[prec];
        let rest_nonzero = frac_digits[prec + 1..].iter().any(|d| *d != 0);
        let last_odd = digits.last().is_some_and(|d| d % 2 == 1);
        let up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
        if up {
            let mut i = digits.len();
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
    }
    let split = digits.len() - prec;
    let mut out = String::with_capacity(digits.len() + 2);
    let is_zero = digits.iter().all(|d| *d == 0);
    if negative && !is_zero {
        out.push('-');
    }
    out.extend(digits[..split].iter().map(|d| char::from(b'0' + d)));
    if prec > 0 {
        out.push('.');
        out.extend(digits[split..].iter().map(|d| char::from(b'0' + d)));
    }
    out
}

/// Go's `%e`: `d.dddddde±dd`.
fn exponent_form(f: f64, prec: usize, upper: bool) -> String {
    if !f.is_finite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let s = format!("{f:.prec$e}");
    go_exponent(&s, upper)
}

/// Rewrites Rust's `1.5e3` exponent as Go's `1.5e+03`.
fn go_exponent(s: &str, upper: bool) -> String {
    let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    let e = if upper { 'E' } else { 'e' };
    format!("{mant}{e}{sign}{digits:0>2}")
}

/// Go's `%g`: the shortest representation (or `prec` significant
/// digits), in exponent form for large and small exponents.
fn general_form(f: f64, prec: Option<usize>, upper: bool) -> String {
    if !f.is_finite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let sci = match prec {
        Some(p) => format!("{f:.*e}", p.max(1) - 1),
        None => format!("{f:e}"),
    };
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let (negative, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant),
    };
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let eprec = match prec {
        // Go uses 6 as the threshold when printing the shortest digits.
        None => 6,
        Some(p) => {
            let p = p.max(1) as i64;
            if p > digits.len() as i64 && digits.len() as i64 > exp {
                digits.len() as i64
            } else {
                p
            }
        }
    };
    let sign = if negative { "-" } else { "" };
    if exp < -4 || exp >= eprec {
        let m = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits.to_string()
        };
        return format!("{sign}{}", go_exponent(&format!("{m}e{exp}"), upper));
    }
    let body = if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let point = exp as usize + 1;
        if digits.len() > point {
            format!("{}.{}", &digits[..point], &digits[point..])
        } else {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        }
    };
    format!("{sign}{body}")
}

/// Go's `%g` of an exact number with the shortest digits (what go-cty's
/// `%v` prints: `big.Float.Text('g', -1)`): exponent form when the decimal
/// exponent is below -4 or at least 6 (`1e+06`, `1.23456789e+08`), plain
/// digits otherwise (`123456`, `0.0001`).
pub(crate) fn shortest_general(n: &Number) -> String {
    if n.is_infinite() {
        return if n.is_negative() { "-Inf" } else { "+Inf" }.into();
    }
    let (negative, digits, exp) = crate::value::decimal_parts(&n.to_string());
    let sign = if negative { "-" } else { "" };
    if !(-4..6).contains(&exp) {
        let mantissa = match digits.len() {
            1 => digits.clone(),
            _ => format!("{}.{}", &digits[..1], &digits[1..]),
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{mantissa}e{esign}{:02}", exp.unsigned_abs());
    }
    let body = if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let point = exp as usize + 1;
        if digits.len() > point {
            format!("{}.{}", &digits[..point], &digits[point..])
        } else {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        }
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod integer_digit_tests {
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

    /// `integer_digits` writes numbers that fit an `i128` with the standard
    /// formatter: the same digits as the big-integer path.
    #[test]
    fn small_integers_have_the_digits_of_the_big_integer_path() {
        let texts = [
            "0",
            "-0",
            "1",
            "-1",
            "40",
            "125.6e1",
            "-255",
            "9223372036854775807",
            "-9223372036854775808",
            "170141183460469231731687303715884105727",
            "-170141183460469231731687303715884105727",
        ];
        for text in texts {
            let n: Number = text.parse().unwrap();
            let big = BigInt::parse_bytes(n.to_string().as_bytes(), 10).unwrap();
            for radix in [2, 8, 10, 16] {
                let expected = (
                    big.sign() == num_bigint::Sign::Minus,
                    big.magnitude().to_str_radix(radix),
                );
                assert_eq!(
                    integer_digits(&n, radix),
                    Ok(expected),
                    "{text} in base {radix}"
                );
            }
        }
        // Past an i128: the big path.
        let huge: Number = "-1e60".parse().unwrap();
        let (negative, digits) = integer_digits(&huge, 10).unwrap();
        assert!(negative);
        assert_eq!(digits, format!("1{}", "0".repeat(60)));
    }
}
