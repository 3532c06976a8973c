//! String functions, called through `Function::call`.

use crate::stdlib_support;

use hcl_json::{Type, Value};
use stdlib_support::*;

#[test]
fn chomp_removes_all_trailing_newlines_only() {
    assert_eq!(call("chomp", &[s("hello\n\r\n\n")]), Ok(s("hello")));
    assert_eq!(call("chomp", &[s("a\nb\n")]), Ok(s("a\nb")));
    assert_eq!(call("chomp", &[s("")]), Ok(s("")));
}

#[test]
fn startswith_endswith_and_strcontains_compare_text() {
    assert_eq!(
        call("startswith", &[s("hello world"), s("hello")]),
        Ok(b(true))
    );
    assert_eq!(call("startswith", &[s("hello"), s("world")]), Ok(b(false)));
    assert_eq!(
        call("endswith", &[s("hello world"), s("world")]),
        Ok(b(true))
    );
    assert_eq!(call("endswith", &[s("hello"), s("")]), Ok(b(true)));
    assert_eq!(
        call("strcontains", &[s("hello world"), s("o w")]),
        Ok(b(true))
    );
    assert_eq!(call("strcontains", &[s("hello"), s("x")]), Ok(b(false)));
}

#[test]
fn string_functions_convert_numbers_and_bools_to_strings() {
    assert_eq!(call("upper", &[b(true)]), Ok(s("TRUE")));
    assert_eq!(call("strlen", &[n("1234")]), Ok(n("4")));
}

#[test]
fn string_functions_reject_null_and_pass_unknown_through() {
    let e = arg_err("upper", &[null(Type::String)], 0);
    assert!(e.contains("null"), "{e}");
    assert_eq!(
        call("upper", &[unknown(Type::String)]),
        Ok(unknown(Type::String))
    );
    // Converted to the parameter's type: an unknown of the return type.
    assert_eq!(
        call("strlen", &[Value::dynamic()]),
        Ok(unknown(Type::Number))
    );
    arg_err("upper", &[strs(&["a"])], 0);
}

#[test]
fn format_supports_terraform_verbs() {
    assert_eq!(
        call("format", &[s("Hello, %s!"), s("Ander")]),
        Ok(s("Hello, Ander!"))
    );
    assert_eq!(
        call("format", &[s("There are %d lights"), n("4")]),
        Ok(s("There are 4 lights"))
    );
    assert_eq!(call("format", &[s("%.2f"), n("3.14159")]), Ok(s("3.14")));
    assert_eq!(call("format", &[s("%f"), n("1.5")]), Ok(s("1.500000")));
    assert_eq!(
        call("format", &[s("%q"), s("a\"b\n")]),
        Ok(s("\"a\\\"b\\n\""))
    );
    assert_eq!(call("format", &[s("%t"), b(true)]), Ok(s("true")));
    assert_eq!(call("format", &[s("100%%")]), Ok(s("100%")));
    assert_eq!(
        call("format", &[s("%v %v %v"), s("x"), n("2.5"), b(false)]),
        Ok(s("x 2.5 false"))
    );
    assert_eq!(
        call("format", &[s("%v"), tuple(vec![n("1"), s("a")])]),
        Ok(s("[1,\"a\"]"))
    );
    assert_eq!(call("format", &[s("%#v"), s("a")]), Ok(s("\"a\"")));
    assert_eq!(
        call("format", &[s("%v"), null(Type::String)]),
        Ok(s("null"))
    );
}

#[test]
fn format_applies_width_precision_flags_and_indexes() {
    assert_eq!(call("format", &[s("%5s|"), s("ab")]), Ok(s("   ab|")));
    assert_eq!(call("format", &[s("%-5s|"), s("ab")]), Ok(s("ab   |")));
    assert_eq!(call("format", &[s("%05d"), n("-42")]), Ok(s("-0042")));
    assert_eq!(call("format", &[s("%+d"), n("7")]), Ok(s("+7")));
    assert_eq!(call("format", &[s("%.3s"), s("abcdef")]), Ok(s("abc")));
    assert_eq!(call("format", &[s("%8.3f"), n("2.5")]), Ok(s("   2.500")));
    assert_eq!(
        call("format", &[s("%[2]s %[1]s"), s("a"), s("b")]),
        Ok(s("b a"))
    );
    assert_eq!(
        call(
            "format",
            &[s("%x %X %o %b"), n("255"), n("255"), n("8"), n("5")]
        ),
        Ok(s("ff FF 10 101"))
    );
    assert_eq!(
        call("format", &[s("%e"), n("1234.5678")]),
        Ok(s("1.234568e+03"))
    );
    assert_eq!(
        call("format", &[s("%g %g"), n("100000"), n("1000000")]),
        Ok(s("100000 1e+06"))
    );
}

