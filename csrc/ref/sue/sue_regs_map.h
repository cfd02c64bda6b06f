/*
 * sue_regs_map.h - generated from rtl/sue/sue_regs.rdl by scripts/regmap.py (`make regs`): do not
 * edit. SUE endpoint registers: AXI4-Lite, 32-bit data, 12-bit byte addresses, word aligned. Per
 * field F (<reg>_<field>): F_LSB, F_WIDTH, F_MASK (in place) and F_RESET, or F_RESET(P) where the
 * reset follows the parameters (P: a pointer to the parameter struct).
 */
#ifndef SUE_REGS_MAP_H
#define SUE_REGS_MAP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Field access: F is a field's name, e.g. SUE_REG_GET(v, SUE_REG_ID_VALUE). */
#define SUE_REG_GET(v, F) (((uint32_t)(v)&F##_MASK) >> F##_LSB)
#define SUE_REG_PUT(F, x) (((uint32_t)(x) << F##_LSB) & F##_MASK)

/* 0x000 ID (RO): Identification: "SUE", version 1. */
#define SUE_REG_ID 0x000u
#define SUE_REG_ID_VALUE_LSB 0u
#define SUE_REG_ID_VALUE_WIDTH 32u
#define SUE_REG_ID_VALUE_MASK 0xFFFFFFFFu
#define SUE_REG_ID_VALUE_RESET 0x53554501u

/* 0x004 CAPS0 (RO): Capabilities: elaboration parameters. */
#define SUE_REG_CAPS0 0x004u
#define SUE_REG_CAPS0_PDU_MAX_LSB 0u
#define SUE_REG_CAPS0_PDU_MAX_WIDTH 16u
#define SUE_REG_CAPS0_PDU_MAX_MASK 0x0000FFFFu
#define SUE_REG_CAPS0_PDU_MAX_RESET(P) ((P)->pdu_max)
#define SUE_REG_CAPS0_NDST_LSB 16u
#define SUE_REG_CAPS0_NDST_WIDTH 7u
#define SUE_REG_CAPS0_NDST_MASK 0x007F0000u
#define SUE_REG_CAPS0_NDST_RESET(P) ((P)->ndst)
#define SUE_REG_CAPS0_ALIGN_LSB 24u
#define SUE_REG_CAPS0_ALIGN_WIDTH 4u
#define SUE_REG_CAPS0_ALIGN_MASK 0x0F000000u
#define SUE_REG_CAPS0_ALIGN_RESET(P) ((P)->align)
#define SUE_REG_CAPS0_PSN_PER_VC_LSB 28u
#define SUE_REG_CAPS0_PSN_PER_VC_WIDTH 1u
#define SUE_REG_CAPS0_PSN_PER_VC_MASK 0x10000000u
#define SUE_REG_CAPS0_PSN_PER_VC_RESET(P) ((P)->psn_per_vc)

/* 0x008 CAPS1 (RO): Capabilities: elaboration parameters. */
#define SUE_REG_CAPS1 0x008u
#define SUE_REG_CAPS1_Q_UNITS_LSB 0u
#define SUE_REG_CAPS1_Q_UNITS_WIDTH 16u
#define SUE_REG_CAPS1_Q_UNITS_MASK 0x0000FFFFu
#define SUE_REG_CAPS1_Q_UNITS_RESET(P) ((P)->q_bytes / (P)->align)
#define SUE_REG_CAPS1_WIN_LSB 16u
#define SUE_REG_CAPS1_WIN_WIDTH 7u
#define SUE_REG_CAPS1_WIN_MASK 0x007F0000u
#define SUE_REG_CAPS1_WIN_RESET(P) ((P)->win)
#define SUE_REG_CAPS1_DATA_W32_LSB 24u
#define SUE_REG_CAPS1_DATA_W32_WIDTH 8u
#define SUE_REG_CAPS1_DATA_W32_MASK 0xFF000000u
#define SUE_REG_CAPS1_DATA_W32_RESET(P) ((P)->data_w / 32u)

/* 0x00C CAPS2 (RO): Capabilities: elaboration parameters. */
#define SUE_REG_CAPS2 0x00Cu
#define SUE_REG_CAPS2_ING_CMD_LSB 0u
#define SUE_REG_CAPS2_ING_CMD_WIDTH 7u
#define SUE_REG_CAPS2_ING_CMD_MASK 0x0000007Fu
#define SUE_REG_CAPS2_ING_CMD_RESET(P) ((P)->ing_cmd)
#define SUE_REG_CAPS2_ING_DATA_LSB 8u
#define SUE_REG_CAPS2_ING_DATA_WIDTH 7u
#define SUE_REG_CAPS2_ING_DATA_MASK 0x00007F00u
#define SUE_REG_CAPS2_ING_DATA_RESET(P) ((P)->ing_data)

/* 0x010 CAPS3 (RO): Capabilities: elaboration parameters. */
#define SUE_REG_CAPS3 0x010u
#define SUE_REG_CAPS3_RX_BYTES_LSB 0u
#define SUE_REG_CAPS3_RX_BYTES_WIDTH 32u
#define SUE_REG_CAPS3_RX_BYTES_MASK 0xFFFFFFFFu
#define SUE_REG_CAPS3_RX_BYTES_RESET(P) ((P)->rx_bytes)

/* 0x020 CTRL (RW): Control. */
#define SUE_REG_CTRL 0x020u
#define SUE_REG_CTRL_AIFH_LSB 0u
#define SUE_REG_CTRL_AIFH_WIDTH 1u
#define SUE_REG_CTRL_AIFH_MASK 0x00000001u
#define SUE_REG_CTRL_AIFH_RESET 0x0u
#define SUE_REG_CTRL_AIFH_SHORT_LSB 1u
#define SUE_REG_CTRL_AIFH_SHORT_WIDTH 1u
#define SUE_REG_CTRL_AIFH_SHORT_MASK 0x00000002u
#define SUE_REG_CTRL_AIFH_SHORT_RESET 0x0u
#define SUE_REG_CTRL_RCRC_C_LSB 2u
#define SUE_REG_CTRL_RCRC_C_WIDTH 1u
#define SUE_REG_CTRL_RCRC_C_MASK 0x00000004u
#define SUE_REG_CTRL_RCRC_C_RESET 0x0u
#define SUE_REG_CTRL_PFC_TX_EN_LSB 3u
#define SUE_REG_CTRL_PFC_TX_EN_WIDTH 1u
#define SUE_REG_CTRL_PFC_TX_EN_MASK 0x00000008u
#define SUE_REG_CTRL_PFC_TX_EN_RESET 0x1u
#define SUE_REG_CTRL_PFC_RX_EN_LSB 4u
#define SUE_REG_CTRL_PFC_RX_EN_WIDTH 1u
#define SUE_REG_CTRL_PFC_RX_EN_MASK 0x00000010u
#define SUE_REG_CTRL_PFC_RX_EN_RESET 0x1u
#define SUE_REG_CTRL_FC_MODE_LSB 5u
#define SUE_REG_CTRL_FC_MODE_WIDTH 1u
#define SUE_REG_CTRL_FC_MODE_MASK 0x00000020u
#define SUE_REG_CTRL_FC_MODE_RESET 0x0u
#define SUE_REG_CTRL_ACK_VC_LSB 8u
#define SUE_REG_CTRL_ACK_VC_WIDTH 2u
#define SUE_REG_CTRL_ACK_VC_MASK 0x00000300u
#define SUE_REG_CTRL_ACK_VC_RESET 0x3u

/* 0x024 XPUID (RW): This XPU's id. */
#define SUE_REG_XPUID 0x024u
#define SUE_REG_XPUID_ID_LSB 0u
#define SUE_REG_XPUID_ID_WIDTH 10u
#define SUE_REG_XPUID_ID_MASK 0x000003FFu
#define SUE_REG_XPUID_ID_RESET 0x0u

/* 0x028 PARTITION (RW): Partition, sent and required. */
#define SUE_REG_PARTITION 0x028u
#define SUE_REG_PARTITION_ID_LSB 0u
#define SUE_REG_PARTITION_ID_WIDTH 10u
#define SUE_REG_PARTITION_ID_MASK 0x000003FFu
#define SUE_REG_PARTITION_ID_RESET 0x0u

/* 0x02C MAC_HI (RW): MAC address, bytes 0-1. */
#define SUE_REG_MAC_HI 0x02Cu
#define SUE_REG_MAC_HI_MAC01_LSB 0u
#define SUE_REG_MAC_HI_MAC01_WIDTH 16u
#define SUE_REG_MAC_HI_MAC01_MASK 0x0000FFFFu
#define SUE_REG_MAC_HI_MAC01_RESET 0x200u

/* 0x030 MAC_LO (RW): MAC address, bytes 2-5. */
#define SUE_REG_MAC_LO 0x030u
#define SUE_REG_MAC_LO_MAC2345_LSB 0u
#define SUE_REG_MAC_LO_MAC2345_WIDTH 32u
#define SUE_REG_MAC_LO_MAC2345_MASK 0xFFFFFFFFu
#define SUE_REG_MAC_LO_MAC2345_RESET 0x0u

