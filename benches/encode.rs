//! Writing: `hcl_json::to_string` of a Terraform-shaped struct tree (the
//! synthesized 4 MB `.tf.json`, decoded in literal-only mode so every value
//! is known) against `serde_json::to_string` of the same data. serde_json
//! writes the generic shape a JSON library gives (an array of resource
//! structs); hcl_json writes the nested-object label form with `${`
//! escaping and exact numbers.
//!
//!
//! `native`: `hcl_json::to_native_string` of the parsed synthesized file
//! (JSON syntax to native syntax text, Terraform's schema), the "eject"
//! conversion.
//!
//! With an argument (`ENCODER REPS`, as `cargo bench --bench encode --
//! hcl REPS` would not allow, so run the built binary directly) it encodes
//! `REPS` times and exits: the driver for callgrind instruction counts.
#![allow(missing_docs)] // `criterion_group!` defines an undocumented `pub fn`

use criterion::{criterion_group, Criterion, Throughput};
use hcl_json::{ConvertOptions, EvalContext, HclDecode, HclEncode, Value};
use indexmap::IndexMap;
use serde::Serialize;

mod support;

#[derive(HclDecode, HclEncode, Serialize)]
struct TfFile {
    #[hcl(block)]
    resource: Vec<Resource>,
}

#[derive(HclDecode, HclEncode, Serialize)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(remain)]
    attrs: IndexMap<String, Value>,
}

fn data() -> TfFile {
    let text = support::synthesized_tf_json(4 << 20);
    hcl_json::from_str(&text, &EvalContext::literal()).expect("synthesized config decodes")
}

fn encode(c: &mut Criterion) {
    let tf = data();
    let hcl = hcl_json::to_string(&tf).unwrap();
    let json = serde_json::to_string(&tf).unwrap();
    let mut group = c.benchmark_group("encode");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(hcl.len() as u64));
    group.bench_function("hcl_json::to_string/synthesized-4MB", |b| {
        b.iter(|| hcl_json::to_string(&tf).unwrap().len());
    });
    group.bench_function("hcl_json::to_string_pretty/synthesized-4MB", |b| {
        b.iter(|| hcl_json::to_string_pretty(&tf).unwrap().len());
    });
    group.throughput(Throughput::Bytes(json.len() as u64));
    group.bench_function("serde_json::to_string/synthesized-4MB", |b| {
        b.iter(|| serde_json::to_string(&tf).unwrap().len());
    });
    group.finish();

    let text = support::synthesized_tf_json(4 << 20);
    let file = hcl_json::parse(&text, "synthesized.tf.json").unwrap();
    let options = ConvertOptions::terraform();
    let mut group = c.benchmark_group("native");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("hcl_json::to_native_string/synthesized-4MB", |b| {
        b.iter(|| {
            hcl_json::to_native_string(&file.body(), &options)
                .unwrap()
                .len()
        });
    });
    group.finish();
}

criterion_group!(benches, encode);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [encoder, reps] = &args[..] {
        if let Ok(reps) = reps.parse::<usize>() {
            if encoder == "native" {
                let text = support::synthesized_tf_json(4 << 20);
                let file = hcl_json::parse(&text, "synthesized.tf.json").unwrap();
                let options = ConvertOptions::terraform();
                let total: usize = (0..reps)
                    .map(|_| {
                        hcl_json::to_native_string(&file.body(), &options)
                            .unwrap()
                            .len()
                    })
                    .sum();
                println!("{total}");
                return;
            }
            let tf = data();
            let mut total = 0;
            for _ in 0..reps {
                total += match encoder.as_str() {
                    "hcl" => hcl_json::to_string(&tf).unwrap().len(),
                    "hcl-pretty" => hcl_json::to_string_pretty(&tf).unwrap().len(),
                    _ => serde_json::to_string(&tf).unwrap().len(),
                };
            }
            println!("{total}");
            return;
        }
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
