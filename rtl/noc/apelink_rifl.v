// An APElink whose wire is a RIFL lane (docs/noc/apelink.md "apelink_rifl"): the paper's link has
// no retransmission, RIFL under it adds it. Each APElink wire word {ctrl, data} travels as one
// AXI4-Stream packet of W/8 + 1 bytes through rifl_lane (one RIFL payload frame for FW >= 256 at
// W 128, FW >= 128 at W 64 / 96), the lane's ready holding apelink's TX (tx_ready). What RIFL
// cannot hide (a frame it could not verify is replayed, never passed on) never reaches the
// APElink's SECDED and CRC. Model: csrc/ref/noc/apelink_rifl_model.c (apelink_model with the
// RIFL lane and AXI4-Stream models of csrc/ref/rifl).
`resetall
`default_nettype none
`include "assert.vh"

module apelink_rifl #(
  parameter integer W        = 128,
  parameter integer NVC      = 2,
  parameter integer D        = 34,
  parameter integer MAXP     = 32,
  parameter integer EW       = 16,
  parameter integer FW       = 256,
  parameter integer FIDW     = 8,
  parameter integer FC_DEPTH = 64,
  parameter integer LOCK     = 64,
  parameter integer UNLOCK   = 16
) (
  input  wire             clk,
  input  wire             rst_n,
  // the router's output port, into TX, and RX to the router's input port (as apelink)
  input  wire             rt_valid,
  input  wire             rt_vc,
  input  wire [W-1:0]     rt_data,
  output wire [NVC-1:0]   rt_cr,
  output wire             lr_valid,
  output wire             lr_vc,
  output wire [W-1:0]     lr_data,
  input  wire [NVC-1:0]   lr_cr,
  // the transceiver: a 64-bit word a cycle each way (RIFL's)
  output wire [63:0]      gt_tx_data,
  input  wire             gt_rx_valid,
  input  wire [63:0]      gt_rx_data,
  input  wire [10:0]      cfg_tred,
  output wire [5*EW-1:0]  err_count,    // apelink's: HDR_COR, HDR_UNC, CRC, FRAME, CREDIT
  output wire [EW-1:0]    bad_beats,    // received beats not in the word format: dropped
  output wire             link_up,      // RIFL's
  output wire [31:0]      cnt_retrans,
  output wire [31:0]      cnt_frame_err
);
  `include "common_params.vh"

  localparam integer KB = W / 8 + 1;                 // bytes of a wire word: {7'b0, ctrl}, data
  localparam integer DW = 8 * KB <= 128 ? 128 : 256;
  localparam [DW/8-1:0] KEEP = {DW/8{1'b1}} << (DW/8 - KB);

  generate if (W != 64 && W != 96 && W != 128) begin : g_bad_param
    `PARAM_FATAL("apelink_rifl: need W 64/96/128 (apelink and rifl_lane check the rest)")
  end endgenerate

  // ------------------------------------------------------------------ the APElink
  wire         tx_valid, tx_ctrl, tx_ready;
  wire [W-1:0] tx_data;
  wire         rx_valid;
  wire         rx_ctrl;
  wire [W-1:0] rx_data;

  apelink #(.W(W), .NVC(NVC), .D(D), .MAXP(MAXP), .EW(EW)) u_link (
    .clk(clk), .rst_n(rst_n),
    .rt_valid(rt_valid), .rt_vc(rt_vc), .rt_data(rt_data), .rt_cr(rt_cr),
    .lr_valid(lr_valid), .lr_vc(lr_vc), .lr_data(lr_data), .lr_cr(lr_cr),
    .tx_valid(tx_valid), .tx_ctrl(tx_ctrl), .tx_data(tx_data), .tx_ready(tx_ready),
    .rx_valid(rx_valid), .rx_ctrl(rx_ctrl), .rx_data(rx_data),
    .cfg_tred(cfg_tred), .err_count(err_count));

  // ------------------------------------------------------------------ the RIFL lane
  // A word is a one-beat packet, first byte (the top one) {7'b0, ctrl}; apelink's tx_* hold
  // until taken, as AXI4-Stream asks.
  wire [DW-1:0]   m_tdata;
  wire [DW/8-1:0] m_tkeep;
  wire            m_tvalid, m_tlast, m_tuser;
  wire [2:0]      st;
  wire            al, fe, pr, rr, fl, fr;
  wire [5:0]      ao;
  wire [idx_w(FW / 64)-1:0] ap;
  wire [$clog2(FC_DEPTH+1)-1:0] lv;
  wire [31:0]     c_ovf, c_rst, c_fl, c_ab;

  rifl_lane #(.FW(FW), .FIDW(FIDW), .DW(DW), .FC_DEPTH(FC_DEPTH), .LOCK(LOCK), .UNLOCK(UNLOCK))
    u_lane (
    .clk(clk), .rst_n(rst_n),
    .s_axis_tvalid(tx_valid), .s_axis_tready(tx_ready),
    .s_axis_tdata({7'd0, tx_ctrl, tx_data, {(DW - 8 * KB){1'b0}}}),
    .s_axis_tkeep(KEEP), .s_axis_tlast(1'b1),
    .m_axis_tvalid(m_tvalid), .m_axis_tready(1'b1), .m_axis_tdata(m_tdata),
    .m_axis_tkeep(m_tkeep), .m_axis_tlast(m_tlast), .m_axis_tuser(m_tuser),
    .gt_tx_data(gt_tx_data), .gt_rx_valid(gt_rx_valid), .gt_rx_data(gt_rx_data),
    .force_restart(1'b0),
    .tx_state(st), .aligned(al), .align_offset(ao), .align_phase(ap), .link_up(link_up),
    .frame_err(fe), .pause_req(pr), .retrans_req(rr), .fc_local(fl), .fc_remote(fr),
    .rx_level(lv), .cnt_retrans(cnt_retrans), .cnt_frame_err(cnt_frame_err),
    .cnt_overflow(c_ovf), .cnt_restart(c_rst), .cnt_flush(c_fl), .cnt_abort(c_ab));

  // A received beat is a word when it has the format that TX gave it; RIFL verifies every frame,
  // so anything else comes from a peer that does not follow this page: dropped and counted.
  wire rx_ok = m_tlast && !m_tuser && m_tkeep == KEEP && m_tdata[DW-1 -: 7] == 7'd0;
  assign rx_valid = m_tvalid && rx_ok;
  assign rx_ctrl = m_tdata[DW-8];
  assign rx_data = m_tdata[DW-9 -: W];

  sat_counters #(.N(1), .W(EW), .IW(1)) u_bad (
    .clk(clk), .rst_n(rst_n), .inc(m_tvalid && !rx_ok), .count(bad_beats));

  wire unused = ^{st, al, fe, pr, rr, fl, fr, ao, ap, lv, c_ovf, c_rst, c_fl, c_ab,
                  m_tdata[DW - 8 * KB - 1 : 0]};
endmodule

`resetall
