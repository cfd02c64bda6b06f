// Credit counter: count <= count - take + give, reset to INIT (all credits available).
`resetall
`default_nettype none
`include "assert.vh"

module credit_counter #(
  parameter integer INIT   = 8,
  parameter integer GIVE_W = 4
) (
  input  wire                      clk,
  input  wire                      rst_n,
  input  wire                      take,
  input  wire [GIVE_W-1:0]         give,
  output wire [$clog2(INIT+1)-1:0] count,
  output wire                      avail
);
  `include "common_params.vh"

  generate if (INIT < 1 || GIVE_W < 1) begin : g_bad_param
    `PARAM_FATAL("credit_counter: need INIT >= 1 and GIVE_W >= 1")
  end endgenerate

  localparam integer CNT_W = idx_w(INIT + 1);
  // One bit wider than both operands so the assertion sees an overshoot before truncation.
  localparam integer SUM_W = ((CNT_W > GIVE_W) ? CNT_W : GIVE_W) + 1;
  localparam [CNT_W-1:0] INIT_C = CNT_W'(INIT);

  wire [SUM_W-1:0] init_s = {{(SUM_W-CNT_W){1'b0}}, INIT_C};

  reg  [CNT_W-1:0] count_q;
  wire [SUM_W-1:0] sum = {{(SUM_W-CNT_W){1'b0}}, count_q}
                       + {{(SUM_W-GIVE_W){1'b0}}, give}
                       - {{(SUM_W-1){1'b0}}, take};

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      count_q <= INIT_C;
    else
      count_q <= sum[CNT_W-1:0];
  end

  assign count = count_q;
  assign avail = count_q != {CNT_W{1'b0}};

  `ASSERT_CLK(take_has_credit, clk, rst_n, !(take && count_q == 0), "take with no credit")
  // A take at zero wraps sum: that case is left to the assertion above.
  `ASSERT_CLK(count_le_init, clk, rst_n, (take && count_q == 0) || sum <= init_s, "credits above INIT")
endmodule

`resetall
