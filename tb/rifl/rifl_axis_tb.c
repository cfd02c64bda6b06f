/*
 * rifl_axis_tb.c - see rifl_axis_tb.h.
 */
#include "rifl_axis_tb.h"

#include <string.h>

prng_t axis_rng;

/* Encoders: beats smaller than payloads, about equal, and much larger. Decoders: the other
 * way round, and the loopback pairs each encoder with the decoder of the same FW, so the
 * beat width changes across every pair. */
const axis_top_t enc_tops[] = {{"rifl_axis_enc_d64_f128", 64, 128},
                               {"rifl_axis_enc_d256_f256", 256, 256},
                               {"rifl_axis_enc_d1024_f512", 1024, 512}};

const axis_top_t dec_tops[] = {{"rifl_axis_dec_d1024_f128", 1024, 128},
                               {"rifl_axis_dec_d64_f256", 64, 256},
                               {"rifl_axis_dec_d512_f512", 512, 512}};

/* ------------------------------------------------------------------ packets */

/* Lengths 1..600, biased towards the edges of the meta codes: whole payloads (meta 11),
 * whole beats, and tiny packets. */

size_t pick_len(unsigned nb, unsigned pb) {
  unsigned r = (unsigned)prng_below(&axis_rng, 10);
  if (r < 2)
    return pb * (size_t)prng_range(&axis_rng, 1, MAXLEN / pb);
  if (r < 3)
    return nb * (size_t)prng_range(&axis_rng, 1, MAXLEN / nb);
  if (r < 4)
    return (size_t)prng_range(&axis_rng, 1, 3);
  return (size_t)prng_range(&axis_rng, 1, MAXLEN);
}

void new_packet(pkt_t *p, unsigned nb, unsigned pb) {
  p->len = p->exp_len = pick_len(nb, pb);
  p->user = 0;
  prng_fill(&axis_rng, p->bytes, p->len);
}

/* ------------------------------------------------- AXI4-Stream source (encoder input) */

void src_init(src_t *s, unsigned dw, unsigned fw, unsigned limit) {
  memset(s, 0, sizeof *s);
  s->dw = dw;
  s->nb = dw / 8;
  s->pb = rifl_payload_bytes(fw);
  s->limit = limit;
}

/* Offers the next beat with probability p unless one is already offered (held until taken).
 * Without a beat, tdata/tkeep/tlast are random: the DUT must ignore them. */

void src_cycle(src_t *s, double p, unsigned room) {
  if (!s->valid && s->made < s->limit && (s->beat || room) && prng_bernoulli(&axis_rng, p)) {
    pkt_t *pk = &s->ring[s->made % RING];
    if (s->beat == 0)
      new_packet(pk, s->nb, s->pb);
    size_t off = (size_t)s->beat * s->nb, rem = pk->len - off;
    s->k = rem > s->nb ? s->nb : (unsigned)rem;
    rifl_axis_beat(s->dw, pk->bytes + off, s->k, s->tdata, s->tkeep);
    s->last = off + s->k == pk->len;
    s->valid = 1;
  } else if (!s->valid) {
    prng_fill_bits(&axis_rng, s->tdata, s->dw);
    prng_fill_bits(&axis_rng, s->tkeep, s->nb);
    s->last = (unsigned)prng_bernoulli(&axis_rng, 0.5);
    s->k = 0;
  }
}

void src_taken(src_t *s) {
  s->valid = 0;
  if (s->last) {
    s->made++;
    s->beat = 0;
  } else {
    s->beat++;
  }
}

/* ------------------------------------------------ scoreboard of frames (encoder output) */

/* Bytes of the frame on m_* (also used by the timing check); fails on a malformed one. */

unsigned frame_bytes(dut_t *d, unsigned fw, unsigned meta, const uint32_t *data, uint8_t *bytes) {
  int n = rifl_axis_payload_bytes(fw, meta, data, bytes);
  if (n <= 0)
    FAIL("%s at cycle %llu: frame with meta %u is malformed or empty", dut_top(d),
         (unsigned long long)dut_cycle(d), meta);
  return (unsigned)n;
}

void fsb_frame(fsb_t *sb, dut_t *d, const pkt_t *ring, unsigned made, unsigned meta,
               const uint32_t *data) {
  uint8_t b[RIFL_AXIS_PB_MAX];
  unsigned n = frame_bytes(d, sb->fw, meta, data, b);
  CHECK(sb->done < made || (sb->done == made && sb->n + n <= MAXLEN),
        "%s: frame beyond the packets sent", dut_top(d));
  const pkt_t *p = &ring[sb->done % RING];
  CHECK(sb->n + n <= p->len, "%s: packet %u longer than sent (%zu bytes)", dut_top(d), sb->done,
        p->len);
  memcpy(sb->rx + sb->n, b, n);
  sb->n += n;
  sb->frames++;
  if (meta == RIFL_META_FULL) {
    CHECK(sb->n < p->len, "%s: packet %u: meta 01 on its last %u bytes", dut_top(d), sb->done, n);
    return;
  }
  CHECK_EQ(sb->n, p->len, "bytes of the packet at its end frame");
  CHECK(memcmp(sb->rx, p->bytes, p->len) == 0, "%s: packet %u (%zu bytes) differs", dut_top(d),
        sb->done, p->len);
  CHECK_EQ(meta, (p->len % sb->pb) != 0 ? RIFL_META_END_PARTIAL : RIFL_META_END_FULL,
           "meta code of the last frame");
  sb->full_end += meta == RIFL_META_END_FULL;
  sb->partial_end += meta == RIFL_META_END_PARTIAL;
  sb->n = 0;
  sb->done++;
}

