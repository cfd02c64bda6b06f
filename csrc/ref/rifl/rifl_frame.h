/*
 * rifl_frame.h - RIFL frames (docs/rifl/index.md and rifl_frame.md): constants, frame building,
 * body access, the verification code, and the cycle models of
 * rtl/rifl rifl_tx_frame and rifl_rx_frame.
 *
 * A frame is an FW-bit little-endian uint32_t word array (bit i = words[i/32]
 * bit i%32), FW in {128, 256, 512, 1024}:
 *   [FW-1:FW-2] SYN, [FW-3:12] body (meta + payload, or key + zeros),
 *   [11:0] verification code.
 * vcode = CRC12(frame with [11:0] = 0) ^ fid, CRC-12 0x02F, init 0, no
 * reflection, MSB first over all FW bits of the scrambled frame. The body is
 * scrambled (1 + x^13 + x^33, MSB first, seed 0) with state continuous across
 * frames; the TX scrambles then computes the CRC, the RX checks then
 * descrambles.
 */
#ifndef REF_RIFL_FRAME_H
#define REF_RIFL_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "prng.h"
#include "scrambler_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIFL_FW_MAX 1024u
#define RIFL_FRAME_WORDS(fw) (((fw) + 31u) / 32u)
#define RIFL_FRAME_WORDS_MAX RIFL_FRAME_WORDS(RIFL_FW_MAX)
#define RIFL_BODY_BITS(fw) ((fw)-14u) /* bits [FW-3:12] */
#define RIFL_FIDW_MAX 12u

/* SYN, frame bits [FW-1:FW-2] */
#define RIFL_SYN_DATA 1u /* 2'b01 */
#define RIFL_SYN_CTRL 2u /* 2'b10; 00 and 11 are illegal */

/* Keys of control frames, frame bits [FW-3:FW-18] */
#define RIFL_KEY_IDLE 0x0001u
#define RIFL_KEY_PAUSE 0x0010u
#define RIFL_KEY_RETRANS 0x1000u

/* Meta codes of data frames, frame bits [FW-3:FW-4]: bit 1 end of packet, bit 0 full */
#define RIFL_META_NONE 0u        /* no user data (flow control, filler) */
#define RIFL_META_FULL 1u        /* full beat, not the end */
#define RIFL_META_END_PARTIAL 2u /* end, frame bits [19:12] = count of valid bytes */
#define RIFL_META_END_FULL 3u    /* end, full */

/* Flow-control codes: frame bits [19:12] of a meta-00 data frame */
#define RIFL_FC_FILLER 0x00u
#define RIFL_FC_ON 0x01u
#define RIFL_FC_OFF 0x02u

/* CRC-12 of the verification code */
#define RIFL_CRC12_POLY 0x02Fu
#define RIFL_VCODE_MASK 0xFFFu

/* Scrambler of the body: 1 + x^13 + x^33 (TAPS bit k-1 = x^k) */
#define RIFL_SCR_LEN 33u
#define RIFL_SCR_TAPS ((UINT64_C(1) << 32) | (UINT64_C(1) << 12))

/* 1 if fw is 128, 256, 512 or 1024. */
int rifl_fw_ok(unsigned fw);
/* Payload bytes of a data frame: (FW-16)/8. */
unsigned rifl_payload_bytes(unsigned fw);

/* ---- frame fields ---- */
void rifl_frame_clear(uint32_t *frame, unsigned fw);
unsigned rifl_frame_syn(const uint32_t *frame, unsigned fw);
void rifl_frame_set_syn(uint32_t *frame, unsigned fw, unsigned syn);
/* Body = frame bits [FW-3:12] as an (FW-14)-bit vector (bit 0 = frame bit 12). */
void rifl_frame_body(const uint32_t *frame, unsigned fw, uint32_t *body);
void rifl_frame_set_body(uint32_t *frame, unsigned fw, const uint32_t *body);
unsigned rifl_frame_code(const uint32_t *frame); /* bits [11:0] */
void rifl_frame_set_code(uint32_t *frame, unsigned code);

/* ---- frame building (verification code field left 0, body not scrambled) ---- */
/* SYN + body. */
void rifl_frame_build(uint32_t *frame, unsigned fw, unsigned syn, const uint32_t *body);
/* Data frame: meta and payload bytes, byte 0 at the top ([FW-5:FW-12]), the
 * rest zero. meta END_PARTIAL: n <= payload_bytes-1 and bits [19:12] = n;
 * otherwise n <= payload_bytes. Returns -1 (frame untouched) if n does not fit. */
