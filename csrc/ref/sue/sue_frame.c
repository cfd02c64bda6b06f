/* sue_frame.c - SUE frame building: RH, network headers, checksums, fill, PFC. */
#include "sue_frame.h"

#include <string.h>

#include "crc.h"

void sue_put_be16(uint8_t *p, unsigned v) {
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}

unsigned sue_get_be16(const uint8_t *p) { return ((unsigned)p[0] << 8) | p[1]; }

void sue_put_be32(uint8_t *p, uint32_t v) {
  sue_put_be16(p, v >> 16);
  sue_put_be16(p + 2, v & 0xFFFFu);
}

uint32_t sue_get_be32(const uint8_t *p) {
  return ((uint32_t)sue_get_be16(p) << 16) | sue_get_be16(p + 2);
}

void sue_put_le32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t sue_get_le32(const uint8_t *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void sue_rh_pack(const sue_rh_t *rh, uint8_t out[8]) {
  sue_put_be16(out, ((rh->ver & 3u) << 14) | ((rh->op & 3u) << 12) | (rh->xpuid & 0x3FFu));
  sue_put_be16(out + 2, rh->psn & 0xFFFFu);
  sue_put_be16(out + 4, ((rh->vc & 3u) << 14) | (rh->partition & 0x3FFu));
  sue_put_be16(out + 6, rh->rpsn & 0xFFFFu);
}

void sue_rh_unpack(const uint8_t in[8], sue_rh_t *rh) {
  unsigned a = sue_get_be16(in), b = sue_get_be16(in + 4);
  rh->ver = a >> 14;
  rh->op = (a >> 12) & 3u;
  rh->rsv = (a >> 10) & 3u;
  rh->xpuid = a & 0x3FFu;
  rh->psn = sue_get_be16(in + 2);
  rh->vc = b >> 14;
  rh->rsvd = (b >> 10) & 15u;
  rh->partition = b & 0x3FFu;
  rh->rpsn = sue_get_be16(in + 6);
}

uint16_t sue_ip_checksum(const uint8_t *hdr, size_t len) {
  uint32_t s = 0;
  for (size_t i = 0; i + 1 < len; i += 2)
    s += sue_get_be16(hdr + i);
  while (s >> 16)
    s = (s & 0xFFFFu) + (s >> 16);
  return (uint16_t)~s;
}

uint32_t sue_crc32(const uint8_t *data, size_t len, int castagnoli) {
  static crc_t t32, t32c;
  static int ready;
  if (!ready) {
    crc_init(&t32, &CRC_32);
    crc_init(&t32c, &CRC_32C);
    ready = 1;
  }
  return crc_compute(castagnoli ? &t32c : &t32, data, len);
}

uint32_t sue_fcs(const uint8_t *frame, size_t len) { return sue_crc32(frame, len, 0); }

unsigned sue_fill_bytes(unsigned fmt, unsigned cmds) {
  unsigned raw = sue_hdr_bytes(fmt) + SUE_RH_BYTES + cmds + SUE_RCRC_BYTES + SUE_FCS_BYTES;
  return raw < SUE_MIN_FRAME ? SUE_MIN_FRAME - raw : 0u;
}

unsigned sue_frame_len(unsigned fmt, unsigned cmds) {
  return sue_hdr_bytes(fmt) + SUE_RH_BYTES + cmds + sue_fill_bytes(fmt, cmds) + SUE_RCRC_BYTES +
         SUE_FCS_BYTES;
}

static void aifh_addr(const sue_cfg_t *cfg, unsigned id, uint8_t *out, unsigned nbytes_prefix) {
  uint8_t pfx[4];
  sue_put_be32(pfx, cfg->aifh_prefix);
  pfx[0] = (uint8_t)((pfx[0] & 0xF0u) | SUE_SLAP_NIBBLE);
  memcpy(out, pfx, nbytes_prefix);
  sue_put_be16(out + nbytes_prefix, id & 0xFFFFu);
}

size_t sue_net_hdr_build(const sue_cfg_t *cfg, unsigned dslot, unsigned vc, size_t pdu_len,
                         uint8_t *out) {
  const sue_dst_t *d = &cfg->dst[dslot];
  unsigned fmt = sue_cfg_tx_fmt(cfg), t = (fmt & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
  if (t) { /* 802.1Q tag after the source address: TPID, PCP = the VC's priority, DEI 0, VID */
    sue_put_be16(out + 12, SUE_ETYPE_VLAN);
    sue_put_be16(out + 14, ((cfg->pfc_prio[vc & 3u] & 7u) << 13) | (cfg->vlan_vid & 0xFFFu));
  }
  switch (SUE_HDR_BASE(fmt)) {
  case SUE_HDR_AIFH12:
    aifh_addr(cfg, d->xpuid, out, 4);       /* DA: prefix, DIP */
    aifh_addr(cfg, cfg->xpuid, out + 6, 4); /* SA: prefix, SIP */
    sue_put_be16(out + 12 + t, cfg->ethertype);
    return SUE_HDR_AIFH12_BYTES + t;
  case SUE_HDR_AIFH6: {
    aifh_addr(cfg, d->xpuid, out, 2);  /* prefix bytes 0-1, DIP */
    sue_put_be16(out + 4, cfg->xpuid); /* SIP */
    sue_put_be16(out + 6, cfg->ethertype);
    return SUE_HDR_AIFH6_BYTES;
  }
  default: {
    memcpy(out, d->mac, 6);
    memcpy(out + 6, cfg->mac, 6);
    sue_put_be16(out + 12 + t, SUE_ETYPE_IPV4);
    uint8_t *ip = out + 14 + t, *udp = out + 34 + t;
    ip[0] = 0x45;
    ip[1] = (uint8_t)((cfg->dscp[vc & 3u] & 0x3Fu) << 2);
    sue_put_be16(ip + 2, (unsigned)(20u + 8u + pdu_len));
    sue_put_be16(ip + 4, 0);      /* identification */
    sue_put_be16(ip + 6, 0x4000); /* DF, offset 0 */
    ip[8] = cfg->ttl;
    ip[9] = SUE_IP_PROTO_UDP;
    sue_put_be16(ip + 10, 0);
    sue_put_be32(ip + 12, cfg->ip);
    sue_put_be32(ip + 16, d->ip);
    sue_put_be16(ip + 10, sue_ip_checksum(ip, 20));
    sue_put_be16(udp, cfg->udp_sport);
    sue_put_be16(udp + 2, cfg->udp_dport);
    sue_put_be16(udp + 4, (unsigned)(8u + pdu_len));
    sue_put_be16(udp + 6, 0); /* no UDP checksum: the R-CRC protects the PDU */
    return SUE_HDR_UDP_BYTES + t;
  }
  }
}

size_t sue_frame_build(const sue_cfg_t *cfg, unsigned dslot, const sue_rh_t *rh,
                       const uint8_t *cmds, size_t cmds_len, uint8_t *out) {
  unsigned fill = sue_fill_bytes(sue_cfg_tx_fmt(cfg), (unsigned)cmds_len);
  size_t area = cmds_len + fill, pdu = SUE_RH_BYTES + area + SUE_RCRC_BYTES;
  size_t h = sue_net_hdr_build(cfg, dslot, rh->vc, pdu, out);
  sue_rh_pack(rh, out + h);
  if (cmds_len)
    memcpy(out + h + SUE_RH_BYTES, cmds, cmds_len);
  memset(out + h + SUE_RH_BYTES + cmds_len, 0, fill);
  size_t r = h + SUE_RH_BYTES + area;
  sue_put_le32(out + r, sue_crc32(out + h, SUE_RH_BYTES + area, (int)cfg->rcrc_c));
  sue_put_le32(out + r + 4, sue_fcs(out, r + 4));
  return r + 8;
}

void sue_frame_reseal(const sue_cfg_t *cfg, uint8_t *f, size_t len, unsigned what) {
  unsigned fmt = sue_rx_fmt(cfg, f, len);
  size_t h = sue_hdr_bytes(fmt), t = (fmt & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
  if ((what & SUE_RESEAL_IP) && cfg->hdr_fmt == SUE_HDR_UDP && len >= 34 + t) {
    sue_put_be16(f + 24 + t, 0);
    sue_put_be16(f + 24 + t, sue_ip_checksum(f + 14 + t, 20));
  }
  if ((what & SUE_RESEAL_RCRC) && len >= h + 8)
    sue_put_le32(f + len - 8, sue_crc32(f + h, len - 8 - h, (int)cfg->rcrc_c));
  if ((what & SUE_RESEAL_FCS) && len >= 4)
    sue_put_le32(f + len - 4, sue_fcs(f, len - 4));
}

size_t sue_pfc_build(const uint8_t sa[6], unsigned cev, const uint16_t time[SUE_PRIO],
                     uint8_t *out) {
  memset(out, 0, SUE_PFC_FRAME);
  memcpy(out, sue_pfc_da, 6);
  memcpy(out + 6, sa, 6);
  sue_put_be16(out + 12, SUE_ETYPE_MACCTL);
  sue_put_be16(out + 14, SUE_PFC_OPCODE);
  sue_put_be16(out + 16, cev & 0xFFu);
  for (unsigned i = 0; i < SUE_PRIO; i++)
    sue_put_be16(out + 18 + 2 * i, time[i]);
  sue_put_le32(out + 60, sue_fcs(out, 60));
  return SUE_PFC_FRAME;
}

size_t sue_cbfc_build(const uint8_t sa[6], uint32_t oui, unsigned cev,
                      const uint16_t limit[SUE_PRIO], const uint16_t sent[SUE_PRIO], uint8_t *out) {
  memset(out, 0, SUE_CBFC_FRAME);
  memcpy(out, sue_pfc_da, 6);
  memcpy(out + 6, sa, 6);
  sue_put_be16(out + 12, SUE_ETYPE_MACCTL);
  sue_put_be16(out + 14, SUE_CBFC_OPCODE);
  out[16] = (uint8_t)(oui >> 16);
  out[17] = (uint8_t)(oui >> 8);
  out[18] = (uint8_t)oui;
  out[19] = SUE_CBFC_SUBTYPE;
  sue_put_be16(out + 20, cev & 0xFFu);
  for (unsigned i = 0; i < SUE_PRIO; i++) {
    sue_put_be16(out + 22 + 2 * i, limit[i]);
    sue_put_be16(out + 38 + 2 * i, sent[i]);
  }
  sue_put_le32(out + 60, sue_fcs(out, 60));
  return SUE_CBFC_FRAME;
}

int sue_cbfc_parse(const uint8_t *f, size_t len, uint32_t oui, unsigned *cev,
                   uint16_t limit[SUE_PRIO], uint16_t sent[SUE_PRIO]) {
  if (len < SUE_CBFC_FRAME || sue_get_be16(f + 12) != SUE_ETYPE_MACCTL ||
      sue_get_be16(f + 14) != SUE_CBFC_OPCODE || f[19] != SUE_CBFC_SUBTYPE ||
      ((uint32_t)f[16] << 16 | (uint32_t)f[17] << 8 | f[18]) != (oui & 0xFFFFFFu))
    return 0;
  *cev = sue_get_be16(f + 20) & 0xFFu;
  for (unsigned i = 0; i < SUE_PRIO; i++) {
    limit[i] = sue_get_be16(f + 22 + 2 * i);
    sent[i] = sue_get_be16(f + 38 + 2 * i);
  }
  return 1;
}

size_t sue_mgmt_build(const uint8_t *b, size_t len, uint8_t *out) {
  size_t n = len < 60 ? 60 : len;
  memcpy(out, b, len);
  memset(out + len, 0, n - len);
  sue_put_le32(out + n, sue_fcs(out, n));
  return n + 4;
}

double sue_wire_efficiency(unsigned fmt, unsigned s, unsigned align, unsigned k) {
  unsigned wire = sue_frame_len(fmt, k * sue_align_up(s, align)) + SUE_WIRE_EXTRA;
  return (double)(k * s) / (double)wire;
}

unsigned sue_cmds_per_pdu(unsigned s, unsigned align, unsigned pdu_max) {
  return pdu_max / sue_align_up(s, align);
}
