/*
 * scoc_sched_model.c - cycle-exact model of the SCOC scheduler (docs/scoc/index.md).
 *
 * clock() first takes every decision of the cycle from the state at its start and the
 * inputs (request unit, grant unit, accept unit), then applies all updates (the edge).
 *
 * Readings chosen where docs/scoc/index.md is not explicit (the most literal one each time):
 *  1. Cycle 0 is the first cycle after reset: timeslice = cycle mod M. After reset every
 *     register is 0 (arrays empty, counters 0, req/cnt/grant/accept registers 0, wt 0,
 *     ptr 0, rep 0, last 0, acc_any 0) except fresh = 1 (no quota in progress), the OLF
 *     matrices (lower local index first) and the LFSRs (g + 1).
 *  2. Routes: in cycle t the request unit works for route t mod M, the grant unit for route
 *     (t - 1) mod M (the requests it sees were made in t - 1), the accept unit for route
 *     (t - 2) mod M.
 *  3. Counters: the value after the edge is  started ? D-3+(len-1)M : max(0, rem-1)
 *     (rem = L - (a + 1) with F = a - 2 + D, L = F + (len - 1) M); a counter started at an
 *     edge is not also decremented at it.
 *  4. Availability of port p for route r with threshold T (D at the request, D - 2 at the
 *     accept): rem_p[p][r] < T, the number of routes x (all M, r included) with
 *     rem_p[p][x] >= T is < MT, and rem_ig[g][r] < T.
 *  5. cnt[g][d] counts ports (not entries) whose request includes d; a busy port's fake
 *     request counts for the destination of its oldest entry.
 *  6. The request and accept units see the arrays at the start of the cycle: the entries
 *     enqueued in cycle t are requested from cycle t + 1 on; an entry accepted in cycle a is
 *     still requested in cycles a - 1 and a (its requests are visible in a and a + 1).
 *  7. Weightage: the latch wt[o][g] = cnt[g][o] is a register update at the edge of a cycle t
 *     with (t - 1) mod M = k (k = o mod M, cnt being the registered value seen in t, i.e. the
 *     request cycle is t - 1); a grant in that same cycle t computes rep from the wt value at
 *     the start of the cycle (the old one).
 *  8. "No grant outstanding": the output's group did not register a grant for it in the
 *     previous cycle (whether or not that grant is being accepted now).
 *  9. The OLF arbiter of a grant in cycle t uses the matrix at the start of t; the accept of t
 *     (for the grant of t - 1) updates it at the edge. out_room is sampled by the grant unit
 *     only.
 * 10. Grant rule 4 ("continued the same quota") = !fresh[o] && g == last[o], both from the
 *     start of the cycle. A grant that starts a new quota clears acc_any (docs/scoc/index.md rule
 *     4), so that an accept of an earlier quota cannot move the pointer past the new group.
 * 11. Rules 4 (grant) and 5 (accept) never apply to the same output in the same cycle (an
 *     output that is accepted in cycle t granted in t - 1, so it cannot grant in t); rule 5
 *     reads rep[o] from the start of the cycle.
 * 12. Accept: a port's choice is its lowest-index entry (oldest) whose destination is one of
 *     the granted outputs; ports are numbered from local port 0 for the LFSR pick; the pick
 *     uses the LFSR value at the start of the cycle; the LFSR steps every cycle.
 * 13. An enqueue is legal when the array is not full at the start of the cycle (even if an
 *     accept of the same port frees an entry in that cycle), dst < N, 1 <= len < 2^LW and
 *     tag < 2^TW. An illegal enqueue is dropped and counted in enq_errors.
 * 14. Same port, same cycle: the accepted entry leaves (the rest close up), then the new one
 *     joins at the end.
 * 15. Outputs hold 0 in every field of an invalid grant or accept.
 */
#include "scoc_sched_model.h"

#include <stdlib.h>
#include <string.h>

#define LFSR_TAPS 0xB400u

unsigned scoc_d(unsigned m) { return m >= 4 ? m : 4; } /* M is a power of two >= 2 */

scoc_params_t scoc_default_params(void) {
  scoc_params_t p = {32, 4, 4, 16, 4, 4};
  return p;
}

