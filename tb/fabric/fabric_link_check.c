/*
 * fabric_link_check.c - the switch inside the fabric against its port model, frame by frame on
 * every link (fabric_link_check.h).
 */
#include "fabric_link_check.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "sue_frame.h"

#define LC_FMAX 4096u

typedef struct { /* a FIFO of frames the model forwarded: {source, output, class} */
  uint8_t **f;
  size_t *len;
  size_t n, cap, rd;
} lc_q_t;

struct fab_lc {
  unsigned n;
  fsp_cfg_t cfg;
  size_t fmax;
  uint8_t mac[6];
  int exact; /* links deliver what they are given (RIFL, or clean raw channels) */
  uint8_t *buf[4][FSP_NENT_MAX];
  size_t blen[4][FSP_NENT_MAX];
  lc_q_t *q;                    /* [src][out][class] */
  lc_q_t link[2][FSP_NENT_MAX]; /* frames on XPU p's up link (0) and down link (1) */
  uint32_t cnt[FSP_NENT_MAX][FSP_NCNT];
  uint64_t frames;
  uint16_t cb_lim[FSP_NENT_MAX][4], cb_snt[FSP_NENT_MAX][4]; /* the port's last CBFC update */
  uint8_t cb_seen[FSP_NENT_MAX];
  uint64_t cb_updates;
  /* endpoint p's last CBFC update (into switch port p), classes 0-7 */
  uint16_t ep_lim[FSP_NENT_MAX][8], ep_snt[FSP_NENT_MAX][8];
  uint8_t ep_seen[FSP_NENT_MAX];
  uint64_t ep_updates;
};

static lc_q_t *queue(fab_lc_t *c, unsigned s, unsigned o, unsigned tc) {
  return &c->q[(s * c->n + o) * 4 + tc];
}

fab_lc_t *fab_lc_open(unsigned n, const fsp_cfg_t *cfg, size_t fmax, const uint8_t mac[6],
                      int exact) {
  fab_lc_t *c = calloc(1, sizeof *c);
  CHECK(c != NULL && n <= FSP_NENT_MAX, "link check: memory");
  c->n = n;
  c->exact = exact;
  c->cfg = *cfg;
  c->fmax = fmax;
  memcpy(c->mac, mac, 6);
  c->q = calloc((size_t)n * n * 4, sizeof *c->q);
  CHECK(c->q != NULL, "link check: memory");
  for (unsigned d = 0; d < 4; d++)
    for (unsigned p = 0; p < n; p++) {
      c->buf[d][p] = malloc(LC_FMAX);
      CHECK(c->buf[d][p] != NULL, "link check: memory");
    }
  return c;
}

static void push(lc_q_t *q, const uint8_t *f, size_t len) {
  if (q->rd == q->n) { /* empty: start over */
    q->rd = q->n = 0;
  }
  if (q->n == q->cap) {
    q->cap = q->cap ? 2 * q->cap : 64;
    q->f = realloc(q->f, q->cap * sizeof *q->f);
    q->len = realloc(q->len, q->cap * sizeof *q->len);
    CHECK(q->f != NULL && q->len != NULL, "link check: memory");
  }
  q->f[q->n] = malloc(len);
  CHECK(q->f[q->n] != NULL, "link check: memory");
  memcpy(q->f[q->n], f, len);
  q->len[q->n++] = len;
}

/* Endpoint p's CBFC update: per class its advertised limit (units it received plus its free
 * buffer) and the units it sent never go back (modulo 2^16). A limit that went back is a count
 * received set back by the switch port's units sent: the endpoint counted a frame that did not
 * cross this link (one for it that came over another port's wire), or lost count of one that did.
 */
