//! Unit tests of the node tree: its packed layout, the kinds readers see, and
//! offsets inside escaped strings.

use super::*;

#[test]
fn a_node_is_sixteen_bytes_and_a_property_four() {
    // A file holds one per JSON value, one per property, for its
    // whole life.
    assert_eq!(std::mem::size_of::<Node>(), 16);
    assert_eq!(std::mem::size_of::<Prop>(), 4);
}

#[test]
fn property_names_are_the_nodes_before_their_values() {
    let src = r#"{"a": {"b": [1, {"c": null}], "d": "x"}, "e": [[]], "a": 2}"#;
    let data =
        &*crate::json::parse_data(src, "t.json", crate::json::ParseOptions::default()).unwrap();
    assert_eq!(data.root, 0, "the root is numbered first");
    let mut names = Vec::new();
    let mut stack = vec![data.root];
    while let Some(id) = stack.pop() {
        match data.kind(id) {
            NodeKind::Object { first, len } => {
                for p in data.properties(first, len).iter().rev() {
                    names.push(data.str(p.name()).unwrap().into_owned());
                    stack.push(p.value);
                }
            }
            NodeKind::Array { first, len } => stack.extend(data.elements(first, len)),
            _ => {}
        }
    }
    names.sort();
    assert_eq!(names, ["a", "a", "b", "c", "d", "e"]);
}

#[test]
fn every_kind_reads_back_as_it_was_packed() {
    let kinds = [
        Kind::Null,
        Kind::Bool(false),
        Kind::Bool(true),
        Kind::Number,
        Kind::String,
        Kind::EscapedString { len: 0 },
        Kind::EscapedString { len: u32::MAX },
        Kind::Array { first: 0, len: 0 },
        Kind::Array {
            first: u32::MAX,
            len: OBJECT - 1,
        },
        Kind::Object { first: 7, len: 0 },
        Kind::Object {
            first: u32::MAX,
            len: COUNT,
        },
    ];
    for kind in kinds {
        let node = Node::new(kind, 3, u32::MAX as usize);
        assert_eq!(node.kind(), kind);
        assert_eq!((node.start, node.end), (3, u32::MAX));
    }
}

#[test]
fn readers_see_the_kinds_the_parser_recorded() {
    let src = r#"{"o": {"k": 1}, "a": [1, 2], "s": "x", "e": "\ty", "n": -1.5, "t": true, "f": false, "z": null}"#;
    let data =
        &*crate::json::parse_data(src, "t.json", crate::json::ParseOptions::default()).unwrap();
    let NodeKind::Object { first, len } = data.kind(data.root) else {
        panic!()
    };
    let seen: Vec<(Kind, NodeKind)> = data
        .properties(first, len)
        .iter()
        .map(|p| (data.node(p.value).kind(), data.kind(p.value)))
        .collect();
    let [(Kind::Object { first: o, .. }, _), (Kind::Array { first: a, .. }, _), ..] = seen[..]
    else {
        panic!("{seen:?}")
    };
    assert_eq!(
        seen,
        [
            (
                Kind::Object { first: o, len: 1 },
                NodeKind::Object { first: o, len: 1 }
            ),
            (
                Kind::Array { first: a, len: 2 },
                NodeKind::Array { first: a, len: 2 }
            ),
            (Kind::String, NodeKind::String),
            (Kind::EscapedString { len: 2 }, NodeKind::String),
            (Kind::Number, NodeKind::Number),
            (Kind::Bool(true), NodeKind::Bool(true)),
            (Kind::Bool(false), NodeKind::Bool(false)),
            (Kind::Null, NodeKind::Null),
        ]
    );
}

#[test]
fn offsets_inside_escaped_strings_map_to_the_source() {
    // Decoded: `a"\nAé😀${x}`; `$` is decoded byte 9.
    let src = r#"{"k": "a\"\n\u0041\u00e9\ud83d\ude00${x}"}"#;
    let data =
        &*crate::json::parse_data(src, "t.json", crate::json::ParseOptions::default()).unwrap();
    let NodeKind::Object { first, len } = data.kind(data.root) else {
        panic!()
    };
    let value = data.properties(first, len)[0].value;
    let text = data.str(value).unwrap();
    let dollar = text.find('$').unwrap();
    let at = data.string_source_offset(value, dollar);
    assert_eq!(&src[at..at + 4], "${x}");
    let r = data.string_range(value, dollar + 2, dollar + 3);
    assert_eq!(&src[r.bytes()], "x");
}

#[test]
fn offsets_after_lone_surrogates_map_to_the_source() {
    // Each lone half decodes to U+FFFD (3 bytes) from 6 source bytes.
    let src = r#"{"k": "\ud800\u0041\udc00${x}"}"#;
    let data =
        &*crate::json::parse_data(src, "t.json", crate::json::ParseOptions::default()).unwrap();
    let NodeKind::Object { first, len } = data.kind(data.root) else {
        panic!()
    };
    let value = data.properties(first, len)[0].value;
    let text = data.str(value).unwrap();
    assert_eq!(text, "\u{fffd}A\u{fffd}${x}");
    let at = data.string_source_offset(value, text.find('$').unwrap());
    assert_eq!(&src[at..at + 4], "${x}");
}
