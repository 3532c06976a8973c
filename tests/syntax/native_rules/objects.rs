//! Object constructors, where HCL's parser reads newlines as tokens: what
//! ends an item, what separates items, and what HCL blames when a key, a
//! value or a separator is missing.

use super::expect;

#[test]
fn a_bracket_then_for_is_a_for_expression() {
    expect("a = {for = 1}\n", &[("Invalid 'for' expression", 9..10)]);
    expect("a = [for]\n", &[("Invalid 'for' expression", 8..9)]);
    let err = hcl_json::parse_native("a = [for]\n", "t.tf").unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "For expression requires variable name after 'for'."
    );
    // A later key may be named `for`.
    expect("a = {b = 1, for = 2}\n", &[]);
}

/// Past a `for` object's condition, anything but its `}` is extra
/// characters after the `for` (it was taken for an object item's
/// missing separator, or a missing expression after a newline).
#[test]
fn extra_characters_after_a_for_objects_condition_blame_the_for() {
    let extra = "Invalid 'for' expression";
    expect("v = {for k, v in m : k => v if c ]\n", &[(extra, 33..34)]);
    expect("v = {for k, v in m : k => v if c x }\n", &[(extra, 33..34)]);
    expect(
        "v = {for k, v in m : k => v if k != \"p\"\n]\n",
        &[(extra, 40..41)],
    );
    expect("v = [for k in m : k if c x ]\n", &[(extra, 25..26)]);
}

/// An object `for` without `=>` misses its key, blamed on its value; a
/// token after the value that does not go on with the `for` (its `}`, `...`
/// or `if`) is extra characters first, as HCL reads them.
#[test]
fn an_object_for_without_a_key_blames_what_follows_its_value_first() {
    let for_ = "Invalid 'for' expression";
    expect("x = {for k in m : v}\n", &[(for_, 18..19)]);
    expect("x = {for k in m : v if c}\n", &[(for_, 18..19)]);
    expect("x = {for k in m : v ...}\n", &[(for_, 18..19)]);
    expect("x = {for k in m : v]\n", &[(for_, 19..20), (for_, 18..19)]);
    expect(
        "x = {for k in m : v w}\n",
        &[(for_, 20..21), (for_, 18..19)],
    );
    expect(
        "x = {for k in m : v ifx}\n",
        &[(for_, 20..23), (for_, 18..19)],
    );
    expect(
        "x = {for k in m : v\ny = 1\n",
        &[(for_, 20..21), (for_, 18..19)],
    );
    expect(
        "x = [\n  for r in a : {\n  for r in b : {\n    for k, v in r : k => v\n  }\n]\n",
        &[(for_, 71..72), (for_, 38..70)],
    );
    let err = hcl_json::parse_native("x = {for k in m : v]\n", "t.tf").unwrap_err();
    let details: Vec<&str> = err
        .diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(
        details,
        [
            "Extra characters after the end of the 'for' expression.",
            "Key expression is required when building an object.",
        ]
    );
}

/// In a call's argument as anywhere, HCL's parser stops at an object
/// item that follows the one before it on its line, whatever comes after.
#[test]
fn a_missing_separator_in_a_call_argument_is_where_hcl_stops() {
    let sep = "Missing attribute separator";
    expect("x = f({\n\"N\" = v w\n})\n", &[(sep, 16..17)]);
    expect("x = f({\"N\" = v w})\n", &[(sep, 15..16)]);
    // A heredoc's marker there is no heredoc: its `<<EOT` and newline are
    // the token HCL blames, the rest of the file not read as its text.
    expect(
        "x = merge({\n  \"Name\" = var.na<<EOT\nme\n})\ny = 1\n",
        &[(sep, 29..35)],
    );
}

