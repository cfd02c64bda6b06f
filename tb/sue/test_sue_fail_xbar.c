/*
 * Tests of sue_fail_xbar (docs/sue/sue_fail_xbar.md): the RTL and the model
 * (csrc/ref/sue/sue_fail_xbar_model.c) in lockstep. Every cycle the inputs are applied, every
 * output of the cycle (combinational in the RTL) is compared with the model's sue_fxb_eval, the
 * model's registers take their edge (sue_fxb_commit) and the clock ticks; the counters and
 * MSTATUS.HOST's wires are compared every cycle too.
 *
 * Around the unit: per endpoint a frame source (1 .. 6 beats, bubbles, a group destination now
 * and then, the data held while not taken), per wire a frame source on receive (its destination
 * one of the endpoints' MACs, or another address), random readiness of the wires and the
 * endpoints, links going down and up, FAILOVER and the MACs' use (the UDP format) switched now
 * and then.
 *
 *  - fxb_lockstep: two tops (2 and 4 ports). Besides the lockstep, checked on their own: a frame
 *    goes out on one wire, its endpoint's own unless that is down and FAILOVER is on (then on the
 *    next wire up), whole, or cut on a wire that is down: a prefix of whole beats and a 4-byte
 *    terminator that is the complement of the prefix's FCS (so the frame fails its FCS check),
 *    the rest of the frame taken from the endpoint and sent nowhere; a wire's beat offered stays
 *    unchanged until taken (AXI4-Stream); a group-addressed frame never goes out on another
 *    endpoint's wire; a frame received goes whole to the endpoint its destination names
 *    (FAILOVER on, the MAC in use) or else to its wire's own; every frame offered is taken. The
 *    event mix (frames carried, dropped, cut, steered) is checked. Detour: an endpoint's frame
 *    tagged detoured (ep_tx_detour, a third of them) goes out on the next wire up after its own,
 *    even with its own up (FAILOVER on, its MAC in use, another wire up), and only such a frame
 *    leaves an endpoint whose wire is up for another; ep_rx_via says a beat comes over another
 *    endpoint's wire. Guest flow control: most frames take flow control (ep_tx_fc) of a random
 *    class and length, and each wire's endpoint blocks random classes for guests (ep_fc_gblock,
 *    changed now and then); a guest's frame is granted a wire only with its class not blocked
 *    there, and then, once, spends that wire's credits (g_valid with its class and length); a
 *    frame of an endpoint on its own wire, or one that takes no flow control, never does;
 *    ep_away follows FAILOVER, the MACs' use and the links.
 */
#include <string.h>

#include "bits.h"
#include "crc.h"
#include "harness.h"
#include "prng.h"
#include "sue_fail_xbar_model.h"

typedef struct {
  const char *top;
  unsigned p, eth_w; /* as tb/sue/tops.txt */
} fxb_case_t;

static const fxb_case_t cases[] = {{"sue_fail_xbar_p2", 2, 64}, {"sue_fail_xbar_p4", 4, 128}};
#define NCASES (sizeof cases / sizeof cases[0])
#define PX SUE_FXB_PMAX
#define WW HARNESS_WORDS(4 * 128)

/* a frame source: beats of ETH_W bits, byte 0 at the top; bytes 0 .. 5 of beat 0 the destination */
typedef struct {
  int on;               /* a frame is open */
  unsigned beat, beats; /* the beat offered, of beats */
  int show;             /* valid this cycle */
  uint64_t dst;         /* destination of the open frame */
  unsigned id;          /* frame number (bytes 6 .. 7 of every beat) */
  int tgt;              /* a wire's frame: the endpoint it is for, from its first beat shown (-1) */
  unsigned det;         /* an endpoint's frame: tagged detoured (ep_tx_detour) */
  unsigned fc, cls, bytes; /* ... takes flow control (ep_tx_fc) of this class and length */
} src_t;

