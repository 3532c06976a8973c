//! Every syntax diagnostic: its summary, its detail where it matters, and
//! the exact span it points at.

use hcl_json::__internals::{parse_expression, parse_template, Span, SyntaxError};

fn template_error(src: &str) -> SyntaxError {
    match parse_template(src) {
        Ok(t) => panic!("{src:?} parsed as {t}"),
        Err(errs) => errs.into_iter().next().expect("at least one error"),
    }
}

fn expression_error(src: &str) -> SyntaxError {
    match parse_expression(src) {
        Ok(e) => panic!("{src:?} parsed as {e}"),
        Err(errs) => errs.into_iter().next().expect("at least one error"),
    }
}

/// Asserts summary and the text the span covers (and the span itself).
fn check(err: &SyntaxError, src: &str, summary: &str, span: (u32, u32)) {
    assert_eq!(err.summary, summary, "{src:?}: {err:?}");
    assert_eq!(err.span, Span::new(span.0, span.1), "{src:?}: {err:?}");
    assert!(!err.detail.is_empty());
    assert!(
        !err.detail.contains("Rule") && !err.detail.contains('_'),
        "pest internals leak: {err:?}"
    );
}

#[test]
fn unclosed_interpolation_points_at_its_opener() {
    let e = template_error("${a");
    check(
        &e,
        "${a",
        "Unclosed template interpolation sequence",
        (0, 2),
    );
    let e = template_error("x ${ f(a, b) ");
    check(&e, "", "Unclosed template interpolation sequence", (2, 4));
}

#[test]
fn unclosed_directive_sequence_points_at_its_opener() {
    let e = template_error("a %{ if x ");
    check(&e, "", "Unclosed template directive sequence", (2, 4));
}

#[test]
fn unclosed_if_is_an_unexpected_end_of_template() {
    // As in HCL: at the end of the input, the detail naming the directive
    // by its range (filled in when the error becomes a diagnostic).
    let e = template_error("%{ if a }x");
    check(&e, "", "Unexpected end of template", (10, 10));
    assert_eq!(
        e.detail,
        "The if directive at {range} is missing its corresponding endif directive."
    );
    assert_eq!(e.mention, Some(Span::new(0, 9)));
    let e = template_error("%{ for x in y }x%{ if x }");
    assert!(
        e.detail.starts_with("The if directive"),
        "innermost first: {e:?}"
    );
}

#[test]
fn colon_in_interpolation_hints_at_escaping() {
    let e = template_error("${a:b}");
    check(
        &e,
        "",
        "Extra characters after interpolation expression",
        (3, 4),
    );
    assert!(e.detail.contains("doesn't expect a colon"));
    assert!(e.detail.contains("\"$${\""));
}

#[test]
fn extra_characters_in_interpolation() {
    let e = template_error("echo ${HOME b}");
    check(
        &e,
        "",
        "Extra characters after interpolation expression",
        (12, 13),
    );
    assert!(e.detail.contains("\"$${\""));
}

#[test]
fn unexpected_else_and_end_directives() {
    // Go's summaries name the keyword without quotes.
    let e = template_error("%{ else }");
    check(&e, "", "Unexpected else directive", (0, 9));
    let e = template_error("a%{ endfor }");
    check(&e, "", "Unexpected endfor directive", (1, 12));
    let e = template_error("%{ for x in y }%{ endif }%{ endfor }");
    check(&e, "", "Unexpected endif directive", (15, 25));
    let e = template_error("%{ if a }%{ else }%{ else }%{ endif }");
    check(&e, "", "Unexpected else directive", (18, 27));
}

