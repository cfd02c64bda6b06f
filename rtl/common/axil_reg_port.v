// axil_reg_port: the AXI4-Lite slave side of a hand-written register block (docs/common/index.md;
// users sue_multi_regs and fabric_sw_regs): a write is taken when its address and data are both
// offered (what axil_split hands on), one write response and one read response outstanding,
// responses always OKAY. The block decodes wr / wa / wmask (and s_axil_wdata itself) and gives
// the read value rv of ra, registered when rd.
// Model: none (handshakes; every register test of its users reads back what it writes)
`resetall
`default_nettype none
`include "assert.vh"

module axil_reg_port #(
  parameter integer AW = 12                // byte address bits; registers are 32-bit words
) (
  input  wire           clk,
  input  wire           rst_n,
  input  wire           s_axil_awvalid,
  output wire           s_axil_awready,
  input  wire [AW-1:0]  s_axil_awaddr,
  input  wire           s_axil_wvalid,
  output wire           s_axil_wready,
  input  wire [3:0]     s_axil_wstrb,
  output wire           s_axil_bvalid,
  input  wire           s_axil_bready,
  output wire [1:0]     s_axil_bresp,
  input  wire           s_axil_arvalid,
  output wire           s_axil_arready,
  input  wire [AW-1:0]  s_axil_araddr,
  output wire           s_axil_rvalid,
  input  wire           s_axil_rready,
  output wire [31:0]    s_axil_rdata,
  output wire [1:0]     s_axil_rresp,
  // ---- to the block
  output wire           wr,                // a write this cycle ...
  output wire [AW-3:0]  wa,                // ... to word wa, of the bytes in wmask
  output wire [31:0]    wmask,
  output wire           rd,                // a read this cycle of word ra: rv is returned
  output wire [AW-3:0]  ra,
  input  wire [31:0]    rv
);
  generate if (AW < 3) begin : g_bad_param
    `PARAM_FATAL("axil_reg_port: AW must be at least 3")
  end endgenerate

  reg         b_q, r_q;
  reg  [31:0] rdata_q;
  assign wr             = s_axil_awvalid && s_axil_wvalid && !b_q;
  assign rd             = s_axil_arvalid && !r_q;
  assign wa             = s_axil_awaddr[AW-1:2];
  assign ra             = s_axil_araddr[AW-1:2];
  assign wmask          = {{8{s_axil_wstrb[3]}}, {8{s_axil_wstrb[2]}}, {8{s_axil_wstrb[1]}},
                           {8{s_axil_wstrb[0]}}};
  assign s_axil_awready = wr;
  assign s_axil_wready  = wr;
  assign s_axil_bvalid  = b_q;
  assign s_axil_bresp   = 2'b00;
  assign s_axil_arready = rd;
  assign s_axil_rvalid  = r_q;
  assign s_axil_rdata   = rdata_q;
  assign s_axil_rresp   = 2'b00;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      b_q     <= 1'b0;
      r_q     <= 1'b0;
      rdata_q <= 32'd0;
    end else begin
      if (wr)
        b_q <= 1'b1;
      else if (b_q && s_axil_bready)
        b_q <= 1'b0;
      if (rd) begin
        r_q     <= 1'b1;
        rdata_q <= rv;
      end else if (r_q && s_axil_rready) begin
        r_q <= 1'b0;
      end
    end
  end

  // AXI4-Lite: an offered address holds until taken
  `ASSERT_STABLE(aw_stable, clk, rst_n, s_axil_awvalid, s_axil_awready, s_axil_awaddr, AW,
                 "write address changed while waiting")
  `ASSERT_STABLE(ar_stable, clk, rst_n, s_axil_arvalid, s_axil_arready, s_axil_araddr, AW,
                 "read address changed while waiting")
endmodule

`resetall
