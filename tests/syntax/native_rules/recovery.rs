//! What HCL reports after an error: where its recovery stops, so what it
//! reads on, and the errors it leaves out while recovering.

use super::expect;

/// Where no item can start, HCL reads the token, then skips to the `}`
/// that closes the body: a bracket it read opens nothing, so the `}` that
/// would have closed it ends the block, and what follows is read in the
/// body around it.
#[test]
fn a_bracket_where_an_item_goes_opens_nothing() {
    let policy = "resource \"a\" \"b\" {\n  name = \"x\"\n\n{\n  \"k\": [\n    {\n    }\n  ]\n}\nPOLICY\n}\n";
    expect(
        policy,
        &[
            ("Argument or block definition required", 33..34),
            ("Argument or block definition required", 62..68),
        ],
    );
    expect(
        "a {\n  [1, {\n  }]\n  b\n}\nc\n",
        &[
            ("Argument or block definition required", 6..7),
            ("Argument or block definition required", 23..24),
        ],
    );
    expect(
        "a {\n  (\n  }\n  b\n}\nc\n",
        &[
            ("Argument or block definition required", 6..7),
            ("Argument or block definition required", 14..15),
        ],
    );
}

#[test]
fn what_follows_a_failed_single_line_block_item_is_checked_and_reported_first() {
    // The item's line is skipped; then HCL reads the block's `}`, or
    // reports the line break or comma it finds there, ahead of the item's
    // own error.
    expect(
        "a {b \"x\" {\n  c = 1\n}\n\nd = 1\n",
        &[
            ("Invalid single-argument block definition", 21..22),
            ("Argument definition required", 3..6),
        ],
    );
    expect("a { b c }\n}\n", &[("Argument definition required", 4..7)]);
    expect(
        "a { b c }\n, }\n",
        &[
            ("Invalid single-argument block definition", 10..11),
            ("Argument definition required", 4..7),
        ],
    );
    // A line comment and its newline are the line break found.
    expect(
        "a { \"b\" = 1\n# c\n}\n",
        &[
            ("Invalid single-argument block definition", 12..16),
            ("Argument or block definition required", 4..5),
        ],
    );
    // After an attribute, too, the brace check comes first.
    expect(
        "a { b = 1 +\n\n}\n",
        &[
            ("Invalid single-argument block definition", 12..13),
            ("Invalid expression", 11..12),
        ],
    );
    expect(
        "a { b = [1,\n2] x\n}\n",
        &[("Invalid single-argument block definition", 15..16)],
    );
    expect(
        "a { b = 1 }\nc { d e }\n\nf = 1\n",
        &[
            ("Invalid single-argument block definition", 22..23),
            ("Argument definition required", 16..19),
        ],
    );
}

/// In a single-line block as in a body, HCL reads the token that cannot
/// start an item before it recovers: a bracket there opens nothing, and
/// the recovery ends at that line's end.
#[test]
fn a_bracket_that_starts_a_single_line_block_opens_nothing() {
    let required = "Argument or block definition required";
    expect(
        "v \"r\" {[\n  a = 1\n}\n\nv \"b\" {\n}\n",
        &[(required, 7..8)],
    );
    expect(
        "v \"r\" {{\n  a = 1\n}\n\nv \"b\" {\n}\n",
        &[(required, 7..8)],
    );
    // A string is read whole: a brace after it opens.
    expect(
        "v {\"r\" {\n  a = 1\n}\n\nv \"b\" {\n}\n",
        &[
            ("Invalid single-argument block definition", 19..20),
            (required, 3..4),
        ],
    );
    // A bracket after the token blamed still opens, in recovery.
    expect(
        "v \"r\" {1 [\n  a = 1\n}\n\nv \"b\" {\n}\n",
        &[
            ("Invalid single-argument block definition", 21..22),
            (required, 7..8),
        ],
    );
}

