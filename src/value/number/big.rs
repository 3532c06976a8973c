//! The big-number fallback: sums, comparisons and rounding on a `BigInt`
//! mantissa with a decimal exponent, and building a number from its digits
//! in whichever form fits.

use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use rust_decimal::Decimal;

use super::{pow10_big, small, Big, Number, NumberError, Repr, DEC_MAX_SCALE, POW10};

pub(super) fn big_add(a: &Number, b: &Number) -> Result<Number, NumberError> {
    if a.is_zero() {
        return Ok(b.clone());
    }
    if b.is_zero() {
        return Ok(a.clone());
    }
    let (m1, e1) = a.parts();
    let (m2, e2) = b.parts();
    // Aligning the exponents costs as many digits as they are apart (up
    // to 20 000 within the range), for a result rounded to MAX_DIGITS: when
    // one operand lies wholly below the other's rounding position, the
    // exact sum rounds to the larger one, so skip the big arithmetic.
    let (lo1, hi1) = lead_bounds(&m1, e1);
    let (lo2, hi2) = lead_bounds(&m2, e2);
    if hi2 + FAR_BELOW <= lo1 {
        return Ok(a.clone());
    }
    if hi1 + FAR_BELOW <= lo2 {
        return Ok(b.clone());
    }
    let e = e1.min(e2);
    let sum = m1 * pow10_big((e1 - e) as u64) + m2 * pow10_big((e2 - e) as u64);
    from_bigint(sum, e)
}

/// How far (in decimal places) below the leading digit of a non-zero `a`
/// the leading digit of `s` must be for `a + s` to round to `a`: `|s|` is
/// then below 10^(lead(a) - MAX_DIGITS - 1), a hundredth of `a`'s last
/// kept place, and under half the spacing of the numbers around `a` with
/// MAX_DIGITS digits, even just below a power of ten where a carry brings
/// the sum back up to `a`.
const FAR_BELOW: i64 = Number::MAX_DIGITS as i64 + 2;

/// Bounds `(lo, hi)` on the decimal exponent of the leading digit of the
/// non-zero `m × 10^e`, from the mantissa's bit length alone:
/// `2^(bits-1) <= |m| < 2^bits` and `0.30102 < log10(2) < 0.30103`.
fn lead_bounds(m: &BigInt, e: i64) -> (i64, i64) {
    let bits = m.bits() as i64;
    (
        e + (bits - 1) * 30_102 / 100_000,
        e + bits * 30_103 / 100_000,
    )
}

/// `|a|` against `|b|` for non-zero finite parts, scaling a mantissa only
/// when the leading digits are too close to tell apart by their bounds
/// (then the exponents differ by at most a mantissa's length, not by the
/// whole exponent range).
pub(super) fn cmp_magnitude(m1: &BigInt, e1: i64, m2: &BigInt, e2: i64) -> Ordering {
    let (lo1, hi1) = lead_bounds(m1, e1);
    let (lo2, hi2) = lead_bounds(m2, e2);
    if hi1 < lo2 {
        return Ordering::Less;
    }
    if hi2 < lo1 {
        return Ordering::Greater;
    }
    let e = e1.min(e2);
    (m1.magnitude() * pow10_big((e1 - e) as u64).magnitude())
        .cmp(&(m2.magnitude() * pow10_big((e2 - e) as u64).magnitude()))
}

pub(super) fn digit_count(m: &BigInt) -> usize {
    if m.is_zero() {
        1
    } else {
        m.magnitude().to_str_radix(10).len()
    }
}

pub(super) fn from_bigint(m: BigInt, exp: i64) -> Result<Number, NumberError> {
    let digits = m.magnitude().to_str_radix(10);
    from_digits(
        m.is_negative(),
        digits.as_bytes(),
        exp,
        Rounding::Digits(Number::MAX_DIGITS, false),
    )
}

/// How [`from_digits`] treats more significant digits than it keeps.
#[derive(Clone, Copy)]
pub(super) enum Rounding {
    /// Round half to even to this many digits; the flag says whether
    /// non-zero digits were already dropped beyond the given ones.
    Digits(usize, bool),
    /// A literal: an integer that does not fit is an error, anything else is
    /// rounded to `MAX_DIGITS`.
    Literal,
}

