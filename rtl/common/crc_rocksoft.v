// The Rocksoft-model shell shared by crc_engine and crc_stream (docs/common/crc_engine.md): the
// parameter checks, INIT / XOROUT fitted to CRC_W bits, the byte bit-reversal of REFIN, the CRC
// register, and REFOUT / XOROUT on the way out. The register is kept non-reflected. The
// parent computes the step: `stepped` = the register `base` after shifting in this cycle's
// message bits of `data_m` (MSB first, crc_comb); base, data_m -> stepped must not depend on
// cur, crc or crc_reg (it does not in the two parents: no loop).
//
//   base    = start ? INIT : crc_q
//   cur     = valid ? stepped : base       (the register after this edge)
//   crc_q  <= cur at an edge with start or valid
//   crc     = final(cur), crc_reg = final(crc_q), final(x) = (REFOUT ? reflect(x) : x) ^ XOROUT
// Model: csrc/ref/common/crc_engine_model.c (the Rocksoft shell of crc_engine and crc_stream)
`resetall
`default_nettype none
`include "assert.vh"

module crc_rocksoft #(
  parameter integer CRC_W  = 32,
  parameter         INIT   = 32'hFFFFFFFF,  // untyped: any literal width is accepted
  parameter integer REFIN  = 1,
  parameter integer REFOUT = 1,
  parameter         XOROUT = 32'hFFFFFFFF,
  parameter integer DATA_W = 64
) (
  input  wire              clk,
  input  wire              rst_n,
  input  wire              start,
  input  wire              valid,
  input  wire [DATA_W-1:0] data,
  output wire [DATA_W-1:0] data_m,   // data in shift order (bytes bit-reversed if REFIN)
  output wire [CRC_W-1:0]  base,     // the register the step starts from
  input  wire [CRC_W-1:0]  stepped,  // from the parent: step(base, this cycle's data_m bits)
  output wire [CRC_W-1:0]  cur,
  output reg  [CRC_W-1:0]  crc_q,
  output wire [CRC_W-1:0]  crc,
  output wire [CRC_W-1:0]  crc_reg
);
  // (messages name both users: the error shows in this file, under the parent's instance)
  generate if (CRC_W < 1 || CRC_W > 32 || (INIT >> CRC_W) != 0 || (XOROUT >> CRC_W) != 0)
  begin : g_bad_param
    `PARAM_FATAL("crc_engine / crc_stream: need 1 <= CRC_W <= 32 and INIT, XOROUT < 2**CRC_W")
  end endgenerate
  generate if ((REFIN != 0 && REFIN != 1) || (REFOUT != 0 && REFOUT != 1) ||
               (REFIN == 1 && DATA_W % 8 != 0))
  begin : g_bad_refl
    `PARAM_FATAL("crc_engine / crc_stream: need REFIN, REFOUT 0 or 1, and DATA_W a multiple of 8 if REFIN")
  end endgenerate

  // INIT / XOROUT as exactly CRC_W bits, read by shifting so any literal width lints clean.
  /* verilator coverage_off */ // elaboration-time only
  function [CRC_W-1:0] fit(input integer which);
    integer k;
    begin
      fit = {CRC_W{1'b0}};
      for (k = 0; k < CRC_W; k = k + 1)
        fit[k] = (which == 0) ? (((INIT >> k) & 1) != 0) : (((XOROUT >> k) & 1) != 0);
    end
  endfunction
  /* verilator coverage_on */
  localparam [CRC_W-1:0] INIT_L   = fit(0);
  localparam [CRC_W-1:0] XOROUT_L = fit(1);

  wire [CRC_W-1:0] cur_o;     // cur and crc_q in output bit order (reflected if REFOUT)
  wire [CRC_W-1:0] reg_o;

  assign base = start ? INIT_L : crc_q;
  assign cur  = valid ? stepped : base;

  function [31:0] rev_bytes32(input [31:0] x);
    reg [31:0] t;
    begin
      t = ((x & 32'hF0F0F0F0) >> 4) | ((x & 32'h0F0F0F0F) << 4);
      t = ((t & 32'hCCCCCCCC) >> 2) | ((t & 32'h33333333) << 2);
      rev_bytes32 = ((t & 32'hAAAAAAAA) >> 1) | ((t & 32'h55555555) << 1);
    end
  endfunction

  genvar gb;
  generate
    if (REFIN == 1 && DATA_W % 8 == 0) begin : g_refin  // (else illegal, stopped above)
      // Reverse the bits of every byte a 32-bit word at a time (swap network), so the
      // simulators do word operations, not one shift-and-mask per bit (Verilator at
      // DATA_W=1024: 1.7x faster overall).
      for (gb = 0; gb + 32 <= DATA_W; gb = gb + 32) begin : g_word
        assign data_m[gb +: 32] = rev_bytes32(data[gb +: 32]);
      end
      for (gb = DATA_W - DATA_W % 32; gb < DATA_W; gb = gb + 1) begin : g_tail
        assign data_m[gb] = data[(gb / 8) * 8 + 7 - gb % 8];
      end
    end else begin : g_norefin
      assign data_m = data;
    end
    if (REFOUT == 1) begin : g_refout
      for (gb = 0; gb < CRC_W; gb = gb + 1) begin : g_bit
        assign cur_o[gb] = cur[CRC_W-1-gb];
        assign reg_o[gb] = crc_q[CRC_W-1-gb];
      end
    end else begin : g_norefout
      assign cur_o = cur;
      assign reg_o = crc_q;
    end
  endgenerate

  // start alone begins an empty message; start with valid makes data its first word.
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      crc_q <= INIT_L;
    else if (start || valid)
      crc_q <= cur;
  end

  assign crc     = cur_o ^ XOROUT_L;
  assign crc_reg = reg_o ^ XOROUT_L;
endmodule

`resetall
