// fabric_multi: the fabric of switch planes (docs/fabric/index.md "Planes"; spec 1.1, 1.2): N
// XPUs, each an SUE instance of P ports (rtl/sue/sue_multi: 2 or 4), port k of every XPU on
// plane k, a plane being one switch (fabric_switch: scoc_switch, or iSLIP by parameter) with a
// port per XPU. Each XPU-plane pair is a fabric_link (a RIFL lane pair by default, bonded lanes or
// the raw channel by parameter), as in `fabric`. The channels are outside: link l = P i + k (XPU
// i, plane k), its lane j at channel word LANES l + j. One clock: a GT word a cycle is a plane's
// line rate, so an XPU has P lines. An XPU keeps working when a plane fails: its sue_multi stops
// giving new commands to the dead port (unordered mode) and carries that port's frames over a
// live plane (sue_fail_xbar), which forwards them by their destination MAC, since each plane's
// table knows every port's MAC.
// Model: csrc/ref/fabric (the switch port model, every frame into and out of every plane)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_multi #(
  parameter integer N        = 4,
  parameter integer P        = 2,      // ports an XPU = switch planes (2 or 4)
  parameter integer RIFL     = 1,      // 1 RIFL on every link, 0 raw Ethernet (bypass)
  parameter integer LANES    = 1,      // RIFL lanes a link (1, 2, 4)
  parameter integer SWITCH   = 0,      // 0 scoc_switch, 1 islip_switch
  parameter integer M        = 2,
  parameter integer MT       = 2,
  parameter integer K        = 1,
  parameter integer QD       = 16,
  parameter integer OQ       = 8,
  parameter integer LW       = 4,
  parameter integer CK       = (SWITCH == 0) ? M : 1,
  // the SUE instances (rtl/sue/sue_multi), each port's Ethernet side 64 bits: a GT word a cycle
  parameter integer DATA_W   = 256,
  parameter integer ALIGN    = 4,
  parameter integer PDU_MAX  = 512,
  parameter integer Q_BYTES  = 1024,
  parameter integer WIN      = 8,
  parameter integer PSN_PER_VC = 1,    // as `fabric`: the switch queues each class apart
  parameter integer ING_CMD  = 4,
  parameter integer ING_DATA = 2,
  parameter integer RX_BYTES = 4096,
  // links (fabric_link)
  parameter integer FW       = 256,
  parameter integer FIDW     = 6,
  parameter integer FC_DEPTH = 64,
  parameter integer RAW_FIFO = 64,
  // switch ports
  parameter integer IBW      = 4096,
  parameter integer RBD      = 256,
  parameter integer TQD      = 256,
  parameter integer NENT     = 16,     // entries a plane: every port of every XPU (N P) for failover
  localparam integer QUW     = $clog2(Q_BYTES / ALIGN + 1),
  localparam integer FMAX    = PDU_MAX + 64,
  localparam integer NL      = N * P   // links
) (
  input  wire                clk,
  input  wire                rst_n,
  // ---- XPU command interfaces, XPU i at [i * width +: width] (rtl/sue/sue_multi); the
  //      per-queue credit returns one channel per port, XPU i's port k at P i + k
  input  wire [2*N-1:0]      tx_valid,
  input  wire [4*N-1:0]      tx_cycle,
  input  wire [2*N-1:0]      tx_vc,
  input  wire [10*N-1:0]     tx_xpuid,
  input  wire [144*N-1:0]    tx_control,
  input  wire [N-1:0]        tx_send_now,
  input  wire [DATA_W*N-1:0] tx_data,
  input  wire [N-1:0]        tx_err,
  output wire [6*N-1:0]      tx_credit,
  output wire [NL-1:0]       tx_qcredit_valid,
  output wire [10*NL-1:0]    tx_qcredit_xpuid,
  output wire [2*NL-1:0]     tx_qcredit_vc,
  output wire [QUW*NL-1:0]   tx_qcredit_units,
  output wire [2*N-1:0]      rx_valid,
  output wire [4*N-1:0]      rx_cycle,
  output wire [2*N-1:0]      rx_vc,
  output wire [10*N-1:0]     rx_xpuid,
  output wire [144*N-1:0]    rx_control,
  output wire [DATA_W*N-1:0] rx_data,
  input  wire [6*N-1:0]      rx_credit,
  // ---- link channels, link l = P i + k: up = XPU to plane, dn = plane to XPU
  output wire [64*LANES*NL-1:0] up_tx_data,
  output wire [8*NL-1:0]        up_tx_ctl,
  input  wire [LANES*NL-1:0]    up_rx_valid,
  input  wire [64*LANES*NL-1:0] up_rx_data,
  input  wire [8*NL-1:0]        up_rx_ctl,
  output wire [64*LANES*NL-1:0] dn_tx_data,
  output wire [8*NL-1:0]        dn_tx_ctl,
  input  wire [LANES*NL-1:0]    dn_rx_valid,
  input  wire [64*LANES*NL-1:0] dn_rx_data,
  input  wire [8*NL-1:0]        dn_rx_ctl,
  // ---- AXI4-Lite: XPU i's instance at i << 17 (its port e at + e << 12, its own registers at
  //      + 0x10000), plane k's switch at 0x200000 + k << 12
  input  wire                s_axil_awvalid,
  output wire                s_axil_awready,
  input  wire [21:0]         s_axil_awaddr,
  input  wire                s_axil_wvalid,
  output wire                s_axil_wready,
  input  wire [31:0]         s_axil_wdata,
  input  wire [3:0]          s_axil_wstrb,
  output wire                s_axil_bvalid,
  input  wire                s_axil_bready,
  output wire [1:0]          s_axil_bresp,
  input  wire                s_axil_arvalid,
  output wire                s_axil_arready,
  input  wire [21:0]         s_axil_araddr,
  output wire                s_axil_rvalid,
  input  wire                s_axil_rready,
  output wire [31:0]         s_axil_rdata,
  output wire [1:0]          s_axil_rresp,
  // ---- observation
  output wire [N-1:0]        ep_irq,        // XPU i's instance irq
  output wire [N-1:0]        sel_valid,     // XPU i's port choice took a command (registered) ...
  output wire [2*N-1:0]      sel_port,      // ... to this port ...
  output wire [N-1:0]        sel_drop,      // ... or dropped it (a credit violation)
  output wire [2*NL-1:0]     link_up,       // [2l] link l's up direction, [2l+1] its dn (every lane)
  output wire [64*NL-1:0]    rifl_retrans,  // per link: [64l +: 32] up, [64l+32 +: 32] dn
  output wire [NL-1:0]       raw_overflow,
  output wire [4*NL-1:0]     sw_xoff,       // plane k's port i at link l's [4l +: 4]
  output wire [4*NL-1:0]     sw_paused,
  output wire [32*P-1:0]     sw_err_len,    // plane k's core drops at [32k +: 32]
  output wire [32*P-1:0]     sw_err_dst,
  // every beat taken on each link's ends, as `fabric`: {taken, last, user, 0, nbytes} and the
  // word; ep_eth_* the XPU's port wire (after its failover crossbar), sw_* the plane's port
  output wire [8*NL-1:0]     ep_eth_tx_ctl,
  output wire [64*NL-1:0]    ep_eth_tx_data,
  output wire [8*NL-1:0]     ep_eth_rx_ctl,
  output wire [64*NL-1:0]    ep_eth_rx_data,
  output wire [8*NL-1:0]     sw_in_ctl,
  output wire [64*NL-1:0]    sw_in_data,
  output wire [8*NL-1:0]     sw_out_ctl,
  output wire [64*NL-1:0]    sw_out_data
);
  generate if (N < 4 || N > 16 || (P != 2 && P != 4)) begin : g_bad_param
    `PARAM_FATAL("fabric_multi: need 4 <= N <= 16 (the register map) and P in {2, 4}")
  end endgenerate

  localparam integer GW = 64 * LANES;

  // ================================================================ registers
  // top: XPUs by bits 20:17, the planes at bit 21; the planes: by bits 16:12
  wire [N:0]       m_awvalid, m_awready, m_wvalid, m_wready, m_bvalid, m_bready;
  wire [N:0]       m_arvalid, m_arready, m_rvalid, m_rready;
  wire [16:0]      m_awaddr, m_araddr;
  wire [31:0]      m_wdata;
  wire [3:0]       m_wstrb;
  wire [2*N+1:0]   m_bresp, m_rresp;
  wire [32*N+31:0] m_rdata;
  axil_split #(.NT(N + 1), .AW(22), .OW(17), .HI(1)) u_split (
    .clk(clk), .rst_n(rst_n),
    .s_awvalid(s_axil_awvalid), .s_awready(s_axil_awready), .s_awaddr(s_axil_awaddr),
    .s_wvalid(s_axil_wvalid), .s_wready(s_axil_wready), .s_wdata(s_axil_wdata),
    .s_wstrb(s_axil_wstrb), .s_bvalid(s_axil_bvalid), .s_bready(s_axil_bready),
    .s_bresp(s_axil_bresp), .s_arvalid(s_axil_arvalid), .s_arready(s_axil_arready),
    .s_araddr(s_axil_araddr), .s_rvalid(s_axil_rvalid), .s_rready(s_axil_rready),
    .s_rdata(s_axil_rdata), .s_rresp(s_axil_rresp),
    .m_awvalid(m_awvalid), .m_awready(m_awready), .m_awaddr(m_awaddr), .m_wvalid(m_wvalid),
    .m_wready(m_wready), .m_wdata(m_wdata), .m_wstrb(m_wstrb), .m_bvalid(m_bvalid),
    .m_bready(m_bready), .m_bresp(m_bresp), .m_arvalid(m_arvalid), .m_arready(m_arready),
    .m_araddr(m_araddr), .m_rvalid(m_rvalid), .m_rready(m_rready), .m_rdata(m_rdata),
    .m_rresp(m_rresp));

  wire [P-1:0]    p_awvalid, p_awready, p_wvalid, p_wready, p_bvalid, p_bready;
  wire [P-1:0]    p_arvalid, p_arready, p_rvalid, p_rready;
  wire [11:0]     p_awaddr, p_araddr;
  wire [31:0]     p_wdata;
  wire [3:0]      p_wstrb;
  wire [2*P-1:0]  p_bresp, p_rresp;
  wire [32*P-1:0] p_rdata;
  axil_split #(.NT(P), .AW(17), .OW(12), .HI(0)) u_split_planes (
    .clk(clk), .rst_n(rst_n),
    .s_awvalid(m_awvalid[N]), .s_awready(m_awready[N]), .s_awaddr(m_awaddr),
    .s_wvalid(m_wvalid[N]), .s_wready(m_wready[N]), .s_wdata(m_wdata), .s_wstrb(m_wstrb),
    .s_bvalid(m_bvalid[N]), .s_bready(m_bready[N]), .s_bresp(m_bresp[2*N +: 2]),
    .s_arvalid(m_arvalid[N]), .s_arready(m_arready[N]), .s_araddr(m_araddr),
    .s_rvalid(m_rvalid[N]), .s_rready(m_rready[N]), .s_rdata(m_rdata[32*N +: 32]),
    .s_rresp(m_rresp[2*N +: 2]),
    .m_awvalid(p_awvalid), .m_awready(p_awready), .m_awaddr(p_awaddr), .m_wvalid(p_wvalid),
    .m_wready(p_wready), .m_wdata(p_wdata), .m_wstrb(p_wstrb), .m_bvalid(p_bvalid),
    .m_bready(p_bready), .m_bresp(p_bresp), .m_arvalid(p_arvalid), .m_arready(p_arready),
    .m_araddr(p_araddr), .m_rvalid(p_rvalid), .m_rready(p_rready), .m_rdata(p_rdata),
    .m_rresp(p_rresp));

  // ================================================================ links, switch side
  // link l = P i + k; the switch planes index their ports by XPU: plane k's port i
  wire [NL-1:0]    s_rx_valid, s_rx_ready, s_rx_last, s_rx_user;
  wire [NL*64-1:0] s_rx_data, s_tx_data;
  wire [NL*4-1:0]  s_rx_nbytes, s_tx_nbytes;
  wire [NL-1:0]    s_tx_valid, s_tx_ready, s_tx_last;

  genvar i, k;
  generate for (k = 0; k < P; k = k + 1) begin : g_plane
    // plane k's ports, port i = link P i + k
    wire [N-1:0]    rv, rr, rl, ru, tv, tr, tl;
    wire [N*64-1:0] rd, td;
    wire [N*4-1:0]  rn, tn;
    wire [4*N-1:0]  xo, pa;
    for (i = 0; i < N; i = i + 1) begin : g_port
      localparam integer L = P * i + k;
      assign rv[i]             = s_rx_valid[L];
      assign s_rx_ready[L]     = rr[i];
      assign rd[64*i +: 64]    = s_rx_data[64*L +: 64];
      assign rn[4*i +: 4]      = s_rx_nbytes[4*L +: 4];
      assign rl[i]             = s_rx_last[L];
      assign ru[i]             = s_rx_user[L];
      assign s_tx_valid[L]     = tv[i];
      assign tr[i]             = s_tx_ready[L];
      assign s_tx_data[64*L +: 64] = td[64*i +: 64];
      assign s_tx_nbytes[4*L +: 4] = tn[4*i +: 4];
      assign s_tx_last[L]      = tl[i];
      assign sw_xoff[4*L +: 4]   = xo[4*i +: 4];
      assign sw_paused[4*L +: 4] = pa[4*i +: 4];
    end
    fabric_switch #(
      .N(N), .SWITCH(SWITCH), .M(M), .MT(MT), .K(K), .QD(QD), .OQ(OQ), .LW(LW), .CK(CK),
      .FMAX(FMAX), .IBW(IBW), .RBD(RBD), .TQD(TQD), .NENT(NENT), .BYPASS(1 - RIFL),
      .XOFF(IBW / 2), .XON(IBW / 4)   // as `fabric` (docs/fabric/fabric_sw_port.md "Lossless")
    ) u_sw (
      .clk(clk), .rst_n(rst_n),
      .rx_valid(rv), .rx_ready(rr), .rx_data(rd), .rx_nbytes(rn), .rx_last(rl), .rx_user(ru),
      .tx_valid(tv), .tx_ready(tr), .tx_data(td), .tx_nbytes(tn), .tx_last(tl),
      .s_axil_awvalid(p_awvalid[k]), .s_axil_awready(p_awready[k]), .s_axil_awaddr(p_awaddr),
      .s_axil_wvalid(p_wvalid[k]), .s_axil_wready(p_wready[k]), .s_axil_wdata(p_wdata),
      .s_axil_wstrb(p_wstrb), .s_axil_bvalid(p_bvalid[k]), .s_axil_bready(p_bready[k]),
      .s_axil_bresp(p_bresp[2*k +: 2]), .s_axil_arvalid(p_arvalid[k]),
      .s_axil_arready(p_arready[k]), .s_axil_araddr(p_araddr), .s_axil_rvalid(p_rvalid[k]),
      .s_axil_rready(p_rready[k]), .s_axil_rdata(p_rdata[32*k +: 32]),
      .s_axil_rresp(p_rresp[2*k +: 2]),
      .xoff(xo), .paused(pa), .err_len(sw_err_len[32*k +: 32]), .err_dst(sw_err_dst[32*k +: 32]));
  end endgenerate

  // ================================================================ XPUs: an instance, P links
  generate for (i = 0; i < N; i = i + 1) begin : g_xpu
    wire [P-1:0]    etv, etr, etl, erv, err, erl, eru, lnk;
    wire [P*64-1:0] etd, erd;
    wire [P*4-1:0]  etn, ern;
    // what the fabric does not bring out: the resets and the per-port observation
    wire            u_txr, u_rxr;
    wire [P-1:0]    o_dec, o_ver, o_irq, o_unr, o_rxs, o_etv, o_etr, o_etl, o_erv, o_err, o_erl,
                    o_etdet, o_etfc, o_away, o_gv, o_cov;
    wire [3*P-1:0]  o_etcls, o_gcls;
    wire [16*P-1:0] o_etby, o_gby;
    wire [8*P-1:0]  o_gblk;
    wire [3*P-1:0]  o_kind;
    wire [P*$clog2(N * 4 * Q_BYTES + 1)-1:0] o_bl;
    wire [6*P-1:0]  o_txc, o_rxc;
    wire [2*P-1:0]  o_rxvc;
    wire [64*P-1:0] o_etd, o_erd;
    wire [4*P-1:0]  o_etn, o_ern;
    wire unused_obs = ^{u_txr, u_rxr, o_dec, o_ver, o_irq, o_unr, o_rxs, o_etv, o_etr, o_etl,
                        o_etdet, o_erv, o_err, o_erl, o_kind, o_bl, o_txc, o_rxc, o_rxvc, o_etd, o_erd,
                        o_etn, o_ern, o_etfc, o_away, o_gv, o_etcls, o_gcls, o_etby, o_gby, o_gblk,
                        o_cov};

    sue_multi #(
      .P(P), .DATA_W(DATA_W), .ETH_W(64), .NDST(N), .ALIGN(ALIGN), .PDU_MAX(PDU_MAX),
      .Q_BYTES(Q_BYTES), .WIN(WIN), .PSN_PER_VC(PSN_PER_VC), .ING_CMD(ING_CMD),
      .ING_DATA(ING_DATA), .RX_BYTES(RX_BYTES),
      .RXC_BUF_BYTES(2 * (PDU_MAX + 64) > 2048 ? 2 * (PDU_MAX + 64) : 2048), .RXC_NFR(8)
    ) u_xpu (
      .clk(clk), .rst_n(rst_n),
      .tx_valid(tx_valid[2*i +: 2]), .tx_cycle(tx_cycle[4*i +: 4]), .tx_vc(tx_vc[2*i +: 2]),
      .tx_xpuid(tx_xpuid[10*i +: 10]), .tx_control(tx_control[144*i +: 144]),
      .tx_send_now(tx_send_now[i]), .tx_data(tx_data[DATA_W*i +: DATA_W]), .tx_err(tx_err[i]),
      .tx_credit(tx_credit[6*i +: 6]), .tx_qcredit_valid(tx_qcredit_valid[P*i +: P]),
      .tx_qcredit_xpuid(tx_qcredit_xpuid[10*P*i +: 10*P]),
      .tx_qcredit_vc(tx_qcredit_vc[2*P*i +: 2*P]),
      .tx_qcredit_units(tx_qcredit_units[QUW*P*i +: QUW*P]),
      .tx_reset_in(1'b0), .tx_reset_out(u_txr),
      .rx_valid(rx_valid[2*i +: 2]), .rx_cycle(rx_cycle[4*i +: 4]), .rx_vc(rx_vc[2*i +: 2]),
      .rx_xpuid(rx_xpuid[10*i +: 10]), .rx_control(rx_control[144*i +: 144]),
      .rx_data(rx_data[DATA_W*i +: DATA_W]), .rx_credit(rx_credit[6*i +: 6]),
      .rx_reset_in(1'b0), .rx_reset_out(u_rxr),
      .eth_tx_valid(etv), .eth_tx_ready(etr), .eth_tx_data(etd), .eth_tx_nbytes(etn),
      .eth_tx_last(etl),
      .eth_rx_valid(erv), .eth_rx_ready(err), .eth_rx_data(erd), .eth_rx_nbytes(ern),
      .eth_rx_last(erl), .eth_rx_user(eru),
      .s_axil_awvalid(m_awvalid[i]), .s_axil_awready(m_awready[i]), .s_axil_awaddr(m_awaddr),
      .s_axil_wvalid(m_wvalid[i]), .s_axil_wready(m_wready[i]), .s_axil_wdata(m_wdata),
      .s_axil_wstrb(m_wstrb), .s_axil_bvalid(m_bvalid[i]), .s_axil_bready(m_bready[i]),
      .s_axil_bresp(m_bresp[2*i +: 2]), .s_axil_arvalid(m_arvalid[i]),
      .s_axil_arready(m_arready[i]), .s_axil_araddr(m_araddr), .s_axil_rvalid(m_rvalid[i]),
      .s_axil_rready(m_rready[i]), .s_axil_rdata(m_rdata[32*i +: 32]),
      .s_axil_rresp(m_rresp[2*i +: 2]),
      // link status per port: its own link's down direction received and aligned
      .link_up(lnk), .irq(ep_irq[i]),
      .o_tx_decide(o_dec), .o_tx_kind(o_kind), .o_rx_verdict(o_ver), .o_irq(o_irq),
      .o_backlog(o_bl), .o_unreach(o_unr), .o_tx_credit(o_txc), .o_rx_credit(o_rxc),
      .o_rx_start(o_rxs), .o_rx_vc(o_rxvc), .o_sel_valid(sel_valid[i]),
      .o_sel_port(sel_port[2*i +: 2]), .o_sel_drop(sel_drop[i]),
      .o_ep_tx_valid(o_etv), .o_ep_tx_ready(o_etr), .o_ep_tx_data(o_etd), .o_ep_tx_nbytes(o_etn),
      .o_ep_tx_last(o_etl), .o_ep_tx_detour(o_etdet), .o_ep_tx_fc(o_etfc),
      .o_ep_tx_cls(o_etcls), .o_ep_tx_bytes(o_etby), .o_ep_fc_gblock(o_gblk), .o_ep_away(o_away),
      .o_g_valid(o_gv), .o_g_cls(o_gcls), .o_g_bytes(o_gby), .o_ep_cover(o_cov),
      .o_ep_rx_valid(o_erv),
      .o_ep_rx_ready(o_err), .o_ep_rx_data(o_erd),
      .o_ep_rx_nbytes(o_ern), .o_ep_rx_last(o_erl));

    for (k = 0; k < P; k = k + 1) begin : g_link
      localparam integer L = P * i + k;
      wire et_take = etv[k] && etr[k], er_take = erv[k] && err[k];
      wire si_take = s_rx_valid[L] && s_rx_ready[L], so_take = s_tx_valid[L] && s_tx_ready[L];
      assign lnk[k] = link_up[2*L + 1];
      assign ep_eth_tx_ctl[8*L +: 8]   = {et_take, et_take && etl[k], 2'b00,
                                          et_take ? etn[4*k +: 4] : 4'd0};
      assign ep_eth_tx_data[64*L +: 64] = et_take ? etd[64*k +: 64] : 64'd0;
      assign ep_eth_rx_ctl[8*L +: 8]   = {er_take, er_take && erl[k], er_take && eru[k], 1'b0,
                                          er_take ? ern[4*k +: 4] : 4'd0};
      assign ep_eth_rx_data[64*L +: 64] = er_take ? erd[64*k +: 64] : 64'd0;
      assign sw_in_ctl[8*L +: 8]       = {si_take, si_take && s_rx_last[L],
                                          si_take && s_rx_user[L], 1'b0,
                                          si_take ? s_rx_nbytes[4*L +: 4] : 4'd0};
      assign sw_in_data[64*L +: 64]    = si_take ? s_rx_data[64*L +: 64] : 64'd0;
      assign sw_out_ctl[8*L +: 8]      = {so_take, so_take && s_tx_last[L], 2'b00,
                                          so_take ? s_tx_nbytes[4*L +: 4] : 4'd0};
      assign sw_out_data[64*L +: 64]   = so_take ? s_tx_data[64*L +: 64] : 64'd0;

      fabric_link #(
        .RIFL(RIFL), .LANES(LANES), .FW(FW), .FIDW(FIDW), .FC_DEPTH(FC_DEPTH), .RAW_FIFO(RAW_FIFO)
      ) u_link (
        .clk(clk), .rst_n(rst_n),
        .ep_tx_valid(etv[k]), .ep_tx_ready(etr[k]), .ep_tx_data(etd[64*k +: 64]),
        .ep_tx_nbytes(etn[4*k +: 4]), .ep_tx_last(etl[k]),
        .ep_rx_valid(erv[k]), .ep_rx_ready(err[k]), .ep_rx_data(erd[64*k +: 64]),
        .ep_rx_nbytes(ern[4*k +: 4]), .ep_rx_last(erl[k]), .ep_rx_user(eru[k]),
        .sw_rx_valid(s_rx_valid[L]), .sw_rx_ready(s_rx_ready[L]),
        .sw_rx_data(s_rx_data[64*L +: 64]), .sw_rx_nbytes(s_rx_nbytes[4*L +: 4]),
        .sw_rx_last(s_rx_last[L]), .sw_rx_user(s_rx_user[L]),
        .sw_tx_valid(s_tx_valid[L]), .sw_tx_ready(s_tx_ready[L]),
        .sw_tx_data(s_tx_data[64*L +: 64]), .sw_tx_nbytes(s_tx_nbytes[4*L +: 4]),
        .sw_tx_last(s_tx_last[L]),
        .up_tx_data(up_tx_data[GW*L +: GW]), .up_tx_ctl(up_tx_ctl[8*L +: 8]),
        .up_rx_valid(up_rx_valid[LANES*L +: LANES]), .up_rx_data(up_rx_data[GW*L +: GW]),
        .up_rx_ctl(up_rx_ctl[8*L +: 8]),
        .dn_tx_data(dn_tx_data[GW*L +: GW]), .dn_tx_ctl(dn_tx_ctl[8*L +: 8]),
        .dn_rx_valid(dn_rx_valid[LANES*L +: LANES]), .dn_rx_data(dn_rx_data[GW*L +: GW]),
        .dn_rx_ctl(dn_rx_ctl[8*L +: 8]),
        .link_up(link_up[2*L +: 2]), .retrans(rifl_retrans[64*L +: 64]),
        .raw_overflow(raw_overflow[L]));
    end
  end endgenerate
endmodule

`resetall
