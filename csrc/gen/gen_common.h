/* gen_common.h - golden vector cases of block "common" (rtl/common). */
#ifndef GEN_COMMON_H
#define GEN_COMMON_H

#include "gen.h"

extern const gen_block_t gen_block_common;

#endif
