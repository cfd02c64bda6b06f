/*
 * Tests of crc_engine (docs/common/crc_engine.md): golden vectors, the RTL in lockstep with
 * crc_engine_model and against the byte-wise CRC of crc.c, and the published check values.
 */
#include "crc.h"
#include "crc_engine_model.h"
#include "harness.h"
#include "prng.h"

#define MAXW HARNESS_WORDS(1024)

static prng_t rng;
static void seed_rng(void) { prng_seed(&rng, harness_seed()); }

HARNESS_TEST(vectors_crc_engine) { harness_play_vectors_glob("common/crc_engine_*.vec"); }

typedef struct {
  const char *top;
  crc_params_t crc;
  unsigned data_w;
} crc_top_t;

static void crc_random(const crc_top_t *t, unsigned cycles) {
  crc_engine_params_t p = {t->crc, t->data_w};
  crc_engine_model_t m;
  CHECK(crc_engine_model_init(&m, &p) == 0, "model init");
  dut_t *d = dut_open(t->top);
  port_t start = dut_port(d, "start"), valid = dut_port(d, "valid"), data = dut_port(d, "data"),
         crc = dut_port(d, "crc"), crc_reg = dut_port(d, "crc_reg");
  dut_reset(d, 2);
  uint32_t w[MAXW] = {0};
  uint8_t msg[4096];
  size_t len = 0, messages = 0;
  crc_t ref;
  CHECK(crc_init(&ref, &t->crc) == 0, "crc.c init");
  unsigned nbytes = t->data_w / 8;
  for (unsigned c = 0; c < cycles; c++) {
    crc_engine_in_t in = {(unsigned)prng_bernoulli(&rng, 0.1), (unsigned)prng_bernoulli(&rng, 0.8),
                          w};
    prng_fill_bits(&rng, w, t->data_w);
    crc_engine_out_t out;
    crc_engine_model_comb(&m, &in, &out);
    dut_set_u64(d, start, in.start);
    dut_set_u64(d, valid, in.valid);
    dut_set(d, data, w);
    CHECK_PORT_U64(d, crc, out.crc, "crc");
    CHECK_PORT_U64(d, crc_reg, out.crc_reg, "crc_reg");
    /* Independently of the cycle model: the engine's crc equals the byte-wise
     * CRC of the message so far (first byte in the top byte of the word). */
    if (in.start)
      len = 0;
    if (in.valid && t->data_w % 8 == 0 && len + nbytes <= sizeof msg) {
      for (unsigned b = 0; b < nbytes; b++) {
        unsigned bit = t->data_w - 8 * (b + 1);
        msg[len++] = (uint8_t)(w[bit / 32] >> (bit % 32));
      }
      CHECK_EQ(dut_get_u64(d, crc), crc_compute(&ref, msg, len), "crc against crc.c");
      messages++;
    }
    crc_engine_model_clock(&m, &in);
    dut_step(d, 1);
  }
  CHECK(messages > 100, "messages checked: %zu", messages);
  dut_close(d);
}

HARNESS_TEST(crc_random) {
  seed_rng();
  crc_top_t tops[] = {{"crc_engine_crc32_d8", CRC_32, 8},
                      {"crc_engine_crc32c_d64", CRC_32C, 64},
                      {"crc_engine_crc12_rifl_d256", CRC_12_RIFL, 256},
                      {"crc_engine_crc32_d1024", CRC_32, 1024}};
  /* +quick (make test's Icarus lane): a third of the cycles, still ~800 messages checked against
   * crc.c per top (at least 100 required) */
  for (unsigned i = 0; i < sizeof tops / sizeof tops[0]; i++)
    crc_random(&tops[i], (unsigned)harness_scaled(1000, 3000, 3000));
}

/* The published check values, straight from the RTL. */
HARNESS_TEST(crc_check_values) {
  dut_t *d = dut_open("crc_engine_crc32_d8");
  port_t start = dut_port(d, "start"), valid = dut_port(d, "valid"), data = dut_port(d, "data"),
         crc = dut_port(d, "crc");
  dut_reset(d, 2);
  const char *s = "123456789";
  dut_set_u64(d, valid, 1);
  for (int i = 0; s[i]; i++) {
    dut_set_u64(d, start, i == 0);
    dut_set_u64(d, data, (uint8_t)s[i]);
    if (s[i + 1])
      dut_step(d, 1);
  }
  CHECK_EQ(dut_get_u64(d, crc), 0xCBF43926u, "CRC-32 of 123456789");
  dut_close(d);

  /* CRC-32C over 64-bit words: "12345678" then a 1-byte tail is not possible
   * on a 64-bit datapath, so check a 16-byte message against crc.c and the
   * 9-byte check value through the byte-wise reference. */
  crc_t c32c;
  CHECK(crc_init(&c32c, &CRC_32C) == 0, "crc.c init");
  CHECK_EQ(crc_compute(&c32c, (const uint8_t *)s, 9), 0xE3069283u,
           "CRC-32C check value (reference)");
  d = dut_open("crc_engine_crc32c_d64");
  start = dut_port(d, "start");
  valid = dut_port(d, "valid");
  data = dut_port(d, "data");
  crc = dut_port(d, "crc");
  dut_reset(d, 2);
  const char *m16 = "123456789abcdefg";
  dut_set_u64(d, valid, 1);
  for (int wd = 0; wd < 2; wd++) {
    uint64_t v = 0;
    for (int b = 0; b < 8; b++)
      v = v << 8 | (uint8_t)m16[wd * 8 + b];
    dut_set_u64(d, start, wd == 0);
    dut_set_u64(d, data, v);
    if (wd == 0)
      dut_step(d, 1);
  }
  CHECK_EQ(dut_get_u64(d, crc), crc_compute(&c32c, (const uint8_t *)m16, 16),
           "CRC-32C of 16 bytes");
  dut_close(d);
}
