// sue_retx_buf: the SUE retransmission slots (docs/sue/sue_endpoint.md "Retransmission slots").
// Connection c keeps its last WIN data PDUs, PSN n in slot n mod WIN (sue_gbn gives the slot).
// A new PDU's command area is written here as it streams to the frame builder (cut-through,
// one ETH_W beat a cycle); a replay reads the slot back at one beat a cycle.
//
// Storage: one RAM of ETH_W-bit rows, slot {c, s} at rows {c, s, 0 .. ROWS-1} (ROWS =
// ceil(PDU_MAX / NB) rounded up to a power of two, so the address is a concatenation), a
// registered read port (Yosys infers a memory); the slot's VC and length are flops, because
// the transmit decision needs them combinationally: the VC of every connection's replay slot
// (a replay of a paused VC is skipped) and the length of the chosen one.
//
// Replay read: rd_start loads {c, s}; one RAM read a cycle while the 4-entry output FIFO has
// room for it (reads in flight counted), so the stream runs at one beat a cycle; first beat
// 2 cycles after rd_start. rd_busy is high from rd_start until the last read is issued.
// Model: csrc/ref/sue/sue_endpoint_model.c (the retransmission slots of the endpoint)
`resetall
`default_nettype none
`include "assert.vh"

module sue_retx_buf #(
  parameter integer ETH_W   = 256,
  parameter integer PDU_MAX = 4096,
  parameter integer C       = 64,     // connections
  parameter integer WIN     = 8,      // slots per connection (power of two)
  // derived (not to be overridden)
  localparam integer NB   = ETH_W / 8,
  localparam integer NBW  = $clog2(NB + 1),
  localparam integer CW   = idx_w(C),
  localparam integer SW   = idx_w(WIN),
  localparam integer LW   = $clog2(PDU_MAX + 1),
  localparam integer ROWS = (PDU_MAX + NB - 1) / NB,
  localparam integer RW   = idx_w(ROWS)
) (
  input  wire                clk,
  input  wire                rst_n,
  // a new PDU: its slot and length at wr_start, then its command area, beat by beat
  input  wire                wr_start,
  input  wire [CW-1:0]       wr_conn,
  input  wire [SW-1:0]       wr_slot,
  input  wire [1:0]          wr_vc,
  input  wire [LW-1:0]       wr_len,
  input  wire                wr_valid,   // a beat, written as it comes (no ready)
  input  wire [ETH_W-1:0]    wr_data,
  // slot contents for the transmit decision
  input  wire [C*SW-1:0]     rp_slot,    // every connection's replay slot
  output wire [C*2-1:0]      rp_vc,      // the VC of the PDU there
  input  wire [CW-1:0]       q_conn,     // a slot asked about
  input  wire [SW-1:0]       q_slot,
  output wire [1:0]          q_vc,
  output wire [LW-1:0]       q_len,
  // replay of slot {rd_conn, rd_slot}
  input  wire                rd_start,
  input  wire [CW-1:0]       rd_conn,
  input  wire [SW-1:0]       rd_slot,
  output wire                rd_busy,
  output wire                out_valid,
  input  wire                out_ready,
  output wire [ETH_W-1:0]    out_data,
  output wire [NBW-1:0]      out_nbytes,
  output wire                out_last
);
  `include "common_params.vh"

  generate
    if (C < 1 || WIN < 1 || (WIN & (WIN - 1)) != 0) begin : g_bad_param
      `PARAM_FATAL("sue_retx_buf: C >= 1 and WIN a power of two")
    end else if (ETH_W < 64 || ETH_W > 2048 || (ETH_W & (ETH_W - 1)) != 0) begin : g_bad_param
      `PARAM_FATAL("sue_retx_buf: ETH_W must be a power of two, 64 .. 2048")
    end
  endgenerate

  localparam integer NS = C * WIN;                 // slots
  localparam integer AW = CW + SW + RW;
    localparam [LW-1:0] PML = LW'(PDU_MAX);

  // ---- slot VC and length (flops)
  reg [NS*2-1:0]  vc_q;
  reg [NS*LW-1:0] len_q;
  wire [CW+SW-1:0] wr_idx = {wr_conn, wr_slot};
  wire [CW+SW-1:0] q_idx  = {q_conn, q_slot};
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      vc_q  <= {NS*2{1'b0}};
      len_q <= {NS*LW{1'b0}};
    end else if (wr_start) begin
      vc_q[wr_idx*2 +: 2]    <= wr_vc;
      len_q[wr_idx*LW +: LW] <= wr_len;
    end
  end
  assign q_vc  = vc_q[q_idx*2 +: 2];
  assign q_len = len_q[q_idx*LW +: LW];
  genvar gc;
  generate
    for (gc = 0; gc < C; gc = gc + 1) begin : g_rp
      localparam [CW-1:0] GC = gc;
      wire [CW+SW-1:0] i = {GC, rp_slot[gc*SW +: SW]};
      assign rp_vc[gc*2 +: 2] = vc_q[i*2 +: 2];
    end
  endgenerate

  // ---- the RAM
  reg [ETH_W-1:0] mem [0:(1 << AW)-1];
  reg [AW-1:0]    wa;          // next row written
  reg [ETH_W-1:0] rdata;
  reg [AW-1:0]    ra;          // next row read
  reg [RW:0]      rrows;       // rows left to read
  reg [NBW-1:0]   rlastn;      // bytes of the last row
  wire            rd_issue;
  always @(posedge clk) begin
    if (wr_valid) mem[wa] <= wr_data;
    if (rd_issue) rdata <= mem[ra];
  end
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) wa <= {AW{1'b0}};
    else if (wr_start) wa <= {wr_conn, wr_slot, {RW{1'b0}}};
    else if (wr_valid) wa <= wa + 1'b1;
  end

  // ---- replay reader: rows of the slot, nbytes of the last one from the stored length
  wire [LW-1:0] rd_len = len_q[{rd_conn, rd_slot}*LW +: LW];
  localparam integer TW = ((LW > NBW) ? LW : NBW) + 1;
  localparam [TW-1:0] NBT = TW'(NB);
  wire [TW-1:0] rd_len_t = {{(TW - LW){1'b0}}, rd_len};
  wire [TW-1:0] rd_nrows = (rd_len_t + NBT - 1'b1) / NBT;
  wire [TW-1:0] rd_tail = rd_len_t - (rd_nrows - 1'b1) * NBT;
  reg           inflight;      // a read issued last cycle: its row enters the FIFO now
  reg           inflight_last;
  reg [NBW-1:0] inflight_n;
  wire [$clog2(4+1)-1:0] flevel;
  wire          fifo_in_ready;   // always 1 when written: the issue rule keeps a free entry
  wire          unused_tail = ^{1'b0, rd_tail[TW-1:NBW], rd_nrows[TW-1:RW+1]};
  assign rd_busy  = rrows != 0;
  // the FIFO holds 4: issue while its rows plus the one in flight leave room for one more
  assign rd_issue = rd_busy && ({1'b0, flevel} + {3'b0, inflight}) < 4'd4;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ra <= {AW{1'b0}};
      rrows <= {(RW+1){1'b0}};
      rlastn <= {NBW{1'b0}};
      inflight <= 1'b0;
      inflight_last <= 1'b0;
      inflight_n <= {NBW{1'b0}};
    end else begin
      inflight <= rd_issue;
      inflight_last <= rd_issue && rrows == 1;
      inflight_n <= (rrows == 1) ? rlastn : NBW'(NB);
      if (rd_start) begin
        ra     <= {rd_conn, rd_slot, {RW{1'b0}}};
        rrows  <= rd_nrows[RW:0];
        rlastn <= rd_tail[NBW-1:0];
      end else if (rd_issue) begin
        ra    <= ra + 1'b1;
        rrows <= rrows - 1'b1;
      end
    end
  end
  sync_fifo #(.WIDTH(ETH_W + NBW + 1), .DEPTH(4)) u_out (
    .clk(clk), .rst_n(rst_n),
    .in_valid(inflight), .in_data({rdata, inflight_n, inflight_last}), .in_ready(fifo_in_ready),
    .out_valid(out_valid), .out_data({out_data, out_nbytes, out_last}), .out_ready(out_ready),
    .level(flevel));

  `ASSERT_CLK(fifo_no_overrun, clk, rst_n, !inflight || fifo_in_ready, "sue_retx_buf: output FIFO overrun")
  `ASSERT_CLK(rd_when_idle, clk, rst_n, !(rd_start && rd_busy), "sue_retx_buf: replay started while reading")
  `ASSERT_CLK(rd_len_legal, clk, rst_n, !rd_start || (rd_len != 0 && rd_len <= PML),
              "sue_retx_buf: replay of an empty slot")
  `ASSERT_CLK(wr_len_legal, clk, rst_n, !wr_start || (wr_len != 0 && wr_len <= PML),
              "sue_retx_buf: new PDU length out of 1 .. PDU_MAX")
endmodule

`resetall
