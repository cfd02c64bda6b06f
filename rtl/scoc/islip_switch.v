// Flat input-queued crossbar with an iSLIP scheduler (docs/scoc/islip_switch.md): the "Flat" baseline of
// the SCOC paper. N input buffers (scoc_in_buf: QD packet slots shared by the port's VOQs),
// the scheduler (islip_sched), an N x N crossbar moving one word per cycle for each matched
// pair, and N output buffers (scoc_out_buf). Same link ports and drop counters as scoc_switch
// (both are sw_port_buf), so the same traffic drivers and benchmarks drive either; the
// scheduler's registered match and pointers are brought out for the lockstep check against
// the C model.
`resetall
`default_nettype none
`include "assert.vh"

module islip_switch #(
  parameter integer N  = 16,
  parameter integer K  = 1,
  parameter integer QD = 16,
  parameter integer OQ = 16,
  parameter integer LW = 4,
  parameter integer DW = 32
) (
  input  wire                      clk,
  input  wire                      rst_n,
  input  wire [N-1:0]              in_valid,
  output wire [N-1:0]              in_ready,
  input  wire [N*DW-1:0]           in_data,
  input  wire [N-1:0]              in_last,
  input  wire [N*$clog2(N)-1:0]    in_dst,
  output wire [N-1:0]              out_valid,
  input  wire [N-1:0]              out_ready,
  output wire [N*DW-1:0]           out_data,
  output wire [N-1:0]              out_last,
  output wire [31:0]               err_len,
  output wire [31:0]               err_dst,
  // scheduler, for the lockstep check
  output wire [N*N-1:0]            req,
  output wire [N-1:0]              match_valid,
  output wire [N*$clog2(N)-1:0]    match_in,
  output wire [N*2-1:0]            match_it,
  output wire [N*$clog2(N)-1:0]    gnt_ptr,
  output wire [N*$clog2(N)-1:0]    acc_ptr
);
  generate if (N < 2 || N > 64 || K < 1 || K > 4 || QD < 2 || QD > 32 || OQ < 2 || OQ > 64 ||
               LW < 1 || LW > 8 || DW < 8 || DW > 64)
  begin : g_bad_param
    `PARAM_FATAL("islip_switch: need 2 <= N <= 64, 1 <= K <= 4, 2 <= QD <= 32, 2 <= OQ <= 64, 1 <= LW <= 8, 8 <= DW <= 64")
  end endgenerate

  localparam integer NW = $clog2(N);
  localparam integer TW = $clog2(QD);

  wire [N-1:0]      enq_valid;
  wire [N*NW-1:0]   enq_dst;
  wire [N*LW-1:0]   enq_len;
  wire [N*TW-1:0]   enq_tag;
  wire [N*DW-1:0]   rd_data;
  reg  [N-1:0]      free_valid;
  reg  [N-1:0]      wr_valid, wr_last;
  reg  [N*DW-1:0]   wr_data;
  wire [N-1:0]      room;
  wire [N*$clog2(QD+1)-1:0] arr_count_unused;
  wire [N-1:0]      acc_valid;
  wire [N*NW-1:0]   acc_out_unused;
  wire [N*LW-1:0]   acc_len;
  wire [N*TW-1:0]   acc_tag;

  // transfers: per input {slot, index of the word moving this cycle, index of the last word},
  // per output the input it is connected to; both loaded from the registered match
  reg  [N-1:0]      xact_q;
  reg  [N*TW-1:0]   xslot_q;
  reg  [N*LW-1:0]   xidx_q, xlast_q;
  reg  [N-1:0]      oact_q;
  reg  [N*NW-1:0]   oin_q;

  // rd_slot and free_slot are both the transfer's slot (the slot read is the one freed); an
  // output's match shown this cycle reserves its slot (the packet's first word comes in the
  // next cycle, after the reservation has counted)
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
    .rd_slot    (xslot_q),
    .rd_idx     (xidx_q),
    .rd_data    (rd_data),
    .free_valid (free_valid),
    .free_slot  (xslot_q),
    .wr_valid   (wr_valid),
    .wr_data    (wr_data),
    .wr_last    (wr_last),
    .reserve    (match_valid),
    .room       (room)
  );

  islip_sched #(
    .N  (N),
    .K  (K),
    .QD (QD),
    .LW (LW),
    .TW (TW)
  ) u_sched (
    .clk         (clk),
    .rst_n       (rst_n),
    .enq_valid   (enq_valid),
    .enq_dst     (enq_dst),
    .enq_len     (enq_len),
    .enq_tag     (enq_tag),
    .out_room    (room),
    .arr_count   (arr_count_unused),
    .req         (req),
    .match_valid (match_valid),
    .match_in    (match_in),
    .match_it    (match_it),
    .acc_valid   (acc_valid),
    .acc_out     (acc_out_unused),
    .acc_len     (acc_len),
    .acc_tag     (acc_tag),
    .gnt_ptr     (gnt_ptr),
    .acc_ptr     (acc_ptr)
  );

  // crossbar: output o takes the word its input reads this cycle
  integer i, o;
  always @* begin
    for (i = 0; i < N; i = i + 1)
      free_valid[i] = xact_q[i] && xidx_q[i*LW +: LW] == xlast_q[i*LW +: LW];
    wr_valid = oact_q;
    wr_data  = {(N*DW){1'b0}};
    wr_last  = {N{1'b0}};
    for (o = 0; o < N; o = o + 1)
      for (i = 0; i < N; i = i + 1)
        if (oact_q[o] && oin_q[o*NW +: NW] == i[NW-1:0]) begin
          wr_data[o*DW +: DW] = rd_data[i*DW +: DW];
          wr_last[o]          = free_valid[i];
        end
  end

  // advance the transfers, then load the matches shown this cycle (a port's previous transfer
  // ends in this cycle at the latest)
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      xact_q  <= {N{1'b0}};
      xslot_q <= {(N*TW){1'b0}};
      xidx_q  <= {(N*LW){1'b0}};
      xlast_q <= {(N*LW){1'b0}};
      oact_q  <= {N{1'b0}};
      oin_q   <= {(N*NW){1'b0}};
    end else begin
      for (i = 0; i < N; i = i + 1) begin
        if (free_valid[i])
          xact_q[i] <= 1'b0;
        else if (xact_q[i])
          xidx_q[i*LW +: LW] <= xidx_q[i*LW +: LW] + 1'b1;
        if (acc_valid[i]) begin
          xact_q[i]            <= 1'b1;
          xslot_q[i*TW +: TW]  <= acc_tag[i*TW +: TW];
          xidx_q[i*LW +: LW]   <= {LW{1'b0}};
          xlast_q[i*LW +: LW]  <= acc_len[i*LW +: LW] - 1'b1;
        end
      end
      for (o = 0; o < N; o = o + 1) begin
        if (wr_last[o])
          oact_q[o] <= 1'b0;
        if (match_valid[o]) begin
          oact_q[o]          <= 1'b1;
          oin_q[o*NW +: NW]  <= match_in[o*NW +: NW];
        end
      end
    end
  end

  // the schedule's guarantees, which the datapath relies on: a new transfer starts only when
  // the port's previous one ends (no overlap), and a connected output's input is transferring
  reg bad_in, bad_out;
  always @* begin
    bad_in  = 1'b0;
    bad_out = 1'b0;
    for (i = 0; i < N; i = i + 1)
      if (acc_valid[i] && xact_q[i] && !free_valid[i])
        bad_in = 1'b1;
    for (o = 0; o < N; o = o + 1) begin
      if (match_valid[o] && oact_q[o] && !wr_last[o])
        bad_out = 1'b1;
      for (i = 0; i < N; i = i + 1)
        if (oact_q[o] && oin_q[o*NW +: NW] == i[NW-1:0] && !xact_q[i])
          bad_out = 1'b1;
    end
  end
  `ASSERT_CLK(start_when_idle, clk, rst_n, !bad_in, "islip_switch: input starts a transfer while busy")
  `ASSERT_CLK(out_has_xfer, clk, rst_n, !bad_out, "islip_switch: output connection without its transfer")
endmodule

`resetall
