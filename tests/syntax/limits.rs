//! Hostile input: very deep nesting must give a clean "Nesting too deep"
//! error (never a stack overflow), huge literals must parse, and nothing
//! may panic. These run on the default 2 MiB test thread stack.

use hcl_json::__internals::{parse_expression, parse_template, ExprKind, MAX_DEPTH};
use proptest::prelude::*;

const N: usize = 50_000;

fn expression_too_deep(src: &str) {
    let errs = parse_expression(src).expect_err("must be rejected");
    assert_eq!(errs[0].summary, "Nesting too deep", "{:?}", errs[0]);
    assert!(
        errs[0].span.len() <= 3,
        "points at one opener: {:?}",
        errs[0]
    );
}

fn template_too_deep(src: &str) {
    let errs = parse_template(src).expect_err("must be rejected");
    assert_eq!(errs[0].summary, "Nesting too deep", "{:?}", errs[0]);
}

#[test]
fn deep_parentheses_are_rejected() {
    expression_too_deep(&format!("{}a{}", "(".repeat(N), ")".repeat(N)));
    expression_too_deep(&"(".repeat(N));
}

#[test]
fn deep_brackets_and_braces_are_rejected() {
    expression_too_deep(&format!("{}{}", "[".repeat(N), "]".repeat(N)));
    expression_too_deep(&format!("{}1{}", "{a = ".repeat(N), "}".repeat(N)));
    expression_too_deep(&format!("{}1{}", "f(".repeat(N), ")".repeat(N)));
    expression_too_deep(&format!("a{}0{}", "[a[".repeat(N), "]]".repeat(N)));
}

#[test]
fn long_unary_chains_are_rejected() {
    expression_too_deep(&format!("{}x", "!".repeat(N)));
    expression_too_deep(&format!("{}x", "-".repeat(N)));
}

#[test]
fn long_conditional_chains_are_rejected() {
    expression_too_deep(&format!("{}x", "a ? b : ".repeat(N)));
    expression_too_deep(&format!("{}x{}", "a ? ".repeat(N), " : b".repeat(N)));
}

/// A flat chain of operators is one n-ary node, not one level per
/// operator: it parses at any length (as in Go's HCL), and only real
/// nesting counts against the limit.
#[test]
fn flat_binary_chains_are_not_nesting() {
    for op in [" + ", " || ", " * ", " == ", " - "] {
        let e = parse_expression(&vec!["a"; N].join(op)).expect("flat chains parse");
        let ExprKind::Binary(chain) = &e.kind else {
            panic!("one chain node")
        };
        assert_eq!(chain.rest.len(), N - 1);
    }
    // Mixed levels nest once per level change, not per operator.
    assert!(parse_expression(&vec!["a * b"; N].join(" + ")).is_ok());
    // Chains inside real nesting: the nesting still counts.
    let deep = format!("{}a + b{}", "(".repeat(N), ")".repeat(N));
    expression_too_deep(&deep);
}

#[test]
fn long_splat_chains_are_rejected() {
    expression_too_deep(&format!("a{}", "[*]".repeat(N)));
    expression_too_deep(&format!("a{}", "[*].*".repeat(N)));
}

#[test]
fn deep_templates_are_rejected() {
    template_too_deep(&format!("{}x{}", "${\"".repeat(N), "\"}".repeat(N)));
    template_too_deep(&format!("{}x{}", "%{if a}".repeat(N), "%{endif}".repeat(N)));
    template_too_deep(&format!(
        "{}x{}",
        "%{for a in b}".repeat(N),
        "%{endfor}".repeat(N)
    ));
    template_too_deep(&"${".repeat(N));
    expression_too_deep(&format!("{}x{}", "[for x in ".repeat(N), ": x]".repeat(N)));
}

#[test]
fn long_flat_sequences_are_fine() {
    // Length alone is not depth: traversals, tuples and templates are flat.
    // (10,000 items: enough to overflow any per-item recursion.)
    const N: usize = 10_000;
    assert!(parse_expression(&format!("a{}", ".b".repeat(N))).is_ok());
    assert!(parse_expression(&format!("[{}]", vec!["1"; N].join(", "))).is_ok());
    assert!(parse_template(&"x${a}".repeat(N)).is_ok());
    assert!(parse_expression(&format!("[{}]", vec!["a ? b : c"; N].join(", "))).is_ok());
}