#[test]
fn unexpected_directive_details_follow_go() {
    let detail = |src: &str| template_error(src).detail;
    let unbalanced = "The control directives within this template are unbalanced.";
    assert_eq!(detail("%{ else }"), unbalanced);
    assert_eq!(detail("a%{ endfor }"), unbalanced);
    assert_eq!(detail("x %{ endif } y"), unbalanced);
    assert_eq!(
        detail("%{ if a }%{ else }%{ else }%{ endif }"),
        "Already in the else clause for the enclosing if directive."
    );
    assert_eq!(
        detail("%{ for x in y }%{ else }%{ endfor }"),
        "An else clause is not expected for a for directive."
    );
    assert_eq!(
        detail("%{ if a }%{ endfor }%{ endif }"),
        "Expecting an endif directive for the enclosing if directive."
    );
    assert_eq!(
        detail("%{ for x in y }%{ endif }%{ endfor }"),
        "Expecting an endfor directive corresponding to the enclosing for directive."
    );
    // The innermost open directive is the one that decides.
    let e = template_error("%{ if a }%{ for x in y }%{ else }%{ endfor }%{ endif }");
    check(&e, "", "Unexpected else directive", (24, 33));
    assert_eq!(
        e.detail,
        "An else clause is not expected for a for directive."
    );
    // Strip markers are part of the directive's span.
    let e = template_error("a %{~ else ~} b");
    check(&e, "", "Unexpected else directive", (2, 13));
}

#[test]
fn unknown_directive_keyword_is_an_invalid_template_control_keyword() {
    // HCL: a name where the keyword goes is a bad keyword, with the first
    // keyword two edits away or less as a suggestion.
    let e = template_error("%{ iff a }");
    check(&e, "", "Invalid template control keyword", (3, 6));
    assert_eq!(
        e.detail,
        "\"iff\" is not a valid template control keyword. Did you mean \"if\"?"
    );
    let e = template_error("%{ foo }");
    check(&e, "", "Invalid template control keyword", (3, 6));
    assert_eq!(
        e.detail,
        "\"foo\" is not a valid template control keyword. Did you mean \"for\"?"
    );
    let e = template_error("%{ xyzzy }");
    assert_eq!(
        e.detail,
        "\"xyzzy\" is not a valid template control keyword."
    );
    // Something else than a name is still an invalid directive.
    let e = template_error("%{ 1 }");
    check(&e, "", "Invalid template directive", (3, 4));
}

/// HCL names the directive's keyword.
#[test]
fn extra_characters_in_directive() {
    let e = template_error("%{ endif x }");
    check(&e, "", "Extra characters in endif marker", (9, 10));
    let e = template_error("%{~ if a b }c%{ endif }");
    check(&e, "", "Extra characters in if marker", (9, 10));
}

#[test]
fn invalid_expression_token() {
    let e = template_error("${}");
    check(&e, "", "Invalid expression", (2, 3));
    let e = expression_error("f(a,,b)");
    check(&e, "", "Invalid expression", (4, 5));
}

#[test]
fn missing_expression_at_end_of_input() {
    let e = expression_error("a +");
    check(&e, "", "Missing expression", (3, 3));
    let e = expression_error("");
    check(&e, "", "Missing expression", (0, 0));
}

#[test]
fn missing_expression_at_end_of_input_comes_before_unclosed_sequences() {
    // HCL reports the expression that is missing before the `${`, `(` or
    // `[` that the end of the input leaves open.
    for (src, at) in [
        ("${", 2),
        ("a ${", 4),
        ("${~", 3),
        ("${ ", 3),
        ("${ # comment", 12),
        ("${a +", 5),
        ("${a ? b :", 9),
        ("${f(", 4),
        ("${[", 3),
        ("%{ if", 5),
        ("%{ for x in", 11),
        ("%{ if true }${", 14),
    ] {
        let e = template_error(src);
        check(&e, src, "Missing expression", (at, at));
        assert_eq!(
            e.detail,
            "Expected the start of an expression, but found the end of the input."
        );
    }
    // With the expression there, the open sequence is what is missing.
    let e = template_error("${a");
    check(&e, "", "Unclosed template interpolation sequence", (0, 2));
}

