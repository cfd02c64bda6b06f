/*
 * Tests of the SUE transmit frame builder (docs/sue/sue_tx_frame.md): sue_tx_frame against
 * sue_frame_build() byte for byte
 * and beat for beat (random formats, R-CRC polynomials, command areas, backpressure and input
 * gaps; a by-length sweep around the 64-byte minimum with the throughput and latency checked),
 * PFC frames (job_pfc) mixed in against sue_pfc_build(), CBFC updates (job_cbfc) against
 * sue_cbfc_build(), management frames (job_raw) against
 * sue_mgmt_build(), and a pcap of UDP and PFC frames
 * checked by tshark.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "crc.h"
#include "harness.h"
#include "prng.h"
#include "sue_cfg.h"
#include "sue_frame.h"
#include "sue_pcap.h"

#define MAXW HARNESS_WORDS(2048)

static prng_t rng;

/* Byte b (0 = first, most significant) of an ETH_W-bit word held as 32-bit words. */
/* n bytes at the top of a width-bit word, the rest random (must not matter). */
static void word_pack(uint32_t *w, unsigned width, const uint8_t *bytes, unsigned n) {
  prng_fill_bits(&rng, w, width);
  for (unsigned b = 0; b < n; b++)
    bits_put_stream_byte(w, width, b, bytes[b]);
}

/* ------------------------------------------------------------ frame builder */
typedef struct {
  dut_t *d;
  unsigned w, nb;
  port_t cfg_fmt, cfg_rcrc, cfg_xpuid, cfg_mac, cfg_ip, cfg_sport, cfg_dport, cfg_ttl, cfg_dscp,
      cfg_pfx, cfg_etype, cfg_vlan_tx, cfg_vlan_vid, cfg_prio;
  port_t job_valid, job_ready, dmac, dip, dxpuid, op, xpuid, psn, vc, part, rpsn, len;
  port_t pfc, raw, pfc_cev, pfc_time, cbfc, cbfc_oui, cbfc_cev, cbfc_limit, cbfc_sent;
  port_t in_valid, in_ready, in_data, in_last, in_nb;
  port_t out_valid, out_ready, out_data, out_last, out_nb, job_tag, out_tag;
  unsigned tag_w; /* TAG_W */
} txf_t;

static void txf_open(txf_t *t, const char *top, unsigned w) {
  dut_t *d = t->d = dut_open(top);
  t->w = w;
  t->nb = w / 8;
  t->cfg_fmt = dut_port(d, "cfg_hdr_fmt");
  t->cfg_rcrc = dut_port(d, "cfg_rcrc_c");
  t->cfg_xpuid = dut_port(d, "cfg_xpuid");
  t->cfg_mac = dut_port(d, "cfg_mac");
  t->cfg_ip = dut_port(d, "cfg_ip");
  t->cfg_sport = dut_port(d, "cfg_udp_sport");
  t->cfg_dport = dut_port(d, "cfg_udp_dport");
  t->cfg_ttl = dut_port(d, "cfg_ttl");
  t->cfg_dscp = dut_port(d, "cfg_dscp");
  t->cfg_pfx = dut_port(d, "cfg_aifh_prefix");
  t->cfg_etype = dut_port(d, "cfg_ethertype");
  t->cfg_vlan_tx = dut_port(d, "cfg_vlan_tx");
  t->cfg_vlan_vid = dut_port(d, "cfg_vlan_vid");
  t->cfg_prio = dut_port(d, "cfg_pfc_prio");
  t->job_valid = dut_port(d, "job_valid");
  t->job_ready = dut_port(d, "job_ready");
  t->dmac = dut_port(d, "job_dst_mac");
  t->dip = dut_port(d, "job_dst_ip");
  t->dxpuid = dut_port(d, "job_dst_xpuid");
  t->op = dut_port(d, "job_op");
  t->xpuid = dut_port(d, "job_xpuid");
  t->psn = dut_port(d, "job_psn");
  t->vc = dut_port(d, "job_vc");
  t->part = dut_port(d, "job_partition");
  t->rpsn = dut_port(d, "job_rpsn");
  t->len = dut_port(d, "job_len");
  t->pfc = dut_port(d, "job_pfc");
  t->raw = dut_port(d, "job_raw");
  t->pfc_cev = dut_port(d, "job_pfc_cev");
  t->pfc_time = dut_port(d, "job_pfc_time");
  t->cbfc = dut_port(d, "job_cbfc");
  t->cbfc_oui = dut_port(d, "cfg_cbfc_oui");
  t->cbfc_cev = dut_port(d, "job_cbfc_cev");
  t->cbfc_limit = dut_port(d, "job_cbfc_limit");
  t->cbfc_sent = dut_port(d, "job_cbfc_sent");
  t->in_valid = dut_port(d, "in_valid");
  t->in_ready = dut_port(d, "in_ready");
  t->in_data = dut_port(d, "in_data");
  t->in_last = dut_port(d, "in_last");
  t->in_nb = dut_port(d, "in_nbytes");
  t->out_valid = dut_port(d, "out_valid");
  t->out_ready = dut_port(d, "out_ready");
  t->out_data = dut_port(d, "out_data");
  t->out_last = dut_port(d, "out_last");
  t->job_tag = dut_port(d, "job_tag");
  t->out_tag = dut_port(d, "out_tag");
  t->tag_w = (unsigned)dut_width(d, t->job_tag);
  t->out_nb = dut_port(d, "out_nbytes");
  dut_set_u64(d, t->job_valid, 0);
  dut_set_u64(d, t->job_tag, 0);
  dut_set_u64(d, t->in_valid, 0);
  dut_set_u64(d, t->out_ready, 0);
  dut_reset(d, 2);
}

