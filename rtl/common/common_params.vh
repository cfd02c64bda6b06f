// Constant functions for derived sizes, shared by all RTL. `include "common_params.vh" inside
// a module body (every module takes its own copy, so there is no include guard); the module's
// parameter port list may call them too, which all three tools accept.

  // Bits of an index into n things: clog2(n), but at least 1, so that n = 1 keeps a 1-bit
  // signal instead of a zero-width one.
  function integer idx_w(input integer n);
    idx_w = (n > 1) ? $clog2(n) : 1;
  endfunction

  // n rounded up to a multiple of m.
  function integer round_up(input integer n, input integer m);
    round_up = (n + m - 1) / m * m;
  endfunction
