// Mesh generator (docs/noc/index.md "Mesh"): XS x YS noc_routers, each joined to its four
// neighbours by a link each way (flits one way, credits the other), the local ports the mesh's.
// Node n = y * XS + x; north is y + 1. A port on the mesh's edge sees no flits and no credits;
// with TORUS 1 there is no edge: the east port of x = XS - 1 faces the west port of x = 0, the
// north port of y = YS - 1 the south port of y = 0 (docs/noc/index.md "Torus").
// Model: csrc/ref/noc/noc_mesh_model.c
`resetall
`default_nettype none
`include "assert.vh"

module noc_mesh #(
  parameter integer XS      = 4,
  parameter integer YS      = 4,
  parameter integer V       = 4,
  parameter integer D       = 16,
  parameter integer PW      = 32,
  parameter integer NCLS    = 2,
  parameter integer ROUTING = 0,
  parameter integer EW      = 16,
  parameter integer LOWLAT  = 0,   // noc_router's low-latency pipeline (3 cycles a router)
  parameter integer TORUS   = 0    // 1: wrap links, each row and column a ring (XY only)
) (
  input  wire                                          clk,
  input  wire                                          rst_n,
  input  wire [XS*YS-1:0]                              inj_valid,  // a flit into node n's router
  input  wire [XS*YS*noc_fw(XS, YS, V, NCLS, PW)-1:0]  inj_flit,
  output wire [XS*YS*V-1:0]                            inj_cr,     // n*V + v: a credit for it
  output wire [XS*YS-1:0]                              ej_valid,   // a flit out at node n
  output wire [XS*YS*noc_fw(XS, YS, V, NCLS, PW)-1:0]  ej_flit,
  input  wire [XS*YS*V-1:0]                            ej_cr,      // n*V + w: the sink frees one
  output wire [XS*YS*5*EW-1:0]                         err_count   // router n's, [n*5*EW +: 5*EW]
);
  `include "common_params.vh"
  `include "noc_params.vh"

  localparam integer N  = XS * YS;
  localparam integer FW = noc_fw(XS, YS, V, NCLS, PW);
  localparam integer XW = idx_w(XS);
  localparam integer YW = idx_w(YS);

  // Router n's ports, flattened: [(n*5 + port) ...]
  wire [N*5-1:0]    rin_valid, rout_valid;
  wire [N*5*FW-1:0] rin_flit, rout_flit;
  wire [N*5*V-1:0]  rcr_in, rcr_out;

  // The node through port d (1 north .. 4 west) of (x, y), or -1: off the mesh's edge, or off
  // a torus dimension of size 1 (a ring of one node has no link).
  function automatic integer nbr(input integer x, input integer y, input integer d);
    integer nx, ny;
    begin
      nx = x + (d == 2 ? 1 : d == 4 ? -1 : 0);
      ny = y + (d == 1 ? 1 : d == 3 ? -1 : 0);
      if (TORUS != 0) begin
        nx = (nx + XS) % XS;
        ny = (ny + YS) % YS;
      end
      if (nx < 0 || nx >= XS || ny < 0 || ny >= YS || (nx == x && ny == y)) nbr = -1;
      else nbr = ny * XS + nx;
    end
  endfunction

  genvar gx, gy, gd;
  generate for (gy = 0; gy < YS; gy = gy + 1) begin : g_y
    for (gx = 0; gx < XS; gx = gx + 1) begin : g_x
      localparam integer NN = gy * XS + gx;
      // local
      assign rin_valid[NN*5]          = inj_valid[NN];
      assign rin_flit[NN*5*FW +: FW]  = inj_flit[NN*FW +: FW];
      assign rcr_in[NN*5*V +: V]      = ej_cr[NN*V +: V];
      assign inj_cr[NN*V +: V]        = rcr_out[NN*5*V +: V];
      assign ej_valid[NN]             = rout_valid[NN*5];
      assign ej_flit[NN*FW +: FW]     = rout_flit[NN*5*FW +: FW];
      // north (1) faces the neighbour's south (3), east (2) its west (4), and back
      for (gd = 1; gd <= 4; gd = gd + 1) begin : g_d
        localparam integer M = nbr(gx, gy, gd);
        localparam integer B = (gd + 1) % 4 + 1;  // the neighbour's port facing back
        if (M >= 0) begin : g_link
          assign rin_valid[NN*5 + gd]           = rout_valid[M*5 + B];
          assign rin_flit[(NN*5 + gd)*FW +: FW] = rout_flit[(M*5 + B)*FW +: FW];
          assign rcr_in[(NN*5 + gd)*V +: V]     = rcr_out[(M*5 + B)*V +: V];
        end else begin : g_edge
          assign rin_valid[NN*5 + gd]           = 1'b0;
          assign rin_flit[(NN*5 + gd)*FW +: FW] = {FW{1'b0}};
          assign rcr_in[(NN*5 + gd)*V +: V]     = {V{1'b0}};
        end
      end

      noc_router #(
        .XS(XS), .YS(YS), .V(V), .D(D), .PW(PW), .NCLS(NCLS), .ROUTING(ROUTING), .EW(EW), .LOWLAT(LOWLAT),
        .TORUS(TORUS)
      ) u_router (
        .clk(clk), .rst_n(rst_n), .my_x(XW'(gx)), .my_y(YW'(gy)),
        .in_valid(rin_valid[NN*5 +: 5]), .in_flit(rin_flit[NN*5*FW +: 5*FW]),
        .cr_in(rcr_in[NN*5*V +: 5*V]),
        .out_valid(rout_valid[NN*5 +: 5]), .out_flit(rout_flit[NN*5*FW +: 5*FW]),
        .cr_out(rcr_out[NN*5*V +: 5*V]), .err_count(err_count[NN*5*EW +: 5*EW])
      );
    end
  end endgenerate

  // The edge ports' outputs go nowhere: XY and west-first never route off the mesh (a head
  // for a node outside it is drained at its first router, docs/noc/noc_router.md "Routing").
  // (A torus has edge ports only in a dimension of size 1.)
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_edges = ^{rout_valid, rout_flit, rcr_out};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule

`resetall