/* 0x034 IP (RW): IPv4 address. */
#define SUE_REG_IP 0x034u
#define SUE_REG_IP_ADDR_LSB 0u
#define SUE_REG_IP_ADDR_WIDTH 32u
#define SUE_REG_IP_ADDR_MASK 0xFFFFFFFFu
#define SUE_REG_IP_ADDR_RESET 0x0u

/* 0x038 UDP_PORT (RW): UDP ports. */
#define SUE_REG_UDP_PORT 0x038u
#define SUE_REG_UDP_PORT_DPORT_LSB 0u
#define SUE_REG_UDP_PORT_DPORT_WIDTH 16u
#define SUE_REG_UDP_PORT_DPORT_MASK 0x0000FFFFu
#define SUE_REG_UDP_PORT_DPORT_RESET 0xC000u
#define SUE_REG_UDP_PORT_SPORT_LSB 16u
#define SUE_REG_UDP_PORT_SPORT_WIDTH 16u
#define SUE_REG_UDP_PORT_SPORT_MASK 0xFFFF0000u
#define SUE_REG_UDP_PORT_SPORT_RESET 0xC000u

/* 0x03C ETHERTYPE (RW): AIFH Ethertype. */
#define SUE_REG_ETHERTYPE 0x03Cu
#define SUE_REG_ETHERTYPE_TYPE_LSB 0u
#define SUE_REG_ETHERTYPE_TYPE_WIDTH 16u
#define SUE_REG_ETHERTYPE_TYPE_MASK 0x0000FFFFu
#define SUE_REG_ETHERTYPE_TYPE_RESET 0x88B5u

/* 0x040 IP_CFG (RW): IPv4 TTL and the DSCP of each VC. */
#define SUE_REG_IP_CFG 0x040u
#define SUE_REG_IP_CFG_TTL_LSB 0u
#define SUE_REG_IP_CFG_TTL_WIDTH 8u
#define SUE_REG_IP_CFG_TTL_MASK 0x000000FFu
#define SUE_REG_IP_CFG_TTL_RESET 0x40u
#define SUE_REG_IP_CFG_DSCP0_LSB 8u
#define SUE_REG_IP_CFG_DSCP0_WIDTH 6u
#define SUE_REG_IP_CFG_DSCP0_MASK 0x00003F00u
#define SUE_REG_IP_CFG_DSCP0_RESET 0x0u
#define SUE_REG_IP_CFG_DSCP1_LSB 14u
#define SUE_REG_IP_CFG_DSCP1_WIDTH 6u
#define SUE_REG_IP_CFG_DSCP1_MASK 0x000FC000u
#define SUE_REG_IP_CFG_DSCP1_RESET 0x0u
#define SUE_REG_IP_CFG_DSCP2_LSB 20u
#define SUE_REG_IP_CFG_DSCP2_WIDTH 6u
#define SUE_REG_IP_CFG_DSCP2_MASK 0x03F00000u
#define SUE_REG_IP_CFG_DSCP2_RESET 0x0u
#define SUE_REG_IP_CFG_DSCP3_LSB 26u
#define SUE_REG_IP_CFG_DSCP3_WIDTH 6u
#define SUE_REG_IP_CFG_DSCP3_MASK 0xFC000000u
#define SUE_REG_IP_CFG_DSCP3_RESET 0x0u

/* 0x044 AIFH_PREFIX (RW): AIFH address prefix. */
#define SUE_REG_AIFH_PREFIX 0x044u
#define SUE_REG_AIFH_PREFIX_PREFIX_LSB 0u
#define SUE_REG_AIFH_PREFIX_PREFIX_WIDTH 32u
#define SUE_REG_AIFH_PREFIX_PREFIX_MASK 0xFFFFFFFFu
#define SUE_REG_AIFH_PREFIX_PREFIX_RESET 0x2000000u

/* 0x048 PACK_TIMEOUT (RW): Pack timeout. */
#define SUE_REG_PACK_TIMEOUT 0x048u
#define SUE_REG_PACK_TIMEOUT_CYCLES_LSB 0u
#define SUE_REG_PACK_TIMEOUT_CYCLES_WIDTH 16u
#define SUE_REG_PACK_TIMEOUT_CYCLES_MASK 0x0000FFFFu
#define SUE_REG_PACK_TIMEOUT_CYCLES_RESET 0x40u

/* 0x04C PACK_THRESH (RW): Pack threshold. */
#define SUE_REG_PACK_THRESH 0x04Cu
#define SUE_REG_PACK_THRESH_BYTES_LSB 0u
#define SUE_REG_PACK_THRESH_BYTES_WIDTH 16u
#define SUE_REG_PACK_THRESH_BYTES_MASK 0x0000FFFFu
#define SUE_REG_PACK_THRESH_BYTES_RESET(P) ((P)->pdu_max)

/* 0x050 RETX_TIMEOUT (RW): Retransmission timeout. */
#define SUE_REG_RETX_TIMEOUT 0x050u
#define SUE_REG_RETX_TIMEOUT_CYCLES_LSB 0u
#define SUE_REG_RETX_TIMEOUT_CYCLES_WIDTH 24u
#define SUE_REG_RETX_TIMEOUT_CYCLES_MASK 0x00FFFFFFu
#define SUE_REG_RETX_TIMEOUT_CYCLES_RESET 0x1000u

/* 0x054 ACK_DELAY (RW): ACK delay. */
#define SUE_REG_ACK_DELAY 0x054u
#define SUE_REG_ACK_DELAY_CYCLES_LSB 0u
#define SUE_REG_ACK_DELAY_CYCLES_WIDTH 16u
#define SUE_REG_ACK_DELAY_CYCLES_MASK 0x0000FFFFu
#define SUE_REG_ACK_DELAY_CYCLES_RESET 0x40u

/* 0x058 PFC_MAP (RW): PFC priority of each VC. */
#define SUE_REG_PFC_MAP 0x058u
#define SUE_REG_PFC_MAP_PRIO0_LSB 0u
#define SUE_REG_PFC_MAP_PRIO0_WIDTH 3u
#define SUE_REG_PFC_MAP_PRIO0_MASK 0x00000007u
#define SUE_REG_PFC_MAP_PRIO0_RESET 0x0u
#define SUE_REG_PFC_MAP_PRIO1_LSB 3u
#define SUE_REG_PFC_MAP_PRIO1_WIDTH 3u
#define SUE_REG_PFC_MAP_PRIO1_MASK 0x00000038u
#define SUE_REG_PFC_MAP_PRIO1_RESET 0x1u
#define SUE_REG_PFC_MAP_PRIO2_LSB 6u
#define SUE_REG_PFC_MAP_PRIO2_WIDTH 3u
#define SUE_REG_PFC_MAP_PRIO2_MASK 0x000001C0u
#define SUE_REG_PFC_MAP_PRIO2_RESET 0x2u
#define SUE_REG_PFC_MAP_PRIO3_LSB 9u
#define SUE_REG_PFC_MAP_PRIO3_WIDTH 3u
#define SUE_REG_PFC_MAP_PRIO3_MASK 0x00000E00u
#define SUE_REG_PFC_MAP_PRIO3_RESET 0x3u

/* 0x05C PFC_TIME (RW): PFC pause time. */
#define SUE_REG_PFC_TIME 0x05Cu
#define SUE_REG_PFC_TIME_TIME_LSB 0u
#define SUE_REG_PFC_TIME_TIME_WIDTH 16u
#define SUE_REG_PFC_TIME_TIME_MASK 0x0000FFFFu
#define SUE_REG_PFC_TIME_TIME_RESET 0xFFFFu
#define SUE_REG_PFC_TIME_QCYC_LSB 16u
#define SUE_REG_PFC_TIME_QCYC_WIDTH 8u
#define SUE_REG_PFC_TIME_QCYC_MASK 0x00FF0000u
#define SUE_REG_PFC_TIME_QCYC_RESET 0x2u

/* 0x060 PFC_REFRESH (RW): PFC refresh interval. */
#define SUE_REG_PFC_REFRESH 0x060u
#define SUE_REG_PFC_REFRESH_CYCLES_LSB 0u
#define SUE_REG_PFC_REFRESH_CYCLES_WIDTH 24u
#define SUE_REG_PFC_REFRESH_CYCLES_MASK 0x00FFFFFFu
#define SUE_REG_PFC_REFRESH_CYCLES_RESET 0x8000u

/* 0x064 PFC_XOFF (RW): PFC XOFF threshold. */
#define SUE_REG_PFC_XOFF 0x064u
#define SUE_REG_PFC_XOFF_BYTES_LSB 0u
#define SUE_REG_PFC_XOFF_BYTES_WIDTH 23u
#define SUE_REG_PFC_XOFF_BYTES_MASK 0x007FFFFFu
#define SUE_REG_PFC_XOFF_BYTES_RESET(P) ((P)->rx_bytes / 2u)

