#!/usr/bin/env python3
"""scripts/gtkw.py - write a GTKWave save file (.gtkw) for the waves of one run.

    scripts/gtkw.py [-o OUT.gtkw] [--names] [--spec FILE] sim_out/<sim>/<block>/<test>-s<seed>/waves.fst

Inputs:
  - the FST's signal list (the header of `fst2vcd <fst>`, up to $enddefinitions);
  - run.log next to the FST: the RUN line (block, simulator) and the
    `  opened <top> (module <m>, instance <i>, ...)` lines (the DUTs of the run);
  - tb/<block>/tops.txt (top -> module) and tb/<block>/waves.txt, the signal spec:
    named groups of signals per RTL module, relative to the module instance
    (format in docs/waves_and_coverage.md and at the top of each waves.txt).

Each spec name is resolved to its full hierarchical name inside each DUT's scope:
  Verilator  TOP.<port> for ports, TOP.<module>.<internal> otherwise
             (one DUT per file: the last one the run opened into it)
  Icarus     tb_<top>.u<inst>.dut.<signal>
  SystemC    <top>_u<inst>.<module>.<signal>
with the bit range for vectors ([71:0]). The .gtkw has one GTKWave group per DUT
holding one group per spec group; vectors in hex, bits in binary.

An unknown name in the spec is an error naming the spec file and line. A DUT the
run opened that is not in this FST (Verilator: in another file) is
skipped with a note. --names prints the trace names, one a line (for checks).
Exit: 0 written, 1 error (one message line on stderr).
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# GTKWave trace flags (gtkwave's TR_* bits): right-justified + radix.
FLAG_HEX, FLAG_DEC, FLAG_BIN, FLAG_SIGNED = 0x22, 0x24, 0x28, 0x424
FORMATS = {"hex": FLAG_HEX, "dec": FLAG_DEC, "bin": FLAG_BIN, "signed": FLAG_SIGNED}
GRP_BEGIN, GRP_END = "@800200", "@1000200"


class Error(Exception):
    pass


# ------------------------------------------------------------------ the FST's signals
class Hier:
    """Scopes and variables of a waves file, in file order."""

    def __init__(self):
        self.vars = {}      # scope path -> list of (name, type, width, range)
        self.children = {}  # scope path -> list of child scope names
        self.roots = []

    def add_scope(self, path, parent):
        if path not in self.vars:
            self.vars[path] = []
            self.children[path] = []
            if parent is None:
                self.roots.append(path)
            else:
                self.children[parent].append(path.rsplit(".", 1)[1] if "." in path else path)

    def has_scope(self, path):
        return path in self.vars

    def var(self, scope, name):
        for v in self.vars.get(scope, []):
            if v[0] == name:
                return v
        return None


def read_hier(fst):
    """Signal list of an FST from the header of fst2vcd (stops reading there)."""
    try:
        p = subprocess.Popen(["fst2vcd", fst], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, errors="replace")
    except OSError as e:
        raise Error("cannot run fst2vcd (from gtkwave): %s" % e)
    h, stack, done = Hier(), [], False
    try:
        for line in p.stdout:
            tok = line.split()
            if not tok:
                continue
            if tok[0] == "$scope" and len(tok) >= 3:
                parent = stack[-1] if stack else None
                path = tok[2] if parent is None else parent + "." + tok[2]
                h.add_scope(path, parent)
                stack.append(path)
            elif tok[0] == "$upscope":
                if stack:
                    stack.pop()
            elif tok[0] == "$var" and len(tok) >= 5 and stack:
                # $var <type> <width> <id> <name> [<range>] $end
                end = tok.index("$end") if "$end" in tok else len(tok)
                name = tok[4]
                rng = "".join(tok[5:end])
                try:
                    width = int(tok[2])
                except ValueError:
                    width = 1
                if h.var(stack[-1], name) is None:
                    h.vars[stack[-1]].append((name, tok[1], width, rng))
            elif tok[0] == "$enddefinitions":
                done = True
                break
    finally:
        p.kill()
        p.wait()
        p.stdout.close()
        err = p.stderr.read().strip()
        p.stderr.close()
    if not done:
        why = err.splitlines()[-1] if err else "no header"
        raise Error("%s: not a readable FST (fst2vcd: %s)" % (fst, why))
    return h


# ------------------------------------------------------------------ run.log, tops, spec
RUN_RE = re.compile(r"^RUN\s+([A-Za-z0-9_]+)\.([A-Za-z0-9_]+) sim=(\S+)")
OPEN_RE = re.compile(r"^\s+opened (\S+) \(module (\S+), instance (\d+), \d+ ports\)"
                     r"(?:, waves: (\S+))?")


def read_runlog(path):
    block = sim = None
    opened = []  # (top, module, inst, wave path or None), in order
    try:
        with open(path) as f:
            for line in f:
                m = RUN_RE.match(line)
                if m and block is None:
                    block, sim = m.group(1), m.group(3)
                m = OPEN_RE.match(line)
                if m:
                    opened.append((m.group(1), m.group(2), int(m.group(3)), m.group(4)))
    except OSError as e:
        raise Error("cannot read %s (the run's log, next to its waves): %s" % (path, e.strerror))
    if block is None:
        raise Error("%s: no 'RUN <block>.<test> sim=..' line" % path)
    return block, sim, opened


def read_tops(path):
    tops = {}
    try:
        with open(path) as f:
            for line in f:
                tok = line.split("#", 1)[0].split()
                if len(tok) >= 2:
                    tops[tok[0]] = tok[1]
    except OSError as e:
        raise Error("cannot read %s: %s" % (path, e.strerror))
    return tops


def read_spec(path, modules):
    """waves.txt -> {module: [(group, [(name, fmt, lineno)], lineno)]}."""
    spec, module, group = {}, None, None
    rel = shown(path)
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise Error("cannot read %s: %s" % (rel, e.strerror))
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        where = "%s:%d" % (rel, n)
        m = re.match(r"^\[\s*([A-Za-z_][A-Za-z0-9_$]*)\s*\]$", line.strip())
        if m:
            module = m.group(1)
            if module not in modules:
                raise Error("%s: unknown module '%s'; modules of tops.txt: %s"
                            % (where, module, " ".join(sorted(modules))))
            if module in spec:
                raise Error("%s: module '%s' has a section already" % (where, module))
            spec[module], group = [], None
            continue
        if module is None:
            raise Error("%s: '%s' before the first [module] line" % (where, line.strip()))
        if line[0] in " \t":
            if group is None:
                raise Error("%s: indented line (a continuation) without a group above it; "
                            "group lines start in column 1" % where)
            names = line.split()
        else:
            if ":" not in line:
                raise Error("%s: want 'group name: signal ...' (or [module])" % where)
            gname, rest = line.split(":", 1)
            gname = " ".join(gname.split())
            if not gname:
                raise Error("%s: group without a name" % where)
            if any(g[0] == gname for g in spec[module]):
                raise Error("%s: group '%s' of %s defined twice" % (where, gname, module))
            group = (gname, [], n)
            spec[module].append(group)
            names = rest.split()
        for tok in names:
            name, _, fmt = tok.partition(":")
            if fmt and fmt not in FORMATS:
                raise Error("%s: '%s': unknown format ':%s'; valid: %s"
                            % (where, tok, fmt, " ".join(FORMATS)))
            if not re.match(r"^[A-Za-z0-9_$*?\[\].\\]+$", name) or name.startswith(".") \
                    or name.endswith(".") or ".." in name:
                raise Error("%s: '%s' is not a signal name" % (where, tok))
            group[1].append((name, fmt or None, n))
    for mod, groups in spec.items():
        for gname, sigs, n in groups:
            if not sigs:
                raise Error("%s:%d: group '%s' of %s names no signal" % (rel, n, gname, mod))
    return spec


# ------------------------------------------------------------------ DUT scopes
class Dut:
    def __init__(self, top, module, inst, base, ports, style):
        self.top, self.module, self.inst = top, module, inst
        self.base = base    # the module instance's scope
        self.ports = ports  # where the ports are shown (Verilator: TOP)
        self.style = style

    @property
    def label(self):
        return "%s.u%d (%s)" % (self.top, self.inst, self.module)


def find_duts(h, opened, fst):
    """The DUTs of the run present in this FST, in the order the run opened them, and
    the ones that are not (top.u<inst>)."""
    duts, seen, missing = [], set(), []
    base_name = os.path.basename(fst)
    # Verilator: one model per file, at TOP; run.log names each DUT's file, so the
    # file holds the (last) DUT logged with its name.
    vl_last = None
    for o in opened:
        if o[3] is None or os.path.basename(o[3]) == base_name:
            vl_last = o
    for top, module, inst, _ in opened:
        key = (top, inst)
        if key in seen:
            continue
        icarus = "tb_%s.u%d.dut" % (top, inst)
        systemc = "%s_u%d.%s" % (top, inst, module)
        if h.has_scope(icarus):
            duts.append(Dut(top, module, inst, icarus, icarus, "icarus"))
        elif h.has_scope(systemc):
            duts.append(Dut(top, module, inst, systemc, systemc, "systemc"))
        elif h.has_scope("TOP." + module) and vl_last and vl_last[:3] == (top, module, inst):
            duts.append(Dut(top, module, inst, "TOP." + module, "TOP", "verilator"))
        else:
            continue
        seen.add(key)
    for top, _, inst, wave in opened:
        label = "%s.u%d" % (top, inst)
        if (top, inst) in seen or label in [m[0] for m in missing]:
            continue
        if wave and os.path.basename(wave) != base_name:
            why = "written to %s, not this file" % os.path.basename(wave)
        elif vl_last and any(d.style == "verilator" for d in duts):
            why = ("not in this file: it holds %s.u%d, one Verilator model per file"
                   % (vl_last[0], vl_last[2]))
        else:
            why = "not in this file"
        missing.append((label, why))
    return duts, missing


def level_re(pat):
    """A spec name level: * and ? are wildcards (not crossing a dot), the rest literal."""
    return re.compile("^" + "".join("[^.]*" if c == "*" else "[^.]" if c == "?" else re.escape(c)
                                    for c in pat) + "$")


def natural(s):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def resolve(h, dut, name):
    """Full names (scope.var, var entry) of a spec name in a DUT; [] if none."""
    parts = name.split(".")
    wild = any(c in name for c in "*?")
    scopes = [dut.base]
    for part in parts[:-1]:
        rx = level_re(part)
        scopes = [s + "." + c for s in scopes for c in h.children.get(s, []) if rx.match(c)]
    rx = level_re(parts[-1])
    found = []
    for s in scopes:
        for v in h.vars.get(s, []):
            # a wildcard skips elaboration constants and loop variables
            if rx.match(v[0]) and (not wild or v[1] not in ("parameter", "integer")):
                scope = s
                if s == dut.base and dut.ports != dut.base:
                    pv = h.var(dut.ports, v[0])
                    if pv is not None and pv[2] == v[2]:
                        scope, v = dut.ports, pv
                found.append((scope + "." + v[0], v))
    found.sort(key=lambda fv: natural(fv[0]))
    return found


def shown(path):
    """A path as the user typed it: relative if under the current directory."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def trace_name(full, v):
    """The name GTKWave gives the trace: an integer has no range, a 1-bit vector declared
    [n:n] is x[n] (any other spelling is not found when the save file loads)."""
    if v[1] == "integer":
        return full
    m = re.match(r"^\[(\d+):(\d+)\]$", v[3])
    if m and m.group(1) == m.group(2):
        return "%s[%s]" % (full, m.group(1))
    return full + v[3]


