/*
 * islip_switch_model.c - see islip_switch_model.h; the contract is docs/scoc/islip_switch.md. One
 * clock() is one cycle: every decision is taken from the state at the start of the cycle (as the
 * RTL's combinational logic sees its registers), then all registers are updated (the edge). The
 * rules, in the order clock() applies them:
 *
 *  1. Input buffer (scoc_in_buf): in_ready = a packet is being received or a slot is free. The
 *     first word takes the lowest free slot; word i goes to word i of the slot. A packet whose
 *     destination is >= N (read on the first word) or that reaches word PMAX + 1 is taken and
 *     discarded up to its last word, then counted (err_dst first) and its slot freed. A good
 *     packet enters the request array with its last word (dst, len, tag = slot).
 *  2. Scheduler (islip_sched): input i is free when rem_in <= 1, output o when rem_out <= 1 and
 *     occ + (a match shown this cycle) < OQ (room). Input i requests o when its array holds a
 *     packet for o and both are free. K iterations over the ports still unmatched: each output
 *     grants the first requesting input at or after its grant pointer, each input accepts the
 *     first granting output at or after its accept pointer. For a match of the first iteration
 *     both pointers move one beyond the partner. The matched input's packet is its oldest entry
 *     for the output; it leaves the array (before the cycle's enqueue joins at the end); both
 *     counters are set to len. The match is registered (shown in the next cycle).
 *  3. Crossbar: the registered match shown in cycle c+1 loads input i's transfer {slot, idx 0,
 *     last = len - 1} and output o's connection; from c+2 one word a cycle moves from the slot
 *     to the output buffer; the slot is freed with the last word.
 *  4. Output buffer (scoc_out_buf): packets stored in arrival order, sent store-and-forward
 *     when complete, one word a cycle with out_ready; occ counts the matches shown (+1) and the
 *     packets fully sent (-1).
 */
#include "islip_switch_model.h"

#include <stdlib.h>
#include <string.h>

#define MAXN ISLIP_MAX_N
#define BSW ISLIP_BSW

typedef struct { /* what one input buffer does in this cycle */
  uint8_t take, first, slot, idx, dst_bad, len_bad, last, enq, err_len, err_dst;
  uint16_t dst;
} in_step_t;

struct islip_state {
  /* input buffers */
  uint64_t *in_mem;                           /* [N][QD][slotw] */
  uint64_t in_free[MAXN][ISLIP_MAX_QD / 64u]; /* free slots */
  uint8_t in_busy[MAXN], in_slot[MAXN], in_widx[MAXN], in_bad[MAXN];
  uint16_t in_dst[MAXN];
  /* request arrays (oldest first) and the VOQ view of them */
  islip_entry_t arr[MAXN][ISLIP_MAX_QD];
  uint16_t arr_n[MAXN];
  uint16_t voq[MAXN][MAXN]; /* packets per (input, output) */
  uint64_t col[MAXN][BSW];  /* per output: the inputs whose VOQ for it is not empty */
  uint16_t rem_in[MAXN];    /* busy counters */
  uint16_t rem_out[MAXN];
  uint16_t gptr[MAXN];         /* grant pointer per output */
  uint16_t aptr[MAXN];         /* accept pointer per input */
  uint8_t mv[MAXN], mit[MAXN]; /* registered match per output */
  uint16_t min[MAXN];
  uint8_t av[MAXN]; /* ... per input */
  uint16_t aout[MAXN], alen[MAXN], atag[MAXN];
  /* crossbar */
  uint8_t xact[MAXN], xslot[MAXN], xidx[MAXN], xlast[MAXN];
  uint8_t oact[MAXN];
  uint16_t oin[MAXN];
  /* output buffers */
  uint64_t *out_mem; /* [N][OQ][slotw] */
  uint8_t out_len[MAXN][ISLIP_MAX_OQ];
  uint8_t wslot[MAXN], rslot[MAXN], wpos[MAXN], rpos[MAXN], done[MAXN], occ[MAXN];
  /* scratch of clock() */
  uint64_t grow[MAXN][BSW]; /* grants of an iteration, per input */
  in_step_t st[MAXN];
  int m_out[MAXN];
  uint8_t m_it[MAXN], free_v[MAXN], wr_v[MAXN], wr_last[MAXN], send[MAXN], sent[MAXN];
  uint64_t wr_data[MAXN];
};

static unsigned clog2u(unsigned v) {
  unsigned b = 0;
  while ((1u << b) < v)
    b++;
  return b;
}

/* First set bit of the n-bit set v at or after ptr, cyclically; -1 if none (iSLIP's
 * round-robin rule, the same for grants and accepts). */
