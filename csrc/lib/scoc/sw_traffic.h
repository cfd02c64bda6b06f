/*
 * sw_traffic.h - traffic, link pacing, scoreboard and statistics for any switch seen from its
 * links (sw_link.h: an sw_ops_t model, or the RTL through a test's glue), and max-min fair
 * rates. The traffic is that of the SCOC paper (seed 001, Sections 3 and 4): Bernoulli uniform,
 * permutations, diagonal, log-diagonal, unbalanced, partitioned, and explicit connection lists
 * for the fairness microbenchmarks.
 *
 * Time. Everything counts switch cycles. A link carries one word every `cpw` cycles (a double
 * >= 1, e.g. M x speedup: 4 x 1.45 = 5.8 for SCOC). cpw is taken as the rational
 * round(cpw * 10^6) / 10^6 (so 5.8 is exact) and paced by an integer accumulator: with aligned
 * phases, the words a link may carry in cycles 0 .. C-1 are exactly floor(C / cpw), the first at
 * cycle ceil(cpw) - 1. Each link word time (a "tick") earns the link one credit, and at most
 * one credit is banked: an input link offers its queue's head word while it holds a credit (the
 * offer holds, data unchanged, until the switch takes it: the credit is spent by the
 * handshake), an output link raises out_ready while it holds one. A link therefore never
 * carries more words than its ticks, and a switch that stalls for more than a word time loses
 * those link slots (the link idles as a real one would).
 *
 * Generation (per input port, open loop, driven only by that input's ticks and its own PRNG, so
 * a seed gives the same packets, at the same cycles, on any switch and on the RTL):
 *   - slotted Bernoulli: the input's time is cut into slots; each slot first draws a packet
 *     size L (fixed, or bimodal), then with probability `load` a packet of L words is generated
 *     at the slot's first tick, and the next slot starts L ticks later. The offered load in
 *     words is exactly `load` (in expectation) for any size distribution, and with fixed sizes it
 *     is the classic "a new packet each packet slot with probability load";
 *   - saturation (`saturate`, or a connection with rate >= 1): the source is kept backlogged,
 *     a packet is generated whenever fewer than two wait in its queue (these depend on when the
 *     switch takes words, so they are not switch-independent);
 *   - the packet's destination comes from the pattern (below); its generation cycle is kept.
 * Packets wait in one FIFO per input (unbounded, or `src_cap` packets, further packets are
 * dropped at generation and counted), and leave it in order, word by word, through the
 * handshake. in_dst is driven on every word of a packet (the switch reads the first).
 *
 * Patterns (destination of a packet generated at input i, N ports, b = log2 N):
 *   SW_PAT_UNIFORM      uniform over all N outputs (i included)
 *   SW_PAT_PERM_RANDOM  a random permutation drawn from the seed (Fisher-Yates)
 *   SW_PAT_BITREV       bits of i reversed (b bits)                      N a power of two
 *   SW_PAT_BITCOMP      ~i (b bits), i.e. N - 1 - i                      N a power of two
 *   SW_PAT_SHUFFLE      i rotated left by one bit (b bits)               N a power of two
 *   SW_PAT_TRANSPOSE    halves of the index bits swapped: i rotated left by floor(b / 2) bits
 *                       (for odd b this is the same rotation; still a permutation) N a power of 2
 *   SW_PAT_DIAGONAL     output i with probability `diag`, else (i + 1) mod N; diag = 2/3 is
 *                       McKeown's diagonal (the default); the SCOC paper's wording (Sec. 4.E:
 *                       2/3 to i + 1, 1/3 to i) is diag = 1/3
 *   SW_PAT_LOGDIAG      output (i + k) mod N with probability proportional to 2^-k, k = 0..N-1
 *   SW_PAT_UNBALANCED   Rojas-Cessa: output i with probability u + (1 - u) / N, every other
 *                       output (1 - u) / N (drawn as: with probability u output i, else uniform)
 *   SW_PAT_PARTITION    ports in groups of `group` (divides N): input i of group g = i / group
 *                       sends uniformly to the ports of group (g + group_shift) mod (N / group).
 *                       group_shift = 0 is the paper's partitioned workload (Fig. 11(b): all-to-
 *                       all inside each group); a nonzero shift sends every group to one other
 *   SW_PAT_CONNS        the explicit list `conns`: every connection {src, dst, rate} is its own
 *                       slotted Bernoulli stream of `rate` (< 1) or a saturated one (rate >= 1);
 *                       the saturated connections of one input share its top-ups (smooth weighted
 * round-robin) in proportion to their rates (for equal rates: equally). `load` is not used. For the
 * other patterns every input offers `load` (or saturation with `saturate`).
 *
 * Data words (the scoreboard, DW = 32 .. 64; x = DW - 32; fields from the top, bits above DW
 * zero):
 *   [DW-1 : DW-8]   source port (8 bits)
 *   next 6 bits     word index in the packet, modulo 64
 *   next 10 + x/2   connection sequence number, modulo 2^(10 + x/2) (10 bits at DW 32, 26 at 64)
 *   low 8 + x - x/2 check (8 bits at DW 32, 24 at 64): the low bits of a 64-bit mix of
 *                   {source, destination, full 32-bit sequence number, full word index}
 * The destination is not in the word but is in the check, so a word delivered at the wrong
 * output fails it. The receiver rebuilds the full sequence number as the one nearest to the
 * next in-order packet of the connection (one past the newest delivered; window +-2^(seq
 * bits - 1) packets), so at DW 32 the number is checked modulo 2^10.
 *
 * Scoreboard (per output, words of a packet must leave contiguously, first to last). The first
 * word of a delivered packet identifies it: a check failure makes it an unattributed corrupt
 * packet ("unknown", counted per output; the real packet then counts lost at the end); a packet
 * that was already delivered is a duplicate; a packet older than one already delivered on its
 * connection counts one reorder (it was overtaken; it is delivered), while a packet skipped for
 * good is not a reorder (it counts lost at the end); a sequence number that was never injected
 * is unknown. Every further word must carry the same source and sequence number, the
 * next word index and a good check, and out_last must come exactly on the packet's last word;
 * otherwise the word counts corrupt and the packet counts corrupt (delivered, not lost).
 * sw_traffic_finish() counts every injected (first word taken) packet not delivered as lost.
 * A normal run has lost = dup = reorder = corrupt = unknown = 0 (sw_summary_t.errors = 0).
 *
 * Statistics. sw_traffic_measure() opens the measurement window (after a warm-up),
 * sw_traffic_stop() closes it and stops generation (drain). Throughput counts words delivered
 * (out handshakes) inside the window; delay counts packets generated inside the window,
 * delivered intact at any time (drain included): generation to the cycle of the last word's
 * out handshake, and "switch delay" from the first word's in handshake. Rates are normalized
 * to the input link rate: words x cpw / window cycles (1.0 = a full link).
 *
 * Use. Either sw_run() on an sw_ops_t, or per cycle: o = the switch's outputs of the cycle;
 * sw_traffic_drive(t, &in); apply `in` (and clock the switch); sw_traffic_account(t, &o, &in).
 * The link inputs never depend on the switch's outputs of the same cycle (valid does not wait
 * for ready, ready does not wait for valid), so the order of reading outputs and writing inputs
 * does not matter within a cycle.
 */
