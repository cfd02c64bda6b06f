/* gen_scoc.h - golden vector cases of block "scoc" (rtl/scoc scheduler and switch). */
#ifndef GEN_SCOC_H
#define GEN_SCOC_H

#include "gen.h"

extern const gen_block_t gen_block_scoc;

#endif
