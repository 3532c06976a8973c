//! Parity with Terraform 1.12 and OpenTofu 1.10: the functions added for
//! it (checked against the examples of their documentation pages, plus
//! error cases), namespaced and `core::` names, the newer semantics of
//! older functions, and the opt-in file-system and unpredictable functions
//! with their sandbox.

use crate::eval_common;
use crate::stdlib_support;

use eval_common::{error, ok};
use hcl_json::stdlib::Filesystem;
use hcl_json::stdlib::Timestamp;
use hcl_json::stdlib::Unpredictable;
use hcl_json::{EvalContext, Type, Value};
use stdlib_support::*;

fn stdlib() -> EvalContext {
    EvalContext::new().with_stdlib()
}

// ---- date and time ----

#[test]
fn formatdate_gives_the_documented_examples() {
    for (spec, ts, want) in [
        (
            "DD MMM YYYY hh:mm ZZZ",
            "2018-01-02T23:12:01Z",
            "02 Jan 2018 23:12 UTC",
        ),
        (
            "EEEE, DD-MMM-YY hh:mm:ss ZZZ",
            "2018-01-02T23:12:01Z",
            "Tuesday, 02-Jan-18 23:12:01 UTC",
        ),
        (
            "EEE, DD MMM YYYY hh:mm:ss ZZZ",
            "2018-01-02T23:12:01-08:00",
            "Tue, 02 Jan 2018 23:12:01 -0800",
        ),
        ("MMM DD, YYYY", "2018-01-02T23:12:01Z", "Jan 02, 2018"),
        ("HH:mmaa", "2018-01-02T23:12:01Z", "11:12pm"),
        ("h'h'mm", "2018-01-02T23:12:01-08:00", "23h12"),
        (
            "YYYY-MM-DD'T'hh:mm:ssZ",
            "2018-01-02T03:04:05+05:30",
            "2018-01-02T03:04:05+05:30",
        ),
        ("ZZZZ ZZZZZ Z", "2018-01-02T03:04:05Z", "+0000 +00:00 Z"),
        (
            "D/M h:m:s AA 'it''s'",
            "2018-01-02T03:04:05Z",
            "2/1 3:4:5 AM it's",
        ),
        ("''MMMM''", "2018-12-02T03:04:05Z", "'December'"),
    ] {
        assert_eq!(call("formatdate", &[s(spec), s(ts)]), Ok(s(want)), "{spec}");
    }
}

#[test]
fn formatdate_rejects_bad_verbs_and_bad_timestamps() {
    assert_eq!(
        arg_err("formatdate", &[s("YYY"), s("2018-01-02T23:12:01Z")], 0),
        "invalid date format verb \"YYY\": year must either be \"YY\" or \"YYYY\""
    );
    assert_eq!(
        arg_err("formatdate", &[s("x"), s("2018-01-02T23:12:01Z")], 0),
        "invalid date format verb \"x\""
    );
    assert_eq!(
        arg_err("formatdate", &[s("'abc"), s("2018-01-02T23:12:01Z")], 0),
        "unterminated literal '"
    );
    assert_eq!(
        arg_err("formatdate", &[s("DD"), s("2018-01-02")], 1),
        "not a valid RFC3339 timestamp: missing required time introducer 'T'"
    );
}

#[test]
fn timestamps_are_parsed_as_strictly_as_go_cty_does() {
    for (ts, why) in [
        (
            "2017-11-22T24:00:00Z",
            "hour must be between 0 and 23 inclusive",
        ),
        ("2017-11-22T1:00:00Z", "hour must have exactly two digits"),
        ("2017-11-22T01:00:00+24:00", "time zone offset out of range"),
        ("2017-13-22T01:00:00Z", "month out of range"),
        ("2017-02-29T01:00:00Z", "day out of range"),
        ("2017-11-22T01:00:00", "end of string before UTC offset"),
        (
            "2017-11-22t01:00:00Z",
            "missing required time introducer 'T'",
        ),
        (
            "17-11-22T01:00:00Z",
            "cannot use \"17-11-22T01:00:00Z\" as year",
        ),
        (
            "2017/11/22T01:00:00Z",
            "found \"/\" where \"-\" is expected",
        ),
    ] {
        assert_eq!(
            arg_err("timecmp", &[s(ts), s("2017-11-22T00:00:00Z")], 0),
            format!("not a valid RFC3339 timestamp: {why}"),
            "{ts}"
        );
    }
    assert_eq!(
        call(
            "timecmp",
            &[s("2016-02-29T00:00:00.123456Z"), s("2016-02-29T00:00:00Z")]
        ),
        Ok(n("1"))
    );
}

