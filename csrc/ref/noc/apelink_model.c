/*
 * apelink_model.c - cycle-exact model of one end of an APElink (docs/noc/apelink.md).
 *
 * apl_clock() takes every decision of the cycle from the state at its start and the inputs of
 * the cycle (TX input write, TX send, RX, credits, errors), then writes them all at once (the
 * edge).
 *
 * Readings chosen where docs/noc/apelink.md is not explicit (the most literal one each time):
 *  1. A CREDIT word's count that would take rcred[v] above D is dropped whole and counts one
 *     CREDIT (as the contract now says). "Above D" is judged on the cycle's net value (rcred - a
 *     pop of this cycle + the count).
 *  2. A MAGIC in MAGIC seen is a FRAME error and stays in MAGIC seen. A control word other than
 *     CREDIT inside HEADER / PAYLOAD / FOOTER counts one FRAME and takes the state HUNT would
 *     give it (MAGIC seen for a MAGIC, else HUNT), without a second FRAME count.
 *  3. A CREDIT in DROP changes no state (stays in DROP); other control words leave DROP as in
 *     HUNT (a MAGIC with no error).
 *  4. Control words are told apart by data[7:0] alone; their other bits are not checked, and a
 *     START's VC is data[8]. With NVC 1 a CREDIT's [39:24] is ignored.
 *  5. A clean header (no error) is passed on as received, ECC byte included (W 64: its bit 62
 *     is not checked and may be 1); only a corrected one has its byte recomputed.
 *  6. The FIFO is full when it holds D entries at the start of the cycle (a pop of the same
 *     cycle does not make room), as in the router.
 *  7. cr_due stays set until a CREDIT goes out, even across packets sent while nothing is owed.
 *  8. lr_vc / lr_data and tx_ctrl / tx_data hold while their valid is 0; err_count is the
 *     counter register (an event of cycle t shows in t + 1); rt_cr also reports orphan pops.
 *  9. Data words dropped as FRAME errors (HUNT, MAGIC seen) give no credit back: only DROP and
 *     an uncorrectable header do, as listed, so such words' credits are lost to the far TX.
 * 10. The header's len is not checked against MAXP on either side.
 */
#include "apelink_model.h"

#include <string.h>

#include "secded.h"

/* ------------------------------------------------------------------ parameters, words */

apl_params_t apl_default_params(void) {
  apl_params_t p = {128, 2, 34, 32, 16};
  return p;
}

int apl_params_check(const apl_params_t *p) {
  if (!p)
    return -1;
  if (p->w != 64 && p->w != 96 && p->w != 128)
    return -1;
  if (p->nvc < 1 || p->nvc > APL_MAX_VC)
    return -1;
  if (p->maxp < 1 || p->maxp > 255)
    return -1;
  if (p->d < p->maxp + 2 || p->d > APL_MAX_D)
    return -1;
  if (p->ew < 1 || p->ew > 32)
    return -1;
  return 0;
}

static unsigned field(const apl_word_t *x, unsigned lo, unsigned n) {
  return (unsigned)(x->w[lo / 32] >> (lo % 32)) & ((1u << n) - 1u); /* n < 32, no straddle */
}

/* Clears the bits at and above w. */
static void mask_word(apl_word_t *x, unsigned w) {
  for (unsigned i = w / 32; i < 4; i++)
    x->w[i] = 0;
}

apl_word_t apl_magic(void) {
  apl_word_t x = {{APL_MAGIC, 0, 0, 0}};
  return x;
}

apl_word_t apl_start(unsigned vc) {
  apl_word_t x = {{APL_START | (vc & 1u) << 8, 0, 0, 0}};
  return x;
}

apl_word_t apl_credit(unsigned c0, unsigned c1) {
  c0 &= 0xFFFFu;
  c1 &= 0xFFFFu;
  apl_word_t x = {{APL_CREDIT | c0 << 8 | c1 << 24, c1 >> 8, 0, 0}};
  return x;
}

