/*
 * sue_pcap.c - see sue_pcap.h. Byte order is written explicitly (little endian), so the
 * file is the same on any host.
 */
#include "sue_pcap.h"

#include <stdlib.h>
#include <string.h>

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

/* Splits a line at commas (fields may be empty); returns the number of fields. */
static unsigned split_fields(char *line, char **f, unsigned max) {
  unsigned n = 0;
  char *p = line;
  while (n < max) {
    f[n++] = p;
    char *c = strchr(p, ',');
    if (!c)
      break;
    *c = 0;
    p = c + 1;
  }
  return n;
}

static long num(const char *s, int base) { return *s ? strtol(s, NULL, base) : -1; }

long sue_pcap_dissect(const char *path, sue_pcap_rec_t **recs, char *err, size_t errlen) {
  char cmd[4200];
  *recs = NULL;
  if (system("command -v tshark > /dev/null 2>&1") != 0) {
    snprintf(err, errlen,
             "tshark not found: install the Debian package 'tshark' "
             "(scripts/install_tools.sh)");
    return -1;
  }
  /* One line per frame: protocols, IPv4 checksum status, UDP destination port; for MAC
   * control frames (Wireshark's "macc": opcode 0x0101 is Class Based Flow Control) the opcode,
   * the class-enable vector and the eight pause times; for 802.1Q-tagged frames the VLAN id,
   * the priority (PCP) and the DEI. */
  snprintf(cmd, sizeof cmd,
           "tshark -n -r '%s' -o ip.check_checksum:TRUE -T fields -E separator=, "
           "-e frame.protocols -e ip.checksum.status -e udp.dstport -e macc.opcode "
           "-e macc.cbfc.enbv -e macc.cbfc.pause_time.c0 -e macc.cbfc.pause_time.c1 "
           "-e macc.cbfc.pause_time.c2 -e macc.cbfc.pause_time.c3 -e macc.cbfc.pause_time.c4 "
           "-e macc.cbfc.pause_time.c5 -e macc.cbfc.pause_time.c6 -e macc.cbfc.pause_time.c7 "
           "-e vlan.id -e vlan.priority -e vlan.dei "
           "2> '%s.err'",
           path, path);
  FILE *f = popen(cmd, "r");
  if (!f) {
    snprintf(err, errlen, "cannot run tshark");
    return -1;
  }
  char line[512];
  long n = 0, cap = 0;
  sue_pcap_rec_t *r = NULL;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    char *fld[16];
    if (split_fields(line, fld, 16) != 16) {
      snprintf(err, errlen, "tshark line %ld is not 16 fields: %.200s", n + 1, line);
      free(r);
      pclose(f);
      return -1;
    }
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      sue_pcap_rec_t *p = realloc(r, (size_t)cap * sizeof *p);
      if (!p) {
        free(r);
        pclose(f);
        snprintf(err, errlen, "out of memory");
        return -1;
      }
      r = p;
    }
    sue_pcap_rec_t *x = &r[n++];
    snprintf(x->protocols, sizeof x->protocols, "%s", fld[0]);
    x->ip_ck = (int)num(fld[1], 10);
    x->udp_dport = num(fld[2], 10);
    x->macc_opcode = num(fld[3], 0);
    x->pfc_cev = num(fld[4], 0);
    for (unsigned i = 0; i < 8; i++)
      x->pfc_time[i] = num(fld[5 + i], 10);
    x->vlan_id = num(fld[13], 10);
    x->vlan_pcp = num(fld[14], 10);
    /* a boolean: "True"/"False" or 1/0 by tshark version */
    x->vlan_dei = *fld[15] ? (fld[15][0] == 'T' || fld[15][0] == '1') : -1;
  }
  int rc = pclose(f);
  if (rc != 0) {
    free(r);
    snprintf(err, errlen, "tshark exit status %d (its messages: %s.err)", rc, path);
    return -1;
  }
  *recs = r;
  return n;
}

long sue_pcap_dissect_n(const char *path, long frames, sue_pcap_rec_t **recs, char *err,
                        size_t errlen) {
  long n = sue_pcap_dissect(path, recs, err, errlen);
  if (n >= 0 && n != frames) {
    snprintf(err, errlen, "tshark read %ld frames from %s, not the %ld captured", n, path, frames);
    free(*recs);
    *recs = NULL;
    return -1;
  }
  return n;
}
