// sue_regs: the SUE endpoint's AXI4-Lite register slave (docs/sue/index.md "Register map",
// docs/sue/sue_regs.md). Holds every configuration register (reset values and write masks of
// rtl/sue/sue_regs.rdl, as the model's), the destination table, the 32-bit wrapping counters
// (increment pulses from the datapath, CNT_CLEAR), and shows every configuration field on a port.
// Read-only status and connection state come in through ports. The register decode (addresses,
// read multiplexer, write masks, reset values, storage) is generated from rtl/sue/sue_regs.rdl
// into sue_regs_map.vh (`make regs`); this file wires it to AXI4-Lite and the ports.
//
// AXI4-Lite: 32-bit data, 12-bit byte addresses (bits [1:0] ignored, as the model does), one
// outstanding transaction per direction, AW and W accepted independently (either first).
// Every response is OKAY: unmapped addresses read 0, writes to them and to read-only registers
// are ignored. Byte strobes are honoured (a byte whose strobe is 0 keeps its value).
// Latency: a write takes effect at the edge after both AW and W are held (that edge also
// raises BVALID); a read is sampled at the edge after AR is taken (that edge raises RVALID).
// A write about to take effect delays the sampling of a read by one cycle (a single register
// decoder is shared).
`resetall
`default_nettype none
`include "assert.vh"

module sue_regs #(
    parameter integer DATA_W     = 256,
    parameter integer PDU_MAX    = 4096,
    parameter integer NDST       = 64,
    parameter integer ALIGN      = 4,
    parameter integer Q_BYTES    = 8192,
    parameter integer WIN        = 8,
    parameter integer PSN_PER_VC = 0,
    parameter integer ING_CMD    = 8,
    parameter integer ING_DATA   = 4,
    parameter integer RX_BYTES   = 16384,
    // derived, do not override
    parameter integer NCONN      = (PSN_PER_VC != 0) ? NDST * 4 : NDST,
    parameter integer CW         = idx_w(NCONN)
) (
    input  wire                 clk,
    input  wire                 rst_n,
    // ---- AXI4-Lite slave
    input  wire                 s_axil_awvalid,
    output wire                 s_axil_awready,
    input  wire [11:0]          s_axil_awaddr,
    input  wire                 s_axil_wvalid,
    output wire                 s_axil_wready,
    input  wire [31:0]          s_axil_wdata,
    input  wire [3:0]           s_axil_wstrb,
    output wire                 s_axil_bvalid,
    input  wire                 s_axil_bready,
    output wire [1:0]           s_axil_bresp,
    input  wire                 s_axil_arvalid,
    output wire                 s_axil_arready,
    input  wire [11:0]          s_axil_araddr,
    output wire                 s_axil_rvalid,
    input  wire                 s_axil_rready,
    output wire [31:0]          s_axil_rdata,
    output wire [1:0]           s_axil_rresp,
    // ---- read-only state from the datapath
    input  wire [9:0]           status,      // STATUS [9:0]
    input  wire                 link_up,     // STATUS.LINK_UP
    input  wire [NDST-1:0]      unreach,     // UNREACH0 / UNREACH1: slot d at [d]
    input  wire [3:0]           intr_set,    // INTR events of this edge (LINK_DOWN, LINK_UP,
                                             // UNREACH, REACH)
    output wire                 irq,         // |(INTR & INTR_EN)
    output wire [CW-1:0]        conn_idx,    // connection of a CONN[c] read
    input  wire [31:0]          conn_tx,     // CONN[conn_idx].TX, sampled with the read
    input  wire [31:0]          conn_rx,     // CONN[conn_idx].RX
    // ---- counters: cnt_inc[i] counts counter i at this edge, by 1 or, for the counters
    // with an amount input below, by that amount (events that can come several at once)
    input  wire [58:0]          cnt_inc,
    input  wire [2:0]           cnt_tx_cmds,      // 0 tx_cmds (one per VC per cycle)
    input  wire [1:0]           cnt_tx_cmd_bad,   // 1 tx_cmd_bad
    input  wire [1:0]           cnt_tx_viol,      // 4 tx_credit_viol
    input  wire [2:0]           cnt_tx_hol,       // 5 tx_hol
    input  wire [23:0]          cnt_tx_flushed,   // 6 tx_flushed
    input  wire [15:0]          cnt_tx_bytes,     // 14
    input  wire [8:0]           cnt_tx_timeouts,  // 15
    input  wire [15:0]          cnt_rx_bytes,
    // ---- configuration (decoded as sue_cfg_t)
    output wire [1:0]           cfg_hdr_fmt,  // 0 UDP, 1 AIFH 12-byte, 3 AIFH 6-byte
    output wire                 cfg_rcrc_c,
    output wire                 cfg_pfc_tx_en,
    output wire                 cfg_pfc_rx_en,
    output wire                 cfg_fc_mode,  // CTRL.FC_MODE: 0 PFC, 1 CBFC
    output wire [3:0]           cfg_cbfc_ushift,  // CBFC_CFG
    output wire [15:0]          cfg_cbfc_step,
    output wire [23:0]          cfg_cbfc_oui,     // CBFC_OUI
    input  wire [63:0]          cbfc_avail,       // CBFC_AVAIL0 / 1: VC v at [16v +: 16]
    output wire [1:0]           cfg_ack_vc,
    output wire [9:0]           cfg_xpuid,
    output wire [9:0]           cfg_partition,
    output wire [47:0]          cfg_mac,      // byte 0 at [47:40]
    output wire [31:0]          cfg_ip,
    output wire [15:0]          cfg_udp_sport,
    output wire [15:0]          cfg_udp_dport,
    output wire [15:0]          cfg_ethertype,
    output wire [7:0]           cfg_ttl,
    output wire [23:0]          cfg_dscp,     // VC n at [6n +: 6]
    output wire [31:0]          cfg_aifh_prefix,
    output wire [15:0]          cfg_pack_timeout,
    output wire [15:0]          cfg_pack_thresh,
    output wire [23:0]          cfg_retx_timeout,
    output wire [15:0]          cfg_ack_delay,
    output wire [11:0]          cfg_pfc_prio, // VC n at [3n +: 3]
    output wire [15:0]          cfg_pfc_time,
    output wire [7:0]           cfg_pfc_qcyc,
    output wire [23:0]          cfg_pfc_refresh,
    output wire [22:0]          cfg_pfc_xoff,
    output wire [22:0]          cfg_pfc_xon,
    output wire                 cfg_vlan_tx,  // 802.1Q tag on frames sent (not PFC, not AIFH 6)
    output wire [11:0]          cfg_vlan_vid,
    output wire [7:0]           cfg_retry_limit,  // REACH.RETRY_LIMIT
    output wire [15:0]          cfg_probe,        // REACH.PROBE
    output wire [23:0]          cfg_mgmt_gap,     // MGMT_GAP
    // ---- management frames (sue_mgmt_tx): a word written to MGMT_TX_DATA, a MGMT_TX_SEND
    output wire                 mgmt_wr_valid,
    output wire [31:0]          mgmt_wr_data,
    output wire                 mgmt_send_valid,
    output wire [10:0]          mgmt_send_len,
    input  wire [7:0]           mgmt_words,       // MGMT_TX_STATUS.WORDS
    input  wire                 mgmt_queued,      // MGMT_TX_STATUS.QUEUED
    // ---- management frames, receive (sue_mgmt_rx)
    output wire                 cfg_mgmt_rx_en,   // MGMT_RX_CTL.EN
    output wire [15:0]          cfg_mgmt_rx_etype,// MGMT_RX_FILTER
    output wire [15:0]          cfg_mgmt_rx_mask,
    output wire [6:0]           mgmt_rx_word,     // MGMT_RX_RD.WORD
    output wire                 mgmt_rx_pop,      // MGMT_RX_POP.POP written with 1
    input  wire [10:0]          mgmt_rx_len,      // MGMT_RX_STATUS
    input  wire [2:0]           mgmt_rx_frames,
    input  wire [31:0]          mgmt_rx_data,     // MGMT_RX_DATA
    output wire [NDST-1:0]      dst_valid,
    output wire [NDST*10-1:0]   dst_xpuid,    // entry d at [10d +: 10]
    output wire [NDST*48-1:0]   dst_mac,      // entry d at [48d +: 48], byte 0 on top
    output wire [NDST*32-1:0]   dst_ip        // entry d at [32d +: 32]
);
  `include "common_params.vh"
  `include "sue_params.vh"


  // ------------------------------------------------------------------ parameter checks
  generate
    if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512 && DATA_W != 1024 && DATA_W != 2048)
    begin : g_bad_param
      `PARAM_FATAL("sue_regs: DATA_W must be 128, 256, 512, 1024 or 2048")
    end else if (ALIGN != 2 && ALIGN != 4 && ALIGN != 8) begin : g_bad_param
      `PARAM_FATAL("sue_regs: ALIGN must be 2, 4 or 8")
    end else if (PDU_MAX % ALIGN != 0 || PDU_MAX < 280 || PDU_MAX > 8192) begin : g_bad_param
      `PARAM_FATAL("sue_regs: PDU_MAX must be a multiple of ALIGN in 280 .. 8192")
    end else if (NDST < 1 || NDST > 64) begin : g_bad_param
      `PARAM_FATAL("sue_regs: NDST must be 1 .. 64")
    end else if (Q_BYTES % ALIGN != 0 || Q_BYTES < PDU_MAX + sue_cmd_max(ALIGN)
                 || Q_BYTES > 65536) begin : g_bad_param
      `PARAM_FATAL("sue_regs: Q_BYTES must be a multiple of ALIGN in PDU_MAX + 276 .. 65536")
    end else if (WIN < 1 || WIN > 64 || (WIN & (WIN - 1)) != 0) begin : g_bad_param
      // slot = PSN mod WIN must follow the PSN across its 16-bit wrap
      `PARAM_FATAL("sue_regs: WIN must be a power of two, 1 .. 64")
    end else if (PSN_PER_VC != 0 && PSN_PER_VC != 1) begin : g_bad_param
      `PARAM_FATAL("sue_regs: PSN_PER_VC must be 0 or 1")
    end else if (ING_CMD < 1 || ING_CMD > 64 || ING_DATA < 1 || ING_DATA > 64)
    begin : g_bad_param
      `PARAM_FATAL("sue_regs: ING_CMD and ING_DATA must be 1 .. 64")
    end else if (RX_BYTES < PDU_MAX || RX_BYTES > 4194304) begin : g_bad_param
      `PARAM_FATAL("sue_regs: RX_BYTES must be PDU_MAX .. 4 MiB")
    end else if (NCONN != ((PSN_PER_VC != 0) ? NDST * 4 : NDST) ||
                 CW != idx_w(NCONN)) begin : g_bad_param
      `PARAM_FATAL("sue_regs: NCONN and CW are derived, do not override them")
    end
  endgenerate

  // ------------------------------------------------------------------ AXI4-Lite channels
  reg        aw_hold_q, w_hold_q, b_valid_q, ar_hold_q, r_valid_q;
  reg [9:0]  aw_addr_q, ar_addr_q;  // word addresses
  reg [31:0] w_data_q, r_data_q;
  reg [3:0]  w_strb_q;

  wire aw_take = s_axil_awvalid && s_axil_awready;
  wire w_take  = s_axil_wvalid && s_axil_wready;
  wire ar_take = s_axil_arvalid && s_axil_arready;
  wire wr_en   = aw_hold_q && w_hold_q && !b_valid_q;  // the write happens at this edge
  wire rd_en   = ar_hold_q && !r_valid_q && !wr_en;    // the read is sampled at this edge

  assign s_axil_awready = !aw_hold_q && !b_valid_q;
  assign s_axil_wready  = !w_hold_q && !b_valid_q;
  assign s_axil_bvalid  = b_valid_q;
  assign s_axil_bresp   = 2'b00;
  assign s_axil_arready = !ar_hold_q && !r_valid_q;
  assign s_axil_rvalid  = r_valid_q;
  assign s_axil_rdata   = r_data_q;
  assign s_axil_rresp   = 2'b00;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_hold_q <= 1'b0;
      w_hold_q  <= 1'b0;
      b_valid_q <= 1'b0;
      ar_hold_q <= 1'b0;
      r_valid_q <= 1'b0;
      aw_addr_q <= 10'd0;
      ar_addr_q <= 10'd0;
      w_data_q  <= 32'd0;
      w_strb_q  <= 4'd0;
    end else begin
      if (aw_take) begin
        aw_hold_q <= 1'b1;
        aw_addr_q <= s_axil_awaddr[11:2];
      end
      if (w_take) begin
        w_hold_q <= 1'b1;
        w_data_q <= s_axil_wdata;
        w_strb_q <= s_axil_wstrb;
      end
      if (wr_en) begin
        aw_hold_q <= 1'b0;
        w_hold_q  <= 1'b0;
        b_valid_q <= 1'b1;
      end else if (b_valid_q && s_axil_bready) begin
        b_valid_q <= 1'b0;
      end
      if (ar_take) begin
        ar_hold_q <= 1'b1;
        ar_addr_q <= s_axil_araddr[11:2];
      end
      if (rd_en) begin
        ar_hold_q <= 1'b0;
        r_valid_q <= 1'b1;
      end else if (r_valid_q && s_axil_rready) begin
        r_valid_q <= 1'b0;
      end
    end
  end

  // ------------------------------------------------------------------ register decode
  // One decoder, generated from sue_regs.rdl: the write's address while a write happens, else
  // the read's. Only the low CW bits of a connection index reach conn_idx; the range check
  // uses all of them.
  wire [9:0]       rg_addr  = wr_en ? aw_addr_q : ar_addr_q;
  wire             rg_we    = wr_en;
  wire [31:0]      rg_wdata = w_data_q;
  wire [3:0]       rg_wstrb = w_strb_q;
  wire [31:0]      hw_status = {15'd0, link_up, 6'd0, status};
  wire [63:0]      unreach64;  // slots past NDST read 0
  wire [31:0]      hw_unreach0 = unreach64[31:0];
  wire [31:0]      hw_unreach1 = unreach64[63:32];
  wire [31:0]      hwset_intr = {28'd0, intr_set};
  wire [31:0]      hw_mgmt_tx_status = {23'd0, mgmt_queued, mgmt_words};
  wire [31:0]      hw_mgmt_rx_status = {17'd0, mgmt_rx_frames, 1'b0, mgmt_rx_len};
  wire [31:0]      hw_mgmt_rx_data = mgmt_rx_data;
  wire [31:0]      hw_conn_tx = conn_tx;
  wire [31:0]      hw_conn_rx = conn_rx;
  wire [31:0]      hw_cbfc_avail0 = cbfc_avail[31:0];
  wire [31:0]      hw_cbfc_avail1 = cbfc_avail[63:32];
  wire [59*32-1:0] hw_cnt;  // counter i at [32i +: 32]; unassigned indices are 0
  `include "sue_regs_map.vh"
  genvar gu;
  generate
    for (gu = 0; gu < 64; gu = gu + 1) begin : g_unreach
      if (gu < NDST) begin : g_on
        assign unreach64[gu] = unreach[gu];
      end else begin : g_off
        assign unreach64[gu] = 1'b0;
      end
    end
  endgenerate
  assign conn_idx = rg_conn_idx[CW-1:0];

  // Counters: the indices of sue_regs.rdl's CNT exist (SUE_REG_CNT_ON); CNT_CLEAR wins over an
  // increment at the same edge.
  genvar gc;
  generate
    for (gc = 0; gc < 59; gc = gc + 1) begin : g_cnt
      if (SUE_REG_CNT_ON[gc]) begin : g_on
        wire [31:0] add = (gc == SUE_REG_CNT_TX_CMDS_I)        ? {29'd0, cnt_tx_cmds} :
                          (gc == SUE_REG_CNT_TX_CMD_BAD_I)     ? {30'd0, cnt_tx_cmd_bad} :
                          (gc == SUE_REG_CNT_TX_CREDIT_VIOL_I) ? {30'd0, cnt_tx_viol} :
                          (gc == SUE_REG_CNT_TX_HOL_I)         ? {29'd0, cnt_tx_hol} :
                          (gc == SUE_REG_CNT_TX_FLUSHED_I)     ? {8'd0, cnt_tx_flushed} :
                          (gc == SUE_REG_CNT_TX_BYTES_I)       ? {16'd0, cnt_tx_bytes} :
                          (gc == SUE_REG_CNT_TX_TIMEOUTS_I)    ? {23'd0, cnt_tx_timeouts} :
                          (gc == SUE_REG_CNT_RX_BYTES_I)       ? {16'd0, cnt_rx_bytes} : 32'd1;
        reg [31:0] q;
        always @(posedge clk or negedge rst_n) begin
          if (!rst_n) q <= 32'd0;
          else if (rg_cnt_clear_clear) q <= 32'd0;
          else if (cnt_inc[gc]) q <= q + add;
        end
        assign hw_cnt[gc*32 +: 32] = q;
      end else begin : g_off
        assign hw_cnt[gc*32 +: 32] = 32'd0;
      end
    end
  endgenerate

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) r_data_q <= 32'd0;
    else if (rd_en) r_data_q <= rg_rdata;
  end

  // ------------------------------------------------------------------ configuration ports
  assign cfg_hdr_fmt      = {rg_ctrl_aifh_short, rg_ctrl_aifh};
  assign cfg_rcrc_c       = rg_ctrl_rcrc_c;
  assign cfg_pfc_tx_en    = rg_ctrl_pfc_tx_en;
  assign cfg_pfc_rx_en    = rg_ctrl_pfc_rx_en;
  assign cfg_fc_mode      = rg_ctrl_fc_mode;
  assign cfg_cbfc_ushift  = rg_cbfc_cfg_ushift;
  assign cfg_cbfc_step    = rg_cbfc_cfg_step;
  assign cfg_cbfc_oui     = rg_cbfc_oui_oui;
  assign cfg_ack_vc       = rg_ctrl_ack_vc;
  assign cfg_xpuid        = rg_xpuid_id;
  assign cfg_partition    = rg_partition_id;
  assign cfg_mac          = {rg_mac_hi_mac01, rg_mac_lo_mac2345};
  assign cfg_ip           = rg_ip_addr;
  assign cfg_udp_sport    = rg_udp_port_sport;
  assign cfg_udp_dport    = rg_udp_port_dport;
  assign cfg_ethertype    = rg_ethertype_type;
  assign cfg_ttl          = rg_ip_cfg_ttl;
  assign cfg_dscp         = {rg_ip_cfg_dscp3, rg_ip_cfg_dscp2, rg_ip_cfg_dscp1, rg_ip_cfg_dscp0};
  assign cfg_aifh_prefix  = rg_aifh_prefix_prefix;
  assign cfg_pack_timeout = rg_pack_timeout_cycles;
  assign cfg_pack_thresh  = rg_pack_thresh_bytes;
  assign cfg_retx_timeout = rg_retx_timeout_cycles;
  assign cfg_ack_delay    = rg_ack_delay_cycles;
  assign cfg_pfc_prio     = {rg_pfc_map_prio3, rg_pfc_map_prio2, rg_pfc_map_prio1,
                             rg_pfc_map_prio0};
  assign cfg_pfc_time     = rg_pfc_time_time;
  assign cfg_pfc_qcyc     = rg_pfc_time_qcyc;
  assign cfg_pfc_refresh  = rg_pfc_refresh_cycles;
  assign cfg_pfc_xoff     = rg_pfc_xoff_bytes;
  assign cfg_pfc_xon      = rg_pfc_xon_bytes;
  assign cfg_vlan_tx      = rg_vlan_tx_en;
  assign cfg_vlan_vid     = rg_vlan_vid;
  assign cfg_retry_limit  = rg_reach_retry_limit;
  assign cfg_probe        = rg_reach_probe;
  assign cfg_mgmt_gap     = rg_mgmt_gap_cycles;
  assign mgmt_wr_valid    = rg_mgmt_tx_data_data_swmod;
  assign mgmt_wr_data     = rg_mgmt_tx_data_data;
  assign mgmt_send_valid  = rg_mgmt_tx_send_len_swmod;
  assign mgmt_send_len    = rg_mgmt_tx_send_len;
  assign cfg_mgmt_rx_en   = rg_mgmt_rx_ctl_en;
  assign cfg_mgmt_rx_etype = rg_mgmt_rx_filter_etype;
  assign cfg_mgmt_rx_mask = rg_mgmt_rx_filter_mask;
  assign mgmt_rx_word     = rg_mgmt_rx_rd_word;
  assign mgmt_rx_pop      = rg_mgmt_rx_pop_pop;
  assign irq = |({rg_intr_reach, rg_intr_unreach, rg_intr_link_up, rg_intr_link_down} &
                 {rg_intr_en_reach, rg_intr_en_unreach, rg_intr_en_link_up, rg_intr_en_link_down});
  assign dst_valid        = rg_dst_id_valid;
  assign dst_xpuid        = rg_dst_id_xpuid;
  assign dst_ip           = rg_dst_ip_addr;
  genvar gd;
  generate
    for (gd = 0; gd < NDST; gd = gd + 1) begin : g_dst_mac
      assign dst_mac[gd*48 +: 48] = {rg_dst_mac_hi_mac01[gd*16 +: 16],
                                     rg_dst_mac_lo_mac2345[gd*32 +: 32]};
    end
  endgenerate

  // ------------------------------------------------------------------ assertions
  // AXI4-Lite source rules: a valid not yet taken stays high with stable payload.
  `ASSERT_STABLE(aw_stable, clk, rst_n, s_axil_awvalid, s_axil_awready, s_axil_awaddr, 12,
                 "AWVALID dropped or AWADDR changed before AWREADY")
  `ASSERT_STABLE(w_stable, clk, rst_n, s_axil_wvalid, s_axil_wready, ({s_axil_wstrb, s_axil_wdata}), 36,
                 "WVALID dropped or WDATA/WSTRB changed before WREADY")
  `ASSERT_STABLE(ar_stable, clk, rst_n, s_axil_arvalid, s_axil_arready, s_axil_araddr, 12,
                 "ARVALID dropped or ARADDR changed before ARREADY")
  `ASSERT_CLK(cnt_idx_legal, clk, rst_n, cnt_inc[31:20] == 12'd0, "increment of an unassigned counter index")
  `ASSERT_CLK(no_hold_with_b, clk, rst_n, !(aw_hold_q && b_valid_q) && !(w_hold_q && b_valid_q),
              "AW or W held while a response is pending")

  // Bits the decoder does not use (the lint default exempts *unused* names).
  wire unused_addr = &{1'b0, s_axil_awaddr[1:0], s_axil_araddr[1:0]};

endmodule

`resetall
