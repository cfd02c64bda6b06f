// fabric_link: one XPU-switch link of the fabric, both directions (docs/fabric/index.md): with
// RIFL = 1 a RIFL lane pair (rtl/rifl, the spec's link-level retry, 3.3.4), or with LANES 2 or 4
// a rifl_bond pair; with RIFL = 0 the frames go raw over the same channel (bypass) and a FIFO
// meets the endpoint's ready. "up" is endpoint to switch port, "dn" switch port to endpoint. The
// channel itself is outside: each lane of a direction is a 64-bit word a cycle out (*_tx_*) and
// back in (*_rx_*). Used by fabric (one link per XPU) and fabric_multi (one per XPU and plane).
// Model: csrc/ref/rifl (the lanes); the raw channel is a wire and a FIFO
`resetall
`default_nettype none
`include "assert.vh"

module fabric_link #(
  parameter integer RIFL     = 1,      // 1 RIFL, 0 raw Ethernet (bypass)
  parameter integer LANES    = 1,      // RIFL lanes a direction (1, 2, 4; > 1: rifl_bond)
  parameter integer FW       = 256,
  parameter integer FIDW     = 6,
  parameter integer FC_DEPTH = 64,
  parameter integer RAW_FIFO = 64,     // raw channel: the endpoint's receive FIFO, words
  localparam integer GW      = 64 * LANES
) (
  input  wire          clk,
  input  wire          rst_n,
  // ---- endpoint side: what it sends (up), what it receives (dn)
  input  wire          ep_tx_valid,
  output wire          ep_tx_ready,
  input  wire [63:0]   ep_tx_data,
  input  wire [3:0]    ep_tx_nbytes,
  input  wire          ep_tx_last,
  output wire          ep_rx_valid,
  input  wire          ep_rx_ready,
  output wire [63:0]   ep_rx_data,
  output wire [3:0]    ep_rx_nbytes,
  output wire          ep_rx_last,
  output wire          ep_rx_user,     // the link cut the frame (a RIFL abort)
  // ---- switch-port side: what it receives (up), what it sends (dn)
  output wire          sw_rx_valid,
  input  wire          sw_rx_ready,
  output wire [63:0]   sw_rx_data,
  output wire [3:0]    sw_rx_nbytes,
  output wire          sw_rx_last,
  output wire          sw_rx_user,
  input  wire          sw_tx_valid,
  output wire          sw_tx_ready,
  input  wire [63:0]   sw_tx_data,
  input  wire [3:0]    sw_tx_nbytes,
  input  wire          sw_tx_last,
  // ---- the channel: a 64-bit word a lane (lane k at [64k +: 64]) and, raw only, its framing
  //      {valid, last, 2'b0, nbytes}
  output wire [GW-1:0] up_tx_data,
  output wire [7:0]    up_tx_ctl,
  input  wire [LANES-1:0] up_rx_valid,
  input  wire [GW-1:0] up_rx_data,
  input  wire [7:0]    up_rx_ctl,
  output wire [GW-1:0] dn_tx_data,
  output wire [7:0]    dn_tx_ctl,
  input  wire [LANES-1:0] dn_rx_valid,
  input  wire [GW-1:0] dn_rx_data,
  input  wire [7:0]    dn_rx_ctl,
  // ---- status
  output wire [1:0]    link_up,        // [0] up received and aligned, [1] dn (every lane; raw: 1)
  output wire [63:0]   retrans,        // retransmissions requested: [31:0] up, [63:32] dn
  output wire          raw_overflow    // raw: a beat found the endpoint FIFO full
);
  `include "common_params.vh"

  generate if ((RIFL != 0 && RIFL != 1) || (LANES != 1 && LANES != 2 && LANES != 4) ||
               (RIFL == 0 && LANES != 1)) begin : g_bad_param
    `PARAM_FATAL("fabric_link: need RIFL in {0, 1}, LANES in {1, 2, 4}, LANES 1 on raw links")
  end endgenerate

  generate if (RIFL != 0) begin : g_rifl
    wire [7:0]  a_rkeep, b_rkeep;
    wire [31:0] a_rt, b_rt;
    if (LANES == 1) begin : g_lane
      // up: endpoint -> lane a -> channel -> lane b -> switch; dn: switch -> lane b -> lane a
      // lane state and counters the fabric does not bring out
      wire [2:0]  a_st, b_st;
      wire        a_al, b_al, a_fe, b_fe, a_pr, b_pr, a_rr, b_rr, a_fl, b_fl, a_fr, b_fr;
      wire [5:0]  a_ao, b_ao;
      wire [idx_w(FW / 64)-1:0] a_ap, b_ap;
      wire [$clog2(FC_DEPTH+1)-1:0] a_lv, b_lv;
      wire [159:0] a_c, b_c;
      wire unused_lane = ^{a_st, b_st, a_al, b_al, a_fe, b_fe, a_pr, b_pr, a_rr, b_rr, a_fl, b_fl,
                           a_fr, b_fr, a_ao, b_ao, a_ap, b_ap, a_lv, b_lv, a_c, b_c};
      rifl_lane #(.FW(FW), .FIDW(FIDW), .DW(64), .FC_DEPTH(FC_DEPTH)) u_a (
        .clk(clk), .rst_n(rst_n),
        .s_axis_tvalid(ep_tx_valid), .s_axis_tready(ep_tx_ready), .s_axis_tdata(ep_tx_data),
        .s_axis_tkeep(~(8'hFF >> ep_tx_nbytes)), .s_axis_tlast(ep_tx_last),
        .m_axis_tvalid(ep_rx_valid), .m_axis_tready(ep_rx_ready), .m_axis_tdata(ep_rx_data),
        .m_axis_tkeep(a_rkeep), .m_axis_tlast(ep_rx_last), .m_axis_tuser(ep_rx_user),
        .gt_tx_data(up_tx_data), .gt_rx_valid(dn_rx_valid), .gt_rx_data(dn_rx_data),
        .force_restart(1'b0),
        .tx_state(a_st), .aligned(a_al), .align_offset(a_ao), .align_phase(a_ap),
        .link_up(link_up[1]), .frame_err(a_fe), .pause_req(a_pr), .retrans_req(a_rr),
        .fc_local(a_fl), .fc_remote(a_fr), .rx_level(a_lv), .cnt_retrans(a_rt),
        .cnt_frame_err(a_c[0 +: 32]), .cnt_overflow(a_c[32 +: 32]), .cnt_restart(a_c[64 +: 32]),
        .cnt_flush(a_c[96 +: 32]), .cnt_abort(a_c[128 +: 32]));
      rifl_lane #(.FW(FW), .FIDW(FIDW), .DW(64), .FC_DEPTH(FC_DEPTH)) u_b (
        .clk(clk), .rst_n(rst_n),
        .s_axis_tvalid(sw_tx_valid), .s_axis_tready(sw_tx_ready), .s_axis_tdata(sw_tx_data),
        .s_axis_tkeep(~(8'hFF >> sw_tx_nbytes)), .s_axis_tlast(sw_tx_last),
        .m_axis_tvalid(sw_rx_valid), .m_axis_tready(sw_rx_ready), .m_axis_tdata(sw_rx_data),
        .m_axis_tkeep(b_rkeep), .m_axis_tlast(sw_rx_last), .m_axis_tuser(sw_rx_user),
        .gt_tx_data(dn_tx_data), .gt_rx_valid(up_rx_valid), .gt_rx_data(up_rx_data),
        .force_restart(1'b0),
        .tx_state(b_st), .aligned(b_al), .align_offset(b_ao), .align_phase(b_ap),
        .link_up(link_up[0]), .frame_err(b_fe), .pause_req(b_pr), .retrans_req(b_rr),
        .fc_local(b_fl), .fc_remote(b_fr), .rx_level(b_lv), .cnt_retrans(b_rt),
        .cnt_frame_err(b_c[0 +: 32]), .cnt_overflow(b_c[32 +: 32]), .cnt_restart(b_c[64 +: 32]),
        .cnt_flush(b_c[96 +: 32]), .cnt_abort(b_c[128 +: 32]));
    end else begin : g_bond
      // LANES bonded RIFL lanes a direction (rifl_bond, the published RESTART 0): frame k of a
      // link on lane k mod LANES; up: endpoint -> bond a -> LANES channels -> bond b -> switch
      // lane state and counters the fabric does not bring out
      wire [LANES-1:0]   a_al, b_al, a_fe, b_fe, a_fl, b_fl, a_fr, b_fr;
      wire [3*LANES-1:0] a_st, b_st;
      wire [159:0]       a_c, b_c;
      wire unused_bond = ^{a_al, b_al, a_fe, b_fe, a_fl, b_fl, a_fr, b_fr, a_st, b_st, a_c, b_c};
      rifl_bond #(.LANES(LANES), .FW(FW), .FIDW(FIDW), .DW(64), .FC_DEPTH(FC_DEPTH)) u_a (
        .clk(clk), .rst_n(rst_n),
        .s_axis_tvalid(ep_tx_valid), .s_axis_tready(ep_tx_ready), .s_axis_tdata(ep_tx_data),
        .s_axis_tkeep(~(8'hFF >> ep_tx_nbytes)), .s_axis_tlast(ep_tx_last),
        .m_axis_tvalid(ep_rx_valid), .m_axis_tready(ep_rx_ready), .m_axis_tdata(ep_rx_data),
        .m_axis_tkeep(a_rkeep), .m_axis_tlast(ep_rx_last), .m_axis_tuser(ep_rx_user),
        .gt_tx_data(up_tx_data), .gt_rx_valid(dn_rx_valid), .gt_rx_data(dn_rx_data),
        .link_up(link_up[1]), .aligned(a_al), .tx_state(a_st), .frame_err(a_fe),
        .fc_local(a_fl), .fc_remote(a_fr), .cnt_retrans(a_rt), .cnt_frame_err(a_c[0 +: 32]),
        .cnt_overflow(a_c[32 +: 32]), .cnt_restart(a_c[64 +: 32]), .cnt_flush(a_c[96 +: 32]),
        .cnt_abort(a_c[128 +: 32]));
      rifl_bond #(.LANES(LANES), .FW(FW), .FIDW(FIDW), .DW(64), .FC_DEPTH(FC_DEPTH)) u_b (
        .clk(clk), .rst_n(rst_n),
        .s_axis_tvalid(sw_tx_valid), .s_axis_tready(sw_tx_ready), .s_axis_tdata(sw_tx_data),
        .s_axis_tkeep(~(8'hFF >> sw_tx_nbytes)), .s_axis_tlast(sw_tx_last),
        .m_axis_tvalid(sw_rx_valid), .m_axis_tready(sw_rx_ready), .m_axis_tdata(sw_rx_data),
        .m_axis_tkeep(b_rkeep), .m_axis_tlast(sw_rx_last), .m_axis_tuser(sw_rx_user),
        .gt_tx_data(dn_tx_data), .gt_rx_valid(up_rx_valid), .gt_rx_data(up_rx_data),
        .link_up(link_up[0]), .aligned(b_al), .tx_state(b_st), .frame_err(b_fe),
        .fc_local(b_fl), .fc_remote(b_fr), .cnt_retrans(b_rt), .cnt_frame_err(b_c[0 +: 32]),
        .cnt_overflow(b_c[32 +: 32]), .cnt_restart(b_c[64 +: 32]), .cnt_flush(b_c[96 +: 32]),
        .cnt_abort(b_c[128 +: 32]));
    end
    assign ep_rx_nbytes = keep_count(a_rkeep);
    assign sw_rx_nbytes = keep_count(b_rkeep);
    // the receiving side counts the requests it raised: b's for the up link, a's for dn
    assign retrans      = {a_rt, b_rt};
    assign up_tx_ctl    = 8'd0;
    assign dn_tx_ctl    = 8'd0;
    assign raw_overflow = 1'b0;
    wire unused_ctl = ^{up_rx_ctl, dn_rx_ctl};
  end else begin : g_raw
    // up: the endpoint sends at line rate; the switch port takes every beat
    assign ep_tx_ready  = 1'b1;
    assign up_tx_data   = ep_tx_valid ? ep_tx_data : 64'd0;
    assign up_tx_ctl    = {ep_tx_valid, ep_tx_valid && ep_tx_last, 2'b00,
                           ep_tx_valid ? ep_tx_nbytes : 4'd0};
    assign sw_rx_valid  = up_rx_valid[0] && up_rx_ctl[7];
    assign sw_rx_data   = up_rx_data;
    assign sw_rx_last   = up_rx_ctl[6];
    assign sw_rx_nbytes = up_rx_ctl[3:0];
    assign sw_rx_user   = 1'b0;
    // dn: the switch port sends at line rate; a FIFO meets the endpoint's valid / ready
    assign sw_tx_ready  = 1'b1;
    assign dn_tx_data   = sw_tx_valid ? sw_tx_data : 64'd0;
    assign dn_tx_ctl    = {sw_tx_valid, sw_tx_valid && sw_tx_last, 2'b00,
                           sw_tx_valid ? sw_tx_nbytes : 4'd0};
    wire        f_in = dn_rx_valid[0] && dn_rx_ctl[7];
    wire        f_rdy;
    wire [68:0] f_out;
    wire [$clog2(RAW_FIFO+1)-1:0] f_lvl;
    wire unused_raw = ^{f_lvl, dn_rx_ctl[5:4], up_rx_ctl[5:4], sw_rx_ready};
    sync_fifo #(.WIDTH(69), .DEPTH(RAW_FIFO)) u_fifo (
      .clk(clk), .rst_n(rst_n),
      .in_valid(f_in), .in_data({dn_rx_ctl[6], dn_rx_ctl[3:0], dn_rx_data}),
      .in_ready(f_rdy), .out_valid(ep_rx_valid), .out_data(f_out), .out_ready(ep_rx_ready),
      .level(f_lvl));
    assign ep_rx_data   = f_out[63:0];
    assign ep_rx_nbytes = f_out[67:64];
    assign ep_rx_last   = f_out[68];
    assign ep_rx_user   = 1'b0;
    assign raw_overflow = f_in && !f_rdy;
    assign link_up      = 2'b11;
    assign retrans      = 64'd0;
  end endgenerate

  function [3:0] keep_count(input [7:0] k);
    integer b;
    begin
      keep_count = 4'd0;
      for (b = 0; b < 8; b = b + 1) keep_count = keep_count + {3'd0, k[b]};
    end
  endfunction
endmodule

`resetall
