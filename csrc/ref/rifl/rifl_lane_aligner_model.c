/* rifl_lane_aligner_model.c - rifl_lane_aligner cycle model. */
#include "rifl_lane_aligner_model.h"

#include <string.h>

#include "bits.h"

unsigned rifl_align_phase_width(unsigned fw) {
  unsigned n = bits_clog2(fw / 64);
  return n < 1 ? 1 : n;
}

int rifl_align_model_init(rifl_align_model_t *m, const rifl_align_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  if (!rifl_fw_ok(p->fw) || p->lock < 1 || p->unlock < 1)
    return -1;
  m->nw = p->fw / 64;
  rifl_align_model_reset(m);
  return 0;
}

void rifl_align_model_reset(rifl_align_model_t *m) {
  m->prev = 0;
  m->o = m->w = m->skip = 0;
  m->good = m->bad = m->aligned = 0;
  m->phase = m->slips = m->frame_valid = 0;
  memset(m->asm_, 0, sizeof m->asm_);
  memset(m->frame, 0, sizeof m->frame);
}

void rifl_align_model_comb(const rifl_align_model_t *m, rifl_align_out_t *out) {
  out->frame_valid = m->frame_valid;
  out->frame = m->frame;
  out->aligned = m->aligned;
  out->offset = m->o;
  out->phase = m->phase;
}

/* o <= o + 1; the wrap 63 -> 0 also moves the boundary one word later. */
static void slip(rifl_align_model_t *m) {
  m->good = 0;
  m->slips++;
  if (m->o == 63) {
    m->o = 0;
    m->skip = 1;
    m->phase = (m->phase + 1) % m->nw;
  } else {
    m->o++;
  }
}

/* SYN check of a completed frame. */
static void check_syn(rifl_align_model_t *m, unsigned syn) {
  int legal = syn == RIFL_SYN_DATA || syn == RIFL_SYN_CTRL;
  if (!m->aligned) {
    if (!legal) {
      slip(m);
    } else if (++m->good >= m->p.lock) {
      m->aligned = 1;
      m->bad = 0;
    }
  } else if (legal) {
    m->bad = 0;
  } else if (++m->bad >= m->p.unlock) {
    m->aligned = 0;
    slip(m); /* clears good */
  }
}

void rifl_align_model_clock(rifl_align_model_t *m, const rifl_align_in_t *in) {
  m->frame_valid = 0;
  if (!in->gt_valid)
    return;
  /* a = {gt_data, prev}[o +: 64] */
  uint64_t a = m->o ? (m->prev >> m->o) | (in->gt_data << (64 - m->o)) : m->prev;
  m->prev = in->gt_data;
  if (m->skip) {
    m->skip = 0; /* placed in no frame; w stays 0 */
    return;
  }
  unsigned lo = m->p.fw - 64 * (m->w + 1); /* word w = bits [lo+63:lo] */
  m->asm_[lo / 32] = (uint32_t)a;
  m->asm_[lo / 32 + 1] = (uint32_t)(a >> 32);
  if (m->w + 1 < m->nw) {
    m->w++;
    return;
  }
  m->w = 0;
  memcpy(m->frame, m->asm_, sizeof m->frame);
  m->frame_valid = 1;
  check_syn(m, rifl_frame_syn(m->frame, m->p.fw));
}
