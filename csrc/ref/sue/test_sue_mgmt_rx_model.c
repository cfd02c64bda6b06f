/* test_sue_mgmt_rx_model.c - unit tests of the management receive model (sue_mgmt_rx_model.h),
 * by hand: the rules of docs/sue/index.md "Management frames, receive". */
#include <string.h>

#include "sue_mgmt_rx_model.h"
#include "sue_regs_map.h"
#include "unit.h"

/* A frame of len bytes: DA, SA, Ethertype et at 12 (tag: 0x8100 there and et at 16), bytes
 * after it counting from 0x40. */
static size_t frame(uint8_t *f, size_t len, unsigned et, int tag) {
  for (size_t i = 0; i < len; i++)
    f[i] = (uint8_t)(0x40 + i);
  memset(f, 0xFF, 6);
  size_t o = tag ? 16 : 12;
  if (tag)
    f[12] = 0x81, f[13] = 0x00;
  f[o] = (uint8_t)(et >> 8), f[o + 1] = (uint8_t)et;
  return len;
}

static void cfg_on(sue_cfg_t *c, unsigned fmt) {
  memset(c, 0, sizeof *c);
  c->hdr_fmt = fmt;
  c->ethertype = 0x88B5;
  c->mgmt_rx_en = 1;
  c->mgmt_gap = 0;
}

/* The screen: SUE's Ethertype for each format (past a tag but in AIFH 6), MAC control, the
 * filter, frames shorter than 18 bytes. */
static void t_screen(ut_t *t) {
  sue_cfg_t c;
  uint8_t f[64];
  cfg_on(&c, SUE_HDR_UDP);
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x0806, 0)), 1, "ARP, UDP format");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x0800, 0)), 0, "IPv4 is SUE's (UDP)");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x0800, 1)), 0, "tagged IPv4 is SUE's");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x88CC, 1)), 1, "tagged LLDP");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 17, 0x0806, 0)), 0, "17 bytes: never");
  frame(f, 64, 0x8808, 0);
  static const uint8_t mc[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
  memcpy(f, mc, 6);
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, 64), 0, "MAC control (PAUSE, PFC)");
  f[5] = 0x02;
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, 64), 1, "0x8808 to another address");
  cfg_on(&c, SUE_HDR_AIFH12);
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x0800, 0)), 1, "IPv4 in AIFH 12-byte format");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x88B5, 1)), 0, "AIFH Ethertype, tagged");
  cfg_on(&c, SUE_HDR_AIFH6);
  frame(f, 64, 0x88B5, 0);
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, 64), 1, "AIFH 6: bytes 6-7 decide, not 12-13");
  f[6] = 0x88, f[7] = 0xB5;
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, 64), 0, "AIFH 6: bytes 6-7 the AIFH Ethertype");
  cfg_on(&c, SUE_HDR_UDP);
  c.mgmt_rx_etype = 0x88CC, c.mgmt_rx_mask = 0xFFFF;
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x88CC, 0)), 1, "filter: LLDP");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x0806, 0)), 0, "filter: not ARP");
  c.mgmt_rx_etype = 0x8800, c.mgmt_rx_mask = 0xFF00;
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x88CC, 0)), 1, "mask: 0x88xx");
  UT_EQ(t, sue_mgmt_rx_screen(&c, f, frame(f, 64, 0x0806, 0)), 0, "mask: not 0x08xx");
}

/* One frame through begin, end and verdict at cycle now; returns taken + 2 dropped. */
static unsigned one(sue_mgmt_rx_t *m, const sue_cfg_t *c, uint64_t now, const uint8_t *f,
                    size_t len, unsigned code) {
  unsigned tk, dr;
  sue_mgmt_rx_begin(m, c, now);
  if (sue_mgmt_rx_end(m, c, f, len))
    return 99;
  sue_mgmt_rx_verdict(m, c, now + 5, code, len, &tk, &dr);
  return tk + 2 * dr;
}

/* Four slots; a fifth frame is dropped; release frees one; the head is read word by word with
 * the bytes past LEN as 0; EN off takes nothing; other verdicts free the slot silently. */
