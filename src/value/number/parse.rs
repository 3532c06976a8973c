//! Parsing number text: JSON and native literals, and the plain form that
//! converting a number to a string produces.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::big::{from_digits, Rounding};
use super::{small, Number, NumberError, Repr, DEC_MAX_SCALE, POW10};

/// The shared parser; `allow_exponent` is false for string conversion.
pub(super) fn parse_number(text: &str, allow_exponent: bool) -> Result<Number, NumberError> {
    let b = text.as_bytes();
    // The common literal, a whole number of a few digits (`0`, `80`, `443`):
    // read without the general path's checks and 128-bit accumulator.
    if (1..=18).contains(&b.len()) && b.iter().all(u8::is_ascii_digit) {
        let m = b.iter().fold(0u64, |m, &c| m * 10 + u64::from(c - b'0'));
        return Ok(Number(Repr::Small(Decimal::from(m))));
    }
    let mut i = 0;
    let negative = b.first() == Some(&b'-');
    if negative {
        i = 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = &b[int_start..i];
    if int_digits.is_empty() {
        return Err(NumberError::Syntax);
    }
    let mut frac_digits: &[u8] = &[];
    if b.get(i) == Some(&b'.') {
        i += 1;
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = &b[s..i];
        if frac_digits.is_empty() {
            return Err(NumberError::Syntax);
        }
    }
    let mut exp: i64 = 0;
    if allow_exponent && matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        let exp_negative = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            // Saturate far beyond any valid exponent instead of overflowing.
            exp = (exp * 10 + i64::from(b[i] - b'0')).min(1_000_000_000_000);
            i += 1;
        }
        if i == s {
            return Err(NumberError::Syntax);
        }
        if exp_negative {
            exp = -exp;
        }
    }
    if i != b.len() {
        return Err(NumberError::Syntax);
    }
    // Fast path: few digits, small exponent: accumulate in an i128.
    let n_digits = int_digits.len() + frac_digits.len();
    if n_digits <= 28 {
        let mut m: i128 = 0;
        for &c in int_digits.iter().chain(frac_digits) {
            m = m * 10 + i128::from(c - b'0');
        }
        if negative {
            m = -m;
        }
        let scale = frac_digits.len() as i64 - exp;
        if (0..=i64::from(DEC_MAX_SCALE)).contains(&scale) {
            if let Some(d) = small(m, scale as u32) {
                return Ok(Number(Repr::Small(d)));
            }
        } else if (-38..0).contains(&scale) {
            if let Some(d) = m
                .checked_mul(POW10[scale.unsigned_abs() as usize])
                .and_then(|m| small(m, 0))
            {
                return Ok(Number(Repr::Small(d)));
            }
        }
    }
    let mut digits = Vec::with_capacity(n_digits);
    digits.extend_from_slice(int_digits);
    digits.extend_from_slice(frac_digits);
    from_digits(
        negative,
        &digits,
        exp.saturating_sub(frac_digits.len() as i64),
        Rounding::Literal,
    )
}

impl FromStr for Number {
    type Err = NumberError;
    /// Same as [`Number::parse`].
    fn from_str(s: &str) -> Result<Number, NumberError> {
        Number::parse(s)
    }
}
