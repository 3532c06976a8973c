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
use std::str::FromStr;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use rust_decimal::Decimal;

use crate::diag::{Diagnostic, Error};

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

    /// `self + other`, exact. `inf + -inf` is [`NumberError::NotANumber`].
    pub fn checked_add(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::{NegInf, PosInf, Small};
        match (&self.0, &other.0) {
            (PosInf, NegInf) | (NegInf, PosInf) => Err(NumberError::NotANumber),
            (PosInf, _) | (_, PosInf) => Ok(Number::INFINITY),
            (NegInf, _) | (_, NegInf) => Ok(Number::NEG_INFINITY),
            (Small(a), Small(b)) => {
                if let Some(d) = add_small(a, b) {
                    return Ok(Number(Small(d)));
                }
                big_add(self, other)
            }
            _ => big_add(self, other),
        }
    }

    /// `self - other`, exact. `inf - inf` is [`NumberError::NotANumber`].
    pub fn checked_sub(&self, other: &Number) -> Result<Number, NumberError> {
        self.checked_add(&-other)
    }

    /// `self * other`, exact. `0 * inf` is [`NumberError::NotANumber`].
    pub fn checked_mul(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::Small;
        if self.is_infinite() || other.is_infinite() {
            if self.is_zero() || other.is_zero() {
                return Err(NumberError::NotANumber);
            }
            return Ok(signed_inf(self.is_negative() != other.is_negative()));
        }
        if let (Small(a), Small(b)) = (&self.0, &other.0) {
            if let Some(m) = a.mantissa().checked_mul(b.mantissa()) {
                if let Some(d) = small(m, a.scale() + b.scale()) {
                    return Ok(Number(Small(d)));
                }
            }
        }
        let (m1, e1) = self.parts();
        let (m2, e2) = other.parts();
        from_bigint(m1 * m2, e1 + e2)
    }

    /// `self / other`, rounded half to even to
    /// [`Number::DIVISION_DIGITS`] significant digits (exact when the
    /// quotient terminates sooner). Division by zero is
    /// [`NumberError::DivisionByZero`]; `inf / inf` is
    /// [`NumberError::NotANumber`]; `x / inf` is 0.
    pub fn checked_div(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::Small;
        if other.is_zero() {
            return Err(NumberError::DivisionByZero);
        }
        match (self.is_infinite(), other.is_infinite()) {
            (true, true) => return Err(NumberError::NotANumber),
            (true, false) => return Ok(signed_inf(self.is_negative() != other.is_negative())),
            (false, true) => return Ok(Number::ZERO),
            (false, false) => {}
        }
        if let (Small(a), Small(b)) = (&self.0, &other.0) {
            if let Some(d) = div_small_exact(a, b) {
                return Ok(Number(Small(d)));
            }
        }
        let (m1, e1) = self.parts();
        let (m2, e2) = other.parts();
        let d1 = digit_count(&m1) as i64;
        let d2 = digit_count(&m2) as i64;
        // Scale the dividend so the integer quotient has at least one digit
        // more than we keep; that digit and the remainder decide rounding.
        let shift = (Self::DIVISION_DIGITS as i64 + 1 + d2 - d1).max(0);
        let (q, r) = (m1 * pow10_big(shift as u64)).div_rem(&m2);
        let digits = q.magnitude().to_str_radix(10);
        from_digits(
            self.is_negative() != other.is_negative(),
            digits.as_bytes(),
            e1 - e2 - shift,
            Rounding::Digits(Self::DIVISION_DIGITS, !r.is_zero()),
        )
    }

    /// The remainder of truncating division, with the sign of `self` (as in
    /// HCL and Go: `-5 % 3` is `-2`), exact. `x % 0` is
    /// [`NumberError::DivisionByZero`]; `inf % x` is
    /// [`NumberError::NotANumber`]; `x % inf` is `x`.
    pub fn checked_rem(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::Small;
        if other.is_zero() {
            return Err(NumberError::DivisionByZero);
        }
        if self.is_infinite() {
            return Err(NumberError::NotANumber);
        }
        if other.is_infinite() {
            return Ok(self.clone());
        }
        if let (Small(a), Small(b)) = (&self.0, &other.0) {
            let s = a.scale().max(b.scale());
            let ma = a.mantissa().checked_mul(POW10[(s - a.scale()) as usize]);
            let mb = b.mantissa().checked_mul(POW10[(s - b.scale()) as usize]);
            if let (Some(ma), Some(mb)) = (ma, mb) {
                if let Some(d) = small(ma % mb, s) {
                    return Ok(Number(Small(d)));
                }
            }
        }
        if self.is_zero() {
            return Ok(Number::ZERO);
        }
        let (m1, e1) = self.parts();
        let (m2, e2) = other.parts();
        // |self| < |other|: the remainder is `self`.
        if cmp_magnitude(&m1, e1, &m2, e2) == Ordering::Less {
            return Ok(self.clone());
        }
        if e1 > e2 {
            // m1 × 10^(e1-e2) mod m2 by modular exponentiation: the scaled
            // dividend would have as many digits as the exponents are
            // apart (up to 20 000).
            let modulus = m2.magnitude();
            let gap = BigUint::from((e1 - e2) as u64);
            let shift = BigUint::from(10u8).modpow(&gap, modulus);
            let r = (m1.magnitude() * shift) % modulus;
            return from_bigint(BigInt::from_biguint(m1.sign(), r), e2);
        }
        // Here e1 <= e2 and |self| >= |other|, so e2 - e1 is at most
        // self's mantissa length: the scaling below stays small.
        let e = e1.min(e2);
        let a = m1 * pow10_big((e1 - e) as u64);
        let b = m2 * pow10_big((e2 - e) as u64);
        from_bigint(a % b, e)
    }

    /// `self` raised to an integer power. Exact for non-negative `exp`
    /// (within [`Number::MAX_DIGITS`]); a negative `exp` divides, rounding
    /// like [`Number::checked_div`]. `0^0` is 1; `0^-n` is
    /// [`NumberError::DivisionByZero`]; results beyond the range are
    /// [`NumberError::OutOfRange`], detected before any large computation.
    pub fn pow(&self, exp: i64) -> Result<Number, NumberError> {
        if exp == 0 {
            return Ok(Number::ONE);
        }
        if exp < 0 {
            let p = self.pow(exp.checked_neg().ok_or(NumberError::OutOfRange)?)?;
            return Number::ONE.checked_div(&p);
        }
        if self.is_infinite() {
            return Ok(signed_inf(self.is_negative() && exp % 2 == 1));
        }
        if self.is_zero() {
            return Ok(Number::ZERO);
        }
        let (m, e) = self.parts();
        let digits = digit_count(&m) as i64;
        // The result's leading digit sits near exponent
        // exp * (e + digits - 1); bail out before computing a huge power.
        let lead = i128::from(e + digits - 1) * i128::from(exp);
        let limit = i128::from(Self::MAX_EXPONENT);
        if lead > limit + 1 || lead < -limit - i128::from(exp) {
            return Err(NumberError::OutOfRange);
        }
        let mut result = Number::ONE;
        let mut base = self.clone();
        let mut n = exp;
        // Square-and-multiply; each step is rounded to MAX_DIGITS, which is
        // exact for every result that has at most that many digits.
        loop {
            if n & 1 == 1 {
                result = result.checked_mul(&base)?;
            }
            n >>= 1;
            if n == 0 {
                break;
            }
            base = base.checked_mul(&base)?;
        }
        Ok(result)
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

fn signed_inf(negative: bool) -> Number {
    if negative {
        Number::NEG_INFINITY
    } else {
        Number::INFINITY
    }
}

/// Exact `Decimal` addition in `i128`, `None` when it would round or
/// overflow (`Decimal`'s own addition rounds silently).
fn add_small(a: &Decimal, b: &Decimal) -> Option<Decimal> {
    let s = a.scale().max(b.scale());
    let ma = a.mantissa().checked_mul(POW10[(s - a.scale()) as usize])?;
    let mb = b.mantissa().checked_mul(POW10[(s - b.scale()) as usize])?;
    small(ma.checked_add(mb)?, s)
}

/// `a / b` when the quotient terminates within `Decimal`'s precision.
fn div_small_exact(a: &Decimal, b: &Decimal) -> Option<Decimal> {
    let mb = b.mantissa();
    let mut ma = a.mantissa();
    // a / b = (ma / mb) × 10^(sb - sa); extra fraction digits go on ma.
    let mut scale = i64::from(a.scale()) - i64::from(b.scale());
    loop {
        if ma % mb == 0 {
            let q = ma / mb;
            return if scale >= 0 {
                small(q, scale as u32)
            } else {
                small(
                    q.checked_mul(*POW10.get(scale.unsigned_abs() as usize)?)?,
                    0,
                )
            };
        }
        if scale >= i64::from(DEC_MAX_SCALE) {
            return None;
        }
        ma = ma.checked_mul(10)?;
        scale += 1;
    }
}

fn big_add(a: &Number, b: &Number) -> Result<Number, NumberError> {
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
fn cmp_magnitude(m1: &BigInt, e1: i64, m2: &BigInt, e2: i64) -> Ordering {
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

fn digit_count(m: &BigInt) -> usize {
    if m.is_zero() {
        1
    } else {
        m.magnitude().to_str_radix(10).len()
    }
}

fn from_bigint(m: BigInt, exp: i64) -> Result<Number, NumberError> {
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
enum Rounding {
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
fn from_digits(
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

/// The shared parser; `allow_exponent` is false for string conversion.
fn parse_number(text: &str, allow_exponent: bool) -> Result<Number, NumberError> {
    let b = text.as_bytes();
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

/// How long a number's text may be in a message before [`Number::brief`]
/// shortens it.
const BRIEF_LEN: usize = 40;

/// Significant digits [`Number::brief`] keeps of a long number.
const BRIEF_DIGITS: usize = 16;

impl Number {
    /// The number as a message shows it: in full up to 40 characters,
    /// otherwise in scientific form with 16 significant digits (`1e+400`,
    /// `-1.234567890123457e+99`), so that a message about `1e400` does not
    /// carry 400 digits.
    pub fn brief(&self) -> String {
        let full = self.to_string();
        if full.len() <= BRIEF_LEN || self.is_infinite() {
            return full;
        }
        let (negative, digits, mut exp) = decimal_parts(&full);
        let mut kept: Vec<u8> = digits.bytes().take(BRIEF_DIGITS).collect();
        if digits.len() > BRIEF_DIGITS && digits.as_bytes()[BRIEF_DIGITS] >= b'5' {
            // Round half up, carrying into a new leading digit if needed.
            let mut i = kept.len();
            loop {
                if i == 0 {
                    kept.insert(0, b'1');
                    kept.pop();
                    exp += 1;
                    break;
                }
                i -= 1;
                if kept[i] == b'9' {
                    kept[i] = b'0';
                } else {
                    kept[i] += 1;
                    break;
                }
            }
        }
        while kept.len() > 1 && kept.last() == Some(&b'0') {
            kept.pop();
        }
        let digits = String::from_utf8(kept).unwrap_or_default();
        let mantissa = match digits.len() {
            1 => digits,
            _ => format!("{}.{}", &digits[..1], &digits[1..]),
        };
        let sign = if negative { "-" } else { "" };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{mantissa}e{esign}{:02}", exp.unsigned_abs())
    }
}

/// The sign, significant digits (no leading or trailing zeros; `"0"` for
/// zero) and decimal exponent of the first digit of a number's text
/// (`-12.50` is `(true, "125", 1)`; `1e150` is `(false, "1", 150)`).
pub(crate) fn decimal_parts(text: &str) -> (bool, String, i64) {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exp) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i64>().unwrap_or(0)),
        None => (body, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all: String = int.chars().chain(frac.chars()).collect();
    let leading = all.len() - all.trim_start_matches('0').len();
    let digits = all.trim_matches('0');
    if digits.is_empty() {
        return (negative, "0".into(), 0);
    }
    let exp = exp + int.len() as i64 - 1 - leading as i64;
    (negative, digits.to_string(), exp)
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            // `normalize` drops trailing zeros and turns -0 into 0;
            // `Decimal`'s Display never uses an exponent.
            Repr::Small(d) => fmt::Display::fmt(&d.normalize(), f),
            Repr::Big(b) => {
                if b.mant.is_negative() {
                    f.write_str("-")?;
                }
                let digits = b.mant.magnitude().to_str_radix(10);
                if b.exp >= 0 {
                    f.write_str(&digits)?;
                    for _ in 0..b.exp {
                        f.write_str("0")?;
                    }
                    Ok(())
                } else {
                    let point = digits.len() as i64 + b.exp;
                    if point > 0 {
                        let (int, frac) = digits.split_at(point as usize);
                        write!(f, "{int}.{frac}")
                    } else {
                        f.write_str("0.")?;
                        for _ in 0..point.unsigned_abs() {
                            f.write_str("0")?;
                        }
                        f.write_str(&digits)
                    }
                }
            }
            Repr::PosInf => f.write_str("+Inf"),
            Repr::NegInf => f.write_str("-Inf"),
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
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

impl std::ops::Neg for &Number {
    type Output = Number;
    fn neg(self) -> Number {
        match &self.0 {
            Repr::Small(d) => Number(Repr::Small(-*d)),
            Repr::Big(b) => Number(Repr::Big(Arc::new(Big {
                mant: -&b.mant,
                exp: b.exp,
            }))),
            Repr::PosInf => Number::NEG_INFINITY,
            Repr::NegInf => Number::INFINITY,
        }
    }
}

impl std::ops::Neg for Number {
    type Output = Number;
    fn neg(self) -> Number {
        -&self
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

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    #[test]
    fn display_has_no_exponent_and_no_trailing_zeros() {
        assert_eq!(n("1e3").to_string(), "1000");
        assert_eq!(n("1.50").to_string(), "1.5");
        assert_eq!(n("-0").to_string(), "0");
        assert_eq!(n("-0.0").to_string(), "0");
        assert_eq!(n("2.5e-3").to_string(), "0.0025");
        assert_eq!(n("007").to_string(), "7");
        assert_eq!(n("-12.340e1").to_string(), "-123.4");
    }

    #[test]
    fn one_e_150_prints_one_and_150_zeros() {
        assert_eq!(n("1e150").to_string(), format!("1{}", "0".repeat(150)));
    }

    #[test]
    fn tiny_big_numbers_print_leading_zeros() {
        assert_eq!(n("1e-40").to_string(), format!("0.{}1", "0".repeat(39)));
        assert_eq!(
            n("-1.5e-30").to_string(),
            format!("-0.{}15", "0".repeat(29))
        );
    }

    #[test]
    fn large_integer_literal_is_exact() {
        let s = "123456789012345678901234567890123456789";
        assert_eq!(n(s).to_string(), s);
        assert!(n(s).is_integer());
    }

    #[test]
    fn point_one_plus_point_two_is_point_three() {
        assert_eq!(n("0.1").checked_add(&n("0.2")).unwrap(), n("0.3"));
        assert_eq!(n("0.1").checked_add(&n("0.2")).unwrap().to_string(), "0.3");
    }

    #[test]
    fn two_pow_255_plus_one_is_exact() {
        let p = Number::from(2).pow(255).unwrap();
        let expect =
            "57896044618658097711785492504343953926634992332820282019728792003956564819968";
        assert_eq!(p.to_string(), expect);
        let q = p.checked_add(&Number::ONE).unwrap();
        assert_eq!(
            q.to_string(),
            "57896044618658097711785492504343953926634992332820282019728792003956564819969"
        );
        assert_eq!(q.checked_sub(&p).unwrap(), Number::ONE);
    }

    #[test]
    fn one_third_has_division_digits() {
        let third = Number::ONE.checked_div(&Number::from(3)).unwrap();
        assert_eq!(third.to_string(), format!("0.{}", "3".repeat(100)));
        let two_thirds = Number::from(2).checked_div(&Number::from(3)).unwrap();
        assert_eq!(two_thirds.to_string(), format!("0.{}7", "6".repeat(99)));
    }

    #[test]
    fn terminating_division_is_exact() {
        assert_eq!(
            Number::ONE
                .checked_div(&Number::from(8))
                .unwrap()
                .to_string(),
            "0.125"
        );
        assert_eq!(n("7.5").checked_div(&n("2.5")).unwrap().to_string(), "3");
        assert_eq!(n("1e40").checked_div(&n("1e-40")).unwrap(), n("1e80"));
        assert_eq!(
            Number::from(10)
                .checked_div(&n("0.01"))
                .unwrap()
                .to_string(),
            "1000"
        );
    }

    #[test]
    fn division_by_zero_is_an_error() {
        assert_eq!(
            Number::ONE.checked_div(&Number::ZERO),
            Err(NumberError::DivisionByZero)
        );
        assert_eq!(
            Number::ONE.checked_rem(&Number::ZERO),
            Err(NumberError::DivisionByZero)
        );
        assert_eq!(
            Number::INFINITY.checked_div(&Number::ZERO),
            Err(NumberError::DivisionByZero)
        );
    }

    #[test]
    fn remainder_is_exact_and_takes_the_dividend_sign() {
        assert_eq!(
            Number::from(-5).checked_rem(&Number::from(3)).unwrap(),
            Number::from(-2)
        );
        assert_eq!(n("5.5").checked_rem(&n("2")).unwrap().to_string(), "1.5");
        assert_eq!(n("1e40").checked_rem(&n("7")).unwrap(), Number::from(4));
        assert_eq!(n("3").checked_rem(&Number::INFINITY).unwrap(), n("3"));
    }

    #[test]
    fn infinity_arithmetic_follows_ieee_and_rejects_nan() {
        let inf = Number::INFINITY;
        let ninf = Number::NEG_INFINITY;
        assert_eq!(inf.checked_add(&Number::ONE).unwrap(), inf);
        assert_eq!(inf.checked_sub(&inf), Err(NumberError::NotANumber));
        assert_eq!(inf.checked_add(&ninf), Err(NumberError::NotANumber));
        assert_eq!(inf.checked_mul(&Number::from(-2)).unwrap(), ninf);
        assert_eq!(inf.checked_mul(&Number::ZERO), Err(NumberError::NotANumber));
        assert_eq!(inf.checked_div(&inf), Err(NumberError::NotANumber));
        assert_eq!(Number::ONE.checked_div(&ninf).unwrap(), Number::ZERO);
        assert_eq!(inf.checked_rem(&Number::ONE), Err(NumberError::NotANumber));
        assert_eq!(inf.to_string(), "+Inf");
        assert_eq!(ninf.to_string(), "-Inf");
    }

    #[test]
    fn infinities_order_outside_all_numbers() {
        assert!(Number::INFINITY > n("1e10000"));
        assert!(Number::NEG_INFINITY < n("-1e10000"));
        assert_ne!(Number::INFINITY, Number::NEG_INFINITY);
        assert_eq!(Number::INFINITY, Number::INFINITY);
    }

    #[test]
    fn equality_is_numeric_and_hash_agrees() {
        use std::collections::hash_map::DefaultHasher;
        fn h(x: &Number) -> u64 {
            let mut s = DefaultHasher::new();
            x.hash(&mut s);
            s.finish()
        }
        assert_eq!(n("1.0"), n("1"));
        assert_eq!(h(&n("1.0")), h(&n("1")));
        assert_eq!(n("-0"), n("0"));
        assert_eq!(h(&n("-0")), h(&n("0")));
        assert_eq!(
            n("1e40"),
            n("10000000000000000000000000000000000000000.000")
        );
        assert_eq!(
            h(&n("1e40")),
            h(&n("10000000000000000000000000000000000000000.000"))
        );
        // A big intermediate that comes back small has the small form.
        let back = n("1e40").checked_div(&n("1e39")).unwrap();
        assert_eq!(back, Number::from(10));
        assert_eq!(h(&back), h(&Number::from(10)));
        assert!(n("0.5") > n("1e-1"));
        assert!(n("-1e40") < n("-3"));
        assert!(n("1e40") > n("123456789"));
    }

    #[test]
    fn parse_rejects_bad_syntax() {
        for s in [
            "", "-", "+1", ".5", "5.", "1e", "1e+", " 1", "1 ", "0x10", "NaN", "inf", "1_000",
            "--1",
        ] {
            assert_eq!(Number::parse(s), Err(NumberError::Syntax), "{s:?}");
        }
    }

    #[test]
    fn parse_plain_rejects_exponent() {
        assert_eq!(Number::parse_plain("1e3"), Err(NumberError::Syntax));
        assert_eq!(Number::parse_plain("12.5").unwrap().to_string(), "12.5");
        assert_eq!(Number::parse_plain("-Inf").unwrap(), Number::NEG_INFINITY);
    }

    #[test]
    fn absurd_exponents_are_rejected_quickly() {
        assert_eq!(Number::parse("1e99999999999"), Err(NumberError::OutOfRange));
        assert_eq!(Number::parse("1e-99999999"), Err(NumberError::OutOfRange));
        assert_eq!(Number::parse("1e10001"), Err(NumberError::OutOfRange));
        assert_eq!(Number::parse("0e99999999999").unwrap(), Number::ZERO);
        assert!(Number::parse("1e10000").is_ok());
        assert!(Number::parse("-1e-10000").is_ok());
        assert_eq!(
            n("1e9000").checked_mul(&n("1e9000")),
            Err(NumberError::OutOfRange)
        );
        assert_eq!(Number::from(10).pow(i64::MAX), Err(NumberError::OutOfRange));
        assert_eq!(Number::from(2).pow(-40000), Err(NumberError::OutOfRange));
    }

    #[test]
    fn integer_literal_beyond_max_digits_is_an_error() {
        let long = "1".repeat(1001);
        assert_eq!(Number::parse(&long), Err(NumberError::TooManyDigits));
        let ok = "1".repeat(1000);
        assert_eq!(n(&ok).to_string(), ok);
        // A non-integer literal is rounded instead.
        let frac = format!("0.{}", "1".repeat(1001));
        assert_eq!(n(&frac).to_string(), format!("0.{}", "1".repeat(1000)));
    }

    #[test]
    fn rounding_is_half_to_even() {
        let s = format!("0.{}5", "2".repeat(1000));
        assert_eq!(n(&s).to_string(), format!("0.{}", "2".repeat(1000)));
        let s = format!("0.{}35", "2".repeat(999));
        assert_eq!(n(&s).to_string(), format!("0.{}4", "2".repeat(999)));
        let s = format!("0.{}51", "2".repeat(1000));
        assert_eq!(n(&s).to_string(), format!("0.{}3", "2".repeat(999)));
    }

    #[test]
    fn small_values_stay_decimal() {
        assert!(n("80").as_decimal().is_some());
        assert!(n("0.5").as_decimal().is_some());
        assert!(n("1e20").as_decimal().is_some());
        assert!(n("1e40").as_decimal().is_none());
        assert!(n("1e-40").as_decimal().is_none());
    }

    #[test]
    fn checked_integer_accessors() {
        assert_eq!(n("80").to_i64(), Some(80));
        assert_eq!(n("1.5").to_i64(), None);
        assert_eq!(n("-1").to_u64(), None);
        assert_eq!(n("1e19").to_u64(), Some(10_000_000_000_000_000_000));
        assert_eq!(n("1e19").to_i64(), None);
        assert_eq!(n("1e38").to_i128(), Some(10i128.pow(38)));
        assert_eq!(n("1e39").to_i128(), None);
        assert_eq!(n("3e38").to_u128(), Some(3 * 10u128.pow(38)));
        assert_eq!(Number::INFINITY.to_i64(), None);
        assert_eq!(n("1.0").to_i64(), Some(1));
    }

    #[test]
    fn to_f64_is_nearest_and_checked() {
        assert_eq!(n("0.1").to_f64(), Some(0.1));
        assert_eq!(n("1e300").to_f64(), Some(1e300));
        assert_eq!(n("1e400").to_f64(), None);
        assert_eq!(Number::INFINITY.to_f64(), Some(f64::INFINITY));
        assert_eq!(n("0.1").to_f64_faithful(), Some(0.1));
        assert_eq!(
            Number::ONE
                .checked_div(&Number::from(3))
                .unwrap()
                .to_f64_faithful(),
            None
        );
    }

    #[test]
    fn try_from_f64_uses_shortest_digits_and_rejects_non_finite() {
        assert_eq!(Number::try_from(0.1f64).unwrap().to_string(), "0.1");
        assert_eq!(Number::try_from(1e300f64).unwrap(), n("1e300"));
        assert_eq!(Number::try_from(-2.0f64).unwrap(), Number::from(-2));
        assert_eq!(Number::try_from(f64::NAN), Err(NumberError::NotFinite));
        assert_eq!(Number::try_from(f64::INFINITY), Err(NumberError::NotFinite));
    }

    #[test]
    fn floor_ceil_abs_signum() {
        assert_eq!(n("-1.5").floor(), Number::from(-2));
        assert_eq!(n("-1.5").ceil(), Number::from(-1));
        assert_eq!(n("1.5").trunc(), Number::ONE);
        assert_eq!(n("-1e-40").floor(), Number::from(-1));
        assert_eq!(n("1e-40").ceil(), Number::ONE);
        assert_eq!(n("-2.5").abs().to_string(), "2.5");
        assert_eq!(n("-2.5").signum(), Number::from(-1));
        assert_eq!(Number::ZERO.signum(), Number::ZERO);
        assert_eq!(Number::INFINITY.floor(), Number::INFINITY);
    }

    #[test]
    fn pow_with_integer_exponent() {
        assert_eq!(n("1.5").pow(2).unwrap().to_string(), "2.25");
        assert_eq!(Number::from(2).pow(-2).unwrap().to_string(), "0.25");
        assert_eq!(Number::ZERO.pow(0).unwrap(), Number::ONE);
        assert_eq!(Number::ZERO.pow(-1), Err(NumberError::DivisionByZero));
        assert_eq!(Number::NEG_INFINITY.pow(3).unwrap(), Number::NEG_INFINITY);
        assert_eq!(Number::from(10).pow(150).unwrap(), n("1e150"));
    }

    #[test]
    fn small_integer_arithmetic_stays_small() {
        let a = Number::from(80);
        let b = Number::from(443);
        assert_eq!(
            a.checked_add(&b).unwrap().as_decimal(),
            Some(Decimal::from(523))
        );
        assert_eq!(
            a.checked_mul(&b).unwrap().as_decimal(),
            Some(Decimal::from(35440))
        );
        assert_eq!(b.checked_div(&a).unwrap().to_string(), "5.5375");
    }

    #[test]
    fn decimal_overflow_moves_to_big_exactly() {
        let max = Number::from_decimal(Decimal::MAX);
        let sum = max.checked_add(&Number::ONE).unwrap();
        assert_eq!(sum.to_string(), "79228162514264337593543950336");
        assert_eq!(sum.checked_sub(&Number::ONE).unwrap(), max);
        let tiny = n("0.0000000000000000000000000001");
        assert_eq!(
            tiny.checked_mul(&n("0.1")).unwrap().to_string(),
            format!("0.{}1", "0".repeat(28))
        );
    }

    /// The exact sum, rounded: what `big_add` computed for every pair
    /// before far-apart operands were short-cut.
    fn exact_sum(a: &Number, b: &Number) -> Number {
        let (m1, e1) = a.parts();
        let (m2, e2) = b.parts();
        let e = e1.min(e2);
        from_bigint(
            m1 * pow10_big((e1 - e) as u64) + m2 * pow10_big((e2 - e) as u64),
            e,
        )
        .unwrap()
    }

    fn exact_cmp(a: &Number, b: &Number) -> Ordering {
        let (m1, e1) = a.parts();
        let (m2, e2) = b.parts();
        let e = e1.min(e2);
        (m1 * pow10_big((e1 - e) as u64)).cmp(&(m2 * pow10_big((e2 - e) as u64)))
    }

    fn exact_rem(a: &Number, b: &Number) -> Number {
        let (m1, e1) = a.parts();
        let (m2, e2) = b.parts();
        let e = e1.min(e2);
        from_bigint(
            (m1 * pow10_big((e1 - e) as u64)) % (m2 * pow10_big((e2 - e) as u64)),
            e,
        )
        .unwrap()
    }

    /// Operands around the short-cut threshold: a full-length mantissa, a
    /// power of ten (where subtracting crosses to a shorter leading
    /// exponent and the carry comes back), either sign, either order.
    fn far_apart_pairs() -> Vec<(Number, Number)> {
        let full = format!("{}e500", "7".repeat(Number::MAX_DIGITS));
        let mut bigs = vec![n("1e9999"), n(&full), n("-1e40"), n("123456789e-3000")];
        bigs.extend(bigs.clone().iter().map(|b| -b));
        let mut pairs = Vec::new();
        for big in &bigs {
            let (m, e) = big.parts();
            let lead = e + digit_count(&m) as i64 - 1;
            for gap in (990..1010).chain([1500, 5000, 19_000]) {
                for small in ["5", "-5", "4999", "-5001", "123456789"] {
                    let s = Number::parse(&format!("{small}e{}", lead - gap));
                    if let Ok(s) = s {
                        pairs.push((big.clone(), s.clone()));
                        pairs.push((s, big.clone()));
                    }
                }
            }
        }
        pairs
    }

    #[test]
    fn far_apart_sums_round_as_the_exact_sum_does() {
        let pairs = far_apart_pairs();
        assert!(pairs.len() > 1000, "{}", pairs.len());
        for (a, b) in &pairs {
            assert_eq!(a.checked_add(b).unwrap(), exact_sum(a, b), "{a:?} + {b:?}");
            assert_eq!(
                a.checked_sub(b).unwrap(),
                exact_sum(a, &-b),
                "{a:?} - {b:?}"
            );
        }
        assert_eq!(n("1e9999").checked_add(&n("1e-9999")).unwrap(), n("1e9999"));
        assert_eq!(n("1e9999").checked_sub(&n("1e-9999")).unwrap(), n("1e9999"));
        assert_eq!(n("0").checked_add(&n("1e-9999")).unwrap(), n("1e-9999"));
        assert_eq!(n("1e-9999").checked_add(&n("0")).unwrap(), n("1e-9999"));
    }

    /// Fuzz finding (native target): a sum of far-apart numbers aligned
    /// their exponents, up to 20 000 digits, then printed them in decimal
    /// to round: about a millisecond an operator, for one step of the
    /// budget. The larger operand is now returned as it is.
    #[test]
    fn a_far_apart_sum_is_the_larger_operand_itself() {
        let big = n("1e9999");
        let sum = big.checked_add(&n("3e-9999")).unwrap();
        let (Repr::Big(x), Repr::Big(y)) = (&big.0, &sum.0) else {
            panic!("1e9999 is a big number");
        };
        assert!(Arc::ptr_eq(x, y));
    }

    #[test]
    fn comparisons_across_the_exponent_range_agree_with_exact_scaling() {
        for (a, b) in far_apart_pairs() {
            assert_eq!(a.cmp(&b), exact_cmp(&a, &b), "{a:?} <=> {b:?}");
            assert_eq!(b.cmp(&a), exact_cmp(&b, &a), "{b:?} <=> {a:?}");
        }
        let close = [n("1e-9999"), n("-1e-9999"), n("0"), n("12e30"), n("1.2e31")];
        for a in &close {
            for b in &close {
                assert_eq!(a.cmp(b), exact_cmp(a, b), "{a:?} <=> {b:?}");
            }
        }
        assert_eq!(n("12e30").cmp(&n("1.2e31")), Ordering::Equal);
        assert!(n("-1e9999") < n("-1e-9999"));
        assert!(n("1e-9999") > n("0"));
    }

    #[test]
    fn remainders_across_the_exponent_range_are_exact() {
        for (a, b) in far_apart_pairs() {
            assert_eq!(
                a.checked_rem(&b).unwrap(),
                exact_rem(&a, &b),
                "{a:?} % {b:?}"
            );
        }
        // 10^9999 = 1 (mod 3) and (mod 9); -10^9999 keeps its sign.
        assert_eq!(
            n("1e9999").checked_rem(&n("3e-9999")).unwrap(),
            n("1e-9999")
        );
        assert_eq!(n("-1e9999").checked_rem(&n("9")).unwrap(), n("-1"));
        assert_eq!(
            n("1e-9999").checked_rem(&n("1e9999")).unwrap(),
            n("1e-9999")
        );
        assert_eq!(n("7e5").checked_rem(&n("7e-5")).unwrap(), n("0"));
    }
}
