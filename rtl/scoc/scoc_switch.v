// SCOC switch (docs/scoc/index.md "Switch datapath"): N input buffers (scoc_in_buf), the scheduler
// (scoc_sched), the M-way TDM middle stage (scoc_tdm_xbar) and N output buffers
// (scoc_out_buf; the buffers of both sides are sw_port_buf, shared with islip_switch). The
// link ports are valid / ready word streams at the switch clock; the link rate (and so the
// speedup) is set by whoever paces them. The scheduler's registered outputs are brought out
// for the lockstep check against the C model.
`resetall
`default_nettype none
`include "assert.vh"

module scoc_switch #(
  parameter integer N  = 16,
  parameter integer M  = 4,
  parameter integer MT = 4,
  parameter integer QD = 16,
  parameter integer OQ = 12,
  parameter integer LW = 4,
  parameter integer DW = 32
) (
  input  wire                              clk,
  input  wire                              rst_n,
  input  wire [N-1:0]                      in_valid,
  output wire [N-1:0]                      in_ready,
  input  wire [N*DW-1:0]                   in_data,
  input  wire [N-1:0]                      in_last,
  input  wire [N*$clog2(N)-1:0]            in_dst,
  output wire [N-1:0]                      out_valid,
  input  wire [N-1:0]                      out_ready,
  output wire [N*DW-1:0]                   out_data,
  output wire [N-1:0]                      out_last,
  output wire [31:0]                       err_len,
  output wire [31:0]                       err_dst,
  // scheduler, for the lockstep check
  output wire [(N/M)*N-1:0]                req,
  output wire [(N/M)*N*$clog2(M)-1:0]      req_cnt,
  output wire [N/M-1:0]                    gnt_valid,
  output wire [(N/M)*$clog2(M)-1:0]        gnt_out,
  output wire [(N/M)*idx_w(N/M)-1:0] gnt_ig,
  output wire [N/M-1:0]                    acc_valid,
  output wire [(N/M)*$clog2(M)-1:0]        acc_port,
  output wire [(N/M)*$clog2(N)-1:0]        acc_out,
  output wire [(N/M)*$clog2(M)-1:0]        acc_route,
  output wire [(N/M)*LW-1:0]               acc_len,
  output wire [(N/M)*$clog2(QD)-1:0]       acc_tag
);
  `include "common_params.vh"

  generate if (QD > 32 || OQ < 2 || OQ > 64 || DW < 8 || DW > 1024) begin : g_bad_param
    `PARAM_FATAL("scoc_switch: need 2 <= QD <= 32, 2 <= OQ <= 64, 8 <= DW <= 1024 (and the scheduler's N, M, MT, LW)")
  end endgenerate

  localparam integer R  = N / M;
  localparam integer NW = $clog2(N);
  localparam integer TW = $clog2(QD);

  wire [N-1:0]      enq_valid;
  wire [N*NW-1:0]   enq_dst;
  wire [N*LW-1:0]   enq_len;
  wire [N*TW-1:0]   enq_tag;
  wire [N*TW-1:0]   rd_slot;
  wire [N*LW-1:0]   rd_idx;
  wire [N*DW-1:0]   rd_data;
  wire [N-1:0]      free_valid;
  wire [N*TW-1:0]   free_slot;
  wire [N-1:0]      wr_valid, wr_last;
  wire [N*DW-1:0]   wr_data;
  wire [N-1:0]      room;
  reg  [N-1:0]      reserve;
  wire [N*$clog2(QD+1)-1:0] arr_count_unused;

  sw_port_buf #(
    .N  (N),
    .QD (QD),
    .OQ (OQ),
    .LW (LW),
    .DW (DW)
  ) u_ports (
    .clk        (clk),
    .rst_n      (rst_n),
    .in_valid   (in_valid),
    .in_ready   (in_ready),
    .in_data    (in_data),
    .in_last    (in_last),
    .in_dst     (in_dst),
    .out_valid  (out_valid),
    .out_ready  (out_ready),
    .out_data   (out_data),
    .out_last   (out_last),
    .err_len    (err_len),
    .err_dst    (err_dst),
    .enq_valid  (enq_valid),
    .enq_dst    (enq_dst),
    .enq_len    (enq_len),
    .enq_tag    (enq_tag),
    .rd_slot    (rd_slot),
    .rd_idx     (rd_idx),
    .rd_data    (rd_data),
    .free_valid (free_valid),
    .free_slot  (free_slot),
    .wr_valid   (wr_valid),
    .wr_data    (wr_data),
    .wr_last    (wr_last),
    .reserve    (reserve),
    .room       (room)
  );

  scoc_sched #(
    .N  (N),
    .M  (M),
    .MT (MT),
    .QD (QD),
    .LW (LW),
    .TW (TW)
  ) u_sched (
    .clk       (clk),
    .rst_n     (rst_n),
    .enq_valid (enq_valid),
    .enq_dst   (enq_dst),
    .enq_len   (enq_len),
    .enq_tag   (enq_tag),
    .out_room  (room),
    .arr_count (arr_count_unused),
    .req       (req),
    .req_cnt   (req_cnt),
    .gnt_valid (gnt_valid),
    .gnt_out   (gnt_out),
    .gnt_ig    (gnt_ig),
    .acc_valid (acc_valid),
    .acc_port  (acc_port),
    .acc_out   (acc_out),
    .acc_route (acc_route),
    .acc_len   (acc_len),
    .acc_tag   (acc_tag)
  );

  scoc_tdm_xbar #(
    .N  (N),
    .M  (M),
    .QD (QD),
    .LW (LW),
    .DW (DW)
  ) u_xbar (
    .clk        (clk),
    .rst_n      (rst_n),
    .acc_valid  (acc_valid),
    .acc_port   (acc_port),
    .acc_out    (acc_out),
    .acc_route  (acc_route),
    .acc_len    (acc_len),
    .acc_tag    (acc_tag),
    .rd_slot    (rd_slot),
    .rd_idx     (rd_idx),
    .rd_data    (rd_data),
    .free_valid (free_valid),
    .free_slot  (free_slot),
    .wr_valid   (wr_valid),
    .wr_data    (wr_data),
    .wr_last    (wr_last)
  );

  // an accept shown this cycle reserves a slot at its output (at most one per output: an
  // output has at most one grant outstanding)
  integer o, g;
  always @* begin
    reserve = {N{1'b0}};
    for (o = 0; o < N; o = o + 1)
      for (g = 0; g < R; g = g + 1)
        if (acc_valid[g] && acc_out[g*NW +: NW] == o[NW-1:0]) reserve[o] = 1'b1;
  end
endmodule

`resetall
