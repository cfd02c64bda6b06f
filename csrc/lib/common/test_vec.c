/* test_vec.c - vector file reader, writer and manifest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "unit.h"
#include "vec.h"

#define HDR_TOP                                                                                    \
  "%vec 1\n%block common\n%case t\n%top sync_fifo_w8_d4\n%seed 1\n%generator refgen 1\n"
#define HDR_FIELDS                                                                                 \
  "%reset 2\n%in in_valid:1 in_data:8 out_ready:1\n"                                               \
  "%out in_ready:1 out_valid:1 out_data:8 level:3\n%end\n"
#define HDR HDR_TOP HDR_FIELDS /* 10 lines: records start on line 11 */
#define PATH "vectors/common/t.vec"

static const char good[] = "%vec 1\n"
                           "%block common\n"
                           "%case t\n"
                           "%top sync_fifo_w8_d4\n"
                           "%seed 1\n"
                           "%generator refgen 1\n"
                           "%param WIDTH 8\n"
                           "%param DEPTH 4\n"
                           "%reset 2\n"
                           "%in in_valid:1 in_data:8 out_ready:1\n"
                           "%out in_ready:1 out_valid:1 out_data:8 level:3\n"
                           "%end\n"
                           "1 a5 0 | 1 0 x 0\n"
                           "1 5a 1 | 1 1 a5 1\n"
                           "0 0 1 | 1 1 5a 1\n";

/* Same content with comments, blank lines, CRLF, tabs, upper case and leading zeros. */
static const char lenient[] = "# a comment before %vec\r\n"
                              "%vec 1\r\n"
                              "%block common\n"
                              "%case t\n"
                              "%top sync_fifo_w8_d4\n"
                              "\n"
                              "%seed 1\n"
                              "%generator refgen 1\n"
                              "%param WIDTH 8\n"
                              "%param DEPTH 4\n"
                              "%reset 2\n"
                              "%in  in_valid:1\tin_data:8 out_ready:1\n"
                              "%out in_ready:1 out_valid:1 out_data:8 level:3\n"
                              "%end\n"
                              "  # an indented comment between records\n"
                              "1 A5 0 | 1 0 x 0\r\n"
                              "01\t5a  1 | 1 1 0a5 1\n"
                              "0 000 1 | 1 1 5A 001"; /* no final newline */

static int parse(const char *path, const char *text, vec_file_t *v, char *err) {
  return vec_parse(path, text, strlen(text), v, err, VEC_ERR_MAX);
}

static void t_good(ut_t *t) {
  vec_file_t v;
  char err[VEC_ERR_MAX];
  UT_CHECK(t, parse(PATH, good, &v, err) == 0, "%s", err);
  int ok = strcmp(v.block, "common") == 0 && strcmp(v.case_name, "t") == 0 &&
           strcmp(v.top, "sync_fifo_w8_d4") == 0 && v.seed == 1 &&
           strcmp(v.generator, "refgen") == 0 && v.gen_version == 1 && v.reset == 2 &&
           v.nparams == 2 && strcmp(v.params[1].name, "DEPTH") == 0 &&
           strcmp(v.params[1].value, "4") == 0;
  int shape = v.nfields[VEC_IN] == 3 && v.nfields[VEC_OUT] == 4 && v.nrec == 3 &&
              v.fields[VEC_OUT][2].width == 8 && v.fields[VEC_OUT][3].line == 11 &&
              v.fields[VEC_OUT][3].col == 40 && v.rec_line[2] == 15;
  int vals = vec_value(&v, 0, VEC_IN, 1)[0] == 0xa5 && vec_is_x(&v, 0, 2) && !vec_is_x(&v, 0, 3) &&
             vec_care(&v, 0, 3)[0] == 7 && vec_value(&v, 1, VEC_OUT, 2)[0] == 0xa5 &&
             vec_value(&v, 2, VEC_OUT, 3)[0] == 1;
  vec_free(&v);
  UT_CHECK(t, ok, "header fields");
  UT_CHECK(t, shape, "fields / records / positions");
  UT_CHECK(t, vals, "values / don't care");
}

