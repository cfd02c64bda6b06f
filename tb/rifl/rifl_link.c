/*
 * rifl_link.c - two RIFL endpoints through a channel model (rifl_link.h).
 */
#include "rifl_link.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define W32(bits) HARNESS_WORDS(bits)
#define MAXW W32(1024u * RIFL_LINK_MAX_LANES)
#define LOOK 64u /* packets searched ahead / behind when one does not match */

/* ------------------------------------------------------------ packet content */
static uint64_t pkt_seed(const rifl_link_t *l, int side, uint64_t n) {
  uint64_t s = l->cfg.seed ^ ((uint64_t)(side + 1) << 60) ^ (n * UINT64_C(0x9E3779B97F4A7C15));
  return prng_splitmix64(&s);
}

static void pkt_bytes(const rifl_link_t *l, int side, uint64_t n, unsigned len, uint8_t *b) {
  prng_t r;
  prng_seed(&r, pkt_seed(l, side, n));
  prng_fill(&r, b, len);
}

/* Byte j of a packed vector of `bits` bits, first byte at the top. */
static unsigned get_byte(const uint32_t *v, unsigned bits, unsigned j) {
  unsigned lo = bits - 8u - 8u * j;
  return (v[lo / 32] >> (lo % 32)) & 0xffu; /* lo is a multiple of 8 */
}
static void set_byte(uint32_t *v, unsigned bits, unsigned j, unsigned x) {
  unsigned lo = bits - 8u - 8u * j;
  v[lo / 32] |= (x & 0xffu) << (lo % 32);
}

/* ------------------------------------------------------------ endpoints */
/* Every port access goes through these, so side 1 may be the published-procedure model:
 * its "ports" are the fields of rifl_lane_in_t / rifl_lane_out_t, named by these handles. */
enum { M_RST, M_GTX, M_GRV, M_GRX, M_TV, M_TR, M_TM, M_TD, M_RV, M_RR, M_RM, M_RD, M_RA };

static int is_model(const rifl_link_t *l, int s) { return s == 1 && l->pub != NULL; }

static rifl_lane_out_t model_out(const rifl_link_t *l) {
  rifl_lane_out_t o;
  rifl_pub_comb(l->pub, &l->pin, &o);
  return o;
}

static void ep_set(rifl_link_t *l, int s, port_t p, const uint32_t *v) {
  if (!is_model(l, s)) {
    dut_set(l->d[s], p, v);
    return;
  }
  switch (p) {
  case M_TD:
    memcpy(l->pin_data, v, sizeof l->pin_data);
    break;
  case M_GRX:
    l->pin.gt_rx_data = (uint64_t)v[0] | (uint64_t)v[1] << 32;
    break;
  default:
    FAIL("published model: no vector input %d", p);
  }
}

static void ep_set_u64(rifl_link_t *l, int s, port_t p, uint64_t v) {
  if (!is_model(l, s)) {
    dut_set_u64(l->d[s], p, v);
    return;
  }
  switch (p) {
  case M_RST:
    l->prst = (int)v;
    break;
  case M_GRV:
    l->pin.gt_rx_valid = (unsigned)(v & 1u);
    break;
  case M_TV:
    l->pin.u_valid = (unsigned)v;
    break;
  case M_TM:
    l->pin.u_meta = (unsigned)v;
    break;
  case M_RR:
    l->pin.r_ready = (unsigned)v;
    break;
  default:
    FAIL("published model: no input %d", p);
  }
}

static uint64_t ep_get_u64(const rifl_link_t *l, int s, port_t p) {
  if (!is_model(l, s))
    return dut_get_u64(l->d[s], p);
  rifl_lane_out_t o = model_out(l);
  switch (p) {
  case M_GTX:
    return o.gt_tx_data;
  case M_TV:
    return l->pin.u_valid;
  case M_TR:
    return o.u_ready;
  case M_RV:
    return o.r_valid;
  case M_RR:
    return l->pin.r_ready;
  case M_RM:
    return o.r_meta;
  case M_RA:
    return o.r_abort;
  default:
    FAIL("published model: no output %d", p);
  }
}

