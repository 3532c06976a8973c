//! Bad input never panics: every analysis on arbitrary JSON strings (as
//! values and as property names) returns a result, and every range it
//! reports lies inside the source.

use hcl_json::Expression;
use proptest::prelude::*;

/// Runs every analysis on `e`, recursing into what they hand out, and
/// checks that all ranges are inside `len` bytes.
fn exercise(e: &Expression, len: usize, depth: u32) {
    let check = |r: &hcl_json::Range| {
        assert!(r.start.byte <= r.end.byte && r.end.byte <= len, "{r:?}");
    };
    check(&e.range());
    for t in e.variables() {
        check(&t.range());
        let _ = t.to_string();
    }
    let _ = e.as_keyword();
    for result in [e.abs_traversal(), e.rel_traversal()] {
        match result {
            Ok(t) => {
                check(&t.range());
                let _ = t.to_string();
                let _ = t.evaluate(&hcl_json::EvalContext::new());
            }
            Err(err) => {
                let _ = err.to_string();
            }
        }
    }
    if depth == 0 {
        return;
    }
    if let Ok(items) = e.as_list() {
        for i in &items {
            exercise(i, len, depth - 1);
        }
    }
    if let Ok(pairs) = e.as_map() {
        for (k, v) in &pairs {
            exercise(k, len, depth - 1);
            exercise(v, len, depth - 1);
        }
    }
    match e.as_call() {
        Ok(call) => {
            check(&call.name_range);
            check(&call.args_range);
            call.args.iter().for_each(|a| exercise(a, len, depth - 1));
        }
        Err(err) => {
            let _ = err.to_string();
        }
    }
}

fn run(s: &str) {
    let quoted = serde_json::to_string(s).unwrap();
    let src = format!(r#"{{"a": {quoted}, "b": [{quoted}, {{{quoted}: {quoted}}}]}}"#);
    let attrs = hcl_json::parse(&src, "t.json")
        .unwrap()
        .body()
        .just_attributes()
        .unwrap();
    for attr in attrs.values() {
        exercise(&attr.expr, src.len(), 4);
    }
}

/// Strings made of HCL's punctuation and words, likelier to parse than
/// arbitrary text.
fn hclish() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a",
        "b.c",
        "[",
        "]",
        "(",
        ")",
        "{",
        "}",
        "${",
        "%{",
        "}",
        "for",
        "in",
        ":",
        "=>",
        ",",
        "...",
        "[*]",
        ".*",
        ".0",
        "\"",
        "\\",
        "f(",
        "list(",
        "string",
        "if",
        "endif",
        "endfor",
        " ",
        "1",
        "=",
        "?",
        "+",
        "null",
        "true",
        "#",
        "/*",
        "*/",
        "\n",
        "é",
        "\u{1F600}",
    ]);
    prop::collection::vec(atoms, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn analyses_never_panic_on_arbitrary_strings(s in any::<String>()) {
        run(&s);
    }

    #[test]
    fn analyses_never_panic_on_hcl_like_strings(s in hclish()) {
        run(&s);
    }
}

#[test]
fn analyses_never_panic_on_known_tricky_strings() {
    for s in [
        "",
        "${",
        "${a[",
        "f(",
        "f(x",
        "list(string",
        "${[for x in y : x]}",
        "{a = b}",
        "[a, b]",
        "a[\"k\"",
        "\u{0}",
        "a.0.1.2",
        "a[1e400]",
        "a[-1]",
        "f(a...)",
        "x /* unterminated",
    ] {
        run(s);
    }
}