int scoc_params_check(const scoc_params_t *p) {
  if (p->m != 2 && p->m != 4 && p->m != 8 && p->m != 16)
    return -1;
  if (p->n > SCOC_MAX_N || p->n % p->m != 0 || p->n / p->m < 2 || p->n / p->m > SCOC_MAX_R)
    return -1;
  if (p->mt < 1 || p->mt > p->m)
    return -1;
  if (p->qd < 2 || p->qd > SCOC_MAX_QD)
    return -1;
  if (p->lw < 1 || p->lw > 8 || p->tw < 1 || p->tw > 8)
    return -1;
  return 0;
}

int scoc_model_init(scoc_model_t *m, const scoc_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  if (scoc_params_check(p))
    return -1;
  m->r = p->n / p->m;
  m->d = scoc_d(p->m);
  m->s = calloc(1, sizeof *m->s);
  if (!m->s)
    return -1;
  scoc_model_reset(m);
  return 0;
}

void scoc_model_free(scoc_model_t *m) {
  free(m->s);
  m->s = NULL;
}

void scoc_model_reset(scoc_model_t *m) {
  scoc_state_t *s = m->s;
  unsigned M = m->p.m;
  memset(s, 0, sizeof *s);
  m->cyc = 0;
  m->enq_errors = 0;
  for (unsigned o = 0; o < m->p.n; o++)
    s->fresh[o] = 1;
  for (unsigned G = 0; G < m->r; G++) {
    for (unsigned i = 0; i < M; i++) /* i has priority over every j > i */
      s->olf[G][i] = (uint16_t)(((1u << M) - 1u) & ~((2u << i) - 1u));
    s->lfsr[G] = (uint16_t)(G + 1u);
    for (unsigned i = 0; i < M; i++) /* ablation X3: the same reset order over ports */
      s->in_olf[G][i] = s->olf[G][i];
  }
}

void scoc_model_set_ablate(scoc_model_t *m, unsigned flags) { m->ablate = flags; }

unsigned scoc_model_accept(const scoc_model_t *m, unsigned g, unsigned *port, unsigned *out,
                           unsigned *route, unsigned *len, unsigned *tag) {
  const scoc_state_t *s = m->s;
  if (!s->acc_v[g])
    return 0;
  *port = s->acc_p[g];
  *out = s->acc_o[g];
  *route = s->acc_r[g];
  *len = s->acc_len[g];
  *tag = s->acc_tag[g];
  return 1;
}

uint64_t scoc_model_cycle(const scoc_model_t *m) { return m->cyc; }

unsigned scoc_model_arr_count(const scoc_model_t *m, unsigned port) {
  return port < m->p.n ? m->s->arr_n[port] : 0;
}

unsigned scoc_model_arr(const scoc_model_t *m, unsigned port, unsigned idx, unsigned *dst,
                        unsigned *len, unsigned *tag) {
  if (port >= m->p.n || idx >= m->s->arr_n[port])
    return 0;
  const scoc_entry_t *e = &m->s->arr[port][idx];
  if (dst)
    *dst = e->dst;
  if (len)
    *len = e->len;
  if (tag)
    *tag = e->tag;
  return 1;
}

int scoc_model_can_enq(const scoc_model_t *m, unsigned port) {
  return port < m->p.n && m->s->arr_n[port] < m->p.qd;
}

int scoc_model_enq_fields_ok(const scoc_model_t *m, unsigned dst, unsigned len, unsigned tag) {
  return dst < m->p.n && len >= 1 && len < (1u << m->p.lw) && tag < (1u << m->p.tw);
}

unsigned scoc_model_rem_port(const scoc_model_t *m, unsigned port, unsigned route) {
  return m->s->rem_p[port][route];
}
unsigned scoc_model_rem_ig(const scoc_model_t *m, unsigned group, unsigned route) {
  return m->s->rem_ig[group][route];
}
unsigned scoc_model_rem_out(const scoc_model_t *m, unsigned out) { return m->s->rem_o[out]; }
unsigned scoc_model_rem_og(const scoc_model_t *m, unsigned group, unsigned route) {
  return m->s->rem_og[group][route];
}
unsigned scoc_model_ptr(const scoc_model_t *m, unsigned out) { return m->s->ptr[out]; }
unsigned scoc_model_rep(const scoc_model_t *m, unsigned out) { return m->s->rep[out]; }
unsigned scoc_model_lfsr(const scoc_model_t *m, unsigned group) { return m->s->lfsr[group]; }