static void ep_update(fab_lc_t *c, unsigned p, const uint8_t *f, size_t len) {
  unsigned cev = 0;
  uint16_t lim[8], snt[8];
  if (!sue_cbfc_parse(f, len, c->cfg.cbfc_oui, &cev, lim, snt))
    return;
  for (unsigned k = 0; c->ep_seen[p] && k < 8; k++) {
    if (!(cev >> k & 1))
      continue;
    CHECK((uint16_t)(lim[k] - c->ep_lim[p][k]) < 0x8000u,
          "endpoint %u (MAC %02x:%02x:..:%02x): class %u's CBFC limit went back from %u to %u", p,
          f[6], f[7], f[11], k, c->ep_lim[p][k], lim[k]);
    CHECK((uint16_t)(snt[k] - c->ep_snt[p][k]) < 0x8000u,
          "endpoint %u (MAC %02x:%02x:..:%02x): class %u's units sent went back from %u to %u", p,
          f[6], f[7], f[11], k, c->ep_snt[p][k], snt[k]);
  }
  for (unsigned k = 0; k < 8; k++)
    if (cev >> k & 1 || !c->ep_seen[p]) {
      c->ep_lim[p][k] = lim[k];
      c->ep_snt[p][k] = snt[k];
    }
  c->ep_seen[p] = 1;
  c->ep_updates++;
}

/* a frame that ended at the input of port p; cut: its link marked it (RIFL) */
static void frame_in(fab_lc_t *c, unsigned p, const uint8_t *f, size_t len, int cut) {
  fsp_verdict_t v;
  if (!cut && len == 64 && f[12] == 0x88 && f[13] == 0x08 && f[14] == 0xFF && f[15] == 0xFE)
    ep_update(c, p, f, len);
  fsp_ingress_frame(&c->cfg, f, len, c->fmax, cut, 0, &v);
  c->cnt[p][FSP_CNT_RX]++;
  if (v.kind == FSP_FWD) {
    c->cnt[p][FSP_CNT_FWD]++;
    push(queue(c, p, v.port, v.tc), f, len);
  } else if (v.kind == FSP_PFC) {
    c->cnt[p][FSP_CNT_PFC_RX]++;
  } else {
    c->cnt[p][FSP_CNT_DROP + v.reason]++;
  }
}

/* A frame that came out of XPU p's link dir (0 up, 1 down) must be the oldest frame that went
 * in: the same bytes, or the bytes before the cut of one its link cut (a RIFL abort); on a raw
 * channel with bit errors or an outage, the same length (the framing travels apart from the
 * data, without errors). */
static void link_out(fab_lc_t *c, unsigned p, unsigned dir, const uint8_t *f, size_t len, int cut) {
  static const char *const nm[2] = {"up", "down"};
  lc_q_t *q = &c->link[dir][p];
  CHECK(q->rd < q->n, "XPU %u's %s link delivered a frame of %zu bytes that nobody sent", p,
        nm[dir], len);
  size_t want = q->len[q->rd];
  int same = cut ? len <= want && !memcmp(q->f[q->rd], f, len)
                 : len == want && (!c->exact || !memcmp(q->f[q->rd], f, len));
  CHECK(same, "XPU %u's %s link delivered %s%zu bytes, not the %zu-byte frame sent into it next", p,
        nm[dir], cut ? "a cut frame of " : "", len, want);
  free(q->f[q->rd]);
  q->rd++;
}

