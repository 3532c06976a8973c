//! The string functions that look for a substring (`endswith`,
//! `startswith`, `strcontains`) or count, reverse and cut characters
//! (`strlen`, `strrev`, `substr`), characters being grapheme clusters.

use unicode_segmentation::UnicodeSegmentation;

use super::{str1, str2};
use crate::eval::{Function, FunctionError};
use crate::stdlib::{int_arg, str_arg, Def};
use crate::value::{Str, Type, Value};

pub(super) fn endswith() -> Function {
    str2(
        "Returns true if the string ends with the given suffix.",
        ("suffix", "The suffix to look for."),
        Type::Bool,
        |s, x| Value::Bool(s.ends_with(x)),
    )
}

pub(super) fn startswith() -> Function {
    str2(
        "Returns true if the string begins with the given prefix.",
        ("prefix", "The prefix to look for."),
        Type::Bool,
        |s, x| Value::Bool(s.starts_with(x)),
    )
}

pub(super) fn strcontains() -> Function {
    str2(
        "Returns true if the string contains the given substring.",
        ("substr", "The substring to look for."),
        Type::Bool,
        |s, x| Value::Bool(s.contains(x)),
    )
}

pub(crate) fn strlen() -> Function {
    Def::new("Returns the number of characters (grapheme clusters) in a string.")
        .param("str", Type::String, "The input string.")
        .returns(Type::Number)
        .build(|args| Ok(Value::from(str_arg(args, 0)?.graphemes(true).count())))
}

pub(super) fn strrev() -> Function {
    str1(
        "Reverses the characters (grapheme clusters) of a string.",
        |s| Str::new(s.graphemes(true).rev().collect::<String>()),
    )
}

pub(super) fn substr() -> Function {
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
