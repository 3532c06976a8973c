//! Compile-time errors of `#[derive(HclDecode)]` misuse, pinned with
//! trybuild (`TRYBUILD=overwrite cargo test --test derive_ui` to update).

#[test]
fn derive_misuse_is_a_clear_compile_error() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
