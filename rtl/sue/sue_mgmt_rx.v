// sue_mgmt_rx: the receive half of the management frame path (spec 3.1; docs/sue/index.md
// "Management frames, receive"): frames that are not SUE traffic and pass the filter
// (MGMT_RX_FILTER, MGMT_RX_CTL.EN) are kept whole for the XPU, which reads them through AXI4-Lite
// (MGMT_RX_STATUS, MGMT_RX_RD / MGMT_RX_DATA) and releases them (MGMT_RX_POP). The RTL of
// csrc/ref/sue/sue_mgmt_rx_model.c.
//
// NS = 4 frame slots of ROWS beats (MGMT_MAX + 4 bytes, the FCS kept). A frame takes a free
// slot at its first beat (when EN) and is written into it beat by beat; at the beat that
// completes bytes 0 .. 17 it is screened (not SUE's Ethertype for the format, not a MAC control
// frame, the filter): a frame that fails gives the slot back at once, so SUE traffic holds a
// slot for at most 3 beats. A screened frame waits for its verdict (sue_rx_check, in frame order;
// frames are matched to verdicts by a 3-bit sequence number): taken when the verdict is
// rx_ethertype (length and FCS good: checks 1 .. 3 passed), it is at most MGMT_MAX + 4 bytes and
// MGMT_GAP cycles have passed since the last frame taken; else the slot is freed and, if the
// verdict was rx_ethertype, the frame is counted dropped (rx_mgmt_drop), as is a screened frame
// that found no free slot at its first beat. Taken frames are read in arrival order.
// Timing against the model: slot states change at the edge of the cycle that decides them; a
// release (pop) acts in the cycle after its write's edge, on the frames taken before that cycle.
`resetall
`default_nettype none
`include "assert.vh"

module sue_mgmt_rx #(
  parameter integer ETH_W   = 256,
  parameter integer PDU_MAX = 4096,
  // derived (not to be overridden)
  localparam integer EB  = ETH_W / 8,
  localparam integer EBW = $clog2(EB + 1)
) (
  input  wire             clk,
  input  wire             rst_n,
  // configuration (registers), stable while frames arrive
  input  wire             cfg_en,        // MGMT_RX_CTL.EN
  input  wire [15:0]      cfg_etype,     // MGMT_RX_FILTER.ETYPE
  input  wire [15:0]      cfg_mask,      // MGMT_RX_FILTER.MASK
  input  wire [1:0]       cfg_hdr_fmt,   // 0 UDP, 1 AIFH 12-byte, 3 AIFH 6-byte
  input  wire [15:0]      cfg_ethertype, // the AIFH Ethertype
  input  wire [23:0]      cfg_gap,       // MGMT_GAP
  // the Ethernet receive stream, as sue_rx_check takes it (a beat: valid and ready)
  input  wire             in_take,
  input  wire [ETH_W-1:0] in_data,
  input  wire [EBW-1:0]   in_nbytes,     // valid bytes of the last beat
  input  wire             in_last,
  // sue_rx_check's verdicts, one per frame in arrival order
  input  wire             v_valid,
  input  wire [5:0]       v_drop,
  input  wire [15:0]      v_len,         // bytes with FCS (saturated)
  // registers
  input  wire             pop,           // MGMT_RX_POP written (a pulse at the write's edge)
  input  wire [6:0]       rd_word,       // MGMT_RX_RD.WORD
  output wire [10:0]      st_len,        // MGMT_RX_STATUS.LEN
  output wire [2:0]       st_frames,     // MGMT_RX_STATUS.FRAMES
  output wire [31:0]      rd_data,       // MGMT_RX_DATA
  // counters, in the verdict's cycle
  output wire             inc_mgmt,      // rx_mgmt
  output wire             inc_drop       // rx_mgmt_drop
);
  localparam integer NS    = 4;
  `include "common_params.vh"
  `include "sue_params.vh"

  localparam integer MAXB  = sue_mgmt_max(PDU_MAX);
  localparam integer CAPB  = MAXB + 4;                // a frame with its FCS
  localparam integer ROWS  = (CAPB + EB - 1) / EB;
  localparam integer HB    = (18 + EB - 1) / EB;      // beats holding bytes 0 .. 17
  localparam integer WPR   = EB / 4;                  // words a row
  localparam [15:0]  CAPB16 = 16'(CAPB);
  localparam [7:0]   ROWS8  = 8'(ROWS);
  localparam [7:0]   WPR8   = 8'(WPR);
  localparam [5:0]   C_ETHERTYPE = 6'd36;             // rx_ethertype: checks 1 .. 3 passed
  localparam [1:0]   S_FREE = 2'd0, S_CAP = 2'd1, S_PEND = 2'd2, S_READY = 2'd3;

  generate
    if (ETH_W < 64 || ETH_W > 2048 || (ETH_W & (ETH_W - 1)) != 0) begin : g_bad_param
      `PARAM_FATAL("sue_mgmt_rx: ETH_W must be a power of two, 64 .. 2048")
    end else if (PDU_MAX < 280 || PDU_MAX > 8192) begin : g_bad_param
      `PARAM_FATAL("sue_mgmt_rx: PDU_MAX must be 280 .. 8192")
    end
  endgenerate

  reg [ETH_W-1:0] mem [0:NS*ROWS-1];    // slot s, row r at s * ROWS + r; byte 0 at the top

  reg  [2*NS-1:0]  st_q;                // slot s's state at [2s +: 2]
  reg  [3*NS-1:0]  sseq_q;              // a waiting slot's frame sequence number
  reg  [11*NS-1:0] len_q;               // a taken slot's bytes (FCS excluded)
  reg  [2*NS-1:0]  rq_q;                // taken slots in arrival order, a ring
  reg  [1:0]       rq_rd_q;
  reg  [2:0]       rq_n_q;
  reg  [2:0]       seq_in_q, seq_v_q;   // frames ended; verdicts seen
  reg  [7:0]       nc_q;                // frame seq screened in without a slot
  reg  [23:0]      gap_q;               // cycles left of the gap: a frame may be taken at 0
  reg              pop_q;
  // the frame coming in
  reg              first_q;
  reg  [1:0]       bk_q;                // beat (saturates at 3: only beats 0 .. HB-1 matter)
  reg  [7:0]       row_q;               // row (saturates at ROWS)
  reg              hold_q, ncap_q, cand_q;
  reg  [1:0]       slot_q;

  // ---- a free slot for a frame starting now (the lowest)
  reg        any_free;
  reg [1:0]  low_free;
  integer    i;
  always @* begin
    any_free = 1'b0;
    low_free = 2'd0;
    for (i = NS - 1; i >= 0; i = i - 1)
      if (st_q[2*i +: 2] == S_FREE) begin
        any_free = 1'b1;
        low_free = i[1:0];
      end
  end

  wire [1:0] bk   = first_q ? 2'd0 : bk_q;
  wire [7:0] row  = first_q ? 8'd0 : row_q;
  wire       hold = first_q ? (cfg_en && any_free) : hold_q;
  wire       ncap = first_q ? (cfg_en && !any_free) : ncap_q;
  wire [1:0] slot = first_q ? low_free : slot_q;

  // ---- bytes 0 .. 17 as of this beat
  wire [8*HB*EB-1:0] hcat;
  generate
    if (HB == 1) begin : g_h1
      assign hcat = in_data;
    end else begin : g_hn
      reg [ETH_W*(HB-1)-1:0] hq;
      always @(posedge clk or negedge rst_n) begin
        if (!rst_n) hq <= {(ETH_W*(HB-1)){1'b0}};
        else if (in_take && bk < 2'(HB - 1)) hq[ETH_W*(HB-1)-1 - ETH_W*bk -: ETH_W] <= in_data;
      end
      assign hcat = {hq, in_data};
    end
  endgenerate
  wire [143:0] h18 = hcat[8*HB*EB-1 -: 144];
  wire unused_h = ^{1'b0, hcat[8*HB*EB-145:0], h18[79:48], h18[31:16]};  // bytes 8-11, 14-15
  `define MRX_B(b) h18[143 - 8 * (b) -: 8]
  wire [15:0] et6   = {`MRX_B(6), `MRX_B(7)};
  wire [15:0] et12  = {`MRX_B(12), `MRX_B(13)};
  wire [15:0] et16  = {`MRX_B(16), `MRX_B(17)};
  // SUE's own check reads past a tag in the formats with an Ethernet header (sue_rx_hdr)
  wire        stag  = cfg_hdr_fmt != 2'd3 && et12 == 16'h8100;
  wire [15:0] v12   = stag ? et16 : et12;
  wire        sue   = (cfg_hdr_fmt == 2'd0) ? v12 == 16'h0800 :
                      (cfg_hdr_fmt == 2'd3) ? et6 == cfg_ethertype : v12 == cfg_ethertype;
  wire        macc  = h18[143 -: 48] == 48'h0180C2000001 && et12 == 16'h8808;
  // the filter reads a standard Ethernet frame: its Ethertype past a tag
  wire [15:0] fet   = (et12 == 16'h8100) ? et16 : et12;
  wire        atdec = bk == 2'(HB - 1);
  // a frame that ends before byte 18 is never screened in (a runt)
  wire [15:0] hbytes = {14'd0, bk} * 16'(EB) + (in_last ? {{(16-EBW){1'b0}}, in_nbytes} : 16'(EB));
  wire        cand_now = !sue && !macc && ((fet & cfg_mask) == (cfg_etype & cfg_mask)) &&
                         hbytes >= 16'd18;
  wire        past  = ({1'b0, bk} + 3'd1) >= 3'(HB);   // bytes 0 .. 17 are in by this beat
  wire        cand  = atdec ? cand_now : cand_q;
  `undef MRX_B

  // ---- the verdict of the oldest frame ended
  reg        hit;
  reg [1:0]  hslot;
  always @* begin
    hit   = 1'b0;
    hslot = 2'd0;
    for (i = 0; i < NS; i = i + 1)
      if (st_q[2*i +: 2] == S_PEND && sseq_q[3*i +: 3] == seq_v_q) begin
        hit   = 1'b1;
        hslot = i[1:0];
      end
  end
  wire v_eth  = v_valid && v_drop == C_ETHERTYPE;
  wire v_take = v_eth && hit && v_len <= CAPB16 && gap_q == 24'd0;
  assign inc_mgmt = v_take;
  assign inc_drop = v_eth && ((hit && !v_take) || nc_q[seq_v_q]);

  // ---- the head frame, read
  wire [1:0]  head   = rq_q[2*rq_rd_q +: 2];
  wire [10:0] hlen   = len_q[11*head +: 11];
  wire [7:0]  w8     = {1'b0, rd_word};
  wire [7:0]  rrow   = w8 / WPR8;
  wire [7:0]  rpos   = w8 % WPR8;
  wire [ETH_W-1:0] rowd = mem[{30'd0, head} * ROWS + {24'd0, (rrow < ROWS8) ? rrow : 8'd0}];
  wire [31:0] word   = rowd[ETH_W - 1 - 32 * rpos -: 32];
  wire [12:0] wb     = {4'd0, rd_word, 2'b00};                  // the word's first byte
  wire [12:0] left   = {2'd0, hlen} - wb;                        // its bytes in the frame
  wire [31:0] keep   = ({2'd0, hlen} <= wb) ? 32'd0 :
                       (left >= 13'd4) ? 32'hFFFFFFFF : ~(32'hFFFFFFFF >> (8 * left[1:0]));
  assign rd_data   = (rq_n_q != 3'd0 && rrow < ROWS8) ? word & keep : 32'd0;
  assign st_len    = (rq_n_q != 3'd0) ? hlen : 11'd0;
  assign st_frames = rq_n_q;

  always @(posedge clk) begin
    if (in_take && hold && row < ROWS8)
      mem[{30'd0, slot} * ROWS + {24'd0, row}] <= in_data;
  end

  wire do_pop = pop_q && rq_n_q != 3'd0;
  wire [1:0] rq_tail = rq_rd_q + rq_n_q[1:0];   // 2 bits: the ring wraps (in an index, 32 would not)
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st_q     <= {(2*NS){1'b0}};
      sseq_q   <= {(3*NS){1'b0}};
      len_q    <= {(11*NS){1'b0}};
      rq_q     <= {(2*NS){1'b0}};
      rq_rd_q  <= 2'd0;
      rq_n_q   <= 3'd0;
      seq_in_q <= 3'd0;
      seq_v_q  <= 3'd0;
      nc_q     <= 8'd0;
      gap_q    <= 24'd0;
      pop_q    <= 1'b0;
      first_q  <= 1'b1;
      bk_q     <= 2'd0;
      row_q    <= 8'd0;
      hold_q   <= 1'b0;
      ncap_q   <= 1'b0;
      cand_q   <= 1'b0;
      slot_q   <= 2'd0;
    end else begin
      pop_q <= pop;
      // the frame coming in (each branch touches only its own slot)
      if (in_take) begin
        first_q <= in_last;
        bk_q    <= (bk == 2'd3) ? bk : bk + 2'd1;
        row_q   <= (row == ROWS8) ? row : row + 8'd1;
        slot_q  <= slot;
        ncap_q  <= ncap;
        if (atdec) cand_q <= cand_now;
        if (first_q && hold) st_q[2*slot +: 2] <= S_CAP;
        if (in_last) begin
          hold_q <= 1'b0;
          nc_q[seq_in_q] <= ncap && past && cand;
          seq_in_q <= seq_in_q + 3'd1;
          if (hold && past && cand) begin
            st_q[2*slot +: 2]   <= S_PEND;
            sseq_q[3*slot +: 3] <= seq_in_q;
          end else if (hold) begin
            st_q[2*slot +: 2] <= S_FREE;
          end
        end else if (hold && past && !cand) begin
          st_q[2*slot +: 2] <= S_FREE;      // not a management frame: the slot back at once
          hold_q <= 1'b0;
        end else begin
          hold_q <= hold;
        end
      end
      // a verdict
      if (v_valid) begin
        seq_v_q <= seq_v_q + 3'd1;
        nc_q[seq_v_q] <= 1'b0;
        if (hit) st_q[2*hslot +: 2] <= v_take ? S_READY : S_FREE;
        if (v_take) begin
          len_q[11*hslot +: 11] <= 11'(v_len - 16'd4);
          rq_q[2*rq_tail +: 2] <= hslot;
          gap_q <= (cfg_gap == 24'd0) ? 24'd0 : cfg_gap - 24'd1;
        end else if (gap_q != 24'd0) begin
          gap_q <= gap_q - 24'd1;
        end
      end else if (gap_q != 24'd0) begin
        gap_q <= gap_q - 24'd1;
      end
      // a release
      if (do_pop) begin
        st_q[2*head +: 2] <= S_FREE;
        rq_rd_q <= rq_rd_q + 2'd1;
      end
      rq_n_q <= rq_n_q + {2'd0, v_take} - {2'd0, do_pop};
    end
  end

  // frames ended and not yet judged: fewer than the 8 sequence numbers
  wire [2:0] inflight = seq_in_q - seq_v_q;
  `ASSERT_CLK(verdict_has_frame, clk, rst_n, !v_valid || inflight != 3'd0,
              "sue_mgmt_rx: a verdict without a frame ended")
  `ASSERT_CLK(seq_room, clk, rst_n, !(in_take && in_last) || inflight != 3'd7,
              "sue_mgmt_rx: 8 frames ended without a verdict")
  `ASSERT_CLK(ring_room, clk, rst_n, !v_take || rq_n_q != 3'd4 || do_pop,
              "sue_mgmt_rx: a frame taken with every slot taken")
endmodule

`resetall
