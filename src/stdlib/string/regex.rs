//! The regular expression functions (`regex`, `regexall`, and `replace`
//! with a `/pattern/`), compiled with the `regex` feature only: RE2's syntax
//! through the `regex` crate, with the pattern's length and compiled size
//! bounded.

use regex::{Regex, RegexBuilder};

use super::check_replace_size;
use crate::eval::{Function, FunctionError};
use crate::stdlib::{make_list, reserve, str_arg, Def};
use crate::value::limits::{MAX_REGEX_PATTERN, MAX_REGEX_SIZE, VALUE_BYTES};
use crate::value::{Type, Value};

/// `replace` with a regular expression.
pub(super) fn replace_regex(s: &str, pattern: &str, with: &str) -> Result<Value, FunctionError> {
    let re = compile(pattern, 1)?;
    check_replace_size(s, re.find_iter(s).count(), with)?;
    Ok(Value::from(re.replace_all(s, with).into_owned()))
}

/// Compiles `pattern`, an error about argument `arg` when it is invalid.
///
/// A pattern longer than [`MAX_REGEX_PATTERN`] bytes is refused before
/// compiling (compiling costs far more than reading), and the compiled
/// program is bounded by [`MAX_REGEX_SIZE`] (a short `a{1000}{1000}` is
/// big), both with the regex crate's own checks.
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
enum Captures {
    Whole,
    Unnamed(usize),
    Named(Vec<String>),
}

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

fn capture_type(kind: &Captures) -> Type {
    match kind {
        Captures::Whole => Type::String,
        Captures::Unnamed(n) => Type::tuple(vec![Type::String; *n]),
        Captures::Named(names) => Type::object(names.iter().map(|n| (n.clone(), Type::String))),
    }
}

fn pattern_type(args: &[Value]) -> Result<Option<Type>, FunctionError> {
    match args.first().and_then(Value::as_str) {
        Some(p) => Ok(Some(capture_type(&capture_kind(&compile(p, 0)?)?))),
        None => Ok(None),
    }
}

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

pub(super) fn regex_fn() -> Function {
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

pub(super) fn regexall() -> Function {
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
