// RIFL user-side decoder (docs/rifl/rifl_axis.md): the inverse of rifl_axis_enc. The
// bytes of data frames (meta 01, 11, 10) are joined into each packet's byte stream and cut
// into AXI4-Stream beats of DW/8 bytes; meta 00 entries carry no user data and are dropped.
// An s_abort entry closes the open packet (the link restarted under it) with a tlast beat
// marked by tuser. Bytes wait in a buffer of DW/8 + PB bytes, first on top and zeros below
// the count; a beat is loaded into the output register at the very edge where it becomes
// complete whenever that register is free, so it is offered one cycle after its frame.
// Model: csrc/ref/rifl/rifl_axis_model.c (rifl_axis_dec_model)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_axis_dec #(
  parameter integer DW = 256,
  parameter integer FW = 256
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            s_valid,
  output wire            s_ready,
  input  wire [1:0]      s_meta,
  input  wire [FW-17:0]  s_data,
  input  wire            s_abort,
  output wire            m_axis_tvalid,
  input  wire            m_axis_tready,
  output wire [DW-1:0]   m_axis_tdata,
  output wire [DW/8-1:0] m_axis_tkeep,
  output wire            m_axis_tlast,
  output wire            m_axis_tuser
);
  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) ||
               (DW != 64 && DW != 128 && DW != 256 && DW != 512 && DW != 1024))
  begin : g_bad_param
    `PARAM_FATAL("rifl_axis_dec: need FW in {128, 256, 512, 1024} and DW in {64, 128, 256, 512, 1024}")
  end endgenerate

  localparam integer NB  = DW / 8;    // bytes per beat
  localparam integer PW  = FW - 16;   // payload bits
  localparam integer PB  = PW / 8;    // payload bytes
  localparam integer BUF = NB + PB;   // a frame is taken only while at most NB bytes wait
  // Byte counts are 8 bits for every legal configuration (BUF <= 128 + 126).
  localparam [7:0]  NB8   = 8'(NB);
  localparam [7:0]  PB8   = 8'(PB);
  localparam [7:0]  BUF8  = 8'(BUF);

  reg [BUF*8-1:0] buf_q;   // waiting bytes, first on top; zero below cnt_q bytes
  reg [7:0]       cnt_q;
  reg             eop_q;   // the waiting bytes end a packet (possibly none of them: abort)
  reg             abt_q;   // ... and that end is an abort
  reg             open_q;  // beats of the current packet sent, its tlast not yet
  reg             valid_q;
  reg [DW-1:0]    data_q;
  reg [NB-1:0]    keep_q;
  reg             last_q;
  reg             user_q;

  // Registered only (never waits on s_valid); a pending packet end blocks the next entry
  // until its last beat has left, so the buffer never holds two packets.
  assign s_ready = !eop_q && cnt_q <= NB8;

  wire take      = s_valid && s_ready;
  wire is_data   = take && !s_abort && s_meta != 2'b00;
  wire is_abort  = take && s_abort && (open_q || cnt_q != 8'd0);
  wire slot_free = !valid_q || m_axis_tready;

  // The frame's bytes (n of them on top), everything else zeroed, including a partial
  // frame's count byte: keeps the buffer's zero fill.
  wire [7:0]    n     = (s_meta == 2'b10) ? s_data[7:0] : PB8;
  wire [PB-1:0] bmask = ~({PB{1'b1}} >> n);
  reg  [PW-1:0] fbytes;
  integer       j;
  always @* begin
    fbytes = {PW{1'b0}};
    for (j = 0; j < PB; j = j + 1)
      if (bmask[j]) fbytes[8*j +: 8] = s_data[8*j +: 8];
  end

  // Buffer plus the frame appended at the count (cnt_q <= NB whenever a frame is taken).
  wire [BUF*8-1:0] frame_at = {fbytes, {DW{1'b0}}} >> {cnt_q, 3'b000};
  wire [BUF*8-1:0] mrg      = is_data ? (buf_q | frame_at) : buf_q;
  wire [7:0]       len      = is_data ? cnt_q + n : cnt_q;
  wire             ends     = eop_q || (is_data && s_meta[1]) || is_abort;
  wire             abt      = abt_q || is_abort;
  wire             fin      = ends && len <= NB8;   // this beat ends the packet
  wire             emit     = slot_free && (len >= NB8 || ends);
  wire [NB-1:0]    keep     = fin ? ~({NB{1'b1}} >> len) : {NB{1'b1}};

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      buf_q   <= {BUF*8{1'b0}};
      cnt_q   <= 8'd0;
      eop_q   <= 1'b0;
      abt_q   <= 1'b0;
      open_q  <= 1'b0;
      valid_q <= 1'b0;
      data_q  <= {DW{1'b0}};
      keep_q  <= {NB{1'b0}};
      last_q  <= 1'b0;
      user_q  <= 1'b0;
    end else begin
      // After the last beat of a packet the shifted-out buffer is all zeros already.
      buf_q <= emit ? mrg << DW : mrg;
      cnt_q <= !emit ? len : (fin ? 8'd0 : len - NB8);
      eop_q <= ends && !(emit && fin);
      abt_q <= abt && !(emit && fin);
      if (emit)
        open_q <= !fin;
      if (slot_free)
        valid_q <= emit;
      if (emit) begin
        data_q <= mrg[BUF*8-1 -: DW];
        keep_q <= keep;
        last_q <= fin;
        user_q <= fin && abt;
      end
    end
  end

  assign m_axis_tvalid = valid_q;
  assign m_axis_tdata  = data_q;
  assign m_axis_tkeep  = keep_q;
  assign m_axis_tlast  = last_q;
  assign m_axis_tuser  = user_q;

  `ASSERT_CLK(nbytes_in_range, clk, rst_n,
              !s_valid || s_abort || s_meta != 2'b10 || (s_data[7:0] != 8'd0 && s_data[7:0] < PB8),
              "s_data: meta 10 frame with a byte count outside 1 .. PB-1")
  `ASSERT_STABLE(s_stable, clk, rst_n, s_valid, s_ready, ({s_meta, s_data, s_abort}), PW + 3, "frame entry")
  `ASSERT_CLK(cnt_in_range, clk, rst_n, cnt_q <= BUF8, "buffer count above DW/8 + PB")
  `ASSERT_CLK(abort_at_end, clk, rst_n, !abt_q || eop_q, "abort pending without a packet end")
endmodule

`resetall
