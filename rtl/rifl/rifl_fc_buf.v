// RIFL flow-control buffer (the seed's Section 4.D): a first-word-fall-through FIFO of
// received frames between the RX verification and the user side. Its level drives the
// flow-control requests: high at or above 2/3 of DEPTH (send "flow control on"), low at or
// below 1/3 (send "off"), the paper's Thr_ON = 2/3 S_FC and Thr_OFF = 1/3 S_FC. Storage is
// a RAM without reset (entries are only read while valid); the read side is combinational
// so a frame is visible the cycle after it is written.
// Model: csrc/ref/rifl/rifl_lane_core_model.c (part of rifl_lane_core)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_fc_buf #(
  parameter integer WIDTH = 243,
  parameter integer DEPTH = 64
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire                       in_valid,   // offered only with room (no_overflow): never stalls
  input  wire [WIDTH-1:0]           in_data,
  output wire                       in_ready,
  output wire                       out_valid,
  output wire [WIDTH-1:0]           out_data,
  input  wire                       out_ready,
  output wire [$clog2(DEPTH+1)-1:0] level,
  output wire                       fc_high,
  output wire                       fc_low
);
  generate if (DEPTH < 4 || (DEPTH & (DEPTH - 1)) != 0 || WIDTH < 1) begin : g_bad_param
    `PARAM_FATAL("rifl_fc_buf: DEPTH must be a power of two >= 4")
  end endgenerate

  localparam integer AW    = $clog2(DEPTH);
  localparam integer LW    = $clog2(DEPTH + 1);
  localparam [LW-1:0] ON   = LW'((2 * DEPTH) / 3);
  localparam [LW-1:0] OFF  = LW'(DEPTH / 3);
  localparam [LW-1:0] FULL = LW'(DEPTH);

  reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [AW-1:0]    wr_q, rd_q;
  reg [LW-1:0]    level_q;

  wire push = in_valid && in_ready;
  wire pop  = out_valid && out_ready;

  always @(posedge clk) if (push) mem[wr_q] <= in_data;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      wr_q    <= {AW{1'b0}};
      rd_q    <= {AW{1'b0}};
      level_q <= {LW{1'b0}};
    end else begin
      if (push) wr_q <= wr_q + 1'b1;
      if (pop)  rd_q <= rd_q + 1'b1;
      case ({push, pop})
        2'b10:   level_q <= level_q + 1'b1;
        2'b01:   level_q <= level_q - 1'b1;
        default: level_q <= level_q;
      endcase
    end
  end

  assign in_ready  = level_q != FULL;
  assign out_valid = level_q != {LW{1'b0}};
  // Masked when empty so the outputs never show stale or uninitialised storage.
  assign out_data  = out_valid ? mem[rd_q] : {WIDTH{1'b0}};
  assign level     = level_q;
  assign fc_high   = level_q >= ON;
  assign fc_low    = level_q <= OFF;

  `ASSERT_CLK(no_overflow, clk, rst_n, !(in_valid && !in_ready), "flow-control buffer overflow")
endmodule

`resetall
