//! Hostile input: the formerly quadratic functions (`distinct`,
//! `setintersection`, `setsubtract`, `setunion`, `matchkeys`, `csvdecode`'s
//! header check), rendering many diagnostics on one long line, a
//! did-you-mean for a long name, and `can(nosuchfn(x))` in a loop, each at
//! n, 10n and 100n: the time must grow about linearly (≤ 11× per 10×).
//!
//! `cargo bench --bench hostile -- usage` also prints the share of the
//! default evaluation budget (`Limits`) that decoding the corpus and a
//! 32 MB synthesized file use.
#![allow(missing_docs)] // `criterion_main!` defines an undocumented `pub fn main`

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use hcl_json::pos::SourceFile;
use hcl_json::value::limits;
use hcl_json::{Diagnostic, EvalContext, Limits, Type, Value};

mod support;

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

fn strings(from: usize, to: usize) -> Value {
    Value::list(Type::String, (from..to).map(|i| Value::from(i.to_string()))).unwrap()
}

fn call(name: &str, args: &[Value]) -> Value {
    static FUNCTIONS: std::sync::OnceLock<indexmap::IndexMap<&'static str, hcl_json::Function>> =
        std::sync::OnceLock::new();
    FUNCTIONS.get_or_init(hcl_json::stdlib::function_map)[name]
        .call(args)
        .unwrap()
}

fn quadratic_before(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10);
    for n in SIZES {
        let a = strings(0, n);
        let b = strings(n / 2, n + n / 2);
        let numbers = Value::list(Type::Number, (0..n).map(Value::from)).unwrap();
        let dup = Value::list(
            Type::String,
            (0..n).map(|i| Value::from((i % (n / 2)).to_string())),
        )
        .unwrap();
        // `csvdecode` needs the `csv` feature (`cargo bench --features full`).
        #[cfg(feature = "csv")]
        let csv = Value::from(format!(
            "{}\n{}",
            (0..n)
                .map(|i| format!("c{i}"))
                .collect::<Vec<_>>()
                .join(","),
            ",".repeat(n - 1)
        ));
        group.bench_with_input(BenchmarkId::new("distinct", n), &dup, |bench, dup| {
            bench.iter(|| call("distinct", std::slice::from_ref(dup)));
        });
        group.bench_with_input(BenchmarkId::new("setintersection", n), &n, |bench, _| {
            bench.iter(|| call("setintersection", &[a.clone(), b.clone()]));
        });
        group.bench_with_input(BenchmarkId::new("setsubtract", n), &n, |bench, _| {
            bench.iter(|| call("setsubtract", &[a.clone(), b.clone()]));
        });
        group.bench_with_input(BenchmarkId::new("setunion", n), &n, |bench, _| {
            bench.iter(|| call("setunion", &[a.clone(), b.clone()]));
        });
        group.bench_with_input(BenchmarkId::new("matchkeys", n), &n, |bench, _| {
            bench.iter(|| call("matchkeys", &[numbers.clone(), a.clone(), b.clone()]));
        });
        #[cfg(feature = "csv")]
        group.bench_with_input(BenchmarkId::new("csvdecode", n), &csv, |bench, csv| {
            bench.iter(|| call("csvdecode", std::slice::from_ref(csv)));
        });
    }
    group.finish();
}

/// `n / 10` diagnostics spread over one line of `100 n` characters (a
/// minified file): the rendered text grows with `n`, and so may the time,
/// but not with lines × diagnostics.
fn rendering(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10);
    for n in SIZES {
        let len = 100 * n;
        let text = "é".repeat(len);
        let src = Arc::new(SourceFile::new("min.json", text));
        let count = n / 10;
        let mut err: Option<hcl_json::Error> = None;
        for i in 0..count {
            let at = (i * len / count) * 2; // 'é' is two bytes
            let d = Diagnostic::error("Bad", "x", Some(src.range(at, at + 2)));
            let e = hcl_json::Error::new(d);
            err = Some(match err {
                None => e,
                Some(prev) => prev.merge(e),
            });
        }
        let err = err.unwrap().with_source(src.clone());
        group.bench_with_input(BenchmarkId::new("render", n), &err, |bench, err| {
            bench.iter(|| err.to_string().len());
        });
    }
    group.finish();
}

