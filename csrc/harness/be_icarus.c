/*
 * be_icarus.c - Icarus Verilog backend: a VPI module that vvp loads as cocotb
 * loads its own:
 *
 *   vvp -n -M <dir> -m harness <sim.vvp> [-fst] +test=NAME +seed=N ...
 *       [+waves=1 +wavefile=<outdir>/waves.fst]
 *
 * The test is straight-line C, so harness_main() runs in a coroutine
 * (ucontext, own stack) started at the start of simulation. Whenever the core
 * needs time to pass (be_settle, be_advance) the coroutine registers a VPI
 * callback and swaps back to vvp's scheduler; the callback swaps back in.
 *
 * Inputs are written lazily: be_set() only records the value, and every
 * recorded value is put (vpiNoDelay) at the start of the next time the core
 * moves to. So a clock edge the core asks for at t happens at t in the
 * simulation and in the waves, exactly as on Verilator; data set with an
 * edge, and the logic it drives, settles before the clock changes (data_cb).
 *
 * Ports are the regs (inputs) and wires (outputs) of the generated Icarus
 * wrappers (gen_tops.py): tb_<top>.u<inst>.<port>.
 *
 * Exit code: vvp 11 exits with 0 after vpi_control(vpiFinish) whatever the
 * argument, so a non-zero test result is made the process's exit status by
 * an atexit handler, i.e. after vvp's end-of-simulation callbacks (which close
 * the FST file) and after main() returned.
 */
#define _XOPEN_SOURCE 700 /* POSIX + ucontext, also under -std=c11 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include <vpi_user.h>

#include "backend.h"
#include "harness.h"

#define CO_STACK_BYTES (16u << 20)

typedef struct {
  vpiHandle h;
  unsigned width, nw;
  int is_input, is_clock;
  int pending;   /* a value waits in val for the next time step */
  uint32_t *val; /* inputs: last value set */
} be_port_t;

struct be_model {
  const harness_top_t *top;
  be_port_t *ports;
};

/* ---------------------------------------------------------- coroutine */
enum { CO_IDLE, CO_RUNNING, CO_DONE };
static ucontext_t g_sim_uc, g_test_uc;
static void *g_stack;
static int g_co_state = CO_IDLE;
static int g_exit_code;
static int g_argc;
static char **g_argv;

/* Global time: vpiSimTime counts units of the design's precision. */
static uint64_t g_units_per_ps = 1;

/* Input values waiting for the next time step, in the order they were set. */
typedef struct {
  be_model_t *m;
  int port;
} pend_t;
static pend_t *g_pend;
static size_t g_npend, g_cap_pend, g_open_ports; /* at most one entry per open port */
static s_vpi_vecval *g_vec;                      /* scratch for puts, HARNESS_MAX_PORT_WIDTH bits */

/* harness_waves.dump_on: $dumpon/$dumpoff from be_waves (NULL: not built). */
static vpiHandle g_dump_on;
static int g_dump_pending = -1; /* value to put at the next step, or -1 */

static uint64_t now_units(void) {
  s_vpi_time t = {.type = vpiSimTime};
  vpi_get_time(NULL, &t);
  return ((uint64_t)t.high << 32) | t.low;
}

static void co_yield_to_sim(void) {
  if (swapcontext(&g_test_uc, &g_sim_uc)) {
    perror("be_icarus: swapcontext");
    abort();
  }
}

static void co_resume(void) {
  if (g_co_state != CO_RUNNING)
    return;
  if (swapcontext(&g_sim_uc, &g_test_uc)) {
    perror("be_icarus: swapcontext");
    abort();
  }
}

static void co_body(void) {
  g_exit_code = harness_main(g_argc, g_argv);
  g_co_state = CO_DONE;
  /* Ends the run once this callback returns; the exit code is applied at exit. */
  vpi_control(vpiFinish, 0);
  /* returning switches to g_sim_uc through uc_link */
}

/* ----------------------------------------------- stdout capture ($fatal text)
 * vvp prints $fatal's message itself; to put it in the FAIL line and
 * results.xml, stdout goes through a pipe whose reader thread copies it to the
 * real stdout at once and keeps the last few KiB. */
#define TEE_KEEP 8192
static struct {
  int active, real_fd, rd;
  pthread_t th;
  char keep[TEE_KEEP + 1];
  size_t len;
} g_tee;