#[test]
fn timeadd_gives_the_documented_examples() {
    assert_eq!(
        call("timeadd", &[s("2017-11-22T00:00:00Z"), s("10m")]),
        Ok(s("2017-11-22T00:10:00Z"))
    );
    assert_eq!(
        call("timeadd", &[s("2017-11-22T00:00:00Z"), s("-1h30m")]),
        Ok(s("2017-11-21T22:30:00Z"))
    );
    assert_eq!(
        call("timeadd", &[s("2017-12-31T23:00:00-05:00"), s("2h")]),
        Ok(s("2018-01-01T01:00:00-05:00"))
    );
    assert_eq!(
        call_err("timeadd", &[s("2017-11-22T00:00:00Z"), s("10")]),
        "time: missing unit in duration \"10\""
    );
    assert_eq!(
        call_err("timeadd", &[s("yesterday"), s("1h")]),
        "not a valid RFC3339 timestamp: cannot use \"yesterday\" as year"
    );
}

#[test]
fn timecmp_gives_the_documented_examples() {
    for (a, b_, want) in [
        ("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z", "0"),
        ("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z", "-1"),
        ("2017-11-22T01:00:00Z", "2017-11-22T00:00:00Z", "1"),
        ("2017-11-22T01:00:00Z", "2017-11-22T00:00:00-01:00", "0"),
    ] {
        assert_eq!(call("timecmp", &[s(a), s(b_)]), Ok(n(want)), "{a} {b_}");
    }
    arg_err("timecmp", &[s("2017-11-22T00:00:00Z"), s("now")], 1);
}

// ---- encodings, paths, networks ----

#[cfg(feature = "text-encodings")]
#[test]
fn text_encodings_give_the_documented_examples() {
    assert_eq!(
        call("textencodebase64", &[s("Hello World"), s("UTF-16LE")]),
        Ok(s("SABlAGwAbABvACAAVwBvAHIAbABkAA=="))
    );
    assert_eq!(
        call(
            "textdecodebase64",
            &[s("SABlAGwAbABvACAAVwBvAHIAbABkAA=="), s("UTF-16LE")]
        ),
        Ok(s("Hello World"))
    );
    assert_eq!(
        call("textencodebase64", &[s("\u{e9}"), s("ISO-8859-2")]),
        Ok(s("6Q=="))
    );
    assert_eq!(
        arg_err("textencodebase64", &[s("x"), s("klingon")], 1),
        "\"klingon\" is not a supported IANA encoding name or alias."
    );
    assert_eq!(
        arg_err("textencodebase64", &[s("\u{2603}"), s("windows-1252")], 0),
        "the given string contains characters that cannot be represented in windows-1252."
    );
    assert_eq!(
        arg_err("textdecodebase64", &[s("S!"), s("UTF-16LE")], 0),
        "the given value has an invalid base64 symbol at offset 1."
    );
    assert_eq!(
        arg_err("textdecodebase64", &[s("2A=="), s("UTF-8")], 0),
        "the given string contains symbols that are not defined for UTF-8."
    );
}

#[cfg(feature = "gzip")]
#[test]
fn base64gzip_round_trips_through_base64gunzip() {
    let zipped = call("base64gzip", &[s("test")]).unwrap();
    // The gzip magic number (1f 8b 08) in Base64.
    assert!(zipped.as_str().unwrap().starts_with("H4sI"), "{zipped}");
    assert_eq!(call("base64gunzip", &[zipped]), Ok(s("test")));
    assert_eq!(
        arg_err("base64gunzip", &[s("dGVzdA==")], 0),
        "failed to gunzip raw data: unexpected end of file."
    );
}