int rifl_data_frame(uint32_t *frame, unsigned fw, unsigned meta, const uint8_t *payload, size_t n);
/* Control frame: SYN 10, key at [FW-3:FW-18], zeros below. */
void rifl_ctrl_frame(uint32_t *frame, unsigned fw, unsigned key);
/* Flow-control frame: SYN 01, meta 00, payload 0 except [19:12] = code. */
void rifl_fc_frame(uint32_t *frame, unsigned fw, unsigned code);

/* ---- verification code ---- */
/* CRC-12 (0x02F, init 0, no reflection, no xorout) over bits nbits-1..0 of a
 * bit vector, MSB first: the one CRC routine of the frame layer. Over the
 * 72-bit string "123456789" (first byte on top) it gives 0x11B. */
/* A random plain (unscrambled, no code) frame of a kind the link sends: data with
 * random meta and payload (5 in 8), IDLE (2 in 8) or flow control (1 in 8). */
void rifl_random_plain_frame(prng_t *r, unsigned fw, uint32_t *frame);

uint32_t rifl_crc12_bits(const uint32_t *bits, unsigned nbits);
/* CRC12(frame with [11:0] = 0) ^ fid (fid taken modulo 2^12). */
uint32_t rifl_vcode(const uint32_t *frame, unsigned fw, unsigned fid);
/* Receiver: CRC12(frame with [11:0] = 0) ^ frame[11:0], the frame ID if intact. */
uint32_t rifl_rx_code(const uint32_t *frame, unsigned fw);

/* ---- scrambler of the body ---- */
/* Parameters of rtl/common scrambler (descramble 0) or descrambler (1) for
 * the (FW-14)-bit body: LEN 33, 1 + x^13 + x^33, MSB first, seed 0. */
scr_params_t rifl_scr_params(unsigned fw, int descramble);

/* Pure TX step: from scrambler history hist, the sent frame {syn, scrambled
 * body, vcode(fid)} into frame; returns the history after the body. */
uint64_t rifl_tx_encode(unsigned fw, uint64_t hist, unsigned syn, const uint32_t *body,
                        unsigned fid, uint32_t *frame);

/* ---- rifl_tx_frame #(FW, FIDW) cycle model ---- */
typedef struct {
  unsigned fw;   /* 128, 256, 512, 1024 */
  unsigned fidw; /* 1..12 */
} rifl_tx_params_t;

typedef struct {
  unsigned in_valid;
  unsigned in_syn;         /* 2 bits */
  const uint32_t *in_body; /* FW-14 bits, not scrambled */
  unsigned in_fid;         /* FIDW bits */
} rifl_tx_in_t;

typedef struct {
  unsigned out_valid;
  const uint32_t *out_frame; /* FW bits (points into the model); 0 after reset */
} rifl_tx_out_t;

typedef struct {
  rifl_tx_params_t p;
  scr_t scr; /* body scrambler, advances on in_valid */
  unsigned out_valid;
  uint32_t out_frame[RIFL_FRAME_WORDS_MAX];
} rifl_tx_model_t;

int rifl_tx_model_init(rifl_tx_model_t *m, const rifl_tx_params_t *p); /* -1: bad params */
void rifl_tx_model_reset(rifl_tx_model_t *m);
void rifl_tx_model_comb(const rifl_tx_model_t *m, rifl_tx_out_t *out); /* registered only */
void rifl_tx_model_clock(rifl_tx_model_t *m, const rifl_tx_in_t *in);

/* ---- rifl_rx_frame #(FW) cycle model ---- */
typedef struct {
  unsigned fw;
} rifl_rx_params_t;

typedef struct {
  unsigned in_valid;
  const uint32_t *in_frame; /* FW bits */
} rifl_rx_in_t;

typedef struct {
  unsigned out_valid;
  unsigned out_syn;
  const uint32_t *out_body; /* FW-14 bits, descrambled (points into the model) */
  unsigned out_code;
} rifl_rx_out_t;

typedef struct {
  rifl_rx_params_t p;
  scr_t dscr;                            /* body descrambler, advances on in_valid */
  unsigned out_valid, out_syn, out_code; /* all outputs 0 after reset */
  uint32_t out_body[RIFL_FRAME_WORDS_MAX];
} rifl_rx_model_t;

int rifl_rx_model_init(rifl_rx_model_t *m, const rifl_rx_params_t *p); /* -1: bad params */
void rifl_rx_model_reset(rifl_rx_model_t *m);
void rifl_rx_model_comb(const rifl_rx_model_t *m, rifl_rx_out_t *out); /* registered only */
void rifl_rx_model_clock(rifl_rx_model_t *m, const rifl_rx_in_t *in);

#ifdef __cplusplus
}
#endif
#endif
