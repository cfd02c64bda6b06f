/* test_sue_cbfc_model.c - unit tests of the CBFC model (sue_cbfc_model.h): the rules by hand, and
 * the credit loop closed over a link: two units, A sending on four VCs into B's receive buffers
 * across a link with delay and lost frames, B draining slowly. B's buffers never overflow, traffic
 * never stalls for good, and once A stops and B drains, A holds every credit again (the units of
 * lost frames given back by the resync); with the resync removed, the same losses leak credits. */
#include <string.h>

#include "prng.h"
#include "sue_cbfc_model.h"
#include "unit.h"

static void cfg_plain(sue_cbfc_cfg_t *c) {
  memset(c, 0, sizeof *c);
  c->tx_en = c->rx_en = 1;
  for (unsigned v = 0; v < SUE_NVC; v++)
    c->cls[v] = (uint8_t)v;
  c->ushift = 6;
  c->step = 4;
  c->refresh = 1000;
}

/* By hand: units, blocking on a largest frame, advertisement, update contents, resync. */
static void t_rules(ut_t *t) {
  sue_cbfc_cfg_t c;
  cfg_plain(&c);
  sue_cbfc_t s;
  sue_cbfc_init(&s);
  UT_EQ(t, sue_cbfc_units(&c, 64), 1, "64 bytes: one unit");
  UT_EQ(t, sue_cbfc_units(&c, 65), 2, "65 bytes: two");
  UT_EQ(t, sue_cbfc_units(&c, 0xFFFF), 1024, "65535 bytes");
  c.ushift = 0;
  UT_EQ(t, sue_cbfc_units(&c, 100), 100, "unit of one byte");
  c.ushift = 6;
  UT_EQ(t, sue_cbfc_paused(&s, &c, 0, 1100), 1, "no credit after reset");
  c.rx_en = 0;
  UT_EQ(t, sue_cbfc_paused(&s, &c, 0, 1100), 0, "rx_en 0: never paused");
  c.rx_en = 1;
  unsigned lvl[SUE_NVC] = {0, 1000, 4096, 4000};
  sue_cbfc_eval(&s, &c, 0, lvl, 4096);
  UT_EQ(t, s.adv[0], 64, "empty 4 KiB buffer: 64 units");
  UT_EQ(t, s.adv[1], 48, "3096 bytes free: 48 whole units");
  UT_EQ(t, s.adv[2], 0, "full buffer: nothing");
  UT_EQ(t, s.adv[3], 1, "96 bytes free: one unit");
  UT_EQ(t, sue_cbfc_owed(&s, &c), 1, "growth from 0 by >= STEP: owed");
  uint16_t lim[SUE_PRIO], snt[SUE_PRIO];
  UT_EQ(t, sue_cbfc_frame(&s, &c, lim, snt), 0x0F, "classes 0..3");
  UT_EQ(t, lim[1], 48, "class 1 limit");
  UT_EQ(t, lim[4], 0, "class 4 unused");
  sue_cbfc_sent(&s, 0);
  UT_EQ(t, sue_cbfc_owed(&s, &c), 0, "sent");
  sue_cbfc_rx_frame(&s, &c, 2, 200); /* 4 units counted on VC 2 */
  sue_cbfc_eval(&s, &c, 1, lvl, 4096);
  UT_EQ(t, s.adv[2], 4, "rcvd 4 + 0 free");
  UT_EQ(t, sue_cbfc_owed(&s, &c), 1, "VC 2 grew by STEP");
  /* the peer grants 20 units on VC 0: a 1100-byte frame needs 18 */
  memset(lim, 0, sizeof lim);
  memset(snt, 0, sizeof snt);
  lim[0] = 20;
  snt[2] = 9; /* the peer sent 9 units on class 2: 5 of them were lost */
  sue_cbfc_rx_update(&s, &c, 0x05, lim, snt);
  UT_EQ(t, sue_cbfc_avail(&s, 0), 20, "granted");
  UT_EQ(t, sue_cbfc_paused(&s, &c, 0, 1100), 0, "20 >= 18");
  UT_EQ(t, s.rcvd[2], 9, "resync: lost units counted");
  sue_cbfc_tx(&s, &c, 0, 128);
  UT_EQ(t, sue_cbfc_avail(&s, 0), 18, "two units used");
  UT_EQ(t, sue_cbfc_paused(&s, &c, 0, 1100), 0, "18 >= 18");
  sue_cbfc_tx(&s, &c, 0, 60);
  UT_EQ(t, sue_cbfc_paused(&s, &c, 0, 1100), 1, "17 < 18");
  /* shared class: VC 3 on class 0 neither takes VC 0's grant nor speaks on the wire */
  c.cls[3] = 0;
  UT_EQ(t, sue_cbfc_owner(&c, 3), 0, "VC 3 not the owner of class 0");
  lim[0] = 100;
  sue_cbfc_rx_update(&s, &c, 0x01, lim, snt);
  UT_EQ(t, sue_cbfc_avail(&s, 3), 0, "VC 3 not granted");
  UT_EQ(t, sue_cbfc_avail(&s, 0), 97, "VC 0 granted");
  /* counters wrap: limit 5 past 0xFFFF, used 0xFFF0 */
  s.used[1] = 0xFFF0;
  s.limit[1] = 5;
  UT_EQ(t, sue_cbfc_avail(&s, 1), 21, "modulo 2^16");
}

