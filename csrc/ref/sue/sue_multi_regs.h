/*
 * sue_multi_regs.h - the register map of an SUE instance of 2 or 4 ports (rtl/sue/sue_multi_regs.v,
 * docs/sue/sue_multi.md "Registers"): the instance's own registers at 0x10000 of its window, port
 * e's sue_regs at e << 12. One place for the tests of sue_multi (tb/sue) and of the fabric of
 * planes (tb/fabric), which configure and read it.
 */
#ifndef SUE_MULTI_REGS_H
#define SUE_MULTI_REGS_H

#define MREG 0x10000u /* the instance's registers */
#define MREG_MCTRL (MREG + 0x004u)
#define MREG_MAP (MREG + 0x008u)
#define MREG_MSTATUS (MREG + 0x00Cu)
#define MREG_NCMD(e) (MREG + 0x010u + 4u * (e))
#define MREG_NVIOL (MREG + 0x020u)
#define MREG_NDROP (MREG + 0x024u)
#define MREG_NCARRY (MREG + 0x028u)
#define MREG_NFDROP (MREG + 0x02Cu)
#define MREG_NSTEER (MREG + 0x030u)
#define MREG_NFCUT (MREG + 0x034u)
#define MREG_NFRXCUT (MREG + 0x038u)
#define MCTRL_UNORDERED 0x1u /* MCTRL fields */
#define MCTRL_FAILOVER 0x2u
#define MCTRL_PORT_EN_SHIFT 8u

#endif
