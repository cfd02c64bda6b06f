/* sue_regs_model.c - SUE AXI4-Lite register map over the model's configuration and counters. */
#include "sue_regs_model.h"

#include <string.h>

#include "sue_frame.h"

static uint32_t mac_hi(const uint8_t *m) { return ((uint32_t)m[0] << 8) | m[1]; }
static uint32_t mac_lo(const uint8_t *m) { return sue_get_be32(m + 2); }

uint32_t sue_ep_reg_read(const sue_ep_t *ep, uint32_t addr) {
  const sue_cfg_t *c = &ep->cfg;
  const sue_params_t *p = &ep->p;
  addr &= 0xFFCu;
  if (addr >= 0x100u && addr < SUE_REG_CNT(SUE_NCNT))
    return ep->cnt[(addr - 0x100u) / 4u];
  if (addr >= 0x400u && addr < 0x800u) {
    unsigned d = (addr - 0x400u) / 16u;
    if (d >= p->ndst)
      return 0;
    const sue_dst_t *t = &c->dst[d];
    switch (addr & 0xCu) {
    case 0x0:
      return (t->valid ? 0x80000000u : 0u) | (t->xpuid & 0x3FFu);
    case 0x4:
      return mac_hi(t->mac);
    case 0x8:
      return mac_lo(t->mac);
    default:
      return t->ip;
    }
  }
  if (addr >= 0x800u) {
    unsigned i = (addr - 0x800u) / 8u;
    if (i >= ep->nconn)
      return 0;
    const sue_conn_t *k = &ep->conn[i];
    if (!(addr & 4u))
      return (uint32_t)k->nxt | ((uint32_t)k->una << 16);
    return (uint32_t)k->exp | ((uint32_t)k->nack_sent << 16) |
           ((uint32_t)sue_gbn_replaying(k) << 17) | ((uint32_t)k->ack_pending << 18);
  }
  switch (addr) {
  case SUE_REG_ID:
    return SUE_REG_ID_VALUE;
  case SUE_REG_CAPS0:
    return p->pdu_max | (p->ndst << 16) | (p->align << 24) | (p->psn_per_vc << 28);
  case SUE_REG_CAPS1:
    return (p->q_bytes / p->align) | (p->win << 16) | ((p->data_w / 32u) << 24);
  case SUE_REG_CAPS2:
    return p->ing_cmd | (p->ing_data << 8);
  case SUE_REG_CAPS3:
    return p->rx_bytes;
  case SUE_REG_CTRL:
    return (c->hdr_fmt & 3u) | (c->rcrc_c << 2) | (c->pfc_tx_en << 3) | (c->pfc_rx_en << 4) |
           ((c->ack_vc & 3u) << 8);
  case SUE_REG_XPUID:
    return c->xpuid;
  case SUE_REG_PARTITION:
    return c->partition;
  case SUE_REG_MAC_HI:
    return mac_hi(c->mac);
  case SUE_REG_MAC_LO:
    return mac_lo(c->mac);
  case SUE_REG_IP:
    return c->ip;
  case SUE_REG_UDP_PORT:
    return c->udp_dport | ((uint32_t)c->udp_sport << 16);
  case SUE_REG_ETHERTYPE:
    return c->ethertype;
  case SUE_REG_IP_CFG: {
    uint32_t v = c->ttl;
    for (unsigned i = 0; i < SUE_NVC; i++)
      v |= (uint32_t)(c->dscp[i] & 0x3Fu) << (8 + 6 * i);
    return v;
  }
  case SUE_REG_AIFH_PREFIX:
    return c->aifh_prefix;
  case SUE_REG_PACK_TIMEOUT:
    return c->pack_timeout;
  case SUE_REG_PACK_THRESH:
    return c->pack_thresh;
  case SUE_REG_RETX_TIMEOUT:
    return c->retx_timeout;
  case SUE_REG_ACK_DELAY:
    return c->ack_delay;
  case SUE_REG_PFC_MAP: {
    uint32_t v = 0;
    for (unsigned i = 0; i < SUE_NVC; i++)
      v |= (uint32_t)(c->pfc_prio[i] & 7u) << (3 * i);
    return v;
  }
  case SUE_REG_PFC_TIME:
    return c->pfc_time | ((uint32_t)c->pfc_qcyc << 16);
  case SUE_REG_PFC_REFRESH:
    return c->pfc_refresh;
  case SUE_REG_PFC_XOFF:
    return c->pfc_xoff;
  case SUE_REG_PFC_XON:
    return c->pfc_xon;
  case SUE_REG_STATUS: {
    uint32_t v = 0;
    for (unsigned i = 0; i < SUE_NVC; i++)
      v |= ((uint32_t)sue_ep_paused(ep, i) << i) | ((uint32_t)ep->xoff[i] << (4 + i));
    return v | ((uint32_t)ep->tx_in_reset << 8) | ((uint32_t)ep->rx_in_reset << 9);
  }
  default:
    return 0;
  }
}

