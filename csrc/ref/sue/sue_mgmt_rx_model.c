/*
 * sue_mgmt_rx_model.c - management frames, receive: the model of rtl/sue/sue_mgmt_rx.v
 * (sue_mgmt_rx_model.h).
 */
#include "sue_mgmt_rx_model.h"

#include <string.h>

#include "sue_regs_map.h"

enum { FREE = 0, RECV = 1, WAIT = 2, TAKEN = 3 };

void sue_mgmt_rx_reset(sue_mgmt_rx_t *m, size_t maxb) {
  memset(m, 0, sizeof *m);
  m->cur = -1;
  m->maxb = maxb;
}

int sue_mgmt_rx_screen(const sue_cfg_t *c, const uint8_t *f, size_t len) {
  if (len < 18)
    return 0;
  static const uint8_t mac_ctl[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
  unsigned et6 = sue_get_be16(f + 6), et12 = sue_get_be16(f + 12), et16 = sue_get_be16(f + 16);
  /* SUE's own Ethertype check (sue_rx_check): past a tag in the formats with an Ethernet
     header */
  unsigned v12 = c->hdr_fmt != SUE_HDR_AIFH6 && et12 == 0x8100u ? et16 : et12;
  int sue = c->hdr_fmt == SUE_HDR_UDP     ? v12 == 0x0800u
            : c->hdr_fmt == SUE_HDR_AIFH6 ? et6 == c->ethertype
                                          : v12 == c->ethertype;
  if (sue || (!memcmp(f, mac_ctl, 6) && et12 == 0x8808u))
    return 0;
  /* the filter reads a standard Ethernet frame: the Ethertype past a tag */
  unsigned fet = et12 == 0x8100u ? et16 : et12;
  return (fet & c->mgmt_rx_mask) == (c->mgmt_rx_etype & c->mgmt_rx_mask);
}

void sue_mgmt_rx_begin(sue_mgmt_rx_t *m, const sue_cfg_t *c, uint64_t now) {
  m->cur = -1;
  m->ncap = 0;
  if (!c->mgmt_rx_en)
    return;
  for (unsigned s = 0; s < SUE_MGMT_RX_SLOTS; s++)
    if (m->slot[s].state == FREE && m->slot[s].free_at <= now) {
      m->cur = (int)s;
      m->slot[s].state = RECV;
      return;
    }
  m->ncap = 1;
}

int sue_mgmt_rx_end(sue_mgmt_rx_t *m, const sue_cfg_t *c, const uint8_t *f, size_t len) {
  if (m->pend_n == SUE_MGMT_RX_INFLIGHT)
    return -1;
  int in = sue_mgmt_rx_screen(c, f, len);
  int rec = -1;
  if (m->cur >= 0) {
    sue_mgmt_rx_slot_t *s = &m->slot[m->cur];
    if (in) {
      s->state = WAIT;
      s->len = len; /* with the FCS, until the verdict */
      memcpy(s->buf, f, len < sizeof s->buf ? len : sizeof s->buf);
      rec = m->cur;
    } else {
      s->state = FREE; /* given back at the screen, before any later frame begins */
    }
  } else if (m->ncap && in) {
    rec = -2;
  }
  m->pend[(m->pend_rd + m->pend_n++) % SUE_MGMT_RX_INFLIGHT] = rec;
  m->cur = -1;
  m->ncap = 0;
  return 0;
}

unsigned sue_mgmt_rx_waiting(const sue_mgmt_rx_t *m) { return m->pend_n; }

void sue_mgmt_rx_verdict(sue_mgmt_rx_t *m, const sue_cfg_t *c, uint64_t now, unsigned code,
                         size_t len, unsigned *taken, unsigned *dropped) {
  *taken = *dropped = 0;
  if (!m->pend_n)
    return;
  int rec = m->pend[m->pend_rd];
  m->pend_rd = (m->pend_rd + 1) % SUE_MGMT_RX_INFLIGHT;
  m->pend_n--;
  /* rx_ethertype: checks 1 .. 3 (length, FCS) passed on a frame that is not SUE traffic */
  int eth = code == SUE_CNT_RX_ETHERTYPE;
  if (rec == -2) {
    *dropped = (unsigned)eth;
  } else if (rec >= 0) {
    sue_mgmt_rx_slot_t *s = &m->slot[rec];
    if (eth && len <= m->maxb + 4 && now >= m->next) {
      s->state = TAKEN;
      s->len = len - 4;
      s->taken_t = now;
      m->ready[(m->ready_rd + m->ready_n++) % SUE_MGMT_RX_SLOTS] = (unsigned)rec;
      m->next = now + c->mgmt_gap;
      *taken = 1;
    } else {
      s->state = FREE;
      s->free_at = now + 1; /* the RTL's slot is free from the edge of this cycle */
      *dropped = (unsigned)eth;
    }
  }
}

void sue_mgmt_rx_pop(sue_mgmt_rx_t *m, uint64_t now) {
  if (!m->ready_n)
    return;
  sue_mgmt_rx_slot_t *s = &m->slot[m->ready[m->ready_rd]];
  if (s->taken_t >= now) /* the RTL's release sees the frames taken before this cycle */
    return;
  s->state = FREE;
  s->free_at = 0;
  m->ready_rd = (m->ready_rd + 1) % SUE_MGMT_RX_SLOTS;
  m->ready_n--;
}

uint32_t sue_mgmt_rx_status(const sue_mgmt_rx_t *m) {
  size_t len = m->ready_n ? m->slot[m->ready[m->ready_rd]].len : 0;
  return SUE_REG_PUT(SUE_REG_MGMT_RX_STATUS_LEN, len) |
         SUE_REG_PUT(SUE_REG_MGMT_RX_STATUS_FRAMES, m->ready_n);
}

uint32_t sue_mgmt_rx_data(const sue_mgmt_rx_t *m, unsigned w) {
  if (!m->ready_n)
    return 0;
  const sue_mgmt_rx_slot_t *s = &m->slot[m->ready[m->ready_rd]];
  uint32_t v = 0;
  for (unsigned k = 0; k < 4; k++) {
    size_t b = 4u * w + k;
    v = v << 8 | (b < s->len ? s->buf[b] : 0u);
  }
  return v;
}
