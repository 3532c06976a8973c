//! The native body grammar, construct by construct, and HCL's
//! diagnostics for malformed bodies (wording and byte ranges checked
//! against HashiCorp's `hcldec` 2.14).

use super::*;

fn ok(src: &str) -> BodyTree {
    let (tree, errors) = parse_body(src);
    assert!(errors.is_empty(), "{src:?}: {errors:?}");
    tree
}

/// The errors of `src` as (summary, start..end).
fn errors(src: &str) -> Vec<(String, std::ops::Range<u32>)> {
    let (_, errors) = parse_body(src);
    errors
        .into_iter()
        .map(|e| (e.summary, e.span.start..e.span.end))
        .collect()
}

fn one_error(src: &str) -> SyntaxError {
    let (_, mut errors) = parse_body(src);
    assert_eq!(errors.len(), 1, "{src:?}: {errors:?}");
    errors.remove(0)
}

/// The items of the file's body.
fn root(tree: &BodyTree) -> &[Item] {
    tree.items(tree.root)
}

fn attr(item: &Item) -> &AttributeNode {
    match item {
        Item::Attribute(a) => a,
        Item::Block(b) => panic!("a block: {b:?}"),
    }
}

fn block(item: &Item) -> &BlockNode {
    match item {
        Item::Block(b) => b,
        Item::Attribute(a) => panic!("an attribute: {a:?}"),
    }
}

#[test]
fn attributes_have_exact_name_and_expression_spans() {
    let src = "a = 1\nbee = \"x\" # c\n";
    let tree = ok(src);
    let items = root(&tree);
    assert_eq!(items.len(), 2);
    let b = attr(&items[1]);
    assert_eq!(b.name.text(src), "bee");
    assert_eq!(b.name.span, Span::new(6, 9));
    assert_eq!(&src[b.expr_span.range()], "\"x\"");
    assert_eq!(&src[b.span.range()], "bee = \"x\"");
}

#[test]
fn blocks_take_identifier_and_quoted_labels() {
    let src = "resource aws_instance \"w\\teb\" {\n  ami = \"x\"\n}\n";
    let tree = ok(src);
    let b = block(&root(&tree)[0]);
    assert_eq!(b.type_name.text(src), "resource");
    let labels: Vec<&str> = b.labels.iter().map(|l| l.text(src)).collect();
    assert_eq!(labels, ["aws_instance", "w\teb"]);
    assert_eq!(&src[b.labels[1].span.range()], "\"w\\teb\"");
    assert_eq!(&src[b.open.range()], "{");
    assert_eq!(&src[b.close.range()], "}");
    assert_eq!(attr(&tree.items(b.body)[0]).name.text(src), "ami");
    let body = tree.bodies[b.body as usize].span;
    assert_eq!(&src[body.range()], "{\n  ami = \"x\"\n}");
}

#[test]
fn one_line_blocks_hold_one_attribute_or_none() {
    let tree = ok("a { b = 1 }\nc {}\nd \"x\" { e = [1,\n 2] }\n");
    let items = root(&tree);
    assert_eq!(items.len(), 3);
    let a = block(&items[0]);
    assert_eq!(tree.items(a.body).len(), 1);
    let c = block(&items[1]);
    assert!(tree.items(c.body).is_empty());
}

#[test]
fn comments_of_every_kind_are_skipped() {
    let src = "# hash\n// slash\n/* multi\nline */ a = 1 /* after */ // end\nb = 2 # end\n";
    let tree = ok(src);
    let names: Vec<&str> = root(&tree).iter().map(|i| attr(i).name.text(src)).collect();
    assert_eq!(names, ["a", "b"]);
}

#[test]
fn newlines_inside_brackets_do_not_end_an_attribute() {
    let src = "a = [\n  1,\n  2,\n]\nb = {\n  k = 1\n  j = 2\n}\nc = f(\n  1\n)\nd = 1\n";
    let tree = ok(src);
    let items = root(&tree);
    assert_eq!(items.len(), 4);
    assert_eq!(&src[attr(&items[0]).expr_span.range()], "[\n  1,\n  2,\n]");
}