static void t_round_trip(ut_t *t) {
  vec_file_t a, b;
  char err[VEC_ERR_MAX];
  vec_buf_t out1 = {0}, out2 = {0};
  UT_CHECK(t, parse(PATH, good, &a, err) == 0, "%s", err);
  UT_CHECK(t, parse(PATH, lenient, &b, err) == 0, "lenient: %s", err);
  int f1 = vec_format(&a, &out1, err, sizeof err), f2 = vec_format(&b, &out2, err, sizeof err);
  int same1 = f1 == 0 && strcmp(out1.p, good) == 0;
  int same2 = f2 == 0 && strcmp(out2.p, good) == 0;
  vec_free(&a);
  vec_free(&b);
  vec_buf_free(&out1);
  vec_buf_free(&out2);
  UT_CHECK(t, same1, "canonical file not reproduced byte for byte");
  UT_CHECK(t, same2, "lenient file does not format to the canonical one");
}

/* A file built in memory formats exactly as documented. */
static void t_writer(ut_t *t) {
  vec_file_t v;
  char err[VEC_ERR_MAX];
  vec_init(&v);
  UT_CHECK(t, vec_set_header(&v, "common", "w", "sync_fifo_w72_d5", 7, "refgen", 1, 2) == 0, "hdr");
  UT_CHECK(t, vec_add_param(&v, "WIDTH", "72") == 0, "param");
  int a = vec_add_field(&v, VEC_IN, "in_data", 72), b = vec_add_field(&v, VEC_OUT, "out_data", 72);
  int c = vec_add_field(&v, VEC_OUT, "level", 3);
  UT_CHECK(t, a == 0 && b == 0 && c == 1, "field indices");
  uint32_t big[3] = {0, 0, 0x80};
  long r0 = vec_append(&v), r1 = vec_append(&v);
  int set = vec_set(&v, 0, VEC_IN, 0, big) | vec_set(&v, 0, VEC_OUT, 0, big) |
            vec_set_u64(&v, 1, VEC_IN, 0, 0x0fu) | vec_set_u64(&v, 1, VEC_OUT, 1, 5);
  vec_set_x(&v, 1, 0);
  int too_wide = vec_set_u64(&v, 1, VEC_OUT, 1, 8);
  big[2] = 0x100;
  int too_wide72 = vec_set(&v, 1, VEC_OUT, 0, big);
  vec_buf_t out = {0};
  int rc = vec_format(&v, &out, err, sizeof err);
  static const char exp[] = "%vec 1\n%block common\n%case w\n%top sync_fifo_w72_d5\n%seed 7\n"
                            "%generator refgen 1\n%param WIDTH 72\n%reset 2\n%in in_data:72\n"
                            "%out out_data:72 level:3\n%end\n"
                            "800000000000000000 | 800000000000000000 0\n"
                            "f | x 5\n";
  int same = rc == 0 && strcmp(out.p, exp) == 0;
  vec_buf_free(&out);
  /* A partly don't-care field cannot be written. */
  ((uint32_t *)vec_care(&v, 0, 0))[1] = 0;
  int partial = vec_format(&v, &out, err, sizeof err);
  vec_buf_free(&out);
  vec_free(&v);
  UT_CHECK(t, r0 == 0 && r1 == 1 && set == 0, "append / set");
  UT_CHECK(t, too_wide && too_wide72, "a value wider than its field was accepted");
  UT_CHECK(t, same, "formatted text differs from the canonical form");
  UT_CHECK(t, partial != 0 && strstr(err, "partly don't-care"), "partial x written: %s", err);
}

/* A file must be valid as a whole: the expected "path:line:col: " prefix and
 * a fragment of the message for every class of error. */
