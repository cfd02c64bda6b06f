# scripts/cocotb.mk - the programs of a block's Python (cocotb) tests, one per top:
#   make -f scripts/cocotb.mk BLOCK=<b> SIM=icarus|verilator VARIANT=plain|waves|cov PY_TOPS="<top> ..."
# Output: sim_out/build/cocotb/<sim>/<block>/<variant>/<top>/ with
#   icarus     sim.vvp: the generated wrapper tb_<top> of the block's tb_tops.v (scripts/gen_tops.py,
#              the same the C tests run in) as the only root, and a module that dumps it to
#              +wavefile; cocotb's VPI library is loaded at run time (scripts/cocotb_run.py).
#              One top, not the block's whole sim.vvp: that one takes seconds to start (sue: 14 s).
#   verilator  Vtop: the top's module as the toplevel with the top's parameters (GFLAGS of the
#              generated tops.mk), the RTL and flags of scripts/build.mk, cocotb's Verilator main
#              and VPI library. Always Verilator 5.048: cocotb 2.x needs 5.036 or later.
# and `toplevel`, the name cocotb is given (COCOTB_TOPLEVEL).
SHELL := /bin/bash
.DELETE_ON_ERROR:
.SUFFIXES:
.DEFAULT_GOAL := all

BLOCK   ?= common
SIM     ?= verilator
VARIANT ?= plain
PY_TOPS ?=
override VERILATOR := 5.048
include scripts/verilator.mk

GEN := sim_out/build/gen/$(BLOCK)
B   := sim_out/build/cocotb/$(SIM)/$(BLOCK)/$(VARIANT)

include scripts/block_rtl.mk

# MODULE_<top>, GFLAGS_<top> and tb_tops.v (scripts/sim.sh has scripts/build.mk write them first)
include $(GEN)/tops.mk
$(foreach t,$(PY_TOPS),$(if $(MODULE_$(t)),,$(error unknown top '$(t)' of block $(BLOCK))))

.PHONY: all
ifeq ($(SIM),icarus)
# ---------------------------------------------------------------- Icarus
define PY_TOP_RULES
$(B)/$(1)/waves.v: $(GEN)/tops.mk scripts/cocotb.mk
	@mkdir -p $(B)/$(1)
	printf '%s\n' '`timescale 1ps/1ps' 'module cocotb_waves;' '  reg [8*1024-1:0] f;' \
	  '  initial if ($$$$value$$$$plusargs("wavefile=%s", f)) begin $$$$dumpfile(f); $$$$dumpvars(0, tb_$(1)); end' \
	  'endmodule' >$$@
$(B)/$(1)/sim.vvp: $(RTL_DEPS) $(GEN)/tb_tops.v $(B)/$(1)/waves.v scripts/cocotb.mk
	iverilog -g2012 -o $$@ $(RTL_INC) -s tb_$(1) -s cocotb_waves $(RTL) $(GEN)/tb_tops.v $(B)/$(1)/waves.v
	echo tb_$(1) > $(B)/$(1)/toplevel
endef
$(foreach t,$(PY_TOPS),$(eval $(call PY_TOP_RULES,$(t))))
all: $(foreach t,$(PY_TOPS),$(B)/$(t)/sim.vvp)
else
# ---------------------------------------------------------------- Verilator

COCOTB := $(abspath $(firstword $(wildcard .venv/lib/python3*/site-packages/cocotb)))
ifeq ($(COCOTB),)
  $(error cocotb not found in .venv/ (scripts/install_tools.sh installs it))
endif
VFLAGS := $(VL_TEST_FLAGS) $(RTL_INC) --timescale 1ns/1ps \
  --vpi --public-flat-rw --prefix Vtop -o Vtop \
  -LDFLAGS "-Wl,-rpath,$(COCOTB)/libs -L$(COCOTB)/libs -lcocotbvpi_verilator"
ifeq ($(VARIANT),waves)
  VFLAGS += --trace-fst --trace-structs
endif
ifeq ($(VARIANT),cov)
  VFLAGS += --coverage
endif
# -O1 / -O0 as the test builds of scripts/build.mk: a cocotb test runs for seconds, its build
# would take minutes at -O2
OPT := OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1

# Everything that decides how the programs are built; rewritten only when its text changes.
STAMP := $(B)/flags.stamp
STAMP_TEXT := $(VL_ROOT) $(COCOTB) | $(VFLAGS) | $(OPT) | $(shell cat scripts/cocotb.mk scripts/block_rtl.mk scripts/verilator.mk | md5sum)
$(shell mkdir -p $(B) && { printf '%s\n' '$(STAMP_TEXT)' | cmp -s - $(STAMP) || printf '%s\n' '$(STAMP_TEXT)' > $(STAMP); })

# Verilator's runtime (verilated*.cpp, the VPI among them: most of a small top's compile) is the
# same for every top of a variant: compiled once, from the first top's makefile, into RT and
# linked into each program instead of a copy per top.
RT      := sim_out/build/cocotb/verilator/rt/$(VARIANT)
RT_OBJS := verilated.o verilated_dpi.o verilated_vpi.o verilated_threads.o
RT_T    := $(firstword $(PY_TOPS))
RT_STAMP := $(RT)/flags.stamp
RT_STAMP_TEXT := $(VL_ROOT) $(COCOTB) | $(VARIANT) $(OPT) $(VL_MAKE) | $(shell cat scripts/cocotb.mk scripts/block_rtl.mk scripts/verilator.mk | md5sum)
$(shell mkdir -p $(RT) && { printf '%s\n' '$(RT_STAMP_TEXT)' | cmp -s - $(RT_STAMP) || printf '%s\n' '$(RT_STAMP_TEXT)' > $(RT_STAMP); })
$(RT)/rt.a: $(RT_STAMP) | $(B)/$(RT_T)/Vtop.mk
	@mkdir -p $(RT)
	+$(MAKE) -s -C $(B)/$(RT_T) -f Vtop.mk $(OPT) $(VL_MAKE) $(RT_OBJS) >/dev/null
	rm -f $@ && ar rcs $@ $(addprefix $(B)/$(RT_T)/,$(RT_OBJS))

define PY_TOP_RULES
$(B)/$(1)/Vtop.mk: $(RTL_DEPS) $(GEN)/tops.mk $(STAMP) $(COCOTB)/share/lib/verilator/verilator.cpp
	@mkdir -p $(B)/$(1)
	$(VL_CMD) --cc --exe $(VFLAGS) --top-module $(MODULE_$(1)) $(GFLAGS_$(1)) -Mdir $(B)/$(1) \
	  $(RTL) $(COCOTB)/share/lib/verilator/verilator.cpp
	echo $(MODULE_$(1)) > $(B)/$(1)/toplevel
$(B)/$(1)/Vtop: $(B)/$(1)/Vtop.mk $(RT)/rt.a
	+$(MAKE) -s -C $(B)/$(1) -f Vtop.mk $(OPT) $(VL_MAKE) VK_GLOBAL_OBJS= LOADLIBES=$(abspath $(RT)/rt.a) >/dev/null
endef
$(foreach t,$(PY_TOPS),$(eval $(call PY_TOP_RULES,$(t))))
all: $(foreach t,$(PY_TOPS),$(B)/$(t)/Vtop)
endif
