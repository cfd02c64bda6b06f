/*
 * sw_link.h - the link side of a switch model, one clock cycle at a time: what the links offer
 * the switch and what the switch shows them. Shared by the SCOC switch model
 * (scoc_switch_model) and the flat iSLIP crossbar model (islip_model), so that traffic,
 * scoreboards and benchmarks drive either one. Mirrors the link ports of the RTL tops
 * (docs/scoc/index.md "Switch datapath").
 *
 * Per port p, each cycle: the link offers a word (in_valid, in_data, in_last, and in_dst, which
 * the switch reads on a packet's first word only); the switch takes it when in_ready (a
 * valid/ready handshake: the offer must hold until taken). On the output side the switch shows
 * out_valid / out_data / out_last and the word leaves when out_ready.
 */
#ifndef REF_SW_LINK_H
#define REF_SW_LINK_H

#include <stdint.h>

#define SW_MAX_N 1024u /* the models: the SUE spec's largest fabric, 1024 XPUs */

typedef struct { /* inputs of one cycle, indexed by port */
  uint8_t in_valid[SW_MAX_N];
  uint8_t in_last[SW_MAX_N];
  uint16_t in_dst[SW_MAX_N];
  uint64_t in_data[SW_MAX_N];
  uint8_t out_ready[SW_MAX_N];
} sw_link_in_t;

typedef struct { /* outputs visible in this cycle (functions of the state only) */
  uint8_t in_ready[SW_MAX_N];
  uint8_t out_valid[SW_MAX_N];
  uint8_t out_last[SW_MAX_N];
  uint64_t out_data[SW_MAX_N];
} sw_link_out_t;

/* A switch model seen from its links: what traffic generators, scoreboards and benchmarks
 * drive. outputs() gives what the switch shows in the current cycle (a function of its state
 * only); clock() is the rising edge that ends the cycle, with the link inputs of that cycle. */
typedef struct {
  void *model;
  unsigned n;  /* ports */
  unsigned dw; /* bits of a data word (<= 64) */
  void (*outputs)(const void *model, sw_link_out_t *o);
  void (*clock)(void *model, const sw_link_in_t *in);
} sw_ops_t;

#endif
