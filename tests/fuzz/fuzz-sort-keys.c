/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fuzz-sort-keys.c: sort's key extraction and abbreviated keys against
   its full comparison.

   The options come from a command line built from the fuzz data and
   parsed by cmdline.c, and the locale tables from sort.c's own
   init_locale_tables (sort.c is included, not linked, to reach it), in
   the C or the C.UTF-8 locale; -R hashes with a fixed seed.  For 2 to 4
   lines made of interesting tokens it checks:
   - compare_key_beg and compare_key_lim against GNU sort's field rules
     written out as a list of fields (below, ref_field);
   - each comparison level (a -k key, then the whole lines unless -s or
     -u) compared alone is the comparison of the key's bytes, cut out
     as those rules say, as whole lines; and the abbreviation of a key
     is that of its bytes;
   - compare_lines is antisymmetric, transitive over each triple, and is
     the first non-zero level comparison;
   - compare_level_equal says whether a level compares equal;
   - where the abbreviation words of two lines at a level differ, they
     order the lines as that level's comparison does; where they are the
     same and compare_level_exact says so, the level compares equal; and
     compare_lines_tied_at (compare_lines_tied at level 0) with the
     shared words gives compare_lines's answer for lines equal before
     the level;
   - compare_abbrev is compare_abbrev_at level 0.

   Input: byte 0 says the locale (bit 0), -s, -u, -r, -b, -f (bits 1 to
   5) and the number of -k keys (bits 6-7); byte 1 the global ordering
   (see ordering below), byte 2 the -t separator; then 3 bytes per key
   (positions and letters); the rest makes the lines, each byte a token
   of TOKENS.

   Sources: src/applets/sort/cmdline src/applets/sort/compare
   Sources: src/applets/sort/numcmp src/applets/sort/vercmp
   Sources: src/applets/sort/randkey src/applets/sort/check
   Sources: src/applets/sort/chunk src/applets/sort/debug
   Sources: src/applets/sort/lines src/applets/sort/merge
   Sources: src/applets/sort/msort src/applets/sort/output
   Sources: src/applets/sort/tempfile src/io/outbuf
*/

/* sort_main and the static init_locale_tables and sort_opts_free.  */
#include "applets/sort/sort.c"

#include "fuzz-escape.h"

#include <stdio.h>

#include "compare.h"

int LLVMFuzzerTestOneInput (uint8_t const *data, size_t size);

enum { MAX_LINES = 4, MAX_LINE = 256, MAX_KEYS = 3, MAX_LEVELS = 4 };

/* Line pieces.  NEXT ends a line, DUP starts one as a copy of the line
   before, RAW takes the next byte as it is.  */
static char const *const tokens[] = {
  "NEXT", "DUP", "RAW", "NEXT", "DUP", "RAW",
  " ", "  ", "\t", "\v", "\f", "\r", "\n", "\0",
  "0", "1", "2", "9", "00", "10", "-", "+", ".", ",", ":", "e", "E", "x",
  "p", "-0", "+1", "-1", "1.5", ".5", "-.5", "0.0", "1,000", "1,2,3",
  "123456789012345678901234567890", "0.000000000000000000000001",
  "99999999999999999999", "18446744073709551616", "1e3", "1E-3",
  "-1e+10", "1e999", "-1e999", "1e-999", "4e-4950", "0x1p3", "0x10",
  "0X1P-2", "nan", "-nan", "NaN", "nan(1)", "nan(0x7)", "inf", "-inf",
  "Infinity", "1K", "1k", "2M", "3G", "4T", "5P", "6E", "7Z", "8Y", "9R",
  "1Q", "-2K", "1.5M", "K", "M", "JAN", "jan", "Feb", " mar", "DECEMBER",
  "dec", "May", "maY", "ju", "jun", "1.2.10", "1.2.9", "1.02", ".e1",
  ".a", "a-1.0", "1.0~rc1", "file.tar.gz", "~", "~~", "v2", "a", "b",
  "A", "Z", "z", "_", "ab", "abc", "x1", "\x7f", "\x80", "\xc3\xa9",
  "\xc3", "\xff", "\xe2\x82\xac", "\x01", "\xa0",
};
enum { NTOKENS = sizeof tokens / sizeof *tokens };

/* -t arguments; NULL for none.  */
static char const *const tabs[] = {
  NULL, NULL, NULL, ":", ",", " ", "\t", "\\0", ".", "1", "a", "-",
  "\xff",
};

/* Append to P the ordering letters that the byte B says: bits 0-2 a
   kind (none, n, g, h, M, none, or the set of V, R, d and i that bits
   3-6 say).  Return the end.  */
