"""Python (cocotb) test of scoc_switch (docs/scoc/index.md "Switch datapath"), beside test_scoc_switch.c.

py_switch_lockstep: every input link offers random packets (1 to 2^LW - 1 words, to random
outputs, with gaps; an offer holds until in_ready takes it) and every output link takes words
under random out_ready. The C model scoc_switch_model (csrc/ref/scoc, through ctypes: its link
side, sw_link_in_t / sw_link_out_t of csrc/lib/scoc/sw_link.h) runs in lockstep: every cycle
in_ready, out_valid, out_last and out_data of every port must equal the model's. A scoreboard
checks every delivered word: each packet once, in order per input, intact, out_last on its last
word; nothing dropped (err_len, err_dst stay 0).
"""
import ctypes
import pathlib
import random
import re

import cocotb
import harness
from cocotb.triggers import FallingEdge

# the arrays' size, read from the header the model is built with, so that the two cannot drift
_SW_LINK_H = pathlib.Path(__file__).resolve().parents[2] / "csrc" / "lib" / "scoc" / "sw_link.h"
SW_MAX_N = int(re.search(r"#define SW_MAX_N (\d+)u", _SW_LINK_H.read_text()).group(1))


class SwLinkIn(ctypes.Structure):  # sw_link_in_t
    _fields_ = [("in_valid", ctypes.c_uint8 * SW_MAX_N), ("in_last", ctypes.c_uint8 * SW_MAX_N),
                ("in_dst", ctypes.c_uint16 * SW_MAX_N), ("in_data", ctypes.c_uint64 * SW_MAX_N),
                ("out_ready", ctypes.c_uint8 * SW_MAX_N)]


class SwLinkOut(ctypes.Structure):  # sw_link_out_t
    _fields_ = [("in_ready", ctypes.c_uint8 * SW_MAX_N), ("out_valid", ctypes.c_uint8 * SW_MAX_N),
                ("out_last", ctypes.c_uint8 * SW_MAX_N), ("out_data", ctypes.c_uint64 * SW_MAX_N)]


class SwParams(ctypes.Structure):  # scoc_sw_params_t
    _fields_ = [(k, ctypes.c_uint) for k in ("n", "m", "mt", "qd", "oq", "lw", "dw")]


def word(src, seq, length, idx):
    """A packet's word: who sent it, which packet, its length and index (32 bits)."""
    return (src & 0xFF) << 24 | (seq & 0xFFF) << 12 | ((length - 1) & 0xF) << 8 | (idx & 0xF) << 4 | 0x5


