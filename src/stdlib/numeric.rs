//! Numeric functions: `abs`, `ceil`, `floor`, `log`, `max`, `min`,
//! `parseint`, `pow`, `signum`, and go-cty's `int` (outside Terraform's
//! set).
//!
//! Everything is exact on [`Number`] except `log` and `pow` with a
//! fractional exponent, which go through `f64` as Terraform's do.

use num_bigint::{BigInt, Sign};

use super::{num_arg, number_error, Def, MAX_PARSEINT_DIGITS};
use crate::eval::{Function, FunctionError, Param};
use crate::value::{Number, Type, Value};

/// The numeric functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        (
            "abs",
            num1("Returns the absolute value of a number.", Number::abs),
        ),
        (
            "ceil",
            num1(
                "Returns the smallest whole number greater than or equal to a number.",
                Number::ceil,
            ),
        ),
        (
            "floor",
            num1(
                "Returns the largest whole number less than or equal to a number.",
                Number::floor,
            ),
        ),
        ("log", log()),
        (
            "max",
            extreme("Returns the greatest of the given numbers.", true),
        ),
        (
            "min",
            extreme("Returns the smallest of the given numbers.", false),
        ),
        ("parseint", parseint()),
        ("pow", pow()),
        (
            "signum",
            num1(
                "Returns -1, 0 or 1 according to the sign of a number.",
                Number::signum,
            ),
        ),
    ]
}

/// go-cty's `int`, which Terraform leaves out: the number's integer part,
/// truncated toward zero.
pub(crate) fn int() -> Function {
    num1(
        "Discards the fractional part of a number (go-cty's int).",
        Number::trunc,
    )
}

fn num1(description: &'static str, f: fn(&Number) -> Number) -> Function {
    Def::new(description)
        .param("num", Type::Number, "The input number.")
        .returns(Type::Number)
        .build(move |args| Ok(Value::Number(f(num_arg(args, 0)?))))
}

/// An `f64` result as a number; NaN is an error (HCL has no NaN).
fn from_f64(f: f64) -> Result<Value, FunctionError> {
    if f.is_nan() {
        return Err(FunctionError::new("the result is not a number."));
    }
    Ok(Value::from(f))
}

fn to_f64(n: &Number, i: usize) -> Result<f64, FunctionError> {
    n.to_f64().ok_or_else(|| {
        FunctionError::arg(i, format!("{} is too large for this function.", n.brief()))
    })
}

fn log() -> Function {
    Def::new("Returns the logarithm of a number in a given base.")
        .param("num", Type::Number, "The number.")
        .param("base", Type::Number, "The base.")
        .returns(Type::Number)
        .build(|args| {
            let num = to_f64(num_arg(args, 0)?, 0)?;
            let base = to_f64(num_arg(args, 1)?, 1)?;
            from_f64(num.ln() / base.ln())
        })
}

fn extreme(description: &'static str, greatest: bool) -> Function {
    Def::new(description)
        .variadic(Param::new("numbers", Type::Number).describe("The numbers to compare."))
        .returns(Type::Number)
        .build(move |args| {
            let mut best: Option<&Number> = None;
            for i in 0..args.len() {
                let n = num_arg(args, i)?;
                best = match best {
                    Some(b) if (n > b) != greatest || n == b => Some(b),
                    _ => Some(n),
                };
            }
            best.map(|b| Value::Number(b.clone()))
                .ok_or_else(|| FunctionError::new("must pass at least one number."))
        })
}

fn parseint() -> Function {
    Def::new("Parses a string as an integer in a given base (2 to 62).")
        .param("number", Type::Dynamic, "The string to parse.")
        .param("base", Type::Number, "The base, from 2 to 62.")
        .returns(Type::Number)
        .build(|args| {
            let Value::String(text) = &args[0] else {
                return Err(FunctionError::arg(
                    0,
                    format!("the first argument must be a string, not {}.", args[0].ty()),
                ));
            };
            let base = num_arg(args, 1)?
                .to_i64()
                .filter(|b| (2..=62).contains(b))
                .ok_or_else(|| {
                    FunctionError::arg(1, "the base must be a whole number from 2 to 62.")
                })? as u32;
            let fail = || {
                FunctionError::arg(
                    0,
                    format!("cannot parse {:?} as a base {base} integer.", text.as_str()),
                )
            };
            let (sign, digits) = match text.strip_prefix('-') {
                Some(d) => (Sign::Minus, d),
                None => (Sign::Plus, text.strip_prefix('+').unwrap_or(text)),
            };
            if digits.is_empty() {
                return Err(fail());
            }
            if digits.len() > MAX_PARSEINT_DIGITS {
                return Err(FunctionError::arg(
                    0,
                    format!("the number has more than {MAX_PARSEINT_DIGITS} digits."),
                ));
            }
            // Go's big.Int digits: case-insensitive up to base 36, then
            // a-z are 10..35 and A-Z are 36..61.
            let mut values = Vec::with_capacity(digits.len());
            for c in digits.chars() {
                let d = match c {
                    '0'..='9' => c as u32 - '0' as u32,
                    'a'..='z' => c as u32 - 'a' as u32 + 10,
                    'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
                    'A'..='Z' => c as u32 - 'A' as u32 + 36,
                    _ => return Err(fail()),
                };
                if d >= base {
                    return Err(fail());
                }
                values.push(d as u8);
            }
            let big = BigInt::from_radix_be(sign, &values, base).ok_or_else(fail)?;
            Number::parse(&big.to_string())
                .map(Value::Number)
                .map_err(|e| FunctionError::arg(0, format!("{}: {e}.", e.summary())))
        })
}

fn pow() -> Function {
    Def::new("Raises a number to a power.")
        .param("num", Type::Number, "The base.")
        .param("power", Type::Number, "The exponent.")
        .returns(Type::Number)
        .build(|args| {
            let base = num_arg(args, 0)?;
            let exp = num_arg(args, 1)?;
            if let Some(e) = exp.to_i64() {
                return base.pow(e).map(Value::Number).map_err(number_error);
            }
            if exp.is_integer() {
                // A whole exponent beyond i64: only bases whose powers stay
                // small have a representable result.
                let odd = exp
                    .checked_rem(&Number::from(2))
                    .is_ok_and(|r| !r.is_zero());
                let one = Number::ONE;
                if *base == one {
                    return Ok(Value::Number(one));
                }
                if *base == -one.clone() {
                    return Ok(Value::Number(if odd { -one } else { one }));
                }
                if base.is_zero() && !exp.is_negative() {
                    return Ok(Value::Number(Number::ZERO));
                }
                return Err(number_error(crate::value::NumberError::OutOfRange));
            }
            let b = to_f64(base, 0)?;
            let e = to_f64(exp, 1)?;
            from_f64(b.powf(e))
        })
}
