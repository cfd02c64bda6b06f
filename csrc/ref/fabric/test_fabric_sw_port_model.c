/* test_fabric_sw_port_model.c - the switch port's frame-level model: the verdict on frames of
 * every SUE format built by the SUE model (csrc/ref/sue/sue_frame.c), every drop reason in the
 * RTL's order, the lookup, the cell header, the PFC frame against the bytes of 802.1Qbb. */
#include <string.h>

#include "fabric_sw_port_model.h"
#include "sue_cfg.h"
#include "sue_frame.h"
#include "unit.h"

/* a SUE frame from XPU 0x41 to XPU 0x47 on VC vc, format fmt (with SUE_HDR_TAG: 802.1Q-tagged,
 * the PCP not the VC, so that the class must come from the RH); returns its length */
static size_t sue_frame(unsigned fmt, unsigned vc, uint8_t *out) {
  sue_params_t p = sue_default_params();
  sue_cfg_t c;
  sue_cfg_reset(&c, &p);
  c.hdr_fmt = SUE_HDR_BASE(fmt);
  c.vlan_tx = (fmt & SUE_HDR_TAG) != 0;
  c.vlan_vid = 0x123;
  for (unsigned v = 0; v < SUE_NVC; v++)
    c.pfc_prio[v] = (uint8_t)(7 - v);
  c.xpuid = 0x41;
  c.mac[0] = 0x02;
  c.mac[5] = 0x41;
  c.dst[0].valid = 1;
  c.dst[0].xpuid = 0x47;
  c.dst[0].mac[0] = 0x02;
  c.dst[0].mac[5] = 0x47;
  c.dst[0].ip = 0x0A000047;
  sue_rh_t rh = {0};
  rh.xpuid = 0x41;
  rh.vc = vc;
  rh.psn = 5;
  uint8_t cmds[64];
  memset(cmds, 0, sizeof cmds);
  cmds[0] = 0x29; /* a descriptor; its bytes are payload to the switch */
  cmds[1] = 0x09;
  return sue_frame_build(&c, 0, &rh, cmds, 20, out);
}

static void reseal_fcs(uint8_t *f, size_t n) {
  uint32_t v = sue_crc32(f, n - 4, 0);
  for (unsigned i = 0; i < 4; i++)
    f[n - 4 + i] = (uint8_t)(v >> (8 * i));
}

static void table(fsp_cfg_t *c) {
  fsp_cfg_reset(c, 8);
  c->ent[3].valid = 1; /* XPU 0x47 on port 2, by MAC and by id */
  c->ent[3].port = 2;
  c->ent[3].mac[0] = 0x02;
  c->ent[3].mac[5] = 0x47;
  c->ent[3].xpu = 0x47;
  c->ent[5] = c->ent[3]; /* a later duplicate entry: the lowest one wins */
  c->ent[5].port = 1;
}

static void t_formats(ut_t *t) {
  fsp_cfg_t c;
  table(&c);
  static const unsigned fmts[5] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6,
                                   SUE_HDR_UDP | SUE_HDR_TAG, SUE_HDR_AIFH12 | SUE_HDR_TAG};
  uint8_t f[SUE_FRAME_MAX];
  for (unsigned k = 0; k < 5; k++)
    for (unsigned vc = 0; vc < 4; vc++) {
      size_t n = sue_frame(fmts[k], vc, f);
      UT_EQ(t, f[12] == 0x81 && f[13] == 0x00, k >= 3, "802.1Q-tagged or not");
      fsp_verdict_t v;
      fsp_ingress_frame(&c, f, n, 576, 0, 0, &v);
      UT_EQ(t, v.kind, FSP_FWD, "a SUE frame is forwarded");
      UT_EQ(t, v.port, 2, "to the lowest matching entry's port");
      UT_EQ(t, v.tc, vc, "class = the RH's VC");
    }
  /* an AIFH 6 B frame whose RH bytes 4-5 read as the 802.1Q TPID (VC 2, partition 0x100) and
   * whose first command bytes read as the AIFH Ethertype: still AIFH 6 B (DIP at bytes 2-3, class
   * from byte 12), not a tagged AIFH 12 B frame (whose lookup would use bytes 4-5, the SIP) */
  {
    size_t m = sue_frame(SUE_HDR_AIFH6, 2, f);
    f[12] = 0x81;
    f[13] = 0x00;
    f[16] = 0x88;
    f[17] = 0xB5;
    reseal_fcs(f, m);
    fsp_verdict_t w;
    fsp_ingress_frame(&c, f, m, 576, 0, 0, &w);
    UT_EQ(t, w.kind, FSP_FWD, "AIFH 6 B with a TPID-like RH: forwarded");
    UT_EQ(t, w.port, 2, "by its DIP");
    UT_EQ(t, w.tc, 2, "class from its RH");
  }
  /* AIFH6 off: the 6-byte form is not recognised */
  c.aifh6_en = 0;
  size_t n = sue_frame(SUE_HDR_AIFH6, 1, f);
  fsp_verdict_t v;
  fsp_ingress_frame(&c, f, n, 576, 0, 0, &v);
  UT_CHECK(t, v.kind == FSP_DROP && v.reason == FSP_DROP_ETYPE, "AIFH6 disabled: Ethertype drop");
}

