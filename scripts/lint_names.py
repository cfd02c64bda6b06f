#!/usr/bin/env python3
"""One name per thing (docs/architecture.md "Names"): `make lint` fails on a name that breaks it.

  - every rtl/<b> has tb/<b>/tops.txt and docs/<b>/index.md; every csrc/ref/<b>, csrc/lib/<b>,
    vectors/<b> and docs/<b> is a block's (a tb/<b>/tops.txt exists);
  - RTL module m (rtl/<b>/m.v) has its model csrc/ref/<b>/m.c or m_model.c, or says in its header
    which model covers it or why it has none: a line `// Model: <path> ...` naming a file that
    exists, or `// Model: none (<reason>)`;
  - a test file tb/<b>/test_<x>.c or test_<x>.py names a module: x is m or starts with m_ for a
    module m; a benchmark file is tb/<b>/bench_<b>.c; a Python test (`@harness.test("<top>")` above
    `async def <name>`) opens a top of tb/<b>/tops.txt, and no two tests of a block, C or Python,
    share a name (make sim TEST=<name> picks one);
  - a unit-test file csrc/{ref,lib}/<b>/test_<x>.c sits beside the source it tests (x.c or x.h,
    or x starts with its stem and '_') and registers UT_SUITE(x); gen_<b>.c only in csrc/ref/<b>;
  - no two C sources or headers share a file name (they are found by name on include paths);
  - a top is named after its module (scripts/tops.py checks that when it reads a tops file);
  - Icarus programs: every HARNESS_PROGRAM(g) of tb/<b>/*.c names a program some top of
    tb/<b>/tops.txt is in (@program=g), one declaration a file, and every @program has a file;
  - RTL module m is documented: docs/<b>/m.md, or m in a heading, in the first cell of a table
    row, or as `m` opening a paragraph of a docs/<b>/*.md page.
Prints one line per finding and exits 1 if there is any.
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tops as tops_mod  # noqa: E402

bad = []


def finding(where, msg):
    bad.append("%s: %s" % (where, msg))


def stem(p):
    return os.path.splitext(os.path.basename(p))[0]


blocks = sorted(os.path.basename(os.path.dirname(p)) for p in glob.glob("tb/*/tops.txt"))
modules = {}  # module -> block
for f in sorted(glob.glob("rtl/*/*.v") + glob.glob("rtl/*/*.sv")):
    modules[stem(f)] = f.split("/")[1]

for layer in ("rtl", "csrc/ref", "csrc/lib", "vectors", "docs"):
    for d in sorted(glob.glob(layer + "/*/")):
        b = os.path.basename(d.rstrip("/"))
        if layer == "rtl" and b == "lint":
            continue
        if b not in blocks:
            finding(d, "folder of no block (a block is a tb/<block>/tops.txt)")
for b in blocks:
    for need in ("docs/%s/index.md" % b,):
        if not os.path.exists(need):
            finding("tb/%s" % b, "block without %s" % need)
    try:
        for t in tops_mod.block_tops(b):
            if t["module"] not in modules:
                finding("tb/%s/tops.txt:%d" % (b, t["line"]), "no RTL module %s" % t["module"])
    except tops_mod.TopsError as e:
        finding("tb/%s/tops.txt" % b, str(e))

# RTL module -> model
for m, b in sorted(modules.items()):
    f = [p for p in glob.glob("rtl/%s/%s.*" % (b, m)) if p.endswith((".v", ".sv"))][0]
    if os.path.exists("csrc/ref/%s/%s.c" % (b, m)) or os.path.exists("csrc/ref/%s/%s_model.c" % (b, m)):
        continue
    tag = None
    with open(f) as fh:
        for line in fh:
            mt = re.match(r"^//\s*Model:\s*(.*)$", line)
            if mt:
                tag = mt.group(1).strip()
                break
    if tag is None:
        finding(f, "no model csrc/ref/%s/%s.c or %s_model.c, and no '// Model:' line saying "
                   "which model covers it or why it has none" % (b, m, m))
        continue
    first = tag.split()[0] if tag else ""
    if first == "none":
        if not re.match(r"^none\s*\(.+\)", tag):
            finding(f, "'// Model: none' needs its reason in parentheses")
    elif not os.path.exists(first):
        finding(f, "'// Model: %s': no such file" % first)

# RTL module -> its documentation
documented = {}
for b in blocks:
    names = set()
    for page in glob.glob("docs/%s/*.md" % b):
        names.add(stem(page))
        with open(page) as fh:
            for line in fh:
                if line.startswith("#"):
                    names.update(re.findall(r"\w+", line))
                elif line.startswith("|"):
                    names.update(re.findall(r"\w+", line.split("|")[1]))
                elif line.startswith("`"):
                    names.update(re.findall(r"^`(\w+)`", line))
    documented[b] = names
for m, b in sorted(modules.items()):
    if m not in documented.get(b, set()):
        finding("rtl/%s/%s.v" % (b, m), "not documented: no docs/%s/%s.md, heading or table row "
                "naming it in docs/%s/" % (b, m, b))

# tb tests and benchmarks
for f in sorted(glob.glob("tb/*/*.c") + glob.glob("tb/*/test_*.py")):
    b, n = f.split("/")[1], stem(f)
    if n.startswith("test_"):
        x = n[len("test_"):]
        if not any(x == m or x.startswith(m + "_") for m in modules):
            finding(f, "test file names no RTL module (test_<module>[_<aspect>]%s)"
                    % os.path.splitext(f)[1])
    elif n.startswith("bench_") and n != "bench_" + b:
        finding(f, "a block's benchmarks are tb/%s/bench_%s.c" % (b, b))

# test names: unique in a block; a Python test's top is one of the block's
C_TEST_RE = re.compile(r"^HARNESS_(?:TEST|XFAIL)\((\w+)[,)]", re.M)
PY_TEST_RE = re.compile(r'^@harness\.test\(\s*"(\w+)"[^\n]*\n(?:@[^\n]*\n)*async def (\w+)\(', re.M)
for b in blocks:
    seen_tests = {}
    try:
        tops_of_b = {t["name"] for t in tops_mod.block_tops(b)}
    except tops_mod.TopsError:
        tops_of_b = set()
    for f in sorted(glob.glob("tb/%s/*.c" % b) + glob.glob("tb/%s/test_*.py" % b)):
        with open(f) as fh:
            text = fh.read()
        if f.endswith(".c"):
            names = C_TEST_RE.findall(text)
        else:
            names = []
            for top, name in PY_TEST_RE.findall(text):
                names.append(name)
                if top not in tops_of_b:
                    finding(f, "test %s opens %s, not a top of tb/%s/tops.txt" % (name, top, b))
            if "@harness.test" in text and not names:
                finding(f, "@harness.test(\"<top>\") must stand right above `async def <name>(`")
        for name in names:
            if name in seen_tests:
                finding(f, "test %s also in %s (a test name is unique in its block)" % (name, seen_tests[name]))
            seen_tests.setdefault(name, f)

# Icarus programs (scripts/build.mk): a file's HARNESS_PROGRAM names a program with tops
for b in blocks:
    try:
        progs = {g for t in tops_mod.block_tops(b) for g in t["programs"]}
    except tops_mod.TopsError:
        continue  # reported above
    used = set()
    for f in sorted(glob.glob("tb/%s/*.c" % b)):
        with open(f) as fh:
            text = fh.read()
        decl = re.findall(r"^HARNESS_PROGRAM\( *([a-z0-9_]+) *\) *;", text, re.M)
        if len(re.findall(r"^\s*HARNESS_PROGRAM\b", text, re.M)) != len(decl):
            finding(f, "HARNESS_PROGRAM(name); at the start of a line, name [a-z0-9_]+ "
                    "(scripts/run_one.sh reads it so)")
        if len(decl) > 1:
            finding(f, "HARNESS_PROGRAM %s: one program a file" % ", ".join(decl))
        for g in decl:
            used.add(g)
            if g not in progs:
                finding(f, "HARNESS_PROGRAM(%s): no top of tb/%s/tops.txt is @program=%s" % (g, b, g))
    for g in sorted(progs - used):
        finding("tb/%s/tops.txt" % b, "@program=%s: no test file declares HARNESS_PROGRAM(%s)" % (g, g))

# unit tests and vector writers
for f in sorted(glob.glob("csrc/ref/*/*.c") + glob.glob("csrc/lib/*/*.c")):
    d, n = os.path.dirname(f), stem(f)
    if n.startswith("test_"):
        x = n[len("test_"):]
        here = {stem(p) for p in glob.glob(d + "/*.[ch]") if not stem(p).startswith(("test_", "gen_"))}
        if not any(x == s or x.startswith(s + "_") for s in here):
            finding(f, "unit-test file names no source beside it (test_<source>[_<aspect>].c)")
        with open(f) as fh:
            suites = re.findall(r"^UT_SUITE\((\w+)\)", fh.read(), re.M)
        if suites != [x]:
            finding(f, "registers UT_SUITE(%s), expected UT_SUITE(%s)" % (",".join(suites), x))
    elif n.startswith("gen_") and (not d.startswith("csrc/ref/") or n != "gen_" + os.path.basename(d)):
        finding(f, "a block's vector writer is csrc/ref/<block>/gen_<block>.c")

# unique C file names
seen = {}
for f in sorted(glob.glob("csrc/**/*.[ch]", recursive=True) + glob.glob("tb/*/*.[ch]")):
    seen.setdefault(os.path.basename(f), []).append(f)
for n, fs in sorted(seen.items()):
    if len(fs) > 1:
        finding(fs[0], "file name also used by %s" % ", ".join(fs[1:]))

for line in bad:
    print(line)
print("names: %s" % ("%d finding(s)" % len(bad) if bad else "clean (%d blocks, %d modules)" % (len(blocks), len(modules))))
sys.exit(1 if bad else 0)
