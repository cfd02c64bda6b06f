/* vec.c - golden vector reader / writer (format: docs/vectors.md). */
#include "vec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

/* ======================================================================
 * building and accessing
 * ==================================================================== */

static char *dupstr(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

static char *dupmem(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = '\0';
  }
  return p;
}

static int set_str(char **dst, const char *s) {
  char *p = dupstr(s);
  if (!p)
    return -1;
  free(*dst);
  *dst = p;
  return 0;
}

void vec_init(vec_file_t *v) { memset(v, 0, sizeof *v); }

void vec_free(vec_file_t *v) {
  free(v->path);
  free(v->block);
  free(v->case_name);
  free(v->top);
  free(v->generator);
  for (unsigned i = 0; i < v->nparams; i++) {
    free(v->params[i].name);
    free(v->params[i].value);
  }
  free(v->params);
  for (int d = 0; d < 2; d++) {
    for (unsigned i = 0; i < v->nfields[d]; i++)
      free(v->fields[d][i].name);
    free(v->fields[d]);
    free(v->val[d]);
  }
  free(v->care);
  free(v->rec_line);
  memset(v, 0, sizeof *v);
}

int vec_set_header(vec_file_t *v, const char *block, const char *case_name, const char *top,
                   uint64_t seed, const char *generator, unsigned gen_version, unsigned reset) {
  if (set_str(&v->block, block) || set_str(&v->case_name, case_name) || set_str(&v->top, top) ||
      set_str(&v->generator, generator))
    return -1;
  v->seed = seed;
  v->gen_version = gen_version;
  v->reset = reset;
  return 0;
}

int vec_add_param(vec_file_t *v, const char *name, const char *value) {
  vec_param_t *p = realloc(v->params, (v->nparams + 1) * sizeof *p);
  if (!p)
    return -1;
  v->params = p;
  p += v->nparams;
  p->name = dupstr(name);
  p->value = dupstr(value);
  if (!p->name || !p->value) {
    free(p->name);
    free(p->value);
    return -1;
  }
  v->nparams++;
  return 0;
}

int vec_add_field(vec_file_t *v, vec_dir_t d, const char *name, unsigned width) {
  if (v->nrec || v->cap || width < 1 || width > VEC_MAX_WIDTH)
    return -1;
  vec_field_t *f = realloc(v->fields[d], (v->nfields[d] + 1) * sizeof *f);
  if (!f)
    return -1;
  v->fields[d] = f;
  f += v->nfields[d];
  memset(f, 0, sizeof *f);
  f->name = dupstr(name);
  if (!f->name)
    return -1;
  f->width = width;
  f->offset = v->words[d];
  v->words[d] += BITS_WORDS(width);
  return (int)v->nfields[d]++;
}

int vec_field_index(const vec_file_t *v, vec_dir_t d, const char *name) {
  for (unsigned i = 0; i < v->nfields[d]; i++)
    if (strcmp(v->fields[d][i].name, name) == 0)
      return (int)i;
  return -1;
}

/* realloc that never asks for 0 bytes (a direction may have no fields). */
static int grow(void **p, size_t n, size_t size) {
  void *q = realloc(*p, (n ? n : 1) * size);
  if (!q)
    return -1;
  *p = q;
  return 0;
}

static int grow_records(vec_file_t *v) {
  if (v->nrec < v->cap)
    return 0;
  size_t cap = v->cap ? 2 * v->cap : 64;
  if (grow((void **)&v->val[VEC_IN], cap * v->words[VEC_IN], sizeof(uint32_t)) ||
      grow((void **)&v->val[VEC_OUT], cap * v->words[VEC_OUT], sizeof(uint32_t)) ||
      grow((void **)&v->care, cap * v->words[VEC_OUT], sizeof(uint32_t)) ||
      grow((void **)&v->rec_line, cap, sizeof(unsigned)))
    return -1;
  v->cap = cap;
  return 0;
}

static void fill_mask(uint32_t *w, unsigned width) {
  unsigned n = BITS_WORDS(width);
  for (unsigned i = 0; i < n; i++)
    w[i] = 0xffffffffu;
  w[n - 1] = bits_top_mask(width);
}

