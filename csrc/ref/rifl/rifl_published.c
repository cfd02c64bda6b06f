/*
 * rifl_published.c - the RIFL link-layer procedures as published (see rifl_published.h),
 * written from the paper's text: Section 4.A (TX states), 4.B (RX events), 4.C (retransmission,
 * Listing 1), 4.D (flow control), and FACTS.md "RIFL wire format". Only the wire format is
 * reused (rifl_frame, rifl_channel, rifl_lane_aligner_model); no procedure logic is shared with
 * rifl_lane_core_model.c.
 *
 * One clock edge: the RX side consumes the frame the frame layer produced at the previous edge
 * (monitor, Listing 1, FIFO), the aligner and RX frame layer advance, the gearbox puts the next
 * word on the wire, and at the first cycle of every slot (FW/64 cycles) the TX logic picks the
 * slot's state and frame from the flags as they were before the edge.
 *
 * Hazards of the published procedures (test_rifl_published.c shows both):
 *  - a receiver that fails while caught up (e.g. on a control frame) re-verifies the last 16 IDs
 *    and waits with Frame_Error raised, since Listing 1 clears it only on a delivery; it keeps
 *    requesting, the peer's replay repeats, and its oldest entry carries exactly the receiver's
 *    threshold: the whole buffer is delivered again. caught_up_clear = 1 fixes it at the
 *    receiver (an intact control frame while caught up clears Frame_Error).
 *  - Fig. 4 is missing from the text; Retrans is entered "when Re-transmit Request Frames are
 *    received ..., or a retransmission is resumed from an interruption caused by higher
 *    priority events". Read here: a replay interrupted by Send Pause / Pause is resumed where
 *    it stopped; leaving the pause states starts a replay only if none has completed since
 *    reset (the first replay, of Init's fillers, is what takes the peer's receiver out of
 *    Listing 1's start state, and starts over if interrupted: the peer may have missed its
 *    start). The wider reading (every exit from the pause states replays from the oldest
 *    entry) duplicates the whole buffer at a receiver that lost nothing when only one
 *    direction lost sync (test_rifl_published.c rifl_pub_resync shows this reading does not).
 */
#include "rifl_published.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "rifl_channel.h"

#define W RIFL_FRAME_WORDS_MAX

/* What the TX sends in a slot. */
enum { F_CTRL, F_REPLAY, F_FC_ON, F_FC_OFF, F_USER, F_FILLER };

typedef struct {
  unsigned st;       /* RIFL_TX_* of the slot */
  unsigned kind;     /* F_* */
  unsigned key;      /* F_CTRL: control code */
  unsigned id;       /* frame ID carried (vcode) */
  unsigned k;        /* RETRANS: replay slot number */
  unsigned new_proc; /* RETRANS: this slot starts a procedure */
} slot_t;

static uint32_t pub_field(const uint32_t *v, unsigned pos, unsigned n) {
  uint32_t x = 0;
  for (unsigned i = 0; i < n; i++)
    x |= (uint32_t)bits_get(v, pos + i) << i;
  return x;
}

rifl_pub_params_t rifl_pub_default_params(unsigned fw) {
  rifl_lane_params_t lp = rifl_lane_default_params(fw);
  rifl_pub_params_t p = {fw, 8, 64, lp.lock, lp.unlock, 0};
  return p;
}

int rifl_pub_init(rifl_pub_t *m, const rifl_pub_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  /* N must exceed the 16-frame rollback of Listing 1 */
  if (!rifl_fw_ok(p->fw) || p->fidw < 5 || p->fidw > RIFL_FIDW_MAX || p->fc_depth < 4 ||
      p->fc_depth > (1u << 20) || p->lock < 1 || p->unlock < 1)
    return -1;
  m->nw = p->fw / 64;
  m->n = 1u << p->fidw;
  m->bw = RIFL_BODY_BITS(p->fw);
  m->bwords = BITS_WORDS(m->bw);
  rifl_tx_params_t tp = {p->fw, p->fidw};
  rifl_rx_params_t rp = {p->fw};
  rifl_align_params_t ap = {p->fw, p->lock, p->unlock};
  if (rifl_tx_model_init(&m->txf, &tp) || rifl_rx_model_init(&m->rxf, &rp) ||
      rifl_align_model_init(&m->al, &ap))
    return -1;
  m->tx.buf = calloc((size_t)m->bwords * m->n, sizeof(uint32_t));
  m->rx.fifo = calloc((size_t)m->bwords * p->fc_depth, sizeof(uint32_t));
  if (!m->tx.buf || !m->rx.fifo) {
    rifl_pub_free(m);
    return -1;
  }
  rifl_pub_reset(m);
  return 0;
}

