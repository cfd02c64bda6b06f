// R-CRC engine of the SUE transmit frame builder: crc_stream of a byte stream with the
// polynomial chosen at run time (castagnoli = 0: CRC-32 IEEE, 1: CRC-32C), both reflected,
// init and xorout all ones (docs/sue/index.md "Frames"). Two crc_stream instances see the same
// words; the output is selected. Interface and timing exactly as crc_stream.
// Model: csrc/lib/common/crc.c (CRC-32 and CRC-32C of the message, byte-wise)
`resetall
`default_nettype none
`include "assert.vh"

module sue_txf_rcrc #(
  parameter integer DATA_W = 256
) (
  input  wire                          clk,
  input  wire                          rst_n,
  input  wire                          castagnoli,
  input  wire                          start,
  input  wire                          valid,
  input  wire [DATA_W-1:0]             data,
  input  wire [$clog2(DATA_W/8+1)-1:0] nbytes,
  output wire [31:0]                   crc,
  output wire [31:0]                   crc_reg
);
  generate if (DATA_W < 8 || DATA_W > 2048 || DATA_W % 8 != 0) begin : g_bad_param
    `PARAM_FATAL("sue_txf_rcrc: need DATA_W a multiple of 8 in 8..2048")
  end endgenerate

  wire [31:0] crc_i, reg_i, crc_c, reg_c;

  crc_stream #(.CRC_W(32), .POLY(32'h04C11DB7), .INIT(32'hFFFFFFFF), .REFIN(1), .REFOUT(1),
               .XOROUT(32'hFFFFFFFF), .DATA_W(DATA_W)) u_ieee (
    .clk(clk), .rst_n(rst_n), .start(start), .valid(valid), .data(data), .nbytes(nbytes),
    .crc(crc_i), .crc_reg(reg_i)
  );
  crc_stream #(.CRC_W(32), .POLY(32'h1EDC6F41), .INIT(32'hFFFFFFFF), .REFIN(1), .REFOUT(1),
               .XOROUT(32'hFFFFFFFF), .DATA_W(DATA_W)) u_castagnoli (
    .clk(clk), .rst_n(rst_n), .start(start), .valid(valid), .data(data), .nbytes(nbytes),
    .crc(crc_c), .crc_reg(reg_c)
  );

  assign crc     = castagnoli ? crc_c : crc_i;
  assign crc_reg = castagnoli ? reg_c : reg_i;
endmodule

`resetall
