// RIFL single lane, payload-frame user side (docs/rifl/rifl_lane.md): TX controller with its
// retransmission buffer, scrambler and verification code, gearbox to 64-bit transceiver
// words; lane aligner, code check and descrambler, control event monitor, RX verification
// and the flow-control buffer. User frames are {meta, payload} as on the wire; rifl_lane
// puts the AXI4-Stream encoder and decoder around this, rifl_bond stripes several of these.
// On the receive side an entry with r_abort set closes a packet cut by a link restart.
`resetall
`default_nettype none
`include "assert.vh"

module rifl_lane_core #(
  parameter integer FW            = 256,
  parameter integer FIDW          = 8,
  parameter integer FC_DEPTH      = 64,
  parameter integer LOCK          = 64,
  parameter integer UNLOCK        = 16,
  parameter integer RESTART       = 0,   // 1: the link-restart extension (rifl_tx_ctrl)
  parameter integer PAUSE_TIMEOUT = 64,  // RESTART 1 only
  parameter integer CUT_FLUSH     = 1    // 0: leave a packet cut by a restart to the user side
) (
  input  wire           clk,
  input  wire           rst_n,
  // user frames, TX (the valid/ready rule is asserted in rifl_tx_ctrl)
  input  wire           u_valid,
  output wire           u_ready,
  input  wire [1:0]     u_meta,
  input  wire [FW-17:0] u_data,
  // user frames, RX (first word fall through)
  output wire           r_valid,
  input  wire           r_ready,
  output wire [1:0]     r_meta,
  output wire [FW-17:0] r_data,
  output wire           r_abort,
  // transceiver side: a word every cycle out, a word with gt_rx_valid in
  output wire [63:0]    gt_tx_data,
  input  wire           gt_rx_valid,
  input  wire [63:0]    gt_rx_data,
  // control and status
  input  wire           force_restart,
  output wire [2:0]     tx_state,
  output wire           aligned,
  output wire [5:0]     align_offset,   // bit offset the aligner locked on
  output wire [idx_w(FW / 64)-1:0] align_phase,  // word slips
  output wire           link_up,
  output wire           frame_err,
  output wire           pause_req,
  output wire           retrans_req,
  output wire           fc_local,
  output wire           fc_remote,
  output wire [$clog2(FC_DEPTH+1)-1:0] rx_level,
  output wire [31:0]    cnt_retrans,    // replay procedures started
  output wire [31:0]    cnt_frame_err,  // error events: a verification failure (bad code, or
                                        // buffer full) while the receiver was not in error
  output wire [31:0]    cnt_overflow,   // deliverable frames refused by a full buffer (replays too)
  output wire [31:0]    cnt_restart,    // link restarts
  output wire [31:0]    cnt_flush,      // user frames discarded after a restart
  output wire [31:0]    cnt_abort       // received packets closed by a restart
);
  `include "common_params.vh"

  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) || FIDW < 5 || FIDW > 12 ||
               FC_DEPTH < 4 || (FC_DEPTH & (FC_DEPTH - 1)) != 0)
  begin : g_bad_param
    `PARAM_FATAL("rifl_lane_core: need FW in {128, 256, 512, 1024}, 5 <= FIDW <= 12, FC_DEPTH a power of two >= 4")
  end endgenerate

  localparam integer BW = FW - 14;

  // ---------------------------------------------------------------- TX
  wire           rx_al, p_req, r_req, f_err, is_pause, fc_on_rx, fc_off_rx, fc_high, fc_low;
  wire           rx_en, restart, ev_retrans, ev_flush;
  wire           f_valid;
  wire [1:0]     f_syn;
  wire [BW-1:0]  f_body;
  wire [FIDW-1:0] f_fid;
  wire           rxf_valid;

  rifl_tx_ctrl #(
    .FW            (FW),
    .FIDW          (FIDW),
    .RESTART       (RESTART),
    .PAUSE_TIMEOUT (PAUSE_TIMEOUT),
    .CUT_FLUSH     (CUT_FLUSH)
  ) u_ctrl (
    .clk           (clk),
    .rst_n         (rst_n),
    .u_valid       (u_valid),
    .u_ready       (u_ready),
    .u_meta        (u_meta),
    .u_data        (u_data),
    .rx_aligned    (rx_al),
    .pause_req     (p_req),
    .retrans_req   (r_req),
    .frame_err     (f_err),
    .rx_frame      (rxf_valid),
    .rx_is_pause   (is_pause),
    .fc_on_rx      (fc_on_rx),
    .fc_off_rx     (fc_off_rx),
    .fc_high       (fc_high),
    .fc_low        (fc_low),
    .force_restart (force_restart),
    .f_valid       (f_valid),
    .f_syn         (f_syn),
    .f_body        (f_body),
    .f_fid         (f_fid),
    .state         (tx_state),
    .link_up       (link_up),
    .rx_enable     (rx_en),
    .restart       (restart),
    .fc_local      (fc_local),
    .fc_remote     (fc_remote),
    .ev_retrans    (ev_retrans),
    .ev_flush      (ev_flush)
  );

  wire          txf_valid;
  wire [FW-1:0] txf_frame;

  rifl_tx_frame #(
    .FW   (FW),
    .FIDW (FIDW)
  ) u_txf (
    .clk       (clk),
    .rst_n     (rst_n),
    .in_valid  (f_valid),
    .in_syn    (f_syn),
    .in_body   (f_body),
    .in_fid    (f_fid),
    .out_valid (txf_valid),
    .out_frame (txf_frame)
  );

  rifl_tx_gearbox #(
    .FW (FW)
  ) u_gear (
    .clk      (clk),
    .rst_n    (rst_n),
    .in_valid (txf_valid),
    .in_frame (txf_frame),
    .gt_data  (gt_tx_data)
  );

  // ---------------------------------------------------------------- RX
  wire          al_valid;
  wire [FW-1:0] al_frame;

  rifl_lane_aligner #(
    .FW     (FW),
    .LOCK   (LOCK),
    .UNLOCK (UNLOCK)
  ) u_align (
    .clk         (clk),
    .rst_n       (rst_n),
    .gt_valid    (gt_rx_valid),
    .gt_data     (gt_rx_data),
    .frame_valid (al_valid),
    .frame       (al_frame),
    .aligned     (rx_al),
    .offset      (align_offset),
    .phase       (align_phase)
  );

  wire [1:0]    rxf_syn;
  wire [BW-1:0] rxf_body;
  wire [11:0]   rxf_code;

  rifl_rx_frame #(
    .FW (FW)
  ) u_rxf (
    .clk       (clk),
    .rst_n     (rst_n),
    .in_valid  (al_valid && rx_al),
    .in_frame  (al_frame),
    .out_valid (rxf_valid),
    .out_syn   (rxf_syn),
    .out_body  (rxf_body),
    .out_code  (rxf_code)
  );

  rifl_ctrl_monitor #(
    .PUBLISHED (RESTART == 0 ? 1 : 0)
  ) u_mon (
    .clk         (clk),
    .rst_n       (rst_n),
    .clear       (!rx_al),
    .in_valid    (rxf_valid),
    .in_syn      (rxf_syn),
    .in_key      (rxf_body[BW-1:BW-16]),
    .pause_req   (p_req),
    .retrans_req (r_req),
    .is_pause    (is_pause)
  );

  // A packet cut by a restart (RESTART 1: both ends restart) is closed with an abort entry,
  // queued behind what the buffer holds; until it is in, nothing new is delivered (the
  // verification sees a full buffer). With RESTART 0 a forced restart is the local TX's
  // alone: the receiver goes on with the peer's stream.
  wire          fcb_ready;
  wire          v_valid;
  wire [1:0]    v_meta;
  wire [FW-17:0] v_data;
  wire          ev_fail, ev_ovf;
  reg           rx_open_q, abort_pend_q;
  wire          abort_push = abort_pend_q && fcb_ready && !v_valid;

  rifl_rx_verify #(
    .FW   (FW),
    .FIDW (FIDW)
  ) u_verify (
    .clk         (clk),
    .rst_n       (rst_n),
    .en          (rx_en),
    .in_valid    (rxf_valid),
    .in_syn      (rxf_syn),
    .in_body     (rxf_body),
    .in_code     (rxf_code),
    .buf_ready   (fcb_ready && !abort_pend_q),
    .out_valid   (v_valid),
    .out_meta    (v_meta),
    .out_data    (v_data),
    .frame_err   (f_err),
    .fc_on       (fc_on_rx),
    .fc_off      (fc_off_rx),
    .ev_fail     (ev_fail),
    .ev_overflow (ev_ovf)
  );

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rx_open_q    <= 1'b0;
      abort_pend_q <= 1'b0;
    end else begin
      if (v_valid)
        rx_open_q <= !v_meta[1];
      // Open after this cycle's frame, if any: an end frame pushed with the restart closes it.
      if (RESTART != 0 && restart && (v_valid ? !v_meta[1] : rx_open_q))
        abort_pend_q <= 1'b1;
      if (abort_push) begin
        abort_pend_q <= 1'b0;
        rx_open_q    <= 1'b0;
      end
    end
  end

  wire [BW:0] fcb_out;

  rifl_fc_buf #(
    .WIDTH (BW + 1),
    .DEPTH (FC_DEPTH)
  ) u_fcb (
    .clk       (clk),
    .rst_n     (rst_n),
    .in_valid  (v_valid || abort_push),
    .in_data   (abort_push ? {1'b1, {BW{1'b0}}} : {1'b0, v_meta, v_data}),
    .in_ready  (fcb_ready),
    .out_valid (r_valid),
    .out_data  (fcb_out),
    .out_ready (r_ready),
    .level     (rx_level),
    .fc_high   (fc_high),
    .fc_low    (fc_low)
  );

  assign r_abort = fcb_out[BW];
  assign r_meta  = fcb_out[BW-1:BW-2];
  assign r_data  = fcb_out[BW-3:0];

  // ---------------------------------------------------------------- status and counters
  reg [31:0] c_retr_q, c_err_q, c_ovf_q, c_rst_q, c_flush_q, c_abort_q;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      c_retr_q  <= 32'd0;
      c_err_q   <= 32'd0;
      c_ovf_q   <= 32'd0;
      c_rst_q   <= 32'd0;
      c_flush_q <= 32'd0;
      c_abort_q <= 32'd0;
    end else begin
      if (ev_retrans) c_retr_q  <= c_retr_q + 32'd1;
      if (ev_fail)    c_err_q   <= c_err_q + 32'd1;
      if (ev_ovf)     c_ovf_q   <= c_ovf_q + 32'd1;
      if (restart)    c_rst_q   <= c_rst_q + 32'd1;
      if (ev_flush)   c_flush_q <= c_flush_q + 32'd1;
      if (abort_push) c_abort_q <= c_abort_q + 32'd1;
    end
  end

  assign aligned       = rx_al;
  assign frame_err     = f_err;
  assign pause_req     = p_req;
  assign retrans_req   = r_req;
  assign cnt_retrans   = c_retr_q;
  assign cnt_frame_err = c_err_q;
  assign cnt_overflow  = c_ovf_q;
  assign cnt_restart   = c_rst_q;
  assign cnt_flush     = c_flush_q;
  assign cnt_abort     = c_abort_q;

  `ASSERT_CLK(fcb_no_overflow, clk, rst_n, !(v_valid && !fcb_ready),
              "verified frame pushed into a full flow-control buffer")
endmodule

`resetall
