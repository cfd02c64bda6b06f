// SCOC request unit of one input group (docs/scoc.md "Request unit"). A port that can start a
// transfer on this cycle's route requests every destination in its request array; a busy port
// requests only its oldest packet's destination (a fake request: it keeps the port's turn at
// the output, it cannot be accepted). The group sends one request bit per destination (the OR
// of its ports) and the weightage: how many of its ports request it, minus one if any.
// Registered: the grant units see the requests of cycle c in cycle c + 1.
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
  // Per port: the OR of its entries' one-hot destinations, or the oldest entry's alone when
  // it is busy. Per destination: the OR and the count of the ports requesting it.
  // The one-hot codes are compares against constants, not `1 << dst`: M x QD variable shifters
  // send Yosys's resource-sharing pass into a SAT search that does not end at N = 32.
  reg [M*N-1:0] preq;
  reg [N-1:0]   any, oldest, req_c;
  reg [N*MW-1:0] cnt_c;
  reg [MW:0]    n;
  integer p, e, d;
  always @* begin
    for (p = 0; p < M; p = p + 1) begin
      for (d = 0; d < N; d = d + 1) begin
        any[d] = 1'b0;
        for (e = 0; e < QD; e = e + 1)
          any[d] = any[d] | (e_valid[p*QD+e] && e_dst[(p*QD+e)*NW +: NW] == d[NW-1:0]);
        oldest[d] = e_valid[p*QD] && e_dst[p*QD*NW +: NW] == d[NW-1:0];
      end
      preq[p*N +: N] = avail[p] ? any : oldest;
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