static int bs_pick(const uint64_t *v, unsigned n, unsigned ptr) {
  unsigned nwords = (n + 63u) / 64u, w0 = ptr / 64u;
  for (unsigned w = w0; w < nwords; w++) {
    uint64_t x = v[w];
    if (w == w0)
      x &= ~0ull << (ptr % 64u);
    if (x)
      return (int)(w * 64u + (unsigned)__builtin_ctzll(x));
  }
  for (unsigned w = 0; w < nwords; w++)
    if (v[w])
      return (int)(w * 64u + (unsigned)__builtin_ctzll(v[w]));
  return -1;
}

static int bs_get(const uint64_t *v, unsigned i) { return (int)((v[i / 64u] >> (i % 64u)) & 1u); }
static void bs_set(uint64_t *v, unsigned i) { v[i / 64u] |= 1ull << (i % 64u); }
static void bs_clr(uint64_t *v, unsigned i) { v[i / 64u] &= ~(1ull << (i % 64u)); }
static int bs_any(const uint64_t *v, unsigned n) {
  for (unsigned w = 0; w < (n + 63u) / 64u; w++)
    if (v[w])
      return 1;
  return 0;
}

islip_params_t islip_default_params(void) {
  islip_params_t p = {16, 1, 16, 16, 4, 32};
  return p;
}

int islip_params_check(const islip_params_t *p) {
  if (!p || p->n < 2 || p->n > ISLIP_MAX_N || p->k < 1 || p->k > 4 || p->qd < 2 ||
      p->qd > ISLIP_MAX_QD || p->oq < 2 || p->oq > ISLIP_MAX_OQ || p->lw < 1 || p->lw > 8 ||
      p->dw < 8 || p->dw > 64)
    return -1;
  return 0;
}

int islip_model_init(islip_model_t *m, const islip_params_t *p) {
  memset(m, 0, sizeof *m);
  if (islip_params_check(p) != 0)
    return -1;
  m->p = *p;
  m->nw = clog2u(p->n);
  m->tw = clog2u(p->qd);
  m->pmax = (1u << p->lw) - 1u;
  m->slotw = 1u << p->lw;
  m->s = calloc(1, sizeof *m->s);
  if (!m->s)
    return -1;
  m->s->in_mem = calloc((size_t)p->n * p->qd * m->slotw, sizeof(uint64_t));
  m->s->out_mem = calloc((size_t)p->n * p->oq * m->slotw, sizeof(uint64_t));
  if (!m->s->in_mem || !m->s->out_mem) {
    islip_model_free(m);
    return -1;
  }
  islip_model_reset(m);
  return 0;
}

void islip_model_free(islip_model_t *m) {
  if (m->s) {
    free(m->s->in_mem);
    free(m->s->out_mem);
    free(m->s);
  }
  m->s = NULL;
}

void islip_model_reset(islip_model_t *m) {
  islip_state_t *s = m->s;
  uint64_t *im = s->in_mem, *om = s->out_mem;
  memset(s, 0, sizeof *s);
  s->in_mem = im;
  s->out_mem = om;
  /* memories are not reset in the RTL; zero here (never read before written) */
  memset(im, 0, (size_t)m->p.n * m->p.qd * m->slotw * sizeof(uint64_t));
  memset(om, 0, (size_t)m->p.n * m->p.oq * m->slotw * sizeof(uint64_t));
  for (unsigned p = 0; p < m->p.n; p++)
    for (unsigned b = 0; b < m->p.qd; b++)
      bs_set(s->in_free[p], b);
  m->cyc = 0;
  m->err_len = m->err_dst = 0;
  m->violations = 0;
}

static uint64_t *in_word(const islip_model_t *m, unsigned p, unsigned slot, unsigned idx) {
  return &m->s->in_mem[((size_t)p * m->p.qd + slot) * m->slotw + idx];
}

static uint64_t *out_word(const islip_model_t *m, unsigned o, unsigned slot, unsigned idx) {
  return &m->s->out_mem[((size_t)o * m->p.oq + slot) * m->slotw + idx];
}

void islip_model_outputs(const void *mv, sw_link_out_t *o) {
  const islip_model_t *m = mv;
  const islip_state_t *s = m->s;
  memset(o, 0, sizeof *o);
  for (unsigned p = 0; p < m->p.n; p++) {
    o->in_ready[p] = s->in_busy[p] || bs_any(s->in_free[p], m->p.qd);
    o->out_valid[p] = s->done[p] != 0;
    if (o->out_valid[p]) {
      o->out_data[p] = *out_word(m, p, s->rslot[p], s->rpos[p]);
      o->out_last[p] = s->rpos[p] == s->out_len[p][s->rslot[p]];
    }
  }
}

