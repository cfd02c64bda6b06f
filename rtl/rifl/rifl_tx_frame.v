// RIFL TX frame pipeline (docs/rifl/rifl_frame.md): scramble the body (1 + x^13 + x^33, MSB first,
// state advancing only on in_valid), then append the verification code computed over the
// scrambled frame, and register the result. One cycle of latency.
// Model: csrc/ref/rifl/rifl_frame.c (rifl_tx_frame_model)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_tx_frame #(
  parameter integer FW   = 256,
  parameter integer FIDW = 8
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            in_valid,
  input  wire [1:0]      in_syn,
  input  wire [FW-15:0]  in_body,
  input  wire [FIDW-1:0] in_fid,
  output wire            out_valid,
  output wire [FW-1:0]   out_frame
);
  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) || FIDW < 1 || FIDW > 12)
  begin : g_bad_param
    `PARAM_FATAL("rifl_tx_frame: need FW in {128, 256, 512, 1024} and 1 <= FIDW <= 12")
  end endgenerate

  wire [FW-15:0] body_scr;
  wire [11:0]    vcode;

  scrambler #(
    .W         (FW - 14),
    .LEN       (33),
    .MSB_FIRST (1),
    .SEED      (0)
  ) u_scr (
    .clk   (clk),
    .rst_n (rst_n),
    .valid (in_valid),
    .in    (in_body),
    .out   (body_scr)
  );

  rifl_vcode #(
    .FW   (FW),
    .FIDW (FIDW)
  ) u_vcode (
    .frame ({in_syn, body_scr, 12'd0}),
    .fid   (in_fid),
    .vcode (vcode)
  );

  reg          valid_q;
  reg [FW-1:0] frame_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      valid_q <= 1'b0;
      frame_q <= {FW{1'b0}};
    end else begin
      valid_q <= in_valid;
      if (in_valid)
        frame_q <= {in_syn, body_scr, vcode};
    end
  end

  assign out_valid = valid_q;
  assign out_frame = frame_q;
endmodule

`resetall
