/* rifl_axis_model.c - RIFL user side: payload frames, rifl_axis_enc / rifl_axis_dec models. */
#include "rifl_axis_model.h"

#include <string.h>

#include "rifl_frame.h"

int rifl_axis_params_ok(const rifl_axis_params_t *p) {
  unsigned dw = p->dw;
  return rifl_fw_ok(p->fw) && (dw == 64 || dw == 128 || dw == 256 || dw == 512 || dw == 1024);
}

unsigned rifl_axis_byte(const uint32_t *v, unsigned nbytes, unsigned j) {
  unsigned bit = 8 * (nbytes - 1 - j);
  return (v[bit / 32] >> (bit % 32)) & 0xffu;
}

void rifl_axis_set_byte(uint32_t *v, unsigned nbytes, unsigned j, unsigned b) {
  unsigned bit = 8 * (nbytes - 1 - j);
  v[bit / 32] = (v[bit / 32] & ~(0xffu << (bit % 32))) | ((uint32_t)(b & 0xffu) << (bit % 32));
}

/* ---- pure functions ------------------------------------------------------------------- */

void rifl_axis_beat(unsigned dw, const uint8_t *bytes, unsigned k, uint32_t *tdata,
                    uint32_t *tkeep) {
  unsigned nb = dw / 8;
  memset(tdata, 0, BITS_WORDS(dw) * sizeof *tdata);
  memset(tkeep, 0, BITS_WORDS(nb) * sizeof *tkeep);
  for (unsigned j = 0; j < k && j < nb; j++) {
    rifl_axis_set_byte(tdata, nb, j, bytes[j]);
    bits_put(tkeep, nb - 1 - j, 1);
  }
}

size_t rifl_axis_frames(unsigned fw, size_t len) {
  size_t pb = rifl_payload_bytes(fw);
  return (len + pb - 1) / pb;
}

void rifl_axis_payload(unsigned fw, const uint8_t *pkt, size_t len, size_t i, unsigned *meta,
                       uint32_t *data) {
  unsigned pb = rifl_payload_bytes(fw);
  size_t off = i * pb, rem = len > off ? len - off : 0;
  unsigned n = rem >= pb ? pb : (unsigned)rem;
  memset(data, 0, BITS_WORDS(8 * pb) * sizeof *data);
  for (unsigned j = 0; j < n; j++)
    rifl_axis_set_byte(data, pb, j, pkt[off + j]);
  if (rem > pb) {
    *meta = RIFL_META_FULL;
  } else if (rem == pb) {
    *meta = RIFL_META_END_FULL;
  } else {
    *meta = RIFL_META_END_PARTIAL;
    rifl_axis_set_byte(data, pb, pb - 1, n);
  }
}

int rifl_axis_payload_bytes(unsigned fw, unsigned meta, const uint32_t *data, uint8_t *bytes) {
  unsigned pb = rifl_payload_bytes(fw), n = pb;
  if (meta == RIFL_META_NONE)
    return 0;
  if (meta == RIFL_META_END_PARTIAL) {
    n = rifl_axis_byte(data, pb, pb - 1);
    if (n < 1 || n > pb - 1)
      return -1;
    for (unsigned j = n; j < pb - 1; j++)
      if (rifl_axis_byte(data, pb, j) != 0)
        return -1;
  }
  for (unsigned j = 0; j < n; j++)
    bytes[j] = (uint8_t)rifl_axis_byte(data, pb, j);
  return (int)n;
}

/* Drops the first n bytes of a buffer of cap bytes, zero-filling the end. */
static void buf_shift(uint8_t *buf, unsigned cap, unsigned n) {
  memmove(buf, buf + n, cap - n);
  memset(buf + cap - n, 0, n);
}

/* ---- rifl_axis_enc -------------------------------------------------------------------- */

int rifl_axis_enc_model_init(rifl_axis_enc_model_t *m, const rifl_axis_params_t *p) {
  memset(m, 0, sizeof *m);
  if (!rifl_axis_params_ok(p))
    return -1;
  m->p = *p;
  m->nb = p->dw / 8;
  m->pb = rifl_payload_bytes(p->fw);
  return 0;
}

void rifl_axis_enc_model_reset(rifl_axis_enc_model_t *m) {
  rifl_axis_params_t p = m->p;
  rifl_axis_enc_model_init(m, &p);
}

static unsigned enc_ready(const rifl_axis_enc_model_t *m) { return !m->eop && m->cnt <= m->pb; }

void rifl_axis_enc_model_comb(const rifl_axis_enc_model_t *m, const rifl_axis_enc_in_t *in,
                              rifl_axis_enc_out_t *out) {
  (void)in; /* every output is registered */
  out->s_axis_tready = enc_ready(m);
  out->m_valid = m->m_valid;
  out->m_meta = m->m_meta;
  out->m_data = m->m_data;
}

