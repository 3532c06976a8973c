//! Whole-file decoding: `#[derive(HclDecode)]` into a Terraform-shaped
//! struct tree (each block's remaining attributes into a
//! `HashMap<String, Value>`, and into one object `Value`), beside the
//! dynamic decode of the same file (parse, `just_attributes`, evaluate
//! every attribute), in full-expression mode with every referenced root
//! variable unknown.
#![allow(missing_docs)] // `criterion_group!` defines an undocumented `pub fn`

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use hcl_json::eval::{Function, Param};
use hcl_json::{Body, EvalContext, Expression, HclDecode, Type, Value};

mod support;

/// The Terraform-shaped struct tree, its remaining attributes taken as
/// `$remain` (each block's attributes besides the fields named).
macro_rules! tf_structs {
    ($module:ident, $remain:ty) => {
        mod $module {
            use super::*;

            #[derive(HclDecode)]
            pub(super) struct TfFile {
                #[hcl(block)]
                terraform: Vec<Generic0>,
                #[hcl(block)]
                provider: Vec<Generic1>,
                #[hcl(block)]
                variable: Vec<Generic1>,
                #[hcl(block)]
                locals: Vec<Generic0>,
                #[hcl(block)]
                data: Vec<Generic2>,
                #[hcl(block)]
                resource: Vec<Generic2>,
                #[hcl(block)]
                module: Vec<Generic1>,
                #[hcl(block)]
                output: Vec<Generic1>,
                #[hcl(remain)]
                _rest: Body,
            }

            impl TfFile {
                /// Every block's remaining attributes, in field order.
                #[allow(dead_code)] // (`maps` has no use for it)
                pub(super) fn remains(self) -> Vec<$remain> {
                    let unlabelled = self.terraform.into_iter().chain(self.locals);
                    let named = (self.provider.into_iter().chain(self.variable))
                        .chain(self.module.into_iter().chain(self.output));
                    let typed = self.data.into_iter().chain(self.resource);
                    (unlabelled.map(|b| b._attrs))
                        .chain(named.map(|b| b._attrs))
                        .chain(typed.map(|b| b._attrs))
                        .collect()
                }
            }

            impl super::Blocks for TfFile {
                fn blocks(&self) -> usize {
                    self.terraform.len()
                        + self.provider.len()
                        + self.variable.len()
                        + self.locals.len()
                        + self.data.len()
                        + self.resource.len()
                        + self.module.len()
                        + self.output.len()
                }
            }

            #[derive(HclDecode)]
            struct Generic0 {
                #[hcl(remain)]
                _attrs: $remain,
            }

            #[derive(HclDecode)]
            struct Generic1 {
                #[hcl(label)]
                _name: String,
                #[hcl(remain)]
                _attrs: $remain,
            }

            #[derive(HclDecode)]
            struct Generic2 {
                #[hcl(label)]
                _kind: String,
                #[hcl(label)]
                _name: String,
                #[hcl(attr)]
                _count: Option<Value>,
                #[hcl(remain)]
                _attrs: $remain,
            }
        }
    };
}

/// A bench struct tree: the number of blocks decoded.
trait Blocks {
    fn blocks(&self) -> usize;
}

// The Go twin's shape (`map[string]cty.Value`), and the same tree with
// each block's attributes as one object `Value`.
tf_structs!(maps, HashMap<String, Value>);
tf_structs!(objects, Value);

/// A typed decode: fields of known types (strings, a bool, an integer, an
/// optional string, a list of strings) filled from plain JSON values.
#[derive(HclDecode)]
struct TypedFile {
    #[hcl(block)]
    resource: Vec<TypedResource>,
}

#[derive(HclDecode)]
struct TypedResource {
    #[hcl(label)]
    _kind: String,
    #[hcl(label)]
    _name: String,
    #[hcl(attr)]
    ami: String,
    #[hcl(attr)]
    instance_type: String,
    #[hcl(attr)]
    subnet_id: Option<String>,
    #[hcl(attr)]
    description: String,
    #[hcl(attr)]
    monitoring: bool,
    #[hcl(attr)]
    cpu_count: u32,
    #[hcl(attr)]
    security_groups: Vec<String>,
}

