/*
 * gen.h - shared machinery of refgen, the golden vector generator.
 *
 * A block's writer, csrc/ref/<block>/gen_<block>.c, registers itself with
 * GEN_BLOCK(): a function that writes every case through gen_emit(). The tops it
 * writes cases for are the lines of tb/<block>/tops.txt marked @vectors, read by
 * refgen (gen_read_tops), so no list of tops exists twice. Each case draws its
 * stimulus from its own PRNG, seeded from the run seed and the case name, so
 * adding a case never changes the others, and output is byte-for-byte
 * deterministic for a seed.
 */
#ifndef GEN_H
#define GEN_H

#include <stdint.h>
#include <stdio.h>

#include "prng.h"
#include "vec.h"

#define REFGEN_NAME "refgen"
#define REFGEN_VERSION 1
#define GEN_RESET_CYCLES 2 /* %reset of every generated case */

/* One line of tb/<block>/tops.txt. */
typedef struct {
  const char *name;
  const char *module;
  const char *params; /* "NAME=VALUE ..." with Verilog literals, may be "" */
  unsigned line;      /* in the tops file, for messages */
  const char *key;    /* seeds the stimulus: KEY of @vectors=KEY, else the name */
} gen_top_t;

/* The tops of a tops file (docs/harness/index.md "Tops"): `name module [NAME=VALUE ...] [@attr
 * ...]`,
 * '#' to the end of a line is a comment. */
typedef struct {
  gen_top_t *tops; /* the lines marked @vectors, in file order */
  size_t ntops;
  char *text; /* storage of the strings */
} gen_tops_t;

typedef struct {
  const char *outdir;            /* NULL: list the cases instead of writing them */
  uint64_t seed;                 /* run seed (%seed of every case) */
  FILE *list;                    /* where --list prints "<block>/<case>.vec" */
  vec_manifest_entry_t *entries; /* files written, for the manifest */
  size_t nentries, cap;
  char err[VEC_ERR_MAX]; /* message of the first failure */
  const char *tops_path; /* tb/<block>/tops.txt of the block being written */
  gen_tops_t tops;       /* its @vectors tops */
} gen_ctx_t;

typedef struct {
  const char *name;             /* the block: tb/<name>/tops.txt, vectors/<name>/ */
  int (*write)(gen_ctx_t *ctx); /* every case of the block via gen_emit(); -1 on error */
} gen_block_t;

void gen_register_block(const gen_block_t *b);
const gen_block_t *const *gen_blocks(size_t *n); /* registered blocks, in link order */

/* GEN_BLOCK(name, write): registers the writer of block `name` before main() runs. */
#define GEN_BLOCK(bname, write_fn)                                                                 \
  static const gen_block_t gen_block_##bname = {#bname, write_fn};                                 \
  __attribute__((constructor)) static void gen_reg_##bname(void) {                                 \
    gen_register_block(&gen_block_##bname);                                                        \
  }

/* Reads the @vectors lines of a tops file into t; -1 with file:line in ctx->err on a malformed
 * line. Free with gen_tops_free. */
int gen_read_tops(gen_ctx_t *ctx, const char *path, gen_tops_t *t);
void gen_tops_free(gen_tops_t *t);

/* Records a failure message in ctx->err (first one wins); returns -1. */
int gen_fail(gen_ctx_t *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gen_ctx_free(gen_ctx_t *ctx);

/* Verilog literal: 8, 1_000, 32'h04C11DB7, 'd5, 4'b1010, 8'o17 (no x/z). */
int gen_parse_literal(const char *s, uint64_t *out);
/* Value of parameter name in top->params, or dflt if absent; -1 if malformed. */
int gen_top_param(const gen_top_t *top, const char *name, uint64_t dflt, uint64_t *out);
/* -1 if top->params names a parameter outside the NULL-terminated list. */
int gen_top_params_known(const gen_top_t *top, const char *const *names);

/* A module a block generates cases for: its parameters with the RTL defaults, and the writers
 * of its cases; p[] holds a top's values in the order of names. */
#define GEN_MAX_PARAMS 8
typedef struct {
  const char *module;
  const char *const names[GEN_MAX_PARAMS + 1]; /* NULL-terminated */
  const uint64_t dflt[GEN_MAX_PARAMS];
  int (*random_case)(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p);
  int (*check_case)(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p); /* or NULL */
  int (*params_ok)(gen_ctx_t *ctx, const gen_top_t *top, const uint64_t *p);  /* or NULL */
} gen_module_t;

/* Every @vectors top of the block (ctx->tops) through its module's writers: parameters resolved
 * (the top's own values, else the defaults; unknown or malformed ones fail), params_ok,
 * random_case, then check_case. A top whose module has no writer fails. -1 on the first failure
 * (message in ctx->err). */
int gen_write_tops(gen_ctx_t *ctx, const gen_module_t *mods, size_t nmods);

/* A case being built: the vector file, its PRNG, the current record and a
 * sticky error flag, so stimulus loops need no per-value error checks. */
typedef struct {
  gen_ctx_t *ctx;
  vec_file_t v;
  prng_t rng;
  long rec; /* current record, -1 before the first */
  int bad;
} gen_case_t;

/* Header (block, <top>_<suffix>, top, seed, generator, %param lines of the
 * top, reset) and the case PRNG. */
int gen_case_begin(gen_case_t *c, gen_ctx_t *ctx, const char *block, const gen_top_t *top,
                   const char *suffix);
int gen_case_field(gen_case_t *c, vec_dir_t d, const char *name, unsigned width);
void gen_case_row(gen_case_t *c); /* appends a record (the next cycle) */
void gen_case_set(gen_case_t *c, vec_dir_t d, unsigned field, uint64_t value);
void gen_case_set_words(gen_case_t *c, vec_dir_t d, unsigned field, const uint32_t *words);
void gen_case_x(gen_case_t *c, unsigned out_field);
/* Emits the case (or lists it) and frees it; -1 on any earlier error. */
int gen_case_end(gen_case_t *c);
void gen_case_abort(gen_case_t *c);

/* Formats v and writes outdir/<block>/<case>.vec, adding a manifest entry;
 * with ctx->outdir NULL only prints the path to ctx->list. */
int gen_emit(gen_ctx_t *ctx, const vec_file_t *v);
/* Rewrites outdir/<block>/MANIFEST from the *.vec files present in outdir/<block>/. */
int gen_write_manifest(gen_ctx_t *ctx, const char *block);

#endif
