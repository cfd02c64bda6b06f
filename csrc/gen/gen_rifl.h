/* gen_rifl.h - golden vector cases of block "rifl" (rtl/rifl frame layer). */
#ifndef GEN_RIFL_H
#define GEN_RIFL_H

#include "gen.h"

extern const gen_block_t gen_block_rifl;

#endif
