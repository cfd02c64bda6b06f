/* test_sue_endpoint_model.c - SUE endpoint model: receive checks and drop counters, packing,
 * scheduler, credits, and two endpoints back to back through a lossy, corrupting, delaying channel
 * with a scoreboard (exactly once, in order per {source, VC}), go-back-N NACK and timer paths,
 * stand-alone ACKs, PFC, and wire efficiency measured against the formula. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "sue_chan.h"
#include "sue_endpoint_model.h"
#include "sue_regs_model.h"
#include "unit.h"

#define XA 5u /* XPU ids of the two endpoints */
#define XB 7u

/* Configures ep as XPU `me` whose destination table holds `peer` in slot 1 (slot 0 holds an
 * XPU nobody is, slot 2 another), format fmt. MAC 02-00-00-00-00-<id>, IP 10.0.0.<id>. */
static void ep_config(sue_ep_t *ep, unsigned me, unsigned peer, unsigned fmt) {
  sue_ep_reg_write(ep, SUE_REG_CTRL, fmt | 0x318u);
  sue_ep_reg_write(ep, SUE_REG_XPUID, me);
  sue_ep_reg_write(ep, SUE_REG_PARTITION, 0x2A);
  sue_ep_reg_write(ep, SUE_REG_MAC_HI, 0x0200);
  sue_ep_reg_write(ep, SUE_REG_MAC_LO, me);
  sue_ep_reg_write(ep, SUE_REG_IP, 0x0A000000u | me);
  const unsigned ids[3] = {0x3F0, peer, 0x3F1};
  for (unsigned d = 0; d < 3 && d < ep->p.ndst; d++) {
    sue_ep_reg_write(ep, SUE_REG_DST(d), 0x80000000u | ids[d]);
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 4, 0x0200);
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 8, ids[d]);
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 12, 0x0A000000u | ids[d]);
  }
}

static void mk_cmd(sue_cmd_t *c, unsigned ctype, unsigned clen, unsigned dlen, unsigned vc,
                   unsigned dst, unsigned send_now, uint64_t seed) {
  sue_cmd_init(c, ctype, clen, dlen);
  sue_cmd_fill(c, seed);
  c->vc = vc;
  c->xpuid = dst;
  c->send_now = send_now;
}

static int submit(sue_ep_t *ep, uint64_t now, const sue_cmd_t *c) {
  return sue_ep_xpu_tx(ep, now, c->dp ? SUE_VALID_DATA : SUE_VALID_CMD, c, 0);
}

/* ============ receive checks: every malformed kind dropped on its own counter ============ */

typedef struct {
  sue_ep_t a, b;
  uint8_t good[SUE_FRAME_MAX];
  size_t glen;
  uint64_t now;
} rxt_t;

static int rxt_init(rxt_t *x, unsigned fmt, unsigned rx_bytes) {
  sue_params_t p = sue_default_params();
  p.ndst = 4;
  if (rx_bytes)
    p.rx_bytes = rx_bytes;
  if (sue_ep_init(&x->a, &p) || sue_ep_init(&x->b, &p))
    return -1;
  ep_config(&x->a, XA, XB, fmt);
  ep_config(&x->b, XB, XA, fmt);
  for (unsigned v = 0; v < 4; v++)
    for (unsigned ty = 0; ty < 2; ty++)
      sue_ep_rx_credit(&x->b, v, ty, 1000);
  sue_cmd_t c;
  mk_cmd(&c, 1, 5, 40, 1, XB, 1, 77);
  if (submit(&x->a, 1, &c))
    return -1;
  x->glen = sue_ep_port_tx(&x->a, 2, x->good);
  x->now = 10;
  return x->glen ? 0 : -1;
}

static void rxt_free(rxt_t *x) {
  sue_ep_free(&x->a);
  sue_ep_free(&x->b);
}

/* Hands f to B; checks that exactly counter `want` moved (besides rx_frames / rx_bytes) and
 * that nothing reached B's receive buffer. */
static int rx_expect_drop(ut_t *t, rxt_t *x, const uint8_t *f, size_t len, int want,
                          const char *what) {
  uint32_t before[SUE_NCNT];
  memcpy(before, x->b.cnt, sizeof before);
  unsigned q0 = 0;
  for (unsigned v = 0; v < 4; v++)
    q0 += x->b.rxq[v].ncmd;
  int r = sue_ep_port_rx(&x->b, x->now++, f, len);
  if (r != want) {
    ut_fail(t, __FILE__, __LINE__, "%s: dropped on %s, expected %s", what,
            r ? sue_cnt_name((unsigned)r) : "(accepted)", sue_cnt_name((unsigned)want));
    return -1;
  }
  for (unsigned i = 0; i < SUE_NCNT; i++) {
    uint32_t d = x->b.cnt[i] - before[i];
    uint32_t e = (i == (unsigned)want || i == SUE_CNT_RX_FRAMES) ? 1u
                 : i == SUE_CNT_RX_BYTES                         ? (uint32_t)len
                                                                 : 0u;
    if (d != e && i != SUE_CNT_RX_ACK_STALE) {
      ut_fail(t, __FILE__, __LINE__, "%s: counter %s moved by %u, expected %u", what,
              sue_cnt_name(i), d, e);
      return -1;
    }
  }
  unsigned q1 = 0;
  for (unsigned v = 0; v < 4; v++)
    q1 += x->b.rxq[v].ncmd;
  if (q1 != q0) {
    ut_fail(t, __FILE__, __LINE__, "%s: a dropped frame delivered commands", what);
    return -1;
  }
  return 0;
}

#define DROP(x, f, n, cnt, what)                                                                   \
  do {                                                                                             \
    if (rx_expect_drop(t, (x), (f), (n), (cnt), (what)))                                           \
      return;                                                                                      \
  } while (0)

