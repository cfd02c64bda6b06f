// SECDED encoder of a K-bit field (docs/noc/apelink.md "Header ECC"): an extended Hamming code,
// data bit j at the (j+1)-th Hamming position that is not a power of two, R check bits and an
// overall parity bit. ecc = {p, zeros, c[R-1:0]} in 8 bits, so K is at most 120. Combinational.
// Model: csrc/lib/common/secded.c (secded_encode; checked through apelink in tb/noc/test_apelink.c)
`resetall
`default_nettype none
`include "assert.vh"

module secded_enc #(
  parameter integer K = 120
) (
  input  wire [K-1:0] data,
  output wire [7:0]   ecc
);
  `include "secded_params.vh"

  generate if (K < 4 || K > 120) begin : g_bad_param
    `PARAM_FATAL("secded_enc: need K 4..120")
  end endgenerate

  localparam integer R = secded_r(K);

  localparam [839:0] MASKS = secded_masks(K);

  reg [R-1:0] c;
  integer     i;
  always @* begin
    for (i = 0; i < R; i = i + 1)
      c[i] = ^(data & MASKS[i*120 +: K]);
  end
  assign ecc = {^{data, c}, {(7 - R){1'b0}}, c};
endmodule

`resetall