/* adv never falls below the last update's: a buffer that fills without the units being counted
 * (a frame that came over another port's wire) holds it there, and it grows again only past it. */
static void t_no_fall(ut_t *t) {
  sue_cbfc_cfg_t c;
  cfg_plain(&c);
  sue_cbfc_t s;
  sue_cbfc_init(&s);
  unsigned lvl[SUE_NVC] = {1024, 0, 0, 0};
  sue_cbfc_eval(&s, &c, 0, lvl, 4096);
  UT_EQ(t, s.adv[0], 48, "3072 bytes free: 48 units");
  sue_cbfc_sent(&s, 0);
  lvl[0] = 2048; /* 1024 bytes kept and not counted */
  sue_cbfc_eval(&s, &c, 1, lvl, 4096);
  UT_EQ(t, s.adv[0], 48, "held at the last update's, not 32");
  UT_EQ(t, sue_cbfc_owed(&s, &c), 0, "held: no growth, nothing owed");
  sue_cbfc_rx_frame(&s, &c, 0, 640); /* 10 units counted: 42 */
  sue_cbfc_eval(&s, &c, 2, lvl, 4096);
  UT_EQ(t, s.adv[0], 48, "42 still below 48");
  lvl[0] = 512;
  sue_cbfc_eval(&s, &c, 3, lvl, 4096);
  UT_EQ(t, s.adv[0], 66, "drained: 10 + 56 free, past the last update's");
  s.last[1] = 0xFFF0; /* modulo 2^16: 0x0010 is ahead of 0xFFF0 */
  s.rcvd[1] = 0xFFD0;
  lvl[1] = 0;
  sue_cbfc_eval(&s, &c, 4, lvl, 4096);
  UT_EQ(t, s.adv[1], 0x0010, "a step forward across the wrap is not a fall");
}

typedef struct {
  uint64_t at; /* verdict cycle at the far end */
  int upd, lost;
  unsigned vc, bytes, cev;
  uint16_t lim[SUE_PRIO], snt[SUE_PRIO];
} lfr_t;

#define QN 1024u
typedef struct {
  lfr_t q[QN];
  unsigned head, n;
  uint64_t busy; /* the line is free from this cycle */
} line_t;

static void line_put(line_t *l, const lfr_t *f) {
  l->q[(l->head + l->n) % QN] = *f;
  l->n++;
}