static int out_room(const islip_model_t *m, unsigned o) {
  return (unsigned)m->s->occ[o] + m->s->mv[o] < m->p.oq;
}

unsigned islip_model_req(const islip_model_t *m, unsigned in, unsigned out) {
  const islip_state_t *s = m->s;
  if (in >= m->p.n || out >= m->p.n)
    return 0;
  return s->voq[in][out] != 0 && s->rem_in[in] <= 1 && s->rem_out[out] <= 1 && out_room(m, out);
}

/* The match of this cycle (rule 2): m_out[i] = matched output or -1, m_it[i] its iteration. */
static void schedule(islip_model_t *m, int *m_out, uint8_t *m_it) {
  islip_state_t *s = m->s;
  unsigned n = m->p.n, nwords = (n + 63u) / 64u;
  uint64_t um_in[BSW] = {0};
  uint8_t um_out[MAXN];
  for (unsigned i = 0; i < n; i++) {
    m_out[i] = -1;
    m_it[i] = 0;
    if (s->rem_in[i] <= 1)
      bs_set(um_in, i);
  }
  for (unsigned o = 0; o < n; o++)
    um_out[o] = s->rem_out[o] <= 1 && out_room(m, o);
  for (unsigned it = 0; it < m->p.k; it++) {
    unsigned granted[MAXN], ng = 0;
    for (unsigned o = 0; o < n; o++) {
      if (!um_out[o])
        continue;
      uint64_t cand[BSW];
      for (unsigned w = 0; w < nwords; w++)
        cand[w] = s->col[o][w] & um_in[w];
      int g = bs_pick(cand, n, s->gptr[o]);
      if (g < 0)
        continue;
      int fresh = 1; /* g's first grant of the iteration: list it for the accepts */
      for (unsigned w = 0; w < nwords; w++)
        fresh &= s->grow[g][w] == 0;
      if (fresh)
        granted[ng++] = (unsigned)g;
      bs_set(s->grow[g], o);
    }
    if (ng == 0)
      break; /* nothing can change in the later iterations either */
    for (unsigned k = 0; k < ng; k++) {
      unsigned i = granted[k];
      int a = bs_pick(s->grow[i], n, s->aptr[i]);
      memset(s->grow[i], 0, sizeof s->grow[i]);
      if (a < 0 || !bs_get(um_in, i) || !um_out[a]) {
        m->violations++; /* cannot happen: grants go to unmatched inputs only */
        continue;
      }
      m_out[i] = a;
      m_it[i] = (uint8_t)it;
      bs_clr(um_in, i);
      um_out[a] = 0;
    }
  }
}