/// `blocks` resources of plain values, for [`TypedFile`]: every string
/// literal, none a template.
fn typed_tf_json(blocks: usize) -> String {
    let mut out = String::from("{\"resource\": [\n");
    for i in 0..blocks {
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str(&format!(
            concat!(
                "{{\"aws_instance\": {{\"web_{i}\": {{",
                "\"ami\": \"ami-0c55b159cbfafe1f{d}\", ",
                "\"instance_type\": \"t3.micro\", ",
                "\"subnet_id\": \"subnet-0bb1c79de3{d}\", ",
                "\"description\": \"The web server number {i}, behind the load balancer\", ",
                "\"monitoring\": {m}, \"cpu_count\": {c}, ",
                "\"security_groups\": [\"sg-web-{d}\", \"sg-ssh\"]}}}}}}"
            ),
            i = i,
            d = i % 10,
            m = i % 2 == 0,
            c = 1 + i % 8,
        ));
    }
    out.push_str("\n]}\n");
    out
}

fn typed_decode<'a>(text: impl Into<Cow<'a, str>>, ctx: &EvalContext) -> usize {
    let file = hcl_json::parse(text, "bench.tf.json").unwrap();
    let typed: TypedFile = hcl_json::decode_body(&file.body(), ctx).unwrap();
    typed
        .resource
        .iter()
        .map(|r| {
            r.ami.len()
                + r.instance_type.len()
                + r.subnet_id.as_ref().map_or(0, String::len)
                + r.description.len()
                + usize::from(r.monitoring)
                + r.cpu_count as usize
                + r.security_groups.len()
        })
        .sum()
}

/// The file's blocks with their attributes captured unevaluated, as an
/// application that evaluates later (deferred evaluation) keeps them.
#[derive(HclDecode)]
struct Captured {
    #[hcl(block)]
    terraform: Vec<Captured0>,
    #[hcl(block)]
    provider: Vec<Captured1>,
    #[hcl(block)]
    variable: Vec<Captured1>,
    #[hcl(block)]
    locals: Vec<Captured0>,
    #[hcl(block)]
    data: Vec<Captured2>,
    #[hcl(block)]
    resource: Vec<Captured2>,
    #[hcl(block)]
    module: Vec<Captured1>,
    #[hcl(block)]
    output: Vec<Captured1>,
    #[hcl(remain)]
    _rest: Body,
}

#[derive(HclDecode)]
struct Captured0 {
    #[hcl(remain)]
    attrs: HashMap<String, Expression>,
}

#[derive(HclDecode)]
struct Captured1 {
    #[hcl(label)]
    _name: String,
    #[hcl(remain)]
    attrs: HashMap<String, Expression>,
}

#[derive(HclDecode)]
struct Captured2 {
    #[hcl(label)]
    _kind: String,
    #[hcl(label)]
    _name: String,
    #[hcl(remain)]
    attrs: HashMap<String, Expression>,
}

impl Captured {
    fn expressions(&self) -> Vec<&Expression> {
        let maps = (self.terraform.iter().chain(&self.locals).map(|b| &b.attrs))
            .chain(
                (self.provider.iter().chain(&self.variable))
                    .chain(self.module.iter().chain(&self.output))
                    .map(|b| &b.attrs),
            )
            .chain(self.data.iter().chain(&self.resource).map(|b| &b.attrs));
        maps.flat_map(|m| m.values()).collect()
    }
}

