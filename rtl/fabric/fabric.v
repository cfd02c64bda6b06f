// fabric: the system of the source documents (docs/fabric/index.md): N XPUs, each with a SUE
// endpoint (rtl/sue), joined to one switch port (fabric_switch: scoc_switch by default, iSLIP by
// parameter) by a link in each direction. With RIFL = 1 (the default) every link is a RIFL lane
// pair (rtl/rifl, the spec's link-level retry, 3.3.4), or with LANES 2 or 4 a pair of bonded
// links of that many RIFL lanes (rifl_bond); with RIFL = 0 the frames go raw over the same
// channel and link errors reach the FCS. The channels themselves are outside: each lane of a
// link direction is a 64-bit word a cycle out (*_tx_*) and back in (*_rx_*), so a testbench can
// add delay, skew, bit errors and outages. One clock: a GT word a cycle is the line rate (docs/fabric/index.md
// "Clocking").
// Model: csrc/ref/fabric (the endpoint, lane and switch models composed; docs/fabric/index.md)
`resetall
`default_nettype none
`include "assert.vh"

module fabric #(
  parameter integer N        = 4,
  parameter integer RIFL     = 1,      // 1 RIFL on every link, 0 raw Ethernet (bypass)
  parameter integer LANES    = 1,      // RIFL lanes a link (1, 2, 4; > 1: rifl_bond, RIFL 1 only)
  parameter integer SWITCH   = 0,      // 0 scoc_switch, 1 islip_switch
  parameter integer M        = 2,
  parameter integer MT       = 2,
  parameter integer K        = 1,
  parameter integer QD       = 16,
  parameter integer OQ       = 8,
  parameter integer LW       = 4,
  parameter integer CK       = (SWITCH == 0) ? M : 1,   // cell words per switch-core word
  // endpoints (rtl/sue/sue_endpoint), Ethernet side 64 bits: one GT word a cycle
  parameter integer DATA_W   = 256,
  parameter integer ALIGN    = 4,
  parameter integer PDU_MAX  = 512,
  parameter integer Q_BYTES  = 1024,
  parameter integer WIN      = 8,
  // PSN per {destination, VC}: the switch queues each class apart, so classes overtake each
  // other (docs/fabric/index.md "Ordering"); per destination (0) only with one class in use
  parameter integer PSN_PER_VC = 1,
  parameter integer ING_CMD  = 4,
  parameter integer ING_DATA = 2,
  parameter integer RX_BYTES = 4096,
  // RIFL lanes (rtl/rifl/rifl_lane)
  parameter integer FW       = 256,
  // FIDW: the paper's sizing rule, 2^FIDW frame slots >= the link's round trip in frames (seed
  // 003, Sec. 3.B and eq. 13): a fabric link's round trip is about 2 x (channel + 19) cycles,
  // 14 slots of 4 cycles with the testbench's 8-word channel; 64 slots cover channels of up to
  // 109 words each way, and a replay (2.5 x 2^FIDW slots) costs 640 cycles, not 8's 2,560
  parameter integer FIDW     = 6,
  parameter integer FC_DEPTH = 64,
  // switch ports
  parameter integer IBW      = 4096,   // ingress buffer, words (32 KB)
  parameter integer RBD      = 256,    // reassembly per source, words
  parameter integer TQD      = 256,    // class queue, words
  parameter integer NENT     = 16,     // forwarding table entries
  parameter integer RAW_FIFO = 64,     // raw channel: endpoint receive FIFO, words
  localparam integer QUW     = $clog2(Q_BYTES / ALIGN + 1),
  localparam integer TBW     = $clog2(N * 4 * Q_BYTES + 1),   // an endpoint's backlog
  localparam integer FMAX    = PDU_MAX + 64
) (
  input  wire                clk,
  input  wire                rst_n,
  // ---- XPU command interfaces, XPU i at [i * width +: width] (rtl/sue/sue_endpoint)
  input  wire [2*N-1:0]      tx_valid,
  input  wire [4*N-1:0]      tx_cycle,
  input  wire [2*N-1:0]      tx_vc,
  input  wire [10*N-1:0]     tx_xpuid,
  input  wire [144*N-1:0]    tx_control,
  input  wire [N-1:0]        tx_send_now,
  input  wire [DATA_W*N-1:0] tx_data,
  input  wire [N-1:0]        tx_err,
  output wire [6*N-1:0]      tx_credit,
  output wire [N-1:0]        tx_qcredit_valid,
  output wire [10*N-1:0]     tx_qcredit_xpuid,
  output wire [2*N-1:0]      tx_qcredit_vc,
  output wire [QUW*N-1:0]    tx_qcredit_units,
  output wire [2*N-1:0]      rx_valid,
  output wire [4*N-1:0]      rx_cycle,
  output wire [2*N-1:0]      rx_vc,
  output wire [10*N-1:0]     rx_xpuid,
  output wire [144*N-1:0]    rx_control,
  output wire [DATA_W*N-1:0] rx_data,
  input  wire [6*N-1:0]      rx_credit,
  // ---- link channels: up = endpoint to switch, dn = switch to endpoint; a 64-bit word a lane
  //      (XPU i's lane k at word LANES i + k) and, on the raw channel only, its framing
  //      {valid, last, 2'b0, nbytes}
  output wire [64*LANES*N-1:0] up_tx_data,
  output wire [8*N-1:0]        up_tx_ctl,
  input  wire [LANES*N-1:0]    up_rx_valid,
  input  wire [64*LANES*N-1:0] up_rx_data,
  input  wire [8*N-1:0]        up_rx_ctl,
  output wire [64*LANES*N-1:0] dn_tx_data,
  output wire [8*N-1:0]        dn_tx_ctl,
  input  wire [LANES*N-1:0]    dn_rx_valid,
  input  wire [64*LANES*N-1:0] dn_rx_data,
  input  wire [8*N-1:0]        dn_rx_ctl,
  // ---- AXI4-Lite: endpoint i at i << 12, the switch at 0x10000
  input  wire                s_axil_awvalid,
  output wire                s_axil_awready,
  input  wire [16:0]         s_axil_awaddr,
  input  wire                s_axil_wvalid,
  output wire                s_axil_wready,
  input  wire [31:0]         s_axil_wdata,
  input  wire [3:0]          s_axil_wstrb,
  output wire                s_axil_bvalid,
  input  wire                s_axil_bready,
  output wire [1:0]          s_axil_bresp,
  input  wire                s_axil_arvalid,
  output wire                s_axil_arready,
  input  wire [16:0]         s_axil_araddr,
  output wire                s_axil_rvalid,
  input  wire                s_axil_rready,
  output wire [31:0]         s_axil_rdata,
  output wire [1:0]          s_axil_rresp,
  // ---- observation: endpoint decisions and verdicts, link state, RIFL retransmissions
  output wire [N-1:0]        ep_tx_decide,
  output wire [3*N-1:0]      ep_tx_kind,
  output wire [N-1:0]        ep_rx_verdict,
  output wire [TBW*N-1:0]    ep_tx_backlog, // endpoint i's packed bytes waiting
  output wire [N-1:0]        ep_irq,        // endpoint i's irq (its INTR & INTR_EN)
  output wire [2*N-1:0]      link_up,       // [2i] up link of XPU i, [2i+1] its down link (every lane up)
  output wire [64*N-1:0]     rifl_retrans,  // retransmissions requested, per link pair (its lanes summed): [64i +: 32] up, [64i+32 +: 32] dn
  output wire [N-1:0]        raw_overflow,  // raw channel: a beat found the endpoint FIFO full
  output wire [4*N-1:0]      sw_xoff,
  output wire [4*N-1:0]      sw_paused,
  output wire [31:0]         sw_err_len,
  output wire [31:0]         sw_err_dst,
  // ---- observation: every beat taken on each endpoint's Ethernet port and on each switch
  //      port's frame side (between its link and the switch), so that a testbench can hold every
  //      endpoint and switch port to its model on RIFL links too. {taken, last, user, 0, nbytes}
  //      and the beat's word (zero when not taken)
  output wire [8*N-1:0]      ep_eth_tx_ctl,
  output wire [64*N-1:0]     ep_eth_tx_data,
  output wire [8*N-1:0]      ep_eth_rx_ctl,
  output wire [64*N-1:0]     ep_eth_rx_data,
  output wire [8*N-1:0]      sw_in_ctl,     // into switch port i (from XPU i's up link)
  output wire [64*N-1:0]     sw_in_data,
  output wire [8*N-1:0]      sw_out_ctl,    // out of switch port i (to XPU i's down link)
  output wire [64*N-1:0]     sw_out_data
);
  `include "common_params.vh"

  generate if (N < 4 || N > 16 || (RIFL != 0 && RIFL != 1) ||
               (LANES != 1 && LANES != 2 && LANES != 4) || (RIFL == 0 && LANES != 1))
  begin : g_bad_param
    `PARAM_FATAL("fabric: need 4 <= N <= 16 (the register map), RIFL in {0, 1}, LANES in {1, 2, 4}, LANES 1 on raw links")
  end endgenerate

  localparam integer GW = 64 * LANES;   // one link direction's channel bits

  // ================================================================ registers
  wire [N:0]      m_awvalid, m_awready, m_wvalid, m_wready, m_bvalid, m_bready;
  wire [N:0]      m_arvalid, m_arready, m_rvalid, m_rready;
  wire [11:0]     m_awaddr, m_araddr;
  wire [31:0]     m_wdata;
  wire [3:0]      m_wstrb;
  wire [2*N+1:0]  m_bresp, m_rresp;
  wire [32*N+31:0] m_rdata;

  axil_split #(.NT(N + 1)) u_split (
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

  // ================================================================ switch
  wire [N-1:0]    s_rx_valid, s_rx_ready, s_rx_last, s_rx_user;
  wire [N*64-1:0] s_rx_data, s_tx_data;
  wire [N*4-1:0]  s_rx_nbytes, s_tx_nbytes;
  wire [N-1:0]    s_tx_valid, s_tx_ready, s_tx_last;

  fabric_switch #(
    .N(N), .SWITCH(SWITCH), .M(M), .MT(MT), .K(K), .QD(QD), .OQ(OQ), .LW(LW), .CK(CK), .FMAX(FMAX),
    .IBW(IBW), .RBD(RBD), .TQD(TQD), .NENT(NENT), .BYPASS(1 - RIFL),
    // PFC thresholds: 4 x (XOFF + headroom) <= the buffer, the headroom being what still
    // arrives after an XOFF leaves (6 longest frames measured enough: docs/fabric/fabric_sw_port.md
    // "Lossless"). With the core CK words wide, a few senders' windows fit in the switch's
    // buffers below this XOFF, so a 3-to-1 incast does not reach it (fabric_incast writes 512)
    .XOFF(IBW / 2), .XON(IBW / 4)
  ) u_sw (
    .clk(clk), .rst_n(rst_n),
    .rx_valid(s_rx_valid), .rx_ready(s_rx_ready), .rx_data(s_rx_data), .rx_nbytes(s_rx_nbytes),
    .rx_last(s_rx_last), .rx_user(s_rx_user),
    .tx_valid(s_tx_valid), .tx_ready(s_tx_ready), .tx_data(s_tx_data), .tx_nbytes(s_tx_nbytes),
    .tx_last(s_tx_last),
    .s_axil_awvalid(m_awvalid[N]), .s_axil_awready(m_awready[N]), .s_axil_awaddr(m_awaddr),
    .s_axil_wvalid(m_wvalid[N]), .s_axil_wready(m_wready[N]), .s_axil_wdata(m_wdata),
    .s_axil_wstrb(m_wstrb), .s_axil_bvalid(m_bvalid[N]), .s_axil_bready(m_bready[N]),
    .s_axil_bresp(m_bresp[2*N +: 2]), .s_axil_arvalid(m_arvalid[N]), .s_axil_arready(m_arready[N]),
    .s_axil_araddr(m_araddr), .s_axil_rvalid(m_rvalid[N]), .s_axil_rready(m_rready[N]),
    .s_axil_rdata(m_rdata[32*N +: 32]), .s_axil_rresp(m_rresp[2*N +: 2]),
    .xoff(sw_xoff), .paused(sw_paused), .err_len(sw_err_len), .err_dst(sw_err_dst));

  // ================================================================ XPUs: endpoint and links
  genvar i;
  generate for (i = 0; i < N; i = i + 1) begin : g_xpu
    wire        etv, etr, etl, erv, err, erl, eru;
    wire [63:0] etd, erd;
    wire [3:0]  etn, ern;
    wire        u_txr, u_rxr;     // endpoint resets: the fabric's XPUs do not use them
    wire        u_q_unreach;      // a multi-port instance's port-choice query: unused here
    wire [47:0] u_mac;            // ... and its failover's address: unused here
    wire        u_mac_on;
    wire        u_detour;         // ... its frames' detour and flow-control tags, and the
    wire        u_fc;             //     classes it blocks for guests: a multi-port instance's
    wire [2:0]  u_cls;            //     failover, unused here (one port an XPU)
    wire [15:0] u_bytes;
    wire [7:0]  u_gblock;
    wire [8*$clog2(RX_BYTES + 1)-1:0] u_cls_level;   // its receive cover: the same
    wire        unused_rst = ^{u_txr, u_rxr, u_q_unreach, u_mac, u_mac_on, u_detour, u_fc, u_cls,
                               u_bytes, u_gblock, u_cls_level};
    wire        et_take = etv && etr, er_take = erv && err;
    wire        si_take = s_rx_valid[i] && s_rx_ready[i], so_take = s_tx_valid[i] && s_tx_ready[i];
    assign ep_eth_tx_ctl[8*i +: 8]  = {et_take, et_take && etl, 2'b00, et_take ? etn : 4'd0};
    assign ep_eth_tx_data[64*i +: 64] = et_take ? etd : 64'd0;
    assign ep_eth_rx_ctl[8*i +: 8]  = {er_take, er_take && erl, er_take && eru, 1'b0,
                                       er_take ? ern : 4'd0};
    assign ep_eth_rx_data[64*i +: 64] = er_take ? erd : 64'd0;
    assign sw_in_ctl[8*i +: 8]      = {si_take, si_take && s_rx_last[i], si_take && s_rx_user[i],
                                       1'b0, si_take ? s_rx_nbytes[4*i +: 4] : 4'd0};
    assign sw_in_data[64*i +: 64]   = si_take ? s_rx_data[64*i +: 64] : 64'd0;
    assign sw_out_ctl[8*i +: 8]     = {so_take, so_take && s_tx_last[i], 2'b00,
                                       so_take ? s_tx_nbytes[4*i +: 4] : 4'd0};
    assign sw_out_data[64*i +: 64]  = so_take ? s_tx_data[64*i +: 64] : 64'd0;

    sue_endpoint #(
      .DATA_W(DATA_W), .ETH_W(64), .NDST(N), .ALIGN(ALIGN), .PDU_MAX(PDU_MAX),
      .Q_BYTES(Q_BYTES), .WIN(WIN), .PSN_PER_VC(PSN_PER_VC), .ING_CMD(ING_CMD), .ING_DATA(ING_DATA),
      .RX_BYTES(RX_BYTES), .RXC_BUF_BYTES(2 * (PDU_MAX + 64) > 2048 ? 2 * (PDU_MAX + 64) : 2048),
      .RXC_NFR(8)
    ) u_ep (
      .clk(clk), .rst_n(rst_n),
      .tx_valid(tx_valid[2*i +: 2]), .tx_cycle(tx_cycle[4*i +: 4]), .tx_vc(tx_vc[2*i +: 2]),
      .tx_xpuid(tx_xpuid[10*i +: 10]), .tx_control(tx_control[144*i +: 144]),
      .tx_send_now(tx_send_now[i]), .tx_data(tx_data[DATA_W*i +: DATA_W]), .tx_err(tx_err[i]),
      .tx_credit(tx_credit[6*i +: 6]), .tx_qcredit_valid(tx_qcredit_valid[i]),
      .tx_qcredit_xpuid(tx_qcredit_xpuid[10*i +: 10]), .tx_qcredit_vc(tx_qcredit_vc[2*i +: 2]),
      .tx_qcredit_units(tx_qcredit_units[QUW*i +: QUW]), .tx_reset_in(1'b0), .tx_reset_out(u_txr),
      .tx_backlog(ep_tx_backlog[TBW*i +: TBW]),
      .rx_valid(rx_valid[2*i +: 2]), .rx_cycle(rx_cycle[4*i +: 4]), .rx_vc(rx_vc[2*i +: 2]),
      .rx_xpuid(rx_xpuid[10*i +: 10]), .rx_control(rx_control[144*i +: 144]),
      .rx_data(rx_data[DATA_W*i +: DATA_W]), .rx_credit(rx_credit[6*i +: 6]),
      .rx_reset_in(1'b0), .rx_reset_out(u_rxr),
      .eth_tx_valid(etv), .eth_tx_ready(etr), .eth_tx_data(etd), .eth_tx_nbytes(etn),
      .eth_tx_last(etl), .eth_tx_detour(u_detour), .eth_tx_fc(u_fc), .eth_tx_cls(u_cls),
      .eth_tx_bytes(u_bytes), .fc_away(1'b0), .fc_gblock(u_gblock), .g_valid(1'b0),
      .g_cls(3'd0), .g_bytes(16'd0),
      .eth_rx_valid(erv), .eth_rx_ready(err), .eth_rx_data(erd), .eth_rx_nbytes(ern),
      .eth_rx_last(erl), .eth_rx_user(eru), .eth_rx_via(1'b0),
      .rx_cls_level(u_cls_level), .g_cls_level({8*$clog2(RX_BYTES + 1){1'b0}}),
      .s_axil_awvalid(m_awvalid[i]), .s_axil_awready(m_awready[i]), .s_axil_awaddr(m_awaddr),
      .s_axil_wvalid(m_wvalid[i]), .s_axil_wready(m_wready[i]), .s_axil_wdata(m_wdata),
      .s_axil_wstrb(m_wstrb), .s_axil_bvalid(m_bvalid[i]), .s_axil_bready(m_bready[i]),
      .s_axil_bresp(m_bresp[2*i +: 2]), .s_axil_arvalid(m_arvalid[i]), .s_axil_arready(m_arready[i]),
      .s_axil_araddr(m_araddr), .s_axil_rvalid(m_rvalid[i]), .s_axil_rready(m_rready[i]),
      .s_axil_rdata(m_rdata[32*i +: 32]), .s_axil_rresp(m_rresp[2*i +: 2]),
      // link status: the endpoint's own lane (its down link received and aligned), or up (raw)
      .link_up(link_up[2*i + 1]), .irq(ep_irq[i]), .q_xpuid(10'd0), .q_unreach(u_q_unreach),
      .port_mac(u_mac), .port_mac_on(u_mac_on),
      .tx_decide(ep_tx_decide[i]), .tx_kind(ep_tx_kind[3*i +: 3]), .rx_verdict(ep_rx_verdict[i]));

    fabric_link #(
      .RIFL(RIFL), .LANES(LANES), .FW(FW), .FIDW(FIDW), .FC_DEPTH(FC_DEPTH), .RAW_FIFO(RAW_FIFO)
    ) u_link (
      .clk(clk), .rst_n(rst_n),
      .ep_tx_valid(etv), .ep_tx_ready(etr), .ep_tx_data(etd), .ep_tx_nbytes(etn),
      .ep_tx_last(etl),
      .ep_rx_valid(erv), .ep_rx_ready(err), .ep_rx_data(erd), .ep_rx_nbytes(ern),
      .ep_rx_last(erl), .ep_rx_user(eru),
      .sw_rx_valid(s_rx_valid[i]), .sw_rx_ready(s_rx_ready[i]), .sw_rx_data(s_rx_data[64*i +: 64]),
      .sw_rx_nbytes(s_rx_nbytes[4*i +: 4]), .sw_rx_last(s_rx_last[i]), .sw_rx_user(s_rx_user[i]),
      .sw_tx_valid(s_tx_valid[i]), .sw_tx_ready(s_tx_ready[i]), .sw_tx_data(s_tx_data[64*i +: 64]),
      .sw_tx_nbytes(s_tx_nbytes[4*i +: 4]), .sw_tx_last(s_tx_last[i]),
      .up_tx_data(up_tx_data[GW*i +: GW]), .up_tx_ctl(up_tx_ctl[8*i +: 8]),
      .up_rx_valid(up_rx_valid[LANES*i +: LANES]), .up_rx_data(up_rx_data[GW*i +: GW]),
      .up_rx_ctl(up_rx_ctl[8*i +: 8]),
      .dn_tx_data(dn_tx_data[GW*i +: GW]), .dn_tx_ctl(dn_tx_ctl[8*i +: 8]),
      .dn_rx_valid(dn_rx_valid[LANES*i +: LANES]), .dn_rx_data(dn_rx_data[GW*i +: GW]),
      .dn_rx_ctl(dn_rx_ctl[8*i +: 8]),
      .link_up(link_up[2*i +: 2]), .retrans(rifl_retrans[64*i +: 64]),
      .raw_overflow(raw_overflow[i]));
  end endgenerate
endmodule

`resetall
