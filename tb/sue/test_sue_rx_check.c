/*
 * Tests of the SUE receive frame checker rtl/sue/sue_rx_check.v (docs/sue/sue_rx_check.md) against
 * the reference model's sue_rx_check (csrc/ref/sue/sue_rx_check_model.c): for every frame the RTL
 * verdict (drop counter, kind, RH fields, source slot, commands and their bytes, PFC fields,
 * length) must equal the model's return value and info, and the command area of every passing data
 * frame must come out byte-exact, in order, after its verdict. Frames are driven with random
 * in_valid gaps and out_ready back-pressure, or back to back. Good frames carry an 802.1Q tag at
 * random (the receiver accepts both; docs/sue/index.md "VLAN tag"), fixed per format in
 * rxc_malformed so that every malformed kind is tried on tagged frames too.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "prng.h"
#include "sue_cfg.h"
#include "sue_cmd.h"
#include "sue_frame.h"
#include "sue_rx_check_model.h"

typedef struct {
  const char *top;
  unsigned w, pdu_max, align, ndst; /* as tb/sue/tops.txt */
} rxc_case_t;

static const rxc_case_t cases[] = {
    {"sue_rx_check_w64", 64, 280, 4, 4},
    {"sue_rx_check_w256", 256, 512, 2, 8},
    {"sue_rx_check_w512", 512, 1024, 8, 64},
};
#define NCASES (sizeof cases / sizeof cases[0])

#define MAXF (SUE_FRAME_MAX + 64)
#define QN 64 /* expected verdicts / command areas in flight */
#define XPU_ME 0x155u
#define XPU_PEER 0x0A3u

typedef struct {
  int drop;
  sue_rx_info_t info;
  unsigned len;
} exp_verdict_t;

typedef struct {
  unsigned n;
  uint8_t b[SUE_PDU_MAX_MAX];
} exp_area_t;

typedef struct {
  const rxc_case_t *c;
  dut_t *d;
  sue_params_t p;
  sue_cfg_t cfg;  /* the receiver (DUT) */
  sue_cfg_t peer; /* the sender of the good frames: its dst[0] is the DUT */
  unsigned peer_slot;
  int tag_mode; /* good frames: 0 untagged, 1 802.1Q-tagged, -1 either at random */
  prng_t rng;
  unsigned bytes_per_beat;
  port_t in_valid, in_ready, in_data, in_nbytes, in_last, in_user;
  port_t v_valid, v_drop, v_kind, v_len, rh_op, rh_xpuid, rh_psn, rh_vc, rh_part, rh_rpsn;
  port_t src_slot, ncmd, cmd_bytes, pfc_cev, pfc_time, fc_cbfc, cbfc_sent;
  port_t out_valid, out_ready, out_data, out_nbytes, out_last;
  exp_verdict_t vq[QN];
  unsigned vh, vt;
  exp_area_t *aq; /* QN entries */
  unsigned ah, at, apos;
  unsigned p_gap_pct, p_ready_pct; /* in_valid idle, out_ready high (percent) */
  uint64_t frames, verdicts, areas, stall_cycles, in_cycles;
  unsigned by_drop[64], by_kind[4], n_cbfc;
} tb_t;

/* ---- configuration ---- */

static void set_cfg_ports(tb_t *t) {
  dut_t *d = t->d;
  const sue_cfg_t *c = &t->cfg;
  uint32_t w[HARNESS_WORDS(640)];
  dut_set_u64(d, dut_port(d, "cfg_hdr_fmt"), c->hdr_fmt);
  dut_set_u64(d, dut_port(d, "cfg_rcrc_c"), c->rcrc_c);
  uint64_t mac = 0;
  for (int i = 0; i < 6; i++)
    mac = (mac << 8) | c->mac[i];
  dut_set_u64(d, dut_port(d, "cfg_mac"), mac);
  dut_set_u64(d, dut_port(d, "cfg_ip"), c->ip);
  dut_set_u64(d, dut_port(d, "cfg_udp_port"), c->udp_dport);
  dut_set_u64(d, dut_port(d, "cfg_ethertype"), c->ethertype);
  dut_set_u64(d, dut_port(d, "cfg_xpuid"), c->xpuid);
  dut_set_u64(d, dut_port(d, "cfg_partition"), c->partition);
  dut_set_u64(d, dut_port(d, "cfg_aifh_prefix"), c->aifh_prefix);
  dut_set_u64(d, dut_port(d, "cfg_cbfc_oui"), c->cbfc_oui);
  memset(w, 0, sizeof w);
  for (unsigned s = 0; s < t->p.ndst; s++)
    if (c->dst[s].valid)
      w[s / 32] |= 1u << (s % 32);
  dut_set(d, dut_port(d, "dst_valid"), w);
  memset(w, 0, sizeof w);
  for (unsigned s = 0; s < t->p.ndst; s++)
    for (unsigned b = 0; b < 10; b++)
      if ((c->dst[s].xpuid >> b) & 1u)
        w[(10 * s + b) / 32] |= 1u << ((10 * s + b) % 32);
  dut_set(d, dut_port(d, "dst_xpuid"), w);
}

/* A random configuration of format fmt: the DUT is XPU_ME, the peer XPU_PEER sits in a random
 * slot of the DUT's table (other slots: random ids, some invalid, some repeating the peer's id
 * after its slot so that the first match counts). */
