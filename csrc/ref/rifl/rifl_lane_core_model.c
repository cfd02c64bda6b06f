/* rifl_lane_core_model.c - rifl_lane_core cycle model, one part per RTL module. */
#include "rifl_lane_core_model.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"

#define W RIFL_FRAME_WORDS_MAX

enum { C_RETRANS, C_FRAME_ERR, C_OVERFLOW, C_RESTART, C_FLUSH, C_ABORT };

/* The wires of one cycle: registered outputs every module sees, and the
 * combinational decisions of the TX controller. Computed from the pre-edge
 * state (and the inputs) before any module is clocked. */
typedef struct {
  /* receive side, registered */
  unsigned rx_al, rxf_valid, p_req, r_req, is_pause;
  unsigned f_err, fc_on_rx, fc_off_rx, v_valid, v_meta;
  /* flow-control buffer */
  unsigned fcb_ready, fcb_valid, fc_high, fc_low;
  /* core glue and controller status */
  unsigned abort_push, restart, rx_en;
  /* rifl_tx_ctrl */
  unsigned slot, up, go_init, fc_need, unfinished, nx, new_proc, rs_now, rp_slot, take_user;
  unsigned u_ready;
  uint32_t new_body[W];
} wires_t;

static uint32_t get_field(const uint32_t *v, unsigned pos, unsigned n) {
  uint32_t x = 0;
  for (unsigned i = 0; i < n; i++)
    x |= (uint32_t)bits_get(v, pos + i) << i;
  return x;
}

static void put_field(uint32_t *v, unsigned pos, unsigned n, uint32_t x) {
  for (unsigned i = 0; i < n; i++)
    bits_put(v, pos + i, (x >> i) & 1u);
}

/* Body of a control frame: key on top, zeros below. */
static void ctrl_body(uint32_t *b, unsigned bw, unsigned key) {
  memset(b, 0, W * sizeof *b);
  put_field(b, bw - 16, 16, key);
}

static unsigned fmask(const rifl_lane_model_t *m) { return (1u << m->p.fidw) - 1u; }

rifl_lane_params_t rifl_lane_default_params(unsigned fw) {
  rifl_lane_params_t p = {fw, 8, 64, 64, 16, 64, 0};
  return p;
}

void rifl_lane_random_user(prng_t *r, unsigned fw, unsigned *meta, uint32_t *data) {
  uint8_t bytes[128];
  uint32_t frame[W], body[W];
  unsigned pb = rifl_payload_bytes(fw), pw = fw - 16;
  size_t n = pb;
  *meta = (unsigned)prng_range(r, 1, 3);
  if (*meta == RIFL_META_END_PARTIAL)
    n = (size_t)prng_range(r, 1, pb - 1);
  prng_fill(r, bytes, n);
  (void)rifl_data_frame(frame, fw, *meta, bytes, n);
  rifl_frame_body(frame, fw, body); /* {meta, payload} */
  memset(data, 0, BITS_WORDS(pw) * sizeof *data);
  for (unsigned i = 0; i < BITS_WORDS(pw); i++)
    data[i] = body[i];
  data[BITS_WORDS(pw) - 1] &= bits_top_mask(pw);
}

unsigned rifl_lane_phase_width(unsigned fw) { return rifl_align_phase_width(fw); }

unsigned rifl_lane_level_width(unsigned fc_depth) { return bits_clog2((uint64_t)fc_depth + 1); }

/* ------------------------------------------------------------ init / reset */

