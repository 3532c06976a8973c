//! Hash and UUID functions, called through `Function::call`.

#![cfg(feature = "hashes")]

use crate::stdlib_support;

use hcl_json::Type;
use stdlib_support::*;

#[test]
fn hex_digests_of_utf8_bytes() {
    assert_eq!(
        call("md5", &[s("hello world")]),
        Ok(s("5eb63bbbe01eeed093cb22bb8f5acdc3"))
    );
    assert_eq!(
        call("sha1", &[s("hello world")]),
        Ok(s("2aae6c35c94fcfb415dbe95f408b9ce91ee846ed"))
    );
    assert_eq!(
        call("sha256", &[s("hello world")]),
        Ok(s(
            "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9"
        ))
    );
    assert_eq!(
        call("sha512", &[s("hello world")]),
        Ok(s("309ecc489c12d6eb4cc40f50c902f2b4d0ed77ee511a7c7a9bcd3ca86d4cd86f989dd35bc5ff499670da34255b45b0cfd830e81f605dcf7dc5542e93ae9cd76f"))
    );
    assert_eq!(
        call("sha256", &[s("")]),
        Ok(s(
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        ))
    );
}

#[test]
fn base64_digests() {
    assert_eq!(
        call("base64sha256", &[s("hello world")]),
        Ok(s("uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek="))
    );
    assert_eq!(
        call("base64sha512", &[s("hello world")]),
        Ok(s("MJ7MSJwS1utMxA9QyQLytNDtd+5RGnx6m808qG1M2G+YndNbxf9JlnDaNCVbRbDP2DDoH2Bdz33FVC6TrpzXbw=="))
    );
}

#[test]
fn hash_functions_reject_null_and_pass_unknown_through() {
    arg_err("sha256", &[null(Type::String)], 0);
    assert_eq!(
        call("md5", &[unknown(Type::String)]),
        Ok(unknown(Type::String))
    );
}

#[test]
fn uuidv5_uses_named_or_explicit_namespaces() {
    assert_eq!(
        call("uuidv5", &[s("dns"), s("www.terraform.io")]),
        Ok(s("a5008fae-b28c-5ba5-96cd-82b4c53552d6"))
    );
    assert_eq!(
        call("uuidv5", &[s("url"), s("https://www.terraform.io/")]),
        Ok(s("9db6f67c-dd95-5ea0-aa5b-e70e5c5f7cf5"))
    );
    assert_eq!(
        call("uuidv5", &[s("x500"), s("CN=Example,C=GB")]),
        Ok(s("84e09961-4aa4-57f8-95b7-03edb1073253"))
    );
    assert_eq!(
        call("uuidv5", &[s("oid"), s("1.2.3")]),
        Ok(s("42d5e23b-3a02-5135-85c6-52d1102f1f00"))
    );
    assert_eq!(
        call(
            "uuidv5",
            &[
                s("743ac3c0-3bf7-4a5b-9e6c-59360447c757"),
                s("LIBS:diskfont.library")
            ]
        ),
        Ok(s("ede1a974-df7e-5f17-84b9-76208818b2c8"))
    );
    assert!(arg_err("uuidv5", &[s("nope"), s("x")], 0).contains("namespace"));
}

#[test]
fn uuidv5_namespace_may_be_braced_urn_or_bare_hex() {
    let expected = Ok(s("ede1a974-df7e-5f17-84b9-76208818b2c8"));
    for ns in [
        "{743ac3c0-3bf7-4a5b-9e6c-59360447c757}",
        "urn:uuid:743ac3c0-3bf7-4a5b-9e6c-59360447c757",
        "743AC3C03BF74A5B9E6C59360447C757",
    ] {
        assert_eq!(
            call("uuidv5", &[s(ns), s("LIBS:diskfont.library")]),
            expected,
            "{ns}"
        );
    }
    for bad in [
        "743ac3c0-3bf7-4a5b-9e6c-59360447c75",
        "743ac3c0+3bf7-4a5b-9e6c-59360447c757",
        "+43ac3c03bf74a5b9e6c59360447c757",
        "743ac3c0-3bf7-4a5b-9e6c-59360447c7ç",
    ] {
        assert!(
            arg_err("uuidv5", &[s(bad), s("x")], 0).contains("namespace"),
            "{bad}"
        );
    }
}