static uint64_t mac48(const uint8_t m[6]) {
  uint64_t v = 0;
  for (int i = 0; i < 6; i++)
    v = (v << 8) | m[i];
  return v;
}

#define MAXCMD 1024u
/* CTRL[1:0] values (2 is treated as UDP): a PFC job must ignore the format */
static const unsigned fmts_all[4] = {SUE_HDR_UDP, SUE_HDR_AIFH12, 2u, SUE_HDR_AIFH6};
#define QJOBS 8u

typedef struct {
  sue_cfg_t cfg; /* dst[0] is the destination */
  sue_rh_t rh;
  unsigned len;      /* command-area bytes streamed in (0 for a PFC frame) */
  unsigned len_port; /* job_len driven (a PFC job: random, must be ignored) */
  int pfc;           /* job_pfc: the frame is sue_pfc_build(cfg.mac, pfc_cev, pfc_time) */
  int raw;           /* job_raw: the frame is sue_mgmt_build(cmds, len) */
  unsigned pfc_cev;
  uint16_t pfc_time[SUE_PRIO];
  int cbfc; /* job_cbfc: the frame is sue_cbfc_build(cfg.mac, cfg.cbfc_oui, cbfc_*) */
  unsigned cbfc_cev;
  uint16_t cbfc_limit[SUE_PRIO], cbfc_sent[SUE_PRIO];
  uint8_t cmds[MAXCMD];
  uint8_t frame[SUE_FRAME_MAX];
  size_t flen;
  uint64_t acc_cycle; /* dut_cycle() of the job handshake */
} job_t;

