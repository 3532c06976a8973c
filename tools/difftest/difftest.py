#!/usr/bin/env python3
"""Differential test: our `examples/difftest.rs` against Go's `hclbench printeach`.

A development tool that needs the Go reference (../shared/tools/go-reference);
the crate's tests do not use it.

    tools/difftest/difftest.sh FILE.json...   # wrapper: builds, then runs this

Numbers are compared to 30 significant digits (ours are exact decimals, Go's
512-bit binary floats: an intended difference). Prints one block per
attribute that differs and a summary line.
"""
import json
import subprocess
import sys
from decimal import Decimal, Context

GO = sys.argv[1]
OURS = sys.argv[2]
FILES = sys.argv[3:]
CTX = Context(prec=30)


def norm(v):
    if isinstance(v, Decimal):
        return CTX.plus(v).normalize(CTX)
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return norm(Decimal(v))
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, dict):
        return {k: norm(x) for k, x in v.items()}
    return v


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return {"__file_error__": (p.stderr.strip().splitlines() or ["?"])[0]}
    try:
        return json.loads(p.stdout, parse_float=Decimal, parse_int=Decimal)
    except Exception as e:  # noqa
        return {"__file_error__": "bad output: %s" % e}


total = same = 0
for f in FILES:
    g = run([GO, "printeach", f])
    o = run([OURS, f])
    if "__file_error__" in g or "__file_error__" in o:
        ge, oe = "__file_error__" in g, "__file_error__" in o
        total += 1
        if ge and oe:
            same += 1
        else:
            print("== %s (file level)\n  go:   %s\n  ours: %s" % (f, g.get("__file_error__", "ok"), o.get("__file_error__", "ok")))
        continue
    for k in sorted(set(g) | set(o)):
        total += 1
        gv, ov = g.get(k), o.get(k)
        if gv is not None and ov is not None and norm(gv) == norm(ov):
            same += 1
            continue
        src = ""
        print("== %s :: %s\n  go:   %s\n  ours: %s" % (f, k, json.dumps(gv, default=str), json.dumps(ov, default=str)))
print("# %d attributes compared, %d same, %d differ" % (total, same, total - same))