static char *
ordering (char *p, unsigned char b)
{
  static char const kinds[] = "\0nghM";
  int kind = b & 7;
  if (kind < 5)
    {
      if (kinds[kind])
        *p++ = kinds[kind];
    }
  else if (kind != 5)
    for (int i = 0; i < 4; i++)
      if (b & (8 << i))
        *p++ = "VRdi"[i];
  return p;
}

static int
sign (int x)
{
  return (0 < x) - (x < 0);
}

/* ---- Oracle of key positions: GNU sort's begfield and limfield in
   terms of fields. ---- */

/* Store in *START and *END the bounds of field I (zero-origin) of the
   LEN bytes at TEXT: with -t, the bytes between two separators (END is
   the separator or the line's end); without, a run of blanks and the
   non-blanks after it (END is the end of the non-blanks).  A line with
   fewer fields has both at its end.  */
static void
ref_field (struct sort_opts const *o, char const *text, idx_t len,
           size_t i, idx_t *start, idx_t *end)
{
  idx_t s = 0;
  for (size_t f = 0; ; f++)
    {
      idx_t e = s;
      if (o->tab != TAB_DEFAULT)
        while (e < len && text[e] != (char) o->tab)
          e++;
      else
        {
          while (e < len && o->blanks[to_uchar (text[e])])
            e++;
          while (e < len && !o->blanks[to_uchar (text[e])])
            e++;
        }
      if (f == i)
        {
          *start = s;
          *end = e;
          return;
        }
      if (e == len)
        {
          *start = *end = len;
          return;
        }
      s = o->tab != TAB_DEFAULT ? e + 1 : e;
    }
}

static idx_t
skip_blanks (struct sort_opts const *o, char const *text, idx_t p,
             idx_t lim)
{
  while (p < lim && o->blanks[to_uchar (text[p])])
    p++;
  return p;
}

/* Where key K starts: at field SWORD (after its blanks, with b), then
   SCHAR bytes on, but not past the line's end.  */
static idx_t
ref_beg (struct sort_opts const *o, struct sort_key const *k,
         char const *text, idx_t len)
{
  idx_t s, e;
  ref_field (o, text, len, k->sword, &s, &e);
  if (k->skipsblanks)
    s = skip_blanks (o, text, s, len);
  return (size_t) (len - s) < k->schar ? len : s + (idx_t) k->schar;
}

/* Where key K ends: with ECHAR 0, where field EWORD ends; else ECHAR
   bytes after the start of field EWORD (after its blanks, with b), but
   not past the line's end.  */
static idx_t
ref_lim (struct sort_opts const *o, struct sort_key const *k,
         char const *text, idx_t len)
{
  idx_t s, e;
  ref_field (o, text, len, k->eword, &s, &e);
  if (k->echar == 0)
    return e;
  if (k->skipeblanks)
    s = skip_blanks (o, text, s, len);
  return (size_t) (len - s) < k->echar ? len : s + (idx_t) k->echar;
}

/* The bounds of key K in L, as GNU sort's keycompare takes them: the
   whole line when no position is given, blanks skipped up to the end
   when the start has b, an end before the start making an empty key.  */
static void
ref_key (struct sort_opts const *o, struct sort_key const *k,
         struct line const *l, idx_t *beg, idx_t *lim)
{
  idx_t e = k->eword == SIZE_MAX ? l->len : ref_lim (o, k, l->text, l->len);
  idx_t b = (k->sword != SIZE_MAX ? ref_beg (o, k, l->text, l->len)
             : k->skipsblanks ? skip_blanks (o, l->text, 0, e) : 0);
  *beg = b;
  *lim = MAX (b, e);
}

/* ---- The harness. ---- */

struct run
{
  char const *argv[4 + 2 * MAX_KEYS + 8];
  int argc;
  char const *locale;
  struct line lines[MAX_LINES];
  int nlines;
};

static void
print_line (char const *what, struct line const *l)
{
  fprintf (stderr, "  %s (%td bytes): ", what, l->len);
  fuzz_escape (l->text, l->len);
}

static _Noreturn void
mismatch (struct run const *r, struct line const *a, struct line const *b,
          char const *fmt, long x, long y, long z)
{
  fputs ("MISMATCH: ", stderr);
  fprintf (stderr, fmt, x, y, z);
  fprintf (stderr, "\n  LC_ALL=%s", r->locale);
  for (int i = 0; i < r->argc; i++)
    fprintf (stderr, " '%s'", r->argv[i]);
  fputc ('\n', stderr);
  if (a)
    print_line ("a", a);
  if (b)
    print_line ("b", b);
  abort ();
}

