//! Any text: the formatter of both syntaxes must not panic, and what it
//! writes must parse and be its own formatting (idempotence).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(once) = hcl_json::format::native(src, "fuzz.tf") {
        let twice = hcl_json::format::native(&once, "fuzz.tf").expect("formatted text parses");
        assert_eq!(once, twice, "formatting is idempotent");
    }
    if let Ok(once) = hcl_json::format::json(src, "fuzz.tf.json") {
        let twice = hcl_json::format::json(&once, "fuzz.tf.json").expect("formatted JSON parses");
        assert_eq!(once, twice, "JSON formatting is idempotent");
    }
});
