//! Encoding functions, called through `Function::call`.

use crate::stdlib_support;

use hcl_json::{Number, Type, Value};
use stdlib_support::*;

#[test]
fn base64_round_trips_utf8_text() {
    assert_eq!(
        call("base64encode", &[s("Hello World")]),
        Ok(s("SGVsbG8gV29ybGQ="))
    );
    assert_eq!(
        call("base64decode", &[s("SGVsbG8gV29ybGQ=")]),
        Ok(s("Hello World"))
    );
    assert_eq!(call("base64encode", &[s("")]), Ok(s("")));
    assert_eq!(call("base64decode", &[s("w6k=")]), Ok(s("é")));
}

#[test]
fn base64decode_rejects_invalid_data_and_invalid_utf8() {
    assert!(arg_err("base64decode", &[s("not base64!")], 0).contains("failed to decode"));
    assert!(arg_err("base64decode", &[s("SGVsbG8")], 0).contains("failed to decode"));
    assert!(arg_err("base64decode", &[s("/w==")], 0).contains("not valid UTF-8"));
}

#[test]
fn urlencode_escapes_like_go_query_escape() {
    assert_eq!(
        call("urlencode", &[s("Hello World!")]),
        Ok(s("Hello+World%21"))
    );
    assert_eq!(call("urlencode", &[s("a-b_c.d~e")]), Ok(s("a-b_c.d~e")));
    assert_eq!(
        call("urlencode", &[s("☃/?&=")]),
        Ok(s("%E2%98%83%2F%3F%26%3D"))
    );
}

#[test]
#[cfg(feature = "csv")]
fn csvdecode_gives_a_list_of_row_objects() {
    let v = call("csvdecode", &[s("a,b\n1,\"x,y\"\n3,4\n")]).unwrap();
    let row_ty = Type::object([("a", Type::String), ("b", Type::String)]);
    assert_eq!(
        v,
        Value::list(
            row_ty.clone(),
            [
                obj(&[("a", s("1")), ("b", s("x,y"))]),
                obj(&[("a", s("3")), ("b", s("4"))]),
            ]
        )
        .unwrap()
    );
    assert_eq!(
        call("csvdecode", &[s("a,b\n")]),
        Ok(Value::empty_list(row_ty))
    );
}

#[test]
#[cfg(feature = "csv")]
fn csvdecode_errors() {
    assert!(call_err("csvdecode", &[s("")]).contains("missing header"));
    assert!(call_err("csvdecode", &[s("a,b\n1\n")]).contains("has 1 fields"));
    assert!(call_err("csvdecode", &[s("a,a\n1,2\n")]).contains("duplicate column"));
}

#[test]
fn jsondecode_builds_objects_tuples_and_exact_numbers() {
    let v = call(
        "jsondecode",
        &[s(
            r#"{"hello": "world", "n": [1, 0.1, 1e400, -2.5E-3], "t": true, "z": null}"#,
        )],
    )
    .unwrap();
    assert_eq!(
        v,
        obj(&[
            ("hello", s("world")),
            ("n", tuple(vec![n("1"), n("0.1"), n("1e400"), n("-0.0025")])),
            ("t", b(true)),
            ("z", null(Type::Dynamic)),
        ])
    );
    assert_eq!(
        call("jsondecode", &[s("\"x\\u00e9\\ud83d\\ude00\"")]),
        Ok(s("xé😀"))
    );
    assert_eq!(
        call("jsondecode", &[s(" 12345678901234567890123456789 ")]),
        Ok(n("12345678901234567890123456789"))
    );
    assert_eq!(call("jsondecode", &[s("null")]), Ok(null(Type::Dynamic)));
}

#[test]
fn jsondecode_rejects_invalid_json() {
    for bad in [
        "", "{", "[1,]", "01", "1.", "\"\\x\"", "tru", "1 2", "{a:1}", "\"a\nb\"",
    ] {
        let e = call_err("jsondecode", &[s(bad)]);
        assert!(e.contains("invalid JSON"), "{bad:?}: {e}");
    }
    let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
    assert!(call_err("jsondecode", &[s(&deep)]).contains("nested more than"));
}