static void *tee_main(void *arg) {
  (void)arg;
  char buf[4096];
  for (;;) {
    ssize_t n = read(g_tee.rd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(g_tee.real_fd, buf + off, (size_t)(n - off));
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        break; /* stdout gone: keep draining so writers never block */
      off += w;
    }
    size_t k = (size_t)n > TEE_KEEP ? TEE_KEEP : (size_t)n;
    if (g_tee.len + k > TEE_KEEP) {
      size_t drop = g_tee.len + k - TEE_KEEP;
      memmove(g_tee.keep, g_tee.keep + drop, g_tee.len - drop);
      g_tee.len -= drop;
    }
    memcpy(g_tee.keep + g_tee.len, buf + (size_t)n - k, k);
    g_tee.len += k;
  }
  return NULL;
}

static void tee_start(void) {
  int p[2];
  fflush(stdout);
  int tty = isatty(STDOUT_FILENO);
  if (pipe(p))
    return;
  g_tee.real_fd = dup(STDOUT_FILENO);
  if (g_tee.real_fd < 0 || dup2(p[1], STDOUT_FILENO) < 0) {
    if (g_tee.real_fd >= 0)
      close(g_tee.real_fd);
    close(p[0]);
    close(p[1]);
    return;
  }
  close(p[1]);
  g_tee.rd = p[0];
  fcntl(g_tee.rd, F_SETFD, FD_CLOEXEC);
  fcntl(g_tee.real_fd, F_SETFD, FD_CLOEXEC);
  if (tty) /* a pipe would make stdout block-buffered: keep a terminal live */
    setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
  /* Signals (Ctrl-C to vvp) stay with the simulator's thread. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  int rc = pthread_create(&g_tee.th, NULL, tee_main, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc) {
    dup2(g_tee.real_fd, STDOUT_FILENO);
    close(g_tee.real_fd);
    close(g_tee.rd);
    return;
  }
  g_tee.active = 1;
}

/* Restore stdout; the reader sees EOF once it has copied everything. */
static void tee_stop(void) {
  if (!g_tee.active)
    return;
  g_tee.active = 0;
  fflush(stdout);
  dup2(g_tee.real_fd, STDOUT_FILENO);
  pthread_join(g_tee.th, NULL); /* it still writes to real_fd until then */
  close(g_tee.real_fd);
  close(g_tee.rd);
  g_tee.keep[g_tee.len] = 0;
}

/* The last line vvp printed for $fatal (or a $finish with a message), if any. */
static const char *tee_last_line(const char *tag, char *out, size_t n) {
  const char *hit = NULL;
  for (const char *p = g_tee.keep; (p = strstr(p, tag)) != NULL; p++)
    hit = p;
  if (!hit)
    return NULL;
  size_t len = strcspn(hit, "\r\n");
  if (len >= n)
    len = n - 1;
  memcpy(out, hit, len);
  out[len] = 0;
  return out;
}

/* ---------------------------------------------------------- callbacks */
static PLI_INT32 resume_cb(p_cb_data d) {
  (void)d;
  co_resume();
  return 0;
}

static void put_port(be_model_t *m, int i) {
  be_port_t *p = &m->ports[i];
  for (unsigned w = 0; w < p->nw; w++) {
    g_vec[w].aval = (PLI_INT32)p->val[w];
    g_vec[w].bval = 0;
  }
  s_vpi_value v = {.format = vpiVectorVal};
  v.value.vector = g_vec;
  vpi_put_value(p->h, &v, NULL, vpiNoDelay);
  p->pending = 0;
}

/* Puts the waiting inputs that are clocks (or not); returns how many, and in
 * *others how many of the other kind still wait. */
static int put_pending(int clocks, int *others) {
  int n = 0;
  *others = 0;
  for (size_t i = 0; i < g_npend; i++) {
    be_port_t *p = &g_pend[i].m->ports[g_pend[i].port];
    if (!p->pending)
      continue;
    if (p->is_clock == clocks) {
      put_port(g_pend[i].m, g_pend[i].port);
      n++;
    } else {
      (*others)++;
    }
  }
  return n;
}

static void register_sync(int reason, PLI_INT32 (*fn)(p_cb_data)) {
  s_vpi_time t = {.type = vpiSimTime};
  s_cb_data cb = {.reason = reason, .cb_rtn = fn, .time = &t};
  vpi_register_cb(&cb);
}

/* Resume the test once every event of this time step has run (read-only
 * sync: values are final). */
static PLI_INT32 clocks_cb(p_cb_data d) {
  (void)d;
  int others;
  put_pending(1, &others);
  g_npend = 0;
  register_sync(cbReadOnlySynch, resume_cb);
  return 0;
}

/* Clocks go in a later read-write sync of the same time step than the data
 * set with them: Icarus runs parts of the logic (functions, always @*) as
 * scheduled events, and an edge must sample that logic settled on the new
 * inputs, as on Verilator. Same time, so the waves show both at t. */
static PLI_INT32 data_cb(p_cb_data d) {
  int clocks, data = put_pending(0, &clocks);
  if (clocks && data)
    register_sync(cbReadWriteSynch, clocks_cb);
  else
    clocks_cb(d);
  return 0;
}

/* The time the core asked for. A dump switch goes first, so $dumpoff/$dumpon
 * run before the inputs change. */
static PLI_INT32 at_time_cb(p_cb_data d) {
  if (g_dump_pending >= 0) {
    s_vpi_value v = {.format = vpiIntVal};
    v.value.integer = g_dump_pending;
    vpi_put_value(g_dump_on, &v, NULL, vpiNoDelay);
    g_dump_pending = -1;
    register_sync(cbReadWriteSynch, data_cb);
    return 0;
  }
  return data_cb(d);
}

static void go_to(uint64_t t_ps) {
  uint64_t now = now_units(), target = t_ps * g_units_per_ps;
  if (target <= now)
    FAIL("icarus: asked to move to %llu ps, but the simulation is at %llu ps",
         (unsigned long long)t_ps, (unsigned long long)(now / g_units_per_ps));
  uint64_t delay = target - now;
  s_vpi_time t = {.type = vpiSimTime, .high = (PLI_UINT32)(delay >> 32), .low = (PLI_UINT32)delay};
  s_cb_data cb = {.reason = cbAfterDelay, .cb_rtn = at_time_cb, .time = &t};
  vpi_register_cb(&cb);
  co_yield_to_sim();
  now = now_units();
  if (now != target)
    FAIL("icarus: resumed at %llu ps, expected %llu ps", (unsigned long long)(now / g_units_per_ps),
         (unsigned long long)t_ps);
}

/* The design ended the run ($fatal, $finish) while the test waited for time:
 * report the test as failed; vvp printed the reason. */
static PLI_INT32 end_of_sim_cb(p_cb_data d) {
  (void)d;
  uint64_t t_ps = now_units() / g_units_per_ps;
  tee_stop();
  if (g_co_state == CO_RUNNING) {
    g_co_state = CO_DONE; /* never resumed: its stack is abandoned */
    char line[768], why[128];
    const char *fatal = tee_last_line("FATAL: ", line, sizeof line);
    const char *fin = fatal ? NULL : tee_last_line("$finish called", line, sizeof line);
    if (fatal || fin)
      harness_design_error(line);
    snprintf(why, sizeof why, "%s at %llu ps",
             fatal ? "$fatal"
             : fin ? "$finish"
                   : "$finish or $fatal",
             (unsigned long long)t_ps);
    g_exit_code = harness_sim_ended(why);
  }
  return 0;
}

static void exit_with_code(void) {
  tee_stop();
  if (g_exit_code) {
    fflush(NULL);
    _exit(g_exit_code);
  }
}

static PLI_INT32 start_of_sim_cb(p_cb_data d) {
  (void)d;
  s_vpi_vlog_info info;
  if (!vpi_get_vlog_info(&info)) {
    fprintf(stderr, "be_icarus: vpi_get_vlog_info failed\n");
    g_exit_code = 2;
    vpi_control(vpiFinish, 0);
    return 0;
  }
  g_argc = info.argc;
  g_argv = info.argv;
  /* ps per design time unit: the wrappers are 1ps/1ps, RTL may be finer. */
  int prec = vpi_get(vpiTimePrecision, NULL);
  for (int p = prec; p < -12; p++)
    g_units_per_ps *= 10;
  if (prec > -12) {
    fprintf(stderr, "be_icarus: time precision 1e%d s is coarser than 1 ps\n", prec);
    g_exit_code = 2;
    vpi_control(vpiFinish, 0);
    return 0;
  }
  g_dump_on = vpi_handle_by_name("harness_waves.dump_on", NULL);
  g_vec = calloc(HARNESS_WORDS(HARNESS_MAX_PORT_WIDTH), sizeof *g_vec);
  g_stack = malloc(CO_STACK_BYTES);
  if (!g_vec || !g_stack || getcontext(&g_test_uc)) {
    fprintf(stderr, "be_icarus: cannot set up the test coroutine\n");
    g_exit_code = 2;
    vpi_control(vpiFinish, 0);
    return 0;
  }
  tee_start();
  g_test_uc.uc_stack.ss_sp = g_stack;
  g_test_uc.uc_stack.ss_size = CO_STACK_BYTES;
  g_test_uc.uc_link = &g_sim_uc;
  makecontext(&g_test_uc, co_body, 0);
  g_co_state = CO_RUNNING;
  co_resume();
  return 0;
}

static void be_icarus_register(void) {
  atexit(exit_with_code);
  s_cb_data cb = {.reason = cbStartOfSimulation, .cb_rtn = start_of_sim_cb};
  vpi_register_cb(&cb);
  cb.reason = cbEndOfSimulation;
  cb.cb_rtn = end_of_sim_cb;
  vpi_register_cb(&cb);
}

void (*vlog_startup_routines[])(void) = {be_icarus_register, NULL};

/* Simulators that call a bootstrap function instead of reading the table. */
void vlog_startup_routines_bootstrap(void) {
  for (int i = 0; vlog_startup_routines[i]; i++)
    vlog_startup_routines[i]();
}

/* ---------------------------------------------------------- backend API */
const char *be_sim_name(void) { return "icarus"; }
/* A top left out of sim.vvp (scripts/build.mk TOPSET=test) has no root tb_<top>. */
int be_top_built(int top_index) {
  char name[300];
  snprintf(name, sizeof name, "tb_%s", harness_tops[top_index].name);
  vpiHandle h = vpi_handle_by_name(name, NULL);
  if (!h)
    return 0;
  vpi_free_object(h);
  return 1;
}

/* A program's tops are those of its @program (or of none): one that lacks a top of another
 * program says nothing about TOPSET, so tb_tops.v's harness_waves says it (gen_tops.py). */
int be_every_top(void) {
  vpiHandle h = vpi_handle_by_name("harness_waves.topset_test", NULL);
  if (!h)
    return 0;
  s_vpi_value v = {.format = vpiIntVal};
  vpi_get_value(h, &v);
  vpi_free_object(h);
  return v.value.integer == 0;
}

static const char *plusarg(const char *prefix) {
  size_t n = strlen(prefix);
  for (int i = 1; i < g_argc; i++)
    if (strncmp(g_argv[i], prefix, n) == 0)
      return g_argv[i] + n;
  return NULL;
}

static int has_arg(const char *a) {
  for (int i = 1; i < g_argc; i++)
    if (strcmp(g_argv[i], a) == 0)
      return 1;
  return 0;
}

be_model_t *be_open(int top_index, int inst, const char *wave_path, char *err, unsigned errlen) {
  const harness_top_t *top = &harness_tops[top_index];
  if (wave_path) {
    /* harness_waves dumps every DUT into one file, named by +wavefile. */
    const char *wf = plusarg("+wavefile=");
    if (!wf || !*wf) {
      snprintf(err, errlen, "waves asked for, but vvp was started without +wavefile=<path>");
      return NULL;
    }
    size_t n = strlen(wf);
    if (n > 4 && strcmp(wf + n - 4, ".fst") == 0 && !has_arg("-fst")) {
      snprintf(err, errlen, "+wavefile=%s needs vvp's -fst (after sim.vvp), or it is a VCD", wf);
      return NULL;
    }
  }
  be_model_t *m = calloc(1, sizeof *m);
  be_port_t *ports = calloc((size_t)top->nports, sizeof *ports);
  if (!m || !ports) {
    free(m);
    free(ports);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  m->top = top;
  m->ports = ports;
  if (g_open_ports + (size_t)top->nports > g_cap_pend) {
    size_t cap = 2 * (g_open_ports + (size_t)top->nports);
    pend_t *np = realloc(g_pend, cap * sizeof *np);
    if (!np) {
      free(m);
      free(ports);
      snprintf(err, errlen, "out of memory");
      return NULL;
    }
    g_pend = np;
    g_cap_pend = cap;
  }
  g_open_ports += (size_t)top->nports;
  for (int i = 0; i < top->nports; i++) {
    const harness_port_t *hp = &top->ports[i];
    be_port_t *p = &ports[i];
    char name[512];
    snprintf(name, sizeof name, "tb_%s.u%d.%s", top->name, inst, hp->name);
    p->h = vpi_handle_by_name(name, NULL);
    if (!p->h) {
      snprintf(err, errlen, "no signal %s in the simulation (sim.vvp older than the port table?)",
               name);
      be_close(m);
      return NULL;
    }
    int size = vpi_get(vpiSize, p->h);
    if (hp->width > HARNESS_MAX_PORT_WIDTH) {
      snprintf(err, errlen, "%s is %u bits, more than the harness's %d", name, hp->width,
               HARNESS_MAX_PORT_WIDTH);
      be_close(m);
      return NULL;
    }
    if (size != (int)hp->width) {
      snprintf(err, errlen, "%s is %d bits in the simulation, %u in the port table", name, size,
               hp->width);
      be_close(m);
      return NULL;
    }
    p->width = hp->width;
    p->nw = HARNESS_WORDS(hp->width);
    p->is_input = hp->is_input;
    p->is_clock = strcmp(hp->name, "clk") == 0;
    if (p->is_input) {
      p->val = calloc(p->nw, sizeof *p->val);
      if (!p->val) {
        snprintf(err, errlen, "out of memory");
        be_close(m);
        return NULL;
      }
      /* Inputs start at zero, also when this instance was open before. The
       * wrapper regs start X, so this change at the first settle also wakes
       * every always @* (Icarus runs none at time 0). */
      be_set(m, i, p->val);
    }
  }
  return m;
}

/* The instance stays in the design; only our handles and buffers go. */
void be_close(be_model_t *m) {
  if (!m)
    return;
  size_t k = 0; /* drop its waiting inputs, keep the others' order */
  for (size_t i = 0; i < g_npend; i++)
    if (g_pend[i].m != m)
      g_pend[k++] = g_pend[i];
  g_npend = k;
  for (int i = 0; i < m->top->nports; i++) {
    if (m->ports[i].h)
      vpi_free_object(m->ports[i].h);
    free(m->ports[i].val);
  }
  g_open_ports -= (size_t)m->top->nports;
  free(m->ports);
  free(m);
}

void be_set(be_model_t *m, int port, const uint32_t *words) {
  be_port_t *p = &m->ports[port];
  memcpy(p->val, words, p->nw * sizeof *words);
  if (p->pending)
    return;
  g_pend[g_npend].m = m; /* room: be_open sized it for every open port */
  g_pend[g_npend].port = port;
  g_npend++;
  p->pending = 1;
}

void be_get(be_model_t *m, int port, uint32_t *words, uint32_t *xz) {
  be_port_t *p = &m->ports[port];
  if (p->is_input) { /* as last set, even before it reached the simulation */
    memcpy(words, p->val, p->nw * sizeof *words);
    if (xz)
      memset(xz, 0, p->nw * sizeof *xz);
    return;
  }
  s_vpi_value v = {.format = vpiVectorVal};
  vpi_get_value(p->h, &v);
  for (unsigned w = 0; w < p->nw; w++) {
    uint32_t mask = (w == p->nw - 1 && p->width % 32) ? (1u << (p->width % 32)) - 1u : ~0u;
    uint32_t a = (uint32_t)v.value.vector[w].aval, b = (uint32_t)v.value.vector[w].bval;
    words[w] = a & ~b & mask; /* X and Z read as 0 */
    if (xz)
      xz[w] = b & mask;
  }
}

/* Port values live in the simulator (and inputs wait in be_set's buffer), so
 * there is no memory to hand out: the core goes through be_set / be_get. */
void *be_port_direct(be_model_t *m, int port, int *kind) {
  (void)m;
  (void)port;
  *kind = 0;
  return NULL;
}

void be_settle(be_model_t *m, uint64_t t_ps) {
  (void)m;
  go_to(t_ps);
}

void be_advance(be_model_t *m, uint64_t t_ps) {
  (void)m;
  go_to(t_ps);
}

/* $dumpoff / $dumpon through harness_waves.dump_on, from the next time step.
 * Dumping is global on Icarus: this pauses every DUT's waves. */
void be_waves(be_model_t *m, int on) {
  (void)m;
  if (g_dump_on)
    g_dump_pending = on ? 1 : 0;
}

/* Waves are closed by vvp at the end of the simulation; nothing to flush here,
 * and Icarus has no coverage. */
void be_run_end(const char *outdir) { (void)outdir; }
