// SCOC output buffer of one port (docs/scoc/index.md "Switch datapath", rules 5 and 6): OQ packet
// slots written in arrival order (words arrive in order, one transfer at a time), store and
// forward to the link. occ counts the packets accepted for this output and not yet sent, so
// that the scheduler grants only when a slot is certain to be there (room).
// Model: csrc/ref/scoc/scoc_switch_model.c (part of scoc_switch)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_out_buf #(
  parameter integer OQ = 12,
  parameter integer LW = 4,
  parameter integer DW = 32
) (
  input  wire           clk,
  input  wire           rst_n,
  // from the middle stage: words of a packet whose slot is reserved, so no ready
  input  wire           wr_valid,
  input  wire [DW-1:0]  wr_data,
  input  wire           wr_last,
  // an accept for this output is shown by the scheduler this cycle
  input  wire           reserve,
  output wire           room,
  // link side
  output wire           out_valid,
  input  wire           out_ready,
  output wire [DW-1:0]  out_data,
  output wire           out_last
);
  /* verilator no_inline_module */
  generate if (OQ < 2 || OQ > 64 || LW < 1 || LW > 8 || DW < 1 || DW > 1024) begin : g_bad_param
    `PARAM_FATAL("scoc_out_buf: need 2 <= OQ <= 64, 1 <= LW <= 8, 1 <= DW <= 1024")
  end endgenerate

  localparam integer SW = $clog2(OQ);
  localparam integer CW = $clog2(OQ + 1);
  localparam [SW-1:0] LAST_SLOT = SW'(OQ - 1);
  localparam [CW:0]   OQC       = (CW + 1)'(OQ);

  reg  [DW-1:0] mem [0:OQ*(1<<LW)-1];
  reg  [LW-1:0] len_mem [0:OQ-1];    // words - 1 of each complete packet
  reg  [SW-1:0] wslot_q, rslot_q;
  reg  [LW-1:0] wpos_q, rpos_q;
  reg  [CW-1:0] done_q;              // complete packets in the buffer
  reg  [CW-1:0] occ_q;               // accepted and not yet sent

  wire          send  = out_valid && out_ready;
  wire          sent  = send && out_last;
  wire          wdone = wr_valid && wr_last;

  assign out_valid = (done_q != {CW{1'b0}});
  assign out_data  = mem[{rslot_q, rpos_q}];
  assign out_last  = (rpos_q == len_mem[rslot_q]);
  assign room      = ({1'b0, occ_q} + {{CW{1'b0}}, reserve} < OQC);

  always @(posedge clk)
    if (wr_valid) begin
      mem[{wslot_q, wpos_q}] <= wr_data;
      if (wr_last) len_mem[wslot_q] <= wpos_q;
    end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      wslot_q <= {SW{1'b0}};
      rslot_q <= {SW{1'b0}};
      wpos_q  <= {LW{1'b0}};
      rpos_q  <= {LW{1'b0}};
      done_q  <= {CW{1'b0}};
      occ_q   <= {CW{1'b0}};
    end else begin
      if (wr_valid) begin
        wpos_q <= wr_last ? {LW{1'b0}} : wpos_q + 1'b1;
        if (wr_last) wslot_q <= (wslot_q == LAST_SLOT) ? {SW{1'b0}} : wslot_q + 1'b1;
      end
      if (send) begin
        rpos_q <= out_last ? {LW{1'b0}} : rpos_q + 1'b1;
        if (out_last) rslot_q <= (rslot_q == LAST_SLOT) ? {SW{1'b0}} : rslot_q + 1'b1;
      end
      done_q <= done_q + {{(CW-1){1'b0}}, wdone} - {{(CW-1){1'b0}}, sent};
      occ_q  <= occ_q + {{(CW-1){1'b0}}, reserve} - {{(CW-1){1'b0}}, sent};
    end
  end

  `ASSERT_CLK(reserve_in_range, clk, rst_n, !reserve || {1'b0, occ_q} < OQC,
              "output buffer reserved beyond OQ packets")
  `ASSERT_CLK(wr_has_slot, clk, rst_n, !wr_valid || done_q < occ_q,
              "word for an output with no slot reserved")
  `ASSERT_CLK(occ_in_range, clk, rst_n, {1'b0, occ_q} <= OQC, "output buffer over OQ packets")
endmodule

`resetall
