// The Nebula mesh router (seed 002, 2.1.5 and 2.3; docs/noc/noc_router.md is the contract):
// five ports, five stages (buffer write, route computation, VC allocation, switch allocation,
// switch traversal), V VCs of D flits per input port with the Idle / Routing / Waiting / Active
// state machine, credits per output VC, wormhole, XY or west-first routing, message classes on
// disjoint VC sets, and counters of the errors a neighbour can cause. Every output is a register.
// TORUS 1: a router of a torus (noc_mesh's wrap links), XY the shorter way round each ring, the
// hops on a ring in two halves of the class's VCs so that the wrap link closes no cycle.
`resetall
`default_nettype none
`include "assert.vh"

module noc_router #(
  parameter integer XS      = 4,
  parameter integer YS      = 4,
  parameter integer V       = 4,
  parameter integer D       = 16,
  parameter integer PW      = 32,
  parameter integer NCLS    = 2,
  parameter integer ROUTING = 0,
  parameter integer EW      = 16,
  parameter integer LOWLAT  = 0,    // 1: RC at buffer write, speculative SA: 3 cycles a router
  parameter integer TORUS   = 0     // 1: a router of a torus (XY only)
) (
  input  wire                                    clk,
  input  wire                                    rst_n,
  input  wire [idx_w(XS)-1:0]                    my_x,
  input  wire [idx_w(YS)-1:0]                    my_y,
  input  wire [4:0]                              in_valid,
  input  wire [5*noc_fw(XS, YS, V, NCLS, PW)-1:0] in_flit,
  input  wire [5*V-1:0]                          cr_in,     // o*V + w: a credit for output VC (o, w)
  output wire [4:0]                              out_valid,
  output wire [5*noc_fw(XS, YS, V, NCLS, PW)-1:0] out_flit,
  output wire [5*V-1:0]                          cr_out,    // p*V + v: input VC (p, v) popped a flit
  output wire [5*EW-1:0]                         err_count  // OVERFLOW, VC, ROUTE, NOHEAD, CREDIT
);
  `include "common_params.vh"
  `include "noc_params.vh"

  generate if (XS < 1 || XS > 16 || YS < 1 || YS > 16 || V < 1 || V > 16 || D < 2 || D > 64 ||
               PW < 1 || PW > 32 || NCLS < 1 || NCLS > V || V % NCLS != 0 ||
               (ROUTING != 0 && ROUTING != 1) || EW < 1 || EW > 32 ||
               (LOWLAT != 0 && LOWLAT != 1) || (TORUS != 0 && (TORUS != 1 || ROUTING != 0)))
  begin : g_bad_param
    `PARAM_FATAL("noc_router: need XS, YS 1..16, V 1..16, D 2..64, PW 1..32, NCLS dividing V, ROUTING 0/1, EW 1..32, LOWLAT 0/1, TORUS 0/1 (1 with ROUTING 0)")
  end endgenerate

  localparam integer XW  = idx_w(XS);
  localparam integer YW  = idx_w(YS);
  localparam integer VCW = idx_w(V);
  localparam integer CW  = idx_w(NCLS);
  localparam integer FW  = noc_fw(XS, YS, V, NCLS, PW);
  localparam integer NV  = 5 * V;
  localparam integer VPC = V / NCLS;
  localparam integer LW  = $clog2(D + 1);      // a FIFO level, a credit counter
  localparam integer SW  = $clog2(VPC * D + 1); // a class's free credits at an output
  // flit fields
  localparam integer F_VC  = 2;
  localparam integer F_CLS = F_VC + VCW;
  localparam integer F_X   = F_CLS + CW;
  localparam integer F_Y   = F_X + XW;

  localparam [1:0] IDLE = 2'd0, ROUTING_S = 2'd1, WAITING = 2'd2, ACTIVE = 2'd3;
  localparam [2:0] DRAIN = 3'd5;
  localparam [LW-1:0] FULL = LW'(D);

  // ------------------------------------------------------------------ BW: the VC buffers
  wire [NV-1:0]    wr;
  wire [NV-1:0]    nfull;
  wire [NV-1:0]    nonempty;
  wire [NV*FW-1:0] front;
  wire [NV*LW-1:0] level;
  wire [NV-1:0]    pop;
  reg  [4:0]       bw_bad_vc, bw_ovf;
  integer          p, v, i, o, w, k;

  // LOWLAT: each entry also holds what RC found for it at buffer write, {misroute, class error,
  // route}; LOWLAT 0 stores the flit alone.
  wire [NV*5-1:0]  wr_rc;         // RC of the flit being written, per VC
  wire [NV*5-1:0]  front_rc;      // the stored RC of the front entry (LOWLAT)
  genvar gi;
  generate for (gi = 0; gi < NV; gi = gi + 1) begin : g_buf
    assign wr[gi] = in_valid[gi / V] &&
                    in_flit[(gi / V)*FW + F_VC +: VCW] == VCW'(gi % V) && nfull[gi];
    if (LOWLAT != 0) begin : g_ll
      sync_fifo #(.WIDTH(FW + 5), .DEPTH(D)) u_fifo (
        .clk(clk), .rst_n(rst_n),
        .in_valid(wr[gi]), .in_data({wr_rc[gi*5 +: 5], in_flit[(gi / V)*FW +: FW]}),
        .in_ready(nfull[gi]), .out_valid(nonempty[gi]),
        .out_data({front_rc[gi*5 +: 5], front[gi*FW +: FW]}), .out_ready(pop[gi]),
        .level(level[gi*LW +: LW])
      );
    end else begin : g_std
      sync_fifo #(.WIDTH(FW), .DEPTH(D)) u_fifo (
        .clk(clk), .rst_n(rst_n),
        .in_valid(wr[gi]), .in_data(in_flit[(gi / V)*FW +: FW]), .in_ready(nfull[gi]),
        .out_valid(nonempty[gi]), .out_data(front[gi*FW +: FW]), .out_ready(pop[gi]),
        .level(level[gi*LW +: LW])
      );
      assign front_rc[gi*5 +: 5] = 5'd0;
    end
  end endgenerate

  // Widened by a bit, so that the check is not constant when V is a power of two.
  always @* begin
    for (p = 0; p < 5; p = p + 1) begin
      bw_bad_vc[p] = in_valid[p] && {1'b0, in_flit[p*FW + F_VC +: VCW]} >= (VCW + 1)'(V);
      bw_ovf[p]    = 1'b0;
      for (v = 0; v < V; v = v + 1)
        if (in_valid[p] && in_flit[p*FW + F_VC +: VCW] == VCW'(v) && !nfull[p*V + v])
          bw_ovf[p] = 1'b1;
    end
  end

  // ------------------------------------------------------------------ VC state
  reg  [2*NV-1:0]   st_q;
  reg  [3*NV-1:0]   route_q;
  reg  [VCW*NV-1:0] ovc_q;
  reg  [NV-1:0]     busy_q;          // output VC o*V + w is held
  reg  [LW*NV-1:0]  credit_q;        // output VC o*V + w's credits

  // ------------------------------------------------------------------ RC
  reg  [5*NCLS*SW-1:0] free_c;      // [(o*NCLS + c)*SW +: SW]: class c's credits at output o
  wire [3*NV-1:0]    rc_port;
  wire [NV-1:0]      rc_mis;
  reg  [NV-1:0]      rc_bad_cls;

  always @* begin
    free_c = {5*NCLS*SW{1'b0}};
    for (o = 0; o < 5; o = o + 1)
      for (w = 0; w < V; w = w + 1)
        free_c[(o*NCLS + w / VPC)*SW +: SW] = free_c[(o*NCLS + w / VPC)*SW +: SW] +
                                              SW'(credit_q[(o*V + w)*LW +: LW]);
    // a head's class must own the VC it came on (a class out of range owns none)
    for (i = 0; i < NV; i = i + 1)
      rc_bad_cls[i] = {1'b0, front[i*FW + F_CLS +: CW]} != (CW + 1)'((i % V) / VPC);
  end

  // rc_port / rc_mis / rc_bad: what step 2 acts on for the front of VC i
  reg  [NV-1:0]      rc_bad;
  generate if (LOWLAT == 0) begin : g_rc_front
    for (gi = 0; gi < NV; gi = gi + 1) begin : g_rc
      noc_route #(
        .XS(XS), .YS(YS), .NCLS(NCLS), .SW(SW), .ROUTING(ROUTING), .TORUS(TORUS), .IN_PORT(gi / V)
      ) u_route (
        .my_x(my_x), .my_y(my_y), .cls(front[gi*FW + F_CLS +: CW]),
        .dst_x(front[gi*FW + F_X +: XW]), .dst_y(front[gi*FW + F_Y +: YW]),
        .free_n(free_c[1*NCLS*SW +: NCLS*SW]), .free_e(free_c[2*NCLS*SW +: NCLS*SW]),
        .free_s(free_c[3*NCLS*SW +: NCLS*SW]),
        .port(rc_port[gi*3 +: 3]), .misroute(rc_mis[gi])
      );
    end
    assign wr_rc = {NV*5{1'b0}};
    always @* rc_bad = rc_bad_cls;
    wire unused_rc = ^{front_rc, wr_rc};
  end else begin : g_rc_write
    // the route of the flit on each input, as it is written (lookahead's timing)
    wire [5*3-1:0] in_port_rc;
    wire [4:0]     in_mis;
    for (gi = 0; gi < 5; gi = gi + 1) begin : g_rc
      noc_route #(
        .XS(XS), .YS(YS), .NCLS(NCLS), .SW(SW), .ROUTING(ROUTING), .TORUS(TORUS), .IN_PORT(gi)
      ) u_route (
        .my_x(my_x), .my_y(my_y), .cls(in_flit[gi*FW + F_CLS +: CW]),
        .dst_x(in_flit[gi*FW + F_X +: XW]), .dst_y(in_flit[gi*FW + F_Y +: YW]),
        .free_n(free_c[1*NCLS*SW +: NCLS*SW]), .free_e(free_c[2*NCLS*SW +: NCLS*SW]),
        .free_s(free_c[3*NCLS*SW +: NCLS*SW]),
        .port(in_port_rc[gi*3 +: 3]), .misroute(in_mis[gi])
      );
    end
    for (gi = 0; gi < NV; gi = gi + 1) begin : g_st
      // {misroute, class error, route}; the class must own the VC the flit is written to
      assign wr_rc[gi*5 +: 5] = {in_mis[gi / V],
                                 {1'b0, in_flit[(gi / V)*FW + F_CLS +: CW]} != (CW + 1)'((gi % V) / VPC),
                                 in_port_rc[(gi / V)*3 +: 3]};
      assign rc_port[gi*3 +: 3] = front_rc[gi*5 +: 3];
      assign rc_mis[gi]         = front_rc[gi*5 + 4];
    end
    always @* for (i = 0; i < NV; i = i + 1) rc_bad[i] = front_rc[i*5 + 3];
    wire unused_rc = ^rc_bad_cls;
  end endgenerate

  // ------------------------------------------------------------------ VA
  wire [NV-1:0]       va_gnt;
  wire [NV*VCW-1:0]   va_ovc;
  wire [NV-1:0]       va_ask;          // the VC asks for output VC (route, va_ovc)
  reg  [NV-1:0]       va_req;
  reg  [NV*CW-1:0]    va_cls;
  reg  [NV-1:0]       routed;          // LOWLAT: ROUTING with a good route, WAITING this cycle
  reg  [3*NV-1:0]     route_e;         // the route this cycle (route_q, or the one just found)
  reg  [NV-1:0]       va_up;           // TORUS: the hop's destination is ahead, no wrap between

  always @* begin
    for (i = 0; i < NV; i = i + 1) begin
      routed[i] = LOWLAT != 0 && st_q[i*2 +: 2] == ROUTING_S && front[i*FW] && !rc_bad[i] &&
                  !rc_mis[i];
      va_req[i]            = st_q[i*2 +: 2] == WAITING || routed[i];
      va_cls[i*CW +: CW]   = front[i*FW + F_CLS +: CW];
      route_e[i*3 +: 3]    = routed[i] ? rc_port[i*3 +: 3] : route_q[i*3 +: 3];
      // the head is at the front while it waits for VA
      case (route_e[i*3 +: 3])
        3'd1:    va_up[i] = front[i*FW + F_Y +: YW] > my_y;
        3'd2:    va_up[i] = front[i*FW + F_X +: XW] > my_x;
        3'd3:    va_up[i] = front[i*FW + F_Y +: YW] < my_y;
        3'd4:    va_up[i] = front[i*FW + F_X +: XW] < my_x;
        default: va_up[i] = 1'b0;
      endcase
    end
  end

  noc_vc_alloc #(.V(V), .NCLS(NCLS), .TORUS(TORUS)) u_va (
    .clk(clk), .rst_n(rst_n), .req(va_req), .port(route_e), .cls(va_cls), .up(va_up),
    .busy(busy_q),
    .gnt(va_gnt), .ovc(va_ovc), .asked(va_ask), .taken(hold)
  );

  // ------------------------------------------------------------------ SA
  reg  [NV-1:0]       sa_req;
  reg  [NV-1:0]       sa_sreq;         // LOWLAT: speculative requests (VA in the same cycle)
  wire [4:0]          sa_win;
  wire [5*VCW-1:0]    sa_win_vc;

  // An ACTIVE VC with a flit asks for its output when its output VC has a credit (a DRAIN
  // route points past the last output VC, where has_cr is 0).
  reg  [NV:0]         has_cr;
  always @* begin
    has_cr = {1'b0, ~cr_zero};
    for (i = 0; i < NV; i = i + 1) begin
      sa_req[i] = st_q[i*2 +: 2] == ACTIVE && nonempty[i] &&
                  has_cr[route_q[i*3 +: 3] == DRAIN ? NV : route_q[i*3 +: 3]*V + 32'(ovc_q[i*VCW +: VCW])];
      // the output VC VA will give if it grants: the lowest free one of the class
      sa_sreq[i] = LOWLAT != 0 && va_req[i] && va_ask[i] &&
                   has_cr[route_e[i*3 +: 3]*V + 32'(va_ovc[i*VCW +: VCW])];
    end
  end

  noc_sw_alloc #(.V(V), .SPEC(LOWLAT)) u_sa (
    .clk(clk), .rst_n(rst_n), .req(sa_req), .sreq(sa_sreq), .spec_ok(va_gnt), .port(route_e),
    .win(sa_win), .win_vc(sa_win_vc)
  );

  // ------------------------------------------------------------------ pops and next state
  reg [NV-1:0]  sa_pop, drain_pop, nohead_pop, bad_cls_ev, mis_ev;
  reg [NV-1:0]  left;              // the VC's buffer is not empty after this cycle
  reg [LW:0]    lvl_next;

  always @* begin
    for (i = 0; i < NV; i = i + 1) begin
      sa_pop[i]     = sa_win[i / V] && sa_win_vc[(i / V)*VCW +: VCW] == VCW'(i % V);
      drain_pop[i]  = st_q[i*2 +: 2] == ACTIVE && route_q[i*3 +: 3] == DRAIN && nonempty[i];
      nohead_pop[i] = st_q[i*2 +: 2] == ROUTING_S && !front[i*FW];
      bad_cls_ev[i] = st_q[i*2 +: 2] == ROUTING_S && front[i*FW] && rc_bad[i];
      mis_ev[i]     = st_q[i*2 +: 2] == ROUTING_S && front[i*FW] && !rc_bad[i] && rc_mis[i];
    end
  end
  assign pop = sa_pop | drain_pop | nohead_pop;

  // a block of its own, after the pops: one block would read its own output (a false loop)
  integer l;
  always @* begin
    for (l = 0; l < NV; l = l + 1) begin
      lvl_next = {1'b0, level[l*LW +: LW]} + (LW + 1)'(wr[l]) - (LW + 1)'(pop[l]);
      left[l]  = lvl_next != {(LW + 1){1'b0}};
    end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st_q    <= {2*NV{1'b0}};
      route_q <= {3*NV{1'b0}};
      ovc_q   <= {VCW*NV{1'b0}};
    end else begin
      for (i = 0; i < NV; i = i + 1)
        case (st_q[i*2 +: 2])
          IDLE:
            if (left[i]) st_q[i*2 +: 2] <= ROUTING_S;
          ROUTING_S:
            if (!front[i*FW])
              st_q[i*2 +: 2] <= left[i] ? ROUTING_S : IDLE;
            else if (rc_bad[i] || rc_mis[i]) begin
              st_q[i*2 +: 2]    <= ACTIVE;
              route_q[i*3 +: 3] <= DRAIN;
            end else begin
              route_q[i*3 +: 3] <= rc_port[i*3 +: 3];
              if (!routed[i])                // LOWLAT 0: VA next cycle
                st_q[i*2 +: 2] <= WAITING;
              else if (!va_gnt[i])           // LOWLAT: routed and not allocated
                st_q[i*2 +: 2] <= WAITING;
              else begin                     // LOWLAT: allocated, and maybe sent already
                ovc_q[i*VCW +: VCW] <= va_ovc[i*VCW +: VCW];
                st_q[i*2 +: 2] <= pop[i] && front[i*FW + 1] ? (left[i] ? ROUTING_S : IDLE)
                                                             : ACTIVE;
              end
            end
          WAITING:
            if (va_gnt[i]) begin
              ovc_q[i*VCW +: VCW] <= va_ovc[i*VCW +: VCW];
              st_q[i*2 +: 2] <= pop[i] && front[i*FW + 1] ? (left[i] ? ROUTING_S : IDLE)
                                                           : ACTIVE;
            end
          default:  // ACTIVE
            if (pop[i] && front[i*FW + 1])
              st_q[i*2 +: 2] <= left[i] ? ROUTING_S : IDLE;
        endcase
    end
  end

  // ------------------------------------------------------------------ output VCs: busy, credits
  reg [NV-1:0]   take;            // SA sent a flit on output VC o*V + w
  reg [NV-1:0]   release_tail;    // ... and it was the tail
  wire [NV-1:0]  hold;            // VA gave output VC o*V + w away
  reg [NV-1:0]   cr_ovf;
  reg [NV-1:0]   cr_zero;
  reg [LW:0]     cr_sum;
  reg [NV*LW-1:0] cr_next;

  // At most one flit leaves an input port a cycle: its output VC is sa_out*V + sa_ovc.
  always @* begin
    take         = {NV{1'b0}};
    release_tail = {NV{1'b0}};
    for (p = 0; p < 5; p = p + 1)
      if (sa_win[p]) begin
        take[sa_out[p*3 +: 3]*V + 32'(sa_ovc[p*VCW +: VCW])]         = 1'b1;
        release_tail[sa_out[p*3 +: 3]*V + 32'(sa_ovc[p*VCW +: VCW])] = sa_flit[p*FW + 1];
      end
    for (k = 0; k < NV; k = k + 1) begin
      cr_sum  = {1'b0, credit_q[k*LW +: LW]} - (LW + 1)'(take[k]) + (LW + 1)'(cr_in[k]);
      cr_ovf[k]  = cr_sum > (LW + 1)'(D);
      cr_next[k*LW +: LW] = cr_ovf[k] ? FULL : cr_sum[LW-1:0];
    end
  end

  // from the registers alone, in a block of its own: SA reads it, and the block above reads SA
  integer z;
  always @* begin
    for (z = 0; z < NV; z = z + 1)
      cr_zero[z] = credit_q[z*LW +: LW] == {LW{1'b0}};
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      busy_q   <= {NV{1'b0}};
      credit_q <= {NV{FULL}};
    end else begin
      busy_q <= (busy_q | hold) & ~release_tail;
      credit_q <= cr_next;
    end
  end

  // ------------------------------------------------------------------ SA -> ST -> link
  reg  [4:0]      sa_valid_q;
  reg  [14:0]     sa_out_q;        // [p*3 +: 3]
  reg  [5*FW-1:0] sa_flit_q;
  reg  [4:0]      out_valid_q;
  reg  [5*FW-1:0] out_flit_q;
  reg  [NV-1:0]   cr_out_q;
  reg  [5*FW-1:0] sa_flit;         // the flit input p sends, its vc rewritten
  reg  [14:0]     sa_out;
  reg  [5*VCW-1:0] sa_ovc;         // the output VC of input p's flit
  reg  [4:0]      st_valid;        // output o takes the flit an input won for it last cycle
  reg  [5*FW-1:0] st_flit;
  localparam [FW-1:0] VC_MASK = FW'({VCW{1'b1}}) << F_VC;

  always @* begin
    sa_flit = {5*FW{1'b0}};
    sa_out  = 15'd0;
    sa_ovc  = {5*VCW{1'b0}};
    for (p = 0; p < 5; p = p + 1)
      for (v = 0; v < V; v = v + 1)
        if (sa_pop[p*V + v]) begin
          // a speculative winner (not yet ACTIVE) leaves on the VC allocated this cycle
          sa_ovc[p*VCW +: VCW]  = st_q[(p*V + v)*2 +: 2] == ACTIVE ? ovc_q[(p*V + v)*VCW +: VCW]
                                                                  : va_ovc[(p*V + v)*VCW +: VCW];
          sa_flit[p*FW +: FW]   = (front[(p*V + v)*FW +: FW] & ~VC_MASK) |
                                  (FW'(sa_ovc[p*VCW +: VCW]) << F_VC);
          sa_out[p*3 +: 3]      = route_e[(p*V + v)*3 +: 3];
        end
    st_valid = 5'd0;
    st_flit  = out_flit_q;   // out_flit keeps its value when nothing leaves
    for (o = 0; o < 5; o = o + 1)
      for (p = 0; p < 5; p = p + 1)
        if (sa_valid_q[p] && sa_out_q[p*3 +: 3] == 3'(o)) begin
          st_valid[o]         = 1'b1;
          st_flit[o*FW +: FW] = sa_flit_q[p*FW +: FW];
        end
  end

  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      sa_valid_q  <= 5'd0;
      sa_out_q    <= 15'd0;
      sa_flit_q   <= {5*FW{1'b0}};
      out_valid_q <= 5'd0;
      out_flit_q  <= {5*FW{1'b0}};
      cr_out_q    <= {NV{1'b0}};
    end else begin
      sa_valid_q  <= sa_win;
      sa_out_q    <= sa_out;
      sa_flit_q   <= sa_flit;
      out_valid_q <= st_valid;
      out_flit_q  <= st_flit;
      cr_out_q    <= pop;
    end
  end

  assign out_valid = out_valid_q;
  assign out_flit  = out_flit_q;
  assign cr_out    = cr_out_q;

  // ------------------------------------------------------------------ error counters
  reg [39:0] ev;                 // [e*8 +: 8]: events of kind e this cycle
  always @* begin
    ev = 40'd0;
    for (p = 0; p < 5; p = p + 1) begin
      ev[0 +: 8] = ev[0 +: 8] + 8'(bw_ovf[p]);
      ev[8 +: 8] = ev[8 +: 8] + 8'(bw_bad_vc[p]);
    end
    for (i = 0; i < NV; i = i + 1) begin
      ev[8 +: 8]  = ev[8 +: 8] + 8'(bad_cls_ev[i]);
      ev[16 +: 8] = ev[16 +: 8] + 8'(mis_ev[i]);
      ev[24 +: 8] = ev[24 +: 8] + 8'(nohead_pop[i]);
      ev[32 +: 8] = ev[32 +: 8] + 8'(cr_ovf[i]);
    end
  end
  sat_counters #(.N(5), .W(EW), .IW(8)) u_err (
    .clk(clk), .rst_n(rst_n), .inc(ev), .count(err_count));

  // ------------------------------------------------------------------ assertions
  // (LOWLAT: a speculative winner sends on the output VC allocated in the same cycle)
  `ASSERT_CLK(sa_held, clk, rst_n, (take & ~(busy_q | hold)) == {NV{1'b0}},
              "a flit sent on an output VC that is not held")
  `ASSERT_CLK(sa_credit, clk, rst_n, (take & cr_zero) == {NV{1'b0}},
              "a flit sent on an output VC without credits")
  `ASSERT_CLK(va_free_only, clk, rst_n, (hold & busy_q) == {NV{1'b0}},
              "an output VC given to two packets")
endmodule

`resetall
