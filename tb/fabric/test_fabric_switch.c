/*
 * test_fabric_switch.c - the fabric's switch alone (fabric_switch: its ports, the core, the
 * registers), frame by frame against the switch port's model (csrc/ref/fabric/
 * fabric_sw_port_model.c): every frame offered to a port gets the model's verdict (forwarded to
 * a port and class, consumed as PFC, or dropped on a named counter); forwarded frames must come
 * out of that port byte for byte, in order per {source, output, class}; at the end every counter of
 * every port equals the model's count. docs/fabric/fabric_sw_port.md.
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "fabric_sw_port_model.h"
#include "harness.h"
#include "prng.h"
#include "sue_cfg.h"
#include "sue_frame.h"

#define NP 4
#define FMAX 576u
#define XID(i) (0x40u + (i))

typedef struct {
  uint8_t *b;
  size_t n;
  unsigned tc;
} frm_t;

typedef struct {
  frm_t *q;
  size_t n, cap, rd;
} fq_t;

static void fq_push(fq_t *q, const uint8_t *b, size_t n, unsigned tc) {
  if (q->n == q->cap) {
    q->cap = q->cap ? 2 * q->cap : 64;
    frm_t *nq = realloc(q->q, q->cap * sizeof *q->q);
    CHECK(nq != NULL, "memory");
    q->q = nq;
  }
  q->q[q->n].b = malloc(n);
  CHECK(q->q[q->n].b != NULL, "memory");
  memcpy(q->q[q->n].b, b, n);
  q->q[q->n].n = n;
  q->q[q->n].tc = tc;
  q->n++;
}

static void fq_free(fq_t *q) {
  for (size_t i = 0; i < q->n; i++)
    free(q->q[i].b);
  free(q->q);
  memset(q, 0, sizeof *q);
}

static uint64_t get64(const uint32_t *w, unsigned p) {
  return (uint64_t)w[2 * p] | (uint64_t)w[2 * p + 1] << 32;
}

static void reseal_fcs(uint8_t *f, size_t n) {
  uint32_t v = sue_crc32(f, n - 4, 0);
  for (unsigned i = 0; i < 4; i++)
    f[n - 4 + i] = (uint8_t)(v >> (8 * i));
}

/* A frame from port s of a random kind; returns its length. */
static size_t random_frame(prng_t *r, unsigned s, uint8_t *out) {
  static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};
  unsigned kind = (unsigned)prng_below(r, 100);
  if (kind < 6) { /* PFC: pause a class of this port's egress for a short while, or resume */
    uint16_t t[8] = {0};
    unsigned c = (unsigned)prng_below(r, 4);
    t[c] = prng_bernoulli(r, 0.7) ? (uint16_t)prng_range(r, 20, 200) : 0;
    const uint8_t sa[6] = {0x02, 0, 0, 0, 0, (uint8_t)XID(s)};
    return sue_pfc_build(sa, 1u << c, t, out);
  }
  sue_params_t p = sue_default_params();
  sue_cfg_t c;
  sue_cfg_reset(&c, &p);
  c.hdr_fmt = fmts[prng_below(r, 3)];
  c.vlan_tx = prng_bernoulli(r, 0.3); /* 802.1Q-tagged (UDP, AIFH 12 B) */
  c.vlan_vid = (unsigned)prng_below(r, 4096);
  c.xpuid = XID(s);
  c.mac[5] = (uint8_t)XID(s);
  unsigned d = (unsigned)prng_below(r, NP);
  unsigned did = kind < 10 ? 0x50u : XID(d); /* 4 %: nobody the switch knows */
  c.dst[0].valid = 1;
  c.dst[0].xpuid = did;
  c.dst[0].mac[0] = 0x02;
  c.dst[0].mac[5] = (uint8_t)did;
  c.dst[0].ip = 0x0A000000u | did;
  sue_rh_t rh = {0};
  rh.xpuid = XID(s);
  rh.vc = (unsigned)prng_below(r, 4);
  rh.psn = (unsigned)prng_below(r, 65536);
  uint8_t cmds[1024];
  size_t clen = kind < 14 ? 560 : 4 * (size_t)prng_range(r, 0, 128); /* 4 %: oversize */
  prng_fill(r, cmds, clen);
  if (c.hdr_fmt == SUE_HDR_AIFH6 && clen >= 4 && prng_bernoulli(r, 0.3)) {
    /* an AIFH 6 B frame whose bytes 12-13 (RH: VC 2, partition 0x100) read as the 802.1Q TPID
     * and bytes 16-17 as the AIFH Ethertype: an AIFH 6 B frame still, never a tagged 12 B one */
    rh.vc = 2;
    rh.partition = 0x100;
    cmds[0] = 0x88;
    cmds[1] = 0xB5;
  }
  size_t n = sue_frame_build(&c, 0, &rh, cmds, clen, out);
  if (kind >= 14 && kind < 18) { /* a flipped bit: FCS */
    out[prng_below(r, n)] ^= (uint8_t)(1u << prng_below(r, 8));
  } else if (kind >= 18 && kind < 21) { /* a runt */
    n = (size_t)prng_range(r, 8, 63);
    reseal_fcs(out, n);
  } else if (kind >= 21 && kind < 24) { /* IPv6: no SUE format */
    out[12] = 0x86;
    out[13] = 0xDD;
    reseal_fcs(out, n);
  }
  return n;
}