static void rx_malformed_fmt(ut_t *t, unsigned fmt) {
  rxt_t x;
  UT_CHECK(t, rxt_init(&x, fmt, 0) == 0, "setup");
  const sue_cfg_t *cfg = &x.a.cfg;
  size_t n = x.glen, h = sue_hdr_bytes(fmt);
  uint8_t f[SUE_FRAME_MAX + 16];
  /* runt: 60 bytes with a good FCS */
  memcpy(f, x.good, 60);
  sue_put_le32(f + 56, sue_fcs(f, 56));
  DROP(&x, f, 60, SUE_CNT_RX_RUNT, "runt");
  /* oversize: one byte over the largest frame, good FCS */
  size_t big = sue_max_frame(&x.b.p, fmt) + 1;
  memset(f, 0, big);
  memcpy(f, x.good, n - 4);
  sue_put_le32(f + big - 4, sue_fcs(f, big - 4));
  DROP(&x, f, big, SUE_CNT_RX_OVERSIZE, "oversize");
  /* FCS: one bit */
  memcpy(f, x.good, n);
  f[n / 2] ^= 0x10;
  DROP(&x, f, n, SUE_CNT_RX_FCS, "bad FCS");
  memcpy(f, x.good, n);
  f[n - 1] ^= 0x80;
  DROP(&x, f, n, SUE_CNT_RX_FCS, "bad FCS byte");
  /* a MAC control frame that is not PFC (802.3x PAUSE, opcode 0x0001) */
  uint16_t tm[8] = {0};
  sue_pfc_build(cfg->mac, 1, tm, f);
  sue_put_be16(f + 14, 0x0001);
  sue_frame_reseal(cfg, f, 64, SUE_RESEAL_FCS);
  DROP(&x, f, 64, SUE_CNT_RX_ETHERTYPE, "802.3x PAUSE");
  /* Ethertype */
  memcpy(f, x.good, n);
  f[fmt == SUE_HDR_AIFH6 ? 7 : 13] ^= 0x01;
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_ETHERTYPE, "Ethertype");
  if (fmt == SUE_HDR_UDP) {
    memcpy(f, x.good, n);
    f[25] ^= 0x01; /* IPv4 header checksum */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_IP_HDR, "IPv4 checksum");
    memcpy(f, x.good, n);
    f[14] = 0x46; /* IHL 6 */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_IP | SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_IP_HDR, "IHL");
    memcpy(f, x.good, n);
    f[21] = 0x08; /* fragment offset 8 */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_IP | SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_IP_HDR, "fragment");
    memcpy(f, x.good, n);
    f[23] = 6; /* TCP */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_IP | SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_IP_HDR, "protocol");
    memcpy(f, x.good, n);
    f[39] ^= 4; /* UDP length */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_IP_HDR, "UDP length");
    memcpy(f, x.good, n);
    f[17] ^= 4; /* IP total length */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_IP | SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_IP_HDR, "IP total length");
    memcpy(f, x.good, n);
    f[37] ^= 1; /* UDP destination port */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_UDP_PORT, "UDP port");
    memcpy(f, x.good, n);
    f[33] ^= 1; /* destination IP */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_IP | SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_DST, "destination IP");
    memcpy(f, x.good, n);
    f[5] ^= 1; /* destination MAC */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_DST, "destination MAC");
  } else {
    memcpy(f, x.good, n);
    f[fmt == SUE_HDR_AIFH6 ? 3 : 5] ^= 1; /* DIP */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_DST, "DIP");
    memcpy(f, x.good, n);
    f[0] ^= 0x01; /* M bit: multicast */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_DST, "multicast AIFH");
    memcpy(f, x.good, n);
    f[1] ^= 0x40; /* prefix */
    sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
    DROP(&x, f, n, SUE_CNT_RX_DST, "AIFH prefix");
  }
  /* R-CRC: a bit of a command, FCS resealed (corruption inside a switch); a bit of the R-CRC */
  memcpy(f, x.good, n);
  f[h + 12] ^= 0x04;
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_RCRC, "R-CRC (command byte)");
  memcpy(f, x.good, n);
  f[n - 6] ^= 0x01;
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_RCRC, "R-CRC (R-CRC byte)");
  memcpy(f, x.good, n);
  f[h + 4] ^= 0x01; /* partition bit, R-CRC not resealed */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_RCRC, "RH corrupted");
  /* R-CRC with the other polynomial */
  memcpy(f, x.good, n);
  sue_put_le32(f + n - 8, sue_crc32(f + h, n - 8 - h, !cfg->rcrc_c));
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_RCRC, "R-CRC polynomial");
  /* RH fields, R-CRC resealed */
  memcpy(f, x.good, n);
  f[h] |= 0x40; /* ver 1 */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_VER, "version");
  memcpy(f, x.good, n);
  f[h + 1] ^= 0x20; /* source XPU 5 -> 0x25, not in the table */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_SRC, "unknown source");
  memcpy(f, x.good, n);
  f[h + 5] ^= 0x01; /* partition */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_PARTITION, "partition");
  memcpy(f, x.good, n);
  f[h] |= 0x30; /* op 3 */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_BAD_PDU, "op 3");
  memcpy(f, x.good, n);
  f[h + 7] = 1; /* op 0 with an rpsn */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_BAD_PDU, "op 0 with rpsn");
  memcpy(f, x.good, n);
  f[h + 8] = (uint8_t)((f[h + 8] & 0xE1u) | (10u << 1)); /* clen 10 */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_BAD_PDU, "clen 10");
  memcpy(f, x.good, n);
  f[h + 9] = 0xFF; /* data length 256: runs past the area */
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_BAD_PDU, "command past the area");
  /* the good frame is accepted, delivered, and a second copy is a duplicate */
  UT_EQ(t, sue_ep_port_rx(&x.b, x.now++, x.good, n), 0, "good frame");
  sue_cmd_t got, want;
  mk_cmd(&want, 1, 5, 40, 1, XB, 1, 77);
  UT_EQ(t, sue_ep_xpu_rx(&x.b, x.now++, &got), 1, "delivered");
  UT_CHECK(t, sue_cmd_equal(&got, &want) && got.vc == 1 && got.xpuid == XA, "delivered command");
  DROP(&x, x.good, n, SUE_CNT_RX_DUP, "duplicate");
  /* a PSN ahead: dropped, one NACK owed (rpsn = expected = 1), sent stand-alone */
  memcpy(f, x.good, n);
  sue_put_be16(f + h + 2, 5);
  sue_frame_reseal(cfg, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  DROP(&x, f, n, SUE_CNT_RX_PSN, "PSN ahead");
  DROP(&x, f, n, SUE_CNT_RX_PSN, "PSN ahead again");
  uint8_t o[SUE_FRAME_MAX];
  size_t on = sue_ep_port_tx(&x.b, x.now++, o);
  UT_CHECK(t, on > 0, "no NACK sent");
  sue_rh_t rh;
  sue_rh_unpack(o + h, &rh);
  UT_CHECK(t, rh.op == SUE_OP_NACK && rh.rpsn == 1 && rh.xpuid == XB, "NACK fields op %u rpsn %u",
           rh.op, rh.rpsn);
  UT_EQ(t, x.b.cnt[SUE_CNT_TX_NACK_FRAMES], 1, "one stand-alone NACK");
  UT_EQ(t, sue_ep_port_tx(&x.b, x.now + 1000, o), 0, "NACK once: nothing more owed");
  rxt_free(&x);
}

static void t_rx_malformed_udp(ut_t *t) { rx_malformed_fmt(t, SUE_HDR_UDP); }
static void t_rx_malformed_aifh12(ut_t *t) { rx_malformed_fmt(t, SUE_HDR_AIFH12); }
static void t_rx_malformed_aifh6(ut_t *t) { rx_malformed_fmt(t, SUE_HDR_AIFH6); }

static void t_rx_nobuf(ut_t *t) {
  rxt_t x;
  UT_CHECK(t, rxt_init(&x, SUE_HDR_UDP, 4096) == 0, "setup");
  x.a.cfg.pack_timeout = 10000;
  x.b.cfg.pfc_tx_en = 0;
  /* full PDUs: 16 commands of 256 bytes (2 control + 254 data) */
  size_t n[3];
  uint8_t fr[3][SUE_FRAME_MAX];
  for (unsigned k = 0; k < 3; k++) {
    for (unsigned i = 0; i < 16; i++) {
      sue_cmd_t c;
      mk_cmd(&c, 2, 1, 254, 1, XB, 0, 1000u * k + i);
      UT_EQ(t, submit(&x.a, x.now, &c), 0, "submit");
      x.now++;
    }
    n[k] = sue_ep_port_tx(&x.a, x.now++, fr[k]);
    UT_EQ(t, n[k], 42 + 8 + 4096 + 8, "full PDU");
  }
  /* B (RX_BYTES 4096) takes PSN 0 (52 bytes); PSN 1 (4096 bytes) finds no room */
  UT_EQ(t, sue_ep_port_rx(&x.b, x.now++, x.good, x.glen), 0, "PSN 0");
  DROP(&x, fr[0], n[0], SUE_CNT_RX_NOBUF, "no room for PSN 1");
  UT_EQ(t, x.b.conn[1].exp, 1, "PSN 1 still expected");
  sue_cmd_t got;
  UT_EQ(t, sue_ep_xpu_rx(&x.b, x.now++, &got), 1, "the XPU takes PSN 0's command");
  UT_EQ(t, sue_ep_port_rx(&x.b, x.now++, fr[0], n[0]), 0, "PSN 1 accepted once there is room");
  rxt_free(&x);
}