#[test]
fn nesting_up_to_the_limit_parses() {
    let d = MAX_DEPTH as usize - 1;
    assert!(parse_expression(&format!("{}a{}", "(".repeat(d), ")".repeat(d))).is_ok());
    assert!(parse_expression(&format!("{}a{}", "[".repeat(d), "]".repeat(d))).is_ok());
    assert!(parse_expression(&format!("{}x", "!".repeat(d))).is_ok());
    let half = d / 2;
    assert!(parse_template(&format!("{}x{}", "${\"".repeat(half), "\"}".repeat(half))).is_ok());
    // A directive is two levels: the `if` and its body template.
    assert!(parse_template(&format!(
        "{}x{}",
        "%{if a}".repeat(half - 1),
        "%{endif}".repeat(half - 1)
    ))
    .is_ok());
}

#[test]
fn huge_literals_parse() {
    let big = "ab $ % { } ( [ ".repeat(700_000); // about 10 MB
    let t = parse_template(&big).unwrap();
    assert_eq!(t.as_literal().unwrap().len(), big.len());
    let quoted = format!("\"{}\"", "x".repeat(1_000_000));
    assert!(parse_expression(&quoted).is_ok());
    let heredoc = format!("<<EOT\n{}\nEOT", "y".repeat(1_000_000));
    assert!(parse_expression(&heredoc).is_ok());
}

/// Pieces of the language, to build inputs that get far into the parser.
const TOKENS: &[&str] = &[
    "a", "b.c", "1", "1.5e3", "true", "null", "\"", "\"s\"", "${", "%{", "}", "{", "(", ")", "[",
    "]", "[*]", ".*", ".", ".0", ",", ":", "?", "=", "=>", "...", "+", "-", "!", "==", "&&", "||",
    "<", "~", "for", "in", "if", "else", "endif", "endfor", "f(", "::", "<<EOT\n", "<<-EOT\n",
    "EOT", "\n", " ", "\\", "\\n", "\\u00e9", "$${", "%%{", "#", "//", "/*", "*/", "é", "'",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_strings_never_panic(s in ".{0,64}") {
        check_no_panic(&s);
    }

    #[test]
    fn token_soup_never_panics(s in token_soup()) {
        check_no_panic(&s);
    }
}

fn check_no_panic(s: &str) {
    for result in [
        parse_template(s).map(|t| t.to_string()),
        parse_expression(s).map(|e| e.to_string()),
    ] {
        if let Err(errs) = result {
            assert!(!errs.is_empty());
            for e in errs {
                // Spans stay inside the input.
                assert!(
                    e.span.start <= e.span.end && e.span.end as usize <= s.len(),
                    "{s:?}: {e:?}"
                );
                assert!(
                    s.is_char_boundary(e.span.start as usize)
                        && s.is_char_boundary(e.span.end as usize)
                );
            }
        }
    }
}

/// The fuzz target's view of raw bytes: their longest valid UTF-8 prefix
/// (what libFuzzer's `&str` argument receives).
fn fuzz_text(bytes: &[u8]) -> &str {
    let n = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), str::len);
    std::str::from_utf8(&bytes[..n]).expect("a valid prefix")
}

/// Fuzz finding `timeout-8b4070109604` (template target): 244 bytes of
/// nested `({e : e({ else ...` objects and calls took ~20 s, because the
/// error path re-parsed each failed level once per way of reading it
/// (exponential backtracking). It now gets its diagnostic in one pass.
#[test]
fn failed_nested_objects_and_calls_are_diagnosed_in_one_pass() {
    let src = fuzz_text(include_bytes!("regressions/template-timeout-8b4070109604"));
    assert_eq!(src.len(), 244);
    let errs = parse_template(src).expect_err("invalid");
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].summary, "Invalid character");
    assert_eq!(
        errs[0].detail,
        "This character is not used within the language."
    );
    assert_eq!((errs[0].span.start, errs[0].span.end), (227, 228));
    let errs = parse_expression(src).expect_err("invalid");
    assert_eq!(errs[0].summary, "Invalid expression");
    assert_eq!((errs[0].span.start, errs[0].span.end), (0, 1));
}

/// The same family as deep as the nesting limit allows: with one level
/// of backtracking per nesting level, 2^30 re-parses would never finish;
/// one pass takes microseconds.
#[test]
fn failed_operands_read_again_as_object_keys_cost_one_pass() {
    // `{a = b` newline `-(`: the operand after `-` fails deep inside, and
    // PEG then reads `-(...` again as the next object item's key.
    for unit in ["{a = b\n-(", "a({e : e("] {
        let src = format!("${{{}", unit.repeat(30));
        let errs = parse_template(&src).expect_err("unfinished");
        // The expression missing at the end is reported first, as in HCL.
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].summary, "Missing expression", "{unit:?}");
        let end = src.len() as u32;
        assert_eq!((errs[0].span.start, errs[0].span.end), (end, end));
    }
}
