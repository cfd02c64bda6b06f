// fabric_sw_regs: the switch's AXI4-Lite registers (docs/fabric/fabric_sw_port.md "Registers"):
// configuration, the forwarding table (destination MAC or AIFH destination XPU id -> output
// port, looked up by every port at once), and the counters of every port.
// Model: csrc/ref/fabric/fabric_sw_port_model.c (fsp_reg_read / fsp_reg_write, fsp_lookup)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_sw_regs #(
  parameter integer N        = 4,
  parameter integer NENT     = 16,      // forwarding table entries
  parameter integer XOFF_RST = 1024,    // PFC_XOFF reset (bytes of a class at an ingress)
  parameter integer XON_RST  = 512,
  localparam integer NW      = $clog2(N)
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
  output wire              cfg_aifh6_en,
  output wire              cfg_pfc_tx_en,
  output wire              cfg_pfc_rx_en,
  output wire [15:0]       cfg_aifh_etype,
  output wire [15:0]       cfg_pfc_time,
  output wire [7:0]        cfg_pfc_qcyc,
  output wire [23:0]       cfg_pfc_refresh,
  output wire [22:0]       cfg_pfc_xoff,
  output wire [22:0]       cfg_pfc_xon,
  output wire [47:0]       cfg_mac,
  output wire              cfg_fc_mode,      // CTRL[3]: 0 PFC, 1 CBFC
  output wire [3:0]        cfg_cbfc_ushift,  // CBFC_CFG[3:0]
  output wire [15:0]       cfg_cbfc_step,    // CBFC_CFG[31:16]
  output wire [23:0]       cfg_cbfc_oui,     // CBFC_OUI
  // ---- lookups, one per port
  input  wire [N-1:0]      lk_udp,
  input  wire [N*48-1:0]   lk_mac,
  input  wire [N*16-1:0]   lk_xpu,
  output reg  [N-1:0]      lk_hit,
  output reg  [N*NW-1:0]   lk_port,
  // ---- counter increments: port p's counter k at [p*12 + k]
  input  wire [N*12-1:0]   cnt_inc
);
  `include "common_params.vh"
  `include "fabric_params.vh"

  generate if (N < 2 || N > 16 || NENT < 1 || NENT > 64) begin : g_bad_param
    `PARAM_FATAL("fabric_sw_regs: need 2 <= N <= 16 (the 12-bit map) and 1 <= NENT <= 64")
  end endgenerate

  localparam [31:0] ID = {8'hFB, 8'(NENT), 8'(N), 8'h01};

  reg  [3:0]   ctrl_q;
  reg  [3:0]   ushift_q;
  reg  [15:0]  step_q;
  reg  [23:0]  oui_q;
  reg  [15:0]  etype_q, time_q;
  reg  [7:0]   qcyc_q;
  reg  [23:0]  refresh_q;
  reg  [22:0]  xoff_q, xon_q;
  reg  [47:0]  mac_q;
  // the table and the counters are flat vectors: every lookup reads all of them
  reg  [NENT-1:0]      e_valid;
  reg  [NENT*NW-1:0]   e_port;
  reg  [NENT*48-1:0]   e_mac;
  reg  [NENT*16-1:0]   e_xpu;
  reg  [N*FSP_NCNT*32-1:0] cnt_q;

  assign cfg_aifh6_en    = ctrl_q[0];
  assign cfg_pfc_tx_en   = ctrl_q[1];
  assign cfg_pfc_rx_en   = ctrl_q[2];
  assign cfg_aifh_etype  = etype_q;
  assign cfg_pfc_time    = time_q;
  assign cfg_pfc_qcyc    = qcyc_q;
  assign cfg_pfc_refresh = refresh_q;
  assign cfg_pfc_xoff    = xoff_q;
  assign cfg_pfc_xon     = xon_q;
  assign cfg_mac         = mac_q;
  assign cfg_fc_mode     = ctrl_q[3];
  assign cfg_cbfc_ushift = ushift_q;
  assign cfg_cbfc_step   = step_q;
  assign cfg_cbfc_oui    = oui_q;

  // ---- lookups: the lowest matching valid entry
  integer p, e;   // ports, entries
  always @* begin
    lk_hit  = {N{1'b0}};
    lk_port = {(N * NW){1'b0}};
    for (p = 0; p < N; p = p + 1)
      for (e = NENT - 1; e >= 0; e = e - 1)
        if (e_valid[e] && (lk_udp[p] ? (e_mac[e*48 +: 48] == lk_mac[p*48 +: 48])
                                     : (e_xpu[e*16 +: 16] == lk_xpu[p*16 +: 16]))) begin
          lk_hit[p] = 1'b1;
          lk_port[p*NW +: NW] = e_port[e*NW +: NW];
        end
  end

  // ---- AXI4-Lite (axil_reg_port): a write takes address and data together
  wire        wr;
  wire [9:0]  wa, ra;
  wire [31:0] wm;
  reg  [31:0] rv;
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
  wire [31:0] wd = s_axil_wdata & wm;   // written bits; every field starts at bit 0
  wire [31:0] nm = ~wm;                  // kept bits
  localparam integer EW = idx_w(NENT);
  wire [EW-1:0] we = EW'(32'(wa[7:2]) % NENT);   // table entry written
  wire [EW-1:0] re = EW'(32'(ra[7:2]) % NENT);   // table entry read

  always @* begin
    rv = 32'd0;
    case (ra)
      10'h000: rv = ID;
      10'h001: rv = {28'd0, ctrl_q};
      10'h002: rv = {16'd0, etype_q};
      10'h003: rv = {16'd0, time_q};
      10'h004: rv = {24'd0, qcyc_q};
      10'h005: rv = {8'd0, refresh_q};
      10'h006: rv = {9'd0, xoff_q};
      10'h007: rv = {9'd0, xon_q};
      10'h008: rv = mac_q[31:0];
      10'h009: rv = {16'd0, mac_q[47:32]};
      10'h00B: rv = {step_q, 12'd0, ushift_q};
      10'h00C: rv = {8'd0, oui_q};
      default: begin
        if (ra >= 10'h100 && ra < 10'h100 + 10'(16 * N) && ra[3:0] < 4'(FSP_NCNT))
          rv = cnt_q[((32'(ra[7:4]) * FSP_NCNT + 32'(ra[3:0])) % (N * FSP_NCNT)) * 32 +: 32];
        else if (ra >= 10'h200 && ra < 10'h200 + 10'(4 * NENT))
          case (ra[1:0])
            2'd0: rv = {e_valid[re], 23'd0, 8'(e_port[re*NW +: NW])};
            2'd1: rv = e_mac[re*48 +: 32];
            2'd2: rv = {16'd0, e_mac[re*48+32 +: 16]};
            default: rv = {16'd0, e_xpu[re*16 +: 16]};
          endcase
      end
    endcase
  end

  integer c;      // counters
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ctrl_q    <= 4'b0111;
      ushift_q  <= 4'd6;
      step_q    <= 16'd8;
      oui_q     <= 24'd0;
      etype_q   <= 16'h88B5;
      time_q    <= 16'hFFFF;
      qcyc_q    <= 8'd8;          // 512 bit times / 64 bits a cycle
      refresh_q <= 24'd4096;
      xoff_q    <= 23'(XOFF_RST);
      xon_q     <= 23'(XON_RST);
      mac_q     <= 48'h02_00_00_00_FE_00;
      e_valid   <= {NENT{1'b0}};
      e_port    <= {(NENT * NW){1'b0}};
      e_mac     <= {(NENT * 48){1'b0}};
      e_xpu     <= {(NENT * 16){1'b0}};
      cnt_q     <= {(N * FSP_NCNT * 32){1'b0}};
    end else begin
      for (p = 0; p < N; p = p + 1)
        for (c = 0; c < FSP_NCNT; c = c + 1)
          if (cnt_inc[p * 12 + c])
            cnt_q[(p * FSP_NCNT + c) * 32 +: 32] <= cnt_q[(p * FSP_NCNT + c) * 32 +: 32] + 32'd1;
      if (wr) begin
        case (wa)
          10'h001: ctrl_q    <= (ctrl_q & nm[3:0]) | wd[3:0];
          10'h002: etype_q   <= (etype_q & nm[15:0]) | wd[15:0];
          10'h003: time_q    <= (time_q & nm[15:0]) | wd[15:0];
          10'h004: qcyc_q    <= (qcyc_q & nm[7:0]) | wd[7:0];
          10'h005: refresh_q <= (refresh_q & nm[23:0]) | wd[23:0];
          10'h006: xoff_q    <= (xoff_q & nm[22:0]) | wd[22:0];
          10'h007: xon_q     <= (xon_q & nm[22:0]) | wd[22:0];
          10'h008: mac_q[31:0]  <= (mac_q[31:0] & nm) | wd;
          10'h009: mac_q[47:32] <= (mac_q[47:32] & nm[15:0]) | wd[15:0];
          10'h00A: if (s_axil_wdata[0] && s_axil_wstrb[0])
                     cnt_q <= {(N * FSP_NCNT * 32){1'b0}};
          10'h00B: begin
            ushift_q <= (ushift_q & nm[3:0]) | wd[3:0];
            step_q   <= (step_q & nm[31:16]) | wd[31:16];
          end
          10'h00C: oui_q <= (oui_q & nm[23:0]) | wd[23:0];
          default:
            if (wa >= 10'h200 && wa < 10'h200 + 10'(4 * NENT))
              case (wa[1:0])
                2'd0: begin
                  if (s_axil_wstrb[3]) e_valid[we] <= s_axil_wdata[31];
                  if (s_axil_wstrb[0]) e_port[we*NW +: NW] <= s_axil_wdata[NW-1:0];
                end
                2'd1: e_mac[we*48 +: 32] <= (e_mac[we*48 +: 32] & nm) | wd;
                2'd2: e_mac[we*48+32 +: 16] <= (e_mac[we*48+32 +: 16] & nm[15:0]) | wd[15:0];
                default: e_xpu[we*16 +: 16] <= (e_xpu[we*16 +: 16] & nm[15:0]) | wd[15:0];
              endcase
        endcase
      end
    end
  end

  // the AXI4-Lite handshake rules are checked in axil_reg_port
endmodule

`resetall
