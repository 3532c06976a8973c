#!/usr/bin/env python3
"""Native syntax errors against HashiCorp's parser, on mutated real files.

A development tool that needs the Go reference's `gonative` (HCL's
`hclsyntax.ParseConfig`, built with ../shared/tools/go-reference/build.sh);
the crate's tests do not use it.

    python3 tools/difftest/native_mutants.py GONATIVE HCL_JSON [COUNT] [SEED] [--all HCLDIAGS]

Takes the corpus's small `.tf` and `.hcl` files (`HCL_JSON_CORPUS`, default
../shared/corpus), makes COUNT mutants (a byte deleted, a token inserted, a
line deleted, repeated or swapped), parses each with `gonative` and with
`hcl-json fmt` (which parses and nothing else), and compares the first
diagnostic: summary, line and column. Prints each mutant that differs
(kept as `/tmp/native-mutants/mN.tf`) and the counts. Intended differences
(README, "Differences from HashiCorp's HCL") show up too: an unclosed
template sequence is reported first here, its cascade left out.

With `--all HCLDIAGS` (`tools/difftest/hcldiags`, built as its comment
says), every diagnostic is compared, in order, instead of the first; a
mutant whose first diagnostic is ours for an unclosed template sequence
is counted apart, as that intended difference leaves out the rest.
"""
import os
import random
import re
import subprocess
import sys

ARGS = sys.argv[1:]
ALL = None
if "--all" in ARGS:
    k = ARGS.index("--all")
    ALL = ARGS[k + 1]
    del ARGS[k:k + 2]
GO, OURS = ARGS[0], ARGS[1]
COUNT = int(ARGS[2]) if len(ARGS) > 2 else 300
random.seed(int(ARGS[3]) if len(ARGS) > 3 else 1)
CORPUS = os.environ.get("HCL_JSON_CORPUS") or os.path.join(
    os.path.dirname(__file__), "../../../shared/corpus")
OUT = "/tmp/native-mutants"

INSERTS = ["\n", "=", "{", "}", "(", ")", "[", "]", '"', ",", "-", "#", "${", "%{",
           ".", ":", "?", "*", " ", "<<EOT\n", "/*", "\\", "!", "=>", "...", "&&",
           "||", "::", "~}", "${~", "/", "\t", "'", ";", "%{ if", "%{ endif }",
           "for x in", "[*]", ".*", "<<-EOT\n", "EOT\n", "0x", "1e"]


def mutate(src):
    kind = random.randrange(5)
    at = random.randrange(len(src) + 1)
    if kind == 0 and src:
        return src[:at] + src[at + 1:]
    if kind == 1:
        return src[:at] + random.choice(INSERTS) + src[at:]
    lines = src.split("\n")
    j = random.randrange(len(lines))
    if kind == 2:
        del lines[j]
    elif kind == 3:
        lines.insert(j, lines[j])
    else:
        k = random.randrange(len(lines))
        lines[j], lines[k] = lines[k], lines[j]
    return "\n".join(lines)


def go_first(path):
    r = subprocess.run([GO, path, "1"], capture_output=True, text=True, timeout=60)
    if r.returncode == 0:
        return None
    m = re.match(r"[^:]*:(\d+),(\d+)-[^:]*: ([^;]*);", r.stderr.strip())
    return (m.group(3), int(m.group(1)), int(m.group(2))) if m else ("?", r.stderr[:200])


def ours_first(path):
    r = subprocess.run([OURS, "fmt", path], capture_output=True, text=True, timeout=60)
    if r.returncode == 0:
        return None
    m = re.search(r"Error: (.*)\n\n  on [^\n]* line (\d+), column (\d+)", r.stderr)
    return (m.group(1), int(m.group(2)), int(m.group(3))) if m else ("?", r.stderr[:200])


def go_every(path):
    out = subprocess.run([ALL, path], capture_output=True, text=True, timeout=60).stdout
    return [(m[0], int(m[1]), int(m[2]))
            for m in re.findall(r'\("(.*?)", \d+\.\.\d+\), // (\d+):(\d+)-', out)]


def ours_every(path):
    r = subprocess.run([OURS, "fmt", path], capture_output=True, text=True, timeout=60)
    return [(m[0], int(m[1]), int(m[2]))
            for m in re.findall(r"^Error: (.*)\n\n  on .*? line (\d+), column (\d+)", r.stderr, re.M)]


def main():
    files = sorted(
        os.path.join(root, f)
        for root, _, names in os.walk(CORPUS)
        for f in names
        if f.endswith((".tf", ".hcl")) and os.path.getsize(os.path.join(root, f)) < 6000)
    if not files:
        sys.exit(f"no .tf or .hcl files under {CORPUS}")
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "x.tf")
    same = differ = intended = 0
    for n in range(COUNT):
        with open(random.choice(files), encoding="utf-8", errors="replace") as f:
            text = mutate(f.read())
        with open(path, "w") as f:
            f.write(text)
        if ALL:
            go, ours = go_every(path), ours_every(path)
        else:
            go, ours = go_first(path), ours_first(path)
        if go == ours:
            same += 1
            continue
        if ALL and ours and ours[0][0].startswith("Unclosed template"):
            intended += 1
            continue
        differ += 1
        kept = os.path.join(OUT, f"m{n}.tf")
        with open(kept, "w") as f:
            f.write(text)
        print(f"{kept}: HCL {go}, ours {ours}")
    if ALL:
        print(f"{same} the same, {intended} an unclosed template sequence first (intended), "
              f"{differ} different")
    else:
        print(f"{same} the same, {differ} different")


main()
