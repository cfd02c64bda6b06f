/*
 * sue_port_sel_model.h - port selection of an SUE instance with 1, 2 or 4 ports (spec 1.2
 * "Ordering", 4.3 "Load Balancing"; docs/sue/sue_port_sel.md), a cycle model: the one place the
 * choice and the ingress-credit rule live. tb/sue/test_sue_port_sel.c drives it in lockstep with
 * rtl/sue/sue_port_sel.v.
 *
 * A command's beat 0 picks its port; its other beats follow. Ordered: cfg.map[hash] mod P, the
 * hash of sue_psel_hash, so a {destination, VC} stays on one port. Unordered: among the ports
 * that are up, reach the command's destination and hold an ingress credit of its {VC, type}
 * (else those up with a credit, else those with a credit, else all), the least backlog, ties
 * round-robin from the port after the last unordered choice.
 * Credits per {VC, type} j = vc * 2 + type: c[e][j] counts port e's returns less the commands
 * it was handed (the port's free slots not yet given back), g[j] the credits given to the XPU
 * less the commands taken while it had one; up to min_e c[e][j] - g[j] goes to the XPU, a word
 * of up to 4 a cycle, round-robin over j. A command whose port holds no credit (only ever after
 * the XPU took one it was not given) is dropped with all its beats.
 *
 * A cycle t is one sue_psel_step with the inputs of t; its results are the RTL's registered
 * outputs of cycle t + 1 (the beat's port, the credit word, the violation).
 */
#ifndef REF_SUE_PORT_SEL_MODEL_H
#define REF_SUE_PORT_SEL_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SUE_PSEL_PMAX 4

typedef struct {
  unsigned p;                 /* ports: 1, 2 or 4 */
  unsigned ing_cmd, ing_data; /* each port's ingress slots per VC and type */
} sue_psel_par_t;

typedef struct {
  unsigned unordered;
  uint8_t map[4]; /* ordered: the port of hash h (mod p) */
} sue_psel_cfg_t;

typedef struct {
  unsigned tx_valid, tx_cycle, tx_vc, tx_xpuid; /* the XPU's beat (tx_valid 0: none) */
  unsigned p_credit[SUE_PSEL_PMAX];             /* port e's credit word (6 bits, as tx_credit) */
  unsigned port_ok;                             /* bit e: port e is up */
  unsigned unreach; /* bit e: port e finds tx_xpuid unreachable (its UNREACH; unordered only) */
  uint32_t backlog[SUE_PSEL_PMAX]; /* bytes in port e's pack queues */
} sue_psel_in_t;

typedef struct {
  int port;        /* the port of the beat, -1: no beat */
  int fwd;         /* the beat is handed on to it (not dropped) */
  int first;       /* the beat was a beat 0 (a choice) */
  int viol;        /* ... taken without a credit */
  int drop;        /* ... and its port had none either: dropped with its beats */
  unsigned credit; /* the credit word to the XPU (0: none) */
} sue_psel_out_t;

typedef struct {
  unsigned c[SUE_PSEL_PMAX][8], g[8];
  unsigned crp;  /* credit word pointer */
  unsigned ptr;  /* unordered tie-break start */
  unsigned port; /* port of the open command */
  unsigned drop; /* the open command is dropped */
} sue_psel_t;

/* Reset (and a flush: the ports' transmit sides in reset): no credits anywhere. */
void sue_psel_init(sue_psel_t *s);
/* The connection hash: (x[1:0] ^ x[3:2] ^ x[5:4] ^ x[7:6] ^ x[9:8] ^ vc) mod p. */
unsigned sue_psel_hash(unsigned p, unsigned xpuid, unsigned vc);
/* One cycle (see above). */
void sue_psel_step(sue_psel_t *s, const sue_psel_par_t *par, const sue_psel_cfg_t *cfg,
                   const sue_psel_in_t *in, sue_psel_out_t *out);
/* Credits the XPU may take now of {vc, type}: min_e c[e][j] - g[j] (0 if negative). */
unsigned sue_psel_giveable(const sue_psel_t *s, const sue_psel_par_t *par, unsigned j);

#ifdef __cplusplus
}
#endif
#endif