/// HCL's lexer reads a quoted string on past a line break to its next
/// quote, so a recovery that skips to the end of the line skips the whole
/// string: its second line's quote opens nothing.
#[test]
fn a_recovery_skips_a_quoted_string_its_line_cuts_whole() {
    expect(
        "a = \"a value\", b = \"b\n value\"\n",
        &[
            ("Invalid multi-line string", 21..22),
            ("Unexpected comma after argument", 13..14),
        ],
    );
}

#[test]
fn a_missing_index_bracket_is_blamed_where_hcls_recovery_stops() {
    // HCL's subject is the token its recovery stops at: the `]` that
    // closes the index (nested brackets and quoted strings passed over),
    // or the end of the file.
    expect("a = b[1 2]\n", &[("Missing close bracket on index", 9..10)]);
    expect(
        "a = b[1 [2] \"]\" 3]\n",
        &[("Missing close bracket on index", 17..18)],
    );
    expect(
        "a = b[1 \"x\" ]\n",
        &[("Missing close bracket on index", 12..13)],
    );
    // An index in a string's template sequence: the string is read on
    // from the sequence's end, to its closing quote.
    expect(
        "x = [\"a${b[c}d\"]\n",
        &[("Missing close bracket on index", 15..16)],
    );
    expect(
        "x = \"${b[c}d\"\ny = [1]\n",
        &[("Missing close bracket on index", 22..22)],
    );
    // A string cut by its line runs on to its quote, as in HCL's lexer.
    expect(
        "a = b[1 \"x\n]\"\n]\n",
        &[
            ("Invalid multi-line string", 10..11),
            ("Missing close bracket on index", 14..15),
        ],
    );
    expect(
        "a = b[1\n c\n",
        &[("Missing close bracket on index", 11..11)],
    );
    expect(
        "a = [b[1 c]]\n",
        &[("Missing close bracket on index", 10..11)],
    );
    // Past the value's own text, to the end of the file or a stray `]`.
    expect(
        "a = { k = b[1\n c = 2 }\n",
        &[("Missing close bracket on index", 23..23)],
    );
    expect(
        "a = { k = b[1 c }\nd = [1]\n]\n",
        &[("Missing close bracket on index", 26..27)],
    );
    // In an object, where the next key could start at the `[`, it is
    // still the index HCL reads.
    expect(
        "a = { k = b[1 c] }\n",
        &[("Missing close bracket on index", 15..16)],
    );
}

#[test]
fn a_label_refuses_each_template_sequence_and_the_block_is_read_on() {
    // One error per sequence, naming its sign; the sequence is passed
    // over (directives need not balance) and the block is read, in
    // recovery: later expression errors are not reported, as in HCL.
    expect(
        "variable \"d%{ if x }y%{ endif }\" {\n}\n",
        &[
            ("Invalid string literal", 11..13),
            ("Invalid string literal", 21..23),
        ],
    );
    expect(
        "variable \"d%{ endif }e\" {\n}\n",
        &[("Invalid string literal", 11..13)],
    );
    expect(
        "variable \"d%{ if x }e\" {\n  a = \n}\n",
        &[("Invalid string literal", 11..13)],
    );
    expect(
        "a \"x$${y}\" \"b${ {c=1} }\" {\n  d = 1\n}\n",
        &[("Invalid string literal", 13..15)],
    );
    expect(
        "variable \"d${x}\" {\n  a = 1 +\n b c\n}\nd = \n",
        &[
            ("Invalid string literal", 11..13),
            ("Invalid block definition", 33..34),
        ],
    );
    let err = hcl_json::parse_native("a \"b%{ if c }\" {\n}\n", "t.tf").unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Template sequences are not allowed in this string. To include a literal \"%\", double it (as \"%%\") to escape it."
    );
}

#[test]
fn in_recovery_the_errors_hcl_reports_only_outside_it_are_left_out() {
    // After the stray `{` HCL recovers (for the rest of the file): the
    // tuple's missing separator is not reported, nor is a later string
    // cut by its line, though the parser still skips past it.
    expect(
        "module \"db\" {\n  ]\n}\n  ingress = [\n    actions = [\n",
        &[("Argument or block definition required", 16..17)],
    );
    expect(
        "d {\n  {\n}\ny = \"a\nz = 1\n\"\n",
        &[
            ("Invalid multi-line string", 16..17),
            ("Invalid multi-line string", 22..23),
            ("Argument or block definition required", 6..7),
        ],
    );
}