static void job_random(job_t *j, unsigned fmt, int rcrc_c, unsigned len) {
  sue_params_t p = sue_default_params();
  sue_cfg_reset(&j->cfg, &p);
  sue_cfg_t *c = &j->cfg;
  c->hdr_fmt = fmt;
  c->rcrc_c = (unsigned)rcrc_c;
  c->xpuid = (unsigned)prng_below(&rng, 1024);
  prng_fill(&rng, c->mac, 6);
  c->ip = prng_u32(&rng);
  c->udp_sport = (uint16_t)prng_u32(&rng);
  c->udp_dport = (uint16_t)prng_u32(&rng);
  c->ttl = (uint8_t)prng_u32(&rng);
  for (unsigned v = 0; v < SUE_NVC; v++)
    c->dscp[v] = (uint8_t)prng_below(&rng, 64);
  c->aifh_prefix = prng_u32(&rng);
  c->ethertype = (uint16_t)prng_u32(&rng);
  c->cbfc_oui = prng_u32(&rng) & 0xFFFFFFu;
  /* an 802.1Q tag on half the frames (ignored in the AIFH 6-byte format and by PFC jobs) */
  c->vlan_tx = prng_bernoulli(&rng, 0.5);
  c->vlan_vid = (unsigned)prng_below(&rng, 4096);
  for (unsigned v = 0; v < SUE_NVC; v++)
    c->pfc_prio[v] = (uint8_t)prng_below(&rng, 8);
  c->dst[0].valid = 1;
  c->dst[0].xpuid = (unsigned)prng_below(&rng, 1024);
  prng_fill(&rng, c->dst[0].mac, 6);
  c->dst[0].ip = prng_u32(&rng);
  memset(&j->rh, 0, sizeof j->rh);
  j->rh.op = (unsigned)prng_below(&rng, 4);
  j->rh.xpuid = (unsigned)prng_below(&rng, 1024);
  j->rh.psn = (unsigned)prng_below(&rng, 65536);
  j->rh.vc = (unsigned)prng_below(&rng, 4);
  j->rh.partition = (unsigned)prng_below(&rng, 1024);
  j->rh.rpsn = (unsigned)prng_below(&rng, 65536);
  j->len = j->len_port = len;
  j->pfc = j->raw = j->cbfc = 0;
  prng_fill(&rng, j->cmds, len);
  j->flen = sue_frame_build(c, 0, &j->rh, j->cmds, len, j->frame);
}

/* A PFC job: random configuration and job fields (all but cfg_mac must be ignored, job_len
 * too), random class-enable vector and pause times (0 and 0xFFFF often). */
static unsigned n_pfc_jobs; /* PFC jobs made */

static void job_random_pfc(job_t *j) {
  n_pfc_jobs++;
  job_random(j, fmts_all[prng_below(&rng, 4)], (int)prng_below(&rng, 2), 0);
  j->pfc = 1;
  j->len_port = (unsigned)prng_below(&rng, 1u << 14);
  j->pfc_cev = (unsigned)prng_below(&rng, 256);
  if (prng_bernoulli(&rng, 0.2))
    j->pfc_cev = prng_bernoulli(&rng, 0.5) ? 0xFFu : 0u;
  for (unsigned i = 0; i < SUE_PRIO; i++) {
    unsigned k = (unsigned)prng_below(&rng, 4);
    j->pfc_time[i] = k == 0 ? 0 : k == 1 ? 0xFFFF : (uint16_t)prng_u32(&rng);
  }
  j->flen = sue_pfc_build(j->cfg.mac, j->pfc_cev, j->pfc_time, j->frame);
}

/* A CBFC update job: as a PFC job, random class-enable vector, limits and units sent. */
static unsigned n_cbfc_jobs; /* CBFC jobs made */

static void job_random_cbfc(job_t *j) {
  n_cbfc_jobs++;
  job_random(j, fmts_all[prng_below(&rng, 4)], (int)prng_below(&rng, 2), 0);
  j->cbfc = 1;
  j->len_port = (unsigned)prng_below(&rng, 1u << 14);
  j->cbfc_cev = (unsigned)prng_below(&rng, 256);
  for (unsigned i = 0; i < SUE_PRIO; i++) {
    j->cbfc_limit[i] = (uint16_t)prng_u32(&rng);
    j->cbfc_sent[i] = (uint16_t)prng_u32(&rng);
  }
  j->flen = sue_cbfc_build(j->cfg.mac, j->cfg.cbfc_oui, j->cbfc_cev, j->cbfc_limit, j->cbfc_sent,
                           j->frame);
}

/* A raw (management) job: len bytes of random frame streamed in, random configuration and RH
 * fields that must be ignored. */
static unsigned n_raw_jobs; /* raw jobs made */

static void job_random_raw(job_t *j) {
  n_raw_jobs++;
  unsigned k = (unsigned)prng_below(&rng, 3), len;
  len = k == 0   ? 14u + (unsigned)prng_below(&rng, 50) /* padded to 60 */
        : k == 1 ? 56u + (unsigned)prng_below(&rng, 9)  /* around the 60-byte minimum */
                 : 14u + (unsigned)prng_below(&rng, SUE_MGMT_MAX - 13u);
  job_random(j, fmts_all[prng_below(&rng, 4)], (int)prng_below(&rng, 2), len);
  j->raw = 1;
  j->flen = sue_mgmt_build(j->cmds, len, j->frame);
}

