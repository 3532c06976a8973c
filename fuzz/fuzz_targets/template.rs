//! Any text: the native template and expression parsers must not panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = hcl_json::__internals::parse_template(text);
    let _ = hcl_json::__internals::parse_expression(text);
});
