//! String functions: `chomp`, `endswith`, `format`, `formatlist`, `indent`,
//! `join`, `lower`, `regex`, `regexall`, `replace`, `split`, `startswith`,
//! `strcontains`, `strrev`, `substr`, `title`, `trim`, `trimprefix`,
//! `trimspace`, `trimsuffix`, `upper`, and go-cty's `strlen` (outside
//! Terraform's set); this file lists them and holds the helpers the
//! families share.
//!
//! Lengths and offsets count grapheme clusters (what a reader sees as one
//! character), as Terraform does. Regular expressions use the `regex`
//! crate, whose syntax is RE2's, the syntax Terraform documents.

mod case_and_trim;
mod format;
mod join_split;
mod number_text;
#[cfg(feature = "regex")]
mod regex;
mod substrings;

pub(super) use substrings::strlen;

use crate::eval::{Function, FunctionError};
use crate::stdlib::{reserve, str_arg, Def};
use crate::value::{Str, Type, Value};

/// The string functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("chomp", case_and_trim::chomp()),
        ("endswith", substrings::endswith()),
        ("format", format::format()),
        ("formatlist", format::formatlist()),
        ("indent", join_split::indent()),
        ("join", join_split::join()),
        ("lower", case_and_trim::lower()),
        #[cfg(feature = "regex")]
        ("regex", regex::regex_fn()),
        #[cfg(feature = "regex")]
        ("regexall", regex::regexall()),
        ("replace", join_split::replace()),
        ("split", join_split::split()),
        ("startswith", substrings::startswith()),
        ("strcontains", substrings::strcontains()),
        ("strrev", substrings::strrev()),
        ("substr", substrings::substr()),
        ("title", case_and_trim::title()),
        ("trim", case_and_trim::trim()),
        ("trimprefix", case_and_trim::trimprefix()),
        ("trimspace", case_and_trim::trimspace()),
        ("trimsuffix", case_and_trim::trimsuffix()),
        ("upper", case_and_trim::upper()),
    ]
}

/// A function of one string giving a string.
fn str1(description: &'static str, f: fn(&str) -> Str) -> Function {
    Def::new(description)
        .param("str", Type::String, "The input string.")
        .returns(Type::String)
        .build(move |args| Ok(Value::String(f(str_arg(args, 0)?))))
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

fn check_replace_size(s: &str, count: usize, with: &str) -> Result<(), FunctionError> {
    let size = s.len() as u128 + count as u128 * with.len() as u128;
    reserve(size)
}
