"""Agreement of hcl_json.loads with python-hcl2 on every native file of a corpus.

    python python/bench/compare_corpus.py [CORPUS_DIR]   (default: $HCL_JSON_CORPUS)

Prints how many files give equal dictionaries, and the differences by kind:
files only one side parses, and for the others the first differing path,
classified by what differs there.
"""

import collections
import os
import sys

import hcl2

import hcl_json

NATIVE = (".tf", ".hcl", ".tfvars", ".pkr.hcl")


def first_difference(a, b, path="$"):
    if type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return path, a, b
    if isinstance(a, dict):
        if list(a) != list(b):
            if set(a) != set(b):
                return path + " keys", sorted(set(a) ^ set(b))[:3], None
        for k in a:
            if k in b:
                d = first_difference(a[k], b[k], f"{path}.{k}")
                if d:
                    return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return path + " length", len(a), len(b)
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else (path, a, b)


def kind_of(ours, theirs):
    if isinstance(ours, str) and isinstance(theirs, str):
        if ours.startswith("${") and theirs.startswith("${"):
            if ours.replace(" ", "") == theirs.replace(" ", ""):
                return "expression spacing"
            return "expression text"
        if ours.startswith('"') or theirs.startswith('"'):
            return "string quoting or escapes"
        return "other text"
    if ours is None and theirs is None:
        return "keys"
    return f"type {type(ours).__name__} vs {type(theirs).__name__}"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("HCL_JSON_CORPUS")
    if not root:
        sys.exit("usage: compare_corpus.py CORPUS_DIR (or set HCL_JSON_CORPUS)")
    files = sorted(
        os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(NATIVE)
    )
    kinds = collections.Counter()
    examples = {}
    equal = 0
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        try:
            ours = hcl_json.loads(data, filename=path)
        except hcl_json.HclError as e:
            ours = e
        try:
            theirs = hcl2.loads(text) if text is not None else ValueError("not UTF-8")
        except Exception as e:  # lark's exceptions and others
            theirs = e
        if isinstance(ours, Exception) or isinstance(theirs, Exception):
            if isinstance(ours, Exception) and isinstance(theirs, Exception):
                kind = "both refuse"
            elif isinstance(ours, Exception):
                kind = "only python-hcl2 parses"
            else:
                kind = "only hcl_json parses"
            kinds[kind] += 1
            examples.setdefault(kind, (path, str(ours)[:100] if isinstance(ours, Exception) else str(theirs)[:100]))
            continue
        d = first_difference(ours, theirs)
        if d is None:
            equal += 1
            continue
        where, a, b = d
        kind = "keys or lengths" if where.endswith((" keys", " length")) else kind_of(a, b)
        kinds[kind] += 1
        examples.setdefault(kind, (path, f"{where}: {a!r:.80} vs {b!r:.80}"))
    print(f"{equal} of {len(files)} native files give equal dictionaries ({100 * equal / max(len(files), 1):.1f}%)")
    for kind, n in kinds.most_common():
        print(f"  {n:5}  {kind}   e.g. {examples[kind][0]}: {examples[kind][1]}")


if __name__ == "__main__":
    main()