long vec_append(vec_file_t *v) {
  if (grow_records(v))
    return -1;
  size_t r = v->nrec;
  memset(v->val[VEC_IN] + r * v->words[VEC_IN], 0, v->words[VEC_IN] * sizeof(uint32_t));
  memset(v->val[VEC_OUT] + r * v->words[VEC_OUT], 0, v->words[VEC_OUT] * sizeof(uint32_t));
  for (unsigned f = 0; f < v->nfields[VEC_OUT]; f++) {
    const vec_field_t *fd = &v->fields[VEC_OUT][f];
    fill_mask(v->care + r * v->words[VEC_OUT] + fd->offset, fd->width);
  }
  v->rec_line[r] = 0;
  v->nrec++;
  return (long)r;
}

static uint32_t *value_ptr(const vec_file_t *v, size_t rec, vec_dir_t d, unsigned field) {
  return v->val[d] + rec * v->words[d] + v->fields[d][field].offset;
}

const uint32_t *vec_value(const vec_file_t *v, size_t rec, vec_dir_t d, unsigned field) {
  return value_ptr(v, rec, d, field);
}

const uint32_t *vec_care(const vec_file_t *v, size_t rec, unsigned out_field) {
  return v->care + rec * v->words[VEC_OUT] + v->fields[VEC_OUT][out_field].offset;
}

int vec_is_x(const vec_file_t *v, size_t rec, unsigned out_field) {
  const uint32_t *c = vec_care(v, rec, out_field);
  for (unsigned i = 0; i < BITS_WORDS(v->fields[VEC_OUT][out_field].width); i++)
    if (c[i])
      return 0;
  return 1;
}

int vec_set(vec_file_t *v, size_t rec, vec_dir_t d, unsigned field, const uint32_t *words) {
  unsigned width = v->fields[d][field].width, n = BITS_WORDS(width);
  if (words[n - 1] & ~bits_top_mask(width))
    return -1;
  memcpy(value_ptr(v, rec, d, field), words, n * sizeof *words);
  if (d == VEC_OUT)
    fill_mask(v->care + rec * v->words[VEC_OUT] + v->fields[d][field].offset, width);
  return 0;
}

int vec_set_u64(vec_file_t *v, size_t rec, vec_dir_t d, unsigned field, uint64_t value) {
  unsigned width = v->fields[d][field].width;
  if (width < 64 && (value >> width))
    return -1;
  uint32_t w[BITS_MAX_WORDS];
  bits_from_u64(w, width, value);
  return vec_set(v, rec, d, field, w);
}

void vec_set_x(vec_file_t *v, size_t rec, unsigned out_field) {
  unsigned n = BITS_WORDS(v->fields[VEC_OUT][out_field].width);
  memset(value_ptr(v, rec, VEC_OUT, out_field), 0, n * sizeof(uint32_t));
  memset(v->care + rec * v->words[VEC_OUT] + v->fields[VEC_OUT][out_field].offset, 0,
         n * sizeof(uint32_t));
}

/* ======================================================================
 * reading
 * ==================================================================== */

enum {
  D_VEC,
  D_BLOCK,
  D_CASE,
  D_TOP,
  D_SEED,
  D_GENERATOR,
  D_PARAM,
  D_RESET,
  D_IN,
  D_OUT,
  D_END,
  D_COUNT
};

static const struct {
  const char *name;
  int nargs; /* -1: any number */
} directives[D_COUNT] = {
    {"%vec", 1},   {"%block", 1}, {"%case", 1}, {"%top", 1},  {"%seed", 1}, {"%generator", 2},
    {"%param", 2}, {"%reset", 1}, {"%in", -1},  {"%out", -1}, {"%end", 0},
};

typedef struct {
  const char *s;
  size_t n;
  unsigned col;
} tok_t;

typedef struct {
  const char *path;
  char *err;
  size_t errsz;
  unsigned line;
  const char *ln; /* current line without its end of line */
  size_t lnlen;
  tok_t *tok;
  size_t ntok, tokcap;
  vec_file_t v;
  unsigned seen[D_COUNT]; /* line of each directive, 0 = not seen */
  int body;               /* after %end */
} parser_t;

