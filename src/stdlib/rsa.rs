//! `rsadecrypt` (feature `rsa`): decrypts a Base64 RSA ciphertext with
//! PKCS #1 v1.5 padding, given a PEM private key in PKCS #1
//! (`RSA PRIVATE KEY`) or PKCS #8 (`PRIVATE KEY`) form, as Terraform's
//! does. The RSA arithmetic is the `rsa` crate's (RustCrypto).
//!
//! One difference from Terraform: the `rsa` crate answers a ciphertext
//! whose padding is wrong with "implicit rejection" (a deterministic,
//! meaningless plaintext instead of an error, against Marvin-style timing
//! attacks), so such a ciphertext fails here only when that plaintext is
//! not UTF-8 ("the decrypted text is not valid UTF-8"), where Terraform
//! says "failed to decrypt".

use base64::Engine as _;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::{Pkcs1v15Encrypt, PrivateKey};

use super::{str_arg, Def};
use crate::eval::{Function, FunctionError};
use crate::value::{Type, Value};

/// `rsadecrypt`.
pub(crate) fn functions() -> Vec<(&'static str, Function)> {
    vec![("rsadecrypt", rsadecrypt())]
}

fn private_key(pem: &str) -> Result<PrivateKey, FunctionError> {
    let invalid = |why: String| FunctionError::arg(1, format!("invalid private key: {why}."));
    if !pem.contains("-----BEGIN") {
        return Err(invalid("no key found".into()));
    }
    if pem.contains("-----BEGIN RSA PRIVATE KEY-----") {
        PrivateKey::from_pkcs1_pem(pem).map_err(|e| invalid(e.to_string()))
    } else if pem.contains("-----BEGIN PRIVATE KEY-----") {
        PrivateKey::from_pkcs8_pem(pem).map_err(|e| invalid(e.to_string()))
    } else {
        Err(invalid(
            "only RSA keys in PEM form (PKCS #1 or PKCS #8) are supported".into(),
        ))
    }
}

fn rsadecrypt() -> Function {
    Def::new("Decrypts a Base64 RSA ciphertext (PKCS #1 v1.5 padding) with a PEM private key.")
        .param("ciphertext", Type::String, "The Base64 ciphertext.")
        .param(
            "privatekey",
            Type::String,
            "The PEM-encoded RSA private key.",
        )
        .returns(Type::String)
        .build(|args| {
            let text = str_arg(args, 0)?;
            let cipher = base64::engine::general_purpose::STANDARD
                .decode(text)
                .map_err(|_| {
                    FunctionError::arg(
                        0,
                        format!(
                            "failed to decode input {text:?}: cipher text must be base64-encoded."
                        ),
                    )
                })?;
            let key = private_key(str_arg(args, 1)?)?;
            let plain = key
                .decrypt(Pkcs1v15Encrypt, &cipher)
                .map_err(|e| FunctionError::new(format!("failed to decrypt: {e}")))?;
            String::from_utf8(plain)
                .map(Value::from)
                .map_err(|_| FunctionError::new("the decrypted text is not valid UTF-8"))
        })
}
