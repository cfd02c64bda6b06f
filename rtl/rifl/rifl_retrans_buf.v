// RIFL retransmission buffer: one entry per frame ID (2^FIDW), holding the body of the data
// frame last sent with that ID, unscrambled (the scrambler state moves on, so a replayed
// frame is scrambled and coded again on its way out). Simple dual-port RAM with a
// registered read (rd_data is the entry at the rd_addr of the previous cycle), so it maps to
// block RAM; no reset, the TX controller fills every entry in its INIT state.
// Model: csrc/ref/rifl/rifl_lane_core_model.c (part of rifl_lane_core)
`resetall
`default_nettype none

module rifl_retrans_buf #(
  parameter integer FIDW  = 8,
  parameter integer WIDTH = 242
) (
  input  wire             clk,
  input  wire             wr_en,
  input  wire [FIDW-1:0]  wr_addr,
  input  wire [WIDTH-1:0] wr_data,
  input  wire [FIDW-1:0]  rd_addr,
  output wire [WIDTH-1:0] rd_data
);
  reg [WIDTH-1:0] mem [0:(1 << FIDW) - 1];
  reg [WIDTH-1:0] rd_q;

  always @(posedge clk) begin
    if (wr_en)
      mem[wr_addr] <= wr_data;
    rd_q <= mem[rd_addr];
  end

  assign rd_data = rd_q;
endmodule

`resetall