/// A quoted string that runs away inside brackets: HCL's lexer reads it
/// on to the next quote, and each bracket open around it then skips to its
/// own closer, so the lines in between are never read as the block's
/// attributes (here that reaches the end of the file, and the second
/// block's `description` is no redefinition).
#[test]
fn a_runaway_string_inside_brackets_is_recovered_from_by_each_bracket() {
    let src = "variable \"a\" {\n  description = \"d\"\n  default     = [\"x\", \"y]\n}\n\nvariable \"b\" {\n  description = \"List\"\n  type        = list(map(string))\n}\n";
    expect(
        src,
        &[
            ("Invalid multi-line string", 60..61),
            ("Invalid multi-line string", 62..64),
            ("Invalid multi-line string", 78..79),
            ("Invalid multi-line string", 101..102),
            ("Invalid multi-line string", 135..136),
            ("Invalid multi-line string", 137..138),
            ("Unterminated template string", 60..61),
        ],
    );
    // The bracket's closer after the string ends the recovery; the next
    // line is read again.
    expect(
        "a = [\"x\n\" ]\nb = 1\nb = 2\n",
        &[
            ("Invalid multi-line string", 7..8),
            ("Unterminated template string", 7..8),
            ("Attribute redefined", 18..19),
        ],
    );
}

/// An error inside brackets: HCL's parser recovers each bracket open
/// there to its own closer (counting only its kind), so what follows the
/// error inside them is never read as the block's attributes.
#[test]
fn an_error_inside_brackets_skips_to_their_closers() {
    let src = "m {\n  tags = 1\n  t = {\n    a = {\n      x = 1\n    }\n    ]\n    tags = {\n      n = 1\n    }\n  }\n  u = 2\n}\n";
    expect(src, &[("Invalid expression", 55..56)]);
    // Inside parentheses, to the end of the file here.
    expect("x = (1 +]\nx = 2\nx = 3\n", &[("Invalid expression", 8..9)]);
}

/// An attribute whose value does not parse is still set, as HCL's parser
/// keeps it: it redefines an earlier one and a later one redefines it.
#[test]
fn an_attribute_that_does_not_parse_is_still_set() {
    expect(
        "x = 1 +]\nx = 2\nx = 3\n",
        &[
            ("Invalid expression", 7..8),
            ("Attribute redefined", 9..10),
            ("Attribute redefined", 15..16),
        ],
    );
    expect(
        "x = 1\nx = 1 +]\ny = 2\n",
        &[
            ("Invalid expression", 13..14),
            ("Attribute redefined", 6..7),
        ],
    );
    // After a string that ran away, the quotes that follow pair as HCL's
    // lexer pairs them, and the lines they hold are not attributes: the
    // second block's `description` is no redefinition of the first's.
    expect(
        "variable \"a\" {\n  description = \"Map of values.\n  type        = any\n}\n\nvariable \"b\" {\n  description = \"Maps of items\n  type        = any\n}\n",
        &[
            ("Invalid multi-line string", 46..47),
            ("Invalid multi-line string", 66..67),
            ("Invalid multi-line string", 68..70),
            ("Invalid multi-line string", 84..85),
            ("Unterminated template string", 46..47),
        ],
    );
}

