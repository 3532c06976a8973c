//! Byte-level encodings: `textencodebase64` / `textdecodebase64` (text in
//! a named character encoding, feature `text-encodings`), `base64gzip` and
//! OpenTofu's `base64gunzip` (feature `gzip`), and OpenTofu's `urldecode`.
//!
//! Character encodings come from `encoding_rs` (the WHATWG encodings that
//! browsers and Firefox use), looked up by IANA name or alias; UTF-16,
//! which WHATWG only decodes, is encoded here. Gzip is `flate2`. What
//! `base64gunzip` inflates is bounded by the evaluation budget
//! ([`Limits::max_bytes`](crate::value::limits::Limits::max_bytes)): a small compressed
//! argument must not expand into gigabytes.

#[cfg(feature = "gzip")]
use base64::Engine as _;

use super::{str_arg, Def};
use crate::eval::{Function, FunctionError};
use crate::value::{Type, Value};

/// The functions of this module that the enabled features provide.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    #[allow(unused_mut)]
    let mut all = vec![("urldecode", urldecode())];
    #[cfg(feature = "gzip")]
    all.extend([
        ("base64gunzip", gzip::base64gunzip()),
        ("base64gzip", gzip::base64gzip()),
    ]);
    #[cfg(feature = "text-encodings")]
    all.extend([
        ("textdecodebase64", text::textdecodebase64()),
        ("textencodebase64", text::textencodebase64()),
    ]);
    all
}

#[cfg(feature = "gzip")]
fn base64_bytes(text: &str, i: usize) -> Result<Vec<u8>, FunctionError> {
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|e| FunctionError::arg(i, format!("failed to decode base64 data: {e}.")))
}

fn urldecode() -> Function {
    Def::new("Decodes a URL-encoded string (%XX escapes, + as a space).")
        .param("str", Type::String, "The URL-encoded string.")
        .returns(Type::String)
        .build(|args| {
            let text = str_arg(args, 0)?;
            let bytes = text.as_bytes();
            let mut out = Vec::with_capacity(bytes.len());
            let mut i = 0;
            while i < bytes.len() {
                match bytes[i] {
                    b'%' => {
                        let hex = bytes.get(i + 1..i + 3).and_then(|h| {
                            std::str::from_utf8(h)
                                .ok()
                                .and_then(|h| u8::from_str_radix(h, 16).ok())
                                .filter(|_| h.iter().all(u8::is_ascii_hexdigit))
                        });
                        let Some(byte) = hex else {
                            let end = text.len().min(i + 3);
                            let escape = text.get(i..end).unwrap_or(&text[i..]);
                            return Err(FunctionError::arg(
                                0,
                                format!("invalid URL escape {escape:?}."),
                            ));
                        };
                        out.push(byte);
                        i += 3;
                    }
                    b'+' => {
                        out.push(b' ');
                        i += 1;
                    }
                    b => {
                        out.push(b);
                        i += 1;
                    }
                }
            }
            String::from_utf8(out)
                .map(Value::from)
                .map_err(|_| FunctionError::arg(0, "the decoded string is not valid UTF-8."))
        })
}

#[cfg(feature = "gzip")]
mod gzip {
    use std::io::{Read, Write};

    use base64::Engine as _;
    use flate2::read::GzDecoder;
    use flate2::write::GzEncoder;
    use flate2::Compression;

    use super::{base64_bytes, str_arg, Def};
    use crate::eval::{Function, FunctionError};
    use crate::stdlib::budget_error;
    use crate::value::limits::{bytes_left, exceed_bytes};
    use crate::value::{Type, Value};

    pub(super) fn base64gzip() -> Function {
        Def::new("Compresses a string's UTF-8 bytes with gzip and encodes the result in Base64.")
            .param("str", Type::String, "The string to compress.")
            .returns(Type::String)
            .build(|args| {
                let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
                let compressed = encoder
                    .write_all(str_arg(args, 0)?.as_bytes())
                    .and_then(|()| encoder.finish())
                    .map_err(|e| {
                        FunctionError::new(format!("failed to write gzip raw data: {e}"))
                    })?;
                Ok(Value::from(
                    base64::engine::general_purpose::STANDARD.encode(compressed),
                ))
            })
    }

