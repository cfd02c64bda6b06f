// SUE receive: command-area walk (docs/sue/index.md "Receive checks" #13, the RTL form of
// sue_cmd_unpack in a loop; docs/sue/sue_rx_check.md "Walk").
//
// Input: the command area of a frame (bytes H + 8 .. L - 9) realigned so that area byte 0 is
// the first byte of the first beat: full beats, the last with 0 .. W/8 bytes (sue_rx_trim).
// Packed commands start on multiples of ALIGN, so a descriptor never straddles two beats.
// Every ALIGN-aligned position p of a beat has its own descriptor decoder (constant slices);
// a ripple over the positions follows the chain from the offset of the next descriptor
// (cur_q), so a beat may hold up to W/8/ALIGN commands and the walk keeps the line rate.
// On the frame's last beat the outputs (combinational, valid with i_valid && i_last) say
// whether the area walks (err), how many commands it holds and their packed bytes (the
// offset where the walk stopped: the area end or a clen-0 descriptor, the fill).
// Model: csrc/ref/sue/sue_rx_check_model.c (part of sue_rx_check)
`resetall
`default_nettype none

module sue_rx_walk #(
  parameter integer W     = 256,
  parameter integer ALIGN = 4,
  parameter integer OW    = 16   // offset and count width (wraps only on oversize frames)
) (
  input  wire                       clk,
  input  wire                       rst_n,
  input  wire                       i_valid,
  input  wire [W-1:0]               i_data,
  input  wire [$clog2(W/8+1)-1:0]   i_nb,
  input  wire                       i_first,
  input  wire                       i_last,
  output reg                        err,
  output reg  [OW-1:0]              ncmd,
  output reg  [OW-1:0]              bytes
);
  localparam integer B   = W / 8;
  localparam integer NBW = $clog2(B + 1);
  localparam integer NP  = B / ALIGN;   // descriptor positions per beat

  // packed size of the command a descriptor starts; bad = illegal descriptor
  function [9:0] packed_sz(input [12:0] d);
    reg [9:0] raw;
    begin
      raw = {5'd0, d[12:9], 1'b0} + (d[8] ? ({2'd0, d[7:0]} + 10'd1) : 10'd0);
      packed_sz = (raw + 10'(ALIGN) - 10'd1) & ~(10'(ALIGN) - 10'd1);
    end
  endfunction

  reg  [OW-1:0] cur_q, base_q, n_q;
  reg           done_q, err_q;

  reg  [OW-1:0] cur, base, n, area_end;
  reg           done, er;
  reg  [12:0]   d;         // descriptor bits [12:0] (ctype is opaque)
  reg  [OW-1:0] pos;
  integer       p;

  always @* begin
    cur  = i_first ? {OW{1'b0}} : cur_q;
    base = i_first ? {OW{1'b0}} : base_q;
    n    = i_first ? {OW{1'b0}} : n_q;
    done = i_first ? 1'b0 : done_q;
    er   = i_first ? 1'b0 : err_q;
    d    = 13'd0;
    pos  = base;
    for (p = 0; p < NP; p = p + 1) begin
      d = i_data[W-4-8*ALIGN*p -: 13];
      if (!done && !er && cur == pos &&
          {{(32-NBW){1'b0}}, i_nb} > ALIGN * p) begin
        if ({{(32-NBW){1'b0}}, i_nb} < ALIGN * p + 2)
          er = 1'b1;                                   // one byte left in the area
        else if (d[12:9] == 4'd0)
          done = 1'b1;                                 // the fill ends the list
        else if (d[12:9] > 4'd9 || (!d[8] && d[7:0] != 8'd0))
          er = 1'b1;                                   // illegal descriptor
        else begin
          n   = n + {{(OW-1){1'b0}}, 1'b1};
          cur = cur + {{(OW-10){1'b0}}, packed_sz(d)};
        end
      end
      pos = pos + OW'(ALIGN);
    end
    area_end = base + {{(OW-NBW){1'b0}}, i_nb};
    // the last command runs past the area end
    err   = er || (!done && cur > area_end);
    ncmd  = n;
    bytes = cur;
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cur_q  <= {OW{1'b0}};
      base_q <= {OW{1'b0}};
      n_q    <= {OW{1'b0}};
      done_q <= 1'b0;
      err_q  <= 1'b0;
    end else if (i_valid) begin
      cur_q  <= cur;
      base_q <= area_end;
      n_q    <= n;
      done_q <= done;
      err_q  <= er;
    end
  end

  wire unused_ok = &{1'b0, i_last};
endmodule

`resetall
