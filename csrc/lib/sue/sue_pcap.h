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

/* ---- reading a capture back with tshark (Debian package 'tshark') ---- */
typedef struct {
  char protocols[96]; /* frame.protocols, e.g. "eth:ethertype:ip:udp:data" */
  int ip_ck;          /* ip.checksum.status: 1 good, 0 bad, 2 unverified, -1 absent */
  long udp_dport;     /* -1 when absent */
  long macc_opcode;   /* MAC control (PFC = 0x0101), -1 when absent */
  long pfc_cev;       /* class-enable vector, -1 when absent */
  long pfc_time[8];   /* pause time per priority, -1 when absent */
  long vlan_id;       /* 802.1Q VLAN id, -1 when untagged */
  long vlan_pcp;      /* 802.1Q priority (PCP), -1 when untagged */
  int vlan_dei;       /* 802.1Q DEI, -1 when untagged */
} sue_pcap_rec_t;

/* Dissects every frame of the capture at path with tshark (IPv4 checksum checking on).
 * Returns the number of frames with *recs malloc'ed (the caller frees it), or -1 with a
 * message in err (tshark missing, failing, or printing a line it cannot parse; its own
 * messages go to path.err). */
long sue_pcap_dissect(const char *path, sue_pcap_rec_t **recs, char *err, size_t errlen);
/* The same, and -1 with a message too when tshark read other than `frames` frames. */
long sue_pcap_dissect_n(const char *path, long frames, sue_pcap_rec_t **recs, char *err,
                        size_t errlen);

#endif
