/* rifl_frame.c - RIFL frames, verification code, TX/RX frame cycle models. */
#include "rifl_frame.h"

#include <string.h>

#include "bits.h"
#include "crc.h"

int rifl_fw_ok(unsigned fw) { return fw == 128 || fw == 256 || fw == 512 || fw == 1024; }

unsigned rifl_payload_bytes(unsigned fw) { return (fw - 16) / 8; }

/* dst[dpos +: n] = src[spos +: n] */
static void copy_bits(uint32_t *dst, unsigned dpos, const uint32_t *src, unsigned spos,
                      unsigned n) {
  for (unsigned i = 0; i < n; i++)
    bits_put(dst, dpos + i, bits_get(src, spos + i));
}

/* frame[pos +: n] = v (n <= 32) */
static void put_field(uint32_t *frame, unsigned pos, unsigned n, uint32_t v) {
  for (unsigned i = 0; i < n; i++)
    bits_put(frame, pos + i, (v >> i) & 1u);
}

static uint32_t get_field(const uint32_t *frame, unsigned pos, unsigned n) {
  uint32_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint32_t)bits_get(frame, pos + i) << i;
  return v;
}

void rifl_frame_clear(uint32_t *frame, unsigned fw) {
  memset(frame, 0, RIFL_FRAME_WORDS(fw) * sizeof *frame);
}

unsigned rifl_frame_syn(const uint32_t *frame, unsigned fw) { return get_field(frame, fw - 2, 2); }

void rifl_frame_set_syn(uint32_t *frame, unsigned fw, unsigned syn) {
  put_field(frame, fw - 2, 2, syn & 3u);
}

void rifl_frame_body(const uint32_t *frame, unsigned fw, uint32_t *body) {
  unsigned n = RIFL_BODY_BITS(fw);
  memset(body, 0, BITS_WORDS(n) * sizeof *body);
  copy_bits(body, 0, frame, 12, n);
}

void rifl_frame_set_body(uint32_t *frame, unsigned fw, const uint32_t *body) {
  copy_bits(frame, 12, body, 0, RIFL_BODY_BITS(fw));
}

unsigned rifl_frame_code(const uint32_t *frame) { return frame[0] & RIFL_VCODE_MASK; }

void rifl_frame_set_code(uint32_t *frame, unsigned code) {
  frame[0] = (frame[0] & ~(uint32_t)RIFL_VCODE_MASK) | (code & RIFL_VCODE_MASK);
}

void rifl_frame_build(uint32_t *frame, unsigned fw, unsigned syn, const uint32_t *body) {
  rifl_frame_clear(frame, fw);
  rifl_frame_set_syn(frame, fw, syn);
  rifl_frame_set_body(frame, fw, body);
}

int rifl_data_frame(uint32_t *frame, unsigned fw, unsigned meta, const uint8_t *payload, size_t n) {
  size_t max = rifl_payload_bytes(fw) - (meta == RIFL_META_END_PARTIAL ? 1u : 0u);
  if (n > max || meta > 3)
    return -1;
  rifl_frame_clear(frame, fw);
  rifl_frame_set_syn(frame, fw, RIFL_SYN_DATA);
  put_field(frame, fw - 4, 2, meta);
  for (size_t b = 0; b < n; b++) /* byte b at [FW-5-8b : FW-12-8b] */
    put_field(frame, fw - 12 - 8 * (unsigned)b, 8, payload[b]);
  if (meta == RIFL_META_END_PARTIAL)
    put_field(frame, 12, 8, (uint32_t)n);
  return 0;
}

void rifl_ctrl_frame(uint32_t *frame, unsigned fw, unsigned key) {
  rifl_frame_clear(frame, fw);
  rifl_frame_set_syn(frame, fw, RIFL_SYN_CTRL);
  put_field(frame, fw - 18, 16, key & 0xFFFFu);
}

void rifl_fc_frame(uint32_t *frame, unsigned fw, unsigned code) {
  rifl_frame_clear(frame, fw);
  rifl_frame_set_syn(frame, fw, RIFL_SYN_DATA);
  put_field(frame, 12, 8, code & 0xFFu);
}

uint32_t rifl_crc12_bits(const uint32_t *bits, unsigned nbits) {
  return crc_raw_bits(12, RIFL_CRC12_POLY, 0, bits, nbits);
}

uint32_t rifl_vcode(const uint32_t *frame, unsigned fw, unsigned fid) {
  uint32_t f[RIFL_FRAME_WORDS_MAX];
  memcpy(f, frame, RIFL_FRAME_WORDS(fw) * sizeof *f);
  rifl_frame_set_code(f, 0);
  return (rifl_crc12_bits(f, fw) ^ fid) & RIFL_VCODE_MASK;
}

