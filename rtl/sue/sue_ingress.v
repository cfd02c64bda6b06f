// SUE transmit ingress (docs/sue/index.md "XPU command interface", docs/sue/sue_tx_front.md): takes the
// beats of one XPU command at a time, checks them (beat sequence, descriptor, tx_valid / dp,
// tx_err, destination lookup xpuid -> slot) and turns them into write images of the packed
// command (control bytes, data bytes, zero pad to ALIGN) that sue_pack_buf writes straight into
// the region of the command's pack queue, at a position relative to the command's start.
// The command ends at its last beat (cycle e); its end event (ev_*) is registered and shows at
// e + 1 = the enqueue cycle (D_IN = 1), where sue_pack_buf decides drop / enqueue / hold.
// A command aborted by a beat-sequence error ends at the cycle of the offending beat and
// shows as ab_* at the next cycle (it may coincide with the end of a 1-beat command).
// Model: csrc/ref/sue/sue_tx_front_model.c (part of sue_tx_front)
`resetall
`default_nettype none
`include "assert.vh"

module sue_ingress #(
  parameter integer DATA_W = 256,
  parameter integer NDST   = 1,
  parameter integer ALIGN  = 4,
  // derived (not to be overridden)
  localparam integer NB = DATA_W / 8,                       // bytes per data beat
  localparam integer PW = sue_pw(DATA_W),                   // write image lanes
  localparam integer NQ = NDST * 4,
  localparam integer QW = $clog2(NQ)
) (
  input  wire                    clk,
  input  wire                    rst_n,
  input  wire                    flush,          // tx_reset_in: drop the open command
  // XPU transmit command interface
  input  wire [1:0]              tx_valid,
  input  wire [3:0]              tx_cycle,
  input  wire [1:0]              tx_vc,
  input  wire [9:0]              tx_xpuid,
  input  wire [143:0]            tx_control,
  input  wire                    tx_send_now,
  input  wire [DATA_W-1:0]       tx_data,
  input  wire                    tx_err,
  // destination table (registers): entry d valid, XPU id at [10d +: 10]
  input  wire [NDST-1:0]         dst_valid,
  input  wire [NDST*10-1:0]      dst_xpuid,
  // start of a command whose bytes are written (registered, with the first write image)
  output reg                     st_valid,
  output reg  [QW-1:0]           st_q,
  // write image: lane i (byte [PW*8-1-8i -: 8]) is packed byte wr_pos + i of the command
  output reg                     wr_valid,
  output reg  [8:0]              wr_pos,
  output reg  [PW*8-1:0]         wr_data,
  output reg  [PW-1:0]           wr_mask,
  // end of a command (registered: the enqueue cycle)
  output reg                     ev_valid,
  output reg  [1:0]              ev_vc,
  output reg                     ev_type,        // 0 command only, 1 with data (tx_valid == 2)
  output reg  [QW-1:0]           ev_q,           // slot * 4 + vc
  output reg  [8:0]              ev_len,         // packed bytes, multiple of ALIGN
  output reg                     ev_sn,
  output reg  [1:0]              ev_drop,        // 0 none, 1 bad, 2 err, 3 nodst
  // command aborted by a beat-sequence error (always "bad")
  output reg                     ab_valid,
  output reg  [1:0]              ab_vc,
  output reg                     ab_type
);
  `include "common_params.vh"
  `include "sue_params.vh"

  // ---- parameters ----
  localparam integer SW = idx_w(NDST);

  generate if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512 && DATA_W != 1024 &&
               DATA_W != 2048) begin : g_bad_param
    `PARAM_FATAL("sue_ingress: DATA_W must be 128, 256, 512, 1024 or 2048")
  end else if (NDST < 1 || NDST > 64) begin : g_bad_param
    `PARAM_FATAL("sue_ingress: NDST must be 1 .. 64")
  end else if (ALIGN != 2 && ALIGN != 4 && ALIGN != 8) begin : g_bad_param
    `PARAM_FATAL("sue_ingress: ALIGN must be 2, 4 or 8")
  end endgenerate

  // ---- beat 0 decode ----
  wire [15:0] desc   = tx_control[143:128];
  wire [3:0]  d_clen = desc[12:9];
  wire        d_dp   = desc[8];
  wire [8:0]  d_dlen = d_dp ? {1'b0, desc[7:0]} + 9'd1 : 9'd0;
  wire        d_type = tx_valid == 2'd2;
  wire        d_bad  = tx_valid == 2'd3 || d_clen == 4'd0 || d_clen > 4'd9 ||
                       (!d_dp && desc[7:0] != 8'd0) || d_dp != d_type;
  // beats: 1 without data, ceil(dlen / NB) with
  wire [8:0]  d_beats_m1 = d_dp ? {1'b0, desc[7:0]} / 9'(NB) : 9'd0;  // (dlen - 1) / NB
  wire        unused_bits = ^{desc[15:13], d_beats_m1[8:4]};

  // destination lookup: first valid entry with the id
  wire          lk_hit;
  wire [SW-1:0] lk_slot;
  sue_dst_lookup #(.NDST(NDST)) u_lookup (
    .dst_valid(dst_valid), .dst_xpuid(dst_xpuid), .xpuid(tx_xpuid), .hit(lk_hit), .slot(lk_slot)
  );

  // ---- open command state ----
  reg          open_q;
  reg [3:0]    nxt_q;       // expected tx_cycle
  reg [3:0]    last_q;      // tx_cycle of the last beat
  reg [3:0]    clen_q;
  reg [8:0]    dlen_q;
  reg [1:0]    vc_q;
  reg          type_q;
  reg          sn_q;
  reg          err_q;
  reg          nodst_q;
  reg [QW-1:0] q_q;

  wire beat     = tx_valid != 2'd0 && !flush;
  wire first    = beat && tx_cycle == 4'd0;
  wire cont     = beat && tx_cycle != 4'd0 && open_q && tx_cycle == nxt_q;
  wire seq_err  = beat && open_q && (tx_cycle == 4'd0 || tx_cycle != nxt_q);
  wire [3:0] d_last = d_beats_m1[3:0];
  wire first_end = first && (d_bad || d_last == 4'd0);
  wire cont_end  = cont && tx_cycle == last_q;

  // fields of the command of this beat (beat 0: decoded now; later: held)
  wire [3:0]  c_clen = first ? d_clen : clen_q;
  wire [8:0]  c_dlen = first ? d_dlen : dlen_q;
  wire [9:0]  c_s    = {5'd0, c_clen, 1'b0} + {1'b0, c_dlen};
  wire [9:0]  c_p    = (c_s + 10'(ALIGN) - 10'd1) & ~(10'(ALIGN) - 10'd1);  // packed bytes
  // q of a new command (slot lookup)
  wire [QW-1:0] d_q;
  generate if (NDST > 1) begin : g_q
    assign d_q = {lk_slot, tx_vc};
  end else begin : g_q1
    assign d_q = tx_vc;
    wire unused_slot = ^lk_slot;  // one slot: always 0
  end endgenerate

  // ---- write image of this beat ----
  // beat 0: packed bytes 0 .. (control, then data beat 0); beat b: data beat b at 2clen + b NB
  wire [8:0] b_dbase = {5'd0, tx_cycle} * 9'(NB);          // data byte index of lane 0 (b >= 1)
  wire [8:0] b_pos   = first ? 9'd0 : {4'd0, clen_q, 1'b0} + b_dbase;
  wire       b_last  = first ? first_end : cont_end;
  reg [PW*8-1:0] img;
  reg [PW-1:0]   msk;
  integer i, c, j;
  always @* begin
    img = {PW*8{1'b0}};
    msk = {PW{1'b0}};
    c   = 0;
    j   = 0;
    if (first) begin
      // control bytes 0 .. 2 clen - 1
      for (i = 0; i < 18; i = i + 1)
        if (i < 2 * d_clen) begin
          img[PW*8-1-8*i -: 8] = tx_control[143-8*i -: 8];
          msk[i] = 1'b1;
        end
      // data beat 0 after them (2 clen + NB <= PW)
      for (c = 1; c <= 9; c = c + 1)
        for (j = 0; j < NB; j = j + 1)
          if (d_clen == c[3:0]) begin
            if (j < d_dlen)
              img[PW*8-1-8*(2*c+j) -: 8] = tx_data[DATA_W-1-8*j -: 8];
            msk[2*c+j] = 1'b1;
          end
    end else begin
      for (j = 0; j < NB; j = j + 1) begin
        if ({23'd0, b_dbase} + j < {23'd0, dlen_q})
          img[PW*8-1-8*j -: 8] = tx_data[DATA_W-1-8*j -: 8];
        msk[j] = 1'b1;
      end
    end
    // the last beat writes the pad; nothing past the packed length
    for (i = 0; i < PW; i = i + 1) begin
      if (b_last && {23'd0, b_pos} + i < {22'd0, c_p} && {23'd0, b_pos} + i >= {22'd0, c_s})
        msk[i] = 1'b1;
      if ({23'd0, b_pos} + i >= {22'd0, c_p})
        msk[i] = 1'b0;
    end
  end

  wire wr_now = (first && !d_bad && lk_hit) || (cont && !nodst_q);

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      open_q  <= 1'b0;
      nxt_q   <= 4'd0;
      last_q  <= 4'd0;
      clen_q  <= 4'd0;
      dlen_q  <= 9'd0;
      vc_q    <= 2'd0;
      type_q  <= 1'b0;
      sn_q    <= 1'b0;
      err_q   <= 1'b0;
      nodst_q <= 1'b0;
      q_q     <= {QW{1'b0}};
    end else if (flush) begin
      open_q <= 1'b0;
    end else begin
      if (first) begin
        open_q  <= !first_end;
        nxt_q   <= 4'd1;
        last_q  <= d_last;
        clen_q  <= d_clen;
        dlen_q  <= d_dlen;
        vc_q    <= tx_vc;
        type_q  <= d_type;
        sn_q    <= tx_send_now;
        err_q   <= tx_err;
        nodst_q <= !lk_hit;
        q_q     <= d_q;
      end else if (cont) begin
        open_q <= !cont_end;
        nxt_q  <= nxt_q + 4'd1;
        err_q  <= err_q | tx_err;
      end else if (seq_err) begin
        open_q <= 1'b0;
      end
    end
  end

  // ---- registered outputs ----
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st_valid <= 1'b0;
      st_q     <= {QW{1'b0}};
      wr_valid <= 1'b0;
      wr_pos   <= 9'd0;
      wr_data  <= {PW*8{1'b0}};
      wr_mask  <= {PW{1'b0}};
      ev_valid <= 1'b0;
      ev_vc    <= 2'd0;
      ev_type  <= 1'b0;
      ev_q     <= {QW{1'b0}};
      ev_len   <= 9'd0;
      ev_sn    <= 1'b0;
      ev_drop  <= 2'd0;
      ab_valid <= 1'b0;
      ab_vc    <= 2'd0;
      ab_type  <= 1'b0;
    end else begin
      st_valid <= first && !d_bad && lk_hit;
      st_q     <= d_q;
      wr_valid <= wr_now;
      wr_pos   <= b_pos;
      wr_data  <= img;
      wr_mask  <= msk;
      ev_valid <= first_end || cont_end;
      ev_vc    <= first ? tx_vc : vc_q;
      ev_type  <= first ? d_type : type_q;
      ev_q     <= first ? d_q : q_q;
      ev_len   <= c_p[8:0];
      ev_sn    <= first ? tx_send_now : sn_q;
      ev_drop  <= first ? (d_bad ? 2'd1 : tx_err ? 2'd2 : !lk_hit ? 2'd3 : 2'd0)
                        : ((err_q | tx_err) ? 2'd2 : nodst_q ? 2'd3 : 2'd0);
      ab_valid <= seq_err;
      ab_vc    <= vc_q;
      ab_type  <= type_q;
    end
  end

  `ASSERT_CLK(cmd_nonempty, clk, rst_n, !(ev_valid && ev_drop == 2'd0 && ev_len == 9'd0), "empty command")
endmodule

`resetall
