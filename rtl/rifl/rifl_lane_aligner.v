// RIFL lane aligner (docs/rifl/rifl_frame.md): finds the frame boundary in a stream of 64-bit words
// from any bit offset. The aligned word is a = {gt_data, prev}[o +: 64]; a word counter
// assembles FW/64 of them into a frame (word 0 at the top) and the SYN of every completed
// frame is checked. Unaligned, LOCK legal SYNs in a row lock; an illegal one slips the
// candidate one bit (o + 1; from 63 to 0 the frame boundary also moves one word later by
// skipping a word). Aligned, UNLOCK illegal SYNs in a row unlock and slip.
`resetall
`default_nettype none
`include "assert.vh"

module rifl_lane_aligner #(
  parameter integer FW     = 256,
  parameter integer LOCK   = 64,
  parameter integer UNLOCK = 16
) (
  input  wire                                       clk,
  input  wire                                       rst_n,
  input  wire                                       gt_valid,
  input  wire [63:0]                                gt_data,
  output wire                                       frame_valid,
  output wire [FW-1:0]                              frame,
  output wire                                       aligned,
  output wire [5:0]                                 offset,
  output wire [idx_w(FW / 64)-1:0]                  phase
);
  `include "common_params.vh"

  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) || LOCK < 1 || UNLOCK < 1)
  begin : g_bad_param
    `PARAM_FATAL("rifl_lane_aligner: need FW in {128, 256, 512, 1024}, LOCK >= 1, UNLOCK >= 1")
  end endgenerate

  localparam integer NW = FW / 64;                        // words per frame
  localparam integer PW = idx_w(NW);                      // word counter / phase width
  localparam integer GW = $clog2(LOCK + 1);               // good counter width (0 .. LOCK)
  localparam integer BW = idx_w(UNLOCK);                  // bad counter (0 .. UNLOCK-1)

  localparam [PW-1:0] W_LAST  = PW'(NW - 1);
  localparam [GW-1:0] G_LOCK  = GW'(LOCK);
  localparam [GW-1:0] G_LAST  = GW'(LOCK - 1);
  localparam [BW-1:0] B_LAST  = BW'(UNLOCK - 1);

  reg [63:0]    prev_q;     // previous valid word, 0 after reset
  reg [5:0]     o_q;        // bit offset candidate
  reg [PW-1:0]  w_q;        // word index of the next placed word
  reg [PW-1:0]  phase_q;    // word slips since reset, mod NW
  reg           skip_q;     // the next valid word belongs to no frame (o wrapped)
  reg [FW-65:0] asm_q;      // words 0 .. NW-2 of the frame being assembled (word 0 on top)
  reg [FW-1:0]  frame_q;
  reg           fvalid_q;
  reg           aligned_q;
  reg [GW-1:0]  good_q;     // legal SYNs in a row while not aligned (LOCK once aligned)
  reg [BW-1:0]  bad_q;      // illegal SYNs in a row while aligned (0 while not aligned)

  wire [127:0]  c    = {gt_data, prev_q};
  wire [63:0]   a    = c[{1'b0, o_q} +: 64];
  wire [FW-1:0] full = {asm_q, a};               // the frame as it completes on the last word
  wire          syn_ok = full[FW-1] ^ full[FW-2];  // 01 or 10

  wire place    = gt_valid && !skip_q;
  wire complete = place && (w_q == W_LAST);
  wire lock_now = complete && !aligned_q && syn_ok && (good_q == G_LAST);
  wire slip     = complete && !syn_ok && (!aligned_q || bad_q == B_LAST);

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      prev_q    <= 64'd0;
      o_q       <= 6'd0;
      w_q       <= {PW{1'b0}};
      phase_q   <= {PW{1'b0}};
      skip_q    <= 1'b0;
      asm_q     <= {(FW-64){1'b0}};
      frame_q   <= {FW{1'b0}};
      fvalid_q  <= 1'b0;
      aligned_q <= 1'b0;
      good_q    <= {GW{1'b0}};
      bad_q     <= {BW{1'b0}};
    end else begin
      fvalid_q <= complete;   // a one-cycle pulse, whatever gt_valid does next cycle
      if (gt_valid) begin
        prev_q <= gt_data;
        skip_q <= 1'b0;
        if (place && !complete) begin
          asm_q <= full[FW-65:0];   // shift the word in below the earlier ones
          w_q   <= w_q + 1'b1;
        end
        if (complete) begin
          frame_q <= full;
          w_q     <= {PW{1'b0}};
          if (!aligned_q) begin
            good_q <= syn_ok ? good_q + 1'b1 : {GW{1'b0}};
            if (lock_now) begin
              aligned_q <= 1'b1;
              bad_q     <= {BW{1'b0}};
            end
          end else if (syn_ok) begin
            bad_q <= {BW{1'b0}};
          end else if (slip) begin
            aligned_q <= 1'b0;
            good_q    <= {GW{1'b0}};
            bad_q     <= {BW{1'b0}};
          end else begin
            bad_q <= bad_q + 1'b1;
          end
          if (slip) begin
            o_q <= o_q + 6'd1;
            if (o_q == 6'd63) begin
              skip_q  <= 1'b1;
              phase_q <= phase_q + 1'b1;
            end
          end
        end
      end
    end
  end

  assign frame_valid = fvalid_q;
  assign frame       = frame_q;
  assign aligned     = aligned_q;
  assign offset      = o_q;
  assign phase       = phase_q;

  `ASSERT_CLK(skip_at_frame_start, clk, rst_n, !skip_q || w_q == {PW{1'b0}},
              "word skip away from a frame start")
  `ASSERT_CLK(good_in_range, clk, rst_n, aligned_q ? (good_q == G_LOCK) : (good_q < G_LOCK),
              "good counter out of range")
  `ASSERT_CLK(bad_zero_unaligned, clk, rst_n, aligned_q || bad_q == {BW{1'b0}},
              "bad counter set while not aligned")
  `ASSERT_CLK(lock_slip_exclusive, clk, rst_n, !lock_now || !slip, "lock and slip on the same frame")
endmodule

`resetall