/// A newline ends an object's item, so a comma after it is where HCL's
/// parser reads the next key: it stops there, whatever comes after (the
/// object's `}`, a tuple's `]`, the end of the file).
#[test]
fn a_comma_after_the_newline_that_ends_an_item_is_where_hcl_stops() {
    let invalid = "Invalid expression";
    expect("x = {\n  a = 1\n  ,\n}\n", &[(invalid, 16..17)]);
    expect("x = {\n  a = 1\n  ,\n]\n", &[(invalid, 16..17)]);
    expect("x = [\n  {\n    a = 1\n  ,\n]\n", &[(invalid, 22..23)]);
    expect("x = f({\n  a = 1\n ,\n  ]\n", &[(invalid, 17..18)]);
    expect("x = {\n  a = 1\n,\n", &[(invalid, 14..15)]);
    // A missing separator before it is where HCL stopped first.
    expect(
        "x = {\n  a = 1 b = 2\n ,\n]\n",
        &[("Missing attribute separator", 14..15)],
    );
}

#[test]
fn a_comma_where_an_object_item_goes_is_an_invalid_expression() {
    expect("a = {,}\n", &[("Invalid expression", 5..6)]);
    expect("a = {b = 1,,}\n", &[("Invalid expression", 11..12)]);
}

#[test]
fn a_newline_ends_an_object_item() {
    // HCL 2.x's diagnostics, subject included.
    expect(
        "x = {\n a = 1 +\n 2\n}\n",
        &[("Invalid expression", 14..15)],
    );
    expect("x = {a =\n 1}\n", &[("Invalid expression", 8..9)]);
    expect("x = {a\n = 1}\n", &[("Missing attribute value", 6..7)]);
    expect("x = {a = x ?\n 1 : 2}\n", &[("Invalid expression", 12..13)]);
    expect(
        "x = {a = \"s\"\n , b = 1}\n",
        &[("Invalid expression", 14..15)],
    );
    // A newline before an operator or a step ends the value there.
    expect("x = {a = 1\n+ 2}\n", &[("Invalid expression", 11..12)]);
    expect("x = {a = b\n.c}\n", &[("Invalid expression", 11..12)]);
    // A line comment ends its line.
    expect("x = {a = 1 # c\n + 2}\n", &[("Invalid expression", 16..17)]);
    // Inside brackets and parentheses newlines are free.
    expect(
        "x = {\n a = (1 +\n 2)\n b = [\n 1,\n 2]\n c = f(\n 1)\n}\n",
        &[],
    );
    // So are block comments, and newlines between items.
    expect("x = {\n\n a = 1 /*\n */ + 2,\n\n b = 2\n}\n", &[]);
}

#[test]
fn a_newline_between_a_name_and_a_parenthesis_ends_an_object_item() {
    // At an object's own level the name is a variable and the parenthesis
    // starts the next item's key, as in HCL (`hclsyntax.ParseConfig`
    // accepts each of these).
    expect("x = {\n  enabled = true\n  (local.k) = 1\n}\n", &[]);
    expect("x = {\n  a = null\n  (k) = 1\n}\n", &[]);
    expect("x = {\n  a = c ? d : f\n  (k) = 1\n}\n", &[]);
    expect("x = {\n  a = -f\n  (k) = 1\n}\n", &[]);
    expect("x = {\n  a = 1 + f\n  (k) = 1\n}\n", &[]);
    expect("x = {\n  a = f\r\n  (k) = 1\r\n}\r\n", &[]);
    // A line comment ends its line; a block comment does not.
    expect("x = {\n  a = f # c\n(k) = 1\n}\n", &[]);
    expect("x = {\n  a = f // c\n  (k) = 1\n}\n", &[]);
    expect("x = {\n  a = f/*\n*/(1)\n}\n", &[]);
    // So a lone parenthesized key after it has no value.
    expect(
        "x = {\n  a = {b = f\n(1)}\n}\n",
        &[("Missing key/value separator", 22..23)],
    );
    // Inside brackets, parentheses, calls, `for` expressions and
    // templates the newline is free: a call.
    for src in [
        "x = {\n  a = [f\n(1)]\n}\n",
        "x = {\n  a = (f\n(1))\n}\n",
        "x = {\n  a = g(f\n(1))\n}\n",
        "x = {\n  a = l[f\n(1)]\n}\n",
        "x = {\n  a = [for k in l : f\n(k)]\n}\n",
        "x = {\n  a = {for k in l : k => f\n(k)}\n}\n",
        "x = {\n  a = \"${f\n(1)}\"\n}\n",
        "x = {\n  a = <<EOT\n${f\n(1)}\nEOT\n}\n",
    ] {
        let file = hcl_json::parse_native(src, "t.tf").unwrap();
        let attrs = file.body().just_attributes().unwrap();
        let roots: Vec<String> = (attrs["x"].expr.variables().iter())
            .map(|t| t.root_name().to_string())
            .collect();
        assert!(!roots.contains(&"f".to_string()), "{src:?}: {roots:?}");
    }
}

