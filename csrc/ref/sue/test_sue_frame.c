/* test_sue_frame.c - SUE model: commands, descriptor, beats, credit words, frames built by hand,
 * CRCs checked against an independent implementation, RH, registers, efficiency formula. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "sue_cmd.h"
#include "sue_endpoint_model.h"
#include "sue_frame.h"
#include "sue_regs_model.h"
#include "sue_rx_check_model.h"
#include "unit.h"

/* ---- an independent CRC: reflected shift-right form, not csrc/lib/common/crc.c ---- */
static uint32_t indep_crc(const uint8_t *d, size_t n, uint32_t rpoly) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= d[i];
    for (int k = 0; k < 8; k++)
      c = (c >> 1) ^ ((c & 1u) ? rpoly : 0u);
  }
  return ~c;
}
#define RPOLY_32 0xEDB88320u  /* 0x04C11DB7 reflected */
#define RPOLY_32C 0x82F63B78u /* 0x1EDC6F41 reflected */

static void t_desc_roundtrip(ut_t *t) {
  unsigned n = 0;
  for (unsigned ct = 0; ct <= SUE_CTYPE_MAX; ct++)
    for (unsigned cl = 1; cl <= SUE_CLEN_MAX; cl++)
      for (unsigned dl = 0; dl <= SUE_DATA_MAX; dl++) {
        unsigned dp = dl != 0;
        uint16_t d = sue_desc_encode(ct, cl, dp, dl);
        UT_EQ(t, d >> 13, ct, "ctype at [15:13]");
        UT_EQ(t, (d >> 9) & 15u, cl, "clen at [12:9]");
        UT_EQ(t, (d >> 8) & 1u, dp, "dp at [8]");
        UT_EQ(t, d & 0xFFu, dp ? dl - 1 : 0, "dlen-1 at [7:0]");
        unsigned a, b, c, e;
        UT_CHECK(t, sue_desc_decode(d, &a, &b, &c, &e) == 0, "legal descriptor 0x%04x refused", d);
        UT_CHECK(t, a == ct && b == cl && c == dp && e == dl, "descriptor 0x%04x decodes wrong", d);
        n++;
      }
  UT_EQ(t, n, 8u * 9u * 257u, "combinations");
  unsigned a, b, c, e;
  for (unsigned cl = 0; cl < 16; cl++)
    if (cl == 0 || cl > 9)
      UT_CHECK(t, sue_desc_decode((uint16_t)(cl << 9), &a, &b, &c, &e) != 0, "clen %u accepted",
               cl);
  UT_CHECK(t, sue_desc_decode((uint16_t)((2u << 9) | 5u), &a, &b, &c, &e) != 0,
           "dp 0 with a data length accepted");
  /* the spec's examples: 8-byte control, no data; 16-byte control with 256 bytes */
  UT_EQ(t, sue_desc_encode(0, 4, 0, 0), 0x0800, "8-byte control only");
  UT_EQ(t, sue_desc_encode(1, 8, 1, 256), 0x31FF, "type 1, 16-byte control, 256 data bytes");
}

static void t_cmd_beats(ut_t *t) {
  static const unsigned widths[] = {128, 256, 512, 1024, 2048};
  for (unsigned wi = 0; wi < 5; wi++) {
    unsigned nw = widths[wi], nb = nw / 8;
    for (unsigned cl = 1; cl <= SUE_CLEN_MAX; cl++)
      for (unsigned dl = 0; dl <= SUE_DATA_MAX; dl++) {
        sue_cmd_t c, r;
        sue_cmd_init(&c, (cl + dl) & 7u, cl, dl);
        sue_cmd_fill(&c, 1000u * cl + dl);
        uint32_t cw[5], dw[BITS_WORDS(2048)];
        sue_cmd_control_bits(&c, cw);
        /* descriptor in tx_control[143:128], control byte 2 in [127:120] */
        UT_EQ(t, (cw[4] >> 0) & 0xFFFFu, (unsigned)((c.ctrl[0] << 8) | c.ctrl[1]),
              "descriptor at tx_control[143:128]");
        UT_EQ(t, cw[3] >> 24, cl > 1 ? c.ctrl[2] : 0, "control byte 2 at [127:120]");
        unsigned beats = sue_cmd_beats(&c, nw);
        UT_EQ(t, beats, dl ? (dl + nb - 1) / nb : 1, "beats");
        UT_CHECK(t, beats <= 16, "more than 16 beats (tx_cycle is 4 bits)");
        memset(&r, 0xA5, sizeof r);
        UT_CHECK(t, sue_cmd_set_control_bits(&r, cw) == 0, "control refused");
        for (unsigned b = 0; b < beats && dl; b++) {
          sue_cmd_data_beat(&c, nw, b, dw);
          if (b == 0)
            UT_EQ(t, dw[nw / 32 - 1] >> 24, c.data[0], "first data byte at [N-1:N-8]");
          sue_cmd_set_data_beat(&r, nw, b, dw);
        }
        UT_CHECK(t, sue_cmd_equal(&c, &r), "N %u clen %u dlen %u: beats do not round-trip", nw, cl,
                 dl);
        for (unsigned j = 2 * cl; j < SUE_CTRL_BYTES; j++)
          UT_EQ(t, r.ctrl[j], 0, "rx_control past the control length");
      }
  }
}

