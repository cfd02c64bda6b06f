// Route computation of one input VC (docs/noc/noc_router.md "Routing"): the output port of a
// head flit at this router, XY or west-first (adaptive between east and the Y direction by the
// class's free credits), and whether the flit is misrouted (off the mesh, moved away from its
// destination, or a turn the algorithm forbids). Combinational; IN_PORT is the input port the
// flit arrived on (0 local, 1 north, 2 east, 3 south, 4 west). TORUS 1 (XY only): each
// dimension a ring, the shorter way round (east or north when both are as short).
// Model: csrc/ref/noc/noc_router_model.c (noc_route)
`resetall
`default_nettype none

module noc_route #(
  parameter integer XS      = 4,
  parameter integer YS      = 4,
  parameter integer NCLS    = 2,
  parameter integer SW      = 8,  // bits of a class's free-credit sum
  parameter integer ROUTING = 0,  // 0 XY, 1 west-first
  parameter integer TORUS   = 0,  // 1: wrap links (noc_router allows it with XY only)
  parameter integer IN_PORT = 0
) (
  input  wire [idx_w(XS)-1:0]   my_x,
  input  wire [idx_w(YS)-1:0]   my_y,
  input  wire [idx_w(NCLS)-1:0] cls,
  input  wire [idx_w(XS)-1:0]   dst_x,
  input  wire [idx_w(YS)-1:0]   dst_y,
  input  wire [NCLS*SW-1:0]     free_n,   // [c*SW +: SW]: class c's free credits at north
  input  wire [NCLS*SW-1:0]     free_e,
  input  wire [NCLS*SW-1:0]     free_s,
  output reg  [2:0]             port,
  output reg                    misroute
);
  `include "common_params.vh"

  localparam integer XW = idx_w(XS);
  localparam integer YW = idx_w(YS);
  localparam [2:0] L = 3'd0, N = 3'd1, E = 3'd2, S = 3'd3, W = 3'd4;

  // Which way: on a mesh towards the destination; on a ring the shorter way, a = the hops going
  // plus (east, north), b = going minus. A head routed on a torus never turns back (b < a stays
  // so one hop on), so arriving from the side it would now go to is misrouted there too.
  wire [XW:0] tx = {1'b0, dst_x}, mx = {1'b0, my_x}, kx = (XW + 1)'(XS);
  wire [YW:0] ty = {1'b0, dst_y}, my = {1'b0, my_y}, ky = (YW + 1)'(YS);
  // (widened by a bit, so that the range check is not constant when XS is a power of two)
  wire        off = tx >= kx || ty >= ky;
  wire [XW:0] ax = tx >= mx ? tx - mx : tx + kx - mx;
  wire [XW:0] bx = tx <= mx ? mx - tx : mx + kx - tx;
  wire [YW:0] ay = ty >= my ? ty - my : ty + ky - my;
  wire [YW:0] by = ty <= my ? my - ty : my + ky - ty;
  wire xp = TORUS != 0 ? dst_x != my_x && ax <= bx : dst_x > my_x;
  wire xn = TORUS != 0 ? dst_x != my_x && ax > bx  : dst_x < my_x;
  wire yp = TORUS != 0 ? dst_y != my_y && ay <= by : dst_y > my_y;
  wire yn = TORUS != 0 ? dst_y != my_y && ay > by  : dst_y < my_y;

  reg [SW-1:0] fe, fy;
  integer      c;

  always @* begin
    fe = {SW{1'b0}};
    fy = {SW{1'b0}};
    for (c = 0; c < NCLS; c = c + 1)
      if (cls == c[idx_w(NCLS)-1:0]) begin
        fe = free_e[c*SW +: SW];
        fy = yp ? free_n[c*SW +: SW] : free_s[c*SW +: SW];
      end

    misroute = off
      || (IN_PORT == 1 && yp) || (IN_PORT == 3 && yn)     // moved away in Y
      || (IN_PORT == 2 && xp) || (IN_PORT == 4 && xn)     // moved away in X
      || (ROUTING == 0 && (IN_PORT == 1 || IN_PORT == 3) && (xp || xn))  // XY: Y then X
      || (ROUTING == 1 && IN_PORT != 0 && IN_PORT != 2 && xn);           // west-first: into west

    if (ROUTING == 0)
      port = xp ? E : xn ? W : yp ? N : yn ? S : L;
    else if (xn)
      port = W;
    else if (xp && (yp || yn))
      port = (fy > fe) ? (yp ? N : S) : E;  // more free credits wins, east when equal
    else
      port = xp ? E : yp ? N : yn ? S : L;
  end
endmodule

`resetall
