//! How `format` writes numbers: integer digits in any base, and Go's `%f`,
//! `%e` and `%g` forms, exact for `%f` and for the shortest `%v`.

use num_bigint::BigInt;

use crate::value::Number;

/// A whole number's sign (true: below zero) and the digits of its
/// magnitude in `radix` (2, 8, 10 or 16, lower case). Numbers that fit an
/// `i128` are written by the standard formatter, others through a big
/// integer: the same digits.
pub(super) fn integer_digits(n: &Number, radix: u32) -> Result<(bool, String), String> {
    if let Some(i) = n.to_i128() {
        let m = i.unsigned_abs();
        let digits = match radix {
            2 => format!("{m:b}"),
            8 => format!("{m:o}"),
            16 => format!("{m:x}"),
            _ => m.to_string(),
        };
        return Ok((i < 0, digits));
    }
    let big = BigInt::parse_bytes(n.to_string().as_bytes(), 10)
        .ok_or_else(|| "the number cannot be formatted".to_string())?;
    Ok((
        big.sign() == num_bigint::Sign::Minus,
        big.magnitude().to_str_radix(radix),
    ))
}

/// The exact decimal `n` with `prec` fraction digits, rounded half to even
/// (Go's rounding of exact values).
pub(crate) fn fixed(n: &Number, prec: usize) -> String {
    if n.is_infinite() {
        return n.to_string();
    }
    let text = n.to_string();
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let mut digits: Vec<u8> = int.bytes().map(|b| b - b'0').collect();
    let int_len = digits.len();
    let frac_digits: Vec<u8> = frac.bytes().map(|b| b - b'0').collect();
    digits.extend(frac_digits.iter().take(prec));
    while digits.len() < int_len + prec {
        digits.push(0);
    }
    if frac_digits.len() > prec {
        let first = frac_digits[prec];
        let rest_nonzero = frac_digits[prec + 1..].iter().any(|d| *d != 0);
        let last_odd = digits.last().is_some_and(|d| d % 2 == 1);
        let up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
        if up {
            let mut i = digits.len();
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
    }
    let split = digits.len() - prec;
    let mut out = String::with_capacity(digits.len() + 2);
    let is_zero = digits.iter().all(|d| *d == 0);
    if negative && !is_zero {
        out.push('-');
    }
    out.extend(digits[..split].iter().map(|d| char::from(b'0' + d)));
    if prec > 0 {
        out.push('.');
        out.extend(digits[split..].iter().map(|d| char::from(b'0' + d)));
    }
    out
}

/// Go's `%e`: `d.dddddde±dd`.
pub(super) fn exponent_form(f: f64, prec: usize, upper: bool) -> String {
    if !f.is_finite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let s = format!("{f:.prec$e}");
    go_exponent(&s, upper)
}

/// Rewrites Rust's `1.5e3` exponent as Go's `1.5e+03`.
fn go_exponent(s: &str, upper: bool) -> String {
    let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    let e = if upper { 'E' } else { 'e' };
    format!("{mant}{e}{sign}{digits:0>2}")
}

/// Go's `%g`: the shortest representation (or `prec` significant
/// digits), in exponent form for large and small exponents.
pub(super) fn general_form(f: f64, prec: Option<usize>, upper: bool) -> String {
    if !f.is_finite() {
        return if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let sci = match prec {
        Some(p) => format!("{f:.*e}", p.max(1) - 1),
        None => format!("{f:e}"),
    };
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let (negative, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant),
    };
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let eprec = match prec {
        // Go uses 6 as the threshold when printing the shortest digits.
        None => 6,
        Some(p) => {
            let p = p.max(1) as i64;
            if p > digits.len() as i64 && digits.len() as i64 > exp {
                digits.len() as i64
            } else {
                p
            }
        }
    };
    let sign = if negative { "-" } else { "" };
    if exp < -4 || exp >= eprec {
        let m = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits.to_string()
        };
        return format!("{sign}{}", go_exponent(&format!("{m}e{exp}"), upper));
    }
    let body = if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let point = exp as usize + 1;
        if digits.len() > point {
            format!("{}.{}", &digits[..point], &digits[point..])
        } else {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        }
    };
    format!("{sign}{body}")
}

/// Go's `%g` of an exact number with the shortest digits (what go-cty's
/// `%v` prints: `big.Float.Text('g', -1)`): exponent form when the decimal
/// exponent is below -4 or at least 6 (`1e+06`, `1.23456789e+08`), plain
/// digits otherwise (`123456`, `0.0001`).
pub(crate) fn shortest_general(n: &Number) -> String {
    if n.is_infinite() {
        return if n.is_negative() { "-Inf" } else { "+Inf" }.into();
    }
    let (negative, digits, exp) = crate::value::decimal_parts(&n.to_string());
    let sign = if negative { "-" } else { "" };
    if !(-4..6).contains(&exp) {
        let mantissa = match digits.len() {
            1 => digits.clone(),
            _ => format!("{}.{}", &digits[..1], &digits[1..]),
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{mantissa}e{esign}{:02}", exp.unsigned_abs());
    }
    let body = if exp < 0 {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let point = exp as usize + 1;
        if digits.len() > point {
            format!("{}.{}", &digits[..point], &digits[point..])
        } else {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        }
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `integer_digits` writes numbers that fit an `i128` with the standard
    /// formatter: the same digits as the big-integer path.
    #[test]
    fn small_integers_have_the_digits_of_the_big_integer_path() {
        let texts = [
            "0",
            "-0",
            "1",
            "-1",
            "40",
            "125.6e1",
            "-255",
            "9223372036854775807",
            "-9223372036854775808",
            "170141183460469231731687303715884105727",
            "-170141183460469231731687303715884105727",
        ];
        for text in texts {
            let n: Number = text.parse().unwrap();
            let big = BigInt::parse_bytes(n.to_string().as_bytes(), 10).unwrap();
            for radix in [2, 8, 10, 16] {
                let expected = (
                    big.sign() == num_bigint::Sign::Minus,
                    big.magnitude().to_str_radix(radix),
                );
                assert_eq!(
                    integer_digits(&n, radix),
                    Ok(expected),
                    "{text} in base {radix}"
                );
            }
        }
        // Past an i128: the big path.
        let huge: Number = "-1e60".parse().unwrap();
        let (negative, digits) = integer_digits(&huge, 10).unwrap();
        assert!(negative);
        assert_eq!(digits, format!("1{}", "0".repeat(60)));
    }
}
