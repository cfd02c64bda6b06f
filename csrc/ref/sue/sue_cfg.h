/*
 * sue_cfg.h - SUE endpoint (docs/sue/index.md): every constant of the contract in one place
 * (RH op values, Ethertypes, header sizes, limits), the elaboration parameters of the RTL
 * (sue_params_t), the run-time configuration held by the AXI4-Lite registers (sue_cfg_t)
 * and the counter indexes (register 0x100 + 4 * index, from sue_regs_map.h).
 */
#ifndef REF_SUE_CFG_H
#define REF_SUE_CFG_H

#include <stddef.h>
#include <stdint.h>

#include "sue_regs_map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- RH (8 bytes, network byte order; docs/sue/index.md "Reliability header") ---- */
#define SUE_RH_BYTES 8u
#define SUE_RH_VER 0u
#define SUE_OP_NONE 0u /* rpsn carries nothing (must be 0) */
#define SUE_OP_ACK 1u  /* every PSN up to and including rpsn received */
#define SUE_OP_NACK 2u /* resend from rpsn (and every PSN before rpsn received) */
#define SUE_OP_RSVD 3u /* reserved: a receiver drops the frame (bad PDU) */

/* ---- sizes ---- */
#define SUE_RCRC_BYTES 4u
#define SUE_FCS_BYTES 4u
#define SUE_MIN_FRAME 64u        /* with FCS */
#define SUE_WIRE_EXTRA 20u       /* preamble + SFD (8) and inter-packet gap (12) per frame */
#define SUE_HDR_UDP_BYTES 42u    /* Ethernet II 14 + IPv4 20 + UDP 8 */
#define SUE_HDR_AIFH12_BYTES 14u /* AIFH 12 + Ethertype 2 */
#define SUE_HDR_AIFH6_BYTES 8u   /* AIFH 6 + Ethertype 2 */
#define SUE_CTRL_BYTES 18u       /* tx_control / rx_control: 144 bits */
#define SUE_DATA_MAX 256u        /* data bytes of one command */
#define SUE_CMD_MAX (SUE_CTRL_BYTES + SUE_DATA_MAX) /* 274, before alignment */

/* ---- Ethertypes and addresses ---- */
#define SUE_ETYPE_IPV4 0x0800u
#define SUE_ETYPE_MACCTL 0x8808u
#define SUE_ETYPE_VLAN 0x8100u /* IEEE 802.1Q tag protocol identifier (TPID) */
#define SUE_VLAN_BYTES 4u      /* TPID + TCI */
/* 0x88B5, IEEE local experimental 1: the ETHERTYPE reset */
#define SUE_ETYPE_AIFH_DEFAULT SUE_REG_ETHERTYPE_TYPE_RESET
#define SUE_PFC_OPCODE 0x0101u
#define SUE_PFC_FRAME 64u /* PFC frames are exactly the minimum frame */
/* CBFC updates (docs/sue/index.md "CBFC"): MAC control, the 802.3 organization-specific
 * extension opcode, an OUI, subtype 1; 64 bytes as PFC */
#define SUE_CBFC_OPCODE 0xFFFEu
#define SUE_CBFC_SUBTYPE 0x01u
#define SUE_CBFC_FRAME 64u
#define SUE_IP_PROTO_UDP 17u
/* 0xC000 = 49152, first port of the dynamic range: the UDP_PORT reset */
#define SUE_UDP_PORT_DEFAULT SUE_REG_UDP_PORT_DPORT_RESET
extern const uint8_t sue_pfc_da[6]; /* 01-80-C2-00-00-01 */
/* SLAP bits (IEEE 802c) in the low nibble of an AIFH address's first octet:
 * bit 0 M (multicast) = 0, bit 1 X (local) = 1, bits 2,3 Y, Z = 0 (AAI). */
#define SUE_SLAP_NIBBLE 0x2u