#[test]
fn a_newline_ends_an_expression_before_an_operator_on_the_next_line() {
    // HCL reads `? c : d` as a new (bad) item, not as a conditional.
    let e = one_error("a = b\n? c : d\n");
    assert_eq!(e.summary, "Argument or block definition required");
    assert_eq!(e.span, Span::new(6, 7));
}

#[test]
fn heredocs_span_lines_and_close_on_their_marker() {
    let src = "a = <<EOT\nhello ${x}\n  }{\nEOT\nb = <<-X\n    in\n  X\n";
    let tree = ok(src);
    let items = root(&tree);
    assert_eq!(items.len(), 2);
    assert_eq!(
        &src[attr(&items[0]).expr_span.range()],
        "<<EOT\nhello ${x}\n  }{\nEOT"
    );
}

#[test]
fn crlf_line_endings_separate_items() {
    let tree = ok("a = 1\r\nb {\r\n  c = 2\r\n}\r\n");
    assert_eq!(root(&tree).len(), 2);
}

#[test]
fn the_last_item_needs_no_newline() {
    assert_eq!(root(&ok("a = 1")).len(), 1);
    assert_eq!(root(&ok("a {}")).len(), 1);
}

#[test]
fn attribute_redefined_names_the_first_definition() {
    let e = one_error("a = 1\nb = 2\na = 3\n");
    assert_eq!(e.summary, "Attribute redefined");
    assert_eq!(
        e.detail,
        "The argument \"a\" was already set at {range}. Each argument may be set only once."
    );
    assert_eq!(e.span, Span::new(12, 13));
    assert_eq!(e.mention, Some(Span::new(0, 1)));
}

#[test]
fn missing_newline_after_argument_points_at_the_next_token() {
    let e = one_error("a = 1 b = 2\n");
    assert_eq!(e.summary, "Missing newline after argument");
    assert_eq!(e.detail, "An argument definition must end with a newline.");
    assert_eq!(e.span, Span::new(6, 7));
}

#[test]
fn comma_after_argument_says_so() {
    let e = one_error("a = \"a value\", b = \"b value\"\n");
    assert_eq!(e.summary, "Unexpected comma after argument");
    assert_eq!(
        e.detail,
        "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline."
    );
    assert_eq!(e.span, Span::new(13, 14));
}

#[test]
fn unclosed_block_points_at_its_open_brace() {
    let e = one_error("a {\n  b = 1\n");
    assert_eq!(e.summary, "Unclosed configuration block");
    assert_eq!(
        e.detail,
        "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file."
    );
    assert_eq!(e.span, Span::new(2, 3));
    assert_eq!(
        errors("x = 1\na \"l\" {\n  c {\n    b = 1\n  }\n")[0].1,
        12..13
    );
}

#[test]
fn an_identifier_alone_needs_an_equals_sign() {
    let e = one_error("a 1\n");
    assert_eq!(e.summary, "Argument or block definition required");
    assert_eq!(
        e.detail,
        "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value."
    );
    assert_eq!(e.span, Span::new(0, 1));
}

#[test]
fn stray_tokens_need_an_argument_or_block() {
    let e = one_error("a = 1\n}\nb = 2\n");
    assert_eq!(e.summary, "Argument or block definition required");
    assert_eq!(
        e.detail,
        "An argument or block definition is required here."
    );
    assert_eq!(e.span, Span::new(6, 7));
    assert_eq!(
        errors("1 = 2\n"),
        [("Argument or block definition required".into(), 0..1)]
    );
}

#[test]
fn quoted_argument_names_are_invalid() {
    let e = one_error("\"a\" = 1\n");
    assert_eq!(e.summary, "Invalid argument name");
    assert_eq!(e.detail, "Argument names must not be quoted.");
    assert_eq!(e.span, Span::new(0, 1));
}

#[test]
fn invalid_block_definitions_say_what_is_expected() {
    let e = one_error("a \"b\" = 1\n");
    assert_eq!(e.summary, "Invalid block definition");
    assert_eq!(
        e.detail,
        "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block."
    );
    assert_eq!(e.span, Span::new(6, 7));
    let e = one_error("a \"b\"\n{\n}\n");
    assert_eq!(
        e.detail,
        "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header."
    );
    assert_eq!(e.span, Span::new(5, 6));
    let e = one_error("a \"b\"");
    assert_eq!(
        e.detail,
        "Either a quoted string block label or an opening brace (\"{\") is expected here."
    );
    assert_eq!(e.span, Span::new(5, 5));
}