static void t_slots(ut_t *t) {
  sue_mgmt_rx_t m;
  sue_cfg_t c;
  uint8_t f[600];
  cfg_on(&c, SUE_HDR_UDP);
  sue_mgmt_rx_reset(&m, 508);
  const unsigned E = SUE_CNT_RX_ETHERTYPE;
  c.mgmt_rx_en = 0;
  UT_EQ(t, one(&m, &c, 10, f, frame(f, 64, 0x0806, 0), E), 0, "EN off: nothing");
  c.mgmt_rx_en = 1;
  for (unsigned k = 0; k < 4; k++)
    UT_EQ(t, one(&m, &c, 20 + 10 * k, f, frame(f, 64 + k, 0x0806, 0), E), 1, "taken");
  UT_EQ(t, one(&m, &c, 80, f, frame(f, 64, 0x0806, 0), E), 2, "fifth: no slot, dropped");
  UT_EQ(t, one(&m, &c, 90, f, frame(f, 64, 0x0800, 0), SUE_CNT_RX_IP_HDR), 0,
        "SUE traffic: not counted");
  uint32_t st = sue_mgmt_rx_status(&m);
  UT_EQ(t, SUE_REG_GET(st, SUE_REG_MGMT_RX_STATUS_FRAMES), 4, "four waiting");
  UT_EQ(t, SUE_REG_GET(st, SUE_REG_MGMT_RX_STATUS_LEN), 60, "head: 64 bytes less the FCS");
  UT_EQ(t, sue_mgmt_rx_data(&m, 0), 0xFFFFFFFFu, "word 0");
  UT_EQ(t, sue_mgmt_rx_data(&m, 3), 0x08064E4Fu, "word 3: Ethertype and bytes 14-15");
  UT_EQ(t, sue_mgmt_rx_data(&m, 14), 0x78797A7Bu, "word 14: the last (bytes 56-59)");
  UT_EQ(t, sue_mgmt_rx_data(&m, 15), 0, "word 15: past LEN (the FCS is not shown)");
  sue_mgmt_rx_pop(&m, 1000);
  UT_EQ(t, SUE_REG_GET(sue_mgmt_rx_status(&m), SUE_REG_MGMT_RX_STATUS_LEN), 61, "next head");
  UT_EQ(t, sue_mgmt_rx_data(&m, 14), 0x78797A7Bu, "61 bytes: word 14 whole");
  UT_EQ(t, sue_mgmt_rx_data(&m, 15), 0x7C000000u, "61 bytes: one byte of word 15");
  /* a slot freed by a verdict that is not rx_ethertype takes a frame from the next cycle */
  unsigned tk, dr;
  sue_mgmt_rx_begin(&m, &c, 100); /* the one free slot */
  UT_EQ(t, sue_mgmt_rx_end(&m, &c, f, frame(f, 64, 0x0806, 0)), 0, "end");
  sue_mgmt_rx_begin(&m, &c, 101); /* no slot left */
  UT_EQ(t, sue_mgmt_rx_end(&m, &c, f, frame(f, 64, 0x0806, 0)), 0, "end");
  sue_mgmt_rx_verdict(&m, &c, 105, SUE_CNT_RX_FCS, 64, &tk, &dr);
  UT_EQ(t, tk + dr, 0, "FCS: freed, not counted");
  sue_mgmt_rx_verdict(&m, &c, 106, E, 64, &tk, &dr);
  UT_EQ(t, dr, 1, "begun without a slot: dropped");
  sue_mgmt_rx_begin(&m, &c, 105);
  UT_EQ(t, m.cur, -1, "not in the verdict's own cycle");
  (void)sue_mgmt_rx_end(&m, &c, f, frame(f, 64, 0x0806, 0));
  sue_mgmt_rx_verdict(&m, &c, 110, E, 64, &tk, &dr);
  UT_EQ(t, dr, 1, "so dropped");
  UT_EQ(t, one(&m, &c, 106, f, frame(f, 64, 0x0806, 0), E), 1, "from the next cycle: taken");
  /* a frame that fails the screen gives its slot back at once */
  while (m.ready_n)
    sue_mgmt_rx_pop(&m, 1000);
  for (unsigned k = 0; k < 10; k++)
    UT_EQ(t, one(&m, &c, 200 + k, f, frame(f, 80, 0x0800, 0), 0), 0, "SUE frames");
  UT_EQ(t, one(&m, &c, 300, f, frame(f, 64, 0x0806, 0), E), 1, "a slot for the next");
}

/* MGMT_MAX + 4 bytes at most; MGMT_GAP between two frames taken. */
static void t_len_gap(ut_t *t) {
  sue_mgmt_rx_t m;
  sue_cfg_t c;
  uint8_t f[600];
  cfg_on(&c, SUE_HDR_UDP);
  sue_mgmt_rx_reset(&m, 334);
  const unsigned E = SUE_CNT_RX_ETHERTYPE;
  UT_EQ(t, one(&m, &c, 10, f, frame(f, 339, 0x0806, 0), E), 2, "MGMT_MAX + 5: dropped");
  UT_EQ(t, one(&m, &c, 20, f, frame(f, 338, 0x0806, 0), E), 1, "MGMT_MAX + 4: taken");
  UT_EQ(t, SUE_REG_GET(sue_mgmt_rx_status(&m), SUE_REG_MGMT_RX_STATUS_LEN), 334, "LEN");
  UT_EQ(t, sue_mgmt_rx_data(&m, 82), 0x88898A8Bu, "word 82 (bytes 328-331)");
  UT_EQ(t, sue_mgmt_rx_data(&m, 83), 0x8C8D0000u, "word 83: bytes 332-333, then zeros");
  sue_mgmt_rx_pop(&m, 1000);
  c.mgmt_gap = 100;
  UT_EQ(t, one(&m, &c, 100, f, frame(f, 64, 0x0806, 0), E), 1, "taken at 105");
  UT_EQ(t, one(&m, &c, 199, f, frame(f, 64, 0x0806, 0), E), 2, "at 204: within the gap");
  UT_EQ(t, one(&m, &c, 200, f, frame(f, 64, 0x0806, 0), E), 1, "at 205: the gap passed");
}

UT_SUITE(sue_mgmt_rx_model) {
  ut_run(s, "sue_mgmt_rx_screen", t_screen);
  ut_run(s, "sue_mgmt_rx_slots", t_slots);
  ut_run(s, "sue_mgmt_rx_len_gap", t_len_gap);
}