static void t_cmd_pack_walk(ut_t *t) {
  static const unsigned aligns[] = {2, 4, 8};
  prng_t rng;
  prng_seed(&rng, 5);
  uint8_t area[4096 + 64];
  sue_cmd_t cmds[64], r;
  for (unsigned ai = 0; ai < 3; ai++) {
    unsigned al = aligns[ai];
    for (int it = 0; it < 300; it++) {
      unsigned n = (unsigned)prng_range(&rng, 1, 12);
      size_t len = 0;
      for (unsigned i = 0; i < n; i++) {
        unsigned cl = (unsigned)prng_range(&rng, 1, 9);
        unsigned dl = prng_bernoulli(&rng, 0.3) ? 0 : (unsigned)prng_range(&rng, 1, 256);
        sue_cmd_init(&cmds[i], (unsigned)prng_below(&rng, 8), cl, dl);
        sue_cmd_fill(&cmds[i], prng_next(&rng));
        size_t k = sue_cmd_pack(&cmds[i], al, area + len);
        UT_EQ(t, k, sue_align_up(2 * cl + dl, al), "packed length");
        UT_EQ(t, k % al, 0, "aligned");
        for (size_t z = 2 * cl + dl; z < k; z++)
          UT_EQ(t, area[len + z], 0, "alignment pad is zero");
        len += k;
      }
      size_t fill = (size_t)prng_below(&rng, 3) * 2; /* a zero fill, sometimes */
      memset(area + len, 0, fill);
      size_t off = 0;
      for (unsigned i = 0; i < n; i++) {
        UT_EQ(t, sue_cmd_unpack(area, len + fill, &off, al, &r), 1, "walk: command");
        UT_CHECK(t, sue_cmd_equal(&r, &cmds[i]), "walk: command %u differs", i);
      }
      UT_EQ(t, sue_cmd_unpack(area, len + fill, &off, al, &r), 0, "walk: end");
    }
    /* malformed: clen 10; a command running past the area; dp 0 with a length */
    size_t off = 0;
    uint8_t bad[8] = {0x14, 0x00, 0, 0, 0, 0, 0, 0};
    UT_EQ(t, sue_cmd_unpack(bad, 8, &off, al, &r), -1, "clen 10");
    bad[0] = 0x08; /* clen 4 = 8 bytes, area 6 */
    off = 0;
    UT_EQ(t, sue_cmd_unpack(bad, 6, &off, al, &r), -1, "command past the area");
    bad[0] = 0x02;
    bad[1] = 0x01; /* clen 1, dp 0, dlen bits 1 */
    off = 0;
    UT_EQ(t, sue_cmd_unpack(bad, 8, &off, al, &r), -1, "dp 0 with a length");
    bad[0] = 0xE0; /* clen 0 (with type bits): end of the list */
    off = 0;
    UT_EQ(t, sue_cmd_unpack(bad, 8, &off, al, &r), 0, "clen 0 ends the list");
  }
}

static void t_credit_words(ut_t *t) {
  for (unsigned ty = 0; ty < 2; ty++)
    for (unsigned vc = 0; vc < 4; vc++)
      for (unsigned n = 1; n <= 4; n++) {
        unsigned w = sue_credit_word(ty, vc, n), a = 9, b = 9;
        UT_EQ(t, w, 0x20u | (ty << 4) | (vc << 2) | (n - 1), "credit word layout");
        UT_EQ(t, sue_credit_decode(w, &a, &b), n, "count");
        UT_CHECK(t, a == ty && b == vc, "type / vc");
      }
  unsigned a, b;
  UT_EQ(t, sue_credit_decode(0x1F, &a, &b), 0, "not valid");
}

static void t_crc(ut_t *t) {
  const uint8_t *s = (const uint8_t *)"123456789";
  UT_EQ(t, sue_crc32(s, 9, 0), 0xCBF43926u, "CRC-32 check value");
  UT_EQ(t, sue_crc32(s, 9, 1), 0xE3069283u, "CRC-32C check value");
  UT_EQ(t, indep_crc(s, 9, RPOLY_32), 0xCBF43926u, "independent CRC-32 check value");
  UT_EQ(t, indep_crc(s, 9, RPOLY_32C), 0xE3069283u, "independent CRC-32C check value");
  prng_t r;
  prng_seed(&r, 9);
  uint8_t buf[600];
  for (int i = 0; i < 200; i++) {
    size_t n = (size_t)prng_below(&r, sizeof buf + 1);
    prng_fill(&r, buf, n);
    UT_EQ(t, sue_crc32(buf, n, 0), indep_crc(buf, n, RPOLY_32), "CRC-32 random");
    UT_EQ(t, sue_crc32(buf, n, 1), indep_crc(buf, n, RPOLY_32C), "CRC-32C random");
  }
  /* residue: the CRC over data followed by its CRC (least significant byte first) is the
   * constant 0x2144DF1C, so a receiver may check R-CRC and FCS either way */
  for (int i = 0; i < 20; i++) {
    size_t n = (size_t)prng_range(&r, 1, 500);
    prng_fill(&r, buf, n);
    sue_put_le32(buf + n, sue_crc32(buf, n, 0));
    UT_EQ(t, sue_crc32(buf, n + 4, 0), 0x2144DF1Cu, "CRC-32 residue");
  }
}

static void t_rh(ut_t *t) {
  sue_rh_t a = {0, 3, 0x3FF, 0xFFFF, 3, 0x3FF, 0xFFFF, 0, 0}, b;
  uint8_t o[8];
  sue_rh_pack(&a, o);
  static const uint8_t e1[8] = {0x33, 0xFF, 0xFF, 0xFF, 0xC3, 0xFF, 0xFF, 0xFF};
  UT_CHECK(t, !memcmp(o, e1, 8), "RH all ones except ver and reserved");
  sue_rh_t c = {0, 2, 0x155, 0x1234, 2, 0x2AA, 0xBEEF, 0, 0};
  sue_rh_pack(&c, o);
  static const uint8_t e2[8] = {0x21, 0x55, 0x12, 0x34, 0x82, 0xAA, 0xBE, 0xEF};
  UT_CHECK(t, !memcmp(o, e2, 8), "RH field positions");
  o[0] |= 0x0C; /* reserved bits [11:10] */
  o[4] |= 0x3C; /* reserved bits [13:10] */
  sue_rh_unpack(o, &b);
  UT_CHECK(t,
           b.op == 2 && b.xpuid == 0x155 && b.psn == 0x1234 && b.vc == 2 && b.partition == 0x2AA &&
               b.rpsn == 0xBEEF && b.rsv == 3 && b.rsvd == 15,
           "RH unpack");
  UT_EQ(t, SUE_OP_NONE, 0, "op none");
  UT_EQ(t, SUE_OP_ACK, 1, "op ACK");
  UT_EQ(t, SUE_OP_NACK, 2, "op NACK");
}

