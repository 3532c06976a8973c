//! `format` and `formatlist`: Terraform's printf verbs, parsed and applied
//! to values, into text bounded by the evaluation budget.

use unicode_segmentation::UnicodeSegmentation;

use super::number_text::{exponent_form, fixed, general_form, integer_digits, shortest_general};
use crate::eval::{Function, FunctionError, Param};
use crate::stdlib::encoding::json_text;
use crate::stdlib::{make_list, reserve, str_arg, Def, Text, MAX_FORMAT_WIDTH};
use crate::value::limits::VALUE_BYTES;
use crate::value::{try_convert, Number, Type, Value};

pub(super) fn format() -> Function {
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

pub(super) fn formatlist() -> Function {
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
                // go-cty wraps every row's error as a plain one, an
                // argument's included: "Error in function call".
                format_into(spec, &row_args, &mut text).map_err(|e| {
                    FunctionError::new(format!(
                        "error on format iteration {row}: {}",
                        e.message
                    ))
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
        let mut explicit = read_index(&mut chars, start, spec.len())?;
        v.width = read_number(&mut chars, start)?;
        if let Some(&(_, '.')) = chars.peek() {
            chars.next();
            v.precision = Some(read_number(&mut chars, start)?.unwrap_or(0));
        }
        if let Some(i) = read_index(&mut chars, start, spec.len())? {
            explicit = Some(i);
        }
        let Some((verb_at, verb)) = chars.next() else {
            return Err(unfinished(spec.len()));
        };
        if verb == '%' {
            out.push('%')?;
            continue;
        }
        // The verb as written (`%+05.1f`), as go-cty names it in errors.
        let raw = &spec[start..verb_at + verb.len_utf8()];
        if !"vtbdoxXeEfgGsq".contains(verb) {
            // go-cty reads any letter as a verb, then refuses those it
            // lacks; another character ends the sequence where it is.
            return Err(FunctionError::new(if verb.is_ascii_alphabetic() {
                format!("unsupported format verb {verb:?} in {raw:?} at offset {start}.")
            } else {
                format!("unrecognized format character {verb:?} at offset {verb_at}.")
            }));
        }
        let index = match explicit {
            Some(i) => i - 1,
            None => next_arg,
        };
        next_arg = index + 1;
        let Some(arg) = args.get(index) else {
            return Err(FunctionError::new(format!(
                "not enough arguments for {raw:?} at {start}: need index {} but have {} total.",
                index + 1,
                args.len()
            )));
        };
        highest = highest.max(index + 1);
        let text = format_one(verb, &v, arg).map_err(|msg| {
            FunctionError::new(format!("unsupported value for {raw:?} at {start}: {msg}."))
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

/// An explicit argument index (`[2]`), if one is next, in the sequence at
/// `start`; `len` is the format string's (an index cut off by its end is
/// an unfinished sequence). As go-cty's reader does, an index starts with
/// a digit from 1 and ends with `]`; any other character is refused where
/// it stands.
fn read_index(
    chars: &mut Chars<'_>,
    start: usize,
    len: usize,
) -> Result<Option<usize>, FunctionError> {
    if !matches!(chars.peek(), Some(&(_, '['))) {
        return Ok(None);
    }
    chars.next();
    if let Some(&(at, '0')) = chars.peek() {
        return Err(unrecognized('0', at));
    }
    let n = read_number(chars, start)?;
    match (n, chars.next()) {
        (Some(n), Some((_, ']'))) => Ok(Some(n)),
        (_, Some((at, c))) => Err(unrecognized(c, at)),
        (_, None) => Err(unfinished(len)),
    }
}

/// go-cty's error for a format string that ends inside a sequence.
fn unfinished(len: usize) -> FunctionError {
    FunctionError::new(format!("invalid format string starting at offset {len}."))
}

/// go-cty's error for character `c`, at `at`, where a sequence cannot
/// have it.
fn unrecognized(c: char, at: usize) -> FunctionError {
    FunctionError::new(format!(
        "unrecognized format character {c:?} at offset {at}."
    ))
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
        'v' if v.sharp => Ok(json_text(arg).map_err(|e| e.message)?),
        'v' => match arg {
            Value::String(s) => Ok(s.to_string()),
            Value::Number(n) => Ok(signed(shortest_general(n), v)),
            Value::Bool(b) => Ok(b.to_string()),
            _ => Ok(json_text(arg).map_err(|e| e.message)?),
        },
        't' => match arg {
            Value::Bool(b) => Ok(b.to_string()),
            _ => match converted(arg, &Type::Bool)? {
                Value::Bool(b) => Ok(b.to_string()),
                _ => Err("a bool is required".into()),
            },
        },
        's' | 'q' => {
            // (A string as it is: no copy through the conversion.)
            let s = match arg {
                Value::String(s) => s.to_string(),
                _ => match converted(arg, &Type::String)? {
                    Value::String(s) => s.to_string(),
                    _ => return Err("a string is required".into()),
                },
            };
            // Precision (and width, in `pad`) counts grapheme clusters, as
            // in go-cty.
            let s = match v.precision {
                Some(p) if p > 0 => s.graphemes(true).take(p).collect(),
                _ => s,
            };
            // go-cty quotes with its JSON encoder, not Go's `%q`.
            if verb == 'q' {
                json_text(&Value::from(s)).map_err(|e| e.message)
            } else {
                Ok(s)
            }
        }
        _ => {
            let n = to_number(arg)?;
            match verb {
                'd' | 'b' | 'o' | 'x' | 'X' => {
                    if !n.is_integer() {
                        return Err("an integer is required".into());
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
    if let Value::Number(n) = arg {
        return Ok(n.clone());
    }
    match converted(arg, &Type::Number)? {
        Value::Number(n) => Ok(n),
        _ => Err("a number is required".into()),
    }
}

/// `arg` converted to what a verb formats, as go-cty converts it (a
/// string to a number or a bool, unsafe conversions included), the error
/// in the conversion's words.
fn converted(arg: &Value, ty: &Type) -> Result<Value, String> {
    try_convert(arg, ty, true).map_err(|e| e.to_string())
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
