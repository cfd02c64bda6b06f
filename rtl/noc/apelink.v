// One end of an ExaNet APElink (seed 004, 3.4; docs/noc/apelink.md is the contract): the
// transmission control logic between an ape_router port and a transceiver. TX frames each
// packet as MAGIC, START, header (SECDED byte written), payload, footer (CRC-32 written), starts
// a packet only when the far buffer has room for all of it and TRED words more, and sends the
// far end its credits in CREDIT words between packets. RX checks the framing, corrects one
// header bit and drops a packet whose header has two (returning its credits), and flags a
// payload whose CRC-32 does not match. No acknowledgement, no retransmission: as in the paper.
`resetall
`default_nettype none
`include "assert.vh"

module apelink #(
  parameter integer W    = 128,
  parameter integer NVC  = 2,
  parameter integer D    = 34,
  parameter integer MAXP = 32,
  parameter integer EW   = 16
) (
  input  wire             clk,
  input  wire             rst_n,
  // the router's output port, into TX
  input  wire             rt_valid,
  input  wire             rt_vc,
  input  wire [W-1:0]     rt_data,
  output wire [NVC-1:0]   rt_cr,
  // RX, to the router's input port
  output wire             lr_valid,
  output wire             lr_vc,
  output wire [W-1:0]     lr_data,
  input  wire [NVC-1:0]   lr_cr,
  // the wire
  output wire             tx_valid,
  output wire             tx_ctrl,
  output wire [W-1:0]     tx_data,
  input  wire             tx_ready,     // the wire takes tx_*: tie 1 for a raw link
  input  wire             rx_valid,
  input  wire             rx_ctrl,
  input  wire [W-1:0]     rx_data,
  input  wire [10:0]      cfg_tred,
  output wire [5*EW-1:0]  err_count     // HDR_COR, HDR_UNC, CRC, FRAME, CREDIT
);
  `include "common_params.vh"

  generate if ((W != 64 && W != 96 && W != 128) || (NVC != 1 && NVC != 2) || MAXP < 1 ||
               MAXP > 255 || D < MAXP + 2 || D > 1024 || EW < 1 || EW > 32) begin : g_bad_param
    `PARAM_FATAL("apelink: need W 64/96/128, NVC 1/2, MAXP 1..255, D MAXP+2..1024, EW 1..32")
  end endgenerate

  localparam integer K  = W - 8;
  localparam integer LW = $clog2(D + 1);
  localparam integer EN = W + 9;              // a TX FIFO entry: {is_head, len, word}
  localparam [7:0] T_MAGIC = 8'h4D, T_START = 8'h53, T_CREDIT = 8'h43;
  localparam [LW-1:0] FULL = LW'(D);
  localparam [2:0] T_IDLE = 3'd0, T_START_S = 3'd1, T_HDR = 3'd2, T_PAY = 3'd3, T_FTR = 3'd4;
  localparam [2:0] R_HUNT = 3'd0, R_MSEEN = 3'd1, R_HDR = 3'd2, R_PAY = 3'd3, R_FTR = 3'd4,
                   R_DROP = 3'd5;

  integer v;

  reg [10:0] tred_q;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) tred_q <= 11'd0;
    else        tred_q <= cfg_tred;
  end

  // ================================================================== TX
  // ------------------------------------------------------------------ the FIFOs from the router
  reg  [9*NVC-1:0]  wrem_q;
  reg  [NVC-1:0]    sel, wr, ovf, head_w;
  wire [NVC-1:0]    nfull, nonempty;
  wire [NVC*EN-1:0] front;
  reg  [NVC-1:0]    pop;
  wire              bad_vc = rt_valid && {1'b0, rt_vc} >= 2'(NVC);
  wire [NVC*LW-1:0] level_unused;

  always @* begin
    for (v = 0; v < NVC; v = v + 1) begin
      sel[v]    = rt_valid && rt_vc == 1'(v);
      head_w[v] = wrem_q[v*9 +: 9] == 9'd0;
      wr[v]     = sel[v] && nfull[v];
      ovf[v]    = sel[v] && !nfull[v];
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      wrem_q <= {9*NVC{1'b0}};
    else
      for (v = 0; v < NVC; v = v + 1)
        if (sel[v])
          wrem_q[v*9 +: 9] <= head_w[v] ? 9'(rt_data[16 +: 8]) + 9'd1 : wrem_q[v*9 +: 9] - 9'd1;
  end

  genvar gv;
  generate for (gv = 0; gv < NVC; gv = gv + 1) begin : g_fifo
    sync_fifo #(.WIDTH(EN), .DEPTH(D)) u_fifo (
      .clk(clk), .rst_n(rst_n),
      .in_valid(wr[gv]), .in_data({head_w[gv], rt_data[16 +: 8], rt_data}), .in_ready(nfull[gv]),
      .out_valid(nonempty[gv]), .out_data(front[gv*EN +: EN]), .out_ready(pop[gv]),
      .level(level_unused[gv*LW +: LW])
    );
  end endgenerate

  // ------------------------------------------------------------------ the sender
  reg  [2:0]        ts_q;
  reg               tvc_q, tptr_q, cr_due_q;
  reg  [7:0]        trem_q;
  reg  [LW*NVC-1:0] rcred_q;
  reg  [32*NVC-1:0] owe_q;
  reg               tx_valid_q, tx_ctrl_q;
  reg  [NVC-1:0]    rt_cr_q;
  reg  [W-1:0]      tx_data_q;
  wire [31:0]       tx_crc, tcrc_unused;

  reg  [NVC-1:0] orphan, elig;
  reg            any_orphan, orphan_vc, pick_vc;
  reg  [12:0]    need;
  wire [EN-1:0]  tf = front[32'(tvc_q && NVC == 2)*EN +: EN];   // the packet VC's front entry
  reg            send, send_ctrl, tcrc_start, tcrc_valid;
  reg  [W-1:0]   send_data;
  reg  [2:0]     ts_next;
  reg            tvc_next, tptr_next, cr_due_next;
  reg  [7:0]     trem_next;
  reg  [32*NVC-1:0] owe_sent;     // credits that leave in a CREDIT word this cycle
  reg  [NVC-1:0] used;            // a word of VC v left for the wire (a far-buffer credit)
  wire           tx_go = !tx_valid_q || tx_ready;
  wire [7:0]     hdr_ecc;

  secded_enc #(.K(K)) u_enc (.data(tf[K-1:0]), .ecc(hdr_ecc));

  // Words are taken byte 0 (bits 7:0) first: the CRC engine shifts its most significant byte
  // first, so it sees the word byte-reversed.
  function automatic [W-1:0] byte_rev(input [W-1:0] x);
    integer b;
    for (b = 0; b < W / 8; b = b + 1) byte_rev[b*8 +: 8] = x[(W/8 - 1 - b)*8 +: 8];
  endfunction

  crc_engine #(.CRC_W(32), .POLY(32'h04C11DB7), .INIT(32'hFFFFFFFF), .REFIN(1), .REFOUT(1),
               .XOROUT(32'hFFFFFFFF), .DATA_W(W)) u_tcrc (
    .clk(clk), .rst_n(rst_n), .start(tcrc_start), .valid(tcrc_valid),
    .data(byte_rev(tf[W-1:0])), .crc(tcrc_unused), .crc_reg(tx_crc));

  always @* begin
    any_orphan = 1'b0;
    orphan_vc  = 1'b0;
    for (v = NVC - 1; v >= 0; v = v - 1) begin
      orphan[v] = nonempty[v] && !front[v*EN + W + 8];
      need      = 13'(front[v*EN + W +: 8]) + 13'd2 + 13'(tred_q);
      elig[v]   = nonempty[v] && front[v*EN + W + 8] && 13'(rcred_q[v*LW +: LW]) >= need;
      if (orphan[v]) begin
        any_orphan = 1'b1;
        orphan_vc  = 1'(v);
      end
    end
    pick_vc = NVC == 2 && (elig[32'(tptr_q && NVC == 2)] ? tptr_q : !tptr_q);

    send        = 1'b0;
    send_ctrl   = 1'b0;
    send_data   = {W{1'b0}};
    tcrc_start  = 1'b0;
    tcrc_valid  = 1'b0;
    ts_next     = ts_q;
    tvc_next    = tvc_q;
    tptr_next   = tptr_q;
    cr_due_next = cr_due_q;
    trem_next   = trem_q;
    owe_sent    = {32*NVC{1'b0}};
    pop         = {NVC{1'b0}};
    // TX decides only while its word register is free: a word not taken by the wire holds
    if (tx_go) case (ts_q)
      T_IDLE:
        if (any_orphan) begin
          pop[32'(orphan_vc && NVC == 2)] = 1'b1;     // discarded, alone
        end else if (owe_q != {32*NVC{1'b0}} && (cr_due_q || elig == {NVC{1'b0}})) begin
          send        = 1'b1;
          send_ctrl   = 1'b1;
          send_data[7:0] = T_CREDIT;
          for (v = 0; v < NVC; v = v + 1) begin   // at most 65535 a VC a word
            owe_sent[v*32 +: 32] = owe_q[v*32 + 16 +: 16] == 16'd0 ? owe_q[v*32 +: 32]
                                                                   : 32'd65535;
            send_data[8 + 16*v +: 16] = owe_sent[v*32 +: 16];
          end
          cr_due_next = 1'b0;
        end else if (elig != {NVC{1'b0}}) begin
          send           = 1'b1;
          send_ctrl      = 1'b1;
          send_data[7:0] = T_MAGIC;
          tvc_next       = pick_vc;
          tptr_next      = NVC == 2 && !pick_vc;
          ts_next        = T_START_S;
        end
      T_START_S: begin
        send           = 1'b1;
        send_ctrl      = 1'b1;
        send_data[7:0] = T_START;
        send_data[8]   = tvc_q;
        ts_next        = T_HDR;
      end
      default:   // T_HDR, T_PAY, T_FTR: one word of the packet when the router has sent it
        if (nonempty[32'(tvc_q && NVC == 2)]) begin
          send = 1'b1;
          pop[32'(tvc_q && NVC == 2)] = 1'b1;
          send_data = tf[W-1:0];
          if (ts_q == T_HDR) begin
            send_data[W-1 -: 8] = hdr_ecc;
            tcrc_start = 1'b1;
            trem_next  = tf[W +: 8];
            ts_next    = tf[W +: 8] == 8'd0 ? T_FTR : T_PAY;
          end else if (ts_q == T_PAY) begin
            tcrc_valid = 1'b1;
            trem_next  = trem_q - 8'd1;
            if (trem_q == 8'd1) ts_next = T_FTR;
          end else begin
            send_data[31:0] = tx_crc;  // [32], the CRC-error flag, as it came: sticky
            cr_due_next     = 1'b1;
            ts_next         = T_IDLE;
          end
        end
    endcase
    used = ts_q >= T_HDR ? pop : {NVC{1'b0}};
  end

  // ================================================================== RX
  reg  [2:0]     rs_q;
  reg            rvc_q;
  reg  [7:0]     rrem_q;
  reg            lr_valid_q, lr_vc_q;
  reg  [W-1:0]   lr_data_q;
  wire [K-1:0]   hdr_c;
  wire [7:0]     hdr_ecc_c;
  wire           hdr_cor, hdr_unc;
  wire [31:0]    rx_crc, rcrc_unused;

  secded_dec #(.K(K)) u_dec (
    .data(rx_data[K-1:0]), .ecc(rx_data[W-1 -: 8]), .data_c(hdr_c), .ecc_c(hdr_ecc_c),
    .corrected(hdr_cor), .uncorrectable(hdr_unc));

  reg            rx_credit, pass, rcrc_start, rcrc_valid, drop_word;
  reg            ev_cor, ev_unc, ev_crc, ev_frame;
  reg  [W-1:0]   pass_data;
  reg  [2:0]     rs_next;
  reg            rvc_next;
  reg  [7:0]     rrem_next;
  wire [7:0]     rtype = rx_data[7:0];

  crc_engine #(.CRC_W(32), .POLY(32'h04C11DB7), .INIT(32'hFFFFFFFF), .REFIN(1), .REFOUT(1),
               .XOROUT(32'hFFFFFFFF), .DATA_W(W)) u_rcrc (
    .clk(clk), .rst_n(rst_n), .start(rcrc_start), .valid(rcrc_valid),
    .data(byte_rev(rx_data)), .crc(rcrc_unused), .crc_reg(rx_crc));

  always @* begin
    rx_credit  = rx_valid && rx_ctrl && rtype == T_CREDIT;
    pass       = 1'b0;
    pass_data  = rx_data;
    rcrc_start = 1'b0;
    rcrc_valid = 1'b0;
    drop_word  = 1'b0;
    ev_cor     = 1'b0;
    ev_unc     = 1'b0;
    ev_crc     = 1'b0;
    ev_frame   = 1'b0;
    rs_next    = rs_q;
    rvc_next   = rvc_q;
    rrem_next  = rrem_q;
    if (rx_valid && !rx_credit) begin
      if (rx_ctrl && (rs_q == R_HDR || rs_q == R_PAY || rs_q == R_FTR)) begin
        ev_frame = 1'b1;                             // the packet is cut short
        rs_next  = rtype == T_MAGIC ? R_MSEEN : R_HUNT;
      end else case (rs_q)
        R_MSEEN:
          if (rx_ctrl && rtype == T_MAGIC) begin
            ev_frame = 1'b1;                         // a second MAGIC: counted, kept
            rs_next  = R_MSEEN;
          end else if (rx_ctrl && rtype == T_START && {1'b0, rx_data[8]} < 2'(NVC)) begin
            rs_next  = R_HDR;
            rvc_next = rx_data[8];
          end else begin
            ev_frame = 1'b1;
            rs_next  = R_HUNT;
          end
        R_HDR:
          if (hdr_unc) begin
            ev_unc    = 1'b1;
            drop_word = 1'b1;
            rs_next   = R_DROP;
          end else begin
            ev_cor     = hdr_cor;
            pass       = 1'b1;
            if (hdr_cor) pass_data = {hdr_ecc_c, hdr_c};  // a clean header passes as received
            rcrc_start = 1'b1;
            rrem_next  = hdr_c[16 +: 8];
            rs_next    = hdr_c[16 +: 8] == 8'd0 ? R_FTR : R_PAY;
          end
        R_PAY: begin
          pass       = 1'b1;
          rcrc_valid = 1'b1;
          rrem_next  = rrem_q - 8'd1;
          if (rrem_q == 8'd1) rs_next = R_FTR;
        end
        R_FTR: begin
          pass    = 1'b1;
          rs_next = R_HUNT;
          if (rx_data[31:0] != rx_crc) begin
            ev_crc       = 1'b1;
            pass_data[32] = 1'b1;
          end
        end
        R_DROP:
          if (!rx_ctrl) drop_word = 1'b1;
          else if (rtype == T_MAGIC) rs_next = R_MSEEN;
          else begin
            ev_frame = 1'b1;
            rs_next  = R_HUNT;
          end
        default:   // R_HUNT
          if (rx_ctrl && rtype == T_MAGIC) rs_next = R_MSEEN;
          else ev_frame = 1'b1;
      endcase
    end
  end

  // ================================================================== credits both ways
  reg  [NVC-1:0]    cr_ovf;
  reg  [LW*NVC-1:0] rcred_next;
  reg  [32*NVC-1:0] owe_next;
  reg  [LW+16:0]    csum;
  always @* begin
    for (v = 0; v < NVC; v = v + 1) begin
      csum = (LW + 17)'(rcred_q[v*LW +: LW]) - (LW + 17)'(used[v]) +
             (rx_credit ? (LW + 17)'(rx_data[8 + 16*v +: 16]) : {(LW + 17){1'b0}});
      cr_ovf[v] = csum > (LW + 17)'(D);
      rcred_next[v*LW +: LW] = rcred_q[v*LW +: LW] - LW'(used[v]);
      if (!cr_ovf[v]) rcred_next[v*LW +: LW] = csum[LW-1:0];
      owe_next[v*32 +: 32] = owe_q[v*32 +: 32] - owe_sent[v*32 +: 32] + 32'(lr_cr[v]) +
                             32'(drop_word && rvc_q == 1'(v));
    end
  end

  // ================================================================== registers
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ts_q       <= T_IDLE;
      tvc_q      <= 1'b0;
      tptr_q     <= 1'b0;
      cr_due_q   <= 1'b0;
      trem_q     <= 8'd0;
      rcred_q    <= {NVC{FULL}};
      owe_q      <= {32*NVC{1'b0}};
      tx_valid_q <= 1'b0;
      tx_ctrl_q  <= 1'b0;
      tx_data_q  <= {W{1'b0}};
      rs_q       <= R_HUNT;
      rvc_q      <= 1'b0;
      rrem_q     <= 8'd0;
      lr_valid_q <= 1'b0;
      lr_vc_q    <= 1'b0;
      lr_data_q  <= {W{1'b0}};
      rt_cr_q    <= {NVC{1'b0}};
    end else begin
      ts_q       <= ts_next;
      tvc_q      <= tvc_next;
      tptr_q     <= tptr_next;
      cr_due_q   <= cr_due_next;
      trem_q     <= trem_next;
      rcred_q    <= rcred_next;
      owe_q      <= owe_next;
      if (tx_go) tx_valid_q <= send;
      if (send) begin             // tx_ctrl / tx_data keep their values between words
        tx_ctrl_q <= send_ctrl;
        tx_data_q <= send_data;
      end
      rs_q       <= rs_next;
      rvc_q      <= rvc_next;
      rrem_q     <= rrem_next;
      lr_valid_q <= pass;
      if (pass) begin             // so do lr_vc / lr_data
        lr_vc_q   <= rvc_q;
        lr_data_q <= pass_data;
      end
      rt_cr_q    <= pop;
    end
  end

  assign rt_cr    = rt_cr_q;
  assign tx_valid = tx_valid_q;
  assign tx_ctrl  = tx_ctrl_q;
  assign tx_data  = tx_data_q;
  assign lr_valid = lr_valid_q;
  assign lr_vc    = lr_vc_q;
  assign lr_data  = lr_data_q;

  // ================================================================== error counters
  wire [19:0] ev = {4'(NVC == 2 && cr_ovf[NVC - 1]) + 4'(cr_ovf[0]) + 4'(bad_vc) + 4'(|ovf),
                    4'(ev_frame), 4'(ev_crc), 4'(ev_unc), 4'(ev_cor)};  // [e*4 +: 4]: kind e
  sat_counters #(.N(5), .W(EW), .IW(4)) u_err (
    .clk(clk), .rst_n(rst_n), .inc(ev), .count(err_count));
  wire unused = ^{level_unused, tcrc_unused, rcrc_unused, tf[EN-1]};

  `ASSERT_CLK(no_credit_no_word, clk, rst_n,
              !(used[0] && rcred_q[0 +: LW] == {LW{1'b0}}) &&
              !(NVC == 2 && used[NVC - 1] && rcred_q[(NVC - 1)*LW +: LW] == {LW{1'b0}}),
              "a packet word sent without a far-buffer credit")
endmodule

`resetall
