//! The string functions whose result can be many times the size of their
//! arguments: `indent`, `join`, `replace` and `split`, each of which checks
//! the size against the budget before building it.

use super::check_replace_size;
#[cfg(feature = "regex")]
use super::regex::replace_regex;
use crate::eval::{Function, FunctionError, Param};
use crate::stdlib::{call_error, int_arg, make_list, reserve, str_arg, Def};
use crate::value::limits::VALUE_BYTES;
use crate::value::{Type, Value};

pub(super) fn indent() -> Function {
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

pub(super) fn join() -> Function {
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
        // Checked and measured first, then written at once: no list of
        // the parts, and a result of its exact size.
        let mut count: u128 = 0;
        let mut size: u128 = 0;
        for (li, list) in lists.iter().enumerate() {
            for (ei, v) in list.iter().enumerate() {
                match v.as_str() {
                    Some(s) => {
                        count += 1;
                        size += s.len() as u128;
                    }
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
        size += sep.len() as u128 * count.saturating_sub(1);
        reserve(size)?;
        let mut joined = String::with_capacity(size as usize);
        let parts = lists.iter().flat_map(Value::iter);
        for (i, part) in parts.filter_map(Value::as_str).enumerate() {
            if i > 0 {
                joined.push_str(sep);
            }
            joined.push_str(part);
        }
        Ok(Value::from(joined))
    })
}

pub(super) fn split() -> Function {
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

pub(super) fn replace() -> Function {
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

/// Without the `regex` feature, a `/pattern/` is an error rather than a
/// silently literal search.
#[cfg(not(feature = "regex"))]
fn replace_regex(_: &str, _: &str, _: &str) -> Result<Value, FunctionError> {
    Err(FunctionError::arg(
        1,
        "regular expressions need the crate's \"regex\" feature, which this build leaves out.",
    ))
}
