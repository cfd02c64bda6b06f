/*
 * sue_pcap.c - see sue_pcap.h. Byte order is written explicitly (little endian), so the
 * file is the same on any host.
 */
#include "sue_pcap.h"

static void put_le(uint8_t *b, uint32_t v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    b[i] = (uint8_t)(v >> (8 * i));
}

int sue_pcap_open(sue_pcap_t *p, const char *path) {
  uint8_t h[24];
  p->records = 0;
  p->f = fopen(path, "wb");
  if (!p->f)
    return -1;
  put_le(h, 0xA1B2C3D4u, 4); /* magic: microsecond timestamps */
  put_le(h + 4, 2, 2);       /* version 2.4 */
  put_le(h + 6, 4, 2);
  put_le(h + 8, 0, 4);      /* thiszone */
  put_le(h + 12, 0, 4);     /* sigfigs */
  put_le(h + 16, 65535, 4); /* snaplen */
  put_le(h + 20, SUE_PCAP_LINKTYPE_ETHERNET, 4);
  if (fwrite(h, 1, sizeof h, p->f) != sizeof h) {
    fclose(p->f);
    p->f = NULL;
    return -1;
  }
  return 0;
}

int sue_pcap_write(sue_pcap_t *p, const uint8_t *frame, size_t len, uint64_t ts_us) {
  uint8_t r[16];
  if (!p->f || len > 65535)
    return -1;
  put_le(r, (uint32_t)(ts_us / 1000000u), 4);
  put_le(r + 4, (uint32_t)(ts_us % 1000000u), 4);
  put_le(r + 8, (uint32_t)len, 4);  /* incl_len */
  put_le(r + 12, (uint32_t)len, 4); /* orig_len */
  if (fwrite(r, 1, sizeof r, p->f) != sizeof r || fwrite(frame, 1, len, p->f) != len)
    return -1;
  p->records++;
  return 0;
}

int sue_pcap_close(sue_pcap_t *p) {
  int rc = 0;
  if (p->f) {
    rc = fclose(p->f) == 0 ? 0 : -1;
    p->f = NULL;
  }
  return rc;
}
