/* test_rifl_published.c - the published RIFL procedures (rifl_published.c): two published
 * endpoints back to back through channel models (bit offset, latency, bit errors, chosen bit
 * flips): bring-up, traffic both ways, flow control, retransmission, and the repeated-replay
 * duplicate hazard of Listing 1 with and without the caught_up_clear fix. User frames carry
 * their number in the first 8 payload bytes and the rest is a function of the seed and the
 * number, so the receiver checks content, order, losses and duplicates. */
#include <string.h>

#include "bits.h"
#include "prng.h"
#include "rifl_channel.h"
#include "rifl_published.h"
#include "unit.h"

#define W RIFL_FRAME_WORDS_MAX
#define MAX_LAT 64u

typedef struct {
  uint64_t sent;   /* frames taken (u_valid && u_ready) */
  uint64_t expect; /* next new frame number expected from the peer */
  uint64_t got, dup, lost, bad;
  uint64_t dup_lo, dup_hi; /* frame numbers duplicated */
  int offered;
  uint64_t limit;    /* frames to send */
  double gap, stall; /* probability of no offer / of r_ready low */
} side_t;

typedef struct {
  unsigned fw, lat, pos;
  rifl_pub_t m[2];
  rifl_chan_t ch[2]; /* direction s: side s -> side 1-s */
  uint64_t line[2][MAX_LAT];
  uint64_t t, seed;
  prng_t rng;
  side_t sd[2];
  uint64_t flip[2]; /* XORed into the next word side s transmits */
  rifl_lane_out_t out[2];
  unsigned fc_on[2], fc_off[2]; /* fc_local rises / falls seen */
  unsigned max_level[2];
  /* procedures side s started right after one of its own (retrans_req still raised), and those
   * of them that found the peer's receiver caught up to side s's next ID (FrameID = Threshold
   * = fid) with Frame_Error raised: the hazard's signature */
  unsigned repeats[2], hazard_repeats[2];
} plink_t;

/* User frame n of side s: number in payload bytes 0..7, the rest from the seed. */
static void user_frame(const plink_t *l, int s, uint64_t n, unsigned *meta, uint32_t *data) {
  prng_t r;
  uint8_t bytes[128];
  uint32_t frame[W], body[W];
  const unsigned pb = rifl_payload_bytes(l->fw), pw = l->fw - 16;
  prng_seed(&r, l->seed ^ ((uint64_t)(s + 1) << 56) ^ (n * UINT64_C(0x9E3779B97F4A7C15)));
  *meta = (unsigned)prng_range(&r, 1, 3);
  size_t nb = pb;
  if (*meta == RIFL_META_END_PARTIAL)
    nb = (size_t)prng_range(&r, 8, pb - 1);
  for (unsigned i = 0; i < 8; i++)
    bytes[i] = (uint8_t)(n >> (56 - 8 * i));
  prng_fill(&r, bytes + 8, nb - 8);
  (void)rifl_data_frame(frame, l->fw, *meta, bytes, nb);
  rifl_frame_body(frame, l->fw, body);
  memset(data, 0, W * sizeof *data);
  memcpy(data, body, BITS_WORDS(pw) * sizeof *data);
  data[BITS_WORDS(pw) - 1] &= bits_top_mask(pw);
}

static int link_open(plink_t *l, const rifl_pub_params_t *p, const unsigned off[2],
                     const double ber[2], unsigned lat, uint64_t seed) {
  memset(l, 0, sizeof *l);
  l->fw = p->fw;
  l->lat = lat;
  l->seed = seed;
  prng_seed(&l->rng, seed);
  for (int s = 0; s < 2; s++)
    if (lat > MAX_LAT || rifl_pub_init(&l->m[s], p) ||
        rifl_chan_init(&l->ch[s], off[s], ber[s], seed * 31 + 7 * (uint64_t)s))
      return -1;
  return 0;
}

static void link_close(plink_t *l) {
  rifl_pub_free(&l->m[0]);
  rifl_pub_free(&l->m[1]);
}

