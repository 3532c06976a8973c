#!/usr/bin/env python3
"""Side by side with HashiCorp's Go HCL, in one run: wall time of our
decode (dynamic, derive into maps of values as Go's twin does, and derive
with each block's attributes as one object `Value`) and native parse
against the Go reference's,
in interleaved rounds, each side with its defaults; the median of the
per-round ratios, the scaling with input and the peak memory.

usage: run.py DECODE_BENCH NATIVE_BENCH GO_BIN CORPUS FILES [--rounds R] [--only decode|native|memory] [--inputs TEXT]

DECODE_BENCH / NATIVE_BENCH: the binaries of `cargo bench --bench decode
--no-run` and `--bench native`; GO_BIN: the Go reference's bin directory
(hclgo, gonative); CORPUS: HCL_JSON_CORPUS; FILES: the directory of
`DECODE_BENCH_DUMP`."""
import argparse, os, re, statistics, subprocess, sys

ap = argparse.ArgumentParser()
for a in ("decode", "native", "go", "corpus", "files"):
    ap.add_argument(a)
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--only", choices=["decode", "native", "memory"])
ap.add_argument("--inputs", help="decode inputs whose label contains this text (e.g. 100x, aws-ia)")
args = ap.parse_args()
C = args.corpus

DECODE_INPUTS = [
    # (label, path, our repetitions, Go's runs of ~1 s each)
    ("template-heavy 1x", f"{args.files}/template-heavy-1x.tf.json", 300, 3),
    ("template-heavy 10x", f"{args.files}/template-heavy-10x.tf.json", 30, 3),
    ("template-heavy 100x", f"{args.files}/template-heavy-100x.tf.json", 5, 1),
    ("clumio main.tf.json", f"{C}/clumio-aws-template/57350a7f/main.tf.json", 300, 3),
    ("aws-ia main_generated.tf.json", f"{C}/aws-ia-vpc-endpoints/45bce475/main_generated.tf.json", 300, 3),
]


# Our decode modes: DECODE_BENCH_DERIVE's value (None: the dynamic decode).
MODES = (("dynamic", None), ("derive", "1"), ("derive, object remain", "value"))


def ours(path, n, derive):
    env = dict(os.environ, DECODE_BENCH_RUN=f"{path}:{n}")
    env.pop("DECODE_BENCH_DERIVE", None)
    if derive:
        env["DECODE_BENCH_DERIVE"] = derive
    out = subprocess.run([args.decode], env=env, capture_output=True, text=True, check=True).stdout
    return int(re.search(r"ns/iter=(\d+)", out).group(1))


def go(path, count, mode):
    ctx = "ref" if "template-heavy" in path else "unknown"
    out = subprocess.run([f"{args.go}/hclgo", "-ctx", ctx, "-count", str(count), mode, path],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"median_ns=(\d+).*errors=(\d+)", out)
    assert m.group(2) == "0", out
    return int(m.group(1))


def fmt_ms(ns):
    return f"{ns / 1e6:.2f} ms"


def decode():
    print("## decode: wall time per decode, interleaved rounds (ours, Go, ours)\n")
    print("| input | mode | ours (median of rounds) | Go | ratios by round | median ratio |")
    print("|---|---|---|---|---|---|")
    medians = {}
    for label, path, n, count in DECODE_INPUTS:
        if args.inputs and args.inputs not in label:
            continue
        if not os.path.exists(path):
            print(f"| {label} | skipped: {path} missing |")
            continue
        for mode, derive in MODES:
            rs, os_, gs = [], [], []
            for _ in range(args.rounds):
                a = ours(path, n, derive)
                g = go(path, count, "derive" if derive else "decode")
                b = ours(path, n, derive)
                o = min(a, b)
                os_.append(o); gs.append(g); rs.append(g / o)
            medians[(label, mode)] = statistics.median(os_)
            print(f"| {label} | {mode} | {fmt_ms(statistics.median(os_))} | {fmt_ms(statistics.median(gs))} | "
                  + ", ".join(f"{r:.1f}x" for r in rs) + f" | **{statistics.median(rs):.1f}x** |", flush=True)
    print()
    for mode, _ in MODES:
        one = medians.get(("template-heavy 1x", mode))
        if one and medians.get(("template-heavy 100x", mode)):
            ten = medians.get(("template-heavy 10x", mode))
            hundred = medians.get(("template-heavy 100x", mode))
            print(f"scaling, {mode}: 10x input {ten / one:.1f}x time, 100x input {hundred / one:.1f}x time")
    for label, *_ in DECODE_INPUTS:
        d = medians.get((label, "dynamic"))
        for mode, _ in MODES[1:]:
            v = medians.get((label, mode))
            if d and v:
                print(f"{mode} / dynamic, {label}: {v / d:.2f}x")
    print()


