// SUE receive credits (docs/sue/index.md "Receive (SUE to XPU)", "Credit words";
// docs/sue/sue_rx_deliver.md): one counter per {VC, type} (index vc * 2 + type), granted by the
// XPU through rx_credit words, one taken by each command started, all withdrawn by
// rx_reset_in. Counters are CRW bits and saturate at 2^CRW - 1 (an XPU granting more than
// that many credits of one kind without using them loses the excess; with CRW = 16 that is
// 65535 commands of one {VC, type} outstanding, far beyond any XPU receive buffer).
// Model: csrc/ref/sue/sue_endpoint_model.c (the rx credits of the endpoint)
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_credits #(
  parameter integer CRW = 16
) (
  input  wire       clk,
  input  wire       rst_n,
  input  wire [5:0] rx_credit,     // [5] valid, [4] type, [3:2] VC, [1:0] count - 1
  input  wire       rx_reset_in,   // clears every counter; grants of that cycle are ignored
  input  wire       take,          // a command starts: one credit of take_idx at this edge
  input  wire [2:0] take_idx,      // vc * 2 + type
  output wire [7:0] avail          // counter idx is not 0 (and rx_reset_in is low)
);
  generate if (CRW < 3 || CRW > 32) begin : g_bad_param
    `PARAM_FATAL("sue_rx_credits: CRW must be 3 .. 32")
  end endgenerate

  reg [8*CRW-1:0] cnt_q;           // counter i at [i*CRW +: CRW]
  wire [2:0] g_idx = {rx_credit[3:2], rx_credit[4]};
  wire [CRW:0] g_n = {{(CRW-2){1'b0}}, 1'b0, rx_credit[1:0]} + 1'b1;
  localparam [CRW:0] SAT = {1'b0, {CRW{1'b1}}};
  genvar gi;
  generate for (gi = 0; gi < 8; gi = gi + 1) begin : g_c
    wire [CRW-1:0] c = cnt_q[gi*CRW +: CRW];
    wire           tk = take && take_idx == gi;
    wire [CRW:0]   add = (rx_credit[5] && g_idx == gi) ? g_n : {(CRW+1){1'b0}};
    wire [CRW:0]   nx = {1'b0, c} - {{CRW{1'b0}}, tk} + add;
    always @(posedge clk or negedge rst_n)
      if (!rst_n)           cnt_q[gi*CRW +: CRW] <= {CRW{1'b0}};
      else if (rx_reset_in) cnt_q[gi*CRW +: CRW] <= {CRW{1'b0}};
      else                  cnt_q[gi*CRW +: CRW] <= (nx > SAT) ? SAT[CRW-1:0] : nx[CRW-1:0];
    assign avail[gi] = c != {CRW{1'b0}} && !rx_reset_in;
    `ASSERT_CLK(start_has_credit, clk, rst_n, !tk || avail[gi], "command started without an rx credit")
  end endgenerate
endmodule

`resetall