static void ep_get(const rifl_link_t *l, int s, port_t p, uint32_t *v) {
  if (!is_model(l, s)) {
    dut_get(l->d[s], p, v);
    return;
  }
  rifl_lane_out_t o = model_out(l);
  if (p == M_GTX) {
    v[0] = (uint32_t)o.gt_tx_data;
    v[1] = (uint32_t)(o.gt_tx_data >> 32);
  } else if (p == M_RD) {
    memcpy(v, o.r_data, sizeof o.r_data);
  } else {
    FAIL("published model: no vector output %d", p);
  }
}

static void ep_step(rifl_link_t *l, int s) {
  if (!is_model(l, s)) {
    dut_step(l->d[s], 1);
  } else if (!l->prst) {
    rifl_pub_reset(l->pub);
  } else {
    l->pin.u_data = l->pin_data;
    rifl_pub_clock(l->pub, &l->pin);
  }
}

/* ------------------------------------------------------------ open / close */
static port_t port(dut_t *d, const char *name) { return dut_port(d, name); }

static void open_model(rifl_link_t *l) {
  const rifl_link_cfg_t *cfg = &l->cfg;
  CHECK(cfg->kind == RIFL_EP_CORE && cfg->lanes == 1, "the published model is one core lane");
  rifl_pub_params_t p = rifl_pub_default_params(cfg->fw);
  if (cfg->fidw)
    p.fidw = cfg->fidw;
  if (cfg->lock)
    p.lock = cfg->lock, p.unlock = cfg->unlock;
  if (cfg->fc_depth)
    p.fc_depth = cfg->fc_depth;
  p.caught_up_clear = cfg->peer == RIFL_PEER_PUBLISHED_FIXED;
  l->pub = calloc(1, sizeof *l->pub);
  CHECK(l->pub != NULL && rifl_pub_init(l->pub, &p) == 0, "published model FW=%u", cfg->fw);
  l->rst[1] = M_RST, l->gtx[1] = M_GTX, l->grv[1] = M_GRV, l->grx[1] = M_GRX;
  l->tv[1] = M_TV, l->tr[1] = M_TR, l->tm[1] = M_TM, l->td[1] = M_TD;
  l->rv[1] = M_RV, l->rr[1] = M_RR, l->rm[1] = M_RM, l->rd[1] = M_RD, l->ra[1] = M_RA;
  l->pin.u_data = l->pin_data;
}

