//! `#[derive(HclDecode)]` for the `hcl_json` crate.
//!
//! This crate is an implementation detail of `hcl_json`, which re-exports the
//! derive; depend on `hcl_json` instead.

use proc_macro::TokenStream;

/// Derives `hcl_json::HclDecode` for a struct with named fields.
#[proc_macro_derive(HclDecode, attributes(hcl))]
pub fn derive_hcl_decode(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