/// `DECODE_BENCH_REEVAL=FILE:K`: decodes FILE with every attribute
/// captured as an `Expression`, then evaluates all of them K times, each
/// pass in a context of its own (equal variables, a new identity, so that
/// no value of an earlier pass is reused), and prints each pass's time.
/// Instructions of pass k: the count of `K = k` minus that of `K = k - 1`.
fn reevaluate(path: &str, passes: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let context = || {
        if path.contains("template-heavy") {
            support::hclbench_context()
        } else {
            context_for(&text)
        }
    };
    // Made before any pass, whatever K, so that the count of K = k minus
    // that of K = k - 1 is the pass alone.
    let contexts: Vec<EvalContext> = (0..3).map(|_| context()).collect();
    let file = hcl_json::parse(&text, "bench.tf.json").unwrap();
    let captured: Captured = hcl_json::decode_body(&file.body(), &contexts[0]).unwrap();
    let exprs = captured.expressions();
    for (pass, ctx) in contexts.iter().cycle().take(passes).enumerate() {
        let start = std::time::Instant::now();
        let ok = exprs.iter().filter(|e| e.value(ctx).is_ok()).count();
        let ns = start.elapsed().as_nanos();
        println!(
            "{path} pass={} expressions={} ok={ok} ns={ns}",
            pass + 1,
            exprs.len()
        );
    }
}

/// A context where every root name the file refers to is unknown.
fn context_for(text: &str) -> EvalContext {
    let file = hcl_json::parse(text, "bench.tf.json").unwrap();
    let mut roots = BTreeSet::new();
    collect_roots(&file.body(), &mut roots);
    let mut ctx = EvalContext::new().with_stdlib();
    // Terraform's impure functions, which the standard set leaves out:
    // here they return unknown values, as during a plan.
    for name in ["file", "filebase64", "templatefile", "timestamp", "uuid"] {
        let unknown = Function::builder()
            .variadic(
                Param::new("args", Type::Dynamic)
                    .allow_unknown()
                    .allow_null(),
            )
            .build(|_| Ok(Value::dynamic()));
        ctx = ctx.with_function(name, unknown);
    }
    for root in roots {
        ctx = ctx.with_variable(root, Value::dynamic());
    }
    ctx
}

fn collect_roots(body: &Body, roots: &mut BTreeSet<String>) {
    if let Ok(attrs) = body.just_attributes() {
        for attr in attrs.values() {
            for t in attr.expr.variables() {
                roots.insert(t.root_name().to_string());
            }
        }
    }
}

/// The dynamic decode: every root attribute evaluated (nested objects
/// evaluate recursively as object expressions).
fn dynamic_decode<'a>(text: impl Into<Cow<'a, str>>, ctx: &EvalContext) -> usize {
    let file = hcl_json::parse(text, "bench.tf.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    attrs
        .values()
        .map(|a| a.expr.value(ctx).map_or(0, |_| 1))
        .sum()
}

fn derive_decode<'a>(text: impl Into<Cow<'a, str>>, ctx: &EvalContext) -> usize {
    derive_decode_as::<maps::TfFile>(text, ctx, "bench.tf.json")
}

/// The derive into the tree `T` of a file of either syntax, as its name
/// says: the number of blocks.
fn derive_decode_as<'a, T: HclDecode + Blocks>(
    text: impl Into<Cow<'a, str>>,
    ctx: &EvalContext,
    name: &str,
) -> usize {
    let file = hcl_json::parse_auto(text, name).unwrap();
    hcl_json::decode_body::<T>(&file.body(), ctx)
        .unwrap()
        .blocks()
}

/// [`derive_decode_as`] split into the decode, the drop of its result
/// and the drop of the parsed file (see [`split_drops`]).
fn derive_phases<T: HclDecode>(
    text: String,
    ctx: &EvalContext,
    name: &str,
    start: std::time::Instant,
) -> [u128; 3] {
    let file = hcl_json::parse_auto(text, name).unwrap();
    let tree: T = hcl_json::decode_body(&file.body(), ctx).unwrap();
    split_drops(start, file, tree)
}