def peak_kb(path, n, derive):
    env = dict(os.environ, DECODE_BENCH_RUN=f"{path}:{n}")
    env.pop("DECODE_BENCH_DERIVE", None)
    if derive:
        env["DECODE_BENCH_DERIVE"] = derive
    r = subprocess.run(["/usr/bin/time", "-f", "%M", args.decode], env=env, capture_output=True, text=True, check=True)
    return int(r.stderr.strip().splitlines()[-1])


def memory():
    print("## peak resident memory over input (FILE:1 minus FILE:0)\n")
    print("| input | " + " | ".join(m for m, _ in MODES) + " |")
    print("|---|" + "---|" * len(MODES))
    for label, path, *_ in DECODE_INPUTS[:3]:
        size = os.path.getsize(path)
        cells = []
        for _, derive in MODES:
            vals = []
            for _ in range(3):
                vals.append((peak_kb(path, 1, derive) - peak_kb(path, 0, derive)) * 1024 / size)
            cells.append(f"{min(vals):.2f}–{max(vals):.2f}×")
        print(f"| {label} ({size / 1e6:.1f} MB) | " + " | ".join(cells) + " |", flush=True)
    print()


NATIVE_FILES = [
    "terraform-aws-modules__terraform-aws-s3-bucket",
    "terraform-aws-modules__terraform-aws-security-group",
]


def native_ours(paths, n, force=False):
    env = dict(os.environ, NATIVE_BENCH_RUN=str(n))
    env.pop("NATIVE_BENCH_FORCE", None)
    if force:
        env["NATIVE_BENCH_FORCE"] = "1"
    out = subprocess.run([args.native, *paths], env=env, capture_output=True, text=True, check=True).stdout
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\S+) ns/iter=(\d+)", out, re.M)}


def native_go(path, count):
    out = subprocess.run([f"{args.go}/gonative", path, str(count)], capture_output=True, text=True, check=True).stdout
    return float(re.search(r"median ([\d.]+) ms", out).group(1)) * 1e6


def native():
    print("## native: our parse and Module::load against Go's hclsyntax.ParseConfig (median of each side's runs)\n")
    print("| input | ours | ours, every expression built | Go | ratios by round | median ratio | ratio, every expression built |")
    print("|---|---|---|---|---|---|---|")
    for mod in NATIVE_FILES:
        mdir = os.path.join(C, mod)
        files = sorted(os.path.join(mdir, f) for f in os.listdir(mdir) if f.endswith(".tf"))
        big = max(files, key=os.path.getsize)
        rows = {big: [], mdir: []}
        for _ in range(args.rounds):
            a = native_ours([big, mdir], 300)
            af = native_ours([big, mdir], 300, force=True)
            g = {f: native_go(f, 300) for f in files}
            b = native_ours([big, mdir], 300)
            bf = native_ours([big, mdir], 300, force=True)
            gsum = {big: g[big], mdir: sum(g.values())}
            for p in rows:
                rows[p].append((min(a[p], b[p]), min(af[p], bf[p]), gsum[p]))
        for p, label in ((big, f"{mod.split('__')[-1]}/{os.path.basename(big)} ({os.path.getsize(big) / 1e3:.1f} KB), parse"),
                         (mdir, f"{mod.split('__')[-1]}, Module::load ({len(files)} files, {sum(map(os.path.getsize, files)) / 1e3:.1f} KB) vs ParseConfig of each file")):
            o = statistics.median(x for x, _, _ in rows[p])
            of = statistics.median(y for _, y, _ in rows[p])
            gg = statistics.median(z for _, _, z in rows[p])
            rs = [z / x for x, _, z in rows[p]]
            rf = statistics.median(z / y for _, y, z in rows[p])
            print(f"| {label} | {o / 1e3:.0f} µs | {of / 1e3:.0f} µs | {gg / 1e6:.2f} ms | "
                  + ", ".join(f"{r:.0f}x" for r in rs) + f" | **{statistics.median(rs):.0f}x** | {rf:.0f}x |", flush=True)
    print()


if args.only in (None, "decode"):
    decode()
if args.only in (None, "memory"):
    memory()
if args.only in (None, "native"):
    native()
