//! Parsing throughput: `hcl_json::parse` beside `serde_json::Value` on the
//! same input (the largest corpus files, and a synthesized ~4 MB file).
#![allow(missing_docs)] // `criterion_main!` defines an undocumented `pub fn main`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

mod support;

fn parse(c: &mut Criterion) {
    let mut inputs = support::largest_corpus_files();
    inputs.push((
        "synthesized-4MB.tf.json".to_string(),
        support::synthesized_tf_json(4 << 20),
    ));
    let mut group = c.benchmark_group("parse");
    for (name, text) in &inputs {
        // Both must accept the input, or the comparison means nothing.
        hcl_json::parse(text, name).expect("hcl_json parses");
        serde_json::from_str::<serde_json::Value>(text).expect("serde_json parses");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("hcl_json", name), text, |b, text| {
            b.iter(|| hcl_json::parse(text, "bench.tf.json").unwrap());
        });
        group.bench_with_input(BenchmarkId::new("serde_json", name), text, |b, text| {
            b.iter(|| serde_json::from_str::<serde_json::Value>(text).unwrap());
        });
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