int rifl_lane_model_init(rifl_lane_model_t *m, const rifl_lane_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  if (!rifl_fw_ok(p->fw) || p->fidw < 5 || p->fidw > 12 || p->fc_depth < 4 ||
      p->fc_depth > (1u << 20) || (p->fc_depth & (p->fc_depth - 1)) != 0 || p->lock < 1 ||
      p->unlock < 1 || p->pause_timeout < 32 || p->pause_timeout > 65535 || p->restart > 1)
    return -1;
  m->nw = p->fw / 64;
  m->bw = RIFL_BODY_BITS(p->fw);
  m->bwords = BITS_WORDS(m->bw + 1);
  rifl_tx_params_t tp = {p->fw, p->fidw};
  rifl_rx_params_t rp = {p->fw};
  rifl_align_params_t ap = {p->fw, p->lock, p->unlock};
  if (rifl_tx_model_init(&m->txf, &tp) || rifl_rx_model_init(&m->rxf, &rp) ||
      rifl_align_model_init(&m->al, &ap))
    return -1;
  m->ctrl.mem = calloc((size_t)m->bwords << p->fidw, sizeof(uint32_t));
  m->fcb.mem = calloc((size_t)m->bwords * p->fc_depth, sizeof(uint32_t));
  if (!m->ctrl.mem || !m->fcb.mem) {
    rifl_lane_model_free(m);
    return -1;
  }
  rifl_lane_model_reset(m);
  return 0;
}

void rifl_lane_model_free(rifl_lane_model_t *m) {
  free(m->ctrl.mem);
  free(m->fcb.mem);
  m->ctrl.mem = NULL;
  m->fcb.mem = NULL;
}

void rifl_lane_model_reset(rifl_lane_model_t *m) {
  rifl_lane_ctrl_t *c = &m->ctrl;
  uint32_t *mem = c->mem, *fmem = m->fcb.mem;
  memset(c, 0, sizeof *c); /* st = INIT, everything else 0 */
  c->mem = mem;
  c->boot = 1;
  /* INIT writes entry 0 at every edge in reset and the read register takes it */
  memset(mem, 0, m->bwords * sizeof *mem);
  rifl_tx_model_reset(&m->txf);
  memset(m->gear, 0, sizeof m->gear);
  m->gear_left = m->gear_run = 0;
  rifl_align_model_reset(&m->al);
  rifl_rx_model_reset(&m->rxf);
  memset(&m->mon, 0, sizeof m->mon);
  memset(&m->ver, 0, sizeof m->ver);
  m->ver.thr = 16; /* Listing 1's start: fid 0, thr 16 */
  m->rx_open = m->abort_pend = 0;
  m->fcb.wr = m->fcb.rd = m->fcb.level = 0;
  m->fcb.mem = fmem;
  memset(m->cnt, 0, sizeof m->cnt);
}

/* ------------------------------------------------------------ combinational */

/* rifl_ctrl_monitor: registered flags; is_pause decodes the registered frame. */
static void mon_comb(const rifl_lane_model_t *m, wires_t *w) {
  const rifl_rx_model_t *r = &m->rxf;
  w->p_req = m->mon.pause;
  w->r_req = m->mon.retr;
  w->is_pause = r->out_valid && r->out_syn == RIFL_SYN_CTRL &&
                get_field(r->out_body, m->bw - 16, 16) == RIFL_KEY_PAUSE;
}

/* rifl_rx_verify: all outputs registered. */
static void verify_comb(const rifl_lane_model_t *m, wires_t *w) {
  const rifl_lane_verify_t *v = &m->ver;
  w->v_valid = v->push;
  w->v_meta = get_field(v->body, m->bw - 2, 2);
  w->f_err = v->err;
  w->fc_on_rx = v->fc_on;
  w->fc_off_rx = v->fc_off;
}

/* rifl_fc_buf: thresholds 2/3 and 1/3 of the depth on the registered level. */
static void fcb_comb(const rifl_lane_model_t *m, wires_t *w) {
  unsigned level = m->fcb.level, d = m->p.fc_depth;
  w->fcb_ready = level != d;
  w->fcb_valid = level != 0;
  w->fc_high = level >= (2 * d) / 3;
  w->fc_low = level <= d / 3;
}

