// sue_endpoint: one SUE endpoint (docs/sue/sue_endpoint.md): the XPU command interface on one
// side, one Ethernet port on the other, the AXI4-Lite registers; the RTL of
// csrc/ref/sue/sue_endpoint_model.c, joining the parts:
//
//   tx_* --> sue_tx_front (ingress, pack queues, scheduler) --pdu--> stream_resize --+
//                                                   sue_retx_buf (slots) <--write--+ |
//            sue_tx_arb (PFC / replay / NACK / ACK / new) --job--> sue_tx_frame <-----+-- eth_tx_*
//                                                   sue_retx_buf --replay--^
//   eth_rx_* --> sue_rx_check --verdict--> sue_gbn (PSN, ACK / NACK, room) --keep--> sue_rx_deliver --> rx_*
//                              --area------------------------------------------------^
//            sue_pfc (pauses from received PFC frames, XOFF / XON from the buffer levels)
//            sue_cbfc (with CTRL.FC_MODE: credits per VC from received CBFC updates, ours owed)
//            sue_regs (configuration, status, counters)
//            sue_reach (link status; destinations unreachable / reachable) --events--> irq
//   eth_rx_* --> sue_mgmt_rx (frames that are not SUE traffic, for the XPU through sue_regs)
//
// The decision cycle (tx_decide) is a cycle where the frame builder can take a job and no PDU
// is being read (new or replay): the transmit priority picks the frame in that cycle, the job
// is handed over in the same cycle. A lockstep test calls sue_ep_port_tx(t) exactly at these
// cycles and sue_ep_port_rx(t) at each verdict (after the port_tx of the same cycle: sue_gbn's
// order).
`resetall
`default_nettype none
`include "assert.vh"

module sue_endpoint #(
  parameter integer DATA_W        = 256,
  parameter integer ETH_W         = 256,
  parameter integer NDST          = 64,
  parameter integer ALIGN         = 4,
  parameter integer PDU_MAX       = 4096,
  parameter integer Q_BYTES       = 8192,
  parameter integer WIN           = 8,
  parameter integer PSN_PER_VC    = 0,
  parameter integer ING_CMD       = 8,
  parameter integer ING_DATA      = 4,
  parameter integer RX_BYTES      = 16384,
  parameter integer RXC_BUF_BYTES = 16384,  // sue_rx_check's area buffer
  parameter integer RXC_NFR       = 16,     // frames inside sue_rx_check at once
  // derived (not to be overridden)
  localparam integer EB  = ETH_W / 8,
  localparam integer EBW = $clog2(EB + 1),
  localparam integer QUW = $clog2(Q_BYTES / ALIGN + 1),
  localparam integer TBW = $clog2(NDST * 4 * Q_BYTES + 1),
  localparam integer RBW = $clog2(RX_BYTES + 1)   // a receive-buffer level
) (
  input  wire               clk,
  input  wire               rst_n,
  // ---- XPU transmit (docs/sue/index.md "Transmit"): credit flow (tx_credit), no ready to wait on
  input  wire [1:0]         tx_valid,
  input  wire [3:0]         tx_cycle,
  input  wire [1:0]         tx_vc,
  input  wire [9:0]         tx_xpuid,
  input  wire [143:0]       tx_control,
  input  wire               tx_send_now,
  input  wire [DATA_W-1:0]  tx_data,
  input  wire               tx_err,
  output wire [5:0]         tx_credit,
  output wire               tx_qcredit_valid,
  output wire [9:0]         tx_qcredit_xpuid,
  output wire [1:0]         tx_qcredit_vc,
  output wire [QUW-1:0]     tx_qcredit_units,
  output wire [TBW-1:0]     tx_backlog,       // packed bytes waiting in the pack queues (the load
                                              // a multi-port instance balances by)
  input  wire               tx_reset_in,
  output wire               tx_reset_out,
  // ---- XPU receive (docs/sue/index.md "Receive")
  output wire [1:0]         rx_valid,
  output wire [3:0]         rx_cycle,
  output wire [1:0]         rx_vc,
  output wire [9:0]         rx_xpuid,
  output wire [143:0]       rx_control,
  output wire [DATA_W-1:0]  rx_data,
  input  wire [5:0]         rx_credit,
  input  wire               rx_reset_in,
  output wire               rx_reset_out,
  // ---- Ethernet transmit: whole frames, FCS included
  output wire               eth_tx_valid,
  input  wire               eth_tx_ready,
  output wire [ETH_W-1:0]   eth_tx_data,
  output wire [EBW-1:0]     eth_tx_nbytes,
  output wire               eth_tx_last,
  output wire               eth_tx_detour,    // with every beat: the frame's destination is
                                              // detoured (sue_reach; a multi-port instance sends
                                              // it over another wire); 0 for PFC, CBFC and
                                              // management frames
  // ---- guest flow control (a multi-port instance's failover, docs/sue/sue_fail_xbar.md "Guest
  //      flow control"); in one port: fc_away and g_valid 0, the rest open
  output wire               eth_tx_fc,        // with every beat: the frame takes flow control
                                              // (data, replay, ACK, NACK) ...
  output wire [2:0]         eth_tx_cls,       //   ... of this class (its VC's priority)
  output wire [15:0]        eth_tx_bytes,     //   ... and so many bytes (its CBFC count)
  input  wire               fc_away,          // this port's frames go on another wire: its own
                                              // flow control does not hold them (the host's does)
  output wire [7:0]         fc_gblock,        // a guest's frame of class c may not start on this
                                              // port's wire (PFC paused, or CBFC short of two
                                              // frames)
  input  wire               g_valid,          // a guest's frame granted this port's wire:
  input  wire [2:0]         g_cls,            //   its class and bytes take this port's CBFC
  input  wire [15:0]        g_bytes,          //   credits
  // ---- Ethernet receive: whole frames, FCS included; user on the last beat = MAC error
  //      (the valid/ready rule is asserted in sue_rx_check)
  input  wire               eth_rx_valid,
  output wire               eth_rx_ready,
  input  wire [ETH_W-1:0]   eth_rx_data,
  input  wire [EBW-1:0]     eth_rx_nbytes,
  input  wire               eth_rx_last,
  input  wire               eth_rx_user,
  input  wire               eth_rx_via,       // with every beat: the frame came over another
                                              // port's wire (sue_fail_xbar); 0 in one port
  // ---- receive cover (a multi-port instance, sue_rx_cover); in one port g_cls_level 0
  output wire [8*RBW-1:0]   rx_cls_level,     // per class c at [RBW*c +: RBW]: its VCs' highest
                                              // receive-buffer level (0: no VC of class c)
  input  wire [8*RBW-1:0]   g_cls_level,      // the covered ports' levels per class: a VC's PFC
                                              // thresholds see the larger of its own and its
                                              // class's here
  // ---- AXI4-Lite registers (docs/sue/index.md "Register map"; the valid/ready rule is asserted in sue_regs)
  input  wire               s_axil_awvalid,
  output wire               s_axil_awready,
  input  wire [11:0]        s_axil_awaddr,
  input  wire               s_axil_wvalid,
  output wire               s_axil_wready,
  input  wire [31:0]        s_axil_wdata,
  input  wire [3:0]         s_axil_wstrb,
  output wire               s_axil_bvalid,
  input  wire               s_axil_bready,
  output wire [1:0]         s_axil_bresp,
  input  wire               s_axil_arvalid,
  output wire               s_axil_arready,
  input  wire [11:0]        s_axil_araddr,
  output wire               s_axil_rvalid,
  input  wire               s_axil_rready,
  output wire [31:0]        s_axil_rdata,
  output wire [1:0]         s_axil_rresp,
  // ---- link status in (PHY up, link layer aligned), interrupt out (docs/sue/index.md "Link
  //      status and reachability"): irq = |(INTR & INTR_EN)
  input  wire               link_up,
  output wire               irq,
  // ---- reachability of one destination, for a multi-port instance's port choice: q_unreach =
  //      q_xpuid is an entry of the destination table, unreachable (UNREACH). Combinational.
  input  wire [9:0]         q_xpuid,
  output wire               q_unreach,
  // ---- this port's address, for a multi-port instance's failover (sue_fail_xbar): port_mac_on
  //      = its frames carry port_mac (MAC_HI / MAC_LO) as their source (the UDP header format)
  output wire [47:0]        port_mac,
  output wire               port_mac_on,
  // ---- observation (lockstep tests, benchmarks)
  output wire               tx_decide,     // decision cycle
  output wire [2:0]         tx_kind,       // the frame chosen in it: 0 none, 1 PFC / CBFC, 2 replay,
                                           // 3 stand-alone NACK, 4 stand-alone ACK, 5 new PDU
  output wire               rx_verdict     // a received frame's verdict (receive checks) in
                                           // this cycle: frames get them in arrival order
);
  // one C++ class for every instance with the same parameters (the fabric has N): a build of
  // minutes instead of tens of minutes
  /* verilator no_inline_module */
  `include "common_params.vh"
  `include "sue_params.vh"

  // sue_tx_front's PDU stream width (its PW: bytes per pack-queue RAM row)
  localparam integer PW  = sue_pw(DATA_W);
  localparam integer PWW = $clog2(PW);
  localparam integer NQ  = NDST * 4;
  localparam integer C   = (PSN_PER_VC != 0) ? NDST * 4 : NDST;
  localparam integer CW  = idx_w(C);
  localparam integer DW  = idx_w(NDST);   // destination slot
  localparam integer SW  = idx_w(WIN);
  localparam integer LW  = $clog2(PDU_MAX + 1);
  localparam integer BW  = RBW;

  generate
    if (ETH_W < 64 || ETH_W > 2048 || (ETH_W & (ETH_W - 1)) != 0) begin : g_bad_param
      `PARAM_FATAL("sue_endpoint: ETH_W must be a power of two, 64 .. 2048")
    end
  endgenerate

  // ================================================================ registers
  wire [1:0]  cfg_hdr_fmt, cfg_ack_vc;
  wire        cfg_rcrc_c, cfg_pfc_tx_en, cfg_pfc_rx_en, cfg_fc_mode;
  wire [3:0]  cfg_cbfc_ushift;
  wire [15:0] cfg_cbfc_step;
  wire [23:0] cfg_cbfc_oui;
  wire [63:0] cbfc_avail;
  wire [9:0]  cfg_xpuid, cfg_partition;
  wire [47:0] cfg_mac;
  wire [31:0] cfg_ip, cfg_aifh_prefix;
  wire [15:0] cfg_udp_sport, cfg_udp_dport, cfg_ethertype, cfg_pack_timeout, cfg_pack_thresh;
  wire [15:0] cfg_ack_delay, cfg_pfc_time;
  wire [7:0]  cfg_ttl, cfg_pfc_qcyc;
  wire [23:0] cfg_dscp, cfg_retx_timeout, cfg_pfc_refresh;
  wire [11:0] cfg_pfc_prio;
  wire [22:0] cfg_pfc_xoff, cfg_pfc_xon;
  wire        cfg_vlan_tx;
  wire [11:0] cfg_vlan_vid;
  wire [NDST-1:0]    dst_valid;
  wire [NDST*10-1:0] dst_xpuid;
  wire [NDST*48-1:0] dst_mac;
  wire [NDST*32-1:0] dst_ip;
  wire [CW-1:0]      rd_conn;
  wire [31:0]        rd_tx, rd_rx;
  reg  [58:0]        cnt_inc;
  reg  [2:0]         cnt_tx_cmds, cnt_tx_hol;
  reg  [1:0]         cnt_tx_bad, cnt_tx_viol;
  reg  [23:0]        cnt_tx_flushed;
  reg  [15:0]        cnt_tx_bytes, cnt_rx_bytes;
  reg  [8:0]         cnt_tx_timeouts;
  wire [3:0]         paused, fc_paused, xoff, pfc_paused, cbfc_paused, cbfc_gblock;
  wire [7:0]         cfg_retry_limit;
  wire [15:0]        cfg_probe;
  wire               link_q;
  wire [NDST-1:0]    unreach;
  wire [3:0]         intr_set;
  wire               cfg_mrx_en, mrx_pop, mrx_inc, mrx_drop;
  wire [15:0]        cfg_mrx_etype, cfg_mrx_mask;
  wire [6:0]         mrx_word;
  wire [10:0]        mrx_len;
  wire [2:0]         mrx_frames;
  wire [31:0]        mrx_data;

  sue_regs #(
    .DATA_W(DATA_W), .PDU_MAX(PDU_MAX), .NDST(NDST), .ALIGN(ALIGN), .Q_BYTES(Q_BYTES), .WIN(WIN),
    .PSN_PER_VC(PSN_PER_VC), .ING_CMD(ING_CMD), .ING_DATA(ING_DATA), .RX_BYTES(RX_BYTES)
  ) u_regs (
    .clk(clk), .rst_n(rst_n),
    .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready), .s_axil_awaddr(s_axil_awaddr),
    .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_wdata(s_axil_wdata),
    .s_axil_wstrb(s_axil_wstrb), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
    .s_axil_bresp(s_axil_bresp), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
    .s_axil_araddr(s_axil_araddr), .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
    .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
    .status({rx_reset_out, tx_reset_out, xoff, fc_paused}), .link_up(link_q), .unreach(unreach),
    .intr_set(intr_set), .irq(irq),
    .conn_idx(rd_conn), .conn_tx(rd_tx), .conn_rx(rd_rx),
    .cnt_inc(cnt_inc), .cnt_tx_cmds(cnt_tx_cmds), .cnt_tx_cmd_bad(cnt_tx_bad),
    .cnt_tx_viol(cnt_tx_viol), .cnt_tx_hol(cnt_tx_hol), .cnt_tx_flushed(cnt_tx_flushed),
    .cnt_tx_bytes(cnt_tx_bytes), .cnt_tx_timeouts(cnt_tx_timeouts), .cnt_rx_bytes(cnt_rx_bytes),
    .cfg_hdr_fmt(cfg_hdr_fmt), .cfg_rcrc_c(cfg_rcrc_c), .cfg_pfc_tx_en(cfg_pfc_tx_en),
    .cfg_pfc_rx_en(cfg_pfc_rx_en), .cfg_fc_mode(cfg_fc_mode), .cfg_cbfc_ushift(cfg_cbfc_ushift),
    .cfg_cbfc_step(cfg_cbfc_step), .cfg_cbfc_oui(cfg_cbfc_oui), .cbfc_avail(cbfc_avail),
    .cfg_ack_vc(cfg_ack_vc), .cfg_xpuid(cfg_xpuid),
    .cfg_partition(cfg_partition), .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .cfg_udp_sport(cfg_udp_sport), .cfg_udp_dport(cfg_udp_dport), .cfg_ethertype(cfg_ethertype),
    .cfg_ttl(cfg_ttl), .cfg_dscp(cfg_dscp), .cfg_aifh_prefix(cfg_aifh_prefix),
    .cfg_pack_timeout(cfg_pack_timeout), .cfg_pack_thresh(cfg_pack_thresh),
    .cfg_retx_timeout(cfg_retx_timeout), .cfg_ack_delay(cfg_ack_delay),
    .cfg_pfc_prio(cfg_pfc_prio), .cfg_pfc_time(cfg_pfc_time), .cfg_pfc_qcyc(cfg_pfc_qcyc),
    .cfg_pfc_refresh(cfg_pfc_refresh), .cfg_pfc_xoff(cfg_pfc_xoff), .cfg_pfc_xon(cfg_pfc_xon),
    .cfg_vlan_tx(cfg_vlan_tx), .cfg_vlan_vid(cfg_vlan_vid), .cfg_retry_limit(cfg_retry_limit),
    .cfg_probe(cfg_probe), .cfg_mgmt_gap(cfg_mgmt_gap), .mgmt_wr_valid(mw_valid),
    .mgmt_wr_data(mw_data),
    .mgmt_send_valid(ms_valid), .mgmt_send_len(ms_len), .mgmt_words(m_words),
    .mgmt_queued(m_queued),
    .cfg_mgmt_rx_en(cfg_mrx_en), .cfg_mgmt_rx_etype(cfg_mrx_etype),
    .cfg_mgmt_rx_mask(cfg_mrx_mask), .mgmt_rx_word(mrx_word), .mgmt_rx_pop(mrx_pop),
    .mgmt_rx_len(mrx_len), .mgmt_rx_frames(mrx_frames), .mgmt_rx_data(mrx_data),
    .dst_valid(dst_valid), .dst_xpuid(dst_xpuid), .dst_mac(dst_mac), .dst_ip(dst_ip));

  // the port choice's query (sue_multi): one more lookup of the table sue_ingress uses
  wire          q_hit;
  wire [DW-1:0] q_slot;
  sue_dst_lookup #(.NDST(NDST)) u_q_lookup (
    .dst_valid(dst_valid), .dst_xpuid(dst_xpuid), .xpuid(q_xpuid), .hit(q_hit), .slot(q_slot));
  wire [NDST-1:0] detour;   // sue_reach: frames to slot d take another wire
  wire [NDST-1:0] via;      // ... its last frame came over another port's wire
  assign q_unreach = q_hit && (detour[q_slot] || via[q_slot]);
  assign port_mac    = cfg_mac;
  assign port_mac_on = !cfg_hdr_fmt[0];

  // ================================================================ go-back-N state
  wire [CW-1:0] g_tx_conn;
  wire [15:0]   g_psn_new, g_psn_rp, g_rpsn;
  wire [SW-1:0] g_slot_new, g_slot_rp;
  wire [1:0]    g_op;
  wire          g_can_new, g_replaying;
  wire          g_tx_valid;
  wire [1:0]    g_tx_kind;
  wire          g_rx_valid, g_rx_data, g_rx_room;
  wire [CW-1:0] g_rx_conn;
  wire          g_ack_adv, g_nack_ok, g_replay_start, g_ack_stale, g_ctrl, g_psn_ahead,
                g_psn_dup, g_nobuf, g_accept;
  wire [C-1:0]  win_open, replay_pend, nack_owed, ack_owed, ack_due, tmo;
  wire [C*SW-1:0] rp_slot;
  wire [8:0]    tmo_cnt;
  // receive verdict (sue_rx_check)
  wire          v_valid;
  wire [5:0]    v_drop;
  wire [1:0]    v_kind;
  wire [15:0]   v_len;
  wire [1:0]    v_op, v_vc;
  wire [9:0]    v_xpuid, v_partition;
  wire [15:0]   v_psn, v_rpsn;
  wire [DW-1:0] v_src;
  wire [LW-1:0] v_ncmd, v_cmd_bytes;
  wire [7:0]    v_pfc_cev;
  wire [127:0]  v_pfc_time, v_cbfc_sent;
  wire          v_cbfc;

  sue_gbn #(.NDST(NDST), .WIN(WIN), .PSN_PER_VC(PSN_PER_VC)) u_gbn (
    .clk(clk), .rst_n(rst_n),
    .cfg_retx_timeout(cfg_retx_timeout), .cfg_ack_delay(cfg_ack_delay),
    .tx_conn(g_tx_conn), .tx_psn_new(g_psn_new), .tx_slot_new(g_slot_new),
    .tx_psn_rp(g_psn_rp), .tx_slot_rp(g_slot_rp), .tx_op(g_op), .tx_rpsn(g_rpsn),
    .tx_can_new(g_can_new), .tx_replaying(g_replaying),
    .tx_valid(g_tx_valid), .tx_kind(g_tx_kind),
    .rx_valid(g_rx_valid), .rx_conn(g_rx_conn), .rx_op(v_op), .rx_rpsn(v_rpsn),
    .rx_data(g_rx_data), .rx_psn(v_psn), .rx_room(g_rx_room),
    .rx_ack_adv(g_ack_adv), .rx_nack_ok(g_nack_ok), .rx_replay_start(g_replay_start),
    .rx_ack_stale(g_ack_stale), .rx_ctrl(g_ctrl), .rx_psn_ahead(g_psn_ahead),
    .rx_psn_dup(g_psn_dup), .rx_nobuf(g_nobuf), .rx_accept(g_accept),
    .win_open(win_open), .replay_pend(replay_pend), .rp_slot(rp_slot), .nack_owed(nack_owed),
    .ack_owed(ack_owed), .ack_due(ack_due), .tmo(tmo), .tmo_cnt(tmo_cnt),
    .rd_conn(rd_conn), .rd_tx(rd_tx), .rd_rx(rd_rx));

  // ================================================================ transmit
  // ---- decision cycle and priority
  wire          f_job_ready, pdu_busy, rp_busy;
  wire          free = f_job_ready && !pdu_busy && !rp_busy;
  wire          pfc_owed, cbfc_owed;
  wire [7:0]    pfc_tx_cev, cbfc_tx_cev;
  wire [127:0]  cbfc_tx_limit, cbfc_tx_sent;
  wire [127:0]  pfc_tx_time;
  wire [C*2-1:0] rp_vc;
  wire          d_pfc, d_mgmt, d_rep, d_nack, d_ack, front_free;
  wire          m_rdy;
  wire [CW-1:0] sel_conn;
  wire [1:0]    sel_ack_vc;
  sue_tx_arb #(.C(C), .PSN_PER_VC(PSN_PER_VC)) u_arb (
    .clk(clk), .rst_n(rst_n), .free(free), .cfg_ack_vc(cfg_ack_vc), .paused(paused),
    .pfc_owed(pfc_owed || cbfc_owed), .mgmt_rdy(m_rdy), .replay_pend(replay_pend), .rp_vc(rp_vc), .nack_owed(nack_owed),
    .ack_due(ack_due), .dec_pfc(d_pfc), .dec_mgmt(d_mgmt), .dec_replay(d_rep), .dec_nack(d_nack), .dec_ack(d_ack),
    .front_free(front_free), .sel_conn(sel_conn), .sel_ack_vc(sel_ack_vc));

  // ---- new PDUs: ingress, pack queues, scheduler
  wire [NQ-1:0] q_ok;
  wire          f_decide, f_any_elig, f_dec_valid;
  wire [DW-1:0] f_dec_slot;
  wire [1:0]    f_dec_vc;
  wire [LW-1:0] f_dec_len;
  wire          p_valid, p_ready, p_last;
  wire [PW*8-1:0] p_data;
  wire [PWW:0]  p_nbytes;
  wire [2:0]    f_inc_cmds, f_inc_hol;
  wire [1:0]    f_inc_bad, f_inc_viol;
  wire          f_inc_err, f_inc_nodst, f_inc_pdus;
  wire [23:0]   f_inc_flushed;
  genvar gq;
  generate
    for (gq = 0; gq < NQ; gq = gq + 1) begin : g_qok
      // queue q = slot * 4 + VC: its connection is the slot, or the queue itself (per VC)
      localparam integer QC = (PSN_PER_VC != 0) ? gq : gq / 4;
      assign q_ok[gq] = dst_valid[gq / 4] && win_open[QC] && !paused[gq % 4];
    end
  endgenerate
  sue_tx_front #(
    .DATA_W(DATA_W), .NDST(NDST), .ALIGN(ALIGN), .PDU_MAX(PDU_MAX), .Q_BYTES(Q_BYTES),
    .ING_CMD(ING_CMD), .ING_DATA(ING_DATA)
  ) u_front (
    .clk(clk), .rst_n(rst_n),
    .tx_valid(tx_valid), .tx_cycle(tx_cycle), .tx_vc(tx_vc), .tx_xpuid(tx_xpuid),
    .tx_control(tx_control), .tx_send_now(tx_send_now), .tx_data(tx_data), .tx_err(tx_err),
    .tx_credit(tx_credit), .tx_qcredit_valid(tx_qcredit_valid), .tx_qcredit_xpuid(tx_qcredit_xpuid),
    .tx_qcredit_vc(tx_qcredit_vc), .tx_qcredit_units(tx_qcredit_units), .backlog(tx_backlog),
    .tx_reset_in(tx_reset_in), .tx_reset_out(tx_reset_out),
    .dst_valid(dst_valid), .dst_xpuid(dst_xpuid), .pack_timeout(cfg_pack_timeout),
    .pack_thresh(cfg_pack_thresh),
    .q_ok(q_ok), .port_free(front_free), .any_elig(f_any_elig), .tx_decide(f_decide),
    .pdu_busy(pdu_busy), .dec_valid(f_dec_valid), .dec_slot(f_dec_slot), .dec_vc(f_dec_vc),
    .dec_len(f_dec_len),
    .pdu_valid(p_valid), .pdu_ready(p_ready), .pdu_data(p_data), .pdu_last(p_last),
    .pdu_nbytes(p_nbytes),
    .inc_cmds(f_inc_cmds), .inc_bad(f_inc_bad), .inc_err(f_inc_err), .inc_nodst(f_inc_nodst),
    .inc_viol(f_inc_viol), .inc_hol(f_inc_hol), .inc_flushed(f_inc_flushed),
    .inc_pdus(f_inc_pdus));
  wire d_new = f_dec_valid;   // a new PDU is cut in this decision cycle (front_free only)
  wire unused_front = ^{1'b0, f_decide, f_any_elig, f_inc_pdus, g_can_new, g_replaying, ack_owed,
                        v_ncmd, v_partition};

  // connection of the frame decided: an arbiter's choice, or the new PDU's queue
  wire [CW-1:0] new_conn;
  generate
    if (PSN_PER_VC != 0) begin : g_nc_vc
      assign new_conn = {f_dec_slot, f_dec_vc};
    end else begin : g_nc
      assign new_conn = f_dec_slot;
    end
  endgenerate
  assign g_tx_conn  = d_new ? new_conn : sel_conn;
  assign g_tx_valid = d_rep || d_nack || d_ack || d_new;
  assign g_tx_kind  = d_new ? 2'd0 : d_rep ? 2'd1 : 2'd2;
  wire [DW-1:0] t_dslot;
  generate
    if (PSN_PER_VC != 0) begin : g_ds_vc
      assign t_dslot = g_tx_conn[CW-1:2];
    end else begin : g_ds
      assign t_dslot = g_tx_conn;
    end
  endgenerate

  // ---- retransmission slots; the new PDU stream resized to the port width
  wire          r_valid, r_ready, r_last;
  wire [ETH_W-1:0] r_data;
  wire [EBW-1:0] r_nbytes;
  wire          rp_valid, rp_ready, rp_last;
  wire [ETH_W-1:0] rp_data;
  wire [EBW-1:0] rp_nbytes;
  wire [1:0]    rp_q_vc;
  wire [LW-1:0] rp_q_len;
  stream_resize #(.IN_B(PW), .OUT_B(EB)) u_resize (
    .clk(clk), .rst_n(rst_n),
    .in_valid(p_valid), .in_ready(p_ready), .in_data(p_data), .in_nbytes(p_nbytes),
    .in_last(p_last),
    .out_valid(r_valid), .out_ready(r_ready), .out_data(r_data), .out_nbytes(r_nbytes),
    .out_last(r_last));
  sue_retx_buf #(.ETH_W(ETH_W), .PDU_MAX(PDU_MAX), .C(C), .WIN(WIN)) u_retx (
    .clk(clk), .rst_n(rst_n),
    .wr_start(d_new), .wr_conn(new_conn), .wr_slot(g_slot_new), .wr_vc(f_dec_vc),
    .wr_len(f_dec_len), .wr_valid(r_valid && r_ready), .wr_data(r_data),
    .rp_slot(rp_slot), .rp_vc(rp_vc), .q_conn(sel_conn), .q_slot(g_slot_rp), .q_vc(rp_q_vc),
    .q_len(rp_q_len),
    .rd_start(d_rep), .rd_conn(sel_conn), .rd_slot(g_slot_rp), .rd_busy(rp_busy),
    .out_valid(rp_valid), .out_ready(rp_ready), .out_data(rp_data), .out_nbytes(rp_nbytes),
    .out_last(rp_last));
  wire unused_r = ^{1'b0, r_nbytes, r_last, rp_nbytes, rp_last};

  // ---- management frames (docs/sue/index.md "Management frames")
  wire          mw_valid, ms_valid, m_queued, m_bad;
  wire [31:0]   mw_data;
  wire [10:0]   ms_len, m_len;
  wire [7:0]    m_words;
  wire [23:0]   cfg_mgmt_gap;
  wire          m_valid, m_ready, m_last;
  wire [ETH_W-1:0] m_data;
  wire [EBW-1:0] m_nbytes;
  sue_mgmt_tx #(.ETH_W(ETH_W), .PDU_MAX(PDU_MAX)) u_mgmt (
    .clk(clk), .rst_n(rst_n), .cfg_gap(cfg_mgmt_gap),
    .wr_valid(mw_valid), .wr_data(mw_data), .send_valid(ms_valid), .send_len(ms_len),
    .words(m_words), .queued(m_queued), .inc_bad(m_bad),
    .rdy(m_rdy), .dec(d_mgmt), .dec_len(m_len),
    .out_valid(m_valid), .out_ready(m_ready), .out_data(m_data), .out_last(m_last),
    .out_nbytes(m_nbytes));

  // ---- the frame builder: the job in the decision cycle, the area from the chosen source
  reg  [1:0]    src_q;     // the current frame's area: 0 new PDU, 1 slots (replay), 2 management
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) src_q <= 2'd0;
    else if (d_rep || d_new || d_mgmt) src_q <= d_mgmt ? 2'd2 : d_rep ? 2'd1 : 2'd0;
  end
  wire          a_valid = src_q == 2'd2 ? m_valid : src_q == 2'd1 ? rp_valid : r_valid;
  wire [ETH_W-1:0] a_data = src_q == 2'd2 ? m_data : src_q == 2'd1 ? rp_data : r_data;
  wire          a_last  = src_q == 2'd2 ? m_last : src_q == 2'd1 ? rp_last : r_last;
  wire [EBW-1:0] a_nbytes = src_q == 2'd2 ? m_nbytes : src_q == 2'd1 ? rp_nbytes : r_nbytes;
  wire          a_ready;
  assign r_ready  = src_q == 2'd0 && a_ready;
  assign rp_ready = src_q == 2'd1 && a_ready;
  assign m_ready  = src_q == 2'd2 && a_ready;

  wire          job_valid = d_pfc || d_mgmt || d_rep || d_nack || d_ack || d_new;
  wire [1:0]    job_vc  = d_new ? f_dec_vc : d_rep ? rp_q_vc : sel_ack_vc;
  wire [LW-1:0] job_len = d_new ? f_dec_len : d_rep ? rp_q_len : {LW{1'b0}};
  // a management frame's length (up to 508) may exceed PDU_MAX's width: its own path
  wire [13:0]   job_len14 = d_mgmt ? {3'd0, m_len} : {{(14 - LW){1'b0}}, job_len};
  wire [15:0]   job_psn = d_rep ? g_psn_rp : g_psn_new;
  // detour (sue_reach): a frame to a detoured destination is tagged for another wire, and a
  // stand-alone ACK / NACK also to one whose last frame came over another port's wire
  wire          det_tag = ((d_rep || d_new || d_nack || d_ack) && detour[t_dslot]) ||
                          ((d_nack || d_ack) && via[t_dslot]);
  // frame length for tx_bytes: header (802.1Q tag included) + RH + area + R-CRC + FCS, at least
  // 64; PFC: 64
  wire [15:0] hdr_b = ((cfg_hdr_fmt == 2'd1) ? 16'd14 : (cfg_hdr_fmt == 2'd3) ? 16'd8 : 16'd42) +
                      ((cfg_vlan_tx && cfg_hdr_fmt != 2'd3) ? 16'd4 : 16'd0);
  wire [15:0] flen_raw = hdr_b + 16'd16 + {{(16 - LW){1'b0}}, job_len};
  wire [15:0] mlen = (m_len < 11'd60) ? 16'd64 : {5'd0, m_len} + 16'd4;
  wire [15:0] flen = d_pfc ? 16'd64 : d_mgmt ? mlen : (flen_raw < 16'd64) ? 16'd64 : flen_raw;
  // guest flow control: a frame that takes flow control carries its class and length to the wire
  wire          fc_tag  = d_rep || d_nack || d_ack || d_new;
  wire [2:0]    job_cls = cfg_pfc_prio[3*job_vc +: 3];
  sue_tx_frame #(.ETH_W(ETH_W), .PDU_MAX(PDU_MAX), .TAG_W(21)) u_frame (
    .clk(clk), .rst_n(rst_n),
    .cfg_hdr_fmt(cfg_hdr_fmt), .cfg_rcrc_c(cfg_rcrc_c), .cfg_xpuid(cfg_xpuid), .cfg_mac(cfg_mac),
    .cfg_ip(cfg_ip), .cfg_udp_sport(cfg_udp_sport), .cfg_udp_dport(cfg_udp_dport),
    .cfg_ttl(cfg_ttl), .cfg_dscp(cfg_dscp), .cfg_aifh_prefix(cfg_aifh_prefix),
    .cfg_ethertype(cfg_ethertype), .cfg_vlan_tx(cfg_vlan_tx), .cfg_vlan_vid(cfg_vlan_vid),
    .cfg_pfc_prio(cfg_pfc_prio),
    .job_valid(job_valid), .job_ready(f_job_ready),
    .job_pfc(d_pfc && !cfg_fc_mode), .job_raw(d_mgmt), .job_pfc_cev(pfc_tx_cev),
    .job_pfc_time(pfc_tx_time), .job_cbfc(d_pfc && cfg_fc_mode), .cfg_cbfc_oui(cfg_cbfc_oui),
    .job_cbfc_cev(cbfc_tx_cev), .job_cbfc_limit(cbfc_tx_limit), .job_cbfc_sent(cbfc_tx_sent),
    .job_dst_mac(dst_mac[t_dslot*48 +: 48]), .job_dst_ip(dst_ip[t_dslot*32 +: 32]),
    .job_dst_xpuid(dst_xpuid[t_dslot*10 +: 10]), .job_op(g_op), .job_xpuid(cfg_xpuid),
    .job_psn(job_psn), .job_vc(job_vc), .job_partition(cfg_partition), .job_rpsn(g_rpsn),
    .job_len(job_len14),
    .in_valid(a_valid), .in_ready(a_ready), .in_data(a_data), .in_last(a_last),
    .in_nbytes(a_nbytes),
    .out_valid(eth_tx_valid), .out_ready(eth_tx_ready), .out_data(eth_tx_data),
    .out_last(eth_tx_last), .out_nbytes(eth_tx_nbytes),
    .job_tag({det_tag, fc_tag, job_cls, flen}),
    .out_tag({eth_tx_detour, eth_tx_fc, eth_tx_cls, eth_tx_bytes}));

  assign tx_decide  = free;
  assign rx_verdict = v_valid;
  assign tx_kind   = d_pfc ? 3'd1 : d_rep ? 3'd2 : d_nack ? 3'd3 : d_ack ? 3'd4 : d_new ? 3'd5 :
                     d_mgmt ? 3'd6 : 3'd0;

  // ================================================================ receive
  wire          c_out_valid, c_out_ready, c_out_last;
  wire [ETH_W-1:0] c_out_data;
  wire [EBW-1:0] c_out_nbytes;
  sue_rx_check #(
    .ETH_W(ETH_W), .PDU_MAX(PDU_MAX), .ALIGN(ALIGN), .NDST(NDST), .BUF_BYTES(RXC_BUF_BYTES),
    .NFR(RXC_NFR)
  ) u_check (
    .clk(clk), .rst_n(rst_n),
    .in_valid(eth_rx_valid), .in_ready(eth_rx_ready), .in_data(eth_rx_data),
    .in_nbytes(eth_rx_nbytes), .in_last(eth_rx_last), .in_user(eth_rx_user),
    .cfg_hdr_fmt(cfg_hdr_fmt), .cfg_rcrc_c(cfg_rcrc_c), .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .cfg_udp_port(cfg_udp_dport), .cfg_ethertype(cfg_ethertype), .cfg_xpuid(cfg_xpuid),
    .cfg_partition(cfg_partition), .cfg_aifh_prefix(cfg_aifh_prefix),
    .cfg_cbfc_oui(cfg_cbfc_oui), .dst_valid(dst_valid), .dst_xpuid(dst_xpuid),
    .verdict_valid(v_valid), .verdict_drop(v_drop), .verdict_kind(v_kind), .verdict_len(v_len),
    .rh_op(v_op), .rh_xpuid(v_xpuid), .rh_psn(v_psn), .rh_vc(v_vc), .rh_partition(v_partition),
    .rh_rpsn(v_rpsn), .src_slot(v_src), .ncmd(v_ncmd), .cmd_bytes(v_cmd_bytes),
    .pfc_cev(v_pfc_cev), .pfc_time(v_pfc_time), .fc_cbfc(v_cbfc), .cbfc_sent(v_cbfc_sent),
    .out_valid(c_out_valid), .out_ready(c_out_ready), .out_data(c_out_data),
    .out_nbytes(c_out_nbytes), .out_last(c_out_last));

  // management frames, receive (docs/sue/index.md "Management frames, receive"): the frames
  // sue_rx_check takes, and its verdicts
  sue_mgmt_rx #(.ETH_W(ETH_W), .PDU_MAX(PDU_MAX)) u_mgmt_rx (
    .clk(clk), .rst_n(rst_n),
    .cfg_en(cfg_mrx_en), .cfg_etype(cfg_mrx_etype), .cfg_mask(cfg_mrx_mask),
    .cfg_hdr_fmt(cfg_hdr_fmt), .cfg_ethertype(cfg_ethertype), .cfg_gap(cfg_mgmt_gap),
    .in_take(eth_rx_valid && eth_rx_ready), .in_data(eth_rx_data), .in_nbytes(eth_rx_nbytes),
    .in_last(eth_rx_last),
    .v_valid(v_valid), .v_drop(v_drop), .v_len(v_len),
    .pop(mrx_pop), .rd_word(mrx_word), .st_len(mrx_len), .st_frames(mrx_frames),
    .rd_data(mrx_data), .inc_mgmt(mrx_inc), .inc_drop(mrx_drop));

  // PSN, ACK / NACK and room: data and control frames that passed, on their connection
  wire [4*BW-1:0] level;
  wire [BW-1:0]   v_level = level[v_vc*BW +: BW];
  assign g_rx_valid = v_valid && (v_kind == 2'd1 || v_kind == 2'd2);
  assign g_rx_data  = v_kind == 2'd1;
  generate
    if (PSN_PER_VC != 0) begin : g_rc_vc
      assign g_rx_conn = {v_src, v_vc};
    end else begin : g_rc
      assign g_rx_conn = v_src;
    end
  endgenerate
  localparam [BW:0] RXB = (BW + 1)'(RX_BYTES);
  assign g_rx_room = {1'b0, v_level} + {{(BW + 1 - LW){1'b0}}, v_cmd_bytes} <= RXB;

  wire d_inc_cmds;
  sue_rx_deliver #(
    .DATA_W(DATA_W), .ETH_W(ETH_W), .ALIGN(ALIGN), .PDU_MAX(PDU_MAX), .RX_BYTES(RX_BYTES),
    .NFR(RXC_NFR)
  ) u_deliver (
    .clk(clk), .rst_n(rst_n),
    .fr_valid(v_valid && v_kind == 2'd1), .fr_keep(g_accept), .fr_vc(v_vc), .fr_xpuid(v_xpuid),
    .fr_bytes(v_cmd_bytes),
    .in_valid(c_out_valid), .in_ready(c_out_ready), .in_data(c_out_data),
    .in_nbytes(c_out_nbytes), .in_last(c_out_last),
    .level(level),
    .rx_valid(rx_valid), .rx_cycle(rx_cycle), .rx_vc(rx_vc), .rx_xpuid(rx_xpuid),
    .rx_control(rx_control), .rx_data(rx_data), .rx_credit(rx_credit),
    .rx_reset_in(rx_reset_in), .inc_cmds(d_inc_cmds));

  reg rx_rst_q;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) rx_rst_q <= 1'b1;
    else rx_rst_q <= rx_reset_in;
  end
  assign rx_reset_out = rx_reset_in || rx_rst_q;

  // ================================================================ PFC / CBFC
  // CTRL.FC_MODE hands PFC_TX_EN / PFC_RX_EN to one of the two; the other is off. A VC may not
  // be sent while either holds it.
  wire v_pfc_rx  = v_valid && v_kind == 2'd3 && !v_cbfc;
  wire v_cbfc_rx = v_valid && v_kind == 2'd3 && v_cbfc;
  // guest flow control: class c is this port's lowest VC of priority c (CBFC: the VC that speaks
  // for the class); a class no VC has is neither blocked nor counted
  function automatic vc_has(input [11:0] prio, input [2:0] c);
    vc_has = prio[2:0] == c || prio[5:3] == c || prio[8:6] == c || prio[11:9] == c;
  endfunction
  function automatic [1:0] lowest_vc(input [8:0] prio, input [2:0] c);   // VC 3 if none lower
    lowest_vc = prio[2:0] == c ? 2'd0 : prio[5:3] == c ? 2'd1 : prio[8:6] == c ? 2'd2 : 2'd3;
  endfunction
  wire          g_have = vc_has(cfg_pfc_prio, g_cls);
  wire [1:0]    g_vc   = lowest_vc(cfg_pfc_prio[8:0], g_cls);
  // receive cover: per class the highest level of its VCs, out to the other ports; in, theirs
  // (the covered ones', sue_rx_cover), and a VC's PFC sees the larger of its own and its class's
  wire [4*BW-1:0] pfc_level;
  genvar gl;
  generate for (gl = 0; gl < 8; gl = gl + 1) begin : g_cls_lvl
    reg [BW-1:0] m;
    integer v;
    always @(*) begin
      m = {BW{1'b0}};
      for (v = 0; v < 4; v = v + 1)
        if (cfg_pfc_prio[3*v +: 3] == 3'(gl) && level[BW*v +: BW] > m) m = level[BW*v +: BW];
    end
    assign rx_cls_level[BW*gl +: BW] = m;
  end
  for (gl = 0; gl < 4; gl = gl + 1) begin : g_pfc_lvl
    wire [BW-1:0] own = level[BW*gl +: BW];
    wire [BW-1:0] gst = g_cls_level[BW*cfg_pfc_prio[3*gl +: 3] +: BW];
    assign pfc_level[BW*gl +: BW] = gst > own ? gst : own;
  end endgenerate
  sue_pfc #(.BW(BW)) u_pfc (
    .clk(clk), .rst_n(rst_n),
    .cfg_pfc_tx_en(cfg_pfc_tx_en && !cfg_fc_mode), .cfg_pfc_rx_en(cfg_pfc_rx_en && !cfg_fc_mode),
    .cfg_pfc_prio(cfg_pfc_prio),
    .cfg_pfc_time(cfg_pfc_time), .cfg_pfc_qcyc(cfg_pfc_qcyc), .cfg_pfc_refresh(cfg_pfc_refresh),
    .cfg_pfc_xoff(cfg_pfc_xoff), .cfg_pfc_xon(cfg_pfc_xon),
    .level(pfc_level),
    .rx_pfc_valid(v_pfc_rx), .rx_pfc_cev(v_pfc_cev), .rx_pfc_time(v_pfc_time),
    .paused(pfc_paused), .xoff(xoff), .pfc_owed(pfc_owed), .pfc_sent(d_pfc && !cfg_fc_mode),
    .tx_cev(pfc_tx_cev), .tx_time(pfc_tx_time));
  // every frame the peer buffers takes credits (data, replay, ACK, NACK); data and control
  // frames received are counted on their VC
  sue_cbfc #(.BW(BW), .RX_BYTES(RX_BYTES), .FRAME_MAX(sue_frame_max(PDU_MAX))) u_cbfc (
    .clk(clk), .rst_n(rst_n),
    .cfg_cbfc_tx_en(cfg_pfc_tx_en && cfg_fc_mode), .cfg_cbfc_rx_en(cfg_pfc_rx_en && cfg_fc_mode),
    .cfg_cbfc_cls(cfg_pfc_prio), .cfg_cbfc_ushift(cfg_cbfc_ushift), .cfg_cbfc_step(cfg_cbfc_step),
    .cfg_cbfc_refresh(cfg_pfc_refresh), .level(level),
    .tx_valid(d_rep || d_nack || d_ack || d_new), .tx_vc(job_vc), .tx_bytes(flen),
    .g_valid(g_valid && g_have), .g_vc(g_vc), .g_bytes(g_bytes),
    // a frame that came over another port's wire did not cross this port's link: not counted
    .rx_valid(g_rx_valid && !via_sr[4]), .rx_vc(v_vc), .rx_bytes(v_len),
    .rx_upd_valid(v_cbfc_rx), .rx_upd_cev(v_pfc_cev), .rx_upd_limit(v_pfc_time),
    .rx_upd_sent(v_cbfc_sent),
    .paused(cbfc_paused), .gblock(cbfc_gblock), .avail(cbfc_avail), .upd_owed(cbfc_owed),
    .upd_sent(d_pfc && cfg_fc_mode),
    .tx_cev(cbfc_tx_cev), .tx_limit(cbfc_tx_limit), .tx_sent(cbfc_tx_sent));
  assign fc_paused = pfc_paused | cbfc_paused;
  // away, the port's frames go on another port's wire and obey its flow control (sue_fail_xbar)
  assign paused    = fc_away ? 4'd0 : fc_paused;
  wire [7:0]    g_blk;
  genvar gk;
  generate for (gk = 0; gk < 8; gk = gk + 1) begin : g_gfc
    wire [1:0] u = lowest_vc(cfg_pfc_prio[8:0], 3'(gk));
    assign g_blk[gk] = vc_has(cfg_pfc_prio, 3'(gk)) && (pfc_paused[u] || cbfc_gblock[u]);
  end endgenerate
  // and every class while a CBFC update is owed, or decided and its first beat not yet taken: the
  // peer sets its count received to the update's units sent, which must count every frame ahead
  // of it on the wire; a guest granted after its decision would pass it (the port's own frames
  // decided before it are counted and go before it)
  reg           upd_fly_q, tx_mid_q;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      upd_fly_q <= 1'b0;
      tx_mid_q  <= 1'b0;
    end else begin
      if (d_pfc && cfg_fc_mode) upd_fly_q <= 1'b1;
      else if (eth_tx_valid && eth_tx_ready && !tx_mid_q) upd_fly_q <= 1'b0;
      if (eth_tx_valid && eth_tx_ready) tx_mid_q <= !eth_tx_last;
    end
  end
  assign fc_gblock = (cbfc_owed || upd_fly_q) ? 8'hFF : g_blk;

  // ================================================================ counters (registered)
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cnt_inc <= 59'd0;
      cnt_tx_cmds <= 3'd0;
      cnt_tx_hol <= 3'd0;
      cnt_tx_bad <= 2'd0;
      cnt_tx_viol <= 2'd0;
      cnt_tx_flushed <= 24'd0;
      cnt_tx_bytes <= 16'd0;
      cnt_rx_bytes <= 16'd0;
      cnt_tx_timeouts <= 9'd0;
    end else begin
      cnt_inc <= 59'd0;
      cnt_inc[0]  <= f_inc_cmds != 3'd0;
      cnt_inc[1]  <= f_inc_bad != 2'd0;
      cnt_inc[2]  <= f_inc_err;
      cnt_inc[3]  <= f_inc_nodst;
      cnt_inc[4]  <= f_inc_viol != 2'd0;
      cnt_inc[5]  <= f_inc_hol != 3'd0;
      cnt_inc[6]  <= f_inc_flushed != 24'd0;
      cnt_inc[7]  <= d_new;
      cnt_inc[8]  <= d_rep;
      cnt_inc[9]  <= d_ack;
      cnt_inc[10] <= d_nack;
      cnt_inc[11] <= (d_rep || d_nack || d_ack || d_new) && g_op == 2'd2;
      cnt_inc[12] <= d_pfc && !cfg_fc_mode;
      cnt_inc[13] <= job_valid;
      cnt_inc[14] <= job_valid;
      cnt_inc[15] <= tmo_cnt != 9'd0;
      cnt_inc[16] <= g_replay_start;
      cnt_inc[17] <= d_mgmt;
      cnt_inc[18] <= m_bad;
      cnt_inc[19] <= d_pfc && cfg_fc_mode;
      cnt_inc[32] <= v_valid;
      if (v_valid && v_drop != 6'd0) cnt_inc[v_drop] <= 1'b1;
      cnt_inc[45] <= g_psn_ahead;
      cnt_inc[46] <= g_psn_dup;
      cnt_inc[47] <= g_nobuf;
      cnt_inc[48] <= g_accept;
      cnt_inc[49] <= d_inc_cmds;
      cnt_inc[50] <= g_ctrl;
      cnt_inc[51] <= g_ack_adv;
      cnt_inc[52] <= g_nack_ok;
      cnt_inc[53] <= g_ack_stale;
      cnt_inc[54] <= v_pfc_rx;
      cnt_inc[55] <= v_valid;
      cnt_inc[56] <= mrx_inc;
      cnt_inc[57] <= mrx_drop;
      cnt_inc[58] <= v_cbfc_rx;
      cnt_tx_cmds <= f_inc_cmds;
      cnt_tx_hol <= f_inc_hol;
      cnt_tx_bad <= f_inc_bad;
      cnt_tx_viol <= f_inc_viol;
      cnt_tx_flushed <= f_inc_flushed;
      cnt_tx_bytes <= flen;
      cnt_rx_bytes <= v_len;
      cnt_tx_timeouts <= tmo_cnt;
    end
  end

  // ================================================================ link status, reachability
  sue_reach #(.NDST(NDST), .PSN_PER_VC(PSN_PER_VC)) u_reach (
    .clk(clk), .rst_n(rst_n), .cfg_retry_limit(cfg_retry_limit), .link_up(link_up), .tmo(tmo),
    .heard_valid(g_rx_valid), .heard_slot(v_src), .heard_via(via_sr[4]), .cfg_probe(cfg_probe),
    .link_q(link_q), .unreach(unreach), .detour(detour), .via(via), .intr_set(intr_set));

  // eth_rx_via of a frame's last beat, to its verdict (sue_rx_check: VERDICT_LAT = 5 cycles on)
  reg  [4:0] via_sr, vlast_sr;
  wire       rx_last_take = eth_rx_valid && eth_rx_ready && eth_rx_last;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      via_sr   <= 5'd0;
      vlast_sr <= 5'd0;
    end else begin
      via_sr   <= {via_sr[3:0], rx_last_take && eth_rx_via};
      vlast_sr <= {vlast_sr[3:0], rx_last_take};
    end
  end
  `ASSERT_CLK(via_aligned, clk, rst_n, !v_valid || vlast_sr[4],
              "sue_endpoint: a verdict 5 cycles after no last beat (eth_rx_via misaligned)")

  `ASSERT_CLK(one_decision, clk, rst_n, !(d_new && (d_pfc || d_mgmt || d_rep || d_nack || d_ack)),
              "sue_endpoint: two frames decided in one cycle")
  `ASSERT_CLK(drop_code_legal, clk, rst_n, !v_valid || v_drop == 6'd0 || (v_drop >= 6'd33 && v_drop <= 6'd44),
              "sue_endpoint: receive drop outside the check counters")
endmodule

`resetall
