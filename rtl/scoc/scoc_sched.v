// SCOC scheduler (docs/scoc/index.md): R = N / M request, grant and accept units, one clock each,
// as a pipeline (request in cycle c, grant in c + 1, accept in c + 2), with the request arrays
// of the N input ports. Cycle c belongs to timeslice c mod M; a scheduling cycle's route is the
// timeslice of its request. The accepts go to the datapath (acc_*, registered): the packet
// with that tag moves from its input port to acc_out on route acc_route, first word D - 2
// cycles after the accept, one word every M cycles.
`resetall
`default_nettype none
`include "assert.vh"

module scoc_sched #(
  parameter integer N  = 32,
  parameter integer M  = 4,
  parameter integer MT = 4,
  parameter integer QD = 16,
  parameter integer LW = 4,
  parameter integer TW = 4
) (
  input  wire                              clk,
  input  wire                              rst_n,
  input  wire [N-1:0]                      enq_valid,
  input  wire [N*$clog2(N)-1:0]            enq_dst,
  input  wire [N*LW-1:0]                   enq_len,
  input  wire [N*TW-1:0]                   enq_tag,
  input  wire [N-1:0]                      out_room,
  output wire [N*$clog2(QD+1)-1:0]         arr_count,
  output wire [(N/M)*N-1:0]                req,
  output wire [(N/M)*N*$clog2(M)-1:0]      req_cnt,
  output wire [N/M-1:0]                    gnt_valid,
  output wire [(N/M)*$clog2(M)-1:0]        gnt_out,
  output wire [(N/M)*idx_w(N/M)-1:0] gnt_ig,
  output reg  [N/M-1:0]                    acc_valid,
  output reg  [(N/M)*$clog2(M)-1:0]        acc_port,
  output reg  [(N/M)*$clog2(N)-1:0]        acc_out,
  output reg  [(N/M)*$clog2(M)-1:0]        acc_route,
  output reg  [(N/M)*LW-1:0]               acc_len,
  output reg  [(N/M)*TW-1:0]               acc_tag
);
  `include "common_params.vh"

  generate if ((M != 2 && M != 4 && M != 8 && M != 16) || N % M != 0 || N / M < 2 || N > 256 ||
               MT < 1 || MT > M || QD < 2 || QD > 32 || LW < 1 || LW > 8 || TW < 1 || TW > 8)
  begin : g_bad_param
    `PARAM_FATAL("scoc_sched: need M in {2, 4, 8, 16}, N = M x R with R >= 2 and N <= 256, 1 <= MT <= M, 2 <= QD <= 32, 1 <= LW, TW <= 8")
  end endgenerate

  localparam integer R  = N / M;
  localparam integer NW = $clog2(N);
  localparam integer MW = $clog2(M);
  localparam integer RW = idx_w(R);
  localparam integer QW = $clog2(QD);
  localparam integer CW = $clog2(QD + 1);

  // ---- timeslice
  reg  [MW-1:0] ts_q;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) ts_q <= {MW{1'b0}};
    else        ts_q <= ts_q + 1'b1;
  wire [MW-1:0] r_gnt = ts_q - 1'b1;
  wire [MW-1:0] r_acc = ts_q - MW'(2);        // M = 2: the same timeslice

  // ---- request arrays
  wire [N*QD-1:0]    e_valid;
  wire [N*QD*NW-1:0] e_dst;
  wire [N*QD*LW-1:0] e_len;
  wire [N*QD*TW-1:0] e_tag;
  wire [R-1:0]       a_acc;
  wire [R*MW-1:0]    a_port;
  wire [R*QW-1:0]    a_idx;
  wire [R*NW-1:0]    a_out;
  wire [R*LW-1:0]    a_len;
  wire [R*TW-1:0]    a_tag;

  genvar p, g;
  generate for (p = 0; p < N; p = p + 1) begin : g_port
    localparam integer  PG   = p / M;
    localparam [MW-1:0] PL   = MW'(p % M);
    scoc_req_array #(
      .QD (QD),
      .NW (NW),
      .LW (LW),
      .TW (TW)
    ) u_arr (
      .clk       (clk),
      .rst_n     (rst_n),
      .enq_valid (enq_valid[p]),
      .enq_dst   (enq_dst[p*NW +: NW]),
      .enq_len   (enq_len[p*LW +: LW]),
      .enq_tag   (enq_tag[p*TW +: TW]),
      .rm_valid  (a_acc[PG] && a_port[PG*MW +: MW] == PL),
      .rm_idx    (a_idx[PG*QW +: QW]),
      .e_valid   (e_valid[p*QD +: QD]),
      .e_dst     (e_dst[p*QD*NW +: QD*NW]),
      .e_len     (e_len[p*QD*LW +: QD*LW]),
      .e_tag     (e_tag[p*QD*TW +: QD*TW]),
      .count     (arr_count[p*CW +: CW])
    );
  end endgenerate

  // ---- request and accept units, per input group
  generate for (g = 0; g < R; g = g + 1) begin : g_in
    wire [M-1:0] avail;
    // the group's random source: 16-bit Galois LFSR, taps 0xB400, reset to g + 1
    reg [15:0] lfsr_q;
    always @(posedge clk or negedge rst_n)
      if (!rst_n) lfsr_q <= 16'(g + 1);
      else        lfsr_q <= (lfsr_q >> 1) ^ (lfsr_q[0] ? 16'hB400 : 16'h0000);
    wire [7:0] unused_lfsr_hi = lfsr_q[15:8];
    scoc_request_unit #(
      .N  (N),
      .M  (M),
      .QD (QD)
    ) u_req (
      .clk     (clk),
      .rst_n   (rst_n),
      .avail   (avail),
      .e_valid (e_valid[g*M*QD +: M*QD]),
      .e_dst   (e_dst[g*M*QD*NW +: M*QD*NW]),
      .req_q   (req[g*N +: N]),
      .cnt_q   (req_cnt[g*N*MW +: N*MW])
    );
    scoc_accept_unit #(
      .N  (N),
      .M  (M),
      .MT (MT),
      .QD (QD),
      .LW (LW),
      .TW (TW)
    ) u_acc (
      .clk       (clk),
      .rst_n     (rst_n),
      .my_group  (RW'(g)),
      .rnd       (lfsr_q[7:0]),
      .route     (r_acc),
      .req_route (ts_q),
      .gnt_valid (gnt_valid),
      .gnt_out   (gnt_out),
      .gnt_ig    (gnt_ig),
      .e_valid   (e_valid[g*M*QD +: M*QD]),
      .e_dst     (e_dst[g*M*QD*NW +: M*QD*NW]),
      .e_len     (e_len[g*M*QD*LW +: M*QD*LW]),
      .e_tag     (e_tag[g*M*QD*TW +: M*QD*TW]),
      .req_avail (avail),
      .acc       (a_acc[g]),
      .acc_port  (a_port[g*MW +: MW]),
      .acc_idx   (a_idx[g*QW +: QW]),
      .acc_out   (a_out[g*NW +: NW]),
      .acc_len   (a_len[g*LW +: LW]),
      .acc_tag   (a_tag[g*TW +: TW])
    );
  end endgenerate

  // ---- grant units, per output group; each takes the accept (at most one) of its outputs
  generate for (g = 0; g < R; g = g + 1) begin : g_out
    reg [N-1:0]    greq;
    reg [N*MW-1:0] gcnt;
    reg            gacc;
    reg [RW-1:0]   gacc_ig;
    reg [MW-1:0]   gacc_k;
    reg [LW-1:0]   gacc_len;
    integer x, k;
    always @* begin
      for (x = 0; x < R; x = x + 1)
        for (k = 0; k < M; k = k + 1) begin
          greq[x*M + k]            = req[x*N + g*M + k];
          gcnt[(x*M + k)*MW +: MW] = req_cnt[(x*N + g*M + k)*MW +: MW];
        end
      gacc     = 1'b0;
      gacc_ig  = {RW{1'b0}};
      gacc_k   = {MW{1'b0}};
      gacc_len = {LW{1'b0}};
      for (x = 0; x < R; x = x + 1)
        if (a_acc[x] && {{(32-NW){1'b0}}, a_out[x*NW +: NW]} / M == g) begin
          gacc     = 1'b1;
          gacc_ig  = x[RW-1:0];
          gacc_k   = a_out[x*NW +: MW];
          gacc_len = a_len[x*LW +: LW];
        end
    end
    scoc_grant_unit #(
      .N  (N),
      .M  (M),
      .LW (LW)
    ) u_gnt (
      .clk         (clk),
      .rst_n       (rst_n),
      .route       (r_gnt),
      .acc_route   (r_acc),
      .req         (greq),
      .cnt         (gcnt),
      .out_room    (out_room[g*M +: M]),
      .acc         (gacc),
      .acc_ig      (gacc_ig),
      .acc_k       (gacc_k),
      .acc_len     (gacc_len),
      .gnt_valid_q (gnt_valid[g]),
      .gnt_out_q   (gnt_out[g*MW +: MW]),
      .gnt_ig_q    (gnt_ig[g*RW +: RW])
    );
  end endgenerate

  // ---- the accepts, registered for the datapath (and the lockstep check)
  integer y;
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      acc_valid <= {R{1'b0}};
      acc_port  <= {(R*MW){1'b0}};
      acc_out   <= {(R*NW){1'b0}};
      acc_route <= {(R*MW){1'b0}};
      acc_len   <= {(R*LW){1'b0}};
      acc_tag   <= {(R*TW){1'b0}};
    end else begin
      acc_valid <= a_acc;
      acc_port  <= a_port;
      acc_out   <= a_out;
      acc_len   <= a_len;
      acc_tag   <= a_tag;
      for (y = 0; y < R; y = y + 1)
        acc_route[y*MW +: MW] <= a_acc[y] ? r_acc : {MW{1'b0}};
    end
  end
endmodule

`resetall
