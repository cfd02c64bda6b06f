// XS x YS ExaNet routers on a 2D torus (docs/noc/ape_router.md "ape_torus"): each router's X+
// output feeds the X- input of the next router in x (mod XS), and so on for X-, Y+ and Y-,
// with each input's credits going back to the output that feeds it. A dimension of size 1 has
// no links: those ports are tied off. The local ports are the torus's injection and ejection.
// LINK chooses what joins two routers: 0 wires (the default, the routers' own credits), 1 an
// APElink each way (apelink.v: framing, SECDED header, CRC-32 payload, credits with TRED, no
// retransmission, as the paper's), 2 an APElink over a RIFL lane (apelink_rifl.v: RIFL's replay
// under the link). Model: csrc/ref/noc/ape_torus_model.c
`resetall
`default_nettype none
`include "assert.vh"

module ape_torus #(
  parameter integer XS       = 4,
  parameter integer YS       = 4,
  parameter integer NLOC     = 1,
  parameter integer NVC      = 2,
  parameter integer W        = 128,
  parameter integer D        = 34,
  parameter integer MAXP     = 32,
  parameter integer EW       = 16,
  parameter integer LINK     = 0,   // 0 wires, 1 APElink, 2 APElink over RIFL
  // LINK 2: the RIFL lane of every link (rifl_lane's parameters)
  parameter integer FW       = 256,
  parameter integer FIDW     = 8,
  parameter integer FC_DEPTH = 64,
  parameter integer LOCK     = 64,
  parameter integer UNLOCK   = 16
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
  input  wire [10:0]                   cfg_tred,   // LINK 1, 2: every APElink's TRED
  output wire [XS*YS*5*EW-1:0]         err_count,
  // LINK 1, 2: the APElink end at node n's port k (0 X+ .. 3 Y-), [(n*4 + k)*5*EW +: 5*EW]
  // (zero for LINK 0 and a tied-off port), and whether it is up (RIFL's link_up for LINK 2;
  // 1 for LINK 0 and 1; 0 for a tied-off port)
  output wire [XS*YS*4*5*EW-1:0]       link_err,
  output wire [XS*YS*4-1:0]            link_up
);
  generate if (LINK < 0 || LINK > 2) begin : g_bad_param
    `PARAM_FATAL("ape_torus: need LINK 0 (wires), 1 (APElink) or 2 (APElink over RIFL)")
  end endgenerate

  localparam integer N = XS * YS;
  localparam integer P = 4 + NLOC;

  // every router's ports, node n at [n*P + port]
  wire [N*P-1:0]     in_valid, in_vc, out_valid, out_vc;
  wire [N*P*W-1:0]   in_data, out_data;
  wire [N*P*NVC-1:0] cr_in, cr_out;

  // the wires between APElink ends (LINK 1: words; LINK 2: the transceivers' 64 bits), end e =
  // n*4 + k
  wire [N*4-1:0]     lw_valid, lw_ctrl;
  wire [N*4*W-1:0]   lw_data;
  wire [N*4*64-1:0]  gt_tx;
  generate if (LINK == 0) begin : g_no_tred
    wire unused_link = ^{cfg_tred, lw_valid, lw_ctrl, lw_data, gt_tx};
  end else if (LINK == 1) begin : g_no_gt
    wire unused_link = ^gt_tx;
  end else begin : g_no_lw
    wire unused_link = ^{lw_valid, lw_ctrl, lw_data};
  end endgenerate

  genvar gx, gy, gl, gk;
  generate for (gy = 0; gy < YS; gy = gy + 1) begin : g_y
    for (gx = 0; gx < XS; gx = gx + 1) begin : g_x
      localparam integer NODE = gy*XS + gx;
      // Port k of this node faces port k^1 of the neighbour in direction k. With wires, input k
      // is that neighbour's output k^1 and the credits of output k its input k^1's; with
      // APElinks, port k has an end of its own between the router and the wire, whose wire
      // goes to the neighbour's end at port k^1.
      for (gk = 0; gk < 4; gk = gk + 1) begin : g_port
        localparam integer NB = gk == 0 ? gy*XS + (gx + 1) % XS
                              : gk == 1 ? gy*XS + (gx + XS - 1) % XS
                              : gk == 2 ? ((gy + 1) % YS)*XS + gx
                              :           ((gy + YS - 1) % YS)*XS + gx;
        localparam integer I  = NODE*P + gk;      // this router's port
        localparam integer J  = NB*P + (gk ^ 1);  // the neighbour's port facing it
        localparam integer E  = NODE*4 + gk;      // this link end
        localparam integer EB = NB*4 + (gk ^ 1);  // the far end
        localparam integer TIED = (gk < 2 ? XS : YS) < 2 ? 1 : 0;  // a dimension of one: no link
        if (TIED != 0 || LINK == 0) begin : g_no_end
          // no APElink end at this port: wires to the neighbour, or nothing
          assign link_err[E*5*EW +: 5*EW] = {5*EW{1'b0}};
          assign link_up[E]              = TIED == 0;
          assign lw_valid[E]             = 1'b0;
          assign lw_ctrl[E]              = 1'b0;
          assign lw_data[E*W +: W]       = {W{1'b0}};
          assign gt_tx[E*64 +: 64]       = 64'd0;
          if (TIED != 0) begin : g_tie
            assign in_valid[I]           = 1'b0;
            assign in_vc[I]              = 1'b0;
            assign in_data[I*W +: W]     = {W{1'b0}};
            assign cr_in[I*NVC +: NVC]   = {NVC{1'b0}};
            wire unused_tie = ^{out_valid[I], out_vc[I], out_data[I*W +: W], cr_out[I*NVC +: NVC],
                                lw_valid[E], lw_ctrl[E], lw_data[E*W +: W], gt_tx[E*64 +: 64]};
          end else begin : g_wire
            assign in_valid[I]           = out_valid[J];
            assign in_vc[I]              = out_vc[J];
            assign in_data[I*W +: W]     = out_data[J*W +: W];
            assign cr_in[I*NVC +: NVC]   = cr_out[J*NVC +: NVC];
          end
        end else if (LINK == 1) begin : g_apelink
          apelink #(.W(W), .NVC(NVC), .D(D), .MAXP(MAXP), .EW(EW)) u_link (
            .clk(clk), .rst_n(rst_n),
            .rt_valid(out_valid[I]), .rt_vc(out_vc[I]), .rt_data(out_data[I*W +: W]),
            .rt_cr(cr_in[I*NVC +: NVC]),
            .lr_valid(in_valid[I]), .lr_vc(in_vc[I]), .lr_data(in_data[I*W +: W]),
            .lr_cr(cr_out[I*NVC +: NVC]),
            .tx_valid(lw_valid[E]), .tx_ctrl(lw_ctrl[E]), .tx_data(lw_data[E*W +: W]),
            .tx_ready(1'b1),
            .rx_valid(lw_valid[EB]), .rx_ctrl(lw_ctrl[EB]), .rx_data(lw_data[EB*W +: W]),
            .cfg_tred(cfg_tred), .err_count(link_err[E*5*EW +: 5*EW])
          );
          assign link_up[E]        = 1'b1;
          assign gt_tx[E*64 +: 64] = 64'd0;
        end else begin : g_apelink_rifl
          // RIFL's other counters stay inside (docs/noc/ape_router.md "ape_torus")
          /* verilator lint_off PINCONNECTEMPTY */
          apelink_rifl #(
            .W(W), .NVC(NVC), .D(D), .MAXP(MAXP), .EW(EW), .FW(FW), .FIDW(FIDW),
            .FC_DEPTH(FC_DEPTH), .LOCK(LOCK), .UNLOCK(UNLOCK)
          ) u_link (
            .clk(clk), .rst_n(rst_n),
            .rt_valid(out_valid[I]), .rt_vc(out_vc[I]), .rt_data(out_data[I*W +: W]),
            .rt_cr(cr_in[I*NVC +: NVC]),
            .lr_valid(in_valid[I]), .lr_vc(in_vc[I]), .lr_data(in_data[I*W +: W]),
            .lr_cr(cr_out[I*NVC +: NVC]),
            .gt_tx_data(gt_tx[E*64 +: 64]), .gt_rx_valid(1'b1), .gt_rx_data(gt_tx[EB*64 +: 64]),
            .cfg_tred(cfg_tred), .err_count(link_err[E*5*EW +: 5*EW]), .bad_beats(),
            .link_up(link_up[E]), .cnt_retrans(), .cnt_frame_err()
          );
          /* verilator lint_on PINCONNECTEMPTY */
          assign lw_valid[E]       = 1'b0;
          assign lw_ctrl[E]        = 1'b0;
          assign lw_data[E*W +: W] = {W{1'b0}};
        end
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