/// Where no expression starts at a dot, HCL's parser reads the dot as a
/// step after its placeholder: what follows wants to be a name, a number
/// or `*`, and each dot that is not followed by one gives "Invalid
/// attribute name" after the "Invalid expression".
#[test]
fn a_dot_where_an_expression_goes_is_read_as_a_step() {
    let invalid = "Invalid expression";
    let name = "Invalid attribute name";
    expect("x = .}\n", &[(invalid, 4..5), (name, 5..6)]);
    expect("x = [.]\n", &[(invalid, 5..6), (name, 6..7)]);
    expect(
        "x = ../elsewhere\n",
        &[(invalid, 4..5), (name, 5..6), (name, 6..7)],
    );
    expect(
        "a {\n  b = {\n    c = 1\n.    }\n}\n",
        &[(invalid, 22..23), (name, 27..28)],
    );
    // A number or a name after the dot is a step; an ellipsis is no dot.
    expect("x = . 1\n", &[(invalid, 4..5)]);
    expect("x = \"${f(a,...)}\"\n", &[(invalid, 11..14)]);
}

/// A conditional that misses its false expression is reported without
/// recovering, and the construct around it then finds the token where
/// the colon was wanted: the attribute wants a newline, a tuple a comma.
#[test]
fn after_a_conditional_missing_its_false_expression_the_construct_around_it_reads_on() {
    let cond = "Missing false expression in conditional";
    expect(
        "x = a ? b ]\ny = 1\n",
        &[(cond, 10..11), ("Missing newline after argument", 10..11)],
    );
    expect(
        "x = a ? b, c\ny = 1\n",
        &[(cond, 9..10), ("Unexpected comma after argument", 9..10)],
    );
    expect(
        "x = [1, a ? b ; c]\ny = 1\n",
        &[
            ("Invalid character", 14..15),
            (cond, 14..15),
            ("Missing item separator", 14..15),
        ],
    );
    // A newline, a tuple's comma or its end is what was wanted there.
    expect("x = a ? b\ny = 1\n", &[(cond, 9..10)]);
    expect("x = [a ? b]\ny = 1\n", &[(cond, 10..11)]);
}

