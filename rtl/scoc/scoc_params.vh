// Derived sizes of the SCOC scheduler's units (docs/scoc/index.md), computed here once.
// `include "scoc_params.vh" inside a module body; no include guard, every module takes its own
// copy.

  // D: cycles from a request to its packet's first word, the smallest multiple of m that is
  // >= 4 (m is a power of two).
  function integer scoc_d(input integer m);
    scoc_d = (m >= 4) ? m : 4;
  endfunction

  // Bits of a busy counter (cycles until the last word of a transfer): it counts up to
  // D + 2^lw * m at most (the longest packet, one word every m cycles, after its request).
  function integer scoc_ctw(input integer m, input integer lw);
    scoc_ctw = $clog2(scoc_d(m) + (1 << lw) * m + 1);
  endfunction