/* Endpoint with the configuration of the hand-built frames: XPU 5 sending to XPU 7. */
static int ep_setup(sue_ep_t *ep, unsigned fmt, unsigned rcrc_c) {
  sue_params_t p = sue_default_params();
  p.ndst = 4;
  if (sue_ep_init(ep, &p))
    return -1;
  sue_ep_reg_write(ep, SUE_REG_CTRL, (fmt & 3u) | (rcrc_c << 2) | 0x318u);
  sue_ep_reg_write(ep, SUE_REG_XPUID, 5);
  sue_ep_reg_write(ep, SUE_REG_PARTITION, 0x123);
  sue_ep_reg_write(ep, SUE_REG_MAC_HI, 0x0200);
  sue_ep_reg_write(ep, SUE_REG_MAC_LO, 0x00000005);
  sue_ep_reg_write(ep, SUE_REG_IP, 0x0A000005);
  sue_ep_reg_write(ep, SUE_REG_IP_CFG, 64u | (26u << 14)); /* TTL 64, DSCP 26 on VC 1 */
  sue_ep_reg_write(ep, SUE_REG_AIFH_PREFIX, fmt == SUE_HDR_AIFH6 ? 0x00AB0000u : 0x0FABCD00u);
  sue_ep_reg_write(ep, SUE_REG_DST(2), 0x80000007u);
  sue_ep_reg_write(ep, SUE_REG_DST(2) + 4, 0x0200);
  sue_ep_reg_write(ep, SUE_REG_DST(2) + 8, 0x00000007);
  sue_ep_reg_write(ep, SUE_REG_DST(2) + 12, 0x0A000007);
  return 0;
}

/* The frame the endpoint sends for one command handed in with send-now. */
static size_t ep_one_frame(sue_ep_t *ep, const sue_cmd_t *c, uint8_t *out) {
  if (sue_ep_xpu_tx(ep, 10, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD, c, 0))
    return 0;
  return sue_ep_port_tx(ep, 11, out);
}

static void check_crcs(ut_t *t, const uint8_t *f, size_t n, size_t h, uint32_t rpoly) {
  UT_EQ(t, sue_get_le32(f + n - 4), indep_crc(f, n - 4, RPOLY_32), "FCS (independent CRC-32)");
  UT_EQ(t, sue_get_le32(f + n - 8), indep_crc(f + h, n - 8 - h, rpoly), "R-CRC (independent)");
}

static void t_frame_udp_by_hand(ut_t *t) {
  /* ctype 5, clen 4 (8 control bytes), 10 data bytes: 18 bytes, 20 with the ALIGN 4 pad */
  sue_cmd_t c;
  sue_cmd_init(&c, 5, 4, 10);
  static const uint8_t opaque[6] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66};
  memcpy(c.ctrl + 2, opaque, 6);
  for (unsigned i = 0; i < 10; i++)
    c.data[i] = (uint8_t)(0xD0 + i);
  c.vc = 1;
  c.xpuid = 7;
  c.send_now = 1;
  static const uint8_t exp[78] = {
      0x02, 0x00, 0x00, 0x00, 0x00, 0x07, /* 0 DA: destination slot 2's MAC */
      0x02, 0x00, 0x00, 0x00, 0x00, 0x05, /* 6 SA: MAC_HI/MAC_LO */
      0x08, 0x00,                         /* 12 Ethertype IPv4 */
      0x45, 0x68,                         /* 14 version 4, IHL 5; DSCP 26 << 2, ECN 0 */
      0x00, 0x3C,                         /* 16 total length 60 = 20 + 8 + 32 */
      0x00, 0x00, 0x40, 0x00,             /* 18 identification 0, DF, offset 0 */
      0x40, 0x11,                         /* 22 TTL 64, protocol UDP */
      0x26, 0x3E,                         /* 24 header checksum (worked by hand: ~0xD9C1) */
      0x0A, 0x00, 0x00, 0x05,             /* 26 source 10.0.0.5 */
      0x0A, 0x00, 0x00, 0x07,             /* 30 destination 10.0.0.7 */
      0xC0, 0x00, 0xC0, 0x00,             /* 34 UDP ports 49152 -> 49152 */
      0x00, 0x28, 0x00, 0x00,             /* 38 UDP length 40, checksum 0 (unused) */
      0x00, 0x05,                         /* 42 RH: ver 0, op 0 (none), xpuid 5 */
      0x00, 0x00,                         /* 44 psn 0 */
      0x41, 0x23,                         /* 46 vc 1, partition 0x123 */
      0x00, 0x00,                         /* 48 rpsn 0 */
      0xA9, 0x09,                         /* 50 descriptor: ctype 5, clen 4, dp, dlen-1 9 */
      0x11, 0x22, 0x33, 0x44, 0x55, 0x66, /* 52 opaque control */
      0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, /* 58 data */
      0x00, 0x00,                                                 /* 68 alignment pad */
      0xC5, 0x7D, 0x94, 0xA4, /* 70 R-CRC 0xA4947DC5 (CRC-32 over bytes 42..69), LSB first */
      0xAA, 0x57, 0x2A, 0x73, /* 74 FCS 0x732A57AA, LSB first */
  };
  UT_EQ(t, sue_ip_checksum(exp + 14, 20), 0, "hand IPv4 header checksums to 0");
  check_crcs(t, exp, 78, 42, RPOLY_32);
  UT_EQ(t, sue_frame_len(SUE_HDR_UDP, 20), 78, "frame length");
  sue_ep_t ep;
  UT_CHECK(t, ep_setup(&ep, SUE_HDR_UDP, 0) == 0, "init");
  uint8_t f[SUE_FRAME_MAX];
  size_t n = ep_one_frame(&ep, &c, f);
  sue_ep_free(&ep);
  UT_EQ(t, n, 78, "model frame length");
  for (size_t i = 0; i < n; i++)
    UT_CHECK(t, f[i] == exp[i], "byte %zu: model 0x%02x, by hand 0x%02x", i, f[i], exp[i]);
}

