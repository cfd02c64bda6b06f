// Harness self-test DUT: exercises what every backend must get right - ports of
// 1 to 1024 bits in both directions, combinational paths that must settle in the
// same cycle, registered state, reset, a design-side assertion, and a register without reset
// (no friendly zero: read before it is loaded, it is X on Icarus and random on Verilator).
// Model: none (the harness's own DUT: tb/harness/test_harness_probe.c holds the contract it is checked against)
`resetall
`default_nettype none
`include "assert.vh"

module harness_probe #(
  parameter integer WIDE = 1024
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            en,
  input  wire [WIDE-1:0] a,
  input  wire [64:0]     b65,
  input  wire [7:0]      b8,
  input  wire            trip,      // raising it fails the assertion below
  input  wire            ld,        // loads unrst_q from b65[63:0]
  output wire [WIDE-1:0] a_inv,     // combinational ~a
  output reg  [WIDE-1:0] a_q,       // a registered when en
  output wire [64:0]     b65_rot,   // combinational rotate-left by 1
  output wire [8:0]      sum,       // combinational b8 + cnt[7:0]
  output reg  [31:0]     cnt,       // cycles with en since reset
  output reg  [39:0]     acc,       // running sum of b8 when en
  output reg  [63:0]     unrst_q    // no reset, as a RAM: defined only once loaded
);
  generate if (WIDE < 65) begin : g_bad_param
    `PARAM_FATAL("harness_probe: WIDE must be at least 65")
  end endgenerate

  assign a_inv   = ~a;
  assign b65_rot = {b65[63:0], b65[64]};
  assign sum     = {1'b0, b8} + {1'b0, cnt[7:0]};

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      a_q <= {WIDE{1'b0}};
      cnt <= 32'd0;
      acc <= 40'd0;
    end else if (en) begin
      a_q <= a;
      cnt <= cnt + 32'd1;
      acc <= acc + {32'd0, b8};
    end
  end

  // deliberately without reset: what a forgotten reset looks like from a test
  always @(posedge clk)
    if (ld) unrst_q <= b65[63:0];

  `ASSERT_CLK(no_trip, clk, rst_n, !trip, "trip raised")
endmodule

`resetall