void rifl_link_open(rifl_link_t *l, const rifl_link_cfg_t *cfg) {
  memset(l, 0, sizeof *l);
  l->cfg = *cfg;
  CHECK(cfg->lanes >= 1 && cfg->lanes <= RIFL_LINK_MAX_LANES, "lanes %u", cfg->lanes);
  prng_seed(&l->rng, cfg->seed ^ UINT64_C(0x5EED));
  for (int s = 0; s < 2; s++) {
    if (s == 1 && cfg->peer != RIFL_PEER_RTL) {
      open_model(l);
    } else {
      dut_t *d = l->d[s] = dut_open(cfg->top);
      l->rst[s] = port(d, "rst_n");
      l->gtx[s] = port(d, "gt_tx_data");
      l->grv[s] = port(d, "gt_rx_valid");
      l->grx[s] = port(d, "gt_rx_data");
      CHECK_EQ(dut_width(d, l->gtx[s]), 64u * cfg->lanes, "gt_tx_data width");
      if (cfg->kind == RIFL_EP_CORE) {
        l->tv[s] = port(d, "u_valid"), l->tr[s] = port(d, "u_ready");
        l->tm[s] = port(d, "u_meta"), l->td[s] = port(d, "u_data");
        l->rv[s] = port(d, "r_valid"), l->rr[s] = port(d, "r_ready");
        l->rm[s] = port(d, "r_meta"), l->rd[s] = port(d, "r_data"), l->ra[s] = port(d, "r_abort");
      } else {
        l->tv[s] = port(d, "s_axis_tvalid"), l->tr[s] = port(d, "s_axis_tready");
        l->td[s] = port(d, "s_axis_tdata"), l->tk[s] = port(d, "s_axis_tkeep");
        l->tl[s] = port(d, "s_axis_tlast");
        l->rv[s] = port(d, "m_axis_tvalid"), l->rr[s] = port(d, "m_axis_tready");
        l->rd[s] = port(d, "m_axis_tdata"), l->rk[s] = port(d, "m_axis_tkeep");
        l->rl[s] = port(d, "m_axis_tlast"), l->ra[s] = port(d, "m_axis_tuser");
        l->dw = dut_width(d, l->td[s]);
      }
    }
    for (unsigned k = 0; k < cfg->lanes; k++) {
      uint64_t cs = cfg->seed ^ ((uint64_t)s << 40) ^ ((uint64_t)k << 32) ^ UINT64_C(0xC4A7);
      CHECK(rifl_chan_init(&l->ch[s][k], cfg->offset[s][k], cfg->ber[s], prng_splitmix64(&cs)) == 0,
            "channel offset %u", cfg->offset[s][k]);
      l->dly[s][k] = cfg->latency + cfg->skew[s][k];
      CHECK(l->dly[s][k] < RIFL_LINK_MAX_DELAY, "delay %u", l->dly[s][k]);
      l->line[s][k] = calloc(RIFL_LINK_MAX_DELAY, sizeof(uint64_t));
      CHECK(l->line[s][k] != NULL, "memory");
    }
    rifl_traffic_t *t = &l->tr_[s];
    t->rx = malloc(RIFL_LINK_MAX_PKT + 64);
    CHECK(t->rx != NULL, "memory");
    ep_set_u64(l, s, l->rst[s], 0);
    if (is_model(l, s)) {
      ep_set_u64(l, s, l->grv[s], 1);
    } else {
      dut_t *d = l->d[s];
      dut_set_u64(d, l->grv[s], (UINT64_C(1) << dut_width(d, l->grv[s])) - 1); /* every lane */
      if (dut_has_port(d, "force_restart"))
        dut_set_u64(d, dut_port(d, "force_restart"), 0);
    }
  }
  for (int i = 0; i < 2; i++) /* two cycles of reset, then release */
    rifl_link_step(l);
  for (int s = 0; s < 2; s++)
    ep_set_u64(l, s, l->rst[s], 1);
}

void rifl_link_close(rifl_link_t *l) {
  for (int s = 0; s < 2; s++) {
    for (unsigned k = 0; k < l->cfg.lanes; k++)
      free(l->line[s][k]);
    free(l->tr_[s].len);
    free(l->tr_[s].t0);
    free(l->tr_[s].score.lat);
    free(l->tr_[s].rx);
    if (l->d[s])
      dut_close(l->d[s]);
  }
  if (l->pub) {
    rifl_pub_free(l->pub);
    free(l->pub);
    l->pub = NULL;
  }
}