static void t_frame_aifh12_by_hand(ut_t *t) {
  sue_cmd_t c;
  sue_cmd_init(&c, 5, 4, 10);
  static const uint8_t opaque[6] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66};
  memcpy(c.ctrl + 2, opaque, 6);
  for (unsigned i = 0; i < 10; i++)
    c.data[i] = (uint8_t)(0xD0 + i);
  c.vc = 1;
  c.xpuid = 7;
  c.send_now = 1;
  uint8_t exp[64] = {
      0x02, 0xAB, 0xCD, 0x00, 0x00, 0x07, /* DA: prefix 0x0FABCD00 with byte 0 low nibble 0010
                                             (M 0, X 1, Y Z 0), DIP 7 */
      0x02, 0xAB, 0xCD, 0x00, 0x00, 0x05, /* SA: prefix, SIP 5 */
      0x88, 0xB5,                         /* Ethertype register (default) */
      0x00, 0x05, 0x00, 0x00, 0x41, 0x23, 0x00, 0x00, /* 14 RH as in the UDP frame */
      0xA9, 0x09, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, /* 22 command */
      0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0x00, 0x00,
      /* 42: 14 bytes of zero fill: 14 + 8 + 20 + 8 = 50 < 64 */
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xC3, 0x24, 0x59,
      0xC9,                   /* 56 R-CRC: CRC-32C 0xC95924C3 over bytes 14..55 (fill in) */
      0x28, 0x20, 0x71, 0x6E, /* 60 FCS 0x6E712028 */
  };
  check_crcs(t, exp, 64, 14, RPOLY_32C);
  sue_ep_t ep;
  UT_CHECK(t, ep_setup(&ep, SUE_HDR_AIFH12, 1) == 0, "init");
  uint8_t f[SUE_FRAME_MAX];
  size_t n = ep_one_frame(&ep, &c, f);
  sue_ep_free(&ep);
  UT_EQ(t, n, 64, "model frame length");
  for (size_t i = 0; i < n; i++)
    UT_CHECK(t, f[i] == exp[i], "byte %zu: model 0x%02x, by hand 0x%02x", i, f[i], exp[i]);
}

static void t_frame_aifh6_by_hand(ut_t *t) {
  sue_cmd_t c; /* smallest command: the descriptor alone (ctype 3, clen 1), on VC 2 */
  sue_cmd_init(&c, 3, 1, 0);
  c.vc = 2;
  c.xpuid = 7;
  c.send_now = 1;
  uint8_t exp[64];
  memset(exp, 0, sizeof exp);
  static const uint8_t head[20] = {
      0x02, 0xAB,             /* prefix bytes 0-1 (0x00AB0000: byte 0 nibble forced 0010) */
      0x00, 0x07, 0x00, 0x05, /* DIP 7, SIP 5 */
      0x88, 0xB5,             /* Ethertype */
      0x00, 0x05, 0x00, 0x00, 0x81, 0x23, 0x00, 0x00, /* RH: vc 2 */
      0x62, 0x00, 0x00, 0x00, /* descriptor 0x6200, 2-byte pad; then 36 bytes of fill */
  };
  memcpy(exp, head, sizeof head);
  static const uint8_t tail[8] = {0x32, 0x1A, 0x33, 0x95,  /* R-CRC 0x95331A32 over 8..55 */
                                  0x22, 0x96, 0x59, 0x8E}; /* FCS 0x8E599622 */
  memcpy(exp + 56, tail, 8);
  check_crcs(t, exp, 64, 8, RPOLY_32);
  UT_EQ(t, sue_fill_bytes(SUE_HDR_AIFH6, 4), 36, "fill");
  sue_ep_t ep;
  UT_CHECK(t, ep_setup(&ep, SUE_HDR_AIFH6, 0) == 0, "init");
  uint8_t f[SUE_FRAME_MAX];
  size_t n = ep_one_frame(&ep, &c, f);
  sue_ep_free(&ep);
  UT_EQ(t, n, 64, "model frame length");
  for (size_t i = 0; i < n; i++)
    UT_CHECK(t, f[i] == exp[i], "byte %zu: model 0x%02x, by hand 0x%02x", i, f[i], exp[i]);
}

/* 802.1Q tag (docs/sue/index.md "VLAN tag"): the frames of the by-hand tests with the 4 tag
 * bytes after the source address (TPID 0x8100, PCP = VC 1's priority 5, DEI 0, VID 0x123): the
 * rest is byte for byte the untagged frame (IPv4 and UDP lengths and checksum, RH, R-CRC are
 * over the same bytes), the FCS is new; the AIFH 6-byte frame and PFC frames stay untagged; the
 * receive checks accept the tagged frame with the same fields, whatever the VLAN register says. */
