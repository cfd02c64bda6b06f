"""Python (cocotb) test of sync_fifo (docs/common/sync_fifo.md), beside test_sync_fifo.c.

py_fifo_stream: both sides of the FIFO driven as valid/ready streams by cocotbext-axi's stream
source and sink (random stalls on both sides, from SEED), and the C model sync_fifo_model
(csrc/ref/common, through ctypes) run in lockstep: every cycle, the inputs the next rising edge
samples go into the model, and in_ready, out_valid, level and out_data must equal its outputs.
The words must also come out as they went in.
"""
import ctypes
import random

import cocotb
import harness
from cocotb.triggers import FallingEdge, ReadOnly
from cocotbext.axi.stream import define_stream

# in_valid / in_data / in_ready and out_valid / out_data / out_ready: a stream each
FifoBus, FifoTransaction, FifoSource, FifoSink, FifoMonitor = define_stream(
    "Fifo", signals=["valid", "data", "ready"])

u32p = ctypes.POINTER(ctypes.c_uint32)


class FifoParams(ctypes.Structure):  # fifo_params_t
    _fields_ = [("width", ctypes.c_uint), ("depth", ctypes.c_uint)]


class FifoIn(ctypes.Structure):  # fifo_in_t
    _fields_ = [("in_valid", ctypes.c_uint), ("in_data", u32p), ("out_ready", ctypes.c_uint)]


class FifoOut(ctypes.Structure):  # fifo_out_t
    _fields_ = [("in_ready", ctypes.c_uint), ("out_valid", ctypes.c_uint), ("out_data", u32p),
                ("level", ctypes.c_uint)]


@harness.test("sync_fifo_w8_d4")
async def py_fifo_stream(dut):
    p = harness.params()
    width, depth = p["WIDTH"], p["DEPTH"]
    nwords = (width + 31) // 32
    ref = harness.ref()
    model = harness.ref_new("fifo_model_t")
    assert ref.fifo_model_init(ctypes.byref(model), ctypes.byref(FifoParams(width, depth))) == 0

    d = harness.dut_of(dut)
    await harness.start(d)
    rng = random.Random(harness.seed())
    source = FifoSource(FifoBus.from_prefix(d, "in"), d.clk, d.rst_n, reset_active_level=False)
    sink = FifoSink(FifoBus.from_prefix(d, "out"), d.clk, d.rst_n, reset_active_level=False)
    n = harness.scaled(300, 2000, 20000)
    sent = [rng.getrandbits(width) for _ in range(n)]
    for w in sent:
        source.send_nowait(FifoTransaction(data=w))
    # phases where the writer or the reader stalls more, so the FIFO fills and drains
    source.set_pause_generator(harness.pauses(rng, 0.3))
    sink.set_pause_generator(harness.pauses(rng, 0.5))

    got, cycles, checks = [], 0, 0
    while len(got) < n:
        # the middle of the cycle: the drivers have set what the next rising edge samples
        await ReadOnly()
        # the stream source leaves in_data X while in_valid is low (the model does not read it)
        valid = int(d.in_valid.value)
        data = harness.words(int(d.in_data.value) if valid else 0, nwords)
        cin = FifoIn(valid, ctypes.cast(data, u32p), int(d.out_ready.value))
        out = FifoOut()
        ref.fifo_model_comb(ctypes.byref(model), ctypes.byref(cin), ctypes.byref(out))
        for name, exp in (("in_ready", out.in_ready), ("out_valid", out.out_valid),
                          ("level", out.level)):
            assert int(getattr(d, name).value) == exp, \
                "%s at cycle %d: %s, model says %d" % (name, cycles, getattr(d, name).value, exp)
        if out.out_valid:
            exp = harness.from_words(out.out_data, width)
            assert int(d.out_data.value) == exp, \
                "out_data at cycle %d: %#x, model says %#x" % (cycles, int(d.out_data.value), exp)
            if cin.out_ready:
                got.append(exp)
        checks += 4
        ref.fifo_model_clock(ctypes.byref(model), ctypes.byref(cin))
        cycles += 1
        await FallingEdge(d.clk)
        assert cycles < 50 * n, "no progress: %d of %d words out after %d cycles" % (len(got), n, cycles)
    await FallingEdge(d.clk)
    assert got == sent, "the words came out in another order or changed"
    rx = [int(sink.recv_nowait().data) for _ in range(sink.count())]
    assert rx == sent, "the stream sink received %d words, not those sent" % len(rx)
    ref.fifo_model_free(ctypes.byref(model))
    cocotb.log.info("%d words through in %d cycles, %d checks against sync_fifo_model", n, cycles, checks)
