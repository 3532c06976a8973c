//! Arithmetic: the checked operators, integer powers and negation, each
//! on `Decimal` when the exact result fits, else on the big-number form.

use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::Zero;
use rust_decimal::Decimal;

use super::big::{big_add, cmp_magnitude, digit_count, from_bigint, from_digits, Rounding};
use super::{pow10_big, small, Big, Number, NumberError, Repr, DEC_MAX_SCALE, POW10};

impl Number {
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
