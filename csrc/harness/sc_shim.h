/* sc_shim.h - what the generated SystemC shim (sc_tops.cpp) provides: one
 * object per top instance that owns the Verilated --sc model and an sc_signal
 * bound to each of its ports, with word-array access by port index. */
#ifndef HARNESS_SC_SHIM_H
#define HARNESS_SC_SHIM_H

#include <cstdint>
#include <systemc.h>

#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_sc.h"
#endif

struct harness_sc_inst {
  virtual ~harness_sc_inst() {}
  virtual void set(int port, const uint32_t *w) = 0;
  virtual void get(int port, uint32_t *w) = 0;
#if VM_TRACE
  virtual void trace(VerilatedFstSc *tfp) = 0;
#endif
  virtual void final_() = 0;
};

/* Instantiate top `top` (index into harness_tops) before elaboration ends. */
harness_sc_inst *harness_sc_create(int top, const char *inst);

/* Port types of a Verilator --sc model: bool (1 bit), uint32_t (<= 32),
 * uint64_t (<= 64), sc_bv<W> (wider). */
static inline void harness_sc_write(sc_signal<bool> &s, const uint32_t *w) { s.write(w[0] & 1u); }
static inline void harness_sc_write(sc_signal<uint32_t> &s, const uint32_t *w) { s.write(w[0]); }
static inline void harness_sc_write(sc_signal<uint64_t> &s, const uint32_t *w) {
  s.write(static_cast<uint64_t>(w[0]) | (static_cast<uint64_t>(w[1]) << 32));
}
template <int W> static inline void harness_sc_write(sc_signal<sc_bv<W>> &s, const uint32_t *w) {
  sc_bv<W> v;
  for (int i = 0; i < (W + 31) / 32; i++)
    v.set_word(i, w[i]);
  s.write(v);
}
static inline void harness_sc_read(sc_signal<bool> &s, uint32_t *w) { w[0] = s.read() ? 1u : 0u; }
static inline void harness_sc_read(sc_signal<uint32_t> &s, uint32_t *w) { w[0] = s.read(); }
static inline void harness_sc_read(sc_signal<uint64_t> &s, uint32_t *w) {
  uint64_t v = s.read();
  w[0] = static_cast<uint32_t>(v);
  w[1] = static_cast<uint32_t>(v >> 32);
}
template <int W> static inline void harness_sc_read(sc_signal<sc_bv<W>> &s, uint32_t *w) {
  const sc_bv<W> &v = s.read();
  for (int i = 0; i < (W + 31) / 32; i++)
    w[i] = v.get_word(i);
}

#endif