/* 0x068 PFC_XON (RW): PFC XON threshold. */
#define SUE_REG_PFC_XON 0x068u
#define SUE_REG_PFC_XON_BYTES_LSB 0u
#define SUE_REG_PFC_XON_BYTES_WIDTH 23u
#define SUE_REG_PFC_XON_BYTES_MASK 0x007FFFFFu
#define SUE_REG_PFC_XON_BYTES_RESET(P) ((P)->rx_bytes / 4u)

/* 0x06C CNT_CLEAR (WO): Counter clear. */
#define SUE_REG_CNT_CLEAR 0x06Cu
#define SUE_REG_CNT_CLEAR_CLEAR_LSB 0u
#define SUE_REG_CNT_CLEAR_CLEAR_WIDTH 1u
#define SUE_REG_CNT_CLEAR_CLEAR_MASK 0x00000001u

/* 0x070 STATUS (RO): Status. */
#define SUE_REG_STATUS 0x070u
#define SUE_REG_STATUS_PAUSED_LSB 0u
#define SUE_REG_STATUS_PAUSED_WIDTH 4u
#define SUE_REG_STATUS_PAUSED_MASK 0x0000000Fu
#define SUE_REG_STATUS_XOFF_LSB 4u
#define SUE_REG_STATUS_XOFF_WIDTH 4u
#define SUE_REG_STATUS_XOFF_MASK 0x000000F0u
#define SUE_REG_STATUS_TX_RESET_LSB 8u
#define SUE_REG_STATUS_TX_RESET_WIDTH 1u
#define SUE_REG_STATUS_TX_RESET_MASK 0x00000100u
#define SUE_REG_STATUS_RX_RESET_LSB 9u
#define SUE_REG_STATUS_RX_RESET_WIDTH 1u
#define SUE_REG_STATUS_RX_RESET_MASK 0x00000200u
#define SUE_REG_STATUS_LINK_UP_LSB 16u
#define SUE_REG_STATUS_LINK_UP_WIDTH 1u
#define SUE_REG_STATUS_LINK_UP_MASK 0x00010000u

/* 0x074 VLAN (RW): 802.1Q VLAN tag (docs/sue/index.md "VLAN tag"). Received tagged frames are
 * accepted whatever this register holds. */
#define SUE_REG_VLAN 0x074u
#define SUE_REG_VLAN_TX_EN_LSB 0u
#define SUE_REG_VLAN_TX_EN_WIDTH 1u
#define SUE_REG_VLAN_TX_EN_MASK 0x00000001u
#define SUE_REG_VLAN_TX_EN_RESET 0x0u
#define SUE_REG_VLAN_VID_LSB 16u
#define SUE_REG_VLAN_VID_WIDTH 12u
#define SUE_REG_VLAN_VID_MASK 0x0FFF0000u
#define SUE_REG_VLAN_VID_RESET 0x1u

/* 0x078 INTR (W1C): Interrupt status: events, each set by the hardware and cleared by writing 1. */
#define SUE_REG_INTR 0x078u
#define SUE_REG_INTR_LINK_DOWN_LSB 0u
#define SUE_REG_INTR_LINK_DOWN_WIDTH 1u
#define SUE_REG_INTR_LINK_DOWN_MASK 0x00000001u
#define SUE_REG_INTR_LINK_DOWN_RESET 0x0u
#define SUE_REG_INTR_LINK_UP_LSB 1u
#define SUE_REG_INTR_LINK_UP_WIDTH 1u
#define SUE_REG_INTR_LINK_UP_MASK 0x00000002u
#define SUE_REG_INTR_LINK_UP_RESET 0x0u
#define SUE_REG_INTR_UNREACH_LSB 2u
#define SUE_REG_INTR_UNREACH_WIDTH 1u
#define SUE_REG_INTR_UNREACH_MASK 0x00000004u
#define SUE_REG_INTR_UNREACH_RESET 0x0u
#define SUE_REG_INTR_REACH_LSB 3u
#define SUE_REG_INTR_REACH_WIDTH 1u
#define SUE_REG_INTR_REACH_MASK 0x00000008u
#define SUE_REG_INTR_REACH_RESET 0x0u

/* 0x07C INTR_EN (RW): Interrupt enable: irq = |(INTR & INTR_EN). */
#define SUE_REG_INTR_EN 0x07Cu
#define SUE_REG_INTR_EN_LINK_DOWN_LSB 0u
#define SUE_REG_INTR_EN_LINK_DOWN_WIDTH 1u
#define SUE_REG_INTR_EN_LINK_DOWN_MASK 0x00000001u
#define SUE_REG_INTR_EN_LINK_DOWN_RESET 0x0u
#define SUE_REG_INTR_EN_LINK_UP_LSB 1u
#define SUE_REG_INTR_EN_LINK_UP_WIDTH 1u
#define SUE_REG_INTR_EN_LINK_UP_MASK 0x00000002u
#define SUE_REG_INTR_EN_LINK_UP_RESET 0x0u
#define SUE_REG_INTR_EN_UNREACH_LSB 2u
#define SUE_REG_INTR_EN_UNREACH_WIDTH 1u
#define SUE_REG_INTR_EN_UNREACH_MASK 0x00000004u
#define SUE_REG_INTR_EN_UNREACH_RESET 0x0u
#define SUE_REG_INTR_EN_REACH_LSB 3u
#define SUE_REG_INTR_EN_REACH_WIDTH 1u
#define SUE_REG_INTR_EN_REACH_MASK 0x00000008u
#define SUE_REG_INTR_EN_REACH_RESET 0x0u

/* 0x080 REACH (RW): Reachability. */
#define SUE_REG_REACH 0x080u
#define SUE_REG_REACH_RETRY_LIMIT_LSB 0u
#define SUE_REG_REACH_RETRY_LIMIT_WIDTH 8u
#define SUE_REG_REACH_RETRY_LIMIT_MASK 0x000000FFu
#define SUE_REG_REACH_RETRY_LIMIT_RESET 0x7u
#define SUE_REG_REACH_PROBE_LSB 8u
#define SUE_REG_REACH_PROBE_WIDTH 16u
#define SUE_REG_REACH_PROBE_MASK 0x00FFFF00u
#define SUE_REG_REACH_PROBE_RESET 0x1000u

/* 0x084 UNREACH0 (RO): Unreachable destinations, slots 0-31 (bit d: slot d). */
#define SUE_REG_UNREACH0 0x084u
#define SUE_REG_UNREACH0_SLOTS_LSB 0u
#define SUE_REG_UNREACH0_SLOTS_WIDTH 32u
#define SUE_REG_UNREACH0_SLOTS_MASK 0xFFFFFFFFu

/* 0x088 UNREACH1 (RO): Unreachable destinations, slots 32-63 (bit d: slot 32 + d). */
#define SUE_REG_UNREACH1 0x088u
#define SUE_REG_UNREACH1_SLOTS_LSB 0u
#define SUE_REG_UNREACH1_SLOTS_WIDTH 32u
#define SUE_REG_UNREACH1_SLOTS_MASK 0xFFFFFFFFu

/* 0x08C MGMT_GAP (RW): Management frames: the least number of cycles between the decisions of two
 * frames sent (the rate limit; 100000: 10K frames a second at 1 GHz). */
#define SUE_REG_MGMT_GAP 0x08Cu
#define SUE_REG_MGMT_GAP_CYCLES_LSB 0u
#define SUE_REG_MGMT_GAP_CYCLES_WIDTH 24u
#define SUE_REG_MGMT_GAP_CYCLES_MASK 0x00FFFFFFu
#define SUE_REG_MGMT_GAP_CYCLES_RESET 0x186A0u

/* 0x090 MGMT_TX_DATA (WO): Management frame data: a write appends 4 bytes to the frame being
 * written (the first at [31:24]); past MGMT_MAX bytes the word is dropped (tx_mgmt_bad). */
#define SUE_REG_MGMT_TX_DATA 0x090u
#define SUE_REG_MGMT_TX_DATA_DATA_LSB 0u
#define SUE_REG_MGMT_TX_DATA_DATA_WIDTH 32u
#define SUE_REG_MGMT_TX_DATA_DATA_MASK 0xFFFFFFFFu

/* 0x094 MGMT_TX_SEND (WO): Management frame send: the frame written is queued, LEN bytes (FCS
 * excluded). Refused (tx_mgmt_bad, the written bytes discarded) unless 14 <= LEN <= MGMT_MAX, LEN
 * needs exactly the words written (ceil(LEN / 4)) and no frame is queued. */
#define SUE_REG_MGMT_TX_SEND 0x094u
#define SUE_REG_MGMT_TX_SEND_LEN_LSB 0u
#define SUE_REG_MGMT_TX_SEND_LEN_WIDTH 11u
#define SUE_REG_MGMT_TX_SEND_LEN_MASK 0x000007FFu

