"""Python (cocotb) test of sue_regs (docs/sue/sue_regs.md), beside test_sue_regs.c.

py_regs_axil: cocotbext-axi's AXI4-Lite master on the s_axil_* slave, checked against the C
model's register map (sue_ep_reg_read / sue_ep_reg_write of csrc/ref/sue/sue_regs_model.c on a
model endpoint of the top's parameters, through ctypes). After reset every word address is read
and compared (reset values, CAPS, unmapped words, the connection view); then random writes, whole
words and single bytes and halves at random offsets (byte strobes), to random addresses of the
register area, each followed by a read of the written word and of a random one, compared with the
model, which takes the same writes. Every response must be OKAY. The connection view (conn_idx ->
conn_tx / conn_rx) is driven from the model's CONN registers each cycle; STATUS and the counter
inputs stay 0; writes to MGMT_TX_DATA / MGMT_TX_SEND / MGMT_RX_POP are strobes to the endpoint's
management buffers (not in this top), so the model does not take them.
"""
import ctypes
import random

import cocotb
import harness
from cocotb.triggers import FallingEdge, ReadOnly
from cocotbext.axi import AxiLiteBus, AxiLiteMaster

SUE_REG_STATUS = 0x070
SUE_REG_MGMT_TX = (0x090, 0x094, 0x0B0)  # MGMT_TX_DATA, MGMT_TX_SEND, MGMT_RX_POP: strobes, not stored
SUE_REG_CONN = 0x800  # CONN[c]: TX at 0x800 + 8c, RX at + 4 (sue_regs_map.h)

PARAMS = ("data_w", "pdu_max", "ndst", "align", "q_bytes", "win", "psn_per_vc", "ing_cmd",
          "ing_data", "rx_bytes")


class SueParams(ctypes.Structure):  # sue_params_t
    _fields_ = [(n, ctypes.c_uint) for n in PARAMS]


def model_params():
    """sue_params_t of this top: the model's defaults (those of the RTL) and tops.txt's values."""
    ref = harness.ref()
    ref.sue_default_params.restype = SueParams
    p = ref.sue_default_params()
    for k, v in harness.params().items():
        if k.lower() in PARAMS:
            setattr(p, k.lower(), v)
    return p


async def drive_conn(d, read, nconn):
    """conn_tx / conn_rx for the connection conn_idx names: the model's, else garbage it must hide."""
    while True:
        await FallingEdge(d.clk)
        i = int(d.conn_idx.value)
        if i < nconn:
            d.conn_tx.value, d.conn_rx.value = read(SUE_REG_CONN + 8 * i), read(SUE_REG_CONN + 8 * i + 4)
        else:
            d.conn_tx.value, d.conn_rx.value = 0xDEAD0000 | i, 0xBEEF0000 | i


@harness.test("sue_regs_n4")
async def py_regs_axil(dut):
    ref = harness.ref()
    ref.sue_ep_reg_read.restype = ctypes.c_uint32
    ref.sue_ep_reg_read.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
    ref.sue_ep_reg_write.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32]
    p = model_params()
    ep = harness.ref_new("sue_ep_t")
    assert ref.sue_ep_init(ctypes.byref(ep), ctypes.byref(p)) == 0, "model of %s" % harness.top()
    nconn = p.ndst * 4 if p.psn_per_vc else p.ndst

    def model_read(addr):
        addr &= 0xFFC
        return 0 if addr == SUE_REG_STATUS else ref.sue_ep_reg_read(ctypes.byref(ep), addr)

    def model_write(addr, data):  # data: bytes at addr, within one word (the strobed bytes)
        word = addr & 0xFFC
        if word in SUE_REG_MGMT_TX:
            return
        cur = model_read(word)
        for k, b in enumerate(data):
            sh = 8 * ((addr & 3) + k)
            cur = (cur & ~(0xFF << sh)) | (b << sh)
        ref.sue_ep_reg_write(ctypes.byref(ep), word, cur & 0xFFFFFFFF)

    d = harness.dut_of(dut)
    await harness.start(d)
    cocotb.start_soon(drive_conn(d, model_read, nconn))
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(d, "s_axil"), d.clk, d.rst_n, reset_active_level=False)
    rng = random.Random(harness.seed())
    reads = writes = 0

    async def check_read(addr):
        nonlocal reads
        r = await axil.read(addr, 4)
        assert r.resp == 0, "read %#05x: response %d, not OKAY" % (addr, r.resp)
        got, exp = int.from_bytes(r.data, "little"), model_read(addr)
        assert got == exp, "read %#05x: %#010x, model says %#010x" % (addr, got, exp)
        reads += 1

    # after reset: every word address (a quarter of them at +quick)
    step = harness.scaled(16, 4, 4)
    for addr in range(0, 0x1000, step):
        await check_read(addr)
    # random writes of 1, 2 or 4 bytes, each read back, and a random word
    for _ in range(harness.scaled(50, 300, 3000)):
        area = rng.choice([(0x000, 0x100), (0x100, 0x200), (0x200, 0x800),
                           (SUE_REG_CONN, SUE_REG_CONN + 8 * nconn + 16)])
        addr = rng.randrange(area[0], area[1]) & ~3
        n = rng.choice([4, 4, 2, 1])
        addr += rng.randrange(0, 4, n)  # aligned to its size
        data = bytes(rng.getrandbits(8) for _ in range(n))
        w = await axil.write(addr, data)
        assert w.resp == 0, "write %#05x: response %d, not OKAY" % (addr, w.resp)
        model_write(addr, data)
        writes += 1
        await check_read(addr & ~3)
        await check_read(rng.randrange(0, 0x1000) & ~3)
    await FallingEdge(d.clk)
    await ReadOnly()
    cocotb.log.info("%s: %d writes, %d reads equal to the model's", harness.top(), writes, reads)
    ref.sue_ep_free(ctypes.byref(ep))