#[test]
fn urldecode_gives_the_documented_examples() {
    assert_eq!(
        call(
            "urldecode",
            &[s("mailto%3Aemail%3Fsubject%3Dthis%2Bis%2Bmy%2Bsubject")]
        ),
        Ok(s("mailto:email?subject=this+is+my+subject"))
    );
    assert_eq!(
        call("urldecode", &[s("foo%3Dbar+baz")]),
        Ok(s("foo=bar baz"))
    );
    assert_eq!(
        arg_err("urldecode", &[s("100%zz")], 0),
        "invalid URL escape \"%zz\"."
    );
    assert_eq!(
        arg_err("urldecode", &[s("50%")], 0),
        "invalid URL escape \"%\"."
    );
}

#[test]
fn basename_and_dirname_give_the_documented_examples() {
    assert_eq!(call("basename", &[s("foo/bar/baz.txt")]), Ok(s("baz.txt")));
    assert_eq!(call("dirname", &[s("foo/bar/baz.txt")]), Ok(s("foo/bar")));
    assert_eq!(call("dirname", &[s("baz.txt")]), Ok(s(".")));
    assert_eq!(call("basename", &[s("/")]), Ok(s("/")));
}

#[test]
fn cidrcontains_gives_the_documented_examples() {
    for (prefix, what, want) in [
        ("192.168.2.0/20", "192.168.2.1", true),
        ("192.168.2.0/20", "192.126.2.1", false),
        (
            "fd00:fd12:3456:7890:0000:0000:0000:0000/96",
            "fd00:fd12:3456:7890:0000:0000:0000:1234",
            true,
        ),
        ("192.168.2.0/20", "192.168.2.0/22", true),
        ("192.168.2.0/20", "192.168.0.0/16", false),
    ] {
        assert_eq!(
            call("cidrcontains", &[s(prefix), s(what)]),
            Ok(b(want)),
            "{what}"
        );
    }
    assert_eq!(
        call_err("cidrcontains", &[s("10.0.0.0/8"), s("::1")]),
        "address family mismatch: 10.0.0.0/8 vs. ::1"
    );
    arg_err("cidrcontains", &[s("10.0.0.0/8"), s("nope")], 1);
}