typedef struct {
  dut_t *d;
  port_t rxv, rxr, rxd, rxn, rxl, rxu, txv, txr, txd, txn, txl, paused, err_len, err_dst;
  port_t awv, awr, awa, wv, wr, wd, ws, bv, br, bresp, arv, arr, ara, rv, rr, rd, rresp;
} sw_t;

static void axi_write(sw_t *s, uint32_t a, uint32_t v) {
  dut_set_u64(s->d, s->awv, 1);
  dut_set_u64(s->d, s->awa, a);
  dut_set_u64(s->d, s->wv, 1);
  dut_set_u64(s->d, s->wd, v);
  dut_set_u64(s->d, s->ws, 0xF);
  dut_set_u64(s->d, s->br, 1);
  unsigned n = 0;
  while (!dut_get_u64(s->d, s->awr)) {
    dut_step(s->d, 1);
    CHECK(++n < 100, "AXI write not taken");
  }
  dut_step(s->d, 1);
  dut_set_u64(s->d, s->awv, 0);
  dut_set_u64(s->d, s->wv, 0);
  while (!dut_get_u64(s->d, s->bv)) {
    dut_step(s->d, 1);
    CHECK(++n < 100, "AXI write response");
  }
  CHECK_EQ(dut_get_u64(s->d, s->bresp), 0, "BRESP");
  dut_step(s->d, 1);
}

static uint32_t axi_read(sw_t *s, uint32_t a) {
  dut_set_u64(s->d, s->arv, 1);
  dut_set_u64(s->d, s->ara, a);
  dut_set_u64(s->d, s->rr, 1);
  unsigned n = 0;
  while (!dut_get_u64(s->d, s->arr)) {
    dut_step(s->d, 1);
    CHECK(++n < 100, "AXI read not taken");
  }
  dut_step(s->d, 1);
  dut_set_u64(s->d, s->arv, 0);
  while (!dut_get_u64(s->d, s->rv)) {
    dut_step(s->d, 1);
    CHECK(++n < 100, "AXI read response");
  }
  uint32_t v = (uint32_t)dut_get_u64(s->d, s->rd);
  dut_step(s->d, 1);
  return v;
}

static void open_sw(sw_t *s, const char *top) {
  s->d = dut_open(top);
  dut_t *d = s->d;
#define P(f, nm) s->f = dut_port(d, nm)
  P(rxv, "rx_valid"), P(rxr, "rx_ready"), P(rxd, "rx_data"), P(rxn, "rx_nbytes"), P(rxl, "rx_last");
  P(rxu, "rx_user"), P(txv, "tx_valid"), P(txr, "tx_ready"), P(txd, "tx_data"), P(txn, "tx_nbytes");
  P(txl, "tx_last"), P(paused, "paused"), P(err_len, "err_len"), P(err_dst, "err_dst");
  P(awv, "s_axil_awvalid"), P(awr, "s_axil_awready"), P(awa, "s_axil_awaddr");
  P(wv, "s_axil_wvalid"), P(wr, "s_axil_wready"), P(wd, "s_axil_wdata"), P(ws, "s_axil_wstrb");
  P(bv, "s_axil_bvalid"), P(br, "s_axil_bready"), P(bresp, "s_axil_bresp");
  P(arv, "s_axil_arvalid"), P(arr, "s_axil_arready"), P(ara, "s_axil_araddr");
  P(rv, "s_axil_rvalid"), P(rr, "s_axil_rready"), P(rd, "s_axil_rdata"), P(rresp, "s_axil_rresp");
#undef P
  dut_reset(d, 2);
}

