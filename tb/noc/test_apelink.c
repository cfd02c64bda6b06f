/*
 * Tests of apelink (docs/noc/apelink.md): the RTL end A of a link in lockstep with its model
 * (every output, every cycle), talking to a far end B that is the C model. Packets flow both
 * ways between credit-respecting router-side sources and sinks with the router's buffer of D
 * words a VC. On the wire from B to A the test flips bits: one bit of a header (each of the W
 * positions in turn) must be corrected and counted with the packet delivered intact; two bits
 * must be detected, counted and the packet dropped with its credits given back (B's credits
 * all home at the end); a payload bit must be caught by the CRC-32, counted and flagged in the
 * footer; a lost MAGIC is a framing error. B checks A's headers and CRCs in turn: no error may
 * be counted there. TRED is run at several values.
 */
#include <stdlib.h>
#include <string.h>

#include "ape_traffic.h"
#include "apelink_model.h"
#include "apelink_rifl_model.h"
#include "bits.h"
#include "harness.h"
#include "prng.h"
#include "rifl_channel.h"
#include "secded.h"

static const char *const TOP = "apelink_w128";
static const apl_params_t LP = {128, 2, 64, 32, 16}; /* tb/noc/tops.txt */

typedef enum { INJ_NONE, INJ_HDR1, INJ_HDR2, INJ_PAY, INJ_MAGIC, INJ_KINDS } inj_t;

/* A router-side source: packets of 0 .. MAXP payload words on random VCs, within the credits
 * that TX's FIFO returns, with gaps; ids from 0, the same word maker as the torus traffic. */
typedef struct {
  unsigned cred[2], sending, k, sent;
  ape_tr_pkt_t cur;
} src_t;

/* A router-side sink: the router's input buffer (D words a VC), freed at random; it checks that
 * packets arrive in order (ids, per VC) and word for word. */
typedef struct {
  unsigned held[2], busy[2], k[2];
  uint32_t id[2];
  unsigned got;
} snk_t;

typedef struct {
  ape_params_t wp; /* the word maker's view: W, MAXP */
  unsigned npk;
  inj_t *plan;    /* per packet id of B's stream: what the wire does to it */
  unsigned *bit1; /* the flipped bit(s) */
  unsigned *bit2;
  uint8_t *seen;   /* delivered at A */
  unsigned *vc_of; /* its VC */
} book_t;

static void make_word(const book_t *b, unsigned id, unsigned len, unsigned i, apl_word_t *w) {
  ape_tr_pkt_t k = {id, 0, 0, 0, len, 0, 0, 0};
  ape_word_t x;
  ape_tr_word(&b->wp, &k, i, &x);
  if (i == len + 1)
    x.w[1] &= ~1u; /* a source's footer: the CRC-error flag 0 (apelink.md) */
  memcpy(w, &x, sizeof *w);
}

static unsigned pkt_len(unsigned id) { return (id * 7u + 3u) % (LP.maxp + 1); }

/* One cycle of a source into an apelink's router side. */
static void src_cycle(src_t *s, const book_t *b, unsigned limit, unsigned rt_cr, prng_t *r,
                      apl_in_t *in) {
  for (unsigned v = 0; v < LP.nvc; v++)
    s->cred[v] += rt_cr >> v & 1u;
  in->rt_valid = 0;
  if (!s->sending) {
    if (s->sent >= limit)
      return;
    s->cur.id = s->sent;
    s->cur.len = pkt_len(s->sent);
    s->cur.vc = b->vc_of ? b->vc_of[s->sent] : (unsigned)prng_below(r, LP.nvc);
    if (s->cred[s->cur.vc] < s->cur.len + 2)
      return;
    s->cred[s->cur.vc] -= s->cur.len + 2;
    s->sending = 1;
    s->k = 0;
  } else if (prng_bernoulli(r, 0.1)) {
    return;
  }
  in->rt_valid = 1;
  in->rt_vc = s->cur.vc;
  make_word(b, s->cur.id, s->cur.len, s->k, &in->rt_data);
  if (++s->k == s->cur.len + 2) {
    s->sending = 0;
    s->sent++;
  }
}

