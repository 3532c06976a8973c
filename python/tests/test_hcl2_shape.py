"""python-hcl2's shape, and each documented difference from it."""

import io

import pytest

import hcl_json

SAMPLE = '''variable "region" {
  default = "eu-west-1"
  type    = string
}
resource "aws_instance" "web" {
  count = 2
  ami   = "ami-${var.x}"
  tags  = { Name = "web", n = 1.5, "quoted" = true }
  list  = [1, true, null, "a", -3]
  e     = var.a + 1
  lifecycle {
    ignore_changes = [tags]
  }
}
resource "aws_instance" "db" {}
locals {
  h = <<EOT
hello
EOT
  f = upper("x")
  g = [for x in y : x]
  c = a ? b : c
}
a  = 1
a2 = "q\\"uote"
'''

EXPECTED = {
    "variable": [{'"region"': {"default": '"eu-west-1"', "type": "string", "__is_block__": True}}],
    "resource": [
        {
            '"aws_instance"': {
                '"web"': {
                    "count": 2,
                    "ami": '"ami-${var.x}"',
                    "tags": {"Name": '"web"', "n": 1.5, '"quoted"': True},
                    "list": [1, True, None, '"a"', -3],
                    "e": "${var.a + 1}",
                    "lifecycle": [{"ignore_changes": ["tags"], "__is_block__": True}],
                    "__is_block__": True,
                }
            }
        },
        {'"aws_instance"': {'"db"': {"__is_block__": True}}},
    ],
    "locals": [
        {
            "h": '"<<EOT\nhello\nEOT"',
            "f": '${upper("x")}',
            "g": "${[for x in y : x]}",
            "c": "${a ? b : c}",
            "__is_block__": True,
        }
    ],
    "a": 1,
    "a2": '"q\\"uote"',
}


def test_loads_shape():
    assert hcl_json.loads(SAMPLE) == EXPECTED


def test_load_file_object(tmp_path):
    path = tmp_path / "main.tf"
    path.write_text(SAMPLE)
    with open(path) as f:
        assert hcl_json.load(f) == EXPECTED
    with open(path, "rb") as f:
        assert hcl_json.load(f) == EXPECTED
    assert hcl_json.load(io.StringIO(SAMPLE)) == EXPECTED


def test_json_syntax_gives_the_native_shape():
    text = '{"variable": {"region": {"default": "eu-west-1"}}, "a": 1}'
    assert hcl_json.loads(text, filename="main.tf.json") == {
        "variable": [{'"region"': {"default": '"eu-west-1"', "__is_block__": True}}],
        "a": 1,
    }


def test_agrees_with_python_hcl2(python_hcl2):
    assert hcl_json.loads(SAMPLE) == python_hcl2.loads(SAMPLE)


# The documented differences (python/README.md), one test each.


def test_difference_expression_text_kept_as_written(python_hcl2):
    text = "i = var.a+1\n"
    assert hcl_json.loads(text) == {"i": "${var.a+1}"}
    assert python_hcl2.loads(text) == {"i": "${var.a + 1}"}


def test_difference_with_meta_refused():
    with pytest.raises(ValueError):
        hcl_json.loads("a = 1\n", with_meta=True)


def test_difference_errors_are_hcl_errors(python_hcl2):
    with pytest.raises(hcl_json.HclError):
        hcl_json.loads("a = \n")
    with pytest.raises(Exception) as info:
        python_hcl2.loads("a = \n")
    assert not isinstance(info.value, hcl_json.HclError)


def test_difference_json_syntax_read(python_hcl2):
    text = '{"a": 1}'
    assert hcl_json.loads(text, filename="x.tf.json") == {"a": 1}
    with pytest.raises(Exception):
        python_hcl2.loads(text)


COMMENTED = '''# top
a = 1 # trailing
/* block */
b {
  // inner
  c = 2
}
eq = "a" == "a"
t  = "x${"}"}y"
'''


def test_comments_and_strings():
    assert hcl_json.loads(COMMENTED) == {
        "a": 1,
        "b": [{"c": 2, "__comments__": [{"value": "inner"}], "__is_block__": True}],
        "eq": '${"a" == "a"}',
        "t": '"x${"}"}y"',
        "__comments__": [{"value": "top"}, {"value": "trailing"}, {"value": "/* block */"}],
    }


def test_comments_agree_with_python_hcl2(python_hcl2):
    assert hcl_json.loads(COMMENTED) == python_hcl2.loads(COMMENTED)


def test_difference_exact_numbers_in_expressions(python_hcl2):
    text = "b = 3.14159265358979323846 + 1\n"
    assert hcl_json.loads(text) == {"b": "${3.14159265358979323846 + 1}"}
    assert python_hcl2.loads(text) == {"b": "${3.141592653589793 + 1}"}


def test_difference_comments_in_values_and_block_comments(python_hcl2):
    text = "a = [\n  1, # one\n]\n/*\n  Multi\n*/\n"
    assert hcl_json.loads(text) == {
        "a": [1],
        "__comments__": [{"value": "one"}, {"value": "/*\n  Multi\n*/"}],
    }
    assert python_hcl2.loads(text) == {
        "a": [1],
        "__comments__": [{"value": "Multi"}],
        "__inline_comments__": [{"value": "one"}],
    }


def test_big_integers():
    assert hcl_json.loads("a = 123456789012345678901234567890\nb = -5\n") == {
        "a": 123456789012345678901234567890,
        "b": -5,
    }
