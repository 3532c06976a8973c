//! Unit tests of the JSON parser: the byte scanners, the node tree it builds,
//! its errors and their positions, and generated documents and arbitrary
//! bytes.

use super::*;
use crate::json::tree::{FileData, NodeKind};
use std::borrow::Cow;

fn parse(src: &str, filename: &str) -> Result<Arc<FileData>, Error> {
    parse_data(src, filename, ParseOptions::default())
}

#[test]
fn the_word_test_finds_exactly_the_first_special_byte() {
    // Every byte value at every position of a word and of the tail,
    // among neighbours that are borrow-prone (0x20, 0x80, 0xff, and
    // the bytes next to the specials), with a quote after it: the
    // byte is found exactly when it is special, else the quote.
    let special = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
    for fill in [0x20u8, 0x21, 0x23, 0x5d, 0x5b, 0x80, 0xff, b'a'] {
        for b in 0..=255u8 {
            for at in 0..12 {
                let mut s = [fill; 14];
                s[at] = b;
                s[13] = b'"';
                let want = if special(b) { at } else { 13 };
                assert_eq!(
                    first_special(&s, 0),
                    Some(want),
                    "fill {fill:#x}, byte {b:#x} at {at}"
                );
            }
        }
    }
    assert_eq!(first_special(b"abc", 0), None);
    assert_eq!(first_special(b"a\"b\"", 2), Some(3));
    assert_eq!(first_special(b"ab", 5), None);
}

#[test]
fn control_characters_are_found_in_every_chunk_and_the_remainder() {
    assert_eq!(first_special(&[b'a'; 100], 0), None);
    assert_eq!(first_special(&[0x20, 0x7f, 0x80, 0xff], 0), None);
    for len in [1, 31, 32, 33, 64, 65, 100] {
        for at in [0, len / 2, len - 1] {
            let mut s = vec![b'x'; len];
            s[at] = 0x1f;
            assert_eq!(first_special(&s, 0), Some(at), "len {len}, at {at}");
            // The error names the first one, wherever the chunks cut.
            let text = format!("{{\"k\": \"{}\"}}", String::from_utf8(s).unwrap());
            let err = parse(&text, "t.json").unwrap_err();
            let d = &err.diagnostics()[0];
            assert_eq!(
                d.subject.as_ref().unwrap().start.byte,
                7 + at,
                "len {len}, at {at}"
            );
        }
    }
}

fn parse_bytes(src: &[u8], filename: &str) -> Result<Arc<FileData>, Error> {
    parse_bytes_data(src, filename)
}

fn parse_with(src: &str, filename: &str, options: ParseOptions) -> Result<Arc<FileData>, Error> {
    parse_data(src, filename, options)
}

#[test]
fn owned_bytes_become_the_source_without_a_copy() {
    let bytes = br#"{"a": "x\ty", "b": [1, 2]}"#.to_vec();
    let given = bytes.clone();
    let ptr = given.as_ptr();
    let owned = parse_owned_bytes_data(given, "o.json").unwrap();
    assert_eq!(owned.source.text().as_ptr(), ptr);
    let borrowed = parse_bytes(&bytes, "o.json").unwrap();
    assert_eq!(owned.source.text(), borrowed.source.text());
    assert_eq!(owned.nodes.len(), borrowed.nodes.len());
    assert_eq!(show(&owned, owned.root), show(&borrowed, borrowed.root));
}

#[test]
fn owned_bytes_that_are_not_utf8_give_the_same_error_as_borrowed() {
    let bytes = b"{\"a\": \"\xff\"}".to_vec();
    let owned = parse_owned_bytes_data(bytes.clone(), "bad.json").unwrap_err();
    let borrowed = parse_bytes(&bytes, "bad.json").unwrap_err();
    assert_eq!(owned.to_string(), borrowed.to_string());
    let d = &owned.diagnostics()[0];
    assert_eq!(d.summary, "Invalid UTF-8");
    assert_eq!(d.subject.as_ref().unwrap().start.byte, 7);
}