/// Builds a number from decimal digits `digits × 10^exp` (ASCII digits,
/// leading and trailing zeros allowed), rounding, range checking and
/// choosing the representation.
pub(super) fn from_digits(
    negative: bool,
    digits: &[u8],
    mut exp: i64,
    rounding: Rounding,
) -> Result<Number, NumberError> {
    let start = digits.iter().position(|&c| c != b'0');
    let Some(start) = start else {
        return Ok(Number::ZERO);
    };
    let end = digits
        .iter()
        .rposition(|&c| c != b'0')
        .map_or(start, |i| i + 1);
    exp = exp.saturating_add((digits.len() - end) as i64);
    let mut digits = &digits[start..end];
    let (keep, mut sticky) = match rounding {
        Rounding::Digits(n, sticky) => (n, sticky),
        Rounding::Literal => {
            if digits.len() > Number::MAX_DIGITS && exp >= 0 {
                return Err(NumberError::TooManyDigits);
            }
            (Number::MAX_DIGITS, false)
        }
    };
    // Range check before any big-number work, so absurd exponents cost
    // nothing. A rounding carry can add one to the leading exponent; that
    // is checked again below.
    let lead = exp.saturating_add(digits.len() as i64 - 1);
    if !(-Number::MAX_EXPONENT - 1..=Number::MAX_EXPONENT).contains(&lead) {
        return Err(NumberError::OutOfRange);
    }
    let mut rounded: Vec<u8>;
    if digits.len() > keep || sticky {
        let cut = digits.len().min(keep);
        let next = digits.get(cut).copied().unwrap_or(b'0');
        sticky |= digits
            .get(cut + 1..)
            .is_some_and(|r| r.iter().any(|&c| c != b'0'));
        exp = exp.saturating_add((digits.len() - cut) as i64);
        rounded = digits[..cut].to_vec();
        let last_odd = rounded.last().is_some_and(|&c| (c - b'0') % 2 == 1);
        if next > b'5' || (next == b'5' && (sticky || last_odd)) {
            // Propagate the carry; 999 becomes 1000 (then 1 with exp + 3).
            let mut i = rounded.len();
            loop {
                if i == 0 {
                    rounded.insert(0, b'1');
                    break;
                }
                i -= 1;
                if rounded[i] == b'9' {
                    rounded[i] = b'0';
                } else {
                    rounded[i] += 1;
                    break;
                }
            }
        }
        while rounded.len() > 1 && rounded.last() == Some(&b'0') {
            rounded.pop();
            exp += 1;
        }
        digits = &rounded;
        let lead = exp.saturating_add(digits.len() as i64 - 1);
        if !(-Number::MAX_EXPONENT..=Number::MAX_EXPONENT).contains(&lead) {
            return Err(NumberError::OutOfRange);
        }
    } else if lead < -Number::MAX_EXPONENT {
        return Err(NumberError::OutOfRange);
    }
    if let Some(d) = small_from_digits(negative, digits, exp) {
        return Ok(Number(Repr::Small(d)));
    }
    let mut mant = BigInt::parse_bytes(digits, 10).ok_or(NumberError::Syntax)?;
    if negative {
        mant = -mant;
    }
    Ok(Number(Repr::Big(Arc::new(Big { mant, exp }))))
}

fn small_from_digits(negative: bool, digits: &[u8], exp: i64) -> Option<Decimal> {
    let total = digits.len() as i64 + exp.max(0);
    if total > 29 || exp < -i64::from(DEC_MAX_SCALE) {
        return None;
    }
    let mut m: i128 = 0;
    for &c in digits {
        m = m * 10 + i128::from(c - b'0');
    }
    if exp > 0 {
        m = m.checked_mul(POW10[exp as usize])?;
    }
    small(
        if negative { -m } else { m },
        exp.min(0).unsigned_abs() as u32,
    )
}
