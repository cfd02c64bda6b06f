// RIFL TX gearbox: one FW-bit frame every FW/64 cycles out as 64-bit transceiver words,
// most significant word first. The frame is loaded at the edge where in_valid is high and
// its first word is on gt_data in the next cycle; the controller's slots keep frames exactly
// FW/64 cycles apart, so the stream is gapless (asserted).
// Model: csrc/ref/rifl/rifl_lane_core_model.c (part of rifl_lane_core)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_tx_gearbox #(
  parameter integer FW = 256
) (
  input  wire          clk,
  input  wire          rst_n,
  input  wire          in_valid,
  input  wire [FW-1:0] in_frame,
  output wire [63:0]   gt_data
);
  generate if (FW != 128 && FW != 256 && FW != 512 && FW != 1024) begin : g_bad_param
    `PARAM_FATAL("rifl_tx_gearbox: need FW in {128, 256, 512, 1024}")
  end endgenerate

  localparam integer NW = FW / 64;
  localparam integer CW = $clog2(NW);
  localparam [CW-1:0] LAST = CW'(NW - 1);

  reg [FW-1:0] sreg_q;
  reg [CW-1:0] left_q;     // words still to send of the current frame, minus one
  reg          run_q;      // a frame has been loaded since reset

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      sreg_q <= {FW{1'b0}};
      left_q <= {CW{1'b0}};
      run_q  <= 1'b0;
    end else if (in_valid) begin
      sreg_q <= in_frame;
      left_q <= LAST;
      run_q  <= 1'b1;
    end else begin
      sreg_q <= {sreg_q[FW-65:0], 64'd0};
      left_q <= left_q - 1'b1;
    end
  end

  assign gt_data = sreg_q[FW-1:FW-64];

  `ASSERT_CLK(frame_spacing, clk, rst_n, !run_q || (in_valid == (left_q == {CW{1'b0}})),
              "TX frames not exactly FW/64 cycles apart")
endmodule

`resetall