/* rifl_tx_ctrl: next state of the slot, replay slot, user handshake, new body. */
static void ctrl_comb(const rifl_lane_model_t *m, const rifl_lane_in_t *in, wires_t *w) {
  const rifl_lane_ctrl_t *c = &m->ctrl;
  const unsigned fidw = m->p.fidw, rs_mask = (1u << (fidw + 2)) - 1u, rst = m->p.restart;
  const unsigned r_last = (5u << fidw) / 2 - 1;
  unsigned st = c->st, nx = st, np = 0;
  unsigned paused = st == RIFL_TX_SEND_PAUSE || st == RIFL_TX_PAUSE;
  w->slot = c->ph == m->nw - 1;
  w->up = st == RIFL_TX_RETRANS || st == RIFL_TX_SEND_RETRANS || st == RIFL_TX_NORMAL;
  w->go_init =
      (in->force_restart && st != RIFL_TX_INIT) || (rst && w->up && (!w->rx_al || w->p_req));
  w->fc_need = c->fc_local ? w->fc_low : w->fc_high;
  w->unfinished = (st == RIFL_TX_RETRANS && c->rs != r_last) || c->intr;
  if (st == RIFL_TX_INIT) {
    if (c->init_done && !in->force_restart)
      nx = RIFL_TX_SEND_PAUSE;
  } else if (w->go_init) {
    nx = RIFL_TX_INIT;
  } else if (!rst && !w->rx_al) {
    nx = RIFL_TX_SEND_PAUSE;
  } else if (!rst && w->p_req) {
    nx = RIFL_TX_PAUSE;
  } else if (rst && st == RIFL_TX_SEND_PAUSE) {
    if (w->rx_al && c->seen_pause && (c->dwell & 16u))
      nx = RIFL_TX_PAUSE;
  } else if (rst && st == RIFL_TX_PAUSE) {
    if (!w->rx_al || c->ptime >= m->p.pause_timeout)
      nx = RIFL_TX_SEND_PAUSE;
    else if (!w->p_req)
      nx = RIFL_TX_RETRANS, np = 1;
  } else if (paused && c->boot) {
    nx = RIFL_TX_RETRANS, np = 1; /* the replay of INIT's fillers, from its start */
  } else if (w->unfinished) {
    nx = RIFL_TX_RETRANS; /* goes on, or resumes where it was interrupted */
  } else if (w->r_req) {
    nx = RIFL_TX_RETRANS, np = 1;
  } else if (w->f_err) {
    nx = RIFL_TX_SEND_RETRANS;
  } else {
    nx = RIFL_TX_NORMAL;
  }
  w->nx = nx;
  w->new_proc = np;
  w->rs_now = np ? 0 : (c->rs + 1) & rs_mask;
  /* even slots of the first 2 x 2^FIDW replay a buffered frame */
  w->rp_slot = w->rs_now < (2u << fidw) && !(w->rs_now & 1u);
  w->take_user = w->slot && nx == RIFL_TX_NORMAL && !w->fc_need && !c->fc_remote && !c->flush;
  w->u_ready = w->take_user || c->flush;
  memset(w->new_body, 0, sizeof w->new_body);
  if (w->fc_need) {
    put_field(w->new_body, 0, 8, c->fc_local ? RIFL_FC_OFF : RIFL_FC_ON);
  } else if (w->take_user && in->u_valid) {
    unsigned pw = m->p.fw - 16;
    if (in->u_data)
      for (unsigned i = 0; i < BITS_WORDS(pw); i++)
        w->new_body[i] = in->u_data[i];
    w->new_body[BITS_WORDS(pw) - 1] &= bits_top_mask(pw);
    put_field(w->new_body, pw, 2, in->u_meta & 3u);
  }
}