static const struct {
  const char *what, *path, *text, *pos, *msg;
} bad[] = {
    {"empty file", PATH, "", "1:1", "empty file"},
    {"only comments", PATH, "# c\n", "2:1", "empty file"},
    {"first directive not %vec", PATH, "%block common\n", "1:1", "first directive must be %vec"},
    {"record before %vec", PATH, "1 2 | 3\n", "1:1", "expected %vec"},
    {"unsupported version", PATH, "%vec 2\n", "1:6", "unsupported format version 2"},
    {"unknown directive", PATH, HDR_TOP "%foo 1\n", "7:1", "unknown directive '%foo'"},
    {"duplicate directive", PATH, HDR_TOP "%top x\n", "7:1", "duplicate %top (first on line 4)"},
    {"missing directive", PATH,
     "%vec 1\n%block common\n%case t\n%seed 1\n%generator refgen 1\n" HDR_FIELDS, "9:1",
     "missing %top"},
    {"missing %end", PATH, HDR_TOP "%reset 2\n%in a:1\n%out b:1\n", "10:1", "missing %end"},
    {"missing %end, no newline", PATH, HDR_TOP "%reset 2\n%in a:1\n%out b:1", "9:9",
     "missing %end"},
    {"too many arguments", PATH, "%vec 1\n%seed 1 2\n", "2:9", "%seed takes 1 argument, got 2"},
    {"too few arguments", PATH, "%vec 1\n%generator refgen\n", "2:18", "takes 2 arguments"},
    {"bad seed", PATH, "%vec 1\n%seed 1a\n", "2:8", "bad character 'a' in seed"},
    {"seed too large", PATH, "%vec 1\n%seed 18446744073709551616\n", "2:7", "too large"},
    {"case != file name", "vectors/common/other.vec", HDR, "3:7", "does not match the file name"},
    {"duplicate param", PATH, "%vec 1\n%param A 1\n%param A 2\n", "3:8", "duplicate %param 'A'"},
    {"bad field declaration", PATH, "%vec 1\n%in a:1 in_data\n", "2:9", "bad field declaration"},
    {"field width 0", PATH, "%vec 1\n%in in_valid:0\n", "2:14", "field width must be 1..4096"},
    {"field width 4097", PATH, "%vec 1\n%in a:4097\n", "2:7", "field width must be 1..4096"},
    {"field width not decimal", PATH, "%vec 1\n%in a:8x\n", "2:8", "bad character 'x'"},
    {"bad field name", PATH, "%vec 1\n%in 9a:1\n", "2:5", "bad character '9' in field name"},
    {"duplicate field", PATH, "%vec 1\n%in a:1\n%out b:1 a:2\n", "3:10", "duplicate field 'a'"},
    {"reserved field", PATH, "%vec 1\n%in clk:1\n", "2:5", "driven by the harness"},
    {"empty %out", PATH, "%vec 1\n%out\n", "2:5", "%out needs at least one field"},
    {"record before %end", PATH, HDR_TOP "1 a5 0 | 1 0 x 0\n", "7:1", "expected a directive"},
    {"directive after %end", PATH, HDR "1 a5 0 | 1 0 x 0\n%reset 3\n", "12:1",
     "directive '%reset' after %end"},
    {"no records", PATH, HDR, "11:1", "file has no records"},
    {"no records, comments", PATH, HDR "# nothing\n\n", "13:1", "file has no records"},
    {"too few input values", PATH, HDR "1 a5 | 1 0 x 0\n", "11:6", "too few input values"},
    {"too many input values", PATH, HDR "1 a5 0 0 | 1 0 x 0\n", "11:8", "too many input values"},
    {"too few output values", PATH, HDR "1 a5 0 | 1 0 x\n", "11:15", "too few output values"},
    {"too many output values", PATH, HDR "1 a5 0 | 1 0 x 0 0\n", "11:18", "too many output values"},
    {"missing |", PATH, HDR "1 a5 0 1 0 x 0\n", "11:8", "missing '|'"},
    {"missing | at end of line", PATH, HDR "1 a5 0\n", "11:7", "missing '|'"},
    {"second |", PATH, HDR "1 a5 0 | 1 | x 0\n", "11:12", "unexpected second '|'"},
    {"non-hex digit in input", PATH, HDR "1 g5 0 | 1 0 x 0\n", "11:3",
     "non-hex digit 'g' in field 'in_data'"},
    {"non-hex digit in output", PATH, HDR "1 a5 0 | 1 0 x 0q\n", "11:17",
     "non-hex digit 'q' in field 'level'"},
    {"partial x", PATH, HDR "1 a5 0 | 1 0 1x 0\n", "11:15", "non-hex digit 'x'"},
    {"value wider than 1-bit field", PATH, HDR "2 a5 0 | 1 0 x 0\n", "11:1",
     "value wider than field 'in_valid' (1 bit)"},
    {"value wider than 8-bit field", PATH, HDR "1 1a5 0 | 1 0 x 0\n", "11:3",
     "value wider than field 'in_data'"},
    {"value wider than 3-bit field", PATH, HDR "1 a5 0 | 1 0 x 8\n", "11:16",
     "value wider than field 'level'"},
    {"x in input field", PATH, HDR "x a5 0 | 1 0 x 0\n", "11:1", "'x' in input field 'in_valid'"},
    {"error after good records", PATH, HDR "1 a5 0 | 1 0 x 0\n# c\n\n1 a5 0 | 1 0 x 0 | 1\n",
     "14:18", "too many output values"},
    {"CRLF does not move columns", PATH, HDR "1 a5 0 | 1 0 x 8\r\n", "11:16", "wider than field"},
};

