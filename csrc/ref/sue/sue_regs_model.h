/*
 * sue_regs_model.h - SUE management registers (docs/sue/index.md "Register map"): AXI4-Lite, 32-bit
 * data, 12-bit byte addresses, word aligned. Unmapped addresses read 0 and ignore writes (OKAY
 * response); read-only registers ignore writes. Reset values: sue_cfg_reset().
 * The addresses, fields and reset values (SUE_REG_*) are those of the register description,
 * rtl/sue/sue_regs.rdl, in its generated header sue_regs_map.h.
 */
#ifndef REF_SUE_REGS_H
#define REF_SUE_REGS_H

#include <stdint.h>

#include "sue_endpoint_model.h"
#include "sue_regs_map.h"

#ifdef __cplusplus
extern "C" {
#endif

uint32_t sue_ep_reg_read(const sue_ep_t *ep, uint32_t addr);
void sue_ep_reg_write(sue_ep_t *ep, uint32_t addr, uint32_t val);

#ifdef __cplusplus
}
#endif
#endif