static void t_frame_vlan(ut_t *t) {
  static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};
  sue_cmd_t c;
  sue_cmd_init(&c, 5, 4, 60); /* no fill in any format: the tag cannot take fill bytes */
  sue_cmd_fill(&c, 3);
  c.vc = 1;
  c.xpuid = 7;
  c.send_now = 1;
  for (unsigned fi = 0; fi < 3; fi++) {
    uint8_t plain[SUE_FRAME_MAX], tagged[SUE_FRAME_MAX];
    sue_ep_t ep, ept;
    UT_CHECK(t, ep_setup(&ep, fmts[fi], fi == 1) == 0, "init");
    UT_CHECK(t, ep_setup(&ept, fmts[fi], fi == 1) == 0, "init");
    size_t n0 = ep_one_frame(&ep, &c, plain);
    sue_ep_reg_write(&ept, SUE_REG_PFC_MAP, 0x3u << 9 | 0x2u << 6 | 0x5u << 3); /* VC 1: 5 */
    sue_ep_reg_write(&ept, SUE_REG_VLAN, 0x0123u << 16 | 1u);
    UT_EQ(t, ept.cfg.vlan_tx, 1, "VLAN TX_EN");
    UT_EQ(t, ept.cfg.vlan_vid, 0x123, "VLAN VID");
    size_t n1 = ep_one_frame(&ept, &c, tagged);
    sue_ep_free(&ept);
    if (fmts[fi] == SUE_HDR_AIFH6) {
      UT_EQ(t, n1, n0, "AIFH 6-byte: never tagged");
      UT_CHECK(t, !memcmp(plain, tagged, n0 - 8), "AIFH 6-byte: untagged frame");
    } else {
      static const uint8_t tag[4] = {0x81, 0x00, 0xA1, 0x23}; /* PCP 5, DEI 0, VID 0x123 */
      UT_EQ(t, n1, n0 + 4, "tagged frame 4 bytes longer");
      UT_CHECK(t, !memcmp(tagged, plain, 12), "addresses before the tag");
      UT_CHECK(t, !memcmp(tagged + 12, tag, 4), "tag bytes %02x %02x %02x %02x", tagged[12],
               tagged[13], tagged[14], tagged[15]);
      size_t h = sue_hdr_bytes(fmts[fi]);
      UT_CHECK(t, !memcmp(tagged + 16, plain + 12, n0 - 16), "the rest up to the FCS");
      check_crcs(t, tagged, n1, h + 4, fi == 1 ? RPOLY_32C : RPOLY_32);
      if (fmts[fi] == SUE_HDR_UDP)
        UT_EQ(t, sue_ip_checksum(tagged + 18, 20), 0, "IPv4 checksum after the tag");
      UT_EQ(t, sue_hdr_bytes(fmts[fi] | SUE_HDR_TAG), h + 4, "tagged header bytes");
      UT_EQ(t, sue_max_frame(&ep.p, fmts[fi] | SUE_HDR_TAG), sue_max_frame(&ep.p, fmts[fi]) + 4,
            "tagged largest frame");
    }
    /* receive side: the peer (XPU 7) takes both, tag or none, with its VLAN register off */
    sue_cfg_t rx = ep.cfg;
    rx.xpuid = 7;
    rx.vlan_tx = 0;
    memcpy(rx.mac + 4, "\x00\x07", 2);
    rx.ip = 0x0A000007;
    rx.dst[2].xpuid = 5;
    sue_rx_info_t i0, i1;
    UT_EQ(t, sue_rx_check(&ep.p, &rx, plain, n0, &i0), 0, "untagged frame accepted");
    UT_EQ(t, sue_rx_check(&ep.p, &rx, tagged, n1, &i1), 0, "tagged frame accepted");
    UT_EQ(t, i1.ncmd, 1, "tagged frame: one command");
    UT_EQ(t, i1.area_off, i0.area_off + (fmts[fi] == SUE_HDR_AIFH6 ? 0u : 4u), "area offset");
    UT_EQ(t, i1.rh.vc, 1, "tagged frame: VC from the RH");
    if (fmts[fi] != SUE_HDR_AIFH6) {
      tagged[12] ^= 0x01; /* not the TPID: the frame's Ethertype is 0x8000 */
      sue_frame_reseal(&rx, tagged, n1, SUE_RESEAL_FCS);
      UT_EQ(t, sue_rx_check(&ep.p, &rx, tagged, n1, &i1), SUE_CNT_RX_ETHERTYPE, "TPID changed");
    }
    /* PFC frames are never tagged */
    uint8_t pf[64];
    uint16_t tm[8] = {0};
    sue_pfc_build(ep.cfg.mac, 1, tm, pf);
    UT_EQ(t, sue_get_be16(pf + 12), SUE_ETYPE_MACCTL, "PFC untagged");
    sue_ep_free(&ep);
  }
}

