//! The fast path against pest: wherever the fast path gives a tree, pest
//! must give exactly that tree (spans included), and on the shapes the fast
//! path is for it must give one.

use proptest::prelude::*;

use super::fast;
use super::parser::{parse_expression_pest, parse_template_pest};

/// Whitespace that may appear between tokens.
fn ws() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "", "", " ", "  ", "\n", "\t", "\r\n "])
}

fn name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a", "var", "each", "count", "aws_vpc", "main", "id", "_x", "a-b", "x1", "true", "false",
        "null", "in", "if", "endif", "format",
    ])
}

fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        name().prop_map(str::to_string),
        prop::sample::select(vec!["0", "42", "1.5", "2e10", "1E+3", "7e-2"])
            .prop_map(str::to_string),
        prop::sample::select(vec![
            "\"\"",
            "\"abc\"",
            "\"a b{c}\"",
            "\"<REGION>\"",
            "\"é ü\"",
            "\"#//\"",
        ])
        .prop_map(str::to_string),
    ]
}

/// Expressions in the fast path's subset.
fn expr() -> impl Strategy<Value = String> {
    leaf().prop_recursive(4, 48, 4, |inner| {
        let step = prop_oneof![
            name().prop_map(|n| format!(".{n}")),
            prop::sample::select(vec![".0", ".12"]).prop_map(str::to_string),
            (ws(), inner.clone(), ws()).prop_map(|(a, e, b)| format!("[{a}{e}{b}]")),
        ];
        prop_oneof![
            (inner.clone(), prop::collection::vec(step, 1..4))
                .prop_map(|(e, steps)| format!("{e}{}", steps.concat())),
            (
                name(),
                ws(),
                prop::collection::vec((inner.clone(), ws()), 0..4),
                prop::sample::select(vec!["", ",", "..."]),
            )
                .prop_map(|(n, w, args, end)| {
                    let args: Vec<String> =
                        args.into_iter().map(|(e, w)| format!("{e}{w}")).collect();
                    let end = if args.is_empty() { "" } else { end };
                    format!("{n}{w}({}{end})", args.join(", "))
                }),
            (ws(), inner.clone(), ws()).prop_map(|(a, e, b)| format!("({a}{e}{b})")),
            (prop::collection::vec(inner.clone(), 0..4), any::<bool>()).prop_map(
                |(items, comma)| {
                    let comma = if comma && !items.is_empty() { "," } else { "" };
                    format!("[{}{comma}]", items.join(", "))
                }
            ),
            (
                prop::sample::select(vec!["-", "!", "- ", "!!"]),
                inner.clone()
            )
                .prop_map(|(op, e)| format!("{op}{e}")),
            (
                inner.clone(),
                ws(),
                prop::sample::select(vec![
                    "==", "!=", "<=", ">=", "<", ">", "&&", "||", "+", "-", "*", "/", "%",
                ]),
                ws(),
                inner.clone(),
            )
                .prop_map(|(a, w1, op, w2, b)| format!("{a}{w1}{op}{w2}{b}")),
            (literal(), ws(), inner.clone(), ws(), literal()).prop_map(|(a, w1, e, w2, b)| {
                let q = |s: &str| s.replace('\n', " ");
                // (A prefix ending in `$` would make `$${`, an escape.)
                let a = q(a).trim_end_matches(['$', '%']).to_string();
                format!("\"{a}${{{w1}{e}{w2}}}{}\"", q(b))
            }),
            (inner.clone(), ws(), inner.clone(), ws(), inner.clone())
                .prop_map(|(c, w1, t, w2, e)| format!("{c}{w1}?{w2}{t}{w1}:{w2}{e}")),
        ]
    })
}

fn literal() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", "text", "-", " ", "$", "%", "$${x}", "%%{y}", "{}", "é", "100%", "$$", "a\nb",
    ])
}

/// Templates in the fast path's subset.
fn template() -> impl Strategy<Value = String> {
    prop::collection::vec((literal(), ws(), expr(), ws()), 0..4).prop_flat_map(|items| {
        literal().prop_map(move |tail| {
            let mut s = String::new();
            for (lit, a, e, b) in &items {
                s.push_str(lit);
                s.push_str(&format!("${{{a}{e}{b}}}"));
            }
            s.push_str(tail);
            s
        })
    })
}

/// Token soup: mostly invalid, full of near misses.
fn soup() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "a", "b", "x1", "_", "-", "0", "1", ".", "...", " ", "\n", "$", "%", "{", "}", "${", "%{",
        "(", ")", "[", "]", "*", ",", "\"", "?", ":", "+", "/", "//", "/*", "*/", "#", "!", "=",
        "<", ">", "&", "|", "~", "\\", "e", "é", "true", "null", "for", "in", "if", "::",
        "<<EOT\n", "EOT", "$${", "%%{",
    ]);
    (any::<bool>(), prop::collection::vec(token, 0..24)).prop_map(|(wrap, tokens)| {
        let s = tokens.concat();
        if wrap {
            format!("${{{s}}}")
        } else {
            s
        }
    })
}

