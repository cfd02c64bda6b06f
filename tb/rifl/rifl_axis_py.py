"""What the Python tests of rifl_axis_enc and rifl_axis_dec share (tb/rifl/test_rifl_axis_*.py).

RIFL's user side puts a beat's first byte on top (tdata[DW-1:DW-8], tkeep[DW/8-1]; a short last
beat keeps its first bytes, on top); cocotbext-axi puts a frame's first byte in lane 0. to_axis()
and from_axis() reverse the lanes of every beat, so the bus carries RIFL's order while the test
speaks in packets. payload_frames() is the C model's rifl_axis_payload (csrc/ref/rifl, ctypes):
the payload frames (meta code, FW-16 bits) of a packet, the reference of both tests.
"""
import ctypes

import harness
from cocotbext.axi import AxiStreamFrame


def to_axis(pkt, nb):
    """A packet as an AxiStreamFrame for a bus of nb byte lanes, RIFL's byte order."""
    data, keep = [], []
    for off in range(0, len(pkt), nb):
        beat = pkt[off:off + nb]
        pad = nb - len(beat)  # only the last beat: its bytes on top, empty lanes below
        data += [0] * pad + list(reversed(beat))
        keep += [0] * pad + [1] * len(beat)
    return AxiStreamFrame(data, tkeep=keep)


def from_axis(frame, nb):
    """The packet of an uncompacted AxiStreamFrame received on nb byte lanes."""
    pkt = []
    for off in range(0, len(frame.tdata), nb):
        lanes = list(zip(frame.tdata[off:off + nb], frame.tkeep[off:off + nb]))
        pkt += [b for b, k in reversed(lanes) if k]
    return bytes(pkt)


def payload_frames(fw, pkt):
    """[(meta, payload bits)] of a packet: rifl_axis_frames / rifl_axis_payload of the C model."""
    ref = harness.ref()
    ref.rifl_axis_frames.restype = ctypes.c_size_t
    ref.rifl_axis_frames.argtypes = [ctypes.c_uint, ctypes.c_size_t]
    ref.rifl_axis_payload.argtypes = [ctypes.c_uint, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t,
                                      ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint32)]
    out = []
    words = (fw - 16 + 31) // 32
    for i in range(ref.rifl_axis_frames(fw, len(pkt))):
        meta, data = ctypes.c_uint(), (ctypes.c_uint32 * words)()
        ref.rifl_axis_payload(fw, pkt, len(pkt), i, ctypes.byref(meta), data)
        out.append((meta.value, harness.from_words(data, fw - 16)))
    return out


def random_packets(rng, n, pb, nb):
    """n packets of lengths around the payload and beat sizes (1 byte to several frames)."""
    sizes = [1, pb - 1, pb, pb + 1, nb - 1, nb, nb + 1, 2 * pb, 3 * nb + 5]
    return [bytes(rng.getrandbits(8) for _ in range(rng.choice(sizes + [rng.randint(1, 4 * pb)])))
            for _ in range(n)]