typedef struct {
  const fxb_case_t *c;
  dut_t *d;
  prng_t r;
  sue_fxb_t m;
  sue_fxb_in_t in;
  port_t fo, link, mac, mac_on, etv, etr, etd, etn, etl, etdet, erv, evia, err, erd, ern, erl, eru,
      wtv, wtr, wtd, wtn, wtl, wrv, wrr, wrd, wrn, wrl, wru, host, ncar, ndrp, nstr, ncut, nrxc,
      etfc, etcls, etbytes, gblk, away, gv, gcls, gbytes;
  int spent_ep[PX]; /* wire w: the guest whose frame spent its credits, not yet out (-1) */
  unsigned spent_id[PX];
  unsigned n_gspend, n_gblocked; /* guest frames that spent a wire's credits; cycles held */
  src_t tx[PX], rx[PX];
  int wire_ep[PX];  /* the endpoint whose frame is open on wire w (-1: none) */
  src_t wire_f[PX]; /* ... that frame (its id, beats and destination) */
  uint8_t wire_buf[PX][6 * SUE_FXB_BMAX + 8]; /* the bytes wire w has sent of it */
  unsigned wire_len[PX];
  /* endpoint e's open frame: sent on wire ep_on_wire[e], dropped there, or cut (the rest goes
   * nowhere) */
  enum { EP_NONE, EP_SENT, EP_DROPPED, EP_CUT } ep_mode[PX];
  int ep_on_wire[PX];
  /* the wires' beats last cycle, offered and not taken: to be offered again unchanged */
  unsigned stall;
  uint8_t stall_b[PX][SUE_FXB_BMAX];
  unsigned stall_n[PX], stall_l;
  int ep_wire[PX];     /* the wire whose frame endpoint e is taking (-1: none) */
  unsigned rx_tgt[PX]; /* the endpoint wire w's open frame must reach */
  /* the event mix */
  unsigned frames_out, carried, dropped, steered, frames_in, cut, detoured;
  /* a dead wire losing the rest of a frame: bit w, an endpoint inside it waits for its end
   * (the error beat); frames lost so with an endpoint inside, error beats taken */
  unsigned pend_cut, lost_in, rx_cuts;
  unsigned was_down;   /* bit e: e's wire could be another at the last change allowed */
  unsigned offer_held; /* bit e: its first beat was on offer (not taken) last cycle */
} fxb_t;

static uint64_t mac_of(unsigned e) { return 0x020000000000ull | 0x5100u | e; }

/* byte j of beat `beat` of frame s */
static unsigned beat_byte(const src_t *s, unsigned beat, unsigned j) {
  if (beat == 0 && j < 6)
    return (unsigned)(s->dst >> (40 - 8 * j)) & 0xFFu;
  if (j == 6 || j == 7)
    return (s->id >> (j == 6 ? 8 : 0)) & 0xFFu;
  return (s->id * 7 + beat * 13 + j) & 0xFFu;
}

/* the bytes of beat `beat` of frame s (the last one short by id % 3) */
static unsigned beat_len(const fxb_t *x, const src_t *s, unsigned beat) {
  return beat + 1 == s->beats ? x->c->eth_w / 8 - s->id % 3 : x->c->eth_w / 8;
}

static void beat_bits(const fxb_t *x, const src_t *s, unsigned lane, uint32_t *w) {
  const unsigned ew = x->c->eth_w, nb = ew / 8;
  for (unsigned j = 0; j < nb; j++)
    bits_put_field(w, lane * ew + ew - 8 - 8 * j, 8, beat_byte(s, s->beat, j));
}

/* byte j of lane `lane` of a beat port */
static unsigned lane_byte(const uint32_t *w, unsigned ew, unsigned lane, unsigned j) {
  unsigned v = 0;
  for (unsigned i = 0; i < 8; i++)
    v |= bits_get(w, lane * ew + ew - 8 - 8 * j + i) << i;
  return v;
}

/* A frame wire w has ended: endpoint wire_ep[w]'s frame whole, or cut: whole beats of it and
 * then 4 bytes, the complement of their FCS (least significant byte first). */
static void wire_frame_done(fxb_t *x, unsigned w, uint64_t t) {
  const src_t *f = &x->wire_f[w];
  const uint8_t *b = x->wire_buf[w];
  unsigned n = x->wire_len[w], off = 0, k = 0;
  while (k < f->beats && off + beat_len(x, f, k) <= n) {
    for (unsigned j = 0; j < beat_len(x, f, k); j++)
      CHECK(b[off + j] == beat_byte(f, k, j),
            "cycle %llu: wire %u, endpoint %d's frame %u: beat %u byte %u is 0x%02x, not 0x%02x",
            (unsigned long long)t, w, x->wire_ep[w], f->id, k, j, b[off + j], beat_byte(f, k, j));
    off += beat_len(x, f, k++);
    if (k == f->beats && off == n)
      return; /* whole */
  }
  CHECK(k >= 1 && k < f->beats && off + 4 == n,
        "cycle %llu: wire %u sent %u bytes of endpoint %d's frame %u (%u beats): not the frame "
        "whole nor whole beats of it and a terminator",
        (unsigned long long)t, w, n, x->wire_ep[w], f->id, f->beats);
  static crc_t c;
  if (!c.p.width)
    crc_init(&c, &CRC_32);
  uint32_t fcs = ~crc_compute(&c, b, off);
  for (unsigned j = 0; j < 4; j++)
    CHECK(b[off + j] == (fcs >> 8 * j & 0xFFu),
          "cycle %llu: wire %u: the terminator of a cut frame is not its FCS inverted",
          (unsigned long long)t, w);
  x->cut++;
}

