# scripts/build.mk - builds the test program of one block for one simulator.
# Called by the top Makefile:  make -f scripts/build.mk BLOCK=<b> SIM=<sim> VARIANT=<v> [VERILATOR=<ver>]
#   SIM     verilator | icarus | systemc
#   VERILATOR  the Verilator toolchain of the verilator and systemc programs (scripts/verilator.mk)
#   VARIANT plain | waves | cov | bench   (waves: FST tracing; cov: Verilator coverage;
#           bench: plain with the models compiled at -O2, for make bench)
# Output: sim_out/build/<sim>/<block>/<variant>/sim (or sim.vvp + harness.vpi for Icarus); the
# programs of a Verilator toolchain other than the default in sim_out/build/<sim>-<version>/...
SHELL := /bin/bash
.DELETE_ON_ERROR:
.SUFFIXES:
.DEFAULT_GOAL := all

BLOCK   ?= common
SIM     ?= verilator
VARIANT ?= plain

include scripts/verilator.mk
GEN := sim_out/build/gen/$(BLOCK)
B   := sim_out/build/$(SIM)$(if $(filter icarus,$(SIM)),,$(VL_DIR_SUFFIX))/$(BLOCK)/$(VARIANT)

# A block is built from its own folders and those of the blocks it uses: DEPS, RTL, RTL_INC...
include scripts/block_rtl.mk