/* ---- header formats (CTRL bits 0 and 1) ---- */
#define SUE_HDR_UDP 0u
#define SUE_HDR_AIFH12 1u
#define SUE_HDR_AIFH6 3u
/* Flag or-ed into a format value: the frame carries an 802.1Q tag after the source address
 * (UDP and AIFH 12-byte only; docs/sue/index.md "VLAN tag"). */
#define SUE_HDR_TAG 4u
#define SUE_HDR_BASE(fmt) ((fmt)&3u)
/* Network header bytes of a format (with SUE_HDR_TAG: 4 more). */
unsigned sue_hdr_bytes(unsigned fmt);

/* ---- limits of the model (the RTL parameters are checked against them) ---- */
#define SUE_NVC 4u
#define SUE_NDST_MAX 64u
#define SUE_NCONN_MAX (SUE_NDST_MAX * SUE_NVC)
#define SUE_PDU_MAX_MAX 8192u
#define SUE_FRAME_MAX (SUE_HDR_UDP_BYTES + SUE_VLAN_BYTES + SUE_RH_BYTES + SUE_PDU_MAX_MAX + 8u)
#define SUE_PRIO 8u /* PFC priorities */

/* ---- elaboration parameters (RTL parameters; docs/sue/index.md "Parameters") ---- */
typedef struct {
  unsigned data_w;     /* N: tx_data / rx_data bits, 128 .. 2048, a power of two */
  unsigned pdu_max;    /* command-area bytes of a PDU (commands and their alignment pad) */
  unsigned ndst;       /* destination table entries, 1 .. 64 */
  unsigned align;      /* command alignment in the PDU, 2, 4 or 8; also the queue credit unit */
  unsigned q_bytes;    /* pack queue capacity per {destination, VC}, bytes (>= PDU_MAX + 276) */
  unsigned win;        /* unacknowledged PDUs per connection (retransmission slots) */
  unsigned psn_per_vc; /* 0: connection = destination (the spec); 1: {destination, VC} */
  unsigned ing_cmd;    /* ingress slots per VC for command-only (aggregate credits) */
  unsigned ing_data;   /* ingress slots per VC for command with data */
  unsigned rx_bytes;   /* receive buffer per VC, bytes */
} sue_params_t;

/* N 256, PDU_MAX 4096, NDST 64, ALIGN 4, Q_BYTES 8192, WIN 8, PSN_PER_VC 0, ING_CMD 8,
 * ING_DATA 4, RX_BYTES 16384. */
sue_params_t sue_default_params(void);
/* 0 when legal (docs/sue/index.md), else -1 and *why (if not NULL) names the rule. */
int sue_params_check(const sue_params_t *p, const char **why);
/* Bytes a command of s bytes takes in a PDU: s rounded up to ALIGN. */
unsigned sue_align_up(unsigned s, unsigned align);
/* Largest frame the endpoint sends or accepts (with FCS) for a header format (SUE_HDR_TAG
 * included: a tagged frame may be 4 bytes longer). */
unsigned sue_max_frame(const sue_params_t *p, unsigned fmt);
/* Connections: NDST, or NDST * 4 with PSN_PER_VC. Index d or d * 4 + vc. */
unsigned sue_nconn(const sue_params_t *p);
unsigned sue_conn_index(const sue_params_t *p, unsigned dslot, unsigned vc);

/* ---- run-time configuration (the registers; reset values in sue_cfg_reset) ---- */
typedef struct {
  unsigned valid; /* entry in use */
  unsigned xpuid; /* 10 bits */
  uint8_t mac[6]; /* UDP format: destination MAC */
  uint32_t ip;    /* UDP format: destination IPv4 address */
} sue_dst_t;

