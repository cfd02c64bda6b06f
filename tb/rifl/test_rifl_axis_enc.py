"""Python (cocotb) test of rifl_axis_enc (docs/rifl/rifl_axis.md), beside test_rifl_axis_enc.c.

py_axis_enc_packets: random packets (1 byte to several frames, around the beat and payload sizes)
sent into s_axis_* by cocotbext-axi's AXI4-Stream source with random gaps; the payload frames
taken from m_valid / m_meta / m_data under random m_ready must be exactly those the C model gives
for the packets (rifl_axis_payload, csrc/ref/rifl/rifl_axis_model.c), in order, meta codes
included.
"""
import random

import cocotb
import harness
from cocotb.triggers import FallingEdge, ReadOnly
from cocotbext.axi import AxiStreamBus, AxiStreamSource
from rifl_axis_py import payload_frames, random_packets, to_axis


@harness.test("rifl_axis_enc_d64_f128")
async def py_axis_enc_packets(dut):
    p = harness.params()
    dw, fw = p["DW"], p["FW"]
    nb, pb = dw // 8, (fw - 16) // 8
    d = harness.dut_of(dut)
    await harness.start(d)
    rng = random.Random(harness.seed())
    source = AxiStreamSource(AxiStreamBus.from_prefix(d, "s_axis"), d.clk, d.rst_n, reset_active_level=False)
    source.set_pause_generator(harness.pauses(rng, 0.2))
    pkts = random_packets(rng, harness.scaled(20, 60, 600), pb, nb)
    expected = [f for pkt in pkts for f in payload_frames(fw, pkt)]
    for pkt in pkts:
        await source.send(to_axis(pkt, nb))

    got, cycles = [], 0
    while len(got) < len(expected):
        ready = int(rng.random() < 0.7)
        d.m_ready.value = ready
        await ReadOnly()
        if ready and int(d.m_valid.value):
            got.append((int(d.m_meta.value), int(d.m_data.value)))
            i = len(got) - 1
            assert got[i] == expected[i], "frame %d at cycle %d: meta %d data %#x, model says meta %d data %#x" % (
                i, cycles, got[i][0], got[i][1], expected[i][0], expected[i][1])
        await FallingEdge(d.clk)
        cycles += 1
        assert cycles < 100 * len(expected) + 1000, "%d of %d frames after %d cycles" % (len(got), len(expected), cycles)
    for _ in range(20):  # nothing more comes out
        d.m_ready.value = 1
        await ReadOnly()
        assert not int(d.m_valid.value), "a frame beyond those of the packets"
        await FallingEdge(d.clk)
    cocotb.log.info("%d packets, %d payload frames equal to the model's, %d cycles", len(pkts), len(got), cycles)
