/*
 * apelink_model.h - cycle-exact model of rtl/noc/apelink.v #(W, NVC, D, MAXP, EW): one node's
 * end of an APElink, between a router port and the wire. docs/noc/apelink.md is the contract
 * (wire words, header SECDED, payload CRC-32, TX and RX of one cycle, credits with TRED, errors);
 * docs/noc/ape_router.md "Packet" gives the packet and header format.
 *
 * apl_comb() gives the outputs visible in the current cycle (all registered: they depend on the
 * state only); apl_clock() is the rising edge that ends the cycle, with the inputs of that cycle.
 * All state is in apl_t (fixed arrays, no heap).
 */
#ifndef REF_APELINK_MODEL_H
#define REF_APELINK_MODEL_H

#include <stdint.h>

#include "crc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define APL_MAX_VC 2u   /* NVC is 1 or 2 */
#define APL_MAX_D 1024u /* most words per VC */

/* err_count kinds, in port order */
enum { APL_ERR_HDR_COR, APL_ERR_HDR_UNC, APL_ERR_CRC, APL_ERR_FRAME, APL_ERR_CREDIT, APL_NERR };
/* control word types, data[7:0] */
enum { APL_MAGIC = 0x4D, APL_START = 0x53, APL_CREDIT = 0x43 };
/* TX packet step (APL_TX_IDLE: between packets; MAGIC is sent from idle) */
enum { APL_TX_IDLE, APL_TX_START, APL_TX_HEADER, APL_TX_PAYLOAD, APL_TX_FOOTER };
/* RX state */
enum { APL_RX_HUNT, APL_RX_MAGIC, APL_RX_HEADER, APL_RX_PAYLOAD, APL_RX_FOOTER, APL_RX_DROP };

/* A W-bit word, little-endian: w[0] holds bits 31:0; only W / 32 elements are used (the same
 * layout as ape_router_model.h's ape_word_t). */
typedef struct {
  uint32_t w[4];
} apl_word_t;

typedef struct {
  unsigned w;    /* word bits: 64, 96 or 128 */
  unsigned nvc;  /* VCs, 1 or 2 */
  unsigned d;    /* words per VC (TX FIFO and far buffer), maxp + 2 .. 1024 */
  unsigned maxp; /* most payload words of a packet, 1 .. 255 */
  unsigned ew;   /* error counter bits, 1 .. 32 */
} apl_params_t;

/* The RTL defaults: W 128, NVC 2, D 34, MAXP 32, EW 16. */
apl_params_t apl_default_params(void);
int apl_params_check(const apl_params_t *p); /* 0 when legal, else -1 */

typedef struct {            /* the inputs of one cycle */
  unsigned rt_valid, rt_vc; /* rt_vc is a 1-bit port: only bit 0 is read */
  apl_word_t rt_data;
  unsigned lr_cr;    /* bit v: the router's input port freed a word of VC v */
  unsigned tx_ready; /* the wire takes tx_* (1 for a raw link, whose wire takes every word) */
  unsigned rx_valid, rx_ctrl;
  apl_word_t rx_data;
  unsigned cfg_tred; /* 11 bits */
} apl_in_t;

typedef struct {  /* the outputs of one cycle (registers) */
  unsigned rt_cr; /* bit v: a word left TX FIFO v last cycle */
  unsigned lr_valid, lr_vc;
  apl_word_t lr_data; /* lr_vc / lr_data hold while lr_valid is 0 */
  unsigned tx_valid, tx_ctrl;
  apl_word_t tx_data; /* tx_ctrl / tx_data hold while tx_valid is 0 */
  uint32_t err[APL_NERR];
} apl_out_t;

typedef struct { /* one TX FIFO entry */
  apl_word_t word;
  unsigned is_head, len; /* len: the header's [23:16] (headers only) */
} apl_entry_t;

typedef struct {
  apl_entry_t e[APL_MAX_D];
  unsigned rd, cnt; /* front index, level */
  unsigned wrem;    /* write tracker: words still to come of the packet (0: a header next) */
} apl_fifo_t;

typedef struct {
  apl_params_t p;
  crc_t crc; /* CRC-32 tables */
  /* TX */
  apl_fifo_t fifo[APL_MAX_VC];
  unsigned rcred[APL_MAX_VC]; /* the far buffer's free words */
  unsigned owe[APL_MAX_VC];   /* credits owed to the far end */
  unsigned tstate, tvc, trem; /* packet step, its VC, payload words left */
  uint32_t tcrc;              /* running CRC register (crc_update form) */
  unsigned cr_due, rr;        /* a CREDIT goes before the next packet; round-robin pointer */
  unsigned tred;              /* the cfg_tred register */
  /* RX */
  unsigned rstate, rvc, rrem;
  uint32_t rcrc;
  apl_out_t o; /* the output registers */
} apl_t;

int apl_init(apl_t *m, const apl_params_t *p); /* -1: bad params */
void apl_comb(const apl_t *m, apl_out_t *out);
void apl_clock(apl_t *m, const apl_in_t *in);

/* Control words (ctrl 1): every bit 0 but the type and its fields. */
apl_word_t apl_magic(void);
apl_word_t apl_start(unsigned vc);
apl_word_t apl_credit(unsigned c0, unsigned c1); /* counts masked to 16 bits */

/* The footer's CRC: CRC-32 over the W / 8 bytes of each payload word in order, byte 0 being
 * bits [7:0]; 0 for an empty payload. */
uint32_t apl_payload_crc(const apl_word_t *payload, unsigned len, unsigned w);

#ifdef __cplusplus
}
#endif
#endif
