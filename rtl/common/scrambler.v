// Self-synchronizing (multiplicative) scrambler: out[n] = in[n] ^ XOR_{k in TAPS} out[n-k].
// A thin wrapper: the logic is selfsync_scrambler (DESCRAMBLE=0); see docs/common/scrambler.md.
`resetall
`default_nettype none

module scrambler #(
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
    .W(W), .LEN(LEN), .TAPS(TAPS), .MSB_FIRST(MSB_FIRST), .SEED(SEED), .DESCRAMBLE(0)
  ) u_core (
    .clk(clk), .rst_n(rst_n), .valid(valid), .in(in), .out(out)
  );
endmodule

`resetall
