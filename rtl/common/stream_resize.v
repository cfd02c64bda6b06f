// stream_resize: a byte stream from IN_B-byte beats to OUT_B-byte beats
// (docs/common/stream_resize.md). Frames of the stream have every beat full but the last
// (nbytes = IN_B / OUT_B on all other beats), first byte at the top of a beat; the output keeps
// that form. IN_B and OUT_B are powers of two, so one is a whole multiple of the other:
//   IN_B > OUT_B: each input beat leaves as its OUT_B-byte pieces, combinationally (no
//                 register; in_ready on the beat's last piece);
//   IN_B < OUT_B: input beats are gathered into one output register until it is full or the
//                 frame ends (one cycle of latency, full rate: a new gather starts in the
//                 cycle the gathered word leaves);
//   IN_B = OUT_B: a wire.
// Bytes past nbytes are zero on the output if they are zero on the input.
`resetall
`default_nettype none
`include "assert.vh"

module stream_resize #(
  parameter integer IN_B  = 64,
  parameter integer OUT_B = 32,
  // derived (not to be overridden)
  localparam integer INW  = $clog2(IN_B + 1),
  localparam integer OUTW = $clog2(OUT_B + 1)
) (
  input  wire                 clk,
  input  wire                 rst_n,
  input  wire                 in_valid,
  output wire                 in_ready,
  input  wire [IN_B*8-1:0]    in_data,
  input  wire [INW-1:0]       in_nbytes,
  input  wire                 in_last,
  output wire                 out_valid,
  input  wire                 out_ready,
  output wire [OUT_B*8-1:0]   out_data,
  output wire [OUTW-1:0]      out_nbytes,
  output wire                 out_last
);
  generate
    if (IN_B < 1 || OUT_B < 1 || (IN_B & (IN_B - 1)) != 0 || (OUT_B & (OUT_B - 1)) != 0)
    begin : g_bad_param
      `PARAM_FATAL("stream_resize: IN_B and OUT_B must be powers of two")
    end
  endgenerate

  generate
    if (IN_B == OUT_B) begin : g_same
      wire unused_clk = &{1'b0, clk, rst_n};
      assign out_valid  = in_valid;
      assign in_ready   = out_ready;
      assign out_data   = in_data;
      assign out_nbytes = in_nbytes;
      assign out_last   = in_last;
    end else if (IN_B > OUT_B) begin : g_down
      localparam integer R  = IN_B / OUT_B;
      localparam integer RW = $clog2(R);
      reg  [RW-1:0]   k;         // piece of the current input beat
      wire [INW-1:0]  done_b = {{(INW - RW){1'b0}}, k} * INW'(OUT_B);
      wire [INW-1:0]  rem    = in_nbytes - done_b;
      wire            piece_last = rem <= INW'(OUT_B);
      reg  [OUT_B*8-1:0] piece;
      integer i;
      always @* begin
        piece = {OUT_B*8{1'b0}};
        for (i = 0; i < R; i = i + 1)
          if (k == i[RW-1:0]) piece = in_data[IN_B*8-1-i*OUT_B*8 -: OUT_B*8];
      end
      assign out_valid  = in_valid;
      assign out_data   = piece;
      assign out_nbytes = piece_last ? rem[OUTW-1:0] : OUTW'(OUT_B);
      assign out_last   = in_last && piece_last;
      assign in_ready   = out_ready && piece_last;
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) k <= {RW{1'b0}};
        else if (out_valid && out_ready) k <= piece_last ? {RW{1'b0}} : k + 1'b1;
      end
    end else begin : g_up
      localparam integer R  = OUT_B / IN_B;
      localparam integer RW = $clog2(R);
      localparam [RW-1:0] KLAST = RW'(R) - 1'b1;  // place of the last input beat of a word
      reg  [OUT_B*8-1:0] acc;
      reg  [OUTW-1:0]    acc_n;    // bytes gathered
      reg  [RW-1:0]      k;        // next input beat's place
      reg                acc_full; // the word is complete (R beats, or the frame's last)
      reg                acc_last;
      wire               out_fire = acc_full && out_ready;
      wire               in_fire  = in_valid && in_ready;
      assign in_ready   = !acc_full || out_ready;
      assign out_valid  = acc_full;
      assign out_data   = acc;
      assign out_nbytes = acc_n;
      assign out_last   = acc_last;
      integer i;
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
          acc      <= {OUT_B*8{1'b0}};
          acc_n    <= {OUTW{1'b0}};
          k        <= {RW{1'b0}};
          acc_full <= 1'b0;
          acc_last <= 1'b0;
        end else if (in_fire) begin
          // a new word starts when the previous one left (or none was complete)
          for (i = 0; i < R; i = i + 1)
            if (k == i[RW-1:0])
              acc[OUT_B*8-1-i*IN_B*8 -: IN_B*8] <= in_data;
            else if (k == {RW{1'b0}})
              acc[OUT_B*8-1-i*IN_B*8 -: IN_B*8] <= {IN_B*8{1'b0}};
          acc_n    <= ((k == {RW{1'b0}}) ? {OUTW{1'b0}} : acc_n) + {{(OUTW - INW){1'b0}}, in_nbytes};
          acc_full <= in_last || k == KLAST;
          acc_last <= in_last;
          k        <= (in_last || k == KLAST) ? {RW{1'b0}} : k + 1'b1;
        end else if (out_fire) begin
          acc_full <= 1'b0;
        end
      end
    end
  endgenerate

  // The stream's form, where the module cuts or gathers beats (IN_B = OUT_B passes it on).
  generate if (IN_B != OUT_B) begin : g_in_checks
    `ASSERT_CLK(nbytes_in_range, clk, rst_n, !in_valid || (in_nbytes != 0 && in_nbytes <= INW'(IN_B)),
                "stream_resize: nbytes out of 1 .. IN_B")
    `ASSERT_CLK(full_until_last, clk, rst_n, !in_valid || in_last || in_nbytes == INW'(IN_B),
                "stream_resize: a beat before the last is not full")
  end endgenerate
  `ASSERT_STABLE(in_stable, clk, rst_n, in_valid, in_ready, ({in_data, in_nbytes, in_last}), IN_B * 8 + INW + 1,
                 "input beat")
endmodule

`resetall
