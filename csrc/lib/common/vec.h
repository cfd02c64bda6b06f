/*
 * vec.h - golden vector files (docs/vectors.md): reader, writer, manifest.
 *
 * The reader parses and validates a whole file before returning, so a caller
 * never applies half a file; errors read "path:line:column: message" with a
 * 1-based column at the offending character or token. Values are
 * little-endian uint32_t word arrays (bit i = words[i/32] bit i%32), any
 * width up to VEC_MAX_WIDTH. The writer emits the canonical form (lower-case
 * hex without leading zeros, single spaces), so read + write is the identity
 * on generated files.
 */
#ifndef REF_VEC_H
#define REF_VEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VEC_FORMAT_VERSION 1
#define VEC_MAX_WIDTH 4096u /* bits, as HARNESS_MAX_PORT_WIDTH */
#define VEC_ERR_MAX 512     /* a good size for error buffers */

typedef enum { VEC_IN = 0, VEC_OUT = 1 } vec_dir_t;

typedef struct {
  char *name;
  unsigned width;
  unsigned offset;    /* first word of this field in a record's word array */
  unsigned line, col; /* where declared (0 when built in memory) */
} vec_field_t;

typedef struct {
  char *name;
  char *value; /* verbatim, e.g. 32'h04C11DB7 */
} vec_param_t;

typedef struct {
  char *path; /* for messages; NULL when built in memory */
  char *block, *case_name, *top, *generator;
  unsigned gen_version;
  uint64_t seed;
  unsigned reset; /* cycles of rst_n low before the first record */
  vec_param_t *params;
  unsigned nparams;
  vec_field_t *fields[2]; /* [VEC_IN], [VEC_OUT], in declaration order */
  unsigned nfields[2];
  unsigned words[2]; /* words per record of all fields of a direction */
  size_t nrec, cap;
  uint32_t *val[2];   /* record r, field f: val[d] + r * words[d] + fields[d][f].offset */
  uint32_t *care;     /* like val[VEC_OUT]; bit set = checked, field all zero = 'x' */
  unsigned *rec_line; /* source line of each record (0 when built in memory) */
} vec_file_t;

/* ---- building and accessing (all return -1 on error, e.g. no memory) ---- */
void vec_init(vec_file_t *v);
void vec_free(vec_file_t *v);
int vec_set_header(vec_file_t *v, const char *block, const char *case_name, const char *top,
                   uint64_t seed, const char *generator, unsigned gen_version, unsigned reset);
int vec_add_param(vec_file_t *v, const char *name, const char *value);
/* Returns the field index; fields must be added before the first record. */
int vec_add_field(vec_file_t *v, vec_dir_t d, const char *name, unsigned width);
int vec_field_index(const vec_file_t *v, vec_dir_t d, const char *name); /* -1 if absent */
/* Appends a record: inputs and outputs 0, every output checked. Returns its index. */
long vec_append(vec_file_t *v);
/* Sets a value; -1 (and nothing changed) if it does not fit the field. */
int vec_set(vec_file_t *v, size_t rec, vec_dir_t d, unsigned field, const uint32_t *words);
int vec_set_u64(vec_file_t *v, size_t rec, vec_dir_t d, unsigned field, uint64_t value);
void vec_set_x(vec_file_t *v, size_t rec, unsigned out_field); /* don't care */
const uint32_t *vec_value(const vec_file_t *v, size_t rec, vec_dir_t d, unsigned field);
const uint32_t *vec_care(const vec_file_t *v, size_t rec, unsigned out_field);
int vec_is_x(const vec_file_t *v, size_t rec, unsigned out_field);

/* ---- reading ---- */
/* Parses text (len bytes) as the file path (used in messages and to check
 * %case against the file name). On success fills *out (vec_free it later);
 * on error leaves *out untouched and writes the message into err. */
int vec_parse(const char *path, const char *text, size_t len, vec_file_t *out, char *err,
              size_t errsz);
int vec_read(const char *path, vec_file_t *out, char *err, size_t errsz);
/* Whole file into a malloc'ed buffer (free it); used for hashing. */
int vec_read_bytes(const char *path, char **data, size_t *len, char *err, size_t errsz);

/* Port lookup for vec_check_ports: returns 1 and fills width/is_input if the
 * top has a port of that name, else 0. */
typedef int (*vec_port_fn)(void *ctx, const char *name, unsigned *width, int *is_input);
/* Every field must be a port of the top with the same width and direction;
 * errors point at the field's declaration. */
int vec_check_ports(const vec_file_t *v, vec_port_fn lookup, void *ctx, char *err, size_t errsz);

/* ---- writing ---- */
typedef struct {
  char *p; /* NUL-terminated */
  size_t len, cap;
} vec_buf_t;

void vec_buf_free(vec_buf_t *b);
int vec_buf_printf(vec_buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends the canonical text of v to b. */
int vec_format(const vec_file_t *v, vec_buf_t *b, char *err, size_t errsz);
/* Writes len bytes to path (binary, replacing it). */
int vec_save(const char *path, const void *data, size_t len, char *err, size_t errsz);
int vec_write(const char *path, const vec_file_t *v, char *err, size_t errsz);

/* ---- manifest ---- */
uint64_t vec_fnv1a64(const void *data, size_t len);

typedef struct {
  char *path; /* <block>/<case>.vec */
  size_t bytes;
  uint64_t hash; /* FNV-1a 64 of the contents */
} vec_manifest_entry_t;

/* Sorts e by path (strcmp) and appends the manifest text to b. */
int vec_manifest_format(vec_buf_t *b, const char *generator, unsigned gen_version, uint64_t seed,
                        vec_manifest_entry_t *e, size_t n);
int vec_manifest_write(const char *path, const char *generator, unsigned gen_version, uint64_t seed,
                       vec_manifest_entry_t *e, size_t n, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
