/* gen.c - refgen helpers: parameters, case building, output files. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdir, opendir */
#endif
#include "gen.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bits.h"

int gen_fail(gen_ctx_t *ctx, const char *fmt, ...) {
  if (ctx->err[0])
    return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ctx->err, sizeof ctx->err, fmt, ap);
  va_end(ap);
  return -1;
}

static void free_entries(vec_manifest_entry_t *e, size_t n);

void gen_ctx_free(gen_ctx_t *ctx) {
  free_entries(ctx->entries, ctx->nentries);
  ctx->entries = NULL;
  ctx->nentries = ctx->cap = 0;
}

/* ---- parameters ---------------------------------------------------------- */

static int digit_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return 99;
}

/* Digits in base (underscores allowed after the first digit), into 64 bits. */
static int parse_digits(const char *s, size_t n, unsigned base, uint64_t *out) {
  uint64_t v = 0;
  int any = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '_' && any)
      continue;
    unsigned d = (unsigned)digit_value(s[i]);
    if (d >= base || v > (UINT64_MAX - d) / base)
      return -1;
    v = v * base + d;
    any = 1;
  }
  *out = v;
  return any ? 0 : -1;
}

static unsigned base_of(char c) {
  switch (c) {
  case 'h':
  case 'H':
    return 16;
  case 'd':
  case 'D':
    return 10;
  case 'o':
  case 'O':
    return 8;
  case 'b':
  case 'B':
    return 2;
  default:
    return 0;
  }
}

int gen_parse_literal(const char *s, uint64_t *out) {
  const char *q = strchr(s, '\'');
  if (!q)
    return parse_digits(s, strlen(s), 10, out);
  uint64_t size = 64;
  if (q != s && (parse_digits(s, (size_t)(q - s), 10, &size) || size < 1 || size > 64))
    return -1;
  q++;
  if (*q == 's' || *q == 'S')
    q++;
  unsigned base = base_of(*q);
  if (!base || parse_digits(q + 1, strlen(q + 1), base, out))
    return -1;
  return (size < 64 && (*out >> size)) ? -1 : 0;
}

/* Finds "name=" in a "A=1 B=2" list; returns the value span or NULL. */
static const char *find_param(const char *list, const char *name, size_t *len) {
  size_t nlen = strlen(name);
  const char *p = list;
  while (*p) {
    while (*p == ' ')
      p++;
    const char *end = p + strcspn(p, " ");
    if (end > p && (size_t)(end - p) > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
      *len = (size_t)(end - p) - nlen - 1;
      return p + nlen + 1;
    }
    p = end;
  }
  return NULL;
}

int gen_top_param(const gen_top_t *top, const char *name, uint64_t dflt, uint64_t *out) {
  size_t len;
  const char *v = find_param(top->params, name, &len);
  char buf[80];
  if (!v) {
    *out = dflt;
    return 0;
  }
  if (len == 0 || len >= sizeof buf)
    return -1;
  memcpy(buf, v, len);
  buf[len] = '\0';
  return gen_parse_literal(buf, out);
}

int gen_top_params_known(const gen_top_t *top, const char *const *names) {
  const char *p = top->params;
  while (*p) {
    while (*p == ' ')
      p++;
    size_t n = strcspn(p, "= ");
    if (n == 0)
      break;
    int known = 0;
    for (const char *const *k = names; *k && !known; k++)
      known = strlen(*k) == n && strncmp(*k, p, n) == 0;
    if (!known || p[n] != '=')
      return -1;
    p += strcspn(p, " ");
  }
  return 0;
}

/* Adds one %param line per NAME=VALUE of the top, in tops.txt order. */
static int add_top_params(vec_file_t *v, const gen_top_t *top) {
  char name[64], value[80];
  const char *p = top->params;
  while (*p) {
    while (*p == ' ')
      p++;
    size_t n = strcspn(p, "="), len = strcspn(p, " ");
    if (len == 0)
      break;
    if (n >= len || n >= sizeof name || len - n - 1 >= sizeof value)
      return -1;
    memcpy(name, p, n);
    name[n] = '\0';
    memcpy(value, p + n + 1, len - n - 1);
    value[len - n - 1] = '\0';
    if (vec_add_param(v, name, value))
      return -1;
    p += len;
  }
  return 0;
}

/* ---- cases --------------------------------------------------------------- */

