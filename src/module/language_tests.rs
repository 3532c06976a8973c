use super::language_problems;
use crate::body::parse_auto;

/// Each diagnostic as "summary @ subject: detail".
fn found(src: &str, name: &str, override_file: bool) -> Vec<String> {
    let file = parse_auto(src, name).unwrap();
    language_problems(&file, override_file)
        .as_slice()
        .iter()
        .map(|d| {
            format!(
                "{} @ {}: {}",
                d.summary,
                d.subject.as_ref().unwrap(),
                d.detail
            )
        })
        .collect()
}

#[test]
fn what_neither_tool_defines_is_an_error_in_hcls_words() {
    let src = "resouce \"aws_instance\" \"x\" {\n  ami = \"a\"\n}\nfoo = 1\nvariable \"v\" {\n  tpye = string\n  validation {\n    condition = true\n  }\n}\noutput \"o\" {\n  valeu = 1\n}\nmoved {\n  from = a.b\n}\n";
    assert_eq!(
        found(src, "main.tf", false),
        [
            "Unsupported block type @ main.tf:1,1-8: Blocks of type \"resouce\" are not expected here. Did you mean \"resource\"?",
            "Unsupported argument @ main.tf:4,1-4: An argument named \"foo\" is not expected here.",
            "Unsupported argument @ main.tf:6,3-7: An argument named \"tpye\" is not expected here. Did you mean \"type\"?",
            "Missing required argument @ main.tf:7,14-14: The argument \"error_message\" is required, but no definition was found.",
            "Unsupported argument @ main.tf:12,3-8: An argument named \"valeu\" is not expected here. Did you mean \"value\"?",
            "Missing required argument @ main.tf:11,12-12: The argument \"value\" is required, but no definition was found.",
            "Missing required argument @ main.tf:14,7-7: The argument \"to\" is required, but no definition was found.",
        ]
    );
}

#[test]
fn what_either_tool_defines_and_what_providers_define_pass() {
    // Terraform's `action` and output `type`, OpenTofu's `language`; the
    // bodies of resources, providers, modules and the `terraform` block
    // are not the languages' to judge; `locals` hold any attributes.
    let src = "terraform {\n  anything = 1\n}\nlanguage {\n  edition = tofu2024\n}\naction \"aws_lambda_invoke\" \"a\" {\n  config {}\n}\nresource \"aws_instance\" \"x\" {\n  whatever = 1\n  lifecycle {\n    create_before_destroy = true\n  }\n}\nmodule \"m\" {\n  source = \"./m\"\n  cidr   = \"x\"\n}\nprovider \"aws\" {\n  region = \"r\"\n}\nlocals {\n  a = 1\n}\noutput \"o\" {\n  value = 1\n  type  = number\n  precondition {\n    condition     = true\n    error_message = \"e\"\n  }\n}\nimport {\n  to       = aws_instance.x\n  identity = {}\n}\nremoved {\n  from = aws_instance.y\n  lifecycle {\n    destroy = false\n  }\n}\ncheck \"c\" {\n  data \"http\" \"h\" {\n    url = \"u\"\n  }\n  assert {\n    condition     = true\n    error_message = \"e\"\n  }\n}\n";
    assert_eq!(found(src, "main.tf", false), Vec::<String>::new());
}

#[test]
fn an_override_file_may_leave_an_outputs_value_out() {
    let src = "output \"o\" {\n  description = \"d\"\n}\n";
    assert_eq!(found(src, "o_override.tf", true), Vec::<String>::new());
    assert_eq!(found(src, "main.tf", false).len(), 1);
}

#[test]
fn json_files_are_read_with_the_same_schemas() {
    let src = r#"{"//": "a comment", "variable": {"v": {"tpye": "string"}}, "resouce": {}}"#;
    let problems = found(src, "main.tf.json", false);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].contains("\"resouce\""), "{problems:?}");
    assert!(problems[1].contains("\"tpye\""), "{problems:?}");
}

#[test]
fn rules_and_check_blocks_cannot_be_overridden() {
    let src = "variable \"v\" {\n  validation {\n    condition     = true\n    error_message = \"e\"\n  }\n}\noutput \"o\" {\n  value = 1\n  postcondition {\n    condition     = true\n    error_message = \"e\"\n  }\n}\ncheck \"c\" {\n  assert {\n    condition     = true\n    error_message = \"e\"\n  }\n}\n";
    assert_eq!(
        found(src, "a_override.tf", true),
        [
            "Can't override validation blocks @ a_override.tf:2,3-13: Override files cannot override \"validation\" blocks.",
            "Can't override postcondition blocks @ a_override.tf:9,3-16: Override files cannot override \"postcondition\" blocks.",
            "Can't override check blocks @ a_override.tf:14,1-10: Override files cannot override check blocks.",
        ]
    );
    assert_eq!(found(src, "main.tf", false), Vec::<String>::new());
}