/* 0x098 MGMT_TX_STATUS (RO): Management transmit status. */
#define SUE_REG_MGMT_TX_STATUS 0x098u
#define SUE_REG_MGMT_TX_STATUS_WORDS_LSB 0u
#define SUE_REG_MGMT_TX_STATUS_WORDS_WIDTH 8u
#define SUE_REG_MGMT_TX_STATUS_WORDS_MASK 0x000000FFu
#define SUE_REG_MGMT_TX_STATUS_QUEUED_LSB 8u
#define SUE_REG_MGMT_TX_STATUS_QUEUED_WIDTH 1u
#define SUE_REG_MGMT_TX_STATUS_QUEUED_MASK 0x00000100u
#define SUE_REG_MGMT_TX_STATUS_MAX_LSB 16u
#define SUE_REG_MGMT_TX_STATUS_MAX_WIDTH 11u
#define SUE_REG_MGMT_TX_STATUS_MAX_MASK 0x07FF0000u
#define SUE_REG_MGMT_TX_STATUS_MAX_RESET(P)                                                        \
  (((P)->pdu_max + 54u < 508u) ? (P)->pdu_max + 54u : 508u)

/* 0x09C MGMT_RX_FILTER (RW): Management receive filter: a frame that is not SUE traffic is taken
 * when its Ethertype (bytes 12-13, 16-17 behind an 802.1Q tag) AND MASK equals ETYPE AND MASK (MASK
 * 0: every Ethertype). */
#define SUE_REG_MGMT_RX_FILTER 0x09Cu
#define SUE_REG_MGMT_RX_FILTER_ETYPE_LSB 0u
#define SUE_REG_MGMT_RX_FILTER_ETYPE_WIDTH 16u
#define SUE_REG_MGMT_RX_FILTER_ETYPE_MASK 0x0000FFFFu
#define SUE_REG_MGMT_RX_FILTER_ETYPE_RESET 0x0u
#define SUE_REG_MGMT_RX_FILTER_MASK_LSB 16u
#define SUE_REG_MGMT_RX_FILTER_MASK_WIDTH 16u
#define SUE_REG_MGMT_RX_FILTER_MASK_MASK 0xFFFF0000u
#define SUE_REG_MGMT_RX_FILTER_MASK_RESET 0x0u

/* 0x0A0 MGMT_RX_CTL (RW): Management receive control. */
#define SUE_REG_MGMT_RX_CTL 0x0A0u
#define SUE_REG_MGMT_RX_CTL_EN_LSB 0u
#define SUE_REG_MGMT_RX_CTL_EN_WIDTH 1u
#define SUE_REG_MGMT_RX_CTL_EN_MASK 0x00000001u
#define SUE_REG_MGMT_RX_CTL_EN_RESET 0x0u

/* 0x0A4 MGMT_RX_STATUS (RO): Management receive status: the oldest frame taken (the head). */
#define SUE_REG_MGMT_RX_STATUS 0x0A4u
#define SUE_REG_MGMT_RX_STATUS_LEN_LSB 0u
#define SUE_REG_MGMT_RX_STATUS_LEN_WIDTH 11u
#define SUE_REG_MGMT_RX_STATUS_LEN_MASK 0x000007FFu
#define SUE_REG_MGMT_RX_STATUS_FRAMES_LSB 12u
#define SUE_REG_MGMT_RX_STATUS_FRAMES_WIDTH 3u
#define SUE_REG_MGMT_RX_STATUS_FRAMES_MASK 0x00007000u

/* 0x0A8 MGMT_RX_RD (RW): Management receive read index: the word of the head frame MGMT_RX_DATA
 * shows. */
#define SUE_REG_MGMT_RX_RD 0x0A8u
#define SUE_REG_MGMT_RX_RD_WORD_LSB 0u
#define SUE_REG_MGMT_RX_RD_WORD_WIDTH 7u
#define SUE_REG_MGMT_RX_RD_WORD_MASK 0x0000007Fu
#define SUE_REG_MGMT_RX_RD_WORD_RESET 0x0u

/* 0x0AC MGMT_RX_DATA (RO): Management receive data: word MGMT_RX_RD.WORD of the head frame, the
 * first byte at [31:24]; bytes past LEN, and every byte when no frame is taken, read 0. */
#define SUE_REG_MGMT_RX_DATA 0x0ACu
#define SUE_REG_MGMT_RX_DATA_DATA_LSB 0u
#define SUE_REG_MGMT_RX_DATA_DATA_WIDTH 32u
#define SUE_REG_MGMT_RX_DATA_DATA_MASK 0xFFFFFFFFu

/* 0x0B0 MGMT_RX_POP (WO): Management receive release: writing 1 to POP releases the head frame (its
 * slot takes a new frame from the second cycle after the write); ignored when none. */
#define SUE_REG_MGMT_RX_POP 0x0B0u
#define SUE_REG_MGMT_RX_POP_POP_LSB 0u
#define SUE_REG_MGMT_RX_POP_POP_WIDTH 1u
#define SUE_REG_MGMT_RX_POP_POP_MASK 0x00000001u

/* 0x0B4 CBFC_CFG (RW): CBFC credit unit and update step. */
#define SUE_REG_CBFC_CFG 0x0B4u
#define SUE_REG_CBFC_CFG_USHIFT_LSB 0u
#define SUE_REG_CBFC_CFG_USHIFT_WIDTH 4u
#define SUE_REG_CBFC_CFG_USHIFT_MASK 0x0000000Fu
#define SUE_REG_CBFC_CFG_USHIFT_RESET 0x6u
#define SUE_REG_CBFC_CFG_STEP_LSB 16u
#define SUE_REG_CBFC_CFG_STEP_WIDTH 16u
#define SUE_REG_CBFC_CFG_STEP_MASK 0xFFFF0000u
#define SUE_REG_CBFC_CFG_STEP_RESET 0x8u

/* 0x0B8 CBFC_OUI (RW): CBFC update frames: the OUI after the extension opcode 0xFFFE, sent and
 * required. */
#define SUE_REG_CBFC_OUI 0x0B8u
#define SUE_REG_CBFC_OUI_OUI_LSB 0u
#define SUE_REG_CBFC_OUI_OUI_WIDTH 24u
#define SUE_REG_CBFC_OUI_OUI_MASK 0x00FFFFFFu
#define SUE_REG_CBFC_OUI_OUI_RESET 0x0u

/* 0x0BC CBFC_AVAIL0 (RO): CBFC credits left (limit - units sent, modulo 2^16) of VCs 0 and 1. */
#define SUE_REG_CBFC_AVAIL0 0x0BCu
#define SUE_REG_CBFC_AVAIL0_VC0_LSB 0u
#define SUE_REG_CBFC_AVAIL0_VC0_WIDTH 16u
#define SUE_REG_CBFC_AVAIL0_VC0_MASK 0x0000FFFFu
#define SUE_REG_CBFC_AVAIL0_VC1_LSB 16u
#define SUE_REG_CBFC_AVAIL0_VC1_WIDTH 16u
#define SUE_REG_CBFC_AVAIL0_VC1_MASK 0xFFFF0000u

/* 0x0C0 CBFC_AVAIL1 (RO): CBFC credits left of VCs 2 and 3. */
#define SUE_REG_CBFC_AVAIL1 0x0C0u
#define SUE_REG_CBFC_AVAIL1_VC2_LSB 0u
#define SUE_REG_CBFC_AVAIL1_VC2_WIDTH 16u
#define SUE_REG_CBFC_AVAIL1_VC2_MASK 0x0000FFFFu
#define SUE_REG_CBFC_AVAIL1_VC3_LSB 16u
#define SUE_REG_CBFC_AVAIL1_VC3_WIDTH 16u
#define SUE_REG_CBFC_AVAIL1_VC3_MASK 0xFFFF0000u

