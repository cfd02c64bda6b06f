/*
 * sw_arch.h - the switch architectures the SCOC benchmarks compare, by name, as sw_ops_t
 * models with the paper's buffers (16 packets per input, 12 per output, 32-bit words here):
 *   "scoc"  scoc_switch_model: N ports in groups of M (default 4), MT = M transfers per input;
 *           a port moves one word every M cycles, so a link with speedup s carries one word
 *           every M x s cycles;
 *   "flat"  islip_model: the flat input-queued crossbar with VOQs and 1-iteration iSLIP; a port
 *           moves one word a cycle, so a link with speedup s carries one every s cycles.
 */
#ifndef REF_SW_ARCH_H
#define REF_SW_ARCH_H

#include "islip_switch_model.h"
#include "scoc_switch_model.h"
#include "sw_link.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SW_ARCH_QD 16u /* packets per input buffer */
#define SW_ARCH_OQ 12u /* packets per output buffer */

typedef struct {
  int is_scoc;
  scoc_sw_model_t scoc;
  islip_model_t flat;
  sw_ops_t ops;
} sw_switch_t;

/* Opens arch ("scoc" or "flat") with n ports; scoc: m ports per group (0: 4) and mt transfers
 * per input (0: m); ablate: SCOC_ABL_* flags (scoc only). 0, or -1 on a bad name or size. */
int sw_switch_open(sw_switch_t *s, const char *arch, unsigned n, unsigned m, unsigned mt,
                   unsigned ablate);
void sw_switch_close(sw_switch_t *s);
/* Switch cycles per link word for a speedup. */
double sw_switch_cpw(const sw_switch_t *s, double speedup);

#ifdef __cplusplus
}
#endif
#endif