#ifndef REF_SW_TRAFFIC_H
#define REF_SW_TRAFFIC_H

#include <stdint.h>
#include <stdio.h>

#include "sw_link.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SW_TRAFFIC_MAX_LEN 4096u /* words per packet at most */

typedef enum {
  SW_PAT_UNIFORM,
  SW_PAT_PERM_RANDOM,
  SW_PAT_BITREV,
  SW_PAT_BITCOMP,
  SW_PAT_SHUFFLE,
  SW_PAT_TRANSPOSE,
  SW_PAT_DIAGONAL,
  SW_PAT_LOGDIAG,
  SW_PAT_UNBALANCED,
  SW_PAT_PARTITION,
  SW_PAT_CONNS
} sw_pattern_t;

/* A connection: offered rate as a fraction of a link (>= 1: saturated). Also the input of
 * sw_maxmin(), where the rate is the demand. */
typedef struct {
  unsigned src, dst;
  double rate;
} sw_conn_t;

typedef struct {
  unsigned n;             /* ports, 1 .. SW_MAX_N */
  unsigned dw;            /* data word bits, 32 .. 64 */
  sw_pattern_t pattern;   /* destinations (see above) */
  double load;            /* offered load per input, 0 .. 1 of the link rate */
  int saturate;           /* 1: every source always backlogged (load not used) */
  double diag;            /* SW_PAT_DIAGONAL: share to output i (default 2/3) */
  double u;               /* SW_PAT_UNBALANCED: unbalance factor, 0 .. 1 */
  unsigned group;         /* SW_PAT_PARTITION: ports per group (divides n) */
  unsigned group_shift;   /* SW_PAT_PARTITION: group g sends to group (g + shift) mod (n / group) */
  const sw_conn_t *conns; /* SW_PAT_CONNS: the list (copied by sw_traffic_new) */
  unsigned n_conns;
  unsigned len;     /* packet size in words, 1 .. SW_TRAFFIC_MAX_LEN */
  unsigned len2;    /* bimodal: size len2 with probability p_len2, else len (0: fixed) */
  double p_len2;    /* probability of len2 */
  double cpw;       /* switch cycles per link word, >= 1 */
  double out_slow;  /* output links run at cpw x out_slow (>= 1; 0 means 1): slow consumers */
  unsigned src_cap; /* source queue capacity in packets (0: unbounded) */
  /* > 0: every saturated connection keeps at most conn_window packets generated and not yet
   * delivered (per-VOQ admission: one congested connection cannot fill a shared input buffer,
   * and every connection has the same share of a congested output buffer); 0: no limit */
  unsigned conn_window;
  int rand_phase; /* 1: every link's pacing starts at a seeded random phase (0: aligned) */
  uint64_t seed;  /* every random choice (PRNG of prng.h) */
} sw_traffic_cfg_t;