fn agree_template(src: &str) -> bool {
    let fast = fast::parse_template(src);
    let pest = parse_template_pest(src);
    match (&fast, &pest) {
        (Some(f), Ok(p)) => assert_eq!(f, p, "trees differ for {src:?}"),
        (Some(f), Err(e)) => panic!("fast path accepted {src:?} as {f:?}; pest: {e:?}"),
        (None, _) => {}
    }
    fast.is_some()
}

fn agree_expression(src: &str) -> bool {
    let fast = fast::parse_expression(src);
    let pest = parse_expression_pest(src);
    match (&fast, &pest) {
        (Some(f), Ok(p)) => assert_eq!(f, p, "trees differ for {src:?}"),
        (Some(f), Err(e)) => panic!("fast path accepted {src:?} as {f:?}; pest: {e:?}"),
        (None, _) => {}
    }
    fast.is_some()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fast_path_takes_common_templates_and_matches_pest(src in template()) {
        let ok = parse_template_pest(&src).is_ok();
        let fast = agree_template(&src);
        prop_assert_eq!(fast, ok, "fast path and pest disagree on accepting {:?}", src);
    }

    #[test]
    fn fast_path_takes_common_expressions_and_matches_pest(
        (a, e, b) in (ws(), expr(), ws())
    ) {
        let src = format!("{a}{e}{b}");
        let ok = parse_expression_pest(&src).is_ok();
        let fast = agree_expression(&src);
        prop_assert_eq!(fast, ok, "fast path and pest disagree on accepting {:?}", src);
    }

    #[test]
    fn fast_path_never_accepts_what_pest_would_not(src in soup()) {
        agree_template(&src);
        agree_expression(&src);
    }
}

#[test]
fn fast_path_gives_up_on_everything_else() {
    for src in [
        "%{ if a }x%{ endif }",
        "${~ a ~}",
        "${a # c\n}",
        "${a /* c */}",
        "${a // c\n}",
        "${ {a = 1} }",
        "${[for x in y : x]}",
        "${a.*.b}",
        "${a[*].b}",
        "${a. b}",
        "${\"x\\n\"}",
        "${\"${a} %{ if b }\"}",
        "${\"${~a}\"}",
        "${\"a\\n${b}\"}",
        "${<<EOT\nx\nEOT\n}",
        "${é}",
        "${aé}",
        "${a.0.1}",
        "${a.1e5}",
        "${provider::aws::f(1)}",
        "${a",
        "${}",
        "${a b}",
        "${f(a,...)}",
        "${f(a...,)}",
        "${a ? b}",
    ] {
        assert!(fast::parse_template(src).is_none(), "{src:?}");
        agree_template(src);
    }
    let deep = format!("${{{}a{}}}", "(".repeat(60), ")".repeat(60));
    assert!(fast::parse_template(&deep).is_none());
    agree_template(&deep);
    let long = format!("${{{}a}}", "a + ".repeat(150));
    assert!(fast::parse_template(&long).is_none());
    assert!(parse_template_pest(&long).is_err());
}

#[test]
fn fast_path_takes_the_corpus_shapes() {
    for src in [
        "${aws_vpc.main.id}",
        "${var.prefix}-${each.key}",
        "Hello, ${var.name}!",
        "${length(var.subnet_ids) > 0 ? var.subnet_ids : null}",
        "${replace(\"com.amazonaws.<REGION>.s3\", \"<REGION>\", data.aws_region.current.name)}",
        "${try(jsonencode(var.policies.access-analyzer), null)}",
        "${x(x.x.x) == 1 ? x.x.x[0] : x}",
        "${element(aws_subnet.private.*.id, 0)}x",
        "$${literal} and ${a}",
        "${compact([\"${aws_iam_role.r.arn}\", \"x$${y}${z}\"])}",
        "",
    ] {
        let fast = fast::parse_template(src).is_some();
        assert_eq!(fast, !src.contains(".*"), "{src:?}");
        agree_template(src);
    }
}

/// Every string of every JSON file of the corpus, both as a template and
/// as an expression.
#[test]
fn fast_path_matches_pest_on_the_corpus() {
    let dir = std::env::var_os("HCL_JSON_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
        });
    if !dir.is_dir() {
        eprintln!("corpus not found: skipped");
        return;
    }
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
            serde_json::Value::Object(o) => o.iter().for_each(|(k, v)| {
                out.push(k.clone());
                strings(v, out)
            }),
            _ => {}
        }
    }
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let (mut templates, mut fast) = (0, 0);
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let mut all = Vec::new();
        strings(&json, &mut all);
        for s in all {
            if super::needs_template_parse(&s) {
                templates += 1;
                fast += agree_template(&s) as usize;
            }
            agree_expression(&s);
        }
    }
    eprintln!("corpus: {fast} of {templates} templates took the fast path");
    assert!(fast * 10 >= templates * 9, "{fast} of {templates}");
}