/* A word out of an apelink's lr port. plan NULL: every packet must arrive, intact. */
static void snk_word(snk_t *k, book_t *b, unsigned vc, const apl_word_t *w, const char *who) {
  CHECK(vc < LP.nvc && k->held[vc] < LP.d, "%s: a word beyond the router's buffer", who);
  k->held[vc]++;
  apl_word_t exp;
  if (!k->busy[vc]) {
    apl_word_t h = *w;
    CHECK(secded_decode(h.w, LP.w) == 0, "%s: a header whose ECC byte is not clean", who);
    uint32_t id = (uint32_t)(w->w[0] >> 28 | w->w[1] << 4) & 0xFFFFFFu;
    CHECK(id < b->npk && !b->seen[id], "%s: header of packet %u twice or corrupt", who, id);
    make_word(b, id, pkt_len(id), 0, &exp);
    CHECK(!memcmp(exp.w, w->w, (LP.w - 8) / 8), "%s: packet %u header corrupted", who, id);
    CHECK(!b->plan || b->plan[id] != INJ_HDR2,
          "%s: packet %u had two header bits flipped and "
          "was delivered",
          who, id);
    k->busy[vc] = 1;
    k->id[vc] = id;
    k->k[vc] = 1;
    return;
  }
  uint32_t id = k->id[vc];
  unsigned len = pkt_len(id);
  make_word(b, id, len, k->k[vc], &exp);
  if (k->k[vc] <= len) {
    int flipped = b->plan && b->plan[id] == INJ_PAY && b->bit1[id] / LP.w == k->k[vc] - 1;
    if (flipped)
      exp.w[b->bit1[id] % LP.w / 32] ^= 1u << (b->bit1[id] % 32); /* forwarded as received */
    CHECK(!memcmp(&exp, w, sizeof exp), "%s: packet %u payload word %u", who, id, k->k[vc] - 1);
    k->k[vc]++;
    return;
  }
  /* the footer: CRC-32 of the payload as sent, the flag for a flipped payload bit */
  apl_word_t pay[256];
  for (unsigned i = 0; i < len; i++)
    make_word(b, id, len, i + 1, &pay[i]);
  uint32_t crc = apl_payload_crc(pay, len, LP.w);
  unsigned flag = b->plan && b->plan[id] == INJ_PAY;
  CHECK(w->w[0] == crc, "%s: packet %u footer CRC %08x, payload's %08x", who, id, w->w[0], crc);
  CHECK((w->w[1] & 1u) == flag, "%s: packet %u CRC flag %u, expected %u", who, id, w->w[1] & 1u,
        flag);
  CHECK((w->w[1] & ~1u) == (exp.w[1] & ~1u) && !memcmp(&w->w[2], &exp.w[2], 8),
        "%s: packet %u footer corrupted", who, id);
  k->busy[vc] = 0;
  b->seen[id] = 1;
  k->got++;
}

/* One cycle of both router-side sinks: A's gets what A's RX passes on (B's packets), B's what
 * B's passes on (A's); each frees a held word of a VC with probability 0.6 (a credit, lr_cr).
 * Returns 1 when a word arrived at either. */
static int sinks_cycle(snk_t *ka, book_t *ba, unsigned a_valid, unsigned a_vc,
                       const apl_word_t *a_data, snk_t *kb, book_t *ab, unsigned b_valid,
                       unsigned b_vc, const apl_word_t *b_data, prng_t *r, unsigned *a_cr,
                       unsigned *b_cr) {
  if (a_valid)
    snk_word(ka, ba, a_vc, a_data, "A (RTL) rx");
  if (b_valid)
    snk_word(kb, ab, b_vc, b_data, "B (model) rx of A's tx");
  for (unsigned v = 0; v < LP.nvc; v++) {
    if (ka->held[v] && prng_bernoulli(r, 0.6)) {
      ka->held[v]--;
      *a_cr |= 1u << v;
    }
    if (kb->held[v] && prng_bernoulli(r, 0.6)) {
      kb->held[v]--;
      *b_cr |= 1u << v;
    }
  }
  return a_valid || b_valid;
}

static void put_word(uint32_t *dst, const apl_word_t *x) {
  for (unsigned j = 0; j < LP.w / 32; j++)
    dst[j] = x->w[j];
}

/* The router side and the error counters: the ports apelink and apelink_rifl share. */
typedef struct {
  port_t rt_valid, rt_vc, rt_data, rt_cr, lr_valid, lr_vc, lr_data, lr_cr, tred, err;
} rside_t;

static rside_t rside_ports(dut_t *d) {
  rside_t s = {dut_port(d, "rt_valid"), dut_port(d, "rt_vc"),    dut_port(d, "rt_data"),
               dut_port(d, "rt_cr"),    dut_port(d, "lr_valid"), dut_port(d, "lr_vc"),
               dut_port(d, "lr_data"),  dut_port(d, "lr_cr"),    dut_port(d, "cfg_tred"),
               dut_port(d, "err_count")};
  CHECK_EQ(dut_width(d, s.rt_data), LP.w, "rt_data width (the model's W)");
  return s;
}

static void rside_compare(dut_t *d, const rside_t *s, unsigned rt_cr, unsigned lr_valid,
                          unsigned lr_vc, const apl_word_t *lr_data, const uint32_t *err) {
  uint32_t w[5] = {0}, e[3] = {0};
  CHECK_PORT_U64(d, s->rt_cr, rt_cr, "rt_cr");
  CHECK_PORT_U64(d, s->lr_valid, lr_valid, "lr_valid");
  CHECK_PORT_U64(d, s->lr_vc, lr_vc, "lr_vc");
  put_word(w, lr_data);
  CHECK_PORT(d, s->lr_data, w, 0, "lr_data");
  for (unsigned k = 0; k < APL_NERR; k++)
    bits_put_field(e, k * LP.ew, LP.ew, err[k]);
  CHECK_PORT(d, s->err, e, 0, "err_count");
}

static void rside_drive(dut_t *d, const rside_t *s, unsigned rt_valid, unsigned rt_vc,
                        const apl_word_t *rt_data, unsigned lr_cr, unsigned tred) {
  uint32_t w[4];
  dut_set_u64(d, s->rt_valid, rt_valid);
  dut_set_u64(d, s->rt_vc, rt_vc);
  put_word(w, rt_data);
  dut_set(d, s->rt_data, w);
  dut_set_u64(d, s->lr_cr, lr_cr);
  dut_set_u64(d, s->tred, tred);
}

typedef struct {
  rside_t rs;
  port_t tx_valid, tx_ctrl, tx_data, tx_ready, rx_valid, rx_ctrl, rx_data;
} lports_t;

