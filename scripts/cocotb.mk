# scripts/cocotb.mk - the Verilator programs of a block's Python (cocotb) tests, one per top:
#   make -f scripts/cocotb.mk BLOCK=<b> VARIANT=plain|waves|cov PY_TOPS="<top> ..."
# Output: sim_out/build/cocotb/verilator/<block>/<variant>/<top>/Vtop (and `toplevel`, the module
# name cocotb is given). The top's module is the toplevel, with the top's parameters (GFLAGS of
# the generated tops.mk, scripts/gen_tops.py), the RTL and flags of scripts/build.mk, cocotb's
# Verilator main and VPI library. Always Verilator 5.048: cocotb 2.x needs 5.036 or later. On
# Icarus the tests run in the block's own build (scripts/cocotb_run.py): nothing to build here.
SHELL := /bin/bash
.DELETE_ON_ERROR:
.SUFFIXES:
.DEFAULT_GOAL := all

BLOCK   ?= common
VARIANT ?= plain
PY_TOPS ?=
override VERILATOR := 5.048
include scripts/verilator.mk

GEN := sim_out/build/gen/$(BLOCK)
B   := sim_out/build/cocotb/verilator/$(BLOCK)/$(VARIANT)

BLOCK_DEPS :=
-include tb/$(BLOCK)/block.mk
uniq = $(if $(1),$(firstword $(1)) $(call uniq,$(filter-out $(firstword $(1)),$(1))))
DEPS     := $(call uniq,common $(BLOCK_DEPS) $(BLOCK))
RTL_DIRS := $(wildcard $(addprefix rtl/,$(DEPS)))
RTL      := $(sort $(foreach d,$(RTL_DIRS),$(wildcard $(d)/*.v)))
RTL_DEPS := $(RTL) $(foreach d,$(RTL_DIRS),$(wildcard $(d)/*.vh)) $(wildcard rtl/lint/*.vlt rtl/lint/*/*.vlt)

# MODULE_<top>, GFLAGS_<top> (scripts/sim.sh has scripts/build.mk write it first)
include $(GEN)/tops.mk

COCOTB := $(abspath $(firstword $(wildcard .venv/lib/python3*/site-packages/cocotb)))
ifeq ($(COCOTB),)
  $(error cocotb not found in .venv/ (scripts/install_tools.sh installs it))
endif
VFLAGS := $(VL_TEST_FLAGS) $(foreach d,$(RTL_DIRS),-I$(d)) --timescale 1ns/1ps \
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
STAMP_TEXT := $(VL_ROOT) $(COCOTB) | $(VFLAGS) | $(OPT) | $(shell cat scripts/cocotb.mk scripts/verilator.mk | md5sum)
$(shell mkdir -p $(B) && { printf '%s\n' '$(STAMP_TEXT)' | cmp -s - $(STAMP) || printf '%s\n' '$(STAMP_TEXT)' > $(STAMP); })

# Verilator's runtime (verilated*.cpp, the VPI among them: most of a small top's compile) is the
# same for every top of a variant: compiled once, from the first top's makefile, into RT and
# linked into each program instead of a copy per top.
RT      := sim_out/build/cocotb/verilator/rt/$(VARIANT)
RT_OBJS := verilated.o verilated_dpi.o verilated_vpi.o verilated_threads.o
RT_T    := $(firstword $(PY_TOPS))
RT_STAMP := $(RT)/flags.stamp
RT_STAMP_TEXT := $(VL_ROOT) $(COCOTB) | $(VARIANT) $(OPT) $(VL_MAKE) | $(shell cat scripts/cocotb.mk scripts/verilator.mk | md5sum)
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
$(foreach t,$(PY_TOPS),$(if $(MODULE_$(t)),,$(error unknown top '$(t)' of block $(BLOCK))))
$(foreach t,$(PY_TOPS),$(eval $(call PY_TOP_RULES,$(t))))

.PHONY: all
all: $(foreach t,$(PY_TOPS),$(B)/$(t)/Vtop)
