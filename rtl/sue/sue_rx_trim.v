// SUE receive: drops the last K bytes of every frame of a beat stream (docs/sue/sue_rx_check.md
// "Datapath"). Input as sue_rx_align's output: full beats, then a last beat of 0 .. W/8
// bytes, o_first/o_last framing. One beat is held back until the next one shows whether it
// holds trailing bytes. Every frame gives exactly one output beat with o_last (0 .. W/8
// bytes), two cycles after its input last beat; earlier beats one cycle after the input
// beat that follows them. K <= W/8, so a full beat after a held one proves the held one
// keeps all its bytes.
// Model: csrc/ref/sue/sue_rx_check_model.c (part of sue_rx_check)
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_trim #(
  parameter integer W = 256,
  parameter integer K = 4
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire                       i_valid,
  input  wire [W-1:0]               i_data,
  input  wire [$clog2(W/8+1)-1:0]   i_nb,
  input  wire                       i_first,
  input  wire                       i_last,
  output wire                       o_valid,
  output wire [W-1:0]               o_data,
  output wire [$clog2(W/8+1)-1:0]   o_nb,
  output wire                       o_first,
  output wire                       o_last
);
  localparam integer B   = W / 8;
  localparam integer NBW = $clog2(B + 1);
  localparam [NBW-1:0] FULL = NBW'(B);
  localparam [NBW-1:0] KB   = NBW'(K);

  generate if (W < 64 || W > 2048 || (W & (W - 1)) != 0 || K < 1 || K > W / 8)
  begin : g_bad_param
    `PARAM_FATAL("sue_rx_trim: W a power of two in 64 .. 2048, 1 <= K <= W/8")
  end endgenerate

  reg            hv_q;      // hold_q holds an earlier beat of this frame
  reg  [W-1:0]   hold_q;

  wire           ge_k     = i_nb >= KB;
  wire           now_v    = i_valid && hv_q && (!i_last || ge_k);
  reg  [W-1:0]   fin_data;
  reg  [NBW-1:0] fin_nb;

  // the final beat (read with the last input beat): the last beat less K bytes, or, when it
  // holds fewer than K, the held beat less the rest
  always @* begin
    fin_data = i_data;
    fin_nb   = {NBW{1'b0}};
    if (ge_k) begin
      fin_nb = i_nb - KB;
    end else if (hv_q) begin
      fin_data = hold_q;
      fin_nb   = FULL - (KB - i_nb);
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      hv_q   <= 1'b0;
      hold_q <= {W{1'b0}};
    end else if (i_valid) begin
      if (i_last) begin
        hv_q   <= 1'b0;
      end else begin
        hv_q   <= 1'b1;
        hold_q <= i_data;
      end
    end
  end

  // the held beat goes out (now_v) one cycle after the input beat that follows it; the
  // final beat two cycles after the last (o_first: no earlier beat of the frame went out,
  // the one going out now included)
  sue_beat_out #(.W(W)) u_out (
    .clk(clk), .rst_n(rst_n),
    .in_valid(i_valid), .in_last(i_last),
    .now_v(now_v), .now_data(hold_q), .fin_data(fin_data), .fin_nb(fin_nb),
    .o_valid(o_valid), .o_data(o_data), .o_nb(o_nb), .o_first(o_first), .o_last(o_last));

  `ASSERT_CLK(start_not_holding, clk, rst_n, !(i_valid && i_first) || !hv_q,
              "sue_rx_trim: frame start while holding")
  `ASSERT_CLK(full_until_last, clk, rst_n, !(i_valid && !i_last) || i_nb == FULL,
              "sue_rx_trim: short beat before last")
endmodule

`resetall
