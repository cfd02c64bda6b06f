// Drop counter of a switch (scoc_switch, islip_switch): adds the number of ports that dropped
// a packet in a cycle (one pulse each) to a 32-bit count, which wraps.
// Model: csrc/ref/scoc/scoc_switch_model.c (the drop counts of both switch models)
`resetall
`default_nettype none
`include "assert.vh"

module sw_drop_counter #(
  parameter integer N = 16
) (
  input  wire         clk,
  input  wire         rst_n,
  input  wire [N-1:0] pulse,
  output reg  [31:0]  count
);
  generate if (N < 2 || N > 256) begin : g_bad_param
    `PARAM_FATAL("sw_drop_counter: need 2 <= N <= 256")
  end endgenerate

  localparam integer NW = $clog2(N);

  reg [NW:0] n;
  integer i;
  always @* begin
    n = {(NW+1){1'b0}};
    for (i = 0; i < N; i = i + 1)
      n = n + {{NW{1'b0}}, pulse[i]};
  end

  always @(posedge clk or negedge rst_n)
    if (!rst_n) count <= 32'd0;
    else        count <= count + {{(31-NW){1'b0}}, n};
endmodule

`resetall