static void eval(const rifl_lane_model_t *m, const rifl_lane_in_t *in, wires_t *w) {
  w->rx_al = m->al.aligned;
  w->rxf_valid = m->rxf.out_valid;
  mon_comb(m, w);
  verify_comb(m, w);
  fcb_comb(m, w);
  /* an abort entry waits for room and for a cycle without a delivery */
  w->abort_push = m->abort_pend && w->fcb_ready && !w->v_valid;
  w->restart = m->ctrl.restart;
  w->rx_en = !m->p.restart || (m->ctrl.st != RIFL_TX_INIT && m->ctrl.st != RIFL_TX_SEND_PAUSE);
  ctrl_comb(m, in, w);
}

void rifl_lane_model_comb(const rifl_lane_model_t *m, const rifl_lane_in_t *in,
                          rifl_lane_out_t *out) {
  wires_t w;
  eval(m, in, &w);
  const unsigned fw = m->p.fw, bw = m->bw, pw = fw - 16;
  out->u_ready = w.u_ready;
  out->r_valid = w.fcb_valid;
  memset(out->r_data, 0, sizeof out->r_data);
  out->r_meta = out->r_abort = 0;
  if (w.fcb_valid) { /* masked to 0 when empty */
    const uint32_t *e = m->fcb.mem + (size_t)m->fcb.rd * m->bwords;
    out->r_abort = bits_get(e, bw);
    out->r_meta = get_field(e, bw - 2, 2);
    for (unsigned i = 0; i < BITS_WORDS(pw); i++)
      out->r_data[i] = e[i];
    out->r_data[BITS_WORDS(pw) - 1] &= bits_top_mask(pw);
  }
  out->gt_tx_data = (uint64_t)m->gear[fw / 32 - 2] | (uint64_t)m->gear[fw / 32 - 1] << 32;
  out->tx_state = m->ctrl.st;
  out->aligned = m->al.aligned;
  out->align_offset = m->al.o;
  out->align_phase = m->al.phase;
  out->link_up = w.up;
  out->frame_err = w.f_err;
  out->pause_req = w.p_req;
  out->retrans_req = w.r_req;
  out->fc_local = m->ctrl.fc_local;
  out->fc_remote = m->ctrl.fc_remote;
  out->rx_level = m->fcb.level;
  out->cnt_retrans = m->cnt[C_RETRANS];
  out->cnt_frame_err = m->cnt[C_FRAME_ERR];
  out->cnt_overflow = m->cnt[C_OVERFLOW];
  out->cnt_restart = m->cnt[C_RESTART];
  out->cnt_flush = m->cnt[C_FLUSH];
  out->cnt_abort = m->cnt[C_ABORT];
}

/* ------------------------------------------------------------ rising edge */
/* Each module updates only its own state from the wires and the pre-edge
 * state of the modules it reads; modules are clocked downstream first, so a
 * module's state is read before it changes. */

static void counters_clock(rifl_lane_model_t *m, const wires_t *w) {
  m->cnt[C_RETRANS] += m->ctrl.ev_retr;
  m->cnt[C_FRAME_ERR] += m->ver.fail;
  m->cnt[C_OVERFLOW] += m->ver.ovf;
  m->cnt[C_RESTART] += w->restart;
  m->cnt[C_FLUSH] += m->ctrl.ev_flush;
  m->cnt[C_ABORT] += w->abort_push;
}

/* rifl_fc_buf: entries {abort, meta, data}; push and pop at the same edge allowed. */
static void fcb_clock(rifl_lane_model_t *m, const rifl_lane_in_t *in, const wires_t *w) {
  rifl_lane_fcb_t *f = &m->fcb;
  unsigned push = (w->v_valid || w->abort_push) && w->fcb_ready;
  unsigned pop = w->fcb_valid && in->r_ready;
  if (push) {
    uint32_t *e = f->mem + (size_t)f->wr * m->bwords;
    if (w->abort_push)
      memset(e, 0, m->bwords * sizeof *e);
    else
      memcpy(e, m->ver.body, m->bwords * sizeof *e);
    bits_put(e, m->bw, w->abort_push);
    f->wr = (f->wr + 1) & (m->p.fc_depth - 1);
  }
  if (pop)
    f->rd = (f->rd + 1) & (m->p.fc_depth - 1);
  f->level = f->level + push - pop;
}