/* ==================== packing, scheduler, credits ==================== */

static int one_ep(sue_ep_t *ep, unsigned ndst) {
  sue_params_t p = sue_default_params();
  p.ndst = ndst;
  if (sue_ep_init(ep, &p))
    return -1;
  ep_config(ep, XA, XB, SUE_HDR_UDP);
  for (unsigned d = 3; d < ndst; d++) {
    sue_ep_reg_write(ep, SUE_REG_DST(d), 0x80000000u | (0x100u + d));
    sue_ep_reg_write(ep, SUE_REG_DST(d) + 8, 0x100u + d);
  }
  return 0;
}

/* Destination slot (by the DA's last byte, XPU id low byte) and VC of a UDP frame. */
static void frame_dst_vc(const uint8_t *f, unsigned *dlow, unsigned *vc, unsigned *ncmd,
                         unsigned *psn) {
  sue_rh_t rh;
  sue_rh_unpack(f + 42, &rh);
  *dlow = f[5];
  *vc = rh.vc;
  *psn = rh.psn;
  size_t off = 0, len = (size_t)sue_get_be16(f + 38) - 8 - 8 - 4;
  sue_cmd_t c;
  *ncmd = 0;
  while (sue_cmd_unpack(f + 50, len, &off, 4, &c) == 1)
    (*ncmd)++;
}

static void t_packing(ut_t *t) {
  sue_ep_t ep;
  UT_CHECK(t, one_ep(&ep, 4) == 0, "init");
  ep.cfg.pack_timeout = 100;
  uint8_t f[SUE_FRAME_MAX];
  sue_cmd_t c;
  unsigned d, v, k, psn;
  /* timeout: a lone command waits exactly PACK_TIMEOUT cycles */
  mk_cmd(&c, 0, 2, 16, 0, XB, 0, 1);
  UT_EQ(t, submit(&ep, 10, &c), 0, "submit");
  UT_EQ(t, sue_ep_port_tx(&ep, 109, f), 0, "sent before the timeout");
  UT_CHECK(t, sue_ep_port_tx(&ep, 110, f) > 0, "not sent at the timeout");
  /* send-now: immediately, with the commands queued before it */
  for (unsigned i = 0; i < 3; i++) {
    mk_cmd(&c, 0, 2, 16, 0, XB, i == 2, 2 + i);
    UT_EQ(t, submit(&ep, 200 + i, &c), 0, "submit");
    if (i < 2)
      UT_EQ(t, sue_ep_port_tx(&ep, 200 + i, f), 0, "sent without send-now");
  }
  UT_CHECK(t, sue_ep_port_tx(&ep, 202, f) > 0, "send-now not sent");
  frame_dst_vc(f, &d, &v, &k, &psn);
  UT_EQ(t, k, 3, "send-now PDU carries the queued commands");
  UT_EQ(t, psn, 1, "PSN + 1 per PDU");
  /* threshold: 100 bytes (5 commands of 20) */
  ep.cfg.pack_thresh = 100;
  for (unsigned i = 0; i < 5; i++) {
    mk_cmd(&c, 0, 2, 16, 0, XB, 0, 10 + i);
    UT_EQ(t, sue_ep_port_tx(&ep, 300 + i, f), 0, "sent below the threshold");
    UT_EQ(t, submit(&ep, 300 + i, &c), 0, "submit");
  }
  UT_CHECK(t, sue_ep_port_tx(&ep, 305, f) > 0, "threshold reached, not sent");
  frame_dst_vc(f, &d, &v, &k, &psn);
  UT_EQ(t, k, 5, "threshold PDU");
  /* PDU_MAX: 40 commands of 200 bytes: PDUs of 20 (4000 bytes), whole commands only */
  ep.cfg.pack_thresh = 4096;
  unsigned frames = 0;
  uint64_t now = 400;
  for (unsigned i = 0; i < 40;) {
    sue_credit_ev_t ev;
    while (sue_ep_credit_pop(&ep, &ev))
      ;
    mk_cmd(&c, 0, 1, 198, 2, XB, 0, 100 + i);
    if (sue_pack_room(&ep.pack, 1, 2, 200) && submit(&ep, now, &c) == 0)
      i++;
    size_t n = sue_ep_port_tx(&ep, now++, f);
    if (n) {
      UT_CHECK(t, n <= sue_max_frame(&ep.p, SUE_HDR_UDP), "frame too long");
      frame_dst_vc(f, &d, &v, &k, &psn);
      UT_EQ(t, k, 20, "commands per full PDU");
      UT_EQ(t, n, 42 + 8 + 4000 + 8, "full PDU length");
      frames++;
    }
    /* acknowledge everything so the window never closes */
    ep.conn[1].una = ep.conn[1].nxt;
  }
  UT_EQ(t, frames, 1, "one full PDU while filling");
  UT_EQ(t, sue_ep_port_tx(&ep, now + 1000, f) > 0, 1, "rest after the timeout");
  frame_dst_vc(f, &d, &v, &k, &psn);
  UT_EQ(t, k, 20, "rest");
  sue_ep_free(&ep);
}

