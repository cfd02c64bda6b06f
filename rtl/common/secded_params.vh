// Constant functions of the SECDED code (secded_enc, secded_dec; docs/noc/apelink.md "Header
// ECC"). `include inside a module body; no include guard, every module takes its own copy.

  // check bits of a K-bit field: the fewest r with 2^r >= K + r + 1
  function integer secded_r(input integer k);
    integer r;
    begin
      r = 1;
      while ((1 << r) < k + r + 1) r = r + 1;
      secded_r = r;
    end
  endfunction

  // every data bit's position, 8 bits each ([j*8 +: 8]), computed once at elaboration: the
  // encoder and decoder read constants instead of calling secded_pos at run time (which
  // costs a simulator like Icarus a loop per bit per evaluation)
  function [959:0] secded_posv(input integer k);
    integer j, pos;
    begin
      secded_posv = 960'd0;
      pos = 2;
      for (j = 0; j < k; j = j + 1) begin
        pos = pos + 1;
        if ((pos & (pos - 1)) == 0) pos = pos + 1;   // skip a power of two (never two in a row)
        secded_posv[j*8 +: 8] = pos[7:0];
      end
    end
  endfunction

  // check bit i's data mask ([i*120 +: 120]): the data bits whose position has bit i set
  function [839:0] secded_masks(input integer k);
    integer i, j;
    reg [959:0] pv;
    begin
      pv = secded_posv(k);
      secded_masks = 840'd0;
      for (i = 0; i < 7; i = i + 1)
        for (j = 0; j < k; j = j + 1)
          secded_masks[i*120 + j] = pv[j*8 + i];
    end
  endfunction
