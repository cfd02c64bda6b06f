/* sue_regs_model.c - SUE AXI4-Lite register map over the model's configuration and counters.
 * Addresses and field positions: sue_regs_map.h, generated from rtl/sue/sue_regs.rdl. */
#include "sue_regs_model.h"

#include <string.h>

#include "sue_frame.h"

#define GET SUE_REG_GET
#define PUT SUE_REG_PUT

/* MAC bytes 0-1 and 2-5 as the words of MAC_HI / MAC_LO (byte 0 on top). */
static uint32_t mac_hi(const uint8_t *m) { return ((uint32_t)m[0] << 8) | m[1]; }
static uint32_t mac_lo(const uint8_t *m) { return sue_get_be32(m + 2); }
static void put_mac_hi(uint8_t *m, uint32_t v) {
  m[0] = (uint8_t)(v >> 8);
  m[1] = (uint8_t)v;
}

/* Is addr inside an array's address space, and which element, which word of it. */
static int in_array(uint32_t addr, uint32_t base, uint32_t stride, unsigned num, unsigned *el,
                    uint32_t *off) {
  if (addr < base || addr >= base + stride * num)
    return 0;
  *el = (addr - base) / stride;
  *off = (addr - base) % stride;
  return 1;
}

uint32_t sue_ep_reg_read(const sue_ep_t *ep, uint32_t addr) {
  const sue_cfg_t *c = &ep->cfg;
  const sue_params_t *p = &ep->p;
  unsigned i;
  uint32_t off;
  addr &= 0xFFCu;
  if (addr >= SUE_REG_CNT(0) && addr < SUE_REG_CNT(SUE_REG_CNT_NUM))
    return PUT(SUE_REG_CNT_COUNT, ep->cnt[(addr - SUE_REG_CNT(0)) / 4u]);
  if (in_array(addr, SUE_REG_DST(0), SUE_REG_DST_STRIDE, SUE_REG_DST_NUM, &i, &off)) {
    if (i >= SUE_REG_DST_COUNT(p))
      return 0;
    const sue_dst_t *t = &c->dst[i];
    switch (off) {
    case SUE_REG_DST_ID_OFF:
      return PUT(SUE_REG_DST_ID_VALID, t->valid) | PUT(SUE_REG_DST_ID_XPUID, t->xpuid);
    case SUE_REG_DST_MAC_HI_OFF:
      return PUT(SUE_REG_DST_MAC_HI_MAC01, mac_hi(t->mac));
    case SUE_REG_DST_MAC_LO_OFF:
      return PUT(SUE_REG_DST_MAC_LO_MAC2345, mac_lo(t->mac));
    case SUE_REG_DST_IP_OFF:
      return PUT(SUE_REG_DST_IP_ADDR, t->ip);
    default:
      return 0;
    }
  }
  if (in_array(addr, SUE_REG_CONN(0), SUE_REG_CONN_STRIDE, SUE_REG_CONN_NUM, &i, &off)) {
    if (i >= SUE_REG_CONN_COUNT(p))
      return 0;
    const sue_conn_t *k = &ep->conn[i];
    switch (off) {
    case SUE_REG_CONN_TX_OFF:
      return PUT(SUE_REG_CONN_TX_NXT_PSN, k->nxt) | PUT(SUE_REG_CONN_TX_UNA_PSN, k->una);
    case SUE_REG_CONN_RX_OFF:
      return PUT(SUE_REG_CONN_RX_EXP_PSN, k->exp) | PUT(SUE_REG_CONN_RX_NACK_SENT, k->nack_sent) |
             PUT(SUE_REG_CONN_RX_REPLAYING, sue_gbn_replaying(k)) |
             PUT(SUE_REG_CONN_RX_ACK_OWED, k->ack_pending);
    default:
      return 0;
    }
  }
  switch (addr) {
  case SUE_REG_ID:
    return PUT(SUE_REG_ID_VALUE, SUE_REG_ID_VALUE_RESET);
  case SUE_REG_CAPS0:
    return PUT(SUE_REG_CAPS0_PDU_MAX, SUE_REG_CAPS0_PDU_MAX_RESET(p)) |
           PUT(SUE_REG_CAPS0_NDST, SUE_REG_CAPS0_NDST_RESET(p)) |
           PUT(SUE_REG_CAPS0_ALIGN, SUE_REG_CAPS0_ALIGN_RESET(p)) |
           PUT(SUE_REG_CAPS0_PSN_PER_VC, SUE_REG_CAPS0_PSN_PER_VC_RESET(p));
  case SUE_REG_CAPS1:
    return PUT(SUE_REG_CAPS1_Q_UNITS, SUE_REG_CAPS1_Q_UNITS_RESET(p)) |
           PUT(SUE_REG_CAPS1_WIN, SUE_REG_CAPS1_WIN_RESET(p)) |
           PUT(SUE_REG_CAPS1_DATA_W32, SUE_REG_CAPS1_DATA_W32_RESET(p));
  case SUE_REG_CAPS2:
    return PUT(SUE_REG_CAPS2_ING_CMD, SUE_REG_CAPS2_ING_CMD_RESET(p)) |
           PUT(SUE_REG_CAPS2_ING_DATA, SUE_REG_CAPS2_ING_DATA_RESET(p));
  case SUE_REG_CAPS3:
    return PUT(SUE_REG_CAPS3_RX_BYTES, SUE_REG_CAPS3_RX_BYTES_RESET(p));
  case SUE_REG_CTRL:
    return PUT(SUE_REG_CTRL_AIFH, c->hdr_fmt) | PUT(SUE_REG_CTRL_AIFH_SHORT, c->hdr_fmt >> 1) |
           PUT(SUE_REG_CTRL_RCRC_C, c->rcrc_c) | PUT(SUE_REG_CTRL_PFC_TX_EN, c->pfc_tx_en) |
           PUT(SUE_REG_CTRL_PFC_RX_EN, c->pfc_rx_en) | PUT(SUE_REG_CTRL_FC_MODE, c->fc_mode) |
           PUT(SUE_REG_CTRL_ACK_VC, c->ack_vc);
  case SUE_REG_XPUID:
    return PUT(SUE_REG_XPUID_ID, c->xpuid);
  case SUE_REG_PARTITION:
    return PUT(SUE_REG_PARTITION_ID, c->partition);
  case SUE_REG_MAC_HI:
    return PUT(SUE_REG_MAC_HI_MAC01, mac_hi(c->mac));
  case SUE_REG_MAC_LO:
    return PUT(SUE_REG_MAC_LO_MAC2345, mac_lo(c->mac));
  case SUE_REG_IP:
    return PUT(SUE_REG_IP_ADDR, c->ip);
  case SUE_REG_UDP_PORT:
    return PUT(SUE_REG_UDP_PORT_DPORT, c->udp_dport) | PUT(SUE_REG_UDP_PORT_SPORT, c->udp_sport);
  case SUE_REG_ETHERTYPE:
    return PUT(SUE_REG_ETHERTYPE_TYPE, c->ethertype);
  case SUE_REG_IP_CFG:
    return PUT(SUE_REG_IP_CFG_TTL, c->ttl) | PUT(SUE_REG_IP_CFG_DSCP0, c->dscp[0]) |
           PUT(SUE_REG_IP_CFG_DSCP1, c->dscp[1]) | PUT(SUE_REG_IP_CFG_DSCP2, c->dscp[2]) |
           PUT(SUE_REG_IP_CFG_DSCP3, c->dscp[3]);
  case SUE_REG_AIFH_PREFIX:
    return PUT(SUE_REG_AIFH_PREFIX_PREFIX, c->aifh_prefix);
  case SUE_REG_PACK_TIMEOUT:
    return PUT(SUE_REG_PACK_TIMEOUT_CYCLES, c->pack_timeout);
  case SUE_REG_PACK_THRESH:
    return PUT(SUE_REG_PACK_THRESH_BYTES, c->pack_thresh);
  case SUE_REG_RETX_TIMEOUT:
    return PUT(SUE_REG_RETX_TIMEOUT_CYCLES, c->retx_timeout);
  case SUE_REG_ACK_DELAY:
    return PUT(SUE_REG_ACK_DELAY_CYCLES, c->ack_delay);
  case SUE_REG_PFC_MAP:
    return PUT(SUE_REG_PFC_MAP_PRIO0, c->pfc_prio[0]) | PUT(SUE_REG_PFC_MAP_PRIO1, c->pfc_prio[1]) |
           PUT(SUE_REG_PFC_MAP_PRIO2, c->pfc_prio[2]) | PUT(SUE_REG_PFC_MAP_PRIO3, c->pfc_prio[3]);
  case SUE_REG_PFC_TIME:
    return PUT(SUE_REG_PFC_TIME_TIME, c->pfc_time) | PUT(SUE_REG_PFC_TIME_QCYC, c->pfc_qcyc);
  case SUE_REG_PFC_REFRESH:
    return PUT(SUE_REG_PFC_REFRESH_CYCLES, c->pfc_refresh);
  case SUE_REG_PFC_XOFF:
    return PUT(SUE_REG_PFC_XOFF_BYTES, c->pfc_xoff);
  case SUE_REG_PFC_XON:
    return PUT(SUE_REG_PFC_XON_BYTES, c->pfc_xon);
  case SUE_REG_VLAN:
    return PUT(SUE_REG_VLAN_TX_EN, c->vlan_tx) | PUT(SUE_REG_VLAN_VID, c->vlan_vid);
  case SUE_REG_STATUS: {
    uint32_t paused = 0, xoff = 0;
    for (unsigned v = 0; v < SUE_NVC; v++) {
      paused |= (uint32_t)sue_ep_paused(ep, v) << v;
      xoff |= (uint32_t)ep->xoff[v] << v;
    }
    return PUT(SUE_REG_STATUS_PAUSED, paused) | PUT(SUE_REG_STATUS_XOFF, xoff) |
           PUT(SUE_REG_STATUS_TX_RESET, ep->tx_in_reset) |
           PUT(SUE_REG_STATUS_RX_RESET, ep->rx_in_reset) |
           PUT(SUE_REG_STATUS_LINK_UP, ep->reach.link_q);
  }
  case SUE_REG_INTR:
    return ep->reach.intr;
  case SUE_REG_INTR_EN:
    return c->intr_en;
  case SUE_REG_REACH:
    return PUT(SUE_REG_REACH_RETRY_LIMIT, c->retry_limit) | PUT(SUE_REG_REACH_PROBE, c->probe);
  case SUE_REG_MGMT_GAP:
    return PUT(SUE_REG_MGMT_GAP_CYCLES, c->mgmt_gap);
  case SUE_REG_MGMT_TX_STATUS:
    return PUT(SUE_REG_MGMT_TX_STATUS_WORDS, ep->mgmt_words) |
           PUT(SUE_REG_MGMT_TX_STATUS_QUEUED, ep->mgmt_qlen != 0) |
           PUT(SUE_REG_MGMT_TX_STATUS_MAX, SUE_REG_MGMT_TX_STATUS_MAX_RESET(p));
  case SUE_REG_MGMT_RX_FILTER:
    return PUT(SUE_REG_MGMT_RX_FILTER_ETYPE, c->mgmt_rx_etype) |
           PUT(SUE_REG_MGMT_RX_FILTER_MASK, c->mgmt_rx_mask);
  case SUE_REG_MGMT_RX_CTL:
    return PUT(SUE_REG_MGMT_RX_CTL_EN, c->mgmt_rx_en);
  case SUE_REG_MGMT_RX_STATUS:
    return sue_mgmt_rx_status(&ep->mrx);
  case SUE_REG_MGMT_RX_RD:
    return PUT(SUE_REG_MGMT_RX_RD_WORD, c->mgmt_rx_rd);
  case SUE_REG_MGMT_RX_DATA:
    return sue_mgmt_rx_data(&ep->mrx, c->mgmt_rx_rd);
  case SUE_REG_CBFC_CFG:
    return PUT(SUE_REG_CBFC_CFG_USHIFT, c->cbfc_ushift) | PUT(SUE_REG_CBFC_CFG_STEP, c->cbfc_step);
  case SUE_REG_CBFC_OUI:
    return PUT(SUE_REG_CBFC_OUI_OUI, c->cbfc_oui);
  case SUE_REG_CBFC_AVAIL0:
    return PUT(SUE_REG_CBFC_AVAIL0_VC0, sue_cbfc_avail(&ep->cbfc, 0)) |
           PUT(SUE_REG_CBFC_AVAIL0_VC1, sue_cbfc_avail(&ep->cbfc, 1));
  case SUE_REG_CBFC_AVAIL1:
    return PUT(SUE_REG_CBFC_AVAIL1_VC2, sue_cbfc_avail(&ep->cbfc, 2)) |
           PUT(SUE_REG_CBFC_AVAIL1_VC3, sue_cbfc_avail(&ep->cbfc, 3));
  case SUE_REG_UNREACH0: /* bits of slots >= NDST are never set */
    return (uint32_t)ep->reach.unr_q;
  case SUE_REG_UNREACH1:
    return (uint32_t)(ep->reach.unr_q >> 32);
  default: /* unmapped, and CNT_CLEAR (write-only) */
    return 0;
  }
}

