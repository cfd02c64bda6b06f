// RIFL single-lane link layer with its AXI4-Stream user side (docs/rifl/rifl_lane.md): the
// encoder re-chunks user packets into payload frames, rifl_lane_core carries them with
// in-band retransmission and flow control, the decoder turns received frames back into
// packets. A packet cut by a link restart is delivered with tuser set on its tlast beat.
// Model: csrc/ref/rifl/rifl_lane_core_model.c (rifl_lane_core with rifl_axis_enc / rifl_axis_dec, rifl_axis_model.c)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_lane #(
  parameter integer FW            = 256,
  parameter integer FIDW          = 8,
  parameter integer DW            = 256,
  parameter integer FC_DEPTH      = 64,
  parameter integer LOCK          = 64,
  parameter integer UNLOCK        = 16,
  parameter integer RESTART       = 0,   // 1: the link-restart extension (rifl_tx_ctrl)
  parameter integer PAUSE_TIMEOUT = 64   // RESTART 1 only
) (
  input  wire            clk,
  input  wire            rst_n,
  // user side (the valid/ready rule of s_axis is asserted in rifl_axis_enc)
  input  wire            s_axis_tvalid,
  output wire            s_axis_tready,
  input  wire [DW-1:0]   s_axis_tdata,
  input  wire [DW/8-1:0] s_axis_tkeep,
  input  wire            s_axis_tlast,
  output wire            m_axis_tvalid,
  input  wire            m_axis_tready,
  output wire [DW-1:0]   m_axis_tdata,
  output wire [DW/8-1:0] m_axis_tkeep,
  output wire            m_axis_tlast,
  output wire            m_axis_tuser,   // on a tlast beat: the packet was cut by a restart
  // transceiver side
  output wire [63:0]     gt_tx_data,
  input  wire            gt_rx_valid,
  input  wire [63:0]     gt_rx_data,
  // control and status (rifl_lane_core)
  input  wire            force_restart,
  output wire [2:0]      tx_state,
  output wire            aligned,
  output wire [5:0]      align_offset,
  output wire [idx_w(FW / 64)-1:0] align_phase,
  output wire            link_up,
  output wire            frame_err,
  output wire            pause_req,
  output wire            retrans_req,
  output wire            fc_local,
  output wire            fc_remote,
  output wire [$clog2(FC_DEPTH+1)-1:0] rx_level,
  output wire [31:0]     cnt_retrans,
  output wire [31:0]     cnt_frame_err,
  output wire [31:0]     cnt_overflow,
  output wire [31:0]     cnt_restart,
  output wire [31:0]     cnt_flush,
  output wire [31:0]     cnt_abort
);
  // one C++ class for every instance with the same parameters (two per fabric link)
  /* verilator no_inline_module */
  `include "common_params.vh"

  wire           e_valid, e_ready, r_valid, r_ready, r_abort;
  wire [1:0]     e_meta, r_meta;
  wire [FW-17:0] e_data, r_data;

  rifl_axis_enc #(
    .DW (DW),
    .FW (FW)
  ) u_enc (
    .clk           (clk),
    .rst_n         (rst_n),
    .s_axis_tvalid (s_axis_tvalid),
    .s_axis_tready (s_axis_tready),
    .s_axis_tdata  (s_axis_tdata),
    .s_axis_tkeep  (s_axis_tkeep),
    .s_axis_tlast  (s_axis_tlast),
    .m_valid       (e_valid),
    .m_ready       (e_ready),
    .m_meta        (e_meta),
    .m_data        (e_data)
  );

  rifl_lane_core #(
    .FW            (FW),
    .FIDW          (FIDW),
    .FC_DEPTH      (FC_DEPTH),
    .LOCK          (LOCK),
    .UNLOCK        (UNLOCK),
    .RESTART       (RESTART),
    .PAUSE_TIMEOUT (PAUSE_TIMEOUT)
  ) u_core (
    .clk           (clk),
    .rst_n         (rst_n),
    .u_valid       (e_valid),
    .u_ready       (e_ready),
    .u_meta        (e_meta),
    .u_data        (e_data),
    .r_valid       (r_valid),
    .r_ready       (r_ready),
    .r_meta        (r_meta),
    .r_data        (r_data),
    .r_abort       (r_abort),
    .gt_tx_data    (gt_tx_data),
    .gt_rx_valid   (gt_rx_valid),
    .gt_rx_data    (gt_rx_data),
    .force_restart (force_restart),
    .tx_state      (tx_state),
    .aligned       (aligned),
    .align_offset  (align_offset),
    .align_phase   (align_phase),
    .link_up       (link_up),
    .frame_err     (frame_err),
    .pause_req     (pause_req),
    .retrans_req   (retrans_req),
    .fc_local      (fc_local),
    .fc_remote     (fc_remote),
    .rx_level      (rx_level),
    .cnt_retrans   (cnt_retrans),
    .cnt_frame_err (cnt_frame_err),
    .cnt_overflow  (cnt_overflow),
    .cnt_restart   (cnt_restart),
    .cnt_flush     (cnt_flush),
    .cnt_abort     (cnt_abort)
  );

  rifl_axis_dec #(
    .DW (DW),
    .FW (FW)
  ) u_dec (
    .clk           (clk),
    .rst_n         (rst_n),
    .s_valid       (r_valid),
    .s_ready       (r_ready),
    .s_meta        (r_meta),
    .s_data        (r_data),
    .s_abort       (r_abort),
    .m_axis_tvalid (m_axis_tvalid),
    .m_axis_tready (m_axis_tready),
    .m_axis_tdata  (m_axis_tdata),
    .m_axis_tkeep  (m_axis_tkeep),
    .m_axis_tlast  (m_axis_tlast),
    .m_axis_tuser  (m_axis_tuser)
  );
endmodule

`resetall