void rifl_pub_free(rifl_pub_t *m) {
  free(m->tx.buf);
  free(m->rx.fifo);
  m->tx.buf = NULL;
  m->rx.fifo = NULL;
}

void rifl_pub_reset(rifl_pub_t *m) {
  uint32_t *buf = m->tx.buf, *fifo = m->rx.fifo;
  memset(&m->tx, 0, sizeof m->tx); /* INIT, fid 0 */
  m->tx.buf = buf;
  m->tx.st = RIFL_TX_INIT;
  m->tx.boot = 1;
  memset(&m->rx, 0, sizeof m->rx);
  m->rx.fifo = fifo;
  m->rx.frame_id = 0; /* Listing 1 line 4: FrameID = 0, Threshold_FrameID = 16 */
  m->rx.thr = 16;
  rifl_tx_model_reset(&m->txf);
  rifl_align_model_reset(&m->al);
  rifl_rx_model_reset(&m->rxf);
  m->cnt_retrans = m->cnt_frame_err = m->cnt_overflow = 0;
}

/* ------------------------------------------------------------------ TX */

/* The slot's state and frame (Fig. 4 priority as Section 4.A/4.C describe it), from the state
 * before the edge. Only meaningful at the first cycle of a slot. */
static void decide(const rifl_pub_t *m, slot_t *s) {
  const rifl_pub_tx_t *t = &m->tx;
  const rifl_pub_rx_t *r = &m->rx;
  const unsigned mask = m->n - 1u;
  memset(s, 0, sizeof *s);
  s->kind = F_CTRL;
  /* a control frame carries the ID of the next data frame: an interrupted replay's next one */
  s->id = (t->fid + (t->in_proc && t->k < 2u * m->n ? (t->k + 1u) / 2u : 0u)) & mask;
  if (t->st == RIFL_TX_INIT) {
    /* Init: back-to-back Pause Requests while the buffer fills; the slot after the fill is
     * Send Pause ("right after the TX logic finishes initialization"). ID 0 = fid. */
    s->st = t->init_cnt < m->n ? RIFL_TX_INIT : RIFL_TX_SEND_PAUSE;
    s->key = RIFL_KEY_PAUSE;
    return;
  }
  if (!m->al.aligned) { /* 1. out of sync: Send Pause (abandons a replay) */
    s->st = RIFL_TX_SEND_PAUSE;
    s->key = RIFL_KEY_PAUSE;
    return;
  }
  if (r->pause) { /* 2. Pause Request flag: Pause, back-to-back Idle (interrupts a replay) */
    s->st = RIFL_TX_PAUSE;
    s->key = RIFL_KEY_IDLE;
    return;
  }
  /* 3. a running procedure, one resumed after an interruption by a higher-priority event, the
   * Re-transmit Request flag, or the first replay after reset (Init's fillers) */
  const int paused = t->st == RIFL_TX_SEND_PAUSE || t->st == RIFL_TX_PAUSE;
  if (t->in_proc || r->retr || (paused && t->boot)) {
    s->st = RIFL_TX_RETRANS;
    s->new_proc = !t->in_proc;
    s->k = t->in_proc ? t->k : 0;
    if (s->k < 2u * m->n && s->k % 2u == 0) {
      /* Section 4.C.2: the first 2N slots interleave the buffer, oldest first (the oldest entry
       * has the ID of the next new frame), with control frames */
      s->kind = F_REPLAY;
      s->id = (t->fid + s->k / 2u) & mask;
    } else {
      /* Idle, or Re-transmit Request while our receiver's Frame_Error is raised (4.C.3);
       * a control frame carries the ID of the next data frame */
      s->key = r->err ? RIFL_KEY_RETRANS : RIFL_KEY_IDLE;
      s->id = (t->fid + (s->k < 2u * m->n ? (s->k + 1u) / 2u : 0u)) & mask;
    }
    return;
  }
  if (r->err) { /* 4. local Frame_Error: Send Retrans, back-to-back Re-transmit Requests */
    s->st = RIFL_TX_SEND_RETRANS;
    s->key = RIFL_KEY_RETRANS;
    return;
  }
  /* 5. Normal: a new data frame with ID fid (Section 4.D flow control first) */
  s->st = RIFL_TX_NORMAL;
  unsigned thr_on = 2u * m->p.fc_depth / 3u, thr_off = m->p.fc_depth / 3u;
  if (!t->fc_local && r->level >= thr_on)
    s->kind = F_FC_ON;
  else if (t->fc_local && r->level <= thr_off)
    s->kind = F_FC_OFF;
  else if (!r->fc_remote)
    s->kind = F_USER; /* a user frame if offered, else a filler */
  else
    s->kind = F_FILLER; /* the peer stopped us */
}