static void t_errors(ut_t *t) {
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    vec_file_t v;
    char err[VEC_ERR_MAX], prefix[256];
    memset(&v, 0x5a, sizeof v);
    err[0] = '\0';
    int rc = parse(bad[i].path, bad[i].text, &v, err);
    snprintf(prefix, sizeof prefix, "%s:%s: ", bad[i].path, bad[i].pos);
    UT_CHECK(t, rc != 0, "%s: accepted", bad[i].what);
    UT_CHECK(t, strncmp(err, prefix, strlen(prefix)) == 0, "%s: got \"%s\", expected at %s",
             bad[i].what, err, prefix);
    UT_CHECK(t, strstr(err, bad[i].msg) != NULL, "%s: got \"%s\", expected \"%s\"", bad[i].what,
             err, bad[i].msg);
    UT_CHECK(t, v.nrec == (size_t)0x5a5a5a5a5a5a5a5au, "%s: output touched on error", bad[i].what);
  }
}

/* 4096-bit values: the widest field, with and without leading zeros. */
static void t_wide(ut_t *t) {
  size_t hdr = 200, nd = 1030;
  char *text = malloc(hdr + 2 * nd + 16), err[VEC_ERR_MAX];
  UT_CHECK(t, text != NULL, "malloc");
  int n = snprintf(text, hdr,
                   "%%vec 1\n%%block b\n%%case w\n%%top t\n%%seed 0\n"
                   "%%generator g 1\n%%reset 1\n%%in d:4096\n%%out q:1\n%%end\n");
  char *p = text + n;
  memcpy(p, "00", 2); /* leading zeros are read */
  memset(p + 2, 'f', 1024);
  strcpy(p + 1026, " | 1\n");
  vec_file_t v;
  int rc = parse("w.vec", text, &v, err);
  int ok = rc == 0 && vec_value(&v, 0, VEC_IN, 0)[127] == 0xffffffffu && v.words[VEC_IN] == 128;
  if (rc == 0)
    vec_free(&v);
  p[1] = '1'; /* 1 followed by 1024 digits: 4097 bits */
  int rc2 = parse("w.vec", text, &v, err);
  int msg2 = rc2 && strstr(err, "w.vec:11:1: value wider than field 'd' (4096 bits)");
  free(text);
  UT_CHECK(t, ok, "4096-bit all-ones value: %s", rc ? err : "wrong value");
  UT_CHECK(t, msg2, "4097-bit value: %s", rc2 ? err : "accepted");
}

static int port_lookup(void *ctx, const char *name, unsigned *width, int *is_input) {
  (void)ctx;
  static const struct {
    const char *n;
    unsigned w;
    int in;
  } ports[] = {{"in_valid", 1, 1},  {"in_data", 8, 1},  {"out_ready", 1, 1}, {"in_ready", 1, 0},
               {"out_valid", 1, 0}, {"out_data", 8, 0}, {"level", 3, 0}};
  for (size_t i = 0; i < sizeof ports / sizeof ports[0]; i++)
    if (strcmp(ports[i].n, name) == 0) {
      *width = ports[i].w;
      *is_input = ports[i].in;
      return 1;
    }
  return 0;
}