#[test]
fn format_f_rounds_exact_decimals_half_to_even() {
    assert_eq!(call("format", &[s("%.2f"), n("0.125")]), Ok(s("0.12")));
    assert_eq!(call("format", &[s("%.2f"), n("0.135")]), Ok(s("0.14")));
    assert_eq!(call("format", &[s("%.0f"), n("9.5")]), Ok(s("10")));
    assert_eq!(call("format", &[s("%.1f"), n("-0.04")]), Ok(s("0.0")));
    assert_eq!(
        call(
            "format",
            &[s("%.1f"), n("123456789012345678901234567890.25")]
        ),
        Ok(s("123456789012345678901234567890.2"))
    );
}

#[test]
fn format_d_accepts_big_whole_numbers_and_rejects_fractions() {
    assert_eq!(
        call("format", &[s("%d"), n("1e30")]),
        Ok(s("1000000000000000000000000000000"))
    );
    assert_eq!(
        call_err("format", &[s("%d"), n("1.5")]),
        "unsupported value for \"%d\" at 0: an integer is required."
    );
}

#[test]
fn format_errors_name_the_problem() {
    // go-cty's words: the verb as written and its offset, the conversion's
    // reason.
    assert_eq!(
        call_err("format", &[s("x %[2]s"), s("a")]),
        "not enough arguments for \"%[2]s\" at 2: need index 2 but have 1 total."
    );
    assert_eq!(
        call_err("format", &[s("%05.1f"), b(true)]),
        "unsupported value for \"%05.1f\" at 0: number required, but have bool."
    );
    assert_eq!(
        call_err("format", &[s("%+d"), s("x")]),
        "unsupported value for \"%+d\" at 0: a number is required."
    );
    assert_eq!(
        call_err("format", &[s("%s"), strs(&["a"])]),
        "unsupported value for \"%s\" at 0: string required, but have list of string."
    );
    assert_eq!(
        call_err("format", &[s("%t"), n("1")]),
        "unsupported value for \"%t\" at 0: bool required, but have number."
    );
    // What go-cty converts, a verb takes: "1" is a bool, "1e3" a number.
    assert_eq!(call("format", &[s("%t"), s("1")]), Ok(s("true")));
    assert_eq!(call("format", &[s("%d"), s("1e3")]), Ok(s("1000")));
    assert!(call_err("format", &[s("%s %s"), s("a")]).contains("not enough arguments"));
    assert!(arg_err("format", &[s("%s"), s("a"), s("b")], 2).contains("too many arguments"));
    assert_eq!(
        call_err("format", &[s("%z"), s("a")]),
        "unsupported format verb 'z' in \"%z\" at offset 0."
    );
    assert_eq!(
        call_err("format", &[s("%!"), s("a")]),
        "unrecognized format character '!' at offset 1."
    );
    assert_eq!(
        call_err("format", &[s("50%")]),
        "invalid format string starting at offset 3."
    );
    assert_eq!(
        call_err("format", &[s("%[1x"), s("a")]),
        "unrecognized format character 'x' at offset 3."
    );
    assert!(call_err("format", &[s("%d"), s("abc")]).contains("a number is required"));
    assert!(call_err("format", &[s("%s"), null(Type::String)]).contains("null"));
    assert_eq!(
        call_err("format", &[s("%[0]s"), s("a")]),
        "unrecognized format character '0' at offset 2."
    );
}

#[test]
fn format_width_is_bounded() {
    let e = call_err("format", &[s("%99999999999s"), s("a")]);
    assert!(e.contains("limit"), "{e}");
    assert_eq!(
        call("format", &[s("%3000s"), s("")]).map(|v| v.as_str().map(str::len)),
        Ok(Some(3000))
    );
}