void scoc_model_outputs(const scoc_model_t *m, scoc_out_t *o) {
  const scoc_state_t *s = m->s;
  /* every field of the first R groups and N ports is written below; the rest is never read
     (no memset of the whole: it is R_MAX x N_MAX twice, and this runs every cycle) */
  for (unsigned g = 0; g < m->r; g++) {
    memcpy(o->req[g], s->req[s->cur][g], m->p.n);
    memcpy(o->req_cnt[g], s->cnt[s->cur][g], m->p.n);
    o->gnt_valid[g] = s->gnt_v[g];
    o->gnt_out[g] = s->gnt_o[g];
    o->gnt_ig[g] = s->gnt_g[g];
    o->acc_valid[g] = s->acc_v[g];
    o->acc_port[g] = s->acc_p[g];
    o->acc_route[g] = s->acc_r[g];
    o->acc_out[g] = s->acc_o[g];
    o->acc_len[g] = s->acc_len[g];
    o->acc_tag[g] = s->acc_tag[g];
  }
  memcpy(o->arr_count, s->arr_n, m->p.n);
}

/* Port p (of group g) available for route r with threshold thr (rule 4 of the header). */
static int port_available(const scoc_model_t *m, unsigned p, unsigned r, unsigned thr) {
  const scoc_state_t *s = m->s;
  unsigned g = p / m->p.m, active = 0;
  if (s->rem_p[p][r] >= thr || s->rem_ig[g][r] >= thr)
    return 0;
  for (unsigned x = 0; x < m->p.m; x++)
    active += s->rem_p[p][x] >= thr;
  return active < m->p.mt;
}

/* Request unit of group g, route r: writes the next request register of the group
 * (req[cur ^ 1][g], cnt, touched, col). */
static void request_unit(const scoc_model_t *m, unsigned g, unsigned r) {
  scoc_state_t *s = m->s;
  const unsigned M = m->p.m, nb = s->cur ^ 1u;
  uint8_t *req = s->req[nb][g], *cnt = s->cnt[nb][g];
  uint16_t *tl = s->touched[nb][g];
  for (unsigned i = 0; i < s->ntouched[nb][g]; i++) { /* clear what the buffer held */
    unsigned d = tl[i];
    req[d] = cnt[d] = 0;
    s->col[nb][d][g / 64] &= ~(1ull << (g % 64));
  }
  unsigned nt = 0;
  for (unsigned k = 0; k < M; k++) {
    unsigned p = g * M + k, n = s->arr_n[p];
    if (n == 0)
      continue;
    if (!port_available(m, p, r, (m->ablate & SCOC_ABL_LATE_AVAIL) ? 1u : m->d)) {
      if (m->ablate & SCOC_ABL_NO_FAKE)
        continue;
      n = 1; /* fake request: the oldest entry only */
    }
    for (unsigned i = 0; i < n; i++) {
      unsigned d = s->arr[p][i].dst, dup = 0;
      for (unsigned j = 0; j < i && !dup; j++) /* a port counts once per destination */
        dup = s->arr[p][j].dst == d;
      if (dup)
        continue;
      if (req[d])
        cnt[d]++; /* ports requesting d, minus one */
      else {
        req[d] = 1;
        tl[nt++] = (uint16_t)d;
        s->col[nb][d][g / 64] |= 1ull << (g % 64);
      }
    }
  }
  s->ntouched[nb][g] = (uint16_t)nt;
}

/* First input group at or after `from` (cyclically, of R) whose request bit for output o is
 * set in the current request register; -1 if none. */