int gen_case_begin(gen_case_t *c, gen_ctx_t *ctx, const char *block, const gen_top_t *top,
                   const char *suffix) {
  char name[128], key[256];
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  c->rec = -1;
  vec_init(&c->v);
  snprintf(name, sizeof name, "%s_%s", top->name, suffix);
  if (vec_set_header(&c->v, block, name, top->name, ctx->seed, REFGEN_NAME, REFGEN_VERSION,
                     GEN_RESET_CYCLES) ||
      add_top_params(&c->v, top)) {
    vec_free(&c->v);
    return gen_fail(ctx, "%s/%s: cannot set up the header (parameters '%s')", block, name,
                    top->params);
  }
  /* Per-case stream: run seed mixed with the case's path, the top's seed key (its name unless
   * pinned with @vectors=KEY) standing for its name. */
  snprintf(key, sizeof key, "%s/%s_%s", block, top->key, suffix);
  prng_seed(&c->rng, ctx->seed ^ vec_fnv1a64(key, strlen(key)));
  return 0;
}

int gen_case_field(gen_case_t *c, vec_dir_t d, const char *name, unsigned width) {
  int i = vec_add_field(&c->v, d, name, width);
  if (i < 0)
    c->bad = 1;
  return i;
}

void gen_case_row(gen_case_t *c) {
  c->rec = vec_append(&c->v);
  if (c->rec < 0)
    c->bad = 1;
}

void gen_case_set(gen_case_t *c, vec_dir_t d, unsigned field, uint64_t value) {
  if (c->rec < 0 || vec_set_u64(&c->v, (size_t)c->rec, d, field, value))
    c->bad = 1;
}

void gen_case_set_words(gen_case_t *c, vec_dir_t d, unsigned field, const uint32_t *words) {
  if (c->rec < 0 || vec_set(&c->v, (size_t)c->rec, d, field, words))
    c->bad = 1;
}

void gen_case_x(gen_case_t *c, unsigned out_field) {
  if (c->rec < 0)
    c->bad = 1;
  else
    vec_set_x(&c->v, (size_t)c->rec, out_field);
}

void gen_case_abort(gen_case_t *c) { vec_free(&c->v); }

int gen_case_end(gen_case_t *c) {
  int rc = c->bad ? gen_fail(c->ctx, "%s/%s: internal error: a value does not fit its field",
                             c->v.block, c->v.case_name)
                  : gen_emit(c->ctx, &c->v);
  vec_free(&c->v);
  return rc;
}

/* ---- output -------------------------------------------------------------- */

static int make_dir(gen_ctx_t *ctx, const char *path) {
  if (mkdir(path, 0777) == 0 || errno == EEXIST)
    return 0;
  return gen_fail(ctx, "%s: cannot create directory: %s", path, strerror(errno));
}

/* mkdir -p of outdir and outdir/block. */
static int make_dirs(gen_ctx_t *ctx, const char *block) {
  char path[4096];
  size_t n = strlen(ctx->outdir);
  if (n + strlen(block) + 2 > sizeof path)
    return gen_fail(ctx, "%s: path too long", ctx->outdir);
  memcpy(path, ctx->outdir, n + 1);
  for (size_t i = 1; i < n; i++)
    if (path[i] == '/') {
      path[i] = '\0';
      if (make_dir(ctx, path))
        return -1;
      path[i] = '/';
    }
  if (make_dir(ctx, path))
    return -1;
  snprintf(path + n, sizeof path - n, "/%s", block);
  return make_dir(ctx, path);
}

static int add_entry(gen_ctx_t *ctx, const char *rel, const vec_buf_t *b) {
  if (ctx->nentries == ctx->cap) {
    size_t cap = ctx->cap ? 2 * ctx->cap : 32;
    vec_manifest_entry_t *e = realloc(ctx->entries, cap * sizeof *e);
    if (!e)
      return gen_fail(ctx, "out of memory");
    ctx->entries = e;
    ctx->cap = cap;
  }
  vec_manifest_entry_t *e = &ctx->entries[ctx->nentries];
  e->path = malloc(strlen(rel) + 1);
  if (!e->path)
    return gen_fail(ctx, "out of memory");
  strcpy(e->path, rel);
  e->bytes = b->len;
  e->hash = vec_fnv1a64(b->p, b->len);
  for (size_t i = 0; i < ctx->nentries; i++)
    if (strcmp(ctx->entries[i].path, rel) == 0) {
      free(e->path);
      return gen_fail(ctx, "%s: written twice (duplicate case name)", rel);
    }
  ctx->nentries++;
  return 0;
}