typedef struct {
  unsigned hdr_fmt;   /* SUE_HDR_UDP / AIFH12 / AIFH6 (CTRL[1:0]) */
  unsigned rcrc_c;    /* R-CRC polynomial: 0 CRC-32, 1 CRC-32C (CTRL[2]) */
  unsigned pfc_tx_en; /* CTRL[3] */
  unsigned pfc_rx_en; /* CTRL[4] */
  unsigned fc_mode;   /* CTRL[5]: 0 PFC, 1 CBFC (the enables above then drive CBFC) */
  unsigned ack_vc;    /* CTRL[9:8]: VC of stand-alone ACK/NACK frames (PSN_PER_VC = 0) */
  unsigned xpuid;     /* local XPU id, 10 bits */
  unsigned partition; /* 10 bits, sent and required */
  uint8_t mac[6];
  uint32_t ip;
  uint16_t udp_sport, udp_dport, ethertype;
  uint8_t ttl;
  uint8_t dscp[SUE_NVC];
  uint32_t aifh_prefix; /* address bytes 0..3 (byte 0 = bits 31:24), low nibble of byte 0 forced */
  uint32_t pack_timeout, pack_thresh, retx_timeout, ack_delay;
  uint8_t pfc_prio[SUE_NVC]; /* priority of each VC */
  uint16_t pfc_time;         /* pause time sent, quanta */
  uint8_t pfc_qcyc;          /* cycles per quantum (512 bit times) */
  uint32_t pfc_refresh, pfc_xoff, pfc_xon;
  unsigned cbfc_ushift; /* CBFC_CFG.USHIFT: a credit unit is 2^USHIFT bytes */
  uint16_t cbfc_step;   /* CBFC_CFG.STEP */
  uint32_t cbfc_oui;    /* CBFC_OUI */
  unsigned vlan_tx;     /* VLAN[0]: an 802.1Q tag in every frame sent but PFC (UDP, AIFH 12-byte) */
  unsigned vlan_vid;    /* VLAN[27:16]: its VLAN id; the PCP is the VC's pfc_prio, DEI 0 */
  unsigned intr_en;     /* INTR_EN: SUE_INTR_* bits that raise irq */
  unsigned retry_limit; /* REACH.RETRY_LIMIT (sue_reach_model.h) */
  unsigned probe;       /* REACH.PROBE: cycles between probes of a detoured destination */
  uint32_t mgmt_gap;    /* MGMT_GAP: cycles between two management frames' decisions */
  unsigned mgmt_rx_en;  /* MGMT_RX_CTL.EN (sue_mgmt_rx_model.h) */
  uint16_t mgmt_rx_etype, mgmt_rx_mask; /* MGMT_RX_FILTER */
  unsigned mgmt_rx_rd;                  /* MGMT_RX_RD.WORD */
  sue_dst_t dst[SUE_NDST_MAX];
} sue_cfg_t;

/* The reset values of every register (docs/sue/index.md "Register map"). */
void sue_cfg_reset(sue_cfg_t *c, const sue_params_t *p);
/* The format of the frames the endpoint sends: hdr_fmt, with SUE_HDR_TAG when vlan_tx is on
 * and the format has an Ethernet header (not AIFH 6-byte). */
unsigned sue_cfg_tx_fmt(const sue_cfg_t *c);
/* The format of a received frame of len bytes: hdr_fmt, with SUE_HDR_TAG when the format has an
 * Ethernet header and bytes 12-13 are the 802.1Q TPID (accepted whatever vlan_tx says). */
unsigned sue_rx_fmt(const sue_cfg_t *c, const uint8_t *f, size_t len);
/* Destination slot of a remote XPU id, or -1 (first valid entry that matches). */
int sue_cfg_find_dst(const sue_cfg_t *c, const sue_params_t *p, unsigned xpuid);

/* ---- counters: register 0x100 + 4 * index, 32 bits, wrapping ---- */
/* The indices SUE_CNT_* (and their names, descriptions) are those of the register description,
 * rtl/sue/sue_regs.rdl, in its generated header. */
#define SUE_NCNT SUE_REG_CNT_NUM
/* Name of a counter ("tx_cmds", ...), NULL for an unused index. */
const char *sue_cnt_name(unsigned idx);

#ifdef __cplusplus
}
#endif
#endif
