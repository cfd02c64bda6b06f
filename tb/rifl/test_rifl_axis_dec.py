"""Python (cocotb) test of rifl_axis_dec (docs/rifl/rifl_axis.md), beside test_rifl_axis_dec.c.

py_axis_dec_packets: the payload frames the C model gives for random packets (rifl_axis_payload,
csrc/ref/rifl/rifl_axis_model.c) offered on s_valid / s_meta / s_data with random gaps and no
abort; cocotbext-axi's AXI4-Stream sink takes the beats from m_axis_* with random back-pressure,
and every packet it assembles (tlast, tkeep) must be the packet sent, with tuser low.
"""
import random

import cocotb
import harness
from cocotb.triggers import FallingEdge, ReadOnly
from cocotbext.axi import AxiStreamBus, AxiStreamSink
from rifl_axis_py import from_axis, payload_frames, random_packets


@harness.test("rifl_axis_dec_d64_f256")
async def py_axis_dec_packets(dut):
    p = harness.params()
    dw, fw = p["DW"], p["FW"]
    nb, pb = dw // 8, (fw - 16) // 8
    d = harness.dut_of(dut)
    await harness.start(d)
    rng = random.Random(harness.seed())
    sink = AxiStreamSink(AxiStreamBus.from_prefix(d, "m_axis"), d.clk, d.rst_n, reset_active_level=False)
    sink.set_pause_generator(harness.pauses(rng, 0.3))
    pkts = random_packets(rng, harness.scaled(20, 60, 600), pb, nb)
    frames = [f for pkt in pkts for f in payload_frames(fw, pkt)]

    cycles, i, valid = 0, 0, False
    while i < len(frames):
        valid = valid or rng.random() < 0.8  # an offer holds until taken (the RTL asserts it)
        d.s_valid.value = int(valid)
        d.s_meta.value, d.s_data.value = frames[i] if valid else (0, 0)
        await ReadOnly()
        if valid and int(d.s_ready.value):
            i, valid = i + 1, False
        await FallingEdge(d.clk)
        cycles += 1
        assert cycles < 100 * len(frames) + 1000, "%d of %d frames taken after %d cycles" % (i, len(frames), cycles)
    d.s_valid.value = 0
    for n, pkt in enumerate(pkts):
        frame = await sink.recv(compact=False)
        got = from_axis(frame, nb)
        assert got == pkt, "packet %d: %d bytes %s, sent %d bytes %s" % (n, len(got), got.hex(), len(pkt), pkt.hex())
        assert not any(frame.tuser), "packet %d: tuser (aborted) set" % n
    for _ in range(20):
        await FallingEdge(d.clk)
    assert sink.empty(), "a packet beyond those sent"
    cocotb.log.info("%d packets (%d payload frames) out as sent, %d cycles", len(pkts), len(frames), cycles)
