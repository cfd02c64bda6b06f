#!/usr/bin/env python3
"""regmap.py: one SystemRDL register map, three generated files (`make regs`).

    scripts/regmap.py rtl/<b>/<name>.rdl ...          write the outputs where they belong:
        rtl/<b>/<name>_map.vh        the register decode, a Verilog-2005 fragment the RTL includes
        csrc/ref/<b>/<name>_map.h    the C header of the model and the tests
        docs/<b>/<name>_map.md       the register table of the docs
    scripts/regmap.py --check FILE.rdl ...           exit 1 naming every output that differs
    scripts/regmap.py --outdir DIR FILE.rdl          write the three files into DIR (self-check)

Why not PeakRDL's generators (docs/sue/sue_regs.md "Register description"): peakrdl-regblock
writes SystemVerilog with packages and unpacked structs that Icarus 11 and Yosys 0.23 reject, and
like peakrdl-cheader and peakrdl-markdown it bakes in the values at the default parameters, where
this map has resets, constants and array lengths that follow the RTL parameters.

The subset of SystemRDL this generator takes (anything else stops it with a message):
  - an addrmap of 32-bit registers, single, in regfile arrays, or in one flat regfile (hw_flat);
  - fields of five kinds: sw=r hw=na (a constant: `reset`, or the parameter expression
    param_reset), sw=rw hw=r (a configuration field stored here), sw=r hw=w (read from the
    hardware), sw=w singlepulse (a pulse at the write), sw=w swmod (write-only data: the word's
    bits and a strobe at the write, nothing stored), sw=rw onwrite=woclr hwset (an event
    bit stored here: the hardware sets it, software writes 1 to clear it; a set and a clear at
    the same edge leave it set, so no event is lost);
  - wr_gate = "F": the field is written as 0 unless field F (one bit, same register) is written 1;
  - param_count = "EXPR" on an array: elements below EXPR exist, the others read 0 and ignore
    writes; the declared size is the address space (a power of two, aligned);
  - hw_flat on a regfile of hardware-written registers, one layout: the RTL gives its words as one
    vector; index_enum = "PREFIX" names the C enum of their word indices.
Parameter expressions are Verilog (identifiers, decimal numbers, + - * / % ( ) ? : == != < > <=
>=); in C an identifier NAME becomes (P)->name, P a pointer to the block's parameter struct.

The Verilog fragment (included inside the module, after these declarations) takes:
  clk, rst_n; rg_addr [AW-1:0] (the word address decoded now); rg_we (a write happens at this
  edge); rg_wdata [31:0], rg_wstrb [3:0] (its data and byte strobes; a strobed-off byte keeps its
  value); hwset_<reg> [31:0] for every register with event (woclr) fields (bit b sets field bit b
  at this edge); hw_<reg> [31:0] for every register with hardware-written fields (hw_<array>_<reg> of
  the element rg_<array>_idx selects; hw_<flat> [32 NW-1:0] for a flat regfile);
and declares: rg_rdata [31:0] (the word at rg_addr), rg_<reg>_<field> (a stored field, or a pulse
one cycle wide at the write edge), rg_<array>_<reg>_<field> [COUNT W-1:0] (element i at
[W i +: W]), rg_<array>_idx (a hardware array's element being decoded), and the localparams
<PREFIX>_<FLAT>_ON (words of a flat regfile that exist) and <PREFIX>_<FLAT>_<REG>_I (word index).
"""
import argparse
import os
import re
import sys

try:
    from systemrdl import RDLCompiler, RDLCompileError
    from systemrdl.node import RegfileNode, RegNode
except ImportError:
    sys.exit("regmap: systemrdl-compiler missing: run scripts/install_tools.sh (it fills .venv/) "
             "and call .venv/bin/python3 scripts/regmap.py")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class MapError(Exception):
    pass


def text(node):
    """A description on one line (the .rdl may wrap a long one)."""
    return " ".join((node.get_property("desc") or "").split())


# ------------------------------------------------------------------------------- the map model
class Field:
    def __init__(self, node):
        self.name = node.inst_name
        self.lsb, self.width = node.lsb, node.width
        self.msb = node.msb
        self.mask = ((1 << self.width) - 1) << self.lsb
        sw, hw = node.get_property("sw").name, node.get_property("hw").name
        self.desc = text(node)
        self.reset = node.get_property("reset") or 0
        if not isinstance(self.reset, int):
            raise MapError("%s: reset must be a number" % node.get_path())
        self.preset = node.get_property("param_reset")
        self.gate = node.get_property("wr_gate")
        onwrite = node.get_property("onwrite")
        if onwrite is not None or node.get_property("hwset"):
            if (sw != "rw" or onwrite is None or onwrite.name != "woclr"
                    or not node.get_property("hwset")):
                raise MapError("%s: an event field is sw=rw, onwrite=woclr and hwset"
                               % node.get_path())
            self.kind = "event"
        elif (sw, hw) == ("r", "na"):
            self.kind = "const"
        elif (sw, hw) == ("rw", "r"):
            self.kind = "cfg"
        elif (sw, hw) == ("r", "w"):
            self.kind = "hw"
        elif (sw, hw) == ("w", "r") and node.get_property("singlepulse"):
            self.kind = "pulse"
        elif (sw, hw) == ("w", "r") and node.get_property("swmod"):
            self.kind = "wdata"
        else:
            raise MapError("%s: sw=%s hw=%s not supported (r/na, rw/r, r/w, w/r singlepulse, "
                           "w/r swmod, rw woclr hwset)"
                           % (node.get_path(), sw, hw))
        if self.preset is not None and self.kind not in ("const", "cfg"):
            raise MapError("%s: param_reset on a field that holds no value" % node.get_path())
        if self.preset is not None:
            check_expr(self.preset, node.get_path())
        if self.gate is not None and self.kind != "cfg":
            raise MapError("%s: wr_gate on a field that is not stored" % node.get_path())

    @property
    def access(self):
        return {"const": "RO", "cfg": "RW", "hw": "RO", "pulse": "WO", "wdata": "WO",
                "event": "W1C"}[self.kind]