/// A compact rendering of a node: `{a:1,a:[true,null]}`, strings decoded.
fn show(f: &FileData, id: NodeId) -> String {
    match f.kind(id) {
        NodeKind::Null => "null".into(),
        NodeKind::Bool(b) => b.to_string(),
        NodeKind::Number => f.raw(id).to_string(),
        NodeKind::String => format!("{:?}", f.str(id).unwrap()),
        NodeKind::Array { first, len } => {
            let items: Vec<_> = f.elements(first, len).iter().map(|&c| show(f, c)).collect();
            format!("[{}]", items.join(","))
        }
        NodeKind::Object { first, len } => {
            let items: Vec<_> = f
                .properties(first, len)
                .iter()
                .map(|p| format!("{}:{}", f.str(p.name()).unwrap(), show(f, p.value)))
                .collect();
            format!("{{{}}}", items.join(","))
        }
    }
}

fn ok(src: &str) -> String {
    let file = parse(src, "t.json").unwrap_or_else(|e| panic!("{e}"));
    show(&file, file.root)
}

/// The first diagnostic's summary and `line:col-line:col` of its subject.
fn fails(src: &str) -> (String, String) {
    let e = parse(src, "t.json").expect_err("should fail");
    let d = &e.diagnostics()[0];
    let r = d.subject.as_ref().expect("a range");
    (
        d.summary.clone(),
        format!(
            "{}:{}-{}:{}",
            r.start.line, r.start.column, r.end.line, r.end.column
        ),
    )
}

fn fails_with(src: &str, summary: &str, at: &str) {
    assert_eq!(
        fails(src),
        (summary.to_string(), at.to_string()),
        "input: {src}"
    );
}

