// SUE receive: the output stage shared by sue_rx_align and sue_rx_trim (docs/sue/sue_rx_check.md
// "Datapath"). Each cycle the parent offers at most one "now" beat (a full beat, W/8 bytes,
// not the frame's last) and, with the frame's input last beat (in_valid && in_last), its
// final beat (0 .. W/8 bytes). A now beat goes to o_* at the next edge; the final beat waits
// one cycle in fin_* and goes out at the edge after, with o_last. o_first marks the frame's
// first output beat. The parent guarantees that a now beat never meets a waiting final beat
// (asserted); if it did, the now beat would win and the final beat be lost.
// Model: csrc/ref/sue/sue_rx_check_model.c (the output stage of sue_rx_align and sue_rx_trim)
`resetall
`default_nettype none
`include "assert.vh"

module sue_beat_out #(
  parameter integer W = 256
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire                       in_valid,  // an input beat is taken
  input  wire                       in_last,   // ... and it is the frame's last
  input  wire                       now_v,     // a full beat to send now (not the last)
  input  wire [W-1:0]               now_data,
  input  wire [W-1:0]               fin_data,  // the final beat (read with in_valid && in_last)
  input  wire [$clog2(W/8+1)-1:0]   fin_nb,
  output reg                        o_valid,
  output reg  [W-1:0]               o_data,
  output reg  [$clog2(W/8+1)-1:0]   o_nb,
  output reg                        o_first,
  output reg                        o_last
);
  localparam integer B   = W / 8;
  localparam integer NBW = $clog2(B + 1);
  localparam [NBW-1:0] FULL = NBW'(B);

  generate if (W < 8 || W % 8 != 0) begin : g_bad_param
    `PARAM_FATAL("sue_beat_out: W must be a multiple of 8")
  end endgenerate

  reg            emitted_q;   // an output beat of this frame went out (or is going now)
  reg            fin_v_q;
  reg  [W-1:0]   fin_data_q;
  reg  [NBW-1:0] fin_nb_q;
  reg            fin_first_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      emitted_q   <= 1'b0;
      fin_v_q     <= 1'b0;
      fin_data_q  <= {W{1'b0}};
      fin_nb_q    <= {NBW{1'b0}};
      fin_first_q <= 1'b0;
      o_valid     <= 1'b0;
      o_data      <= {W{1'b0}};
      o_nb        <= {NBW{1'b0}};
      o_first     <= 1'b0;
      o_last      <= 1'b0;
    end else begin
      o_valid <= 1'b0;
      if (fin_v_q) begin
        o_valid <= 1'b1;
        o_data  <= fin_data_q;
        o_nb    <= fin_nb_q;
        o_first <= fin_first_q;
        o_last  <= 1'b1;
        fin_v_q <= 1'b0;
      end
      if (now_v) begin
        o_valid <= 1'b1;
        o_data  <= now_data;
        o_nb    <= FULL;
        o_first <= !emitted_q;
        o_last  <= 1'b0;
      end
      if (in_valid) begin
        if (in_last) begin
          emitted_q   <= 1'b0;
          fin_v_q     <= 1'b1;
          fin_data_q  <= fin_data;
          fin_nb_q    <= fin_nb;
          fin_first_q <= !(emitted_q || now_v);
        end else if (now_v) begin
          emitted_q   <= 1'b1;
        end
      end
    end
  end

  `ASSERT_CLK(fin_early_exclusive, clk, rst_n, !(fin_v_q && now_v), "final beat meets an early beat")
endmodule

`resetall