/* A frame delivered to side s: the peer's frame number, checked against its content. */
static void rx_check(plink_t *l, int s, const rifl_lane_out_t *o) {
  side_t *d = &l->sd[s];
  const unsigned pw = l->fw - 16;
  uint64_t n = 0;
  unsigned meta;
  uint32_t exp[W];
  for (unsigned j = 0; j < 8; j++)
    n = n << 8 | bits_stream_byte(o->r_data, pw, j);
  if (n >= l->sd[1 - s].sent) {
    d->bad++;
    return;
  }
  user_frame(l, 1 - s, n, &meta, exp);
  if (meta != o->r_meta || memcmp(exp, o->r_data, BITS_WORDS(pw) * sizeof *exp) != 0) {
    d->bad++;
  } else if (n < d->expect) {
    d->dup_lo = d->dup == 0 || n < d->dup_lo ? n : d->dup_lo;
    d->dup_hi = d->dup == 0 || n > d->dup_hi ? n : d->dup_hi;
    d->dup++;
  } else {
    d->lost += n - d->expect;
    d->got++;
    d->expect = n + 1;
  }
}

static void link_step(plink_t *l) {
  static const rifl_lane_in_t none;
  rifl_lane_in_t in[2];
  uint32_t data[2][W];
  uint64_t rx[2];
  for (int s = 0; s < 2; s++) /* gt_tx_data depends on no input */
    rifl_pub_comb(&l->m[s], &none, &l->out[s]);
  for (int s = 0; s < 2; s++) {
    uint64_t w = rifl_chan_word(&l->ch[s], l->out[s].gt_tx_data ^ l->flip[s]);
    l->flip[s] = 0;
    if (l->lat == 0) {
      rx[1 - s] = w;
    } else {
      rx[1 - s] = l->line[s][l->pos];
      l->line[s][l->pos] = w;
    }
  }
  if (l->lat)
    l->pos = (l->pos + 1) % l->lat;
  for (int s = 0; s < 2; s++) {
    side_t *d = &l->sd[s];
    memset(&in[s], 0, sizeof in[s]);
    if (!d->offered && d->sent < d->limit && !prng_bernoulli(&l->rng, d->gap))
      d->offered = 1;
    in[s].u_valid = (unsigned)d->offered;
    user_frame(l, s, d->sent, &in[s].u_meta, data[s]);
    in[s].u_data = data[s];
    in[s].r_ready = !prng_bernoulli(&l->rng, d->stall);
    in[s].gt_rx_valid = 1;
    in[s].gt_rx_data = rx[s];
    rifl_pub_comb(&l->m[s], &in[s], &l->out[s]);
  }
  for (int s = 0; s < 2; s++) {
    side_t *d = &l->sd[s];
    const rifl_lane_out_t *o = &l->out[s];
    if (in[s].u_valid && o->u_ready)
      d->sent++, d->offered = 0;
    if (o->r_valid && in[s].r_ready)
      rx_check(l, s, o);
    if (o->rx_level > l->max_level[s])
      l->max_level[s] = o->rx_level;
  }
  unsigned st[2], nret[2], armed[2];
  for (int s = 0; s < 2; s++) {
    const rifl_pub_rx_t *peer = &l->m[1 - s].rx;
    st[s] = l->m[s].tx.st;
    nret[s] = l->m[s].cnt_retrans;
    armed[s] = peer->err && peer->frame_id == peer->thr && peer->thr == l->m[s].tx.fid;
  }
  for (int s = 0; s < 2; s++) {
    unsigned before = l->m[s].tx.fc_local;
    rifl_pub_clock(&l->m[s], &in[s]);
    l->fc_on[s] += !before && l->m[s].tx.fc_local;
    l->fc_off[s] += before && !l->m[s].tx.fc_local;
    if (l->m[s].cnt_retrans != nret[s] && st[s] == RIFL_TX_RETRANS) {
      l->repeats[s]++;
      l->hazard_repeats[s] += armed[s];
    }
  }
  l->t++;
}

/* Steps until both sides send NORMAL; the cycles, or -1 after max. */
static long wait_normal(plink_t *l, long max) {
  for (long c = 0; c < max; c++) {
    if (l->m[0].tx.st == RIFL_TX_NORMAL && l->m[1].tx.st == RIFL_TX_NORMAL)
      return c;
    link_step(l);
  }
  return -1;
}

/* Steps until every frame queued both ways arrived (and the link is quiet), or max; 0 when
 * done. */
static int drain(plink_t *l, long max) {
  for (long c = 0; c < max; c++) {
    if (l->sd[0].expect == l->sd[1].limit && l->sd[1].expect == l->sd[0].limit &&
        l->sd[0].sent == l->sd[0].limit && l->sd[1].sent == l->sd[1].limit)
      return 0;
    link_step(l);
  }
  return -1;
}

