// SUE receive: the header checks of a frame (docs/sue/index.md "Receive checks" 1 .. 8 and 10 .. 13
// except the command-area walk), combinational over the first 64 bytes of the frame, its
// length and its FCS result. Mirrors sue_rx_check (csrc/ref/sue/sue_rx_check_model.c) field by field:
//   pre_code:  first failing check among 1 .. 8 (runt, oversize, FCS, MAC control,
//              Ethertype, IPv4 header, UDP port, destination), 0 if none;
//   pfc:       the frame is a flow-control frame (checks 1 .. 4 passed; it is done): PFC, or
//              a CBFC update of cfg_cbfc_oui (cbfc; docs/sue/index.md "CBFC update frame"), whose
//              class-enable vector and limits come out on pfc_cev / pfc_time, its units sent
//              on cbfc_sent;
//   post_code: first failing check among 10 .. 13 without the walk (ver, source slot,
//              partition, op / rpsn), to be used only once the R-CRC (check 9) passed.
// An 802.1Q tag after the source address (bytes 12-13 = 0x8100; UDP and AIFH 12-byte formats)
// is accepted whatever its VID and PCP: the checks then read the frame as if the 4 tag bytes
// were not there (sue_rx_fmt in the model).
// The source slot is a CAM over the NDST destination-table entries supplied on dst_valid /
// dst_xpuid: the first valid entry whose id equals the RH xpuid (sue_dst_lookup).
// Model: csrc/ref/sue/sue_rx_check_model.c (part of sue_rx_check)
`resetall
`default_nettype none

