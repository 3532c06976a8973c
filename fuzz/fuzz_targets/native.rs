//! Any bytes: the native body parser, body processing, the schema-less
//! walk, static analysis and evaluation of native files must not panic.
#![no_main]

use hcl_json::body::BodyItem;
use hcl_json::{BodySchema, EvalContext};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = hcl_json::parse_native_bytes(data, "fuzz.tf") else {
        return;
    };
    let schema = BodySchema::new()
        .attribute("a", false)
        .block("b", &["x"])
        .block("c", &[]);
    let ctx = EvalContext::new().with_variable("v", 1).with_stdlib();
    if let Ok((content, rest)) = file.body().partial_content(&schema) {
        for attr in content.attributes.values() {
            let _ = attr.expr.value(&ctx);
            let _ = attr.expr.variables();
            let _ = attr.expr.as_list();
        }
        for block in content.blocks {
            if let Ok(attrs) = block.body.just_attributes() {
                for attr in attrs.values() {
                    let _ = attr.expr.value(&ctx);
                }
            }
        }
        let _ = rest.just_attributes();
    }
    let merged = hcl_json::Body::merge(&[file.body(), file.body()]);
    let _ = merged.just_attributes();
    walk(&file.body(), &ctx);
});

/// The schema-less walk, every block's body too, every value evaluated.
fn walk(body: &hcl_json::Body, ctx: &EvalContext) {
    for item in body.items() {
        let _ = item.range();
        match item {
            BodyItem::Attribute(attr) => {
                let _ = attr.expr.value(ctx);
            }
            BodyItem::Block(block) => walk(&block.body, ctx),
            _ => {}
        }
    }
}
