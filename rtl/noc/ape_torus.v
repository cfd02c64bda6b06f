// XS x YS ExaNet routers on a 2D torus (docs/noc/ape_router.md "ape_torus"): each router's X+
// output drives the X- input of the next router in x (mod XS), and so on for X-, Y+ and Y-,
// with each input's credits going back to the output that feeds it. A dimension of size 1 has
// no links: those ports are tied off. The local ports are the torus's injection and ejection.
`resetall
`default_nettype none

module ape_torus #(
  parameter integer XS   = 4,
  parameter integer YS   = 4,
  parameter integer NLOC = 1,
  parameter integer NVC  = 2,
  parameter integer W    = 128,
  parameter integer D    = 34,
  parameter integer MAXP = 32,
  parameter integer EW   = 16
) (
  input  wire                          clk,
  input  wire                          rst_n,
  input  wire [XS*YS*NLOC-1:0]         inj_valid,
  input  wire [XS*YS*NLOC-1:0]         inj_vc,
  input  wire [XS*YS*NLOC*W-1:0]       inj_data,
  output wire [XS*YS*NLOC*NVC-1:0]     inj_cr,
  output wire [XS*YS*NLOC-1:0]         ej_valid,
  output wire [XS*YS*NLOC-1:0]         ej_vc,
  output wire [XS*YS*NLOC*W-1:0]       ej_data,
  input  wire [XS*YS*NLOC*NVC-1:0]     ej_cr,
  input  wire                          cfg_order,
  input  wire                          cfg_arb_fixed,
  input  wire [2:0]                    cfg_first,
  output wire [XS*YS*5*EW-1:0]         err_count
);
  localparam integer N = XS * YS;
  localparam integer P = 4 + NLOC;

  // every router's ports, node n at [n*P + port]
  wire [N*P-1:0]     in_valid, in_vc, out_valid, out_vc;
  wire [N*P*W-1:0]   in_data, out_data;
  wire [N*P*NVC-1:0] cr_in, cr_out;

  genvar gx, gy, gl;
  generate for (gy = 0; gy < YS; gy = gy + 1) begin : g_y
    for (gx = 0; gx < XS; gx = gx + 1) begin : g_x
      localparam integer NODE = gy*XS + gx;
      // the neighbours in each direction: 0 X+, 1 X-, 2 Y+, 3 Y-
      localparam integer NB0 = gy*XS + (gx + 1) % XS;
      localparam integer NB1 = gy*XS + (gx + XS - 1) % XS;
      localparam integer NB2 = ((gy + 1) % YS)*XS + gx;
      localparam integer NB3 = ((gy + YS - 1) % YS)*XS + gx;

      // input k of this node is fed by output k^1 of the neighbour in direction k
      if (XS > 1) begin : g_xl
        assign in_valid[NODE*P + 0]              = out_valid[NB0*P + 1];
        assign in_vc[NODE*P + 0]                 = out_vc[NB0*P + 1];
        assign in_data[(NODE*P + 0)*W +: W]      = out_data[(NB0*P + 1)*W +: W];
        assign cr_in[(NODE*P + 0)*NVC +: NVC]    = cr_out[(NB0*P + 1)*NVC +: NVC];
        assign in_valid[NODE*P + 1]              = out_valid[NB1*P + 0];
        assign in_vc[NODE*P + 1]                 = out_vc[NB1*P + 0];
        assign in_data[(NODE*P + 1)*W +: W]      = out_data[(NB1*P + 0)*W +: W];
        assign cr_in[(NODE*P + 1)*NVC +: NVC]    = cr_out[(NB1*P + 0)*NVC +: NVC];
      end else begin : g_xt
        assign in_valid[NODE*P +: 2]             = 2'b00;
        assign in_vc[NODE*P +: 2]                = 2'b00;
        assign in_data[NODE*P*W +: 2*W]          = {2*W{1'b0}};
        assign cr_in[NODE*P*NVC +: 2*NVC]        = {2*NVC{1'b0}};
        wire unused_x = ^{out_valid[NODE*P +: 2], out_vc[NODE*P +: 2],
                          out_data[NODE*P*W +: 2*W], cr_out[NODE*P*NVC +: 2*NVC]};
      end
      if (YS > 1) begin : g_yl
        assign in_valid[NODE*P + 2]              = out_valid[NB2*P + 3];
        assign in_vc[NODE*P + 2]                 = out_vc[NB2*P + 3];
        assign in_data[(NODE*P + 2)*W +: W]      = out_data[(NB2*P + 3)*W +: W];
        assign cr_in[(NODE*P + 2)*NVC +: NVC]    = cr_out[(NB2*P + 3)*NVC +: NVC];
        assign in_valid[NODE*P + 3]              = out_valid[NB3*P + 2];
        assign in_vc[NODE*P + 3]                 = out_vc[NB3*P + 2];
        assign in_data[(NODE*P + 3)*W +: W]      = out_data[(NB3*P + 2)*W +: W];
        assign cr_in[(NODE*P + 3)*NVC +: NVC]    = cr_out[(NB3*P + 2)*NVC +: NVC];
      end else begin : g_yt
        assign in_valid[NODE*P + 2 +: 2]         = 2'b00;
        assign in_vc[NODE*P + 2 +: 2]            = 2'b00;
        assign in_data[(NODE*P + 2)*W +: 2*W]    = {2*W{1'b0}};
        assign cr_in[(NODE*P + 2)*NVC +: 2*NVC]  = {2*NVC{1'b0}};
        wire unused_y = ^{out_valid[NODE*P + 2 +: 2], out_vc[NODE*P + 2 +: 2],
                          out_data[(NODE*P + 2)*W +: 2*W], cr_out[(NODE*P + 2)*NVC +: 2*NVC]};
      end
      for (gl = 0; gl < NLOC; gl = gl + 1) begin : g_loc
        localparam integer L = NODE*NLOC + gl;
        assign in_valid[NODE*P + 4 + gl]             = inj_valid[L];
        assign in_vc[NODE*P + 4 + gl]                = inj_vc[L];
        assign in_data[(NODE*P + 4 + gl)*W +: W]     = inj_data[L*W +: W];
        assign inj_cr[L*NVC +: NVC]                  = cr_out[(NODE*P + 4 + gl)*NVC +: NVC];
        assign ej_valid[L]                           = out_valid[NODE*P + 4 + gl];
        assign ej_vc[L]                              = out_vc[NODE*P + 4 + gl];
        assign ej_data[L*W +: W]                     = out_data[(NODE*P + 4 + gl)*W +: W];
        assign cr_in[(NODE*P + 4 + gl)*NVC +: NVC]   = ej_cr[L*NVC +: NVC];
      end

      ape_router #(
        .XS(XS), .YS(YS), .X(gx), .Y(gy), .NLOC(NLOC), .NVC(NVC), .W(W), .D(D), .MAXP(MAXP),
        .EW(EW)
      ) u_router (
        .clk(clk), .rst_n(rst_n),
        .in_valid(in_valid[NODE*P +: P]), .in_vc(in_vc[NODE*P +: P]),
        .in_data(in_data[NODE*P*W +: P*W]), .cr_out(cr_out[NODE*P*NVC +: P*NVC]),
        .out_valid(out_valid[NODE*P +: P]), .out_vc(out_vc[NODE*P +: P]),
        .out_data(out_data[NODE*P*W +: P*W]), .cr_in(cr_in[NODE*P*NVC +: P*NVC]),
        .cfg_order(cfg_order), .cfg_arb_fixed(cfg_arb_fixed), .cfg_first(cfg_first),
        .err_count(err_count[NODE*5*EW +: 5*EW])
      );
    end
  end endgenerate
endmodule

`resetall