static void t_pfc_by_hand(ut_t *t) {
  uint8_t exp[64];
  memset(exp, 0, sizeof exp);
  static const uint8_t head[34] = {
      0x01, 0x80, 0xC2, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x05, /* DA, SA */
      0x88, 0x08, 0x01, 0x01, 0x00, 0x0F, /* MAC control, PFC opcode, class-enable 0..3 */
      0xFF, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, /* times: prio 0 0xFFFF, prio 2 256 */
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  memcpy(exp, head, sizeof head);
  sue_put_le32(exp + 60, 0x7ADD4E7Bu); /* FCS computed independently */
  uint8_t sa[6] = {2, 0, 0, 0, 0, 5}, f[64];
  uint16_t tm[8] = {0xFFFF, 0, 0x100, 0, 0, 0, 0, 0};
  UT_EQ(t, sue_pfc_build(sa, 0x0F, tm, f), 64, "PFC length");
  UT_CHECK(t, !memcmp(f, exp, 64), "PFC frame differs from the hand-built one");
  UT_EQ(t, indep_crc(f, 60, RPOLY_32), 0x7ADD4E7Bu, "PFC FCS");
}

/* A CBFC update against a frame built by hand (docs/sue/index.md "CBFC"), and parsed back; a
 * PFC frame, another OUI or subtype is not one. */
static void t_cbfc_by_hand(ut_t *t) {
  uint8_t exp[64];
  memset(exp, 0, sizeof exp);
  static const uint8_t head[54] = {
      0x01, 0x80, 0xC2, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x05, /* DA, SA */
      0x88, 0x08, 0xFF, 0xFE, 0x12, 0x34, 0x56, 0x01, /* extension opcode, OUI, subtype */
      0x00, 0x0F,                                     /* classes 0..3 */
      0x00, 0x40, 0x12, 0x34, 0xFF, 0xFF, 0x00, 0x01, /* limits of classes 0..3 */
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* limits of classes 4..7 */
      0x00, 0x07, 0xAB, 0xCD, 0x00, 0x00, 0x80, 0x00, /* units sent on classes 0..3 */
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  memcpy(exp, head, sizeof head);
  sue_put_le32(exp + 60, indep_crc(exp, 60, RPOLY_32));
  uint8_t sa[6] = {2, 0, 0, 0, 0, 5}, f[64];
  uint16_t lim[8] = {0x40, 0x1234, 0xFFFF, 1, 0, 0, 0, 0};
  uint16_t snt[8] = {7, 0xABCD, 0, 0x8000, 0, 0, 0, 0};
  UT_EQ(t, sue_cbfc_build(sa, 0x123456, 0x0F, lim, snt, f), 64, "CBFC length");
  UT_CHECK(t, !memcmp(f, exp, 64), "CBFC frame differs from the hand-built one");
  unsigned cev = 0;
  uint16_t l2[8], s2[8];
  UT_EQ(t, sue_cbfc_parse(f, 64, 0x123456, &cev, l2, s2), 1, "parsed");
  UT_EQ(t, cev, 0x0F, "cev");
  UT_CHECK(t, !memcmp(l2, lim, sizeof lim) && !memcmp(s2, snt, sizeof snt), "fields back");
  UT_EQ(t, sue_cbfc_parse(f, 64, 0x123457, &cev, l2, s2), 0, "another OUI");
  f[19] = 2;
  UT_EQ(t, sue_cbfc_parse(f, 64, 0x123456, &cev, l2, s2), 0, "another subtype");
  uint16_t tm[8] = {0};
  sue_pfc_build(sa, 0x0F, tm, f);
  UT_EQ(t, sue_cbfc_parse(f, 64, 0, &cev, l2, s2), 0, "a PFC frame");
}

/* Management frames: the bytes as written, zeros to 60, the FCS by an independent CRC; a frame
 * of 60 bytes or more is not padded. The endpoint model's buffer: words past MGMT_MAX and every
 * refused send counted, the frame queued and sent first after PFC, MGMT_GAP apart. */
static void t_mgmt_by_hand(ut_t *t) {
  uint8_t b[SUE_MGMT_MAX], f[SUE_MGMT_MAX + 4];
  for (unsigned i = 0; i < sizeof b; i++)
    b[i] = (uint8_t)(i * 7u + 1u);
  UT_EQ(t, sue_mgmt_build(b, 42, f), 64, "42 bytes padded");
  UT_CHECK(t, !memcmp(f, b, 42), "the bytes written");
  for (unsigned i = 42; i < 60; i++)
    UT_EQ(t, f[i], 0, "pad");
  UT_EQ(t, sue_get_le32(f + 60), indep_crc(f, 60, RPOLY_32), "FCS of the padded frame");
  UT_EQ(t, sue_mgmt_build(b, 61, f), 65, "61 bytes: not padded");
  UT_CHECK(t, !memcmp(f, b, 61), "the bytes written");
  UT_EQ(t, sue_get_le32(f + 61), indep_crc(f, 61, RPOLY_32), "FCS");

  sue_params_t p = sue_default_params();
  p.pdu_max = 300; /* MGMT_MAX = min(508, 354) */
  sue_ep_t ep;
  UT_CHECK(t, sue_ep_init(&ep, &p) == 0, "init");
  UT_EQ(t, sue_mgmt_max(&p), 354, "MGMT_MAX");
  UT_EQ(t, SUE_REG_GET(sue_ep_reg_read(&ep, SUE_REG_MGMT_TX_STATUS), SUE_REG_MGMT_TX_STATUS_MAX),
        354, "MGMT_TX_STATUS.MAX");
  for (unsigned i = 0; i < 90; i++) /* 89 words hold 354 bytes: one dropped */
    sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_DATA, 0x01020304u * i);
  UT_EQ(t, ep.cnt[SUE_CNT_TX_MGMT_BAD], 1, "a word past MGMT_MAX");
  UT_EQ(t, ep.mgmt_words, 89, "words kept");
  sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_SEND, 354);
  UT_EQ(t, ep.mgmt_qlen, 354, "queued");
  UT_EQ(t, ep.mgmt_q[4], 0x01, "word 1, byte 0");
  sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_DATA, 0);
  sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_SEND, 14); /* a frame is queued: refused */
  sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_SEND, 13); /* too short */
  sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_SEND, 4);  /* no words */
  UT_EQ(t, ep.cnt[SUE_CNT_TX_MGMT_BAD], 4, "refused sends");
  sue_ep_reg_write(&ep, SUE_REG_MGMT_GAP, 100);
  UT_EQ(t, sue_ep_port_tx(&ep, 1, f), 358, "sent at the next cycle, the FCS added");
  UT_EQ(t, ep.cnt[SUE_CNT_TX_MGMT], 1, "tx_mgmt");
  for (unsigned i = 0; i < 4; i++)
    sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_DATA, 0xFFFFFFFFu);
  sue_ep_reg_write(&ep, SUE_REG_MGMT_TX_SEND, 16);
  UT_EQ(t, sue_ep_port_tx(&ep, 100, f), 0, "MGMT_GAP not over");
  UT_EQ(t, sue_ep_port_tx(&ep, 101, f), 64, "MGMT_GAP over");
  sue_ep_free(&ep);
}