#[cfg(feature = "rsa")]
const PKCS1_KEY: &str = "-----BEGIN RSA PRIVATE KEY-----\nMIICXAIBAAKBgQDrmh2S/3mPz4zN8ADFfNC2yBrhYoScDRDhUMK9PosdoRgIq7Mu\nOZ0u7gN+kIdXQah7smosZ8OFTFw43i4YMCZQk58fhqoaFB15uC/9KAH7z5FUMMxk\nqHOD9F3RK7rKPuRtwzN3JR8yqf3ls41SxgGm3fl2KXao5VBoQm3l9gcgUwIDAQAB\nAoGAS35uy5OhWDuhWrv1A1Mjbe5g7qeq5nYpWomOXSWVXkEoel7KY52CiG8sH3og\nZA1d94UMEH6PYD8/rdlD2+xR2hJ6hsz4CGRTiDK7qQZxwWgOlfwEff2BREA/vSvi\nsKFFl8e9/GfwVr8lRyCfWF69Y7VYAzIJvWtv/GkyVv4kwkECQQD9pQR0ii4MKLIq\nc9BS8r2pW2W9EJVhaLAkSZn/BM+Vg2HIsU4PvWy0zzip6mMCuvMPbo+VOltzmkmn\npXiGlmzPAkEA7co0uchHv3K5oP9rtZ97eDpxATXikBjAfA/0t30qTW+QpLb3wwOU\nz+ERak0agGbz8bQMlp0NgML+mjaHkNhdPQJAZPiQ+nebdxmoO0AZWTvqhoWszYPR\ng5JyNC/cjulyXXmMrqDui1OD98JaM0HsIkUbxzPjEqvFhhKQaZ10ildNfwJBALl4\nJynlEjk8VZdCwhM2oopDIxMroVx9Qd1CYMChitY9N5eR8qwT5gVCal/8ZbhTFOCo\na80qEHcnIIjOEW0jpY0CQGXsVN5K/UgC6ONi2YgtkaN3EhxbHC/BXOhPBFPF1DJ1\ndMldd1j42Uy7eOYIiAqnqVQ4bBEQRfbe72ZU/Jbsq00=\n-----END RSA PRIVATE KEY-----";
#[cfg(feature = "rsa")]
const PKCS8_KEY: &str = "-----BEGIN PRIVATE KEY-----\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAOuaHZL/eY/PjM3w\nAMV80LbIGuFihJwNEOFQwr0+ix2hGAirsy45nS7uA36Qh1dBqHuyaixnw4VMXDje\nLhgwJlCTnx+GqhoUHXm4L/0oAfvPkVQwzGSoc4P0XdEruso+5G3DM3clHzKp/eWz\njVLGAabd+XYpdqjlUGhCbeX2ByBTAgMBAAECgYBLfm7Lk6FYO6Fau/UDUyNt7mDu\np6rmdilaiY5dJZVeQSh6XspjnYKIbywfeiBkDV33hQwQfo9gPz+t2UPb7FHaEnqG\nzPgIZFOIMrupBnHBaA6V/AR9/YFEQD+9K+KwoUWXx738Z/BWvyVHIJ9YXr1jtVgD\nMgm9a2/8aTJW/iTCQQJBAP2lBHSKLgwosipz0FLyvalbZb0QlWFosCRJmf8Ez5WD\nYcixTg+9bLTPOKnqYwK68w9uj5U6W3OaSaeleIaWbM8CQQDtyjS5yEe/crmg/2u1\nn3t4OnEBNeKQGMB8D/S3fSpNb5CktvfDA5TP4RFqTRqAZvPxtAyWnQ2Awv6aNoeQ\n2F09AkBk+JD6d5t3Gag7QBlZO+qGhazNg9GDknI0L9yO6XJdeYyuoO6LU4P3wloz\nQewiRRvHM+MSq8WGEpBpnXSKV01/AkEAuXgnKeUSOTxVl0LCEzaiikMjEyuhXH1B\n3UJgwKGK1j03l5HyrBPmBUJqX/xluFMU4KhrzSoQdycgiM4RbSOljQJAZexU3kr9\nSALo42LZiC2Ro3cSHFscL8Fc6E8EU8XUMnV0yV13WPjZTLt45giICqepVDhsERBF\n9t7vZlT8luyrTQ==\n-----END PRIVATE KEY-----";
#[cfg(feature = "rsa")]
const CIPHERTEXT: &str = "Xv0tx/XW7S+rbdfsGaAzrO5YKwklLjNig7SeGzaU2qU0f/KRCEM/R3Cum0Z4HHF2ZiIJMmLbi5NA9UZSe4koicoZr0jyI8J2DD/kgUgmC2iYWqW0dOBgQ3fMg8Vcic6CXZYiKR9e7rVIl5h1LVusCswMPov0Mttskk/7hSPkUz8=";

#[cfg(feature = "rsa")]
#[test]
fn rsadecrypt_reads_pkcs1_and_pkcs8_keys() {
    for key in [PKCS1_KEY, PKCS8_KEY] {
        assert_eq!(
            call("rsadecrypt", &[s(CIPHERTEXT), s(key)]),
            Ok(s("Hello, world!"))
        );
    }
    assert_eq!(
        arg_err("rsadecrypt", &[s("not base64!"), s(PKCS1_KEY)], 0),
        "failed to decode input \"not base64!\": cipher text must be base64-encoded."
    );
    assert_eq!(
        arg_err("rsadecrypt", &[s(CIPHERTEXT), s("not a key")], 1),
        "invalid private key: no key found."
    );
}

// ---- functions that evaluate syntax ----

