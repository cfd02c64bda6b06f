// Link ports of a switch (scoc_switch, islip_switch; docs/scoc/index.md "Switch datapath"): per
// port an input buffer (scoc_in_buf) and an output buffer (scoc_out_buf), and the drop
// counters of the ports. The two switches differ only in what sits between the buffers
// (scheduler and middle stage), so the port side is written once, here. Port p's signals
// are at [p] of each 1-bit vector and at [p*W +: W] of the wider ones.
// Model: csrc/ref/scoc/scoc_switch_model.c (the link ports of both switch models; islip_switch_model.c likewise)
`resetall
`default_nettype none

module sw_port_buf #(
  parameter integer N  = 16,
  parameter integer QD = 16,
  parameter integer OQ = 12,
  parameter integer LW = 4,
  parameter integer DW = 32
) (
  input  wire                     clk,
  input  wire                     rst_n,
  // link side (the valid/ready rule of in_* is asserted in scoc_in_buf)
  input  wire [N-1:0]             in_valid,
  output wire [N-1:0]             in_ready,
  input  wire [N*DW-1:0]          in_data,
  input  wire [N-1:0]             in_last,
  input  wire [N*$clog2(N)-1:0]   in_dst,
  output wire [N-1:0]             out_valid,
  input  wire [N-1:0]             out_ready,
  output wire [N*DW-1:0]          out_data,
  output wire [N-1:0]             out_last,
  output wire [31:0]              err_len,
  output wire [31:0]              err_dst,
  // input buffers: packets to the scheduler, the crossbar's read ports and slot frees
  output wire [N-1:0]             enq_valid,
  output wire [N*$clog2(N)-1:0]   enq_dst,
  output wire [N*LW-1:0]          enq_len,
  output wire [N*$clog2(QD)-1:0]  enq_tag,
  input  wire [N*$clog2(QD)-1:0]  rd_slot,
  input  wire [N*LW-1:0]          rd_idx,
  output wire [N*DW-1:0]          rd_data,
  input  wire [N-1:0]             free_valid,
  input  wire [N*$clog2(QD)-1:0]  free_slot,
  // output buffers: words from the middle stage, reservations and room
  input  wire [N-1:0]             wr_valid,
  input  wire [N*DW-1:0]          wr_data,
  input  wire [N-1:0]             wr_last,
  input  wire [N-1:0]             reserve,
  output wire [N-1:0]             room
);
  localparam integer NW = $clog2(N);
  localparam integer TW = $clog2(QD);

  wire [N-1:0] e_len, e_dst;

  genvar p;
  generate for (p = 0; p < N; p = p + 1) begin : g_port
    scoc_in_buf #(
      .N  (N),
      .QD (QD),
      .LW (LW),
      .DW (DW)
    ) u_in (
      .clk        (clk),
      .rst_n      (rst_n),
      .in_valid   (in_valid[p]),
      .in_ready   (in_ready[p]),
      .in_data    (in_data[p*DW +: DW]),
      .in_last    (in_last[p]),
      .in_dst     (in_dst[p*NW +: NW]),
      .enq_valid  (enq_valid[p]),
      .enq_dst    (enq_dst[p*NW +: NW]),
      .enq_len    (enq_len[p*LW +: LW]),
      .enq_tag    (enq_tag[p*TW +: TW]),
      .err_len    (e_len[p]),
      .err_dst    (e_dst[p]),
      .rd_slot    (rd_slot[p*TW +: TW]),
      .rd_idx     (rd_idx[p*LW +: LW]),
      .rd_data    (rd_data[p*DW +: DW]),
      .free_valid (free_valid[p]),
      .free_slot  (free_slot[p*TW +: TW])
    );
    scoc_out_buf #(
      .OQ (OQ),
      .LW (LW),
      .DW (DW)
    ) u_out (
      .clk       (clk),
      .rst_n     (rst_n),
      .wr_valid  (wr_valid[p]),
      .wr_data   (wr_data[p*DW +: DW]),
      .wr_last   (wr_last[p]),
      .reserve   (reserve[p]),
      .room      (room[p]),
      .out_valid (out_valid[p]),
      .out_ready (out_ready[p]),
      .out_data  (out_data[p*DW +: DW]),
      .out_last  (out_last[p])
    );
  end endgenerate

  // drop counters: the ports' pulses of this cycle
  sw_drop_counter #(.N (N)) u_err_len (.clk (clk), .rst_n (rst_n), .pulse (e_len), .count (err_len));
  sw_drop_counter #(.N (N)) u_err_dst (.clk (clk), .rst_n (rst_n), .pulse (e_dst), .count (err_dst));
endmodule

`resetall
