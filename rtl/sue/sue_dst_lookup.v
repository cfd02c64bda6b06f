// Destination lookup (docs/sue/index.md "Register map", after the table): the slot of an XPU id,
// the first valid entry of the destination table with that id. The table maps ids to slots
// both ways, so the transmit side (sue_ingress: a command's tx_xpuid) and the receive side
// (sue_rx_hdr: a received RH xpuid) use this one lookup (the model's sue_cfg_find_dst).
// Combinational.
// Model: csrc/ref/sue/sue_cfg.c (sue_cfg_find_dst, the lookup both sides of the model use)
`resetall
`default_nettype none

module sue_dst_lookup #(
  parameter integer NDST = 64
) (
  input  wire [NDST-1:0]    dst_valid,
  input  wire [10*NDST-1:0] dst_xpuid,   // id of entry d at [10d +: 10]
  input  wire [9:0]         xpuid,
  output reg                hit,
  output reg  [idx_w(NDST)-1:0] slot     // 0 without a hit
);
  `include "common_params.vh"

  localparam integer SW = idx_w(NDST);

  integer d;
  always @* begin
    hit  = 1'b0;
    slot = {SW{1'b0}};
    for (d = NDST - 1; d >= 0; d = d - 1)
      if (dst_valid[d] && dst_xpuid[10*d +: 10] == xpuid) begin
        hit  = 1'b1;
        slot = d[SW-1:0];
      end
  end
endmodule

`resetall
