//! [`Number`]: HCL's arbitrary-precision decimal number.
//!
//! A number is `±infinity` or an exact decimal `m × 10^e`. Everyday values
//! (anything with at most 28 fractional digits and a mantissa below 2^96)
//! live in a `rust_decimal::Decimal`, inline, without allocation; the rest
//! in a big-decimal (a `num_bigint::BigInt` mantissa and a decimal exponent,
//! behind an `Arc` so clones stay cheap). Every operation normalizes its
//! result back to the `Decimal` form when it fits, so each value has exactly
//! one representation and `Eq`/`Hash` agree.
//!
//! # Limits (the information model's requirements, made concrete)
//!
//! - Significant digits: at most [`Number::MAX_DIGITS`] (1000, about 3300
//!   bits, well over the required 256). An integer *literal* with more
//!   significant digits is an error (it cannot be represented exactly); a
//!   non-integer literal or an arithmetic result with more is rounded half to
//!   even.
//! - Magnitude: the decimal exponent of the leading digit must lie within
//!   ±[`Number::MAX_EXPONENT`] (10000). Numbers print without an exponent, so
//!   this bounds the text of any number to about 11 000 characters and keeps
//!   `1e99999999999` from allocating gigabytes: such literals, and results
//!   outside the range, are a [`NumberError::OutOfRange`] error.
//! - `+`, `-`, `*` and `%` are exact (within the limits above). `/` rounds to
//!   [`Number::DIVISION_DIGITS`] (100) significant digits, so `1/3` has 100
//!   threes. [`Number::checked_div`] and [`Number::checked_rem`] report a
//!   zero divisor as [`NumberError::DivisionByZero`], for the caller to
//!   decide; the expression operators decide as go-cty (and so Terraform)
//!   does: `x / 0` is an infinity of `x`'s sign and `x % 0` is `x`. Any
//!   operation whose IEEE result would be NaN is an error (`0 / 0`,
//!   `inf - inf`, `0 * inf`, `inf / inf`, `inf % x`).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use rust_decimal::Decimal;

use crate::diag::{Diagnostic, Error};

mod arith;
mod big;
pub(super) mod format;
mod parse;
#[cfg(test)]
mod tests;

use big::{cmp_magnitude, from_bigint};
use parse::parse_number;

/// An HCL number: an exact decimal of up to [`Number::MAX_DIGITS`]
/// significant digits, or positive or negative infinity. There is no NaN.
///
/// Limits: at most [`Number::MAX_DIGITS`] significant digits (an integer
/// literal with more is [`NumberError::TooManyDigits`]; other values are
/// rounded half to even), magnitudes within 10^±[`Number::MAX_EXPONENT`]
/// (beyond is [`NumberError::OutOfRange`], detected before any large
/// allocation). `+ - * %` are exact; `/` rounds to
/// [`Number::DIVISION_DIGITS`] significant digits; division by zero and NaN
/// results are errors. Arithmetic is by `checked_*` methods returning
/// `Result`, so there are no panicking operator impls (except `Neg`).
///
/// Serialized (serde) as `i64`/`u64` when it is an integer that fits, as an
/// `f64` when the `f64`'s shortest digits are exactly the number, otherwise
/// as its exact decimal text (a string to most formats; `to_value` restores
/// the number). Deserialized from any integer, float or numeric string.
///
/// `Display` writes digits, an optional `.` and fraction, never an exponent,
/// at full precision (`1e3` is `1000`, `1.50` is `1.5`, `-0` is `0`); the
/// infinities are `+Inf` and `-Inf`.
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// The value fits a `Decimal` exactly. Invariant: used whenever it does.
    Small(Decimal),
    /// `mant × 10^exp`, `mant` non-zero without trailing decimal zeros,
    /// never representable as a `Decimal`.
    Big(Arc<Big>),
    PosInf,
    NegInf,
}

struct Big {
    mant: BigInt,
    exp: i64,
}

/// Why a number could not be parsed or computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberError {
    /// The text is not a number in the accepted syntax.
    Syntax,
    /// The magnitude is beyond ±10^[`Number::MAX_EXPONENT`].
    OutOfRange,
    /// An integer literal has more than [`Number::MAX_DIGITS`] significant
    /// digits and so cannot be represented exactly.
    TooManyDigits,
    /// Division or remainder by zero.
    DivisionByZero,
    /// The result would be "not a number" (`inf - inf`, `0 * inf`, ...).
    NotANumber,
    /// A value that is not finite was given where a finite one is needed
    /// (`f64::NAN`, or an infinity for `TryFrom<f64>`).
    NotFinite,
}