static void compare(dut_t *d, const lports_t *pt, const apl_out_t *o) {
  uint32_t w[5] = {0};
  rside_compare(d, &pt->rs, o->rt_cr, o->lr_valid, o->lr_vc, &o->lr_data, o->err);
  CHECK_PORT_U64(d, pt->tx_valid, o->tx_valid, "tx_valid");
  CHECK_PORT_U64(d, pt->tx_ctrl, o->tx_ctrl, "tx_ctrl");
  put_word(w, &o->tx_data);
  CHECK_PORT(d, pt->tx_data, w, 0, "tx_data");
}

static void drive(dut_t *d, const lports_t *pt, const apl_in_t *in) {
  uint32_t w[4];
  rside_drive(d, &pt->rs, in->rt_valid, in->rt_vc, &in->rt_data, in->lr_cr, in->cfg_tred);
  dut_set_u64(d, pt->tx_ready, in->tx_ready);
  dut_set_u64(d, pt->rx_valid, in->rx_valid);
  dut_set_u64(d, pt->rx_ctrl, in->rx_ctrl);
  put_word(w, &in->rx_data);
  dut_set(d, pt->rx_data, w);
}

/* The wire from B to A: follows B's framing and does to each packet what its plan says; a word
 * crosses in the cycle B's wire takes it (tx_valid and tx_ready). */
typedef struct {
  unsigned state; /* 0 between packets, 1 after START (the header next), 2 in the packet */
  uint32_t id;    /* of the last header seen (B sends ids in order) */
  unsigned k, any;
} wire_t;

static void wire(wire_t *wr, const book_t *b, const apl_out_t *bo, unsigned taken, apl_in_t *ain,
                 uint32_t *cnt) {
  ain->rx_valid = bo->tx_valid && taken;
  ain->rx_ctrl = bo->tx_ctrl;
  ain->rx_data = bo->tx_data;
  if (!ain->rx_valid)
    return;
  if (bo->tx_ctrl) {
    unsigned type = bo->tx_data.w[0] & 0xFFu;
    if (type == APL_START) {
      wr->state = 1;
    } else if (type == APL_MAGIC) {
      /* the MAGIC of the packet after the one counted last: its id is the next one */
      uint32_t next = wr->any ? wr->id + 1u : 0u;
      if (b->plan && next < b->npk && b->plan[next] == INJ_MAGIC) {
        ain->rx_valid = 0; /* lost on the wire */
        cnt[INJ_MAGIC]++;
      }
    }
    return;
  }
  if (wr->state == 1) {
    wr->id = (uint32_t)(bo->tx_data.w[0] >> 28 | bo->tx_data.w[1] << 4) & 0xFFFFFFu;
    wr->any = 1;
    wr->k = 0;
    wr->state = 2;
    inj_t what = b->plan ? b->plan[wr->id] : INJ_NONE;
    if (what == INJ_HDR1 || what == INJ_HDR2) {
      ain->rx_data.w[b->bit1[wr->id] / 32] ^= 1u << (b->bit1[wr->id] % 32);
      if (what == INJ_HDR2)
        ain->rx_data.w[b->bit2[wr->id] / 32] ^= 1u << (b->bit2[wr->id] % 32);
      cnt[what]++;
    }
  } else if (wr->state == 2) {
    wr->k++;
    if (b->plan && b->plan[wr->id] == INJ_PAY && b->bit1[wr->id] / LP.w == wr->k - 1 &&
        wr->k <= pkt_len(wr->id)) {
      ain->rx_data.w[b->bit1[wr->id] % LP.w / 32] ^= 1u << (b->bit1[wr->id] % 32);
      cnt[INJ_PAY]++;
    }
  }
}

typedef struct {
  unsigned npk;     /* packets each way */
  unsigned tred;    /* cfg_tred */
  unsigned errors;  /* flip bits on the B -> A wire */
  unsigned framing; /* also lose MAGIC words */
  double stall;     /* each end's wire refuses a word (tx_ready 0) with this probability */
} link_cfg_t;

