/*
 * fabric_link_check.h - the switch inside the fabric against its port model (docs/fabric/index.md
 * "Lockstep"): every frame into a switch port (as the port takes it from its link: the fabric's
 * sw_in_* observation) gets the model's verdict (fabric_sw_port_model.c fsp_ingress_frame); every
 * frame out of a port (sw_out_*) must be the next frame the model forwarded to that port from
 * some source in that class, byte for byte, or the port's own PFC frame; every frame out of a
 * link (into a switch port, into an endpoint: ep_eth_rx_*) must be the next one that went into it
 * (out of the endpoint, ep_eth_tx_*; out of the switch port); the CBFC updates both ways never
 * take back a limit or a count sent; at the end every forwarded frame has
 * left, every link is empty and every counter of every port equals the model's count.
 */
#ifndef TB_FABRIC_LINK_CHECK_H
#define TB_FABRIC_LINK_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "fabric_sw_port_model.h"

typedef struct fab_lc fab_lc_t;

/* The raw channel's framing, {valid[7], last[6], nbytes[3:0]} a word: appends the word's bytes
 * to buf (len bytes so far, room for cap) and returns 1 when they end a frame (then *len is the
 * frame's length; the caller resets it). Fails the test on a malformed word. */
int fab_raw_take(uint8_t *buf, size_t *len, size_t cap, uint64_t word, unsigned ctl);

/* n ports, the switch's configuration as written to it, its MAC (PFC frames' source); exact: the
 * links deliver every frame as it went in (RIFL links; raw channels without bit errors or
 * outages: with them, a raw link's frames are checked for their length only). */
fab_lc_t *fab_lc_open(unsigned n, const fsp_cfg_t *cfg, size_t fmax, const uint8_t mac[6],
                      int exact);
/* Where a word is seen: into switch port p, out of it, out of endpoint p (into its up link),
 * into endpoint p (out of its down link). */
enum { FAB_LC_SW_IN, FAB_LC_SW_OUT, FAB_LC_EP_OUT, FAB_LC_EP_IN };
/* One cycle's word at p, dir one of FAB_LC_*; ctl is the fabric's observation framing,
 * {taken[7], last[6], user[5], nbytes[3:0]} (user: the link cut the frame). */
void fab_lc_word(fab_lc_t *c, unsigned p, unsigned dir, uint64_t word, unsigned ctl);
/* The end: every forwarded frame sent, and the counters read from port p (FSP_CNT_*) equal the
 * model's. Fails the test (CHECK) otherwise. */
void fab_lc_finish(fab_lc_t *c, const uint32_t (*cnt)[FSP_NCNT]);
/* Frames checked so far (out of the switch, data and PFC). */
uint64_t fab_lc_frames(const fab_lc_t *c);
/* CBFC updates the switch ports sent (each checked: classes, counts that never go back, bytes). */
uint64_t fab_lc_cbfc_updates(const fab_lc_t *c);
/* CBFC updates the endpoints sent into the switch ports (each checked: per enabled class the
 * limit and the units sent never go back). */
uint64_t fab_lc_ep_cbfc_updates(const fab_lc_t *c);
void fab_lc_close(fab_lc_t *c);

#endif