/* One word's W / 8 bytes into a running CRC register, byte 0 first. */
static uint32_t crc_word(const crc_t *c, uint32_t reg, const apl_word_t *x, unsigned w) {
  uint8_t b[16];
  for (unsigned j = 0; j < w / 8; j++)
    b[j] = (uint8_t)(x->w[j / 4] >> (8 * (j % 4)));
  return crc_update(c, reg, b, w / 8);
}

uint32_t apl_payload_crc(const apl_word_t *payload, unsigned len, unsigned w) {
  crc_t c;
  crc_init(&c, &CRC_32);
  uint32_t reg = CRC_32.init;
  for (unsigned i = 0; i < len; i++)
    reg = crc_word(&c, reg, &payload[i], w);
  return crc_finish(&CRC_32, reg);
}

/* ------------------------------------------------------------------ the link */

int apl_init(apl_t *m, const apl_params_t *p) {
  if (!m || apl_params_check(p))
    return -1;
  memset(m, 0, sizeof *m);
  m->p = *p;
  crc_init(&m->crc, &CRC_32);
  for (unsigned v = 0; v < p->nvc; v++)
    m->rcred[v] = p->d;
  m->tstate = APL_TX_IDLE;
  m->rstate = APL_RX_HUNT;
  return 0;
}

void apl_comb(const apl_t *m, apl_out_t *out) { *out = m->o; }

static const apl_entry_t *front(const apl_fifo_t *f) { return &f->e[f->rd]; }

/* HUNT's rule for a word that is not a CREDIT: a MAGIC leads to MAGIC seen, anything else is a
 * FRAME error and stays in HUNT. Returns the next state and counts into *frame. */
static unsigned hunt(unsigned ctrl, unsigned type, unsigned *frame) {
  if (ctrl && type == APL_MAGIC)
    return APL_RX_MAGIC;
  (*frame)++;
  return APL_RX_HUNT;
}