/// The same in every other construct a conditional can stand in: each
/// says what it wanted at the token where the colon was, or nothing where
/// that token is one it goes on with. (Checked with HCL's parser.)
#[test]
fn after_a_broken_conditional_each_construct_says_what_it_wanted() {
    let cond = "Missing false expression in conditional";
    let for_ = "Invalid 'for' expression";
    type Diagnostics<'a> = &'a [(&'a str, std::ops::Range<usize>)];
    let cases: &[(&str, Diagnostics)] = &[
        // An object's value wants a separator, its key the `=`.
        (
            "x = { b = a ? b c }\ny = 1\n",
            &[(cond, 16..17), ("Missing attribute separator", 16..17)],
        ),
        (
            "x = { a ? b c = 1 }\ny = 1\n",
            &[(cond, 12..13), ("Missing key/value separator", 12..13)],
        ),
        ("x = { a ? b = 1 }\ny = 1\n", &[(cond, 12..13)]),
        (
            "x = { a ? b, c = 1 }\ny = 1\n",
            &[(cond, 11..12), ("Missing attribute value", 11..12)],
        ),
        // A call wants a comma (newlines are blanks there); an ellipsis
        // goes on with it. Parentheses recover quietly.
        (
            "x = f(a ? b\n  c)\ny = 1\n",
            &[(cond, 14..15), ("Missing argument separator", 14..15)],
        ),
        ("x = f(a ? b...)\ny = 1\n", &[(cond, 11..14)]),
        ("x = (a ? b c)\ny = 1\n", &[(cond, 11..12)]),
        // An index blames the `]` its recovery stops at.
        (
            "x = l[a ? b c]\ny = 1\n",
            &[(cond, 12..13), ("Missing close bracket on index", 13..14)],
        ),
        // Template sequences: a quote ends the string first.
        (
            "x = \"${a ? b c}\"\ny = 1\n",
            &[
                (cond, 13..14),
                ("Extra characters after interpolation expression", 13..14),
            ],
        ),
        (
            "x = \"${a ? b \"c\"}\"\ny = 1\n",
            &[
                (cond, 13..14),
                ("Unclosed template interpolation sequence", 5..7),
            ],
        ),
        (
            "x = \"%{if a ? b c}d%{endif}\"\ny = 1\n",
            &[(cond, 16..17), ("Extra characters in if marker", 16..17)],
        ),
        // `for` expressions: the collection wants the colon, the value the
        // end; an object `for` without `=>` misses its key.
        (
            "x = [for v in a ? b c : v]\ny = 1\n",
            &[(cond, 20..21), (for_, 20..21)],
        ),
        ("x = [for v in l : a ? b if c]\ny = 1\n", &[(cond, 24..26)]),
        (
            "x = {for k, v in m : a ? b c}\ny = 1\n",
            &[(cond, 27..28), (for_, 27..28), (for_, 21..22)],
        ),
        (
            "x = {for k, v in m : a ? b}\ny = 1\n",
            &[(cond, 26..27), (for_, 21..22)],
        ),
    ];
    for (src, want) in cases {
        expect(src, want);
    }
}

/// An error inside a heredoc's template sequence recovers to the
/// sequence's end, and the heredoc is read on to its closing marker, which
/// is no body item.
#[test]
fn an_error_in_a_heredoc_sequence_leaves_the_heredoc_whole() {
    expect(
        "x = <<EOT\n${a b}\nEOT\ny = 1\n",
        &[("Extra characters after interpolation expression", 14..15)],
    );
    expect(
        "x = [<<EOT\n%{ if a b }c%{ endif }\nEOT\n, 1]\ny = 1\n",
        &[("Extra characters in if marker", 19..20)],
    );
}

/// A dot with no name after it at the end of the file is reported before
/// what it leaves open, as HCL's parser (which reads the dot's step
/// first) does: at the end of the file, or at the newline that ends an
/// object's item.
#[test]
fn a_name_missing_after_a_dot_at_the_end_is_reported_before_what_is_open() {
    let name = "Invalid attribute name";
    expect("x = f(a.\n", &[(name, 9..9)]);
    expect("x = {a = b.\n", &[(name, 11..12)]);
    expect("x = \"${a.", &[(name, 9..9)]);
}

/// In recovery (after an earlier error), what a tuple, an object or a
/// string misses at the end of the file is left unsaid, but a call or
/// parentheses around them still find the end of the file where their
/// `)` goes.
#[test]
fn in_recovery_a_call_open_at_the_end_of_the_file_still_says_so() {
    let block = ("Invalid block definition", 4..5);
    let call = "Unterminated function call";
    expect("b c : 1\nx = f(\n", &[block.clone(), (call, 12..14)]);
    expect("b c : 1\nx = try([\n}\n", &[block.clone(), (call, 12..16)]);
    expect("b c : 1\nx = f(\"${\n", &[block.clone(), (call, 12..14)]);
    expect("b c : 1\nx = f(g(\n", &[block.clone(), (call, 14..16)]);
    expect(
        "b c : 1\nx = f((\n",
        &[block, ("Unbalanced parentheses", 16..16)],
    );
}

/// In recovery, a single-line block's value whose errors recovery
/// silences leaves HCL's parser at the token where it failed, and the
/// block's end is read there: a comma or a newline is reported.
#[test]
fn in_recovery_a_single_line_block_reads_its_end_where_its_value_failed() {
    let first = "Invalid expression";
    let single = "Invalid single-argument block definition";
    expect("x = ]\na { b = , }\n", &[(first, 4..5), (single, 14..15)]);
    // HCL's range ends at 3:1 too (its end byte says 19).
    expect("x = ]\na { b = #c\n}\n", &[(first, 4..5), (single, 14..17)]);
    expect("x = ]\na { b = = }\n", &[(first, 4..5)]);
    expect("x = ]\na { b = ! }\n", &[(first, 4..5)]);
}

/// ... and past the closers of what is open there: a tuple, an object, a
/// call, a template sequence, its string and a heredoc each read on to
/// their own end in HCL's recovery, where the block's end is read. An
/// index takes the failing token for its `]`, so the block's end is not
/// known there (nothing more is reported, as in HCL).
#[test]
fn in_recovery_a_single_line_block_reads_its_end_past_what_its_value_left_open() {
    let first = ("Invalid expression", 4..5);
    let single = "Invalid single-argument block definition";
    expect("x = ]\na { b = [ , ] }\n", std::slice::from_ref(&first));
    expect(
        "x = ]\na { b = [ , ]\n}\n",
        &[first.clone(), (single, 19..20)],
    );
    expect(
        "x = ]\na { b = { \"k\"\n}\n}\n",
        &[first.clone(), (single, 21..22)],
    );
    expect(
        "x = ]\na { b = f( , )\n}\n",
        &[first.clone(), (single, 20..21)],
    );
    expect(
        "x = ]\na { b = 1 + , }\n",
        &[first.clone(), (single, 18..19)],
    );
    expect(
        "x = ]\na { b = \"${ , }\"\n}\n",
        &[first.clone(), (single, 22..23)],
    );
    expect(
        "x = ]\na { b = [1, {x = [ , ]}]\n}\n",
        &[first.clone(), (single, 30..31)],
    );
    expect(
        "x = ]\na { b = <<EOT\n${ , }\nEOT\n}\n",
        &[first.clone(), (single, 30..31)],
    );
    expect("x = ]\na { b = x[ , ]\n}\n", &[first]);
}

/// In recovery, a term that fails silently is a placeholder to HCL's
/// parser, and the failing token is read by the constructs open around
/// it: parentheses that find no `)` there say "Unbalanced parentheses", a
/// call "Missing argument separator" (or "Unterminated function call" at
/// the end of the file), even in recovery; an index takes the token for
/// its `]`, and a call's comma followed by `)` ends it.
#[test]
fn in_recovery_a_silent_failure_is_read_by_the_parentheses_and_calls_around_it() {
    let first = ("Invalid expression", 4..5);
    let parens = "Unbalanced parentheses";
    let separator = "Missing argument separator";
    expect("a = ]\nx = ( , )\n", &[first.clone(), (parens, 12..13)]);
    expect("a = ]\nx = [( , )]\n", &[first.clone(), (parens, 13..14)]);
    expect(
        "a = ]\nx = (\"${ , }\" 1)\n",
        &[first.clone(), (parens, 20..21)],
    );
    expect("a = ]\nx = f( = )\n", &[first.clone(), (separator, 13..14)]);
    expect(
        "a = ]\nx = f([ , ] 2)\n",
        &[first.clone(), (separator, 18..19)],
    );
    expect(
        "a = ]\nx = f(a[ , ])\n",
        &[first.clone(), (separator, 17..18)],
    );
    expect(
        "a = ]\nx = f( = , )\n",
        &[first.clone(), (separator, 13..14)],
    );
    expect(
        "a = ]\nx = f(a[ ,",
        &[first.clone(), ("Unterminated function call", 10..12)],
    );
    expect("a = ]\nx = (1 +)\n", std::slice::from_ref(&first));
    expect("a = ]\nx = f( , )\n", &[first]);
}

/// A directive that does not fit the one open in a template ends that
/// one, as HCL's parser (which reads a directive's body recursively)
/// returns from it; what follows is read in the directive around it. A
/// directive left open is blamed on the template's closing token: its
/// quote, or its heredoc's closing marker line.
#[test]
fn an_unexpected_directive_ends_the_one_open_and_an_open_one_is_blamed_on_the_close() {
    let end = "Unexpected end of template";
    expect("x = \"%{ if a }x\"\n", &[(end, 15..16)]);
    expect(
        "x = \"%{ if a }%{ for b in c }x\"\n",
        &[(end, 30..31), (end, 30..31)],
    );
    expect("x = <<EOT\n%{ if a }x\n  EOT\n", &[(end, 21..26)]);
    expect(
        "x = \"%{ for a in b }x%{ endif }\"\n",
        &[("Unexpected endif directive", 21..31)],
    );
    expect(
        "x = \"%{ if a }x%{ else }y%{ else }z%{ endif }\"\n",
        &[
            ("Unexpected else directive", 25..34),
            ("Unexpected endif directive", 35..45),
        ],
    );
}
