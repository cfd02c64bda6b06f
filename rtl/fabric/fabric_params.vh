// Constants of the fabric's switch port, shared by its modules (`include inside a module body).
// The C side has the same numbers in csrc/ref/fabric/fabric_sw_port_model.h (FSP_*).

  /* verilator lint_off UNUSEDPARAM */
  // ingress drop reasons: bit r of fabric_sw_ingress.ev_drop is counter FSP_CNT_DROP + r of
  // the port (fabric_sw_regs; docs/fabric/fabric_sw_port.md "Registers")
  localparam integer FSP_DROP_FCS      = 0;  // FCS residue wrong
  localparam integer FSP_DROP_RUNT     = 1;  // shorter than 64 bytes
  localparam integer FSP_DROP_OVERSIZE = 2;  // longer than FMAX
  localparam integer FSP_DROP_ETYPE    = 3;  // neither SUE format nor PFC
  localparam integer FSP_DROP_UNKNOWN  = 4;  // destination not in the forwarding table
  localparam integer FSP_DROP_OVERFLOW = 5;  // ingress buffer full (raw channel only)
  localparam integer FSP_DROP_CUT      = 6;  // the link cut the frame (RIFL restart)

  // counters of a port, in register order (0x400 + 0x40 * port + 4 * index)
  localparam integer FSP_CNT_RX     = 0;  // frames that ended on the link
  localparam integer FSP_CNT_FWD    = 1;  // frames forwarded to the switch
  localparam integer FSP_CNT_PFC_RX = 2;  // PFC frames received (consumed)
  localparam integer FSP_CNT_TX     = 3;  // data frames sent to the link
  localparam integer FSP_CNT_PFC_TX = 4;  // PFC frames sent to the link
  localparam integer FSP_CNT_DROP   = 5;  // + reason: frames dropped
  localparam integer FSP_NCNT       = 12;
  /* verilator lint_on UNUSEDPARAM */
