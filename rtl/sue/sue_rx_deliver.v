// SUE receive buffer and delivery (docs/sue/index.md "Receive buffer and delivery", "Receive (SUE to
// XPU)"; docs/sue/sue_rx_deliver.md): the per-VC receive buffers of packed commands, filled from
// the command areas of the data frames sue_gbn accepted, and the delivery of their commands
// to the XPU under the rx credits, round-robin over the VCs.
//
// Decisions (fr_*) come one per data frame that passed sue_rx_check, in the order of the
// areas on in_*: kept (fr_keep) frames count in `level` at once; their areas are then written
// into the VC's ring in one banked RAM (sue_bank_ram), dropped frames' areas are read and
// discarded. A command is deliverable once all its bytes are written and its descriptor is
// known (see "head descriptor" below). A command *starts* in the cycle its credit is taken
// (issue); its beats are read one a cycle and show on rx_* two cycles after their read; its
// packed bytes leave `level` at the edge of its beat 0 on rx_*.
//
// Sizing (no byte still needed is ever overwritten): per VC the ring has
// P = roundup(RX_BYTES + CMDP, PW) bytes, CMDP = roundup(274, ALIGN). Proof: the bytes a VC
// still needs are a contiguous segment of its ring, from the first byte of the oldest command
// still being read (or the head, when none) to the end of the last kept frame (its bytes are
// reserved by the decision even before they are written). Writes go to the end of the
// written part of this segment, reads inside it. The segment is (a) the commands whose beat 0
// has not yet shown on rx_*, all counted in level, plus (b) at most one command whose beat 0
// has shown but whose later beats are still being read (one command is read at a time, its
// beats in consecutive cycles). level <= RX_BYTES always (a kept frame needs
// level + fr_bytes <= RX_BYTES, asserted, and level only grows by kept frames), and (b) is at
// most CMDP bytes, so the segment is at most RX_BYTES + CMDP <= P bytes: a write never
// reaches a byte of (a) or (b). Read windows run past the command end into bytes that may be
// stale; those lanes are masked (data past dlen is 0) or, for the next descriptor, used only
// when the bytes were written before the read (avail > 0).
//
// Head descriptor: per VC the descriptor of the head command is kept in a register, learnt
// (a) from the area stream: when the head is unknown and nothing past it is written, the next
// write to the VC starts exactly at the head, so the descriptor is the top two bytes of
// in_data; or (b) from the read window of the last beat of the command before it, which
// always covers the next command's first two bytes (PW >= NB + 26), when those were written
// before the read; the read data is used in the next cycle directly (bypass), so commands of
// one VC follow each other with no idle cycle.
// Model: csrc/ref/sue/sue_endpoint_model.c (the receive buffer ep.rxq[] and delivery)
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_deliver #(
  parameter integer DATA_W   = 256,   // rx_data bits (128..2048)
  parameter integer ETH_W    = 256,   // area stream bits (64..2048, power of two)
  parameter integer ALIGN    = 4,
  parameter integer PDU_MAX  = 4096,
  parameter integer RX_BYTES = 16384, // per-VC capacity, bytes of packed commands
  parameter integer NFR      = 16,    // decisions queued ahead of their areas
  parameter integer CRW      = 16,    // rx credit counter bits (saturating)
  localparam integer LW = $clog2(PDU_MAX+1), localparam integer BW = $clog2(RX_BYTES+1)
) (
  input  wire           clk, rst_n,
  input  wire           fr_valid,   // a decision, queued without back-pressure (dq_no_overflow)
  input  wire           fr_keep,
  input  wire [1:0]     fr_vc,
  input  wire [9:0]     fr_xpuid,
  input  wire [LW-1:0]  fr_bytes,
  input  wire           in_valid,
  output wire           in_ready,
  input  wire [ETH_W-1:0] in_data,
  input  wire [$clog2(ETH_W/8+1)-1:0] in_nbytes,
  input  wire           in_last,
  output wire [4*BW-1:0] level,
  output reg  [1:0]     rx_valid, output reg [3:0] rx_cycle, output reg [1:0] rx_vc,
  output reg  [9:0]     rx_xpuid,
  output reg  [143:0]   rx_control, output reg [DATA_W-1:0] rx_data,
  input  wire [5:0]     rx_credit,
  input  wire           rx_reset_in,
  output wire           inc_cmds
);
  `include "common_params.vh"
  `include "sue_params.vh"

  // ---- parameters ----
  localparam integer NB   = DATA_W / 8;
  localparam integer B    = ETH_W / 8;
  localparam integer NBW  = $clog2(B + 1);
  localparam integer PWN  = (NB + 26 > B) ? NB + 26 : B;
  localparam integer PW   = sue_row_bytes(PWN);
  localparam integer PWW  = $clog2(PW);
  localparam integer CMDP = sue_cmd_max(ALIGN);
  localparam integer P    = round_up(RX_BYTES + CMDP, PW);   // ring bytes per VC
  localparam integer QR   = P / PW;
  localparam integer OW   = $clog2(QR) + PWW;                       // ring offset
  localparam integer AW   = $clog2(P + 1);                          // bytes written past the head
  localparam integer NXF  = RX_BYTES / ALIGN;                       // frames held per VC (bound)
  localparam integer XW   = idx_w(NXF);
  localparam integer XCW  = $clog2(NXF + 1);
  localparam integer DQW  = 1 + 2 + 10 + LW;

  generate if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512 && DATA_W != 1024 &&
               DATA_W != 2048) begin : g_bad_param
    `PARAM_FATAL("sue_rx_deliver: DATA_W must be 128, 256, 512, 1024 or 2048")
  end else if (ETH_W < 64 || ETH_W > 2048 || (1 << $clog2(ETH_W)) != ETH_W) begin : g_bad_param
    `PARAM_FATAL("sue_rx_deliver: ETH_W must be a power of two in 64 .. 2048")
  end else if (ALIGN != 2 && ALIGN != 4 && ALIGN != 8) begin : g_bad_param
    `PARAM_FATAL("sue_rx_deliver: ALIGN must be 2, 4 or 8")
  end else if (PDU_MAX % ALIGN != 0 || PDU_MAX < 280 || PDU_MAX > 8192) begin : g_bad_param
    `PARAM_FATAL("sue_rx_deliver: PDU_MAX must be a multiple of ALIGN in 280 .. 8192")
  end else if (RX_BYTES < PDU_MAX || RX_BYTES > 4194304) begin : g_bad_param
    `PARAM_FATAL("sue_rx_deliver: RX_BYTES must be PDU_MAX .. 4 MiB")
  end else if (NFR < 2) begin : g_bad_param
    `PARAM_FATAL("sue_rx_deliver: NFR must be >= 2")
  end endgenerate

  localparam [NBW-1:0] FULL = NBW'(B);
  // 32-bit operands of the 32-bit comparisons below
  localparam [31:0] RXB32 = RX_BYTES;
  localparam [31:0] PM32  = PDU_MAX;
  localparam [31:0] NXF32 = NXF;
  localparam [31:0] AL32  = ALIGN;

  // ring offset a + b (b < P)
  function [OW-1:0] off_add(input [OW-1:0] a, input [OW-1:0] b);
    reg [OW:0] s;
    begin
      s = {1'b0, a} + {1'b0, b};
      off_add = (s >= (OW + 1)'(P)) ? s[OW-1:0] - OW'(P) : s[OW-1:0];
    end
  endfunction
  function integer ix2(input [1:0] x);
    ix2 = {30'd0, x};
  endfunction

  // ---- descriptor decode: clen, dp, dlen, packed bytes, beats ----
  // (descriptor d: clen = d[12:9], dp = d[8], dlen - 1 = d[7:0])
  function [8:0] d_dlen(input [8:0] d);      // d[8:0] of the descriptor
    d_dlen = d[8] ? {1'b0, d[7:0]} + 9'd1 : 9'd0;
  endfunction
  function [8:0] d_sp(input [12:0] d);       // roundup(2 clen + dlen, ALIGN) <= 280
    reg [8:0] s;
    begin
      s = {4'd0, d[12:9], 1'b0} + d_dlen(d[8:0]) + 9'(ALIGN) - 9'd1;
      d_sp = s & ~(9'(ALIGN) - 9'd1);
    end
  endfunction
  function [4:0] d_nbeats(input [8:0] d);    // 1 without data, ceil(dlen / NB) with
    integer k;
    begin
      d_nbeats = 5'd1;
      if (d[8])
        for (k = 2; k <= 16; k = k + 1)
          if ({23'd0, d_dlen(d)} > (k - 1) * NB) d_nbeats = k[4:0];
    end
  endfunction

  // ---- decisions ----
  wire           dq_in_ready, dq_valid;
  wire [DQW-1:0] dq_data;
  wire [$clog2(NFR+1)-1:0] dq_level;
  wire           a_pop;
  sync_fifo #(.WIDTH(DQW), .DEPTH(NFR)) u_dq (
    .clk(clk), .rst_n(rst_n),
    .in_valid(fr_valid), .in_data({fr_keep, fr_vc, fr_xpuid, fr_bytes}), .in_ready(dq_in_ready),
    .out_valid(dq_valid), .out_data(dq_data), .out_ready(a_pop), .level(dq_level));
  wire          d_keep  = dq_data[DQW-1];
  wire [1:0]    d_vc    = dq_data[DQW-2 -: 2];
  wire [LW-1:0] d_bytes = dq_data[LW-1:0];
  wire unused_dq = ^{dq_data[LW +: 10], dq_level};

  // ---- area writer: one beat a cycle into the ring of the head decision's VC ----
  assign in_ready = dq_valid;
  wire           beat = in_valid && dq_valid;
  assign a_pop = beat && in_last;
  reg  [LW:0]    a_cnt;            // area bytes taken before this beat
  wire [NBW-1:0] nbeat = in_last ? in_nbytes : FULL;
  wire [LW:0]    a_rem = ({1'b0, d_bytes} > a_cnt) ? {1'b0, d_bytes} - a_cnt : {(LW+1){1'b0}};
  wire [LW:0]    nw    = !(beat && d_keep) ? {(LW+1){1'b0}} :
                         (a_rem > {{(LW+1-NBW){1'b0}}, FULL}) ?
                         {{(LW+1-NBW){1'b0}}, FULL} : a_rem;
  wire           w_en  = nw != {(LW+1){1'b0}};
  always @(posedge clk or negedge rst_n)
    if (!rst_n)      a_cnt <= {(LW+1){1'b0}};
    else if (a_pop)  a_cnt <= {(LW+1){1'b0}};
    else if (beat)   a_cnt <= a_cnt + {{(LW+1-NBW){1'b0}}, FULL};
  wire [12:0] in_desc = in_data[ETH_W-4 -: 13];   // area bytes 0-1, descriptor bits 12:0

  // ---- per-VC state ----
  // (registers in g_v[v]; exported here, VC v at [v*W +: W])
  wire [4*OW-1:0] e_wr;            // ring offset of the next byte to write
  wire [4*OW-1:0] e_rd;            // ring offset of the head command
  wire [4*AW-1:0] e_av;            // bytes written from the head on
  wire [3:0]      e_hk;            // head descriptor known
  wire [4*13-1:0] e_hd;            // head descriptor bits 12:0 (ctype is not needed)
  reg  [8:0]      rx_relb_q;       // packed bytes of the command whose beat 0 shows

  // pending descriptor from the read window (b): valid the cycle after the read
  reg            pb_q;
  reg  [1:0]     pb_vc_q;
  reg  [PWW-1:0] pb_pos_q;
  wire [PW*8-1:0] r_img;
  reg  [12:0]    pb_desc;
  integer ip;
  always @* begin
    pb_desc = 13'd0;
    // the window starts at 2 clen + b NB into a data beat: the position is even, not aligned
    for (ip = 0; ip < PW - 1; ip = ip + 2)
      if (pb_pos_q == ip[PWW-1:0]) pb_desc = r_img[PW*8-4-8*ip -: 13];
  end

  // frame FIFOs (source xpuid and packed bytes per kept frame), exports
  wire [9:0]     xf_id  [0:3];
  wire [LW-1:0]  xf_len [0:3];
  wire [3:0]     xf_ne;

  // ---- head commands and eligibility ----
  wire [7:0]  cr_avail;
  reg  [4*13-1:0] h_desc;          // head descriptor bits 12:0 of VC v at [v*13 +: 13]
  reg  [4*9-1:0]  h_sp;            // its packed bytes
  reg  [3:0]  h_known, elig;
  reg         busy_q;
  reg  [12:0] hdv;
  integer v;
  always @* begin
    for (v = 0; v < 4; v = v + 1) begin
      h_known[v] = e_hk[v] || (pb_q && pb_vc_q == v[1:0]);
      hdv        = (pb_q && pb_vc_q == v[1:0]) ? pb_desc : e_hd[v*13 +: 13];
      h_desc[v*13 +: 13] = hdv;
      h_sp[v*9 +: 9]     = d_sp(hdv);
      elig[v]    = !busy_q && h_known[v] && e_av[v*AW +: AW] >= {{(AW-9){1'b0}}, d_sp(hdv)} &&
                   cr_avail[v*2 + (hdv[8] ? 1 : 0)];
    end
  end

  wire [3:0] gnt;
  wire       start;
  wire [1:0] sv;
  rr_arbiter #(.N(4)) u_rr (
    .clk(clk), .rst_n(rst_n), .req(elig), .update(start), .gnt(gnt), .gnt_valid(start),
    .gnt_idx(sv));
  wire unused_gnt = ^gnt;

  wire [12:0] s_desc  = h_desc[ix2(sv)*13 +: 13];
  wire [8:0]  s_sp    = h_sp[ix2(sv)*9 +: 9];
  wire [4:0]  s_nb    = d_nbeats(s_desc[8:0]);

  sue_rx_credits #(.CRW(CRW)) u_cr (
    .clk(clk), .rst_n(rst_n), .rx_credit(rx_credit), .rx_reset_in(rx_reset_in),
    .take(start), .take_idx({sv, s_desc[8]}), .avail(cr_avail));

  // ---- command in progress (beats after beat 0) ----
  reg  [1:0]    c_vc_q;
  reg  [OW-1:0] c_off_q;           // ring offset of the command
  reg  [12:0]   c_desc_q;          // descriptor bits 12:0
  reg  [3:0]    c_beat_q;          // next beat to read
  reg  [4:0]    c_nb_q;
  reg  [9:0]    c_id_q;

  wire [8:0]  c_sp = d_sp(c_desc_q);
  wire [8:0]  c_rel = {4'd0, c_desc_q[12:9], 1'b0} + {5'd0, c_beat_q} * 9'(NB);  // window - cmd
  wire        c_last = {1'b0, c_beat_q} + 5'd1 == c_nb_q;

  // read issue: beat 0 of the chosen command, else the next beat of the one in progress
  wire          rd_go  = start || busy_q;
  wire [1:0]    rd_vc  = start ? sv : c_vc_q;
  wire [OW-1:0] rd_off = start ? e_rd[ix2(sv)*OW +: OW] :
                         off_add(c_off_q, {{(OW-9){1'b0}}, c_rel});
  wire          rd_last = start ? s_nb == 5'd1 : c_last;
  // the next command's descriptor is in this window when written already (b)
  wire [AW-1:0] av_sel = e_av[ix2(rd_vc)*AW +: AW];
  wire          nxt_in = start ? av_sel > {{(AW-9){1'b0}}, s_sp} : av_sel != {AW{1'b0}};
  wire [9:0]    nxt_pos = {1'b0, start ? s_sp : c_sp - c_rel};
  wire          unused_pos = ^nxt_pos;

  // ---- xpuid of the started command ----
  wire [9:0] s_id = xf_id[sv];

  // ---- per-VC updates ----
  genvar gv;
  generate for (gv = 0; gv < 4; gv = gv + 1) begin : g_v
    reg [OW-1:0] wr_q, rd_q;
    reg [AW-1:0] av_q;
    reg          hk_q;
    reg [12:0]   hd_q;
    reg [LW-1:0] hfu_q;            // bytes of the head frame already started
    reg [BW-1:0] lvl_q;
    assign e_wr[gv*OW +: OW] = wr_q;
    assign e_rd[gv*OW +: OW] = rd_q;
    assign e_av[gv*AW +: AW] = av_q;
    assign e_hk[gv]          = hk_q;
    assign e_hd[gv*13 +: 13] = hd_q;
    wire adv = start && sv == gv;                 // head advances (beat 0 issued)
    wire wv  = w_en && d_vc == gv;                // area bytes written this cycle
    wire [AW-1:0] nw_a = wv ? {{(AW-LW-1){1'b0}}, nw} : {AW{1'b0}};
    wire [AW-1:0] base = adv ? av_q - {{(AW-9){1'b0}}, h_sp[gv*9 +: 9]} : av_q;
    wire hk_after = adv ? 1'b0 : h_known[gv];
    wire cap_a = wv && !hk_after && base == {AW{1'b0}};   // (a): the write starts at the head
    wire cap_b = pb_q && pb_vc_q == gv;
    wire keep_in = fr_valid && fr_keep && fr_vc == gv;
    wire rel = rx_valid != 2'd0 && rx_cycle == 4'd0 && rx_vc == gv;
    wire [LW:0] hfu_n = {1'b0, hfu_q} + {{(LW-8){1'b0}}, h_sp[gv*9 +: 9]};
    wire xf_pop = adv && hfu_n >= {1'b0, xf_len[gv]};
    always @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        wr_q  <= {OW{1'b0}};
        rd_q  <= {OW{1'b0}};
        av_q  <= {AW{1'b0}};
        hk_q  <= 1'b0;
        hd_q  <= 13'd0;
        hfu_q <= {LW{1'b0}};
        lvl_q <= {BW{1'b0}};
      end else begin
        if (wv)
          wr_q <= off_add(wr_q, {{(OW-9){1'b0}}, nw[8:0]});
        if (adv) begin
          rd_q  <= off_add(rd_q, {{(OW-9){1'b0}}, h_sp[gv*9 +: 9]});
          hfu_q <= xf_pop ? {LW{1'b0}} : hfu_n[LW-1:0];
        end
        av_q <= base + nw_a;
        if (adv || cap_a) begin
          hk_q <= cap_a;
          hd_q <= in_desc;
        end else if (cap_b) begin
          hk_q <= 1'b1;
          hd_q <= pb_desc;
        end
        lvl_q <= lvl_q + (keep_in ? {{(BW-LW){1'b0}}, fr_bytes} : {BW{1'b0}}) -
                     (rel ? {{(BW-9){1'b0}}, rx_relb_q} : {BW{1'b0}});
      end
    end
    assign level[gv*BW +: BW] = lvl_q;

    // frame FIFO: {xpuid, bytes} of every kept frame with commands, popped when the beat 0
    // of its last command issues; at most RX_BYTES / ALIGN frames hold commands not started
    // (each holds >= ALIGN bytes counted in level <= RX_BYTES)
    reg [9:0]    xid_m [0:NXF-1];
    reg [LW-1:0] xln_m [0:NXF-1];
    reg [XW-1:0] xrd_q, xwr_q;
    reg [XCW-1:0] xcnt_q;
    wire xf_push = keep_in && fr_bytes != {LW{1'b0}};
    always @(posedge clk) if (xf_push) begin
      xid_m[xwr_q] <= fr_xpuid;
      xln_m[xwr_q] <= fr_bytes;
    end
    always @(posedge clk or negedge rst_n)
      if (!rst_n) begin
        xrd_q  <= {XW{1'b0}};
        xwr_q  <= {XW{1'b0}};
        xcnt_q <= {XCW{1'b0}};
      end else begin
        if (xf_push) xwr_q <= ({{(32-XW){1'b0}}, xwr_q} == NXF32 - 1) ? {XW{1'b0}} : xwr_q + 1'b1;
        if (xf_pop)  xrd_q <= ({{(32-XW){1'b0}}, xrd_q} == NXF32 - 1) ? {XW{1'b0}} : xrd_q + 1'b1;
        xcnt_q <= xcnt_q + {{(XCW-1){1'b0}}, xf_push} - {{(XCW-1){1'b0}}, xf_pop};
      end
    assign xf_id[gv]  = xid_m[xrd_q];
    assign xf_len[gv] = xln_m[xrd_q];
    assign xf_ne[gv]  = xcnt_q != {XCW{1'b0}};

    `ASSERT_CLK(kept_fits, clk, rst_n,
                !keep_in || {{(32-BW){1'b0}}, lvl_q} + {{(32-LW){1'b0}}, fr_bytes} <= RXB32,
                "kept frame does not fit (level + fr_bytes > RX_BYTES)")
    `ASSERT_CLK(xf_no_overflow, clk, rst_n, !xf_push || xf_pop || {{(32-XCW){1'b0}}, xcnt_q} < NXF32,
                "frame FIFO overflow")
    `ASSERT_CLK(start_has_frame, clk, rst_n, !adv || xf_ne[gv], "command started with no frame")
    `ASSERT_CLK(cmd_in_frame, clk, rst_n, !adv || hfu_n <= {1'b0, xf_len[gv]},
                "command crosses its frame end")
    `ASSERT_CLK(desc_legal, clk, rst_n,
                !adv || (h_desc[gv*13+9 +: 4] >= 4'd1 && h_desc[gv*13+9 +: 4] <= 4'd9 &&
                         (h_desc[gv*13+8] || h_desc[gv*13 +: 8] == 8'd0)),
                "illegal descriptor at a head")
    `ASSERT_CLK(ring_no_overrun, clk, rst_n, {1'b0, av_q} + {1'b0, nw_a} <= {1'b0, AW'(P)},
                "ring overrun")
  end endgenerate

  // ---- the command in progress ----
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      busy_q   <= 1'b0;
      c_vc_q   <= 2'd0;
      c_off_q  <= {OW{1'b0}};
      c_desc_q <= 13'd0;
      c_beat_q <= 4'd0;
      c_nb_q   <= 5'd0;
      c_id_q   <= 10'd0;
    end else if (start) begin
      busy_q   <= s_nb != 5'd1;
      c_vc_q   <= sv;
      c_off_q  <= e_rd[ix2(sv)*OW +: OW];
      c_desc_q <= s_desc;
      c_beat_q <= 4'd1;
      c_nb_q   <= s_nb;
      c_id_q   <= s_id;
    end else if (busy_q) begin
      busy_q   <= !c_last;
      c_beat_q <= c_beat_q + 4'd1;
    end
  end

  // ---- RAM ----
  wire [PW*8-1:0] w_img;
  generate if (PW > B) begin : g_wpad
    assign w_img = {in_data, {(PW-B)*8{1'b0}}};
  end else begin : g_wfull
    assign w_img = in_data;
  end endgenerate
  reg [PW-1:0] w_mask;
  integer im;
  always @*
    for (im = 0; im < PW; im = im + 1)
      w_mask[im] = im < {{(31-LW){1'b0}}, nw};

  sue_bank_ram #(.PW(PW), .NREG(4), .QR(QR)) u_ram (
    .clk(clk),
    .w_en(w_en), .w_reg(d_vc), .w_off(e_wr[ix2(d_vc)*OW +: OW]), .w_data(w_img), .w_mask(w_mask),
    .r_en(rd_go), .r_reg(rd_vc), .r_off(rd_off), .r_data(r_img));

  // ---- stage 1 (the cycle after the read): format the beat, rx_* at the next edge ----
  reg        s1_v, s1_b0;
  reg [1:0]  s1_vc;
  reg [3:0]  s1_beat;
  reg [12:0] s1_desc;                // descriptor bits 12:0 (ctype not needed)
  reg [9:0]  s1_id;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      s1_v     <= 1'b0;
      s1_b0    <= 1'b0;
      s1_vc    <= 2'd0;
      s1_beat  <= 4'd0;
      s1_desc  <= 13'd0;
      s1_id    <= 10'd0;
      pb_q     <= 1'b0;
      pb_vc_q  <= 2'd0;
      pb_pos_q <= {PWW{1'b0}};
    end else begin
      s1_v     <= rd_go;
      s1_b0    <= start;
      s1_vc    <= rd_vc;
      s1_beat  <= start ? 4'd0 : c_beat_q;
      s1_desc  <= start ? s_desc : c_desc_q;
      s1_id    <= start ? s_id : c_id_q;
      pb_q     <= rd_go && rd_last && nxt_in;
      pb_vc_q  <= rd_vc;
      pb_pos_q <= nxt_pos[PWW-1:0];
    end
  end

  wire [3:0] s1_clen = s1_desc[12:9];
  wire [8:0] s1_dlen = d_dlen(s1_desc[8:0]);
  reg [143:0]      ctl;
  reg [DATA_W-1:0] dat;
  reg [PW*8-1:0]   sh;
  integer jb;
  always @* begin
    ctl = 144'd0;
    for (jb = 0; jb < 18; jb = jb + 1)
      if (jb < {27'd0, s1_clen, 1'b0}) ctl[143 - 8*jb -: 8] = r_img[PW*8-1-8*jb -: 8];
    // beat 0: the data start after the 2 clen control bytes
    sh = s1_b0 ? r_img << {s1_clen, 4'd0} : r_img;
    for (jb = 0; jb < NB; jb = jb + 1)
      dat[DATA_W-1-8*jb -: 8] = ({23'd0, s1_dlen} > {28'd0, s1_beat} * NB + jb) ?
                                sh[PW*8-1-8*jb -: 8] : 8'd0;
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rx_valid   <= 2'd0;
      rx_cycle   <= 4'd0;
      rx_vc      <= 2'd0;
      rx_xpuid   <= 10'd0;
      rx_control <= 144'd0;
      rx_data    <= {DATA_W{1'b0}};
      rx_relb_q  <= 9'd0;
    end else begin
      rx_valid <= !s1_v ? 2'd0 : s1_desc[8] ? 2'd2 : 2'd1;
      rx_cycle <= s1_v ? s1_beat : 4'd0;
      rx_vc    <= s1_v ? s1_vc : 2'd0;
      rx_xpuid <= s1_v ? s1_id : 10'd0;
      if (!s1_v)      rx_control <= 144'd0;
      else if (s1_b0) rx_control <= ctl;
      rx_data   <= s1_v ? dat : {DATA_W{1'b0}};
      rx_relb_q <= d_sp(s1_desc[12:0]);
    end
  end
  assign inc_cmds = rx_valid != 2'd0 && rx_cycle == 4'd0;

  // ---- protocol assertions ----
  // The valid/ready rule holds what the module reads stable: in_nbytes on the last beat and the
  // bytes it counts; the rest of a beat is don't-care and may change while waiting (the test
  // drives it at random).
  wire [NBW-1:0]   in_nb_used = in_last ? in_nbytes : FULL;
  wire [ETH_W-1:0] in_d_used  = in_data & ~({ETH_W{1'b1}} >> {in_nb_used, 3'b000});
  `ASSERT_STABLE(in_stable, clk, rst_n, in_valid, in_ready, ({in_last, in_nb_used, in_d_used}), 1 + NBW + ETH_W,
                 "area beat")
  `ASSERT_CLK(dq_no_overflow, clk, rst_n, !fr_valid || dq_in_ready,
              "decision FIFO overflow (more than NFR decisions ahead of their areas)")
  `ASSERT_CLK(fr_bytes_legal, clk, rst_n,
              !fr_valid || ({{(32-LW){1'b0}}, fr_bytes} <= PM32 && {{(32-LW){1'b0}}, fr_bytes} % AL32 == 32'd0),
              "fr_bytes above PDU_MAX or not a multiple of ALIGN")
  `ASSERT_CLK(area_le_pdu_max, clk, rst_n,
              !beat || {{(31-LW){1'b0}}, a_cnt} + {{(32-NBW){1'b0}}, nbeat} <= PM32,
              "command area longer than PDU_MAX")
  `ASSERT_CLK(area_ge_fr_bytes, clk, rst_n,
              !a_pop || {{(31-LW){1'b0}}, a_cnt} + {{(32-NBW){1'b0}}, nbeat} >= {{(32-LW){1'b0}}, d_bytes},
              "command area shorter than its fr_bytes")
  `ASSERT_CLK(nbytes_in_range, clk, rst_n,
              !(beat && in_last) || (in_nbytes != 0 && in_nbytes <= FULL),
              "in_nbytes not 1 .. ETH_W/8 on the last beat")
endmodule

`resetall
