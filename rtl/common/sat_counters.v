// N saturating event counters of W bits: counter k adds inc[k*IW +: IW] each cycle and stops at
// 2^W - 1. The error counters of the mesh and ExaNet blocks (noc_router, ape_router, apelink).
// Model: none (each user's model counts the same events, and lockstep compares them)
`resetall
`default_nettype none
`include "assert.vh"

module sat_counters #(
  parameter integer N  = 5,
  parameter integer W  = 16,
  parameter integer IW = 8
) (
  input  wire          clk,
  input  wire          rst_n,
  input  wire [N*IW-1:0] inc,
  output wire [N*W-1:0]  count
);
  generate if (N < 1 || W < 1 || W > 32 || IW < 1 || IW > 32) begin : g_bad_param
    `PARAM_FATAL("sat_counters: need N >= 1, W 1..32, IW 1..32")
  end endgenerate

  reg [N*W-1:0] cnt_q;
  reg [N*W-1:0] cnt_next;
  reg [W+IW:0]  sum;
  integer       k;
  always @* begin
    for (k = 0; k < N; k = k + 1) begin
      sum = (W + IW + 1)'(cnt_q[k*W +: W]) + (W + IW + 1)'(inc[k*IW +: IW]);
      cnt_next[k*W +: W] = sum > (W + IW + 1)'({W{1'b1}}) ? {W{1'b1}} : sum[W-1:0];
    end
  end
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) cnt_q <= {N*W{1'b0}};
    else        cnt_q <= cnt_next;
  end
  assign count = cnt_q;
endmodule

`resetall