/// Go's `hclbench decode`, ours: parse, `just_attributes`, every root
/// attribute's value in the `hclbench` default context; the attribute
/// count, asserting every value succeeded.
fn hclbench_decode<'a>(text: impl Into<Cow<'a, str>>, ctx: &EvalContext) -> usize {
    let file = hcl_json::parse(text, "bench.tf.json").unwrap();
    let attrs = file.body().just_attributes().unwrap();
    attrs
        .values()
        .map(|a| {
            std::hint::black_box(a.expr.value(ctx).expect("decodes without errors"));
        })
        .count()
}

/// The template-heavy file and its 10× and 100× versions, same seed.
fn template_heavy(scale: usize) -> String {
    support::template_heavy_tf_json(17, 300 * scale)
}

/// The template-heavy whole-file decode, at 1× and 10×, in the context
/// Go's `hclbench` uses (so the two can be compared on the same files).
fn template_heavy_decode(c: &mut Criterion) {
    let ctx = support::hclbench_context();
    let mut group = c.benchmark_group("decode_template_heavy");
    group.sample_size(10);
    for scale in [1, 10] {
        let text = template_heavy(scale);
        assert!(hclbench_decode(&text, &ctx) > 0);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("hclbench", scale), &text, |b, text| {
            b.iter(|| hclbench_decode(text, &ctx));
        });
    }
    group.finish();
}

