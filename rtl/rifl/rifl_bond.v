// RIFL channel bonding (the seed's Section 4.E, docs/rifl/rifl_lane.md "Bonding"): LANES
// single-lane cores carry one user stream. The encoder's payload frames go to the lanes in turn
// (frame k to lane k mod LANES) through a two-entry staging FIFO per lane, so every lane can take
// a frame in the same slot; on receive the frames are taken from the lanes' flow-control
// buffers in the same order, which absorbs any skew between lanes (up to the buffer depth,
// and flow control keeps each lane's buffer from overflowing while it waits).
// Each lane runs the single-lane protocol on its own (alignment, replay, flow control).
// With RESTART 0 (the published procedure) a lane never restarts by itself: a lane that loses
// sync pauses and resumes with nothing lost, and the order stands.
// Restarts (RESTART 1): a restart of one lane loses its frames in flight, which would shift the
// round-robin order of the others, so when any lane of a link that was up restarts, every
// lane is forced to restart too and the bond's own order is reset (docs/rifl/rifl_lane.md). From
// that moment until every lane has gone down and left INIT (its receiver is then off until the
// next PAUSE handshake, so nothing of the old stream can arrive any more) the bond purges:
// the staging FIFOs and the lanes' receive buffers are emptied, a packet open at the
// decoder is closed with an abort (tuser), and the rest of a packet open at the encoder is
// discarded as the user sends it. The lanes run with CUT_FLUSH 0: each sees every LANES-th
// frame only, so packet boundaries are the bond's business.
// Model: none (lanes of rifl_lane_core, each modelled by rifl_lane_core_model.c, and a deskew FIFO; tb/rifl/test_rifl_lane.c scores every packet through it)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_bond #(
  parameter integer LANES         = 2,
  parameter integer FW            = 256,
  parameter integer FIDW          = 8,
  parameter integer DW            = 512,
  parameter integer FC_DEPTH      = 64,
  parameter integer LOCK          = 64,
  parameter integer UNLOCK        = 16,
  parameter integer RESTART       = 0,   // 1: the link-restart extension (rifl_tx_ctrl)
  parameter integer PAUSE_TIMEOUT = 64   // RESTART 1 only
) (
  input  wire               clk,
  input  wire               rst_n,
  // user side (the valid/ready rule of s_axis is asserted in rifl_axis_enc)
  input  wire               s_axis_tvalid,
  output wire               s_axis_tready,
  input  wire [DW-1:0]      s_axis_tdata,
  input  wire [DW/8-1:0]    s_axis_tkeep,
  input  wire               s_axis_tlast,
  output wire               m_axis_tvalid,
  input  wire               m_axis_tready,
  output wire [DW-1:0]      m_axis_tdata,
  output wire [DW/8-1:0]    m_axis_tkeep,
  output wire               m_axis_tlast,
  output wire               m_axis_tuser,
  // transceivers: lane i in bits [64 i +: 64]
  output wire [64*LANES-1:0] gt_tx_data,
  input  wire [LANES-1:0]    gt_rx_valid,
  input  wire [64*LANES-1:0] gt_rx_data,
  // status: per lane, and the link as a whole
  output wire               link_up,        // every lane up
  output wire [LANES-1:0]   aligned,
  output wire [3*LANES-1:0] tx_state,
  output wire [LANES-1:0]   frame_err,
  output wire [LANES-1:0]   fc_local,
  output wire [LANES-1:0]   fc_remote,
  output wire [31:0]        cnt_retrans,    // sums over the lanes
  output wire [31:0]        cnt_frame_err,
  output wire [31:0]        cnt_overflow,
  output wire [31:0]        cnt_restart,
  output wire [31:0]        cnt_flush,      // user frames discarded after a restart
  output wire [31:0]        cnt_abort       // received packets closed by a restart
);
  `include "common_params.vh"

  generate if (LANES != 1 && LANES != 2 && LANES != 4) begin : g_bad_param
    `PARAM_FATAL("rifl_bond: LANES must be 1, 2 or 4")
  end endgenerate

  localparam integer BW = FW - 14;                   // {meta, payload}
  localparam integer LW = idx_w(LANES);
  localparam [LW-1:0] LAST = LW'(LANES - 1);

  // ---------------------------------------------------------------- lane order
  reg  [LW-1:0] tx_ptr_q, rx_ptr_q;
  reg           bond_up_q;                 // every lane has been up (since the last restart)
  wire [LANES-1:0] up;
  wire          all_up  = &up;
  wire          any_up  = |up;
  // RESTART 1: a lane of a running bond went down: take the others down with it; the order
  // restarts once every lane is down. RESTART 0: a lane that goes down (out of sync, or the
  // peer's lane paused) keeps its frame IDs and buffer and resumes, losing nothing, so the
  // order stands and nothing is forced.
  wire          force_all = RESTART != 0 && bond_up_q && !all_up;

  // bond_up: every lane has been up. RESTART 1 clears it when no lane is up (the order restarts
  // with the lanes). RESTART 0 never clears it: lanes that went down, even all at once, resume
  // their frame streams where they stopped, so the order must stand (lane_bond_link_cut).
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)                           bond_up_q <= 1'b0;
    else if (all_up)                      bond_up_q <= 1'b1;
    else if (RESTART != 0 && !any_up)     bond_up_q <= 1'b0;
  end

  // ---------------------------------------------------------------- TX
  wire           e_valid, e_ready;
  wire [1:0]     e_meta;
  wire [FW-17:0] e_data;

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

  // ---------------------------------------------------------------- restart purge
  wire [LANES-1:0] in_init;                  // lane i's TX in INIT
  reg              purge_q;
  wire             purge_start = force_all && !purge_q;
  wire             purge       = force_all || purge_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)                                     purge_q <= 1'b0;
    else if (purge_start)                           purge_q <= 1'b1;
    else if (purge_q && !force_all && !(|in_init))  purge_q <= 1'b0;
  end

  wire [LANES-1:0]    st_in_ready, st_valid, u_ready;
  reg                 tx_open_q, tx_flush_q;
  // While flushing, the encoder's frames are taken and dropped.
  assign e_ready = tx_flush_q || (st_in_ready[tx_ptr_q] && bond_up_q && !purge);
  wire   e_take  = e_valid && e_ready && !tx_flush_q;
  wire   e_drop  = e_valid && e_ready && tx_flush_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      tx_open_q  <= 1'b0;
      tx_flush_q <= 1'b0;
    end else begin
      if (e_take) tx_open_q <= !e_meta[1];
      if (e_drop && e_meta[1]) tx_flush_q <= 1'b0;
      if (purge_start) begin
        // no frame is taken in this cycle (purge holds e_ready low unless already flushing)
        tx_open_q  <= 1'b0;
        tx_flush_q <= tx_open_q || (tx_flush_q && !(e_drop && e_meta[1]));
      end
    end
  end

  // ---------------------------------------------------------------- RX
  wire [LANES-1:0]    r_valid, r_abort;
  wire [BW*LANES-1:0] r_body;
  wire                d_ready;
  wire [BW-1:0]       cur = r_body[rx_ptr_q * BW +: BW];
  reg                 rx_open_q, abort_pend_q;
  // The decoder takes the pending abort first, then frames in lane order.
  wire                d_frame = r_valid[rx_ptr_q] && !r_abort[rx_ptr_q] && bond_up_q && !purge &&
                                !abort_pend_q;
  wire                d_take  = d_frame && d_ready;
  wire                d_abort = abort_pend_q && d_ready;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rx_open_q    <= 1'b0;
      abort_pend_q <= 1'b0;
    end else begin
      if (d_take) rx_open_q <= !cur[BW-1];
      if (d_abort) begin
        abort_pend_q <= 1'b0;
        rx_open_q    <= 1'b0;
      end
      if (purge_start && rx_open_q) abort_pend_q <= 1'b1;
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      tx_ptr_q <= {LW{1'b0}};
      rx_ptr_q <= {LW{1'b0}};
    end else if (!bond_up_q) begin
      tx_ptr_q <= {LW{1'b0}};
      rx_ptr_q <= {LW{1'b0}};
    end else begin
      if (e_take)
        tx_ptr_q <= (tx_ptr_q == LAST) ? {LW{1'b0}} : tx_ptr_q + 1'b1;
      if (d_take)
        rx_ptr_q <= (rx_ptr_q == LAST) ? {LW{1'b0}} : rx_ptr_q + 1'b1;
    end
  end

  wire [32*LANES-1:0] c_retr, c_err, c_ovf, c_rst;

  genvar i;
  generate for (i = 0; i < LANES; i = i + 1) begin : g_lane
    // Per-lane outputs the bond does not use (the *unused* names keep lint quiet).
    wire [1:0]         unused_level;    // sync_fifo level, DEPTH 2
    wire [5:0]         unused_offset;
    wire [idx_w(FW / 64)-1:0] unused_phase;
    wire [$clog2(FC_DEPTH+1)-1:0] unused_rx_level;
    wire               unused_preq, unused_rreq;
    wire [31:0]        unused_flush, unused_abort;  // CUT_FLUSH 0; lane aborts are purged
    wire [BW-1:0]      st_out;
    wire [1:0]         rm;
    wire [FW-17:0]     rd;

    sync_fifo #(
      .WIDTH (BW),
      .DEPTH (2)
    ) u_stage (
      .clk       (clk),
      .rst_n     (rst_n),
      .in_valid  (e_take && tx_ptr_q == i),
      .in_data   ({e_meta, e_data}),
      .in_ready  (st_in_ready[i]),
      .out_valid (st_valid[i]),
      .out_data  (st_out),
      .out_ready (u_ready[i] || purge),
      .level     (unused_level)
    );

    rifl_lane_core #(
      .FW            (FW),
      .FIDW          (FIDW),
      .FC_DEPTH      (FC_DEPTH),
      .LOCK          (LOCK),
      .UNLOCK        (UNLOCK),
      .RESTART       (RESTART),
      .PAUSE_TIMEOUT (PAUSE_TIMEOUT),
      .CUT_FLUSH     (0)
    ) u_core (
      .clk           (clk),
      .rst_n         (rst_n),
      .u_valid       (st_valid[i]),
      .u_ready       (u_ready[i]),
      .u_meta        (st_out[BW-1:BW-2]),
      .u_data        (st_out[BW-3:0]),
      .r_valid       (r_valid[i]),
      .r_ready       ((rx_ptr_q == i && d_take) || r_abort[i] || purge),
      .r_meta        (rm),
      .r_data        (rd),
      .r_abort       (r_abort[i]),
      .gt_tx_data    (gt_tx_data[64*i +: 64]),
      .gt_rx_valid   (gt_rx_valid[i]),
      .gt_rx_data    (gt_rx_data[64*i +: 64]),
      .force_restart (force_all),
      .tx_state      (tx_state[3*i +: 3]),
      .aligned       (aligned[i]),
      .align_offset  (unused_offset),
      .align_phase   (unused_phase),
      .link_up       (up[i]),
      .frame_err     (frame_err[i]),
      .pause_req     (unused_preq),
      .retrans_req   (unused_rreq),
      .fc_local      (fc_local[i]),
      .fc_remote     (fc_remote[i]),
      .rx_level      (unused_rx_level),
      .cnt_retrans   (c_retr[32*i +: 32]),
      .cnt_frame_err (c_err[32*i +: 32]),
      .cnt_overflow  (c_ovf[32*i +: 32]),
      .cnt_restart   (c_rst[32*i +: 32]),
      .cnt_flush     (unused_flush),
      .cnt_abort     (unused_abort)
    );
    assign r_body[i*BW +: BW] = {rm, rd};
    assign in_init[i] = tx_state[3*i +: 3] == 3'd0;
  end endgenerate

  rifl_axis_dec #(
    .DW (DW),
    .FW (FW)
  ) u_dec (
    .clk           (clk),
    .rst_n         (rst_n),
    .s_valid       (d_frame || abort_pend_q),
    .s_ready       (d_ready),
    .s_meta        (cur[BW-1:BW-2]),
    .s_data        (cur[BW-3:0]),
    .s_abort       (abort_pend_q),
    .m_axis_tvalid (m_axis_tvalid),
    .m_axis_tready (m_axis_tready),
    .m_axis_tdata  (m_axis_tdata),
    .m_axis_tkeep  (m_axis_tkeep),
    .m_axis_tlast  (m_axis_tlast),
    .m_axis_tuser  (m_axis_tuser)
  );

  // ---------------------------------------------------------------- status
  reg [31:0] s_retr, s_err, s_ovf, s_rst;
  integer k;
  always @* begin
    s_retr = 32'd0;
    s_err  = 32'd0;
    s_ovf  = 32'd0;
    s_rst  = 32'd0;
    for (k = 0; k < LANES; k = k + 1) begin
      s_retr = s_retr + c_retr[32*k +: 32];
      s_err  = s_err + c_err[32*k +: 32];
      s_ovf  = s_ovf + c_ovf[32*k +: 32];
      s_rst  = s_rst + c_rst[32*k +: 32];
    end
  end

  assign link_up       = all_up;
  assign cnt_retrans   = s_retr;
  assign cnt_frame_err = s_err;
  assign cnt_overflow  = s_ovf;
  assign cnt_restart   = s_rst;

  reg [31:0] c_flush_q, c_abort_q;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      c_flush_q <= 32'd0;
      c_abort_q <= 32'd0;
    end else begin
      if (e_drop)  c_flush_q <= c_flush_q + 32'd1;
      if (d_abort) c_abort_q <= c_abort_q + 32'd1;
    end
  end
  assign cnt_flush = c_flush_q;
  assign cnt_abort = c_abort_q;

  `ASSERT_CLK(no_stage_in_purge, clk, rst_n, !(e_take && purge), "bond: a frame staged while purging")
endmodule

`resetall
