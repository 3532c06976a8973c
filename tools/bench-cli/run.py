#!/usr/bin/env python3
"""Whole-process time of `hcl-json decode` and `hcldec` on the same spec
and input, both started fresh, alternating, in one run: minimum and median
wall time, and CPU time (user + system) from the children's rusage.

usage: run.py HCLDEC HCL_JSON   (from this directory, after gen_big.py)"""
import os, resource, statistics, subprocess, sys, time

hcldec, ours = sys.argv[1], sys.argv[2]
golden = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../cli/tests/golden/attr_types")
cases = [
    ("golden attr_types (10 attributes)", golden, "spec.hcldec", "spec.hcldec.json", "in.json", 50),
    ("big.json (867 KB, 5000 blocks, 5000 templates)", ".", "big.hcldec", "big.hcldec.json", "big.json", 10),
]
for name, cwd, go_spec, our_spec, inp, n in cases:
    res = {"hcldec": ([], []), "hcl-json": ([], [])}
    for _ in range(n):
        for tool, cmd in (("hcldec", [hcldec, "--spec", go_spec, inp]), ("hcl-json", [ours, "--spec", our_spec, inp])):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
            t1 = time.perf_counter()
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            res[tool][0].append(t1 - t0)
            res[tool][1].append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    print(name)
    for tool, (wall, cpu) in res.items():
        print(f"  {tool:9} wall min {min(wall)*1e3:8.1f} ms, median {statistics.median(wall)*1e3:8.1f} ms"
              f" | cpu min {min(cpu)*1e3:8.1f} ms, median {statistics.median(cpu)*1e3:8.1f} ms ({n} runs)")
