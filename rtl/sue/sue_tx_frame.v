// SUE transmit frame builder (docs/sue/sue_tx_frame.md): one PDU job in, the whole Ethernet frame
// out as an ETH_W-bit valid/ready byte stream, byte-identical to sue_frame_build()
// (csrc/ref/sue/sue_frame.c): network header (UDP: Ethernet II + IPv4 + UDP; AIFH 12 or 6; with
// cfg_vlan_tx an 802.1Q tag after the source address of UDP and AIFH 12), RH, command area
// (streamed in), zero fill to the 64-byte minimum, R-CRC, FCS.
//
// Frame bytes p = 0 .. N-1 (N = T + 8, T = max(56, P + L), P = H + 8 prefix bytes, L command
// bytes): [0, P) prefix register, [P, P+L) command bytes, [P+L, T) zero, [T, T+4) R-CRC LSB
// first, [T+4, N) FCS LSB first. Output beat k covers [k*NB, k*NB+NB); every byte is chosen
// by byte masks from thresholds minus the beat position. Command bytes are realigned by
// S = P mod NB bytes: beat Q + j (Q = P div NB) is {last S bytes of input beat j-1, first
// NB-S bytes of input beat j}, so input beat j is consumed with output beat Q + j.
// The CRCs are combinational within the beat (crc_stream): R-CRC over the body bytes at or
// after H, then FCS over the body and R-CRC bytes of the beat; so the tail needs no extra
// beat or bubble. One beat per cycle while out_ready is high (and input data is there).
// Output register: out_* are flops; latency job handshake -> first out_valid = 2 cycles.
// Raw jobs (job_raw, management frames): no prefix, job_len bytes streamed in as the frame
// itself, zeros up to byte 60, no R-CRC, FCS at max(60, job_len) (sue_mgmt_build).
// PFC jobs (job_pfc): the 64-byte IEEE 802.1Qbb frame of sue_pfc_build() through the same
// path: a 34-byte prefix (DA 01-80-C2-00-00-01, cfg_mac, 0x8808, 0x0101, class-enable vector,
// eight pause times), no command area (no input beats), zeros up to byte 60 (the R-CRC bytes
// are not placed), FCS at 60.
// CBFC jobs (job_cbfc): the 64-byte CBFC update of sue_cbfc_build() (docs/sue/index.md "CBFC
// update frame") the same way, with a 54-byte prefix (0x8808, 0xFFFE, cfg_cbfc_oui, subtype 1,
// class-enable vector, eight limits, eight units sent).
// Model: csrc/ref/sue/sue_frame.c (sue_frame_build, byte for byte)
`resetall
`default_nettype none
`include "assert.vh"

module sue_tx_frame #(
  parameter integer ETH_W   = 256,   // bits per beat, power of two, 64 .. 2048
  parameter integer PDU_MAX = 4096,  // largest command area, bytes (1 .. 8192)
  parameter integer TAG_W   = 1      // bits of job_tag / out_tag
) (
  input  wire                         clk,
  input  wire                         rst_n,
  // configuration (registers), sampled at the job handshake
  input  wire [1:0]                   cfg_hdr_fmt,     // 0 UDP, 1 AIFH12, 3 AIFH6 (2 = UDP)
  input  wire                         cfg_rcrc_c,      // R-CRC: 0 CRC-32, 1 CRC-32C
  input  wire [9:0]                   cfg_xpuid,       // local XPU id (AIFH source)
  input  wire [47:0]                  cfg_mac,         // UDP: source MAC
  input  wire [31:0]                  cfg_ip,          // UDP: source IPv4
  input  wire [15:0]                  cfg_udp_sport,
  input  wire [15:0]                  cfg_udp_dport,
  input  wire [7:0]                   cfg_ttl,
  input  wire [23:0]                  cfg_dscp,        // DSCP of VC v in [6v+5:6v]
  input  wire [31:0]                  cfg_aifh_prefix, // AIFH address bytes 0..3
  input  wire [15:0]                  cfg_ethertype,   // AIFH Ethertype
  input  wire                         cfg_vlan_tx,     // 802.1Q tag (not AIFH 6, not PFC)
  input  wire [11:0]                  cfg_vlan_vid,
  input  wire [11:0]                  cfg_pfc_prio,    // PCP of VC v at [3v +: 3]
  // job: one frame
  input  wire                         job_valid,
  output wire                         job_ready,
  input  wire [47:0]                  job_dst_mac,     // destination slot: MAC (UDP)
  input  wire [31:0]                  job_dst_ip,      // destination slot: IPv4 (UDP)
  input  wire [9:0]                   job_dst_xpuid,   // destination slot: XPU id (AIFH)
  input  wire [1:0]                   job_op,          // RH fields
  input  wire [9:0]                   job_xpuid,
  input  wire [15:0]                  job_psn,
  input  wire [1:0]                   job_vc,
  input  wire [9:0]                   job_partition,
  input  wire [15:0]                  job_rpsn,
  input  wire [13:0]                  job_len,         // command-area bytes, 0 .. PDU_MAX
  input  wire                         job_pfc,         // a PFC frame: job_pfc_* and cfg_mac only
  input  wire                         job_raw,         // a management frame: job_len bytes in
  input  wire [7:0]                   job_pfc_cev,     // PFC class-enable vector
  input  wire [127:0]                 job_pfc_time,    // PFC pause time of priority i at [16i +: 16]
  input  wire                         job_cbfc,        // a CBFC update: job_cbfc_* and cfg_mac only
  input  wire [23:0]                  cfg_cbfc_oui,
  input  wire [7:0]                   job_cbfc_cev,    // CBFC class-enable vector
  input  wire [127:0]                 job_cbfc_limit,  // credit limit of class i at [16i +: 16]
  input  wire [127:0]                 job_cbfc_sent,   // units sent on class i at [16i +: 16]
  // command area, ceil(job_len / NB) beats, all full but the last
  input  wire                         in_valid,
  output wire                         in_ready,
  input  wire [ETH_W-1:0]             in_data,
  input  wire                         in_last,
  input  wire [$clog2(ETH_W/8+1)-1:0] in_nbytes,       // checked on the last beat only
  // frame
  output reg                          out_valid,
  input  wire                         out_ready,
  output reg  [ETH_W-1:0]             out_data,
  output reg                          out_last,
  output reg  [$clog2(ETH_W/8+1)-1:0] out_nbytes,      // NB on every beat but the last
  // what the job's owner carries with its frame: job_tag of the job, on every beat of its frame
  input  wire [TAG_W-1:0]             job_tag,
  output reg  [TAG_W-1:0]             out_tag
);
  localparam integer NB     = ETH_W / 8;
  localparam integer NBW    = $clog2(ETH_W / 8 + 1);
  localparam integer LNB    = $clog2(ETH_W / 8);                  // log2(NB)
  localparam integer PRE_NB = ((54 + NB - 1) / NB) * NB;         // prefix register bytes
  localparam integer PW     = 16;                                 // byte positions
  localparam [PW-1:0] NB_P  = PW'(NB);
  localparam [PW:0]   NB_D  = (PW + 1)'(NB);
  localparam integer  NB4   = NB + 4;
  localparam [PW:0]   NB4_D = (PW + 1)'(NB4);
  localparam [13:0]   PDU_L = 14'(PDU_MAX);

  generate if (ETH_W < 64 || ETH_W > 2048 || (ETH_W & (ETH_W - 1)) != 0 ||
               PDU_MAX < 1 || PDU_MAX > 8192) begin : g_bad_param
    `PARAM_FATAL("sue_tx_frame: need ETH_W a power of two in 64..2048, 1 <= PDU_MAX <= 8192")
  end else if (TAG_W < 1 || TAG_W > 64) begin : g_bad_tag
    `PARAM_FATAL("sue_tx_frame: need 1 <= TAG_W <= 64")
  end endgenerate

  // ---- job registers ----
  reg              busy_q;
  reg [PW-1:0]     pos_q;        // byte position of the current beat
  reg [PW-1:0]     h_q, p_q, pl_q, t_q, n_q, pq_q;  // H, P, P+L, T, N, P - P mod NB
  reg [LNB-1:0]    s_q;          // P mod NB
  reg              rcrc_c_q;
  reg              pfc_q;        // the job is a PFC, CBFC or raw frame: no R-CRC bytes
  reg [TAG_W-1:0]  tag_q;        // job_tag of the job being built
  reg [8*PRE_NB-1:0] pre_q;      // prefix bytes not yet sent, at the top
  reg [ETH_W-1:0]  carry_q;      // previous input beat

  // ---- header of the job being accepted ----
  wire          job_fc  = job_pfc || job_cbfc;   // a flow-control frame: no command area
  wire [PW-1:0] len16   = job_fc ? {PW{1'b0}} : {{(PW-14){1'b0}}, job_len};
  wire          is_udp  = cfg_hdr_fmt == 2'd0 || cfg_hdr_fmt == 2'd2;
  wire          is_a12  = cfg_hdr_fmt == 2'd1;
  wire          tag     = cfg_vlan_tx && (is_udp || is_a12);
  wire [PW-1:0] h_new   = (is_udp ? 16'd42 : is_a12 ? 16'd14 : 16'd8) + (tag ? 16'd4 : 16'd0);
  // PFC: 34 header bytes, CBFC 54
  wire [PW-1:0] p_new   = job_pfc ? 16'd34 : job_cbfc ? 16'd54 : job_raw ? 16'd0 : h_new + 16'd8;
  wire [PW-1:0] pl_new  = p_new + len16;
  // raw: the FCS right after the frame (at 60 at least), in the place of the R-CRC's end
  wire [PW-1:0] t_new   = job_raw ? ((pl_new < 16'd60) ? 16'd56 : pl_new - 16'd4)
                                  : (pl_new < 16'd56) ? 16'd56 : pl_new;
  wire [PW-1:0] pdu_len = t_new - h_new + 16'd4;   // RH + area + fill + R-CRC
  wire [15:0]   ip_len  = pdu_len + 16'd28;
  wire [15:0]   udp_len = pdu_len + 16'd8;
  wire [5:0]    dscp    = cfg_dscp[6*job_vc +: 6];

  // IPv4 header checksum (RFC 791): ones' complement sum of the ten 16-bit words.
  wire [19:0] ip_sum0 = 20'h04500 + {12'd0, dscp, 2'b00} + {4'd0, ip_len} + 20'h04000 +
                        {4'd0, cfg_ttl, 8'd17} + {4'd0, cfg_ip[31:16]} + {4'd0, cfg_ip[15:0]} +
                        {4'd0, job_dst_ip[31:16]} + {4'd0, job_dst_ip[15:0]};
  wire [16:0] ip_sum1 = {1'b0, ip_sum0[15:0]} + {13'd0, ip_sum0[19:16]};
  wire [15:0] ip_sum2 = ip_sum1[15:0] + {15'd0, ip_sum1[16]};
  wire [15:0] ip_csum = ~ip_sum2;

  wire [63:0]  rh      = {2'b00, job_op, 2'b00, job_xpuid, job_psn,
                          job_vc, 4'b0000, job_partition, job_rpsn};
  wire [31:0]  pfx     = {cfg_aifh_prefix[31:28], 4'h2, cfg_aifh_prefix[23:0]};
  // 802.1Q tag: TPID, PCP = the VC's priority, DEI 0, VID
  wire [31:0]  vlan    = {16'h8100, cfg_pfc_prio[3*job_vc +: 3], 1'b0, cfg_vlan_vid};
  wire [287:0] udp_rest = {8'h45, dscp, 2'b00, ip_len, 16'h0000, 16'h4000, cfg_ttl, 8'd17,
                           ip_csum, cfg_ip, job_dst_ip,
                           cfg_udp_sport, cfg_udp_dport, udp_len, 16'h0000, rh};
  wire [431:0] hdr_udp = tag ? {job_dst_mac, cfg_mac, vlan, 16'h0800, udp_rest}
                             : {job_dst_mac, cfg_mac, 16'h0800, udp_rest, 32'd0};
  wire [95:0]  a12_adr = {pfx, 6'd0, job_dst_xpuid, pfx, 6'd0, cfg_xpuid};
  wire [431:0] hdr_a12 = tag ? {a12_adr, vlan, cfg_ethertype, rh, 224'd0}
                             : {a12_adr, cfg_ethertype, rh, 256'd0};
  wire [431:0] hdr_a6  = {pfx[31:16], 6'd0, job_dst_xpuid, 6'd0, cfg_xpuid, cfg_ethertype, rh,
                          304'd0};
  wire [127:0] pfc_tbe;                           // pause times, priority 0 first
  genvar gi;
  generate for (gi = 0; gi < 8; gi = gi + 1) begin : g_pfc_t
    assign pfc_tbe[127 - 16*gi -: 16] = job_pfc_time[16*gi +: 16];
  end endgenerate
  wire [431:0] hdr_pfc = {48'h0180C2000001, cfg_mac, 16'h8808, 16'h0101, 8'h00, job_pfc_cev,
                          pfc_tbe, 160'd0};
  wire [127:0] cbfc_lbe, cbfc_sbe;                // limits and units sent, class 0 first
  generate for (gi = 0; gi < 8; gi = gi + 1) begin : g_cbfc_t
    assign cbfc_lbe[127 - 16*gi -: 16] = job_cbfc_limit[16*gi +: 16];
    assign cbfc_sbe[127 - 16*gi -: 16] = job_cbfc_sent[16*gi +: 16];
  end endgenerate
  wire [431:0] hdr_cbfc = {48'h0180C2000001, cfg_mac, 16'h8808, 16'hFFFE, cfg_cbfc_oui, 8'h01,
                           8'h00, job_cbfc_cev, cbfc_lbe, cbfc_sbe};
  wire [431:0] hdr_new = job_pfc ? hdr_pfc : job_cbfc ? hdr_cbfc :
                         is_udp ? hdr_udp : is_a12 ? hdr_a12 : hdr_a6;

  // ---- the current beat ----
  // Bytes b of the beat (b = 0 is the most significant) below threshold A - pos, as a mask
  // with byte 0 in bit NB-1.
  function [NB-1:0] below(input [PW-1:0] a, input [PW-1:0] pos);
    reg [PW:0] d;
    begin
      d = {1'b0, a} - {1'b0, pos};
      if (d[PW] || d == 0)
        below = {NB{1'b0}};
      else if (d >= NB_D)
        below = {NB{1'b1}};
      else
        below = ~({NB{1'b1}} >> d[LNB-1:0]);
    end
  endfunction
  // min(max(A - pos, 0), NB) as a byte count.
  function [NBW-1:0] count(input [PW-1:0] a, input [PW-1:0] pos);
    reg [PW:0] d;
    begin
      d = {1'b0, a} - {1'b0, pos};
      if (d[PW])
        count = {NBW{1'b0}};
      else if (d >= NB_D)
        count = NBW'(NB);
      else
        count = d[NBW-1:0];
    end
  endfunction
  function [ETH_W-1:0] bytes_to_bits(input [NB-1:0] m);
    integer b;
    begin
      for (b = 0; b < NB; b = b + 1)
        bytes_to_bits[8*b +: 8] = {8{m[b]}};
    end
  endfunction
  // A 4-byte value, least significant byte first, at byte offset A - pos of the beat (the
  // part of it that falls inside the beat; zero when it is entirely outside).
  // Returns ETH_W+32 bits: the beat is the low ETH_W (the top 32 are shifted-out bytes).
  function [ETH_W+31:0] place4(input [31:0] v, input [PW-1:0] a, input [PW-1:0] pos);
    reg [PW:0] d;
    begin
      d = {1'b0, a} - {1'b0, pos} + 17'd4;  // value byte t lands on beat byte t + d - 4
      if (d[PW] || d == 0 || d >= NB4_D)
        place4 = {(ETH_W+32){1'b0}};
      else
        place4 = {v[7:0], v[15:8], v[23:16], v[31:24], {ETH_W{1'b0}}} >> (8 * d[LNB:0]);
    end
  endfunction

  wire [NB-1:0]    m_pre  = below(p_q, pos_q);
  wire [NB-1:0]    m_cmd  = below(pl_q, pos_q);
  wire [ETH_W-1:0] pre_w  = pre_q[8*PRE_NB-1 -: ETH_W];
  wire [2*ETH_W-1:0] cat  = {carry_q, in_data} >> (8 * s_q);
  wire [ETH_W-1:0] cmd_w  = cat[ETH_W-1:0];
  wire [ETH_W-1:0] body   = (pre_w & bytes_to_bits(m_pre)) |
                            (cmd_w & bytes_to_bits(m_cmd & ~m_pre));
  wire             need_in = busy_q && pos_q >= pq_q && (pos_q - pq_q) < (pl_q - p_q);
  wire             can_load = !out_valid || out_ready;
  wire             fire   = busy_q && can_load && (!need_in || in_valid);
  wire             last_beat = (n_q - pos_q) <= NB_P;

  // R-CRC over body bytes [H, T) of this beat.
  wire [PW-1:0]    lo_d   = h_q - pos_q;
  wire             h_here = pos_q <= h_q && lo_d < NB_P;
  wire [LNB-1:0]   lo     = h_here ? lo_d[LNB-1:0] : {LNB{1'b0}};
  wire [NBW-1:0]   r_hi   = count(t_q, pos_q);
  wire             r_any  = (pos_q + NB_P > h_q) && pos_q < t_q;
  wire [31:0]      rcrc, rcrc_reg_unused, fcs, fcs_reg_unused;
  sue_txf_rcrc #(.DATA_W(ETH_W)) u_rcrc (
    .clk(clk), .rst_n(rst_n), .castagnoli(rcrc_c_q),
    .start (fire && h_here),
    .valid (fire && r_any),
    .data  (body << (8 * lo)),
    .nbytes(r_hi - {{(NBW-LNB){1'b0}}, lo}),
    .crc(rcrc), .crc_reg(rcrc_reg_unused)
  );
  wire [ETH_W-1:0] r_w    = pfc_q ? body : body | rplace[ETH_W-1:0];
  wire [ETH_W+31:0] rplace;
  wire [ETH_W+31:0] fplace;
  crc_stream #(.CRC_W(32), .POLY(32'h04C11DB7), .INIT(32'hFFFFFFFF), .REFIN(1), .REFOUT(1),
               .XOROUT(32'hFFFFFFFF), .DATA_W(ETH_W)) u_fcs (
    .clk(clk), .rst_n(rst_n),
    .start (fire && pos_q == 0),
    .valid (fire && pos_q < t_q + 4),
    .data  (r_w),
    .nbytes(count(t_q + 16'd4, pos_q)),
    .crc(fcs), .crc_reg(fcs_reg_unused)
  );
  assign rplace = place4(rcrc, t_q, pos_q);
  assign fplace = place4(fcs, t_q + 16'd4, pos_q);

  assign in_ready  = need_in && can_load;
  assign job_ready = !busy_q || (fire && last_beat);

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      busy_q     <= 1'b0;
      pos_q      <= {PW{1'b0}};
      h_q        <= {PW{1'b0}};
      p_q        <= {PW{1'b0}};
      pl_q       <= {PW{1'b0}};
      t_q        <= {PW{1'b0}};
      n_q        <= {PW{1'b0}};
      pq_q       <= {PW{1'b0}};
      s_q        <= {LNB{1'b0}};
      rcrc_c_q   <= 1'b0;
      pfc_q      <= 1'b0;
      tag_q      <= {TAG_W{1'b0}};
      out_tag    <= {TAG_W{1'b0}};
      pre_q      <= {(8*PRE_NB){1'b0}};
      carry_q    <= {ETH_W{1'b0}};
      out_valid  <= 1'b0;
      out_data   <= {ETH_W{1'b0}};
      out_last   <= 1'b0;
      out_nbytes <= {NBW{1'b0}};
    end else begin
      if (can_load)
        out_valid <= fire;
      if (fire) begin
        out_data   <= r_w | fplace[ETH_W-1:0];
        out_last   <= last_beat;
        out_nbytes <= count(n_q, pos_q);
        out_tag    <= tag_q;
        pos_q      <= pos_q + NB_P;
        pre_q      <= pre_q << ETH_W;
        if (need_in)
          carry_q <= in_data;
        if (last_beat)
          busy_q <= 1'b0;
      end
      if (job_valid && job_ready) begin
        busy_q   <= 1'b1;
        pos_q    <= {PW{1'b0}};
        h_q      <= h_new;
        p_q      <= p_new;
        pl_q     <= pl_new;
        t_q      <= t_new;
        n_q      <= t_new + 16'd8;
        pq_q     <= p_new & ~(NB_P - 16'd1);
        s_q      <= p_new[LNB-1:0];
        rcrc_c_q <= cfg_rcrc_c;
        pfc_q    <= job_fc || job_raw;
        tag_q    <= job_tag;
        pre_q    <= {hdr_new, {(8*PRE_NB-432){1'b0}}};
      end
    end
  end

  // The input framing must match job_len (the length is the authority).
  wire [PW-1:0] in_rem = (pl_q - p_q) - (pos_q - pq_q);   // command bytes from this beat on
  // The valid/ready rule holds what the module reads stable: the fields of the job's kind
  // (job_pfc_* for a PFC frame, job_cbfc_* for a CBFC update, the others for a data frame) and
  // in_nbytes on the last beat;
  // the rest is don't-care and may change while waiting (the tests drive it at random).
  wire [135:0]   job_pfc_used  = {job_pfc_cev, job_pfc_time} & {136{job_pfc}};
  wire [263:0]   job_cbfc_used = {job_cbfc_cev, job_cbfc_limit, job_cbfc_sent} & {264{job_cbfc}};
  wire [159:0]   job_data_used = {job_dst_mac, job_dst_ip, job_dst_xpuid, job_op, job_xpuid, job_psn, job_vc,
                                  job_partition, job_rpsn, job_len} & {160{!job_fc}};
  wire [NBW-1:0] in_nb_used    = in_last ? in_nbytes : {NBW{1'b0}};
  `ASSERT_STABLE(job_stable, clk, rst_n, job_valid, job_ready, ({job_tag, job_raw, job_pfc, job_cbfc, job_pfc_used, job_cbfc_used, job_data_used}), 563 + TAG_W,
                 "job")
  `ASSERT_STABLE(in_stable, clk, rst_n, in_valid, in_ready, ({in_data, in_last, in_nb_used}), ETH_W + 1 + NBW,
                 "command-area beat")
  `ASSERT_CLK(last_matches_len, clk, rst_n, !(in_valid && in_ready) || (in_last == (in_rem <= NB_P)),
              "sue_tx_frame: in_last does not match job_len")
  `ASSERT_CLK(nbytes_matches_len, clk, rst_n,
              !(in_valid && in_ready && in_last) || in_nbytes == in_rem[NBW-1:0],
              "sue_tx_frame: in_nbytes of the last beat does not match job_len")
  `ASSERT_CLK(len_le_pdu_max, clk, rst_n, !(job_valid && job_ready && !job_fc && !job_raw) || job_len <= PDU_L,
              "sue_tx_frame: job_len above PDU_MAX")
  `ASSERT_CLK(raw_len_legal, clk, rst_n,
              !(job_valid && job_ready && job_raw) || (job_len >= 14'd14 && job_len <= 14'd508),
              "sue_tx_frame: a raw frame's job_len outside 14 .. 508")
  `ASSERT_CLK(raw_not_pfc, clk, rst_n, !(job_valid && ((job_raw && job_fc) || (job_pfc && job_cbfc))),
              "sue_tx_frame: two of job_raw, job_pfc, job_cbfc together")

  wire unused_ok = &{1'b0, rcrc_reg_unused, fcs_reg_unused, cfg_aifh_prefix[27:24],
                     rplace[ETH_W+31:ETH_W], fplace[ETH_W+31:ETH_W], cat[2*ETH_W-1:ETH_W]};
endmodule

`resetall