#[test]
fn a_newline_before_an_operator_a_step_or_a_question_mark_ends_an_object_item() {
    // As in HCL (`hclsyntax.ParseConfig`, subjects included): the token
    // after the newline starts the next item's key.
    type Case = (
        &'static str,
        &'static [(&'static str, std::ops::Range<usize>)],
    );
    let cases: &[Case] = &[
        ("x = {\n  a = 1\n  - 2 = 3\n}\n", &[]),
        ("x = {\n  a = b\n  [1] = 2\n}\n", &[]),
        ("x = {\n  a = b # c\n  !d = 1\n}\n", &[]),
        (
            "x = {\n  a = 1\n  -2\n}\n",
            &[("Missing attribute value", 18..19)],
        ),
        (
            "x = {\n  a = b\n  [1]\n}\n",
            &[("Missing attribute value", 19..20)],
        ),
        (
            "x = {\n  version = \">= 3.29\"\n*    }\n",
            &[("Invalid expression", 28..29)],
        ),
        (
            "x = {\n  a = b\n  .c = 1\n}\n",
            &[("Invalid expression", 16..17)],
        ),
        (
            "x = {\n  a = b\n  ? c : d\n}\n",
            &[("Invalid expression", 16..17)],
        ),
        (
            "x = {\n  a = b ? c : d\n  ? e : f\n}\n",
            &[("Invalid expression", 24..25)],
        ),
        (
            "x = {\n  a = b[*]\n  .c\n}\n",
            &[("Invalid expression", 19..20)],
        ),
        (
            "x = {\n  a = b\n  <<EOT\nk\nEOT\n = 1\n}\n",
            &[("Missing attribute value", 27..28)],
        ),
        (
            "x = {\n  a = {b = c\n  - 1}\n}\n",
            &[("Missing key/value separator", 24..25)],
        ),
        // Two-character operators are one token.
        (
            "x = {\n  a = b == c\n  || d\n}\n",
            &[("Invalid expression", 21..23)],
        ),
        (
            "x = {\n  a = b\n  == c\n}\n",
            &[("Invalid expression", 16..18)],
        ),
        (
            "x = {\n  a = b\n  => c\n}\n",
            &[("Invalid expression", 16..18)],
        ),
        // Where the expression cannot end, HCL blames the newline.
        (
            "x = {\n  a = b ? c\n  : d\n}\n",
            &[("Missing false expression in conditional", 17..18)],
        ),
        (
            "x = {\n  a = b.\n  c\n}\n",
            &[("Invalid attribute name", 14..15)],
        ),
        // Inside brackets, parentheses and templates, and across block
        // comments, the expression goes on.
        ("x = {\n  a = b /*\n */ + 1\n}\n", &[]),
        ("x = [\n  b\n  + 1\n]\n", &[]),
        ("x = {\n  a = (b\n  + 1)\n}\n", &[]),
        ("x = {\n  a = \"${b\n  + 1}\"\n}\n", &[]),
    ];
    for (src, want) in cases {
        expect(src, want);
    }
}

