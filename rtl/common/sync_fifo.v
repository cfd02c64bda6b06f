// Synchronous FIFO, first-word-fall-through. in_ready and out_valid depend only on the
// registered level, so there is no combinational path between the two sides.
`resetall
`default_nettype none
`include "assert.vh"

module sync_fifo #(
  parameter integer WIDTH = 8,
  parameter integer DEPTH = 4
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire                       in_valid,
  input  wire [WIDTH-1:0]           in_data,
  output wire                       in_ready,
  output wire                       out_valid,
  output wire [WIDTH-1:0]           out_data,
  input  wire                       out_ready,
  output wire [$clog2(DEPTH+1)-1:0] level
);
  `include "common_params.vh"

  generate if (WIDTH < 1 || DEPTH < 2) begin : g_bad_param
    `PARAM_FATAL("sync_fifo: need WIDTH >= 1 and DEPTH >= 2")
  end endgenerate

  // max(1, ..) keeps an illegal DEPTH from adding zero-width errors after the message.
  localparam integer PTR_W = idx_w(DEPTH);
  localparam integer LVL_W = $clog2(DEPTH + 1);
  localparam [PTR_W-1:0] LAST = PTR_W'(DEPTH - 1);
  localparam [LVL_W-1:0] FULL = LVL_W'(DEPTH);

  reg [DEPTH*WIDTH-1:0] mem_q;   // entry i at [i*WIDTH +: WIDTH]
  reg [PTR_W-1:0]       rd_q;
  reg [PTR_W-1:0]       wr_q;
  reg [LVL_W-1:0]       level_q;
  reg [WIDTH-1:0]       rd_data;
  integer               ir, iw;

  wire push = in_valid && in_ready;
  wire pop  = out_valid && out_ready;

  assign in_ready  = level_q != FULL;
  assign out_valid = level_q != {LVL_W{1'b0}};
  assign out_data  = rd_data;
  assign level     = level_q;

  // Entries are selected with constant slices in loops: a variable part-select here would
  // synthesize to full-width shifters (11x the logic at 72x5).
  always @* begin
    rd_data = {WIDTH{1'b0}};
    for (ir = 0; ir < DEPTH; ir = ir + 1)
      if (rd_q == ir[PTR_W-1:0]) rd_data = mem_q[ir*WIDTH +: WIDTH];
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)  // entry by entry: a {DEPTH*WIDTH{..}} literal trips Verilator above 8k bits
      for (iw = 0; iw < DEPTH; iw = iw + 1) mem_q[iw*WIDTH +: WIDTH] <= {WIDTH{1'b0}};
    else
      for (iw = 0; iw < DEPTH; iw = iw + 1)
        if (push && wr_q == iw[PTR_W-1:0]) mem_q[iw*WIDTH +: WIDTH] <= in_data;
  end

  // Pointers wrap explicitly: DEPTH need not be a power of two.
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd_q    <= {PTR_W{1'b0}};
      wr_q    <= {PTR_W{1'b0}};
      level_q <= {LVL_W{1'b0}};
    end else begin
      if (push)
        wr_q <= (wr_q == LAST) ? {PTR_W{1'b0}} : wr_q + 1'b1;
      if (pop)
        rd_q <= (rd_q == LAST) ? {PTR_W{1'b0}} : rd_q + 1'b1;
      if (push != pop)
        level_q <= push ? level_q + 1'b1 : level_q - 1'b1;
    end
  end

  // Skipped when DEPTH fills the level range (DEPTH = 2^k-1): constant, and lint says so.
  generate if ((1 << LVL_W) - 1 != DEPTH) begin : g_level_check
    `ASSERT_CLK(level_le_depth, clk, rst_n, level_q <= FULL, "level above DEPTH")
  end endgenerate
  `ASSERT_CLK(no_overflow, clk, rst_n, !(push && !pop && level_q == FULL), "overflow")
  `ASSERT_CLK(no_underflow, clk, rst_n, !(pop && level_q == {LVL_W{1'b0}}), "underflow")
  `ASSERT_STABLE(in_stable, clk, rst_n, in_valid, in_ready, in_data, WIDTH, "write side")
endmodule

`resetall
