// Combinational parallel CRC step (MSB first, non-reflected, no init / final XOR):
// crc_out = (crc_in * x^DATA_W + data_in * x^CRC_W) mod POLY. Each output bit is the parity
// of that (CRC_W+DATA_W)-bit vector under a constant mask (bit k of the mask of output o is
// bit o of x^k mod POLY). The masks are computed at elaboration, so synthesis sees only XOR
// trees, and Verilator evaluates a few wide AND/parity word operations per output bit
// (6x faster than a bit-serial loop at DATA_W=1024).
// Model: csrc/ref/common/crc_engine_model.c (crc_comb_model: the combinational step of crc_engine)
`resetall
`default_nettype none
`include "assert.vh"

module crc_comb #(
  parameter integer CRC_W  = 32,
  parameter         POLY   = 32'h04C11DB7,  // untyped: any literal width is accepted
  parameter integer DATA_W = 8
) (
  input  wire [CRC_W-1:0]  crc_in,
  input  wire [DATA_W-1:0] data_in,
  output wire [CRC_W-1:0]  crc_out
);
  generate if (CRC_W < 1 || CRC_W > 32 || DATA_W < 1 || DATA_W > 1024 || (POLY >> CRC_W) != 0)
  begin : g_bad_param
    `PARAM_FATAL("crc_comb: need 1 <= CRC_W <= 32, 1 <= DATA_W <= 1024, POLY < 2**CRC_W")
  end endgenerate

  localparam integer U_W = CRC_W + DATA_W;

  // POLY as exactly CRC_W bits, read by shifting so any literal width lints clean.
  /* verilator coverage_off */ // elaboration-time only
  function [CRC_W-1:0] poly_bits(input integer unused_dummy);
    integer k;
    begin
      poly_bits = {CRC_W{1'b0}};
      for (k = 0; k < CRC_W; k = k + 1)
        poly_bits[k] = ((POLY >> k) & 1) != 0;
    end
  endfunction
  /* verilator coverage_on */
  localparam [CRC_W-1:0] POLY_L = poly_bits(0);
  localparam [CRC_W-1:0] ONE    = 1;

  // Mask of output bit o: r walks x^0, x^1, ... mod POLY and bit k takes bit o of x^k.
  /* verilator coverage_off */ // elaboration-time only
  function [U_W-1:0] row_mask(input integer o);
    integer         k;
    reg [CRC_W-1:0] r;
    begin
      r = ONE;
      for (k = 0; k < U_W; k = k + 1) begin
        row_mask[k] = |(r & (ONE << o));
        r = (r << 1) ^ ({CRC_W{r[CRC_W-1]}} & POLY_L);
      end
    end
  endfunction
  /* verilator coverage_on */

  // crc_in * x^DATA_W + data_in * x^CRC_W as one vector (the ^ is where they overlap).
  wire [U_W-1:0] u = {crc_in, {DATA_W{1'b0}}} ^ {data_in, {CRC_W{1'b0}}};

  genvar go;
  generate
    for (go = 0; go < CRC_W; go = go + 1) begin : g_out
      localparam [U_W-1:0] MASK = row_mask(go);
      assign crc_out[go] = ^(u & MASK);
    end
  endgenerate
endmodule

`resetall