#[test]
fn format_with_unknown_argument_is_unknown() {
    assert_eq!(
        call("format", &[s("%s"), unknown(Type::String)]),
        Ok(unknown(Type::String))
    );
    assert_eq!(
        call("format", &[s("%v"), tuple(vec![unknown(Type::Number)])]),
        Ok(unknown(Type::String))
    );
}

#[test]
fn formatlist_iterates_lists_and_repeats_other_values() {
    assert_eq!(
        call(
            "formatlist",
            &[s("Hello, %s!"), strs(&["Valentina", "Ander"])]
        ),
        Ok(strs(&["Hello, Valentina!", "Hello, Ander!"]))
    );
    assert_eq!(
        call(
            "formatlist",
            &[s("%s-%s"), s("x"), tuple(vec![s("a"), s("b")])]
        ),
        Ok(strs(&["x-a", "x-b"]))
    );
    assert_eq!(
        call("formatlist", &[s("%s"), s("only")]),
        Ok(strs(&["only"]))
    );
    assert_eq!(call("formatlist", &[s("%s"), strs(&[])]), Ok(strs(&[])));
    let e = arg_err(
        "formatlist",
        &[s("%s%s"), strs(&["a"]), strs(&["b", "c"])],
        2,
    );
    assert!(e.contains("inconsistent"), "{e}");
    // A row that does not format fails the call as a whole, as go-cty
    // wraps every row's error, an argument's too.
    assert_eq!(
        call_err("formatlist", &[s("[%q]"), strs(&["a"]), strs(&["b"])]),
        "error on format iteration 0: too many arguments; only 1 used by format string."
    );
    assert!(call_err("formatlist", &[s("%d"), strs(&["a"])])
        .starts_with("error on format iteration 0: "));
}

#[test]
fn indent_pads_every_line_but_the_first() {
    assert_eq!(
        call("indent", &[n("2"), s("a\nb\nc")]),
        Ok(s("a\n  b\n  c"))
    );
    assert_eq!(call("indent", &[n("4"), s("")]), Ok(s("")));
    assert!(call_err("indent", &[n("-1"), s("a")]).contains("negative"));
    assert!(call_err("indent", &[n("1.5"), s("a")]).contains("whole number"));
    let many_lines = "\n".repeat(10_000);
    // A gigabyte of spaces: refused by the evaluation budget before building.
    assert_eq!(
        call_err("indent", &[n("100000"), s(&many_lines)]),
        BUDGET_DETAIL
    );
}

#[test]
fn join_concatenates_lists_with_separator() {
    assert_eq!(
        call("join", &[s(", "), strs(&["a", "b", "c"])]),
        Ok(s("a, b, c"))
    );
    assert_eq!(
        call("join", &[s("-"), strs(&["a"]), strs(&["b"])]),
        Ok(s("a-b"))
    );
    assert_eq!(
        call("join", &[s(","), tuple(vec![s("a"), n("1"), b(true)])]),
        Ok(s("a,1,true"))
    );
}

#[test]
fn join_of_empty_list_is_empty_string() {
    assert_eq!(call("join", &[s(","), strs(&[])]), Ok(s("")));
}

#[test]
fn join_errors_and_unknowns() {
    assert!(err("join", &[s(",")]).contains("at least one list"));
    let with_null = Value::list(Type::String, [s("a"), null(Type::String)]).unwrap();
    assert!(arg_err("join", &[s(","), with_null], 1).contains("element 1 is null"));
    let with_unknown = Value::list(Type::String, [s("a"), unknown(Type::String)]).unwrap();
    assert_eq!(
        call("join", &[s(","), with_unknown]),
        Ok(unknown(Type::String))
    );
    arg_err("join", &[s(","), s("not a list")], 1);
}

#[test]
fn lower_and_upper_handle_unicode() {
    assert_eq!(call("lower", &[s("HELLO Ä")]), Ok(s("hello ä")));
    // Simple case mapping, as Go (and so Terraform) does: ß has no
    // one-character uppercase.
    assert_eq!(call("upper", &[s("straße")]), Ok(s("STRAßE")));
}

