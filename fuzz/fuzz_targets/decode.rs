//! Any bytes as a Terraform-shaped file decoded through the derive: block
//! labels, `remain` bodies, captured `Expression`s (then evaluated and
//! analysed), all with the standard library and a small budget. Nothing
//! may panic, and a decoded file must decode the same way twice.
#![no_main]

use hcl_json::{Body, EvalContext, Expression, HclDecode, Limits, Value};
use libfuzzer_sys::fuzz_target;

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Config {
    #[hcl(block)]
    variable: Vec<Variable>,
    #[hcl(block)]
    resource: Vec<Resource>,
    #[hcl(block)]
    locals: Vec<Locals>,
    #[hcl(attr)]
    region: Option<String>,
    #[hcl(remain)]
    rest: Body,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Variable {
    #[hcl(label)]
    name: String,
    #[hcl(attr, literal)]
    description: Option<String>,
    #[hcl(attr)]
    r#type: Option<Expression>,
    #[hcl(attr)]
    default: Option<Value>,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Resource {
    #[hcl(label)]
    kind: String,
    #[hcl(label)]
    name: String,
    #[hcl(attr)]
    count: Option<u32>,
    #[hcl(attr)]
    depends_on: Option<Expression>,
    #[hcl(remain)]
    config: Body,
}

#[derive(HclDecode, Debug)]
#[allow(dead_code)]
struct Locals {
    #[hcl(remain)]
    values: Body,
}

/// Small limits: every limit is reached by the same code at any size, and
/// an input that spends a big budget only slows the campaign down (the
/// target ran at 48-72 inputs a second with 1 MiB and 100 000 steps).
const FUZZ_LIMITS: Limits = Limits {
    max_bytes: 64 << 10,
    max_steps: 10_000,
    max_depth: 32,
};

/// The context, built once (not per input).
fn context() -> &'static EvalContext {
    static CTX: std::sync::OnceLock<EvalContext> = std::sync::OnceLock::new();
    CTX.get_or_init(|| {
        EvalContext::new()
            .with_stdlib()
            .with_variable("var", Value::object([("x", Value::from(1))]))
            .with_limits(FUZZ_LIMITS)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ctx = context();
    let first = hcl_json::from_str::<Config>(text, ctx);
    let second = hcl_json::from_str::<Config>(text, ctx);
    assert_eq!(format!("{first:?}"), format!("{second:?}"));
    let Ok(config) = first else {
        return;
    };
    for v in &config.variable {
        if let Some(t) = &v.r#type {
            let _ = hcl_json::ext::typeexpr::type_constraint(t);
            let _ = t.variables();
        }
    }
    for r in &config.resource {
        if let Some(d) = &r.depends_on {
            let _ = d.as_list();
            let _ = d.value(ctx);
        }
        if let Ok(attrs) = r.config.just_attributes() {
            for a in attrs.values() {
                let _ = a.expr.value(ctx);
                let _ = a.expr.variables();
            }
        }
    }
    for l in &config.locals {
        if let Ok(attrs) = l.values.just_attributes() {
            for a in attrs.values() {
                let _ = a.expr.value(ctx);
            }
        }
    }
    let _ = config.rest.just_attributes();
});
