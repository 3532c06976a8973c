//! Unit tests of positions and ranges: line and column counting, the line
//! index, and line spans.

use super::*;

#[test]
fn positions_are_one_based_lines_and_char_columns() {
    let src = "ab\nçd\n\nx";
    let idx = LineIndex::new(src);
    assert_eq!(idx.pos(src, 0), Pos::START);
    assert_eq!(
        idx.pos(src, 3),
        Pos {
            line: 2,
            column: 1,
            byte: 3
        }
    );
    // 'd' comes after the two-byte 'ç': column 2, byte 5.
    assert_eq!(
        idx.pos(src, 5),
        Pos {
            line: 2,
            column: 2,
            byte: 5
        }
    );
    assert_eq!(idx.pos(src, 7).line, 3);
    assert_eq!(
        idx.pos(src, 8),
        Pos {
            line: 4,
            column: 1,
            byte: 8
        }
    );
    assert_eq!(idx.pos(src, 100).byte, src.len());
}

#[test]
fn counted_positions_are_the_indexed_ones() {
    let src = "ab\nçd\r\n\n{\"é\": \"ü${x}\"}\n\nlast".repeat(8);
    let idx = LineIndex::new(&src);
    let bytes: Vec<usize> = (0..=src.len())
        .filter(|&b| src.is_char_boundary(b))
        .collect();
    // Forwards (each count goes on from the last), backwards (each
    // starts again), and both ways at once; on a fresh file whenever
    // one has built its index, so that every lookup is counted.
    let mut orders = vec![bytes.clone(), bytes.iter().rev().copied().collect()];
    orders.push(
        bytes
            .iter()
            .step_by(3)
            .chain(bytes.iter().step_by(5).rev())
            .copied()
            .collect(),
    );
    for order in orders {
        let mut file = SourceFile::new("t.json", src.as_str());
        for &byte in &order {
            if file.lines.get().is_some() {
                file = SourceFile::new("t.json", src.as_str());
            }
            assert_eq!(file.pos(byte), idx.pos(&src, byte), "{byte}");
        }
    }
}

#[test]
fn a_source_file_indexes_its_lines_once_counting_would_cost_more() {
    let src = "ab\nçd\n\nx\n".repeat(50);
    let file = SourceFile::new("t.json", src.as_str());
    let idx = LineIndex::new(&src);
    // Positions in order are counted on from the last: one pass (and
    // fewer than 64 counts).
    for byte in (0..src.len()).step_by(src.len() / 40) {
        assert_eq!(file.pos(byte), idx.pos(&src, byte), "{byte}");
    }
    assert!(file.lines.get().is_none(), "counted in one pass");
    // Going back counts from the start again, and the bytes read add
    // up to twice the text's length soon: the index is built then.
    let mut lookups = 0;
    while file.lines.get().is_none() {
        let byte = src.len() / 2 - lookups;
        assert_eq!(file.pos(byte), idx.pos(&src, byte), "{byte}");
        lookups += 1;
    }
    assert!(lookups <= 3, "{lookups}");
    for byte in (0..=src.len()).filter(|&b| src.is_char_boundary(b)) {
        assert_eq!(file.pos(byte), idx.pos(&src, byte), "{byte}");
    }
    assert_eq!(file.line_text(2), "çd");
}

#[test]
fn a_line_looked_for_near_a_hint_is_the_line_searched_for() {
    let src = "a\n\nbc\nd\n\n\nefg\nh";
    let starts = LineStarts::new(src.as_bytes());
    let lines = src.split('\n').count();
    for byte in 0..=src.len() {
        for hint in 0..lines + 6 {
            assert_eq!(
                starts.line_near(byte, hint),
                starts.line_of(byte),
                "{byte} {hint}"
            );
        }
    }
}

