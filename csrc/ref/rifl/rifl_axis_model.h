/*
 * rifl_axis_model.h - RIFL user side (docs/rifl/rifl_axis.md): payload frames of user
 * packets, and the cycle models of rtl/rifl rifl_axis_enc and rifl_axis_dec #(DW, FW).
 *
 * A packet is a byte string. Its payload frames hold PB = (FW-16)/8 bytes each, first byte
 * on top (payload bits [PW-1:PW-8], PW = FW-16), with a meta code: 01 full, not the end;
 * 11 full, end; 10 end with n (1 <= n <= PB-1) bytes on top, zeros below, and n in the
 * lowest byte (bits [7:0]); 00 carries no user data. An AXI4-Stream beat of DW bits holds
 * DW/8 bytes, first on top (tdata[DW-1:DW-8], qualified by tkeep[DW/8-1]); only the tlast
 * beat may keep fewer, the first ones.
 *
 * Both RTL modules keep the waiting bytes in a buffer (first on top, zeros below the count)
 * and load their registered output at the edge where a unit (frame or beat) becomes complete,
 * from the buffer plus the input accepted at that edge, when the output register is free
 * (!valid || ready). The models do the same on byte arrays.
 */
#ifndef REF_RIFL_AXIS_MODEL_H
#define REF_RIFL_AXIS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIFL_AXIS_NB_MAX 128u /* bytes per beat at DW = 1024 */
#define RIFL_AXIS_PB_MAX 126u /* payload bytes at FW = 1024 */
#define RIFL_AXIS_BUF_MAX (RIFL_AXIS_NB_MAX + RIFL_AXIS_PB_MAX)
#define RIFL_AXIS_DATA_WORDS BITS_WORDS(8u * RIFL_AXIS_NB_MAX)
#define RIFL_AXIS_PAYLOAD_WORDS BITS_WORDS(8u * RIFL_AXIS_PB_MAX)

typedef struct {
  unsigned dw; /* 64, 128, 256, 512, 1024 */
  unsigned fw; /* 128, 256, 512, 1024 */
} rifl_axis_params_t;

int rifl_axis_params_ok(const rifl_axis_params_t *p); /* 1 if legal */

/* Byte j (0 = first = most significant) of a vector of nbytes bytes, and its setter. */
unsigned rifl_axis_byte(const uint32_t *v, unsigned nbytes, unsigned j);
void rifl_axis_set_byte(uint32_t *v, unsigned nbytes, unsigned j, unsigned b);

/* ---- pure functions (reference for the tests, independent of the cycle models) ---- */
/* A beat of dw bits holding k bytes (1..dw/8) on top, zeros below; tkeep = k ones on top. */
void rifl_axis_beat(unsigned dw, const uint8_t *bytes, unsigned k, uint32_t *tdata,
                    uint32_t *tkeep);
/* Payload frames of a packet of len >= 1 bytes: ceil(len / PB). */
size_t rifl_axis_frames(unsigned fw, size_t len);
/* Frame i (0-based) of a packet: meta code and FW-16 payload bits. */
void rifl_axis_payload(unsigned fw, const uint8_t *pkt, size_t len, size_t i, unsigned *meta,
                       uint32_t *data);
/* User bytes of a received payload frame into bytes (PB of room): returns their number (0
 * for meta 00), or -1 if malformed (meta 10 with a count outside 1..PB-1 or a non-zero
 * unused byte). */
int rifl_axis_payload_bytes(unsigned fw, unsigned meta, const uint32_t *data, uint8_t *bytes);

/* ---- rifl_axis_enc #(DW, FW) cycle model ----
 * s_axis_tready = !eop && cnt <= PB (registered only). At each edge: M = buffer, plus the
 * tkeep-masked beat appended at cnt if taken; L = its byte count; end = eop || taken tlast.
 * If the output is free and (L >= PB or (end and L > 0)), the top PB bytes of M leave as a
 * frame: meta 10 (count in the low byte) if end and L < PB, 11 if end and L == PB, else 01.
 * m_valid <= that whenever the output is free; m_meta/m_data hold otherwise. */
