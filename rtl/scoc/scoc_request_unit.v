// SCOC request unit of one input group (docs/scoc/index.md "Request unit"). A port that can start a
// transfer on this cycle's route requests every destination in its request array; a busy port
// requests only its oldest packet's destination (a fake request: it keeps the port's turn at
// the output, it cannot be accepted). The group sends one request bit per destination (the OR
// of its ports) and the weightage: how many of its ports request it, minus one if any.
// Registered: the grant units see the requests of cycle c in cycle c + 1.
// Model: csrc/ref/scoc/scoc_sched_model.c (part of scoc_sched)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_request_unit #(
  parameter integer N  = 32,
  parameter integer M  = 4,
  parameter integer QD = 16
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire [M-1:0]               avail,      // port p may start a transfer on this route
  input  wire [M*QD-1:0]            e_valid,
  input  wire [M*QD*$clog2(N)-1:0]  e_dst,
  output reg  [N-1:0]               req_q,      // bit d: some port requests output d
  output reg  [N*$clog2(M)-1:0]     cnt_q       // field d: requesting ports - 1 (0 if none)
);
  // one copy of the model's code for all groups (Verilator otherwise inlines each)
  /* verilator no_inline_module */
  localparam integer NW = $clog2(N);
  localparam integer MW = $clog2(M);
  // One-hot destination of every valid entry: compares against constants, not `1 << dst`
  // (M x QD variable shifters send Yosys's resource-sharing pass into a SAT search that does
  // not end at N = 32), as continuous assignments (an event-driven simulator re-evaluates only
  // the entries whose destination changed).
  wire [M*QD*N-1:0] oh;           // entry i, destination d: bit i*N + d
  genvar gi, gd;
  generate for (gi = 0; gi < M*QD; gi = gi + 1) begin : g_oh
    for (gd = 0; gd < N; gd = gd + 1) begin : g_d
      localparam [NW-1:0] DV = gd;
      assign oh[gi*N + gd] = e_valid[gi] && e_dst[gi*NW +: NW] == DV;
    end
  end endgenerate

  // Per port: the OR of its entries' one-hot destinations, or the oldest entry's alone when
  // it is busy. Per destination: the OR and the count of the ports requesting it.
  reg [M*N-1:0] preq;
  reg [N-1:0]   any, req_c;
  reg [N*MW-1:0] cnt_c;
  reg [MW:0]    n;
  integer p, e, d;
  always @* begin
    for (p = 0; p < M; p = p + 1) begin
      any = {N{1'b0}};
      for (e = 0; e < QD; e = e + 1) any = any | oh[(p*QD+e)*N +: N];
      preq[p*N +: N] = avail[p] ? any : oh[p*QD*N +: N];
    end
    for (d = 0; d < N; d = d + 1) begin
      n = {(MW+1){1'b0}};
      for (p = 0; p < M; p = p + 1) n = n + {{MW{1'b0}}, preq[p*N + d]};
      req_c[d] = n != 0;
      // M requesters: n[MW-1:0] is 0 and the minus one wraps to M - 1
      cnt_c[d*MW +: MW] = (n != 0) ? n[MW-1:0] - 1'b1 : {MW{1'b0}};
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      req_q <= {N{1'b0}};
      cnt_q <= {(N*MW){1'b0}};
    end else begin
      req_q <= req_c;
      cnt_q <= cnt_c;
    end
  end
endmodule

`resetall
