// fabric_sw_egress: the transmit half of a switch port (docs/fabric/fabric_sw_port.md "Egress"):
// cells from the switch are reassembled per source port (the switch interleaves sources at an
// output, never reorders one source's cells), complete frames move to one queue per traffic
// class, and the transmitter sends them to the link, a class at a time in round robin among
// those its endpoint has not paused (802.1Qbb, or short of CBFC credits), with this port's own
// flow-control frames first: PFC, or with fc_cbfc a CBFC update (docs/sue/index.md "CBFC update
// frame"). A data frame started is reported (tx_start, its class and length: the CBFC count).
// Lossless: a cell is taken from the switch only when its source's reassembly buffer has room
// for a whole cell; a frame moves only when its class queue has room for all of it.
// Model: csrc/ref/fabric/fabric_sw_port_model.c (fsp_pfc_frame: the PFC frame's bytes)
`resetall
`default_nettype none
`include "assert.vh"

module fabric_sw_egress #(
  parameter integer N    = 4,      // switch ports (sources)
  parameter integer FMAX = 576,    // longest frame in bytes
  parameter integer RBD  = 128,    // reassembly words per source, a power of two
  parameter integer TQD  = 256,    // queue words per class, a power of two
  parameter integer CP   = 14,     // payload words per cell at most
  localparam integer NW  = $clog2(N)
) (
  input  wire          clk,
  input  wire          rst_n,
  // ---- from the switch
  input  wire          sw_valid,
  output wire          sw_ready,
  input  wire [63:0]   sw_data,
  input  wire          sw_last,
  // ---- to the link: whole frames, first byte at [63:56]
  output wire          m_valid,
  input  wire          m_ready,
  output wire [63:0]   m_data,
  output wire [3:0]    m_nbytes,
  output wire          m_last,
  // ---- PFC: this port's frame (sue_pfc), and the classes the endpoint paused
  input  wire [47:0]   cfg_mac,
  input  wire          pfc_owed,
  output wire          pfc_sent,
  input  wire [7:0]    pfc_cev,
  input  wire [127:0]  pfc_time,
  input  wire          fc_cbfc,       // the owed frame is a CBFC update: these, not pfc_*
  input  wire [23:0]   cbfc_oui,
  input  wire [7:0]    cbfc_cev,
  input  wire [127:0]  cbfc_limit,    // class i at [16i +: 16]
  input  wire [127:0]  cbfc_sent,
  input  wire [3:0]    paused,
  output wire          tx_start,      // a data frame starts (its decision)
  output wire [1:0]    tx_start_tc,
  output wire [15:0]   tx_start_len,  // bytes, FCS included
  // ---- events
  output wire          ev_tx_frame,   // a data frame's last beat went
  output wire          ev_tx_pfc      // a flow-control frame's last beat went
);
  `include "common_params.vh"

  localparam integer RW  = $clog2(RBD);
  localparam integer TW  = $clog2(TQD);
  localparam integer TDD = TQD / 8;          // frames per class queue (8 words at least each)
  localparam integer TDW = $clog2(TDD);
  localparam integer FWD = (FMAX + 7) / 8;

  generate if (N < 2 || N > 256 || (RBD & (RBD - 1)) != 0 || RBD < FWD + CP + 2 ||
               (TQD & (TQD - 1)) != 0 || TQD < FWD || TQD < 64 || CP < 1 || CP > 255)
  begin : g_bad_param
    `PARAM_FATAL("fabric_sw_egress: need 2 <= N <= 256, RBD and TQD powers of two, RBD >= FMAX / 8 + CP + 2, TQD >= max(64, FMAX / 8), 1 <= CP <= 255")
  end endgenerate

  // ================================================================ reassembly per source
  // A frame in a source's buffer: a descriptor word {length, class} then its words.
  reg  [63:0]   rbm [0:N*RBD-1];
  // per-source pointers and counts as flat vectors, source s at [s*RP +: RP]
  localparam integer RP = RW + 1;
  reg  [N*RP-1:0] rwp_q, rrp_q;
  reg  [N*RP-1:0] done_q;                 // complete frames in the buffer
  reg           in_cell_q;
  reg  [NW-1:0] src_q;
  reg           eof_q;
  wire [NW-1:0] h_src   = sw_data[54 +: NW];
  wire          h_sof   = sw_data[63];
  wire [RW:0]   h_used  = rwp_q[(h_src)*RP +: RP] - rrp_q[(h_src)*RP +: RP];
  wire          h_room  = h_used <= (RW + 1)'(RBD - CP - 1);
  wire          take    = sw_valid && sw_ready;
  wire [NW-1:0] w_src   = in_cell_q ? src_q : h_src;
  wire          w_en    = take && (in_cell_q || h_sof);
  wire [63:0]   w_word  = in_cell_q ? sw_data : {48'd0, sw_data[49:36], sw_data[53:52]};
  wire          w_done  = take && in_cell_q && sw_last && eof_q;

  assign sw_ready = in_cell_q || h_room;

  always @(posedge clk)
    if (w_en) rbm[{w_src, rwp_q[(w_src)*RP +: RW]}] <= w_word;

  // ================================================================ mover: source -> class queue
  reg  [63:0]   tqm [0:4*TQD-1];
  localparam integer TP = TW + 1;
  localparam integer DP = TDW + 1;
  reg  [4*TP-1:0] twp_q, trp_q;           // class c at [c*TP +: TP]
  reg  [13:0]   tdesc [0:4*TDD-1];
  reg  [4*DP-1:0] tdw_q, tdr_q;           // class c at [c*DP +: DP]
  reg           mv_q;                     // moving a frame
  reg  [NW-1:0] ms_q;                     // its source
  reg  [1:0]    mc_q;                     // its class
  reg  [13:0]   ml_q;                     // its length
  reg  [13:0]   mleft_q;                  // words left to move
  reg  [NW-1:0] mrr_q;                    // round-robin start
  reg  [NW-1:0] pick;
  reg           pick_ok;
  wire [N-1:0]  has_done;                 // sources with a complete frame
  genvar gs;
  generate for (gs = 0; gs < N; gs = gs + 1) begin : g_has
    assign has_done[gs] = (done_q[(gs)*RP +: RP] != {(RW + 1){1'b0}});
  end endgenerate
  integer ii;
  always @* begin
    pick = {NW{1'b0}};
    pick_ok = 1'b0;
    for (ii = N - 1; ii >= 0; ii = ii - 1)
      if (has_done[(ii + 32'(mrr_q)) % N]) begin
        pick = NW'((ii + 32'(mrr_q)) % N);
        pick_ok = 1'b1;
      end
  end
  wire [63:0]   pd     = rbm[{pick, rrp_q[(pick)*RP +: RW]}];   // the picked frame's descriptor
  wire [1:0]    pd_c   = pd[1:0];
  wire [13:0]   pd_l   = pd[15:2];
  wire          unused_pd = ^pd[63:16];
  wire [13:0]   pd_w   = (pd_l + 14'd7) >> 3;
  wire [TW:0]   pc_used = twp_q[(pd_c)*TP +: TP] - trp_q[(pd_c)*TP +: TP];
  wire          start  = !mv_q && pick_ok && ({{(14 - TW - 1){1'b0}}, pc_used} + pd_w <= 14'(TQD)) &&
                         (tdw_q[(pd_c)*DP +: DP] - tdr_q[(pd_c)*DP +: DP]) != (TDW + 1)'(TDD);
  wire          mstep  = mv_q;
  wire          mend   = mv_q && mleft_q == 14'd1;

  always @(posedge clk) begin
    if (mstep) tqm[{mc_q, twp_q[(mc_q)*TP +: TW]}] <= rbm[{ms_q, rrp_q[(ms_q)*RP +: RW]}];
    if (mend) tdesc[{mc_q, tdw_q[(mc_q)*DP +: TDW]}] <= ml_q;
  end

  // ================================================================ transmitter
  reg           tx_q;                     // sending a data frame
  reg           px_q;                     // sending a PFC frame
  reg  [1:0]    tc_q;
  reg  [10:0]   tb_q;                     // beat of the frame
  reg  [1:0]    trr_q;
  reg  [479:0]  pfc_q;                    // the PFC frame's first 60 bytes
  reg  [1:0]    tpick;
  reg           tpick_ok;
  wire [3:0]    tc_ready;                 // classes with a frame queued and not paused
  genvar gc;
  generate for (gc = 0; gc < 4; gc = gc + 1) begin : g_tcr
    assign tc_ready[gc] = (tdw_q[(gc)*DP +: DP] != tdr_q[(gc)*DP +: DP]) && !paused[gc];
  end endgenerate
  integer kk;
  always @* begin
    tpick = 2'd0;
    tpick_ok = 1'b0;
    for (kk = 3; kk >= 0; kk = kk - 1)
      if (tc_ready[(kk + 32'(trr_q)) % 4]) begin
        tpick = 2'((kk + 32'(trr_q)) % 4);
        tpick_ok = 1'b1;
      end
  end
  wire [13:0]  t_len   = tdesc[{tc_q, tdr_q[(tc_q)*DP +: TDW]}];
  wire [10:0]  t_beats = 11'((t_len + 14'd7) >> 3);
  // 802.1Qbb: priority 0's time first (bytes 18-19) .. priority 7's last (bytes 32-33);
  // pfc_time has priority i at [16i +: 16]
  wire [127:0] pfc_tbe;
  genvar gt;
  generate for (gt = 0; gt < 8; gt = gt + 1) begin : g_tbe
    assign pfc_tbe[127 - 16*gt -: 16] = pfc_time[16*gt +: 16];
  end endgenerate
  wire [127:0] cbfc_lbe, cbfc_sbe;        // limits and units sent, class 0 first
  generate for (gt = 0; gt < 8; gt = gt + 1) begin : g_cbe
    assign cbfc_lbe[127 - 16*gt -: 16] = cbfc_limit[16*gt +: 16];
    assign cbfc_sbe[127 - 16*gt -: 16] = cbfc_sent[16*gt +: 16];
  end endgenerate
  wire [31:0]  pfc_fcs;
  crc_comb #(.CRC_W(32), .POLY(32'h04C11DB7), .DATA_W(480)) u_pfc_crc (
    .crc_in(32'hFFFFFFFF), .data_in(bitrev_bytes(pfc_q)), .crc_out(pfc_fcs));
  // crc_comb is the non-reflected step: Ethernet's reflected CRC-32 feeds each byte LSB first
  // and reads the register reversed and inverted
  function [479:0] bitrev_bytes(input [479:0] x);
    integer b, j;
    for (b = 0; b < 60; b = b + 1)
      for (j = 0; j < 8; j = j + 1) bitrev_bytes[8 * b + j] = x[8 * b + 7 - j];
  endfunction
  wire [31:0] fcs_r;
  genvar g;
  generate for (g = 0; g < 32; g = g + 1) begin : g_fcs
    assign fcs_r[g] = ~pfc_fcs[31 - g];
  end endgenerate
  wire [511:0] pfc_frame = {pfc_q, fcs_r[7:0], fcs_r[15:8], fcs_r[23:16], fcs_r[31:24]};
  wire         idle      = !tx_q && !px_q;
  wire         send_pfc  = idle && pfc_owed;
  wire         send_data = idle && !pfc_owed && tpick_ok;
  wire         beat      = m_valid && m_ready;
  wire         t_last    = tx_q && tb_q == t_beats - 11'd1;
  wire         p_last    = px_q && tb_q == 11'd7;

  assign pfc_sent    = send_pfc;
  assign tx_start    = send_data;
  assign tx_start_tc = tpick;
  assign tx_start_len = {2'b00, tdesc[{tpick, tdr_q[(tpick)*DP +: TDW]}]};
  assign m_valid     = tx_q || px_q;
  // zero between frames: the queue RAM is not reset, and no X leaves the port
  assign m_data      = px_q ? pfc_frame[511 - 64 * tb_q[2:0] -: 64]
                     : tx_q ? tqm[{tc_q, trp_q[(tc_q)*TP +: TW]}] : 64'd0;
  assign m_last      = t_last || p_last;
  assign m_nbytes    = (t_last && t_len[2:0] != 3'd0) ? {1'b0, t_len[2:0]} : 4'd8;
  assign ev_tx_frame = beat && t_last;
  assign ev_tx_pfc   = beat && p_last;

  // ================================================================ state
  integer s;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      in_cell_q <= 1'b0;
      src_q     <= {NW{1'b0}};
      eof_q     <= 1'b0;
      rwp_q  <= {(N * RP){1'b0}};
      rrp_q  <= {(N * RP){1'b0}};
      done_q <= {(N * RP){1'b0}};
      twp_q  <= {(4 * TP){1'b0}};
      trp_q  <= {(4 * TP){1'b0}};
      tdw_q  <= {(4 * DP){1'b0}};
      tdr_q  <= {(4 * DP){1'b0}};
      mv_q    <= 1'b0;
      ms_q    <= {NW{1'b0}};
      mc_q    <= 2'd0;
      ml_q    <= 14'd0;
      mleft_q <= 14'd0;
      mrr_q   <= {NW{1'b0}};
      tx_q    <= 1'b0;
      px_q    <= 1'b0;
      tc_q    <= 2'd0;
      tb_q    <= 11'd0;
      trr_q   <= 2'd0;
      pfc_q   <= 480'd0;
    end else begin
      // reassembly
      if (take) begin
        if (!in_cell_q) begin
          in_cell_q <= 1'b1;
          src_q     <= h_src;
          eof_q     <= sw_data[62];
        end else if (sw_last) begin
          in_cell_q <= 1'b0;
        end
      end
      if (w_en) rwp_q[(w_src)*RP +: RP] <= rwp_q[(w_src)*RP +: RP] + 1'b1;
      for (s = 0; s < N; s = s + 1)
        done_q[(s)*RP +: RP] <= done_q[(s)*RP +: RP] + {{RW{1'b0}}, w_done && src_q == s[NW-1:0]}
                               - {{RW{1'b0}}, start && pick == s[NW-1:0]};
      // mover
      if (start) begin
        mv_q    <= 1'b1;
        ms_q    <= pick;
        mc_q    <= pd_c;
        ml_q    <= pd_l;
        mleft_q <= pd_w;
        mrr_q   <= NW'((32'(pick) + 1) % N);
        rrp_q[(pick)*RP +: RP] <= rrp_q[(pick)*RP +: RP] + 1'b1;     // past the descriptor word
      end
      if (mstep) begin
        rrp_q[(ms_q)*RP +: RP] <= rrp_q[(ms_q)*RP +: RP] + 1'b1;
        twp_q[(mc_q)*TP +: TP] <= twp_q[(mc_q)*TP +: TP] + 1'b1;
        mleft_q     <= mleft_q - 14'd1;
        if (mend) begin
          mv_q        <= 1'b0;
          tdw_q[(mc_q)*DP +: DP] <= tdw_q[(mc_q)*DP +: DP] + 1'b1;
        end
      end
      // transmitter
      if (send_pfc) begin
        px_q  <= 1'b1;
        tb_q  <= 11'd0;
        pfc_q <= fc_cbfc ? {48'h0180C2000001, cfg_mac, 16'h8808, 16'hFFFE, cbfc_oui, 8'h01,
                            8'h00, cbfc_cev, cbfc_lbe, cbfc_sbe, 48'd0}
                         : {48'h0180C2000001, cfg_mac, 16'h8808, 16'h0101, 8'h00, pfc_cev,
                            pfc_tbe, 208'd0};
      end else if (send_data) begin
        tx_q  <= 1'b1;
        tc_q  <= tpick;
        tb_q  <= 11'd0;
        trr_q <= tpick + 2'd1;
      end
      if (beat) begin
        tb_q <= tb_q + 11'd1;
        if (tx_q) trp_q[(tc_q)*TP +: TP] <= trp_q[(tc_q)*TP +: TP] + 1'b1;
        if (t_last) begin
          tx_q <= 1'b0;
          tdr_q[(tc_q)*DP +: DP] <= tdr_q[(tc_q)*DP +: DP] + 1'b1;
        end
        if (p_last) px_q <= 1'b0;
      end
    end
  end

  `ASSERT_CLK(cell_room, clk, rst_n, !(take && !in_cell_q) || h_room,
              "fabric_sw_egress: a cell taken without room")
  `ASSERT_CLK(cell_header, clk, rst_n, !(sw_valid && !in_cell_q) || !sw_last,
              "fabric_sw_egress: a cell without payload")
  `ASSERT_STABLE(m_stable, clk, rst_n, m_valid, m_ready, ({m_data, m_nbytes, m_last}), 69,
                 "fabric_sw_egress: link beat")
endmodule

`resetall