static void t_scheduler(ut_t *t) {
  sue_ep_t ep;
  UT_CHECK(t, one_ep(&ep, 4) == 0, "init");
  /* slots 0..3 = 0x3F0, XB, 0x3F1, 0x103; commands to {slot, VC} below, all send-now */
  static const unsigned q[6][2] = {{0, 0}, {1, 0}, {2, 1}, {0, 2}, {3, 2}, {1, 3}};
  static const unsigned ids[4] = {0x3F0, XB, 0x3F1, 0x103};
  for (unsigned i = 0; i < 6; i++) {
    sue_cmd_t c;
    mk_cmd(&c, 0, 1, 0, q[i][1], ids[q[i][0]], 1, i);
    UT_EQ(t, submit(&ep, 1, &c), 0, "submit");
  }
  /* round-robin over VCs from VC 0, then over slots within the VC from its pointer */
  static const unsigned exp[6][2] = {{0, 0}, {2, 1}, {0, 2}, {1, 3}, {1, 0}, {3, 2}};
  uint8_t f[SUE_FRAME_MAX];
  for (unsigned i = 0; i < 6; i++) {
    UT_CHECK(t, sue_ep_port_tx(&ep, 2 + i, f) > 0, "frame %u missing", i);
    unsigned dl, v, k, psn;
    frame_dst_vc(f, &dl, &v, &k, &psn);
    UT_CHECK(t, dl == (ids[exp[i][0]] & 0xFF) && v == exp[i][1],
             "frame %u: to 0x%x VC %u, expected slot %u VC %u", i, dl, v, exp[i][0], exp[i][1]);
  }
  /* queues that stay ready after a PDU alternate: two PDUs each for slots 0 and 2 on VC 1 */
  for (unsigned i = 0; i < 64; i++) {
    sue_cmd_t c;
    mk_cmd(&c, 0, 1, 254, 1, ids[i < 32 ? 0 : 2], 0, 100 + i);
    UT_EQ(t, submit(&ep, 20, &c), 0, "submit");
  }
  for (unsigned i = 0; i < 4; i++) {
    UT_CHECK(t, sue_ep_port_tx(&ep, 21 + i, f) > 0, "full PDU %u missing", i);
    unsigned dl, v, k, psn;
    frame_dst_vc(f, &dl, &v, &k, &psn);
    UT_CHECK(t, dl == (i % 2 ? 0xF1u : 0xF0u) && v == 1 && k == 16,
             "PDU %u: to 0x%x VC %u with %u commands: not alternating", i, dl, v, k);
  }
  /* a window of WIN unacknowledged PDUs closes the destination: other queues go first */
  sue_ep_free(&ep);
  sue_params_t p = sue_default_params();
  p.ndst = 4;
  p.win = 2;
  UT_CHECK(t, sue_ep_init(&ep, &p) == 0, "init");
  ep_config(&ep, XA, XB, SUE_HDR_UDP);
  for (unsigned i = 0; i < 3; i++) {
    sue_cmd_t c;
    mk_cmd(&c, 0, 1, 0, 0, XB, 1, i);
    UT_EQ(t, submit(&ep, 1, &c), 0, "submit");
    UT_CHECK(t, sue_ep_port_tx(&ep, 2 + i, f) > 0 || i == 2, "frame %u", i);
  }
  UT_EQ(t, sue_ep_port_tx(&ep, 10, f), 0, "window of 2 closed");
  sue_cmd_t c;
  mk_cmd(&c, 0, 1, 0, 0, 0x3F0, 1, 9);
  UT_EQ(t, submit(&ep, 11, &c), 0, "submit");
  UT_CHECK(t, sue_ep_port_tx(&ep, 12, f) > 0 && f[5] == 0xF0, "other destination goes first");
  sue_ep_free(&ep);
}

static void t_credits(ut_t *t) {
  sue_ep_t ep;
  UT_CHECK(t, one_ep(&ep, 4) == 0, "init");
  sue_credit_ev_t ev;
  unsigned agg[4][2] = {{0}};
  while (sue_ep_credit_pop(&ep, &ev)) {
    UT_EQ(t, ev.kind, SUE_CREDIT_AGG, "reset returns ingress credits");
    agg[ev.vc][ev.type] += ev.n;
  }
  for (unsigned v = 0; v < 4; v++)
    UT_CHECK(t, agg[v][0] == 8 && agg[v][1] == 4, "initial credits VC %u: %u %u", v, agg[v][0],
             agg[v][1]);
  /* bad commands take and return a credit, and are counted */
  sue_cmd_t c;
  mk_cmd(&c, 0, 2, 0, 1, XB, 0, 1);
  UT_EQ(t, sue_ep_xpu_tx(&ep, 1, SUE_VALID_DATA, &c, 0), SUE_CNT_TX_CMD_BAD, "tx_valid mismatch");
  c.ctrl[0] = 0x14; /* clen 10 */
  UT_EQ(t, sue_ep_xpu_tx(&ep, 1, SUE_VALID_CMD, &c, 0), SUE_CNT_TX_CMD_BAD, "clen 10");
  mk_cmd(&c, 0, 2, 0, 1, XB, 0, 1);
  UT_EQ(t, sue_ep_xpu_tx(&ep, 1, SUE_VALID_CMD, &c, 1), SUE_CNT_TX_CMD_ERR, "tx_err");
  c.xpuid = 0x222;
  UT_EQ(t, submit(&ep, 1, &c), SUE_CNT_TX_CMD_NODST, "unknown destination");
  unsigned back = 0;
  while (sue_ep_credit_pop(&ep, &ev))
    back += ev.n;
  UT_EQ(t, back, 4, "credits of dropped commands returned");
  /* per-queue credits: a queue of Q_BYTES takes 8192 / 260 = 31 commands of 258 bytes (260
   * packed); the 32nd waits at the ingress (HOL), the next ING_DATA - 1 fill the ingress, the
   * one after is a credit violation */
  ep.cfg.pack_timeout = 60000;
  ep.cfg.pack_thresh = 60000;
  for (unsigned i = 0; i < 31; i++) {
    mk_cmd(&c, 1, 1, 256, 3, XB, 0, 50 + i);
    UT_EQ(t, submit(&ep, 2, &c), 0, "fill the queue");
  }
  UT_EQ(t, ep.pack.q[1 * 4 + 3].bytes, 31u * 260u, "queue bytes");
  UT_EQ(t, ep.cnt[SUE_CNT_TX_HOL], 0, "no HOL yet");
  for (unsigned i = 0; i < 4; i++) {
    mk_cmd(&c, 1, 1, 256, 3, XB, 0, 90 + i);
    UT_EQ(t, submit(&ep, 3, &c), 0, "into the ingress");
  }
  UT_EQ(t, ep.cnt[SUE_CNT_TX_HOL], 1, "head waits for room");
  UT_EQ(t, submit(&ep, 3, &c), SUE_CNT_TX_CREDIT_VIOL, "fifth with-data command on VC 3");
  mk_cmd(&c, 0, 2, 0, 3, XB, 0, 7);
  UT_EQ(t, submit(&ep, 3, &c), 0, "command-only credits are separate");
  unsigned aggret = 0;
  while (sue_ep_credit_pop(&ep, &ev))
    if (ev.kind == SUE_CREDIT_AGG)
      aggret += ev.n;
  UT_EQ(t, aggret, 31, "credits returned as commands enter the queue");
  /* the first PDU (15 commands, 3900 bytes) frees room: the ingress drains in order */
  ep.cfg.pack_thresh = 4096;
  uint8_t f[SUE_FRAME_MAX];
  UT_CHECK(t, sue_ep_port_tx(&ep, 4, f) > 0, "PDU");
  unsigned units = 0;
  aggret = 0;
  while (sue_ep_credit_pop(&ep, &ev)) {
    if (ev.kind == SUE_CREDIT_QUEUE) {
      UT_CHECK(t, ev.xpuid == XB && ev.vc == 3, "queue credit {0x%x, %u}", ev.xpuid, ev.vc);
      units += ev.n;
    } else
      aggret += ev.n;
  }
  UT_EQ(t, units, 15u * 260u / 4u, "queue credits of the PDU, in ALIGN units");
  /* the drain happens at the start of each later cycle, one command per VC per cycle (as
   * sue_pack_buf): VC 3's four held with-data commands in cycles 5 to 8; the command-only one
   * sits behind them in the same VC */
  for (unsigned k = 0; k < 5; k++) {
    sue_ep_tick(&ep, 5 + k);
    unsigned got = 0;
    while (sue_ep_credit_pop(&ep, &ev))
      if (ev.kind == SUE_CREDIT_AGG)
        got += ev.n;
    UT_EQ(t, got, 1, "one held command of VC 3 drained a cycle");
    aggret += got;
  }
  UT_EQ(t, aggret, 5, "ingress drained: 4 with data + the command-only one");
  UT_EQ(t, ep.cnt[SUE_CNT_TX_CMDS], 36, "commands accepted");
  /* tx_reset_in: queues discarded, every ingress credit returned anew */
  unsigned queued = sue_ep_tx_queued(&ep);
  sue_ep_tx_reset(&ep, 10);
  UT_EQ(t, ep.cnt[SUE_CNT_TX_FLUSHED], queued, "flushed");
  UT_EQ(t, sue_ep_tx_queued(&ep), 0, "nothing queued");
  back = 0;
  while (sue_ep_credit_pop(&ep, &ev))
    back += ev.n;
  UT_EQ(t, back, 4u * 12u, "all ingress credits after the reset");
  /* receive credits: a command is delivered only with a credit of its type */
  sue_ep_free(&ep);
  rxt_t x;
  UT_CHECK(t, rxt_init(&x, SUE_HDR_UDP, 0) == 0, "setup");
  sue_ep_rx_reset(&x.b);
  UT_EQ(t, sue_ep_port_rx(&x.b, 20, x.good, x.glen), 0, "accepted");
  sue_cmd_t got;
  UT_EQ(t, sue_ep_xpu_rx(&x.b, 21, &got), 0, "no credit");
  sue_ep_rx_credit(&x.b, 1, 0, 1);
  UT_EQ(t, sue_ep_xpu_rx(&x.b, 22, &got), 0, "command-only credit for a with-data command");
  sue_ep_rx_credit(&x.b, 0, 1, 1);
  UT_EQ(t, sue_ep_xpu_rx(&x.b, 23, &got), 0, "credit of another VC");
  sue_ep_rx_credit(&x.b, 1, 1, 1);
  UT_EQ(t, sue_ep_xpu_rx(&x.b, 24, &got), 1, "delivered");
  rxt_free(&x);
}

