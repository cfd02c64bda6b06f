// SUE receive frame checker (docs/sue/sue_rx_check.md; the contract is docs/sue/index.md "Frames" and
// "Receive checks", the byte-exact reference csrc/ref/sue/sue_rx_check_model.c sue_rx_check).
//
// One Ethernet frame at a time arrives on an AXI4-Stream of ETH_W bits (FCS included, first
// byte on top, in_nbytes valid bytes on the in_last beat, in_user = MAC error on that beat).
// For every frame, VERDICT_LAT = 5 cycles after its last beat is taken, a one-cycle verdict:
// verdict_drop = the SUE_CNT_RX_* index of the first failing check in the documented order,
// or 0 with the frame's kind and fields. The command area of a passing data frame (its
// cmd_bytes packed commands, fill not included) is held in a store-and-forward buffer and
// released on out_* only after its verdict, in verdict order, one out_last per data frame.
//
// Datapath (one beat a cycle, no stall after the input):
//   input -> FCS CRC (residue) and length, first 64 bytes captured -> sue_rx_hdr (checks
//            1 .. 8, RH fields, source CAM, checks 10 .. 13 but the walk) -> FIFO of results
//   input -> sue_rx_align(H)     -> sue_rx_trim(4) -> R-CRC residue (CRC-32 and CRC-32C)
//   input -> sue_rx_align(H + 8) -> sue_rx_trim(8) -> sue_rx_walk, sue_rx_buf (RAM)
// Both trimmed streams end two + two cycles after the input's last beat; the verdict is
// formed in that cycle and registered.
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_check #(
  parameter integer ETH_W     = 256,
  parameter integer PDU_MAX   = 4096,
  parameter integer ALIGN     = 4,
  parameter integer NDST      = 64,
  parameter integer BUF_BYTES = 16384,  // command-area buffer; BUF_BYTES / (ETH_W/8) a power of two
  parameter integer NFR       = 16      // frames begun or buffered at once (verdict pending or unread)
) (
  input  wire                            clk,
  input  wire                            rst_n,
  // Ethernet receive stream
  input  wire                            in_valid,
  output wire                            in_ready,
  input  wire [ETH_W-1:0]                in_data,
  input  wire [$clog2(ETH_W/8+1)-1:0]    in_nbytes,
  input  wire                            in_last,
  input  wire                            in_user,
  // configuration (registers), stable while frames are inside
  input  wire [1:0]                      cfg_hdr_fmt,     // 0 UDP, 1 AIFH 12-byte, 3 AIFH 6-byte
  input  wire                            cfg_rcrc_c,      // R-CRC: 0 CRC-32, 1 CRC-32C
  input  wire [47:0]                     cfg_mac,         // byte 0 at [47:40]
  input  wire [31:0]                     cfg_ip,
  input  wire [15:0]                     cfg_udp_port,    // UDP destination port required
  input  wire [15:0]                     cfg_ethertype,   // AIFH Ethertype
  input  wire [9:0]                      cfg_xpuid,
  input  wire [9:0]                      cfg_partition,
  input  wire [31:0]                     cfg_aifh_prefix,
  input  wire [23:0]                     cfg_cbfc_oui,    // CBFC updates taken: this OUI
  input  wire [NDST-1:0]                 dst_valid,       // destination table, entry d
  input  wire [10*NDST-1:0]              dst_xpuid,       //   id at [10d +: 10]
  // verdict, one per frame, one cycle (no back-pressure)
  output reg                             verdict_valid,
  output reg  [5:0]                      verdict_drop,
  output reg  [1:0]                      verdict_kind,    // 1 data, 2 control, 3 PFC or CBFC (0 dropped)
  output reg  [15:0]                     verdict_len,     // frame bytes with FCS (saturated)
  output reg  [1:0]                      rh_op,
  output reg  [9:0]                      rh_xpuid,
  output reg  [15:0]                     rh_psn,
  output reg  [1:0]                      rh_vc,
  output reg  [9:0]                      rh_partition,
  output reg  [15:0]                     rh_rpsn,
  output reg  [idx_w(NDST)-1:0]          src_slot,
  output reg  [$clog2(PDU_MAX+1)-1:0]    ncmd,
  output reg  [$clog2(PDU_MAX+1)-1:0]    cmd_bytes,
  output reg  [7:0]                      pfc_cev,
  output reg  [127:0]                    pfc_time,        // priority i at [16i +: 16] (CBFC: limits)
  output reg                             fc_cbfc,         // kind 3 is a CBFC update
  output reg  [127:0]                    cbfc_sent,       // its units sent on class i at [16i +: 16]
  // command areas of passing data frames
  output wire                            out_valid,
  input  wire                            out_ready,
  output wire [ETH_W-1:0]                out_data,
  output wire [$clog2(ETH_W/8+1)-1:0]    out_nbytes,
  output wire                            out_last
);
  `include "common_params.vh"

  localparam integer B     = ETH_W / 8;
  localparam integer NBW   = $clog2(B + 1);
  localparam integer SW    = idx_w(NDST);
  localparam integer CW    = $clog2(PDU_MAX + 1);
  localparam integer MAXAB = (PDU_MAX + B - 1) / B;
  localparam integer RW    = $clog2(MAXAB + 1);
  localparam integer DEPTH = BUF_BYTES / B;
  localparam integer FLW   = $clog2(NFR + 1);
  localparam [NBW-1:0] FULL = NBW'(B);
  localparam [15:0]  MAXAB16 = 16'(MAXAB);
  localparam [RW-1:0] MAXAB_R = RW'(MAXAB);
  localparam [FLW:0] NFR_F = (FLW + 1)'(NFR);
  localparam [31:0] RES_CRC32  = 32'h2144DF1C;   // CRC over (message, its CRC LSB first)
  localparam [31:0] RES_CRC32C = 32'h48674BC7;
  localparam [5:0]  C_RCRC = 6'd40, C_BAD_PDU = 6'd44;

  generate if (ETH_W < 64 || ETH_W > 2048 || (ETH_W & (ETH_W - 1)) != 0) begin : g_bad_w
    `PARAM_FATAL("sue_rx_check: ETH_W must be a power of two in 64 .. 2048")
  end endgenerate
  generate if ((ALIGN != 2 && ALIGN != 4 && ALIGN != 8) || PDU_MAX % ALIGN != 0 ||
               PDU_MAX < 280 || PDU_MAX > 8192 || NDST < 1 || NDST > 64) begin : g_bad_p
    `PARAM_FATAL("sue_rx_check: ALIGN 2/4/8, PDU_MAX a multiple of ALIGN in 280..8192, NDST 1..64")
  end endgenerate
  generate if (BUF_BYTES % B != 0 || DEPTH < MAXAB || (DEPTH & (DEPTH - 1)) != 0 ||
               DEPTH > 32768 || NFR < 2) begin : g_bad_buf
    `PARAM_FATAL("sue_rx_check: BUF_BYTES/(ETH_W/8) a power of two >= ceil(PDU_MAX/(ETH_W/8)), NFR >= 2")
  end endgenerate

  // ---------------------------------------------------------------- input side
  reg            first_q;     // the next beat starts a frame
  reg  [15:0]    bk_q;        // beat number in the frame (saturates)
  reg  [15:0]    len_q;       // bytes of the frame so far (saturates)
  reg  [511:0]   hdr_q;       // frame bytes 0 .. 63
  reg  [FLW:0]   fr_q;        // frames begun whose verdict is not out yet
  wire           space_ok;
  wire [FLW-1:0] fr_level;

  wire [15:0]    bk        = first_q ? 16'd0 : bk_q;
  wire [15:0]    len0      = first_q ? 16'd0 : len_q;
  wire           reserving = bk < MAXAB16;
  wire           frm_ok    = {1'b0, fr_level} + fr_q < NFR_F;
  assign in_ready = (!reserving || space_ok) && (!first_q || frm_ok);
  wire           acc       = in_valid && in_ready;
  wire [NBW-1:0] nb        = in_last ? in_nbytes : FULL;
  wire [16:0]    len_sum   = {1'b0, len0} + {{(17-NBW){1'b0}}, nb};
  wire [15:0]    len_now   = len_sum[16] ? 16'hFFFF : len_sum[15:0];

  wire [31:0]    fcs_crc;
  wire [31:0]    unused_fcs_reg;
  crc_stream #(.DATA_W(ETH_W)) u_fcs (
    .clk(clk), .rst_n(rst_n), .start(first_q), .valid(acc), .data(in_data), .nbytes(nb),
    .crc(fcs_crc), .crc_reg(unused_fcs_reg)
  );

  // ---------------------------------------------------------------- header checks (cycle c+1)
  reg            fe_go_q;
  reg  [15:0]    fe_len_q;
  reg            fe_fcs_bad_q;
  reg  [RW-1:0]  fe_rsv_q;
  wire [RW-1:0]  rsv_frame = reserving ? bk[RW-1:0] + {{(RW-1){1'b0}}, 1'b1} : MAXAB_R;

  // capture of bytes 0 .. 63 (constant slices)
  reg [511:0] hdr_nx;
  generate if (B >= 64) begin : g_hdr_wide
    always @* hdr_nx = (bk == 16'd0) ? in_data[ETH_W-1 -: 512] : hdr_q;
  end else begin : g_hdr_narrow
    integer hc;
    always @* begin
      hdr_nx = hdr_q;
      for (hc = 0; hc < 64 / B; hc = hc + 1)
        if (bk == hc[15:0]) hdr_nx[511 - hc * ETH_W -: ETH_W] = in_data;
    end
  end endgenerate

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      first_q      <= 1'b1;
      bk_q         <= 16'd0;
      len_q        <= 16'd0;
      hdr_q        <= 512'd0;
      fe_go_q      <= 1'b0;
      fe_len_q     <= 16'd0;
      fe_fcs_bad_q <= 1'b0;
      fe_rsv_q     <= {RW{1'b0}};
    end else begin
      fe_go_q <= acc && in_last;
      if (acc) begin
        first_q <= in_last;
        bk_q    <= (bk == 16'hFFFF) ? bk : bk + 16'd1;
        len_q   <= len_now;
        hdr_q <= hdr_nx;
        if (in_last) begin
          fe_len_q     <= len_now;
          fe_fcs_bad_q <= fcs_crc != RES_CRC32 || in_user;
          fe_rsv_q     <= rsv_frame;
        end
      end
    end
  end

  wire [5:0]    h_pre, h_post;
  wire          h_pfc, h_cbfc;
  wire [1:0]    h_op, h_vc;
  wire [9:0]    h_xpuid, h_part;
  wire [15:0]   h_psn, h_rpsn;
  wire [SW-1:0] h_slot;
  wire [7:0]    h_cev;
  wire [127:0]  h_time, h_sent;
  sue_rx_hdr #(.NDST(NDST), .PDU_MAX(PDU_MAX), .SW(SW)) u_hdr (
    .hdr(hdr_q), .len(fe_len_q), .fcs_bad(fe_fcs_bad_q),
    .cfg_hdr_fmt(cfg_hdr_fmt), .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .cfg_udp_port(cfg_udp_port), .cfg_ethertype(cfg_ethertype), .cfg_xpuid(cfg_xpuid),
    .cfg_partition(cfg_partition), .cfg_aifh_prefix(cfg_aifh_prefix),
    .cfg_cbfc_oui(cfg_cbfc_oui), .dst_valid(dst_valid), .dst_xpuid(dst_xpuid),
    .pre_code(h_pre), .pfc(h_pfc), .cbfc(h_cbfc), .post_code(h_post), .rh_op(h_op), .rh_xpuid(h_xpuid),
    .rh_psn(h_psn), .rh_vc(h_vc), .rh_partition(h_part), .rh_rpsn(h_rpsn),
    .src_slot(h_slot), .pfc_cev(h_cev), .pfc_time(h_time), .cbfc_sent(h_sent)
  );

  localparam integer FEW = 6 + 1 + 1 + 6 + 2 + 10 + 16 + 2 + 10 + 16 + SW + 8 + 128 + 128 + 16 + RW;
  wire [FEW-1:0] fe_in = {h_pre, h_pfc, h_cbfc, h_post, h_op, h_xpuid, h_psn, h_vc, h_part, h_rpsn,
                          h_slot, h_cev, h_time, h_sent, fe_len_q, fe_rsv_q};
  wire [FEW-1:0] fe;
  wire           fe_valid, fe_in_ready, fe_pop;
  wire [3:0]     unused_fe_level;
  sync_fifo #(.WIDTH(FEW), .DEPTH(8)) u_fe (
    .clk(clk), .rst_n(rst_n), .in_valid(fe_go_q), .in_data(fe_in), .in_ready(fe_in_ready),
    .out_valid(fe_valid), .out_data(fe), .out_ready(fe_pop), .level(unused_fe_level)
  );
  wire [5:0]    f_pre, f_post;
  wire          f_pfc, f_cbfc;
  wire [1:0]    f_op, f_vc;
  wire [9:0]    f_xpuid, f_part;
  wire [15:0]   f_psn, f_rpsn, f_len;
  wire [SW-1:0] f_slot;
  wire [7:0]    f_cev;
  wire [127:0]  f_time, f_sent;
  wire [RW-1:0] f_rsv;
  assign {f_pre, f_pfc, f_cbfc, f_post, f_op, f_xpuid, f_psn, f_vc, f_part, f_rpsn,
          f_slot, f_cev, f_time, f_sent, f_len, f_rsv} = fe;

  // ---------------------------------------------------------------- realigned streams
  // An 802.1Q tag (bytes 12-13 = 0x8100; not in the AIFH 6-byte format) makes the header 4 bytes
  // longer. The aligners need that from the beat holding bytes 12-13 on (beat 0, or beat 1 at
  // ETH_W = 64), and no beat before it emits anything (their offsets are 14 or more there).
  localparam integer TB = (B >= 16) ? 0 : 1;      // the beat holding bytes 12-13
  localparam integer TO = 12 - TB * B;            // their place in it
  wire       tpid_here = in_data[ETH_W-1-8*TO -: 16] == 16'h8100;
  reg        tag_q;
  wire       tag_cur   = cfg_hdr_fmt != 2'd3 &&
                         ((bk == 16'(TB)) ? tpid_here : (bk > 16'(TB)) && tag_q);
  always @(posedge clk or negedge rst_n)
    if (!rst_n)
      tag_q <= 1'b0;
    else if (acc && bk == 16'(TB))
      tag_q <= tpid_here;
  wire [5:0] h_bytes = ((cfg_hdr_fmt == 2'd3) ? 6'd8 : (cfg_hdr_fmt == 2'd1) ? 6'd14 : 6'd42) +
                       (tag_cur ? 6'd4 : 6'd0);

  wire             ah_v, ah_first, ah_last, aa_v, aa_first, aa_last;
  wire [ETH_W-1:0] ah_d, aa_d;
  wire [NBW-1:0]   ah_nb, aa_nb;
  sue_rx_align #(.W(ETH_W)) u_align_rh (
    .clk(clk), .rst_n(rst_n), .off(h_bytes), .i_valid(acc), .i_data(in_data), .i_nb(nb),
    .i_last(in_last), .o_valid(ah_v), .o_data(ah_d), .o_nb(ah_nb), .o_first(ah_first),
    .o_last(ah_last)
  );
  sue_rx_align #(.W(ETH_W)) u_align_area (
    .clk(clk), .rst_n(rst_n), .off(h_bytes + 6'd8), .i_valid(acc), .i_data(in_data),
    .i_nb(nb), .i_last(in_last), .o_valid(aa_v), .o_data(aa_d), .o_nb(aa_nb),
    .o_first(aa_first), .o_last(aa_last)
  );

  // R-CRC stream: RH .. R-CRC (bytes H .. L - 5)
  wire             rc_v, rc_first, rc_last;
  wire [ETH_W-1:0] rc_d;
  wire [NBW-1:0]   rc_nb;
  sue_rx_trim #(.W(ETH_W), .K(4)) u_trim_rc (
    .clk(clk), .rst_n(rst_n), .i_valid(ah_v), .i_data(ah_d), .i_nb(ah_nb), .i_first(ah_first),
    .i_last(ah_last), .o_valid(rc_v), .o_data(rc_d), .o_nb(rc_nb), .o_first(rc_first),
    .o_last(rc_last)
  );
  // command area (bytes H + 8 .. L - 9)
  wire             ca_v, ca_first, ca_last;
  wire [ETH_W-1:0] ca_d;
  wire [NBW-1:0]   ca_nb;
  sue_rx_trim #(.W(ETH_W), .K(8)) u_trim_area (
    .clk(clk), .rst_n(rst_n), .i_valid(aa_v), .i_data(aa_d), .i_nb(aa_nb), .i_first(aa_first),
    .i_last(aa_last), .o_valid(ca_v), .o_data(ca_d), .o_nb(ca_nb), .o_first(ca_first),
    .o_last(ca_last)
  );

  wire [31:0] rc32, rc32c, unused_rc32_reg, unused_rc32c_reg;
  crc_stream #(.DATA_W(ETH_W)) u_rcrc32 (
    .clk(clk), .rst_n(rst_n), .start(rc_v && rc_first), .valid(rc_v && rc_nb != 0),
    .data(rc_d), .nbytes(rc_nb), .crc(rc32), .crc_reg(unused_rc32_reg)
  );
  crc_stream #(.POLY(32'h1EDC6F41), .DATA_W(ETH_W)) u_rcrc32c (
    .clk(clk), .rst_n(rst_n), .start(rc_v && rc_first), .valid(rc_v && rc_nb != 0),
    .data(rc_d), .nbytes(rc_nb), .crc(rc32c), .crc_reg(unused_rc32c_reg)
  );
  wire rc_ok = cfg_rcrc_c ? (rc32c == RES_CRC32C) : (rc32 == RES_CRC32);

  wire        w_err;
  wire [15:0] w_ncmd, w_bytes;
  sue_rx_walk #(.W(ETH_W), .ALIGN(ALIGN), .OW(16)) u_walk (
    .clk(clk), .rst_n(rst_n), .i_valid(ca_v), .i_data(ca_d), .i_nb(ca_nb), .i_first(ca_first),
    .i_last(ca_last), .err(w_err), .ncmd(w_ncmd), .bytes(w_bytes)
  );

  // ---------------------------------------------------------------- verdict (cycle c+4)
  wire done = ca_v && ca_last;
  assign fe_pop = done;
  reg [5:0] drop;
  always @* begin
    if (f_pre != 6'd0)       drop = f_pre;
    else if (f_pfc)          drop = 6'd0;
    else if (!rc_ok)         drop = C_RCRC;
    else if (f_post != 6'd0) drop = f_post;
    else if (w_err)          drop = C_BAD_PDU;
    else                     drop = 6'd0;
  end
  wire [1:0] kind = (drop != 6'd0) ? 2'd0 : f_pfc ? 2'd3 : (w_ncmd != 16'd0) ? 2'd1 : 2'd2;
  wire       keep = kind == 2'd1;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      verdict_valid <= 1'b0;
      verdict_drop  <= 6'd0;
      verdict_kind  <= 2'd0;
      verdict_len   <= 16'd0;
      rh_op         <= 2'd0;
      rh_xpuid      <= 10'd0;
      rh_psn        <= 16'd0;
      rh_vc         <= 2'd0;
      rh_partition  <= 10'd0;
      rh_rpsn       <= 16'd0;
      src_slot      <= {SW{1'b0}};
      ncmd          <= {CW{1'b0}};
      cmd_bytes     <= {CW{1'b0}};
      pfc_cev       <= 8'd0;
      pfc_time      <= 128'd0;
      fc_cbfc       <= 1'b0;
      cbfc_sent     <= 128'd0;
      fr_q          <= {(FLW+1){1'b0}};
    end else begin
      verdict_valid <= done;
      fr_q <= fr_q + {{FLW{1'b0}}, acc && first_q} - {{FLW{1'b0}}, done};
      if (done) begin
        verdict_drop <= drop;
        verdict_kind <= kind;
        verdict_len  <= f_len;
        rh_op        <= f_op;
        rh_xpuid     <= f_xpuid;
        rh_psn       <= f_psn;
        rh_vc        <= f_vc;
        rh_partition <= f_part;
        rh_rpsn      <= f_rpsn;
        src_slot     <= f_slot;
        ncmd         <= w_ncmd[CW-1:0];
        cmd_bytes    <= w_bytes[CW-1:0];
        pfc_cev      <= f_cev;
        pfc_time     <= f_time;
        fc_cbfc      <= f_cbfc;
        cbfc_sent    <= f_sent;
      end
    end
  end

  // ---------------------------------------------------------------- buffer
  sue_rx_buf #(.W(ETH_W), .DEPTH(DEPTH), .MAXAB(MAXAB), .NFR(NFR), .CBW(CW)) u_buf (
    .clk(clk), .rst_n(rst_n),
    .w_valid(ca_v), .w_data(ca_d), .w_first(ca_first), .w_last(ca_last),
    .c_keep(keep), .c_bytes(w_bytes[CW-1:0]), .c_rsv(f_rsv),
    .rsv_add(acc && reserving), .space_ok(space_ok), .fr_level(fr_level),
    .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data),
    .out_nbytes(out_nbytes), .out_last(out_last)
  );

  wire unused_ok = &{1'b0, w_bytes[15:CW], w_ncmd[15:CW]};
  `ASSERT_STABLE(in_stable, clk, rst_n, in_valid, in_ready, ({in_data, in_nbytes, in_last, in_user}),
                 ETH_W + NBW + 2, "Ethernet receive beat")
  `ASSERT_CLK(rcrc_in_step, clk, rst_n, !done || (rc_v && rc_last),
              "sue_rx_check: R-CRC and area streams out of step")
  `ASSERT_CLK(verdict_has_hdr, clk, rst_n, !done || fe_valid, "sue_rx_check: verdict without header results")
  `ASSERT_CLK(hdr_fifo_no_overflow, clk, rst_n, !fe_go_q || fe_in_ready,
              "sue_rx_check: header result FIFO overflow")
  `ASSERT_CLK(nbytes_in_range, clk, rst_n, !(in_valid && in_last) || (in_nbytes != 0 && in_nbytes <= FULL),
              "sue_rx_check: in_nbytes must be 1 .. ETH_W/8 on the last beat")
endmodule

`resetall
