/* sue_cmd.c - SUE command descriptor, packing and interface beats. */
#include "sue_cmd.h"

#include <string.h>

#include "bits.h"
#include "prng.h"

uint16_t sue_desc_encode(unsigned ctype, unsigned clen, unsigned dp, unsigned dlen) {
  unsigned low = dp ? ((dlen - 1u) & 0xFFu) : 0u;
  return (uint16_t)(((ctype & 7u) << 13) | ((clen & 15u) << 9) | ((dp & 1u) << 8) | low);
}

int sue_desc_decode(uint16_t desc, unsigned *ctype, unsigned *clen, unsigned *dp, unsigned *dlen) {
  unsigned t = desc >> 13, cl = (desc >> 9) & 15u, d = (desc >> 8) & 1u, lo = desc & 0xFFu;
  if (cl == 0 || cl > SUE_CLEN_MAX || (!d && lo))
    return -1;
  *ctype = t;
  *clen = cl;
  *dp = d;
  *dlen = d ? lo + 1u : 0u;
  return 0;
}

void sue_cmd_init(sue_cmd_t *c, unsigned ctype, unsigned clen, unsigned dlen) {
  memset(c, 0, sizeof *c);
  c->ctype = ctype;
  c->clen = clen;
  c->dp = dlen != 0;
  c->dlen = dlen;
  uint16_t d = sue_desc_encode(ctype, clen, c->dp, dlen);
  c->ctrl[0] = (uint8_t)(d >> 8);
  c->ctrl[1] = (uint8_t)d;
}

void sue_cmd_fill(sue_cmd_t *c, uint64_t seed) {
  uint64_t st = seed, v = 0;
  unsigned k = 8;
  for (unsigned i = 2; i < 2u * c->clen + c->dlen; i++) {
    if (k == 8) {
      v = prng_splitmix64(&st);
      k = 0;
    }
    uint8_t b = (uint8_t)(v >> (8 * k++));
    if (i < 2u * c->clen)
      c->ctrl[i] = b;
    else
      c->data[i - 2u * c->clen] = b;
  }
}

int sue_cmd_equal(const sue_cmd_t *a, const sue_cmd_t *b) {
  return a->ctype == b->ctype && a->clen == b->clen && a->dp == b->dp && a->dlen == b->dlen &&
         !memcmp(a->ctrl, b->ctrl, 2u * a->clen) && !memcmp(a->data, b->data, a->dlen);
}

unsigned sue_cmd_bytes(const sue_cmd_t *c) { return 2u * c->clen + c->dlen; }

unsigned sue_cmd_packed(const sue_cmd_t *c, unsigned align) {
  return sue_align_up(sue_cmd_bytes(c), align);
}

unsigned sue_cmd_units(const sue_cmd_t *c, unsigned align) {
  return sue_cmd_packed(c, align) / align;
}

size_t sue_cmd_pack(const sue_cmd_t *c, unsigned align, uint8_t *out) {
  size_t n = 2u * c->clen, len = sue_cmd_packed(c, align);
  memcpy(out, c->ctrl, n);
  memcpy(out + n, c->data, c->dlen);
  memset(out + n + c->dlen, 0, len - n - c->dlen);
  return len;
}

int sue_cmd_unpack(const uint8_t *area, size_t len, size_t *off, unsigned align, sue_cmd_t *c) {
  size_t o = *off;
  if (o >= len)
    return 0;
  if (len - o < 2)
    return -1;
  uint16_t d = (uint16_t)((area[o] << 8) | area[o + 1]);
  if (((d >> 9) & 15u) == 0)
    return 0; /* fill */
  unsigned ct, cl, dp, dl;
  if (sue_desc_decode(d, &ct, &cl, &dp, &dl))
    return -1;
  memset(c, 0, sizeof *c);
  c->ctype = ct;
  c->clen = cl;
  c->dp = dp;
  c->dlen = dl;
  if (sue_cmd_packed(c, align) > len - o)
    return -1;
  memcpy(c->ctrl, area + o, 2u * cl);
  memcpy(c->data, area + o + 2u * cl, dl);
  *off = o + sue_cmd_packed(c, align);
  return 1;
}

/* byte j of an nbits vector, first byte at the top */
static void put_byte(uint32_t *w, unsigned nbits, unsigned j, unsigned v) {
  unsigned base = nbits - 8u - 8u * j;
  for (unsigned i = 0; i < 8; i++)
    bits_put(w, base + i, (v >> i) & 1u);
}

static unsigned get_byte(const uint32_t *w, unsigned nbits, unsigned j) {
  unsigned base = nbits - 8u - 8u * j, v = 0;
  for (unsigned i = 0; i < 8; i++)
    v |= bits_get(w, base + i) << i;
  return v;
}

void sue_cmd_control_bits(const sue_cmd_t *c, uint32_t w[5]) {
  memset(w, 0, 5 * sizeof *w);
  for (unsigned j = 0; j < 2u * c->clen && j < SUE_CTRL_BYTES; j++)
    put_byte(w, 8 * SUE_CTRL_BYTES, j, c->ctrl[j]);
}

unsigned sue_cmd_beats(const sue_cmd_t *c, unsigned data_w) {
  unsigned nb = data_w / 8u;
  return c->dp ? (c->dlen + nb - 1u) / nb : 1u;
}

void sue_cmd_data_beat(const sue_cmd_t *c, unsigned data_w, unsigned b, uint32_t *w) {
  unsigned nb = data_w / 8u;
  memset(w, 0, BITS_WORDS(data_w) * sizeof *w);
  for (unsigned j = 0; j < nb && b * nb + j < c->dlen; j++)
    put_byte(w, data_w, j, c->data[b * nb + j]);
}

int sue_cmd_set_control_bits(sue_cmd_t *c, const uint32_t w[5]) {
  for (unsigned j = 0; j < SUE_CTRL_BYTES; j++)
    c->ctrl[j] = (uint8_t)get_byte(w, 8 * SUE_CTRL_BYTES, j);
  uint16_t d = (uint16_t)((c->ctrl[0] << 8) | c->ctrl[1]);
  if (sue_desc_decode(d, &c->ctype, &c->clen, &c->dp, &c->dlen))
    return -1;
  memset(c->ctrl + 2u * c->clen, 0, SUE_CTRL_BYTES - 2u * c->clen);
  return 0;
}

void sue_cmd_set_data_beat(sue_cmd_t *c, unsigned data_w, unsigned b, const uint32_t *w) {
  unsigned nb = data_w / 8u;
  for (unsigned j = 0; j < nb && b * nb + j < c->dlen; j++)
    c->data[b * nb + j] = (uint8_t)get_byte(w, data_w, j);
}

unsigned sue_credit_word(unsigned type, unsigned vc, unsigned count) {
  return 0x20u | ((type & 1u) << 4) | ((vc & 3u) << 2) | ((count - 1u) & 3u);
}

unsigned sue_credit_decode(unsigned word, unsigned *type, unsigned *vc) {
  if (!(word & 0x20u))
    return 0;
  *type = (word >> 4) & 1u;
  *vc = (word >> 2) & 3u;
  return (word & 3u) + 1u;
}