static void link_run(const link_cfg_t *lc) {
  if (!dut_top_built(TOP))
    harness_skip("%s is not in this program", TOP);
  dut_t *d = dut_open(TOP);
  lports_t pt = {rside_ports(d),         dut_port(d, "tx_valid"), dut_port(d, "tx_ctrl"),
                 dut_port(d, "tx_data"), dut_port(d, "tx_ready"), dut_port(d, "rx_valid"),
                 dut_port(d, "rx_ctrl"), dut_port(d, "rx_data")};
  apl_t *ma = calloc(1, sizeof *ma), *mb = calloc(1, sizeof *mb);
  CHECK(ma && mb, "memory");
  CHECK(apl_init(ma, &LP) == 0 && apl_init(mb, &LP) == 0, "models");
  prng_t r;
  prng_seed(&r, harness_seed());
  book_t ab = {{1, 1, 1, 2, LP.w, LP.d, LP.maxp, 16}, lc->npk, NULL, NULL, NULL, NULL, NULL};
  book_t ba = ab;
  ab.seen = calloc(lc->npk, 1);
  ba.seen = calloc(lc->npk, 1);
  ba.plan = calloc(lc->npk, sizeof *ba.plan);
  ba.bit1 = calloc(lc->npk, sizeof *ba.bit1);
  ba.bit2 = calloc(lc->npk, sizeof *ba.bit2);
  ba.vc_of = calloc(lc->npk, sizeof *ba.vc_of);
  CHECK(ab.seen && ba.seen && ba.plan && ba.bit1 && ba.bit2 && ba.vc_of, "memory");
  uint32_t planned[INJ_KINDS] = {0}, done[INJ_KINDS] = {0};
  unsigned hdr_bit = 0;
  for (unsigned i = 0; i < lc->npk; i++) {
    /* with a MAGIC to lose, one VC: B's TX then sends the ids in order and the wire knows
     * whose MAGIC it is (two VCs may overtake each other) */
    ba.vc_of[i] = lc->framing ? 0u : (unsigned)prng_below(&r, LP.nvc);
    if (!lc->errors || i == 0)
      continue;
    unsigned pick = (unsigned)prng_below(&r, 10);
    if (pick < 4) { /* one header bit: every position in turn */
      ba.plan[i] = INJ_HDR1;
      ba.bit1[i] = hdr_bit++ % LP.w;
    } else if (pick < 6) {
      ba.plan[i] = INJ_HDR2;
      ba.bit1[i] = (unsigned)prng_below(&r, LP.w);
      do
        ba.bit2[i] = (unsigned)prng_below(&r, LP.w);
      while (ba.bit2[i] == ba.bit1[i]);
    } else if (pick < 8 && pkt_len(i) > 0) {
      ba.plan[i] = INJ_PAY;
      ba.bit1[i] = (unsigned)prng_below(&r, pkt_len(i) * LP.w);
    }
    planned[ba.plan[i]]++;
  }
  /* A lost MAGIC loses its packet and the credits of its words (no retransmission, and RX
   * cannot tell whose they were), so only the last packet is lost: a link short of credits
   * would stall the rest. */
  if (lc->framing) {
    planned[ba.plan[lc->npk - 1]]--;
    ba.plan[lc->npk - 1] = INJ_MAGIC;
    planned[INJ_MAGIC]++;
  }
  src_t sa = {{LP.d, LP.d}, 0, 0, 0, {0}}, sb = sa;
  snk_t ka, kb;
  memset(&ka, 0, sizeof ka);
  memset(&kb, 0, sizeof kb);
  wire_t wr = {0, 0, 0, 0};
  apl_out_t oa, ob;
  apl_in_t ia, ib;
  dut_reset(d, 2);
  uint64_t c = 0, last = 0, held = 0; /* held: cycles A's word waited for its wire */
  unsigned expect_b = 0;              /* packets B must deliver to A's sink */
  for (unsigned i = 0; i < lc->npk; i++)
    expect_b += ba.plan[i] != INJ_HDR2 && ba.plan[i] != INJ_MAGIC;
  for (;; c++) {
    apl_comb(ma, &oa);
    apl_comb(mb, &ob);
    compare(d, &pt, &oa);
    memset(&ia, 0, sizeof ia);
    memset(&ib, 0, sizeof ib);
    /* sinks: A's router side gets B's packets, B's gets A's */
    if (sinks_cycle(&ka, &ba, oa.lr_valid, oa.lr_vc, &oa.lr_data, &kb, &ab, ob.lr_valid, ob.lr_vc,
                    &ob.lr_data, &r, &ia.lr_cr, &ib.lr_cr))
      last = c;
    src_cycle(&sa, &ab, lc->npk, oa.rt_cr, &r, &ia);
    src_cycle(&sb, &ba, lc->npk, ob.rt_cr, &r, &ib);
    /* the wires: A -> B as it is, B -> A through the error injector; each takes a word when
     * its tx_ready says so */
    ia.tx_ready = !prng_bernoulli(&r, lc->stall);
    ib.tx_ready = !prng_bernoulli(&r, lc->stall);
    ib.rx_valid = oa.tx_valid && ia.tx_ready;
    held += oa.tx_valid && !ia.tx_ready;
    ib.rx_ctrl = oa.tx_ctrl;
    ib.rx_data = oa.tx_data;
    wire(&wr, &ba, &ob, ib.tx_ready, &ia, done);
    ia.cfg_tred = ib.cfg_tred = lc->tred;
    drive(d, &pt, &ia);
    apl_clock(ma, &ia);
    apl_clock(mb, &ib);
    dut_step(d, 1);
    if (kb.got == lc->npk && sa.sent == lc->npk && sb.sent == lc->npk && ka.got >= expect_b &&
        c - last > 200)
      break;
    if (c - last > 2000 && c > 2000) {
      harness_log(
          "A: rcred %u %u owe %u %u tstate %u fifo %u %u rstate %u; B: rcred %u %u owe %u %u "
          "tstate %u fifo %u %u rstate %u; sinks A %u %u B %u %u; src A cred %u %u sent %u "
          "sending %u, B cred %u %u sent %u sending %u",
          ma->rcred[0], ma->rcred[1], ma->owe[0], ma->owe[1], ma->tstate, ma->fifo[0].cnt,
          ma->fifo[1].cnt, ma->rstate, mb->rcred[0], mb->rcred[1], mb->owe[0], mb->owe[1],
          mb->tstate, mb->fifo[0].cnt, mb->fifo[1].cnt, mb->rstate, ka.held[0], ka.held[1],
          kb.held[0], kb.held[1], sa.cred[0], sa.cred[1], sa.sent, sa.sending, sb.cred[0],
          sb.cred[1], sb.sent, sb.sending);
      for (unsigned v = 0; v < 2; v++)
        harness_log("A fifo %u front head %u len %u; B fifo %u front head %u len %u; cr_due %u %u "
                    "tred %u %u",
                    v, ma->fifo[v].e[ma->fifo[v].rd].is_head, ma->fifo[v].e[ma->fifo[v].rd].len, v,
                    mb->fifo[v].e[mb->fifo[v].rd].is_head, mb->fifo[v].e[mb->fifo[v].rd].len,
                    ma->cr_due, mb->cr_due, ma->tred, mb->tred);
      FAIL("no word delivered for 2000 cycles: A delivered %u of %u, B %u of %u", ka.got, expect_b,
           kb.got, lc->npk);
    }
  }
  /* drained: the credits of both buffers are home, nothing owed */
  for (unsigned v = 0; v < LP.nvc; v++) {
    CHECK(ka.held[v] == 0 && kb.held[v] == 0, "sinks drained");
    if (!lc->framing)
      CHECK(mb->rcred[v] == LP.d,
            "B's credits for A's buffer, VC %u: %u (dropped packets give theirs back)", v,
            mb->rcred[v]);
    CHECK(ma->rcred[v] == LP.d, "A's credits for B's buffer, VC %u: %u", v, ma->rcred[v]);
    CHECK(ma->owe[v] + mb->owe[v] == 0, "credits still owed, VC %u", v);
  }
  CHECK_EQ(kb.got, lc->npk, "A's packets delivered by B");
  CHECK_EQ(ka.got, expect_b, "B's packets delivered by A (those not dropped)");
  for (unsigned k = 0; k < APL_NERR; k++)
    CHECK(ob.err[k] == 0, "B (model) counted %u errors of kind %u on A's traffic", ob.err[k], k);
  apl_comb(ma, &oa);
  CHECK_EQ(done[INJ_HDR1], planned[INJ_HDR1], "single header flips made");
  CHECK_EQ(oa.err[APL_ERR_HDR_COR], done[INJ_HDR1], "single header errors corrected");
  CHECK_EQ(oa.err[APL_ERR_HDR_UNC], done[INJ_HDR2], "double header errors detected");
  CHECK_EQ(oa.err[APL_ERR_CRC], done[INJ_PAY], "payload errors caught by the CRC");
  CHECK_EQ(oa.err[APL_ERR_CREDIT], 0, "credit errors");
  CHECK(lc->framing ? oa.err[APL_ERR_FRAME] >= done[INJ_MAGIC] : oa.err[APL_ERR_FRAME] == 0,
        "framing errors %u for %u MAGIC words lost", oa.err[APL_ERR_FRAME], done[INJ_MAGIC]);
  if (lc->stall > 0)
    CHECK(held > 0, "A's wire never refused a word");
  if (lc->errors)
    CHECK(done[INJ_HDR1] >= (lc->npk > 600 ? LP.w : 10) && done[INJ_HDR2] > 0 && done[INJ_PAY] > 0,
          "errors injected: %u single, %u double, %u payload", done[INJ_HDR1], done[INJ_HDR2],
          done[INJ_PAY]);
  harness_log("apelink TRED %u: %u packets each way in %llu cycles; B->A wire: %u single header "
              "flips corrected, %u double detected (dropped), %u payload CRC errors, %u MAGIC lost "
              "(%u framing errors)",
              lc->tred, lc->npk, (unsigned long long)c, done[INJ_HDR1], done[INJ_HDR2],
              done[INJ_PAY], done[INJ_MAGIC], oa.err[APL_ERR_FRAME]);
  free(ab.seen);
  free(ba.seen);
  free(ba.plan);
  free(ba.bit1);
  free(ba.bit2);
  free(ba.vc_of);
  free(ma);
  free(mb);
  dut_close(d);
}

