// Self-synchronizing descrambler: out[n] = in[n] ^ XOR_{k in TAPS} in[n-k] (no feedback,
// so LEN good input bits resync it). hist_q holds the last LEN input bits, bit 0 newest.
`include "assert.vh"

module descrambler #(
  parameter integer W         = 64,
  parameter integer LEN       = 33,
  parameter         TAPS      = 33'h1_0000_1000,  // untyped: any literal width is accepted
  parameter integer MSB_FIRST = 1,
  parameter         SEED      = 0
) (
  input  wire         clk,
  input  wire         rst_n,
  input  wire         valid,
  input  wire [W-1:0] in,
  output wire [W-1:0] out
);
  generate if (W < 1 || LEN < 1 || (TAPS >> LEN) != 0 || (SEED >> LEN) != 0 ||
               (MSB_FIRST != 0 && MSB_FIRST != 1))
  begin : g_bad_param
    `PARAM_FATAL("descrambler: need W >= 1, LEN >= 1, TAPS and SEED < 2**LEN, MSB_FIRST 0 or 1")
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
  wire [W-1:0]   out_t;

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

  // y = {history, this word}: y[p+k] is the input bit k steps before y[p], so bit p's
  // taps are y[p+1 +: LEN]; no output feeds back.
  wire [W+LEN-1:0] y = {hist_q, in_t};
  genvar gp;
  generate
    for (gp = 0; gp < W; gp = gp + 1) begin : g_out
      assign out_t[gp] = in_t[gp] ^ (^(y[gp+1 +: LEN] & TAPS_L));
    end
  endgenerate

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      hist_q <= SEED_L;
    else if (valid)
      hist_q <= y[LEN-1:0];
  end
endmodule
