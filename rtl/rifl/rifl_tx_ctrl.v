// RIFL TX controller (the seed's Section 4.A and 4.C, docs/rifl/rifl_tx_ctrl.md "TX controller").
// Picks the frame of every frame slot (one slot each FW/64 cycles, the transceiver's pace) from
// six states:
//   INIT         fill the retransmission buffer with fillers for IDs 0 .. 2^FIDW-1 (one a
//                cycle); send PAUSE.
//   SEND_PAUSE   send PAUSE: the receiver is out of sync (or, RESTART 1, the restart handshake).
//   PAUSE        send IDLE: the peer asks us to pause.
//   RETRANS      the replay procedure as published: 2.5 x 2^FIDW slots; even slots of the
//                first 2 x 2^FIDW replay every buffer entry, oldest first; the others send
//                IDLE, or RETRANS while the local receiver is in error; repeated while the
//                peer keeps asking.
//   SEND_RETRANS send RETRANS while the local receiver is in error.
//   NORMAL       send a data frame: flow-control frame, else user data (unless the peer
//                asked us to stop), else a filler; each one is stored for replay.
// RESTART 0 (default, the published procedure): at every slot outside INIT and outside a
// replay, the priority of the paper's Figure 4: out of sync -> SEND_PAUSE, the peer's PAUSE
// -> PAUSE, the peer's RETRANS -> RETRANS, local error -> SEND_RETRANS, else NORMAL. A
// replay interrupted by the first two is resumed where it stopped; the first exit from the
// pause states after INIT replays INIT's fillers, which the peer's receiver needs to leave
// Listing 1's start state. Nothing is forgotten: INIT only after reset or force_restart.
// RESTART 1 (an extension a published peer does not follow): a link that was up restarts in
// INIT when its receiver loses alignment or the peer asks to pause (the peer only pauses
// after a restart of its own), with a PAUSE handshake (16 PAUSE sent, the peer's seen,
// PAUSE_TIMEOUT) before the replay of the fillers. A restart drops the frames in flight:
// the rest of a user packet cut by it is discarded from the input (counted by ev_flush),
// unless CUT_FLUSH is 0 (rifl_bond: its lanes see every LANES-th frame only, so the bond
// flushes packets itself).
// Model: csrc/ref/rifl/rifl_lane_core_model.c (part of rifl_lane_core)
`resetall
`default_nettype none
`include "assert.vh"

module rifl_tx_ctrl #(
  parameter integer FW            = 256,
  parameter integer FIDW          = 8,
  parameter integer RESTART       = 0,
  parameter integer PAUSE_TIMEOUT = 64,
  parameter integer CUT_FLUSH     = 1
) (
  input  wire            clk,
  input  wire            rst_n,
  // user data frames (valid/ready; see u_stable below for when the rule is asserted)
  input  wire            u_valid,
  output wire            u_ready,
  input  wire [1:0]      u_meta,
  input  wire [FW-17:0]  u_data,
  // from the receiver
  input  wire            rx_aligned,
  input  wire            pause_req,      // the peer asks us to pause
  input  wire            retrans_req,    // the peer asks for a replay
  input  wire            frame_err,      // the local receiver is in error
  input  wire            rx_frame,       // pulse: an aligned frame arrived ...
  input  wire            rx_is_pause,    // ... and it is a PAUSE request
  input  wire            fc_on_rx,       // pulse: the peer asks us to stop sending data
  input  wire            fc_off_rx,      // pulse: ... to resume
  input  wire            fc_high,        // local flow-control buffer at or above Thr_ON
  input  wire            fc_low,         // ... at or below Thr_OFF
  input  wire            force_restart, // level: hold until state reads INIT (acted on at a slot)
  // frames out, to rifl_tx_frame: one pulse per slot
  output wire            f_valid,
  output wire [1:0]      f_syn,
  output wire [FW-15:0]  f_body,
  output wire [FIDW-1:0] f_fid,
  // status
  output wire [2:0]      state,
  output wire            link_up,
  output wire            rx_enable,      // the RX verification may run (else: start state)
  output wire            restart,        // pulse: entering INIT from a running link
  output wire            fc_local,       // we told the peer to stop
  output wire            fc_remote,      // the peer told us to stop
  output wire            ev_retrans,     // pulse: a replay procedure starts
  output wire            ev_flush        // pulse: a user frame discarded after a restart
);
  generate if ((FW != 128 && FW != 256 && FW != 512 && FW != 1024) || FIDW < 5 || FIDW > 12 ||
               PAUSE_TIMEOUT < 32 || PAUSE_TIMEOUT > 65535 || (CUT_FLUSH != 0 && CUT_FLUSH != 1) ||
               (RESTART != 0 && RESTART != 1))
  begin : g_bad_param
    // PAUSE_TIMEOUT (used with RESTART 1 only) must outlast the peer's 16-frame SEND_PAUSE
    // dwell plus a round trip, or both ends could keep sending each other back to SEND_PAUSE.
    `PARAM_FATAL("rifl_tx_ctrl: need FW in {128, 256, 512, 1024}, 5 <= FIDW <= 12, 32 <= PAUSE_TIMEOUT <= 65535, CUT_FLUSH and RESTART 0 or 1")
  end endgenerate

  localparam [2:0] S_INIT = 3'd0, S_SEND_PAUSE = 3'd1, S_PAUSE = 3'd2, S_RETRANS = 3'd3,
                   S_SEND_RETRANS = 3'd4, S_NORMAL = 3'd5;
  localparam [15:0] KEY_IDLE = 16'h0001, KEY_PAUSE = 16'h0010, KEY_RETRANS = 16'h1000;
  localparam integer NW  = FW / 64;            // cycles per frame slot
  localparam integer SW  = $clog2(NW);         // slot phase counter width (NW >= 2)
  localparam integer BW  = FW - 14;            // body width
  localparam integer RSW = FIDW + 2;           // replay slot counter: 0 .. 2.5 x 2^FIDW - 1
  localparam [RSW-1:0] R_LAST = RSW'((5 << FIDW) / 2 - 1);
  localparam [RSW-1:0] R_DATA = RSW'(2 << FIDW);   // slots below this interleave replayed data
  localparam [SW-1:0]  SLOT_LAST = SW'(NW - 1);
  localparam [15:0]    PT     = 16'(PAUSE_TIMEOUT);

  // ---- frame slots
  reg [SW-1:0] ph_q;
  wire slot = ph_q == SLOT_LAST;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) ph_q <= {SW{1'b0}};
    else        ph_q <= slot ? {SW{1'b0}} : ph_q + 1'b1;

  // ---- state
  reg [2:0]      st_q;
  reg [FIDW-1:0] init_q;       // INIT fill address
  reg            init_done_q;
  reg [FIDW-1:0] fid_q;        // ID of the next new data frame
  reg [FIDW-1:0] rp_q;         // next ID to replay (= fid_q outside a replay)
  reg [RSW-1:0]  rs_q;         // replay slot
  reg [4:0]      dwell_q;      // PAUSE frames sent in SEND_PAUSE (saturates at 16)
  reg [15:0]     ptime_q;      // PAUSE frames received in a row while in PAUSE
  reg            seen_pause_q; // the peer's PAUSE seen since the last restart
  reg            fc_local_q, fc_remote_q;
  reg            tx_open_q;    // a user packet is open (last frame taken was not its end)
  reg            flush_q;      // discarding the rest of a packet cut by a restart
  reg            boot_q;       // no replay completed since INIT: leaving the pause states starts one
  reg            intr_q;       // a replay was interrupted by SEND_PAUSE / PAUSE (RESTART 0)

  wire up       = st_q == S_RETRANS || st_q == S_SEND_RETRANS || st_q == S_NORMAL;
  wire paused   = st_q == S_SEND_PAUSE || st_q == S_PAUSE;
  wire go_init  = force_restart && st_q != S_INIT ||
                  RESTART != 0 && up && (!rx_aligned || pause_req);
  wire fc_need  = fc_local_q ? fc_low : fc_high;
  wire unfinished = st_q == S_RETRANS && rs_q != R_LAST || intr_q;  // a replay to go on with
  wire keep_rp    = unfinished && !boot_q;  // ... that resumes where it stopped if interrupted

  // Next state, taken at a slot.
  reg [2:0] nx;
  reg       new_proc;          // a replay procedure starts with this slot
  always @* begin
    nx       = st_q;
    new_proc = 1'b0;
    if (st_q == S_INIT) begin
      if (init_done_q && !force_restart) nx = S_SEND_PAUSE;
    end else if (go_init) begin
      nx = S_INIT;
    end else if (RESTART == 0 && !rx_aligned) begin
      nx = S_SEND_PAUSE;
    end else if (RESTART == 0 && pause_req) begin
      nx = S_PAUSE;
    end else if (RESTART != 0 && st_q == S_SEND_PAUSE) begin
      if (rx_aligned && seen_pause_q && dwell_q[4]) nx = S_PAUSE;
    end else if (RESTART != 0 && st_q == S_PAUSE) begin
      if (!rx_aligned || ptime_q >= PT) nx = S_SEND_PAUSE;
      else if (!pause_req) begin nx = S_RETRANS; new_proc = 1'b1; end
    end else if (paused && boot_q) begin
      nx = S_RETRANS;          // the replay of INIT's fillers, from its start
      new_proc = 1'b1;
    end else if (unfinished) begin
      nx = S_RETRANS;          // the procedure goes on, or resumes where it was interrupted
    end else if (retrans_req) begin
      nx = S_RETRANS;
      new_proc = 1'b1;
    end else if (frame_err) begin
      nx = S_SEND_RETRANS;
    end else begin
      nx = S_NORMAL;
    end
  end

  // Slot of the replay procedure this slot uses (only meaningful with nx == S_RETRANS).
  wire [RSW-1:0] rs_now    = new_proc ? {RSW{1'b0}} : rs_q + 1'b1;
  wire           rp_slot   = rs_now < R_DATA && !rs_now[0];  // replays a buffered frame
  wire           take_user = slot && nx == S_NORMAL && !fc_need && !fc_remote_q && !flush_q;

  assign u_ready = take_user || flush_q;

  // Retransmission buffer: written by INIT and by every NORMAL frame, read at rp_q.
  wire          wr_normal = slot && nx == S_NORMAL;
  reg  [BW-1:0] new_body;
  always @*
    if (fc_need)                  new_body = {2'b00, {(BW - 10){1'b0}}, fc_local_q ? 8'h02 : 8'h01};
    else if (take_user && u_valid) new_body = {u_meta, u_data};
    else                          new_body = {BW{1'b0}};          // filler

  wire [BW-1:0] rd_body;
  rifl_retrans_buf #(
    .FIDW  (FIDW),
    .WIDTH (BW)
  ) u_buf (
    .clk     (clk),
    .wr_en   (st_q == S_INIT || wr_normal),
    .wr_addr (st_q == S_INIT ? init_q : fid_q),
    .wr_data (st_q == S_INIT ? {BW{1'b0}} : new_body),
    .rd_addr (rp_q),
    .rd_data (rd_body)
  );

  // ---- the frame of this slot
  reg           fv_q;
  reg [1:0]     fsyn_q;
  reg [BW-1:0]  fbody_q;
  reg [FIDW-1:0] ffid_q;
  reg           ev_retr_q, ev_flush_q, restart_q;

  function automatic [BW-1:0] ctrl_body(input [15:0] key);
    ctrl_body = {key, {(BW - 16){1'b0}}};
  endfunction

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st_q         <= S_INIT;
      init_q       <= {FIDW{1'b0}};
      init_done_q  <= 1'b0;
      fid_q        <= {FIDW{1'b0}};
      rp_q         <= {FIDW{1'b0}};
      rs_q         <= {RSW{1'b0}};
      dwell_q      <= 5'd0;
      ptime_q      <= 16'd0;
      seen_pause_q <= 1'b0;
      fc_local_q   <= 1'b0;
      fc_remote_q  <= 1'b0;
      tx_open_q    <= 1'b0;
      flush_q      <= 1'b0;
      boot_q       <= 1'b1;
      intr_q       <= 1'b0;
      fv_q         <= 1'b0;
      fsyn_q       <= 2'b00;
      fbody_q      <= {BW{1'b0}};
      ffid_q       <= {FIDW{1'b0}};
      ev_retr_q    <= 1'b0;
      ev_flush_q   <= 1'b0;
      restart_q    <= 1'b0;
    end else begin
      fv_q       <= slot;
      ev_retr_q  <= 1'b0;
      ev_flush_q <= 1'b0;
      restart_q  <= 1'b0;

      // INIT fill, one entry a cycle.
      if (st_q == S_INIT && !init_done_q) begin
        init_q <= init_q + 1'b1;
        if (&init_q) init_done_q <= 1'b1;
      end

      // The peer's PAUSE seen while the link is down; received PAUSE run while in PAUSE.
      if (!up && pause_req) seen_pause_q <= 1'b1;
      if (rx_frame)
        ptime_q <= rx_is_pause ? (ptime_q == 16'hffff ? ptime_q : ptime_q + 16'd1) : 16'd0;

      // Flow control from the peer.
      if (fc_on_rx)  fc_remote_q <= 1'b1;
      if (fc_off_rx) fc_remote_q <= 1'b0;

      // User frames: a packet is open between a non-end frame and its end frame.
      if (u_valid && u_ready) begin
        if (flush_q) begin
          ev_flush_q <= 1'b1;
          if (u_meta[1]) flush_q <= 1'b0;
        end else begin
          tx_open_q <= !u_meta[1];
        end
      end

      if (slot) begin
        st_q <= nx;
        if (nx == S_INIT && st_q != S_INIT) begin
          // Restart: forget the link, keep the user side consistent.
          restart_q    <= 1'b1;
          init_q       <= {FIDW{1'b0}};
          init_done_q  <= 1'b0;
          fid_q        <= {FIDW{1'b0}};
          rp_q         <= {FIDW{1'b0}};
          seen_pause_q <= 1'b0;
          fc_local_q   <= 1'b0;
          fc_remote_q  <= 1'b0;
          tx_open_q    <= 1'b0;
          boot_q       <= 1'b1;
          intr_q       <= 1'b0;
          // A flush whose end frame is taken in this very cycle is over.
          flush_q      <= CUT_FLUSH != 0 && (tx_open_q || (flush_q && !(u_valid && u_meta[1])));
        end
        if (nx == S_SEND_PAUSE && st_q != S_SEND_PAUSE) dwell_q <= 5'd0;
        else if (nx == S_SEND_PAUSE && !dwell_q[4]) dwell_q <= dwell_q + 5'd1;
        if (nx == S_PAUSE && st_q != S_PAUSE) ptime_q <= 16'd0;
        if (new_proc) ev_retr_q <= 1'b1;
        if (nx == S_RETRANS) rs_q <= rs_now;
        if (nx == S_RETRANS && rs_now == R_LAST) boot_q <= 1'b0;
        // A replay left before its last slot for the pause states is resumed from there
        // (the first one, of INIT's fillers, starts again: the peer may have missed its start).
        intr_q <= keep_rp && (nx == S_SEND_PAUSE || nx == S_PAUSE);
        // Outside a replay (or an interrupted one) the next data frame is the next new one.
        if ((nx == S_SEND_PAUSE || nx == S_PAUSE) && !keep_rp || nx == S_SEND_RETRANS)
          rp_q <= fid_q;

        ffid_q <= rp_q;
        case (nx)
          S_INIT, S_SEND_PAUSE: begin
            fsyn_q  <= 2'b10;
            fbody_q <= ctrl_body(KEY_PAUSE);
            ffid_q  <= (nx == S_INIT) ? {FIDW{1'b0}} : keep_rp ? rp_q : fid_q;
          end
          S_PAUSE: begin
            fsyn_q  <= 2'b10;
            fbody_q <= ctrl_body(KEY_IDLE);
            ffid_q  <= keep_rp ? rp_q : fid_q;
          end
          S_SEND_RETRANS: begin
            fsyn_q  <= 2'b10;
            fbody_q <= ctrl_body(KEY_RETRANS);
            ffid_q  <= fid_q;
          end
          S_RETRANS:
            if (rp_slot) begin
              fsyn_q  <= 2'b01;
              fbody_q <= rd_body;
              rp_q    <= rp_q + 1'b1;
            end else begin
              // A control frame carries the ID of the next data frame: the next entry to
              // replay, or the next new frame once all are replayed.
              fsyn_q  <= 2'b10;
              fbody_q <= ctrl_body(frame_err ? KEY_RETRANS : KEY_IDLE);
            end
          default: begin // S_NORMAL
            fsyn_q  <= 2'b01;
            fbody_q <= new_body;
            fid_q   <= fid_q + 1'b1;
            rp_q    <= fid_q + 1'b1;
            if (fc_need) fc_local_q <= !fc_local_q;
          end
        endcase
      end
    end
  end

  assign f_valid    = fv_q;
  assign f_syn      = fsyn_q;
  assign f_body     = fbody_q;
  assign f_fid      = ffid_q;
  assign state      = st_q;
  assign link_up    = up;
  // RESTART 1 holds the receiver in its start state until the restart handshake (nothing of
  // the old stream may be delivered); as published, the receiver never stops.
  assign rx_enable  = RESTART == 0 || st_q != S_INIT && st_q != S_SEND_PAUSE;
  assign restart    = restart_q;
  assign fc_local   = fc_local_q;
  assign fc_remote  = fc_remote_q;
  assign ev_retrans = ev_retr_q;
  assign ev_flush   = ev_flush_q;

  // Not with CUT_FLUSH 0: rifl_bond then withdraws staged frames while it purges a restart.
  generate if (CUT_FLUSH != 0) begin : g_u_stable
    `ASSERT_STABLE(u_stable, clk, rst_n, u_valid, u_ready, ({u_meta, u_data}), BW, "user frame")
  end endgenerate
  `ASSERT_CLK(state_legal, clk, rst_n, st_q <= S_NORMAL, "illegal TX state")
  `ASSERT_CLK(rp_at_fid, clk, rst_n, st_q == S_RETRANS || intr_q || rp_q == fid_q,
              "replay pointer off the frame ID outside a replay")
  `ASSERT_CLK(intr_restart0, clk, rst_n, !(intr_q && RESTART != 0),
              "interrupted replay with RESTART 1")
endmodule

`resetall