/* 0x100 + 4i CNT (RO): Counters (0x100 + 4i). Words i < 59, those named below exist. */
#define SUE_REG_CNT(i) (0x100u + 4u * (i))
#define SUE_REG_CNT_NUM 59u
#define SUE_REG_CNT_ON 0x07FFFFFF000FFFFFull /* bit i: word i exists */
#define SUE_REG_CNT_COUNT_LSB 0u
#define SUE_REG_CNT_COUNT_WIDTH 32u
#define SUE_REG_CNT_COUNT_MASK 0xFFFFFFFFu
enum {
  SUE_CNT_TX_CMDS = 0,         /* commands accepted into a pack queue */
  SUE_CNT_TX_CMD_BAD = 1,      /* illegal command (descriptor, tx_valid, tx_cycle) dropped */
  SUE_CNT_TX_CMD_ERR = 2,      /* command with tx_err dropped */
  SUE_CNT_TX_CMD_NODST = 3,    /* tx_xpuid not in the destination table, dropped */
  SUE_CNT_TX_CREDIT_VIOL = 4,  /* command without an ingress credit, dropped */
  SUE_CNT_TX_HOL = 5,          /* commands that waited at the ingress for pack-queue room */
  SUE_CNT_TX_FLUSHED = 6,      /* commands discarded by tx_reset_in */
  SUE_CNT_TX_PDUS = 7,         /* new data PDUs sent */
  SUE_CNT_TX_RETX = 8,         /* data PDUs sent again (go-back-N) */
  SUE_CNT_TX_ACK_FRAMES = 9,   /* stand-alone ACK frames */
  SUE_CNT_TX_NACK_FRAMES = 10, /* stand-alone NACK frames */
  SUE_CNT_TX_NACKS = 11,       /* NACKs sent, piggy-backed or stand-alone */
  SUE_CNT_TX_PFC = 12,         /* PFC frames sent */
  SUE_CNT_TX_FRAMES = 13,      /* every frame sent */
  SUE_CNT_TX_BYTES = 14,       /* bytes of every frame sent, FCS included */
  SUE_CNT_TX_TIMEOUTS = 15,    /* retransmission timer expiries (a replay each) */
  SUE_CNT_TX_REPLAYS = 16,     /* replays started by a NACK */
  SUE_CNT_TX_MGMT = 17,        /* management frames sent */
  SUE_CNT_TX_MGMT_BAD = 18,    /* management words past MGMT_MAX and refused sends */
  SUE_CNT_TX_CBFC = 19,        /* CBFC update frames sent */
  SUE_CNT_RX_FRAMES = 32,      /* every frame received */
  SUE_CNT_RX_RUNT = 33,        /* check 1: shorter than 64 bytes */
  SUE_CNT_RX_OVERSIZE = 34,    /* check 2: longer than the largest frame */
  SUE_CNT_RX_FCS = 35,         /* check 3: bad FCS */
  SUE_CNT_RX_ETHERTYPE = 36, /* checks 4, 5: wrong Ethertype (or a MAC control frame that is neither
                                PFC nor a CBFC update of CBFC_OUI) */
  SUE_CNT_RX_IP_HDR = 37,   /* check 6: UDP format: bad IPv4 header (version, IHL, length, fragment,
                               protocol, checksum) or UDP length */
  SUE_CNT_RX_UDP_PORT = 38, /* check 7: UDP format: wrong UDP destination port */
  SUE_CNT_RX_DST = 39,      /* check 8: not addressed to this endpoint */
  SUE_CNT_RX_RCRC = 40,     /* check 9: bad R-CRC */
  SUE_CNT_RX_VER = 41,      /* check 10: RH ver != 0 */
  SUE_CNT_RX_SRC = 42,      /* check 11: RH xpuid not in the destination table */
  SUE_CNT_RX_PARTITION = 43, /* check 12: RH partition != PARTITION */
  SUE_CNT_RX_BAD_PDU = 44,   /* check 13: op 3, or the command area does not parse */
  SUE_CNT_RX_PSN = 45,       /* PSN ahead of the expected one (a loss): dropped */
  SUE_CNT_RX_DUP = 46,       /* PSN behind the expected one (a duplicate): dropped */
  SUE_CNT_RX_NOBUF = 47,     /* receive buffer of the VC full: dropped */
  SUE_CNT_RX_PDUS = 48,      /* data PDUs accepted */
  SUE_CNT_RX_CMDS = 49,      /* commands delivered to the XPU */
  SUE_CNT_RX_CTRL = 50,      /* control-only (stand-alone ACK / NACK) frames accepted */
  SUE_CNT_RX_ACKS = 51,      /* ACKs that advanced the window */
  SUE_CNT_RX_NACKS = 52,     /* NACKs acted on */
  SUE_CNT_RX_ACK_STALE = 53, /* ACK / NACK outside the window, ignored */
  SUE_CNT_RX_PFC = 54,       /* PFC frames received (acted on when PFC_RX_EN) */
  SUE_CNT_RX_BYTES = 55,     /* bytes of every frame received, FCS included */
  SUE_CNT_RX_MGMT = 56,      /* management frames taken (also counted in rx_ethertype) */
  SUE_CNT_RX_MGMT_DROP = 57, /* management frames that passed the filter and were not taken: no free
                                slot at their first beat, longer than MGMT_MAX + 4, or within
                                MGMT_GAP of the last one taken (also counted in rx_ethertype) */
  SUE_CNT_RX_CBFC = 58,      /* CBFC update frames received (recorded whatever FC_MODE; obeyed with
                                FC_MODE = 1 and PFC_RX_EN) */
};
/* X(index, "name") for every word that exists */
#define SUE_REG_CNT_FOREACH(X)                                                                     \
  X(SUE_CNT_TX_CMDS, "tx_cmds")                                                                    \
  X(SUE_CNT_TX_CMD_BAD, "tx_cmd_bad")                                                              \
  X(SUE_CNT_TX_CMD_ERR, "tx_cmd_err")                                                              \
  X(SUE_CNT_TX_CMD_NODST, "tx_cmd_nodst")                                                          \
  X(SUE_CNT_TX_CREDIT_VIOL, "tx_credit_viol")                                                      \
  X(SUE_CNT_TX_HOL, "tx_hol")                                                                      \
  X(SUE_CNT_TX_FLUSHED, "tx_flushed")                                                              \
  X(SUE_CNT_TX_PDUS, "tx_pdus")                                                                    \
  X(SUE_CNT_TX_RETX, "tx_retx")                                                                    \
  X(SUE_CNT_TX_ACK_FRAMES, "tx_ack_frames")                                                        \
  X(SUE_CNT_TX_NACK_FRAMES, "tx_nack_frames")                                                      \
  X(SUE_CNT_TX_NACKS, "tx_nacks")                                                                  \
  X(SUE_CNT_TX_PFC, "tx_pfc")                                                                      \
  X(SUE_CNT_TX_FRAMES, "tx_frames")                                                                \
  X(SUE_CNT_TX_BYTES, "tx_bytes")                                                                  \
  X(SUE_CNT_TX_TIMEOUTS, "tx_timeouts")                                                            \
  X(SUE_CNT_TX_REPLAYS, "tx_replays")                                                              \
  X(SUE_CNT_TX_MGMT, "tx_mgmt")                                                                    \
  X(SUE_CNT_TX_MGMT_BAD, "tx_mgmt_bad")                                                            \
  X(SUE_CNT_TX_CBFC, "tx_cbfc")                                                                    \
  X(SUE_CNT_RX_FRAMES, "rx_frames")                                                                \
  X(SUE_CNT_RX_RUNT, "rx_runt")                                                                    \
  X(SUE_CNT_RX_OVERSIZE, "rx_oversize")                                                            \
  X(SUE_CNT_RX_FCS, "rx_fcs")                                                                      \
  X(SUE_CNT_RX_ETHERTYPE, "rx_ethertype")                                                          \
  X(SUE_CNT_RX_IP_HDR, "rx_ip_hdr")                                                                \
  X(SUE_CNT_RX_UDP_PORT, "rx_udp_port")                                                            \
  X(SUE_CNT_RX_DST, "rx_dst")                                                                      \
  X(SUE_CNT_RX_RCRC, "rx_rcrc")                                                                    \
  X(SUE_CNT_RX_VER, "rx_ver")                                                                      \
  X(SUE_CNT_RX_SRC, "rx_src")                                                                      \
  X(SUE_CNT_RX_PARTITION, "rx_partition")                                                          \
  X(SUE_CNT_RX_BAD_PDU, "rx_bad_pdu")                                                              \
  X(SUE_CNT_RX_PSN, "rx_psn")                                                                      \
  X(SUE_CNT_RX_DUP, "rx_dup")                                                                      \
  X(SUE_CNT_RX_NOBUF, "rx_nobuf")                                                                  \
  X(SUE_CNT_RX_PDUS, "rx_pdus")                                                                    \
  X(SUE_CNT_RX_CMDS, "rx_cmds")                                                                    \
  X(SUE_CNT_RX_CTRL, "rx_ctrl")                                                                    \
  X(SUE_CNT_RX_ACKS, "rx_acks")                                                                    \
  X(SUE_CNT_RX_NACKS, "rx_nacks")                                                                  \
  X(SUE_CNT_RX_ACK_STALE, "rx_ack_stale")                                                          \
  X(SUE_CNT_RX_PFC, "rx_pfc")                                                                      \
  X(SUE_CNT_RX_BYTES, "rx_bytes")                                                                  \
  X(SUE_CNT_RX_MGMT, "rx_mgmt")                                                                    \
  X(SUE_CNT_RX_MGMT_DROP, "rx_mgmt_drop")                                                          \
  X(SUE_CNT_RX_CBFC, "rx_cbfc")

