/*
 * ring.h - room for one more element in a growing ring buffer of fixed-size elements, the FIFO
 * of frames that the channel and model code keeps (sue_chan, fabric_model): elements rd .. wr-1
 * live at index % cap; when full, the buffer doubles and the live elements move to 0 .. n-1.
 */
#ifndef LIB_RING_H
#define LIB_RING_H

#include <stdlib.h>
#include <string.h>

/* *q holds *cap elements of elem bytes; grows it when wr - rd == cap (aborts without memory). */
static inline void ring_reserve(void **q, size_t *cap, size_t *rd, size_t *wr, size_t elem,
                                size_t first_cap) {
  if (*wr - *rd < *cap)
    return;
  size_t nc = *cap ? 2 * *cap : first_cap;
  unsigned char *n = malloc(nc * elem), *o = *q;
  if (!n)
    abort();
  for (size_t i = *rd; i < *wr; i++)
    memcpy(n + (i - *rd) * elem, o + (i % *cap) * elem, elem);
  *wr -= *rd;
  *rd = 0;
  free(*q);
  *q = n;
  *cap = nc;
}

#endif