/// ASCII text is mapped as it is copied, short (held inline) or long.
#[test]
fn lower_and_upper_of_ascii_of_any_length() {
    let long = "Mixed Case Text, Longer Than 24 Bytes: 0-9 _-+";
    for text in ["", "a", "Web-01", "abcdefghijklmnopqrstuvwx", long] {
        assert_eq!(call("upper", &[s(text)]), Ok(s(&text.to_uppercase())));
        assert_eq!(call("lower", &[s(text)]), Ok(s(&text.to_lowercase())));
    }
}

#[test]
#[cfg(feature = "regex")]
fn regex_without_captures_returns_the_match() {
    assert_eq!(
        call("regex", &[s("[a-z]+"), s("53453453.345345aaabbbccc23454")]),
        Ok(s("aaabbbccc"))
    );
}

#[test]
#[cfg(feature = "regex")]
fn regex_with_unnamed_captures_returns_a_tuple_with_nulls_for_unmatched_groups() {
    assert_eq!(
        call(
            "regex",
            &[s(r"(\d\d\d\d)-(\d\d)-(\d\d)(x)?"), s("2019-02-01")]
        ),
        Ok(tuple(vec![s("2019"), s("02"), s("01"), null(Type::String)]))
    );
}

#[test]
#[cfg(feature = "regex")]
fn regex_with_named_captures_returns_an_object() {
    assert_eq!(
        call(
            "regex",
            &[
                s(r"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?"),
                s("https://terraform.io/docs/")
            ]
        ),
        Ok(obj(&[
            ("scheme", s("https")),
            ("authority", s("terraform.io"))
        ]))
    );
}

#[test]
#[cfg(feature = "regex")]
fn regex_errors_for_no_match_invalid_and_mixed_patterns() {
    assert!(call_err("regex", &[s("z+"), s("abc")]).contains("did not match"));
    assert!(arg_err("regex", &[s("(unclosed"), s("abc")], 0).contains("invalid regular expression"));
    assert!(arg_err("regex", &[s("(?P<a>x)(y)"), s("xy")], 0).contains("cannot mix"));
}

#[test]
#[cfg(feature = "regex")]
fn regex_result_type_follows_the_pattern_when_the_string_is_unknown() {
    assert_eq!(
        call("regex", &[s("(a)(b)"), unknown(Type::String)]),
        Ok(unknown(Type::tuple([Type::String, Type::String])))
    );
    assert_eq!(
        call("regexall", &[s("a"), unknown(Type::String)]),
        Ok(unknown(Type::list(Type::String)))
    );
}

#[test]
#[cfg(feature = "regex")]
fn regexall_returns_every_match() {
    assert_eq!(
        call("regexall", &[s("[a-z]+"), s("1234abcd5678efgh9")]),
        Ok(strs(&["abcd", "efgh"]))
    );
    assert_eq!(call("regexall", &[s("[a-z]+"), s("1234")]), Ok(strs(&[])));
    let pairs = call("regexall", &[s(r"(\w)=(\d)"), s("a=1 b=2")]).unwrap();
    assert_eq!(
        pairs.as_elements().unwrap(),
        &[tuple(vec![s("a"), s("1")]), tuple(vec![s("b"), s("2")])][..]
    );
}

#[test]
#[cfg(feature = "regex")]
fn replace_substitutes_substrings() {
    assert_eq!(
        call("replace", &[s("1 + 2 + 3"), s("+"), s("-")]),
        Ok(s("1 - 2 - 3"))
    );
    assert_eq!(
        call("replace", &[s("abc"), s(""), s("-")]),
        Ok(s("-a-b-c-"))
    );
    assert_eq!(call("replace", &[s("abc"), s("/"), s("x")]), Ok(s("abc")));
}

#[test]
#[cfg(feature = "regex")]
fn replace_with_slashes_uses_a_regular_expression() {
    assert_eq!(
        call("replace", &[s("hello world"), s("/w.*d/"), s("everybody")]),
        Ok(s("hello everybody"))
    );
    assert_eq!(
        call("replace", &[s("a1b22"), s(r"/(\d+)/"), s("<$1>")]),
        Ok(s("a<1>b<22>"))
    );
    assert!(
        arg_err("replace", &[s("a"), s("/(/"), s("")], 1).contains("invalid regular expression")
    );
}