static int tx_state(const plink_t *l, int s) { return (int)l->m[s].tx.st; }

/* Side s's gearbox shows the last word (frame bits [63:0]) of a frame with this SYN. */
static int last_word_of(const plink_t *l, int s, unsigned syn) {
  const rifl_pub_tx_t *t = &l->m[s].tx;
  return t->gear_run && t->gear_idx == l->m[s].nw - 1 && (unsigned)(t->gear[0] >> 62) == syn;
}

/* ---- tests ------------------------------------------------------------------ */

static void t_params(ut_t *t) {
  rifl_pub_t m;
  rifl_pub_params_t p = rifl_pub_default_params(256);
  UT_EQ(t, p.fidw, 8, "default FIDW");
  UT_EQ(t, p.fc_depth, 64, "default FC_DEPTH");
  UT_EQ(t, p.lock, rifl_lane_default_params(256).lock, "default LOCK");
  UT_EQ(t, p.unlock, rifl_lane_default_params(256).unlock, "default UNLOCK");
  UT_EQ(t, p.caught_up_clear, 0, "published receiver by default");
  UT_CHECK(t, rifl_pub_init(&m, &p) == 0, "default parameters rejected");
  rifl_lane_out_t o;
  rifl_lane_in_t in = {0};
  rifl_pub_comb(&m, &in, &o);
  UT_EQ(t, o.tx_state, RIFL_TX_INIT, "state after reset");
  UT_EQ(t, o.gt_tx_data, 0, "wire after reset");
  UT_EQ(t, o.u_ready | o.r_valid | o.link_up | o.aligned | o.frame_err, 0, "status after reset");
  /* Init: N cycles of fill, PAUSE frames all along */
  for (unsigned c = 0; c < 256; c++) {
    rifl_pub_comb(&m, &in, &o);
    UT_EQ(t, o.tx_state, RIFL_TX_INIT, "state during the fill");
    rifl_pub_clock(&m, &in);
  }
  rifl_pub_comb(&m, &in, &o);
  UT_EQ(t, o.tx_state, RIFL_TX_INIT, "the fill ends at a slot");
  for (unsigned c = 0; c < 4; c++)
    rifl_pub_clock(&m, &in);
  rifl_pub_comb(&m, &in, &o);
  UT_EQ(t, o.tx_state, RIFL_TX_SEND_PAUSE, "not aligned after the fill");
  rifl_pub_free(&m);
  static const rifl_pub_params_t bad[] = {{192, 8, 64, 64, 16, 0},  {256, 4, 64, 64, 16, 0},
                                          {256, 13, 64, 64, 16, 0}, {256, 8, 3, 64, 16, 0},
                                          {256, 8, 64, 0, 16, 0},   {256, 8, 64, 64, 0, 0}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    UT_CHECK(t, rifl_pub_init(&m, &bad[i]) != 0, "bad parameter set %u accepted", i);
}

/* The bound on the bring-up: the fill (N cycles), the aligner's search (at most one frame per
 * bit offset and word phase, 64 FW/64 frames) and lock (LOCK frames) on each side in turn, the
 * pause handshake, then the first replay (2.5 N slots), each slot FW/64 cycles, plus the line.
 * Measured maxima are reported; see the INFO lines. */
static long bringup_bound(const rifl_pub_params_t *p, unsigned lat) {
  long nw = p->fw / 64, n = 1L << p->fidw;
  return n + nw * (2 * (64 * nw + p->lock) + 64 + 5 * n / 2) + 4L * lat + 64;
}

static void t_bringup(ut_t *t) {
  static const unsigned fws[] = {128, 256, 512, 1024};
  for (unsigned i = 0; i < 4; i++) {
    const unsigned fw = fws[i];
    const unsigned offs[][3] = {/* offset 0, offset 1, latency */
                                {0, 0, 0},
                                {1, 2 * fw - 1, 16},
                                {fw - 1, fw + 5, 3},
                                {fw + 63, 77, 9},
                                {2 * fw - 2, 130, 1}};
    long worst = 0;
    uint32_t most_replays = 0;
    for (unsigned k = 0; k < 5; k++) {
      plink_t l;
      rifl_pub_params_t p = rifl_pub_default_params(fw);
      const unsigned off[2] = {offs[k][0], offs[k][1]};
      const double ber[2] = {0, 0};
      UT_CHECK(t, link_open(&l, &p, off, ber, offs[k][2], 100 + 10 * i + k) == 0, "open");
      long up = wait_normal(&l, 4 * bringup_bound(&p, offs[k][2]));
      if (up < 0 || up > bringup_bound(&p, offs[k][2])) {
        link_close(&l);
        UT_CHECK(t, 0, "FW=%u offsets %u/%u lat %u: NORMAL after %ld cycles, bound %ld", fw, off[0],
                 off[1], offs[k][2], up, bringup_bound(&p, offs[k][2]));
      }
      worst = up > worst ? up : worst;
      /* a side that locks first starts its replay, then sees the peer's PAUSE requests,
       * abandons it and resumes with a new one: one or two procedures in a bring-up */
      uint32_t base[2][2];
      for (int s = 0; s < 2; s++) {
        base[s][0] = l.m[s].cnt_retrans;
        base[s][1] = l.m[s].cnt_frame_err;
        UT_CHECK(t, base[s][0] >= 1 && base[s][0] <= 2, "FW=%u case %u: %u bring-up replays", fw, k,
                 base[s][0]);
        most_replays = base[s][0] > most_replays ? base[s][0] : most_replays;
      }
      for (int s = 0; s < 2; s++) {
        l.sd[s].limit = fw == 1024 ? 150 : 400;
        l.sd[s].gap = 0.1 * s;
        l.sd[s].stall = 0.1 * (1 - s);
      }
      int rc = drain(&l, 200000);
      link_close(&l);
      for (int s = 0; s < 2; s++) {
        const side_t *d = &l.sd[s];
        const rifl_lane_out_t *o = &l.out[s];
        UT_CHECK(t, rc == 0, "FW=%u case %u: not drained, side %d got %llu", fw, k, s,
                 (unsigned long long)d->got);
        UT_EQ(t, d->bad + d->dup + d->lost, 0, "frames bad, duplicated or lost");
        UT_EQ(t, o->cnt_retrans - base[s][0], 0, "replays after the bring-up");
        UT_EQ(t, o->cnt_frame_err - base[s][1], 0, "error events after the bring-up");
        UT_EQ(t, o->cnt_overflow + o->frame_err + o->pause_req + o->retrans_req, 0,
              "error state after traffic");
        UT_EQ(t, o->tx_state, RIFL_TX_NORMAL, "state after traffic");
      }
    }
    rifl_pub_params_t p16 = rifl_pub_default_params(fw);
    ut_info("published FW=%u: both NORMAL after at most %ld cycles (bound %ld at latency 16), "
            "at most %u bring-up replays",
            fw, worst, bringup_bound(&p16, 16), most_replays);
  }
}

/* A slow sink (r_ready 15%): the receiver's FIFO reaches Thr_ON, it sends FC on, later off;
 * nothing overflows and everything arrives. */
static void t_flow_control(ut_t *t) {
  static const unsigned fws[] = {128, 256};
  for (unsigned i = 0; i < 2; i++) {
    plink_t l;
    rifl_pub_params_t p = rifl_pub_default_params(fws[i]);
    const unsigned off[2] = {5, 9};
    const double ber[2] = {0, 0};
    UT_CHECK(t, link_open(&l, &p, off, ber, 16, 99 + i) == 0, "open");
    UT_CHECK(t, wait_normal(&l, 200000) >= 0, "link up");
    l.sd[0].limit = 2000;
    l.sd[1].limit = 500;
    l.sd[1].gap = 0.5;
    l.sd[1].stall = 0.85; /* side 1's sink takes 15% of the cycles */
    int rc = drain(&l, 2000000);
    link_close(&l);
    UT_CHECK(t, rc == 0, "FW=%u: not drained (got %llu)", fws[i], (unsigned long long)l.sd[1].got);
    for (int s = 0; s < 2; s++) {
      UT_EQ(t, l.sd[s].bad + l.sd[s].dup + l.sd[s].lost, 0, "frames bad, duplicated or lost");
      UT_EQ(t, l.out[s].cnt_overflow, 0, "overflow");
    }
    UT_CHECK(t, l.fc_on[1] > 0 && l.fc_off[1] > 0, "FW=%u: FC on %u / off %u", fws[i], l.fc_on[1],
             l.fc_off[1]);
    UT_CHECK(t, l.max_level[1] >= 2 * p.fc_depth / 3 && l.max_level[1] <= p.fc_depth,
             "level peaked at %u", l.max_level[1]);
    UT_EQ(t, l.out[0].fc_remote + l.out[1].fc_local, 0, "flow control off at the end");
    ut_info("published FW=%u flow control: FC on %u / off %u, peak level %u of %u, %llu cycles",
            fws[i], l.fc_on[1], l.fc_off[1], l.max_level[1], p.fc_depth, (unsigned long long)l.t);
  }
}

/* Bit errors on the side 0 -> side 1 line: side 1's receiver fails, requests, side 0 replays.
 * Returns the duplicates side 1 received through the call's checks. */
static void run_ber(ut_t *t, unsigned fw, double ber1, uint64_t frames, int cuc, uint64_t *dups) {
  plink_t l;
  rifl_pub_params_t p = rifl_pub_default_params(fw);
  p.caught_up_clear = cuc;
  const unsigned off[2] = {37, fw - 3};
  const double ber[2] = {ber1, 0};
  UT_CHECK(t, link_open(&l, &p, off, ber, 9, 1234 + fw) == 0, "open");
  UT_CHECK(t, wait_normal(&l, 400000) >= 0, "FW=%u: not NORMAL after bring-up", fw);
  const uint32_t base = l.m[0].cnt_retrans;
  for (int s = 0; s < 2; s++) {
    l.sd[s].limit = frames;
    l.sd[s].gap = 0.1;
    l.sd[s].stall = 0.1;
  }
  int rc = drain(&l, 40L * (long)frames * (fw / 64) + 400000);
  link_close(&l);
  for (int s = 0; s < 2; s++) {
    const side_t *d = &l.sd[s];
    UT_CHECK(t, rc == 0, "FW=%u BER %g: not drained: side %d got %llu of %llu", fw, ber1, s,
             (unsigned long long)d->got, (unsigned long long)frames);
    UT_EQ(t, d->bad + d->lost, 0, "frames corrupted or lost");
    UT_EQ(t, l.out[s].cnt_overflow, 0, "overflow");
  }
  UT_CHECK(t, l.out[0].cnt_retrans > base && l.out[1].cnt_frame_err > 0,
           "FW=%u BER %g: replays %u, error events %u", fw, ber1, l.out[0].cnt_retrans - base,
           l.out[1].cnt_frame_err);
  UT_EQ(t, l.sd[0].dup + l.repeats[1], 0, "duplicates or repeats on the clean direction");
  /* every duplicate is the hazard: a repeat into a caught-up receiver in error, which then
   * takes (at most) the whole buffer of N entries again */
  UT_CHECK(t, l.sd[1].dup <= 256u * l.hazard_repeats[0],
           "FW=%u BER %g: %llu duplicates, %u hazardous repeats", fw, ber1,
           (unsigned long long)l.sd[1].dup, l.hazard_repeats[0]);
  if (cuc)
    UT_EQ(t, l.hazard_repeats[0], 0, "hazardous repeats with caught_up_clear");
  ut_info("published FW=%u BER %g caught_up_clear %d: %llu cycles, %llu bit errors, error "
          "events %u, replays %u (repeats %u, hazardous %u), duplicates %llu",
          fw, ber1, cuc, (unsigned long long)l.t, (unsigned long long)l.ch[0].errors,
          l.out[1].cnt_frame_err, l.out[0].cnt_retrans - base, l.repeats[0], l.hazard_repeats[0],
          (unsigned long long)l.sd[1].dup);
  *dups = l.sd[1].dup;
}

static void t_ber(ut_t *t) {
  static const struct {
    unsigned fw;
    double ber;
    uint64_t frames;
  } cases[] = {{256, 1e-6, 20000}, {256, 1e-5, 6000}, {128, 1e-5, 8000}};
  uint64_t dups_published = 0;
  for (unsigned i = 0; i < 3; i++) {
    uint64_t dups;
    run_ber(t, cases[i].fw, cases[i].ber, cases[i].frames, 1, &dups);
    if (t->failed)
      return;
    UT_EQ(t, dups, 0, "duplicates with caught_up_clear");
    run_ber(t, cases[i].fw, cases[i].ber, cases[i].frames, 0, &dups);
    if (t->failed)
      return;
    dups_published += dups;
  }
  ut_info("published receiver (caught_up_clear 0): %llu duplicates over the BER runs",
          (unsigned long long)dups_published);
}

/* The link of the hazard and resync recipes: FW 128, fixed offsets and seed, both NORMAL. */
static int open_fw128(plink_t *l, int cuc) {
  rifl_pub_params_t p = rifl_pub_default_params(128);
  p.caught_up_clear = cuc;
  const unsigned off[2] = {21, 90};
  const double ber[2] = {0, 0};
  if (link_open(l, &p, off, ber, 5, 4242))
    return -1;
  return wait_normal(l, 100000) >= 0 ? 0 : -1;
}

/* The repeated-replay hazard of Listing 1, deterministically. Side 0 = A receives, side 1 =
 * B sends numbered user frames at full rate (A sends none: its NORMAL slots are fillers).
 *  1. After bring-up B sends 400 frames (more than N = 256, so its buffer holds only them).
 *  2. Flip the verification-code bit 0 of one A -> B data frame: B's receiver fails and B goes
 *     SEND_RETRANS (back-to-back RETRANS control frames, no new data frame for A).
 *  3. Once A runs its replay (RETRANS, started by B's requests), flip the verification-code bit
 *     0 of the next B -> A control frame (a RETRANS request; the key stays intact, only the
 *     check fails): A's receiver, caught up at FrameID = Threshold = B's fid, rolls back 16 and
 *     raises Frame_Error. A's replay now interleaves RETRANS requests; B starts a replay
 *     (retrans_req has priority over its own Frame_Error) from its oldest entry, ID fid_B, which
 *     fails at A until ID fid_B-16; A re-verifies fid_B-16 .. fid_B-1 and is caught up with
 *     Frame_Error still raised (Listing 1 clears it only on a delivery). A goes on requesting,
 *     B's procedure ends with retrans_req raised and repeats: its oldest entry carries exactly
 *     A's Threshold, so A delivers the whole buffer - B's last 256 user frames - again.
 * With caught_up_clear the first intact control frame after the catch-up (B's slot 2N-1)
 * clears Frame_Error, A stops requesting within B's 0.5 N tail, and nothing is repeated. */
static void run_hazard(ut_t *t, int cuc, uint64_t *dups, unsigned *replays_b, uint64_t *sent_at,
                       uint64_t *lo, uint64_t *hi) {
  plink_t l;
  UT_CHECK(t, open_fw128(&l, cuc) == 0, "FW=128 link up");
  const uint32_t base_b = l.m[1].cnt_retrans;
  l.sd[1].limit = 1000000; /* B offers a frame at every slot */
  while (l.sd[1].sent < 400)
    link_step(&l);
  /* 2: one A -> B data frame */
  while (!last_word_of(&l, 0, RIFL_SYN_DATA))
    link_step(&l);
  l.flip[0] = 1;
  long c = 0;
  while (tx_state(&l, 1) != RIFL_TX_SEND_RETRANS && c++ < 1000)
    link_step(&l);
  UT_CHECK(t, tx_state(&l, 1) == RIFL_TX_SEND_RETRANS, "B not in SEND_RETRANS");
  /* 3: A replays; one of B's RETRANS frames */
  while (tx_state(&l, 0) != RIFL_TX_RETRANS && c++ < 2000)
    link_step(&l);
  UT_CHECK(t, tx_state(&l, 0) == RIFL_TX_RETRANS, "A not replaying");
  UT_CHECK(t, tx_state(&l, 1) == RIFL_TX_SEND_RETRANS && !l.m[0].rx.err, "B left SEND_RETRANS");
  while (!last_word_of(&l, 1, RIFL_SYN_CTRL))
    link_step(&l);
  const uint64_t sent_b = l.sd[1].sent;
  UT_EQ(t, l.sd[0].expect, sent_b, "A caught up before the flip");
  l.flip[1] = 1;
  for (int i = 0; i < 40; i++)
    link_step(&l);
  UT_CHECK(t, l.m[0].rx.err && l.m[0].rx.frame_id == ((l.m[0].rx.thr - 16u) & 255u),
           "A's receiver did not roll back");
  UT_EQ(t, l.m[0].rx.thr, l.m[1].tx.fid, "A's threshold is B's next ID");
  /* recover, then B's new frames */
  l.sd[1].limit = sent_b + 300;
  int rc = drain(&l, 200000);
  link_close(&l);
  UT_CHECK(t, rc == 0, "not drained (A got %llu)", (unsigned long long)l.sd[0].got);
  UT_EQ(t, l.sd[0].bad + l.sd[0].lost + l.sd[1].bad + l.sd[1].lost + l.sd[1].dup, 0,
        "frames corrupted or lost");
  UT_EQ(t, l.hazard_repeats[1], !cuc, "hazardous repeats by B");
  *dups = l.sd[0].dup;
  *replays_b = l.out[1].cnt_retrans - base_b;
  *sent_at = sent_b;
  *lo = l.sd[0].dup_lo;
  *hi = l.sd[0].dup_hi;
}

static void t_hazard(ut_t *t) {
  uint64_t d0, d1, at0, at1, lo0, hi0, lo1, hi1;
  unsigned r0, r1;
  run_hazard(t, 0, &d0, &r0, &at0, &lo0, &hi0);
  if (t->failed)
    return;
  run_hazard(t, 1, &d1, &r1, &at1, &lo1, &hi1);
  if (t->failed)
    return;
  ut_info("published hazard: caught_up_clear 0: %llu duplicates (frames %llu..%llu, B had sent "
          "%llu), B replays %u; caught_up_clear 1: %llu duplicates, B replays %u",
          (unsigned long long)d0, (unsigned long long)lo0, (unsigned long long)hi0,
          (unsigned long long)at0, r0, (unsigned long long)d1, r1);
  UT_EQ(t, d0, 256, "the published receiver takes B's whole buffer again");
  UT_CHECK(t, lo0 == at0 - 256 && hi0 == at0 - 1, "duplicated frames %llu..%llu",
           (unsigned long long)lo0, (unsigned long long)hi0);
  UT_EQ(t, r0, 2, "B's procedure repeated once");
  UT_EQ(t, d1, 0, "duplicates with caught_up_clear");
  UT_EQ(t, r1, 1, "B's single procedure");
}

/* Only side 0 -> side 1 loses sync mid-traffic (the SYN of 40 frames in a row corrupted: B's
 * aligner unlocks): B sends PAUSE, A pauses, B relocks. A's receiver lost nothing (caught up,
 * no error): neither end may replay into it from the oldest entry (which would deliver B's
 * whole buffer again); what B missed, B asks for, and A's replay brings. Everything arrives
 * once, with and without caught_up_clear (rifl_published.c: the reading of rule 3). */
static void t_resync(ut_t *t) {
  for (int cuc = 0; cuc < 2; cuc++) {
    plink_t l;
    UT_CHECK(t, open_fw128(&l, cuc) == 0, "FW=128 link up");
    l.sd[0].limit = l.sd[1].limit = 1000000;
    l.sd[0].gap = 0.5;
    while (l.sd[1].sent < 400)
      link_step(&l);
    for (int n = 0; n < 40; link_step(&l)) /* SYN bit 1 of 40 A -> B frames */
      if (l.m[0].tx.gear_run && l.m[0].tx.gear_idx == 0) {
        l.flip[0] = UINT64_C(1) << 63;
        n++;
      }
    UT_CHECK(t, !l.m[1].al.aligned && tx_state(&l, 1) == RIFL_TX_SEND_PAUSE, "B not out of sync");
    const uint64_t sent_b = l.sd[1].sent;
    l.sd[0].limit = l.sd[0].sent + 300;
    l.sd[1].limit = l.sd[1].sent + 300;
    int rc = drain(&l, 400000);
    link_close(&l);
    UT_CHECK(t, rc == 0, "not drained");
    UT_EQ(t, l.sd[0].bad + l.sd[0].lost + l.sd[1].bad + l.sd[1].lost + l.sd[1].dup, 0,
          "frames corrupted or lost");
    UT_EQ(t, l.sd[0].dup, 0, "frames delivered again at A");
    UT_CHECK(t, l.sd[1].got >= sent_b, "B got %llu frames", (unsigned long long)l.sd[1].got);
    UT_CHECK(t, l.out[0].cnt_retrans > 1, "A replayed what B missed");
  }
}

UT_SUITE(rifl_published) {
  ut_run(s, "rifl_pub_params", t_params);
  ut_run(s, "rifl_pub_bringup", t_bringup);
  ut_run(s, "rifl_pub_flow_control", t_flow_control);
  ut_run(s, "rifl_pub_ber", t_ber);
  ut_run(s, "rifl_pub_hazard", t_hazard);
  ut_run(s, "rifl_pub_resync", t_resync);
}
