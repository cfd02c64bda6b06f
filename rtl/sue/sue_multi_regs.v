// sue_multi_regs: the AXI4-Lite registers of a 2- or 4-port SUE instance itself
// (docs/sue/sue_multi.md "Registers"; each port's own registers are its sue_regs): the ordering
// mode, the ports in use, failover, the ordered-mode map, the ports' link status and the wire
// each port's frames take, and counters of the port choice and of failover.
// Model: tb/sue/test_sue_multi.c (the counts of the port choice model, sue_port_sel_model.c)
`resetall
`default_nettype none
`include "assert.vh"

module sue_multi_regs #(
  parameter integer P    = 2,
  parameter integer SKID = 2
) (
  input  wire              clk,
  input  wire              rst_n,
  input  wire              s_axil_awvalid,
  output wire              s_axil_awready,
  input  wire [11:0]       s_axil_awaddr,
  input  wire              s_axil_wvalid,
  output wire              s_axil_wready,
  input  wire [31:0]       s_axil_wdata,
  input  wire [3:0]        s_axil_wstrb,
  output wire              s_axil_bvalid,
  input  wire              s_axil_bready,
  output wire [1:0]        s_axil_bresp,
  input  wire              s_axil_arvalid,
  output wire              s_axil_arready,
  input  wire [11:0]       s_axil_araddr,
  output wire              s_axil_rvalid,
  input  wire              s_axil_rready,
  output wire [31:0]       s_axil_rdata,
  output wire [1:0]        s_axil_rresp,
  // ---- configuration
  output wire              cfg_unordered,   // MCTRL[0]
  output wire              cfg_failover,    // MCTRL[1]
  output wire [P-1:0]      cfg_port_en,     // MCTRL[11:8]: ports new work may go to
  output wire [7:0]        cfg_map,         // MAP[7:0]
  // ---- status and events
  input  wire [P-1:0]      link_up,         // the ports' links (registered here: MSTATUS.LINK)
  output wire [P-1:0]      link_q,
  input  wire [P*2-1:0]    host,            // the wire of port e's frames (MSTATUS.HOST)
  input  wire              inc_sel,         // a command handed to port sel_port
  input  wire [1:0]        sel_port,
  input  wire              inc_viol,
  input  wire              inc_drop,
  input  wire [2:0]        n_carried,       // failover (sue_fail_xbar): frames this cycle
  input  wire [2:0]        n_dropped,
  input  wire [2:0]        n_steered,
  input  wire [2:0]        n_cut,
  input  wire [2:0]        n_rx_cut
);
  generate if (P != 1 && P != 2 && P != 4) begin : g_bad_param
    `PARAM_FATAL("sue_multi_regs: P must be 1, 2 or 4")
  end endgenerate

  localparam [31:0] ID = {8'h5E, 8'h4D, 8'(SKID), 8'(P)};

  reg  [P-1:0]   en_q, lk_q;
  reg            unord_q, fail_q;
  reg  [7:0]     map_q;
  reg  [4*32-1:0] ncmd_q;          // commands handed to port e at [32e +: 32]
  reg  [31:0]    nviol_q, ndrop_q, ncarry_q, nfdrop_q, nsteer_q, ncut_q, nrxcut_q;

  assign cfg_unordered = unord_q;
  assign cfg_failover  = fail_q;
  assign cfg_port_en   = en_q;
  assign cfg_map       = map_q;
  assign link_q        = lk_q;

  // ---- AXI4-Lite (axil_reg_port): a write takes address and data together
  wire        wr;
  wire [9:0]  wa, ra;
  wire [31:0] wm, rv;
  axil_reg_port #(.AW(12)) u_axil (
    .clk(clk), .rst_n(rst_n),
    .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready),
    .s_axil_wstrb(s_axil_wstrb), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
    .s_axil_bresp(s_axil_bresp), .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready), .s_axil_araddr(s_axil_araddr),
    .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready), .s_axil_rdata(s_axil_rdata),
    .s_axil_rresp(s_axil_rresp), .wr(wr), .wa(wa), .wmask(wm), .ra(ra), .rv(rv),
    /* verilator lint_off PINCONNECTEMPTY */ // reads have no side effect here
    .rd()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  wire [31:0] mctrl = {20'd0, 4'(en_q), 6'd0, fail_q, unord_q};
  /* verilator lint_off UNUSEDSIGNAL */ // the registers keep their fields' bits only
  wire [31:0] mctrl_w = (mctrl & ~wm) | (s_axil_wdata & wm);
  wire [31:0] map_w   = ({24'd0, map_q} & ~wm) | (s_axil_wdata & wm);
  /* verilator lint_on UNUSEDSIGNAL */

  reg [31:0] rv_c;
  assign rv = rv_c;
  always @* begin
    case (ra)
      10'h000: rv_c = ID;
      10'h001: rv_c = mctrl;
      10'h002: rv_c = {24'd0, map_q};
      10'h003: rv_c = {16'd0, 8'(host), 4'd0, 4'(lk_q)};
      10'h004: rv_c = ncmd_q[0 +: 32];
      10'h005: rv_c = ncmd_q[32 +: 32];
      10'h006: rv_c = ncmd_q[64 +: 32];
      10'h007: rv_c = ncmd_q[96 +: 32];
      10'h008: rv_c = nviol_q;
      10'h009: rv_c = ndrop_q;
      10'h00A: rv_c = ncarry_q;
      10'h00B: rv_c = nfdrop_q;
      10'h00C: rv_c = nsteer_q;
      10'h00D: rv_c = ncut_q;
      10'h00E: rv_c = nrxcut_q;
      default: rv_c = 32'd0;
    endcase
  end

  integer e;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      unord_q <= 1'b0;
      fail_q  <= 1'b1;             // the spec's failover (3.3.7), on from reset
      en_q    <= {P{1'b1}};
      map_q   <= 8'hE4;            // hash h -> port h
      lk_q    <= {P{1'b0}};
      ncmd_q  <= 128'd0;
      nviol_q <= 32'd0;
      ndrop_q <= 32'd0;
      ncarry_q <= 32'd0;
      nfdrop_q <= 32'd0;
      nsteer_q <= 32'd0;
      ncut_q   <= 32'd0;
      nrxcut_q <= 32'd0;
    end else begin
      if (wr) begin
        if (wa == 10'h001) begin
          unord_q <= mctrl_w[0];
          fail_q  <= mctrl_w[1];
          en_q    <= mctrl_w[8 +: P];
        end
        if (wa == 10'h002) map_q <= map_w[7:0];
      end
      lk_q <= link_up;
      for (e = 0; e < 4; e = e + 1)
        if (inc_sel && sel_port == e[1:0]) ncmd_q[32*e +: 32] <= ncmd_q[32*e +: 32] + 32'd1;
      if (inc_viol) nviol_q <= nviol_q + 32'd1;
      if (inc_drop) ndrop_q <= ndrop_q + 32'd1;
      ncarry_q <= ncarry_q + 32'(n_carried);
      nfdrop_q <= nfdrop_q + 32'(n_dropped);
      nsteer_q <= nsteer_q + 32'(n_steered);
      ncut_q   <= ncut_q + 32'(n_cut);
      nrxcut_q <= nrxcut_q + 32'(n_rx_cut);
    end
  end

endmodule

`resetall
