//! Unit tests of JSON string escapes: their reading, their errors, and the
//! offsets mapped between decoded text and source.

use super::*;

#[test]
fn every_escape_reads_as_rfc_8259_says() {
    let cases: [(&str, char, usize); 12] = [
        (r#"\""#, '"', 2),
        (r"\\", '\\', 2),
        (r"\/", '/', 2),
        (r"\b", '\u{8}', 2),
        (r"\f", '\u{c}', 2),
        (r"\n", '\n', 2),
        (r"\r", '\r', 2),
        (r"\t", '\t', 2),
        (r"\u00e9", 'é', 6),
        (r"\ud83d\ude00", '😀', 12),
        (r"\ud83d\u0041", '\u{fffd}', 6),
        (r"\udc00", '\u{fffd}', 6),
    ];
    for (raw, c, n) in cases {
        assert_eq!(read(raw.as_bytes(), 0), Ok((c, n)), "{raw}");
    }
}

#[test]
fn bad_escapes_say_where_their_hex_digits_are_missing() {
    assert_eq!(read(br"\q", 0), Err(BadEscape::Char));
    assert_eq!(read(b"\\", 0), Err(BadEscape::Char));
    assert_eq!(read(br"\u12", 0), Err(BadEscape::Hex(0)));
    assert_eq!(read(br"\ud83d\u12x", 0), Err(BadEscape::Hex(6)));
    assert_eq!(hex_digits(br"\u12x", 0), 2);
}

#[test]
fn decoding_keeps_the_text_between_escapes() {
    let raw = r#"a\"b\u00e9c\ud83d\ude00d\\"#;
    let text = decode(raw, 12);
    assert_eq!(text, "a\"béc😀d\\");
    assert_eq!(text.len(), 12);
    assert_eq!(decode("plain é", 8), "plain é");
}

#[test]
fn the_word_test_finds_the_first_backslash_wherever_it_is() {
    // Every position of a word and of the tail, after any start, with
    // neighbours that are borrow-prone (0x00, 0x5b, 0x5d, 0xdc).
    for fill in [b'a', 0x00, 0x5b, 0x5d, 0xdc] {
        for len in [0, 1, 7, 8, 9, 16, 23] {
            for at in 0..len {
                let mut s = vec![fill; len];
                s[at] = b'\\';
                if at + 1 < len {
                    s[at + 1] = b'\\';
                }
                for from in 0..=at {
                    assert_eq!(
                        find_backslash(&s, from),
                        Some(at),
                        "{fill} {len} {at} {from}"
                    );
                }
            }
            assert_eq!(find_backslash(&vec![fill; len], 0), None);
        }
    }
    assert_eq!(find_backslash(b"ab", 5), None);
}

#[test]
fn the_offset_index_maps_as_the_reading_from_the_start_does() {
    // Escapes of every length (2, 6 and 12 bytes, one to four decoded),
    // across checkpoints, in strings of several strides.
    let pieces = [
        r"ab",
        r"\n",
        r#"\""#,
        r"\u00e9",
        r"\ud83d\ude00",
        "é",
        r"\\",
        "xyz",
    ];
    for len in [0, 1, 40, 200, 700] {
        let raw: String = (0..len)
            .map(|i| pieces[(i * 7 + i / 3) % pieces.len()])
            .collect();
        let raw = raw.as_bytes();
        let index = OffsetIndex::new(raw);
        let decoded_len = decode(std::str::from_utf8(raw).unwrap(), 0).len();
        for decoded in 0..=decoded_len + 2 {
            assert_eq!(
                index.raw_offset(raw, decoded),
                raw_offset(raw, decoded),
                "{len} {decoded}"
            );
        }
    }
}

#[test]
fn decoded_offsets_map_back_to_the_escapes() {
    let raw = br#"a\"\u00e9${x}"#;
    // Decoded: a " é $ { x } at 0, 1, 2 (2 bytes), 4, 5, 6, 7.
    let at: Vec<usize> = [0, 1, 2, 4, 5, 6, 7, 8, 99]
        .iter()
        .map(|&d| raw_offset(raw, d))
        .collect();
    assert_eq!(at, [0, 1, 3, 9, 10, 11, 12, 13, 13]);
}

#[test]
fn written_strings_escape_exactly_what_json_requires() {
    let mut out = String::new();
    write_string(&mut out, "a\"b\\c\n\r\t\u{8}\u{c}\u{1}\u{1f}/é😀\u{7f}").unwrap();
    assert_eq!(
        out,
        "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f/é😀\u{7f}\""
    );
}

#[test]
fn written_strings_read_back_as_themselves() {
    // Every control character, the two specials, and multi-byte text
    // around them, at every position: the parser decodes what was written.
    let mut pieces: Vec<String> = (0u8..0x20).map(|b| char::from(b).to_string()).collect();
    pieces.extend(["\"", "\\", "é", "😀", "${x}", "plain"].map(String::from));
    for a in &pieces {
        for b in &pieces {
            let text = format!("{a}x{b}");
            let mut doc = String::from("{\"k\": ");
            write_string(&mut doc, &text).unwrap();
            doc.push('}');
            let file = crate::json::parse_data(
                doc.as_str(),
                "t.json",
                crate::json::ParseOptions::default(),
            )
            .unwrap_or_else(|e| panic!("{doc:?}: {e}"));
            let crate::json::NodeKind::Object { first, len } = file.kind(file.root) else {
                panic!("{doc:?} has no root object");
            };
            let value = file.properties(first, len)[0].value;
            assert_eq!(file.str(value).as_deref(), Some(text.as_str()), "{doc:?}");
        }
    }
}