static void t_registers(ut_t *t) {
  sue_params_t p = sue_default_params();
  sue_ep_t ep;
  UT_CHECK(t, sue_ep_init(&ep, &p) == 0, "init");
  static const struct {
    uint32_t addr, val;
  } resets[] = {
      {SUE_REG_ID, 0x53554501u},
      {SUE_REG_CAPS0, 4096u | (64u << 16) | (4u << 24)},
      {SUE_REG_CAPS1, 2048u | (8u << 16) | (8u << 24)},
      {SUE_REG_CAPS2, 8u | (4u << 8)},
      {SUE_REG_CAPS3, 16384u},
      {SUE_REG_CTRL, 0x318u},
      {SUE_REG_XPUID, 0},
      {SUE_REG_PARTITION, 0},
      {SUE_REG_MAC_HI, 0x0200},
      {SUE_REG_MAC_LO, 0},
      {SUE_REG_IP, 0},
      {SUE_REG_UDP_PORT, 0xC000C000u},
      {SUE_REG_ETHERTYPE, 0x88B5},
      {SUE_REG_IP_CFG, 64},
      {SUE_REG_AIFH_PREFIX, 0x02000000u},
      {SUE_REG_PACK_TIMEOUT, 64},
      {SUE_REG_PACK_THRESH, 4096},
      {SUE_REG_RETX_TIMEOUT, 4096},
      {SUE_REG_ACK_DELAY, 64},
      {SUE_REG_PFC_MAP, 0x688},
      {SUE_REG_PFC_TIME, 0x0002FFFFu},
      {SUE_REG_PFC_REFRESH, 32768},
      {SUE_REG_PFC_XOFF, 8192},
      {SUE_REG_PFC_XON, 4096},
      {SUE_REG_CNT_CLEAR, 0},
      {SUE_REG_STATUS, 0},
      {SUE_REG_DST(0), 0},
      {SUE_REG_CONN(0), 0},
  };
  for (size_t i = 0; i < sizeof resets / sizeof resets[0]; i++)
    UT_CHECK(t, sue_ep_reg_read(&ep, resets[i].addr) == resets[i].val,
             "reset value of 0x%03x: 0x%08x, documented 0x%08x", resets[i].addr,
             sue_ep_reg_read(&ep, resets[i].addr), resets[i].val);
  for (unsigned i = 0; i < SUE_NCNT; i++)
    UT_EQ(t, sue_ep_reg_read(&ep, SUE_REG_CNT(i)), 0, "counter at reset");
  /* read back what was written, masked to the field widths */
  static const struct {
    uint32_t addr, w, r;
  } rw[] = {
      {SUE_REG_CTRL, 0xFFFFFFFFu, 0x33Fu},
      {SUE_REG_CTRL, 0x2u, 0x0u},
      {SUE_REG_XPUID, 0xFFFFu, 0x3FFu},
      {SUE_REG_PARTITION, 0x1234u, 0x234u},
      {SUE_REG_MAC_HI, 0x12345678u, 0x5678u},
      {SUE_REG_MAC_LO, 0x9ABCDEF0u, 0x9ABCDEF0u},
      {SUE_REG_IP, 0xC0A80001u, 0xC0A80001u},
      {SUE_REG_UDP_PORT, 0x12345678u, 0x12345678u},
      {SUE_REG_ETHERTYPE, 0xFFFF88B6u, 0x88B6u},
      {SUE_REG_IP_CFG, 0xFFFFFFFFu, 0xFFFFFFFFu},
      {SUE_REG_AIFH_PREFIX, 0x12345678u, 0x12345678u},
      {SUE_REG_PACK_TIMEOUT, 0x12345u, 0x2345u},
      {SUE_REG_PACK_THRESH, 0x10200u, 0x0200u},
      {SUE_REG_RETX_TIMEOUT, 0xFFFFFFFFu, 0xFFFFFFu},
      {SUE_REG_ACK_DELAY, 0x10010u, 0x10u},
      {SUE_REG_PFC_MAP, 0xFFFFFFFFu, 0xFFFu},
      {SUE_REG_VLAN, 0xFFFFFFFFu, 0x0FFF0001u},
      {SUE_REG_PFC_TIME, 0xFF030010u, 0x030010u},
      {SUE_REG_PFC_REFRESH, 0xFFFFFFFFu, 0xFFFFFFu},
      {SUE_REG_PFC_XOFF, 0xFFFFFFFFu, 0x7FFFFFu},
      {SUE_REG_PFC_XON, 0x100u, 0x100u},
      {SUE_REG_CBFC_CFG, 0xFFFFFFFFu, 0xFFFF000Fu},
      {SUE_REG_CBFC_OUI, 0xFFFFFFFFu, 0xFFFFFFu},
      {SUE_REG_ID, 0, 0x53554501u},
      {SUE_REG_DST(63), 0xFFFFFFFFu, 0x800003FFu},
      {SUE_REG_DST(63) + 4, 0xFFFFFFFFu, 0xFFFFu},
      {SUE_REG_DST(63) + 8, 0x01020304u, 0x01020304u},
      {SUE_REG_DST(63) + 12, 0x0A0B0C0Du, 0x0A0B0C0Du},
  };
  for (size_t i = 0; i < sizeof rw / sizeof rw[0]; i++) {
    sue_ep_reg_write(&ep, rw[i].addr, rw[i].w);
    UT_CHECK(t, sue_ep_reg_read(&ep, rw[i].addr) == rw[i].r, "0x%03x: wrote 0x%08x, read 0x%08x",
             rw[i].addr, rw[i].w, sue_ep_reg_read(&ep, rw[i].addr));
  }
  UT_EQ(t, ep.cfg.dst[63].valid, 1, "table entry valid");
  UT_EQ(t, ep.cfg.dst[63].mac[1], 0xFF, "table MAC byte 1");
  UT_EQ(t, ep.cfg.dst[63].mac[2], 0x01, "table MAC byte 2");
  sue_ep_reg_write(&ep, SUE_REG_CTRL, 0x3);
  UT_EQ(t, ep.cfg.hdr_fmt, SUE_HDR_AIFH6, "CTRL 3: AIFH 6-byte");
  sue_ep_reg_write(&ep, SUE_REG_CTRL, 0x1);
  UT_EQ(t, ep.cfg.hdr_fmt, SUE_HDR_AIFH12, "CTRL 1: AIFH 12-byte");
  ep.cnt[SUE_CNT_RX_FCS] = 7;
  UT_EQ(t, sue_ep_reg_read(&ep, SUE_REG_CNT(SUE_CNT_RX_FCS)), 7, "counter read");
  UT_EQ(t, SUE_REG_CNT(SUE_CNT_RX_FCS), 0x18Cu, "rx_fcs at 0x18C");
  sue_ep_reg_write(&ep, SUE_REG_CNT(SUE_CNT_RX_FCS), 0);
  UT_EQ(t, ep.cnt[SUE_CNT_RX_FCS], 7, "counters are read-only");
  sue_ep_reg_write(&ep, SUE_REG_CNT_CLEAR, 1);
  UT_EQ(t, ep.cnt[SUE_CNT_RX_FCS], 0, "CNT_CLEAR");
  UT_EQ(t, sue_ep_reg_read(&ep, 0x0FFCu), 0, "unmapped reads 0");
  for (unsigned i = 0; i < SUE_NCNT; i++)
    if (i <= SUE_CNT_TX_REPLAYS || i >= SUE_CNT_RX_FRAMES)
      UT_CHECK(t, sue_cnt_name(i) != NULL, "counter %u has no name", i);
  sue_ep_free(&ep);
}

