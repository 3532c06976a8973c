#!/usr/bin/env python3
"""Differential test of error details: for each attribute whose first
error has the same summary on both sides, HCL's detail against ours.

    python3 tools/difftest/details.py HCLBENCH DIFFTEST FILE.json...

HCLBENCH is the Go reference's `hclbench` (run once per failing attribute,
`-n 1 decode`, whose text output carries the detail); DIFFTEST is
`examples/difftest.rs` built in release mode (run with DIFFTEST_DETAIL=1).
A development tool: the crate's tests do not use it. Prints each detail
that differs and a summary line; the details are compared with their
whitespace collapsed (HCL wraps its text at 80 columns).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

GO, OURS, FILES = sys.argv[1], sys.argv[2], sys.argv[3:]
FIRST_ERROR = re.compile(r"^Error: (.*?)\n\n(?:  on .*?\n(?:.*\n)*?)\n(.*?)\n\n", re.M | re.S)

total = differ = 0
with tempfile.TemporaryDirectory() as tmp:
    one = os.path.join(tmp, "one.json")
    for f in FILES:
        exprs = json.load(open(f))
        env = dict(os.environ, DIFFTEST_DETAIL="1")
        ours = json.loads(subprocess.run([OURS, f], capture_output=True, text=True, env=env).stdout)
        for name, src in exprs.items():
            error = ours.get(name, {}).get("error")
            if error is None:
                continue
            summary, detail = error.split(" | ", 1)
            json.dump({"v": src}, open(one, "w"))
            go = subprocess.run([GO, "-n", "1", "decode", one], capture_output=True, text=True)
            m = FIRST_ERROR.search(go.stdout + go.stderr)
            if not m or m.group(1).strip() != summary:
                continue
            total += 1
            go_detail = " ".join(m.group(2).split())
            if " ".join(detail.split()) != go_detail:
                differ += 1
                print("== %s :: %s %s\n  go:   %s\n  ours: %s" % (f, name, src, go_detail, detail))
print("# %d errors of the same summary compared by detail, %d differ" % (total, differ))