/* Random frames of every kind into every port at once, outputs with random back-pressure. */
HARNESS_TEST(switch_frames) {
  sw_t s;
  open_sw(&s, "fabric_switch_n4");
  prng_t r;
  prng_seed(&r, harness_seed() * 7919u + 3);
  fsp_cfg_t cfg;
  fsp_cfg_reset(&cfg, 16);
  CHECK_EQ(axi_read(&s, FSP_REG_ID), 0xFB100401u, "ID: NENT 16, N 4");
  CHECK_EQ(axi_read(&s, FSP_REG_CTRL), 7, "CTRL reset");
  /* entries 3 .. 6: the four XPUs (entry 2 a stale duplicate of XPU 0x41 to port 3, invalid) */
  for (unsigned e = 0; e < NP; e++) {
    fsp_entry_t *t = &cfg.ent[3 + e];
    t->valid = 1;
    t->port = e;
    t->mac[0] = 0x02;
    t->mac[5] = (uint8_t)XID(e);
    t->xpu = XID(e);
    axi_write(&s, FSP_REG_ENT(3 + e) + 4, XID(e));
    axi_write(&s, FSP_REG_ENT(3 + e) + 8, 0x0200);
    axi_write(&s, FSP_REG_ENT(3 + e) + 12, XID(e));
    axi_write(&s, FSP_REG_ENT(3 + e), 0x80000000u | e);
  }
  axi_write(&s, FSP_REG_ENT(2) + 4, XID(1));
  axi_write(&s, FSP_REG_ENT(2) + 8, 0x0200);
  axi_write(&s, FSP_REG_ENT(2), 3);
  CHECK_EQ(axi_read(&s, FSP_REG_ENT(4)), 0x80000001u, "entry 4 reads back");
  CHECK_EQ(axi_read(&s, FSP_REG_ENT(4) + 4), XID(1), "entry 4 MAC reads back");
  /* XOFF within reach of the traffic (the top's 2 KB a class is not): the ports' own PFC frames
     then carry pause times, whose order (802.1Qbb, priority 0 first) is checked below */
  axi_write(&s, FSP_REG_PFC_XOFF, 512);
  axi_write(&s, FSP_REG_PFC_XON, 256);

  unsigned per_port = (unsigned)harness_scaled(60, 300, 1500);
  uint32_t cnt[NP][FSP_NCNT];
  memset(cnt, 0, sizeof cnt);
  fq_t exp[NP][NP][4]; /* [source][output][class]: order holds within a class */
  memset(exp, 0, sizeof exp);
  static uint8_t cur[NP][2048], got[NP][2048];
  size_t cur_n[NP] = {0}, cur_off[NP] = {0}, got_n[NP] = {0};
  unsigned sent[NP] = {0}, gap[NP] = {0}, in_tx[NP] = {0}, start_paused[NP] = {0};
  uint64_t t = 0, last_progress = 0, paused_hits = 0, paused_prev = 0, pfc_xoff_seen = 0;
  for (;;) {
    int busy = 0;
    uint32_t rxd[2 * NP] = {0}, txd[2 * NP];
    uint64_t rxv = 0, rxn = 0, rxl = 0, txr = 0;
    for (unsigned p = 0; p < NP; p++) {
      if (cur_off[p] == cur_n[p] && sent[p] < per_port && !gap[p]) {
        cur_n[p] = random_frame(&r, p, cur[p]);
        cur_off[p] = 0;
        sent[p]++;
        fsp_verdict_t v;
        fsp_ingress_frame(&cfg, cur[p], cur_n[p], FMAX, 0, 0, &v);
        cnt[p][FSP_CNT_RX]++;
        if (v.kind == FSP_FWD) {
          cnt[p][FSP_CNT_FWD]++;
          cnt[v.port][FSP_CNT_TX]++;
          fq_push(&exp[p][v.port][v.tc], cur[p], cur_n[p], v.tc);
        } else if (v.kind == FSP_PFC) {
          cnt[p][FSP_CNT_PFC_RX]++;
        } else {
          cnt[p][FSP_CNT_DROP + v.reason]++;
        }
        gap[p] = prng_bernoulli(&r, 0.3) ? (unsigned)prng_range(&r, 1, 40) : 0;
      } else if (gap[p] && cur_off[p] == cur_n[p]) {
        gap[p]--;
      }
      size_t left = cur_n[p] - cur_off[p];
      if (left) {
        size_t nb = left < 8 ? left : 8;
        uint64_t w = 0;
        // cppcheck-suppress knownConditionTrueFalse ; it misses cur_n[] set by random_frame above
        for (size_t j = 0; j < nb; j++)
          w |= (uint64_t)cur[p][cur_off[p] + j] << (56 - 8 * j);
        bits_put_field(rxd, 64 * p, 64, w);
        rxv |= 1ull << p;
        rxn |= (uint64_t)nb << (4 * p);
        rxl |= (uint64_t)(left <= 8) << p;
        busy = 1;
      }
      txr |= (uint64_t)prng_bernoulli(&r, 0.8) << p;
    }
    dut_set_u64(s.d, s.rxv, rxv);
    dut_set(s.d, s.rxd, rxd);
    dut_set_u64(s.d, s.rxn, rxn);
    dut_set_u64(s.d, s.rxl, rxl);
    dut_set_u64(s.d, s.rxu, 0);
    dut_set_u64(s.d, s.txr, txr);
    uint64_t rxr = dut_get_u64(s.d, s.rxr), txv = dut_get_u64(s.d, s.txv);
    uint64_t txn = dut_get_u64(s.d, s.txn), txl = dut_get_u64(s.d, s.txl);
    uint64_t paused = dut_get_u64(s.d, s.paused);
    dut_get(s.d, s.txd, txd);
    for (unsigned p = 0; p < NP; p++) {
      if ((rxv >> p & 1) && (rxr >> p & 1)) {
        size_t left = cur_n[p] - cur_off[p];
        cur_off[p] += left < 8 ? left : 8;
        last_progress = t;
      }
      if ((txv >> p & 1) && (txr >> p & 1)) {
        uint64_t w = get64(txd, p);
        unsigned nb = (unsigned)(txn >> (4 * p) & 0xF);
        CHECK((txl >> p & 1) ? nb >= 1 && nb <= 8 : nb == 8, "tx_nbytes %u on port %u", nb, p);
        CHECK(got_n[p] + nb <= sizeof got[p], "a frame too long out of port %u", p);
        for (unsigned j = 0; j < nb; j++)
          got[p][got_n[p]++] = (uint8_t)(w >> (56 - 8 * j));
        last_progress = t;
        if (!in_tx[p]) { /* a frame starts: it was chosen last cycle, under these pauses */
          in_tx[p] = 1;
          start_paused[p] = (unsigned)(paused_prev >> (4 * p) & 0xF);
        }
        if (txl >> p & 1) {
          in_tx[p] = 0;
          size_t n = got_n[p];
          got_n[p] = 0;
          if (n == 64 && got[p][12] == 0x88 && got[p][13] == 0x08) { /* the port's own PFC */
            uint16_t tm[8];
            for (unsigned k = 0; k < 8; k++)
              tm[k] = (uint16_t)(got[p][18 + 2 * k] << 8 | got[p][19 + 2 * k]);
            uint8_t e[64];
            const uint8_t mac[6] = {0x02, 0, 0, 0, 0xFE, 0};
            fsp_pfc_frame(mac, p, 0x0F, tm, e);
            CHECK(memcmp(e, got[p], 64) == 0, "port %u: PFC frame bytes", p);
            for (unsigned k = 0; k < 4; k++)
              CHECK(tm[k] == 0 || tm[k] == 0xFFFF, "PFC time %u of class %u", tm[k], k);
            for (unsigned k = 4; k < 8; k++) /* 802.1Qbb order: priority 0's time first */
              CHECK(tm[k] == 0, "PFC time %u for priority %u, which no class uses", tm[k], k);
            pfc_xoff_seen += (tm[0] | tm[1] | tm[2] | tm[3]) != 0;
            cnt[p][FSP_CNT_PFC_TX]++;
            continue;
          }
          int found = 0;
          for (unsigned sc = 0; sc < 4 * NP && !found; sc++) {
            fq_t *q = &exp[sc / 4][p][sc % 4];
            if (q->rd < q->n && q->q[q->rd].n == n && !memcmp(q->q[q->rd].b, got[p], n)) {
              found = 1;
              unsigned tc = q->q[q->rd].tc;
              CHECK(!(start_paused[p] >> tc & 1),
                    "port %u started a frame of class %u while its endpoint paused that class", p,
                    tc);
              paused_hits += start_paused[p] != 0;
              q->rd++;
            }
          }
          CHECK(
              found,
              "port %u sent a frame of %zu bytes that is no source's next frame of its class to it "
              "(lost, reordered, corrupted or misrouted)",
              p, n);
        }
      }
    }
    paused_prev = paused;
    dut_step(s.d, 1);
    t++;
    int pending = 0;
    for (unsigned a = 0; a < NP; a++)
      for (unsigned b = 0; b < NP; b++)
        for (unsigned c = 0; c < 4; c++)
          pending |= exp[a][b][c].rd < exp[a][b][c].n;
    if (!busy && !pending) {
      int more = 0;
      for (unsigned p = 0; p < NP; p++)
        more |= sent[p] < per_port || gap[p];
      if (!more)
        break;
    }
    CHECK(t - last_progress < 200000, "no progress for 200000 cycles at cycle %llu",
          (unsigned long long)t);
  }
  dut_set_u64(s.d, s.rxv, 0);
  dut_step(s.d, 2000); /* PFC frames still owed go out unseen: counted below from the RTL */
  for (unsigned p = 0; p < NP; p++)
    for (unsigned k = 0; k < FSP_NCNT; k++) {
      uint32_t v = axi_read(&s, FSP_REG_CNT(p, k));
      if (k == FSP_CNT_PFC_TX) {
        CHECK(v >= cnt[p][k], "port %u pfc_tx %u below the %u seen", p, v, cnt[p][k]);
        continue;
      }
      CHECK(v == cnt[p][k], "port %u counter %s: RTL %u, model %u", p, fsp_cnt_name[k], v,
            cnt[p][k]);
    }
  CHECK(paused_hits > 0, "no frame went while a class was paused: the PFC check saw nothing");
  CHECK(pfc_xoff_seen > 0, "no PFC frame of the switch paused a class: its times went unchecked");
  CHECK_EQ(dut_get_u64(s.d, s.err_len) + dut_get_u64(s.d, s.err_dst), 0, "core drops");
  uint64_t drops = 0, pfcs = 0;
  for (unsigned p = 0; p < NP; p++) {
    pfcs += cnt[p][FSP_CNT_PFC_RX];
    for (unsigned k = 0; k < FSP_NDROP; k++)
      drops += cnt[p][FSP_CNT_DROP + k];
  }
  harness_log("switch_frames: %u frames a port, %llu dropped, %llu PFC consumed, %llu cycles, "
              "%llu frames sent while another class of their port was paused, %llu of the "
              "switch's PFC frames pausing a class",
              per_port, (unsigned long long)drops, (unsigned long long)pfcs, (unsigned long long)t,
              (unsigned long long)paused_hits, (unsigned long long)pfc_xoff_seen);
  for (unsigned a = 0; a < NP; a++)
    for (unsigned b = 0; b < NP; b++)
      for (unsigned c = 0; c < 4; c++)
        fq_free(&exp[a][b][c]);
  dut_close(s.d);
}
