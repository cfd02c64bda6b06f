/* secded.c - APElink's header SECDED (docs/noc/apelink.md "Header ECC"). */
#include "secded.h"

#include "bits.h"

unsigned secded_r(unsigned k) {
  unsigned r = 0;
  while (r < 31 && (1u << r) < k + r + 1)
    r++;
  return r;
}

static int is_pow2(unsigned x) { return x && !(x & (x - 1)); }

static unsigned log2_floor(unsigned x) {
  unsigned n = 0;
  while (x >>= 1)
    n++;
  return n;
}

unsigned secded_data_pos(unsigned j) {
  /* walk the positions from 3 skipping powers of two: cheap for K <= 120 */
  unsigned pos = 2;
  for (unsigned i = 0; i <= j; i++) {
    pos++;
    if (is_pow2(pos))
      pos++; /* powers of two are never adjacent above 2 */
  }
  return pos;
}

/* The check bits recomputed from the data bits, as an r-bit number (bit i = c[i]): the XOR of
 * the positions of the set data bits. *par gets the XOR of the data bits. */
static unsigned data_syndrome(const uint32_t *word, unsigned k, unsigned *par) {
  unsigned s = 0, q = 0, pos = 2;
  for (unsigned j = 0; j < k; j++) {
    pos++;
    if (is_pow2(pos))
      pos++;
    if (bits_get(word, j)) {
      s ^= pos;
      q ^= 1u;
    }
  }
  *par = q;
  return s;
}

static unsigned parity(unsigned x) {
  unsigned q = 0;
  for (; x; x >>= 1)
    q ^= x & 1u;
  return q;
}

void secded_encode(uint32_t *word, unsigned w) {
  unsigned k = w - 8, r = secded_r(k), dpar;
  unsigned c = data_syndrome(word, k, &dpar);
  for (unsigned b = 0; b < 8; b++) /* {p, zeros, c[r-1:0]} */
    bits_put(word, k + b, b < r ? (c >> b) & 1u : 0);
  bits_put(word, w - 1, dpar ^ parity(c));
}

int secded_decode(uint32_t *word, unsigned w) {
  unsigned k = w - 8, r = secded_r(k), dpar, c_rx = 0;
  for (unsigned i = 0; i < r; i++)
    c_rx |= bits_get(word, k + i) << i;
  unsigned s = data_syndrome(word, k, &dpar) ^ c_rx;
  unsigned q = dpar ^ parity(c_rx) ^ bits_get(word, w - 1);
  if (!q)
    return s ? SECDED_UNCORRECTABLE : SECDED_CLEAN;
  if (s != 0 && !is_pow2(s)) {
    if (s > k + r)
      return SECDED_UNCORRECTABLE; /* names no position in use */
    unsigned j = s - log2_floor(s) - 2;
    bits_put(word, j, bits_get(word, j) ^ 1u);
  }
  /* an error in p or a c[i] needs no flip: the re-encode below rewrites them */
  secded_encode(word, w);
  return SECDED_CORRECTED;
}
