// SUE CBFC state (spec 3.3.6; docs/sue/sue_cbfc.md, docs/sue/index.md "CBFC"): credit-based flow
// control between the endpoint and its switch port, the alternative to PFC. Cycle-exact with the
// model's csrc/ref/sue/sue_cbfc_model.c (sue_cbfc_eval / _sent / _tx / _rx_frame / _rx_update /
// _paused / _owed / _frame).
//
// Credits are cumulative counters modulo 2^16 in units of 2^USHIFT bytes, so a lost update
// costs nothing (the next one carries the same totals) and a lost frame is given back by the
// peer's next update, which carries its units sent (rcvd := sent). Per VC v:
//   used_q[v]   units sent on v;            limit_q[v]  the peer's last advertised limit;
//   rcvd_q[v]   units received on v;        last_q[v]   adv in the last update sent.
//   adv[v]    = rcvd_q[v] + min(max(RX_BYTES - level[v], 0) >> USHIFT, 0x7FFF), held at
//               last_q[v] when below it (modulo 2^16: a step back of under 0x8000)
//   paused[v] = rx_en && limit_q[v] - used_q[v] < units(FRAME_MAX)
//   gblock[v] = rx_en && limit_q[v] - used_q[v] < 2 * units(FRAME_MAX)
// A multi-port instance's failover (sue_fail_xbar, docs/sue/sue_fail_xbar.md "Guest flow
// control") starts another port's frame on this port's wire only while gblock is clear, and
// spends its credits here (g_valid) in the cycle its first beat is taken: room for two frames,
// as this port's own decision in the same cycle may take the other.
// A wire class speaks for the lowest VC that has it (own[v]).
//
// Timing contract (as sue_pfc's). Cycle t of the RTL is the model's cycle t:
//   - combinational outputs during cycle t (paused, upd_owed, tx_cev, tx_limit, tx_sent, avail)
//     equal the model after every call of the cycles before t followed by
//     sue_cbfc_eval(t, level), `level` being this module's input during cycle t;
//   - at the edge ending cycle t: upd_sent is sue_cbfc_sent(t) (the update's contents are
//     tx_* of cycle t), tx_valid sue_cbfc_tx, rx_valid sue_cbfc_rx_frame and rx_upd_valid
//     sue_cbfc_rx_update (not with rx_valid: one verdict a cycle, asserted); g_valid a second
//     sue_cbfc_tx of the same cycle (units add).
`resetall
`default_nettype none
`include "assert.vh"

module sue_cbfc #(
  parameter integer BW        = 15,    // bits of a receive-buffer level (bytes per VC)
  parameter integer RX_BYTES  = 16384, // receive-buffer bytes per VC (what a level is out of)
  parameter integer FRAME_MAX = 1100   // bytes of the largest frame that takes credits
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            cfg_cbfc_tx_en,    // send updates
  input  wire            cfg_cbfc_rx_en,    // obey the peer's credits
  input  wire [11:0]     cfg_cbfc_cls,      // class of VC n at [3n +: 3]
  input  wire [3:0]      cfg_cbfc_ushift,   // unit = 2^ushift bytes
  input  wire [15:0]     cfg_cbfc_step,     // units of growth that owe an update
  input  wire [23:0]     cfg_cbfc_refresh,  // cycles between updates at most
  input  wire [4*BW-1:0] level,             // receive-buffer bytes of VC v at [v*BW +: BW]
  input  wire            tx_valid,          // a frame that takes credits is decided at this edge
  input  wire [1:0]      tx_vc,
  input  wire [15:0]     tx_bytes,          // its length, FCS excluded
  input  wire            g_valid,           // a guest frame (another port's) takes credits
  input  wire [1:0]      g_vc,              //   ... of this VC's class
  input  wire [15:0]     g_bytes,
  input  wire            rx_valid,          // a frame's verdict at this edge (counted)
  input  wire [1:0]      rx_vc,
  input  wire [15:0]     rx_bytes,
  input  wire            rx_upd_valid,      // an update frame's verdict at this edge
  input  wire [7:0]      rx_upd_cev,
  input  wire [127:0]    rx_upd_limit,      // class i at [16i +: 16]
  input  wire [127:0]    rx_upd_sent,
  output wire [3:0]      paused,            // VC v may not be sent
  output wire [3:0]      gblock,            // ... nor a guest frame on VC v started
  output wire [63:0]     avail,             // credits left on VC v at [16v +: 16]
  output wire            upd_owed,          // an update frame is owed
  input  wire            upd_sent,          // the owed update is taken at this edge
  output wire [7:0]      tx_cev,            // the update's class-enable vector
  output wire [127:0]    tx_limit,          // its adv of class i at [16i +: 16]
  output wire [127:0]    tx_sent            // its units sent of class i
);
  localparam [23:0] SAT  = 24'hFFFFFF;
  localparam [15:0] AMAX = 16'h7FFF;
  localparam integer FW  = BW + 1;          // free bytes, RX_BYTES included

  generate if (BW < 1 || BW > 32) begin : g_bad_param
    `PARAM_FATAL("sue_cbfc: need 1 <= BW <= 32")
  end else if (RX_BYTES < 1 || RX_BYTES > (2**BW) - 1 || RX_BYTES > 2147483647) begin : g_bad_param
    `PARAM_FATAL("sue_cbfc: need 1 <= RX_BYTES < 2^BW")
  end else if (FRAME_MAX < 1 || FRAME_MAX > 16383) begin : g_bad_param
    `PARAM_FATAL("sue_cbfc: need 1 <= FRAME_MAX <= 16383")
  end endgenerate

  // units of a frame: ceil(bytes / 2^ushift)
  function [15:0] units(input [15:0] bytes, input [3:0] sh);
    reg [31:0] sum;
    begin
      sum   = {16'd0, bytes} + ((32'd1 << sh) - 32'd1);
      units = 16'(sum >> sh);
    end
  endfunction

  reg        pending_q;
  reg [23:0] since_q;       // cycles since the last update sent (saturating)
  wire [15:0] need = units(16'(FRAME_MAX), cfg_cbfc_ushift);
  wire [16:0] need2 = {need, 1'b0};

  wire [3:0] own;           // VC v speaks for its class
  wire [3:0] hit;           // an owner's adv grew by step or more since the last update
  wire [15:0] adv [0:3];
  wire [15:0] used [0:3];
  wire [2:0]  cls [0:3];
  genvar gv, gc;
  generate for (gv = 0; gv < 4; gv = gv + 1) begin : g_per_vc
    localparam [1:0] V = 2'(gv);
    reg  [15:0] used_q, limit_q, rcvd_q, last_q;
    assign cls[gv]  = cfg_cbfc_cls[3*gv +: 3];
    assign used[gv] = used_q;
    if (gv == 0) begin : g_own0
      assign own[gv] = 1'b1;
    end else begin : g_own
      wire [gv-1:0] same;
      for (gc = 0; gc < gv; gc = gc + 1) begin : g_same
        assign same[gc] = cfg_cbfc_cls[3*gc +: 3] == cls[gv];
      end
      assign own[gv] = ~|same;
    end
    // a level past RX_BYTES (a buffer shared by classes, a peer that does not obey) frees nothing
    wire [FW-1:0] lvl_x  = {1'b0, level[gv*BW +: BW]};
    wire [FW-1:0] free_b = (lvl_x >= FW'(RX_BYTES)) ? {FW{1'b0}} : FW'(RX_BYTES) - lvl_x;
    wire [FW-1:0] fu_w   = free_b >> cfg_cbfc_ushift;
    wire [32:0]   fu_x   = 33'(fu_w);
    wire [15:0]   fu     = (fu_x > 33'(AMAX)) ? AMAX : fu_x[15:0];
    // never below the last update's: a frame kept that was not counted (one that came over
    // another port's wire, docs/sue/sue_fail_xbar.md "Guest flow control") would lower it, and a
    // limit taken back wraps the peer's credits
    wire [15:0] adv_raw = rcvd_q + fu;
    wire [15:0] back    = adv_raw - last_q;
    wire        unused_back = ^back[14:0];
    assign adv[gv] = back[15] ? last_q : adv_raw;
    wire [15:0] grow = adv[gv] - last_q;
    assign hit[gv] = own[gv] && grow != 16'd0 && grow >= cfg_cbfc_step;
    wire [15:0] left = limit_q - used_q;
    assign avail[16*gv +: 16] = left;
    assign paused[gv] = cfg_cbfc_rx_en && left < need;
    assign gblock[gv] = cfg_cbfc_rx_en && {1'b0, left} < need2;
    wire [15:0] u_tx = (tx_valid && tx_vc == V) ? units(tx_bytes, cfg_cbfc_ushift) : 16'd0;
    wire [15:0] u_g  = (g_valid && g_vc == V) ? units(g_bytes, cfg_cbfc_ushift) : 16'd0;
    wire take = own[gv] && rx_upd_cev[cls[gv]];
    always @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        used_q  <= 16'd0;
        limit_q <= 16'd0;
        rcvd_q  <= 16'd0;
        last_q  <= 16'd0;
      end else begin
        used_q <= used_q + u_tx + u_g;
        if (rx_upd_valid && take) begin
          limit_q <= rx_upd_limit[16*cls[gv] +: 16];
          rcvd_q  <= rx_upd_sent[16*cls[gv] +: 16];
        end else if (rx_valid && rx_vc == V)
          rcvd_q  <= rcvd_q + units(rx_bytes, cfg_cbfc_ushift);
        if (upd_sent)
          last_q <= adv[gv];
      end
    end
  end endgenerate

  // the update's contents: per class, the owner VC's adv and units sent
  generate for (gc = 0; gc < 8; gc = gc + 1) begin : g_cls
    localparam [2:0] K = 3'(gc);
    wire [3:0] is_k;
    for (gv = 0; gv < 4; gv = gv + 1) begin : g_k
      assign is_k[gv] = own[gv] && cls[gv] == K;
    end
    assign tx_cev[gc] = |{cls[0] == K, cls[1] == K, cls[2] == K, cls[3] == K};
    assign tx_limit[16*gc +: 16] = ({16{is_k[0]}} & adv[0]) | ({16{is_k[1]}} & adv[1]) |
                                   ({16{is_k[2]}} & adv[2]) | ({16{is_k[3]}} & adv[3]);
    assign tx_sent[16*gc +: 16] = ({16{is_k[0]}} & used[0]) | ({16{is_k[1]}} & used[1]) |
                                  ({16{is_k[2]}} & used[2]) | ({16{is_k[3]}} & used[3]);
  end endgenerate

  wire refresh = since_q >= cfg_cbfc_refresh;
  assign upd_owed = cfg_cbfc_tx_en && (pending_q || (|hit) || refresh);

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      pending_q <= 1'b0;
      since_q   <= 24'd0;
    end else begin
      pending_q <= upd_owed && !upd_sent;
      if (upd_sent)
        since_q <= 24'd1;
      else if (since_q != SAT)
        since_q <= since_q + 24'd1;
    end
  end

  `ASSERT_CLK(sent_when_owed, clk, rst_n, !upd_sent || upd_owed,
              "sue_cbfc: upd_sent while no update is owed")
  `ASSERT_CLK(one_verdict, clk, rst_n, !(rx_valid && rx_upd_valid),
              "sue_cbfc: a frame and an update verdict in one cycle")
endmodule

`resetall