# C: the block's tests, and the models (csrc/ref/<d>) and libraries (csrc/lib/<d>) of DEPS, less
# their unit tests (test_*.c) and vector writers (gen_*.c), which are programs of their own.
C_DIRS   := $(wildcard $(foreach d,$(DEPS),csrc/lib/$(d) csrc/ref/$(d)))
TESTS_C  := $(sort $(wildcard tb/$(BLOCK)/*.c))
REF_C    := $(foreach f,$(sort $(wildcard $(addsuffix /*.c,$(C_DIRS)))),$(if $(filter test_% gen_%,$(notdir $(f))),,$(f)))
HARN_C   := csrc/harness/dut.c csrc/harness/runner.c csrc/harness/vecplay.c csrc/harness/axil_master.c
C_SRCS   := $(TESTS_C) $(REF_C) $(HARN_C) $(GEN)/tops.c
C_INC    := -Icsrc/harness $(addprefix -I,$(C_DIRS)) -Itb/$(BLOCK)
C_HDRS   := $(wildcard csrc/harness/*.h $(addsuffix /*.h,$(C_DIRS)) tb/$(BLOCK)/*.h)
CFLAGS_C := -std=gnu11 -O2 -g -Wall -Wextra -Werror $(C_INC)

VROOT := $(VL_ROOT)
ifeq ($(if $(filter icarus,$(SIM)),x,$(VL_ROOT)),)
  $(error Verilator $(VERILATOR) not found (5.048 comes from .venv/: scripts/install_tools.sh))
endif
VINC  := -I$(VROOT)/include -I$(VROOT)/include/vltstd
# VL_TEST_FLAGS (scripts/verilator.mk): X starts random, asserts on, warnings are errors.
VFLAGS := $(VL_TEST_FLAGS) $(RTL_INC)
VDEFS := -DVL_USER_STOP -DVL_USER_FATAL -DVL_USER_FINISH
ifeq ($(VARIANT),waves)
  VFLAGS += --trace-fst --trace-structs
  VDEFS  += -DVM_TRACE=1 -DVM_TRACE_FST=1
else
  VDEFS  += -DVM_TRACE=0
endif
ifeq ($(VARIANT),cov)
  VFLAGS += --coverage
  VDEFS  += -DVM_COVERAGE=1
else
  VDEFS  += -DVM_COVERAGE=0
endif

# The flags stamp: everything that decides how this program is built (the flags above and
# below, this file, the top generator). Every object depends on it, so changing a flag or this
# file rebuilds what it affects instead of leaving a stale model behind; the stamp is
# rewritten only when its text changes. EXTRA_VFLAGS adds Verilator flags (scripts/selftest.sh
# uses it to prove the rebuild).
EXTRA_VFLAGS ?=
VFLAGS += $(EXTRA_VFLAGS)
STAMP := $(B)/flags.stamp

SC_INC := -I/usr/include
SC_LIB := -L/usr/lib/x86_64-linux-gnu -lsystemc

CXX ?= g++
CC  ?= gcc
# VL_CXX: the C++ compiler of the Verilator programs (the generated models, the Verilator runtime,
# the shim). clang++ compiles the generated models with about half of g++'s CPU (sue's tops:
# 169 s against 305 s), and that compile is most of make test's Verilator lane
# (docs/performance.md "make test: what each stage costs"); scripts/install_tools.sh installs it.
# VARIANT=bench stays on g++, the compiler of the published speed figures, and the SystemC
# programs too, the compiler Debian's libsystemc was built with. `make sim VL_CXX=g++` builds
# with g++.
ifeq ($(SIM)/$(VARIANT),verilator/bench)
  VL_CXX ?= $(CXX)
else ifeq ($(SIM),verilator)
  VL_CXX ?= clang++-14
else
  VL_CXX ?= $(CXX)
endif
ifeq ($(filter icarus,$(SIM)),)
  ifeq ($(shell command -v $(firstword $(VL_CXX))),)
    $(error VL_CXX=$(VL_CXX): no such compiler (scripts/install_tools.sh installs clang++-14))
  endif
endif
VL_CLANG := $(if $(findstring clang,$(VL_CXX)),1)

# The generated glue (port tables, shims, Icarus wrappers, per-top make variables).
$(GEN)/tops.mk: tb/$(BLOCK)/tops.txt scripts/gen_tops.py $(RTL_DEPS)
	@mkdir -p $(GEN)
	python3 scripts/gen_tops.py $(BLOCK) $(GEN) -- $(RTL_INC) $(RTL)
	@touch $@
$(GEN)/tops.c $(GEN)/vl_tops.cpp $(GEN)/sc_tops.cpp $(GEN)/tb_tops.v: $(GEN)/tops.mk

-include $(GEN)/tops.mk

# TOPSET=test (make test) leaves the @regress tops of tops.txt out of the programs: the largest
# configurations, whose C++ compile is a large share of the Verilator lane and whose elaboration
# a large share of every Icarus start. Their shim entries compile to null and their Icarus
# wrappers are not roots (HARNESS_LEAVE_OUT_<top>); dut_top_built() says so to a test.
# TOPSET=all (the default: make sim, regress, cov, bench) builds every top. Both sets share the
# build folder: switching relinks the shim (or re-elaborates sim.vvp), and all adds only the
# missing models.
TOPSET ?= all
ifeq ($(filter all test,$(TOPSET)),)
  $(error TOPSET is all or test, not '$(TOPSET)')
endif
LEFT_OUT := $(if $(filter test,$(TOPSET)),$(TOPS_REGRESS))
ALL_TOPS := $(TOPS)
TOPS := $(filter-out $(LEFT_OUT),$(TOPS))
TOPSET_STAMP := $(B)/topset.stamp
$(shell mkdir -p $(B) && { echo '$(LEFT_OUT)' | cmp -s - $(TOPSET_STAMP) || echo '$(LEFT_OUT)' > $(TOPSET_STAMP); })

OBJ := $(B)/obj
C_OBJS := $(patsubst %.c,$(OBJ)/c/%.o,$(C_SRCS))

$(OBJ)/c/%.o: %.c $(C_HDRS) $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_C) $(if $(filter icarus,$(SIM)),-fPIC -DHARNESS_ICARUS) -c $< -o $@

.PHONY: all
ifeq ($(SIM),icarus)
# ---------------------------------------------------------------- Icarus + VPI
# Programs: sim.vvp elaborates the tops without @program (tb/<b>/tops.txt), sim_NAME.vvp those of
# @program=NAME; a test runs in the program its file declares (HARNESS_PROGRAM, scripts/run_one.sh).
# vvp elaborates every root before the first cycle, so the largest tops in a program of their own
# keep every other test's start short. A top that is not a root is left out of tb_tops.v's
# elaboration (HARNESS_LEAVE_OUT_<top>); dut_top_built() says so to a test.
ROOTS_main := $(filter-out $(TOPS_IN_PROGRAMS),$(TOPS))
$(foreach g,$(PROGRAMS),$(eval ROOTS_$(g) := $(filter $(TOPS_PROGRAM_$(g)),$(TOPS))))
VVP_main := $(B)/sim.vvp
$(foreach g,$(PROGRAMS),$(eval VVP_$(g) := $(B)/sim_$(g).vvp))
all: $(foreach g,main $(PROGRAMS),$(VVP_$(g))) $(B)/harness.vpi
define vvp_rule
$$(VVP_$(1)): $$(RTL_DEPS) $$(GEN)/tb_tops.v $$(GEN)/tops.mk $$(STAMP) $$(TOPSET_STAMP)
	@mkdir -p $$(B)
	@# -Wall, and any warning is an error, as in make lint (the RTL has no timescale of its own:
	@# the wrappers' 1ps/1ps is the only one, so that warning is off)
	iverilog -g2012 -Wall -Wno-timescale -o $$@ $$(RTL_INC) $$(if $$(LEFT_OUT),-DHARNESS_TOPSET_TEST) $$(foreach t,$$(filter-out $$(ROOTS_$(1)),$$(ALL_TOPS)),-DHARNESS_LEAVE_OUT_$$(t)) $$(foreach t,$$(ROOTS_$(1)),-s tb_$$(t)) -s harness_waves $$(RTL) $$(GEN)/tb_tops.v 2>$$@.warnings; \
	  rc=$$$$?; cat $$@.warnings >&2; if [ $$$$rc -ne 0 ] || [ -s $$@.warnings ]; then rm -f $$@; exit 1; fi
endef
$(foreach g,main $(PROGRAMS),$(eval $(call vvp_rule,$(g))))
$(OBJ)/be_icarus.o: csrc/harness/be_icarus.c csrc/harness/backend.h csrc/harness/harness_tops.h csrc/harness/harness.h $(STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_C) -fPIC -pthread -I/usr/include/iverilog -c $< -o $@
$(B)/harness.vpi: $(C_OBJS) $(OBJ)/be_icarus.o
	$(CC) -shared -pthread -o $@ $^ -L/usr/lib/x86_64-linux-gnu -lvpi -lm
else
# ------------------------------------------------------ Verilator and SystemC
ifeq ($(SIM),systemc)
  VMODE := --sc
  VDEFS += -DVM_SC=1
  MODEL_CXXFLAGS := $(SC_INC)
  LINK_EXTRA := $(SC_LIB)
  SHIM := sc_tops
  BACKEND := be_systemc
  VRT := verilated.cpp verilated_threads.cpp $(if $(filter waves,$(VARIANT)),verilated_fst_c.cpp verilated_fst_sc.cpp) $(if $(filter cov,$(VARIANT)),verilated_cov.cpp)
else
  VMODE := --cc
  VDEFS += -DVM_SC=0
  MODEL_CXXFLAGS :=
  LINK_EXTRA :=
  SHIM := vl_tops
  BACKEND := be_verilator
  VRT := verilated.cpp verilated_threads.cpp $(if $(filter waves,$(VARIANT)),verilated_fst_c.cpp) $(if $(filter cov,$(VARIANT)),verilated_cov.cpp)
endif
CXXFLAGS_V := -std=c++17 -O2 -g $(VINC) $(VDEFS) $(MODEL_CXXFLAGS) -Wno-unused-parameter
# The Verilated models: tests compile them at -O1 / -O0, because gcc -O2 on the largest
# generated models takes minutes (sue's 64-destination transmit front end: 5 min 19 s at -O2,
# 37 s at -O1) for a run of seconds; VARIANT=bench keeps -O2 for the speed figures. (-O0 for
# all is no bargain: scoc's model compiles 14 % faster and its tests run 9 times slower.)
ifeq ($(VARIANT),bench)
  OPT_fast := -O2
  OPT_slow := -O1
else
  OPT_fast := -O1
  OPT_slow := -O0
endif
SC_MK := $(if $(filter systemc,$(SIM)),SYSTEMC_INCLUDE=/usr/include SYSTEMC_LIBDIR=/usr/lib/x86_64-linux-gnu)

# Precompiled verilated.h. Nearly every file Verilator writes (100 to 300 a block) starts with
# #include "verilated.h", whose parsing costs gcc about 0.4 s a file: half the CPU of a block's
# models (scoc's scoc_sched_n16_m4: 28 s of compile without it, 14 s with it). GCC takes a
# precompiled header only if it was made with the same flags, so there is one per optimization
# level (fast / slow code), made with the flags of the generated makefiles (asked from the first
# top's), and found first through -iquote. A header that does not match is ignored by GCC (it
# parses verilated.h as before: slower, never different); -Winvalid-pch says so in build.log.
# clang takes its header as -include-pch (verilated.h.pch; the files' own #include then finds the
# header's guard defined), and refuses one made with other flags instead of ignoring it.
PCH   := $(abspath $(OBJ)/pch)
PCH_T := $(firstword $(TOPS))
PCH_X := $(if $(VL_CLANG),pch,gch)
PCH_H := $(PCH)/fast/verilated.h.$(PCH_X) $(PCH)/slow/verilated.h.$(PCH_X)
$(PCH)/%/verilated.h.$(PCH_X): $(OBJ)/$(PCH_T)/V$(PCH_T).mk $(VROOT)/include/verilated.h $(STAMP)
	@mkdir -p $(@D)
	cp $(VROOT)/include/verilated.h $(@D)/verilated.h
	flags=$$($(MAKE) -s --no-print-directory -C $(OBJ)/$(PCH_T) -f V$(PCH_T).mk $(SC_MK) $(VL_MAKE) \
	  --eval='vl_flags: ; @echo $$(CXXFLAGS) $$(CPPFLAGS)' vl_flags) && \
	  $(VL_CXX) $$flags $(OPT_$*) -x c++-header $(@D)/verilated.h -o $@
ifeq ($(VL_CLANG),1)
  OPT_MODEL := OPT_FAST="$(OPT_fast) -include-pch $(PCH)/fast/verilated.h.pch" \
    OPT_SLOW="$(OPT_slow) -include-pch $(PCH)/slow/verilated.h.pch"
else
  OPT_MODEL := OPT_FAST="$(OPT_fast) -iquote $(PCH)/fast -Winvalid-pch" \
    OPT_SLOW="$(OPT_slow) -iquote $(PCH)/slow -Winvalid-pch"
endif

MODEL_LIBS := $(foreach t,$(TOPS),$(OBJ)/$(t)/V$(t)__ALL.a)

# One Verilated model per top configuration, each with its own class prefix so
# all of a block's tops live in one program.
define TOP_RULES
$(OBJ)/$(1)/V$(1).mk: $(RTL_DEPS) $(GEN)/tops.mk $(STAMP)
	@mkdir -p $(OBJ)/$(1)
	$(VL_CMD) $(VMODE) $(VFLAGS) --prefix V$(1) --top-module $(MODULE_$(1)) $(GFLAGS_$(1)) -Mdir $(OBJ)/$(1) $(RTL)
	@touch $$@
$(OBJ)/$(1)/V$(1)__ALL.a: $(OBJ)/$(1)/V$(1).mk $(PCH_H)
	+$(MAKE) -s -C $(OBJ)/$(1) -f V$(1).mk V$(1)__ALL.a $(OPT_MODEL) CXX=$(VL_CXX) $(SC_MK) $(VL_MAKE) >/dev/null
endef
$(foreach t,$(TOPS),$(eval $(call TOP_RULES,$(t))))

VRT_OBJS := $(patsubst %.cpp,$(OBJ)/vrt/%.o,$(VRT))
$(OBJ)/vrt/%.o: $(VROOT)/include/%.cpp $(STAMP)
	@mkdir -p $(dir $@)
	$(VL_CXX) $(CXXFLAGS_V) -c $< -o $@

$(OBJ)/shim.o: $(GEN)/$(SHIM).cpp $(wildcard csrc/harness/*.h) $(MODEL_LIBS) $(STAMP) $(TOPSET_STAMP)
	$(VL_CXX) $(CXXFLAGS_V) -Icsrc/harness $(foreach t,$(TOPS),-I$(OBJ)/$(t)) $(foreach t,$(LEFT_OUT),-DHARNESS_LEAVE_OUT_$(t)) -c $< -o $@
$(OBJ)/backend.o: csrc/harness/$(BACKEND).cpp $(wildcard csrc/harness/*.h) $(MODEL_LIBS) $(STAMP)
	$(VL_CXX) $(CXXFLAGS_V) -Icsrc/harness -c $< -o $@

$(OBJ)/vl_user.o: csrc/harness/vl_user.cpp $(wildcard csrc/harness/*.h) $(STAMP)
	$(VL_CXX) $(CXXFLAGS_V) -Icsrc/harness -c $< -o $@

all: $(B)/sim
# The bare eval() loop the harness overhead is measured against (scripts/bench.sh).
ifeq ($(SIM)/$(BLOCK)/$(VARIANT),verilator/common/bench)
all: $(B)/bench_bare_fifo $(B)/bench_bare_crc
$(B)/bench_bare_fifo: csrc/harness/bench_bare.cpp $(OBJ)/sync_fifo_w8_d4/Vsync_fifo_w8_d4__ALL.a $(VRT_OBJS)
	$(VL_CXX) $(CXXFLAGS_V) -DBENCH_FIFO=1 -I$(OBJ)/sync_fifo_w8_d4 -o $@ $^ -lz -lpthread
$(B)/bench_bare_crc: csrc/harness/bench_bare.cpp $(OBJ)/crc_engine_crc32_d1024/Vcrc_engine_crc32_d1024__ALL.a $(VRT_OBJS)
	$(VL_CXX) $(CXXFLAGS_V) -DBENCH_CRC=1 -I$(OBJ)/crc_engine_crc32_d1024 -o $@ $^ -lz -lpthread
endif
$(B)/sim: $(C_OBJS) $(OBJ)/shim.o $(OBJ)/backend.o $(OBJ)/vl_user.o $(VRT_OBJS) $(MODEL_LIBS)
	$(VL_CXX) -o $@ $(C_OBJS) $(OBJ)/shim.o $(OBJ)/backend.o $(OBJ)/vl_user.o $(VRT_OBJS) $(MODEL_LIBS) $(LINK_EXTRA) -lz -lpthread -lm $(if $(VL_CLANG),-latomic)
endif

# Written while this file is read, before any rule runs (see STAMP above).
STAMP_TEXT := sim=$(SIM) variant=$(VARIANT) $(if $(filter icarus,$(SIM)),,verilator=$(VERILATOR) $(VL_ROOT)) | $(VFLAGS) | $(VDEFS) | $(CFLAGS_C) | $(VL_CXX) $(CXXFLAGS_V) | $(OPT_fast) $(OPT_slow) | $(shell cat scripts/build.mk scripts/block_rtl.mk scripts/verilator.mk scripts/gen_tops.py scripts/tops.py | md5sum)
$(shell mkdir -p $(B) && { printf '%s\n' '$(STAMP_TEXT)' | cmp -s - $(STAMP) || printf '%s\n' '$(STAMP_TEXT)' > $(STAMP); })
