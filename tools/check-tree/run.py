#!/usr/bin/env python3
"""`hcl-json check` over a large tree, on one thread and on every core.

Builds a tree of configuration files from a corpus directory (every file
`hcl-json check` walks for: `.tf`, `.tf.json`, `.tfvars`, `.hcl`, ...),
copied COPIES times under `copyNN/`, so that the tree has real files of
both syntaxes, real module directories, and thousands of files. Then runs
`hcl-json check TREE --jobs N` for each N, alternating, RUNS times each
(the first run of all warms the page cache and is not counted), and
prints the median and minimum wall time, the median CPU time (user +
system, from the children's rusage), the speedup over `--jobs 1` and the
files per second. The tree is only read; nothing is written to the
corpus.

usage: run.py HCL_JSON CORPUS_DIR [TREE_DIR] [--copies C] [--runs R] [--jobs 1,2] [--json]

`--json` runs `check --diags=json`: the diagnostics written as one JSON
document instead of rendered with their source lines, which measures the
checks more than the renderer.

The defaults: TREE_DIR /tmp/hcl-json-check-tree, 2 copies, 5 runs,
--jobs 1 and the number of cores."""
import argparse, os, resource, shutil, statistics, subprocess, time

SUFFIXES = (".tf", ".tf.json", ".tofu", ".tofu.json", ".tfvars", ".tfvars.json",
            ".tftest.json", ".tofutest.json", ".hcl", ".hcl.json", ".pkr.json", ".pkrvars.json")


def build_tree(corpus, tree, copies):
    """Copies the corpus's configuration files into `tree` `copies` times;
    the number of files copied."""
    if os.path.isdir(tree):
        shutil.rmtree(tree)
    count = 0
    for root, dirs, files in os.walk(corpus):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        rel = os.path.relpath(root, corpus)
        for name in sorted(files):
            if not name.endswith(SUFFIXES):
                continue
            for c in range(copies):
                dest = os.path.join(tree, f"copy{c:02}", rel)
                os.makedirs(dest, exist_ok=True)
                shutil.copyfile(os.path.join(root, name), os.path.join(dest, name))
                count += 1
    return count


def run(cmd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    t1 = time.perf_counter()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = p.stderr.decode("utf-8", "replace").rstrip("\n").rsplit("\n", 1)[-1]
    cpu = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
    return t1 - t0, cpu, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("hcl_json")
    ap.add_argument("corpus")
    ap.add_argument("tree", nargs="?", default="/tmp/hcl-json-check-tree")
    ap.add_argument("--copies", type=int, default=2)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", default=f"1,{os.cpu_count() or 1}")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    files = build_tree(args.corpus, args.tree, args.copies)
    jobs = [int(j) for j in args.jobs.split(",")]
    print(f"tree: {files} files in {args.tree} ({args.copies} copies of {args.corpus})")
    run([args.hcl_json, "check", args.tree])  # warm the page cache
    res = {j: ([], []) for j in jobs}
    summary = ""
    for _ in range(args.runs):
        for j in jobs:
            extra = ["--diags=json"] if args.json else []
            wall, cpu, summary = run([args.hcl_json, "check", args.tree, "--jobs", str(j)] + extra)
            res[j][0].append(wall)
            res[j][1].append(cpu)
    print(f"hcl-json says: {summary}")
    base = statistics.median(res[jobs[0]][0])
    for j in jobs:
        wall, cpu = res[j]
        med = statistics.median(wall)
        print(f"  --jobs {j}: wall median {med*1e3:7.0f} ms (min {min(wall)*1e3:7.0f} ms), "
              f"cpu median {statistics.median(cpu)*1e3:7.0f} ms, {files/med:7.0f} files/s, "
              f"speedup {base/med:4.2f}x ({args.runs} runs)")


if __name__ == "__main__":
    main()
