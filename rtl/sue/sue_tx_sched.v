// SUE transmit scheduler (docs/sue/index.md "Transmit priority and scheduler" item 5,
// docs/sue/sue_tx_front.md): two-level round robin over the eligible pack queues, exactly as the
// model's sue_pack_schedule: the first VC at or after the VC pointer with an eligible queue,
// then in that VC the first destination slot at or after that VC's pointer that is eligible;
// at a decision with a choice the VC pointer moves one past the VC and the VC's slot pointer
// one past the slot. One rr_arbiter (rtl/common) for the VCs and one per VC for the slots.
// Eligible = ready (sue_pack_buf) and allowed (q_ok: slot valid, window open, VC not paused).
// The decision cycle is a cycle where the port can start a frame (port_free) and the previous
// PDU has been read out (!busy): tx_decide is high for that one cycle, and pick_* show the
// choice (pick_valid 0: nothing eligible, the port idles).
// Model: csrc/ref/sue/sue_tx_front_model.c (part of sue_tx_front)
`resetall
`default_nettype none
`include "assert.vh"

module sue_tx_sched #(
  parameter integer NDST = 1,
  // derived (not to be overridden)
  localparam integer NQ = NDST * 4,
  localparam integer QW = $clog2(NQ),
  localparam integer SW = idx_w(NDST)
) (
  input  wire              clk,
  input  wire              rst_n,
  input  wire [NQ-1:0]     q_ready,   // queue q = slot * 4 + vc has a PDU (a level, not a handshake)
  input  wire [NQ-1:0]     q_ok,
  input  wire              port_free,
  input  wire              busy,
  output wire              any_elig,  // some queue is eligible (combinational)
  output wire              tx_decide,
  output wire              pick_valid,
  output wire [SW-1:0]     pick_slot,
  output wire [1:0]        pick_vc,
  output wire [QW-1:0]     pick_q
);
  `include "common_params.vh"


  generate if (NDST < 1 || NDST > 64) begin : g_bad_param
    `PARAM_FATAL("sue_tx_sched: NDST must be 1 .. 64")
  end endgenerate

  wire [NQ-1:0] elig = q_ready & q_ok;
  assign tx_decide = port_free && !busy;

  // per VC: the eligible slots, and whether the VC has any
  wire [3:0]    vc_req;
  wire [SW-1:0] s_idx [0:3];
  genvar gv, gd;
  generate for (gv = 0; gv < 4; gv = gv + 1) begin : g_vc
    wire [NDST-1:0] req;
    for (gd = 0; gd < NDST; gd = gd + 1) begin : g_d
      assign req[gd] = elig[gd*4 + gv];
    end
    assign vc_req[gv] = req != {NDST{1'b0}};
    wire [NDST-1:0] gnt;
    wire            gv_ok;
    rr_arbiter #(.N(NDST)) u_slot (
      .clk(clk), .rst_n(rst_n), .req(req),
      .update(tx_decide && pick_valid && pick_vc == gv),
      .gnt(gnt), .gnt_valid(gv_ok), .gnt_idx(s_idx[gv]));
    wire unused_slot = ^{gnt, gv_ok};
  end endgenerate

  wire [3:0] v_gnt;
  wire [1:0] v_idx;
  rr_arbiter #(.N(4)) u_vc (
    .clk(clk), .rst_n(rst_n), .req(vc_req), .update(tx_decide),
    .gnt(v_gnt), .gnt_valid(pick_valid), .gnt_idx(v_idx));
  wire unused_vg = ^v_gnt;

  assign any_elig  = pick_valid;
  assign pick_vc   = v_idx;
  assign pick_slot = s_idx[v_idx];
  generate if (NDST > 1) begin : g_pq
    assign pick_q = {pick_slot, pick_vc};
  end else begin : g_pq1
    assign pick_q = pick_vc;
  end endgenerate
endmodule

`resetall
