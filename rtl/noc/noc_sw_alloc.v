// Switch allocation of the mesh router (docs/noc/noc_router.md "One cycle", SA), separable:
// each input port's round-robin arbiter picks one of its requesting VCs; each output port's
// round-robin arbiter picks one of the input ports whose pick routes to it. An input port's
// pointer moves only when its pick won (rtl/common rr_arbiter, update on win).
// SPEC = 1 (the router's LOWLAT): speculative requests, from VCs whose VC allocation happens in the
// same cycle, come second at both stages (an input picks one only without plain requests, an
// output grants one only without plain picks); a speculative winner whose VC allocation failed
// (spec_ok 0) sends nothing and moves no pointer.
// Model: csrc/ref/noc/noc_router_model.c (the SA step of noc_router_clock)
`resetall
`default_nettype none

module noc_sw_alloc #(
  parameter integer V    = 4,
  parameter integer SPEC = 0
) (
  input  wire                   clk,
  input  wire                   rst_n,
  input  wire [5*V-1:0]         req,      // input VC p*V + v requests its output
  input  wire [5*V-1:0]         sreq,     // ... speculatively (SPEC)
  input  wire [5*V-1:0]         spec_ok,  // ... and its VC allocation succeeded this cycle
  input  wire [5*V*3-1:0]       port,     // [i*3 +: 3]: the output port of input VC i
  output wire [4:0]             win,      // input port p won ...
  output wire [5*idx_w(V)-1:0]  win_vc    // ... for its VC [p*VCW +: VCW]
);
  `include "common_params.vh"

  localparam integer VCW = idx_w(V);

  wire [4:0]     s1_valid;
  wire [5*VCW-1:0] s1_idx;
  reg  [5*V-1:0] s1_req;    // plain requests, or the speculative ones of a port with none
  reg  [4:0]     s1_spec;   // input p's pick is speculative
  reg  [4:0]     s1_ok;     // ... and would send (plain, or its VC allocation succeeded)
  reg  [24:0]    s2_plain;  // [o*5 + p]
  reg  [14:0]    s1_port;   // [p*3 +: 3]: the output of input p's pick
  reg  [24:0]    s2_req;    // [o*5 + p]
  wire [24:0]    s2_gnt;
  reg  [4:0]     win_c;
  integer        p, o, v;

  genvar g;
  generate for (g = 0; g < 5; g = g + 1) begin : g_in
    /* verilator lint_off PINCONNECTEMPTY */ // the index is enough
    rr_arbiter #(.N(V)) u_in (
      .clk(clk), .rst_n(rst_n), .req(s1_req[g*V +: V]), .update(win_c[g]),
      .gnt(), .gnt_valid(s1_valid[g]), .gnt_idx(s1_idx[g*VCW +: VCW])
    );
    /* verilator lint_on PINCONNECTEMPTY */
  end endgenerate

  integer q;
  always @* begin
    for (q = 0; q < 5; q = q + 1) begin
      s1_spec[q] = SPEC != 0 && req[q*V +: V] == {V{1'b0}};
      s1_req[q*V +: V] = s1_spec[q] ? sreq[q*V +: V] : req[q*V +: V];
    end
  end

  always @* begin
    s1_port = 15'd0;
    s1_ok   = 5'd0;
    for (p = 0; p < 5; p = p + 1)
      for (v = 0; v < V; v = v + 1)
        if (s1_idx[p*VCW +: VCW] == VCW'(v)) begin
          s1_port[p*3 +: 3] = port[(p*V + v)*3 +: 3];
          s1_ok[p]          = !s1_spec[p] || spec_ok[p*V + v];
        end
    for (o = 0; o < 5; o = o + 1)
      for (p = 0; p < 5; p = p + 1)
        s2_plain[o*5 + p] = s1_valid[p] && !s1_spec[p] && s1_port[p*3 +: 3] == 3'(o);
    // an output grants among the plain picks, or (none) among the speculative ones
    for (o = 0; o < 5; o = o + 1)
      for (p = 0; p < 5; p = p + 1)
        s2_req[o*5 + p] = s2_plain[o*5 +: 5] != 5'd0 ? s2_plain[o*5 + p]
                                                       : s1_valid[p] && s1_port[p*3 +: 3] == 3'(o);
  end

  generate for (g = 0; g < 5; g = g + 1) begin : g_out
    /* verilator lint_off PINCONNECTEMPTY */ // the one-hot grant is enough
    rr_arbiter #(.N(5)) u_out (
      .clk(clk), .rst_n(rst_n), .req(s2_req[g*5 +: 5]), .update(s2_sent[g]),
      .gnt(s2_gnt[g*5 +: 5]), .gnt_valid(), .gnt_idx()
    );
    /* verilator lint_on PINCONNECTEMPTY */
  end endgenerate

  // a grant sends unless it is a speculative pick whose VC allocation failed
  reg [4:0] s2_sent;
  always @* begin
    win_c = 5'd0;
    for (o = 0; o < 5; o = o + 1) begin
      win_c = win_c | (s2_gnt[o*5 +: 5] & s1_ok);
      s2_sent[o] = (s2_gnt[o*5 +: 5] & s1_ok) != 5'd0;
    end
  end

  assign win      = win_c;
  assign win_vc   = s1_idx;
endmodule

`resetall
