// Registered CRC of a byte stream whose words may be partial: like crc_engine (Rocksoft
// model, register kept non-reflected), but only the first `nbytes` bytes of `data`, counted
// from the most significant byte, belong to the message. The register, REFIN, REFOUT and
// XOROUT are crc_rocksoft's (shared with crc_engine); this module is the step.
//
// Structure (why): the valid bytes are consumed by a chain of crc_comb steps of 2^j bytes,
// one per bit j of nbytes, most significant first (nbytes = 13 -> 8 + 4 + 1 bytes). A step
// whose bit is 0 is bypassed; a step that is taken shifts its bytes out of the top of the
// window, so the next step finds its bytes at the top. Area: the XOR trees cover about
// 2*DATA_W data bits in total and the byte shifters DATA_W*log2(DATA_W/8) muxes, against
// DATA_W/8 full-width trees (DATA_W^2/8) for one tree per byte count, or DATA_W/8 serial
// byte steps (a chain as deep as the word) for a byte-granular tap mux. Depth: log2 steps.
// Any DATA_W multiple of 8 up to 2048 works (steps wider than crc_comb's 1024-bit limit are
// split into chained 1024-bit pieces).
// Yosys 0.23 note: `hierarchy -top crc_stream -chparam ...` (this module itself as the
// parameterized top) trips an internal assertion (rtlil.cc:663): the port of a crc_comb with
// parameter overrides is connected to an element of a wire array (chain[], pc[]). From a
// parent it elaborates and synthesizes fine, so scripts/lint_rtl.sh elaborates every top
// through a generated wrapper instance (docs/common/crc_stream.md).
`resetall
`default_nettype none
`include "assert.vh"

module crc_stream #(
  parameter integer CRC_W  = 32,
  parameter         POLY   = 32'h04C11DB7,  // untyped: any literal width is accepted
  parameter         INIT   = 32'hFFFFFFFF,
  parameter integer REFIN  = 1,
  parameter integer REFOUT = 1,
  parameter         XOROUT = 32'hFFFFFFFF,
  parameter integer DATA_W = 64
) (
  input  wire                              clk,
  input  wire                              rst_n,
  input  wire                              start,
  input  wire                              valid,
  input  wire [DATA_W-1:0]                 data,
  input  wire [$clog2(DATA_W/8+1)-1:0]     nbytes,
  output wire [CRC_W-1:0]                  crc,
  output wire [CRC_W-1:0]                  crc_reg
);
  localparam integer NB  = DATA_W / 8;           // bytes per word
  localparam integer NBW = $clog2(DATA_W/8 + 1); // width of nbytes; steps j = 0 .. NBW-1

  // The register, REFIN, REFOUT, XOROUT and their parameter checks: crc_rocksoft (shared
  // with crc_engine). Here only the width range is checked.
  generate if (DATA_W < 8 || DATA_W > 2048 || DATA_W % 8 != 0) begin : g_bad_width
    `PARAM_FATAL("crc_stream: need DATA_W a multiple of 8 in 8..2048")
  end endgenerate

  wire [CRC_W-1:0]  crc_q;
  wire [CRC_W-1:0]  base;               // start ? INIT : crc_q
  wire [DATA_W-1:0] data_m;             // data in shift order (bytes bit-reversed if REFIN)
  wire [CRC_W-1:0]  chain [0:NBW] /* verilator split_var */;  // register between steps
  wire [DATA_W-1:0] win   [1:NBW] /* verilator split_var */;  // bytes left, at the top
  wire [CRC_W-1:0]  cur;                // valid ? chain[0] : base

  crc_rocksoft #(.CRC_W(CRC_W), .INIT(INIT), .REFIN(REFIN), .REFOUT(REFOUT), .XOROUT(XOROUT),
                 .DATA_W(DATA_W)) u_rs (
    .clk(clk), .rst_n(rst_n), .start(start), .valid(valid), .data(data),
    .data_m(data_m), .base(base), .stepped(chain[0]), .cur(cur), .crc_q(crc_q),
    .crc(crc), .crc_reg(crc_reg));
  wire unused_state = ^{crc_q, cur};

  genvar gj, gp;
  generate
    // Step j maps chain[j+1], win[j+1] to chain[j], win[j] (the top step starts from base
    // and data_m). split_var: Verilator sees one variable per element, not a loop.
    assign chain[NBW] = base;
    assign win[NBW]   = data_m;
    for (gj = NBW - 1; gj >= 0; gj = gj - 1) begin : g_step
      localparam integer CB = 8 << gj;                       // bits of this step
      localparam integer NP = (CB + 1023) / 1024;            // crc_comb pieces
      localparam integer PW = CB / NP;                       // bits per piece
      wire [CRC_W-1:0] pc [0:NP] /* verilator split_var */;
      assign pc[0] = chain[gj+1];
      for (gp = 0; gp < NP; gp = gp + 1) begin : g_piece
        crc_comb #(.CRC_W(CRC_W), .POLY(POLY), .DATA_W(PW)) u_comb (
          .crc_in (pc[gp]),
          .data_in(win[gj+1][DATA_W-1-gp*PW -: PW]),
          .crc_out(pc[gp+1])
        );
      end
      assign chain[gj] = nbytes[gj] ? pc[NP] : chain[gj+1];
      if (gj > 0) begin : g_shift
        assign win[gj] = nbytes[gj] ? (win[gj+1] << CB) : win[gj+1];
      end
    end
  endgenerate

  generate if ((1 << NBW) - 1 > NB) begin : g_chk_nbytes
    `ASSERT_CLK(nbytes_in_range, clk, rst_n, !valid || nbytes <= NBW'(NB),
                "crc_stream: nbytes above DATA_W/8")
  end endgenerate
endmodule

`resetall