#[test]
fn missing_newline_after_block_definition() {
    let e = one_error("a { } b = 1\n");
    assert_eq!(e.summary, "Missing newline after block definition");
    assert_eq!(e.detail, "A block definition must end with a newline.");
    assert_eq!(e.span, Span::new(6, 7));
}

#[test]
fn single_line_blocks_report_each_misuse() {
    // The spec suite's structure/blocks/single_oneline_invalid.hcl.
    let src = "a { b = \"foo\", c = \"bar\" }\na { b = \"foo\"\n}\na { b = \"foo\"\n  c = \"bar\" }\na { b = \"foo\"\n  c = \"bar\"\n}\na { d {} }\n";
    let (_, errs) = parse_body(src);
    let got: Vec<(&str, u32, u32)> = errs
        .iter()
        .map(|e| (e.summary.as_str(), e.span.start, e.span.end))
        .collect();
    assert_eq!(
        got,
        [
            ("Invalid single-argument block definition", 13, 14),
            ("Invalid single-argument block definition", 40, 41),
            ("Invalid single-argument block definition", 56, 57),
            ("Invalid single-argument block definition", 84, 85),
            ("Argument definition required", 103, 106),
        ]
    );
    assert_eq!(
        errs[4].detail,
        "A single-line block definition can contain only a single argument. If you meant to define argument \"d\", use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block."
    );
    let e = one_error("a { b = 1 c = 2 }\n");
    assert_eq!(
        e.detail,
        "A single-line block definition must end with a closing brace immediately after its single argument definition."
    );
    assert_eq!(e.span, Span::new(10, 11));
}

#[test]
fn labels_may_not_hold_template_sequences() {
    let e = one_error("a \"${b}\" {\n}\n");
    assert_eq!(e.summary, "Invalid string literal");
    assert_eq!(
        e.detail,
        "Template sequences are not allowed in this string. To include a literal \"$\", double it (as \"$$\") to escape it."
    );
    assert_eq!(e.span, Span::new(3, 5));
}

#[test]
fn invalid_expressions_are_reported_at_their_file_offsets() {
    let e = one_error("a = 1 +\n");
    assert_eq!(e.summary, "Invalid expression");
    assert_eq!(
        e.detail,
        "Expected the start of an expression, but found an invalid expression token."
    );
    assert_eq!(e.span, Span::new(7, 8));
    let e = one_error("a = ");
    assert_eq!(e.summary, "Missing expression");
    assert_eq!(
        e.detail,
        "Expected the start of an expression, but found the end of the file."
    );
    assert_eq!(e.span, Span::new(4, 4));
    // After a bad expression the parser carries on with the next line
    // (`tests/syntax/native_rules/recovery.rs` holds HCL's rules for it).
    let errs = errors("x = 1 +]\ny = 2\ny = 3\n");
    assert_eq!(
        errs,
        [
            ("Invalid expression".into(), 7..8),
            ("Attribute redefined".into(), 15..16),
        ]
    );
}

#[test]
fn block_nesting_is_bounded() {
    let depth = MAX_DEPTH as usize + 5;
    let src = format!("{}{}", "a {\n".repeat(depth), "}\n".repeat(depth));
    let (_, errs) = parse_body(&src);
    assert_eq!(errs[0].summary, "Nesting too deep");
    let ok_depth = MAX_DEPTH as usize;
    let src = format!("{}{}", "a {\n".repeat(ok_depth), "}\n".repeat(ok_depth));
    assert!(parse_body(&src).1.is_empty());
}

#[test]
fn hostile_inputs_end_in_errors_not_panics() {
    for src in [
        "a = \"",
        "a = <<EOT\nx",
        "a {",
        "a \"",
        "/*",
        "a = (",
        "a = {",
        "a b \"c",
        "}",
        "a = 1 ,",
        "a {\nb = 1 }",
        "a { b",
        "a { b = ",
        "a = \"${\"",
        "\"",
        "a = [\n",
        "a.b = 1",
    ] {
        let (_, errs) = parse_body(src);
        assert!(!errs.is_empty(), "{src:?} should fail");
    }
}

// ------------------------------------------------- HCL's lexer diagnostics