/* A copy of the N bytes at P as a line (NUL after it).  */
static struct line
make_line (char const *p, idx_t n)
{
  char *t = malloc (n + 1);
  if (!t)
    abort ();
  if (n)
    memcpy (t, p, n);
  t[n] = '\0';
  return (struct line) { t, n, 0 };
}

/* Build R's lines from the N bytes at P.  */
static void
make_lines (struct run *r, uint8_t const *p, size_t n)
{
  char buf[MAX_LINE + 64];
  idx_t len = 0;
  r->nlines = 0;
  for (size_t i = 0; i <= n && r->nlines < MAX_LINES; i++)
    {
      char const *tok = i < n ? tokens[p[i] % NTOKENS] : "NEXT";
      if (streq (tok, "NEXT"))
        {
          r->lines[r->nlines++] = make_line (buf, len);
          len = 0;
        }
      else if (streq (tok, "DUP"))
        {
          if (len == 0 && r->nlines)
            {
              struct line const *prev = &r->lines[r->nlines - 1];
              memcpy (buf, prev->text, prev->len);
              len = prev->len;
            }
        }
      else if (len < MAX_LINE)
        {
          if (streq (tok, "RAW"))
            buf[len++] = i + 1 < n ? p[++i] : 0;
          else
            {
              /* The NUL token is the only empty string.  */
              idx_t tlen = *tok ? (idx_t) strlen (tok) : 1;
              memcpy (buf + len, tok, tlen);
              len += tlen;
            }
        }
    }
  while (r->nlines < 2)
    r->lines[r->nlines++] = make_line ("", 0);
}

/* The options that compare level LEVEL of O alone: key LEVEL (as a
   key of the whole line if WHOLE, in *KEY), or the last resort.  */
static struct sort_opts *
level_opts (struct sort_opts const *o, idx_t level, bool whole,
            struct sort_key *key)
{
  struct sort_opts *lo = xmalloc (sizeof *lo);
  *lo = *o;
  lo->months_allocated = false;
  lo->random = o->random;
  if (level < o->nkeys)
    {
      *key = o->keys[level];
      if (whole)
        {
          key->sword = key->eword = SIZE_MAX;
          key->schar = key->echar = 0;
          key->skipsblanks = key->skipeblanks = false;
        }
      lo->keys = key;
      lo->nkeys = 1;
      lo->stable = true;
      lo->unique = false;
    }
  else
    lo->nkeys = 0;
  return lo;
}

/* The abbreviation of L at LEVEL of O: words W[0] and W[1].  */
static void
abbrev (struct sort_opts const *o, struct line *l, idx_t level,
        uint64_t w[2])
{
  w[0] = compare_abbrev_at (o, l, level);
  w[1] = l->k1;
}

static int
words_cmp (uint64_t const a[2], uint64_t const b[2])
{
  return (a[0] != b[0] ? (a[0] < b[0] ? -1 : 1)
          : a[1] != b[1] ? (a[1] < b[1] ? -1 : 1) : 0);
}

/* Check the key positions of every key in every line.  */
static void
check_positions (struct run const *r, struct sort_opts const *o)
{
  for (idx_t k = 0; k < o->nkeys; k++)
    for (int i = 0; i < r->nlines; i++)
      {
        struct sort_key const *key = &o->keys[k];
        struct line const *l = &r->lines[i];
        if (key->sword != SIZE_MAX)
          {
            idx_t got = compare_key_beg (o, key, l->text, l->len) - l->text;
            idx_t want = ref_beg (o, key, l->text, l->len);
            if (got != want)
              mismatch (r, l, NULL, "key %ld starts at %ld, not %ld",
                        k, got, want);
          }
        if (key->eword != SIZE_MAX)
          {
            idx_t got = compare_key_lim (o, key, l->text, l->len) - l->text;
            idx_t want = ref_lim (o, key, l->text, l->len);
            if (got != want)
              mismatch (r, l, NULL, "key %ld ends at %ld, not %ld",
                        k, got, want);
          }
      }
}

/* Check the pair A, B at each of the NLEVELS levels of O, LO being the
   options of each level alone and WO those of its key as a whole line.
   Return the sign of compare_lines (A, B).  */