#[test]
fn a_stray_token_where_a_key_goes_and_a_misplaced_ellipsis_are_blamed_as_in_hcl() {
    // Right after `{`, HCL reads a key: the token cannot start one.
    expect("x = {)}\n", &[("Invalid expression", 5..6)]);
    expect("x = {\n)}\n", &[("Invalid expression", 6..7)]);
    // After a value on the same line, a separator was wanted.
    expect(
        "x = { a = 1 )}\n",
        &[("Missing attribute separator", 12..13)],
    );
    // A fat arrow in a tuple that is no `for` expression.
    expect("x = [a=>]\n", &[("Missing item separator", 6..8)]);
    expect(
        "x = [for k, v in m : k => v]\n",
        &[("Invalid 'for' expression", 21..22)],
    );
    // An expanded argument not last: the ellipsis is blamed.
    for src in ["x = f(a..., b)\n", "x = f(a... b)\n", "x = f(a...\n, b)\n"] {
        expect(src, &[("Missing closing parenthesis", 7..10)]);
    }
}

#[test]
fn a_key_without_its_value_is_diagnosed_as_hcl_does() {
    // After the key HCL's parser finds a newline (a line comment with
    // its newline) or a comma: the value is missing, blamed there.
    expect(
        "tags = {\n  Name\n  Env = \"x\"\n}\n",
        &[("Missing attribute value", 15..16)],
    );
    expect(
        "tags = {\n  Name # c\n  Env = \"x\"\n}\n",
        &[("Missing attribute value", 16..20)],
    );
    expect(
        "x = {\n  \"a b\" /* c */\n}\n",
        &[("Missing attribute value", 21..22)],
    );
    expect(
        "x = {\n  \"a#b\"\n}\n",
        &[("Missing attribute value", 13..14)],
    );
    expect(
        "x = {\n  a\r\n  b = 1\r\n}\r\n",
        &[("Missing attribute value", 9..11)],
    );
    expect("x = {\n  f(x)\n}\n", &[("Missing attribute value", 12..13)]);
    expect(
        "x = { a = 1, b, c = 2 }\n",
        &[("Missing attribute value", 14..15)],
    );
    // A name: the separator is missing, with HCL's hint about names.
    expect(
        "x = {\n  a /* x\n y */ b = 1\n}\n",
        &[("Missing key/value separator", 21..22)],
    );
    let err = hcl_json::parse_native("x = { a b }\n", "t.tf").unwrap_err();
    assert!(
        err.diagnostics()[0]
            .detail
            .ends_with("write the name in quotes to create a string literal."),
        "{err}"
    );
    // Anything else: the separator is missing.
    expect(
        "x = {\n  a \"b\"\n}\n",
        &[("Missing key/value separator", 10..11)],
    );
    let err = hcl_json::parse_native("x = {\n  a \"b\"\n}\n", "t.tf").unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Expected an equals sign (\"=\") to mark the beginning of the attribute value."
    );
}

#[test]
fn a_fat_arrow_after_a_name_is_no_argument() {
    // HCL's scanner reads `=>` as one token: not the `=` of an argument.
    let want = "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";
    for (src, at) in [
        ("foo => 1\n", 0..3),
        ("b {\n  foo => 1\n}\n", 6..9),
        ("b { foo => 1 }\n", 4..7),
    ] {
        expect(src, &[("Argument or block definition required", at)]);
        let err = hcl_json::parse_native(src, "t.tf").unwrap_err();
        assert_eq!(err.diagnostics()[0].detail, want, "{src:?}");
    }
    // Nor the `=` HCL blames in a block header.
    let err = hcl_json::parse_native("b \"x\" => {\n}\n", "t.tf").unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Invalid block definition");
    assert!(err.diagnostics()[0]
        .detail
        .starts_with("Either a quoted string block label"));
}

#[test]
fn the_detail_of_a_newline_in_an_object_item_is_hcls() {
    let err = hcl_json::parse_native("x = {a\n = 1}\n", "t.tf").unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Expected an attribute value, introduced by an equals sign (\"=\")."
    );
    let err = hcl_json::parse_native("x = {a =\n 1}\n", "t.tf").unwrap_err();
    assert_eq!(
        err.diagnostics()[0].detail,
        "Expected the start of an expression, but found an invalid expression token."
    );
}

