// sue_regs: the SUE endpoint's AXI4-Lite register slave (docs/sue.md "Register map",
// docs/sue_ctl.md). Holds every configuration register (reset values and write masks of
// csrc/ref/sue_regs.c), the destination table, the 32-bit wrapping counters (increment
// pulses from the datapath, CNT_CLEAR), and shows every configuration field on a port.
// Read-only status and connection state come in through ports.
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
    output wire [CW-1:0]        conn_idx,    // connection of a CONN[c] read
    input  wire [31:0]          conn_tx,     // CONN[conn_idx].TX, sampled with the read
    input  wire [31:0]          conn_rx,     // CONN[conn_idx].RX
    // ---- counters: cnt_inc[i] counts counter i at this edge, by 1 or, for the counters
    // with an amount input below, by that amount (events that can come several at once)
    input  wire [55:0]          cnt_inc,
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

  localparam [31:0] ID_VALUE = 32'h5355_4501;
  localparam [31:0] CAPS0 = PDU_MAX | (NDST << 16) | (ALIGN << 24) | (PSN_PER_VC << 28);
  localparam [31:0] CAPS1 = (Q_BYTES / ALIGN) | (WIN << 16) | ((DATA_W / 32) << 24);
  localparam [31:0] CAPS2 = ING_CMD | (ING_DATA << 8);
  localparam [31:0] CAPS3 = RX_BYTES;
  localparam [15:0] THRESH_RST = 16'(PDU_MAX);
  localparam [22:0] XOFF_RST   = 23'(RX_BYTES / 2);
  localparam [22:0] XON_RST    = 23'(RX_BYTES / 4);
  localparam integer DW = idx_w(NDST);  // destination index bits

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

  // ------------------------------------------------------------------ register state
  reg [1:0]  hdr_fmt_q, ack_vc_q;
  reg        rcrc_c_q, pfc_tx_en_q, pfc_rx_en_q;
  reg [9:0]  xpuid_q, partition_q;
  reg [47:0] mac_q;
  reg [31:0] ip_q, udp_port_q, ip_cfg_q, aifh_prefix_q;
  reg [15:0] ethertype_q, pack_timeout_q, pack_thresh_q, ack_delay_q;
  reg [23:0] retx_timeout_q, pfc_time_q, pfc_refresh_q;
  reg [11:0] pfc_map_q;
  reg [22:0] pfc_xoff_q, pfc_xon_q;
  reg [NDST-1:0]    dvalid_q;
  reg [NDST*10-1:0] dxpuid_q;
  reg [NDST*48-1:0] dmac_q;
  reg [NDST*32-1:0] dip_q;
  wire [56*32-1:0]  cnt;  // counter i at [32i +: 32]; unassigned indices are 0

  // The register decoder: one word address (the write's while a write happens, else the
  // read's). Only the low CW bits of a connection index reach conn_idx; the range check
  // uses all of them.
  wire [9:0] dec_addr = wr_en ? aw_addr_q : ar_addr_q;
  wire [5:0] dec_dst  = dec_addr[7:2];          // 0x400 + 16d
  wire [7:0] dec_conn = dec_addr[8:1];          // 0x800 + 8c
  wire       dst_ok   = {26'd0, dec_dst} < NDST;
  wire       conn_ok  = {24'd0, dec_conn} < NCONN;
  assign conn_idx = dec_conn[CW-1:0];
  wire [DW-1:0] dst_idx = dec_dst[DW-1:0];

  reg [31:0] dec_word;
  always @* begin
    dec_word = 32'd0;
    if (dec_addr[9]) begin                            // 0x800 .. 0xFFF: CONN[c]
      if (conn_ok) dec_word = dec_addr[0] ? conn_rx : conn_tx;
    end else if (dec_addr[8]) begin                   // 0x400 .. 0x7FF: DST[d]
      if (dst_ok) begin
        case (dec_addr[1:0])
          2'd0: dec_word = {dvalid_q[dst_idx], 21'd0, dxpuid_q[dst_idx*10 +: 10]};
          2'd1: dec_word = {16'd0, dmac_q[dst_idx*48+32 +: 16]};
          2'd2: dec_word = dmac_q[dst_idx*48 +: 32];
          default: dec_word = dip_q[dst_idx*32 +: 32];
        endcase
      end
    end else if (dec_addr[7:6] != 2'd0) begin         // 0x100 .. 0x3FF: counters
      if (dec_addr[7:6] == 2'b01 && dec_addr[5:0] < 6'd56) dec_word = cnt[dec_addr[5:0]*32 +: 32];
    end else begin
      case (dec_addr[5:0])
        6'h00: dec_word = ID_VALUE;
        6'h01: dec_word = CAPS0;
        6'h02: dec_word = CAPS1;
        6'h03: dec_word = CAPS2;
        6'h04: dec_word = CAPS3;
        6'h08: dec_word = {22'd0, ack_vc_q, 3'd0, pfc_rx_en_q, pfc_tx_en_q, rcrc_c_q, hdr_fmt_q};
        6'h09: dec_word = {22'd0, xpuid_q};
        6'h0A: dec_word = {22'd0, partition_q};
        6'h0B: dec_word = {16'd0, mac_q[47:32]};
        6'h0C: dec_word = mac_q[31:0];
        6'h0D: dec_word = ip_q;
        6'h0E: dec_word = udp_port_q;
        6'h0F: dec_word = {16'd0, ethertype_q};
        6'h10: dec_word = ip_cfg_q;
        6'h11: dec_word = aifh_prefix_q;
        6'h12: dec_word = {16'd0, pack_timeout_q};
        6'h13: dec_word = {16'd0, pack_thresh_q};
        6'h14: dec_word = {8'd0, retx_timeout_q};
        6'h15: dec_word = {16'd0, ack_delay_q};
        6'h16: dec_word = {20'd0, pfc_map_q};
        6'h17: dec_word = {8'd0, pfc_time_q};
        6'h18: dec_word = {8'd0, pfc_refresh_q};
        6'h19: dec_word = {9'd0, pfc_xoff_q};
        6'h1A: dec_word = {9'd0, pfc_xon_q};
        6'h1C: dec_word = {22'd0, status};
        default: dec_word = 32'd0;
      endcase
    end
  end

  // A write stores the current word with the strobed bytes replaced, through the field masks.
  wire [31:0] wmask = {{8{w_strb_q[3]}}, {8{w_strb_q[2]}}, {8{w_strb_q[1]}}, {8{w_strb_q[0]}}};
  wire [31:0] wv    = (dec_word & ~wmask) | (w_data_q & wmask);
  wire        wr_cfg = wr_en && dec_addr[9:6] == 4'd0;
  wire        wr_dst = wr_en && dec_addr[9:8] == 2'b01 && dst_ok;
  wire        cnt_clear = wr_cfg && dec_addr[5:0] == 6'h1B && wv[0];

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      hdr_fmt_q      <= 2'd0;
      rcrc_c_q       <= 1'b0;
      pfc_tx_en_q    <= 1'b1;
      pfc_rx_en_q    <= 1'b1;
      ack_vc_q       <= 2'd3;
      xpuid_q        <= 10'd0;
      partition_q    <= 10'd0;
      mac_q          <= 48'h0200_0000_0000;
      ip_q           <= 32'd0;
      udp_port_q     <= 32'hC000_C000;
      ethertype_q    <= 16'h88B5;
      ip_cfg_q       <= 32'h40;
      aifh_prefix_q  <= 32'h0200_0000;
      pack_timeout_q <= 16'd64;
      pack_thresh_q  <= THRESH_RST;
      retx_timeout_q <= 24'd4096;
      ack_delay_q    <= 16'd64;
      pfc_map_q      <= 12'h688;
      pfc_time_q     <= 24'h2_FFFF;
      pfc_refresh_q  <= 24'd32768;
      pfc_xoff_q     <= XOFF_RST;
      pfc_xon_q      <= XON_RST;
    end else if (wr_cfg) begin
      case (dec_addr[5:0])
        6'h08: begin
          hdr_fmt_q   <= wv[0] ? wv[1:0] : 2'd0;
          rcrc_c_q    <= wv[2];
          pfc_tx_en_q <= wv[3];
          pfc_rx_en_q <= wv[4];
          ack_vc_q    <= wv[9:8];
        end
        6'h09: xpuid_q        <= wv[9:0];
        6'h0A: partition_q    <= wv[9:0];
        6'h0B: mac_q[47:32]   <= wv[15:0];
        6'h0C: mac_q[31:0]    <= wv;
        6'h0D: ip_q           <= wv;
        6'h0E: udp_port_q     <= wv;
        6'h0F: ethertype_q    <= wv[15:0];
        6'h10: ip_cfg_q       <= wv;
        6'h11: aifh_prefix_q  <= wv;
        6'h12: pack_timeout_q <= wv[15:0];
        6'h13: pack_thresh_q  <= wv[15:0];
        6'h14: retx_timeout_q <= wv[23:0];
        6'h15: ack_delay_q    <= wv[15:0];
        6'h16: pfc_map_q      <= wv[11:0];
        6'h17: pfc_time_q     <= wv[23:0];
        6'h18: pfc_refresh_q  <= wv[23:0];
        6'h19: pfc_xoff_q     <= wv[22:0];
        6'h1A: pfc_xon_q      <= wv[22:0];
        default: ;
      endcase
    end
  end

  // Destination table: one always block per entry keeps the write decode local.
  genvar gd;
  generate
    for (gd = 0; gd < NDST; gd = gd + 1) begin : g_dst
      wire hit = wr_dst && dec_dst == gd;
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
          dvalid_q[gd]            <= 1'b0;
          dxpuid_q[gd*10 +: 10]   <= 10'd0;
          dmac_q[gd*48 +: 48]     <= 48'd0;
          dip_q[gd*32 +: 32]      <= 32'd0;
        end else if (hit) begin
          case (dec_addr[1:0])
            2'd0: begin
              dvalid_q[gd]          <= wv[31];
              dxpuid_q[gd*10 +: 10] <= wv[9:0];
            end
            2'd1: dmac_q[gd*48+32 +: 16] <= wv[15:0];
            2'd2: dmac_q[gd*48 +: 32]    <= wv;
            default: dip_q[gd*32 +: 32]  <= wv;
          endcase
        end
      end
    end
  endgenerate

  // Counters: indices 0 .. 16 and 32 .. 55 exist (csrc/ref/sue_cfg.h); CNT_CLEAR wins over an
  // increment at the same edge.
  genvar gc;
  generate
    for (gc = 0; gc < 56; gc = gc + 1) begin : g_cnt
      if (gc <= 16 || gc >= 32) begin : g_on
        wire [31:0] add = (gc == 0)  ? {29'd0, cnt_tx_cmds} :
                          (gc == 1)  ? {30'd0, cnt_tx_cmd_bad} :
                          (gc == 4)  ? {30'd0, cnt_tx_viol} :
                          (gc == 5)  ? {29'd0, cnt_tx_hol} :
                          (gc == 6)  ? {8'd0, cnt_tx_flushed} :
                          (gc == 14) ? {16'd0, cnt_tx_bytes} :
                          (gc == 15) ? {23'd0, cnt_tx_timeouts} :
                          (gc == 55) ? {16'd0, cnt_rx_bytes} : 32'd1;
        reg [31:0] q;
        always @(posedge clk or negedge rst_n) begin
          if (!rst_n) q <= 32'd0;
          else if (cnt_clear) q <= 32'd0;
          else if (cnt_inc[gc]) q <= q + add;
        end
        assign cnt[gc*32 +: 32] = q;
      end else begin : g_off
        assign cnt[gc*32 +: 32] = 32'd0;
      end
    end
  endgenerate

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) r_data_q <= 32'd0;
    else if (rd_en) r_data_q <= dec_word;
  end

  // ------------------------------------------------------------------ configuration ports
  assign cfg_hdr_fmt      = hdr_fmt_q;
  assign cfg_rcrc_c       = rcrc_c_q;
  assign cfg_pfc_tx_en    = pfc_tx_en_q;
  assign cfg_pfc_rx_en    = pfc_rx_en_q;
  assign cfg_ack_vc       = ack_vc_q;
  assign cfg_xpuid        = xpuid_q;
  assign cfg_partition    = partition_q;
  assign cfg_mac          = mac_q;
  assign cfg_ip           = ip_q;
  assign cfg_udp_sport    = udp_port_q[31:16];
  assign cfg_udp_dport    = udp_port_q[15:0];
  assign cfg_ethertype    = ethertype_q;
  assign cfg_ttl          = ip_cfg_q[7:0];
  assign cfg_dscp         = ip_cfg_q[31:8];
  assign cfg_aifh_prefix  = aifh_prefix_q;
  assign cfg_pack_timeout = pack_timeout_q;
  assign cfg_pack_thresh  = pack_thresh_q;
  assign cfg_retx_timeout = retx_timeout_q;
  assign cfg_ack_delay    = ack_delay_q;
  assign cfg_pfc_prio     = pfc_map_q;
  assign cfg_pfc_time     = pfc_time_q[15:0];
  assign cfg_pfc_qcyc     = pfc_time_q[23:16];
  assign cfg_pfc_refresh  = pfc_refresh_q;
  assign cfg_pfc_xoff     = pfc_xoff_q;
  assign cfg_pfc_xon      = pfc_xon_q;
  assign dst_valid        = dvalid_q;
  assign dst_xpuid        = dxpuid_q;
  assign dst_mac          = dmac_q;
  assign dst_ip           = dip_q;

  // ------------------------------------------------------------------ assertions
  // AXI4-Lite source rules: a valid not yet taken stays high with stable payload.
  `ASSERT_STABLE(aw_stable, clk, rst_n, s_axil_awvalid, s_axil_awready, s_axil_awaddr, 12,
                 "AWVALID dropped or AWADDR changed before AWREADY")
  `ASSERT_STABLE(w_stable, clk, rst_n, s_axil_wvalid, s_axil_wready, ({s_axil_wstrb, s_axil_wdata}), 36,
                 "WVALID dropped or WDATA/WSTRB changed before WREADY")
  `ASSERT_STABLE(ar_stable, clk, rst_n, s_axil_arvalid, s_axil_arready, s_axil_araddr, 12,
                 "ARVALID dropped or ARADDR changed before ARREADY")
  `ASSERT_CLK(cnt_idx_legal, clk, rst_n, cnt_inc[31:17] == 15'd0, "increment of an unassigned counter index")
  `ASSERT_CLK(no_hold_with_b, clk, rst_n, !(aw_hold_q && b_valid_q) && !(w_hold_q && b_valid_q),
              "AW or W held while a response is pending")

  // Bits the decoder does not use (the lint default exempts *unused* names).
  wire unused_addr = &{1'b0, s_axil_awaddr[1:0], s_axil_araddr[1:0]};

endmodule

`resetall