static void random_cfg(tb_t *t, unsigned fmt, unsigned rcrc_c) {
  sue_cfg_t *c = &t->cfg;
  sue_cfg_reset(c, &t->p);
  c->hdr_fmt = fmt;
  c->rcrc_c = rcrc_c;
  c->xpuid = XPU_ME;
  c->partition = (unsigned)prng_below(&t->rng, 1024);
  c->mac[0] = 0x02;
  for (int i = 1; i < 6; i++)
    c->mac[i] = (uint8_t)prng_below(&t->rng, 256);
  c->ip = 0x0A000000u | (uint32_t)prng_below(&t->rng, 1u << 24);
  c->udp_dport = (uint16_t)(0xC000u + prng_below(&t->rng, 16));
  c->udp_sport = 0xC000u;
  c->ethertype = (uint16_t)(0x88B5u + prng_below(&t->rng, 2));
  c->aifh_prefix = (uint32_t)prng_next(&t->rng);
  c->cbfc_oui = (uint32_t)prng_next(&t->rng) & 0xFFFFFFu;
  t->peer_slot = (unsigned)prng_below(&t->rng, t->p.ndst);
  for (unsigned s = 0; s < t->p.ndst; s++) {
    c->dst[s].valid = prng_below(&t->rng, 4) != 0;
    do
      c->dst[s].xpuid = (unsigned)prng_below(&t->rng, 1024);
    while (c->dst[s].xpuid == XPU_PEER);
    if (s > t->peer_slot && prng_below(&t->rng, 3) == 0)
      c->dst[s].xpuid = XPU_PEER;
  }
  c->dst[t->peer_slot].valid = 1;
  c->dst[t->peer_slot].xpuid = XPU_PEER;
  /* the peer: same format, polynomial, partition and AIFH settings, its own addresses */
  t->peer = *c;
  t->peer.xpuid = XPU_PEER;
  t->peer.mac[5] ^= 0x5A;
  t->peer.ip ^= 0x00000101u;
  memset(t->peer.dst, 0, sizeof t->peer.dst);
  t->peer.dst[0].valid = 1;
  t->peer.dst[0].xpuid = XPU_ME;
  memcpy(t->peer.dst[0].mac, c->mac, 6);
  t->peer.dst[0].ip = c->ip;
  t->peer.udp_dport = c->udp_dport;
  set_cfg_ports(t);
}

/* ---- frames ---- */

/* Packs random commands into cmds (at most budget bytes); returns the packed length. */
static size_t random_cmds(tb_t *t, size_t budget, uint8_t *cmds) {
  size_t n = 0;
  for (;;) {
    unsigned clen = 1 + (unsigned)prng_below(&t->rng, 9);
    unsigned dlen = prng_below(&t->rng, 3) ? 0u : 1 + (unsigned)prng_below(&t->rng, 256);
    if (prng_below(&t->rng, 4) == 0)
      dlen = 1 + (unsigned)prng_below(&t->rng, 16);
    sue_cmd_t c;
    sue_cmd_init(&c, (unsigned)prng_below(&t->rng, 8), clen, dlen);
    sue_cmd_fill(&c, prng_next(&t->rng));
    if (n + sue_cmd_packed(&c, t->p.align) > budget)
      return n;
    n += sue_cmd_pack(&c, t->p.align, cmds + n);
  }
}

/* A good frame from the peer with the given packed commands; op random. */
static size_t good_frame(tb_t *t, const uint8_t *cmds, size_t clen, uint8_t *f) {
  sue_rh_t rh;
  memset(&rh, 0, sizeof rh);
  rh.op = (unsigned)prng_below(&t->rng, 3);
  rh.xpuid = XPU_PEER;
  rh.psn = (unsigned)prng_below(&t->rng, 65536);
  rh.vc = (unsigned)prng_below(&t->rng, 4);
  rh.partition = t->cfg.partition;
  rh.rpsn = rh.op ? (unsigned)prng_below(&t->rng, 65536) : 0u;
  t->peer.vlan_tx =
      t->tag_mode < 0 ? (unsigned)prng_bernoulli(&t->rng, 0.5) : (unsigned)t->tag_mode;
  t->peer.vlan_vid = (unsigned)prng_below(&t->rng, 4096);
  t->peer.pfc_prio[rh.vc] = (uint8_t)prng_below(&t->rng, 8);
  return sue_frame_build(&t->peer, 0, &rh, cmds, clen, f);
}

static size_t random_good(tb_t *t, uint8_t *f) {
  uint8_t cmds[SUE_PDU_MAX_MAX];
  size_t budget = prng_below(&t->rng, 4) == 0 ? (size_t)prng_below(&t->rng, 40)
                                              : (size_t)prng_below(&t->rng, t->p.pdu_max + 1);
  return good_frame(t, cmds, random_cmds(t, budget, cmds), f);
}

/* A flow-control frame: PFC, or a CBFC update (of the DUT's OUI, or now and then another). */
static size_t pfc_frame(tb_t *t, uint8_t *f) {
  uint16_t tm[SUE_PRIO], sn[SUE_PRIO];
  for (unsigned i = 0; i < SUE_PRIO; i++) {
    tm[i] = (uint16_t)prng_below(&t->rng, 65536);
    sn[i] = (uint16_t)prng_below(&t->rng, 65536);
  }
  unsigned cev = (unsigned)prng_below(&t->rng, 256);
  if (prng_bernoulli(&t->rng, 0.5))
    return sue_pfc_build(t->peer.mac, cev, tm, f);
  uint32_t oui = prng_bernoulli(&t->rng, 0.9) ? t->cfg.cbfc_oui : t->cfg.cbfc_oui ^ 0x10u;
  return sue_cbfc_build(t->peer.mac, oui, cev, tm, sn, f);
}

/* ---- driving and checking ---- */

static uint32_t get_bits(const uint32_t *w, unsigned pos, unsigned width) {
  uint32_t v = 0;
  for (unsigned b = 0; b < width; b++)
    v |= ((w[(pos + b) / 32] >> ((pos + b) % 32)) & 1u) << b;
  return v;
}

