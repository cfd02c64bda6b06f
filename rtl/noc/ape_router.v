// The ExaNet router (seed 004, 3.3; docs/noc/ape_router.md is the contract): a 2D-torus router
// with dimension-ordered routing in a configurable order, two VCs per link chosen by the
// paper's rule (upper VC while the offset to the destination is positive), virtual cut-through
// (a packet starts only when the whole of it fits downstream) and round-robin or fixed-priority
// output arbitration switched at run time. A packet holds its input and its output from header
// to footer, and the next packet's header follows the footer in the next cycle.
`resetall
`default_nettype none
`include "assert.vh"

module ape_router #(
  parameter integer XS   = 4,
  parameter integer YS   = 4,
  parameter integer X    = 0,
  parameter integer Y    = 0,
  parameter integer NLOC = 1,
  parameter integer NVC  = 2,
  parameter integer W    = 128,
  parameter integer D    = 34,
  parameter integer MAXP = 32,
  parameter integer EW   = 16
) (
  input  wire                  clk,
  input  wire                  rst_n,
  input  wire [4+NLOC-1:0]     in_valid,
  input  wire [4+NLOC-1:0]     in_vc,
  input  wire [(4+NLOC)*W-1:0] in_data,
  output wire [(4+NLOC)*NVC-1:0] cr_out,     // p*NVC + v: input VC (p, v) freed a word
  output wire [4+NLOC-1:0]     out_valid,
  output wire [4+NLOC-1:0]     out_vc,
  output wire [(4+NLOC)*W-1:0] out_data,
  input  wire [(4+NLOC)*NVC-1:0] cr_in,      // o*NVC + w: a credit for output VC (o, w)
  input  wire                  cfg_order,    // 0: X then Y, 1: Y then X
  input  wire                  cfg_arb_fixed,
  input  wire [2:0]            cfg_first,
  output wire [5*EW-1:0]       err_count     // OVERFLOW, VC, DST, LEN, CREDIT
);
  `include "common_params.vh"

  generate if (XS < 1 || XS > 16 || YS < 1 || YS > 16 || X < 0 || X >= XS || Y < 0 || Y >= YS ||
               NLOC < 1 || NLOC > 4 || (NVC != 1 && NVC != 2) ||
               (W != 64 && W != 96 && W != 128) || MAXP < 1 || MAXP > 255 ||
               D < MAXP + 2 || D > 1024 || EW < 1 || EW > 32) begin : g_bad_param
    `PARAM_FATAL("ape_router: need XS, YS 1..16, X < XS, Y < YS, NLOC 1..4, NVC 1/2, W 64/96/128, MAXP 1..255, D MAXP+2..1024, EW 1..32")
  end endgenerate

  localparam integer P  = 4 + NLOC;
  localparam integer NV = P * NVC;
  localparam integer LW = $clog2(D + 1);
  // a FIFO entry: {is_head, drop, port[2:0], vc, len[7:0], word}
  localparam integer EN   = W + 14;
  localparam integer E_LEN  = W;
  localparam integer E_VC   = W + 8;
  localparam integer E_PORT = W + 9;
  localparam integer E_DROP = W + 12;
  localparam integer E_HEAD = W + 13;
  localparam [LW-1:0] FULL = LW'(D);

  integer p, v, o, k, q;

  // ------------------------------------------------------------------ configuration registers
  reg       order_q, fixed_q;
  reg [2:0] first_q;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      order_q <= 1'b0;
      fixed_q <= 1'b0;
      first_q <= 3'd0;
    end else begin
      order_q <= cfg_order;
      fixed_q <= cfg_arb_fixed;
      first_q <= cfg_first;
    end
  end

  // ------------------------------------------------------------------ routing (header on port p)
  // Plus or minus in a ring of k from c towards t (ties go plus), and the paper's VC: upper
  // while the destination is ahead without crossing the wrap link.
  function automatic [1:0] ring_dir(input [7:0] t, input [8:0] n, input [8:0] c);
    reg [8:0] a, b;
    begin
      a = {1'b0, t} >= c ? {1'b0, t} - c : {1'b0, t} + n - c;
      b = {1'b0, t} <= c ? c - {1'b0, t} : c + n - {1'b0, t};
      ring_dir[1] = a > b;                                        // 1: minus
      ring_dir[0] = NVC == 2 && (a <= b ? {1'b0, t} > c : {1'b0, t} < c);  // the VC
    end
  endfunction

  reg [P-1:0]   rt_drop, rt_len_err, rt_dst_err, rt_vc;
  reg [3*P-1:0] rt_port;
  reg [1:0]     dx, dy;
  reg           x_done, y_done;
  always @* begin
    for (p = 0; p < P; p = p + 1) begin
      rt_len_err[p] = in_data[p*W + 16 +: 8] > 8'(MAXP);
      rt_dst_err[p] = !rt_len_err[p] && (in_data[p*W +: 8] >= 8'(XS) ||
                      in_data[p*W + 8 +: 8] >= 8'(YS) || in_data[p*W + 24 +: 4] >= 4'(NLOC));
      rt_drop[p]    = rt_len_err[p] || rt_dst_err[p];
      // (a destination off the torus is dropped: its direction does not matter)
      dx     = ring_dir(in_data[p*W +: 8], 9'(XS), 9'(X));
      dy     = ring_dir(in_data[p*W + 8 +: 8], 9'(YS), 9'(Y));
      x_done = in_data[p*W +: 8] == 8'(X);
      y_done = in_data[p*W + 8 +: 8] == 8'(Y);
      if (!x_done && (!order_q || y_done)) begin
        rt_port[p*3 +: 3] = dx[1] ? 3'd1 : 3'd0;
        rt_vc[p]          = dx[0];
      end else if (!y_done) begin
        rt_port[p*3 +: 3] = dy[1] ? 3'd3 : 3'd2;
        rt_vc[p]          = dy[0];
      end else begin
        rt_port[p*3 +: 3] = 3'd4 + in_data[p*W + 24 +: 3];
        rt_vc[p]          = 1'b0;
      end
    end
  end

  // ------------------------------------------------------------------ input write
  reg  [9*NV-1:0]  wrem_q;       // words still to come of the packet being written
  reg  [NV-1:0]    sel, wr, ovf;
  reg  [P-1:0]     bad_vc;
  reg  [NV*EN-1:0] entry;  // what each input VC would store this cycle
  wire [NV-1:0]    nfull, nonempty;
  wire [NV*EN-1:0] front;
  wire [NV*LW-1:0] level_unused;
  reg  [NV-1:0]    pop;
  reg  [NV-1:0]    is_head_w;

  // generate loops, not a procedural k = p*NVC + v: Yosys would take such a k for a run-time
  // index and build a multiplexer for every bit of `entry`
  genvar gp, gv;
  generate for (gp = 0; gp < P; gp = gp + 1) begin : g_in
    always @* bad_vc[gp] = in_valid[gp] && {1'b0, in_vc[gp]} >= 2'(NVC);
    for (gv = 0; gv < NVC; gv = gv + 1) begin : g_vc
      localparam integer K = gp*NVC + gv;
      always @* begin
        sel[K]       = in_valid[gp] && in_vc[gp] == 1'(gv);
        is_head_w[K] = wrem_q[K*9 +: 9] == 9'd0;
        wr[K]        = sel[K] && nfull[K];
        ovf[K]       = sel[K] && !nfull[K];
        entry[K*EN +: EN] = {is_head_w[K], rt_drop[gp], rt_port[gp*3 +: 3], rt_vc[gp],
                             in_data[gp*W + 16 +: 8], in_data[gp*W +: W]};
      end
    end
  end endgenerate

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      wrem_q <= {9*NV{1'b0}};
    else
      for (k = 0; k < NV; k = k + 1)
        if (sel[k])
          wrem_q[k*9 +: 9] <= is_head_w[k] ? 9'(entry[k*EN + E_LEN +: 8]) + 9'd1
                                           : wrem_q[k*9 +: 9] - 9'd1;
  end

  genvar gi;
  generate for (gi = 0; gi < NV; gi = gi + 1) begin : g_buf
    sync_fifo #(.WIDTH(EN), .DEPTH(D)) u_fifo (
      .clk(clk), .rst_n(rst_n),
      .in_valid(wr[gi]), .in_data(entry[gi*EN +: EN]), .in_ready(nfull[gi]),
      .out_valid(nonempty[gi]), .out_data(front[gi*EN +: EN]), .out_ready(pop[gi]),
      .level(level_unused[gi*LW +: LW])
    );
  end endgenerate

  // ------------------------------------------------------------------ transfers and allocation
  reg [P-1:0]    ibusy_q, ivc_q, idrop_q, ivco_q;
  reg [3*P-1:0]  iout_q;
  reg [9*P-1:0]  irem_q;
  reg [P-1:0]    iptr_q;
  reg [P-1:0]    obusy_q;
  reg [3*P-1:0]  optr_q;
  reg [LW*NV-1:0] cred_q;
  reg [P-1:0]    out_valid_q, out_vc_q;
  reg [P*W-1:0]  out_data_q;
  reg [NV-1:0]   cr_out_q;

  reg [NV-1:0]   elig;
  reg [P-1:0]    bpop;            // a busy port pops its transfer's next word
  reg [P-1:0]    pick, pick_vc, pick_now, start;
  reg [P*P-1:0]  req;             // [o*P + p]
  reg [P*P-1:0]  gnt;
  reg [P-1:0]    granted;
  reg [2:0]      first_mod, sidx;
  reg [3:0]      cidx;
  reg [EN-1:0]   f;
  reg [P*EN-1:0] pf;              // the front entry of port p's pick
  reg [11:0]     need;
  reg [LW-1:0]   csel;
  reg            found;

  always @* begin
    // eligibility of each input VC's front entry
    for (k = 0; k < NV; k = k + 1) begin
      f       = front[k*EN +: EN];
      need    = 12'(f[E_LEN +: 8]) + 12'd2;
      csel    = {LW{1'b0}};          // the credits of the entry's output VC
      for (o = 0; o < P; o = o + 1)
        for (v = 0; v < NVC; v = v + 1)
          if (f[E_PORT +: 3] == 3'(o) && f[E_VC] == 1'(v)) csel = cred_q[(o*NVC + v)*LW +: LW];
      elig[k] = !ibusy_q[k / NVC] && nonempty[k] &&
                (!f[E_HEAD] || f[E_DROP] || (!obusy_q[f[E_PORT +: 3]] && 12'(csel) >= need));
    end
    // input stage: the first eligible VC at or after the port's pointer
    for (p = 0; p < P; p = p + 1) begin
      bpop[p]     = ibusy_q[p] && nonempty[p*NVC + 32'(ivc_q[p] && NVC == 2)];
      pick[p]     = 1'b0;
      pick_vc[p]  = 1'b0;
      if (NVC == 1) begin
        pick[p] = elig[p*NVC];
      end else if (elig[p*NVC + 32'(iptr_q[p])]) begin
        pick[p]    = 1'b1;
        pick_vc[p] = iptr_q[p];
      end else if (elig[p*NVC + 32'(!iptr_q[p])]) begin
        pick[p]    = 1'b1;
        pick_vc[p] = !iptr_q[p];
      end
      // constant selects (NVC is 1 or 2): a variable part-select of `front` would synthesize
      // to a shifter as wide as all the buffers' fronts
      pf[p*EN +: EN] = NVC == 2 && pick_vc[p] ? front[(p*NVC + NVC - 1)*EN +: EN]
                                              : front[p*NVC*EN +: EN];
      // a drop or an orphan starts at once
      pick_now[p] = pick[p] && (!pf[p*EN + E_HEAD] || pf[p*EN + E_DROP]);
      for (o = 0; o < P; o = o + 1)
        req[o*P + p] = pick[p] && !pick_now[p] && pf[p*EN + E_PORT +: 3] == 3'(o);
    end
    // output stage: round-robin from the pointer, or fixed priority from cfg_first
    first_mod = 3'(32'(first_q) % P);
    gnt = {P*P{1'b0}};
    for (o = 0; o < P; o = o + 1) begin
      sidx  = fixed_q ? first_mod : optr_q[o*3 +: 3];
      found = 1'b0;
      for (q = 0; q < P; q = q + 1) begin
        cidx = 4'(sidx) + 4'(q);
        if (cidx >= 4'(P)) cidx = cidx - 4'(P);
        if (!found && req[o*P + 32'(cidx)]) begin
          found = 1'b1;
          gnt[o*P + 32'(cidx)] = 1'b1;
        end
      end
    end
    for (p = 0; p < P; p = p + 1) begin
      granted[p] = 1'b0;
      for (o = 0; o < P; o = o + 1)
        granted[p] = granted[p] | gnt[o*P + p];
      start[p] = pick_now[p] || granted[p];
    end
    for (p = 0; p < P; p = p + 1)
      for (v = 0; v < NVC; v = v + 1)
        pop[p*NVC + v] = (bpop[p] && ivc_q[p] == 1'(v)) || (start[p] && pick_vc[p] == 1'(v));
  end

  // The word each output sends this cycle: a busy transfer's, or a newly granted header.
  reg [P-1:0]   send;
  reg [P-1:0]   send_vc;
  reg [P*W-1:0] send_data;
  reg [NV-1:0]  sent;             // o*NVC + w: a word went out on output VC (o, w)
  reg [W-1:0]   bw;               // the word of port p's transfer in progress
  integer       po, oo;
  always @* begin
    send      = {P{1'b0}};
    send_vc   = out_vc_q;         // out_vc and out_data keep their values when nothing leaves
    send_data = out_data_q;
    for (po = 0; po < P; po = po + 1) begin
      bw = NVC == 2 && ivc_q[po] ? front[(po*NVC + NVC - 1)*EN +: W] : front[po*NVC*EN +: W];
      for (oo = 0; oo < P; oo = oo + 1) begin
        if (bpop[po] && !idrop_q[po] && iout_q[po*3 +: 3] == 3'(oo)) begin
          send[oo]             = 1'b1;
          send_vc[oo]          = ivco_q[po];
          send_data[oo*W +: W] = bw;
        end
        if (gnt[oo*P + po]) begin
          send[oo]             = 1'b1;
          send_vc[oo]          = pf[po*EN + E_VC];
          send_data[oo*W +: W] = pf[po*EN +: W];
        end
      end
    end
    sent = {NV{1'b0}};
    for (oo = 0; oo < P; oo = oo + 1)
      for (po = 0; po < NVC; po = po + 1)
        sent[oo*NVC + po] = send[oo] && send_vc[oo] == 1'(po);
  end

  // ------------------------------------------------------------------ credits
  reg [NV-1:0]   cr_ovf, cr_zero;
  reg [LW*NV-1:0] cred_next;
  reg [LW:0]     csum;
  always @* begin
    for (k = 0; k < NV; k = k + 1) begin
      csum       = {1'b0, cred_q[k*LW +: LW]} - (LW + 1)'(sent[k]) + (LW + 1)'(cr_in[k]);
      cr_ovf[k]  = csum > (LW + 1)'(D);
      cr_zero[k] = cred_q[k*LW +: LW] == {LW{1'b0}};
      cred_next[k*LW +: LW] = cr_ovf[k] ? FULL : csum[LW-1:0];
    end
  end

  // ------------------------------------------------------------------ state
  reg [P-1:0]   obusy_next;

  always @* begin
    obusy_next = obusy_q;
    for (p = 0; p < P; p = p + 1)
      if (bpop[p] && !idrop_q[p] && irem_q[p*9 +: 9] == 9'd0)
        obusy_next[iout_q[p*3 +: 3]] = 1'b0;
    for (o = 0; o < P; o = o + 1)
      for (p = 0; p < P; p = p + 1)
        if (gnt[o*P + p]) obusy_next[o] = 1'b1;
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ibusy_q     <= {P{1'b0}};
      ivc_q       <= {P{1'b0}};
      idrop_q     <= {P{1'b0}};
      ivco_q      <= {P{1'b0}};
      iout_q      <= {3*P{1'b0}};
      irem_q      <= {9*P{1'b0}};
      iptr_q      <= {P{1'b0}};
      obusy_q     <= {P{1'b0}};
      optr_q      <= {3*P{1'b0}};
      cred_q      <= {NV{FULL}};
      out_valid_q <= {P{1'b0}};
      out_vc_q    <= {P{1'b0}};
      out_data_q  <= {P*W{1'b0}};
      cr_out_q    <= {NV{1'b0}};
    end else begin
      for (p = 0; p < P; p = p + 1) begin
        if (bpop[p]) begin
          if (irem_q[p*9 +: 9] == 9'd0) ibusy_q[p] <= 1'b0;
          else irem_q[p*9 +: 9] <= irem_q[p*9 +: 9] - 9'd1;
        end
        if (start[p]) begin
          iptr_q[p]  <= NVC == 2 ? !pick_vc[p] : 1'b0;
          ivc_q[p]   <= pick_vc[p];
          idrop_q[p] <= pf[p*EN + E_DROP];
          ivco_q[p]  <= pf[p*EN + E_VC];
          iout_q[p*3 +: 3] <= pf[p*EN + E_PORT +: 3];
          irem_q[p*9 +: 9] <= 9'(pf[p*EN + E_LEN +: 8]);  // payload and footer after the header
          ibusy_q[p] <= pf[p*EN + E_HEAD];     // an orphan is done with its one word
        end
      end
      for (o = 0; o < P; o = o + 1)
        for (p = 0; p < P; p = p + 1)
          if (gnt[o*P + p] && !fixed_q)
            optr_q[o*3 +: 3] <= p == P - 1 ? 3'd0 : 3'(p + 1);
      obusy_q     <= obusy_next;
      cred_q      <= cred_next;
      out_valid_q <= send;
      out_vc_q    <= send_vc;
      out_data_q  <= send_data;
      cr_out_q    <= pop;
    end
  end

  assign out_valid = out_valid_q;
  assign out_vc    = out_vc_q;
  assign out_data  = out_data_q;
  assign cr_out    = cr_out_q;

  // ------------------------------------------------------------------ error counters
  reg [39:0] ev;                   // [e*8 +: 8]: events of kind e this cycle
  always @* begin
    ev = 40'd0;
    for (p = 0; p < P; p = p + 1)
      ev[8 +: 8] = ev[8 +: 8] + 8'(bad_vc[p]);
    for (k = 0; k < NV; k = k + 1) begin
      ev[0 +: 8]  = ev[0 +: 8] + 8'(ovf[k]);
      ev[16 +: 8] = ev[16 +: 8] + 8'(wr[k] && is_head_w[k] && rt_dst_err[k / NVC]);
      ev[24 +: 8] = ev[24 +: 8] + 8'(wr[k] && is_head_w[k] && rt_len_err[k / NVC]);
      ev[32 +: 8] = ev[32 +: 8] + 8'(cr_ovf[k]);
    end
  end
  sat_counters #(.N(5), .W(EW), .IW(8)) u_err (
    .clk(clk), .rst_n(rst_n), .inc(ev), .count(err_count));
  wire unused = ^level_unused;

  // ------------------------------------------------------------------ assertions
  reg [P-1:0] two_senders;
  always @* begin
    for (o = 0; o < P; o = o + 1) begin
      two_senders[o] = 1'b0;
      for (p = 0; p < P; p = p + 1)
        if (gnt[o*P + p] && obusy_q[o]) two_senders[o] = 1'b1;
    end
  end
  `ASSERT_CLK(sent_credit, clk, rst_n, (sent & cr_zero) == {NV{1'b0}},
              "a word sent on an output VC without credit")
  `ASSERT_CLK(one_transfer, clk, rst_n, two_senders == {P{1'b0}},
              "an output granted while a transfer holds it")
endmodule

`resetall
