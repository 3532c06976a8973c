#!/usr/bin/env python3
"""Choose a small, diverse seed set from a grown corpus.

Usage: pick-seeds.py SRC DEST TARGET [N]

Reads every file of SRC (a corpus directory of TARGET), and copies at most N
of them (default: the target's budget below) to DEST: files over 4 KiB are
skipped, and the rest are chosen greedily, each time the file that adds the
most features not yet covered (size bucket, template and expression tokens,
nesting depth, first bytes; for the structure-aware `evaluate` target, the
leading bytes that pick the generated expression's shape), ties going to the
richer, then the smaller file. Files not named by a SHA-1 (hand-written
inputs, kept regressions) are always kept.
"""
import math
import os
import re
import shutil
import sys

BUDGETS = {"parse": 50, "template": 60, "native": 70, "decode": 60, "evaluate": 60}
MAX_SIZE = 4096
TOKENS = ["${", "%{", "~}", "{~", "for ", " in ", "if ", "else", "endfor", "endif", "[*]", ".*",
          "<<", "<<-", "=>", "?", ":", "#", "//", "/*", "\\u", "\\n", "\\\"", "$${", "%%{", "...",
          "==", "!=", "&&", "||", "!", "-", "*", "/", "%", "(", "[", "{", "\"", "null", "true",
          "false", "e+", "E", ".", ",", "=", "\n", "\t", "\r", "variable", "resource", "locals",
          "type", "default", "description", "1", "0", "try(", "can(", "\x00", "\xff"]


def features(target, data):
    f = {("size", int(math.log2(len(data) + 1)))}
    if target == "evaluate":
        return f | {("b0", data[0] if data else -1),
                    ("b1", data[1] if len(data) > 1 else -1),
                    ("b2", data[2] % 32 if len(data) > 2 else -1)}
    try:
        s = data.decode("utf-8")
        f.add(("utf8",))
        if any(ord(c) > 127 for c in s):
            f.add(("nonascii",))
    except UnicodeDecodeError:
        s = data.decode("latin-1")
        f.add(("binary",))
    f |= {("tok", t) for t in TOKENS if t in s}
    if s:
        f.add(("first", s[0]))
    depth = max((len(m) for m in re.findall(r"[\[{(]+", s)), default=0)
    f.add(("nest", min(depth, 8)))
    return f


def main():
    src, dest, target = sys.argv[1:4]
    budget = int(sys.argv[4]) if len(sys.argv) > 4 else BUDGETS[target]
    keep, pool = [], []
    for name in sorted(os.listdir(src)):
        with open(os.path.join(src, name), "rb") as fh:
            data = fh.read()
        if not re.fullmatch(r"[0-9a-f]{40}", name):
            keep.append(name)
        elif len(data) <= MAX_SIZE:
            pool.append((name, data, features(target, data)))
    covered = set()
    for name in keep:
        with open(os.path.join(src, name), "rb") as fh:
            covered |= features(target, fh.read())
    chosen = list(keep)
    while len(chosen) < budget and pool:
        best = max(pool, key=lambda x: (len(x[2] - covered), len(x[2]), -len(x[1]), x[0]))
        if not best[2] - covered:
            covered = set()  # everything covered once: start a second round
            continue
        chosen.append(best[0])
        covered |= best[2]
        pool.remove(best)
    os.makedirs(dest, exist_ok=True)
    for name in chosen:
        shutil.copyfile(os.path.join(src, name), os.path.join(dest, name))
    print(f"{target}: {len(chosen)} files to {dest}")


if __name__ == "__main__":
    main()
