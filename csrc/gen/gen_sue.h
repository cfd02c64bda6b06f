/* gen_sue.h - golden vector cases of block "sue" (rtl/sue PFC state and go-back-N state). */
#ifndef GEN_SUE_H
#define GEN_SUE_H

#include "gen.h"

extern const gen_block_t gen_block_sue;

#endif
