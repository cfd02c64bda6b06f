// Assertion and parameter-check macros shared by all RTL (see docs/common/index.md).
`ifdef __ICARUS__
  // Icarus 11's preprocessor segfaults when a -y library file expands a function-like
  // macro defined in an earlier file, so under Icarus the macros are redefined each time.
  `ifdef COMMON_ASSERT_VH
    `undef COMMON_ASSERT_VH
    `undef ASSERT_CLK
    `undef PARAM_FATAL
  `endif
`endif
`ifndef COMMON_ASSERT_VH
`define COMMON_ASSERT_VH

// ASSERT_CLK(clk, rst_n, cond, "msg"): cond must hold at every rising edge of clk while
// rst_n is high, on the pre-edge values (the cycle ending at that edge). The block is
// unnamed so the macro can be used any number of times in one module. Wrap a cond that
// contains a top-level comma (e.g. a concatenation) in parentheses.
`ifdef FORMAL
  // Immediate assert in a clocked process: yosys read_verilog -formal makes it an $assert.
  `define ASSERT_CLK(clk, rst_n, cond, msg) \
    always @(posedge clk) if (rst_n) assert (cond);
`elsif SYNTHESIS
  `define ASSERT_CLK(clk, rst_n, cond, msg)
`else
  // negedge rst_n in the event list only keeps Verilator's SYNCASYNCNET quiet (rst_n is an
  // async reset elsewhere); the body never fires on it because rst_n is low then.
  `define ASSERT_CLK(clk, rst_n, cond, msg) \
    always @(posedge clk or negedge rst_n) \
      if ((rst_n) && !(cond)) $fatal(1, "%m: %s", msg);
`endif

// PARAM_FATAL("msg"): put inside `generate if (illegal) begin : g_bad_param ... end` to stop
// elaboration. No single construct stops all three tools: Icarus 11 has no elaboration-time
// system tasks (an instance of a missing module stops it; its error names this line), and
// Yosys 0.23 drops the text of an elaboration $fatal but prints that of $error (raw, so
// msg is not a format string there; elsewhere it is passed through "%s").
`ifdef __ICARUS__
  `define PARAM_FATAL(msg) ILLEGAL_PARAMETER_see_message_on_this_line u_illegal_parameter ();
`elsif YOSYS
  `define PARAM_FATAL(msg) $error(msg);
`else
  `define PARAM_FATAL(msg) $fatal(1, "%s", msg);
`endif

`endif // COMMON_ASSERT_VH