static int perr(parser_t *ps, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int perr(parser_t *ps, unsigned col, const char *fmt, ...) {
  if (ps->errsz == 0)
    return -1;
  int n = snprintf(ps->err, ps->errsz, "%s:%u:%u: ", ps->path, ps->line, col);
  if (n >= 0 && (size_t)n < ps->errsz) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err + n, ps->errsz - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static int oom(parser_t *ps) { return perr(ps, 1, "out of memory"); }

static unsigned eol_col(const parser_t *ps) { return (unsigned)ps->lnlen + 1; }

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static int tokenize(parser_t *ps) {
  ps->ntok = 0;
  size_t i = 0;
  while (i < ps->lnlen) {
    if (is_blank(ps->ln[i])) {
      i++;
      continue;
    }
    if (ps->ntok == ps->tokcap) {
      size_t cap = ps->tokcap ? 2 * ps->tokcap : 32;
      tok_t *t = realloc(ps->tok, cap * sizeof *t);
      if (!t)
        return oom(ps);
      ps->tok = t;
      ps->tokcap = cap;
    }
    tok_t *t = &ps->tok[ps->ntok++];
    t->s = ps->ln + i;
    t->col = (unsigned)i + 1;
    while (i < ps->lnlen && !is_blank(ps->ln[i]))
      i++;
    t->n = (size_t)(ps->ln + i - t->s);
  }
  return 0;
}

static int tok_is(const tok_t *t, const char *s) {
  return t->n == strlen(s) && memcmp(t->s, s, t->n) == 0;
}

static int is_alpha_(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int hex_val(char c) {
  if (is_digit(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Shows a character in a message, escaping what would not print. */
static const char *show_char(char c, char buf[8]) {
  unsigned char u = (unsigned char)c;
  if (u >= 0x20 && u < 0x7f)
    snprintf(buf, 8, "'%c'", c);
  else
    snprintf(buf, 8, "\\x%02x", u);
  return buf;
}

/* An identifier [A-Za-z_][A-Za-z0-9_]* (port, parameter, top names); extra
 * adds characters allowed after the first (e.g. "-." for generator names). */
static int check_name(parser_t *ps, const char *s, size_t n, unsigned col, const char *what,
                      const char *extra) {
  char b[8];
  if (n == 0)
    return perr(ps, col, "empty %s", what);
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    int ok = is_alpha_(c) || (i > 0 && (is_digit(c) || (c && strchr(extra, c))));
    if (!ok)
      return perr(ps, col + (unsigned)i, "bad character %s in %s", show_char(c, b), what);
  }
  return 0;
}

static int parse_dec(parser_t *ps, const char *s, size_t n, unsigned col, uint64_t max,
                     const char *what, uint64_t *out) {
  char b[8];
  uint64_t v = 0;
  if (n == 0)
    return perr(ps, col, "missing %s", what);
  for (size_t i = 0; i < n; i++) {
    if (!is_digit(s[i]))
      return perr(ps, col + (unsigned)i, "bad character %s in %s (decimal expected)",
                  show_char(s[i], b), what);
    unsigned dgt = (unsigned)(s[i] - '0');
    if (v > (max - dgt) / 10)
      return perr(ps, col, "%s %.*s is too large (max %llu)", what, (int)n, s,
                  (unsigned long long)max);
    v = v * 10 + dgt;
  }
  *out = v;
  return 0;
}

static int tok_str(parser_t *ps, const tok_t *t, char **dst) {
  char *p = dupmem(t->s, t->n);
  if (!p)
    return oom(ps);
  free(*dst);
  *dst = p;
  return 0;
}

/* The %case must be the file name without .vec (when the path ends in .vec). */
static int check_case_name(parser_t *ps, const tok_t *t) {
  const char *base = strrchr(ps->path, '/');
  base = base ? base + 1 : ps->path;
  size_t n = strlen(base);
  if (n < 4 || strcmp(base + n - 4, ".vec") != 0)
    return 0;
  if (n - 4 != t->n || memcmp(base, t->s, t->n) != 0)
    return perr(ps, t->col, "%%case '%.*s' does not match the file name '%s'", (int)t->n, t->s,
                base);
  return 0;
}

static int field_seen(parser_t *ps, const char *s, size_t n, unsigned col) {
  for (int d = 0; d < 2; d++)
    for (unsigned i = 0; i < ps->v.nfields[d]; i++) {
      const vec_field_t *f = &ps->v.fields[d][i];
      if (strlen(f->name) == n && memcmp(f->name, s, n) == 0)
        return perr(ps, col, "duplicate field '%.*s' (first on line %u)", (int)n, s, f->line);
    }
  return 0;
}

static int parse_field(parser_t *ps, vec_dir_t d, const tok_t *t) {
  const char *colon = memchr(t->s, ':', t->n);
  if (!colon || colon == t->s || colon == t->s + t->n - 1)
    return perr(ps, t->col, "bad field declaration '%.*s' (name:width expected)", (int)t->n, t->s);
  size_t nlen = (size_t)(colon - t->s);
  unsigned wcol = t->col + (unsigned)nlen + 1;
  uint64_t width;
  if (check_name(ps, t->s, nlen, t->col, "field name", "") ||
      parse_dec(ps, colon + 1, t->n - nlen - 1, wcol, UINT32_MAX, "field width", &width) ||
      field_seen(ps, t->s, nlen, t->col))
    return -1;
  if (width < 1 || width > VEC_MAX_WIDTH)
    return perr(ps, wcol, "field width must be 1..%u", VEC_MAX_WIDTH);
  if ((nlen == 3 && memcmp(t->s, "clk", 3) == 0) || (nlen == 5 && memcmp(t->s, "rst_n", 5) == 0))
    return perr(ps, t->col, "field '%.*s' is driven by the harness, not by vectors", (int)nlen,
                t->s);
  char *name = dupmem(t->s, nlen);
  int idx = name ? vec_add_field(&ps->v, d, name, (unsigned)width) : -1;
  free(name);
  if (idx < 0)
    return oom(ps);
  ps->v.fields[d][idx].line = ps->line;
  ps->v.fields[d][idx].col = t->col;
  return 0;
}

static int parse_fields(parser_t *ps, vec_dir_t d) {
  if (d == VEC_OUT && ps->ntok < 2)
    return perr(ps, eol_col(ps), "%%out needs at least one field");
  for (size_t i = 1; i < ps->ntok; i++)
    if (parse_field(ps, d, &ps->tok[i]))
      return -1;
  return 0;
}

static int parse_param(parser_t *ps) {
  const tok_t *n = &ps->tok[1], *val = &ps->tok[2];
  if (check_name(ps, n->s, n->n, n->col, "parameter name", ""))
    return -1;
  for (unsigned i = 0; i < ps->v.nparams; i++)
    if (tok_is(n, ps->v.params[i].name))
      return perr(ps, n->col, "duplicate %%param '%.*s'", (int)n->n, n->s);
  char *a = dupmem(n->s, n->n), *b = dupmem(val->s, val->n);
  int rc = (a && b) ? vec_add_param(&ps->v, a, b) : -1;
  free(a);
  free(b);
  return rc ? oom(ps) : 0;
}

static const char *const required_names[] = {"%block",     "%case",  "%top", "%seed",
                                             "%generator", "%reset", "%in",  "%out"};
static const int required_dirs[] = {D_BLOCK,     D_CASE,  D_TOP, D_SEED,
                                    D_GENERATOR, D_RESET, D_IN,  D_OUT};

static int parse_end(parser_t *ps) {
  for (size_t i = 0; i < sizeof required_dirs / sizeof required_dirs[0]; i++)
    if (!ps->seen[required_dirs[i]])
      return perr(ps, ps->tok[0].col, "missing %s before %%end", required_names[i]);
  ps->body = 1;
  return 0;
}

static int directive_args(parser_t *ps, int d) {
  const tok_t *t = ps->tok;
  uint64_t x;
  switch (d) {
  case D_VEC:
    if (parse_dec(ps, t[1].s, t[1].n, t[1].col, UINT32_MAX, "format version", &x))
      return -1;
    if (x != VEC_FORMAT_VERSION)
      return perr(ps, t[1].col, "unsupported format version %llu (this reader knows %d)",
                  (unsigned long long)x, VEC_FORMAT_VERSION);
    return 0;
  case D_BLOCK:
    return check_name(ps, t[1].s, t[1].n, t[1].col, "block name", "") ||
           tok_str(ps, &t[1], &ps->v.block);
  case D_CASE:
    return check_name(ps, t[1].s, t[1].n, t[1].col, "case name", "") ||
           check_case_name(ps, &t[1]) || tok_str(ps, &t[1], &ps->v.case_name);
  case D_TOP:
    return check_name(ps, t[1].s, t[1].n, t[1].col, "top name", "") ||
           tok_str(ps, &t[1], &ps->v.top);
  case D_SEED:
    return parse_dec(ps, t[1].s, t[1].n, t[1].col, UINT64_MAX, "seed", &ps->v.seed);
  case D_GENERATOR:
    if (check_name(ps, t[1].s, t[1].n, t[1].col, "generator name", "-.") ||
        parse_dec(ps, t[2].s, t[2].n, t[2].col, UINT32_MAX, "generator version", &x))
      return -1;
    ps->v.gen_version = (unsigned)x;
    return tok_str(ps, &t[1], &ps->v.generator);
  case D_PARAM:
    return parse_param(ps);
  case D_RESET:
    if (parse_dec(ps, t[1].s, t[1].n, t[1].col, 1000000, "reset cycles", &x))
      return -1;
    ps->v.reset = (unsigned)x;
    return 0;
  case D_IN:
  case D_OUT:
    return parse_fields(ps, d == D_IN ? VEC_IN : VEC_OUT);
  default:
    return parse_end(ps);
  }
}

static int check_nargs(parser_t *ps, int d) {
  int want = directives[d].nargs;
  size_t got = ps->ntok - 1;
  if (want < 0 || got == (size_t)want)
    return 0;
  unsigned col = got > (size_t)want ? ps->tok[want + 1].col : eol_col(ps);
  return perr(ps, col, "%s takes %d argument%s, got %zu", directives[d].name, want,
              want == 1 ? "" : "s", got);
}

static int parse_directive(parser_t *ps) {
  const tok_t *t = &ps->tok[0];
  if (t->s[0] != '%')
    return perr(ps, t->col,
                ps->seen[D_VEC] ? "expected a directive (records follow %%end)"
                                : "expected %%vec (first directive)");
  int d = 0;
  while (d < D_COUNT && !tok_is(t, directives[d].name))
    d++;
  if (d == D_COUNT)
    return perr(ps, t->col, "unknown directive '%.*s'", (int)t->n, t->s);
  if (!ps->seen[D_VEC] && d != D_VEC)
    return perr(ps, t->col, "first directive must be %%vec, not %s", directives[d].name);
  if (d != D_PARAM && ps->seen[d])
    return perr(ps, t->col, "duplicate %s (first on line %u)", directives[d].name, ps->seen[d]);
  if (check_nargs(ps, d))
    return -1;
  ps->seen[d] = ps->line;
  return directive_args(ps, d);
}

/* Digits left after the leading zeros. */
static size_t significant_digits(const char *s, size_t n) {
  size_t i = 0;
  while (i < n && s[i] == '0')
    i++;
  return n - i;
}

/* Bits needed by n significant hex digits (0 for none). */
static unsigned hex_bits(const char *s, size_t n) {
  if (n == 0)
    return 0;
  unsigned top = (unsigned)hex_val(s[0]), bits = 4 * (unsigned)(n - 1);
  for (; top; top >>= 1)
    bits++;
  return bits;
}

/* One hex value (or 'x' for an output) into record rec. */
static int parse_value(parser_t *ps, const tok_t *t, vec_dir_t d, unsigned f, size_t rec) {
  const vec_field_t *fd = &ps->v.fields[d][f];
  char b[8];
  if (tok_is(t, "x")) {
    if (d == VEC_IN)
      return perr(ps, t->col, "'x' in input field '%s'", fd->name);
    vec_set_x(&ps->v, rec, f);
    return 0;
  }
  for (size_t i = 0; i < t->n; i++)
    if (hex_val(t->s[i]) < 0)
      return perr(ps, t->col + (unsigned)i, "non-hex digit %s in field '%s'", show_char(t->s[i], b),
                  fd->name);
  size_t ndig = significant_digits(t->s, t->n);
  if (ndig > VEC_MAX_WIDTH / 4 + 1 || hex_bits(t->s + t->n - ndig, ndig) > fd->width)
    return perr(ps, t->col, "value wider than field '%s' (%u bit%s)", fd->name, fd->width,
                fd->width == 1 ? "" : "s");
  uint32_t *w = value_ptr(&ps->v, rec, d, f);
  for (size_t k = 0; k < ndig; k++)
    w[k / 8] |= (uint32_t)hex_val(t->s[t->n - 1 - k]) << (4 * (k % 8));
  return 0;
}

static int parse_outputs(parser_t *ps, size_t t, size_t rec) {
  unsigned nout = ps->v.nfields[VEC_OUT];
  for (unsigned f = 0; f < nout; f++, t++) {
    if (t >= ps->ntok)
      return perr(ps, eol_col(ps), "too few output values (expected %u, got %u)", nout, f);
    if (tok_is(&ps->tok[t], "|"))
      return perr(ps, ps->tok[t].col, "unexpected second '|'");
    if (parse_value(ps, &ps->tok[t], VEC_OUT, f, rec))
      return -1;
  }
  if (t < ps->ntok)
    return perr(ps, ps->tok[t].col, "too many output values (expected %u)", nout);
  return 0;
}

static int has_bar_from(const parser_t *ps, size_t t) {
  for (; t < ps->ntok; t++)
    if (tok_is(&ps->tok[t], "|"))
      return 1;
  return 0;
}

static int parse_record(parser_t *ps) {
  long r = vec_append(&ps->v);
  if (r < 0)
    return oom(ps);
  ps->v.rec_line[r] = ps->line;
  unsigned nin = ps->v.nfields[VEC_IN];
  size_t t = 0;
  for (unsigned f = 0; f < nin; f++, t++) {
    if (t >= ps->ntok)
      return perr(ps, eol_col(ps), "too few input values (expected %u, got %u)", nin, f);
    if (tok_is(&ps->tok[t], "|"))
      return perr(ps, ps->tok[t].col, "too few input values (expected %u, got %u)", nin, f);
    if (parse_value(ps, &ps->tok[t], VEC_IN, f, (size_t)r))
      return -1;
  }
  if (t >= ps->ntok)
    return perr(ps, eol_col(ps), "missing '|' after the %u input values", nin);
  if (!tok_is(&ps->tok[t], "|"))
    return perr(ps, ps->tok[t].col,
                has_bar_from(ps, t) ? "too many input values (expected %u)"
                                    : "missing '|' after "
                                      "the %u input values",
                nin);
  return parse_outputs(ps, t + 1, (size_t)r);
}

static int parse_line(parser_t *ps) {
  if (tokenize(ps))
    return -1;
  if (ps->ntok == 0 || ps->tok[0].s[0] == '#')
    return 0; /* blank line or comment */
  if (!ps->body)
    return parse_directive(ps);
  if (ps->tok[0].s[0] == '%')
    return perr(ps, ps->tok[0].col, "directive '%.*s' after %%end", (int)ps->tok[0].n,
                ps->tok[0].s);
  return parse_record(ps);
}

static int parse_eof(parser_t *ps, int ends_with_newline) {
  if (ends_with_newline || ps->line == 0) {
    ps->line++;
    ps->lnlen = 0;
  }
  if (!ps->seen[D_VEC])
    return perr(ps, eol_col(ps), "empty file (expected %%vec)");
  if (!ps->body)
    return perr(ps, eol_col(ps), "missing %%end");
  if (ps->v.nrec == 0)
    return perr(ps, eol_col(ps), "file has no records");
  return 0;
}

static int parse_text(parser_t *ps, const char *text, size_t len) {
  size_t pos = 0;
  while (pos < len) {
    const char *nl = memchr(text + pos, '\n', len - pos);
    size_t end = nl ? (size_t)(nl - text) : len;
    ps->line++;
    ps->ln = text + pos;
    ps->lnlen = end - pos;
    if (ps->lnlen && ps->ln[ps->lnlen - 1] == '\r')
      ps->lnlen--;
    if (parse_line(ps))
      return -1;
    pos = end + 1;
  }
  return parse_eof(ps, len > 0 && text[len - 1] == '\n');
}

int vec_parse(const char *path, const char *text, size_t len, vec_file_t *out, char *err,
              size_t errsz) {
  parser_t ps;
  memset(&ps, 0, sizeof ps);
  ps.path = path ? path : "<vectors>";
  ps.err = err;
  ps.errsz = errsz;
  vec_init(&ps.v);
  int rc = parse_text(&ps, text, len);
  if (rc == 0 && path && !(ps.v.path = dupstr(path)))
    rc = oom(&ps);
  free(ps.tok);
  if (rc) {
    vec_free(&ps.v);
    return -1;
  }
  *out = ps.v;
  return 0;
}

int vec_read_bytes(const char *path, char **data, size_t *len, char *err, size_t errsz) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errsz, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *b = realloc(buf, cap * 2);
    if (!b) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = b;
    cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf || bad) {
    snprintf(err, errsz, "%s: %s", path, buf ? "read error" : "out of memory");
    free(buf);
    return -1;
  }
  *data = buf;
  *len = n;
  return 0;
}

int vec_read(const char *path, vec_file_t *out, char *err, size_t errsz) {
  char *text;
  size_t len;
  if (vec_read_bytes(path, &text, &len, err, errsz))
    return -1;
  int rc = vec_parse(path, text, len, out, err, errsz);
  free(text);
  return rc;
}

static int field_err(const vec_file_t *v, const vec_field_t *f, char *err, size_t errsz,
                     const char *msg) {
  snprintf(err, errsz, "%s:%u:%u: field '%s' %s", v->path ? v->path : "<vectors>", f->line, f->col,
           f->name, msg);
  return -1;
}

int vec_check_ports(const vec_file_t *v, vec_port_fn lookup, void *ctx, char *err, size_t errsz) {
  char msg[128];
  for (int d = 0; d < 2; d++)
    for (unsigned i = 0; i < v->nfields[d]; i++) {
      const vec_field_t *f = &v->fields[d][i];
      unsigned width = 0;
      int is_input = 0;
      if (!lookup(ctx, f->name, &width, &is_input)) {
        snprintf(msg, sizeof msg, "is not a port of top '%s'", v->top ? v->top : "?");
        return field_err(v, f, err, errsz, msg);
      }
      if (is_input != (d == VEC_IN))
        return field_err(v, f, err, errsz,
                         is_input ? "is an input of the top, not an output"
                                  : "is an output of the top, not an input");
      if (width != f->width) {
        snprintf(msg, sizeof msg, "is %u bits wide but the port has %u", f->width, width);
        return field_err(v, f, err, errsz, msg);
      }
    }
  return 0;
}

/* ======================================================================
 * writing
 * ==================================================================== */

void vec_buf_free(vec_buf_t *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}

static int buf_reserve(vec_buf_t *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return 0;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->p, cap);
  if (!p)
    return -1;
  b->p = p;
  b->cap = cap;
  return 0;
}

static int buf_putc(vec_buf_t *b, char c) {
  if (buf_reserve(b, 1))
    return -1;
  b->p[b->len++] = c;
  b->p[b->len] = '\0';
  return 0;
}

int vec_buf_printf(vec_buf_t *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || buf_reserve(b, (size_t)n))
    return -1;
  va_start(ap, fmt);
  vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
  return 0;
}

/* Lower-case hex, no leading zeros (a single 0 for zero). */
static int put_hex(vec_buf_t *b, const uint32_t *w, unsigned width) {
  static const char digits[] = "0123456789abcdef";
  unsigned nd = (width + 3) / 4;
  int started = 0;
  for (unsigned k = nd; k-- > 0;) {
    unsigned nib = (w[k / 8] >> (4 * (k % 8))) & 0xfu;
    if (!nib && !started && k > 0)
      continue;
    started = 1;
    if (buf_putc(b, digits[nib]))
      return -1;
  }
  return 0;
}

static int is_token(const char *s) {
  if (!s || !*s)
    return 0;
  for (; *s; s++)
    if ((unsigned char)*s <= ' ' || *s == 0x7f)
      return 0;
  return 1;
}

static int format_check(const vec_file_t *v, char *err, size_t errsz) {
  const char *bad = NULL;
  if (!is_token(v->block) || !is_token(v->case_name) || !is_token(v->top) ||
      !is_token(v->generator))
    bad = "header (block, case, top, generator) not set or not a single token";
  else if (v->nfields[VEC_OUT] == 0)
    bad = "no %out field";
  else if (v->nrec == 0)
    bad = "no records";
  for (unsigned i = 0; !bad && i < v->nparams; i++)
    if (!is_token(v->params[i].name) || !is_token(v->params[i].value))
      bad = "a %param name or value is not a single token";
  if (bad) {
    snprintf(err, errsz, "%s: cannot write: %s", v->case_name ? v->case_name : "<vectors>", bad);
    return -1;
  }
  return 0;
}

static int format_fields(const vec_file_t *v, vec_buf_t *b, vec_dir_t d) {
  if (vec_buf_printf(b, "%s", d == VEC_IN ? "%in" : "%out"))
    return -1;
  for (unsigned i = 0; i < v->nfields[d]; i++)
    if (vec_buf_printf(b, " %s:%u", v->fields[d][i].name, v->fields[d][i].width))
      return -1;
  return buf_putc(b, '\n');
}

static int format_header(const vec_file_t *v, vec_buf_t *b) {
  if (vec_buf_printf(b, "%%vec %d\n%%block %s\n%%case %s\n%%top %s\n%%seed %llu\n",
                     VEC_FORMAT_VERSION, v->block, v->case_name, v->top,
                     (unsigned long long)v->seed) ||
      vec_buf_printf(b, "%%generator %s %u\n", v->generator, v->gen_version))
    return -1;
  for (unsigned i = 0; i < v->nparams; i++)
    if (vec_buf_printf(b, "%%param %s %s\n", v->params[i].name, v->params[i].value))
      return -1;
  if (vec_buf_printf(b, "%%reset %u\n", v->reset) || format_fields(v, b, VEC_IN) ||
      format_fields(v, b, VEC_OUT))
    return -1;
  return vec_buf_printf(b, "%%end\n");
}

/* 1: all bits cared for, 0: none ('x'), -1: partial (not representable). */
static int care_state(const vec_file_t *v, size_t r, unsigned f) {
  const uint32_t *c = vec_care(v, r, f);
  unsigned width = v->fields[VEC_OUT][f].width, n = BITS_WORDS(width);
  int all = 1, none = 1;
  for (unsigned i = 0; i < n; i++) {
    uint32_t full = (i == n - 1) ? bits_top_mask(width) : 0xffffffffu;
    all &= (c[i] & full) == full;
    none &= (c[i] & full) == 0;
  }
  return all ? 1 : none ? 0 : -1;
}

static int format_record(const vec_file_t *v, vec_buf_t *b, size_t r, char *err, size_t errsz) {
  for (unsigned f = 0; f < v->nfields[VEC_IN]; f++)
    if (put_hex(b, vec_value(v, r, VEC_IN, f), v->fields[VEC_IN][f].width) || buf_putc(b, ' '))
      return -1;
  if (buf_putc(b, '|'))
    return -1;
  for (unsigned f = 0; f < v->nfields[VEC_OUT]; f++) {
    int cs = care_state(v, r, f);
    if (cs < 0) {
      snprintf(err, errsz, "%s: cannot write: record %zu field '%s' is partly don't-care",
               v->case_name, r, v->fields[VEC_OUT][f].name);
      return -1;
    }
    if (buf_putc(b, ' ') ||
        (cs ? put_hex(b, vec_value(v, r, VEC_OUT, f), v->fields[VEC_OUT][f].width)
            : buf_putc(b, 'x')))
      return -1;
  }
  return buf_putc(b, '\n');
}

int vec_format(const vec_file_t *v, vec_buf_t *b, char *err, size_t errsz) {
  if (format_check(v, err, errsz))
    return -1;
  err[0] = '\0';
  if (format_header(v, b))
    goto nomem;
  for (size_t r = 0; r < v->nrec; r++)
    if (format_record(v, b, r, err, errsz))
      goto nomem;
  return 0;
nomem:
  if (!err[0])
    snprintf(err, errsz, "%s: cannot write: out of memory", v->case_name);
  return -1;
}

int vec_save(const char *path, const void *data, size_t len, char *err, size_t errsz) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    snprintf(err, errsz, "%s: cannot create: %s", path, strerror(errno));
    return -1;
  }
  size_t n = fwrite(data, 1, len, f);
  int bad = (n != len) | (fclose(f) != 0);
  if (bad) {
    snprintf(err, errsz, "%s: write error", path);
    return -1;
  }
  return 0;
}

