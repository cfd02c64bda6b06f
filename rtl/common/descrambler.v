// Self-synchronizing descrambler: out[n] = in[n] ^ XOR_{k in TAPS} in[n-k].
// A thin wrapper: the logic is selfsync_scrambler (DESCRAMBLE=1); see docs/common/scrambler.md.
// Model: csrc/ref/common/scrambler_model.c (scr_* with descramble = 1)
`resetall
`default_nettype none

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
  selfsync_scrambler #(
    .W(W), .LEN(LEN), .TAPS(TAPS), .MSB_FIRST(MSB_FIRST), .SEED(SEED), .DESCRAMBLE(1)
  ) u_core (
    .clk(clk), .rst_n(rst_n), .valid(valid), .in(in), .out(out)
  );
endmodule

`resetall
