// fabric_cell_unpack: the switch core's words back into a port's 64-bit cell words
// (docs/fabric/fabric_sw_port.md "Cells and the core's width"). A core word holds CK cell words,
// the first at the top; a cell is its header and the header's count of payload words, so the
// last core word of a cell may be padded, and the padding is dropped here. stream_resize does
// the cutting; this module gives it each core word's byte count from the cell's word count.
// Model: csrc/ref/fabric/fabric_model.c (core_words, in_core_word: the cell's core words)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_cell_unpack #(
  parameter integer CK = 4            // cell words per core word, a power of two
) (
  input  wire              clk,
  input  wire              rst_n,
  input  wire              s_valid,
  output wire              s_ready,
  input  wire [64*CK-1:0]  s_data,
  input  wire              s_last,     // the cell's last core word
  output wire              m_valid,
  input  wire              m_ready,
  output wire [63:0]       m_data,
  output wire              m_last      // the cell's last word
);
  localparam integer INW = $clog2(8 * CK + 1);

  generate if (CK < 1 || CK > 16 || (CK & (CK - 1)) != 0) begin : g_bad_param
    `PARAM_FATAL("fabric_cell_unpack: CK must be a power of two, 1 .. 16")
  end endgenerate

  reg         mid_q;                   // inside a cell: left_q words of it still to come
  reg  [8:0]  left_q;
  // a cell's first core word starts with its header: 1 + payload words [35:28]
  wire [8:0]  cell_w = 9'd1 + {1'b0, s_data[64*CK-1-28 -: 8]};
  wire [8:0]  left   = mid_q ? left_q : cell_w;
  wire [8:0]  here   = (left > 9'(CK)) ? 9'(CK) : left;     // words of this core word
  wire        take   = s_valid && s_ready;
  wire [3:0]  unused_nb;

  stream_resize #(.IN_B(8 * CK), .OUT_B(8)) u_cut (
    .clk(clk), .rst_n(rst_n),
    .in_valid(s_valid), .in_ready(s_ready), .in_data(s_data),
    .in_nbytes(INW'({here, 3'b000})), .in_last(s_last),
    .out_valid(m_valid), .out_ready(m_ready), .out_data(m_data), .out_nbytes(unused_nb),
    .out_last(m_last));

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      mid_q  <= 1'b0;
      left_q <= 9'd0;
    end else if (take) begin
      mid_q  <= !s_last;
      left_q <= left - here;
    end
  end

  `ASSERT_CLK(cell_count, clk, rst_n, !take || (s_last == (left <= 9'(CK))),
              "fabric_cell_unpack: a cell's last core word disagrees with its header's count")
endmodule

`resetall