/* Body {meta, payload} of a data frame made here (not replayed). */
static void data_body(const rifl_pub_t *m, unsigned meta, const uint32_t *payload, uint32_t *b) {
  const unsigned pw = m->p.fw - 16u;
  memset(b, 0, W * sizeof *b);
  if (payload)
    for (unsigned i = 0; i < pw; i++)
      bits_put(b, i, bits_get(payload, i));
  bits_put_field(b, pw, 2, meta & 3u);
}

static void ctrl_body(const rifl_pub_t *m, unsigned key, uint32_t *b) {
  memset(b, 0, W * sizeof *b);
  bits_put_field(b, m->bw - 16u, 16, key); /* key at frame bits [FW-3:FW-18] */
}

static void fc_body(const rifl_pub_t *m, unsigned code, uint32_t *b) {
  data_body(m, RIFL_META_NONE, NULL, b);
  bits_put_field(b, 0, 8, code); /* frame bits [19:12] */
}

static void tx_clock(rifl_pub_t *m, const rifl_lane_in_t *in, int slot, const slot_t *s) {
  rifl_pub_tx_t *t = &m->tx;
  const unsigned mask = m->n - 1u;
  /* gearbox: a frame the frame layer produced at the previous edge, then its words in turn */
  if (m->txf.out_valid) {
    rifl_frame_to_words(m->txf.out_frame, m->p.fw, t->gear);
    t->gear_idx = 0;
    t->gear_run = 1;
  } else if (t->gear_run && t->gear_idx + 1u < m->nw) {
    t->gear_idx++;
  }
  /* Init writes one filler a cycle (meta 00, payload 0), IDs 0..N-1 */
  if (t->st == RIFL_TX_INIT && t->init_cnt < m->n) {
    memset(t->buf + (size_t)t->init_cnt * m->bwords, 0, m->bwords * sizeof *t->buf);
    t->init_cnt++;
  }
  rifl_tx_in_t tin = {0, 0, NULL, 0};
  uint32_t body[W];
  if (slot) {
    unsigned syn = RIFL_SYN_DATA;
    switch (s->kind) {
    case F_CTRL:
      syn = RIFL_SYN_CTRL;
      ctrl_body(m, s->key, body);
      break;
    case F_REPLAY:
      memcpy(body, t->buf + (size_t)s->id * m->bwords, m->bwords * sizeof *body);
      break;
    case F_FC_ON:
      fc_body(m, RIFL_FC_ON, body);
      break;
    case F_FC_OFF:
      fc_body(m, RIFL_FC_OFF, body);
      break;
    case F_USER: /* u_ready was high this cycle: an offered frame is taken, else a filler */
      if (in->u_valid)
        data_body(m, in->u_meta, in->u_data, body);
      else
        data_body(m, RIFL_META_NONE, NULL, body);
      break;
    default:
      data_body(m, RIFL_META_NONE, NULL, body); /* filler */
      break;
    }
    tin.in_valid = 1;
    tin.in_syn = syn;
    tin.in_body = body;
    tin.in_fid = s->id;
    t->st = s->st;
    switch (s->st) {
    case RIFL_TX_RETRANS:
      if (s->new_proc)
        m->cnt_retrans++;
      /* after slot 2.5N-1 the procedure ends; rule 3 may start it all over again */
      t->k = s->k + 1u;
      t->in_proc = t->k < m->n * 5u / 2u;
      if (!t->in_proc)
        t->k = 0, t->boot = 0;
      break;
    case RIFL_TX_NORMAL:
      /* Section 4.C.1: every data frame sent is copied to the buffer, replacing the entry with
       * the same ID; replay does not change fid */
      memcpy(t->buf + (size_t)t->fid * m->bwords, body, m->bwords * sizeof *body);
      t->fid = (t->fid + 1u) & mask;
      if (s->kind == F_FC_ON)
        t->fc_local = 1;
      else if (s->kind == F_FC_OFF)
        t->fc_local = 0;
      break;
    case RIFL_TX_SEND_PAUSE:
    case RIFL_TX_PAUSE:
      if (t->boot) /* the first replay starts over; any later one resumes at slot k */
        t->in_proc = 0, t->k = 0;
      break;
    default:
      break;
    }
  }
  rifl_tx_model_clock(&m->txf, &tin);
  t->ph = (t->ph + 1u) % m->nw;
}