/* UDP format: rechooses the low half of the destination IP so that the ones' complement sum
 * of the IPv4 header words (checksum field 0) has low half 0xFFFF and a carry out, so that
 * its first end-around fold carries again (the case that needs the second fold). */
static void force_ip_fold_carry(job_t *j) {
  uint8_t *ip = j->frame + 14 + ((sue_cfg_tx_fmt(&j->cfg) & SUE_HDR_TAG) ? SUE_VLAN_BYTES : 0u);
  j->cfg.dst[0].ip &= 0xFFFF0000u;
  j->flen = sue_frame_build(&j->cfg, 0, &j->rh, j->cmds, j->len, j->frame);
  uint32_t sum = 0;
  for (unsigned i = 0; i < 20; i += 2)
    sum += i == 10 ? 0u : sue_get_be16(ip + i);
  if (sum < 0x10000u) /* make sure there is a carry to fold: raise the source IP */
    j->cfg.ip |= 0xFFFF0000u;
  j->flen = sue_frame_build(&j->cfg, 0, &j->rh, j->cmds, j->len, j->frame);
  sum = 0;
  for (unsigned i = 0; i < 20; i += 2)
    sum += i == 10 ? 0u : sue_get_be16(ip + i);
  j->cfg.dst[0].ip |= (0xFFFFu - (sum & 0xFFFFu)) & 0xFFFFu;
  j->flen = sue_frame_build(&j->cfg, 0, &j->rh, j->cmds, j->len, j->frame);
}

static void txf_drive_job(txf_t *t, const job_t *j) {
  dut_t *d = t->d;
  const sue_cfg_t *c = &j->cfg;
  uint64_t dscp = 0, prio = 0;
  for (unsigned v = 0; v < SUE_NVC; v++) {
    dscp |= (uint64_t)(c->dscp[v] & 0x3Fu) << (6 * v);
    prio |= (uint64_t)(c->pfc_prio[v] & 7u) << (3 * v);
  }
  dut_set_u64(d, t->cfg_fmt, c->hdr_fmt);
  dut_set_u64(d, t->cfg_rcrc, c->rcrc_c);
  dut_set_u64(d, t->cfg_xpuid, c->xpuid);
  dut_set_u64(d, t->cfg_mac, mac48(c->mac));
  dut_set_u64(d, t->cfg_ip, c->ip);
  dut_set_u64(d, t->cfg_sport, c->udp_sport);
  dut_set_u64(d, t->cfg_dport, c->udp_dport);
  dut_set_u64(d, t->cfg_ttl, c->ttl);
  dut_set_u64(d, t->cfg_dscp, dscp);
  dut_set_u64(d, t->cfg_pfx, c->aifh_prefix);
  dut_set_u64(d, t->cfg_etype, c->ethertype);
  dut_set_u64(d, t->cfg_vlan_tx, c->vlan_tx);
  dut_set_u64(d, t->cfg_vlan_vid, c->vlan_vid);
  dut_set_u64(d, t->cfg_prio, prio);
  dut_set_u64(d, t->dmac, mac48(c->dst[0].mac));
  dut_set_u64(d, t->dip, c->dst[0].ip);
  dut_set_u64(d, t->dxpuid, c->dst[0].xpuid);
  dut_set_u64(d, t->op, j->rh.op);
  dut_set_u64(d, t->xpuid, j->rh.xpuid);
  dut_set_u64(d, t->psn, j->rh.psn);
  dut_set_u64(d, t->vc, j->rh.vc);
  dut_set_u64(d, t->part, j->rh.partition);
  dut_set_u64(d, t->rpsn, j->rh.rpsn);
  dut_set_u64(d, t->len, j->len_port);
  dut_set_u64(d, t->pfc, (uint64_t)j->pfc);
  dut_set_u64(d, t->raw, (uint64_t)j->raw);
  dut_set_u64(d, t->pfc_cev, j->pfc ? j->pfc_cev : prng_below(&rng, 256));
  uint32_t tw[4];
  for (unsigned i = 0; i < 4; i++)
    tw[i] = j->pfc ? (uint32_t)j->pfc_time[2 * i] | (uint32_t)j->pfc_time[2 * i + 1] << 16
                   : prng_u32(&rng); /* ignored unless job_pfc */
  dut_set(d, t->pfc_time, tw);
  dut_set_u64(d, t->cbfc, (uint64_t)j->cbfc);
  dut_set_u64(d, t->cbfc_oui, c->cbfc_oui);
  dut_set_u64(d, t->cbfc_cev, j->cbfc ? j->cbfc_cev : prng_below(&rng, 256));
  uint32_t lw[4], sw[4]; /* ignored unless job_cbfc */
  for (unsigned i = 0; i < 4; i++) {
    lw[i] = j->cbfc ? (uint32_t)j->cbfc_limit[2 * i] | (uint32_t)j->cbfc_limit[2 * i + 1] << 16
                    : prng_u32(&rng);
    sw[i] = j->cbfc ? (uint32_t)j->cbfc_sent[2 * i] | (uint32_t)j->cbfc_sent[2 * i + 1] << 16
                    : prng_u32(&rng);
  }
  dut_set(d, t->cbfc_limit, lw);
  dut_set(d, t->cbfc_sent, sw);
}