class Reg:
    def __init__(self, node, offset):
        if node.get_property("regwidth") != 32:
            raise MapError("%s: only 32-bit registers" % node.get_path())
        if node.is_array:
            raise MapError("%s: arrays of registers: put the register in a regfile array"
                           % node.get_path())
        self.name = node.inst_name
        self.offset = offset  # bytes, from the start of its group
        self.desc = text(node)
        self.fields = sorted((Field(f) for f in node.fields()), key=lambda f: f.lsb)
        names = {f.name: f for f in self.fields}
        for f in self.fields:
            if f.gate is not None:
                g = names.get(f.gate)
                if g is None or g.width != 1 or g.kind != "cfg":
                    raise MapError("%s.%s: wr_gate names no stored one-bit field of %s"
                                   % (node.get_path(), f.name, self.name))
                f.gate_lsb = g.lsb

    @property
    def access(self):
        acc = {f.access for f in self.fields}
        return acc.pop() if len(acc) == 1 else "/".join(sorted(acc))

    def kinds(self):
        return {f.kind for f in self.fields}

    def reset_word(self):
        return sum(f.reset << f.lsb for f in self.fields)


class Group:
    """A single register (kind 'reg'), a regfile array ('array') or a flat regfile ('flat')."""

    def __init__(self, kind, name, base, regs, desc="", num=1, stride=0, count=None, enum=None):
        self.kind, self.name, self.base, self.regs, self.desc = kind, name, base, regs, desc
        self.num, self.stride, self.count, self.enum = num, stride, count, enum


def check_expr(expr, where):
    if (not re.fullmatch(r"[A-Za-z0-9_ +\-*/%()?:<>=!]+", expr)
            or re.search(r"[A-Za-z_]\w*\s*\(", expr)):
        raise MapError("%s: parameter expression %r: identifiers, decimal numbers and operators "
                       "only" % (where, expr))
    for tok in re.findall(r"\w+", expr):
        if tok[0].isdigit() and not tok.isdigit():
            raise MapError("%s: %r: numbers are decimal" % (where, expr))


def log2(n):
    return n.bit_length() - 1


def is_pow2(n):
    return n > 0 and n & (n - 1) == 0


class Map:
    def __init__(self, rdl_path):
        rdlc = RDLCompiler()
        try:
            rdlc.compile_file(rdl_path)
            top = rdlc.elaborate().top
        except RDLCompileError:
            raise MapError("%s: does not compile (messages above)" % rdl_path)
        self.name = top.inst_name
        self.desc = text(top)
        self.title = top.get_property("name") or self.name
        self.prefix = top.get_property("macro_prefix") or self.name.upper()
        if not is_pow2(top.size):
            top_size = 1 << top.size.bit_length()
        else:
            top_size = top.size
        self.aw = log2(top_size) - 2  # word address bits
        self.groups = []
        for child in top.children():
            if isinstance(child, RegNode):
                desc = text(child)
                self.groups.append(Group("reg", child.inst_name, child.absolute_address,
                                         [Reg(child, 0)], desc))
            elif isinstance(child, RegfileNode):
                self.groups.append(self._regfile(child))
            else:
                raise MapError("%s: only registers and regfiles in the addrmap" % child.get_path())
        self.groups.sort(key=lambda g: g.base)

    def _regfile(self, node):
        regs = []
        for r in node.children():
            if not isinstance(r, RegNode):
                raise MapError("%s: a regfile holds registers only" % r.get_path())
            regs.append(Reg(r, r.address_offset))
        desc = text(node)
        path = node.get_path()
        if node.get_property("hw_flat"):
            if node.is_array:
                raise MapError("%s: hw_flat regfile cannot be an array" % path)
            masks = {tuple((f.lsb, f.width) for f in r.fields) for r in regs}
            if any(r.kinds() != {"hw"} for r in regs) or len(masks) != 1:
                raise MapError("%s: hw_flat needs hardware-written registers of one layout" % path)
            nw = max(r.offset for r in regs) // 4 + 1
            span = 1 << max(0, (nw - 1).bit_length())
            if node.absolute_address % (4 * span):
                raise MapError("%s: hw_flat regfile not aligned to its span" % path)
            return Group("flat", node.inst_name, node.absolute_address, regs, desc, num=nw,
                         stride=4, enum=node.get_property("index_enum"))
        if not node.is_array or len(node.array_dimensions) != 1:
            raise MapError("%s: a regfile is an array (one dimension) or hw_flat" % path)
        num, stride = node.array_dimensions[0], node.array_stride
        if not is_pow2(num) or not is_pow2(stride) or stride < 4:
            raise MapError("%s: array size and stride must be powers of two" % path)
        if node.raw_absolute_address % (num * stride):
            raise MapError("%s: array not aligned to its span" % path)
        kinds = set().union(*(r.kinds() for r in regs))
        if kinds not in ({"cfg"}, {"hw"}):  # (event fields: single registers only)
            raise MapError("%s: an array holds stored fields only or hardware-written ones only"
                           % path)
        count = node.get_property("param_count")
        if count is not None:
            check_expr(count, path)
        return Group("array", node.inst_name, node.raw_absolute_address, regs, desc, num=num,
                     stride=stride, count=count)


