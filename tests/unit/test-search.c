/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-search.c: unit tests of grab's line loop (search.c) with a fake
   engine and a recording sink: selection, -v, -m, context and separators,
   line numbers, and above all that cutting the input into chunks anywhere
   (as mmap windows and reads do) never changes what the sink sees.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/search.h"

static int failures;

#define CHECK(cond, ...)                                    \
  do {                                                      \
    if (!(cond))                                            \
      {                                                     \
        fprintf (stderr, "%s:%d: ", __FILE__, __LINE__);    \
        fprintf (stderr, __VA_ARGS__);                      \
        fputc ('\n', stderr);                               \
        failures++;                                         \
      }                                                     \
  } while (0)

/* The fake engine: a match is any 'X' (one byte), or the empty string at
   the start of a line that begins with '^' (to test empty matches).  */
static int
fake_find (void const *re, void *scratch, char const *buf, idx_t len,
           idx_t start, struct span *m)
{
  (void) re;
  (void) scratch;
  for (idx_t i = start; i < len; i++)
    {
      if (buf[i] == 'X')
        {
          *m = (struct span) { i, i + 1 };
          return 1;
        }
      if (buf[i] == '^' && (i == 0 || buf[i - 1] == '\n'))
        {
          *m = (struct span) { i, i };
          return 1;
        }
    }
  return 0;
}

static char const *
fake_error (void const *scratch, int *code)
{
  (void) scratch;
  *code = 0;
  return "%s: fake";
}

static struct engine_ops const fake = {
  .name = "fake", .find = fake_find, .error = fake_error,
};

/* The sink writes "S<lineno>@<offset>,<match_offset>:<text>" for selected
   lines, "C..." for context lines and "--" for separators.  */
struct rec
{
  char buf[1 << 16];
  size_t len;
  int stop_after;   /* stop the file after this many selected lines */
  int selected;
};

static void
rec_line (struct rec *r, char kind, struct line const *l)
{
  r->len += snprintf (r->buf + r->len, sizeof r->buf - r->len,
                      "%c%jd@%jd,%jd:", kind, l->lineno,
                      (intmax_t) l->offset, (intmax_t) l->match_offset);
  memcpy (r->buf + r->len, l->beg, l->end - l->beg);
  r->len += l->end - l->beg;
  r->buf[r->len++] = '|';
  r->buf[r->len] = '\0';
}

static bool
rec_selected (void *ctx, struct line const *l)
{
  struct rec *r = ctx;
  rec_line (r, 'S', l);
  return ++r->selected != r->stop_after;
}

static void
rec_context (void *ctx, struct line const *l)
{
  rec_line (ctx, 'C', l);
}

static void
rec_separator (void *ctx)
{
  struct rec *r = ctx;
  r->len += snprintf (r->buf + r->len, sizeof r->buf - r->len, "--|");
}

static struct sink_ops const rec_sink = {
  rec_selected, rec_context, rec_separator
};

/* Search TEXT cut into chunks: a new chunk starts at each offset in CUTS
   (ascending, 0-terminated), the way input.c would deliver it (each chunk
   holds the file from the caller's KEEP on, up to the cut).  Return the
   record.  */
static struct rec *
run (struct search_opts const *o, char const *text, idx_t const *cuts,
     int stop_after)
{
  static struct rec r;
  memset (&r, 0, sizeof r);
  r.stop_after = stop_after;
  struct search s;
  search_begin (&s, o, &fake, NULL, NULL, &rec_sink, &r);
  idx_t len = strlen (text);
  off_t keep = 0, need = 0;
  idx_t k = 0;
  for (;;)
    {
      /* The chunk ends at the next cut past NEED that leaves a full line
         after NEED, like input_next; or at the end.  */
      idx_t end = len;
      for (; cuts[k]; k++)
        if (need < cuts[k])
          {
            char const *nl = memchr (text + need, o->eol, cuts[k] - need);
            if (nl)
              {
                end = cuts[k];
                break;
              }
          }
      if (len <= need)
        break;
      bool eof = end == len;
      off_t k2;
      need = search_chunk (&s, text + keep, end - keep, keep, keep, need,
                           eof, &k2);
      CHECK (k2 <= need, "keep %jd past need %jd", (intmax_t) k2,
             (intmax_t) need);
      keep = k2;
      if ((s.done && s.pending <= 0) || eof)
        break;
    }
  return &r;
}

static void
expect (struct search_opts const *o, char const *text, char const *want,
        int stop_after)
{
  static idx_t const none[] = { 0 };
  struct rec *r = run (o, text, none, stop_after);
  CHECK (strcmp (r->buf, want) == 0, "got  %s\nwant %s", r->buf, want);
}

/* Chunking never changes the result: try every single cut and many
   pairs of cuts.  */