#[test]
fn duplicate_keys_are_kept_in_order() {
    assert_eq!(ok(r#"{"a": 1, "b": 2, "a": 3}"#), "{a:1,b:2,a:3}");
}

#[test]
fn numbers_keep_their_exact_text() {
    assert_eq!(
        ok(r#"{"n": [123456789012345678901234567890, 1e150, -0.50, 1E-7, 0]}"#),
        "{n:[123456789012345678901234567890,1e150,-0.50,1E-7,0]}"
    );
}

#[test]
fn strings_decode_every_escape() {
    assert_eq!(
        ok(r#"{"s": "\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00"}"#),
        format!("{{s:{:?}}}", "\"\\/\u{8}\u{c}\n\r\tAé😀")
    );
}

#[test]
fn strings_without_escapes_point_into_the_source() {
    let file = parse(r#"{"plain": "x", "esc": "\ty"}"#, "t.json").unwrap();
    let NodeKind::Object { first, len } = file.kind(file.root) else {
        panic!()
    };
    let [plain, esc] = file.properties(first, len) else {
        panic!()
    };
    let text = file.str(plain.value).unwrap();
    assert!(matches!(text, Cow::Borrowed("x")), "{text:?}");
    assert_eq!(file.source_str(plain.value), Some("x"));
    // With escapes, decoded when read; the file keeps no copy.
    assert!(matches!(file.str(esc.value).unwrap(), Cow::Owned(s) if s == "\ty"));
    assert_eq!(file.source_str(esc.value), None);
    assert_eq!(file.str(file.root), None);
}

#[test]
fn node_ranges_are_exact() {
    let file = parse("{\n  \"k\": [1, \"é\", true]\n}", "t.json").unwrap();
    let f = &file;
    let NodeKind::Object { first, len } = f.kind(f.root) else {
        panic!()
    };
    let prop = f.properties(first, len)[0];
    let name = f.range(prop.name());
    assert_eq!(
        (name.start.line, name.start.column, name.end.column),
        (2, 3, 6)
    );
    let NodeKind::Array { first, len } = f.kind(prop.value) else {
        panic!()
    };
    let s = f.range(f.elements(first, len)[1]);
    assert_eq!((s.start.column, s.end.column), (12, 15));
    assert_eq!((s.start.byte, s.end.byte), (13, 17));
}

#[test]
fn root_may_be_an_array_of_objects() {
    assert_eq!(ok(r#"[{"a": 1}, {"a": 2}]"#), "[{a:1},{a:2}]");
    assert_eq!(ok("[]"), "[]");
}

#[test]
fn root_must_be_object() {
    fails_with("\"x\"", "Root value must be object", "1:1-1:4");
    fails_with("[{}, 1]", "Root value must be object", "1:1-1:8");
}

#[test]
fn trailing_commas_are_errors() {
    fails_with(r#"{"a": 1,}"#, "Trailing comma in object", "1:8-1:9");
    fails_with(r#"{"a": [1, 2, ]}"#, "Trailing comma in array", "1:12-1:13");
}

#[test]
fn unclosed_containers_point_at_their_opening() {
    fails_with("{\"a\": [1, 2", "Unclosed array", "1:7-1:8");
    fails_with("{\"a\": 1", "Unclosed object", "1:1-1:2");
}

#[test]
fn equals_instead_of_colon_gets_a_hint() {
    let e = parse(r#"{"a" = 1}"#, "t.json").unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Missing property value colon");
    assert!(d.detail.contains("colon"), "{}", d.detail);
    assert_eq!(d.subject.as_ref().unwrap().start.column, 6);
}

#[test]
fn comments_are_rejected_with_advice() {
    fails_with("{ /* c */ }", "Comments are not allowed", "1:3-1:5");
    let e = parse("{\n// c\n}", "t.json").unwrap_err();
    assert!(e.diagnostics()[0].detail.contains("\"//\""));
}

#[test]
fn invalid_numbers() {
    for bad in ["01", "1.", ".5", "+1", "1e", "0x10", "-", "1.5.5"] {
        let src = format!("{{\"n\": {bad}}}");
        assert_eq!(fails(&src).0, "Invalid JSON number", "{bad}");
    }
    fails_with(r#"{"n": 01}"#, "Invalid JSON number", "1:7-1:9");
}

#[test]
fn absurd_exponents_are_kept_as_text() {
    assert_eq!(ok(r#"{"n": 1e99999999999}"#), "{n:1e99999999999}");
}

#[test]
fn invalid_strings() {
    fails_with("{\"a\": \"x\ny\"}", "Invalid JSON string", "1:9-2:1");
    fails_with(r#"{"a": "\q"}"#, "Invalid JSON string", "1:8-1:10");
    fails_with(r#"{"a": "\u12"}"#, "Invalid JSON string", "1:8-1:12");
    fails_with(r#"{"a": "open"#, "Invalid JSON string", "1:7-1:8");
}

#[test]
fn lone_surrogate_escapes_decode_to_the_replacement_character() {
    assert_eq!(
        ok(r#"{"s": ["\ud800", "\udc00x", "\ud83d\u0041", "\ud83d\ude00"]}"#),
        format!(
            "{{s:[{:?},{:?},{:?},{:?}]}}",
            "\u{fffd}", "\u{fffd}x", "\u{fffd}A", "😀"
        )
    );
}

#[test]
fn recovery_stops_after_a_hundred_errors() {
    let src = format!("[{}]", vec!["tru"; 500].join(","));
    let e = parse(&src, "t.json").unwrap_err();
    assert_eq!(e.diagnostics().len(), MAX_RECOVERED_ERRORS + 1);
}

#[test]
fn invalid_keywords_suggest_lowercase() {
    let e = parse(r#"{"a": True}"#, "t.json").unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Invalid JSON keyword");
    assert!(d.detail.contains("Did you mean \"true\"?"));
    fails_with(r#"{"a": yes}"#, "Invalid JSON keyword", "1:7-1:10");
}

#[test]
fn property_names_must_be_strings() {
    fails_with(r"{a: 1}", "Invalid object property name", "1:2-1:3");
    fails_with(r"{1: 1}", "Invalid object property name", "1:2-1:3");
}

#[test]
fn missing_values_and_separators() {
    fails_with(r#"{"a": }"#, "Missing JSON value", "1:7-1:8");
    fails_with(r#"{"a": [}"#, "Missing JSON value", "1:8-1:9");
    fails_with(r#"{"a": [1, ]]}"#, "Trailing comma in array", "1:9-1:10");
    fails_with(r#"{"a": ]"#, "Missing array element value", "1:7-1:8");
    fails_with(r#"{"a"}"#, "Missing object value", "1:5-1:6");
    fails_with(r#"{"a", "b": 1}"#, "Missing object value", "1:5-1:6");
    // A scalar where a separator belongs is blamed as a whole token.
    fails_with(
        r#"{"a": 1 "b": 2}"#,
        "Missing property separator",
        "1:9-1:12",
    );
    fails_with(
        r#"{"a": [1 2]}"#,
        "Missing array element separator",
        "1:10-1:11",
    );
    fails_with("", "Missing value", "1:1-1:1");
    fails_with("   ", "Missing value", "1:4-1:4");
}

#[test]
fn extraneous_data_after_value() {
    fails_with("{} {}", "Extraneous data after value", "1:4-1:5");
}

#[test]
fn invalid_utf8_is_reported_at_its_byte() {
    let e = parse_bytes(b"{\"a\": \"\xff\"}", "t.json").unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.summary, "Invalid UTF-8");
    assert_eq!(d.subject.as_ref().unwrap().start.byte, 7);
    assert_eq!(d.subject.as_ref().unwrap().start.column, 8);
}

#[test]
fn nesting_deeper_than_the_limit_is_an_error() {
    let deep = format!("{{\"a\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    let (summary, _) = fails(&deep);
    assert_eq!(summary, "Nesting too deep");
    let opts = ParseOptions { max_nesting: 3 };
    assert!(parse_with(r#"{"a": [[1]]}"#, "t", opts).is_ok());
    assert!(parse_with(r#"{"a": [[[1]]]}"#, "t", opts).is_err());
}

#[test]
fn errors_render_with_the_source_line() {
    let e = parse("{\n  \"a\": 1,\n}", "main.tf.json").unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("Error: Trailing comma in object\n"),
        "{text}"
    );
    assert!(text.contains("on main.tf.json line 2, column 9:"), "{text}");
    assert!(text.contains("   2:   \"a\": 1,\n"), "{text}");
}

mod generated {
    use super::*;
    use proptest::prelude::*;

    /// A JSON value to generate; objects may repeat keys.
    #[derive(Debug, Clone)]
    enum J {
        Null,
        Bool(bool),
        Num(String),
        Str(String),
        Arr(Vec<J>),
        Obj(Vec<(String, J)>),
    }

    fn number() -> impl Strategy<Value = String> {
        "-?(0|[1-9][0-9]{0,30})(\\.[0-9]{1,20})?([eE][+-]?[0-9]{1,4})?"
    }

    fn json() -> impl Strategy<Value = J> {
        let leaf = prop_oneof![
            Just(J::Null),
            any::<bool>().prop_map(J::Bool),
            number().prop_map(J::Num),
            any::<String>().prop_map(J::Str),
        ];
        leaf.prop_recursive(6, 64, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(J::Arr),
                prop::collection::vec(("[a-c]{1,2}|.*", inner), 0..6).prop_map(J::Obj),
            ]
        })
    }

    fn escape(s: &str) -> String {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    fn text(j: &J) -> String {
        match j {
            J::Null => "null".into(),
            J::Bool(b) => b.to_string(),
            J::Num(n) => n.clone(),
            J::Str(s) => escape(s),
            J::Arr(items) => format!(
                "[ {} ]",
                items.iter().map(text).collect::<Vec<_>>().join(" ,\n")
            ),
            J::Obj(props) => format!(
                "{{{}}}",
                props
                    .iter()
                    .map(|(k, v)| format!("{}:{}", escape(k), text(v)))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        }
    }

    fn expected(j: &J) -> String {
        match j {
            J::Null => "null".into(),
            J::Bool(b) => b.to_string(),
            J::Num(n) => n.clone(),
            J::Str(s) => format!("{s:?}"),
            J::Arr(items) => format!(
                "[{}]",
                items.iter().map(expected).collect::<Vec<_>>().join(",")
            ),
            J::Obj(props) => format!(
                "{{{}}}",
                props
                    .iter()
                    .map(|(k, v)| format!("{k}:{}", expected(v)))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        }
    }

    proptest! {
        #[test]
        fn generated_documents_keep_values_order_and_duplicates(props in prop::collection::vec(("[a-c]{1,2}|.*", json()), 0..8)) {
            let doc = J::Obj(props);
            prop_assert_eq!(ok(&text(&doc)), expected(&doc));
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = parse_bytes(&bytes, "fuzz.json");
        }

        #[test]
        fn json_like_text_never_panics(src in "[\\[\\]{}:,\"\\\\ u0-9a-fe.+-]{0,64}") {
            let _ = parse(&src, "fuzz.json");
        }
    }
}