static int
check_pair (struct run const *r, struct sort_opts const *o,
            struct sort_opts *const *lo, struct sort_opts *const *wo,
            idx_t nlevels, struct line *a, struct line *b)
{
  int full = sign (compare_lines (o, a, b));
  if (full != -sign (compare_lines (o, b, a)))
    mismatch (r, a, b, "compare_lines (a, b) is %ld, (b, a) is %ld", full,
              sign (compare_lines (o, b, a)), 0);
  int first = 0;
  for (idx_t level = 0; level < nlevels; level++)
    {
      int cmp = sign (compare_lines (lo[level], a, b));
      if (cmp != -sign (compare_lines (lo[level], b, a)))
        mismatch (r, a, b, "level %ld is not antisymmetric", level, 0, 0);

      if (level < o->nkeys)
        {
          /* The key's bytes alone, as lines, compare the same and have
             the same abbreviation.  */
          idx_t ab, al, bb, bl;
          ref_key (o, &o->keys[level], a, &ab, &al);
          ref_key (o, &o->keys[level], b, &bb, &bl);
          struct line ka = make_line (a->text + ab, al - ab);
          struct line kb = make_line (b->text + bb, bl - bb);
          int kcmp = sign (compare_lines (wo[level], &ka, &kb));
          uint64_t wa[2], wka[2];
          abbrev (o, a, level, wa);
          abbrev (wo[level], &ka, 0, wka);
          if (kcmp != cmp)
            mismatch (r, a, b, "level %ld compares %ld, its keys %ld",
                      level, cmp, kcmp);
          if (words_cmp (wa, wka) != 0)
            mismatch (r, a, &ka, "level %ld: line a's abbreviation is not"
                      " that of its key (%ld-%ld)", level, ab, al);
          free (ka.text);
          free (kb.text);
          if (compare_level_equal (o, a, b, level) != (cmp == 0))
            mismatch (r, a, b, "level %ld compares %ld, equal says %ld",
                      level, cmp, compare_level_equal (o, a, b, level));
        }
      else if (compare_level_equal (o, a, b, level) && cmp != 0)
        mismatch (r, a, b, "last level compares %ld, equal says 1",
                  cmp, 0, 0);

      uint64_t wa[2], wb[2];
      abbrev (o, a, level, wa);
      abbrev (o, b, level, wb);
      int wcmp = words_cmp (wa, wb);
      if (wcmp != 0 && compare_level_abbreviates (o, level)
          && wcmp != cmp)
        mismatch (r, a, b, "level %ld: abbreviations order %ld, the"
                  " comparison %ld", level, wcmp, cmp);
      if (wcmp == 0)
        {
          if (compare_level_exact (o, level, wa[0], wa[1]) && cmp != 0)
            mismatch (r, a, b, "level %ld: exact abbreviations, but the"
                      " comparison is %ld", level, cmp, 0);
          if (first == 0)
            {
              int tied = sign (compare_lines_tied_at (o, a, b, level,
                                                      wa[0], wa[1]));
              if (tied != full)
                mismatch (r, a, b, "level %ld: tied compare %ld, full %ld",
                          level, tied, full);
              if (level == 0
                  && sign (compare_lines_tied (o, a, b, wa[0])) != full)
                mismatch (r, a, b, "compare_lines_tied is not %ld", full,
                          0, 0);
            }
        }
      if (first == 0)
        first = cmp;
    }
  if (full != first)
    mismatch (r, a, b, "compare_lines is %ld, the first level to differ"
              " %ld", full, first, 0);
  return full;
}

