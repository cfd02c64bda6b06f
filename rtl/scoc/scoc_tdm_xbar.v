// SCOC middle stage (docs/scoc/index.md "Switch datapath", rules 3 and 4): the transfers set up by
// the scheduler's accepts, one register per input port and route, and one R x R crossbar
// time-multiplexed over the M routes: in cycle t it is middle-stage switch t mod M. Each input
// group puts the word of its (single) port transferring on that route on its link; the
// crossbar takes it to the output group of the packet's output, which hands it to the port.
// Model: csrc/ref/scoc/scoc_switch_model.c (part of scoc_switch)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_tdm_xbar #(
  parameter integer N  = 32,
  parameter integer M  = 4,
  parameter integer QD = 16,
  parameter integer LW = 4,
  parameter integer DW = 32
) (
  input  wire                           clk,
  input  wire                           rst_n,
  // the scheduler's registered accepts, per input group
  input  wire [N/M-1:0]                 acc_valid,
  input  wire [(N/M)*$clog2(M)-1:0]     acc_port,
  input  wire [(N/M)*$clog2(N)-1:0]     acc_out,
  input  wire [(N/M)*$clog2(M)-1:0]     acc_route,
  input  wire [(N/M)*LW-1:0]            acc_len,
  input  wire [(N/M)*$clog2(QD)-1:0]    acc_tag,
  // input buffer read ports and slot frees, per input port
  output reg  [N*$clog2(QD)-1:0]        rd_slot,
  output reg  [N*LW-1:0]                rd_idx,
  input  wire [N*DW-1:0]                rd_data,
  output reg  [N-1:0]                   free_valid,
  output reg  [N*$clog2(QD)-1:0]        free_slot,
  // per output port: the word arriving this cycle
  output reg  [N-1:0]                   wr_valid,
  output reg  [N*DW-1:0]                wr_data,
  output reg  [N-1:0]                   wr_last
);
  generate if ((M != 2 && M != 4 && M != 8 && M != 16) || N % M != 0 || N / M < 2 || N > 256 ||
               QD < 2 || QD > 256 || LW < 1 || LW > 8 || DW < 1 || DW > 1024)
  begin : g_bad_param
    `PARAM_FATAL("scoc_tdm_xbar: need M in {2, 4, 8, 16}, N = M x R with R >= 2 and N <= 256, 2 <= QD <= 256, 1 <= LW <= 8")
  end endgenerate

  localparam integer R  = N / M;
  localparam integer NW = $clog2(N);
  localparam integer MW = $clog2(M);
  localparam integer TW = $clog2(QD);
  localparam integer XW = 1 + TW + LW + LW + NW;   // {act, slot, idx, len - 1, out}

  // timeslice: the route the crossbar serves this cycle (0 in cycle 0, like the scheduler's)
  reg [MW-1:0] ts_q;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) ts_q <= {MW{1'b0}};
    else        ts_q <= ts_q + 1'b1;

  reg [N*M*XW-1:0] xf_q;   // transfer of port p on route r: entry p*M + r
  wire [31:0] ts32 = {{(32-MW){1'b0}}, ts_q};

  // this cycle's transfer of every port (on route ts_q)
  reg [N-1:0]    act;
  reg [N*LW-1:0] lastidx;
  reg [N*NW-1:0] xout;
  // every index below is a constant or a compare against one: each port reads its route's
  // register through an M:1 mux (a variable part-select would be a shifter over all N x M)
  integer p, r;
  reg [XW-1:0] cur;
  always @* begin
    for (p = 0; p < N; p = p + 1) begin
      cur = {XW{1'b0}};
      for (r = 0; r < M; r = r + 1)
        if (ts32 == r) cur = xf_q[(p*M + r)*XW +: XW];
      {act[p], rd_slot[p*TW +: TW], rd_idx[p*LW +: LW], lastidx[p*LW +: LW],
       xout[p*NW +: NW]} = cur;
      free_valid[p]           = act[p] && rd_idx[p*LW +: LW] == lastidx[p*LW +: LW];
      free_slot[p*TW +: TW]   = rd_slot[p*TW +: TW];
    end
  end

  // input group links, then the crossbar and the output groups
  reg [R-1:0]    lk_v;
  reg [R*DW-1:0] lk_d;
  reg [R-1:0]    lk_l;
  reg [R*NW-1:0] lk_o;
  integer g, k, x;
  always @* begin
    for (g = 0; g < R; g = g + 1) begin
      lk_v[g]             = 1'b0;
      lk_d[g*DW +: DW]    = {DW{1'b0}};
      lk_l[g]             = 1'b0;
      lk_o[g*NW +: NW]    = {NW{1'b0}};
      for (k = 0; k < M; k = k + 1)
        if (act[g*M + k]) begin
          lk_v[g]          = 1'b1;
          lk_d[g*DW +: DW] = rd_data[(g*M + k)*DW +: DW];
          lk_l[g]          = free_valid[g*M + k];
          lk_o[g*NW +: NW] = xout[(g*M + k)*NW +: NW];
        end
    end
    // crossbar: output port x takes the word of the input group link aimed at it (the output
    // group link is the one its group shares: at most one word a cycle, asserted below)
    wr_valid = {N{1'b0}};
    wr_data  = {(N*DW){1'b0}};
    wr_last  = {N{1'b0}};
    for (x = 0; x < N; x = x + 1)
      for (g = 0; g < R; g = g + 1)
        if (lk_v[g] && {{(32-NW){1'b0}}, lk_o[g*NW +: NW]} == x) begin
          wr_valid[x]           = 1'b1;
          wr_data[x*DW +: DW]   = lk_d[g*DW +: DW];
          wr_last[x]            = lk_l[g];
        end
  end

  // transfer registers: advance this route's transfers, then load the new accepts
  integer y, q, j, t;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      xf_q <= {(N*M*XW){1'b0}};
    end else begin
      for (y = 0; y < N; y = y + 1)
        for (t = 0; t < M; t = t + 1)
          if (act[y] && ts32 == t) begin
            if (free_valid[y]) xf_q[(y*M + t)*XW +: XW] <= {XW{1'b0}};
            else               xf_q[(y*M + t)*XW +: XW] <= {1'b1, rd_slot[y*TW +: TW],
                                                  rd_idx[y*LW +: LW] + 1'b1,
                                                  lastidx[y*LW +: LW], xout[y*NW +: NW]};
          end
      for (q = 0; q < R; q = q + 1)
        for (j = 0; j < M; j = j + 1)
          for (t = 0; t < M; t = t + 1)
            if (acc_valid[q] && {{(32-MW){1'b0}}, acc_port[q*MW +: MW]} == j &&
                {{(32-MW){1'b0}}, acc_route[q*MW +: MW]} == t)
              xf_q[((q*M + j)*M + t)*XW +: XW] <=
                {1'b1, acc_tag[q*TW +: TW], {LW{1'b0}}, acc_len[q*LW +: LW] - 1'b1,
                 acc_out[q*NW +: NW]};
    end
  end

  // the schedule's guarantees, which the datapath relies on
  reg [R-1:0] grp_multi;
  reg [R-1:0] og_multi;
  integer a, b;
  always @* begin
    grp_multi = {R{1'b0}};
    for (a = 0; a < R; a = a + 1)
      for (b = 0; b < M; b = b + 1)
        if (act[a*M + b] && (act[a*M +: M] & ~({{(M-1){1'b0}}, 1'b1} << b)) != {M{1'b0}})
          grp_multi[a] = 1'b1;
    og_multi = {R{1'b0}};
    for (a = 0; a < R; a = a + 1)
      for (b = a + 1; b < R; b = b + 1)
        if (lk_v[a] && lk_v[b] && {{(32-NW){1'b0}}, lk_o[a*NW +: NW]} / M == {{(32-NW){1'b0}}, lk_o[b*NW +: NW]} / M)
          og_multi[a] = 1'b1;
  end
  `ASSERT_CLK(route_one_port, clk, rst_n, grp_multi == {R{1'b0}}, "two ports of an input group on one route")
  `ASSERT_CLK(link_one_word, clk, rst_n, og_multi == {R{1'b0}},
              "two words on one output group link in a cycle")
endmodule

`resetall
