// sue_regs_map.vh - generated from rtl/sue/sue_regs.rdl by scripts/regmap.py (`make regs`): do not edit.
// The register decode of sue_regs: address decode, read multiplexer, byte-strobed writes and
// the storage of every configuration field, included inside the module. The module
// declares before the include: clk, rst_n, rg_addr [9:0] (word address decoded now),
// rg_we (a write happens at this edge), rg_wdata [31:0], rg_wstrb [3:0], and the words of
// the hardware-written registers:
//   hw_status [31:0]
//   hwset_intr [31:0] (bit b sets event bit b)
//   hw_unreach0 [31:0]
//   hw_unreach1 [31:0]
//   hw_mgmt_tx_status [31:0]
//   hw_mgmt_rx_status [31:0]
//   hw_mgmt_rx_data [31:0]
//   hw_cbfc_avail0 [31:0]
//   hw_cbfc_avail1 [31:0]
//   hw_cnt [59*32-1:0] (word i at [32i +: 32])
//   hw_conn_tx, hw_conn_rx [31:0] of element rg_conn_idx
// It declares rg_rdata (the word at rg_addr) and a signal per field (regmap.py).

  localparam [31:0] SUE_REG_CAPS0_PDU_MAX_RST = PDU_MAX;
  localparam [31:0] SUE_REG_CAPS0_NDST_RST = NDST;
  localparam [31:0] SUE_REG_CAPS0_ALIGN_RST = ALIGN;
  localparam [31:0] SUE_REG_CAPS0_PSN_PER_VC_RST = PSN_PER_VC;
  localparam [31:0] SUE_REG_CAPS1_Q_UNITS_RST = Q_BYTES / ALIGN;
  localparam [31:0] SUE_REG_CAPS1_WIN_RST = WIN;
  localparam [31:0] SUE_REG_CAPS1_DATA_W32_RST = DATA_W / 32;
  localparam [31:0] SUE_REG_CAPS2_ING_CMD_RST = ING_CMD;
  localparam [31:0] SUE_REG_CAPS2_ING_DATA_RST = ING_DATA;
  localparam [31:0] SUE_REG_CAPS3_RX_BYTES_RST = RX_BYTES;
  reg  rg_ctrl_aifh;
  reg  rg_ctrl_aifh_short;
  reg  rg_ctrl_rcrc_c;
  reg  rg_ctrl_pfc_tx_en;
  reg  rg_ctrl_pfc_rx_en;
  reg  rg_ctrl_fc_mode;
  reg  [1:0] rg_ctrl_ack_vc;
  reg  [9:0] rg_xpuid_id;
  reg  [9:0] rg_partition_id;
  reg  [15:0] rg_mac_hi_mac01;
  reg  [31:0] rg_mac_lo_mac2345;
  reg  [31:0] rg_ip_addr;
  reg  [15:0] rg_udp_port_dport;
  reg  [15:0] rg_udp_port_sport;
  reg  [15:0] rg_ethertype_type;
  reg  [7:0] rg_ip_cfg_ttl;
  reg  [5:0] rg_ip_cfg_dscp0;
  reg  [5:0] rg_ip_cfg_dscp1;
  reg  [5:0] rg_ip_cfg_dscp2;
  reg  [5:0] rg_ip_cfg_dscp3;
  reg  [31:0] rg_aifh_prefix_prefix;
  reg  [15:0] rg_pack_timeout_cycles;
  reg  [15:0] rg_pack_thresh_bytes;
  localparam [31:0] SUE_REG_PACK_THRESH_BYTES_RST = PDU_MAX;
  reg  [23:0] rg_retx_timeout_cycles;
  reg  [15:0] rg_ack_delay_cycles;
  reg  [2:0] rg_pfc_map_prio0;
  reg  [2:0] rg_pfc_map_prio1;
  reg  [2:0] rg_pfc_map_prio2;
  reg  [2:0] rg_pfc_map_prio3;
  reg  [15:0] rg_pfc_time_time;
  reg  [7:0] rg_pfc_time_qcyc;
  reg  [23:0] rg_pfc_refresh_cycles;
  reg  [22:0] rg_pfc_xoff_bytes;
  localparam [31:0] SUE_REG_PFC_XOFF_BYTES_RST = RX_BYTES / 2;
  reg  [22:0] rg_pfc_xon_bytes;
  localparam [31:0] SUE_REG_PFC_XON_BYTES_RST = RX_BYTES / 4;
  reg  rg_vlan_tx_en;
  reg  [11:0] rg_vlan_vid;
  reg  rg_intr_link_down;
  reg  rg_intr_link_up;
  reg  rg_intr_unreach;
  reg  rg_intr_reach;
  reg  rg_intr_en_link_down;
  reg  rg_intr_en_link_up;
  reg  rg_intr_en_unreach;
  reg  rg_intr_en_reach;
  reg  [7:0] rg_reach_retry_limit;
  reg  [15:0] rg_reach_probe;
  reg  [23:0] rg_mgmt_gap_cycles;
  localparam [31:0] SUE_REG_MGMT_TX_STATUS_MAX_RST = (PDU_MAX + 54 < 508) ? PDU_MAX + 54 : 508;
  reg  [15:0] rg_mgmt_rx_filter_etype;
  reg  [15:0] rg_mgmt_rx_filter_mask;
  reg  rg_mgmt_rx_ctl_en;
  reg  [6:0] rg_mgmt_rx_rd_word;
  reg  [3:0] rg_cbfc_cfg_ushift;
  reg  [15:0] rg_cbfc_cfg_step;
  reg  [23:0] rg_cbfc_oui_oui;
  localparam [63:0] SUE_REG_CNT_ON = 64'h7FFFFFF000FFFFF;
  /* verilator lint_off UNUSEDPARAM */
  localparam integer SUE_REG_CNT_TX_CMDS_I = 0;
  localparam integer SUE_REG_CNT_TX_CMD_BAD_I = 1;
  localparam integer SUE_REG_CNT_TX_CMD_ERR_I = 2;
  localparam integer SUE_REG_CNT_TX_CMD_NODST_I = 3;
  localparam integer SUE_REG_CNT_TX_CREDIT_VIOL_I = 4;
  localparam integer SUE_REG_CNT_TX_HOL_I = 5;
  localparam integer SUE_REG_CNT_TX_FLUSHED_I = 6;
  localparam integer SUE_REG_CNT_TX_PDUS_I = 7;
  localparam integer SUE_REG_CNT_TX_RETX_I = 8;
  localparam integer SUE_REG_CNT_TX_ACK_FRAMES_I = 9;
  localparam integer SUE_REG_CNT_TX_NACK_FRAMES_I = 10;
  localparam integer SUE_REG_CNT_TX_NACKS_I = 11;
  localparam integer SUE_REG_CNT_TX_PFC_I = 12;
  localparam integer SUE_REG_CNT_TX_FRAMES_I = 13;
  localparam integer SUE_REG_CNT_TX_BYTES_I = 14;
  localparam integer SUE_REG_CNT_TX_TIMEOUTS_I = 15;
  localparam integer SUE_REG_CNT_TX_REPLAYS_I = 16;
  localparam integer SUE_REG_CNT_TX_MGMT_I = 17;
  localparam integer SUE_REG_CNT_TX_MGMT_BAD_I = 18;
  localparam integer SUE_REG_CNT_TX_CBFC_I = 19;
  localparam integer SUE_REG_CNT_RX_FRAMES_I = 32;
  localparam integer SUE_REG_CNT_RX_RUNT_I = 33;
  localparam integer SUE_REG_CNT_RX_OVERSIZE_I = 34;
  localparam integer SUE_REG_CNT_RX_FCS_I = 35;
  localparam integer SUE_REG_CNT_RX_ETHERTYPE_I = 36;
  localparam integer SUE_REG_CNT_RX_IP_HDR_I = 37;
  localparam integer SUE_REG_CNT_RX_UDP_PORT_I = 38;
  localparam integer SUE_REG_CNT_RX_DST_I = 39;
  localparam integer SUE_REG_CNT_RX_RCRC_I = 40;
  localparam integer SUE_REG_CNT_RX_VER_I = 41;
  localparam integer SUE_REG_CNT_RX_SRC_I = 42;
  localparam integer SUE_REG_CNT_RX_PARTITION_I = 43;
  localparam integer SUE_REG_CNT_RX_BAD_PDU_I = 44;
  localparam integer SUE_REG_CNT_RX_PSN_I = 45;
  localparam integer SUE_REG_CNT_RX_DUP_I = 46;
  localparam integer SUE_REG_CNT_RX_NOBUF_I = 47;
  localparam integer SUE_REG_CNT_RX_PDUS_I = 48;
  localparam integer SUE_REG_CNT_RX_CMDS_I = 49;
  localparam integer SUE_REG_CNT_RX_CTRL_I = 50;
  localparam integer SUE_REG_CNT_RX_ACKS_I = 51;
  localparam integer SUE_REG_CNT_RX_NACKS_I = 52;
  localparam integer SUE_REG_CNT_RX_ACK_STALE_I = 53;
  localparam integer SUE_REG_CNT_RX_PFC_I = 54;
  localparam integer SUE_REG_CNT_RX_BYTES_I = 55;
  localparam integer SUE_REG_CNT_RX_MGMT_I = 56;
  localparam integer SUE_REG_CNT_RX_MGMT_DROP_I = 57;
  localparam integer SUE_REG_CNT_RX_CBFC_I = 58;
  /* verilator lint_on UNUSEDPARAM */
  wire rg_cnt_sel = rg_addr[9:6] == 4'h1;  // 0x100 + 4i
  wire [5:0] rg_cnt_i = rg_addr[5:0];
  wire [31:0] rg_cnt_word = hw_cnt[rg_cnt_i*32 +: 32];
  wire rg_dst_sel = rg_addr[9:8] == 2'h1;  // 0x400 + 0x10 i
  wire [5:0] rg_dst_idx = rg_addr[7:2];
  wire rg_dst_ok = {26'd0, rg_dst_idx} < (NDST);
  localparam integer SUE_REG_DST_IW = ((NDST) > 1) ? $clog2((NDST)) : 1;
  wire [SUE_REG_DST_IW-1:0] rg_dst_i = rg_dst_idx[SUE_REG_DST_IW-1:0];
  reg  [(NDST)*10-1:0] rg_dst_id_xpuid;
  reg  [(NDST)*1-1:0] rg_dst_id_valid;
  reg  [(NDST)*16-1:0] rg_dst_mac_hi_mac01;
  reg  [(NDST)*32-1:0] rg_dst_mac_lo_mac2345;
  reg  [(NDST)*32-1:0] rg_dst_ip_addr;
  wire rg_conn_sel = rg_addr[9:9] == 1'h1;  // 0x800 + 0x8 i
  wire [7:0] rg_conn_idx = rg_addr[8:1];
  wire rg_conn_ok = {24'd0, rg_conn_idx} < ((PSN_PER_VC != 0) ? NDST * 4 : NDST);

  // a write stores the current word with the strobed bytes replaced
  reg  [31:0] rg_rdata;
  wire [31:0] rg_wmask = {{8{rg_wstrb[3]}}, {8{rg_wstrb[2]}}, {8{rg_wstrb[1]}}, {8{rg_wstrb[0]}}};
  wire [31:0] rg_wv = (rg_rdata & ~rg_wmask) | (rg_wdata & rg_wmask);
  wire [31:0] rg_wclr = rg_wdata & rg_wmask;  // event bits a write clears

  always @* begin
    rg_rdata = 32'd0;
    case (rg_addr)
      10'h0: rg_rdata = 32'h53554501;  // ID
      10'h1: rg_rdata = {3'd0, SUE_REG_CAPS0_PSN_PER_VC_RST[0:0], SUE_REG_CAPS0_ALIGN_RST[3:0], 1'd0, SUE_REG_CAPS0_NDST_RST[6:0], SUE_REG_CAPS0_PDU_MAX_RST[15:0]};  // CAPS0
      10'h2: rg_rdata = {SUE_REG_CAPS1_DATA_W32_RST[7:0], 1'd0, SUE_REG_CAPS1_WIN_RST[6:0], SUE_REG_CAPS1_Q_UNITS_RST[15:0]};  // CAPS1
      10'h3: rg_rdata = {17'd0, SUE_REG_CAPS2_ING_DATA_RST[6:0], 1'd0, SUE_REG_CAPS2_ING_CMD_RST[6:0]};  // CAPS2
      10'h4: rg_rdata = SUE_REG_CAPS3_RX_BYTES_RST[31:0];  // CAPS3
      10'h8: rg_rdata = {22'd0, rg_ctrl_ack_vc, 2'd0, rg_ctrl_fc_mode, rg_ctrl_pfc_rx_en, rg_ctrl_pfc_tx_en, rg_ctrl_rcrc_c, rg_ctrl_aifh_short, rg_ctrl_aifh};  // CTRL
      10'h9: rg_rdata = {22'd0, rg_xpuid_id};  // XPUID
      10'hA: rg_rdata = {22'd0, rg_partition_id};  // PARTITION
      10'hB: rg_rdata = {16'd0, rg_mac_hi_mac01};  // MAC_HI
      10'hC: rg_rdata = rg_mac_lo_mac2345;  // MAC_LO
      10'hD: rg_rdata = rg_ip_addr;  // IP
      10'hE: rg_rdata = {rg_udp_port_sport, rg_udp_port_dport};  // UDP_PORT
      10'hF: rg_rdata = {16'd0, rg_ethertype_type};  // ETHERTYPE
      10'h10: rg_rdata = {rg_ip_cfg_dscp3, rg_ip_cfg_dscp2, rg_ip_cfg_dscp1, rg_ip_cfg_dscp0, rg_ip_cfg_ttl};  // IP_CFG
      10'h11: rg_rdata = rg_aifh_prefix_prefix;  // AIFH_PREFIX
      10'h12: rg_rdata = {16'd0, rg_pack_timeout_cycles};  // PACK_TIMEOUT
      10'h13: rg_rdata = {16'd0, rg_pack_thresh_bytes};  // PACK_THRESH
      10'h14: rg_rdata = {8'd0, rg_retx_timeout_cycles};  // RETX_TIMEOUT
      10'h15: rg_rdata = {16'd0, rg_ack_delay_cycles};  // ACK_DELAY
      10'h16: rg_rdata = {20'd0, rg_pfc_map_prio3, rg_pfc_map_prio2, rg_pfc_map_prio1, rg_pfc_map_prio0};  // PFC_MAP
      10'h17: rg_rdata = {8'd0, rg_pfc_time_qcyc, rg_pfc_time_time};  // PFC_TIME
      10'h18: rg_rdata = {8'd0, rg_pfc_refresh_cycles};  // PFC_REFRESH
      10'h19: rg_rdata = {9'd0, rg_pfc_xoff_bytes};  // PFC_XOFF
      10'h1A: rg_rdata = {9'd0, rg_pfc_xon_bytes};  // PFC_XON
      10'h1C: rg_rdata = {15'd0, hw_status[16], 6'd0, hw_status[9:0]};  // STATUS
      10'h1D: rg_rdata = {4'd0, rg_vlan_vid, 15'd0, rg_vlan_tx_en};  // VLAN
      10'h1E: rg_rdata = {28'd0, rg_intr_reach, rg_intr_unreach, rg_intr_link_up, rg_intr_link_down};  // INTR
      10'h1F: rg_rdata = {28'd0, rg_intr_en_reach, rg_intr_en_unreach, rg_intr_en_link_up, rg_intr_en_link_down};  // INTR_EN
      10'h20: rg_rdata = {8'd0, rg_reach_probe, rg_reach_retry_limit};  // REACH
      10'h21: rg_rdata = hw_unreach0;  // UNREACH0
      10'h22: rg_rdata = hw_unreach1;  // UNREACH1
      10'h23: rg_rdata = {8'd0, rg_mgmt_gap_cycles};  // MGMT_GAP
      10'h26: rg_rdata = {5'd0, SUE_REG_MGMT_TX_STATUS_MAX_RST[10:0], 7'd0, hw_mgmt_tx_status[8:0]};  // MGMT_TX_STATUS
      10'h27: rg_rdata = {rg_mgmt_rx_filter_mask, rg_mgmt_rx_filter_etype};  // MGMT_RX_FILTER
      10'h28: rg_rdata = {31'd0, rg_mgmt_rx_ctl_en};  // MGMT_RX_CTL
      10'h29: rg_rdata = {17'd0, hw_mgmt_rx_status[14:12], 1'd0, hw_mgmt_rx_status[10:0]};  // MGMT_RX_STATUS
      10'h2A: rg_rdata = {25'd0, rg_mgmt_rx_rd_word};  // MGMT_RX_RD
      10'h2B: rg_rdata = hw_mgmt_rx_data;  // MGMT_RX_DATA
      10'h2D: rg_rdata = {rg_cbfc_cfg_step, 12'd0, rg_cbfc_cfg_ushift};  // CBFC_CFG
      10'h2E: rg_rdata = {8'd0, rg_cbfc_oui_oui};  // CBFC_OUI
      10'h2F: rg_rdata = hw_cbfc_avail0;  // CBFC_AVAIL0
      10'h30: rg_rdata = hw_cbfc_avail1;  // CBFC_AVAIL1
      default: ;
    endcase
    if (rg_cnt_sel && SUE_REG_CNT_ON[rg_cnt_i]) rg_rdata = rg_cnt_word;
    if (rg_dst_sel && rg_dst_ok) begin
      case (rg_addr[1:0])
        2'h0: rg_rdata = {rg_dst_id_valid[rg_dst_i*1 +: 1], 21'd0, rg_dst_id_xpuid[rg_dst_i*10 +: 10]};  // ID
        2'h1: rg_rdata = {16'd0, rg_dst_mac_hi_mac01[rg_dst_i*16 +: 16]};  // MAC_HI
        2'h2: rg_rdata = rg_dst_mac_lo_mac2345[rg_dst_i*32 +: 32];  // MAC_LO
        2'h3: rg_rdata = rg_dst_ip_addr[rg_dst_i*32 +: 32];  // IP
      endcase
    end
    if (rg_conn_sel && rg_conn_ok) begin
      case (rg_addr[0])
        1'h0: rg_rdata = hw_conn_tx;  // TX
        1'h1: rg_rdata = {13'd0, hw_conn_rx[18:0]};  // RX
      endcase
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rg_ctrl_aifh <= 1'h0;
      rg_ctrl_aifh_short <= 1'h0;
      rg_ctrl_rcrc_c <= 1'h0;
      rg_ctrl_pfc_tx_en <= 1'h1;
      rg_ctrl_pfc_rx_en <= 1'h1;
      rg_ctrl_fc_mode <= 1'h0;
      rg_ctrl_ack_vc <= 2'h3;
      rg_xpuid_id <= 10'h0;
      rg_partition_id <= 10'h0;
      rg_mac_hi_mac01 <= 16'h200;
      rg_mac_lo_mac2345 <= 32'h0;
      rg_ip_addr <= 32'h0;
      rg_udp_port_dport <= 16'hC000;
      rg_udp_port_sport <= 16'hC000;
      rg_ethertype_type <= 16'h88B5;
      rg_ip_cfg_ttl <= 8'h40;
      rg_ip_cfg_dscp0 <= 6'h0;
      rg_ip_cfg_dscp1 <= 6'h0;
      rg_ip_cfg_dscp2 <= 6'h0;
      rg_ip_cfg_dscp3 <= 6'h0;
      rg_aifh_prefix_prefix <= 32'h2000000;
      rg_pack_timeout_cycles <= 16'h40;
      rg_pack_thresh_bytes <= SUE_REG_PACK_THRESH_BYTES_RST[15:0];
      rg_retx_timeout_cycles <= 24'h1000;
      rg_ack_delay_cycles <= 16'h40;
      rg_pfc_map_prio0 <= 3'h0;
      rg_pfc_map_prio1 <= 3'h1;
      rg_pfc_map_prio2 <= 3'h2;
      rg_pfc_map_prio3 <= 3'h3;
      rg_pfc_time_time <= 16'hFFFF;
      rg_pfc_time_qcyc <= 8'h2;
      rg_pfc_refresh_cycles <= 24'h8000;
      rg_pfc_xoff_bytes <= SUE_REG_PFC_XOFF_BYTES_RST[22:0];
      rg_pfc_xon_bytes <= SUE_REG_PFC_XON_BYTES_RST[22:0];
      rg_vlan_tx_en <= 1'h0;
      rg_vlan_vid <= 12'h1;
      rg_intr_en_link_down <= 1'h0;
      rg_intr_en_link_up <= 1'h0;
      rg_intr_en_unreach <= 1'h0;
      rg_intr_en_reach <= 1'h0;
      rg_reach_retry_limit <= 8'h7;
      rg_reach_probe <= 16'h1000;
      rg_mgmt_gap_cycles <= 24'h186A0;
      rg_mgmt_rx_filter_etype <= 16'h0;
      rg_mgmt_rx_filter_mask <= 16'h0;
      rg_mgmt_rx_ctl_en <= 1'h0;
      rg_mgmt_rx_rd_word <= 7'h0;
      rg_cbfc_cfg_ushift <= 4'h6;
      rg_cbfc_cfg_step <= 16'h8;
      rg_cbfc_oui_oui <= 24'h0;
    end else if (rg_we) begin
      case (rg_addr)
        10'h8: begin  // CTRL
          rg_ctrl_aifh <= rg_wv[0];
          rg_ctrl_aifh_short <= rg_wv[1] & rg_wv[0];
          rg_ctrl_rcrc_c <= rg_wv[2];
          rg_ctrl_pfc_tx_en <= rg_wv[3];
          rg_ctrl_pfc_rx_en <= rg_wv[4];
          rg_ctrl_fc_mode <= rg_wv[5];
          rg_ctrl_ack_vc <= rg_wv[9:8];
        end
        10'h9: rg_xpuid_id <= rg_wv[9:0];  // XPUID
        10'hA: rg_partition_id <= rg_wv[9:0];  // PARTITION
        10'hB: rg_mac_hi_mac01 <= rg_wv[15:0];  // MAC_HI
        10'hC: rg_mac_lo_mac2345 <= rg_wv[31:0];  // MAC_LO
        10'hD: rg_ip_addr <= rg_wv[31:0];  // IP
        10'hE: begin  // UDP_PORT
          rg_udp_port_dport <= rg_wv[15:0];
          rg_udp_port_sport <= rg_wv[31:16];
        end
        10'hF: rg_ethertype_type <= rg_wv[15:0];  // ETHERTYPE
        10'h10: begin  // IP_CFG
          rg_ip_cfg_ttl <= rg_wv[7:0];
          rg_ip_cfg_dscp0 <= rg_wv[13:8];
          rg_ip_cfg_dscp1 <= rg_wv[19:14];
          rg_ip_cfg_dscp2 <= rg_wv[25:20];
          rg_ip_cfg_dscp3 <= rg_wv[31:26];
        end
        10'h11: rg_aifh_prefix_prefix <= rg_wv[31:0];  // AIFH_PREFIX
        10'h12: rg_pack_timeout_cycles <= rg_wv[15:0];  // PACK_TIMEOUT
        10'h13: rg_pack_thresh_bytes <= rg_wv[15:0];  // PACK_THRESH
        10'h14: rg_retx_timeout_cycles <= rg_wv[23:0];  // RETX_TIMEOUT
        10'h15: rg_ack_delay_cycles <= rg_wv[15:0];  // ACK_DELAY
        10'h16: begin  // PFC_MAP
          rg_pfc_map_prio0 <= rg_wv[2:0];
          rg_pfc_map_prio1 <= rg_wv[5:3];
          rg_pfc_map_prio2 <= rg_wv[8:6];
          rg_pfc_map_prio3 <= rg_wv[11:9];
        end
        10'h17: begin  // PFC_TIME
          rg_pfc_time_time <= rg_wv[15:0];
          rg_pfc_time_qcyc <= rg_wv[23:16];
        end
        10'h18: rg_pfc_refresh_cycles <= rg_wv[23:0];  // PFC_REFRESH
        10'h19: rg_pfc_xoff_bytes <= rg_wv[22:0];  // PFC_XOFF
        10'h1A: rg_pfc_xon_bytes <= rg_wv[22:0];  // PFC_XON
        10'h1D: begin  // VLAN
          rg_vlan_tx_en <= rg_wv[0];
          rg_vlan_vid <= rg_wv[27:16];
        end
        10'h1F: begin  // INTR_EN
          rg_intr_en_link_down <= rg_wv[0];
          rg_intr_en_link_up <= rg_wv[1];
          rg_intr_en_unreach <= rg_wv[2];
          rg_intr_en_reach <= rg_wv[3];
        end
        10'h20: begin  // REACH
          rg_reach_retry_limit <= rg_wv[7:0];
          rg_reach_probe <= rg_wv[23:8];
        end
        10'h23: rg_mgmt_gap_cycles <= rg_wv[23:0];  // MGMT_GAP
        10'h27: begin  // MGMT_RX_FILTER
          rg_mgmt_rx_filter_etype <= rg_wv[15:0];
          rg_mgmt_rx_filter_mask <= rg_wv[31:16];
        end
        10'h28: rg_mgmt_rx_ctl_en <= rg_wv[0];  // MGMT_RX_CTL
        10'h2A: rg_mgmt_rx_rd_word <= rg_wv[6:0];  // MGMT_RX_RD
        10'h2D: begin  // CBFC_CFG
          rg_cbfc_cfg_ushift <= rg_wv[3:0];
          rg_cbfc_cfg_step <= rg_wv[31:16];
        end
        10'h2E: rg_cbfc_oui_oui <= rg_wv[23:0];  // CBFC_OUI
        default: ;
      endcase
    end
  end

  wire rg_cnt_clear_clear = (rg_we && rg_addr == 10'h1B) & rg_wv[0];
  wire [31:0] rg_mgmt_tx_data_data = rg_wv[31:0];
  wire rg_mgmt_tx_data_data_swmod = rg_we && rg_addr == 10'h24;
  wire [10:0] rg_mgmt_tx_send_len = rg_wv[10:0];
  wire rg_mgmt_tx_send_len_swmod = rg_we && rg_addr == 10'h25;
  wire rg_mgmt_rx_pop_pop = (rg_we && rg_addr == 10'h2C) & rg_wv[0];
  genvar rg_g_dst;
  generate
    for (rg_g_dst = 0; rg_g_dst < (NDST); rg_g_dst = rg_g_dst + 1) begin : g_rg_dst
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
          rg_dst_id_xpuid[rg_g_dst*10 +: 10] <= 10'h0;
          rg_dst_id_valid[rg_g_dst*1 +: 1] <= 1'h0;
          rg_dst_mac_hi_mac01[rg_g_dst*16 +: 16] <= 16'h0;
          rg_dst_mac_lo_mac2345[rg_g_dst*32 +: 32] <= 32'h0;
          rg_dst_ip_addr[rg_g_dst*32 +: 32] <= 32'h0;
        end else if (rg_we && rg_dst_sel && rg_dst_ok && rg_dst_idx == rg_g_dst) begin
          case (rg_addr[1:0])
            2'h0: begin  // ID
              rg_dst_id_xpuid[rg_g_dst*10 +: 10] <= rg_wv[9:0];
              rg_dst_id_valid[rg_g_dst*1 +: 1] <= rg_wv[31];
            end
            2'h1: rg_dst_mac_hi_mac01[rg_g_dst*16 +: 16] <= rg_wv[15:0];  // MAC_HI
            2'h2: rg_dst_mac_lo_mac2345[rg_g_dst*32 +: 32] <= rg_wv[31:0];  // MAC_LO
            2'h3: rg_dst_ip_addr[rg_g_dst*32 +: 32] <= rg_wv[31:0];  // IP
          endcase
        end
      end
    end
  endgenerate

  always @(posedge clk or negedge rst_n) begin  // INTR.LINK_DOWN: set wins
    if (!rst_n) rg_intr_link_down <= 1'h0;
    else rg_intr_link_down <= (rg_intr_link_down & ~((rg_we && rg_addr == 10'h1E) & rg_wclr[0])) | hwset_intr[0];
  end
  always @(posedge clk or negedge rst_n) begin  // INTR.LINK_UP: set wins
    if (!rst_n) rg_intr_link_up <= 1'h0;
    else rg_intr_link_up <= (rg_intr_link_up & ~((rg_we && rg_addr == 10'h1E) & rg_wclr[1])) | hwset_intr[1];
  end
  always @(posedge clk or negedge rst_n) begin  // INTR.UNREACH: set wins
    if (!rst_n) rg_intr_unreach <= 1'h0;
    else rg_intr_unreach <= (rg_intr_unreach & ~((rg_we && rg_addr == 10'h1E) & rg_wclr[2])) | hwset_intr[2];
  end
  always @(posedge clk or negedge rst_n) begin  // INTR.REACH: set wins
    if (!rst_n) rg_intr_reach <= 1'h0;
    else rg_intr_reach <= (rg_intr_reach & ~((rg_we && rg_addr == 10'h1E) & rg_wclr[3])) | hwset_intr[3];
  end

  wire unused_hw_status = &{1'b0, hw_status[31:17], hw_status[15:10]};
  wire unused_hwset_intr = &{1'b0, hwset_intr[31:4]};
  wire unused_hw_mgmt_tx_status = &{1'b0, hw_mgmt_tx_status[31:9]};
  wire unused_hw_mgmt_rx_status = &{1'b0, hw_mgmt_rx_status[31:15], hw_mgmt_rx_status[11]};
  wire unused_hw_conn_rx = &{1'b0, hw_conn_rx[31:19]};
  wire unused_rg_wclr = &{1'b0, rg_wclr[31:4]};