#[test]
fn invalid_characters_get_the_lexer_diagnostic_before_the_parser_one() {
    assert_eq!(
        errors("a = 1\n@ = 2\n"),
        [
            ("Invalid character".into(), 6..7),
            ("Argument or block definition required".into(), 6..7),
        ]
    );
    assert_eq!(
        errors("a = @\n"),
        [
            ("Invalid character".into(), 4..5),
            ("Invalid expression".into(), 4..5),
        ]
    );
    assert_eq!(
        errors("a = [1 @ 2]\n"),
        [
            ("Invalid character".into(), 7..8),
            ("Missing item separator".into(), 7..8),
        ]
    );
    // Every invalid character of the file is reported, also where the
    // parser's recovery skipped.
    assert_eq!(
        errors("a = 1\nb = 1 +\nc @ 2\n"),
        [
            ("Invalid character".into(), 16..17),
            ("Invalid expression".into(), 13..14),
            ("Argument or block definition required".into(), 14..15),
        ]
    );
}

#[test]
fn invalid_character_details_and_repeat_limits_are_hcls() {
    let (_, errs) = parse_body("a = 1\nb = 'x'\nc = 'y'\nd = 'z'\n;;\nf = `g`\n");
    let lexer: Vec<(&str, u32)> = errs
        .iter()
        .filter(|e| e.summary == "Invalid character")
        .map(|e| (e.detail.as_str(), e.span.start))
        .collect();
    let apostrophe = "Single quotes are not valid. Use double quotes (\") to enclose strings.";
    let semicolon = "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.";
    let backtick = "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".";
    // Every other apostrophe up to the third, the first semicolon only.
    assert_eq!(
        lexer,
        [
            (apostrophe, 10),
            (apostrophe, 18),
            (semicolon, 30),
            (backtick, 37)
        ]
    );
    let e = &parse_body("a = \u{201c}x\u{201d}\n").1[0];
    assert_eq!(e.summary, "Invalid character");
    assert!(e.detail.starts_with("\"Curly quotes\" are not valid here."));
    assert_eq!(e.span, Span::new(4, 7));
}

#[test]
fn single_bitwise_operators_are_unsupported_operators() {
    let (_, errs) = parse_body("a = 1 & 2\nb = ~1\nc = 1 ^ 2\nd = 1 && 2\n");
    let ops: Vec<(&str, u32)> = errs
        .iter()
        .filter(|e| e.summary == "Unsupported operator")
        .map(|e| (e.detail.as_str(), e.span.start))
        .collect();
    assert_eq!(
        ops,
        [
            (
                "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?",
                6
            ),
            (
                "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?",
                14
            ),
            ("Bitwise operators are not supported.", 23),
        ]
    );
}

#[test]
fn a_quoted_label_broken_by_a_newline_reads_on_to_the_next_quote() {
    // HCL's lexer reads the label's string on to the quote of "x"; the
    // second string, opened after `x`, runs to the end of the file.
    let src = "resource \"aws_instance {\n  a = \"x\"\n}\n";
    assert_eq!(
        errors(src),
        [
            ("Invalid multi-line string".into(), 24..25),
            ("Invalid multi-line string".into(), 34..35),
            ("Invalid multi-line string".into(), 36..37),
            ("Invalid string literal".into(), 24..25),
            ("Invalid string literal".into(), 34..35),
        ]
    );
    let e = &parse_body(src).1[3];
    assert_eq!(e.detail, "This item is not valid in a string literal.");
    // Closed on a later line, the block is read on.
    assert_eq!(
        errors("resource \"a\n\" {\n  x = 1\n}\n"),
        [
            ("Invalid multi-line string".into(), 11..12),
            ("Invalid string literal".into(), 11..12),
        ]
    );
}

#[test]
fn a_quoted_label_cut_by_the_end_of_the_file_is_unterminated() {
    let (_, errs) = parse_body("block \"abc");
    let got: Vec<(&str, &str, Span)> = errs
        .iter()
        .map(|e| (e.summary.as_str(), e.detail.as_str(), e.span))
        .collect();
    assert_eq!(
        got,
        [
            (
                "Unterminated string literal",
                "Unable to find the closing quote mark before the end of the file.",
                Span::new(10, 10)
            ),
            (
                "Invalid block definition",
                "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                Span::new(10, 10)
            ),
        ]
    );
}