static void t_drops(ut_t *t) {
  fsp_cfg_t c;
  table(&c);
  uint8_t f[SUE_FRAME_MAX];
  size_t n = sue_frame(SUE_HDR_UDP, 2, f);
  fsp_verdict_t v;
  fsp_ingress_frame(&c, f, n, 576, 1, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_CUT, "cut first");
  fsp_ingress_frame(&c, f, 63, 576, 0, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_RUNT, "63 bytes: runt");
  fsp_ingress_frame(&c, f, n, n - 1, 0, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_OVERSIZE, "longer than FMAX");
  f[30] ^= 0x10;
  fsp_ingress_frame(&c, f, n, 576, 0, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_FCS, "a flipped bit: FCS");
  f[30] ^= 0x10;
  fsp_ingress_frame(&c, f, n, 576, 0, 1, &v);
  UT_EQ(t, v.reason, FSP_DROP_OVERFLOW, "buffer full under it");
  f[12] = 0x86; /* IPv6 Ethertype */
  f[13] = 0xDD;
  reseal_fcs(f, n);
  fsp_ingress_frame(&c, f, n, 576, 0, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_ETYPE, "not a SUE Ethertype");
  n = sue_frame(SUE_HDR_UDP, 2, f);
  f[5] = 0x48; /* another destination MAC */
  reseal_fcs(f, n);
  fsp_ingress_frame(&c, f, n, 576, 0, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_UNKNOWN, "unknown destination MAC");
  n = sue_frame(SUE_HDR_AIFH12, 2, f);
  f[5] = 0x48; /* another DIP */
  reseal_fcs(f, n);
  fsp_ingress_frame(&c, f, n, 576, 0, 0, &v);
  UT_EQ(t, v.reason, FSP_DROP_UNKNOWN, "unknown AIFH destination");
  UT_EQ(t, v.kind, FSP_DROP, "dropped");
}

static void t_pfc(ut_t *t) {
  const uint8_t mac[6] = {0x02, 0, 0, 0, 0xFE, 0x00};
  const uint16_t time[8] = {0xFFFF, 0, 0xFFFF, 0, 0, 0, 0, 0};
  uint8_t f[64];
  fsp_pfc_frame(mac, 3, 0x0F, time, f);
  static const uint8_t head[22] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01, 0x02, 0x00,
                                   0x00, 0x00, 0xFE, 0x03, 0x88, 0x08, 0x01, 0x01,
                                   0x00, 0x0F, 0xFF, 0xFF, 0x00, 0x00};
  UT_CHECK(t, !memcmp(f, head, sizeof head),
           "PFC frame: DA, SA with the port, 0x8808, 0x0101, CEV, times");
  fsp_cfg_t c;
  table(&c);
  fsp_verdict_t v;
  fsp_ingress_frame(&c, f, 64, 576, 0, 0, &v);
  UT_EQ(t, v.kind, FSP_PFC, "a PFC frame is consumed");
  UT_EQ(t, v.cev, 0x0F, "its class-enable vector");
  UT_EQ(t, v.time[2], 0xFFFF, "its times");
}

static void t_cells(ut_t *t) {
  UT_EQ(t, fsp_cell_header(1, 0, 5, 3, 570, 59),
        0x8000000000000000ull | 5ull << 54 | 3ull << 52 | 570ull << 36 | 59ull << 28,
        "cell header fields");
  UT_EQ(t, fsp_cell_payload(1, 4), 14, "iSLIP (CK 1): 15-word packets, 14 payload words");
  UT_EQ(t, fsp_cell_payload(2, 4), 29, "SCOC M 2 (CK 2): 15 core words of 2");
  UT_EQ(t, fsp_cell_payload(4, 4), 59, "SCOC M 4 (CK 4): 15 core words of 4");
  UT_EQ(t, fsp_cell_payload(16, 8), 255, "capped at the header field's 255");
  UT_EQ(t, fsp_cells(64, 14), 1, "64 bytes: 8 words, one cell of 14");
  UT_EQ(t, fsp_cells(113, 14), 2, "113 bytes: 15 words, two cells");
  UT_EQ(t, fsp_cells(576, 14), 6, "576 bytes: 72 words, six cells of 14");
  UT_EQ(t, fsp_cells(576, 59), 2, "576 bytes: two cells of 59");
}

UT_SUITE(fabric_sw_port_model) {
  ut_run(s, "fabric_sw_port_formats", t_formats);
  ut_run(s, "fabric_sw_port_drops", t_drops);
  ut_run(s, "fabric_sw_port_pfc", t_pfc);
  ut_run(s, "fabric_sw_port_cells", t_cells);
}