impl NumberError {
    /// A short summary, in the style of HCL diagnostics.
    pub fn summary(self) -> &'static str {
        match self {
            NumberError::Syntax => "Invalid number",
            NumberError::OutOfRange | NumberError::TooManyDigits => "Number out of range",
            NumberError::DivisionByZero => "Division by zero",
            NumberError::NotANumber | NumberError::NotFinite => "Invalid arithmetic",
        }
    }
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Syntax => f.write_str(
                "a number is written as digits with an optional fraction and exponent, such as 42, -1.5 or 2e10",
            ),
            NumberError::OutOfRange => write!(
                f,
                "the number's magnitude is outside the supported range of 1e-{0} to 1e{0}",
                Number::MAX_EXPONENT
            ),
            NumberError::TooManyDigits => write!(
                f,
                "an integer can have at most {} significant digits",
                Number::MAX_DIGITS
            ),
            NumberError::DivisionByZero => f.write_str("a number cannot be divided by zero"),
            NumberError::NotANumber => {
                f.write_str("the result of this operation on infinity is not a number")
            }
            NumberError::NotFinite => f.write_str("NaN and infinity are not accepted here"),
        }
    }
}

impl std::error::Error for NumberError {}

impl From<NumberError> for Error {
    fn from(e: NumberError) -> Error {
        Error::new(Diagnostic::error(
            e.summary(),
            format!("{}.", upper_first(&e.to_string())),
            None,
        ))
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Powers of ten that fit an `i128` (up to 10^38).
const POW10: [i128; 39] = {
    let mut t = [1i128; 39];
    let mut i = 1;
    while i < 39 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// The largest `Decimal` mantissa, 2^96 - 1.
const DEC_MAX_MANT: u128 = (1u128 << 96) - 1;
const DEC_MAX_SCALE: u32 = 28;

/// A `Decimal` for `m × 10^-scale` when it fits exactly.
fn small(m: i128, scale: u32) -> Option<Decimal> {
    if scale <= DEC_MAX_SCALE && m.unsigned_abs() <= DEC_MAX_MANT {
        Decimal::try_from_i128_with_scale(m, scale).ok()
    } else {
        None
    }
}

fn pow10_big(n: u64) -> BigInt {
    // Callers only ask for shifts bounded by the number limits (a few ten
    // thousand digits at most), so the cast is lossless.
    BigInt::from(10u8).pow(n.min(u64::from(u32::MAX)) as u32)
}

impl Number {
    /// Significant decimal digits kept (about 3300 bits of mantissa).
    pub const MAX_DIGITS: usize = 1000;
    /// Largest magnitude of the decimal exponent of a number's leading digit.
    pub const MAX_EXPONENT: i64 = 10_000;
    /// Significant digits of a quotient that does not terminate sooner.
    pub const DIVISION_DIGITS: usize = 100;

    /// Positive infinity.
    pub const INFINITY: Number = Number(Repr::PosInf);
    /// Negative infinity.
    pub const NEG_INFINITY: Number = Number(Repr::NegInf);
    /// Zero.
    pub const ZERO: Number = Number(Repr::Small(Decimal::ZERO));
    /// One.
    pub const ONE: Number = Number(Repr::Small(Decimal::ONE));

    /// Parses a JSON number or an HCL native number literal: an optional
    /// `-`, one or more digits, an optional `.` followed by one or more
    /// digits, an optional exponent `e`/`E` with optional sign and digits.
    /// Leading zeros are accepted; spaces, a leading `+`, `.5`, `5.`, `inf`
    /// and `NaN` are not.
    ///
    /// Values with at most 28 digits that fit a `Decimal` are parsed without
    /// allocating.
    pub fn parse(text: &str) -> Result<Number, NumberError> {
        parse_number(text, true)
    }

    /// Parses the string form that converting a number to a string produces
    /// (what the information model calls "reversing the mapping"): like
    /// [`Number::parse`] but without an exponent; `+Inf` and `-Inf` are
    /// accepted so the infinities convert back.
    pub fn parse_plain(text: &str) -> Result<Number, NumberError> {
        match text {
            "+Inf" => Ok(Number::INFINITY),
            "-Inf" => Ok(Number::NEG_INFINITY),
            _ => parse_number(text, false),
        }
    }

    /// An exact number from a `Decimal`.
    pub fn from_decimal(d: Decimal) -> Number {
        Number(Repr::Small(d))
    }

    /// The value as a `Decimal`, when it fits exactly.
    pub fn as_decimal(&self) -> Option<Decimal> {
        match &self.0 {
            Repr::Small(d) => Some(*d),
            _ => None,
        }
    }

    /// Whether this is `+inf` or `-inf`.
    pub fn is_infinite(&self) -> bool {
        matches!(self.0, Repr::PosInf | Repr::NegInf)
    }

    /// Whether this is a finite number.
    pub fn is_finite(&self) -> bool {
        !self.is_infinite()
    }

    /// Whether this is a finite whole number.
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small(d) => d.fract().is_zero(),
            Repr::Big(b) => b.exp >= 0,
            Repr::PosInf | Repr::NegInf => false,
        }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        matches!(&self.0, Repr::Small(d) if d.is_zero())
    }

    /// Whether this is below zero (including `-inf`).
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small(d) => d.is_sign_negative() && !d.is_zero(),
            Repr::Big(b) => b.mant.is_negative(),
            Repr::PosInf => false,
            Repr::NegInf => true,
        }
    }

    /// -1, 0 or 1 according to the sign.
    pub fn signum(&self) -> Number {
        if self.is_zero() {
            Number::ZERO
        } else if self.is_negative() {
            Number::from(-1i64)
        } else {
            Number::ONE
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Number {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    /// The largest integer not above `self` (infinities are unchanged).
    pub fn floor(&self) -> Number {
        match &self.0 {
            Repr::Small(d) => Number(Repr::Small(d.floor())),
            Repr::Big(b) if b.exp < 0 => {
                let q = b.mant.div_floor(&pow10_big(b.exp.unsigned_abs()));
                // The floor has fewer digits and a smaller magnitude than
                // the number itself, so it is always in range.
                from_bigint(q, 0).unwrap_or(Number::ZERO)
            }
            _ => self.clone(),
        }
    }

    /// The smallest integer not below `self` (infinities are unchanged).
    pub fn ceil(&self) -> Number {
        -(&(-self).floor())
    }

    /// The integer part, rounding toward zero.
    pub fn trunc(&self) -> Number {
        if self.is_negative() {
            self.ceil()
        } else {
            self.floor()
        }
    }

    /// The value as an `i128` if it is an integer in range.
    pub fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small(d) => {
                let n = d.normalize();
                if n.scale() == 0 {
                    Some(n.mantissa())
                } else {
                    None
                }
            }
            // Big values are never below 2^96 with a zero exponent, but an
            // integer up to 10^38 may still fit an i128.
            Repr::Big(b) if b.exp >= 0 && b.exp <= 38 => {
                (&b.mant * pow10_big(b.exp.unsigned_abs())).to_i128()
            }
            _ => None,
        }
    }

    /// The value as a `u128` if it is a non-negative integer in range.
    pub fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Big(b) if b.exp >= 0 && b.exp <= 39 => {
                (&b.mant * pow10_big(b.exp.unsigned_abs())).to_u128()
            }
            _ => self.to_i128().and_then(|v| u128::try_from(v).ok()),
        }
    }

    /// The value as an `i64` if it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        self.to_i128().and_then(|v| i64::try_from(v).ok())
    }

    /// The value as a `u64` if it is a non-negative integer in range.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_i128().and_then(|v| u64::try_from(v).ok())
    }

    /// The nearest `f64` (correctly rounded); infinities map to infinities.
    /// `None` when a finite number is too large for an `f64`.
    pub fn to_f64(&self) -> Option<f64> {
        let f = match &self.0 {
            Repr::PosInf => return Some(f64::INFINITY),
            Repr::NegInf => return Some(f64::NEG_INFINITY),
            Repr::Small(d) => {
                let (m, s) = (d.mantissa(), d.scale());
                // Both operands are exact f64s and IEEE division is correctly
                // rounded, so this is the nearest f64 without any text.
                if m.unsigned_abs() < (1u128 << 53) && s <= 22 {
                    return Some(m as f64 / 10f64.powi(s as i32));
                }
                format!("{m}e-{s}").parse::<f64>().ok()?
            }
            Repr::Big(b) => format!("{}e{}", b.mant, b.exp).parse::<f64>().ok()?,
        };
        f.is_finite().then_some(f)
    }

    /// The `f64` whose shortest decimal form is exactly this number (`0.1`,
    /// `2.5`, `1e300`), if there is one: then the `f64` stands for this
    /// number without loss wherever `f64`s are printed the shortest way.
    pub fn to_f64_faithful(&self) -> Option<f64> {
        let f = self.to_f64()?;
        match Number::try_from(f) {
            Ok(back) if back == *self => Some(f),
            Err(_) if self.is_infinite() => Some(f),
            _ => None,
        }
    }

    /// The mantissa and exponent of a finite number.
    fn parts(&self) -> (BigInt, i64) {
        match &self.0 {
            Repr::Small(d) => (BigInt::from(d.mantissa()), -i64::from(d.scale())),
            Repr::Big(b) => (b.mant.clone(), b.exp),
            Repr::PosInf | Repr::NegInf => (BigInt::zero(), 0),
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        use Repr::{NegInf, PosInf, Small};
        match (&self.0, &other.0) {
            (PosInf, PosInf) | (NegInf, NegInf) => Ordering::Equal,
            (PosInf, _) | (_, NegInf) => Ordering::Greater,
            (NegInf, _) | (_, PosInf) => Ordering::Less,
            (Small(a), Small(b)) => a.cmp(b),
            _ => {
                let (m1, e1) = self.parts();
                let (m2, e2) = other.parts();
                match m1.sign().cmp(&m2.sign()) {
                    Ordering::Equal if m1.is_zero() => Ordering::Equal,
                    Ordering::Equal if m1.is_negative() => cmp_magnitude(&m2, e2, &m1, e1),
                    Ordering::Equal => cmp_magnitude(&m1, e1, &m2, e2),
                    unequal => unequal,
                }
            }
        }
    }
}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // One representation per value (see `Repr`), so hashing the
        // normalized parts agrees with `Eq`.
        match &self.0 {
            Repr::Small(d) => {
                let n = d.normalize();
                0u8.hash(state);
                n.mantissa().hash(state);
                n.scale().hash(state);
            }
            Repr::Big(b) => {
                1u8.hash(state);
                b.mant.hash(state);
                b.exp.hash(state);
            }
            Repr::PosInf => 2u8.hash(state),
            Repr::NegInf => 3u8.hash(state),
        }
    }
}

