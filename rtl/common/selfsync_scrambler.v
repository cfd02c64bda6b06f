// Self-synchronizing scrambler core, shared by scrambler and descrambler:
//   DESCRAMBLE=0: out[n] = in[n] ^ XOR_{k in TAPS} out[n-k] (feedback from the output),
//   DESCRAMBLE=1: out[n] = in[n] ^ XOR_{k in TAPS} in[n-k]  (no feedback: LEN good input
//                 bits resynchronize it).
// hist_q holds the last LEN bits of the feedback stream (out or in), bit 0 the most recent.
// Model: csrc/ref/common/scrambler_model.c (the core of scrambler and descrambler)
`resetall
`default_nettype none
`include "assert.vh"

module selfsync_scrambler #(
  parameter integer W         = 64,
  parameter integer LEN       = 33,
  parameter         TAPS      = 33'h1_0000_1000,  // untyped: any literal width is accepted
  parameter integer MSB_FIRST = 1,
  parameter         SEED      = 0,
  parameter integer DESCRAMBLE = 0
) (
  input  wire         clk,
  input  wire         rst_n,
  input  wire         valid,
  input  wire [W-1:0] in,
  output wire [W-1:0] out
);
  generate if (W < 1 || LEN < 1 || (TAPS >> LEN) != 0 || (SEED >> LEN) != 0 ||
               (MSB_FIRST != 0 && MSB_FIRST != 1) ||
               (DESCRAMBLE != 0 && DESCRAMBLE != 1))
  begin : g_bad_param
    `PARAM_FATAL("scrambler: need W >= 1, LEN >= 1, TAPS and SEED < 2**LEN, MSB_FIRST and DESCRAMBLE 0 or 1")
  end endgenerate

  // TAPS / SEED as exactly LEN bits, read by shifting so any literal width lints clean.
  /* verilator coverage_off */ // elaboration-time only
  function [LEN-1:0] fit(input integer which);
    integer k;
    begin
      fit = {LEN{1'b0}};
      for (k = 0; k < LEN; k = k + 1)
        fit[k] = (which == 0) ? (((TAPS >> k) & 1) != 0) : (((SEED >> k) & 1) != 0);
    end
  endfunction
  /* verilator coverage_on */
  localparam [LEN-1:0] TAPS_L = fit(0);
  localparam [LEN-1:0] SEED_L = fit(1);

  reg  [LEN-1:0] hist_q;
  wire [W-1:0]   in_t;   // bit W-1 earliest in time, whatever MSB_FIRST says
  reg  [W-1:0]   out_t;

  genvar gb;
  generate
    if (MSB_FIRST == 1) begin : g_msb
      assign in_t = in;
      assign out  = out_t;
    end else begin : g_lsb
      for (gb = 0; gb < W; gb = gb + 1) begin : g_bit
        assign in_t[gb] = in[W-1-gb];
        assign out[gb]  = out_t[W-1-gb];
      end
    end
  endgenerate

  // x = {history, this word}: x[p+k] is the bit k steps before x[p], so bit p's taps are
  // x[p+1 +: LEN]. Computed from the earliest bit (p = W-1) down; the scrambler puts each
  // fresh output back into x, the descrambler leaves the input there.
  reg [W+LEN-1:0] x;
  integer         p;
  always @* begin
    x = {hist_q, in_t};
    for (p = W - 1; p >= 0; p = p - 1) begin
      out_t[p] = in_t[p] ^ (^(x[p+1 +: LEN] & TAPS_L));
      if (DESCRAMBLE == 0)
        x[p] = out_t[p];
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      hist_q <= SEED_L;
    else if (valid)
      hist_q <= x[LEN-1:0];
  end
endmodule

`resetall
