//! Tokens as HCL's scanner reads them: a byte order mark, identifiers,
//! carriage returns, comments, heredoc markers and quoted strings cut by
//! their line.

use super::expect;

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    expect("\u{feff}a = 1\n", &[]);
    let file = hcl_json::parse_native("\u{feff}a = 1\n", "t.tf").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    assert_eq!(attrs["a"].name_range.bytes(), 3..4);
    // Only at the start: elsewhere it is a character no token uses.
    expect(
        "a = 1\n\u{feff}b = 2\n",
        &[
            ("Invalid character", 6..9),
            ("Argument or block definition required", 6..9),
        ],
    );
}

#[test]
fn a_heredoc_closes_on_its_marker_with_blanks_after_it() {
    // Nomad's job files close `<<EOH` with `EOH ` and tabs.
    let src = "a = <<EOH\nx\nEOH \nb = <<-EOT\n  y\n  EOT\t \nc = 1\n";
    expect(src, &[]);
    let file = hcl_json::parse_native(src, "t.tf").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    let ctx = hcl_json::EvalContext::new();
    assert_eq!(attrs["a"].expr.value(&ctx).unwrap(), "x\n".into());
    assert_eq!(attrs["b"].expr.value(&ctx).unwrap(), "y\n".into());
    assert_eq!(attrs.len(), 3);
    // Text after the marker still does not close it.
    expect(
        "a = <<EOH\nEOH x\n",
        &[("Unterminated template string", 16..16)],
    );
}

#[test]
fn a_lone_carriage_return_is_an_invalid_character() {
    expect(
        "a = 1\rb = 2\n",
        &[
            ("Invalid character", 5..6),
            ("Missing newline after argument", 5..6),
        ],
    );
    // Inside brackets too; `\r\n` is a newline everywhere.
    expect(
        "a = [1,\r2]\n",
        &[("Invalid character", 7..8), ("Invalid expression", 7..8)],
    );
    expect("a = [1,\r\n2]\r\nb = 2\r\n", &[]);
    // In a line comment it is text: the comment runs on to the newline.
    expect("a = 1 # x\ry\nb = [1, # x\r]\n2]\n", &[]);
}

#[test]
fn identifiers_are_unicode_9_as_in_hcl() {
    expect(
        "a\u{200d} = 1\n",
        &[
            ("Invalid character", 1..4),
            ("Argument or block definition required", 0..1),
        ],
    );
    expect(
        "a\u{10d00} = 1\n",
        &[
            ("Invalid character", 1..5),
            ("Argument or block definition required", 0..1),
        ],
    );
    expect("\u{4e00}\u{0663} = 1\n", &[]);
}

#[test]
fn a_name_where_a_directive_keyword_goes_is_an_invalid_control_keyword() {
    expect(
        "a = \"%{ foo }\"\n",
        &[("Invalid template control keyword", 8..11)],
    );
}

#[test]
fn a_heredoc_opener_after_an_expression_is_no_less_than() {
    // HCL's scanner reads `<<EOT` and its newline as one token anywhere.
    expect(
        "x = a<<EOT\nfoo\nEOT\n",
        &[("Missing newline after argument", 5..11)],
    );
    expect(
        "x = a <<-EOT\n  foo\n  EOT\n",
        &[("Missing newline after argument", 6..13)],
    );
    expect(
        "x = [a<<EOT\nfoo\nEOT\n]\n",
        &[("Missing item separator", 6..12)],
    );
    // Not an opener: a `<` before one, or `<<` then no name and newline.
    expect("x = 1 <<<EOT\nfoo\nEOT\n", &[]);
    expect("x = 1 < <<EOT\nfoo\nEOT\n", &[]);
}

#[test]
fn a_line_comment_and_its_newline_are_one_token() {
    // Where HCL blames the newline after a comment, it blames the comment.
    expect("a = # c\nb = 1\n", &[("Invalid expression", 4..8)]);
    expect("a = // c\n", &[("Invalid expression", 4..9)]);
    expect(
        "x { a = 1 # c\n}\n",
        &[("Invalid single-argument block definition", 10..14)],
    );
    // A `#` in a string is text.
    expect("a = \"#\" +\n", &[("Invalid expression", 9..10)]);
}

#[test]
fn a_heredoc_opener_without_its_newline_is_blamed_at_its_start() {
    expect("a = <<EOT", &[("Invalid expression", 4..5)]);
    expect(
        "a = <<EOT x\nEOT\n",
        &[
            ("Invalid expression", 4..5),
            ("Argument or block definition required", 12..15),
        ],
    );
    expect("a = <<-EOT", &[("Invalid expression", 4..5)]);
}

#[test]
fn a_heredoc_left_open_inside_an_interpolation_is_its_own_cause() {
    expect(
        "a = \"${<<EOT\nx\nEOT}\"\n",
        &[("Unterminated template string", 21..21)],
    );
}

#[test]
fn a_quoted_string_cut_by_its_line_runs_on_to_the_next_quote_as_in_hcls_lexer() {
    // One "Invalid multi-line string" per run of newlines, and the parser
    // recovers after the quote that closes the string in HCL's lexer.
    expect(
        "a = \"x\n\ny\nb = 1\n",
        &[
            ("Invalid multi-line string", 6..8),
            ("Invalid multi-line string", 9..10),
            ("Invalid multi-line string", 15..16),
            ("Unterminated template string", 6..8),
        ],
    );
    // Nested in a value, too: the lexer's errors, then the parser's.
    expect(
        "a = { s = \"x\n  v = 1\n}\n",
        &[
            ("Invalid multi-line string", 12..13),
            ("Invalid multi-line string", 20..21),
            ("Invalid multi-line string", 22..23),
            ("Unterminated template string", 12..13),
        ],
    );
    expect(
        "a = \"x\ny = 1\n\"\nz = 3\nw\n",
        &[
            ("Invalid multi-line string", 6..7),
            ("Invalid multi-line string", 12..13),
            ("Unterminated template string", 6..7),
            ("Argument or block definition required", 21..22),
        ],
    );
}
