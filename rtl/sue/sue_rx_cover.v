// sue_rx_cover: receive-side guest flow control of a 2- or 4-port SUE instance
// (docs/sue/sue_fail_xbar.md "Guest flow control", receive). While a port's frames come over
// another port's wire (sue_fail_xbar's ep_rx_via: the peer failed them over or detoured them),
// they fill that port's receive buffer, but its own wire's PFC cannot hold them: its XOFF goes
// out on its own link, which does not carry them. So a port that has taken such a frame is
// covered: every other port's PFC sees, per class, the fuller of its own receive buffer and the
// covered ports' (g_cls_level into sue_endpoint, where a VC's level for PFC is the larger of its
// own and its class's here), and the peer's host wire pauses the guests with its own frames.
// Which wire brought the frames does not matter: all the others pause (a P = 4 instance may
// pause a wire that carries none of them, only while the covered buffer is above XOFF).
// Cover starts with a beat of such a frame taken and ends when the port's receive buffer is
// empty (every VC's level 0): what arrives after that is below XOFF until it has filled again,
// and its first beat covers it again. CBFC is not folded (a limit advertised cannot be taken
// back; docs/sue/sue_fail_xbar.md "Not covered").
// Timing: cover during cycle t is from the beats taken up to the edge ending t - 1 and the levels
// of cycle t - 1; g_cls_level during cycle t is combinational from cover and cls_level of cycle t.
// Model: csrc/ref/sue/sue_rx_cover_model.c (cycle-exact; tb/sue/test_sue_multi.c)
`resetall
`default_nettype none
`include "assert.vh"

module sue_rx_cover #(
  parameter integer P  = 2,
  parameter integer BW = 15     // bits of a receive-buffer level (sue_endpoint's RBW)
) (
  input  wire              clk,
  input  wire              rst_n,
  input  wire [P-1:0]      via_take,     // endpoint e took a beat of a frame from another wire
  input  wire [P*8*BW-1:0] cls_level,    // endpoint e's rx_cls_level at [8*BW*e +: 8*BW]
  output wire [P-1:0]      covered,       // endpoint e's buffer is held by the other wires' PFC
  output wire [P*8*BW-1:0] g_cls_level   // for endpoint w: per class the covered others' highest
);
  generate if (P < 2 || P > 4 || BW < 1 || BW > 32) begin : g_bad_param
    `PARAM_FATAL("sue_rx_cover: need 2 <= P <= 4 and 1 <= BW <= 32")
  end endgenerate

  reg  [P-1:0] cover_q;
  wire [P-1:0] busy;            // some VC of endpoint e holds bytes
  genvar ge, gw, gc;
  generate for (ge = 0; ge < P; ge = ge + 1) begin : g_busy
    assign busy[ge] = |cls_level[8*BW*ge +: 8*BW];
  end endgenerate
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) cover_q <= {P{1'b0}};
    else cover_q <= via_take | (cover_q & busy);
  end
  assign covered = cover_q;

  generate for (gw = 0; gw < P; gw = gw + 1) begin : g_wire
    for (gc = 0; gc < 8; gc = gc + 1) begin : g_cls
      reg [BW-1:0] m;
      integer k;
      always @(*) begin
        m = {BW{1'b0}};
        for (k = 0; k < P; k = k + 1)
          if (k != gw && cover_q[k] && cls_level[8*BW*k + BW*gc +: BW] > m)
            m = cls_level[8*BW*k + BW*gc +: BW];
      end
      assign g_cls_level[8*BW*gw + BW*gc +: BW] = m;
    end
  end endgenerate
endmodule

`resetall