/* ==================== two endpoints back to back ==================== */

typedef struct {
  unsigned agg[4][2];
  unsigned qunits[4]; /* units toward the peer, per VC */
  uint64_t busy;
  unsigned to_send, sent, received;
  sue_stream_t out[4];
} xpu_t;

typedef struct {
  unsigned fmt, cmds, bpc, rx_credits;
  double p_cmd, p_rx, p_send_now, p_nodata;
  unsigned max_dlen;
  sue_params_t p;
  uint64_t max_cycles;
  /* PFC tuned for a lossy channel */
  unsigned pfc_time;
} b2b_cfg_t;

typedef struct {
  sue_ep_t ep[2];
  sue_chan_t link[2]; /* link[i]: frames from endpoint i */
  xpu_t xpu[2];
  uint64_t port_busy[2];
  prng_t r;
  uint64_t now;
  unsigned ids[2];
  uint8_t *fbuf;
  unsigned bad;
  char why[200];
} b2b_t;

static int b2b_init(b2b_t *s, const b2b_cfg_t *c, uint64_t seed) {
  memset(s, 0, sizeof *s);
  s->ids[0] = XA;
  s->ids[1] = XB;
  prng_seed(&s->r, seed);
  s->fbuf = malloc(SUE_FRAME_MAX);
  if (!s->fbuf)
    return -1;
  for (unsigned i = 0; i < 2; i++) {
    if (sue_ep_init(&s->ep[i], &c->p))
      return -1;
    ep_config(&s->ep[i], s->ids[i], s->ids[1 - i], c->fmt);
    if (c->pfc_time) {
      s->ep[i].cfg.pfc_time = (uint16_t)c->pfc_time;
      s->ep[i].cfg.pfc_refresh = c->pfc_time;
    }
    sue_chan_init(&s->link[i], seed * 31 + i);
    xpu_t *x = &s->xpu[i];
    x->to_send = c->cmds;
    for (unsigned v = 0; v < 4; v++) {
      x->qunits[v] = c->p.q_bytes / c->p.align;
      for (unsigned ty = 0; ty < 2; ty++)
        sue_ep_rx_credit(&s->ep[i], v, ty, c->rx_credits);
    }
  }
  return 0;
}

static void b2b_free(b2b_t *s) {
  for (unsigned i = 0; i < 2; i++) {
    sue_ep_free(&s->ep[i]);
    sue_chan_free(&s->link[i]);
    for (unsigned v = 0; v < 4; v++)
      sue_stream_free(&s->xpu[i].out[v]);
  }
  free(s->fbuf);
}

static void fail(b2b_t *s, const char *why) {
  if (!s->bad)
    snprintf(s->why, sizeof s->why, "cycle %llu: %s", (unsigned long long)s->now, why);
  s->bad = 1;
}

/* One cycle of everything. */
static void b2b_cycle(b2b_t *s, const b2b_cfg_t *c) {
  uint64_t t = s->now;
  for (unsigned i = 0; i < 2; i++) {
    sue_ep_t *ep = &s->ep[i];
    xpu_t *x = &s->xpu[i];
    sue_credit_ev_t ev;
    while (sue_ep_credit_pop(ep, &ev)) {
      if (ev.kind == SUE_CREDIT_AGG)
        x->agg[ev.vc][ev.type] += ev.n;
      else if (ev.xpuid == s->ids[1 - i])
        x->qunits[ev.vc] += ev.n;
      else
        fail(s, "queue credit for an unknown destination");
    }
    /* XPU transmit: one command, then busy for its beats */
    if (x->sent < x->to_send && t >= x->busy && prng_bernoulli(&s->r, c->p_cmd)) {
      sue_cmd_t cmd;
      unsigned dl =
          prng_bernoulli(&s->r, c->p_nodata)
              ? 0
              : (unsigned)(prng_bernoulli(&s->r, 0.5) ? prng_range(&s->r, 1, 32)
                                                      : prng_range(&s->r, 1, c->max_dlen));
      mk_cmd(&cmd, (unsigned)prng_below(&s->r, 8), (unsigned)prng_range(&s->r, 1, 9), dl,
             (unsigned)prng_below(&s->r, 4), s->ids[1 - i], prng_bernoulli(&s->r, c->p_send_now),
             prng_next(&s->r));
      unsigned ty = cmd.dp, u = sue_cmd_units(&cmd, c->p.align);
      if (x->agg[cmd.vc][ty] > 0 && x->qunits[cmd.vc] >= u) {
        x->agg[cmd.vc][ty]--;
        x->qunits[cmd.vc] -= u;
        if (submit(ep, t, &cmd))
          fail(s, "command refused");
        sue_stream_push(&x->out[cmd.vc], &cmd);
        x->sent++;
        x->busy = t + sue_cmd_beats(&cmd, c->p.data_w);
      }
    }
    /* port transmit */
    if (t >= s->port_busy[i]) {
      size_t n = sue_ep_port_tx(ep, t, s->fbuf);
      if (n) {
        sue_rx_info_t info;
        if (n < 64 || n > sue_max_frame(&c->p, c->fmt) ||
            sue_rx_check(&c->p, &s->ep[1 - i].cfg, s->fbuf, n, &info) != 0)
          fail(s, "malformed frame sent");
        s->port_busy[i] = t + (n + SUE_WIRE_EXTRA + c->bpc - 1) / c->bpc;
        sue_chan_push(&s->link[i], &ep->cfg, s->fbuf, n, s->port_busy[i]);
      }
    }
    /* port receive */
    sue_chan_frame_t *e;
    while ((e = sue_chan_pop(&s->link[1 - i], t)) != NULL) {
      sue_ep_port_rx(ep, t, e->buf, e->len);
      free(e->buf);
    }
    /* XPU receive: check against the peer's stream, give the credit back */
    if (prng_bernoulli(&s->r, c->p_rx)) {
      sue_cmd_t got;
      if (sue_ep_xpu_rx(ep, t, &got)) {
        const char *why = got.xpuid != s->ids[1 - i]
                              ? "command from an unknown source"
                              : sue_stream_take(&s->xpu[1 - i].out[got.vc], &got);
        if (why)
          fail(s, why);
        x->received++;
        sue_ep_rx_credit(ep, got.vc, got.dp, 1);
      }
    }
    /* invariants: credits never exceeded */
    for (unsigned q = 0; q < ep->p.ndst * 4; q++)
      if (ep->pack.q[q].bytes > ep->p.q_bytes)
        fail(s, "pack queue above Q_BYTES");
    for (unsigned v = 0; v < 4; v++)
      if (ep->rxq[v].bytes > ep->p.rx_bytes)
        fail(s, "receive buffer above RX_BYTES");
  }
  s->now++;
}

