/*
 * apelink_rifl_model.c - an APElink over a RIFL lane (docs/noc/apelink.md "apelink_rifl"),
 * composed of the cycle models of its parts exactly as rtl/noc/apelink_rifl.v and
 * rtl/rifl/rifl_lane.v wire them: apelink -> rifl_axis_enc -> rifl_lane_core -> rifl_axis_dec ->
 * apelink. Every part's outputs are functions of its state except rifl_lane_core's (u_ready,
 * r_valid), which see the encoder's and the decoder's registered outputs; so one pass computes
 * the cycle's wires, and every part is clocked with them.
 */
#include "apelink_rifl_model.h"

#include <string.h>

#include "bits.h"

alr_params_t alr_default_params(void) {
  alr_params_t p = {apl_default_params(), rifl_lane_default_params(256)};
  return p;
}

int alr_init(alr_t *m, const alr_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  m->p.lane.pause_timeout = 64; /* unused with RESTART 0; the RTL's default */
  unsigned w = p->link.w;
  if ((w != 64 && w != 96 && w != 128) || p->lane.restart != 0) /* the RTL has RESTART 0 only */
    return -1;
  m->kb = w / 8 + 1;
  m->dw = 8 * m->kb <= 128 ? 128 : 256;
  rifl_axis_params_t ap = {m->dw, p->lane.fw};
  if (apl_init(&m->link, &p->link) || rifl_axis_enc_model_init(&m->enc, &ap) ||
      rifl_axis_dec_model_init(&m->dec, &ap) || rifl_lane_model_init(&m->lane, &m->p.lane)) {
    rifl_lane_model_free(&m->lane);
    return -1;
  }
  return 0;
}

void alr_free(alr_t *m) { rifl_lane_model_free(&m->lane); }

/* The wires of one cycle. */
typedef struct {
  apl_out_t l;
  rifl_axis_enc_out_t e;
  rifl_axis_dec_out_t d;
  rifl_lane_in_t li;
  rifl_lane_out_t lo;
  uint32_t tdata[BITS_WORDS(256)], tkeep[1];
  unsigned rx_ok;
} alr_wires_t;

static void eval(const alr_t *m, const alr_in_t *in, alr_wires_t *x) {
  const unsigned W = m->p.link.w, DW = m->dw, NB = DW / 8;
  apl_comb(&m->link, &x->l);
  rifl_axis_enc_model_comb(&m->enc, NULL, &x->e);
  rifl_axis_dec_model_comb(&m->dec, NULL, &x->d);
  memset(&x->li, 0, sizeof x->li);
  x->li.u_valid = x->e.m_valid;
  x->li.u_meta = x->e.m_meta;
  x->li.u_data = x->e.m_data;
  x->li.r_ready = x->d.s_ready;
  x->li.gt_rx_valid = in->gt_rx_valid & 1u;
  x->li.gt_rx_data = in->gt_rx_data;
  rifl_lane_model_comb(&m->lane, &x->li, &x->lo);
  /* TX's word as a beat: {7'b0, ctrl, data, zeros}, the first KB bytes kept */
  memset(x->tdata, 0, sizeof x->tdata);
  bits_put(x->tdata, DW - 8, x->l.tx_ctrl & 1u);
  for (unsigned i = 0; i < W; i++)
    bits_put(x->tdata, DW - 8 - W + i, x->l.tx_data.w[i / 32] >> (i % 32) & 1u);
  x->tkeep[0] = 0;
  for (unsigned j = 0; j < m->kb; j++)
    x->tkeep[0] |= 1u << (NB - 1 - j);
  /* a received beat is a word in that format */
  x->rx_ok = 0;
  if (x->d.m_axis_tvalid) {
    const uint32_t *t = x->d.m_axis_tdata;
    unsigned pad = 0;
    for (unsigned i = DW - 7; i < DW; i++)
      pad |= bits_get(t, i);
    x->rx_ok =
        x->d.m_axis_tlast && !x->d.m_axis_tuser && x->d.m_axis_tkeep[0] == x->tkeep[0] && !pad;
  }
}

void alr_comb(const alr_t *m, const alr_in_t *in, alr_out_t *out) {
  alr_wires_t x;
  eval(m, in, &x);
  memset(out, 0, sizeof *out);
  out->rt_cr = x.l.rt_cr;
  out->lr_valid = x.l.lr_valid;
  out->lr_vc = x.l.lr_vc;
  out->lr_data = x.l.lr_data;
  memcpy(out->err, x.l.err, sizeof out->err);
  out->gt_tx_data = x.lo.gt_tx_data;
  out->bad_beats = m->bad;
  out->link_up = x.lo.link_up;
  out->cnt_retrans = x.lo.cnt_retrans;
  out->cnt_frame_err = x.lo.cnt_frame_err;
}

void alr_clock(alr_t *m, const alr_in_t *in) {
  const unsigned W = m->p.link.w, DW = m->dw;
  alr_wires_t x;
  eval(m, in, &x);
  apl_in_t li;
  memset(&li, 0, sizeof li);
  li.rt_valid = in->rt_valid;
  li.rt_vc = in->rt_vc;
  li.rt_data = in->rt_data;
  li.lr_cr = in->lr_cr;
  li.tx_ready = x.e.s_axis_tready;
  li.rx_valid = x.d.m_axis_tvalid && x.rx_ok;
  li.rx_ctrl = bits_get(x.d.m_axis_tdata, DW - 8);
  for (unsigned i = 0; i < W; i++)
    li.rx_data.w[i / 32] |= (uint32_t)bits_get(x.d.m_axis_tdata, DW - 8 - W + i) << (i % 32);
  li.cfg_tred = in->cfg_tred;
  rifl_axis_enc_in_t ei = {x.l.tx_valid, x.tdata, x.tkeep, 1, x.lo.u_ready};
  rifl_axis_dec_in_t di = {x.lo.r_valid, x.lo.r_meta, x.lo.r_data, x.lo.r_abort, 1};
  if (x.d.m_axis_tvalid && !x.rx_ok) {
    uint32_t max = m->p.link.ew >= 32 ? 0xFFFFFFFFu : (1u << m->p.link.ew) - 1u;
    if (m->bad < max)
      m->bad++;
  }
  /* the lane reads the encoder's m_data through a pointer into its state: clocked before it */
  apl_clock(&m->link, &li);
  rifl_lane_model_clock(&m->lane, &x.li);
  rifl_axis_enc_model_clock(&m->enc, &ei);
  rifl_axis_dec_model_clock(&m->dec, &di);
}
