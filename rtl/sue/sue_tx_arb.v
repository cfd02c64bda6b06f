// sue_tx_arb: the SUE transmit priority (docs/sue/index.md "Transmit priority and scheduler"), the
// RTL of the first four steps of sue_ep_port_tx (csrc/ref/sue/sue_endpoint_model.c). In a decision
// cycle (free) the first of these that exists is chosen:
//   1. a PFC frame (pfc_owed);
//   1b. a management frame (mgmt_rdy: queued, its rate limit over);
//   2. a replay: round robin over the connections with a replay running whose replay PDU's VC
//      is not paused;
//   3. a stand-alone NACK: round robin over the connections owing one whose ACK VC is not paused;
//   4. a stand-alone ACK: the same over the connections whose ACK is due;
//   5. otherwise the new-PDU scheduler (sue_tx_front) decides: front_free.
// Each round robin has its own pointer (rtl/common rr_arbiter), moved one past the connection
// served only when its kind is chosen, as the model's replay_ptr, nack_ptr and ack_ptr.
// The ACK VC of connection c is c mod 4 with a connection per {destination, VC}, else ACK_VC.
// Model: csrc/ref/sue/sue_endpoint_model.c (the transmit priority of the endpoint)
`resetall
`default_nettype none
`include "assert.vh"

module sue_tx_arb #(
  parameter integer C          = 64,   // connections
  parameter integer PSN_PER_VC = 0,
  // derived (not to be overridden)
  localparam integer CW = idx_w(C)
) (
  input  wire          clk,
  input  wire          rst_n,
  input  wire          free,          // decision cycle: the port can start a frame
  input  wire [1:0]    cfg_ack_vc,
  input  wire [3:0]    paused,        // VC v paused by the peer's PFC
  input  wire          pfc_owed,
  input  wire          mgmt_rdy,
  input  wire [C-1:0]  replay_pend,
  input  wire [C*2-1:0] rp_vc,        // VC of each connection's next replay PDU
  input  wire [C-1:0]  nack_owed,
  input  wire [C-1:0]  ack_due,
  output wire          dec_pfc,       // the decision, one-hot or none (with free only)
  output wire          dec_mgmt,
  output wire          dec_replay,
  output wire          dec_nack,
  output wire          dec_ack,
  output wire          front_free,    // nothing above: the new-PDU scheduler's decision cycle
  output wire [CW-1:0] sel_conn,      // connection of dec_replay / dec_nack / dec_ack
  output wire [1:0]    sel_ack_vc     // VC of a stand-alone ACK / NACK frame of sel_conn
);
  `include "common_params.vh"

  generate
    if (C < 1 || C > 256) begin : g_bad_param
      `PARAM_FATAL("sue_tx_arb: C must be 1 .. 256")
    end else if (PSN_PER_VC != 0 && PSN_PER_VC != 1) begin : g_bad_param
      `PARAM_FATAL("sue_tx_arb: PSN_PER_VC must be 0 or 1")
    end
  endgenerate

  wire [C-1:0] rep_req, nack_req, ack_req;
  genvar gc;
  generate
    for (gc = 0; gc < C; gc = gc + 1) begin : g_req
      localparam integer GC = gc;
      localparam [1:0] CVC = 2'(GC);  // gc mod 4
      wire [1:0] avc = (PSN_PER_VC != 0) ? CVC : cfg_ack_vc;
      assign rep_req[gc]  = replay_pend[gc] && !paused[rp_vc[gc*2 +: 2]];
      assign nack_req[gc] = nack_owed[gc] && !paused[avc];
      assign ack_req[gc]  = ack_due[gc] && !paused[avc];
    end
  endgenerate

  wire          rep_any, nack_any, ack_any;
  wire [CW-1:0] rep_idx, nack_idx, ack_idx;
  wire [C-1:0]  rep_gnt, nack_gnt, ack_gnt;   // one-hot forms, not needed here
  wire          unused_gnt = ^{1'b0, rep_gnt, nack_gnt, ack_gnt};
  rr_arbiter #(.N(C)) u_rep (
    .clk(clk), .rst_n(rst_n), .req(rep_req), .update(dec_replay),
    .gnt(rep_gnt), .gnt_valid(rep_any), .gnt_idx(rep_idx));
  rr_arbiter #(.N(C)) u_nack (
    .clk(clk), .rst_n(rst_n), .req(nack_req), .update(dec_nack),
    .gnt(nack_gnt), .gnt_valid(nack_any), .gnt_idx(nack_idx));
  rr_arbiter #(.N(C)) u_ack (
    .clk(clk), .rst_n(rst_n), .req(ack_req), .update(dec_ack),
    .gnt(ack_gnt), .gnt_valid(ack_any), .gnt_idx(ack_idx));

  wire   hi = pfc_owed || mgmt_rdy;   // above the connections' frames
  assign dec_pfc    = free && pfc_owed;
  assign dec_mgmt   = free && !pfc_owed && mgmt_rdy;
  assign dec_replay = free && !hi && rep_any;
  assign dec_nack   = free && !hi && !rep_any && nack_any;
  assign dec_ack    = free && !hi && !rep_any && !nack_any && ack_any;
  assign front_free = free && !hi && !rep_any && !nack_any && !ack_any;
  assign sel_conn   = rep_any ? rep_idx : nack_any ? nack_idx : ack_idx;
  generate
    if (PSN_PER_VC != 0) begin : g_vc_conn
      assign sel_ack_vc = sel_conn[1:0];
    end else begin : g_vc_reg
      assign sel_ack_vc = cfg_ack_vc;
    end
  endgenerate
endmodule

`resetall
