/* sue_cfg.c - SUE parameters, configuration reset values, counter names. */
#include "sue_cfg.h"

#include <string.h>

const uint8_t sue_pfc_da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};

unsigned sue_hdr_bytes(unsigned fmt) {
  switch (fmt) {
  case SUE_HDR_AIFH12:
    return SUE_HDR_AIFH12_BYTES;
  case SUE_HDR_AIFH6:
    return SUE_HDR_AIFH6_BYTES;
  default:
    return SUE_HDR_UDP_BYTES;
  }
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

void sue_cfg_reset(sue_cfg_t *c, const sue_params_t *p) {
  memset(c, 0, sizeof *c);
  c->hdr_fmt = SUE_HDR_UDP;
  c->rcrc_c = 0;
  c->pfc_tx_en = 1;
  c->pfc_rx_en = 1;
  c->ack_vc = 3;
  c->mac[0] = 0x02; /* 02-00-00-00-00-00: locally administered */
  c->udp_sport = SUE_UDP_PORT_DEFAULT;
  c->udp_dport = SUE_UDP_PORT_DEFAULT;
  c->ethertype = SUE_ETYPE_AIFH_DEFAULT;
  c->ttl = 64;
  c->aifh_prefix = 0x02000000u;
  c->pack_timeout = 64;
  c->pack_thresh = p->pdu_max;
  c->retx_timeout = 4096;
  c->ack_delay = 64;
  for (unsigned v = 0; v < SUE_NVC; v++)
    c->pfc_prio[v] = (uint8_t)v;
  c->pfc_time = 0xFFFF;
  c->pfc_qcyc = 2;
  c->pfc_refresh = 32768;
  c->pfc_xoff = p->rx_bytes / 2;
  c->pfc_xon = p->rx_bytes / 4;
}

int sue_cfg_find_dst(const sue_cfg_t *c, const sue_params_t *p, unsigned xpuid) {
  for (unsigned d = 0; d < p->ndst; d++)
    if (c->dst[d].valid && c->dst[d].xpuid == xpuid)
      return (int)d;
  return -1;
}

static const char *const sue_cnt_names[SUE_NCNT] = {
    [SUE_CNT_TX_CMDS] = "tx_cmds",
    [SUE_CNT_TX_CMD_BAD] = "tx_cmd_bad",
    [SUE_CNT_TX_CMD_ERR] = "tx_cmd_err",
    [SUE_CNT_TX_CMD_NODST] = "tx_cmd_nodst",
    [SUE_CNT_TX_CREDIT_VIOL] = "tx_credit_viol",
    [SUE_CNT_TX_HOL] = "tx_hol",
    [SUE_CNT_TX_FLUSHED] = "tx_flushed",
    [SUE_CNT_TX_PDUS] = "tx_pdus",
    [SUE_CNT_TX_RETX] = "tx_retx",
    [SUE_CNT_TX_ACK_FRAMES] = "tx_ack_frames",
    [SUE_CNT_TX_NACK_FRAMES] = "tx_nack_frames",
    [SUE_CNT_TX_NACKS] = "tx_nacks",
    [SUE_CNT_TX_PFC] = "tx_pfc",
    [SUE_CNT_TX_FRAMES] = "tx_frames",
    [SUE_CNT_TX_BYTES] = "tx_bytes",
    [SUE_CNT_TX_TIMEOUTS] = "tx_timeouts",
    [SUE_CNT_TX_REPLAYS] = "tx_replays",
    [SUE_CNT_RX_FRAMES] = "rx_frames",
    [SUE_CNT_RX_RUNT] = "rx_runt",
    [SUE_CNT_RX_OVERSIZE] = "rx_oversize",
    [SUE_CNT_RX_FCS] = "rx_fcs",
    [SUE_CNT_RX_ETHERTYPE] = "rx_ethertype",
    [SUE_CNT_RX_IP_HDR] = "rx_ip_hdr",
    [SUE_CNT_RX_UDP_PORT] = "rx_udp_port",
    [SUE_CNT_RX_DST] = "rx_dst",
    [SUE_CNT_RX_RCRC] = "rx_rcrc",
    [SUE_CNT_RX_VER] = "rx_ver",
    [SUE_CNT_RX_SRC] = "rx_src",
    [SUE_CNT_RX_PARTITION] = "rx_partition",
    [SUE_CNT_RX_BAD_PDU] = "rx_bad_pdu",
    [SUE_CNT_RX_PSN] = "rx_psn",
    [SUE_CNT_RX_DUP] = "rx_dup",
    [SUE_CNT_RX_NOBUF] = "rx_nobuf",
    [SUE_CNT_RX_PDUS] = "rx_pdus",
    [SUE_CNT_RX_CMDS] = "rx_cmds",
    [SUE_CNT_RX_CTRL] = "rx_ctrl",
    [SUE_CNT_RX_ACKS] = "rx_acks",
    [SUE_CNT_RX_NACKS] = "rx_nacks",
    [SUE_CNT_RX_ACK_STALE] = "rx_ack_stale",
    [SUE_CNT_RX_PFC] = "rx_pfc",
    [SUE_CNT_RX_BYTES] = "rx_bytes",
};

const char *sue_cnt_name(unsigned idx) { return idx < SUE_NCNT ? sue_cnt_names[idx] : NULL; }
