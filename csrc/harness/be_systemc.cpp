/*
 * be_systemc.cpp - SystemC backend: Verilator --sc models driven through
 * sc_signals (generated shim sc_tops.cpp), the test running in an SC_THREAD.
 *
 * SystemC cannot create modules once elaboration is over, and the test picks
 * its tops at run time, so sc_main builds harness_ninst instances of every top
 * up front and be_open hands one out. be_close cannot delete it either: the
 * instance goes back to the pool with its inputs zeroed on the next open, but
 * its registers keep their state (tests reset after opening).
 *
 * Input writes are held until the next settle/advance and applied at its
 * target time, then the delta cycles run out: clock edges land at the times
 * the core asks for (as on Verilator), not at the time the clock was set.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "backend.h"
#include "harness.h"
#include "sc_shim.h"
#include "vl_user.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

struct be_model {
  harness_sc_inst *sc;
  const harness_top_t *top;
  std::vector<std::vector<uint32_t>> in; // inputs as last set, by port
  std::vector<int> pending;              // ports set since the last apply
  std::vector<char> is_pending;
  bool in_use;
  bool waves_on; // opened with waves and not paused by dut_waves
};

static std::vector<be_model> g_models; // harness_ninst per top, top-major
#if VM_TRACE
// One file for every instance of every top: tracing can only start after
// elaboration, i.e. once all models exist, so it is opened at the first DUT's
// wave path (<outdir>/waves.fst) and later DUTs' paths are not used.
// The shared file dumps while an open DUT has waves on; pausing unregisters it
// from the kernel, which otherwise dumps every time step.
static VerilatedFstSc *g_tfp;
static bool g_tfp_live;   // registered with the kernel
static int g_waves_users; // open DUTs with waves on

// The kernel's handle on the file: sc_trace_file is a private base of
// VerilatedFstSc, and a C-style cast is the conversion C++ allows to one.
static sc_core::sc_trace_file *kernel_trace(VerilatedFstSc *t) {
  return (sc_core::sc_trace_file *)t;
}

static void waves_use(be_model_t *b, bool on) {
  if (b->waves_on == on)
    return;
  b->waves_on = on;
  g_waves_users += on ? 1 : -1;
  if (on && g_tfp && !g_tfp_live) {
    sc_core::sc_get_curr_simcontext()->add_trace_file(kernel_trace(g_tfp));
    g_tfp_live = true;
  }
}
// Stopping waits for the next time step: the current one, which the kernel
// dumps once it is over, is still written (Verilator dumps it at once).
static void waves_stop_if_unused() {
  if (g_tfp_live && g_waves_users == 0) {
    sc_core::sc_get_curr_simcontext()->remove_trace_file(kernel_trace(g_tfp));
    g_tfp_live = false;
  }
}
#endif

static uint64_t now_ps() { return sc_core::sc_time_stamp().value(); }

extern "C" {

const char *be_sim_name(void) { return "systemc"; }
int be_top_built(int top_index) {
  return g_models[static_cast<size_t>(top_index * harness_ninst)].sc != nullptr;
}
int be_every_top(void) {
  for (int i = 0; i < harness_ntops; i++)
    if (!be_top_built(i))
      return 0;
  return 1;
}

be_model_t *be_open(int top_index, int inst, const char *wave_path, char *err, unsigned errlen) {
  if (top_index < 0 || top_index >= harness_ntops || inst < 0 || inst >= harness_ninst) {
    std::snprintf(err, errlen, "no prebuilt instance %d of top %d", inst, top_index);
    return nullptr;
  }
  be_model_t *b = &g_models[static_cast<size_t>(top_index * harness_ninst + inst)];
  if (!b->sc) {
    std::snprintf(err, errlen, "%s is not in this program (left out of the build)", b->top->name);
    return nullptr;
  }
  if (b->in_use) {
    std::snprintf(err, errlen, "instance %d of %s is already open", inst, b->top->name);
    return nullptr;
  }
#if VM_TRACE
  if (wave_path && !g_tfp) {
    g_tfp = new VerilatedFstSc; // registers itself with the kernel
    g_tfp_live = true;
    for (be_model &m : g_models)
      if (m.sc)
        m.sc->trace(g_tfp);
    g_tfp->open(wave_path);
  }
  if (wave_path)
    waves_use(b, true);
#else
  if (wave_path) {
    std::snprintf(err, errlen, "waves asked for, but this model was built without tracing");
    return nullptr;
  }
#endif
  // Inputs start at zero; a reopened instance may hold other values.
  static const uint32_t zeros[HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH)] = {0};
  for (int p = 0; p < b->top->nports; p++)
    if (b->top->ports[p].is_input)
      be_set(b, p, zeros);
  b->in_use = true;
  return b;
}

void be_close(be_model_t *b) {
#if VM_TRACE
  waves_use(b, false);
#endif
  b->in_use = false;
}

void be_set(be_model_t *b, int port, const uint32_t *w) {
  std::vector<uint32_t> &v = b->in[static_cast<size_t>(port)];
  std::memcpy(v.data(), w, v.size() * sizeof(uint32_t));
  if (!b->is_pending[static_cast<size_t>(port)]) {
    b->is_pending[static_cast<size_t>(port)] = 1;
    b->pending.push_back(port);
  }
}

void be_get(be_model_t *b, int port, uint32_t *w, uint32_t *xz) {
  (void)xz; // two-state: never X or Z
  const std::vector<uint32_t> &v = b->in[static_cast<size_t>(port)];
  if (b->top->ports[port].is_input) // the signal only changes at the next apply
    std::memcpy(w, v.data(), v.size() * sizeof(uint32_t));
  else
    b->sc->get(port, w);
}

// Move to absolute time t_ps, drive the held inputs there and let them
// propagate: each delta lets the model's eval run and its outputs update.
static void run_to(be_model_t *b, uint64_t t_ps) {
  uint64_t now = now_ps();
  if (t_ps > now)
    sc_core::wait(sc_core::sc_time::from_value(t_ps - now));
#if VM_TRACE
  waves_stop_if_unused();
#endif
  if (now_ps() != t_ps) {
    char msg[160];
    std::snprintf(msg, sizeof msg, "systemc: asked for time %llu ps, simulation is at %llu ps",
                  static_cast<unsigned long long>(t_ps), static_cast<unsigned long long>(now_ps()));
    harness_design_error(msg);
  }
  for (int p : b->pending) {
    b->sc->set(p, b->in[static_cast<size_t>(p)].data());
    b->is_pending[static_cast<size_t>(p)] = 0;
  }
  b->pending.clear();
  do
    sc_core::wait(sc_core::SC_ZERO_TIME);
  while (sc_core::sc_pending_activity_at_current_time());
}

void be_settle(be_model_t *b, uint64_t t_ps) { run_to(b, t_ps); }
void be_advance(be_model_t *b, uint64_t t_ps) { run_to(b, t_ps); }

void be_waves(be_model_t *b, int on) {
#if VM_TRACE
  waves_use(b, on != 0);
#else
  (void)b;
  (void)on;
#endif
}

void be_run_end(const char *outdir) {
#if VM_TRACE
  if (g_tfp)
    g_tfp->flush();
#endif
#if VM_COVERAGE
  char path[1100];
  std::snprintf(path, sizeof path, "%s/coverage.dat", outdir);
  Verilated::defaultContextp()->coveragep()->write(path);
#else
  (void)outdir;
#endif
}

} // extern "C"

// Runs the test program; the test calls back into be_* from this thread.
struct harness_runner : sc_core::sc_module {
  SC_HAS_PROCESS(harness_runner);
  harness_runner(sc_core::sc_module_name name, int argc, char **argv)
      : sc_core::sc_module(name), argc_(argc), argv_(argv) {
    SC_THREAD(run);
    // Tests keep word buffers on the stack; SystemC's default is 256 KiB.
    set_stack_size(16u << 20);
  }
  void run() {
    code = harness_main(argc_, argv_);
    done = true;
#if VM_TRACE
    // VerilatedFstSc dumps a time step once it is over: step past the last one
    // so sc_stop does not cut it from the waves.
    if (g_tfp)
      wait(sc_core::sc_time::from_value(1));
#endif
    // The test has reported; keep SystemC's "stopped by user" note off stdout.
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING);
    sc_core::sc_stop();
  }
  int code = 2;
  bool done = false;

private:
  int argc_;
  char **argv_;
};

// SystemC prints its banner before sc_main; silence it (unless the user set
// the variable) so the output is that of the other backends.
__attribute__((constructor)) static void quiet_systemc_banner() {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
}

int sc_main(int argc, char **argv) {
  sc_core::sc_set_time_resolution(1, sc_core::SC_PS); // the core's time is in ps
  Verilated::defaultContextp()->fatalOnError(false);
  Verilated::defaultContextp()->fatalOnVpiError(false);
  // before elaboration: every instance takes its initial state when it is constructed
  harness_vl_random_init(Verilated::defaultContextp(), argc, argv);
#if VM_TRACE
  // Before elaboration: tracing needs it from time 0. Same rule as the runner.
  for (int i = 1; i < argc; i++)
    if (std::strncmp(argv[i], "+waves", 6) == 0 && std::strcmp(argv[i], "+waves=0") != 0 &&
        (argv[i][6] == '\0' || argv[i][6] == '='))
      Verilated::traceEverOn(true);
#endif

  g_models.resize(static_cast<size_t>(harness_ntops * harness_ninst));
  for (int t = 0; t < harness_ntops; t++)
    for (int i = 0; i < harness_ninst; i++) {
      be_model &b = g_models[static_cast<size_t>(t * harness_ninst + i)];
      char name[256];
      std::snprintf(name, sizeof name, "%s_u%d", harness_tops[t].name, i);
      b.sc = harness_sc_create(t, name);
      b.top = &harness_tops[t];
      b.in.resize(static_cast<size_t>(b.top->nports));
      for (int p = 0; p < b.top->nports; p++)
        b.in[static_cast<size_t>(p)].assign(HARNESS_WORDS(b.top->ports[p].width), 0u);
      b.is_pending.assign(static_cast<size_t>(b.top->nports), 0);
    }
  harness_runner runner("harness_runner", argc, argv);

  sc_core::sc_start();
  // The simulation stopped under the test (sc_stop from elsewhere, starvation).
  int code = runner.done ? runner.code : harness_sim_ended("SystemC simulation stopped");
  for (be_model &b : g_models)
    if (b.sc)
      b.sc->final_();
#if VM_TRACE
  if (g_tfp)
    g_tfp->close();
#endif
  return code;
}

// Ports are sc_signals: writes must go through the kernel, so no direct access.
extern "C" void *be_port_direct(be_model_t *, int, int *kind) {
  *kind = 0;
  return nullptr;
}
