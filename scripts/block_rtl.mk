# scripts/block_rtl.mk - the RTL of block BLOCK, for scripts/build.mk and scripts/cocotb.mk: its
# own folder and those of the blocks it uses (scripts/lib.sh block_deps): common always, then the
# BLOCK_DEPS of tb/<block>/block.mk, then the block. Sets DEPS, RTL_DIRS, RTL, RTL_INC, RTL_DEPS.
BLOCK_DEPS :=
-include tb/$(BLOCK)/block.mk
uniq = $(if $(1),$(firstword $(1)) $(call uniq,$(filter-out $(firstword $(1)),$(1))))
DEPS     := $(call uniq,common $(BLOCK_DEPS) $(BLOCK))
RTL_DIRS := $(wildcard $(addprefix rtl/,$(DEPS)))
RTL      := $(sort $(foreach d,$(RTL_DIRS),$(wildcard $(d)/*.v)))
RTL_INC  := $(foreach d,$(RTL_DIRS),-I$(d))
RTL_DEPS := $(RTL) $(foreach d,$(RTL_DIRS),$(wildcard $(d)/*.vh)) $(wildcard rtl/lint/*.vlt rtl/lint/*/*.vlt)
