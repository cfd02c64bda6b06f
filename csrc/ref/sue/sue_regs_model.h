/*
 * sue_regs_model.h - SUE management registers (docs/sue/index.md "Register map"): AXI4-Lite, 32-bit
 * data, 12-bit byte addresses, word aligned. Unmapped addresses read 0 and ignore writes (OKAY
 * response); read-only registers ignore writes. Reset values: sue_cfg_reset().
 */
#ifndef REF_SUE_REGS_H
#define REF_SUE_REGS_H

#include <stdint.h>

#include "sue_endpoint_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_REG_ID 0x000u    /* RO 0x53554501 ("SUE", version 1) */
#define SUE_REG_CAPS0 0x004u /* RO [15:0] PDU_MAX [22:16] NDST [27:24] ALIGN [28] PSN_PER_VC */
#define SUE_REG_CAPS1 0x008u /* RO [15:0] Q_BYTES/ALIGN [22:16] WIN [31:24] DATA_W/32 */
#define SUE_REG_CAPS2 0x00Cu /* RO [6:0] ING_CMD [14:8] ING_DATA */
#define SUE_REG_CAPS3 0x010u /* RO RX_BYTES */
#define SUE_REG_CTRL                                                                               \
  0x020u                         /* [0] AIFH [1] AIFH_SHORT [2] RCRC_C [3] PFC_TX_EN [4] PFC_RX_EN \
                                    [9:8] ACK_VC */
#define SUE_REG_XPUID 0x024u     /* [9:0] */
#define SUE_REG_PARTITION 0x028u /* [9:0] */
#define SUE_REG_MAC_HI 0x02Cu    /* [15:0] MAC bytes 0-1 (byte 0 = bits 15:8) */
#define SUE_REG_MAC_LO 0x030u    /* MAC bytes 2-5 (byte 2 = bits 31:24) */
#define SUE_REG_IP 0x034u        /* IPv4 address, first byte = bits 31:24 */
#define SUE_REG_UDP_PORT 0x038u  /* [15:0] destination port [31:16] source port */
#define SUE_REG_ETHERTYPE 0x03Cu /* [15:0] AIFH Ethertype */
#define SUE_REG_IP_CFG 0x040u    /* [7:0] TTL, DSCP of VC n at [8 + 6n +: 6] */
#define SUE_REG_AIFH_PREFIX 0x044u  /* AIFH address bytes 0-3 (byte 0 = bits 31:24) */
#define SUE_REG_PACK_TIMEOUT 0x048u /* [15:0] cycles */
#define SUE_REG_PACK_THRESH 0x04Cu  /* [15:0] bytes */
#define SUE_REG_RETX_TIMEOUT 0x050u /* [23:0] cycles */
#define SUE_REG_ACK_DELAY 0x054u    /* [15:0] cycles */
#define SUE_REG_PFC_MAP 0x058u      /* priority of VC n at [3n +: 3] */
#define SUE_REG_PFC_TIME 0x05Cu     /* [15:0] pause time sent (quanta) [23:16] cycles per quantum */
#define SUE_REG_PFC_REFRESH 0x060u  /* [23:0] cycles */
#define SUE_REG_PFC_XOFF 0x064u     /* [22:0] bytes */
#define SUE_REG_PFC_XON 0x068u      /* [22:0] bytes */
#define SUE_REG_CNT_CLEAR 0x06Cu    /* WO: bit 0 = 1 clears every counter */
#define SUE_REG_STATUS                                                                             \
  0x070u                                   /* RO [3:0] VC paused by the peer [7:4] VC in XOFF      \
                                              [8] tx_reset_out [9] rx_reset_out */
#define SUE_REG_CNT(i) (0x100u + 4u * (i)) /* RO counters, SUE_CNT_* */
#define SUE_REG_DST(d)                                                                             \
  (0x400u + 16u * (d)) /* +0 [9:0] XPU id [31] valid, +4 MAC_HI,                                   \
                          +8 MAC_LO, +C IP */
#define SUE_REG_CONN(c)                                                                            \
  (0x800u + 8u * (c)) /* RO +0 [15:0] next PSN [31:16] oldest                                      \
                         unacknowledged PSN; +4 [15:0] expected PSN                                \
                         [16] NACK sent [17] replaying [18] ACK owed */
#define SUE_REG_ID_VALUE 0x53554501u

uint32_t sue_ep_reg_read(const sue_ep_t *ep, uint32_t addr);
void sue_ep_reg_write(sue_ep_t *ep, uint32_t addr, uint32_t val);

#ifdef __cplusplus
}
#endif
#endif