/* rifl_lane_core: a packet cut by a restart gets an abort entry. */
static void glue_clock(rifl_lane_model_t *m, const wires_t *w) {
  /* open after this cycle's frame, if any: an end frame pushed with the restart closes it */
  unsigned open_after = w->v_valid ? !(w->v_meta & 2u) : m->rx_open;
  if (w->v_valid)
    m->rx_open = !(w->v_meta & 2u);
  if (m->p.restart && w->restart && open_after)
    m->abort_pend = 1;
  if (w->abort_push)
    m->abort_pend = m->rx_open = 0;
}

/* rifl_rx_verify: frame ID, delivery threshold, error flag. */
static void verify_clock(rifl_lane_model_t *m, const wires_t *w) {
  rifl_lane_verify_t *v = &m->ver;
  const rifl_rx_model_t *r = &m->rxf;
  const unsigned mask = fmask(m), buf_ready = w->fcb_ready && !m->abort_pend;
  v->push = v->fc_on = v->fc_off = v->fail = v->ovf = 0;
  if (!w->rx_en) {
    v->fid = 0;
    v->thr = 16;
    v->err = 0;
    return;
  }
  if (!r->out_valid)
    return;
  unsigned meta = get_field(r->out_body, m->bw - 2, 2), code = get_field(r->out_body, 0, 8);
  unsigned intact = r->out_code == v->fid, is_data = r->out_syn == RIFL_SYN_DATA;
  unsigned at_thr = v->fid == v->thr, user = meta != 0;
  unsigned deliver = intact && is_data && at_thr && (!user || buf_ready);
  unsigned overflow = intact && is_data && at_thr && user && !buf_ready;
  if (!intact || overflow) {
    v->fid = (v->thr - 16u) & mask;
    v->fail = !v->err; /* an error event: the replay after it fails many frames on purpose */
    v->err = 1;
    v->ovf = overflow;
  } else if (!is_data) {
    if (at_thr) /* an intact control frame naming the awaited ID: caught up */
      v->err = 0;
  } else {
    v->fid = (v->fid + 1) & mask;
    if (deliver) {
      v->thr = (v->thr + 1) & mask;
      v->err = 0;
      v->push = user;
      v->fc_on = !user && code == RIFL_FC_ON;
      v->fc_off = !user && code == RIFL_FC_OFF;
    }
  }
  if (deliver && user)
    memcpy(v->body, r->out_body, sizeof v->body);
}

/* rifl_ctrl_monitor: runs of 8 keys raise a flag, 16 quiet frames drop it. */
static void mon_clock(rifl_lane_model_t *m, const wires_t *w) {
  rifl_lane_mon_t *c = &m->mon;
  const rifl_rx_model_t *r = &m->rxf;
  if (!w->rx_al) {
    memset(c, 0, sizeof *c);
    return;
  }
  if (!r->out_valid)
    return;
  unsigned key = get_field(r->out_body, m->bw - 16, 16);
  unsigned is_data = r->out_syn == RIFL_SYN_DATA, is_ctrl = r->out_syn == RIFL_SYN_CTRL;
  unsigned kp = is_ctrl && key == RIFL_KEY_PAUSE, kr = is_ctrl && key == RIFL_KEY_RETRANS;
  unsigned quiet = is_data || (is_ctrl && key == RIFL_KEY_IDLE);
  unsigned quiet_done = quiet && c->quiet_run == 15;
  unsigned prun = c->pause_run, rrun = c->retr_run;
  if (kp)
    c->pause_run = prun == 7 ? 7 : prun + 1;
  else if (!is_data)
    c->pause_run = 0;
  if (kr)
    c->retr_run = rrun == 7 ? 7 : rrun + 1;
  else if (!is_data)
    c->retr_run = 0;
  c->quiet_run = quiet ? (quiet_done ? 15 : c->quiet_run + 1) : 0;
  /* published (RESTART 0): any other control key clears a flag; else only the other request */
  unsigned pub = !m->p.restart;
  if (kp && prun == 7)
    c->pause = 1;
  else if ((pub ? is_ctrl && !kp : kr) || quiet_done)
    c->pause = 0;
  if (kr && rrun == 7)
    c->retr = 1;
  else if ((pub ? is_ctrl && !kr : kp) || quiet_done)
    c->retr = 0;
}

