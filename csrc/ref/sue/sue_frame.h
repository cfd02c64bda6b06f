/*
 * sue_frame.h - SUE frames on the wire (docs/sue/index.md "Frames"): the reliability header (RH),
 * the network headers (Ethernet II + IPv4 + UDP, or the AI forwarding header in its 12-byte or
 * 6-byte form), the IPv4 header checksum, the R-CRC, the Ethernet FCS, the zero fill up to the
 * 64-byte minimum, and PFC frames. Byte-exact builders; the receive checks are in
 * sue_rx_check_model.h.
 *
 * Frame = network header (H bytes) | RH (8) | command area | R-CRC (4) | FCS (4), where the
 * command area is the packed commands then, only when the frame would be shorter than 64
 * bytes, a zero fill up to 64. R-CRC over RH and command area (fill included); R-CRC and FCS
 * are written least significant byte first (as the FCS always is).
 */
#ifndef REF_SUE_FRAME_H
#define REF_SUE_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "sue_cfg.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned ver;       /* 2 bits, 0 */
  unsigned op;        /* 2 bits, SUE_OP_* */
  unsigned xpuid;     /* 10 bits: the source XPU */
  unsigned psn;       /* 16 bits */
  unsigned vc;        /* 2 bits */
  unsigned partition; /* 10 bits */
  unsigned rpsn;      /* 16 bits: ACK / NACK PSN */
  unsigned rsv;       /* bytes 0-1 bits [11:10] as received (written 0) */
  unsigned rsvd;      /* bytes 4-5 bits [13:10] as received (written 0) */
} sue_rh_t;

void sue_rh_pack(const sue_rh_t *rh, uint8_t out[8]); /* reserved bits written 0 */
void sue_rh_unpack(const uint8_t in[8], sue_rh_t *rh);

/* ---- byte helpers ---- */
void sue_put_be16(uint8_t *p, unsigned v);
unsigned sue_get_be16(const uint8_t *p);
void sue_put_be32(uint8_t *p, uint32_t v);
uint32_t sue_get_be32(const uint8_t *p);
void sue_put_le32(uint8_t *p, uint32_t v);
uint32_t sue_get_le32(const uint8_t *p);

/* ---- checks ---- */
/* RFC 791 header checksum of len bytes (len even), computed as if the checksum field were
 * whatever it holds: over a header with a zero field it gives the value to write; over a
 * received header it gives 0 when the header is intact. */
uint16_t sue_ip_checksum(const uint8_t *hdr, size_t len);
/* CRC-32 (castagnoli = 0, IEEE, check 0xCBF43926) or CRC-32C (1, check 0xE3069283), through
 * csrc/lib/common/crc.h. */
uint32_t sue_crc32(const uint8_t *data, size_t len, int castagnoli);
/* Ethernet FCS of the frame bytes before it (IEEE CRC-32). */
uint32_t sue_fcs(const uint8_t *frame, size_t len);

/* ---- frame layout ---- */
/* Bytes of the zero fill for a command area of cmds bytes in format fmt. */
unsigned sue_fill_bytes(unsigned fmt, unsigned cmds);
/* Frame length with FCS for a command area of cmds bytes (before fill). */
unsigned sue_frame_len(unsigned fmt, unsigned cmds);

/* Builds the network header of a frame to destination slot dslot on VC vc whose PDU (RH,
 * command area, R-CRC) has pdu_len bytes, in the format sue_cfg_tx_fmt(cfg) (802.1Q tag
 * included); returns its length. */
size_t sue_net_hdr_build(const sue_cfg_t *cfg, unsigned dslot, unsigned vc, size_t pdu_len,
                         uint8_t *out);
/* Builds a whole frame: header, RH, cmds_len bytes of packed commands, fill, R-CRC, FCS.
 * Returns the frame length. */
size_t sue_frame_build(const sue_cfg_t *cfg, unsigned dslot, const sue_rh_t *rh,
                       const uint8_t *cmds, size_t cmds_len, uint8_t *out);

/* Recomputes fields of a frame of len bytes (FCS included) laid out in cfg's format (tagged or
 * not, as the frame says: sue_rx_fmt) after a
 * test changed bytes: the IPv4 checksum (UDP format), the R-CRC (at len - 8, over
 * [H, len - 8)), the FCS; in that order, as selected. */
#define SUE_RESEAL_IP 1u
#define SUE_RESEAL_RCRC 2u
#define SUE_RESEAL_FCS 4u
#define SUE_RESEAL_ALL 7u
void sue_frame_reseal(const sue_cfg_t *cfg, uint8_t *f, size_t len, unsigned what);

/* ---- management frames ---- */
/* A management frame (docs/sue/index.md "Management frames"): the len bytes the XPU wrote (a whole
 * frame without its FCS, 14 .. SUE_MGMT_MAX bytes), zeros up to byte 60, the FCS. Returns the
 * frame's length, FCS included: max(len, 60) + 4. */
#define SUE_MGMT_MAX 508u /* the longest management frame, FCS excluded (the buffer's) */
size_t sue_mgmt_build(const uint8_t *b, size_t len, uint8_t *out);

/* ---- PFC (IEEE 802.1Qbb) ---- */
/* 64-byte frame: DA 01-80-C2-00-00-01, SA, 0x8808, opcode 0x0101, class-enable vector
 * (bit n = priority n), pause times of priorities 0..7 in quanta, zero pad, FCS. */
size_t sue_pfc_build(const uint8_t sa[6], unsigned cev, const uint16_t time[SUE_PRIO],
                     uint8_t *out);

/* ---- CBFC updates (docs/sue/index.md "CBFC") ---- */
/* 64-byte frame: DA 01-80-C2-00-00-01, SA, 0x8808, opcode 0xFFFE, OUI (3 bytes), subtype 0x01,
 * class-enable vector (16 bits, bit n = class n), the credit limit of classes 0..7, the units sent
 * on classes 0..7 (16 bits each, big-endian), zero pad, FCS. */
size_t sue_cbfc_build(const uint8_t sa[6], uint32_t oui, unsigned cev,
                      const uint16_t limit[SUE_PRIO], const uint16_t sent[SUE_PRIO], uint8_t *out);
/* A CBFC update of this OUI (len bytes, FCS included and not checked here)? If so, its fields. */
int sue_cbfc_parse(const uint8_t *f, size_t len, uint32_t oui, unsigned *cev,
                   uint16_t limit[SUE_PRIO], uint16_t sent[SUE_PRIO]);

/* ---- wire efficiency (docs/sue/index.md "Efficiency") ----
 * k commands of s bytes each (2 clen + dlen) in one frame of format fmt with alignment align:
 * k s / (sue_frame_len(fmt, k roundup(s, align)) + 20), 20 = preamble, SFD and IPG. */
double sue_wire_efficiency(unsigned fmt, unsigned s, unsigned align, unsigned k);
/* Commands of s bytes that fit one PDU: floor(pdu_max / roundup(s, align)). */
unsigned sue_cmds_per_pdu(unsigned s, unsigned align, unsigned pdu_max);

#ifdef __cplusplus
}
#endif
#endif
