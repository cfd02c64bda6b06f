// SUE PFC state (docs/sue/sue_pfc.md, docs/sue/index.md "PFC"): cycle-exact with the model's
// csrc/ref/sue/sue_pfc_model.c (sue_pfc_eval / _sent / _rx / _paused / _owed / _frame).
//
// Timing contract. Cycle t of the RTL is the model's cycle t:
//   - combinational outputs during cycle t (paused, xoff, pfc_owed, tx_cev, tx_time) equal the
//     model after every call of the cycles before t followed by sue_pfc_eval(t, level), where
//     `level` is this module's input during cycle t (the receive-buffer bytes left by the
//     cycles before t: a frame kept or a command delivered in cycle t changes it at the edge
//     ending t);
//   - pfc_sent at the edge ending cycle t is sue_pfc_sent(t) (the decision of cycle t took the
//     owed frame; its contents are tx_cev / tx_time of cycle t);
//   - rx_pfc_valid at the edge ending cycle t is sue_pfc_rx(t, cev, time) (the verdict of a
//     received PFC frame in cycle t); it affects `paused` from cycle t + 1 on, so a decision
//     in cycle t does not see it (the model's port_tx(t) runs before port_rx(t)).
// State and its correspondence to the model:
//   cnt_q[n]   = max(0, pause_until[n] - t): paused while nonzero. A frame in cycle t with
//                time T = time[n] * qcyc sets pause_until = t + T, so cnt_q = T - 1 in cycle
//                t + 1 (0 when T = 0); it counts down by one a cycle (whether PFC_RX_EN is set
//                or not: the model keeps pause_until and compares with now).
//   xoff_q     = the model's xoff after eval(t - 1); xoff = eval(t) of it:
//                level >= PFC_XOFF: 1; else level <= PFC_XON: 0; else xoff_q; 0 if !PFC_TX_EN.
//   pending_q  = pfc_pending after cycle t - 1 (owed and not sent).
//   since_q    = t - pfc_last, saturating at 2^24 - 1 (refresh is 24 bits, so the compare
//                since_q >= PFC_REFRESH is exact). Reset 0: pfc_last = 0 and cycle 0 is the
//                first cycle after reset.
//   pfc_owed   = PFC_TX_EN && (pending_q || some VC changed XOFF in eval(t) ||
//                (some VC in XOFF && since_q >= PFC_REFRESH)).
`resetall
`default_nettype none
`include "assert.vh"

module sue_pfc #(
  parameter integer BW = 15   // bits of a receive-buffer level (bytes per VC)
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            cfg_pfc_tx_en,     // CTRL[3]
  input  wire            cfg_pfc_rx_en,     // CTRL[4]
  input  wire [11:0]     cfg_pfc_prio,      // priority of VC n at [3n +: 3]
  input  wire [15:0]     cfg_pfc_time,      // pause time sent (quanta)
  input  wire [7:0]      cfg_pfc_qcyc,      // cycles per quantum
  input  wire [23:0]     cfg_pfc_refresh,   // cycles
  input  wire [22:0]     cfg_pfc_xoff,      // bytes
  input  wire [22:0]     cfg_pfc_xon,       // bytes
  input  wire [4*BW-1:0] level,             // receive-buffer bytes of VC v at [v*BW +: BW]
  input  wire            rx_pfc_valid,      // a PFC frame's verdict at this edge
  input  wire [7:0]      rx_pfc_cev,
  input  wire [127:0]    rx_pfc_time,       // priority i at [16i +: 16]
  output wire [3:0]      paused,            // VC v may not be sent
  output wire [3:0]      xoff,              // VC v in XOFF (STATUS[7:4])
  output wire            pfc_owed,          // a PFC frame is owed (transmit priority 1)
  input  wire            pfc_sent,          // the owed frame is taken at this edge
  output wire [7:0]      tx_cev,            // class-enable vector of the frame to send
  output wire [127:0]    tx_time            // pause time per priority of the frame to send
);
  localparam integer LW = (BW > 23) ? BW : 23;   // compare width
  localparam [23:0]  SAT = 24'hFFFFFF;

  generate if (BW < 1 || BW > 32) begin : g_bad_param
    `PARAM_FATAL("sue_pfc: need 1 <= BW <= 32")
  end endgenerate

  reg [3:0]  xoff_q;
  reg        pending_q;
  reg [23:0] since_q;       // cycles since the last PFC frame sent (saturating)

  // ---- reception: pause counters ----
  wire [7:0] running;       // priority n paused (its counter nonzero)
  genvar gp, gv;
  generate for (gp = 0; gp < 8; gp = gp + 1) begin : g_prio
    reg  [23:0] cnt_q;       // pause cycles left
    wire [23:0] span = {8'd0, rx_pfc_time[16*gp +: 16]} * {16'd0, cfg_pfc_qcyc};
    wire        load = rx_pfc_valid && cfg_pfc_rx_en && rx_pfc_cev[gp];
    always @(posedge clk or negedge rst_n) begin
      if (!rst_n)
        cnt_q <= 24'd0;
      else if (load)
        cnt_q <= (span == 24'd0) ? 24'd0 : span - 24'd1;
      else if (cnt_q != 24'd0)
        cnt_q <= cnt_q - 24'd1;
    end
    assign running[gp] = cnt_q != 24'd0;
  end endgenerate

  // ---- per VC: pause seen, XOFF evaluation, frame contents ----
  wire [7:0] xoff_prio [0:3];   // one-hot priority of VC v if it is in XOFF
  wire [7:0] prio_hot  [0:3];   // one-hot priority of VC v
  generate for (gv = 0; gv < 4; gv = gv + 1) begin : g_vc
    wire [2:0]    pr  = cfg_pfc_prio[3*gv +: 3];
    wire [LW-1:0] lvl = {{(LW-BW){1'b0}}, level[gv*BW +: BW]};
    wire [LW-1:0] thr_off = {{(LW-23){1'b0}}, cfg_pfc_xoff};
    wire [LW-1:0] thr_on  = {{(LW-23){1'b0}}, cfg_pfc_xon};
    assign paused[gv] = cfg_pfc_rx_en && running[pr];
    assign xoff[gv]   = cfg_pfc_tx_en && ((lvl >= thr_off) || (lvl > thr_on && xoff_q[gv]));
    assign prio_hot[gv]  = 8'd1 << pr;
    assign xoff_prio[gv] = xoff[gv] ? prio_hot[gv] : 8'd0;
  end endgenerate

  wire [7:0] time_en = xoff_prio[0] | xoff_prio[1] | xoff_prio[2] | xoff_prio[3];
  assign tx_cev = prio_hot[0] | prio_hot[1] | prio_hot[2] | prio_hot[3];
  generate for (gp = 0; gp < 8; gp = gp + 1) begin : g_time
    assign tx_time[16*gp +: 16] = time_en[gp] ? cfg_pfc_time : 16'd0;
  end endgenerate

  wire changed = xoff != xoff_q;
  wire refresh = (|xoff) && since_q >= cfg_pfc_refresh;
  assign pfc_owed = cfg_pfc_tx_en && (pending_q || changed || refresh);

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      xoff_q    <= 4'd0;
      pending_q <= 1'b0;
      since_q   <= 24'd0;
    end else begin
      xoff_q    <= xoff;
      pending_q <= pfc_owed && !pfc_sent;
      if (pfc_sent)
        since_q <= 24'd1;
      else if (since_q != SAT)
        since_q <= since_q + 24'd1;
    end
  end

  `ASSERT_CLK(sent_when_owed, clk, rst_n, !pfc_sent || pfc_owed,
              "sue_pfc: pfc_sent while no PFC frame is owed")
endmodule

`resetall
