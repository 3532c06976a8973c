//! Finding bytes eight at a time in a `u64`, for the scans every JSON
//! string goes through (its end when parsed, its escapes when decoded)
//! and the scan of template text for its next `${`, `%{` or escape.
//!
//! Most strings of a configuration are short (names, references, a few
//! words of a template), too short for a SIMD routine's setup to pay; a
//! word at a time, with no call, is what they need. The tests rest on one
//! fact of the classic "has a zero byte" trick: subtracting 0x01 from each
//! byte borrows from a byte's top bit only at a zero byte or *above* one,
//! so the lowest marked byte is always a true one.

const ONES: u64 = u64::from_le_bytes([0x01; 8]);
const HIGH: u64 = ONES * 0x80;

/// The top bit of each byte of `x` that is below `n` (at most 0x80), and
/// maybe of bytes above such a byte.
pub(crate) fn below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH
}

/// The top bit of each byte of `x` equal to `b`, and maybe of bytes above
/// such a byte.
pub(crate) fn equal(x: u64, b: u8) -> u64 {
    below(x ^ (ONES * u64::from(b)), 1)
}

/// The offset of the first byte at or after `from` that `is` holds for;
/// `marks` marks, in a word, the top bit of each such byte (and maybe of
/// bytes above one).
#[inline]
pub(crate) fn first(
    s: &[u8],
    from: usize,
    marks: impl Fn(u64) -> u64,
    is: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut i = from.min(s.len());
    while let Some(w) = s.get(i..i + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(w);
        let m = marks(u64::from_le_bytes(bytes));
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    s[i..].iter().position(|&b| is(b)).map(|k| i + k)
}
