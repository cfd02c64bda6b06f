/*
 * vecplay.c - replays golden vectors (docs/vectors.md) on a DUT and checks
 * every cared output of every record. A malformed file, or one that does not
 * match the top's ports, fails before the first record is applied.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "harness_tops.h"
#include "vec.h"

/* Ports come from the generated table, so a file is checked against its top
 * before any DUT exists. */
static int port_lookup(void *ctx, const char *name, unsigned *width, int *is_input) {
  const harness_top_t *t = ctx;
  for (int i = 0; i < t->nports; i++)
    if (strcmp(t->ports[i].name, name) == 0) {
      *width = t->ports[i].width;
      *is_input = t->ports[i].is_input;
      return 1;
    }
  return 0;
}

static void hex(char *buf, size_t n, const uint32_t *w, unsigned bits) {
  size_t k = 0;
  buf[0] = 0;
  for (int i = (int)HARNESS_WORDS(bits) - 1; i >= 0 && k + 9 < n; i--)
    k += (size_t)snprintf(buf + k, n - k, k ? "%08x" : "%x", w[i]);
}

size_t harness_play_vectors(const char *rel) {
  char path[1200], err[VEC_ERR_MAX];
  snprintf(path, sizeof path, "%s/%s", harness_vectors_dir(), rel);
  static vec_file_t v; /* static: the longjmp of a failure must not leak it twice */
  vec_free(&v);
  vec_init(&v);
  if (vec_read(path, &v, err, sizeof err))
    harness_fail_msg("%s", err);
  if (strcmp(v.block, harness_block()) != 0)
    harness_fail_msg("%s: %%block is %s, but this is block %s", path, v.block, harness_block());
  const harness_top_t *top = NULL;
  for (int i = 0; i < harness_ntops; i++)
    if (strcmp(harness_tops[i].name, v.top) == 0)
      top = &harness_tops[i];
  if (!top)
    harness_fail_msg("%s: %%top %s is not a top of block %s (tb/%s/tops.txt)", path, v.top,
                     harness_block(), harness_block());
  if (vec_check_ports(&v, port_lookup, (void *)top, err, sizeof err))
    harness_fail_msg("%s", err);
  /* The file's %param lines, in order, must be the top's parameters: a file written for
   * another configuration of the same name and ports would otherwise replay silently. */
  char fp[1024] = "";
  for (unsigned i = 0, k = 0; i < v.nparams && k < sizeof fp; i++)
    k += (unsigned)snprintf(fp + k, sizeof fp - k, "%s%s=%s", i ? " " : "", v.params[i].name,
                            v.params[i].value);
  if (strcmp(fp, top->params) != 0)
    harness_fail_msg("%s: %%param says '%s', but top %s has '%s' (tb/%s/tops.txt)", path, fp, v.top,
                     top->params, harness_block());
  dut_t *d = dut_open(v.top);

  port_t *pin = calloc(v.nfields[VEC_IN] + 1, sizeof *pin);
  port_t *pout = calloc(v.nfields[VEC_OUT] + 1, sizeof *pout);
  if (!pin || !pout)
    FAIL("out of memory");
  for (unsigned f = 0; f < v.nfields[VEC_IN]; f++)
    pin[f] = dut_port(d, v.fields[VEC_IN][f].name);
  for (unsigned f = 0; f < v.nfields[VEC_OUT]; f++)
    pout[f] = dut_port(d, v.fields[VEC_OUT][f].name);

  static const uint32_t zero[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  for (unsigned f = 0; f < v.nfields[VEC_IN]; f++)
    dut_set(d, pin[f], zero);
  dut_reset(d, v.reset);

  uint32_t got[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)], xz[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)];
  for (size_t r = 0; r < v.nrec; r++) {
    for (unsigned f = 0; f < v.nfields[VEC_IN]; f++)
      dut_set(d, pin[f], vec_value(&v, r, VEC_IN, f));
    for (unsigned f = 0; f < v.nfields[VEC_OUT]; f++) {
      if (vec_is_x(&v, r, f))
        continue;
      const vec_field_t *fd = &v.fields[VEC_OUT][f];
      const uint32_t *exp = vec_value(&v, r, VEC_OUT, f), *care = vec_care(&v, r, f);
      dut_get_xz(d, pout[f], got, xz);
      for (unsigned i = 0; i < HARNESS_WORDS(fd->width); i++) {
        if (((got[i] ^ exp[i]) | xz[i]) & care[i]) {
          char g[1100], e[1100];
          hex(g, sizeof g, got, fd->width);
          hex(e, sizeof e, exp, fd->width);
          FAIL("%s:%u: record %zu (cycle %llu after reset): %s = %s%s, expected %s", path,
               v.rec_line[r], r, (unsigned long long)r, fd->name, g,
               (xz[i] & care[i]) ? " (with X/Z bits)" : "", e);
        }
      }
      harness_count_check();
    }
    dut_step(d, 1);
  }
  size_t n = v.nrec;
  harness_log("%s: %zu records, %u outputs checked per record, top %s", path, n, v.nfields[VEC_OUT],
              v.top);
  free(pin);
  free(pout);
  dut_close(d);
  vec_free(&v);
  vec_init(&v);
  return n;
}

size_t harness_play_vectors_glob(const char *pattern) {
  char pat[1200];
  snprintf(pat, sizeof pat, "%s/%s", harness_vectors_dir(), pattern);
  glob_t g;
  if (glob(pat, 0, NULL, &g) != 0 || g.gl_pathc == 0)
    FAIL("no vector file matches %s (run `make vectors`?)", pat);
  size_t skip = strlen(harness_vectors_dir()) + 1, n = g.gl_pathc;
  char **names = malloc(n * sizeof *names);
  if (!names)
    FAIL("out of memory");
  for (size_t i = 0; i < n; i++)
    names[i] = strdup(g.gl_pathv[i] + skip);
  globfree(&g);
  for (size_t i = 0; i < n; i++) {
    harness_play_vectors(names[i]);
    free(names[i]);
  }
  free(names);
  return n;
}