def flag_of(v, fmt):
    if fmt:
        return FORMATS[fmt]
    return FLAG_HEX if v[2] > 1 else FLAG_BIN


def default_groups(h, dut):
    """No spec section for the module: every signal where the ports are."""
    names = [v[0] for v in h.vars[dut.ports] if v[1] != "parameter"]
    return [("signals", [(n, None, 0) for n in names], 0)]


# ------------------------------------------------------------------ output
def build(fst, spec_path, out, runlog):
    fst = os.path.abspath(fst)
    if not os.path.isfile(fst):
        raise Error("no waves file %s" % fst)
    block, sim, opened = read_runlog(runlog)
    tops = read_tops(os.path.join(ROOT, "tb", block, "tops.txt"))
    spec_path = spec_path or os.path.join(ROOT, "tb", block, "waves.txt")
    spec = read_spec(spec_path, set(tops.values()))
    h = read_hier(fst)
    if not opened:
        raise Error("%s: the run opened no DUT" % runlog)
    duts, skipped = find_duts(h, opened, fst)
    if not duts:
        raise Error("none of the DUTs of the run (%s) is in %s (scopes: %s)"
                    % (", ".join("%s.u%d" % (o[0], o[2]) for o in opened), fst,
                       " ".join(h.roots)))
    rel_spec = shown(spec_path)
    body, names, treeopen, noted = [], [], [], set()
    for d in duts:
        groups = spec.get(d.module)
        if groups is None:
            if d.module not in noted:
                print("gtkw.py: note: %s has no [%s] section; showing all its signals"
                      % (rel_spec, d.module), file=sys.stderr)
                noted.add(d.module)
            groups = default_groups(h, d)
        body += [GRP_BEGIN, "-" + d.label]
        for gname, sigs, _ in groups:
            body += [GRP_BEGIN, "-" + gname]
            flag = None
            for name, fmt, line in sigs:
                found = resolve(h, d, name)
                if not found:
                    raise Error("%s:%d: no signal '%s' in module %s (looked in %s of %s)"
                                % (rel_spec, line, name, d.module, d.base, shown(fst)))
                for full, v in found:
                    f = "@%x" % flag_of(v, fmt)
                    if f != flag:
                        body.append(f)
                        flag = f
                    body.append(trace_name(full, v))
                    names.append(trace_name(full, v))
            body += [GRP_END, "-" + gname]
        body += [GRP_END, "-" + d.label]
        for s in sorted({d.ports, d.base}):
            parts = s.split(".")
            for i in range(1, len(parts) + 1):
                t = ".".join(parts[:i]) + "."
                if t not in treeopen:
                    treeopen.append(t)
    out = os.path.abspath(out or os.path.splitext(fst)[0] + ".gtkw")
    head = [
        "[*] GTKWave save file written by scripts/gtkw.py (block %s, %s, spec %s)"
        % (block, sim, rel_spec),
        '[dumpfile] "%s"' % fst,
        '[savefile] "%s"' % out,
        "[timestart] 0",
        "[size] 1400 800",
        "[pos] -1 -1",
    ] + ["[treeopen] %s" % t for t in treeopen] + [
        "[sst_width] 260",
        "[signals_width] 320",
        "[sst_expanded] 1",
        "[sst_vpaned_height] 240",
    ]
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(head + body) + "\n")
    os.replace(tmp, out)
    return out, duts, skipped, names


def main():
    ap = argparse.ArgumentParser(description="Write a GTKWave save file for one run's waves.")
    ap.add_argument("fst", help="sim_out/<sim>/<block>/<test>-s<seed>/waves.fst")
    ap.add_argument("-o", "--out", help="output (default: the FST's name with .gtkw)")
    ap.add_argument("--spec", help="signal spec (default: tb/<block>/waves.txt)")
    ap.add_argument("--runlog", help="the run's log (default: run.log next to the FST)")
    ap.add_argument("--names", action="store_true", help="print the trace names, one a line")
    a = ap.parse_args()
    runlog = a.runlog or os.path.join(os.path.dirname(os.path.abspath(a.fst)), "run.log")
    try:
        out, duts, skipped, names = build(a.fst, a.spec, a.out, runlog)
    except Error as e:
        print("gtkw.py: %s" % e, file=sys.stderr)
        return 1
    if a.names:
        print("\n".join(names))
    else:
        print("wrote %s: %d signal(s) of %s" % (shown(out), len(names),
                                                ", ".join(d.label for d in duts)))
    for label, why in skipped:
        print("gtkw.py: note: %s, opened by the run: %s" % (label, why), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
