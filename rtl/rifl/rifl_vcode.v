// RIFL verification code (docs/rifl/rifl_frame.md): vcode = CRC12(frame with bits [11:0] = 0) ^
// fid. CRC-12 polynomial 0x02F, initial value 0, no reflection, no final XOR, MSB first over all
// FW bits. Combinational.
// Model: csrc/ref/rifl/rifl_frame.c (rifl_vcode: the verification code)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_vcode #(
  parameter integer FW   = 256,
  parameter integer FIDW = 8
) (
  input  wire [FW-1:0]   frame,   // bits [11:0] ignored
  input  wire [FIDW-1:0] fid,
  output wire [11:0]     vcode
);
  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) || FIDW < 1 || FIDW > 12)
  begin : g_bad_param
    `PARAM_FATAL("rifl_vcode: need FW in {128, 256, 512, 1024} and 1 <= FIDW <= 12")
  end endgenerate

  wire [11:0] crc;
  wire [11:0] unused_code = frame[11:0];   // the lint default --unused-regexp exempts *unused*

  crc_comb #(
    .CRC_W  (12),
    .POLY   (12'h02F),
    .DATA_W (FW)
  ) u_crc (
    .crc_in  (12'd0),
    .data_in ({frame[FW-1:12], 12'd0}),
    .crc_out (crc)
  );

  assign vcode = crc ^ {{(12-FIDW){1'b0}}, fid};
endmodule

`resetall
