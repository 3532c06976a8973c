//! One small case per layout rule; the agreement with `hclwrite.Format` on
//! whole files is `tests/format.rs`'s.

use super::{json, native};

fn fmt(src: &str) -> String {
    native(src, "t.tf").unwrap_or_else(|e| panic!("{src:?}: {e}"))
}

#[test]
fn attributes_in_a_run_align_their_equals() {
    assert_eq!(fmt("a=1\nbbb=2\n\ncc=3\n"), "a   = 1\nbbb = 2\n\ncc = 3\n");
}

#[test]
fn nested_blocks_indent_two_spaces_per_level() {
    assert_eq!(
        fmt("a {\nb {\nc = 1\n}\n}\n"),
        "a {\n  b {\n    c = 1\n  }\n}\n"
    );
}

#[test]
fn binary_operators_get_one_space_and_unary_minus_none() {
    assert_eq!(fmt("a = -1+2*-x\n"), "a = -1 + 2 * -x\n");
    assert_eq!(fmt("a = !b&&c\n"), "a = !b && c\n");
}

#[test]
fn calls_indexes_and_attribute_access_are_tight() {
    assert_eq!(
        fmt("a = f( x , y [ 0 ] . b , z... )\n"),
        "a = f(x, y[0].b, z...)\n"
    );
}

#[test]
fn braces_get_spaces_inside_but_empty_braces_do_not() {
    assert_eq!(fmt("a = {x=1}\nb = {}\n"), "a = { x = 1 }\nb = {}\n");
}

#[test]
fn templates_lose_the_spaces_inside_their_sequences_only() {
    assert_eq!(
        fmt("a = \"  ${ x }  %{ if y }z%{ endif } \"\n"),
        "a = \"  ${x}  %{if y}z%{endif} \"\n"
    );
}

#[test]
fn heredocs_are_kept_verbatim() {
    let src = "a = <<-EOT\n   x  ${ y }\n      EOT\nb=1\n";
    assert_eq!(fmt(src), "a = <<-EOT\n   x  ${y}\n      EOT\nb = 1\n");
}

#[test]
fn trailing_comments_of_consecutive_lines_align() {
    assert_eq!(
        fmt("a = 1 # one\nbbb = 22 // two\n"),
        "a   = 1  # one\nbbb = 22 // two\n"
    );
}

#[test]
fn comments_keep_their_text_and_take_the_indentation() {
    assert_eq!(
        fmt("b {\n    # note   \n/* x\n   y */\n}\n"),
        "b {\n  # note   \n  /* x\n   y */\n}\n"
    );
}

#[test]
fn spaces_and_tabs_before_a_newline_are_dropped() {
    assert_eq!(fmt("a = 1 \t\n\t\nb = 2\n"), "a = 1\n\nb = 2\n");
}

#[test]
fn in_keyword_before_a_tuple_keeps_its_space() {
    assert_eq!(fmt("a = [for x in [1]: x]\n"), "a = [for x in [1] : x]\n");
}

#[test]
fn object_items_one_per_line_align_like_attributes() {
    assert_eq!(
        fmt("a = {\nx = 1\nlong = 2\n}\n"),
        "a = {\n  x    = 1\n  long = 2\n}\n"
    );
}

#[test]
fn a_file_that_does_not_parse_is_reported() {
    let err = native("a = \n", "bad.tf").unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(&*d.subject.as_ref().unwrap().filename, "bad.tf");
}

#[test]
fn json_is_indented_two_spaces_keeping_order_duplicates_and_spelling() {
    let src = r#"{"b":1.50,"a":{"x":[],"y":"\u0041${a}"},"b":[1,2]}"#;
    assert_eq!(
        json(src, "t.json").unwrap(),
        "{\n  \"b\": 1.50,\n  \"a\": {\n    \"x\": [],\n    \"y\": \"\\u0041${a}\"\n  },\n  \"b\": [\n    1,\n    2\n  ]\n}\n"
    );
}

#[test]
fn json_that_does_not_parse_is_reported() {
    assert!(json("{\"a\": }", "t.json").is_err());
}