enum { RXB = 4096, FMAX = 1100, DELAY = 60, BPC = 64 };

typedef struct {
  uint64_t data, lost, blocked, overflow, maxlvl, late_data;
  unsigned leak[SUE_NVC];
} loop_res_t;

/* A sends on every VC while t < stop; the link loses frames with probability p_loss; with
 * resync 0 the update A sends carries B's own counts (no resync); with obey 0 A ignores the
 * credits (rx_en 0). Runs stop + quiet cycles. */
static void run_loop(uint64_t seed, double p_loss, int resync, int obey, uint64_t stop,
                     uint64_t quiet, loop_res_t *r) {
  sue_cbfc_cfg_t c;
  cfg_plain(&c);
  c.refresh = 300;
  c.rx_en = (unsigned)obey;
  sue_cbfc_t a, b;
  sue_cbfc_init(&a);
  sue_cbfc_init(&b);
  static line_t ab, ba;
  memset(&ab, 0, sizeof ab);
  memset(&ba, 0, sizeof ba);
  prng_t rng;
  prng_seed(&rng, seed);
  unsigned lvl_a[SUE_NVC] = {0}, lvl_b[SUE_NVC] = {0}, rr = 0;
  memset(r, 0, sizeof *r);
  for (uint64_t t = 0; t < stop + quiet; t++) {
    sue_cbfc_eval(&a, &c, t, lvl_a, RXB);
    sue_cbfc_eval(&b, &c, t, lvl_b, RXB);
    lfr_t f;
    memset(&f, 0, sizeof f);
    /* A: an owed update first, else a data frame on the next VC with credits */
    if (ab.busy <= t) {
      if (sue_cbfc_owed(&a, &c)) {
        f.upd = 1;
        f.bytes = 60;
        f.cev = sue_cbfc_frame(&a, &c, f.lim, f.snt);
        sue_cbfc_sent(&a, t);
      } else if (t < stop) {
        unsigned n = 0;
        for (; n < SUE_NVC && sue_cbfc_paused(&a, &c, (rr + n) % SUE_NVC, FMAX); n++)
          ;
        if (n < SUE_NVC) {
          f.vc = (rr + n) % SUE_NVC;
          rr = f.vc + 1;
          f.bytes = 60 + (unsigned)prng_below(&rng, FMAX - 59);
          sue_cbfc_tx(&a, &c, f.vc, f.bytes);
        } else
          r->blocked++;
      }
      if (f.bytes) {
        f.at = t + DELAY + (f.bytes + BPC - 1) / BPC;
        f.lost = prng_bernoulli(&rng, p_loss);
        ab.busy = t + (f.bytes + BPC - 1) / BPC;
        line_put(&ab, &f);
      }
    }
    if (ba.busy <= t && sue_cbfc_owed(&b, &c)) {
      memset(&f, 0, sizeof f);
      f.upd = 1;
      f.bytes = 60;
      f.cev = sue_cbfc_frame(&b, &c, f.lim, f.snt);
      sue_cbfc_sent(&b, t);
      f.at = t + DELAY + 1;
      f.lost = prng_bernoulli(&rng, p_loss);
      ba.busy = t + 1;
      line_put(&ba, &f);
    }
    /* verdicts of this cycle */
    while (ab.n && ab.q[ab.head].at == t) {
      lfr_t *g = &ab.q[ab.head];
      ab.head = (ab.head + 1) % QN;
      ab.n--;
      if (g->lost) {
        r->lost++;
        continue;
      }
      if (g->upd) {
        if (!resync)
          for (unsigned v = 0; v < SUE_NVC; v++)
            g->snt[c.cls[v]] = b.rcvd[v];
        sue_cbfc_rx_update(&b, &c, g->cev, g->lim, g->snt);
        continue;
      }
      sue_cbfc_rx_frame(&b, &c, g->vc, g->bytes);
      lvl_b[g->vc] += g->bytes - 40; /* its commands, without the headers */
      r->data++;
      r->late_data += t >= stop / 2;
      if (lvl_b[g->vc] > r->maxlvl)
        r->maxlvl = lvl_b[g->vc];
      r->overflow += lvl_b[g->vc] > RXB;
    }
    while (ba.n && ba.q[ba.head].at == t) {
      lfr_t *g = &ba.q[ba.head];
      ba.head = (ba.head + 1) % QN;
      ba.n--;
      if (!g->lost)
        sue_cbfc_rx_update(&a, &c, g->cev, g->lim, g->snt);
    }
    /* B drains each VC at about 10 bytes a cycle: slower than the line (64), so it fills */
    for (unsigned v = 0; v < SUE_NVC; v++) {
      unsigned d = (unsigned)prng_below(&rng, 21);
      lvl_b[v] = lvl_b[v] > d ? lvl_b[v] - d : 0;
    }
  }
  for (unsigned v = 0; v < SUE_NVC; v++)
    r->leak[v] = (RXB >> c.ushift) - sue_cbfc_avail(&a, v);
}