void sue_ep_reg_write(sue_ep_t *ep, uint32_t addr, uint32_t val) {
  sue_cfg_t *c = &ep->cfg;
  addr &= 0xFFCu;
  if (addr >= 0x400u && addr < 0x800u) {
    unsigned d = (addr - 0x400u) / 16u;
    if (d >= ep->p.ndst)
      return;
    sue_dst_t *t = &c->dst[d];
    switch (addr & 0xCu) {
    case 0x0:
      t->valid = val >> 31;
      t->xpuid = val & 0x3FFu;
      break;
    case 0x4:
      t->mac[0] = (uint8_t)(val >> 8);
      t->mac[1] = (uint8_t)val;
      break;
    case 0x8:
      sue_put_be32(t->mac + 2, val);
      break;
    default:
      t->ip = val;
    }
    return;
  }
  switch (addr) {
  case SUE_REG_CTRL:
    c->hdr_fmt = (val & 1u) ? (val & 3u) : SUE_HDR_UDP;
    c->rcrc_c = (val >> 2) & 1u;
    c->pfc_tx_en = (val >> 3) & 1u;
    c->pfc_rx_en = (val >> 4) & 1u;
    c->ack_vc = (val >> 8) & 3u;
    break;
  case SUE_REG_XPUID:
    c->xpuid = val & 0x3FFu;
    break;
  case SUE_REG_PARTITION:
    c->partition = val & 0x3FFu;
    break;
  case SUE_REG_MAC_HI:
    c->mac[0] = (uint8_t)(val >> 8);
    c->mac[1] = (uint8_t)val;
    break;
  case SUE_REG_MAC_LO:
    sue_put_be32(c->mac + 2, val);
    break;
  case SUE_REG_IP:
    c->ip = val;
    break;
  case SUE_REG_UDP_PORT:
    c->udp_dport = (uint16_t)val;
    c->udp_sport = (uint16_t)(val >> 16);
    break;
  case SUE_REG_ETHERTYPE:
    c->ethertype = (uint16_t)val;
    break;
  case SUE_REG_IP_CFG:
    c->ttl = (uint8_t)val;
    for (unsigned i = 0; i < SUE_NVC; i++)
      c->dscp[i] = (uint8_t)((val >> (8 + 6 * i)) & 0x3Fu);
    break;
  case SUE_REG_AIFH_PREFIX:
    c->aifh_prefix = val;
    break;
  case SUE_REG_PACK_TIMEOUT:
    c->pack_timeout = val & 0xFFFFu;
    break;
  case SUE_REG_PACK_THRESH:
    c->pack_thresh = val & 0xFFFFu;
    break;
  case SUE_REG_RETX_TIMEOUT:
    c->retx_timeout = val & 0xFFFFFFu;
    break;
  case SUE_REG_ACK_DELAY:
    c->ack_delay = val & 0xFFFFu;
    break;
  case SUE_REG_PFC_MAP:
    for (unsigned i = 0; i < SUE_NVC; i++)
      c->pfc_prio[i] = (uint8_t)((val >> (3 * i)) & 7u);
    break;
  case SUE_REG_PFC_TIME:
    c->pfc_time = (uint16_t)val;
    c->pfc_qcyc = (uint8_t)(val >> 16);
    break;
  case SUE_REG_PFC_REFRESH:
    c->pfc_refresh = val & 0xFFFFFFu;
    break;
  case SUE_REG_PFC_XOFF:
    c->pfc_xoff = val & 0x7FFFFFu;
    break;
  case SUE_REG_PFC_XON:
    c->pfc_xon = val & 0x7FFFFFu;
    break;
  case SUE_REG_CNT_CLEAR:
    if (val & 1u)
      memset(ep->cnt, 0, sizeof ep->cnt);
    break;
  default:
    break;
  }
}
