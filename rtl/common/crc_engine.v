// Registered CRC in the Rocksoft model. The register is kept non-reflected: REFIN reflects
// each input byte before the MSB-first step, REFOUT reflects the register on the way out
// (all but the step in crc_rocksoft, shared with crc_stream).
`resetall
`default_nettype none
`include "assert.vh"

module crc_engine #(
  parameter integer CRC_W  = 32,
  parameter         POLY   = 32'h04C11DB7,  // untyped: any literal width is accepted
  parameter         INIT   = 32'hFFFFFFFF,
  parameter integer REFIN  = 1,
  parameter integer REFOUT = 1,
  parameter         XOROUT = 32'hFFFFFFFF,
  parameter integer DATA_W = 64
) (
  input  wire              clk,
  input  wire              rst_n,
  input  wire              start,
  input  wire              valid,
  input  wire [DATA_W-1:0] data,
  output wire [CRC_W-1:0]  crc,
  output wire [CRC_W-1:0]  crc_reg
);
  // parameter checks, REFIN, the register, REFOUT and XOROUT: crc_rocksoft (shared with
  // crc_stream); the step here is one crc_comb over the whole word
  wire [CRC_W-1:0]  crc_q;
  wire [DATA_W-1:0] data_m;    // data in shift order (bytes bit-reversed if REFIN)
  wire [CRC_W-1:0]  base;      // start ? INIT : crc_q
  wire [CRC_W-1:0]  stepped;
  wire [CRC_W-1:0]  cur;       // valid ? stepped : base

  crc_rocksoft #(.CRC_W(CRC_W), .INIT(INIT), .REFIN(REFIN), .REFOUT(REFOUT), .XOROUT(XOROUT),
                 .DATA_W(DATA_W)) u_rs (
    .clk(clk), .rst_n(rst_n), .start(start), .valid(valid), .data(data),
    .data_m(data_m), .base(base), .stepped(stepped), .cur(cur), .crc_q(crc_q),
    .crc(crc), .crc_reg(crc_reg));
  wire unused_state = ^{crc_q, cur};  // named here for the waves (tb/common/waves.txt)

  crc_comb #(.CRC_W(CRC_W), .POLY(POLY), .DATA_W(DATA_W)) u_step (
    .crc_in (base),
    .data_in(data_m),
    .crc_out(stepped)
  );
endmodule

`resetall
