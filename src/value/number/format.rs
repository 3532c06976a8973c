//! Writing numbers: the full `Display` form without an exponent, and the
//! brief form that messages show.

use std::fmt;

use num_traits::Signed;

use super::{Number, Repr};

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
