// SUE receive: store-and-forward buffer of command areas (docs/sue/sue_rx_check.md "Buffer").
//
// A RAM of DEPTH beats (W bits, no reset) written with the command area of every frame as it
// streams (at most MAXAB beats a frame; a longer area belongs to an oversize frame, dropped).
// At the frame's verdict (c_valid, the cycle of its last area beat) the frame is committed
// (c_keep: its first ceil(c_bytes / (W/8)) beats stay, the write pointer moves just past
// them) or discarded (the write pointer goes back to the frame's first beat). Only committed
// frames are read out, in order, as out_* (first byte on top, out_nbytes valid bytes on the
// out_last beat, full otherwise): nothing of a frame leaves before its verdict.
//
// Room: every input beat of the checker that may still produce an area beat reserves one
// beat (rsv_add); a frame's unused reservation (rsv_frame minus its writes) is returned at
// its verdict. space_ok says one more beat can be reserved: used + reserved < DEPTH, so
// writes never find the RAM full. The lengths of committed frames wait in a FIFO of NFR.
// Model: csrc/ref/sue/sue_rx_check_model.c (part of sue_rx_check)
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_buf #(
  parameter integer W     = 256,
  parameter integer DEPTH = 64,     // beats, a power of two
  parameter integer MAXAB = 16,     // largest area of a frame that can pass, beats
  parameter integer NFR   = 16,     // committed frames waiting to be read
  parameter integer CBW   = 13      // width of c_bytes
) (
  input  wire                       clk,
  input  wire                       rst_n,
  // area beats of the frame being checked, written as they come (no ready)
  input  wire                       w_valid,
  input  wire [W-1:0]               w_data,
  input  wire                       w_first,
  input  wire                       w_last,
  // verdict: with the last area beat
  input  wire                       c_keep,
  input  wire [CBW-1:0]             c_bytes,
  input  wire [$clog2(MAXAB+1)-1:0] c_rsv,     // beats the frame reserved
  // reservations
  input  wire                       rsv_add,
  output wire                       space_ok,
  output wire [$clog2(NFR+1)-1:0]   fr_level,
  // committed command areas out
  output reg                        out_valid,
  input  wire                       out_ready,
  output wire [W-1:0]               out_data,
  output reg  [$clog2(W/8+1)-1:0]   out_nbytes,
  output reg                        out_last
);
  localparam integer B   = W / 8;
  localparam integer NBW = $clog2(B + 1);
  localparam integer LB  = $clog2(B);
  localparam integer AW  = $clog2(DEPTH);
  localparam integer RW  = $clog2(MAXAB + 1);
  localparam integer UW  = AW + 2;            // used + reserved fits
  localparam [NBW-1:0] FULL = NBW'(B);
  localparam [UW-1:0]  DEPTH_U = UW'(DEPTH);
  localparam [RW-1:0]  MAXAB_R = RW'(MAXAB);

  generate if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0 || MAXAB < 1 || MAXAB > DEPTH ||
               NFR < 2 || CBW < LB + 1 || CBW > 16 || AW > 15) begin : g_bad_param
    `PARAM_FATAL("sue_rx_buf: DEPTH a power of two >= 2 and >= MAXAB >= 1, NFR >= 2")
  end endgenerate

  reg [W-1:0]  mem [0:DEPTH-1];   // no reset: a RAM
  reg [W-1:0]  rd_q;
  reg [AW:0]   wr_ptr, rd_ptr, fbase_q;
  reg [RW-1:0] nwr_q;             // beats written of the frame being checked
  reg [UW-1:0] rsv_q;

  // ---- write side ----
  wire [RW-1:0] nwr     = w_first ? {RW{1'b0}} : nwr_q;
  wire [AW:0]   fbase   = w_first ? wr_ptr : fbase_q;
  wire          wr_en   = w_valid && nwr != MAXAB_R;
  wire [RW-1:0] nwr_inc = nwr + {{(RW-1){1'b0}}, wr_en};
  wire          commit  = w_valid && w_last;
  wire [15:0]   c_b16 = {{(16-CBW){1'b0}}, c_bytes};
  wire [15:0]   kb    = (c_b16 >> LB) + {15'd0, |c_bytes[LB-1:0]};   // beats kept
  wire [AW:0]   keep_end = fbase + kb[AW:0];

  always @(posedge clk) begin
    if (wr_en) mem[wr_ptr[AW-1:0]] <= w_data;
  end

  wire [UW-1:0] used = {1'b0, wr_ptr - rd_ptr};
  assign space_ok = used + rsv_q < DEPTH_U;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      wr_ptr  <= {(AW+1){1'b0}};
      fbase_q <= {(AW+1){1'b0}};
      nwr_q   <= {RW{1'b0}};
      rsv_q   <= {UW{1'b0}};
    end else begin
      if (w_valid) begin
        fbase_q <= fbase;
        nwr_q   <= nwr_inc;
      end
      if (commit)
        wr_ptr <= c_keep ? keep_end : fbase;
      else if (wr_en)
        wr_ptr <= wr_ptr + {{AW{1'b0}}, 1'b1};
      // reserved = reserved + new - written; at the verdict the frame's rest goes back
      if (commit)
        rsv_q <= rsv_q + {{(UW-1){1'b0}}, rsv_add} - {{(UW-RW){1'b0}}, c_rsv}
                 + {{(UW-RW){1'b0}}, nwr};
      else
        rsv_q <= rsv_q + {{(UW-1){1'b0}}, rsv_add} - {{(UW-1){1'b0}}, wr_en};
    end
  end

  // ---- lengths of committed frames ----
  wire           f_valid;
  wire [CBW-1:0] f_bytes;
  wire           f_pop;
  wire           f_in_ready;
  sync_fifo #(.WIDTH(CBW), .DEPTH(NFR)) u_frames (
    .clk(clk), .rst_n(rst_n),
    .in_valid(commit && c_keep), .in_data(c_bytes), .in_ready(f_in_ready),
    .out_valid(f_valid), .out_data(f_bytes), .out_ready(f_pop), .level(fr_level)
  );

  // ---- read side: one beat a cycle, registered RAM read feeds out_data ----
  reg  [15:0]       rem_q;    // beats left of the frame being read (0: none open)
  reg  [NBW-1:0]    lnb_q;    // bytes of its last beat
  wire [15:0]       f_b16   = {{(16-CBW){1'b0}}, f_bytes};
  wire [15:0]       f_beats = (f_b16 >> LB) + {15'd0, |f_bytes[LB-1:0]};
  wire [NBW-1:0]    f_lnb   = (f_bytes[LB-1:0] == {LB{1'b0}}) ? FULL
                              : {{(NBW-LB){1'b0}}, f_bytes[LB-1:0]};
  wire              open_q  = rem_q != 16'd0;
  wire [15:0]       rem     = open_q ? rem_q : f_beats;
  wire [NBW-1:0]    lnb     = open_q ? lnb_q : f_lnb;
  wire              have    = open_q || f_valid;
  wire              rd_en   = have && (!out_valid || out_ready);
  wire              is_last = rem == 16'd1;
  assign f_pop = rd_en && !open_q;

  always @(posedge clk) begin
    if (rd_en) rd_q <= mem[rd_ptr[AW-1:0]];
  end
  assign out_data = rd_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd_ptr     <= {(AW+1){1'b0}};
      rem_q      <= 16'd0;
      lnb_q      <= {NBW{1'b0}};
      out_valid  <= 1'b0;
      out_nbytes <= {NBW{1'b0}};
      out_last   <= 1'b0;
    end else begin
      if (out_valid && out_ready) out_valid <= 1'b0;
      if (rd_en) begin
        rd_ptr     <= rd_ptr + {{AW{1'b0}}, 1'b1};
        rem_q      <= rem - 16'd1;
        lnb_q      <= lnb;
        out_valid  <= 1'b1;
        out_nbytes <= is_last ? lnb : FULL;
        out_last   <= is_last;
      end
    end
  end

  `ASSERT_CLK(frame_fifo_no_overflow, clk, rst_n, !(commit && c_keep) || f_in_ready,
              "sue_rx_buf: frame FIFO overflow")
  `ASSERT_CLK(ram_no_overflow, clk, rst_n, !wr_en || used < DEPTH_U, "sue_rx_buf: RAM overflow")
  `ASSERT_CLK(kept_fits_area, clk, rst_n,
              !(commit && c_keep) || (kb != 16'd0 && kb <= {{(16-RW){1'b0}}, nwr_inc}),
              "sue_rx_buf: kept frame longer than its written area")
  `ASSERT_CLK(wr_le_reserved, clk, rst_n, !commit || c_rsv >= nwr_inc, "sue_rx_buf: wrote more than reserved")
endmodule

`resetall