typedef struct {
  double p_ready;   /* out_ready probability per cycle */
  double p_in;      /* in_valid probability per cycle (once raised, held to the transfer) */
  double p_job;     /* job_valid probability per cycle */
  int check_timing; /* no bubble inside a frame, none between frames, latency 2 */
} traffic_t;

typedef void (*frame_sink_t)(const job_t *j, void *arg);

/* job n's job_tag, of TAG_W bits: what the frame carries on every beat (the endpoint's detour
 * bit and its flow-control tag) */
static uint64_t job_tag_of(const txf_t *t, unsigned n) {
  uint64_t h = (uint64_t)(n + 1u) * 0x9E3779B97F4A7C15ull;
  return t->tag_w >= 64 ? h : h >> (64 - t->tag_w);
}

/* Sends jobs n = 0 .. count-1 made by make(n) and checks every beat of every frame. */
static void txf_run(txf_t *t, unsigned count, void (*make)(job_t *, unsigned, void *), void *arg,
                    const traffic_t *tr, frame_sink_t sink, void *sink_arg) {
  dut_t *d = t->d;
  static job_t q[QJOBS];
  unsigned made = 0, accepted = 0, in_job = 0, in_off = 0, out_job = 0, out_off = 0;
  int job_up = 0, in_up = 0, started = 0;
  uint64_t deadline = dut_cycle(d) + 2000u + 400u * count * (MAXCMD / t->nb);
  uint32_t wd[MAXW];
  while (out_job < count) {
    CHECK(dut_cycle(d) < deadline, "timeout: frame %u of %u not out", out_job, count);
    /* job side */
    if (!job_up && made < count && made - out_job < QJOBS &&
        (tr->p_job >= 1.0 || prng_bernoulli(&rng, tr->p_job))) {
      make(&q[made % QJOBS], made, arg);
      made++;
      job_up = 1;
    }
    if (job_up)
      txf_drive_job(t, &q[accepted % QJOBS]);
    dut_set_u64(d, t->job_valid, (uint64_t)job_up);
    dut_set_u64(d, t->job_tag,
                job_up ? job_tag_of(t, accepted) : prng_next(&rng) >> (64 - t->tag_w));
    /* input side: the command bytes of the accepted jobs, in order */
    while (in_job < accepted && in_off >= q[in_job % QJOBS].len) {
      in_job++;
      in_off = 0;
    }
    if (!in_up && in_job < accepted && (tr->p_in >= 1.0 || prng_bernoulli(&rng, tr->p_in))) {
      const job_t *j = &q[in_job % QJOBS];
      unsigned n = j->len - in_off < t->nb ? j->len - in_off : t->nb;
      word_pack(wd, t->w, j->cmds + in_off, n);
      dut_set(d, t->in_data, wd);
      dut_set_u64(d, t->in_nb, n);
      dut_set_u64(d, t->in_last, in_off + n == j->len);
      in_up = 1;
    }
    dut_set_u64(d, t->in_valid, (uint64_t)in_up);
    int ready = tr->p_ready >= 1.0 || prng_bernoulli(&rng, tr->p_ready);
    dut_set_u64(d, t->out_ready, (uint64_t)ready);
    /* sample */
    int jr = (int)dut_get_u64(d, t->job_ready), ir = (int)dut_get_u64(d, t->in_ready);
    int ov = (int)dut_get_u64(d, t->out_valid);
    if (tr->check_timing) { /* everything offered, out_ready always high */
      if (started)
        CHECK(ov, "bubble in frame %u at byte %u (no beat, none between frames either)", out_job,
              out_off);
      if (ov && out_off == 0)
        CHECK_EQ(dut_cycle(d) - q[out_job % QJOBS].acc_cycle, 2,
                 "latency job handshake -> first beat");
      started |= ov;
    }
    if (ov) {
      const job_t *j = &q[out_job % QJOBS];
      unsigned nbo = (unsigned)dut_get_u64(d, t->out_nb),
               last = (unsigned)dut_get_u64(d, t->out_last);
      unsigned rest = (unsigned)j->flen - out_off, exp_nb = rest < t->nb ? rest : t->nb;
      CHECK(out_job < accepted, "out_valid with no job accepted");
      CHECK_EQ(nbo, exp_nb, "out_nbytes");
      CHECK_EQ(last, rest <= t->nb, "out_last");
      CHECK_EQ(dut_get_u64(d, t->out_tag), job_tag_of(t, out_job), "out_tag (the job's job_tag)");
      dut_get(d, t->out_data, wd);
      for (unsigned b = 0; b < exp_nb; b++)
        if (bits_stream_byte(wd, t->w, b) != j->frame[out_off + b])
          FAIL("frame %u (%s, fmt %u, rcrc_c %u, cmd %u bytes, %zu-byte frame): byte %u is 0x%02x, "
               "expected 0x%02x",
               out_job,
               j->pfc    ? "PFC"
               : j->cbfc ? "CBFC"
                         : "data",
               j->cfg.hdr_fmt, j->cfg.rcrc_c, j->len, j->flen, out_off + b,
               bits_stream_byte(wd, t->w, b), j->frame[out_off + b]);
      for (unsigned b = exp_nb; b < t->nb; b++)
        if (bits_stream_byte(wd, t->w, b) != 0)
          FAIL("frame %u: byte %u of the last beat, after out_nbytes %u, is 0x%02x (not 0)",
               out_job, b, exp_nb, bits_stream_byte(wd, t->w, b));
      harness_count_check();
      if (ready) {
        out_off += exp_nb;
        if (last) {
          if (sink)
            sink(j, sink_arg);
          out_job++;
          out_off = 0;
        }
      }
    }
    /* handshakes */
    if (in_up && ir) {
      in_off += (unsigned)dut_get_u64(d, t->in_nb);
      in_up = 0;
    }
    if (job_up && jr) {
      q[accepted % QJOBS].acc_cycle = dut_cycle(d);
      accepted++;
      job_up = 0;
    }
    dut_step(d, 1);
  }
  dut_set_u64(d, t->job_valid, 0);
  dut_set_u64(d, t->in_valid, 0);
}

