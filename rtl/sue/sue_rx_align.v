// SUE receive: byte realigner. Drops the first `off` bytes of every frame of a beat stream
// (first byte of a beat at data[W-1:W-8]) and re-packs the rest so that byte `off` of the
// frame is the first byte of the first output beat (docs/sue/sue_rx_check.md "Datapath").
//
// Input beats are full (W/8 bytes) except the last (i_nb bytes, 1 .. W/8). Output beats are
// full except the last, which may hold 0 .. W/8 bytes (0 when the frame has no byte at or
// after `off`). Every frame gives exactly one output beat with o_last, always two cycles after
// its input last beat is taken (the "final" beat waits one cycle in sue_beat_out, the output
// stage shared with sue_rx_trim); earlier beats come one cycle after the input beat that
// completes them. o_first marks the frame's first output
// beat. The first input beat of a frame never produces an output beat (off >= 1, and a
// multiple of W/8 only when off >= W/8), so the final beat of one frame never meets an early
// beat of the next one (asserted). `off` must be stable while a frame is inside.
// Model: csrc/ref/sue/sue_rx_check_model.c (part of sue_rx_check)
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_align #(
  parameter integer W = 256
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire [5:0]                 off,
  input  wire                       i_valid,
  input  wire [W-1:0]               i_data,
  input  wire [$clog2(W/8+1)-1:0]   i_nb,
  input  wire                       i_last,
  output wire                       o_valid,
  output wire [W-1:0]               o_data,
  output wire [$clog2(W/8+1)-1:0]   o_nb,
  output wire                       o_first,
  output wire                       o_last
);
  localparam integer B   = W / 8;
  localparam integer NBW = $clog2(B + 1);
  localparam integer LB  = $clog2(B);
  localparam [NBW-1:0] FULL = NBW'(B);

  generate if (W < 64 || W > 2048 || (W & (W - 1)) != 0) begin : g_bad_param
    `PARAM_FATAL("sue_rx_align: W must be a power of two in 64 .. 2048")
  end endgenerate

  // off = q beats + s bytes
  wire [3:0]     q;
  wire [NBW-1:0] s;
  generate if (B >= 64) begin : g_wide
    assign q = 4'd0;
    assign s = {{(NBW-6){1'b0}}, off};
  end else begin : g_narrow
    assign q = {{(4-(6-LB)){1'b0}}, off[5:LB]};
    assign s = {{(NBW-LB){1'b0}}, off[LB-1:0]};
  end endgenerate

  reg  [3:0]     k_q;       // input beat number in the frame (saturates at 15)
  reg  [W-1:0]   hold_q;    // previous input beat

  // {x[s..B), y[0..s)}: bytes of x from s on, then the first s bytes of y
  function [W-1:0] shl(input [W-1:0] x, input [W-1:0] y, input [NBW-1:0] sb);
    shl = (x << (8 * sb)) | (y >> (8 * (FULL - sb)));   // a shift by W gives 0
  endfunction

  wire           s_nz    = s != {NBW{1'b0}};
  wire [4:0]     k5      = {1'b0, k_q};
  wire [4:0]     q5      = {1'b0, q};
  wire           past_q  = k5 >= q5 + 5'd1;      // beat q+1 or later
  wire           at_q    = k5 == q5;
  wire [W-1:0]   comb_hi = shl(hold_q, i_data, s); // realigned beat ending in this one
  wire [W-1:0]   own_hi  = shl(i_data, {W{1'b0}}, s);
  // an input beat that is not last completes a full output beat
  wire           emit_mid = s_nz ? past_q : (past_q || at_q);
  wire [W-1:0]   mid_data = s_nz ? comb_hi : i_data;
  wire           tail_gt  = i_nb > s;                // last beat has bytes past s

  reg            now_v;     // an output beat this cycle from the input beat
  reg  [W-1:0]   now_data;
  reg  [W-1:0]   fin_data;  // the final beat of this frame (with the last input beat)
  reg  [NBW-1:0] fin_nb;

  always @* begin
    now_v    = 1'b0;
    now_data = mid_data;
    fin_data = own_hi;
    fin_nb   = {NBW{1'b0}};
    if (i_valid && !i_last) begin
      now_v = emit_mid;
    end else if (i_valid) begin
      if (s_nz) begin
        if (past_q) begin
          if (tail_gt) begin
            now_v    = 1'b1;
            now_data = comb_hi;
            fin_nb   = i_nb - s;
          end else begin
            fin_data = comb_hi;
            fin_nb   = FULL - s + i_nb;
          end
        end else if (at_q && tail_gt) begin
          fin_nb = i_nb - s;
        end
      end else if (past_q || at_q) begin
        fin_data = i_data;
        fin_nb   = i_nb;
      end
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      k_q    <= 4'd0;
      hold_q <= {W{1'b0}};
    end else if (i_valid) begin
      hold_q <= i_data;
      if (i_last)
        k_q <= 4'd0;
      else if (k_q != 4'hF)
        k_q <= k_q + 4'd1;
    end
  end

  // now beats one cycle after their input beat, the final beat two cycles after the last
  sue_beat_out #(.W(W)) u_out (
    .clk(clk), .rst_n(rst_n),
    .in_valid(i_valid), .in_last(i_last),
    .now_v(now_v), .now_data(now_data), .fin_data(fin_data), .fin_nb(fin_nb),
    .o_valid(o_valid), .o_data(o_data), .o_nb(o_nb), .o_first(o_first), .o_last(o_last));

  `ASSERT_CLK(nbytes_in_range, clk, rst_n, !(i_valid && i_last) || (i_nb != 0 && i_nb <= FULL),
              "sue_rx_align: last beat with 0 or more than W/8 bytes")
endmodule

`resetall
