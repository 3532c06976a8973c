#!/usr/bin/env python3
"""Checks the crate's module structure: one home for each name, and the
layer order.

Fails (exit status 1, one line per finding) when a file in `src/`:

- other than `lib.rs` names an item through a root path (`crate::Value`,
  `crate::{Body, ...}`, `crate::from_str`): every `crate::` path must
  start with a top-level module;
- imports through a hidden door (`crate::__private`, `crate::__internals`);
- re-exports (`pub use`) an item of another top-level module, or of one of
  its own public submodules: an alias path (each public item has one home,
  plus at most one root re-export in `lib.rs`);
- imports a module listed after its own in `LAYERS` (an arrow that runs
  back up the order);
- takes part in a circle of imports between the files of one folder.

Test-only code (`#[cfg(test)]` items and the files they load) may import
any layer and any sibling: it is not part of the library's graph. Doc
comments are not read.

`--graph` also prints the imports between top-level modules.

Usage: tools/layers.py [--graph] [SRC_DIR]   (default: src)
"""

import os
import re
import sys

# The layer order, as `lib.rs` and `src/README.md` write it. A module may
# import the modules before it on this list, never those after it. Names
# in one entry are one layer. `__private` is the derive's support
# (`src/derive_support.rs`).
LAYERS = [
    ["pos"],
    ["handover"],
    ["diag"],
    ["words"],
    ["value"],
    ["native"],
    ["json"],
    ["body"],
    ["format"],
    ["eval"],
    ["ext"],
    ["analysis"],
    ["encode"],
    ["convert"],
    ["decode"],
    ["json_schema"],
    ["__private"],
    ["stdlib"],
    ["hcldec"],
    ["module"],
]

RANK = {name: i for i, names in enumerate(LAYERS) for name in names}