/* ------------------------------------------------------------------ RX */

static void clear_flags(rifl_pub_rx_t *r) {
  r->pause = r->retr = 0;
  r->pause_run = r->retr_run = 0;
}

/* A data frame or an Idle: 16 in a row clear both request flags. */
static void quiet(rifl_pub_rx_t *r) {
  if (++r->quiet_run >= 16u) {
    r->quiet_run = 16u;
    clear_flags(r);
  }
}

/* Section 4.B: a request flag is raised by eight consecutive control frames with its key ("the
 * most recent received eight Control Frames are all Re-transmit Request", 4.C.2); data frames
 * in between are not control frames. */
static void monitor(rifl_pub_rx_t *r, unsigned syn, unsigned key) {
  if (syn == RIFL_SYN_DATA) {
    quiet(r);
    return;
  }
  if (syn != RIFL_SYN_CTRL) { /* illegal SYN: no frame of either kind */
    r->pause_run = r->retr_run = r->quiet_run = 0;
    return;
  }
  if (key == RIFL_KEY_PAUSE) {
    r->retr = r->retr_run = r->quiet_run = 0;
    if (++r->pause_run >= 8u) {
      r->pause_run = 8u;
      r->pause = 1;
    }
  } else if (key == RIFL_KEY_RETRANS) {
    r->pause = r->pause_run = r->quiet_run = 0;
    if (++r->retr_run >= 8u) {
      r->retr_run = 8u;
      r->retr = 1;
    }
  } else {
    clear_flags(r); /* Idle, or a key corrupted into none of the three */
    if (key == RIFL_KEY_IDLE)
      quiet(r);
    else
      r->quiet_run = 0;
  }
}

/* A delivered data frame (Frame_Valid): user data to the FIFO, flow control to the TX. */
static void deliver(rifl_pub_t *m, const uint32_t *body, unsigned pop) {
  rifl_pub_rx_t *r = &m->rx;
  unsigned meta = pub_field(body, m->p.fw - 16u, 2);
  if (meta == RIFL_META_NONE) {
    unsigned code = pub_field(body, 0, 8);
    if (code == RIFL_FC_ON)
      r->fc_remote = 1;
    else if (code == RIFL_FC_OFF)
      r->fc_remote = 0;
    return; /* a filler (or an FC frame) is not user data */
  }
  if (r->level - pop >= m->p.fc_depth) {
    m->cnt_overflow++; /* flow control must prevent this */
    return;
  }
  memcpy(r->fifo + (size_t)r->wr * m->bwords, body, m->bwords * sizeof *body);
  r->wr = (r->wr + 1u) % m->p.fc_depth;
  r->level++;
}

/* Listing 1, following the prose where the listing is garbled: compare FrameID with the
 * threshold first, then increment. */