void rifl_axis_enc_model_clock(rifl_axis_enc_model_t *m, const rifl_axis_enc_in_t *in) {
  const unsigned nb = m->nb, pb = m->pb, cap = nb + pb;
  unsigned take = in->s_axis_tvalid && enc_ready(m);
  unsigned slot = !m->m_valid || in->m_ready;
  unsigned len = m->cnt;
  if (take) { /* the tkeep-masked beat appended at cnt (<= PB) */
    for (unsigned j = 0; j < nb; j++)
      if (bits_get(in->s_axis_tkeep, nb - 1 - j)) {
        m->buf[m->cnt + j] |= (uint8_t)rifl_axis_byte(in->s_axis_tdata, nb, j);
        len++;
      }
  }
  unsigned ends = m->eop || (take && in->s_axis_tlast);
  unsigned fin = ends && len <= pb;
  unsigned emit = slot && (len >= pb || (ends && len != 0));
  if (emit) {
    memset(m->m_data, 0, sizeof m->m_data);
    for (unsigned j = 0; j < pb; j++)
      rifl_axis_set_byte(m->m_data, pb, j, m->buf[j]);
    if (fin && len != pb) {
      rifl_axis_set_byte(m->m_data, pb, pb - 1, len);
      m->m_meta = RIFL_META_END_PARTIAL;
    } else {
      m->m_meta = fin ? RIFL_META_END_FULL : RIFL_META_FULL;
    }
    buf_shift(m->buf, cap, pb);
    m->cnt = fin ? 0 : len - pb;
  } else {
    m->cnt = len;
  }
  m->eop = ends && len != 0 && !(emit && fin);
  if (slot)
    m->m_valid = emit;
}

/* ---- rifl_axis_dec -------------------------------------------------------------------- */

int rifl_axis_dec_model_init(rifl_axis_dec_model_t *m, const rifl_axis_params_t *p) {
  memset(m, 0, sizeof *m);
  if (!rifl_axis_params_ok(p))
    return -1;
  m->p = *p;
  m->nb = p->dw / 8;
  m->pb = rifl_payload_bytes(p->fw);
  return 0;
}

void rifl_axis_dec_model_reset(rifl_axis_dec_model_t *m) {
  rifl_axis_params_t p = m->p;
  rifl_axis_dec_model_init(m, &p);
}

static unsigned dec_ready(const rifl_axis_dec_model_t *m) { return !m->eop && m->cnt <= m->nb; }

void rifl_axis_dec_model_comb(const rifl_axis_dec_model_t *m, const rifl_axis_dec_in_t *in,
                              rifl_axis_dec_out_t *out) {
  (void)in; /* every output is registered */
  out->s_ready = dec_ready(m);
  out->m_axis_tvalid = m->tvalid;
  out->m_axis_tdata = m->tdata;
  out->m_axis_tkeep = m->tkeep;
  out->m_axis_tlast = m->tlast;
  out->m_axis_tuser = m->tuser;
}

void rifl_axis_dec_model_clock(rifl_axis_dec_model_t *m, const rifl_axis_dec_in_t *in) {
  const unsigned nb = m->nb, pb = m->pb, cap = nb + pb;
  unsigned take = in->s_valid && dec_ready(m);
  unsigned is_data = take && !in->s_abort && in->s_meta != RIFL_META_NONE;
  unsigned is_abort = take && in->s_abort && (m->open || m->cnt != 0);
  unsigned slot = !m->tvalid || in->m_axis_tready;
  unsigned len = m->cnt;
  if (is_data) { /* the frame's first n bytes appended at cnt (<= DW/8) */
    unsigned n = in->s_meta == RIFL_META_END_PARTIAL ? in->s_data[0] & 0xffu : pb;
    for (unsigned j = 0; j < n && j < pb; j++)
      m->buf[m->cnt + j] |= (uint8_t)rifl_axis_byte(in->s_data, pb, j);
    len = (m->cnt + n) & 0xffu; /* an 8-bit count, as the RTL (n <= PB unless asserted) */
  }
  unsigned ends = m->eop || (is_data && (in->s_meta & 2u)) || is_abort;
  unsigned abt = m->abt || is_abort;
  unsigned fin = ends && len <= nb;
  unsigned emit = slot && (len >= nb || ends);
  if (emit) {
    memset(m->tdata, 0, sizeof m->tdata);
    memset(m->tkeep, 0, sizeof m->tkeep);
    for (unsigned j = 0; j < nb; j++) {
      rifl_axis_set_byte(m->tdata, nb, j, m->buf[j]);
      bits_put(m->tkeep, nb - 1 - j, !fin || j < len);
    }
    m->tlast = fin;
    m->tuser = fin && abt;
    buf_shift(m->buf, cap, nb);
    m->cnt = fin ? 0 : len - nb;
    m->open = !fin;
  } else {
    m->cnt = len;
  }
  m->eop = ends && !(emit && fin);
  m->abt = abt && !(emit && fin);
  if (slot)
    m->tvalid = emit;
}