@harness.test("scoc_switch_n8_m2_mt1")
async def py_switch_lockstep(dut):
    p = harness.params()
    n, dw, lw = p["N"], p["DW"], p["LW"]
    dstw = (n - 1).bit_length()
    pmax = (1 << lw) - 1
    ref = harness.ref()
    model = harness.ref_new("scoc_sw_model_t")
    sp = SwParams(*(p[k] for k in ("N", "M", "MT", "QD", "OQ", "LW", "DW")))
    assert ref.scoc_sw_model_init(ctypes.byref(model), ctypes.byref(sp)) == 0, "model of %s" % harness.top()
    ref.scoc_sw_model_reset(ctypes.byref(model))

    d = harness.dut_of(dut)
    await harness.start(d)
    rng = random.Random(harness.seed())
    offer = [None] * n  # per input: [dst, len, idx, seq, shown]
    seq = [0] * n
    rx = [None] * n  # per output: [src, seq, len, next idx] of the packet being delivered
    next_seq = {}  # (src, dst) -> next packet number expected at dst
    sent = delivered = checks = 0
    got_pkts = set()
    cycles = harness.scaled(500, 2000, 20000)
    for c in range(cycles):
        # the middle of the cycle: what the switch shows this cycle: the model's, from its state (sw_link.h)
        mo = SwLinkOut()
        ref.scoc_sw_model_outputs(ctypes.byref(model), ctypes.byref(mo))
        # per port; out_last / out_data matter (and may be X on Icarus) only with out_valid
        got = {k: harness.fields(getattr(d, k).value, n, dw if k == "out_data" else 1)
               for k in ("in_ready", "out_valid", "out_last", "out_data")}
        for q in range(n):
            for k in ("in_ready", "out_valid") + (("out_last", "out_data") if mo.out_valid[q] else ()):
                exp = getattr(mo, k)[q]
                assert got[k][q] == exp, "%s[%d] at cycle %d: %s, model says %#x" % (
                    k, q, c, "X" if got[k][q] is None else "%#x" % got[k][q], exp)
            checks += 2 + 2 * mo.out_valid[q]
        # the inputs of this cycle: offers (held until taken), out_ready
        mi = SwLinkIn()
        drain = c > cycles - 300
        for q in range(n):
            if offer[q] is None and not drain and rng.random() < 0.3:
                offer[q] = [rng.randrange(n), rng.randint(1, pmax), 0, seq[q], False]
                seq[q] += 1
            k = offer[q]
            # gaps before a packet; once shown, a word stays offered until taken (valid/ready
            # rule, asserted by scoc_in_buf)
            if k is not None and (k[2] > 0 or k[4] or rng.random() < 0.9):
                k[4] = True
                mi.in_valid[q], mi.in_dst[q], mi.in_last[q] = 1, k[0], int(k[2] == k[1] - 1)
                mi.in_data[q] = word(q, k[3], k[1], k[2])
            mi.out_ready[q] = int(rng.random() < 0.7)
        d.in_valid.value = sum(mi.in_valid[q] << q for q in range(n))
        d.in_last.value = sum(mi.in_last[q] << q for q in range(n))
        d.in_dst.value = sum(mi.in_dst[q] << (q * dstw) for q in range(n))
        d.in_data.value = sum(mi.in_data[q] << (q * dw) for q in range(n))
        d.out_ready.value = sum(mi.out_ready[q] << q for q in range(n))
        ref.scoc_sw_model_clock(ctypes.byref(model), ctypes.byref(mi))  # the rising edge ahead
        for q in range(n):
            if mi.in_valid[q] and mo.in_ready[q]:
                k = offer[q]
                k[2] += 1
                if k[2] == k[1]:
                    offer[q], sent = None, sent + 1
            if mo.out_valid[q] and mi.out_ready[q]:  # the scoreboard
                w = mo.out_data[q]
                src, pseq, length, idx = w >> 24, (w >> 12) & 0xFFF, ((w >> 8) & 0xF) + 1, (w >> 4) & 0xF
                if rx[q] is None:
                    assert idx == 0, "output %d: packet of input %d starts at word %d" % (q, src, idx)
                    exp = next_seq.get((src, q), 0)
                    assert pseq >= exp, "output %d: packet %d of input %d after packet %d" % (q, pseq, src, exp - 1)
                    next_seq[(src, q)] = pseq + 1
                    rx[q] = [src, pseq, length, 0]
                r = rx[q]
                assert (src, pseq, length, idx) == (r[0], r[1], r[2], r[3]), "output %d: word %#x out of place" % (q, w)
                assert w == word(src, pseq, length, idx), "output %d: word %#x not intact" % (q, w)
                assert mo.out_last[q] == (idx == length - 1), "output %d: out_last" % q
                r[3] += 1
                delivered += 1
                if r[3] == length:
                    rx[q] = None
                    got_pkts.add((src, pseq))
        await FallingEdge(d.clk)
    assert int(d.err_len.value) == 0 and int(d.err_dst.value) == 0, "a good packet was dropped"
    assert sent > cycles // 10, "the traffic moved only %d packets" % sent
    assert len(got_pkts) == sent, "%d packets sent, %d delivered after the drain" % (sent, len(got_pkts))
    ref.scoc_sw_model_free(ctypes.byref(model))
    cocotb.log.info("%d cycles, %d packets sent, %d words delivered, %d checks against scoc_switch_model",
                    cycles, sent, delivered, checks)