#[test]
fn missing_directive_keyword_at_end_of_input_is_an_invalid_directive() {
    for (src, at) in [("%{", 2), ("a %{", 4), ("%{~", 3), ("%{ ", 3)] {
        let e = template_error(src);
        check(&e, src, "Invalid template directive", (at, at));
        assert!(e
            .detail
            .contains("is expected at the beginning of a %{ sequence"));
    }
    let e = template_error("%{ for x in y }%{");
    check(&e, "", "Invalid template directive", (17, 17));
}

#[test]
fn unterminated_quoted_string() {
    let e = expression_error("\"abc");
    check(&e, "", "Unterminated template string", (0, 1));
    let e = template_error("${ \"abc }");
    check(&e, "", "Unterminated template string", (3, 4));
}

#[test]
fn unterminated_heredoc() {
    let e = expression_error("<<EOT\nhello\n");
    check(&e, "", "Unterminated template string", (0, 5));
    assert!(e.detail.contains("`EOT`"));
}

#[test]
fn newline_in_quoted_string() {
    let e = expression_error("\"ab\ncd\"");
    check(&e, "", "Invalid multi-line string", (3, 4));
}

#[test]
fn invalid_escape_sequence() {
    let e = expression_error(r#""a\qb""#);
    check(&e, "", "Invalid escape sequence", (2, 4));
    assert!(e.detail.contains("\"q\"") || e.detail.contains("'q'"));
    let e = expression_error(r#""\u12""#);
    check(&e, "", "Invalid escape sequence", (1, 3));
    let e = expression_error(r#""\uD800""#);
    check(&e, "", "Invalid escape sequence", (1, 7));
}

#[test]
fn invalid_character() {
    let e = expression_error("a @ b");
    check(&e, "", "Invalid character", (2, 3));
    let e = expression_error("'a'");
    check(&e, "", "Invalid character", (0, 1));
    assert!(e.detail.contains("double quotes"));
    let e = template_error("${ a; }");
    check(&e, "", "Invalid character", (4, 5));
}

#[test]
fn missing_key_value_separator() {
    let e = expression_error("{a b}");
    check(&e, "", "Missing key/value separator", (3, 4));
    let e = expression_error("{\"k\" 1}");
    check(&e, "", "Missing key/value separator", (5, 6));
}

#[test]
fn missing_attribute_separator() {
    let e = expression_error("{a = 1 b = 2}");
    check(&e, "", "Missing attribute separator", (7, 8));
}

#[test]
fn missing_item_and_argument_separators() {
    let e = expression_error("[a b]");
    check(&e, "", "Missing item separator", (3, 4));
    let e = expression_error("f(a b)");
    check(&e, "", "Missing argument separator", (4, 5));
    let e = expression_error("f(a... b)");
    check(&e, "", "Missing closing parenthesis", (3, 6));
}

#[test]
fn ellipsis_is_one_token_and_not_a_dot_step() {
    // `...` ends the expression before it, as in HCL's scanner; it is not
    // an attribute step with a missing name.
    for (src, at) in [
        ("${[for x in nums : x]...}", 21),
        ("${name...}", 6),
        ("${ name ... }", 8),
        ("${ nums[0]... }", 10),
    ] {
        let e = template_error(src);
        check(
            &e,
            src,
            "Extra characters after interpolation expression",
            (at, at + 3),
        );
    }
    let e = expression_error("a...");
    check(&e, "", "Extra characters after expression", (1, 4));
    let e = template_error("${ [items...] }");
    check(&e, "", "Missing item separator", (9, 12));
    let e = template_error("${...}");
    check(&e, "", "Invalid expression", (2, 5));
    // A dot followed by something else is still an attribute step.
    let e = template_error("${ name..x }");
    check(&e, "", "Invalid attribute name", (8, 9));
}

#[test]
fn unbalanced_brackets() {
    let e = expression_error("(a b)");
    check(&e, "", "Unbalanced parentheses", (3, 4));
    let e = expression_error("(a + b");
    check(&e, "", "Unbalanced parentheses", (0, 1));
    let e = expression_error("[a, b");
    check(&e, "", "Unclosed bracket", (0, 1));
    let e = expression_error("a[0");
    check(&e, "", "Unclosed bracket", (1, 2));
    // HCL blames the token its recovery stops at: the `]`.
    let e = expression_error("a[0 1]");
    check(&e, "", "Missing close bracket on index", (5, 6));
}

#[test]
fn conditional_without_false_branch() {
    let e = expression_error("a ? b c");
    check(&e, "", "Missing false expression in conditional", (6, 7));
}

#[test]
fn dot_without_attribute_name() {
    let e = expression_error("a.+");
    check(&e, "", "Invalid attribute name", (2, 3));
}

#[test]
fn nested_attribute_splat() {
    // The second `*`, as HCL blames it (hcldec: `a.*.b.*` at 10-11).
    let e = expression_error("x.*.y.*");
    check(&e, "", "Nested splat expression not allowed", (6, 7));
}

#[test]
fn chained_legacy_index() {
    let e = expression_error("a.0.1");
    check(&e, "", "Invalid legacy index syntax", (2, 5));
    assert!(e.detail.contains("[0][1]"));
}

#[test]
fn bad_for_expressions() {
    let e = expression_error("[for x y : x]");
    check(&e, "", "Invalid 'for' expression", (7, 8));
    let e = expression_error("[for x in y x]");
    check(&e, "", "Invalid 'for' expression", (12, 13));
    // An object `for` without `=>`: HCL blames the value that has no key.
    let e = expression_error("{for x in y : x}");
    check(&e, "", "Invalid 'for' expression", (14, 15));
    assert_eq!(
        e.detail,
        "Key expression is required when building an object."
    );
    // HCL's wording for each missing piece (checked with hcldec).
    let detail = |src: &str| expression_error(src).detail;
    assert_eq!(
        detail("[for x y : x]"),
        "For expression requires the 'in' keyword after its name declarations."
    );
    assert_eq!(
        detail("[for x in y x]"),
        "For expression requires a colon after the collection expression."
    );
    assert_eq!(
        detail("[for x, : x]"),
        "For expression requires value variable name after comma."
    );
}

#[test]
fn extra_characters_after_expression() {
    let e = expression_error("aws_instance.example foo");
    check(&e, "", "Extra characters after expression", (21, 24));
}

#[test]
fn several_problems_are_reported_together() {
    let errs = parse_expression("{a = x.*.y.*, b = c.0.1}").unwrap_err();
    let summaries: Vec<&str> = errs.iter().map(|e| e.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "Nested splat expression not allowed",
            "Invalid legacy index syntax"
        ]
    );
}

#[test]
fn errors_become_diagnostics() {
    use hcl_json::{Pos, Range};
    let e = template_error("${a");
    let d = e.to_diagnostic(|s| {
        let at = |b: u32| Pos {
            line: 1,
            column: b as usize + 2,
            byte: b as usize + 1,
        };
        Range::new("main.tf.json", at(s.start), at(s.end))
    });
    assert_eq!(d.summary, "Unclosed template interpolation sequence");
    assert_eq!(d.subject.unwrap().bytes(), 1..3);
}

/// As in HCL: a tuple `for` with `key =>` blames the key expression.
#[test]
fn tuple_for_with_a_key_blames_the_key_expression() {
    let src = "[for k, v in m: k => v]";
    let e = expression_error(src);
    check(&e, src, "Invalid 'for' expression", (16, 17));
    assert_eq!(
        e.detail,
        "Key expression is not valid when building a tuple."
    );
    let src = "[for k, v in m : f(k, [1]) => v]";
    let e = expression_error(src);
    check(&e, src, "Invalid 'for' expression", (17, 26));
}
