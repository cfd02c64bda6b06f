/* sue_cfg.c - SUE parameters, configuration reset values, counter names. */
#include "sue_cfg.h"

#include <string.h>

const uint8_t sue_pfc_da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};

unsigned sue_hdr_bytes(unsigned fmt) {
  unsigned tag = (fmt & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
  switch (SUE_HDR_BASE(fmt)) {
  case SUE_HDR_AIFH12:
    return SUE_HDR_AIFH12_BYTES + tag;
  case SUE_HDR_AIFH6:
    return SUE_HDR_AIFH6_BYTES; /* no Ethernet header: never tagged */
  default:
    return SUE_HDR_UDP_BYTES + tag;
  }
}

unsigned sue_cfg_tx_fmt(const sue_cfg_t *c) {
  return c->hdr_fmt | ((c->vlan_tx && c->hdr_fmt != SUE_HDR_AIFH6) ? SUE_HDR_TAG : 0u);
}

unsigned sue_rx_fmt(const sue_cfg_t *c, const uint8_t *f, size_t len) {
  int tag = c->hdr_fmt != SUE_HDR_AIFH6 && len >= 14 &&
            (((unsigned)f[12] << 8) | f[13]) == SUE_ETYPE_VLAN;
  return c->hdr_fmt | (tag ? SUE_HDR_TAG : 0u);
}

sue_params_t sue_default_params(void) {
  sue_params_t p;
  p.data_w = 256;
  p.pdu_max = 4096;
  p.ndst = 64;
  p.align = 4;
  p.q_bytes = 8192;
  p.win = 8;
  p.psn_per_vc = 0;
  p.ing_cmd = 8;
  p.ing_data = 4;
  p.rx_bytes = 16384;
  return p;
}

unsigned sue_align_up(unsigned s, unsigned align) { return (s + align - 1u) / align * align; }

int sue_params_check(const sue_params_t *p, const char **why) {
  const char *w = NULL;
  if (p->data_w != 128 && p->data_w != 256 && p->data_w != 512 && p->data_w != 1024 &&
      p->data_w != 2048)
    w = "DATA_W must be 128, 256, 512, 1024 or 2048";
  else if (p->align != 2 && p->align != 4 && p->align != 8)
    w = "ALIGN must be 2, 4 or 8";
  else if (p->pdu_max % p->align || p->pdu_max < sue_align_up(SUE_CMD_MAX, 8) ||
           p->pdu_max > SUE_PDU_MAX_MAX)
    w = "PDU_MAX must be a multiple of ALIGN in 280 .. 8192";
  else if (p->ndst < 1 || p->ndst > SUE_NDST_MAX)
    w = "NDST must be 1 .. 64";
  else if (p->q_bytes % p->align || p->q_bytes < p->pdu_max + sue_align_up(SUE_CMD_MAX, p->align) ||
           p->q_bytes > 65536u)
    w = "Q_BYTES must be a multiple of ALIGN in PDU_MAX + (largest command) .. 65536";
  else if (p->win < 1 || p->win > 64 || (p->win & (p->win - 1)))
    /* slot = PSN mod WIN must follow the PSN across its 16-bit wrap */
    w = "WIN must be a power of two, 1 .. 64";
  else if (p->psn_per_vc > 1)
    w = "PSN_PER_VC must be 0 or 1";
  else if (p->ing_cmd < 1 || p->ing_cmd > 64 || p->ing_data < 1 || p->ing_data > 64)
    w = "ING_CMD and ING_DATA must be 1 .. 64";
  else if (p->rx_bytes < p->pdu_max || p->rx_bytes > (1u << 22))
    w = "RX_BYTES must be PDU_MAX .. 4 MiB";
  if (why)
    *why = w;
  return w ? -1 : 0;
}

unsigned sue_max_frame(const sue_params_t *p, unsigned fmt) {
  return sue_hdr_bytes(fmt) + SUE_RH_BYTES + p->pdu_max + SUE_RCRC_BYTES + SUE_FCS_BYTES;
}

unsigned sue_nconn(const sue_params_t *p) { return p->psn_per_vc ? p->ndst * SUE_NVC : p->ndst; }

unsigned sue_conn_index(const sue_params_t *p, unsigned dslot, unsigned vc) {
  return p->psn_per_vc ? dslot * SUE_NVC + vc : dslot;
}

/* Every value from the register description's resets (sue_regs_map.h), so the model resets as
 * the RTL generated from the same description. */
void sue_cfg_reset(sue_cfg_t *c, const sue_params_t *p) {
  memset(c, 0, sizeof *c);
  /* AIFH_SHORT reads 0 without AIFH */
  c->hdr_fmt =
      SUE_REG_CTRL_AIFH_RESET | ((SUE_REG_CTRL_AIFH_RESET & SUE_REG_CTRL_AIFH_SHORT_RESET) << 1);
  c->rcrc_c = SUE_REG_CTRL_RCRC_C_RESET;
  c->pfc_tx_en = SUE_REG_CTRL_PFC_TX_EN_RESET;
  c->pfc_rx_en = SUE_REG_CTRL_PFC_RX_EN_RESET;
  c->fc_mode = SUE_REG_CTRL_FC_MODE_RESET;
  c->ack_vc = SUE_REG_CTRL_ACK_VC_RESET;
  c->xpuid = SUE_REG_XPUID_ID_RESET;
  c->partition = SUE_REG_PARTITION_ID_RESET;
  c->mac[0] =
      (uint8_t)(SUE_REG_MAC_HI_MAC01_RESET >> 8); /* 02-00-00-00-00-00: locally administered */
  c->mac[1] = (uint8_t)SUE_REG_MAC_HI_MAC01_RESET;
  for (unsigned i = 0; i < 4; i++)
    c->mac[2 + i] = (uint8_t)(SUE_REG_MAC_LO_MAC2345_RESET >> (24 - 8 * i));
  c->ip = SUE_REG_IP_ADDR_RESET;
  c->udp_sport = SUE_REG_UDP_PORT_SPORT_RESET;
  c->udp_dport = SUE_REG_UDP_PORT_DPORT_RESET;
  c->ethertype = SUE_REG_ETHERTYPE_TYPE_RESET;
  c->ttl = SUE_REG_IP_CFG_TTL_RESET;
  c->dscp[0] = SUE_REG_IP_CFG_DSCP0_RESET;
  c->dscp[1] = SUE_REG_IP_CFG_DSCP1_RESET;
  c->dscp[2] = SUE_REG_IP_CFG_DSCP2_RESET;
  c->dscp[3] = SUE_REG_IP_CFG_DSCP3_RESET;
  c->aifh_prefix = SUE_REG_AIFH_PREFIX_PREFIX_RESET;
  c->pack_timeout = SUE_REG_PACK_TIMEOUT_CYCLES_RESET;
  c->pack_thresh = SUE_REG_PACK_THRESH_BYTES_RESET(p);
  c->retx_timeout = SUE_REG_RETX_TIMEOUT_CYCLES_RESET;
  c->ack_delay = SUE_REG_ACK_DELAY_CYCLES_RESET;
  c->pfc_prio[0] = SUE_REG_PFC_MAP_PRIO0_RESET;
  c->pfc_prio[1] = SUE_REG_PFC_MAP_PRIO1_RESET;
  c->pfc_prio[2] = SUE_REG_PFC_MAP_PRIO2_RESET;
  c->pfc_prio[3] = SUE_REG_PFC_MAP_PRIO3_RESET;
  c->vlan_tx = SUE_REG_VLAN_TX_EN_RESET;
  c->vlan_vid = SUE_REG_VLAN_VID_RESET;
  c->intr_en = SUE_REG_INTR_EN_LINK_DOWN_RESET | SUE_REG_INTR_EN_LINK_UP_RESET |
               SUE_REG_INTR_EN_UNREACH_RESET | SUE_REG_INTR_EN_REACH_RESET;
  c->retry_limit = SUE_REG_REACH_RETRY_LIMIT_RESET;
  c->probe = SUE_REG_REACH_PROBE_RESET;
  c->mgmt_gap = SUE_REG_MGMT_GAP_CYCLES_RESET;
  c->mgmt_rx_en = SUE_REG_MGMT_RX_CTL_EN_RESET;
  c->mgmt_rx_etype = SUE_REG_MGMT_RX_FILTER_ETYPE_RESET;
  c->mgmt_rx_mask = SUE_REG_MGMT_RX_FILTER_MASK_RESET;
  c->mgmt_rx_rd = SUE_REG_MGMT_RX_RD_WORD_RESET;
  c->pfc_time = SUE_REG_PFC_TIME_TIME_RESET;
  c->pfc_qcyc = SUE_REG_PFC_TIME_QCYC_RESET;
  c->pfc_refresh = SUE_REG_PFC_REFRESH_CYCLES_RESET;
  c->pfc_xoff = SUE_REG_PFC_XOFF_BYTES_RESET(p);
  c->pfc_xon = SUE_REG_PFC_XON_BYTES_RESET(p);
  c->cbfc_ushift = SUE_REG_CBFC_CFG_USHIFT_RESET;
  c->cbfc_step = SUE_REG_CBFC_CFG_STEP_RESET;
  c->cbfc_oui = SUE_REG_CBFC_OUI_OUI_RESET;
  /* the destination table resets to 0: memset */
}

int sue_cfg_find_dst(const sue_cfg_t *c, const sue_params_t *p, unsigned xpuid) {
  for (unsigned d = 0; d < p->ndst; d++)
    if (c->dst[d].valid && c->dst[d].xpuid == xpuid)
      return (int)d;
  return -1;
}

#define SUE_CNT_NAME(idx, name) [idx] = name,
static const char *const sue_cnt_names[SUE_NCNT] = {SUE_REG_CNT_FOREACH(SUE_CNT_NAME)};
#undef SUE_CNT_NAME

const char *sue_cnt_name(unsigned idx) { return idx < SUE_NCNT ? sue_cnt_names[idx] : NULL; }
