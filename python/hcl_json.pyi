"""HCL (Terraform's native and JSON syntax) for Python, in Rust."""

from decimal import Decimal
from os import PathLike
from typing import IO, Any, Dict, List, Optional, Sequence, Union

Text = Union[str, bytes]
Value = Union[None, bool, int, Decimal, str, List["Value"], Dict[str, "Value"], "Unknown"]

class HclError(ValueError):
    """Bad HCL input; each problem is in `diagnostics`."""

    diagnostics: List["Diagnostic"]

class Diagnostic:
    """One problem, located in its file (line and column are 1-based)."""

    severity: str
    summary: str
    detail: str
    filename: Optional[str]
    line: Optional[int]
    column: Optional[int]

class Unknown:
    """HCL's unknown value: `UNKNOWN` is its one instance, and it is falsy."""

UNKNOWN: Unknown

def loads(text: Text, filename: str = "<string>", *, with_meta: bool = False) -> Dict[str, Any]:
    """python-hcl2's `loads`: a native file (or a JSON one, by `filename`) as dictionaries."""

def load(file: IO[Any], *, with_meta: bool = False) -> Dict[str, Any]:
    """python-hcl2's `load`: `loads` of an open file, named by its `name`."""

def evaluate(
    expression: str, variables: Optional[Dict[str, Value]] = None, filename: str = "<expression>"
) -> Value:
    """The value of one expression, with `variables` and Terraform's functions."""

def evaluate_file(
    text: Text, filename: str = "<string>", variables: Optional[Dict[str, Value]] = None
) -> Dict[str, Any]:
    """Every attribute of a file evaluated, blocks nested as `loads` nests them."""

def load_module(
    path: Union[str, "PathLike[str]"],
    dialect: str = "terraform",
    var_files: Sequence[Union[str, "PathLike[str]"]] = ...,
) -> Dict[str, Any]:
    """A module directory: `files`, `override_files` (each as `loads` gives it) and `variables`."""

def check_module(path: Union[str, "PathLike[str]"], dialect: str = "terraform") -> List[Diagnostic]:
    """Every problem `hcl-json check` finds in a module directory (warnings and errors; never raises for them)."""

def to_native(text: Text, filename: str = "<string>.tf.json") -> str:
    """JSON-syntax text as native-syntax text."""

def to_json(text: Text, filename: str = "<string>.tf") -> str:
    """Native-syntax text as JSON-syntax text."""

def format(text: Text, filename: str = "<string>.tf") -> str:
    """Text laid out as `terraform fmt` lays it out (or canonical JSON, by `filename`)."""