#[test]
fn templatestring_renders_a_referenced_template_with_its_variables() {
    let ctx = stdlib().with_variable(
        "local",
        Value::object([("greeting", s("Hello, ${upper(name)}!"))]),
    );
    assert_eq!(
        ok(r#"${templatestring(local.greeting, {name = "Ava"})}"#, &ctx),
        s("Hello, AVA!")
    );
    let (d, text) = error(r#"${templatestring("Hi ${x}", {x = 1})}"#, &ctx);
    assert_eq!(d.summary, "Invalid function argument");
    assert!(d.detail.contains("must be a reference"), "{}", d.detail);
    assert_eq!(text, r#"\"Hi ${x}\""#);
}

#[test]
fn templatestring_cannot_be_called_from_inside_a_template() {
    let ctx = stdlib().with_variable(
        "local",
        Value::object([
            ("outer", s("${templatestring(local.inner, {})}")),
            ("inner", s("x")),
        ]),
    );
    let (d, _) = error(r"${templatestring(local.outer, {local = local})}", &ctx);
    assert_eq!(d.summary, "Error in function call");
    assert!(
        d.detail.contains(
            "cannot recursively call templatestring from inside another template function"
        ),
        "{}",
        d.detail
    );
}

#[test]
fn convert_takes_a_type_expression() {
    let ctx = stdlib();
    assert_eq!(
        ok("${convert([1, 2], list(string))}", &ctx),
        Value::list(Type::String, [s("1"), s("2")]).unwrap()
    );
    assert_eq!(
        ok(
            r#"${convert({a = 1}, object({a = number, b = optional(string, "x")}))}"#,
            &ctx
        ),
        Value::object([("a", n("1")), ("b", s("x"))])
    );
    let (d, text) = error(r#"${convert("abc", number)}"#, &ctx);
    assert_eq!(d.summary, "Invalid function argument");
    assert_eq!(text, r#"\"abc\""#);
}

// ---- names ----

#[test]
fn every_builtin_also_answers_as_core_name() {
    let ctx = stdlib().with_function(
        "upper",
        hcl_json::eval::Function::builder()
            .param(hcl_json::eval::Param::new("s", Type::String))
            .build(|_| Ok(s("shadowed"))),
    );
    assert_eq!(ok(r#"${core::upper("a")}"#, &ctx), s("A"));
    assert_eq!(ok(r#"${upper("a")}"#, &ctx), s("shadowed"));
}

#[test]
fn namespaced_unknown_functions_say_whether_the_namespace_exists() {
    let arn = hcl_json::eval::Function::builder().build(|_| Ok(s("arn")));
    let ctx = stdlib().with_function("provider::aws::arn_parse", arn);
    assert_eq!(ok("${provider::aws::arn_parse()}", &ctx), s("arn"));
    let (d, text) = error("${provider::aws::arn_pars()}", &ctx);
    assert_eq!(d.summary, "Call to unknown function");
    assert_eq!(
        d.detail,
        "There is no function named \"arn_pars\" in namespace provider::aws::. Did you mean provider::aws::arn_parse?"
    );
    assert_eq!(text, "provider::aws::arn_pars");
    let (d, _) = error("${provider::gcp::thing()}", &ctx);
    assert_eq!(
        d.detail,
        "There are no functions in namespace \"provider::gcp::\"."
    );
}

// ---- newer semantics ----

#[test]
fn format_of_an_unknown_of_unknown_type_is_an_unknown_string() {
    assert_eq!(
        call("format", &[s("%s"), Value::dynamic()]),
        Ok(unknown(Type::String))
    );
    assert_eq!(
        call("formatlist", &[s("%s"), Value::dynamic()]),
        Ok(unknown(Type::list(Type::String)))
    );
}

#[test]
fn mark_functions_called_directly_mark_and_unmark() {
    let marked = s("x").mark(hcl_json::value::Marks::SENSITIVE);
    assert_eq!(call("sensitive", &[s("x")]), Ok(marked.clone()));
    assert_eq!(
        call("nonsensitive", std::slice::from_ref(&marked)),
        Ok(s("x"))
    );
    assert_eq!(call("issensitive", &[marked]), Ok(b(true)));
    assert_eq!(call("nonsensitive", &[s("x")]), Ok(s("x")));
    assert_eq!(call("issensitive", &[s("x")]), Ok(b(false)));
    assert_eq!(
        call("ephemeralasnull", &[null(Type::String)]),
        Ok(null(Type::String))
    );
}

// ---- unpredictable functions ----

#[test]
fn unpredictable_functions_are_unknown_in_a_pure_context() {
    let ctx = stdlib().with_unpredictable(Unpredictable::unknown());
    for template in ["${timestamp()}", "${plantimestamp()}", "${uuid()}"] {
        assert_eq!(ok(template, &ctx), unknown(Type::String), "{template}");
    }
    #[cfg(feature = "bcrypt")]
    assert_eq!(ok(r#"${bcrypt("x")}"#, &ctx), unknown(Type::String));
    let (d, _) = error("${timestamp(1)}", &ctx);
    assert_eq!(d.summary, "Too many function arguments");
}

#[test]
fn unpredictable_functions_use_the_sources_the_application_grants() {
    let at = Timestamp::parse_rfc3339("2024-05-01T12:30:00+02:00").unwrap();
    let ctx = stdlib().with_unpredictable(
        Unpredictable::unknown()
            .with_clock(move || at)
            .with_plan_timestamp(at)
            .with_random(|buf| {
                buf.fill(0x11);
                Ok(())
            }),
    );
    assert_eq!(ok("${timestamp()}", &ctx), s("2024-05-01T12:30:00+02:00"));
    assert_eq!(
        ok("${core::plantimestamp()}", &ctx),
        s("2024-05-01T12:30:00+02:00")
    );
    assert_eq!(
        ok("${uuid()}", &ctx),
        s("11111111-1111-4111-9111-111111111111")
    );
    #[cfg(feature = "bcrypt")]
    {
        let hash = ok(r#"${bcrypt("hello world")}"#, &ctx);
        let hash = hash.as_str().unwrap();
        assert!(hash.starts_with("$2a$10$"), "{hash}");
        assert_eq!(hash.len(), 60);
        assert!(ok(r#"${bcrypt("hello world", 4)}"#, &ctx)
            .as_str()
            .unwrap()
            .starts_with("$2a$04$"));
        let (d, _) = error(r#"${bcrypt("x", 3)}"#, &ctx);
        assert!(d.detail.contains("cost 3 is outside"), "{}", d.detail);
    }
}

// ---- the file-system sandbox ----

/// A fresh directory tree for one test: `root/` with files, and a file
/// beside it, outside the root.
struct Tree {
    base: std::path::PathBuf,
}

impl Tree {
    fn new(name: &str) -> Tree {
        let base = std::env::temp_dir().join(format!("hcl-json-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let root = base.join("root");
        std::fs::create_dir_all(root.join("sub/deeper")).unwrap();
        std::fs::write(root.join("hello.txt"), "hello").unwrap();
        std::fs::write(root.join("sub/world.txt"), "world").unwrap();
        std::fs::write(root.join("sub/deeper/x.md"), "x").unwrap();
        std::fs::write(root.join("greeting.tftpl"), "Hi ${name}, ${upper(place)}!").unwrap();
        std::fs::write(root.join("binary.bin"), [0xff, 0xfe]).unwrap();
        std::fs::write(base.join("secret.txt"), "secret").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(base.join("secret.txt"), root.join("link-out")).unwrap();
            std::os::unix::fs::symlink(root.join("hello.txt"), root.join("link-in")).unwrap();
        }
        Tree { base }
    }

    fn root(&self) -> std::path::PathBuf {
        self.base.join("root")
    }

    fn ctx(&self) -> EvalContext {
        stdlib().with_filesystem(Filesystem::new(self.root()).max_file_bytes(1024))
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

#[test]
fn files_under_the_root_are_read() {
    let tree = Tree::new("read");
    let ctx = tree.ctx();
    assert_eq!(ok(r#"${file("hello.txt")}"#, &ctx), s("hello"));
    assert_eq!(ok(r#"${file("sub/../hello.txt")}"#, &ctx), s("hello"));
    assert_eq!(ok(r#"${filebase64("binary.bin")}"#, &ctx), s("//4="));
    assert_eq!(ok(r#"${fileexists("hello.txt")}"#, &ctx), b(true));
    assert_eq!(ok(r#"${fileexists("nope.txt")}"#, &ctx), b(false));
    #[cfg(feature = "hashes")]
    {
        assert_eq!(
            ok(r#"${filemd5("hello.txt")}"#, &ctx),
            s("5d41402abc4b2a76b9719d911017c592")
        );
        assert_eq!(
            ok(r#"${filesha256("hello.txt")}"#, &ctx),
            s("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        );
    }
    let root = std::fs::canonicalize(tree.root()).unwrap();
    assert_eq!(
        ok(r#"${abspath("sub/./world.txt")}"#, &ctx),
        s(root.join("sub/world.txt").to_str().unwrap())
    );
    #[cfg(unix)]
    assert_eq!(ok(r#"${file("link-in")}"#, &ctx), s("hello"));
}

#[test]
fn fileset_matches_glob_patterns_under_a_directory() {
    let tree = Tree::new("fileset");
    let ctx = tree.ctx();
    let set = |items: &[&str]| Value::set(Type::String, items.iter().map(|i| s(i))).unwrap();
    assert_eq!(ok(r#"${fileset(".", "*.txt")}"#, &ctx), set(&["hello.txt"]));
    assert_eq!(ok(r#"${fileset("sub", "*")}"#, &ctx), set(&["world.txt"]));
    assert_eq!(
        ok(r#"${fileset(".", "**/*.{txt,md}")}"#, &ctx),
        set(&["hello.txt", "sub/world.txt", "sub/deeper/x.md"])
    );
}

#[test]
fn templatefile_renders_a_file_with_its_variables() {
    let tree = Tree::new("templatefile");
    let ctx = tree.ctx();
    assert_eq!(
        ok(
            r#"${templatefile("greeting.tftpl", {name = "Ava", place = "home"})}"#,
            &ctx
        ),
        s("Hi Ava, HOME!")
    );
    let (d, _) = error(r#"${templatefile("greeting.tftpl", {name = "Ava"})}"#, &ctx);
    assert_eq!(d.summary, "Unknown variable");
}

#[test]
fn paths_leading_out_of_the_root_are_errors() {
    let tree = Tree::new("escape");
    let ctx = tree.ctx();
    let mut escapes = vec![
        r#"${file("../secret.txt")}"#.to_string(),
        r#"${file("sub/../../secret.txt")}"#.to_string(),
        format!(r#"${{file("{}")}}"#, tree.base.join("secret.txt").display()),
        r#"${file("/etc/passwd")}"#.to_string(),
        r#"${fileexists("../secret.txt")}"#.to_string(),
        r#"${abspath("../x")}"#.to_string(),
    ];
    if cfg!(unix) {
        escapes.push(r#"${file("link-out")}"#.to_string());
        escapes.push(r#"${fileexists("link-out")}"#.to_string());
    }
    for template in &escapes {
        let (d, _) = error(template, &ctx);
        assert_eq!(d.summary, "Invalid function argument", "{template}");
        assert!(
            d.detail.contains("leads outside the root directory"),
            "{template}: {}",
            d.detail
        );
    }
    // A link out of the root is not listed either.
    let listed = ok(r#"${fileset(".", "link-*")}"#, &ctx);
    let want: Vec<Value> = if cfg!(unix) {
        vec![s("link-in")]
    } else {
        vec![]
    };
    assert_eq!(listed, Value::set(Type::String, want).unwrap());
}

#[test]
fn missing_huge_and_non_text_files_are_errors() {
    let tree = Tree::new("limits");
    std::fs::write(tree.root().join("huge.txt"), "x".repeat(1025)).unwrap();
    std::fs::write(tree.root().join("edge.txt"), "x".repeat(1024)).unwrap();
    let ctx = tree.ctx();
    let (d, _) = error(r#"${file("missing.txt")}"#, &ctx);
    assert!(
        d.detail.starts_with(
            "Invalid value for \"path\" parameter: no file exists at \"missing.txt\";"
        ),
        "{}",
        d.detail
    );
    let (d, _) = error(r#"${file("huge.txt")}"#, &ctx);
    assert_eq!(
        d.detail,
        "Invalid value for \"path\" parameter: \"huge.txt\" is larger than the limit of 1024 bytes."
    );
    assert_eq!(ok(r#"${length(file("edge.txt"))}"#, &ctx), n("1024"));
    let (d, _) = error(r#"${file("binary.bin")}"#, &ctx);
    assert!(
        d.detail
            .contains("are not valid UTF-8; use the filebase64 function"),
        "{}",
        d.detail
    );
    let (d, _) = error(r#"${file("sub")}"#, &ctx);
    assert!(d.detail.contains("is a directory"), "{}", d.detail);
}

#[test]
fn pathexpand_uses_the_home_the_application_gives() {
    let ctx = stdlib().with_filesystem(Filesystem::new(".").home("/home/ava"));
    assert_eq!(
        ok(r#"${pathexpand("~/.ssh/id_rsa")}"#, &ctx),
        s("/home/ava/.ssh/id_rsa")
    );
    assert_eq!(ok(r#"${pathexpand("/etc/hosts")}"#, &ctx), s("/etc/hosts"));
    assert_eq!(ok(r#"${pathexpand("~bob/x")}"#, &ctx), s("~bob/x"));
}
