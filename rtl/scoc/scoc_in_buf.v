// SCOC input buffer of one port (docs/scoc/index.md "Switch datapath", rules 1 and 2): QD packet
// slots of PMAX = 2^LW - 1 words. A packet takes the lowest free slot on its first word and
// enters the scheduler (enq_*) with its last word; the slot stays held until the datapath
// frees it after the packet's last word has crossed (free_valid / free_slot). Packets with a
// destination >= N or more than PMAX words are taken, discarded and counted (err_*).
// Model: csrc/ref/scoc/scoc_switch_model.c (part of scoc_switch)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_in_buf #(
  parameter integer N  = 32,
  parameter integer QD = 16,
  parameter integer LW = 4,
  parameter integer DW = 32
) (
  input  wire                     clk,
  input  wire                     rst_n,
  // link side
  input  wire                     in_valid,
  output wire                     in_ready,
  input  wire [DW-1:0]            in_data,
  input  wire                     in_last,
  input  wire [$clog2(N)-1:0]     in_dst,
  // to the scheduler's request array
  output wire                     enq_valid,
  output wire [$clog2(N)-1:0]     enq_dst,
  output wire [LW-1:0]            enq_len,
  output wire [$clog2(QD)-1:0]    enq_tag,
  // one bad packet dropped this cycle (at its last word)
  output wire                     err_len,
  output wire                     err_dst,
  // read port of the crossbar (combinational) and the slot it frees
  input  wire [$clog2(QD)-1:0]    rd_slot,
  input  wire [LW-1:0]            rd_idx,
  output wire [DW-1:0]            rd_data,
  input  wire                     free_valid,
  input  wire [$clog2(QD)-1:0]    free_slot
);
  /* verilator no_inline_module */
  generate if (N < 2 || QD < 2 || QD > 256 || LW < 1 || LW > 8 || DW < 1 || DW > 1024)
  begin : g_bad_param
    `PARAM_FATAL("scoc_in_buf: need N >= 2, 2 <= QD <= 256, 1 <= LW <= 8, 1 <= DW <= 1024")
  end endgenerate

  localparam integer NW = $clog2(N);
  localparam integer TW = $clog2(QD);
  localparam [LW-1:0] PMAX = {LW{1'b1}};

  reg  [DW-1:0] mem [0:QD*(1<<LW)-1];
  reg  [QD-1:0] free_q;
  reg           busy_q;      // a packet is being received
  reg  [TW-1:0] slot_q;
  reg  [LW-1:0] widx_q;      // index of its next word, saturating at PMAX
  reg  [NW-1:0] dst_q;
  reg           bad_dst_q;

  // lowest free slot
  reg  [TW-1:0] low;
  integer i;
  always @* begin
    low = {TW{1'b0}};
    for (i = QD - 1; i >= 0; i = i - 1)
      if (free_q[i]) low = i[TW-1:0];
  end

  wire          take    = in_valid && in_ready;
  wire          first   = !busy_q;
  wire [TW-1:0] slot    = first ? low : slot_q;
  wire [LW-1:0] idx     = first ? {LW{1'b0}} : widx_q;
  wire [NW-1:0] dst     = first ? in_dst : dst_q;
  /* verilator lint_off CMPCONST */
  wire          dst_bad = first ? ({{(32-NW){1'b0}}, in_dst} >= N) : bad_dst_q;
  /* verilator lint_on CMPCONST */
  wire          len_bad = (idx == PMAX);   // word PMAX + 1 (or a packet already over)
  wire          done    = take && in_last;

  assign in_ready  = busy_q || (|free_q);
  assign enq_valid = done && !dst_bad && !len_bad;
  assign enq_dst   = dst;
  assign enq_len   = idx + 1'b1;
  assign enq_tag   = slot;
  assign err_dst   = done && dst_bad;
  assign err_len   = done && !dst_bad && len_bad;
  assign rd_data   = mem[{rd_slot, rd_idx}];

  always @(posedge clk)
    if (take && !dst_bad && !len_bad)
      mem[{slot, idx}] <= in_data;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      free_q    <= {QD{1'b1}};
      busy_q    <= 1'b0;
      slot_q    <= {TW{1'b0}};
      widx_q    <= {LW{1'b0}};
      dst_q     <= {NW{1'b0}};
      bad_dst_q <= 1'b0;
    end else begin
      if (take) begin
        busy_q    <= !in_last;
        slot_q    <= slot;
        widx_q    <= len_bad ? PMAX : idx + 1'b1;
        dst_q     <= dst;
        bad_dst_q <= dst_bad;
      end
      // the slot is held from the first word; a dropped packet gives it back with its last
      if (take && first)
        free_q[slot] <= 1'b0;
      if (err_dst || err_len)
        free_q[slot] <= 1'b1;
      if (free_valid)
        free_q[free_slot] <= 1'b1;
    end
  end

  `ASSERT_STABLE(in_stable, clk, rst_n, in_valid, in_ready, ({in_data, in_last, in_dst}), DW + 1 + NW, "link word")
  `ASSERT_CLK(free_of_used, clk, rst_n, !free_valid || !free_q[free_slot], "freeing a slot that is free")
endmodule

`resetall