#[test]
fn jsonencode_sorts_keys_and_escapes_html_characters() {
    let v = obj(&[
        ("b", strs(&["x", "<&>"])),
        ("a", n("1.50")),
        ("c", null(Type::String)),
    ]);
    assert_eq!(
        call("jsonencode", &[v]),
        Ok(s(r#"{"a":1.5,"b":["x","\u003c\u0026\u003e"],"c":null}"#))
    );
    assert_eq!(call("jsonencode", &[null(Type::Dynamic)]), Ok(s("null")));
    assert_eq!(
        call("jsonencode", &[s("a\"\\\n\u{1}")]),
        Ok(s(r#""a\"\\\n\u0001""#))
    );
    assert_eq!(
        call("jsonencode", &[n("1e30")]),
        Ok(s("1000000000000000000000000000000"))
    );
}

#[test]
fn jsonencode_errors_and_unknowns() {
    assert!(call_err("jsonencode", &[Value::Number(Number::INFINITY)]).contains("infinity"));
    assert_eq!(
        call("jsonencode", &[tuple(vec![unknown(Type::String)])]),
        Ok(unknown(Type::String))
    );
}

#[test]
fn json_round_trips_exactly() {
    let text = r#"{"a":[1,2.25,"x",true,null],"b":{"c":"d"}}"#;
    let v = call("jsondecode", &[s(text)]).unwrap();
    assert_eq!(call("jsonencode", &[v]), Ok(s(text)));
}

#[test]
#[cfg(feature = "yaml")]
fn yamldecode_resolves_the_core_schema() {
    let src = "a: 1\nb: 1.5\nc: true\nd: ~\ne: hello\nf: \"123\"\ng: [x, 2]\nh:\n  i: 0x1F\nj: .inf\nk: !!str 12\nl: 1e3\n";
    assert_eq!(
        call("yamldecode", &[s(src)]),
        Ok(obj(&[
            ("a", n("1")),
            ("b", n("1.5")),
            ("c", b(true)),
            ("d", null(Type::Dynamic)),
            ("e", s("hello")),
            ("f", s("123")),
            ("g", tuple(vec![s("x"), n("2")])),
            ("h", obj(&[("i", n("31"))])),
            ("j", Value::Number(Number::INFINITY)),
            ("k", s("12")),
            ("l", n("1000")),
        ]))
    );
    assert_eq!(call("yamldecode", &[s("")]), Ok(null(Type::Dynamic)));
    assert_eq!(
        call("yamldecode", &[s("- a\n- b\n")]),
        Ok(tuple(vec![s("a"), s("b")]))
    );
    assert_eq!(call("yamldecode", &[s("yes")]), Ok(s("yes")));
}

#[test]
#[cfg(feature = "yaml")]
fn yamldecode_expands_aliases() {
    assert_eq!(
        call("yamldecode", &[s("a: &x [1, 2]\nb: *x\n")]),
        Ok(obj(&[
            ("a", tuple(vec![n("1"), n("2")])),
            ("b", tuple(vec![n("1"), n("2")]))
        ]))
    );
}

#[test]
#[cfg(feature = "yaml")]
fn yamldecode_rejects_invalid_or_unsupported_documents() {
    assert!(call_err("yamldecode", &[s("a: [1")]).contains("invalid YAML"));
    assert!(call_err("yamldecode", &[s("a: 1\n---\nb: 2\n")]).contains("single"));
    assert!(call_err("yamldecode", &[s("a: 1\na: 2\n")]).contains("more than once"));
    assert!(call_err("yamldecode", &[s("x: .nan")]).contains("NaN"));
    assert!(call_err("yamldecode", &[s("x: !custom 1")]).contains("unsupported tag"));
    assert!(call_err("yamldecode", &[s("? [a]\n: 1\n")]).contains("scalars"));
}

#[test]
#[cfg(feature = "yaml")]
fn yamldecode_bounds_alias_expansion() {
    let mut doc = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..9 {
        let p = format!("*a{}", i - 1);
        doc.push_str(&format!(
            "a{i}: &a{i} [{p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p}]\n"
        ));
    }
    assert!(call_err("yamldecode", &[s(&doc)]).contains("more than"));
}

#[test]
#[cfg(feature = "yaml")]
fn yamlencode_writes_block_style_like_terraform() {
    assert_eq!(
        call("yamlencode", &[obj(&[("a", s("b")), ("c", s("d"))])]),
        Ok(s("\"a\": \"b\"\n\"c\": \"d\"\n"))
    );
    assert_eq!(
        call(
            "yamlencode",
            &[obj(&[
                (
                    "foo",
                    tuple(vec![n("1"), obj(&[("a", s("b")), ("c", s("d"))]), n("3")])
                ),
                ("bar", s("baz"))
            ])]
        ),
        Ok(s(
            "\"bar\": \"baz\"\n\"foo\":\n- 1\n- \"a\": \"b\"\n  \"c\": \"d\"\n- 3\n"
        ))
    );
    assert_eq!(
        call("yamlencode", &[obj(&[("m", obj(&[("k", tuple(vec![]))]))])]),
        Ok(s("\"m\":\n  \"k\": []\n"))
    );
    assert_eq!(call("yamlencode", &[s("x\ny")]), Ok(s("\"x\\ny\"\n")));
    assert_eq!(call("yamlencode", &[null(Type::Dynamic)]), Ok(s("null\n")));
    assert_eq!(
        call("yamlencode", &[tuple(vec![tuple(vec![n("1"), n("2")])])]),
        Ok(s("- - 1\n  - 2\n"))
    );
}

#[test]
#[cfg(feature = "yaml")]
fn yaml_round_trips() {
    let v = obj(&[
        (
            "list",
            tuple(vec![s("a"), n("1.25"), b(false), null(Type::Dynamic)]),
        ),
        (
            "nested",
            obj(&[("deep", tuple(vec![obj(&[("x", s("it's \"q\""))])]))]),
        ),
        ("empty", obj(&[])),
    ]);
    let text = call("yamlencode", std::slice::from_ref(&v)).unwrap();
    let back = call("yamldecode", &[text]).unwrap();
    assert_eq!(call("jsonencode", &[back]), call("jsonencode", &[v]));
}