int gen_emit(gen_ctx_t *ctx, const vec_file_t *v) {
  char rel[512], path[4096];
  snprintf(rel, sizeof rel, "%s/%s.vec", v->block, v->case_name);
  if (!ctx->outdir) {
    fprintf(ctx->list, "%s\n", rel);
    return 0;
  }
  vec_buf_t b = {0};
  if (vec_format(v, &b, ctx->err, sizeof ctx->err))
    return -1;
  snprintf(path, sizeof path, "%s/%s", ctx->outdir, rel);
  int rc = make_dirs(ctx, v->block) || vec_save(path, b.p, b.len, ctx->err, sizeof ctx->err) ||
           add_entry(ctx, rel, &b);
  vec_buf_free(&b);
  return rc ? -1 : 0;
}

static void free_entries(vec_manifest_entry_t *e, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(e[i].path);
  free(e);
}

/* Appends the manifest entry of one file (read back, so it is what is on disk). */
static int scan_file(gen_ctx_t *ctx, const char *block, const char *name, vec_manifest_entry_t **e,
                     size_t *n) {
  char rel[1024], path[4096], *data;
  size_t len;
  snprintf(rel, sizeof rel, "%s/%s", block, name);
  snprintf(path, sizeof path, "%s/%s", ctx->outdir, rel);
  if (vec_read_bytes(path, &data, &len, ctx->err, sizeof ctx->err))
    return -1;
  vec_manifest_entry_t *ne = realloc(*e, (*n + 1) * sizeof *ne);
  char *p = malloc(strlen(rel) + 1);
  if (ne)
    *e = ne;
  if (!ne || !p) {
    free(data);
    free(p);
    return gen_fail(ctx, "out of memory");
  }
  strcpy(p, rel);
  ne[*n].path = p;
  ne[*n].bytes = len;
  ne[*n].hash = vec_fnv1a64(data, len);
  (*n)++;
  free(data);
  return 0;
}

static int is_vec_name(const char *s) {
  size_t n = strlen(s);
  return n > 4 && s[0] != '.' && strcmp(s + n - 4, ".vec") == 0;
}

static int scan_block(gen_ctx_t *ctx, const char *block, vec_manifest_entry_t **e, size_t *n) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/%s", ctx->outdir, block);
  DIR *d = opendir(dir);
  if (!d)
    return errno == ENOENT ? 0 : gen_fail(ctx, "%s: %s", dir, strerror(errno));
  int rc = 0;
  for (struct dirent *de = readdir(d); de && rc == 0; de = readdir(d))
    if (is_vec_name(de->d_name))
      rc = scan_file(ctx, block, de->d_name, e, n);
  closedir(d);
  return rc;
}

int gen_write_manifest(gen_ctx_t *ctx, const char *block) {
  char path[4096];
  vec_manifest_entry_t *e = NULL;
  size_t n = 0;
  int rc = scan_block(ctx, block, &e, &n);
  snprintf(path, sizeof path, "%s/%s/MANIFEST", ctx->outdir, block);
  if (rc == 0) /* sorted by the writer, so readdir order does not matter */
    rc = vec_manifest_write(path, REFGEN_NAME, REFGEN_VERSION, ctx->seed, e, n, ctx->err,
                            sizeof ctx->err);
  free_entries(e, n);
  return rc;
}

int gen_write_tops(gen_ctx_t *ctx, const gen_module_t *mods, size_t nmods) {
  for (size_t t = 0; t < ctx->tops.ntops; t++) {
    const gen_top_t *top = &ctx->tops.tops[t];
    const gen_module_t *md = NULL;
    uint64_t p[GEN_MAX_PARAMS] = {0};
    for (size_t i = 0; i < nmods && !md; i++)
      if (strcmp(mods[i].module, top->module) == 0)
        md = &mods[i];
    if (!md)
      return gen_fail(ctx, "%s:%u: %s is marked @vectors, but no case writer knows module %s",
                      ctx->tops_path, top->line, top->name, top->module);
    if (gen_top_params_known(top, md->names))
      return gen_fail(ctx, "%s: unknown or malformed parameter in '%s'", top->name, top->params);
    for (int i = 0; md->names[i]; i++)
      if (gen_top_param(top, md->names[i], md->dflt[i], &p[i]))
        return gen_fail(ctx, "%s: bad value of %s in '%s'", top->name, md->names[i], top->params);
    if ((md->params_ok && md->params_ok(ctx, top, p)) || md->random_case(ctx, top, p) ||
        (md->check_case && md->check_case(ctx, top, p)))
      return -1;
  }
  return 0;
}

/* ---- block registry and tops file ---------------------------------------- */

#define GEN_MAX_BLOCKS 32
static const gen_block_t *registered[GEN_MAX_BLOCKS];
static size_t nregistered;

void gen_register_block(const gen_block_t *b) {
  if (nregistered == GEN_MAX_BLOCKS) {
    fprintf(stderr, "refgen: more than %d blocks (raise GEN_MAX_BLOCKS)\n", GEN_MAX_BLOCKS);
    exit(2);
  }
  registered[nregistered++] = b;
}

