//! Native syntax against JSON syntax on the same content: parsing, and
//! whole-file decoding into the same derived types.
//!
//! With `HCL_JSON_CORPUS` set, also the parse of the largest `.tf` files
//! of the corpus's AWS modules and `Module::load` of two of those modules'
//! directories (real files, where synthetic ones are regular); without
//! it, those cases are skipped with a message.
//!
//! Set `HCL_JSON_BENCH_DUMP=DIR` to also write the inputs to
//! `DIR/module.tf` and `DIR/module.tf.json` (to time another parser on
//! exactly these files). `NATIVE_BENCH_RUN=N PATH...` parses each file
//! PATH (or loads each module directory PATH with `Module::load`) N times
//! without criterion, for instruction counts (callgrind, N minus 0); with
//! `NATIVE_BENCH_DECODE=1` it decodes each file into the bench's derived
//! `Module` instead (`from_str_native`, for the dumped `module-N.tf`), with
//! `NATIVE_BENCH_FORCE=1` it also builds every expression; it prints each
//! path's median time (`tools/go-compare/run.py` reads it).
#![allow(missing_docs)] // `criterion_group!` defines an undocumented `pub fn`

use std::collections::HashMap;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use hcl_json::module::{LoadOptions, Module as HclModule};
use hcl_json::{EvalContext, Expression, HclDecode, Value};

mod support;

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Module {
    #[hcl(block)]
    resource: Vec<Resource>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    ami: String,
    #[hcl(attr)]
    instance_type: String,
    #[hcl(attr)]
    count: u32,
    #[hcl(attr)]
    tags: HashMap<String, String>,
    #[hcl(attr)]
    depends_on: Option<Expression>,
    #[hcl(block)]
    ebs_block_device: Vec<Ebs>,
    #[hcl(block)]
    lifecycle: Option<Lifecycle>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Ebs {
    #[hcl(attr)]
    device_name: String,
    #[hcl(attr)]
    volume_size: u32,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Lifecycle {
    #[hcl(attr)]
    create_before_destroy: bool,
}

fn ctx() -> EvalContext {
    EvalContext::new().with_stdlib().with_variable(
        "var",
        Value::object([
            ("region", Value::from("eu-west-1")),
            ("env", Value::from("prod")),
        ]),
    )
}

fn native(c: &mut Criterion) {
    let ctx = ctx();
    let mut group = c.benchmark_group("native");
    for resources in [10, 1000] {
        let (tf, tf_json) = support::synthesized_module(resources);
        if let Some(dir) = std::env::var_os("HCL_JSON_BENCH_DUMP") {
            let dir = std::path::PathBuf::from(dir);
            std::fs::write(dir.join(format!("module-{resources}.tf")), &tf).unwrap();
            std::fs::write(dir.join(format!("module-{resources}.tf.json")), &tf_json).unwrap();
        }
        // Both decode to the same thing, or the comparison means nothing.
        let a: Module = hcl_json::from_str_native(&tf, &ctx).unwrap();
        let b: Module = hcl_json::from_str(&tf_json, &ctx).unwrap();
        assert_eq!(
            format!("{:?}", a.resource[0].tags),
            format!("{:?}", b.resource[0].tags)
        );
        assert_eq!(a.resource.len(), b.resource.len());
        let id = format!("{resources}-resources");
        group.throughput(Throughput::Elements(resources as u64));
        group.bench_with_input(BenchmarkId::new("parse/native", &id), &tf, |bch, t| {
            bch.iter(|| hcl_json::parse_native(t, "m.tf").unwrap());
        });
        group.bench_with_input(BenchmarkId::new("parse/json", &id), &tf_json, |bch, t| {
            bch.iter(|| hcl_json::parse(t, "m.tf.json").unwrap());
        });
        group.bench_with_input(BenchmarkId::new("decode/native", &id), &tf, |bch, t| {
            bch.iter(|| hcl_json::from_str_native::<Module>(t, &ctx).unwrap());
        });
        group.bench_with_input(BenchmarkId::new("decode/json", &id), &tf_json, |bch, t| {
            bch.iter(|| hcl_json::from_str::<Module>(t, &ctx).unwrap());
        });
    }
    group.finish();
}

/// The corpus's real `.tf` files: the three largest of its AWS modules.
const CORPUS_FILES: [&str; 3] = [
    "terraform-aws-modules__terraform-aws-s3-bucket/main.tf",
    "terraform-aws-modules__terraform-aws-security-group/main.tf",
    "terraform-aws-modules__terraform-aws-security-group/wrappers/main.tf",
];

/// Module directories of the corpus, for `Module::load`.
const CORPUS_MODULES: [&str; 2] = [
    "terraform-aws-modules__terraform-aws-s3-bucket",
    "terraform-aws-modules__terraform-aws-security-group",
];

fn corpus(c: &mut Criterion) {
    let Some(root) = std::env::var_os("HCL_JSON_CORPUS") else {
        eprintln!("native/corpus: skipped (set HCL_JSON_CORPUS to the corpus directory)");
        return;
    };
    let root = std::path::PathBuf::from(root);
    let mut group = c.benchmark_group("native/corpus");
    for name in CORPUS_FILES {
        let path = root.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("native/corpus: {} not found, skipped", path.display());
            continue;
        };
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse", name), &text, |bch, t| {
            bch.iter(|| hcl_json::parse_native(t, "main.tf").unwrap());
        });
    }
    let options = LoadOptions::terraform();
    for name in CORPUS_MODULES {
        let dir = root.join(name);
        if !dir.is_dir() {
            eprintln!("native/corpus: {} not found, skipped", dir.display());
            continue;
        }
        HclModule::load(&dir, &options).unwrap();
        group.bench_with_input(BenchmarkId::new("module_load", name), &dir, |bch, d| {
            bch.iter(|| HclModule::load(d, &options).unwrap());
        });
    }
    group.finish();
}