static int b2b_done(const b2b_t *s) {
  for (unsigned i = 0; i < 2; i++) {
    const xpu_t *x = &s->xpu[i];
    if (x->sent < x->to_send || s->xpu[1 - i].received < x->sent)
      return 0;
    if (sue_ep_unacked(&s->ep[i]) || sue_ep_tx_queued(&s->ep[i]))
      return 0;
  }
  return 1;
}

/* Runs to completion; returns 0 when clean, else fills t. */
static int b2b_run(ut_t *t, b2b_t *s, const b2b_cfg_t *c) {
  while (!b2b_done(s) && !s->bad && s->now < c->max_cycles)
    b2b_cycle(s, c);
  if (s->bad) {
    ut_fail(t, __FILE__, __LINE__, "%s", s->why);
    return -1;
  }
  if (!b2b_done(s)) {
    ut_fail(t, __FILE__, __LINE__,
            "not done after %llu cycles: sent %u/%u, received %u/%u, unacked %u/%u, queued %u/%u",
            (unsigned long long)s->now, s->xpu[0].sent, s->xpu[1].sent, s->xpu[1].received,
            s->xpu[0].received, sue_ep_unacked(&s->ep[0]), sue_ep_unacked(&s->ep[1]),
            sue_ep_tx_queued(&s->ep[0]), sue_ep_tx_queued(&s->ep[1]));
    return -1;
  }
  for (unsigned i = 0; i < 2; i++) {
    const sue_ep_t *ep = &s->ep[i];
    for (unsigned v = 0; v < 4; v++)
      if (s->xpu[i].out[v].rd != s->xpu[i].out[v].n) {
        ut_fail(t, __FILE__, __LINE__, "stream %u VC %u: %zu of %zu delivered", i, v,
                s->xpu[i].out[v].rd, s->xpu[i].out[v].n);
        return -1;
      }
    if (ep->cnt[SUE_CNT_TX_CREDIT_VIOL] || ep->cnt[SUE_CNT_TX_HOL] || ep->cnt[SUE_CNT_TX_CMD_BAD] ||
        ep->cnt[SUE_CNT_RX_BAD_PDU] || ep->cnt[SUE_CNT_RX_SRC]) {
      ut_fail(t, __FILE__, __LINE__, "endpoint %u: credit violation, HOL or malformed", i);
      return -1;
    }
  }
  return 0;
}

static b2b_cfg_t b2b_defaults(void) {
  b2b_cfg_t c;
  memset(&c, 0, sizeof c);
  c.fmt = SUE_HDR_UDP;
  c.cmds = 3000;
  c.bpc = 32;
  c.rx_credits = 8;
  c.p_cmd = 0.3;
  c.p_rx = 0.9;
  c.p_send_now = 0.05;
  c.p_nodata = 0.3;
  c.max_dlen = 256;
  c.p = sue_default_params();
  c.p.ndst = 8;
  c.max_cycles = 3000000;
  return c;
}

static void info_counters(const char *name, const b2b_t *s) {
  for (unsigned i = 0; i < 2; i++) {
    const uint32_t *k = s->ep[i].cnt;
    ut_info("%s ep%u: pdus %u retx %u replays %u timeouts %u nacks %u ack_frames %u "
            "rx_fcs %u rx_rcrc %u rx_psn %u rx_dup %u rx_nobuf %u pfc %u lost %u flip %u/%u",
            name, i, k[SUE_CNT_TX_PDUS], k[SUE_CNT_TX_RETX], k[SUE_CNT_TX_REPLAYS],
            k[SUE_CNT_TX_TIMEOUTS], k[SUE_CNT_TX_NACKS], k[SUE_CNT_TX_ACK_FRAMES],
            k[SUE_CNT_RX_FCS], k[SUE_CNT_RX_RCRC], k[SUE_CNT_RX_PSN], k[SUE_CNT_RX_DUP],
            k[SUE_CNT_RX_NOBUF], k[SUE_CNT_TX_PFC], s->link[i].nlost, s->link[i].nflip,
            s->link[i].nflip_pdu);
  }
}

static void t_b2b_clean(ut_t *t) {
  static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};
  for (unsigned fi = 0; fi < 3; fi++) {
    b2b_cfg_t c = b2b_defaults();
    c.fmt = fmts[fi];
    c.cmds = 1500;
    b2b_t s;
    UT_CHECK(t, b2b_init(&s, &c, 100 + fi) == 0, "init");
    if (fi == 1)
      for (unsigned i = 0; i < 2; i++)
        s.ep[i].cfg.rcrc_c = 1;
    int r = b2b_run(t, &s, &c);
    unsigned bad = 0;
    for (unsigned i = 0; i < 2; i++)
      bad += s.ep[i].cnt[SUE_CNT_TX_RETX] + s.ep[i].cnt[SUE_CNT_RX_PSN] +
             s.ep[i].cnt[SUE_CNT_TX_TIMEOUTS];
    b2b_free(&s);
    if (r)
      return;
    UT_EQ(t, bad, 0, "retransmission on a clean channel");
  }
}

static void b2b_lossy(ut_t *t, unsigned psn_per_vc, double loss, unsigned seeds, unsigned cmds) {
  unsigned nacks = 0, timeouts = 0, retx = 0, fcs = 0, rcrc = 0;
  for (unsigned sd = 0; sd < seeds; sd++) {
    b2b_cfg_t c = b2b_defaults();
    c.p.psn_per_vc = psn_per_vc;
    c.cmds = cmds;
    c.fmt = sd % 3 == 0 ? SUE_HDR_UDP : sd % 3 == 1 ? SUE_HDR_AIFH12 : SUE_HDR_AIFH6;
    c.pfc_time = 256;
    c.p_rx = 0.5; /* a slower receiver: PFC and receive buffers in play */
    c.rx_credits = 4;
    b2b_t s;
    UT_CHECK(t, b2b_init(&s, &c, 1000 + sd + 100 * psn_per_vc) == 0, "init");
    for (unsigned i = 0; i < 2; i++) {
      s.link[i].loss = loss;
      s.link[i].flip = loss / 2;
      s.link[i].flip_pdu = loss / 2;
      s.link[i].jitter = 30;
      s.ep[i].cfg.retx_timeout = 3000;
    }
    int r = b2b_run(t, &s, &c);
    char name[40];
    snprintf(name, sizeof name, "lossy%s s%u", psn_per_vc ? "_per_vc" : "", sd);
    if (r)
      info_counters(name, &s);
    for (unsigned i = 0; i < 2; i++) {
      nacks += s.ep[i].cnt[SUE_CNT_TX_NACKS];
      timeouts += s.ep[i].cnt[SUE_CNT_TX_TIMEOUTS];
      retx += s.ep[i].cnt[SUE_CNT_TX_RETX];
      fcs += s.ep[i].cnt[SUE_CNT_RX_FCS];
      rcrc += s.ep[i].cnt[SUE_CNT_RX_RCRC];
    }
    b2b_free(&s);
    if (r)
      return;
  }
  ut_info("lossy%s %.0e: %u seeds x 2 x %u commands clean; nacks %u timeouts %u retx %u "
          "rx_fcs %u rx_rcrc %u",
          psn_per_vc ? "_per_vc" : "", loss, seeds, cmds, nacks, timeouts, retx, fcs, rcrc);
  UT_CHECK(t, nacks > 0 && timeouts > 0 && retx > 0, "NACK / timer paths not exercised");
  UT_CHECK(t, fcs > 0 && rcrc > 0, "corruption not exercised");
}

