/*
 * secded.h - the header SECDED code of APElink (docs/noc/apelink.md "Header ECC"): an extended
 * Hamming code over the K = W - 8 low bits of a W-bit word, its check byte in the top 8 bits.
 *
 * Words are little-endian uint32_t arrays (bit i is word[i/32] bit i%32, as bits.h); only the
 * W / 32 elements of a W-bit word are read or written. d[j] = bit j (j < K) sits at the
 * (j+1)-th Hamming position that is not a power of two (3, 5, 6, 7, 9, ...); c[i] (the XOR of
 * the d whose position has bit i set) is bit W-8+i; p (the XOR of every d and c) is bit W-1;
 * the bits between c[r-1] and p are 0 (only W 64 has one: bit 62, never checked).
 */
#ifndef REF_SECDED_H
#define REF_SECDED_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SECDED_CLEAN = 0, SECDED_CORRECTED = 1, SECDED_UNCORRECTABLE = 2 };

/* Check bits for k data bits: the fewest r with 2^r >= k + r + 1 (6 for k 56, 7 for 88, 120). */
unsigned secded_r(unsigned k);

/* Hamming position of data bit j: the (j+1)-th position that is not a power of two. */
unsigned secded_data_pos(unsigned j);

/* Writes the check byte [w-1:w-8] from the data bits [w-9:0] (w 64, 96 or 128). */
void secded_encode(uint32_t *word, unsigned w);

/* Checks a received word: SECDED_CLEAN (word unchanged), SECDED_CORRECTED (one error: the bit
 * is fixed and the check byte recomputed), SECDED_UNCORRECTABLE (word unchanged). */
int secded_decode(uint32_t *word, unsigned w);

#ifdef __cplusplus
}
#endif
#endif
