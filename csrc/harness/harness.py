"""harness.py - the harness for tests written in Python (cocotb 2.1), beside harness.h for C.

A Python test is tb/<block>/test_<module>.py; each test is an `async def` under
`@harness.test("<top>")`, a top of tb/<block>/tops.txt, and runs with the same make line as a C
test (`make sim BLOCK=b TEST=name SIM=icarus|verilator`); scripts/cocotb_run.py starts it
(docs/harness/index.md "Writing a test in C or in Python"). What this module gives a test:

  - dut_of(dut): the DUT instance. On Icarus the toplevel is the generated wrapper tb_<top> of the
    block's own build (its instance u0 holds the ports); on Verilator the module itself, built
    with the top's parameters.
  - start(d): the clock and reset of the C harness (csrc/harness/dut.c): period 10 ns, every input
    0, rst_n low for 2 cycles; returns just after a falling edge, where a test writes its inputs.
  - seed(), scaled(quick, default, full), top(), params(): SEED, the +quick / +full scale, the top
    and its parameters (tb/<block>/tops.txt).
  - ref(): the block's C models and libraries (csrc/ref/<b>, csrc/lib/<b> of every block it is
    built from) as a ctypes library, sim_out/build/c/<block>/libref.so (scripts/ctools.sh lib), and
    ref_new(type) for a zeroed instance of one of their struct types: the C models are the
    reference, called, never re-implemented in Python.
"""
import ctypes
import os
import re
import sys

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import tops as tops_mod  # noqa: E402

PERIOD_NS = 10  # as dut.c: rising edges on multiples of the period


def test(top, **kwargs):
    """Register a cocotb test that opens `top`. The runner finds the top by reading the source
    (`@harness.test("<top>")` right above the `async def`), so give it as a string literal."""

    def wrap(fn):
        fn.harness_top = top
        return cocotb.test(**kwargs)(fn)

    return wrap


def block():
    return os.environ["HARNESS_BLOCK"]


def top():
    return os.environ["HARNESS_TOP"]


def seed():
    return int(os.environ.get("HARNESS_SEED", "1"))


def scaled(quick, default, full):
    """The test length at the run's scale (PLUSARGS='+quick' / '+full'), as harness_scaled()."""
    return {"quick": quick, "full": full}.get(os.environ.get("HARNESS_SCALE"), default)


def verilog_int(text):
    """The value of a Verilog integer literal of tops.txt: 8, 32'h04C11DB7, 'd5, 4'b1010."""
    m = re.match(r"^(?:\d*)'([sS]?)([bodhBODH])([0-9a-fA-F_xXzZ]+)$", text)
    if not m:
        return int(text.replace("_", ""))
    return int(m.group(3).replace("_", ""), {"b": 2, "o": 8, "d": 10, "h": 16}[m.group(2).lower()])


def params(name=None):
    """The parameters of a top of the block (default: this test's), as integers."""
    name = name or top()
    for t in tops_mod.block_tops(block(), ROOT):
        if t["name"] == name:
            return {k: verilog_int(v) for k, v in t["params"]}
    raise KeyError("no top %s in tb/%s/tops.txt" % (name, block()))


def ports(name=None):
    """[(port, width, is_input)] of a top, from the generated port table (scripts/gen_tops.py)."""
    name = name or top()
    path = os.path.join(ROOT, "sim_out", "build", "gen", block(), "tops.c")
    with open(path) as f:
        text = f.read()
    m = re.search(r"ports_%s\[\] = \{\n(.*?)\n\};" % re.escape(name), text, re.S)
    if not m:
        raise KeyError("no top %s in %s" % (name, path))
    return [(p, int(w), i == "1") for p, w, i in re.findall(r'\{"(\w+)", (\d+), (\d)\}', m.group(1))]


def dut_of(dut):
    """The DUT instance: u0 of the Icarus wrapper tb_<top>, or the Verilated module itself."""
    return dut.u0 if dut._name == "tb_" + top() else dut


async def start(d, reset_cycles=2):
    """Clock, every input 0, rst_n low for reset_cycles rising edges and raised at the falling
    edge after them, where it returns, as dut_reset(): the next rising edge is the first out of
    reset, and a model reset now is in step with the RTL."""
    for name, _, is_input in ports():
        if is_input and name != "clk":
            getattr(d, name).value = 0
    cocotb.start_soon(Clock(d.clk, PERIOD_NS, unit="ns").start(start_high=False))
    for _ in range(reset_cycles):
        await RisingEdge(d.clk)
    await FallingEdge(d.clk)
    d.rst_n.value = 1


def pauses(rng, p):
    """A pause generator for cocotbext-axi's set_pause_generator: each cycle paused with
    probability p, drawn from the test's seeded random.Random."""
    while True:
        yield rng.random() < p


_ref = None


def ref():
    """The block's C reference library (ctypes.CDLL). Declare argtypes/restype of what you call."""
    global _ref
    if _ref is None:
        _ref = ctypes.CDLL(os.environ["HARNESS_REFLIB"])
    return _ref


class _Size(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("size", ctypes.c_size_t)]


def ref_sizeof(type_name):
    """sizeof a struct type of the block's C headers (harness_ref_sizes[] of libref.so)."""
    table = ctypes.cast(ref().harness_ref_sizes, ctypes.POINTER(_Size))
    i = 0
    while table[i].name is not None:
        if table[i].name.decode() == type_name:
            return table[i].size
        i += 1
    raise KeyError("%s: no such struct type in the block's C headers" % type_name)


def ref_new(type_name):
    """A zeroed instance of a C struct type, to pass by pointer (ctypes.byref) to the models."""
    return (ctypes.c_uint8 * ref_sizeof(type_name))()


def words(value, nwords):
    """An int as a ctypes array of 32-bit words, least significant first (the models' bit vectors)."""
    return (ctypes.c_uint32 * nwords)(*[(value >> (32 * i)) & 0xFFFFFFFF for i in range(nwords)])


def from_words(arr, nbits):
    """A model's bit vector (pointer or array of 32-bit words, least significant first) as an int."""
    v = 0
    for i in range((nbits + 31) // 32):
        v |= int(arr[i]) << (32 * i)
    return v & ((1 << nbits) - 1)


def fields(value, n, w):
    """The n fields of w bits of a packed port value (field i at [i*w +: w]), as ints; None for a
    field with an X or Z bit (a four-state simulator shows them; the test decides if it matters)."""
    bits = str(value)
    out = []
    for i in range(n):
        f = bits[len(bits) - (i + 1) * w:len(bits) - i * w]
        out.append(int(f, 2) if all(b in "01" for b in f) else None)
    return out