/* ------------------------------------------------------------ scoring */
static void score_packet(rifl_link_t *l, int side, const uint8_t *b, unsigned n, int aborted) {
  rifl_traffic_t *me = &l->tr_[side], *peer = &l->tr_[1 - side];
  rifl_score_t *s = &me->score;
  static uint8_t exp[RIFL_LINK_MAX_PKT];
  uint64_t e = me->expect;
  if (s->first_cycle == 0)
    s->first_cycle = me->rx_first;
  s->last_cycle = l->cycle;
  /* in order, or later (the ones between lost) */
  for (uint64_t j = e; j < peer->sent && j < e + LOOK; j++) {
    unsigned len = peer->len[j];
    if (aborted ? n > len : n != len)
      continue;
    pkt_bytes(l, 1 - side, j, len, exp);
    if (memcmp(exp, b, n) != 0 && !(aborted && n == 0))
      continue;
    for (uint64_t k = e; k < j; k++)
      s->lost_pkts++, s->lost_bytes += peer->len[k];
    if (aborted) {
      s->abort_pkts++, s->abort_bytes += n;
    } else {
      s->pkts++, s->bytes += n;
      if (s->first_end == 0)
        s->first_end = l->cycle;
      s->last_end = l->cycle;
      if (s->nlat == s->lat_cap) {
        s->lat_cap = s->lat_cap ? 2 * s->lat_cap : 1024;
        s->lat = realloc(s->lat, s->lat_cap * sizeof *s->lat);
        CHECK(s->lat != NULL, "memory");
      }
      s->lat[s->nlat++] = (uint32_t)(me->rx_first - peer->t0[j]);
    }
    me->expect = j + 1;
    return;
  }
  /* again, or out of order */
  for (uint64_t j = e > LOOK ? e - LOOK : 0; j < e; j++) {
    unsigned len = peer->len[j];
    if (n != len)
      continue;
    pkt_bytes(l, 1 - side, j, len, exp);
    if (memcmp(exp, b, n) == 0) {
      s->dup_pkts++, s->dup_bytes += n;
      return;
    }
  }
  s->corrupt_pkts++;
  unsigned len = e < peer->sent ? peer->len[e] : 0, bad = 0;
  if (len)
    pkt_bytes(l, 1 - side, e, len, exp);
  for (unsigned i = 0; i < n || i < len; i++)
    bad += i >= n || i >= len || exp[i] != b[i];
  s->corrupt_bytes += bad;
  me->expect = e + 1;
  harness_log("side %d: corrupted packet at cycle %llu (%u bytes, expected #%llu of %u)", side,
              (unsigned long long)l->cycle, n, (unsigned long long)e, len);
}

/* ------------------------------------------------------------ one cycle */
static void src_offer(rifl_link_t *l, int s) {
  rifl_traffic_t *t = &l->tr_[s];
  if (!t->busy) {
    if (t->to_send == 0 || l->in_reset[s] || (t->gap > 0 && prng_bernoulli(&l->rng, t->gap))) {
      ep_set_u64(l, s, l->tv[s], 0);
      return;
    }
    if (t->sent == t->len_cap) {
      t->len_cap = t->len_cap ? 2 * t->len_cap : 1024;
      t->len = realloc(t->len, t->len_cap * sizeof *t->len);
      t->t0 = realloc(t->t0, t->len_cap * sizeof *t->t0);
      CHECK(t->len != NULL && t->t0 != NULL, "memory");
    }
    t->len[t->sent] = (uint32_t)prng_range(&l->rng, t->len_min, t->len_max);
    t->sent++;
    t->to_send--;
    t->busy = 1;
    t->pos = 0;
  }
  static uint8_t buf[RIFL_LINK_MAX_PKT];
  uint64_t n = t->sent - 1;
  unsigned len = t->len[n];
  pkt_bytes(l, s, n, len, buf);
  uint32_t v[MAXW] = {0};
  if (l->cfg.kind == RIFL_EP_CORE) {
    unsigned pw = l->cfg.fw - 16, pb = pw / 8, left = len - t->pos;
    unsigned take = left < pb ? left : pb;
    for (unsigned j = 0; j < take; j++)
      set_byte(v, pw, j, buf[t->pos + j]);
    unsigned meta = left > pb ? 1u : left == pb ? 3u : 2u;
    if (meta == 2u)
      set_byte(v, pw, pb - 1, take);
    ep_set_u64(l, s, l->tm[s], meta);
    ep_set(l, s, l->td[s], v);
  } else {
    dut_t *d = l->d[s];
    unsigned bb = l->dw / 8, left = len - t->pos, take = left < bb ? left : bb;
    uint32_t k[W32(128)] = {0};
    for (unsigned j = 0; j < take; j++) {
      set_byte(v, l->dw, j, buf[t->pos + j]);
      k[(bb - 1 - j) / 32] |= 1u << ((bb - 1 - j) % 32);
    }
    dut_set(d, l->td[s], v);
    dut_set(d, l->tk[s], k);
    dut_set_u64(d, l->tl[s], left <= bb);
  }
  ep_set_u64(l, s, l->tv[s], 1);
}

