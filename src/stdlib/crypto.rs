//! Hash functions: `md5`, `sha1`, `sha256`, `sha512` (hexadecimal digests
//! of a string's UTF-8 bytes), `base64sha256`, `base64sha512` (the same
//! digests in Base64) and `uuidv5` (name-based UUIDs).
//!
//! The digests come from the RustCrypto crates (`md-5`, `sha1`, `sha2`);
//! a version 5 UUID is a SHA-1 digest with its version and variant bits set
//! (RFC 9562, section 5.5), a few lines here rather than a dependency.
//! None of these functions is random.

use base64::Engine as _;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::{str_arg, Def};
use crate::eval::{Function, FunctionError};
use crate::value::{Type, Value};

/// The hash functions, by name.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![
        (
            "base64sha256",
            digest::<Sha256>("Returns the SHA-256 digest of a string, in Base64.", true),
        ),
        (
            "base64sha512",
            digest::<Sha512>("Returns the SHA-512 digest of a string, in Base64.", true),
        ),
        (
            "md5",
            digest::<Md5>("Returns the MD5 digest of a string, in hexadecimal.", false),
        ),
        (
            "sha1",
            digest::<Sha1>(
                "Returns the SHA-1 digest of a string, in hexadecimal.",
                false,
            ),
        ),
        (
            "sha256",
            digest::<Sha256>(
                "Returns the SHA-256 digest of a string, in hexadecimal.",
                false,
            ),
        ),
        (
            "sha512",
            digest::<Sha512>(
                "Returns the SHA-512 digest of a string, in hexadecimal.",
                false,
            ),
        ),
        ("uuidv5", uuidv5()),
    ]
}

fn digest<D: Digest>(description: &'static str, base64: bool) -> Function {
    Def::new(description)
        .param(
            "str",
            Type::String,
            "The string whose UTF-8 bytes are hashed.",
        )
        .returns(Type::String)
        .build(move |args| {
            let bytes = str_arg(args, 0)?.as_bytes();
            Ok(Value::from(if base64 {
                base64_digest::<D>(bytes)
            } else {
                hex_digest::<D>(bytes)
            }))
        })
}

/// The digest of `bytes` in Base64 (also for the file hashes).
pub(crate) fn base64_digest<D: Digest>(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(D::digest(bytes))
}

/// The digest of `bytes` in lower-case hexadecimal.
pub(crate) fn hex_digest<D: Digest>(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let digest = D::digest(bytes);
    let mut hex = String::with_capacity(digest.len() * 2);
    for b in &digest {
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

fn uuidv5() -> Function {
    Def::new("Returns a name-based (version 5) UUID for a name within a namespace.")
        .param(
            "namespace",
            Type::String,
            "\"dns\", \"url\", \"oid\", \"x500\", or a namespace UUID.",
        )
        .param("name", Type::String, "The name within the namespace.")
        .returns(Type::String)
        .build(|args| {
            let ns = match str_arg(args, 0)? {
                "dns" => NAMESPACE_DNS,
                "url" => NAMESPACE_URL,
                "oid" => NAMESPACE_OID,
                "x500" => NAMESPACE_X500,
                other => parse_uuid(other).ok_or_else(|| {
                    FunctionError::arg(
                        0,
                        format!(
                            "the namespace must be \"dns\", \"url\", \"oid\", \"x500\" or a UUID, \
                             but {other:?} is none of these."
                        ),
                    )
                })?,
            };
            let name = str_arg(args, 1)?;
            Ok(Value::from(format_uuid(&uuid_v5(&ns, name.as_bytes()))))
        })
}

/// The namespaces RFC 9562 (appendix A) predefines.
const NAMESPACE_DNS: [u8; 16] = namespace(0x6ba7_b810);
const NAMESPACE_URL: [u8; 16] = namespace(0x6ba7_b811);
const NAMESPACE_OID: [u8; 16] = namespace(0x6ba7_b812);
const NAMESPACE_X500: [u8; 16] = namespace(0x6ba7_b814);

/// The predefined namespaces differ only in their first 32 bits:
/// `XXXXXXXX-9dad-11d1-80b4-00c04fd430c8`.
const fn namespace(first: u32) -> [u8; 16] {
    let f = first.to_be_bytes();
    [
        f[0], f[1], f[2], f[3], 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ]
}

/// A name-based UUID: SHA-1 over the namespace and the name, cut to 16
/// bytes, with version 5 and the RFC variant written into it.
fn uuid_v5(namespace: &[u8; 16], name: &[u8]) -> [u8; 16] {
    let digest = Sha1::new()
        .chain_update(namespace)
        .chain_update(name)
        .finalize();
    let mut uuid = [0u8; 16];
    uuid.copy_from_slice(&digest[..16]);
    uuid[6] = (uuid[6] & 0x0f) | 0x50;
    uuid[8] = (uuid[8] & 0x3f) | 0x80;
    uuid
}

/// A UUID in the forms Terraform's `uuidv5` accepts: hyphenated
/// (`6ba7b810-9dad-11d1-80b4-00c04fd430c8`), braced, `urn:uuid:`-prefixed,
/// or 32 bare hexadecimal digits.
fn parse_uuid(text: &str) -> Option<[u8; 16]> {
    let hyphenated = |s: &str| {
        let b = s.as_bytes();
        (b.len() == 36 && [8, 13, 18, 23].iter().all(|&i| b[i] == b'-')).then(|| s.replace('-', ""))
    };
    let hex = if text.len() == 32 {
        text.to_owned()
    } else if let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        hyphenated(inner)?
    } else if let Some(inner) = text
        .get(..9)
        .filter(|p| p.eq_ignore_ascii_case("urn:uuid:"))
    {
        hyphenated(&text[inner.len()..])?
    } else {
        hyphenated(text)?
    };
    let mut uuid = [0u8; 16];
    for (i, byte) in uuid.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    // `from_str_radix` takes a leading `+`; a UUID has none.
    hex.bytes().all(|b| b.is_ascii_hexdigit()).then_some(uuid)
}

/// The canonical lower-case hyphenated form.
fn format_uuid(uuid: &[u8; 16]) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(36);
    for (i, b) in uuid.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        // Writing into a String cannot fail.
        let _ = write!(out, "{b:02x}");
    }
    out
}
