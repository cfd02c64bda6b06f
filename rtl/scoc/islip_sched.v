// iSLIP scheduler of the flat input-queued crossbar (docs/scoc/islip_switch.md), the baseline ("Flat") of
// the SCOC paper: per input a request array of QD packets (scoc_req_array, oldest first; the
// VOQs are its entries per destination), K iterations of request / grant / accept with a grant
// pointer per output and an accept pointer per input, in packet mode: a matched pair stays
// busy for the packet's words. One cycle: the match is computed from the registered state
// (arrays, busy counters, pointers) and the output room of the cycle, registered at the edge
// (match_* per output, acc_* per input); the datapath loads the transfer with it, the first
// word crosses one cycle after the match is shown.
// Model: csrc/ref/scoc/islip_switch_model.c (the scheduler of islip_switch)
`resetall
`default_nettype none
`include "assert.vh"

module islip_sched #(
  parameter integer N  = 16,
  parameter integer K  = 1,
  parameter integer QD = 16,
  parameter integer LW = 4,
  parameter integer TW = 4
) (
  input  wire                      clk,
  input  wire                      rst_n,
  // a packet enters input p's request array (with its last word)
  input  wire [N-1:0]              enq_valid,
  input  wire [N*$clog2(N)-1:0]    enq_dst,
  input  wire [N*LW-1:0]           enq_len,
  input  wire [N*TW-1:0]           enq_tag,
  // output o can take one more packet
  input  wire [N-1:0]              out_room,
  output wire [N*$clog2(QD+1)-1:0] arr_count,
  // the requests of this cycle's first iteration, bit i N + o (from the state and out_room)
  output reg  [N*N-1:0]            req,
  // registered: the match made in the previous cycle, per output and per input
  output reg  [N-1:0]              match_valid,
  output reg  [N*$clog2(N)-1:0]    match_in,
  output reg  [N*2-1:0]            match_it,    // iteration that made it, 0 .. K-1
  output reg  [N-1:0]              acc_valid,
  output reg  [N*$clog2(N)-1:0]    acc_out,
  output reg  [N*LW-1:0]           acc_len,
  output reg  [N*TW-1:0]           acc_tag,
  // the pointers (registered), per output and per input
  output reg  [N*$clog2(N)-1:0]    gnt_ptr,
  output reg  [N*$clog2(N)-1:0]    acc_ptr
);
  generate if (N < 2 || N > 64 || K < 1 || K > 4 || QD < 2 || QD > 32 || LW < 1 || LW > 8 ||
               TW < 1 || TW > 8)
  begin : g_bad_param
    `PARAM_FATAL("islip_sched: need 2 <= N <= 64, 1 <= K <= 4, 2 <= QD <= 32, 1 <= LW, TW <= 8")
  end endgenerate

  localparam integer NW = $clog2(N);
  localparam integer QW = $clog2(QD);
  localparam integer CW = $clog2(QD + 1);
  localparam [NW-1:0] LAST = NW'(N - 1);

  // ---- request arrays
  wire [N*QD-1:0]    e_valid;
  wire [N*QD*NW-1:0] e_dst;
  wire [N*QD*LW-1:0] e_len;
  wire [N*QD*TW-1:0] e_tag;
  reg  [N-1:0]       rm_valid;
  reg  [N*QW-1:0]    rm_idx;

  genvar p;
  generate for (p = 0; p < N; p = p + 1) begin : g_in
    scoc_req_array #(
      .QD (QD),
      .NW (NW),
      .LW (LW),
      .TW (TW)
    ) u_arr (
      .clk       (clk),
      .rst_n     (rst_n),
      .enq_valid (enq_valid[p]),
      .enq_dst   (enq_dst[p*NW +: NW]),
      .enq_len   (enq_len[p*LW +: LW]),
      .enq_tag   (enq_tag[p*TW +: TW]),
      .rm_valid  (rm_valid[p]),
      .rm_idx    (rm_idx[p*QW +: QW]),
      .e_valid   (e_valid[p*QD +: QD]),
      .e_dst     (e_dst[p*QD*NW +: QD*NW]),
      .e_len     (e_len[p*QD*LW +: QD*LW]),
      .e_tag     (e_tag[p*QD*TW +: QD*TW]),
      .count     (arr_count[p*CW +: CW])
    );
  end endgenerate

  // ---- busy counters: cycles until the last word of the port's current transfer. A match in
  // cycle c shows in c + 1 and moves words c + 2 .. c + 1 + len, so the counter is len in
  // c + 1; a port is free for a match when its last word is at most one cycle ahead (rem <= 1:
  // the new first word follows it with no gap).
  reg [N*LW-1:0] rem_in_q, rem_out_q;

  // One-hot: the first set bit of v at or after position ptr, cyclically. This is the rule of
  // rtl/common rr_arbiter, but its pointer is private and moves on its own grant, whereas iSLIP
  // reads one pointer in all K iterations and moves it only for a first-iteration match.
  function automatic [N-1:0] rr_pick(input [N-1:0] v, input [NW-1:0] ptr);
    reg [N-1:0] hi, cand;
    integer b;
    begin
      for (b = 0; b < N; b = b + 1)
        hi[b] = v[b] && b >= ptr;
      cand = (hi != {N{1'b0}}) ? hi : v;
      rr_pick = cand & (~cand + 1'b1);
    end
  endfunction

  // Matrices are N x N bit vectors, bit i N + o for input i and output o.
  reg [N*N-1:0]  ne;                // VOQ (i, o) holds a packet
  reg [N*N-1:0]  gm;                // grants of the current iteration
  reg [N*N-1:0]  mx;                // this cycle's match
  reg [N-1:0]    fin, fout;         // free for a match this cycle
  reg [N-1:0]    um_in, um_out;     // free and not matched yet
  reg [N-1:0]    col, pick;
  reg [N*2-1:0]  mi_it;             // iteration of each input's match
  reg [N-1:0]    mo_v;              // the match per output
  reg [N*NW-1:0] mo_in;
  reg [N*2-1:0]  mo_it;
  reg [N*LW-1:0] mo_len;
  reg [N-1:0]    mi_v;              // ... and per input, with its packet
  reg [N*NW-1:0] mi_out;
  reg [N*LW-1:0] mi_len;
  reg [N*TW-1:0] mi_tag;
  integer i, o, j, it;

  always @* begin
    ne = {(N*N){1'b0}};
    for (i = 0; i < N; i = i + 1)
      for (j = 0; j < QD; j = j + 1)
        ne[i*N +: N] = ne[i*N +: N] |
                       ({{(N-1){1'b0}}, e_valid[i*QD + j]} << e_dst[(i*QD + j)*NW +: NW]);
    for (i = 0; i < N; i = i + 1) begin
      fin[i]  = rem_in_q[i*LW +: LW] <= {{(LW-1){1'b0}}, 1'b1};
      fout[i] = rem_out_q[i*LW +: LW] <= {{(LW-1){1'b0}}, 1'b1} && out_room[i];
    end
    for (i = 0; i < N; i = i + 1)
      for (o = 0; o < N; o = o + 1)
        req[i*N + o] = ne[i*N + o] && fin[i] && fout[o];

    // K iterations; the later ones only add matches between ports still unmatched
    um_in  = fin;
    um_out = fout;
    gm     = {(N*N){1'b0}};
    mx     = {(N*N){1'b0}};
    col    = {N{1'b0}};
    pick   = {N{1'b0}};
    mi_it  = {(N*2){1'b0}};
    for (it = 0; it < K; it = it + 1) begin
      // grant: each unmatched output picks a requesting unmatched input at/after its pointer
      for (o = 0; o < N; o = o + 1) begin
        for (i = 0; i < N; i = i + 1)
          col[i] = req[i*N + o] && um_in[i] && um_out[o];
        pick = rr_pick(col, gnt_ptr[o*NW +: NW]);
        for (i = 0; i < N; i = i + 1)
          gm[i*N + o] = pick[i];
      end
      // accept: each input picks a granting output at/after its pointer
      for (i = 0; i < N; i = i + 1) begin
        pick = rr_pick(gm[i*N +: N], acc_ptr[i*NW +: NW]);
        mx[i*N +: N] = mx[i*N +: N] | pick;
        if (pick != {N{1'b0}}) begin
          um_in[i]       = 1'b0;
          mi_it[i*2 +: 2] = it[1:0];
        end
        um_out = um_out & ~pick;
      end
    end
  end

  // the match per input and per output; the matched input's packet is its oldest entry for
  // that output (per connection order)
  always @* begin
    mi_v   = {N{1'b0}};
    mi_out = {(N*NW){1'b0}};
    mo_v   = {N{1'b0}};
    mo_in  = {(N*NW){1'b0}};
    mo_it  = {(N*2){1'b0}};
    for (i = 0; i < N; i = i + 1)
      for (o = 0; o < N; o = o + 1)
        if (mx[i*N + o]) begin
          mi_v[i]            = 1'b1;
          mi_out[i*NW +: NW] = o[NW-1:0];
          mo_v[o]            = 1'b1;
          mo_in[o*NW +: NW]  = i[NW-1:0];
          mo_it[o*2 +: 2]    = mi_it[i*2 +: 2];
        end
    rm_valid = mi_v;
    rm_idx   = {(N*QW){1'b0}};
    mi_len   = {(N*LW){1'b0}};
    mi_tag   = {(N*TW){1'b0}};
    for (i = 0; i < N; i = i + 1)
      for (j = QD - 1; j >= 0; j = j - 1)
        if (mi_v[i] && e_valid[i*QD + j] && e_dst[(i*QD + j)*NW +: NW] == mi_out[i*NW +: NW]) begin
          rm_idx[i*QW +: QW] = j[QW-1:0];
          mi_len[i*LW +: LW] = e_len[(i*QD + j)*LW +: LW];
          mi_tag[i*TW +: TW] = e_tag[(i*QD + j)*TW +: TW];
        end
    mo_len = {(N*LW){1'b0}};
    for (i = 0; i < N; i = i + 1)
      for (o = 0; o < N; o = o + 1)
        if (mx[i*N + o])
          mo_len[o*LW +: LW] = mi_len[i*LW +: LW];
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rem_in_q    <= {(N*LW){1'b0}};
      rem_out_q   <= {(N*LW){1'b0}};
      gnt_ptr     <= {(N*NW){1'b0}};
      acc_ptr     <= {(N*NW){1'b0}};
      match_valid <= {N{1'b0}};
      match_in    <= {(N*NW){1'b0}};
      match_it    <= {(N*2){1'b0}};
      acc_valid   <= {N{1'b0}};
      acc_out     <= {(N*NW){1'b0}};
      acc_len     <= {(N*LW){1'b0}};
      acc_tag     <= {(N*TW){1'b0}};
    end else begin
      match_valid <= mo_v;
      match_in    <= mo_in;
      match_it    <= mo_it;
      acc_valid   <= mi_v;
      acc_out     <= mi_out;
      acc_len     <= mi_len;
      acc_tag     <= mi_tag;
      for (o = 0; o < N; o = o + 1) begin
        if (mo_v[o])
          rem_out_q[o*LW +: LW] <= mo_len[o*LW +: LW];
        else if (rem_out_q[o*LW +: LW] != {LW{1'b0}})
          rem_out_q[o*LW +: LW] <= rem_out_q[o*LW +: LW] - 1'b1;
        // pointers move one beyond the partner, for first-iteration matches only
        if (mo_v[o] && mo_it[o*2 +: 2] == 2'd0)
          gnt_ptr[o*NW +: NW] <= (mo_in[o*NW +: NW] == LAST) ? {NW{1'b0}} : mo_in[o*NW +: NW] + 1'b1;
      end
      for (i = 0; i < N; i = i + 1) begin
        if (mi_v[i])
          rem_in_q[i*LW +: LW] <= mi_len[i*LW +: LW];
        else if (rem_in_q[i*LW +: LW] != {LW{1'b0}})
          rem_in_q[i*LW +: LW] <= rem_in_q[i*LW +: LW] - 1'b1;
        if (mi_v[i] && mi_it[i*2 +: 2] == 2'd0)
          acc_ptr[i*NW +: NW] <= (mi_out[i*NW +: NW] == LAST) ? {NW{1'b0}} : mi_out[i*NW +: NW] + 1'b1;
      end
    end
  end

  // ---- checks on this cycle's match: one-to-one (at most one bit per row and per column of
  // the matrix), only over requests, and every matched input has the packet
  reg          bad_1to1, bad_pkt;
  reg  [N-1:0] m_row, m_col;
  integer a, b;
  always @* begin
    bad_1to1 = 1'b0;
    bad_pkt  = 1'b0;
    m_row    = {N{1'b0}};
    m_col    = {N{1'b0}};
    for (a = 0; a < N; a = a + 1) begin
      for (b = 0; b < N; b = b + 1) begin
        m_row[b] = mx[a*N + b];
        m_col[b] = mx[b*N + a];
      end
      if ((m_row & (m_row - 1'b1)) != {N{1'b0}} || (m_col & (m_col - 1'b1)) != {N{1'b0}})
        bad_1to1 = 1'b1;
      if (mi_v[a] && mi_len[a*LW +: LW] == {LW{1'b0}})
        bad_pkt = 1'b1;
    end
  end
  `ASSERT_CLK(match_one_to_one, clk, rst_n, !bad_1to1, "islip_sched: match is not one-to-one")
  `ASSERT_CLK(match_has_req, clk, rst_n, (mx & ~req) == {(N*N){1'b0}}, "islip_sched: match without a request")
  `ASSERT_CLK(match_has_pkt, clk, rst_n, !bad_pkt, "islip_sched: matched input has no packet for the output")
endmodule

`resetall