/* 0x400 + 0x10 d: DST[d], d < NDST (64 of address space): Destination table entry d. */
#define SUE_REG_DST(d) (0x400u + 0x10u * (d))
#define SUE_REG_DST_STRIDE 0x10u
#define SUE_REG_DST_NUM 64u
#define SUE_REG_DST_COUNT(P) ((P)->ndst)
/* DST[d] + 0x0 ID (RW): XPU id and valid. */
#define SUE_REG_DST_ID_OFF 0x0u
#define SUE_REG_DST_ID(d) (SUE_REG_DST(d) + 0x0u)
#define SUE_REG_DST_ID_XPUID_LSB 0u
#define SUE_REG_DST_ID_XPUID_WIDTH 10u
#define SUE_REG_DST_ID_XPUID_MASK 0x000003FFu
#define SUE_REG_DST_ID_XPUID_RESET 0x0u
#define SUE_REG_DST_ID_VALID_LSB 31u
#define SUE_REG_DST_ID_VALID_WIDTH 1u
#define SUE_REG_DST_ID_VALID_MASK 0x80000000u
#define SUE_REG_DST_ID_VALID_RESET 0x0u
/* DST[d] + 0x4 MAC_HI (RW): Destination MAC, bytes 0-1 (UDP format). */
#define SUE_REG_DST_MAC_HI_OFF 0x4u
#define SUE_REG_DST_MAC_HI(d) (SUE_REG_DST(d) + 0x4u)
#define SUE_REG_DST_MAC_HI_MAC01_LSB 0u
#define SUE_REG_DST_MAC_HI_MAC01_WIDTH 16u
#define SUE_REG_DST_MAC_HI_MAC01_MASK 0x0000FFFFu
#define SUE_REG_DST_MAC_HI_MAC01_RESET 0x0u
/* DST[d] + 0x8 MAC_LO (RW): Destination MAC, bytes 2-5. */
#define SUE_REG_DST_MAC_LO_OFF 0x8u
#define SUE_REG_DST_MAC_LO(d) (SUE_REG_DST(d) + 0x8u)
#define SUE_REG_DST_MAC_LO_MAC2345_LSB 0u
#define SUE_REG_DST_MAC_LO_MAC2345_WIDTH 32u
#define SUE_REG_DST_MAC_LO_MAC2345_MASK 0xFFFFFFFFu
#define SUE_REG_DST_MAC_LO_MAC2345_RESET 0x0u
/* DST[d] + 0xC IP (RW): Destination IPv4 address. */
#define SUE_REG_DST_IP_OFF 0xCu
#define SUE_REG_DST_IP(d) (SUE_REG_DST(d) + 0xCu)
#define SUE_REG_DST_IP_ADDR_LSB 0u
#define SUE_REG_DST_IP_ADDR_WIDTH 32u
#define SUE_REG_DST_IP_ADDR_MASK 0xFFFFFFFFu
#define SUE_REG_DST_IP_ADDR_RESET 0x0u

/* 0x800 + 0x8 c: CONN[c], c < (PSN_PER_VC != 0) ? NDST * 4 : NDST (256 of address space):
 * Connection c, read from the go-back-N state. */
#define SUE_REG_CONN(c) (0x800u + 0x8u * (c))
#define SUE_REG_CONN_STRIDE 0x8u
#define SUE_REG_CONN_NUM 256u
#define SUE_REG_CONN_COUNT(P) (((P)->psn_per_vc != 0u) ? (P)->ndst * 4u : (P)->ndst)
/* CONN[c] + 0x0 TX (RO): Transmit side. */
#define SUE_REG_CONN_TX_OFF 0x0u
#define SUE_REG_CONN_TX(c) (SUE_REG_CONN(c) + 0x0u)
#define SUE_REG_CONN_TX_NXT_PSN_LSB 0u
#define SUE_REG_CONN_TX_NXT_PSN_WIDTH 16u
#define SUE_REG_CONN_TX_NXT_PSN_MASK 0x0000FFFFu
#define SUE_REG_CONN_TX_UNA_PSN_LSB 16u
#define SUE_REG_CONN_TX_UNA_PSN_WIDTH 16u
#define SUE_REG_CONN_TX_UNA_PSN_MASK 0xFFFF0000u
/* CONN[c] + 0x4 RX (RO): Receive side. */
#define SUE_REG_CONN_RX_OFF 0x4u
#define SUE_REG_CONN_RX(c) (SUE_REG_CONN(c) + 0x4u)
#define SUE_REG_CONN_RX_EXP_PSN_LSB 0u
#define SUE_REG_CONN_RX_EXP_PSN_WIDTH 16u
#define SUE_REG_CONN_RX_EXP_PSN_MASK 0x0000FFFFu
#define SUE_REG_CONN_RX_NACK_SENT_LSB 16u
#define SUE_REG_CONN_RX_NACK_SENT_WIDTH 1u
#define SUE_REG_CONN_RX_NACK_SENT_MASK 0x00010000u
#define SUE_REG_CONN_RX_REPLAYING_LSB 17u
#define SUE_REG_CONN_RX_REPLAYING_WIDTH 1u
#define SUE_REG_CONN_RX_REPLAYING_MASK 0x00020000u
#define SUE_REG_CONN_RX_ACK_OWED_LSB 18u
#define SUE_REG_CONN_RX_ACK_OWED_WIDTH 1u
#define SUE_REG_CONN_RX_ACK_OWED_MASK 0x00040000u

/* Every field of the single registers and the arrays, as
 * X("REG.FIELD", address of element 0, stride, elements, F, access, reset, gate):
 * access RO (a constant), RW, RH (read from the hardware), WO or W1C (set by the
 * hardware, cleared by writing 1); reset and elements
 * may use p, a pointer to the parameter struct; gate: the mask of the wr_gate field. */
