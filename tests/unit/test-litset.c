/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* test-litset.c: unit tests of grab's literal sets (litset.c, and its
   Teddy, teddy.c, unless built with TEDDY_NO_VECTORS) against a
   naive search: over many random sets of literals and random texts drawn
   from a small alphabet (so that literals occur, overlap and end at the
   very end of the text), litset_find must return the leftmost place where
   any literal starts, with and without case; and a caseless UTF-8 set
   finds 'k' and 's' spelled as U+212A and U+017F.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-ctype.h"

#include "engines/litset.h"

static int failures;

/* A small pseudo-random generator: the same sequence on every machine.  */
static unsigned long state = 12345;
static int
rnd (int n)
{
  state = state * 1103515245 + 12345;
  return (state >> 16) % n;
}

static bool
eq_at (char const *t, struct literal const *l, bool icase)
{
  for (idx_t j = 0; j < l->len; j++)
    if (icase ? c_tolower (t[j]) != c_tolower (l->bytes[j])
        : t[j] != l->bytes[j])
      return false;
  return true;
}

static char const *
naive (struct literal const *l, idx_t n, bool icase, char const *t,
       idx_t len)
{
  for (idx_t i = 0; i < len; i++)
    for (idx_t k = 0; k < n; k++)
      if (l[k].len <= len - i && eq_at (t + i, &l[k], icase))
        return t + i;
  return NULL;
}

static void
random_case (void)
{
  static char const alphabet[] = "abAB_\n\xe2";
  int nalpha = 3 + rnd (sizeof alphabet - 3);
  bool icase = rnd (2);
  /* Few literals, or many (from 64 on, shifts come from three bytes).  */
  idx_t n = 1 + rnd (rnd (2) ? 5 : rnd (2) ? 60 : 160);
  struct literal l[160];
  char bytes[160][12];
  for (idx_t k = 0; k < n; k++)
    {
      l[k].len = 4 + rnd (8);
      for (idx_t j = 0; j < l[k].len; j++)
        bytes[k][j] = alphabet[rnd (nalpha)];
      l[k].bytes = bytes[k];
      l[k].icase = icase && k == 0;
      l[k].rare = 0;
    }
  struct litset *s = litset_new (l, n, false);
  if (!s)
    {
      fprintf (stderr, "no set for %td literals of 4 bytes or more\n", n);
      failures++;
      return;
    }
  /* Up to 64, a CPU with AVX2 searches with Teddy, unless this is the
     test of the search without it (TEDDY_NO_VECTORS).  */
  bool packed = false;
#if defined __x86_64__ && defined __GNUC__ && !defined TEDDY_NO_VECTORS
  packed = n < 64 && __builtin_cpu_supports ("avx2");
#endif
  if (litset_packed (s) != packed)
    {
      fprintf (stderr, "%td literals: %s Teddy\n", n,
               packed ? "no" : "a");
      failures++;
    }
  /* Texts of 256 bytes or more are scanned as two halves at once: some
     are that long, and some have their only literal at their end.  */
  char text[1300];
  for (int round = 0; round < 20; round++)
    {
      idx_t len = rnd (8) ? rnd (300) : 256 + rnd (sizeof text - 256);
      for (idx_t i = 0; i < len; i++)
        text[i] = alphabet[rnd (nalpha)];
      /* Sometimes a literal, in some case, right at the end.  */
      idx_t k = rnd (n);
      if (rnd (3) == 0 && l[k].len <= len)
        for (idx_t j = 0; j < l[k].len; j++)
          {
            char c = l[k].bytes[j];
            text[len - l[k].len + j] = icase && rnd (2) ? c_toupper (c) : c;
          }
      char const *want = naive (l, n, icase, text, len);
      char const *got = litset_find (s, text, len);
      if (got != want)
        {
          fprintf (stderr, "litset_find: got %td, want %td (%td literals,"
                   " %s)\n", got ? got - text : -1, want ? want - text : -1,
                   n, icase ? "caseless" : "with case");
          failures++;
        }
    }
  litset_free (s);
}

int
main (void)
{
  for (int i = 0; i < 3000; i++)
    random_case ();

  /* Sets not worth it: a literal shorter than 4 bytes, or none.  */
  char abcd[] = "abcd";
  struct literal shortl[2] = { { abcd, 4, 0, false }, { abcd, 3, 0, false } };
  struct litset *s = litset_new (shortl, 2, false);
  if (s)
    {
      fprintf (stderr, "a set with a 3-byte literal\n");
      failures++;
      litset_free (s);
    }

  /* In a caseless UTF-8 set, 'k' and 's' may be U+212A and U+017F.  */
  char kf[] = "kfree_x", ms[] = "mask_y";
  struct literal wide[2] = { { kf, 7, 0, true }, { ms, 6, 0, true } };
  s = litset_new (wide, 2, true);
  static char const *const texts[] = {
    "a \xe2\x84\xaa" "FREE_X", "ma\xc5\xbfK_y", "MA\xc5\xbf\xe2\x84\xaa_Y",
    "Kfree_X",
  };
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
    if (!s || !litset_find (s, texts[i], strlen (texts[i])))
      {
        fprintf (stderr, "wide k and s: no match in '%s'\n", texts[i]);
        failures++;
      }
  if (s && litset_find (s, "ma\xc5\xbe" "k_y", 8))
    {
      fprintf (stderr, "wide k and s: a match of another character\n");
      failures++;
    }
  litset_free (s);

  return failures != 0;
}
