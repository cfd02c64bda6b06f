// Derived sizes of the SUE endpoint's parts (docs/sue/sue_tx_front.md "Derived"), computed here
// once. `include "sue_params.vh" inside a module body, after common_params.vh (it uses
// round_up); no include guard, every module takes its own copy.

  // The smallest of 64, 128, 256, 512 that holds n bytes (512 for more): the row width of the
  // transmit pack queues (sue_pw) and of the receive rings (sue_rx_deliver).
  function integer sue_row_bytes(input integer n);
    sue_row_bytes = (n <= 64) ? 64 : (n <= 128) ? 128 : (n <= 256) ? 256 : 512;
  endfunction

  // PW: bytes per pack-queue RAM row, lanes of a write image and bytes per beat of the PDU
  // stream, for data beats of data_w bits (NB = data_w / 8 bytes). NB + 24 is the most one
  // beat writes: 18 control bytes, NB data bytes and up to ALIGN - 1 pad bytes.
  function integer sue_pw(input integer data_w);
    sue_pw = sue_row_bytes(data_w / 8 + 24);
  endfunction

  // Bytes the largest command takes in a queue or ring: 18 control and 256 data bytes, padded
  // to align.
  function integer sue_cmd_max(input integer align);
    sue_cmd_max = round_up(274, align);
  endfunction

  // MGMT_MAX: the longest management frame, FCS excluded (docs/sue/index.md "Management
  // frames"): no longer than the largest SUE frame, and at most 508 bytes (the frame slots).
  function integer sue_mgmt_max(input integer pdu_max);
    sue_mgmt_max = (pdu_max + 54 < 508) ? pdu_max + 54 : 508;
  endfunction

  // The largest SUE frame, FCS included (docs/sue/index.md "Frames"): a UDP network header (42)
  // with a VLAN tag (4), the RH (8), the PDU, the R-CRC (4) and the FCS (4); the model's
  // sue_max_frame(UDP | TAG). What CBFC reserves credits for before it starts a frame.
  function integer sue_frame_max(input integer pdu_max);
    sue_frame_max = pdu_max + 62;
  endfunction
