/*
 * sue_pcap.h - minimal pcap (libpcap classic format) writer for the frames of the SUE
 * transmit tests: global header with LINKTYPE_ETHERNET (1), one record per frame, written
 * without the 4-byte FCS (as captures normally hold Ethernet frames). Little-endian file,
 * microsecond timestamps.
 */
#ifndef SUE_PCAP_H
#define SUE_PCAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SUE_PCAP_LINKTYPE_ETHERNET 1u

typedef struct {
  FILE *f;
  unsigned records;
} sue_pcap_t;

/* Creates path and writes the global header. Returns 0, or -1 (errno set). */
int sue_pcap_open(sue_pcap_t *p, const char *path);
/* Appends one record of len bytes (a frame without its FCS) at time ts_us. 0 or -1. */
int sue_pcap_write(sue_pcap_t *p, const uint8_t *frame, size_t len, uint64_t ts_us);
/* Flushes and closes. 0 or -1. */
int sue_pcap_close(sue_pcap_t *p);

#endif
