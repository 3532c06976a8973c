use super::{Places, Root};
use crate::body::{parse, parse_native, File};

/// Each reference of `file` with how it is read: `gone`, `not resource`
/// or `value`.
fn readings(file: &File) -> Vec<String> {
    let references = file.variables();
    let readings = Places::of(file).classify(&references);
    references
        .iter()
        .zip(readings)
        .map(|(t, r)| {
            let how = match r.root {
                Root::Gone => "gone",
                Root::NotResource => "not resource",
                Root::Anything => "value",
            };
            format!("{t}: {how}")
        })
        .collect()
}

#[test]
fn a_native_dynamic_blocks_iterator_is_local_to_its_body() {
    let src = r#"resource "aws_security_group" "sg" {
  name = ingress.name
  dynamic "ingress" {
    for_each = var.rules
    content {
      from_port = ingress.value.from
      dynamic "cidr" {
        for_each = ingress.value.cidrs
        iterator = c
        content {
          block = c.value
          other = cidr.value
        }
      }
    }
  }
  after = ingress.value
}
"#;
    let file = parse_native(src, "main.tf").unwrap();
    assert_eq!(
        readings(&file),
        [
            "ingress.name: value",
            "var.rules: value",
            "ingress.value.from: not resource",
            "ingress.value.cidrs: not resource",
            "c: not resource",
            "c.value: not resource",
            // The inner block's iterator is named `c`, not `cidr`.
            "cidr.value: value",
            "ingress.value: value",
        ]
    );
}

#[test]
fn a_json_dynamic_blocks_iterator_is_local_to_its_body() {
    let src = r#"{"resource": {"t": {"n": {
        "dynamic": {
            "setting": {"for_each": "${var.s}", "content": {"v": "${setting.value}"}},
            "rule": [{"iterator": "r", "content": {"a": "${r.key}", "b": "${rule.key}"}}]
        },
        "after": "${setting.value}"
    }}}}"#;
    let file = parse(src, "main.tf.json").unwrap();
    assert_eq!(
        readings(&file),
        [
            "var.s: value",
            "setting.value: not resource",
            "r.key: not resource",
            "rule.key: value",
            "setting.value: value",
        ]
    );
}

#[test]
fn provider_references_and_ignored_attributes_are_not_values() {
    let src = r#"terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [aws.west]
    }
  }
}
resource "t" "n" {
  provider = aws.west
  lifecycle {
    ignore_changes       = [tags.Name]
    replace_triggered_by = [t.m.id]
  }
}
module "m" {
  source    = "./m"
  providers = { aws = aws.east }
}
"#;
    let file = parse_native(src, "main.tf").unwrap();
    assert_eq!(
        readings(&file),
        [
            "aws.west: not resource",
            "aws.west: not resource",
            "tags.Name: not resource",
            "t.m.id: value",
            "aws.east: not resource",
        ]
    );
    let json = parse(
        r#"{"resource": {"t": {"n": {"provider": "${aws.west}", "x": "${aws.west}"}}}}"#,
        "main.tf.json",
    )
    .unwrap();
    assert_eq!(
        readings(&json),
        ["aws.west: not resource", "aws.west: value"]
    );
}

#[test]
fn address_blocks_hold_addresses_and_a_from_is_gone() {
    let src = r#"moved {
  from = aws_instance.a
  to   = aws_instance.b
}
removed {
  from = module.old
}
import {
  to = aws_instance.c
  id = "i-123"
}
locals {
  moved = aws_instance.d
}
"#;
    let file = parse_native(src, "main.tf").unwrap();
    assert_eq!(
        readings(&file),
        [
            "aws_instance.a: gone",
            "aws_instance.b: not resource",
            "module.old: gone",
            "aws_instance.c: not resource",
            "aws_instance.d: value",
        ]
    );
    // Only the file's own top-level blocks hold addresses.
    let nested =
        parse_native("check \"c\" {\n  moved {\n    from = a.b\n  }\n}\n", "c.tf").unwrap();
    assert_eq!(readings(&nested), ["a.b: value"]);
    let json = parse(
        r#"{"import": [{"to": "${t.a}"}], "locals": {"import": "${t.b}"}}"#,
        "main.tf.json",
    )
    .unwrap();
    assert_eq!(readings(&json), ["t.a: not resource", "t.b: value"]);
}
