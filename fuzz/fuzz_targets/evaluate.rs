//! Any bytes as a JSON-HCL file: every attribute evaluated with the
//! standard library, and analysed statically, must not panic.
#![no_main]

use hcl_json::{EvalContext, Value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = hcl_json::json::parse_bytes(data, "fuzz.json") else {
        return;
    };
    let Ok(attrs) = file.body().just_attributes() else {
        return;
    };
    let ctx = EvalContext::new()
        .with_stdlib()
        .with_variable("a", Value::from(1))
        .with_variable("u", Value::dynamic());
    for attr in attrs.values() {
        let _ = attr.expr.value(&ctx);
        let _ = attr.expr.variables();
        let _ = attr.expr.as_call();
        let _ = attr.expr.abs_traversal();
    }
});
