// axil_split: one AXI4-Lite slave port in front of NT register blocks (docs/common/index.md).
// With HI = 1 (the default): address bit AW-1 set selects target NT - 1 (the fabric's switch, an
// SUE instance's own registers), else bits AW-2:OW select target 0 .. NT - 2 (the fabric's
// endpoints, the instance's ports); with HI = 0 bits AW-1:OW select target 0 .. NT - 1 (the
// planes of fabric_multi); each target sees the low OW bits. Another address is answered DECERR
// here. One write and one read in flight; a write is
// passed on when its address and data are both offered (the targets, sue_regs, fabric_sw_regs and
// sue_multi_regs, take the two together).
// Model: none (interconnect; the tests read back what they write through it)
`resetall
`default_nettype none
`include "assert.vh"

module axil_split #(
  parameter integer NT = 5,
  parameter integer AW = 17,   // address bits in
  parameter integer OW = 12,   // a target's offset bits (passed on)
  parameter integer HI = 1     // 1: the top address bit selects the last target
) (
  input  wire             clk,
  input  wire             rst_n,
  input  wire             s_awvalid,
  output wire             s_awready,
  input  wire [AW-1:0]    s_awaddr,
  input  wire             s_wvalid,
  output wire             s_wready,
  input  wire [31:0]      s_wdata,
  input  wire [3:0]       s_wstrb,
  output wire             s_bvalid,
  input  wire             s_bready,
  output wire [1:0]       s_bresp,
  input  wire             s_arvalid,
  output wire             s_arready,
  input  wire [AW-1:0]    s_araddr,
  output wire             s_rvalid,
  input  wire             s_rready,
  output wire [31:0]      s_rdata,
  output wire [1:0]       s_rresp,
  output wire [NT-1:0]    m_awvalid,
  input  wire [NT-1:0]    m_awready,
  output wire [OW-1:0]    m_awaddr,
  output wire [NT-1:0]    m_wvalid,
  input  wire [NT-1:0]    m_wready,
  output wire [31:0]      m_wdata,
  output wire [3:0]       m_wstrb,
  input  wire [NT-1:0]    m_bvalid,
  output wire [NT-1:0]    m_bready,
  input  wire [NT*2-1:0]  m_bresp,
  output wire [NT-1:0]    m_arvalid,
  input  wire [NT-1:0]    m_arready,
  output wire [OW-1:0]    m_araddr,
  input  wire [NT-1:0]    m_rvalid,
  output wire [NT-1:0]    m_rready,
  input  wire [NT*32-1:0] m_rdata,
  input  wire [NT*2-1:0]  m_rresp
);
  `include "common_params.vh"
  localparam integer TW = idx_w(NT + 1);   // target index; NT = none (DECERR)
  localparam integer IW = idx_w(NT);       // a target's index

  localparam integer SW = AW - OW;        // selecting bits (the top one too)

  generate if (NT < 2 || NT > 17 || OW < 2 || AW > 32 || SW < 1 || SW > 8 || (HI != 0 && HI != 1) ||
               (HI == 1 && (SW < 2 || NT - 1 > (1 << (SW - 1)))) || (HI == 0 && NT > (1 << SW)))
  begin : g_bad_param
    `PARAM_FATAL("axil_split: need 2 <= NT <= 17, OW >= 2, AW <= 32, 1 <= AW - OW <= 8, HI in {0, 1}, the targets addressable")
  end endgenerate

  /* verilator lint_off UNUSEDSIGNAL */ // the low OW bits are the target's offset
  function [TW-1:0] decode(input [AW-1:0] a);
    integer ix, top;
    begin
      ix  = 32'(a) >> OW;                      // the selecting bits
      top = (HI != 0) ? (ix >> (SW - 1)) : 0;  // HI: the top one, apart
      if (HI != 0) ix = ix & ((1 << (SW - 1)) - 1);
      if (top != 0) decode = (ix == 0) ? TW'(NT - 1) : TW'(NT);
      else decode = (ix < NT - HI) ? TW'(ix) : TW'(NT);
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  reg          wb_q, rb_q;        // a write / read in flight
  reg [TW-1:0] wt_q, rt_q;        // its target
  reg          wlocal_q, rlocal_q;// answered here (DECERR)
  wire [TW-1:0] wt = decode(s_awaddr);
  wire [TW-1:0] rt = decode(s_araddr);
  // the targets' indexes (an out-of-range one is never used: its valid is low)
  wire [IW-1:0] wt_i  = (wt == TW'(NT)) ? {IW{1'b0}} : wt[IW-1:0];
  wire [IW-1:0] rt_i  = (rt == TW'(NT)) ? {IW{1'b0}} : rt[IW-1:0];
  wire [IW-1:0] wt_qi = (wt_q == TW'(NT)) ? {IW{1'b0}} : wt_q[IW-1:0];
  wire [IW-1:0] rt_qi = (rt_q == TW'(NT)) ? {IW{1'b0}} : rt_q[IW-1:0];
  wire          woff = s_awvalid && s_wvalid && !wb_q;
  wire          roff = s_arvalid && !rb_q;
  wire          wsel_ok = (wt != TW'(NT));
  wire          rsel_ok = (rt != TW'(NT));
  wire          wtake = woff && (!wsel_ok || (m_awready[wt_i] && m_wready[wt_i]));
  wire          rtake = roff && (!rsel_ok || m_arready[rt_i]);

  genvar t;
  generate for (t = 0; t < NT; t = t + 1) begin : g_t
    assign m_awvalid[t] = woff && wsel_ok && wt == TW'(t);
    assign m_wvalid[t]  = woff && wsel_ok && wt == TW'(t);
    assign m_arvalid[t] = roff && rsel_ok && rt == TW'(t);
    assign m_bready[t]  = wb_q && !wlocal_q && wt_q == TW'(t) && s_bready;
    assign m_rready[t]  = rb_q && !rlocal_q && rt_q == TW'(t) && s_rready;
  end endgenerate
  assign m_awaddr  = s_awaddr[OW-1:0];
  assign m_wdata   = s_wdata;
  assign m_wstrb   = s_wstrb;
  assign m_araddr  = s_araddr[OW-1:0];
  assign s_awready = wtake;
  assign s_wready  = wtake;
  assign s_arready = rtake;
  assign s_bvalid  = wb_q && (wlocal_q || m_bvalid[wt_qi]);
  assign s_bresp   = wlocal_q ? 2'b11 : m_bresp[wt_qi * 2 +: 2];
  assign s_rvalid  = rb_q && (rlocal_q || m_rvalid[rt_qi]);
  assign s_rresp   = rlocal_q ? 2'b11 : m_rresp[rt_qi * 2 +: 2];
  assign s_rdata   = rlocal_q ? 32'd0 : m_rdata[rt_qi * 32 +: 32];

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      wb_q     <= 1'b0;
      rb_q     <= 1'b0;
      wt_q     <= {TW{1'b0}};
      rt_q     <= {TW{1'b0}};
      wlocal_q <= 1'b0;
      rlocal_q <= 1'b0;
    end else begin
      if (wtake) begin
        wb_q     <= 1'b1;
        wt_q     <= wt;
        wlocal_q <= !wsel_ok;
      end else if (s_bvalid && s_bready) begin
        wb_q <= 1'b0;
      end
      if (rtake) begin
        rb_q     <= 1'b1;
        rt_q     <= rt;
        rlocal_q <= !rsel_ok;
      end else if (s_rvalid && s_rready) begin
        rb_q <= 1'b0;
      end
    end
  end

  `ASSERT_CLK(aw_w_together, clk, rst_n,
              !(woff && wsel_ok) || m_awready[wt_i] == m_wready[wt_i],
              "axil_split: a target took a write's address and data apart")
endmodule

`resetall
