/* sw_arch.c - see sw_arch.h. */
#include "sw_arch.h"

#include <string.h>

int sw_switch_open(sw_switch_t *s, const char *arch, unsigned n, unsigned m, unsigned mt,
                   unsigned ablate) {
  memset(s, 0, sizeof *s);
  if (strcmp(arch, "scoc") == 0) {
    m = m ? m : 4u;
    scoc_sw_params_t p = {n, m, mt ? mt : m, SW_ARCH_QD, SW_ARCH_OQ, 4, 32};
    if (scoc_sw_model_init(&s->scoc, &p))
      return -1;
    scoc_sw_model_set_ablate(&s->scoc, ablate);
    s->is_scoc = 1;
    s->ops = scoc_sw_model_ops(&s->scoc);
    return 0;
  }
  if (strcmp(arch, "flat") == 0 && ablate == 0) {
    islip_params_t p = {n, 1, SW_ARCH_QD, SW_ARCH_OQ, 4, 32};
    if (islip_model_init(&s->flat, &p))
      return -1;
    s->ops = islip_model_ops(&s->flat);
    return 0;
  }
  return -1;
}

void sw_switch_close(sw_switch_t *s) {
  if (s->is_scoc)
    scoc_sw_model_free(&s->scoc);
  else
    islip_model_free(&s->flat);
}

double sw_switch_cpw(const sw_switch_t *s, double speedup) {
  return s->is_scoc ? s->scoc.p.m * speedup : speedup;
}