typedef struct {
  unsigned w, pdu;
} rand_arg_t;

static const unsigned fmts[3] = {SUE_HDR_UDP, SUE_HDR_AIFH12, SUE_HDR_AIFH6};

static void make_random(job_t *j, unsigned n, void *arg) {
  const rand_arg_t *a = arg;
  (void)n;
  double u = prng_double(&rng);
  if (u < 0.15) { /* a PFC frame between data frames */
    job_random_pfc(j);
    return;
  }
  if (u < 0.27) { /* a CBFC update */
    job_random_cbfc(j);
    return;
  }
  if (u < 0.37) { /* a management frame */
    job_random_raw(j);
    return;
  }
  unsigned len;
  switch (prng_below(&rng, 4)) {
  case 0:
    len = (unsigned)prng_below(&rng, 40); /* around the 64-byte minimum */
    break;
  case 1:
    len = (unsigned)prng_below(&rng, a->pdu + 1);
    break;
  case 2:
    len = a->pdu - (unsigned)prng_below(&rng, 3 * a->w / 8);
    break;
  default:
    len = (unsigned)prng_below(&rng, 300);
  }
  job_random(j, fmts[prng_below(&rng, 3)], (int)prng_below(&rng, 2), len);
  if (j->cfg.hdr_fmt == SUE_HDR_UDP && prng_bernoulli(&rng, 0.25))
    force_ip_fold_carry(j);
}