static void src_accepted(rifl_link_t *l, int s) {
  rifl_traffic_t *t = &l->tr_[s];
  unsigned step = l->cfg.kind == RIFL_EP_CORE ? (l->cfg.fw - 16) / 8 : l->dw / 8;
  if (t->pos == 0)
    t->t0[t->sent - 1] = l->cycle;
  t->pos += step;
  if (t->pos >= t->len[t->sent - 1])
    t->busy = 0;
}

static void sink_take(rifl_link_t *l, int s) {
  rifl_traffic_t *t = &l->tr_[s];
  uint32_t v[MAXW];
  if (t->first_beat_cycle == 0)
    t->first_beat_cycle = l->cycle;
  if (t->rx_n == 0)
    t->rx_first = l->cycle;
  int abort = (int)ep_get_u64(l, s, l->ra[s]), end = 0;
  if (l->cfg.kind == RIFL_EP_CORE) {
    unsigned pw = l->cfg.fw - 16, pb = pw / 8, meta = (unsigned)ep_get_u64(l, s, l->rm[s]), n = 0;
    if (!abort) {
      ep_get(l, s, l->rd[s], v);
      n = meta == 2u ? get_byte(v, pw, pb - 1) : meta ? pb : 0;
      CHECK(n < pb || meta != 2u, "side %d: partial frame with count %u", s, n);
      end = meta >= 2u;
    }
    for (unsigned j = 0; j < n && t->rx_n < RIFL_LINK_MAX_PKT; j++)
      t->rx[t->rx_n++] = (uint8_t)get_byte(v, pw, j);
  } else {
    dut_t *d = l->d[s];
    unsigned bb = l->dw / 8;
    uint32_t k[W32(128)];
    dut_get(d, l->rd[s], v);
    dut_get(d, l->rk[s], k);
    end = (int)dut_get_u64(d, l->rl[s]);
    for (unsigned j = 0; j < bb; j++) {
      int kept = (k[(bb - 1 - j) / 32] >> ((bb - 1 - j) % 32)) & 1;
      if (kept && t->rx_n < RIFL_LINK_MAX_PKT)
        t->rx[t->rx_n++] = (uint8_t)get_byte(v, l->dw, j);
    }
    CHECK(!abort || end, "side %d: tuser without tlast", s);
  }
  if (end || abort) {
    score_packet(l, s, t->rx, t->rx_n, abort);
    t->rx_n = 0;
  }
}