/* ------------------------------------------------- scoreboard of beats (decoder output) */

void bsb_beat(bsb_t *sb, dut_t *d, const pkt_t *ring, unsigned made, const uint32_t *tdata,
              const uint32_t *tkeep, unsigned tlast, unsigned tuser) {
  unsigned nb = sb->nb, k = 0;
  CHECK(sb->done < made, "%s: beat at cycle %llu beyond the packets sent", dut_top(d),
        (unsigned long long)dut_cycle(d));
  const pkt_t *p = &ring[sb->done % RING];
  while (k < nb && (tkeep[(nb - 1 - k) / 32] >> ((nb - 1 - k) % 32) & 1u))
    k++;
  for (unsigned j = k; j < nb; j++) /* kept bytes are the first ones */
    CHECK(!(tkeep[(nb - 1 - j) / 32] >> ((nb - 1 - j) % 32) & 1u),
          "%s: tkeep not a block at the top, cycle %llu", dut_top(d),
          (unsigned long long)dut_cycle(d));
  CHECK(tlast || k == nb, "%s: beat without tlast keeps %u of %u bytes", dut_top(d), k, nb);
  CHECK(tlast || !tuser, "%s: tuser on a beat without tlast", dut_top(d));
  CHECK(k > 0 || tuser, "%s: empty beat that is not an abort", dut_top(d));
  CHECK(sb->n + k <= p->exp_len, "%s: packet %u longer than expected (%zu bytes)", dut_top(d),
        sb->done, p->exp_len);
  for (unsigned j = 0; j < k; j++)
    sb->rx[sb->n++] = (uint8_t)rifl_axis_byte(tdata, nb, j);
  sb->beats++;
  if (!tlast)
    return;
  CHECK_EQ(sb->n, p->exp_len, "bytes of the packet at tlast");
  CHECK(memcmp(sb->rx, p->bytes, sb->n) == 0, "%s: packet %u (%zu bytes) differs", dut_top(d),
        sb->done, sb->n);
  CHECK_EQ(tuser, p->user, "tuser of the last beat");
  sb->aborted += tuser;
  sb->empty_abort += tuser && k == 0;
  sb->n = 0;
  sb->done++;
}

void enc_open(enc_dut_t *e, const char *top) {
  dut_t *d = e->d = dut_open(top);
  e->tvalid = dut_port(d, "s_axis_tvalid");
  e->tready = dut_port(d, "s_axis_tready");
  e->tdata = dut_port(d, "s_axis_tdata");
  e->tkeep = dut_port(d, "s_axis_tkeep");
  e->tlast = dut_port(d, "s_axis_tlast");
  e->m_valid = dut_port(d, "m_valid");
  e->m_ready = dut_port(d, "m_ready");
  e->m_meta = dut_port(d, "m_meta");
  e->m_data = dut_port(d, "m_data");
  dut_reset(d, 2);
}

void enc_drive(enc_dut_t *e, const src_t *s, unsigned m_ready) {
  dut_set_u64(e->d, e->tvalid, s->valid);
  dut_set(e->d, e->tdata, s->tdata);
  dut_set(e->d, e->tkeep, s->tkeep);
  dut_set_u64(e->d, e->tlast, s->last);
  dut_set_u64(e->d, e->m_ready, m_ready);
}

void dec_open(dec_dut_t *x, const char *top) {
  dut_t *d = x->d = dut_open(top);
  x->s_valid = dut_port(d, "s_valid");
  x->s_ready = dut_port(d, "s_ready");
  x->s_meta = dut_port(d, "s_meta");
  x->s_data = dut_port(d, "s_data");
  x->s_abort = dut_port(d, "s_abort");
  x->tvalid = dut_port(d, "m_axis_tvalid");
  x->tready = dut_port(d, "m_axis_tready");
  x->tdata = dut_port(d, "m_axis_tdata");
  x->tkeep = dut_port(d, "m_axis_tkeep");
  x->tlast = dut_port(d, "m_axis_tlast");
  x->tuser = dut_port(d, "m_axis_tuser");
  dut_reset(d, 2);
}

/* Entry source of the decoder: the frames of random packets, meta 00 entries between and
 * inside them, and aborts: a packet cut after `cut` of its frames (expected back as that
 * prefix, with tuser), and stray aborts with no packet open (expected to vanish). */

