// Least-recently-granted arbiter. One state bit per pair i<j ("i has priority over j");
// the pair's other direction is its complement, so the matrix stays antisymmetric.
`resetall
`default_nettype none
`include "assert.vh"

module matrix_arbiter #(
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
    `PARAM_FATAL("matrix_arbiter: need N >= 1")
  end endgenerate

  localparam integer IDX_W = idx_w(N);

  wire [N*N-1:0] pri;   // pri[i*N+j]: i has priority over j (diagonal tied to 1)
  wire           upd = update && gnt_valid;

  // N == 1 has no pairs, hence no state: the single request is granted as is.
  generate if (N == 1) begin : g_single
    wire unused_upd = upd;   // the lint default --unused-regexp exempts *unused* names
  end endgenerate

  genvar gi, gj;
  generate
    for (gi = 0; gi < N; gi = gi + 1) begin : g_row
      assign pri[gi*N+gi] = 1'b1;
      for (gj = gi + 1; gj < N; gj = gj + 1) begin : g_col
        reg p_q;
        // Reset order: lower index first. The granted one drops below every other.
        always @(posedge clk or negedge rst_n) begin
          if (!rst_n)
            p_q <= 1'b1;
          else if (upd && gnt[gi])
            p_q <= 1'b0;
          else if (upd && gnt[gj])
            p_q <= 1'b1;
        end
        assign pri[gi*N+gj] = p_q;
        assign pri[gj*N+gi] = ~p_q;
      end
      // i wins if it requests and beats every other requester.
      assign gnt[gi] = req[gi] && ((pri[gi*N +: N] | ~req) == {N{1'b1}});
    end
  endgenerate

  reg [IDX_W-1:0] idx_c;
  integer         i;
  always @* begin
    idx_c = {IDX_W{1'b0}};
    for (i = 0; i < N; i = i + 1)
      if (gnt[i]) idx_c = i[IDX_W-1:0];
  end

  assign gnt_valid = gnt != {N{1'b0}};
  assign gnt_idx   = idx_c;

  `ASSERT_CLK(gnt_onehot, clk, rst_n, (gnt & (gnt - 1'b1)) == {N{1'b0}}, "grant not one-hot")
  `ASSERT_CLK(gnt_has_req, clk, rst_n, (gnt & ~req) == {N{1'b0}}, "grant without request")
  `ASSERT_CLK(req_gets_gnt, clk, rst_n, req == {N{1'b0}} || gnt_valid, "requests but no grant")
endmodule

`resetall
