// Round-robin arbiter: grants the first requester at or after ptr_q (cyclically); the
// pointer moves to one past the grant only on update, so an unaccepted grant is kept.
`resetall
`default_nettype none
`include "assert.vh"

module rr_arbiter #(
  parameter integer N = 4
) (
  input  wire                                 clk,
  input  wire                                 rst_n,
  input  wire [N-1:0]                         req,
  input  wire                                 update,
  output wire [N-1:0]                         gnt,
  output wire                                 gnt_valid,
  output wire [idx_w(N)-1:0]                  gnt_idx
);
  `include "common_params.vh"

  generate if (N < 1) begin : g_bad_param
    `PARAM_FATAL("rr_arbiter: need N >= 1")
  end endgenerate

  localparam integer IDX_W = idx_w(N);
  localparam [IDX_W-1:0] LAST = IDX_W'(N - 1);

  reg [IDX_W-1:0] ptr_q;
  reg [N-1:0]     gnt_c;
  reg [IDX_W-1:0] idx_c;
  reg [N-1:0]     at_or_after;
  reg [N-1:0]     cand;
  integer         i;

  // Requests at or after the pointer win; if none, wrap to the lowest request. The lowest
  // set bit of cand is isolated with x & -x.
  always @* begin
    for (i = 0; i < N; i = i + 1)
      at_or_after[i] = i >= ptr_q;
    cand  = ((req & at_or_after) != {N{1'b0}}) ? (req & at_or_after) : req;
    gnt_c = cand & (~cand + 1'b1);
    idx_c = {IDX_W{1'b0}};
    for (i = 0; i < N; i = i + 1)
      if (gnt_c[i]) idx_c = i[IDX_W-1:0];
  end

  assign gnt       = gnt_c;
  assign gnt_valid = gnt_c != {N{1'b0}};
  assign gnt_idx   = idx_c;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      ptr_q <= {IDX_W{1'b0}};
    else if (update && gnt_valid)
      ptr_q <= (idx_c == LAST) ? {IDX_W{1'b0}} : idx_c + 1'b1;
  end

  `ASSERT_CLK(gnt_onehot, clk, rst_n, (gnt_c & (gnt_c - 1'b1)) == {N{1'b0}}, "grant not one-hot")
  `ASSERT_CLK(gnt_has_req, clk, rst_n, (gnt_c & ~req) == {N{1'b0}}, "grant without request")
  // Only reachable as a bug when N is not a power of two (else the range is full).
  generate if ((1 << IDX_W) != N) begin : g_ptr_check
    `ASSERT_CLK(ptr_in_range, clk, rst_n, ptr_q <= LAST, "pointer out of range")
  end endgenerate
endmodule

`resetall
