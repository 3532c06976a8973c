//! Unit tests of which files a tool loads from a directory, and in what
//! order.

use super::*;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

#[test]
fn terraform_loads_tf_and_tf_json_sorted_by_name() {
    let (primary, overrides, tests) = classify(
        &names(&[
            "variables.tf",
            "main.tf.json",
            "main.tf",
            "README.md",
            "a.tofu",
        ]),
        Dialect::Terraform,
        false,
    );
    assert_eq!(primary, ["main.tf", "main.tf.json", "variables.tf"]);
    assert!(overrides.is_empty());
    assert!(tests.is_empty());
}

#[test]
fn override_files_are_named_override_or_end_in_underscore_override() {
    let (primary, overrides, _) = classify(
        &names(&[
            "override.tf",
            "b_override.tf.json",
            "a_override.tf",
            "overrides.tf",
            "myoverride.tf",
        ]),
        Dialect::Terraform,
        false,
    );
    assert_eq!(primary, ["myoverride.tf", "overrides.tf"]);
    assert_eq!(
        overrides,
        ["a_override.tf", "b_override.tf.json", "override.tf"]
    );
}

#[test]
fn editor_and_hidden_files_are_ignored() {
    let (primary, _, _) = classify(
        &names(&[".main.tf", "main.tf~", "#main.tf#", "main.tf"]),
        Dialect::Terraform,
        false,
    );
    assert_eq!(primary, ["main.tf"]);
}

#[test]
fn test_files_only_when_asked() {
    let all = names(&["main.tf", "a.tftest.hcl", "b.tftest.json"]);
    assert!(classify(&all, Dialect::Terraform, false).2.is_empty());
    assert_eq!(
        classify(&all, Dialect::Terraform, true).2,
        ["a.tftest.hcl", "b.tftest.json"]
    );
}

#[test]
fn tofu_file_takes_precedence_over_tf_file_of_the_same_name() {
    let (primary, overrides, tests) = classify(
        &names(&[
            "main.tf",
            "main.tofu",
            "vars.tf.json",
            "vars.tofu.json",
            "other.tf.json",
            "other.tofu",
            "x_override.tf",
            "x_override.tofu",
            "t.tftest.hcl",
            "t.tofutest.hcl",
        ]),
        Dialect::OpenTofu,
        true,
    );
    // `other.tofu` does not shadow `other.tf.json`: only the same
    // syntax's counterpart does.
    assert_eq!(
        primary,
        ["main.tofu", "other.tf.json", "other.tofu", "vars.tofu.json"]
    );
    assert_eq!(overrides, ["x_override.tofu"]);
    assert_eq!(tests, ["t.tofutest.hcl"]);
}

#[test]
fn terraform_ignores_tofu_files() {
    let (primary, _, _) = classify(&names(&["main.tf", "main.tofu"]), Dialect::Terraform, false);
    assert_eq!(primary, ["main.tf"]);
}

#[test]
fn packer_loads_pkr_files_and_has_no_override_files() {
    let (primary, overrides, _) = classify(
        &names(&[
            "build.pkr.hcl",
            "override.pkr.hcl",
            "vars.pkr.json",
            "main.tf",
        ]),
        Dialect::Packer,
        false,
    );
    assert_eq!(
        primary,
        ["build.pkr.hcl", "override.pkr.hcl", "vars.pkr.json"]
    );
    assert!(overrides.is_empty());
}

#[test]
fn a_bare_suffix_is_not_a_configuration_file() {
    assert_eq!(role(".tf", Dialect::Terraform), None);
    assert_eq!(role("tf", Dialect::Terraform), None);
}

#[test]
fn auto_var_files_come_after_terraform_tfvars_in_name_order() {
    let files = auto_var_files(
        &names(&[
            "b.auto.tfvars",
            "terraform.tfvars.json",
            "a.auto.tfvars.json",
            "terraform.tfvars",
            "prod.tfvars",
            "main.tf",
        ]),
        Dialect::Terraform,
    );
    assert_eq!(
        files,
        [
            "terraform.tfvars",
            "terraform.tfvars.json",
            "a.auto.tfvars.json",
            "b.auto.tfvars"
        ]
    );
}

#[test]
fn packer_auto_var_files() {
    let files = auto_var_files(
        &names(&[
            "b.auto.pkrvars.hcl",
            "a.auto.pkrvars.json",
            "terraform.tfvars",
            "x.pkrvars.hcl",
        ]),
        Dialect::Packer,
    );
    assert_eq!(files, ["a.auto.pkrvars.json", "b.auto.pkrvars.hcl"]);
}
