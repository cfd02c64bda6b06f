// sue_gbn: go-back-N state of every SUE connection (docs/sue/index.md "Reliability (go-back-N)",
// docs/sue/sue_gbn.md), the RTL of csrc/ref/sue/sue_gbn_model.c.
//
// Per connection c (C = NDST, or NDST * 4 with PSN_PER_VC = 1; c = slot or slot * 4 + VC):
//   sender:   nxt (next new PSN), una (oldest unacknowledged), rp (next PSN to send; rp != nxt:
//             replaying), retransmission timer (cycles to the deadline);
//   receiver: exp (expected PSN), seen, ACK owed with its delay counter, NACK owed, NACK sent.
// The PDU bytes live in the transmit path's slot RAM: PSN n is in slot n mod WIN of its
// connection; this block gives the slot index of the PSN to send.
//
// Cycle t, in this order (the order a lockstep test calls the model in):
//   1. timers: every connection with something outstanding whose deadline is t expires
//      (tmo[c]): rp = una, deadline += max(RETX_TIMEOUT, 1). Every output below already
//      shows the state after this step (combinational from the registers);
//   2. the transmit event (tx_valid, tx_conn, tx_kind): a frame of that connection is sent;
//   3. the receive event (rx_valid, rx_conn, ...): a frame that passed receive checks 1 .. 13
//      is processed, on the state left by 2 (the rx_* verdict outputs are combinational);
//   4. the rising edge stores the result: events of cycle t show in the outputs from t + 1.
// PSNs are 16 bits and wrap; every comparison is modulo 2^16.
`resetall
`default_nettype none
`include "assert.vh"

module sue_gbn #(
    parameter integer NDST       = 64,
    parameter integer WIN        = 8,
    parameter integer PSN_PER_VC = 0,
    // derived, do not override
    parameter integer C          = (PSN_PER_VC != 0) ? NDST * 4 : NDST,
    parameter integer CW         = idx_w(C),
    parameter integer SW         = idx_w(WIN)
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire [23:0]   cfg_retx_timeout,  // RETX_TIMEOUT (0 behaves as 1)
    input  wire [15:0]   cfg_ack_delay,     // ACK_DELAY
    // ---- transmit side: the connection asked about, and the frame sent for it
    input  wire [CW-1:0] tx_conn,
    output wire [15:0]   tx_psn_new,        // PSN a new PDU gets (nxt)
    output wire [SW-1:0] tx_slot_new,       // its slot (nxt mod WIN): store the PDU there
    output wire [15:0]   tx_psn_rp,         // PSN to replay (rp)
    output wire [SW-1:0] tx_slot_rp,        // its slot (rp mod WIN): replay from there
    output wire [1:0]    tx_op,             // op / rpsn any frame of tx_conn carries now
    output wire [15:0]   tx_rpsn,
    output wire          tx_can_new,        // win_open[tx_conn]
    output wire          tx_replaying,      // replay_pend[tx_conn]
    input  wire          tx_valid,          // a frame of tx_conn is sent at this edge
    input  wire [1:0]    tx_kind,           // 0 new data PDU, 1 replayed PDU, 2 stand-alone ACK/NACK
    // ---- receive side: a frame that passed the receive checks, on its connection
    input  wire          rx_valid,
    input  wire [CW-1:0] rx_conn,
    input  wire [1:0]    rx_op,             // RH op: 0 none, 1 ACK, 2 NACK (3 never comes here)
    input  wire [15:0]   rx_rpsn,
    input  wire          rx_data,           // it carries commands (else control-only)
    input  wire [15:0]   rx_psn,            // RH psn (data PDUs only)
    input  wire          rx_room,           // the VC's receive buffer has room for its commands
    output wire          rx_ack_adv,        // counters: rx_acks
    output wire          rx_nack_ok,        // rx_nacks
    output wire          rx_replay_start,   // tx_replays
    output wire          rx_ack_stale,      // rx_ack_stale
    output wire          rx_ctrl,           // rx_ctrl
    output wire          rx_psn_ahead,      // rx_psn (dropped)
    output wire          rx_psn_dup,        // rx_dup (dropped)
    output wire          rx_nobuf,          // rx_nobuf (dropped)
    output wire          rx_accept,         // rx_pdus: store the commands
    // ---- per-connection state for the scheduler
    output wire [C-1:0]  win_open,          // a new PDU may go: < WIN outstanding, no replay
    output wire [C-1:0]  replay_pend,       // rp != nxt
    output wire [C*SW-1:0] rp_slot,         // slot of rp (rp mod WIN) of connection c at [c*SW +: SW]
    output wire [C-1:0]  nack_owed,
    output wire [C-1:0]  ack_owed,
    output wire [C-1:0]  ack_due,           // ACK owed and ACK_DELAY over
    output wire [C-1:0]  tmo,               // timer expired in this cycle (tx_timeouts)
    output wire [8:0]    tmo_cnt,           // number of ones in tmo
    // ---- register view (CONN[rd_conn].TX / .RX of the register map)
    input  wire [CW-1:0] rd_conn,
    output wire [31:0]   rd_tx,
    output wire [31:0]   rd_rx
);
  `include "common_params.vh"


  // ------------------------------------------------------------------ parameter checks
  generate
    if (NDST < 1 || NDST > 64) begin : g_bad_param
      `PARAM_FATAL("sue_gbn: NDST must be 1 .. 64")
    end else if (WIN < 1 || WIN > 64 || (WIN & (WIN - 1)) != 0) begin : g_bad_param
      // slot = PSN mod WIN must follow the PSN across its 16-bit wrap
      `PARAM_FATAL("sue_gbn: WIN must be a power of two, 1 .. 64")
    end else if (PSN_PER_VC != 0 && PSN_PER_VC != 1) begin : g_bad_param
      `PARAM_FATAL("sue_gbn: PSN_PER_VC must be 0 or 1")
    end else if (C != ((PSN_PER_VC != 0) ? NDST * 4 : NDST) || CW != idx_w(C) ||
                 SW != idx_w(WIN)) begin : g_bad_param
      `PARAM_FATAL("sue_gbn: C, CW and SW are derived, do not override them")
    end
  endgenerate

  localparam [1:0] OP_ACK = 2'd1, OP_NACK = 2'd2;
  localparam [1:0] K_NEW = 2'd0, K_REPLAY = 2'd1;
  localparam [16:0] WIN17 = 17'(WIN);
  localparam [CW:0] CL    = (CW + 1)'(C);


  // Restart values: the counters hold (deadline - now) for the next cycle.
  wire [23:0] tload = (cfg_retx_timeout == 24'd0) ? 24'd0 : cfg_retx_timeout - 24'd1;
  wire [15:0] dload = (cfg_ack_delay == 16'd0) ? 16'd0 : cfg_ack_delay - 16'd1;

  // ------------------------------------------------------------------ state
  reg  [C*16-1:0] nxt_q, una_q, rp_q, exp_q, ackt_q;
  reg  [C*24-1:0] tmr_q;
  reg  [C-1:0]    seen_q, ackp_q, nackp_q, nacks_q;
  // view of cycle t after the timer step, and the next value of the counters without events
  wire [C*16-1:0] rp_v, ackt_n;
  wire [C*24-1:0] tmr_n;

  // ------------------------------------------------------------------ transmit event
  wire [15:0] t_nxt = nxt_q[tx_conn*16 +: 16];
  wire [15:0] t_una = una_q[tx_conn*16 +: 16];
  wire [15:0] t_rp  = rp_v[tx_conn*16 +: 16];
  wire [23:0] t_tmr = tmr_n[tx_conn*24 +: 24];
  wire [15:0] t_exp = exp_q[tx_conn*16 +: 16];
  wire [15:0] t_ackt = ackt_n[tx_conn*16 +: 16];
  wire t_seen = seen_q[tx_conn], t_ackp = ackp_q[tx_conn], t_nackp = nackp_q[tx_conn];
  wire t_nacks = nacks_q[tx_conn];

  assign tx_psn_new   = t_nxt;
  // slot n mod WIN: the remainder is below WIN <= 64, the low SW bits hold it
  wire [15:0] slot_new_w = t_nxt % 16'(WIN17);
  wire [15:0] slot_rp_w  = t_rp % 16'(WIN17);
  wire unused_slot = &{1'b0, slot_new_w[15:SW], slot_rp_w[15:SW]};
  assign tx_slot_new  = slot_new_w[SW-1:0];
  assign tx_psn_rp    = t_rp;
  assign tx_slot_rp   = slot_rp_w[SW-1:0];
  // every connection's replay slot: the low SW bits of rp (WIN is a power of two)
  genvar gr;
  generate
    for (gr = 0; gr < C; gr = gr + 1) begin : g_rp_slot
      if (WIN > 1) begin : g_w
        assign rp_slot[gr*SW +: SW] = rp_v[gr*16 +: SW];
      end else begin : g_w1
        assign rp_slot[gr*SW +: SW] = 1'b0;
      end
    end
  endgenerate
  assign tx_op        = t_nackp ? OP_NACK : t_seen ? OP_ACK : 2'd0;
  assign tx_rpsn      = t_nackp ? t_exp : t_seen ? t_exp - 16'd1 : 16'd0;
  assign tx_can_new   = win_open[tx_conn];
  assign tx_replaying = replay_pend[tx_conn];

  wire is_new = tx_valid && tx_kind == K_NEW;
  wire is_rep = tx_valid && tx_kind == K_REPLAY;
  // state of tx_conn after the transmit event
  wire [15:0] a_nxt  = is_new ? t_nxt + 16'd1 : t_nxt;
  wire [15:0] a_rp   = is_new ? t_nxt + 16'd1 : is_rep ? t_rp + 16'd1 : t_rp;
  wire [23:0] a_tmr  = (is_new && t_nxt == t_una) ? tload : t_tmr;
  wire        a_ackp  = t_ackp && !tx_valid;   // every frame carries what is owed
  wire        a_nackp = t_nackp && !tx_valid;

  // ------------------------------------------------------------------ receive event
  wire same = tx_valid && tx_conn == rx_conn;
  wire [15:0] b_nxt  = same ? a_nxt : nxt_q[rx_conn*16 +: 16];
  wire [15:0] b_una  = same ? t_una : una_q[rx_conn*16 +: 16];
  wire [15:0] b_rp   = same ? a_rp : rp_v[rx_conn*16 +: 16];
  wire [23:0] b_tmr  = same ? a_tmr : tmr_n[rx_conn*24 +: 24];
  wire [15:0] b_exp  = same ? t_exp : exp_q[rx_conn*16 +: 16];
  wire [15:0] b_ackt = same ? t_ackt : ackt_n[rx_conn*16 +: 16];
  wire b_seen  = same ? t_seen : seen_q[rx_conn];
  wire b_ackp  = same ? a_ackp : ackp_q[rx_conn];
  wire b_nackp = same ? a_nackp : nackp_q[rx_conn];
  wire b_nacks = same ? t_nacks : nacks_q[rx_conn];

  // sender half: ACK / NACK
  wire [15:0] k_off  = rx_rpsn - b_una;   // rpsn relative to una
  wire [15:0] out_n  = b_nxt - b_una;     // outstanding
  wire [15:0] rp_off = b_rp - b_una;
  wire [15:0] rpsn1  = rx_rpsn + 16'd1;
  wire is_ack  = rx_valid && rx_op == OP_ACK;
  wire is_nack = rx_valid && rx_op == OP_NACK;
  wire ack_none  = k_off == 16'hFFFF;      // rpsn = una - 1: nothing new
  wire ack_good  = is_ack && !ack_none && k_off < out_n;
  wire nack_good = is_nack && k_off <= out_n;
  assign rx_ack_adv      = ack_good;
  assign rx_nack_ok      = nack_good;
  assign rx_replay_start = nack_good && rx_rpsn != b_nxt;
  assign rx_ack_stale    = (is_ack && !ack_none && !ack_good) || (is_nack && !nack_good);

  reg [15:0] r_una, r_rp;
  reg [23:0] r_tmr;
  always @* begin
    r_una = b_una;
    r_rp  = b_rp;
    r_tmr = b_tmr;
    if (ack_good) begin
      r_una = rpsn1;
      if (rp_off <= k_off) r_rp = rpsn1;     // rp = max(rp, una)
      if (rpsn1 != b_nxt) r_tmr = tload;
    end else if (nack_good) begin
      r_una = rx_rpsn;
      r_rp  = rx_rpsn;
      if (rx_rpsn != b_nxt) r_tmr = tload;
    end
  end

  // receiver half: PSN check of a data PDU
  wire [15:0] d_off = rx_psn - b_exp;
  wire is_data = rx_valid && rx_data;
  wire p_exp   = d_off == 16'd0;
  wire p_ahead = !p_exp && !d_off[15];
  assign rx_ctrl      = rx_valid && !rx_data;
  assign rx_psn_ahead = is_data && p_ahead;
  assign rx_psn_dup   = is_data && d_off[15];
  assign rx_nobuf     = is_data && p_exp && !rx_room;
  assign rx_accept    = is_data && p_exp && rx_room;

  reg [15:0] r_exp, r_ackt;
  reg r_seen, r_ackp, r_nackp, r_nacks;
  always @* begin
    r_exp   = b_exp;
    r_ackt  = b_ackt;
    r_seen  = b_seen;
    r_ackp  = b_ackp;
    r_nackp = b_nackp;
    r_nacks = b_nacks;
    if (rx_psn_ahead) begin
      if (!b_nacks) begin
        r_nackp = 1'b1;
        r_nacks = 1'b1;
      end
    end else if (rx_psn_dup) begin
      if (b_seen && !b_ackp) begin
        r_ackp = 1'b1;
        r_ackt = dload;
      end
    end else if (rx_accept) begin
      r_exp   = b_exp + 16'd1;
      r_seen  = 1'b1;
      r_nacks = 1'b0;
      if (!b_ackp) begin
        r_ackp = 1'b1;
        r_ackt = dload;
      end
    end
  end

  // ------------------------------------------------------------------ per connection
  genvar gc;
  generate
    for (gc = 0; gc < C; gc = gc + 1) begin : g_conn
      wire [15:0] nxt  = nxt_q[gc*16 +: 16];
      wire [15:0] una  = una_q[gc*16 +: 16];
      wire [15:0] rp   = rp_q[gc*16 +: 16];
      wire [23:0] tmr  = tmr_q[gc*24 +: 24];
      wire [15:0] ackt = ackt_q[gc*16 +: 16];
      wire [15:0] outst = nxt - una;
      wire        busy  = outst != 16'd0;
      wire        expire = busy && tmr == 24'd0;
      wire [15:0] rpv = expire ? una : rp;
      assign rp_v[gc*16 +: 16]  = rpv;
      assign tmr_n[gc*24 +: 24] = expire ? tload : busy ? tmr - 24'd1 : tmr;
      assign ackt_n[gc*16 +: 16] = (ackt == 16'd0) ? 16'd0 : ackt - 16'd1;
      assign tmo[gc]         = expire;
      assign replay_pend[gc] = rpv != nxt;
      assign win_open[gc]    = {16'd0, outst} < WIN17 && rpv == nxt;
      assign nack_owed[gc]   = nackp_q[gc];
      assign ack_owed[gc]    = ackp_q[gc];
      assign ack_due[gc]     = ackp_q[gc] && ackt == 16'd0;

      wire rx_hit = rx_valid && rx_conn == gc;
      wire tx_hit = tx_valid && tx_conn == gc;
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
          nxt_q[gc*16 +: 16]  <= 16'd0;
          una_q[gc*16 +: 16]  <= 16'd0;
          rp_q[gc*16 +: 16]   <= 16'd0;
          tmr_q[gc*24 +: 24]  <= 24'd0;
          exp_q[gc*16 +: 16]  <= 16'd0;
          ackt_q[gc*16 +: 16] <= 16'd0;
          seen_q[gc]  <= 1'b0;
          ackp_q[gc]  <= 1'b0;
          nackp_q[gc] <= 1'b0;
          nacks_q[gc] <= 1'b0;
        end else if (rx_hit) begin
          nxt_q[gc*16 +: 16]  <= b_nxt;
          una_q[gc*16 +: 16]  <= r_una;
          rp_q[gc*16 +: 16]   <= r_rp;
          tmr_q[gc*24 +: 24]  <= r_tmr;
          exp_q[gc*16 +: 16]  <= r_exp;
          ackt_q[gc*16 +: 16] <= r_ackt;
          seen_q[gc]  <= r_seen;
          ackp_q[gc]  <= r_ackp;
          nackp_q[gc] <= r_nackp;
          nacks_q[gc] <= r_nacks;
        end else if (tx_hit) begin
          nxt_q[gc*16 +: 16]  <= a_nxt;
          rp_q[gc*16 +: 16]   <= a_rp;
          tmr_q[gc*24 +: 24]  <= a_tmr;
          ackt_q[gc*16 +: 16] <= t_ackt;
          ackp_q[gc]  <= a_ackp;
          nackp_q[gc] <= a_nackp;
        end else begin
          rp_q[gc*16 +: 16]   <= rpv;
          tmr_q[gc*24 +: 24]  <= tmr_n[gc*24 +: 24];
          ackt_q[gc*16 +: 16] <= ackt_n[gc*16 +: 16];
        end
      end

      // invariants: at most WIN outstanding, rp within [una, nxt]
      `ASSERT_CLK(outst_le_win, clk, rst_n, {16'd0, outst} <= WIN17, "more than WIN PDUs outstanding")
      `ASSERT_CLK(rp_in_window, clk, rst_n, (rp - una) <= outst, "rp outside [una, nxt]")
    end
  endgenerate

  // popcount of the expiries (C <= 256)
  reg [8:0] cnt;
  integer i;
  always @* begin
    cnt = 9'd0;
    for (i = 0; i < C; i = i + 1) cnt = cnt + {8'd0, tmo[i]};
  end
  assign tmo_cnt = cnt;

  assign rd_tx = {una_q[rd_conn*16 +: 16], nxt_q[rd_conn*16 +: 16]};
  assign rd_rx = {13'd0, ackp_q[rd_conn], replay_pend[rd_conn], nacks_q[rd_conn],
                  exp_q[rd_conn*16 +: 16]};

  // ------------------------------------------------------------------ event assertions
  `ASSERT_CLK(tx_conn_in_range, clk, rst_n, !tx_valid || {1'b0, tx_conn} < CL, "tx_conn out of range")
  `ASSERT_CLK(rx_conn_in_range, clk, rst_n, !rx_valid || {1'b0, rx_conn} < CL, "rx_conn out of range")
  `ASSERT_CLK(tx_kind_legal, clk, rst_n, !tx_valid || tx_kind != 2'd3, "tx_kind 3 is reserved")
  `ASSERT_CLK(new_when_open, clk, rst_n, !is_new || tx_can_new,
              "new PDU sent while the window is closed or a replay runs")
  `ASSERT_CLK(rep_when_replaying, clk, rst_n, !is_rep || tx_replaying,
              "replayed PDU sent while no replay runs")
  `ASSERT_CLK(rx_op_legal, clk, rst_n, !rx_valid || rx_op != 2'd3, "RH op 3 reached go-back-N")

endmodule

`resetall
