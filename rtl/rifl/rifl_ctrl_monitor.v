// RIFL control event monitor (docs/rifl/rifl_rx_verify.md): raises the PAUSE and RETRANS request
// flags of the peer. A flag is set by the 8th consecutive control frame carrying its key (data
// frames in between are not control frames: they neither count nor break the run, so the
// requests interleaved with a replay count). PUBLISHED 1 (default, FACTS.md): a control frame
// with any other key clears it, and so do 16 consecutive data or IDLE frames. PUBLISHED 0
// (what rifl_lane_core uses with RESTART 1, where the peer's PAUSE restarts the link): only
// the other request key or 16 data or IDLE frames clear it, so one corrupted key can neither
// raise nor drop a flag. A frame with an illegal SYN breaks every run and clears no flag.
// Keys are read from the descrambled body and the verification code is not used: after an
// error the local frame ID counter no longer matches the peer's, and the requests must still
// get through.
// Model: csrc/ref/rifl/rifl_lane_core_model.c (part of rifl_lane_core)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_ctrl_monitor #(
  parameter integer PUBLISHED = 1
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        clear,      // receiver not aligned: forget everything
  input  wire        in_valid,   // an aligned frame
  input  wire [1:0]  in_syn,
  input  wire [15:0] in_key,     // body bits [FW-15:FW-30]: the key of a control frame
  output wire        pause_req,
  output wire        retrans_req,
  output wire        is_pause    // in_valid and the frame is a PAUSE request (combinational)
);
  generate if (PUBLISHED != 0 && PUBLISHED != 1) begin : g_bad_param
    `PARAM_FATAL("rifl_ctrl_monitor: PUBLISHED must be 0 or 1")
  end endgenerate

  localparam [15:0] KEY_IDLE    = 16'h0001;
  localparam [15:0] KEY_PAUSE   = 16'h0010;
  localparam [15:0] KEY_RETRANS = 16'h1000;

  wire is_data  = in_syn == 2'b01;
  wire is_ctrl  = in_syn == 2'b10;
  wire k_pause  = is_ctrl && in_key == KEY_PAUSE;
  wire k_retr   = is_ctrl && in_key == KEY_RETRANS;
  wire k_idle   = is_ctrl && in_key == KEY_IDLE;
  wire quiet    = is_data || k_idle;

  reg [2:0] pause_run_q, retr_run_q;   // consecutive control frames with the key (0..7)
  reg [3:0] quiet_run_q;               // consecutive data / IDLE frames (0..15)
  reg       pause_q, retr_q;

  wire quiet_done = quiet && quiet_run_q == 4'd15;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      pause_run_q <= 3'd0;
      retr_run_q  <= 3'd0;
      quiet_run_q <= 4'd0;
      pause_q     <= 1'b0;
      retr_q      <= 1'b0;
    end else if (clear) begin
      pause_run_q <= 3'd0;
      retr_run_q  <= 3'd0;
      quiet_run_q <= 4'd0;
      pause_q     <= 1'b0;
      retr_q      <= 1'b0;
    end else if (in_valid) begin
      // Runs of one key: counted over control frames only.
      if (k_pause)
        pause_run_q <= (pause_run_q == 3'd7) ? 3'd7 : pause_run_q + 3'd1;
      else if (!is_data)
        pause_run_q <= 3'd0;
      if (k_retr)
        retr_run_q <= (retr_run_q == 3'd7) ? 3'd7 : retr_run_q + 3'd1;
      else if (!is_data)
        retr_run_q <= 3'd0;
      quiet_run_q <= quiet ? (quiet_done ? 4'd15 : quiet_run_q + 4'd1) : 4'd0;

      if (k_pause && pause_run_q == 3'd7)
        pause_q <= 1'b1;
      else if ((PUBLISHED != 0 ? is_ctrl && !k_pause : k_retr) || quiet_done)
        pause_q <= 1'b0;
      if (k_retr && retr_run_q == 3'd7)
        retr_q <= 1'b1;
      else if ((PUBLISHED != 0 ? is_ctrl && !k_retr : k_pause) || quiet_done)
        retr_q <= 1'b0;
    end
  end

  assign pause_req   = pause_q;
  assign retrans_req = retr_q;
  assign is_pause    = in_valid && k_pause;

  `ASSERT_CLK(pause_retr_exclusive, clk, rst_n, !(pause_q && retr_q),
              "PAUSE and RETRANS requests raised together")
endmodule

`resetall
