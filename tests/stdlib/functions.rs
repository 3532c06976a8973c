//! The function table: every name Terraform's pure library has, each with
//! a description and described parameters, and `with_stdlib`.

// The name lists serve the tests that need every function family (`full`).
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

use hcl_json::{stdlib, EvalContext, Expression};

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
    // removed in Terraform 0.12, kept in its table to say so
    "list",
    "map",
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
    // Terraform's built-in provider functions
    "provider::terraform::decode_tfvars",
    "provider::terraform::encode_expr",
    "provider::terraform::encode_tfvars",
];

/// Terraform's built-in functions (1.12's documentation's list, family by
/// family; the same names in Terraform 1.17-dev's function table), less those that read files, the clock or randomness (opt-in
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
    // Terraform 0.11's, which Terraform's table keeps to say what replaced them
    "list",
    "map",
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
    use hcl_json::stdlib::Filesystem;
    use hcl_json::stdlib::Unpredictable;
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

/// Terraform's `list` and `map` fail whatever their arguments, with
/// Terraform's advice, as "Error in function call" (not "Call to unknown
/// function").
#[test]
fn list_and_map_say_what_replaced_them() {
    let ctx = EvalContext::new().with_stdlib();
    for (src, advice) in [
        (
            r#"list("a")"#,
            "use tolist([ ... ]) syntax to write a literal list",
        ),
        ("map()", "use tomap({ ... }) syntax to write a literal map"),
    ] {
        let err = Expression::parse(src, "x.tf")
            .unwrap()
            .value(&ctx)
            .unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(d.summary, "Error in function call", "{src}");
        assert!(
            d.detail.ends_with(&format!("{advice}.")),
            "{src}: {}",
            d.detail
        );
    }
}

/// A pure function called with an unknown value of any type for each
/// argument (as `hcl-json check` calls them, and a plan with unknown
/// values) does not fail at any count of arguments it takes: only
/// `list` and `map`, which fail whatever the arguments, do. (A call
/// without arguments has no unknown: `max()` fails as in Terraform.)
#[test]
fn pure_functions_take_unknown_arguments() {
    use hcl_json::{Type, Value};
    for (name, f) in stdlib::functions()
        .into_iter()
        .chain(stdlib::cty_functions())
    {
        if !f.is_pure() || f.takes_closures() {
            continue;
        }
        let least = f.params().len().max(1);
        let counts = least..=least + usize::from(f.variadic().is_some());
        for count in counts {
            let args = vec![Value::unknown(Type::Dynamic); count];
            let result = f.call(&args);
            if matches!(name, "list" | "map") {
                assert!(result.is_err(), "{name} with {count} unknowns");
            } else {
                assert!(result.is_ok(), "{name} with {count} unknowns: {result:?}");
            }
        }
    }
}

#[test]
fn impure_functions_are_not_included() {
    let map = stdlib::function_map();
    for name in ["file", "timestamp", "uuid", "bcrypt", "env", "uuidv4"] {
        assert!(!map.contains_key(name), "{name} must not be in the stdlib");
    }
}

#[test]
fn go_ctys_functions_outside_terraforms_set_are_apart() {
    let map = stdlib::function_map();
    let ctx = EvalContext::new().with_stdlib();
    let extras: Vec<&str> = stdlib::cty_functions().iter().map(|(n, _)| *n).collect();
    assert_eq!(extras, ["hasindex", "int", "strlen"]);
    for name in extras {
        assert!(!map.contains_key(name), "{name} is not Terraform's");
        let src = format!("{name}(1)");
        let err = Expression::parse(&src, "x.tf")
            .unwrap()
            .value(&ctx)
            .unwrap_err();
        assert_eq!(err.diagnostics()[0].summary, "Call to unknown function");
    }
}