static void frames_random(const char *top, unsigned w, unsigned count) {
  prng_seed(&rng, harness_seed());
  txf_t t;
  txf_open(&t, top, w);
  rand_arg_t a = {w, MAXCMD};
  traffic_t tr = {0.6, 0.6, 0.5, 0};
  n_pfc_jobs = n_raw_jobs = n_cbfc_jobs = 0;
  txf_run(&t, count, make_random, &a, &tr, NULL, NULL);
  CHECK(n_pfc_jobs > 0, "no PFC frame among %u frames", count);
  CHECK(n_cbfc_jobs > 0, "no CBFC update among %u frames", count);
  CHECK(n_raw_jobs > 0, "no management frame among %u frames", count);
  unsigned pfc_before = n_pfc_jobs;
  traffic_t full = {1.0, 1.0, 1.0, 1}; /* then at full rate, with the timing checked */
  txf_run(&t, count / 2, make_random, &a, &full, NULL, NULL);
  CHECK(n_pfc_jobs > pfc_before, "no PFC frame at full rate");
  harness_log("%s: %u frames, %u of them PFC, %u CBFC, %u management", top, count + count / 2,
              n_pfc_jobs, n_cbfc_jobs, n_raw_jobs);
  dut_close(t.d);
}

HARNESS_TEST(frames_w64) { frames_random("sue_tx_frame_w64", 64, 60); }
HARNESS_TEST(frames_w256) {
  frames_random("sue_tx_frame_w256", 256, (unsigned)harness_scaled(80, 150, 150));
}
HARNESS_TEST(frames_w512) {
  frames_random("sue_tx_frame_w512", 512, (unsigned)harness_scaled(80, 150, 150));
}

/* Command areas of 0 .. 80 bytes (the fill ends between 6 and 48), every format, both
 * polynomials, back to back at full rate: every byte and beat, no bubble inside or between
 * frames, latency 2. */
static void make_sweep(job_t *j, unsigned n, void *arg) {
  (void)arg;
  job_random(j, fmts[(n / 81) % 3], (int)((n / 243) % 2), n % 81);
}

HARNESS_TEST(sweep_min_len) {
  static const struct {
    const char *top;
    unsigned w;
  } tops[] = {{"sue_tx_frame_w64", 64}, {"sue_tx_frame_w256", 256}, {"sue_tx_frame_w512", 512}};
  prng_seed(&rng, harness_seed());
  for (unsigned i = 0; i < 3; i++) {
    txf_t t;
    txf_open(&t, tops[i].top, tops[i].w);
    traffic_t full = {1.0, 1.0, 1.0, 1};
    /* +quick: every length and format, CRC-32 only (CRC-32C is frames 243 on) */
    txf_run(&t, (unsigned)harness_scaled(243, 486, 486), make_sweep, NULL, &full, NULL, NULL);
    dut_close(t.d);
  }
}

/* ------------------------------------------------------------ pcap + tshark */
#define PCAP_FRAMES 48u

typedef struct {
  sue_pcap_t pc;
  unsigned frames;
  uint16_t dport;
  job_t sent[PCAP_FRAMES]; /* what each captured frame must dissect to */
} pcap_sink_t;

static void pcap_sink(const job_t *j, void *arg) {
  pcap_sink_t *s = arg;
  /* the FCS is checked here, the capture holds the frame without it */
  CHECK_EQ(sue_get_le32(j->frame + j->flen - 4), sue_fcs(j->frame, j->flen - 4), "FCS");
  CHECK(sue_pcap_write(&s->pc, j->frame, j->flen - 4, 1000u * s->frames) == 0, "pcap write");
  CHECK(s->frames < PCAP_FRAMES, "more frames than made");
  s->sent[s->frames++] = *j;
}

static uint16_t pcap_dport;