void rifl_link_step(rifl_link_t *l) {
  int src_hs[2], snk_hs[2];
  for (int s = 0; s < 2; s++) {
    rifl_traffic_t *t = &l->tr_[s];
    src_offer(l, s);
    ep_set_u64(l, s, l->rr[s], !(t->sink_stall > 0 && prng_bernoulli(&l->rng, t->sink_stall)));
  }
  /* transceiver words: what each side sends this cycle reaches the other side after the
   * channel (bit offset, errors) and latency + skew words */
  uint64_t slot = l->wpos % RIFL_LINK_MAX_DELAY;
  for (int s = 0; s < 2; s++) {
    uint32_t tx[2 * RIFL_LINK_MAX_LANES], rx[2 * RIFL_LINK_MAX_LANES];
    ep_get(l, s, l->gtx[s], tx);
    for (unsigned k = 0; k < l->cfg.lanes; k++) {
      uint64_t w = (uint64_t)tx[2 * k] | (uint64_t)tx[2 * k + 1] << 32;
      for (unsigned f = 0; f < l->nflip; f++)
        if (l->flip[f].cycle == l->cycle && l->flip[f].dir == s && l->flip[f].lane == k) {
          w ^= l->flip[f].mask;
          l->flip[f] = l->flip[--l->nflip];
          f--;
        }
      w = rifl_chan_word(&l->ch[s][k], w);
      if (l->cycle < l->cut_until[s][k])
        w = 0;
      l->line[s][k][slot] = w;
      uint64_t o = l->line[s][k][(slot + RIFL_LINK_MAX_DELAY - l->dly[s][k]) % RIFL_LINK_MAX_DELAY];
      rx[2 * k] = (uint32_t)o;
      rx[2 * k + 1] = (uint32_t)(o >> 32);
    }
    ep_set(l, 1 - s, l->grx[1 - s], rx);
  }
  l->wpos++;
  for (int s = 0; s < 2; s++) {
    src_hs[s] = ep_get_u64(l, s, l->tv[s]) && ep_get_u64(l, s, l->tr[s]);
    snk_hs[s] = ep_get_u64(l, s, l->rv[s]) && ep_get_u64(l, s, l->rr[s]);
    if (snk_hs[s] && !l->in_reset[s])
      sink_take(l, s);
  }
  for (int s = 0; s < 2; s++)
    ep_step(l, s);
  for (int s = 0; s < 2; s++)
    if (src_hs[s] && !l->in_reset[s])
      src_accepted(l, s);
  l->cycle++;
}

void rifl_link_run(rifl_link_t *l, uint64_t cycles) {
  for (uint64_t i = 0; i < cycles; i++)
    rifl_link_step(l);
}

void rifl_link_hold_reset(rifl_link_t *l, int side, int on) {
  l->in_reset[side] = on;
  ep_set_u64(l, side, l->rst[side], !on);
  if (on) { /* the side's user logic restarts too: its packet in progress is gone */
    rifl_traffic_t *t = &l->tr_[side];
    t->busy = 0;
    t->rx_n = 0;
  }
}

