/*
 * fabric_sw_port_model.h - the frame-level model of the fabric's switch port
 * (docs/fabric/fabric_sw_port.md; RTL rtl/fabric/fabric_sw_ingress.v, fabric_sw_egress.v,
 * fabric_sw_regs.v): what becomes of a frame arriving from the link (forwarded to which port and
 * class, consumed as PFC, or dropped on which counter), the cell format, the PFC frame a port
 * sends, and the register map. The numbers are rtl/fabric/fabric_params.vh's.
 */
#ifndef REF_FABRIC_SW_PORT_MODEL_H
#define REF_FABRIC_SW_PORT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* drop reasons (bit of the RTL's ev_drop; counter FSP_CNT_DROP + reason) */
enum {
  FSP_DROP_FCS = 0,      /* FCS residue wrong */
  FSP_DROP_RUNT = 1,     /* shorter than 64 bytes */
  FSP_DROP_OVERSIZE = 2, /* longer than FMAX */
  FSP_DROP_ETYPE = 3,    /* neither a SUE format nor PFC */
  FSP_DROP_UNKNOWN = 4,  /* destination not in the forwarding table */
  FSP_DROP_OVERFLOW = 5, /* ingress buffer full (raw channel) */
  FSP_DROP_CUT = 6,      /* the link cut the frame */
  FSP_NDROP = 7
};
/* counters of a port, in register order */
enum {
  FSP_CNT_RX = 0,
  FSP_CNT_FWD = 1,
  FSP_CNT_PFC_RX = 2,
  FSP_CNT_TX = 3,
  FSP_CNT_PFC_TX = 4,
  FSP_CNT_DROP = 5,
  FSP_NCNT = 12
};
extern const char *const fsp_cnt_name[FSP_NCNT];

/* register map (byte addresses of fabric_sw_regs; the fabric puts the switch at 0x10000) */
#define FSP_REG_ID 0x000u
/* [0] AIFH6_EN, [1] PFC_TX_EN, [2] PFC_RX_EN, [3] FC_MODE; reset 0x7 */
#define FSP_REG_CTRL 0x004u
#define FSP_REG_AIFH_ETYPE 0x008u
#define FSP_REG_PFC_TIME 0x00Cu
#define FSP_REG_PFC_QCYC 0x010u
#define FSP_REG_PFC_REFRESH 0x014u
#define FSP_REG_PFC_XOFF 0x018u
#define FSP_REG_PFC_XON 0x01Cu
#define FSP_REG_MAC_LO 0x020u
#define FSP_REG_MAC_HI 0x024u
#define FSP_REG_CNT_CLEAR 0x028u
#define FSP_REG_CBFC_CFG 0x02Cu /* [3:0] USHIFT (reset 6), [31:16] STEP (reset 8) */
#define FSP_REG_CBFC_OUI 0x030u /* [23:0], reset 0 */
#define FSP_CTRL_FC_MODE 0x8u   /* CTRL[3]: CBFC instead of PFC (the PFC enables drive it) */
#define FSP_REG_CNT(p, k) (0x400u + 0x40u * (p) + 4u * (k))
#define FSP_REG_ENT(e)                                                                             \
  (0x800u + 0x10u * (e)) /* +0 {valid[31], port[7:0]}, +4 MAC[31:0], +8 MAC[47:32], +C XPU id */
#define FSP_NENT_MAX                                                                               \
  1024u /* the model (the fabric model's largest switch); the RTL takes NENT <= 64 */

typedef struct {
  int valid;
  unsigned port;
  uint8_t mac[6];
  unsigned xpu; /* 16 bits: the AIFH destination */
} fsp_entry_t;

typedef struct {
  unsigned aifh6_en;
  unsigned aifh_etype;
  uint32_t cbfc_oui; /* CBFC_OUI: updates of this OUI are consumed (FSP_PFC) */
  unsigned nent;
  fsp_entry_t ent[FSP_NENT_MAX];
} fsp_cfg_t;

/* reset values of the configuration (an empty table of nent entries) */
void fsp_cfg_reset(fsp_cfg_t *c, unsigned nent);

enum { FSP_FWD, FSP_PFC, FSP_DROP };
typedef struct {
  unsigned kind;   /* FSP_FWD / FSP_PFC / FSP_DROP */
  unsigned reason; /* FSP_DROP: FSP_DROP_* */
  unsigned port;   /* FSP_FWD: output port */
  unsigned tc;     /* FSP_FWD: traffic class (the RH's VC) */
  unsigned cev;    /* FSP_PFC: class-enable vector */
  uint16_t time[8];
  unsigned cbfc; /* FSP_PFC: a CBFC update (docs/sue/index.md "CBFC update frame"), not PFC */
} fsp_verdict_t;

/* The verdict on a frame of len bytes (FCS included) arriving at an ingress whose longest frame
 * is fmax; cut: the link marked it; ovf: the ingress buffer ran full under it. */
void fsp_ingress_frame(const fsp_cfg_t *c, const uint8_t *f, size_t len, size_t fmax, int cut,
                       int ovf, fsp_verdict_t *v);
/* The forwarding lookup: the lowest valid entry whose MAC (udp) or XPU id (!udp) matches;
 * returns 1 and its port, or 0. */
int fsp_lookup(const fsp_cfg_t *c, int udp, const uint8_t mac[6], unsigned xpu, unsigned *port);

/* A cell's header word: {sof[63], eof[62], source port[61:54], class[53:52], frame length[49:36],
 * the cell's payload words[35:28]}. */
uint64_t fsp_cell_header(int sof, int eof, unsigned src, unsigned tc, unsigned len, unsigned words);
/* Payload words of a cell (fabric_switch's CP): a core packet of 2^lw - 1 core words of ck cell
 * words holds the header and ck (2^lw - 1) - 1 payload words, at most 255. */
unsigned fsp_cell_payload(unsigned ck, unsigned lw);
/* Cells of a frame of len bytes, cp payload words a cell. */
unsigned fsp_cells(unsigned len, unsigned cp);

/* The PFC frame port `port` sends (64 bytes, FCS included): source MAC = the switch's MAC with
 * the port number in the last octet (its bits above 8, the model's ports past 255, XORed into
 * the octet before), class-enable vector cev, pause times. */
void fsp_pfc_frame(const uint8_t mac[6], unsigned port, unsigned cev, const uint16_t time[8],
                   uint8_t out[64]);

#ifdef __cplusplus
}
#endif
#endif