void sue_ep_reg_write(sue_ep_t *ep, uint32_t addr, uint32_t val) {
  sue_cfg_t *c = &ep->cfg;
  unsigned i;
  uint32_t off;
  addr &= 0xFFCu;
  /* the RTL's CBFC unit reads its configuration in the cycle it applies to: the state of this
   * cycle is evaluated again with the new value at the next call (sue_cbfc_model.h) */
  ep->cbfc.eval_next = ep->now;
  if (in_array(addr, SUE_REG_DST(0), SUE_REG_DST_STRIDE, SUE_REG_DST_NUM, &i, &off)) {
    if (i >= SUE_REG_DST_COUNT(&ep->p))
      return;
    sue_dst_t *t = &c->dst[i];
    switch (off) {
    case SUE_REG_DST_ID_OFF:
      t->valid = GET(val, SUE_REG_DST_ID_VALID);
      t->xpuid = GET(val, SUE_REG_DST_ID_XPUID);
      break;
    case SUE_REG_DST_MAC_HI_OFF:
      put_mac_hi(t->mac, GET(val, SUE_REG_DST_MAC_HI_MAC01));
      break;
    case SUE_REG_DST_MAC_LO_OFF:
      sue_put_be32(t->mac + 2, GET(val, SUE_REG_DST_MAC_LO_MAC2345));
      break;
    case SUE_REG_DST_IP_OFF:
      t->ip = GET(val, SUE_REG_DST_IP_ADDR);
      break;
    default:
      break;
    }
    return;
  }
  switch (addr) {
  case SUE_REG_CTRL: {
    unsigned aifh = GET(val, SUE_REG_CTRL_AIFH);
    /* AIFH_SHORT is written 0 unless AIFH is (its wr_gate) */
    c->hdr_fmt = aifh | ((aifh & GET(val, SUE_REG_CTRL_AIFH_SHORT)) << 1);
    c->rcrc_c = GET(val, SUE_REG_CTRL_RCRC_C);
    c->pfc_tx_en = GET(val, SUE_REG_CTRL_PFC_TX_EN);
    c->pfc_rx_en = GET(val, SUE_REG_CTRL_PFC_RX_EN);
    c->fc_mode = GET(val, SUE_REG_CTRL_FC_MODE);
    c->ack_vc = GET(val, SUE_REG_CTRL_ACK_VC);
    break;
  }
  case SUE_REG_XPUID:
    c->xpuid = GET(val, SUE_REG_XPUID_ID);
    break;
  case SUE_REG_PARTITION:
    c->partition = GET(val, SUE_REG_PARTITION_ID);
    break;
  case SUE_REG_MAC_HI:
    put_mac_hi(c->mac, GET(val, SUE_REG_MAC_HI_MAC01));
    break;
  case SUE_REG_MAC_LO:
    sue_put_be32(c->mac + 2, GET(val, SUE_REG_MAC_LO_MAC2345));
    break;
  case SUE_REG_IP:
    c->ip = GET(val, SUE_REG_IP_ADDR);
    break;
  case SUE_REG_UDP_PORT:
    c->udp_dport = (uint16_t)GET(val, SUE_REG_UDP_PORT_DPORT);
    c->udp_sport = (uint16_t)GET(val, SUE_REG_UDP_PORT_SPORT);
    break;
  case SUE_REG_ETHERTYPE:
    c->ethertype = (uint16_t)GET(val, SUE_REG_ETHERTYPE_TYPE);
    break;
  case SUE_REG_IP_CFG:
    c->ttl = (uint8_t)GET(val, SUE_REG_IP_CFG_TTL);
    c->dscp[0] = (uint8_t)GET(val, SUE_REG_IP_CFG_DSCP0);
    c->dscp[1] = (uint8_t)GET(val, SUE_REG_IP_CFG_DSCP1);
    c->dscp[2] = (uint8_t)GET(val, SUE_REG_IP_CFG_DSCP2);
    c->dscp[3] = (uint8_t)GET(val, SUE_REG_IP_CFG_DSCP3);
    break;
  case SUE_REG_AIFH_PREFIX:
    c->aifh_prefix = GET(val, SUE_REG_AIFH_PREFIX_PREFIX);
    break;
  case SUE_REG_PACK_TIMEOUT:
    c->pack_timeout = GET(val, SUE_REG_PACK_TIMEOUT_CYCLES);
    break;
  case SUE_REG_PACK_THRESH:
    c->pack_thresh = GET(val, SUE_REG_PACK_THRESH_BYTES);
    break;
  case SUE_REG_RETX_TIMEOUT:
    c->retx_timeout = GET(val, SUE_REG_RETX_TIMEOUT_CYCLES);
    break;
  case SUE_REG_ACK_DELAY:
    c->ack_delay = GET(val, SUE_REG_ACK_DELAY_CYCLES);
    break;
  case SUE_REG_PFC_MAP:
    c->pfc_prio[0] = (uint8_t)GET(val, SUE_REG_PFC_MAP_PRIO0);
    c->pfc_prio[1] = (uint8_t)GET(val, SUE_REG_PFC_MAP_PRIO1);
    c->pfc_prio[2] = (uint8_t)GET(val, SUE_REG_PFC_MAP_PRIO2);
    c->pfc_prio[3] = (uint8_t)GET(val, SUE_REG_PFC_MAP_PRIO3);
    break;
  case SUE_REG_PFC_TIME:
    c->pfc_time = (uint16_t)GET(val, SUE_REG_PFC_TIME_TIME);
    c->pfc_qcyc = (uint8_t)GET(val, SUE_REG_PFC_TIME_QCYC);
    break;
  case SUE_REG_PFC_REFRESH:
    c->pfc_refresh = GET(val, SUE_REG_PFC_REFRESH_CYCLES);
    break;
  case SUE_REG_PFC_XOFF:
    c->pfc_xoff = GET(val, SUE_REG_PFC_XOFF_BYTES);
    break;
  case SUE_REG_VLAN:
    c->vlan_tx = GET(val, SUE_REG_VLAN_TX_EN);
    c->vlan_vid = GET(val, SUE_REG_VLAN_VID);
    break;
  case SUE_REG_PFC_XON:
    c->pfc_xon = GET(val, SUE_REG_PFC_XON_BYTES);
    break;
  case SUE_REG_CBFC_CFG:
    c->cbfc_ushift = GET(val, SUE_REG_CBFC_CFG_USHIFT);
    c->cbfc_step = (uint16_t)GET(val, SUE_REG_CBFC_CFG_STEP);
    break;
  case SUE_REG_CBFC_OUI:
    c->cbfc_oui = GET(val, SUE_REG_CBFC_OUI_OUI);
    break;
  case SUE_REG_INTR: /* ones clear */
    sue_reach_intr_write(&ep->reach, val & SUE_INTR_ALL);
    break;
  case SUE_REG_INTR_EN:
    c->intr_en = val & SUE_INTR_ALL; /* INTR_EN has INTR's layout */
    break;
  case SUE_REG_REACH:
    c->retry_limit = GET(val, SUE_REG_REACH_RETRY_LIMIT);
    c->probe = GET(val, SUE_REG_REACH_PROBE);
    break;
  case SUE_REG_MGMT_GAP:
    c->mgmt_gap = GET(val, SUE_REG_MGMT_GAP_CYCLES);
    break;
  case SUE_REG_MGMT_TX_DATA:
    sue_ep_mgmt_data(ep, GET(val, SUE_REG_MGMT_TX_DATA_DATA));
    break;
  case SUE_REG_MGMT_TX_SEND:
    sue_ep_mgmt_send(ep, GET(val, SUE_REG_MGMT_TX_SEND_LEN));
    break;
  case SUE_REG_MGMT_RX_FILTER:
    c->mgmt_rx_etype = (uint16_t)GET(val, SUE_REG_MGMT_RX_FILTER_ETYPE);
    c->mgmt_rx_mask = (uint16_t)GET(val, SUE_REG_MGMT_RX_FILTER_MASK);
    break;
  case SUE_REG_MGMT_RX_CTL:
    c->mgmt_rx_en = GET(val, SUE_REG_MGMT_RX_CTL_EN);
    break;
  case SUE_REG_MGMT_RX_RD:
    c->mgmt_rx_rd = GET(val, SUE_REG_MGMT_RX_RD_WORD);
    break;
  case SUE_REG_MGMT_RX_POP:
    if (GET(val, SUE_REG_MGMT_RX_POP_POP))
      sue_mgmt_rx_pop(&ep->mrx, ep->now);
    break;
  case SUE_REG_CNT_CLEAR:
    if (GET(val, SUE_REG_CNT_CLEAR_CLEAR))
      memset(ep->cnt, 0, sizeof ep->cnt);
    break;
  default:
    break;
  }
}
