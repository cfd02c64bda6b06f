/* sue_rx_check_model.c - SUE receive checks and receive buffer. */
#include "sue_rx_check_model.h"

#include <stdlib.h>
#include <string.h>

/* AIFH address bytes [0, n) expected for XPU id (prefix with the SLAP nibble, then the id). */
static void aifh_expect(const sue_cfg_t *cfg, unsigned id, unsigned nprefix, uint8_t *out) {
  sue_put_be32(out, cfg->aifh_prefix);
  out[0] = (uint8_t)((out[0] & 0xF0u) | SUE_SLAP_NIBBLE);
  sue_put_be16(out + nprefix, id & 0xFFFFu);
}

/* t: bytes of the 802.1Q tag after the source address (0 or 4) */
static int check_udp(const sue_cfg_t *cfg, const uint8_t *f, size_t len, size_t t) {
  if (sue_get_be16(f + 12 + t) != SUE_ETYPE_IPV4)
    return SUE_CNT_RX_ETHERTYPE;
  const uint8_t *ip = f + 14 + t, *udp = f + 34 + t;
  unsigned tot = sue_get_be16(ip + 2);
  if (ip[0] != 0x45 || tot != len - 18u - t || (sue_get_be16(ip + 6) & 0x3FFFu) != 0 ||
      ip[9] != SUE_IP_PROTO_UDP || sue_ip_checksum(ip, 20) != 0 ||
      sue_get_be16(udp + 4) != tot - 20u)
    return SUE_CNT_RX_IP_HDR;
  if (sue_get_be16(udp + 2) != cfg->udp_dport)
    return SUE_CNT_RX_UDP_PORT;
  if (memcmp(f, cfg->mac, 6) || sue_get_be32(ip + 16) != cfg->ip)
    return SUE_CNT_RX_DST;
  return 0;
}

static int check_aifh(const sue_cfg_t *cfg, const uint8_t *f, size_t t) {
  uint8_t exp[6];
  if (cfg->hdr_fmt == SUE_HDR_AIFH6) {
    if (sue_get_be16(f + 6) != cfg->ethertype)
      return SUE_CNT_RX_ETHERTYPE;
    aifh_expect(cfg, cfg->xpuid, 2, exp);
    return memcmp(f, exp, 4) ? SUE_CNT_RX_DST : 0;
  }
  if (sue_get_be16(f + 12 + t) != cfg->ethertype)
    return SUE_CNT_RX_ETHERTYPE;
  aifh_expect(cfg, cfg->xpuid, 4, exp);
  return memcmp(f, exp, 6) ? SUE_CNT_RX_DST : 0;
}

int sue_rx_check(const sue_params_t *p, const sue_cfg_t *cfg, const uint8_t *f, size_t len,
                 sue_rx_info_t *info) {
  memset(info, 0, sizeof *info);
  if (len < SUE_MIN_FRAME)
    return SUE_CNT_RX_RUNT;
  unsigned fmt = sue_rx_fmt(cfg, f, len);
  size_t t = (fmt & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u;
  if (len > sue_max_frame(p, fmt))
    return SUE_CNT_RX_OVERSIZE;
  if (sue_fcs(f, len - 4) != sue_get_le32(f + len - 4))
    return SUE_CNT_RX_FCS;
  if (!memcmp(f, sue_pfc_da, 6) && sue_get_be16(f + 12) == SUE_ETYPE_MACCTL) {
    info->kind = SUE_RX_KIND_PFC;
    if (sue_cbfc_parse(f, len, cfg->cbfc_oui, &info->pfc_cev, info->cbfc_limit, info->cbfc_sent)) {
      info->cbfc = 1;
      return 0;
    }
    if (sue_get_be16(f + 14) != SUE_PFC_OPCODE)
      return SUE_CNT_RX_ETHERTYPE;
    info->pfc_cev = f[17];
    for (unsigned i = 0; i < SUE_PRIO; i++)
      info->pfc_time[i] = (uint16_t)sue_get_be16(f + 18 + 2 * i);
    return 0;
  }
  int r = cfg->hdr_fmt == SUE_HDR_UDP ? check_udp(cfg, f, len, t) : check_aifh(cfg, f, t);
  if (r)
    return r;
  size_t h = sue_hdr_bytes(fmt), rc = len - 8;
  if (sue_crc32(f + h, rc - h, (int)cfg->rcrc_c) != sue_get_le32(f + rc))
    return SUE_CNT_RX_RCRC;
  sue_rh_unpack(f + h, &info->rh);
  if (info->rh.ver != SUE_RH_VER)
    return SUE_CNT_RX_VER;
  int s = sue_cfg_find_dst(cfg, p, info->rh.xpuid);
  if (s < 0)
    return SUE_CNT_RX_SRC;
  info->src_slot = (unsigned)s;
  if (info->rh.partition != cfg->partition)
    return SUE_CNT_RX_PARTITION;
  if (info->rh.op == SUE_OP_RSVD || (info->rh.op == SUE_OP_NONE && info->rh.rpsn != 0))
    return SUE_CNT_RX_BAD_PDU;
  info->area_off = h + SUE_RH_BYTES;
  info->area_len = rc - info->area_off;
  size_t off = 0;
  sue_cmd_t c;
  int k;
  while ((k = sue_cmd_unpack(f + info->area_off, info->area_len, &off, p->align, &c)) == 1) {
    info->ncmd++;
    info->cmd_bytes += sue_cmd_packed(&c, p->align);
  }
  if (k < 0)
    return SUE_CNT_RX_BAD_PDU;
  info->kind = info->ncmd ? SUE_RX_KIND_DATA : SUE_RX_KIND_CTRL;
  return 0;
}

void sue_rxq_put_pdu(sue_rxq_t *q, const uint8_t *f, const sue_rx_info_t *info, unsigned align) {
  size_t off = 0;
  for (unsigned i = 0; i < info->ncmd; i++) {
    sue_rxcmd_t *n = malloc(sizeof *n);
    if (!n)
      abort();
    if (sue_cmd_unpack(f + info->area_off, info->area_len, &off, align, &n->cmd) != 1)
      abort(); /* checked by sue_rx_check */
    n->cmd.vc = info->rh.vc;
    n->cmd.xpuid = info->rh.xpuid;
    n->bytes = sue_cmd_packed(&n->cmd, align);
    n->next = NULL;
    if (q->tail)
      q->tail->next = n;
    else
      q->head = n;
    q->tail = n;
    q->bytes += n->bytes;
    q->ncmd++;
  }
}

const sue_cmd_t *sue_rxq_head(const sue_rxq_t *q) { return q->head ? &q->head->cmd : NULL; }

void sue_rxq_pop(sue_rxq_t *q, sue_cmd_t *c) {
  sue_rxcmd_t *n = q->head;
  if (!n)
    return;
  if (c)
    *c = n->cmd;
  q->head = n->next;
  if (!q->head)
    q->tail = NULL;
  q->bytes -= n->bytes;
  q->ncmd--;
  free(n);
}

void sue_rxq_clear(sue_rxq_t *q) {
  while (q->head)
    sue_rxq_pop(q, NULL);
}
