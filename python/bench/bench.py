"""hcl_json.loads against python-hcl2's loads: time per file, ratio, import time.

    python python/bench/bench.py [CORPUS_DIR] [--rounds N]

Inputs: the largest native file of the corpus, a generated 250 KB `.tf`,
and the corpus directory with the most `.tf` files (every file of it loaded
once per round). Each figure is the best of N rounds (the machine may be
busy: the minimum is the least disturbed round); the median is printed too.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

import hcl2

import hcl_json


def generated(size=250_000):
    parts, i = [], 0
    while sum(map(len, parts)) < size:
        parts.append(
            f'resource "aws_instance" "web_{i}" {{\n'
            f'  ami           = "ami-{i:08x}"\n'
            f"  instance_type = var.size\n"
            f"  count         = {i % 5}\n"
            f'  tags = {{\n    Name = "web-${{count.index}}"\n    Team = "t{i}"\n  }}\n'
            f"  subnet_ids = [for s in var.subnets : s.id if s.public]\n"
            f"  lifecycle {{\n    ignore_changes = [tags]\n  }}\n}}\n\n"
        )
        i += 1
    return "".join(parts)


def timed(fn, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def import_time(module, rounds):
    times = []
    for _ in range(rounds):
        out = subprocess.run(
            [sys.executable, "-c", f"import time; s = time.perf_counter(); import {module}; print(time.perf_counter() - s)"],
            capture_output=True, text=True, check=True,
        )
        times.append(float(out.stdout))
    return min(times), statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=os.environ.get("HCL_JSON_CORPUS"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    native = [
        os.path.join(d, f) for d, _, fs in os.walk(args.corpus) for f in fs if f.endswith((".tf", ".hcl"))
    ]
    largest = max(native, key=os.path.getsize)
    by_dir = {}
    for p in native:
        if p.endswith(".tf"):
            by_dir.setdefault(os.path.dirname(p), []).append(p)
    module_dir, module_files = max(by_dir.items(), key=lambda kv: len(kv[1]))
    module_texts = [open(p, encoding="utf-8").read() for p in sorted(module_files)]
    inputs = [
        (f"largest corpus file ({os.path.relpath(largest, args.corpus)}, {os.path.getsize(largest)} B)",
         [open(largest, encoding="utf-8").read()]),
        ("generated .tf (%d B)" % len(generated()), [generated()]),
        (f"module directory ({os.path.relpath(module_dir, args.corpus)}, {len(module_texts)} files, "
         f"{sum(map(len, module_texts))} B)", module_texts),
    ]
    print(f"rounds: {args.rounds} (best / median, milliseconds)")
    print("| input | hcl_json | python-hcl2 | ratio (best) |")
    print("|---|---|---|---|")
    for name, texts in inputs:
        ours = timed(lambda: [hcl_json.loads(t) for t in texts], args.rounds)
        theirs = timed(lambda: [hcl2.loads(t) for t in texts], args.rounds)
        print(f"| {name} | {ours[0]*1e3:.2f} / {ours[1]*1e3:.2f} | {theirs[0]*1e3:.1f} / {theirs[1]*1e3:.1f} "
              f"| {theirs[0] / ours[0]:.0f}× |")
    ours = import_time("hcl_json", args.rounds)
    theirs = import_time("hcl2", args.rounds)
    print(f"| import | {ours[0]*1e3:.2f} / {ours[1]*1e3:.2f} | {theirs[0]*1e3:.1f} / {theirs[1]*1e3:.1f} "
          f"| {theirs[0] / ours[0]:.0f}× |")


if __name__ == "__main__":
    main()