#[test]
fn a_key_after_a_value_on_the_same_line_is_a_missing_attribute_separator() {
    expect(
        "x = { a = 1 b }\n",
        &[("Missing attribute separator", 12..13)],
    );
    expect(
        "x = { a = f(1) \"b\" }\n",
        &[("Missing attribute separator", 15..16)],
    );
    // HCL's parser reads no item after a missing separator, so what that
    // item holds is never diagnosed: a number, a key expression or a
    // bracketed key that does not parse on.
    expect("x = {k = 1e}\n", &[("Missing attribute separator", 10..11)]);
    expect(
        "x = {\n  a = \"s\"1e\n  b = 2\n}\n",
        &[("Missing attribute separator", 15..16)],
    );
    expect(
        "x = {\n  a = \"s\"{\n  b = 2\n  }\n}\n",
        &[("Missing attribute separator", 15..16)],
    );
    expect(
        "x = {\n  a = \"s\"orp/aws\n}\n",
        &[("Missing attribute separator", 15..18)],
    );
    // At the end of the file the object is unterminated instead.
    expect(
        "x = {a = 1",
        &[("Unterminated object constructor expression", 4..5)],
    );
    // A key alone still misses its `=`.
    expect("x = { a b }\n", &[("Missing key/value separator", 8..9)]);
    expect(
        "x = { a = 1\n b }\n",
        &[("Missing key/value separator", 15..16)],
    );
}

#[test]
fn a_conditional_missing_its_colon_at_an_object_level_is_blamed_at_the_newline() {
    // Newlines are significant at an object's own level: HCL finds one
    // where the `:` goes (a line comment with it), whatever comes next.
    expect(
        "a = { b = c ? 1\n d = 2 }\n",
        &[("Missing false expression in conditional", 15..16)],
    );
    expect(
        "a = { b = c ? 1 # x\n d = 2 }\n",
        &[("Missing false expression in conditional", 16..20)],
    );
    expect(
        "a = { b = c ? 1 : x ? 2\n d = 2 }\n",
        &[("Missing false expression in conditional", 23..24)],
    );
    // Inside brackets the newline is passed over: the token after it is
    // blamed.
    expect(
        "a = { b = (c ? 1\n d) }\n",
        &[("Missing false expression in conditional", 18..19)],
    );
}

#[test]
fn a_newline_after_a_dot_at_an_object_level_is_blamed_even_when_more_follows() {
    // HCL finds the newline where the name goes, whatever the next line
    // holds (a line comment and its newline being one token).
    expect(
        "a = { s = \"x\".\n v = 1 }\n",
        &[("Invalid attribute name", 14..15)],
    );
    expect(
        "a = { s = x.\n v = 1 }\n",
        &[("Invalid attribute name", 12..13)],
    );
    expect(
        "a = { s = x. # c\n v }\n",
        &[("Invalid attribute name", 13..17)],
    );
    expect(
        "a = { s = x.\n 0 }\n",
        &[("Invalid attribute name", 12..13)],
    );
    // Inside brackets, or across a block comment, the name may follow.
    expect("a = [ x.\n v ]\n", &[]);
    expect("a = { s = x./*\n*/v }\n", &[]);
}

#[test]
fn a_newline_where_an_object_items_expression_goes_is_an_invalid_expression() {
    // HCL wants an expression where it finds the newline (a line comment
    // with it), whatever the next line holds.
    expect(
        "a = {\n  v = \">= 3.29\"*\n    }\n",
        &[("Invalid expression", 22..23)],
    );
    expect(
        "a = {\n  sns2 = \n  t = 1\n}\n",
        &[("Invalid expression", 15..16)],
    );
    expect("a = { b = 1 +\n 2 }\n", &[("Invalid expression", 13..14)]);
    expect("a = { b = # c\n 2 }\n", &[("Invalid expression", 10..14)]);
    // So does it after a conditional's `?`.
    expect(
        "a = {\n  v = \">= 3.29\"?\n    }\n",
        &[("Invalid expression", 22..23)],
    );
    expect(
        "a = { b = c ?\n d : e }\n",
        &[("Invalid expression", 13..14)],
    );
    // Inside brackets the newline is free.
    expect("a = [ 1 +\n 2 ]\n", &[]);
    expect("a = { b = [1 +\n 2] }\n", &[]);
}
