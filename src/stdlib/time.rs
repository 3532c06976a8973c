//! Date and time functions: `formatdate`, `timeadd` and `timecmp`, over
//! RFC 3339 timestamps, plus the [`Timestamp`] type the impure `timestamp`
//! and `plantimestamp` functions (see [`super::impure`]) produce.
//!
//! Timestamps are parsed as strictly as go-cty 1.13+ does (Go's strict
//! RFC 3339 parser): four-digit year, two-digit month, day, hour, minute
//! and second, an upper-case `T`, an optional fraction, and `Z` or a
//! `±hh:mm` offset whose hours are below 24. The calendar arithmetic is a
//! few lines of proleptic-Gregorian day counting, so no date crate is
//! needed. Error texts name the part of the timestamp at fault, as
//! go-cty's do.

use super::{str_arg, Def};
use crate::eval::{Function, FunctionError};
use crate::value::{Type, Value};

/// The date and time functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        ("formatdate", formatdate()),
        ("timeadd", timeadd()),
        ("timecmp", timecmp()),
    ]
}

/// An instant with the UTC offset it was written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timestamp {
    /// Seconds since 1970-01-01T00:00:00Z.
    pub unix_seconds: i64,
    /// Nanoseconds within the second.
    pub nanos: u32,
    /// The UTC offset in seconds (0 is written `Z`).
    pub offset_seconds: i32,
}

/// The calendar fields of a timestamp in its own offset.
struct Civil {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
    weekday: u32, // 0 = Sunday
}

impl Timestamp {
    /// The current time of the system clock, in UTC.
    pub fn now() -> Timestamp {
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Timestamp {
            unix_seconds: i64::try_from(since.as_secs()).unwrap_or(i64::MAX),
            nanos: since.subsec_nanos(),
            offset_seconds: 0,
        }
    }

    /// Parses a strict RFC 3339 timestamp; the error says which part is
    /// wrong, as go-cty's do.
    pub fn parse_rfc3339(text: &str) -> Result<Timestamp, String> {
        parse(text).map_err(|e| format!("not a valid RFC3339 timestamp: {e}"))
    }

    /// The RFC 3339 text of this instant in its offset, without a fraction
    /// (Go's `time.RFC3339` layout, which Terraform's functions return).
    pub fn to_rfc3339(&self) -> String {
        let c = self.civil();
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{}",
            c.year,
            c.month,
            c.day,
            c.hour,
            c.minute,
            c.second,
            self.offset_text(true, true)
        )
    }

    fn civil(&self) -> Civil {
        let local = self.unix_seconds + i64::from(self.offset_seconds);
        let days = local.div_euclid(86_400);
        let secs = local.rem_euclid(86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: secs / 3600,
            minute: secs / 60 % 60,
            second: secs % 60,
            weekday: (days + 4).rem_euclid(7) as u32,
        }
    }

    /// `Z` (when `z_for_utc` and the offset is 0) or `±hh:mm` / `±hhmm`.
    fn offset_text(&self, z_for_utc: bool, colon: bool) -> String {
        if z_for_utc && self.offset_seconds == 0 {
            return "Z".into();
        }
        let sign = if self.offset_seconds < 0 { '-' } else { '+' };
        let abs = self.offset_seconds.unsigned_abs() / 60;
        let sep = if colon { ":" } else { "" };
        format!("{sign}{:02}{sep}{:02}", abs / 60, abs % 60)
    }

    fn total_nanos(&self) -> i128 {
        i128::from(self.unix_seconds) * 1_000_000_000 + i128::from(self.nanos)
    }
}

/// (year, month, day) of a count of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Days since 1970-01-01 of a proleptic-Gregorian date.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A cursor over the timestamp text, in go-cty's words for its parts.
struct Cursor<'a> {
    rest: &'a str,
}

