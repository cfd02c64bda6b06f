# Scale-up fabric RTL and its co-simulation harness: the only entry point.
# `make help` lists the targets and variables.
SHELL := /bin/bash
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

BLOCKS_ALL := $(patsubst tb/%/tops.txt,%,$(wildcard tb/*/tops.txt))
SIMS_ALL   := verilator icarus systemc

SIM      ?= verilator
SEED     ?= 1
WAVES    ?= 0
COVERAGE ?= 0
BLOCK    ?=
TEST     ?=
JOBS     ?= $(shell nproc)
export JOBS

# ---- input checks: one line naming the valid choices, non-zero exit -------------
KNOWN_VARS := BLOCK TEST SIM SEED WAVES COVERAGE JOBS TARGET PLUSARGS REGRESS_SEEDS REGRESS_PLUSARGS \
  REGRESS_SLOW_SEEDS VERILATOR VL_CXX
# the Verilator toolchain: VERILATORS_ALL, VERILATOR (default VERILATOR_DEFAULT)
include scripts/verilator.mk
export REGRESS_SEEDS REGRESS_SLOW_SEEDS REGRESS_PLUSARGS TARGET PLUSARGS VERILATOR
# VL_CXX: the C++ compiler of the Verilator programs (scripts/build.mk); set only if given
ifneq ($(VL_CXX),)
  export VL_CXX
endif
$(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),\
  $(if $(filter $(v),$(KNOWN_VARS) MAKEFLAGS MAKEOVERRIDES),,\
    $(error unknown variable '$(v)'; valid: $(KNOWN_VARS)))))
ifneq ($(filter-out $(SIMS_ALL),$(SIM)),)
  $(error unknown SIM '$(SIM)'; valid: $(SIMS_ALL))
endif
ifneq ($(words $(SIM)),1)
  $(error SIM takes one simulator; valid: $(SIMS_ALL))
endif
ifneq ($(words $(VERILATOR)),1)
  $(error VERILATOR takes one version; valid: $(VERILATORS_ALL))
endif
ifneq ($(filter-out $(VERILATORS_ALL),$(VERILATOR)),)
  $(error unknown VERILATOR '$(VERILATOR)'; valid: $(VERILATORS_ALL))
endif
# new-block takes a name that is not a block yet; every other target a block that is
ifneq ($(filter new-block,$(MAKECMDGOALS)),)
  ifneq ($(words $(BLOCK)),1)
    $(error new-block needs BLOCK=<name of the new block>)
  endif
else ifneq ($(filter clean-block,$(MAKECMDGOALS)),)
  ifneq ($(words $(BLOCK)),1)
    $(error clean-block needs BLOCK=<one block>; valid: $(BLOCKS_ALL))
  endif
else ifneq ($(filter-out $(BLOCKS_ALL),$(BLOCK)),)
  $(error unknown BLOCK '$(BLOCK)'; valid: $(BLOCKS_ALL))
endif
ifeq ($(shell [[ '$(SEED)' =~ ^[0-9]+$$ ]] && echo ok),)
  $(error bad SEED '$(SEED)'; valid: an unsigned integer)
endif
ifneq ($(TEST),)
  ifneq ($(words $(BLOCK)),1)
    $(error TEST=$(TEST) needs BLOCK=<one block>; valid: $(BLOCKS_ALL))
  endif
  BLOCK_TESTS := $(shell . scripts/lib.sh; block_test_names $(BLOCK) all)
  ifeq ($(filter $(TEST),$(BLOCK_TESTS)),)
    $(error unknown TEST '$(TEST)' for BLOCK=$(BLOCK); valid: $(BLOCK_TESTS))
  endif
endif
ifneq ($(filter-out +%,$(PLUSARGS)),)
  $(error bad PLUSARGS '$(PLUSARGS)'; valid: words of the form +name or +name=value)
endif
ifneq ($(filter-out 0 1,$(WAVES) $(COVERAGE)),)
  $(error WAVES and COVERAGE take 0 or 1)
endif

SIM_BLOCKS := $(if $(BLOCK),$(BLOCK),$(BLOCKS_ALL))
TOOLS := scripts/install_tools.sh

.PHONY: help sim test lint cov vectors bench synth gtkwave clean tools regress new-block clean-block regs
help:
	@echo "make sim [BLOCK=<block>] [TEST=<name>] [SIM=verilator|icarus|systemc] [SEED=<n>] [WAVES=1] [COVERAGE=1] [PLUSARGS='+full']"
	@echo "                      [VERILATOR=$(subst $(subst ,, ),|,$(VERILATORS_ALL))] (default $(VERILATOR_DEFAULT), scripts/verilator.mk)"
	@echo "                      build and run tests (default: every block, every test, Verilator, seed 1)"
	@echo "make test             everything CI runs: C unit tests, vector reproducibility, every block on"
	@echo "                      Verilator and Icarus (+quick), block harness on SystemC, harness self-checks;"
	@echo "                      ends with 'N passed, N failed'. SystemC = the Verilator model behind a"
	@echo "                      SystemC binding: it proves the binding, it is not a third simulator"
	@echo "make lint             Verilator -Wall, Icarus -Wall, Yosys (no latches), cppcheck, clang-format"
	@echo "make cov              all tests with Verilator coverage -> sim_out/reports/coverage/index.html"
	@echo "make vectors          regenerate vectors/ from the reference models"
	@echo "make regs             regenerate the register decode, C header and docs table of rtl/*/*.rdl"
	@echo "make bench [BLOCK=..] measured speed figures -> sim_out/reports/"
	@echo "make synth [BLOCK=..] [TARGET=xilinx]  Yosys cell / flip-flop counts per top"
	@echo "make gtkwave BLOCK=.. TEST=.. [SIM=..] [SEED=..]  open the waves of that run"
	@echo "make regress [REGRESS_SEEDS=\"1 2 3\"]  many seeds on every simulator, then coverage (nightly)"
	@echo "make new-block BLOCK=x   the skeleton of block x in every layer (builds and passes as it stands)"
	@echo "make clean-block BLOCK=x remove block x that git does not track yet (new-block's skeleton)"
	@echo "make clean            remove sim_out/"
	@echo "blocks: $(BLOCKS_ALL)"
	@echo "run output: sim_out/<sim>/<block>/<test>-s<seed>/{run.log,console.log,results.xml,waves.fst,coverage.dat}"

tools:
	@$(TOOLS)

sim: tools
	@scripts/sim.sh $(SIM) "$(SIM_BLOCKS)" "$(TEST)" $(SEED) $(WAVES) $(COVERAGE)

test: tools
	@scripts/test.sh

lint: tools
	@scripts/lint.sh

cov: tools
	@scripts/cov.sh "$(SIM_BLOCKS)" $(SEED)

vectors: tools
	@scripts/vectors.sh write vectors

regs: tools
	@.venv/bin/python3 scripts/regmap.py $(wildcard rtl/*/*.rdl)

bench: tools
	@scripts/bench.sh "$(SIM_BLOCKS)"

synth: tools
	@for b in $(SIM_BLOCKS); do scripts/synth.sh $$b || exit 1; done

gtkwave: tools
	@scripts/waves.sh "$(BLOCK)" "$(TEST)" $(SIM) $(SEED)

regress: tools
	@scripts/regress.sh "$(SIM_BLOCKS)"

new-block: tools
	@scripts/new_block.sh "$(BLOCK)"

clean-block:
	@scripts/clean_block.sh "$(BLOCK)"

clean:
	rm -rf sim_out/*