static void new_frame(fxb_t *x, src_t *s, int ep) {
  prng_t *r = &x->r;
  s->on = 1;
  s->beat = 0;
  s->tgt = -1;
  s->beats = (unsigned)prng_range(r, 1, 6);
  s->id++;
  s->det = ep && prng_bernoulli(r, 0.3);
  if (ep) /* an endpoint's frame: to a peer, or to a group (PFC, CBFC) */
    s->dst = prng_bernoulli(r, 0.2) ? 0x0180C2000001ull : 0x02AA00000000ull | prng_below(r, 256);
  else /* a frame on a wire: for one of the endpoints, or another address */
    s->dst = prng_bernoulli(r, 0.15) ? 0x02BB00000000ull : mac_of((unsigned)prng_below(r, x->c->p));
  /* data, replay, ACK or NACK: flow control; PFC, CBFC and management frames: none */
  s->fc = ep && !(s->dst >> 40 & 1u) && prng_bernoulli(r, 0.7);
  s->cls = (unsigned)prng_below(r, 8);
  s->bytes = (unsigned)prng_below(r, 0x10000);
}

/* Offers this cycle's beats (held while not taken) and the other inputs. */
static void drive(fxb_t *x) {
  const fxb_case_t *c = x->c;
  dut_t *d = x->d;
  prng_t *r = &x->r;
  uint32_t td[WW], rd[WW], tn[1] = {0}, rn[1] = {0};
  memset(td, 0, sizeof td);
  memset(rd, 0, sizeof rd);
  unsigned tv = 0, tl = 0, rv = 0, rl = 0, ebw = (unsigned)dut_width(d, x->etn) / c->p;
  /* configuration and links, now and then (first: a wire's beats follow its link this cycle) */
  if (prng_bernoulli(r, 0.004)) { /* on while a lost frame's endpoint waits for its end */
    unsigned fo = !prng_bernoulli(r, 0.25);
    if (fo || !x->pend_cut)
      x->in.failover = fo;
  }
  if (prng_bernoulli(r, 0.002))
    x->in.mac_on = prng_bernoulli(r, 0.7) ? (1u << c->p) - 1u : (unsigned)prng_below(r, 1u << c->p);
  if (prng_bernoulli(r, 0.01)) { /* down while its lost frame's endpoint waits for its end */
    unsigned k = (unsigned)prng_below(r, c->p);
    if (!(x->pend_cut >> k & 1u))
      x->in.link ^= 1u << k;
  }
  for (unsigned i = 0; i < c->p; i++) {
    for (int k = 0; k < 2; k++) {
      src_t *s = k ? &x->rx[i] : &x->tx[i];
      /* a wire whose frame was lost starts the next one after the endpoint's error beat */
      if (!s->on && !(k && (x->pend_cut >> i & 1u)) && prng_bernoulli(r, 0.5))
        new_frame(x, s, !k);
      if (!s->on)
        continue;
      if (k && x->in.failover && !(x->in.link >> i & 1u) && !s->show) {
        /* a dead wire (FAILOVER on): a frame begun on it goes on without a bubble or is lost
         * (the crossbar gives the endpoint inside it its end at the first cycle without a beat);
         * a new frame's first beat comes only now and then */
        if (s->beat > 0 && prng_bernoulli(r, 0.5)) {
          x->pend_cut |= 1u << i;
          x->lost_in++;
          s->on = 0;
          continue;
        }
        if (s->beat > 0)
          s->show = 1;
        else if (!prng_bernoulli(r, 0.1))
          continue;
      }
      if (!s->show) /* a bubble may come only before a beat is shown */
        s->show = !prng_bernoulli(r, 0.15);
      if (!s->show)
        continue;
      unsigned last = s->beat + 1 == s->beats,
               n = last ? (unsigned)(c->eth_w / 8 - s->id % 3) : c->eth_w / 8;
      beat_bits(x, s, i, k ? rd : td);
      bits_put_field(k ? rn : tn, i * ebw, ebw, n);
      if (k) {
        rv |= 1u << i;
        rl |= last << i;
        if (s->tgt < 0) { /* the endpoint its destination names, as the configuration is now */
          s->tgt = (int)i;
          for (unsigned e = 0; e < c->p; e++)
            if (x->in.failover && e != i && (x->in.mac_on >> e & 1u) && s->dst == mac_of(e)) {
              s->tgt = (int)e;
              break;
            }
        }
      } else {
        tv |= 1u << i;
        tl |= last << i;
      }
    }
  }
  dut_set(d, x->etd, td);
  dut_set_u64(d, x->etv, tv);
  dut_set(d, x->etn, tn);
  dut_set_u64(d, x->etl, tl);
  unsigned det = 0; /* with a beat shown, its frame's tag; else anything */
  for (unsigned i = 0; i < c->p; i++)
    det |= (tv >> i & 1u ? x->tx[i].det : (unsigned)prng_below(r, 2)) << i;
  dut_set_u64(d, x->etdet, det);
  x->in.ep_tx_detour = det;
  /* the flow-control tags (anything without a beat shown), and the classes each wire's endpoint
   * blocks for guests: a quarter of them, drawn anew now and then */
  uint32_t tcls[1] = {0}, tbytes[2] = {0, 0};
  unsigned tfc = 0;
  uint64_t gb = 0;
  for (unsigned i = 0; i < c->p; i++) {
    const src_t *s = &x->tx[i];
    unsigned on = tv >> i & 1u;
    unsigned fc = on ? s->fc : (unsigned)prng_below(r, 2),
             cls = on ? s->cls : (unsigned)prng_below(r, 8),
             by = on ? s->bytes : (unsigned)prng_below(r, 0x10000);
    tfc |= fc << i;
    bits_put_field(tcls, 3 * i, 3, cls);
    bits_put_field(tbytes, 16 * i, 16, by);
    x->in.ep_tx_cls[i] = cls;
    x->in.ep_tx_bytes[i] = by;
    if (prng_bernoulli(r, 0.03))
      x->in.fc_gblock[i] = (unsigned)(prng_below(r, 256) & prng_below(r, 256));
    gb |= (uint64_t)x->in.fc_gblock[i] << 8 * i;
  }
  x->in.ep_tx_fc = tfc;
  dut_set_u64(d, x->etfc, tfc);
  dut_set(d, x->etcls, tcls);
  dut_set(d, x->etbytes, tbytes);
  dut_set_u64(d, x->gblk, gb);
  dut_set(d, x->wrd, rd);
  dut_set_u64(d, x->wrv, rv);
  dut_set(d, x->wrn, rn);
  dut_set_u64(d, x->wrl, rl);
  dut_set_u64(d, x->wru, rl & 1u);
  unsigned wtr = 0, err = 0;
  for (unsigned i = 0; i < c->p; i++) {
    wtr |= (unsigned)prng_bernoulli(r, 0.8) << i;
    err |= (unsigned)prng_bernoulli(r, 0.8) << i;
  }
  dut_set_u64(d, x->wtr, wtr);
  dut_set_u64(d, x->err, err);
  dut_set_u64(d, x->fo, x->in.failover);
  dut_set_u64(d, x->link, x->in.link);
  dut_set_u64(d, x->mac_on, x->in.mac_on);
  x->in.ep_tx_valid = tv;
  x->in.ep_tx_last = tl;
  x->in.eth_tx_ready = wtr;
  x->in.eth_rx_valid = rv;
  x->in.eth_rx_last = rl;
  x->in.ep_rx_ready = err;
  x->in.ep_tx_group = 0;
  for (unsigned i = 0; i < c->p; i++) {
    const src_t *s = &x->tx[i];
    x->in.ep_tx_nbytes[i] = tn[0] >> (i * ebw) & ((1u << ebw) - 1u);
    for (unsigned j = 0; j < c->eth_w / 8; j++)
      x->in.ep_tx_data[i][j] = (uint8_t)(s->on && s->show ? beat_byte(s, s->beat, j) : 0);
    x->in.ep_tx_group |=
        (unsigned)(x->tx[i].show && x->tx[i].beat == 0 && (x->tx[i].dst >> 40 & 1u)) << i;
    x->in.rx_dst[i] = x->rx[i].show ? x->rx[i].dst : 0;
  }
}

