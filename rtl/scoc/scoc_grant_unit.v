// SCOC grant unit of one output group (docs/scoc/index.md "Grant unit"). Each of its M outputs picks
// a requesting input group round-robin from its next-to-serve pointer, which moves only on an
// accept (and, with the weightage, only once the group's quota is used up); among the outputs
// that can grant, the oldest-link-first arbiter (least recently accepted) lets one grant pass
// per cycle, on the route of the requests' timeslice, if that route of the group is free.
// Registered: the accept units see the grant of cycle c in cycle c + 1.
// Model: csrc/ref/scoc/scoc_sched_model.c (part of scoc_sched)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_grant_unit #(
  parameter integer N  = 32,
  parameter integer M  = 4,
  parameter integer LW = 4
) (
  input  wire                          clk,
  input  wire                          rst_n,
  input  wire [$clog2(M)-1:0]          route,      // (cycle - 1) mod M: the requests' timeslice
  input  wire [$clog2(M)-1:0]          acc_route,  // (cycle - 2) mod M
  // requests and weightage for this group's outputs: bit g*M + k, field (g*M + k)*MW
  input  wire [N-1:0]                  req,
  input  wire [N*$clog2(M)-1:0]        cnt,
  input  wire [M-1:0]                  out_room,
  // the accept of this cycle for one of this group's outputs
  input  wire                          acc,
  input  wire [idx_w(N/M)-1:0]         acc_ig,
  input  wire [$clog2(M)-1:0]          acc_k,
  input  wire [LW-1:0]                 acc_len,
  output reg                           gnt_valid_q,
  output reg  [$clog2(M)-1:0]          gnt_out_q,
  output reg  [idx_w(N/M)-1:0]         gnt_ig_q
);
  `include "common_params.vh"
  `include "scoc_params.vh"

  // one copy of the model's code for all groups (Verilator otherwise inlines each)
  /* verilator no_inline_module */
  localparam integer R   = N / M;
  localparam integer MW  = $clog2(M);
  localparam integer RW  = idx_w(R);
  localparam integer D   = scoc_d(M);
  localparam integer CTW = scoc_ctw(M, LW);
  localparam [CTW-1:0] THR   = CTW'(D - 1);
  localparam [CTW-1:0] D3    = CTW'(D - 3);
  localparam [CTW-1:0] MC    = CTW'(M);
  localparam [RW-1:0]  LASTG = RW'(R - 1);

  reg [M*RW-1:0] ptr_q;              // per output k: field k (next-to-serve input group)
  reg [M*MW-1:0] rep_q;              // remaining quota of the current input group
  reg [M*RW-1:0] last_q;             // input group of the last grant
  reg [M-1:0]   fresh_q, accany_q;
  reg [M*R*MW-1:0] wt_q;            // output k, input group g: field k*R + g
  reg [M*CTW-1:0]  rem_o;           // output k: field k
  reg [M*CTW-1:0]  rem_g;           // this group's route links
  reg [M*M-1:0] pri_q;                // pri_q[i*M+j]: output i before j (OLF)

  // ---- per output: may it grant, and to whom
  reg [M-1:0]  may, has;
  reg [M*RW-1:0] cand;
  reg          found;
  integer k, g, j;
  always @* begin
    for (k = 0; k < M; k = k + 1) begin
      may[k] = !(gnt_valid_q && gnt_out_q == k[MW-1:0]) && rem_o[k*CTW +: CTW] < THR && out_room[k];
      // round robin from the pointer: the first requesting group at or after it, else the
      // first before it (two descending scans with constant indices; no modulo, which
      // would be a divider per group when R is not a power of two)
      cand[k*RW +: RW] = {RW{1'b0}};
      found   = 1'b0;
      for (g = R - 1; g >= 0; g = g - 1)
        if (req[g*M + k]) begin
          cand[k*RW +: RW] = g[RW-1:0];
          found   = 1'b1;
        end
      for (g = R - 1; g >= 0; g = g - 1)
        if (req[g*M + k] && g[RW-1:0] >= ptr_q[k*RW +: RW]) cand[k*RW +: RW] = g[RW-1:0];
      has[k] = may[k] && found;
    end
  end

  // ---- oldest link first among the outputs that can grant
  reg          win;
  reg [MW-1:0] wk;
  reg          beat;
  integer i;
  always @* begin
    win  = 1'b0;
    wk   = {MW{1'b0}};
    beat = 1'b0;
    for (i = 0; i < M; i = i + 1) begin
      beat = rem_g[ri*CTW +: CTW] < THR && has[i];
      for (j = 0; j < M; j = j + 1)
        if (j != i && has[j] && !pri_q[i*M+j]) beat = 1'b0;
      if (beat) begin
        win = 1'b1;
        wk  = i[MW-1:0];
      end
    end
  end

  wire [RW-1:0]  wg      = cand[wk*RW +: RW];
  wire [MW-1:0]  wrep    = rep_q[wk*MW +: MW];
  wire           same    = !fresh_q[wk] && last_q[wk*RW +: RW] == wg;
  // the weightage of the winner's input group: a mux over constant fields
  reg [MW-1:0] wwt;
  integer wo, wi;
  always @* begin
    wwt = {MW{1'b0}};
    for (wo = 0; wo < M; wo = wo + 1)
      for (wi = 0; wi < R; wi = wi + 1)
        if (wk == wo[MW-1:0] && wg == wi[RW-1:0]) wwt = wt_q[(wo*R + wi)*MW +: MW];
  end
  wire [MW-1:0]  newrep  = same ? (wrep != 0 ? wrep - 1'b1 : {MW{1'b0}}) : wwt;
  wire [CTW-1:0] start   = D3 + ({{(CTW-LW){1'b0}}, acc_len} - 1'b1) * MC;
  wire [RW-1:0]  next_ig = (acc_ig == LASTG) ? {RW{1'b0}} : acc_ig + 1'b1;
  wire [RW-1:0]  next_wg = (wg == LASTG) ? {RW{1'b0}} : wg + 1'b1;

  integer x, y;
  integer ri, ki, ari;                  // route, accepted output, accept route as integers
  always @* begin
    ri  = {{(32-MW){1'b0}}, route};
    ki  = {{(32-MW){1'b0}}, acc_k};
    ari = {{(32-MW){1'b0}}, acc_route};
  end
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      gnt_valid_q <= 1'b0;
      gnt_out_q   <= {MW{1'b0}};
      gnt_ig_q    <= {RW{1'b0}};
      fresh_q     <= {M{1'b1}};
      accany_q    <= {M{1'b0}};
      ptr_q  <= {(M*RW){1'b0}};
      rep_q  <= {(M*MW){1'b0}};
      last_q <= {(M*RW){1'b0}};
      rem_o <= {(M*CTW){1'b0}};
      rem_g <= {(M*CTW){1'b0}};
      wt_q  <= {(M*R*MW){1'b0}};
      for (x = 0; x < M*M; x = x + 1) pri_q[x] <= (x / M) <= (x % M);
    end else begin
      gnt_valid_q <= win;
      gnt_out_q   <= win ? wk : {MW{1'b0}};
      gnt_ig_q    <= win ? wg : {RW{1'b0}};

      // weightage of output k arrives in its own timeslice of the requests
      for (x = 0; x < R; x = x + 1)
        for (y = 0; y < M; y = y + 1)
          if (y == ri) wt_q[(y*R + x)*MW +: MW] <= cnt[(x*M + y)*MW +: MW];

      for (x = 0; x < M; x = x + 1) begin
        rem_o[x*CTW +: CTW] <= (acc && x == ki) ? start :
                               (rem_o[x*CTW +: CTW] != 0 ? rem_o[x*CTW +: CTW] - 1'b1 : {CTW{1'b0}});
        rem_g[x*CTW +: CTW] <= (acc && x == ari) ? start :
                               (rem_g[x*CTW +: CTW] != 0 ? rem_g[x*CTW +: CTW] - 1'b1 : {CTW{1'b0}});
      end

      if (win) begin
        rep_q[wk*MW +: MW]  <= newrep;
        last_q[wk*RW +: RW] <= wg;
        fresh_q[wk] <= 1'b0;
        if (!same) accany_q[wk] <= 1'b0;      // a new quota: none of it accepted yet
        if (same && newrep == 0 && accany_q[wk]) begin
          ptr_q[wk*RW +: RW] <= next_wg;
          fresh_q[wk]  <= 1'b1;
          accany_q[wk] <= 1'b0;
        end
      end

      if (acc) begin
        // OLF: the accepted output drops below every other
        for (x = 0; x < M; x = x + 1)
          if (x != ki) begin
            pri_q[ki*M + x] <= 1'b0;
            pri_q[x*M + ki] <= 1'b1;
          end
        if (rep_q[acc_k*MW +: MW] == 0) begin
          ptr_q[acc_k*RW +: RW] <= next_ig;
          fresh_q[acc_k]  <= 1'b1;
          accany_q[acc_k] <= 1'b0;
        end else begin
          ptr_q[acc_k*RW +: RW] <= acc_ig;
          accany_q[acc_k] <= 1'b1;
        end
      end
    end
  end

  `ASSERT_CLK(grant_accept_exclusive, clk, rst_n, !(acc && win && wk == acc_k),
              "scoc_grant_unit: grant and accept of one output in one cycle")
  `ASSERT_CLK(route_free, clk, rst_n, !acc || rem_g[ari*CTW +: CTW] < THR - 1'b1,
              "scoc_grant_unit: output route reused while busy")
endmodule

`resetall
