use std::path::Path;

use super::{lexical_join, Child};
use crate::body::FileRepr;

#[test]
fn a_local_source_is_joined_as_terraforms_filepath_join_joins_it() {
    let cases = [
        ("./root", "./net", "./root/net"),
        ("./a/b", "../elsewhere", "./a/elsewhere"),
        ("a/b", "../../../c", "../c"),
        ("", "./net", "./net"),
        ("/x/y", "./../z/.", "/x/z"),
    ];
    for (dir, source, joined) in cases {
        assert_eq!(
            lexical_join(Path::new(dir), source),
            Path::new(joined),
            "{dir} + {source}"
        );
    }
}

#[test]
fn a_child_module_declares_in_either_syntax_what_its_calls_need() {
    let mut child = Child::default();
    let json = crate::body::parse(
        r#"{"variable": {"a": {}, "b": [{"default": 1}]}, "output": [{"o": {"value": 1}}]}"#,
        "v.tf.json",
    )
    .unwrap();
    let native = crate::body::parse_native(
        "variable \"c\" {\n  default = null\n}\nvariable \"d\" {\n  type = string\n}\noutput \"p\" {\n  value = 1\n}\n",
        "v.tf",
    )
    .unwrap();
    for file in [&json, &native] {
        match &*file.repr {
            FileRepr::Native(native) => child.native(native),
            FileRepr::Json(data) => child.json(data),
        }
    }
    let required: Vec<(&str, bool)> = child
        .variables
        .iter()
        .map(|(name, required)| (name.as_str(), *required))
        .collect();
    assert_eq!(
        required,
        [("a", true), ("b", false), ("c", false), ("d", true)]
    );
    let outputs: Vec<&str> = child.outputs.iter().map(String::as_str).collect();
    assert_eq!(outputs, ["o", "p"]);
}

#[test]
fn bare_references_and_try_calls_are_known_unknown_without_parsing() {
    use super::always_unknown;
    for text in [
        "var.x",
        " each.value[\"a\"].b ",
        "module.vpc.ids[0]",
        "local.a-b",
        "var.m[var.k]",
        "try(each.value.x, var.defaults.x, null)",
        "try(lookup(var.m, \"a(\"), [])",
    ] {
        assert!(always_unknown(text), "{text}");
    }
    // Literals, and what a name cannot decide alone, are evaluated.
    for text in [
        "null",
        "true",
        "\"x\"",
        "[var.a]",
        "var.x.*.id",
        "upper(var.x)",
        "var.a ? 1 : 2",
        "var.x + 1",
        "try(var.a, 1) + 1",
        "try(var.a, \")\") * 2",
        "",
    ] {
        assert!(!always_unknown(text), "{text}");
    }
}
