// fabric_sw_ingress: the receive half of a switch port (docs/fabric/fabric_sw_port.md "Ingress"):
// whole Ethernet frames from the link (the RIFL lane, or the raw channel when RIFL is bypassed)
// are checked (FCS residue, length, RIFL cut), parsed (SUE's UDP format, AI forwarding header 12 B
// and 6 B, 802.1Qbb PFC; UDP and AIFH 12 B with or without an 802.1Q tag), looked up in the
// forwarding table and stored; the frames that pass
// leave in order as cells to the switch: a header word, then up to CP payload words.
// PFC frames and CBFC updates of cfg_cbfc_oui (docs/sue/index.md "CBFC update frame") are
// consumed here (their pause times or credits go to the port's state); every other frame is
// forwarded or dropped on exactly one counter. A forwarded frame is counted on its class
// (fwd_valid / fwd_tc / fwd_len: the CBFC receive count).
// Model: csrc/ref/fabric/fabric_sw_port_model.c (fsp_ingress_frame: verdict, lookup key, class)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_sw_ingress #(
  parameter integer N      = 4,      // switch ports
  parameter integer PORT   = 0,      // this port's number (the cell header's source)
  parameter integer FMAX   = 576,    // longest frame in bytes, FCS included
  parameter integer IBW    = 256,    // ingress buffer words (8 bytes each), a power of two
  parameter integer CP     = 14,     // payload words per cell (fabric_switch: the core's packet)
  parameter integer BYPASS = 0,      // 1: raw channel, no ready (a full buffer drops the frame)
  parameter integer BW     = 16,     // bits of a per-class level
  localparam integer NW    = $clog2(N)
) (
  input  wire            clk,
  input  wire            rst_n,
  // ---- from the link: whole frames, FCS included, first byte at [63:56]
  input  wire            s_valid,
  output wire            s_ready,
  input  wire [63:0]     s_data,
  input  wire [3:0]      s_nbytes,   // bytes of this beat (8 but on the last)
  input  wire            s_last,
  input  wire            s_user,     // on the last beat: the link cut the frame
  // ---- configuration
  input  wire [15:0]     cfg_aifh_etype,
  input  wire            cfg_aifh6_en,
  input  wire [23:0]     cfg_cbfc_oui,
  // ---- forwarding table lookup (combinational, fabric_sw_regs)
  output wire            lk_udp,     // key kind: 1 destination MAC, 0 destination XPU id
  output wire [47:0]     lk_mac,
  output wire [15:0]     lk_xpu,
  input  wire            lk_hit,
  input  wire [NW-1:0]   lk_port,
  // ---- to the switch: cells
  output wire            sw_valid,
  input  wire            sw_ready,
  output wire [63:0]     sw_data,
  output wire            sw_last,
  output wire [NW-1:0]   sw_dst,
  // ---- stored bytes per traffic class (for PFC generation) and received PFC frames
  output wire [4*BW-1:0] level,
  output wire            rx_pfc_valid,
  output wire [7:0]      rx_pfc_cev,
  output wire [127:0]    rx_pfc_time,
  // ---- received CBFC updates, and the frames forwarded per class
  output wire            rx_cbfc_valid,
  output wire [7:0]      rx_cbfc_cev,
  output wire [127:0]    rx_cbfc_limit,      // class i at [16i +: 16]
  output wire [127:0]    rx_cbfc_sent,
  output wire            fwd_valid,
  output wire [1:0]      fwd_tc,
  output wire [15:0]     fwd_len,            // bytes, FCS included
  // ---- events (one cycle each): a frame ended on the link, and what became of it
  output wire            ev_frame,
  output wire [7:0]      ev_drop,    // one-hot: the FSP_DROP_* reason (fabric_sw_regs counters)
  output wire            ev_fwd,
  output wire            ev_pfc      // a flow-control frame (PFC or CBFC update) consumed
);
  `include "common_params.vh"
  `include "fabric_params.vh"

  localparam integer IW  = $clog2(IBW);
  localparam integer DD  = IBW / 8;            // descriptors: frames are 8 words at least
  localparam integer DDW = $clog2(DD);
  localparam integer FWD = (FMAX + 7) / 8;     // words of the longest frame

  generate if (N < 2 || N > 256 || IBW < 64 || (IBW & (IBW - 1)) != 0 || IBW < 2 * FWD ||
               FMAX < 64 || FMAX > 16383 || CP < 1 || CP > 255 || PORT < 0 || PORT >= N ||
               BW < $clog2(IBW * 8 + 1) || BW > 32)
  begin : g_bad_param
    `PARAM_FATAL("fabric_sw_ingress: need 2 <= N <= 256, PORT < N, 64 <= FMAX < 16384, IBW a power of two >= max(64, 2 * FMAX / 8), 1 <= CP <= 255, BW >= bits of IBW * 8")
  end endgenerate

  // ================================================================ receive and check
  reg  [63:0]   mem [0:IBW-1];
  reg  [IW:0]   wp_q, fs_q, rp_q;          // write, frame start (committed end), read
  reg  [13:0]   len_q;                     // bytes of the frame so far
  reg  [2:0]    hb_q;                      // header beats captured (0 .. 7)
  reg  [447:0]  hdr_q;                     // bytes 0 .. 55, byte 0 at [447:440]
  reg           ovf_q, big_q;
  wire [IW:0]   used  = wp_q - rp_q;
  wire          full  = (used == (IW + 1)'(IBW));
  wire          take  = s_valid && s_ready;
  wire          first = (len_q == 14'd0);
  wire [13:0]   len_n = len_q + {10'd0, s_nbytes};
  wire          big_n = big_q || (len_n > 14'(FMAX));
  wire          wr    = take && !full && !big_n;
  wire          ovf_n = ovf_q || (take && full && !big_n);   // a beat found no room
  wire          fend  = take && s_last;
  wire [31:0]   crc;
  wire [31:0]   crc_reg_unused;

  assign s_ready = (BYPASS != 0) ? 1'b1 : !full;

  crc_stream #(.DATA_W(64)) u_fcs (
    .clk(clk), .rst_n(rst_n), .start(first), .valid(take), .data(s_data), .nbytes(s_nbytes),
    .crc(crc), .crc_reg(crc_reg_unused));

  // the header as of this beat (a frame of 64 bytes or more has all 56 bytes by its last beat)
  `define FSP_HB(b) hdr_q[447 - 8 * (b) -: 8]
  wire [15:0] et12   = {`FSP_HB(12), `FSP_HB(13)};
  wire [15:0] et16   = {`FSP_HB(16), `FSP_HB(17)};
  wire [15:0] et6    = {`FSP_HB(6), `FSP_HB(7)};
  // an 802.1Q tag after the source address: the Ethertype and the rest 4 bytes later. A frame
  // whose bytes 6-7 are the AIFH Ethertype while the 6-byte form is on is an AIFH 6 B frame
  // (whose bytes 12-13 are RH bytes), never tagged.
  wire        tag    = et12 == 16'h8100 && !(cfg_aifh6_en && et6 == cfg_aifh_etype);
  wire [15:0] etn    = tag ? et16 : et12;
  wire        is_pfc = ({`FSP_HB(0), `FSP_HB(1), `FSP_HB(2), `FSP_HB(3), `FSP_HB(4),
                         `FSP_HB(5)} == 48'h0180C2000001) && et12 == 16'h8808 &&
                       {`FSP_HB(14), `FSP_HB(15)} == 16'h0101;
  wire        is_cbfc = ({`FSP_HB(0), `FSP_HB(1), `FSP_HB(2), `FSP_HB(3), `FSP_HB(4),
                          `FSP_HB(5)} == 48'h0180C2000001) && et12 == 16'h8808 &&
                        {`FSP_HB(14), `FSP_HB(15)} == 16'hFFFE &&
                        {`FSP_HB(16), `FSP_HB(17), `FSP_HB(18)} == cfg_cbfc_oui &&
                        `FSP_HB(19) == 8'h01;
  wire        is_fc  = is_pfc || is_cbfc;
  wire        is_udp = (etn == 16'h0800);
  wire        is_a12 = !is_udp && (etn == cfg_aifh_etype);
  wire        is_a6  = !is_udp && !is_a12 && cfg_aifh6_en && (et6 == cfg_aifh_etype);
  // the class: the RH's VC (RH at 42 or 14 bytes, 4 more when tagged; 8 in AIFH 6 B)
  wire [7:0]  rh4    = is_udp ? (tag ? `FSP_HB(50) : `FSP_HB(46))
                     : is_a12 ? (tag ? `FSP_HB(22) : `FSP_HB(18)) : `FSP_HB(12);
  wire [1:0]  tc     = rh4[7:6];

  // header bytes no decision reads
  wire unused_hdr = ^{hdr_q[383:352], hdr_q[15:0], rh4[5:0], cw[13:8]};
  assign lk_udp = is_udp;
  assign lk_mac = hdr_q[447 -: 48];
  assign lk_xpu = is_a12 ? {`FSP_HB(4), `FSP_HB(5)} : {`FSP_HB(2), `FSP_HB(3)};

  // the verdict at the last beat: the first check that fails names the drop
  wire [7:0]  drop;
  assign drop[FSP_DROP_CUT]      = s_user;
  assign drop[FSP_DROP_RUNT]     = !s_user && len_n < 14'd64;
  assign drop[FSP_DROP_OVERSIZE] = !s_user && len_n >= 14'd64 && big_n;
  assign drop[FSP_DROP_FCS]      = !s_user && len_n >= 14'd64 && !big_n && crc != 32'h2144DF1C;
  wire        good   = !s_user && len_n >= 14'd64 && !big_n && crc == 32'h2144DF1C;
  assign drop[FSP_DROP_OVERFLOW] = good && ovf_n;   // a beat found the buffer full (BYPASS)
  wire        good2  = good && !ovf_n;
  assign drop[FSP_DROP_ETYPE]    = good2 && !is_fc && !is_udp && !is_a12 && !is_a6;
  assign drop[FSP_DROP_UNKNOWN]  = good2 && !is_fc && (is_udp || is_a12 || is_a6) && !lk_hit;
  assign drop[7]                 = 1'b0;
  wire        pfc    = good2 && is_pfc;
  wire        fwd    = good2 && !is_fc && (is_udp || is_a12 || is_a6) && lk_hit;

  assign ev_frame    = fend;
  assign ev_drop     = fend ? drop : 8'd0;
  assign ev_fwd      = fend && fwd;
  assign ev_pfc      = fend && good2 && is_fc;
  assign rx_pfc_valid = fend && pfc;
  assign rx_cbfc_valid = fend && good2 && is_cbfc;
  assign rx_cbfc_cev   = `FSP_HB(21);
  assign fwd_valid     = fend && fwd;
  assign fwd_tc        = tc;
  assign fwd_len       = {2'b00, len_n};
  assign rx_pfc_cev   = `FSP_HB(17);
  // priority i's time is bytes 18 + 2i, 19 + 2i; sue_pfc takes it at [16i +: 16]
  genvar gi;
  generate for (gi = 0; gi < 8; gi = gi + 1) begin : g_pfc_time
    assign rx_pfc_time[16 * gi +: 16]   = hdr_q[447 - 8 * (18 + 2 * gi) -: 16];
    assign rx_cbfc_limit[16 * gi +: 16] = hdr_q[447 - 8 * (22 + 2 * gi) -: 16];
    assign rx_cbfc_sent[16 * gi +: 16]  = hdr_q[447 - 8 * (38 + 2 * gi) -: 16];
  end endgenerate

  // descriptors of stored frames: {class, destination, length}
  localparam integer DESC_W = 2 + NW + 14;
  reg  [DESC_W-1:0] desc [0:DD-1];
  reg  [DDW:0]      dw_q, dr_q;
  reg  [4*BW-1:0]   lvl_q;                    // class c's bytes at [c*BW +: BW]
  wire              d_pop;                       // the segmenter finishes a frame
  wire [DESC_W-1:0] d_head = desc[dr_q[DDW-1:0]];
  wire [1:0]        h_tc   = d_head[DESC_W-1 -: 2];
  wire [NW-1:0]     h_dst  = d_head[14 +: NW];
  wire [13:0]       h_len  = d_head[13:0];
  wire              d_any  = (dw_q != dr_q);
  wire              push   = fend && fwd;

  always @(posedge clk) begin
    if (wr) mem[wp_q[IW-1:0]] <= s_data;
    if (push) desc[dw_q[DDW-1:0]] <= {tc, lk_port, len_n};
  end

  integer v;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      wp_q  <= {(IW + 1){1'b0}};
      fs_q  <= {(IW + 1){1'b0}};
      len_q <= 14'd0;
      hb_q  <= 3'd0;
      hdr_q <= 448'd0;
      ovf_q <= 1'b0;
      big_q <= 1'b0;
      dw_q  <= {(DDW + 1){1'b0}};
      lvl_q <= {(4 * BW){1'b0}};
    end else begin
      if (take) begin
        if (hb_q < 3'd7) begin
          hdr_q[447 - 64 * hb_q -: 64] <= s_data;
          hb_q <= hb_q + 3'd1;
        end
        ovf_q <= ovf_n;
        big_q <= big_n;
        len_q <= len_n;
        if (wr) wp_q <= wp_q + 1'b1;
        if (s_last) begin
          len_q <= 14'd0;
          hb_q  <= 3'd0;
          ovf_q <= 1'b0;
          big_q <= 1'b0;
          if (push) begin
            fs_q <= wp_q + {{IW{1'b0}}, wr};
            dw_q <= dw_q + 1'b1;
          end else begin
            wp_q <= fs_q;     // the frame's words are given back
          end
        end
      end
      for (v = 0; v < 4; v = v + 1)
        lvl_q[v*BW +: BW] <= lvl_q[v*BW +: BW] + ((push && tc == v[1:0]) ? BW'(len_n) : {BW{1'b0}})
                                             - ((d_pop && h_tc == v[1:0]) ? BW'(h_len) : {BW{1'b0}});
    end
  end
  assign level = lvl_q;

  // ================================================================ segmenter
  // A cell: header {sof, eof, source port, class, frame length, cell words} and
  // min(words left, CP) payload words.
  reg           in_cell_q;                 // the header went, payload words follow
  reg  [13:0]   wleft_q;                   // payload words of the frame not yet sent
  reg  [7:0]    cleft_q;                   // payload words of this cell not yet sent
  reg           sof_q;
  wire [13:0]   fwords = (h_len + 14'd7) >> 3;
  wire [13:0]   wl     = sof_q ? fwords : wleft_q;
  wire [13:0]   cw     = (wl > 14'(CP)) ? 14'(CP) : wl;
  wire          eof    = (wl <= 14'(CP));
  wire [63:0]   cell_hdr = {sof_q, eof, 8'(PORT), h_tc, 2'b00, h_len, cw[7:0], 28'd0};
  wire          go     = sw_valid && sw_ready;

  assign sw_valid = d_any;
  // zero while no frame waits: the buffer and descriptor RAMs are not reset, and no X leaves
  assign sw_data  = !d_any ? 64'd0 : in_cell_q ? mem[rp_q[IW-1:0]] : cell_hdr;
  assign sw_last  = in_cell_q && cleft_q == 8'd1;
  assign sw_dst   = d_any ? h_dst : {NW{1'b0}};
  assign d_pop    = go && in_cell_q && cleft_q == 8'd1 && wleft_q == 14'd1;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rp_q      <= {(IW + 1){1'b0}};
      dr_q      <= {(DDW + 1){1'b0}};
      in_cell_q <= 1'b0;
      wleft_q   <= 14'd0;
      cleft_q   <= 8'd0;
      sof_q     <= 1'b1;
    end else if (go) begin
      if (!in_cell_q) begin
        in_cell_q <= 1'b1;
        wleft_q   <= wl;
        cleft_q   <= cw[7:0];
        sof_q     <= 1'b0;
      end else begin
        rp_q    <= rp_q + 1'b1;
        wleft_q <= wleft_q - 14'd1;
        cleft_q <= cleft_q - 8'd1;
        if (cleft_q == 8'd1) in_cell_q <= 1'b0;
        if (d_pop) begin
          dr_q  <= dr_q + 1'b1;
          sof_q <= 1'b1;
        end
      end
    end
  end

  `ASSERT_CLK(desc_room, clk, rst_n, !push || (dw_q - dr_q) != (DDW + 1)'(DD),
              "fabric_sw_ingress: descriptor FIFO overflow")
  `ASSERT_CLK(read_committed, clk, rst_n, !(sw_valid && in_cell_q) || rp_q != fs_q,
              "fabric_sw_ingress: read past the committed frames")
  `ASSERT_CLK(beat_bytes, clk, rst_n, !s_valid || (s_last ? (s_nbytes != 4'd0 && s_nbytes <= 4'd8) : s_nbytes == 4'd8),
              "s: a beat carries 8 bytes, the last 1 .. 8")
  `undef FSP_HB
endmodule

`resetall
