/*
 * sue_cmd.h - SUE commands (docs/sue/index.md "Command encoding"): the 16-bit descriptor in the
 * first two bytes of tx_control, a command's bytes as packed in a PDU, the XPU interface beats
 * (144-bit control, N-bit data beats) and the 6-bit credit words.
 *
 * Descriptor = control bytes 0..1 = tx_control[143:128], big-endian:
 *   [15:13] ctype  command type, opaque to SUE, carried end to end
 *   [12:9]  clen   control length in 2-byte units, descriptor included, 1 .. 9
 *   [8]     dp     data present
 *   [7:0]   dlen-1 data length minus one (1 .. 256 bytes) when dp = 1; 0 when dp = 0
 * A command in a PDU: its 2 * clen control bytes, its dlen data bytes, zeros up to a multiple
 * of ALIGN. A descriptor with clen = 0 ends the command list (the rest of the area is fill).
 */
#ifndef REF_SUE_CMD_H
#define REF_SUE_CMD_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cfg.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_CLEN_MAX 9u
#define SUE_CTYPE_MAX 7u

/* tx_valid / rx_valid */
#define SUE_VALID_NONE 0u
#define SUE_VALID_CMD 1u  /* command only */
#define SUE_VALID_DATA 2u /* command with data */

typedef struct {
  unsigned ctype, clen, dp, dlen; /* decoded descriptor (dlen 0 when dp = 0) */
  uint8_t ctrl[SUE_CTRL_BYTES];   /* ctrl[0..1] = descriptor; bytes >= 2 clen are 0 */
  uint8_t data[SUE_DATA_MAX];     /* bytes >= dlen are 0 */
  unsigned vc;                    /* tx_vc / rx_vc */
  unsigned xpuid;                 /* TX: destination; RX: source */
  unsigned send_now;              /* TX: tx_send_now */
} sue_cmd_t;

uint16_t sue_desc_encode(unsigned ctype, unsigned clen, unsigned dp, unsigned dlen);
/* 0 and the fields when legal; -1 when clen is 0 or above 9, or dp = 0 with bits [7:0] != 0. */
int sue_desc_decode(uint16_t desc, unsigned *ctype, unsigned *clen, unsigned *dp, unsigned *dlen);

/* A zeroed command with a legal descriptor (dlen 0: no data). Opaque bytes and data stay 0. */
void sue_cmd_init(sue_cmd_t *c, unsigned ctype, unsigned clen, unsigned dlen);
/* Test helper: fills the opaque control bytes 2 .. 2 clen - 1 and the dlen data bytes with a
 * splitmix64 stream of seed. */
void sue_cmd_fill(sue_cmd_t *c, uint64_t seed);
/* 1 if the two commands carry the same descriptor, control bytes and data. */
int sue_cmd_equal(const sue_cmd_t *a, const sue_cmd_t *b);

unsigned sue_cmd_bytes(const sue_cmd_t *c);                  /* 2 clen + dlen */
unsigned sue_cmd_packed(const sue_cmd_t *c, unsigned align); /* rounded up to ALIGN */
/* Per-{destination, VC} credit units the command costs (packed / ALIGN). */
unsigned sue_cmd_units(const sue_cmd_t *c, unsigned align);

/* Writes the packed command (control, data, zero pad) to out; returns its length. */
size_t sue_cmd_pack(const sue_cmd_t *c, unsigned align, uint8_t *out);
/* Reads the command at *off of a command area of len bytes. Returns 1 (a command, *off moves
 * past it), 0 (end: *off == len, or a descriptor with clen 0), -1 (malformed: illegal
 * descriptor, or the packed command runs past len). vc / xpuid / send_now are set to 0. */
int sue_cmd_unpack(const uint8_t *area, size_t len, size_t *off, unsigned align, sue_cmd_t *c);

/* ---- XPU interface beats (bit vectors: bit i = w[i / 32] bit i % 32) ---- */
/* tx_control / rx_control, 144 bits: byte j at bits [143 - 8 j -: 8]. */
void sue_cmd_control_bits(const sue_cmd_t *c, uint32_t w[5]);
/* Beats a command takes: 1 without data, ceil(dlen / (N / 8)) with data. */
unsigned sue_cmd_beats(const sue_cmd_t *c, unsigned data_w);
/* Data beat b (tx_cycle = b): data byte b N/8 + j at bits [N - 1 - 8 j -: 8]; zeros past dlen. */
void sue_cmd_data_beat(const sue_cmd_t *c, unsigned data_w, unsigned b, uint32_t *w);
/* The reverse, as a receiver of the interface assembles a command: control bits (decodes the
 * descriptor, -1 if illegal; bytes past 2 clen are cleared) and data beat b (bytes past dlen
 * ignored). */
int sue_cmd_set_control_bits(sue_cmd_t *c, const uint32_t w[5]);
void sue_cmd_set_data_beat(sue_cmd_t *c, unsigned data_w, unsigned b, const uint32_t *w);

/* ---- 6-bit credit words (tx_credit, rx_credit) ----
 * [5] valid, [4] type (0 command only, 1 command with data), [3:2] VC, [1:0] count - 1. */
unsigned sue_credit_word(unsigned type, unsigned vc, unsigned count); /* count 1..4 */
/* Returns the count (0 when not valid). */
unsigned sue_credit_decode(unsigned word, unsigned *type, unsigned *vc);

#ifdef __cplusplus
}
#endif
#endif
