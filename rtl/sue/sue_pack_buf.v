// SUE pack buffer (docs/sue/index.md "Packing", "Credits"; docs/sue/sue_tx_front.md): one pack queue per
// {destination slot, VC} (q = slot * 4 + vc) in one shared byte-banked RAM (sue_bank_ram)
// with one region per queue, the per-VC ingress hold FIFOs (head-of-line wait when a queue is
// full), the readiness of every queue (send-now, packing timeout, threshold), the cut of a PDU
// at a decision, the byte stream of the PDU, the ingress credit returns (tx_credit) and the
// per-queue credit returns (one per PDU).
//
// Cycle semantics (the model's order within a cycle t): held heads drain (room as after the
// cuts of t - 1), then the command whose end event shows at t is checked and enqueued or held,
// then a decision at t sees all of that (q_ready) and the cut of cut_q happens at the edge
// ending t.
//
// PDU grouping: commands are grouped as they enter a queue: a command joins the queue's last
// group while the group stays <= PDU_MAX, else it opens a new group. A cut takes the head
// group, which is exactly the model's cut (whole commands from the head while <= PDU_MAX).
// Model: csrc/ref/sue/sue_tx_front_model.c (part of sue_tx_front)
`resetall
`default_nettype none
`include "assert.vh"

module sue_pack_buf #(
  parameter integer DATA_W   = 256,
  parameter integer NDST     = 1,
  parameter integer ALIGN    = 4,
  parameter integer PDU_MAX  = 280,
  parameter integer Q_BYTES  = 556,
  parameter integer ING_CMD  = 1,
  parameter integer ING_DATA = 1,
  // derived (not to be overridden)
  localparam integer PW  = sue_pw(DATA_W),
  localparam integer PWW = $clog2(PW),
  localparam integer NQ  = NDST * 4,
  localparam integer QW  = $clog2(NQ),
  localparam integer LW  = $clog2(PDU_MAX + 1),               // bytes of a group / PDU
  localparam integer QUW = $clog2(Q_BYTES / ALIGN + 1),
  localparam integer TBW = $clog2(NDST * 4 * Q_BYTES + 1)    // bytes of every queue
) (
  input  wire                 clk,
  input  wire                 rst_n,
  input  wire                 flush,          // tx_reset_in: discard every queue and held command
  // from sue_ingress: one-cycle events, never held back (no ready)
  input  wire                 st_valid,
  input  wire [QW-1:0]        st_q,
  input  wire                 wr_valid,
  input  wire [8:0]           wr_pos,
  input  wire [PW*8-1:0]      wr_data,
  input  wire [PW-1:0]        wr_mask,
  input  wire                 ev_valid,
  input  wire [1:0]           ev_vc,
  input  wire                 ev_type,
  input  wire [QW-1:0]        ev_q,
  input  wire [8:0]           ev_len,
  input  wire                 ev_sn,
  input  wire [1:0]           ev_drop,
  input  wire                 ab_valid,
  input  wire [1:0]           ab_vc,
  input  wire                 ab_type,
  // configuration
  input  wire [15:0]          pack_timeout,
  input  wire [15:0]          pack_thresh,
  // readiness (combinational, this cycle's commits included) and the cut
  output wire [NQ-1:0]        q_ready,
  input  wire                 cut_valid,
  input  wire [QW-1:0]        cut_q,
  output wire [LW-1:0]        cut_len,        // bytes of the PDU cut_q would give now
  output wire                 rd_busy,        // a PDU is still being read out
  // PDU byte stream (first byte on top, nbytes on the last beat, PW bytes otherwise)
  output wire                 pdu_valid,
  input  wire                 pdu_ready,
  output wire [PW*8-1:0]      pdu_data,
  output wire                 pdu_last,
  output wire [PWW:0]         pdu_nbytes,
  // credit returns
  output reg  [5:0]           tx_credit,
  output reg                  qcr_valid,
  output reg  [QW-1:0]        qcr_q,
  output reg  [QUW-1:0]       qcr_units,
  // load: packed bytes committed to all the queues (the sum of their bytes)
  output reg  [TBW-1:0]       backlog,
  // counter increments
  output reg  [2:0]           inc_cmds,       // commands into a pack queue (tx_cmds)
  output reg  [1:0]           inc_bad,        // ev and ab may both be bad in one cycle
  output reg                  inc_err,
  output reg                  inc_nodst,
  output reg  [1:0]           inc_viol,
  output reg  [2:0]           inc_hol,
  output reg  [23:0]          inc_flushed
);
  `include "common_params.vh"
  `include "sue_params.vh"

  // ---- parameters ----
  localparam integer CMDP_C = round_up(18, ALIGN);
  localparam integer CMDP_D = sue_cmd_max(ALIGN);
  localparam integer HOLD_B = ING_CMD * CMDP_C + ING_DATA * CMDP_D;
  // region bytes: owned (committed + held) + the command being written + the PDU being read
  localparam integer QP     = round_up(Q_BYTES + HOLD_B + CMDP_D + PDU_MAX, PW);
  localparam integer QR     = QP / PW;                                         // rows per queue
  localparam integer OW     = $clog2(QP);                 // offset within a region
  localparam integer NG     = 2 * (Q_BYTES / PDU_MAX) + 3;  // groups per queue (bound)
  localparam integer GW     = $clog2(NG);
  localparam integer GCW    = $clog2(NG + 1);
  localparam integer BW     = $clog2(Q_BYTES + 1);        // bytes of a queue
  localparam integer CW     = $clog2(PDU_MAX / 2 + 1);    // commands of a group
  localparam integer SNW    = $clog2(Q_BYTES / 2 + 1);    // send-now commands of a queue
  localparam integer HD     = ING_CMD + ING_DATA;         // hold entries per VC
  localparam integer HW     = idx_w(HD);
  localparam integer HCW    = $clog2(HD + 1);
  localparam integer TW     = 32;                         // timestamps
  localparam integer OWW    = 9;                          // credits owed (<= 64, margin)

  generate if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512 && DATA_W != 1024 &&
               DATA_W != 2048) begin : g_bad_param
    `PARAM_FATAL("sue_pack_buf: DATA_W must be 128, 256, 512, 1024 or 2048")
  end else if (NDST < 1 || NDST > 64) begin : g_bad_param
    `PARAM_FATAL("sue_pack_buf: NDST must be 1 .. 64")
  end else if (ALIGN != 2 && ALIGN != 4 && ALIGN != 8) begin : g_bad_param
    `PARAM_FATAL("sue_pack_buf: ALIGN must be 2, 4 or 8")
  end else if (PDU_MAX % ALIGN != 0 || PDU_MAX < 280 || PDU_MAX > 8192) begin : g_bad_param
    `PARAM_FATAL("sue_pack_buf: PDU_MAX must be a multiple of ALIGN in 280 .. 8192")
  end else if (Q_BYTES % ALIGN != 0 || Q_BYTES < PDU_MAX + CMDP_D || Q_BYTES > 65536)
  begin : g_bad_param
    `PARAM_FATAL("sue_pack_buf: Q_BYTES must be a multiple of ALIGN in PDU_MAX + 276 .. 65536")
  end else if (ING_CMD < 1 || ING_CMD > 64 || ING_DATA < 1 || ING_DATA > 64)
  begin : g_bad_param
    `PARAM_FATAL("sue_pack_buf: ING_CMD and ING_DATA must be 1 .. 64")
  end endgenerate

  // 32-bit operands of the 32-bit comparisons below
  localparam [31:0] QB32   = Q_BYTES;
  localparam [31:0] PM32   = PDU_MAX;
  localparam [31:0] ICMD32 = ING_CMD;
  localparam [31:0] IDAT32 = ING_DATA;

  function [OW-1:0] off_add(input [OW-1:0] a, input [LW:0] b);
    reg [OW+1:0] s;
    begin
      s = {2'b00, a} + {{(OW+1-LW){1'b0}}, b};
      off_add = (s >= {1'b0, (OW + 1)'(QP)}) ? s[OW-1:0] - OW'(QP) : s[OW-1:0];
    end
  endfunction

  // 9-bit command lengths as LW-bit group lengths (LW >= 9)
  wire [LW-1:0] ev_len_l, cq_len_l;
  generate if (LW > 9) begin : g_lx
    assign ev_len_l = {{(LW-9){1'b0}}, ev_len};
    assign cq_len_l = {{(LW-9){1'b0}}, c_len[ixq(cut_q)*9 +: 9]};
  end else begin : g_l9
    assign ev_len_l = ev_len;
    assign cq_len_l = c_len[ixq(cut_q)*9 +: 9];
  end endgenerate

  // indexes of flattened vectors (32-bit, zero-extended)
  function integer ixq(input [QW-1:0] x);
    ixq = {{(32-QW){1'b0}}, x};
  endfunction
  function integer ix2(input [1:0] x);
    ix2 = {30'd0, x};
  endfunction
  function integer ix3(input [2:0] x);
    ix3 = {29'd0, x};
  endfunction

  // ---- free-running cycle count (entry cycles of the groups) ----
  reg [TW-1:0] now_q;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) now_q <= {TW{1'b0}};
    else        now_q <= now_q + 1'b1;

  wire cut = cut_valid && !flush;

  // ---- per-VC hold FIFOs (exports of g_v) ----
  wire [4*QW-1:0]      vh_q;         // head entry, VC v at [v*W +: W] (also below)
  wire [4*9-1:0]       vh_len;
  wire [3:0]           vh_sn;
  wire [3:0]           vh_ty;
  wire [3:0]           vh_hol;       // head already counted in tx_hol
  wire [8*HCW-1:0]     vh_cnt;       // held commands per {VC, type}: v * 2 + type
  wire [4*(HCW+1)-1:0] htot;

  // ---- per-queue exports (of g_q) ----
  wire [NQ*BW-1:0] e_bytes;        // queue q at [q*W +: W]
  wire [NQ*OW-1:0] e_rdo;
  wire [NQ*OW-1:0] e_pto;
  wire [NQ-1:0]    e_emp;
  wire [NQ-1:0]    e_fit;          // the commit of this cycle joins the last group
  wire [NQ-1:0]    e_lhd;          // the last group is the head group
  wire [NQ*LW-1:0] e_hlen;         // head group
  wire [NQ*CW-1:0] e_hsn;
  wire [NQ*CW-1:0] e_hnc;

  // ---- drains: VC v's head enters its queue when it fits (room as after the last cut) ----
  reg [3:0] dr, dr_blk;
  integer v;
  always @* begin
    for (v = 0; v < 4; v = v + 1) begin
      dr[v]     = htot[v*(HCW+1) +: HCW+1] != 0 &&
                  {{(32-BW){1'b0}}, e_bytes[ixq(vh_q[v*QW +: QW])*BW +: BW]} + {23'd0, vh_len[v*9 +: 9]} <= QB32;
      dr_blk[v] = htot[v*(HCW+1) +: HCW+1] != 0 && !dr[v];
    end
  end

  // ---- the command ending now: credit check, drops, enqueue or hold ----
  reg [HCW-1:0] used, a_used;
  reg           n_viol, n_drop, n_acc, n_direct, n_hold, a_viol;
  always @* begin
    used = vh_cnt[(ix2(ev_vc)*2 + (ev_type ? 1 : 0))*HCW +: HCW] -
           {{(HCW-1){1'b0}}, dr[ev_vc] && vh_ty[ev_vc] == ev_type};
    n_viol = ev_valid && {{(32-HCW){1'b0}}, used} >= (ev_type ? IDAT32 : ICMD32);
    n_drop = ev_valid && !n_viol && ev_drop != 2'd0;
    n_acc  = ev_valid && !n_viol && ev_drop == 2'd0;
    n_direct = n_acc && htot[ix2(ev_vc)*(HCW+1) +: HCW+1] == 0 &&
               {{(32-BW){1'b0}}, e_bytes[ixq(ev_q)*BW +: BW]} + {23'd0, ev_len} <= QB32;
    n_hold = n_acc && !n_direct;
    a_used = vh_cnt[(ix2(ab_vc)*2 + (ab_type ? 1 : 0))*HCW +: HCW] -
             {{(HCW-1){1'b0}}, dr[ab_vc] && vh_ty[ab_vc] == ab_type};
    a_viol = ab_valid && {{(32-HCW){1'b0}}, a_used} >= (ab_type ? IDAT32 : ICMD32);
  end

  // ---- commits: per queue at most one (drains are on distinct VCs, and the new command
  // commits directly only when its VC holds nothing) ----
  reg [NQ-1:0] c_hit;
  reg [NQ*9-1:0] c_len;
  reg [NQ-1:0]   c_sn;
  integer q;
  always @* begin
    for (q = 0; q < NQ; q = q + 1) begin
      c_hit[q] = 1'b0;
      c_len[q*9 +: 9] = 9'd0;
      c_sn[q]  = 1'b0;
      for (v = 0; v < 4; v = v + 1)
        if (dr[v] && vh_q[v*QW +: QW] == q[QW-1:0]) begin
          c_hit[q] = 1'b1;
          c_len[q*9 +: 9] = vh_len[v*9 +: 9];
          c_sn[q]  = vh_sn[v];
        end
      if (n_direct && ev_q == q[QW-1:0]) begin
        c_hit[q] = 1'b1;
        c_len[q*9 +: 9] = ev_len;
        c_sn[q]  = ev_sn;
      end
    end
  end

  // ---- backlog: the sum of every queue's bytes, kept as a running sum of the same commits
  // and cuts (a queue's bytes: + its commit, - the head group cut) ----
  reg [TBW-1:0] csum;
  always @* begin
    csum = {TBW{1'b0}};
    for (v = 0; v < 4; v = v + 1)
      if (dr[v]) csum = csum + TBW'(vh_len[v*9 +: 9]);
    if (n_direct) csum = csum + TBW'(ev_len);
  end
  always @(posedge clk or negedge rst_n)
    if (!rst_n)     backlog <= {TBW{1'b0}};
    else if (flush) backlog <= {TBW{1'b0}};
    else            backlog <= backlog + csum - (cut ? TBW'(h_len) : {TBW{1'b0}});

  // ---- head group of cut_q as it is after this cycle's commit ----
  reg [LW-1:0] h_len;
  reg [CW-1:0] h_sn, h_nc;
  always @* begin
    h_len = e_hlen[ixq(cut_q)*LW +: LW];
    h_sn  = e_hsn[ixq(cut_q)*CW +: CW];
    h_nc  = e_hnc[ixq(cut_q)*CW +: CW];
    if (e_emp[cut_q]) begin
      h_len = cq_len_l;
      h_sn  = {{(CW-1){1'b0}}, c_sn[cut_q]};
      h_nc  = {{(CW-1){1'b0}}, c_hit[cut_q]};
    end else if (c_hit[cut_q] && e_fit[cut_q] && e_lhd[cut_q]) begin
      h_len = h_len + cq_len_l;
      h_sn  = h_sn + {{(CW-1){1'b0}}, c_sn[cut_q]};
      h_nc  = h_nc + 1'b1;
    end
  end
  assign cut_len = h_len;

  // ---- per-queue state ----
  wire [15:0] thr = ({16'd0, pack_thresh} < PM32) ? pack_thresh : 16'(PDU_MAX);
  genvar gq, gv;
  generate for (gq = 0; gq < NQ; gq = gq + 1) begin : g_q
    reg [BW-1:0]    bytes_q;          // committed packed bytes
    reg [SNW-1:0]   nsn_q;            // committed send-now commands
    reg [GCW-1:0]   gcnt_q;           // groups
    reg [GW-1:0]    ghd_q, gtl_q;     // head group, next free group
    reg [OW-1:0]    rdo_q;            // region offset of the head byte
    reg [OW-1:0]    pto_q;            // region offset past the last owned byte (held too)
    reg [NG*LW-1:0] glen_q;           // group g at [g*W +: W]; no reset (written first)
    reg [NG*TW-1:0] gt_q;             // entry cycle of the group's first command
    reg [NG*CW-1:0] gsn_q, gnc_q;     // send-now commands, commands

    wire          hit   = c_hit[gq];
    wire [8:0]    clen  = c_len[gq*9 +: 9];
    wire          csn   = c_sn[gq];
    wire [LW-1:0] clen_l;
    if (LW > 9) begin : g_lx
      assign clen_l = {{(LW-9){1'b0}}, clen};
    end else begin : g_l9
      assign clen_l = clen;
    end
    wire          cuth  = cut && cut_q == gq;
    wire          acc   = n_acc && ev_q == gq;
    wire [GW-1:0] lst   = (gtl_q == {GW{1'b0}}) ? GW'(NG) - 1'b1 : gtl_q - 1'b1;
    wire          emp   = gcnt_q == {GCW{1'b0}};
    reg  [LW-1:0] l_len, h_len_l;
    reg  [TW-1:0] h_t;
    reg  [CW-1:0] h_sn_l, h_nc_l;
    integer g;
    always @* begin
      l_len  = {LW{1'b0}};
      h_len_l = {LW{1'b0}};
      h_t    = {TW{1'b0}};
      h_sn_l = {CW{1'b0}};
      h_nc_l = {CW{1'b0}};
      for (g = 0; g < NG; g = g + 1) begin
        if (lst == g[GW-1:0]) l_len = glen_q[g*LW +: LW];
        if (ghd_q == g[GW-1:0]) begin
          h_len_l = glen_q[g*LW +: LW];
          h_t     = gt_q[g*TW +: TW];
          h_sn_l  = gsn_q[g*CW +: CW];
          h_nc_l  = gnc_q[g*CW +: CW];
        end
      end
    end
    wire fit  = !emp && {{(32-LW){1'b0}}, l_len} + {23'd0, clen} <= PM32;
    wire newg = hit && !fit;

    assign e_bytes[gq*BW +: BW] = bytes_q;
    assign e_rdo[gq*OW +: OW]   = rdo_q;
    assign e_pto[gq*OW +: OW]   = pto_q;
    assign e_emp[gq]   = emp;
    assign e_fit[gq]   = fit;
    assign e_lhd[gq]   = lst == ghd_q;
    assign e_hlen[gq*LW +: LW]  = h_len_l;
    assign e_hsn[gq*CW +: CW]   = h_sn_l;
    assign e_hnc[gq*CW +: CW]   = h_nc_l;

    // readiness with this cycle's commit
    wire [TW-1:0] age    = emp ? {TW{1'b0}} : now_q - h_t;
    wire [BW:0]   nbytes = {1'b0, bytes_q} + {{(BW-8){1'b0}}, clen};
    assign q_ready[gq] = (!emp || hit) &&
                         (nsn_q != {SNW{1'b0}} || csn || age >= {16'd0, pack_timeout} ||
                          {{(31-BW){1'b0}}, nbytes} >= {16'd0, thr});

    always @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        bytes_q <= {BW{1'b0}};
        nsn_q   <= {SNW{1'b0}};
        gcnt_q  <= {GCW{1'b0}};
        ghd_q   <= {GW{1'b0}};
        gtl_q   <= {GW{1'b0}};
        rdo_q   <= {OW{1'b0}};
        pto_q   <= {OW{1'b0}};
      end else if (flush) begin
        // empty; the region restarts at the head so that a PDU still being read (just
        // behind the head) is not overwritten
        bytes_q <= {BW{1'b0}};
        nsn_q   <= {SNW{1'b0}};
        gcnt_q  <= {GCW{1'b0}};
        ghd_q   <= {GW{1'b0}};
        gtl_q   <= {GW{1'b0}};
        pto_q   <= rdo_q;
      end else begin
        bytes_q <= bytes_q + {{(BW-9){1'b0}}, clen} -
                   (cuth ? {{(BW-LW){1'b0}}, h_len} : {BW{1'b0}});
        nsn_q   <= nsn_q + {{(SNW-1){1'b0}}, csn} -
                   (cuth ? {{(SNW-CW){1'b0}}, h_sn} : {SNW{1'b0}});
        gcnt_q  <= gcnt_q + {{(GCW-1){1'b0}}, newg} - {{(GCW-1){1'b0}}, cuth};
        if (newg)
          gtl_q <= (gtl_q == GW'(NG) - 1'b1) ? {GW{1'b0}} : gtl_q + 1'b1;
        if (cuth) begin
          ghd_q <= (ghd_q == GW'(NG) - 1'b1) ? {GW{1'b0}} : ghd_q + 1'b1;
          rdo_q <= off_add(rdo_q, {1'b0, h_len});
        end
        if (acc)
          pto_q <= off_add(pto_q, {1'b0, ev_len_l});
      end
    end

    // group entries: no reset (an entry is written before it is read)
    always @(posedge clk) begin
      for (g = 0; g < NG; g = g + 1) begin
        if (newg && gtl_q == g[GW-1:0]) begin
          glen_q[g*LW +: LW] <= clen_l;
          gt_q[g*TW +: TW]   <= now_q;
          gsn_q[g*CW +: CW]  <= {{(CW-1){1'b0}}, csn};
          gnc_q[g*CW +: CW]  <= {{(CW-1){1'b0}}, 1'b1};
        end else if (hit && !newg && lst == g[GW-1:0]) begin
          glen_q[g*LW +: LW] <= glen_q[g*LW +: LW] + clen_l;
          gsn_q[g*CW +: CW]  <= gsn_q[g*CW +: CW] + {{(CW-1){1'b0}}, csn};
          gnc_q[g*CW +: CW]  <= gnc_q[g*CW +: CW] + 1'b1;
        end
      end
    end

    `ASSERT_CLK(grp_no_overflow, clk, rst_n, flush || !(newg && !cuth && gcnt_q == GCW'(NG)),
                "group FIFO overflow")
    `ASSERT_CLK(queue_no_overflow, clk, rst_n,
                flush || !hit || {1'b0, bytes_q} + {{(BW-8){1'b0}}, clen} <= {1'b0, BW'(Q_BYTES)},
                "pack queue overflow")
  end endgenerate

  // ---- per-VC hold FIFOs ----
  generate for (gv = 0; gv < 4; gv = gv + 1) begin : g_v
    reg [HD*QW-1:0] hq_q;
    reg [HD*9-1:0]  hlen_q;
    reg [HD-1:0]    hsn_q, hty_q, hhol_q;
    reg [HW-1:0]    hrd_q, hwr_q;
    reg [HCW-1:0]   hc0_q, hc1_q;
    wire push = n_hold && ev_vc == gv;
    reg  [QW-1:0] o_q;
    reg  [8:0]    o_len;
    reg           o_sn, o_ty, o_hol;
    integer i;
    always @* begin
      o_q = {QW{1'b0}};
      o_len = 9'd0;
      o_sn = 1'b0;
      o_ty = 1'b0;
      o_hol = 1'b0;
      for (i = 0; i < HD; i = i + 1)
        if (hrd_q == i[HW-1:0]) begin
          o_q   = hq_q[i*QW +: QW];
          o_len = hlen_q[i*9 +: 9];
          o_sn  = hsn_q[i];
          o_ty  = hty_q[i];
          o_hol = hhol_q[i];
        end
    end
    assign vh_q[gv*QW +: QW]      = o_q;
    assign vh_len[gv*9 +: 9]    = o_len;
    assign vh_sn[gv]     = o_sn;
    assign vh_ty[gv]     = o_ty;
    assign vh_hol[gv]    = o_hol;
    assign vh_cnt[(gv*2)*HCW +: HCW] = hc0_q;
    assign vh_cnt[(gv*2+1)*HCW +: HCW] = hc1_q;
    assign htot[gv*(HCW+1) +: HCW+1]      = {1'b0, hc0_q} + {1'b0, hc1_q};

    always @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        hq_q   <= {HD*QW{1'b0}};
        hlen_q <= {HD*9{1'b0}};
        hsn_q  <= {HD{1'b0}};
        hty_q  <= {HD{1'b0}};
        hhol_q <= {HD{1'b0}};
        hrd_q  <= {HW{1'b0}};
        hwr_q  <= {HW{1'b0}};
        hc0_q  <= {HCW{1'b0}};
        hc1_q  <= {HCW{1'b0}};
      end else if (flush) begin
        hrd_q <= {HW{1'b0}};
        hwr_q <= {HW{1'b0}};
        hc0_q <= {HCW{1'b0}};
        hc1_q <= {HCW{1'b0}};
      end else begin
        if (dr[gv])
          hrd_q <= (hrd_q == HW'(HD) - 1'b1) ? {HW{1'b0}} : hrd_q + 1'b1;
        for (i = 0; i < HD; i = i + 1) begin
          if (dr_blk[gv] && hrd_q == i[HW-1:0])
            hhol_q[i] <= 1'b1;
          if (push && hwr_q == i[HW-1:0]) begin
            hq_q[i*QW +: QW] <= ev_q;
            hlen_q[i*9 +: 9] <= ev_len;
            hsn_q[i]         <= ev_sn;
            hty_q[i]         <= ev_type;
            // a command held into an empty FIFO is checked for room at once: counted now
            hhol_q[i]        <= htot[gv*(HCW+1) +: HCW+1] == 0;
          end
        end
        if (push)
          hwr_q <= (hwr_q == HW'(HD) - 1'b1) ? {HW{1'b0}} : hwr_q + 1'b1;
        hc0_q <= hc0_q - {{(HCW-1){1'b0}}, dr[gv] && !o_ty} +
                 {{(HCW-1){1'b0}}, push && !ev_type};
        hc1_q <= hc1_q - {{(HCW-1){1'b0}}, dr[gv] && o_ty} +
                 {{(HCW-1){1'b0}}, push && ev_type};
      end
    end
    `ASSERT_CLK(hold_no_overflow, clk, rst_n, flush || !push || htot[gv*(HCW+1) +: HCW+1] < (HCW + 1)'(HD),
                "hold FIFO overflow")
  end endgenerate

  reg [23:0] tot_q;  // commands committed or held (for tx_flushed)
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)     tot_q <= 24'd0;
    else if (flush) tot_q <= 24'd0;
    else            tot_q <= tot_q + {23'd0, n_acc} - (cut ? {{(24-CW){1'b0}}, h_nc} : 24'd0);
  end

  // ---- counter increments and tx_hol ----
  reg [2:0] hol_c, cmd_c;
  always @* begin
    hol_c = {2'b00, n_hold && htot[ix2(ev_vc)*(HCW+1) +: HCW+1] == 0};
    cmd_c = {2'b00, n_direct};
    for (v = 0; v < 4; v = v + 1) begin
      if (dr_blk[v] && !vh_hol[v]) hol_c = hol_c + 1'b1;
      if (dr[v]) cmd_c = cmd_c + 1'b1;
    end
  end
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      inc_cmds    <= 3'd0;
      inc_bad     <= 2'd0;
      inc_err     <= 1'b0;
      inc_nodst   <= 1'b0;
      inc_viol    <= 2'd0;
      inc_hol     <= 3'd0;
      inc_flushed <= 24'd0;
    end else begin
      inc_cmds    <= flush ? 3'd0 : cmd_c;
      inc_bad     <= flush ? 2'd0 : {1'b0, n_drop && ev_drop == 2'd1} + {1'b0, ab_valid && !a_viol};
      inc_err     <= !flush && n_drop && ev_drop == 2'd2;
      inc_nodst   <= !flush && n_drop && ev_drop == 2'd3;
      inc_viol    <= flush ? 2'd0 : {1'b0, n_viol} + {1'b0, a_viol};
      inc_hol     <= flush ? 3'd0 : hol_c;
      inc_flushed <= flush ? tot_q : 24'd0;
    end
  end

  // ---- ingress credit returns: owed per {VC, type}, one word a cycle ----
  reg [8*OWW-1:0] owed_q;          // index vc * 2 + type
  reg [2:0]     crp_q;             // round-robin pointer over the 8 counters
  reg [2:0]     sel;
  reg           sel_v;
  reg [OWW-1:0] sel_n;
  integer j;
  always @* begin
    sel   = 3'd0;
    sel_v = 1'b0;
    for (j = 7; j >= 0; j = j - 1)
      if (owed_q[ix3((crp_q + j[2:0]) & 3'd7)*OWW +: OWW] != 0) begin
        sel   = (crp_q + j[2:0]) & 3'd7;
        sel_v = 1'b1;
      end
    sel_n = (owed_q[ix3(sel)*OWW +: OWW] > 4) ? 4 : owed_q[ix3(sel)*OWW +: OWW];
  end
  reg [15:0] give;
  always @* begin
    for (j = 0; j < 8; j = j + 1) give[j*2 +: 2] = 2'd0;
    for (v = 0; v < 4; v = v + 1)
      if (dr[v]) give[(v*2 + (vh_ty[v] ? 1 : 0))*2 +: 2] = give[(v*2 + (vh_ty[v] ? 1 : 0))*2 +: 2] + 2'd1;
    if (n_drop || n_direct)
      give[(ix2(ev_vc)*2 + (ev_type ? 1 : 0))*2 +: 2] = give[(ix2(ev_vc)*2 + (ev_type ? 1 : 0))*2 +: 2] + 2'd1;
    if (ab_valid && !a_viol)
      give[(ix2(ab_vc)*2 + (ab_type ? 1 : 0))*2 +: 2] = give[(ix2(ab_vc)*2 + (ab_type ? 1 : 0))*2 +: 2] + 2'd1;
  end
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (j = 0; j < 8; j = j + 1)
        owed_q[j*OWW +: OWW] <= j[0] ? OWW'(ING_DATA) : OWW'(ING_CMD);
      crp_q     <= 3'd0;
      tx_credit <= 6'd0;
    end else if (flush) begin
      for (j = 0; j < 8; j = j + 1)
        owed_q[j*OWW +: OWW] <= j[0] ? OWW'(ING_DATA) : OWW'(ING_CMD);
      crp_q     <= 3'd0;
      tx_credit <= 6'd0;
    end else begin
      for (j = 0; j < 8; j = j + 1)
        owed_q[j*OWW +: OWW] <= owed_q[j*OWW +: OWW] + {{(OWW-2){1'b0}}, give[j*2 +: 2]} -
                     ((sel_v && sel == j[2:0]) ? sel_n : {OWW{1'b0}});
      if (sel_v) crp_q <= sel + 3'd1;
      tx_credit <= sel_v ? {1'b1, sel[0], sel[2:1], sel_n[1:0] - 2'd1} : 6'd0;
    end
  end

  localparam integer ALSH = (ALIGN == 2) ? 1 : (ALIGN == 4) ? 2 : 3;
  wire [LW-ALSH-1:0] h_units = h_len[LW-1:ALSH];
  wire [QUW-1:0]     h_units_q;
  generate if (QUW > LW - ALSH) begin : g_ux
    assign h_units_q = {{(QUW-LW+ALSH){1'b0}}, h_units};
  end else begin : g_u
    assign h_units_q = h_units;
  end endgenerate
  // ---- per-queue credit return: one per PDU, the cycle after the cut ----
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      qcr_valid <= 1'b0;
      qcr_q     <= {QW{1'b0}};
      qcr_units <= {QUW{1'b0}};
    end else begin
      qcr_valid <= cut;
      qcr_q     <= cut_q;
      qcr_units <= h_units_q;
    end
  end

  // ---- RAM: sue_bank_ram, one region (ring of QP bytes) per queue; byte o of queue q's
  // region is bank o % PW, row q*QR + o / PW ----
  // write port: the ingress image at the region offset of the command's start + wr_pos
  reg [OW-1:0] wbase_q;
  reg [QW-1:0] wq_q;
  // (the end event of every earlier command was applied before st_valid: pto is current)
  wire [OW-1:0] st_base = e_pto[ixq(st_q)*OW +: OW];
  always @(posedge clk or negedge rst_n)
    if (!rst_n) begin
      wbase_q <= {OW{1'b0}};
      wq_q    <= {QW{1'b0}};
    end else if (st_valid) begin
      wbase_q <= st_base;
      wq_q    <= st_q;
    end
  wire [OW-1:0] w_base = st_valid ? st_base : wbase_q;
  wire [QW-1:0] w_q    = st_valid ? st_q : wq_q;
  wire [OW-1:0] w_off  = off_add(w_base, {{(LW-8){1'b0}}, wr_pos});

  // read port: the job (queue, offset, bytes left) of the PDU being read
  reg           rj_v;
  reg [QW-1:0]  rj_q;
  reg [OW-1:0]  rj_off;
  reg [LW-1:0]  rj_left;
  reg [1:0]     infl_q;            // reads in flight (0 or 1) into the output FIFO
  wire [1:0]    of_level;
  wire          rd_go = rj_v && ({1'b0, of_level} + {1'b0, infl_q} < 3'd3);
  wire          rj_lastc = {{(32-LW){1'b0}}, rj_left} <= PW;
  assign rd_busy = rj_v;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rj_v    <= 1'b0;
      rj_q    <= {QW{1'b0}};
      rj_off  <= {OW{1'b0}};
      rj_left <= {LW{1'b0}};
    end else if (cut) begin
      rj_v    <= 1'b1;
      rj_q    <= cut_q;
      rj_off  <= e_rdo[ixq(cut_q)*OW +: OW];
      rj_left <= h_len;
    end else if (rd_go) begin
      rj_v    <= !rj_lastc;
      rj_off  <= off_add(rj_off, (LW + 1)'(PW));
      rj_left <= rj_left - LW'(PW);
    end
  end

  // read issue stage registers (used after the RAM's registered read)
  reg           r1_v;
  reg           r1_last;
  reg [PWW:0]   r1_n;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      r1_v    <= 1'b0;
      r1_last <= 1'b0;
      r1_n    <= {(PWW+1){1'b0}};
      infl_q  <= 2'd0;
    end else begin
      r1_v    <= rd_go && !cut;
      r1_last <= rj_lastc;
      r1_n    <= rj_lastc ? rj_left[PWW:0] : (PWW + 1)'(PW);
      infl_q  <= {1'b0, rd_go && !cut};
    end
  end

  // write: the ingress image at w_off of queue w_q; read: the PW bytes at rj_off of rj_q,
  // in r_bank the cycle after rd_go (lane i at [PW*8-1-8i -: 8])
  wire [PW*8-1:0] r_bank;
  sue_bank_ram #(.PW(PW), .NREG(NQ), .QR(QR)) u_ram (
    .clk(clk),
    .w_en(wr_valid), .w_reg(w_q), .w_off(w_off), .w_data(wr_data), .w_mask(wr_mask),
    .r_en(rd_go), .r_reg(rj_q), .r_off(rj_off), .r_data(r_bank));

  // bytes past nbytes read as 0 (they may be unwritten RAM)
  reg [PW*8-1:0] r_img;
  integer ii;
  always @* begin
    for (ii = 0; ii < PW; ii = ii + 1)
      r_img[PW*8-1-8*ii -: 8] = ({{(31-PWW){1'b0}}, r1_n} > ii) ? r_bank[PW*8-1-8*ii -: 8] : 8'd0;
  end

  // output FIFO (3 entries) so the registered read never stalls on pdu_ready
  wire [1:0] lvl;
  wire of_in_ready;
  sync_fifo #(.WIDTH(PW*8 + 1 + PWW + 1), .DEPTH(3)) u_of (
    .clk(clk), .rst_n(rst_n),
    .in_valid(r1_v), .in_data({r_img, r1_last, r1_n}), .in_ready(of_in_ready),
    .out_valid(pdu_valid), .out_data({pdu_data, pdu_last, pdu_nbytes}), .out_ready(pdu_ready),
    .level(lvl));
  assign of_level = lvl;

  `ASSERT_CLK(out_no_overflow, clk, rst_n, !r1_v || of_in_ready, "PDU output FIFO overflow")
  `ASSERT_CLK(cut_not_reading, clk, rst_n, !(cut && rj_v), "decision while a PDU is still being read")
  `ASSERT_CLK(cut_of_ready, clk, rst_n, !(cut && !q_ready[cut_q]), "cut of a queue that is not ready")
endmodule

`resetall