static void expect_port_error(ut_t *t, const char *fields, const char *exp) {
  char text[512], err[VEC_ERR_MAX];
  snprintf(text, sizeof text, "%s%%reset 2\n%s\n%%end\n1 | 1\n", HDR_TOP, fields);
  vec_file_t v;
  UT_CHECK(t, parse(PATH, text, &v, err) == 0, "%s", err);
  int rc = vec_check_ports(&v, port_lookup, NULL, err, sizeof err);
  vec_free(&v);
  UT_CHECK(t, rc != 0, "'%s' accepted", fields);
  UT_CHECK(t, strstr(err, exp) != NULL, "got \"%s\", expected \"%s\"", err, exp);
}

static void t_ports(ut_t *t) {
  vec_file_t v;
  char err[VEC_ERR_MAX];
  UT_CHECK(t, parse(PATH, good, &v, err) == 0, "%s", err);
  int rc = vec_check_ports(&v, port_lookup, NULL, err, sizeof err);
  vec_free(&v);
  UT_CHECK(t, rc == 0, "good file: %s", err);
  expect_port_error(t, "%in in_valid:1\n%out bogus:1",
                    PATH ":9:6: field 'bogus' is not a port of top 'sync_fifo_w8_d4'");
  expect_port_error(t, "%in in_valid:1\n%out level:4",
                    PATH ":9:6: field 'level' is 4 bits wide but the port has 3");
  expect_port_error(t, "%in level:1\n%out in_ready:1", PATH ":8:5: field 'level' is an output");
  expect_port_error(t, "%in in_valid:1\n%out in_data:8", PATH ":9:6: field 'in_data' is an input");
}

static void t_files(ut_t *t) {
  char path[512], err[VEC_ERR_MAX];
  const char *tmp = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/t.vec", tmp && *tmp ? tmp : "/tmp");
  vec_file_t a, b;
  UT_CHECK(t, parse(path, good, &a, err) == 0, "%s", err);
  int w = vec_write(path, &a, err, sizeof err);
  vec_free(&a);
  UT_CHECK(t, w == 0, "%s", err);
  int r = vec_read(path, &b, err, sizeof err);
  remove(path);
  UT_CHECK(t, r == 0, "%s", err);
  int ok = b.nrec == 3 && strcmp(b.path, path) == 0;
  vec_free(&b);
  UT_CHECK(t, ok, "file round trip");
  UT_CHECK(t, vec_read("/nonexistent/dir/x.vec", &b, err, sizeof err) != 0, "missing file read");
  UT_CHECK(t, strstr(err, "/nonexistent/dir/x.vec: cannot open") == err, "message: %s", err);
}

static void t_manifest(ut_t *t) {
  UT_EQ(t, vec_fnv1a64("", 0), 0xcbf29ce484222325u, "fnv1a64 of \"\"");
  UT_EQ(t, vec_fnv1a64("a", 1), 0xaf63dc4c8601ec8cu, "fnv1a64 of \"a\"");
  UT_EQ(t, vec_fnv1a64("foobar", 6), 0x85944171f73967e8u, "fnv1a64 of \"foobar\"");
  vec_manifest_entry_t e[3] = {{"common/b.vec", 10, 0x1u},
                               {"common/a.vec", 2000, 0xaf63dc4c8601ec8cu},
                               {"abc/z.vec", 1, 0xffffffffffffffffu}};
  vec_buf_t b = {0};
  int rc = vec_manifest_format(&b, "refgen", 1, 42, e, 3);
  static const char exp[] = "# golden vectors: <block>/<case>.vec <bytes> <fnv1a-64>\n"
                            "%generator refgen 1\n%seed 42\n"
                            "abc/z.vec 1 ffffffffffffffff\n"
                            "common/a.vec 2000 af63dc4c8601ec8c\n"
                            "common/b.vec 10 0000000000000001\n";
  int same = rc == 0 && strcmp(b.p, exp) == 0;
  vec_buf_free(&b);
  UT_CHECK(t, same, "manifest text");
}

UT_SUITE(vec) {
  ut_run(s, "vec_read_good", t_good);
  ut_run(s, "vec_round_trip_canonical", t_round_trip);
  ut_run(s, "vec_writer_canonical", t_writer);
  ut_run(s, "vec_malformed_line_column", t_errors);
  ut_run(s, "vec_wide_4096", t_wide);
  ut_run(s, "vec_check_ports", t_ports);
  ut_run(s, "vec_file_io", t_files);
  ut_run(s, "vec_manifest", t_manifest);
}