#define SUE_REG_FIELDS(X)                                                                          \
  X("ID.VALUE", SUE_REG_ID, 0u, 1u, SUE_REG_ID_VALUE, RO, SUE_REG_ID_VALUE_RESET, 0u)              \
  X("CAPS0.PDU_MAX", SUE_REG_CAPS0, 0u, 1u, SUE_REG_CAPS0_PDU_MAX, RO,                             \
    SUE_REG_CAPS0_PDU_MAX_RESET(p), 0u)                                                            \
  X("CAPS0.NDST", SUE_REG_CAPS0, 0u, 1u, SUE_REG_CAPS0_NDST, RO, SUE_REG_CAPS0_NDST_RESET(p), 0u)  \
  X("CAPS0.ALIGN", SUE_REG_CAPS0, 0u, 1u, SUE_REG_CAPS0_ALIGN, RO, SUE_REG_CAPS0_ALIGN_RESET(p),   \
    0u)                                                                                            \
  X("CAPS0.PSN_PER_VC", SUE_REG_CAPS0, 0u, 1u, SUE_REG_CAPS0_PSN_PER_VC, RO,                       \
    SUE_REG_CAPS0_PSN_PER_VC_RESET(p), 0u)                                                         \
  X("CAPS1.Q_UNITS", SUE_REG_CAPS1, 0u, 1u, SUE_REG_CAPS1_Q_UNITS, RO,                             \
    SUE_REG_CAPS1_Q_UNITS_RESET(p), 0u)                                                            \
  X("CAPS1.WIN", SUE_REG_CAPS1, 0u, 1u, SUE_REG_CAPS1_WIN, RO, SUE_REG_CAPS1_WIN_RESET(p), 0u)     \
  X("CAPS1.DATA_W32", SUE_REG_CAPS1, 0u, 1u, SUE_REG_CAPS1_DATA_W32, RO,                           \
    SUE_REG_CAPS1_DATA_W32_RESET(p), 0u)                                                           \
  X("CAPS2.ING_CMD", SUE_REG_CAPS2, 0u, 1u, SUE_REG_CAPS2_ING_CMD, RO,                             \
    SUE_REG_CAPS2_ING_CMD_RESET(p), 0u)                                                            \
  X("CAPS2.ING_DATA", SUE_REG_CAPS2, 0u, 1u, SUE_REG_CAPS2_ING_DATA, RO,                           \
    SUE_REG_CAPS2_ING_DATA_RESET(p), 0u)                                                           \
  X("CAPS3.RX_BYTES", SUE_REG_CAPS3, 0u, 1u, SUE_REG_CAPS3_RX_BYTES, RO,                           \
    SUE_REG_CAPS3_RX_BYTES_RESET(p), 0u)                                                           \
  X("CTRL.AIFH", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_AIFH, RW, SUE_REG_CTRL_AIFH_RESET, 0u)         \
  X("CTRL.AIFH_SHORT", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_AIFH_SHORT, RW,                          \
    SUE_REG_CTRL_AIFH_SHORT_RESET, SUE_REG_CTRL_AIFH_MASK)                                         \
  X("CTRL.RCRC_C", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_RCRC_C, RW, SUE_REG_CTRL_RCRC_C_RESET, 0u)   \
  X("CTRL.PFC_TX_EN", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_PFC_TX_EN, RW,                            \
    SUE_REG_CTRL_PFC_TX_EN_RESET, 0u)                                                              \
  X("CTRL.PFC_RX_EN", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_PFC_RX_EN, RW,                            \
    SUE_REG_CTRL_PFC_RX_EN_RESET, 0u)                                                              \
  X("CTRL.FC_MODE", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_FC_MODE, RW, SUE_REG_CTRL_FC_MODE_RESET,    \
    0u)                                                                                            \
  X("CTRL.ACK_VC", SUE_REG_CTRL, 0u, 1u, SUE_REG_CTRL_ACK_VC, RW, SUE_REG_CTRL_ACK_VC_RESET, 0u)   \
  X("XPUID.ID", SUE_REG_XPUID, 0u, 1u, SUE_REG_XPUID_ID, RW, SUE_REG_XPUID_ID_RESET, 0u)           \
  X("PARTITION.ID", SUE_REG_PARTITION, 0u, 1u, SUE_REG_PARTITION_ID, RW,                           \
    SUE_REG_PARTITION_ID_RESET, 0u)                                                                \
  X("MAC_HI.MAC01", SUE_REG_MAC_HI, 0u, 1u, SUE_REG_MAC_HI_MAC01, RW, SUE_REG_MAC_HI_MAC01_RESET,  \
    0u)                                                                                            \
  X("MAC_LO.MAC2345", SUE_REG_MAC_LO, 0u, 1u, SUE_REG_MAC_LO_MAC2345, RW,                          \
    SUE_REG_MAC_LO_MAC2345_RESET, 0u)                                                              \
  X("IP.ADDR", SUE_REG_IP, 0u, 1u, SUE_REG_IP_ADDR, RW, SUE_REG_IP_ADDR_RESET, 0u)                 \
  X("UDP_PORT.DPORT", SUE_REG_UDP_PORT, 0u, 1u, SUE_REG_UDP_PORT_DPORT, RW,                        \
    SUE_REG_UDP_PORT_DPORT_RESET, 0u)                                                              \
  X("UDP_PORT.SPORT", SUE_REG_UDP_PORT, 0u, 1u, SUE_REG_UDP_PORT_SPORT, RW,                        \
    SUE_REG_UDP_PORT_SPORT_RESET, 0u)                                                              \
  X("ETHERTYPE.TYPE", SUE_REG_ETHERTYPE, 0u, 1u, SUE_REG_ETHERTYPE_TYPE, RW,                       \
    SUE_REG_ETHERTYPE_TYPE_RESET, 0u)                                                              \
  X("IP_CFG.TTL", SUE_REG_IP_CFG, 0u, 1u, SUE_REG_IP_CFG_TTL, RW, SUE_REG_IP_CFG_TTL_RESET, 0u)    \
  X("IP_CFG.DSCP0", SUE_REG_IP_CFG, 0u, 1u, SUE_REG_IP_CFG_DSCP0, RW, SUE_REG_IP_CFG_DSCP0_RESET,  \
    0u)                                                                                            \
  X("IP_CFG.DSCP1", SUE_REG_IP_CFG, 0u, 1u, SUE_REG_IP_CFG_DSCP1, RW, SUE_REG_IP_CFG_DSCP1_RESET,  \
    0u)                                                                                            \
  X("IP_CFG.DSCP2", SUE_REG_IP_CFG, 0u, 1u, SUE_REG_IP_CFG_DSCP2, RW, SUE_REG_IP_CFG_DSCP2_RESET,  \
    0u)                                                                                            \
  X("IP_CFG.DSCP3", SUE_REG_IP_CFG, 0u, 1u, SUE_REG_IP_CFG_DSCP3, RW, SUE_REG_IP_CFG_DSCP3_RESET,  \
    0u)                                                                                            \
  X("AIFH_PREFIX.PREFIX", SUE_REG_AIFH_PREFIX, 0u, 1u, SUE_REG_AIFH_PREFIX_PREFIX, RW,             \
    SUE_REG_AIFH_PREFIX_PREFIX_RESET, 0u)                                                          \
  X("PACK_TIMEOUT.CYCLES", SUE_REG_PACK_TIMEOUT, 0u, 1u, SUE_REG_PACK_TIMEOUT_CYCLES, RW,          \
    SUE_REG_PACK_TIMEOUT_CYCLES_RESET, 0u)                                                         \
  X("PACK_THRESH.BYTES", SUE_REG_PACK_THRESH, 0u, 1u, SUE_REG_PACK_THRESH_BYTES, RW,               \
    SUE_REG_PACK_THRESH_BYTES_RESET(p), 0u)                                                        \
  X("RETX_TIMEOUT.CYCLES", SUE_REG_RETX_TIMEOUT, 0u, 1u, SUE_REG_RETX_TIMEOUT_CYCLES, RW,          \
    SUE_REG_RETX_TIMEOUT_CYCLES_RESET, 0u)                                                         \
  X("ACK_DELAY.CYCLES", SUE_REG_ACK_DELAY, 0u, 1u, SUE_REG_ACK_DELAY_CYCLES, RW,                   \
    SUE_REG_ACK_DELAY_CYCLES_RESET, 0u)                                                            \
  X("PFC_MAP.PRIO0", SUE_REG_PFC_MAP, 0u, 1u, SUE_REG_PFC_MAP_PRIO0, RW,                           \
    SUE_REG_PFC_MAP_PRIO0_RESET, 0u)                                                               \
  X("PFC_MAP.PRIO1", SUE_REG_PFC_MAP, 0u, 1u, SUE_REG_PFC_MAP_PRIO1, RW,                           \
    SUE_REG_PFC_MAP_PRIO1_RESET, 0u)                                                               \
  X("PFC_MAP.PRIO2", SUE_REG_PFC_MAP, 0u, 1u, SUE_REG_PFC_MAP_PRIO2, RW,                           \
    SUE_REG_PFC_MAP_PRIO2_RESET, 0u)                                                               \
  X("PFC_MAP.PRIO3", SUE_REG_PFC_MAP, 0u, 1u, SUE_REG_PFC_MAP_PRIO3, RW,                           \
    SUE_REG_PFC_MAP_PRIO3_RESET, 0u)                                                               \
  X("PFC_TIME.TIME", SUE_REG_PFC_TIME, 0u, 1u, SUE_REG_PFC_TIME_TIME, RW,                          \
    SUE_REG_PFC_TIME_TIME_RESET, 0u)                                                               \
  X("PFC_TIME.QCYC", SUE_REG_PFC_TIME, 0u, 1u, SUE_REG_PFC_TIME_QCYC, RW,                          \
    SUE_REG_PFC_TIME_QCYC_RESET, 0u)                                                               \
  X("PFC_REFRESH.CYCLES", SUE_REG_PFC_REFRESH, 0u, 1u, SUE_REG_PFC_REFRESH_CYCLES, RW,             \
    SUE_REG_PFC_REFRESH_CYCLES_RESET, 0u)                                                          \
  X("PFC_XOFF.BYTES", SUE_REG_PFC_XOFF, 0u, 1u, SUE_REG_PFC_XOFF_BYTES, RW,                        \
    SUE_REG_PFC_XOFF_BYTES_RESET(p), 0u)                                                           \
  X("PFC_XON.BYTES", SUE_REG_PFC_XON, 0u, 1u, SUE_REG_PFC_XON_BYTES, RW,                           \
    SUE_REG_PFC_XON_BYTES_RESET(p), 0u)                                                            \
  X("CNT_CLEAR.CLEAR", SUE_REG_CNT_CLEAR, 0u, 1u, SUE_REG_CNT_CLEAR_CLEAR, WO, 0u, 0u)             \
  X("STATUS.PAUSED", SUE_REG_STATUS, 0u, 1u, SUE_REG_STATUS_PAUSED, RH, 0u, 0u)                    \
  X("STATUS.XOFF", SUE_REG_STATUS, 0u, 1u, SUE_REG_STATUS_XOFF, RH, 0u, 0u)                        \
  X("STATUS.TX_RESET", SUE_REG_STATUS, 0u, 1u, SUE_REG_STATUS_TX_RESET, RH, 0u, 0u)                \
  X("STATUS.RX_RESET", SUE_REG_STATUS, 0u, 1u, SUE_REG_STATUS_RX_RESET, RH, 0u, 0u)                \
  X("STATUS.LINK_UP", SUE_REG_STATUS, 0u, 1u, SUE_REG_STATUS_LINK_UP, RH, 0u, 0u)                  \
  X("VLAN.TX_EN", SUE_REG_VLAN, 0u, 1u, SUE_REG_VLAN_TX_EN, RW, SUE_REG_VLAN_TX_EN_RESET, 0u)      \
  X("VLAN.VID", SUE_REG_VLAN, 0u, 1u, SUE_REG_VLAN_VID, RW, SUE_REG_VLAN_VID_RESET, 0u)            \
  X("INTR.LINK_DOWN", SUE_REG_INTR, 0u, 1u, SUE_REG_INTR_LINK_DOWN, W1C,                           \
    SUE_REG_INTR_LINK_DOWN_RESET, 0u)                                                              \
  X("INTR.LINK_UP", SUE_REG_INTR, 0u, 1u, SUE_REG_INTR_LINK_UP, W1C, SUE_REG_INTR_LINK_UP_RESET,   \
    0u)                                                                                            \
  X("INTR.UNREACH", SUE_REG_INTR, 0u, 1u, SUE_REG_INTR_UNREACH, W1C, SUE_REG_INTR_UNREACH_RESET,   \
    0u)                                                                                            \
  X("INTR.REACH", SUE_REG_INTR, 0u, 1u, SUE_REG_INTR_REACH, W1C, SUE_REG_INTR_REACH_RESET, 0u)     \
  X("INTR_EN.LINK_DOWN", SUE_REG_INTR_EN, 0u, 1u, SUE_REG_INTR_EN_LINK_DOWN, RW,                   \
    SUE_REG_INTR_EN_LINK_DOWN_RESET, 0u)                                                           \
  X("INTR_EN.LINK_UP", SUE_REG_INTR_EN, 0u, 1u, SUE_REG_INTR_EN_LINK_UP, RW,                       \
    SUE_REG_INTR_EN_LINK_UP_RESET, 0u)                                                             \
  X("INTR_EN.UNREACH", SUE_REG_INTR_EN, 0u, 1u, SUE_REG_INTR_EN_UNREACH, RW,                       \
    SUE_REG_INTR_EN_UNREACH_RESET, 0u)                                                             \
  X("INTR_EN.REACH", SUE_REG_INTR_EN, 0u, 1u, SUE_REG_INTR_EN_REACH, RW,                           \
    SUE_REG_INTR_EN_REACH_RESET, 0u)                                                               \
  X("REACH.RETRY_LIMIT", SUE_REG_REACH, 0u, 1u, SUE_REG_REACH_RETRY_LIMIT, RW,                     \
    SUE_REG_REACH_RETRY_LIMIT_RESET, 0u)                                                           \
  X("REACH.PROBE", SUE_REG_REACH, 0u, 1u, SUE_REG_REACH_PROBE, RW, SUE_REG_REACH_PROBE_RESET, 0u)  \
  X("UNREACH0.SLOTS", SUE_REG_UNREACH0, 0u, 1u, SUE_REG_UNREACH0_SLOTS, RH, 0u, 0u)                \
  X("UNREACH1.SLOTS", SUE_REG_UNREACH1, 0u, 1u, SUE_REG_UNREACH1_SLOTS, RH, 0u, 0u)                \
  X("MGMT_GAP.CYCLES", SUE_REG_MGMT_GAP, 0u, 1u, SUE_REG_MGMT_GAP_CYCLES, RW,                      \
    SUE_REG_MGMT_GAP_CYCLES_RESET, 0u)                                                             \
  X("MGMT_TX_DATA.DATA", SUE_REG_MGMT_TX_DATA, 0u, 1u, SUE_REG_MGMT_TX_DATA_DATA, WO, 0u, 0u)      \
  X("MGMT_TX_SEND.LEN", SUE_REG_MGMT_TX_SEND, 0u, 1u, SUE_REG_MGMT_TX_SEND_LEN, WO, 0u, 0u)        \
  X("MGMT_TX_STATUS.WORDS", SUE_REG_MGMT_TX_STATUS, 0u, 1u, SUE_REG_MGMT_TX_STATUS_WORDS, RH, 0u,  \
    0u)                                                                                            \
  X("MGMT_TX_STATUS.QUEUED", SUE_REG_MGMT_TX_STATUS, 0u, 1u, SUE_REG_MGMT_TX_STATUS_QUEUED, RH,    \
    0u, 0u)                                                                                        \
  X("MGMT_TX_STATUS.MAX", SUE_REG_MGMT_TX_STATUS, 0u, 1u, SUE_REG_MGMT_TX_STATUS_MAX, RO,          \
    SUE_REG_MGMT_TX_STATUS_MAX_RESET(p), 0u)                                                       \
  X("MGMT_RX_FILTER.ETYPE", SUE_REG_MGMT_RX_FILTER, 0u, 1u, SUE_REG_MGMT_RX_FILTER_ETYPE, RW,      \
    SUE_REG_MGMT_RX_FILTER_ETYPE_RESET, 0u)                                                        \
  X("MGMT_RX_FILTER.MASK", SUE_REG_MGMT_RX_FILTER, 0u, 1u, SUE_REG_MGMT_RX_FILTER_MASK, RW,        \
    SUE_REG_MGMT_RX_FILTER_MASK_RESET, 0u)                                                         \
  X("MGMT_RX_CTL.EN", SUE_REG_MGMT_RX_CTL, 0u, 1u, SUE_REG_MGMT_RX_CTL_EN, RW,                     \
    SUE_REG_MGMT_RX_CTL_EN_RESET, 0u)                                                              \
  X("MGMT_RX_STATUS.LEN", SUE_REG_MGMT_RX_STATUS, 0u, 1u, SUE_REG_MGMT_RX_STATUS_LEN, RH, 0u, 0u)  \
  X("MGMT_RX_STATUS.FRAMES", SUE_REG_MGMT_RX_STATUS, 0u, 1u, SUE_REG_MGMT_RX_STATUS_FRAMES, RH,    \
    0u, 0u)                                                                                        \
  X("MGMT_RX_RD.WORD", SUE_REG_MGMT_RX_RD, 0u, 1u, SUE_REG_MGMT_RX_RD_WORD, RW,                    \
    SUE_REG_MGMT_RX_RD_WORD_RESET, 0u)                                                             \
  X("MGMT_RX_DATA.DATA", SUE_REG_MGMT_RX_DATA, 0u, 1u, SUE_REG_MGMT_RX_DATA_DATA, RH, 0u, 0u)      \
  X("MGMT_RX_POP.POP", SUE_REG_MGMT_RX_POP, 0u, 1u, SUE_REG_MGMT_RX_POP_POP, WO, 0u, 0u)           \
  X("CBFC_CFG.USHIFT", SUE_REG_CBFC_CFG, 0u, 1u, SUE_REG_CBFC_CFG_USHIFT, RW,                      \
    SUE_REG_CBFC_CFG_USHIFT_RESET, 0u)                                                             \
  X("CBFC_CFG.STEP", SUE_REG_CBFC_CFG, 0u, 1u, SUE_REG_CBFC_CFG_STEP, RW,                          \
    SUE_REG_CBFC_CFG_STEP_RESET, 0u)                                                               \
  X("CBFC_OUI.OUI", SUE_REG_CBFC_OUI, 0u, 1u, SUE_REG_CBFC_OUI_OUI, RW,                            \
    SUE_REG_CBFC_OUI_OUI_RESET, 0u)                                                                \
  X("CBFC_AVAIL0.VC0", SUE_REG_CBFC_AVAIL0, 0u, 1u, SUE_REG_CBFC_AVAIL0_VC0, RH, 0u, 0u)           \
  X("CBFC_AVAIL0.VC1", SUE_REG_CBFC_AVAIL0, 0u, 1u, SUE_REG_CBFC_AVAIL0_VC1, RH, 0u, 0u)           \
  X("CBFC_AVAIL1.VC2", SUE_REG_CBFC_AVAIL1, 0u, 1u, SUE_REG_CBFC_AVAIL1_VC2, RH, 0u, 0u)           \
  X("CBFC_AVAIL1.VC3", SUE_REG_CBFC_AVAIL1, 0u, 1u, SUE_REG_CBFC_AVAIL1_VC3, RH, 0u, 0u)           \
  X("DST[d].ID.XPUID", SUE_REG_DST_ID(0), SUE_REG_DST_STRIDE, SUE_REG_DST_COUNT(p),                \
    SUE_REG_DST_ID_XPUID, RW, SUE_REG_DST_ID_XPUID_RESET, 0u)                                      \
  X("DST[d].ID.VALID", SUE_REG_DST_ID(0), SUE_REG_DST_STRIDE, SUE_REG_DST_COUNT(p),                \
    SUE_REG_DST_ID_VALID, RW, SUE_REG_DST_ID_VALID_RESET, 0u)                                      \
  X("DST[d].MAC_HI.MAC01", SUE_REG_DST_MAC_HI(0), SUE_REG_DST_STRIDE, SUE_REG_DST_COUNT(p),        \
    SUE_REG_DST_MAC_HI_MAC01, RW, SUE_REG_DST_MAC_HI_MAC01_RESET, 0u)                              \
  X("DST[d].MAC_LO.MAC2345", SUE_REG_DST_MAC_LO(0), SUE_REG_DST_STRIDE, SUE_REG_DST_COUNT(p),      \
    SUE_REG_DST_MAC_LO_MAC2345, RW, SUE_REG_DST_MAC_LO_MAC2345_RESET, 0u)                          \
  X("DST[d].IP.ADDR", SUE_REG_DST_IP(0), SUE_REG_DST_STRIDE, SUE_REG_DST_COUNT(p),                 \
    SUE_REG_DST_IP_ADDR, RW, SUE_REG_DST_IP_ADDR_RESET, 0u)                                        \
  X("CONN[c].TX.NXT_PSN", SUE_REG_CONN_TX(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_COUNT(p),          \
    SUE_REG_CONN_TX_NXT_PSN, RH, 0u, 0u)                                                           \
  X("CONN[c].TX.UNA_PSN", SUE_REG_CONN_TX(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_COUNT(p),          \
    SUE_REG_CONN_TX_UNA_PSN, RH, 0u, 0u)                                                           \
  X("CONN[c].RX.EXP_PSN", SUE_REG_CONN_RX(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_COUNT(p),          \
    SUE_REG_CONN_RX_EXP_PSN, RH, 0u, 0u)                                                           \
  X("CONN[c].RX.NACK_SENT", SUE_REG_CONN_RX(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_COUNT(p),        \
    SUE_REG_CONN_RX_NACK_SENT, RH, 0u, 0u)                                                         \
  X("CONN[c].RX.REPLAYING", SUE_REG_CONN_RX(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_COUNT(p),        \
    SUE_REG_CONN_RX_REPLAYING, RH, 0u, 0u)                                                         \
  X("CONN[c].RX.ACK_OWED", SUE_REG_CONN_RX(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_COUNT(p),         \
    SUE_REG_CONN_RX_ACK_OWED, RH, 0u, 0u)

#ifdef __cplusplus
}
#endif
#endif