/* Defaults: uniform, load 0.5, 1-word packets, cpw 1, diag 2/3, group 4, aligned phases,
 * unbounded sources, seed 1. */
sw_traffic_cfg_t sw_traffic_defaults(unsigned n, unsigned dw);
/* 0 when the configuration is legal; else -1 and a reason in why (if why != NULL). */
int sw_traffic_cfg_check(const sw_traffic_cfg_t *c, char *why, unsigned why_len);

/* Destination of input p under a bit permutation pattern (BITREV, BITCOMP, SHUFFLE,
 * TRANSPOSE) for n a power of two; n on any other pattern or n. */
unsigned sw_perm_dst(sw_pattern_t pat, unsigned n, unsigned p);

/* ------------------------------------------------------------------ data words */

typedef struct {
  unsigned dw;
  unsigned src_lsb, widx_lsb, seq_lsb; /* chk at bit 0 */
  unsigned src_bits, widx_bits, seq_bits, chk_bits;
} sw_word_fmt_t;

/* The packing of DW bits (32 .. 64; other widths are clamped into that range). */
sw_word_fmt_t sw_word_fmt(unsigned dw);
/* Word widx (full index) of packet seq (full 32-bit number) of connection src -> dst. */
uint64_t sw_word_pack(unsigned dw, unsigned src, unsigned dst, uint32_t seq, unsigned widx);
/* Fields of a word (the sequence number and word index as carried, i.e. modulo their width). */
void sw_word_unpack(unsigned dw, uint64_t w, unsigned *src, uint32_t *seq_lo, unsigned *widx_lo,
                    uint32_t *chk);