static void check_verdict(tb_t *t) {
  dut_t *d = t->d;
  CHECK(t->vh != t->vt, "verdict with no frame outstanding");
  const exp_verdict_t *e = &t->vq[t->vh % QN];
  unsigned got = (unsigned)dut_get_u64(d, t->v_drop);
  if (got != (unsigned)e->drop)
    FAIL("frame %llu (len %u): verdict_drop %u (%s), model %d (%s)",
         (unsigned long long)t->verdicts, e->len, got, got ? sue_cnt_name(got) : "pass", e->drop,
         e->drop ? sue_cnt_name((unsigned)e->drop) : "pass");
  CHECK_EQ(dut_get_u64(d, t->v_len), e->len, "verdict_len");
  const sue_rx_info_t *i = &e->info;
  unsigned kind = (unsigned)dut_get_u64(d, t->v_kind);
  CHECK_EQ(kind, e->drop ? 0u : i->kind, "verdict_kind");
  if (e->drop == 0 && i->kind == SUE_RX_KIND_PFC) {
    uint32_t w[4];
    CHECK_EQ(dut_get_u64(d, t->fc_cbfc), i->cbfc, "fc_cbfc");
    CHECK_EQ(dut_get_u64(d, t->pfc_cev), i->pfc_cev, "pfc_cev");
    dut_get(d, t->pfc_time, w);
    for (unsigned k = 0; k < SUE_PRIO; k++)
      CHECK_EQ(get_bits(w, 16 * k, 16), i->cbfc ? i->cbfc_limit[k] : i->pfc_time[k],
               "pfc_time (CBFC: limits)");
    if (i->cbfc) {
      dut_get(d, t->cbfc_sent, w);
      for (unsigned k = 0; k < SUE_PRIO; k++)
        CHECK_EQ(get_bits(w, 16 * k, 16), i->cbfc_sent[k], "cbfc_sent");
      t->n_cbfc++;
    }
  } else if (e->drop == 0) {
    CHECK_EQ(dut_get_u64(d, t->rh_op), i->rh.op, "rh_op");
    CHECK_EQ(dut_get_u64(d, t->rh_xpuid), i->rh.xpuid, "rh_xpuid");
    CHECK_EQ(dut_get_u64(d, t->rh_psn), i->rh.psn, "rh_psn");
    CHECK_EQ(dut_get_u64(d, t->rh_vc), i->rh.vc, "rh_vc");
    CHECK_EQ(dut_get_u64(d, t->rh_part), i->rh.partition, "rh_partition");
    CHECK_EQ(dut_get_u64(d, t->rh_rpsn), i->rh.rpsn, "rh_rpsn");
    CHECK_EQ(dut_get_u64(d, t->src_slot), i->src_slot, "src_slot");
    CHECK_EQ(dut_get_u64(d, t->ncmd), i->ncmd, "ncmd");
    CHECK_EQ(dut_get_u64(d, t->cmd_bytes), i->cmd_bytes, "cmd_bytes");
  }
  t->by_drop[e->drop & 63]++;
  t->by_kind[e->drop ? 0 : i->kind & 3]++;
  t->vh++;
  t->verdicts++;
}

static void check_out_beat(tb_t *t) {
  dut_t *d = t->d;
  uint32_t w[HARNESS_WORDS(2048)];
  CHECK(t->ah != t->at, "out beat with no passing data frame outstanding");
  CHECK(t->vh - t->ah > 0 || t->vh > t->ah, "command area out before its verdict");
  const exp_area_t *a = &t->aq[t->ah % QN];
  unsigned left = a->n - t->apos, bpb = t->bytes_per_beat;
  unsigned nb = (unsigned)dut_get_u64(d, t->out_nbytes);
  unsigned last = (unsigned)dut_get_u64(d, t->out_last);
  unsigned want = left < bpb ? left : bpb;
  CHECK_EQ(last, left <= bpb, "out_last");
  CHECK_EQ(nb, want, "out_nbytes");
  dut_get(d, t->out_data, w);
  for (unsigned j = 0; j < nb; j++) {
    unsigned pos = t->c->w - 8 - 8 * j;
    unsigned got = get_bits(w, pos, 8);
    if (got != a->b[t->apos + j])
      FAIL("area %llu byte %u: got 0x%02x, expected 0x%02x", (unsigned long long)t->areas,
           t->apos + j, got, a->b[t->apos + j]);
  }
  t->apos += nb;
  if (last) {
    t->ah++;
    t->apos = 0;
    t->areas++;
  }
}

/* One clock: out_ready at random, verdict and out beat checked, edge. */
static void tick(tb_t *t) {
  dut_t *d = t->d;
  int rdy = prng_below(&t->rng, 100) < t->p_ready_pct;
  dut_set_u64(d, t->out_ready, (uint64_t)rdy);
  if (dut_get_u64(d, t->v_valid))
    check_verdict(t);
  if (rdy && dut_get_u64(d, t->out_valid))
    check_out_beat(t);
  dut_step(d, 1);
}

static void wait_room(tb_t *t) {
  unsigned guard = 0;
  while (t->vt - t->vh >= QN - 1 || t->at - t->ah >= QN - 1) {
    dut_set_u64(t->d, t->in_valid, 0);
    tick(t);
    CHECK(++guard < 100000, "verdicts stopped coming");
  }
}

/* Sends one frame of len bytes (user: MAC error on the last beat) and queues the model's
 * expectation. */
static void send(tb_t *t, const uint8_t *f, size_t len, int user) {
  dut_t *d = t->d;
  wait_room(t);
  exp_verdict_t *e = &t->vq[t->vt % QN];
  e->drop = sue_rx_check(&t->p, &t->cfg, f, len, &e->info);
  e->len = len > 0xFFFF ? 0xFFFFu : (unsigned)len;
  if (user && e->drop != SUE_CNT_RX_RUNT && e->drop != SUE_CNT_RX_OVERSIZE)
    e->drop = SUE_CNT_RX_FCS; /* docs/sue/index.md check 3: the MAC error flag counts as FCS */
  if (e->drop == 0 && e->info.kind == SUE_RX_KIND_DATA) {
    exp_area_t *a = &t->aq[t->at % QN];
    a->n = e->info.cmd_bytes;
    memcpy(a->b, f + e->info.area_off, a->n);
    t->at++;
  }
  t->vt++;
  t->frames++;
  unsigned bpb = t->bytes_per_beat, nbeats = (unsigned)((len + bpb - 1) / bpb);
  uint32_t w[HARNESS_WORDS(2048)];
  for (unsigned i = 0; i < nbeats;) {
    if (t->p_gap_pct && prng_below(&t->rng, 100) < t->p_gap_pct) {
      dut_set_u64(d, t->in_valid, 0);
      tick(t);
      continue;
    }
    memset(w, 0, sizeof w);
    unsigned n = (unsigned)(len - (size_t)i * bpb) < bpb ? (unsigned)(len - (size_t)i * bpb) : bpb;
    for (unsigned j = 0; j < bpb; j++) {
      /* bytes past the frame end carry garbage: the RTL must ignore them */
      unsigned v = j < n ? f[(size_t)i * bpb + j] : (unsigned)prng_below(&t->rng, 256);
      unsigned pos = t->c->w - 8 - 8 * j;
      w[pos / 32] |= v << (pos % 32);
    }
    int last = i + 1 == nbeats;
    dut_set(d, t->in_data, w);
    dut_set_u64(d, t->in_valid, 1);
    dut_set_u64(d, t->in_last, (uint64_t)last);
    dut_set_u64(d, t->in_nbytes, last ? n : (unsigned)prng_below(&t->rng, bpb + 1));
    dut_set_u64(d, t->in_user, last ? (uint64_t)user : prng_below(&t->rng, 2));
    /* once valid, held until taken (AXI4-Stream) */
    for (;;) {
      int rdy = (int)dut_get_u64(d, t->in_ready);
      t->in_cycles++;
      if (!rdy)
        t->stall_cycles++;
      tick(t);
      if (rdy)
        break;
    }
    i++;
  }
  dut_set_u64(d, t->in_valid, 0);
}

