//! Hash functions: `md5`, `sha1`, `sha256`, `sha512` (hexadecimal digests
//! of a string's UTF-8 bytes), `base64sha256`, `base64sha512` (the same
//! digests in Base64) and `uuidv5` (name-based UUIDs).
//!
//! The digests come from the RustCrypto crates (`md-5`, `sha1`, `sha2`),
//! UUIDs from `uuid`; none of these functions is random.

use base64::Engine as _;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::{str_arg, Def};
use crate::eval::{Function, FunctionError};
use crate::value::{Type, Value};

/// The hash functions, by name.
pub fn functions() -> Vec<(&'static str, Function)> {
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
            let sum = D::digest(str_arg(args, 0)?.as_bytes());
            Ok(Value::from(if base64 {
                base64::engine::general_purpose::STANDARD.encode(sum)
            } else {
                sum.iter().map(|b| format!("{b:02x}")).collect::<String>()
            }))
        })
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
                "dns" => uuid::Uuid::NAMESPACE_DNS,
                "url" => uuid::Uuid::NAMESPACE_URL,
                "oid" => uuid::Uuid::NAMESPACE_OID,
                "x500" => uuid::Uuid::NAMESPACE_X500,
                other => uuid::Uuid::parse_str(other).map_err(|e| {
                    FunctionError::arg(
                        0,
                        format!("the namespace must be \"dns\", \"url\", \"oid\", \"x500\" or a UUID: {e}."),
                    )
                })?,
            };
            let name = str_arg(args, 1)?;
            Ok(Value::from(uuid::Uuid::new_v5(&ns, name.as_bytes()).to_string()))
        })
}