module sue_rx_hdr #(
  parameter integer NDST    = 64,
  parameter integer PDU_MAX = 4096,
  parameter integer SW      = 6     // slot width, max(1, clog2(NDST))
) (
  input  wire [511:0]        hdr,       // frame bytes 0 .. 63, byte 0 at [511:504]
  input  wire [15:0]         len,       // frame bytes with FCS (saturated)
  input  wire                fcs_bad,   // FCS residue wrong or MAC error (tuser)
  input  wire [1:0]          cfg_hdr_fmt,
  input  wire [47:0]         cfg_mac,
  input  wire [31:0]         cfg_ip,
  input  wire [15:0]         cfg_udp_port,
  input  wire [15:0]         cfg_ethertype,
  input  wire [9:0]          cfg_xpuid,
  input  wire [9:0]          cfg_partition,
  input  wire [31:0]         cfg_aifh_prefix,
  input  wire [23:0]         cfg_cbfc_oui,
  input  wire [NDST-1:0]     dst_valid,
  input  wire [10*NDST-1:0]  dst_xpuid,
  output reg  [5:0]          pre_code,
  output wire                pfc,
  output wire                cbfc,
  output reg  [5:0]          post_code,
  output wire [1:0]          rh_op,
  output wire [9:0]          rh_xpuid,
  output wire [15:0]         rh_psn,
  output wire [1:0]          rh_vc,
  output wire [9:0]          rh_partition,
  output wire [15:0]         rh_rpsn,
  output wire [SW-1:0]       src_slot,
  output wire [7:0]          pfc_cev,
  output wire [127:0]        pfc_time,  // priority i at [16*i +: 16] (CBFC: limit of class i)
  output wire [127:0]        cbfc_sent  // CBFC: units sent on class i at [16*i +: 16]
);
  // counter indexes (csrc/ref/sue/sue_cfg.h SUE_CNT_RX_*)
  localparam [5:0] C_RUNT = 6'd33, C_OVERSIZE = 6'd34, C_FCS = 6'd35, C_ETHERTYPE = 6'd36,
                   C_IP_HDR = 6'd37, C_UDP_PORT = 6'd38, C_DST = 6'd39, C_VER = 6'd41,
                   C_SRC = 6'd42, C_PARTITION = 6'd43, C_BAD_PDU = 6'd44;
  localparam [1:0] F_UDP = 2'd0, F_AIFH6 = 2'd3;

  // Byte and 16-bit field views of the header with constant slices (a function reading hdr
  // would not be re-evaluated by Icarus when hdr changes: it only sees the arguments).
  // hb: the frame's bytes (MAC control / PFC, which are never tagged); vb: the view without the
  // tag, which every other check reads.
  wire [15:0]  tpid    = hdr[511-8*12 -: 16];
  wire         has_tag = cfg_hdr_fmt != F_AIFH6 && tpid == 16'h8100;
  wire [511:0] vhdr    = has_tag ? {hdr[511:416], hdr[383:0], 32'd0} : hdr;
  wire [7:0] hb [0:63];
  wire [7:0] vb [0:63];
  genvar gb;
  generate for (gb = 0; gb < 64; gb = gb + 1) begin : g_hb
    assign hb[gb] = hdr[511-8*gb -: 8];
    assign vb[gb] = vhdr[511-8*gb -: 8];
  end endgenerate
  wire [15:0] w12 = {hb[12], hb[13]};
  wire [15:0] w14 = {hb[14], hb[15]};
  wire [15:0] v6  = {vb[6], vb[7]};
  wire [15:0] v12 = {vb[12], vb[13]};
  wire [15:0] v16 = {vb[16], vb[17]};
  wire [15:0] v20 = {vb[20], vb[21]};
  wire [15:0] v36 = {vb[36], vb[37]};
  wire [15:0] v38 = {vb[38], vb[39]};
  wire [15:0] vlen = has_tag ? len - 16'd4 : len;   // the length as if untagged

  // network header bytes (untagged) and largest frame of the configured format
  wire [5:0]  h      = (cfg_hdr_fmt == F_AIFH6) ? 6'd8 : (cfg_hdr_fmt == 2'd1) ? 6'd14 : 6'd42;
  wire [15:0] maxlen = {10'd0, h} + 16'(PDU_MAX) + 16'd16;

  // 1 .. 4: length, FCS, MAC control
  wire mac_ctl = hdr[511 -: 48] == 48'h0180C2000001 && w12 == 16'h8808;
  wire pfc_op  = w14 == 16'h0101;
  wire cbfc_op = w14 == 16'hFFFE && {hb[16], hb[17], hb[18]} == cfg_cbfc_oui && hb[19] == 8'h01;

  // UDP format (6 .. 8)
  wire [15:0] tot = v16;
  reg  [19:0] csum;
  reg  [16:0] fold1;
  reg  [15:0] fold2;
  integer     i;
  always @* begin
    csum = 20'd0;
    for (i = 0; i < 10; i = i + 1)
      csum = csum + {4'd0, vhdr[511-8*(14+2*i) -: 16]};
    fold1 = {1'b0, csum[15:0]} + {13'd0, csum[19:16]};
    fold2 = fold1[15:0] + {15'd0, fold1[16]};
  end
  wire ip_bad = vb[14] != 8'h45 || tot != vlen - 16'd18 || (v20 & 16'h3FFF) != 16'd0 ||
                vb[23] != 8'd17 || fold2 != 16'hFFFF || v38 != tot - 16'd20;
  wire udp_bad  = v36 != cfg_udp_port;
  wire udp_dst  = vhdr[511 -: 48] != cfg_mac || vhdr[511-8*30 -: 32] != cfg_ip;

  // AIFH: own SLAP address (prefix, nibble 0010, XPU id)
  wire [47:0] own12 = {cfg_aifh_prefix[31:28], 4'h2, cfg_aifh_prefix[23:0], 6'd0, cfg_xpuid};
  wire [31:0] own6  = {cfg_aifh_prefix[31:28], 4'h2, cfg_aifh_prefix[23:16], 6'd0, cfg_xpuid};

  always @* begin
    pre_code = 6'd0;
    if (len < 16'd64)
      pre_code = C_RUNT;
    else if (vlen > maxlen)
      pre_code = C_OVERSIZE;
    else if (fcs_bad)
      pre_code = C_FCS;
    else if (mac_ctl)
      pre_code = (pfc_op || cbfc_op) ? 6'd0 : C_ETHERTYPE;
    else if (cfg_hdr_fmt == F_UDP) begin
      if (v12 != 16'h0800)  pre_code = C_ETHERTYPE;
      else if (ip_bad)           pre_code = C_IP_HDR;
      else if (udp_bad)          pre_code = C_UDP_PORT;
      else if (udp_dst)          pre_code = C_DST;
    end else if (cfg_hdr_fmt == F_AIFH6) begin
      if (v6 != cfg_ethertype)            pre_code = C_ETHERTYPE;
      else if (vhdr[511 -: 32] != own6)        pre_code = C_DST;
    end else begin
      if (v12 != cfg_ethertype)           pre_code = C_ETHERTYPE;
      else if (vhdr[511 -: 48] != own12)       pre_code = C_DST;
    end
  end
  assign pfc  = len >= 16'd64 && vlen <= maxlen && !fcs_bad && mac_ctl && (pfc_op || cbfc_op);
  assign cbfc = cbfc_op;

  assign pfc_cev = cbfc_op ? hb[21] : hb[17];
  genvar gp;
  generate for (gp = 0; gp < 8; gp = gp + 1) begin : g_pt
    assign pfc_time[16*gp +: 16]  = cbfc_op ? {hb[22 + 2 * gp], hb[23 + 2 * gp]}
                                            : {hb[18 + 2 * gp], hb[19 + 2 * gp]};
    assign cbfc_sent[16*gp +: 16] = {hb[38 + 2 * gp], hb[39 + 2 * gp]};
  end endgenerate

  // RH at byte H
  wire [63:0] rh = (cfg_hdr_fmt == F_AIFH6) ? vhdr[511-8*8 -: 64] :
                   (cfg_hdr_fmt == 2'd1)    ? vhdr[511-8*14 -: 64] : vhdr[511-8*42 -: 64];
  wire [1:0] rh_ver = rh[63:62];
  assign rh_op        = rh[61:60];
  assign rh_xpuid     = rh[57:48];
  assign rh_psn       = rh[47:32];
  assign rh_vc        = rh[31:30];
  assign rh_partition = rh[25:16];
  assign rh_rpsn      = rh[15:0];

  wire found;
  sue_dst_lookup #(.NDST(NDST)) u_lookup (
    .dst_valid(dst_valid), .dst_xpuid(dst_xpuid), .xpuid(rh_xpuid), .hit(found), .slot(src_slot)
  );

  always @* begin
    post_code = 6'd0;
    if (rh_ver != 2'd0)
      post_code = C_VER;
    else if (!found)
      post_code = C_SRC;
    else if (rh_partition != cfg_partition)
      post_code = C_PARTITION;
    else if (rh_op == 2'd3 || (rh_op == 2'd0 && rh_rpsn != 16'd0))
      post_code = C_BAD_PDU;
  end

  wire unused_ok = &{1'b0, rh[59:58], rh[29:26], cfg_aifh_prefix[27:24]};
endmodule

`resetall