/* a frame that left port p */
static void frame_out(fab_lc_t *c, unsigned p, const uint8_t *f, size_t len) {
  c->frames++;
  if (len >= 16 && f[12] == 0x88 && f[13] == 0x08 && f[14] == 0xFF && f[15] == 0xFE) {
    /* the port's own CBFC update: its classes 0-3 only; per class the limit it advertises and
       the units it sent never go back (modulo 2^16: a step below 0x8000) */
    uint8_t sa[6], want[64];
    memcpy(sa, c->mac, 6);
    sa[5] = (uint8_t)p;
    unsigned cev = 0;
    uint16_t lim[8], snt[8];
    CHECK(len == 64 && !memcmp(f + 6, sa, 6), "port %u: a CBFC update of %zu bytes, not from it", p,
          len);
    CHECK(sue_cbfc_parse(f, len, c->cfg.cbfc_oui, &cev, lim, snt),
          "port %u: a MAC control frame with opcode 0xFFFE that is no CBFC update of OUI %06x", p,
          (unsigned)c->cfg.cbfc_oui);
    CHECK(cev == 0x0F, "port %u: a CBFC update enabling 0x%02x, not classes 0-3", p, cev);
    for (unsigned k = 4; k < 8; k++)
      CHECK(lim[k] == 0 && snt[k] == 0, "port %u: CBFC counts for class %u, which it has not", p,
            k);
    for (unsigned k = 0; c->cb_seen[p] && k < 4; k++) {
      CHECK((uint16_t)(lim[k] - c->cb_lim[p][k]) < 0x8000u,
            "port %u: class %u's CBFC limit went back from %u to %u", p, k, c->cb_lim[p][k],
            lim[k]);
      CHECK((uint16_t)(snt[k] - c->cb_snt[p][k]) < 0x8000u,
            "port %u: class %u's units sent went back from %u to %u", p, k, c->cb_snt[p][k],
            snt[k]);
    }
    memcpy(c->cb_lim[p], lim, sizeof c->cb_lim[p]);
    memcpy(c->cb_snt[p], snt, sizeof c->cb_snt[p]);
    c->cb_seen[p] = 1;
    sue_cbfc_build(sa, c->cfg.cbfc_oui, cev, lim, snt, want);
    CHECK(!memcmp(f, want, 64), "port %u: CBFC update bytes (FCS) differ from sue_cbfc_build's", p);
    c->cnt[p][FSP_CNT_PFC_TX]++;
    c->cb_updates++;
    return;
  }
  if (len >= 14 && f[12] == 0x88 && f[13] == 0x08) { /* the port's own PFC frame */
    uint8_t sa[6];
    memcpy(sa, c->mac, 6);
    sa[5] = (uint8_t)p;
    CHECK(len == 64 && !memcmp(f + 6, sa, 6), "port %u: a PFC frame of %zu bytes, not from it", p,
          len);
    uint16_t time[8];
    for (unsigned k = 0; k < 8; k++)
      time[k] = (uint16_t)(f[18 + 2 * k] << 8 | f[19 + 2 * k]);
    /* 802.1Qbb: the class-enable vector (bytes 16-17) names the priorities whose times (bytes
       18 + 2i, priority 0 first) count; the port enables its four classes, priorities 0 .. 3,
       and a time elsewhere is a frame whose times are out of order */
    CHECK(f[16] == 0 && f[17] == 0x0F, "port %u: a PFC frame enabling 0x%02x%02x, not classes 0-3",
          p, f[16], f[17]);
    for (unsigned k = 4; k < 8; k++)
      CHECK(time[k] == 0, "port %u: PFC time %u for priority %u, which no class uses", p, time[k],
            k);
    uint8_t want[64];
    fsp_pfc_frame(c->mac, p, f[17], time, want);
    CHECK(!memcmp(f, want, 64), "port %u: PFC frame bytes (FCS) differ from 802.1Qbb's", p);
    c->cnt[p][FSP_CNT_PFC_TX]++;
    return;
  }
  c->cnt[p][FSP_CNT_TX]++;
  fsp_verdict_t v;
  fsp_ingress_frame(&c->cfg, f, len, c->fmax, 0, 0, &v);
  CHECK(v.kind == FSP_FWD && v.port == p, "port %u sent a frame that is not for it (%zu bytes)", p,
        len);
  for (unsigned s = 0; s < c->n; s++) {
    lc_q_t *q = queue(c, s, p, v.tc);
    if (q->rd < q->n && q->len[q->rd] == len && !memcmp(q->f[q->rd], f, len)) {
      free(q->f[q->rd]);
      q->rd++;
      return;
    }
  }
  FAIL("port %u sent a frame of %zu bytes, class %u, that is not the next one the model forwarded "
       "to it from any source (lost, reordered, corrupted or duplicated)",
       p, len, v.tc);
}