criterion_group!(benches, native, corpus);

/// `NATIVE_BENCH_RUN=N`: parse each file named on the command line N times
/// with `parse_native` (load each directory N times with `Module::load`),
/// and nothing else; prints each path's median time. With
/// `NATIVE_BENCH_FORCE=1`, every expression of each file is also built
/// (the body parser leaves common values to be parsed on first use:
/// `File::variables` walks every one), to compare with a parser that
/// builds every tree at once.
fn manual() -> bool {
    let Ok(n) = std::env::var("NATIVE_BENCH_RUN") else {
        return false;
    };
    let n: usize = n.parse().expect("NATIVE_BENCH_RUN is a number");
    let force = std::env::var_os("NATIVE_BENCH_FORCE").is_some();
    for path in std::env::args().skip(1).filter(|a| !a.starts_with('-')) {
        let mut times = Vec::with_capacity(n);
        let mut timed = |run: &mut dyn FnMut()| {
            for _ in 0..n {
                let start = std::time::Instant::now();
                run();
                times.push(start.elapsed().as_nanos());
            }
        };
        if std::path::Path::new(&path).is_dir() {
            let options = LoadOptions::terraform();
            timed(&mut || {
                let module = HclModule::load(&path, &options).unwrap();
                if force {
                    for file in module.files() {
                        std::hint::black_box(file.variables());
                    }
                }
                std::hint::black_box(module);
            });
        } else {
            let text = std::fs::read_to_string(&path).unwrap();
            if std::env::var_os("NATIVE_BENCH_DECODE").is_some() {
                let ctx = ctx();
                timed(&mut || {
                    std::hint::black_box(hcl_json::from_str_native::<Module>(&text, &ctx).unwrap());
                });
            } else {
                timed(&mut || {
                    let file = hcl_json::parse_native(&text, &path).unwrap();
                    if force {
                        std::hint::black_box(file.variables());
                    }
                    std::hint::black_box(file);
                });
            }
        }
        times.sort_unstable();
        if let Some(median) = times.get(n / 2) {
            println!("{path} ns/iter={median}");
        }
    }
    true
}

fn main() {
    if manual() {
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
