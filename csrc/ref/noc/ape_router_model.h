/*
 * ape_router_model.h - cycle-exact model of rtl/noc/ape_router.v #(XS, YS, X, Y, NLOC, NVC, W,
 * D, MAXP, EW): the ExaNet 2D-torus router. docs/noc/ape_router.md is the contract (packet and
 * header format, ports, state, the four steps of a cycle, routing, errors).
 *
 * ape_router_comb() gives the outputs visible in the current cycle (all registered: they depend
 * on the state only); ape_router_clock() is the rising edge that ends the cycle, with the inputs
 * of that cycle. The FIFOs are on the heap: ape_router_free() releases them.
 */
#ifndef REF_APE_ROUTER_MODEL_H
#define REF_APE_ROUTER_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define APE_MAX_P 8u    /* 4 torus ports + up to 4 local ports */
#define APE_MAX_VC 2u   /* NVC is 1 or 2 */
#define APE_MAX_D 1024u /* most words per input VC */
#define APE_MAX_XS 16u  /* most routers per dimension */
#define APE_MAX_LOC 4u  /* most local ports */
#define APE_DROP 0xffu  /* route of a header whose packet is read out and discarded */

enum { APE_XP = 0, APE_XM, APE_YP, APE_YM, APE_LOCAL0 = 4 };
enum { APE_ERR_OVERFLOW, APE_ERR_VC, APE_ERR_DST, APE_ERR_LEN, APE_ERR_CREDIT, APE_NERR };

typedef struct {
  unsigned xs, ys; /* torus size, 1 .. 16 */
  unsigned nloc;   /* local ports, 1 .. 4 */
  unsigned nvc;    /* VCs per input port, 1 or 2 */
  unsigned w;      /* word bits: 64, 96 or 128 */
  unsigned d;      /* words per input VC, maxp + 2 .. 1024 */
  unsigned maxp;   /* most payload words of a packet, 1 .. 255 */
  unsigned ew;     /* error counter bits, 1 .. 32 */
} ape_params_t;

/* The RTL defaults: XS 4, YS 4, NLOC 1, NVC 2, W 128, D 34, MAXP 32, EW 16. */
ape_params_t ape_default_params(void);
int ape_params_check(const ape_params_t *p); /* 0 when legal, else -1 */

/* A W-bit word, little-endian: w[0] holds bits 31:0; only W / 32 elements are used. */
typedef struct {
  uint32_t w[4];
} ape_word_t;

/* Bits [lo +: n] of a word (n 1 .. 64), and their assignment (v masked to n bits). */
uint64_t ape_word_bits(const ape_word_t *x, unsigned lo, unsigned n);
void ape_word_set_bits(ape_word_t *x, unsigned lo, unsigned n, uint64_t v);

/* Header fields (docs/noc/ape_router.md "Packet"). sw is the software field [W-9:28]: its
 * first 64 bits when it is wider (W 128). The ECC byte [W-1:W-8] is not a field here. */
typedef struct {
  unsigned dst_x, dst_y, len, dst_port;
  uint64_t sw;
} ape_header_t;

/* The header word of h (fields masked to their widths, ECC byte and unused bits 0). */
ape_word_t ape_header_pack(const ape_params_t *p, const ape_header_t *h);
/* The fields of a word read as a header (its ECC byte is ignored). */
ape_header_t ape_header_unpack(const ape_params_t *p, const ape_word_t *x);

typedef struct { /* the inputs of one cycle */
  unsigned in_valid[APE_MAX_P];
  unsigned in_vc[APE_MAX_P]; /* a 1-bit port: only bit 0 is read */
  ape_word_t in_data[APE_MAX_P];
  unsigned cr_in[APE_MAX_P]; /* bit w: the receiver behind output p freed a word of VC w */
  unsigned cfg_order, cfg_arb_fixed, cfg_first;
} ape_rin_t;

typedef struct { /* the outputs of one cycle (registers) */
  unsigned out_valid[APE_MAX_P];
  unsigned out_vc[APE_MAX_P];
  ape_word_t out_data[APE_MAX_P]; /* out_vc / out_data hold while out_valid is 0 */
  unsigned cr_out[APE_MAX_P];     /* bit v: input VC (p, v) popped a word last cycle */
  uint32_t err[APE_NERR];
} ape_rout_t;

typedef struct { /* one FIFO entry */
  ape_word_t word;
  uint8_t is_head;
  uint8_t route; /* output port, or APE_DROP (headers only) */
  uint8_t ovc;   /* output VC (headers only) */
  uint8_t len;   /* the header's len (headers only) */
} ape_entry_t;

typedef struct {
  ape_params_t p;
  unsigned x, y, np; /* coordinates; np = P = 4 + NLOC */
  ape_entry_t *fifo; /* FIFO (q, v) is fifo[(q * nvc + v) * d ..] */
  unsigned rd[APE_MAX_P][APE_MAX_VC], cnt[APE_MAX_P][APE_MAX_VC]; /* front index, level */
  unsigned wrem[APE_MAX_P][APE_MAX_VC];                           /* write tracker */
  /* input ports; iovc is the output VC of the transfer (see ape_router_model.c) */
  unsigned ibusy[APE_MAX_P], ivc[APE_MAX_P], idrop[APE_MAX_P], iout[APE_MAX_P];
  unsigned iovc[APE_MAX_P], irem[APE_MAX_P], iptr[APE_MAX_P];
  /* output ports */
  unsigned obusy[APE_MAX_P], optr[APE_MAX_P], cred[APE_MAX_P][APE_MAX_VC];
  unsigned cfg_order, cfg_arb_fixed, cfg_first; /* the configuration registers */
  ape_rout_t o;                                 /* the output registers */
} ape_router_t;

/* -1: bad params, (x, y) off the torus, or no memory (then nothing is allocated). Allocates
 * the FIFOs: pair with ape_router_free(). */
int ape_router_init(ape_router_t *r, const ape_params_t *p, unsigned x, unsigned y);
void ape_router_free(ape_router_t *r);
void ape_router_comb(const ape_router_t *r, ape_rout_t *out);
void ape_router_clock(ape_router_t *r, const ape_rin_t *in);

/* The routing rule alone (docs/noc/ape_router.md step 1) at (x, y) with cfg_order `order`:
 * 0 and the output port and VC, or -1 (DST) when the destination is off the torus or
 * dst_port >= NLOC. The len check (LEN) is the router's, before this one. */
int ape_route(const ape_params_t *p, unsigned x, unsigned y, unsigned order, unsigned dst_x,
              unsigned dst_y, unsigned dst_port, unsigned *out_port, unsigned *out_vc);

#ifdef __cplusplus
}
#endif
#endif