static void t_b2b_loss_1e3(ut_t *t) { b2b_lossy(t, 0, 1e-3, 6, 8000); }
static void t_b2b_loss_1e2(ut_t *t) { b2b_lossy(t, 0, 1e-2, 3, 3000); }
static void t_b2b_loss_per_vc(ut_t *t) { b2b_lossy(t, 1, 1e-2, 3, 3000); }

/* Directed drops: the NACK path (one data frame lost, more behind it) and the timer path (the
 * last data frame lost: nothing behind it to reveal the gap). */
typedef struct {
  unsigned hdr, nth_data, count, dropped_psn, dropped;
} dropper_t;

static int drop_nth_data(void *ctx, const uint8_t *f, size_t len, unsigned idx) {
  dropper_t *d = ctx;
  (void)idx;
  if (f[0] == 0x01 || len < 64)
    return 0;
  sue_rh_t rh;
  sue_rh_unpack(f + d->hdr, &rh);
  size_t off = 0;
  sue_cmd_t c;
  if (sue_cmd_unpack(f + d->hdr + 8, len - 8 - d->hdr - 8, &off, 4, &c) != 1)
    return 0; /* control-only */
  if (d->count++ == d->nth_data && !d->dropped) {
    d->dropped = 1;
    d->dropped_psn = rh.psn;
    return 1;
  }
  return 0;
}

static void t_nack_path(ut_t *t) {
  b2b_cfg_t c = b2b_defaults();
  c.cmds = 400;
  b2b_t s;
  UT_CHECK(t, b2b_init(&s, &c, 7) == 0, "init");
  s.xpu[1].to_send = 0; /* one-way traffic A -> B */
  dropper_t d = {SUE_HDR_UDP_BYTES, 10, 0, 0, 0};
  s.link[0].drop = drop_nth_data;
  s.link[0].drop_ctx = &d;
  int r = b2b_run(t, &s, &c);
  const uint32_t *a = s.ep[0].cnt, *b = s.ep[1].cnt;
  if (!r) {
    UT_CHECK(t, d.dropped, "nothing dropped");
    UT_EQ(t, b[SUE_CNT_TX_NACKS], 1, "B sent one NACK");
    UT_CHECK(t, b[SUE_CNT_RX_PSN] >= 1, "B dropped the frames behind the gap");
    UT_EQ(t, a[SUE_CNT_RX_NACKS], 1, "A acted on the NACK");
    UT_EQ(t, a[SUE_CNT_TX_REPLAYS], 1, "one replay");
    UT_EQ(t, a[SUE_CNT_TX_TIMEOUTS], 0, "no timeout");
    UT_EQ(t, a[SUE_CNT_TX_RETX], 1 + b[SUE_CNT_RX_PSN], "replayed the lost PDU and those dropped");
    UT_CHECK(t, b[SUE_CNT_TX_ACK_FRAMES] > 0, "stand-alone ACKs without reverse traffic");
  }
  b2b_free(&s);
}

static void t_timer_path(ut_t *t) {
  b2b_cfg_t c = b2b_defaults();
  b2b_t s;
  c.cmds = 1;
  UT_CHECK(t, b2b_init(&s, &c, 8) == 0, "init");
  s.xpu[1].to_send = 0;
  dropper_t d = {SUE_HDR_UDP_BYTES, 0, 0, 0, 0};
  s.link[0].drop = drop_nth_data;
  s.link[0].drop_ctx = &d;
  int r = b2b_run(t, &s, &c);
  const uint32_t *a = s.ep[0].cnt, *b = s.ep[1].cnt;
  if (!r) {
    UT_CHECK(t, d.dropped, "nothing dropped");
    UT_EQ(t, a[SUE_CNT_TX_TIMEOUTS], 1, "the timer expired once");
    UT_EQ(t, a[SUE_CNT_TX_RETX], 1, "one retransmission");
    UT_EQ(t, b[SUE_CNT_TX_NACKS], 0, "no NACK: no gap was seen");
    UT_CHECK(t, s.now >= 4096, "recovered before RETX_TIMEOUT");
  }
  /* lost ACK: the data arrives, the stand-alone ACK is lost; the timer resends, B sees a
   * duplicate and ACKs again */
  b2b_free(&s);
  UT_CHECK(t, b2b_init(&s, &c, 9) == 0, "init");
  s.xpu[1].to_send = 0;
  s.link[1].loss = 1.0;
  for (uint64_t k = 0; k < 3000 && !s.bad; k++)
    b2b_cycle(&s, &c);
  s.link[1].loss = 0;
  r = b2b_run(t, &s, &c);
  if (!r) {
    UT_CHECK(t, s.ep[0].cnt[SUE_CNT_TX_TIMEOUTS] >= 1, "timer");
    UT_CHECK(t, s.ep[1].cnt[SUE_CNT_RX_DUP] >= 1, "duplicate seen");
    UT_CHECK(t, s.ep[1].cnt[SUE_CNT_TX_ACK_FRAMES] >= 2, "ACK sent again");
  }
  b2b_free(&s);
}

static void t_standalone_ack(ut_t *t) {
  b2b_cfg_t c = b2b_defaults();
  c.cmds = 2000;
  b2b_t s;
  UT_CHECK(t, b2b_init(&s, &c, 10) == 0, "init");
  s.xpu[1].to_send = 0;
  int r = b2b_run(t, &s, &c);
  if (!r) {
    UT_CHECK(t, s.ep[1].cnt[SUE_CNT_TX_ACK_FRAMES] > 0, "no stand-alone ACK");
    UT_EQ(t, s.ep[1].cnt[SUE_CNT_TX_PDUS], 0, "B sent data");
    UT_EQ(t, s.ep[0].cnt[SUE_CNT_TX_TIMEOUTS], 0, "A timed out");
    UT_EQ(t, s.ep[0].cnt[SUE_CNT_RX_CTRL], s.ep[1].cnt[SUE_CNT_TX_ACK_FRAMES], "ACKs received");
    ut_info("standalone_ack: %u PDUs acknowledged by %u stand-alone ACK frames",
            s.ep[0].cnt[SUE_CNT_TX_PDUS], s.ep[1].cnt[SUE_CNT_TX_ACK_FRAMES]);
  }
  /* with reverse traffic the ACKs ride on data: far fewer stand-alone frames */
  b2b_free(&s);
  c.p_send_now = 0.5;
  UT_CHECK(t, b2b_init(&s, &c, 11) == 0, "init");
  r = b2b_run(t, &s, &c);
  if (!r) {
    unsigned pdus = s.ep[1].cnt[SUE_CNT_TX_PDUS], acks = s.ep[1].cnt[SUE_CNT_TX_ACK_FRAMES];
    ut_info("piggy-backed: B sent %u PDUs and %u stand-alone ACKs", pdus, acks);
    UT_CHECK(t, acks < pdus / 2, "ACKs not piggy-backed: %u stand-alone for %u PDUs", acks, pdus);
  }
  b2b_free(&s);
}

