//! Packer's templates in conversion: `ConvertOptions::packer()` knows
//! Packer's block types, and JSON objects that repeat a key where no schema
//! makes a block are written as blocks rather than lost.

mod common;

use hcl_json::convert::ConvertOptions;

fn native(src: &str, options: &ConvertOptions) -> String {
    let file = hcl_json::parse(src, "t.pkr.json").unwrap();
    hcl_json::to_native_string(&file.body(), options).unwrap_or_else(|e| panic!("{e}"))
}

/// The JSON text of `src` after a round trip through native syntax.
fn json_of_native(text: &str, options: &ConvertOptions) -> String {
    let file = hcl_json::parse_native(text, "t.pkr.hcl").unwrap_or_else(|e| panic!("{e}\n{text}"));
    hcl_json::to_json_string(&file.body(), options).unwrap()
}

/// Packer's own fixture (`command/test-fixtures/build-only/template.pkr.json`
/// in Packer's repository), which repeats the `file` key of `source`.
const BUILD_ONLY: &str = r#"{
  "source": {
    "file": {"chocolate": {"content": "chocolate", "target": "chocolate.txt"}},
    "file": {"vanilla": {"content": "vanilla", "target": "vanilla.txt"}}
  },
  "build": {
    "sources": ["sources.file.chocolate", "sources.file.vanilla"],
    "provisioner": [{"shell-local": {"name": "apple", "inline": ["echo apple > apple.txt"]}}],
    "post-processor": [
      {"shell-local": {"name": "peach", "inline": ["echo peach"]}},
      {"shell-local": {"only": ["sources.file.chocolate"], "inline": ["echo unnamed"]}}
    ]
  }
}"#;

#[test]
fn packer_block_types_convert_to_blocks() {
    let text = native(BUILD_ONLY, &ConvertOptions::packer());
    assert_eq!(
        text,
        r#"source "file" "chocolate" {
  content = "chocolate"
  target  = "chocolate.txt"
}

source "file" "vanilla" {
  content = "vanilla"
  target  = "vanilla.txt"
}

build {
  sources = ["sources.file.chocolate", "sources.file.vanilla"]

  provisioner "shell-local" {
    name   = "apple"
    inline = ["echo apple > apple.txt"]
  }

  post-processor "shell-local" {
    name   = "peach"
    inline = ["echo peach"]
  }

  post-processor "shell-local" {
    only   = ["sources.file.chocolate"]
    inline = ["echo unnamed"]
  }
}
"#
    );
}

#[test]
fn packer_templates_convert_both_ways() {
    let src = r#"packer {
  required_plugins {
    amazon = {
      source  = "github.com/hashicorp/amazon"
      version = ">= 1.2.0"
    }
  }
}

variable "region" {
  type    = string
  default = "us-east-1"

  validation {
    condition     = length(var.region) > 0
    error_message = "A region."
  }
}

variables {
  owner = "ops"
}

locals {
  stamp = regex_replace(timestamp(), "[- TZ:]", "")
}

local "secret" {
  expression = vault("/secret/data", "key")
  sensitive  = true
}

data "amazon-ami" "base" {
  region = var.region
}

source "amazon-ebs" "web" {
  ami_name      = "web-${local.stamp}"
  source_ami    = data.amazon-ami.base.id
  instance_type = "t3.micro"
}

build {
  name    = "web"
  sources = ["source.amazon-ebs.web"]

  hcp_packer_registry {
    bucket_name = "web"
  }

  source "source.amazon-ebs.web" {
    name = "second"
  }

  provisioner "shell" {
    inline = ["echo ${var.region}"]
  }

  error-cleanup-provisioner "shell-local" {
    inline = ["echo cleanup"]
  }

  post-processors {
    post-processor "manifest" {
      output = "manifest.json"
    }
  }
}
"#;
    let options = ConvertOptions::packer();
    let file = hcl_json::parse_native(src, "web.pkr.hcl").unwrap();
    let json = hcl_json::to_json_string(&file.body(), &options).unwrap();
    assert!(json.contains("\"type\": \"string\""), "{json}");
    assert!(
        json.contains("\"post-processors\": {\n      \"post-processor\": {\n        \"manifest\""),
        "{json}"
    );
    let back = native(&json, &options);
    assert_eq!(back, src);
}

#[test]
fn a_repeated_key_no_schema_makes_a_block_is_written_as_blocks() {
    let options = ConvertOptions::without_schema();
    let text = native(BUILD_ONLY, &options);
    assert!(
        text.starts_with("source {\n  file {\n    chocolate = {\n      content = \"chocolate\"\n"),
        "{text}"
    );
    assert!(text.contains("\n  file {\n    vanilla = {\n"), "{text}");
    // Nothing is lost: the native text reads back as blocks holding both.
    let json = json_of_native(&text, &options);
    assert!(
        json.contains("\"chocolate\": {") && json.contains("\"vanilla\": {"),
        "{json}"
    );
    // With Terraform's schema too, where `source` is not a block type.
    let text = native(BUILD_ONLY, &ConvertOptions::terraform());
    assert!(text.starts_with("source {\n  file {\n"), "{text}");
}

#[test]
fn a_repeated_name_in_a_body_becomes_repeated_blocks() {
    let src = r#"{"rule": {"port": 80}, "rule": {"port": 443}, "name": "x"}"#;
    let text = native(src, &ConvertOptions::without_schema());
    assert_eq!(
        text,
        "rule {\n  port = 80\n}\n\nrule {\n  port = 443\n}\n\nname = \"x\"\n"
    );
}

#[test]
fn a_repeated_key_whose_values_are_not_objects_is_still_an_error() {
    let file = hcl_json::parse(r#"{"a": 1, "a": 2}"#, "t.json").unwrap();
    let err =
        hcl_json::to_native_string(&file.body(), &ConvertOptions::without_schema()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Duplicate argument");
    let file = hcl_json::parse(r#"{"o": {"a": 1, "a": 2}}"#, "t.json").unwrap();
    let err =
        hcl_json::to_native_string(&file.body(), &ConvertOptions::without_schema()).unwrap_err();
    assert_eq!(err.diagnostics()[0].summary, "Duplicate object attribute");
    assert_eq!(
        err.diagnostics()[0].subject.as_ref().unwrap().start.column,
        16
    );
}

#[test]
fn the_corpus_packer_templates_convert() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let path = dir.join("packer/command/test-fixtures/build-only/template.pkr.json");
    if !path.is_file() {
        eprintln!("skipped: {} is not in the corpus", path.display());
        return;
    }
    let file = hcl_json::parse_file(&path).unwrap();
    for options in [ConvertOptions::packer(), ConvertOptions::without_schema()] {
        let text =
            hcl_json::to_native_string(&file.body(), &options).unwrap_or_else(|e| panic!("{e}"));
        for name in [
            "chocolate",
            "vanilla",
            "cherry",
            "apple",
            "peach",
            "pear",
            "banana",
            "tomato",
            "unnamed",
        ] {
            assert!(text.contains(name), "{name} lost:\n{text}");
        }
    }
}