static void check(fxb_t *x, uint64_t t) {
  const fxb_case_t *c = x->c;
  dut_t *d = x->d;
  const unsigned p = c->p, ew = c->eth_w, ebw = (unsigned)dut_width(d, x->etn) / p;
  sue_fxb_out_t o;
  sue_fxb_eval(&x->m, &x->in, &o);
  unsigned host = 0;
  for (unsigned e = 0; e < p; e++)
    host |= x->m.host[e] << 2 * e;
  CHECK_PORT_U64(d, x->host, host, "host");
  CHECK_PORT_U64(d, x->etr, o.ep_tx_ready, "ep_tx_ready");
  CHECK_PORT_U64(d, x->wtv, o.eth_tx_valid, "eth_tx_valid");
  CHECK_PORT_U64(d, x->erv, o.ep_rx_valid, "ep_rx_valid");
  unsigned wrr = (unsigned)dut_get_u64(d, x->wrr);
  CHECK((wrr & x->in.eth_rx_valid) == (o.eth_rx_ready & x->in.eth_rx_valid),
        "cycle %llu: eth_rx_ready 0x%x, the model 0x%x (wires offering 0x%x)",
        (unsigned long long)t, wrr, o.eth_rx_ready, x->in.eth_rx_valid);
  CHECK_PORT_U64(d, x->away, o.away, "ep_away");
  CHECK_PORT_U64(d, x->gv, o.g_valid, "g_valid");
  /* a guest's frame granted a wire (its first beat shown there): its class not blocked by the
   * wire's endpoint, its class and length the spend, once per frame */
  for (unsigned w = 0; w < p; w++) {
    unsigned g = (unsigned)dut_get_u64(d, x->gv) >> w & 1u;
    if (!g)
      continue;
    int e = o.tx_src[w];
    CHECK(e >= 0 && (unsigned)e != w, "cycle %llu: wire %u spends for a frame of its own endpoint",
          (unsigned long long)t, w);
    const src_t *s = &x->tx[e];
    CHECK(s->on && s->beat == 0 && s->fc,
          "cycle %llu: wire %u spends for endpoint %d's frame, "
          "not a first beat that takes flow control",
          (unsigned long long)t, w, e);
    CHECK(!(x->in.fc_gblock[w] >> s->cls & 1u),
          "cycle %llu: endpoint %d's frame of class %u "
          "granted wire %u, whose endpoint blocks it",
          (unsigned long long)t, e, s->cls, w);
    CHECK(dut_get_field(d, x->gcls, 3 * w, 3) == s->cls &&
              dut_get_field(d, x->gbytes, 16 * w, 16) == s->bytes,
          "cycle %llu: wire %u's spend is not endpoint %d's frame's class and length",
          (unsigned long long)t, w, e);
    CHECK(x->spent_ep[w] < 0 || (x->spent_ep[w] == e && x->spent_id[w] == s->id),
          "cycle %llu: wire %u spends twice", (unsigned long long)t, w);
    if (x->spent_ep[w] < 0)
      x->n_gspend++;
    x->spent_ep[w] = e;
    x->spent_id[w] = s->id;
  }
  for (unsigned e = 0; e < p; e++) { /* a guest's first beat held back by its host's block */
    const src_t *s = &x->tx[e];
    unsigned h = x->m.host[e];
    x->n_gblocked += (x->in.ep_tx_valid >> e & 1u) && s->beat == 0 && s->fc && h != e &&
                     (x->in.fc_gblock[h] >> s->cls & 1u);
  }
  CHECK_PORT_U64(d, x->ncar, o.carried, "n_carried");
  CHECK_PORT_U64(d, x->ndrp, o.dropped, "n_dropped");
  CHECK_PORT_U64(d, x->nstr, o.steered, "n_steered");
  CHECK_PORT_U64(d, x->ncut, o.cut, "n_cut");
  CHECK_PORT_U64(d, x->nrxc, o.rx_cut, "n_rx_cut");
  /* each endpoint's receive beat: the error beat ending a frame its dead wire lost (1 byte of 0,
   * last, user), or the beat of the wire it takes, unchanged */
  {
    uint32_t ed[WW], en[1], rd[WW], rn[1];
    dut_get(d, x->erd, ed);
    dut_get(d, x->ern, en);
    dut_get(d, x->wrd, rd);
    dut_get(d, x->wrn, rn);
    const unsigned el = (unsigned)dut_get_u64(d, x->erl), eu = (unsigned)dut_get_u64(d, x->eru),
                   wl = x->in.eth_rx_last, wu = x->in.eth_rx_last & 1u;
    for (unsigned e = 0; e < p; e++) {
      if (!(o.ep_rx_valid >> e & 1u))
        continue;
      unsigned n = en[0] >> (e * ebw) & ((1u << ebw) - 1u), same;
      if (o.ep_rx_err >> e & 1u) {
        same = n == 1 && (el >> e & 1u) && (eu >> e & 1u);
        for (unsigned j = 0; same && j < ew / 8; j++)
          same = lane_byte(ed, ew, e, j) == 0;
        CHECK(same, "cycle %llu: endpoint %u's error beat is not 1 byte of 0, last, user",
              (unsigned long long)t, e);
        if (x->in.ep_rx_ready >> e & 1u) {
          int w = x->ep_wire[e];
          CHECK(w >= 0 && (x->pend_cut >> w & 1u),
                "cycle %llu: endpoint %u given the end of a frame no dead wire lost",
                (unsigned long long)t, e);
          x->pend_cut &= ~(1u << w);
          x->ep_wire[e] = -1;
          x->rx_cuts++;
        }
        continue;
      }
      const unsigned g = (unsigned)o.rx_src[e];
      CHECK((unsigned)dut_get_field(d, x->evia, e, 1) == (o.ep_rx_via >> e & 1u) &&
                (o.ep_rx_via >> e & 1u) == (g != e),
            "cycle %llu: endpoint %u's ep_rx_via is not (wire %u is another's)",
            (unsigned long long)t, e, g);
      same = n == (rn[0] >> (g * ebw) & ((1u << ebw) - 1u)) && (el >> e & 1u) == (wl >> g & 1u) &&
             (eu >> e & 1u) == (wu >> g & 1u);
      for (unsigned j = 0; same && j < ew / 8; j++)
        same = lane_byte(ed, ew, e, j) == lane_byte(rd, ew, g, j);
      CHECK(same, "cycle %llu: endpoint %u's receive beat is not wire %u's", (unsigned long long)t,
            e, g);
    }
  }
  uint32_t wd[WW], wn[1];
  dut_get(d, x->wtd, wd);
  dut_get(d, x->wtn, wn);
  unsigned wl = (unsigned)dut_get_u64(d, x->wtl), wr = x->in.eth_tx_ready;
  for (unsigned w = 0; w < p; w++) {
    unsigned n = wn[0] >> (w * ebw) & ((1u << ebw) - 1u);
    /* AXI4-Stream: a beat offered and not taken is offered again, unchanged */
    if (x->stall >> w & 1u) {
      int same = (o.eth_tx_valid >> w & 1u) && n == x->stall_n[w] &&
                 (wl >> w & 1u) == (x->stall_l >> w & 1u);
      for (unsigned j = 0; same && j < n; j++)
        same = lane_byte(wd, ew, w, j) == x->stall_b[w][j];
      CHECK(same, "cycle %llu: wire %u's beat withdrawn or changed before it was taken",
            (unsigned long long)t, w);
    }
    x->stall &= ~(1u << w);
    if (!(o.eth_tx_valid >> w & 1u))
      continue;
    if (!(wr >> w & 1u)) {
      x->stall |= 1u << w;
      x->stall_n[w] = n;
      x->stall_l = (x->stall_l & ~(1u << w)) | (wl >> w & 1u) << w;
      for (unsigned j = 0; j < n; j++)
        x->stall_b[w][j] = (uint8_t)lane_byte(wd, ew, w, j);
    }
    if (o.tx_src[w] == SUE_FXB_OWN) { /* the wire's own beat: the held one, or the terminator */
      int same = n == o.own_nbytes[w] && (wl >> w & 1u) == (o.own_last >> w & 1u);
      for (unsigned j = 0; same && j < n; j++)
        same = lane_byte(wd, ew, w, j) == o.own_data[w][j];
      CHECK(same, "cycle %llu: wire %u's own beat is not the model's", (unsigned long long)t, w);
    } else {
      unsigned e = (unsigned)o.tx_src[w];
      CHECK(dut_lanes_equal(d, x->wtd, w, x->etd, e, ew) &&
                dut_lanes_equal(d, x->wtn, w, x->etn, e, ebw) &&
                dut_get_field(d, x->wtl, w, 1) == (x->in.ep_tx_last >> e & 1u),
            "cycle %llu: wire %u's beat is not endpoint %u's", (unsigned long long)t, w, e);
    }
  }
  /* on their own: transmit. An endpoint's first beat taken is shown on one wire (or dropped
   * there); the rest of its frame follows on that wire, or, once cut, goes nowhere. */
  for (unsigned e = 0; e < p; e++) {
    src_t *s = &x->tx[e];
    if (!((x->in.ep_tx_valid & o.ep_tx_ready) >> e & 1u))
      continue;
    int w = -1;
    for (unsigned q = 0; q < p; q++)
      if (o.tx_src[q] == (int)e)
        w = (int)q;
    if (s->beat == 0) {
      CHECK(w >= 0, "cycle %llu: endpoint %u's first beat taken by no wire", (unsigned long long)t,
            e);
      unsigned gone = !(o.eth_tx_valid >> w & 1u);
      /* its own wire, or another only as failover: its link down (at the last update of its
       * wire), FAILOVER on, its MAC in use; or a detoured frame (where: the model's lockstep) */
      CHECK((unsigned)w == e || x->was_down >> e & 1u || s->det,
            "cycle %llu: endpoint %u on wire %d, its own up", (unsigned long long)t, e, w);
      CHECK(!gone || ((unsigned)w != e && (s->dst >> 40 & 1u)),
            "cycle %llu: endpoint %u's frame dropped (wire %d)", (unsigned long long)t, e, w);
      CHECK((unsigned)w == e || !(s->dst >> 40 & 1u) || gone,
            "cycle %llu: endpoint %u's group frame sent on wire %d", (unsigned long long)t, e, w);
      x->frames_out++;
      /* a guest's frame that takes flow control spent its wire's credits when granted */
      if ((unsigned)w != e && s->fc) {
        CHECK(x->spent_ep[w] == (int)e && x->spent_id[w] == s->id,
              "cycle %llu: endpoint %u's frame out on wire %d without its credits spent",
              (unsigned long long)t, e, w);
        x->spent_ep[w] = -1;
      }
      x->carried += (unsigned)w != e && !gone;
      x->detoured += (unsigned)w != e && !gone && s->det && (x->in.link >> e & 1u);
      x->dropped += gone;
      CHECK(x->wire_ep[w] < 0, "cycle %llu: wire %d takes a frame inside another",
            (unsigned long long)t, w);
      x->wire_ep[w] = (int)e;
      x->wire_f[w] = *s;
      x->wire_len[w] = 0;
      x->ep_on_wire[e] = w;
      x->ep_mode[e] = gone ? EP_DROPPED : EP_SENT;
    } else if (x->ep_mode[e] == EP_DROPPED) {
      CHECK(w == x->ep_on_wire[e] && !(o.eth_tx_valid >> w & 1u),
            "cycle %llu: endpoint %u's dropped frame moved", (unsigned long long)t, e);
    } else if (x->ep_mode[e] == EP_SENT && w != x->ep_on_wire[e]) {
      /* cut: its wire ends the frame on its own, and this beat and the rest go nowhere */
      CHECK(w < 0, "cycle %llu: endpoint %u's frame split over wires", (unsigned long long)t, e);
      x->ep_mode[e] = EP_CUT;
    } else if (x->ep_mode[e] == EP_CUT) {
      CHECK(w < 0, "cycle %llu: endpoint %u's cut frame on wire %d", (unsigned long long)t, e, w);
    }
    s->show = 0;
    if (++s->beat == s->beats) {
      s->on = 0;
      if (x->ep_mode[e] == EP_DROPPED)
        x->wire_ep[x->ep_on_wire[e]] = -1;
      x->ep_mode[e] = EP_NONE;
    }
  }
  /* each wire's frame, from the beats it sent, checked at its last */
  for (unsigned w = 0; w < p; w++) {
    if (!((o.eth_tx_valid & wr) >> w & 1u))
      continue;
    unsigned n = wn[0] >> (w * ebw) & ((1u << ebw) - 1u);
    CHECK(x->wire_ep[w] >= 0, "cycle %llu: wire %u sends a beat of no frame", (unsigned long long)t,
          w);
    CHECK(x->wire_len[w] + n <= sizeof x->wire_buf[w], "wire %u: frame too long", w);
    for (unsigned j = 0; j < n; j++)
      x->wire_buf[w][x->wire_len[w]++] = (uint8_t)lane_byte(wd, ew, w, j);
    if (wl >> w & 1u) {
      wire_frame_done(x, w, t);
      x->wire_ep[w] = -1;
    }
  }
  /* receive: a frame of wire w goes whole to the endpoint its destination names */
  for (unsigned w = 0; w < p; w++) {
    src_t *s = &x->rx[w];
    if (!((x->in.eth_rx_valid & o.eth_rx_ready) >> w & 1u))
      continue;
    int e = -1;
    for (unsigned k = 0; k < p; k++)
      if (o.rx_src[k] == (int)w && (x->in.ep_rx_ready >> k & 1u))
        e = (int)k;
    CHECK(e >= 0, "cycle %llu: wire %u's beat taken by no endpoint", (unsigned long long)t, w);
    if (s->beat == 0) {
      unsigned tgt = (unsigned)s->tgt; /* bound when the beat was first shown */
      x->rx_tgt[w] = tgt;
      x->frames_in++;
      x->steered += tgt != w;
      CHECK(x->ep_wire[e] < 0, "cycle %llu: endpoint %d takes a frame inside another",
            (unsigned long long)t, e);
      x->ep_wire[e] = (int)w;
    }
    CHECK(e == (int)x->rx_tgt[w] && x->ep_wire[e] == (int)w,
          "cycle %llu: wire %u's frame went to endpoint %d, not %u", (unsigned long long)t, w, e,
          x->rx_tgt[w]);
    s->show = 0;
    if (++s->beat == s->beats) {
      s->on = 0;
      x->ep_wire[e] = -1;
    }
  }
  /* the wire of an endpoint may change where it is outside a frame and has no beat on offer:
   * note whether it could be another one (its link down, FAILOVER on, its MAC in use, another
   * wire up) when its first beat is first offered */
  unsigned held_before = x->offer_held, held = held_before;
  for (unsigned e = 0; e < p; e++) {
    unsigned could = x->in.failover && (x->in.mac_on >> e & 1u) && !(x->in.link >> e & 1u) &&
                     (x->in.link & ~(1u << e)) != 0;
    unsigned offered = 0; /* its first beat is on offer, held to that wire until taken */
    for (unsigned w = 0; w < p; w++)
      offered |= o.tx_src[w] == (int)e && x->tx[e].on && x->tx[e].beat == 0;
    if ((!x->tx[e].on || x->tx[e].beat == 0) && !(offered && held_before >> e & 1u))
      x->was_down = (x->was_down & ~(1u << e)) | could << e;
    held = (held & ~(1u << e)) | offered << e;
  }
  x->offer_held = held;
  sue_fxb_commit(&x->m, &x->in);
}