typedef struct {
  unsigned s_axis_tvalid;
  const uint32_t *s_axis_tdata; /* DW bits */
  const uint32_t *s_axis_tkeep; /* DW/8 bits */
  unsigned s_axis_tlast;
  unsigned m_ready;
} rifl_axis_enc_in_t;

typedef struct {
  unsigned s_axis_tready;
  unsigned m_valid;
  unsigned m_meta;
  const uint32_t *m_data; /* FW-16 bits (points into the model); held, 0 after reset */
} rifl_axis_enc_out_t;

typedef struct {
  rifl_axis_params_t p;
  unsigned nb, pb;                /* bytes per beat, per payload */
  uint8_t buf[RIFL_AXIS_BUF_MAX]; /* waiting bytes, first at [0]; zero from cnt on */
  unsigned cnt, eop;
  unsigned m_valid, m_meta;
  uint32_t m_data[RIFL_AXIS_PAYLOAD_WORDS];
} rifl_axis_enc_model_t;

int rifl_axis_enc_model_init(rifl_axis_enc_model_t *m, const rifl_axis_params_t *p); /* -1 bad */
void rifl_axis_enc_model_reset(rifl_axis_enc_model_t *m);
void rifl_axis_enc_model_comb(const rifl_axis_enc_model_t *m, const rifl_axis_enc_in_t *in,
                              rifl_axis_enc_out_t *out); /* registered only: in unused */
void rifl_axis_enc_model_clock(rifl_axis_enc_model_t *m, const rifl_axis_enc_in_t *in);

/* ---- rifl_axis_dec #(DW, FW) cycle model ----
 * s_ready = !eop && cnt <= DW/8 (registered only). At each edge: a taken data entry
 * (!s_abort, meta != 00) appends its bytes (PB, or the count of a meta 10 frame) at cnt and
 * ends the packet if meta bit 1; a taken abort ends it as aborted if a packet is open (bytes
 * waiting or beats sent without tlast), else it is dropped, as are meta 00 entries. If the
 * output is free and (L >= DW/8 or end), the top DW/8 bytes leave as a beat: tlast if end and
 * L <= DW/8 (tkeep = L ones on top, possibly none after an abort; tuser = aborted), else a
 * full non-last beat. m_axis_tvalid <= that whenever the output is free; the rest hold. */
typedef struct {
  unsigned s_valid;
  unsigned s_meta;
  const uint32_t *s_data; /* FW-16 bits */
  unsigned s_abort;
  unsigned m_axis_tready;
} rifl_axis_dec_in_t;

typedef struct {
  unsigned s_ready;
  unsigned m_axis_tvalid;
  const uint32_t *m_axis_tdata; /* DW bits (points into the model); held, 0 after reset */
  const uint32_t *m_axis_tkeep; /* DW/8 bits, likewise */
  unsigned m_axis_tlast;
  unsigned m_axis_tuser;
} rifl_axis_dec_out_t;

typedef struct {
  rifl_axis_params_t p;
  unsigned nb, pb;
  uint8_t buf[RIFL_AXIS_BUF_MAX]; /* waiting bytes, first at [0]; zero from cnt on */
  unsigned cnt, eop, abt, open;
  unsigned tvalid, tlast, tuser;
  uint32_t tdata[RIFL_AXIS_DATA_WORDS];
  uint32_t tkeep[BITS_WORDS(RIFL_AXIS_NB_MAX)];
} rifl_axis_dec_model_t;

int rifl_axis_dec_model_init(rifl_axis_dec_model_t *m, const rifl_axis_params_t *p); /* -1 bad */
void rifl_axis_dec_model_reset(rifl_axis_dec_model_t *m);
void rifl_axis_dec_model_comb(const rifl_axis_dec_model_t *m, const rifl_axis_dec_in_t *in,
                              rifl_axis_dec_out_t *out); /* registered only: in unused */
void rifl_axis_dec_model_clock(rifl_axis_dec_model_t *m, const rifl_axis_dec_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