static void drain(tb_t *t) {
  unsigned guard = 0;
  dut_set_u64(t->d, t->in_valid, 0);
  unsigned saved = t->p_ready_pct;
  if (t->p_ready_pct < 30)
    t->p_ready_pct = 30;
  while (t->vh != t->vt || t->ah != t->at) {
    tick(t);
    CHECK(++guard < 200000, "drain: %u verdicts, %u areas missing", t->vt - t->vh, t->at - t->ah);
  }
  for (unsigned k = 0; k < 8; k++)
    tick(t); /* nothing more may come */
  CHECK(!dut_get_u64(t->d, t->out_valid), "out beat without a frame");
  t->p_ready_pct = saved;
}

static void tb_open(tb_t *t, const rxc_case_t *c, uint64_t salt) {
  memset(t, 0, sizeof *t);
  t->tag_mode = -1;
  t->c = c;
  t->aq = calloc(QN, sizeof *t->aq);
  CHECK(t->aq != NULL, "out of memory");
  t->p = sue_default_params();
  t->p.pdu_max = c->pdu_max;
  t->p.align = c->align;
  t->p.ndst = c->ndst;
  t->p.q_bytes = c->pdu_max + 280;
  t->p.rx_bytes = c->pdu_max;
  CHECK(sue_params_check(&t->p, NULL) == 0, "model parameters of %s", c->top);
  prng_seed(&t->rng, harness_seed() ^ salt);
  t->bytes_per_beat = c->w / 8;
  t->d = dut_open(c->top);
  dut_t *d = t->d;
  t->in_valid = dut_port(d, "in_valid"), t->in_ready = dut_port(d, "in_ready");
  t->in_data = dut_port(d, "in_data"), t->in_nbytes = dut_port(d, "in_nbytes");
  t->in_last = dut_port(d, "in_last"), t->in_user = dut_port(d, "in_user");
  t->v_valid = dut_port(d, "verdict_valid"), t->v_drop = dut_port(d, "verdict_drop");
  t->v_kind = dut_port(d, "verdict_kind"), t->v_len = dut_port(d, "verdict_len");
  t->rh_op = dut_port(d, "rh_op"), t->rh_xpuid = dut_port(d, "rh_xpuid");
  t->rh_psn = dut_port(d, "rh_psn"), t->rh_vc = dut_port(d, "rh_vc");
  t->rh_part = dut_port(d, "rh_partition"), t->rh_rpsn = dut_port(d, "rh_rpsn");
  t->src_slot = dut_port(d, "src_slot"), t->ncmd = dut_port(d, "ncmd");
  t->cmd_bytes = dut_port(d, "cmd_bytes"), t->pfc_cev = dut_port(d, "pfc_cev");
  t->pfc_time = dut_port(d, "pfc_time"), t->out_valid = dut_port(d, "out_valid");
  t->fc_cbfc = dut_port(d, "fc_cbfc"), t->cbfc_sent = dut_port(d, "cbfc_sent");
  t->out_ready = dut_port(d, "out_ready"), t->out_data = dut_port(d, "out_data");
  t->out_nbytes = dut_port(d, "out_nbytes"), t->out_last = dut_port(d, "out_last");
  CHECK_EQ(dut_width(d, t->in_data), c->w, "in_data width");
  t->p_gap_pct = 20;
  t->p_ready_pct = 70;
  random_cfg(t, SUE_HDR_UDP, 0);
  dut_set_u64(d, t->in_valid, 0);
  dut_set_u64(d, t->out_ready, 0);
  dut_reset(d, 3);
}

static void tb_close(tb_t *t) {
  harness_log("%s: %llu frames, %llu verdicts, %llu areas; pass data %u ctrl %u pfc / cbfc %u "
              "(cbfc %u); in_ready low %llu of %llu beat cycles",
              t->c->top, (unsigned long long)t->frames, (unsigned long long)t->verdicts,
              (unsigned long long)t->areas, t->by_kind[1], t->by_kind[2], t->by_kind[3], t->n_cbfc,
              (unsigned long long)t->stall_cycles, (unsigned long long)t->in_cycles);
  dut_close(t->d);
  free(t->aq);
}

/* ---- the malformed kinds (as the model's unit tests make them) ---- */

static void reseal(tb_t *t, uint8_t *f, size_t n, unsigned what) {
  sue_frame_reseal(&t->cfg, f, n, what);
}

/* Sends the good frame g (n bytes) changed by one malformed kind after another; each must be
 * dropped on the counter the model names (and that counter must be the intended one). */
