// sue_reach: link status and reachability of the destinations (docs/sue/index.md "Link status
// and reachability"); the RTL of the model's reach_eval / reach_heard (sue_endpoint_model.c).
//
// Link: link_up (from the PHY or the link layer: RIFL alignment) registered; it going down or
// coming up is an event (intr_set[0], [1]). The register starts down, so the first link-up
// after reset is an event too.
// Destination d (a slot of the destination table) becomes unreachable when RETRY_LIMIT cycles
// with a retransmission timer expiry on any of its connections pass with no frame from it
// passing the receive checks in between; a frame from it that passes them (data or control,
// the frames that reach go-back-N) over this port's own wire (heard_via 0) makes it reachable
// again. Both are events (intr_set[2], [3]).
// A frame heard and an expiry in the same cycle: the frame wins. RETRY_LIMIT = 0: never
// unreachable. In a one-port endpoint this is status only: go-back-N keeps retrying.
// Detour (a port of a multi-port instance, docs/sue/sue_fail_xbar.md "Detour"): this port's
// frames to d take another wire while detour[d]: set by a timer expiry on d while d is
// unreachable (or becomes so). via[d]: the last frame from d came over another port's wire (the
// peer does not reach this port over this plane); its stand-alone ACKs and NACKs answer that way,
// and new work for d avoids the port, but the PDUs go by detour[d] alone, so that two ports
// cannot keep each other off a plane that works. Both are cleared by a frame from d over this
// port's own wire (which alone makes d reachable), by this port's link coming up, and for every
// slot every PROBE cycles (0: never): the own wire is tried again, and if the plane still loses
// frames, the next expiry detours d again.
//
// Latency: the inputs of cycle t show in link_q, unreach and the INTR bits (set by intr_set at
// the same edge) from cycle t + 1.
`resetall
`default_nettype none
`include "assert.vh"

module sue_reach #(
  parameter integer NDST       = 64,
  parameter integer PSN_PER_VC = 0,
  // derived (not to be overridden)
  localparam integer C  = (PSN_PER_VC != 0) ? NDST * 4 : NDST,
  localparam integer DW = (NDST > 1) ? $clog2(NDST) : 1
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire [7:0]      cfg_retry_limit,  // REACH.RETRY_LIMIT
  input  wire            link_up,
  input  wire [C-1:0]    tmo,              // sue_gbn: connection c's timer expired this cycle
  input  wire            heard_valid,      // a frame from slot heard_slot passed the checks
  input  wire [DW-1:0]   heard_slot,
  input  wire            heard_via,        // ... and came over another port's wire
  input  wire [15:0]     cfg_probe,        // REACH.PROBE
  output reg             link_q,
  output reg  [NDST-1:0] unreach,
  output reg  [NDST-1:0] detour,           // frames to slot d take another wire
  output reg  [NDST-1:0] via,              // the last frame from slot d came over another's
  output wire [3:0]      intr_set          // LINK_DOWN, LINK_UP, UNREACH, REACH events
);
  generate
    if (NDST < 1 || NDST > 64) begin : g_bad_param
      `PARAM_FATAL("sue_reach: NDST must be 1 .. 64")
    end else if (PSN_PER_VC != 0 && PSN_PER_VC != 1) begin : g_bad_param
      `PARAM_FATAL("sue_reach: PSN_PER_VC must be 0 or 1")
    end
  endgenerate

  reg  [NDST-1:0] unr_d, det_d, via_d;
  wire            link_rise = link_up && !link_q;
  // the probe: every PROBE cycles, one cycle in which every detour ends
  reg  [15:0]     pcnt;
  wire [16:0]     pinc  = {1'b0, pcnt} + 17'd1;
  wire            probe = cfg_probe != 16'd0 && pinc >= {1'b0, cfg_probe};
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) pcnt <= 16'd0;
    else if (cfg_probe != 16'd0) pcnt <= probe ? 16'd0 : pinc[15:0];
  end
  wire [8:0]      lim = {1'b0, cfg_retry_limit};
  genvar gs;
  generate
    for (gs = 0; gs < NDST; gs = gs + 1) begin : g_slot
      // connection = slot, or slot * 4 + VC
      wire       exp;
      if (PSN_PER_VC != 0) begin : g_vc
        assign exp = |tmo[gs*4 +: 4];
      end else begin : g_one
        assign exp = tmo[gs];
      end
      wire       hit   = heard_valid && {{(32 - DW){1'b0}}, heard_slot} == gs;
      wire       heard = hit && !heard_via;   // over this port's own wire
      reg  [7:0] cnt;   // expiry cycles since the slot was last heard from, saturating
      wire [8:0] inc = {1'b0, cnt} + 9'd1;
      always @* begin
        unr_d[gs] = unreach[gs];
        if (heard) unr_d[gs] = 1'b0;
        else if (exp && lim != 9'd0 && inc >= lim) unr_d[gs] = 1'b1;
        det_d[gs] = detour[gs];
        if (link_rise || heard || probe) det_d[gs] = 1'b0;
        else if (exp && unr_d[gs]) det_d[gs] = 1'b1;
        via_d[gs] = via[gs];
        if (link_rise || heard || probe) via_d[gs] = 1'b0;
        else if (hit) via_d[gs] = 1'b1;
      end
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) cnt <= 8'd0;
        else if (heard) cnt <= 8'd0;
        else if (exp && !inc[8]) cnt <= inc[7:0];
      end
    end
  endgenerate

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      link_q  <= 1'b0;
      unreach <= {NDST{1'b0}};
      detour  <= {NDST{1'b0}};
      via     <= {NDST{1'b0}};
    end else begin
      link_q  <= link_up;
      unreach <= unr_d;
      detour  <= det_d;
      via     <= via_d;
    end
  end

  assign intr_set = {|(unreach & ~unr_d), |(unr_d & ~unreach), !link_q && link_up,
                     link_q && !link_up};
endmodule

`resetall
