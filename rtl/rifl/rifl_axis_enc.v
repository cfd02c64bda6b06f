// RIFL user-side encoder (docs/rifl/rifl_axis.md): cuts the byte stream of each
// AXI4-Stream packet into payload frames of PB = (FW-16)/8 bytes with a meta code (01 full,
// 11 full and last, 10 last with n < PB bytes on top and n in the lowest byte).
// Bytes wait in a buffer of PB + DW/8 bytes, first byte on top and zeros below the count, so
// appending a beat is one OR and a frame always leaves from the top. A frame is loaded into
// the output register at the very edge where it becomes complete (from the buffer and the
// beat accepted at that edge) whenever that register is free, which gives the one-cycle
// latency the link budget counts on.
// Model: csrc/ref/rifl/rifl_axis_model.c (rifl_axis_enc_model)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_axis_enc #(
  parameter integer DW = 256,
  parameter integer FW = 256
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            s_axis_tvalid,
  output wire            s_axis_tready,
  input  wire [DW-1:0]   s_axis_tdata,
  input  wire [DW/8-1:0] s_axis_tkeep,
  input  wire            s_axis_tlast,
  output wire            m_valid,
  input  wire            m_ready,
  output wire [1:0]      m_meta,
  output wire [FW-17:0]  m_data
);
  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) ||
               (DW != 64 && DW != 128 && DW != 256 && DW != 512 && DW != 1024))
  begin : g_bad_param
    `PARAM_FATAL("rifl_axis_enc: need FW in {128, 256, 512, 1024} and DW in {64, 128, 256, 512, 1024}")
  end endgenerate

  localparam integer NB  = DW / 8;    // bytes per beat
  localparam integer PW  = FW - 16;   // payload bits
  localparam integer PB  = PW / 8;    // payload bytes
  localparam integer BUF = PB + NB;   // a beat is taken only while at most PB bytes wait
  // Byte counts are 8 bits for every legal configuration (BUF <= 126 + 128).
  localparam [7:0]  PB8   = 8'(PB);
  localparam [7:0]  BUF8  = 8'(BUF);

  reg [BUF*8-1:0] buf_q;   // waiting bytes, first on top; zero below cnt_q bytes
  reg [7:0]       cnt_q;
  reg             eop_q;   // the last waiting byte ends a packet
  reg             valid_q;
  reg [1:0]       meta_q;
  reg [PW-1:0]    data_q;

  // The beat with its unkept bytes zeroed (keeps the buffer's zero fill), and its size.
  reg [DW-1:0] beat;
  reg [7:0]    k;
  integer      i;
  always @* begin
    beat = {DW{1'b0}};
    k    = 8'd0;
    for (i = 0; i < NB; i = i + 1) begin
      if (s_axis_tkeep[i]) beat[8*i +: 8] = s_axis_tdata[8*i +: 8];
      k = k + {7'd0, s_axis_tkeep[i]};
    end
  end

  // Registered only: the source never waits on its own tvalid, and a packet end in the
  // buffer blocks the next packet until its last frame has left (frames never mix packets).
  assign s_axis_tready = !eop_q && cnt_q <= PB8;

  wire take      = s_axis_tvalid && s_axis_tready;
  wire slot_free = !valid_q || m_ready;

  // Buffer plus the beat appended at the count (cnt_q <= PB whenever a beat is taken).
  wire [BUF*8-1:0] beat_at = {beat, {PW{1'b0}}} >> {cnt_q, 3'b000};
  wire [BUF*8-1:0] mrg     = take ? (buf_q | beat_at) : buf_q;
  wire [7:0]       len     = take ? cnt_q + k : cnt_q;
  wire             ends    = eop_q || (take && s_axis_tlast);
  wire             fin     = ends && len <= PB8;   // this frame ends the packet
  wire             emit    = slot_free && (len >= PB8 || (ends && len != 8'd0));

  wire [PW-1:0] top     = mrg[BUF*8-1 -: PW];
  wire          partial = fin && len != PB8;
  // A partial frame's lowest byte is free (n <= PB-1), so it carries the count.
  wire [PW-1:0] payload = partial ? {top[PW-1:8], len} : top;
  wire [1:0]    meta    = !fin ? 2'b01 : (partial ? 2'b10 : 2'b11);

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      buf_q   <= {BUF*8{1'b0}};
      cnt_q   <= 8'd0;
      eop_q   <= 1'b0;
      valid_q <= 1'b0;
      meta_q  <= 2'b00;
      data_q  <= {PW{1'b0}};
    end else begin
      // After the last frame of a packet the shifted-out buffer is all zeros already.
      buf_q <= emit ? mrg << PW : mrg;
      cnt_q <= !emit ? len : (fin ? 8'd0 : len - PB8);
      // An empty last beat (a protocol error, asserted) must not block the stream forever.
      eop_q <= ends && len != 8'd0 && !(emit && fin);
      if (slot_free)
        valid_q <= emit;
      if (emit) begin
        meta_q <= meta;
        data_q <= payload;
      end
    end
  end

  assign m_valid = valid_q;
  assign m_meta  = meta_q;
  assign m_data  = data_q;

  wire [NB-1:0] keep_top = ~({NB{1'b1}} >> k);   // k ones at the top: the legal last tkeep

  `ASSERT_CLK(keep_full_until_last, clk, rst_n, !s_axis_tvalid || s_axis_tlast || &s_axis_tkeep,
              "s_axis: beat without tlast must have every tkeep bit set")
  `ASSERT_CLK(keep_last_legal, clk, rst_n,
              !s_axis_tvalid || !s_axis_tlast || (k != 8'd0 && s_axis_tkeep == keep_top),
              "s_axis: tlast beat must keep 1 .. DW/8 bytes, the first ones (top of tkeep)")
  `ASSERT_STABLE(s_axis_stable, clk, rst_n, s_axis_tvalid, s_axis_tready,
                 ({s_axis_tdata, s_axis_tkeep, s_axis_tlast}), DW + NB + 1, "s_axis beat")
  `ASSERT_CLK(cnt_in_range, clk, rst_n, cnt_q <= BUF8, "buffer count above PB + DW/8")
  `ASSERT_CLK(eop_not_empty, clk, rst_n, !eop_q || cnt_q != 8'd0, "packet end pending with an empty buffer")
endmodule

`resetall
