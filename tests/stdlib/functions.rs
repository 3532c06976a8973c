//! The function table: every name Terraform's pure library has, each with
//! a description and described parameters, and `with_stdlib`.

// The name lists serve the tests that need the default features.
#![cfg_attr(
    not(all(
        feature = "yaml",
        feature = "csv",
        feature = "hashes",
        feature = "rsa",
        feature = "gzip",
        feature = "regex",
        feature = "text-encodings",
        feature = "bcrypt"
    )),
    allow(dead_code, unused_imports)
)]

use hcl_json::{stdlib, EvalContext};

const NAMES: &[&str] = &[
    // string
    "chomp",
    "endswith",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "regex",
    "regexall",
    "replace",
    "split",
    "startswith",
    "strcontains",
    "strlen",
    "strrev",
    "substr",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
    // collection
    "alltrue",
    "anytrue",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "hasindex",
    "index",
    "keys",
    "length",
    "lookup",
    "matchkeys",
    "merge",
    "one",
    "range",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "slice",
    "sort",
    "sum",
    "transpose",
    "values",
    "zipmap",
    // numeric
    "abs",
    "ceil",
    "floor",
    "int",
    "log",
    "max",
    "min",
    "parseint",
    "pow",
    "signum",
    // encoding
    "base64decode",
    "base64encode",
    "csvdecode",
    "jsondecode",
    "jsonencode",
    "urlencode",
    "yamldecode",
    "yamlencode",
    // crypto
    "md5",
    "sha1",
    "sha256",
    "sha512",
    "base64sha256",
    "base64sha512",
    "uuidv5",
    // network
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    // conversion
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    // try and can (ext::tryfunc)
    "try",
    "can",
    // added for parity with Terraform 1.12 and OpenTofu 1.10
    "templatestring",
    "formatdate",
    "timeadd",
    "timecmp",
    "base64gzip",
    "base64gunzip",
    "textencodebase64",
    "textdecodebase64",
    "urldecode",
    "basename",
    "dirname",
    "rsadecrypt",
    "convert",
    "cidrcontains",
    "sensitive",
    "nonsensitive",
    "issensitive",
    "ephemeralasnull",
];

/// Terraform 1.12's built-in functions (its documentation's list, family by
/// family), less those that read files, the clock or randomness (opt-in
/// here: `with_filesystem`, `with_unpredictable`) and `type`, which exists
/// only in Terraform's console.
const TERRAFORM_PURE: &[&str] = &[
    // numeric
    "abs",
    "ceil",
    "floor",
    "log",
    "max",
    "min",
    "parseint",
    "pow",
    "signum",
    // string
    "chomp",
    "endswith",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "regex",
    "regexall",
    "replace",
    "split",
    "startswith",
    "strcontains",
    "strrev",
    "substr",
    "templatestring",
    "title",
    "trim",
    "trimprefix",
    "trimsuffix",
    "trimspace",
    "upper",
    // collection
    "alltrue",
    "anytrue",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "index",
    "keys",
    "length",
    "lookup",
    "matchkeys",
    "merge",
    "one",
    "range",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "slice",
    "sort",
    "sum",
    "transpose",
    "values",
    "zipmap",
    // encoding
    "base64decode",
    "base64encode",
    "base64gzip",
    "csvdecode",
    "jsondecode",
    "jsonencode",
    "textdecodebase64",
    "textencodebase64",
    "urlencode",
    "yamldecode",
    "yamlencode",
    // filesystem (the pure ones)
    "basename",
    "dirname",
    // date and time
    "formatdate",
    "timeadd",
    "timecmp",
    // hash and crypto
    "base64sha256",
    "base64sha512",
    "md5",
    "rsadecrypt",
    "sha1",
    "sha256",
    "sha512",
    "uuidv5",
    // IP network
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    // type conversion
    "can",
    "ephemeralasnull",
    "issensitive",
    "nonsensitive",
    "sensitive",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "try",
];

/// Terraform's impure built-ins, which only the opt-in contexts add.
const TERRAFORM_IMPURE: &[&str] = &[
    "abspath",
    "pathexpand",
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "templatefile",
    "plantimestamp",
    "timestamp",
    "bcrypt",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "uuid",
];

#[test]
#[cfg(all(
    feature = "yaml",
    feature = "csv",
    feature = "hashes",
    feature = "rsa",
    feature = "gzip",
    feature = "regex",
    feature = "text-encodings"
))]
fn functions_cover_terraforms_whole_pure_list_also_as_core_names() {
    let map = stdlib::function_map();
    let ctx = EvalContext::new().with_stdlib();
    for name in TERRAFORM_PURE {
        assert!(map.contains_key(name), "{name} is missing from functions()");
        assert!(
            ctx.function(&format!("core::{name}")).is_some(),
            "core::{name} is missing from with_stdlib()"
        );
    }
}

#[test]
#[cfg(all(
    feature = "yaml",
    feature = "csv",
    feature = "hashes",
    feature = "rsa",
    feature = "gzip",
    feature = "regex",
    feature = "text-encodings",
    feature = "bcrypt"
))]
fn the_opt_in_contexts_add_terraforms_impure_functions_and_nothing_else_does() {
    use hcl_json::stdlib::filesystem::Filesystem;
    use hcl_json::stdlib::impure::Unpredictable;
    let pure = EvalContext::new().with_stdlib();
    let granted = EvalContext::new()
        .with_filesystem(Filesystem::new("."))
        .with_unpredictable(Unpredictable::unknown());
    for name in TERRAFORM_IMPURE {
        assert!(pure.function(name).is_none(), "{name} must be opt-in");
        assert!(granted.function(name).is_some(), "{name} is not granted");
        assert!(granted.function(&format!("core::{name}")).is_some());
    }
}

#[test]
#[cfg(all(
    feature = "yaml",
    feature = "csv",
    feature = "hashes",
    feature = "rsa",
    feature = "gzip",
    feature = "regex",
    feature = "text-encodings"
))]
fn every_terraform_pure_function_is_listed_once() {
    let listed: Vec<&str> = stdlib::functions().iter().map(|(n, _)| *n).collect();
    for name in NAMES {
        assert_eq!(
            listed.iter().filter(|l| *l == name).count(),
            1,
            "{name} must be listed exactly once"
        );
    }
    assert_eq!(listed.len(), NAMES.len(), "unexpected extra functions");
}

#[test]
fn impure_functions_are_not_included() {
    let map = stdlib::function_map();
    for name in ["file", "timestamp", "uuid", "bcrypt", "env", "uuidv4"] {
        assert!(!map.contains_key(name), "{name} must not be in the stdlib");
    }
}

#[test]
fn every_function_and_parameter_is_described() {
    for (name, f) in stdlib::functions() {
        assert!(!f.description().is_empty(), "{name} has no description");
        assert!(
            f.description().ends_with('.'),
            "{name}: {}",
            f.description()
        );
        for p in f.params().iter().chain(f.variadic()) {
            assert!(!p.name.is_empty(), "{name} has an unnamed parameter");
            assert!(
                !p.description.is_empty(),
                "{name}({}) is not described",
                p.name
            );
        }
    }
}

#[test]
#[cfg(all(
    feature = "yaml",
    feature = "csv",
    feature = "hashes",
    feature = "rsa",
    feature = "gzip",
    feature = "regex",
    feature = "text-encodings"
))]
fn with_stdlib_adds_every_function_to_the_context() {
    let ctx = EvalContext::new().with_stdlib();
    for name in NAMES {
        assert!(
            ctx.function(name).is_some(),
            "{name} missing from the context"
        );
    }
    assert!(EvalContext::new().function("upper").is_none());
}