void esrc_init(esrc_t *s, unsigned dw, unsigned fw, double p_fill, double p_cut, double p_stray) {
  memset(s, 0, sizeof *s);
  s->fw = fw;
  s->nb = dw / 8;
  s->pb = rifl_payload_bytes(fw);
  s->p_fill = p_fill;
  s->p_cut = p_cut;
  s->p_stray = p_stray;
}

static unsigned gcd(unsigned a, unsigned b) { return b ? gcd(b, a % b) : a; }

void esrc_cycle(esrc_t *s, double p, unsigned room) {
  const unsigned pw = s->fw - 16;
  if (s->valid)
    return; /* held until taken */
  s->is_frame = 0;
  if ((s->active || room) && prng_bernoulli(&axis_rng, p)) {
    s->valid = 1;
    s->abort = 0;
    if (prng_bernoulli(&axis_rng, s->p_fill)) { /* meta 00: filler / flow control, data ignored */
      s->meta = RIFL_META_NONE;
      prng_fill_bits(&axis_rng, s->data, pw);
      return;
    }
    if (!s->active && prng_bernoulli(&axis_rng, s->p_stray)) { /* abort with nothing open */
      s->abort = 1;
      s->meta = (unsigned)prng_below(&axis_rng, 4);
      prng_fill_bits(&axis_rng, s->data, pw);
      return;
    }
    if (!s->active) {
      new_packet(&s->cur, s->nb, s->pb);
      s->nframes = (unsigned)rifl_axis_frames(s->fw, s->cur.len);
      s->cut = prng_bernoulli(&axis_rng, s->p_cut) ? (unsigned)prng_below(&axis_rng, s->nframes)
                                                   : s->nframes;
      /* cuts at a whole number of beats give the abort beat that keeps nothing */
      unsigned step = s->nb / gcd(s->nb, s->pb);
      if (s->cut < s->nframes && step < s->nframes && prng_bernoulli(&axis_rng, 0.4))
        s->cut = step * (unsigned)prng_range(&axis_rng, 1, (s->nframes - 1) / step);
      s->fi = 0;
      s->active = 1;
      if (s->cut > 0) { /* what comes back: all, or the frames before the abort */
        pkt_t *e = &s->ring[s->made++ % RING];
        *e = s->cur;
        if (s->cut < s->nframes) {
          e->exp_len = (size_t)s->cut * s->pb;
          e->user = 1;
        }
      }
    }
    if (s->fi < s->cut) {
      rifl_axis_payload(s->fw, s->cur.bytes, s->cur.len, s->fi, &s->meta, s->data);
      s->is_frame = 1;
    } else { /* the cut: meta and data are don't-care */
      s->abort = 1;
      s->meta = (unsigned)prng_below(&axis_rng, 4);
      prng_fill_bits(&axis_rng, s->data, pw);
    }
    return;
  }
  s->valid = 0; /* idle: random meta, data and abort the DUT must ignore */
  s->meta = (unsigned)prng_below(&axis_rng, 4);
  s->abort = (unsigned)prng_bernoulli(&axis_rng, 0.5);
  prng_fill_bits(&axis_rng, s->data, pw);
}

void esrc_taken(esrc_t *s) {
  s->valid = 0;
  if (s->meta == RIFL_META_NONE && !s->abort) {
    s->fillers++;
    return;
  }
  if (s->abort && !s->active) {
    s->strays++;
    return;
  }
  if (s->abort) { /* the cut packet is over */
    s->aborts++;
    s->active = 0;
    return;
  }
  s->frames++;
  if (++s->fi == s->nframes)
    s->active = 0;
}

void dec_drive(dec_dut_t *x, unsigned valid, unsigned meta, const uint32_t *data, unsigned abort,
               unsigned tready) {
  dut_set_u64(x->d, x->s_valid, valid);
  dut_set_u64(x->d, x->s_meta, meta);
  dut_set(x->d, x->s_data, data);
  dut_set_u64(x->d, x->s_abort, abort);
  dut_set_u64(x->d, x->tready, tready);
}

void dec_compare(dec_dut_t *x, const rifl_axis_dec_out_t *o, unsigned dw) {
  CHECK_PORT_U64(x->d, x->s_ready, o->s_ready, "s_ready");
  CHECK_PORT_U64(x->d, x->tvalid, o->m_axis_tvalid, "m_axis_tvalid");
  CHECK_PORT(x->d, x->tdata, o->m_axis_tdata, dw, "m_axis_tdata");
  CHECK_PORT(x->d, x->tkeep, o->m_axis_tkeep, dw / 8, "m_axis_tkeep");
  CHECK_PORT_U64(x->d, x->tlast, o->m_axis_tlast, "m_axis_tlast");
  CHECK_PORT_U64(x->d, x->tuser, o->m_axis_tuser, "m_axis_tuser");
}

unsigned keep_count(const uint32_t *tkeep, unsigned nb) {
  unsigned k = 0;
  for (unsigned i = 0; i < nb; i++)
    k += tkeep[i / 32] >> (i % 32) & 1u;
  return k;
}
