// sue_mgmt_tx: the transmit half of the management frame path (spec 3.1; docs/sue/index.md
// "Management frames"): the XPU writes a whole frame (FCS excluded) 4 bytes at a time through
// AXI4-Lite (MGMT_TX_DATA) and queues it (MGMT_TX_SEND, its length); the endpoint sends it
// through sue_tx_frame's raw mode, which pads it to 60 bytes and adds the FCS. The RTL of the
// model's sue_ep_mgmt_data / sue_ep_mgmt_send and the management step of sue_ep_port_tx.
//
// Three frame slots of MAXB bytes, used in turn: one being written, one queued, one being read
// out (at most one of each). A send is checked in the cycle after its write's edge (the
// model's, which takes the write when it is reported): 14 <= LEN <= MAXB, LEN needs exactly
// the words written, no frame queued (or the queued one decided in that cycle); then the frame
// is queued from the edge after, and may be decided from there on (mgmt_rdy). Rate limit: no
// decision within MGMT_GAP cycles of the last one (the gap of that decision).
// Model: csrc/ref/sue/sue_endpoint_model.c (the management frames)
`resetall
`default_nettype none
`include "assert.vh"

module sue_mgmt_tx #(
  parameter integer ETH_W   = 256,
  parameter integer PDU_MAX = 4096,
  // derived (not to be overridden)
  localparam integer EB  = ETH_W / 8,
  localparam integer EBW = $clog2(EB + 1)
) (
  input  wire             clk,
  input  wire             rst_n,
  input  wire [23:0]      cfg_gap,       // MGMT_GAP
  // register writes (sue_regs): MGMT_TX_DATA, MGMT_TX_SEND
  input  wire             wr_valid,
  input  wire [31:0]      wr_data,
  input  wire             send_valid,
  input  wire [10:0]      send_len,
  output wire [7:0]       words,         // MGMT_TX_STATUS.WORDS
  output wire             queued,        // MGMT_TX_STATUS.QUEUED
  output reg              inc_bad,       // tx_mgmt_bad: a word past MAXB or a refused send
  // the transmit decision (sue_tx_arb)
  output wire             rdy,           // a frame may be decided now
  input  wire             dec,           // it is decided in this cycle
  output wire [10:0]      dec_len,       // its bytes
  // its bytes to sue_tx_frame, from the decision on: ceil(len / EB) beats, all full but the last
  output wire             out_valid,
  input  wire             out_ready,
  output wire [ETH_W-1:0] out_data,
  output wire             out_last,
  output wire [EBW-1:0]   out_nbytes
);
  `include "common_params.vh"
  `include "sue_params.vh"

  localparam integer MAXB  = sue_mgmt_max(PDU_MAX);
  localparam integer MAXW  = (MAXB + 3) / 4;     // words of the longest frame
  localparam integer WPR   = EB / 4;             // words a row (a beat)
  localparam integer ROWS  = (MAXW + WPR - 1) / WPR;
  localparam integer RW    = (ROWS > 1) ? $clog2(ROWS) : 1;
  localparam integer WPRW  = (WPR > 1) ? $clog2(WPR) : 1;
  localparam [10:0]  MAXB_L = 11'(MAXB);
  localparam [10:0]  EB_L   = 11'(EB);
  localparam [7:0]   WPR_B  = 8'(WPR);

  generate
    if (ETH_W < 64 || ETH_W > 2048 || (ETH_W & (ETH_W - 1)) != 0) begin : g_bad_param
      `PARAM_FATAL("sue_mgmt_tx: ETH_W must be a power of two, 64 .. 2048")
    end else if (PDU_MAX < 280 || PDU_MAX > 8192) begin : g_bad_param
      `PARAM_FATAL("sue_mgmt_tx: PDU_MAX must be 280 .. 8192")
    end
  endgenerate

  reg [ETH_W-1:0] mem [0:3*ROWS-1];   // slot s, row r at s * ROWS + r; word 0 at the top
  reg [1:0]   wslot_q, qslot_q, rslot_q;
  reg [7:0]   wcnt_q;                 // words written to the frame in wslot
  reg         queued_q, reading_q;
  reg [10:0]  qlen_q, rlen_q;
  reg [RW-1:0] rrow_q;
  reg         send_q;
  reg [10:0]  slen_q;
  reg [23:0]  gap_q;                  // cycles left of the gap: a decision may come at 0

  // ---- writes: word w of the frame at row w / WPR, word w mod WPR of it
  wire        wr_ok  = wr_valid && {24'd0, wcnt_q} < MAXW;
  wire [7:0]  wrow8  = wcnt_q / WPR_B;
  wire [RW-1:0] wrow = wrow8[RW-1:0];
  wire [7:0]  wpos8  = wcnt_q % WPR_B;
  wire [WPRW-1:0] wpos = wpos8[WPRW-1:0];
  wire [7:0]  wrow_unused = wrow8 >> RW;
  wire [7:0]  wpos_unused = wpos8 >> WPRW;
  always @(posedge clk) begin
    if (wr_ok)
      mem[wslot_q * ROWS + {{(32 - RW){1'b0}}, wrow}][ETH_W - 32 - 32 * wpos +: 32] <= wr_data;
  end

  // ---- a send, checked in the cycle after its write (send_q)
  wire [8:0]  need   = slen_q[10:2] + {8'd0, slen_q[1:0] != 2'b00};
  wire        send_ok = send_q && slen_q >= 11'd14 && slen_q <= MAXB_L && need == {1'b0, wcnt_q} &&
                        (!queued_q || dec);
  wire [1:0]  wnext  = (wslot_q == 2'd2) ? 2'd0 : wslot_q + 2'd1;

  // ---- read out
  wire [10:0] rrow11 = {{(11 - RW){1'b0}}, rrow_q};
  wire [10:0] rdone  = rrow11 * EB_L;                 // bytes before this row
  wire [10:0] rleft  = rlen_q - rdone;
  wire        rlast  = rleft <= EB_L;
  wire [ETH_W-1:0] row = mem[rslot_q * ROWS + {{(32 - RW){1'b0}}, rrow_q}];
  // the bytes past the frame's end are zero (never stale data, never unwritten X)
  wire [ETH_W-1:0] keep = rlast ? ~({ETH_W{1'b1}} >> (8 * rleft)) : {ETH_W{1'b1}};
  assign out_valid  = reading_q;
  assign out_data   = row & keep;
  assign out_last   = rlast;
  assign out_nbytes = rlast ? rleft[EBW-1:0] : EB_L[EBW-1:0];

  assign rdy     = queued_q && gap_q == 24'd0;
  assign dec_len = qlen_q;
  assign words   = wcnt_q;
  assign queued  = queued_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      wslot_q   <= 2'd0;
      qslot_q   <= 2'd0;
      rslot_q   <= 2'd0;
      wcnt_q    <= 8'd0;
      queued_q  <= 1'b0;
      reading_q <= 1'b0;
      qlen_q    <= 11'd0;
      rlen_q    <= 11'd0;
      rrow_q    <= {RW{1'b0}};
      send_q    <= 1'b0;
      slen_q    <= 11'd0;
      gap_q     <= 24'd0;
      inc_bad   <= 1'b0;
    end else begin
      send_q  <= send_valid;
      if (send_valid) slen_q <= send_len;
      inc_bad <= (wr_valid && !wr_ok) || (send_q && !send_ok);
      if (wr_ok) wcnt_q <= wcnt_q + 8'd1;
      if (reading_q && out_ready) begin
        rrow_q <= rrow_q + {{(RW - 1){1'b0}}, 1'b1};
        if (rlast) reading_q <= 1'b0;
      end
      if (dec) begin
        queued_q  <= 1'b0;
        reading_q <= 1'b1;
        rslot_q   <= qslot_q;
        rlen_q    <= qlen_q;
        rrow_q    <= {RW{1'b0}};
        gap_q     <= (cfg_gap == 24'd0) ? 24'd0 : cfg_gap - 24'd1;
      end else if (gap_q != 24'd0) begin
        gap_q <= gap_q - 24'd1;
      end
      if (send_q) begin
        wcnt_q <= 8'd0;
        if (send_ok) begin
          queued_q <= 1'b1;
          qslot_q  <= wslot_q;
          qlen_q   <= slen_q;
          wslot_q  <= wnext;
        end
      end
    end
  end

  `ASSERT_CLK(dec_when_rdy, clk, rst_n, !dec || rdy, "sue_mgmt_tx: decided without a frame ready")
  `ASSERT_CLK(dec_not_reading, clk, rst_n, !dec || !reading_q || (out_ready && rlast),
              "sue_mgmt_tx: decided while the last frame is still read out")
  `ASSERT_CLK(write_not_send, clk, rst_n, !(wr_valid && send_q),
              "sue_mgmt_tx: a word written in the cycle a send is checked")
  wire unused_m = ^{1'b0, wrow_unused, wpos_unused};
endmodule

`resetall