HARNESS_TEST(apelink_clean) {
  /* TRED at three values on a raw wire that takes every word, then a wire that refuses words
   * at random on both ends (a slower transceiver, or RIFL under the link: apelink_rifl) */
  static const unsigned treds[] = {0, 7, 30, 3};
  for (unsigned i = 0; i < 4; i++) {
    link_cfg_t lc = {(unsigned)harness_scaled(20, 300, 2000), treds[i], 0, 0, i == 3 ? 0.4 : 0.0};
    link_run(&lc);
  }
}

/* Every one of the W header bit positions is flipped once at the default scale (+quick: 10). */
HARNESS_TEST(apelink_errors) {
  link_cfg_t lc = {(unsigned)harness_scaled(80, 700, 3000), 3, 1, 0, 0.0};
  link_run(&lc);
}

HARNESS_TEST(apelink_framing) {
  link_cfg_t lc = {(unsigned)harness_scaled(60, 300, 2000), 0, 1, 1, 0.0};
  link_run(&lc);
}

/* ------------------------------------------------------------------ apelink_rifl */
/* The APElink over a RIFL lane (docs/noc/apelink.md "apelink_rifl"): the RTL end A in lockstep
 * with its model (every output, every cycle, through the lane's bring-up), a far end B that is
 * the model, both 64-bit channels between them shifted by a bit offset and flipping bits at a
 * BER (csrc/lib/rifl/rifl_channel). Packets flow both ways, every one checked word for word at
 * the far router side; RIFL replays whatever the channel damaged, so neither APElink may count
 * a header correction, a CRC error or a framing error, and nothing is dropped. */
static const char *const RTOP = "apelink_rifl_w128";

typedef struct {
  rside_t rs;
  port_t gt_tx, gt_rx_valid, gt_rx, bad, link_up, retrans, frame_err;
} rports_t;

/* apelink_rifl_w128's parameters (tb/noc/tops.txt) */
static alr_params_t rifl_params(void) {
  alr_params_t ap = {LP, rifl_lane_default_params(256)};
  ap.lane.fidw = 6;
  return ap;
}

static rports_t rports(dut_t *d) {
  rports_t pt = {rside_ports(d),
                 dut_port(d, "gt_tx_data"),
                 dut_port(d, "gt_rx_valid"),
                 dut_port(d, "gt_rx_data"),
                 dut_port(d, "bad_beats"),
                 dut_port(d, "link_up"),
                 dut_port(d, "cnt_retrans"),
                 dut_port(d, "cnt_frame_err")};
  return pt;
}