int vec_write(const char *path, const vec_file_t *v, char *err, size_t errsz) {
  vec_buf_t b = {0};
  int rc = vec_format(v, &b, err, errsz);
  if (rc == 0)
    rc = vec_save(path, b.p, b.len, err, errsz);
  vec_buf_free(&b);
  return rc;
}

/* ======================================================================
 * manifest
 * ==================================================================== */

uint64_t vec_fnv1a64(const void *data, size_t len) {
  const unsigned char *p = data;
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t i = 0; i < len; i++) {
    h ^= p[i];
    h *= 0x100000001b3u;
  }
  return h;
}

static int entry_cmp(const void *a, const void *b) {
  return strcmp(((const vec_manifest_entry_t *)a)->path, ((const vec_manifest_entry_t *)b)->path);
}

int vec_manifest_format(vec_buf_t *b, const char *generator, unsigned gen_version, uint64_t seed,
                        vec_manifest_entry_t *e, size_t n) {
  if (n > 1)
    qsort(e, n, sizeof *e, entry_cmp);
  if (vec_buf_printf(b, "# golden vectors: <block>/<case>.vec <bytes> <fnv1a-64>\n") ||
      vec_buf_printf(b, "%%generator %s %u\n%%seed %llu\n", generator, gen_version,
                     (unsigned long long)seed))
    return -1;
  for (size_t i = 0; i < n; i++)
    if (vec_buf_printf(b, "%s %zu %016llx\n", e[i].path, e[i].bytes, (unsigned long long)e[i].hash))
      return -1;
  return 0;
}

int vec_manifest_write(const char *path, const char *generator, unsigned gen_version, uint64_t seed,
                       vec_manifest_entry_t *e, size_t n, char *err, size_t errsz) {
  vec_buf_t b = {0};
  int rc = vec_manifest_format(&b, generator, gen_version, seed, e, n);
  if (rc)
    snprintf(err, errsz, "%s: out of memory", path);
  else
    rc = vec_save(path, b.p, b.len, err, errsz);
  vec_buf_free(&b);
  return rc;
}