/* 1 when w is exactly the word sw_word_pack(dw, src, dst, seq, widx). */
int sw_word_ok(unsigned dw, uint64_t w, unsigned src, unsigned dst, uint32_t seq, unsigned widx);

/* ------------------------------------------------------------------ delay histogram */

/* Exact below 4096, then 256 buckets per power of two (relative error < 1/256). */
#define SW_HIST_EXACT 4096u
#define SW_HIST_BINS (SW_HIST_EXACT + 52u * 256u)

typedef struct {
  uint64_t *bin; /* SW_HIST_BINS counters */
  uint64_t n, sum, max;
} sw_hist_t;

int sw_hist_init(sw_hist_t *h); /* 0, or -1 when out of memory */
void sw_hist_free(sw_hist_t *h);
void sw_hist_add(sw_hist_t *h, uint64_t v);
double sw_hist_mean(const sw_hist_t *h);
/* Nearest-rank quantile (q in (0, 1]): the smallest value v (bucket lower bound above 4095)
 * with at least ceil(q n) samples <= v; 0 when empty. */
uint64_t sw_hist_quantile(const sw_hist_t *h, double q);

/* ------------------------------------------------------------------ traffic and scoreboard */

typedef struct sw_traffic sw_traffic_t;

typedef struct {      /* one connection src -> dst */
  uint64_t gen_pkts;  /* generated and queued (not dropped at the source) */
  uint64_t inj_pkts;  /* last word taken by the switch */
  uint64_t ok_pkts;   /* delivered intact (all time) */
  uint64_t ok_words;  /* words of packets delivered that passed every check (all time) */
  uint64_t win_words; /* of those, delivered inside the measurement window */
  uint64_t win_pkts;  /* packets whose last word was delivered intact in the window */
  uint64_t lost, dup, reorder, corrupt_pkts, corrupt_words; /* scoreboard errors */
  uint64_t delay_n, delay_sum, delay_max;                   /* packets generated in the window */
} sw_conn_stats_t;

typedef struct {                        /* port p: its input link and its output link */
  uint64_t gen_pkts, gen_words;         /* generated at input p, dropped included */
  uint64_t win_gen_words;               /* generated inside the window */
  uint64_t src_dropped;                 /* generated while the source queue was full */
  uint64_t inj_words, win_inj_words;    /* taken by the switch at input p */
  uint64_t out_words, win_out_words;    /* every word delivered at output p */
  uint64_t unknown_pkts, unknown_words; /* unattributed corrupt packets at output p */
  uint64_t dup_words;                   /* words of duplicate packets at output p */
} sw_port_stats_t;

typedef struct {
  uint64_t cycles;     /* cycles accounted so far */
  uint64_t win_cycles; /* length of the measurement window (so far) */
  uint64_t gen_pkts, gen_words, src_dropped, inj_pkts, inj_words, ok_pkts, ok_words;
  uint64_t backlog_pkts; /* still in the source queues */
  uint64_t outstanding;  /* injected (first word taken) and not yet delivered */
  uint64_t lost, dup, reorder, corrupt_pkts, corrupt_words, unknown_pkts, unknown_words;
  uint64_t errors;   /* lost + dup + reorder + corrupt_pkts + unknown_pkts */
  double offered;    /* words generated per input link in the window, normalized */
  double throughput; /* words delivered in the window / (N links x window / cpw) */
  uint64_t delay_n;  /* packets counted in the delays */
  double delay_avg;  /* generation -> last word delivered, cycles */
  uint64_t delay_p99, delay_max;
  double sw_delay_avg; /* first word taken -> last word delivered, cycles */
  uint64_t sw_delay_p99, sw_delay_max;
  uint64_t gen_hash; /* hash of every generation event (cycle, input, destination, size) */
} sw_summary_t;