static void rifl_compare(dut_t *d, const rports_t *pt, const alr_out_t *o) {
  rside_compare(d, &pt->rs, o->rt_cr, o->lr_valid, o->lr_vc, &o->lr_data, o->err);
  CHECK_PORT_U64(d, pt->gt_tx, o->gt_tx_data, "gt_tx_data");
  CHECK_PORT_U64(d, pt->bad, o->bad_beats, "bad_beats");
  CHECK_PORT_U64(d, pt->link_up, o->link_up, "link_up");
  CHECK_PORT_U64(d, pt->retrans, o->cnt_retrans, "cnt_retrans");
  CHECK_PORT_U64(d, pt->frame_err, o->cnt_frame_err, "cnt_frame_err");
}

static void rifl_drive(dut_t *d, const rports_t *pt, const alr_in_t *in) {
  rside_drive(d, &pt->rs, in->rt_valid, in->rt_vc, &in->rt_data, in->lr_cr, in->cfg_tred);
  dut_set_u64(d, pt->gt_rx_valid, in->gt_rx_valid);
  dut_set_u64(d, pt->gt_rx, in->gt_rx_data);
}

/* apl_in_t's router-side fields <-> alr_in_t's, for the sources shared with the raw link */
static void rt_side(const apl_in_t *a, alr_in_t *r) {
  r->rt_valid = a->rt_valid;
  r->rt_vc = a->rt_vc;
  r->rt_data = a->rt_data;
}

static void rifl_run(unsigned npk, double ber, unsigned offset, unsigned tred) {
  if (!dut_top_built(RTOP))
    harness_skip("%s is not in this program", RTOP);
  dut_t *d = dut_open(RTOP);
  rports_t pt = rports(d);
  alr_params_t ap = rifl_params();
  alr_t *ma = calloc(1, sizeof *ma), *mb = calloc(1, sizeof *mb);
  CHECK(ma && mb, "memory");
  CHECK(alr_init(ma, &ap) == 0 && alr_init(mb, &ap) == 0, "models");
  prng_t r;
  prng_seed(&r, harness_seed());
  rifl_chan_t ch_ab, ch_ba;
  CHECK(rifl_chan_init(&ch_ab, offset, ber, prng_next(&r)) == 0 &&
            rifl_chan_init(&ch_ba, offset + 11, ber, prng_next(&r)) == 0,
        "channels");
  book_t ab = {{1, 1, 1, 2, LP.w, LP.d, LP.maxp, 16}, npk, NULL, NULL, NULL, NULL, NULL};
  book_t ba = ab;
  ab.seen = calloc(npk, 1);
  ba.seen = calloc(npk, 1);
  CHECK(ab.seen && ba.seen, "memory");
  src_t sa = {{LP.d, LP.d}, 0, 0, 0, {0}}, sb = sa;
  snk_t ka, kb;
  memset(&ka, 0, sizeof ka);
  memset(&kb, 0, sizeof kb);
  alr_in_t ia, ib;
  alr_out_t oa, ob;
  apl_in_t sia, sib; /* the sources' view */
  dut_reset(d, 2);
  uint64_t c = 0, last = 0, up_at = 0;
  for (;; c++) {
    /* the channels carry this cycle's gt words (registers: no input needed to read them) */
    memset(&ia, 0, sizeof ia);
    memset(&ib, 0, sizeof ib);
    alr_comb(ma, &ia, &oa);
    alr_comb(mb, &ib, &ob);
    ib.gt_rx_valid = ia.gt_rx_valid = 1;
    ib.gt_rx_data = rifl_chan_word(&ch_ab, oa.gt_tx_data);
    ia.gt_rx_data = rifl_chan_word(&ch_ba, ob.gt_tx_data);
    alr_comb(ma, &ia, &oa);
    alr_comb(mb, &ib, &ob);
    rifl_compare(d, &pt, &oa);
    if (!up_at && oa.link_up && ob.link_up)
      up_at = c;
    if (sinks_cycle(&ka, &ba, oa.lr_valid, oa.lr_vc, &oa.lr_data, &kb, &ab, ob.lr_valid, ob.lr_vc,
                    &ob.lr_data, &r, &ia.lr_cr, &ib.lr_cr))
      last = c;
    memset(&sia, 0, sizeof sia);
    memset(&sib, 0, sizeof sib);
    src_cycle(&sa, &ab, npk, oa.rt_cr, &r, &sia);
    src_cycle(&sb, &ba, npk, ob.rt_cr, &r, &sib);
    rt_side(&sia, &ia);
    rt_side(&sib, &ib);
    ia.cfg_tred = ib.cfg_tred = tred;
    rifl_drive(d, &pt, &ia);
    alr_clock(ma, &ia);
    alr_clock(mb, &ib);
    dut_step(d, 1);
    if (ka.got == npk && kb.got == npk && c - last > 200)
      break;
    if (c - last > 20000) {
      for (unsigned e = 0; e < 2; e++) {
        const alr_t *m = e ? mb : ma;
        harness_log("%s: lane tx_state %u fc_local %u fc_remote %u rx_level %u; enc ready %u "
                    "m_valid %u; apelink tx_valid %u tstate %u rcred %u %u owe %u %u fifo %u %u "
                    "rstate %u; errors %u %u %u %u %u; retrans %u frame_err %u",
                    e ? "B" : "A", m->lane.ctrl.st, m->lane.ctrl.fc_local, m->lane.ctrl.fc_remote,
                    m->lane.fcb.level, !m->enc.eop && m->enc.cnt <= m->enc.pb, m->enc.m_valid,
                    m->link.o.tx_valid, m->link.tstate, m->link.rcred[0], m->link.rcred[1],
                    m->link.owe[0], m->link.owe[1], m->link.fifo[0].cnt, m->link.fifo[1].cnt,
                    m->link.rstate, m->link.o.err[0], m->link.o.err[1], m->link.o.err[2],
                    m->link.o.err[3], m->link.o.err[4], m->lane.cnt[0], m->lane.cnt[1]);
      }
      harness_log("sinks: A held %u %u, B held %u %u; sources: A cred %u %u sent %u, B cred %u %u "
                  "sent %u",
                  ka.held[0], ka.held[1], kb.held[0], kb.held[1], sa.cred[0], sa.cred[1], sa.sent,
                  sb.cred[0], sb.cred[1], sb.sent);
      FAIL("no word delivered for 20000 cycles (link up at %llu): A delivered %u of %u, B %u of "
           "%u; lanes A %u B %u",
           (unsigned long long)up_at, ka.got, npk, kb.got, npk, oa.link_up, ob.link_up);
    }
  }
  for (unsigned v = 0; v < LP.nvc; v++) {
    CHECK(ka.held[v] == 0 && kb.held[v] == 0, "sinks drained");
    CHECK(ma->link.rcred[v] == LP.d && mb->link.rcred[v] == LP.d, "credits home, VC %u", v);
  }
  alr_comb(ma, &ia, &oa);
  alr_comb(mb, &ib, &ob);
  for (unsigned k = 0; k < APL_NERR; k++)
    CHECK(oa.err[k] == 0 && ob.err[k] == 0,
          "APElink error kind %u counted (A %u, B %u): RIFL should have replayed it", k, oa.err[k],
          ob.err[k]);
  CHECK(oa.bad_beats == 0 && ob.bad_beats == 0, "beats not in the word format");
  uint64_t flips = ch_ab.errors + ch_ba.errors;
  if (ber > 0)
    CHECK(flips > 0 && oa.cnt_frame_err + ob.cnt_frame_err > 2,
          "the channels flipped %llu bits and RIFL saw %u + %u verification failures: the BER "
          "exercised nothing",
          (unsigned long long)flips, oa.cnt_frame_err, ob.cnt_frame_err);
  /* the wire rate: B's words delivered to its router per cycle since the link came up */
  harness_log("apelink_rifl BER %g offset %u TRED %u: %u packets each way in %llu cycles (link up "
              "at %llu); %llu bits flipped on the channels, RIFL verification failures A %u B %u, "
              "replays A %u B %u; APElink errors 0 both ends",
              ber, offset, tred, npk, (unsigned long long)c, (unsigned long long)up_at,
              (unsigned long long)flips, oa.cnt_frame_err, ob.cnt_frame_err, oa.cnt_retrans,
              ob.cnt_retrans);
  free(ab.seen);
  free(ba.seen);
  alr_free(ma);
  alr_free(mb);
  free(ma);
  free(mb);
  dut_close(d);
}