// ------------------------------------------------ deferred expressions

#[test]
fn simple_values_are_deferred_and_parse_to_the_same_tree_on_first_use() {
    let src = "a = 1.5\nb = \"x-${var.y}\"\nc = [a.b, {k = true\n  \"q\" : null}]\nd = f(1) ? x[0] : -2\ne = \"\\t\"\n";
    let tree = ok(src);
    let items = root(&tree);
    let deferred: Vec<bool> = items.iter().map(|i| attr(i).expr.get().is_none()).collect();
    // An escape is not one the recognizer knows: parsed at once.
    assert_eq!(deferred, [true, true, true, true, false]);
    for item in items {
        let a = attr(item);
        let eager = crate::native::parse_expression(&src[a.expr_span.range()]).unwrap();
        let lazy = a.expr(src);
        assert_eq!(lazy.span, a.expr_span);
        assert_eq!(lazy.to_string(), eager.to_string());
    }
}

#[test]
fn the_recognizer_stops_at_what_it_does_not_know() {
    use super::simple::simple_expression_end as end;
    let b = |s: &'static str| s.as_bytes();
    assert_eq!(end(b("1 # c\n"), 0), Some(1));
    assert_eq!(end(b("a.b\r\n"), 0), Some(3));
    assert_eq!(end(b("[1, 2,]"), 0), Some(7));
    assert_eq!(end(b("{a = 1, b = 2}"), 0), Some(14));
    for (known, len) in [
        ("1 + 2 * -x", 10),
        ("a[0].b[\"k\"] # c", 11),
        ("f(x, g(y),\n) == \"${a.b} %\"", 26),
        ("[for x in y : x.id if x != null]", 32),
        ("{for k, v in m : k => v}", 24),
        ("a ? b : c ? d : e", 17),
        ("(a || b) && !c", 14),
        ("[a\n.b]", 6),
        ("{a = b\n c = [\n1,\n2] }", 21),
    ] {
        assert_eq!(end(b(known), 0), Some(len), "{known:?}");
        // (Debug builds also hold the recognizer to the parser here.)
        let (_, errs) = parse_body(&format!("x = {known}\n"));
        assert!(errs.is_empty(), "{known:?}: {errs:?}");
    }
    for hard in [
        "a.0",
        "\"a\\n\"",
        "\"%{ if x }\"",
        "\"${~a}\"",
        "\"$${a}\"",
        "{a = 1 b = 2}",
        "{a = b\n+ c}",
        "a +\n b",
        "true.x",
        "true(1)",
        "a::b(1)",
        "a[*].b",
        "a.*.b",
        "f(x...)",
        "{for k, v in m : k => v...}",
        "1e3",
        "a /* c */",
        "<<EOT\nx\nEOT",
        "\"é\"",
        "{a => 1}",
        "\"${a # b }\"",
        "[for x in y : x if]",
    ] {
        assert_eq!(end(b(hard), 0), None, "{hard:?}");
    }
}

#[test]
fn redefinitions_in_a_long_body_are_found_through_the_index() {
    use std::fmt::Write;
    let mut src = String::new();
    for k in 0..40 {
        writeln!(src, "a{k} = {k}").unwrap();
    }
    src.push_str("a3 = 0\nblk {}\na39 = 1\n");
    let (_, errs) = parse_body(&src);
    let got: Vec<(&str, Span, Option<Span>)> = errs
        .iter()
        .map(|e| (e.summary.as_str(), e.span, e.mention))
        .collect();
    let at = |needle: &str| {
        let k = src.find(needle).unwrap() as u32;
        Span::new(k, k + needle.trim_end_matches(" =").len() as u32)
    };
    let second = |name: &str| {
        let k = src.rfind(&format!("\n{name} =")).unwrap() as u32 + 1;
        Span::new(k, k + name.len() as u32)
    };
    assert_eq!(
        got,
        [
            ("Attribute redefined", second("a3"), Some(at("a3 ="))),
            ("Attribute redefined", second("a39"), Some(at("a39 ="))),
        ]
    );
}

