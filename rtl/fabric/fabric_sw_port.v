// fabric_sw_port: one port of the fabric's switch (docs/fabric/fabric_sw_port.md), between the
// link (a RIFL lane, or the raw channel) and the switch core: the ingress (check, parse, look
// up, store, cut into cells), the egress (reassemble, class queues, transmit) and the port's
// 802.1Qbb state (rtl/sue/sue_pfc, as in the endpoint: XOFF / XON from the ingress bytes of
// each class, pauses from the endpoint's PFC frames), or with cfg_fc_mode its CBFC state
// (rtl/sue/sue_cbfc, as in the endpoint: each class is advertised a quarter of the ingress
// buffer less one control frame, CB bytes; the egress sends a class only with credits). Cells leave and arrive in the core's words
// of CK cell words (stream_resize; fabric_cell_unpack).
// Model: csrc/ref/fabric/fabric_sw_port_model.c (the frame-level model of a port)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_sw_port #(
  parameter integer N      = 4,
  parameter integer PORT   = 0,
  parameter integer FMAX   = 576,
  parameter integer IBW    = 256,
  parameter integer RBD    = 128,
  parameter integer TQD    = 256,
  parameter integer CK     = 1,      // cell words per core word, a power of two
  parameter integer CP     = 14,     // payload words per cell
  parameter integer BYPASS = 0,
  localparam integer NW    = $clog2(N)
) (
  input  wire            clk,
  input  wire            rst_n,
  // ---- link receive / transmit (first byte at [63:56])
  input  wire            rx_valid,
  output wire            rx_ready,
  input  wire [63:0]     rx_data,
  input  wire [3:0]      rx_nbytes,
  input  wire            rx_last,
  input  wire            rx_user,
  output wire            tx_valid,
  input  wire            tx_ready,
  output wire [63:0]     tx_data,
  output wire [3:0]      tx_nbytes,
  output wire            tx_last,
  // ---- switch core
  output wire            in_valid,
  input  wire            in_ready,
  output wire [64*CK-1:0] in_data,
  output wire            in_last,
  output wire [NW-1:0]   in_dst,
  input  wire            out_valid,
  output wire            out_ready,
  input  wire [64*CK-1:0] out_data,
  input  wire            out_last,
  // ---- configuration and table (fabric_sw_regs)
  input  wire            cfg_aifh6_en,
  input  wire            cfg_pfc_tx_en,
  input  wire            cfg_pfc_rx_en,
  input  wire [15:0]     cfg_aifh_etype,
  input  wire [15:0]     cfg_pfc_time,
  input  wire [7:0]      cfg_pfc_qcyc,
  input  wire [23:0]     cfg_pfc_refresh,
  input  wire [22:0]     cfg_pfc_xoff,
  input  wire [22:0]     cfg_pfc_xon,
  input  wire [47:0]     cfg_mac,
  input  wire            cfg_fc_mode,      // 0 PFC, 1 CBFC (the PFC enables then drive CBFC)
  input  wire [3:0]      cfg_cbfc_ushift,
  input  wire [15:0]     cfg_cbfc_step,
  input  wire [23:0]     cfg_cbfc_oui,
  output wire            lk_udp,
  output wire [47:0]     lk_mac,
  output wire [15:0]     lk_xpu,
  input  wire            lk_hit,
  input  wire [NW-1:0]   lk_port,
  // ---- counter increments (fabric_params.vh FSP_CNT_*), PFC state
  output wire [11:0]     cnt_inc,
  output wire [3:0]      xoff,
  output wire [3:0]      paused
);
  `include "common_params.vh"
  `include "fabric_params.vh"

  localparam integer BW = $clog2(IBW * 8 + 1);
  // CBFC: a class's share of the ingress buffer, 64 bytes kept for a control frame arriving
  // while every class is full, in whole 64-byte units
  localparam integer CB = ((IBW * 8 - 64) / 4) / 64 * 64;

  wire [4*BW-1:0] level;
  wire            pfc_rx_v, pfc_owed, pfc_sent;
  wire [7:0]      pfc_rx_cev, pfc_tx_cev;
  wire [127:0]    pfc_rx_time, pfc_tx_time;
  wire            ev_frame, ev_fwd, ev_pfc, ev_tx, ev_tx_pfc;
  // CBFC
  wire [3:0]      pfc_paused, cbfc_paused;
  wire            cb_rx_v, cbfc_owed, fwd_v, tx_start;
  wire [7:0]      cb_rx_cev, cb_tx_cev;
  wire [127:0]    cb_rx_limit, cb_rx_sent, cb_tx_limit, cb_tx_sent;
  wire [1:0]      fwd_tc, tx_start_tc;
  wire [15:0]     fwd_len, tx_start_len;
  wire [63:0]     unused_avail;   // the switch port needs only paused
  wire [3:0]      unused_gblock;
  wire [7:0]      ev_drop;
  // cells in 64-bit words on the port's side of the gearboxes
  wire            c_valid, c_ready, c_last, e_valid, e_ready, e_last;
  wire [63:0]     c_data, e_data;
  wire [NW-1:0]   c_dst;
  reg  [NW-1:0]   dst_q;               // the cell being gathered goes here (the core reads
                                       // in_dst on a cell's first core word)
  reg             hdr_q;               // the next cell word is a header
  localparam integer CBW = $clog2(8 * CK + 1);
  wire [CBW-1:0]  unused_cnb;

  fabric_sw_ingress #(
    .N(N), .PORT(PORT), .FMAX(FMAX), .IBW(IBW), .CP(CP), .BYPASS(BYPASS), .BW(BW)
  ) u_ing (
    .clk(clk), .rst_n(rst_n),
    .s_valid(rx_valid), .s_ready(rx_ready), .s_data(rx_data), .s_nbytes(rx_nbytes),
    .s_last(rx_last), .s_user(rx_user),
    .cfg_aifh_etype(cfg_aifh_etype), .cfg_aifh6_en(cfg_aifh6_en),
    .lk_udp(lk_udp), .lk_mac(lk_mac), .lk_xpu(lk_xpu), .lk_hit(lk_hit), .lk_port(lk_port),
    .sw_valid(c_valid), .sw_ready(c_ready), .sw_data(c_data), .sw_last(c_last),
    .sw_dst(c_dst),
    .level(level), .rx_pfc_valid(pfc_rx_v), .rx_pfc_cev(pfc_rx_cev), .rx_pfc_time(pfc_rx_time),
    .cfg_cbfc_oui(cfg_cbfc_oui), .rx_cbfc_valid(cb_rx_v), .rx_cbfc_cev(cb_rx_cev),
    .rx_cbfc_limit(cb_rx_limit), .rx_cbfc_sent(cb_rx_sent),
    .fwd_valid(fwd_v), .fwd_tc(fwd_tc), .fwd_len(fwd_len),
    .ev_frame(ev_frame), .ev_drop(ev_drop), .ev_fwd(ev_fwd), .ev_pfc(ev_pfc));

  sue_pfc #(.BW(BW)) u_pfc (
    .clk(clk), .rst_n(rst_n),
    .cfg_pfc_tx_en(cfg_pfc_tx_en && !cfg_fc_mode), .cfg_pfc_rx_en(cfg_pfc_rx_en && !cfg_fc_mode),
    .cfg_pfc_prio(12'b011_010_001_000), .cfg_pfc_time(cfg_pfc_time),
    .cfg_pfc_qcyc(cfg_pfc_qcyc), .cfg_pfc_refresh(cfg_pfc_refresh),
    .cfg_pfc_xoff(cfg_pfc_xoff), .cfg_pfc_xon(cfg_pfc_xon),
    .level(level), .rx_pfc_valid(pfc_rx_v), .rx_pfc_cev(pfc_rx_cev), .rx_pfc_time(pfc_rx_time),
    .paused(pfc_paused), .xoff(xoff), .pfc_owed(pfc_owed), .pfc_sent(pfc_sent && !cfg_fc_mode),
    .tx_cev(pfc_tx_cev), .tx_time(pfc_tx_time));

  sue_cbfc #(.BW(BW), .RX_BYTES(CB), .FRAME_MAX(FMAX)) u_cbfc (
    .clk(clk), .rst_n(rst_n),
    .cfg_cbfc_tx_en(cfg_pfc_tx_en && cfg_fc_mode), .cfg_cbfc_rx_en(cfg_pfc_rx_en && cfg_fc_mode),
    .cfg_cbfc_cls(12'b011_010_001_000), .cfg_cbfc_ushift(cfg_cbfc_ushift),
    .cfg_cbfc_step(cfg_cbfc_step), .cfg_cbfc_refresh(cfg_pfc_refresh), .level(level),
    .tx_valid(tx_start), .tx_vc(tx_start_tc), .tx_bytes(tx_start_len),
    .g_valid(1'b0), .g_vc(2'd0), .g_bytes(16'd0),   // a switch port carries no guests
    .rx_valid(fwd_v), .rx_vc(fwd_tc), .rx_bytes(fwd_len),
    .rx_upd_valid(cb_rx_v), .rx_upd_cev(cb_rx_cev), .rx_upd_limit(cb_rx_limit),
    .rx_upd_sent(cb_rx_sent),
    .paused(cbfc_paused), .gblock(unused_gblock), .avail(unused_avail), .upd_owed(cbfc_owed),
    .upd_sent(pfc_sent && cfg_fc_mode),
    .tx_cev(cb_tx_cev), .tx_limit(cb_tx_limit), .tx_sent(cb_tx_sent));
  assign paused = pfc_paused | cbfc_paused;

  fabric_sw_egress #(
    .N(N), .FMAX(FMAX), .RBD(RBD), .TQD(TQD), .CP(CP)
  ) u_egr (
    .clk(clk), .rst_n(rst_n),
    .sw_valid(e_valid), .sw_ready(e_ready), .sw_data(e_data), .sw_last(e_last),
    .m_valid(tx_valid), .m_ready(tx_ready), .m_data(tx_data), .m_nbytes(tx_nbytes),
    .m_last(tx_last),
    .cfg_mac({cfg_mac[47:8], 8'(PORT)}), .pfc_owed(pfc_owed || cbfc_owed), .pfc_sent(pfc_sent),
    .pfc_cev(pfc_tx_cev), .pfc_time(pfc_tx_time), .fc_cbfc(cfg_fc_mode),
    .cbfc_oui(cfg_cbfc_oui), .cbfc_cev(cb_tx_cev), .cbfc_limit(cb_tx_limit),
    .cbfc_sent(cb_tx_sent), .paused(paused),
    .tx_start(tx_start), .tx_start_tc(tx_start_tc), .tx_start_len(tx_start_len),
    .ev_tx_frame(ev_tx), .ev_tx_pfc(ev_tx_pfc));

  // ingress cells into core words: a cell's last word closes its core word (padded with zeros)
  stream_resize #(.IN_B(8), .OUT_B(8 * CK)) u_gather (
    .clk(clk), .rst_n(rst_n),
    .in_valid(c_valid), .in_ready(c_ready), .in_data(c_data), .in_nbytes(4'd8), .in_last(c_last),
    .out_valid(in_valid), .out_ready(in_ready), .out_data(in_data), .out_nbytes(unused_cnb),
    .out_last(in_last));
  always @(posedge clk or negedge rst_n)
    if (!rst_n) begin
      dst_q <= {NW{1'b0}};
      hdr_q <= 1'b1;
    end else if (c_valid && c_ready) begin
      if (hdr_q) dst_q <= c_dst;
      hdr_q <= c_last;
    end
  assign in_dst = (CK == 1) ? c_dst : dst_q;
  fabric_cell_unpack #(.CK(CK)) u_unpack (
    .clk(clk), .rst_n(rst_n),
    .s_valid(out_valid), .s_ready(out_ready), .s_data(out_data), .s_last(out_last),
    .m_valid(e_valid), .m_ready(e_ready), .m_data(e_data), .m_last(e_last));
  wire unused_mac = ^{cfg_mac[7:0], ev_drop[7]};   // the port number takes the low octet
  assign cnt_inc = {ev_drop[6:0], ev_tx_pfc, ev_tx, ev_pfc, ev_fwd, ev_frame};
endmodule

`resetall
