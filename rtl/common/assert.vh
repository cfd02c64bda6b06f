// Assertion and parameter-check macros shared by all RTL (see docs/common/index.md).
`ifdef __ICARUS__
  // Icarus 11's preprocessor segfaults when a -y library file expands a function-like
  // macro defined in an earlier file, so under Icarus the macros are redefined each time.
  `ifdef COMMON_ASSERT_VH
    `undef COMMON_ASSERT_VH
    `undef ASSERT_CLK
    `undef ASSERT_STABLE
    `undef PARAM_FATAL
  `endif
`endif
`ifndef COMMON_ASSERT_VH
`define COMMON_ASSERT_VH

// ASSERT_CLK(name, clk, rst_n, cond, "msg"): cond must hold at every rising edge of clk while
// rst_n is high, on the pre-edge values (the cycle ending at that edge). name is an
// identifier, unique in its scope, saying what holds; a failure reports "<%m>: name: msg".
// The process is unnamed, so the macro can be used any number of times in one module. Wrap a
// cond that contains a top-level comma (e.g. a concatenation) in parentheses.
//
// ASSERT_STABLE(name, clk, rst_n, valid, ready, data, width, "msg"): the valid/ready rule on a
// stream into the module: once valid is high without ready, at the next edge valid is still
// high and data (one expression of width bits; a concatenation in parentheses) has not
// changed. A failure reports "<%m>: name: msg: <valid> dropped while stalled" or "...: <data>
// changed while stalled". In simulation it declares name_stall_q and name_data_q (the stalled
// offer) in the scope where it is used; only the check reads them, so synthesis would remove
// them. width is an argument, not $bits(data): Icarus 11 sizes a $bits() declaration with
// the module's default parameters (a run-time assertion in vvp when they are overridden);
// the width lint (-Wall) checks that width matches data.
`ifdef FORMAL
  // Immediate asserts in clocked processes: yosys read_verilog -formal makes each an $assert
  // cell named after the label.
  `define ASSERT_CLK(name, clk, rst_n, cond, msg) \
    always @(posedge clk) if (rst_n) name: assert (cond);
  `define ASSERT_STABLE(name, clk, rst_n, valid, ready, data, width, msg) \
    always @(posedge clk) \
      if ((rst_n) && $past(rst_n) && $past((valid) && !(ready))) \
        name: assert ((valid) && $stable(data));
`elsif SYNTHESIS
  `define ASSERT_CLK(name, clk, rst_n, cond, msg)
  `define ASSERT_STABLE(name, clk, rst_n, valid, ready, data, width, msg)
`else
  // negedge rst_n in the event list only keeps Verilator's SYNCASYNCNET quiet (rst_n is an
  // async reset elsewhere); the body never fires on it because rst_n is low then.
  `define ASSERT_CLK(name, clk, rst_n, cond, msg) \
    always @(posedge clk or negedge rst_n) \
      if ((rst_n) && !(cond)) $fatal(1, "%m: %s: %s", `"name`", msg);
  // Registers, not $past/$stable: Icarus 11 has neither, nor concurrent assertions.
  `define ASSERT_STABLE(name, clk, rst_n, valid, ready, data, width, msg) \
    reg                 name``_stall_q; \
    reg [(width)-1:0]   name``_data_q; \
    always @(posedge clk or negedge rst_n) \
      if (!(rst_n)) begin \
        name``_stall_q <= 1'b0; \
        name``_data_q  <= {(width){1'b0}}; \
      end else begin \
        if (name``_stall_q && !(valid)) \
          $fatal(1, "%m: %s: %s: %s dropped while stalled", `"name`", msg, `"valid`"); \
        if (name``_stall_q && (data) != name``_data_q) \
          $fatal(1, "%m: %s: %s: %s changed while stalled", `"name`", msg, `"data`"); \
        name``_stall_q <= (valid) && !(ready); \
        name``_data_q  <= data; \
      end
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
