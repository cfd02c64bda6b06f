// RIFL RX verification (the seed's Listing 1, docs/rifl/rifl_rx_verify.md). A frame is intact when
// its code (CRC12 ^ verification code, from rifl_rx_frame) equals the local frame ID counter
// fid. An intact data frame advances fid; it is delivered only when fid equals the
// threshold thr, which then advances too: after any failure fid rolls back to thr - 16, so
// the 16 frames before the first undelivered one must verify again in sequence before
// anything more is delivered. The start state is Listing 1's: fid = 0, thr = 16 (the
// peer's first replay, of the fillers its INIT wrote, gives IDs 0 .. 15 before anything is
// delivered). A failure raises frame_err; a delivery clears it, and - beyond Listing 1, on
// the receive side only - so does an intact control frame carrying the ID the receiver waits
// for (caught up). Without that, a receiver whose error hit a frame it needs no copy of
// (a control frame) stays in error with nothing left to deliver, keeps requesting, and the
// peer's next replay starts with its oldest entry, whose ID is exactly the threshold: it and
// the whole buffer behind it would be delivered a second time (docs/rifl/rifl_rx_verify.md
// "Hazard").
// Delivery means: user data (meta != 00) is pushed to the flow-control buffer; a meta-00
// frame is a flow-control frame (its code byte acted on here) or a filler. A frame that
// would be delivered while the buffer is full is treated as a failure, so an undersized
// buffer costs a retransmission, never data.
// While en is low (rifl_tx_ctrl with RESTART 1, restarting) the state is held at the start.
// ev_overflow pulses for every deliverable frame refused by a full buffer, replays
// included: it measures refusals, ev_fail measures error events.
// Model: csrc/ref/rifl/rifl_lane_core_model.c (part of rifl_lane_core)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_rx_verify #(
  parameter integer FW   = 256,
  parameter integer FIDW = 8
) (
  input  wire           clk,
  input  wire           rst_n,
  input  wire           en,
  input  wire           in_valid,    // an aligned frame from rifl_rx_frame (never held back)
  input  wire [1:0]     in_syn,
  input  wire [FW-15:0] in_body,     // descrambled: {meta, payload}
  input  wire [11:0]    in_code,
  input  wire           buf_ready,   // the flow-control buffer has room for one frame
  output wire           out_valid,   // push one frame of user data
  output wire [1:0]     out_meta,
  output wire [FW-17:0] out_data,
  output wire           frame_err,   // flag: a failure since the last delivery
  output wire           fc_on,       // pulse: the peer asks us to stop sending data
  output wire           fc_off,      // pulse: ... to resume
  output wire           ev_fail,     // pulse: a failure while not in error (an error event;
                                     // the replay that follows fails many frames on purpose)
  output wire           ev_overflow  // pulse: a deliverable frame met a full buffer
);
  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) || FIDW < 5 || FIDW > 12)
  begin : g_bad_param
    `PARAM_FATAL("rifl_rx_verify: need FW in {128, 256, 512, 1024} and 5 <= FIDW <= 12")
  end endgenerate

  localparam [FIDW-1:0] SIXTEEN = 16;

  reg [FIDW-1:0] fid_q, thr_q;
  reg            err_q;
  reg            push_q;
  reg [FW-15:0]  body_q;
  reg            fc_on_q, fc_off_q, fail_q, ovf_q;

  wire [1:0] meta    = in_body[FW-15:FW-16];
  wire [7:0] fc_code = in_body[7:0];
  wire       intact  = in_code == {{(12 - FIDW){1'b0}}, fid_q};
  wire       is_data = in_syn == 2'b01;
  wire       at_thr  = fid_q == thr_q;
  wire       user    = meta != 2'b00;
  // What this frame does (only with en && in_valid).
  wire       deliver  = intact && is_data && at_thr && (!user || buf_ready);
  wire       overflow = intact && is_data && at_thr && user && !buf_ready;
  wire       fail     = !intact || overflow;

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      fid_q    <= {FIDW{1'b0}};
      thr_q    <= SIXTEEN;
      err_q    <= 1'b0;
      push_q   <= 1'b0;
      body_q   <= {(FW - 14){1'b0}};
      fc_on_q  <= 1'b0;
      fc_off_q <= 1'b0;
      fail_q   <= 1'b0;
      ovf_q    <= 1'b0;
    end else begin
      push_q   <= 1'b0;
      fc_on_q  <= 1'b0;
      fc_off_q <= 1'b0;
      fail_q   <= 1'b0;
      ovf_q    <= 1'b0;
      if (!en) begin
        fid_q <= {FIDW{1'b0}};
        thr_q <= SIXTEEN;
        err_q <= 1'b0;
      end else if (in_valid) begin
        if (fail) begin
          fid_q  <= thr_q - SIXTEEN;
          err_q  <= 1'b1;
          fail_q <= !err_q;
          ovf_q  <= overflow;
        end else if (!is_data) begin
          // An intact control frame names the next data frame: if that is the one we wait
          // for, nothing is missing any more (after an error in a frame that needed no
          // delivery, no delivery would ever come to clear the flag).
          if (at_thr) err_q <= 1'b0;
        end else begin
          fid_q <= fid_q + 1'b1;
          if (deliver) begin
            thr_q    <= thr_q + 1'b1;
            err_q    <= 1'b0;
            push_q   <= user;
            fc_on_q  <= !user && fc_code == 8'h01;
            fc_off_q <= !user && fc_code == 8'h02;
          end
        end
        if (deliver && user)
          body_q <= in_body;
      end
    end
  end

  assign out_valid   = push_q;
  assign out_meta    = body_q[FW-15:FW-16];
  assign out_data    = body_q[FW-17:0];
  assign frame_err   = err_q;
  assign fc_on       = fc_on_q;
  assign fc_off      = fc_off_q;
  assign ev_fail     = fail_q;
  assign ev_overflow = ovf_q;
endmodule

`resetall