HARNESS_TEST(apelink_rifl_clean) { rifl_run((unsigned)harness_scaled(20, 200, 1000), 0.0, 0, 3); }

/* BER 1e-5 both ways: a flipped bit about every 1,560 cycles on each channel, each costing a
 * replay of some 640 cycles (RIFL's published procedure, FIDW 6: docs/performance.md "Bandwidth
 * ratio and latency against BER"); at 1e-4 the replays never end and nothing gets through */
HARNESS_TEST(apelink_rifl_errors) {
  rifl_run((unsigned)harness_scaled(40, 300, 2000), 1e-5, 37, 0);
}

/* A far end that does not follow apelink.md's word format: a RIFL lane (the models of
 * csrc/ref/rifl: rifl_axis_enc, rifl_lane_core) whose user side the test drives beat by beat.
 * It sends B's packets as well-formed words with malformed one-beat packets between them; A must
 * drop each of those, count it in bad_beats, and deliver every packet intact with no APElink
 * error (the bad beats never reach its RX). */
typedef struct {
  uint32_t tdata[BITS_WORDS(256)], tkeep;
} beat_t;

/* A wire word as apelink_rifl puts it on the lane: {7'b0, ctrl, data, zeros}, 17 bytes kept. */
static void word_beat(unsigned ctrl, const apl_word_t *x, beat_t *b) {
  memset(b, 0, sizeof *b);
  bits_put(b->tdata, 256 - 8, ctrl);
  for (unsigned i = 0; i < LP.w; i++)
    bits_put(b->tdata, 256 - 8 - LP.w + i, x->w[i / 32] >> (i % 32) & 1u);
  b->tkeep = ~0u << (32 - (LP.w / 8 + 1));
}