impl Cursor<'_> {
    /// Exactly two (or four) digits naming `what`.
    fn digits(&mut self, count: usize, what: &str) -> Result<u32, String> {
        if self.rest.is_empty() {
            return Err(format!("end of string before {what}"));
        }
        let ok = self.rest.len() >= count
            && self.rest.as_bytes()[..count].iter().all(u8::is_ascii_digit);
        if !ok {
            if what == "hour" || what == "minute" {
                return Err(format!("{what} must have exactly two digits"));
            }
            return Err(format!("cannot use {:?} as {what}", self.rest));
        }
        let (head, tail) = self.rest.split_at(count);
        self.rest = tail;
        Ok(head.parse().unwrap_or(0))
    }

    fn literal(&mut self, c: char) -> Result<(), String> {
        match self.rest.chars().next() {
            Some(found) if found == c => {
                self.rest = &self.rest[1..];
                Ok(())
            }
            _ if c == 'T' => Err("missing required time introducer 'T'".into()),
            None => Err(format!(
                "end of string where {:?} is expected",
                c.to_string()
            )),
            Some(found) => Err(format!(
                "found {:?} where {:?} is expected",
                found.to_string(),
                c.to_string()
            )),
        }
    }
}

fn parse(text: &str) -> Result<Timestamp, String> {
    let mut cur = Cursor { rest: text };
    let year = i64::from(cur.digits(4, "year")?);
    cur.literal('-')?;
    let month = cur.digits(2, "month")?;
    cur.literal('-')?;
    let day = cur.digits(2, "day of month")?;
    cur.literal('T')?;
    let hour = cur.digits(2, "hour")?;
    cur.literal(':')?;
    let minute = cur.digits(2, "minute")?;
    cur.literal(':')?;
    let second = cur.digits(2, "second")?;
    let mut nanos = 0u32;
    if let Some(frac) = cur.rest.strip_prefix(['.', ',']) {
        let len = frac.bytes().take_while(u8::is_ascii_digit).count();
        if len == 0 {
            return Err(format!("cannot use {:?} as second", cur.rest));
        }
        for (i, b) in frac.bytes().take(len.min(9)).enumerate() {
            nanos += u32::from(b - b'0') * 10u32.pow(8 - i as u32);
        }
        cur.rest = &frac[len..];
    }
    let offset = parse_offset(cur.rest)?;
    if !(1..=12).contains(&month) {
        return Err("month out of range".into());
    }
    if day < 1 || day > days_in_month(year, month) {
        return Err("day out of range".into());
    }
    if hour > 23 {
        return Err("hour must be between 0 and 23 inclusive".into());
    }
    if minute > 59 {
        return Err("minute out of range".into());
    }
    if second > 59 {
        return Err("second out of range".into());
    }
    let local =
        days_from_civil(year, month, day) * 86_400 + i64::from(hour * 3600 + minute * 60 + second);
    Ok(Timestamp {
        unix_seconds: local - i64::from(offset),
        nanos,
        offset_seconds: offset,
    })
}

/// `Z` or `±hh:mm` (hours below 24, minutes below 60), and nothing after.
fn parse_offset(rest: &str) -> Result<i32, String> {
    if rest == "Z" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err("end of string before UTC offset".into());
    }
    let b = rest.as_bytes();
    let well_formed = b.len() == 6
        && (b[0] == b'+' || b[0] == b'-')
        && b[1].is_ascii_digit()
        && b[2].is_ascii_digit()
        && b[3] == b':'
        && b[4].is_ascii_digit()
        && b[5].is_ascii_digit();
    if !well_formed {
        return Err(format!("cannot use {rest:?} as UTC offset"));
    }
    let hours = i32::from(b[1] - b'0') * 10 + i32::from(b[2] - b'0');
    let minutes = i32::from(b[4] - b'0') * 10 + i32::from(b[5] - b'0');
    if hours > 23 || minutes > 59 {
        return Err("time zone offset out of range".into());
    }
    let secs = hours * 3600 + minutes * 60;
    Ok(if b[0] == b'-' { -secs } else { secs })
}

fn timestamp_arg(args: &[Value], i: usize) -> Result<Timestamp, FunctionError> {
    Timestamp::parse_rfc3339(str_arg(args, i)?).map_err(|e| FunctionError::arg(i, e))
}

