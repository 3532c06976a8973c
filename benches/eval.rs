//! Evaluation speed: single templates (parsed once, then evaluated), a
//! plain string in both modes, and whole corpus files evaluated attribute
//! by attribute, in full-expression mode with every referenced root name
//! an unknown value, and in literal mode as a parse-free baseline.
#![allow(missing_docs)] // `criterion_group!` defines an undocumented `pub fn`

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use hcl_json::eval::{Function, Param};
use hcl_json::{EvalContext, Expression, Type, Value};

mod support;

/// Attribute `a` of `{"a": <template as a JSON string>}`.
fn expression(template: &str) -> Expression {
    let src = format!("{{\"a\": {}}}", serde_json::to_string(template).unwrap());
    let file = hcl_json::parse(&src, "bench.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    attrs["a"].expr.clone()
}

fn upper() -> Function {
    Function::builder()
        .param(Param::new("str", Type::String))
        .returns(Type::String)
        .build(|args| {
            Ok(Value::from(
                args[0].as_str().unwrap_or_default().to_uppercase(),
            ))
        })
}

/// The template cases: name and template.
const CASES: [(&str, &str); 5] = [
    ("plain", "plain text no interpolation"),
    ("hello", "Hello, ${name}!"),
    ("sum", "${a + b}"),
    ("if", "%{ if enabled }on%{ else }off%{ endif }"),
    ("for100", "${[for x in list : upper(x)]}"),
];

fn template_context() -> EvalContext {
    let list = Value::list(
        Type::String,
        (0..100).map(|i| Value::from(format!("item{i}"))),
    )
    .unwrap();
    EvalContext::new()
        .with_variable("name", "world")
        .with_variable("a", 1)
        .with_variable("b", 2)
        .with_variable("enabled", true)
        .with_variable("list", list)
        .with_function("upper", upper())
}

fn templates(c: &mut Criterion) {
    let ctx = template_context();
    let mut group = c.benchmark_group("template");
    for (name, template) in CASES {
        let expr = expression(template);
        expr.value(&ctx).expect("evaluates"); // parses and caches
        group.bench_function(name, |b| b.iter(|| expr.value(&ctx).unwrap()));
    }
    let expr = expression("Hello, ${name}!");
    let literal = EvalContext::literal();
    group.bench_function("hello_literal_mode", |b| {
        b.iter(|| expr.value(&literal).unwrap());
    });
    group.finish();
}

/// Every attribute of the root body: the JSON values under them are
/// evaluated recursively, so this evaluates every string of the file.
fn evaluate_all(file: &hcl_json::File, ctx: &EvalContext) -> Vec<Diagnostics> {
    let attrs = file.body().just_attributes().unwrap();
    attrs
        .values()
        .filter_map(|a| a.expr.value(ctx).err())
        .map(|e| e.diagnostics().to_vec())
        .collect()
}

type Diagnostics = Vec<hcl_json::Diagnostic>;

/// A context in which `file` evaluates: each variable it refers to is the
/// dynamic value, each function it calls accepts anything and returns the
/// dynamic value (found by evaluating until nothing is missing).
fn context_for(file: &hcl_json::File) -> EvalContext {
    let any = Function::builder()
        .variadic(
            Param::new("args", Type::Dynamic)
                .allow_null()
                .allow_unknown(),
        )
        .build(|_| Ok(Value::dynamic()));
    let mut ctx = EvalContext::new()
        .with_variable("__placeholder", Value::dynamic())
        .with_function("__placeholder", any.clone());
    for _ in 0..50 {
        let mut added = false;
        for d in evaluate_all(file, &ctx).into_iter().flatten() {
            let Some(r) = &d.subject else { continue };
            let text = file.source()[r.bytes()].to_string();
            match d.summary.as_str() {
                "Unknown variable" => ctx = ctx.with_variable(text, Value::dynamic()),
                "Call to unknown function" => ctx = ctx.with_function(text, any.clone()),
                _ => continue,
            }
            added = true;
        }
        if !added {
            break;
        }
    }
    ctx
}

fn files(c: &mut Criterion) {
    let mut group = c.benchmark_group("file");
    for (name, text) in support::largest_corpus_files() {
        let file = hcl_json::parse(&text, &name).unwrap();
        let ctx = context_for(&file);
        let remaining = evaluate_all(&file, &ctx).len();
        eprintln!(
            "{name}: {} variables, {remaining} attributes still failing",
            ctx.variable_names().len()
        );
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("decode_full", &name), &text, |b, text| {
            b.iter(|| {
                let file = hcl_json::parse(text, "bench.tf.json").unwrap();
                evaluate_all(&file, &ctx)
            });
        });
        group.bench_with_input(
            BenchmarkId::new("decode_literal", &name),
            &text,
            |b, text| {
                let literal = EvalContext::literal();
                b.iter(|| {
                    let file = hcl_json::parse(text, "bench.tf.json").unwrap();
                    evaluate_all(&file, &literal)
                });
            },
        );
        group.bench_with_input(BenchmarkId::new("eval_parsed", &name), &file, |b, file| {
            b.iter(|| evaluate_all(file, &ctx));
        });
    }
    group.finish();
}

/// `EVAL_BENCH_COUNT=CASE:N` evaluates template case `CASE` (a name of
/// [`CASES`]) `N` times after one first evaluation, and exits, without
/// criterion: for counting instructions (callgrind), which load does not
/// disturb. Subtract an `N = 0` run.
fn count(spec: &str) {
    let (case, n) = spec.split_once(':').expect("CASE:N");
    let n: usize = n.parse().expect("N is a number");
    let template = CASES
        .iter()
        .find(|(name, _)| *name == case)
        .expect("known case")
        .1;
    let ctx = template_context();
    let expr = expression(template);
    expr.value(&ctx).expect("evaluates");
    for _ in 0..n {
        std::hint::black_box(expr.value(&ctx).unwrap());
    }
}

criterion_group!(benches, templates, files);

fn main() {
    if let Ok(spec) = std::env::var("EVAL_BENCH_COUNT") {
        return count(&spec);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