static void
chunk_invariance (struct search_opts const *o, char const *text)
{
  static idx_t const none[] = { 0 };
  char whole[sizeof ((struct rec *) 0)->buf];
  strcpy (whole, run (o, text, none, 0)->buf);
  idx_t len = strlen (text);
  for (idx_t a = 1; a < len; a++)
    for (idx_t b = a; b < len; b += 3)
      {
        idx_t cuts[3] = { a, b == a ? 0 : b, 0 };
        struct rec *r = run (o, text, cuts, 0);
        CHECK (strcmp (r->buf, whole) == 0,
               "cuts %td,%td: got %s\nwhole %s", a, b, r->buf, whole);
      }
}

static void
test_count_eol (void)
{
  char buf[300];
  for (int i = 0; i < 300; i++)
    buf[i] = i % 7 == 0 || i % 13 == 0 ? '\n' : (char) i;
  for (int start = 0; start < 20; start++)
    for (int n = 0; n + start <= 300; n += 7)
      {
        idx_t want = 0;
        for (int i = start; i < start + n; i++)
          want += buf[i] == '\n';
        CHECK (search_count_eol (buf + start, n, '\n') == want,
               "count_eol %d %d", start, n);
      }
}

int
main (void)
{
  struct search_opts o = { .eol = '\n', .max_count = INTMAX_MAX };
  char const *text = "a\nbX\nc\nd\neX\nXf\ng\nh\ni\nXj\nk";

  expect (&o, text, "S0@2,3:bX\n|S0@9,10:eX\n|S0@12,12:Xf\n|S0@21,21:Xj\n|",
          0);

  o.number = true;
  expect (&o, text, "S2@2,3:bX\n|S5@9,10:eX\n|S6@12,12:Xf\n|S10@21,21:Xj\n|",
          0);

  /* -v: the other lines, offsets of the lines themselves.  */
  o.invert = true;
  expect (&o, "a\nbX\nc", "S1@0,0:a\n|S3@5,5:c|", 0);
  o.invert = false;

  /* -m 2.  */
  o.max_count = 2;
  expect (&o, text, "S2@2,3:bX\n|S5@9,10:eX\n|", 0);
  o.max_count = INTMAX_MAX;

  /* Context: -B1 -A1, separators only between groups that do not
     touch (c, trailing context, and d, leading context, touch); the first
     group gets one too (the printer decides whether it is shown).  */
  o.context = true;
  o.before = o.after = 1;
  expect (&o, text,
          "--|C1@0,0:a\n|S2@2,3:bX\n|C3@5,5:c\n|C4@7,7:d\n|S5@9,10:eX\n|"
          "S6@12,12:Xf\n|C7@15,15:g\n|--|C9@19,19:i\n|S10@21,21:Xj\n|"
          "C11@24,24:k|", 0);

  /* -m 1 -A 2: trailing context is still printed after the last match,
     even a line that would match.  */
  o.max_count = 1;
  o.before = 0;
  o.after = 2;
  expect (&o, "bX\nXc\nd\ne\n", "--|S1@0,1:bX\n|C2@3,3:Xc\n|C3@6,6:d\n|", 0);
  o.max_count = INTMAX_MAX;

  /* The sink can stop the file (as -l does).  */
  o.context = false;
  o.before = o.after = 0;
  expect (&o, text, "S2@2,3:bX\n|", 1);

  /* An empty match selects its line.  */
  expect (&o, "a\n^b\nc\n", "S2@2,2:^b\n|", 0);

  /* A last line without a newline.  */
  expect (&o, "a\nbX", "S2@2,3:bX|", 0);

  /* Chunking does not matter, for every option combination.  */
  for (int inv = 0; inv < 2; inv++)
    for (int b = 0; b < 3; b++)
      for (int a = 0; a < 3; a++)
        for (int m = 1; m < 5; m += 3)
          {
            o = (struct search_opts) {
              .eol = '\n', .invert = inv, .number = true, .context = a || b,
              .before = b, .after = a, .max_count = m == 4 ? INTMAX_MAX : m,
            };
            chunk_invariance (&o, text);
            chunk_invariance (&o, "X\n\n^\nX\nb\n\n\nc\nX");
          }

  /* -z: records end in NUL bytes.  */
  o = (struct search_opts) { .eol = '\0', .max_count = INTMAX_MAX };
  static idx_t const none[] = { 0 };
  struct search s;
  static struct rec r;
  search_begin (&s, &o, &fake, NULL, NULL, &rec_sink, &r);
  char const z[] = "a\nX\0b\0cX";
  off_t keep;
  search_chunk (&s, z, sizeof z - 1, 0, 0, 0, true, &keep);
  CHECK (r.len == 22 && memcmp (r.buf, "S0@0,2:a\nX\0|S0@6,7:cX|", 22) == 0,
         "-z: %s", r.buf);
  (void) none;

  test_count_eol ();
  return failures != 0;
}
