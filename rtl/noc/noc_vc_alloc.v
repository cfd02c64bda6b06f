// VC allocation of the mesh router (docs/noc/noc_router.md "One cycle", VA), separable: each
// waiting input VC asks for the lowest-numbered free output VC of its class at its output port;
// each output VC's round-robin arbiter (rtl/common rr_arbiter, over the P*V input VCs) grants one
// of the input VCs asking for it. TORUS 1 (and two VCs a class or more): a hop on a ring asks
// in the lower half of its class's VCs, or in the upper half when `up` (the paper's rule, as
// ape_router's: the destination is ahead without crossing the wrap link); the local port takes
// any VC of the class.
// Model: csrc/ref/noc/noc_router_model.c (the VA step of noc_router_clock)
`resetall
`default_nettype none

module noc_vc_alloc #(
  parameter integer V    = 4,
  parameter integer NCLS  = 2,
  parameter integer TORUS = 0
) (
  input  wire                     clk,
  input  wire                     rst_n,
  input  wire [5*V-1:0]           req,     // input VC i = p*V + v is waiting
  input  wire [5*V*3-1:0]         port,    // [i*3 +: 3]: its output port
  input  wire [5*V*idx_w(NCLS)-1:0] cls,   // [i*CW +: CW]: its class
  input  wire [5*V-1:0]           up,      // TORUS: its hop asks in the upper half of the class
  input  wire [5*V-1:0]           busy,    // output VC o*V + w is held
  output wire [5*V-1:0]           gnt,     // input VC i got ...
  output wire [5*V*idx_w(V)-1:0]  ovc,     // ... output VC [i*VCW +: VCW] of its port
  output wire [5*V-1:0]           asked,   // input VC i asks for output VC ovc[i] (one is free)
  output wire [5*V-1:0]           taken    // output VC o*V + w was granted
);
  `include "common_params.vh"

  localparam integer NV  = 5 * V;
  localparam integer VCW = idx_w(V);
  localparam integer CW  = idx_w(NCLS);
  localparam integer VPC = V / NCLS;
  localparam integer LOH = VPC / 2;   // TORUS: the lower half's VCs
  localparam integer HALVES = (TORUS != 0 && VPC >= 2) ? 1 : 0;

  // Stage 1: each requester's choice, one output VC, or none.
  reg [NV-1:0]     ask;
  reg [NV*VCW-1:0] pick;
  reg [V-1:0]      obusy;  // the busy bits of requester i's output port
  integer          i, k, j, o;

  always @* begin
    ask  = {NV{1'b0}};
    pick = {NV*VCW{1'b0}};
    for (i = 0; i < NV; i = i + 1) begin
      obusy = {V{1'b1}};     // no such port (>= 5): nothing is free
      for (o = 0; o < 5; o = o + 1)
        if (port[i*3 +: 3] == 3'(o)) obusy = busy[o*V +: V];
      for (k = VPC - 1; k >= 0; k = k - 1)  // downwards: the lowest free one is kept
        if (req[i] && !obusy[cls[i*CW +: CW] * VPC + k] &&
            (HALVES == 0 || port[i*3 +: 3] == 3'd0 || (up[i] ? k >= LOH : k < LOH))) begin
          ask[i] = 1'b1;
          pick[i*VCW +: VCW] = VCW'(cls[i*CW +: CW] * VPC + k);
        end
    end
  end

  // [(o*V + w)*NV + i]: input VC i asks for output VC (o, w). Every bit is a comparison at a
  // constant index: a write at a computed index into the NV*NV bits made Yosys build a decoder of
  // NV*NV outputs per requester (V 8: 64k bits; V 16: 512k, elaboration for tens of minutes).
  wire [NV*NV-1:0] want;
  genvar go, gw, gi;
  generate for (go = 0; go < 5; go = go + 1) begin : g_want_o
    for (gw = 0; gw < V; gw = gw + 1) begin : g_want_w
      for (gi = 0; gi < NV; gi = gi + 1) begin : g_want_i
        assign want[(go*V + gw)*NV + gi] = ask[gi] && port[gi*3 +: 3] == 3'(go) &&
                                           pick[gi*VCW +: VCW] == VCW'(gw);
      end
    end
  end endgenerate

  // Stage 2: an arbiter per output VC; an input VC asks for one output VC only.
  wire [NV*NV-1:0] won;  // [j*NV +: NV]: output VC j's one-hot grant
  reg  [NV-1:0] gnt_c;
  genvar g;
  generate for (g = 0; g < NV; g = g + 1) begin : g_ovc
    /* verilator lint_off PINCONNECTEMPTY */ // the one-hot grant is enough
    rr_arbiter #(.N(NV)) u_arb (
      .clk(clk), .rst_n(rst_n), .req(want[g*NV +: NV]), .update(1'b1),
      .gnt(won[g*NV +: NV]), .gnt_valid(), .gnt_idx()
    );
    /* verilator lint_on PINCONNECTEMPTY */
  end endgenerate

  reg  [NV-1:0] taken_c;
  always @* begin
    gnt_c = {NV{1'b0}};
    for (j = 0; j < NV; j = j + 1) begin
      gnt_c      = gnt_c | won[j*NV +: NV];
      taken_c[j] = |won[j*NV +: NV];
    end
  end

  assign gnt = gnt_c;
  assign ovc   = pick;
  assign taken = taken_c;
  assign asked = ask;
endmodule

`resetall
