// fabric_switch: the fabric's switch (docs/fabric/index.md "Switch"): N switch ports
// (fabric_sw_port) around one switch core, rtl/scoc's scoc_switch (SWITCH = 0, the default) or
// its flat iSLIP baseline islip_switch (SWITCH = 1), and the registers with the forwarding table
// (fabric_sw_regs). The core's word is CK cell words of 64 bits, and a cell (header and up to CP
// payload words) is one core packet of up to 2^LW - 1 core words (docs/fabric/fabric_sw_port.md
// "Cells and the core's width": SCOC moves a transfer's word every M cycles, so CK = M gives
// each port the line's rate).
// Model: csrc/ref/fabric/fabric_sw_port_model.c (ports), csrc/ref/scoc (the core)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_switch #(
  parameter integer N      = 4,
  parameter integer SWITCH = 0,      // 0 scoc_switch, 1 islip_switch
  parameter integer M      = 2,      // scoc: input groups of M ports (N = M x R, R >= 2)
  parameter integer MT     = 2,      // scoc: transfers per input at once
  parameter integer K      = 1,      // islip: iterations
  parameter integer QD     = 16,     // core input buffer: packets
  parameter integer OQ     = 8,      // core output buffer: packets
  parameter integer LW     = 4,
  parameter integer CK     = (SWITCH == 0) ? M : 1,   // cell words per core word
  parameter integer FMAX   = 576,
  parameter integer IBW    = 256,
  parameter integer RBD    = 256,
  parameter integer TQD    = 256,
  parameter integer NENT   = 16,
  parameter integer BYPASS = 0,
  parameter integer XOFF   = 1024,
  parameter integer XON    = 512,
  localparam integer NW    = $clog2(N),
  localparam integer CW    = 64 * CK,                  // core word bits
  localparam integer CPR   = CK * ((1 << LW) - 1) - 1, // payload words a core packet holds
  localparam integer CP    = (CPR > 255) ? 255 : CPR   // payload words per cell
) (
  input  wire             clk,
  input  wire             rst_n,
  input  wire [N-1:0]     rx_valid,
  output wire [N-1:0]     rx_ready,
  input  wire [N*64-1:0]  rx_data,
  input  wire [N*4-1:0]   rx_nbytes,
  input  wire [N-1:0]     rx_last,
  input  wire [N-1:0]     rx_user,
  output wire [N-1:0]     tx_valid,
  input  wire [N-1:0]     tx_ready,
  output wire [N*64-1:0]  tx_data,
  output wire [N*4-1:0]   tx_nbytes,
  output wire [N-1:0]     tx_last,
  input  wire             s_axil_awvalid,
  output wire             s_axil_awready,
  input  wire [11:0]      s_axil_awaddr,
  input  wire             s_axil_wvalid,
  output wire             s_axil_wready,
  input  wire [31:0]      s_axil_wdata,
  input  wire [3:0]       s_axil_wstrb,
  output wire             s_axil_bvalid,
  input  wire             s_axil_bready,
  output wire [1:0]       s_axil_bresp,
  input  wire             s_axil_arvalid,
  output wire             s_axil_arready,
  input  wire [11:0]      s_axil_araddr,
  output wire             s_axil_rvalid,
  input  wire             s_axil_rready,
  output wire [31:0]      s_axil_rdata,
  output wire [1:0]       s_axil_rresp,
  output wire [4*N-1:0]   xoff,           // port p's classes in XOFF at [4p +: 4]
  output wire [4*N-1:0]   paused,         // port p's classes paused by its endpoint
  output wire [31:0]      err_len,        // core drops (never in a working fabric)
  output wire [31:0]      err_dst
);
  `include "common_params.vh"

  generate if ((SWITCH != 0 && SWITCH != 1) || CK < 1 || CK > 16 || (CK & (CK - 1)) != 0 ||
               (SWITCH == 1 && CK != 1)) begin : g_bad_param
    `PARAM_FATAL("fabric_switch: SWITCH is 0 (scoc_switch) or 1 (islip_switch); CK a power of two, 1 .. 16 (1 with islip_switch)")
  end endgenerate

  wire [N-1:0]     in_valid, in_ready, in_last, out_valid, out_ready, out_last;
  wire [N*CW-1:0]  in_data, out_data;
  wire [N*NW-1:0]  in_dst;
  wire             aifh6_en, pfc_tx_en, pfc_rx_en;
  wire [15:0]      aifh_etype, pfc_time;
  wire [7:0]       pfc_qcyc;
  wire [23:0]      pfc_refresh;
  wire [22:0]      pfc_xoff, pfc_xon;
  wire [47:0]      mac;
  wire             fc_mode;
  wire [3:0]       cbfc_ushift;
  wire [15:0]      cbfc_step;
  wire [23:0]      cbfc_oui;
  wire [N-1:0]     lk_udp, lk_hit;
  wire [N*48-1:0]  lk_mac;
  wire [N*16-1:0]  lk_xpu;
  wire [N*NW-1:0]  lk_port;
  wire [N*12-1:0]  cnt_inc;

  fabric_sw_regs #(.N(N), .NENT(NENT), .XOFF_RST(XOFF), .XON_RST(XON)) u_regs (
    .clk(clk), .rst_n(rst_n),
    .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready), .s_axil_awaddr(s_axil_awaddr),
    .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_wdata(s_axil_wdata),
    .s_axil_wstrb(s_axil_wstrb), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
    .s_axil_bresp(s_axil_bresp), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
    .s_axil_araddr(s_axil_araddr), .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
    .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
    .cfg_aifh6_en(aifh6_en), .cfg_pfc_tx_en(pfc_tx_en), .cfg_pfc_rx_en(pfc_rx_en),
    .cfg_aifh_etype(aifh_etype), .cfg_pfc_time(pfc_time), .cfg_pfc_qcyc(pfc_qcyc),
    .cfg_pfc_refresh(pfc_refresh), .cfg_pfc_xoff(pfc_xoff), .cfg_pfc_xon(pfc_xon), .cfg_mac(mac),
    .cfg_fc_mode(fc_mode), .cfg_cbfc_ushift(cbfc_ushift), .cfg_cbfc_step(cbfc_step),
    .cfg_cbfc_oui(cbfc_oui),
    .lk_udp(lk_udp), .lk_mac(lk_mac), .lk_xpu(lk_xpu), .lk_hit(lk_hit), .lk_port(lk_port),
    .cnt_inc(cnt_inc));

  genvar p;
  generate for (p = 0; p < N; p = p + 1) begin : g_port
    fabric_sw_port #(
      .N(N), .PORT(p), .FMAX(FMAX), .IBW(IBW), .RBD(RBD), .TQD(TQD), .CK(CK), .CP(CP), .BYPASS(BYPASS)
    ) u_port (
      .clk(clk), .rst_n(rst_n),
      .rx_valid(rx_valid[p]), .rx_ready(rx_ready[p]), .rx_data(rx_data[p*64 +: 64]),
      .rx_nbytes(rx_nbytes[p*4 +: 4]), .rx_last(rx_last[p]), .rx_user(rx_user[p]),
      .tx_valid(tx_valid[p]), .tx_ready(tx_ready[p]), .tx_data(tx_data[p*64 +: 64]),
      .tx_nbytes(tx_nbytes[p*4 +: 4]), .tx_last(tx_last[p]),
      .in_valid(in_valid[p]), .in_ready(in_ready[p]), .in_data(in_data[p*CW +: CW]),
      .in_last(in_last[p]), .in_dst(in_dst[p*NW +: NW]),
      .out_valid(out_valid[p]), .out_ready(out_ready[p]), .out_data(out_data[p*CW +: CW]),
      .out_last(out_last[p]),
      .cfg_aifh6_en(aifh6_en), .cfg_pfc_tx_en(pfc_tx_en), .cfg_pfc_rx_en(pfc_rx_en),
      .cfg_aifh_etype(aifh_etype), .cfg_pfc_time(pfc_time), .cfg_pfc_qcyc(pfc_qcyc),
      .cfg_pfc_refresh(pfc_refresh), .cfg_pfc_xoff(pfc_xoff), .cfg_pfc_xon(pfc_xon),
      .cfg_mac(mac), .cfg_fc_mode(fc_mode), .cfg_cbfc_ushift(cbfc_ushift),
      .cfg_cbfc_step(cbfc_step), .cfg_cbfc_oui(cbfc_oui),
      .lk_udp(lk_udp[p]), .lk_mac(lk_mac[p*48 +: 48]), .lk_xpu(lk_xpu[p*16 +: 16]),
      .lk_hit(lk_hit[p]), .lk_port(lk_port[p*NW +: NW]),
      .cnt_inc(cnt_inc[p*12 +: 12]), .xoff(xoff[p*4 +: 4]), .paused(paused[p*4 +: 4]));
  end endgenerate

  generate if (SWITCH == 0) begin : g_scoc
    localparam integer R = N / M;
    wire [R*N-1:0]            req_u;
    wire [R*N*$clog2(M)-1:0]  req_cnt_u;
    wire [R-1:0]              gv_u, av_u;
    wire [R*$clog2(M)-1:0]    go_u, ap_u, ar_u;
    wire [R*idx_w(R)-1:0]     gi_u;
    wire [R*NW-1:0]           ao_u;
    wire [R*LW-1:0]           al_u;
    wire [R*$clog2(QD)-1:0]   at_u;
    scoc_switch #(.N(N), .M(M), .MT(MT), .QD(QD), .OQ(OQ), .LW(LW), .DW(CW)) u_core (
      .clk(clk), .rst_n(rst_n),
      .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_last(in_last),
      .in_dst(in_dst), .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data),
      .out_last(out_last), .err_len(err_len), .err_dst(err_dst),
      .req(req_u), .req_cnt(req_cnt_u), .gnt_valid(gv_u), .gnt_out(go_u), .gnt_ig(gi_u),
      .acc_valid(av_u), .acc_port(ap_u), .acc_out(ao_u), .acc_route(ar_u), .acc_len(al_u),
      .acc_tag(at_u));
    wire unused_sched = ^{req_u, req_cnt_u, gv_u, av_u, go_u, ap_u, ar_u, gi_u, ao_u, al_u, at_u};
  end else begin : g_islip
    wire [N*N-1:0]  req_u;
    wire [N-1:0]    mv_u;
    wire [N*NW-1:0] mi_u, gp_u, ap_u;
    wire [N*2-1:0]  mit_u;
    islip_switch #(.N(N), .K(K), .QD(QD), .OQ(OQ), .LW(LW), .DW(64)) u_core (
      .clk(clk), .rst_n(rst_n),
      .in_valid(in_valid), .in_ready(in_ready), .in_data(in_data), .in_last(in_last),
      .in_dst(in_dst), .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data),
      .out_last(out_last), .err_len(err_len), .err_dst(err_dst),
      .req(req_u), .match_valid(mv_u), .match_in(mi_u), .match_it(mit_u), .gnt_ptr(gp_u),
      .acc_ptr(ap_u));
    wire unused_sched = ^{req_u, mv_u, mi_u, gp_u, ap_u, mit_u};
  end endgenerate
endmodule

`resetall