/* Allocates a traffic source / sink for cfg (copied); NULL when illegal or out of memory. */
sw_traffic_t *sw_traffic_new(const sw_traffic_cfg_t *cfg);
void sw_traffic_free(sw_traffic_t *t);
const sw_traffic_cfg_t *sw_traffic_cfg(const sw_traffic_t *t);

/* Probability that a packet generated at input src goes to output dst (the pattern; for
 * SW_PAT_CONNS the share of src's offered rate). */
double sw_traffic_dest_prob(const sw_traffic_t *t, unsigned src, unsigned dst);

/* Per cycle, in this order, exactly once each: build the link inputs of the current cycle
 * (pacing, generation, the head words, out_ready; entries >= N untouched), then account the
 * handshakes of the cycle (in_valid & in_ready, out_valid & out_ready) given the switch's
 * outputs o of the cycle, which ends the cycle. */
void sw_traffic_drive(sw_traffic_t *t, sw_link_in_t *in);
void sw_traffic_account(sw_traffic_t *t, const sw_link_out_t *o, const sw_link_in_t *in);

void sw_traffic_measure(sw_traffic_t *t); /* open the measurement window at the current cycle */
void sw_traffic_stop(sw_traffic_t *t);    /* close it and stop generating (drain) */
/* 1 when every source queue is empty and every injected packet has been delivered. */
int sw_traffic_idle(const sw_traffic_t *t);
/* End of the run: every injected packet not delivered counts lost. Stepping after is an error. */
void sw_traffic_finish(sw_traffic_t *t);
uint64_t sw_traffic_cycle(const sw_traffic_t *t);

void sw_traffic_summary(const sw_traffic_t *t, sw_summary_t *s);
const sw_conn_stats_t *sw_traffic_conn(const sw_traffic_t *t, unsigned src, unsigned dst);
const sw_port_stats_t *sw_traffic_port(const sw_traffic_t *t, unsigned p);
/* Rates in the window, normalized to the link rate (words x cpw / window cycles). */
double sw_traffic_conn_rate(const sw_traffic_t *t, unsigned src, unsigned dst);
double sw_traffic_out_rate(const sw_traffic_t *t, unsigned o);
double sw_traffic_in_rate(const sw_traffic_t *t, unsigned i); /* words taken at input i */
/* Delay histograms (generation -> delivered, first word in -> delivered). */
const sw_hist_t *sw_traffic_delay_hist(const sw_traffic_t *t);
const sw_hist_t *sw_traffic_sw_delay_hist(const sw_traffic_t *t);
/* A few lines: window, offered, throughput, delays, errors. */
void sw_traffic_report(const sw_traffic_t *t, FILE *f);

/* ------------------------------------------------------------------ run loop */

/* One cycle on a model: outputs(), sw_traffic_drive(), clock(), sw_traffic_account().
 * Returns 1 when an output showed out_valid in the cycle. */
int sw_step(const sw_ops_t *ops, sw_traffic_t *t);

/* warmup cycles, then the measurement window of measure cycles, then stop and drain: at most
 * drain cycles, ending once the traffic is idle and no output has shown out_valid for
 * max(1000, 4 x max packet x output cpw) cycles (so that late duplicates are still seen); then
 * sw_traffic_finish(). Returns 0, or -1 when ops does not match the configuration (ports, a
 * data word narrower than cfg.dw). */
int sw_run(const sw_ops_t *ops, sw_traffic_t *t, uint64_t warmup, uint64_t measure, uint64_t drain);

/* ------------------------------------------------------------------ max-min fair rates */

/* Max-min fair rates of k connections whose rate is their demand (>= 1: unlimited), every
 * input and output port a link of capacity 1.0, by progressive filling: all rates grow together
 * until a demand is met or a link fills, those connections freeze, the others keep growing.
 * fair[i] gets connection i's rate. Returns 0, or -1 when a port is >= SW_MAX_N. */
int sw_maxmin(const sw_conn_t *c, unsigned k, double *fair);

#ifdef __cplusplus
}
#endif
#endif