static void t_loop(ut_t *t) {
  loop_res_t r;
  static const double loss[] = {0.0, 1e-3, 2e-2};
  for (unsigned k = 0; k < 3; k++) {
    run_loop(11 + k, loss[k], 1, 1, 200000, 20000, &r);
    ut_info("cbfc loop, loss %g: %llu data frames (%llu in the second half), %llu lost, A "
            "blocked %llu cycles, B's fullest buffer %llu of %u bytes, overflows %llu",
            loss[k], (unsigned long long)r.data, (unsigned long long)r.late_data,
            (unsigned long long)r.lost, (unsigned long long)r.blocked, (unsigned long long)r.maxlvl,
            RXB, (unsigned long long)r.overflow);
    UT_EQ(t, r.overflow, 0, "B's buffers never overflow");
    /* A sends only with a largest frame's units in hand (18 of 64), and a frame's units cover
     * more than the bytes it leaves in the buffer: the buffers fill to about 2/3 */
    UT_CHECK(t, r.maxlvl > RXB / 2, "the buffers fill (%llu): credits do the limiting",
             (unsigned long long)r.maxlvl);
    UT_CHECK(t, r.blocked > 1000, "A waits for credits (%llu cycles)",
             (unsigned long long)r.blocked);
    UT_CHECK(t, r.late_data > r.data / 3, "traffic keeps flowing: %llu of %llu late",
             (unsigned long long)r.late_data, (unsigned long long)r.data);
    UT_CHECK(t, k == 0 || r.lost > 5, "frames lost (%llu)", (unsigned long long)r.lost);
    for (unsigned v = 0; v < SUE_NVC; v++)
      UT_EQ(t, r.leak[v], 0, "every credit back once B drains");
  }
  /* the controls: credits ignored, the buffers overflow; the same losses without the resync
   * leak credits */
  run_loop(11, 0.0, 1, 0, 20000, 0, &r);
  ut_info("cbfc loop with the credits ignored: %llu overflows", (unsigned long long)r.overflow);
  UT_CHECK(t, r.overflow > 0, "without the credits B overflows");
  run_loop(12, 1e-3, 0, 1, 200000, 20000, &r);
  unsigned leak = r.leak[0] + r.leak[1] + r.leak[2] + r.leak[3];
  ut_info("cbfc loop without the resync, loss 1e-3: %llu lost, %u units leaked",
          (unsigned long long)r.lost, leak);
  UT_CHECK(t, leak > 0, "without the resync, lost frames keep their credits");
}

UT_SUITE(sue_cbfc_model) {
  ut_run(s, "sue_cbfc_rules", t_rules);
  ut_run(s, "sue_cbfc_no_fall", t_no_fall);
  ut_run(s, "sue_cbfc_loop", t_loop);
}