macro_rules! from_small_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(v: $t) -> Number {
                Number(Repr::Small(Decimal::from(v)))
            }
        }
    )*};
}
from_small_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl From<i128> for Number {
    fn from(v: i128) -> Number {
        match small(v, 0) {
            Some(d) => Number(Repr::Small(d)),
            // At most 39 digits: always within range.
            None => from_bigint(BigInt::from(v), 0).unwrap_or(Number::ZERO),
        }
    }
}

impl From<u128> for Number {
    fn from(v: u128) -> Number {
        match i128::try_from(v).ok().and_then(|v| small(v, 0)) {
            Some(d) => Number(Repr::Small(d)),
            None => from_bigint(BigInt::from(v), 0).unwrap_or(Number::ZERO),
        }
    }
}

impl From<Decimal> for Number {
    fn from(d: Decimal) -> Number {
        Number::from_decimal(d)
    }
}

impl TryFrom<f64> for Number {
    type Error = NumberError;
    /// The decimal with the shortest digits that round-trips to `v` (so
    /// `0.1f64` becomes exactly `0.1`). NaN and infinities are rejected.
    fn try_from(v: f64) -> Result<Number, NumberError> {
        if !v.is_finite() {
            return Err(NumberError::NotFinite);
        }
        if v.fract() == 0.0 && v.abs() < 9.0e15 {
            return Ok(Number::from(v as i64));
        }
        Number::parse(&format!("{v:e}"))
    }
}

impl TryFrom<f32> for Number {
    type Error = NumberError;
    /// Like `TryFrom<f64>`, with the shortest digits of the `f32`.
    fn try_from(v: f32) -> Result<Number, NumberError> {
        if !v.is_finite() {
            return Err(NumberError::NotFinite);
        }
        Number::parse(&format!("{v:e}"))
    }
}

impl TryFrom<&Number> for Decimal {
    type Error = NumberError;
    fn try_from(n: &Number) -> Result<Decimal, NumberError> {
        n.as_decimal().ok_or(NumberError::OutOfRange)
    }
}