int
LLVMFuzzerTestOneInput (uint8_t const *data, size_t size)
{
  if (size < 3)
    return 0;
  struct run r;
  r.locale = data[0] & 1 ? "C.UTF-8" : "C";
  if (!setlocale (LC_ALL, r.locale))
    abort ();

  /* The command line.  */
  char optbuf[16];
  char keybuf[MAX_KEYS][64];
  char *p = optbuf;
  r.argc = 0;
  r.argv[r.argc++] = "sort";
  *p++ = '-';
  for (int i = 1; i < 6; i++)
    if (data[0] & (1 << i))
      *p++ = "?surbf"[i];
  p = ordering (p, data[1]);
  *p = '\0';
  if (p != optbuf + 1)
    r.argv[r.argc++] = optbuf;
  char const *tab = tabs[data[2] % (sizeof tabs / sizeof *tabs)];
  if (tab)
    {
      r.argv[r.argc++] = "-t";
      r.argv[r.argc++] = tab;
    }
  int nkeys = data[0] >> 6;
  size_t pos = 3;
  for (int k = 0; k < nkeys && pos + 3 <= size; k++, pos += 3)
    {
      unsigned char k0 = data[pos], k1 = data[pos + 1], k2 = data[pos + 2];
      char *q = keybuf[k];
      q += sprintf (q, "%d", 1 + (k0 & 3));
      if (k0 & 0x0c)
        q += sprintf (q, ".%d", (k0 >> 2) & 3);
      if (k1 & 8)
        *q++ = 'b';
      if (! (k2 & 0x80))
        {
          q = ordering (q, k2);
          if (k1 & 0x20)
            *q++ = 'r';
          if (k1 & 0x40)
            *q++ = 'f';
        }
      if (k0 & 0x10)
        {
          q += sprintf (q, ",%d", 1 + ((k0 >> 5) & 3));
          int echar = k1 & 7;
          if (echar == 4)
            q += sprintf (q, ".0");
          else if (echar && echar < 4)
            q += sprintf (q, ".%d", echar);
          if (k1 & 0x10)
            *q++ = 'b';
          if (k2 & 0x80)
            {
              q = ordering (q, k2);
              if (k1 & 0x20)
                *q++ = 'r';
              if (k1 & 0x40)
                *q++ = 'f';
            }
        }
      *q = '\0';
      r.argv[r.argc++] = "-k";
      r.argv[r.argc++] = keybuf[k];
    }
  r.argv[r.argc] = NULL;
  make_lines (&r, data + pos, size - pos);

  /* The options, as sort_main makes them.  */
  struct cmdline c;
  bool need_random, gkey_only;
  optind = 0;
  cmdline_parse (&c, r.argc, (char **) r.argv, &need_random, &gkey_only);
  struct sort_opts *o = xzalloc (sizeof *o);
  init_locale_tables (o);
  o->keys = c.keys;
  o->nkeys = c.nkeys;
  o->tab = c.tab;
  o->eol = c.eol;
  o->stable = c.stable;
  o->unique = c.unique;
  o->debug = c.debug;
  o->reverse = c.gkey.reverse;
  static unsigned char const seed[16] = "fuzz-sort-keys!";
  if (need_random)
    o->random = randkey_xnew_seed (seed);

  /* The levels: the keys, then the last resort unless -s or -u.  */
  idx_t nlevels = o->nkeys + (o->nkeys == 0 || ! (o->unique || o->stable));
  if (MAX_LEVELS < nlevels)
    abort ();
  if (compare_level_abbreviates (o, nlevels))
    mismatch (&r, NULL, NULL, "level %ld (past the last) abbreviates",
              nlevels, 0, 0);
  struct sort_opts *lo[MAX_LEVELS], *wo[MAX_LEVELS];
  struct sort_key lkey[MAX_LEVELS], wkey[MAX_LEVELS];
  for (idx_t l = 0; l < nlevels; l++)
    {
      lo[l] = level_opts (o, l, false, &lkey[l]);
      wo[l] = level_opts (o, l, true, &wkey[l]);
    }

  check_positions (&r, o);
  for (int i = 0; i < r.nlines; i++)
    {
      struct line *l = &r.lines[i];
      uint64_t k0 = compare_abbrev (o, l);
      uint64_t k1 = l->k1;
      uint64_t w[2];
      abbrev (o, l, 0, w);
      if (k0 != w[0] || k1 != w[1])
        mismatch (&r, l, NULL, "compare_abbrev is not compare_abbrev_at 0",
                  0, 0, 0);
    }

  int cmp[MAX_LINES][MAX_LINES];
  for (int i = 0; i < r.nlines; i++)
    for (int j = i; j < r.nlines; j++)
      {
        cmp[i][j] = check_pair (&r, o, lo, wo, nlevels, &r.lines[i],
                                &r.lines[j]);
        cmp[j][i] = -cmp[i][j];
        if (i == j && cmp[i][j] != 0)
          mismatch (&r, &r.lines[i], NULL, "a line is not equal to itself",
                    0, 0, 0);
      }
  for (int i = 0; i < r.nlines; i++)
    for (int j = 0; j < r.nlines; j++)
      for (int k = 0; k < r.nlines; k++)
        if (cmp[i][j] <= 0 && cmp[j][k] <= 0
            && cmp[i][k] != (cmp[i][j] || cmp[j][k] ? -1 : 0))
          mismatch (&r, &r.lines[i], &r.lines[k], "not transitive through"
                    " line %ld: %ld then %ld", j, cmp[i][j], cmp[j][k]);

  for (idx_t l = 0; l < nlevels; l++)
    {
      free (lo[l]);
      free (wo[l]);
    }
  for (int i = 0; i < r.nlines; i++)
    free (r.lines[i].text);
  sort_opts_free (o);
  cmdline_free (&c);
  return 0;
}