#[test]
fn every_function_and_parameter_is_described() {
    for (name, f) in stdlib::functions()
        .into_iter()
        .chain(stdlib::cty_functions())
    {
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

/// A call to a function whose cargo feature this build leaves out is a
/// "Call to unknown function" at the name, saying which feature brings it.
#[test]
fn a_function_left_out_by_a_feature_names_the_feature_to_enable() {
    let ctx = EvalContext::new().with_stdlib();
    let cases = [
        (
            "yamldecode(\"a: 1\")",
            "yamldecode",
            "yaml",
            cfg!(feature = "yaml"),
        ),
        (
            "core::regexall(\"a\", \"aa\")",
            "core::regexall",
            "regex",
            cfg!(feature = "regex"),
        ),
        ("md5(\"\")", "md5", "hashes", cfg!(feature = "hashes")),
        (
            "csvdecode(\"a\\n1\")",
            "csvdecode",
            "csv",
            cfg!(feature = "csv"),
        ),
    ];
    for (src, name, feature, built) in cases {
        let expr = Expression::parse(src, "f.hcl").unwrap();
        let result = expr.value(&ctx);
        if built {
            assert!(result.is_ok(), "{src}: {result:?}");
            continue;
        }
        let e = result.expect_err(src);
        let d = &e.diagnostics()[0];
        // The detail names the function without its `core::` namespace.
        let short = name.trim_start_matches("core::");
        assert_eq!(d.summary, "Call to unknown function", "{src}");
        assert_eq!(
            d.detail,
            format!(
                "The function {short:?} needs the cargo feature {feature:?} of hcl-json (or \"full\")."
            )
        );
        let subject = d.subject.as_ref().unwrap();
        assert_eq!(
            (subject.start.column, subject.end.column),
            (1, 1 + name.len()),
            "{src}"
        );
    }
}

/// Without the standard library, a feature's function is no more known
/// than any other name: nothing suggests a feature the program never asked for.
#[test]
fn without_the_stdlib_an_unknown_name_is_only_unknown() {
    let ctx = EvalContext::new().with_function("upper", stdlib::function_map()["upper"].clone());
    let e = Expression::parse("yamldecode(\"\")", "f.hcl")
        .unwrap()
        .value(&ctx)
        .unwrap_err();
    assert_eq!(
        e.diagnostics()[0].detail,
        "There is no function named \"yamldecode\"."
    );
}

/// A context's `Debug` counts functions: `upper` and `core::upper` are one
/// (the provider functions, already namespaced, have no `core::` name).
#[test]
fn debug_of_a_context_counts_functions_not_names() {
    let ctx = EvalContext::new().with_stdlib();
    let count = stdlib::functions().len();
    let namespaced = stdlib::functions()
        .iter()
        .filter(|(name, _)| name.starts_with("provider::"))
        .count();
    assert_eq!(namespaced, 3);
    assert_eq!(ctx.function_names().len(), 2 * count - namespaced);
    let shown = format!("{ctx:?}");
    assert!(shown.contains(&format!("{count} functions")), "{shown}");
    let upper = ctx.function("upper").unwrap().clone();
    let alias = ctx.clone().with_function("mine", upper);
    assert!(format!("{alias:?}").contains(&format!("{count} functions")));
    let other = ctx.with_function("mine", stdlib::function_map()["upper"].clone());
    assert!(format!("{other:?}").contains(&format!("{} functions", count + 1)));
}

/// The README's rendering of a call to a function the build leaves out.
#[cfg(not(feature = "yaml"))]
#[test]
fn a_left_out_function_renders_as_the_readme_shows() {
    let src =
        "module \"app\" {\n  source = \"./app\"\n  config = yamldecode(file(\"config.yaml\"))\n}\n";
    let file = hcl_json::parse_native(src, "main.tf").unwrap();
    let block = file.body().content(&hcl_json::BodySchema {
        attributes: vec![],
        blocks: vec![hcl_json::BlockHeaderSchema {
            type_name: "module".into(),
            label_names: vec!["name".into()],
        }],
    });
    let body = block.unwrap().blocks[0].body.clone();
    let attrs = body.just_attributes().unwrap();
    let ctx = EvalContext::new().with_stdlib();
    let e = attrs["config"].expr.value(&ctx).unwrap_err();
    let readme = include_str!("../../README.md");
    // The README's block that names the feature (the first of its
    // renderings of this error that mentions `yamldecode`).
    let at = readme.find("   3:   config = yamldecode").unwrap();
    let start = readme[..at]
        .rfind("Error: Call to unknown function")
        .unwrap();
    let end = start + readme[start..].find("\n```").unwrap();
    assert_eq!(e.to_string().trim_end(), readme[start..end].trim_end());
}

/// The README's rule for the unpredictable functions: not in
/// `with_stdlib()` (a call names the grant it needs), unknown values under
/// `Unpredictable::unknown()`, as in Terraform's validation.
#[test]
fn unpredictable_functions_need_a_grant_and_are_unknown_without_sources() {
    use hcl_json::stdlib::{Filesystem, Unpredictable};
    use hcl_json::{Type, Value};
    let eval = |src: &str, ctx: &EvalContext| Expression::parse(src, "f.hcl").unwrap().value(ctx);
    let stdlib = EvalContext::new().with_stdlib();
    for (src, name) in [("timestamp()", "timestamp"), ("core::uuid()", "uuid")] {
        let e = eval(src, &stdlib).unwrap_err();
        let d = &e.diagnostics()[0];
        assert_eq!(d.summary, "Call to unknown function");
        assert_eq!(
            d.detail,
            format!(
                "The function {name:?} reads the clock or random bytes, which this context has not been granted (EvalContext::with_unpredictable)."
            )
        );
    }
    let e = eval("file(\"x\")", &stdlib).unwrap_err();
    assert_eq!(
        e.diagnostics()[0].detail,
        "The function \"file\" reads files, which this context has not been granted (EvalContext::with_filesystem)."
    );
    let validating = stdlib.with_unpredictable(Unpredictable::unknown());
    for src in ["timestamp()", "plantimestamp()", "uuid()"] {
        assert_eq!(
            eval(src, &validating).unwrap(),
            Value::unknown(Type::String),
            "{src}"
        );
    }
    if cfg!(feature = "bcrypt") {
        assert_eq!(
            eval("bcrypt(\"secret\")", &validating).unwrap(),
            Value::unknown(Type::String)
        );
    }
    let granted = EvalContext::new()
        .with_stdlib()
        .with_filesystem(Filesystem::new("."));
    assert!(granted.function("file").is_some());
}
