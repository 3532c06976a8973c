"""Evaluation, module loading, conversion, formatting, diagnostics."""

from decimal import Decimal

import pytest

import hcl_json


def test_evaluate_values():
    assert hcl_json.evaluate("1 + 2") == 3
    assert hcl_json.evaluate("0.1 + 0.2") == Decimal("0.3")
    assert hcl_json.evaluate("100000000000000000000000 * 10") == 10**24
    assert hcl_json.evaluate('upper("${who}!")', {"who": "world"}) == "WORLD!"
    assert hcl_json.evaluate("[true, null, {a = 1}]") == [True, None, {"a": 1}]
    assert hcl_json.evaluate('jsonencode({a = [1, 2]})') == '{"a":[1,2]}'
    assert hcl_json.evaluate("x.y[1]", {"x": {"y": [Decimal("1.5"), 2.5]}}) == Decimal("2.5")


def test_marked_values_are_their_values():
    # Python has no marks: sensitive and ephemeral values come back plain.
    assert hcl_json.evaluate('sensitive("x")') == "x"
    assert hcl_json.evaluate('[sensitive(1), 2]') == [1, 2]
    assert hcl_json.evaluate('issensitive(sensitive("x"))') is True


def test_unknown_sentinel():
    assert hcl_json.evaluate("x", {"x": hcl_json.UNKNOWN}) is hcl_json.UNKNOWN
    assert not hcl_json.UNKNOWN
    assert repr(hcl_json.UNKNOWN) == "hcl_json.UNKNOWN"


def test_evaluate_file():
    text = 'n = 1 + 2\nname = "x-${v}"\nblock "a" { m = max(1, v) }\n'
    assert hcl_json.evaluate_file(text, variables={"v": 5}) == {
        "n": 3,
        "name": "x-5",
        "block": [{"a": {"m": 5}}],
    }


def test_diagnostics():
    with pytest.raises(hcl_json.HclError) as info:
        hcl_json.evaluate("nope + 1", {"x": 1})
    d = info.value.diagnostics[0]
    assert d.severity == "error"
    assert d.summary == "Unknown variable"
    assert (d.filename, d.line, d.column) == ("<expression>", 1, 1)
    with pytest.raises(hcl_json.HclError) as info:
        hcl_json.loads('a = 1\nb = "x\n', filename="main.tf")
    d = info.value.diagnostics[0]
    assert (d.filename, d.line) == ("main.tf", 2)
    assert "main.tf" in str(info.value)


def test_load_module(tmp_path):
    (tmp_path / "main.tf").write_text(
        'variable "n" {\n  type = number\n  default = 1\n}\nresource "r" "x" { a = 1 }\n'
    )
    (tmp_path / "main_override.tf").write_text('resource "r" "x" { a = 2 }\n')
    (tmp_path / "prod.tfvars").write_text("n = 7\n")
    mod = hcl_json.load_module(tmp_path, var_files=[tmp_path / "prod.tfvars"])
    assert sorted(mod["files"]) == [str(tmp_path / "main.tf")]
    assert sorted(mod["override_files"]) == [str(tmp_path / "main_override.tf")]
    assert mod["variables"] == {"n": 7}
    with pytest.raises(ValueError):
        hcl_json.load_module(tmp_path, dialect="nope")
    with pytest.raises(hcl_json.HclError):
        hcl_json.load_module(tmp_path / "missing")


def test_convert_and_format():
    assert hcl_json.to_native('{"a": "${b}"}') == "a = b\n"
    json_text = hcl_json.to_json('a = 1\nlocals {\n  b = c\n}\n')
    assert hcl_json.loads(json_text, filename="x.tf.json") == {
        "a": 1,
        "locals": [{"b": "c", "__is_block__": True}],
    }
    assert hcl_json.format("a=1\nbb = 2\n") == "a  = 1\nbb = 2\n"


def test_check_module(tmp_path):
    (tmp_path / "variables.tf").write_text('variable "region" {\n  type = string\n}\n')
    (tmp_path / "main.tf").write_text(
        'resource "aws_instance" "web" {\n  count = 2\n}\n'
        'output "ip" {\n  value = aws_instance.web.private_ip\n}\n'
        'output "r" {\n  value = var.regoin\n}\n'
    )
    (tmp_path / "terraform.tfvars").write_text('region = ["not", "a", "string"]\n')
    found = [(d.severity, d.summary, d.line) for d in hcl_json.check_module(tmp_path)]
    assert found == [
        ("warning", "Missing resource instance key", 5),
        ("warning", "Reference to undeclared input variable", 8),
        ("error", "Invalid value for input variable", 1),
    ]
    assert hcl_json.check_module(tmp_path / "missing")[0].summary == "Failed to read module directory"
    with pytest.raises(ValueError):
        hcl_json.check_module(tmp_path, dialect="nope")


def test_check_module_says_each_problem_once(tmp_path):
    (tmp_path / "main.tf").write_text('check "c" {\n  assert {\n    condition     = true\n    error_message = "e"\n  }\n}\n')
    (tmp_path / "c_override.tf").write_text('check "c" {}\n')
    found = [(d.summary, d.line) for d in hcl_json.check_module(tmp_path)]
    assert found == [("Can't override check blocks", 1)]
