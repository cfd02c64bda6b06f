// sue_multi: an SUE instance with P = 2 or 4 Ethernet ports (spec 1.1, 1.2 "Ordering", 4.3;
// docs/sue/sue_multi.md). P port datapaths, each a whole sue_endpoint (its own ingress, pack
// queues, go-back-N state and so its own PSN space per destination, frame builder, receive
// checks, PFC / CBFC, registers) sized for its port's rate by ETH_W, behind one XPU command
// interface: sue_port_sel hands each command to a port (ordered: a connection hash through a
// map; unordered: the least loaded up port that reaches the destination) and gives the XPU
// credits every port can honour; sue_rx_merge joins the ports' deliveries onto the one receive
// interface under the XPU's credits; sue_fail_xbar carries a port whose wire is down on a live
// wire (failover); sue_rx_cover holds a port's receive buffer, filled over other wires, by their
// PFC; sue_multi_regs holds the instance's own registers;
// axil_split puts port e's registers at e << 12 and the instance's at 0x10000.
// Model: tb/sue/test_sue_multi.c composes the cycle models (sue_endpoint_model per port through
// csrc/lib/sue/sue_ep_lockstep, sue_port_sel_model, sue_rx_merge_model, sue_fail_xbar_model,
// sue_rx_cover_model)
`resetall
`default_nettype none
`include "assert.vh"

module sue_multi #(
  parameter integer P             = 2,      // ports: 2 or 4 (one port: sue_endpoint itself)
  parameter integer DATA_W        = 256,    // XPU data beats
  parameter integer ETH_W         = 128,    // each port's Ethernet datapath (its rate)
  parameter integer NDST          = 64,
  parameter integer ALIGN         = 4,
  parameter integer PDU_MAX       = 4096,
  parameter integer Q_BYTES       = 8192,
  parameter integer WIN           = 8,
  parameter integer PSN_PER_VC    = 0,
  parameter integer ING_CMD       = 8,
  parameter integer ING_DATA      = 4,
  parameter integer RX_BYTES      = 16384,
  parameter integer RXC_BUF_BYTES = 16384,
  parameter integer RXC_NFR       = 16,
  parameter integer SKID          = 2,      // sue_rx_merge's commands per {port, VC}
  // derived (not to be overridden)
  localparam integer EB  = ETH_W / 8,
  localparam integer EBW = $clog2(EB + 1),
  localparam integer QUW = $clog2(Q_BYTES / ALIGN + 1),
  localparam integer TBW = $clog2(NDST * 4 * Q_BYTES + 1),
  localparam integer RBW = $clog2(RX_BYTES + 1)   // a receive-buffer level
) (
  input  wire                 clk,
  input  wire                 rst_n,
  // ---- XPU transmit (docs/sue/index.md), per-queue credit returns one channel per port
  input  wire [1:0]           tx_valid,
  input  wire [3:0]           tx_cycle,
  input  wire [1:0]           tx_vc,
  input  wire [9:0]           tx_xpuid,
  input  wire [143:0]         tx_control,
  input  wire                 tx_send_now,
  input  wire [DATA_W-1:0]    tx_data,
  input  wire                 tx_err,
  output wire [5:0]           tx_credit,
  output wire [P-1:0]         tx_qcredit_valid,
  output wire [P*10-1:0]      tx_qcredit_xpuid,
  output wire [P*2-1:0]       tx_qcredit_vc,
  output wire [P*QUW-1:0]     tx_qcredit_units,
  input  wire                 tx_reset_in,
  output wire                 tx_reset_out,
  // ---- XPU receive
  output wire [1:0]           rx_valid,
  output wire [3:0]           rx_cycle,
  output wire [1:0]           rx_vc,
  output wire [9:0]           rx_xpuid,
  output wire [143:0]         rx_control,
  output wire [DATA_W-1:0]    rx_data,
  input  wire [5:0]           rx_credit,
  input  wire                 rx_reset_in,
  output wire                 rx_reset_out,
  // ---- the Ethernet ports, port e at [e * width +: width]
  output wire [P-1:0]         eth_tx_valid,
  input  wire [P-1:0]         eth_tx_ready,
  output wire [P*ETH_W-1:0]   eth_tx_data,
  output wire [P*EBW-1:0]     eth_tx_nbytes,
  output wire [P-1:0]         eth_tx_last,
  input  wire [P-1:0]         eth_rx_valid,
  output wire [P-1:0]         eth_rx_ready,
  input  wire [P*ETH_W-1:0]   eth_rx_data,
  input  wire [P*EBW-1:0]     eth_rx_nbytes,
  input  wire [P-1:0]         eth_rx_last,
  input  wire [P-1:0]         eth_rx_user,
  // ---- AXI4-Lite: port e's registers at e << 12, the instance's at 0x10000
  input  wire                 s_axil_awvalid,
  output wire                 s_axil_awready,
  input  wire [16:0]          s_axil_awaddr,
  input  wire                 s_axil_wvalid,
  output wire                 s_axil_wready,
  input  wire [31:0]          s_axil_wdata,
  input  wire [3:0]           s_axil_wstrb,
  output wire                 s_axil_bvalid,
  input  wire                 s_axil_bready,
  output wire [1:0]           s_axil_bresp,
  input  wire                 s_axil_arvalid,
  output wire                 s_axil_arready,
  input  wire [16:0]          s_axil_araddr,
  output wire                 s_axil_rvalid,
  input  wire                 s_axil_rready,
  output wire [31:0]          s_axil_rdata,
  output wire [1:0]           s_axil_rresp,
  // ---- link status per port; irq: any port's
  input  wire [P-1:0]         link_up,
  output wire                 irq,
  // ---- observation (lockstep tests, benchmarks): each port's, as sue_endpoint's, and the choice
  output wire [P-1:0]         o_tx_decide,
  output wire [P*3-1:0]       o_tx_kind,
  output wire [P-1:0]         o_rx_verdict,
  output wire [P-1:0]         o_irq,
  output wire [P*TBW-1:0]     o_backlog,
  output wire [P-1:0]         o_unreach,      // port e finds tx_xpuid unreachable (to sue_port_sel)
  output wire [P*6-1:0]       o_tx_credit,    // port e's ingress credit words (to sue_port_sel)
  output wire [P*6-1:0]       o_rx_credit,    // port e's rx credit words (from sue_rx_merge)
  output wire [P-1:0]         o_rx_start,     // port e shows beat 0 of a delivery
  output wire [P*2-1:0]       o_rx_vc,        // ... its VC
  output wire                 o_sel_valid,    // sue_port_sel took a beat 0 (registered)
  output wire [1:0]           o_sel_port,
  output wire                 o_sel_drop,
  output wire [P-1:0]         o_ep_tx_valid,  // each port's own Ethernet side (sue_fail_xbar's)
  output wire [P-1:0]         o_ep_tx_ready,
  output wire [P*ETH_W-1:0]   o_ep_tx_data,
  output wire [P*EBW-1:0]     o_ep_tx_nbytes,
  output wire [P-1:0]         o_ep_tx_last,
  output wire [P-1:0]         o_ep_tx_detour,
  output wire [P-1:0]         o_ep_tx_fc,     // guest flow control (sue_fail_xbar): the frames'
  output wire [P*3-1:0]       o_ep_tx_cls,    //   tags, ...
  output wire [P*16-1:0]      o_ep_tx_bytes,
  output wire [P*8-1:0]       o_ep_fc_gblock, //   ... the classes each port blocks for guests,
  output wire [P-1:0]         o_ep_away,      //   ... the ports away from their wires, and
  output wire [P-1:0]         o_g_valid,      //   ... the guest frames each wire's port counts
  output wire [P*3-1:0]       o_g_cls,
  output wire [P*16-1:0]      o_g_bytes,
  output wire [P-1:0]         o_ep_cover,     // receive cover (sue_rx_cover): the ports whose
                                              //   buffers the other wires' PFC holds
  output wire [P-1:0]         o_ep_rx_valid,
  output wire [P-1:0]         o_ep_rx_ready,
  output wire [P*ETH_W-1:0]   o_ep_rx_data,
  output wire [P*EBW-1:0]     o_ep_rx_nbytes,
  output wire [P-1:0]         o_ep_rx_last
);
  generate if (P != 2 && P != 4) begin : g_bad_param
    `PARAM_FATAL("sue_multi: P must be 2 or 4 (one port is sue_endpoint)")
  end endgenerate

  // ---- registers: axil_split, the ports' sue_regs (inside each sue_endpoint), sue_multi_regs
  wire [P:0]       m_awvalid, m_awready, m_wvalid, m_wready, m_bvalid, m_bready;
  wire [P:0]       m_arvalid, m_arready, m_rvalid, m_rready;
  wire [(P+1)*2-1:0]  m_bresp, m_rresp;
  wire [(P+1)*32-1:0] m_rdata;
  wire [11:0]      m_awaddr, m_araddr;
  wire [31:0]      m_wdata;
  wire [3:0]       m_wstrb;
  axil_split #(.NT(P + 1)) u_split (
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

  wire         cfg_unordered, cfg_failover;
  wire [P*2-1:0] fx_host;
  wire [2:0]   fx_car, fx_drp, fx_str, fx_cut, fx_rxcut;
  wire [P-1:0] cfg_port_en, link_q;
  wire [7:0]   cfg_map;
  wire         sel_valid, inc_viol, inc_drop;
  wire [1:0]   sel_port;
  sue_multi_regs #(.P(P), .SKID(SKID)) u_regs (
    .clk(clk), .rst_n(rst_n),
    .s_axil_awvalid(m_awvalid[P]), .s_axil_awready(m_awready[P]), .s_axil_awaddr(m_awaddr),
    .s_axil_wvalid(m_wvalid[P]), .s_axil_wready(m_wready[P]), .s_axil_wdata(m_wdata),
    .s_axil_wstrb(m_wstrb), .s_axil_bvalid(m_bvalid[P]), .s_axil_bready(m_bready[P]),
    .s_axil_bresp(m_bresp[2*P +: 2]), .s_axil_arvalid(m_arvalid[P]), .s_axil_arready(m_arready[P]),
    .s_axil_araddr(m_araddr), .s_axil_rvalid(m_rvalid[P]), .s_axil_rready(m_rready[P]),
    .s_axil_rdata(m_rdata[32*P +: 32]), .s_axil_rresp(m_rresp[2*P +: 2]),
    .cfg_unordered(cfg_unordered), .cfg_failover(cfg_failover), .cfg_port_en(cfg_port_en),
    .cfg_map(cfg_map), .link_up(link_up), .link_q(link_q), .host(fx_host),
    .inc_sel(sel_valid && !inc_drop), .sel_port(sel_port), .inc_viol(inc_viol),
    .inc_drop(inc_drop), .n_carried(fx_car), .n_dropped(fx_drp), .n_steered(fx_str),
    .n_cut(fx_cut), .n_rx_cut(fx_rxcut));

  // ---- transmit: the port choice
  wire [P*2-1:0]     p_tx_valid;
  wire [3:0]         p_tx_cycle;
  wire [1:0]         p_tx_vc;
  wire [9:0]         p_tx_xpuid;
  wire [143:0]       p_tx_control;
  wire               p_tx_send_now, p_tx_err;
  wire [DATA_W-1:0]  p_tx_data;
  wire [P-1:0]       p_txr, p_rxr;
  sue_port_sel #(.P(P), .DATA_W(DATA_W), .ING_CMD(ING_CMD), .ING_DATA(ING_DATA), .BLW(TBW)) u_psel (
    .clk(clk), .rst_n(rst_n), .flush(|p_txr),
    .cfg_unordered(cfg_unordered), .cfg_map(cfg_map), .port_ok(link_q & cfg_port_en),
    .p_unreach(o_unreach), .p_backlog(o_backlog),
    .tx_valid(tx_valid), .tx_cycle(tx_cycle), .tx_vc(tx_vc), .tx_xpuid(tx_xpuid),
    .tx_control(tx_control), .tx_send_now(tx_send_now), .tx_data(tx_data), .tx_err(tx_err),
    .tx_credit(tx_credit), .p_tx_credit(o_tx_credit),
    .p_tx_valid(p_tx_valid), .p_tx_cycle(p_tx_cycle), .p_tx_vc(p_tx_vc), .p_tx_xpuid(p_tx_xpuid),
    .p_tx_control(p_tx_control), .p_tx_send_now(p_tx_send_now), .p_tx_data(p_tx_data),
    .p_tx_err(p_tx_err), .sel_valid(sel_valid), .sel_port(sel_port), .inc_viol(inc_viol),
    .inc_drop(inc_drop));
  assign o_sel_valid  = sel_valid;
  assign o_sel_port   = sel_port;
  assign o_sel_drop   = inc_drop;
  assign tx_reset_out = |p_txr;
  assign rx_reset_out = |p_rxr;
  assign irq          = |o_irq;

  // ---- the ports
  wire [P*2-1:0]      q_rx_valid;
  wire [P*4-1:0]      q_rx_cycle;
  wire [P*10-1:0]     q_rx_xpuid;
  wire [P*144-1:0]    q_rx_control;
  wire [P*DATA_W-1:0] q_rx_data;
  wire [P*48-1:0]     ep_mac;
  wire [P-1:0]        ep_mac_on, ep_rx_user, ep_rx_via;
  wire [P*8*RBW-1:0]  ep_cls_level, ep_g_cls_level;
  genvar e;
  generate for (e = 0; e < P; e = e + 1) begin : g_port
    sue_endpoint #(
      .DATA_W(DATA_W), .ETH_W(ETH_W), .NDST(NDST), .ALIGN(ALIGN), .PDU_MAX(PDU_MAX),
      .Q_BYTES(Q_BYTES), .WIN(WIN), .PSN_PER_VC(PSN_PER_VC), .ING_CMD(ING_CMD),
      .ING_DATA(ING_DATA), .RX_BYTES(RX_BYTES), .RXC_BUF_BYTES(RXC_BUF_BYTES), .RXC_NFR(RXC_NFR)
    ) u_ep (
      .clk(clk), .rst_n(rst_n),
      .tx_valid(p_tx_valid[2*e +: 2]), .tx_cycle(p_tx_cycle), .tx_vc(p_tx_vc),
      .tx_xpuid(p_tx_xpuid), .tx_control(p_tx_control), .tx_send_now(p_tx_send_now),
      .tx_data(p_tx_data), .tx_err(p_tx_err),
      .tx_credit(o_tx_credit[6*e +: 6]), .tx_qcredit_valid(tx_qcredit_valid[e]),
      .tx_qcredit_xpuid(tx_qcredit_xpuid[10*e +: 10]), .tx_qcredit_vc(tx_qcredit_vc[2*e +: 2]),
      .tx_qcredit_units(tx_qcredit_units[QUW*e +: QUW]), .tx_backlog(o_backlog[TBW*e +: TBW]),
      .tx_reset_in(tx_reset_in), .tx_reset_out(p_txr[e]),
      .rx_valid(q_rx_valid[2*e +: 2]), .rx_cycle(q_rx_cycle[4*e +: 4]), .rx_vc(o_rx_vc[2*e +: 2]),
      .rx_xpuid(q_rx_xpuid[10*e +: 10]), .rx_control(q_rx_control[144*e +: 144]),
      .rx_data(q_rx_data[DATA_W*e +: DATA_W]), .rx_credit(o_rx_credit[6*e +: 6]),
      .rx_reset_in(rx_reset_in), .rx_reset_out(p_rxr[e]),
      .eth_tx_valid(o_ep_tx_valid[e]), .eth_tx_ready(o_ep_tx_ready[e]),
      .eth_tx_data(o_ep_tx_data[ETH_W*e +: ETH_W]),
      .eth_tx_nbytes(o_ep_tx_nbytes[EBW*e +: EBW]), .eth_tx_last(o_ep_tx_last[e]),
      .eth_tx_detour(o_ep_tx_detour[e]), .eth_tx_fc(o_ep_tx_fc[e]),
      .eth_tx_cls(o_ep_tx_cls[3*e +: 3]), .eth_tx_bytes(o_ep_tx_bytes[16*e +: 16]),
      .fc_away(o_ep_away[e]), .fc_gblock(o_ep_fc_gblock[8*e +: 8]), .g_valid(o_g_valid[e]),
      .g_cls(o_g_cls[3*e +: 3]), .g_bytes(o_g_bytes[16*e +: 16]),
      .eth_rx_valid(o_ep_rx_valid[e]), .eth_rx_ready(o_ep_rx_ready[e]),
      .eth_rx_data(o_ep_rx_data[ETH_W*e +: ETH_W]),
      .eth_rx_nbytes(o_ep_rx_nbytes[EBW*e +: EBW]), .eth_rx_last(o_ep_rx_last[e]),
      .eth_rx_user(ep_rx_user[e]), .eth_rx_via(ep_rx_via[e]),
      .rx_cls_level(ep_cls_level[8*RBW*e +: 8*RBW]),
      .g_cls_level(ep_g_cls_level[8*RBW*e +: 8*RBW]),
      .s_axil_awvalid(m_awvalid[e]), .s_axil_awready(m_awready[e]), .s_axil_awaddr(m_awaddr),
      .s_axil_wvalid(m_wvalid[e]), .s_axil_wready(m_wready[e]), .s_axil_wdata(m_wdata),
      .s_axil_wstrb(m_wstrb), .s_axil_bvalid(m_bvalid[e]), .s_axil_bready(m_bready[e]),
      .s_axil_bresp(m_bresp[2*e +: 2]), .s_axil_arvalid(m_arvalid[e]), .s_axil_arready(m_arready[e]),
      .s_axil_araddr(m_araddr), .s_axil_rvalid(m_rvalid[e]), .s_axil_rready(m_rready[e]),
      .s_axil_rdata(m_rdata[32*e +: 32]), .s_axil_rresp(m_rresp[2*e +: 2]),
      .link_up(link_up[e]), .irq(o_irq[e]), .q_xpuid(tx_xpuid), .q_unreach(o_unreach[e]),
      .port_mac(ep_mac[48*e +: 48]), .port_mac_on(ep_mac_on[e]),
      .tx_decide(o_tx_decide[e]), .tx_kind(o_tx_kind[3*e +: 3]), .rx_verdict(o_rx_verdict[e]));
    assign o_rx_start[e] = q_rx_valid[2*e +: 2] != 2'd0 && q_rx_cycle[4*e +: 4] == 4'd0;
  end endgenerate

  // ---- failover: the ports' frames onto the wires, the wires' frames to the ports
  sue_fail_xbar #(.P(P), .ETH_W(ETH_W)) u_fxb (
    .clk(clk), .rst_n(rst_n), .cfg_failover(cfg_failover), .link_q(link_q), .cfg_mac(ep_mac),
    .cfg_mac_on(ep_mac_on),
    .ep_tx_valid(o_ep_tx_valid), .ep_tx_ready(o_ep_tx_ready), .ep_tx_data(o_ep_tx_data),
    .ep_tx_nbytes(o_ep_tx_nbytes), .ep_tx_last(o_ep_tx_last), .ep_tx_detour(o_ep_tx_detour),
    .ep_tx_fc(o_ep_tx_fc), .ep_tx_cls(o_ep_tx_cls), .ep_tx_bytes(o_ep_tx_bytes),
    .ep_fc_gblock(o_ep_fc_gblock), .ep_away(o_ep_away), .g_valid(o_g_valid), .g_cls(o_g_cls),
    .g_bytes(o_g_bytes),
    .ep_rx_valid(o_ep_rx_valid), .ep_rx_ready(o_ep_rx_ready), .ep_rx_data(o_ep_rx_data),
    .ep_rx_nbytes(o_ep_rx_nbytes), .ep_rx_last(o_ep_rx_last), .ep_rx_user(ep_rx_user),
    .ep_rx_via(ep_rx_via),
    .eth_tx_valid(eth_tx_valid), .eth_tx_ready(eth_tx_ready), .eth_tx_data(eth_tx_data),
    .eth_tx_nbytes(eth_tx_nbytes), .eth_tx_last(eth_tx_last),
    .eth_rx_valid(eth_rx_valid), .eth_rx_ready(eth_rx_ready), .eth_rx_data(eth_rx_data),
    .eth_rx_nbytes(eth_rx_nbytes), .eth_rx_last(eth_rx_last), .eth_rx_user(eth_rx_user),
    .host(fx_host), .n_carried(fx_car), .n_dropped(fx_drp), .n_steered(fx_str),
    .n_cut(fx_cut), .n_rx_cut(fx_rxcut));

  // ---- receive cover: a port's buffer filled over other wires is held by their PFC
  sue_rx_cover #(.P(P), .BW(RBW)) u_rxcov (
    .clk(clk), .rst_n(rst_n), .via_take(o_ep_rx_valid & o_ep_rx_ready & ep_rx_via),
    .cls_level(ep_cls_level), .covered(o_ep_cover), .g_cls_level(ep_g_cls_level));

  // ---- receive: the ports' deliveries onto the XPU's interface
  sue_rx_merge #(.P(P), .DATA_W(DATA_W), .SKID(SKID)) u_rxm (
    .clk(clk), .rst_n(rst_n),
    .p_rx_valid(q_rx_valid), .p_rx_cycle(q_rx_cycle), .p_rx_vc(o_rx_vc), .p_rx_xpuid(q_rx_xpuid),
    .p_rx_control(q_rx_control), .p_rx_data(q_rx_data), .p_rx_credit(o_rx_credit),
    .rx_valid(rx_valid), .rx_cycle(rx_cycle), .rx_vc(rx_vc), .rx_xpuid(rx_xpuid),
    .rx_control(rx_control), .rx_data(rx_data), .rx_credit(rx_credit), .rx_reset_in(rx_reset_in),
    /* verilator lint_off PINCONNECTEMPTY */ // o_rx_start / o_rx_vc show the ports' side
    .sel_valid(), .sel_port()
    /* verilator lint_on PINCONNECTEMPTY */
  );
endmodule

`resetall