def strip(text):
    """The text with comments, string and char literals blanked (same
    length, newlines kept), so that paths are only found in code."""
    out = []
    i, n = 0, len(text)

    def blank(s):
        return "".join("\n" if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(text[i:j]))
            i = j
        elif re.match(r'b?r#*"', text[i:i + 40]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'b?r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append(blank(text[i:j]))
            i = j
        elif c == '"' or (c == "b" and text.startswith('b"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(blank(text[i:j]))
            i = j
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^'\\])'", text[i:])
            if m:
                out.append(blank(m.group(0)))
                i += m.end()
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def test_spans(code):
    """(start, end) offsets of `#[cfg(test)]` items: modules with a body,
    functions, `use` lines."""
    spans = []
    for m in re.finditer(r"#\[cfg\(test\)\]", code):
        j = m.end()
        # The item runs to its `;` or to the brace that closes its body.
        k = j
        while k < len(code) and code[k] not in "{;":
            k += 1
        if k < len(code) and code[k] == "{":
            depth = 0
            while k < len(code):
                if code[k] == "{":
                    depth += 1
                elif code[k] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
        spans.append((m.start(), k + 1))
    return spans


def inline_modules(code):
    """(start, end, name) of every inline `mod NAME { ... }`."""
    mods = []
    for m in re.finditer(r"\bmod\s+(\w+)\s*\{", code):
        k, depth = m.end() - 1, 0
        while k < len(code):
            if code[k] == "{":
                depth += 1
            elif code[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        mods.append((m.start(), k + 1, m.group(1)))
    return mods


def expand(tree):
    """The paths of a `use` tree's text (`a::{b, c::{d}}` -> a::b, a::c::d)."""
    tree = tree.replace(" ", "").replace("\n", "")
    depth, start, parts = 0, 0, []
    brace = None
    for i, c in enumerate(tree):
        if c == "{":
            if depth == 0:
                brace = i
            depth += 1
        elif c == "}":
            depth -= 1
    if brace is None:
        return [tree]
    prefix, inner = tree[:brace], tree[brace + 1:tree.rfind("}")]
    depth = 0
    for i, c in enumerate(inner + ","):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            part = inner[start:i]
            start = i + 1
            if part:
                parts.extend(prefix + p for p in expand(part))
    return parts


def module_path(src, path):
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib"):
        rel = rel[:-1]
    elif rel[-1].endswith("_tests"):
        # `name_tests.rs` is `name`'s `#[path]` test module `name::tests`.
        rel = rel[:-1] + [rel[-1][:-len("_tests")], "tests"]
    return rel


def top_modules(src):
    """The top-level modules declared in `lib.rs`, and the file name of
    each one loaded from another name (`#[path = "file.rs"] mod name;`)."""
    text = open(os.path.join(src, "lib.rs"), encoding="utf-8").read()
    paths = dict((f, name) for f, name in re.findall(
        r'#\[path\s*=\s*"(\w+)\.rs"\]\s*(?:pub\s+)?mod\s+(\w+)\s*;', text))
    code = strip(text)
    return set(re.findall(r"^\s*(?:pub\s+)?mod\s+(\w+)\s*;", code, re.M)), paths


def file_is_test(src, path):
    """Files loaded only under `#[cfg(test)]` by their parent."""
    base = os.path.basename(path)
    if base == "tests.rs" or base.endswith("_tests.rs"):
        return True
    parent_dir = os.path.dirname(path)
    name = base[:-3]
    if name == "mod":
        name = os.path.basename(parent_dir)
        parent_dir = os.path.dirname(parent_dir)
    for parent in (os.path.join(parent_dir, "mod.rs"), parent_dir + ".rs"):
        if os.path.isfile(parent):
            text = strip(open(parent, encoding="utf-8").read())
            if re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+" + name + r"\s*;", text):
                return True
    return False


def is_module(src, parent, name):
    """Whether `name` is a file module of the folder `parent`."""
    folder = os.path.join(src, *parent)
    return os.path.isfile(os.path.join(folder, name + ".rs")) or os.path.isfile(
        os.path.join(folder, name, "mod.rs"))


def cycles(graph):
    """One list of nodes for each circle in `graph` (node -> set of nodes)."""
    found, seen, stack = [], set(), []

    def visit(node):
        if node in stack:
            cycle = stack[stack.index(node):]
            i = cycle.index(min(cycle))
            cycle = cycle[i:] + cycle[:i]
            if cycle not in found:
                found.append(cycle)
            return
        if node in seen:
            return
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            visit(nxt)
        stack.pop()
        seen.add(node)

    for node in sorted(graph):
        visit(node)
    return found


def main(argv):
    graph = "--graph" in argv
    args = [a for a in argv if a != "--graph"]
    src = args[0] if args else "src"
    tops, renamed = top_modules(src)
    problems, edges, folders = [], {}, {}
    for root, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith(".rs"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, os.path.dirname(src.rstrip("/")) or ".")
            if os.path.relpath(path, src) == "lib.rs":
                continue
            here = module_path(src, path)
            here[0] = renamed.get(here[0], here[0])
            top = here[0]
            code = strip(open(path, encoding="utf-8").read())
            whole_test = file_is_test(src, path)
            spans = test_spans(code)
            inline = inline_modules(code)

            def line_of(pos):
                return code.count("\n", 0, pos) + 1

            def in_test(pos):
                return whole_test or any(a <= pos < b for a, b in spans)

            # A public submodule's item re-exported by its parent has two
            # public paths.
            public_mods = set(re.findall(r"(?<![\w(])pub\s+mod\s+(\w+)\s*;", code))
            for m in re.finditer(r"(?<![\w(])pub\s+use\s+(?:self::)?(\w+)::", code):
                if m.group(1) in public_mods:
                    problems.append(f"{rel}:{line_of(m.start())}: `pub use {m.group(1)}::...` makes an alias path: `{m.group(1)}` is a public module already")

            found = []  # (offset, full path as segments, via_pub_use)
            for m in re.finditer(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", code):
                for p in expand(m.group(2)):
                    p = re.sub(r"\bas\s*\w+$", "", p.replace("as", " as ")).strip()
                    found.append((m.start(), p.split("::"), bool(m.group(1)) and not m.group(1).startswith("pub(")))
            uses = [(a, b) for a, b in ((m.start(), m.end()) for m in re.finditer(r"\buse\s+[^;]+;", code))]
            for m in re.finditer(r"(?<![\w:])(crate|super)((?:::\w+)+|::\{)", code):
                if any(a <= m.start() < b for a, b in uses):
                    continue
                found.append((m.start(), (m.group(1) + m.group(2)).split("::"), False))
            for pos, segs, pub in found:
                segs = [s for s in segs if s]
                # Resolve `super` to an absolute path.
                if segs and segs[0] == "super":
                    base = here + [name for a, b, name in inline if a <= pos < b]
                    # `mod.rs` is its folder's module: `super` leaves the folder.
                    while segs and segs[0] == "super":
                        base, segs = base[:-1], segs[1:]
                    segs = ["crate"] + base + segs
                if not segs or segs[0] != "crate" or len(segs) < 2:
                    continue
                first = segs[1]
                line = line_of(pos)
                if first in ("__private", "__internals"):
                    problems.append(f"{rel}:{line}: `crate::{first}` is a door for other crates; import from the home module")
                    continue
                if first not in tops:
                    problems.append(f"{rel}:{line}: root path `crate::{'::'.join(segs[1:])}`; import from the item's home module")
                    continue
                if first == top:
                    # An import between two files of one folder.
                    parent = here[:-1]
                    k = 1 + len(parent)
                    if (len(here) >= 2 and not in_test(pos) and segs[1:k] == parent
                            and len(segs) > k and segs[k] != here[-1]
                            and is_module(src, parent, segs[k])):
                        folders.setdefault(tuple(parent), {}).setdefault(here[-1], set()).add(segs[k])
                    continue
                if pub and top != "__private":
                    problems.append(f"{rel}:{line}: `pub use` of `crate::{'::'.join(segs[1:])}` makes an alias path; the item has its home in `{first}`")
                if in_test(pos):
                    continue
                edges.setdefault(top, {}).setdefault(first, []).append(f"{rel}:{line}")
                if top in RANK and first in RANK and RANK[first] > RANK[top]:
                    problems.append(f"{rel}:{line}: `{top}` imports `{first}`, which comes after it in the layer order")
    for folder, graph_ in sorted(folders.items()):
        for cycle in cycles(graph_):
            problems.append(f"{src}/{'/'.join(folder)}: a circle of imports: {' -> '.join(cycle + [cycle[0]])}")
    for top in sorted(tops):
        if top not in RANK and not top.startswith("__"):
            problems.append(f"{src}/lib.rs: module `{top}` has no place in tools/layers.py's LAYERS")
    if graph:
        for top in sorted(edges, key=lambda t: RANK.get(t, 99)):
            deps = sorted(edges[top], key=lambda t: RANK.get(t, 99))
            print(f"{top:>16} -> {', '.join(deps)}")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} layer problem(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
