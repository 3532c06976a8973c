"""Bad input raises a Python exception, never crashes the interpreter."""

import os

import pytest

import hcl_json


def test_binary_data():
    data = bytes(range(256)) * 16
    with pytest.raises(hcl_json.HclError):
        hcl_json.loads(data)


def test_random_bytes():
    for seed in range(20):
        data = os.urandom(512)
        try:
            hcl_json.loads(data)
        except hcl_json.HclError:
            pass


def test_invalid_utf8():
    with pytest.raises(hcl_json.HclError) as info:
        hcl_json.loads(b'a = "\xff\xfe"\n', filename="bad.tf")
    assert info.value.diagnostics[0].summary == "Invalid UTF-8"
    with pytest.raises(hcl_json.HclError):
        hcl_json.to_json(b"\xc3\x28 = 1")


@pytest.mark.parametrize("depth", [1000, 100000])
def test_huge_nesting(depth):
    for text in ["a = " + "[" * depth + "]" * depth + "\n", "a = " + "(" * depth + "1" + ")" * depth + "\n",
                 "b " * depth + "{}" + "\n", "a = " + "{x = " * depth + "1" + "}" * depth + "\n"]:
        try:
            hcl_json.loads(text)
        except hcl_json.HclError:
            pass
    with pytest.raises(hcl_json.HclError):
        hcl_json.loads("[" * depth, filename="x.tf.json")


def test_deep_python_variable():
    value = []
    for _ in range(10000):
        value = [value]
    with pytest.raises(hcl_json.HclError):
        hcl_json.evaluate("x", {"x": value})


def test_wrong_types():
    with pytest.raises(TypeError):
        hcl_json.loads(42)
    with pytest.raises(TypeError):
        hcl_json.evaluate("x", {"x": object()})
    with pytest.raises(hcl_json.HclError):
        hcl_json.evaluate("x", {"x": float("nan")})