static int first_requester(const scoc_state_t *s, unsigned o, unsigned from, unsigned R) {
  const uint64_t *c = s->col[s->cur][o];
  unsigned words = (R + 63u) / 64u;
  for (unsigned pass = 0; pass < 2; pass++) {
    unsigned lo = pass ? 0 : from, hi = pass ? from : R; /* [lo, hi) */
    for (unsigned w = lo / 64; w < words && w * 64 < hi; w++) {
      uint64_t bits = c[w];
      if (w == lo / 64)
        bits &= ~0ull << (lo % 64);
      if (bits) {
        unsigned g = w * 64 + (unsigned)__builtin_ctzll(bits);
        if (g < hi)
          return (int)g;
      }
    }
  }
  return -1;
}

typedef struct {
  unsigned valid, out, ig; /* out: local output */
} grant_t;

/* OLF pick: the member of the set `elig` (bit k = local index k) that has priority over every
 * other member in the matrix mat; -1 when the set is empty. */
static int olf_pick(const uint16_t *mat, unsigned elig, unsigned M) {
  for (unsigned k = 0; k < M; k++) {
    unsigned others = elig & ~(1u << k);
    if (((elig >> k) & 1u) && (others & ~(unsigned)mat[k]) == 0)
      return (int)k;
  }
  return -1;
}

/* Grant unit of output group G, route r: the decision of the cycle (no state change). */
static grant_t grant_unit(const scoc_model_t *m, unsigned G, unsigned r, const scoc_in_t *in) {
  const scoc_state_t *s = m->s;
  unsigned M = m->p.m, R = m->r;
  grant_t gr = {0, 0, 0};
  if (s->rem_og[G][r] >= m->d - 1)
    return gr;
  unsigned can = 0, elig = 0, cand[SCOC_MAX_M];
  for (unsigned k = 0; k < M; k++) {
    unsigned o = G * M + k;
    if (s->gnt_v[G] && s->gnt_o[G] == k)
      continue; /* grant outstanding */
    if (s->rem_o[o] >= m->d - 1 || !in->out_room[o])
      continue;
    can |= 1u << k;
    int g = first_requester(s, o, s->ptr[o], R);
    if (g >= 0) {
      cand[k] = (unsigned)g;
      elig |= 1u << k;
    }
  }
  if (m->ablate & SCOC_ABL_GRANT_GROUP_RR) {
    /* X4: the group first picks an input group round-robin, then an output for it (OLF) */
    for (unsigned i = 0; i < R; i++) {
      unsigned g = (s->og_rr[G] + i) % R, outs = 0;
      for (unsigned k = 0; k < M; k++)
        if (((can >> k) & 1u) && s->req[s->cur][g][G * M + k])
          outs |= 1u << k;
      int k = olf_pick(s->olf[G], outs, M);
      if (k >= 0) {
        gr.valid = 1;
        gr.out = (unsigned)k;
        gr.ig = g;
        return gr;
      }
    }
    return gr;
  }
  int k = olf_pick(s->olf[G], elig, M); /* OLF: the one with priority over every other */
  if (k >= 0) {
    gr.valid = 1;
    gr.out = (unsigned)k;
    gr.ig = cand[k];
  }
  return gr;
}

typedef struct {
  unsigned valid, port, idx, out; /* port: local; idx: entry; out: global output */
} accept_t;

/* Grant of output group G addressed to g for output d (global)? */
static int granted(const scoc_state_t *s, unsigned M, unsigned g, unsigned d) {
  unsigned G = d / M;
  return s->gnt_v[G] && s->gnt_g[G] == g && s->gnt_o[G] == d % M;
}

