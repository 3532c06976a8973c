//! Template parsing speed (`hcl_json::syntax::parse_template`): a few
//! representative strings, and every template string of a template-heavy
//! corpus file parsed in turn.
#![allow(missing_docs)] // `criterion_group!` defines an undocumented `pub fn`

use criterion::{criterion_group, Criterion, Throughput};
use hcl_json::syntax::{needs_template_parse, parse_template};

mod support;

/// The representative strings: `(name, template)`.
fn cases() -> Vec<(&'static str, String)> {
    let big = "lorem ipsum dolor sit amet, ".repeat(10 * 1024 / 28);
    [
        ("traversal", "${aws_vpc.main.id}"),
        ("two_interps", "${var.prefix}-${each.key}"),
        (
            "text_interps",
            "Hello, ${var.name}! You are ${var.age} years old.",
        ),
        (
            "conditional",
            "${length(var.subnet_ids) > 0 ? var.subnet_ids : null}",
        ),
        ("for_directive", "%{ for x in var.list }${x}, %{ endfor }"),
        // One per template shape (issue: each under 1 µs).
        (
            "for_directive_kv",
            "%{ for i, s in items }${i}=${s};%{ endfor }",
        ),
        (
            "if_directive",
            "%{ if enabled ~} on-${region} %{~ else }off%{ endif }",
        ),
        ("splat", "${objs[*].id}"),
        ("for_tuple", "${[for o in objs : o.size * 45]}"),
        (
            "for_object",
            "${{for k, v in tags : k => upper(v) if v != \"\"}}",
        ),
        (
            "object",
            "${{id = var.name, size = n + 1, tags = [env, region]}}",
        ),
        (
            "heredoc",
            "${<<-EOT\n    #!/bin/sh\n    echo \"${name}\" > /tmp/${env}\n    EOT\n}",
        ),
        ("escapes", "$${x} %%{y} ${\"tab\\tquote\\\"\"}"),
        ("literal_10k", big.as_str()),
    ]
    .into_iter()
    .map(|(name, t)| (name, t.to_string()))
    .collect()
}

/// Invalid templates, one per kind of failure.
fn error_cases() -> Vec<(&'static str, String)> {
    vec![
        ("error_unclosed", "${aws_vpc.main.id".to_string()),
        ("error_extra", "${a b}".to_string()),
        (
            "error_unbalanced_directive",
            "%{ if a }x%{ endfor }".to_string(),
        ),
        (
            "error_missing_separator",
            "${f(a b) + {x = 1 y = 2}}".to_string(),
        ),
        // A failed operand that PEG reads again as an object key, 12
        // levels deep (2^12 re-reads without the parser's memo).
        (
            "error_backtracking_12",
            format!("${{{}", "{a = b\n-(".repeat(12)),
        ),
        (
            "error_too_deep_100k",
            format!("${{{}x}}", "!".repeat(100_000)),
        ),
    ]
}

fn strings(c: &mut Criterion) {
    let mut group = c.benchmark_group("template");
    for (name, template) in &cases() {
        let template = template.as_str();
        parse_template(template).expect("parses");
        group.throughput(Throughput::Bytes(template.len() as u64));
        group.bench_function(*name, |b| b.iter(|| parse_template(template).unwrap()));
    }
    // Errors: what rejecting a template costs (a diagnostic, or a depth
    // refusal while reading).
    for (name, template) in &error_cases() {
        let template = template.as_str();
        parse_template(template).expect_err("rejected");
        group.bench_function(*name, |b| b.iter(|| parse_template(template).unwrap_err()));
    }
    group.finish();
}

/// The strings of a JSON document that need a template parse.
fn template_strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) if needs_template_parse(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| template_strings(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| template_strings(v, out)),
        _ => {}
    }
}

/// The template strings of the template-heavy corpus file, if present.
fn corpus_templates() -> Option<(String, Vec<String>)> {
    let (name, text) = support::largest_corpus_files()
        .into_iter()
        .find(|(name, _)| name.contains("main_generated"))?;
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut strings = Vec::new();
    template_strings(&json, &mut strings);
    Some((name, strings))
}

fn corpus(c: &mut Criterion) {
    let mut group = c.benchmark_group("corpus");
    if let Some((name, strings)) = corpus_templates() {
        eprintln!("{name}: {} template strings", strings.len());
        for s in &strings {
            parse_template(s).expect("corpus templates parse");
        }
        group.throughput(Throughput::Elements(strings.len() as u64));
        group.bench_function(format!("all_templates/{name}"), |b| {
            b.iter(|| {
                strings
                    .iter()
                    .map(|s| parse_template(s).unwrap().parts.len())
                    .sum::<usize>()
            });
        });
    }
    group.finish();
}

/// `SYNTAX_BENCH_COUNT=CASE:N` parses case `CASE` (a name of [`cases`] or
/// [`error_cases`], or
/// `corpus` for all corpus templates) `N` times and exits, without
/// criterion: for counting instructions (`perf stat -e instructions`,
/// callgrind), which load does not disturb. Subtract an `N = 0` run.
fn count(spec: &str) {
    let (case, n) = spec.split_once(':').expect("CASE:N");
    let n: usize = n.parse().expect("N is a number");
    if let Some((_, input)) = error_cases().into_iter().find(|(name, _)| *name == case) {
        for _ in 0..n {
            std::hint::black_box(parse_template(std::hint::black_box(&input))).unwrap_err();
        }
        return;
    }
    let inputs = match case {
        "corpus" => corpus_templates().expect("corpus present").1,
        _ => vec![
            cases()
                .into_iter()
                .find(|(name, _)| *name == case)
                .expect("known case")
                .1,
        ],
    };
    let mut parts = 0;
    for _ in 0..n {
        for s in &inputs {
            parts += std::hint::black_box(parse_template(std::hint::black_box(s)))
                .unwrap()
                .parts
                .len();
        }
    }
    println!("{parts}");
}

criterion_group!(benches, strings, corpus);

fn main() {
    if let Ok(spec) = std::env::var("SYNTAX_BENCH_COUNT") {
        return count(&spec);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
