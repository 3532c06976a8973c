//! Everyday numbers must stay cheap: parsing `80` and `0.5` does not
//! allocate, and small-integer arithmetic stays in `rust_decimal`.
#![allow(missing_docs)] // `criterion_main!` defines an undocumented `pub fn main`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use hcl_json::value::Number;

fn parsing(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    for (name, text) in [
        ("80", "80"),
        ("0.5", "0.5"),
        ("40 digits", "1234567890123456789012345678901234567890"),
        ("1e150", "1e150"),
    ] {
        g.bench_function(name, |b| b.iter(|| Number::parse(black_box(text))));
    }
    g.finish();
}

#[allow(clippy::many_single_char_names)] // operands and the criterion handles
fn arithmetic(c: &mut Criterion) {
    let a = Number::from(80);
    let b = Number::from(443);
    let h = Number::parse("0.5").unwrap();
    let mut g = c.benchmark_group("small arithmetic");
    g.bench_function("80 + 443", |x| {
        x.iter(|| black_box(&a).checked_add(black_box(&b)));
    });
    g.bench_function("80 * 443", |x| {
        x.iter(|| black_box(&a).checked_mul(black_box(&b)));
    });
    g.bench_function("443 / 80", |x| {
        x.iter(|| black_box(&b).checked_div(black_box(&a)));
    });
    g.bench_function("80 * 0.5", |x| {
        x.iter(|| black_box(&a).checked_mul(black_box(&h)));
    });
    g.bench_function("80 == 80.0", |x| {
        let c = Number::parse("80.0").unwrap();
        x.iter(|| black_box(&a) == black_box(&c));
    });
    g.bench_function("to_string 0.5", |x| x.iter(|| black_box(&h).to_string()));
    g.finish();
    let big = Number::parse("1234567890123456789012345678901234567890").unwrap();
    c.bench_function("40 digits * 40 digits", |x| {
        x.iter(|| black_box(&big).checked_mul(black_box(&big)));
    });
    c.bench_function("1 / 3", |x| {
        let three = Number::from(3);
        x.iter(|| Number::ONE.checked_div(black_box(&three)));
    });
}

criterion_group!(benches, parsing, arithmetic);
criterion_main!(benches);
