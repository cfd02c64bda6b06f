"""Python (cocotb) test of harness_probe, the contract of test_harness_probe.c seen from cocotb.

py_probe_contract: the harness's own DUT through cocotb's VPI on each simulator: ports of 1 to
1024 bits in both directions, with random values from SEED every cycle; the combinational outputs
(a_inv = ~a, b65_rot = b65 rotated left by 1, sum = b8 + cnt[7:0]) right in the cycle the inputs
change, the registered ones (a_q, cnt, acc, taken when en) after the edge; reset clears them, and
a second reset in the middle of the run clears them again. The expected values are the contract
itself (harness_probe has no C model), kept as Python integers of the full width.
"""
import random

import cocotb
import harness
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge


@harness.test("harness_probe")
async def py_probe_contract(dut):
    wide = harness.params()["WIDE"]
    d = harness.dut_of(dut)
    await harness.start(d)
    rng = random.Random(harness.seed())
    a_q = cnt = acc = 0
    checks = 0
    cycles = harness.scaled(200, 1000, 10000)
    for c in range(cycles):
        if c == cycles // 2:  # reset again: the registered state must clear
            d.rst_n.value = 0
            await RisingEdge(d.clk)
            await FallingEdge(d.clk)
            d.rst_n.value = 1
            a_q = cnt = acc = 0
        a, b65, b8, en = rng.getrandbits(wide), rng.getrandbits(65), rng.getrandbits(8), rng.random() < 0.7
        d.a.value, d.b65.value, d.b8.value, d.en.value = a, b65, b8, int(en)
        await ReadOnly()  # combinational paths settle in the same cycle
        exp = {"a_inv": ~a & ((1 << wide) - 1), "b65_rot": ((b65 << 1) | (b65 >> 64)) & ((1 << 65) - 1),
               "sum": b8 + (cnt & 0xFF), "a_q": a_q, "cnt": cnt, "acc": acc}
        for name, v in exp.items():
            got = getattr(d, name).value
            assert got.is_resolvable and int(got) == v, "%s at cycle %d: %s, contract says %#x" % (
                name, c, "%#x" % int(got) if got.is_resolvable else got, v)
            checks += 1
        if en:  # the edge that ends the cycle
            a_q, cnt, acc = a, (cnt + 1) & 0xFFFFFFFF, (acc + b8) & ((1 << 40) - 1)
        await FallingEdge(d.clk)
    cocotb.log.info("%d cycles, %d checks, %d-bit ports", cycles, checks, wide)
