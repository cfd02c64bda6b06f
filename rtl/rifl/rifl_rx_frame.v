// RIFL RX frame pipeline (docs/rifl/rifl_frame.md): check the verification code of the received
// (scrambled) frame, descramble the body (state advancing only on in_valid) and register
// everything. out_code = CRC12(in_frame, [11:0] = 0) ^ in_frame[11:0]: the frame ID when the
// frame is intact. One cycle of latency; outputs hold while out_valid is 0.
// Model: csrc/ref/rifl/rifl_frame.c (rifl_rx_frame_model)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_rx_frame #(
  parameter integer FW = 256
) (
  input  wire           clk,
  input  wire           rst_n,
  input  wire           in_valid,
  input  wire [FW-1:0]  in_frame,
  output wire           out_valid,
  output wire [1:0]     out_syn,
  output wire [FW-15:0] out_body,
  output wire [11:0]    out_code
);
  generate if (FW != 128 && FW != 256 && FW != 512 && FW != 1024) begin : g_bad_param
    `PARAM_FATAL("rifl_rx_frame: need FW in {128, 256, 512, 1024}")
  end endgenerate

  wire [11:0]    crc;
  wire [FW-15:0] body_dsc;

  // fid = 0: the code is the CRC alone.
  rifl_vcode #(
    .FW   (FW),
    .FIDW (1)
  ) u_vcode (
    .frame (in_frame),
    .fid   (1'b0),
    .vcode (crc)
  );

  descrambler #(
    .W         (FW - 14),
    .LEN       (33),
    .MSB_FIRST (1),
    .SEED      (0)
  ) u_dsc (
    .clk   (clk),
    .rst_n (rst_n),
    .valid (in_valid),
    .in    (in_frame[FW-3:12]),
    .out   (body_dsc)
  );

  reg           valid_q;
  reg [1:0]     syn_q;
  reg [FW-15:0] body_q;
  reg [11:0]    code_q;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      valid_q <= 1'b0;
      syn_q   <= 2'b00;
      body_q  <= {(FW-14){1'b0}};
      code_q  <= 12'd0;
    end else begin
      valid_q <= in_valid;
      if (in_valid) begin
        syn_q  <= in_frame[FW-1:FW-2];
        body_q <= body_dsc;
        code_q <= crc ^ in_frame[11:0];
      end
    end
  end

  assign out_valid = valid_q;
  assign out_syn   = syn_q;
  assign out_body  = body_q;
  assign out_code  = code_q;
endmodule

`resetall