/// Without criterion, for side-by-side runs with Go's `hclbench` and for
/// `/usr/bin/time -v`: `DECODE_BENCH_DUMP=DIR` writes the template-heavy
/// files (1×, 10×, 100×), the 4 MB synthesized file, its native twin
/// (`synthesized-4MB.tf`) and the typed file (`typed-10000.tf.json`) there;
/// `DECODE_BENCH_RUN=FILE:N` decodes FILE (as `hclbench decode` does) N
/// times and prints the median ns per run.
fn manual() -> bool {
    if let Ok(dir) = std::env::var("DECODE_BENCH_DUMP") {
        std::fs::create_dir_all(&dir).unwrap();
        for scale in [1, 10, 100] {
            let path = format!("{dir}/template-heavy-{scale}x.tf.json");
            std::fs::write(&path, template_heavy(scale)).unwrap();
            println!("{path}");
        }
        let path = format!("{dir}/synthesized-4MB.tf.json");
        std::fs::write(&path, support::synthesized_tf_json(4 << 20)).unwrap();
        println!("{path}");
        // Its native twin, for the derive in native syntax.
        let json = hcl_json::parse(support::synthesized_tf_json(4 << 20), "4MB.tf.json").unwrap();
        let native =
            hcl_json::to_native_string(&json.body(), &hcl_json::ConvertOptions::default()).unwrap();
        let path = format!("{dir}/synthesized-4MB.tf");
        std::fs::write(&path, native).unwrap();
        println!("{path}");
        let path = format!("{dir}/typed-10000.tf.json");
        std::fs::write(&path, typed_tf_json(10_000)).unwrap();
        println!("{path}");
        return true;
    }
    if let Ok(spec) = std::env::var("DECODE_BENCH_REEVAL") {
        let (path, k) = spec.rsplit_once(':').expect("FILE:K");
        reevaluate(path, k.parse().expect("K is a number"));
        return true;
    }
    if let Ok(spec) = std::env::var("DECODE_BENCH_MAPS") {
        let (path, n) = spec.rsplit_once(':').expect("FILE:N");
        maps_alone(path, n.parse().expect("N is a number"));
        return true;
    }
    if let Ok(spec) = std::env::var("DECODE_BENCH_RUN") {
        let (path, n) = spec.rsplit_once(':').expect("FILE:N");
        let n: usize = n.parse().expect("N is a number");
        let text = std::fs::read_to_string(path).unwrap();
        // The template-heavy files use hclbench's context; other files get
        // every root name they use as an unknown variable, taken from
        // `DECODE_BENCH_CONTEXT=FILE` when given (so that the decode's peak
        // memory is not hidden under that of parsing the file once more
        // for its names), or literal-only with `DECODE_BENCH_LITERAL=1`
        // (what `hclbench -nil-ctx decode` times). `DECODE_BENCH_DERIVE=1`
        // decodes into the bench's `maps::TfFile` structs instead (a typed
        // decode: block bodies kept as `Body`, no whole-file `Value`; a
        // `.tf` file in native syntax, its names taken from
        // `DECODE_BENCH_CONTEXT`), `DECODE_BENCH_DERIVE=value` into
        // `objects::TfFile` (each block's attributes as one `Value`);
        // `DECODE_BENCH_TYPED=1` into `TypedFile` (the `typed-*` file).
        let hclbench = path.contains("template-heavy");
        let literal = std::env::var_os("DECODE_BENCH_LITERAL").is_some();
        let derive = std::env::var_os("DECODE_BENCH_DERIVE").is_some();
        let objects = std::env::var_os("DECODE_BENCH_DERIVE").is_some_and(|v| v == "value");
        let typed = std::env::var_os("DECODE_BENCH_TYPED").is_some();
        let ctx = if literal {
            EvalContext::literal()
        } else if hclbench {
            support::hclbench_context()
        } else if let Ok(names_from) = std::env::var("DECODE_BENCH_CONTEXT") {
            context_for(&std::fs::read_to_string(names_from).unwrap())
        } else {
            context_for(&text)
        };
        // Each decode is given its text as a `String` that the parsed file
        // keeps (as Go's parser keeps the bytes it is given): the copies
        // are made before the clock starts, and the last decode takes the
        // text read, so that the peak memory of `FILE:1` holds it once.
        //
        // `DECODE_BENCH_PHASES=1` (with the `hclbench` context or
        // `DECODE_BENCH_DERIVE=1`) splits each run into the decode, the
        // drop of its result and the drop of the parsed file, and prints
        // the median of each: where a large file's time goes besides the
        // decode itself.
        let phases = std::env::var_os("DECODE_BENCH_PHASES").is_some();
        let mut splits: Vec<[u128; 3]> = Vec::new();
        let len = text.len();
        let mut text = Some(text);
        let mut times: Vec<u128> = (0..n)
            .map(|i| {
                let owned = if i + 1 == n {
                    text.take().unwrap()
                } else {
                    text.clone().unwrap()
                };
                let start = std::time::Instant::now();
                if phases {
                    let split = if objects {
                        derive_phases::<objects::TfFile>(owned, &ctx, path, start)
                    } else if derive {
                        derive_phases::<maps::TfFile>(owned, &ctx, path, start)
                    } else {
                        let file = hcl_json::parse(owned, path).unwrap();
                        let attrs = file.body().just_attributes().unwrap();
                        let values: Vec<Value> = attrs
                            .values()
                            .map(|a| a.expr.value(&ctx).unwrap())
                            .collect();
                        split_drops(start, (attrs, file), values)
                    };
                    splits.push(split);
                } else if typed {
                    std::hint::black_box(typed_decode(owned, &ctx));
                } else if objects {
                    std::hint::black_box(derive_decode_as::<objects::TfFile>(owned, &ctx, path));
                } else if derive {
                    std::hint::black_box(derive_decode_as::<maps::TfFile>(owned, &ctx, path));
                } else if hclbench || literal {
                    std::hint::black_box(hclbench_decode(owned, &ctx));
                } else {
                    std::hint::black_box(dynamic_decode(owned, &ctx));
                }
                start.elapsed().as_nanos()
            })
            .collect();
        times.sort_unstable();
        if let Some(median) = times.get(n / 2) {
            println!("{path} bytes={len} ns/iter={median}");
        }
        if !splits.is_empty() {
            let median = |k: usize| {
                let mut column: Vec<u128> = splits.iter().map(|s| s[k]).collect();
                column.sort_unstable();
                column[column.len() / 2]
            };
            println!(
                "{path} decode_ns={} drop_result_ns={} drop_file_ns={}",
                median(0),
                median(1),
                median(2)
            );
        }
        return true;
    }
    false
}

