//! Formatting configuration files: native syntax laid out byte for byte as
//! HashiCorp's `hclwrite.Format` lays it out (the formatter behind
//! `terraform fmt`), JSON syntax in one canonical form.
//!
//! A file is parsed first, and one that does not parse is reported with
//! its diagnostics rather than formatted: the layout of a broken file would
//! guess at what its author meant. Formatting changes whitespace only, so
//! a formatted file reads back as the same body with the same values, and
//! formatting it again changes nothing.
//!
//! This module owns the formatter's own scanner (`lex.rs`: the parser
//! reads text without tokens, the layout works on tokens), the layout rules
//! (`layout.rs`) and the JSON layout (`json.rs`); parsing is the body
//! layer's.

mod json;
mod layout;
mod lex;

use crate::body::{parse, parse_native, Syntax};
use crate::diag::Error;

/// Formats native-syntax text (`.tf`, `.tfvars`, `.hcl`) as `terraform
/// fmt` does: the result is byte for byte what HashiCorp's
/// [`hclwrite.Format`](https://pkg.go.dev/github.com/hashicorp/hcl/v2/hclwrite#Format)
/// writes.
///
/// - **Indentation**: two spaces for each bracket (`{`, `[`, `(`, `${`,
///   `%{`) opened on an earlier line and still open;
/// - **alignment**: the `=` of attributes on consecutive lines (and of
///   object items, one per line) in one column, and the trailing comments
///   of consecutive lines in another;
/// - **spaces** inside a line by the tokens' kinds: one around binary
///   operators, `=`, `?`, `:` and inside braces, none inside `()` and
///   `[]`, after a unary `-` or `!`, before `,` or around `.`;
/// - **kept as written**: comments, quoted strings, heredocs, blank lines,
///   numbers; spaces and tabs at the end of a line are dropped.
///
/// Text that does not parse is an [`Error`] with all of its diagnostics,
/// located in `filename`.
///
/// ```
/// let text = hcl_json::format::native("resource \"a\" \"b\" {\nname=\"x\"\n  count   =  1+2\n}\n", "main.tf")?;
/// assert_eq!(text, "resource \"a\" \"b\" {\n  name  = \"x\"\n  count = 1 + 2\n}\n");
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn native(src: &str, filename: &str) -> Result<String, Error> {
    parse_native(src, filename)?;
    Ok(native_unchecked(src))
}

/// Lays out text known to parse.
pub(crate) fn native_unchecked(src: &str) -> String {
    // HCL's scanner skips a byte order mark, and `hclwrite` does not write
    // it back.
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    layout::format(src, &lex::tokens(src))
}

/// Formats JSON-syntax text (`.tf.json`, `.hcl.json`) in one canonical
/// form: two-space indentation, one property or element per line, `": "`
/// between a name and its value, empty objects and arrays as `{}` and `[]`,
/// and a newline at the end. Property order and duplicate properties are
/// kept; numbers and strings are written exactly as in the source (escapes
/// included), so the values read back are the same.
///
/// Text that does not parse is an [`Error`] with its diagnostics, located
/// in `filename`.
///
/// ```
/// let text = hcl_json::format::json(r#"{"a":1, "b" :[true,{}], "a":"x"}"#, "main.tf.json")?;
/// assert_eq!(text, "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    {}\n  ],\n  \"a\": \"x\"\n}\n");
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn json(src: &str, filename: &str) -> Result<String, Error> {
    parse(src, filename)?;
    Ok(json::format(src))
}

/// Formats `src` in the syntax its file name implies
/// ([`Syntax::for_filename`]): [`json`](fn@json) for names ending in `.json`,
/// [`native`](fn@native) for any other.
///
/// ```
/// assert_eq!(hcl_json::format::auto("a=1\n", "a.tfvars")?, "a = 1\n");
/// assert_eq!(hcl_json::format::auto("{\"a\":1}", "a.tfvars.json")?, "{\n  \"a\": 1\n}\n");
/// # Ok::<(), hcl_json::Error>(())
/// ```
pub fn auto(src: &str, filename: &str) -> Result<String, Error> {
    match Syntax::for_filename(filename) {
        Syntax::Json => json(src, filename),
        Syntax::Native => native(src, filename),
    }
}

#[cfg(test)]
mod tests;
