/*
 * be_verilator.cpp - Verilator backend: direct access to the Verilated
 * model's port variables through the generated table (vl_tops.cpp). No VPI
 * on this path, so the harness runs at the speed of eval() itself.
 */
#include <cstdio>
#include <cstring>
#include <vector>

#include "backend.h"
#include "harness.h"
#include "vl_shim.h"
#include "vl_user.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

struct be_model {
  VerilatedContext *ctx;
  void *m;
  const harness_vl_top_t *vt;
  const harness_top_t *top;
#if VM_TRACE
  VerilatedFstC *tfp;
  int waves_on;
#endif
};

// One context for every model of the run: coverage, $fatal and the random seed are per context.
static VerilatedContext *g_ctx;
static int g_argc;
static char **g_argv;
#if VM_COVERAGE
// The context's coverage points point into the models' counters, so a closed model
// is kept (finalized, not destroyed) until be_run_end has written coverage.dat.
static std::vector<be_model *> g_closed;
#endif

extern "C" {

const char *be_sim_name(void) { return "verilator"; }
int be_top_built(int top_index) { return harness_vl_tops[top_index].create != nullptr; }
int be_every_top(void) {
  for (int i = 0; i < harness_ntops; i++)
    if (!be_top_built(i))
      return 0;
  return 1;
}

be_model_t *be_open(int top_index, int inst, const char *wave_path, char *err, unsigned errlen) {
  (void)inst;
  if (!g_ctx) {
    g_ctx = new VerilatedContext;
    g_ctx->fatalOnError(false);
    g_ctx->fatalOnVpiError(false);
    harness_vl_random_init(g_ctx, g_argc, g_argv);
#if VM_TRACE
    g_ctx->traceEverOn(true);
#endif
  }
  if (!harness_vl_tops[top_index].create) {
    std::snprintf(err, errlen, "%s is not in this program (left out of the build)",
                  harness_tops[top_index].name);
    return nullptr;
  }
  be_model_t *b = new be_model{};
  b->ctx = g_ctx;
  b->top = &harness_tops[top_index];
  b->vt = &harness_vl_tops[top_index];
  // A test may open a DUT after others have run (the context is shared, time has passed).
  // Verilator 5.048 refuses a model added at a non-zero time; the harness owns time and sets
  // it before every eval (eval_at), so the model is created at 0 and the time put back.
  uint64_t now = g_ctx->time();
  g_ctx->time(0);
  b->m = b->vt->create(g_ctx);
  g_ctx->time(now);
#if VM_TRACE
  if (wave_path) {
    b->tfp = new VerilatedFstC;
    b->vt->trace(b->m, b->tfp);
    b->tfp->open(wave_path);
    b->waves_on = 1;
  }
#else
  if (wave_path) {
    std::snprintf(err, errlen, "waves asked for, but this model was built without tracing");
    b->vt->destroy(b->m);
    delete b;
    return nullptr;
  }
#endif
  // Inputs start at zero, as on Icarus (be_icarus.c drives them to 0 at open) and SystemC (a
  // fresh sc_signal): Verilator 5.048 gives top-level inputs a random initial value under
  // --x-initial unique, where 5.006 left them 0.
  for (int i = 0; i < b->top->nports; i++) {
    if (!b->top->ports[i].is_input)
      continue;
    std::vector<uint32_t> zero(HARNESS_WORDS(b->top->ports[i].width) + 1, 0u);
    be_set(b, i, zero.data());
  }
  b->vt->eval(b->m);
  return b;
}

void be_close(be_model_t *b) {
  b->vt->final(b->m);
#if VM_TRACE
  if (b->tfp) {
    b->tfp->close();
    delete b->tfp;
  }
#endif
#if VM_COVERAGE
  g_closed.push_back(b);
  return;
#endif
  b->vt->destroy(b->m);
  delete b;
}

void be_set(be_model_t *b, int port, const uint32_t *w) {
  void *p = b->vt->port(b->m, port);
  switch (b->vt->kinds[port]) {
  case HARNESS_VL_C:
    *static_cast<CData *>(p) = static_cast<CData>(w[0]);
    break;
  case HARNESS_VL_S:
    *static_cast<SData *>(p) = static_cast<SData>(w[0]);
    break;
  case HARNESS_VL_I:
    *static_cast<IData *>(p) = w[0];
    break;
  case HARNESS_VL_Q:
    *static_cast<QData *>(p) = static_cast<QData>(w[0]) | (static_cast<QData>(w[1]) << 32);
    break;
  default:
    std::memcpy(p, w, HARNESS_WORDS(b->top->ports[port].width) * sizeof(uint32_t));
    break;
  }
}

void be_get(be_model_t *b, int port, uint32_t *w, uint32_t *xz) {
  (void)xz; // two-state: never X or Z
  const void *p = b->vt->port(b->m, port);
  switch (b->vt->kinds[port]) {
  case HARNESS_VL_C:
    w[0] = *static_cast<const CData *>(p);
    break;
  case HARNESS_VL_S:
    w[0] = *static_cast<const SData *>(p);
    break;
  case HARNESS_VL_I:
    w[0] = *static_cast<const IData *>(p);
    break;
  case HARNESS_VL_Q: {
    QData q = *static_cast<const QData *>(p);
    w[0] = static_cast<uint32_t>(q);
    w[1] = static_cast<uint32_t>(q >> 32);
    break;
  }
  default:
    std::memcpy(w, p, HARNESS_WORDS(b->top->ports[port].width) * sizeof(uint32_t));
    break;
  }
}

void *be_port_direct(be_model_t *b, int port, int *kind) {
  static const int bytes[] = {1, 2, 4, 8};
  int k = b->vt->kinds[port];
  if (k > HARNESS_VL_Q)
    return nullptr;
  *kind = bytes[k];
  return b->vt->port(b->m, port);
}

static void eval_at(be_model_t *b, uint64_t t_ps) {
  b->ctx->time(t_ps);
  b->vt->eval(b->m);
#if VM_TRACE
  if (b->tfp && b->waves_on)
    b->tfp->dump(t_ps);
#endif
}

void be_settle(be_model_t *b, uint64_t t_ps) { eval_at(b, t_ps); }
void be_advance(be_model_t *b, uint64_t t_ps) { eval_at(b, t_ps); }

void be_waves(be_model_t *b, int on) {
#if VM_TRACE
  b->waves_on = on;
#else
  (void)b;
  (void)on;
#endif
}

void be_run_end(const char *outdir) {
#if VM_COVERAGE
  if (g_ctx) {
    char path[1100];
    std::snprintf(path, sizeof path, "%s/coverage.dat", outdir);
    g_ctx->coveragep()->write(path);
  }
  for (be_model *c : g_closed) {
    c->vt->destroy(c->m);
    delete c;
  }
  g_closed.clear();
#else
  (void)outdir;
#endif
}

} // extern "C"

int main(int argc, char **argv) {
  g_argc = argc;
  g_argv = argv;
  return harness_main(argc, argv);
}
