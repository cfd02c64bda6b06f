// SUE receive merge of a 2- or 4-port instance (docs/sue/sue_rx_merge.md): the P port
// datapaths' command deliveries (each a sue_endpoint's rx_* under its own rx credits) onto the
// XPU's one receive interface, under the XPU's rx credits. Cycle-exact with
// csrc/ref/sue/sue_rx_merge_model.c.
//
// A skid per {port e, VC v} (s = e * 4 + v) holds whole commands: a command FIFO (type, xpuid,
// control, beats) of SKID entries and a beat FIFO of SKID * MAXB data beats (MAXB = the beats of
// a 256-byte command). The unit grants port e rx credits for VC v only as the skid has room:
// unused[e][v][t] (credits granted, not yet used) + occ[s] (commands in the skid, the one being
// delivered included) stays <= SKID, and each type keeps at most SKID / 2 unused, so the other
// type is never starved of a slot by credits that are not being used. The skids of one VC drain
// only under the XPU's credits of that VC, so a VC the XPU holds back stalls only itself, as in
// a single endpoint; no beat is ever refused (there is no ready on rx_*).
//
// Delivery to the XPU: a command starts when the previous one shows its last beat (or nothing
// is being delivered), from the skids whose head command has an XPU credit of its {VC, type},
// round-robin over s from one past the skid served; its beats follow in consecutive cycles
// (cut-through: a port's beats arrive in consecutive cycles, and a command starts at the
// earliest the cycle after its beat 0 arrived, so its beat k is always there in time, asserted).
// Within a skid commands keep their order, so order per {source, VC} on one port holds.
//
// Timing: a port's beat of cycle t is in its skid from t + 1; rx_* of cycle t + 1 is the beat
// emitted in cycle t (registered); p_rx_credit of t + 1 is the grant decided in cycle t (from
// the state before the cycle's events); the XPU's credit word of cycle t counts from t + 1.
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_merge #(
  parameter integer P      = 2,      // ports: 1, 2 or 4
  parameter integer DATA_W = 256,    // rx_data bits (128 .. 2048)
  parameter integer SKID   = 2,      // commands per {port, VC} skid (even, 2 .. 8)
  parameter integer CRW    = 16      // XPU rx credit counter bits
) (
  input  wire                clk,
  input  wire                rst_n,
  // the ports' deliveries (each as sue_endpoint's rx_*), and their credits
  input  wire [P*2-1:0]      p_rx_valid,
  input  wire [P*4-1:0]      p_rx_cycle,
  input  wire [P*2-1:0]      p_rx_vc,
  input  wire [P*10-1:0]     p_rx_xpuid,
  input  wire [P*144-1:0]    p_rx_control,
  input  wire [P*DATA_W-1:0] p_rx_data,
  output reg  [P*6-1:0]      p_rx_credit,
  // the XPU receive interface (docs/sue/index.md "Receive (SUE to XPU)")
  output reg  [1:0]          rx_valid,
  output reg  [3:0]          rx_cycle,
  output reg  [1:0]          rx_vc,
  output reg  [9:0]          rx_xpuid,
  output reg  [143:0]        rx_control,
  output reg  [DATA_W-1:0]   rx_data,
  input  wire [5:0]          rx_credit,
  input  wire                rx_reset_in,    // the XPU withdraws its credits (and so do we)
  output reg                 sel_valid,      // rx_* holds a beat 0; sel_port its port
  output reg  [1:0]          sel_port
);
  `include "common_params.vh"

  localparam integer NB   = DATA_W / 8;
  localparam integer MAXB = (256 + NB - 1) / NB;         // beats of a 256-byte command
  localparam integer NS   = P * 4;                       // skids
  localparam integer DB   = SKID * MAXB;                 // beat FIFO entries per skid
  localparam integer SW   = idx_w(NS);
  localparam integer CPW  = idx_w(SKID);                 // command FIFO pointer
  localparam integer DPW  = idx_w(DB);                   // beat FIFO pointer
  localparam integer OW   = $clog2(SKID + 1);            // occupancy / unused counts
  localparam integer DCW  = $clog2(DB + 1);              // beats in a beat FIFO
  localparam integer UC   = SKID / 2;                    // unused credits per type at most
  localparam integer CEW  = 1 + 10 + 144 + 5;            // command entry: type, xpuid, control, beats

  generate if (P != 1 && P != 2 && P != 4) begin : g_bad_param
    `PARAM_FATAL("sue_rx_merge: P must be 1, 2 or 4")
  end else if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512 && DATA_W != 1024 &&
               DATA_W != 2048) begin : g_bad_param
    `PARAM_FATAL("sue_rx_merge: DATA_W must be 128, 256, 512, 1024 or 2048")
  end else if (SKID < 2 || SKID > 8 || SKID % 2 != 0) begin : g_bad_param
    `PARAM_FATAL("sue_rx_merge: SKID must be 2, 4, 6 or 8")
  end endgenerate

  function integer ixs(input [SW-1:0] x);
    ixs = {{(32-SW){1'b0}}, x};
  endfunction

  // beats of a command from its descriptor: dp ? ceil(dlen / NB) : 1
  function [4:0] beats_of(input [8:0] desc);   // descriptor bits [8:0]: dp, dlen - 1
    reg [8:0] dlen;
    begin
      dlen     = {1'b0, desc[7:0]} + 9'd1;
      beats_of = desc[8] ? 5'((({23'd0, dlen} + NB - 1) / NB)) : 5'd1;
    end
  endfunction

  // ---- skid storage ----
  reg [NS*SKID*CEW-1:0] cmem;      // entry i at [i*CEW +: CEW] (a vector: read in @*)
  reg [DATA_W-1:0] dmem [0:NS*DB-1];
  reg [NS*CPW-1:0] cwp_q, crp_q;
  reg [NS*OW-1:0]  ccnt_q;          // commands in the command FIFO (not started)
  reg [NS*DPW-1:0] dwp_q, drp_q;
  reg [NS*DCW-1:0] dcnt_q;          // beats in the beat FIFO
  reg [NS*OW-1:0]  uc0_q, uc1_q;    // unused credits granted, per type
  reg [P*3-1:0]    gp_q;            // grant round-robin pointer per port

  // ---- delivery state ----
  reg           busy_q;
  reg [SW-1:0]  cur_q;
  reg [4:0]     beat_q, nb_q;
  reg [SW-1:0]  rr_q;
  reg           cty_q;              // the delivered command's type (1: with data)
  reg [9:0]     cxp_q;
  reg [143:0]   cctl_q;

  // XPU credits (the endpoint's own counters)
  wire [7:0] xavail;
  wire       start;
  wire [2:0] start_idx;
  sue_rx_credits #(.CRW(CRW)) u_xcred (
    .clk(clk), .rst_n(rst_n), .rx_credit(rx_credit), .rx_reset_in(rx_reset_in),
    .take(start), .take_idx(start_idx), .avail(xavail));

  // ---- this cycle: emission, then the next start ----
  wire last = busy_q && beat_q == nb_q - 5'd1;
  wire free = !busy_q || last;
  reg  [NS-1:0] ready;
  reg  [SW-1:0] pick;
  reg           pick_v;
  reg  [CEW-1:0] head;
  integer s, k;
  always @* begin
    for (s = 0; s < NS; s = s + 1) begin
      head     = cmem[(s*SKID + {{(32-CPW){1'b0}}, crp_q[s*CPW +: CPW]})*CEW +: CEW];
      ready[s] = ccnt_q[s*OW +: OW] != {OW{1'b0}} && xavail[(s % 4) * 2 + (head[CEW-1] ? 1 : 0)];
    end
    pick   = {SW{1'b0}};
    pick_v = 1'b0;
    for (k = NS - 1; k >= 0; k = k - 1)
      if (ready[(ixs(rr_q) + k) % NS]) begin
        pick   = SW'((ixs(rr_q) + k) % NS);
        pick_v = 1'b1;
      end
    head = cmem[(ixs(pick)*SKID + {{(32-CPW){1'b0}}, crp_q[ixs(pick)*CPW +: CPW]})*CEW +: CEW];
  end
  assign start     = free && pick_v;
  assign start_idx = {pick[1:0], head[CEW-1]};

  // occupancy of skid s: commands not started, plus the one being delivered
  reg [NS*OW-1:0] occ;
  always @* begin
    for (s = 0; s < NS; s = s + 1)
      occ[s*OW +: OW] = ccnt_q[s*OW +: OW] + OW'(busy_q && ixs(cur_q) == s);
  end

  // ---- grants: per port one word a cycle, round-robin over its eight {VC, type} ----
  reg [P*6-1:0] gw;
  reg [2:0]     gj;
  reg [P-1:0]   gv;
  reg [P*3-1:0] gsel;
  integer e, j, si;
  always @* begin
    gw   = {(P*6){1'b0}};
    gv   = {P{1'b0}};
    gsel = {(P*3){1'b0}};
    gj   = 3'd0;
    si   = 0;
    for (e = 0; e < P; e = e + 1)
      for (j = 7; j >= 0; j = j - 1) begin
        gj = gp_q[e*3 +: 3] + j[2:0];
        si = e * 4 + {30'd0, gj[2:1]};
        if (!rx_reset_in &&
            (gj[0] ? uc1_q[si*OW +: OW] : uc0_q[si*OW +: OW]) < OW'(UC) &&
            {1'b0, uc0_q[si*OW +: OW]} + {1'b0, uc1_q[si*OW +: OW]} + {1'b0, occ[si*OW +: OW]} <
              (OW + 1)'(SKID)) begin
          gv[e]           = 1'b1;
          gsel[e*3 +: 3]  = gj;
          gw[e*6 +: 6]    = {1'b1, gj[0], gj[2:1], 2'd0};
        end
      end
  end

  // ---- next state of the skids ----
  function [CPW-1:0] cinc(input [CPW-1:0] x);
    cinc = ({{(32-CPW){1'b0}}, x} == SKID - 1) ? {CPW{1'b0}} : x + 1'b1;
  endfunction
  function [DPW-1:0] dinc(input [DPW-1:0] x);
    dinc = ({{(32-DPW){1'b0}}, x} == DB - 1) ? {DPW{1'b0}} : x + 1'b1;
  endfunction
  reg [P-1:0]      arr, arr0;       // port e delivers a beat / a beat 0
  reg [P*SW-1:0]   asi;             // ... into skid
  reg [NS*CPW-1:0] cwp_d, crp_d;
  reg [NS*OW-1:0]  ccnt_d, uc0_d, uc1_d;
  reg [NS*DPW-1:0] dwp_d, drp_d;
  reg [NS*DCW-1:0] dcnt_d;
  reg [OW-1:0]     cn, u0, u1;
  reg [DCW-1:0]    dc;
  reg              arr_bad;         // a port delivered past its grants (asserted)
  integer a, b, x;
  always @* begin
    arr_bad = 1'b0;
    for (a = 0; a < P; a = a + 1) begin
      arr[a]  = p_rx_valid[a*2 +: 2] != 2'd0;
      arr0[a] = arr[a] && p_rx_cycle[a*4 +: 4] == 4'd0;
      asi[a*SW +: SW] = SW'(a * 4 + {30'd0, p_rx_vc[a*2 +: 2]});
    end
    for (x = 0; x < NS; x = x + 1) begin
      cn = ccnt_q[x*OW +: OW];
      u0 = uc0_q[x*OW +: OW];
      u1 = uc1_q[x*OW +: OW];
      dc = dcnt_q[x*DCW +: DCW];
      b  = x / 4;
      cwp_d[x*CPW +: CPW] = cwp_q[x*CPW +: CPW];
      crp_d[x*CPW +: CPW] = crp_q[x*CPW +: CPW];
      dwp_d[x*DPW +: DPW] = dwp_q[x*DPW +: DPW];
      drp_d[x*DPW +: DPW] = drp_q[x*DPW +: DPW];
      if (arr[b] && ixs(asi[b*SW +: SW]) == x) begin
        if ({{(32-DCW){1'b0}}, dc} == DB) arr_bad = 1'b1;
        dc = dc + 1'b1;
        dwp_d[x*DPW +: DPW] = dinc(dwp_q[x*DPW +: DPW]);
        if (arr0[b]) begin
          if ((p_rx_valid[b*2 +: 2] == 2'd2 ? u1 : u0) == {OW{1'b0}} ||
              {{(32-OW){1'b0}}, cn} == SKID) arr_bad = 1'b1;
          cn = cn + 1'b1;
          if (p_rx_valid[b*2 +: 2] == 2'd2) u1 = u1 - 1'b1;
          else                              u0 = u0 - 1'b1;
          cwp_d[x*CPW +: CPW] = cinc(cwp_q[x*CPW +: CPW]);
        end
      end
      if (start && ixs(pick) == x) begin
        cn = cn - 1'b1;
        crp_d[x*CPW +: CPW] = cinc(crp_q[x*CPW +: CPW]);
      end
      if (busy_q && ixs(cur_q) == x) begin
        dc = dc - 1'b1;
        drp_d[x*DPW +: DPW] = dinc(drp_q[x*DPW +: DPW]);
      end
      if (gv[b] && {29'd0, gsel[b*3 +: 3]} == (x % 4) * 2)     u0 = u0 + 1'b1;
      if (gv[b] && {29'd0, gsel[b*3 +: 3]} == (x % 4) * 2 + 1) u1 = u1 + 1'b1;
      ccnt_d[x*OW +: OW]   = cn;
      uc0_d[x*OW +: OW]    = rx_reset_in ? {OW{1'b0}} : u0;
      uc1_d[x*OW +: OW]    = rx_reset_in ? {OW{1'b0}} : u1;
      dcnt_d[x*DCW +: DCW] = dc;
    end
  end

  // ---- registers ----
  integer m;
  always @(posedge clk) begin     // skid storage (read only where written since reset)
    for (m = 0; m < P; m = m + 1) begin
      if (arr[m])
        dmem[ixs(asi[m*SW +: SW])*DB + {{(32-DPW){1'b0}}, dwp_q[ixs(asi[m*SW +: SW])*DPW +: DPW]}] <=
          p_rx_data[m*DATA_W +: DATA_W];
      if (arr0[m])
        cmem[(ixs(asi[m*SW +: SW])*SKID + {{(32-CPW){1'b0}}, cwp_q[ixs(asi[m*SW +: SW])*CPW +: CPW]})*CEW +: CEW] <=
          {p_rx_valid[m*2 +: 2] == 2'd2, p_rx_xpuid[m*10 +: 10], p_rx_control[m*144 +: 144],
           beats_of(p_rx_control[m*144 + 128 +: 9])};
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cwp_q  <= {(NS*CPW){1'b0}};
      crp_q  <= {(NS*CPW){1'b0}};
      ccnt_q <= {(NS*OW){1'b0}};
      dwp_q  <= {(NS*DPW){1'b0}};
      drp_q  <= {(NS*DPW){1'b0}};
      dcnt_q <= {(NS*DCW){1'b0}};
      uc0_q  <= {(NS*OW){1'b0}};
      uc1_q  <= {(NS*OW){1'b0}};
      gp_q   <= {(P*3){1'b0}};
      p_rx_credit <= {(P*6){1'b0}};
      busy_q <= 1'b0;
      cur_q  <= {SW{1'b0}};
      beat_q <= 5'd0;
      nb_q   <= 5'd0;
      rr_q   <= {SW{1'b0}};
      cty_q  <= 1'b0;
      cxp_q  <= 10'd0;
      cctl_q <= 144'd0;
      rx_valid   <= 2'd0;
      rx_cycle   <= 4'd0;
      rx_vc      <= 2'd0;
      rx_xpuid   <= 10'd0;
      rx_control <= 144'd0;
      rx_data    <= {DATA_W{1'b0}};
      sel_valid  <= 1'b0;
      sel_port   <= 2'd0;
    end else begin
      cwp_q  <= cwp_d;
      crp_q  <= crp_d;
      ccnt_q <= ccnt_d;
      dwp_q  <= dwp_d;
      drp_q  <= drp_d;
      dcnt_q <= dcnt_d;
      uc0_q  <= uc0_d;
      uc1_q  <= uc1_d;
      for (m = 0; m < P; m = m + 1)
        if (gv[m]) gp_q[m*3 +: 3] <= gsel[m*3 +: 3] + 3'd1;
      p_rx_credit <= gw;
      // the delivered command's beat of this cycle
      rx_valid   <= busy_q ? (cty_q ? 2'd2 : 2'd1) : 2'd0;
      rx_cycle   <= beat_q[3:0];
      rx_vc      <= cur_q[1:0];
      rx_xpuid   <= cxp_q;
      rx_control <= cctl_q;
      rx_data    <= busy_q ? dmem[ixs(cur_q)*DB + {{(32-DPW){1'b0}}, drp_q[ixs(cur_q)*DPW +: DPW]}]
                           : {DATA_W{1'b0}};
      sel_valid  <= busy_q && beat_q == 5'd0;
      sel_port   <= 2'(cur_q >> 2);
      // the next command
      if (start) begin
        busy_q <= 1'b1;
        cur_q  <= pick;
        beat_q <= 5'd0;
        nb_q   <= head[4:0];
        cty_q  <= head[CEW-1];
        cxp_q  <= head[CEW-2 -: 10];
        cctl_q <= head[CEW-12 -: 144];
        rr_q   <= SW'((ixs(pick) + 1) % NS);
      end else if (last) begin
        busy_q <= 1'b0;
      end else if (busy_q) begin
        beat_q <= beat_q + 5'd1;
      end
    end
  end

  // a beat is emitted only once it is in its skid (cut-through never runs ahead of the port);
  // a port starts a command only with a credit it was granted, so nothing overflows
  `ASSERT_CLK(beat_present, clk, rst_n, !busy_q || dcnt_q[ixs(cur_q)*DCW +: DCW] != {DCW{1'b0}},
              "a beat emitted before it arrived")
  `ASSERT_CLK(port_within_grants, clk, rst_n, !arr_bad,
              "a port delivered past its rx credits (a skid would overflow)")
endmodule

`resetall
