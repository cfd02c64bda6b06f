/*
 * rifl_lane_aligner_model.h - cycle model of rtl/rifl rifl_lane_aligner
 * #(FW, LOCK, UNLOCK) (docs/rifl/rifl_frame.md).
 *
 * On every edge with gt_valid: c = {gt_data, prev}, a = c[o +: 64],
 * prev <= gt_data; unless the word is the one a wrap-slip skips, a goes to
 * word w of the frame being assembled (word 0 on top) and w advances; when
 * w == FW/64-1 the frame completes: frame <= it, frame_valid <= 1, and its
 * SYN drives good/bad/aligned and the slips (o <= o+1; o 63 -> 0 also skips
 * the next valid word and counts a word slip in phase). frame_valid is 0 after
 * every other edge, with or without gt_valid; frame holds. All outputs are
 * registered.
 */
#ifndef REF_RIFL_ALIGNER_MODEL_H
#define REF_RIFL_ALIGNER_MODEL_H

#include <stdint.h>

#include "rifl_frame.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned fw;     /* 128, 256, 512, 1024 */
  unsigned lock;   /* >= 1: legal frames in a row to lock */
  unsigned unlock; /* >= 1: illegal frames in a row to unlock */
} rifl_align_params_t;

typedef struct {
  unsigned gt_valid;
  uint64_t gt_data;
} rifl_align_in_t;

typedef struct {
  unsigned frame_valid;
  const uint32_t *frame; /* FW bits (points into the model); 0 after reset, held */
  unsigned aligned;
  unsigned offset; /* o, 6 bits */
  unsigned phase;  /* word slips since reset mod FW/64 */
} rifl_align_out_t;

typedef struct {
  rifl_align_params_t p;
  unsigned nw;        /* FW/64 words per frame */
  uint64_t prev;      /* previous valid word */
  unsigned o;         /* bit offset candidate 0..63 */
  unsigned w;         /* word counter 0..nw-1 */
  unsigned skip;      /* the next valid word is placed in no frame */
  unsigned good, bad; /* legal / illegal frames in a row */
  unsigned aligned;
  unsigned phase; /* word slips mod nw */
  unsigned slips; /* total bit slips since reset (not a port; for tests) */
  unsigned frame_valid;
  uint32_t asm_[RIFL_FRAME_WORDS_MAX]; /* frame being assembled */
  uint32_t frame[RIFL_FRAME_WORDS_MAX];
} rifl_align_model_t;

/* Width of the phase port: max(1, log2(FW/64)). */
unsigned rifl_align_phase_width(unsigned fw);

int rifl_align_model_init(rifl_align_model_t *m, const rifl_align_params_t *p); /* -1: bad */
void rifl_align_model_reset(rifl_align_model_t *m);
void rifl_align_model_comb(const rifl_align_model_t *m, rifl_align_out_t *out);
void rifl_align_model_clock(rifl_align_model_t *m, const rifl_align_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