static void t_pfc(ut_t *t) {
  b2b_cfg_t c = b2b_defaults();
  c.cmds = 3000;
  c.p_cmd = 0.6;
  c.p_rx = 0.05; /* a slow XPU at B */
  c.max_dlen = 256;
  c.p_nodata = 0;
  c.p.rx_bytes = 8192;
  b2b_t s;
  UT_CHECK(t, b2b_init(&s, &c, 12) == 0, "init");
  s.xpu[1].to_send = 0;
  s.ep[1].cfg.pfc_xoff = 4096;
  s.ep[1].cfg.pfc_xon = 1024;
  unsigned paused = 0;
  while (!b2b_done(&s) && !s.bad && s.now < c.max_cycles) {
    b2b_cycle(&s, &c);
    paused += (unsigned)sue_ep_paused(&s.ep[0], 0);
  }
  int r = b2b_run(t, &s, &c);
  if (!r) {
    UT_CHECK(t, s.ep[1].cnt[SUE_CNT_TX_PFC] >= 2, "PFC XOFF and XON sent");
    UT_EQ(t, s.ep[0].cnt[SUE_CNT_RX_PFC], s.ep[1].cnt[SUE_CNT_TX_PFC], "PFC received");
    UT_CHECK(t, paused > 0, "A never paused");
    ut_info("pfc: %u PFC frames, A paused %u cycles, B dropped %u for buffer room",
            s.ep[1].cnt[SUE_CNT_TX_PFC], paused, s.ep[1].cnt[SUE_CNT_RX_NOBUF]);
  }
  b2b_free(&s);
  /* without PFC the same traffic overflows B's buffer: drops, recovered by go-back-N */
  UT_CHECK(t, b2b_init(&s, &c, 12) == 0, "init");
  s.xpu[1].to_send = 0;
  s.ep[1].cfg.pfc_tx_en = 0;
  r = b2b_run(t, &s, &c);
  if (!r) {
    UT_CHECK(t, s.ep[1].cnt[SUE_CNT_RX_NOBUF] > 0, "no buffer drops without PFC");
    UT_EQ(t, s.ep[1].cnt[SUE_CNT_TX_PFC], 0, "PFC sent while disabled");
  }
  b2b_free(&s);
}

/* ==================== efficiency: measured on the model's frames vs the formula ========= */

static void t_efficiency_measured(ut_t *t) {
  static const unsigned fmts[4] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6,
                                   SUE_HDR_UDP | SUE_HDR_TAG};
  static const char *const names[4] = {"udp", "aifh12", "aifh6", "udp_vlan"};
  static const unsigned sizes[] = {8, 16, 32, 64, 128, 256};
  for (unsigned fi = 0; fi < 4; fi++)
    for (unsigned si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      unsigned S = sizes[si];
      for (unsigned packed = 0; packed < 2; packed++) {
        sue_ep_t ep;
        UT_CHECK(t, one_ep(&ep, 4) == 0, "init");
        sue_ep_reg_write(&ep, SUE_REG_CTRL, SUE_HDR_BASE(fmts[fi]) | 0x318u);
        if (fmts[fi] & SUE_HDR_TAG) /* 802.1Q: 4 more header bytes */
          sue_ep_reg_write(&ep, SUE_REG_VLAN, 1u << 16 | 1u);
        ep.cfg.pack_timeout = packed ? 60000 : 0;
        uint8_t f[SUE_FRAME_MAX];
        uint64_t wire = 0, bytes = 0, now = 1;
        unsigned frames = 0, units = ep.p.q_bytes / 4, agg = 4, aggc = 8;
        unsigned k = packed ? sue_cmds_per_pdu(S, 4, ep.p.pdu_max) : 1, target = packed ? 3 : 8;
        while (frames < target && now < 200000) {
          sue_credit_ev_t ev;
          while (sue_ep_credit_pop(&ep, &ev))
            if (ev.kind == SUE_CREDIT_QUEUE)
              units += ev.n;
            else if (ev.kind == SUE_CREDIT_AGG && ev.vc == 0)
              *(ev.type ? &agg : &aggc) += ev.n;
          sue_cmd_t c; /* S bytes: 8 bytes of control (4 for S = ...) and S - 8 of data */
          mk_cmd(&c, 0, S <= 8 ? S / 2 : 4, S <= 8 ? 0 : S - 8, 0, XB, 0, now);
          unsigned u = sue_cmd_units(&c, 4);
          unsigned *cr = c.dp ? &agg : &aggc;
          if (units >= u && *cr) {
            units -= u;
            (*cr)--;
            UT_EQ(t, submit(&ep, now, &c), 0, "submit");
          }
          size_t n = sue_ep_port_tx(&ep, now, f);
          ep.conn[1].una = ep.conn[1].nxt; /* acknowledged */
          if (n) {
            wire += n + SUE_WIRE_EXTRA;
            bytes += (uint64_t)k * S;
            frames++;
            UT_EQ(t, n, sue_frame_len(fmts[fi], k * sue_align_up(S, 4)), "frame length");
          }
          now++;
        }
        sue_ep_free(&ep);
        UT_EQ(t, frames, target, "frames");
        double meas = (double)bytes / (double)wire, form = sue_wire_efficiency(fmts[fi], S, 4, k);
        UT_CHECK(t, meas == form, "%s %u B %s: measured %f, formula %f", names[fi], S,
                 packed ? "packed" : "unpacked", meas, form);
        ut_info("efficiency,%s,%u,%s,%.4f", names[fi], S, packed ? "packed" : "unpacked", meas);
      }
    }
}

UT_SUITE(sue_endpoint_model) {
  ut_run(s, "sue_rx_malformed_udp", t_rx_malformed_udp);
  ut_run(s, "sue_rx_malformed_aifh12", t_rx_malformed_aifh12);
  ut_run(s, "sue_rx_malformed_aifh6", t_rx_malformed_aifh6);
  ut_run(s, "sue_rx_nobuf", t_rx_nobuf);
  ut_run(s, "sue_packing", t_packing);
  ut_run(s, "sue_scheduler", t_scheduler);
  ut_run(s, "sue_credits", t_credits);
  ut_run(s, "sue_b2b_clean", t_b2b_clean);
  ut_run(s, "sue_nack_path", t_nack_path);
  ut_run(s, "sue_timer_path", t_timer_path);
  ut_run(s, "sue_standalone_ack", t_standalone_ack);
  ut_run(s, "sue_pfc", t_pfc);
  ut_run(s, "sue_b2b_loss_1e3", t_b2b_loss_1e3);
  ut_run(s, "sue_b2b_loss_1e2", t_b2b_loss_1e2);
  ut_run(s, "sue_b2b_loss_per_vc", t_b2b_loss_per_vc);
  ut_run(s, "sue_efficiency_measured", t_efficiency_measured);
}