static void t_params(ut_t *t) {
  sue_params_t p = sue_default_params();
  UT_CHECK(t, sue_params_check(&p, NULL) == 0, "defaults legal");
  const char *why = NULL;
  p.data_w = 64;
  UT_CHECK(t, sue_params_check(&p, &why) != 0 && why, "DATA_W 64 (a 256-byte command > 16 beats)");
  p = sue_default_params();
  p.pdu_max = 272;
  UT_CHECK(t, sue_params_check(&p, NULL) != 0, "PDU_MAX below the largest command");
  p = sue_default_params();
  p.ndst = 65;
  UT_CHECK(t, sue_params_check(&p, NULL) != 0, "NDST 65");
  p = sue_default_params();
  p.align = 3;
  UT_CHECK(t, sue_params_check(&p, NULL) != 0, "ALIGN 3");
  for (unsigned w = 1; w <= 65; w++) { /* slot = PSN mod WIN across the 16-bit wrap */
    p = sue_default_params();
    p.win = w;
    UT_CHECK(t, (sue_params_check(&p, NULL) == 0) == (w <= 64 && (w & (w - 1)) == 0), "WIN %u", w);
  }
  p = sue_default_params();
  UT_EQ(t, sue_max_frame(&p, SUE_HDR_UDP), 42 + 8 + 4096 + 8, "largest UDP frame");
  UT_EQ(t, sue_max_frame(&p, SUE_HDR_AIFH6), 8 + 8 + 4096 + 8, "largest AIFH6 frame");
}

static void t_efficiency_formula(ut_t *t) {
  /* by hand: UDP, 64-byte commands, ALIGN 4: unpacked 42+8+64+4+4 = 122 bytes + 20 on the wire */
  double e = sue_wire_efficiency(SUE_HDR_UDP, 64, 4, 1);
  UT_CHECK(t, e == 64.0 / 142.0, "UDP unpacked 64 B: %f", e);
  UT_EQ(t, sue_cmds_per_pdu(64, 4, 4096), 64, "64 commands of 64 B per PDU");
  e = sue_wire_efficiency(SUE_HDR_UDP, 64, 4, 64);
  UT_CHECK(t, e == 4096.0 / (4154.0 + 20.0), "UDP packed 64 B: %f", e);
  /* AIFH6, 8-byte commands: unpacked 8+8+8+8 = 32 -> padded to 64, + 20 */
  e = sue_wire_efficiency(SUE_HDR_AIFH6, 8, 4, 1);
  UT_CHECK(t, e == 8.0 / 84.0, "AIFH6 unpacked 8 B: %f", e);
  /* 18-byte commands take 20 with ALIGN 4: 204 per PDU, 4080 bytes */
  UT_EQ(t, sue_cmds_per_pdu(18, 4, 4096), 204, "18-byte commands per PDU");
  e = sue_wire_efficiency(SUE_HDR_AIFH12, 18, 4, 204);
  UT_CHECK(t, e == 204.0 * 18.0 / (14.0 + 8.0 + 4080.0 + 8.0 + 20.0), "AIFH12 packed 18 B: %f", e);
}

UT_SUITE(sue_frame) {
  ut_run(s, "sue_desc_roundtrip", t_desc_roundtrip);
  ut_run(s, "sue_cmd_beats", t_cmd_beats);
  ut_run(s, "sue_cmd_pack_walk", t_cmd_pack_walk);
  ut_run(s, "sue_credit_words", t_credit_words);
  ut_run(s, "sue_crc", t_crc);
  ut_run(s, "sue_rh", t_rh);
  ut_run(s, "sue_frame_udp_by_hand", t_frame_udp_by_hand);
  ut_run(s, "sue_frame_aifh12_by_hand", t_frame_aifh12_by_hand);
  ut_run(s, "sue_frame_aifh6_by_hand", t_frame_aifh6_by_hand);
  ut_run(s, "sue_frame_vlan", t_frame_vlan);
  ut_run(s, "sue_pfc_by_hand", t_pfc_by_hand);
  ut_run(s, "sue_cbfc_by_hand", t_cbfc_by_hand);
  ut_run(s, "sue_mgmt_by_hand", t_mgmt_by_hand);
  ut_run(s, "sue_registers", t_registers);
  ut_run(s, "sue_params", t_params);
  ut_run(s, "sue_efficiency_formula", t_efficiency_formula);
}