/* rifl_tx_gearbox: load a frame, then shift one word out per cycle. */
static void gear_clock(rifl_lane_model_t *m) {
  const unsigned fwords = m->p.fw / 32;
  if (m->txf.out_valid) {
    memcpy(m->gear, m->txf.out_frame, fwords * sizeof *m->gear);
    m->gear_left = m->nw - 1;
    m->gear_run = 1;
  } else {
    for (unsigned i = fwords; i-- > 0;)
      m->gear[i] = i >= 2 ? m->gear[i - 2] : 0;
    m->gear_left = (m->gear_left - 1) & (m->nw - 1);
  }
}

/* rifl_tx_ctrl and rifl_retrans_buf. */
static void ctrl_clock(rifl_lane_model_t *m, const rifl_lane_in_t *in, const wires_t *w) {
  rifl_lane_ctrl_t *c = &m->ctrl;
  const rifl_lane_ctrl_t o = *c; /* pre-edge values (the read register too) */
  const unsigned mask = fmask(m), nx = w->nx;
  uint32_t *ent;
  /* Buffer: the read register takes the entry before this edge's write. */
  memcpy(c->rd, c->mem + (size_t)o.rp * m->bwords, m->bwords * sizeof *c->rd);
  if (o.st == RIFL_TX_INIT) {
    ent = c->mem + (size_t)o.init * m->bwords;
    memset(ent, 0, m->bwords * sizeof *ent);
  } else if (w->slot && nx == RIFL_TX_NORMAL) {
    ent = c->mem + (size_t)o.fid * m->bwords;
    memcpy(ent, w->new_body, m->bwords * sizeof *ent);
  }

  c->ph = w->slot ? 0 : o.ph + 1;
  c->fv = w->slot;
  c->ev_retr = c->ev_flush = c->restart = 0;
  if (o.st == RIFL_TX_INIT && !o.init_done) {
    c->init = (o.init + 1) & mask;
    if (o.init == mask)
      c->init_done = 1;
  }
  if (!w->up && w->p_req)
    c->seen_pause = 1;
  if (w->rxf_valid)
    c->ptime = w->is_pause ? (o.ptime == 0xffff ? o.ptime : o.ptime + 1) : 0;
  if (w->fc_on_rx)
    c->fc_remote = 1;
  if (w->fc_off_rx)
    c->fc_remote = 0;
  if (in->u_valid && w->u_ready) {
    if (o.flush) {
      c->ev_flush = 1;
      if (in->u_meta & 2u)
        c->flush = 0;
    } else {
      c->tx_open = !(in->u_meta & 2u);
    }
  }
  if (!w->slot)
    return;

  c->st = nx;
  if (nx == RIFL_TX_INIT && o.st != RIFL_TX_INIT) { /* restart */
    c->restart = 1;
    c->init = c->init_done = c->fid = c->rp = 0;
    c->seen_pause = c->fc_local = c->fc_remote = c->tx_open = c->intr = 0;
    c->boot = 1;
    c->flush = o.tx_open || (o.flush && !(in->u_valid && (in->u_meta & 2u)));
  }
  if (nx == RIFL_TX_SEND_PAUSE && o.st != RIFL_TX_SEND_PAUSE)
    c->dwell = 0;
  else if (nx == RIFL_TX_SEND_PAUSE && !(o.dwell & 16u))
    c->dwell = o.dwell + 1;
  if (nx == RIFL_TX_PAUSE && o.st != RIFL_TX_PAUSE)
    c->ptime = 0;
  if (w->new_proc)
    c->ev_retr = 1;
  if (nx == RIFL_TX_RETRANS)
    c->rs = w->rs_now;
  if (nx == RIFL_TX_RETRANS && w->rs_now == (5u << m->p.fidw) / 2 - 1)
    c->boot = 0;
  /* an interrupted replay resumes where it stopped, except the first (INIT's fillers) */
  const unsigned to_paused = nx == RIFL_TX_SEND_PAUSE || nx == RIFL_TX_PAUSE;
  const unsigned keep = w->unfinished && !o.boot;
  c->intr = keep && to_paused;
  /* outside a replay (or an interrupted one) the next data frame is the next new one */
  if ((to_paused && !keep) || nx == RIFL_TX_SEND_RETRANS)
    c->rp = o.fid;

  c->ffid = o.rp;
  switch (nx) {
  case RIFL_TX_INIT:
  case RIFL_TX_SEND_PAUSE:
    c->fsyn = RIFL_SYN_CTRL;
    ctrl_body(c->fbody, m->bw, RIFL_KEY_PAUSE);
    c->ffid = nx == RIFL_TX_INIT ? 0 : keep ? o.rp : o.fid;
    break;
  case RIFL_TX_PAUSE:
    c->fsyn = RIFL_SYN_CTRL;
    ctrl_body(c->fbody, m->bw, RIFL_KEY_IDLE);
    c->ffid = keep ? o.rp : o.fid;
    break;
  case RIFL_TX_SEND_RETRANS:
    c->fsyn = RIFL_SYN_CTRL;
    ctrl_body(c->fbody, m->bw, RIFL_KEY_RETRANS);
    c->ffid = o.fid;
    break;
  case RIFL_TX_RETRANS:
    if (w->rp_slot) {
      c->fsyn = RIFL_SYN_DATA;
      memcpy(c->fbody, o.rd, sizeof c->fbody);
      c->rp = (o.rp + 1) & mask;
    } else {
      /* a control frame names the next data frame: the next to replay, or the next new one */
      c->fsyn = RIFL_SYN_CTRL;
      ctrl_body(c->fbody, m->bw, w->f_err ? RIFL_KEY_RETRANS : RIFL_KEY_IDLE);
    }
    break;
  default: /* NORMAL */
    c->fsyn = RIFL_SYN_DATA;
    memcpy(c->fbody, w->new_body, sizeof c->fbody);
    c->fid = (o.fid + 1) & mask;
    c->rp = (o.fid + 1) & mask;
    if (w->fc_need)
      c->fc_local = !o.fc_local;
    break;
  }
}

void rifl_lane_model_clock(rifl_lane_model_t *m, const rifl_lane_in_t *in) {
  wires_t w;
  eval(m, in, &w);
  counters_clock(m, &w);
  fcb_clock(m, in, &w);
  glue_clock(m, &w);
  verify_clock(m, &w);
  mon_clock(m, &w);
  rifl_rx_in_t rin = {m->al.frame_valid && m->al.aligned, m->al.frame};
  rifl_rx_model_clock(&m->rxf, &rin);
  rifl_align_in_t ain = {in->gt_rx_valid, in->gt_rx_data};
  rifl_align_model_clock(&m->al, &ain);
  gear_clock(m);
  rifl_tx_in_t tin = {m->ctrl.fv, m->ctrl.fsyn, m->ctrl.fbody, m->ctrl.ffid};
  rifl_tx_model_clock(&m->txf, &tin);
  ctrl_clock(m, in, &w);
}
