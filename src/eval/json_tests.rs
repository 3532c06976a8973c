//! Unit tests of evaluating JSON-syntax expressions: templates in strings,
//! literal mode, and how often a template is parsed.

use super::*;
use crate::value::limits::Limits;

fn attr(src: &str) -> Expression {
    let file = crate::body::parse(src, "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    attrs["a"].expr.clone()
}

/// Attribute `a`, an array of `items` (JSON texts).
fn array_attr(items: &[String]) -> Expression {
    attr(&format!(r#"{{"a": [{}]}}"#, items.join(",")))
}

/// `n` templates of distinct texts, `"${0}"`, `"${1}"`, ... as JSON.
fn distinct_templates(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("\"${{{i}}}\"")).collect()
}

#[test]
fn plain_strings_cost_no_template_parse() {
    let expr = attr(r#"{"a": ["plain", {"k": "text $ % {}"}]}"#);
    expr.value(&EvalContext::new()).unwrap();
    assert_eq!(expr.json_file().unwrap().0.templates.parsed(), 0);
}

#[test]
fn literal_mode_parses_nothing() {
    let expr = attr(r#"{"a": "${x}"}"#);
    expr.value(&EvalContext::literal()).unwrap();
    assert_eq!(expr.json_file().unwrap().0.templates.parsed(), 0);
}

#[test]
fn a_template_evaluated_again_is_kept_after_its_second_parse() {
    let expr = attr(r#"{"a": ["${1 + 1}", "${2}"]}"#);
    // A fresh context each time: no value can be reused.
    let counts: Vec<(usize, usize)> = (0..4)
        .map(|_| {
            let v = expr.value(&EvalContext::new()).unwrap();
            assert_eq!(v, Value::tuple([Value::from(2), Value::from(2)]));
            (
                expr.json_file().unwrap().0.templates.parsed(),
                expr.json_file().unwrap().0.templates.kept(),
            )
        })
        .collect();
    // Once: nothing kept (a whole-file decode keeps nothing); twice:
    // kept; then never parsed again.
    assert_eq!(counts, [(2, 0), (4, 2), (4, 2), (4, 2)]);
}

#[test]
fn a_template_evaluated_again_in_its_context_is_parsed_once() {
    let expr = attr(r#"{"a": ["${1 + 1}", "${2}"]}"#);
    let ctx = EvalContext::new();
    for _ in 0..3 {
        let v = expr.value(&ctx).unwrap();
        assert_eq!(v, Value::tuple([Value::from(2), Value::from(2)]));
    }
    let cache = &expr.json_file().unwrap().0.templates;
    assert_eq!(
        (cache.parsed(), cache.kept(), cache.first_values()),
        (2, 0, 2)
    );
}

#[test]
fn strings_of_one_text_are_parsed_once_in_one_context() {
    let expr = attr(r#"{"a": ["${1 + 1}", "${1 + 1}", "${1 + 1}", "${1 + 1}"]}"#);
    let v = expr.value(&EvalContext::new()).unwrap();
    assert_eq!(v, Value::tuple([2, 2, 2, 2].map(Value::from)));
    let cache = &expr.json_file().unwrap().0.templates;
    assert_eq!(
        (cache.parsed(), cache.kept(), cache.first_values()),
        (1, 0, 1)
    );
    // In another context, the text's second parse keeps its tree,
    // which all four strings share (the first value, of the first
    // context, stays until the queue lets it go).
    let v = expr.value(&EvalContext::new()).unwrap();
    assert_eq!(v, Value::tuple([2, 2, 2, 2].map(Value::from)));
    assert_eq!((cache.parsed(), cache.kept()), (2, 1));
}

#[test]
fn first_values_are_bounded_in_number_and_bytes() {
    use crate::json::{FIRST_VALUES, FIRST_VALUE_BYTES};
    let expr = array_attr(&distinct_templates(FIRST_VALUES + 10));
    expr.value(&EvalContext::new()).unwrap();
    let cache = &expr.json_file().unwrap().0.templates;
    // (Each text has one set of slots: some sets fill before others.)
    let n = cache.first_values();
    assert!(n <= FIRST_VALUES && n > FIRST_VALUES / 2, "{n}");
    // The table is not grown as values come and go: it stays at the
    // bound's size, each of its slots filled.
    let expr = array_attr(&distinct_templates(FIRST_VALUES * 8));
    expr.value(&EvalContext::new()).unwrap();
    let cache = &expr.json_file().unwrap().0.templates;
    assert_eq!(cache.first_values(), FIRST_VALUES);
    assert_eq!(cache.first_values_room(), FIRST_VALUES);
    // Values near the largest remembered (1 KiB): the bytes bound.
    let items: Vec<String> = (0..400)
        .map(|i| format!(r#""${{\"{}\"}}{i}""#, "x".repeat(1000)))
        .collect();
    let expr = array_attr(&items);
    expr.value(&EvalContext::new()).unwrap();
    let cache = &expr.json_file().unwrap().0.templates;
    let (n, bytes) = (cache.first_values(), cache.first_value_bytes());
    assert!(bytes <= FIRST_VALUE_BYTES, "{bytes}");
    assert!(n < 400 && bytes > FIRST_VALUE_BYTES - 2048, "{n} {bytes}");
}

#[test]
fn a_reused_first_value_outlives_one_off_templates() {
    use crate::json::FIRST_VALUES;
    // `${"again"}` every 100 one-off templates, past the bound.
    let mut items = vec![r#""${\"again\"}""#.to_string()];
    for i in 0..FIRST_VALUES + 1000 {
        items.push(format!("\"${{{i}}}\""));
        if i % 100 == 0 {
            items.push(r#""${\"again\"}""#.to_string());
        }
    }
    let expr = array_attr(&items);
    expr.value(&EvalContext::new()).unwrap();
    let cache = &expr.json_file().unwrap().0.templates;
    // Each one-off once, `again` once (first in first out would drop
    // it and parse it again).
    assert_eq!(cache.parsed(), FIRST_VALUES + 1000 + 1);
}

#[test]
fn a_shared_tree_reports_at_each_string_of_its_text() {
    // The same decoded text, written once plainly and once with an
    // escape: each error is where its own string has the name.
    let expr = attr(r#"{"a": ["${nope}", "${nope}", "${\u006eope}"]}"#);
    let err = expr.value(&EvalContext::new()).unwrap_err();
    let subjects: Vec<(usize, usize)> = err
        .diagnostics()
        .iter()
        .map(|d| {
            d.subject
                .as_ref()
                .map_or((0, 0), |r| (r.start.byte, r.end.byte))
        })
        .collect();
    assert_eq!(subjects, [(10, 14), (21, 25), (32, 41)]);
    assert_eq!(expr.json_file().unwrap().0.templates.kept(), 1);
}

#[test]
fn strings_with_escapes_are_templates_by_their_decoded_text() {
    // `\u0024{` spells `${`; `\"` neither makes nor hides one; `$\{`
    // is not one.
    let src = r#"{"a": ["\u0024{1 + 1}", "x\"${1}\"", "x\"${1}\"", "x\"${1}\"", "\u0024\\{"]}"#;
    let expr = attr(src);
    let v = expr.value(&EvalContext::new()).unwrap();
    let x1 = Value::from("x\"1\"");
    let expected = [
        Value::from(2),
        x1.clone(),
        x1.clone(),
        x1,
        Value::from("$\\{"),
    ];
    assert_eq!(v, Value::tuple(expected));
    // The three strings written alike are found by their text as
    // written: parsed once, the first value reused.
    let cache = &expr.json_file().unwrap().0.templates;
    assert_eq!((cache.parsed(), cache.kept()), (2, 0));
    let literal = expr.value(&EvalContext::literal()).unwrap();
    let x = Value::from("x\"${1}\"");
    let texts = [
        Value::from("${1 + 1}"),
        x.clone(),
        x.clone(),
        x,
        Value::from("$\\{"),
    ];
    assert_eq!(literal, Value::tuple(texts));
}

#[test]
fn the_template_cache_is_bounded() {
    use crate::json::{CACHE_ENTRIES, CACHE_MAX_TEMPLATE};
    let expr = array_attr(&distinct_templates(CACHE_ENTRIES + 100));
    for _ in 0..3 {
        expr.value(&EvalContext::new()).unwrap();
    }
    assert_eq!(expr.json_file().unwrap().0.templates.kept(), CACHE_ENTRIES);
    // A long template is never kept, nor its value.
    let long = format!("${{1}}{}", "x".repeat(CACHE_MAX_TEMPLATE));
    let expr = attr(&format!(r#"{{"a": "{long}"}}"#));
    let ctx = EvalContext::new();
    for _ in 0..3 {
        expr.value(&ctx).unwrap();
    }
    assert_eq!(expr.json_file().unwrap().0.templates.kept(), 0);
    assert_eq!(expr.json_file().unwrap().0.templates.parsed(), 3);
}

#[test]
fn syntax_errors_are_reported_each_time() {
    let expr = attr(r#"{"a": "${1 +}"}"#);
    let ctx = EvalContext::new();
    for _ in 0..2 {
        let err = expr.value(&ctx).unwrap_err();
        assert_eq!(err.diagnostics()[0].summary, "Invalid expression");
    }
    assert_eq!(expr.json_file().unwrap().0.templates.parsed(), 2);
    let err = expr.value(&ctx).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Invalid expression");
    assert_eq!(
        expr.json_file().unwrap().0.templates.parsed(),
        2,
        "kept, errors included"
    );
}

#[test]
fn evaluation_reports_object_keys_as_the_decoding_walk_does() {
    let src = r#"{"a": {"k0": 1, "k${0}": 2, "${null}": 3, "k1": 4, "k1": 5, "${nope}": 6, "k0": 7, "${true}": 8, "true": 9}}"#;
    let expr = attr(src);
    let ctx = EvalContext::new();
    let err = expr.value(&ctx).unwrap_err();
    let mut walk = ObjectWalk::of(&expr).unwrap();
    let mut walked = Diagnostics::new();
    while walk.next(&ctx, &mut walked).is_some() {}
    let all = |d: &[Diagnostic]| -> Vec<String> { d.iter().map(|d| format!("{d:?}")).collect() };
    assert_eq!(all(err.diagnostics()), all(walked.as_slice()));
    assert_eq!(walked.len(), 6, "{walked:?}");
}

#[test]
fn duplicates_are_found_in_small_and_large_objects() {
    for n in [2, FEW_KEYS + 5] {
        let props: Vec<String> = (0..n).map(|i| format!("\"k{i}\": {i}")).collect();
        let src = format!(
            "{{\"a\": {{{}, \"k1\": 0, \"k${{0}}\": 0}}}}",
            props.join(", ")
        );
        let err = attr(&src).value(&EvalContext::new()).unwrap_err();
        let found = details(&err);
        assert_eq!(found.len(), 2, "{n}: {found:?}");
        assert!(
            found[0].starts_with("An attribute named \"k1\" was already defined at t.json:1,"),
            "{found:?}"
        );
        assert!(
            found[1].starts_with("An attribute named \"k0\" was already defined at t.json:1,8-12."),
            "{found:?}"
        );
    }
}

#[test]
fn keys_of_one_print_are_told_apart_by_their_text() {
    // "abc" and "axc" have one print (length, first and last byte).
    assert_eq!(key_print("abc"), key_print("axc"));
    let value = attr(r#"{"a": {"abc": 1, "axc": 2}}"#)
        .value(&EvalContext::new())
        .unwrap();
    assert_eq!(value.len(), Some(2));
    let err = attr(r#"{"a": {"abc": 1, "axc": 2, "axc": 3}}"#)
        .value(&EvalContext::new())
        .unwrap_err();
    let found = details(&err);
    assert_eq!(found.len(), 1, "{found:?}");
    // The first "axc", not "abc" of the same print.
    assert!(
        found[0].starts_with("An attribute named \"axc\" was already defined at t.json:1,18-23."),
        "{found:?}"
    );
}

/// The details of `err`'s diagnostics, in order.
fn details(err: &Error) -> Vec<&str> {
    err.diagnostics()
        .iter()
        .map(|d| d.detail.as_str())
        .collect()
}

#[test]
fn native_expressions_evaluate_directly() {
    let expr = attr(r#"{"a": "x + 1"}"#);
    let native = expr.as_native().unwrap().unwrap();
    let native = Expression::native(native.origin.clone(), (*native.expr).clone());
    let ctx = EvalContext::new().with_variable("x", 41);
    assert_eq!(native.value(&ctx).unwrap(), Value::from(42));
}

#[test]
fn a_captured_handle_evaluated_again_in_another_context_parses_nothing() {
    let expr = attr(r#"{"a": ["${1 + 1}", "${2}"]}"#).keeping_trees();
    let cache = &expr.json_file().unwrap().0.templates;
    for round in 1..=4 {
        // A fresh context each time: no value can be reused.
        let v = expr.value(&EvalContext::new()).unwrap();
        assert_eq!(v, Value::tuple([Value::from(2), Value::from(2)]));
        assert_eq!(cache.parsed(), 2, "round {round}");
    }
    let ExprKind::Json {
        kept: Some(kept), ..
    } = &expr.kind
    else {
        panic!("a JSON handle that keeps its trees");
    };
    assert_eq!(kept.len(), 2);
    // A clone shares them.
    let clone = expr.clone();
    clone.value(&EvalContext::new()).unwrap();
    assert_eq!(cache.parsed(), 2);
}

#[test]
fn a_handle_keeps_a_bounded_number_of_trees() {
    use crate::json::HANDLE_TREES;
    let expr = array_attr(&distinct_templates(HANDLE_TREES + 10)).keeping_trees();
    let cache = &expr.json_file().unwrap().0.templates;
    expr.value(&EvalContext::new()).unwrap();
    let first = cache.parsed();
    assert_eq!(first, HANDLE_TREES + 10);
    let ExprKind::Json {
        kept: Some(kept), ..
    } = &expr.kind
    else {
        panic!("a JSON handle that keeps its trees");
    };
    assert_eq!(kept.len(), HANDLE_TREES);
    // Again, elsewhere: only the templates past the bound are parsed
    // again (or found in the file's cache).
    expr.value(&EvalContext::new()).unwrap();
    assert!(cache.parsed() - first <= 10, "{}", cache.parsed() - first);
}

#[test]
fn template_sequences_are_found_at_every_offset() {
    // Each piece at every offset of a text longer than a word, so that a
    // sequence split across two words is found too.
    let pieces = [
        "${", "%{", "$${", "%%{", "{", "$", "%", "$ {", "{$", "\u{e9}{", "}",
    ];
    for piece in pieces {
        for at in 0..20 {
            for len in [at, at + 3, 24] {
                let mut text = "a".repeat(at);
                text.push_str(piece);
                while text.len() < len {
                    text.push('b');
                }
                let want = native::needs_template_parse(&text);
                assert_eq!(has_template_sequence(&text), want, "{text:?}");
            }
        }
    }
}

#[test]
fn ascii_is_told_at_every_offset_and_length() {
    // A byte above ASCII at every offset of texts up to three words long,
    // alone and inside a longer text (as a string is in its file: the
    // bytes around it change nothing), and at the end of its buffer.
    for len in 0..24 {
        for at in 0..=len {
            let mut text = "a".repeat(len);
            if at < len {
                text.replace_range(at..=at, "\u{e9}");
            }
            let want = text.is_ascii();
            assert_eq!(
                is_ascii_within(text.as_bytes(), 0, text.len()),
                want,
                "{text:?}"
            );
            let within = format!("\u{e9}{text}\"\u{e9}\u{e9}\u{e9}\u{e9}");
            let start = '\u{e9}'.len_utf8();
            let got = is_ascii_within(within.as_bytes(), start, start + text.len());
            assert_eq!(got, want, "{text:?}");
        }
    }
}

#[test]
fn ascii_and_other_strings_evaluate_to_their_normalized_text() {
    // "e" and a combining acute accent: not NFC, so normalized; plain
    // ASCII keys and values as they are.
    let expr = attr("{\"a\": {\"key\": \"value\", \"cafe\\u0301\": \"cafe\u{301}\"}}");
    let value = expr.value(&EvalContext::new()).unwrap();
    let Value::Object(attrs) = value else {
        panic!("an object: {value:?}")
    };
    assert_eq!(attrs.get("key"), Some(&Value::from("value")));
    assert_eq!(attrs.get("caf\u{e9}"), Some(&Value::from("caf\u{e9}")));
}

/// Past the first templates of a file, a text of a form seen before is
/// evaluated on that form's tree with its own holes' text: each gives its
/// own value, and one whose evaluation fails is reported at its own text
/// (its diagnostics come from a parse of it, not from the shared tree,
/// whose spans are another text's).
#[test]
fn templates_of_one_form_give_their_own_values_and_errors_their_own_ranges() {
    let n = 200;
    let good: Vec<String> = (0..n)
        .map(|i| format!(r#""${{upper(\"v{i}\")}}-${{var.m.k{}}}""#, i % 7))
        .collect();
    // Of the same form, longer, failing: `var.m` has no such attribute.
    let bad = r#""${upper(\"a much longer literal\")}-${var.m.no_such_attribute}""#;
    let worse = r#""${upper(\"b\")}-${var.m.nor_this}""#;
    let src = format!(
        r#"{{"good": [{}], "bad": {bad}, "worse": {worse}}}"#,
        good.join(",")
    );
    let file = crate::body::parse(src.as_str(), "t.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    let m = Value::object((0..7).map(|k| (format!("k{k}"), Value::from(format!("x{k}")))));
    let ctx = EvalContext::new()
        .with_stdlib()
        .with_variable("var", Value::object([("m", m)]));
    let values = attrs["good"].expr.value(&ctx).unwrap();
    let expected = (0..n).map(|i| Value::from(format!("V{i}-x{}", i % 7)));
    assert_eq!(values, Value::tuple(expected));
    let cache = &attrs["good"].expr.json_file().unwrap().0.templates;
    assert_eq!(cache.forms(), 1, "one tree for all past the first ones");
    let err = attrs["bad"].expr.value(&ctx).unwrap_err();
    let diags = err.diagnostics();
    assert_eq!(diags.len(), 1, "{diags:?}");
    let at = diags[0].subject.as_ref().unwrap();
    assert_eq!(&src[at.start.byte..at.end.byte], ".no_such_attribute");
    // The form is not tried again: its tree was dropped.
    assert!(!cache.form_has_tree());
    let err = attrs["worse"].expr.value(&ctx).unwrap_err();
    let at = err.diagnostics()[0].subject.as_ref().unwrap();
    assert_eq!(&src[at.start.byte..at.end.byte], ".nor_this");
}

/// An evaluation on a form's tree that runs out of budget takes back the
/// limit's report with its diagnostics: the text's own evaluation reports
/// it once, at a range inside that text.
#[test]
fn a_budget_exceeded_on_a_form_is_reported_once_in_its_own_text() {
    let items: Vec<String> = (0..200)
        .map(|i| format!(r#""${{length(range(300)) + {i}}}""#))
        .collect();
    let src = format!(r#"{{"a": [{}]}}"#, items.join(","));
    let file = crate::body::parse(src.as_str(), "t.json").unwrap();
    let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
    // Enough steps for more than the first 64 templates, not for all.
    let ctx = EvalContext::new()
        .with_stdlib()
        .with_limits(Limits::DEFAULT.with_max_steps(56_000));
    let err = expr.value(&ctx).unwrap_err();
    let limits: Vec<_> = err
        .diagnostics()
        .iter()
        .filter(|d| d.summary == "Evaluation limit exceeded")
        .collect();
    assert_eq!(limits.len(), 1, "{:?}", err.diagnostics());
    let at = limits[0].subject.as_ref().unwrap();
    let (start, end) = (at.start.byte, at.end.byte);
    // Inside one of the strings: no quote between its ends.
    assert!(
        start < end && !src[start..end].contains('"'),
        "{}",
        &src[start..end]
    );
    assert!(expr.json_file().unwrap().0.templates.forms() > 0);
}

/// A small file's cache parses its first templates before it looks for
/// forms; a large file's looks from its first template.
#[test]
fn a_large_file_shares_forms_from_its_first_template() {
    let forms_of = |padding: usize| {
        let items: Vec<String> = (0..20)
            .map(|i| format!(r#""${{upper(\"v{i}\")}}""#))
            .collect();
        let src = format!(
            r#"{{"pad": "{}", "a": [{}]}}"#,
            "p".repeat(padding),
            items.join(",")
        );
        let file = crate::body::parse(src.as_str(), "t.json").unwrap();
        let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
        let expected = (0..20).map(|i| Value::from(format!("V{i}")));
        let ctx = EvalContext::new().with_stdlib();
        assert_eq!(expr.value(&ctx).unwrap(), Value::tuple(expected));
        expr.json_file().unwrap().0.templates.forms()
    };
    assert_eq!(forms_of(0), 0, "20 templates: all parsed");
    assert_eq!(forms_of(64 * 1024), 1, "one form's tree from the first");
}