uint32_t rifl_rx_code(const uint32_t *frame, unsigned fw) {
  return rifl_vcode(frame, fw, rifl_frame_code(frame));
}

scr_params_t rifl_scr_params(unsigned fw, int descramble) {
  scr_params_t p = {RIFL_BODY_BITS(fw), RIFL_SCR_LEN, RIFL_SCR_TAPS, 1, 0, descramble};
  return p;
}

uint64_t rifl_tx_encode(unsigned fw, uint64_t hist, unsigned syn, const uint32_t *body,
                        unsigned fid, uint32_t *frame) {
  uint32_t sbody[RIFL_FRAME_WORDS_MAX];
  scr_params_t p = rifl_scr_params(fw, 0);
  hist = scr_run(&p, hist, body, sbody);
  rifl_frame_build(frame, fw, syn, sbody);
  rifl_frame_set_code(frame, rifl_vcode(frame, fw, fid));
  return hist;
}

/* ---- rifl_tx_frame ------------------------------------------------------- */

int rifl_tx_model_init(rifl_tx_model_t *m, const rifl_tx_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  if (!rifl_fw_ok(p->fw) || p->fidw < 1 || p->fidw > RIFL_FIDW_MAX)
    return -1;
  scr_params_t sp = rifl_scr_params(p->fw, 0);
  if (scr_init(&m->scr, &sp))
    return -1;
  rifl_tx_model_reset(m);
  return 0;
}

void rifl_tx_model_reset(rifl_tx_model_t *m) {
  scr_reset(&m->scr);
  m->out_valid = 0;
  memset(m->out_frame, 0, sizeof m->out_frame);
}

void rifl_tx_model_comb(const rifl_tx_model_t *m, rifl_tx_out_t *out) {
  out->out_valid = m->out_valid;
  out->out_frame = m->out_frame;
}

void rifl_tx_model_clock(rifl_tx_model_t *m, const rifl_tx_in_t *in) {
  m->out_valid = in->in_valid ? 1u : 0u;
  if (!in->in_valid)
    return;
  unsigned fid = in->in_fid & ((1u << m->p.fidw) - 1u);
  m->scr.hist =
      rifl_tx_encode(m->p.fw, m->scr.hist, in->in_syn & 3u, in->in_body, fid, m->out_frame);
}

/* ---- rifl_rx_frame ------------------------------------------------------- */

int rifl_rx_model_init(rifl_rx_model_t *m, const rifl_rx_params_t *p) {
  memset(m, 0, sizeof *m);
  m->p = *p;
  if (!rifl_fw_ok(p->fw))
    return -1;
  scr_params_t sp = rifl_scr_params(p->fw, 1);
  if (scr_init(&m->dscr, &sp))
    return -1;
  rifl_rx_model_reset(m);
  return 0;
}

void rifl_rx_model_reset(rifl_rx_model_t *m) {
  scr_reset(&m->dscr);
  m->out_valid = m->out_syn = m->out_code = 0;
  memset(m->out_body, 0, sizeof m->out_body);
}

void rifl_rx_model_comb(const rifl_rx_model_t *m, rifl_rx_out_t *out) {
  out->out_valid = m->out_valid;
  out->out_syn = m->out_syn;
  out->out_body = m->out_body;
  out->out_code = m->out_code;
}

void rifl_rx_model_clock(rifl_rx_model_t *m, const rifl_rx_in_t *in) {
  m->out_valid = in->in_valid ? 1u : 0u;
  if (!in->in_valid)
    return;
  unsigned fw = m->p.fw;
  uint32_t body[RIFL_FRAME_WORDS_MAX];
  m->out_syn = rifl_frame_syn(in->in_frame, fw);
  m->out_code = rifl_rx_code(in->in_frame, fw); /* check first, then descramble */
  rifl_frame_body(in->in_frame, fw, body);
  scr_comb(&m->dscr, body, m->out_body);
  scr_clock(&m->dscr, 1, body);
}

void rifl_random_plain_frame(prng_t *r, unsigned fw, uint32_t *frame) {
  uint8_t payload[128];
  unsigned kind = (unsigned)prng_below(r, 8);
  if (kind < 2) {
    rifl_ctrl_frame(frame, fw, RIFL_KEY_IDLE);
  } else if (kind == 2) {
    rifl_fc_frame(frame, fw, (unsigned)prng_below(r, 3));
  } else {
    unsigned meta = (unsigned)prng_range(r, 1, 3), nb = rifl_payload_bytes(fw);
    size_t n = meta == RIFL_META_END_PARTIAL ? (size_t)prng_below(r, nb) : nb;
    prng_fill(r, payload, n);
    (void)rifl_data_frame(frame, fw, meta, payload, n);
  }
}