#[test]
fn after_recovery_invalid_and_missing_expressions_are_not_reported() {
    // As hcldec: the first bad value is reported; once the parser has
    // recovered, later "Invalid expression" / "Missing expression" are
    // not, whatever else still is.
    assert_eq!(
        errors("a = 1 +\nb = )\nc = 2\nd = *\n"),
        [("Invalid expression".to_string(), 7..8)]
    );
    assert_eq!(
        errors("\"a\" = 1\nb = )\nc = 1 +"),
        [("Invalid argument name".to_string(), 0..1)]
    );
    // Outside recovery each one is reported.
    assert_eq!(errors("a = )\n").len(), 1);
    assert_eq!(errors("b = *\n")[0].0, "Invalid expression");
}

#[test]
fn something_missing_at_a_line_end_is_blamed_on_the_newline() {
    // hcldec: the newline token, not an empty range before it.
    assert_eq!(
        errors("v = a.\n"),
        [("Invalid attribute name".to_string(), 6..7)]
    );
    assert_eq!(
        errors("v = 1 ? 2\n"),
        [("Missing false expression in conditional".to_string(), 9..10)]
    );
}

#[test]
fn a_bracket_the_end_of_the_file_leaves_open_is_named_as_hcl_names_it() {
    // (summary, range) as hcldec 2.14 gives them.
    let cases: [(&str, &str, std::ops::Range<u32>); 9] = [
        (
            "v = [1, 2",
            "Unterminated tuple constructor expression",
            4..5,
        ),
        (
            "v = [1,\n2",
            "Unterminated tuple constructor expression",
            4..5,
        ),
        ("v = a[1", "Missing close bracket on index", 7..7),
        ("v = a [1", "Missing close bracket on index", 8..8),
        (
            "v = {a = 1",
            "Unterminated object constructor expression",
            4..5,
        ),
        ("v = {a = 1\n", "Missing expression", 11..11),
        ("v = {", "Missing expression", 5..5),
        ("v = f(1, 2\n", "Unterminated function call", 4..6),
        ("v = (1", "Unbalanced parentheses", 6..6),
    ];
    for (src, summary, at) in cases {
        assert_eq!(errors(src), [(summary.to_string(), at)], "{src:?}");
    }
    assert_eq!(
        one_error("v = f(1").detail,
        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file."
    );
    // Before the end of the file, the next token is blamed as before.
    assert_eq!(
        errors("v = (1\nu = 2\n"),
        [("Unbalanced parentheses".to_string(), 7..8)]
    );
}

#[test]
fn an_unterminated_string_is_blamed_where_it_was_cut() {
    // hcldec: the newline that ends a quoted string's line, or the end of
    // the file; "No closing marker was found for the string." either way.
    let unterminated = |src: &str| {
        let (_, errors) = parse_body(src);
        let e = errors
            .into_iter()
            .find(|e| e.summary == "Unterminated template string")
            .unwrap_or_else(|| panic!("{src:?}"));
        assert_eq!(e.detail, "No closing marker was found for the string.");
        e.span.start..e.span.end
    };
    assert_eq!(unterminated("v = \"abc"), 8..8);
    assert_eq!(unterminated("v = \"abc\n"), 8..9);
    assert_eq!(unterminated("v = \"a ${b} c\r\nu = 1\n"), 13..15);
    assert_eq!(unterminated("v = <<EOT\nabc\n"), 14..14);
    assert_eq!(unterminated("v = <<EOT\nabc"), 13..13);
}

#[test]
fn blank_runs_end_where_a_byte_by_byte_scan_ends() {
    let naive = |b: &[u8], mut i: usize| {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    let pieces: [&[u8]; 8] = [
        b" ",
        b"\t",
        b"        ",
        b"a",
        b"\n",
        b"\xc2\xa0",
        b"  \t ",
        b"#",
    ];
    // Every sequence of up to four pieces, read from every offset.
    let mut texts = vec![Vec::new()];
    for _ in 0..4 {
        let longer: Vec<Vec<u8>> = texts
            .iter()
            .flat_map(|t: &Vec<u8>| pieces.iter().map(move |p| [t.as_slice(), p].concat()))
            .collect();
        texts.extend(longer);
    }
    for text in &texts {
        for from in 0..=text.len() {
            assert_eq!(
                lines::blank_run_end(text, from),
                naive(text, from),
                "{:?} from {from}",
                String::from_utf8_lossy(text)
            );
        }
    }
}
