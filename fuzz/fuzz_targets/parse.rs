//! Any bytes: the JSON parser and body processing must not panic.
#![no_main]

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
    }
});
