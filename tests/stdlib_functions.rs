//! The function table: every name Terraform's pure library has, each with
//! a description and described parameters, and `with_stdlib`.

mod stdlib_support;

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
];

#[test]
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
