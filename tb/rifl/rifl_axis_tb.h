/*
 * rifl_axis_tb.h - what the rifl_axis_enc and rifl_axis_dec tests share: their tops, random
 * packets, the AXI4-Stream source of the encoder and the entry source of the decoder, the frame
 * and beat scoreboards, and the port sets of the two DUTs.
 */
#ifndef TB_RIFL_AXIS_TB_H
#define TB_RIFL_AXIS_TB_H

#include "harness.h"
#include "prng.h"
#include "rifl_axis_model.h"
#include "rifl_frame.h"

#define MAXW HARNESS_WORDS(1024)
#define KEEPW HARNESS_WORDS(128)
#define RING 32u    /* packets between the source and the scoreboard */
#define MAXLEN 600u /* longest packet */

extern prng_t axis_rng; /* seeded by each test from SEED */

typedef struct {
  const char *top;
  unsigned dw, fw;
} axis_top_t;

extern const axis_top_t enc_tops[], dec_tops[];
#define NTOPS 3u

typedef struct {
  uint8_t bytes[MAXLEN];
  size_t len;     /* bytes sent */
  size_t exp_len; /* bytes expected back (a prefix when the decoder test aborts it) */
  unsigned user;  /* expected tuser of its last beat */
} pkt_t;

typedef struct {
  unsigned dw, nb, pb;
  pkt_t ring[RING];
  unsigned made, limit; /* packets completely accepted; packets to send */
  unsigned beat;        /* next beat of ring[made % RING] */
  unsigned valid, last, k;
  uint32_t tdata[MAXW], tkeep[KEEPW];
} src_t;

typedef struct {
  unsigned fw, pb;
  uint8_t rx[MAXLEN];
  size_t n;
  unsigned done; /* packets checked */
  unsigned frames, full_end, partial_end;
} fsb_t;

typedef struct {
  unsigned nb;
  uint8_t rx[MAXLEN + RIFL_AXIS_NB_MAX];
  size_t n;
  unsigned done, beats, aborted, empty_abort;
} bsb_t;

typedef struct {
  dut_t *d;
  port_t tvalid, tready, tdata, tkeep, tlast, m_valid, m_ready, m_meta, m_data;
} enc_dut_t;

typedef struct {
  dut_t *d;
  port_t s_valid, s_ready, s_meta, s_data, s_abort, tvalid, tready, tdata, tkeep, tlast, tuser;
} dec_dut_t;

typedef struct {
  unsigned fw, nb, pb;
  pkt_t ring[RING];
  unsigned made; /* expected packets (a packet cut before its first frame expects none) */
  pkt_t cur;
  unsigned active, fi, nframes, cut;
  unsigned valid, meta, abort, is_frame;
  uint32_t data[MAXW];
  double p_fill, p_cut, p_stray;
  unsigned frames, fillers, aborts, strays;
} esrc_t;

size_t pick_len(unsigned nb, unsigned pb);
void new_packet(pkt_t *p, unsigned nb, unsigned pb);
void src_init(src_t *s, unsigned dw, unsigned fw, unsigned limit);
void src_cycle(src_t *s, double p, unsigned room);
void src_taken(src_t *s);
unsigned frame_bytes(dut_t *d, unsigned fw, unsigned meta, const uint32_t *data, uint8_t *bytes);
void fsb_frame(fsb_t *sb, dut_t *d, const pkt_t *ring, unsigned made, unsigned meta,
               const uint32_t *data);
void bsb_beat(bsb_t *sb, dut_t *d, const pkt_t *ring, unsigned made, const uint32_t *tdata,
              const uint32_t *tkeep, unsigned tlast, unsigned tuser);
void enc_open(enc_dut_t *e, const char *top);
void enc_drive(enc_dut_t *e, const src_t *s, unsigned m_ready);
void dec_open(dec_dut_t *x, const char *top);
void esrc_init(esrc_t *s, unsigned dw, unsigned fw, double p_fill, double p_cut, double p_stray);
void esrc_cycle(esrc_t *s, double p, unsigned room);
void esrc_taken(esrc_t *s);
void dec_drive(dec_dut_t *x, unsigned valid, unsigned meta, const uint32_t *data, unsigned abort,
               unsigned tready);
void dec_compare(dec_dut_t *x, const rifl_axis_dec_out_t *o, unsigned dw);
unsigned keep_count(const uint32_t *tkeep, unsigned nb);

#endif