# ------------------------------------------------------------------------------- C
def c_expr(expr):
    def tok(m):
        t = m.group(0)
        return t + "u" if t.isdigit() else "(P)->%s" % t.lower()
    return "(" + re.sub(r"\b\w+\b", tok, expr) + ")"


def c_comment(text):
    return text.replace("*/", "* /")


def gen_c(m, src):
    p = m.prefix
    guard = re.sub(r"\W", "_", "%s_MAP_H" % m.name.upper())
    o = ["/*",
         " * %s_map.h - generated from %s by scripts/regmap.py (`make regs`): do not edit."
         % (m.name, src),
         " * %s: %s" % (m.title, c_comment(m.desc)),
         " * Per field F (<reg>_<field>): F_LSB, F_WIDTH, F_MASK (in place) and F_RESET, or"
         " F_RESET(P)",
         " * where the reset follows the parameters (P: a pointer to the parameter struct).",
         " */",
         "#ifndef %s" % guard, "#define %s" % guard, "",
         "#include <stdint.h>", "",
         "#ifdef __cplusplus", 'extern "C" {', "#endif", "",
         "/* Field access: F is a field's name, e.g. %s_GET(v, %s). */"
         % (p, field_macro_example(m)),
         "#define %s_GET(v, F) (((uint32_t)(v) & F##_MASK) >> F##_LSB)" % p,
         "#define %s_PUT(F, x) (((uint32_t)(x) << F##_LSB) & F##_MASK)" % p, ""]

    def fields(name, reg):
        for f in reg.fields:
            fn = "%s_%s" % (name, f.name.upper())
            o.append("#define %s_LSB %du" % (fn, f.lsb))
            o.append("#define %s_WIDTH %du" % (fn, f.width))
            o.append("#define %s_MASK 0x%08Xu" % (fn, f.mask))
            if f.kind in ("const", "cfg", "event"):
                if f.preset is not None:
                    o.append("#define %s_RESET(P) %s" % (fn, c_expr(f.preset)))
                else:
                    o.append("#define %s_RESET 0x%Xu" % (fn, f.reset))

    for g in m.groups:
        gn = "%s_%s" % (p, g.name.upper())
        if g.kind == "reg":
            r = g.regs[0]
            o.append("/* 0x%03X %s (%s): %s */" % (g.base, g.name, r.access, c_comment(r.desc)))
            o.append("#define %s 0x%03Xu" % (gn, g.base))
            fields(gn, r)
        elif g.kind == "array":
            ix = g.name[0].lower()
            o.append("/* 0x%03X + 0x%X %s: %s[%s], %s < %s (%d of address space): %s */"
                     % (g.base, g.stride, ix, g.name, ix, ix, g.count or g.num, g.num,
                        c_comment(g.desc)))
            o.append("#define %s(%s) (0x%03Xu + 0x%Xu * (%s))" % (gn, ix, g.base, g.stride, ix))
            o.append("#define %s_STRIDE 0x%Xu" % (gn, g.stride))
            o.append("#define %s_NUM %du" % (gn, g.num))
            o.append("#define %s_COUNT(P) %s" % (gn, c_expr(g.count) if g.count else "%du" % g.num))
            for r in g.regs:
                rn = "%s_%s" % (gn, r.name.upper())
                o.append("/* %s[%s] + 0x%X %s (%s): %s */"
                         % (g.name, ix, r.offset, r.name, r.access, c_comment(r.desc)))
                o.append("#define %s_OFF 0x%Xu" % (rn, r.offset))
                o.append("#define %s(%s) (%s(%s) + 0x%Xu)" % (rn, ix, gn, ix, r.offset))
                fields(rn, r)
        else:  # flat
            on = sum(1 << (r.offset // 4) for r in g.regs)
            o.append("/* 0x%03X + 4i %s (RO): %s Words i < %d, those named below exist. */"
                     % (g.base, g.name, c_comment(g.desc), g.num))
            o.append("#define %s(i) (0x%03Xu + 4u * (i))" % (gn, g.base))
            o.append("#define %s_NUM %du" % (gn, g.num))
            o.append("#define %s_ON 0x%016Xull /* bit i: word i exists */" % (gn, on))
            fields(gn, g.regs[0])
            if g.enum:
                o.append("enum {")
                for r in g.regs:
                    o.append("  %s_%s = %d, /* %s */" % (g.enum, r.name.upper(), r.offset // 4,
                                                         c_comment(r.desc)))
                o.append("};")
                o.append("/* X(index, \"name\") for every word that exists */")
                o.append("#define %s_FOREACH(X) \\" % gn)
                for i, r in enumerate(g.regs):
                    o.append("  X(%s_%s, \"%s\")%s" % (g.enum, r.name.upper(), r.name,
                                                      " \\" if i + 1 < len(g.regs) else ""))
        o.append("")
    o += field_table(m)
    o += ["#ifdef __cplusplus", "}", "#endif", "#endif", ""]
    return clang_format("\n".join(o))


def field_table(m):
    """X(name, address of element 0, stride, elements, F, access, reset, gate mask) for every
    field of the single registers and the arrays: what a test walks through."""
    p = m.prefix
    rows = []
    for g in m.groups:
        if g.kind == "flat":
            continue
        gn = "%s_%s" % (p, g.name.upper())
        for r in g.regs:
            if g.kind == "reg":
                addr, stride, count, rn, label = gn, "0u", "1u", gn, g.name
            else:
                ix = g.name[0].lower()
                rn = "%s_%s" % (gn, r.name.upper())
                addr, stride = "%s(0)" % rn, "%s_STRIDE" % gn
                count = "%s_COUNT(p)" % gn
                label = "%s[%s].%s" % (g.name, ix, r.name)
            for f in r.fields:
                fn = "%s_%s" % (rn, f.name.upper())
                acc = {"const": "RO", "cfg": "RW", "hw": "RH", "pulse": "WO", "wdata": "WO",
                       "event": "W1C"}[f.kind]
                if f.kind in ("const", "cfg", "event"):
                    reset = "%s_RESET(p)" % fn if f.preset is not None else "%s_RESET" % fn
                else:
                    reset = "0u"
                gate = "%s_%s_MASK" % (rn, f.gate.upper()) if f.gate else "0u"
                rows.append('X("%s.%s", %s, %s, %s, %s, %s, %s, %s)'
                            % (label, f.name, addr, stride, count, fn, acc, reset, gate))
    return ["/* Every field of the single registers and the arrays, as",
            " * X(\"REG.FIELD\", address of element 0, stride, elements, F, access, reset, gate):",
            " * access RO (a constant), RW, RH (read from the hardware), WO or W1C (set by the",
            " * hardware, cleared by writing 1); reset and elements",
            " * may use p, a pointer to the parameter struct; gate: the mask of the wr_gate"
            " field. */",
            "#define %s_FIELDS(X) \\" % p] + \
           ["  %s%s" % (r, " \\" if i + 1 < len(rows) else "") for i, r in enumerate(rows)] + [""]


def clang_format(text):
    """The header as the repository's clang-format check wants it (.clang-format at the root)."""
    import subprocess
    try:
        r = subprocess.run(["clang-format", "--style=file", "--assume-filename=%s/csrc/x.h" % ROOT],
                           input=text, capture_output=True, text=True, cwd=ROOT, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        raise MapError("clang-format failed (scripts/install_tools.sh installs it): %s" % e)
    return r.stdout


def field_macro_example(m):
    for g in m.groups:
        if g.kind == "reg":
            return "%s_%s_%s" % (m.prefix, g.name.upper(), g.regs[0].fields[0].name.upper())
    return "F"


# ------------------------------------------------------------------------------- Verilog
def vlit(width, value):
    return "%d'h%X" % (width, value)


def zeros(n):
    return "%d'd0" % n


def concat(parts):
    """parts: (msb, lsb, expr) of the fields, any order; gaps are zeros. A 32-bit concatenation."""
    out, pos = [], 32
    for msb, lsb, e in sorted(parts, key=lambda t: -t[0]):
        if msb + 1 < pos:
            out.append(zeros(pos - msb - 1))
        out.append(e)
        pos = lsb
    if pos > 0:
        out.append(zeros(pos))
    return out[0] if len(out) == 1 else "{" + ", ".join(out) + "}"


def gen_v(m, src):
    p, aw = m.prefix, m.aw
    o = ["// %s_map.vh - generated from %s by scripts/regmap.py (`make regs`): do not edit."
         % (m.name, src),
         "// The register decode of %s: address decode, read multiplexer, byte-strobed writes and"
         % m.name,
         "// the storage of every configuration field, included inside the module. The module",
         "// declares before the include: clk, rst_n, rg_addr [%d:0] (word address decoded now),"
         % (aw - 1),
         "// rg_we (a write happens at this edge), rg_wdata [31:0], rg_wstrb [3:0], and the words"
         " of",
         "// the hardware-written registers:"]
    for g in m.groups:
        if g.kind == "reg" and "event" in g.regs[0].kinds():
            o.append("//   hwset_%s [31:0] (bit b sets event bit b)" % g.name.lower())
        if g.kind == "reg" and "hw" in g.regs[0].kinds():
            o.append("//   hw_%s [31:0]" % g.name.lower())
        elif g.kind == "array" and "hw" in g.regs[0].kinds():
            words = ", ".join("hw_%s_%s" % (g.name.lower(), r.name.lower()) for r in g.regs)
            o.append("//   %s [31:0] of element rg_%s_idx" % (words, g.name.lower()))
        elif g.kind == "flat":
            o.append("//   hw_%s [%d*32-1:0] (word i at [32i +: 32])" % (g.name.lower(), g.num))
    o += ["// It declares rg_rdata (the word at rg_addr) and a signal per field (regmap.py).",
          ""]

    rd_cases, wr_cases, resets, decls, pulses, extra_rd, post = [], [], [], [], [], [], []
    events = []

    def field_reset(pname, f):
        if f.preset is not None:
            decls.append("localparam [31:0] %s_RST = %s;" % (pname, f.preset))
            return "%s_RST[%d:0]" % (pname, f.width - 1)
        return vlit(f.width, f.reset)

    def write_value(f):
        v = "rg_wv[%d:%d]" % (f.msb, f.lsb) if f.width > 1 else "rg_wv[%d]" % f.lsb
        if f.gate is not None:
            gate = "rg_wv[%d]" % f.gate_lsb
            v = "%s & %s" % (v, gate if f.width == 1 else "{%d{%s}}" % (f.width, gate))
        return v

    for g in m.groups:
        gl, gu = g.name.lower(), g.name.upper()
        if g.kind == "reg":
            r = g.regs[0]
            wa = vlit(aw, g.base // 4)
            parts, writes = [], []
            for f in r.fields:
                sig = "rg_%s_%s" % (gl, f.name.lower())
                pname = "%s_%s_%s" % (p, gu, f.name.upper())
                rng = "[%d:0] " % (f.width - 1) if f.width > 1 else ""
                if f.kind == "const":
                    if f.preset is not None:
                        decls.append("localparam [31:0] %s_RST = %s;" % (pname, f.preset))
                        parts.append((f.msb, f.lsb, "%s_RST[%d:0]" % (pname, f.width - 1)))
                    else:
                        parts.append((f.msb, f.lsb, vlit(f.width, f.reset)))
                elif f.kind == "cfg":
                    decls.append("reg  %s%s;" % (rng, sig))
                    resets.append("%s <= %s;" % (sig, field_reset(pname, f)))
                    writes.append("%s <= %s;" % (sig, write_value(f)))
                    parts.append((f.msb, f.lsb, sig))
                elif f.kind == "hw":
                    parts.append((f.msb, f.lsb, None))
                elif f.kind == "event":
                    # written ones clear: the strobed bytes of the written data, not rg_wv
                    # (whose other bytes are the current word, ones included)
                    decls.append("reg  %s%s;" % (rng, sig))
                    sl = "[%d:%d]" % (f.msb, f.lsb) if f.width > 1 else "[%d]" % f.lsb
                    hit = "rg_we && rg_addr == %s" % wa
                    clr = "rg_wclr%s" % sl
                    clr = ("(%s) & %s" % (hit, clr) if f.width == 1
                           else "{%d{%s}} & %s" % (f.width, hit, clr))
                    events.append("\n".join([
                        "always @(posedge clk or negedge rst_n) begin  // %s.%s: set wins"
                        % (g.name, f.name),
                        "  if (!rst_n) %s <= %s;" % (sig, vlit(f.width, f.reset)),
                        "  else %s <= (%s & ~(%s)) | hwset_%s%s;" % (sig, sig, clr, gl, sl),
                        "end"]))
                    parts.append((f.msb, f.lsb, sig))
                elif f.kind == "wdata":
                    # the written bits (strobed-off bytes 0: a write-only word reads 0) and
                    # the strobe of the write
                    v = "rg_wv[%d:%d]" % (f.msb, f.lsb) if f.width > 1 else "rg_wv[%d]" % f.lsb
                    pulses.append("wire %s%s = %s;" % (rng, sig, v))
                    pulses.append("wire %s_swmod = rg_we && rg_addr == %s;" % (sig, wa))
                else:  # pulse
                    v = "rg_wv[%d:%d]" % (f.msb, f.lsb) if f.width > 1 else "rg_wv[%d]" % f.lsb
                    hit = "rg_we && rg_addr == %s" % wa
                    e = ("(%s) & %s" % (hit, v) if f.width == 1
                         else "{%d{%s}} & %s" % (f.width, hit, v))
                    pulses.append("wire %s%s = %s;" % (rng, sig, e))
            if "hw" in r.kinds():
                parts = [t for t in parts if t[2] is not None] + hw_runs("hw_%s" % gl, r)
                post.append(unused_bits("hw_%s" % gl, r, "hw"))
            if "event" in r.kinds():
                post.append(unused_bits("hwset_%s" % gl, r, "event"))
            if parts:
                rd_cases.append("%s: rg_rdata = %s;  // %s" % (wa, concat(parts), g.name))
            if writes:
                wr_cases.append((wa, g.name, writes))
        elif g.kind == "flat":
            sb = max(1, (g.num - 1).bit_length())  # word index bits of the span
            on = sum(1 << (r.offset // 4) for r in g.regs)
            decls.append("localparam [%d:0] %s_%s_ON = %s;"
                         % ((1 << sb) - 1, p, gu, vlit(1 << sb, on)))
            # the module uses the indices it needs (which counter adds an amount), not all
            decls.append("/* verilator lint_off UNUSEDPARAM */")
            for r in g.regs:
                decls.append("localparam integer %s_%s_%s_I = %d;"
                             % (p, gu, r.name.upper(), r.offset // 4))
            decls.append("/* verilator lint_on UNUSEDPARAM */")
            decls.append("wire rg_%s_sel = rg_addr[%d:%d] == %s;  // 0x%03X + 4i"
                         % (gl, aw - 1, sb, vlit(aw - sb, g.base >> (sb + 2)), g.base))
            decls.append("wire [%d:0] rg_%s_i = rg_addr[%d:0];" % (sb - 1, gl, sb - 1))
            rf = g.regs[0]
            parts = hw_runs("rg_%s_word" % gl, rf)
            decls.append("wire [31:0] rg_%s_word = hw_%s[rg_%s_i*32 +: 32];" % (gl, gl, gl))
            extra_rd.append("if (rg_%s_sel && %s_%s_ON[rg_%s_i]) rg_rdata = %s;"
                            % (gl, p, gu, gl, concat(parts)))
            post.append(unused_bits("rg_%s_word" % gl, rf))
        else:  # array
            eb = log2(g.stride // 4)  # word bits inside an element
            sb = eb + log2(g.num)     # word bits of the array's span
            iw = log2(g.num)
            count = "(%s)" % g.count if g.count else str(g.num)
            decls.append("wire rg_%s_sel = rg_addr[%d:%d] == %s;  // 0x%03X + 0x%X i"
                         % (gl, aw - 1, sb, vlit(aw - sb, g.base >> (sb + 2)), g.base, g.stride))
            decls.append("wire [%d:0] rg_%s_idx = rg_addr[%d:%d];" % (iw - 1, gl, sb - 1, eb))
            decls.append("wire rg_%s_ok = {%d'd0, rg_%s_idx} < %s;" % (gl, 32 - iw, gl, count))
            sel = "rg_addr[%d:0]" % (eb - 1) if eb > 1 else "rg_addr[0]" if eb == 1 else None
            items = []
            if "hw" in g.regs[0].kinds():
                for r in g.regs:
                    w = "hw_%s_%s" % (gl, r.name.lower())
                    items.append((r, concat(hw_runs(w, r))))
                    post.append(unused_bits(w, r))
            else:
                decls.append("localparam integer %s_%s_IW = (%s > 1) ? $clog2(%s) : 1;"
                             % (p, gu, count, count))
                decls.append("wire [%s_%s_IW-1:0] rg_%s_i = rg_%s_idx[%s_%s_IW-1:0];"
                             % (p, gu, gl, gl, p, gu))
                gv = "rg_g_%s" % gl
                rst, wr = [], []
                for r in g.regs:
                    parts, writes = [], []
                    for f in r.fields:
                        sig = "rg_%s_%s_%s" % (gl, r.name.lower(), f.name.lower())
                        decls.append("reg  [%s*%d-1:0] %s;" % (count, f.width, sig))
                        pname = "%s_%s_%s_%s" % (p, gu, r.name.upper(), f.name.upper())
                        el = "%s[%s*%d +: %d]" % (sig, gv, f.width, f.width)
                        rst.append("%s <= %s;" % (el, field_reset(pname, f)))
                        writes.append("%s <= %s;" % (el, write_value(f)))
                        parts.append((f.msb, f.lsb,
                                      "%s[rg_%s_i*%d +: %d]" % (sig, gl, f.width, f.width)))
                    items.append((r, concat(parts)))
                    wr.append((r, writes))
                blk = ["genvar %s;" % gv, "generate",
                       "  for (%s = 0; %s < %s; %s = %s + 1) begin : g_rg_%s"
                       % (gv, gv, count, gv, gv, gl),
                       "    always @(posedge clk or negedge rst_n) begin",
                       "      if (!rst_n) begin"]
                blk += ["        " + s for s in rst]
                blk.append("      end else if (rg_we && rg_%s_sel && rg_%s_ok && rg_%s_idx == %s)"
                           " begin" % (gl, gl, gl, gv))
                blk += case_block(sel, eb, [(r.offset // 4, r.name, ws) for r, ws in wr],
                                  "        ")
                blk += ["      end", "    end", "  end", "endgenerate"]
                pulses.append("\n".join(blk))
            extra_rd.append("if (rg_%s_sel && rg_%s_ok) begin" % (gl, gl))
            reads = [(r.offset // 4, r.name, ["rg_rdata = %s;" % e]) for r, e in items]
            extra_rd += ["  " + s for s in case_block(sel, eb, reads, "")]
            extra_rd.append("end")

    body = decls + [""]
    body += ["// a write stores the current word with the strobed bytes replaced",
          "reg  [31:0] rg_rdata;",
          "wire [31:0] rg_wmask = {{8{rg_wstrb[3]}}, {8{rg_wstrb[2]}}, {8{rg_wstrb[1]}},"
          " {8{rg_wstrb[0]}}};",
          "wire [31:0] rg_wv = (rg_rdata & ~rg_wmask) | (rg_wdata & rg_wmask);"]
    if events:
        body.append("wire [31:0] rg_wclr = rg_wdata & rg_wmask;  // event bits a write clears")
        evf = [f for g in m.groups if g.kind == "reg" for f in g.regs[0].fields
               if f.kind == "event"]
        post.append(unused_bits("rg_wclr", None, fields=evf))
    body.append("")
    o = o + body
    o += ["always @* begin", "  rg_rdata = 32'd0;", "  case (rg_addr)"]
    o += ["    " + c for c in rd_cases]
    o += ["    default: ;", "  endcase"]
    o += ["  " + s for s in extra_rd]
    o += ["end", ""]
    o += ["always @(posedge clk or negedge rst_n) begin", "  if (!rst_n) begin"]
    o += ["    " + s for s in resets]
    o += ["  end else if (rg_we) begin", "    case (rg_addr)"]
    for wa, name, writes in wr_cases:
        if len(writes) == 1:
            o.append("      %s: %s  // %s" % (wa, writes[0], name))
        else:
            o.append("      %s: begin  // %s" % (wa, name))
            o += ["        " + w for w in writes]
            o.append("      end")
    o += ["      default: ;", "    endcase", "  end", "end", ""]
    o += pulses + [""]
    o += events + ([""] if events else [])
    o += [s for s in post if s]
    n = 0
    while n < len(o) and o[n].startswith("//"):
        n += 1
    lines = o[:n] + [("  " + t if t else t) for s in o[n:] for t in s.split("\n")]
    return "\n".join(lines).rstrip() + "\n"


def case_block(sel, eb, items, ind):
    """A case over the word inside an element: items (word, name, statements)."""
    if sel is None:
        return [ind + s for _, _, ss in items for s in ss]
    out = [ind + "case (%s)" % sel]
    for w, name, ss in items:
        if len(ss) == 1:
            out.append(ind + "  %s: %s  // %s" % (vlit(eb, w), ss[0], name))
        else:
            out.append(ind + "  %s: begin  // %s" % (vlit(eb, w), name))
            out += [ind + "    " + s for s in ss]
            out.append(ind + "  end")
    if len(items) < (1 << eb):
        out.append(ind + "  default: ;")
    out.append(ind + "endcase")
    return out


def hw_runs(sig, reg):
    """The field bits of a hardware word as slices of it, one per run of adjacent bits."""
    used, out, b = sum(f.mask for f in reg.fields if f.kind == "hw"), [], 0
    while b < 32:
        if (used >> b) & 1:
            e = b
            while e + 1 < 32 and (used >> (e + 1)) & 1:
                e += 1
            out.append((e, b, sig if (e, b) == (31, 0) else
                        "%s[%d:%d]" % (sig, e, b) if e > b else "%s[%d]" % (sig, b)))
            b = e + 1
        else:
            b += 1
    return out


def unused_bits(sig, reg, kind=None, fields=None):
    """Bits of a hardware word no field of reg (of `kind`, when given; or of `fields`) reads: a
    sink, so lint sees them used on purpose."""
    used = sum(f.mask for f in (fields if fields is not None else reg.fields)
               if kind is None or f.kind == kind)
    gaps, b = [], 0
    while b < 32:
        if not (used >> b) & 1:
            e = b
            while e + 1 < 32 and not (used >> (e + 1)) & 1:
                e += 1
            gaps.append("%s[%d:%d]" % (sig, e, b) if e > b else "%s[%d]" % (sig, b))
            b = e + 1
        else:
            b += 1
    if not gaps:
        return ""
    return "wire unused_%s = &{1'b0, %s};" % (sig, ", ".join(reversed(gaps)))


# ------------------------------------------------------------------------------- Markdown
def md_cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


def bits(f):
    return "[%d]" % f.lsb if f.width == 1 else "[%d:%d]" % (f.msb, f.lsb)


def md_fields(r):
    if len(r.fields) == 1 and r.fields[0].width == 32 and r.fields[0].kind not in ("pulse",
                                                                                   "wdata"):
        f = r.fields[0]
        return f.name + (": " + f.desc if f.desc and f.desc != f.name else "")
    def one(f):
        desc = ": " + f.desc if f.desc and f.desc != f.name else ""
        gate = " (written 0 unless %s is 1)" % f.gate if f.gate else ""
        return "%s %s%s%s" % (bits(f), f.name, desc, gate)
    return "; ".join(one(f) for f in r.fields)


def md_reset(r):
    if r.kinds() & {"pulse", "wdata"}:
        return "(reads 0)"
    pre = [f for f in r.fields if f.preset is not None]
    if not pre:
        return "0x%X" % r.reset_word()
    if len(r.fields) == 1:
        return r.fields[0].preset
    return "params"


def gen_md(m, src, page_title):
    o = ["<!-- Generated from %s by scripts/regmap.py (`make regs`): do not edit. -->" % src, "",
         "# %s" % page_title, "",
         m.desc, "",
         "Generated from [%s](../../%s), the one description of the map, as are the register"
         % (os.path.basename(src), src),
         "decode of the RTL and the C header of the model and the tests. Unmapped addresses read"
         " 0;",
         "writes to them and to read-only registers are ignored. A field is [msb:lsb] NAME (a"
         " 32-bit",
         "field: NAME alone); \"params\": values of the RTL parameters.", "",
         "| offset | name | access | fields | reset |", "|---|---|---|---|---|"]
    arrays = []
    for g in m.groups:
        if g.kind == "reg":
            r = g.regs[0]
            o.append("| 0x%03X | %s | %s | %s | %s |"
                     % (g.base, g.name, r.access, md_cell(md_fields(r)), md_reset(r)))
        elif g.kind == "flat":
            r = g.regs[0]
            o.append("| 0x%03X + 4i | %s: counters, i below | %s | %s | %s |"
                     % (g.base, g.name, r.access, md_cell(md_fields(r)), md_reset(r)))
        else:
            ix = g.name[0].lower()
            arrays.append(g)
            for r in g.regs:
                o.append("| 0x%03X + %d%s | %s[%s].%s | %s | %s | %s |"
                         % (g.base + r.offset, g.stride, ix, g.name, ix, r.name, r.access,
                            md_cell(md_fields(r)), md_reset(r)))
    o.append("")
    for g in arrays:
        ix = g.name[0].lower()
        o.append("- %s[%s] (%s): %s < %s exist (%d in the address space); the others read 0 and"
                 " ignore writes."
                 % (g.name, ix, g.desc.rstrip("."), ix, g.count or g.num, g.num))
    for g in m.groups:
        if g.kind != "flat":
            continue
        o += ["", "## %s" % g.desc.rstrip("."), "",
              "32 bits each; the other words of 0x%03X .. 0x%03X read 0."
              % (g.base, g.base + 4 * g.num - 4), "",
              "| offset | i | name | counts |", "|---|---|---|---|"]
        for r in g.regs:
            o.append("| 0x%03X | %d | %s | %s |"
                     % (g.base + r.offset, r.offset // 4, r.name, md_cell(r.desc)))
    return "\n".join(o) + "\n"


# ------------------------------------------------------------------------------- driver
def outputs(rdl):
    """The three output paths of rtl/<b>/<name>.rdl."""
    rdl = os.path.relpath(os.path.abspath(rdl), ROOT)
    parts = rdl.split(os.sep)
    if len(parts) != 3 or parts[0] != "rtl":
        raise MapError("%s: a register description is rtl/<block>/<name>.rdl" % rdl)
    b, name = parts[1], os.path.splitext(parts[2])[0]
    return {"vh": "rtl/%s/%s_map.vh" % (b, name), "h": "csrc/ref/%s/%s_map.h" % (b, name),
            "md": "docs/%s/%s_map.md" % (b, name)}


def source_name(rdl):
    """How the generated files name their source: rtl/<b>/<name>.rdl, or its name alone (a copy
    elsewhere, as the self-check makes, names itself the same wherever it is)."""
    rel = os.path.relpath(os.path.abspath(rdl), ROOT)
    return rel if re.fullmatch(r"rtl/[^/]+/[^/]+\.rdl", rel) else os.path.basename(rdl)


def generate(rdl):
    m = Map(rdl)
    src = source_name(rdl)
    return {"vh": gen_v(m, src), "h": gen_c(m, src),
            "md": gen_md(m, src, "%s: register map (generated)" % m.name)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rdl", nargs="+")
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    ap.add_argument("--outdir", help="write the three files here instead")
    a = ap.parse_args()
    stale = 0
    try:
        for rdl in a.rdl:
            text = generate(rdl)
            if a.outdir:
                name = os.path.splitext(os.path.basename(rdl))[0]
                os.makedirs(a.outdir, exist_ok=True)
                for k, ext in (("vh", ".vh"), ("h", ".h"), ("md", ".md")):
                    with open(os.path.join(a.outdir, name + "_map" + ext), "w") as fh:
                        fh.write(text[k])
                continue
            for k, path in outputs(rdl).items():
                full = os.path.join(ROOT, path)
                old = open(full).read() if os.path.exists(full) else None
                if old == text[k]:
                    continue
                if a.check:
                    print("regmap: %s is stale: it is not what %s gives now (make regs)"
                          % (path, rdl))
                    stale += 1
                else:
                    with open(full, "w") as fh:
                        fh.write(text[k])
                    print("regmap: wrote %s" % path)
    except MapError as e:
        sys.exit("regmap: %s" % e)
    sys.exit(1 if stale else 0)


if __name__ == "__main__":
    main()
