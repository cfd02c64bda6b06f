// SCOC accept unit of one input group (docs/scoc/index.md "Accept unit"). Takes the grants that
// the output groups addressed to this group in the previous cycle (route r: the timeslice of
// the request two cycles ago). Each local port that can start a transfer on r picks, oldest
// cell first, its oldest packet for a granted output; one of those ports is picked at random
// (rnd, from the group's LFSR); its packet's entry leaves the request array and the transfer's counters start.
// The unit also owns the input side's busy counters (per port and route, per group route),
// which the request unit reads too.
// Model: csrc/ref/scoc/scoc_sched_model.c (part of scoc_sched)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_accept_unit #(
  parameter integer N  = 32,
  parameter integer M  = 4,
  parameter integer MT = 4,
  parameter integer QD = 16,
  parameter integer LW = 4,
  parameter integer TW = 4
) (
  input  wire                          clk,
  input  wire                          rst_n,
  // this input group's number, and its random bits (an LFSR in scoc_sched): inputs rather
  // than parameters, so that every group is one and the same module
  input  wire [idx_w(N/M)-1:0]         my_group,
  input  wire [7:0]                    rnd,
  input  wire [$clog2(M)-1:0]          route,       // (cycle - 2) mod M
  input  wire [$clog2(M)-1:0]          req_route,   // cycle mod M, for the request unit
  // the grants of the previous cycle, one per output group
  input  wire [N/M-1:0]                gnt_valid,
  input  wire [(N/M)*$clog2(M)-1:0]    gnt_out,
  input  wire [(N/M)*idx_w(N/M)-1:0] gnt_ig,
  // the request arrays of the M local ports
  input  wire [M*QD-1:0]               e_valid,
  input  wire [M*QD*$clog2(N)-1:0]     e_dst,
  input  wire [M*QD*LW-1:0]            e_len,
  input  wire [M*QD*TW-1:0]            e_tag,
  // port p may request on req_route (for the request unit)
  output wire [M-1:0]                  req_avail,
  // the accept of this cycle (combinational)
  output reg                           acc,
  output reg  [$clog2(M)-1:0]          acc_port,
  output reg  [$clog2(QD)-1:0]         acc_idx,
  output reg  [$clog2(N)-1:0]          acc_out,
  output reg  [LW-1:0]                 acc_len,
  output reg  [TW-1:0]                 acc_tag
);
  `include "common_params.vh"
  `include "scoc_params.vh"

  // one copy of the model's code for all groups (Verilator otherwise inlines each)
  /* verilator no_inline_module */
  localparam integer R   = N / M;
  localparam integer NW  = $clog2(N);
  localparam integer MW  = $clog2(M);
  localparam integer RW  = idx_w(R);
  localparam integer QW  = $clog2(QD);
  localparam integer D   = scoc_d(M);                               // request to first word
  localparam integer CTW = scoc_ctw(M, LW);                         // busy counter width
  localparam [CTW-1:0] THR_REQ = CTW'(D);
  localparam [CTW-1:0] THR_ACC = CTW'(D - 2);
  localparam [CTW-1:0] D3      = CTW'(D - 3);
  localparam [CTW-1:0] MC      = CTW'(M);

  // ---- busy counters: cycles until the last word of the current transfer
  // (vectors, not arrays: updated in loops that Verilator need not unroll into arrays)
  reg [M*M*CTW-1:0] rem_p;   // port p, route x: field p*M + x
  reg [M*CTW-1:0]   rem_g;   // this group's route links

  // free(p, x, thr): port p may start a transfer on route x whose first word is thr cycles
  // ahead: its route x is free by then, fewer than MT of its routes are still busy then, and
  // so is the group's route x.
  function automatic free_at(input integer p, input integer x, input [CTW-1:0] thr);
    integer y, n;
    begin
      n = 0;
      for (y = 0; y < M; y = y + 1)
        if (rem_p[(p*M+y)*CTW +: CTW] >= thr) n = n + 1;
      free_at = rem_p[(p*M+x)*CTW +: CTW] < thr && n < MT && rem_g[x*CTW +: CTW] < thr;
    end
  endfunction

  genvar gp;
  generate for (gp = 0; gp < M; gp = gp + 1) begin : g_avail
    assign req_avail[gp] = free_at(gp, {{(32-MW){1'b0}}, req_route}, THR_REQ);
  end endgenerate

  // ---- granted outputs
  reg [N-1:0] gset;
  integer k;
  always @* begin
    gset = {N{1'b0}};
    for (k = 0; k < R; k = k + 1)
      if (gnt_valid[k] && gnt_ig[k*RW +: RW] == my_group)
        gset[k*M + {{(32-MW){1'b0}}, gnt_out[k*MW +: MW]}] = 1'b1;
  end

  // ---- per port: oldest entry for a granted output
  reg [M-1:0]    cand;
  reg [M*QW-1:0] pidx;                  // port p's chosen entry: bits p*QW +: QW
  integer p, e;
  integer ri, ai;                       // route, and the accepted entry's flat index
  always @* ri = {{(32-MW){1'b0}}, route};
  always @* begin
    for (p = 0; p < M; p = p + 1) begin
      cand[p] = 1'b0;
      pidx[p*QW +: QW] = {QW{1'b0}};
      // (the loop runs whatever the condition: a loop variable assigned on some paths only
      // would be a latch to Yosys)
      for (e = QD - 1; e >= 0; e = e - 1)
        if (free_at(p, ri, THR_ACC) && e_valid[p*QD+e] && gset[e_dst[(p*QD+e)*NW +: NW]]) begin
          cand[p] = 1'b1;
          pidx[p*QW +: QW] = e[QW-1:0];
        end
    end
  end

  // ---- random pick among the candidate ports: the k-th, k = (u * n) >> 8
  reg  [4:0]  ncand;
  reg  [12:0] prod;                     // only bits [12:8] matter
  reg  [4:0]  kth, seen;
  reg  [7:0]  prod_unused;
  always @* begin
    ncand = 5'd0;
    for (p = 0; p < M; p = p + 1) ncand = ncand + {4'd0, cand[p]};
    prod = {5'd0, rnd} * {8'd0, ncand};
    kth  = prod[12:8];
    prod_unused = prod[7:0];
    acc      = 1'b0;
    acc_port = {MW{1'b0}};
    acc_idx  = {QW{1'b0}};
    seen     = 5'd0;
    for (p = 0; p < M; p = p + 1)
      if (cand[p]) begin
        if (seen == kth) begin
          acc      = 1'b1;
          acc_port = p[MW-1:0];
          acc_idx  = pidx[p*QW +: QW];
        end
        seen = seen + 5'd1;
      end
    ai      = {{(32-MW){1'b0}}, acc_port} * QD + {{(32-QW){1'b0}}, acc_idx};
    acc_out = acc ? e_dst[ai*NW +: NW] : {NW{1'b0}};
    acc_len = acc ? e_len[ai*LW +: LW] : {LW{1'b0}};
    acc_tag = acc ? e_tag[ai*TW +: TW] : {TW{1'b0}};
  end

  // the new transfer's counter, next cycle: L - (now + 1) = D - 3 + (len - 1) M
  wire [CTW-1:0] start = D3 + ({{(CTW-LW){1'b0}}, acc_len} - 1'b1) * MC;

  integer x, ax;
  always @* ax = {{(32-MW){1'b0}}, acc_port} * M + ri;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rem_g  <= {(M*CTW){1'b0}};
      rem_p  <= {(M*M*CTW){1'b0}};
    end else begin
      for (x = 0; x < M; x = x + 1)
        rem_g[x*CTW +: CTW] <= (acc && x == ri) ? start :
                               (rem_g[x*CTW +: CTW] != 0 ? rem_g[x*CTW +: CTW] - 1'b1 : {CTW{1'b0}});
      for (x = 0; x < M*M; x = x + 1)
        rem_p[x*CTW +: CTW] <= (acc && x == ax) ? start :
                               (rem_p[x*CTW +: CTW] != 0 ? rem_p[x*CTW +: CTW] - 1'b1 : {CTW{1'b0}});
    end
  end

  `ASSERT_CLK(route_free, clk, rst_n, !acc || rem_g[ri*CTW +: CTW] < THR_ACC,
              "scoc_accept_unit: group route reused while busy")
endmodule

`resetall