void islip_model_clock(void *mv, const sw_link_in_t *in) {
  islip_model_t *m = mv;
  islip_state_t *s = m->s;
  unsigned n = m->p.n;
  uint64_t dmask = m->p.dw >= 64 ? ~0ull : (1ull << m->p.dw) - 1ull;
  unsigned nmask = (1u << m->nw) - 1u;
  in_step_t *st = s->st;
  int *m_out = s->m_out;
  uint8_t *m_it = s->m_it, *free_v = s->free_v, *wr_v = s->wr_v, *wr_last = s->wr_last;
  uint8_t *send = s->send, *sent = s->sent;
  uint64_t *wr_data = s->wr_data;

  /* ---- decisions, from the state at the start of the cycle */
  for (unsigned p = 0; p < n; p++) { /* rule 1 */
    in_step_t *b = &st[p];
    int any_free = bs_any(s->in_free[p], m->p.qd);
    unsigned ready = s->in_busy[p] || any_free;
    b->take = in->in_valid[p] && ready;
    b->first = !s->in_busy[p];
    b->slot =
        b->first ? (uint8_t)(any_free ? bs_pick(s->in_free[p], m->p.qd, 0) : 0) : s->in_slot[p];
    b->idx = b->first ? 0 : s->in_widx[p];
    b->dst = b->first ? (uint16_t)(in->in_dst[p] & nmask) : s->in_dst[p];
    b->dst_bad = b->first ? b->dst >= n : s->in_bad[p];
    b->len_bad = b->idx == m->pmax;
    b->last = b->take && in->in_last[p];
    b->enq = b->last && !b->dst_bad && !b->len_bad;
    b->err_dst = b->last && b->dst_bad;
    b->err_len = b->last && !b->dst_bad && b->len_bad;
  }
  schedule(m, m_out, m_it); /* rule 2 */
  for (unsigned i = 0; i < n; i++)
    free_v[i] = s->xact[i] && s->xidx[i] == s->xlast[i];
  for (unsigned o = 0; o < n; o++) { /* rule 3: the crossbar */
    wr_v[o] = s->oact[o];
    wr_last[o] = 0;
    wr_data[o] = 0;
    if (wr_v[o]) {
      unsigned i = s->oin[o];
      wr_data[o] = *in_word(m, i, s->xslot[i], s->xidx[i]);
      wr_last[o] = free_v[i];
      if (!s->xact[i])
        m->violations++; /* output connection without its transfer */
    }
    if (s->mv[o] && s->oact[o] && !wr_last[o])
      m->violations++; /* new connection while busy */
  }
  for (unsigned o = 0; o < n; o++) { /* rule 4 */
    unsigned valid = s->done[o] != 0;
    send[o] = valid && in->out_ready[o];
    sent[o] = send[o] && s->rpos[o] == s->out_len[o][s->rslot[o]];
    if (s->mv[o] && s->occ[o] >= m->p.oq)
      m->violations++; /* reserved beyond OQ */
    if (wr_v[o] && !(s->done[o] < s->occ[o]))
      m->violations++; /* word without a reserved slot */
  }

  /* ---- the edge */
  for (unsigned p = 0; p < n; p++) { /* input buffers */
    const in_step_t *b = &st[p];
    if (b->take && !b->dst_bad && !b->len_bad)
      *in_word(m, p, b->slot, b->idx) = in->in_data[p] & dmask;
    if (b->take) {
      s->in_busy[p] = !in->in_last[p];
      s->in_slot[p] = b->slot;
      s->in_widx[p] = (uint8_t)(b->len_bad ? m->pmax : b->idx + 1u);
      s->in_dst[p] = b->dst;
      s->in_bad[p] = b->dst_bad;
    }
    if (b->take && b->first)
      bs_clr(s->in_free[p], b->slot);
    if (b->err_dst || b->err_len)
      bs_set(s->in_free[p], b->slot);
    if (free_v[p]) {
      if (bs_get(s->in_free[p], s->xslot[p]))
        m->violations++; /* freeing a free slot */
      bs_set(s->in_free[p], s->xslot[p]);
    }
    m->err_len += b->err_len;
    m->err_dst += b->err_dst;
  }

  for (unsigned i = 0; i < n; i++) { /* crossbar transfers (registered match of the start) */
    if (s->av[i] && s->xact[i] && !free_v[i])
      m->violations++; /* input starts a transfer while busy */
    if (free_v[i])
      s->xact[i] = 0;
    else if (s->xact[i])
      s->xidx[i]++;
    if (s->av[i]) {
      s->xact[i] = 1;
      s->xslot[i] = (uint8_t)s->atag[i];
      s->xidx[i] = 0;
      s->xlast[i] = (uint8_t)(s->alen[i] - 1u);
    }
  }
  for (unsigned o = 0; o < n; o++) { /* output connections and buffers */
    if (wr_last[o])
      s->oact[o] = 0;
    if (s->mv[o]) {
      s->oact[o] = 1;
      s->oin[o] = s->min[o];
    }
    if (wr_v[o]) {
      *out_word(m, o, s->wslot[o], s->wpos[o]) = wr_data[o];
      if (wr_last[o]) {
        s->out_len[o][s->wslot[o]] = s->wpos[o];
        s->wpos[o] = 0;
        s->wslot[o] = (uint8_t)(s->wslot[o] + 1u == m->p.oq ? 0 : s->wslot[o] + 1u);
      } else
        s->wpos[o]++;
    }
    if (send[o]) {
      if (sent[o]) {
        s->rpos[o] = 0;
        s->rslot[o] = (uint8_t)(s->rslot[o] + 1u == m->p.oq ? 0 : s->rslot[o] + 1u);
      } else
        s->rpos[o]++;
    }
    s->done[o] = (uint8_t)(s->done[o] + (wr_v[o] && wr_last[o]) - sent[o]);
    s->occ[o] = (uint8_t)(s->occ[o] + s->mv[o] - sent[o]);
  }

  /* scheduler registers: counters, pointers, the match */
  for (unsigned o = 0; o < n; o++) {
    s->mv[o] = 0;
    s->min[o] = 0;
    s->mit[o] = 0;
    if (s->rem_out[o])
      s->rem_out[o]--;
  }
  for (unsigned i = 0; i < n; i++) {
    s->av[i] = 0;
    s->aout[i] = s->alen[i] = s->atag[i] = 0;
    if (s->rem_in[i])
      s->rem_in[i]--;
    if (m_out[i] < 0)
      continue;
    unsigned o = (unsigned)m_out[i], j = 0;
    while (j < s->arr_n[i] && s->arr[i][j].dst != o)
      j++;
    if (j == s->arr_n[i]) {
      m->violations++; /* cannot happen: the request came from this array */
      continue;
    }
    islip_entry_t e = s->arr[i][j];
    memmove(&s->arr[i][j], &s->arr[i][j + 1], (s->arr_n[i] - j - 1u) * sizeof s->arr[i][0]);
    s->arr_n[i]--;
    if (--s->voq[i][o] == 0)
      bs_clr(s->col[o], i);
    s->av[i] = 1;
    s->aout[i] = (uint16_t)o;
    s->alen[i] = e.len;
    s->atag[i] = e.tag;
    s->mv[o] = 1;
    s->min[o] = (uint16_t)i;
    s->mit[o] = m_it[i];
    s->rem_in[i] = s->rem_out[o] = e.len;
    if (m_it[i] == 0) {
      s->gptr[o] = (uint16_t)(i + 1u == n ? 0 : i + 1u);
      s->aptr[i] = (uint16_t)(o + 1u == n ? 0 : o + 1u);
    }
  }
  for (unsigned p = 0; p < n; p++) { /* the cycle's new packets join the arrays */
    const in_step_t *b = &st[p];
    if (!b->enq)
      continue;
    if (s->arr_n[p] >= m->p.qd) {
      m->violations++; /* cannot happen: a slot is held per entry */
      continue;
    }
    islip_entry_t e = {b->dst, (uint16_t)(b->idx + 1u), b->slot};
    s->arr[p][s->arr_n[p]++] = e;
    if (s->voq[p][b->dst]++ == 0)
      bs_set(s->col[b->dst], p);
  }
  m->cyc++;
}

