/*
 * fabric_sw_port_model.c - the frame-level model of the fabric's switch port
 * (fabric_sw_port_model.h, docs/fabric/fabric_sw_port.md).
 */
#include "fabric_sw_port_model.h"

#include <string.h>

#include "sue_frame.h"

const char *const fsp_cnt_name[FSP_NCNT] = {
    "rx_frames", "fwd",           "pfc_rx",         "tx_frames",    "pfc_tx",        "drop_fcs",
    "drop_runt", "drop_oversize", "drop_ethertype", "drop_unknown", "drop_overflow", "drop_cut"};

void fsp_cfg_reset(fsp_cfg_t *c, unsigned nent) {
  memset(c, 0, sizeof *c);
  c->aifh6_en = 1;
  c->aifh_etype = 0x88B5;
  c->nent = nent;
}

int fsp_lookup(const fsp_cfg_t *c, int udp, const uint8_t mac[6], unsigned xpu, unsigned *port) {
  for (unsigned e = 0; e < c->nent; e++) {
    const fsp_entry_t *t = &c->ent[e];
    if (t->valid && (udp ? !memcmp(t->mac, mac, 6) : t->xpu == (xpu & 0xFFFFu))) {
      *port = t->port;
      return 1;
    }
  }
  return 0;
}

static unsigned be16(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }

void fsp_ingress_frame(const fsp_cfg_t *c, const uint8_t *f, size_t len, size_t fmax, int cut,
                       int ovf, fsp_verdict_t *v) {
  memset(v, 0, sizeof *v);
  v->kind = FSP_DROP;
  /* the checks in the RTL's order: cut, runt, oversize, FCS, overflow, then the parse */
  if (cut) {
    v->reason = FSP_DROP_CUT;
    return;
  }
  if (len < 64) {
    v->reason = FSP_DROP_RUNT;
    return;
  }
  if (len > fmax) {
    v->reason = FSP_DROP_OVERSIZE;
    return;
  }
  uint32_t fcs = sue_crc32(f, len - 4, 0);
  if (fcs != ((uint32_t)f[len - 4] | (uint32_t)f[len - 3] << 8 | (uint32_t)f[len - 2] << 16 |
              (uint32_t)f[len - 1] << 24)) {
    v->reason = FSP_DROP_FCS;
    return;
  }
  if (ovf) {
    v->reason = FSP_DROP_OVERFLOW;
    return;
  }
  static const uint8_t pfc_da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
  unsigned et12 = be16(f + 12), et6 = be16(f + 6);
  unsigned cev;
  uint16_t lim[8], snt[8];
  if (!memcmp(f, pfc_da, 6) && sue_cbfc_parse(f, len, c->cbfc_oui, &cev, lim, snt)) {
    v->kind = FSP_PFC; /* consumed by the port's CBFC state */
    v->cbfc = 1;
    v->cev = cev;
    return;
  }
  if (!memcmp(f, pfc_da, 6) && et12 == 0x8808 && be16(f + 14) == 0x0101) {
    v->kind = FSP_PFC;
    v->cev = f[17];
    for (unsigned i = 0; i < 8; i++)
      v->time[i] = (uint16_t)be16(f + 18 + 2 * i);
    return;
  }
  /* an 802.1Q tag moves the Ethertype and the RH 4 bytes on; an AIFH 6 B frame (bytes 6-7 the
   * AIFH Ethertype with the 6-byte form on) is never tagged */
  unsigned t = et12 == 0x8100 && !(c->aifh6_en && et6 == c->aifh_etype) ? 4u : 0u;
  unsigned etn = be16(f + 12 + t);
  int udp = etn == 0x0800;
  int a12 = !udp && etn == c->aifh_etype;
  int a6 = !udp && !a12 && c->aifh6_en && et6 == c->aifh_etype;
  if (!udp && !a12 && !a6) {
    v->reason = FSP_DROP_ETYPE;
    return;
  }
  unsigned xpu = a12 ? be16(f + 4) : be16(f + 2);
  unsigned port = 0;
  if (!fsp_lookup(c, udp, f, xpu, &port)) {
    v->reason = FSP_DROP_UNKNOWN;
    return;
  }
  v->kind = FSP_FWD;
  v->port = port;
  v->tc = f[udp ? 46 + t : a12 ? 18 + t : 12] >> 6;
}

uint64_t fsp_cell_header(int sof, int eof, unsigned src, unsigned tc, unsigned len,
                         unsigned words) {
  return (uint64_t)(sof != 0) << 63 | (uint64_t)(eof != 0) << 62 | (uint64_t)(src & 0xFFu) << 54 |
         (uint64_t)(tc & 3u) << 52 | (uint64_t)(len & 0x3FFFu) << 36 |
         (uint64_t)(words & 0xFFu) << 28;
}

unsigned fsp_cell_payload(unsigned ck, unsigned lw) {
  unsigned cp = ck * ((1u << lw) - 1u) - 1u;
  return cp > 255u ? 255u : cp;
}

unsigned fsp_cells(unsigned len, unsigned cp) {
  unsigned words = (len + 7u) / 8u;
  return (words + cp - 1u) / cp;
}

void fsp_pfc_frame(const uint8_t mac[6], unsigned port, unsigned cev, const uint16_t time[8],
                   uint8_t out[64]) {
  uint8_t sa[6];
  memcpy(sa, mac, 6);
  sa[5] = (uint8_t)port;
  sa[4] ^= (uint8_t)(port >> 8); /* ports past 255 (the model only: the RTL's NENT <= 64) */
  size_t n = sue_pfc_build(sa, cev, time, out);
  (void)n;
}