/// `DECODE_BENCH_MAPS=FILE:N`: what the `HashMap<String, Value>` result
/// type costs on its own. Decodes FILE into `objects::TfFile` (not
/// timed), then times building from each block's object the map
/// `maps::TfFile` holds (a `String` key per attribute, the values moved)
/// and dropping the maps; prints the median of each over N runs.
fn maps_alone(path: &str, n: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let ctx = if path.contains("template-heavy") {
        support::hclbench_context()
    } else {
        context_for(&text)
    };
    let mut runs: Vec<[u128; 2]> = (0..n)
        .map(|_| {
            let file = hcl_json::parse(text.as_str(), path).unwrap();
            let tree: objects::TfFile = hcl_json::decode_body(&file.body(), &ctx).unwrap();
            let remains = tree.remains();
            let start = std::time::Instant::now();
            let maps: Vec<HashMap<String, Value>> = remains
                .into_iter()
                .map(|remain| match remain {
                    Value::Object(entries) => entries
                        .into_iter()
                        .map(|(name, value)| (String::from(name.as_str()), value))
                        .collect(),
                    other => panic!("a remain is an object, not {other:?}"),
                })
                .collect();
            let built = start.elapsed().as_nanos();
            drop(std::hint::black_box(maps));
            [built, start.elapsed().as_nanos() - built]
        })
        .collect();
    let mut median = |k: usize| {
        runs.sort_unstable_by_key(|r| r[k]);
        runs[n / 2][k]
    };
    println!(
        "{path} build_maps_ns={} drop_maps_ns={}",
        median(0),
        median(1)
    );
}

/// The time since `start` (the decode's), then the time to drop `result`,
/// then the time to drop `file`, in nanoseconds.
fn split_drops<F, R>(start: std::time::Instant, file: F, result: R) -> [u128; 3] {
    let decoded = start.elapsed().as_nanos();
    drop(result);
    let result_dropped = start.elapsed().as_nanos();
    drop(file);
    let file_dropped = start.elapsed().as_nanos();
    [
        decoded,
        result_dropped - decoded,
        file_dropped - result_dropped,
    ]
}

fn decode(c: &mut Criterion) {
    let mut inputs = support::largest_corpus_files();
    let synthesized = support::synthesized_tf_json(4 << 20);
    // The same on one line, as minified generators write it: positions
    // must not cost a scan of the line.
    let one_line = synthesized.replace('\n', " ");
    inputs.push(("synthesized-4MB.tf.json".to_string(), synthesized));
    inputs.push(("synthesized-4MB-one-line.tf.json".to_string(), one_line));
    let mut group = c.benchmark_group("decode");
    group.sample_size(20);
    for (name, text) in &inputs {
        let ctx = context_for(text);
        // Both must succeed on the input, or the comparison means nothing.
        assert!(dynamic_decode(text, &ctx) > 0);
        derive_decode(text, &ctx);
        derive_decode_as::<objects::TfFile>(text, &ctx, "bench.tf.json");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("dynamic", name), text, |b, text| {
            b.iter(|| dynamic_decode(text, &ctx));
        });
        group.bench_with_input(BenchmarkId::new("derive", name), text, |b, text| {
            b.iter(|| derive_decode(text, &ctx));
        });
        group.bench_with_input(BenchmarkId::new("derive_object", name), text, |b, text| {
            b.iter(|| derive_decode_as::<objects::TfFile>(text, &ctx, "bench.tf.json"));
        });
    }
    group.finish();
}

/// Fields of known types from plain values, beside the dynamic decode of
/// the same file.
fn typed(c: &mut Criterion) {
    let text = typed_tf_json(10_000);
    let ctx = context_for(&text);
    assert!(typed_decode(&text, &ctx) > 0);
    let mut group = c.benchmark_group("decode_typed");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("dynamic", |b| b.iter(|| dynamic_decode(&text, &ctx)));
    group.bench_function("derive", |b| b.iter(|| typed_decode(&text, &ctx)));
    group.finish();
}

criterion_group!(benches, decode, template_heavy_decode, typed);

fn main() {
    if manual() {
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
