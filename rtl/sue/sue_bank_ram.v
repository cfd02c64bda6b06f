// Banked byte RAM with rotation (docs/sue/sue_rx_deliver.md "Storage", docs/sue/sue_tx_front.md
// "Storage"; used by sue_pack_buf, a region per queue, and sue_rx_deliver, a region per VC):
// NREG regions, each a ring of QR * PW bytes.
// Byte o of region g is bank o mod PW, row g * QR + o / PW. Any PW consecutive bytes of a
// region (cyclically) sit in PW distinct banks, so one write image and one read window of PW
// bytes at any byte offset take one cycle each: a rotation by (offset mod PW) lines the lanes
// up with the banks on both sides, and a bank whose index is below the rotation takes the
// next row (the borrow of bank - rot), wrapping at the end of the region.
//
// Write: lane i of w_data ([PW*8-1-8i -: 8]) goes to region byte w_off + i when w_mask[i] and
// w_en. Read: r_en at a cycle reads the PW bytes from r_off; the next cycle r_data lane i is
// region byte r_off + i (one registered read per bank; r_data holds until the next r_en). A
// read and a write of the same byte at one edge read the old byte. No reset on the memory.
// Model: none (banked storage of sue_pack_buf and sue_rx_deliver, checked through them against the bytes of their models)
`resetall
`default_nettype none
`include "assert.vh"

module sue_bank_ram #(
  parameter integer PW   = 64,      // bytes per window (banks), power of two >= 2
  parameter integer NREG = 1,       // regions
  parameter integer QR   = 2,       // rows per region (region = QR * PW bytes)
  // derived (not to be overridden)
  localparam integer PWW = $clog2(PW),
  localparam integer RQW = $clog2(QR),
  localparam integer OW  = RQW + PWW,               // byte offset within a region
  localparam integer GW  = idx_w(NREG)
) (
  input  wire            clk,
  input  wire            w_en,
  input  wire [GW-1:0]   w_reg,
  input  wire [OW-1:0]   w_off,     // < QR * PW
  input  wire [PW*8-1:0] w_data,
  input  wire [PW-1:0]   w_mask,
  input  wire            r_en,
  input  wire [GW-1:0]   r_reg,
  input  wire [OW-1:0]   r_off,     // < QR * PW
  output reg  [PW*8-1:0] r_data
);
  `include "common_params.vh"

  generate if (PW < 2 || (1 << PWW) != PW) begin : g_bad_param
    `PARAM_FATAL("sue_bank_ram: PW must be a power of two >= 2")
  end else if (NREG < 1 || QR < 2) begin : g_bad_param
    `PARAM_FATAL("sue_bank_ram: need NREG >= 1 and QR >= 2")
  end endgenerate

  localparam integer ROWS = NREG * QR;
  localparam integer RW   = $clog2(ROWS);

  wire [RQW-1:0] w_row0 = w_off[OW-1:PWW];
  wire [PWW-1:0] w_rot  = w_off[PWW-1:0];
  wire [RQW-1:0] r_row0 = r_off[OW-1:PWW];
  wire [PWW-1:0] r_rot  = r_off[PWW-1:0];

  // write image rotated to the banks: bank j takes image lane (j - rot) mod PW
  reg [PW*8-1:0] w_bytes;
  reg [PW-1:0]   w_bank_en;
  reg [PWW-1:0]  wi;
  integer jw;
  always @* begin
    for (jw = 0; jw < PW; jw = jw + 1) begin
      wi = jw[PWW-1:0] - w_rot;
      w_bytes[8*jw +: 8] = w_data[8*(PW-1-{{(32-PWW){1'b0}}, wi}) +: 8];
      w_bank_en[jw] = w_en && w_mask[wi];
    end
  end

  reg [PWW-1:0] r1_rot;
  always @(posedge clk)
    if (r_en) r1_rot <= r_rot;

  wire [PW*8-1:0] r_bank;   // bank j's byte at [8j +: 8]
  genvar gb;
  generate for (gb = 0; gb < PW; gb = gb + 1) begin : g_bank
    reg [7:0] mem [0:ROWS-1];
    reg [7:0] rdata_q;
    // bank gb holds region offset row * PW + gb: a window at offset o (row r0, rot) puts it
    // in row r0 + 1 when gb < rot (the borrow of gb - rot)
    wire [PWW:0]   wd = {1'b0, gb[PWW-1:0]} - {1'b0, w_rot};
    wire [RQW:0]   wr_r = {1'b0, w_row0} + {{RQW{1'b0}}, wd[PWW]};
    wire [RQW-1:0] wrq = (wr_r >= (RQW + 1)'(QR)) ? wr_r[RQW-1:0] - RQW'(QR) : wr_r[RQW-1:0];
    wire [RW-1:0]  wa = w_reg * RW'(QR) + {{(RW-RQW){1'b0}}, wrq};
    wire [PWW:0]   rd = {1'b0, gb[PWW-1:0]} - {1'b0, r_rot};
    wire [RQW:0]   rr_r = {1'b0, r_row0} + {{RQW{1'b0}}, rd[PWW]};
    wire [RQW-1:0] rrq = (rr_r >= (RQW + 1)'(QR)) ? rr_r[RQW-1:0] - RQW'(QR) : rr_r[RQW-1:0];
    wire [RW-1:0]  ra = r_reg * RW'(QR) + {{(RW-RQW){1'b0}}, rrq};
    always @(posedge clk) begin
      if (w_bank_en[gb])
        mem[wa] <= w_bytes[8*gb +: 8];
      if (r_en)
        rdata_q <= mem[ra];
    end
    assign r_bank[8*gb +: 8] = rdata_q;
    wire unused_low = ^{wd[PWW-1:0], rd[PWW-1:0]};
  end endgenerate

  // rotate: lane i = bank (rot + i) mod PW
  reg [PWW-1:0] bi;
  integer ii;
  always @* begin
    for (ii = 0; ii < PW; ii = ii + 1) begin
      bi = r1_rot + ii[PWW-1:0];
      r_data[PW*8-1-8*ii -: 8] = r_bank[8*bi +: 8];
    end
  end
endmodule

`resetall