HARNESS_TEST(fxb_lockstep) {
  const unsigned cycles = (unsigned)harness_scaled(6000, 40000, 400000);
  for (size_t k = 0; k < NCASES; k++) {
    static fxb_t x;
    memset(&x, 0, sizeof x);
    x.c = &cases[k];
    prng_seed(&x.r, harness_seed() * 0x9E37u + k);
    x.d = dut_open(x.c->top);
    dut_t *d = x.d;
#define P(f, n) x.f = dut_port(d, n)
    P(fo, "cfg_failover"), P(link, "link_q"), P(mac, "cfg_mac"), P(mac_on, "cfg_mac_on");
    P(etv, "ep_tx_valid"), P(etr, "ep_tx_ready"), P(etd, "ep_tx_data"), P(etn, "ep_tx_nbytes");
    P(etl, "ep_tx_last"), P(etdet, "ep_tx_detour"), P(evia, "ep_rx_via"), P(erv, "ep_rx_valid"),
        P(err, "ep_rx_ready"), P(erd, "ep_rx_data");
    P(ern, "ep_rx_nbytes"), P(erl, "ep_rx_last"), P(eru, "ep_rx_user");
    P(wtv, "eth_tx_valid"), P(wtr, "eth_tx_ready"), P(wtd, "eth_tx_data");
    P(wtn, "eth_tx_nbytes"), P(wtl, "eth_tx_last"), P(wrv, "eth_rx_valid"), P(wrr, "eth_rx_ready");
    P(wrd, "eth_rx_data"), P(wrn, "eth_rx_nbytes"), P(wrl, "eth_rx_last"), P(wru, "eth_rx_user");
    P(host, "host"), P(ncar, "n_carried"), P(ndrp, "n_dropped"), P(nstr, "n_steered");
    P(ncut, "n_cut"), P(nrxc, "n_rx_cut");
    P(etfc, "ep_tx_fc"), P(etcls, "ep_tx_cls"), P(etbytes, "ep_tx_bytes"), P(gblk, "ep_fc_gblock");
    P(away, "ep_away"), P(gv, "g_valid"), P(gcls, "g_cls"), P(gbytes, "g_bytes");
#undef P
    sue_fxb_init(&x.m, x.c->p);
    x.in.p = x.c->p;
    x.in.failover = 1;
    x.in.link = (1u << x.c->p) - 1u;
    x.in.mac_on = (1u << x.c->p) - 1u;
    uint32_t macs[HARNESS_WORDS(4 * 48)];
    memset(macs, 0, sizeof macs);
    for (unsigned e = 0; e < x.c->p; e++) {
      x.in.mac[e] = mac_of(e);
      bits_put_field(macs, 48 * e, 24, (uint32_t)(mac_of(e) & 0xFFFFFFu));
      bits_put_field(macs, 48 * e + 24, 24, (uint32_t)(mac_of(e) >> 24));
      x.wire_ep[e] = x.ep_wire[e] = x.ep_on_wire[e] = x.spent_ep[e] = -1;
      x.ep_mode[e] = EP_NONE;
    }
    dut_set(d, x.mac, macs);
    dut_set_u64(d, x.mac_on, x.in.mac_on);
    dut_set_u64(d, x.fo, 1);
    dut_set_u64(d, x.link, x.in.link);
    dut_set_u64(d, x.etv, 0);
    dut_set_u64(d, x.etdet, 0);
    dut_set_u64(d, x.etfc, 0);
    dut_set_u64(d, x.gblk, 0);
    dut_set_u64(d, x.wrv, 0);
    dut_set_u64(d, x.wtr, 0);
    dut_set_u64(d, x.err, 0);
    dut_reset(d, 2);
    for (uint64_t t = 0; t < cycles; t++) {
      drive(&x);
      check(&x, t);
      dut_step(d, 1);
    }
    harness_log("%s: %u frames out (%u on another endpoint's wire, %u group frames not carried, "
                "%u cut on a dead wire, %u detoured from a live one), %u in (%u to another wire's "
                "endpoint, %u lost by a dead "
                "wire with an endpoint inside, %u of those ended by the error beat); guests' "
                "frames that spent a wire's credits %u, cycles a guest's frame was held by its "
                "wire's flow control %u",
                x.c->top, x.frames_out, x.carried, x.dropped, x.cut, x.detoured, x.frames_in,
                x.steered, x.lost_in, x.rx_cuts, x.n_gspend, x.n_gblocked);
    CHECK(x.n_gspend > 20 && x.n_gblocked > 20, "%s: guest flow-control mix too thin", x.c->top);
    CHECK(x.carried > 20 && x.detoured > 20 && x.dropped > 5 && x.cut > 5 && x.steered > 20 &&
              x.rx_cuts > 5 && x.frames_out > cycles / 8 && x.frames_in > cycles / 8,
          "%s: event mix too thin", x.c->top);
    CHECK_EQ(x.cut, x.m.n_cut, "frames cut (the wires' terminators against the model's count)");
    unsigned pend = 0;
    for (unsigned w = 0; w < x.c->p; w++)
      pend += x.pend_cut >> w & 1u;
    CHECK_EQ(x.rx_cuts + pend, x.lost_in, "frames lost by a dead wire and ended by the error beat");
    CHECK(x.m.n_rx_cut <= x.lost_in && x.m.n_rx_cut + pend >= x.lost_in,
          "the model cut off %u frames, %u lost with an endpoint inside", x.m.n_rx_cut, x.lost_in);
    dut_close(d);
  }
}
