// sue_fail_xbar: cross-port failover of a 2- or 4-port SUE instance (docs/sue/sue_fail_xbar.md).
// Between the ports' datapaths (each a sue_endpoint) and the wires: while port e's wire is down,
// endpoint e's frames go out on a live wire (the next one up after e), a frame at a time between
// that wire's own frames, so the PDUs port e holds unacknowledged are resent by its own go-back-N
// on another port (spec 3.3.7: failover in unordered mode) and its PSN space, and so order and
// exactly-once, stay where they are. A frame the endpoint tags detoured (ep_tx_detour: its
// destination does not answer over this port's plane, sue_reach) goes the same way with the
// endpoint's wire up (the detour, docs/sue/sue_fail_xbar.md). On receive a frame goes to the
// endpoint whose MAC is its destination address (byte 0 in every SUE header format), so the
// peer's failed-over frames reach the right endpoint whatever wire they came on. A frame to a
// group address (PFC, CBFC: link-local) is never carried on another wire (802.1Qbb: it belongs
// to its own link), and one received goes to the wire's own endpoint. Only endpoints whose
// frames carry their port's MAC (the UDP header format, cfg_mac_on) fail over or are steered to:
// in the AIFH formats every port of an instance has the same address, so a frame could not find
// its port's PSN space.
// A wire holds an endpoint from its first beat offered to its last taken (AXI4-Stream: an offer
// is never withdrawn). If the wire goes down meanwhile and the endpoint is to move, the frame is
// cut: the endpoint's beat on offer is taken into a register the wire keeps offering, the rest of
// the frame is taken and discarded, and the wire ends the frame on its own with a 4-byte beat that
// is the complement of the FCS of what it sent, so the frame is dropped wherever it arrives
// (go-back-N resends it) and the endpoint moves at once, whatever its dead wire does.
// On receive the same holds the other way: an endpoint inside a frame from a wire that went down
// and has no beat on offer is given the frame's end itself (a 1-byte last beat with ep_rx_user,
// the MAC's error: the endpoint drops the frame as a bad FCS), so that it can take the frames the
// live wires bring it; else one frame cut off by the outage would stall every wire steering to it.
// Guest flow control: a wire's flow control (802.1Qbb PFC, or CBFC) is its link's, so it holds
// the guests it carries as it holds its own endpoint. A guest's frame that takes flow control
// (ep_tx_fc: data, replay, ACK, NACK) of class c starts on wire w only while endpoint w does not
// block class c for guests (ep_fc_gblock: PFC paused, or CBFC short of two frames: one for the
// guest, one for a frame endpoint w decides in the same cycle), and in the cycle it is granted
// spends wire w's CBFC credits (g_*, its length in ep_tx_bytes). An endpoint whose own wire is
// down and whose frames go on another (ep_away) does not hold them to its own flow control.
// cfg_failover = 0: each endpoint on its own wire, as without this block.
// Latency: none (the steering is combinational; a frame's wire or endpoint is held to its end).
// Model: csrc/ref/sue/sue_fail_xbar_model.c (cycle-exact; tb/sue/test_sue_multi.c)
`resetall
`default_nettype none
`include "assert.vh"

module sue_fail_xbar #(
  parameter integer P     = 2,
  parameter integer ETH_W = 128,
  localparam integer EBW  = $clog2(ETH_W / 8 + 1)
) (
  input  wire               clk,
  input  wire               rst_n,
  input  wire               cfg_failover,  // MCTRL.FAILOVER
  input  wire [P-1:0]       link_q,        // the wires' links (MSTATUS.LINK)
  input  wire [P*48-1:0]    cfg_mac,       // endpoint e's MAC at [48e +: 48]
  input  wire [P-1:0]       cfg_mac_on,    // ... in its frames (the UDP header format)
  // ---- the endpoints' Ethernet ports, endpoint e at [e * width +: width]
  input  wire [P-1:0]       ep_tx_valid,
  output wire [P-1:0]       ep_tx_ready,
  input  wire [P*ETH_W-1:0] ep_tx_data,
  input  wire [P*EBW-1:0]   ep_tx_nbytes,
  input  wire [P-1:0]       ep_tx_last,
  input  wire [P-1:0]       ep_tx_detour,  // the frame's destination is detoured (sue_reach)
  input  wire [P-1:0]       ep_tx_fc,      // the frame takes flow control ...
  input  wire [P*3-1:0]     ep_tx_cls,     //   ... of this class
  input  wire [P*16-1:0]    ep_tx_bytes,   //   ... and so many bytes (CBFC)
  input  wire [P*8-1:0]     ep_fc_gblock,  // endpoint w blocks guests' class c at [8w + c]
  output wire [P-1:0]       ep_away,       // endpoint e's frames go on another wire (its down)
  output wire [P-1:0]       g_valid,       // a guest's frame granted on wire w spends its ...
  output wire [P*3-1:0]     g_cls,         //   ... endpoint's CBFC credits of this class
  output wire [P*16-1:0]    g_bytes,
  output wire [P-1:0]       ep_rx_valid,
  input  wire [P-1:0]       ep_rx_ready,
  output wire [P*ETH_W-1:0] ep_rx_data,
  output wire [P*EBW-1:0]   ep_rx_nbytes,
  output wire [P-1:0]       ep_rx_last,
  output wire [P-1:0]       ep_rx_user,
  output wire [P-1:0]       ep_rx_via,     // the beat offered comes over another wire
  // ---- the wires, wire w at [w * width +: width]
  output wire [P-1:0]       eth_tx_valid,
  input  wire [P-1:0]       eth_tx_ready,
  output wire [P*ETH_W-1:0] eth_tx_data,
  output wire [P*EBW-1:0]   eth_tx_nbytes,
  output wire [P-1:0]       eth_tx_last,
  input  wire [P-1:0]       eth_rx_valid,
  output wire [P-1:0]       eth_rx_ready,
  input  wire [P*ETH_W-1:0] eth_rx_data,
  input  wire [P*EBW-1:0]   eth_rx_nbytes,
  input  wire [P-1:0]       eth_rx_last,
  input  wire [P-1:0]       eth_rx_user,
  // ---- events (counters) and status
  output wire [P*2-1:0]     host,          // the wire carrying endpoint e's frames at [2e +: 2]
  output wire [2:0]         n_carried,     // frames sent on a wire not their endpoint's
  output wire [2:0]         n_dropped,     // group-addressed frames of failed-over endpoints
  output wire [2:0]         n_steered,     // frames received for another wire's endpoint
  output wire [2:0]         n_cut,         // frames cut on a dead wire (ended with a bad FCS)
  output wire [2:0]         n_rx_cut       // frames into an endpoint cut off by a dead wire
);
  generate if (P != 2 && P != 4) begin : g_bad_param
    `PARAM_FATAL("sue_fail_xbar: P must be 2 or 4")
  end endgenerate
  generate if (ETH_W < 64) begin : g_bad_eth
    `PARAM_FATAL("sue_fail_xbar: ETH_W must hold the destination address in the first beat")
  end endgenerate

  localparam integer IW = (P == 2) ? 1 : 2;

  // the next port after `from` (from + 1, from + 2, ... mod P) set in m; `from` if none
  function automatic [IW-1:0] next_set(input [P-1:0] m, input integer from);
    integer k;
    begin
      next_set = IW'(from);
      for (k = P - 1; k >= 1; k = k - 1)
        if (m[(from + k) % P]) next_set = IW'((from + k) % P);
    end
  endfunction
  // whether some k with v[k] has index x in idx (idx: a field of IW bits per k)
  function automatic any_at(input [P-1:0] v, input [P*IW-1:0] idx, input [IW-1:0] x);
    integer k;
    begin
      any_at = 1'b0;
      for (k = 0; k < P; k = k + 1)
        if (v[k] && idx[IW*k +: IW] == x) any_at = 1'b1;
    end
  endfunction

  // the lowest port set in m; dflt if none
  function automatic [IW-1:0] lowest_set(input [P-1:0] m, input [IW-1:0] dflt);
    integer k;
    begin
      lowest_set = dflt;
      for (k = P - 1; k >= 0; k = k - 1)
        if (m[k]) lowest_set = IW'(k);
    end
  endfunction

  // Registers, port or wire x's field at [x * IW +: IW]:
  reg  [P*IW-1:0] host_q;              // the wire carrying endpoint e's frames
  reg  [P-1:0]    tx_inf_q;            // endpoint e is inside a frame (a beat taken, not its last)
  reg  [P-1:0]    sink_q;              // ... that was cut: its beats are discarded to its last
  reg  [P-1:0]    tx_own_v_q;          // wire w holds endpoint tx_own_q[w] (an offer or a frame)
  reg  [P*IW-1:0] tx_own_q;
  reg  [P-1:0]    tx_drop_q;           // ... whose frame it drops (a guest's group-addressed frame)
  reg  [P-1:0]    tx_mid_q;            // wire w has sent a beat of its frame, not the last
  reg  [P-1:0]    cut_q;               // wire w ends a cut frame on its own: ...
  reg  [P-1:0]    hold_v_q;            // ... the beat on offer at the cut, still to send, then
  reg  [P*ETH_W-1:0] hold_d_q;         //     the terminator (4 bytes: the FCS so far, inverted)
  reg  [P*EBW-1:0]   hold_n_q;
  reg  [P-1:0]    hold_l_q;
  reg  [P-1:0]    rx_inf_q;            // wire w's frame (from its first beat shown) is for
                                       // endpoint rx_tgt_q[w]
  reg  [P*IW-1:0] rx_tgt_q;
  reg  [P-1:0]    rx_own_v_q;          // endpoint e holds wire rx_own_q[e] (an offer or a frame)
  reg  [P*IW-1:0] rx_own_q;
  reg  [P-1:0]    rx_cut_q;            // ... cut off: the endpoint is offered the error beat

  wire [P*IW-1:0] want, tx_g, tgt, rx_g;
  wire [P-1:0]    tx_gv, tx_drop_now, tx_acc, cut_now, own_nx, rx_gv, rx_acc, ep_tx_take;
  wire [P-1:0]    rx_cut_now, rx_wire_cut, rx_offer;
  wire [P*32-1:0] fcs;                 // per wire: the FCS of the bytes of its frame sent so far
  genvar w, e;

  // ---- the wire each endpoint's frames take: its own while it is up and the frame on offer is
  // not detoured; else the next one up after it (FAILOVER on, its MAC in use). It changes only
  // between the endpoint's frames.
  generate for (e = 0; e < P; e = e + 1) begin : g_want
    wire away = !link_q[e] || (ep_tx_valid[e] && ep_tx_detour[e]);
    assign want[IW*e +: IW] = cfg_failover && cfg_mac_on[e] && away ? next_set(link_q, e) :
                                                                      IW'(e);
    assign ep_away[e] = cfg_failover && cfg_mac_on[e] && !link_q[e] &&
                        next_set(link_q, e) != IW'(e);
    assign host[2*e +: 2]   = 2'(host_q[IW*e +: IW]);
  end endgenerate

  // ---- transmit: per wire, a frame at a time among the endpoints it carries
  generate for (w = 0; w < P; w = w + 1) begin : g_tx
    wire [IW-1:0] o = tx_own_q[IW*w +: IW];
    // an endpoint offers a first beat only on the wire it is to use (its host changes at the
    // edge otherwise): an offer once made is held to the wire, so it must be on the right one
    // a guest's frame that takes flow control only while wire w's endpoint lets its class pass
    wire [P-1:0] req;
    for (e = 0; e < P; e = e + 1) begin : g_req
      wire blk = e != w && ep_tx_fc[e] && ep_fc_gblock[8*w + ep_tx_cls[3*e +: 3]];
      assign req[e] = !cut_q[w] && (tx_own_v_q[w] ? o == IW'(e) :
                      ep_tx_valid[e] && !sink_q[e] && host_q[IW*e +: IW] == IW'(w) &&
                      want[IW*e +: IW] == IW'(w) && !blk);
    end
    wire [IW-1:0] g;
    rr_arbiter #(.N(P)) u_arb (
      .clk(clk), .rst_n(rst_n), .req(req),
      .update((tx_acc[w] && ep_tx_last[g]) || cut_now[w]),
      /* verilator lint_off PINCONNECTEMPTY */ // the index is enough
      .gnt(), .gnt_valid(tx_gv[w]), .gnt_idx(g)
      /* verilator lint_on PINCONNECTEMPTY */
    );
    assign tx_g[IW*w +: IW] = g;
    // granted afresh (no frame held): a guest's frame that takes flow control spends here
    assign g_valid[w]          = tx_gv[w] && !tx_own_v_q[w] && g != IW'(w) && ep_tx_fc[g] &&
                                 !tx_drop_now[w];
    assign g_cls[3*w +: 3]     = ep_tx_cls[3*g +: 3];
    assign g_bytes[16*w +: 16] = ep_tx_bytes[16*g +: 16];
    // the frame is cut when its wire is down and its endpoint is to use another
    assign cut_now[w]     = tx_own_v_q[w] && !tx_drop_q[w] && !link_q[w] &&
                            want[IW*o +: IW] != IW'(w);
    // byte 0 is at the top of a beat; its bit 0 is the I/G bit of the destination address
    assign tx_drop_now[w] = tx_own_v_q[w] ? tx_drop_q[w] :
                            g != IW'(w) && ep_tx_data[ETH_W * g + ETH_W - 8];
    // the endpoint's beat taken (onto the wire, into the drop, or into the hold at a cut)
    assign tx_acc[w]      = tx_gv[w] && ep_tx_valid[g] &&
                            (cut_now[w] || tx_drop_now[w] || eth_tx_ready[w]);
    // the wire still holds an endpoint after this cycle: its offer not taken, or its frame open
    assign own_nx[w]      = !cut_now[w] && tx_gv[w] && !(tx_acc[w] && ep_tx_last[g]);
    // the data mux rests on the wire's own endpoint when nothing is granted: an idle wire does
    // not follow another endpoint's beats (no toggling for nothing; an event-driven simulator
    // would evaluate what the wire feeds on each)
    wire [IW-1:0]    s    = tx_gv[w] ? g : IW'(w);
    wire [31:0]      f    = ~fcs[32*w +: 32];
    wire [ETH_W-1:0] term = {f[7:0], f[15:8], f[23:16], f[31:24], {(ETH_W-32){1'b0}}};
    assign eth_tx_valid[w]               = cut_q[w] || (tx_gv[w] && ep_tx_valid[g] &&
                                                        !tx_drop_now[w]);
    assign eth_tx_data[ETH_W*w +: ETH_W] = !cut_q[w] ? ep_tx_data[ETH_W*s +: ETH_W] :
                                           hold_v_q[w] ? hold_d_q[ETH_W*w +: ETH_W] : term;
    assign eth_tx_nbytes[EBW*w +: EBW]   = !cut_q[w] ? ep_tx_nbytes[EBW*s +: EBW] :
                                           hold_v_q[w] ? hold_n_q[EBW*w +: EBW] : EBW'(4);
    assign eth_tx_last[w]                = !cut_q[w] ? ep_tx_last[s] :
                                           !hold_v_q[w] || hold_l_q[w];
    // the FCS (as sue_tx_frame's) of the bytes the wire has sent of its frame, for a terminator
    /* verilator lint_off PINCONNECTEMPTY */ // the registered value is the one wanted
    crc_stream #(.CRC_W(32), .POLY(32'h04C11DB7), .INIT(32'hFFFFFFFF), .REFIN(1), .REFOUT(1),
                 .XOROUT(32'hFFFFFFFF), .DATA_W(ETH_W)) u_fcs (
      .clk(clk), .rst_n(rst_n), .start(!tx_mid_q[w]), .valid(eth_tx_valid[w] && eth_tx_ready[w]),
      .data(eth_tx_data[ETH_W*w +: ETH_W]), .nbytes(eth_tx_nbytes[EBW*w +: EBW]),
      .crc(), .crc_reg(fcs[32*w +: 32]));
    /* verilator lint_on PINCONNECTEMPTY */
  end endgenerate

  generate for (e = 0; e < P; e = e + 1) begin : g_ep_tx
    wire [IW-1:0] hw = host_q[IW*e +: IW];
    assign ep_tx_ready[e] = sink_q[e] || (tx_gv[hw] && tx_g[IW*hw +: IW] == IW'(e) &&
                            (cut_now[hw] || tx_drop_now[hw] || eth_tx_ready[hw]));
    assign ep_tx_take[e]  = ep_tx_valid[e] && ep_tx_ready[e];
  end endgenerate

  // ---- receive: per wire, the endpoint its frame is for (its destination MAC: another
  // endpoint's in use, FAILOVER on; else the wire's own), held to the frame's end
  generate for (w = 0; w < P; w = w + 1) begin : g_tgt
    wire [P-1:0] hit;
    for (e = 0; e < P; e = e + 1) begin : g_hit
      assign hit[e] = e != w && cfg_failover && cfg_mac_on[e] &&
                      eth_rx_data[ETH_W*w + ETH_W - 48 +: 48] == cfg_mac[48*e +: 48];
    end
    assign tgt[IW*w +: IW] = rx_inf_q[w] ? rx_tgt_q[IW*w +: IW] : lowest_set(hit, IW'(w));
  end endgenerate

  // ---- receive: per endpoint, a frame at a time among the wires that have one for it
  generate for (e = 0; e < P; e = e + 1) begin : g_rx
    wire [P-1:0] req;
    for (w = 0; w < P; w = w + 1) begin : g_req
      assign req[w] = rx_own_v_q[e] ? rx_own_q[IW*e +: IW] == IW'(w) :
                                      eth_rx_valid[w] && tgt[IW*w +: IW] == IW'(e);
    end
    wire [IW-1:0] g;
    rr_arbiter #(.N(P)) u_arb (
      .clk(clk), .rst_n(rst_n), .req(req), .update(rx_acc[e] && eth_rx_last[g]),
      /* verilator lint_off PINCONNECTEMPTY */
      .gnt(), .gnt_valid(rx_gv[e]), .gnt_idx(g)
      /* verilator lint_on PINCONNECTEMPTY */
    );
    assign rx_g[IW*e +: IW]              = g;
    assign rx_offer[e]                   = !rx_cut_q[e] && rx_gv[e] && eth_rx_valid[g];
    assign rx_acc[e]                     = rx_offer[e] && ep_rx_ready[e];
    // cut off: inside a frame from a wire that is down (FAILOVER on) and shows no beat
    wire [IW-1:0] ow = rx_own_q[IW*e +: IW];
    assign rx_cut_now[e] = cfg_failover && rx_own_v_q[e] && !rx_cut_q[e] && !link_q[ow] &&
                           !eth_rx_valid[ow];
    // at rest on the endpoint's own wire (as the transmit side): an idle endpoint's receive
    // path (its FCS check) does not follow another wire's frames
    wire [IW-1:0] s = rx_gv[e] ? g : IW'(e);
    assign ep_rx_valid[e]                = rx_cut_q[e] || (rx_gv[e] && eth_rx_valid[g]);
    assign ep_rx_data[ETH_W*e +: ETH_W]  = rx_cut_q[e] ? {ETH_W{1'b0}} :
                                                         eth_rx_data[ETH_W*s +: ETH_W];
    assign ep_rx_nbytes[EBW*e +: EBW]    = rx_cut_q[e] ? EBW'(1) : eth_rx_nbytes[EBW*s +: EBW];
    assign ep_rx_last[e]                 = rx_cut_q[e] || eth_rx_last[s];
    assign ep_rx_user[e]                 = rx_cut_q[e] || eth_rx_user[s];
    assign ep_rx_via[e]                  = !rx_cut_q[e] && s != IW'(e);
  end endgenerate
  generate for (w = 0; w < P; w = w + 1) begin : g_rx_ready
    wire [IW-1:0] t = tgt[IW*w +: IW];
    assign eth_rx_ready[w] = !rx_cut_q[t] && rx_gv[t] && rx_g[IW*t +: IW] == IW'(w) &&
                             ep_rx_ready[t];
    // the wire whose frame an endpoint was cut off from: it starts afresh
    assign rx_wire_cut[w] = any_at(rx_cut_now, rx_own_q, IW'(w));
  end endgenerate

  // ---- counters: each frame once, at its first beat
  wire [P-1:0] car, drp, str, cut;
  generate for (w = 0; w < P; w = w + 1) begin : g_cnt
    wire [IW-1:0] g = tx_g[IW*w +: IW];
    assign car[w] = tx_acc[w] && !tx_inf_q[g] && g != IW'(w) && !tx_drop_now[w];
    assign drp[w] = tx_acc[w] && !tx_inf_q[g] && tx_drop_now[w];
    // a frame ended by the terminator (one whose last beat is on offer goes out whole)
    assign cut[w] = cut_now[w] && !(ep_tx_valid[g] && ep_tx_last[g]);
    assign str[w] = eth_rx_valid[w] && !rx_inf_q[w] && tgt[IW*w +: IW] != IW'(w);
  end endgenerate
  function automatic [2:0] ones(input [P-1:0] m);
    integer k;
    begin
      ones = 3'd0;
      for (k = 0; k < P; k = k + 1)
        ones = ones + {2'd0, m[k]};
    end
  endfunction
  assign n_carried = ones(car);
  assign n_dropped = ones(drp);
  assign n_steered = ones(str);
  assign n_cut     = ones(cut);
  assign n_rx_cut  = ones(rx_cut_now);

  // ---- registers
  // endpoint e still holds a wire after this cycle (its offer or its frame)
  wire [P-1:0] held_nx;
  generate for (e = 0; e < P; e = e + 1) begin : g_held
    assign held_nx[e] = any_at(own_nx, tx_g, IW'(e));
  end endgenerate

  integer i;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      tx_inf_q   <= {P{1'b0}};
      sink_q     <= {P{1'b0}};
      tx_own_v_q <= {P{1'b0}};
      tx_drop_q  <= {P{1'b0}};
      tx_mid_q   <= {P{1'b0}};
      cut_q      <= {P{1'b0}};
      hold_v_q   <= {P{1'b0}};
      hold_d_q   <= {P*ETH_W{1'b0}};
      hold_n_q   <= {P*EBW{1'b0}};
      hold_l_q   <= {P{1'b0}};
      rx_inf_q   <= {P{1'b0}};
      rx_own_v_q <= {P{1'b0}};
      rx_cut_q   <= {P{1'b0}};
      tx_own_q   <= {P*IW{1'b0}};
      rx_own_q   <= {P*IW{1'b0}};
      for (i = 0; i < P; i = i + 1) begin
        host_q[IW*i +: IW]   <= IW'(i);
        rx_tgt_q[IW*i +: IW] <= IW'(i);
      end
    end else begin
      for (i = 0; i < P; i = i + 1) begin
        // endpoint i: in a frame after this cycle? its wire may change only when it is in none
        // and holds no wire
        if (ep_tx_take[i]) begin
          tx_inf_q[i] <= !ep_tx_last[i];
          if (ep_tx_last[i]) sink_q[i] <= 1'b0;
        end
        if (!(ep_tx_take[i] ? !ep_tx_last[i] : tx_inf_q[i]) && !held_nx[i])
          host_q[IW*i +: IW] <= want[IW*i +: IW];
        // wire i's transmit frame
        if (eth_tx_valid[i] && eth_tx_ready[i]) tx_mid_q[i] <= !eth_tx_last[i];
        tx_own_v_q[i] <= own_nx[i];
        if (tx_gv[i]) begin
          tx_own_q[IW*i +: IW] <= tx_g[IW*i +: IW];
          tx_drop_q[i]         <= tx_drop_now[i];
        end
        if (cut_now[i]) begin
          // the endpoint's beat on offer: taken by the wire now, or held for it; the rest of the
          // frame is discarded, and the terminator follows unless the beat was the last
          if (ep_tx_valid[tx_g[IW*i +: IW]]) begin
            if (!ep_tx_last[tx_g[IW*i +: IW]]) sink_q[tx_g[IW*i +: IW]] <= 1'b1;
            hold_v_q[i] <= !eth_tx_ready[i];
            cut_q[i]    <= !eth_tx_ready[i] || !ep_tx_last[tx_g[IW*i +: IW]];
          end else begin
            sink_q[tx_g[IW*i +: IW]] <= 1'b1;
            hold_v_q[i] <= 1'b0;
            cut_q[i]    <= 1'b1;
          end
          hold_d_q[ETH_W*i +: ETH_W] <= ep_tx_data[ETH_W*tx_g[IW*i +: IW] +: ETH_W];
          hold_n_q[EBW*i +: EBW]     <= ep_tx_nbytes[EBW*tx_g[IW*i +: IW] +: EBW];
          hold_l_q[i]                <= ep_tx_last[tx_g[IW*i +: IW]];
        end else if (cut_q[i] && eth_tx_ready[i]) begin
          hold_v_q[i] <= 1'b0;
          cut_q[i]    <= hold_v_q[i] && !hold_l_q[i];
        end
        // wire i's receive frame: bound to its endpoint from its first beat shown to its last
        // taken, so that a change of FAILOVER or of a MAC in use cannot move an offered beat (a
        // cut-off frame's wire shows no beat, and starts afresh)
        if (rx_wire_cut[i]) begin
          rx_inf_q[i]          <= 1'b0;
        end else if (eth_rx_valid[i]) begin
          rx_inf_q[i]          <= !(eth_rx_ready[i] && eth_rx_last[i]);
          rx_tgt_q[IW*i +: IW] <= tgt[IW*i +: IW];
        end
        // endpoint i's receive frame: held to a wire from its first beat offered (AXI4-Stream:
        // an offer is never withdrawn) to its last taken, or ended by the error beat
        if (rx_offer[i]) begin
          rx_own_v_q[i]        <= !(ep_rx_ready[i] && eth_rx_last[rx_g[IW*i +: IW]]);
          rx_own_q[IW*i +: IW] <= rx_g[IW*i +: IW];
        end
        if (rx_cut_now[i]) rx_cut_q[i] <= 1'b1;
        if (rx_cut_q[i] && ep_rx_ready[i]) begin
          rx_cut_q[i]   <= 1'b0;
          rx_own_v_q[i] <= 1'b0;
        end
      end
    end
  end

  // A frame holds its wire and its endpoint to its end: an owner mid-frame is still carried by
  // that wire, and a wire in a frame still feeds the endpoint it started with. A wire's offer
  // stays until taken (AXI4-Stream), whatever happens to its link or its endpoint.
  generate for (w = 0; w < P; w = w + 1) begin : g_chk
    wire [IW-1:0] o = tx_own_q[IW*w +: IW], t = rx_tgt_q[IW*w +: IW];
    `ASSERT_CLK(tx_owner_stays, clk, rst_n, !tx_own_v_q[w] || host_q[IW*o +: IW] == IW'(w),
                "an endpoint's wire changed inside its frame")
    `ASSERT_CLK(tx_owner_not_sunk, clk, rst_n, !tx_own_v_q[w] || !sink_q[o],
                "a wire holds an endpoint whose frame was cut")
    `ASSERT_STABLE(tx_offer_stable, clk, rst_n, eth_tx_valid[w], eth_tx_ready[w],
                   {eth_tx_data[ETH_W*w +: ETH_W], eth_tx_nbytes[EBW*w +: EBW], eth_tx_last[w]},
                   ETH_W + EBW + 1, "a wire's beat changed before it was taken")
    `ASSERT_STABLE(ep_tags_stable, clk, rst_n, ep_tx_valid[w], ep_tx_ready[w],
                   {ep_tx_detour[w], ep_tx_fc[w], ep_tx_cls[3*w +: 3], ep_tx_bytes[16*w +: 16]},
                   21, "an endpoint's frame tags changed before its beat was taken")
    `ASSERT_CLK(rx_owner_stays, clk, rst_n, !rx_inf_q[w] || !rx_own_v_q[t] ||
                rx_own_q[IW*t +: IW] == IW'(w) || !eth_rx_valid[w] || !eth_rx_ready[w],
                "a wire's frame fed two endpoints")
    `ASSERT_CLK(rx_cut_owned, clk, rst_n, !rx_cut_q[w] || rx_own_v_q[w],
                "an endpoint given the end of a frame it was not taking")
    `ASSERT_STABLE(rx_offer_stable, clk, rst_n, ep_rx_valid[w], ep_rx_ready[w],
                   {ep_rx_data[ETH_W*w +: ETH_W], ep_rx_nbytes[EBW*w +: EBW], ep_rx_last[w],
                    ep_rx_user[w]}, ETH_W + EBW + 2,
                   "an endpoint's receive beat changed before it was taken")
  end endgenerate
endmodule

`resetall
