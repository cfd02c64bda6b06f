// SECDED decoder (docs/noc/apelink.md "Header ECC"): corrects one flipped bit anywhere in the
// data, the check bits or the parity, and flags two (or a syndrome naming no position in use)
// as uncorrectable, leaving the field as received. The corrected field leaves with its ECC
// recomputed. Combinational.
// Model: csrc/lib/common/secded.c (secded_decode; checked through apelink in tb/noc/test_apelink.c)
`resetall
`default_nettype none
`include "assert.vh"

module secded_dec #(
  parameter integer K = 120
) (
  input  wire [K-1:0] data,
  input  wire [7:0]   ecc,
  output reg  [K-1:0] data_c,
  output wire [7:0]   ecc_c,
  output wire         corrected,
  output wire         uncorrectable
);
  `include "secded_params.vh"

  generate if (K < 4 || K > 120) begin : g_bad_param
    `PARAM_FATAL("secded_dec: need K 4..120")
  end endgenerate

  localparam integer R = secded_r(K);
  localparam [959:0] POSV = secded_posv(K);   // data bit j's position at [j*8 +: 8]

  wire [7:0]  ecc_calc;
  wire [R-1:0] s = ecc_calc[R-1:0] ^ ecc[R-1:0];
  wire         q = ^{data, ecc[R-1:0], ecc[7]};
  reg          named;       // s names a data bit
  integer      j;

  secded_enc #(.K(K)) u_calc (.data(data), .ecc(ecc_calc));

  always @* begin
    data_c = data;
    named  = 1'b0;
    for (j = 0; j < K; j = j + 1)
      if (q && 8'(s) == POSV[j*8 +: 8]) begin
        data_c[j] = ~data[j];
        named     = 1'b1;
      end
  end

  // one error: in p (s = 0), a check bit (s a power of two) or a data bit (named)
  wire one_ok = s == {R{1'b0}} || (s & (s - 1'b1)) == {R{1'b0}} || named;
  assign corrected     = q && one_ok;
  assign uncorrectable = (q && !one_ok) || (!q && s != {R{1'b0}});

  secded_enc #(.K(K)) u_out (.data(data_c), .ecc(ecc_c));
  wire unused = ^{ecc_calc, ecc};   // the bits above the check bits carry nothing here
endmodule

`resetall
