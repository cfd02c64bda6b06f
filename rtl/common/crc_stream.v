// Registered CRC of a byte stream whose words may be partial: like crc_engine (Rocksoft
// model, register kept non-reflected), but only the first `nbytes` bytes of `data`, counted
// from the most significant byte, belong to the message.
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
// parameterized top) trips an internal assertion (rtlil.cc:663) while deriving crc_comb;
// instantiated from a parent (as sue_tx_frame, sue_txf_rcrc do), it elaborates and
// synthesizes fine. So tops.txt lines use a parent, not crc_stream directly.
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

  generate if (CRC_W < 1 || CRC_W > 32 || (INIT >> CRC_W) != 0 || (XOROUT >> CRC_W) != 0)
  begin : g_bad_param
    `PARAM_FATAL("crc_stream: need 1 <= CRC_W <= 32 and INIT, XOROUT < 2**CRC_W")
  end endgenerate
  generate if ((REFIN != 0 && REFIN != 1) || (REFOUT != 0 && REFOUT != 1) ||
               DATA_W < 8 || DATA_W > 2048 || DATA_W % 8 != 0)
  begin : g_bad_width
    `PARAM_FATAL("crc_stream: need REFIN, REFOUT 0 or 1, and DATA_W a multiple of 8 in 8..2048")
  end endgenerate

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

  // Bit order reversal inside each byte of a 32-bit word (nibbles, pairs, bits swapped).
  function [31:0] byte_bitrev32(input [31:0] x);
    reg [31:0] t;
    begin
      t = {x[27:24], x[31:28], x[19:16], x[23:20], x[11:8], x[15:12], x[3:0], x[7:4]};
      t = ((t >> 2) & 32'h33333333) | ((t & 32'h33333333) << 2);
      byte_bitrev32 = ((t >> 1) & 32'h55555555) | ((t & 32'h55555555) << 1);
    end
  endfunction

  reg  [CRC_W-1:0]  crc_q;
  wire [CRC_W-1:0]  base = start ? INIT_L : crc_q;
  wire [DATA_W-1:0] data_m;             // data in shift order (bytes bit-reversed if REFIN)
  wire [CRC_W-1:0]  chain [0:NBW] /* verilator split_var */;  // register between steps
  wire [DATA_W-1:0] win   [1:NBW] /* verilator split_var */;  // bytes left, at the top
  wire [CRC_W-1:0]  cur = valid ? chain[0] : base;
  wire [CRC_W-1:0]  cur_o;
  wire [CRC_W-1:0]  reg_o;

  genvar gb, gj, gp;
  generate
    if (REFIN == 1) begin : g_refin
      for (gb = 0; gb + 32 <= DATA_W; gb = gb + 32) begin : g_word
        assign data_m[gb +: 32] = byte_bitrev32(data[gb +: 32]);
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

  // start alone begins an empty message; start with valid makes data its first word.
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      crc_q <= INIT_L;
    else if (start || valid)
      crc_q <= cur;
  end

  generate if ((1 << NBW) - 1 > NB) begin : g_chk_nbytes
    `ASSERT_CLK(clk, rst_n, !valid || nbytes <= NB[NBW-1:0], "crc_stream: nbytes above DATA_W/8")
  end endgenerate

  assign crc     = cur_o ^ XOROUT_L;
  assign crc_reg = reg_o ^ XOROUT_L;
endmodule