void apl_clock(apl_t *m, const apl_in_t *in) {
  const apl_t *s = m; /* the state at the start of the cycle: read only until the edge */
  const apl_params_t *p = &s->p;
  const unsigned NVC = p->nvc, D = p->d, W = p->w;
  uint64_t ev[APL_NERR] = {0};
  unsigned pop = 0;                    /* bit v: FIFO v pops its front */
  unsigned spent[APL_MAX_VC] = {0};    /* rcred spent by a popped packet word */
  unsigned got[APL_MAX_VC] = {0};      /* credits of a CREDIT word received */
  unsigned owe_add[APL_MAX_VC] = {0};  /* data words RX dropped */
  unsigned owe_sent[APL_MAX_VC] = {0}; /* carried by a CREDIT word sent */
  apl_out_t no = s->o;
  no.rt_cr = 0;
  no.lr_valid = 0;
  /* TX decides only while its word register is free (tx_valid 0 or the wire takes the word);
   * otherwise the word on tx_* holds and TX's state with it */
  const unsigned go = !s->o.tx_valid || (in->tx_ready & 1u);
  if (go)
    no.tx_valid = 0;

  /* ---- TX input write (before any state changes: full / tracker at the start) */
  int push = -1;
  apl_entry_t pe = {{{0, 0, 0, 0}}, 0, 0};
  unsigned nwrem[APL_MAX_VC];
  for (unsigned v = 0; v < APL_MAX_VC; v++)
    nwrem[v] = s->fifo[v].wrem;
  if (in->rt_valid) {
    unsigned v = in->rt_vc & 1u;
    if (v >= NVC) {
      ev[APL_ERR_CREDIT]++; /* bad rt_vc: no tracker moves */
    } else {
      const apl_fifo_t *f = &s->fifo[v];
      pe.word = in->rt_data;
      mask_word(&pe.word, W);
      pe.is_head = f->wrem == 0;
      pe.len = pe.is_head ? field(&pe.word, 16, 8) : 0;
      nwrem[v] = pe.is_head ? pe.len + 1 : f->wrem - 1; /* stored or not */
      if (f->cnt == D)
        ev[APL_ERR_CREDIT]++; /* overflow */
      else
        push = (int)v;
    }
  }

  /* ---- TX send */
  unsigned tx = 0, txc = 0;
  apl_word_t txw = {{0, 0, 0, 0}};
  unsigned ntstate = s->tstate, ntvc = s->tvc, ntrem = s->trem, ncr_due = s->cr_due, nrr = s->rr;
  uint32_t ntcrc = s->tcrc;
  if (!go) {
    /* held */
  } else if (s->tstate == APL_TX_IDLE) {
    int orphan = -1;
    for (unsigned v = 0; v < NVC && orphan < 0; v++)
      if (s->fifo[v].cnt && !front(&s->fifo[v])->is_head)
        orphan = (int)v;
    if (orphan >= 0) {
      pop |= 1u << orphan; /* discarded; nothing else this cycle, rcred unchanged */
    } else {
      unsigned elig = 0, owed = 0;
      for (unsigned v = 0; v < NVC; v++) {
        const apl_fifo_t *f = &s->fifo[v];
        if (f->cnt && front(f)->is_head && s->rcred[v] >= front(f)->len + 2 + s->tred)
          elig |= 1u << v;
        if (s->owe[v])
          owed = 1;
      }
      if (owed && (s->cr_due || !elig)) {
        for (unsigned v = 0; v < NVC; v++)
          owe_sent[v] = s->owe[v] > 0xFFFFu ? 0xFFFFu : s->owe[v];
        tx = txc = 1;
        txw = apl_credit(owe_sent[0], owe_sent[1]);
        ncr_due = 0;
      } else if (elig) {
        unsigned v = s->rr;
        while (!(elig >> v & 1u))
          v = (v + 1) % NVC;
        nrr = (v + 1) % NVC;
        tx = txc = 1;
        txw = apl_magic();
        ntvc = v;
        ntstate = APL_TX_START;
      }
    }
  } else if (s->tstate == APL_TX_START) {
    tx = txc = 1;
    txw = apl_start(s->tvc);
    ntstate = APL_TX_HEADER;
  } else if (s->fifo[s->tvc].cnt) { /* a data word of the packet; none yet: a gap */
    const apl_entry_t *e = front(&s->fifo[s->tvc]);
    pop |= 1u << s->tvc;
    spent[s->tvc] = 1;
    tx = 1;
    txw = e->word;
    if (s->tstate == APL_TX_HEADER) {
      secded_encode(txw.w, W);
      ntrem = e->len;
      ntcrc = CRC_32.init;
      ntstate = e->len ? APL_TX_PAYLOAD : APL_TX_FOOTER;
    } else if (s->tstate == APL_TX_PAYLOAD) {
      ntcrc = crc_word(&s->crc, s->tcrc, &txw, W);
      ntrem = s->trem - 1;
      if (!ntrem)
        ntstate = APL_TX_FOOTER;
    } else { /* FOOTER */
      txw.w[0] = crc_finish(&CRC_32, s->tcrc);
      /* bit 32, the CRC-error flag, goes on as it came (sticky over several links) */
      ncr_due = 1;
      ntstate = APL_TX_IDLE;
    }
  }

  /* ---- RX */
  unsigned nrstate = s->rstate, nrvc = s->rvc, nrrem = s->rrem;
  uint32_t nrcrc = s->rcrc;
  if (in->rx_valid) {
    apl_word_t x = in->rx_data;
    mask_word(&x, W);
    unsigned ctrl = in->rx_ctrl & 1u, type = field(&x, 0, 8);
    unsigned frame = 0;
    if (ctrl && type == APL_CREDIT) {
      got[0] = field(&x, 8, 16);
      if (NVC > 1)
        got[1] = field(&x, 24, 8) | field(&x, 32, 8) << 8;
    } else {
      switch (s->rstate) {
      case APL_RX_HUNT:
        nrstate = hunt(ctrl, type, &frame);
        break;
      case APL_RX_MAGIC:
        if (ctrl && type == APL_START && field(&x, 8, 1) < NVC) {
          nrstate = APL_RX_HEADER;
          nrvc = field(&x, 8, 1);
        } else {
          frame = 1;
          nrstate = ctrl && type == APL_MAGIC ? APL_RX_MAGIC : APL_RX_HUNT;
        }
        break;
      case APL_RX_HEADER:
      case APL_RX_PAYLOAD:
      case APL_RX_FOOTER:
        if (ctrl) { /* the packet is cut short */
          frame = 1;
          nrstate = type == APL_MAGIC ? APL_RX_MAGIC : APL_RX_HUNT;
          break;
        }
        if (s->rstate == APL_RX_HEADER) {
          int rc = secded_decode(x.w, W);
          if (rc == SECDED_UNCORRECTABLE) {
            ev[APL_ERR_HDR_UNC]++;
            owe_add[s->rvc]++; /* paid for by the far end, never seen by the router */
            nrstate = APL_RX_DROP;
            break;
          }
          if (rc == SECDED_CORRECTED)
            ev[APL_ERR_HDR_COR]++;
          nrrem = field(&x, 16, 8);
          nrcrc = CRC_32.init;
          nrstate = nrrem ? APL_RX_PAYLOAD : APL_RX_FOOTER;
        } else if (s->rstate == APL_RX_PAYLOAD) {
          nrcrc = crc_word(&s->crc, s->rcrc, &x, W);
          nrrem = s->rrem - 1;
          if (!nrrem)
            nrstate = APL_RX_FOOTER;
        } else {
          if (x.w[0] != crc_finish(&CRC_32, s->rcrc)) {
            ev[APL_ERR_CRC]++;
            x.w[1] |= 1u;
          }
          nrstate = APL_RX_HUNT;
        }
        no.lr_valid = 1;
        no.lr_vc = s->rvc;
        no.lr_data = x;
        break;
      default: /* DROP */
        if (ctrl)
          nrstate = hunt(ctrl, type, &frame);
        else
          owe_add[s->rvc]++;
        break;
      }
    }
    ev[APL_ERR_FRAME] += frame;
  }

  /* ---- credits */
  unsigned nrcred[APL_MAX_VC], nowe[APL_MAX_VC];
  for (unsigned v = 0; v < APL_MAX_VC; v++) {
    nrcred[v] = s->rcred[v];
    nowe[v] = s->owe[v];
    if (v >= NVC)
      continue;
    uint64_t c = (uint64_t)s->rcred[v] - spent[v] + got[v];
    if (c > D) { /* the whole count is dropped, one error (docs/noc/apelink.md "TX") */
      ev[APL_ERR_CREDIT]++;
      c = (uint64_t)s->rcred[v] - spent[v];
    }
    nrcred[v] = (unsigned)c;
    nowe[v] = s->owe[v] - owe_sent[v] + (in->lr_cr >> v & 1u) + owe_add[v];
  }

  /* ---- the edge */
  for (unsigned v = 0; v < NVC; v++) {
    apl_fifo_t *f = &m->fifo[v];
    unsigned rd = f->rd, cnt = f->cnt;
    if (push == (int)v)
      f->e[(rd + cnt) % APL_MAX_D] = pe;
    if (pop >> v & 1u) {
      f->rd = (rd + 1) % APL_MAX_D;
      cnt--;
    }
    f->cnt = cnt + (push == (int)v);
    f->wrem = nwrem[v];
    m->rcred[v] = nrcred[v];
    m->owe[v] = nowe[v];
  }
  m->tstate = ntstate;
  m->tvc = ntvc;
  m->trem = ntrem;
  m->tcrc = ntcrc;
  m->cr_due = ncr_due;
  m->rr = nrr;
  m->tred = in->cfg_tred & 0x7FFu;
  m->rstate = nrstate;
  m->rvc = nrvc;
  m->rrem = nrrem;
  m->rcrc = nrcrc;
  no.rt_cr = pop;
  if (tx) {
    no.tx_valid = 1;
    no.tx_ctrl = txc;
    no.tx_data = txw;
  }
  uint64_t emax = p->ew >= 32 ? 0xFFFFFFFFu : (UINT64_C(1) << p->ew) - 1;
  for (unsigned k = 0; k < APL_NERR; k++) {
    uint64_t e = (uint64_t)s->o.err[k] + ev[k];
    no.err[k] = (uint32_t)(e > emax ? emax : e);
  }
  m->o = no;
}