#[test]
fn replace_refuses_to_build_huge_strings() {
    // 10 001 insertions of 10 kB: 100 MB, past the default budget.
    let big = "x".repeat(10_000);
    assert_eq!(
        call_err("replace", &[s(&big), s(""), s(&big)]),
        BUDGET_DETAIL
    );
}

/// What a call refused by the default evaluation budget says.
const BUDGET_DETAIL: &str = "This expression produces more than 64 MiB of strings and collections, the evaluation limit of produced values; raise it with `Limits::with_max_bytes` (`EvalContext::with_limits`) if this input is trusted.";

#[test]
fn split_divides_at_every_separator() {
    assert_eq!(
        call("split", &[s(","), s("foo,bar,baz")]),
        Ok(strs(&["foo", "bar", "baz"]))
    );
    assert_eq!(call("split", &[s(","), s("foo")]), Ok(strs(&["foo"])));
    assert_eq!(call("split", &[s(","), s("")]), Ok(strs(&[""])));
    assert_eq!(
        call("split", &[s(""), s("abc")]),
        Ok(strs(&["a", "b", "c"]))
    );
    assert_eq!(call("split", &[s(""), s("")]), Ok(strs(&[])));
}

#[test]
fn strlen_counts_grapheme_clusters() {
    assert_eq!(call("strlen", &[s("hello")]), Ok(n("5")));
    assert_eq!(call("strlen", &[s("")]), Ok(n("0")));
    assert_eq!(call("strlen", &[s("e\u{301}🤷🏽‍♀️")]), Ok(n("2")));
}

#[test]
fn strrev_reverses_grapheme_clusters() {
    assert_eq!(call("strrev", &[s("hello")]), Ok(s("olleh")));
    assert_eq!(
        call("strrev", &[s("a\u{1F1E9}\u{1F1EA}b")]),
        Ok(s("b\u{1F1E9}\u{1F1EA}a"))
    );
    assert_eq!(call("strrev", &[s("")]), Ok(s("")));
}

#[test]
fn substr_takes_characters_by_offset_and_length() {
    assert_eq!(
        call("substr", &[s("hello world"), n("1"), n("4")]),
        Ok(s("ello"))
    );
    assert_eq!(call("substr", &[s("🤔🤷"), n("0"), n("1")]), Ok(s("🤔")));
    assert_eq!(
        call("substr", &[s("hello world"), n("-5"), n("-1")]),
        Ok(s("world"))
    );
    assert_eq!(
        call("substr", &[s("hello world"), n("6"), n("10")]),
        Ok(s("world"))
    );
    assert_eq!(call("substr", &[s("hello"), n("10"), n("2")]), Ok(s("")));
    assert_eq!(call("substr", &[s("hello"), n("-10"), n("2")]), Ok(s("he")));
    assert_eq!(call("substr", &[s("hello"), n("1"), n("0")]), Ok(s("")));
    assert!(call_err("substr", &[s("hello"), n("0.5"), n("1")]).contains("whole number"));
    assert!(call_err("substr", &[s("hello"), n("1e30"), n("1")]).contains("too large"));
}

#[test]
fn title_capitalizes_each_word() {
    assert_eq!(call("title", &[s("hello world")]), Ok(s("Hello World")));
    assert_eq!(
        call("title", &[s("hello-world foo_bar")]),
        Ok(s("Hello-World Foo_bar"))
    );
}

#[test]
fn trim_functions_remove_what_they_name() {
    assert_eq!(call("trim", &[s("?!hello?!"), s("!?")]), Ok(s("hello")));
    assert_eq!(call("trim", &[s("foobar"), s("")]), Ok(s("foobar")));
    assert_eq!(
        call("trimprefix", &[s("helloworld"), s("hello")]),
        Ok(s("world"))
    );
    assert_eq!(
        call("trimprefix", &[s("helloworld"), s("cat")]),
        Ok(s("helloworld"))
    );
    assert_eq!(
        call("trimsuffix", &[s("helloworld"), s("world")]),
        Ok(s("hello"))
    );
    assert_eq!(
        call("trimspace", &[s("  \t\nhello\u{a0} \n")]),
        Ok(s("hello"))
    );
}