#[test]
fn a_column_far_into_a_long_line_is_found_by_the_index() {
    let src = format!("{{\"k\": \"{}\"}}\n", "é".repeat(3 * LONG_LINE));
    let file = SourceFile::new("t.json", src.as_str());
    let idx = LineIndex::new(&src);
    assert_eq!(file.pos(9), idx.pos(&src, 9));
    assert!(file.lines.get().is_none(), "near the line's start: counted");
    let far = src.len() - 3;
    assert_eq!(file.pos(far), idx.pos(&src, far));
    assert!(file.lines.get().is_some(), "far into it: indexed");
}

#[test]
fn columns_on_long_non_ascii_lines_count_chars() {
    // Long enough to span many blocks of the continuation index.
    let src = format!("{}{}x", "é".repeat(100), "a".repeat(100));
    let idx = LineIndex::new(&src);
    let x = src.len() - 1;
    assert_eq!(idx.pos(&src, x).column, 201);
    assert_eq!(idx.pos(&src, 4).column, 3);
    let src = format!("ab\n{}é!", "ü".repeat(40));
    let idx = LineIndex::new(&src);
    assert_eq!(idx.pos(&src, src.len() - 1).column, 42);
}

#[test]
fn line_starts_are_narrow_and_exact_for_texts_under_4_gib() {
    let src = "a\nbc\n\nd";
    let starts = LineStarts::new(src.as_bytes());
    let LineStarts::Narrow(v) = &starts else {
        panic!("a short text has 32-bit line starts");
    };
    assert_eq!(&v[..], &[0, 2, 5, 6]);
    assert_eq!(starts.line_of(0), 0);
    assert_eq!(starts.line_of(4), 1);
    assert_eq!(starts.line_of(5), 2);
    assert_eq!(starts.line_of(src.len()), 3);
    let wide = LineStarts::Wide(vec![0, 2, 5, 6].into_boxed_slice());
    for byte in 0..=src.len() {
        assert_eq!(wide.line_of(byte), starts.line_of(byte), "byte {byte}");
    }
    assert_eq!(starts.get(4), None);
}

#[test]
fn line_span_excludes_terminators() {
    let src = "one\r\ntwo\nthree";
    let idx = LineIndex::new(src);
    assert_eq!(&src[idx.line_span(src, 1)], "one");
    assert_eq!(&src[idx.line_span(src, 2)], "two");
    assert_eq!(&src[idx.line_span(src, 3)], "three");
    assert_eq!(idx.line_span(src, 9), src.len()..src.len());
}

#[test]
fn range_display_matches_hcl() {
    let r = Range::new(
        "main.tf.json",
        Pos::START,
        Pos {
            line: 1,
            column: 4,
            byte: 3,
        },
    );
    assert_eq!(r.to_string(), "main.tf.json:1,1-4");
    let two_lines = Range::new(
        "t.json",
        Pos {
            line: 1,
            column: 3,
            byte: 2,
        },
        Pos {
            line: 2,
            column: 4,
            byte: 10,
        },
    );
    assert_eq!(two_lines.to_string(), "t.json:1,3-2,4");
}

#[test]
fn a_byte_order_mark_is_not_a_column() {
    let src = "\u{feff}a = 1\nb";
    let idx = LineIndex::new(src);
    let file = SourceFile::new("bom.tf", src);
    for (byte, line, column) in [(0, 1, 1), (3, 1, 1), (4, 1, 2), (8, 1, 6), (9, 2, 1)] {
        let want = Pos { line, column, byte };
        assert_eq!(idx.pos(src, byte), want, "indexed, byte {byte}");
        // Counted first, then (after its budget) by the index.
        assert_eq!(
            SourceFile::new("bom.tf", src).pos(byte),
            want,
            "counted, byte {byte}"
        );
        assert_eq!(file.pos(byte), want, "one file, byte {byte}");
    }
    // A text without the mark counts columns from its first byte.
    assert_eq!(LineIndex::new("a = 1").pos("a = 1", 1).column, 2);
}