/* UDP frames, and one PFC frame in four (every fourth frame at least, so there are some). */
static void make_udp(job_t *j, unsigned n, void *arg) {
  (void)arg;
  if (n % 4 == 3 || prng_bernoulli(&rng, 0.1)) {
    job_random_pfc(j);
    return;
  }
  unsigned len = prng_bernoulli(&rng, 0.3) ? (unsigned)prng_below(&rng, 30)
                                           : (unsigned)prng_below(&rng, MAXCMD + 1);
  job_random(j, SUE_HDR_UDP, (int)prng_below(&rng, 2), len);
  j->cfg.udp_dport = pcap_dport;
  j->flen = sue_frame_build(&j->cfg, 0, &j->rh, j->cmds, len, j->frame);
}

HARNESS_TEST(pcap_udp) {
  prng_seed(&rng, harness_seed());
  char path[1024];
  const unsigned count = PCAP_FRAMES;
  pcap_dport = (uint16_t)(0xC000u + prng_below(&rng, 0x3FFF));
  snprintf(path, sizeof path, "%s/tx.pcap", harness_outdir());
  static pcap_sink_t s;
  memset(&s, 0, sizeof s);
  s.dport = pcap_dport;
  CHECK(sue_pcap_open(&s.pc, path) == 0, "cannot create %s", path);
  txf_t t;
  txf_open(&t, "sue_tx_frame_w256", 256);
  traffic_t tr = {0.7, 0.7, 0.7, 0};
  txf_run(&t, count, make_udp, NULL, &tr, pcap_sink, &s);
  dut_close(t.d);
  CHECK(sue_pcap_close(&s.pc) == 0, "pcap close");
  CHECK_EQ(s.frames, count, "frames captured");

  sue_pcap_rec_t *rec;
  char err[300];
  long nrec = sue_pcap_dissect(path, &rec, err, sizeof err);
  CHECK(nrec >= 0, "%s", err);
  unsigned n = 0, npfc = 0, ntag = 0;
  for (; n < (unsigned)nrec; n++) {
    const sue_pcap_rec_t *x = &rec[n];
    CHECK(n < count, "tshark read more than %u frames", count);
    const job_t *j = &s.sent[n];
    if (j->pfc) {
      CHECK(strcmp(x->protocols, "eth:ethertype:macc") == 0, "PFC frame %u protocols '%s'", n,
            x->protocols);
      CHECK_EQ(x->macc_opcode, SUE_PFC_OPCODE, "MAC control opcode (PFC)");
      CHECK_EQ(x->pfc_cev, j->pfc_cev, "PFC class-enable vector");
      for (unsigned i = 0; i < SUE_PRIO; i++)
        if (x->pfc_time[i] != (long)j->pfc_time[i])
          FAIL("PFC frame %u: pause time of priority %u is %ld, expected %u", n, i, x->pfc_time[i],
               j->pfc_time[i]);
      npfc++;
    } else {
      const char *want =
          j->cfg.vlan_tx ? "eth:ethertype:vlan:ethertype:ip:udp" : "eth:ethertype:ip:udp";
      CHECK(strncmp(x->protocols, want, strlen(want)) == 0, "frame %u protocols '%s', not %s...", n,
            x->protocols, want);
      CHECK(x->ip_ck == 1, "frame %u IPv4 checksum status %d (1 = good, 0 = bad)", n, x->ip_ck);
      CHECK_EQ(x->udp_dport, s.dport, "UDP destination port");
      if (j->cfg.vlan_tx) {
        CHECK_EQ(x->vlan_id, j->cfg.vlan_vid, "802.1Q VLAN id");
        CHECK_EQ(x->vlan_pcp, j->cfg.pfc_prio[j->rh.vc], "802.1Q priority (the VC's PFC priority)");
        CHECK_EQ(x->vlan_dei, 0, "802.1Q DEI");
        ntag++;
      } else {
        CHECK_EQ(x->vlan_id, -1, "no 802.1Q tag");
      }
    }
  }
  free(rec);
  CHECK_EQ(n, count, "frames tshark read");
  CHECK(npfc >= count / 4, "PFC frames in the capture: %u", npfc);
  CHECK(ntag > 0 && ntag + npfc < n, "802.1Q-tagged data frames in the capture: %u of %u", ntag,
        n - npfc);
  harness_log("tshark: %u frames, %u of them PFC (class-enable vector and times as sent), %u "
              "802.1Q-tagged (VLAN id, priority as sent)",
              n, npfc, ntag);
}