    pub(super) fn base64gunzip() -> Function {
        Def::new("Decodes a Base64 string and decompresses the gzip data in it, which must be UTF-8 text.")
            .param("str", Type::String, "The Base64 text of gzip data.")
            .returns(Type::String)
            .build(|args| {
                let compressed = base64_bytes(str_arg(args, 0)?, 0)?;
                let mut out = Vec::new();
                // A few bytes of gzip inflate to gigabytes: read no more
                // than the evaluation budget has left.
                let limit = bytes_left();
                GzDecoder::new(compressed.as_slice())
                    .take(limit.saturating_add(1))
                    .read_to_end(&mut out)
                    .map_err(|e| {
                        FunctionError::arg(0, format!("failed to gunzip raw data: {e}."))
                    })?;
                if out.len() as u64 > limit {
                    return Err(budget_error(exceed_bytes()));
                }
                String::from_utf8(out).map(Value::from).map_err(|_| {
                    FunctionError::arg(0, "the decompressed data is not valid UTF-8.")
                })
            })
    }
}

#[cfg(feature = "text-encodings")]
mod text {
    use base64::Engine as _;
    use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};

    use super::{str_arg, Def};
    use crate::eval::{Function, FunctionError};
    use crate::value::{Type, Value};

    /// The encoding a name or alias stands for.
    fn encoding(name: &str) -> Result<&'static Encoding, FunctionError> {
        let label = match name.to_ascii_lowercase().as_str() {
            // IANA names WHATWG does not list.
            "utf-16" | "csutf16" => "utf-16be",
            "csutf16le" => "utf-16le",
            "csutf16be" => "utf-16be",
            _ => name,
        }
        .to_owned();
        Encoding::for_label(label.as_bytes()).ok_or_else(|| {
            FunctionError::arg(
                1,
                format!("{name:?} is not a supported IANA encoding name or alias."),
            )
        })
    }

    pub(super) fn textencodebase64() -> Function {
        Def::new("Encodes a string in a named character encoding and returns the bytes in Base64.")
            .param("string", Type::String, "The string to encode.")
            .param("encoding", Type::String, "An IANA character encoding name, such as UTF-16LE.")
            .returns(Type::String)
            .build(|args| {
                let text = str_arg(args, 0)?;
                let enc = encoding(str_arg(args, 1)?)?;
                let bytes: Vec<u8> = if enc == UTF_16LE {
                    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
                } else if enc == UTF_16BE {
                    text.encode_utf16().flat_map(u16::to_be_bytes).collect()
                } else {
                    let (bytes, _, unmappable) = enc.encode(text);
                    if unmappable || enc.output_encoding() != enc {
                        return Err(FunctionError::arg(
                            0,
                            format!(
                                "the given string contains characters that cannot be represented in {}.",
                                enc.name()
                            ),
                        ));
                    }
                    bytes.into_owned()
                };
                Ok(Value::from(
                    base64::engine::general_purpose::STANDARD.encode(bytes),
                ))
            })
    }

    pub(super) fn textdecodebase64() -> Function {
        Def::new("Decodes Base64 bytes in a named character encoding into a string.")
            .param("source", Type::String, "The Base64 text.")
            .param(
                "encoding",
                Type::String,
                "An IANA character encoding name, such as UTF-16LE.",
            )
            .returns(Type::String)
            .build(|args| {
                let enc = encoding(str_arg(args, 1)?)?;
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(str_arg(args, 0)?)
                    .map_err(|e| match e {
                        base64::DecodeError::InvalidByte(offset, _) => FunctionError::arg(
                            0,
                            format!(
                                "the given value has an invalid base64 symbol at offset {offset}."
                            ),
                        ),
                        e => FunctionError::arg(0, format!("failed to decode base64 data: {e}.")),
                    })?;
                let (text, malformed) = enc.decode_without_bom_handling(&bytes);
                if malformed {
                    return Err(FunctionError::arg(
                        0,
                        format!(
                            "the given string contains symbols that are not defined for {}.",
                            enc.name()
                        ),
                    ));
                }
                Ok(Value::from(text.into_owned()))
            })
    }
}