fn error_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10);
    for n in SIZES {
        // An unknown name of 10 n characters, close to a known one.
        let long = "v".repeat(10 * n);
        let ctx = EvalContext::new().with_variable(format!("{long}x"), 1);
        let src = format!("{{\"a\": \"${{{long}y}}\"}}");
        let file = hcl_json::parse(&src, "t.json").unwrap();
        let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
        group.bench_with_input(BenchmarkId::new("did_you_mean", n), &expr, |bench, e| {
            bench.iter(|| e.value(&ctx).unwrap_err());
        });
        // `can(nosuchfn(x))` n times in one evaluation, each run in a
        // context of its own (made untimed): one context would reuse the
        // first run's value.
        let ctx = EvalContext::new()
            .with_stdlib()
            .with_variable("xs", Value::tuple((0..n).map(Value::from)));
        let src = r#"{"a": "${length([for x in xs : x if can(nosuchfn(x))])}"}"#;
        let file = hcl_json::parse(src, "t.json").unwrap();
        let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
        group.bench_with_input(BenchmarkId::new("can_unknown_fn", n), &expr, |bench, e| {
            bench.iter_batched_ref(
                || ctx.clone().with_variable("run", 0),
                |ctx| e.value(ctx).unwrap(),
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

/// A whole file decoded as one value per root property: what a user
/// decoding an untrusted file into a struct evaluates, in one budget.
#[derive(hcl_json::HclDecode)]
struct WholeFile {
    #[hcl(remain)]
    rest: indexmap::IndexMap<String, Value>,
}

/// Prints the largest share of each default limit that decoding a corpus
/// file or the 32 MB synthesized file used: the whole file through
/// `from_str` (one budget for the decoding), every root variable unknown.
fn usage(c: &mut Criterion) {
    if !std::env::args().any(|a| a == "usage") {
        return;
    }
    let _ = c;
    let mut inputs: Vec<(String, String)> = Vec::new();
    if let Some(dir) = support::corpus_dir() {
        for entry in walk(&dir) {
            if entry.extension().is_some_and(|e| e == "json") {
                if let Ok(text) = std::fs::read_to_string(&entry) {
                    inputs.push((entry.display().to_string(), text));
                }
            }
        }
    }
    inputs.push((
        "synthesized-32MB".into(),
        support::synthesized_tf_json(32 << 20),
    ));
    let d = Limits::default();
    // (share of the limit in percent, used, budget with the allowance, file)
    let mut worst = [
        (0f64, 0u64, 0u64, String::new()),
        (0f64, 0, 0, String::new()),
    ];
    let (mut depth, mut files, mut decoded) = (0usize, 0, 0);
    for (name, text) in &inputs {
        let Ok(file) = hcl_json::parse(text, name) else {
            continue;
        };
        let mut ctx = EvalContext::new().with_stdlib();
        if let Ok(attrs) = file.body().just_attributes() {
            for a in attrs.values() {
                for t in a.expr.variables() {
                    ctx = ctx.with_variable(t.root_name(), Value::dynamic());
                }
            }
        }
        let _ = limits::take_peak_usage();
        if hcl_json::decode_body::<WholeFile>(&file.body(), &ctx).is_ok_and(|w| !w.rest.is_empty())
        {
            decoded += 1;
        }
        let peak = limits::take_peak_usage();
        files += 1;
        let len = text.len() as u64;
        let budgets = [
            d.max_bytes + len * limits::BYTES_PER_SOURCE_BYTE,
            d.max_steps + len * limits::STEPS_PER_SOURCE_BYTE,
        ];
        for (i, used) in [peak.bytes, peak.steps].into_iter().enumerate() {
            let share = used as f64 * 100.0 / budgets[i] as f64;
            if share > worst[i].0 {
                worst[i] = (share, used, budgets[i], name.clone());
            }
        }
        println!(
            "{name}: {} bytes ({:.3} % of max_bytes), {} steps ({:.3} % of max_steps), depth {}",
            peak.bytes,
            peak.bytes as f64 * 100.0 / d.max_bytes as f64,
            peak.steps,
            peak.steps as f64 * 100.0 / d.max_steps as f64,
            peak.depth
        );
        depth = depth.max(peak.depth);
    }
    for (what, (share, used, budget, name)) in ["bytes", "steps"].iter().zip(&worst) {
        println!("{what}: {used} of {budget} ({share:.3} % of the file's budget) in {name}");
    }
    println!(
        "depth: {depth} of {}; {files} files parsed, {decoded} decoded without error",
        d.max_depth
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

/// `with_stdlib` shares one table built once (it rebuilt every function
/// on every call before).
fn with_stdlib(c: &mut Criterion) {
    c.bench_function("hostile/with_stdlib", |bench| {
        bench.iter(|| EvalContext::new().with_stdlib());
    });
}

/// An attribute replayed by serde's buffering (an untagged enum).
#[derive(serde::Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum Refs {
    Count(u64),
    Many(Vec<hcl_json::Expression>),
}

#[derive(hcl_json::HclDecode)]
#[allow(dead_code)]
struct WithRefs {
    #[hcl(attr)]
    refs: Refs,
}

/// The second audit's finds, at n, 10n and 100n: expressions captured in
/// serde's buffered positions (each looked up among the records; a list
/// scanned past every taken record before), a conditional between an
/// object of n attributes and `{}` (its attribute types compared pairwise
/// before), `format`'s precision zeros (one insertion at the front per
/// zero before), and `tolist` of objects of n shapes and a string (each
/// shape tried as the common type against every other before).
fn quadratic_second_audit(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10);
    for n in SIZES {
        let items: Vec<String> = (0..n).map(|i| format!("\"${{x{i}}}\"")).collect();
        let src = format!("{{\"refs\": [{}]}}", items.join(", "));
        let ctx = EvalContext::new();
        group.bench_with_input(
            BenchmarkId::new("buffered_expressions", n),
            &src,
            |bench, src| bench.iter(|| hcl_json::from_str::<WithRefs>(src, &ctx).unwrap()),
        );
    }
    for n in SIZES {
        let big = Value::object((0..n).map(|i| (format!("k{i}"), Value::from("v"))));
        let ctx = EvalContext::new().with_stdlib().with_variable("big", big);
        let file = hcl_json::parse(r#"{"a": "${true ? big : {}}"}"#, "b.json").unwrap();
        let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
        group.bench_with_input(
            BenchmarkId::new("unify_object_attributes", n),
            &n,
            |bench, _| bench.iter(|| expr.value(&ctx).unwrap()),
        );
    }
    for n in SIZES {
        // n object shapes and a string: no common type, found without
        // comparing every pair of types.
        let shapes: Vec<String> = (0..n).map(|i| format!("{{a{i} = 1}}")).collect();
        let src = format!(
            "{{\"a\": \"${{can(tolist([{}, \\\"x\\\"]))}}\"}}",
            shapes.join(", ")
        );
        let file = hcl_json::parse(&src, "m.json").unwrap();
        let expr = file.body().just_attributes().unwrap()["a"].expr.clone();
        // A context per run: one context would reuse the first run's value.
        let ctx = || EvalContext::new().with_stdlib();
        assert_eq!(expr.value(&ctx()).unwrap(), Value::from(false));
        group.bench_with_input(BenchmarkId::new("unify_mixed_kinds", n), &n, |bench, _| {
            bench.iter(|| expr.value(&ctx()).unwrap());
        });
    }
    for precision in [100usize, 1_000, 10_000] {
        let spec = Value::from(format!("%.{precision}d"));
        group.bench_with_input(
            BenchmarkId::new("format_precision", precision),
            &spec,
            |bench, spec| bench.iter(|| call("format", &[spec.clone(), Value::from(7)])),
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    usage,
    quadratic_before,
    quadratic_second_audit,
    rendering,
    error_paths,
    with_stdlib
);
criterion_main!(benches);