/* Accept unit of input group g, route r: the decision of the cycle (no state change). */
static accept_t accept_unit(const scoc_model_t *m, unsigned g, unsigned r) {
  const scoc_state_t *s = m->s;
  unsigned M = m->p.m;
  accept_t a = {0, 0, 0, 0};
  if (s->rem_ig[g][r] >= m->d - 2)
    return a;
  unsigned n = 0, cport[SCOC_MAX_M], cidx[SCOC_MAX_M];
  for (unsigned k = 0; k < M; k++) {
    unsigned p = g * M + k;
    if (!port_available(m, p, r, m->d - 2))
      continue;
    for (unsigned i = 0; i < s->arr_n[p]; i++)
      if (granted(s, M, g, s->arr[p][i].dst)) {
        cport[n] = k;
        cidx[n] = i;
        n++;
        break;
      }
  }
  if (n == 0)
    return a;
  unsigned u = s->lfsr[g] & 0xffu, pick = (u * n) >> 8;
  if (m->ablate & SCOC_ABL_IN_RR) { /* X2: first candidate at or after the pointer */
    pick = 0;
    for (unsigned i = 0; i < n; i++)
      if (cport[i] >= s->in_rr[g]) {
        pick = i;
        break;
      }
  } else if (m->ablate & SCOC_ABL_IN_OLF) { /* X3: least recently accepted port */
    unsigned set = 0;
    for (unsigned i = 0; i < n; i++)
      set |= 1u << cport[i];
    int k = olf_pick(s->in_olf[g], set, M);
    for (unsigned i = 0; i < n; i++)
      if ((int)cport[i] == k)
        pick = i;
  }
  a.valid = 1;
  a.port = cport[pick];
  a.idx = cidx[pick];
  a.out = s->arr[g * M + a.port][a.idx].dst;
  return a;
}

static uint16_t dec(uint16_t v) { return (uint16_t)(v ? v - 1u : 0u); }