HARNESS_TEST(apelink_rifl_bad_beats) {
  if (!dut_top_built(RTOP))
    harness_skip("%s is not in this program", RTOP);
  dut_t *d = dut_open(RTOP);
  rports_t pt = rports(d);
  alr_params_t ap = rifl_params();
  alr_t *ma = calloc(1, sizeof *ma);
  rifl_lane_model_t *fl = calloc(1, sizeof *fl);
  rifl_axis_enc_model_t *fe = calloc(1, sizeof *fe);
  CHECK(ma && fl && fe, "memory");
  rifl_axis_params_t xp = {256, 256};
  CHECK(alr_init(ma, &ap) == 0 && rifl_lane_model_init(fl, &ap.lane) == 0 &&
            rifl_axis_enc_model_init(fe, &xp) == 0,
        "models");
  prng_t r;
  prng_seed(&r, harness_seed());
  /* the script: npk packets (VC = id % 2, within A's buffer), a malformed beat of each kind
   * after every word of the first packet and between packets */
  enum { NPK = 6, MAXB = 512 };
  book_t ba = {{1, 1, 1, 2, LP.w, LP.d, LP.maxp, 16}, NPK, NULL, NULL, NULL, NULL, NULL};
  ba.seen = calloc(NPK, 1);
  beat_t *script = calloc(MAXB, sizeof *script);
  CHECK(ba.seen && script, "memory");
  unsigned nb = 0, nbad = 0;
  apl_word_t x;
  for (unsigned id = 0; id < NPK; id++) {
    unsigned len = pkt_len(id);
    apl_word_t pay[64];
    for (unsigned i = 0; i < len + 2; i++) {
      if (i == 0) {
        word_beat(1, &(apl_word_t){{APL_MAGIC, 0, 0, 0}}, &script[nb++]);
        x = apl_start(id % 2);
        word_beat(1, &x, &script[nb++]);
      }
      make_word(&ba, id, len, i, &x);
      if (i == 0)
        secded_encode(x.w, LP.w);
      else if (i <= len)
        pay[i - 1] = x;
      else {
        x.w[0] = apl_payload_crc(pay, len, LP.w);
        x.w[1] &= ~1u;
      }
      word_beat(0, &x, &script[nb++]);
      if (id == 0 || i == len + 1) { /* kinds in turn: short, long, a pad bit set */
        unsigned kind = nbad % 3;
        beat_t *b = &script[nb++];
        word_beat(0, &x, b);
        if (kind == 0)
          b->tkeep <<= 1; /* 16 bytes */
        else if (kind == 1)
          b->tkeep = ~0u << 2; /* 30 bytes */
        else
          bits_put(b->tdata, 256 - 1 - (unsigned)prng_below(&r, 7), 1);
        nbad++;
      }
    }
  }
  CHECK(nb <= MAXB, "script");
  snk_t ka, none; /* none: the sink of a far end, which gets nothing here */
  memset(&ka, 0, sizeof ka);
  memset(&none, 0, sizeof none);
  unsigned cr_none = 0;
  alr_in_t ia;
  alr_out_t oa;
  rifl_lane_in_t li;
  rifl_lane_out_t lo;
  rifl_axis_enc_out_t eo;
  uint64_t c = 0, last = 0;
  unsigned k = 0; /* next beat of the script */
  dut_reset(d, 2);
  for (;; c++) {
    rifl_axis_enc_model_comb(fe, NULL, &eo);
    memset(&li, 0, sizeof li);
    li.u_valid = eo.m_valid;
    li.u_meta = eo.m_meta;
    li.u_data = eo.m_data;
    li.r_ready = 1; /* what A sends (its CREDIT words) is not looked at */
    memset(&ia, 0, sizeof ia);
    alr_comb(ma, &ia, &oa);
    li.gt_rx_valid = 1;
    li.gt_rx_data = oa.gt_tx_data;
    rifl_lane_model_comb(fl, &li, &lo);
    ia.gt_rx_valid = 1;
    ia.gt_rx_data = lo.gt_tx_data;
    alr_comb(ma, &ia, &oa);
    rifl_compare(d, &pt, &oa);
    if (sinks_cycle(&ka, &ba, oa.lr_valid, oa.lr_vc, &oa.lr_data, &none, &ba, 0, 0, &x, &r,
                    &ia.lr_cr, &cr_none))
      last = c;
    rifl_axis_enc_in_t ei = {k < nb, k < nb ? script[k].tdata : script[0].tdata,
                             k < nb ? &script[k].tkeep : &script[0].tkeep, 1, lo.u_ready};
    if (k < nb && eo.s_axis_tready)
      k++;
    rside_drive(d, &pt.rs, 0, 0, &x, ia.lr_cr, 0);
    dut_set_u64(d, pt.gt_rx_valid, 1);
    dut_set_u64(d, pt.gt_rx, ia.gt_rx_data);
    alr_clock(ma, &ia);
    rifl_lane_model_clock(fl, &li); /* before the encoder: it reads the encoder's m_data */
    rifl_axis_enc_model_clock(fe, &ei);
    dut_step(d, 1);
    if (ka.got == NPK && k == nb && c - last > 300)
      break;
    if (c > 20000 && c - last > 20000)
      FAIL("no word delivered for 20000 cycles: %u of %u packets, beat %u of %u", ka.got, NPK, k,
           nb);
  }
  alr_comb(ma, &ia, &oa);
  CHECK_EQ(oa.bad_beats, nbad, "malformed beats counted (dropped)");
  for (unsigned e = 0; e < APL_NERR; e++)
    CHECK(oa.err[e] == 0, "APElink error kind %u counted %u times: a bad beat reached RX", e,
          oa.err[e]);
  CHECK_EQ(ka.got, NPK, "packets delivered around the bad beats");
  harness_log("apelink_rifl: %u packets delivered intact around %u malformed beats (each counted), "
              "%llu cycles",
              ka.got, nbad, (unsigned long long)c);
  free(script);
  free(ba.seen);
  rifl_lane_model_free(fl);
  alr_free(ma);
  free(fl);
  free(fe);
  free(ma);
  dut_close(d);
}
