//! Any bytes: the JSON parser, body processing and the schema-less walk
//! must not panic.
#![no_main]

use hcl_json::body::{BodyItem, PropertyValue};
use hcl_json::BodySchema;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = hcl_json::body::parse_bytes(data, "fuzz.json") {
        let schema = BodySchema::new()
            .attribute("a", false)
            .block("b", &["x"])
            .block("c", &[]);
        if let Ok((content, rest)) = file.body().partial_content(&schema) {
            for block in content.blocks {
                let _ = block.body.just_attributes();
            }
            let _ = rest.just_attributes();
        }
        walk(&file.body());
    }
});

/// The schema-less walk: every property, into every object and array.
fn walk(body: &hcl_json::Body) {
    for item in body.items() {
        let _ = item.range();
        if let BodyItem::Property(prop) = item {
            value(&prop.value);
        }
    }
}

fn value(v: &PropertyValue) {
    let _ = v.range();
    match v {
        PropertyValue::Object(body) => walk(body),
        PropertyValue::Array { elements, .. } => elements.iter().for_each(value),
        _ => {}
    }
}
