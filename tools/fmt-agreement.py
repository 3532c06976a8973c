#!/usr/bin/env python3
"""Compares `hcl-json fmt` with HashiCorp's `hclwrite.Format` (the Go
reference's `hclfmt`) on every native-syntax file of a corpus, and on
scrambled copies of each file: indentation removed, indentation in tabs,
spaces around `=` doubled, spaces around `=` and `,` removed, spaces
inside brackets added, spaces at the ends of lines added.

Needs Go's reference tools (never run by the tests or CI):

    tools/fmt-agreement.py [--hclfmt /work/go-bin/hclfmt] \
        [--hcl-json target/release/hcl-json] [CORPUS_DIR] [--show N]

A file agrees when both reject it (a syntax error) or both accept it and
write the same bytes. Prints one line per disagreement (up to --show) and
the figures per variant.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

SUFFIXES = (".tf", ".tfvars", ".hcl")


def scrambles(text):
    """The variants of `text` to compare on, by name."""
    lines = text.split("\n")
    return {
        "as-is": text,
        "no-indent": "\n".join(l.lstrip(" \t") for l in lines),
        "tab-indent": "\n".join(
            re.sub(r"^ +", lambda m: "\t" * (len(m.group(0)) // 2 + 1), l) for l in lines
        ),
        "wide-equals": re.sub(r" ?= ?", "  =  ", text),
        "tight": re.sub(r" *([=,]) *", r"\1", text),
        "spaced-brackets": re.sub(r"([(\[])", r"\1 ", re.sub(r"([)\]])", r" \1", text)),
        "trailing-spaces": "\n".join(l + "  " if l else l for l in lines),
    }


def run(cmd):
    p = subprocess.run(cmd, capture_output=True)
    return p.returncode, p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=os.environ.get("HCL_JSON_CORPUS", "../shared/corpus"))
    ap.add_argument("--hclfmt", default=os.path.join(os.environ.get("GO_REFERENCE_BIN", "/work/go-bin"), "hclfmt"))
    ap.add_argument("--hcl-json", default="target/release/hcl-json")
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--keep", help="directory to keep disagreeing inputs in")
    args = ap.parse_args()

    files = []
    for root, dirs, names in os.walk(args.corpus):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(SUFFIXES):
                files.append(os.path.join(root, n))

    figures = {}
    shown = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            try:
                text = open(path, encoding="utf-8").read()
            except UnicodeDecodeError:
                continue
            for variant, src in scrambles(text).items():
                ext = os.path.splitext(path)[1]
                probe = os.path.join(tmp, "probe" + ext)
                with open(probe, "w", encoding="utf-8") as f:
                    f.write(src)
                go_status, go_out = run([args.hclfmt, probe])
                rs_status, rs_out = run([args.hcl_json, "fmt", probe])
                go_ok, rs_ok = go_status == 0, rs_status == 0
                if go_ok and rs_ok:
                    verdict = "same" if go_out == rs_out else "different output"
                elif not go_ok and not rs_ok:
                    verdict = "both reject"
                else:
                    verdict = "only Go accepts" if go_ok else "only hcl-json accepts"
                agree = verdict in ("same", "both reject")
                total, good, rejected = figures.get(variant, (0, 0, 0))
                figures[variant] = (
                    total + 1,
                    good + agree,
                    rejected + (verdict == "both reject"),
                )
                if not agree:
                    if shown < args.show:
                        print(f"{variant}: {path}: {verdict}")
                        shown += 1
                    if args.keep:
                        os.makedirs(args.keep, exist_ok=True)
                        base = path.replace("/", "_")
                        with open(os.path.join(args.keep, f"{variant}.{base}"), "w") as f:
                            f.write(src)
    all_total = all_good = 0
    for variant, (total, good, rejected) in figures.items():
        print(f"{variant:12} {good}/{total} agree ({rejected} rejected by both)")
        all_total += total
        all_good += good
    print(f"{'all':12} {all_good}/{all_total} agree")
    return 0 if all_good == all_total else 1


if __name__ == "__main__":
    sys.exit(main())