static void malformed_set(tb_t *t, const uint8_t *g, size_t n) {
  static uint8_t f[MAXF];
  const sue_cfg_t *cfg = &t->cfg;
  unsigned fmt = cfg->hdr_fmt;
  unsigned ffmt = sue_rx_fmt(cfg, g, n); /* with SUE_HDR_TAG when g is tagged */
  size_t h = sue_hdr_bytes(ffmt), tg = (ffmt & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
  sue_rx_info_t info;
#define SEND_AS(len, cnt, what)                                                                    \
  do {                                                                                             \
    CHECK_EQ(sue_rx_check(&t->p, cfg, f, (len), &info), (cnt), what " (model)");                   \
    send(t, f, (len), 0);                                                                          \
  } while (0)
  CHECK_EQ(sue_rx_check(&t->p, cfg, g, n, &info), 0, "good frame (model)");
  send(t, g, n, 0);
  /* runt: 60 and 1 bytes */
  memcpy(f, g, 60);
  sue_put_le32(f + 56, sue_fcs(f, 56));
  SEND_AS(60, SUE_CNT_RX_RUNT, "runt");
  SEND_AS(1, SUE_CNT_RX_RUNT, "runt 1 byte");
  /* oversize: one byte over the largest frame */
  size_t big = sue_max_frame(&t->p, ffmt) + 1;
  memset(f, 0, big);
  memcpy(f, g, n - 4);
  sue_put_le32(f + big - 4, sue_fcs(f, big - 4));
  SEND_AS(big, SUE_CNT_RX_OVERSIZE, "oversize");
  /* the largest frame passes the length check */
  memcpy(f, g, n);
  f[n / 2] ^= 0x10;
  SEND_AS(n, SUE_CNT_RX_FCS, "FCS bit");
  memcpy(f, g, n);
  f[n - 1] ^= 0x80;
  SEND_AS(n, SUE_CNT_RX_FCS, "FCS byte");
  /* MAC error on the last beat of the good frame (rx_fcs), and of a runt (rx_runt first) */
  send(t, g, n, 1);
  memcpy(f, g, 60);
  send(t, f, 60, 1);
  /* 802.3x PAUSE and another MAC control opcode */
  uint16_t tm[SUE_PRIO] = {0};
  sue_pfc_build(cfg->mac, 1, tm, f);
  sue_put_be16(f + 14, 0x0001);
  reseal(t, f, 64, SUE_RESEAL_FCS);
  SEND_AS(64, SUE_CNT_RX_ETHERTYPE, "802.3x PAUSE");
  sue_put_be16(f + 14, 0x0103);
  reseal(t, f, 64, SUE_RESEAL_FCS);
  SEND_AS(64, SUE_CNT_RX_ETHERTYPE, "MAC control opcode");
  /* a PFC frame passes (kind PFC), and a long one too */
  for (unsigned i = 0; i < SUE_PRIO; i++)
    tm[i] = (uint16_t)(0x1111u * (i + 1));
  sue_pfc_build(cfg->mac, 0xA5, tm, f);
  SEND_AS(64, 0, "PFC");
  memset(f + 64, 0, 40);
  reseal(t, f, 104, SUE_RESEAL_FCS);
  SEND_AS(104, 0, "PFC 104 bytes");
  /* a CBFC update of CBFC_OUI passes (kind PFC, cbfc); another OUI or subtype is another MAC
   * control frame */
  uint16_t sn[SUE_PRIO];
  for (unsigned i = 0; i < SUE_PRIO; i++)
    sn[i] = (uint16_t)(0xF00Fu - 0x0101u * i);
  sue_cbfc_build(cfg->mac, cfg->cbfc_oui, 0x5A, tm, sn, f);
  SEND_AS(64, 0, "CBFC update");
  sue_cbfc_build(cfg->mac, cfg->cbfc_oui ^ 0x800000u, 0x5A, tm, sn, f);
  SEND_AS(64, SUE_CNT_RX_ETHERTYPE, "CBFC update of another OUI");
  sue_cbfc_build(cfg->mac, cfg->cbfc_oui, 0x5A, tm, sn, f);
  f[19] = 0x02;
  reseal(t, f, 64, SUE_RESEAL_FCS);
  SEND_AS(64, SUE_CNT_RX_ETHERTYPE, "CBFC subtype 2");
  /* Ethertype */
  memcpy(f, g, n);
  f[fmt == SUE_HDR_AIFH6 ? 7 : 13 + tg] ^= 0x01;
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_ETHERTYPE, "Ethertype");
  if (tg) {
    /* the TPID changed: not a tag, and 0x8101 / 0x8000 is no SUE Ethertype */
    memcpy(f, g, n);
    f[prng_bernoulli(&t->rng, 0.5) ? 12 : 13] ^= 0x01;
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_ETHERTYPE, "TPID");
    /* any VLAN id, priority and DEI are accepted */
    memcpy(f, g, n);
    f[14] ^= (uint8_t)prng_below(&t->rng, 256);
    f[15] ^= (uint8_t)prng_below(&t->rng, 256);
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, 0, "VLAN TCI");
  } else if (fmt != SUE_HDR_AIFH6) {
    /* a tag inserted into the untagged frame: a good tagged frame */
    memcpy(f, g, 12);
    sue_put_be16(f + 12, SUE_ETYPE_VLAN);
    sue_put_be16(f + 14, (unsigned)prng_below(&t->rng, 65536));
    memcpy(f + 16, g + 12, n - 12);
    reseal(t, f, n + 4, SUE_RESEAL_FCS);
    SEND_AS(n + 4, 0, "tag inserted");
  }
  if (fmt == SUE_HDR_UDP) {
    static const struct {
      unsigned off, val, xr, what, cnt;
    } u[] = {
        {25, 0, 0x01, SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR},                 /* IP checksum */
        {14, 0x46, 0, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR}, /* IHL 6 */
        {14, 0x55, 0, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR}, /* version 5 */
        {21, 0x08, 0, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR}, /* fragment offset */
        {20, 0x60, 0, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR}, /* MF */
        {20, 0xC0, 0, SUE_RESEAL_IP | SUE_RESEAL_FCS, 0},                 /* reserved + DF: ok */
        {23, 6, 0, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR},    /* protocol TCP */
        {39, 0, 0x04, SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR},                 /* UDP length */
        {17, 0, 0x04, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_IP_HDR}, /* total length */
        {37, 0, 0x01, SUE_RESEAL_FCS, SUE_CNT_RX_UDP_PORT},               /* UDP port */
        {36, 0, 0x01, SUE_RESEAL_FCS, SUE_CNT_RX_UDP_PORT},               /* UDP port high */
        {35, 0, 0x01, SUE_RESEAL_FCS, 0}, /* UDP source port: not checked */
        {35 - 2, 0, 0x01, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_DST}, /* destination IP */
        {30, 0, 0x80, SUE_RESEAL_IP | SUE_RESEAL_FCS, SUE_CNT_RX_DST},     /* destination IP */
        {5, 0, 0x01, SUE_RESEAL_FCS, SUE_CNT_RX_DST},                      /* destination MAC */
        {0, 0, 0x80, SUE_RESEAL_FCS, SUE_CNT_RX_DST},                      /* destination MAC */
        {6, 0, 0x01, SUE_RESEAL_FCS, 0},                  /* source MAC: not checked */
        {26, 0, 0x01, SUE_RESEAL_IP | SUE_RESEAL_FCS, 0}, /* source IP: not checked */
        {40, 0, 0x01, SUE_RESEAL_FCS, 0},                 /* UDP checksum: not checked */
    };
    for (unsigned k = 0; k < sizeof u / sizeof u[0]; k++) {
      memcpy(f, g, n);
      size_t off = u[k].off + (u[k].off >= 12 ? tg : 0u); /* past the addresses: after the tag */
      if (u[k].xr)
        f[off] ^= (uint8_t)u[k].xr;
      else
        f[off] = (uint8_t)u[k].val;
      reseal(t, f, n, u[k].what);
      SEND_AS(n, (int)u[k].cnt, "UDP header field");
    }
    /* both lengths consistent with a frame 4 bytes longer: total length vs L */
    memcpy(f, g, n);
    sue_put_be16(f + 16 + tg, sue_get_be16(f + 16 + tg) + 4);
    sue_put_be16(f + 38 + tg, sue_get_be16(f + 38 + tg) + 4);
    reseal(t, f, n, SUE_RESEAL_IP | SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_IP_HDR, "lengths consistent, frame short");
  } else {
    memcpy(f, g, n);
    f[fmt == SUE_HDR_AIFH6 ? 3 : 5] ^= 1; /* DIP */
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_DST, "DIP");
    memcpy(f, g, n);
    f[fmt == SUE_HDR_AIFH6 ? 2 : 4] ^= 0x02; /* DIP high byte (id bits 15:10) */
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_DST, "DIP high");
    memcpy(f, g, n);
    f[0] ^= 0x01; /* M bit: multicast */
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_DST, "multicast AIFH");
    memcpy(f, g, n);
    f[1] ^= 0x40; /* prefix */
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_DST, "AIFH prefix");
    memcpy(f, g, n);
    f[0] ^= 0x80; /* prefix nibble */
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, SUE_CNT_RX_DST, "AIFH prefix nibble");
    if (fmt == SUE_HDR_AIFH12) {
      memcpy(f, g, n);
      f[3] ^= 0x01; /* prefix octet 3 */
      reseal(t, f, n, SUE_RESEAL_FCS);
      SEND_AS(n, SUE_CNT_RX_DST, "AIFH prefix octet 3");
    }
    memcpy(f, g, n);
    f[fmt == SUE_HDR_AIFH6 ? 5 : 11] ^= 1; /* SIP: not checked */
    reseal(t, f, n, SUE_RESEAL_FCS);
    SEND_AS(n, 0, "SIP not checked");
  }
  /* R-CRC */
  memcpy(f, g, n);
  f[h + 12] ^= 0x04;
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_RCRC, "R-CRC (command byte)");
  memcpy(f, g, n);
  f[n - 6] ^= 0x01;
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_RCRC, "R-CRC (R-CRC byte)");
  memcpy(f, g, n);
  f[n - 9] ^= 0x01; /* last byte before the R-CRC */
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_RCRC, "R-CRC (last covered byte)");
  memcpy(f, g, n);
  f[h + 4] ^= 0x01;
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_RCRC, "RH corrupted");
  memcpy(f, g, n);
  f[h] ^= 0x80;
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_RCRC, "RH first byte");
  memcpy(f, g, n);
  sue_put_le32(f + n - 8, sue_crc32(f + h, n - 8 - h, !cfg->rcrc_c));
  reseal(t, f, n, SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_RCRC, "R-CRC polynomial");
  /* RH fields, R-CRC resealed */
  static const struct {
    unsigned off, orv, andv, cnt;
  } r[] = {
      {0, 0x40, 0xFF, SUE_CNT_RX_VER},       /* ver 1 */
      {0, 0x80, 0xFF, SUE_CNT_RX_VER},       /* ver 2 */
      {1, 0x00, 0xDF, SUE_CNT_RX_SRC},       /* source id bit 5 cleared: 0x083 */
      {0, 0x02, 0xFF, SUE_CNT_RX_SRC},       /* source id bit 9 */
      {5, 0x01, 0xFF, SUE_CNT_RX_PARTITION}, /* partition */
      {4, 0x02, 0xFF, SUE_CNT_RX_PARTITION}, /* partition bit 9 */
      {0, 0x30, 0xFF, SUE_CNT_RX_BAD_PDU},   /* op 3 */
      {0, 0x0C, 0xFF, 0},                    /* reserved bits: ignored */
      {4, 0x3C, 0xFF, 0},                    /* reserved bits: ignored */
  };
  for (unsigned k = 0; k < sizeof r / sizeof r[0]; k++) {
    memcpy(f, g, n);
    if (r[k].cnt == SUE_CNT_RX_PARTITION)
      f[h + r[k].off] ^= (uint8_t)r[k].orv;
    else
      f[h + r[k].off] = (uint8_t)((f[h + r[k].off] | r[k].orv) & r[k].andv);
    reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
    sue_rx_info_t ii;
    int exp = sue_rx_check(&t->p, cfg, f, n, &ii);
    CHECK(exp == (int)r[k].cnt || (r[k].cnt == SUE_CNT_RX_SRC && exp == 0), "RH case %u: model %d",
          k, exp);
    send(t, f, n, 0);
  }
  memcpy(f, g, n);
  f[h] &= 0xCF; /* op 0 */
  f[h + 7] = 1; /* with an rpsn */
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_BAD_PDU, "op 0 with rpsn");
  f[h + 7] = 0;
  f[h + 6] = 0;
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, 0, "op 0 without rpsn");
  memcpy(f, g, n);
  f[h + 8] = (uint8_t)((f[h + 8] & 0xE1u) | (10u << 1));
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_BAD_PDU, "clen 10");
  memcpy(f, g, n);
  f[h + 8] = (uint8_t)((f[h + 8] & 0xE1u) | (15u << 1));
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_BAD_PDU, "clen 15");
  memcpy(f, g, n);
  f[h + 8] &= 0xFE; /* dp 0 with a length byte */
  f[h + 9] = 0x01;
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_BAD_PDU, "dp 0 with a length");
  memcpy(f, g, n);
  f[h + 8] |= 0x01;
  f[h + 9] = 0xFF; /* data length 256: runs past the area */
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, SUE_CNT_RX_BAD_PDU, "command past the area");
  memcpy(f, g, n);
  f[h + 8] &= 0xE1; /* clen 0 at once: no command, a control frame */
  reseal(t, f, n, SUE_RESEAL_RCRC | SUE_RESEAL_FCS);
  SEND_AS(n, 0, "clen 0 first");