sw_ops_t islip_model_ops(islip_model_t *m) {
  sw_ops_t ops = {m, m->p.n, m->p.dw, islip_model_outputs, islip_model_clock};
  return ops;
}

unsigned islip_model_match(const islip_model_t *m, unsigned out, unsigned *in, unsigned *iter) {
  if (out >= m->p.n || !m->s->mv[out])
    return 0;
  if (in)
    *in = m->s->min[out];
  if (iter)
    *iter = m->s->mit[out];
  return 1;
}

unsigned islip_model_accept(const islip_model_t *m, unsigned in, unsigned *out, unsigned *len,
                            unsigned *tag) {
  if (in >= m->p.n || !m->s->av[in])
    return 0;
  if (out)
    *out = m->s->aout[in];
  if (len)
    *len = m->s->alen[in];
  if (tag)
    *tag = m->s->atag[in];
  return 1;
}

unsigned islip_model_gnt_ptr(const islip_model_t *m, unsigned out) {
  return out < m->p.n ? m->s->gptr[out] : 0;
}
unsigned islip_model_acc_ptr(const islip_model_t *m, unsigned in) {
  return in < m->p.n ? m->s->aptr[in] : 0;
}
uint64_t islip_model_cycle(const islip_model_t *m) { return m->cyc; }
unsigned islip_model_arr_count(const islip_model_t *m, unsigned in) {
  return in < m->p.n ? m->s->arr_n[in] : 0;
}
unsigned islip_model_arr(const islip_model_t *m, unsigned in, unsigned idx, islip_entry_t *e) {
  if (in >= m->p.n || idx >= m->s->arr_n[in])
    return 0;
  if (e)
    *e = m->s->arr[in][idx];
  return 1;
}
unsigned islip_model_voq(const islip_model_t *m, unsigned in, unsigned out) {
  return in < m->p.n && out < m->p.n ? m->s->voq[in][out] : 0;
}
unsigned islip_model_rem_in(const islip_model_t *m, unsigned in) {
  return in < m->p.n ? m->s->rem_in[in] : 0;
}
unsigned islip_model_rem_out(const islip_model_t *m, unsigned out) {
  return out < m->p.n ? m->s->rem_out[out] : 0;
}
unsigned islip_model_out_occ(const islip_model_t *m, unsigned out) {
  return out < m->p.n ? m->s->occ[out] : 0;
}
unsigned islip_model_in_used(const islip_model_t *m, unsigned in) {
  if (in >= m->p.n)
    return 0;
  unsigned used = 0;
  for (unsigned b = 0; b < m->p.qd; b++)
    used += !bs_get(m->s->in_free[in], b);
  return used;
}