uint64_t rifl_link_get(rifl_link_t *l, int side, const char *name) {
  if (!is_model(l, side))
    return dut_get_u64(l->d[side], dut_port(l->d[side], name));
  const rifl_lane_out_t o = model_out(l);
#define ST(x)                                                                                      \
  { #x, offsetof(rifl_lane_out_t, x), 0 }
#define CNT(x)                                                                                     \
  { #x, offsetof(rifl_lane_out_t, x), 1 }
  static const struct {
    const char *name;
    size_t off;
    int cnt; /* uint32_t counter, else an unsigned status field */
  } f[] = {ST(tx_state),     ST(aligned),      ST(link_up),        ST(frame_err),
           ST(pause_req),    ST(retrans_req),  ST(fc_local),       ST(fc_remote),
           ST(rx_level),     CNT(cnt_retrans), CNT(cnt_frame_err), CNT(cnt_overflow),
           CNT(cnt_restart), CNT(cnt_flush),   CNT(cnt_abort)};
#undef ST
#undef CNT
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    if (strcmp(name, f[i].name) == 0)
      return f[i].cnt ? *(const uint32_t *)((const char *)&o + f[i].off)
                      : *(const unsigned *)((const char *)&o + f[i].off);
  FAIL("published model: no output '%s'", name);
}

uint64_t rifl_link_wait_up(rifl_link_t *l, uint64_t max) {
  uint64_t c0 = l->cycle;
  while (!(rifl_link_get(l, 0, "link_up") && rifl_link_get(l, 1, "link_up"))) {
    if (l->cycle - c0 > max)
      FAIL("link not up after %llu cycles (tx_state %llu / %llu, aligned %llu / %llu)",
           (unsigned long long)max, (unsigned long long)rifl_link_get(l, 0, "tx_state"),
           (unsigned long long)rifl_link_get(l, 1, "tx_state"),
           (unsigned long long)rifl_link_get(l, 0, "aligned"),
           (unsigned long long)rifl_link_get(l, 1, "aligned"));
    rifl_link_step(l);
  }
  return l->cycle - c0;
}

void rifl_link_send(rifl_link_t *l, int side, uint64_t count, unsigned len_min, unsigned len_max) {
  CHECK(len_min >= 1 && len_min <= len_max && len_max <= RIFL_LINK_MAX_PKT, "lengths %u..%u",
        len_min, len_max);
  rifl_traffic_t *t = &l->tr_[side];
  t->to_send += count;
  t->len_min = len_min;
  t->len_max = len_max;
}

void rifl_link_pace(rifl_link_t *l, int side, double gap, double sink_stall) {
  l->tr_[side].gap = gap;
  l->tr_[side].sink_stall = sink_stall;
}

static uint64_t accounted(const rifl_score_t *s) {
  return s->pkts + s->lost_pkts + s->corrupt_pkts + s->abort_pkts;
}

int rifl_link_drain(rifl_link_t *l, uint64_t max) {
  uint64_t c0 = l->cycle;
  for (;;) {
    int done = 1;
    for (int s = 0; s < 2; s++) {
      const rifl_traffic_t *me = &l->tr_[s], *peer = &l->tr_[1 - s];
      if (peer->to_send || peer->busy || accounted(&me->score) < peer->sent)
        done = 0;
    }
    if (done)
      return 1;
    if (l->cycle - c0 >= max)
      return 0;
    rifl_link_step(l);
  }
}

const rifl_score_t *rifl_link_score(const rifl_link_t *l, int side) { return &l->tr_[side].score; }

void rifl_link_log_score(const rifl_link_t *l, int side) {
  const rifl_score_t *s = &l->tr_[side].score;
  harness_log("side %d received: %llu packets (%llu bytes) intact, lost %llu (%llu B), "
              "dup/reordered %llu (%llu B), corrupted %llu (%llu B), aborted %llu (%llu B)",
              side, (unsigned long long)s->pkts, (unsigned long long)s->bytes,
              (unsigned long long)s->lost_pkts, (unsigned long long)s->lost_bytes,
              (unsigned long long)s->dup_pkts, (unsigned long long)s->dup_bytes,
              (unsigned long long)s->corrupt_pkts, (unsigned long long)s->corrupt_bytes,
              (unsigned long long)s->abort_pkts, (unsigned long long)s->abort_bytes);
}

void rifl_link_check_clean(const rifl_link_t *l, int side, uint64_t min_pkts) {
  const rifl_score_t *s = &l->tr_[side].score;
  rifl_link_log_score(l, side);
  CHECK_EQ(s->lost_bytes, 0, "bytes lost");
  CHECK_EQ(s->dup_bytes + s->dup_pkts, 0, "packets duplicated or reordered");
  CHECK_EQ(s->corrupt_bytes + s->corrupt_pkts, 0, "packets corrupted");
  CHECK_EQ(s->abort_pkts, 0, "packets aborted");
  CHECK(s->pkts >= min_pkts, "side %d received %llu packets intact, expected at least %llu", side,
        (unsigned long long)s->pkts, (unsigned long long)min_pkts);
  CHECK_EQ(s->pkts, l->tr_[1 - side].sent, "every packet sent arrived");
}

void rifl_link_flip(rifl_link_t *l, int dir, unsigned lane, unsigned delay, uint64_t mask) {
  CHECK(l->nflip < sizeof l->flip / sizeof l->flip[0], "too many pending flips");
  l->flip[l->nflip].cycle = l->cycle + delay;
  l->flip[l->nflip].mask = mask;
  l->flip[l->nflip].dir = dir;
  l->flip[l->nflip].lane = lane;
  l->nflip++;
}

void rifl_link_cut(rifl_link_t *l, int dir, unsigned lane, uint64_t cycles) {
  CHECK(dir >= 0 && dir < 2 && lane < l->cfg.lanes, "cut: direction %d lane %u", dir, lane);
  l->cut_until[dir][lane] = l->cycle + cycles;
}
