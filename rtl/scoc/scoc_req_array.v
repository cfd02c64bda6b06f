// SCOC request array of one input port (docs/scoc/index.md "Request unit"): the packets waiting
// in the port's input buffer, oldest at entry 0. An entry leaves when it is accepted (the
// entries above it move down one, so age order is kept); a new packet joins at the end. Both
// can happen in one cycle. The whole array is visible to the request and accept units.
// Model: csrc/ref/scoc/scoc_sched_model.c (part of scoc_sched)
`resetall
`default_nettype none
`include "assert.vh"

module scoc_req_array #(
  parameter integer QD = 16,
  parameter integer NW = 5,
  parameter integer LW = 4,
  parameter integer TW = 4
) (
  input  wire                     clk,
  input  wire                     rst_n,
  input  wire                     enq_valid,
  input  wire [NW-1:0]            enq_dst,
  input  wire [LW-1:0]            enq_len,
  input  wire [TW-1:0]            enq_tag,
  input  wire                     rm_valid,
  input  wire [$clog2(QD)-1:0]    rm_idx,
  output wire [QD-1:0]            e_valid,
  output wire [QD*NW-1:0]         e_dst,
  output wire [QD*LW-1:0]         e_len,
  output wire [QD*TW-1:0]         e_tag,
  output wire [$clog2(QD+1)-1:0]  count
);
  // one copy of the model's code for all groups (Verilator otherwise inlines each)
  /* verilator no_inline_module */
  generate if (QD < 2 || QD > 32 || NW < 1 || LW < 1 || TW < 1) begin : g_bad_param
    `PARAM_FATAL("scoc_req_array: need 2 <= QD <= 32 and NW, LW, TW >= 1")
  end endgenerate

  localparam integer EW = NW + LW + TW;
  localparam integer CW = $clog2(QD + 1);
  localparam integer QW = $clog2(QD);

  reg  [QD*EW-1:0] ent_q;          // entry i: bits i*EW +: EW; zero at and above the count
  reg  [CW-1:0]    cnt_q;
  wire [CW-1:0]    cnt_rm = cnt_q - {{(CW-1){1'b0}}, rm_valid};
  reg  [QD*EW-1:0] ent_d;

  integer i;
  always @* begin
    ent_d = ent_q;
    for (i = 0; i < QD; i = i + 1) begin
      // remove, then append at the new end
      if (enq_valid && i == {{(32-CW){1'b0}}, cnt_rm})
        ent_d[i*EW +: EW] = {enq_dst, enq_len, enq_tag};
      else if (rm_valid && i >= {{(32-QW){1'b0}}, rm_idx})
        ent_d[i*EW +: EW] = (i + 1 < QD) ? ent_q[((i + 1) % QD)*EW +: EW] : {EW{1'b0}};
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cnt_q <= {CW{1'b0}};
      ent_q <= {(QD*EW){1'b0}};
    end else begin
      ent_q <= ent_d;
      cnt_q <= cnt_rm + {{(CW-1){1'b0}}, enq_valid};
    end
  end

  genvar g;
  generate for (g = 0; g < QD; g = g + 1) begin : g_out
    assign e_valid[g]          = g < {{(32-CW){1'b0}}, cnt_q};
    assign e_dst[g*NW +: NW]   = ent_q[g*EW + TW + LW +: NW];
    assign e_len[g*LW +: LW]   = ent_q[g*EW + TW +: LW];
    assign e_tag[g*TW +: TW]   = ent_q[g*EW +: TW];
  end endgenerate
  assign count = cnt_q;

  `ASSERT_CLK(enq_not_full, clk, rst_n, !enq_valid || {{(32-CW){1'b0}}, cnt_q} < QD,
              "scoc_req_array: enqueue into a full array")
  `ASSERT_CLK(rm_in_range, clk, rst_n, !rm_valid || {1'b0, rm_idx} < cnt_q,
              "scoc_req_array: removal of an empty entry")
  `ASSERT_CLK(len_nonzero, clk, rst_n, !enq_valid || enq_len != 0, "scoc_req_array: packet of length 0")
endmodule

`resetall
