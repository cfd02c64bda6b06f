/*
 * refgen.c - golden vector generator (docs/vectors.md).
 *
 *   refgen [--block NAME] --seed N --out DIR  write DIR/<block>/<case>.vec, then
 *                                             DIR/<block>/MANIFEST
 *   refgen --list                             print the block names, one per line
 *   refgen [--block NAME] --cases             print "<block>/<case>.vec", one per line
 *   refgen [--block NAME] --tops              print the @vectors tops it reads
 *   --tb DIR                                  where the tops files are (DIR/<block>/tops.txt;
 *                                             default tb)
 *
 * The blocks are those linked in (each csrc/ref/<block>/gen_<block>.c registers itself with
 * GEN_BLOCK); without --block every one of them is generated. The tops come from
 * tb/<block>/tops.txt, the lines marked @vectors. MANIFEST is rebuilt from the *.vec files
 * present in DIR/<block>/. refgen does not delete stale files. Bad arguments: one line on
 * stderr, exit 2; generation errors: exit 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#define USAGE                                                                                      \
  "usage: refgen [--block NAME] [--tb DIR] (--seed N --out DIR | --list | --cases | --tops)"

typedef enum { MODE_WRITE, MODE_LIST, MODE_CASES, MODE_TOPS, MODE_HELP } run_mode_t;

typedef struct {
  const char *block, *seed, *out, *tb;
  run_mode_t mode;
} args_t;

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "refgen: %s%s%s (%s)\n", msg, arg ? " " : "", arg ? arg : "", USAGE);
  return 2;
}

/* Options taking a value: returns the slot, or NULL. */
static const char **value_slot(args_t *a, const char *opt) {
  if (strcmp(opt, "--block") == 0)
    return &a->block;
  if (strcmp(opt, "--seed") == 0)
    return &a->seed;
  if (strcmp(opt, "--out") == 0)
    return &a->out;
  if (strcmp(opt, "--tb") == 0)
    return &a->tb;
  return NULL;
}

static run_mode_t mode_of(const char *opt) {
  static const char *const names[] = {"", "--list", "--cases", "--tops", "--help"};
  for (int m = MODE_LIST; m <= MODE_HELP; m++)
    if (strcmp(opt, names[m]) == 0)
      return (run_mode_t)m;
  return strcmp(opt, "-h") == 0 ? MODE_HELP : MODE_WRITE;
}

static int check_mode(const args_t *a) {
  if (a->mode == MODE_HELP)
    return 0;
  if (a->mode != MODE_WRITE && (a->seed || a->out))
    return usage_error("--seed/--out only go with writing, not with", "--list/--cases/--tops");
  if (a->mode == MODE_WRITE && (!a->seed || !a->out))
    return usage_error("missing", a->seed ? "--out" : "--seed");
  return 0;
}

static int parse_args(int argc, char **argv, args_t *a) {
  memset(a, 0, sizeof *a);
  for (int i = 1; i < argc; i++) {
    const char **v = value_slot(a, argv[i]);
    run_mode_t m = mode_of(argv[i]);
    if (v) {
      if (*v)
        return usage_error("duplicate option", argv[i]);
      if (i + 1 >= argc || argv[i + 1][0] == '\0')
        return usage_error("missing value after", argv[i]);
      *v = argv[++i];
    } else if (m != MODE_WRITE) {
      if (a->mode != MODE_WRITE)
        return usage_error("only one of --list, --cases, --tops, --help:", argv[i]);
      a->mode = m;
    } else {
      return usage_error("unknown argument", argv[i]);
    }
  }
  return check_mode(a);
}

static int parse_seed(const char *s, uint64_t *out) {
  uint64_t v = 0;
  if (!*s)
    return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
      return -1;
    v = v * 10 + (uint64_t)(*s - '0');
  }
  *out = v;
  return 0;
}

static void print_tops(const gen_tops_t *t) {
  for (size_t i = 0; i < t->ntops; i++)
    printf("%s %s%s%s\n", t->tops[i].name, t->tops[i].module, t->tops[i].params[0] ? " " : "",
           t->tops[i].params);
}

/* One block in the selected mode. */
static int run_block(const args_t *a, gen_ctx_t *ctx, const gen_block_t *b) {
  if (a->mode == MODE_LIST) {
    printf("%s\n", b->name);
    return 0;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/%s/tops.txt", a->tb ? a->tb : "tb", b->name);
  if (gen_read_tops(ctx, path, &ctx->tops))
    return -1;
  int rc = 0;
  if (a->mode == MODE_TOPS)
    print_tops(&ctx->tops);
  else /* MODE_CASES lists through gen_emit (ctx->outdir NULL) */
    rc = b->write(ctx);
  if (rc == 0 && a->mode == MODE_WRITE)
    rc = gen_write_manifest(ctx, b->name);
  gen_tops_free(&ctx->tops);
  return rc;
}

static int run(const args_t *a, gen_ctx_t *ctx) {
  size_t n;
  const gen_block_t *const *blocks = gen_blocks(&n);
  for (size_t i = 0; i < n; i++)
    if (!a->block || strcmp(a->block, blocks[i]->name) == 0)
      if (run_block(a, ctx, blocks[i]))
        return -1;
  if (a->mode != MODE_WRITE)
    return fflush(stdout) == 0 ? 0 : gen_fail(ctx, "cannot write to stdout");
  return 0;
}

static int known_block(const char *name) {
  size_t n;
  const gen_block_t *const *blocks = gen_blocks(&n);
  for (size_t i = 0; i < n; i++)
    if (strcmp(name, blocks[i]->name) == 0)
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  args_t a;
  int rc = parse_args(argc, argv, &a);
  if (rc)
    return rc;
  if (a.mode == MODE_HELP) {
    printf("%s\n", USAGE);
    return 0;
  }
  gen_ctx_t ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.list = stdout;
  ctx.outdir = a.mode == MODE_WRITE ? a.out : NULL;
  if (a.seed && parse_seed(a.seed, &ctx.seed))
    return usage_error("bad seed (decimal 0..2^64-1):", a.seed);
  if (a.block && !known_block(a.block))
    return usage_error("unknown block", a.block);
  rc = run(&a, &ctx);
  if (rc)
    fprintf(stderr, "refgen: %s\n", ctx.err[0] ? ctx.err : "failed");
  gen_ctx_free(&ctx);
  return rc ? 1 : 0;
}
