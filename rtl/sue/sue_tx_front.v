// SUE transmit front end (docs/sue/sue_tx_front.md): sue_ingress -> sue_pack_buf -> sue_tx_sched.
// XPU command interface in; decisions (tx_decide, dec_*) and the PDU byte stream (pdu_*) out
// to the frame builder; credits back to the XPU; counter increments to the registers.
`resetall
`default_nettype none
`include "assert.vh"

module sue_tx_front #(
  parameter integer DATA_W   = 256,
  parameter integer NDST     = 1,
  parameter integer ALIGN    = 4,
  parameter integer PDU_MAX  = 280,
  parameter integer Q_BYTES  = 556,
  parameter integer ING_CMD  = 1,
  parameter integer ING_DATA = 1,
  // derived (not to be overridden)
  localparam integer PW  = sue_pw(DATA_W),
  localparam integer PWW = $clog2(PW),
  localparam integer NQ  = NDST * 4,
  localparam integer QW  = $clog2(NQ),
  localparam integer SW  = idx_w(NDST),
  localparam integer LW  = $clog2(PDU_MAX + 1),
  localparam integer QUW = $clog2(Q_BYTES / ALIGN + 1),
  localparam integer TBW = $clog2(NDST * 4 * Q_BYTES + 1)
) (
  input  wire               clk,
  input  wire               rst_n,
  // XPU transmit command interface (docs/sue/index.md): credit flow (tx_credit), no ready to wait on
  input  wire [1:0]         tx_valid,
  input  wire [3:0]         tx_cycle,
  input  wire [1:0]         tx_vc,
  input  wire [9:0]         tx_xpuid,
  input  wire [143:0]       tx_control,
  input  wire               tx_send_now,
  input  wire [DATA_W-1:0]  tx_data,
  input  wire               tx_err,
  output wire [5:0]         tx_credit,
  output wire               tx_qcredit_valid,
  output wire [9:0]         tx_qcredit_xpuid,
  output wire [1:0]         tx_qcredit_vc,
  output wire [QUW-1:0]     tx_qcredit_units,
  output wire [TBW-1:0]     backlog,        // packed bytes in all the pack queues
  input  wire               tx_reset_in,
  output wire               tx_reset_out,
  // registers
  input  wire [NDST-1:0]    dst_valid,
  input  wire [NDST*10-1:0] dst_xpuid,
  input  wire [15:0]        pack_timeout,
  input  wire [15:0]        pack_thresh,
  // scheduler
  input  wire [NQ-1:0]      q_ok,           // q = slot * 4 + vc may take a new PDU
  input  wire               port_free,
  output wire               any_elig,
  output wire               tx_decide,
  output wire               pdu_busy,       // the last PDU is still being read (no decision)
  output wire               dec_valid,
  output wire [SW-1:0]      dec_slot,
  output wire [1:0]         dec_vc,
  output wire [LW-1:0]      dec_len,
  // PDU byte stream
  output wire               pdu_valid,
  input  wire               pdu_ready,
  output wire [PW*8-1:0]    pdu_data,
  output wire               pdu_last,
  output wire [PWW:0]       pdu_nbytes,
  // counter increments
  output wire [2:0]         inc_cmds,
  output wire [1:0]         inc_bad,
  output wire               inc_err,
  output wire               inc_nodst,
  output wire [1:0]         inc_viol,
  output wire [2:0]         inc_hol,
  output wire [23:0]        inc_flushed,
  output wire               inc_pdus
);
  `include "common_params.vh"
  `include "sue_params.vh"


  // tx_reset_out: rst_n low, tx_reset_in high, or the first cycle after either
  reg rdy_q;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) rdy_q <= 1'b0;
    else        rdy_q <= !tx_reset_in;
  assign tx_reset_out = !rdy_q || tx_reset_in;
  wire flush = tx_reset_in;

  wire          st_valid, wr_valid, ev_valid, ev_type, ev_sn, ab_valid, ab_type;
  wire [QW-1:0] st_q, ev_q;
  wire [8:0]    wr_pos, ev_len;
  wire [PW*8-1:0] wr_data;
  wire [PW-1:0] wr_mask;
  wire [1:0]    ev_vc, ev_drop, ab_vc;

  sue_ingress #(.DATA_W(DATA_W), .NDST(NDST), .ALIGN(ALIGN)) u_ing (
    .clk(clk), .rst_n(rst_n), .flush(flush),
    .tx_valid(tx_valid), .tx_cycle(tx_cycle), .tx_vc(tx_vc), .tx_xpuid(tx_xpuid),
    .tx_control(tx_control), .tx_send_now(tx_send_now), .tx_data(tx_data), .tx_err(tx_err),
    .dst_valid(dst_valid), .dst_xpuid(dst_xpuid),
    .st_valid(st_valid), .st_q(st_q),
    .wr_valid(wr_valid), .wr_pos(wr_pos), .wr_data(wr_data), .wr_mask(wr_mask),
    .ev_valid(ev_valid), .ev_vc(ev_vc), .ev_type(ev_type), .ev_q(ev_q), .ev_len(ev_len),
    .ev_sn(ev_sn), .ev_drop(ev_drop),
    .ab_valid(ab_valid), .ab_vc(ab_vc), .ab_type(ab_type));

  wire [NQ-1:0] q_ready;
  wire          cut_valid, rd_busy, qcr_valid;
  wire [QW-1:0] cut_q, qcr_q;
  wire [LW-1:0] cut_len;

  sue_pack_buf #(.DATA_W(DATA_W), .NDST(NDST), .ALIGN(ALIGN), .PDU_MAX(PDU_MAX),
                 .Q_BYTES(Q_BYTES), .ING_CMD(ING_CMD), .ING_DATA(ING_DATA)) u_buf (
    .clk(clk), .rst_n(rst_n), .flush(flush),
    .st_valid(st_valid), .st_q(st_q),
    .wr_valid(wr_valid), .wr_pos(wr_pos), .wr_data(wr_data), .wr_mask(wr_mask),
    .ev_valid(ev_valid), .ev_vc(ev_vc), .ev_type(ev_type), .ev_q(ev_q), .ev_len(ev_len),
    .ev_sn(ev_sn), .ev_drop(ev_drop),
    .ab_valid(ab_valid), .ab_vc(ab_vc), .ab_type(ab_type),
    .pack_timeout(pack_timeout), .pack_thresh(pack_thresh),
    .q_ready(q_ready), .cut_valid(cut_valid), .cut_q(cut_q), .cut_len(cut_len),
    .rd_busy(rd_busy),
    .pdu_valid(pdu_valid), .pdu_ready(pdu_ready), .pdu_data(pdu_data), .pdu_last(pdu_last),
    .pdu_nbytes(pdu_nbytes),
    .tx_credit(tx_credit), .qcr_valid(qcr_valid), .qcr_q(qcr_q), .qcr_units(tx_qcredit_units), .backlog(backlog),
    .inc_cmds(inc_cmds), .inc_bad(inc_bad), .inc_err(inc_err), .inc_nodst(inc_nodst),
    .inc_viol(inc_viol), .inc_hol(inc_hol), .inc_flushed(inc_flushed));

  wire          pick_valid;
  wire [QW-1:0] pick_q;
  sue_tx_sched #(.NDST(NDST)) u_sched (
    .clk(clk), .rst_n(rst_n), .q_ready(q_ready), .q_ok(q_ok & {NQ{!flush}}),
    .port_free(port_free), .busy(rd_busy),
    .any_elig(any_elig), .tx_decide(tx_decide), .pick_valid(pick_valid),
    .pick_slot(dec_slot), .pick_vc(dec_vc), .pick_q(pick_q));

  assign cut_valid = tx_decide && pick_valid;
  assign cut_q     = pick_q;
  assign dec_valid = cut_valid;
  assign dec_len   = cut_len;
  assign inc_pdus  = cut_valid;
  assign pdu_busy  = rd_busy;

  // per-queue credit return: the XPU id of the slot
  wire [SW-1:0] qcr_slot;
  generate if (NDST > 1) begin : g_qs
    assign qcr_slot = qcr_q[QW-1:2];
  end else begin : g_qs1
    assign qcr_slot = 1'b0;
    wire unused_qs = ^qcr_q;
  end endgenerate
  assign tx_qcredit_valid = qcr_valid;
  assign tx_qcredit_vc    = qcr_q[1:0];
  assign tx_qcredit_xpuid = dst_xpuid[10*qcr_slot +: 10];
endmodule

`resetall