void scoc_model_clock(scoc_model_t *m, const scoc_in_t *in) {
  scoc_state_t *s = m->s;
  const unsigned N = m->p.n, M = m->p.m, R = m->r, D = m->d;
  const unsigned tm = (unsigned)(m->cyc % M);
  const unsigned r_req = tm, r_gnt = (tm + M - 1u) % M, r_acc = (tm + M - 2u) % M;
  grant_t gr[SCOC_MAX_R];
  accept_t ac[SCOC_MAX_R];
  uint8_t enq_ok[SCOC_MAX_N];

  /* ---- decisions, all from the state at the start of the cycle */
  for (unsigned g = 0; g < R; g++)
    request_unit(m, g, r_req);
  for (unsigned G = 0; G < R; G++)
    gr[G] = grant_unit(m, G, r_gnt, in);
  for (unsigned g = 0; g < R; g++)
    ac[g] = accept_unit(m, g, r_acc);
  for (unsigned p = 0; p < N; p++) {
    enq_ok[p] = 0;
    if (!in->enq_valid[p])
      continue;
    if (scoc_model_can_enq(m, p) &&
        scoc_model_enq_fields_ok(m, in->enq_dst[p], in->enq_len[p], in->enq_tag[p]))
      enq_ok[p] = 1;
    else
      m->enq_errors++;
  }

  /* ---- the edge */
  /* counters: decrement, then the ones started by this cycle's accepts */
  for (unsigned p = 0; p < N; p++) {
    s->rem_o[p] = dec(s->rem_o[p]);
    for (unsigned x = 0; x < M; x++)
      s->rem_p[p][x] = dec(s->rem_p[p][x]);
  }
  for (unsigned g = 0; g < R; g++)
    for (unsigned x = 0; x < M; x++) {
      s->rem_ig[g][x] = dec(s->rem_ig[g][x]);
      s->rem_og[g][x] = dec(s->rem_og[g][x]);
    }
  for (unsigned g = 0; g < R; g++) {
    if (!ac[g].valid)
      continue;
    unsigned p = g * M + ac[g].port, o = ac[g].out, len = s->arr[p][ac[g].idx].len;
    uint16_t rem = (uint16_t)(D - 3u + (len - 1u) * M);
    s->rem_p[p][r_acc] = rem;
    s->rem_ig[g][r_acc] = rem;
    s->rem_o[o] = rem;
    s->rem_og[o / M][r_acc] = rem;
  }

  /* grant rule 4 (grants of this cycle) */
  for (unsigned G = 0; G < R; G++) {
    if (!gr[G].valid)
      continue;
    unsigned o = G * M + gr[G].out, g = gr[G].ig;
    int newq = s->fresh[o] || g != s->last[o];
    if (newq) {
      s->rep[o] = s->wt[o][g];
      s->acc_any[o] = 0; /* a new quota: no grant of it accepted yet */
    } else
      s->rep[o] = (uint8_t)(s->rep[o] ? s->rep[o] - 1u : 0u);
    s->last[o] = (uint8_t)g;
    s->fresh[o] = 0;
    if (s->rep[o] == 0 && s->acc_any[o] && !newq) {
      s->ptr[o] = (uint8_t)((g + 1u) % R);
      s->fresh[o] = 1;
      s->acc_any[o] = 0;
    }
  }
  /* grant rule 5 (accepts of this cycle, for the grants of the previous one) */
  for (unsigned g = 0; g < R; g++) {
    if (!ac[g].valid)
      continue;
    unsigned o = ac[g].out, G = o / M, k = o % M, pk = ac[g].port;
    s->olf[G][k] = 0; /* k drops below every other output */
    for (unsigned j = 0; j < M; j++)
      if (j != k)
        s->olf[G][j] = (uint16_t)(s->olf[G][j] | (1u << k));
    s->og_rr[G] = (uint8_t)((g + 1u) % R);
    s->in_rr[g] = (uint8_t)((pk + 1u) % M);
    s->in_olf[g][pk] = 0;
    for (unsigned j = 0; j < M; j++)
      if (j != pk)
        s->in_olf[g][j] = (uint16_t)(s->in_olf[g][j] | (1u << pk));
    if (s->rep[o] == 0) {
      s->ptr[o] = (uint8_t)((g + 1u) % R);
      s->fresh[o] = 1;
      s->acc_any[o] = 0;
    } else {
      s->ptr[o] = (uint8_t)g;
      s->acc_any[o] = 1;
    }
  }
  /* grant rule 1: weightage latch of the outputs whose timeslice was the request cycle */
  for (unsigned o = r_gnt; o < N; o += M)
    for (unsigned g = 0; g < R; g++)
      s->wt[o][g] = (m->ablate & SCOC_ABL_NO_WEIGHT) ? 0 : s->cnt[s->cur][g][o];

  /* registered requests, grants, accepts */
  s->cur ^= 1u;
  for (unsigned G = 0; G < R; G++) {
    s->gnt_v[G] = (uint8_t)gr[G].valid;
    s->gnt_o[G] = (uint8_t)gr[G].out;
    s->gnt_g[G] = (uint8_t)gr[G].ig;
  }
  for (unsigned g = 0; g < R; g++) {
    s->acc_v[g] = (uint8_t)ac[g].valid;
    if (!ac[g].valid) {
      s->acc_p[g] = s->acc_r[g] = 0;
      s->acc_o[g] = s->acc_len[g] = s->acc_tag[g] = 0;
      continue;
    }
    const scoc_entry_t *e = &s->arr[g * M + ac[g].port][ac[g].idx];
    s->acc_p[g] = (uint8_t)ac[g].port;
    s->acc_r[g] = (uint8_t)r_acc;
    s->acc_o[g] = (uint16_t)ac[g].out;
    s->acc_len[g] = e->len;
    s->acc_tag[g] = e->tag;
  }

  /* arrays: the accepted entry leaves, then the enqueued one joins */
  for (unsigned g = 0; g < R; g++) {
    if (!ac[g].valid)
      continue;
    unsigned p = g * M + ac[g].port, n = s->arr_n[p];
    memmove(&s->arr[p][ac[g].idx], &s->arr[p][ac[g].idx + 1],
            (n - ac[g].idx - 1u) * sizeof s->arr[p][0]);
    s->arr_n[p] = (uint8_t)(n - 1u);
  }
  for (unsigned p = 0; p < N; p++) {
    if (!enq_ok[p])
      continue;
    scoc_entry_t *e = &s->arr[p][s->arr_n[p]++];
    e->dst = in->enq_dst[p];
    e->len = in->enq_len[p];
    e->tag = in->enq_tag[p];
  }

  for (unsigned g = 0; g < R; g++)
    s->lfsr[g] = (uint16_t)((s->lfsr[g] >> 1) ^ ((s->lfsr[g] & 1u) ? LFSR_TAPS : 0u));
  m->cyc++;
}