int fab_raw_take(uint8_t *buf, size_t *len, size_t cap, uint64_t word, unsigned ctl) {
  if (!(ctl & 0x80))
    return 0;
  unsigned nb = ctl & 0xF;
  /* a cut frame (user, on the last word) may end with a word of no bytes */
  int empty_ok = (ctl & 0x60) == 0x60;
  CHECK((nb >= 1 || empty_ok) && nb <= 8 && *len + nb <= cap,
        "frame word framing: %u bytes after %zu", nb, *len);
  for (unsigned j = 0; j < nb; j++)
    buf[(*len)++] = (uint8_t)(word >> (56 - 8 * j));
  return (ctl & 0x40) != 0;
}

void fab_lc_word(fab_lc_t *c, unsigned p, unsigned dir, uint64_t word, unsigned ctl) {
  if (!fab_raw_take(c->buf[dir][p], &c->blen[dir][p], LC_FMAX, word, ctl))
    return;
  size_t len = c->blen[dir][p];
  const uint8_t *b = c->buf[dir][p];
  int cut = (ctl & 0x20) != 0;
  c->blen[dir][p] = 0;
  switch (dir) {
  case FAB_LC_EP_OUT:
    push(&c->link[0][p], b, len);
    break;
  case FAB_LC_SW_IN:
    link_out(c, p, 0, b, len, cut);
    frame_in(c, p, b, len, cut);
    break;
  case FAB_LC_SW_OUT:
    frame_out(c, p, b, len);
    push(&c->link[1][p], b, len);
    break;
  default: /* FAB_LC_EP_IN */
    link_out(c, p, 1, b, len, cut);
    break;
  }
}

void fab_lc_finish(fab_lc_t *c, const uint32_t (*cnt)[FSP_NCNT]) {
  for (unsigned s = 0; s < c->n; s++)
    for (unsigned o = 0; o < c->n; o++)
      for (unsigned tc = 0; tc < 4; tc++) {
        lc_q_t *q = queue(c, s, o, tc);
        CHECK(q->rd == q->n, "%zu frames from port %u to port %u, class %u, never left",
              q->n - q->rd, s, o, tc);
      }
  for (unsigned p = 0; p < c->n; p++)
    for (unsigned d = 0; d < 2; d++)
      CHECK(c->link[d][p].rd == c->link[d][p].n, "%zu frames still on XPU %u's %s link",
            c->link[d][p].n - c->link[d][p].rd, p, d ? "down" : "up");
  for (unsigned p = 0; p < c->n; p++)
    for (unsigned k = 0; k < FSP_NCNT; k++)
      CHECK(cnt[p][k] == c->cnt[p][k], "port %u counter %s: %u, the model's %u", p, fsp_cnt_name[k],
            cnt[p][k], c->cnt[p][k]);
}

uint64_t fab_lc_frames(const fab_lc_t *c) { return c->frames; }
uint64_t fab_lc_cbfc_updates(const fab_lc_t *c) { return c->cb_updates; }

uint64_t fab_lc_ep_cbfc_updates(const fab_lc_t *c) { return c->ep_updates; }

void fab_lc_close(fab_lc_t *c) {
  if (!c)
    return;
  for (size_t i = 0; i < (size_t)c->n * c->n * 4; i++) {
    for (size_t k = c->q[i].rd; k < c->q[i].n; k++)
      free(c->q[i].f[k]);
    free(c->q[i].f);
    free(c->q[i].len);
  }
  free(c->q);
  for (unsigned p = 0; p < c->n; p++)
    for (unsigned d = 0; d < 2; d++) {
      lc_q_t *q = &c->link[d][p];
      for (size_t k = q->rd; k < q->n; k++)
        free(q->f[k]);
      free(q->f);
      free(q->len);
    }
  for (unsigned d = 0; d < 4; d++)
    for (unsigned p = 0; p < c->n; p++)
      free(c->buf[d][p]);
  free(c);
}
