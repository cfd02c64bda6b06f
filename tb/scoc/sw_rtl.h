/*
 * sw_rtl.h - a switch top (scoc_switch, islip_switch) seen from its links as an sw_ops_t
 * (csrc/lib/scoc/sw_link.h): the same traffic, scoreboards and microbenchmarks drive the RTL and
 * the C models. outputs() reads the link ports, clock() drives the inputs and steps one cycle.
 */
#ifndef TB_SW_RTL_H
#define TB_SW_RTL_H

#include "harness.h"
#include "sw_link.h"

typedef struct {
  dut_t *d;
  unsigned n, dw, nw;
  port_t in_valid, in_ready, in_data, in_last, in_dst;
  port_t out_valid, out_ready, out_data, out_last, err_len, err_dst;
} sw_rtl_t;

/* Opens top (reset applied, inputs idle); n ports, dw-bit words (checked on the ports). */
void sw_rtl_open(sw_rtl_t *r, const char *top, unsigned n, unsigned dw);
void sw_rtl_close(sw_rtl_t *r);
void sw_rtl_outputs(const void *r, sw_link_out_t *o);
void sw_rtl_clock(void *r, const sw_link_in_t *in);
sw_ops_t sw_rtl_ops(sw_rtl_t *r);

/* Bit fields of wide port values (word arrays, least significant first). */
void sw_put_bits(uint32_t *w, unsigned pos, unsigned width, uint64_t v);
uint64_t sw_get_bits(const uint32_t *w, unsigned pos, unsigned width);

/* Compares what the RTL and a model show this cycle (in_ready, out_valid, and out_data /
 * out_last where out_valid): fails the test with the port and cycle of the first difference. */
void sw_compare_links(const sw_rtl_t *r, const sw_link_out_t *rtl, const sw_link_out_t *model);

#endif