const gen_block_t *const *gen_blocks(size_t *n) {
  *n = nregistered;
  return registered;
}

void gen_tops_free(gen_tops_t *t) {
  free(t->tops);
  free(t->text);
  memset(t, 0, sizeof *t);
}

static int is_ident(const char *s) {
  if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_'))
      return 0;
  return 1;
}

/* One line, already cut at '#': its words, in place. */
static int split_words(char *line, char **w, int max) {
  int n = 0;
  for (char *tok = strtok(line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n"))
    if (n < max)
      w[n++] = tok;
    else
      return -1;
  return n;
}

/* The words of one top line into t (strings appended to text at *used). */
static int add_top(gen_ctx_t *ctx, gen_tops_t *t, char *text, size_t *used, char **w, int n,
                   unsigned lineno) {
  int vectors = 0;
  const char *key = w[0];
  size_t start = *used;
  for (int i = 2; i < n; i++) {
    if (w[i][0] == '@') {
      if (strcmp(w[i], "@vectors") == 0 || strncmp(w[i], "@vectors=", 9) == 0) {
        vectors = 1;
        if (w[i][8] == '=')
          key = w[i] + 9;
      }
      continue;
    }
    if (!strchr(w[i], '='))
      return gen_fail(ctx, "%s:%u: '%s' is neither NAME=VALUE nor @attribute", ctx->tops_path,
                      lineno, w[i]);
    *used += (size_t)sprintf(text + *used, "%s%s", *used > start ? " " : "", w[i]);
  }
  text[(*used)++] = '\0';
  if (!vectors)
    return 0;
  size_t keypos = *used;
  *used += (size_t)sprintf(text + *used, "%s", key) + 1;
  gen_top_t *nt = realloc(t->tops, (t->ntops + 1) * sizeof *nt);
  if (!nt)
    return gen_fail(ctx, "out of memory");
  t->tops = nt;
  nt[t->ntops].name = w[0]; /* fixed up to point into text by the caller */
  nt[t->ntops].module = w[1];
  nt[t->ntops].params = (const char *)(uintptr_t)start;
  nt[t->ntops].line = lineno;
  nt[t->ntops].key = (const char *)(uintptr_t)keypos;
  t->ntops++;
  return 0;
}

int gen_read_tops(gen_ctx_t *ctx, const char *path, gen_tops_t *t) {
  char *data;
  size_t len;
  memset(t, 0, sizeof *t);
  ctx->tops_path = path;
  if (vec_read_bytes(path, &data, &len, ctx->err, sizeof ctx->err))
    return -1;
  /* Every string of a top (name, module, parameters, key) is a copy of part of its line, so
   * twice the file's size, plus a terminator each, is enough. */
  t->text = malloc(3 * len + 64);
  if (!t->text) {
    free(data);
    return gen_fail(ctx, "out of memory");
  }
  size_t used = 0;
  unsigned lineno = 0;
  int rc = 0;
  for (char *line = data, *next; line && rc == 0; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    lineno++;
    char *hash = strchr(line, '#'), *w[64];
    if (hash)
      *hash = '\0';
    int n = split_words(line, w, 64);
    if (n == 0)
      continue;
    if (n < 2 || !is_ident(w[0]) || !is_ident(w[1])) {
      rc =
          gen_fail(ctx, "%s:%u: expected 'name module [NAME=VALUE ...] [@attr ...]'", path, lineno);
      break;
    }
    /* name and module are stored first, then the parameters */
    size_t nm = used;
    used += (size_t)sprintf(t->text + used, "%s", w[0]) + 1;
    size_t md = used;
    used += (size_t)sprintf(t->text + used, "%s", w[1]) + 1;
    size_t before = t->ntops;
    rc = add_top(ctx, t, t->text, &used, w, n, lineno);
    if (rc == 0 && t->ntops > before) {
      t->tops[before].name = (const char *)(uintptr_t)nm;
      t->tops[before].module = (const char *)(uintptr_t)md;
    }
  }
  free(data);
  /* offsets into text -> pointers, now that text no longer moves */
  for (size_t i = 0; i < t->ntops; i++) {
    t->tops[i].name = t->text + (uintptr_t)t->tops[i].name;
    t->tops[i].module = t->text + (uintptr_t)t->tops[i].module;
    t->tops[i].params = t->text + (uintptr_t)t->tops[i].params;
    t->tops[i].key = t->text + (uintptr_t)t->tops[i].key;
  }
  if (rc)
    gen_tops_free(t);
  return rc;
}
