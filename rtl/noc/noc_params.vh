// Derived sizes of the mesh router (docs/noc/noc_router.md "Parameters"), computed here once.
// `include "noc_params.vh" inside a module body, after common_params.vh; no include guard,
// every module takes its own copy.

  // FW: bits of a flit: head, tail, vc, class, destination x and y, payload.
  function integer noc_fw(input integer xs, input integer ys, input integer v,
                          input integer ncls, input integer pw);
    noc_fw = 2 + idx_w(v) + idx_w(ncls) + idx_w(xs) + idx_w(ys) + pw;
  endfunction