#undef SEND_AS
}

/* Area-end corner cases: a command that ends exactly at the area end, one byte before it
 * (odd area: the 1-byte rest is "malformed"), and frames whose area holds only fill. */
static void area_edges(tb_t *t) {
  static uint8_t f[MAXF];
  uint8_t cmds[SUE_PDU_MAX_MAX];
  unsigned nk = (unsigned)harness_scaled(6, 24, 24);
  for (unsigned k = 0; k < nk; k++) {
    size_t budget = (size_t)prng_below(&t->rng, t->p.pdu_max + 1);
    size_t cl = random_cmds(t, budget, cmds);
    size_t n = good_frame(t, cmds, cl, f);
    send(t, f, n, 0);
    /* grow the frame by 1 .. 9 bytes of zeros before the R-CRC (area gets a tail) */
    unsigned grow = 1 + (unsigned)prng_below(&t->rng, 9);
    unsigned ffmt = sue_rx_fmt(&t->cfg, f, n);
    size_t tg = (ffmt & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
    if (n + grow <= sue_max_frame(&t->p, ffmt)) {
      memmove(f + n - 8 + grow, f + n - 8, 8);
      memset(f + n - 8, prng_below(&t->rng, 2) ? 0x00 : 0x13, grow);
      if (t->cfg.hdr_fmt == SUE_HDR_UDP) {
        sue_put_be16(f + 16 + tg, sue_get_be16(f + 16 + tg) + grow);
        sue_put_be16(f + 38 + tg, sue_get_be16(f + 38 + tg) + grow);
      }
      reseal(t, f, n + grow, SUE_RESEAL_ALL);
      send(t, f, n + grow, 0);
    }
    /* shrink by 1 .. 3 bytes: the last command runs past the area */
    if (cl >= 4 && n - 4 >= 64) {
      unsigned sh = 1 + (unsigned)prng_below(&t->rng, 3);
      size_t m = good_frame(t, cmds, cl, f) - sh;
      size_t tg2 = (sue_rx_fmt(&t->cfg, f, m) & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
      if (t->cfg.hdr_fmt == SUE_HDR_UDP) {
        sue_put_be16(f + 16 + tg2, sue_get_be16(f + 16 + tg2) - sh);
        sue_put_be16(f + 38 + tg2, sue_get_be16(f + 38 + tg2) - sh);
      }
      reseal(t, f, m, SUE_RESEAL_ALL);
      send(t, f, m, 0);
    }
  }
}

static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};

HARNESS_TEST(rxc_malformed) {
  static uint8_t g[MAXF];
  uint8_t cmds[SUE_PDU_MAX_MAX];
  /* +quick (Icarus runs about 200 cycles/s here) runs one polynomial per format, alternating */
  int quick = harness_scale() == HARNESS_QUICK;
  unsigned runs = 0, tagged_runs = 0;
  for (unsigned ci = 0; ci < NCASES; ci++) {
    tb_t t;
    tb_open(&t, &cases[ci], 0x11 + ci);
    for (unsigned fi = 0; fi < 3; fi++)
      for (unsigned rc = 0; rc < 2; rc++) {
        if (quick && rc != ((fi + ci) & 1u))
          continue;
        random_cfg(&t, fmts[fi], rc);
        /* every other run's good frames tagged (the AIFH 6-byte format never is) */
        t.tag_mode = (int)(runs++ & 1u);
        tagged_runs += t.tag_mode && fmts[fi] != SUE_HDR_AIFH6;
        /* the good frame: a 40-byte command first (so that byte h + 9 is its length), then
         * random ones */
        sue_cmd_t c;
        sue_cmd_init(&c, 1, 5, 30);
        sue_cmd_fill(&c, 77);
        size_t cl = sue_cmd_pack(&c, t.p.align, cmds);
        cl += random_cmds(&t, 200, cmds + cl); /* area < 266: byte h + 9 = 0xFF overruns */
        size_t n = good_frame(&t, cmds, cl, g);
        malformed_set(&t, g, n);
        /* a minimum frame (fill), a stand-alone ACK, and the largest frame */
        send(&t, g, good_frame(&t, cmds, 0, g), 0);
        n = good_frame(&t, cmds, sue_cmd_pack(&c, t.p.align, cmds), g);
        send(&t, g, n, 0);
        size_t full = random_cmds(&t, t.p.pdu_max, cmds);
        while (full + t.p.align <= t.p.pdu_max) { /* top up with 2-byte commands */
          sue_cmd_t s2;
          sue_cmd_init(&s2, 2, 1, 0);
          full += sue_cmd_pack(&s2, t.p.align, cmds + full);
        }
        n = good_frame(&t, cmds, full, g);
        CHECK_EQ(n, sue_max_frame(&t.p, sue_cfg_tx_fmt(&t.peer)), "largest frame");
        send(&t, g, n, 0);
        area_edges(&t);
        drain(&t);
        t.tag_mode = -1;
      }
    CHECK(t.by_kind[1] > 0 && t.by_kind[2] > 0 && t.by_kind[3] > 0, "every kind passed");
    for (unsigned k = SUE_CNT_RX_RUNT; k <= SUE_CNT_RX_BAD_PDU; k++)
      CHECK(t.by_drop[k] > 0, "drop counter %s never exercised", sue_cnt_name(k));
    tb_close(&t);
  }
  CHECK(tagged_runs >= 2, "802.1Q-tagged malformed sets: %u", tagged_runs);
}

/* Random frames: good ones, corrupted ones (random bytes, resealed or not), random lengths,
 * PFC, garbage; random gaps and out_ready. */
static void random_frames(tb_t *t, unsigned nframes) {
  static uint8_t f[MAXF];
  for (unsigned k = 0; k < nframes; k++) {
    if (k % 200 == 0) {
      drain(t); /* the configuration is static while frames are inside */
      random_cfg(t, fmts[prng_below(&t->rng, 3)], (unsigned)prng_below(&t->rng, 2));
    }
    size_t n;
    unsigned kind = (unsigned)prng_below(&t->rng, 100);
    if (kind < 5) {
      n = pfc_frame(t, f);
    } else if (kind < 10) {
      n = 1 + (size_t)prng_below(&t->rng, sue_max_frame(&t->p, t->cfg.hdr_fmt) + 20);
      prng_fill(&t->rng, f, n);
    } else {
      n = random_good(t, f);
    }
    unsigned m = (unsigned)prng_below(&t->rng, 100);
    if (m >= 45) {
      unsigned flips = 1 + (unsigned)prng_below(&t->rng, 3);
      for (unsigned i = 0; i < flips; i++) {
        size_t pos = prng_below(&t->rng, 4) == 0 ? (size_t)prng_below(&t->rng, 64 < n ? 64 : n)
                                                 : (size_t)prng_below(&t->rng, n);
        f[pos] ^= (uint8_t)(1u << prng_below(&t->rng, 8));
      }
      if (m >= 85) {
        /* change the length too */
        size_t nn = n + (size_t)prng_below(&t->rng, 17);
        nn = nn > 8 ? nn - 8 : nn;
        if (nn > n)
          memset(f + n, 0, nn - n);
        n = nn;
      }
      static const unsigned rs[4] = {0, SUE_RESEAL_FCS, SUE_RESEAL_RCRC | SUE_RESEAL_FCS,
                                     SUE_RESEAL_ALL};
      reseal(t, f, n, rs[prng_below(&t->rng, 4)]);
    }
    send(t, f, n, prng_below(&t->rng, 50) == 0);
  }
  drain(t);
}

HARNESS_TEST(rxc_random) {
  for (unsigned ci = 0; ci < NCASES; ci++) {
    tb_t t;
    tb_open(&t, &cases[ci], 0x22 + ci);
    unsigned n = (unsigned)harness_scaled(200, 3000, 3000);
    for (unsigned part = 0; part < 4; part++) {
      static const unsigned gap[4] = {0, 10, 40, 0}, rdy[4] = {100, 80, 40, 10};
      t.p_gap_pct = gap[part];
      t.p_ready_pct = rdy[part];
      random_frames(&t, n / 4);
    }
    CHECK(t.verdicts >= n, "verdicts");
    CHECK(t.by_kind[1] > n / 10 && t.by_kind[2] > 0 && t.by_kind[3] > 0, "kinds");
    CHECK(harness_scale() == HARNESS_QUICK || (t.n_cbfc > 0 && t.n_cbfc < t.by_kind[3]),
          "PFC and CBFC among the flow-control frames (%u of %u CBFC)", t.n_cbfc, t.by_kind[3]);
    CHECK(t.by_drop[SUE_CNT_RX_RCRC] > 0 && t.by_drop[SUE_CNT_RX_FCS] > 0 &&
              t.by_drop[SUE_CNT_RX_BAD_PDU] > 0,
          "drops");
    tb_close(&t);
  }
}

/* Back to back: no idle cycle between beats or frames, out_ready always high: in_ready must
 * never drop, and every verdict comes VERDICT_LAT = 5 cycles after its last beat. */
HARNESS_TEST(rxc_b2b) {
  static uint8_t f[MAXF];
  for (unsigned ci = 0; ci < NCASES; ci++) {
    tb_t t;
    tb_open(&t, &cases[ci], 0x33 + ci);
    t.p_gap_pct = 0;
    t.p_ready_pct = 100;
    unsigned n = (unsigned)harness_scaled(200, 1500, 1500);
    for (unsigned k = 0; k < n; k++) {
      if (k % 100 == 0) {
        drain(&t);
        random_cfg(&t, fmts[(k / 100) % 3], (k / 300) & 1u);
      }
      size_t len;
      unsigned sel = (unsigned)prng_below(&t.rng, 10);
      if (sel < 4) { /* minimum frames: one beat at 512 bits */
        uint8_t cmds[SUE_PDU_MAX_MAX];
        len = good_frame(&t, cmds, random_cmds(&t, 8, cmds), f);
      } else if (sel < 5)
        len = pfc_frame(&t, f);
      else
        len = random_good(&t, f);
      if (prng_below(&t.rng, 4) == 0) {
        f[prng_below(&t.rng, len)] ^= 0x08;
        reseal(&t, f, len, SUE_RESEAL_FCS);
      }
      send(&t, f, len, 0);
    }
    /* latency: one frame alone */
    drain(&t);
    size_t len = good_frame(&t, f, 0, f);
    {
      send(&t, f, len, 0);
      uint64_t c0 = dut_cycle(t.d); /* edges so far: the last one took the last beat */
      unsigned waited = 0;
      while (!dut_get_u64(t.d, t.v_valid)) {
        dut_step(t.d, 1);
        CHECK(++waited < 20, "no verdict");
      }
      /* verdict_valid is high in the 5th cycle after the one whose edge took the last beat */
      CHECK_EQ(dut_cycle(t.d) - c0, 4, "verdict latency (edges after the one taking tlast)");
      check_verdict(&t);
      dut_step(t.d, 1);
    }
    CHECK_EQ(t.stall_cycles, 0, "in_ready low back to back with out_ready high");
    drain(&t);
    tb_close(&t);
  }
}

/* Output back-pressure: out_ready rarely high. The buffer fills, in_ready throttles the input
 * and nothing is lost or released early. */
HARNESS_TEST(rxc_backpressure) {
  for (unsigned ci = 0; ci < NCASES; ci++) {
    tb_t t;
    tb_open(&t, &cases[ci], 0x44 + ci);
    t.p_gap_pct = 5;
    t.p_ready_pct = 3;
    random_frames(&t, (unsigned)harness_scaled(100, 600, 600));
    CHECK(t.stall_cycles > 0, "the buffer never filled");
    tb_close(&t);
  }
}
