// SUE port selection (spec 1.2 "Ordering", 4.3 "Load Balancing"; docs/sue/sue_port_sel.md): the
// transmit side of an SUE instance with P = 1, 2 or 4 Ethernet ports. It takes the XPU's commands
// on one command interface and hands each whole command to one port's datapath (a sue_endpoint
// transmit front end, its own ingress, pack queues and PSN space), and gives the XPU ingress
// credits that every port can honour. Cycle-exact with csrc/ref/sue/sue_port_sel_model.c.
//
// Choice, at a command's beat 0 (tx_valid != 0, tx_cycle == 0); the later beats follow it:
//   ordered   (cfg_unordered = 0): port = cfg_map[h], h = the connection's hash
//             (xpuid[1:0] ^ xpuid[3:2] ^ xpuid[5:4] ^ xpuid[7:6] ^ xpuid[9:8] ^ vc) mod P, so a
//             {destination, VC} stays on one port (strict order) until the XPU rewrites the map;
//   unordered (cfg_unordered = 1): among the ports that are up, reach the command's
//             destination (p_unreach) and hold an ingress credit of its {VC, type} (else those up
//             with a credit, else those with a credit, else all), the one with the least backlog
//             (bytes in its pack queues); ties go round-robin, from the port after the last
//             unordered choice.
// Ingress credits: per {VC, type}, c[e] = credits port e returned minus commands handed to it
// (exactly the port's free slots not yet given back), g = credits given to the XPU minus
// commands taken while it had one. The XPU is given up to min_e c[e] - g, in words of up to 4,
// one a cycle round-robin over the eight {VC, type} as a port's own, so whatever port a command
// goes to holds a credit for it: an XPU that keeps to its credits never loses a command. A beat
// 0 with g = 0 is a violation (inc_viol); it is still handed on if its port holds a credit, and
// dropped with all its beats (inc_drop) if not, so a port never sees a command it has no slot
// for and c[e] never drifts from the port's slots.
//
// Timing: the beats of cycle t leave on p_tx_* at t + 1 (one register stage, every field
// broadcast, only the chosen port's p_tx_valid set); a port's credit word of cycle t counts from
// t + 1; tx_credit of t + 1 is the word chosen at the edge ending t.
`resetall
`default_nettype none
`include "assert.vh"

module sue_port_sel #(
  parameter integer P        = 2,      // ports: 1, 2 or 4
  parameter integer DATA_W   = 256,    // XPU data beat bits
  parameter integer ING_CMD  = 8,      // each port's ingress slots per VC, command only
  parameter integer ING_DATA = 4,      // ... with data
  parameter integer BLW      = 16      // bits of a port's backlog
) (
  input  wire                clk,
  input  wire                rst_n,
  input  wire                flush,          // the ports' transmit sides are in reset
  input  wire                cfg_unordered,
  input  wire [7:0]          cfg_map,        // ordered: port of hash h at [2h +: 2] (mod P)
  input  wire [P-1:0]        port_ok,        // port e is up (link, and not taken out of use)
  input  wire [P-1:0]        p_unreach,      // port e finds tx_xpuid unreachable (this cycle's)
  input  wire [P*BLW-1:0]    p_backlog,      // bytes waiting in port e's pack queues
  // XPU transmit command interface (docs/sue/index.md), as sue_endpoint's
  input  wire [1:0]          tx_valid,
  input  wire [3:0]          tx_cycle,
  input  wire [1:0]          tx_vc,
  input  wire [9:0]          tx_xpuid,
  input  wire [143:0]        tx_control,
  input  wire                tx_send_now,
  input  wire [DATA_W-1:0]   tx_data,
  input  wire                tx_err,
  output reg  [5:0]          tx_credit,
  // the ports: their credit returns in, the beats out
  input  wire [P*6-1:0]      p_tx_credit,
  output reg  [P*2-1:0]      p_tx_valid,
  output reg  [3:0]          p_tx_cycle,
  output reg  [1:0]          p_tx_vc,
  output reg  [9:0]          p_tx_xpuid,
  output reg  [143:0]        p_tx_control,
  output reg                 p_tx_send_now,
  output reg  [DATA_W-1:0]   p_tx_data,
  output reg                 p_tx_err,
  output reg                 sel_valid,      // a beat 0 was taken (handed on or dropped); sel_port its port
  output reg  [1:0]          sel_port,
  output reg                 inc_viol,       // a beat 0 came without a credit
  output reg                 inc_drop        // ... and its port had none either: dropped
);
  localparam integer IMAX = (ING_CMD > ING_DATA) ? ING_CMD : ING_DATA;
  localparam integer CW   = $clog2(IMAX + 1);     // credit counters, 0 .. IMAX
  localparam integer CW1  = CW + 1;               // .. with a word of 4 added (asserted <= IMAX)

  generate if (P != 1 && P != 2 && P != 4) begin : g_bad_param
    `PARAM_FATAL("sue_port_sel: P must be 1, 2 or 4")
  end else if (ING_CMD < 1 || ING_CMD > 64 || ING_DATA < 1 || ING_DATA > 64) begin : g_bad_param
    `PARAM_FATAL("sue_port_sel: ING_CMD and ING_DATA must be 1 .. 64")
  end else if (BLW < 1 || BLW > 32) begin : g_bad_param
    `PARAM_FATAL("sue_port_sel: BLW must be 1 .. 32")
  end endgenerate

  localparam [1:0] PM = 2'(P - 1);                 // port index mask

  function integer ix3(input [2:0] x);
    ix3 = {29'd0, x};
  endfunction

  // ---- state ----
  reg [P*8*CW-1:0] c_q;           // port e, counter j = vc * 2 + type at [(e*8 + j)*CW +: CW]
  reg [8*CW-1:0]   g_q;
  reg [2:0]        crp_q;         // credit word round-robin pointer
  reg [1:0]        ptr_q;         // unordered tie-break: first port looked at
  reg [1:0]        port_q;        // port of the open command
  reg              drop_q;        // the open command is dropped

  // ---- the beat of this cycle ----
  wire       first = tx_valid != 2'd0 && tx_cycle == 4'd0;
  wire [2:0] cj    = {tx_vc, tx_valid == 2'd2};    // its {VC, type} counter
  wire [1:0] h     = (tx_xpuid[1:0] ^ tx_xpuid[3:2] ^ tx_xpuid[5:4] ^ tx_xpuid[7:6] ^
                      tx_xpuid[9:8] ^ tx_vc) & PM;

  // unordered: candidates, then the least backlog from ptr_q
  wire [P-1:0]  reach_ok = port_ok & ~p_unreach;   // up, and reaching the destination
  reg [3:0]     cred, cand;
  reg [1:0]     best, e2;
  reg           found;
  reg [BLW-1:0] bl_best;
  integer e, k;
  always @* begin
    cred = 4'd0;
    for (e = 0; e < P; e = e + 1)
      cred[e] = c_q[(e*8 + ix3(cj))*CW +: CW] != {CW{1'b0}};
    cand = 4'(reach_ok) & cred;
    if (cand == 4'd0) cand = 4'(port_ok) & cred;
    if (cand == 4'd0) cand = cred;
    if (cand == 4'd0) cand = 4'((1 << P) - 1);
    best    = 2'd0;
    found   = 1'b0;
    bl_best = {BLW{1'b0}};
    for (k = 0; k < P; k = k + 1) begin
      e2 = (ptr_q + k[1:0]) & PM;
      if (cand[e2] && (!found || p_backlog[{30'd0, e2}*BLW +: BLW] < bl_best)) begin
        best    = e2;
        found   = 1'b1;
        bl_best = p_backlog[{30'd0, e2}*BLW +: BLW];
      end
    end
  end

  wire [1:0] ordered = cfg_map[{h, 1'b0} +: 2] & PM;
  wire [1:0] choice  = cfg_unordered ? best : ordered;
  wire [1:0] target  = first ? choice : port_q;
  wire       viol    = first && g_q[ix3(cj)*CW +: CW] == {CW{1'b0}};
  wire       take_c  = first && cred[target];      // the port's credit is used
  wire       drop    = first ? !cred[target] : drop_q;

  // ---- credit words to the XPU: up to min_e c[e] - g per {VC, type} ----
  reg [8*CW-1:0] give;            // giveable per counter
  reg [CW-1:0]   mn;
  reg [2:0]      sel;
  reg            sel_v;
  reg [2:0]      sel_n;
  integer j;
  always @* begin
    for (j = 0; j < 8; j = j + 1) begin
      mn = c_q[j*CW +: CW];
      for (e = 1; e < P; e = e + 1)
        if (c_q[(e*8 + j)*CW +: CW] < mn) mn = c_q[(e*8 + j)*CW +: CW];
      give[j*CW +: CW] = (mn > g_q[j*CW +: CW]) ? mn - g_q[j*CW +: CW] : {CW{1'b0}};
    end
    sel   = 3'd0;
    sel_v = 1'b0;
    for (j = 7; j >= 0; j = j - 1)
      if (give[ix3(crp_q + j[2:0])*CW +: CW] != {CW{1'b0}}) begin
        sel   = crp_q + j[2:0];
        sel_v = 1'b1;
      end
    sel_n = ({{(32-CW){1'b0}}, give[ix3(sel)*CW +: CW]} > 32'd4) ? 3'd4 : 3'(give[ix3(sel)*CW +: CW]);
  end

  // ---- next credit counters ----
  reg [P*8*CW-1:0] c_d;
  reg [8*CW-1:0]   g_d;
  reg [CW1-1:0]    acc;
  reg              over;          // a port returned more than it was handed (asserted below)
  always @* begin
    over = 1'b0;
    for (e = 0; e < P; e = e + 1)
      for (j = 0; j < 8; j = j + 1) begin
        acc = {1'b0, c_q[(e*8 + j)*CW +: CW]};
        if (p_tx_credit[e*6 + 5] && {p_tx_credit[e*6 + 2 +: 2], p_tx_credit[e*6 + 4]} == j[2:0])
          acc = acc + {{(CW1-3){1'b0}}, 3'({1'b0, p_tx_credit[e*6 +: 2]} + 3'd1)};
        if (take_c && target == e[1:0] && cj == j[2:0])
          acc = acc - {{(CW1-1){1'b0}}, 1'b1};
        if (acc > CW1'(j[0] ? ING_DATA : ING_CMD)) over = 1'b1;
        c_d[(e*8 + j)*CW +: CW] = acc[CW-1:0];
      end
    for (j = 0; j < 8; j = j + 1) begin
      acc = {1'b0, g_q[j*CW +: CW]};
      if (sel_v && sel == j[2:0])
        acc = acc + {{(CW1-3){1'b0}}, sel_n};
      if (first && !viol && cj == j[2:0])
        acc = acc - {{(CW1-1){1'b0}}, 1'b1};
      g_d[j*CW +: CW] = acc[CW-1:0];
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      c_q        <= {(P*8*CW){1'b0}};
      g_q        <= {(8*CW){1'b0}};
      crp_q      <= 3'd0;
      ptr_q      <= 2'd0;
      port_q     <= 2'd0;
      drop_q     <= 1'b0;
      tx_credit  <= 6'd0;
      p_tx_valid <= {(P*2){1'b0}};
      sel_valid  <= 1'b0;
      sel_port   <= 2'd0;
      inc_viol   <= 1'b0;
      inc_drop   <= 1'b0;
    end else begin                // flush: as after reset
      c_q       <= flush ? {(P*8*CW){1'b0}} : c_d;
      g_q       <= flush ? {(8*CW){1'b0}} : g_d;
      crp_q     <= flush ? 3'd0 : sel_v ? sel + 3'd1 : crp_q;
      tx_credit <= (sel_v && !flush) ? {1'b1, sel[0], sel[2:1], 2'(sel_n - 3'd1)} : 6'd0;
      ptr_q     <= flush ? 2'd0 : (first && cfg_unordered) ? (best + 2'd1) & PM : ptr_q;
      port_q    <= flush ? 2'd0 : target;
      drop_q    <= !flush && drop;
      for (e = 0; e < P; e = e + 1)
        p_tx_valid[e*2 +: 2] <= (target == e[1:0] && !drop && !flush) ? tx_valid : 2'd0;
      sel_valid <= first && !flush;
      sel_port  <= flush ? 2'd0 : target;
      inc_viol  <= viol && !flush;
      inc_drop  <= first && drop && !flush;
    end
  end

  // the beat's fields, broadcast (reset too, so no simulator starts them at X)
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      p_tx_cycle    <= 4'd0;
      p_tx_vc       <= 2'd0;
      p_tx_xpuid    <= 10'd0;
      p_tx_control  <= 144'd0;
      p_tx_send_now <= 1'b0;
      p_tx_data     <= {DATA_W{1'b0}};
      p_tx_err      <= 1'b0;
    end else begin
      p_tx_cycle    <= tx_cycle;
      p_tx_vc       <= tx_vc;
      p_tx_xpuid    <= tx_xpuid;
      p_tx_control  <= tx_control;
      p_tx_send_now <= tx_send_now;
      p_tx_data     <= tx_data;
      p_tx_err      <= tx_err;
    end
  end

  // a port never returns more than it was handed: the credits it holds stay <= its slots
  `ASSERT_CLK(port_credits_bounded, clk, rst_n, flush || !over,
              "a port returned more ingress credits than its slots")
endmodule

`resetall