fn formatdate() -> Function {
    Def::new("Formats a timestamp according to a date format specification.")
        .param("format", Type::String, "The date format specification.")
        .param("time", Type::String, "An RFC 3339 timestamp.")
        .returns(Type::String)
        .build(|args| {
            let spec = str_arg(args, 0)?;
            let ts = timestamp_arg(args, 1)?;
            format_date(spec, &ts)
                .map(Value::from)
                .map_err(|e| FunctionError::arg(0, e))
        })
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Renders `spec` (runs of one letter are verbs, `'...'` is literal text,
/// `''` a quote, anything else is copied) for `ts`.
fn format_date(spec: &str, ts: &Timestamp) -> Result<String, String> {
    let c = ts.civil();
    let mut out = String::with_capacity(spec.len() * 2);
    let mut chars = spec.char_indices().peekable();
    while let Some((start, ch)) = chars.next() {
        if ch == '\'' {
            // `''` outside a literal is one quote.
            if chars.peek().map(|&(_, n)| n) == Some('\'') {
                chars.next();
                out.push('\'');
                continue;
            }
            let mut closed = false;
            while let Some((_, q)) = chars.next() {
                if q == '\'' {
                    if chars.peek().map(|&(_, n)| n) == Some('\'') {
                        chars.next();
                        out.push('\'');
                        continue;
                    }
                    closed = true;
                    break;
                }
                out.push(q);
            }
            if !closed {
                return Err("unterminated literal '".into());
            }
            continue;
        }
        if !ch.is_ascii_alphabetic() {
            out.push(ch);
            continue;
        }
        let mut len = 1;
        while chars.peek().map(|&(_, n)| n) == Some(ch) {
            chars.next();
            len += 1;
        }
        let verb = &spec[start..start + len];
        let h12 = match c.hour % 12 {
            0 => 12,
            h => h,
        };
        let text = match (ch, len) {
            ('Y', 4) => format!("{:04}", c.year),
            ('Y', 2) => format!("{:02}", c.year.rem_euclid(100)),
            ('Y', _) => return Err(bad_verb(verb, "year must either be \"YY\" or \"YYYY\"")),
            ('M', 4) => MONTHS[c.month as usize - 1].to_owned(),
            ('M', 3) => MONTHS[c.month as usize - 1][..3].to_owned(),
            ('M', 2) => format!("{:02}", c.month),
            ('M', 1) => c.month.to_string(),
            ('M', _) => {
                return Err(bad_verb(
                    verb,
                    "month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"",
                ))
            }
            ('D', 2) => format!("{:02}", c.day),
            ('D', 1) => c.day.to_string(),
            ('D', _) => {
                return Err(bad_verb(
                    verb,
                    "day of month must either be \"D\" or \"DD\"",
                ))
            }
            ('E', 4) => WEEKDAYS[c.weekday as usize].to_owned(),
            ('E', 3) => WEEKDAYS[c.weekday as usize][..3].to_owned(),
            ('E', _) => {
                return Err(bad_verb(
                    verb,
                    "day of week must either be \"EEE\" or \"EEEE\"",
                ))
            }
            ('h', 2) => format!("{:02}", c.hour),
            ('h', 1) => c.hour.to_string(),
            ('h', _) => return Err(bad_verb(verb, "24-hour must either be \"h\" or \"hh\"")),
            ('H', 2) => format!("{h12:02}"),
            ('H', 1) => h12.to_string(),
            ('H', _) => return Err(bad_verb(verb, "12-hour must either be \"H\" or \"HH\"")),
            ('A' | 'a', 2) => {
                let am = if c.hour < 12 { "AM" } else { "PM" };
                if ch == 'a' {
                    am.to_ascii_lowercase()
                } else {
                    am.to_owned()
                }
            }
            ('A' | 'a', _) => return Err(bad_verb(verb, "must be \"AA\" or \"aa\"")),
            ('m', 2) => format!("{:02}", c.minute),
            ('m', 1) => c.minute.to_string(),
            ('m', _) => return Err(bad_verb(verb, "minute must either be \"m\" or \"mm\"")),
            ('s', 2) => format!("{:02}", c.second),
            ('s', 1) => c.second.to_string(),
            ('s', _) => return Err(bad_verb(verb, "second must either be \"s\" or \"ss\"")),
            ('Z', 1) => ts.offset_text(true, true),
            ('Z', 3) if ts.offset_seconds == 0 => "UTC".to_owned(),
            ('Z', 3 | 4) => ts.offset_text(false, false),
            ('Z', 5) => ts.offset_text(false, true),
            ('Z', _) => return Err(bad_verb(verb, "timezone must be Z, ZZZZ, or ZZZZZ")),
            _ => return Err(format!("invalid date format verb {verb:?}")),
        };
        out.push_str(&text);
    }
    Ok(out)
}

fn bad_verb(verb: &str, why: &str) -> String {
    format!("invalid date format verb {verb:?}: {why}")
}

fn timeadd() -> Function {
    Def::new("Adds a duration to a timestamp, returning a new timestamp.")
        .param("timestamp", Type::String, "An RFC 3339 timestamp.")
        .param(
            "duration",
            Type::String,
            "A Go duration string, such as \"1h30m\".",
        )
        .returns(Type::String)
        .build(|args| {
            // go-cty fails the call as a whole for both errors.
            let ts = Timestamp::parse_rfc3339(str_arg(args, 0)?).map_err(FunctionError::new)?;
            let duration = parse_duration(str_arg(args, 1)?).map_err(FunctionError::new)?;
            let total = ts.total_nanos() + i128::from(duration);
            let unix_seconds = i64::try_from(total.div_euclid(1_000_000_000))
                .map_err(|_| FunctionError::new("the resulting time is out of range"))?;
            let sum = Timestamp {
                unix_seconds,
                nanos: total.rem_euclid(1_000_000_000) as u32,
                offset_seconds: ts.offset_seconds,
            };
            let year = sum.civil().year;
            if !(0..=9999).contains(&year) {
                return Err(FunctionError::new(
                    "the resulting time is outside the years 0 to 9999",
                ));
            }
            Ok(Value::from(sum.to_rfc3339()))
        })
}

fn timecmp() -> Function {
    Def::new("Compares two timestamps: -1, 0 or 1 as the first is before, at or after the second.")
        .param("timestamp_a", Type::String, "An RFC 3339 timestamp.")
        .param("timestamp_b", Type::String, "An RFC 3339 timestamp.")
        .returns(Type::Number)
        .build(|args| {
            let a = timestamp_arg(args, 0)?;
            let b = timestamp_arg(args, 1)?;
            let order = a.total_nanos().cmp(&b.total_nanos()) as i64;
            Ok(Value::from(order))
        })
}

/// Parses a Go duration (`"1h30m"`, `"-1.5h"`, `"300ms"`) into
/// nanoseconds, with Go's error texts.
pub(crate) fn parse_duration(text: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {text:?}");
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let int_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (int_part, after) = rest.split_at(int_len);
        let (frac_part, after) = match after.strip_prefix('.') {
            Some(f) => {
                let len = f.bytes().take_while(u8::is_ascii_digit).count();
                f.split_at(len)
            }
            None => ("", after),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(invalid());
        }
        let unit_len = after
            .char_indices()
            .find(|&(_, c)| c == '.' || c.is_ascii_digit())
            .map_or(after.len(), |(i, _)| i);
        let (unit, tail) = after.split_at(unit_len);
        if unit.is_empty() {
            return Err(format!("time: missing unit in duration {text:?}"));
        }
        let scale: i128 = match unit {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return Err(format!("time: unknown unit {unit:?} in duration {text:?}")),
        };
        let whole: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().map_err(|_| invalid())?
        };
        let mut value = whole.checked_mul(scale).ok_or_else(invalid)?;
        let mut frac_scale = scale;
        for d in frac_part.bytes().take(30) {
            frac_scale /= 10;
            value += i128::from(d - b'0') * frac_scale;
        }
        total = total.checked_add(value).ok_or_else(invalid)?;
        if total > i128::from(i64::MAX) + 1 {
            return Err(invalid());
        }
        rest = tail;
    }
    let signed = if negative { -total } else { total };
    i64::try_from(signed).map_err(|_| invalid())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_counting_round_trips_across_leap_years() {
        for days in [-719_468, -1, 0, 59, 10_957, 11_016, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn go_durations_in_nanoseconds() {
        assert_eq!(parse_duration("1h30m"), Ok(5_400_000_000_000));
        assert_eq!(parse_duration("-1.5h"), Ok(-5_400_000_000_000));
        assert_eq!(parse_duration("300ms"), Ok(300_000_000));
        assert_eq!(parse_duration("1\u{b5}s"), Ok(1_000));
        assert_eq!(parse_duration("0"), Ok(0));
        assert_eq!(
            parse_duration("1"),
            Err("time: missing unit in duration \"1\"".into())
        );
        assert_eq!(
            parse_duration("1x"),
            Err("time: unknown unit \"x\" in duration \"1x\"".into())
        );
        assert_eq!(
            parse_duration(""),
            Err("time: invalid duration \"\"".into())
        );
        assert_eq!(
            parse_duration("9999999999999h"),
            Err("time: invalid duration \"9999999999999h\"".into())
        );
    }
}