static void verify(rifl_pub_t *m, unsigned syn, const uint32_t *body, unsigned code, unsigned pop) {
  rifl_pub_rx_t *r = &m->rx;
  const unsigned mask = m->n - 1u;
  if (code == r->frame_id) { /* line 8: VCode == FrameID ^ Checksum */
    if (syn == RIFL_SYN_DATA) {
      if (r->frame_id == r->thr) { /* lines 11-14 */
        deliver(m, body, pop);
        r->thr = (r->thr + 1u) & mask;
        r->err = 0;
      }
      r->frame_id = (r->frame_id + 1u) & mask; /* line 10 */
    } else if (m->p.caught_up_clear && r->frame_id == r->thr) {
      /* not in the paper: an intact control frame while caught up ends the error, so a
       * repeated replay cannot deliver the buffer again (the duplicate hazard) */
      r->err = 0;
    }
    /* otherwise a control frame (or an illegal SYN): "will not do anything" */
  } else {
    if (!r->err)
      m->cnt_frame_err++;
    r->frame_id = (r->thr - 16u) & mask; /* line 18 */
    r->err = 1;
  }
}

static void rx_clock(rifl_pub_t *m, const rifl_lane_in_t *in) {
  rifl_pub_rx_t *r = &m->rx;
  unsigned pop = r->level > 0 && in->r_ready;
  if (m->rxf.out_valid) {
    unsigned syn = m->rxf.out_syn;
    if (m->al.aligned)
      monitor(r, syn, pub_field(m->rxf.out_body, m->bw - 16u, 16));
    verify(m, syn, m->rxf.out_body, m->rxf.out_code, pop);
  }
  if (!m->al.aligned) { /* out of sync: no requests are known */
    clear_flags(r);
    r->quiet_run = 0;
  }
  if (pop) {
    r->rd = (r->rd + 1u) % m->p.fc_depth;
    r->level--;
  }
  /* only aligned frames reach the frame layer */
  rifl_rx_in_t rin = {m->al.frame_valid && m->al.aligned, m->al.frame};
  rifl_rx_model_clock(&m->rxf, &rin);
  rifl_align_in_t ain = {in->gt_rx_valid, in->gt_rx_data};
  rifl_align_model_clock(&m->al, &ain);
}

/* ------------------------------------------------------------------ ports */

void rifl_pub_comb(const rifl_pub_t *m, const rifl_lane_in_t *in, rifl_lane_out_t *out) {
  (void)in; /* no output depends on the inputs combinationally */
  const rifl_pub_tx_t *t = &m->tx;
  const rifl_pub_rx_t *r = &m->rx;
  memset(out, 0, sizeof *out);
  if (t->ph == 0) {
    slot_t s;
    decide(m, &s);
    out->u_ready = s.kind == F_USER;
  }
  if (r->level > 0) {
    const uint32_t *e = r->fifo + (size_t)r->rd * m->bwords;
    const unsigned pw = m->p.fw - 16u;
    out->r_valid = 1;
    out->r_meta = pub_field(e, pw, 2);
    for (unsigned i = 0; i < BITS_WORDS(pw); i++)
      out->r_data[i] = e[i];
    out->r_data[BITS_WORDS(pw) - 1] &= bits_top_mask(pw);
  }
  out->gt_tx_data = t->gear_run ? t->gear[t->gear_idx] : 0;
  out->tx_state = t->st;
  out->aligned = m->al.aligned;
  out->link_up =
      t->st == RIFL_TX_RETRANS || t->st == RIFL_TX_SEND_RETRANS || t->st == RIFL_TX_NORMAL;
  out->frame_err = r->err;
  out->pause_req = r->pause;
  out->retrans_req = r->retr;
  out->fc_local = t->fc_local;
  out->fc_remote = r->fc_remote;
  out->rx_level = r->level;
  out->cnt_retrans = m->cnt_retrans;
  out->cnt_frame_err = m->cnt_frame_err;
  out->cnt_overflow = m->cnt_overflow;
}

void rifl_pub_clock(rifl_pub_t *m, const rifl_lane_in_t *in) {
  slot_t s;
  memset(&s, 0, sizeof s);
  int slot = m->tx.ph == 0;
  if (slot)
    decide(m, &s); /* from the flags before the edge */
  rx_clock(m, in);
  tx_clock(m, in, slot, &s);
}
