#!/usr/bin/env python3
"""tb/<block>/tops.txt: the one list of a block's top configurations, and its reader.

A line is `name module [NAME=VALUE ...] [@attribute ...]`; '#' starts a comment. The name is
the module's name or starts with it and '_' (sync_fifo_w8_d4 is a sync_fifo). Attributes:
  @vectors  refgen writes golden vectors for this top (csrc/ref/<block>/gen_<block>.c); the
            stimulus is seeded from the top's name, or from KEY with @vectors=KEY, which pins the
            stimulus of a renamed top (a vector file changes only where its top changed)
  @synth    synthesized by `make synth` and linted, never simulated (too large to build)
  @xilinx   `make synth` also runs synth_xilinx on it (a figure a paper publishes)
  @regress  one of the largest configurations: make test's programs leave it out (its C++
            compile and its Icarus elaboration are a large share of make test's time; the
            module runs there in smaller configurations); make sim and make regress build
            it. A test that opens it asks dut_top_built() first.
  @program=NAME[,NAME...]
            on Icarus, elaborated only in the programs named (sim_NAME.vvp), not in the block's
            sim.vvp: the tests of a file that declares HARNESS_PROGRAM(NAME) run there. vvp
            elaborates every root of its program before a test's first cycle (about 1 s per
            15 MB of sim.vvp), so a few large tops in the one program slow every test's start.
            Verilator and SystemC build every top into their one program.

CLI, for the shell scripts:  tops.py BLOCK [--sim | --all] [--with ATTR]
prints the selected tops as `name module NAME=VALUE ...` lines (default: --sim, the tops that
are not @synth; with --with alone: every top that has ATTR).
"""
import os
import re
import sys

ATTRS = ("@vectors", "@synth", "@xilinx", "@regress", "@program")


class TopsError(Exception):
    pass


def parse(path):
    tops = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            where = "%s:%d" % (path, lineno)
            if len(fields) < 2:
                raise TopsError("%s: expected 'name module [NAME=VALUE ...] [@attr ...]'" % where)
            name, module = fields[0], fields[1]
            if not re.match(r"^[A-Za-z][A-Za-z0-9_]*$", name):
                raise TopsError("%s: bad top name '%s'" % (where, name))
            if name != module and not name.startswith(module + "_"):
                raise TopsError("%s: top '%s' must be named after its module: '%s' or '%s_...'"
                                % (where, name, module, module))
            params, attrs, programs = [], [], []
            for p in fields[2:]:
                if p.startswith("@"):
                    if p.split("=", 1)[0] not in ATTRS or (
                            p.count("=") and not p.startswith(("@vectors=", "@program="))):
                        raise TopsError("%s: unknown attribute '%s' (valid: %s)"
                                        % (where, p, " ".join(ATTRS)))
                    if p.split("=", 1)[0] == "@program":
                        if programs:
                            raise TopsError("%s: @program twice (one @program=NAME[,NAME...])"
                                            % where)
                        programs = p.split("=", 1)[1].split(",") if "=" in p else [""]
                        for g in programs:
                            if not re.match(r"^[a-z][a-z0-9_]*$", g) or g == "main":
                                raise TopsError("%s: bad program name '%s' in '%s' (want "
                                                "@program=NAME[,NAME...], NAME [a-z][a-z0-9_]*, not main)"
                                                % (where, g, p))
                    attrs.append(p[1:].split("=", 1)[0])
                    continue
                m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)=(\S+)$", p)
                if not m:
                    raise TopsError("%s: bad parameter '%s' (want NAME=VALUE)" % (where, p))
                params.append((m.group(1), m.group(2)))
            if any(t["name"] == name for t in tops):
                raise TopsError("%s: duplicate top '%s'" % (where, name))
            tops.append({"name": name, "module": module, "params": params, "attrs": attrs,
                         "programs": programs, "line": lineno})
    if not tops:
        raise TopsError("%s: no tops" % path)
    return tops


def block_tops(block, root="."):
    return parse(os.path.join(root, "tb", block, "tops.txt"))


def main(argv):
    args = argv[1:]
    if not args or args[0].startswith("-"):
        sys.stderr.write("usage: tops.py BLOCK [--sim | --all] [--with ATTR]\n")
        return 2
    block, sel, attr = args[0], None, None
    i = 1
    while i < len(args):
        if args[i] in ("--sim", "--all"):
            sel = args[i][2:]
        elif args[i] == "--with" and i + 1 < len(args):
            attr = args[i + 1].lstrip("@")
            i += 1
        else:
            sys.stderr.write("tops.py: unknown argument '%s'\n" % args[i])
            return 2
        i += 1
    if sel is None:
        sel = "all" if attr else "sim"
    try:
        tops = block_tops(block)
    except (TopsError, OSError) as e:
        sys.stderr.write("tops: %s\n" % e)
        return 1
    for t in tops:
        if sel == "sim" and "synth" in t["attrs"]:
            continue
        if attr and attr not in t["attrs"]:
            continue
        print(" ".join([t["name"], t["module"]] + ["%s=%s" % kv for kv in t["params"]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
